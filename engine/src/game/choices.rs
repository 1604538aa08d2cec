//! The legal moves of a position, kept without listing them where the rules
//! allow: when a seat may put any piece it holds on any open slot (see
//! `Game::placing_everywhere`), its placements are that product, counted,
//! checked and sampled from the board's open slots in constant time, and
//! listed only when someone asks for the list. Everything else is listed by
//! `generate_legal` as before. The list, when built, is the same in content
//! and order either way.

use std::sync::OnceLock;

use super::board::Slots;
use super::state::BoardResult;
use super::{Move, State};
use crate::rules::{BoardKind, Color, Shape};

/// The kinds of piece a seat may place on every open slot. Most seats hold
/// one or two kinds; a seat that may place every colour holds up to 54.
#[derive(Debug)]
pub(crate) struct Placing {
    kinds: Vec<(Color, Shape)>,
    /// The pieces held of those kinds: Random's weight of each open slot.
    held: u32,
}

/// Cloned by hand, as `State` is, so `clone_from` reuses the list.
impl Clone for Placing {
    fn clone(&self) -> Placing {
        Placing {
            kinds: self.kinds.clone(),
            held: self.held,
        }
    }

    fn clone_from(&mut self, source: &Placing) {
        self.kinds.clone_from(&source.kinds);
        self.held = source.held;
    }
}

impl Placing {
    pub(crate) fn kinds(&self) -> &[(Color, Shape)] {
        &self.kinds
    }

    /// How many pieces the seat holds of the kinds it may place.
    pub(crate) fn held(&self) -> u32 {
        self.held
    }

    /// Refills the kinds, each with the pieces held of it, in their order.
    pub(crate) fn refill(&mut self, held: impl Iterator<Item = ((Color, Shape), u16)>) {
        self.kinds.clear();
        let mut total = 0;
        for (kind, count) in held {
            total += u32::from(count);
            self.kinds.push(kind);
        }
        self.held = total;
    }
}

/// The legal moves of a position: a list, or placements kept as a product
/// with the other moves (a pass, a draw offer) listed.
#[derive(Debug, Default)]
pub(crate) struct Choices {
    /// Every legal move, or with `placing` the moves other than placements.
    pub(crate) listed: Vec<Move>,
    pub(crate) placing: Option<Placing>,
    /// Made with the first product (see [`ProductLists`]): boxed, since most
    /// games have none, and every state carries the field.
    lists: Option<Box<ProductLists>>,
}

/// What a product of placements keeps beside it.
#[derive(Clone, Debug, Default)]
pub(crate) struct ProductLists {
    /// The whole list once asked for.
    full: OnceLock<Vec<Move>>,
    /// Where some empty spaces are closed to the seat
    /// (`Game::placement_blocked`), the open slots it may place on.
    pub(crate) unblocked: Slots,
}

/// Cloned by hand, as `State` is, so `clone_from` reuses the lists; the
/// whole list is left to be built again when asked for.
impl Clone for Choices {
    fn clone(&self) -> Choices {
        Choices {
            listed: self.listed.clone(),
            placing: self.placing.clone(),
            lists: self.lists.clone(),
        }
    }

    fn clone_from(&mut self, source: &Choices) {
        self.listed.clone_from(&source.listed);
        self.placing.clone_from(&source.placing);
        match (&mut self.lists, &source.lists) {
            (Some(mine), Some(theirs)) => {
                mine.full.take();
                mine.unblocked.clone_from(&theirs.unblocked);
            }
            // Kept, emptied: a playout restarts from a start without a
            // product, and made the box and its slots again every game.
            (Some(mine), None) => {
                mine.full.take();
                mine.unblocked.clear();
            }
            (mine, theirs) => mine.clone_from(theirs),
        }
    }
}

impl Choices {
    /// Forgets the moves, keeping the list's memory.
    fn clear(&mut self) {
        self.listed.clear();
        self.placing = None;
        self.forget_full();
    }

    /// Forgets the whole list, to be built again when asked for.
    fn forget_full(&mut self) {
        if let Some(lists) = &mut self.lists {
            lists.full.take();
        }
    }

