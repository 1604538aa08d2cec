//! What happened, told to people: the moves since the last message, with
//! forced passes and Chaos's moves summed up rather than listed one by
//! one, and how a match ended (who won and why) in the players' names.

use redscience_engine::describe::join_and;
use redscience_engine::game::{GameState, Seen, Shown, ToldWhat};
use redscience_engine::rules::{BoardKind, Color, Order, Shape};
use redscience_engine::{Move, State};
use redscience_storage::LiveMatch;

use crate::naming::name_of;
use crate::services::Services;

/// Each seat as messages name it: "ann (black)", "Chaos (pink)".
pub(crate) async fn seat_names(services: &Services, live: &LiveMatch) -> Vec<String> {
    let game = live.state().game();
    let mut names = Vec::new();
    for (seat, record) in live.seats.iter().enumerate() {
        let s = &game.seats[seat];
        let name = if s.is_chaos {
            "Chaos".to_string()
        } else {
            name_of(services, record.player_id).await
        };
        names.push(format!("{name} ({})", game.seat_colors_name(seat)));
    }
    names
}

/// How a finished match ended, in the players' names: "Victory: ann
/// (black)." then why (the rule that decided, what it counted, where), and
/// a one-player game's score.
/// None while the match goes on.
pub(crate) fn ending(state: &State, who: &dyn Fn(usize) -> String) -> Option<String> {
    let outcome = state.outcome()?;
    let mut text = format!("{}.", outcome.headline(who));
    for line in outcome
        .explain(state.game(), who)
        .into_iter()
        .chain(state.score_words())
    {
        text.push('\n');
        text.push_str(&line);
    }
    Some(text)
}

/// One thing told to the viewer: a move, or a run of moves it may not know.
struct Entry {
    seat: usize,
    /// The move, where the viewer may know it.
    mv: Option<Move>,
    automatic: bool,
    text: String,
    /// The viewer may not know what it was (a sealed plan, a private run).
    secret: bool,
    /// Its first history entry.
    first: usize,
    /// The history entry after its last.
    end: usize,
}

/// What a message after a change that began at history entry `from` tells
/// `viewer` (see `State::told_since`), one line each ("ann (black): Black
/// circle to (2,2)"), except that each run of forced passes and Chaos's
/// moves is told in a line or two. A seat's run of moves the viewer may not
/// see is one line, told once the run is over, whatever its length.
pub(crate) fn move_lines(
    state: &State,
    from: usize,
    viewer: Option<usize>,
    who: &dyn Fn(usize) -> String,
) -> Vec<String> {
    told_lines(state, from, viewer, who)
        .into_iter()
        .map(|(line, _)| line)
        .collect()
}

/// What the channel is told after a change that began at history entry
/// `from`: the move lines, with the collisions of a sealed round told right
/// after the round's plans, before whatever followed them.
pub(crate) fn channel_lines(
    state: &State,
    from: usize,
    who: &dyn Fn(usize) -> String,
) -> Vec<String> {
    let lines = told_lines(state, from, None, who);
    let (collided, round_end) = collisions(state, from, who);
    let at = lines
        .iter()
        .position(|(_, end)| *end >= round_end)
        .map_or(lines.len(), |i| i + 1);
    let mut out: Vec<String> = lines.into_iter().map(|(line, _)| line).collect();
    out.splice(at..at, collided);
    out
}

