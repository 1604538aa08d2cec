//! The dispatch: the function that runs each command of the specification
//! (`crate::spec`), which knows nothing of the functions. Only the bot uses
//! it, so no command can reach another through it.

use std::future::Future;
use std::pin::Pin;

use crate::arguments::Args;
use crate::context::{Answer, Ctx, Refusal};
use crate::turn_words::TurnWords;
use crate::{
    analyze, challenges, creating, creations, favoritism, friends, leaderboard, library, personas,
    stats, stop_clock, turns,
};

/// The future a command's function returns.
pub(crate) type Running<'a> = Pin<Box<dyn Future<Output = Answer> + Send + 'a>>;

/// A command's function: the request, and the words after the command,
/// read (`crate::arguments`).
pub(crate) type Handler = for<'a> fn(&'a Ctx<'a>, &'a Args) -> Running<'a>;

/// A command's function from a body that uses `ctx` and `args`.
macro_rules! handler {
    (|$ctx:ident, $args:ident| $body:expr) => {{
        #[allow(unused_variables)]
        fn run<'a>($ctx: &'a Ctx<'a>, $args: &'a Args) -> Running<'a> {
            Box::pin(async move { $body })
        }
        run as Handler
    }};
}

/// A turn of the verb's: the match named, and what is played (the verb
/// itself for an offer or a pass).
macro_rules! turn {
    ($verb:literal) => {
        handler!(|ctx, args| {
            let offer = TurnWords::read($verb);
            turns::turn(ctx, $verb, args.match_ref(), args.turn().unwrap_or(&offer)).await
        })
    };
}

/// The function of the command named `name` (as the specification names it).
pub(crate) fn handler(name: &str) -> Option<Handler> {
    Some(match name {
        "help" => {
            handler!(|ctx, args| Ok(ctx.answer(personas::help(ctx, args.text("command")).await)))
        }
        "game" => handler!(|ctx, args| library::game(ctx, args).await),
        "challenge" => handler!(|ctx, args| challenges::challenge(ctx, args).await),
        "accept" => handler!(|ctx, args| personas::accept(ctx, args).await),
        "decline" => handler!(|ctx, args| personas::decline(ctx, args).await),
        "cancel" => handler!(|ctx, args| if args.is_empty() && creating::cancel(ctx) {
            Ok(ctx.answer("Left the game wizard; nothing was saved."))
        } else {
            challenges::cancel(ctx, args.number("id")).await
        }),
        "move" => turn!("move"),
        "plan" => turn!("plan"),
        "pass" => turn!("pass"),
        "draw" => turn!("draw"),
        "agree" => turn!("agree"),
        "refuse" => turn!("refuse"),
        "board" => handler!(|ctx, args| turns::board(ctx, args.match_id()).await),
        "games" => handler!(|ctx, args| personas::games(ctx).await),
        "resign" => handler!(|ctx, args| turns::resign(ctx, args.match_id()).await),
        "undo" => handler!(|ctx, args| turns::undo(ctx, args.match_id()).await),
        "rematch" => handler!(|ctx, args| challenges::rematch(ctx, args.match_id()).await),
        "token" => handler!(|ctx, args| library::token(ctx).await),
        "friend" => handler!(|ctx, args| friends::friend(ctx, args).await),
        "creations" => handler!(|ctx, args| creations::creations(ctx, args.player()).await),
        "leaderboard" => handler!(|ctx, args| leaderboard::leaderboard(ctx, args).await),
        "persona" => handler!(|ctx, args| personas::persona(ctx, args).await),
        "clock" => handler!(|ctx, args| stop_clock::clock(ctx, args.match_id()).await),
        "stats" => handler!(|ctx, args| stats::stats(ctx, args).await),
        "history" => handler!(|ctx, args| stats::history(ctx, args).await),
        "analyze" => handler!(|ctx, args| analyze::analyze(ctx, args).await),
        "favoritism" => handler!(|ctx, args| favoritism::favoritism(ctx, args).await),
        _ => return None,
    })
}

/// An example right for the request, better than the command's own, for
/// words read as far as they go (`move #3` without the move: a move right
/// for match 3).
pub(crate) async fn example(ctx: &Ctx<'_>, args: &Args) -> Option<String> {
    let verb = args.command();
    match verb {
        "move" | "plan" => turns::example_here(ctx, verb, args.match_id())
            .await
            .filter(|example| example.starts_with(verb)),
        _ => None,
    }
}

/// What a command says of a word that is none of its subcommands, where it
/// has more to say than that (`persona universe`: a universe is locked).
pub(crate) fn not_a_sub(name: &str, word: &str) -> Option<Refusal> {
    match name {
        "persona" => personas::not_a_sub(word),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::handler;

    #[test]
    fn every_command_of_the_specification_has_a_function_and_nothing_else_does() {
        for command in crate::spec::COMMANDS {
            assert!(
                handler(command.name).is_some(),
                "{} has no function",
                command.name
            );
        }
        assert!(handler("nonsense").is_none());
    }
}
