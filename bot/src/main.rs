//! The `redscience` binary: the command line for people and scripts.

mod play;
mod replay;
mod source;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "redscience",
    version,
    about = "Invent variants of tic-tac-toe and play them."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// List the games you can play.
    Games,
    /// Check or describe rule-set files.
    Rules {
        #[command(subcommand)]
        action: RulesAction,
    },
    /// Show a game's rules, or export it with -e FILE.
    Game {
        /// A game's name (see `redscience games`).
        name: String,
        /// Write the game's rule set as JSON to this file ("-" for standard output).
        #[arg(short = 'e', long = "export", value_name = "FILE")]
        export: Option<PathBuf>,
    },
    /// Play moves from the start of a game and print the result.
    Replay {
        /// A game's name, or a rule-set JSON file.
        game: String,
        /// Moves in turn order, seat 1 first: "2,2", "b3", "1,1-1,2", "a+b" for a
        /// two-piece turn, "pass", "draw", "agree", "refuse", or "?" for a random move.
        moves: Vec<String>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Seed for Chaos and "?" moves.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Chaos's moves are among those given, instead of played from the seed.
        #[arg(long)]
        chaos_given: bool,
        /// Show what one seat (1-based) or a spectator ("public") sees, instead of the truth.
        #[arg(long, value_name = "SEAT|public")]
        view: Option<String>,
    },
    /// Play a game in the terminal against Random.
    Play {
        /// A game's name, or a rule-set JSON file.
        #[arg(default_value = "Tic-Tac-Toe")]
        game: String,
        /// Seed for seat order and Random's moves (random when left out).
        #[arg(long)]
        seed: Option<u64>,
    },
}

#[derive(Subcommand)]
enum RulesAction {
    /// Validate a rule-set file: exit 0 when valid, else 1 with one problem per line.
    Check { file: PathBuf },
    /// Print the JSON Schema of rule-set files.
    Schema,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => play::run("Tic-Tac-Toe", None),
        Some(Command::Games) => {
            for line in source::game_list() {
                println!("{line}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Rules {
            action: RulesAction::Check { file },
        }) => Ok(source::check_file(&file)),
        Some(Command::Rules {
            action: RulesAction::Schema,
        }) => {
            print!("{}", redscience_engine::rules::json_schema());
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Game { name, export }) => source::show_or_export(&name, export.as_deref()),
        Some(Command::Replay {
            game,
            moves,
            json,
            seed,
            chaos_given,
            view,
        }) => {
            let options = replay::Options {
                json,
                seed,
                chaos_given,
                view,
            };
            replay::run(&game, &moves, options)
        }
        Some(Command::Play { game, seed }) => play::run(&game, seed),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(1)
        }
    }
}
