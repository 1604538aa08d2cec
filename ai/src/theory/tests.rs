use super::*;
use redscience_engine::testing::catalogue_game;

/// The root round's strategies and values of a catalogue game, printed.
fn summary(name: &str) -> String {
    let game = catalogue_game(name);
    match solve_game(&game, NODE_LIMIT) {
        Err(e) => format!("{name}: {e}"),
        Ok(s) => {
            let mut out = format!(
                "{name}: {:?}, {} nodes, {} infosets, exploitability {:.6} (range {}, constant-sum {}), values {:?}, cfr {:?}\n",
                s.method,
                s.tree.nodes.len(),
                s.tree.infosets.len(),
                s.exploitability.exploitability,
                s.exploitability.payoff_range,
                s.exploitability.constant_sum,
                s.exploitability.values,
                s.cfr.as_ref().map(|(n, e)| (n, e.exploitability)),
            );
            for eq in &s.root_equilibria {
                out += &format!("  eq {:?} values {:?}\n", eq.strategies, eq.values);
            }
            if let Some(round) = s.root_round() {
                for &(seat, info) in &round.players {
                    let i = &s.tree.infosets[info];
                    out += &format!("  seat {seat}: {:?} {:?}\n", i.texts, s.profile[info]);
                }
                out += &format!("  payoffs {:?}\n", round.payoffs);
            }
            out
        }
    }
}

#[test]
#[ignore = "prints every catalogue game's analysis"]
fn print_catalogue_analyses() {
    for name in redscience_engine::catalogue::game_theory_names() {
        let t = std::time::Instant::now();
        println!("{} ({:?})", summary(name), t.elapsed());
    }
}

/// The root round's plans of `seat` in the game's words, and the
/// equilibrium's probability of each.
fn strategy(s: &Solution, seat: usize) -> Vec<(String, f64)> {
    let round = s.root_round().expect("a round at the root");
    let &(_, info) = round.players.iter().find(|p| p.0 == seat).unwrap();
    s.tree.infosets[info]
        .texts
        .iter()
        .cloned()
        .zip(s.profile[info].iter().copied())
        .collect()
}

/// The root round's payoff to each player when `plans` (by their words)
/// are played.
fn payoff(s: &Solution, plans: &[&str]) -> Vec<f64> {
    let round = s.root_round().unwrap();
    let counts: Vec<usize> = round
        .players
        .iter()
        .map(|&(_, i)| s.tree.infosets[i].plans.len())
        .collect();
    let picks: Vec<usize> = round
        .players
        .iter()
        .zip(plans)
        .map(|(&(_, i), text)| {
            s.tree.infosets[i]
                .texts
                .iter()
                .position(|t| t == text)
                .unwrap_or_else(|| panic!("no plan {text}"))
        })
        .collect();
    round.payoffs[matrix::joint_index(&picks, &counts)].clone()
}

fn close(x: f64, y: f64) -> bool {
    (x - y).abs() < 1e-9
}

#[test]
fn rock_paper_scissors_is_played_uniformly_and_worth_a_draw() {
    let s = solve_game(&catalogue_game("RockPaperScissors"), NODE_LIMIT).unwrap();
    assert_eq!(s.method, Method::Exact);
    // Hand-computed from docs/rules.md: a decisive pair is a win (1) and a
    // loss (0); equal picks replay with fewer shapes, a symmetric game
    // worth a draw (0.5) to each.
    let rock = "Black rock (circle) to the table (stack 1)";
    let paper = "Black paper (X) to the table (stack 1)";
    let white_scissors = "White scissors (pentagon) to the table (stack 1)";
    let white_rock = "White rock (circle) to the table (stack 1)";
    assert_eq!(payoff(&s, &[rock, white_scissors]), vec![1.0, 0.0]);
    assert_eq!(payoff(&s, &[paper, white_scissors]), vec![0.0, 1.0]);
    assert!(
        payoff(&s, &[rock, white_rock])
            .iter()
            .all(|&v| close(v, 0.5))
    );
    for seat in 0..2 {
        for (text, p) in strategy(&s, seat) {
            assert!(close(p, 1.0 / 3.0), "{text}: {p}");
        }
    }
    assert_eq!(s.root_equilibria.len(), 1, "the uniform mix only");
    let e = &s.exploitability;
    assert!(e.constant_sum);
    assert!(close(e.values[0], 0.5) && close(e.values[1], 0.5));
    assert!(e.exploitability < 1e-9);
    assert!(close(e.payoff_range, 1.0));
}

