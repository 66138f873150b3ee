//! Moving and saving what a bot has stored: `dicetable store copy` (a SQLite file into an empty
//! Postgres database, everything in it) and `dicetable store backup` (an online, consistent
//! copy of a SQLite file).
//!
//! The copy knows no table by name: it copies every table the migrations created, column by
//! column, read from the database's own catalogue, so a table or column added by a later
//! migration is copied without a change here. The source must be at this build's migrations
//! (the same schema as the target, which is brought up to date first); any difference between
//! the two schemas is refused before anything is written. Everything is written in one Postgres
//! transaction, identity sequences are moved past the copied ids, and the row count of every
//! table is compared afterwards. (Whether every table's log replays to its stored state is the
//! table service's check, run by the command after the copy.)

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::str::FromStr;

use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{AssertSqlSafe, Connection, PgPool, Row, SqliteConnection};

use super::{Store, StoreError, WAIT};

/// The table sqlx keeps its migration history in: not copied (the target has its own).
const MIGRATIONS: &str = "_sqlx_migrations";

/// Rows read and written at a time (Postgres takes at most 65535 parameters a statement).
const BATCH: usize = 500;

/// Why a copy or a backup was refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    /// A direction the copy does not support (the URLs without their passwords).
    #[error(
        "only a copy from SQLite (--from sqlite://FILE) into Postgres (--to postgres://…) is \
         supported, not {from:?} → {to:?}; between Postgres databases use pg_dump and \
         pg_restore (README, \"Backups\")"
    )]
    Unsupported {
        /// The source URL.
        from: String,
        /// The target URL.
        to: String,
    },
    /// The SQLite file does not exist.
    #[error("there is no SQLite database at {0}")]
    Missing(PathBuf),
    /// A process has the SQLite file open: probably a bot still running on it.
    #[error(
        "{0} is open in another process (a bot still running on it?): stop the bot first, so \
         that nothing is written after the copy"
    )]
    InUse(PathBuf),
    /// The source and target schemas differ, or the source is not at this build's migrations.
    #[error("{0}")]
    Schema(String),
    /// The target already holds rows and `force` was not given.
    #[error(
        "the target database is not empty ({0}): copy into an empty database, or give --force \
         to delete every row of dicetable's tables there first"
    )]
    NotEmpty(String),
    /// After the copy, a table's row count differs.
    #[error(
        "after the copy, table {table} has {target} rows in the target and {sqlite} in the \
         SQLite file"
    )]
    Count {
        /// The table.
        table: String,
        /// Rows in the SQLite file.
        sqlite: i64,
        /// Rows in the target.
        target: i64,
    },
    /// The backup file exists and `force` was not given.
    #[error("{0} exists: choose another file, or give --force to replace it")]
    Exists(PathBuf),
    /// A backup of a Postgres database was asked for.
    #[error(
        "dicetable store backup copies SQLite files; for Postgres use pg_dump, e.g. \
         pg_dump --format=custom --file=dicetable.dump \"$DATABASE_URL\" (README, \"Backups\")"
    )]
    Postgres,
    /// The backup did not pass SQLite's integrity check.
    #[error("the backup {path} fails SQLite's integrity check: {why}")]
    Corrupt {
        /// The file written.
        path: PathBuf,
        /// What the check said.
        why: String,
    },
    /// A file could not be read or written.
    #[error("{0}: {1}")]
    File(PathBuf, std::io::Error),
    /// Connecting to or migrating the target failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A query failed.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
}

/// What a copy did: the rows of every table, and the target, open.
#[derive(Debug)]
pub struct Copied {
    /// Each table copied with its rows (the same in source and target), in the order written.
    pub tables: Vec<(String, i64)>,
    /// Rows deleted from the target first (with `force`), by table; empty if none.
    pub deleted: Vec<(String, i64)>,
    /// Identity sequences moved past the copied ids: `(table.column, next value)`.
    pub sequences: Vec<(String, i64)>,
    /// The target database, migrated and holding the copy.
    pub target: Store,
}

/// What a backup wrote.
#[derive(Debug)]
pub struct Backup {
    /// The file.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// Each table with its rows in the backup.
    pub tables: Vec<(String, i64)>,
}

