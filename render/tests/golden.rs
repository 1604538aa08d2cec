//! Golden images: every board kind, every shape, walls, haze, an obscured
//! and a hidden view of one position, several boards. Each picture is
//! compared pixel by pixel, with a small tolerance, to the PNG stored in
//! `tests/golden/`. `UPDATE_GOLDEN=1 cargo test -p redscience-render`
//! writes them anew (look at them before committing).

mod common;

use std::sync::Arc;

use redscience_engine::game::{Game, Shown, State};
use redscience_engine::testing::{catalogue_game, game_over, played};
use redscience_render::{
    BoardOptions, ChartPoint, LeaderRow, LeaderboardCard, RatingSeries, board_png, board_svg,
    caption, leaderboard_png, leaderboard_svg, rating_chart_png, rating_chart_svg,
};
use resvg::tiny_skia::Pixmap;

use common::{check, nothing_cloaked};

/// A game named "Test" (the pictures draw the name), without Tic-Tac-Toe's
/// in-a-row check.
fn game(fields: serde_json::Value) -> Arc<Game> {
    game_over(
        serde_json::json!({"name": "Test", "turn_checks": []}),
        fields,
    )
}

/// The options the bot would use: the usual caption, the last move outlined.
fn options(game: &Game, view: &Shown, last: &[u16]) -> BoardOptions {
    BoardOptions {
        caption: caption(game, view, &[]),
        last_move: last.to_vec(),
        ..BoardOptions::default()
    }
}

/// Draws a position as a spectator sees it and checks it: with no space
/// cloaked, everything.
fn check_state(name: &str, state: &State, last: &[u16]) {
    let game = state.game();
    assert!(nothing_cloaked(state), "{name}: nothing hidden");
    let view = Shown::from(state.public_view());
    check(
        name,
        &board_png(game, &view, &options(game, &view, last)).unwrap(),
    );
}

fn cell(game: &Game, board: u8, x: u8, y: u8, z: u8) -> u16 {
    game.geometry.cell(board, x, y, z).unwrap()
}

#[test]
fn hash_tic_tac_toe() {
    let g = catalogue_game("Tic-Tac-Toe");
    let s = played(&g, &["2,2", "1,1", "3,1"]);
    check_state("hash", &s, &[cell(&g, 1, 3, 1, 1)]);
}

#[test]
fn squares_row() {
    let g = catalogue_game("3on15line");
    let s = played(&g, &["8,1", "9,1", "1,1"]);
    check_state("squares_row", &s, &[cell(&g, 1, 1, 1, 1)]);
}

#[test]
fn squares_plane() {
    let g = catalogue_game("4on7sq");
    let s = played(&g, &["4,4", "5,5", "3,4", "1,7"]);
    check_state("squares_plane", &s, &[cell(&g, 1, 1, 7, 1)]);
}

#[test]
fn squares_3d_layers() {
    let g = catalogue_game("Qubic-4");
    let s = played(&g, &["1,1,1", "2,2,2", "4,4,4", "1,4,3"]);
    check_state("squares_3d", &s, &[cell(&g, 1, 1, 4, 3)]);
}

#[test]
fn large_plane_19x19() {
    let g = catalogue_game("Connect6-19x19");
    let s = played(&g, &["9,9+11,11", "1,19+19,1"]);
    check_state(
        "squares_19x19",
        &s,
        &[cell(&g, 1, 1, 19, 1), cell(&g, 1, 19, 1, 1)],
    );
}

#[test]
fn stacks_connect4() {
    let g = catalogue_game("Connect4");
    let s = played(&g, &["4", "4", "4", "3", "5"]);
    check_state("stacks", &s, &[cell(&g, 1, 5, 1, 1)]);
}

#[test]
fn stacks_in_rows() {
    let g = game(
        serde_json::json!({"board": "stacks", "dimensions": [3, 2, 5],
        "shapes": [{"reserves": {"black": 4, "white": 4}}]}),
    );
    let s = played(&g, &["1,1", "1,1", "3,2", "1,1"]);
    check_state("stacks_rows", &s, &[cell(&g, 1, 1, 1, 3)]);
}

