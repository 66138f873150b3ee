//! Storage: the only module with SQL. Postgres in production, SQLite as the embedded default,
//! chosen by the database URL; the same queries and behaviour on both.
//!
//! The action log is the truth and a table's `state` a cache. Every change is one transaction
//! guarded by the table's `version`: an update that expected another version applies nothing and
//! reports [`StoreError::Conflict`], so two presses of one button can never both apply.
//!
//! Migrations are embedded (`migrations/postgres`, `migrations/sqlite`) and run at connection.

use std::str::FromStr;
use std::sync::LazyLock;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions};
use sqlx::{PgPool, Row, SqlitePool};

use crate::ids::{self, ChatId, CupId, MessageRef, TableId, UserId, Version};

/// A connection pool to one database.
#[derive(Debug, Clone)]
pub enum Store {
    /// Production: several bot processes may share it.
    Postgres(PgPool),
    /// The embedded default: one file.
    Sqlite(Lite),
}

/// A SQLite file's connections: readers, and one writer that every write waits its turn for.
///
/// SQLite lets one connection write at a time; several writers of one process would wait on
/// the file's lock in SQLite's busy handler (sleeps, then "database is locked" after the busy
/// timeout), which under load looked like an outage. A single writer connection makes the
/// process's writes a queue instead: a write waits in line as long as [`WRITE_QUEUE`] allows,
/// and only a lock held by someone else (another process, a stuck backup) past the busy
/// timeout is an outage. Readers never wait for the writer (WAL).
#[derive(Debug, Clone)]
pub struct Lite {
    read: SqlitePool,
    write: SqlitePool,
}

/// Why a storage operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The table changed since the caller read it: nothing was applied.
    #[error("table {table} is no longer at version {expected}")]
    Conflict {
        /// The table.
        table: TableId,
        /// The version the caller expected.
        expected: Version,
    },
    /// No such table.
    #[error("there is no table {0}")]
    NotFound(TableId),
    /// The chat already has a lobby for that game.
    #[error("this chat already has a lobby for that game")]
    LobbyExists,
    /// The chat already has an open cup.
    #[error("this chat already has an open cup")]
    CupExists,
    /// No such cup.
    #[error("there is no cup {0}")]
    NoCup(CupId),
    /// The cup changed since the caller read it: nothing was written.
    #[error("cup {0} changed meanwhile")]
    CupConflict(CupId),
    /// The URL names no database we support.
    #[error("DATABASE_URL must start with postgres://, postgresql:// or sqlite:, not {0:?}")]
    BadUrl(String),
    /// The database failed.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// A stored row this build cannot read.
    #[error("table {table}: {why}")]
    BadRow {
        /// The table.
        table: TableId,
        /// What is wrong with it.
        why: String,
    },
    /// A stored cup row this build cannot read.
    #[error("cup {cup}: {why}")]
    BadCupRow {
        /// The cup.
        cup: CupId,
        /// What is wrong with it.
        why: String,
    },
    /// A migration failed.
    #[error("migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The database server could not be reached at all (refused, no route, no answer): where,
    /// and why, never the URL's password.
    #[error("cannot reach Postgres at {at}: {why}")]
    Unreachable {
        /// `host:port` (or the socket) the URL names.
        at: String,
        /// What the network said, e.g. "connection refused".
        why: String,
    },
}

/// Connects the pool to the server `options` name, with one plain connection tried beside it:
/// where the pool would only say "pool timed out", a network failure (refused, unknown host)
/// is [`StoreError::Unreachable`] with the host and port, and so is no answer within the pool's
/// wait; anything the server itself answered (a wrong password, no such database) is its own
/// error, as the server worded it.
async fn connect_postgres(options: PgConnectOptions) -> Result<PgPool, StoreError> {
    use futures_util::future::{Either, select};
    use sqlx::{ConnectOptions, Connection};
    let at = format!("{}:{}", options.get_host(), options.get_port());
    let pool = PgPoolOptions::new().max_connections(8).acquire_timeout(WAIT);
    let pool = std::pin::pin!(pool.connect_with(options.clone()));
    let probe = std::pin::pin!(options.connect());
    let unreachable = |why: String| StoreError::Unreachable { at: at.clone(), why };
    match select(probe, pool).await {
        Either::Left((Ok(conn), pool)) => {
            let _ = conn.close().await;
            Ok(pool.await?)
        }
        Either::Left((Err(sqlx::Error::Io(e)), _)) => {
            // "Connection refused (os error 111)" says it: "connection refused".
            let said = e.to_string();
            Err(unreachable(said.split(" (os error").next().unwrap_or(&said).to_lowercase()))
        }
        Either::Left((Err(e), _)) => Err(e.into()),
        Either::Right((Err(sqlx::Error::PoolTimedOut), _)) => {
            Err(unreachable(format!("no answer within {} ms", WAIT.as_millis())))
        }
        Either::Right((pool, _)) => Ok(pool?),
    }
}

/// A table as stored: the row and its seats.
/// Where a table stands. Stored as its word (`lobby`, `playing`, `finished`, `cancelled`) in
/// `tables.status`; read back through [`TableStatus::from_word`], so an unknown word is an error,
/// not a silent default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TableStatus {
    /// Seating players; no game yet.
    #[default]
    Lobby,
    /// A game in progress.
    Playing,
    /// The game ended with a ranking.
    Finished,
    /// Cancelled by its host, or emptied before it started.
    Cancelled,
}

impl TableStatus {
    /// Tables still open: a lobby or a game in progress.
    pub const OPEN: [Self; 2] = [Self::Lobby, Self::Playing];
    /// Tables that ended, with a ranking or cancelled.
    pub const ENDED: [Self; 2] = [Self::Finished, Self::Cancelled];

    /// The stored word.
    pub fn word(self) -> &'static str {
        match self {
            Self::Lobby => "lobby",
            Self::Playing => "playing",
            Self::Finished => "finished",
            Self::Cancelled => "cancelled",
        }
    }

    /// The status a stored word names.
    pub fn from_word(word: &str) -> Option<Self> {
        [Self::Lobby, Self::Playing, Self::Finished, Self::Cancelled]
            .into_iter()
            .find(|s| s.word() == word)
    }

    /// Whether the table ended (finished or cancelled).
    pub fn is_ended(self) -> bool {
        Self::ENDED.contains(&self)
    }
}

/// One table as stored: its row of the `tables` table with its seats (and, when read by
/// [`Store::table`], what surrounds it). Plain data, checked by nobody here: the table layer
/// reads it through its checks (`table::Loaded::read`) and writes the next version back with
/// [`Store::save`], only at the version it read.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TableRecord {
    /// Its id (0 before it is created).
    pub id: TableId,
    /// The chat.
    pub chat: ChatId,
    /// The game's name.
    pub game: String,
    /// The game's options as JSON.
    pub options: String,
    /// The table's own settings as JSON (turn timer, …).
    pub settings: String,
    /// The secret seed.
    pub seed: Vec<u8>,
    /// SHA-256 of the seed, hex.
    pub commitment: String,
    /// Where it stands.
    pub status: TableStatus,
    /// Changes applied so far; every change adds one.
    pub version: Version,
    /// The game's state snapshot (a cache of replaying the log), once started.
    pub state: Option<String>,
    /// The die number of the next roll (C2).
    pub next_roll: i64,
    /// The version of the stored JSON shapes.
    pub shape: i32,
    /// The host.
    pub host: UserId,
    /// The turn deadline, Unix milliseconds.
    pub deadline_ms: Option<i64>,
    /// When to remind the player to move, Unix milliseconds.
    pub remind_ms: Option<i64>,
    /// The last change, Unix milliseconds.
    pub updated_ms: i64,
    /// The seats in joining order (C4).
    pub seats: Vec<SeatRecord>,
    /// The finished table this one is the rematch of (its 🔁 Rematch button opened it), if any.
    pub rematch_of: Option<TableId>,
    /// The cup it plays for, if any (issue 49).
    pub cup: Option<CupId>,
    /// What [`Store::table`] read along with the row; `None` for a row not read from the store.
    pub around: Option<Surroundings>,
}

/// What an operation on a table needs besides its row, read in the same query by
/// [`Store::table`]: its chat's language and settings, the language of the group the chat
/// belongs to (for a chat `<group>/<channel>`, the part before the first `/`), and the chat
/// messages recorded for it (by the show protocol: [`ShowStore::record_show`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Surroundings {
    /// The language set for the table's chat.
    pub chat_lang: Option<String>,
    /// The table's chat's settings (JSON), if the chat has a row.
    pub chat_settings: Option<String>,
    /// The table's chat's title, as the platform last showed it.
    pub chat_title: Option<String>,
    /// The language set for the group of the table's chat.
    pub group_lang: Option<String>,
    /// `(kind, message)` for each message recorded for the table, as stored: `lobby`, `board`
    /// (a [`MessageRef`]), `thread` (a channel's number).
    pub messages: Vec<(String, String)>,
}

impl Surroundings {
    /// The message recorded for `kind`, as read with the table (none if its row is damaged).
    pub fn message(&self, kind: &str) -> Option<MessageRef> {
        MessageRef::parse(self.recorded(kind)?)
    }