/// Copies everything stored in the SQLite database `from` into the Postgres database `to`
/// (migrated here if it is not yet). The target must be empty unless `force`, which first
/// deletes every row of the tables the migrations created there (nothing else). The bot on
/// the SQLite file must be stopped: a file another process holds open is refused
/// ([`CopyError::InUse`]).
pub async fn copy(from: &str, to: &str, force: bool) -> Result<Copied, CopyError> {
    let is_pg = |u: &str| u.starts_with("postgres://") || u.starts_with("postgresql://");
    if !from.starts_with("sqlite:") || !is_pg(to) {
        return Err(CopyError::Unsupported { from: super::redact(from), to: super::redact(to) });
    }
    let mut source = open_sqlite(from, true).await?;
    check_migrations(&mut source).await?;
    let target = Store::connect(to).await?;
    let Store::Postgres(pg) = &target else {
        return Err(CopyError::Unsupported { from: super::redact(from), to: super::redact(to) });
    };
    let tables = same_tables(&mut source, pg).await?;

    let mut present = Vec::new();
    for table in &tables {
        let n = pg_count(pg, table).await?;
        if n > 0 {
            present.push((table.clone(), n));
        }
    }
    if !present.is_empty() && !force {
        let said: Vec<String> = present.iter().map(|(t, n)| format!("{t}: {n} rows")).collect();
        return Err(CopyError::NotEmpty(said.join(", ")));
    }

    // One transaction on each side: the source read as one snapshot, the target written all
    // or nothing.
    let mut read = source.begin().await?;
    let mut tx = pg.begin().await?;
    if !present.is_empty() {
        let list: Vec<String> = tables.iter().map(|t| quote(t)).collect();
        let sql = format!("truncate {} restart identity", list.join(", "));
        sqlx::query(AssertSqlSafe(sql)).execute(&mut *tx).await?;
    }
    let mut copied = Vec::new();
    for table in &tables {
        let columns = pg_columns(&mut tx, table).await?;
        let lite: BTreeSet<String> = lite_columns(&mut read, table).await?;
        let ours: BTreeSet<String> = columns.iter().map(|(c, _)| c.clone()).collect();
        if lite != ours {
            return Err(CopyError::Schema(format!(
                "table {table} has columns {lite:?} in the SQLite file and {ours:?} in Postgres"
            )));
        }
        let n = copy_table(&mut read, &mut tx, table, &columns).await?;
        copied.push((table.clone(), n));
    }
    let sequences = move_sequences(&mut tx).await?;
    tx.commit().await?;
    read.commit().await?;

    for (table, n) in &copied {
        let (source_rows, target_rows) =
            (lite_count(&mut source, table).await?, pg_count(pg, table).await?);
        if source_rows != *n || target_rows != *n {
            return Err(CopyError::Count {
                table: table.clone(),
                sqlite: source_rows,
                target: target_rows,
            });
        }
    }
    source.close().await?;
    Ok(Copied { tables: copied, deleted: present, sequences, target })
}

