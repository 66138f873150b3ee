//! What storing a table's next version owes besides the row: the turn notices of the people
//! to act now, and a finished game's ratings. The core works them out from the table itself as
//! it saves ([`super::Core::save`]); the parts that show them (turn notices, ratings) read
//! what was stored.

use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use super::Core;
use super::load::{Loaded, MAX_STRIKES, Rated, SHAPE};
use crate::engine::cup::Seat as CupSeat;
use crate::engine::{Action, Game, GameKind, Legal, Status};
use crate::game::rating::{self, ALL_TIME, Entrant, Skill};
use crate::ids::{Player, UserId};
use crate::store::{Change, RatingRow, TableStatus};
use crate::table::fail::{Fail, ServiceError};

/// A person's choice of turn notices, stored as JSON in `users.notify`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct NotifyChoice {
    /// Notices wanted at all.
    pub on: bool,
    /// Minutes a turn must have been theirs before the notice (0: at once).
    pub after_min: u32,
    /// Quiet hours `[from, to)`, local hours 0–23: a notice due then waits until `to`.
    pub quiet: Option<[u8; 2]>,
    /// The person's offset from UTC, in minutes (`tz +3:30` is 210).
    pub tz_min: i32,
    /// A private message could not reach them (Discord: direct messages closed); said once,
    /// and notices stop until they turn them on again.
    pub unreachable: bool,
}

impl Default for NotifyChoice {
    fn default() -> Self {
        Self { on: false, after_min: 10, quiet: None, tz_min: 0, unreachable: false }
    }
}

impl NotifyChoice {
    /// The stored choice (empty or unreadable: the default, off).
    pub fn read(stored: &str) -> Self {
        serde_json::from_str(stored).unwrap_or_default()
    }

    /// Whether notices go out: on, and reachable.
    pub fn active(&self) -> bool {
        self.on && !self.unreachable
    }

    /// When a notice for a turn that became theirs at `now` is due: after their delay, but no
    /// later than the turn's reminder (a notice after the bot played for them would be
    /// useless), moved out of quiet hours.
    pub fn due(&self, now: i64, remind_ms: Option<i64>) -> i64 {
        let mut due = now + i64::from(self.after_min) * 60_000;
        if let Some(remind) = remind_ms {
            due = due.min(remind.max(now));
        }
        self.after_quiet(due)
    }

    /// `at`, or if that falls within quiet hours, the end of them.
    pub fn after_quiet(&self, at: i64) -> i64 {
        let Some([from, to]) = self.quiet else { return at };
        if from == to {
            return at;
        }
        let day = 24 * 60;
        let minute = (at.div_euclid(60_000) + i64::from(self.tz_min)).rem_euclid(day);
        let (from, to) = (i64::from(from) * 60, i64::from(to) * 60);
        let quiet =
            if from < to { minute >= from && minute < to } else { minute >= from || minute < to };
        if !quiet {
            return at;
        }
        let wait = (to - minute).rem_euclid(day);
        (at.div_euclid(60_000) + wait) * 60_000
    }
}

/// The users who are to act at a table now (people only): the player to move, or everyone
/// still to throw a roll-off.
pub(in crate::table) fn people_to_act(t: &Loaded) -> Vec<usize> {
    if t.rec.status != TableStatus::Playing {
        return Vec::new();
    }
    let Some(game) = &t.game else { return Vec::new() };
    let seats: Vec<usize> = match game.legal() {
        Legal::RollOff { seats } => seats.iter().map(|s| usize::from(*s)).collect(),
        legal => legal.to_move().map(usize::from).into_iter().collect(),
    };
    seats
        .into_iter()
        .filter(|&i| t.rec.seats.get(i).is_some_and(|s| !s.left && !s.user.is_computer()))
        .collect()
}

/// The notices a change owes and the ones it ends, for [`Core::save`](super::Core::save): each seated
/// person who wants notices and is to act now is owed one (kept as it is if already owed
/// for this turn); the others' are dropped.
fn notices_of(t: &Loaded, now: i64) -> (Vec<(UserId, i64)>, Vec<UserId>) {
    let mut owed = Vec::new();
    let mut ended = Vec::new();
    let acting = people_to_act(t);
    for (i, seat) in t.rec.seats.iter().enumerate() {
        if seat.notify.is_empty() {
            continue;
        }
        let choice = NotifyChoice::read(&seat.notify);
        if !choice.active() {
            continue;
        }
        if acting.contains(&i) {
            if !owed.iter().any(|(u, _)| u == &seat.user) {
                owed.push((seat.user.clone(), choice.due(now, t.rec.remind_ms)));
            }
        } else if !ended.contains(&seat.user) {
            ended.push(seat.user.clone());
        }
    }
    ended.retain(|u| !owed.iter().any(|(o, _)| o == u));
    (owed, ended)
}

