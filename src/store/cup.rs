//! The group cup's rows (issue 49; migration 0011): a cup, its players and its games.
//!
//! Every change to a cup goes through [`CupStore::update_cup`], guarded by the cup's version: a
//! round's pairing, its tables (created, seated, in the same transaction) and the cup's next
//! state are written together or not at all, so of several processes that see a round end at
//! once exactly one pairs it. A game's result is written by the save that finishes its table
//! ([`super::Change::cup_result`]), in that save's transaction.

use super::{BeginWrite, CupStore, SeatRecord, Store, StoreError, TableRecord, TableStatus};
use crate::engine::GameKind;
use crate::engine::cup::{Format, Seat};
use crate::ids::{ChatId, CupId, TableId, UserId, Version};

/// Where a cup stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CupStatus {
    /// Players sign up; the host starts it.
    #[default]
    Signup,
    /// Rounds are played.
    Playing,
    /// Its last round ended.
    Finished,
    /// Cancelled by its host or an admin.
    Cancelled,
}

impl CupStatus {
    /// The stored word.
    pub fn word(self) -> &'static str {
        match self {
            CupStatus::Signup => "signup",
            CupStatus::Playing => "playing",
            CupStatus::Finished => "finished",
            CupStatus::Cancelled => "cancelled",
        }
    }

    /// The status a stored word names.
    pub fn from_word(word: &str) -> Option<Self> {
        [CupStatus::Signup, CupStatus::Playing, CupStatus::Finished, CupStatus::Cancelled]
            .into_iter()
            .find(|s| s.word() == word)
    }
}

/// A cup as stored, with its players and games: read once, typed, by [`CupStore::cup`] (a row
/// whose game, format, players or results do not read is [`StoreError::BadCupRow`]).
#[derive(Debug, Clone, PartialEq)]
pub struct CupRecord {
    /// Its id (0 before it is created).
    pub id: CupId,
    /// The chat that runs it.
    pub chat: ChatId,
    /// The game.
    pub game: GameKind,
    /// The game's options, as JSON (as a table's).
    pub options: String,
    /// Its tables' settings, as JSON.
    pub settings: String,
    /// How its rounds are paired.
    pub format: Format,
    /// How many rounds it plays.
    pub rounds: i32,
    /// Each round's window, milliseconds.
    pub window_ms: i64,
    /// Who opened it.
    pub host: UserId,
    /// Where it stands.
    pub status: CupStatus,
    /// The round being played (0 before the first).
    pub round: i32,
    /// When the current round's window closes (Unix ms).
    pub round_ends: Option<i64>,
    /// Changes so far; every change adds one.
    pub version: i64,
    /// The last change (Unix ms).
    pub updated_ms: i64,
    /// When sign-up closes and the cup begins by itself (Unix ms), if the host set a time.
    pub starts_ms: Option<i64>,
    /// Who cancelled it, as the chat knew them.
    pub cancelled_by: Option<String>,
    /// The standings version its standings message shows (-1: none shown yet); see
    /// `table::Standings::version`.
    pub standings_version: Version,
    /// Its players, in sign-up order.
    pub players: Vec<CupPlayer>,
    /// Its games and byes, by round and board.
    pub games: Vec<CupGameRow>,
}

/// A player of a cup.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CupPlayer {
    /// Sign-up order (numbers may have gaps where someone left before the start).
    pub seq: i32,
    /// The user.
    pub user: UserId,
    /// Their name when they signed up.
    pub name: String,
    /// Their rating when they signed up (seeding, the last tie-break).
    pub rating: f64,
    /// Paired no more (T8).
    pub withdrawn: bool,
    /// Forfeits excused by the host or an admin (T8, T9).
    pub excused: i32,
}

/// One game (or bye) of a cup.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CupGameRow {
    /// The round, from 1.
    pub round: i32,
    /// Its number in the round, from 1.
    pub board: i32,
    /// The players' numbers in the cup, in seat order.
    pub players: Vec<usize>,
    /// Its table; `None` for a bye.
    pub table: Option<TableId>,
    /// Its table's status, as read.
    pub table_status: Option<TableStatus>,
    /// How each seat ended, once the table finished.
    pub result: Option<Vec<Seat>>,
}

