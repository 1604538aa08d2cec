//! `friend add|accept|remove|ban|unban NAME` and `friend list`: friend
//! requests between people, answered with buttons sent privately, and bans.
//! Friends can challenge each other by name (see `challenges`).
//!
//! Bans and the list are always answered privately, so that a channel never
//! learns who banned whom.

use redscience_storage::{FriendStatus, Player, Removed};

use crate::arguments::Args;
use crate::context::{Answer, Ctx, Refusal, refused, said};
use crate::naming::chat_of;
use crate::reply::{Choice, ChoiceSet, Destination, MAX_CHOICES, Message, Reply};

/// `friend add|accept|remove|ban|unban NAME`, `friend list` (`decline` is
/// `remove`, `revoke` is `unban`).
pub(crate) async fn friend(ctx: &Ctx<'_>, args: &Args) -> Answer {
    let (Some(action), Some(them)) = (args.sub(), args.player()) else {
        return list(ctx).await;
    };
    let name = &them.name;
    match action {
        "add" => add(ctx, name).await,
        "accept" => accept(ctx, name).await,
        "remove" => remove(ctx, name).await,
        "ban" => ban(ctx, name).await,
        _ => unban(ctx, name).await,
    }
}

/// The player a successful command named, as they spell their name.
async fn named(ctx: &Ctx<'_>, name: &str) -> Result<Player, Refusal> {
    ctx.storage()
        .player_in(name, &ctx.player.universe)
        .await
        .map_err(said)?
        .ok_or_else(|| refused!("There is no player named \"{name}\"."))
}

/// A private message to another player, if they have a chat the bot knows.
async fn tell(ctx: &Ctx<'_>, them: &Player, text: String) -> Option<Message> {
    let chat = chat_of(ctx.services, ctx.req.place.platform, them.id).await?;
    Some(Message::new(Destination::Private(chat), text))
}

/// The buttons a request is answered with.
fn answers(from: &str) -> Vec<Choice> {
    vec![
        Choice::new(format!("friend accept {from}"), "Accept"),
        Choice::new(format!("friend remove {from}"), "Decline"),
        Choice::new(format!("friend ban {from}"), "Ban"),
    ]
}

/// A reply to the requester, privately whatever the place.
fn privately(ctx: &Ctx<'_>, text: impl Into<String>) -> Message {
    Message::new(Destination::Private(ctx.req.who.chat.clone()), text)
}

async fn add(ctx: &Ctx<'_>, name: &str) -> Answer {
    let me = &ctx.player;
    let status = ctx
        .storage()
        .request_friend(me.id, name)
        .await
        .map_err(said)?;
    let them = named(ctx, name).await?;
    if status == FriendStatus::Accepted {
        let mut reply = ctx.answer(format!(
            "{0} had asked you already, so you and {0} are friends now; `challenge GAME {0}` invites them to a match.",
            them.name
        ));
        if let Some(m) = tell(
            ctx,
            &them,
            format!(
                "{} accepted your friend request; you are friends now.",
                me.name
            ),
        )
        .await
        {
            reply.push(m);
        }
        return Ok(reply);
    }
    let mut reply = ctx.answer(format!(
        "Friend request sent to {}; once they accept, you can challenge each other by name.",
        them.name
    ));
    if let Some(m) = tell(
        ctx,
        &them,
        format!(
            "{0} asks to be your friend. Accept, decline, or ban {0}'s requests (`friend accept {0}`, `friend remove {0}`, `friend ban {0}`).",
            me.name
        ),
    )
    .await
    {
        reply.push(m.with_choices(ChoiceSet::Buttons(answers(&me.name))));
    }
    Ok(reply)
}

async fn accept(ctx: &Ctx<'_>, name: &str) -> Answer {
    let me = &ctx.player;
    ctx.storage()
        .accept_friend(me.id, name)
        .await
        .map_err(said)?;
    let them = named(ctx, name).await?;
    let mut reply = ctx.answer(format!(
        "You and {0} are friends now; `challenge GAME {0}` invites them to a match.",
        them.name
    ));
    if let Some(m) = tell(
        ctx,
        &them,
        format!(
            "{} accepted your friend request; you are friends now.",
            me.name
        ),
    )
    .await
    {
        reply.push(m);
    }
    Ok(reply)
}

async fn remove(ctx: &Ctx<'_>, name: &str) -> Answer {
    let removed = ctx
        .storage()
        .remove_friend(ctx.player.id, name)
        .await
        .map_err(said)?;
    let them = named(ctx, name).await?;
    Ok(ctx.answer(match removed {
        Removed::Friendship => format!(
            "{} is no longer your friend; neither of you can challenge the other by name.",
            them.name
        ),
        Removed::Withdrawn => format!("Withdrew your friend request to {}.", them.name),
        Removed::Declined => format!("Declined {}'s friend request.", them.name),
    }))
}

async fn ban(ctx: &Ctx<'_>, name: &str) -> Answer {
    ctx.storage()
        .ban_friend(ctx.player.id, name)
        .await
        .map_err(said)?;
    let them = named(ctx, name).await?;
    Ok(Reply::one(
        privately(
            ctx,
            format!(
                "Banned {0}: they can no longer send you friend requests or challenge you by name, \
                 and any friendship or request between you has ended. They are not told. \
                 `friend unban {0}` lifts the ban.",
                them.name
            ),
        )
        .with_choices(ChoiceSet::Buttons(vec![Choice::new(
            format!("friend unban {}", them.name),
            format!("Unban {}", them.name),
        )])),
    ))
}

async fn unban(ctx: &Ctx<'_>, name: &str) -> Answer {
    ctx.storage()
        .revoke_ban(ctx.player.id, name)
        .await
        .map_err(said)?;
    let them = named(ctx, name).await?;
    Ok(Reply::one(privately(
        ctx,
        format!(
            "Lifted your ban on {0}; they may send you a friend request again. \
             You are not friends until one of you asks and the other accepts.",
            them.name
        ),
    )))
}

/// `friend list`: friends, requests both ways and bans, privately, with
/// buttons for the requests to answer and the bans to lift.
async fn list(ctx: &Ctx<'_>) -> Answer {
    let f = ctx.storage().friends(ctx.player.id).await.map_err(said)?;
    let names = |list: &[Player]| {
        if list.is_empty() {
            "nobody".to_string()
        } else {
            list.iter()
                .map(|p| p.name.clone())
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    let text = format!(
        "Friends: {}.\nAsking you: {}.\nYou asked: {}.\nYou banned: {}.",
        names(&f.friends),
        names(&f.incoming),
        names(&f.outgoing),
        names(&f.banned)
    );
    let mut buttons = Vec::new();
    for p in &f.incoming {
        buttons.push(Choice::new(
            format!("friend accept {}", p.name),
            format!("Accept {}", p.name),
        ));
        buttons.push(Choice::new(
            format!("friend ban {}", p.name),
            format!("Ban {}", p.name),
        ));
    }
    for p in &f.banned {
        buttons.push(Choice::new(
            format!("friend unban {}", p.name),
            format!("Unban {}", p.name),
        ));
    }
    buttons.truncate(MAX_CHOICES);
    let mut message = privately(ctx, text);
    if !buttons.is_empty() {
        message = message.with_choices(ChoiceSet::Buttons(buttons));
    }
    Ok(Reply::one(message))
}