/// What a finished game's rating needs: the seats as the formula sees them, and where the
/// changes of the all-time rating are collected.
pub(in crate::table) struct Plan {
    kind: GameKind,
    /// For each seat: its person's index in `users`, or its computer's level.
    seats: Vec<Result<usize, crate::engine::computer::Level>>,
    ranks: Vec<u32>,
    /// The game's length ([`rating::length`]).
    length: u32,
    at_ms: i64,
    pub(in crate::table) users: Vec<String>,
    pub(in crate::table) seasons: Vec<String>,
    pub(in crate::table) changes: Mutex<Vec<Rated>>,
}

impl Plan {
    /// The plan of a finished game, if it is rated: a rated game (not Snakes), finished (not
    /// cancelled), at least two seats, at least one person, each person at one seat, every seat
    /// ranked (a resignation or three strikes is already last in the ranking).
    pub(in crate::table) fn of(
        kind: GameKind,
        game: &Game,
        seats: &[(UserId, Option<i32>)],
        at_ms: i64,
        season: String,
    ) -> Option<Plan> {
        if !rating::rated_game(kind) || seats.len() < 2 {
            return None;
        }
        let mut users = Vec::new();
        let mut plan_seats = Vec::new();
        let mut ranks = Vec::new();
        for (user, rank) in seats {
            ranks.push(u32::try_from((*rank)?).ok()?);
            match user.player() {
                Player::Computer { level, .. } => plan_seats.push(Err(level)),
                Player::DamagedComputer => return None,
                Player::Person => {
                    if users.contains(&user.to_string()) {
                        return None;
                    }
                    plan_seats.push(Ok(users.len()));
                    users.push(user.to_string());
                }
            }
        }
        if users.is_empty() {
            return None;
        }
        Some(Plan {
            kind,
            seats: plan_seats,
            ranks,
            length: rating::length(game),
            at_ms,
            users,
            seasons: vec![ALL_TIME.to_owned(), season],
            changes: Mutex::new(Vec::new()),
        })
    }

    /// The rows after the game from the rows before (one per person, in `users` order).
    pub(in crate::table) fn rate(&self, season: &str, rows: &[RatingRow]) -> Vec<RatingRow> {
        let before: Vec<Skill> = rows
            .iter()
            .map(|r| match (r.mu, r.sigma) {
                (Some(mu), Some(sigma)) => Skill { mu, sigma }.aged(self.at_ms - r.last_ms),
                _ => rating::START,
            })
            .collect();
        let entrants: Vec<Entrant> = self
            .seats
            .iter()
            .map(|s| match *s {
                Ok(i) => Entrant::Person(before.get(i).copied().unwrap_or(rating::START)),
                Err(level) => Entrant::Computer(level),
            })
            .collect();
        let games: Vec<i64> = self
            .seats
            .iter()
            .map(|s| s.ok().and_then(|i| rows.get(i)).map_or(0, |r| r.games))
            .collect();
        let after = rating::rate(self.kind, &entrants, &self.ranks, self.length, &games);
        let mut out: Vec<RatingRow> = rows.to_vec();
        let mut changes = Vec::new();
        for (seat, s) in self.seats.iter().enumerate() {
            let Ok(i) = *s else { continue };
            let Some(row) = out.get_mut(i) else { continue };
            row.mu = Some(after[seat].mu);
            row.sigma = Some(after[seat].sigma);
            row.games += 1;
            row.wins += i64::from(self.ranks[seat] == 1);
            row.last_ms = self.at_ms;
            changes.push(Rated { seat, before: before[i], after: after[seat], games: row.games });
        }
        if season == ALL_TIME
            && let Ok(mut kept) = self.changes.lock()
        {
            *kept = changes;
        }
        out
    }
}

/// How a finished cup table's seats ended, for its cup game (T7): a seat the timer removed
/// forfeits, the others their rank.
fn cup_result(t: &Loaded) -> Vec<CupSeat> {
    t.rec
        .seats
        .iter()
        .map(|s| match s.rank {
            _ if s.left && s.strikes >= MAX_STRIKES => CupSeat::Forfeit,
            Some(rank) => CupSeat::Place(u8::try_from(rank).unwrap_or(u8::MAX)),
            None => CupSeat::Place(u8::try_from(t.rec.seats.len()).unwrap_or(u8::MAX)),
        })
        .collect()
}

