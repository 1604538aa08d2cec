//! `redscience analyze GAME [--json]`: a sealed-plan game's equilibrium,
//! values and exploitability (see `redscience_ai::theory`), as the
//! chat's `analyze` says it, or as one JSON object for scripts (the
//! OpenSpiel comparison in bench/equilibria.py reads the first round's
//! payoffs and strategies from it).

use std::process::ExitCode;

use redscience_ai::theory::report;

use crate::source;

const EXAMPLE: &str = "for example: redscience analyze StagHunt";

pub fn run(game: &str, json_out: bool) -> Result<ExitCode, String> {
    let rules = source::load(game).map_err(|e| format!("{e}\n{EXAMPLE}"))?;
    let name = rules.name.clone();
    let game = source::compile(rules)?;
    let report = report::analyze(&game, &name)
        .map_err(|e| format!("{name} cannot be analysed: {e}.\n{EXAMPLE}"))?;
    if json_out {
        let text = serde_json::to_string_pretty(&report)
            .map_err(|e| format!("the report could not be written as JSON: {e}"))?;
        println!("{text}");
    } else {
        println!("{}", report.text());
    }
    Ok(ExitCode::SUCCESS)
}
