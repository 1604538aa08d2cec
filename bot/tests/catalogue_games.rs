//! Every foundation game of the built-in catalogue, played by move text to each
//! kind of ending it can reach, with per-seat results, move echoes and the
//! reasons illegal moves are refused.
//!
//! Seat 1 (index 0) always moves first: drawing the seat order at random is the
//! match maker's business, not the engine's. The engine plays a seat's only
//! legal move and passes for a seat with none, so several games below finish
//! "by themselves" after the last free space is filled; `State::history` shows
//! those moves with `automatic` set.

use redscience_engine::game::{Applied, GameState};
use redscience_engine::notation::{parse_turn, resolve};
use redscience_engine::rules::{Color, Shape};
use redscience_engine::testing::{catalogue_game, play};
use redscience_engine::{Move, SeatResult, State, catalogue};

use SeatResult::{Draw, Loss, Win};

// ---------------------------------------------------------------------------
// Helpers

fn start(name: &str) -> State {
    catalogue_game(name).start()
}

/// The reason a turn is refused. The state is left untouched (the turn is
/// tried on a copy); panics if the whole turn is accepted.
fn refusal(state: &State, text: &str) -> String {
    let mut copy = state.clone();
    let moves = match parse_turn(text) {
        Ok(moves) => moves,
        Err(e) => return e,
    };
    for m in moves {
        match resolve(&copy, &m) {
            Ok(mv) => {
                if let Err(e) = copy.apply(mv) {
                    return e;
                }
            }
            Err(e) => return e,
        }
    }
    panic!("{text:?} was accepted")
}

/// Asserts that `text` is refused and the reason contains `expected`.
fn assert_refused(state: &State, text: &str, expected: &str) {
    let before = state.history().len();
    let reason = refusal(state, text);
    assert!(
        reason.contains(expected),
        "{text:?}: expected a reason containing {expected:?}, got {reason:?}"
    );
    assert_eq!(state.history().len(), before);
}

fn results(state: &State) -> Vec<SeatResult> {
    state.outcome().expect("the game is over").results.clone()
}

fn reason(state: &State) -> String {
    let outcome = state.outcome().expect("the game is over");
    outcome.reason(state.game())
}

/// A history entry with its words, as the referee reads them.
struct Echo {
    seat: usize,
    automatic: bool,
    text: String,
}

fn echo(state: &State, i: usize) -> Echo {
    let applied = &state.history()[i];
    Echo {
        seat: applied.seat(),
        automatic: applied.automatic,
        text: state.move_words(i),
    }
}

fn last(state: &State) -> Echo {
    let len = state.history().len();
    assert!(len > 0, "something was played");
    echo(state, len - 1)
}

/// The words of every move so far.
fn words(state: &State) -> Vec<String> {
    (0..state.history().len())
        .map(|i| state.move_words(i))
        .collect()
}

/// The echo of the last move that was not a pass.
fn last_board_move(state: &State) -> &Applied {
    state
        .history()
        .iter()
        .rev()
        .find(|a| a.mv.is_board_move())
        .expect("a board move was played")
}

fn cell(state: &State, x: u8, y: u8, z: u8) -> u16 {
    state
        .game()
        .geometry
        .cell(1, x, y, z)
        .unwrap_or_else(|| panic!("({x},{y},{z}) is not on the board"))
}

fn at(state: &State, x: u8, y: u8, z: u8) -> Option<Color> {
    state.piece_at(cell(state, x, y, z)).map(|(color, _)| color)
}

fn color_of(letter: char) -> Option<Color> {
    match letter {
        'B' => Some(Color::Black),
        'W' => Some(Color::White),
        'P' => Some(Color::Pink),
        'Y' => Some(Color::Yellow),
        _ => None,
    }
}

/// A position as text: one layer per z (z = 1 first), each layer's rows from
/// the top (y = max) down, one letter per space: B, W, P, Y or '.' for empty
/// (or locked).
type Layers<'a> = &'a [&'a [&'a str]];

fn cells_of(layers: Layers) -> Vec<((u8, u8, u8), char)> {
    let mut out = Vec::new();
    for (z, rows) in layers.iter().enumerate() {
        for (i, row) in rows.iter().enumerate() {
            let y = rows.len() - i;
            for (x, ch) in row.chars().enumerate() {
                out.push(((x as u8 + 1, y as u8, z as u8 + 1), ch));
            }
        }
    }
    out
}

fn assert_board(state: &State, layers: Layers) {
    for ((x, y, z), ch) in cells_of(layers) {
        assert_eq!(
            at(state, x, y, z),
            color_of(ch),
            "the piece at ({x},{y},{z})"
        );
    }
}

/// Fills a flat or 3-D squares board to the given position, seat after seat,
/// each mover placing its next space of the pattern by move text. With
/// players choosing colours the mover names the colour. Spaces the engine
/// filled automatically are skipped. Returns when the position is reached.
fn fill(state: &mut State, layers: Layers) {
    let game = state.game().clone();
    let three_d = game.geometry.dims[2] > 1;
    let choose = game
        .seats
        .iter()
        .any(|s| Color::ALL.iter().filter(|c| s.controls(**c)).count() > 1);
    let mut todo = cells_of(layers);
    todo.retain(|(_, ch)| color_of(*ch).is_some());
    while !todo.is_empty() {
        todo.retain(|((x, y, z), _)| at(state, *x, *y, *z).is_none());
        if todo.is_empty() {
            break;
        }
        assert!(
            !state.is_terminal(),
            "the game ended before the pattern was filled: {}",
            reason(state)
        );
        let seat = &game.seats[state.to_move()];
        let i = if choose {
            0
        } else {
            todo.iter()
                .position(|(_, ch)| color_of(*ch) == Some(seat.color))
                .unwrap_or_else(|| panic!("{} has no space left in the pattern", seat.label()))
        };
        let ((x, y, z), ch) = todo.remove(i);
        let mut text = if three_d {
            format!("{x},{y},{z}")
        } else {
            format!("{x},{y}")
        };
        if choose {
            text = format!("{} {text}", color_of(ch).unwrap().name());
        }
        play(state, &[&text]);
    }
    assert_board(state, layers);
}

/// The automatic moves that ended a game, as (seat, echo).
fn automatic_tail(state: &State) -> Vec<(usize, String)> {
    let h = state.history();
    let start = h.iter().rposition(|a| !a.automatic).map_or(0, |i| i + 1);
    (start..h.len())
        .map(|i| (h[i].seat(), state.move_words(i)))
        .collect()
}

