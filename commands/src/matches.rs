//! A match between moves: who sits where, machine seats moving by
//! themselves, plans sent early, and the messages after every change (the
//! public view to the match's channel, differing views privately, the
//! mover's choices). Used by commands and by the clock alike.

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use redscience_engine::game::{RoundProgress, Shown};
use redscience_engine::notation::{apply_turn, typed};
use redscience_engine::random::random_move;
use redscience_engine::rules::Order;
use redscience_engine::text::view_text;
use redscience_engine::{Move, SeatResult, State};
use redscience_render::board_png;
use redscience_storage::{
    Augmentation, Challenge, Error as StorageError, Kind, LiveMatch, Platform,
};

use crate::context::{Refusal, said};
use crate::naming::{channel_of, chat_of, is_human, name_of, secret};
use crate::pictures::{Forfeit, board_options};
use crate::reply::{Choice, ChoiceSet, Destination, MAX_CHOICES, Message, Reply};
use crate::services::Services;

/// The most drop-down lists one message carries: Discord's five rows,
/// less one for the typed-move field.
const MENUS: usize = 4;

/// Plays every decision that falls to a machine seat, and every roll of the
/// die, until a person is to move or the match ends. Each machine move and
/// roll is drawn from a stream seeded by the match and the move's number,
/// so a replay makes the same choice.
pub(crate) async fn let_machines_move(
    services: &Services,
    live: &mut LiveMatch,
) -> Result<(), Refusal> {
    while !live.is_over() {
        let seat = live.state().to_move();
        // The die rolls for every seat, a person's too: no one chooses it.
        let rolling = live.state().awaits_roll();
        if !rolling && is_human(services, live, seat).await {
            break;
        }
        let number = live.state().decisions().len() as u64;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(
            live.seed ^ number.wrapping_mul(0x9E37_79B9_7F4A_7C15),
        );
        let actor = live.seats[seat].player_id;
        // Standard players and levels search, off the async runtime, with
        // their iteration budget (the cap is only a safety bound); Random
        // and Chaos pick at random (personas never get here: their person
        // plays them). A roll needs no player: it is drawn the same way.
        let mv = if rolling {
            random_move(live.state(), &mut rng)
        } else {
            let player = services.storage().player(actor).await.map_err(said)?;
            match player.kind {
                Kind::Standard | Kind::Persona => {
                    let state = live.state().clone();
                    let thinking = crate::machines::budget(&player, state.game());
                    services
                        .think(move || {
                            let cap =
                                std::time::Duration::from_millis(redscience_ai::THINKING_CAP_MS);
                            redscience_ai::decide(&state, &mut rng, thinking, Some(cap))
                        })
                        .await?
                }
                _ => random_move(live.state(), &mut rng),
            }
        };
        let Some(mv) = mv else {
            break;
        };
        match live.play(services.storage(), mv, Some(actor), 0).await {
            Ok(_) => {}
            // Another handler or process played this turn first: go on
            // from what it recorded.
            Err(StorageError::Conflict(_)) => {
                *live = services.storage().load_match(live.id).await.map_err(said)?;
            }
            Err(e) => return Err(said(e)),
        }
    }
    Ok(())
}

/// Plays what needs no person now: machine seats, and plans sent early
/// whose seat's turn to plan has come. A plan the engine refuses is
/// returned to its author privately.
pub(crate) async fn settle(
    services: &Services,
    live: &mut LiveMatch,
    platform: Platform,
    reply: &mut Reply,
) -> Result<(), Refusal> {
    loop {
        let_machines_move(services, live).await?;
        let state = live.state();
        if live.is_over() {
            return Ok(());
        }
        // Plans are sent early only in rounds planned seat by seat.
        if state.game().rules.phases[state.phase()].order == Order::Sequential {
            return Ok(());
        }
        let seat = state.to_move();
        let early = services
            .storage()
            .take_early_plan(live.id, seat)
            .await
            .map_err(said)?;
        let Some(text) = early else {
            return Ok(());
        };
        let author = live.seats[seat].player_id;
        let before = state.decisions().len();
        let mut trial = state.clone();
        if let Err(e) = apply_turn(&mut trial, &text, |_| None) {
            if let Some(chat) = chat_of(services, platform, author).await {
                reply.push(Message::new(
                    Destination::Private(chat),
                    format!(
                        "Your plan \"{text}\" for match {} was refused: {e}. Send another with `plan #{} TEXT`.",
                        live.id, live.id
                    ),
                ));
            }
            return Ok(());
        }
        let turn = trial.decisions().since(before).copied().collect::<Vec<_>>();
        live.play_turn(services.storage(), &turn, Some(author), 0)
            .await
            .map_err(said)?;
    }
}

