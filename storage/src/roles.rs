//! Security levels, player kinds, augmentation, and every permission and
//! quota, decided here and nowhere else.

use std::fmt;

use crate::error::{Result, refuse};

/// How far a player is trusted, lowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Security {
    /// No stats; shares one record with every anonymous user.
    Anonymous,
    /// Has stats, but nobody can log in as it (bots and personas).
    Persona,
    /// Anyone who speaks to the bot: 15 games and 3 personas.
    Creator,
    /// Unlimited games and players; runs tournaments.
    Trainer,
    /// Everything, including renaming games and promoting others.
    Admin,
}

impl Security {
    /// The level's word after its article: "an anonymous", "a creator".
    pub fn with_article(self) -> String {
        let word = self.word();
        let article = if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        format!("{article} {word}")
    }
}

/// What a player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Human,
    /// The one Random player.
    Random,
    /// The Chaos pseudo-player that fills Chaos seats; it has no stats.
    Chaos,
    /// A game's standard player ("*Tic-Tac-Toe SP").
    Standard,
    /// A copy of a human that has stats but cannot log in.
    Persona,
}

/// Who helps a player decide; stats and ratings are kept per form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Augmentation {
    /// A: nobody.
    Alone,
    /// R: a non-human pre-fills the move; the player may change it.
    Reviewing,
    /// D: the non-human moves when the clock runs out.
    Delegating,
    /// B: debating (a later release).
    Debating,
}

macro_rules! words {
    ($type:ident { $($variant:ident = $word:literal),* $(,)? }) => {
        impl $type {
            pub const ALL: &'static [$type] = &[$($type::$variant),*];

            /// The word stored in the database and shown to people.
            pub fn word(self) -> &'static str {
                match self {
                    $($type::$variant => $word),*
                }
            }

            /// Reads the word back (without regard to case).
            pub fn parse(word: &str) -> Option<$type> {
                let word = word.trim();
                $type::ALL.iter().copied().find(|v| v.word().eq_ignore_ascii_case(word))
            }
        }

        impl fmt::Display for $type {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.word())
            }
        }
    };
}

words!(Security {
    Anonymous = "anonymous",
    Persona = "persona",
    Creator = "creator",
    Trainer = "trainer",
    Admin = "admin",
});

words!(Kind {
    Human = "human",
    Random = "random",
    Chaos = "chaos",
    Standard = "standard",
    Persona = "persona",
});

words!(Augmentation {
    Alone = "A",
    Reviewing = "R",
    Delegating = "D",
    Debating = "B",
});

/// The most rule sets a Creator may save.
pub const CREATOR_RULE_SETS: u64 = 15;
/// The most personas a Creator may create.
pub const CREATOR_PERSONAS: u64 = 3;

/// Something a player asks to do, with what the decision depends on.
#[derive(Clone, Copy, Debug)]
pub enum Action {
    /// Save a new rule set, having saved `saved` already.
    SaveRuleSet { saved: u64 },
    /// Create a persona, having created `created` already.
    CreatePersona { created: u64 },
    /// Create a player of another kind.
    CreatePlayer { kind: Kind },
    /// Rename a saved rule set.
    RenameRuleSet,
    /// Stop a match's clock (the match is then not rated).
    StopClock,
    /// Change another player's security level.
    SetSecurity {
        target: Security,
        to: Security,
        is_self: bool,
    },
}