/// Asserts the full-board ending: every seat passes once and the first seat to
/// pass again repeats itself, which is the stalemate.
fn assert_all_passed_to_stalemate(state: &State) {
    let seats = state.game().seats.len();
    let h = state.history();
    let passes: Vec<&Applied> = h.iter().rev().take_while(|a| a.mv == Move::Pass).collect();
    assert_eq!(
        passes.len(),
        seats + 1,
        "every seat passes, then the first repeats: {:?}",
        automatic_tail(state)
    );
    assert!(
        passes.iter().all(|a| a.automatic),
        "the passes are automatic"
    );
    assert_eq!(
        passes[0].seat(),
        passes[seats].seat(),
        "the seat that passed first passes again"
    );
}

fn count(state: &State, color: Color) -> usize {
    let g = state.game();
    (0..g.geometry.cell_count() as u16)
        .filter(|&c| state.piece_at(c).is_some_and(|(k, _)| k == color))
        .count()
}

/// Common refusals: off the board, occupied, a pass without the option, a draw
/// without the option, answering an offer nobody made.
fn assert_common_refusals(state: &State, occupied: &str, off_board: &str) {
    assert_refused(state, occupied, "is occupied");
    assert_refused(state, off_board, "is off the board");
    assert_refused(state, "pass", "this phase has no option to pass");
    if !state.game().rules.draw_option {
        assert_refused(state, "draw", "this game has no option to agree a draw");
    }
    assert_refused(state, "agree", "no draw has been offered");
    assert_refused(state, "refuse", "no draw has been offered");
    assert_refused(state, "hello", "expected");
}

// ---------------------------------------------------------------------------
// The catalogue as a whole

#[test]
fn every_foundation_game_compiles_and_starts_with_seat_1() {
    let names = catalogue::foundation_names();
    assert_eq!(names.len(), 16);
    for name in names {
        let g = catalogue_game(name);
        let s = g.start();
        assert_eq!(s.to_move(), 0, "{name}: seat 1 moves first");
        assert!(!s.is_terminal(), "{name}");
        assert!(
            s.history().is_empty(),
            "{name}: nothing is automatic at the start"
        );
        assert!(s.legal().len() > 1, "{name}");
    }
}

/// The game-theory games may lock seats in their first phase, so a seat
/// other than seat 1 may open (after automatic passes); each still offers a
/// real choice at once.
#[test]
fn every_catalogue_game_compiles_and_offers_a_choice_at_the_start() {
    let names = catalogue::names();
    assert_eq!(names.len(), 16 + 26 + 4);
    for name in names {
        let s = catalogue_game(name).start_seeded(7);
        assert!(!s.is_terminal(), "{name}");
        assert!(s.legal().len() > 1, "{name}: {:?}", s.legal().to_vec());
        assert!(
            s.history().iter().all(|a| a.automatic),
            "{name}: only automatic moves before the first decision"
        );
    }
}

// ---------------------------------------------------------------------------
// Tic-Tac-Toe

#[test]
fn tic_tac_toe_horizontal_win() {
    let mut s = start("Tic-Tac-Toe");
    play(&mut s, &["1,1", "1,2", "2,1", "2,2", "3,1"]);
    assert_eq!(results(&s), vec![Win, Loss]);
    assert_eq!(last(&s).text, "Black circle to (3,1)");
    assert_eq!(last(&s).seat, 0);
    assert!(
        reason(&s).contains("Player 1 (black) made 3 in a row"),
        "{}",
        reason(&s)
    );
    assert_eq!(s.history().len(), 5, "nothing automatic after a win");
}

#[test]
fn tic_tac_toe_vertical_win_for_white() {
    let mut s = start("Tic-Tac-Toe");
    play(&mut s, &["1,1", "2,1", "3,3", "2,2", "1,3", "2,3"]);
    assert_eq!(results(&s), vec![Loss, Win]);
    assert_eq!(last(&s).text, "White circle to (2,3)");
    assert_eq!(last(&s).seat, 1);
}

#[test]
fn tic_tac_toe_up_diagonal_win() {
    let mut s = start("Tic-Tac-Toe");
    play(&mut s, &["a1", "b1", "b2", "c1", "c3"]);
    assert_eq!(results(&s), vec![Win, Loss]);
    assert_eq!(last(&s).text, "Black circle to (3,3)");
}

#[test]
fn tic_tac_toe_down_diagonal_win_for_white() {
    let mut s = start("Tic-Tac-Toe");
    play(&mut s, &["1,1", "1,3", "2,1", "2,2", "1,2", "3,1"]);
    assert_eq!(results(&s), vec![Loss, Win]);
    assert_eq!(last(&s).text, "White circle to (3,1)");
}

#[test]
fn tic_tac_toe_full_board_draws_after_an_automatic_last_move() {
    let mut s = start("Tic-Tac-Toe");
    play(
        &mut s,
        &["2,2", "1,3", "1,1", "3,3", "3,1", "2,1", "1,2", "3,2"],
    );
    // Black's fifth circle has one place left: the engine plays it, then
    // everyone passes until the first repeated pass stalemates.
    assert_board(&s, &[&["WBW", "BBW", "BWB"]]);
    let placed = echo(&s, 8);
    assert_eq!(
        (placed.seat, placed.automatic, placed.text.as_str()),
        (0, true, "Black circle to (2,3)")
    );
    assert_eq!(results(&s), vec![Draw, Draw]);
    assert_eq!(reason(&s), "The board is full. Stalemate draws.");
    assert_all_passed_to_stalemate(&s);
    assert_eq!(s.reserve(Color::Black, Shape::Circle), 0);
    assert_eq!(s.reserve(Color::White, Shape::Circle), 0);
    assert_refused(&s, "1,1", "the game is over");
}