#[test]
fn always_rock_is_exploitable_by_half_a_win() {
    // Both always throw rock first (the replay after the tie is played by
    // the equilibrium, worth 0.5 each): each would win with paper (1
    // instead of 0.5), so NashConv is 1 and the exploitability 0.5.
    let s = solve_game(&catalogue_game("RockPaperScissors"), NODE_LIMIT).unwrap();
    let mut profile = s.profile.clone();
    for &(_, i) in &s.root_round().unwrap().players {
        let info = &s.tree.infosets[i];
        let rock = info.texts.iter().position(|t| t.contains("rock")).unwrap();
        profile[i] = (0..info.plans.len())
            .map(|k| if k == rock { 1.0 } else { 0.0 })
            .collect();
    }
    let e = exploit::exploitability(&s.tree, &profile);
    assert!(close(e.nash_conv, 1.0), "{e:?}");
    assert!(close(e.exploitability, 0.5));
}

#[test]
fn in_the_prisoners_dilemma_both_testify() {
    let s = solve_game(&catalogue_game("PrisonerDilemma"), NODE_LIMIT).unwrap();
    let testify = "Black prisoner (X) to black's testimony (stack 1)";
    let silence = "Black prisoner (X) to silence (stack 5)";
    let w_testify = "White inmate (pentagon) to white's testimony (stack 3)";
    let w_silence = "White inmate (pentagon) to silence (stack 5)";
    // docs/rules.md: testifying against silence always wins (1), silence
    // against testimony never (0); both silent beats both testifying.
    assert_eq!(payoff(&s, &[testify, w_silence]), vec![1.0, 0.0]);
    assert_eq!(payoff(&s, &[silence, w_testify]), vec![0.0, 1.0]);
    assert!(payoff(&s, &[silence, w_silence])[0] > payoff(&s, &[testify, w_testify])[0]);
    assert_eq!(s.root_equilibria.len(), 1, "{:?}", s.root_equilibria);
    assert_eq!(
        strategy(&s, 0),
        vec![(testify.into(), 1.0), (silence.into(), 0.0)]
    );
    assert_eq!(
        strategy(&s, 1),
        vec![(w_testify.into(), 1.0), (w_silence.into(), 0.0)]
    );
    assert!(s.exploitability.exploitability < 1e-9);
    assert!(!s.exploitability.constant_sum);
}

#[test]
fn the_stag_hunt_has_two_pure_equilibria_and_a_mixed_one() {
    let s = solve_game(&catalogue_game("StagHunt"), NODE_LIMIT).unwrap();
    let hare = "Black hunter (pentagon) to black's hare field (stack 1)";
    let stag = "Black hunter (pentagon) to black's stag forest (stack 3)";
    let w_hare = "White hunter (pentagon) to white's hare field (stack 2)";
    let w_stag = "White hunter (pentagon) to white's stag forest (stack 4)";
    // docs/rules.md: both stag always win (1 each), stag against hare
    // never (0); hare pays something either way.
    assert_eq!(payoff(&s, &[stag, w_stag]), vec![1.0, 1.0]);
    assert_eq!(payoff(&s, &[stag, w_hare])[0], 0.0);
    let both_hare = payoff(&s, &[hare, w_hare])[0];
    let hare_alone = payoff(&s, &[hare, w_stag])[0];
    assert!(0.0 < both_hare && both_hare < hare_alone && hare_alone < 1.0);
    let eqs = &s.root_equilibria;
    assert_eq!(eqs.len(), 3, "{eqs:?}");
    assert_eq!(eqs.iter().filter(|e| e.support_size() == 2).count(), 2);
    // The mixed one, by hand: the partner's stag chance q makes the hare
    // (both_hare (1 - q) + hare_alone q) pay what the stag does (q).
    let q = both_hare / (1.0 - hare_alone + both_hare);
    let mixed = eqs.iter().find(|e| e.support_size() == 4).unwrap();
    for strategy in &mixed.strategies {
        assert!(close(strategy[1], q), "{strategy:?} against {q}");
    }
    assert!(close(mixed.values[0], q));
    // The standard player's pick: the most for both, the stag.
    assert_eq!(strategy(&s, 0)[1], (stag.to_string(), 1.0));
    assert_eq!(strategy(&s, 1)[1], (w_stag.to_string(), 1.0));
}

