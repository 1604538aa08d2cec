//! The rules in the spec's words, as the game list writes them: the board,
//! the players and colours, options that differ from Tic-Tac-Toe, the
//! special spaces, one line per shape, the outcome rules, and the phases.

use crate::RuleSet;
use crate::rules::{
    BoardKind, Cloaking, Color, ColorMode, FoldRule, Measure, Order, Phase, Power, SeatRef, Shape,
    ShapeRules, SpaceRef, StalemateRule, TurnCheck, WinLose,
};

/// One line per rule, e.g. "Played on a hash (3, 3)".
pub fn describe(rules: &RuleSet) -> Vec<String> {
    let mut lines = vec![
        board_line(rules),
        rules.players.words().to_string(),
        rules.colors.words().to_string(),
    ];
    if rules.colors_per_seat > 1 {
        lines.push(colors_per_seat_line(rules));
    }
    if let Some(c) = rules.chaos_color {
        lines.push(format!("Chaos plays {}", c.name()));
    }
    match rules.cloaking {
        Cloaking::None => {}
        Cloaking::Hides => lines.push("Cloaking hides".into()),
        Cloaking::Obscures => lines.push("Cloaking obscures".into()),
    }
    if rules.pieces_up_to {
        lines.push(format!("1 to {} pieces/turn", rules.pieces_per_turn));
    } else if rules.pieces_per_turn != 1 {
        lines.push(format!("{} pieces/turn", rules.pieces_per_turn));
    }
    if rules.capture_moves_again {
        lines.push("Another move after a capture".into());
    }
    lines.extend(dice_words(rules));
    if rules.seconds_per_turn != 60 {
        lines.push(format!("{}/turn", time_words(rules.seconds_per_turn)));
    }
    if rules.draw_option {
        lines.push("Option to Agree Draw".into());
    }
    if rules.overachievers_disqualified {
        lines.push("Overachiever(s) disqualified".into());
    }
    if rules.walls_stop_slides {
        lines.push("Walls stop slides".into());
    }
    if !rules.sticky.is_empty() {
        let (spaces, verb) = spaces_with_verb(rules, &rules.sticky);
        lines.push(capitalize(&format!("{spaces} {verb} sticky")));
    }
    for ex in &rules.exclusive {
        let (spaces, verb) = spaces_with_verb(rules, &ex.spaces);
        let seats: Vec<String> = ex.seats.iter().map(|s| seat_name(rules, *s)).collect();
        lines.push(capitalize(&format!(
            "{spaces} {verb} exclusive to {}",
            join_and(&seats)
        )));
    }
    lines.extend(initial_lines(rules));
    let mut shapes: Vec<&ShapeRules> = rules.shapes.iter().collect();
    shapes.sort_by_key(|s| s.shape);
    lines.extend(shapes.into_iter().map(|s| shape_line(rules, s)));
    lines.extend(rules.turn_checks.iter().map(turn_check_words));
    lines.extend(rules.stalemate.iter().map(stalemate_words));
    lines.extend(ending_lines(rules));
    lines.extend(rules.score.map(crate::rules::Score::words));
    if rules.phases.len() > 1 || rules.phases.first().is_some_and(|p| *p != Phase::default()) {
        for (i, p) in rules.phases.iter().enumerate() {
            lines.push(format!(
                "{}: {}",
                rules.labels.phase_words(i),
                phase_words(rules, p)
            ));
        }
    }
    for label in &rules.labels.spaces {
        let (spaces, verb) = spaces_with_verb(rules, std::slice::from_ref(&label.at));
        lines.push(capitalize(&format!(
            "{spaces} {verb} called \"{}\"",
            label.label
        )));
    }
    lines
}

/// The rules that end a match beyond checks and stalemates, where they
/// differ from the Factory's: "A player who cannot move loses", "A
/// repeated turn draws", "Stalemate after 200 turns".
fn ending_lines(rules: &RuleSet) -> Vec<String> {
    let mut lines = Vec::new();
    if !rules.no_move.is_pass() {
        lines.push(rules.no_move.words().to_string());
    }
    if !rules.repetition.is_stalemate() {
        lines.push(rules.repetition.words().to_string());
    }
    if let Some(turns) = rules.turn_limit {
        lines.push(format!("Stalemate after {turns} turns"));
    }
    if let Some(turns) = rules.quiet_turn_limit {
        lines.push(format!(
            "Stalemate after {turns} turns without capture or placement"
        ));
    }
    if rules.lines_at_start {
        lines.push("Lines on the board at the start count".to_string());
    }
    lines
}