#[test]
fn tic_tac_toe_refusals() {
    let mut s = start("Tic-Tac-Toe");
    play(&mut s, &["2,2"]);
    assert_common_refusals(&s, "2,2", "4,1");
    assert_refused(&s, "d1", "is off the board");
    assert_refused(&s, "1,1,2", "is off the board");
    assert_refused(&s, "0,1", "is off the board");
    assert_refused(&s, "black 1,1", "Player 2 cannot place black pieces");
    assert_refused(&s, "pentagon 1,1", "no white pentagon is left in reserve");
    assert_refused(&s, "2,2-2,3", "Player 2 cannot move black pieces");
    // The engine refuses moves handed to it directly, too.
    let err = s.clone().apply(Move::Pass).unwrap_err();
    assert!(err.contains("this phase has no option to pass"), "{err}");
    let centre = cell(&s, 2, 2, 1);
    let err = s
        .clone()
        .apply(Move::Place {
            color: Color::White,
            shape: Shape::Circle,
            to: centre,
        })
        .unwrap_err();
    assert!(err.contains("(2,2) is occupied"), "{err}");
    play(&mut s, &["1,1"]);
    assert_refused(&s, "2,2-2,3", "black circles do not move once placed");
}

// ---------------------------------------------------------------------------
// 3on15line

#[test]
fn three_on_15_line_wins_for_either_colour() {
    let mut s = start("3on15line");
    play(&mut s, &["1", "5", "2", "6", "3"]);
    assert_eq!(results(&s), vec![Win, Loss]);
    assert_eq!(last(&s).text, "Black circle to (3,1)");

    let mut s = start("3on15line");
    play(&mut s, &["1", "5", "3", "6", "10", "7"]);
    assert_eq!(results(&s), vec![Loss, Win]);
    assert_eq!(last(&s).text, "White circle to (7,1)");
}

#[test]
fn three_on_15_line_fills_to_a_draw() {
    let mut s = start("3on15line");
    fill(&mut s, &[&["BBWWBBWWBBWWBBW"]]);
    assert_eq!(results(&s), vec![Draw, Draw]);
    assert_all_passed_to_stalemate(&s);
    assert_eq!(count(&s, Color::Black), 8);
    assert_eq!(count(&s, Color::White), 7);
}

#[test]
fn three_on_15_line_refusals() {
    let mut s = start("3on15line");
    play(&mut s, &["8"]);
    assert_common_refusals(&s, "8", "16");
    assert_refused(&s, "8,2", "is off the board");
    assert_refused(&s, "(8,1)", "is occupied");
}

// ---------------------------------------------------------------------------
// Treblecross15 (shared colour: the player completing the line wins)

#[test]
fn treblecross_credits_the_line_to_whoever_completes_it() {
    let mut s = start("Treblecross15");
    play(&mut s, &["1", "3", "2"]);
    assert_eq!(results(&s), vec![Win, Loss]);
    assert_eq!(
        (last(&s).seat, last(&s).text.as_str()),
        (0, "Black circle to (2,1)")
    );

    let mut s = start("Treblecross15");
    play(&mut s, &["1", "2", "5", "3"]);
    assert_eq!(results(&s), vec![Loss, Win]);
    assert_eq!(
        (last(&s).seat, last(&s).text.as_str()),
        (1, "Black circle to (3,1)")
    );
    assert_eq!(s.reserve(Color::Black, Shape::Circle), 11, "one pool of 15");
}

#[test]
fn treblecross_refusals() {
    let mut s = start("Treblecross15");
    play(&mut s, &["7"]);
    assert_common_refusals(&s, "7", "16");
    assert_refused(&s, "white 8", "Player 2 cannot place white pieces");
}

// ---------------------------------------------------------------------------
// 3P-Misere-Notakto (shared colour, the player completing the line wins)

#[test]
fn misere_notakto_mover_wins_in_every_seat() {
    let mut s = start("3P-Misere-Notakto");
    play(&mut s, &["1,1", "2,1", "3,3", "3,1"]);
    assert_eq!(results(&s), vec![Win, Loss, Loss]);
    assert_eq!(last(&s).seat, 0);

    let mut s = start("3P-Misere-Notakto");
    play(&mut s, &["1,1", "2,1", "1,3", "3,3", "2,2"]);
    assert_eq!(results(&s), vec![Loss, Win, Loss]);
    assert_eq!(
        (last(&s).seat, last(&s).text.as_str()),
        (1, "Black circle to (2,2)")
    );

    let mut s = start("3P-Misere-Notakto");
    play(&mut s, &["1,1", "1,2", "1,3"]);
    assert_eq!(results(&s), vec![Loss, Loss, Win]);
    assert_eq!(last(&s).seat, 2);
}

#[test]
fn misere_notakto_refusals() {
    let mut s = start("3P-Misere-Notakto");
    play(&mut s, &["2,2", "1,1"]);
    assert_eq!(s.to_move(), 2);
    assert_common_refusals(&s, "1,1", "3,4");
    assert_refused(&s, "pink 3,3", "Player 3 cannot place pink pieces");
}

// ---------------------------------------------------------------------------
// 3P-Notakto (shared colour, the player completing the line loses)

#[test]
fn notakto_mover_loses_and_the_other_two_win() {
    let mut s = start("3P-Notakto");
    play(&mut s, &["1,1", "1,2", "1,3"]);
    assert_eq!(results(&s), vec![Win, Win, Loss]);

    let mut s = start("3P-Notakto");
    play(&mut s, &["1,1", "2,1", "3,3", "3,1"]);
    assert_eq!(results(&s), vec![Loss, Win, Win]);
}

#[test]
fn notakto_seventh_stone_always_completes_a_line() {
    // Six stones without a line is the most the board holds, so whoever places
    // the seventh (seat 1 again) loses whatever it does.
    let mut s = start("3P-Notakto");
    play(&mut s, &["1,1", "2,1", "1,2", "3,2", "2,3", "3,3"]);
    assert!(!s.is_terminal());
    assert_eq!(s.to_move(), 0);
    let legal = s.legal().to_vec();
    assert_eq!(legal.len(), 3, "{legal:?}");
    for mv in legal {
        let mut t = s.clone();
        t.apply(mv).unwrap();
        assert_eq!(results(&t), vec![Loss, Win, Win], "{}", t.move_text(mv));
    }
}

// ---------------------------------------------------------------------------
// 4on7sq (Option to Agree Draw)

