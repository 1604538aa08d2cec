//! What each seat, and a spectator, can see; and the board a seat judges
//! its moves on.
//!
//! A seat fully sees every piece it placed, every piece it can move, every
//! piece on a space not cloaked, every piece it has fully seen before and
//! every piece it attempted to cover. Under "Cloaking obscures" it also fully
//! sees its own colours' pieces, and sees the colour but not the shape of
//! every other placed piece; under "Cloaking hides" it sees nothing else.
//! Walls on cloaked spaces are unseen until a move runs into them.
//!
//! Views are built only from what the viewer may see, so whatever is drawn
//! or sent from a view cannot leak a hidden piece. Once the match is over
//! nothing is hidden: every view is the truth, and every move is known.

use std::ops::Deref;

use super::{Move, State};
use crate::rules::{BoardKind, Cloaking, Color, Shape};

/// What a viewer sees on one space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seen {
    Empty,
    Wall,
    Piece(Color, Shape),
    /// Under obscurity: a piece of this colour, shape unknown.
    Obscured(Color),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SpaceView {
    pub seen: Seen,
    /// The space is cloaked in this phase (shown as haze).
    pub cloaked: bool,
}

/// A board as one viewer knows it. Only the engine builds one, from what
/// its viewer may see, and hands it out as a [`PlayerView`] or a
/// [`PublicView`]: its fields are private and it has no constructor.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct View {
    viewer: Option<usize>,
    spaces: Vec<SpaceView>,
    reserves: Vec<(Color, Shape, u16)>,
    phase: usize,
    to_move: Option<usize>,
    rolled: Option<u8>,
    marked: Vec<u16>,
}

impl View {
    /// The seat whose view this is (0-based), or None for a spectator.
    pub fn viewer(&self) -> Option<usize> {
        self.viewer
    }

    /// Every space, by cell index.
    pub fn spaces(&self) -> &[SpaceView] {
        &self.spaces
    }

    /// What the viewer sees on `cell` (Empty off the board).
    pub fn seen(&self, cell: u16) -> Seen {
        spaces_seen(&self.spaces, cell).unwrap_or(Seen::Empty)
    }

    /// Reserves the viewer may know: (colour, shape, count).
    pub fn reserves(&self) -> &[(Color, Shape, u16)] {
        &self.reserves
    }

    pub fn phase(&self) -> usize {
        self.phase
    }

    /// The seat whose decision is awaited, while the match goes on.
    pub fn to_move(&self) -> Option<usize> {
        self.to_move
    }

    /// The die's face for the turn under way, once rolled: seen by all.
    pub fn rolled(&self) -> Option<u8> {
        self.rolled
    }

    /// Spaces to point out to this viewer: what its last attempt ran into
    /// (a piece or wall it has just learned of), and the piece whose chain
    /// of jumps is open (its pending capture), where the viewer sees it.
    pub fn marked(&self) -> &[u16] {
        &self.marked
    }
}

/// What one seat knows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlayerView(View);

/// What a spectator knows: only what no seat's secret.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PublicView(View);

/// A view fit to show a person: one seat's or a spectator's, and nothing
/// else. Whatever draws or words a board for a person (render's pictures,
/// the text boards) takes one, so the truth cannot be drawn for a player
/// by mistake.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Shown {
    Player(PlayerView),
    Public(PublicView),
}

impl Shown {
    /// The same view with no seat to move: for a match ended outside its
    /// rules (a forfeit), where the engine still awaits a move.
    pub fn with_no_one_to_move(self) -> Shown {
        let clear = |mut view: View| {
            view.to_move = None;
            view
        };
        match self {
            Shown::Player(PlayerView(view)) => Shown::Player(PlayerView(clear(view))),
            Shown::Public(PublicView(view)) => Shown::Public(PublicView(clear(view))),
        }
    }
}

impl From<PlayerView> for Shown {
    fn from(view: PlayerView) -> Shown {
        Shown::Player(view)
    }
}

impl From<PublicView> for Shown {
    fn from(view: PublicView) -> Shown {
        Shown::Public(view)
    }
}

impl Deref for PlayerView {
    type Target = View;

    fn deref(&self) -> &View {
        &self.0
    }
}

