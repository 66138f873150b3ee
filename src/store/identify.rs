//! Discord's identify limit across every process of one deployment: at most `max_concurrency`
//! gateway sessions may identify per 5 seconds in each bucket (`shard id % max_concurrency`),
//! whichever process they come from. serenity paces only the shards of one process.
//!
//! On Postgres a bucket is a row of `meta` (`identify:<bucket>`) holding when a shard of the
//! bucket last identified, in the database's own clock (so the machines' clocks do not matter).
//! A process takes its turn with `select … for update`: the row stays locked, and every other
//! process's turn for that bucket waits, until this process's shard has identified and the
//! time is written; then the next turn waits until the interval has passed since that time.
//! A process that dies holding a turn releases it with its connection. On SQLite there is one
//! process, so a lock in the process paces its shards.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use sqlx::{Postgres, Transaction};

use super::{Store, StoreError};

/// When each bucket's last shard identified, for SQLite's one process.
pub(super) type LocalTurns = Arc<tokio::sync::Mutex<HashMap<u32, Instant>>>;

/// A bucket's turn to identify: no other shard of the bucket, in any process, identifies until
/// [`IdentifyTurn::identified`] is called or the turn is dropped (then the interval counts from
/// the previous identify).
pub struct IdentifyTurn {
    turn: Turn,
}

enum Turn {
    Postgres { tx: Transaction<'static, Postgres>, key: String },
    Local { last: tokio::sync::OwnedMutexGuard<HashMap<u32, Instant>>, bucket: u32 },
}

impl std::fmt::Debug for IdentifyTurn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.turn {
            Turn::Postgres { key, .. } => write!(f, "IdentifyTurn({key})"),
            Turn::Local { bucket, .. } => write!(f, "IdentifyTurn(local {bucket})"),
        }
    }
}

impl Store {
    /// Waits for `bucket`'s turn to identify a gateway session: until no other shard of the
    /// bucket holds a turn and `interval` has passed since the bucket's last identify.
    pub async fn identify_turn(
        &self,
        bucket: u32,
        interval: Duration,
    ) -> Result<IdentifyTurn, StoreError> {
        const INSERT: &str =
            "insert into meta (key, value) values ($1, 0) on conflict (key) do nothing";
        // The database's clock, in milliseconds since 1970, so the machines' clocks don't matter.
        const READ: &str = "select value, cast(extract(epoch from clock_timestamp()) * 1000 \
                            as bigint) from meta where key = $1 for update";
        match self {
            Store::Postgres(pool) => {
                let key = format!("identify:{bucket}");
                sqlx::query(INSERT).bind(&key).execute(pool).await?;
                let mut tx = pool.begin().await?;
                let (last, now): (i64, i64) =
                    sqlx::query_as(READ).bind(&key).fetch_one(&mut *tx).await?;
                let due =
                    last.saturating_add(i64::try_from(interval.as_millis()).unwrap_or(i64::MAX));
                if due > now {
                    tokio::time::sleep(Duration::from_millis(due.abs_diff(now))).await;
                }
                Ok(IdentifyTurn { turn: Turn::Postgres { tx, key } })
            }
            Store::Sqlite(lite) => {
                let last = lite.identify.clone().lock_owned().await;
                if let Some(at) = last.get(&bucket) {
                    tokio::time::sleep_until((*at + interval).into()).await;
                }
                Ok(IdentifyTurn { turn: Turn::Local { last, bucket } })
            }
        }
    }
}

impl IdentifyTurn {
    /// Records that the shard identified now, and ends the turn.
    pub async fn identified(self) -> Result<(), StoreError> {
        match self.turn {
            Turn::Postgres { mut tx, key } => {
                const WRITE: &str = "update meta set value = cast(extract(epoch from \
                    clock_timestamp()) * 1000 as bigint), version = version + 1 where key = $1";
                sqlx::query(WRITE).bind(&key).execute(&mut *tx).await?;
                tx.commit().await?;
            }
            Turn::Local { mut last, bucket } => {
                last.insert(bucket, Instant::now());
            }
        }
        Ok(())
    }
}
