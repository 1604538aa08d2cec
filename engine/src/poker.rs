//! Poker hands for moves "by stack" and "by full stack": a player's rank on a
//! stack comes from the shapes of its own and the communal pieces there.
//!
//! Hierarchy, highest first: 5-of-a-shape, 4-of-a-shape, 5-straight, full
//! house, 4-straight, 3-of-a-shape, two pair, 3-straight, pair, 2-straight,
//! singleton, and nothing. Within a tier the defining shapes decide, by
//! `Shape::rank`; there is no kicker, so hands still equal split the pot.
//!
//! Decisions where the spec is silent:
//! - Circles are the chips ("pieces of the lowest possible rank") and are
//!   ignored entirely, so a hand of only circles is "nothing".
//! - More than five of a shape counts as five of it: six pentagons tie with
//!   five pentagons, because only the tier and its shapes decide.
//! - A straight is made of distinct shapes consecutive in rank order
//!   triangle < X < cross < star < pentagon; straights compare by their top.
//! - The circle-beats-pentagon exception of cover by rank does not apply
//!   here, since circles never count in a hand.

use std::cmp::Ordering;

use smallvec::SmallVec;

use crate::rules::Shape;

/// The tiers of the hierarchy, lowest first so that the derived order is the
/// hierarchy's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tier {
    Nothing,
    Singleton,
    TwoStraight,
    Pair,
    ThreeStraight,
    TwoPair,
    ThreeOfAShape,
    FourStraight,
    FullHouse,
    FiveStraight,
    FourOfAShape,
    FiveOfAShape,
}

/// A hand's place in the hierarchy: its tier and the shapes that define it
/// (the shape of a set, the top of a straight, the triple then the pair of a
/// full house, the higher then the lower pair of two pair).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HandRank {
    tier: Tier,
    /// At most two shapes (a full house, two pair): kept inline, since
    /// a stack judged by hands ranks one per owner at every arrival.
    shapes: SmallVec<[Shape; 2]>,
}

impl HandRank {
    pub fn tier(&self) -> Tier {
        self.tier
    }

    /// The defining shapes, most significant first.
    pub fn shapes(&self) -> &[Shape] {
        &self.shapes
    }

    /// The pieces that make this rank, e.g. three pentagons and two stars for
    /// "full house, pentagons over stars": what a captor keeps when a pot is
    /// split. Everything else in its hand goes to the pot.
    /// Kept inline (at most five), as the shapes are: a stack judged by
    /// hands asks it of every winning hand at every arrival.
    pub fn pieces(&self) -> Pieces {
        let mut pieces = Pieces::new();
        let mut set = |shape: Shape, n: usize| (0..n).for_each(|_| pieces.push(shape));
        match self.tier {
            Tier::Nothing => {}
            Tier::Singleton => set(self.shapes[0], 1),
            Tier::Pair => set(self.shapes[0], 2),
            Tier::ThreeOfAShape => set(self.shapes[0], 3),
            Tier::FourOfAShape => set(self.shapes[0], 4),
            Tier::FiveOfAShape => set(self.shapes[0], 5),
            Tier::TwoPair => {
                set(self.shapes[0], 2);
                set(self.shapes[1], 2);
            }
            Tier::FullHouse => {
                set(self.shapes[0], 3);
                set(self.shapes[1], 2);
            }
            Tier::TwoStraight => return straight(self.shapes[0], 2),
            Tier::ThreeStraight => return straight(self.shapes[0], 3),
            Tier::FourStraight => return straight(self.shapes[0], 4),
            Tier::FiveStraight => return straight(self.shapes[0], 5),
        }
        pieces
    }

    /// The hand's place in the hierarchy as one number: the tier, then its
    /// defining shapes' ranks (a tier always has as many), so that hands
    /// compare as numbers.
    fn score(&self) -> u32 {
        let rank = |i: usize| self.shapes.get(i).map_or(0, |s| u32::from(s.rank()));
        (self.tier as u32) << 8 | rank(0) << 4 | rank(1)
    }
}