/// How long the seat to move has left on the match's clock, when it has
/// one running: the turn's seconds and the time left.
async fn clock_now(services: &Services, live: &LiveMatch) -> Option<(u32, chrono::TimeDelta)> {
    if live.is_over() {
        return None;
    }
    let deadline = services.storage().deadline_of(live.id).await.ok()??;
    Some((
        live.seconds_per_turn(),
        deadline.due_at - services.storage().now(),
    ))
}

/// How long the seat to move has left, for the picture's caption: "23
/// hours left of 1 day".
pub(crate) async fn time_left(services: &Services, live: &LiveMatch) -> Option<String> {
    let (turn, left) = clock_now(services, live).await?;
    Some(format!(
        "{} left of {}",
        crate::clock_words::left_words(left),
        crate::clock_words::per_move(turn)
    ))
}

/// The board as a picture attached to `message`, drawn from `view` alone
/// (with the time left, when the match has a clock, under the caption):
/// seats by their players' names, and once the match is over (by its rules
/// or a forfeit) who won and why. Every piece of the last turn is outlined
/// only where nothing is secret (no cloaking, a sequential phase). A
/// drawing that fails leaves the text board alone. It is drawn off the
/// async runtime ([`Bot::cpu`]).
pub(crate) async fn picture(
    services: &Services,
    message: Message,
    live: &LiveMatch,
    view: &Shown,
    clock: Option<&str>,
) -> Message {
    let state = live.state();
    let game = state.game();
    let mut seats = Vec::new();
    for (seat, record) in live.seats.iter().enumerate() {
        seats.push(match game.seats.get(seat) {
            Some(s) if s.is_chaos => "Chaos".to_string(),
            // Machines' names start with a star in text ("*Random"); the
            // picture's swatch and words need none ("Random").
            _ => name_of(services, record.player_id)
                .await
                .trim_start_matches('*')
                .to_string(),
        });
    }
    let forfeit = live.forfeit.as_deref().map(|reason| Forfeit {
        reason,
        results: live
            .seats
            .iter()
            .map(|s| s.result.unwrap_or(SeatResult::Draw))
            .collect(),
    });
    let (view, options) = board_options(state, forfeit, view, seats, clock);
    let game = game.clone();
    let name = format!("match-{}.png", live.id);
    match services
        .cpu(move || board_png(&game, &view, &options))
        .await
    {
        Ok(Ok(png)) => message.with_attachment(name, png),
        _ => message,
    }
}

/// The move a seat's helper (reviewing or delegating) would make now:
/// proposed to a reviewing player, and played for either when time runs out.
pub(crate) fn helper_move(live: &LiveMatch) -> Option<Move> {
    let number = live.state().decisions().len() as u64;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(live.seed ^ number.rotate_left(17) ^ 0xD1B5);
    random_move(live.state(), &mut rng)
}

/// The messages after a change: the channel's public view with the moves
/// since history entry `from`, each differing private view, and the
/// choices of the person to move.
pub(crate) async fn report(
    services: &Services,
    live: &LiveMatch,
    challenge: &Challenge,
    from: usize,
) -> Reply {
    report_since(services, live, challenge, Some(from)).await
}

