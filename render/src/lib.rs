//! Boards as pictures: an SVG built in code from what one viewer sees, and
//! the same rasterised to PNG by resvg with an embedded font (DejaVu Sans;
//! no system font is ever loaded, so every machine draws the same pixels).
//!
//! Everything is drawn from a [`Shown`] view (a seat's or a spectator's,
//! built by the engine from what that viewer may see) and the [`Game`]
//! (geometry, seats' colours, rule names), never from the full state, so a
//! picture cannot show a piece its viewer may not see. The types see to it:
//! the truth is no `Shown`, and nothing outside the engine can make one.
//!
//! ```
//! use redscience_engine::testing::{catalogue_game, played};
//! use redscience_render::{BoardOptions, board_png};
//!
//! let game = catalogue_game("Tic-Tac-Toe");
//! let state = played(&game, &["2,2", "1,1"]);
//! let seat = state.player_view(1);
//! assert!(board_png(&game, &seat.into(), &BoardOptions::default()).is_ok());
//! ```
//!
//! Drawing the position itself for a player does not compile:
//!
//! ```compile_fail,E0308
//! use redscience_engine::testing::{catalogue_game, played};
//! use redscience_render::{BoardOptions, board_png};
//!
//! let game = catalogue_game("Tic-Tac-Toe");
//! let state = played(&game, &["2,2", "1,1"]);
//! let seat = state.player_view(1);
//! assert!(board_png(&game, &state, &BoardOptions::default()).is_ok());
//! ```
//!
//! nor does taking a seat's view apart to draw what is inside,
//!
//! ```compile_fail,E0616
//! use redscience_engine::testing::{catalogue_game, played};
//! use redscience_render::{BoardOptions, board_png};
//!
//! let game = catalogue_game("Tic-Tac-Toe");
//! let state = played(&game, &["2,2", "1,1"]);
//! let seat = state.player_view(1);
//! assert!(board_png(&game, &seat.0.into(), &BoardOptions::default()).is_ok());
//! ```
//!
//! nor making a seat's view of anything but what the engine built for it.
//!
//! ```compile_fail,E0423
//! use redscience_engine::game::{PlayerView, View};
//! use redscience_engine::testing::{catalogue_game, played};
//! use redscience_render::{BoardOptions, board_png};
//!
//! let game = catalogue_game("Tic-Tac-Toe");
//! let state = played(&game, &["2,2", "1,1"]);
//! let seat: PlayerView = PlayerView(View {
//!     viewer: Some(1),
//!     spaces: Vec::new(),
//!     reserves: Vec::new(),
//!     phase: 0,
//!     to_move: None,
//!     marked: Vec::new(),
//! });
//! assert!(board_png(&game, &seat.into(), &BoardOptions::default()).is_ok());
//! ```
//!
//! Layout follows the engine's text boards (`redscience_engine::text`):
//! x grows to the right and y upwards, (1,1) is the lower left, and the
//! coordinates stand on the edges so a move can be typed from the picture.
//!
//! - **Hash**: the # grid, four lines and no border.
//! - **Squares** (and **squares on a toroid**, drawn as a plane with a note
//!   that the edges join): a grid of squares; a 3-D board shows its layers
//!   side by side, labelled z=1, z=2, ...
//! - **Stacks**: one panel per row y, each x a post with its pieces from the
//!   bottom; only two empty rows above the tallest stack are drawn, and the
//!   maximum height stands in the upper-left corner.
//! - **Hexagons**: pointy-top hexagons, each row half a cell right of the
//!   row below, x numbered under the bottom row and over the top row.
//! - **Tetrakis squares**: each square split into its four triangles, the
//!   empty ones carrying their number (1 north, 2 east, 3 south, 4 west).
//! - Several boards stand side by side, titled "Board 1", "Board 2", ...
//!
//! - **Go-like boards** (squares, one layer, at least 9 by 9, pieces only
//!   placed: gomoku, Connect6) are drawn as go boards: lines, star points,
//!   stones on the intersections.
//! - **Connect Four** (stacks in one row with an in-a-row check) is drawn
//!   as its upright frame with every hole; other stacks are posts.
//!
//! Pieces have their shape in their colour; an obscured piece is its colour
//! in a rounded square with a question mark; a cloaked space is hazy; a
//! locked space (a wall) is a grey grid; every piece of the last turn is
//! outlined in red; the cells that decided the match glow green, with a
//! green line through a straight row of them; a sticky space is dotted, a
//! space kept for some seats is hatched in their colours, and where pieces
//! move each seat's goal edge has a bar in its colour. The caption can
//! carry the reserves the view holds and, once the match is over, who won
//! and why. Seats are named by their players' names where given. The key
//! under the board explains only what this board shows.
//!
//! Text in any script is drawn: DejaVu Sans first, GNU Unifont for what it
//! lacks (see `raster`).
//!
//! Besides boards: a leaderboard card ([`leaderboard_png`]) and a chart of
//! ratings over time ([`rating_chart_png`], drawn with plotters' SVG
//! backend), both rasterised the same way.