/// What [`CupStore::update_cup`] writes besides the cup's row.
#[derive(Debug, Default)]
pub struct CupChange<'a> {
    /// Players who sign up.
    pub join: &'a [CupPlayer],
    /// Players who leave before the start.
    pub leave: &'a [UserId],
    /// Players withdrawn now (by `seq`).
    pub withdraw: &'a [i32],
    /// Players one of whose forfeits is excused now (by `seq`); with `reinstate`, paired again.
    pub excuse: &'a [i32],
    /// Withdrawn players paired again (by `seq`).
    pub reinstate: &'a [i32],
    /// A round's games: each with the table to create for it (`None`: a bye).
    pub games: Vec<(CupGameRow, Option<&'a TableRecord>)>,
}

/// Inserts a cup's player inside a transaction on either database.
macro_rules! insert_player {
    ($tx:expr, $cup:expr, $p:expr) => {{
        const SQL: &str = "insert into cup_players (cup_id, seq, user_id, name, rating, withdrawn) \
                           values ($1, $2, $3, $4, $5, $6)";
        let p: &CupPlayer = $p;
        sqlx::query(SQL)
            .bind($cup)
            .bind(p.seq)
            .bind(p.user.as_str())
            .bind(&p.name)
            .bind(p.rating)
            .bind(p.withdrawn)
            .execute(&mut *$tx)
            .await?;
    }};
}

/// Inserts a round's game of cup `$cup` inside a transaction on either database: first its
/// table (`Some`: created with its seats and `cup_id`; `None`: a bye), then the game linked
/// to it.
macro_rules! insert_cup_game {
    ($tx:expr, $cup:expr, $game:expr, $players:expr, $table:expr) => {{
        const TABLE: &str = "insert into tables (chat, game, options, settings, seed, commitment, \
                             status, state, next_roll, shape, host, deadline_ms, remind_ms, \
                             updated_ms, cup_id) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, \
                             $11, $12, $13, $14, $15) returning id";
        const GAME: &str = "insert into cup_games (cup_id, round, board, players, table_id) \
                            values ($1, $2, $3, $4, $5)";
        let game: &CupGameRow = $game;
        let table_id: Option<TableId> = match $table {
            Some(t) => {
                let id: TableId = bind_insert!(sqlx::query_scalar(TABLE), t)
                    .bind($cup)
                    .fetch_one(&mut *$tx)
                    .await?;
                for (seat, s) in t.seats.iter().enumerate() {
                    insert_seat!($tx, id, seat, s);
                }
                Some(id)
            }
            None => None,
        };
        sqlx::query(GAME)
            .bind($cup)
            .bind(game.round)
            .bind(game.board)
            .bind($players)
            .bind(table_id)
            .execute(&mut *$tx)
            .await?;
    }};
}