impl Ord for HandRank {
    fn cmp(&self, other: &Self) -> Ordering {
        // By rank (Shape's own derived order is its catalogue index).
        self.score().cmp(&other.score())
    }
}

impl PartialOrd for HandRank {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Shapes that can be in a hand, in ascending rank; circles are chips.
const LADDER: [Shape; 5] = [
    Shape::Triangle,
    Shape::X,
    Shape::Cross,
    Shape::Star,
    Shape::Pentagon,
];

/// Each shape's place on [`LADDER`], by [`Shape::index`]; None for chips.
const LADDER_PLACE: [Option<u8>; 6] = {
    let mut places = [None; 6];
    let mut i = 0;
    while i < LADDER.len() {
        places[LADDER[i].index()] = Some(i as u8);
        i += 1;
    }
    places
};

/// The pieces that make a hand (see [`HandRank::pieces`]).
pub type Pieces = SmallVec<[Shape; 5]>;

/// The `len` shapes of the straight ending at `top`, descending.
fn straight(top: Shape, len: usize) -> Pieces {
    let end = LADDER.iter().position(|&s| s == top).unwrap_or(0);
    LADDER[..=end].iter().rev().take(len).copied().collect()
}

/// The best hand reachable from one player's pieces plus the communal ones.
/// Worked out on bit sets of the ladder's places (each shape held at least
/// once, twice, and so on): a stack judged by hands ranks one per owner at
/// every arrival.
pub fn hand_rank(shapes: &[Shape]) -> HandRank {
    let mut counts = [0u8; LADDER.len()];
    for s in shapes {
        if let Some(i) = LADDER_PLACE[s.index()] {
            counts[usize::from(i)] = counts[usize::from(i)].saturating_add(1);
        }
    }
    // The places held at least `n` times, a bit each (bit i is LADDER[i]).
    let at_least =
        |n: u8| (counts.iter().enumerate()).fold(0u8, |bits, (i, &c)| bits | u8::from(c >= n) << i);
    // The highest place of a set.
    let highest = |bits: u8| (bits != 0).then(|| 7 - bits.leading_zeros() as usize);
    let present = at_least(1);
    // The top of the highest run of `len` distinct consecutive shapes: a
    // place whose `len - 1` places below are present too.
    let straight_top = |len: usize| highest((0..len).fold(present, |run, k| run & present << k));
    let hand = |tier: Tier, idx: &[usize]| {
        let mut shapes = SmallVec::new();
        for &i in idx {
            shapes.push(LADDER[i]);
        }
        HandRank { tier, shapes }
    };
    let (pairs, triples) = (at_least(2), at_least(3));
    if let Some(i) = highest(at_least(5)) {
        return hand(Tier::FiveOfAShape, &[i]);
    }
    if let Some(i) = highest(at_least(4)) {
        return hand(Tier::FourOfAShape, &[i]);
    }
    if let Some(i) = straight_top(5) {
        return hand(Tier::FiveStraight, &[i]);
    }
    // The highest triple first, then the highest pair of another shape.
    if let Some(t) = highest(triples)
        && let Some(p) = highest(pairs & !(1 << t))
    {
        return hand(Tier::FullHouse, &[t, p]);
    }
    if let Some(i) = straight_top(4) {
        return hand(Tier::FourStraight, &[i]);
    }
    if let Some(i) = highest(triples) {
        return hand(Tier::ThreeOfAShape, &[i]);
    }
    let first = highest(pairs);
    let second = first.and_then(|h| highest(pairs & !(1 << h)));
    if let (Some(h), Some(l)) = (first, second) {
        return hand(Tier::TwoPair, &[h, l]);
    }
    if let Some(i) = straight_top(3) {
        return hand(Tier::ThreeStraight, &[i]);
    }
    if let Some(i) = first {
        return hand(Tier::Pair, &[i]);
    }
    if let Some(i) = straight_top(2) {
        return hand(Tier::TwoStraight, &[i]);
    }
    if let Some(i) = highest(present) {
        return hand(Tier::Singleton, &[i]);
    }
    hand(Tier::Nothing, &[])
}

/// A short phrase for messages, e.g. "full house, pentagons over stars".
pub fn describe(rank: &HandRank) -> String {
    let s = &rank.shapes;
    match rank.tier {
        Tier::Nothing => "nothing".to_string(),
        Tier::Singleton => format!("singleton {}", s[0].name()),
        Tier::Pair => format!("pair of {}", s[0].plural()),
        Tier::TwoPair => format!("two pair, {} and {}", s[0].plural(), s[1].plural()),
        Tier::ThreeOfAShape => format!("three {}", s[0].plural()),
        Tier::FullHouse => format!("full house, {} over {}", s[0].plural(), s[1].plural()),
        Tier::FourOfAShape => format!("four {}", s[0].plural()),
        Tier::FiveOfAShape => format!("five {}", s[0].plural()),
        Tier::TwoStraight => format!("2-straight to {}", s[0].name()),
        Tier::ThreeStraight => format!("3-straight to {}", s[0].name()),
        Tier::FourStraight => format!("4-straight to {}", s[0].name()),
        Tier::FiveStraight => format!("5-straight to {}", s[0].name()),
    }
}

/// Indices of the highest hands; several when they tie (they split the pot).
/// Empty only when `hands` is.
pub fn winners(hands: &[HandRank]) -> SmallVec<[usize; 4]> {
    let scores: SmallVec<[u32; 4]> = hands.iter().map(HandRank::score).collect();
    let Some(&best) = scores.iter().max() else {
        return SmallVec::new();
    };
    (0..hands.len()).filter(|&i| scores[i] == best).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Shape::{Circle, Cross, Pentagon, Star, Triangle, X};

    /// The hand worked out by walking the ladder's counts, as before the
    /// bit sets: every hand of up to seven pieces must rank the same.
    fn hand_rank_walked(shapes: &[Shape]) -> HandRank {
        let mut counts = [0usize; LADDER.len()];
        for s in shapes {
            if let Some(i) = LADDER_PLACE[s.index()] {
                counts[usize::from(i)] += 1;
            }
        }
        // Indices from the highest shape down, so the first match is the highest.
        let high_first = || (0..LADDER.len()).rev();
        let with_at_least = |n: usize| high_first().find(|&i| counts[i] >= n);
        // Top of the highest run of `len` distinct consecutive shapes.
        let straight_top = |len: usize| {
            high_first().find(|&i| i + 1 >= len && (i + 1 - len..=i).all(|j| counts[j] > 0))
        };
        let hand = |tier: Tier, idx: &[usize]| HandRank {
            tier,
            shapes: idx.iter().map(|&i| LADDER[i]).collect(),
        };

        if let Some(i) = with_at_least(5) {
            return hand(Tier::FiveOfAShape, &[i]);
        }
        if let Some(i) = with_at_least(4) {
            return hand(Tier::FourOfAShape, &[i]);
        }
        if let Some(i) = straight_top(5) {
            return hand(Tier::FiveStraight, &[i]);
        }
        // The highest triple first, then the highest pair of another shape.
        if let Some(t) = with_at_least(3)
            && let Some(p) = high_first().find(|&i| i != t && counts[i] >= 2)
        {
            return hand(Tier::FullHouse, &[t, p]);
        }
        if let Some(i) = straight_top(4) {
            return hand(Tier::FourStraight, &[i]);
        }
        if let Some(i) = with_at_least(3) {
            return hand(Tier::ThreeOfAShape, &[i]);
        }
        let mut pairs = high_first().filter(|&i| counts[i] >= 2);
        let (first, second) = (pairs.next(), pairs.next());
        if let (Some(h), Some(l)) = (first, second) {
            return hand(Tier::TwoPair, &[h, l]);
        }
        if let Some(i) = straight_top(3) {
            return hand(Tier::ThreeStraight, &[i]);
        }
        if let Some(i) = first {
            return hand(Tier::Pair, &[i]);
        }
        if let Some(i) = straight_top(2) {
            return hand(Tier::TwoStraight, &[i]);
        }
        if let Some(i) = with_at_least(1) {
            return hand(Tier::Singleton, &[i]);
        }
        hand(Tier::Nothing, &[])
    }

    #[test]
    fn every_hand_of_up_to_seven_pieces_ranks_as_the_walk_ranks_it() {
        let all = [Circle, Triangle, X, Cross, Star, Pentagon];
        let mut hands: Vec<Vec<Shape>> = vec![Vec::new()];
        let mut checked = 0;
        for _ in 0..7 {
            let mut longer = Vec::new();
            for hand in &hands {
                // Multisets: each hand's shapes in catalogue order.
                let from = hand
                    .last()
                    .map_or(0, |s| all.iter().position(|a| a == s).unwrap());
                for &shape in &all[from..] {
                    let mut next = hand.clone();
                    next.push(shape);
                    longer.push(next);
                }
            }
            for hand in &longer {
                assert_eq!(hand_rank(hand), hand_rank_walked(hand), "{hand:?}");
                checked += 1;
            }
            hands = longer;
        }
        assert_eq!(
            checked, 1715,
            "every multiset of one to seven of six shapes"
        );
    }

    fn rank(shapes: &[Shape]) -> HandRank {
        hand_rank(shapes)
    }

    fn said(shapes: &[Shape]) -> String {
        describe(&hand_rank(shapes))
    }

    #[test]
    fn each_tier_beats_the_one_below() {
        // The lowest example of each tier still beats the highest of the next tier
        // down, so the tier alone decides.
        let ladder: Vec<(Tier, Vec<Shape>, Vec<Shape>)> = vec![
            (Tier::FiveOfAShape, vec![Triangle; 5], vec![Pentagon; 5]),
            (Tier::FourOfAShape, vec![Triangle; 4], vec![Pentagon; 4]),
            (
                Tier::FiveStraight,
                vec![Triangle, X, Cross, Star, Pentagon],
                vec![Triangle, X, Cross, Star, Pentagon],
            ),
            (
                Tier::FullHouse,
                vec![Triangle, Triangle, Triangle, X, X],
                vec![Pentagon, Pentagon, Pentagon, Star, Star],
            ),
            (
                Tier::FourStraight,
                vec![Triangle, X, Cross, Star],
                vec![X, Cross, Star, Pentagon],
            ),
            (
                Tier::ThreeOfAShape,
                vec![Triangle; 3],
                vec![Pentagon, Pentagon, Pentagon, Triangle],
            ),
            (
                Tier::TwoPair,
                vec![Triangle, Triangle, X, X],
                vec![Pentagon, Pentagon, Star, Star],
            ),
            (
                Tier::ThreeStraight,
                vec![Triangle, X, Cross],
                vec![Cross, Star, Pentagon],
            ),
            (
                Tier::Pair,
                vec![Triangle, Triangle],
                vec![Pentagon, Pentagon],
            ),
            (Tier::TwoStraight, vec![Triangle, X], vec![Star, Pentagon]),
            (Tier::Singleton, vec![Triangle], vec![Pentagon, Cross]),
            (Tier::Nothing, vec![], vec![Circle, Circle]),
        ];
        for (tier, low, high) in &ladder {
            assert_eq!(rank(low).tier(), *tier, "{low:?}");
            assert_eq!(rank(high).tier(), *tier, "{high:?}");
            assert!(rank(low) <= rank(high), "{low:?} vs {high:?}");
        }
        for pair in ladder.windows(2) {
            let (above, below) = (&pair[0], &pair[1]);
            assert!(
                rank(&above.1) > rank(&below.2),
                "{:?} should beat {:?}",
                above.1,
                below.2
            );
        }
    }

    #[test]
    fn ties_within_a_tier_break_by_shape_rank() {
        assert!(rank(&[Pentagon]) > rank(&[Star]));
        assert!(rank(&[Star, Star]) > rank(&[Cross, Cross]));
        assert!(rank(&[X, X, X]) > rank(&[Triangle, Triangle, Triangle]));
        assert!(rank(&[Cross, Star, Pentagon]) > rank(&[X, Cross, Star]));
        // Full house: the triple decides first, then the pair.
        assert!(
            rank(&[Star, Star, Star, Triangle, Triangle])
                > rank(&[Cross, Cross, Cross, Pentagon, Pentagon])
        );
        assert!(rank(&[Star, Star, Star, X, X]) > rank(&[Star, Star, Star, Triangle, Triangle]));
        // Two pair: the higher pair decides first, then the lower.
        assert!(rank(&[Pentagon, Pentagon, X, X]) > rank(&[Star, Star, Cross, Cross]));
        assert!(
            rank(&[Pentagon, Pentagon, X, X]) > rank(&[Pentagon, Pentagon, Triangle, Triangle])
        );
    }

    #[test]
    fn order_uses_rank_not_catalogue_order() {
        // Shape's derived order puts Pentagon before Star; the hand must not.
        assert!(rank(&[Star]) > rank(&[Triangle]));
        assert!(rank(&[Pentagon]) > rank(&[Star]));
        assert!(rank(&[Cross]) > rank(&[X]));
    }

    #[test]
    fn circles_are_chips_and_ignored() {
        assert_eq!(rank(&[Circle; 7]).tier(), Tier::Nothing);
        assert_eq!(rank(&[]), rank(&[Circle]));
        assert_eq!(rank(&[Star, Circle, Circle, Circle]), rank(&[Star]));
        // A circle does not extend a straight down from the triangle.
        assert_eq!(rank(&[Circle, Triangle]).tier(), Tier::Singleton);
        assert!(rank(&[Triangle]) > rank(&[Circle, Circle, Circle, Circle, Circle]));
    }

    #[test]
    fn straights_need_distinct_consecutive_shapes() {
        assert_eq!(rank(&[Triangle, Cross]).tier(), Tier::Singleton);
        assert_eq!(rank(&[X, Star, Pentagon]).tier(), Tier::TwoStraight);
        assert_eq!(rank(&[X, Cross, Pentagon]).tier(), Tier::TwoStraight);
        assert_eq!(said(&[X, Cross, Pentagon]), "2-straight to cross");
        assert_eq!(
            rank(&[Triangle, X, Star, Pentagon]).tier(),
            Tier::TwoStraight
        );
        assert_eq!(
            said(&[Triangle, X, Star, Pentagon]),
            "2-straight to pentagon"
        );
        // Repeats of one shape are not a straight.
        assert_eq!(rank(&[Star, Star, Star]).tier(), Tier::ThreeOfAShape);
        assert_eq!(rank(&[Triangle, X, Cross, Star]).tier(), Tier::FourStraight);
        assert_eq!(said(&[Triangle, X, Cross, Star]), "4-straight to star");
    }

    #[test]
    fn a_mixed_hand_takes_its_best_tier() {
        // Three pentagons and two stars: full house beats the set and the 2-straight.
        assert_eq!(
            said(&[Pentagon, Star, Pentagon, Star, Pentagon]),
            "full house, pentagons over stars"
        );
        // A full run of five is a 5-straight, above the pair it also holds...
        let run = [Triangle, X, Cross, Star, Pentagon, Pentagon];
        assert_eq!(said(&run), "5-straight to pentagon");
        // ...but four of a shape outranks it.
        let run_and_four = [Triangle, X, Cross, Star, Pentagon, X, X, X];
        assert_eq!(said(&run_and_four), "four Xs");
        // A 4-straight with a triple: the straight is higher.
        assert_eq!(
            said(&[X, Cross, Star, Pentagon, X, X]),
            "4-straight to pentagon"
        );
        // A 4-straight with a triple and a pair elsewhere: full house.
        assert_eq!(
            said(&[X, Cross, Star, Pentagon, X, X, Star]),
            "full house, Xs over stars"
        );
        // The highest straight of the tier, not the first found.
        assert_eq!(
            said(&[Triangle, X, Cross, Pentagon, Star]),
            "5-straight to pentagon"
        );
        assert_eq!(
            said(&[Triangle, X, Star, Pentagon, Cross]),
            "5-straight to pentagon"
        );
        assert_eq!(said(&[Triangle, X, Cross, Pentagon]), "3-straight to cross");
        // Three pairs: the highest two count.
        assert_eq!(
            said(&[Triangle, Triangle, Star, Star, X, X]),
            "two pair, stars and Xs"
        );
        // A pair and a 3-straight: the straight is higher.
        assert_eq!(said(&[Triangle, X, Cross, Cross]), "3-straight to cross");
        // Two triples: full house with the higher as the triple.
        assert_eq!(
            said(&[Triangle, Triangle, Triangle, Star, Star, Star]),
            "full house, stars over triangles"
        );
        // A pair beats a 2-straight held alongside it.
        assert_eq!(said(&[Star, Star, Pentagon]), "pair of stars");
        assert_eq!(said(&[Star, Star, Triangle]), "pair of stars");
    }

    #[test]
    fn more_than_five_of_a_shape_counts_as_five() {
        assert_eq!(rank(&[Star; 6]), rank(&[Star; 5]));
        assert_eq!(said(&[Star; 9]), "five stars");
        assert!(rank(&[Pentagon; 5]) > rank(&[Star; 8]));
        assert_eq!(
            rank(&[Cross; 4]),
            rank(&[Cross, Cross, Cross, Cross, Triangle])
        );
    }

    #[test]
    fn descriptions() {
        assert_eq!(said(&[]), "nothing");
        assert_eq!(said(&[Circle]), "nothing");
        assert_eq!(said(&[Star]), "singleton star");
        assert_eq!(said(&[X, Circle]), "singleton X");
        assert_eq!(said(&[Cross, Cross]), "pair of crosses");
        assert_eq!(said(&[X, Cross, Circle]), "2-straight to cross");
        assert_eq!(said(&[X, Cross, Triangle]), "3-straight to cross");
        assert_eq!(said(&[Triangle; 3]), "three triangles");
        assert_eq!(said(&[Pentagon; 4]), "four pentagons");
        assert_eq!(said(&[Pentagon; 5]), "five pentagons");
    }

    #[test]
    fn pieces_are_what_makes_the_rank() {
        let full = rank(&[Pentagon, Star, Pentagon, Star, Pentagon, X, Circle]);
        assert_eq!(
            full.pieces().as_slice(),
            [Pentagon, Pentagon, Pentagon, Star, Star]
        );
        assert_eq!(
            rank(&[X, Cross, Star, Star]).pieces().as_slice(),
            [Star, Cross, X]
        );
        assert_eq!(rank(&[Star; 7]).pieces().as_slice(), [Star; 5]);
        assert_eq!(
            rank(&[Cross, Cross, X, X, Triangle, Triangle])
                .pieces()
                .as_slice(),
            [Cross, Cross, X, X]
        );
        assert_eq!(rank(&[Triangle, Circle]).pieces().as_slice(), [Triangle]);
        assert!(rank(&[Circle, Circle]).pieces().is_empty());
    }

    #[test]
    fn winners_include_ties() {
        let hands = [
            rank(&[Star, Star]),
            rank(&[Pentagon]),
            rank(&[Star, Star, Circle]),
            rank(&[Cross, Cross]),
        ];
        assert_eq!(winners(&hands).as_slice(), [0, 2]);
        assert_eq!(winners(&[rank(&[]), rank(&[Triangle])]).as_slice(), [1]);
        assert_eq!(winners(&[rank(&[]), rank(&[Circle])]).as_slice(), [0, 1]);
        // No kicker: the extra pieces do not break a tie.
        assert_eq!(
            winners(&[
                rank(&[Cross, Cross, Pentagon]),
                rank(&[Cross, Cross, Triangle])
            ])
            .as_slice(),
            [0, 1]
        );
        assert!(winners(&[]).is_empty());
    }
}
