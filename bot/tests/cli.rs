//! The command line as scripts use it: exit codes, one problem per line, JSON.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the binary without any database (it reads the catalogue), whatever
/// `DATABASE_URL` or a `.env` file says.
fn redscience(args: &[&str]) -> Output {
    let absent = std::env::temp_dir().join("redscience-cli-absent/none.db");
    Command::new(env!("CARGO_BIN_EXE_redscience"))
        .args(args)
        .env("DATABASE_URL", format!("sqlite:{}", absent.display()))
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(o)))
}

/// Writes `text` to `name` in this process's directory; tests running at
/// the same time must use names of their own.
fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("redscience-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn games_lists_the_whole_catalogue() {
    let out = redscience(&["games"]);
    assert!(out.status.success());
    let text = stdout(&out);
    for name in redscience_engine::catalogue::names() {
        assert!(
            text.lines().any(|l| l.starts_with(name)),
            "{name} missing from:\n{text}"
        );
    }
}

#[test]
fn replay_reports_a_win_as_json() {
    let out = redscience(&[
        "replay",
        "Tic-Tac-Toe",
        "1,1",
        "1,2",
        "2,2",
        "1,3",
        "3,3",
        "--json",
    ]);
    assert!(out.status.success());
    let v = json(&out);
    assert_eq!(v["status"], "finished");
    assert_eq!(v["results"], serde_json::json!(["win", "loss"]));
    assert_eq!(v["moves"][0], "Black circle to (1,1)");
    assert!(v.get("next").is_none());
    let why = "Player 1 (black) made 3 in a row from (1,1) to (3,3). \
               First 3-same-color-in-a-row wins.";
    assert_eq!(v["reason"], why);
    assert_eq!(v["explanation"], serde_json::json!([why]));
    assert_eq!(
        v["deciding_cells"],
        serde_json::json!(["(1,1)", "(2,2)", "(3,3)"])
    );
    let text = stdout(&redscience(&[
        "replay",
        "Tic-Tac-Toe",
        "1,1",
        "1,2",
        "2,2",
        "1,3",
        "3,3",
    ]));
    assert!(
        text.ends_with(&format!("Result: Victory: Player 1 (black)\n  {why}\n")),
        "{text}"
    );
}

