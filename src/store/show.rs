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
use crate::ids::{CupId, MessageRef, TableId, Version};

/// What [`ShowStore::claim_show`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// The claim is this owner's: the message recorded for the slot, with the table version
    /// it shows, if any (a damaged reference is none: the view is posted anew).
    Claimed(Option<(MessageRef, Version)>),
    /// Another owner's claim has not expired yet (or there is no such table).
    Held,
    /// The claim is this owner's, taken over from a show that never gave it back (its process
    /// was killed between its put and its record, or it outlived its claim): as
    /// [`Claim::Claimed`], with where that show's message would follow (`mark`: the newest
    /// message its adapter knew in each chat; `None` when it knew none). It may have put a
    /// message no row records, whose buttons the next board takes off (issue 60, item 5).
    TakenOver {
        /// The message recorded for the slot, with the version it shows, as in
        /// [`Claim::Claimed`].
        recorded: Option<(MessageRef, Version)>,
        /// Where the dead show's message would follow.
        mark: Option<MessageRef>,
    },
}

impl ShowStore<'_> {
    /// Claims the showing of table `table`'s messages for `owner` until `until_ms`, unless
    /// another owner holds an unexpired claim at `now_ms`; with the claim, reads the message
    /// recorded for the `kind` slot. The claim is the show's intent, written before it puts
    /// anything: with it goes `mark`, where its message will follow (issue 60, item 5), which
    /// the next claim reads back if this one is never given back ([`Claim::TakenOver`]).
    ///
    /// Two damaged rows are not trusted (issue 61): a claim expiring later than any show
    /// writes is taken over (`ShowStore::seize`), and a recorded version past the table's
    /// own is read as older than any (`ShowStore::checked`); each is logged once, by the
    /// show that repairs it.
    pub async fn claim_show(
        self,
        table: TableId,
        kind: &str,
        owner: i64,
        now_ms: i64,
        until_ms: i64,
        mark: Option<&MessageRef>,
    ) -> Result<Claim, StoreError> {
        let mark = mark.map(MessageRef::to_string);
        let claim = self.try_claim_show(table, kind, owner, now_ms, until_ms, &mark).await?;
        if claim != Claim::Held
            || !self.seize(Claimed::Table, table.get(), owner, now_ms, until_ms).await?
        {
            return Ok(claim);
        }
        self.try_claim_show(table, kind, owner, now_ms, until_ms, &mark).await
    }

    async fn try_claim_show(
        self,
        table: TableId,
        kind: &str,
        owner: i64,
        now_ms: i64,
        until_ms: i64,
        mark: &Option<String>,
    ) -> Result<Claim, StoreError> {
        // Every expression of an update reads the row as it was: `show_gap` is the mark of a
        // claim that was never given back ('' if it had none), null after a given-back one.
        const CLAIM: &str = "update tables set show_owner = $2, show_until_ms = $3, \
                             show_gap = case when show_owner is not null and show_owner <> $2 \
                             then coalesce(show_after, '') end, show_after = $5 \
                             where id = $1 and (show_until_ms is null or show_until_ms < $4 \
                             or show_owner = $2) returning show_gap";
        // The table's own version with the message's: a recorded version past it is damage.
        const READ: &str = "select m.message, m.version, t.version from messages m \
                            join tables t on t.id = m.table_id \
                            where m.table_id = $1 and m.kind = $2";
        // The read is a statement of its own, after the claim: a claim that waited for the
        // previous owner's record (its row lock) must see what that record wrote, which a
        // read in the claim's own statement (its snapshot taken before the wait) would not.
        // On SQLite both run in one write transaction, which sees the newest commit.
        let (recorded, gap) = match self.whole() {
            Store::Postgres(pool) => {
                let done: Option<Option<String>> = sqlx::query_scalar(CLAIM)
                    .bind(table)
                    .bind(owner)
                    .bind(until_ms)
                    .bind(now_ms)
                    .bind(mark)
                    .fetch_optional(pool)
                    .await?;
                let Some(gap) = done else { return Ok(Claim::Held) };
                let read = sqlx::query_as(READ).bind(table).bind(kind).fetch_optional(pool);
                (self.checked(table, kind, read.await?).await?, gap)
            }
            Store::Sqlite(lite) => {
                let mut tx = lite.write.begin_write().await?;
                let done: Option<Option<String>> = sqlx::query_scalar(CLAIM)
                    .bind(table)
                    .bind(owner)
                    .bind(until_ms)
                    .bind(now_ms)
                    .bind(mark)
                    .fetch_optional(&mut *tx)
                    .await?;
                let Some(gap) = done else {
                    tx.rollback().await?;
                    return Ok(Claim::Held);
                };
                let read = sqlx::query_as(READ).bind(table).bind(kind).fetch_optional(&mut *tx);
                let read = read.await?;
                tx.commit().await?;
                (self.checked(table, kind, read).await?, gap)
            }
        };
        Ok(match gap {
            None => Claim::Claimed(recorded),
            Some(mark) => {
                // A mark that does not read as a reference (damage) marks nothing.
                let mark = (!mark.is_empty()).then(|| MessageRef::parse(&mark)).flatten();
                tracing::warn!(
                    table = table.get(),
                    ?mark,
                    "a show claim was never given back: its process may have left a message"
                );
                Claim::TakenOver { recorded, mark }
            }
        })
    }

    /// Every message with buttons the store records as live in the chat of table `table`:
    /// each table's lobby and board there and each cup's standings, which a sweep after a
    /// crash must leave alone (issue 60, item 5).
    pub async fn live_in_chat(self, table: TableId) -> Result<Vec<MessageRef>, StoreError> {
        const SQL: &str = "select m.message from messages m \
                           join tables t on t.id = m.table_id \
                           join tables me on me.chat = t.chat where me.id = $1 \
                           union all select c.standings_message from cups c \
                           join tables me on me.chat = c.chat \
                           where me.id = $1 and c.standings_message is not null";
        let rows: Vec<String> = on_pool!(self, pool => {
            sqlx::query_scalar(SQL).bind(table).fetch_all(pool).await?
        });
        Ok(rows.iter().filter_map(|m| MessageRef::parse(m)).filter(|m| !m.plain).collect())
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
        cup: CupId,
        owner: i64,
        now_ms: i64,
        until_ms: i64,
    ) -> Result<Claim, StoreError> {
        // One statement: the message is the claimed row's own, so a claim that waited for the
        // previous owner's record returns what that record wrote.
        let claim = self.try_claim_cup_show(cup, owner, now_ms, until_ms).await?;
        if claim != Claim::Held
            || !self.seize(Claimed::Cup, cup.get(), owner, now_ms, until_ms).await?
        {
            return Ok(claim);
        }
        self.try_claim_cup_show(cup, owner, now_ms, until_ms).await
    }

    async fn try_claim_cup_show(
        self,
        cup: CupId,
        owner: i64,
        now_ms: i64,
        until_ms: i64,
    ) -> Result<Claim, StoreError> {
        // With the newest standings version the cup can show: its version and one for each
        // game (a game's result adds one); a recorded version past it is damage.
        const SQL: &str = "update cups set show_owner = $2, show_until_ms = $3 \
                           where id = $1 and (show_until_ms is null or show_until_ms < $4 \
                           or show_owner = $2) returning standings_message, standings_version, \
                           version + (select count(*) from cup_games g where g.cup_id = cups.id)";
        let row: Option<(Option<String>, Version, Version)> = on_writer!(self, pool => {
            sqlx::query_as(SQL)
                .bind(cup)
                .bind(owner)
                .bind(until_ms)
                .bind(now_ms)
                .fetch_optional(pool)
                .await?
        });
        let Some((message, version, newest)) = row else { return Ok(Claim::Held) };
        let Some(message) = message else { return Ok(Claim::Claimed(None)) };
        let version = if version > newest {
            const REPAIR: &str = "update cups set standings_version = -1 \
                                  where id = $1 and standings_version = $2";
            let repaired = on_writer!(self, pool => {
                sqlx::query(REPAIR).bind(cup).bind(version).execute(pool).await?.rows_affected()
            });
            if repaired == 1 {
                tracing::warn!(
                    cup = cup.get(),
                    recorded = version.get(),
                    newest = newest.get(),
                    "the cup's standings message was recorded at a version the cup never had: \
                     read as older than any"
                );
            }
            UNSHOWN
        } else {
            version
        };
        Ok(Claim::Claimed(parsed(Some((message, version)))))
    }

    /// [`ShowStore::record_show`] for a cup's standings message: records `message` showing
    /// standings `version` and gives the claim back, only while `owner` holds it and no newer
    /// version is recorded. False: nothing was written.
    pub async fn record_cup_show(
        self,
        cup: CupId,
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
    pub async fn release_cup_show(self, cup: CupId, owner: i64) -> Result<(), StoreError> {
        const SQL: &str = "update cups set show_owner = null, show_until_ms = null \
                           where id = $1 and show_owner = $2";
        self.whole().release_claim(SQL, cup.get(), owner).await
    }

    /// The message recorded for cup `cup`'s standings, with the standings version it shows.
    pub async fn cup_message(
        self,
        cup: CupId,
    ) -> Result<Option<(MessageRef, Version)>, StoreError> {
        const SQL: &str = "select standings_message, standings_version from cups where id = $1";
        let row: Option<(Option<String>, Version)> = on_pool!(self, pool => {
            sqlx::query_as(SQL).bind(cup).fetch_optional(pool).await?
        });
        Ok(parsed(row.and_then(|(m, v)| m.map(|m| (m, v)))))
    }
}