#[test]
fn four_on_7sq_draw_agreed() {
    let mut s = start("4on7sq");
    play(&mut s, &["4,4", "draw"]);
    assert_eq!(s.draw_offered_by(), Some(1));
    assert_eq!(s.to_move(), 0, "black answers white's offer");
    assert_refused(
        &s,
        "3,3",
        "a draw has been offered: answer it with agree or refuse first",
    );
    play(&mut s, &["agree"]);
    assert_eq!(results(&s), vec![Draw, Draw]);
    assert_eq!(reason(&s), "Every player agreed to a draw.");
    let words = words(&s);
    let tail: Vec<(usize, &str)> = s
        .history()
        .since(1)
        .zip(&words[1..])
        .map(|(a, text)| (a.seat(), text.as_str()))
        .collect();
    assert_eq!(tail, vec![(1, "Offer to draw"), (0, "Agree to draw")]);
}

#[test]
fn four_on_7sq_draw_refused_then_a_diagonal_win() {
    let mut s = start("4on7sq");
    play(&mut s, &["draw", "refuse"]);
    assert!(!s.is_terminal());
    assert_eq!(s.to_move(), 0, "the offerer must choose a different move");
    assert_refused(&s, "draw", "a draw can be offered once per turn");
    play(
        &mut s,
        &["1,1", "1,2", "2,2", "1,3", "3,3", "draw", "refuse"],
    );
    assert_eq!(s.to_move(), 1);
    play(&mut s, &["1,4"]);
    assert!(!s.is_terminal(), "three whites in a column are not four");
    play(&mut s, &["4,4"]);
    assert_eq!(results(&s), vec![Win, Loss]);
    assert_eq!(last(&s).text, "Black circle to (4,4)");
    let words = words(&s);
    let texts: Vec<&str> = words.iter().map(String::as_str).collect();
    assert_eq!(&texts[..2], &["Offer to draw", "Refuse to draw"]);
}

#[test]
fn four_on_7sq_full_board_draws() {
    let mut s = start("4on7sq");
    // (x + 2y) mod 4 < 2 is black: no colour has more than two in a row anywhere.
    let rows: Vec<String> = (1..=7u8)
        .rev()
        .map(|y| {
            (1..=7u8)
                .map(|x| if (x + 2 * y) % 4 < 2 { 'B' } else { 'W' })
                .collect()
        })
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    fill(&mut s, &[&rows]);
    assert_eq!(results(&s), vec![Draw, Draw]);
    assert_eq!(reason(&s), "The board is full. Stalemate draws.");
    assert_all_passed_to_stalemate(&s);
}

#[test]
fn four_on_7sq_refusals() {
    let mut s = start("4on7sq");
    play(&mut s, &["4,4"]);
    assert_common_refusals(&s, "4,4", "8,1");
    play(&mut s, &["4,5"]);
    assert_refused(&s, "4,5", "(4,5) is occupied");
    assert_refused(&s, "1,8", "(1,8) is off the board; the board is 7x7x1");
}

// ---------------------------------------------------------------------------
// 5on15sq

#[test]
fn five_on_15sq_five_wins_and_four_does_not() {
    let mut s = start("5on15sq");
    play(
        &mut s,
        &["8,8", "1,1", "9,9", "1,2", "10,10", "1,3", "11,11", "1,4"],
    );
    assert!(!s.is_terminal(), "four in a row is not enough");
    play(&mut s, &["7,7"]);
    assert_eq!(results(&s), vec![Win, Loss]);
    assert_eq!(last(&s).text, "Black circle to (7,7)");

    let mut s = start("5on15sq");
    play(
        &mut s,
        &[
            "1,1", "15,15", "1,2", "14,14", "3,1", "13,13", "3,2", "12,12", "3,3", "11,11",
        ],
    );
    assert_eq!(results(&s), vec![Loss, Win]);
}

#[test]
fn five_on_15sq_full_board_draws() {
    let mut s = start("5on15sq");
    let rows: Vec<String> = (1..=15u8)
        .rev()
        .map(|y| {
            (1..=15u8)
                .map(|x| if (x + 2 * y) % 4 < 2 { 'B' } else { 'W' })
                .collect()
        })
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    fill(&mut s, &[&rows]);
    assert_eq!(results(&s), vec![Draw, Draw]);
    assert_all_passed_to_stalemate(&s);
    assert_eq!(
        s.history().iter().filter(|a| a.mv.is_board_move()).count(),
        225
    );
}

#[test]
fn five_on_15sq_refusals() {
    let mut s = start("5on15sq");
    play(&mut s, &["8,8"]);
    assert_common_refusals(&s, "8,8", "16,1");
    assert_refused(&s, "p1", "is off the board");
}

// ---------------------------------------------------------------------------
// Connect6-19x19 (two stones per turn; white starts with a stone at (10,10))

#[test]
fn connect6_black_places_two_stones_a_turn_from_the_start() {
    let mut s = start("Connect6-19x19");
    assert_eq!(
        at(&s, 10, 10, 1),
        Some(Color::White),
        "the pre-placed white stone"
    );
    assert_eq!(s.reserve(Color::White, Shape::Circle), 180);
    play(&mut s, &["9,9"]);
    assert_eq!(s.to_move(), 0, "black still has a stone to place this turn");
    assert_eq!(s.moves_this_turn().len(), 1);
    assert_refused(&s, "draw", "this game has no option to agree a draw");
    play(&mut s, &["9,10"]);
    assert_eq!(s.to_move(), 1);
    play(&mut s, &["11,11+12,12"]);
    assert_eq!(s.to_move(), 0);
    let words = words(&s);
    let texts: Vec<&str> = words.iter().map(String::as_str).collect();
    assert_eq!(
        texts,
        vec![
            "Black stone (circle) to (9,9)",
            "Black stone (circle) to (9,10)",
            "White stone (circle) to (11,11)",
            "White stone (circle) to (12,12)"
        ]
    );
}

#[test]
fn connect6_six_with_the_pre_placed_stone_wins() {
    let mut s = start("Connect6-19x19");
    play(
        &mut s,
        &[
            "1,1+1,2",
            "10,11+10,12",
            "3,1+5,1",
            "10,13+10,14",
            "7,1+9,1",
        ],
    );
    assert!(!s.is_terminal(), "five whites in a column are not six");
    // The first stone makes six; turn checks run at the end of the turn, so
    // the second stone is still placed before white wins.
    play(&mut s, &["10,15+2,19"]);
    assert_eq!(results(&s), vec![Loss, Win]);
    assert_eq!(last(&s).text, "White stone (circle) to (2,19)");
    assert!(
        reason(&s).contains("Player 2 (white) made 6 in a row"),
        "{}",
        reason(&s)
    );
}