fn board_line(rules: &RuleSet) -> String {
    let [x, y, z] = rules.dimensions;
    match (rules.board, rules.boards) {
        (BoardKind::Hash, 1) => "Played on a hash (3, 3)".into(),
        (BoardKind::Hash, n) => format!("Played on {n} hash boards (3, 3)"),
        (BoardKind::Hexagons, n) if rules.hexagon_shaped => {
            let side = x.div_ceil(2);
            let layers = if z > 1 {
                format!(", {z} layers")
            } else {
                String::new()
            };
            let boards = if n > 1 {
                format!("{n} boards, each ")
            } else {
                String::new()
            };
            format!(
                "Played on {boards}a hexagon of hexagons, {side} on a side ({x} across{layers})"
            )
        }
        (kind, 1) => format!("Played on {x}x{y}x{z} {}", kind.words()),
        (kind, n) => format!("Played on {n} boards of {x}x{y}x{z} {}", kind.words()),
    }
}

/// "60 seconds", "1 hour", "3 days": a turn's time in the largest whole unit.
pub fn time_words(seconds: u32) -> String {
    let (n, unit) = if seconds.is_multiple_of(86_400) {
        (seconds / 86_400, "day")
    } else if seconds.is_multiple_of(3_600) {
        (seconds / 3_600, "hour")
    } else {
        (seconds, "second")
    };
    let s = if n == 1 { "" } else { "s" };
    format!("{n} {unit}{s}")
}

/// "A", "A and B", "A, B, and C".
pub fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} and {b}"),
        [rest @ .., last] => format!("{}, and {last}", rest.join(", ")),
    }
}

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// "2 colours per player: black and pink; white and yellow".
fn colors_per_seat_line(rules: &RuleSet) -> String {
    let seats: Vec<String> = (0..rules.players.player_seats())
        .map(|seat| {
            let colors: Vec<String> = crate::validate::seat_colors(rules, seat)
                .iter()
                .map(|c| c.name().to_string())
                .collect();
            join_and(&colors)
        })
        .collect();
    format!(
        "{} colours per player: {}",
        rules.colors_per_seat,
        seats.join("; ")
    )
}

/// A seat by its colour where colours are assigned, else by number.
fn seat_name(rules: &RuleSet, seat: SeatRef) -> String {
    match seat {
        SeatRef::Chaos => "Chaos".into(),
        SeatRef::Player(n) => match (
            rules.colors,
            crate::validate::player_colors(rules).get(usize::from(n).wrapping_sub(1)),
        ) {
            (ColorMode::Assigned, Some(c)) => c.name().into(),
            _ => format!("seat {n}"),
        },
    }
}

/// True when the reference names one whole stack.
fn is_stack(rules: &RuleSet, r: &SpaceRef) -> bool {
    rules.board == BoardKind::Stacks
        && r.z.is_none()
        && r.x.is_some()
        && (r.y.is_some() || rules.dimensions[1] == 1)
}

/// "(2,3)" on flat boards, "(2,3,1)" in 3-D, "stack 3", "all spaces",
/// with " on board 2" when the reference names one board of several.
fn space_words(rules: &RuleSet, r: &SpaceRef) -> String {
    let coord = |c: Option<u8>| c.map_or("*".to_string(), |v| v.to_string());
    let text = if r.x.is_none() && r.y.is_none() && r.z.is_none() {
        "all spaces".to_string()
    } else if is_stack(rules, r) {
        match (r.x, r.y) {
            (Some(x), Some(y)) if rules.dimensions[1] > 1 => format!("stack ({x},{y})"),
            (Some(x), _) => format!("stack {x}"),
            _ => unreachable!("a stack names its x"),
        }
    } else if rules.dimensions[2] == 1 && r.z.is_none_or(|z| z == 1) {
        format!("({},{})", coord(r.x), coord(r.y))
    } else {
        format!("({},{},{})", coord(r.x), coord(r.y), coord(r.z))
    };
    match r.board {
        Some(b) if rules.boards > 1 => format!("{text} on board {b}"),
        _ => text,
    }
}

