//! Suggestions while a person types an argument (Discord's autocomplete):
//! game names, players (friends, own personas, Random, the machines `sp`,
//! `easy`, `medium`, `hard`, `open`, then anyone of the universe by name),
//! command names and universes.

use redscience_storage::PUBLIC_UNIVERSE;

use crate::request::Who;
use crate::services::Services;
use crate::spec;
use crate::syntax::Suggest;

/// The most suggestions one answer holds (Discord's limit).
pub const MAX_SUGGESTIONS: usize = 25;

impl Services {
    /// What `typed` may become, best first: names that start with it,
    /// then names that contain it (any case). For a list of names
    /// (`many`) the last word is completed and the earlier ones kept.
    pub(crate) async fn suggest(
        &self,
        who: &Who,
        kind: Suggest,
        typed: &str,
        many: bool,
    ) -> Vec<String> {
        let (kept, partial) = match typed.rsplit_once(char::is_whitespace) {
            Some((kept, last)) if many => (format!("{} ", kept.trim_end()), last),
            _ => (String::new(), typed.trim()),
        };
        let names = match kind {
            Suggest::Game => self.game_names().await,
            Suggest::Command => spec::names().map(str::to_string).collect(),
            Suggest::Player => self.player_names(who, partial).await,
            Suggest::Universe => self.universe_names(who).await,
        };
        ranked(names, partial)
            .into_iter()
            .map(|name| format!("{kept}{name}"))
            .filter(|s| s.len() <= 100)
            .take(MAX_SUGGESTIONS)
            .collect()
    }

    async fn game_names(&self) -> Vec<String> {
        match self.storage.rule_sets().await {
            Ok(games) => games.into_iter().map(|g| g.name).collect(),
            Err(_) => Vec::new(),
        }
    }

    async fn player_names(&self, who: &Who, partial: &str) -> Vec<String> {
        let storage = &self.storage;
        let Ok(person) = storage.player_for_chat(&who.chat, &who.display_name).await else {
            return Vec::new();
        };
        let acting = match storage.acting_for_chat(&who.chat).await {
            Ok(Some(persona)) => persona,
            _ => person.clone(),
        };
        let mut names: Vec<String> = Vec::new();
        if let Ok(friends) = storage.friends(acting.id).await {
            names.extend(friends.friends.into_iter().map(|p| p.name));
        }
        if let Ok(personas) = storage.personas_of(person.id).await {
            names.extend(
                personas
                    .into_iter()
                    .filter(|p| p.universe == acting.universe && p.id != acting.id)
                    .map(|p| p.name),
            );
        }
        names.push("Random".into());
        // The game's machines: its standard player and the search's levels.
        names.extend(["sp", "easy", "medium", "hard"].map(String::from));
        names.push("open".into());
        let limit = MAX_SUGGESTIONS as u64;
        if let Ok(found) = storage
            .players_starting(partial, &acting.universe, limit)
            .await
        {
            names.extend(
                found
                    .into_iter()
                    .filter(|p| p.id != acting.id && !p.name.starts_with('*'))
                    .map(|p| p.name),
            );
        }
        names
    }

    async fn universe_names(&self, who: &Who) -> Vec<String> {
        let mut names = vec![PUBLIC_UNIVERSE.to_string()];
        if let Ok(person) = self
            .storage
            .player_for_chat(&who.chat, &who.display_name)
            .await
            && let Ok(universes) = self.storage.universes_of(&person).await
        {
            names.extend(universes);
        }
        names
    }
}

/// The names that start with `partial`, then those that contain it, each
/// group in its first order, without repeats (any case).
fn ranked(names: Vec<String>, partial: &str) -> Vec<String> {
    let needle = partial.to_lowercase();
    let mut seen = std::collections::HashSet::new();
    let unique: Vec<String> = names
        .into_iter()
        .filter(|n| seen.insert(n.to_lowercase()))
        .collect();
    let (starting, rest): (Vec<String>, Vec<String>) = unique
        .into_iter()
        .partition(|n| n.to_lowercase().starts_with(&needle));
    let containing = rest
        .into_iter()
        .filter(|n| n.to_lowercase().contains(&needle));
    starting.into_iter().chain(containing).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starting_names_come_before_containing_ones_without_repeats() {
        let names = ["Connect4", "Tic-Tac-Toe", "connect4", "Qubic-4", "Co-op"]
            .map(String::from)
            .to_vec();
        assert_eq!(ranked(names.clone(), "co"), ["Connect4", "Co-op"]);
        assert_eq!(ranked(names.clone(), "4"), ["Connect4", "Qubic-4"]);
        assert_eq!(ranked(names, "").len(), 4);
    }
}