impl Deref for PublicView {
    type Target = View;

    fn deref(&self) -> &View {
        &self.0
    }
}

impl Deref for Shown {
    type Target = View;

    fn deref(&self) -> &View {
        match self {
            Shown::Player(view) => view,
            Shown::Public(view) => view,
        }
    }
}

fn spaces_seen(spaces: &[SpaceView], cell: u16) -> Option<Seen> {
    spaces.get(usize::from(cell)).map(|s| s.seen)
}

impl State {
    fn cloaking(&self) -> Cloaking {
        self.game().rules.cloaking
    }

    /// Whether a space is cloaked in the current phase. Once the match is
    /// over nothing is: every view shows every piece and wall, and every
    /// seat's reserves.
    pub fn is_cloaked(&self, cell: u16) -> bool {
        self.cloaking() != Cloaking::None
            && !self.is_finished()
            && self.game().phases[self.position.phase()].cloaked[usize::from(cell)]
    }

    /// Whether `seat` can move the piece on `cell` (so it sees it).
    fn can_move_piece(&self, seat: usize, color: Color, shape: Shape) -> bool {
        self.game().seats[seat].controls(color)
            && !self.game().pieces.movement[shape.index()].is_empty()
    }

    /// Whether `seat` fully sees the piece on `cell` now.
    pub fn sees_fully(&self, seat: usize, cell: u16) -> bool {
        let Some((color, shape)) = self.piece_at(cell) else {
            return true;
        };
        !self.is_cloaked(cell)
            || self.position.flags[usize::from(cell)] & super::known_bit(seat) != 0
            || self.can_move_piece(seat, color, shape)
            || self.cloaking() == Cloaking::Obscures && self.game().seats[seat].controls(color)
    }

    /// Whether `seat` knows of the wall on `cell` (every wall is seen unless cloaked).
    pub fn sees_wall(&self, seat: usize, cell: u16) -> bool {
        !self.is_cloaked(cell) || self.knowledge.knows_wall(seat, cell)
    }

    /// Whether any space is cloaked now, which hides the others' reserves.
    fn anything_cloaked(&self) -> bool {
        self.cloaking() != Cloaking::None
            && !self.is_finished()
            && self.game().phases[self.position.phase()]
                .cloaked
                .iter()
                .any(|c| *c)
    }

    fn seen_by(&self, viewer: Option<usize>, cell: u16) -> Seen {
        let locked = self.is_locked(cell);
        let cloaked = self.is_cloaked(cell);
        match (self.piece_at(cell), viewer) {
            (None, _)
                if locked && (!cloaked || viewer.is_some_and(|s| self.sees_wall(s, cell))) =>
            {
                Seen::Wall
            }
            (None, _) => Seen::Empty,
            (Some((color, shape)), Some(seat)) if self.sees_fully(seat, cell) => {
                Seen::Piece(color, shape)
            }
            (Some((color, shape)), None) if !cloaked => Seen::Piece(color, shape),
            (Some((color, _)), _) if self.cloaking() == Cloaking::Obscures => Seen::Obscured(color),
            (Some(_), _) => Seen::Empty,
        }
    }

    fn view_as(&self, viewer: Option<usize>) -> View {
        let game = self.game();
        let spaces: Vec<SpaceView> = (0..self.position.board.len() as u16)
            .map(|c| SpaceView {
                seen: self.seen_by(viewer, c),
                cloaked: self.is_cloaked(c),
            })
            .collect();
        let open_reserves = !self.anything_cloaked();
        let mut reserves = Vec::new();
        for color in Color::ALL {
            let own = viewer.is_some_and(|s| game.seats[s].controls(color));
            if !(own || open_reserves) {
                continue;
            }
            for s in &game.rules.shapes {
                let n = self.reserve(color, s.shape);
                if n > 0 {
                    reserves.push((color, s.shape, n));
                }
            }
        }
        let mut marked = viewer
            .and_then(|seat| self.revealed.get(seat).cloned())
            .unwrap_or_default();
        if let Some(chain) = self.position.tactics.chain
            && matches!(
                spaces_seen(&spaces, chain),
                Some(Seen::Piece(..) | Seen::Obscured(_))
            )
        {
            marked.push(chain);
        }
        View {
            viewer,
            spaces,
            reserves,
            phase: self.position.phase(),
            to_move: (!self.is_finished()).then(|| self.to_move()),
            rolled: self.rolled().filter(|_| !self.is_finished()),
            marked,
        }
    }

