//! Random matches of every catalogue game against traces recorded from the
//! engine before issue 22's rewrite (`tests/golden/traces.txt`): the
//! differential test of the new engine against the old one.
//!
//! Each match starts from `Game::start_seeded(seed)`, and each decision is
//! drawn by a seeded Xoshiro256++ from the legal moves sorted (draw talk
//! left out), so the choice does not depend on the order the engine
//! generates moves in. A trace records, per decision, how many moves were
//! legal and a hash of their sorted list; and at the end each seat's
//! result, a hash of each seat's view and of the public view, and a hash
//! of the outcome's explanation.
//!
//! `UPDATE_GOLDEN=1 cargo test -p redscience-engine --test traces` records
//! the traces anew; do that only when a rule is meant to change.

mod common;

use std::fmt::Write;
use std::sync::Arc;

use common::{catalogue_games, data_lines, read_golden, updating, write_golden};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, SeedableRng};
use redscience_engine::game::{GameState, Seen, View};
use redscience_engine::{Game, Move, SeatResult, State};

const GOLDEN: &str = "traces.txt";

/// Matches per game, with seeds 1 to `MATCHES`.
const MATCHES: u64 = 20;

/// A match is cut off after this many decisions (and the trace says so).
const DECISION_CAP: usize = 2000;

// ---- Stable hashing ------------------------------------------------------

/// FNV-1a, 64 bits: written here so the hashes stay the same whatever the
/// standard library's hashers do.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn u16(&mut self, n: u16) {
        self.bytes(&n.to_le_bytes());
    }

    fn byte(&mut self, b: u8) {
        self.bytes(&[b]);
    }
}

fn hash_move(h: &mut Fnv, mv: Move) {
    match mv {
        Move::Pass => h.byte(0),
        Move::OfferDraw => h.byte(1),
        Move::AgreeDraw => h.byte(2),
        Move::RefuseDraw => h.byte(3),
        Move::Place { color, shape, to } => {
            h.bytes(&[4, color.index() as u8, shape.index() as u8]);
            h.u16(to);
        }
        Move::Step { from, to } => {
            h.byte(5);
            h.u16(from);
            h.u16(to);
        }
        Move::Promote { from, to, shape } => {
            h.byte(6);
            h.u16(from);
            h.u16(to);
            h.byte(shape.index() as u8);
        }
        Move::Roll { face } => h.bytes(&[7, face]),
    }
}

fn hash_moves(moves: &[Move]) -> u64 {
    let mut h = Fnv::new();
    h.u16(moves.len() as u16);
    for &mv in moves {
        hash_move(&mut h, mv);
    }
    h.0
}

// ---- Views as bytes: the one place that reads a view's contents ----------

/// What a view shows, as bytes: who views, each space (what is seen there
/// and whether it is cloaked), the reserves shown, the phase, whose turn,
/// and the spaces pointed out.
fn view_bytes(view: &View) -> Vec<u8> {
    let mut out = vec![view.viewer().map_or(0xff, |v| v as u8)];
    for space in view.spaces() {
        match space.seen {
            Seen::Empty => out.push(0),
            Seen::Wall => out.push(1),
            Seen::Piece(color, shape) => {
                out.extend([2, color.index() as u8, shape.index() as u8]);
            }
            Seen::Obscured(color) => out.extend([3, color.index() as u8]),
        }
        out.push(u8::from(space.cloaked));
    }
    out.extend((view.reserves().len() as u16).to_le_bytes());
    for (color, shape, count) in view.reserves() {
        out.extend([color.index() as u8, shape.index() as u8]);
        out.extend(count.to_le_bytes());
    }
    out.push(view.phase() as u8);
    out.push(view.to_move().map_or(0xff, |s| s as u8));
    out.extend((view.marked().len() as u16).to_le_bytes());
    for cell in view.marked() {
        out.extend(cell.to_le_bytes());
    }
    out
}

fn player_view_bytes(state: &State, seat: usize) -> Vec<u8> {
    view_bytes(&state.player_view(seat))
}

fn public_view_bytes(state: &State) -> Vec<u8> {
    view_bytes(&state.public_view())
}

fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut h = Fnv::new();
    h.bytes(bytes);
    h.0
}

// ---- Traces --------------------------------------------------------------

/// What one seeded random match did.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Trace {
    game: String,
    seed: u64,
    /// Per decision: how many moves were legal (draw talk left out).
    legal_counts: Vec<usize>,
    /// Per decision: the low 16 bits of the hash of the sorted legal moves.
    list_hashes: Vec<u16>,
    /// The hash of every decision's sorted legal moves, in order.
    all_lists: u64,
    /// Whether the match hit `DECISION_CAP` before it ended.
    capped: bool,
    /// Per seat: W, L or D; `-` for each seat of a match not finished.
    results: String,
    /// Hash of each seat's view at the end, then of the public view.
    views: Vec<u64>,
    /// Hash of the outcome's explanation in words (0 when not finished).
    reason: u64,
}

