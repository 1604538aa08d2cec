//! The dispatch: the function that runs each command of the specification
//! (`crate::spec`), which knows nothing of the functions. Only the bot uses
//! it, so no command can reach another through it.

use std::future::Future;
use std::pin::Pin;

use crate::context::{Answer, Ctx};
use crate::{
    analyze, challenges, creating, creations, favoritism, friends, leaderboard, library, personas,
    stats, stop_clock, turns,
};

/// The future a command's function returns.
pub(crate) type Running<'a> = Pin<Box<dyn Future<Output = Answer> + Send + 'a>>;

/// A command's function: the request, and the words after the command.
pub(crate) type Handler = for<'a> fn(&'a Ctx<'a>, &'a [String]) -> Running<'a>;

/// A command's function from a body that uses `ctx` and `args`.
macro_rules! handler {
    (|$ctx:ident, $args:ident| $body:expr) => {{
        #[allow(unused_variables)]
        fn run<'a>($ctx: &'a Ctx<'a>, $args: &'a [String]) -> Running<'a> {
            Box::pin(async move { $body })
        }
        run as Handler
    }};
}

/// The function of the command named `name` (as the specification names it).
pub(crate) fn handler(name: &str) -> Option<Handler> {
    Some(match name {
        "help" => handler!(|ctx, args| Ok(
            ctx.answer(personas::help(ctx, args.first().map(String::as_str)).await)
        )),
        "game" => handler!(|ctx, args| library::game(ctx, args).await),
        "challenge" => handler!(|ctx, args| challenges::challenge(ctx, args).await),
        "accept" => handler!(|ctx, args| personas::accept(ctx, args).await),
        "decline" => handler!(|ctx, args| personas::decline(ctx, args).await),
        "cancel" => handler!(|ctx, args| if args.is_empty() && creating::cancel(ctx) {
            Ok(ctx.answer("Left the game wizard; nothing was saved."))
        } else {
            challenges::cancel(ctx, args).await
        }),
        "move" => handler!(|ctx, args| turns::turn(ctx, "move", args).await),
        "plan" => handler!(|ctx, args| turns::turn(ctx, "plan", args).await),
        "pass" => handler!(|ctx, args| turns::turn(ctx, "pass", args).await),
        "draw" => handler!(|ctx, args| turns::turn(ctx, "draw", args).await),
        "agree" => handler!(|ctx, args| turns::turn(ctx, "agree", args).await),
        "refuse" => handler!(|ctx, args| turns::turn(ctx, "refuse", args).await),
        "board" => handler!(|ctx, args| turns::board(ctx, args).await),
        "games" => handler!(|ctx, args| personas::games(ctx).await),
        "resign" => handler!(|ctx, args| turns::resign(ctx, args).await),
        "undo" => handler!(|ctx, args| turns::undo(ctx, args).await),
        "rematch" => handler!(|ctx, args| challenges::rematch(ctx, args).await),
        "token" => handler!(|ctx, args| library::token(ctx).await),
        "friend" => handler!(|ctx, args| friends::friend(ctx, args).await),
        "creations" => handler!(|ctx, args| creations::creations(ctx, args).await),
        "leaderboard" => handler!(|ctx, args| leaderboard::leaderboard(ctx, args).await),
        "persona" => handler!(|ctx, args| personas::persona(ctx, args).await),
        "clock" => handler!(|ctx, args| stop_clock::clock(ctx, args).await),
        "stats" => handler!(|ctx, args| stats::stats(ctx, args).await),
        "history" => handler!(|ctx, args| stats::history(ctx, args).await),
        "analyze" => handler!(|ctx, args| analyze::analyze(ctx, args).await),
        "favoritism" => handler!(|ctx, args| favoritism::favoritism(ctx, args).await),
        _ => return None,
    })
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
