//! Candidate moves near the action. On a big board most placements are
//! far from every piece, and random playouts can hardly tell them apart,
//! so a node that tries them all in turn spends its visits on noise. The
//! tree tries placements next to pieces first, then those two steps away,
//! then the rest, and a node of a big board opens a new child only as its
//! visits grow (progressive widening): the far moves are reached where the
//! search dwells, never pruned.

use rand::Rng;
use rand::seq::SliceRandom;

use redscience_engine::game::Move;
use redscience_engine::geometry::{Geometry, NO_CELL};

/// A node with at least this many moves widens progressively; smaller ones
/// try every move at once, as before.
pub(super) const WIDE: usize = 40;

/// How many children a wide node with `visits` may have.
pub(super) fn children_allowed(visits: u32) -> usize {
    2 + f64::from(visits).powf(0.35) as usize
}

/// Orders `moves` for expansion, the most promising LAST (the tree pops
/// them): at random within each tier, placements next to a piece after
/// those two steps away, after the rest. Moves that are not placements
/// count as next to a piece. Where the board holds no piece, or the list
/// is short, the order is random.
pub(super) fn order<R: Rng + ?Sized>(
    moves: &mut [Move],
    geometry: &Geometry,
    occupied: impl Fn(u16) -> bool,
    rng: &mut R,
) {
    moves.shuffle(rng);
    if moves.len() < WIDE {
        return;
    }
    let tiers = tiers(geometry, &occupied);
    let tier = |mv: &Move| match *mv {
        Move::Place { to, .. } => tiers[usize::from(to)],
        _ => 1,
    };
    // Stable, so the shuffle's order stays within a tier; far first, so
    // the near ones are popped first.
    moves.sort_by_key(|mv| std::cmp::Reverse(tier(mv)));
}

/// Per cell, 1 when a piece is next to it, 2 when one is two steps away
/// along a direction, 3 otherwise: marked outwards from the pieces, so a
/// board of 361 cells costs its pieces' neighbours, not every cell's
/// (asking each cell's sixteen neighbours was a third of a Connect6 move).
fn tiers(geometry: &Geometry, occupied: &impl Fn(u16) -> bool) -> Vec<u8> {
    let cells = geometry.cell_count();
    let mut tiers = vec![3u8; cells];
    for piece in (0..cells as u16).filter(|&c| occupied(c)) {
        for dir in 0..geometry.direction_count() {
            let one = geometry.neighbour(piece, dir);
            if one == NO_CELL {
                continue;
            }
            tiers[usize::from(one)] = 1;
            let two = geometry.neighbour(one, dir);
            if two != NO_CELL {
                let tier = &mut tiers[usize::from(two)];
                *tier = (*tier).min(2);
            }
        }
    }
    tiers
}

/// 1 when a piece is next to `cell`, 2 when one is two steps away along a
/// direction, 3 otherwise: one cell at a time, as the tests check
/// [`tiers`] against.
#[cfg(test)]
fn distance_to_a_piece(geometry: &Geometry, cell: u16, occupied: &impl Fn(u16) -> bool) -> u8 {
    let mut best = 3;
    for dir in 0..geometry.direction_count() {
        let one = geometry.neighbour(cell, dir);
        if one == NO_CELL {
            continue;
        }
        if occupied(one) {
            return 1;
        }
        let two = geometry.neighbour(one, dir);
        if two != NO_CELL && occupied(two) {
            best = 2;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;
    use redscience_engine::game::GameState;

    use super::*;
    use redscience_engine::testing::catalogue_game;

    #[test]
    fn placements_next_to_a_piece_come_out_first() {
        let game = catalogue_game("5on15sq");
        let geo = &game.geometry;
        let centre = geo.cell(1, 8, 8, 1).unwrap();
        let s = game.start();
        let mut moves = s.legal_actions().to_vec();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        order(&mut moves, geo, |c| c == centre, &mut rng);
        let near: Vec<u16> = moves
            .iter()
            .rev()
            .take(8)
            .map(|m| match m {
                Move::Place { to, .. } => *to,
                _ => panic!("placements only"),
            })
            .collect();
        for cell in near {
            let c = geo.coord(cell);
            let k = geo.coord(centre);
            assert!(
                c.x.abs_diff(k.x) <= 1 && c.y.abs_diff(k.y) <= 1,
                "{} is next to the centre",
                geo.name(cell)
            );
        }
        // The next eight are two steps away along a line; then the rest.
        let two: Vec<u8> = moves
            .iter()
            .rev()
            .skip(8)
            .take(16)
            .map(|m| match m {
                Move::Place { to, .. } => distance_to_a_piece(geo, *to, &|c| c == centre),
                _ => 0,
            })
            .collect();
        assert_eq!(two, [[2; 8], [3; 8]].concat());
        assert_eq!(moves.len(), 225);
    }

    #[test]
    fn tiers_marked_from_the_pieces_are_each_cells_own_distance() {
        // Random positions on square, hexagonal and 19x19 boards: the
        // marks made outwards from the pieces match the walk out from each
        // cell.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        for name in ["5on15sq", "Hex", "Connect6-19x19", "Qubic-4"] {
            let game = catalogue_game(name);
            let geo = &game.geometry;
            for stones in [1, 5, 30] {
                let mut occupied = vec![false; geo.cell_count()];
                for _ in 0..stones {
                    occupied[rand::RngExt::random_range(&mut rng, 0..geo.cell_count())] = true;
                }
                let is = |c: u16| occupied[usize::from(c)];
                let marked = tiers(geo, &is);
                for cell in 0..geo.cell_count() as u16 {
                    assert_eq!(
                        marked[usize::from(cell)],
                        distance_to_a_piece(geo, cell, &is),
                        "{name}, {} with {stones} pieces",
                        geo.name(cell)
                    );
                }
            }
        }
    }

    #[test]
    fn short_lists_are_only_shuffled() {
        let game = catalogue_game("Tic-Tac-Toe");
        let s = game.start();
        let mut moves = s.legal_actions().to_vec();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
        order(&mut moves, &game.geometry, |_| false, &mut rng);
        let mut sorted = moves.clone();
        sorted.sort_by_key(|m| format!("{m:?}"));
        let mut all = s.legal_actions().to_vec();
        all.sort_by_key(|m| format!("{m:?}"));
        assert_eq!(sorted, all, "the same moves");
        assert_eq!(children_allowed(0), 2);
        assert_eq!(children_allowed(100), 7);
        assert_eq!(children_allowed(10_000), 27);
    }
}