    /// What the product keeps beside it; only while there is a product.
    #[inline]
    pub(crate) fn product_lists(&self) -> &ProductLists {
        self.lists.as_ref().expect("a product keeps its lists")
    }
}

impl State {
    /// Works out the legal moves of the position afresh.
    pub(crate) fn refresh_choices(&mut self) {
        if self.may_place_everywhere() && self.refill_product() {
            return self.list_beside_product();
        }
        // Only the list moves out and back: the rest stays in place.
        self.choices.placing = None;
        self.choices.forget_full();
        let mut listed = self.take_listed();
        self.generate_known(&mut listed);
        self.choices.listed = listed;
    }

    /// The product of the placements of the seat to move, refilled where
    /// it lies from the pieces it holds now (no allocation; moved out and
    /// back, its count was read whole just after a narrow write to it, and
    /// the read waited); false, with no product left, when it holds none.
    pub(crate) fn refill_product(&mut self) -> bool {
        let (game, reserves, seat) = (&self.game, &self.position.reserves, self.position.to_move());
        let placing = self.choices.placing.get_or_insert_with(|| Placing {
            kinds: Vec::new(),
            held: 0,
        });
        placing.refill(kinds_held(game, reserves, seat));
        self.choices.lists.get_or_insert_default();
        if placing.kinds.is_empty() {
            self.choices.placing = None;
            return false;
        }
        true
    }

    /// Beside a product of placements: the open slots the seat to move may
    /// place on where some are closed to it, and the moves listed (a pass,
    /// a draw offer); the whole list is left to be built when asked for.
    pub(crate) fn list_beside_product(&mut self) {
        let seat = self.position.to_move();
        if let Some(blocked) = self.game.placing.blocked[self.position.phase()].get(seat) {
            (self.choices.lists.get_or_insert_default().unblocked)
                .assign_without(self.position.board.open(), blocked);
        }
        let mut listed = self.take_listed();
        self.other_moves(seat, &mut listed);
        self.choices.listed = listed;
        self.choices.forget_full();
    }

    /// Whether the seat to move has no move at all, known without listing
    /// any: locked out of the phase, or folded, with no draw offer to
    /// answer, no round being planned and no chain of jumps open (the
    /// order in which `generate_on_board` asks).
    pub(crate) fn sits_out(&self) -> bool {
        let out = self.game.phases[self.position.phase()].locked_seats | self.standings.folded;
        out & (1 << self.position.to_move()) != 0
            && self.outcome.is_none()
            && self.draw_offered_by().is_none()
            && self.rounds.current.is_none()
            && self.position.tactics.chain.is_none()
    }

    /// The listed moves, taken out to be refilled (see `set_legal`).
    pub(crate) fn take_listed(&mut self) -> Vec<Move> {
        let mut listed = std::mem::take(&mut self.choices.listed);
        listed.clear();
        listed
    }

    /// Sets the legal moves to a list worked out elsewhere.
    pub(crate) fn set_legal(&mut self, moves: Vec<Move>) {
        self.choices.clear();
        self.choices.listed = moves;
    }

    /// Whether the placements of the seat to move are a product: the
    /// phase's rules make them so and nothing else is going on (a draw
    /// offer, a round, a chain of jumps, hidden pieces, a decided board).
    fn may_place_everywhere(&self) -> bool {
        let game = self.game();
        let seat = self.position.to_move();
        game.placing.everywhere[self.position.phase()]
            && !self.is_finished()
            && self.draw_offered_by().is_none()
            && self.rounds.current.is_none()
            && self.position.tactics.chain.is_none()
            && self.places_as_product()
            && self
                .standings
                .decided
                .board_results
                .iter()
                .all(BoardResult::is_open)
            && game.phases[self.position.phase()].locked_seats & (1 << seat) == 0
            && !self.has_folded(seat)
    }

