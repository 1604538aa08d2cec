//! `redscience play`: a game in the terminal against Random, as in release 1.0:
//! moves as `x,y` or algebraic, and q / z / n for quit / undo / new game.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::Arc;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use redscience_engine::game::{GameState, ToldWhat, default_label};
use redscience_engine::notation::apply_turn;
use redscience_engine::random::random_move;
use redscience_engine::text::view_text;
use redscience_engine::{Game, State, describe};

use crate::source;

struct Session {
    game: Arc<Game>,
    rng: Xoshiro256PlusPlus,
    state: State,
    /// The person's seat (0-based); every other seat is Random or Chaos.
    human: usize,
    shown: usize,
}

pub fn run(game_or_file: &str, seed: Option<u64>) -> Result<ExitCode, String> {
    let game = source::compile(source::load(game_or_file)?)?;
    let seed = seed.unwrap_or_else(rand::random);
    let mut session = Session::new(game, seed);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    session.introduce();
    loop {
        session.let_others_move();
        session.show_new_moves();
        let prompt = if session.state.is_terminal() {
            let outcome = session.state.outcome().expect("finished");
            println!("{}", session.board());
            let label = default_label(&session.game);
            println!("{}", outcome.headline(&label));
            let score = session.state.score_words();
            for line in outcome
                .explain(&session.game, &label)
                .into_iter()
                .chain(score)
            {
                println!("  {line}");
            }
            "Game over. (n for a new game, z to undo, q to quit)".to_string()
        } else {
            println!("{}", session.board());
            let seat = &session.game.seats[session.human];
            format!(
                "{} ({})\nWhat's your move? ('#,#' or q/z/n for quit/undo/new game)",
                seat.label(),
                session.game.seat_colors_name(session.human)
            )
        };
        println!("{prompt}");
        std::io::stdout().flush().ok();
        let Some(Ok(line)) = lines.next() else { break };
        match line.trim().to_ascii_lowercase().as_str() {
            "q" | "quit" => break,
            "z" | "undo" => session.undo(),
            "n" | "new" => {
                let next_seed = session.rng.random();
                session = Session::new(session.game.clone(), next_seed);
                session.introduce();
            }
            "" => {}
            text if !session.state.is_terminal() => session.human_turn(text),
            _ => println!("The game is over: n for a new game, z to undo, q to quit."),
        }
    }
    Ok(ExitCode::SUCCESS)
}

impl Session {
    fn new(game: Arc<Game>, seed: u64) -> Session {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        // The order of the players is randomised at the start of each game.
        let players = game.rules.players.player_seats();
        let human = rng.random_range(0..players);
        let state = game.start();
        Session {
            game,
            rng,
            state,
            human,
            shown: 0,
        }
    }

    fn introduce(&self) {
        println!("{}", self.game.rules.name);
        println!("Rules: {}", describe(&self.game.rules).join(", "));
        let seats: Vec<String> = self
            .game
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let who = if i == self.human {
                    "You"
                } else if s.is_chaos {
                    "plays randomly"
                } else {
                    "Random"
                };
                format!("{} ({}) {who}", s.label(), self.game.seat_colors_name(i))
            })
            .collect();
        println!("Players: {}", seats.join(", "));
    }

    fn let_others_move(&mut self) {
        while !self.state.is_terminal()
            && (self.state.to_move() != self.human || self.state.awaits_roll())
        {
            match random_move(&self.state, &mut self.rng) {
                Some(m) => self.state.apply(m).expect("random moves are legal"),
                None => break,
            }
        }
    }

    /// The board as the person sees it.
    fn board(&self) -> String {
        view_text(&self.game, &self.state.player_view(self.human).into())
    }

    fn show_new_moves(&mut self) {
        // Only what the person may know: under cloaking others' moves can be secret.
        for told in self.state.told_since(Some(self.human), self.shown) {
            let seat = &self.game.seats[told.seat];
            let auto = match told.what {
                ToldWhat::Move {
                    automatic: true, ..
                } => " (automatic)",
                _ => "",
            };
            println!("{}: {}{auto}", seat.label(), self.state.told_words(&told));
        }
        self.shown = self.state.history().len();
    }

    fn human_turn(&mut self, text: &str) {
        // A "?" plays a random move for the person.
        let rng = &mut self.rng;
        if let Err(e) = apply_turn(&mut self.state, text, |s| random_move(s, rng)) {
            println!("{e}");
        }
    }

    /// Takes back moves until the person's last decision is undone.
    fn undo(&mut self) {
        let mine = |s: &State| {
            s.history()
                .iter()
                .filter(|a| !a.automatic && a.seat() == self.human)
                .count()
        };
        let before = mine(&self.state);
        if before == 0 {
            return println!("Nothing of yours to undo.");
        }
        while mine(&self.state) == before && self.state.undo() {}
        self.shown = self.state.history().len();
        println!("Undone.");
    }
}