/// The spaces joined, and "is" or "are" to follow them.
fn spaces_with_verb(rules: &RuleSet, refs: &[SpaceRef]) -> (String, &'static str) {
    let words: Vec<String> = refs.iter().map(|r| space_words(rules, r)).collect();
    // `describe` takes rule sets not yet validated: a list may be empty.
    let verb = if words.len() > 1 || words.first().is_some_and(|w| w.starts_with("all")) {
        "are"
    } else {
        "is"
    };
    (join_and(&words), verb)
}

/// "Starts with 2 white pentagons on stack 2", "Starts with white at (10,10)";
/// consecutive entries for one place share a line.
fn initial_lines(rules: &RuleSet) -> Vec<String> {
    let one_shape = rules.shapes.len() == 1;
    let mut lines = Vec::new();
    let mut i = 0;
    while i < rules.initial.len() {
        let at = rules.initial[i].at;
        // A run of single pieces of one colour and shape on cells of their
        // own reads as one line: a draughts board's 12 men.
        let first = &rules.initial[i];
        let run = rules.initial[i..]
            .iter()
            .take_while(|p| {
                p.color == first.color
                    && p.shape == first.shape
                    && p.count == 1
                    && p.at.x.is_some()
                    && p.at.y.is_some()
                    && !is_stack(rules, &p.at)
            })
            .count();
        if run >= 3 {
            let places: Vec<String> = (rules.initial[i..i + run].iter())
                .map(|p| space_words(rules, &p.at))
                .collect();
            let shape = if one_shape {
                String::new()
            } else {
                format!(" {}", first.shape.plural())
            };
            lines.push(format!(
                "Starts with {}{shape} at {}",
                first.color.name(),
                join_and(&places)
            ));
            i += run;
            continue;
        }
        let entries = rules.initial[i..].iter().take_while(|p| p.at == at).count();
        // Consecutive entries of one colour and shape read as one count.
        let mut merged: Vec<(Color, Shape, u32)> = Vec::new();
        for p in &rules.initial[i..i + entries] {
            match merged.last_mut() {
                Some((c, s, n)) if *c == p.color && *s == p.shape => *n += u32::from(p.count),
                _ => merged.push((p.color, p.shape, u32::from(p.count))),
            }
        }
        let group: Vec<String> = merged
            .into_iter()
            .map(|(color, shape, count)| {
                let shape = if one_shape && rules.shapes[0].shape == shape {
                    String::new()
                } else if count == 1 {
                    format!(" {}", shape.name())
                } else {
                    format!(" {}", shape.plural())
                };
                match count {
                    1 => format!("{}{shape}", color.name()),
                    n => format!("{n} {}{shape}", color.name()),
                }
            })
            .collect();
        i += entries;
        let place = space_words(rules, &at);
        let preposition = if is_stack(rules, &at) || place.starts_with("all") {
            "on"
        } else {
            "at"
        };
        lines.push(format!(
            "Starts with {} {preposition} {place}",
            join_and(&group)
        ));
    }
    lines
}

/// "Pentagon: Stationary, Can capture, Cover, Removes captive(s), 1 black starts in reserve".
fn shape_line(rules: &RuleSet, s: &ShapeRules) -> String {
    let mut parts: Vec<String> = s.movement.iter().map(|m| m.words().to_string()).collect();
    parts.extend(s.axis.map(|a| a.words().to_string()));
    let any_movement = rules.shapes.iter().any(|o| !o.movement.is_empty());
    if parts.is_empty() && (s.power != Power::None || any_movement) {
        parts.push("Stationary".into());
    }
    match s.power {
        Power::None => {}
        Power::Must | Power::Can | Power::Only => parts.push(s.power.words().into()),
    }
    parts.extend(s.capture.map(|c| c.words().to_string()));
    parts.extend(s.result.map(|r| r.words().to_string()));
    if s.chain == crate::rules::Chain::MustContinue {
        parts.push("Chain must continue".into());
    }
    if !s.jump_over.is_enemy() {
        parts.push(s.jump_over.words().into());
    }
    if s.jump_line {
        parts.push("Jumps over lines".into());
    }
    if s.chain_no_return {
        parts.push("Chain never returns".into());
    }
    parts.extend(s.trail.map(|t| t.words()));
    let reserves: Vec<String> = s
        .reserves
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(c, n)| format!("{n} {}", c.name()))
        .collect();
    if !reserves.is_empty() {
        let single = reserves.len() == 1 && s.reserves.values().sum::<u16>() == 1;
        let verb = if single { "starts" } else { "start" };
        parts.push(format!("{} {verb} in reserve", join_and(&reserves)));
    }
    if parts.is_empty() {
        parts.push("none in reserve".into());
    }
    format!(
        "{}: {}",
        capitalize(&rules.labels.shape_words(s.shape)),
        parts.join(", ")
    )
}