    /// The thread recorded for the table, as read with it.
    pub fn thread(&self) -> Option<i64> {
        self.recorded(THREAD)?.parse().ok()
    }

    fn recorded(&self, kind: &str) -> Option<&str> {
        self.messages.iter().find(|(k, _)| k == kind).map(|(_, m)| m.as_str())
    }
}

/// The kind of a table's recorded thread (a Discord thread opened for it): its channel's
/// number, beside its lobby and board messages.
const THREAD: &str = "thread";

/// One seat of a table.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SeatRecord {
    /// The user.
    pub user: UserId,
    /// The display name when seated.
    pub name: String,
    /// Whether the player left the game (resigned, kicked, timed out).
    pub left: bool,
    /// Turn time-outs in a row.
    pub strikes: i32,
    /// The final rank, once the game is over.
    pub rank: Option<i32>,
    /// The seated user's turn-notice choice (`users.notify`, JSON; empty: off), as read with
    /// the table; never written with the seat.
    pub notify: String,
    /// The seated user asked for text-first boards (`users.access`, `/access on`), as read with
    /// the table; never written with the seat.
    pub access: bool,
}

/// What one change writes besides the table itself.
#[derive(Debug, Clone, Default)]
pub struct Change<'a> {
    /// The engine action played, as JSON, if any: appended to the log.
    pub action: Option<&'a str>,
    /// Write the results of a finished game.
    pub results: bool,
    /// The seats are as read: they need not be written again (most moves change none).
    pub seats_unchanged: bool,
    /// Users whose turn notice this change owes, with when it is due (Unix ms): a notice
    /// already owed for the same turn is kept as it is.
    pub notices: &'a [(UserId, i64)],
    /// Users who are no longer to act: their notices are dropped.
    pub unnotice: &'a [UserId],
    /// With `results`: the ratings the finished game changes (see [`ratings`]).
    pub rating: Option<Rating<'a>>,
    /// With `results`, for a cup's table: how each seat ended, written to its cup game.
    pub cup_result: Option<&'a [crate::engine::cup::Seat]>,
}

/// What a new turn-notice choice does to the notices its user is already owed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pending {
    /// They stay as they are.
    Keep,
    /// They are dropped (notices turned off).
    Drop,
    /// Each comes no later than this time (Unix ms): a shorter delay or lifted quiet hours
    /// apply to the turns already waiting.
    NoLaterThan(i64),
}

/// A player's record in one game, for statistics.
#[derive(Debug, Clone, PartialEq)]
pub struct StatRow {
    /// The user.
    pub user: String,
    /// The latest display name.
    pub name: String,
    /// The game.
    pub game: String,
    /// Games played.
    pub games: i64,
    /// Games won (rank 1).
    pub wins: i64,
    /// For games against computers, the strongest computer's level (`easy`, `normal`,
    /// `hard`); `None` for games among people only.
    pub against: Option<String>,
}

/// A table whose deadline or reminder is due, claimed by this process for a while.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Due {
    /// The table.
    pub table: TableId,
    /// Its version when claimed.
    pub version: Version,
}

/// How long an operation waits for a pooled connection, and SQLite for another writer's lock,
/// before it fails: a press during an outage is answered within about two seconds.
pub const WAIT: Duration = Duration::from_millis(1500);

/// SQLite's read connections in one process.
const READERS: u32 = 4;

/// How long a SQLite write waits in line for the process's one writer connection before the
/// store counts as not answering: the line is work, not an outage (see [`Lite`]).
pub const WRITE_QUEUE: Duration = Duration::from_secs(30);

impl StoreError {
    /// Whether the pool was closed: the process is stopping (not an outage).
    pub fn is_closed(&self) -> bool {
        matches!(self, StoreError::Database(sqlx::Error::PoolClosed))
    }

    /// Whether the database is unreachable or not answering (down, restarting, locked by
    /// someone else, the pool exhausted), as opposed to a fault in one query: nothing was
    /// changed, and trying again later may work.
    pub fn is_unavailable(&self) -> bool {
        let StoreError::Database(e) = self else { return false };
        match e {
            sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
            | sqlx::Error::Io(_)
            | sqlx::Error::Tls(_)
            | sqlx::Error::WorkerCrashed
            | sqlx::Error::Protocol(_) => true,
            sqlx::Error::Database(db) => {
                let code = db.code().unwrap_or_default();
                // Postgres: connection exceptions (08…), shutting down or starting (57P0…);
                // SQLite: busy or locked beyond the busy timeout (5, 6 and their extended codes).
                code.starts_with("08")
                    || code.starts_with("57P0")
                    || matches!(code.parse::<i32>().map(|c| c & 0xff), Ok(5 | 6))
            }
            _ => false,
        }
    }
}

/// One row of [`Store::table`]'s query: the table (with its surroundings) and the seat joined
/// to it, if any.
fn read_row<R: Row>(r: &R) -> Result<(TableRecord, Option<(i32, SeatRecord)>), StoreError>
where
    for<'c> &'c str: sqlx::ColumnIndex<R>,
    for<'q> String: sqlx::Decode<'q, R::Database> + sqlx::Type<R::Database>,
    for<'q> Vec<u8>: sqlx::Decode<'q, R::Database> + sqlx::Type<R::Database>,
    for<'q> i64: sqlx::Decode<'q, R::Database> + sqlx::Type<R::Database>,
    for<'q> i32: sqlx::Decode<'q, R::Database> + sqlx::Type<R::Database>,
{
    let id = TableId::new(r.try_get("id")?);
    let word: String = r.try_get("status")?;
    let status = TableStatus::from_word(&word)
        .ok_or(StoreError::BadRow { table: id, why: format!("unknown status {word:?}") })?;
    let mut messages = Vec::new();
    for kind in ["lobby", "board", "thread"] {
        let message: Option<String> = r.try_get(format!("{kind}_message").as_str())?;
        messages.extend(message.map(|m| (kind.to_owned(), m)));
    }
    let t = TableRecord {
        id,
        chat: ChatId::from(r.try_get::<String, _>("chat")?),
        game: r.try_get("game")?,
        options: r.try_get("options")?,
        settings: r.try_get("settings")?,
        seed: r.try_get("seed")?,
        commitment: r.try_get("commitment")?,
        status,
        version: Version::new(r.try_get("version")?),
        state: r.try_get("state")?,
        next_roll: r.try_get("next_roll")?,
        shape: r.try_get("shape")?,
        host: UserId::from(r.try_get::<String, _>("host")?),
        deadline_ms: r.try_get("deadline_ms")?,
        remind_ms: r.try_get("remind_ms")?,
        updated_ms: r.try_get("updated_ms")?,
        seats: Vec::new(),
        rematch_of: r.try_get::<Option<i64>, _>("rematch_of")?.map(TableId::new),
        cup: r.try_get::<Option<i64>, _>("cup_id")?.map(CupId::new),
        around: Some(Surroundings {
            chat_lang: r.try_get("chat_lang")?,
            chat_settings: r.try_get("chat_settings")?,
            chat_title: r.try_get("chat_title")?,
            group_lang: r.try_get("group_lang")?,
            messages,
        }),
    };
    let user: Option<String> = r.try_get("user_id")?;
    let seat = match user {
        None => None,
        Some(user) => {
            let status: String = r.try_get("seat_status")?;
            let number: i32 = r.try_get("seat")?;
            let seat = SeatRecord {
                user: UserId::from(user),
                name: r.try_get("name")?,
                left: status == "left",
                strikes: r.try_get("strikes")?,
                rank: r.try_get("rank")?,
                notify: r.try_get::<Option<String>, _>("notify")?.unwrap_or_default(),
                access: r.try_get::<Option<i32>, _>("access")?.unwrap_or_default() == 1,
            };
            Some((number, seat))
        }
    };
    Ok((t, seat))
}

/// Begins a write transaction: on SQLite with `BEGIN IMMEDIATE`, so the write lock is taken up
/// front and the busy timeout applies (a deferred transaction that reads, then writes, fails at
/// once with `SQLITE_BUSY` when another connection wrote in between).
trait BeginWrite {
    type Db: sqlx::Database;
    async fn begin_write(&self) -> Result<sqlx::Transaction<'static, Self::Db>, sqlx::Error>;
    /// Inside a save's transaction: moves the table's row to its next version, if it is still
    /// at `t.version` (false: another writer came first, nothing written), and writes the
    /// change's turn notices.
    async fn update_table(
        &self,
        tx: &mut sqlx::Transaction<'static, Self::Db>,
        t: &TableRecord,
        change: &Change<'_>,
    ) -> Result<bool, sqlx::Error>;
}

/// A save's update of the table row (`$1`…`$12`).
const UPDATE_TABLE: &str = "update tables set version = version + 1, options = $1, \
                            settings = $2, status = $3, state = $4, next_roll = $5, shape = $6, \
                            host = $7, deadline_ms = $8, remind_ms = $9, updated_ms = $10, \
                            lease_ms = null where id = $11 and version = $12";