/// Writes an online, consistent copy of the SQLite database `url` to `out` with `VACUUM INTO`
/// (a bot may go on writing meanwhile: the copy is one read transaction's snapshot). An
/// existing `out` is refused unless `force`. The copy is written beside `out` first, checked
/// (`pragma integrity_check`, row counts) and only then renamed to `out`.
pub async fn backup(url: &str, out: &Path, force: bool) -> Result<Backup, CopyError> {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        return Err(CopyError::Postgres);
    }
    if !url.starts_with("sqlite:") {
        return Err(StoreError::BadUrl(super::redact(url)).into());
    }
    if out.exists() && !force {
        return Err(CopyError::Exists(out.to_owned()));
    }
    let mut partial = out.as_os_str().to_owned();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    let file_error = |path: &Path| {
        let path = path.to_owned();
        move |e| CopyError::File(path, e)
    };
    match std::fs::remove_file(&partial) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(file_error(&partial)(e)),
        _ => {}
    }
    let mut source = open_sqlite(url, false).await?;
    let name = partial.to_str().ok_or_else(|| {
        CopyError::File(partial.clone(), std::io::Error::other("the path is not UTF-8"))
    })?;
    sqlx::query("vacuum into $1").bind(name).execute(&mut source).await?;
    source.close().await?;

    let options = SqliteConnectOptions::new().filename(&partial).busy_timeout(WAIT);
    let mut copy = SqliteConnection::connect_with(&options).await?;
    let check: Vec<String> =
        sqlx::query_scalar("pragma integrity_check").fetch_all(&mut copy).await?;
    if check != ["ok"] {
        return Err(CopyError::Corrupt { path: partial, why: check.join("; ") });
    }
    let mut tables = Vec::new();
    for table in lite_tables(&mut copy).await? {
        let n = lite_count(&mut copy, &table).await?;
        tables.push((table, n));
    }
    copy.close().await?;
    std::fs::rename(&partial, out).map_err(file_error(out))?;
    let bytes = std::fs::metadata(out).map_err(file_error(out))?.len();
    Ok(Backup { path: out.to_owned(), bytes, tables })
}

/// Opens the SQLite file at `url`, which must exist (and, if `alone`, which no other process
/// may hold open: see [`in_use`]), on one connection.
async fn open_sqlite(url: &str, alone: bool) -> Result<SqliteConnection, CopyError> {
    let options = SqliteConnectOptions::from_str(url)?.busy_timeout(WAIT);
    let path = options.get_filename().to_owned();
    if !path.is_file() {
        return Err(CopyError::Missing(path));
    }
    if alone && in_use(&path)? {
        return Err(CopyError::InUse(path));
    }
    Ok(SqliteConnection::connect_with(&options).await?)
}

/// Whether another process holds the SQLite file at `path` open, as a running bot does: every
/// connection to a database in WAL mode holds a read lock on byte 128 of its `-shm` file
/// (SQLite's "dead man switch", `UNIX_SHM_DMS`) for as long as it is open. Locks of this
/// process are not seen (POSIX record locks), so a bot in the same process is not found.
pub fn in_use(path: &Path) -> Result<bool, CopyError> {
    let mut shm = path.as_os_str().to_owned();
    shm.push("-shm");
    let shm = PathBuf::from(shm);
    let file = match std::fs::File::open(&shm) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(CopyError::File(shm, e)),
    };
    held(&file).map_err(|e| CopyError::File(shm, e))
}

#[cfg(unix)]
fn held(file: &std::fs::File) -> std::io::Result<bool> {
    use std::os::fd::AsRawFd;
    // SAFETY: a zeroed `flock` is a valid value of the plain C struct; F_GETLK only reads the
    // descriptor (open for this call's lifetime) and writes into the struct we own.
    let mut lock: libc::flock = unsafe { std::mem::zeroed() };
    lock.l_type = libc::F_WRLCK as _;
    lock.l_whence = libc::SEEK_SET as _;
    lock.l_start = 128;
    lock.l_len = 1;
    // SAFETY: see above.
    let rc = unsafe { libc::fcntl(file.as_raw_fd(), libc::F_GETLK, &mut lock) };
    if rc != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(i32::from(lock.l_type) != libc::F_UNLCK)
}

#[cfg(not(unix))]
fn held(_file: &std::fs::File) -> std::io::Result<bool> {
    Ok(false)
}

/// Refuses a source that is not at exactly this build's migrations (its schema would differ
/// from the target's).
async fn check_migrations(source: &mut SqliteConnection) -> Result<(), CopyError> {
    let ours: Vec<i64> = sqlx::migrate!("migrations/sqlite").iter().map(|m| m.version).collect();
    let sql = format!("select version from {MIGRATIONS} where success order by version");
    let theirs: Vec<i64> =
        match sqlx::query_scalar(AssertSqlSafe(sql)).fetch_all(&mut *source).await {
            Ok(v) => v,
            Err(_) => {
                return Err(CopyError::Schema(
                    "the SQLite file has no dicetable migrations: is it a dicetable database?"
                        .into(),
                ));
            }
        };
    if theirs == ours {
        return Ok(());
    }
    let (have, want) = (theirs.last().copied().unwrap_or(0), ours.last().copied().unwrap_or(0));
    Err(CopyError::Schema(if have < want {
        format!(
            "the SQLite file is at migration {have}, this dicetable at {want}: start this \
             version's bot on the file once (it brings the file up to date at start), stop it, \
             then copy"
        )
    } else {
        format!(
            "the SQLite file is at migration {have}, newer than this dicetable's {want}: copy \
             with the dicetable that wrote it"
        )
    }))
}