fn in_a_row(length: u8) -> String {
    format!("{length}-same-color-in-a-row")
}

fn no_diagonal(diagonals: bool) -> &'static str {
    if diagonals { "" } else { " (no diagonal)" }
}

/// A turn check in the spec's words, e.g. "First 4-same-color-in-a-row wins".
pub fn turn_check_words(check: &TurnCheck) -> String {
    match check {
        TurnCheck::InARow {
            length,
            result,
            diagonals,
        } => format!(
            "First {} {}{}",
            in_a_row(*length),
            result.verb(),
            no_diagonal(*diagonals)
        ),
        TurnCheck::AllLoseIfInARow { length, diagonals } => format!(
            "All players lose if any {}{}",
            in_a_row(*length),
            no_diagonal(*diagonals)
        ),
        TurnCheck::AnyPiece { result } => format!("Any piece {}", result.verb()),
        TurnCheck::StackOfColors { colors, result } => {
            format!("First stack of {colors} own colours {}", result.verb())
        }
        TurnCheck::LastShape { shape, result } => {
            format!("Last {} {}", shape.name(), result.verb())
        }
        TurnCheck::ChaosWinsIfTotalAbove { shape, count } => {
            format!("Chaos wins if total {} > {count}", shape.plural())
        }
        TurnCheck::ReachGoal { result } => format!("Reaching the goal {}", result.verb()),
        TurnCheck::ConnectSides { result } => {
            format!("Connecting opposite sides {}", result.verb())
        }
        TurnCheck::StalemateIfChaosCannotCapture => "Stalemate if Chaos cannot capture".into(),
        TurnCheck::StalemateIfBoardFull => "Stalemate if board full".into(),
        TurnCheck::EnPassant => "En passant".into(),
        TurnCheck::Castle => "Castle".into(),
    }
}

/// A measure in words, and whether it counts diagonals.
fn measure_words(of: &Measure) -> (String, bool) {
    match of {
        Measure::LongestLine { diagonals } => ("same-color-in-a-row".into(), *diagonals),
        Measure::Lines { length, diagonals } => (in_a_row(*length), *diagonals),
        Measure::Pieces { shape } => (shape.map_or("pieces", Shape::plural).into(), true),
        Measure::Area => ("area".into(), true),
    }
}

/// A stalemate rule in the spec's words, e.g. "Most pieces wins".
pub fn stalemate_words(rule: &StalemateRule) -> String {
    let measured = |lead: &str, of: &Measure, tail: &str, result: &WinLose| {
        let (what, diagonals) = measure_words(of);
        format!(
            "{lead} {what}{tail} {}{}",
            result.verb(),
            no_diagonal(diagonals)
        )
    };
    match rule {
        StalemateRule::Draw => "Stalemate draws".into(),
        StalemateRule::AllWin => "All players win if stalemate".into(),
        StalemateRule::AllLose => "All players lose if stalemate".into(),
        StalemateRule::MoverWins => "Stalemate wins".into(),
        StalemateRule::MoverLoses => "Stalemate loses".into(),
        StalemateRule::Most { of, result } => measured("Most", of, "", result),
        StalemateRule::Least { of, result } => measured("Least", of, "", result),
        StalemateRule::MoreThanChaos { of, result } => measured("More", of, " than Chaos", result),
        StalemateRule::LessThanChaos { of, result } => measured("Less", of, " than Chaos", result),
        StalemateRule::Any { of, result } => measured("Any", of, "", result),
        StalemateRule::LastInARow {
            length,
            result,
            diagonals,
        } => format!(
            "Last {} {}{}",
            in_a_row(*length),
            result.verb(),
            no_diagonal(*diagonals)
        ),
    }
}