impl Core {
    /// Stores `t` as its next version with an optional action; on success `t` is that version,
    /// on failure it is left exactly as it was (the version is made on a copy).
    pub(in crate::table) async fn save(
        &self,
        t: &mut Loaded,
        action: Option<&Action>,
    ) -> Result<(), Fail> {
        let mut next = t.clone();
        self.save_next(&mut next, action).await?;
        *t = next;
        Ok(())
    }

    /// [`Core::save`]'s work, on the copy that becomes the table once stored.
    async fn save_next(&self, t: &mut Loaded, action: Option<&Action>) -> Result<(), Fail> {
        let now = self.clock.now_ms();
        t.rec.updated_ms = now;
        t.rec.shape = SHAPE;
        let encode = |e: serde_json::Error| ServiceError::Damaged(t.rec.id, e.to_string());
        let options = serde_json::to_string(&t.options).map_err(encode)?;
        let settings = serde_json::to_string(&t.settings).map_err(encode)?;
        t.rec.options = options;
        t.rec.settings = settings;
        let mut results = false;
        if let Some(game) = &t.game {
            t.rec.state = Some(game.to_json().to_string());
            if game.status() == Status::Finished && t.rec.status == TableStatus::Playing {
                t.rec.status = TableStatus::Finished;
                if let Some(ranking) = game.ranking() {
                    for (seat, rank) in t.rec.seats.iter_mut().zip(ranking) {
                        seat.rank = Some(i32::from(rank));
                    }
                }
                results = true;
            }
        }
        // The deadline runs for whoever must act next; a computer acts after a pause.
        let timer = t.settings.timer.millis().filter(|_| t.rec.status == TableStatus::Playing);
        t.rec.deadline_ms = timer.map(|ms| now + ms);
        t.rec.remind_ms = timer.map(|ms| now + ms * 3 / 4);
        let computer = t.computer_to_act().is_some();
        if computer {
            t.rec.deadline_ms = Some(now + self.computer_pause_ms);
            t.rec.remind_ms = None;
        }
        let json = match action {
            Some(a) => Some(
                serde_json::to_string(a)
                    .map_err(|e| ServiceError::Damaged(t.rec.id, e.to_string()))?,
            ),
            None => None,
        };
        let (notices, unnotice) = notices_of(t, now);
        let plan = if results { self.rating_plan(t, now) } else { None };
        let rate = plan.as_ref().map(|p| move |s: &str, rows: &[_]| p.rate(s, rows));
        let rating = plan.as_ref().zip(rate.as_ref()).map(|(p, rate)| crate::store::Rating {
            users: &p.users,
            seasons: &p.seasons,
            rate,
        });
        let cup_result = (results && t.rec.cup.is_some()).then(|| cup_result(t));
        let change = Change {
            action: json.as_deref(),
            results,
            seats_unchanged: t.rec.seats == t.stored_seats,
            notices: &notices,
            unnotice: &unnotice,
            rating,
            cup_result: cup_result.as_deref(),
        };
        let started = std::time::Instant::now();
        let saved = self.store.save(&t.rec, &change).await;
        if let Some(m) = &self.metrics {
            m.store_seconds.observe(started.elapsed().as_secs_f64());
            if saved.is_ok() && action.is_some() {
                m.turns.inc();
            }
        }
        t.rec.version = saved?;
        if let Some(plan) = plan {
            // The changes, for the ranking message under the final board.
            t.rated = plan.changes.into_inner().unwrap_or_default();
        }
        t.stored_seats.clone_from(&t.rec.seats);
        if computer {
            self.owed.owe_board(t.rec.id, t.rec.version);
        }
        Ok(())
    }

    /// The rating plan of a table whose game just finished, if it is rated.
    fn rating_plan(&self, t: &Loaded, at_ms: i64) -> Option<Plan> {
        if t.rec.status != TableStatus::Finished {
            return None;
        }
        let game = t.game.as_ref()?;
        let seats: Vec<(UserId, Option<i32>)> =
            t.rec.seats.iter().map(|s| (s.user.clone(), s.rank)).collect();
        Plan::of(t.kind, game, &seats, at_ms, self.seasons.of(at_ms))
    }
}
