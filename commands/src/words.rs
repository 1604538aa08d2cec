//! Command lines as words: spaces separate, double quotes keep a phrase
//! together (`game show "My Game"` would be one name if names had spaces).

/// Splits a command line into words.
pub fn split(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            c if c.is_whitespace() && !quoted => {
                if started {
                    words.push(std::mem::take(&mut current));
                    started = false;
                }
            }
            c => {
                current.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(current);
    }
    words
}

/// "a", "a or b", "a, b or c".
pub fn or_list(items: &[String]) -> String {
    match items {
        [] => String::from("nothing"),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// The candidate closest to `word` (ignoring case), when it is close
/// enough to be a slip of the keyboard: "Conect4" for "Connect4".
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let word = word.to_lowercase();
    // One slip in four letters, at most three in all.
    let allowed = (word.chars().count() / 4).clamp(1, 3);
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(&word, &c.to_lowercase()), c))
        .filter(|(d, _)| *d <= allowed)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// " Did you mean `X`?" when a candidate is close to `word`, else "".
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    closest(word, candidates)
        .map(|c| format!(" Did you mean `{c}`?"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::{closest, split};

    #[test]
    fn slips_of_the_keyboard_find_what_was_meant() {
        let games = ["Connect4", "Tic-Tac-Toe", "Connect6-19x19", "Qubic-4"];
        assert_eq!(closest("Conect4", games), Some("Connect4"));
        assert_eq!(closest("tic-tac-tow", games), Some("Tic-Tac-Toe"));
        assert_eq!(closest("chess", games), None);
        assert_eq!(
            closest("chalenge", ["challenge", "cancel"]),
            Some("challenge")
        );
        assert_eq!(closest("x", ["help", "game"]), None);
    }

    #[test]
    fn words_and_quoted_phrases() {
        assert_eq!(
            split("  challenge  Connect4 Random "),
            ["challenge", "Connect4", "Random"]
        );
        assert_eq!(
            split(r#"game show "Two words""#),
            ["game", "show", "Two words"]
        );
        assert_eq!(split(r#"move """#), ["move", ""]);
        assert!(split("   ").is_empty());
    }
}
