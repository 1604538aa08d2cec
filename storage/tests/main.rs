//! Storage scenarios on every configured backend (SQLite, and PostgreSQL
//! when `DATABASE_URL` names one): one test binary, a module per concern.

mod common;

mod accounts;
mod challenges;
mod clocks;
mod crash;
mod matches;
mod rule_sets;
