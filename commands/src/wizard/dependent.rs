//! The Game Factory's dependent rules: what one answer changes elsewhere.
//!
//! Changing the players adds or removes reserves (added ones copy the
//! highest-numbered existing player); a reserve offers 0 up to what can be
//! played; every reserve of a shape at that maximum clears its movement;
//! "No power" clears the condition and result (and a capture other than a
//! chain of jumps the chain rule); labels bring the schema
//! version that has them; and so on. [`settle`] runs
//! after every answer so the rules being built never hold a value the
//! Factory's dropdowns could not show.

use std::collections::BTreeMap;

use redscience_engine::rules::{
    BoardKind, Chain, Cloaking, Color, ColorMode, Players, Power, SeatRef,
};

use redscience_engine::{RuleSet, validate};

use super::input::all_seats;

/// Who holds a reserve: a seat (or the seats sharing its colour), and the colour.
pub(super) type Holder = (SeatRef, Color);

/// The reserve holders in seat order, Chaos last: one per colour in play.
pub(super) fn holders(rules: &RuleSet) -> Vec<Holder> {
    let seating = Seating {
        players: rules.players,
        colors: rules.colors,
        per_seat: rules.colors_per_seat,
    };
    holders_for(rules, seating, rules.chaos_color)
}

/// Who plays, how colours go to them, and how many each seat plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Seating {
    pub players: Players,
    pub colors: ColorMode,
    pub per_seat: u8,
}

impl Seating {
    /// The rules seated so.
    fn seat(self, rules: &RuleSet) -> RuleSet {
        let mut game = rules.clone();
        game.players = self.players;
        game.colors = self.colors;
        game.colors_per_seat = self.per_seat;
        game
    }

    /// Whether each seat may play `per_seat` colours in `rules` seated so,
    /// as validation judges it (assigned colours, enough of them).
    pub(super) fn fits(self, rules: &RuleSet) -> bool {
        self.per_seat == 1 || super::problems_at(&self.seat(rules), "colors_per_seat").is_empty()
    }
}

/// The reserve holders of the game with these players and colours: the
/// engine's colours in play, each with the first seat that places it.
fn holders_for(rules: &RuleSet, seating: Seating, chaos: Option<Color>) -> Vec<Holder> {
    let mut game = seating.seat(rules);
    game.chaos_color = chaos;
    let placed = validate::player_colors(&game);
    let players = seating.players.player_seats().max(1);
    validate::colors_in_play(&game)
        .into_iter()
        .enumerate()
        .map(|(i, color)| {
            // A seat's colours come round once per seat (see `seat_colors`).
            let seat = if i < placed.len() {
                SeatRef::Player((i % players) as u8 + 1)
            } else {
                SeatRef::Chaos
            };
            (seat, color)
        })
        .collect()
}

/// Chaos's own colour when it names one a player does not place.
fn chaos_choice(rules: &RuleSet, seating: Seating, chaos: Option<Color>) -> Option<Color> {
    let game = seating.seat(rules);
    chaos.filter(|c| seating.players.has_chaos() && !validate::player_colors(&game).contains(c))
}

/// The colours in play, in seat order, Chaos's last (the engine's list).
pub(super) fn colors_in_play(rules: &RuleSet) -> Vec<Color> {
    validate::colors_in_play(rules)
}

/// The most one colour may hold of one shape, as validation counts it (the
/// engine's cap). None when captures can take pieces off the board.
pub(super) fn reserve_cap(rules: &RuleSet) -> Option<u16> {
    validate::reserve_max(rules).map(|cap| cap.min(u32::from(u16::MAX)) as u16)
}

/// The largest reserve a person may type: the cap, or a generous bound when
/// there is none.
pub(super) fn reserve_max(rules: &RuleSet) -> u16 {
    reserve_cap(rules).unwrap_or(999)
}

/// True when every colour holds the maximum of this shape, so it cannot move.
pub(super) fn movement_disabled(rules: &RuleSet, shape: usize) -> bool {
    let Some(cap) = reserve_cap(rules) else {
        return false;
    };
    let s = &rules.shapes[shape];
    colors_in_play(rules)
        .iter()
        .all(|c| s.reserves.get(c) == Some(&cap))
}

/// "The spaces split among the colours": Tic-Tac-Toe's 5 and 4, Connect4's 21 and 21.
pub(super) fn fill(rules: &RuleSet) -> Vec<u16> {
    let n = colors_in_play(rules).len().max(1) as u32;
    let spaces = rules.space_count();
    (0..n)
        .map(|i| (spaces / n + u32::from(i < spaces % n)).min(u32::from(u16::MAX)) as u16)
        .collect()
}

/// Reserves follow the seats when the players or the colour mode change: a
/// seat that stays keeps its reserves (in its new colour), a new seat copies
/// the highest-numbered existing player, and a seat that goes takes its
/// reserves with it.
pub(super) fn remap_reserves(rules: &mut RuleSet, players: Players, colors: ColorMode) {
    let mut seating = Seating {
        players,
        colors,
        per_seat: rules.colors_per_seat,
    };
    if !seating.fits(rules) {
        seating.per_seat = 1;
    }
    reseat(rules, seating);
}

