//! Matches: seats, the append-only move log, sealed plans kept apart until
//! their round resolves, draw offers, deadlines and results. A move is
//! acknowledged only after its transaction commits, and a match's state is
//! always the replay of its log.

use std::sync::Arc;

use redscience_engine::{Game, Move, SeatResult, State};
use sea_orm::prelude::DateTimeUtc;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set, TransactionTrait,
};

use crate::Storage;
use crate::accounts::{SystemPlayer, player_by_id};
use crate::clocks::MatchClock;

mod leave;
mod play;
mod timers;

pub use timers::Deadline;

use crate::encoding::decode;
use crate::entities::{deadlines, draw_offers, matches, moves, sealed_plans, seats};
use crate::error::{Error, Result, refuse};
use crate::roles::{Augmentation, Kind};
use leave::{leave_at, leaves_of};
use redscience_engine::game::GameState;
use timers::deadline_row;

/// A match to start.
#[derive(Clone, Debug)]
pub struct NewMatch {
    pub rule_set_id: i64,
    /// Per seat in order (Chaos's seat included): the player and its augmentation.
    pub seats: Vec<(i64, Augmentation)>,
    /// The engine's seed: Chaos's stream and pot splits follow from it.
    pub seed: u64,
    pub creator_id: Option<i64>,
    /// False when the result must not change ratings.
    pub rated: bool,
    /// The open challenge this match starts, claimed in the same
    /// transaction; the match keeps its clock (without one, the game's own).
    pub challenge_id: Option<i64>,
}

/// One seat of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRecord {
    pub seat: usize,
    pub player_id: i64,
    pub augmentation: Augmentation,
    pub result: Option<SeatResult>,
}

/// One decision as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredMove {
    pub number: usize,
    pub seat: usize,
    pub mv: Move,
    pub text: String,
    pub actor_id: Option<i64>,
    pub taken_ms: i64,
    pub created_at: DateTimeUtc,
}

/// What recording a move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The decision's number in the match (0-based).
    pub number: usize,
    /// The move is part of a plan still sealed.
    pub sealed: bool,
    /// Earlier sealed plans that this move's resolution released into the log.
    pub released: usize,
    pub finished: bool,
}

/// A match in memory, always equal to the replay of what is committed.
#[derive(Clone, Debug)]
pub struct LiveMatch {
    pub id: i64,
    pub rule_set_id: i64,
    pub seed: u64,
    pub seats: Vec<SeatRecord>,
    /// The match's clock, chosen by its challenge.
    pub clock: MatchClock,
    state: State,
    /// Decisions waiting in the sealed plans.
    sealed_pending: usize,
    /// Why the match ended before its rules ended it (a resignation, a
    /// clock run out): the seats' results are then in `seats`.
    pub forfeit: Option<String>,
}

/// Whether the decision whose history entry is at `index` is still sealed:
/// at or after the round's first plan (draw talk is no plan), while the
/// match goes on.
fn is_sealed(state: &State, index: usize) -> bool {
    let Some(round) = state.round_progress().filter(|_| !state.is_terminal()) else {
        return false;
    };
    let history = state.history();
    (round.history_start..history.len())
        .find(|&i| !history[i].mv.is_draw_talk())
        .is_some_and(|first| first <= index)
}

fn result_word(r: SeatResult) -> &'static str {
    match r {
        SeatResult::Win => "win",
        SeatResult::Loss => "loss",
        SeatResult::Draw => "draw",
    }
}

fn result_from_word(word: &str) -> Option<SeatResult> {
    match word {
        "win" => Some(SeatResult::Win),
        "loss" => Some(SeatResult::Loss),
        "draw" => Some(SeatResult::Draw),
        _ => None,
    }
}

async fn compile(storage: &Storage, rule_set_id: i64) -> Result<Arc<Game>> {
    let saved = storage.rule_set_by_id(rule_set_id).await?;
    let name = saved.name.clone();
    Game::new(saved.rules).map_err(|problems| {
        Error::Corrupt(format!(
            "the saved game \"{name}\" cannot be played by this release: {}",
            problems
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join("; ")
        ))
    })
}

