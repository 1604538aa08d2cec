//! Seats and colours: which colours a game plays, and which seats a rule may name.

use crate::RuleSet;
use crate::rules::{Color, ColorMode, Players, SeatRef};

use super::Report;

/// The colours the players (not Chaos) place: each seat's first in seat
/// order, then each seat's second, and so on (see [`seat_colors`]).
pub fn player_colors(rules: &RuleSet) -> Vec<Color> {
    let seats = rules.players.player_seats();
    match rules.colors {
        ColorMode::Assigned => {
            let count = (seats * usize::from(rules.colors_per_seat.max(1))).min(Color::ALL.len());
            Color::ALL[..count].to_vec()
        }
        ColorMode::PlayersChoose => Color::ALL[..seats].to_vec(),
        ColorMode::Shared => vec![Color::Black],
        ColorMode::PartnersShare => vec![Color::Black, Color::White],
    }
}

/// Chaos's colour: the one the game names, or the colour after the players'
/// seats (pink in 2 vs Chaos), as the seats of a match get it.
pub(crate) fn chaos_color(rules: &RuleSet) -> Option<Color> {
    rules.players.has_chaos().then(|| {
        rules
            .chaos_color
            .unwrap_or_else(|| default_chaos_color(rules))
    })
}

/// The colour after the players' own: Chaos's unless the game names one.
pub(crate) fn default_chaos_color(rules: &RuleSet) -> Color {
    let taken = match rules.colors {
        ColorMode::Assigned => usize::from(rules.colors_per_seat.max(1)),
        _ => 1,
    } * rules.players.player_seats();
    Color::ALL[taken.min(Color::ALL.len() - 1)]
}

/// The colours player seat `seat` (from 0) plays with assigned colours, its
/// own first: seat i of P plays colours i, i + P, ... of the colour order.
pub fn seat_colors(rules: &RuleSet, seat: usize) -> Vec<Color> {
    let seats = rules.players.player_seats();
    (0..usize::from(rules.colors_per_seat.max(1)))
        .filter_map(|k| Color::ALL.get(seat + k * seats).copied())
        .collect()
}

/// Every colour a piece of this game may have: the players' colours, then Chaos's.
pub fn colors_in_play(rules: &RuleSet) -> Vec<Color> {
    let mut colors = player_colors(rules);
    if let Some(c) = chaos_color(rules)
        && !colors.contains(&c)
    {
        colors.push(c);
    }
    colors
}

/// Colours joined for a message: "black", "black and white", "black, white and pink".
pub(super) fn color_list(colors: &[Color]) -> String {
    let names: Vec<&str> = colors.iter().map(|c| c.name()).collect();
    match names.as_slice() {
        [] => "none".to_string(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The seats a rule may name in this game, for messages.
fn seats_text(players: Players) -> String {
    let seats = match players.player_seats() {
        1 => "seat 1".to_string(),
        n => format!("seats 1-{n}"),
    };
    if players.has_chaos() {
        format!("{seats} and \"chaos\"")
    } else {
        seats
    }
}

/// Why a seat reference names no seat of this game, if it does not.
pub(super) fn seat_problem(rules: &RuleSet, seat: SeatRef) -> Option<String> {
    let players = rules.players;
    let exists = match seat {
        SeatRef::Player(n) => (1..=players.player_seats()).contains(&usize::from(n)),
        SeatRef::Chaos => players.has_chaos(),
    };
    let missing = match seat {
        SeatRef::Player(_) => format!("seat {seat}"),
        SeatRef::Chaos => "Chaos seat".to_string(),
    };
    (!exists).then(|| {
        format!(
            "{} has no {missing}; it has {}",
            players.words(),
            seats_text(players)
        )
    })
}

/// A list of seats: each must exist, none twice, and (when `non_empty`) at least one.
pub(super) fn check_seat_list(
    rules: &RuleSet,
    seats: &[SeatRef],
    field: &str,
    non_empty: bool,
    report: &mut Report,
) {
    if non_empty && seats.is_empty() {
        report.add(
            field,
            format!("name at least one seat: {}", seats_text(rules.players)),
        );
    }
    for (i, &seat) in seats.iter().enumerate() {
        if let Some(message) = seat_problem(rules, seat) {
            report.add(format!("{field}[{i}]"), message);
        } else if seats[..i].contains(&seat) {
            report.add(
                format!("{field}[{i}]"),
                format!("seat {seat} is listed twice; list each seat once"),
            );
        }
    }
}

/// The most colours a seat may play.
pub const COLORS_PER_SEAT_MAX: u8 = 4;

/// Several colours per seat: assigned colours, and enough colours for
/// every seat (and Chaos).
fn check_colors_per_seat(rules: &RuleSet, report: &mut Report) {
    let n = rules.colors_per_seat;
    if n == 1 {
        return;
    }
    let field = "colors_per_seat";
    if n == 0 || n > COLORS_PER_SEAT_MAX {
        report.add(
            field,
            format!("{n} colours per seat; a seat plays 1 to {COLORS_PER_SEAT_MAX} colours"),
        );
        return;
    }
    if rules.colors != ColorMode::Assigned {
        report.add(
            field,
            format!(
                "several colours per seat need assigned colours, not {}; set \"colors\": \
                 \"assigned\", or leave colors_per_seat out",
                rules.colors.words()
            ),
        );
    }
    let players = rules.players.player_seats();
    let chaos = usize::from(rules.players.has_chaos() && rules.chaos_color.is_none());
    let needed = players * usize::from(n) + chaos;
    if needed > Color::ALL.len() {
        let most = (Color::ALL.len() - chaos) / players;
        report.add(
            field,
            format!(
                "{} with {n} colours each needs {needed} colours, and there are {}; give each \
                 seat at most {most}",
                rules.players.words(),
                Color::ALL.len()
            ),
        );
    }
}

/// Players, colour mode, Chaos's colour and the overachiever rule.
pub(super) fn check(rules: &RuleSet, report: &mut Report) {
    check_colors_per_seat(rules, report);
    if rules.players == Players::One && rules.draw_option {
        report.add(
            "draw_option",
            "a game played alone has no one to agree a draw with; leave draw_option out",
        );
    }
    if rules.colors == ColorMode::PartnersShare && rules.players != Players::Partners {
        report.add(
            "colors",
            format!(
                "\"partners_share\" needs players \"partners\", not {}; choose another colour mode",
                rules.players.words()
            ),
        );
    }
    if let Some(c) = rules.chaos_color {
        if !rules.players.has_chaos() {
            report.add(
                "chaos_color",
                format!(
                    "{} has no Chaos seat; leave chaos_color out, or choose \"one_vs_chaos\", \"two_vs_chaos\" or \"three_vs_chaos\"",
                    rules.players.words()
                ),
            );
        } else if player_colors(rules).contains(&c) {
            report.add(
                "chaos_color",
                format!(
                    "{} is a player's colour; Chaos needs another (the players play {})",
                    c.name(),
                    color_list(&player_colors(rules))
                ),
            );
        }
    }
    if rules.overachievers_disqualified && rules.players != Players::Four {
        report.add(
            "overachievers_disqualified",
            format!(
                "\"Overachiever(s) disqualified\" is for 4-Player games only, not {}",
                rules.players.words()
            ),
        );
    }
}