/// [`remap_reserves`] with the colours per seat given; a seat's further
/// colours start with its first colour's reserves.
pub(super) fn reseat(rules: &mut RuleSet, seating: Seating) {
    let Seating {
        players, colors, ..
    } = seating;
    let old = holders(rules);
    let chaos = chaos_choice(rules, seating, rules.chaos_color);
    let new = holders_for(rules, seating, chaos);
    let highest_player = old
        .iter()
        .filter(|(seat, _)| matches!(seat, SeatRef::Player(_)))
        .max_by_key(|(seat, _)| *seat)
        .map(|(_, c)| *c);
    for shape in &mut rules.shapes {
        let mut reserves = BTreeMap::new();
        for (seat, color) in &new {
            let kept = old.contains(&(*seat, *color)).then_some(*color);
            let source = kept
                .or_else(|| old.iter().find(|(s, _)| s == seat).map(|(_, c)| *c))
                .or(highest_player);
            let count = source
                .and_then(|c| shape.reserves.get(&c).copied())
                .unwrap_or(0);
            reserves.insert(*color, count);
        }
        shape.reserves = reserves;
    }
    rules.players = players;
    rules.colors = colors;
    rules.colors_per_seat = seating.per_seat;
    rules.chaos_color = chaos;
}

/// Applies every dependent rule, so the rules hold only what the Factory's
/// dropdowns could show.
pub(super) fn settle(rules: &mut RuleSet) {
    match rules.board {
        BoardKind::Hash => rules.dimensions = [3, 3, 1],
        BoardKind::TetrakisSquares => rules.dimensions[2] = 1,
        _ => {}
    }
    if rules.colors == ColorMode::PartnersShare && rules.players != Players::Partners {
        remap_reserves(rules, rules.players, ColorMode::Assigned);
    }
    let seating = Seating {
        players: rules.players,
        colors: rules.colors,
        per_seat: rules.colors_per_seat,
    };
    if !seating.fits(rules) {
        remap_reserves(rules, rules.players, rules.colors);
    }
    let seating = Seating {
        per_seat: rules.colors_per_seat,
        ..seating
    };
    if chaos_choice(rules, seating, rules.chaos_color).is_none() {
        rules.chaos_color = None;
    }
    if rules.players != Players::Four {
        rules.overachievers_disqualified = false;
    }
    // Alone, there is no one to agree a draw with.
    if rules.players == Players::One {
        rules.draw_option = false;
    }
    if rules.cloaking == Cloaking::None {
        for phase in &mut rules.phases {
            phase.cloaked.clear();
        }
    }
    if let Some(last) = rules.phases.last_mut() {
        last.fold = None;
    }
    // Seats named by locks and exclusive spaces exist.
    let seats = all_seats(rules.players);
    for phase in &mut rules.phases {
        phase.locked_seats.retain(|s| seats.contains(s));
    }
    for ex in &mut rules.exclusive {
        ex.seats.retain(|s| seats.contains(s));
    }
    rules.exclusive.retain(|ex| !ex.seats.is_empty());
    for shape in &mut rules.shapes {
        if shape.power == Power::None {
            shape.capture = None;
            shape.result = None;
        }
        if !super::step::chains(shape) {
            shape.chain = Chain::MayStop;
        }
    }
    // Reserves offer 0 up to the maximum; all at the maximum clears movement.
    if let Some(cap) = reserve_cap(rules) {
        for shape in &mut rules.shapes {
            for count in shape.reserves.values_mut() {
                *count = (*count).min(cap);
            }
        }
    }
    for i in 0..rules.shapes.len() {
        if movement_disabled(rules, i) {
            rules.shapes[i].movement.clear();
        }
    }
    super::labels::settle_version(rules);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tic_tac_toe_fills_five_and_four_and_caps_at_five() {
        let rules = RuleSet::tic_tac_toe("t");
        assert_eq!(fill(&rules), [5, 4]);
        assert_eq!(reserve_cap(&rules), Some(5));
        assert!(!movement_disabled(&rules, 0));
    }

    #[test]
    fn chaos_holds_the_colour_after_the_players() {
        let mut rules = RuleSet::tic_tac_toe("t");
        remap_reserves(&mut rules, Players::TwoVsChaos, ColorMode::Assigned);
        assert_eq!(
            holders(&rules),
            [
                (SeatRef::Player(1), Color::Black),
                (SeatRef::Player(2), Color::White),
                (SeatRef::Chaos, Color::Pink)
            ]
        );
        // Chaos is new: it copies the highest-numbered player, white.
        assert_eq!(rules.shapes[0].reserves.get(&Color::Pink), Some(&4));
    }

    #[test]
    fn settling_clamps_reserves_and_clears_movement_at_the_maximum() {
        let mut rules = RuleSet::tic_tac_toe("t");
        rules.shapes[0].movement = vec![redscience_engine::rules::Movement::Adjacent];
        rules.shapes[0].reserves.insert(Color::White, 9);
        settle(&mut rules);
        assert_eq!(rules.shapes[0].reserves.get(&Color::White), Some(&5));
        assert!(rules.shapes[0].movement.is_empty());
    }
}