/// The messages when a match starts: every view, since nobody has seen
/// one yet (the machines' first moves included).
pub(crate) async fn report_start(
    services: &Services,
    live: &LiveMatch,
    challenge: &Challenge,
) -> Reply {
    report_since(services, live, challenge, None).await
}

/// `from` is `None` for a new match.
async fn report_since(
    services: &Services,
    live: &LiveMatch,
    challenge: &Challenge,
    from: Option<usize>,
) -> Reply {
    let start = from.is_none();
    let from = from.unwrap_or(0);
    let state = live.state();
    let game = state.game();
    let platform = challenge.place.platform;
    let mut reply = Reply::default();
    // In a sealed round: the seats whose plans are kept for their turn.
    let kept = match state.round_progress() {
        Some(_) => services
            .storage()
            .early_plan_seats(live.id)
            .await
            .unwrap_or_default(),
        None => Vec::new(),
    };
    let mut names = Vec::new();
    for record in &live.seats {
        names.push(name_of(services, record.player_id).await);
    }
    let seats = crate::recap::seat_names(services, live).await;
    let who = |seat: usize| seats[seat].clone();
    let lines = |viewer: Option<usize>| -> String {
        crate::recap::move_lines(state, from, viewer, &who)
            .iter()
            .map(|line| format!("{line}\n"))
            .collect()
    };
    let mut status = status(live, &kept, &who);
    // Every way a match ends comes through here: a finished rated match is
    // rated now, once (the storage refuses a second time).
    if let Some(line) = crate::ratings::after_match(services, live).await {
        status.push('\n');
        status.push_str(&line);
    }
    let public = Shown::from(state.public_view());
    let board = |view: &Shown| format!("```\n{}\n```", view_text(game, view).trim_end());
    let clock = time_left(services, live).await;
    // The match as it stood before the change, to tell who can see
    // anything new: a board is posted (and sent) only then.
    // A new match, or nothing added (an undo, a forfeit): as if all
    // changed. A first turn is a change like any other: a board posted
    // after a first hidden move would tell that one was made.
    let before = if !start && from < state.history().len() {
        let state = state.clone();
        services
            .cpu(move || state.as_it_was(from))
            .await
            .ok()
            .flatten()
    } else {
        None
    };
    let changed = |now: &Shown, then: Option<Shown>| {
        then.is_none_or(|then| then.with_no_one_to_move() != now.clone().with_no_one_to_move())
    };
    let public_changed =
        live.is_over() || changed(&public, before.as_ref().map(|b| b.public_view().into()));
    // The seat to move, the phase or who planned changed: the status says so.
    let moved_on = before.as_ref().is_none_or(|b| {
        b.to_move() != state.to_move()
            || b.round_progress().map(|r| r.planned) != state.round_progress().map(|r| r.planned)
    });
    let told = lines(None);
    let channel_told: String = crate::recap::channel_lines(state, from, &who)
        .iter()
        .map(|line| format!("{line}\n"))
        .collect();
    // Nothing the channel can see changed (a move out of its sight): it is
    // told nothing, so that it cannot count such moves by its messages.
    if public_changed || moved_on || live.is_over() || !channel_told.is_empty() {
        let shown = if public_changed {
            format!("{}\n", board(&public))
        } else {
            String::new()
        };
        let message = Message::new(
            channel_of(challenge),
            format!("{channel_told}{shown}{status}"),
        );
        reply.push(if public_changed {
            picture(services, message, live, &public, clock.as_deref()).await
        } else {
            message
        });
    }
    let mover = (!live.is_over()).then(|| state.to_move());
    for seat in 0..live.seats.len() {
        if !is_human(services, live, seat).await {
            continue;
        }
        let own = Shown::from(state.player_view(seat));
        let moving = mover == Some(seat);
        let same = own.spaces() == public.spaces()
            && own.reserves() == public.reserves()
            && lines(Some(seat)) == told;
        if same && !(moving && secret(state)) {
            continue;
        }
        // Only what is new to this seat: its lines, and its board when
        // something it sees changed.
        let own_changed =
            live.is_over() || changed(&own, before.as_ref().map(|b| b.player_view(seat).into()));
        let own_lines = lines(Some(seat));
        if !own_changed && own_lines.is_empty() {
            continue;
        }
        let Some(chat) = chat_of(services, platform, live.seats[seat].player_id).await else {
            continue;
        };
        let shown = if own_changed {
            board(&own)
        } else {
            String::new()
        };
        let text = format!(
            "Match {}, your view as {}:\n{own_lines}{shown}",
            live.id,
            game.seats[seat].label(),
        );
        let message = Message::new(Destination::Private(chat), text.trim_end().to_string());
        reply.push(if own_changed {
            picture(services, message, live, &own, clock.as_deref()).await
        } else {
            message
        });
    }
    let round = state.round_progress().filter(|_| !live.is_over());
    match &round {
        // A sealed round: every seat still to plan is asked at once, each
        // from the round-start position, unless its plan is already kept.
        Some(round) => {
            for &seat in &round.awaited {
                if kept.contains(&seat) || !is_human(services, live, seat).await {
                    continue;
                }
                let Some(position) = state.plan_position(seat) else {
                    continue;
                };
                let stamp = round.decisions_start;
                if let Some(message) = turn_prompt(
                    services,
                    live,
                    challenge,
                    seat,
                    &position,
                    stamp,
                    &names[seat],
                )
                .await
                {
                    reply.push(message);
                }
            }
        }
        None => {
            if let Some(seat) = mover
                && is_human(services, live, seat).await
            {
                // Counted from what the seat is told: a count of every
                // decision would tell it how many it could not see.
                let stamp = state.told_count(seat);
                if let Some(message) =
                    turn_prompt(services, live, challenge, seat, state, stamp, &names[seat]).await
                {
                    reply.push(message);
                }
            }
        }
    }
    reply
}