#[test]
fn in_bos_each_goes_to_its_favourite() {
    // docs/rules.md: as the engine reads "Least area wins", both at the
    // concert is a win and a draw for black (0.75) in two, a loss and a
    // draw for white (0.25); apart a draw; so each one's favourite board
    // dominates and the match is a draw (0.5 each).
    let s = solve_game(&catalogue_game("BoS"), NODE_LIMIT).unwrap();
    let concert = "Black circle to the concert at 1:(1,1)";
    let w_concert = "White circle to the concert at 1:(1,2)";
    let w_match = "White circle to the match at 2:(1,2)";
    assert_eq!(payoff(&s, &[concert, w_concert]), vec![0.75, 0.25]);
    assert_eq!(payoff(&s, &[concert, w_match]), vec![0.5, 0.5]);
    assert_eq!(s.root_equilibria.len(), 1);
    assert_eq!(strategy(&s, 0)[0], (concert.to_string(), 1.0));
    assert_eq!(strategy(&s, 1)[1], (w_match.to_string(), 1.0));
    assert!(s.exploitability.constant_sum);
    assert!(close(s.exploitability.values[0], 0.5));
}

#[test]
fn cfr_becomes_less_exploitable_in_a_game_of_two_rounds() {
    // ContractHunt: white's contract, then the hunt.
    let game = catalogue_game("ContractHunt");
    let tree = tree::build(&game.start(), NODE_LIMIT).unwrap();
    let mut cfr = cfr::Cfr::new(&tree);
    let mut early = None;
    for _ in 0..400 {
        cfr.iterate(&tree);
        if cfr.iterations == 2 {
            early = Some(exploit::exploitability(&tree, &cfr.average()).nash_conv);
        }
    }
    let early = early.unwrap();
    let late = exploit::exploitability(&tree, &cfr.average()).nash_conv;
    assert!(early > 0.05, "two iterations: {early}");
    assert!(late < 0.005 && late < early, "400 iterations: {late}");
}

#[test]
fn a_game_too_big_or_without_a_round_is_refused() {
    let stag = catalogue_game("StagHunt");
    assert_eq!(
        solve_game(&stag, 20).err(),
        Some(TheoryError::TooBig { limit: 20 })
    );
    let ttt = catalogue_game("Tic-Tac-Toe");
    let refused = solve_game(&ttt, NODE_LIMIT).err().unwrap();
    assert_eq!(refused, TheoryError::NoSealedRound);
    assert!(refused.to_string().contains("simultaneous"));
}

#[test]
fn the_standard_player_draws_its_plan_from_the_equilibrium() {
    use rand::SeedableRng;
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(7);
    let stag = catalogue_game("StagHunt").start();
    let mv = equilibrium_move(&stag, 0, &mut rng).unwrap();
    assert_eq!(
        stag.move_text(mv),
        "Black hunter (pentagon) to black's stag forest (stack 3)"
    );
    let rps = catalogue_game("RockPaperScissors").start();
    let mut counts = std::collections::HashMap::new();
    for _ in 0..600 {
        let mv = equilibrium_move(&rps, 0, &mut rng).unwrap();
        *counts.entry(mv).or_insert(0) += 1;
    }
    assert_eq!(counts.len(), 3);
    assert!(
        counts.values().all(|&n| (150..250).contains(&n)),
        "{counts:?}"
    );
}

#[test]
fn the_report_names_the_plans_in_the_games_words() {
    let game = catalogue_game("StagHunt");
    let text = report::analyze(&game, "StagHunt").unwrap().text();
    assert!(
        text.contains("- Black plays Black hunter (pentagon) to black's stag forest (stack 3) 100%; value 1.000."),
        "{text}"
    );
    assert!(text.contains("Equilibria of the first round: 3."), "{text}");
    assert!(
        text.contains("Exploitability: 0.000000 (0.00% of the payoff range 1"),
        "{text}"
    );
    println!("{text}");
}