impl CupStore<'_> {
    /// Creates a cup with its first players; returns its id. A chat with an open cup is refused
    /// with [`StoreError::CupExists`].
    pub async fn create_cup(self, c: &CupRecord) -> Result<CupId, StoreError> {
        const SQL: &str = "insert into cups (chat, game, options, settings, format, rounds, \
                           window_ms, host, status, round, round_ends, updated_ms, starts_ms) \
                           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) \
                           returning id";
        let format = json(&c.format)?;
        let result: Result<CupId, sqlx::Error> = on_writer!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let id = sqlx::query_scalar(SQL)
                .bind(c.chat.as_str())
                .bind(c.game.name())
                .bind(&c.options)
                .bind(&c.settings)
                .bind(&format)
                .bind(c.rounds)
                .bind(c.window_ms)
                .bind(c.host.as_str())
                .bind(c.status.word())
                .bind(c.round)
                .bind(c.round_ends)
                .bind(c.updated_ms)
                .bind(c.starts_ms)
                .fetch_one(&mut *tx)
                .await;
            match id {
                Ok(id) => {
                    for p in &c.players {
                        insert_player!(tx, id, p);
                    }
                    tx.commit().await?;
                    Ok(id)
                }
                Err(e) => Err(e),
            }
        });
        match result {
            Ok(id) => Ok(id),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(StoreError::CupExists),
            Err(e) => Err(e.into()),
        }
    }

    /// The open cup of a chat, if it has one. A cup of a status no build writes counts as
    /// open (the newest such), so that reading it says it is damaged, as `/cup` does, rather
    /// than that there is no cup.
    pub async fn open_cup(self, chat: &ChatId) -> Result<Option<CupId>, StoreError> {
        const SQL: &str = "select id from cups where chat = $1 \
                           and status not in ('finished', 'cancelled') order by id desc limit 1";
        Ok(self.whole().id_by(SQL, chat.as_str()).await?.map(CupId::new))
    }

    /// The chat's most recent cup, open or ended.
    pub async fn last_cup(self, chat: &ChatId) -> Result<Option<CupId>, StoreError> {
        const SQL: &str = "select id from cups where chat = $1 order by id desc limit 1";
        Ok(self.whole().id_by(SQL, chat.as_str()).await?.map(CupId::new))
    }

    /// Reads a cup with its players and games.
    pub async fn cup(self, id: CupId) -> Result<CupRecord, StoreError> {
        const CUP: &str = "select chat, game, options, settings, format, rounds, window_ms, \
                           host, status, round, round_ends, version, updated_ms, starts_ms, \
                           cancelled_by, standings_version from cups where id = $1";
        const PLAYERS: &str = "select seq, user_id, name, rating, excused, \
                               case when withdrawn then 1 else 0 end as withdrawn \
                               from cup_players where cup_id = $1 order by seq";
        const GAMES: &str = "select g.round, g.board, g.players, g.table_id, g.result, \
                             t.status as table_status from cup_games g \
                             left join tables t on t.id = g.table_id \
                             where g.cup_id = $1 order by g.round, g.board";
        macro_rules! read {
            ($pool:expr) => {{
                let Some(r) = sqlx::query(CUP).bind(id).fetch_optional($pool).await? else {
                    return Err(StoreError::NoCup(id));
                };
                let mut c = r.cup_record(id)?;
                for r in sqlx::query(PLAYERS).bind(id).fetch_all($pool).await? {
                    c.players.push(r.cup_player()?);
                }
                for r in sqlx::query(GAMES).bind(id).fetch_all($pool).await? {
                    c.games.push(r.cup_game(id)?);
                }
                c
            }};
        }
        let read: Result<CupRecord, StoreError> = async {
            Ok(match self.whole() {
                Store::Postgres(pool) => read!(pool),
                Store::Sqlite(lite) => read!(&lite.read),
            })
        }
        .await;
        match read {
            // A column of the wrong type (text where a number is kept) is damage, as a
            // value out of range is.
            Err(StoreError::Database(e @ sqlx::Error::ColumnDecode { .. })) => {
                Err(StoreError::BadCupRow { cup: id, why: e.to_string() })
            }
            read => read,
        }
    }

    /// Moves cup `c.id` from version `c.version` to the next, with `c`'s status, round, window,
    /// time, rounds and format, and writes `change` in the same transaction: players who join, leave or are
    /// withdrawn, and a round's games with their new tables (each created with its seats and
    /// `cup_id`, and linked from its game). Returns the new version; if the cup is no longer
    /// at `c.version`, nothing is written ([`StoreError::CupConflict`]).
    pub async fn update_cup(
        self,
        c: &CupRecord,
        change: &CupChange<'_>,
    ) -> Result<i64, StoreError> {
        let format = json(&c.format)?;
        let games = change
            .games
            .iter()
            .map(|(game, table)| Ok((game, json(&game.players)?, *table)))
            .collect::<Result<Vec<_>, StoreError>>()?;
        const UPDATE: &str = "update cups set version = version + 1, status = $1, round = $2, \
                              round_ends = $3, updated_ms = $4, rounds = $5, format = $6, \
                              starts_ms = $9, cancelled_by = $10 where id = $7 and version = $8";
        const LEAVE: &str = "delete from cup_players where cup_id = $1 and user_id = $2";
        const WITHDRAW: &str =
            "update cup_players set withdrawn = true where cup_id = $1 and seq = $2";
        const EXCUSE: &str =
            "update cup_players set excused = excused + 1 where cup_id = $1 and seq = $2";
        const REINSTATE: &str =
            "update cup_players set withdrawn = false where cup_id = $1 and seq = $2";
        on_writer!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let done = sqlx::query(UPDATE)
                .bind(c.status.word())
                .bind(c.round)
                .bind(c.round_ends)
                .bind(c.updated_ms)
                .bind(c.rounds)
                .bind(&format)
                .bind(c.id)
                .bind(c.version)
                .bind(c.starts_ms)
                .bind(c.cancelled_by.as_deref())
                .execute(&mut *tx)
                .await?;
            if done.rows_affected() != 1 {
                tx.rollback().await?;
                return Err(StoreError::CupConflict(c.id));
            }
            for user in change.leave {
                sqlx::query(LEAVE).bind(c.id).bind(user.as_str()).execute(&mut *tx).await?;
            }
            for p in change.join {
                insert_player!(tx, c.id, p);
            }
            for (sql, seqs) in [(WITHDRAW, change.withdraw), (EXCUSE, change.excuse), (REINSTATE, change.reinstate)] {
                for seq in seqs {
                    sqlx::query(sql).bind(c.id).bind(seq).execute(&mut *tx).await?;
                }
            }
            for (game, players, table) in &games {
                insert_cup_game!(tx, c.id, game, players, *table);
            }
            tx.commit().await?;
        });
        Ok(c.version + 1)
    }

    /// Cups that need the timer: a sign-up whose start time has passed, a round whose window
    /// has closed, whose games have all ended, or whose tables have not all started (a process
    /// stopped between pairing a round and starting its games); and a playing cup, or one
    /// finished within the hour, whose standings message is behind its results (a process
    /// stopped before it showed them).
    pub async fn cups_due(self, now: i64) -> Result<Vec<CupId>, StoreError> {
        const SQL: &str = "select c.id from cups c where \
                           (c.status = 'signup' and c.starts_ms <= $1) \
                           or (c.status = 'playing' and (c.round_ends <= $1 \
                            or not exists (select 1 from cup_games g join tables t \
                                on t.id = g.table_id where g.cup_id = c.id and g.round = c.round \
                                and t.status in ('lobby', 'playing')) \
                            or exists (select 1 from cup_games g join tables t \
                                on t.id = g.table_id where g.cup_id = c.id and g.round = c.round \
                                and t.status = 'lobby'))) \
                           or ((c.status = 'playing' \
                                or (c.status = 'finished' and c.updated_ms > $1 - 3600000)) \
                               and c.version + (select count(*) from cup_games g \
                                   where g.cup_id = c.id and g.result is not null) \
                                   > c.standings_version) \
                           order by c.id limit 32";
        let ids = on_pool!(self, pool => sqlx::query_scalar(SQL).bind(now).fetch_all(pool).await?);
        Ok(ids)
    }

    /// The ended cups of `chat` that `user` played in, newest first (at most `limit`), leaving
    /// out those that ended before an admin lifted the user's wait (T9).
    pub async fn ended_cups_of(
        self,
        chat: &ChatId,
        user: &UserId,
        limit: i64,
    ) -> Result<Vec<CupId>, StoreError> {
        let chat = chat.as_str();
        let user = user.as_str();
        const SQL: &str = "select c.id from cups c join cup_players p on p.cup_id = c.id \
                           where c.chat = $1 and p.user_id = $2 \
                           and c.status in ('finished', 'cancelled') \
                           and c.updated_ms > coalesce((select l.lifted_ms from cup_lifts l \
                               where l.chat = c.chat and l.user_id = p.user_id), 0) \
                           order by c.id desc limit $3";
        let ids = on_pool!(self, pool => {
            sqlx::query_scalar(SQL).bind(chat).bind(user).bind(limit).fetch_all(pool).await?
        });
        Ok(ids)
    }

    /// Lifts `user`'s no-show wait in `chat` (T9): the cups that ended before `now` no longer
    /// count.
    pub async fn lift_cup_wait(
        self,
        chat: &ChatId,
        user: &UserId,
        now: i64,
    ) -> Result<(), StoreError> {
        let chat = chat.as_str();
        let user = user.as_str();
        const SQL: &str = "insert into cup_lifts (chat, user_id, lifted_ms) values ($1, $2, $3) \
                           on conflict (chat, user_id) do update set lifted_ms = excluded.lifted_ms";
        on_writer!(self, pool => {
            sqlx::query(SQL).bind(chat).bind(user).bind(now).execute(pool).await?;
        });
        Ok(())
    }

    /// The user a chat's cups know by `name` (its latest sign-up of that name), if any.
    pub async fn cup_player_named(
        self,
        chat: &ChatId,
        name: &str,
    ) -> Result<Option<UserId>, StoreError> {
        let chat = chat.as_str();
        const SQL: &str = "select p.user_id from cup_players p join cups c on c.id = p.cup_id \
                           where c.chat = $1 and lower(p.name) = lower($2) \
                           order by c.id desc limit 1";
        let user: Option<String> = on_pool!(self, pool => {
            sqlx::query_scalar(SQL).bind(chat).bind(name).fetch_optional(pool).await?
        });
        Ok(user.map(UserId::from))
    }
}