/// The tables of both databases (without the migration history), which must be the same,
/// in an order that writes every table after the tables its foreign keys point to.
async fn same_tables(source: &mut SqliteConnection, pg: &PgPool) -> Result<Vec<String>, CopyError> {
    let lite: BTreeSet<String> = lite_tables(source).await?.into_iter().collect();
    const TABLES: &str = "select table_name::text from information_schema.tables \
                          where table_schema = current_schema() and table_type = 'BASE TABLE'";
    let pg_tables: BTreeSet<String> = sqlx::query_scalar::<_, String>(TABLES)
        .fetch_all(pg)
        .await?
        .into_iter()
        .filter(|t| t != MIGRATIONS)
        .collect();
    if lite != pg_tables {
        return Err(CopyError::Schema(format!(
            "the databases' tables differ: the SQLite file has {lite:?}, Postgres {pg_tables:?}"
        )));
    }
    const KEYS: &str = "select c.conrelid::regclass::text, c.confrelid::regclass::text \
                        from pg_constraint c where c.contype = 'f' \
                        and c.connamespace = (select oid from pg_namespace where nspname = current_schema())";
    let keys: Vec<(String, String)> = sqlx::query_as(KEYS).fetch_all(pg).await?;
    let mut parents: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (child, parent) in &keys {
        if child != parent {
            parents.entry(unquote(child)).or_default().insert(unquote(parent));
        }
    }
    // Tables whose parents are all written, in name order, until none is left.
    let mut order: Vec<String> = Vec::new();
    let mut left: BTreeSet<&str> = pg_tables.iter().map(String::as_str).collect();
    while !left.is_empty() {
        let ready: Vec<&str> = left
            .iter()
            .copied()
            .filter(|t| parents.get(t).is_none_or(|ps| ps.iter().all(|p| !left.contains(p))))
            .collect();
        if ready.is_empty() {
            return Err(CopyError::Schema(format!("foreign keys in a cycle among {left:?}")));
        }
        for t in ready {
            left.remove(t);
            order.push(t.to_owned());
        }
    }
    Ok(order)
}

/// A table name as `regclass::text` writes it, without the quotes it adds to some names.
fn unquote(name: &str) -> &str {
    name.trim_matches('"')
}