/// Whether a player at `level` may do `action`; a refusal says why and what would be accepted.
pub fn allow(level: Security, action: Action) -> Result<()> {
    use Security::*;
    let an = level.with_article();
    match action {
        Action::SaveRuleSet { saved } => match level {
            Anonymous | Persona => refuse(format!(
                "{an} player cannot save games; speak to the bot to become a Creator, who may save {CREATOR_RULE_SETS}"
            )),
            Creator if saved >= CREATOR_RULE_SETS => refuse(format!(
                "you have saved {saved} games, the most a Creator may save ({CREATOR_RULE_SETS}); \
                 Trainers and Admins have no limit, so ask an Admin to promote you"
            )),
            _ => Ok(()),
        },
        Action::CreatePersona { created } => match level {
            Anonymous | Persona => refuse(format!(
                "{an} player cannot create personas; Creators may create {CREATOR_PERSONAS}"
            )),
            Creator if created >= CREATOR_PERSONAS => refuse(format!(
                "you have created {created} personas, the most a Creator may create ({CREATOR_PERSONAS}); \
                 Trainers and Admins have no limit, so ask an Admin to promote you"
            )),
            _ => Ok(()),
        },
        Action::CreatePlayer { kind } => match kind {
            Kind::Random | Kind::Chaos => refuse(format!(
                "there is only one {kind} player and it already exists; invite it to play instead"
            )),
            Kind::Human => refuse(
                "human players are created when a person first speaks to the bot; create a persona or a standard player instead",
            ),
            Kind::Persona => allow(level, Action::CreatePersona { created: 0 }),
            Kind::Standard if level >= Trainer => Ok(()),
            Kind::Standard => refuse(format!(
                "only Trainers and Admins create standard players, and you are {an}; Creators may create personas"
            )),
        },
        Action::StopClock if level >= Trainer => Ok(()),
        Action::StopClock => refuse(format!(
            "only Trainers and Admins stop the clock, and you are {an}; the clock keeps running \
             (challenge with `unrated` for a match that does not change ratings)"
        )),
        Action::RenameRuleSet if level == Admin => Ok(()),
        Action::RenameRuleSet => refuse(format!(
            "only Admins rename games, and you are {an}; ask an Admin to rename it"
        )),
        Action::SetSecurity { .. } if level != Admin => refuse(format!(
            "only Admins change security levels, and you are {an}; ask an Admin"
        )),
        Action::SetSecurity { is_self: true, .. } => {
            refuse("Admins cannot change their own security level; ask another Admin")
        }
        Action::SetSecurity { target, to, .. } => {
            let human = [Creator, Trainer, Admin];
            if !human.contains(&target) {
                refuse(format!(
                    "a {target} player's security level cannot change; only Creators, Trainers and Admins are promoted or demoted"
                ))
            } else if !human.contains(&to) {
                refuse(format!(
                    "the levels a person can be given are creator, trainer and admin, not {to}"
                ))
            } else {
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip() {
        for s in Security::ALL {
            assert_eq!(Security::parse(s.word()), Some(*s));
        }
        for k in Kind::ALL {
            assert_eq!(Kind::parse(k.word()), Some(*k));
        }
        assert_eq!(Augmentation::parse("r"), Some(Augmentation::Reviewing));
        assert_eq!(Security::parse("root"), None);
    }

    #[test]
    fn creators_stop_at_fifteen_games_and_three_personas() {
        use Security::*;
        assert!(allow(Creator, Action::SaveRuleSet { saved: 14 }).is_ok());
        let message = allow(Creator, Action::SaveRuleSet { saved: 15 }).unwrap_err();
        assert!(message.to_string().contains("15"), "{message}");
        assert!(allow(Trainer, Action::SaveRuleSet { saved: 500 }).is_ok());
        assert!(allow(Creator, Action::CreatePersona { created: 3 }).is_err());
        assert!(allow(Admin, Action::CreatePersona { created: 3 }).is_ok());
        assert!(allow(Persona, Action::SaveRuleSet { saved: 0 }).is_err());
    }

    #[test]
    fn only_admins_rename_and_promote() {
        use Security::*;
        assert!(allow(Trainer, Action::RenameRuleSet).is_err());
        assert!(allow(Admin, Action::RenameRuleSet).is_ok());
        let promote = |level, is_self| {
            allow(
                level,
                Action::SetSecurity {
                    target: Creator,
                    to: Trainer,
                    is_self,
                },
            )
        };
        assert!(promote(Trainer, false).is_err());
        assert!(promote(Admin, false).is_ok());
        assert!(promote(Admin, true).is_err());
    }
}
