//! Security tokens and link codes: random, single use, 15 minutes, stored
//! only as a SHA-256. A token lets the command line act as its player
//! (`redscience game NAME -i FILE TOKEN`); a link code joins a second chat
//! account to a player.

use chrono::TimeDelta;
use rand::RngExt;
use sea_orm::prelude::DateTimeUtc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set, TransactionTrait,
};
use sha2::{Digest, Sha256};

use crate::Storage;
use crate::accounts::{ChatId, Player, find_identity, insert_identity, player_by_id};
use crate::entities::{identities, security_tokens};
use crate::error::{Result, refuse};
use sea_orm::sea_query::Expr;

/// How long a token or link code works.
pub const TOKEN_LIFETIME: TimeDelta = TimeDelta::minutes(15);

/// Crockford's base 32: no I, L, O or U to misread.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// What a secret is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Acts as the player on the command line (imports); 24 characters.
    Token,
    /// Links another chat account to the player; 12 characters.
    Link,
}

impl Purpose {
    fn word(self) -> &'static str {
        match self {
            Purpose::Token => "token",
            Purpose::Link => "link",
        }
    }

    fn what(self) -> &'static str {
        match self {
            Purpose::Token => "security token",
            Purpose::Link => "link code",
        }
    }

    fn length(self) -> usize {
        match self {
            Purpose::Token => 24,
            Purpose::Link => 12,
        }
    }
}

/// The form a secret is hashed in: capitals, no spaces or dashes, and the
/// letters people mistake for digits read as those digits.
fn normalise(secret: &str) -> String {
    secret
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        })
        .collect()
}

fn hash(secret: &str) -> String {
    Sha256::digest(normalise(secret).as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn fresh_secret(length: usize) -> String {
    let mut rng = rand::rng();
    (0..length)
        .map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())]))
        .collect()
}

/// Checks a secret and, when `consume`, marks it used; returns its player.
pub(crate) async fn redeem<C: ConnectionTrait>(
    db: &C,
    secret: &str,
    purpose: Purpose,
    now: DateTimeUtc,
    consume: bool,
) -> Result<Player> {
    let what = purpose.what();
    let ask = format!(
        "ask the bot for a new one (it sends one privately; it works once, for {} minutes)",
        TOKEN_LIFETIME.num_minutes()
    );
    let row = security_tokens::Entity::find()
        .filter(security_tokens::Column::Hash.eq(hash(secret)))
        .one(db)
        .await?;
    let Some(row) = row else {
        return refuse(format!(
            "that {what} is not one the bot issued (check it for typing mistakes); {ask}"
        ));
    };
    if row.purpose != purpose.word() {
        return refuse(format!(
            "that is a {}, not a {what}; {ask}",
            if row.purpose == "link" {
                "link code"
            } else {
                "security token"
            }
        ));
    }
    if let Some(used) = row.used_at {
        return refuse(format!(
            "that {what} was already used, at {} UTC, and works only once; {ask}",
            used.format("%H:%M on %Y-%m-%d")
        ));
    }
    if now >= row.expires_at {
        return refuse(format!(
            "that {what} expired at {} UTC ({what}s last {} minutes); {ask}",
            row.expires_at.format("%H:%M on %Y-%m-%d"),
            TOKEN_LIFETIME.num_minutes()
        ));
    }
    if consume {
        let done = security_tokens::Entity::update_many()
            .col_expr(security_tokens::Column::UsedAt, Expr::value(now))
            .filter(security_tokens::Column::Id.eq(row.id))
            .filter(security_tokens::Column::UsedAt.is_null())
            .exec(db)
            .await?;
        if done.rows_affected != 1 {
            return refuse(format!(
                "that {what} was just used and works only once; {ask}"
            ));
        }
    }
    player_by_id(db, row.player_id).await
}

impl Storage {
    /// A new secret for the player; only its hash is kept. Deliver it privately.
    pub async fn issue_token(&self, player_id: i64, purpose: Purpose) -> Result<String> {
        let player = player_by_id(&self.db, player_id).await?;
        if purpose == Purpose::Token && player.security < crate::Security::Creator {
            return refuse(format!(
                "{} is a {} player, and only Creators, Trainers and Admins get security tokens",
                player.name, player.security
            ));
        }
        let secret = fresh_secret(purpose.length());
        let now = self.now();
        security_tokens::ActiveModel {
            player_id: Set(player_id),
            purpose: Set(purpose.word().to_string()),
            hash: Set(hash(&secret)),
            created_at: Set(now),
            expires_at: Set(now + TOKEN_LIFETIME),
            used_at: Set(None),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        Ok(secret)
    }

    /// The player a security token acts for, without using it up.
    pub async fn token_owner(&self, token: &str) -> Result<Player> {
        redeem(&self.db, token, Purpose::Token, self.now(), false).await
    }

    /// Uses up a security token and returns its player.
    pub async fn redeem_token(&self, token: &str) -> Result<Player> {
        let txn = self.db.begin().await?;
        let player = redeem(&txn, token, Purpose::Token, self.now(), true).await?;
        txn.commit().await?;
        Ok(player)
    }

    /// Links a chat account to the player who asked for the code: from now on
    /// the account speaks for that player. A player the account spoke for
    /// before keeps its records.
    pub async fn link_chat(&self, chat: &ChatId, code: &str) -> Result<Player> {
        let txn = self.db.begin().await?;
        let player = redeem(&txn, code, Purpose::Link, self.now(), true).await?;
        match find_identity(&txn, chat).await? {
            Some(identity) if identity.player_id == player.id => {}
            Some(identity) => {
                identities::ActiveModel {
                    id: Set(identity.id),
                    player_id: Set(player.id),
                    ..Default::default()
                }
                .update(&txn)
                .await?;
            }
            None => insert_identity(&txn, chat, player.id, self.now()).await?,
        }
        txn.commit().await?;
        Ok(player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_forgiving_about_case_dashes_and_lookalikes() {
        let secret = fresh_secret(24);
        assert_eq!(secret.len(), 24);
        assert!(secret.bytes().all(|b| ALPHABET.contains(&b)));
        assert_eq!(hash(&secret), hash(&secret.to_lowercase()));
        assert_eq!(hash("AB01-CD"), hash("ab ol cd"));
        assert_ne!(hash("AB01"), hash("AB02"));
        assert_eq!(hash("x").len(), 64);
    }
}