#[test]
fn connect6_six_in_a_diagonal_wins_for_black() {
    let mut s = start("Connect6-19x19");
    play(
        &mut s,
        &["1,1+2,2", "19,1+19,2", "3,3+4,4", "19,3+19,4", "5,5+19,19"],
    );
    assert!(!s.is_terminal());
    play(&mut s, &["19,5+18,1"]);
    assert!(!s.is_terminal(), "five whites in a column (19,1)-(19,5)");
    play(&mut s, &["6,6+17,17"]);
    assert_eq!(results(&s), vec![Win, Loss]);
}

#[test]
fn connect6_full_board_draws() {
    let mut s = start("Connect6-19x19");
    // Runs of at most two, with (10,10) swapped with (3,1) so the pre-placed
    // stone is white: runs of at most five, never six.
    let mut grid: Vec<Vec<char>> = (1..=19u8)
        .rev()
        .map(|y| {
            (1..=19u8)
                .map(|x| if (x + 2 * y + 2) % 4 < 2 { 'B' } else { 'W' })
                .collect()
        })
        .collect();
    let row = |y: usize| 19 - y;
    assert_eq!((grid[row(10)][9], grid[row(1)][2]), ('B', 'W'));
    grid[row(10)][9] = 'W';
    grid[row(1)][2] = 'B';
    let rows: Vec<String> = grid.into_iter().map(|r| r.into_iter().collect()).collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    fill(&mut s, &[&rows]);
    assert_eq!(results(&s), vec![Draw, Draw]);
    assert_eq!(count(&s, Color::Black), 180);
    assert_eq!(count(&s, Color::White), 181);
}

#[test]
fn connect6_refusals() {
    let mut s = start("Connect6-19x19");
    assert_common_refusals(&s, "10,10", "20,1");
    assert_refused(&s, "1,1+1,1", "(1,1) is occupied");
    assert_refused(&s, "1,1+20,20", "is off the board");
    play(&mut s, &["1,1"]);
    assert_refused(&s, "pass", "this phase has no option to pass");
    assert_refused(&s, "draw", "no option to agree a draw");
}

// ---------------------------------------------------------------------------
// Tapatan (moves adjacent once its owner's reserve is empty)

#[test]
fn tapatan_moves_only_after_placing_everything_then_wins_by_moving() {
    let mut s = start("Tapatan");
    play(&mut s, &["1,1", "1,2", "2,2", "3,3"]);
    assert!(
        s.legal()
            .to_vec()
            .iter()
            .all(|m| matches!(m, Move::Place { .. }))
    );
    assert_refused(
        &s,
        "1,1-2,1",
        "cannot move while an identical one (black circle) is in reserve",
    );
    play(&mut s, &["2,1"]);
    // Black has placed all three; white still has one in reserve.
    assert_refused(
        &s,
        "1,2-1,3",
        "cannot move while an identical one (white circle) is in reserve",
    );
    play(&mut s, &["2,3"]);
    assert_board(&s, &[&[".WW", "WB.", "BB."]]);
    // Movement only now: no placement is left.
    assert!(
        s.legal()
            .to_vec()
            .iter()
            .all(|m| matches!(m, Move::Step { .. })),
        "{:?}",
        s.legal().to_vec()
    );
    assert_refused(&s, "3,1", "no black circle is left in reserve");
    assert_refused(&s, "1,1-3,2", "the piece at (1,1) cannot move to (3,2)");
    assert_refused(&s, "2,2-2,3", "(2,3) is occupied");
    assert_refused(&s, "1,2-1,3", "Player 1 cannot move white pieces");
    assert_refused(&s, "3,1-3,2", "there is no piece at (3,1)");
    play(&mut s, &["2,2-3,1"]);
    assert_eq!(results(&s), vec![Win, Loss]);
    assert_eq!(last(&s).text, "Black circle (2,2) to (3,1)");
    assert_eq!(s.reserve(Color::Black, Shape::Circle), 0);
}

#[test]
fn tapatan_shuffling_back_and_forth_stalemates_into_a_draw() {
    let mut s = start("Tapatan");
    play(&mut s, &["2,2", "1,1", "3,1", "1,3", "1,2", "3,2"]);
    play(&mut s, &["3,1-2,1", "3,2-3,3", "2,1-3,1", "3,3-3,2"]);
    assert!(!s.is_terminal());
    // Black now faces the position it faced after the placements, and makes
    // the same move again.
    play(&mut s, &["3,1-2,1"]);
    assert_eq!(results(&s), vec![Draw, Draw]);
    assert_eq!(
        reason(&s),
        "A turn repeated an earlier one in the same position. Stalemate draws."
    );
    assert_eq!(
        (last(&s).seat, last(&s).text.as_str(), last(&s).automatic),
        (0, "Black circle (3,1) to (2,1)", false)
    );
}

// ---------------------------------------------------------------------------
// Achi (four each, so one space stays empty)

#[test]
fn achi_moves_only_after_placing_everything_then_wins_by_moving() {
    let mut s = start("Achi");
    play(&mut s, &["1,1", "2,2"]);
    assert_refused(
        &s,
        "1,1-1,2",
        "cannot move while an identical one (black circle) is in reserve",
    );
    play(&mut s, &["2,1", "1,2", "1,3", "2,3", "3,2"]);
    assert_refused(
        &s,
        "2,2-3,1",
        "cannot move while an identical one (white circle) is in reserve",
    );
    play(&mut s, &["3,3"]);
    assert_board(&s, &[&["BWW", "WWB", "BB."]]);
    // Only the pieces next to the empty space can move.
    let mut legal: Vec<String> = s.legal().iter().map(|m| s.move_text(*m)).collect();
    legal.sort();
    assert_eq!(
        legal,
        vec!["Black circle (2,1) to (3,1)", "Black circle (3,2) to (3,1)"]
    );
    play(&mut s, &["3,2-3,1"]);
    assert_eq!(results(&s), vec![Win, Loss]);
    assert_eq!(last(&s).text, "Black circle (3,2) to (3,1)");
}

