//! The whole redscience bot except the wire: a request from a person on any
//! platform goes in, replies come out. Adapters (console, Matrix, Discord)
//! only translate; everything a user can do is decided here.

mod analyze;
mod arguments;
mod bot;
mod challenges;
mod clock;
mod clock_words;
mod context;
mod cpu;
mod creating;
mod creations;
mod dispatch;
pub mod favoritism;
mod finding;
mod friends;
mod help;
mod identities;
mod leaderboard;
mod leaving;
mod library;
pub mod limits;
mod machines;
mod matches;
mod named_players;
mod naming;
mod open_challenges;
mod personas;
mod pictures;
pub mod ratings;
mod recap;
pub mod reply;
pub mod request;
mod saved_games;
mod services;
pub mod spec;
pub mod stats;
mod stop_clock;
pub mod suggest;
pub mod syntax;
mod turn_words;
mod turns;
pub mod wizard;
mod wizard_sessions;
pub mod words;

pub use bot::Bot;

pub use reply::{
    Attachment, Choice, ChoiceSet, Destination, MAX_CHOICES, Message, Pick, Reply, Typed, numbered,
    options_as_text,
};
pub use request::{Place, Request, What, Who};
pub use syntax::{Arg, ArgKind, CommandShape, Form, Given, Suggest};