/// Piles (stacks without lines to make) stand on posts, drawn two rows
/// above the tallest.
#[test]
fn stacks_start_shows_two_rows_and_the_height() {
    let g = game(
        serde_json::json!({"board": "stacks", "dimensions": [7, 1, 6],
        "shapes": [{"reserves": {"black": 21, "white": 21}}]}),
    );
    let s = g.start();
    let svg = board_svg(&g, &s.public_view().into(), &BoardOptions::default());
    assert!(svg.contains(">max 6<"), "the maximum height is shown");
    // Height labels (faint) for rows 1 and 2 only.
    assert!(svg.contains(r##"fill="#9c8f78">2<"##));
    assert!(!svg.contains(r##"fill="#9c8f78">3<"##));
    check_state("stacks_empty", &s, &[]);
}

#[test]
fn hexagons() {
    let g = game(
        serde_json::json!({"board": "hexagons", "dimensions": [5, 4, 1],
        "shapes": [{"reserves": {"black": 5, "white": 5}}]}),
    );
    let s = played(&g, &["1,1", "2,3", "5,1", "1,4"]);
    check_state("hexagons", &s, &[cell(&g, 1, 1, 4, 1)]);
}

#[test]
fn toroid() {
    let g = game(
        serde_json::json!({"board": "squares_on_toroid", "dimensions": [5, 4, 1],
        "shapes": [{"reserves": {"black": 5, "white": 5}}]}),
    );
    let s = played(&g, &["1,1", "5,4", "3,2"]);
    check_state("toroid", &s, &[cell(&g, 1, 3, 2, 1)]);
}

#[test]
fn tetrakis() {
    let g = game(
        serde_json::json!({"board": "tetrakis_squares", "dimensions": [3, 2, 1],
        "shapes": [{"reserves": {"black": 5, "white": 5}}]}),
    );
    let s = played(&g, &["1,1,1", "2,1,4", "3,2,2", "1,2,3"]);
    check_state("tetrakis", &s, &[cell(&g, 1, 1, 2, 3)]);
}

#[test]
fn two_boards() {
    let g = game(
        serde_json::json!({"board": "squares", "boards": 2, "dimensions": [3, 3, 1],
        "shapes": [{"reserves": {"black": 5, "white": 5}}]}),
    );
    let s = played(&g, &["2,2", "2:1,1", "2:3,3"]);
    check_state("boards_2", &s, &[cell(&g, 2, 3, 3, 1)]);
}

/// Three boards of stacks, cloaked: as black sees them, its own pieces
/// only (no one may see the whole position while the match goes on).
#[test]
fn three_boards_of_stacks() {
    let g = catalogue_game("3Blotto13");
    let s = played(&g, &["1", "2:2", "3:1", "2"]);
    let view = Shown::from(s.player_view(0));
    check(
        "boards_3_stacks",
        &board_png(&g, &view, &options(&g, &view, &[])).unwrap(),
    );
}

/// Every shape in four seats' colours, and walls (locked spaces).
#[test]
fn all_shapes_and_walls() {
    let colors = ["black", "white", "pink", "yellow"];
    let shapes = ["circle", "pentagon", "x", "cross", "triangle", "star"];
    let mut initial = Vec::new();
    for (y, color) in colors.iter().enumerate() {
        for (x, shape) in shapes.iter().enumerate() {
            initial.push(serde_json::json!({"at": format!("{},{}", x + 1, y + 1),
                "color": color, "shape": shape}));
        }
    }
    let g = game(serde_json::json!({"players": "four", "board": "squares",
        "dimensions": [7, 5, 1],
        "shapes": shapes.iter().map(|s| serde_json::json!({"shape": s,
            "reserves": {"black": 1, "white": 1, "pink": 1, "yellow": 1}})).collect::<Vec<_>>(),
        "phases": [{"locked": ["7,1", "7,2", "1,5"]}],
        "initial": initial}));
    let s = g.start();
    check_state("shapes", &s, &[]);
}

/// One position under "Cloaking obscures" and "Cloaking hides", drawn for
/// the seat that did not place the pieces.
fn cloaked_position(cloaking: &str) -> (Arc<Game>, State) {
    let g = game(serde_json::json!({"cloaking": cloaking, "board": "squares",
        "dimensions": [4, 3, 1],
        "phases": [{"cloaked": ["3,1", "3,2", "3,3", "4,1", "4,2", "4,3"]}],
        "shapes": [{"shape": "circle", "reserves": {"black": 3, "white": 3}},
                   {"shape": "star", "reserves": {"black": 3, "white": 3}}]}));
    let s = played(&g, &["star 3,2", "circle 1,1", "circle 4,3", "star 2,2"]);
    (g, s)
}

#[test]
fn obscured_and_hidden_views_of_one_position() {
    for (cloaking, name) in [("obscures", "obscured"), ("hides", "hidden")] {
        let (g, s) = cloaked_position(cloaking);
        // White (seat 1) sees its own pieces; black's on cloaked spaces
        // are colour only (obscures) or not there at all (hides).
        let view = Shown::from(s.player_view(1));
        let svg = board_svg(&g, &view, &BoardOptions::default());
        assert_eq!(
            svg.contains(">?</text>"),
            cloaking == "obscures",
            "{cloaking}: obscured pieces carry a question mark"
        );
        check(
            &format!("{name}_white"),
            &board_png(&g, &view, &options(&g, &view, &[])).unwrap(),
        );
        // Black sees everything it placed.
        let view = Shown::from(s.player_view(0));
        check(
            &format!("{name}_black"),
            &board_png(&g, &view, &options(&g, &view, &[])).unwrap(),
        );
    }
}

/// A spectator's picture of a cloaked game says nothing of the hidden
/// pieces: the same bytes whatever they are and wherever they stand.
#[test]
fn the_public_picture_of_a_cloaked_game_does_not_depend_on_hidden_pieces() {
    let g = game(serde_json::json!({"cloaking": "hides", "board": "squares",
        "dimensions": [4, 3, 1],
        "phases": [{"cloaked": ["3,1", "3,2", "3,3", "4,1", "4,2", "4,3"]}],
        "shapes": [{"shape": "circle", "reserves": {"black": 3, "white": 3}},
                   {"shape": "star", "reserves": {"black": 3, "white": 3}}]}));
    let games: [&[&str]; 4] = [
        &["circle 1,1", "circle 2,2", "star 3,1", "circle 4,3"],
        &["circle 1,1", "circle 2,2", "circle 3,3", "circle 4,1"],
        &["circle 1,1", "circle 2,2", "star 4,2", "star 3,2"],
        &["circle 1,1", "circle 2,2", "circle 4,3", "circle 3,1"],
    ];
    let mut pictures = Vec::new();
    let mut seats = Vec::new();
    for turns in games {
        let s = played(&g, turns);
        let view = Shown::from(s.public_view());
        pictures.push(board_png(&g, &view, &options(&g, &view, &[])).unwrap());
        // Together the two seats see every piece, each its own.
        let seat = |n| board_png(&g, &s.player_view(n).into(), &BoardOptions::default());
        seats.push((seat(0).unwrap(), seat(1).unwrap()));
    }
    for p in &pictures[1..] {
        assert!(p == &pictures[0], "public pictures are byte-identical");
    }
    for t in &seats[1..] {
        assert!(t != &seats[0], "the hidden pieces really differ");
    }
    check("cloaked_public", &pictures[0]);
}

#[test]
fn a_picture_is_a_png_of_a_sensible_size() {
    let g = catalogue_game("Tic-Tac-Toe");
    let s = g.start();
    let png = board_png(&g, &s.public_view().into(), &BoardOptions::default()).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let p = Pixmap::decode_png(&png).unwrap();
    assert!((150..=800).contains(&p.width()), "{}", p.width());
    // The cell size asked for is kept.
    let big = BoardOptions {
        cell_size: 100,
        ..BoardOptions::default()
    };
    let p = Pixmap::decode_png(&board_png(&g, &s.public_view().into(), &big).unwrap()).unwrap();
    assert!(p.width() >= 300, "{}", p.width());
}

/// Sticky spaces are dotted, with a note under the board.
#[test]
fn sticky_spaces_are_dotted() {
    let g = game(
        serde_json::json!({"board": "squares", "dimensions": [4, 3, 1],
        "sticky": ["2,2", "3,2", "4,1"],
        "shapes": [{"reserves": {"black": 5, "white": 5}}]}),
    );
    let s = played(&g, &["2,2", "1,1"]);
    let svg = board_svg(&g, &s.public_view().into(), &BoardOptions::default());
    assert_eq!(svg.matches("url(#sticky)").count(), 3);
    assert!(svg.contains("sticky: a piece there cannot leave"));
    check_state("marker_sticky", &s, &[]);
}

/// Exclusive spaces are hatched in their seats' colours.
#[test]
fn exclusive_spaces_are_hatched_in_the_owners_colours() {
    let g = game(serde_json::json!({"players": "four", "board": "squares",
        "dimensions": [5, 3, 1],
        "exclusive": [{"seats": ["2"], "spaces": ["1,3", "2,3"]},
                      {"seats": ["1", "3"], "spaces": ["4,1", "5,1"]}],
        "shapes": [{"reserves": {"black": 3, "white": 3, "pink": 3, "yellow": 3}}]}));
    let s = played(&g, &["4,1", "1,3"]);
    let svg = board_svg(&g, &s.public_view().into(), &BoardOptions::default());
    assert_eq!(svg.matches("url(#excl").count(), 4);
    assert!(svg.contains("only Player 2 may enter or leave"), "{svg}");
    assert!(svg.contains("only Player 1 and Player 3 may enter or leave"));
    check_state("marker_exclusive", &s, &[]);
}

/// Where pieces move, each seat's goal edge is marked in its colour and
/// named under the board.
#[test]
fn goals_are_marked_on_their_edges() {
    let g = game(
        serde_json::json!({"board": "squares", "dimensions": [4, 4, 1],
        "shapes": [{"shape": "triangle", "movement": ["forward_orth"],
                    "reserves": {"black": 4, "white": 4}}]}),
    );
    let s = played(&g, &["1,1", "4,4"]);
    let svg = board_svg(&g, &s.public_view().into(), &BoardOptions::default());
    assert!(
        svg.contains("Goals: Player 1 top (y=4), Player 2 bottom (y=1)"),
        "{svg}"
    );
    check_state("marker_goals", &s, &[]);
    // Four players on a hash board: one edge each.
    let g = game(serde_json::json!({"players": "four", "board": "squares",
        "dimensions": [5, 5, 1],
        "shapes": [{"shape": "circle", "movement": ["adjacent_no_back"],
                    "reserves": {"black": 2, "white": 2, "pink": 2, "yellow": 2}}]}));
    let svg = board_svg(
        &g,
        &g.start().public_view().into(),
        &BoardOptions::default(),
    );
    assert!(svg.contains("Player 4 right (x=5)"), "{svg}");
    check_state("marker_goals_four", &g.start(), &[]);
    // Placement-only games mark no goals, nor do moves that ignore them.
    let adjacent = game(
        serde_json::json!({"board": "squares", "dimensions": [4, 4, 1],
        "shapes": [{"shape": "circle", "movement": ["adjacent"],
                    "reserves": {"black": 4, "white": 4}}]}),
    );
    for g in [catalogue_game("Tic-Tac-Toe"), adjacent] {
        let svg = board_svg(
            &g,
            &g.start().public_view().into(),
            &BoardOptions::default(),
        );
        assert!(!svg.contains("Goals:"), "{}", g.rules.name);
    }
}

/// The caption's reserves: a player sees its own by shape, the others' as
/// counts only when the view holds them; under cloaking it holds none.
#[test]
fn reserves_in_the_caption() {
    let rules = |cloaked: bool| {
        let mut j = serde_json::json!({"board": "squares", "dimensions": [4, 3, 1],
            "shapes": [{"shape": "circle", "reserves": {"black": 3, "white": 3}},
                       {"shape": "star", "reserves": {"black": 2, "white": 2}}]});
        if cloaked {
            j["cloaking"] = "hides".into();
            j["phases"] = serde_json::json!([{"cloaked": ["4,1", "4,2", "4,3"]}]);
        }
        game(j)
    };
    let g = rules(false);
    let s = played(&g, &["star 1,1", "circle 2,2"]);
    let view = Shown::from(s.player_view(0));
    let svg = board_svg(&g, &view, &options(&g, &view, &[]));
    assert!(svg.contains(">Reserves:<"));
    assert!(svg.contains("white \u{d7}4"), "white's count: {svg}");
    check(
        "marker_reserves_open",
        &board_png(&g, &view, &options(&g, &view, &[])).unwrap(),
    );
    let g = rules(true);
    let s = played(&g, &["star 1,1", "circle 2,2"]);
    let view = Shown::from(s.player_view(0));
    let svg = board_svg(&g, &view, &options(&g, &view, &[]));
    assert!(svg.contains(">Reserves:<"));
    assert!(!svg.contains("white \u{d7}"), "white's reserves are secret");
    check(
        "marker_reserves_cloaked",
        &board_png(&g, &view, &options(&g, &view, &[])).unwrap(),
    );
    // Without a caption, or when asked, no reserves are drawn.
    let plain = BoardOptions {
        reserves: false,
        ..options(&g, &view, &[])
    };
    assert!(!board_svg(&g, &view, &plain).contains("Reserves:"));
}

fn leader(rank: Option<u32>, name: &str, rating: i32, held_for: &str, burst: i32) -> LeaderRow {
    LeaderRow {
        rank,
        name: name.to_string(),
        rating,
        provisional: false,
        held_for: held_for.to_string(),
        top_burst: burst,
        highlight: false,
    }
}

fn provisional(row: LeaderRow) -> LeaderRow {
    LeaderRow {
        provisional: true,
        ..row
    }
}

fn sample_card() -> LeaderboardCard {
    let mut me = provisional(leader(Some(17), "you (@quiet-one)", 498, "2 days", 530));
    me.highlight = true;
    LeaderboardCard {
        title: "Leaderboard: Tic-Tac-Toe".to_string(),
        rows: vec![
            leader(Some(1), "Ada <the & great>", 1843, "12 days", 1901),
            leader(Some(2), "bob", 1710, "3 hours", 1755),
            leader(
                None,
                "Standard player (plays the book, no lookahead)",
                1600,
                "",
                1600,
            ),
            provisional(leader(Some(3), "carol", 1052, "1 day", 1040)),
            leader(None, "\u{2026}", 0, "", 0),
            me,
            leader(None, "Random", 1000, "", 1000),
        ],
    }
}

#[test]
fn leaderboard_card() {
    let card = sample_card();
    let svg = leaderboard_svg(&card);
    assert!(
        svg.contains("Ada &lt;the &amp; great&gt;"),
        "names are escaped"
    );
    assert!(svg.contains("(held for 12 days)"));
    assert!(svg.contains("#fff1b8"), "the asker's row is highlighted");
    assert!(svg.contains("\u{2026}<"), "long names are cut");
    assert!(
        svg.contains(">1052?<"),
        "a provisional rating is marked: {svg}"
    );
    assert!(svg.contains(">1843<"), "a firm one is not");
    assert!(svg.contains("? provisional"), "and the mark is explained");
    check("leaderboard", &leaderboard_png(&card).unwrap());
    let empty = LeaderboardCard {
        title: "Leaderboard: nothing yet".to_string(),
        rows: Vec::new(),
    };
    assert!(!leaderboard_svg(&empty).contains("provisional"));
    check("leaderboard_empty", &leaderboard_png(&empty).unwrap());
}

const DAY: i64 = 86_400;
const MINUTE: i64 = 60;

/// A line of ratings at the given times; the first `provisional` points
/// are provisional.
fn line(name: &str, times: &[i64], ratings: &[i32], provisional: usize) -> RatingSeries {
    assert_eq!(times.len(), ratings.len());
    RatingSeries {
        name: name.to_string(),
        points: times
            .iter()
            .zip(ratings)
            .enumerate()
            .map(|(i, (&at, &rating))| ChartPoint {
                at,
                rating,
                provisional: i < provisional,
            })
            .collect(),
    }
}

/// A player's first week: twelve matches of Tic-Tac-Toe on the first
/// morning, 20 minutes apart, then one a day; Connect4 on two days in
/// between; one match of Qubic reviewing.
fn sample_series() -> Vec<RatingSeries> {
    let start = 1_795_392_000 + 9 * 3_600; // 2026-11-23 09:00 UTC
    let morning: Vec<i64> = (0..13).map(|i| start + i.max(1) * 20 * MINUTE).collect();
    let days: Vec<i64> = (1..=5).map(|d| start + d * DAY + 3 * 3_600).collect();
    let ttt_times: Vec<i64> = morning.iter().chain(&days).copied().collect();
    let ttt = [
        0, 344, 112, 437, 228, 532, 640, 450, 713, 820, 700, 880, 960, 1010, 940, 1080, 1150, 1120,
    ];
    let c4_times: Vec<i64> = [0, 0, 15, 40, 70]
        .iter()
        .map(|m| start + DAY + 6 * 3_600 + m * MINUTE)
        .chain(
            [0, 30]
                .iter()
                .map(|m| start + 3 * DAY + 8 * 3_600 + m * MINUTE),
        )
        .collect();
    let c4 = [0, -183, 90, -40, 210, 330, 280];
    let qubic_times = [start + 4 * DAY + 14 * 3_600; 2];
    vec![
        line("Tic-Tac-Toe", &ttt_times, &ttt, 11),
        line("Connect4", &c4_times, &c4, 7),
        line("Qubic (R)", &qubic_times, &[0, 344], 2),
    ]
}

#[test]
fn rating_chart() {
    let series = sample_series();
    let svg = rating_chart_svg("Rating History of ada", &series).unwrap();
    for day in ["2026-11-23", "2026-11-24", "2026-11-25"] {
        assert!(svg.contains(day), "{day} begins a day: {svg}");
    }
    assert!(
        svg.contains("provisional rating"),
        "the hollow dot is explained"
    );
    assert!(!svg.contains("sans-serif"), "the embedded font is named");
    check(
        "rating_chart",
        &rating_chart_png("Rating History of ada", &series).unwrap(),
    );
    // One player, one point: still a chart.
    let one = [line("ada", &[1_795_392_000], &[1500], 0)];
    let svg = rating_chart_svg("ada", &one).unwrap();
    assert!(
        !svg.contains("provisional"),
        "nothing provisional to explain"
    );
    check("rating_chart_one", &rating_chart_png("ada", &one).unwrap());
    assert!(rating_chart_png("nobody", &[]).is_ok());
}

/// Cards and charts are pure functions of their input: the same bytes.
#[test]
fn cards_and_charts_are_deterministic() {
    let card = sample_card();
    assert_eq!(
        leaderboard_png(&card).unwrap(),
        leaderboard_png(&card.clone()).unwrap()
    );
    let series = sample_series();
    let a = rating_chart_png("t", &series).unwrap();
    let b = rating_chart_png("t", &series.clone()).unwrap();
    assert_eq!(a, b);
    let other = rating_chart_png("t", &series[..2]).unwrap();
    assert_ne!(a, other, "and they depend on it");
}

/// Goals on hexagons and on tetrakis squares, four players each.
#[test]
fn goals_on_hexagons_and_triangles() {
    for (board, dims, name) in [
        ("hexagons", [5, 4, 1], "marker_goals_hexagons"),
        ("tetrakis_squares", [3, 3, 1], "marker_goals_tetrakis"),
    ] {
        let g = game(serde_json::json!({"players": "four", "board": board,
            "dimensions": dims,
            "shapes": [{"shape": "circle", "movement": ["adjacent_no_back"],
                        "reserves": {"black": 2, "white": 2, "pink": 2, "yellow": 2}}]}));
        let svg = board_svg(
            &g,
            &g.start().public_view().into(),
            &BoardOptions::default(),
        );
        assert!(svg.contains("Goals: Player 1 top"), "{svg}");
        check_state(name, &g.start(), &[]);
    }
}

/// A blocked attempt: white ran into black's hidden circle, which its view
/// now shows, marked; the spectator's picture shows neither.
#[test]
fn marker_revealed_by_a_blocked_attempt() {
    let g = game(
        serde_json::json!({"cloaking": "hides", "phases": [{"cloaked": ["all"]}],
        "shapes": [{"reserves": {"black": 2, "white": 2}}]}),
    );
    let s = played(&g, &["2,2", "2,2"]);
    let view = Shown::from(s.player_view(1));
    assert_eq!(view.marked(), [cell(&g, 1, 2, 2, 1)]);
    let svg = board_svg(&g, &view, &options(&g, &view, &[]));
    assert!(svg.contains("#f08c00"), "the mark is drawn");
    check(
        "marker_revealed",
        &board_png(&g, &view, &options(&g, &view, &[])).unwrap(),
    );
    let public = Shown::from(s.public_view());
    assert!(public.marked().is_empty());
    assert!(!board_svg(&g, &public, &options(&g, &public, &[])).contains("#f08c00"));
}

/// A capture pending: the piece whose chain of jumps is open is marked for
/// everyone who sees it.
#[test]
fn marker_pending_chain_jump() {
    let g = game(
        serde_json::json!({"board": "squares", "dimensions": [6, 1, 1],
        "phases": [{"pass": true}],
        "initial": [{"at": "1,1", "color": "black"}, {"at": "2,1", "color": "white"},
            {"at": "4,1", "color": "white"}],
        "shapes": [{"power": "can", "capture": "chain_jump", "result": "remove",
            "movement": ["adj_orthogonal"], "reserves": {"black": 0, "white": 0}}]}),
    );
    let s = played(&g, &["1,1-3,1"]);
    let view = Shown::from(s.public_view());
    assert_eq!(
        view.marked(),
        [cell(&g, 1, 3, 1, 1)],
        "black may jump again from (3,1)"
    );
    check(
        "marker_chain",
        &board_png(&g, &view, &options(&g, &view, &[])).unwrap(),
    );
}
