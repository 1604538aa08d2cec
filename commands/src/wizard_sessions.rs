//! The game wizards under way, one per person, kept between their answers.

use std::collections::HashMap;
use std::sync::Mutex;

use redscience_storage::sea_orm::prelude::DateTimeUtc;

use crate::request::Place;
use crate::wizard::Wizard;

pub(crate) struct Session {
    pub(crate) wizard: Wizard,
    pub(crate) last_active: DateTimeUtc,
    /// Where the wizard was started: it hears answers there only, so a
    /// move typed in a match's channel is never taken for an answer.
    pub(crate) place: Place,
}

/// The wizards in progress, per player.
#[derive(Default)]
pub(crate) struct Wizards {
    sessions: Mutex<HashMap<i64, Session>>,
}

impl Wizards {
    pub(crate) fn take(&self, player: i64) -> Option<Session> {
        self.sessions.lock().expect("wizards").remove(&player)
    }

    pub(crate) fn put(&self, player: i64, session: Session) {
        self.sessions
            .lock()
            .expect("wizards")
            .insert(player, session);
    }

    pub fn has(&self, player: i64) -> bool {
        self.sessions.lock().expect("wizards").contains_key(&player)
    }
}
