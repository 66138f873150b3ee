//! The show protocol's claims (issue 44, `table/show.rs`): one process at a time shows a
//! table's lobby or board. A claim is the table row's `show_owner` / `show_until_ms`; it never
//! changes the table's version, so the buttons on the board stay valid.
//!
//! A process claims a table ([`ShowStore::claim_show`]), learns the message recorded for the slot
//! it shows, sends or edits, takes the buttons off the message it replaces, and then records
//! its message and gives the claim back in one statement ([`ShowStore::record_show`]), which
//! writes only while the claim is still this owner's. A process that dies holding a claim
//! leaves it to expire.

use super::{BeginWrite, ShowStore, Store, StoreError};
use crate::ids::{MessageRef, TableId, Version};

/// What [`ShowStore::claim_show`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// The claim is this owner's: the message recorded for the slot, with the table version
    /// it shows, if any (a damaged reference is none: the view is posted anew).
    Claimed(Option<(MessageRef, Version)>),
    /// Another owner's claim has not expired yet (or there is no such table).
    Held,
}

impl ShowStore<'_> {
    /// Claims the showing of table `table`'s messages for `owner` until `until_ms`, unless
    /// another owner holds an unexpired claim at `now_ms`; with the claim, reads the message
    /// recorded for the `kind` slot.
    pub async fn claim_show(
        self,
        table: TableId,
        kind: &str,
        owner: i64,
        now_ms: i64,
        until_ms: i64,
    ) -> Result<Claim, StoreError> {
        const CLAIM: &str = "update tables set show_owner = $2, show_until_ms = $3 \
                             where id = $1 and (show_until_ms is null or show_until_ms < $4 \
                             or show_owner = $2)";
        const READ: &str =
            "select message, version from messages where table_id = $1 and kind = $2";
        // The read is a statement of its own, after the claim: a claim that waited for the
        // previous owner's record (its row lock) must see what that record wrote, which a
        // read in the claim's own statement (its snapshot taken before the wait) would not.
        // On SQLite both run in one write transaction, which sees the newest commit.
        let recorded = match self.whole() {
            Store::Postgres(pool) => {
                let done = sqlx::query(CLAIM)
                    .bind(table)
                    .bind(owner)
                    .bind(until_ms)
                    .bind(now_ms)
                    .execute(pool)
                    .await?;
                if done.rows_affected() == 0 {
                    return Ok(Claim::Held);
                }
                sqlx::query_as(READ).bind(table).bind(kind).fetch_optional(pool).await?
            }
            Store::Sqlite(lite) => {
                let mut tx = lite.write.begin_write().await?;
                let done = sqlx::query(CLAIM)
                    .bind(table)
                    .bind(owner)
                    .bind(until_ms)
                    .bind(now_ms)
                    .execute(&mut *tx)
                    .await?;
                if done.rows_affected() == 0 {
                    tx.rollback().await?;
                    return Ok(Claim::Held);
                }
                let recorded: Option<(String, Version)> =
                    sqlx::query_as(READ).bind(table).bind(kind).fetch_optional(&mut *tx).await?;
                tx.commit().await?;
                recorded
            }
        };
        Ok(Claim::Claimed(parsed(recorded)))
    }

    /// Records that `message` shows version `version` of table `table`'s `kind` slot and gives
    /// the claim back, both only if `owner` still holds the claim (and no newer version is
    /// recorded). False: nothing was written (the claim expired and another owner took it).
    pub async fn record_show(
        self,
        table: TableId,
        kind: &str,
        owner: i64,
        message: &MessageRef,
        version: Version,
    ) -> Result<bool, StoreError> {
        let message = message.to_string();
        const PG: &str = "with c as (update tables set show_owner = null, show_until_ms = null \
                          where id = $1 and show_owner = $5 returning id) \
                          insert into messages (table_id, kind, message, version) \
                          select $1, $2, $3, $4 from c \
                          on conflict (table_id, kind) do update \
                          set message = excluded.message, version = excluded.version \
                          where messages.version <= excluded.version \
                          returning version";
        const RELEASE: &str = "update tables set show_owner = null, show_until_ms = null \
                               where id = $1 and show_owner = $2";
        const UPSERT: &str = "insert into messages (table_id, kind, message, version) \
                              values ($1, $2, $3, $4) on conflict (table_id, kind) do update \
                              set message = excluded.message, version = excluded.version \
                              where messages.version <= excluded.version returning version";
        match self.whole() {
            Store::Postgres(pool) => {
                let done: Option<Version> = sqlx::query_scalar(PG)
                    .bind(table)
                    .bind(kind)
                    .bind(&message)
                    .bind(version)
                    .bind(owner)
                    .fetch_optional(pool)
                    .await?;
                Ok(done.is_some())
            }
            Store::Sqlite(lite) => {
                let mut tx = lite.write.begin_write().await?;
                let released =
                    sqlx::query(RELEASE).bind(table).bind(owner).execute(&mut *tx).await?;
                if released.rows_affected() == 0 {
                    tx.rollback().await?;
                    return Ok(false);
                }
                let done: Option<Version> = sqlx::query_scalar(UPSERT)
                    .bind(table)
                    .bind(kind)
                    .bind(&message)
                    .bind(version)
                    .fetch_optional(&mut *tx)
                    .await?;
                if done.is_none() {
                    tx.rollback().await?;
                    return Ok(false);
                }
                tx.commit().await?;
                Ok(true)
            }
        }
    }

    /// Gives a claim back without recording anything (nothing was shown, or the view was no
    /// longer wanted), if `owner` still holds it.
    pub async fn release_show(self, table: TableId, owner: i64) -> Result<(), StoreError> {
        const SQL: &str = "update tables set show_owner = null, show_until_ms = null \
                           where id = $1 and show_owner = $2";
        self.whole().release_claim(SQL, table.get(), owner).await
    }

    /// [`ShowStore::claim_show`] for a cup's standings message (issue 49): claims the showing of
    /// cup `cup`'s standings for `owner` until `until_ms`; with the claim, the message recorded
    /// for it and the standings version it shows.
    pub async fn claim_cup_show(
        self,
        cup: i64,
        owner: i64,
        now_ms: i64,
        until_ms: i64,
    ) -> Result<Claim, StoreError> {
        // One statement: the message is the claimed row's own, so a claim that waited for the
        // previous owner's record returns what that record wrote.
        const SQL: &str = "update cups set show_owner = $2, show_until_ms = $3 \
                           where id = $1 and (show_until_ms is null or show_until_ms < $4 \
                           or show_owner = $2) returning standings_message, standings_version";
        let row: Option<(Option<String>, Version)> = on_writer!(self, pool => {
            sqlx::query_as(SQL)
                .bind(cup)
                .bind(owner)
                .bind(until_ms)
                .bind(now_ms)
                .fetch_optional(pool)
                .await?
        });
        Ok(match row {
            None => Claim::Held,
            Some((message, version)) => Claim::Claimed(parsed(message.map(|m| (m, version)))),
        })
    }

    /// [`ShowStore::record_show`] for a cup's standings message: records `message` showing
    /// standings `version` and gives the claim back, only while `owner` holds it and no newer
    /// version is recorded. False: nothing was written.
    pub async fn record_cup_show(
        self,
        cup: i64,
        owner: i64,
        message: &MessageRef,
        version: Version,
    ) -> Result<bool, StoreError> {
        let message = message.to_string();
        const SQL: &str = "update cups set show_owner = null, show_until_ms = null, \
                           standings_message = $3, standings_version = $4 \
                           where id = $1 and show_owner = $2 and standings_version <= $4";
        let done = on_writer!(self, pool => {
            sqlx::query(SQL)
                .bind(cup)
                .bind(owner)
                .bind(&message)
                .bind(version)
                .execute(pool)
                .await?
                .rows_affected()
        });
        Ok(done == 1)
    }

    /// Gives a cup's show claim back without recording anything, if `owner` still holds it.
    pub async fn release_cup_show(self, cup: i64, owner: i64) -> Result<(), StoreError> {
        const SQL: &str = "update cups set show_owner = null, show_until_ms = null \
                           where id = $1 and show_owner = $2";
        self.whole().release_claim(SQL, cup, owner).await
    }

    /// The message recorded for cup `cup`'s standings, with the standings version it shows.
    pub async fn cup_message(self, cup: i64) -> Result<Option<(MessageRef, Version)>, StoreError> {
        const SQL: &str = "select standings_message, standings_version from cups where id = $1";
        let row: Option<(Option<String>, Version)> = on_pool!(self, pool => {
            sqlx::query_as(SQL).bind(cup).fetch_optional(pool).await?
        });
        Ok(parsed(row.and_then(|(m, v)| m.map(|m| (m, v)))))
    }
}

/// A recorded message's text and version read as a reference; a damaged one is none.
fn parsed(recorded: Option<(String, Version)>) -> Option<(MessageRef, Version)> {
    let (text, version) = recorded?;
    match MessageRef::parse(&text) {
        Some(message) => Some((message, version)),
        None => {
            tracing::warn!(text, "a recorded message reference is damaged: shown anew");
            None
        }
    }
}
