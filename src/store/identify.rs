//! Discord's identify limit across every process of one deployment: at most `max_concurrency`
//! gateway sessions may identify per 5 seconds in each bucket (`shard id % max_concurrency`),
//! whichever process they come from. serenity paces only the shards of one process.
//!
//! On Postgres a bucket is a row of `meta` (`identify:<bucket>`) holding when a shard of the
//! bucket last identified, in the database's own clock (so the machines' clocks do not matter).
//! A process takes the row with `select … for update`: it stays locked, and every other
//! process's turn for that bucket waits, until this process's shard has identified and the
//! time is written. A process that dies holding it releases it with its connection. On SQLite
//! there is one process, and the table layer paces its shards alone (`Service::identify_turn`).

use sqlx::{Postgres, Transaction};

use super::{Store, StoreError};

/// A bucket's identify row, locked until [`IdentifyLock::identified`] or until dropped (then the
/// time stays what it was). On SQLite it locks nothing.
pub struct IdentifyLock {
    held: Option<(Transaction<'static, Postgres>, String)>,
    since_ms: Option<i64>,
}

impl std::fmt::Debug for IdentifyLock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let key = self.held.as_ref().map(|(_, key)| key.as_str());
        f.debug_struct("IdentifyLock").field("key", &key).field("since_ms", &self.since_ms).finish()
    }
}

impl Store {
    /// Locks identify bucket `bucket` for this process: waits while another process holds it.
    pub async fn identify_lock(&self, bucket: u32) -> Result<IdentifyLock, StoreError> {
        const INSERT: &str =
            "insert into meta (key, value) values ($1, 0) on conflict (key) do nothing";
        // The database's clock in milliseconds since 1970.
        const READ: &str = "select cast(extract(epoch from clock_timestamp()) * 1000 as bigint) \
                            - value from meta where key = $1 for update";
        match self {
            Store::Postgres(pool) => {
                let key = format!("identify:{bucket}");
                sqlx::query(INSERT).bind(&key).execute(pool).await?;
                let mut tx = pool.begin().await?;
                let since: i64 = sqlx::query_scalar(READ).bind(&key).fetch_one(&mut *tx).await?;
                Ok(IdentifyLock { held: Some((tx, key)), since_ms: Some(since) })
            }
            Store::Sqlite(_) => Ok(IdentifyLock { held: None, since_ms: None }),
        }
    }
}

impl IdentifyLock {
    /// How long ago, in milliseconds, a shard of the bucket last identified in any process
    /// (None on SQLite, where only this process counts).
    pub fn since_ms(&self) -> Option<i64> {
        self.since_ms
    }

    /// Records that a shard of the bucket identified now, and unlocks the bucket.
    pub async fn identified(self) -> Result<(), StoreError> {
        const WRITE: &str = "update meta set value = cast(extract(epoch from \
            clock_timestamp()) * 1000 as bigint), version = version + 1 where key = $1";
        if let Some((mut tx, key)) = self.held {
            sqlx::query(WRITE).bind(&key).execute(&mut *tx).await?;
            tx.commit().await?;
        }
        Ok(())
    }
}
