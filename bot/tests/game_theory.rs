//! The game-theory games of the catalogue, played by move text through their
//! phases to each outcome their rules allow: reserves, pots and per-seat
//! results (Chaos is the last seat).
//!
//! The tests drive every seat, Chaos included. In a simultaneous round the
//! turns given are the sealed plans of the unlocked seats in seat order; the
//! board does not change until every plan is in. Where a pot is split from a
//! random captor, the match is seeded and the tests assert what holds for
//! every start (totals, round-robin fairness) over several seeds.

use redscience_engine::notation::apply_turn;
use redscience_engine::rules::{Color, Shape};
use redscience_engine::testing::{catalogue_game, play};
use redscience_engine::{SeatResult, State};

use SeatResult::{Draw, Loss, Win};
use redscience_engine::game::GameState;

// ---------------------------------------------------------------------------
// Helpers

fn start(name: &str) -> State {
    catalogue_game(name).start_seeded(1)
}

/// Asserts that `text` is refused now, with a reason containing `expected`.
fn assert_refused(state: &State, text: &str, expected: &str) {
    let mut copy = state.clone();
    let err = apply_turn(&mut copy, text, |_| None)
        .err()
        .unwrap_or_else(|| panic!("{text:?} was accepted"));
    assert!(err.contains(expected), "{text:?}: {err}");
}

fn results(state: &State) -> Vec<SeatResult> {
    state
        .outcome()
        .unwrap_or_else(|| panic!("the game is not over; {} to move", state.to_move()))
        .results
        .clone()
}

fn reason(state: &State) -> String {
    let outcome = state.outcome().expect("the game is over");
    outcome.reason(state.game())
}

fn letter(color: Color) -> char {
    match color {
        Color::Black => 'B',
        Color::White => 'W',
        Color::Pink => 'P',
        Color::Yellow => 'Y',
        other => panic!("no letter for {other:?}"),
    }
}

fn mark(shape: Shape) -> char {
    match shape {
        Shape::Circle => 'o',
        Shape::Pentagon => 'p',
        Shape::X => 'x',
        Shape::Cross => '+',
        Shape::Triangle => '^',
        Shape::Star => '*',
    }
}