    /// The kinds of piece `seat` may place now: colours it controls, shapes
    /// of the game, with some in reserve; in the order moves list them.
    pub(crate) fn held_kinds(&self, seat: usize) -> impl Iterator<Item = (Color, Shape)> + '_ {
        kinds_held(&self.game, &self.position.reserves, seat).map(|(kind, _)| kind)
    }

    /// The placements kept as a product: the kinds, and the open slots.
    pub(crate) fn placing(&self) -> Option<(&[(Color, Shape)], &Slots)> {
        let placing = self.choices.placing.as_ref()?;
        Some((placing.kinds(), self.placing_slots()))
    }

    /// With placements kept as a product, how many pieces the seat holds of
    /// the kinds it may place (see [`Placing::held`]).
    pub(crate) fn placeable_pieces(&self) -> Option<u32> {
        self.choices.placing.as_ref().map(Placing::held)
    }

    /// The moves listed besides a product of placements (or all of them).
    pub(crate) fn listed_choices(&self) -> &[Move] {
        &self.choices.listed
    }

    /// Where a piece dropped on an open slot lands.
    pub(crate) fn slot_target(&self, slot: u16) -> u16 {
        let geo = &self.game().geometry;
        if geo.kind != BoardKind::Stacks {
            return slot;
        }
        self.landing(geo.columns()[usize::from(slot)][0])
            .expect("an open stack has room")
    }

    /// Every legal move, in the order `generate_legal` lists them.
    pub(crate) fn choice_list(&self) -> &[Move] {
        let Some((kinds, slots)) = self.placing() else {
            return &self.choices.listed;
        };
        self.choices.product_lists().full.get_or_init(|| {
            let mut all = Vec::with_capacity(kinds.len() * slots.len() + 2);
            for slot in slots.iter() {
                let to = self.slot_target(slot);
                all.extend(
                    kinds
                        .iter()
                        .map(|&(color, shape)| Move::Place { color, shape, to }),
                );
            }
            all.extend_from_slice(&self.choices.listed);
            all
        })
    }

    /// How many legal moves there are besides offering a draw. Inlined:
    /// asked after every move, by the loop that plays the forced ones.
    #[inline]
    pub(crate) fn choice_count(&self) -> usize {
        let listed = self.listed_but_offer().len();
        match self.placing() {
            Some((kinds, slots)) => kinds.len() * slots.len() + listed,
            None => listed,
        }
    }

    /// The only legal move besides offering a draw, when there is one.
    /// `count` is [`State::choice_count`], which the caller has at hand.
    pub(crate) fn only_choice(&self, count: usize) -> Option<Move> {
        if count != 1 {
            return None;
        }
        match self.placing() {
            Some(([(color, shape)], slots)) if slots.len() == 1 => Some(Move::Place {
                color: *color,
                shape: *shape,
                to: self.slot_target(slots.nth(0)),
            }),
            _ => self.listed_but_offer().first().copied(),
        }
    }

    /// The moves listed besides offering a draw, which is listed last when
    /// it is (see `other_moves`): counted after every move, by the loop
    /// that plays the forced ones.
    #[inline]
    fn listed_but_offer(&self) -> &[Move] {
        Move::but_offer(&self.choices.listed)
    }

    /// Whether `mv` is one of the legal moves.
    pub(crate) fn allows(&self, mv: Move) -> bool {
        match (self.placing(), mv) {
            (Some((kinds, _)), Move::Place { color, shape, to }) => {
                kinds.contains(&(color, shape))
                    && usize::from(to) < self.position.board.len()
                    && self.may_place_on(to)
                    && (self.game().placing.blocked[self.position.phase()].is_empty()
                        || self.choices.product_lists().unblocked.contains(to))
            }
            _ => self.choices.listed.contains(&mv),
        }
    }
}

/// The kinds of piece `seat` may place that `reserves` hold, each with the
/// pieces held of it, in the order moves list them: the state's product
/// and a lean run's copy count them the same way.
#[inline]
pub(crate) fn kinds_held<'a>(
    game: &'a super::Game,
    reserves: &'a super::reserves::Reserves,
    seat: usize,
) -> impl Iterator<Item = ((Color, Shape), u16)> + Clone + 'a {
    game.placing.kinds[seat]
        .iter()
        .map(|&(color, shape)| ((color, shape), reserves.get(color, shape)))
        .filter(|&(_, count)| count > 0)
}