impl Storage {
    /// Starts a match: the match, its seats and the first deadline in one transaction.
    pub async fn create_match(&self, new: NewMatch) -> Result<LiveMatch> {
        let game = compile(self, new.rule_set_id).await?;
        let name = &game.rules.name;
        if new.seats.len() != game.seats.len() {
            return refuse(format!(
                "{name} has {} seats (Chaos included), so it needs {} players, not {}",
                game.seats.len(),
                game.seats.len(),
                new.seats.len()
            ));
        }
        let chaos = self.system_player(SystemPlayer::Chaos).await?;
        for (seat, (player_id, _)) in new.seats.iter().enumerate() {
            let is_chaos_seat = game.chaos_seat() == Some(seat);
            if is_chaos_seat && *player_id != chaos.id {
                return refuse(format!(
                    "seat {} of {name} is Chaos's; give it to the Chaos player",
                    seat + 1
                ));
            }
            if !is_chaos_seat && *player_id == chaos.id {
                return refuse(format!(
                    "Chaos plays only the Chaos seat, and seat {} of {name} is not one",
                    seat + 1
                ));
            }
        }
        let state = game.start_seeded(new.seed);
        let now = self.now();
        let txn = self.db.begin().await?;
        for (player_id, _) in &new.seats {
            player_by_id(&txn, *player_id).await?;
        }
        let row = matches::ActiveModel {
            rule_set_id: Set(new.rule_set_id),
            seed: Set(new.seed as i64),
            creator_id: Set(new.creator_id),
            move_count: Set(0),
            rated: Set(new.rated),
            created_at: Set(now),
            finished_at: Set(None),
            outcome: Set(None),
            rated_at: Set(None),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let clock = match new.challenge_id {
            Some(challenge_id) => crate::challenges::claim(&txn, challenge_id, row.id).await?,
            None => MatchClock::Live,
        };
        if clock != MatchClock::Live {
            matches::Entity::update_many()
                .col_expr(matches::Column::ClockSeconds, Expr::value(clock.column()))
                .filter(matches::Column::Id.eq(row.id))
                .exec(&txn)
                .await?;
        }
        let mut records = Vec::new();
        for (seat, (player_id, augmentation)) in new.seats.iter().enumerate() {
            seats::ActiveModel {
                match_id: Set(row.id),
                seat: Set(seat as i16),
                player_id: Set(*player_id),
                augmentation: Set(augmentation.word().to_string()),
                result: Set(None),
                left_at: Set(None),
            }
            .insert(&txn)
            .await?;
            records.push(SeatRecord {
                seat,
                player_id: *player_id,
                augmentation: *augmentation,
                result: None,
            });
        }
        let seconds = clock.seconds(game.rules.seconds_per_turn);
        if let Some(deadline) = deadline_row(row.id, &state, seconds, now) {
            deadline.insert(&txn).await?;
        }
        txn.commit().await?;
        Ok(LiveMatch {
            id: row.id,
            rule_set_id: new.rule_set_id,
            seed: new.seed,
            seats: records,
            clock,
            state,
            sealed_pending: 0,
            forfeit: None,
        })
    }

    /// Rebuilds a match from its move log and sealed plans, checking each
    /// decision against the seat that made it.
    pub async fn load_match(&self, id: i64) -> Result<LiveMatch> {
        let Some(row) = matches::Entity::find_by_id(id).one(&self.db).await? else {
            return refuse(format!("there is no match number {id}"));
        };
        let game = compile(self, row.rule_set_id).await?;
        let mut log = self.move_log(id).await?;
        let sealed = self.sealed_plans(id).await?;
        let sealed_pending = sealed.len();
        log.extend(sealed);
        log.sort_by_key(|m| m.number);
        if log.len() != row.move_count as usize
            || log.iter().enumerate().any(|(i, m)| m.number != i)
        {
            return Err(Error::Corrupt(format!(
                "match {id} records {} decisions but its log holds {}",
                row.move_count,
                log.len()
            )));
        }
        let seat_rows = seats::Entity::find()
            .filter(seats::Column::MatchId.eq(id))
            .order_by_asc(seats::Column::Seat)
            .all(&self.db)
            .await?;
        let leaves = leaves_of(&seat_rows);
        let seed = row.seed as u64;
        let mut state = game.start_seeded(seed);
        for m in &log {
            leave_at(&mut state, &leaves, m.number)
                .map_err(|e| Error::Corrupt(format!("match {id}: {e}")))?;
            if state.to_move() != m.seat {
                return Err(Error::Corrupt(format!(
                    "match {id}, decision {}: stored for seat {}, but seat {} is to move",
                    m.number,
                    m.seat + 1,
                    state.to_move() + 1
                )));
            }
            state.apply(m.mv).map_err(|e| {
                Error::Corrupt(format!(
                    "match {id}, decision {} ({}) no longer replays: {e}",
                    m.number, m.text
                ))
            })?;
        }
        leave_at(&mut state, &leaves, log.len())
            .map_err(|e| Error::Corrupt(format!("match {id}: {e}")))?;
        let finished_by_rules = state.is_terminal();
        // A match its host ended because no person was left in it.
        if row.finished_at.is_some() && !finished_by_rules && !leaves.is_empty() {
            state.end_among_remaining();
        }
        let finished_by_rules = state.is_terminal();
        let seats = seat_rows
            .into_iter()
            .map(|s| {
                Ok(SeatRecord {
                    seat: s.seat as usize,
                    player_id: s.player_id,
                    augmentation: Augmentation::parse(&s.augmentation).ok_or_else(|| {
                        Error::Corrupt(format!(
                            "match {id} has augmentation \"{}\"",
                            s.augmentation
                        ))
                    })?,
                    result: s.result.as_deref().and_then(result_from_word),
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(LiveMatch {
            id,
            rule_set_id: row.rule_set_id,
            seed,
            seats,
            clock: MatchClock::from_column(row.clock_seconds),
            state,
            sealed_pending,
            forfeit: if row.finished_at.is_some() && !finished_by_rules {
                Some(row.outcome.clone().unwrap_or_default())
            } else {
                None
            },
        })
    }

    /// The matches a player has a seat in, newest first: unfinished ones
    /// only, or every one.
    pub async fn matches_of(&self, player_id: i64, unfinished_only: bool) -> Result<Vec<i64>> {
        let seat_rows = seats::Entity::find()
            .filter(seats::Column::PlayerId.eq(player_id))
            .all(&self.db)
            .await?;
        let mut ids: Vec<i64> = seat_rows.iter().map(|s| s.match_id).collect();
        ids.sort_unstable();
        ids.dedup();
        let mut query = matches::Entity::find().filter(matches::Column::Id.is_in(ids));
        if unfinished_only {
            query = query.filter(matches::Column::FinishedAt.is_null());
        }
        let rows = query
            .order_by_desc(matches::Column::Id)
            .all(&self.db)
            .await?;
        Ok(rows.into_iter().map(|m| m.id).collect())
    }

    /// The public move log: every decision except plans still sealed.
    pub async fn move_log(&self, match_id: i64) -> Result<Vec<StoredMove>> {
        let rows = moves::Entity::find()
            .filter(moves::Column::MatchId.eq(match_id))
            .order_by_asc(moves::Column::Number)
            .all(&self.db)
            .await?;
        rows.into_iter()
            .map(|r| {
                stored(
                    r.number,
                    r.seat,
                    &r.encoding,
                    r.text,
                    r.actor_id,
                    r.taken_ms,
                    r.created_at,
                )
            })
            .collect()
    }

    /// The sealed plans of the round being planned (for the resolver only).
    pub async fn sealed_plans(&self, match_id: i64) -> Result<Vec<StoredMove>> {
        let rows = sealed_plans::Entity::find()
            .filter(sealed_plans::Column::MatchId.eq(match_id))
            .order_by_asc(sealed_plans::Column::Number)
            .all(&self.db)
            .await?;
        rows.into_iter()
            .map(|r| {
                stored(
                    r.number,
                    r.seat,
                    &r.encoding,
                    r.text,
                    r.actor_id,
                    r.taken_ms,
                    r.created_at,
                )
            })
            .collect()
    }
}

fn stored(
    number: i32,
    seat: i16,
    encoding: &str,
    text: String,
    actor_id: Option<i64>,
    taken_ms: i64,
    created_at: DateTimeUtc,
) -> Result<StoredMove> {
    let mv = decode(encoding).map_err(Error::Corrupt)?;
    Ok(StoredMove {
        number: number as usize,
        seat: seat as usize,
        mv,
        text,
        actor_id,
        taken_ms,
        created_at,
    })
}

impl LiveMatch {
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Seconds per move on this match's clock (0: no time limit).
    pub fn seconds_per_turn(&self) -> u32 {
        self.clock.seconds(self.state.game().rules.seconds_per_turn)
    }

    /// Whether the match is over, by its rules or by a forfeit.
    pub fn is_over(&self) -> bool {
        self.state.is_terminal() || self.forfeit.is_some()
    }

    /// Takes back every decision from number `from` on, in an unrated match
    /// that is still going: the only change ever made to a move log, and
    /// the reason rated matches refuse it. The log, sealed plans, draw
    /// offers and the deadline change in one transaction.
    pub async fn undo_from(&mut self, storage: &Storage, from: usize) -> Result<()> {
        if self.is_over() {
            return refuse("the match is over; nothing can be taken back");
        }
        let decisions = self.state.decisions();
        if from >= decisions.len() {
            return refuse("there is nothing to take back");
        }
        let row = matches::Entity::find_by_id(self.id)
            .one(&storage.db)
            .await?
            .ok_or_else(|| Error::Refused(format!("there is no match number {}", self.id)))?;
        if row.rated {
            return refuse("moves are taken back only in unrated matches, and this one is rated");
        }
        let game = self.state.game().clone();
        // A seat that left after the turns taken back stays gone: it
        // leaves where the match is taken back to.
        let seat_rows = seats::Entity::find()
            .filter(seats::Column::MatchId.eq(self.id))
            .all(&storage.db)
            .await?;
        let leaves: Vec<(usize, usize)> = leaves_of(&seat_rows)
            .into_iter()
            .map(|(at, seat)| (at.min(from), seat))
            .collect();
        let mut state = game.start_seeded(self.seed);
        for (number, &mv) in decisions.iter().take(from).enumerate() {
            leave_at(&mut state, &leaves, number)
                .map_err(|e| Error::Corrupt(format!("match {}: {e}", self.id)))?;
            state
                .apply(mv)
                .map_err(|e| Error::Corrupt(format!("match {}: {e}", self.id)))?;
        }
        leave_at(&mut state, &leaves, from)
            .map_err(|e| Error::Corrupt(format!("match {}: {e}", self.id)))?;
        let now = storage.now();
        let txn = storage.db.begin().await?;
        seats::Entity::update_many()
            .col_expr(seats::Column::LeftAt, Expr::value(from as i32))
            .filter(seats::Column::MatchId.eq(self.id))
            .filter(seats::Column::LeftAt.gt(from as i32))
            .exec(&txn)
            .await?;
        let claimed = matches::Entity::update_many()
            .col_expr(matches::Column::MoveCount, Expr::value(from as i32))
            .filter(matches::Column::Id.eq(self.id))
            .filter(matches::Column::MoveCount.eq(decisions.len() as i32))
            .exec(&txn)
            .await?;
        if claimed.rows_affected != 1 {
            return Err(Error::Conflict(format!(
                "match {} moved on since it was loaded",
                self.id
            )));
        }
        moves::Entity::delete_many()
            .filter(moves::Column::MatchId.eq(self.id))
            .filter(moves::Column::Number.gte(from as i32))
            .exec(&txn)
            .await?;
        sealed_plans::Entity::delete_many()
            .filter(sealed_plans::Column::MatchId.eq(self.id))
            .filter(sealed_plans::Column::Number.gte(from as i32))
            .exec(&txn)
            .await?;
        draw_offers::Entity::delete_many()
            .filter(draw_offers::Column::MatchId.eq(self.id))
            .filter(draw_offers::Column::Number.gte(from as i32))
            .exec(&txn)
            .await?;
        deadlines::Entity::delete_many()
            .filter(deadlines::Column::MatchId.eq(self.id))
            .exec(&txn)
            .await?;
        if let Some(deadline) = deadline_row(self.id, &state, self.seconds_per_turn(), now)
            && !crate::stopped_clocks::clock_stopped(&txn, self.id).await?
        {
            deadlines::Entity::insert(deadline)
                .exec_without_returning(&txn)
                .await?;
        }
        txn.commit().await?;
        self.sealed_pending = storage.sealed_plans(self.id).await?.len();
        self.state = state;
        Ok(())
    }
}

/// Writes each seat's result of a finished match.
async fn write_results(
    txn: &sea_orm::DatabaseTransaction,
    match_id: i64,
    results: &[SeatResult],
) -> Result<()> {
    for (seat, result) in results.iter().enumerate() {
        seats::Entity::update_many()
            .col_expr(seats::Column::Result, Expr::value(result_word(*result)))
            .filter(seats::Column::MatchId.eq(match_id))
            .filter(seats::Column::Seat.eq(seat as i16))
            .exec(txn)
            .await?;
    }
    Ok(())
}

/// Chaos has no stats; every other kind does.
pub(crate) fn keeps_stats(kind: Kind) -> bool {
    kind != Kind::Chaos
}