mod card;
mod chart;
#[cfg(test)]
mod contrast;
mod deciding;
mod drawing;
mod fonts;
mod frame;
mod heading;
mod hexagons;
mod key;
mod legend;
mod markers;
mod plane;
mod raster;
mod result;
mod shapes;
mod stacks;
mod svg;
mod tetrakis;

pub use card::{LeaderRow, LeaderboardCard, leaderboard_png, leaderboard_svg};
pub use chart::{ChartPoint, RatingSeries, rating_chart_png, rating_chart_svg};
pub use result::{MatchResult, deciding_groups, last_turn};

use std::fmt;

use redscience_engine::game::{Game, Shown};
use redscience_engine::rules::BoardKind;

use drawing::Drawing;
use result::seat_name;
// What the leaderboard card and the rating chart draw with.
use fonts::FONT_FAMILY;
use raster::rasterise;
use svg::{Anchor, INK, N, PAGE, escape, text, text_width};

/// How a board is drawn, beyond what the view says.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardOptions {
    /// Lines written above the board, e.g. from [`caption`]: the game's
    /// name, whose turn it is.
    pub caption: Vec<String>,
    /// Each seat's display name, in seat order ("alice", "Random",
    /// "Connect4 SP", "Chaos"); a missing or blank one is "Player N". Used
    /// wherever the picture names a seat (legend, notes, result).
    pub seats: Vec<String>,
    /// Once the match is over: who won and why, drawn under the caption
    /// (see [`MatchResult::new`]).
    pub result: Option<MatchResult>,
    /// The cells that decided the match, a group each (a winning line, an
    /// area): they glow, and a group in a straight row gets a line through
    /// its centres.
    pub deciding: Vec<Vec<u16>>,
    /// Cells of the last turn, each outlined (see [`last_turn`]).
    pub last_move: Vec<u16>,
    /// Pixels per cell; 0 picks a size that keeps the picture about
    /// `max_width` wide (within sensible limits for each kind of board).
    pub cell_size: u32,
    /// The width an automatic cell size aims for, in pixels.
    pub max_width: u32,
    /// Under the board, the seats in their colours and a key to what the
    /// board shows.
    pub legend: bool,
    /// Under the caption, the reserves the view holds: the viewer's own by
    /// shape, the others' as a count per colour (only where the view has
    /// them). Drawn only with a caption.
    pub reserves: bool,
    /// What a person types to play now, in the game's own move syntax
    /// (`move 4`, `plan rock 1`), written under the board; none where no
    /// one is to move or the viewer may not be told.
    pub hint: Option<String>,
}

impl Default for BoardOptions {
    fn default() -> Self {
        BoardOptions {
            caption: Vec::new(),
            seats: Vec::new(),
            result: None,
            deciding: Vec::new(),
            last_move: Vec::new(),
            cell_size: 0,
            max_width: 720,
            legend: true,
            reserves: true,
            hint: None,
        }
    }
}

/// Why a picture could not be made.
#[derive(Debug)]
pub enum RenderError {
    /// The SVG built here did not parse (a bug in this crate).
    Svg(String),
    /// The picture would be empty or too large to allocate.
    Size(u32, u32),
    /// PNG encoding failed.
    Png(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::Svg(e) => write!(f, "the drawing is not valid SVG: {e}"),
            RenderError::Size(w, h) => write!(f, "a {w}x{h} picture cannot be drawn"),
            RenderError::Png(e) => write!(f, "the picture could not be encoded as PNG: {e}"),
        }
    }
}

impl std::error::Error for RenderError {}

/// The usual caption: the game's name, then whose turn it is by name (see
/// [`BoardOptions::seats`]), what the die shows in a game with dice, and
/// the phase when there are several. Once
/// the match is over only the name: the result is [`BoardOptions::result`].
pub fn caption(game: &Game, view: &Shown, seats: &[String]) -> Vec<String> {
    let mut lines = vec![game.rules.name.clone()];
    if let Some(i) = view.to_move().filter(|&i| i < game.seats.len()) {
        let mut turn = format!(
            "{} ({}) to move",
            seat_name(game, seats, i),
            game.seat_colors_name(i)
        );
        if let Some(face) = view.rolled() {
            turn.push_str(&format!(" \u{2022} {}", game.die_shows(face)));
        }
        if game.rules.phases.len() > 1 {
            turn.push_str(&format!(
                " \u{2022} phase {} of {}",
                view.phase() + 1,
                game.rules.phases.len()
            ));
            if let Some(name) = game.rules.labels.phase(view.phase()) {
                turn.push_str(&format!(" ({name})"));
            }
        }
        lines.push(turn);
    }
    lines
}