/// Plays the match of `game` from `seed` and records its trace: the one
/// recorder both the comparison and `UPDATE_GOLDEN=1` use.
fn record_match(game: &Arc<Game>, seed: u64) -> Trace {
    let mut state = game.start_seeded(seed);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let (mut legal_counts, mut list_hashes) = (Vec::new(), Vec::new());
    let mut all_lists = Fnv::new();
    while !state.is_terminal() && legal_counts.len() < DECISION_CAP {
        let mut moves: Vec<Move> = state
            .legal()
            .iter()
            .copied()
            .filter(|m| !m.is_draw_talk())
            .collect();
        moves.sort_unstable();
        if moves.is_empty() {
            break;
        }
        let list = hash_moves(&moves);
        all_lists.bytes(&list.to_le_bytes());
        legal_counts.push(moves.len());
        list_hashes.push(list as u16);
        let pick = moves[(rng.next_u64() % moves.len() as u64) as usize];
        state
            .apply(pick)
            .unwrap_or_else(|e| panic!("{} seed {seed}: {pick:?} refused: {e}", game.rules.name));
    }
    let seats = game.seats.len();
    let results = match state.outcome() {
        Some(outcome) => outcome
            .results
            .iter()
            .map(|r| match r {
                SeatResult::Win => 'W',
                SeatResult::Loss => 'L',
                SeatResult::Draw => 'D',
            })
            .collect(),
        None => "-".repeat(seats),
    };
    let mut views: Vec<u64> = (0..seats)
        .map(|seat| hash_bytes(&player_view_bytes(&state, seat)))
        .collect();
    views.push(hash_bytes(&public_view_bytes(&state)));
    let reason = state
        .outcome()
        .map_or(0, |o| hash_bytes(o.reason(game).as_bytes()));
    Trace {
        game: game.rules.name.clone(),
        seed,
        capped: !state.is_terminal() && legal_counts.len() >= DECISION_CAP,
        legal_counts,
        list_hashes,
        all_lists: all_lists.0,
        results,
        views,
        reason,
    }
}

// ---- The golden file: one line per match ---------------------------------

/// Runs of one count shorten to `count*times`: long matches repeat a lot.
fn compress_counts(counts: &[usize]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < counts.len() {
        let run = counts[i..].iter().take_while(|&&c| c == counts[i]).count();
        parts.push(if run > 1 {
            format!("{}*{run}", counts[i])
        } else {
            counts[i].to_string()
        });
        i += run;
    }
    parts.join(",")
}

fn expand_counts(text: &str) -> Option<Vec<usize>> {
    let mut counts = Vec::new();
    for part in text.split(',').filter(|p| !p.is_empty()) {
        match part.split_once('*') {
            Some((count, run)) => {
                let (count, run): (usize, usize) = (count.parse().ok()?, run.parse().ok()?);
                counts.extend(std::iter::repeat_n(count, run));
            }
            None => counts.push(part.parse().ok()?),
        }
    }
    Some(counts)
}

impl Trace {
    /// Tab-separated: game, seed, decisions, `capped` or `ended`, results,
    /// hash of all lists, view hashes, reason hash, legal counts, list hashes.
    fn line(&self) -> String {
        let views: Vec<String> = self.views.iter().map(|h| format!("{h:016x}")).collect();
        let lists: String = self
            .list_hashes
            .iter()
            .map(|h| format!("{h:04x}"))
            .collect();
        format!(
            "{}\t{}\t{}\t{}\t{}\t{:016x}\t{}\t{:016x}\t{}\t{}",
            self.game,
            self.seed,
            self.legal_counts.len(),
            if self.capped { "capped" } else { "ended" },
            self.results,
            self.all_lists,
            views.join(","),
            self.reason,
            compress_counts(&self.legal_counts),
            lists,
        )
    }

    fn parse(line: &str) -> Option<Trace> {
        let f: Vec<&str> = line.split('\t').collect();
        let [
            game,
            seed,
            _,
            capped,
            results,
            all,
            views,
            reason,
            counts,
            lists,
        ] = f[..]
        else {
            return None;
        };
        let hex = |s: &str| u64::from_str_radix(s, 16).ok();
        let list_hashes = (0..lists.len() / 4)
            .map(|i| u16::from_str_radix(&lists[4 * i..4 * i + 4], 16).ok())
            .collect::<Option<Vec<u16>>>()?;
        Some(Trace {
            game: game.to_string(),
            seed: seed.parse().ok()?,
            legal_counts: expand_counts(counts)?,
            list_hashes,
            all_lists: hex(all)?,
            capped: capped == "capped",
            results: results.to_string(),
            views: views.split(',').map(hex).collect::<Option<Vec<u64>>>()?,
            reason: hex(reason)?,
        })
    }
}

