//! Checking stored tables against their logs: every started table's log, replayed from its
//! seed through the rules, must give its stored snapshot (the log is the truth, the snapshot a
//! cache). Run over a whole database after `dicetable store copy`.

use super::Replays;
use crate::ids::TableId;
use crate::store::{StoreError, TableStatus};
use crate::table::fail::ServiceError;
use crate::table::load::{Loaded, SHAPE};

/// What [`Replays::check_log`] found for one table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogCheck {
    /// The log replays to the stored snapshot: this many actions.
    Replayed(usize),
    /// No game was started (a lobby, or a table cancelled in its lobby): no log to replay.
    NoGame,
    /// The log replays, but the snapshot is stored in an older shape, so it was not compared
    /// (the table is rebuilt from its log when it is next read): this many actions.
    OtherShape(usize),
}

impl Replays {
    /// Replays table `id`'s log from its seed and compares the game it gives with the stored
    /// snapshot. A table whose row does not read, whose log does not replay, or whose snapshot
    /// differs from the replay is reported as [`ServiceError::Damaged`], saying where.
    pub async fn check_log(&self, id: TableId) -> Result<LogCheck, ServiceError> {
        let rec = match self.store.table(id).await {
            Ok(rec) => rec,
            Err(StoreError::BadRow { table, why }) => {
                return Err(ServiceError::Damaged(table, why));
            }
            Err(e) => return Err(e.into()),
        };
        let damaged = |why: String| ServiceError::Damaged(id, why);
        let t = Loaded::read(rec).map_err(damaged)?;
        let Some(stored) = t.rec.state.clone() else {
            if t.rec.status == TableStatus::Lobby || t.rec.status == TableStatus::Cancelled {
                let actions = self.core.actions(&t).await?;
                if !actions.is_empty() {
                    return Err(damaged(format!("no game, yet {} logged actions", actions.len())));
                }
                return Ok(LogCheck::NoGame);
            }
            return Err(damaged(format!("a {} table without a snapshot", t.rec.status.word())));
        };
        let (game, log) = self.core.replay(&t).await?;
        if t.rec.shape != SHAPE {
            return Ok(LogCheck::OtherShape(log.len()));
        }
        let stored: serde_json::Value = serde_json::from_str(&stored)
            .map_err(|e| damaged(format!("the snapshot is not JSON: {e}")))?;
        let replayed = game.to_json();
        if let Some((path, snapshot, rules)) =
            crate::game::replay::first_difference(&stored, &replayed)
        {
            return Err(damaged(format!(
                "the log of {} actions replays to {path} = {rules}, the snapshot says {snapshot}",
                log.len()
            )));
        }
        Ok(LogCheck::Replayed(log.len()))
    }
}