/// A row of [`CupStore::cup`]'s queries, on either database, read into its typed part.
trait CupRow {
    /// The cup's own row, without its players and games.
    fn cup_record(&self, id: CupId) -> Result<CupRecord, StoreError>;
    /// A player's row.
    fn cup_player(&self) -> Result<CupPlayer, StoreError>;
    /// A game's row (of cup `cup`), with its table's status.
    fn cup_game(&self, cup: CupId) -> Result<CupGameRow, StoreError>;
}

/// A type a column of database `DB` decodes to.
trait Column<DB: sqlx::Database>: for<'q> sqlx::Decode<'q, DB> + sqlx::Type<DB> {}

impl<DB: sqlx::Database, T: for<'q> sqlx::Decode<'q, DB> + sqlx::Type<DB>> Column<DB> for T {}

impl<R: sqlx::Row> CupRow for R
where
    for<'c> &'c str: sqlx::ColumnIndex<R>,
    String: Column<R::Database>,
    f64: Column<R::Database>,
    i64: Column<R::Database>,
    i32: Column<R::Database>,
{
    fn cup_record(&self, id: CupId) -> Result<CupRecord, StoreError> {
        let r = self;
        let bad = |why: String| StoreError::BadCupRow { cup: id, why };
        let word: String = r.try_get("status")?;
        let status =
            CupStatus::from_word(&word).ok_or_else(|| bad(format!("unknown status {word:?}")))?;
        let game: String = r.try_get("game")?;
        let game = game.parse().map_err(|_| bad(format!("game {game:?}")))?;
        let format: String = r.try_get("format")?;
        let format =
            serde_json::from_str(&format).map_err(|e| bad(format!("format {format:?}: {e}")))?;
        Ok(CupRecord {
            id,
            chat: ChatId::from(r.try_get::<String, _>("chat")?),
            game,
            options: r.try_get("options")?,
            settings: r.try_get("settings")?,
            format,
            rounds: r.try_get("rounds")?,
            window_ms: r.try_get("window_ms")?,
            host: UserId::from(r.try_get::<String, _>("host")?),
            status,
            round: r.try_get("round")?,
            round_ends: r.try_get("round_ends")?,
            version: r.try_get("version")?,
            updated_ms: r.try_get("updated_ms")?,
            starts_ms: r.try_get("starts_ms")?,
            cancelled_by: r.try_get("cancelled_by")?,
            standings_version: Version::new(r.try_get("standings_version")?),
            players: Vec::new(),
            games: Vec::new(),
        })
    }

    fn cup_player(&self) -> Result<CupPlayer, StoreError> {
        let r = self;
        Ok(CupPlayer {
            seq: r.try_get("seq")?,
            user: UserId::from(r.try_get::<String, _>("user_id")?),
            name: r.try_get("name")?,
            rating: r.try_get("rating")?,
            withdrawn: r.try_get::<i32, _>("withdrawn")? == 1,
            excused: r.try_get("excused")?,
        })
    }

    fn cup_game(&self, cup: CupId) -> Result<CupGameRow, StoreError> {
        let r = self;
        let bad = |why: String| StoreError::BadCupRow { cup, why };
        let table_status = match r.try_get::<Option<String>, _>("table_status")? {
            None => None,
            Some(word) => Some(
                TableStatus::from_word(&word)
                    .ok_or_else(|| bad(format!("a table's status {word:?}")))?,
            ),
        };
        let round: i32 = r.try_get("round")?;
        let board: i32 = r.try_get("board")?;
        let at = |what: &str, e: serde_json::Error| {
            bad(format!("round {round} game {board}: {what}: {e}"))
        };
        let players: String = r.try_get("players")?;
        let players = serde_json::from_str(&players).map_err(|e| at("players", e))?;
        let result = match r.try_get::<Option<String>, _>("result")? {
            Some(text) => Some(serde_json::from_str(&text).map_err(|e| at("result", e))?),
            None => None,
        };
        Ok(CupGameRow {
            round,
            board,
            players,
            table: r.try_get::<Option<i64>, _>("table_id")?.map(TableId::new),
            table_status,
            result,
        })
    }
}

/// A typed value as the JSON text a cup's row keeps it in.
pub(super) fn json<T: serde::Serialize + ?Sized>(value: &T) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|e| StoreError::Database(sqlx::Error::Encode(e.into())))
}