/// The channel's last line about a match: how it ended and why, or who
/// is to move (in a sealed round, who planned and who is awaited).
fn status(live: &LiveMatch, kept: &[usize], who: &dyn Fn(usize) -> String) -> String {
    let state = live.state();
    if let Some(reason) = &live.forfeit {
        let winners: Vec<String> = live
            .seats
            .iter()
            .filter(|s| s.result == Some(redscience_engine::SeatResult::Win))
            .map(|s| who(s.seat))
            .collect();
        return format!(
            "Match {} is over: {reason}. Victory: {}.",
            live.id,
            winners.join(" and ")
        );
    }
    if let Some(ending) = crate::recap::ending(state, who) {
        return format!("Match {} is over. {ending}", live.id);
    }
    match state.round_progress() {
        Some(round) => round_status(live.id, &round, kept, who),
        None => format!("Match {}: {} to move.", live.id, who(state.to_move())),
    }
}

/// A sealed round as the channel sees it: who has planned (plans kept for
/// later included) and who is awaited, never what.
pub(crate) fn round_status(
    match_id: i64,
    round: &RoundProgress,
    kept: &[usize],
    who: &dyn Fn(usize) -> String,
) -> String {
    let mut planned: Vec<usize> = round.planned.clone();
    planned.extend(round.awaited.iter().filter(|s| kept.contains(s)));
    planned.sort_unstable();
    let awaited: Vec<usize> = round
        .awaited
        .iter()
        .copied()
        .filter(|s| !kept.contains(s))
        .collect();
    let names = |seats: &[usize]| seats.iter().map(|&s| who(s)).collect::<Vec<_>>().join(", ");
    let planned = if planned.is_empty() {
        "nobody yet".to_string()
    } else {
        names(&planned)
    };
    format!(
        "Match {match_id}: a sealed round, every seat plans at once and privately. Planned: {planned}. Awaited: {}.",
        names(&awaited)
    )
}