/// An identifier quoted for SQL.
fn quote(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// The SQLite file's tables, without SQLite's own and the migration history.
async fn lite_tables(conn: &mut SqliteConnection) -> Result<Vec<String>, sqlx::Error> {
    const SQL: &str = "select name from sqlite_master where type = 'table' \
                       and name not like 'sqlite\\_%' escape '\\' order by name";
    let names: Vec<String> = sqlx::query_scalar(SQL).fetch_all(conn).await?;
    Ok(names.into_iter().filter(|t| t != MIGRATIONS).collect())
}

async fn lite_columns(
    conn: &mut SqliteConnection,
    table: &str,
) -> Result<BTreeSet<String>, sqlx::Error> {
    let sql = format!("select name from pragma_table_info({})", quote_literal(table));
    let names: Vec<String> = sqlx::query_scalar(AssertSqlSafe(sql)).fetch_all(conn).await?;
    Ok(names.into_iter().collect())
}

/// A string as an SQL literal.
fn quote_literal(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

async fn lite_count(conn: &mut SqliteConnection, table: &str) -> Result<i64, sqlx::Error> {
    let sql = format!("select count(*) from {}", quote(table));
    sqlx::query_scalar(AssertSqlSafe(sql)).fetch_one(conn).await
}

async fn pg_count(pg: &PgPool, table: &str) -> Result<i64, sqlx::Error> {
    let sql = format!("select count(*) from {}", quote(table));
    sqlx::query_scalar(AssertSqlSafe(sql)).fetch_one(pg).await
}

/// A Postgres table's columns in order, each with its type as SQL writes it (`bigint`,
/// `timestamp with time zone`, `bytea`, …).
async fn pg_columns(
    tx: &mut sqlx::PgConnection,
    table: &str,
) -> Result<Vec<(String, String)>, sqlx::Error> {
    const SQL: &str = "select a.attname::text, format_type(a.atttypid, a.atttypmod) \
                       from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0 \
                       and not a.attisdropped order by a.attnum";
    sqlx::query_as(SQL).bind(quote(table)).fetch_all(tx).await
}

/// Copies one table's rows in batches (by `rowid`, so memory stays small), each value read
/// from SQLite as text (or bytes, for a `bytea` column) and cast to the Postgres column's type
/// by Postgres itself. Returns the rows copied.
async fn copy_table(
    read: &mut SqliteConnection,
    write: &mut sqlx::PgConnection,
    table: &str,
    columns: &[(String, String)],
) -> Result<i64, sqlx::Error> {
    let bytes: Vec<bool> = columns.iter().map(|(_, ty)| ty == "bytea").collect();
    let picks: Vec<String> = columns
        .iter()
        .zip(&bytes)
        .map(|((c, _), &b)| if b { quote(c) } else { format!("cast({} as text)", quote(c)) })
        .collect();
    let select = format!(
        "select rowid, {} from {} where rowid > $1 order by rowid limit {BATCH}",
        picks.join(", "),
        quote(table)
    );
    let names: Vec<String> = columns.iter().map(|(c, _)| quote(c)).collect();
    let mut copied = 0;
    let mut after = i64::MIN;
    loop {
        let rows =
            sqlx::query(AssertSqlSafe(select.clone())).bind(after).fetch_all(&mut *read).await?;
        let Some(last) = rows.last() else { break };
        after = last.try_get(0)?;
        let mut values = Vec::with_capacity(rows.len());
        let mut n = 0;
        for _ in &rows {
            let row: Vec<String> = columns
                .iter()
                .map(|(_, ty)| {
                    n += 1;
                    if ty == "bytea" { format!("${n}") } else { format!("cast(${n} as {ty})") }
                })
                .collect();
            values.push(format!("({})", row.join(", ")));
        }
        let insert = format!(
            "insert into {} ({}) values {}",
            quote(table),
            names.join(", "),
            values.join(", ")
        );
        let mut query = sqlx::query(AssertSqlSafe(insert));
        for row in &rows {
            for (i, &b) in bytes.iter().enumerate() {
                query = if b {
                    query.bind(row.try_get::<Option<Vec<u8>>, _>(i + 1)?)
                } else {
                    query.bind(row.try_get::<Option<String>, _>(i + 1)?)
                };
            }
        }
        query.execute(&mut *write).await?;
        copied += rows.len() as i64;
    }
    Ok(copied)
}

/// Moves every identity or serial column's sequence past the largest id copied, so that rows
/// made after the copy (a new table) never take an id that exists.
async fn move_sequences(tx: &mut sqlx::PgConnection) -> Result<Vec<(String, i64)>, sqlx::Error> {
    const SQL: &str = "select table_name::text, column_name::text from information_schema.columns \
                       where table_schema = current_schema() \
                       and (column_default like 'nextval(%' or is_identity = 'YES') \
                       order by table_name, column_name";
    let columns: Vec<(String, String)> = sqlx::query_as(SQL).fetch_all(&mut *tx).await?;
    let mut moved = Vec::new();
    for (table, column) in columns {
        let sql = format!(
            "select setval(pg_get_serial_sequence($1, $2), \
             coalesce((select max({c}) from {t}), 0) + 1, false)",
            c = quote(&column),
            t = quote(&table)
        );
        let next: i64 = sqlx::query_scalar(AssertSqlSafe(sql))
            .bind(quote(&table))
            .bind(&column)
            .fetch_one(&mut *tx)
            .await?;
        moved.push((format!("{table}.{column}"), next));
    }
    Ok(moved)
}