#[test]
fn replay_names_the_first_illegal_move_and_exits_2() {
    let out = redscience(&["replay", "Tic-Tac-Toe", "2,2", "b2", "1,1", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let v = json(&out);
    assert_eq!(v["status"], "ongoing");
    assert_eq!(v["next"], 2);
    assert_eq!(v["rejected"]["index"], 1);
    assert!(
        v["rejected"]["reason"]
            .as_str()
            .unwrap()
            .contains("occupied"),
        "{v}"
    );
    assert_eq!(v["moves"].as_array().unwrap().len(), 1);
}

#[test]
fn replay_plays_two_stone_turns_and_stacks() {
    let out = redscience(&["replay", "Connect6-19x19", "1,1+1,2", "5,5+6,6", "--json"]);
    assert!(out.status.success(), "{}", stdout(&out));
    let v = json(&out);
    assert_eq!(v["moves"].as_array().unwrap().len(), 4);
    assert_eq!(v["next"], 1);
    let out = redscience(&["replay", "Connect4", "4", "4", "--json"]);
    assert_eq!(json(&out)["moves"][1], "White circle to stack 4");
}

/// For scripts comparing with another engine (bench/differential.py): the
/// legal moves before each given move, and each ply as a decision ("d"),
/// a move played for a seat with one choice ("a") or a pass ("p").
#[test]
fn replay_json_counts_the_legal_moves_and_the_forced_plies() {
    // Black's man steps; white offers it a jump, which is its only move.
    let out = redscience(&["replay", "Draughts", "3,3-4,4", "6,6-5,5", "--json"]);
    assert!(out.status.success(), "{}", stdout(&out));
    let v = json(&out);
    assert_eq!(v["legal"], serde_json::json!([7, 7]), "{v}");
    assert_eq!(v["plies"], "dda", "{v}");
    assert!(
        v["moves"][2].as_str().unwrap().ends_with("jumping (5,5)"),
        "{v}"
    );
}

#[test]
fn replay_text_shows_the_board_and_whose_turn() {
    let out = redscience(&["replay", "Tic-Tac-Toe", "2,2"]);
    let text = stdout(&out);
    assert!(
        text.contains("1. Player 1: Black circle to (2,2)"),
        "{text}"
    );
    assert!(text.contains("Next: Player 2 (white)"), "{text}");
}

#[test]
fn unknown_games_list_the_known_ones() {
    let out = redscience(&["replay", "No-Such-Game", "1,1"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("Tic-Tac-Toe") && err.contains("No-Such-Game"),
        "{err}"
    );
}

#[test]
fn export_then_check_and_replay_from_the_file() {
    let path = temp_file("qubic.json", "");
    let out = redscience(&["game", "Qubic-4", "-e", path.to_str().unwrap()]);
    assert!(out.status.success());
    let check = redscience(&["rules", "check", path.to_str().unwrap()]);
    assert!(check.status.success(), "{}", stdout(&check));
    assert!(stdout(&check).contains("Qubic-4 is valid"));
    let out = redscience(&["replay", path.to_str().unwrap(), "1,1,1", "--json"]);
    assert_eq!(json(&out)["moves"][0], "Black circle to (1,1,1)");
}

#[test]
fn bad_rule_set_files_give_one_problem_per_line_naming_the_field() {
    let cases = [
        (
            "truncated.json",
            r#"{"schema_version": 1, "name": "Half"#,
            "ends too early",
        ),
        (
            "unknown.json",
            r#"{"schema_version": 1, "name": "U", "colour": "black"}"#,
            "colour",
        ),
        (
            "badenum.json",
            r#"{"schema_version": 1, "name": "E", "board": "circles"}"#,
            "board",
        ),
        (
            "badtype.json",
            r#"{"schema_version": 1, "name": "T", "dimensions": [3, 3]}"#,
            "dimensions",
        ),
    ];
    for (file, text, field) in cases {
        let path = temp_file(file, text);
        let out = redscience(&["rules", "check", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1), "{file}: {}", stdout(&out));
        let text = stdout(&out);
        assert!(text.lines().all(|l| l.contains(": ")), "{file}: {text}");
        assert!(text.contains(field), "{file} should name {field}: {text}");
    }
    // Several impossible values: every one is reported, each on its own line.
    let path = temp_file(
        "impossible.json",
        r#"{"schema_version": 1, "name": "bad name", "board": "stacks", "dimensions": [7, 1, 1], "pieces_per_turn": 7}"#,
    );
    let out = redscience(&["rules", "check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    for field in ["name", "dimensions", "pieces_per_turn"] {
        assert!(
            text.lines().any(|l| l.starts_with(field)),
            "{field} missing from:\n{text}"
        );
    }
}

#[test]
fn play_in_the_terminal_with_quit_undo_and_new() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_redscience"))
        .args(["play", "Tic-Tac-Toe", "--seed", "7"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"9,9\n2,2\nz\nn\nq\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("off the board"), "{text}");
    assert!(text.contains("Undone."), "{text}");
    assert_eq!(
        text.matches("Players:").count(),
        2,
        "n starts a new game: {text}"
    );
    assert!(text.contains("What's your move? ('#,#' or q/z/n for quit/undo/new game)"));
}

#[test]
fn a_turn_with_too_many_moves_is_refused_whole() {
    let out = redscience(&["replay", "Tic-Tac-Toe", "1,1+2,2", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let v = json(&out);
    assert!(
        v["rejected"]["reason"]
            .as_str()
            .unwrap()
            .contains("this turn takes only 1"),
        "{v}"
    );
    assert_eq!(
        v["moves"].as_array().unwrap().len(),
        0,
        "nothing of the turn was applied"
    );
    let out = redscience(&["replay", "Connect6-19x19", "1,1+1,1", "--json"]);
    let v = json(&out);
    assert!(
        v["rejected"]["reason"]
            .as_str()
            .unwrap()
            .contains("occupied"),
        "{v}"
    );
    assert_eq!(
        v["moves"].as_array().unwrap().len(),
        0,
        "the first stone was not kept"
    );
}

#[test]
fn replay_shows_a_seats_view_or_the_public_one_instead_of_the_truth() {
    let path = temp_file(
        "hidden.json",
        r#"{"schema_version": 1, "name": "HiddenTTT", "cloaking": "hides", "phases": [{"cloaked": ["all"]}]}"#,
    );
    let file = path.to_str().unwrap();
    let truth = json(&redscience(&["replay", file, "2,2", "1,1", "--json"]));
    assert_eq!(truth["moves"][0], "Black circle to (2,2)");
    let white = json(&redscience(&[
        "replay", file, "2,2", "1,1", "--view", "2", "--json",
    ]));
    assert_eq!(white["view"], "2");
    assert_eq!(
        white["moves"][0],
        "(played privately: you cannot see what, or how many moves)"
    );
    assert_eq!(white["moves"][1], "White circle to (1,1)");
    let board = white["board"].as_array().unwrap();
    assert!(
        board
            .iter()
            .all(|row| !row.as_str().unwrap().contains("Bo")),
        "{board:?}"
    );
    assert!(
        board.iter().any(|row| row.as_str().unwrap().contains("Wo")),
        "{board:?}"
    );
    let public = json(&redscience(&[
        "replay", file, "2,2", "1,1", "--view", "public", "--json",
    ]));
    let rows = public["board"].as_array().unwrap();
    assert!(
        rows.iter()
            .all(|r| !r.as_str().unwrap().contains("Bo") && !r.as_str().unwrap().contains("Wo")),
        "{rows:?}"
    );
    assert_eq!(
        public["moves"][1],
        "(played privately: you cannot see what, or how many moves)"
    );
    let bad = redscience(&["replay", file, "2,2", "--view", "7"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("seat number from 1 to 2"));
}

#[test]
fn suggest_prints_a_move_that_replays_and_takes_a_win() {
    // Black has (1,1) and (2,1); the search takes (3,1).
    let out = redscience(&[
        "suggest",
        "Tic-Tac-Toe",
        "1,1",
        "1,3",
        "2,1",
        "2,3",
        "--ai",
        "mcts:2000",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout(&out).trim(), "3,1");
    let random = redscience(&["suggest", "Connect4", "4", "--ai", "random", "--seed", "5"]);
    let mv = stdout(&random).trim().to_string();
    let replay = redscience(&["replay", "Connect4", "4", &mv, "--json"]);
    assert_eq!(json(&replay)["status"], "ongoing", "{mv}");
    let bad = redscience(&["suggest", "Tic-Tac-Toe", "--ai", "genius"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("random, sp, easy, medium, hard"));
    // The difficulty levels and the standard player take the win too.
    for level in ["easy", "medium", "hard", "sp"] {
        let out = redscience(&[
            "suggest",
            "Tic-Tac-Toe",
            "1,1",
            "1,3",
            "2,1",
            "2,3",
            "--ai",
            level,
        ]);
        assert_eq!(stdout(&out).trim(), "3,1", "{level}");
    }
}

#[test]
fn ai_match_reports_results_as_json() {
    let out = redscience(&[
        "ai-match",
        "Tic-Tac-Toe",
        "--a",
        "mcts:300",
        "--b",
        "random",
        "--games",
        "10",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["games"], 10);
    let (w, l, d) = (
        v["a_wins"].as_u64().unwrap(),
        v["a_losses"].as_u64().unwrap(),
        v["draws"].as_u64().unwrap(),
    );
    assert_eq!(w + l + d, 10);
    assert!(w >= 6 && l <= 2, "the search beats Random: {v}");
    assert!(v["a_score_low"].as_f64().unwrap() <= v["a_score"].as_f64().unwrap());
}

#[test]
fn bench_playouts_reports_rates_as_json() {
    let out = redscience(&[
        "bench",
        "playouts",
        "Tic-Tac-Toe",
        "Connect4",
        "--seconds",
        "0.05",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1]["game"], "Connect4");
    for row in rows {
        assert!(row["games_per_second"].as_f64().unwrap() > 0.0, "{row}");
        assert!(
            row["moves_per_second"].as_f64().unwrap() > row["games_per_second"].as_f64().unwrap()
        );
        // Counted, not made up: more than a pointer to the game, and far
        // below a megabyte for boards of 9 and 42 cells.
        let bytes = row["bytes_per_state"].as_f64().unwrap();
        assert!(bytes > 8.0 && bytes < 1e6, "{row}");
    }
    // A game of Tic-Tac-Toe lasts 5 to 9 moves; of Connect4, 7 to 42.
    let length = |row: &serde_json::Value| row["moves_per_game"].as_f64().unwrap();
    assert!((5.0..=9.0).contains(&length(&rows[0])), "{}", rows[0]);
    assert!((7.0..=42.0).contains(&length(&rows[1])), "{}", rows[1]);
    let bad = redscience(&["bench", "playouts", "--seconds", "0"]);
    assert!(!bad.status.success());
}

#[test]
fn perft_counts_tic_tac_toe_by_depth_and_refuses_bad_depths() {
    let out = redscience(&["perft", "Tic-Tac-Toe", "3", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["game"], "Tic-Tac-Toe");
    // 9, 9*8 and 9*8*7 move orders; positions: 9, 9*8, C(9,2)*7.
    let column = |key: &str| -> Vec<u64> {
        v["counts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c[key].as_u64().unwrap())
            .collect()
    };
    assert_eq!(column("sequences"), [9, 72, 504]);
    assert_eq!(column("positions"), [9, 72, 252]);
    assert_eq!(column("depth"), [1, 2, 3]);
    // The ninth placement is the only move left: the engine's, no decision.
    let text = stdout(&redscience(&[
        "perft",
        "Tic-Tac-Toe",
        "9",
        "--sequences-only",
    ]));
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().take(3).eq(["9", "0", "-"])),
        "{text}"
    );
    assert!(
        text.contains("is not one") && text.contains("No game reaches decision 9"),
        "{text}"
    );
    let text = stdout(&redscience(&["perft", "Connect4", "2", "--sequences-only"]));
    assert!(!text.contains("No game reaches"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().take(3).eq(["2", "49", "-"])),
        "{text}"
    );
    for (depth, says) in [
        ("0", "from 1 to 30"),
        ("two", "not \"two\""),
        ("31", "at most 30"),
    ] {
        let bad = redscience(&["perft", "Tic-Tac-Toe", depth]);
        assert!(!bad.status.success());
        let err = String::from_utf8_lossy(&bad.stderr);
        assert!(
            err.contains(says) && err.contains("redscience perft Tic-Tac-Toe 5"),
            "{err}"
        );
    }
    let unknown = redscience(&["perft", "Connect5", "2"]);
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("Connect4"));
}

#[test]
fn bench_playouts_lists_every_catalogue_game() {
    let out = redscience(&["bench", "playouts", "--list"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let names: Vec<&str> = text.lines().collect();
    // The 46 files of engine/catalogue/, one name a line.
    assert_eq!(names.len(), 46, "{text}");
    for name in [
        "Tic-Tac-Toe",
        "Reversi",
        "Hex",
        "Connect6-19x19",
        "KBeauty9",
        "3P-TrolleyDilemma",
    ] {
        assert!(names.contains(&name), "{name} missing from {text}");
    }
}

#[test]
fn render_writes_a_picture_of_what_a_viewer_sees() {
    let dir = std::env::temp_dir().join(format!("redscience-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rules = temp_file(
        "render-hidden.json",
        r#"{"schema_version": 1, "name": "Hidden", "cloaking": "hides", "phases": [{"cloaked": ["all"]}]}"#,
    );
    let draw = |moves: &[&str], view: &str, name: &str| {
        let out = dir.join(name);
        let mut args = vec!["render", rules.to_str().unwrap()];
        args.extend_from_slice(moves);
        args.extend_from_slice(&["--view", view, "--out", out.to_str().unwrap()]);
        let o = redscience(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        std::fs::read(out).unwrap()
    };
    let a = draw(&["1,1"], "public", "a.png");
    let b = draw(&["3,3"], "public", "b.png");
    assert_eq!(&a[..4], b"\x89PNG");
    assert_eq!(
        a, b,
        "the public picture does not depend on the hidden piece"
    );
    let own_a = draw(&["1,1"], "1", "own-a.png");
    let own_b = draw(&["3,3"], "1", "own-b.png");
    assert_ne!(own_a, own_b, "black sees where it played");
    let bad = redscience(&[
        "render",
        "Tic-Tac-Toe",
        "--view",
        "7",
        "--out",
        dir.join("x.png").to_str().unwrap(),
    ]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--view"));
}

#[test]
fn ai_match_in_one_seat_compares_with_random_in_that_seat() {
    // Tic-Tac-Toe against Random: the search in one seat scores well above
    // what Random scores in the same seat against Random.
    let out = redscience(&[
        "ai-match",
        "Tic-Tac-Toe",
        "--a",
        "mcts:300",
        "--b",
        "random",
        "--games",
        "20",
        "--one-seat",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["mode"], "one-seat");
    let (w, l, d) = (
        v["a_wins"].as_u64().unwrap(),
        v["a_losses"].as_u64().unwrap(),
        v["draws"].as_u64().unwrap(),
    );
    assert_eq!(w + l + d, 20);
    let (score, baseline, advantage) = (
        v["a_score"].as_f64().unwrap(),
        v["baseline_score"].as_f64().unwrap(),
        v["advantage"].as_f64().unwrap(),
    );
    assert!((score - baseline - advantage).abs() < 1e-9, "{v}");
    assert!(
        advantage > 0.2,
        "the search does better than Random in its seat: {v}"
    );
    assert!(v["advantage_low"].as_f64().unwrap() <= advantage);
    assert!(advantage <= v["advantage_high"].as_f64().unwrap());
}

/// `serve` with only the settings given (the transports' others removed).
#[cfg(any(feature = "matrix", feature = "discord"))]
fn serve(matrix: &[(&str, &str)]) -> Output {
    let dir = std::env::temp_dir().join(format!("redscience-cli-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_redscience"));
    command.arg("serve").current_dir(&dir);
    for name in [
        "MATRIX_HOMESERVER",
        "MATRIX_USER",
        "MATRIX_PASSWORD",
        "MATRIX_ACCESS_TOKEN",
        "MATRIX_PREFIX",
        "DISCORD_TOKEN",
        "DISCORD_APPLICATION_ID",
        "DISCORD_PUBLIC_KEY",
        "DISCORD_INTERACTIONS_ADDR",
        "DISCORD_API_BASE",
        "DISCORD_SHARDS",
    ] {
        command.env_remove(name);
    }
    for (name, value) in matrix {
        command.env(name, value);
    }
    command.output().expect("the binary runs")
}

#[cfg(feature = "matrix")]
#[test]
fn serve_says_when_no_transport_is_configured_or_a_setting_is_missing() {
    let none = serve(&[]);
    assert_eq!(none.status.code(), Some(1));
    let said = String::from_utf8_lossy(&none.stderr);
    assert!(
        said.contains("no chat transport is configured") && said.contains("MATRIX_HOMESERVER"),
        "{said}"
    );
    let half = serve(&[
        ("MATRIX_HOMESERVER", "http://127.0.0.1:9"),
        ("MATRIX_USER", "@bot:localhost"),
    ]);
    assert_eq!(half.status.code(), Some(1));
    let said = String::from_utf8_lossy(&half.stderr);
    assert!(said.contains("MATRIX_PASSWORD"), "{said}");
}

#[cfg(feature = "discord")]
#[test]
fn serve_says_which_discord_setting_is_missing_or_wrong() {
    let none = serve(&[]);
    let said = String::from_utf8_lossy(&none.stderr);
    assert!(said.contains("DISCORD_TOKEN"), "{said}");
    let no_id = serve(&[("DISCORD_TOKEN", "t")]);
    assert_eq!(no_id.status.code(), Some(1));
    let said = String::from_utf8_lossy(&no_id.stderr);
    assert!(said.contains("DISCORD_APPLICATION_ID"), "{said}");
    let no_key = serve(&[
        ("DISCORD_TOKEN", "t"),
        ("DISCORD_APPLICATION_ID", "42"),
        ("DISCORD_INTERACTIONS_ADDR", "127.0.0.1:9"),
    ]);
    let said = String::from_utf8_lossy(&no_key.stderr);
    assert!(said.contains("DISCORD_PUBLIC_KEY"), "{said}");
}

#[test]
fn output_cut_short_by_a_closed_pipe_ends_quietly() {
    let file = temp_file(
        "pipe-c4.json",
        &redscience_engine::catalogue::get("Connect4")
            .unwrap()
            .to_json(),
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_redscience"))
        .args(["rules", "check", file.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Read nothing and close the pipe, as `| head -0` would.
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("it ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(!err.contains("Broken pipe"), "{err}");
}

#[test]
fn a_rule_set_file_named_as_a_game_is_described() {
    let file = temp_file(
        "described-c4.json",
        &redscience_engine::catalogue::get("Connect4")
            .unwrap()
            .to_json(),
    );
    let out = redscience(&["game", file.to_str().unwrap()]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    assert!(text.contains("Connect4 is valid"), "{text}");
    assert!(text.contains("Played on 7x1x6 stacks"), "{text}");
    let misspelt = redscience(&["game", "Conect4"]);
    let err = String::from_utf8_lossy(&misspelt.stderr);
    assert!(err.contains("Did you mean `Connect4`?"), "{err}");
}
