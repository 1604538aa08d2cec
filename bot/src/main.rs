//! The `redscience` binary: the command line for people and scripts.

mod ai;
mod analyze;
mod bench;
mod perft;
mod picture;
mod play;
mod replay;
mod solve;
mod source;
mod store;
mod tactics;

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
    /// Show a game's rules, export it with -e FILE, or import a file as NAME with -i FILE TOKEN.
    Game {
        /// A game's name (see `redscience games`); for -i, the name to save it under.
        name: String,
        /// Write the game's rule set as JSON to this file ("-" for standard output).
        #[arg(
            short = 'e',
            long = "export",
            value_name = "FILE",
            conflicts_with = "import"
        )]
        export: Option<PathBuf>,
        /// Save the rule set in this file as NAME, as the owner of TOKEN.
        #[arg(short = 'i', long = "import", value_name = "FILE", requires = "token")]
        import: Option<PathBuf>,
        /// A security token (ask the bot for one, or see `redscience token`).
        #[arg(requires = "import")]
        token: Option<String>,
    },
    /// Create the database if needed, apply pending migrations, seed the catalogue.
    Migrate,
    /// Print a security token for a player (for the bot's operator and scripts).
    Token {
        /// The player's name.
        name: String,
        /// Create a Creator of that name if there is none.
        #[arg(long)]
        create: bool,
    },
    /// Play moves from the start of a game and print the result.
    Replay {
        /// A game's name, or a rule-set JSON file.
        game: String,
        /// Moves in turn order, seat 1 first: "2,2", "b3", "1,1-1,2", "a+b" for a
        /// two-piece turn, "pass", "draw", "agree", "refuse", "?" for a random move,
        /// or "roll 4" for the die's face (else the die rolls from the seed).
        moves: Vec<String>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Seed for Chaos, the die and "?" moves.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Chaos's moves are among those given, instead of played from the seed.
        #[arg(long)]
        chaos_given: bool,
        /// Show what one seat (1-based) or a spectator ("public") sees, instead of the truth.
        #[arg(long, value_name = "SEAT|public")]
        view: Option<String>,
    },
    /// Print the move a player would make next: random, sp, easy, medium, hard, mcts or mcts:N.
    Suggest {
        /// A game's name, or a rule-set JSON file.
        game: String,
        /// The moves so far, seat 1 first (Chaos plays from the seed).
        moves: Vec<String>,
        /// The player: random, sp (the standard player), easy, medium, hard
        /// (the levels below it), mcts (the plain search, 1,000 iterations)
        /// or mcts:N.
        #[arg(long, default_value = "mcts")]
        ai: String,
        /// Stop thinking after this many milliseconds.
        #[arg(long)]
        ms: Option<u64>,
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Solve a small two-player game exactly: its value with perfect play for
    /// the seat to move and the first player, and the moves that keep it.
    Solve {
        /// A game's name, or a rule-set JSON file.
        game: String,
        /// The moves so far, seat 1 first, as for `replay`.
        moves: Vec<String>,
        /// Give up past this many positions.
        #[arg(long, default_value_t = solve::DEFAULT_NODES)]
        nodes: u64,
        /// Print one JSON object: game, to_move, value, first_player, plies, best, nodes, seconds.
        #[arg(long)]
        json: bool,
    },
    /// Play two players against each other, alternating seats, and report A's results.
    AiMatch {
        /// A game's name, or a rule-set JSON file.
        game: String,
        /// Player A, named as for `suggest --ai`.
        #[arg(long)]
        a: String,
        /// Player B, named as for `suggest --ai`.
        #[arg(long)]
        b: String,
        #[arg(long, default_value_t = 10)]
        games: usize,
        /// Print one JSON object: games, a_wins, a_losses, draws, and A's score.
        #[arg(long)]
        json: bool,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// A plays one seat among B's (each seat in turn) and is compared with B
        /// in that seat in a paired game from the same seed.
        #[arg(long)]
        one_seat: bool,
    },
    /// Draw the board after some moves as a PNG picture.
    Render {
        /// A game's name, or a rule-set JSON file.
        game: String,
        /// Moves in turn order, seat 1 first, as for `replay`.
        moves: Vec<String>,
        /// Draw what one seat (1-based) sees; a spectator's eyes ("public") by default.
        #[arg(long, value_name = "SEAT|public")]
        view: Option<String>,
        /// The PNG file to write.
        #[arg(long, value_name = "FILE.png")]
        out: PathBuf,
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Measure the engine: `bench playouts [GAME...]` reports random playouts per second and bytes per state.
    Bench {
        #[command(subcommand)]
        what: BenchWhat,
    },
    /// Solve a sealed-plan game: each seat's equilibrium plans, values and the exploitability reached.
    Analyze {
        /// A game's name, or a rule-set JSON file: `analyze StagHunt`.
        game: String,
        /// Print one JSON object: plans, probabilities, payoffs, equilibria, exploitability.
        #[arg(long)]
        json: bool,
    },
    /// Count a game's decision sequences and distinct positions by depth, timed.
    Perft {
        /// A game's name, or a rule-set JSON file.
        game: String,
        /// How many decisions deep to count (1 to 30): `perft Tic-Tac-Toe 5`.
        depth: String,
        /// Print one JSON object: game, and counts per depth.
        #[arg(long)]
        json: bool,
        /// Skip the positions count (it keeps every position of a depth in memory).
        #[arg(long)]
        sequences_only: bool,
    },
    /// The tactical suite: positions from random play across the catalogue,
    /// labelled by exhaustive short search (wins and threats within two
    /// turns); the search must obey every label. Exits 1 on any miss.
    Tactics {
        /// Positions in all, spread over the eligible games.
        #[arg(long, default_value_t = 10_000)]
        positions: usize,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The search's iterations per position checked.
        #[arg(long, default_value_t = 64)]
        iterations: usize,
        /// Print one JSON object: games, total, misses, label_seconds, check_seconds.
        #[arg(long)]
        json: bool,
    },
    /// Chat with the bot in the terminal (the default when no Discord or Matrix is configured).
    Console {
        /// Who you are in the chat (default: your login name).
        #[arg(long)]
        user: Option<String>,
    },
    /// Run the bot on every configured chat transport (Discord, Matrix; see the README).
    ///
    /// The transports are built with `--features discord,matrix`:
    /// `cargo run --locked --features discord,matrix -- serve`.
    Serve,
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
enum BenchWhat {
    /// Random playouts per second and bytes per state for each game (by default every catalogue game).
    Playouts {
        games: Vec<String>,
        /// Seconds of playouts per game.
        #[arg(long, default_value_t = 2.0)]
        seconds: f64,
        /// Print a JSON array of {game, games_per_second, moves_per_second,
        /// moves_per_game, bytes_per_state}.
        #[arg(long)]
        json: bool,
        /// Print the names of the games timed when none is named, one a line, and stop.
        #[arg(long, conflicts_with = "games")]
        list: bool,
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
    // Output cut short (`redscience rules check FILE | head -2`) ends the
    // process quietly, as for other command-line tools, instead of a panic.
    #[cfg(unix)]
    // SAFETY: restores the default action of one signal before any thread
    // starts; no handler runs Rust code.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    // Settings (DATABASE_URL, REDSCIENCE_ADMINS) may come from a .env file.
    let _ = dotenvy::dotenv();
    let cli = Cli::parse();
    let result = match cli.command {
        None => redscience::console::run(None),
        Some(Command::Console { user }) => redscience::console::run(user),
        Some(Command::Serve) => redscience::serve::run(),
        Some(Command::Games) => source::game_list().map(|lines| {
            for line in lines {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }),
        Some(Command::Rules {
            action: RulesAction::Check { file },
        }) => Ok(source::check_file(&file)),
        Some(Command::Rules {
            action: RulesAction::Schema,
        }) => {
            print!("{}", redscience_engine::rules::json_schema());
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Game {
            name,
            import: Some(file),
            token,
            ..
        }) => store::import(&name, &file, token.as_deref().unwrap_or_default()),
        Some(Command::Game { name, export, .. }) => {
            source::show_or_export(&name, export.as_deref())
        }
        Some(Command::Migrate) => store::migrate(),
        Some(Command::Token { name, create }) => store::token(&name, create),
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
        Some(Command::Render {
            game,
            moves,
            view,
            out,
            seed,
        }) => picture::run(&game, &moves, view.as_deref(), &out, seed),
        Some(Command::Bench {
            what: BenchWhat::Playouts { list: true, .. },
        }) => bench::list(),
        Some(Command::Bench {
            what:
                BenchWhat::Playouts {
                    games,
                    seconds,
                    json,
                    ..
                },
        }) => bench::playouts(&games, seconds, json),
        Some(Command::Analyze { game, json }) => analyze::run(&game, json),
        Some(Command::Perft {
            game,
            depth,
            json,
            sequences_only,
        }) => perft::run(&game, &depth, json, sequences_only),
        Some(Command::Tactics {
            positions,
            seed,
            iterations,
            json,
        }) => tactics::run(tactics::Settings {
            positions,
            seed,
            iterations,
            json,
        }),
        Some(Command::Suggest {
            game,
            moves,
            ai,
            ms,
            seed,
        }) => ai::suggest(&game, &moves, &ai, ms, seed),
        Some(Command::Solve {
            game,
            moves,
            nodes,
            json,
        }) => solve::solve(&game, &moves, nodes, json),
        Some(Command::AiMatch {
            game,
            a,
            b,
            games,
            json,
            seed,
            one_seat,
        }) => {
            if one_seat {
                ai::ai_seat_match(&game, &a, &b, games, json, seed)
            } else {
                ai::ai_match(&game, &a, &b, games, json, seed)
            }
        }
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(1)
        }
    }
}