/// The board as a PNG image.
pub fn board_png(
    game: &Game,
    view: &Shown,
    options: &BoardOptions,
) -> Result<Vec<u8>, RenderError> {
    rasterise(&board_svg(game, view, options))
}

/// The board as SVG text (what [`board_png`] rasterises).
pub fn board_svg(game: &Game, view: &Shown, options: &BoardOptions) -> String {
    let cell = if options.cell_size > 0 {
        options.cell_size as f32
    } else {
        // Lay out at 40 px a cell and scale to the width aimed for; once
        // more, since labels and titles do not scale with the cells.
        let (lo, hi) = match game.geometry.kind {
            BoardKind::TetrakisSquares => (44.0, 110.0),
            _ => (18.0, 64.0),
        };
        let aim = options.max_width.max(100) as f32 - 24.0;
        let mut s: f32 = 40.0;
        for _ in 0..2 {
            let width = Drawing::new(game, view, options, s).content_width();
            s = (s * aim / width.max(1.0)).clamp(lo, hi);
        }
        s.floor()
    };
    Drawing::new(game, view, options, cell).svg()
}

#[cfg(test)]
mod tests {
    use super::*;
    use raster::svg_options;
    use redscience_engine::RuleSet;
    use resvg::usvg;
    use svg::HIGHLIGHT;

    #[test]
    fn caption_text_is_escaped_and_the_svg_parses() {
        let g = Game::new(RuleSet::tic_tac_toe("A<&>\"B")).unwrap();
        let view = Shown::from(g.start().public_view());
        let options = BoardOptions {
            caption: caption(&g, &view, &[]),
            ..BoardOptions::default()
        };
        let svg = board_svg(&g, &view, &options);
        assert!(svg.contains("A&lt;&amp;&gt;&quot;B"), "{svg}");
        assert!(svg.contains("Player 1 (black) to move"));
        let named = caption(&g, &view, &["al<i>ce".to_string()]);
        assert_eq!(named[1], "al<i>ce (black) to move");
        let options = BoardOptions {
            caption: named,
            ..BoardOptions::default()
        };
        assert!(board_svg(&g, &view, &options).contains("al&lt;i&gt;ce (black) to move"));
        assert!(usvg::Tree::from_str(&svg, svg_options()).is_ok());
        assert!(board_png(&g, &view, &options).is_ok());
    }

    #[test]
    fn every_cell_of_the_last_turn_is_outlined_and_a_cell_size_is_kept() {
        let g = Game::new(RuleSet::tic_tac_toe("t")).unwrap();
        let view = Shown::from(g.start().public_view());
        let plain = board_svg(&g, &view, &BoardOptions::default());
        assert!(!plain.contains(HIGHLIGHT));
        assert!(!plain.contains("last move"), "no key entry without one");
        let options = BoardOptions {
            last_move: vec![4, 0],
            cell_size: 50,
            legend: false,
            ..BoardOptions::default()
        };
        let svg = board_svg(&g, &view, &options);
        assert_eq!(svg.matches(HIGHLIGHT).count(), 2);
        assert!(svg.contains(r#"width="50" height="50""#));
        let keyed = board_svg(
            &g,
            &view,
            &BoardOptions {
                legend: true,
                ..options
            },
        );
        assert!(keyed.contains(">last turn<"), "{keyed}");
    }

    #[test]
    fn a_finished_match_is_captioned_by_its_name_and_result_never_game_over() {
        let g = Game::new(RuleSet::tic_tac_toe("t")).unwrap();
        let s = redscience_engine::testing::played(&g, &["2,2", "1,1", "1,2", "3,1", "3,2"]);
        let view = Shown::from(s.public_view());
        assert_eq!(view.to_move(), None);
        let names = ["alice".to_string(), "bob".to_string()];
        assert_eq!(caption(&g, &view, &names), ["t"]);
        let outcome = s.outcome().unwrap();
        let options = BoardOptions {
            caption: caption(&g, &view, &names),
            result: Some(MatchResult::of_outcome(&g, outcome, &names)),
            seats: names.to_vec(),
            ..BoardOptions::default()
        };
        let svg = board_svg(&g, &view, &options);
        assert!(svg.contains(">alice wins<"), "{svg}");
        assert!(svg.contains("alice made 3 in a row"), "{svg}");
        assert!(!svg.contains("Game over"));
    }
}