/// How `now` departs from `was`, in words: the first decision that
/// differs, else the length, the results, the views or the explanation.
fn divergence(was: &Trace, now: &Trace) -> String {
    let at = format!("{} seed {}", now.game, now.seed);
    let decisions = was.legal_counts.len().min(now.legal_counts.len());
    for i in 0..decisions {
        if was.legal_counts[i] != now.legal_counts[i] {
            return format!(
                "{at}: decision {} had {} legal moves, now {}",
                i + 1,
                was.legal_counts[i],
                now.legal_counts[i]
            );
        }
        if was.list_hashes[i] != now.list_hashes[i] {
            return format!(
                "{at}: decision {} has {} legal moves as before, but not the same ones",
                i + 1,
                now.legal_counts[i]
            );
        }
    }
    if was.legal_counts.len() != now.legal_counts.len() || was.capped != now.capped {
        return format!(
            "{at}: the match had {} decisions ({}), now {} ({})",
            was.legal_counts.len(),
            if was.capped { "capped" } else { "ended" },
            now.legal_counts.len(),
            if now.capped { "capped" } else { "ended" },
        );
    }
    if was.all_lists != now.all_lists {
        return format!("{at}: the legal moves differ at a decision (a 16-bit hash collided)");
    }
    if was.results != now.results {
        return format!(
            "{at}: results per seat were {}, now {}",
            was.results, now.results
        );
    }
    if let Some(i) =
        (0..was.views.len().max(now.views.len())).find(|&i| was.views.get(i) != now.views.get(i))
    {
        let whose = if i + 1 == now.views.len() {
            "the public view".to_string()
        } else {
            format!("seat {}'s view", i + 1)
        };
        return format!("{at}: {whose} at the end differs");
    }
    format!("{at}: the outcome's explanation differs")
}

fn record_all() -> Vec<Trace> {
    catalogue_games()
        .iter()
        .flat_map(|game| (1..=MATCHES).map(|seed| record_match(game, seed)))
        .collect()
}

#[test]
fn every_catalogue_game_plays_as_recorded() {
    let now = record_all();
    if updating() {
        let mut text = String::from(
            "# Seeded random matches of every catalogue game, recorded from the engine\n\
             # before issue 22's rewrite; see tests/traces.rs for the fields.\n",
        );
        for trace in &now {
            writeln!(text, "{}", trace.line()).unwrap();
        }
        write_golden(GOLDEN, &text);
        return;
    }
    let golden = read_golden(GOLDEN);
    let recorded: Vec<Trace> = data_lines(&golden)
        .map(|l| Trace::parse(l).unwrap_or_else(|| panic!("tests/golden/{GOLDEN}: bad line {l:?}")))
        .collect();
    let mut wrong = Vec::new();
    for trace in &now {
        match recorded
            .iter()
            .find(|r| r.game == trace.game && r.seed == trace.seed)
        {
            Some(was) if was == trace => {}
            Some(was) => wrong.push(divergence(was, trace)),
            None => wrong.push(format!(
                "{} seed {}: not recorded (UPDATE_GOLDEN=1 records it)",
                trace.game, trace.seed
            )),
        }
    }
    for was in &recorded {
        if !now.iter().any(|t| t.game == was.game && t.seed == was.seed) {
            wrong.push(format!(
                "{} seed {}: recorded, but no such catalogue game now",
                was.game, was.seed
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} matches differ:\n{}",
        wrong.len(),
        now.len(),
        wrong.join("\n")
    );
}

#[test]
fn a_trace_line_reads_back_as_itself() {
    let game = common::catalogue_game("Connect4");
    let trace = record_match(&game, 7);
    assert_eq!(Trace::parse(&trace.line()), Some(trace.clone()));
    assert_eq!(
        record_match(&game, 7),
        trace,
        "the same seed plays the same match"
    );
}

#[test]
fn a_divergence_names_the_decision_and_what_changed() {
    let game = common::catalogue_game("Tic-Tac-Toe");
    let was = record_match(&game, 1);
    let mut now = was.clone();
    now.legal_counts[2] += 1;
    assert_eq!(
        divergence(&was, &now),
        format!(
            "Tic-Tac-Toe seed 1: decision 3 had {} legal moves, now {}",
            was.legal_counts[2],
            was.legal_counts[2] + 1
        )
    );
    let mut now = was.clone();
    now.results.push('?');
    assert!(
        divergence(&was, &now).contains("results per seat"),
        "{}",
        divergence(&was, &now)
    );
    assert_eq!(
        expand_counts(&compress_counts(&[3, 3, 3, 2, 5, 5])),
        Some(vec![3, 3, 3, 2, 5, 5])
    );
}
