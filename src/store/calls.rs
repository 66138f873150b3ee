//! Each chat's budget of platform calls, shared by the processes on one Postgres database
//! (issue 60; `table/budget.rs` has the algorithm, `migrations/*/0013_chat_calls.sql` the
//! table). A SQLite file has one process, which keeps its budgets in memory: these return
//! `None` there.

use super::{CallStore, Store, StoreError};

/// A chat's budget as stored: when its bucket is full again, its last call, and until when it
/// is slow after a 429 (Unix ms).
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredCalls {
    /// When the chat's bucket is full again.
    pub tat: i64,
    /// When its last call went.
    pub last_call: i64,
    /// Slow (half rate) until then.
    pub slow_until: i64,
}

impl CallStore<'_> {
    /// Takes one call for `chat` at `now` (Unix ms) with a bucket of one call per `period`,
    /// `tolerance` ahead, calls `gap` apart (all ms; the period and the tolerance doubled while
    /// the chat is slow): the chat's budget after it, whose `last_call` is when this call may
    /// go. `None` on SQLite.
    pub async fn spend_call(
        &self,
        chat: &str,
        now: i64,
        period: i64,
        tolerance: i64,
        gap: i64,
    ) -> Result<Option<StoredCalls>, StoreError> {
        // Both SET expressions read the row as it was; `m` doubles while slow.
        const SPEND: &str = "insert into chat_calls (chat, tat, last_call, slow_until) \
             values ($1, $2 + $3, $2, 0) \
             on conflict (chat) do update set \
             last_call = greatest($2, chat_calls.tat - $4 * (case when chat_calls.slow_until > $2 then 2 else 1 end), chat_calls.last_call + $5), \
             tat = greatest(chat_calls.tat, $2, chat_calls.tat - $4 * (case when chat_calls.slow_until > $2 then 2 else 1 end), chat_calls.last_call + $5) \
                 + $3 * (case when chat_calls.slow_until > $2 then 2 else 1 end) \
             returning tat, last_call, slow_until";
        let Store::Postgres(pool) = self.whole() else { return Ok(None) };
        let row = sqlx::query_as(SPEND)
            .bind(chat)
            .bind(now)
            .bind(period)
            .bind(tolerance)
            .bind(gap)
            .fetch_one(pool)
            .await?;
        Ok(Some(row))
    }

    /// `chat`'s budget as stored, if any (`None` on SQLite, or never spent from).
    pub async fn chat_calls(&self, chat: &str) -> Result<Option<StoredCalls>, StoreError> {
        const READ: &str = "select tat, last_call, slow_until from chat_calls where chat = $1";
        let Store::Postgres(pool) = self.whole() else { return Ok(None) };
        Ok(sqlx::query_as(READ).bind(chat).fetch_optional(pool).await?)
    }

    /// Notes a 429 for `chat`: its bucket is full again no sooner than `tat`, its next call no
    /// sooner than `free`, and it is slow until `slow_until` (Unix ms). Nothing on SQLite.
    pub async fn refuse_calls(
        &self,
        chat: &str,
        tat: i64,
        free: i64,
        slow_until: i64,
    ) -> Result<(), StoreError> {
        const REFUSE: &str = "insert into chat_calls (chat, tat, last_call, slow_until) \
             values ($1, $2, $3, $4) \
             on conflict (chat) do update set tat = greatest(chat_calls.tat, $2), \
             last_call = greatest(chat_calls.last_call, $3), \
             slow_until = greatest(chat_calls.slow_until, $4)";
        let Store::Postgres(pool) = self.whole() else { return Ok(()) };
        sqlx::query(REFUSE).bind(chat).bind(tat).bind(free).bind(slow_until).execute(pool).await?;
        Ok(())
    }
}
