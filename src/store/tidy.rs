//! Boards a tidy chat deletes once their game is over (`/boards tidy`, issue 60;
//! `migrations/*/0014_tidy_boards.sql`): the show protocol keeps each board message a newer
//! board of its table replaced, and an adapter takes them, chat by chat while the chat is
//! quiet, once the table is no longer played. Taking is one `delete … returning`, so two
//! processes never delete the same message twice.

use super::{Store, StoreError, TidyStore};
use crate::ids::{Platform, Posted, TableId};

impl TidyStore<'_> {
    /// Keeps `messages` of table `table`, shown at `shown_ms` (Unix ms), for deleting once the
    /// game is over. A message kept already is kept once.
    pub async fn keep(
        &self,
        table: TableId,
        messages: &[Posted],
        shown_ms: i64,
    ) -> Result<(), StoreError> {
        const KEEP: &str = "insert into tidy_boards (table_id, posted_chat, message, shown_ms) \
             values ($1, $2, $3, $4) on conflict do nothing";
        for m in messages {
            on_writer!(self, pool => {
                sqlx::query(KEEP)
                    .bind(table)
                    .bind(m.chat)
                    .bind(m.message)
                    .bind(shown_ms)
                    .execute(pool)
                    .await?;
            });
        }
        Ok(())
    }

    /// The platform chats (Telegram chat ids, Discord channel ids) of tables of `platform` with
    /// boards to delete: of tables no longer played (finished or cancelled). Boards shown
    /// before `oldest_ms` are dropped first: the platform no longer lets them be deleted.
    pub async fn due_chats(
        &self,
        platform: Platform,
        oldest_ms: i64,
    ) -> Result<Vec<i64>, StoreError> {
        const EXPIRED: &str = "delete from tidy_boards where shown_ms < $1";
        const DUE: &str = "select distinct b.posted_chat from tidy_boards b \
             join tables t on t.id = b.table_id \
             where t.status in ('finished', 'cancelled') and t.chat like $1 \
             and b.posted_chat is not null order by 1";
        let like = format!("{}%", platform.chat_prefix());
        let chats: Vec<i64> = on_writer!(self, pool => {
            sqlx::query(EXPIRED).bind(oldest_ms).execute(pool).await?;
            sqlx::query_scalar(DUE).bind(like).fetch_all(pool).await?
        });
        Ok(chats)
    }

    /// Takes at most `limit` boards in platform chat `chat` of tables of `platform` to delete
    /// (of tables no longer played), oldest first: no other process gets them.
    pub async fn take(
        &self,
        platform: Platform,
        chat: i64,
        limit: i64,
    ) -> Result<Vec<Posted>, StoreError> {
        const TAKE: &str = "delete from tidy_boards where (table_id, message) in ( \
                 select b.table_id, b.message from tidy_boards b \
                 join tables t on t.id = b.table_id \
                 where b.posted_chat = $1 and t.status in ('finished', 'cancelled') \
                 and t.chat like $2 order by b.shown_ms, b.message limit $3) \
             returning posted_chat, message";
        let like = format!("{}%", platform.chat_prefix());
        let rows: Vec<(Option<i64>, i64)> = on_writer!(self, pool => {
            sqlx::query_as(TAKE).bind(chat).bind(like).bind(limit).fetch_all(pool).await?
        });
        // `returning` keeps no order: the oldest first again (message ids grow in a chat).
        let mut boards: Vec<Posted> =
            rows.into_iter().map(|(chat, message)| Posted { chat, message }).collect();
        boards.sort_by_key(|b| b.message);
        Ok(boards)
    }

    /// How many boards are kept for deleting, in every chat (for tests and `/healthz`).
    pub async fn kept(&self) -> Result<i64, StoreError> {
        const COUNT: &str = "select count(*) from tidy_boards";
        Ok(on_pool!(self, pool => sqlx::query_scalar(COUNT).fetch_one(pool).await?))
    }
}