/// How many pieces `seat` holds of the kinds it may place, and of how
/// many kinds (see [`kinds_held`]): Random's weight for each open slot.
#[inline]
pub(crate) fn pieces_held(
    game: &super::Game,
    reserves: &super::reserves::Reserves,
    seat: usize,
) -> (u32, usize) {
    kinds_held(game, reserves, seat).fold((0, 0), |(pieces, kinds), (_, held)| {
        (pieces + u32::from(held), kinds + 1)
    })
}

/// Random's draw (see [`ChanceOutcomes::sample`](super::ChanceOutcomes::sample))
/// where a seat's placements are a product: `slots` open slots, each
/// weighing the `pieces` it holds of the `kinds` kinds it may place (a
/// placement weighs the pieces held of its kind), and other moves weighing
/// `others` in all, listed after them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Drawn {
    /// The placement on the `slot`-th open slot of the kind the
    /// `within`-th piece held is (see [`kind_at`]).
    Placement { slot: u32, within: u32 },
    /// The move the `pick`-th unit of the others' weight falls on.
    Other(u32),
}

/// Draws among such moves (see [`Drawn`]); None where nothing weighs
/// anything. With no other move every slot weighs the same, so the slot
/// is drawn alone, and the piece within it only where more than one kind
/// is held: no division on the way to the slot, which a playout's next
/// move waits on (a tenth of Tic-Tac-Toe's time). Always inlined: called
/// once a move, and a call cost a lean run's loop a tenth of its
/// instructions where the compiler kept it out of line.
#[inline(always)]
pub(crate) fn draw<R: rand::Rng + ?Sized>(
    rng: &mut R,
    slots: u32,
    pieces: u32,
    kinds: usize,
    others: u32,
) -> Option<Drawn> {
    use rand::RngExt;
    let placements = pieces * slots;
    if others == 0 && placements > 0 {
        let slot = rng.random_range(0..slots);
        let within = match kinds {
            1 => 0,
            _ => rng.random_range(0..pieces),
        };
        return Some(Drawn::Placement { slot, within });
    }
    let total = placements + others;
    if total == 0 {
        return None;
    }
    let pick = rng.random_range(0..total);
    if pick >= placements {
        return Some(Drawn::Other(pick - placements));
    }
    // Most seats hold one piece of each kind they place: no division.
    Some(match pieces {
        1 => Drawn::Placement {
            slot: pick,
            within: 0,
        },
        _ => Drawn::Placement {
            slot: pick / pieces,
            within: pick % pieces,
        },
    })
}

/// The kind of the `within`-th piece `seat` holds, counting the kinds in
/// the order moves list them, each as many times as it is held: which
/// placement on a slot Random's pick falls on.
#[inline]
pub(crate) fn kind_at(
    game: &super::Game,
    reserves: &super::reserves::Reserves,
    seat: usize,
    mut within: u32,
) -> (Color, Shape) {
    let (kind, _) = kinds_held(game, reserves, seat)
        .find(|&(_, held)| {
            let found = within < u32::from(held);
            within = within.wrapping_sub(u32::from(held));
            found
        })
        .expect("the pick falls on a kind held");
    kind
}

#[cfg(test)]
mod tests {
    use crate::testing::{catalogue_game, played};

    #[test]
    fn a_product_lists_as_the_moves_would_be_listed() {
        for name in ["Tic-Tac-Toe", "Connect4", "Qubic-4", "Wild-TTT-6sq3143"] {
            let game = catalogue_game(name);
            let s = played(&game, &[]);
            assert!(
                s.placing().is_some(),
                "{name} keeps its placements as a product"
            );
            let mut listed = Vec::new();
            s.generate_legal(&mut listed);
            assert_eq!(s.choice_list(), listed, "{name}");
            assert_eq!(s.choice_count(), listed.len(), "{name}");
            for mv in &listed {
                assert!(s.allows(*mv), "{name}: {mv:?}");
            }
        }
    }
}