#[test]
fn achi_rotation_repeats_into_a_draw_with_automatic_moves() {
    let mut s = start("Achi");
    play(
        &mut s,
        &["2,1", "1,3", "2,3", "1,1", "3,3", "2,2", "1,2", "3,2"],
    );
    // Black's only piece next to the empty (3,1) is at (2,1): played for it.
    let auto = last(&s);
    assert_eq!(
        (auto.seat, auto.automatic, auto.text.as_str()),
        (0, true, "Black circle (2,1) to (3,1)")
    );
    play(
        &mut s,
        &["2,2-2,1", "3,1-2,2", "2,1-3,1", "2,2-2,1", "3,1-2,2"],
    );
    // Black's forced move comes round again in the same position: stalemate.
    assert_eq!(results(&s), vec![Draw, Draw]);
    let auto = last(&s);
    assert_eq!(
        (auto.seat, auto.automatic, auto.text.as_str()),
        (0, true, "Black circle (2,1) to (3,1)")
    );
}

#[test]
fn achi_refusals() {
    let mut s = start("Achi");
    play(&mut s, &["2,2"]);
    assert_common_refusals(&s, "2,2", "3,0");
    assert_refused(&s, "2,2-1,1", "Player 2 cannot move black pieces");
}

// ---------------------------------------------------------------------------
// 9-Holes (orthogonal lines only; moves linear or knight)

#[test]
fn nine_holes_diagonal_does_not_win_and_orthogonal_does() {
    let mut s = start("9-Holes");
    play(&mut s, &["1,1", "2,1", "2,2", "3,1", "3,3"]);
    assert!(!s.is_terminal(), "a diagonal line does not count");
    play(&mut s, &["1,3"]);
    assert_board(&s, &[&["W.B", ".B.", "BWW"]]);
    // Linear moves stop at the first piece; knight moves jump.
    let mut legal: Vec<String> = s.legal().iter().map(|m| s.move_text(*m)).collect();
    legal.sort();
    assert_eq!(
        legal,
        vec![
            "Black circle (1,1) to (1,2)",
            "Black circle (1,1) to (2,3)",
            "Black circle (1,1) to (3,2)",
            "Black circle (2,2) to (1,2)",
            "Black circle (2,2) to (2,3)",
            "Black circle (2,2) to (3,2)",
            "Black circle (3,3) to (1,2)",
            "Black circle (3,3) to (2,3)",
            "Black circle (3,3) to (3,2)",
        ]
    );
    // A knight jump.
    play(&mut s, &["1,1-3,2"]);
    assert_eq!(last(&s).text, "Black circle (1,1) to (3,2)");
    assert!(!s.is_terminal());
    // A two-space linear move that completes an orthogonal row.
    play(&mut s, &["1,3-1,1"]);
    assert_eq!(last(&s).text, "White circle (1,3) to (1,1)");
    assert_eq!(results(&s), vec![Loss, Win]);
}

#[test]
fn nine_holes_orthogonal_placement_wins() {
    let mut s = start("9-Holes");
    play(&mut s, &["1,1", "2,2", "1,2", "3,3", "1,3"]);
    assert_eq!(results(&s), vec![Win, Loss]);
}

#[test]
fn nine_holes_blocked_slide_is_refused_and_repetition_draws() {
    let mut s = start("9-Holes");
    play(&mut s, &["2,3", "1,1", "2,1", "3,3", "3,1", "1,2"]);
    // (1,1) cannot slide up past (1,2).
    play(&mut s, &["2,3-2,2"]);
    assert_refused(&s, "1,1-1,3", "the piece at (1,1) cannot move to (1,3)");
    play(&mut s, &["1,2-1,3", "2,2-2,3", "1,3-1,2"]);
    assert!(!s.is_terminal());
    play(&mut s, &["2,3-2,2"]);
    assert_eq!(results(&s), vec![Draw, Draw]);
    assert_eq!(
        reason(&s),
        "A turn repeated an earlier one in the same position. Stalemate draws."
    );
}

// ---------------------------------------------------------------------------
// Qubic-4 (4x4x4; lines along every 3-D direction)

#[test]
fn qubic_space_diagonal_wins() {
    let mut s = start("Qubic-4");
    play(&mut s, &["1,1,1", "1,2,1", "2,2,2", "1,3,1", "3,3,3"]);
    assert!(!s.is_terminal());
    play(&mut s, &["2,1,1", "4,4,4"]);
    assert_eq!(results(&s), vec![Win, Loss]);
    assert_eq!(last(&s).text, "Black circle to (4,4,4)");
}

#[test]
fn qubic_vertical_line_through_the_levels_wins() {
    let mut s = start("Qubic-4");
    play(
        &mut s,
        &[
            "1,1,1", "4,1,1", "1,2,2", "4,1,2", "2,3,4", "4,1,3", "3,2,1", "4,1,4",
        ],
    );
    assert_eq!(results(&s), vec![Loss, Win]);
    assert_eq!(last(&s).text, "White circle to (4,1,4)");
}

#[test]
fn qubic_full_cube_without_a_line_draws() {
    let mut s = start("Qubic-4");
    let cube: [&[&str]; 4] = [
        &["WWWB", "BWBB", "BBBW", "WWWB"],
        &["WBBW", "BBWW", "BWBW", "BBWB"],
        &["BBBW", "WBBB", "BWBW", "BWWW"],
        &["WBWW", "BBWW", "WWWB", "BWBW"],
    ];
    fill(&mut s, &cube);
    assert_eq!(results(&s), vec![Draw, Draw]);
    assert_all_passed_to_stalemate(&s);
}

#[test]
fn qubic_refusals() {
    let mut s = start("Qubic-4");
    play(&mut s, &["2,2,2"]);
    assert_common_refusals(&s, "2,2,2", "5,1,1");
    assert_refused(&s, "1,1,5", "is off the board");
    assert_refused(&s, "1,1", "give x,y,z on this 3-D board");
}

// ---------------------------------------------------------------------------
// Connect4 (stacks: pieces fall)

#[test]
fn connect4_pieces_fall_and_a_vertical_four_wins() {
    let mut s = start("Connect4");
    // A column past the last is refused in the player's terms: columns.
    assert_refused(
        &s,
        "9",
        "(9) is off the board; the columns are 1 to 7, like 4",
    );
    play(&mut s, &["3"]);
    assert_eq!(last(&s).text, "Black circle to stack 3");
    play(&mut s, &["3"]);
    assert_eq!(last(&s).text, "White circle to stack 3");
    // The echo names the stack as typed; the piece fell onto the first.
    let geo = &s.game().geometry;
    let height = |z| {
        s.piece_at(geo.cell(1, 3, 1, z).unwrap())
            .map(|(c, _)| c.name())
    };
    assert_eq!(
        (height(1), height(2), height(3)),
        (Some("black"), Some("white"), None)
    );
    play(&mut s, &["4", "3", "4", "3", "4", "5"]);
    assert!(!s.is_terminal());
    play(&mut s, &["4"]);
    assert_eq!(results(&s), vec![Win, Loss]);
    assert_eq!(last(&s).text, "Black circle to stack 4");
}