/// Binds a save's [`UPDATE_TABLE`] parameters, in order, to `$query`.
macro_rules! bind_update {
    ($query:expr, $t:expr) => {{
        let t: &TableRecord = $t;
        $query
            .bind(&t.options)
            .bind(&t.settings)
            .bind(t.status.word())
            .bind(&t.state)
            .bind(t.next_roll)
            .bind(t.shape)
            .bind(t.host.as_str())
            .bind(t.deadline_ms)
            .bind(t.remind_ms)
            .bind(t.updated_ms)
            .bind(t.id)
            .bind(t.version)
    }};
}

impl BeginWrite for PgPool {
    type Db = sqlx::Postgres;
    async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Postgres>, sqlx::Error> {
        self.begin().await
    }

    /// On Postgres the notices ride in the update's own statement (data-modifying `with`
    /// clauses, which act only when the update did): a press with notices on costs no round
    /// trip more than one without.
    async fn update_table(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Postgres>,
        t: &TableRecord,
        change: &Change<'_>,
    ) -> Result<bool, sqlx::Error> {
        const WITH_NOTICES: &str = concat!(
            "with up as (update tables set version = version + 1, options = $1, settings = $2, ",
            "status = $3, state = $4, next_roll = $5, shape = $6, host = $7, deadline_ms = $8, ",
            "remind_ms = $9, updated_ms = $10, lease_ms = null ",
            "where id = $11 and version = $12 returning id), ",
            "gone as (delete from notices where table_id in (select id from up) ",
            "and user_id = any($13)), ",
            "owed as (insert into notices (table_id, user_id, due_ms) ",
            "select up.id, n.user_id, n.due_ms from up, unnest($14::text[], $15::bigint[]) ",
            "as n (user_id, due_ms) on conflict (table_id, user_id) do nothing) ",
            "select count(*) from up"
        );
        if change.notices.is_empty() && change.unnotice.is_empty() {
            let done = bind_update!(sqlx::query(UPDATE_TABLE), t).execute(&mut **tx).await?;
            return Ok(done.rows_affected() == 1);
        }
        let (users, dues): (Vec<&str>, Vec<i64>) =
            change.notices.iter().map(|(u, d)| (u.as_str(), *d)).unzip();
        let gone: Vec<&str> = change.unnotice.iter().map(UserId::as_str).collect();
        let updated: i64 = bind_update!(sqlx::query_scalar(WITH_NOTICES), t)
            .bind(gone)
            .bind(users)
            .bind(dues)
            .fetch_one(&mut **tx)
            .await?;
        Ok(updated == 1)
    }
}

impl BeginWrite for SqlitePool {
    type Db = sqlx::Sqlite;
    async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Sqlite>, sqlx::Error> {
        self.begin_with("BEGIN IMMEDIATE").await
    }

    /// On SQLite (in process: a statement costs no network round trip) the notices are
    /// written one statement each after the update.
    async fn update_table(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Sqlite>,
        t: &TableRecord,
        change: &Change<'_>,
    ) -> Result<bool, sqlx::Error> {
        const NOTICE: &str = "insert into notices (table_id, user_id, due_ms) values ($1, $2, $3) \
                              on conflict (table_id, user_id) do nothing";
        const UNNOTICE: &str = "delete from notices where table_id = $1 and user_id = $2";
        let done = bind_update!(sqlx::query(UPDATE_TABLE), t).execute(&mut **tx).await?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        for (user, due) in change.notices {
            let user = user.as_str();
            sqlx::query(NOTICE).bind(t.id).bind(user).bind(due).execute(&mut **tx).await?;
        }
        for user in change.unnotice {
            sqlx::query(UNNOTICE).bind(t.id).bind(user.as_str()).execute(&mut **tx).await?;
        }
        Ok(true)
    }
}

/// Runs the same code on either pool: the queries use `$n` placeholders, which both accept.
/// For reads: on SQLite the readers' pool (see [`on_writer!`] for writes).
macro_rules! on_pool {
    ($store:expr, $pool:ident => $body:expr) => {
        on_pool!(@ $store, read, $pool => $body)
    };
    (@ $store:expr, $side:ident, $pool:ident => $body:expr) => {
        match $store.whole() {
            Store::Postgres($pool) => $body,
            Store::Sqlite(lite) => {
                let $pool = &lite.$side;
                $body
            }
        }
    };
}

/// Like [`on_pool!`], for code that writes: on SQLite the one writer connection (in line).
macro_rules! on_writer {
    ($store:expr, $pool:ident => $body:expr) => {
        on_pool!(@ $store, write, $pool => $body)
    };
}

/// Binds a new table's columns (`$1`…`$14`: chat, game, options, settings, seed, commitment,
/// status, state, next_roll, shape, host, deadline_ms, remind_ms, updated_ms), in order, to
/// `$query`.
macro_rules! bind_insert {
    ($query:expr, $t:expr) => {{
        let t: &TableRecord = $t;
        $query
            .bind(t.chat.as_str())
            .bind(&t.game)
            .bind(&t.options)
            .bind(&t.settings)
            .bind(&t.seed)
            .bind(&t.commitment)
            .bind(t.status.word())
            .bind(&t.state)
            .bind(t.next_roll)
            .bind(t.shape)
            .bind(t.host.as_str())
            .bind(t.deadline_ms)
            .bind(t.remind_ms)
            .bind(t.updated_ms)
    }};
}
/// Inserts seat number `$seat` of table `$table` inside a transaction on either database.
macro_rules! insert_seat {
    ($tx:expr, $table:expr, $seat:expr, $s:expr) => {{
        const SQL: &str = "insert into seats (table_id, seat, user_id, name, status, strikes, \
                           rank) values ($1, $2, $3, $4, $5, $6, $7)";
        let s: &SeatRecord = $s;
        sqlx::query(SQL)
            .bind($table)
            .bind($seat as i32)
            .bind(s.user.as_str())
            .bind(&s.name)
            .bind(if s.left { "left" } else { "playing" })
            .bind(s.strikes)
            .bind(s.rank)
            .execute(&mut *$tx)
            .await?;
    }};
}

/// Claims tables in one write transaction: `$pick!($tail)` selects rows `(id, version)` with
/// `$binds`, and `$mark` (`… = $1 where id = $2`) marks each claimed until `$until`. On
/// Postgres the tail locks the rows `SKIP LOCKED`, so concurrent claimers take different ones;
/// SQLite serialises writers anyway.
macro_rules! claim {
    ($store:expr, $pick:ident, ($pg:literal, $lite:literal), [$($bind:expr),*], $mark:expr, $until:expr) => {{
        macro_rules! run {
            ($pool:expr, $sql:expr) => {{
                let mut tx = $pool.begin_write().await?;
                let rows: Vec<(TableId, Version)> =
                    sqlx::query_as($sql)$(.bind($bind))*.fetch_all(&mut *tx).await?;
                for &(id, _) in &rows {
                    sqlx::query($mark).bind($until).bind(id).execute(&mut *tx).await?;
                }
                tx.commit().await?;
                rows
            }};
        }
        match $store {
            Store::Postgres(pool) => run!(pool, $pick!($pg)),
            Store::Sqlite(lite) => run!(&lite.write, $pick!($lite)),
        }
    }};
}

parts! {
    Store;
    /// The group cup's rows (`cup.rs`).
    CupStore, cups;
    /// Ratings and seasons (`ratings.rs`).
    RatingStore, ratings;
    /// The show protocol's claims and recorded messages (`show.rs`).
    ShowStore, shows;
    /// Each chat's budget of platform calls, shared by processes (`calls.rs`).
    CallStore, calls;
    /// Boards a tidy chat deletes once their game is over (`tidy.rs`).
    TidyStore, tidy;
}

impl Store {
    /// The store itself, for a part of it ([`CupStore`], …) to match on its pools.
    fn whole(&self) -> &Store {
        self
    }

    /// The one id (if any) that `sql` selects with `$1` bound to `key`.
    async fn id_by(&self, sql: &'static str, key: &str) -> Result<Option<i64>, StoreError> {
        let id = on_pool!(self, pool => {
            sqlx::query_scalar(sql).bind(key).fetch_optional(pool).await?
        });
        Ok(id)
    }

    /// Gives back a show claim that `owner` holds on the row `id`, by `sql` (`$1` the row,
    /// `$2` the owner): a table's or a cup's.
    async fn release_claim(
        &self,
        sql: &'static str,
        id: i64,
        owner: i64,
    ) -> Result<(), StoreError> {
        on_writer!(self, pool => {
            sqlx::query(sql).bind(id).bind(owner).execute(pool).await?;
        });
        Ok(())
    }

    /// Every table's id, in order (for checks over the whole database, e.g. after a copy).
    pub async fn table_ids(&self) -> Result<Vec<TableId>, StoreError> {
        const SQL: &str = "select id from tables order by id";
        let ids = on_pool!(self, pool => sqlx::query_scalar(SQL).fetch_all(pool).await?);
        Ok(ids)
    }