    /// Everything, as the referee knows it: not for any player's eyes, so
    /// never a [`Shown`] (see `text::board_text`).
    pub(crate) fn truth_view(&self) -> View {
        let mut view = self.view_as(None);
        for (cell, space) in view.spaces.iter_mut().enumerate() {
            let c = cell as u16;
            space.seen = match self.piece_at(c) {
                Some((color, shape)) => Seen::Piece(color, shape),
                None if self.is_locked(c) => Seen::Wall,
                None => Seen::Empty,
            };
        }
        view.reserves = Color::ALL
            .iter()
            .flat_map(|c| self.game().rules.shapes.iter().map(move |s| (*c, s.shape)))
            .map(|(c, s)| (c, s, self.reserve(c, s)))
            .filter(|r| r.2 > 0)
            .collect();
        view
    }

    /// Whether `viewer` (None: the channel) may not know history entry `i`
    /// yet: a plan still sealed, or a move where it cannot see.
    pub fn is_secret_to(&self, i: usize, viewer: Option<usize>) -> bool {
        self.secrecy(i, viewer).is_some()
    }

    /// Why `viewer` may not know history entry `i`, in the words shown in
    /// its place; None when it may. Once the match is over everyone may
    /// know every move, sealed plans of a round left unresolved included.
    pub(crate) fn secrecy(&self, i: usize, viewer: Option<usize>) -> Option<&'static str> {
        if self.is_finished() {
            return None;
        }
        let sealed_from = self
            .rounds
            .current
            .as_ref()
            .map_or(usize::MAX, |r| r.history_start);
        let a = &self.history()[i];
        if i >= sealed_from && viewer != Some(a.seat()) && !a.mv.is_draw_talk() {
            return Some(super::told::SEALED_WORDS);
        }
        let hidden_to = match a.mv {
            Move::Place { to, .. } | Move::Step { to, .. } | Move::Promote { to, .. } => Some(to),
            _ => None,
        };
        let secret = self.cloaking() != Cloaking::None
            && viewer != Some(a.seat())
            && hidden_to.is_some_and(|to| {
                self.is_cloaked(to)
                    && match viewer {
                        Some(v) => !self.sees_fully(v, to) || self.piece_at(to).is_none(),
                        None => true,
                    }
            });
        secret.then_some("(a move you cannot see)")
    }

    /// What `seat` (0-based) knows.
    pub fn player_view(&self, seat: usize) -> PlayerView {
        PlayerView(self.view_as(Some(seat)))
    }

    /// What a spectator knows.
    pub fn public_view(&self) -> PublicView {
        PublicView(self.view_as(None))
    }

    /// The position as `seat` believes it: unseen pieces gone (obscured ones
    /// stay, since the seat knows the space is taken) and unseen walls open.
    /// Moves are judged legal on it.
    pub(crate) fn perceived(&self, seat: usize) -> State {
        let mut p = self.clone();
        p.records.history = Default::default();
        p.become_belief_of(seat);
        if self.placing().is_some() {
            // The legal moves stay the mover's, as judged on what it knows:
            // listed, since a product would count the belief's open slots.
            p.set_legal(self.legal().to_vec());
        }
        p
    }

    /// Makes this state the position as `seat` believes it (see
    /// `perceived`), for a copy made to be judged on.
    pub(crate) fn become_belief_of(&mut self, seat: usize) {
        let mut walls = self.game().phases[self.position.phase()].locked.clone();
        for cell in 0..self.position.board.len() as u16 {
            let c = usize::from(cell);
            if walls[c] && !self.sees_wall(seat, cell) {
                walls[c] = false;
            }
            let hidden = self.position.board[c] != 0
                && !self.sees_fully(seat, cell)
                && self.cloaking() == Cloaking::Hides;
            if hidden {
                self.position.board.set(c, 0);
            }
        }
        self.knowledge.become_belief(walls);
        self.sets_out_of_date();
    }

    /// A move judged legal from the mover's knowledge but blocked in truth:
    /// the blocking piece or wall becomes known to the mover, and nothing moves.
    /// Returns the cells revealed.
    pub(crate) fn reveal_blocker(&mut self, seat: usize, mv: Move) -> Vec<u16> {
        // The game, not its geometry, is copied: a count, not its tables.
        let game = self.game().clone();
        let geo = &game.geometry;
        let mut cells: Vec<u16> = match mv {
            Move::Place { to, .. } => geo.columns()[geo.column_of(to)].clone(),
            Move::Step { from, to } | Move::Promote { from, to, .. } => {
                // The walks the mover thought clear: straight walks by the
                // board's own neighbours (both ways round a toroid's ring,
                // along hex lines and tetrakis strips) with nothing it knew
                // of between. A neighbour needs no walk. On each walk the
                // first hidden piece stopped the move; a walk with none was
                // stopped at the target. Slides on stacks pass over pieces,
                // and knights jump: there only the target stack counts.
                let hidden = |c: u16| {
                    self.position.board[usize::from(c)] != 0
                        && !self.sees_fully(seat, c)
                        && self.cloaking() == Cloaking::Hides
                };
                let walks: Vec<Vec<u16>> = if geo.kind == BoardKind::Stacks {
                    Vec::new()
                } else {
                    geo.walks_between(from, to)
                        .into_iter()
                        .filter(|w| {
                            w.iter()
                                .all(|&c| self.position.board[usize::from(c)] == 0 || hidden(c))
                        })
                        .collect()
                };
                let target = &geo.columns()[geo.column_of(to)];
                let mut stops = Vec::new();
                if walks.is_empty() || walks.iter().any(Vec::is_empty) {
                    stops.extend(target.iter().copied());
                } else {
                    for walk in &walks {
                        match walk.iter().find(|&&c| hidden(c)) {
                            Some(&c) => stops.push(c),
                            None => stops.extend(target.iter().copied()),
                        }
                    }
                }
                stops.sort_unstable();
                stops.dedup();
                stops
            }
            _ => Vec::new(),
        };
        cells.retain(|&c| {
            let piece = self.position.board[usize::from(c)] != 0 && !self.sees_fully(seat, c);
            let wall = self.is_locked(c) && !self.sees_wall(seat, c);
            piece || wall
        });
        for &c in &cells {
            if self.position.board[usize::from(c)] != 0 {
                self.learn_piece(seat, c);
            } else {
                self.learn_wall(seat, c);
            }
        }
        cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::apply_turn;
    use crate::testing::{game_without_checks, play};

    #[test]
    fn hidden_pieces_show_only_to_their_owner_and_an_attempt_reveals_them() {
        let g = game_without_checks(serde_json::json!({"cloaking": "hides", "board": "squares",
            "phases": [{"cloaked": ["all"]}],
            "shapes": [{"reserves": {"black": 2, "white": 2}}]}));
        let mut s = g.start();
        play(&mut s, &["2,2"]);
        let centre = g.geometry.cell(1, 2, 2, 1).unwrap();
        assert_eq!(
            s.player_view(0).seen(centre),
            Seen::Piece(Color::Black, Shape::Circle)
        );
        assert_eq!(s.player_view(1).seen(centre), Seen::Empty);
        assert_eq!(s.public_view().seen(centre), Seen::Empty);
        assert!(
            s.player_view(1)
                .reserves()
                .iter()
                .all(|(c, _, _)| *c == Color::White),
            "others' reserves are hidden"
        );
        // White tries the space it believes empty: the piece is revealed and white's turn ends.
        play(&mut s, &["2,2"]);
        assert_eq!(
            s.player_view(1).seen(centre),
            Seen::Piece(Color::Black, Shape::Circle)
        );
        assert_eq!(s.reserve(Color::White, Shape::Circle), 2, "nothing moved");
        assert_eq!(s.to_move(), 0);
        assert!(
            s.move_words(s.history().len() - 1).contains("blocked"),
            "{:?}",
            s.history().last()
        );
        // White's view points out what it ran into; nobody else's does.
        assert_eq!(s.player_view(1).marked(), [centre]);
        assert!(s.player_view(0).marked().is_empty());
        assert!(s.public_view().marked().is_empty());
        // Now white knows: the same space is refused outright.
        play(&mut s, &["1,1"]);
        assert!(
            apply_turn(&mut s, "2,2", |_| None)
                .unwrap_err()
                .contains("occupied")
        );
        // White's next move clears the mark.
        play(&mut s, &["3,3"]);
        assert!(s.player_view(1).marked().is_empty());
    }

    #[test]
    fn a_hidden_capture_does_not_force_a_must_capture_piece() {
        // "Must capture" counts only visible chances: white's mine-layer does
        // not see black's hidden circle, so its placement elsewhere stands.
        let g = game_without_checks(serde_json::json!({"cloaking": "hides", "board": "squares",
            "phases": [{"cloaked": ["all"]}],
            "shapes": [{"reserves": {"black": 1}},
                {"shape": "pentagon", "power": "must", "capture": "cover", "result": "remove",
                 "reserves": {"white": 1}}]}));
        let mut s = g.start();
        play(&mut s, &["2,2", "1,1"]);
        assert_eq!(s.piece_at(0), Some((Color::White, Shape::Pentagon)));
        assert!(
            !(0..s.history().len()).any(|i| s.move_words(i).contains("blocked")),
            "{:?}",
            s.history()
        );
        // Placing onto the hidden circle is a capture all the same.
        let mut s = g.start();
        play(&mut s, &["2,2", "2,2"]);
        let centre = g.geometry.cell(1, 2, 2, 1).unwrap();
        assert_eq!(s.piece_at(centre), Some((Color::White, Shape::Pentagon)));
    }

    #[test]
    fn a_slide_blocked_round_a_toroid_reveals_only_the_first_hidden_piece() {
        // A ring of 6 with black's slider at (1,1) and white's pieces hidden.
        let g = game_without_checks(
            serde_json::json!({"cloaking": "hides", "board": "squares_on_toroid",
            "dimensions": [6, 1, 1], "phases": [{"cloaked": ["all"], "pass": true}],
            "initial": [{"at": "1,1", "color": "black", "shape": "x"}],
            "shapes": [{"shape": "circle", "reserves": {"black": 0, "white": 2}},
                       {"shape": "x", "movement": ["linear"], "reserves": {"black": 0, "white": 0}}]}),
        );
        let mut s = g.start();
        play(&mut s, &["pass", "5,1", "pass", "3,1"]);
        let cell = |x| g.geometry.cell(1, x, 1, 1).unwrap();
        // Black thinks (4,1) is open both ways round: (2,1),(3,1) one way,
        // (6,1),(5,1) the other. Both are blocked by hidden pieces, and only
        // the first on each way is revealed.
        play(&mut s, &["1,1-4,1"]);
        let last_of_black = s.history().iter().rposition(|a| a.seat == 0).unwrap();
        let attempt = s.move_words(last_of_black);
        assert!(attempt.contains("blocked at (3,1), (5,1)"), "{attempt}");
        let v = s.player_view(0);
        assert_eq!(v.seen(cell(3)), Seen::Piece(Color::White, Shape::Circle));
        assert_eq!(v.seen(cell(5)), Seen::Piece(Color::White, Shape::Circle));
        assert_eq!(
            s.piece_at(cell(1)),
            Some((Color::Black, Shape::X)),
            "nothing moved"
        );
    }

    #[test]
    fn obscurity_shows_colour_but_not_shape() {
        let g = game_without_checks(
            serde_json::json!({"cloaking": "obscures", "board": "squares",
            "phases": [{"cloaked": ["all"]}],
            "shapes": [{"shape": "circle", "reserves": {"black": 1, "white": 1}},
                       {"shape": "x", "reserves": {"black": 1, "white": 1}}]}),
        );
        let mut s = g.start();
        play(&mut s, &["x 1,1"]);
        let v = s.player_view(1);
        assert_eq!(v.seen(0), Seen::Obscured(Color::Black));
        assert_eq!(
            s.player_view(0).seen(0),
            Seen::Piece(Color::Black, Shape::X)
        );
        assert!(
            apply_turn(&mut s, "1,1", |_| None).is_err(),
            "a space known to be taken is refused"
        );
    }
}
