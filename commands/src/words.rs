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

#[cfg(test)]
mod tests {
    use super::split;

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
