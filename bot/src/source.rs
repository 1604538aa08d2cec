//! Where games come from (the catalogue, storage or a file), and the commands
//! that only read rule sets: `games`, `rules check`, `game NAME [-e FILE]`.

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use redscience_engine::{Game, Problem, RuleSet, catalogue, describe, validate};

use crate::store;

/// A catalogue game by name, or a rule set read from a file.
pub fn load(game_or_file: &str) -> Result<RuleSet, String> {
    if let Some(rules) = catalogue::get(game_or_file) {
        return Ok(rules);
    }
    let path = Path::new(game_or_file);
    if !path.is_file()
        && let Some(rules) = store::find_game(game_or_file)?
    {
        return Ok(rules);
    }
    if path.is_file() {
        let problems = |ps: Vec<Problem>| {
            let lines: Vec<String> = ps.iter().map(Problem::to_string).collect();
            format!(
                "{} is not a valid rule set:\n{}",
                path.display(),
                lines.join("\n")
            )
        };
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let rules = RuleSet::from_json(&text).map_err(|p| problems(vec![p]))?;
        validate(&rules).map_err(problems)?;
        return Ok(rules);
    }
    Err(format!(
        "no game or file named \"{game_or_file}\"; the games are: {}",
        catalogue::names().join(", ")
    ))
}

/// Compiles a rule set for play, or says which options stand in the way.
pub fn compile(rules: RuleSet) -> Result<Arc<Game>, String> {
    let name = rules.name.clone();
    Game::new(rules).map_err(|ps| {
        let lines: Vec<String> = ps.iter().map(Problem::to_string).collect();
        format!("{name} cannot be played:\n{}", lines.join("\n"))
    })
}

/// One line per game: its name and its rules in brief. With a database,
/// every stored game (the catalogue and saved ones); else the catalogue.
pub fn game_list() -> Result<Vec<String>, String> {
    if let Some(lines) = store::game_lines()? {
        return Ok(lines);
    }
    Ok(catalogue::all()
        .iter()
        .map(|rules| format!("{:<20} {}", rules.name, describe(rules).join(", ")))
        .collect())
}

/// `rules check FILE`: exit 0 when valid; else exit 1 with one problem per line.
pub fn check_file(file: &Path) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            println!("(file): cannot read {}: {e}", file.display());
            return ExitCode::from(1);
        }
    };
    let problems = match RuleSet::from_json(&text) {
        Err(p) => vec![p],
        Ok(rules) => match validate(&rules) {
            Ok(()) => {
                println!(
                    "{} is valid (fingerprint {})",
                    rules.name,
                    redscience_engine::fingerprint(&rules)
                );
                for line in describe(&rules) {
                    println!("  {line}");
                }
                return ExitCode::SUCCESS;
            }
            Err(ps) => ps,
        },
    };
    for p in problems {
        println!("{p}");
    }
    ExitCode::from(1)
}

/// `game NAME`: the rules in words; with `-e FILE`, the JSON into FILE.
/// Saved games are found as well as catalogue ones.
pub fn show_or_export(name: &str, export: Option<&Path>) -> Result<ExitCode, String> {
    let Some(rules) = store::find_game(name)? else {
        // A rule-set file named where a game's name goes is described.
        let file = Path::new(name);
        if export.is_none() && file.is_file() {
            return Ok(check_file(file));
        }
        let names = catalogue::names();
        let hint = redscience_commands::words::did_you_mean(name, names.iter().map(|n| n.as_ref()));
        return Err(format!(
            "no game named \"{name}\".{hint} The games are: {}",
            names.join(", ")
        ));
    };
    match export {
        None => {
            println!("{}", rules.name);
            if let Some(how) = &rules.labels.how_to_play {
                println!("  How to play: {how}");
            }
            for line in describe(&rules) {
                println!("  {line}");
            }
        }
        Some(path) if path == Path::new("-") => println!("{}", rules.to_json()),
        Some(path) => {
            std::fs::write(path, rules.to_json() + "\n")
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            println!("Exported {} to {}", rules.name, path.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}