/// The pieces of stack `x` on `board`, bottom to top, e.g. "Bp Wo Wo".
fn stack_on(state: &State, board: u8, x: u8) -> String {
    let geo = &state.game().geometry;
    (1..=geo.dims[2])
        .filter_map(|z| state.piece_at(geo.cell(board, x, 1, z).expect("on the board")))
        .map(|(c, s)| format!("{}{}", letter(c), mark(s)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn stack(state: &State, x: u8) -> String {
    stack_on(state, 1, x)
}

/// Every stack of board 1, left to right: ["Bo", "", ...].
fn stacks(state: &State) -> Vec<String> {
    (1..=state.game().geometry.dims[0])
        .map(|x| stack(state, x))
        .collect()
}

/// Pieces of a colour on the whole board (every board).
fn on_board(state: &State, color: Color) -> usize {
    (0..state.game().geometry.cell_count() as u16)
        .filter(|&c| state.piece_at(c).is_some_and(|(k, _)| k == color))
        .count()
}

/// Chaos places `n` pieces on stack 4, then passes if it still has a choice.
fn chaos_places(state: &mut State, n: usize) {
    for _ in 0..n {
        play(state, &["4"]);
    }
    pass_to_the_end(state);
}

/// The seat to move passes until the match ends: once the position repeats
/// for some seat, the last phase stalemates. Only the one seat still free in
/// the last phase (Chaos, in these games) has a choice to make.
fn pass_to_the_end(state: &mut State) {
    for _ in 0..state.game().seats.len() {
        if state.is_terminal() {
            return;
        }
        play(state, &["pass"]);
    }
    assert!(state.is_terminal(), "passing ends the match");
}

fn circles(state: &State, color: Color) -> u16 {
    state.reserve(color, Shape::Circle)
}

// ---------------------------------------------------------------------------
// RockPaperScissors: one stack of two, three shapes capturing by rank in a
// cycle (circle > pentagon > X > circle), sealed plans each round.

fn rps(rounds: &[(&str, &str)]) -> State {
    let mut s = start("RockPaperScissors");
    for (black, white) in rounds {
        play(&mut s, &[black, white]);
    }
    s
}

#[test]
fn rock_paper_scissors_plans_are_sealed_until_both_are_in() {
    let mut s = start("RockPaperScissors");
    play(&mut s, &["x 1"]);
    assert_eq!(s.to_move(), 1, "white plans next");
    assert_eq!(stack(&s, 1), "", "black's plan is sealed");
    // White judges the empty stack: it may plan any of its three shapes.
    assert_eq!(s.legal().len(), 3);
    play(&mut s, &["circle 1"]);
    assert_eq!(stack(&s, 1), "Bx Bo", "X beats circle and converts it");
}

#[test]
fn rock_paper_scissors_each_shape_beats_the_next_and_the_winner_takes_the_stack() {
    // (black, white, the stack after the clash, black's result)
    let cases = [
        ("x 1", "circle 1", "Bx Bo", Win),
        ("circle 1", "x 1", "Wo Wx", Loss),
        ("circle 1", "pentagon 1", "Bo Bp", Win),
        ("pentagon 1", "circle 1", "Wp Wo", Loss),
        ("pentagon 1", "x 1", "Bp Bx", Win),
        ("x 1", "pentagon 1", "Wx Wp", Loss),
    ];
    for (black, white, after, result) in cases {
        let s = rps(&[(black, white)]);
        // Arrivals stack in seat order; the captive is recoloured in place.
        assert_eq!(stack(&s, 1), after, "{black} vs {white}");
        // The stack is full: both players can only pass, and the repeated
        // round ends the match.
        let other = if result == Win { Loss } else { Win };
        assert_eq!(
            results(&s),
            vec![result, other],
            "{black} vs {white}: {}",
            reason(&s)
        );
        // The unplayed shapes stay in reserve.
        let left: u16 = Shape::ALL
            .iter()
            .map(|sh| s.reserve(Color::Black, *sh) + s.reserve(Color::White, *sh))
            .sum();
        assert_eq!(left, 4, "{black} vs {white}");
    }
}

#[test]
fn rock_paper_scissors_equal_shapes_destroy_each_other_and_play_goes_on() {
    let mut s = rps(&[("x 1", "x 1")]);
    assert_eq!(stack(&s, 1), "", "equal ranks destroy each other");
    assert!(!s.is_terminal());
    assert_eq!(s.reserve(Color::Black, Shape::X), 0);
    assert_eq!(s.reserve(Color::White, Shape::X), 0);
    assert_refused(&s, "x 1", "left in reserve");
    // The second round decides it.
    play(&mut s, &["pentagon 1", "circle 1"]);
    assert_eq!(stack(&s, 1), "Wp Wo");
    assert_eq!(results(&s), vec![Loss, Win]);
}

#[test]
fn rock_paper_scissors_three_even_rounds_are_a_draw() {
    // After two even rounds each player has one shape left: the third round
    // is played for them.
    let s = rps(&[("x 1", "x 1"), ("circle 1", "circle 1")]);
    assert_eq!(stack(&s, 1), "");
    let automatic: Vec<String> = s
        .history()
        .iter()
        .enumerate()
        .filter(|(_, a)| a.automatic && a.mv.is_board_move())
        .map(|(i, _)| s.move_words(i))
        .collect();
    assert_eq!(
        automatic,
        [
            "Black scissors (pentagon) to the table (stack 1)",
            "White scissors (pentagon) to the table (stack 1)"
        ],
        "the last pentagons were played for both"
    );
    // Both tie at 0 pieces: named by "Most pieces wins" and by "Least pieces
    // loses", so both draw.
    assert_eq!(results(&s), vec![Draw, Draw], "{}", reason(&s));
}

// ---------------------------------------------------------------------------
// 3P-PublicGoods: each player may move circles from its own stack onto the
// common stack of pentagons (a Single round); the pentagons capture every
// circle that arrives, double the pot and deal it round-robin back to the
// three players' reserves. Phase 2 returns the circles to the players' own
// stacks (played for them: it is their only move). Chaos then sets the bar:
// less pieces than Chaos loses.

/// Plays the investment round, then Chaos's `bar` circles and its pass.
fn public_goods(seed: u64, plans: [&str; 3], bar: usize) -> State {
    let mut s = catalogue_game("3P-PublicGoods").start_seeded(seed);
    assert_eq!(stacks(&s), ["Bo", "Wo Wo", "Po Po Po", "", "Bp Wp Pp"]);
    play(&mut s, &plans);
    // Phase 2 plays itself: each circle returned goes to its owner's stack.
    assert_eq!(s.phase(), 2, "only Chaos's phase is left to decide");
    assert_eq!(s.to_move(), 3);
    chaos_places(&mut s, bar);
    s
}

#[test]
fn public_goods_invested_by_all_doubles_every_stake() {
    // 1 + 2 + 3 circles invested: 6, doubled to 12, dealt 4 to each whatever
    // the deal's start; phase 2 returns them to the players' own stacks.
    for seed in 0..4 {
        let mut s = catalogue_game("3P-PublicGoods").start_seeded(seed);
        play(&mut s, &["1-5", "2,1,1-5", "3,1,1-5"]);
        assert_eq!(stack(&s, 5), "Bp Wp Pp", "the pentagons captured the pot");
        assert_eq!(
            stacks(&s)[..4],
            ["Bo Bo Bo Bo", "Wo Wo Wo Wo", "Po Po Po Po", ""],
            "seed {seed}"
        );
        assert_eq!(s.phase(), 2);
    }
    let s = public_goods(0, ["1-5", "2,1,1-5", "3,1,1-5"], 5);
    assert_eq!(stack(&s, 4), "Yo Yo Yo Yo Yo");
    // 5 pieces each (4 circles and a pentagon) against Chaos's 5: nobody has
    // less, so every player wins and Chaos loses.
    assert_eq!(results(&s), vec![Win, Win, Win, Loss], "{}", reason(&s));
}

#[test]
fn public_goods_withheld_by_all_leaves_the_smallest_behind() {
    let s = public_goods(0, ["pass", "pass", "pass"], 3);
    assert_eq!(
        stacks(&s),
        ["Bo", "Wo Wo", "Po Po Po", "Yo Yo Yo", "Bp Wp Pp"]
    );
    // Black 2 pieces, white 3, pink 4, Chaos 3: black has less and loses.
    // Chaos is only the yardstick: neither all players won nor all lost.
    assert_eq!(results(&s), vec![Loss, Win, Win, Draw], "{}", reason(&s));
}

#[test]
fn public_goods_a_free_rider_gains_from_the_others_stakes() {
    // Black and white invest 3 circles, doubled to 6: 2 each, pink included.
    let s = public_goods(7, ["1-5", "2,1,1-5", "pass"], 4);
    assert_eq!(stacks(&s)[..3], ["Bo Bo", "Wo Wo", "Po Po Po Po Po"]);
    // Black 3 pieces, white 3, pink 6, Chaos 4.
    assert_eq!(results(&s), vec![Loss, Loss, Win, Draw], "{}", reason(&s));
}

#[test]
fn public_goods_an_odd_pot_is_dealt_round_robin_from_a_random_player() {
    // Black alone invests its circle: 2 circles for 3 players. Whatever the
    // start, two players get one each; which two depends on the seed.
    let mut receivers = std::collections::BTreeSet::new();
    for seed in 0..24 {
        let mut s = catalogue_game("3P-PublicGoods").start_seeded(seed);
        play(&mut s, &["1-5", "pass", "pass"]);
        let got: Vec<usize> = stacks(&s)[..3]
            .iter()
            .zip([0, 2, 3])
            .map(|(st, before)| st.split_whitespace().count() - before)
            .collect();
        assert_eq!(got.iter().sum::<usize>(), 2, "seed {seed}: {got:?}");
        assert!(got.iter().all(|n| *n <= 1), "seed {seed}: {got:?}");
        receivers.insert(got);
        // The same seed splits the same way on replay.
        let again = State::replay_seeded(s.game(), seed, s.decisions()).unwrap();
        assert_eq!(stacks(&again), stacks(&s), "seed {seed}");
    }
    assert!(
        receivers.len() > 1,
        "the start of the deal varies with the seed: {receivers:?}"
    );
}

// ---------------------------------------------------------------------------
// NeedyTrust and RichTrust: black may send circles to white's X (doubled into
// white's reserve); white then returns circles to black's pentagon (converted
// to black) or keeps them on its own stack. More pieces than Chaos wins, less
// loses.

fn trust(name: &str, black: &[&str], white: &[&str], bar: usize) -> State {
    let mut s = start(name);
    play(&mut s, black);
    // Black's phase ends once its circles are placed; white's passes by
    // itself when it has nothing to return.
    assert_eq!(s.phase(), if white.is_empty() { 2 } else { 1 });
    play(&mut s, white);
    assert_eq!(s.phase(), 2);
    chaos_places(&mut s, bar);
    s
}

#[test]
fn needy_trust_black_sends_circles_and_white_receives_them_doubled() {
    let mut s = start("NeedyTrust");
    assert_eq!(stacks(&s), ["Bo Bo", "Wx", "Bp", "Yo Yo Yo Yo"]);
    assert_refused(&s, "3", "may not enter");
    play(&mut s, &["2"]);
    assert_eq!(stack(&s, 2), "Wx", "the X captured the circle");
    assert_eq!(circles(&s, Color::White), 2, "reincarnated x2");
    play(&mut s, &["2"]);
    assert_eq!(circles(&s, Color::White), 4);
    assert_eq!(circles(&s, Color::Black), 0);
    assert_eq!(s.phase(), 1);
    assert_eq!(s.to_move(), 1, "white's turn to return");
    assert_refused(&s, "pass", "no option to pass");
    assert_refused(&s, "1", "may not enter");
    play(&mut s, &["3"]);
    assert_eq!(
        stack(&s, 3),
        "Bp Bo",
        "black's pentagon converts what arrives"
    );
}

#[test]
fn needy_trust_honoured() {
    let s = trust("NeedyTrust", &["2", "2"], &["3", "3", "2", "2"], 0);
    assert_eq!(stacks(&s), ["Bo Bo", "Wx Wo Wo", "Bp Bo Bo", "Yo Yo Yo Yo"]);
    // Black 5 pieces, white 3, Chaos 4.
    assert_eq!(results(&s), vec![Win, Loss, Draw], "{}", reason(&s));
}

#[test]
fn needy_trust_betrayed() {
    let s = trust("NeedyTrust", &["2", "2"], &["2", "2", "2", "2"], 0);
    assert_eq!(stacks(&s), ["Bo Bo", "Wx Wo Wo Wo Wo", "Bp", "Yo Yo Yo Yo"]);
    // Black 3 pieces, white 5, Chaos 4.
    assert_eq!(results(&s), vec![Loss, Win, Draw], "{}", reason(&s));
}

#[test]
fn needy_trust_withheld_against_a_high_bar_loses_for_both() {
    // White has nothing to return: its phase passes by itself.
    let s = trust("NeedyTrust", &["1", "1"], &[], 2);
    assert_eq!(stacks(&s), ["Bo Bo Bo Bo", "Wx", "Bp", "Yo Yo Yo Yo Yo Yo"]);
    // Black 5, white 1, Chaos 6: every player loses, so Chaos wins.
    assert_eq!(results(&s), vec![Loss, Loss, Win], "{}", reason(&s));
}

#[test]
fn needy_trust_even_with_chaos_draws() {
    // One circle sent, doubled; one returned: black 2+1+1+1 = 5, white 1+1 = 2.
    let s = trust("NeedyTrust", &["1", "2"], &["3", "2"], 1);
    assert_eq!(stacks(&s), ["Bo Bo Bo", "Wx Wo", "Bp Bo", "Yo Yo Yo Yo Yo"]);
    assert_eq!(results(&s), vec![Draw, Loss, Draw], "{}", reason(&s));
}

#[test]
fn rich_trust_honoured_lifts_both_above_chaos() {
    let s = trust(
        "RichTrust",
        &["2", "2", "2", "2"],
        &["3", "3", "3", "3", "2", "2", "2", "2"],
        0,
    );
    assert_eq!(
        stacks(&s),
        ["", "Wx Wo Wo Wo Wo", "Bp Bo Bo Bo Bo", "Yo Yo Yo"]
    );
    // Black 5, white 5, Chaos 3: both players win, so Chaos loses.
    assert_eq!(results(&s), vec![Win, Win, Loss], "{}", reason(&s));
}

#[test]
fn rich_trust_betrayed() {
    let s = trust("RichTrust", &["2", "2", "2", "2"], &["2"; 8], 2);
    assert_eq!(
        stack(&s, 2),
        "Wx Wo Wo Wo Wo Wo Wo Wo Wo",
        "the stack is full"
    );
    // Black 1, white 9, Chaos 5.
    assert_eq!(results(&s), vec![Loss, Win, Draw], "{}", reason(&s));
}

#[test]
fn rich_trust_withheld() {
    let s = trust("RichTrust", &["1", "1", "1", "1"], &[], 1);
    assert_eq!(stacks(&s), ["Bo Bo Bo Bo", "Wx", "Bp", "Yo Yo Yo Yo"]);
    // Black 5, white 1, Chaos 4.
    assert_eq!(results(&s), vec![Win, Loss, Draw], "{}", reason(&s));
}

// ---------------------------------------------------------------------------
// Ultimatum and Dictator games: black splits its circles between white's
// pentagon (converted to white: the offer) and the shared stack (kept). In
// the Ultimatum games white then places its X: on the shared stack it removes
// black's kept circles (rejection); on its own stack it removes the five
// Chaos circles there (acceptance). The Dictator games have no X.

fn ultimatum(name: &str, black: [&str; 3], white: &[&str], bar: usize) -> State {
    let mut s = start(name);
    play(&mut s, &black);
    assert_eq!(s.phase(), if white.is_empty() { 2 } else { 1 });
    play(&mut s, white);
    assert_eq!(s.phase(), 2);
    chaos_places(&mut s, bar);
    s
}

#[test]
fn needy_ultimatum_offer_accepted() {
    let mut s = start("NeedyUltimatum");
    assert_eq!(stacks(&s), ["Wo Wo Wo Wp", "", "Yo Yo Yo Yo Yo", "Yo Yo"]);
    play(&mut s, &["1"]);
    assert_eq!(
        stack(&s, 1),
        "Wo Wo Wo Wp Wo",
        "the offered circle turns white"
    );
    play(&mut s, &["2", "2"]);
    assert_eq!(s.to_move(), 1);
    assert_refused(&s, "pass", "no option to pass");
    play(&mut s, &["3"]);
    assert_eq!(stack(&s, 3), "Wx", "accepting removes Chaos's circles");
    play(&mut s, &["pass"]);
    // Black 2, white 6, Chaos 2.
    assert_eq!(results(&s), vec![Draw, Win, Draw], "{}", reason(&s));
}

#[test]
fn needy_ultimatum_nothing_offered_and_accepted_lifts_both() {
    let s = ultimatum("NeedyUltimatum", ["2", "2", "2"], &["3"], 0);
    // Black 3, white 5, Chaos 2: both players win.
    assert_eq!(results(&s), vec![Win, Win, Loss], "{}", reason(&s));
}

#[test]
fn needy_ultimatum_offer_rejected() {
    let s = ultimatum("NeedyUltimatum", ["1", "2", "2"], &["2"], 1);
    assert_eq!(
        stacks(&s),
        ["Wo Wo Wo Wp Wo", "Wx", "Yo Yo Yo Yo Yo", "Yo Yo Yo"]
    );
    // Black 0, white 6, Chaos 8: both lose, Chaos wins.
    assert_eq!(results(&s), vec![Loss, Loss, Win], "{}", reason(&s));
}

#[test]
fn needy_dictator_white_can_only_take_what_it_is_given() {
    let mut s = start("NeedyDictator");
    assert!(
        catalogue_game("NeedyDictator")
            .rules
            .shapes
            .iter()
            .all(|s| s.shape != Shape::X)
    );
    play(&mut s, &["1", "1", "1"]);
    // White has nothing to place: its phase passes by itself.
    assert_eq!(s.phase(), 2);
    assert_eq!(s.to_move(), 2);
    play(&mut s, &["pass"]);
    assert_eq!(
        stacks(&s),
        ["Wo Wo Wo Wp Wo Wo Wo", "", "Yo Yo Yo Yo Yo", "Yo Yo"]
    );
    // Black 0, white 7, Chaos 7.
    assert_eq!(results(&s), vec![Loss, Draw, Draw], "{}", reason(&s));
    let s = ultimatum("NeedyDictator", ["2", "2", "2"], &[], 0);
    // Black 3, white 4, Chaos 7.
    assert_eq!(results(&s), vec![Loss, Loss, Win], "{}", reason(&s));
}

#[test]
fn rich_ultimatum_offer_accepted_and_rejected() {
    let s = start("RichUltimatum");
    assert_eq!(stacks(&s), ["Wp", "Bo Bo Bo Bo", "Yo Yo Yo Yo Yo", "Yo Yo"]);
    let s = ultimatum("RichUltimatum", ["1", "2", "2"], &["3"], 0);
    assert_eq!(stacks(&s), ["Wp Wo", "Bo Bo Bo Bo Bo Bo", "Wx", "Yo Yo"]);
    // Black 6, white 3, Chaos 2.
    assert_eq!(results(&s), vec![Win, Win, Loss], "{}", reason(&s));
    let s = ultimatum("RichUltimatum", ["2", "2", "2"], &["2"], 0);
    assert_eq!(stacks(&s), ["Wp", "Wx", "Yo Yo Yo Yo Yo", "Yo Yo"]);
    // Black 0, white 2, Chaos 7.
    assert_eq!(results(&s), vec![Loss, Loss, Win], "{}", reason(&s));
}

#[test]
fn rich_dictator_keeping_everything_ties_chaos() {
    let s = ultimatum("RichDictator", ["2", "2", "2"], &[], 0);
    assert_eq!(
        stacks(&s),
        ["Wp", "Bo Bo Bo Bo Bo Bo Bo", "Yo Yo Yo Yo Yo", "Yo Yo"]
    );
    // Black 7, white 1, Chaos 7.
    assert_eq!(results(&s), vec![Draw, Loss, Draw], "{}", reason(&s));
    let s = ultimatum("RichDictator", ["1", "1", "2"], &[], 3);
    // Black 5, white 3, Chaos 10.
    assert_eq!(results(&s), vec![Loss, Loss, Win], "{}", reason(&s));
}

// ---------------------------------------------------------------------------
// StagHunt: each hunter places its pentagon on its own stack (the hare: a
// sure 2-in-a-row) or on the stack it shares with Chaos (the stag: a mine
// that removes every circle Chaos drops there). Most 2-same-color-in-a-row
// wins; Chaos counts too.

fn hunt(plans: [&str; 2], chaos: &[&str]) -> State {
    let mut s = start("StagHunt");
    assert_eq!(stacks(&s), ["Bp", "Wp", "", ""]);
    play(&mut s, &plans);
    // The round after it both can only pass: the repeat ends the phase.
    assert_eq!(s.phase(), 1);
    assert_eq!(s.to_move(), 2, "Chaos's turn");
    play(&mut s, chaos);
    pass_to_the_end(&mut s);
    s
}

#[test]
fn stag_hunt_coordinated_on_the_stag() {
    let s = hunt(["3", "4"], &["3", "4", "3"]);
    assert_eq!(
        stacks(&s),
        ["Bp", "Wp", "Bp", "Wp"],
        "the mines removed every circle"
    );
    assert_eq!(circles(&s, Color::Pink), 3);
    // Nobody has a 2-in-a-row: all tie at 0, so every player wins and Chaos loses.
    assert_eq!(results(&s), vec![Win, Win, Loss], "{}", reason(&s));
}

#[test]
fn stag_hunt_both_take_the_hare_and_chaos_takes_the_field() {
    let s = hunt(["1", "2"], &["3", "4", "3", "4", "3", "4"]);
    assert_eq!(stacks(&s), ["Bp Bp", "Wp Wp", "Po Po Po", "Po Po Po"]);
    // Black 1 segment, white 1, Chaos 11 (2 + 2 upright, 3 across, 4 diagonal).
    assert_eq!(results(&s), vec![Loss, Loss, Win], "{}", reason(&s));
    // Had Chaos passed at once, the two hares would win.
    let s = hunt(["1", "2"], &[]);
    assert_eq!(results(&s), vec![Win, Win, Loss], "{}", reason(&s));
}

#[test]
fn stag_hunt_not_coordinated_the_lone_stag_hunter_loses() {
    // Black hunts the stag, white takes the hare; Chaos builds on white's side.
    let s = hunt(["3", "2"], &["4", "4"]);
    assert_eq!(stacks(&s), ["Bp", "Wp Wp", "Bp", "Po Po"]);
    // Black 0, white 1, Chaos 1: white and Chaos share the top.
    assert_eq!(results(&s), vec![Loss, Win, Win], "{}", reason(&s));
    let s = hunt(["3", "2"], &["4", "4", "4"]);
    // Chaos 2 (three upright) beats white's 1.
    assert_eq!(results(&s), vec![Loss, Loss, Win], "{}", reason(&s));
}

// ---------------------------------------------------------------------------
// PrisonerDilemma, OptionalPD and ContractPD: each prisoner keeps its piece
// home (a 2-in-a-row) or plays it on the open fifth stack, where it removes
// Chaos's circles by rank; the pentagon outranks the X. Chaos then drops its
// circles on the fourth and fifth stacks. Most 2-same-color-in-a-row wins.

fn dilemma(name: &str, plans: &[&str], chaos: &[&str]) -> State {
    let mut s = start(name);
    play(&mut s, plans);
    assert_eq!(s.phase(), s.game().rules.phases.len() - 1, "Chaos's phase");
    play(&mut s, chaos);
    pass_to_the_end(&mut s);
    s
}

#[test]
fn prisoners_dilemma_both_cooperate() {
    for name in ["PrisonerDilemma", "OptionalPD"] {
        let s = start(name);
        assert_eq!(stacks(&s), ["Bx", "", "Wp", "", ""], "{name}");
        assert_refused(&s, "2", "stack 2 is locked");
        let s = dilemma(name, &["1", "3"], &[]);
        assert_eq!(stacks(&s), ["Bx Bx", "", "Wp Wp", "", ""]);
        // Black 1, white 1, Chaos 0: both players win.
        assert_eq!(results(&s), vec![Win, Win, Loss], "{name}: {}", reason(&s));
        let s = dilemma(name, &["1", "3"], &["4", "4", "5", "5"]);
        // Chaos 6 segments across the two stacks it filled.
        assert_eq!(results(&s), vec![Loss, Loss, Win], "{name}: {}", reason(&s));
    }
}

#[test]
fn prisoners_dilemma_one_defects() {
    let s = dilemma("PrisonerDilemma", &["5", "3"], &["4", "4", "5"]);
    // Black's X on the fifth stack removed the circle Chaos dropped there.
    assert_eq!(stacks(&s), ["Bx", "", "Wp Wp", "Po Po", "Bx"]);
    assert_eq!(circles(&s, Color::Pink), 3);
    // Black 0, white 1, Chaos 1.
    assert_eq!(results(&s), vec![Loss, Win, Win], "{}", reason(&s));
}

#[test]
fn prisoners_dilemma_both_defect_and_the_pentagon_outranks_the_x() {
    let s = dilemma("PrisonerDilemma", &["5", "5"], &["4", "4"]);
    assert_eq!(stacks(&s), ["Bx", "", "Wp", "Po Po", "Wp"]);
    // Black 0, white 0, Chaos 1.
    assert_eq!(results(&s), vec![Loss, Loss, Win], "{}", reason(&s));
    let s = dilemma("PrisonerDilemma", &["5", "5"], &["5", "5"]);
    assert_eq!(
        stack(&s, 5),
        "Wp",
        "the pentagon removes Chaos's circles too"
    );
    // Nobody scores: all tie, both players win.
    assert_eq!(results(&s), vec![Win, Win, Loss], "{}", reason(&s));
}

#[test]
fn optional_pd_prisoners_may_agree_a_draw() {
    let mut s = start("OptionalPD");
    assert!(s.game().rules.draw_option);
    // Black offers before planning; white answers at once.
    play(&mut s, &["draw"]);
    assert_eq!(s.draw_offered_by(), Some(0));
    assert_eq!(s.to_move(), 1, "white answers the offer");
    play(&mut s, &["agree"]);
    assert_eq!(results(&s), vec![Draw, Draw, Draw], "{}", reason(&s));
    // PrisonerDilemma has no such option.
    assert_refused(
        &start("PrisonerDilemma"),
        "draw",
        "no option to agree a draw",
    );
}

#[test]
fn optional_pd_a_refused_offer_and_the_plans_go_on() {
    let mut s = start("OptionalPD");
    play(&mut s, &["draw", "refuse"]);
    assert_eq!(s.to_move(), 0, "black plans after all");
    assert_refused(&s, "draw", "once per turn");
    play(&mut s, &["5"]);
    // White may offer before its own plan; black's plan stays sealed.
    play(&mut s, &["draw"]);
    assert_eq!(s.to_move(), 0);
    assert_eq!(stack(&s, 5), "", "black's plan is sealed");
    for viewer in [Some(0), None] {
        let offers = s.history_for(viewer);
        assert_eq!(
            offers.iter().filter(|h| *h == "Offer to draw").count(),
            2,
            "offers are public: {offers:?}"
        );
    }
    assert!(
        s.history_for(Some(1))
            .iter()
            .any(|h| h == "(a sealed plan)"),
        "black's plan is not: {:?}",
        s.history_for(Some(1))
    );
    play(&mut s, &["refuse", "3"]);
    assert_eq!(stacks(&s), ["Bx", "", "Wp Wp", "", "Bx"]);
    play(&mut s, &["4", "4", "5"]);
    pass_to_the_end(&mut s);
    assert_eq!(results(&s), vec![Loss, Win, Win], "{}", reason(&s));
}

#[test]
fn contract_pd_the_contract_kept() {
    let mut s = start("ContractPD");
    assert_eq!(stacks(&s), ["Bx", "", "", "", ""]);
    // Phase 1: white alone commits one pentagon, and must.
    assert_eq!(s.to_move(), 1);
    assert_refused(&s, "pass", "no option to pass");
    assert_refused(&s, "1", "may not enter");
    play(&mut s, &["3"]);
    assert_eq!(s.phase(), 1, "a Single phase lasts one round");
    assert_eq!(stack(&s, 3), "Wp");
    play(&mut s, &["1", "3"]);
    assert_eq!(s.phase(), 2);
    play(&mut s, &["pass"]);
    assert_eq!(stacks(&s), ["Bx Bx", "", "Wp Wp", "", ""]);
    assert_eq!(results(&s), vec![Win, Win, Loss], "{}", reason(&s));
}

#[test]
fn contract_pd_white_guards_the_open_stack() {
    // White commits a pentagon to the fifth stack: Chaos cannot build there,
    // and white gives up its own 2-in-a-row.
    let s = dilemma("ContractPD", &["5", "1", "3"], &["4", "4", "5"]);
    assert_eq!(stacks(&s), ["Bx Bx", "", "Wp", "Po Po", "Wp"]);
    // Black 1, white 0, Chaos 1.
    assert_eq!(results(&s), vec![Win, Loss, Win], "{}", reason(&s));
    // Black testifies onto the guarded stack: the pentagon outranks its X.
    let s = dilemma("ContractPD", &["5", "5", "3"], &["4", "4"]);
    assert_eq!(stacks(&s), ["Bx", "", "Wp", "Po Po", "Wp"]);
    assert_eq!(results(&s), vec![Loss, Loss, Win], "{}", reason(&s));
}

// ---------------------------------------------------------------------------
// 3P-Volunteer: each player adds its piece to its own stack (a second
// 2-in-a-row) or volunteers it to an open stack, where it removes Chaos's
// circles by rank. Least 2-same-color-in-a-row loses; Chaos counts too.

fn volunteer(plans: [&str; 3], chaos: &[&str]) -> State {
    let mut s = start("3P-Volunteer");
    assert_eq!(stacks(&s), ["Bp Bp", "Wx Wx", "P+ P+", "", "", ""]);
    play(&mut s, &plans);
    assert_eq!(s.phase(), 1);
    play(&mut s, chaos);
    pass_to_the_end(&mut s);
    s
}

#[test]
fn volunteer_nobody_volunteers() {
    let s = volunteer(["1", "2", "3"], &["5", "5", "6", "6"]);
    assert_eq!(
        stacks(&s),
        ["Bp Bp Bp", "Wx Wx Wx", "P+ P+ P+", "", "Yo Yo", "Yo Yo"]
    );
    assert_eq!(circles(&s, Color::Yellow), 4, "the open stacks are full");
    // Every player 2, Chaos 6: the players share the least and all lose.
    assert_eq!(results(&s), vec![Loss, Loss, Loss, Win], "{}", reason(&s));
    let s = volunteer(["1", "2", "3"], &[]);
    // Chaos 0 is the least.
    assert_eq!(results(&s), vec![Win, Win, Win, Loss], "{}", reason(&s));
}

#[test]
fn volunteer_one_volunteer_pays_for_the_others() {
    let s = volunteer(["5", "2", "3"], &["5", "6", "6"]);
    assert_eq!(
        stacks(&s),
        ["Bp Bp", "Wx Wx Wx", "P+ P+ P+", "", "Bp", "Yo Yo"]
    );
    // Black 1, white 2, pink 2, Chaos 1: black and Chaos share the least.
    assert_eq!(results(&s), vec![Loss, Win, Win, Loss], "{}", reason(&s));
}

#[test]
fn volunteer_two_volunteers_shut_chaos_out() {
    let s = volunteer(["5", "6", "3"], &["5", "6"]);
    assert_eq!(stacks(&s), ["Bp Bp", "Wx Wx", "P+ P+ P+", "", "Bp", "Wx"]);
    assert_eq!(circles(&s, Color::Yellow), 6);
    // Chaos 0 is the least.
    assert_eq!(results(&s), vec![Win, Win, Win, Loss], "{}", reason(&s));
}

#[test]
fn volunteer_two_volunteers_on_one_stack_clash_by_rank() {
    // Black's pentagon and white's X land on the fifth stack in one round:
    // the pentagon outranks the X and removes it.
    let s = volunteer(["5", "5", "3"], &["6", "6"]);
    assert_eq!(
        stacks(&s),
        ["Bp Bp", "Wx Wx", "P+ P+ P+", "", "Bp", "Yo Yo"]
    );
    // Black 1, white 1, pink 2, Chaos 1.
    assert_eq!(results(&s), vec![Loss, Loss, Win, Loss], "{}", reason(&s));
}

// ---------------------------------------------------------------------------
// The trolley dilemmas: black may drop its circle on white's pentagon, which
// captures it and reincarnates it twice into white's reserve; white must then
// put both circles on its own stack. Most-in-a-row loses.

#[test]
fn trolley_4p_no_one_pulls_the_lever() {
    let mut s = start("4P-TrolleyDilemma");
    assert_eq!(stacks(&s), ["Wp", "Wo Wo", "Po Po Po", "Yo Yo Yo"]);
    play(&mut s, &["pass"]);
    // White has nothing to place: its phase passes by itself.
    assert_eq!(stacks(&s), ["Wp", "Wo Wo", "Po Po Po", "Yo Yo Yo"]);
    // Longest lines: black 0, white 2, pink 3, yellow 3.
    assert_eq!(results(&s), vec![Win, Win, Loss, Loss], "{}", reason(&s));
}

#[test]
fn trolley_4p_the_lever_pulled_diverts_to_white() {
    let mut s = start("4P-TrolleyDilemma");
    play(&mut s, &["1"]);
    // White's two circles were placed for it: its own stack is its only place.
    assert_eq!(stacks(&s), ["Wp", "Wo Wo Wo Wo", "Po Po Po", "Yo Yo Yo"]);
    assert_eq!(circles(&s, Color::White), 0);
    assert!(
        s.history()
            .iter()
            .filter(|a| a.seat() == 1 && a.automatic && a.mv.is_board_move())
            .count()
            == 2
    );
    // White's line of 4 is the longest.
    assert_eq!(results(&s), vec![Win, Loss, Win, Win], "{}", reason(&s));
}

#[test]
fn trolley_3p_with_chaos() {
    let play_out = |black: &str, chaos: &[&str]| {
        let mut s = start("3P-TrolleyDilemma");
        assert_eq!(stacks(&s), ["Wp", "Wo Wo", "Po Po Po", "", "", ""]);
        play(&mut s, &[black]);
        assert_eq!(s.phase(), 2);
        play(&mut s, chaos);
        pass_to_the_end(&mut s);
        s
    };
    let s = play_out("pass", &[]);
    // Pink's 3 is the longest; Chaos (0) is not named, and wins with the rest.
    assert_eq!(results(&s), vec![Win, Win, Loss, Win], "{}", reason(&s));
    let s = play_out("1", &[]);
    assert_eq!(stack(&s, 2), "Wo Wo Wo Wo");
    assert_eq!(results(&s), vec![Win, Loss, Win, Win], "{}", reason(&s));
    let s = play_out("pass", &["4", "4", "4"]);
    // Chaos's 3 ties pink's.
    assert_eq!(results(&s), vec![Win, Win, Loss, Loss], "{}", reason(&s));
    let s = play_out("pass", &["4", "5", "6", "4", "4"]);
    assert_eq!(stacks(&s)[3..], ["Yo Yo Yo", "Yo", "Yo"]);
    // Chaos's 3 across the bottom and 3 upright tie pink's 3.
    assert_eq!(results(&s), vec![Win, Win, Loss, Loss], "{}", reason(&s));
}

// ---------------------------------------------------------------------------
// 3Blotto13: 13 circles each, dealt one at a time across three hidden boards.
// Most pieces wins each board; most boards wins the match.

fn blotto(black: [usize; 3], white: [usize; 3]) -> State {
    assert_eq!(black.iter().sum::<usize>(), 13);
    assert_eq!(white.iter().sum::<usize>(), 13);
    let mut s = start("3Blotto13");
    let turns = |split: [usize; 3], stack: u8| -> Vec<String> {
        (1..=3u8)
            .flat_map(|b| std::iter::repeat_n(format!("{b}:{stack}"), split[usize::from(b - 1)]))
            .collect()
    };
    let (b, w) = (turns(black, 1), turns(white, 2));
    for i in 0..13 {
        play(&mut s, &[&b[i]]);
        if i == 0 {
            // Every space is cloaked: white sees none of black's circles.
            let view = s.player_view(1);
            assert!(
                view.spaces().iter().all(|sp| !matches!(
                    sp.seen,
                    redscience_engine::game::Seen::Piece(Color::Black, _)
                )),
                "white cannot see black's circle"
            );
        }
        play(&mut s, &[&w[i]]);
    }
    for (board, (nb, nw)) in (1..=3).zip(black.iter().zip(&white)) {
        assert_eq!(stack_on(&s, board, 1).split_whitespace().count(), *nb);
        assert_eq!(stack_on(&s, board, 2).split_whitespace().count(), *nw);
    }
    s
}

#[test]
fn blotto_a_board_split_two_boards_to_one() {
    let s = blotto([7, 6, 0], [5, 4, 4]);
    assert_eq!(results(&s), vec![Win, Loss], "{}", reason(&s));
    assert!(
        reason(&s).contains("Boards won: Player 1 (black) 2, Player 2 (white) 1."),
        "{}",
        reason(&s)
    );
}

#[test]
fn blotto_concentration_loses_to_a_spread() {
    let s = blotto([13, 0, 0], [0, 7, 6]);
    assert_eq!(results(&s), vec![Loss, Win], "{}", reason(&s));
}

#[test]
fn blotto_tied_boards_and_tied_counts_are_draws() {
    // One board each, and the third tied: a draw.
    let s = blotto([7, 3, 3], [3, 7, 3]);
    assert_eq!(results(&s), vec![Draw, Draw], "{}", reason(&s));
    // Every board tied: nobody wins a board.
    let s = blotto([5, 4, 4], [5, 4, 4]);
    assert_eq!(results(&s), vec![Draw, Draw], "{}", reason(&s));
}

#[test]
fn blotto_every_circle_must_be_placed() {
    let s = start("3Blotto13");
    assert_refused(&s, "pass", "no option to pass");
    assert_refused(&s, "2:2", "may not enter");
}

/// The seat to move passes until the match reaches `phase` (a phase ends
/// once some seat repeats its turn in an unchanged position).
fn pass_to_phase(state: &mut State, phase: usize) {
    for _ in 0..state.game().seats.len() {
        if state.phase() >= phase || state.is_terminal() {
            break;
        }
        play(state, &["pass"]);
    }
    assert_eq!(state.phase(), phase);
}

// ---------------------------------------------------------------------------
// Shopping9: black, then white, then Chaos shop in turn, each on its own
// hidden stack. More than 9 circles bought in all and Chaos wins at once;
// otherwise least pieces loses (Chaos's pentagons count).

fn shop(black: usize, white: usize, chaos: usize) -> State {
    let mut s = start("Shopping9");
    assert_eq!(stacks(&s), ["", "Wp Wp", ""]);
    for _ in 0..black {
        play(&mut s, &["1"]);
    }
    pass_to_phase(&mut s, 1);
    assert_eq!(s.to_move(), 1, "white shops next");
    for _ in 0..white {
        play(&mut s, &["2"]);
    }
    if s.is_terminal() {
        return s;
    }
    pass_to_phase(&mut s, 2);
    for _ in 0..chaos {
        play(&mut s, &["3"]);
    }
    pass_to_the_end(&mut s);
    s
}

#[test]
fn shopping_bids_are_hidden() {
    let mut s = start("Shopping9");
    play(&mut s, &["1", "1", "1"]);
    let seen_by_white = |s: &State| {
        s.player_view(1)
            .spaces()
            .iter()
            .filter(|sp| {
                matches!(
                    sp.seen,
                    redscience_engine::game::Seen::Piece(Color::Black, _)
                )
            })
            .count()
    };
    assert_eq!(seen_by_white(&s), 0);
    assert!(
        s.history_for(Some(1))
            .iter()
            .all(|h| !h.contains("Black circle")),
        "{:?}",
        s.history_for(Some(1))
    );
    assert_eq!(
        s.history_for(Some(0))[0],
        "Black item (circle) to black's cart (stack 1)"
    );
    pass_to_phase(&mut s, 1);
    // White does not see its own pentagons (they cannot move), yet its
    // circles land on top of them.
    play(&mut s, &["2"]);
    assert_eq!(stack(&s, 2), "Wp Wp Wo");
    assert_eq!(seen_by_white(&s), 0);
}

#[test]
fn shopping_within_budget_chaos_buys_least() {
    let s = shop(4, 5, 3);
    assert_eq!(
        stacks(&s),
        ["Bo Bo Bo Bo", "Wp Wp Wo Wo Wo Wo Wo", "Pp Pp Pp"]
    );
    // Black 4 pieces, white 7, Chaos 3.
    assert_eq!(results(&s), vec![Win, Win, Loss], "{}", reason(&s));
}

#[test]
fn shopping_over_budget_chaos_wins_at_once() {
    let s = shop(4, 6, 0);
    assert_eq!(
        s.phase(),
        1,
        "the tenth circle ends the match in white's phase"
    );
    assert_eq!(circles(&s, Color::White), 1);
    assert_eq!(results(&s), vec![Loss, Loss, Win], "{}", reason(&s));
    // Nine circles in all is not more than nine.
    let s = shop(9, 0, 8);
    assert_eq!(
        stacks(&s),
        [
            "Bo Bo Bo Bo Bo Bo Bo Bo Bo",
            "Wp Wp",
            "Pp Pp Pp Pp Pp Pp Pp Pp"
        ]
    );
    // Black 9, white 2, Chaos 8: white loses.
    assert_eq!(results(&s), vec![Win, Loss, Win], "{}", reason(&s));
}

#[test]
fn shopping_a_low_bid_ties_chaos_at_the_bottom() {
    let s = shop(4, 3, 4);
    // Black 4, white 5, Chaos 4.
    assert_eq!(results(&s), vec![Loss, Win, Loss], "{}", reason(&s));
}

// ---------------------------------------------------------------------------
// KBeauty9: each player in turn builds a hidden line on its own stack. Most
// in a row wins, but the top set are overachievers, disqualified: the next
// longest win.

fn beauty(lines: [usize; 4]) -> State {
    let mut s = start("KBeauty9");
    for (seat, n) in lines.iter().enumerate() {
        assert_eq!(s.phase(), seat);
        assert_eq!(s.to_move(), seat);
        for _ in 0..*n {
            play(&mut s, &[&(seat + 1).to_string()]);
        }
        if seat == 0 && *n > 0 {
            let view = s.player_view(1);
            assert!(
                view.spaces()
                    .iter()
                    .all(|sp| !matches!(sp.seen, redscience_engine::game::Seen::Piece(..))),
                "white sees nothing of black's line"
            );
        }
        if seat < 3 {
            pass_to_phase(&mut s, seat + 1);
        }
    }
    pass_to_the_end(&mut s);
    for (x, n) in (1..=4).zip(lines) {
        assert_eq!(stack(&s, x).split_whitespace().count(), n);
    }
    s
}

#[test]
fn kbeauty_the_longest_line_is_disqualified_and_the_next_longest_win() {
    let s = beauty([9, 5, 5, 2]);
    assert_eq!(results(&s), vec![Loss, Win, Win, Loss], "{}", reason(&s));
    let s = beauty([0, 4, 6, 5]);
    assert_eq!(results(&s), vec![Loss, Loss, Loss, Win], "{}", reason(&s));
}

#[test]
fn kbeauty_when_all_tie_at_the_top_all_are_disqualified() {
    let s = beauty([3, 3, 3, 3]);
    assert_eq!(results(&s), vec![Loss; 4], "{}", reason(&s));
}

// ---------------------------------------------------------------------------
// 4P-TrendSetter and 4P-Coordination: one circle each on three spaces in one
// simultaneous round; circles landing together destroy each other.

#[test]
fn trend_setter_the_circles_that_land_alone_win() {
    let mut s = start("4P-TrendSetter");
    play(&mut s, &["1,1", "1,2", "1,3"]);
    assert!(!s.is_terminal(), "the round waits for the last plan");
    play(&mut s, &["1,3"]);
    assert_eq!(results(&s), vec![Win, Win, Loss, Loss], "{}", reason(&s));
    let mut s = start("4P-TrendSetter");
    play(&mut s, &["1,1", "1,1", "1,1", "1,3"]);
    assert_eq!(results(&s), vec![Loss, Loss, Loss, Win], "{}", reason(&s));
}

#[test]
fn trend_setter_all_colliding_is_a_stalemate_and_all_lose() {
    for plans in [["1,2"; 4], ["1,1", "1,3", "1,3", "1,1"]] {
        let mut s = start("4P-TrendSetter");
        play(&mut s, &plans);
        assert_eq!(results(&s), vec![Loss; 4], "{plans:?}: {}", reason(&s));
    }
}

#[test]
fn coordination_all_together_all_win() {
    for plans in [["1,2"; 4], ["1,1", "1,3", "1,3", "1,1"]] {
        let mut s = start("4P-Coordination");
        play(&mut s, &plans);
        assert_eq!(results(&s), vec![Win; 4], "{plans:?}: {}", reason(&s));
    }
}

#[test]
fn coordination_a_lone_circle_loses() {
    let mut s = start("4P-Coordination");
    play(&mut s, &["1,1", "1,2", "1,2", "1,2"]);
    assert_eq!(results(&s), vec![Loss, Win, Win, Win], "{}", reason(&s));
}

// ---------------------------------------------------------------------------
// BoS and 3P-BoS: each player picks a board (a simultaneous round), then Chaos
// picks one. Least area wins each board; most boards wins. A player with no
// piece on a board has an area of 0 there.

fn bos(name: &str, plans: &[&str], chaos: &str) -> State {
    let mut s = start(name);
    play(&mut s, plans);
    assert_eq!(s.phase(), 1);
    assert_refused(&s, "pass", "no option to pass");
    play(&mut s, &[chaos]);
    s
}

#[test]
fn bos_together_with_chaos_the_squeezed_player_wins() {
    // Board 1: Chaos's space (2,1) touches black's (1,1): black's area is 1,
    // white's and Chaos's 2 (through the locked blank).
    let s = bos("BoS", &["1,1", "1,2"], "2,1");
    assert_eq!(results(&s), vec![Win, Loss, Loss], "{}", reason(&s));
    // Board 2: Chaos's space (2,2) touches white's (1,2).
    let s = bos("BoS", &["2:1,1", "2:1,2"], "2:2,2");
    assert_eq!(results(&s), vec![Loss, Win, Loss], "{}", reason(&s));
}

#[test]
fn bos_apart_from_chaos_or_each_other_is_a_draw() {
    // Together on board 1, Chaos on board 2: Chaos wins board 1 (area 0
    // there), the players board 2; one board each.
    let s = bos("BoS", &["1,1", "1,2"], "2:2,2");
    assert_eq!(results(&s), vec![Draw, Draw, Draw], "{}", reason(&s));
    // Apart: each seat wins the board it is not on.
    let s = bos("BoS", &["1,1", "2:1,2"], "2,1");
    assert_eq!(results(&s), vec![Draw, Draw, Draw], "{}", reason(&s));
}

#[test]
fn bos_3p_every_seat_wins_the_boards_it_is_not_on() {
    // With one circle each and an area of 0 off a board, every seat wins
    // exactly the occupied boards it is not on: spread over the three boards,
    // every seat wins two and the match is level.
    for (plans, chaos) in [
        (["1,1", "2:1,2", "3:2,1"], "3:1,2"),
        (["1,1", "1,2", "2:2,2"], "3:1,2"),
        (["2:1,1", "3:2,2", "3:2,1"], "2,2"),
    ] {
        let s = bos("3P-BoS", &plans, chaos);
        assert!(
            reason(&s).contains(
                "Boards won: Player 1 (black) 2, Player 2 (white) 2, Player 3 (pink) 2, Chaos (yellow) 2."
            ),
            "{}",
            reason(&s)
        );
        assert_eq!(
            results(&s),
            vec![Draw; 4],
            "{plans:?} {chaos}: {}",
            reason(&s)
        );
    }
}

#[test]
fn bos_3p_all_on_one_board_beats_chaos_on_every_board() {
    // All four on board 1 squeeze each other to an area of 1; boards 2 and 3
    // are empty. Each board is a tie, and each board's outcome applies the
    // Chaos rules: every player wins it, so Chaos loses it. The players
    // share three boards each and draw; Chaos, with none, loses.
    let s = bos("3P-BoS", &["1,1", "1,2", "2,1"], "2,2");
    assert!(
        reason(&s)
            .contains("Boards won: Player 1 (black) 3, Player 2 (white) 3, Player 3 (pink) 3."),
        "{}",
        reason(&s)
    );
    assert_eq!(results(&s), vec![Draw, Draw, Draw, Loss], "{}", reason(&s));
}

// ---------------------------------------------------------------------------
// 3P-9X-HideSeek: black and white hide a circle in the cloaked nine; pink's
// pentagon seeks them there. Outside, Chaos's pentagon must eat the ring of
// pink circles: once it cannot capture, the match ends. Most circles wins,
// and the ring's circles are pink's.

fn hide(black: &str, white: &str, pink: &str) -> State {
    let mut s = start("3P-9X-HideSeek");
    assert_eq!(on_board(&s, Color::Pink), 18);
    assert_refused(&s, "1,1", "not legal");
    play(&mut s, &[black, white, pink]);
    assert_eq!(
        s.phase(),
        1,
        "placement over: Chaos's pentagon may move now"
    );
    assert_eq!(s.to_move(), 0);
    s
}

/// Black, white and pink pass; Chaos's pentagon steps along `path`, taking a
/// pink circle each time. Where that capture is Chaos's only legal move it is
/// played for Chaos.
fn chaos_eats(s: &mut State, path: &[(u8, u8)]) {
    for w in path.windows(2) {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        let pink = on_board(s, Color::Pink);
        play(s, &["pass", "pass", "pass"]);
        if s.to_move() == 3 && !s.is_terminal() {
            play(s, &[&format!("{x0},{y0}-{x1},{y1}")]);
        } else {
            let last = s.history().iter().rev().find(|a| a.seat() == 3).unwrap();
            assert!(last.automatic, "{last:?}");
        }
        let to = s.game().geometry.cell(1, x1, y1, 1).unwrap();
        assert_eq!(s.piece_at(to), Some((Color::Yellow, Shape::Pentagon)));
        assert_eq!(on_board(s, Color::Pink), pink - 1, "a ring circle eaten");
    }
}

#[test]
fn hide_seek_chaos_stuck_at_once_the_ring_wins_for_pink() {
    let mut s = hide("3,3", "5,5", "4,4");
    // Chaos must capture: stepping to the empty nine is not even possible,
    // and every move it has takes a pink circle.
    play(&mut s, &["pass", "pass", "pass"]);
    assert!(s.legal().iter().all(|m| m.is_board_move()));
    assert_eq!(s.legal().len(), 3, "three pink circles next to Chaos");
    play(&mut s, &["4,6-5,6"]);
    // (5,6) is a dead end: no capture left, so the match ends.
    assert_eq!(
        on_board(&s, Color::Pink),
        17 + 1,
        "the ring and pink's pentagon"
    );
    assert_eq!(results(&s), vec![Loss, Loss, Win, Loss], "{}", reason(&s));
}

#[test]
fn hide_seek_pink_finds_black_by_covering_a_hidden_circle() {
    let mut s = hide("3,3", "5,5", "4,4");
    play(&mut s, &["pass", "pass"]);
    // Pink cannot see the hiders: no capture is visible, so it may move freely.
    assert!(s.legal().len() > 2);
    play(&mut s, &["4,4-3,3"]);
    let geo = &s.game().geometry;
    assert_eq!(
        s.piece_at(geo.cell(1, 3, 3, 1).unwrap()),
        Some((Color::Pink, Shape::Pentagon)),
        "black's circle was destroyed"
    );
    assert_eq!(on_board(&s, Color::Black), 0);
    play(&mut s, &["4,6-5,6"]);
    assert_eq!(results(&s), vec![Loss, Loss, Win, Loss], "{}", reason(&s));
}

#[test]
fn hide_seek_chaos_eats_the_ring_and_the_hiders_tie_pink() {
    let mut s = hide("3,3", "5,5", "4,4");
    // Every ring circle but the dead end (5,6), each step a capture.
    let path = [
        (4, 6),
        (3, 6),
        (3, 7),
        (2, 7),
        (1, 7),
        (1, 6),
        (1, 5),
        (2, 5),
        (2, 4),
        (1, 3),
        (2, 3),
        (1, 2),
        (1, 1),
        (2, 1),
        (3, 2),
        (3, 1),
        (4, 2),
        (5, 2),
    ];
    chaos_eats(&mut s, &path);
    // Pink keeps (5,6) only: 1 circle each for black, white and pink.
    assert_eq!(on_board(&s, Color::Pink), 2, "(5,6) and pink's pentagon");
    assert_eq!(results(&s), vec![Win, Win, Win, Loss], "{}", reason(&s));
}

// ---------------------------------------------------------------------------
// Centipede9 and NeedyCentipede4: black and white take turns on the shared
// first stack. Each circle arriving there converts the whole stack to its
// owner (it wins the conflict as the attacker), so the pot grows and changes
// hands; a pentagon takes the pot into its owner's reserve, to be placed on
// the owner's own stack. Most pieces wins; Chaos counts too.

fn centipede(name: &str, turns: &[&str], chaos: usize) -> State {
    let mut s = start(name);
    play(&mut s, turns);
    pass_to_phase(&mut s, 1);
    assert_eq!(s.to_move(), 2, "Chaos's phase");
    chaos_places(&mut s, chaos);
    s
}

#[test]
fn centipede_the_pot_grows_and_changes_hands_with_each_circle() {
    let mut s = start("Centipede9");
    assert_eq!(stacks(&s), ["", "", "", "Yo Yo Yo"]);
    play(&mut s, &["circle 1", "circle 1"]);
    assert_eq!(stack(&s, 1), "Wo Wo", "white's circle converts black's");
    play(&mut s, &["circle 1"]);
    assert_eq!(stack(&s, 1), "Bo Bo Bo");
    // White takes the pot: three circles into its reserve, its pentagon stays.
    play(&mut s, &["pentagon 1"]);
    assert_eq!(stack(&s, 1), "Wp");
    assert_eq!(circles(&s, Color::White), 3 + 3);
    assert_eq!(s.reserve(Color::White, Shape::Pentagon), 0);
    // A circle arriving on the pentagon converts it: the taker's pentagon
    // changes hands.
    play(&mut s, &["circle 1"]);
    assert_eq!(stack(&s, 1), "Bp Bo");
    assert_eq!(circles(&s, Color::Black), 1);
}

#[test]
fn centipede_an_early_take_banked_on_the_own_stack() {
    let s = centipede(
        "Centipede9",
        &[
            "circle 1",
            "circle 1",
            "circle 1",
            "pentagon 1",
            "circle 2",
            "circle 3",
            "pentagon 2",
            "circle 3",
            "circle 2",
            // Black has nothing left: its turns pass by themselves.
            "circle 3",
            "circle 3",
            "circle 3",
            "circle 3",
        ],
        0,
    );
    assert_eq!(
        stacks(&s),
        ["Wp", "Bo Bp Bo", "Wo Wo Wo Wo Wo Wo", "Yo Yo Yo"]
    );
    // Black 3 pieces, white 7, Chaos 3.
    assert_eq!(results(&s), vec![Loss, Win, Loss], "{}", reason(&s));
}

#[test]
fn centipede_chaos_outbids_the_banked_take() {
    let s = centipede(
        "Centipede9",
        &[
            "circle 1",
            "pentagon 1",
            "circle 2",
            "circle 3",
            "circle 2",
            "circle 3",
            "circle 2",
            "circle 3",
            "pentagon 2",
            "circle 3",
            "circle 3",
        ],
        5,
    );
    assert_eq!(
        stacks(&s),
        [
            "Wp",
            "Bo Bo Bo Bp",
            "Wo Wo Wo Wo Wo",
            "Yo Yo Yo Yo Yo Yo Yo Yo"
        ]
    );
    // Black 4, white 6, Chaos 8.
    assert_eq!(results(&s), vec![Loss, Loss, Win], "{}", reason(&s));
}

#[test]
fn needy_centipede_without_a_take_both_bank_alike() {
    let banked = [
        "circle 2",
        "circle 3",
        "circle 2",
        "circle 3",
        "circle 2",
        "circle 3",
        "circle 2",
        "circle 3",
        "pentagon 2",
        "pentagon 3",
    ];
    let s = start("NeedyCentipede4");
    assert_eq!(stacks(&s), ["", "", "", "Yo Yo Yo Yo"]);
    assert_eq!(circles(&s, Color::Yellow), 6);
    // Black 5, white 5, Chaos 4 or 5: the players share the most.
    for chaos in [0, 1] {
        let s = centipede("NeedyCentipede4", &banked, chaos);
        assert_eq!(results(&s), vec![Win, Win, Loss], "{}", reason(&s));
    }
    let s = centipede("NeedyCentipede4", &banked, 2);
    assert_eq!(results(&s), vec![Loss, Loss, Win], "{}", reason(&s));
}

// ---------------------------------------------------------------------------
// ContractHunt: a stag hunt after a contract round in which white alone
// places one pentagon: on its own stack, or on the stack it shares with
// black, where it removes black's pentagon (the attacker wins).

fn contract_hunt(contract: &str, hunt: [&str; 2], chaos: &[&str]) -> State {
    let mut s = start("ContractHunt");
    assert_eq!(stacks(&s), ["Bp", "", "", ""]);
    assert_eq!(s.to_move(), 1, "only white plays the contract round");
    assert_refused(&s, "pass", "no option to pass");
    play(&mut s, &[contract]);
    assert_eq!(s.phase(), 1);
    play(&mut s, &hunt);
    pass_to_phase(&mut s, 2);
    play(&mut s, chaos);
    pass_to_the_end(&mut s);
    s
}

#[test]
fn contract_hunt_white_keeps_to_its_stack_and_both_hunt_the_stag() {
    let s = contract_hunt("2", ["3", "4"], &["3", "4"]);
    assert_eq!(stacks(&s), ["Bp", "Wp", "Bp", "Wp"]);
    // Nobody has a 2-in-a-row: every player wins.
    assert_eq!(results(&s), vec![Win, Win, Loss], "{}", reason(&s));
}

#[test]
fn contract_hunt_both_take_the_hare() {
    let s = contract_hunt("2", ["1", "2"], &["3", "4", "3", "4", "3", "4"]);
    assert_eq!(stacks(&s), ["Bp Bp", "Wp Wp", "Po Po Po", "Po Po Po"]);
    assert_eq!(results(&s), vec![Loss, Loss, Win], "{}", reason(&s));
}

#[test]
fn contract_hunt_a_hostile_contract_is_answered_in_kind() {
    let mut s = start("ContractHunt");
    play(&mut s, &["1"]);
    assert_eq!(stack(&s, 1), "Wp", "white's pentagon removed black's");
    // Black's pentagon, arriving alone, removes white's in turn.
    play(&mut s, &["1", "4"]);
    assert_eq!(stacks(&s), ["Bp", "", "", "Wp"]);
    let s = contract_hunt("1", ["1", "4"], &["3", "3"]);
    assert_eq!(stacks(&s), ["Bp", "", "Po Po", "Wp"]);
    // Black 0, white 0, Chaos 1.
    assert_eq!(results(&s), vec![Loss, Loss, Win], "{}", reason(&s));
}
