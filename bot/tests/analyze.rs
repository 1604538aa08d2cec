//! `analyze GAME` in the console chat: a sealed-plan game's equilibrium in
//! the game's own words, and clear refusals for games it cannot analyse.

use crate::common::Setup;

#[tokio::test]
async fn analyze_names_the_equilibrium_plans_in_the_games_words() {
    let mut c = Setup::new("console").chat(1).await;
    let out = c.say("analyze StagHunt").await;
    // The plans as the game's labels say them (docs/rules.md, StagHunt),
    // the standard player's equilibrium (both hunt the stag, worth a sure
    // win), all three equilibria and the exploitability reached.
    assert!(
        out.contains(
            "Black plays Black hunter (pentagon) to black's stag forest (stack 3) 100%; value 1.000."
        ),
        "{out}"
    );
    assert!(
        out.contains("White plays White hunter (pentagon) to white's stag forest (stack 4) 100%"),
        "{out}"
    );
    assert!(out.contains("Equilibria of the first round: 3."), "{out}");
    assert!(out.contains("black's hare field (stack 1) 58.8%"), "{out}");
    assert!(
        out.contains("Exploitability: 0.000000 (0.00% of the payoff range 1"),
        "{out}"
    );
    assert!(out.contains("The standard player draws its plan"), "{out}");

    let rps = c.say("analyze RockPaperScissors").await;
    assert!(
        rps.contains("Black rock (circle) to the table (stack 1) 33.3%"),
        "{rps}"
    );
    assert!(rps.contains("value 0.500"), "{rps}");
}

#[tokio::test]
async fn analyze_refuses_what_it_cannot_analyse_with_an_example() {
    let mut c = Setup::new("console").chat(2).await;
    let none = c.say("analyze").await;
    assert!(
        none.contains("Which game?") && none.contains("`analyze StagHunt`"),
        "{none}"
    );
    let unknown = c.say("analyze StagHuntt").await;
    assert!(
        unknown.contains("There is no game called \"StagHuntt\""),
        "{unknown}"
    );
    let sequential = c.say("analyze Tic-Tac-Toe").await;
    assert!(
        sequential.contains("Tic-Tac-Toe cannot be analysed"),
        "{sequential}"
    );
    assert!(sequential.contains("no sealed round"), "{sequential}");
    assert!(sequential.contains("`analyze StagHunt`"), "{sequential}");
}