/// "Chaos locked", "white and Chaos locked", or as the spec's games say it
/// when all seats but one are locked, "only black unlocked".
fn locked_seats_words(rules: &RuleSet, locked: &[SeatRef]) -> String {
    let players = rules.players.player_seats();
    let mut seats: Vec<SeatRef> = (1..=players as u8).map(SeatRef::Player).collect();
    if rules.players.has_chaos() {
        seats.push(SeatRef::Chaos);
    }
    let unlocked: Vec<SeatRef> = seats
        .iter()
        .copied()
        .filter(|s| !locked.contains(s))
        .collect();
    if locked.len() >= 2 && unlocked.len() == 1 {
        return format!("only {} unlocked", seat_name(rules, unlocked[0]));
    }
    let names: Vec<String> = locked.iter().map(|s| seat_name(rules, *s)).collect();
    format!("{} locked", join_and(&names))
}

/// "Simultaneous, Placement only, Option to pass, Chaos locked, (1,4) locked, all spaces cloaked".
fn phase_words(rules: &RuleSet, p: &Phase) -> String {
    let mut parts: Vec<String> = Vec::new();
    match p.order {
        Order::Sequential => {}
        Order::Simultaneous => parts.push("Simultaneous".into()),
        Order::Single => parts.push("Single".into()),
    }
    if p.placement_only {
        parts.push("Placement only".into());
    }
    if p.pass {
        parts.push("Option to pass".into());
    }
    if !p.locked_seats.is_empty() {
        parts.push(locked_seats_words(rules, &p.locked_seats));
    }
    if !p.locked.is_empty() {
        parts.push(format!("{} locked", spaces_with_verb(rules, &p.locked).0));
    }
    if !p.cloaked.is_empty() {
        parts.push(format!("{} cloaked", spaces_with_verb(rules, &p.cloaked).0));
    }
    if let Some(FoldRule::LessThanMostCommitted) = p.fold {
        parts.push("Less-than-most committed pieces folds".into());
    }
    if let Some(no_move) = p.no_move.filter(|n| *n != rules.no_move) {
        parts.push(no_move.words().to_string());
    }
    if parts.is_empty() {
        parts.push("Sequential".into());
    }
    parts.join(", ")
}

