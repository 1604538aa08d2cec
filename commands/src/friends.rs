//! `friend add NAME`, `friend accept NAME`, `friend list`: enough of the
//! friends of the stats release for challenges between people (friends
//! can challenge each other by name).

use redscience_storage::FriendStatus;

use crate::bot::{Answer, Ctx, said};
use crate::matches::chat_of;
use crate::reply::{Choice, ChoiceSet, Destination, Message, Reply};

const USAGE: &str = "Write `friend add NAME`, `friend accept NAME` or `friend list`.";

pub(crate) async fn friend(ctx: &Ctx<'_>, args: &[String]) -> Answer {
    let me = &ctx.player;
    let action = args.first().map(|a| a.to_ascii_lowercase());
    let name = args.get(1).map(|n| n.trim_start_matches('@').to_string());
    match (action.as_deref(), name) {
        (Some("add"), Some(name)) => {
            let status = ctx
                .storage()
                .request_friend(me.id, &name)
                .await
                .map_err(said)?;
            if status == FriendStatus::Accepted {
                return Ok(ctx.answer(format!("You and {name} are friends now.")));
            }
            let mut reply = ctx.answer(format!(
                "Friend request sent to {name}; they can `friend accept {}`.",
                me.name
            ));
            if let Some(them) = ctx
                .storage()
                .player_in(&name, &me.universe)
                .await
                .map_err(said)?
                && let Some(chat) = chat_of(ctx.bot, ctx.req.place.platform, them.id).await
            {
                reply.push(
                    Message::new(
                        Destination::Private(chat),
                        format!("{} asks to be your friend.", me.name),
                    )
                    .with_choices(ChoiceSet::Buttons(vec![Choice::new(
                        format!("friend accept {}", me.name),
                        "Accept",
                    )])),
                );
            }
            Ok(reply)
        }
        (Some("accept"), Some(name)) => {
            ctx.storage()
                .accept_friend(me.id, &name)
                .await
                .map_err(said)?;
            Ok(ctx.answer(format!("You and {name} are friends now.")))
        }
        (Some("list"), _) => {
            let f = ctx.storage().friends(me.id).await.map_err(said)?;
            let names = |list: &[redscience_storage::Player]| {
                if list.is_empty() {
                    "nobody".to_string()
                } else {
                    list.iter()
                        .map(|p| p.name.clone())
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            };
            Ok(Reply::one(Message::new(
                ctx.here(),
                format!(
                    "Friends: {}.\nAsking you: {}.\nYou asked: {}.",
                    names(&f.friends),
                    names(&f.incoming),
                    names(&f.outgoing)
                ),
            )))
        }
        (Some("add" | "accept"), None) => Err(format!("Whose name? {USAGE}")),
        _ => Err(USAGE.to_string()),
    }
}
