//! Rematches (issue 37): the one table a finished game's 🔁 Rematch button opens. The database
//! keeps it to one: `tables.rematch_of` is unique, so of presses at once (in one process or
//! several), one insert opens the table and every other finds it.

use super::{BeginWrite, SeatRecord, Store, StoreError, TableRecord};
use crate::ids::{TableId, UserId};

/// What [`Store::open_rematch`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rematch {
    /// This call opened the rematch: the new table's id.
    Opened(TableId),
    /// The finished table already had its rematch (another press came first): its id.
    Exists(TableId),
}

impl Store {
    /// Opens `t` (with its seats) as the rematch of the finished table `of`, in one
    /// transaction, unless `of` already has one: then nothing is written and that table is
    /// named. However many calls race, in however many processes, exactly one opens it.
    pub async fn open_rematch(&self, t: &TableRecord, of: TableId) -> Result<Rematch, StoreError> {
        const INSERT: &str = "insert into tables (chat, game, options, settings, seed, \
                              commitment, status, state, next_roll, shape, host, deadline_ms, \
                              remind_ms, updated_ms, rematch_of) \
                              values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, \
                              $14, $15) on conflict (rematch_of) do nothing returning id";
        const FIND: &str = "select id from tables where rematch_of = $1";
        let done = on_writer!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let id: Option<TableId> = bind_insert!(sqlx::query_scalar(INSERT), t)
                .bind(of)
                .fetch_optional(&mut *tx)
                .await?;
            match id {
                Some(id) => {
                    for (seat, s) in t.seats.iter().enumerate() {
                        insert_seat!(tx, id, seat, s);
                    }
                    tx.commit().await?;
                    Rematch::Opened(id)
                }
                None => {
                    // The insert met the rematch another press committed: read it in the
                    // same transaction (a new statement sees what was committed).
                    let id: TableId = sqlx::query_scalar(FIND).bind(of).fetch_one(&mut *tx).await?;
                    tx.rollback().await?;
                    Rematch::Exists(id)
                }
            }
        });
        Ok(done)
    }

    /// The rematch of table `of`, if one was opened.
    pub async fn rematch(&self, of: TableId) -> Result<Option<TableId>, StoreError> {
        const SQL: &str = "select id from tables where rematch_of = $1";
        let id = on_pool!(self, pool => {
            sqlx::query_scalar(SQL).bind(of).fetch_optional(pool).await?
        });
        Ok(id)
    }

    /// A table's seats in order (without its row): whom a rematch invites.
    pub async fn seats(&self, id: TableId) -> Result<Vec<SeatRecord>, StoreError> {
        const SQL: &str = "select user_id, name, status, strikes, rank from seats \
                           where table_id = $1 order by seat";
        let rows: Vec<(String, String, String, i32, Option<i32>)> = on_pool!(self, pool => {
            sqlx::query_as(SQL).bind(id).fetch_all(pool).await?
        });
        Ok(rows
            .into_iter()
            .map(|(user, name, status, strikes, rank)| SeatRecord {
                user: UserId::from(user),
                name,
                left: status == "left",
                strikes,
                rank,
                ..SeatRecord::default()
            })
            .collect())
    }
}