/// The move lines, each with the history entry after the last it tells.
fn told_lines(
    state: &State,
    from: usize,
    viewer: Option<usize>,
    who: &dyn Fn(usize) -> String,
) -> Vec<(String, usize)> {
    let game = state.game();
    let sealed_from = state
        .round_progress()
        .map_or(usize::MAX, |r| r.history_start);
    let entries: Vec<Entry> = state
        .told_since(viewer, from)
        .iter()
        .map(|t| {
            let (mv, automatic) = match t.what {
                ToldWhat::Move { mv, automatic } => (Some(mv), automatic),
                _ => (None, false),
            };
            Entry {
                seat: t.seat,
                mv,
                automatic,
                text: state.told_words(t),
                secret: t.is_secret(),
                first: t.entries.start,
                end: t.entries.end,
            }
        })
        .collect();
    // A forced pass, or a move of Chaos's outside the sealed round under
    // way: whether a sealed plan was forced is no one else's business.
    let in_summary = |i: usize| {
        let e = &entries[i];
        let forced_pass = e.automatic && e.mv == Some(Move::Pass) && !e.secret;
        forced_pass || game.seats[e.seat].is_chaos && e.first < sealed_from
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < entries.len() {
        if !in_summary(i) {
            let line = format!("{}: {}", who(entries[i].seat), entries[i].text);
            out.push((line, entries[i].end));
            i += 1;
            continue;
        }
        let start = i;
        while i < entries.len() && in_summary(i) {
            i += 1;
        }
        let to_the_end = i == entries.len() && state.is_terminal();
        let end = entries[i - 1].end;
        let lines = summary(state, viewer, &entries[start..i], to_the_end, who);
        out.extend(lines.into_iter().map(|line| (line, end)));
    }
    out
}

/// A run of forced passes and Chaos's moves in a line or two: "Chaos
/// (pink) placed 4 pink circles: (3,1,1), (3,1,2), (4,1,1), (3,1,3); then
/// passed." and "ann (black) and bob (white) had no move and passed."
fn summary(
    state: &State,
    viewer: Option<usize>,
    run: &[Entry],
    to_the_end: bool,
    who: &dyn Fn(usize) -> String,
) -> Vec<String> {
    let game = state.game();
    let mut out = Vec::new();
    let view: Shown = match viewer {
        Some(seat) => state.player_view(seat).into(),
        None => state.public_view().into(),
    };
    let chaos: Vec<&Entry> = run
        .iter()
        .filter(|e| game.seats[e.seat].is_chaos && !(e.automatic && e.mv == Some(Move::Pass)))
        .collect();
    if let Some(first) = chaos.first() {
        let mut parts = Vec::new();
        let mut placed: Vec<((Color, Shape), Vec<u16>)> = Vec::new();
        let mut moved = Vec::new();
        let mut unseen = false;
        for e in &chaos {
            match e.mv {
                _ if e.secret => unseen = true,
                // An attempt that ran into a hidden piece placed nothing.
                Some(Move::Place { .. }) if e.text.contains("blocked at") => {
                    moved.push(e.text.to_string())
                }
                Some(Move::Place { color, shape, to }) => {
                    match placed.iter_mut().find(|(kind, _)| *kind == (color, shape)) {
                        Some((_, cells)) => cells.push(to),
                        None => placed.push(((color, shape), vec![to])),
                    }
                }
                Some(Move::Pass) => {}
                _ => moved.push(e.text.to_string()),
            }
        }
        if !placed.is_empty() {
            let groups: Vec<String> = placed
                .iter()
                .map(|(kind, cells)| pieces_at(state, &view, *kind, cells))
                .collect();
            parts.push(format!("placed {}", groups.join(" and ")));
        }
        if !moved.is_empty() {
            parts.push(format!("moved: {}", moved.join("; ")));
        }
        if unseen {
            // Never how many: a count would tell what the moves hide.
            parts.push("played privately (you cannot see what, or how many moves)".into());
        }
        let passed = chaos.iter().any(|e| e.mv == Some(Move::Pass) && !e.secret);
        match (parts.is_empty(), passed) {
            (true, _) => parts.push("passed".into()),
            (false, true) => parts.push("then passed".into()),
            (false, false) => {}
        }
        out.push(format!("{} {}.", who(first.seat), parts.join("; ")));
    }
    let mut forced: Vec<usize> = run
        .iter()
        .filter(|e| e.automatic && e.mv == Some(Move::Pass))
        .map(|e| e.seat)
        .collect();
    forced.sort_unstable();
    forced.dedup();
    // A seat that left passes every turn: said as such, not as stuck.
    let (gone, forced): (Vec<usize>, Vec<usize>) =
        forced.into_iter().partition(|&s| state.has_left(s));
    if !gone.is_empty() {
        let names: Vec<String> = gone.iter().map(|&s| who(s)).collect();
        let turns = if gone.len() == 1 {
            "their turn"
        } else {
            "their turns"
        };
        out.push(format!(
            "{} left the match, so {turns} passed.",
            join_and(&names)
        ));
    }
    if !forced.is_empty() {
        let names: Vec<String> = forced.iter().map(|&s| who(s)).collect();
        let until = if to_the_end {
            ", until the match ended"
        } else {
            ""
        };
        out.push(format!(
            "{} had no move and passed{until}.",
            join_and(&names)
        ));
    }
    out
}

/// "4 pink circles: (3,1,1), (3,1,2), (4,1,1), (3,1,3)", "a pink X at
/// (2,2)", with how many of them the viewer sees there now when some were
/// taken since ("none left", "2 left").
fn pieces_at(state: &State, view: &Shown, (color, shape): (Color, Shape), cells: &[u16]) -> String {
    let game = state.game();
    // Each space once, in the order first placed: "(3,1,2) ×2"; on stacks
    // each stack once, as it is typed: "Chaos's den (stack 4) ×2".
    let mut distinct: Vec<u16> = Vec::new();
    for &c in cells {
        if !distinct.contains(&c) {
            distinct.push(c);
        }
    }
    let mut names: Vec<(String, usize)> = Vec::new();
    for &c in cells {
        let words = game.place_words(c);
        match names.iter_mut().find(|(w, _)| *w == words) {
            Some((_, n)) => *n += 1,
            None => names.push((words, 1)),
        }
    }
    let names: Vec<String> = names
        .into_iter()
        .map(|(words, n)| match n {
            1 => words,
            n => format!("{words} ×{n}"),
        })
        .collect();
    let seen = |c: u16| view.spaces().get(usize::from(c)).copied();
    let left = distinct
        .iter()
        .filter(|&&c| seen(c).map(|s| s.seen) == Some(Seen::Piece(color, shape)))
        .count();
    // Under haze the viewer cannot tell taken from hidden: no word on it.
    let hazy = distinct.iter().any(|&c| seen(c).is_none_or(|s| s.cloaked));
    let left = match left {
        _ if left == cells.len() || hazy => String::new(),
        0 if cells.len() == 1 => ", since taken".to_string(),
        0 => ", none left".to_string(),
        n => format!(", {n} left"),
    };
    match cells {
        [_] => format!(
            "a {} {} at {}{left}",
            color.name(),
            game.shape_words(shape),
            names[0]
        ),
        // Labels have no plural: "6 pink circles (wolf)".
        _ => format!(
            "{} {} {}{}: {}{left}",
            cells.len(),
            color.name(),
            shape.plural(),
            game.rules
                .labels
                .shape(shape)
                .map(|label| format!(" ({label})"))
                .unwrap_or_default(),
            names.join(", ")
        ),
    }
}

/// What is said where seats' pieces met in a sealed round, from history
/// entry `from`: the space, whose pieces met, and what stands there now as
/// the channel sees it ("Collision on stack 1: ann (black)'s circle and
/// bob (white)'s pentagon met; the stack holds, bottom to top: ann
/// (black)'s circle, ann (black)'s pentagon."), and the history entry
/// where that round's plans end.
fn collisions(state: &State, from: usize, who: &dyn Fn(usize) -> String) -> (Vec<String>, usize) {
    let game = state.game();
    if game
        .rules
        .phases
        .iter()
        .all(|p| p.order == Order::Sequential)
    {
        return (Vec::new(), from);
    }
    let geo = &game.geometry;
    let stacks = geo.kind == BoardKind::Stacks;
    // Per space, the seats arriving and with what. A round's plans come in
    // seat order, each judged from the round's start, so pieces planned
    // for one space name it alike (on stacks, the same height too).
    let mut arrivals: Vec<(u16, Vec<(usize, String)>)> = Vec::new();
    let from = from.min(state.history().len());
    let history: Vec<_> = state.history().since(from).copied().collect();
    let round = history
        .windows(2)
        .position(|pair| pair[1].seat() < pair[0].seat())
        .map_or(history.len(), |last| last + 1);
    // Plans still sealed (the round goes on) never meet in the channel's
    // eyes: where they go is the secret.
    let sealed = |i: usize| state.is_secret_to(from + i, None);
    for (i, applied) in history[..round].iter().enumerate() {
        if sealed(i) {
            continue;
        }
        let (what, to) = match applied.mv {
            Move::Place { shape, to, .. } => (game.shape_words(shape), to),
            Move::Step { to, .. } | Move::Promote { to, .. } => ("piece".to_string(), to),
            _ => continue,
        };
        let key = to;
        let seat = applied.seat();
        let arrival = (seat, format!("{}'s {what}", who(seat)));
        match arrivals.iter_mut().find(|(cell, _)| *cell == key) {
            Some((_, here)) if !here.iter().any(|(s, _)| *s == seat) => here.push(arrival),
            Some(_) => {}
            None => arrivals.push((key, vec![arrival])),
        }
    }
    let view = state.public_view();
    let owner = |color: Color| match game.seats.iter().position(|s| s.color == color) {
        Some(seat) => format!("{}'s", who(seat)),
        None => format!("a {}", color.name()),
    };
    let seen = |cell: u16| match view.spaces().get(usize::from(cell)).map(|s| s.seen) {
        Some(Seen::Piece(color, shape)) => {
            Some(format!("{} {}", owner(color), game.shape_words(shape)))
        }
        Some(Seen::Obscured(color)) => Some(format!("{} piece", owner(color))),
        _ => None,
    };
    let lines = arrivals
        .into_iter()
        .filter(|(_, seats)| seats.len() > 1)
        .map(|(cell, seats)| {
            let met: Vec<String> = seats.into_iter().map(|(_, words)| words).collect();
            let standing = if stacks {
                let pieces: Vec<String> = geo.columns()[geo.column_of(cell)]
                    .iter()
                    .filter_map(|&c| seen(c))
                    .collect();
                match pieces.as_slice() {
                    [] => "the stack is empty".to_string(),
                    _ => format!("the stack holds, bottom to top: {}", pieces.join(", ")),
                }
            } else {
                match seen(cell) {
                    Some(piece) => format!("{piece} stands there"),
                    None if met.len() == 2 => "both were destroyed".to_string(),
                    None => "all were destroyed".to_string(),
                }
            };
            // The place as people type it: "stack 5" on stacks.
            let place = if stacks {
                format!("on {}", game.place_words(cell))
            } else {
                format!("at {}", geo.name(cell))
            };
            format!("Collision {place}: {} met; {standing}.", join_and(&met))
        })
        .collect();
    (lines, from + round)
}

#[cfg(test)]
mod tests {
    use super::*;
    use redscience_engine::notation::apply_turn;
    use redscience_engine::{Game, RuleSet, catalogue};

    fn start(rules: RuleSet) -> State {
        Game::new(rules).expect("a valid rule set").start()
    }

    fn play(state: &mut State, turns: &[&str]) {
        for turn in turns {
            apply_turn(state, turn, |_| None).unwrap_or_else(|e| panic!("{turn}: {e}"));
        }
    }

    fn who(seat: usize) -> String {
        ["ann", "bob", "Chaos", "dee"][seat].to_string()
    }

    #[test]
    fn chaos_and_forced_passes_are_told_in_a_line_each() {
        let rules = catalogue::all()
            .into_iter()
            .find(|r| r.name == "StagHunt")
            .expect("StagHunt is in the catalogue");
        let mut state = start(rules);
        // Both hunt the stag; Chaos then places its circles one by one, and
        // the pentagons take every one of them.
        play(&mut state, &["3", "4"]);
        while !state.is_terminal() {
            let mv = state
                .legal()
                .to_vec()
                .into_iter()
                .find(|m| m.is_board_move())
                .expect("Chaos places while it can; the rest is automatic");
            state.apply(mv).unwrap();
        }
        let lines = move_lines(&state, 0, None, &who);
        assert_eq!(lines.len(), 4, "{lines:#?}");
        assert_eq!(
            lines[0],
            "ann: Black hunter (pentagon) to black's stag forest (stack 3)"
        );
        assert_eq!(
            lines[1],
            "bob: White hunter (pentagon) to white's stag forest (stack 4)"
        );
        // Each circle lands on black's pentagon, which removes it.
        assert_eq!(
            lines[2],
            "Chaos placed 6 pink circles (wolf): black's stag forest (stack 3) ×6, none left."
        );
        assert_eq!(
            lines[3],
            "ann, bob, and Chaos had no move and passed, until the match ended."
        );
    }

    #[test]
    fn a_tower_is_one_line_told_when_built_whatever_its_height() {
        let rules = catalogue::get("KBeauty9").expect("KBeauty9 is in the catalogue");
        for bricks in [0, 1, 3] {
            let mut state = start(rules.clone());
            let mut told = Vec::new();
            let mut turns = 0;
            // A tower of none takes two passes to end black's phase.
            while state.phase() == 0 {
                let from = state.history().len();
                play(&mut state, &[if turns < bricks { "1" } else { "pass" }]);
                told.push(move_lines(&state, from, None, &who));
                turns += 1;
            }
            let mut expected = vec![Vec::<String>::new(); turns - 1];
            expected.push(vec![
                "ann: (played privately: you cannot see what, or how many moves)".to_string(),
            ]);
            assert_eq!(told, expected, "{bricks} bricks");
            // Ann is told each of her own.
            let own = move_lines(&state, 0, Some(0), &who);
            assert_eq!(
                own.iter().filter(|l| l.contains("brick")).count(),
                bricks,
                "{own:?}"
            );
        }
    }

    #[test]
    fn a_sealed_plan_is_never_told_as_forced() {
        let rules: RuleSet = serde_json::from_value(serde_json::json!({
            "schema_version": 1, "name": "OneWhite", "board": "squares", "dimensions": [3, 1, 1],
            "phases": [{"order": "simultaneous"}],
            "shapes": [{"reserves": {"black": 0, "white": 1}}],
            "stalemate": [{"rule": "most", "of": {"measure": "pieces"}, "result": "win"}]}))
        .expect("a rule set");
        let state = start(rules);
        assert_eq!(state.to_move(), 1, "black's plan, a pass, was made for it");
        assert_eq!(
            move_lines(&state, 0, Some(1), &who),
            vec!["ann: (a sealed plan)"]
        );
        assert_eq!(
            move_lines(&state, 0, None, &who),
            vec!["ann: (a sealed plan)"]
        );
        assert_eq!(
            move_lines(&state, 0, Some(0), &who),
            vec!["ann had no move and passed."],
            "ann knows her own plan"
        );
    }
}
