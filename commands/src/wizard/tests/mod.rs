//! Wizard tests: whole games built answer by answer, the Factory's
//! dependent rules, every error path, and going back.

mod bounds;
mod dice;
mod endings;
mod errors;
mod factory;
mod flows;
mod helps;
mod labels;
mod navigation;
mod rules;
mod seating;
mod starts;
mod trails;

use super::{Prompt, Wizard};
use crate::reply::MAX_CHOICES;

/// Every choice id the prompt offers.
fn ids(prompt: &Prompt) -> Vec<String> {
    prompt
        .choices
        .iter()
        .flat_map(|set| set.options().iter().map(|c| c.id.clone()))
        .collect()
}

/// Answers each in turn, failing with the question when one is refused.
fn answer_all(w: &mut Wizard, answers: &[&str]) {
    for a in answers {
        if let Err(e) = w.answer(a) {
            panic!("answer {a:?} refused: {e}\nquestion: {}", w.prompt().text);
        }
    }
}

/// Picks offered choices: each must be among the prompt's choices, and
/// every set of choices keeps Discord's limit.
fn pick_all(w: &mut Wizard, picks: &[&str]) {
    for id in picks {
        let prompt = w.prompt();
        assert!(
            prompt
                .choices
                .iter()
                .all(|s| s.options().len() <= MAX_CHOICES),
            "a set of more than {MAX_CHOICES} choices at: {}",
            prompt.text
        );
        let offered = ids(&prompt);
        assert!(
            offered.iter().any(|o| o == id),
            "{id:?} is not offered; offered {offered:?}\nquestion: {}",
            prompt.text
        );
        answer_all(w, &[id]);
    }
}

/// A wizard past its name question.
fn named(name: &str) -> Wizard {
    let mut w = Wizard::new();
    answer_all(&mut w, &[name]);
    w
}

/// The answer is refused, the question and rules stay, and the message holds every `needle`.
fn refused(w: &mut Wizard, answer: &str, needles: &[&str]) {
    let (step, rules) = (w.step, w.rules().clone());
    let err = w.answer(answer).expect_err(answer);
    for needle in needles {
        assert!(err.contains(needle), "{answer:?}: {err:?} lacks {needle:?}");
    }
    assert_eq!(
        (w.step, w.rules()),
        (step, &rules),
        "{answer:?} changed something"
    );
}