/// The rules' die in words, if they have one: "A 6-sided die rolled each
/// turn says how far a piece moves", "A 2-sided die rolled each turn says
/// which shape plays (1 circle, 2 cross)".
pub fn dice_words(rules: &RuleSet) -> Option<String> {
    let dice = rules.dice?;
    let die = format!("A {}-sided die rolled each turn says", dice.faces);
    match dice.decides {
        crate::rules::DiceDecides::Distance => Some(format!("{die} how far a piece moves")),
        crate::rules::DiceDecides::Shape => {
            let faces: Vec<String> = (1..=dice.faces)
                .filter_map(|face| Some(format!("{face} {}", rules.shape_of_face(face)?.name())))
                .collect();
            Some(format!("{die} which shape plays ({})", faces.join(", ")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn lines(extra: Value) -> Vec<String> {
        describe(&crate::testing::rules(extra))
    }

    /// Found by the rule_set_json fuzz target: an empty list of spaces
    /// (invalid, but described before validation) panicked.
    #[test]
    fn an_empty_list_of_spaces_does_not_panic() {
        let got = lines(json!({
            "board": "stacks",
            "exclusive": [{"seats": [1], "spaces": []}],
        }));
        assert!(
            got.iter().any(|line| line.contains("exclusive to")),
            "{got:?}"
        );
    }

    #[test]
    fn tic_tac_toe_in_the_spec_words() {
        assert_eq!(
            describe(&RuleSet::tic_tac_toe("Tic-Tac-Toe")),
            [
                "Played on a hash (3, 3)",
                "2-Player",
                "Assigned Colors",
                "Circle: 5 black and 4 white start in reserve",
                "First 3-same-color-in-a-row wins",
                "Stalemate draws"
            ]
        );
    }

    #[test]
    fn labels_name_shapes_phases_and_spaces() {
        let got = lines(json!({
            "schema_version": 2, "board": "stacks", "dimensions": [2, 1, 2],
            "shapes": [{"reserves": {"black": 2, "white": 2}}],
            "phases": [{}, {"pass": true}],
            "labels": {"shapes": {"circle": "coin"}, "phases": ["Invest"],
                "spaces": [{"at": "2", "label": "the pot"}]}}));
        assert!(
            got.contains(&"Coin (circle): 2 black and 2 white start in reserve".to_string()),
            "{got:?}"
        );
        assert!(
            got.iter().any(|l| l.starts_with("Phase 1 (Invest): ")),
            "{got:?}"
        );
        assert!(got.iter().any(|l| l.starts_with("Phase 2: ")), "{got:?}");
        assert!(
            got.contains(&"Stack 2 is called \"the pot\"".to_string()),
            "{got:?}"
        );
    }

    #[test]
    fn connect6_options_and_a_starting_stone() {
        assert_eq!(
            lines(
                json!({"board": "squares", "dimensions": [19, 19, 1], "pieces_per_turn": 2,
                "seconds_per_turn": 300,
                "shapes": [{"reserves": {"black": 180, "white": 180}}],
                "initial": [{"at": "10,10,1", "color": "white"}],
                "turn_checks": [{"check": "in_a_row", "length": 6, "result": "win"}]})
            ),
            [
                "Played on 19x19x1 squares",
                "2-Player",
                "Assigned Colors",
                "2 pieces/turn",
                "300 seconds/turn",
                "Starts with white at (10,10)",
                "Circle: 180 black and 180 white start in reserve",
                "First 6-same-color-in-a-row wins",
                "Stalemate draws"
            ]
        );
    }

    #[test]
    fn a_stacks_game_with_chaos_shapes_and_phases() {
        let got = lines(json!({"board": "stacks", "dimensions": [3, 1, 9],
            "players": "two_vs_chaos", "chaos_color": "yellow", "cloaking": "hides",
            "exclusive": [{"seats": [1], "spaces": ["1"]}, {"seats": [2, "chaos"], "spaces": ["2", "3"]}],
            "initial": [{"at": "2", "color": "white", "shape": "pentagon", "count": 2},
                        {"at": "2", "color": "white", "shape": "pentagon"},
                        {"at": "2", "color": "black"}],
            "shapes": [
                {"shape": "pentagon", "power": "can", "capture": "cover", "result": "reincarnate_x2",
                 "reserves": {"black": 1}},
                {"reserves": {"black": 9, "white": 7, "yellow": 3}}],
            "turn_checks": [{"check": "chaos_wins_if_total_above", "shape": "circle", "count": 9}],
            "stalemate": [{"rule": "least", "of": {"measure": "pieces"}, "result": "lose"}],
            "phases": [
                {"pass": true, "locked_seats": [2, "chaos"], "cloaked": ["all"]},
                {"order": "single", "placement_only": true, "locked_seats": ["chaos"], "locked": ["3"],
                 "cloaked": ["all"]},
                {}]}));
        assert_eq!(
            got,
            [
                "Played on 3x1x9 stacks",
                "2 vs Chaos",
                "Assigned Colors",
                "Chaos plays yellow",
                "Cloaking hides",
                "Stack 1 is exclusive to black",
                "Stack 2 and stack 3 are exclusive to white and Chaos",
                "Starts with 3 white pentagons and black circle on stack 2",
                "Circle: 9 black, 7 white, and 3 yellow start in reserve",
                "Pentagon: Stationary, Can capture, Cover, Reincarnates captive(s) x2, 1 black starts in reserve",
                "Chaos wins if total circles > 9",
                "Least pieces loses",
                "Phase 1: Option to pass, only black unlocked, all spaces cloaked",
                "Phase 2: Single, Placement only, Chaos locked, stack 3 locked, all spaces cloaked",
                "Phase 3: Sequential"
            ]
        );
    }

    #[test]
    fn boards_time_and_game_options() {
        let got = lines(
            json!({"boards": 3, "board": "stacks", "dimensions": [2, 1, 13],
            "seconds_per_turn": 86400, "draw_option": true, "players": "four",
            "overachievers_disqualified": true, "cloaking": "obscures",
            "shapes": [{"reserves": {"black": 13, "white": 1}}]}),
        );
        assert_eq!(got[0], "Played on 3 boards of 2x1x13 stacks");
        assert_eq!(
            got[3..8],
            [
                "Cloaking obscures",
                "1 day/turn",
                "Option to Agree Draw",
                "Overachiever(s) disqualified",
                "Circle: 13 black and 1 white start in reserve"
            ]
        );
        for (seconds, words) in [
            (3, "3 seconds/turn"),
            (3600, "1 hour/turn"),
            (43200, "12 hours/turn"),
            (259_200, "3 days/turn"),
            (604_800, "7 days/turn"),
        ] {
            assert_eq!(format!("{}/turn", time_words(seconds)), words);
        }
    }

    #[test]
    fn every_outcome_rule_in_words() {
        let got = lines(json!({"players": "one_vs_chaos",
            "shapes": [{"movement": ["adjacent", "linear_or_knight"], "reserves": {"black": 3}},
                       {"shape": "pentagon", "power": "must", "capture": "cover_by_rank", "result": "remove"}],
            "sticky": ["3,1,1"],
            "turn_checks": [
                {"check": "in_a_row", "length": 3, "result": "win", "diagonals": false},
                {"check": "in_a_row", "length": 2, "result": "lose"},
                {"check": "all_lose_if_in_a_row", "length": 3},
                {"check": "any_piece", "result": "win"},
                {"check": "last_shape", "shape": "pentagon", "result": "win"},
                {"check": "stalemate_if_chaos_cannot_capture"},
                {"check": "en_passant"}, {"check": "castle"}],
            "stalemate": [
                {"rule": "draw"}, {"rule": "all_win"}, {"rule": "all_lose"},
                {"rule": "mover_wins"}, {"rule": "mover_loses"},
                {"rule": "most", "of": {"measure": "longest_line"}, "result": "win"},
                {"rule": "most", "of": {"measure": "lines", "length": 2}, "result": "win"},
                {"rule": "most", "of": {"measure": "pieces", "shape": "circle"}, "result": "win"},
                {"rule": "most", "of": {"measure": "area"}, "result": "win"},
                {"rule": "least", "of": {"measure": "longest_line", "diagonals": false}, "result": "lose"},
                {"rule": "more_than_chaos", "of": {"measure": "pieces"}, "result": "win"},
                {"rule": "less_than_chaos", "of": {"measure": "pieces"}, "result": "lose"},
                {"rule": "any", "of": {"measure": "lines", "length": 3}, "result": "win"},
                {"rule": "last_in_a_row", "length": 3, "result": "win"}]}));
        assert_eq!(
            got[3..],
            [
                "(3,1) is sticky",
                "Circle: Moves adjacent, Moves linear or knight, 3 black start in reserve",
                "Pentagon: Stationary, Must capture, Cover by rank, Removes captive(s)",
                "First 3-same-color-in-a-row wins (no diagonal)",
                "First 2-same-color-in-a-row loses",
                "All players lose if any 3-same-color-in-a-row",
                "Any piece wins",
                "Last pentagon wins",
                "Stalemate if Chaos cannot capture",
                "En passant",
                "Castle",
                "Stalemate draws",
                "All players win if stalemate",
                "All players lose if stalemate",
                "Stalemate wins",
                "Stalemate loses",
                "Most same-color-in-a-row wins",
                "Most 2-same-color-in-a-row wins",
                "Most circles wins",
                "Most area wins",
                "Least same-color-in-a-row loses (no diagonal)",
                "More pieces than Chaos wins",
                "Less pieces than Chaos loses",
                "Any 3-same-color-in-a-row wins",
                "Last 3-same-color-in-a-row wins"
            ]
        );
    }

    #[test]
    fn seats_are_numbered_without_assigned_colours_and_spaces_keep_their_board() {
        let got = lines(json!({"players": "three", "colors": "shared", "boards": 2,
            "board": "squares", "dimensions": [3, 3, 3],
            "shapes": [{"reserves": {"black": 9}}],
            "exclusive": [{"seats": [3], "spaces": ["2:1,1,2"]}],
            "phases": [{"locked_seats": [2], "locked": ["1,4", "2,2"]}]}));
        assert!(
            got.contains(&"(1,1,2) on board 2 is exclusive to seat 3".to_string()),
            "{got:?}"
        );
        assert_eq!(
            got.last().unwrap(),
            "Phase 1: seat 2 locked, (1,4,*) and (2,2,*) locked"
        );
    }

    #[test]
    fn the_wild_game_locks_in_its_single_phase() {
        let wild = crate::catalogue::get("Wild-TTT-6sq3143").unwrap();
        let got = describe(&wild);
        assert_eq!(got[0], "Played on 6x6x1 squares");
        assert_eq!(got[2], "Players Choose Color");
        assert_eq!(got.last().unwrap(), "Phase 1: (3,1) and (4,3) locked");
    }
}