/// The version a damaged recorded one is read as: older than any a table or a cup shows (a
/// table's first is 0), so the next view replaces the message.
const UNSHOWN: Version = Version::new(-1);

/// What a show claims: a table's row or a cup's.
#[derive(Debug, Clone, Copy)]
enum Claimed {
    Table,
    Cup,
}

impl ShowStore<'_> {
    /// Takes over a claim on `what`'s row `id` that expires later than any show writes: a
    /// claim lasts `until_ms - now_ms`, so one ending more than that past this show's own
    /// expiry (a lease's worth of clocks disagreeing) is damage, not another process's show,
    /// and would hold every show of it back for good. True: taken (and logged, once: the
    /// next claim finds a claim this show wrote).
    async fn seize(
        self,
        what: Claimed,
        id: i64,
        owner: i64,
        now_ms: i64,
        until_ms: i64,
    ) -> Result<bool, StoreError> {
        let (read, take) = match what {
            Claimed::Table => (
                "select show_until_ms from tables where id = $1",
                "update tables set show_owner = $2, show_until_ms = $3 \
                 where id = $1 and show_until_ms = $4",
            ),
            Claimed::Cup => (
                "select show_until_ms from cups where id = $1",
                "update cups set show_owner = $2, show_until_ms = $3 \
                 where id = $1 and show_until_ms = $4",
            ),
        };
        let latest = until_ms.saturating_add(until_ms - now_ms);
        let held: Option<Option<i64>> = on_writer!(self, pool => {
            sqlx::query_scalar(read).bind(id).fetch_optional(pool).await?
        });
        let Some(Some(expiry)) = held else { return Ok(false) };
        if expiry <= latest {
            return Ok(false);
        }
        // Taken only from the damaged value read: of two shows that both saw it, one takes it.
        let taken = on_writer!(self, pool => {
            sqlx::query(take)
                .bind(id)
                .bind(owner)
                .bind(until_ms)
                .bind(expiry)
                .execute(pool)
                .await?
                .rows_affected()
        });
        if taken == 1 {
            tracing::warn!(
                ?what,
                id,
                expiry,
                latest,
                "a show claim expires later than any show writes: taken over"
            );
        }
        Ok(taken == 1)
    }

    /// The message a claim read for table `table`'s `kind` slot, with the version it shows,
    /// unless that version is past the table's own (a version the table never had: damage,
    /// which would post every new board without buttons for good). Such a row is read, and
    /// written back, as shown at [`UNSHOWN`], so the next view replaces the message, and logged
    /// once (its repair).
    async fn checked(
        self,
        table: TableId,
        kind: &str,
        read: Option<(String, Version, Version)>,
    ) -> Result<Option<(MessageRef, Version)>, StoreError> {
        let Some((message, version, newest)) = read else { return Ok(None) };
        if version <= newest {
            return Ok(parsed(Some((message, version))));
        }
        const REPAIR: &str = "update messages set version = $3 \
                              where table_id = $1 and kind = $2 and version = $4";
        let repaired = on_writer!(self, pool => {
            sqlx::query(REPAIR)
                .bind(table)
                .bind(kind)
                .bind(UNSHOWN)
                .bind(version)
                .execute(pool)
                .await?
                .rows_affected()
        });
        if repaired == 1 {
            tracing::warn!(
                table = table.get(),
                kind,
                recorded = version.get(),
                newest = newest.get(),
                "a table's message was recorded at a version the table never had: \
                 read as older than any"
            );
        }
        Ok(parsed(Some((message, UNSHOWN))))
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