/// " Your turn goes on (1 move made): `move pass` ends it." for a turn of
/// several moves under way, so that a player knows the next move is still
/// theirs, and where a pass may end the turn early, how.
fn turn_goes_on(state: &State, verb: &str) -> String {
    let made = (state.moves_this_turn().iter())
        .filter(|m| m.is_board_move())
        .count();
    if made == 0 || secret(state) {
        return String::new();
    }
    let moves = if made == 1 { "move" } else { "moves" };
    let ends = state.game().rules.pieces_up_to && state.legal().contains(&Move::Pass);
    let ends = if ends {
        format!(": `{verb} pass` ends it")
    } else {
        String::new()
    };
    format!(" Your turn goes on ({made} {moves} made){ends}.")
}

/// The turn prompt for `seat`, judged from `position` (the match's state,
/// or in a sealed round the seat's own round-start position); the offered
/// moves carry `stamp`, so an older offer is never played.
async fn turn_prompt(
    services: &Services,
    live: &LiveMatch,
    challenge: &Challenge,
    seat: usize,
    position: &State,
    stamp: usize,
    name: &str,
) -> Option<Message> {
    let state = position;
    let platform = challenge.place.platform;
    let verb = if secret(state) { "plan" } else { "move" };
    let choices: Vec<Choice> = state
        .legal()
        .to_vec()
        .into_iter()
        .filter_map(|mv| {
            let text = typed(state, mv)?;
            // Typed, a move is its own text: never a number on a list.
            Some(Choice::typed(
                format!("{verb} #{}@{} {text}", live.id, stamp),
                state.move_text(mv),
                text,
            ))
        })
        .collect();
    let to = if secret(state) {
        Destination::Private(chat_of(services, platform, live.seats[seat].player_id).await?)
    } else {
        channel_of(challenge)
    };
    {
        // "(1 day per move, 23 hours left)" while the clock runs.
        let time = match clock_now(services, live).await {
            Some((turn, left)) => format!(
                " ({} per move, {} left)",
                crate::clock_words::per_move(turn),
                crate::clock_words::left_words(left)
            ),
            None => String::new(),
        };
        let mut prompt = format!(
            "{}, your turn in match {}: `{verb} TEXT`, e.g. `{verb} {}`{time}.",
            name,
            live.id,
            // The same example as the picture's hint.
            crate::pictures::example_move(state).unwrap_or_else(|| "pass".into())
        );
        if let Some(face) = state.rolled() {
            let shows = crate::context::sentence(&state.game().die_shows(face));
            prompt.push_str(&format!(" {shows}"));
        }
        prompt.push_str(&turn_goes_on(state, verb));
        // A reviewing seat gets its helper's proposal as the default;
        // it is also what the clock plays if time runs out.
        let proposal = (live.seats[seat].augmentation == Augmentation::Reviewing)
            .then(|| helper_move(live))
            .flatten()
            .and_then(|mv| typed(state, mv))
            .map(|text| format!("{verb} #{}@{} {text}", live.id, stamp));
        let message = if let Some(default) = proposal {
            let shown = choices
                .iter()
                .find(|c| c.id == default)
                .map(|c| c.label.clone())
                .unwrap_or_default();
            prompt.push_str(&format!(" Your helper proposes: {shown}."));
            Message::new(to, prompt).with_choices(ChoiceSet::Select {
                placeholder: "Your move".into(),
                options: choices,
                default: Some(default),
            })
        } else if !choices.is_empty() && choices.len() <= MAX_CHOICES {
            Message::new(to, prompt).with_choices(ChoiceSet::Buttons(choices))
        } else if !choices.is_empty() && choices.len() <= MENUS * MAX_CHOICES {
            // Too many for buttons: drop-down lists of 25 (a message
            // holds at most five), and typing works as ever.
            Message::new(to, prompt).with_choices(ChoiceSet::Select {
                placeholder: "Your move".into(),
                options: choices,
                default: None,
            })
        } else {
            prompt.push_str(" (Too many moves to list: type yours.)");
            Message::new(to, prompt)
        };
        // Typing works whatever is listed; forms offer a field for it.
        let prefix = format!("{verb} #{}@{} ", live.id, stamp);
        Some(message.with_typed(format!("Type your {verb}"), prefix))
    }
}
