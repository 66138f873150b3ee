//! Storage: the only module with SQL. Postgres in production, SQLite as the embedded default,
//! chosen by the database URL; the same queries and behaviour on both.
//!
//! The action log is the truth and a table's `state` a cache. Every change is one transaction
//! guarded by the table's `version`: an update that expected another version applies nothing and
//! reports [`StoreError::Conflict`], so two presses of one button can never both apply.
//!
//! Migrations are embedded (`migrations/postgres`, `migrations/sqlite`) and run at connection.

use std::str::FromStr;

use sqlx::postgres::PgPoolOptions;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions};
use sqlx::{PgPool, Row, SqlitePool};

/// A connection pool to one database.
#[derive(Debug, Clone)]
pub enum Store {
    /// Production: several bot processes may share it.
    Postgres(PgPool),
    /// The embedded default: one file.
    Sqlite(SqlitePool),
}

/// Why a storage operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The table changed since the caller read it: nothing was applied.
    #[error("table {table} is no longer at version {expected}")]
    Conflict {
        /// The table.
        table: i64,
        /// The version the caller expected.
        expected: i64,
    },
    /// No such table.
    #[error("there is no table {0}")]
    NotFound(i64),
    /// The URL names no database we support.
    #[error("DATABASE_URL must start with postgres://, postgresql:// or sqlite:, not {0:?}")]
    BadUrl(String),
    /// The database failed.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// A migration failed.
    #[error("migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// A table to create.
#[derive(Debug, Clone)]
pub struct NewTable<'a> {
    /// The chat, as `platform:id`.
    pub chat: &'a str,
    /// The game's name.
    pub game: &'a str,
    /// The game's options as JSON.
    pub options: &'a str,
    /// The secret seed.
    pub seed: &'a [u8],
    /// SHA-256 of the seed, hex.
    pub commitment: &'a str,
    /// The first status: `lobby` or `playing`.
    pub status: &'a str,
    /// The first state snapshot, if the game starts at once.
    pub state: Option<&'a str>,
}

/// A stored table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableRow {
    /// Its id.
    pub id: i64,
    /// The chat.
    pub chat: String,
    /// The game's name.
    pub game: String,
    /// Options as JSON.
    pub options: String,
    /// The secret seed.
    pub seed: Vec<u8>,
    /// The seed's commitment.
    pub commitment: String,
    /// lobby, playing, finished or cancelled.
    pub status: String,
    /// Actions applied so far.
    pub version: i64,
    /// The state snapshot (a cache of replaying the log).
    pub state: Option<String>,
}

/// Runs the same code on either pool: the queries use `$n` placeholders, which both accept.
macro_rules! on_pool {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store {
            Store::Postgres($pool) => $body,
            Store::Sqlite($pool) => $body,
        }
    };
}

impl Store {
    /// Connects to `url` (postgres://… or sqlite:…) and brings its schema up to date.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let pool = PgPoolOptions::new().max_connections(8).connect(url).await?;
            sqlx::migrate!("migrations/postgres").run(&pool).await?;
            Ok(Store::Postgres(pool))
        } else if url.starts_with("sqlite:") {
            let options = SqliteConnectOptions::from_str(url)?
                .create_if_missing(true)
                .foreign_keys(true)
                .journal_mode(SqliteJournalMode::Wal)
                .busy_timeout(std::time::Duration::from_secs(10));
            let pool = SqlitePoolOptions::new().max_connections(4).connect_with(options).await?;
            sqlx::migrate!("migrations/sqlite").run(&pool).await?;
            Ok(Store::Sqlite(pool))
        } else {
            Err(StoreError::BadUrl(url.to_owned()))
        }
    }

    /// Creates a table at version 0; returns its id.
    pub async fn create_table(&self, t: &NewTable<'_>) -> Result<i64, StoreError> {
        const SQL: &str = "insert into tables (chat, game, options, seed, commitment, status, state) \
                           values ($1, $2, $3, $4, $5, $6, $7) returning id";
        let id: i64 = on_pool!(self, pool => sqlx::query_scalar(SQL)
            .bind(t.chat)
            .bind(t.game)
            .bind(t.options)
            .bind(t.seed)
            .bind(t.commitment)
            .bind(t.status)
            .bind(t.state)
            .fetch_one(pool)
            .await?);
        Ok(id)
    }

    /// Reads a table.
    pub async fn table(&self, id: i64) -> Result<TableRow, StoreError> {
        const SQL: &str = "select id, chat, game, options, seed, commitment, status, version, state \
                           from tables where id = $1";
        let row = on_pool!(self, pool => {
            let row = sqlx::query(SQL).bind(id).fetch_optional(pool).await?;
            match row {
                None => None,
                Some(r) => Some(TableRow {
                    id: r.try_get("id")?,
                    chat: r.try_get("chat")?,
                    game: r.try_get("game")?,
                    options: r.try_get("options")?,
                    seed: r.try_get("seed")?,
                    commitment: r.try_get("commitment")?,
                    status: r.try_get("status")?,
                    version: r.try_get("version")?,
                    state: r.try_get("state")?,
                }),
            }
        });
        row.ok_or(StoreError::NotFound(id))
    }

    /// Applies one action to a table that must still be at `expected` version: logs the action,
    /// stores the new state and status, and returns the new version. Nothing is written on a
    /// conflict.
    pub async fn append(
        &self,
        id: i64,
        expected: i64,
        action: &str,
        state: &str,
        status: &str,
    ) -> Result<i64, StoreError> {
        const UPDATE: &str = "update tables set version = version + 1, state = $1, status = $2 \
                              where id = $3 and version = $4";
        const LOG: &str = "insert into actions (table_id, seq, action) values ($1, $2, $3)";
        on_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            let done = sqlx::query(UPDATE)
                .bind(state)
                .bind(status)
                .bind(id)
                .bind(expected)
                .execute(&mut *tx)
                .await?;
            if done.rows_affected() != 1 {
                tx.rollback().await?;
                return Err(StoreError::Conflict { table: id, expected });
            }
            sqlx::query(LOG).bind(id).bind(expected + 1).bind(action).execute(&mut *tx).await?;
            tx.commit().await?;
        });
        Ok(expected + 1)
    }

    /// A table's actions, in order.
    pub async fn actions(&self, id: i64) -> Result<Vec<String>, StoreError> {
        const SQL: &str = "select action from actions where table_id = $1 order by seq";
        let actions: Vec<String> =
            on_pool!(self, pool => sqlx::query_scalar(SQL).bind(id).fetch_all(pool).await?);
        Ok(actions)
    }
}