#[test]
fn connect4_horizontal_four_wins() {
    let mut s = start("Connect4");
    play(&mut s, &["1", "1", "2", "2", "3", "3"]);
    assert!(!s.is_terminal());
    play(&mut s, &["4"]);
    assert_eq!(results(&s), vec![Win, Loss]);
    assert_eq!(last(&s).text, "Black circle to stack 4");
}

#[test]
fn connect4_diagonal_four_wins() {
    let mut s = start("Connect4");
    play(&mut s, &["1", "2", "2", "3", "3", "4", "3", "4", "4", "7"]);
    assert!(!s.is_terminal());
    play(&mut s, &["4"]);
    assert_eq!(results(&s), vec![Win, Loss]);
    assert_eq!(last(&s).text, "Black circle to stack 4");
}

#[test]
fn connect4_full_board_draws() {
    let mut s = start("Connect4");
    let drops = "113112121422242433334354455565676667677775";
    for (i, column) in drops.chars().enumerate() {
        let placed = s.history().iter().filter(|a| a.mv.is_board_move()).count();
        if placed > i {
            continue; // the engine played this one
        }
        play(&mut s, &[&column.to_string()]);
    }
    let rows = [
        "BBWBWBB", "BBWWWBW", "BWBBWWB", "WBWWBBW", "WWBWWBW", "BWBWBBW",
    ];
    for (i, row) in rows.iter().enumerate() {
        let z = 6 - i as u8;
        for (x, ch) in row.chars().enumerate() {
            assert_eq!(at(&s, x as u8 + 1, 1, z), color_of(ch), "({},1,{z})", x + 1);
        }
    }
    let forced = s
        .history()
        .iter()
        .position(|a| a.automatic)
        .expect("the last drop is forced");
    let auto = echo(&s, forced);
    assert_eq!(
        (auto.seat, auto.text.as_str()),
        (1, "White circle to stack 5")
    );
    assert_eq!(results(&s), vec![Draw, Draw]);
    assert_all_passed_to_stalemate(&s);
}

#[test]
fn connect4_refusals() {
    let mut s = start("Connect4");
    play(&mut s, &["1", "1", "1", "1", "1", "1"]);
    assert_refused(&s, "1", "stack 1 is full");
    assert_refused(&s, "1,1,6", "stack 1 is full");
    assert_refused(&s, "2,1,2", "pieces dropped on that stack land at (2,1,1)");
    assert_refused(&s, "8", "is off the board");
    assert_refused(&s, "2,2", "is off the board");
    assert_refused(&s, "2,1,7", "is off the board");
    assert_refused(&s, "pass", "this phase has no option to pass");
    assert_refused(&s, "draw", "this game has no option to agree a draw");
    assert_refused(&s, "1,1,5-2", "black circles do not move once placed");
    assert_refused(&s, "1,1,6-2", "Player 1 cannot move white pieces");
}

// ---------------------------------------------------------------------------
// 3P-MostWins-3x4 and 3P-LeastLoses-3x4 (no turn check; decided at stalemate)

/// Each column to one colour: every player's longest line is 4.
const COLUMNS: &[&str] = &["BWP", "BWP", "BWP", "BWP"];
/// Black 4 (column x=1), white 3, pink 2.
const FOUR_THREE_TWO: &[&str] = &["BPP", "BWP", "BWW", "BWP"];
/// Black 3, white 3, pink 2.
const THREE_THREE_TWO: &[&str] = &["PPB", "BWP", "BWW", "BWP"];
/// Black 4, white 2, pink 2.
const FOUR_TWO_TWO: &[&str] = &["BWP", "BPP", "BWW", "BWP"];

fn three_player_stalemate(name: &str, rows: &'static [&'static str]) -> State {
    let mut s = start(name);
    fill(&mut s, &[rows]);
    assert_all_passed_to_stalemate(&s);
    let placed = s.history().iter().filter(|a| a.mv.is_board_move()).count();
    assert_eq!(placed, 12);
    let auto = last_board_move(&s);
    assert_eq!(
        (auto.seat(), auto.automatic),
        (2, true),
        "pink's last circle has one place to go"
    );
    s
}

#[test]
fn most_wins_fills_the_board_even_past_four_in_a_row() {
    let s = three_player_stalemate("3P-MostWins-3x4", FOUR_TWO_TWO);
    assert_eq!(results(&s), vec![Win, Loss, Loss]);
    assert_eq!(
        reason(&s),
        "The board is full. Most same-color-in-a-row wins: Player 1 (black) 4, Player 2 (white) 2, Player 3 (pink) 2."
    );
}

#[test]
fn most_wins_ties_share_the_win() {
    let s = three_player_stalemate("3P-MostWins-3x4", THREE_THREE_TWO);
    assert_eq!(results(&s), vec![Win, Win, Loss]);
    let s = three_player_stalemate("3P-MostWins-3x4", COLUMNS);
    assert_eq!(results(&s), vec![Win, Win, Win]);
    let s = three_player_stalemate("3P-MostWins-3x4", FOUR_THREE_TWO);
    assert_eq!(results(&s), vec![Win, Loss, Loss]);
}

#[test]
fn least_loses_ties_share_the_loss() {
    let s = three_player_stalemate("3P-LeastLoses-3x4", FOUR_THREE_TWO);
    assert_eq!(results(&s), vec![Win, Win, Loss]);
    let s = three_player_stalemate("3P-LeastLoses-3x4", FOUR_TWO_TWO);
    assert_eq!(results(&s), vec![Win, Loss, Loss]);
    let s = three_player_stalemate("3P-LeastLoses-3x4", THREE_THREE_TWO);
    assert_eq!(results(&s), vec![Win, Win, Loss]);
    let s = three_player_stalemate("3P-LeastLoses-3x4", COLUMNS);
    assert_eq!(results(&s), vec![Loss, Loss, Loss]);
    assert_eq!(
        reason(&s),
        "The board is full. Least same-color-in-a-row loses: Player 1 (black) 4, Player 2 (white) 4, Player 3 (pink) 4."
    );
}

