//! PNG render time for a few catalogue games after a few moves, from 9
//! cells to 361: the whole `board_png` (SVG built, parsed, rasterised,
//! PNG encoded), and the SVG alone; a won Connect6 with its result, its
//! winning line and names in several scripts ("won"); then a ten-row
//! leaderboard card and a three-player rating chart ("leaderboard",
//! "chart").
//!
//! `cargo bench -p redscience-render` renders each board for
//! `RENDER_SECONDS` (default 1) after a short warm-up and prints one line per
//! game. Any argument that does not start with `-` keeps only the games
//! whose names contain it. Run without `--bench` (as `cargo test
//! --all-targets` does) it renders each board once.

use std::hint::black_box;
use std::time::{Duration, Instant};

use redscience_engine::game::Shown;
use redscience_engine::testing::{catalogue_game, played};
use redscience_render::{
    BoardOptions, ChartPoint, LeaderRow, LeaderboardCard, MatchResult, RatingSeries, board_png,
    board_svg, caption, last_turn, leaderboard_png, rating_chart_png,
};

/// The games measured and the moves played before drawing.
const GAMES: [(&str, &[&str]); 4] = [
    ("Tic-Tac-Toe", &["2,2", "1,1", "3,1"]),
    ("Connect4", &["4", "4", "3", "5", "4"]),
    ("Qubic-4", &["1,1,1", "2,2,2", "4,4,4", "1,4,3"]),
    ("Connect6-19x19", &["9,9+11,11", "1,19+19,1", "8,8+12,12"]),
];

/// Mean time per call of `f` over `budget` (at least one call).
fn time(budget: Duration, mut f: impl FnMut()) -> (Duration, u32) {
    let start = Instant::now();
    let mut calls = 0u32;
    loop {
        f();
        calls += 1;
        if start.elapsed() >= budget {
            return (start.elapsed() / calls, calls);
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let benching = args.iter().any(|a| a == "--bench");
    let filters: Vec<String> = args
        .iter()
        .filter(|a| !a.starts_with('-'))
        .map(|a| a.to_ascii_lowercase())
        .collect();
    let budget = if benching {
        let seconds = match std::env::var("RENDER_SECONDS") {
            Ok(text) => text
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s > 0.0)
                .unwrap_or_else(|| panic!("RENDER_SECONDS={text:?} is not a positive number")),
            Err(_) => 1.0,
        };
        Duration::from_secs_f64(seconds)
    } else {
        Duration::ZERO
    };
    for (name, turns) in GAMES {
        let lower = name.to_ascii_lowercase();
        if !filters.is_empty() && !filters.iter().any(|f| lower.contains(f.as_str())) {
            continue;
        }
        let game = catalogue_game(name);
        let state = played(&game, turns);
        let view = Shown::from(state.public_view());
        let options = BoardOptions {
            caption: caption(&game, &view, &[]),
            ..BoardOptions::default()
        };
        let png = board_png(&game, &view, &options).expect("the board renders");
        if benching {
            time(budget / 10, || {
                black_box(board_png(&game, &view, &options).unwrap());
            });
        }
        let (per_png, calls) = time(budget, || {
            black_box(board_png(&game, &view, &options).unwrap());
        });
        let (per_svg, _) = time(budget / 4, || {
            black_box(board_svg(&game, &view, &options));
        });
        println!(
            "{name:<16} {:>8.2} ms/PNG {:>8.3} ms/SVG {:>8} bytes  ({calls} renders)",
            per_png.as_secs_f64() * 1e3,
            per_svg.as_secs_f64() * 1e3,
            png.len(),
        );
    }
    let wanted =
        |name: &str| filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str()));
    if wanted("won") {
        let game = catalogue_game("Connect6-19x19");
        let turns = ["1,1+2,1", "1,19+2,19", "3,1+4,1", "3,19+4,19", "5,1+6,1"];
        let state = played(&game, &turns);
        let view = Shown::from(state.public_view());
        let seats = vec![
            "\u{30a2}\u{30ea}\u{30b9}\u{1f3b2}".to_string(),
            "\u{645}\u{631}\u{62d}\u{628}\u{627} bob".to_string(),
        ];
        let line = (1..=6)
            .map(|x| game.geometry.cell(1, x, 1, 1).expect("on the board"))
            .collect();
        let options = BoardOptions {
            caption: caption(&game, &view, &seats),
            result: state
                .outcome()
                .map(|o| MatchResult::of_outcome(&game, o, &seats)),
            deciding: vec![line],
            last_move: last_turn(state.history()),
            seats,
            ..BoardOptions::default()
        };
        let png = board_png(&game, &view, &options).expect("the board renders");
        let (per_png, calls) = time(budget, || {
            black_box(board_png(&game, &view, &options).unwrap());
        });
        println!(
            "{:<16} {:>8.2} ms/PNG {:>8} bytes  ({calls} renders)",
            "won",
            per_png.as_secs_f64() * 1e3,
            png.len(),
        );
    }
    if wanted("leaderboard") {
        let card = LeaderboardCard {
            title: "Leaderboard: Tic-Tac-Toe".to_string(),
            rows: (1..=10)
                .map(|i| LeaderRow {
                    rank: Some(i),
                    name: format!("player {i}"),
                    rating: 1800 - 20 * i as i32,
                    provisional: i > 8,
                    held_for: format!("{i} days"),
                    top_burst: 1850 - 15 * i as i32,
                    highlight: i == 7,
                })
                .collect(),
        };
        let png = leaderboard_png(&card).expect("the card renders");
        let (per_png, calls) = time(budget, || {
            black_box(leaderboard_png(&card).unwrap());
        });
        println!(
            "{:<16} {:>8.2} ms/PNG {:>8} bytes  ({calls} renders)",
            "leaderboard",
            per_png.as_secs_f64() * 1e3,
            png.len(),
        );
    }
    if wanted("chart") {
        let series: Vec<RatingSeries> = (0..3)
            .map(|p| RatingSeries {
                name: format!("player {p}"),
                points: (0..60)
                    .map(|i| ChartPoint {
                        at: 1_795_392_000 + i * 3_600 * (p + 5),
                        rating: 1500 + ((i * (p + 3)) % 41) as i32,
                        provisional: i < 10,
                    })
                    .collect(),
            })
            .collect();
        let png = rating_chart_png("Ratings", &series).expect("the chart renders");
        let (per_png, calls) = time(budget, || {
            black_box(rating_chart_png("Ratings", &series).unwrap());
        });
        println!(
            "{:<16} {:>8.2} ms/PNG {:>8} bytes  ({calls} renders)",
            "chart",
            per_png.as_secs_f64() * 1e3,
            png.len(),
        );
    }
}