    /// Connects to `url` (postgres://… or sqlite:…) and brings its schema up to date.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let pool = connect_postgres(PgConnectOptions::from_str(url)?).await?;
            sqlx::migrate!("migrations/postgres").run(&pool).await?;
            Ok(Store::Postgres(pool))
        } else if url.starts_with("sqlite:") {
            let options = SqliteConnectOptions::from_str(url)?
                .create_if_missing(true)
                .foreign_keys(true)
                .journal_mode(SqliteJournalMode::Wal)
                .busy_timeout(WAIT);
            // The writer first: it creates the file and brings the schema up to date.
            let write = SqlitePoolOptions::new()
                .max_connections(1)
                .acquire_timeout(WRITE_QUEUE)
                .connect_with(options.clone())
                .await?;
            sqlx::migrate!("migrations/sqlite").run(&write).await?;
            // An in-memory database exists only on its one connection.
            let read = if url.contains(":memory:") || url.contains("mode=memory") {
                write.clone()
            } else {
                // Reads wait in line for a connection as writes do (issue 46, item 2): four
                // busy readers are work, not an outage. A database that does not answer still
                // fails within `WAIT`, by the busy timeout on the connection.
                SqlitePoolOptions::new()
                    .max_connections(READERS)
                    .acquire_timeout(WRITE_QUEUE)
                    .connect_with(options.read_only(true))
                    .await?
            };
            Ok(Store::Sqlite(Lite { read, write }))
        } else {
            Err(StoreError::BadUrl(redact(url)))
        }
    }

    /// The most connections the store opens at once.
    pub fn connections(&self) -> usize {
        match self {
            Store::Postgres(pool) => pool.options().get_max_connections() as usize,
            Store::Sqlite(lite) => {
                let read = lite.read.options().get_max_connections();
                (read + lite.write.options().get_max_connections()) as usize
            }
        }
    }

    /// Creates a table at version 0 with its seats; returns its id. A second lobby for the same
    /// game in the same chat is refused with [`StoreError::LobbyExists`].
    pub async fn create_table(&self, t: &TableRecord) -> Result<TableId, StoreError> {
        const SQL: &str = "insert into tables (chat, game, options, settings, seed, commitment, \
                           status, state, next_roll, shape, host, deadline_ms, remind_ms, updated_ms) \
                           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) \
                           returning id";
        let result = on_writer!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let id: Result<TableId, sqlx::Error> = bind_insert!(sqlx::query_scalar(SQL), t)
                .fetch_one(&mut *tx)
                .await;
            match id {
                Ok(id) => {
                    for (seat, s) in t.seats.iter().enumerate() {
                        insert_seat!(tx, id, seat, s);
                    }
                    tx.commit().await?;
                    Ok(id)
                }
                Err(e) => Err(e),
            }
        });
        match result {
            Ok(id) => Ok(id),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                Err(StoreError::LobbyExists)
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Reads a table, its seats and its [`Surroundings`] in one query (one round trip): the
    /// seats joined, the rest as subqueries by primary key.
    pub async fn table(&self, id: TableId) -> Result<TableRecord, StoreError> {
        // `$slash` is the position of the first `/` in the chat's id (0 if none), in each
        // database's words.
        macro_rules! read {
            ($slash:literal) => {
                concat!(
                    "select t.id, t.chat, t.game, t.options, t.settings, t.seed, t.commitment, ",
                    "t.status, t.version, t.state, t.next_roll, t.shape, t.host, t.deadline_ms, ",
                    "t.remind_ms, t.updated_ms, t.rematch_of, t.cup_id, ",
                    "(select c.lang from chats c where c.id = t.chat) as chat_lang, ",
                    "(select c.settings from chats c where c.id = t.chat) as chat_settings, ",
                    "(select c.title from chats c where c.id = t.chat) as chat_title, ",
                    "(select c.lang from chats c where c.id = case when ",
                    $slash,
                    " > 0 ",
                    "then substr(t.chat, 1, ",
                    $slash,
                    " - 1) end) as group_lang, ",
                    "(select m.message from messages m where m.table_id = t.id ",
                    "and m.kind = 'lobby') as lobby_message, ",
                    "(select m.message from messages m where m.table_id = t.id ",
                    "and m.kind = 'board') as board_message, ",
                    "(select m.message from messages m where m.table_id = t.id ",
                    "and m.kind = 'thread') as thread_message, ",
                    "s.seat, s.user_id, s.name, s.status as seat_status, s.strikes, s.rank, ",
                    "(select u.notify from users u where u.id = s.user_id) as notify, ",
                    "(select case when u.access then 1 else 0 end from users u ",
                    "where u.id = s.user_id) as access ",
                    "from tables t left join seats s on s.table_id = t.id ",
                    "where t.id = $1 order by s.seat"
                )
            };
        }
        macro_rules! run {
            ($pool:expr, $sql:expr) => {{
                let rows = sqlx::query($sql).bind(id).fetch_all($pool).await?;
                rows.iter().map(read_row).collect::<Result<Vec<_>, _>>()?
            }};
        }
        let rows = match self {
            Store::Postgres(pool) => run!(pool, read!("strpos(t.chat, '/')")),
            Store::Sqlite(lite) => run!(&lite.read, read!("instr(t.chat, '/')")),
        };
        let mut rows = rows.into_iter();
        let Some((mut t, seat)) = rows.next() else { return Err(StoreError::NotFound(id)) };
        // Seats are numbered 0, 1, 2, … in joining order: the service indexes them by number.
        for (expected, (number, seat)) in
            seat.into_iter().chain(rows.filter_map(|r| r.1)).enumerate()
        {
            if usize::try_from(number).ok() != Some(expected) {
                let why = format!("seat number {number} where seat {expected} should be");
                return Err(StoreError::BadRow { table: id, why });
            }
            t.seats.push(seat);
        }
        Ok(t)
    }

    /// Stores `t` as the table's next version, if the table is still at `t.version`: the row,
    /// its seats, the action (appended to the log) and, for a finished game, its results, in one
    /// transaction. Returns the new version; on a conflict nothing is written.
    pub async fn save(&self, t: &TableRecord, change: &Change<'_>) -> Result<Version, StoreError> {
        const LOG: &str = "insert into actions (table_id, seq, action) values ($1, $2, $3)";
        const CLEAR: &str = "delete from seats where table_id = $1";
        const RESULT: &str = "insert into results (table_id, seat, chat, game, user_id, name, \
                              rank, players, finished_ms) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)";
        let next = t.version.next();
        let cup_result = change.cup_result.map(cup::json).transpose()?;
        on_writer!(self, pool => {
            let mut tx = pool.begin_write().await?;
            if !pool.update_table(&mut tx, t, change).await? {
                tx.rollback().await?;
                return Err(StoreError::Conflict { table: t.id, expected: t.version });
            }
            if let Some(action) = change.action {
                sqlx::query(LOG).bind(t.id).bind(next).bind(action).execute(&mut *tx).await?;
            }
            if !change.seats_unchanged {
                sqlx::query(CLEAR).bind(t.id).execute(&mut *tx).await?;
                for (seat, s) in t.seats.iter().enumerate() {
                    insert_seat!(tx, t.id, seat, s);
                }
            }
            if change.results {
                for (seat, s) in t.seats.iter().enumerate() {
                    sqlx::query(RESULT)
                        .bind(t.id)
                        .bind(seat as i32)
                        .bind(t.chat.as_str())
                        .bind(&t.game)
                        .bind(s.user.as_str())
                        .bind(&s.name)
                        .bind(s.rank.unwrap_or(t.seats.len() as i32))
                        .bind(t.seats.len() as i32)
                        .bind(t.updated_ms)
                        .execute(&mut *tx)
                        .await?;
                }
                if let Some(rating) = &change.rating {
                    tx.rate_game(t.id, &t.game, t.chat.as_str(), t.updated_ms, rating).await?;
                }
                if let Some(result) = cup_result.as_deref() {
                    const CUP: &str = "update cup_games set result = $1 where table_id = $2";
                    sqlx::query(CUP).bind(result).bind(t.id).execute(&mut *tx).await?;
                }
            }
            tx.commit().await?;
        });
        Ok(next)
    }

    /// A table's logged actions, in order.
    pub async fn actions(&self, id: TableId) -> Result<Vec<String>, StoreError> {
        const SQL: &str = "select action from actions where table_id = $1 order by seq";
        let actions: Vec<String> =
            on_pool!(self, pool => sqlx::query_scalar(SQL).bind(id).fetch_all(pool).await?);
        Ok(actions)
    }

    /// The tables of a chat with one of these statuses, newest first. The statuses are chosen
    /// in the query (the `(chat, status)` index): a chat's long history of ended games is not
    /// read to find its open table.
    pub async fn tables_in_chat(
        &self,
        chat: &ChatId,
        statuses: &[TableStatus],
    ) -> Result<Vec<(TableId, String, TableStatus)>, StoreError> {
        let chat = chat.as_str();
        const SQL: &str = "select id, game, status from tables where chat = $1 \
                           and status in ($2, $3, $4, $5) order by id desc";
        // The (at most four) statuses' words, the first repeated in the places left.
        let mut words: Vec<&str> = statuses.iter().map(|s| s.word()).collect();
        words.sort_unstable();
        words.dedup();
        let Some(first) = words.first().copied() else {
            return Ok(Vec::new());
        };
        let word = |k: usize| words.get(k).copied().unwrap_or(first);
        let rows: Vec<(TableId, String, String)> = on_pool!(self, pool => {
            sqlx::query_as(SQL)
                .bind(chat)
                .bind(word(0))
                .bind(word(1))
                .bind(word(2))
                .bind(word(3))
                .fetch_all(pool)
                .await?
        });
        Ok(with_status(rows.into_iter().map(|(id, game, s)| (id, game, s, ())), statuses)
            .map(|(id, game, s, ())| (id, game, s))
            .collect())
    }

    /// The newest table of `chat` whose stored status is a word this build does not know (a
    /// damaged row), with that word: a command that finds no table names it as damaged
    /// instead of saying there is none.
    pub async fn unknown_status_in_chat(
        &self,
        chat: &ChatId,
    ) -> Result<Option<(TableId, String)>, StoreError> {
        let chat = chat.as_str();
        const SQL: &str = "select id, status from tables where chat = $1 \
                           and status not in ('lobby', 'playing', 'finished', 'cancelled') \
                           order by id desc limit 1";
        let row = on_pool!(self, pool => {
            sqlx::query_as(SQL).bind(chat).fetch_optional(pool).await?
        });
        Ok(row)
    }

    /// The chat's last ended table at which a game was played (of `game`, if named): what
    /// `/replay`, `/export`, `/history` and `/fair` mean without a table number or an open
    /// table. A table cancelled in its lobby never
    /// stored a game, so however many there are, none hides an earlier game.
    pub async fn last_played_table(
        &self,
        chat: &ChatId,
        game: Option<&str>,
    ) -> Result<Option<TableId>, StoreError> {
        let chat = chat.as_str();
        const SQL: &str = "select id from tables where chat = $1 and status in ($2, $3) \
                           and state is not null and ($4 = '' or game = $4) \
                           order by id desc limit 1";
        let [finished, cancelled] = TableStatus::ENDED.map(TableStatus::word);
        let game = game.unwrap_or("");
        let row: Option<(TableId,)> = on_pool!(self, pool => {
            sqlx::query_as(SQL)
                .bind(chat)
                .bind(finished)
                .bind(cancelled)
                .bind(game)
                .fetch_optional(pool)
                .await?
        });
        Ok(row.map(|(id,)| id))
    }

    /// Tables outside `chat` where `user` has a seat still in play, with `statuses`, newest first,
    /// as `(id, game, status, settings)`: how a private table's player reaches it from their own
    /// chat with the bot.
    pub async fn tables_of_user(
        &self,
        user: &UserId,
        chat: &ChatId,
        statuses: &[TableStatus],
    ) -> Result<Vec<(TableId, String, TableStatus, String)>, StoreError> {
        let user = user.as_str();
        let chat = chat.as_str();
        const SQL: &str = "select t.id, t.game, t.status, t.settings from tables t \
            join seats s on s.table_id = t.id \
            where s.user_id = $1 and s.status = 'playing' and t.chat <> $2 \
            and t.status in ('lobby', 'playing') \
            order by t.id desc limit 50";
        let rows: Vec<(TableId, String, String, String)> = on_pool!(self, pool => {
            sqlx::query_as(SQL).bind(user).bind(chat).fetch_all(pool).await?
        });
        Ok(with_status(rows.into_iter(), statuses).collect())
    }

    /// The newest finished table outside `chat` that `user` played at, if any: a real number
    /// for a hint that a table is named by its number.
    pub async fn finished_elsewhere(
        &self,
        user: &UserId,
        chat: &ChatId,
    ) -> Result<Option<TableId>, StoreError> {
        let user = user.as_str();
        let chat = chat.as_str();
        const SQL: &str = "select t.id from tables t join seats s on s.table_id = t.id \
            where s.user_id = $1 and t.chat <> $2 and t.status = 'finished' \
            order by t.id desc limit 1";
        let id = on_pool!(self, pool => {
            sqlx::query_scalar(SQL).bind(user).bind(chat).fetch_optional(pool).await?
        });
        Ok(id)
    }

    /// The table whose thread (a Discord thread opened for it) is `thread`, if any.
    pub async fn table_of_thread(&self, thread: i64) -> Result<Option<TableId>, StoreError> {
        const SQL: &str = "select table_id from messages where kind = 'thread' and message = $1 \
                           order by table_id desc limit 1";
        Ok(self.id_by(SQL, &thread.to_string()).await?.map(TableId::new))
    }

    /// Claims up to `limit` playing tables whose deadline or reminder is due at `now`, for
    /// `lease` milliseconds: another process claiming meanwhile skips them (Postgres
    /// `FOR UPDATE SKIP LOCKED`; SQLite serialises writers anyway). The claim only keeps the
    /// work from being done twice; every change is still guarded by the table's version.
    pub async fn claim_due(
        &self,
        now: i64,
        lease: i64,
        limit: i64,
    ) -> Result<Vec<Due>, StoreError> {
        macro_rules! pick {
            ($tail:literal) => {
                concat!(
                    "select id, version from tables where status = 'playing' ",
                    "and (deadline_ms <= $1 or remind_ms <= $1) ",
                    "and (lease_ms is null or lease_ms <= $1) ",
                    "order by coalesce(remind_ms, deadline_ms) limit $2",
                    $tail
                )
            };
        }
        const LEASE: &str = "update tables set lease_ms = $1 where id = $2";
        let due =
            claim!(self, pick, (" for update skip locked", ""), [now, limit], LEASE, now + lease);
        Ok(due.into_iter().map(|(table, version)| Due { table, version }).collect())
    }

    /// Up to 100 playing tables whose deadline or reminder passed before `before` and that no
    /// process holds claimed now (`now`): work the turn timers are not keeping up with.
    pub async fn overdue(&self, before: i64, now: i64) -> Result<Vec<TableId>, StoreError> {
        const SQL: &str = "select id from tables where status = 'playing' \
                           and (deadline_ms < $1 or remind_ms < $1) \
                           and (lease_ms is null or lease_ms <= $2) order by id limit 100";
        let ids = on_pool!(self, pool => {
            sqlx::query_scalar(SQL).bind(before).bind(now).fetch_all(pool).await?
        });
        Ok(ids)
    }

    /// Records that a bot process is alive at `now`. If no process was for longer than `gap`
    /// milliseconds, every running deadline and reminder moves later by the time the bot was
    /// down, so that no one is timed out for it; returns that time (0 if none).
    pub async fn heartbeat(&self, now: i64, gap: i64) -> Result<i64, StoreError> {
        const READ: &str = "select value, version from meta where key = 'alive'";
        const INSERT: &str = "insert into meta (key, value) values ('alive', $1) \
                              on conflict (key) do nothing";
        const UPDATE: &str = "update meta set value = $1, version = version + 1 where key = 'alive' and version = $2";
        const SHIFT: &str = "update tables set deadline_ms = deadline_ms + $1, \
                             remind_ms = remind_ms + $1 where status = 'playing'";
        on_writer!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let row: Option<(i64, i64)> = sqlx::query_as(READ).fetch_optional(&mut *tx).await?;
            let Some((last, version)) = row else {
                sqlx::query(INSERT).bind(now).execute(&mut *tx).await?;
                tx.commit().await?;
                return Ok(0);
            };
            let down = if now - last > gap { now - last } else { 0 };
            let done = sqlx::query(UPDATE).bind(now.max(last)).bind(version).execute(&mut *tx).await?;
            if done.rows_affected() == 1 && down > 0 {
                sqlx::query(SHIFT).bind(down).execute(&mut *tx).await?;
            }
            tx.commit().await?;
            Ok(if done.rows_affected() == 1 { down } else { 0 })
        })
    }

    /// The stored value of a process-wide setting, storing `default` first if there is none
    /// (the first process to start decides; every later one reads the same value).
    pub async fn setting_or_insert(&self, key: &str, default: &str) -> Result<String, StoreError> {
        const INSERT: &str =
            "insert into settings (key, value) values ($1, $2) on conflict (key) do nothing";
        const READ: &str = "select value from settings where key = $1";
        let value: String = on_writer!(self, pool => {
            sqlx::query(INSERT).bind(key).bind(default).execute(pool).await?;
            sqlx::query_scalar(READ).bind(key).fetch_one(pool).await?
        });
        Ok(value)
    }

    /// How many tables are in a lobby or playing.
    pub async fn count_open(&self) -> Result<i64, StoreError> {
        const SQL: &str = "select count(*) from tables where status in ('lobby', 'playing')";
        let n: i64 = on_pool!(self, pool => sqlx::query_scalar(SQL).fetch_one(pool).await?);
        Ok(n)
    }

    /// Whether the database answers. (Postgres answers `select 1` with an INT4, which sqlx
    /// will not read as `i64`: the cast makes both databases answer the same type.)
    pub async fn ping(&self) -> Result<(), StoreError> {
        const SQL: &str = "select cast(1 as bigint)";
        let _: i64 = on_pool!(self, pool => sqlx::query_scalar(SQL).fetch_one(pool).await?);
        Ok(())
    }

    /// Closes the pool, waiting for connections in use to be returned. SQLite's write-ahead
    /// log is first checkpointed into the database file and emptied (`wal_checkpoint(TRUNCATE)`,
    /// issue 61), so that the file alone, copied after a shutdown, holds every write.
    pub async fn close(&self) {
        match self {
            Store::Postgres(pool) => pool.close().await,
            Store::Sqlite(lite) => {
                lite.read.close().await;
                const SQL: &str = "pragma wal_checkpoint(TRUNCATE)";
                if let Err(e) = sqlx::query(SQL).execute(&lite.write).await {
                    tracing::warn!(error = %e, "the SQLite checkpoint at shutdown failed");
                }
                lite.write.close().await;
            }
        }
    }

    /// Marks a table's reminder as sent, without changing its version (the buttons on its board
    /// stay valid), and releases the claim on it.
    pub async fn clear_reminder(&self, id: TableId, version: Version) -> Result<(), StoreError> {
        const SQL: &str =
            "update tables set remind_ms = null, lease_ms = null where id = $1 and version = $2";
        on_writer!(self, pool => {
            sqlx::query(SQL).bind(id).bind(version).execute(pool).await?;
        });
        Ok(())
    }

    /// Releases the claim on a table at `version` (its timer lost a race to a write: the table
    /// is due again at once if its deadline or reminder still is, not when the claim expires).
    pub async fn release(&self, id: TableId, version: Version) -> Result<(), StoreError> {
        const SQL: &str = "update tables set lease_ms = null where id = $1 and version = $2";
        on_writer!(self, pool => {
            sqlx::query(SQL).bind(id).bind(version).execute(pool).await?;
        });
        Ok(())
    }

    /// Records the thread opened for a table: `thread`, a channel's number.
    pub async fn set_thread(&self, table: TableId, thread: i64) -> Result<(), StoreError> {
        self.set_recorded(table, THREAD, &thread.to_string(), Version::default()).await?;
        Ok(())
    }

    /// The thread recorded for a table, if any.
    pub async fn thread(&self, table: TableId) -> Result<Option<i64>, StoreError> {
        let text = self.recorded(table, THREAD).await?;
        Ok(text.and_then(|(t, _)| t.parse().ok()))
    }

    /// Records `message` (stored text) for a table's `kind` at `version` unless a newer version
    /// is recorded: the text it replaced (if another), and whether that is of a newer version
    /// (then nothing changed).
    async fn set_recorded(
        &self,
        table: TableId,
        kind: &str,
        message: &str,
        version: Version,
    ) -> Result<(Option<String>, bool), StoreError> {
        // Concurrent recorders of one table's message must see each other: the row is
        // inserted, or else read under a row lock (Postgres; SQLite's writer is one at a time),
        // so that each learns the message it really replaces and none writes over a newer one.
        const INSERT: &str = "insert into messages (table_id, kind, message, version) \
                              values ($1, $2, $3, $4) on conflict (table_id, kind) do nothing \
                              returning version";
        const READ: &str =
            "select message, version from messages where table_id = $1 and kind = $2";
        const READ_LOCKED: &str =
            "select message, version from messages where table_id = $1 and kind = $2 for update";
        const UPDATE: &str =
            "update messages set message = $3, version = $4 where table_id = $1 and kind = $2";
        let read = if matches!(self, Store::Postgres(_)) { READ_LOCKED } else { READ };
        let recorded = on_writer!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let mut recorded = None;
            // A row deleted between the insert and the read (its table closed) is inserted anew.
            for _ in 0..3 {
                let inserted: Option<(i64,)> = sqlx::query_as(INSERT)
                    .bind(table)
                    .bind(kind)
                    .bind(message)
                    .bind(version)
                    .fetch_optional(&mut *tx)
                    .await?;
                if inserted.is_some() {
                    recorded = Some((None, false));
                    break;
                }
                let old: Option<(String, Version)> =
                    sqlx::query_as(read).bind(table).bind(kind).fetch_optional(&mut *tx).await?;
                match old {
                    None => continue,
                    Some((current, newer)) if newer > version => {
                        recorded = Some((Some(current), true));
                        break;
                    }
                    Some((old, _)) => {
                        sqlx::query(UPDATE)
                            .bind(table)
                            .bind(kind)
                            .bind(message)
                            .bind(version)
                            .execute(&mut *tx)
                            .await?;
                        recorded = Some((Some(old).filter(|m| m != message), false));
                        break;
                    }
                }
            }
            match recorded {
                Some(outdated @ (_, true)) => {
                    tx.rollback().await?;
                    outdated
                }
                Some(done) => {
                    tx.commit().await?;
                    done
                }
                None => {
                    tx.rollback().await?;
                    return Err(sqlx::Error::RowNotFound.into());
                }
            }
        });
        Ok(recorded)
    }

    /// The chat message showing a table's `kind`, if one was recorded.
    pub async fn message(
        &self,
        table: TableId,
        kind: &str,
    ) -> Result<Option<MessageRef>, StoreError> {
        Ok(self.message_version(table, kind).await?.map(|(m, _)| m))
    }

    /// The chat message showing a table's `kind` and the table version it shows, if recorded
    /// (a damaged reference is none: the next view is posted anew).
    pub async fn message_version(
        &self,
        table: TableId,
        kind: &str,
    ) -> Result<Option<(MessageRef, Version)>, StoreError> {
        let recorded = self.recorded(table, kind).await?;
        Ok(recorded.and_then(|(m, v)| Some((MessageRef::parse(&m)?, v))))
    }

    /// The text recorded for a table's `kind` and its version.
    async fn recorded(
        &self,
        table: TableId,
        kind: &str,
    ) -> Result<Option<(String, Version)>, StoreError> {
        const READ: &str =
            "select message, version from messages where table_id = $1 and kind = $2";
        let m = on_pool!(self, pool => {
            sqlx::query_as(READ).bind(table).bind(kind).fetch_optional(pool).await?
        });
        Ok(m)
    }

    /// The current version of each of these tables (those that exist), in one query: how the
    /// live board learns of changes any process made.
    pub async fn versions(&self, ids: &[TableId]) -> Result<Vec<(TableId, Version)>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let list: Vec<String> = ids.iter().map(TableId::to_string).collect();
        let list = format!("[{}]", list.join(","));
        const PG: &str = "select id, version from tables where id in \
                          (select value::int8 from jsonb_array_elements_text($1::jsonb))";
        const LITE: &str = "select id, version from tables where id in \
                            (select value from json_each($1))";
        let rows = match self {
            Store::Postgres(pool) => sqlx::query_as(PG).bind(list).fetch_all(pool).await?,
            Store::Sqlite(lite) => sqlx::query_as(LITE).bind(list).fetch_all(&lite.read).await?,
        };
        Ok(rows)
    }

    /// Claims up to `limit` open tables (lobby or playing, changed since `since`) whose newest
    /// version no recorded message shows (a lobby's `lobby` message, a game's `board`): the
    /// process stopped between storing a change and showing it. Each is claimed until
    /// `now + lease`, so that processes starting together show it once.
    pub async fn claim_unshown(
        &self,
        since: i64,
        now: i64,
        lease: i64,
        limit: i64,
    ) -> Result<Vec<TableId>, StoreError> {
        macro_rules! pick {
            ($tail:literal) => {
                concat!(
                    "select t.id, t.version from tables t where t.status in ('lobby', 'playing') ",
                    "and t.updated_ms >= $1 and (t.outbox_ms is null or t.outbox_ms <= $2) ",
                    "and not exists (select 1 from messages m where m.table_id = t.id ",
                    "and m.kind = case when t.status = 'lobby' then 'lobby' else 'board' end ",
                    "and m.version >= t.version) order by t.id limit $3",
                    $tail
                )
            };
        }
        const CLAIM: &str = "update tables set outbox_ms = $1 where id = $2";
        let rows = claim!(
            self,
            pick,
            (" for update of t skip locked", ""),
            [since, now, limit],
            CLAIM,
            now + lease
        );
        Ok(rows.into_iter().map(|(id, _)| id).collect())
    }

    /// Records a user's display name and the language their platform says they use (`locale`,
    /// a bot language code; `None` keeps the one known), creating the user on first sight;
    /// returns their chosen language, if any.
    ///
    /// Every operation calls this, so it only reads unless the user is new, renamed or moved to
    /// another platform language.
    pub async fn user(
        &self,
        id: &UserId,
        name: &str,
        locale: Option<&str>,
    ) -> Result<Option<String>, StoreError> {
        let id = id.as_str();
        const READ: &str = "select name, lang, locale from users where id = $1";
        const UPSERT: &str = "insert into users (id, name, locale) values ($1, $2, $3) \
                              on conflict (id) do update set name = excluded.name, \
                              locale = coalesce(excluded.locale, users.locale) returning lang";
        type Known = (String, Option<String>, Option<String>);
        let known: Option<Known> = on_pool!(self, pool => {
            sqlx::query_as(READ).bind(id).fetch_optional(pool).await?
        });
        let lang: Option<String> = match known {
            Some((stored, lang, seen))
                if stored == name && (locale.is_none() || seen.as_deref() == locale) =>
            {
                lang
            }
            _ => on_writer!(self, pool => {
                sqlx::query_scalar(UPSERT).bind(id).bind(name).bind(locale).fetch_one(pool).await?
            }),
        };
        Ok(lang)
    }

    /// A user's display name as last seen, if the user is known.
    pub async fn user_name(&self, id: &UserId) -> Result<Option<String>, StoreError> {
        let id = id.as_str();
        const SQL: &str = "select name from users where id = $1";
        let name = on_pool!(self, pool => {
            sqlx::query_scalar(SQL).bind(id).fetch_optional(pool).await?
        });
        Ok(name)
    }

    /// Sets (or with `None` clears) a user's language.
    pub async fn set_user_lang(&self, id: &UserId, lang: Option<&str>) -> Result<(), StoreError> {
        let id = id.as_str();
        const SQL: &str = "update users set lang = $1, version = version + 1 where id = $2";
        on_writer!(self, pool => {
            sqlx::query(SQL).bind(lang).bind(id).execute(pool).await?;
        });
        Ok(())
    }

    /// Whether a user asked for text-first boards (`/access on`); `false` for one never seen.
    pub async fn access(&self, id: &UserId) -> Result<bool, StoreError> {
        let id = id.as_str();
        const SQL: &str = "select access from users where id = $1";
        let on: Option<bool> = on_pool!(self, pool => {
            sqlx::query_scalar(SQL).bind(id).fetch_optional(pool).await?
        });
        Ok(on.unwrap_or(false))
    }

    /// Turns a known user's text-first boards on or off.
    pub async fn set_access(&self, id: &UserId, on: bool) -> Result<(), StoreError> {
        let id = id.as_str();
        const SQL: &str = "update users set access = $1, version = version + 1 where id = $2";
        on_writer!(self, pool => {
            sqlx::query(SQL).bind(on).bind(id).execute(pool).await?;
        });
        Ok(())
    }

    /// A user's turn-notice choice (JSON; empty when never set) and the language to write to
    /// them in (their own choice, else their platform's as last seen), if the user is known.
    pub async fn notify(
        &self,
        user: &UserId,
    ) -> Result<Option<(String, Option<String>)>, StoreError> {
        let user = user.as_str();
        const SQL: &str = "select notify, coalesce(lang, locale) from users where id = $1";
        let notify = on_pool!(self, pool => {
            sqlx::query_as(SQL).bind(user).fetch_optional(pool).await?
        });
        Ok(notify)
    }

    /// Sets a user's turn-notice choice, and what becomes of the notices they are owed.
    pub async fn set_notify(
        &self,
        user: &UserId,
        notify: &str,
        pending: Pending,
    ) -> Result<(), StoreError> {
        let user = user.as_str();
        const SET: &str = "update users set notify = $1, version = version + 1 where id = $2";
        const DROP: &str = "delete from notices where user_id = $1 and sent_ms is null";
        const HASTEN: &str = "update notices set due_ms = $2 \
                              where user_id = $1 and sent_ms is null and due_ms > $2";
        on_writer!(self, pool => {
            let mut tx = pool.begin_write().await?;
            sqlx::query(SET).bind(notify).bind(user).execute(&mut *tx).await?;
            match pending {
                Pending::Keep => {}
                Pending::Drop => {
                    sqlx::query(DROP).bind(user).execute(&mut *tx).await?;
                }
                Pending::NoLaterThan(due) => {
                    sqlx::query(HASTEN).bind(user).bind(due).execute(&mut *tx).await?;
                }
            }
            tx.commit().await?;
        });
        Ok(())
    }

    /// Claims the turn notices due at `now` (up to `limit`, the oldest first), for `lease`
    /// milliseconds, as `(table, user)`: another process claiming meanwhile skips them
    /// (Postgres `FOR UPDATE SKIP LOCKED`; SQLite serialises writers anyway). With one of a
    /// user's notices, every other notice of theirs due by then is claimed too, so that one
    /// message tells of all their waiting tables.
    pub async fn claim_notices(
        &self,
        now: i64,
        lease: i64,
        limit: i64,
    ) -> Result<Vec<(TableId, UserId)>, StoreError> {
        macro_rules! pick {
            ($tail:literal) => {
                concat!(
                    "select table_id, user_id from notices where sent_ms is null ",
                    "and due_ms <= $1 and (lease_ms is null or lease_ms <= $1) ",
                    "and user_id in (select user_id from notices where sent_ms is null ",
                    "and due_ms <= $1 and (lease_ms is null or lease_ms <= $1) ",
                    "order by due_ms limit $2) order by user_id, due_ms",
                    $tail
                )
            };
        }
        const LEASE: &str = "update notices set lease_ms = $1 where table_id = $2 and user_id = $3";
        macro_rules! run {
            ($pool:expr, $sql:expr) => {{
                let mut tx = $pool.begin_write().await?;
                let rows: Vec<(TableId, String)> =
                    sqlx::query_as($sql).bind(now).bind(limit).fetch_all(&mut *tx).await?;
                for (table, user) in &rows {
                    sqlx::query(LEASE)
                        .bind(now + lease)
                        .bind(table)
                        .bind(user)
                        .execute(&mut *tx)
                        .await?;
                }
                tx.commit().await?;
                rows
            }};
        }
        let rows = match self {
            Store::Postgres(pool) => run!(pool, pick!(" for update skip locked")),
            Store::Sqlite(lite) => run!(&lite.write, pick!("")),
        };
        Ok(rows.into_iter().map(|(table, user)| (table, UserId::from(user))).collect())
    }

    /// Whether `user` is still owed an unsent notice for any of `tables` (a turn played
    /// since drops it): asked just before a notice is sent.
    pub async fn notice_pending(
        &self,
        user: &UserId,
        tables: &[TableId],
    ) -> Result<bool, StoreError> {
        let user = user.as_str();
        const SQL: &str =
            "select count(*) from notices where user_id = $1 and table_id = $2 and sent_ms is null";
        for &table in tables {
            let n: i64 = on_pool!(self, pool => {
                sqlx::query_scalar(SQL).bind(user).bind(table).fetch_one(pool).await?
            });
            if n > 0 {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// What became of a claimed notice: sent at `Some(ms)` (never sent again for this turn),
    /// postponed to `due` (quiet hours), or dropped (`None, None`: the turn is over or the
    /// user does not want it).
    pub async fn settle_notice(
        &self,
        table: TableId,
        user: &UserId,
        sent: Option<i64>,
        due: Option<i64>,
    ) -> Result<(), StoreError> {
        let user = user.as_str();
        const SENT: &str = "update notices set sent_ms = $1, lease_ms = null \
                            where table_id = $2 and user_id = $3";
        const LATER: &str = "update notices set due_ms = $1, lease_ms = null \
                             where table_id = $2 and user_id = $3";
        const DROP: &str = "delete from notices where table_id = $1 and user_id = $2";
        on_writer!(self, pool => {
            match (sent, due) {
                (Some(at), _) => {
                    sqlx::query(SENT).bind(at).bind(table).bind(user).execute(pool).await?
                }
                (None, Some(due)) => {
                    sqlx::query(LATER).bind(due).bind(table).bind(user).execute(pool).await?
                }
                (None, None) => sqlx::query(DROP).bind(table).bind(user).execute(pool).await?,
            };
        });
        Ok(())
    }

    /// Records a chat's title as the platform shows it now; writes only when it changed.
    pub async fn set_chat_title(&self, id: &ChatId, title: &str) -> Result<(), StoreError> {
        let id = id.as_str();
        const READ: &str = "select title from chats where id = $1";
        const UPSERT: &str = "insert into chats (id, title) values ($1, $2) on conflict (id) \
                              do update set title = excluded.title";
        let known: Option<Option<String>> = on_pool!(self, pool => {
            sqlx::query_scalar(READ).bind(id).fetch_optional(pool).await?
        });
        if known.flatten().as_deref() == Some(title) {
            return Ok(());
        }
        on_writer!(self, pool => {
            sqlx::query(UPSERT).bind(id).bind(title).execute(pool).await?;
        });
        Ok(())
    }

    /// A chat's chosen language, if any.
    pub async fn chat_lang(&self, id: &ChatId) -> Result<Option<String>, StoreError> {
        let id = id.as_str();
        const SQL: &str = "select lang from chats where id = $1";
        let lang: Option<Option<String>> = on_pool!(self, pool => {
            sqlx::query_scalar(SQL).bind(id).fetch_optional(pool).await?
        });
        Ok(lang.flatten())
    }

    /// A chat's settings (JSON), if it has any.
    pub async fn chat_settings(&self, id: &ChatId) -> Result<Option<String>, StoreError> {
        let id = id.as_str();
        const SQL: &str = "select settings from chats where id = $1";
        let s: Option<String> = on_pool!(self, pool => {
            sqlx::query_scalar(SQL).bind(id).fetch_optional(pool).await?
        });
        Ok(s)
    }

    /// Replaces a chat's settings (JSON).
    pub async fn set_chat_settings(&self, id: &ChatId, settings: &str) -> Result<(), StoreError> {
        let id = id.as_str();
        const SQL: &str = "insert into chats (id, settings) values ($1, $2) on conflict (id) \
                           do update set settings = excluded.settings, version = chats.version + 1";
        on_writer!(self, pool => {
            sqlx::query(SQL).bind(id).bind(settings).execute(pool).await?;
        });
        Ok(())
    }

    /// Sets (or with `None` clears) a chat's language.
    pub async fn set_chat_lang(&self, id: &ChatId, lang: Option<&str>) -> Result<(), StoreError> {
        let id = id.as_str();
        const SQL: &str = "insert into chats (id, lang) values ($1, $2) on conflict (id) \
                           do update set lang = excluded.lang, version = chats.version + 1";
        on_writer!(self, pool => {
            sqlx::query(SQL).bind(id).bind(lang).execute(pool).await?;
        });
        Ok(())
    }

    /// Per user and game: games and wins in one chat, most wins first, counting only games at
    /// which at least one other person sat (games against computers alone are left out).
    pub async fn leaderboard(&self, chat: &ChatId) -> Result<Vec<StatRow>, StoreError> {
        let chat = chat.as_str();
        // People ranked by their games against people: a game with no other person at it (a
        // person against computers only) is not on the board, so a win over computers never
        // ranks beside wins over people; `/stats` counts those by the computers' level.
        static SQL: LazyLock<String> = LazyLock::new(|| {
            let computer = ids::COMPUTER_PATTERN;
            format!(
                "select user_id, max(name), game, count(*), \
                 sum(case when rank = 1 then 1 else 0 end), cast(null as text) \
                 from results r where chat = $1 and user_id not like '{computer}' \
                 and exists (select 1 from results o where o.table_id = r.table_id \
                 and o.user_id <> r.user_id and o.user_id not like '{computer}') \
                 group by user_id, game"
            )
        });
        self.stats_query(SQL.as_str(), chat).await
    }

    /// Per game: one user's games and wins in every chat.
    pub async fn user_stats(&self, user: &UserId) -> Result<Vec<StatRow>, StoreError> {
        let user = user.as_str();
        // Each game counted with the strongest computer that sat at it, if any (the levels
        // numbered from 1, weakest first; a computer of no known level counts as the weakest;
        // 0 none).
        static SQL: LazyLock<String> = LazyLock::new(|| {
            let levels = ids::computer_levels();
            let (mut words, mut ranks) = (String::new(), String::new());
            for (rank, (word, pattern)) in levels.iter().enumerate().rev() {
                let rank = rank + 1;
                words.push_str(&format!("when {rank} then '{word}' "));
                ranks.push_str(&format!("when c.user_id like '{pattern}' then {rank} "));
            }
            let computer = ids::COMPUTER_PATTERN;
            format!(
                "select user_id, max(name), game, count(*), \
                 sum(case when rank = 1 then 1 else 0 end), \
                 case against {words}end from (select r.user_id, r.name, r.game, r.rank, \
                 coalesce((select max(case {ranks}else 1 end) \
                 from results c where c.table_id = r.table_id \
                 and c.user_id like '{computer}'), 0) as against \
                 from results r where r.user_id = $1) g \
                 group by user_id, game, against"
            )
        });
        self.stats_query(SQL.as_str(), user).await
    }

    async fn stats_query(&self, sql: &'static str, key: &str) -> Result<Vec<StatRow>, StoreError> {
        let rows: Vec<(String, String, String, i64, i64, Option<String>)> = on_pool!(self, pool => {
            sqlx::query_as(sql).bind(key).fetch_all(pool).await?
        });
        let mut rows: Vec<StatRow> = rows
            .into_iter()
            .map(|(user, name, game, games, wins, against)| StatRow {
                user,
                name,
                game,
                games,
                wins,
                against,
            })
            .collect();
        rows.sort_by(|a, b| {
            b.wins.cmp(&a.wins).then(a.games.cmp(&b.games)).then(a.name.cmp(&b.name))
        });
        Ok(rows)
    }
}

/// Rows `(id, game, status word, extra)` whose status is one of `statuses`, the word read as a
/// [`TableStatus`]; a row with a word this build does not know matches none.
fn with_status<T>(
    rows: impl Iterator<Item = (TableId, String, String, T)>,
    statuses: &[TableStatus],
) -> impl Iterator<Item = (TableId, String, TableStatus, T)> {
    rows.filter_map(move |(id, game, word, extra)| {
        let status = TableStatus::from_word(&word)?;
        statuses.contains(&status).then_some((id, game, status, extra))
    })
}

/// A database URL without its password, for every message and log that names one (the one
/// masking function: `store copy`, the start's errors and log, every `BadUrl`). Masks the
/// password of the userinfo (`scheme://user:***@host`, whatever the scheme and its case), and
/// the value of every `password=` setting (`?password=`, `&sslpassword=`, libpq's
/// `host=db password=x` words), in any text, a URL or not.
pub fn redact(url: &str) -> String {
    let mut out = url.to_owned();
    if let Some(scheme) = out.find("://") {
        let start = scheme + 3;
        let end = out[start..].find(['?', '#']).map_or(out.len(), |e| start + e);
        if let Some(at) = out[start..end].rfind('@').map(|a| start + a)
            && let Some(colon) = out[start..at].find(':').map(|c| start + c)
        {
            out.replace_range(colon + 1..at, "***");
        }
    }
    let lower = out.to_ascii_lowercase();
    let mut masked = String::with_capacity(out.len());
    let mut from = 0;
    while let Some(found) = lower[from..].find("password=").map(|f| from + f) {
        let value = found + "password=".len();
        let end = out[value..]
            .find(|c: char| c == '&' || c == ';' || c == '#' || c.is_whitespace())
            .map_or(out.len(), |e| value + e);
        masked.push_str(&out[from..value]);
        masked.push_str("***");
        from = end;
    }
    masked.push_str(&out[from..]);
    masked
}

// Declared last: they use the query macros above (macros are visible from where they are defined).
pub mod calls;
pub mod copy;
mod cup;
pub mod identify;
mod number;
mod rematch;
pub mod show;
mod tidy;

pub use cup::{CupChange, CupGameRow, CupPlayer, CupRecord, CupStatus};
pub use identify::IdentifyLock;
pub use rematch::Rematch;
pub mod ratings;

use ratings::RateTx;
pub use ratings::{FinishedGame, HeadToHead, LadderRow, RateFn, Rating, RatingRow};

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 61: a closed SQLite store leaves every write in the database file itself (the
    /// log checkpointed), even while another connection keeps the log from being removed, so
    /// a copy of the file alone is whole.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn closing_a_sqlite_store_checkpoints_its_log_into_the_file() {
        use sqlx::Connection;
        let path = std::env::temp_dir().join(format!("dicetable-wal-{}.db", std::process::id()));
        let copy = path.with_extension("copy.db");
        let url = format!("sqlite://{}", path.display());
        let store = Store::connect(&url).await.unwrap();
        let Store::Sqlite(lite) = &store else { panic!("SQLite") };
        let other = sqlx::SqliteConnection::connect(&url).await.unwrap();
        sqlx::query("create table kept (n integer)").execute(&lite.write).await.unwrap();
        for n in 0..50 {
            sqlx::query("insert into kept (n) values ($1)")
                .bind(n)
                .execute(&lite.write)
                .await
                .unwrap();
        }
        store.close().await;
        let wal = std::fs::metadata(format!("{}-wal", path.display())).map_or(0, |m| m.len());
        assert_eq!(wal, 0, "the log is emptied");
        std::fs::copy(&path, &copy).unwrap();
        let mut copied =
            sqlx::SqliteConnection::connect(&format!("sqlite://{}", copy.display())).await.unwrap();
        let count: i64 =
            sqlx::query_scalar("select count(*) from kept").fetch_one(&mut copied).await.unwrap();
        assert_eq!(count, 50, "the file alone holds every write");
        drop((other, copied));
        for file in [&path, &copy] {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", file.display()));
            }
        }
    }

    /// Issue 46, item 2: with every SQLite read connection busy for longer than [`WAIT`], a
    /// read waits in line and is answered; it is not taken for an outage.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_sqlite_read_waits_in_line_for_a_busy_pool() {
        let path =
            std::env::temp_dir().join(format!("dicetable-readers-{}.db", std::process::id()));
        let url = format!("sqlite://{}", path.display());
        let store = Store::connect(&url).await.unwrap();
        let Store::Sqlite(lite) = &store else { panic!("SQLite") };
        let mut held = Vec::new();
        for _ in 0..READERS {
            held.push(lite.read.acquire().await.unwrap());
        }
        let reader = store.clone();
        let read = tokio::spawn(async move { reader.user_name(&"telegram:1".into()).await });
        tokio::time::sleep(WAIT + Duration::from_millis(700)).await;
        assert!(!read.is_finished(), "the read waits while every reader is busy");
        drop(held);
        let answered = read.await.unwrap();
        assert!(matches!(answered, Ok(None)), "answered once a reader is free: {answered:?}");
        drop(store);
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }
}