#[test]
fn three_player_3x4_refusals() {
    for name in ["3P-MostWins-3x4", "3P-LeastLoses-3x4"] {
        let mut s = start(name);
        play(&mut s, &["1,1", "2,1"]);
        assert_eq!(s.to_move(), 2, "{name}: pink's turn");
        assert_common_refusals(&s, "1,1", "4,1");
        assert_refused(&s, "1,5", "(1,5) is off the board; the board is 3x4x1");
        assert_refused(&s, "white 3,1", "Player 3 cannot place white pieces");
        play(&mut s, &["c1"]);
        assert_eq!(last(&s).text, "Pink circle to (3,1)");
    }
}

// ---------------------------------------------------------------------------
// Wild-TTT-6sq3143 (players choose colour; two locked spaces)

#[test]
fn wild_ttt_either_player_places_either_colour() {
    let mut s = start("Wild-TTT-6sq3143");
    assert_refused(
        &s,
        "1,1",
        "that move is ambiguous; say which: black circle 1,1 or white circle 1,1",
    );
    play(&mut s, &["white 1,1", "black 2,2"]);
    let words = words(&s);
    let texts: Vec<(usize, &str)> = s
        .history()
        .iter()
        .zip(&words)
        .map(|(a, text)| (a.seat(), text.as_str()))
        .collect();
    assert_eq!(
        texts,
        vec![(0, "White circle to (1,1)"), (1, "Black circle to (2,2)")]
    );
    assert_eq!(s.reserve(Color::White, Shape::Circle), 17);
    assert_eq!(s.reserve(Color::Black, Shape::Circle), 17);
}

#[test]
fn wild_ttt_a_black_line_completed_by_seat_2_wins_for_seat_2() {
    let mut s = start("Wild-TTT-6sq3143");
    play(&mut s, &["black 1,1", "black 1,2", "white 5,5"]);
    play(&mut s, &["black 1,3"]);
    assert_eq!(results(&s), vec![Loss, Win]);
    assert_eq!(
        (last(&s).seat, last(&s).text.as_str()),
        (1, "Black circle to (1,3)")
    );
}

#[test]
fn wild_ttt_a_white_line_completed_by_seat_1_wins_for_seat_1() {
    let mut s = start("Wild-TTT-6sq3143");
    play(
        &mut s,
        &[
            "white 4,4",
            "black 1,1",
            "white 5,5",
            "black 2,4",
            "white 6,6",
        ],
    );
    assert_eq!(results(&s), vec![Win, Loss]);
    assert_eq!(
        (last(&s).seat, last(&s).text.as_str()),
        (0, "White circle to (6,6)")
    );
}

#[test]
fn wild_ttt_locked_spaces_are_refused_and_break_lines() {
    let mut s = start("Wild-TTT-6sq3143");
    assert!(s.is_locked(cell(&s, 3, 1, 1)) && s.is_locked(cell(&s, 4, 3, 1)));
    assert_refused(&s, "black 3,1", "(3,1) is locked");
    assert_refused(&s, "white 4,3", "(4,3) is locked");
    assert_refused(&s, "3,1", "(3,1) is locked");
    // (1,1) (2,1) _ (4,1): the wall at (3,1) keeps these from a line.
    play(
        &mut s,
        &["black 1,1", "black 2,1", "black 4,1", "black 5,1"],
    );
    assert!(!s.is_terminal());
    play(&mut s, &["black 6,1"]);
    assert_eq!(results(&s), vec![Win, Loss], "(4,1) (5,1) (6,1) is a line");
}

#[test]
fn wild_ttt_full_board_draws_with_pieces_left_over() {
    let mut s = start("Wild-TTT-6sq3143");
    // (x + 2y) mod 4 < 2 is black; '.' marks the two locked spaces.
    let mut grid: Vec<Vec<char>> = (1..=6u8)
        .rev()
        .map(|y| {
            (1..=6u8)
                .map(|x| if (x + 2 * y) % 4 < 2 { 'B' } else { 'W' })
                .collect()
        })
        .collect();
    grid[6 - 1][3 - 1] = '.';
    grid[6 - 3][4 - 1] = '.';
    let rows: Vec<String> = grid.into_iter().map(|r| r.into_iter().collect()).collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    fill(&mut s, &[&rows]);
    assert_eq!(results(&s), vec![Draw, Draw]);
    assert_all_passed_to_stalemate(&s);
    let left = s.reserve(Color::Black, Shape::Circle) + s.reserve(Color::White, Shape::Circle);
    assert_eq!(left, 2, "36 pieces for 34 open spaces");
}

#[test]
fn wild_ttt_refusals() {
    let mut s = start("Wild-TTT-6sq3143");
    play(&mut s, &["black 3,3"]);
    assert_common_refusals(&s, "white 3,3", "7,1");
    assert_refused(&s, "pink 1,1", "Player 2 cannot place pink pieces");
    assert_refused(&s, "3,3-3,4", "black circles do not move once placed");
}

// ---------------------------------------------------------------------------
// Replay and undo on a scripted game

#[test]
fn scripted_games_replay_from_their_decisions_and_undo_one_decision() {
    let mut s = start("Achi");
    play(
        &mut s,
        &[
            "2,1", "1,3", "2,3", "1,1", "3,3", "2,2", "1,2", "3,2", "2,2-2,1",
        ],
    );
    let g = s.game().clone();
    let again = State::replay(&g, s.decisions()).expect("the decisions replay");
    assert_eq!(again.history(), s.history());
    // The automatic move is not a decision.
    assert_eq!(s.decisions().len() + 1, s.history().len());
    let before: Vec<Option<(Color, Shape)>> = (0..9).map(|c| s.piece_at(c)).collect();
    assert!(s.undo());
    assert_eq!(s.decisions().len(), 8);
    assert_eq!(
        last(&s).text,
        "Black circle (2,1) to (3,1)",
        "undo keeps the automatic move after the previous decision"
    );
    play(&mut s, &["2,2-2,1"]);
    let after: Vec<Option<(Color, Shape)>> = (0..9).map(|c| s.piece_at(c)).collect();
    assert_eq!(before, after);
    let bad = [Move::Pass];
    assert_eq!(State::replay(&g, &bad).unwrap_err().0, 0);
}
