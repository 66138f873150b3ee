//! Ratings as stored (migration 0006): each person's skill per game and season, the order in
//! which finished games were rated, and each rated game's changes. The formula is not here: the
//! caller hands a [`Rating`] whose `rate` turns the rows read into the rows to write; this
//! module reads, locks and writes them in the finishing game's own transaction.
//!
//! No lost or doubled update: a finishing game first inserts its players' rows if missing (`on
//! conflict do nothing`), then reads them `for update` (Postgres), always in the same order
//! (season, then user), so two games of one player finishing at once, in one process or two,
//! rate one after the other, the second from the first's result. SQLite writes one at a time
//! anyway (`BEGIN IMMEDIATE`, one writer).

use std::sync::LazyLock;

use super::{BeginWrite, RatingStore, Store, StoreError};
use crate::ids::{self, ChatId, TableId, UserId};

/// One person's stored rating in one game and season; `mu` and `sigma` are `None` before the
/// first rated game.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingRow {
    /// The user.
    pub user: String,
    /// The skill estimate.
    pub mu: Option<f64>,
    /// Its deviation.
    pub sigma: Option<f64>,
    /// Rated games.
    pub games: i64,
    /// Rated games won (first place).
    pub wins: i64,
    /// The last rated game's time, Unix ms (0: none).
    pub last_ms: i64,
}

impl RatingRow {
    /// Whether the stored skill is one a rating writes: both numbers or neither, finite, the
    /// deviation positive. Anything else (a `NaN` written by hand or a damaged copy) is damage:
    /// shown as 0 and rated into `NaN` again if trusted (issue 61).
    pub fn is_sound(&self) -> bool {
        match (self.mu, self.sigma) {
            (None, None) => true,
            (Some(mu), Some(sigma)) => mu.is_finite() && sigma.is_finite() && sigma > 0.0,
            _ => false,
        }
    }

    /// The row, a damaged skill read as none yet (a newcomer's: the next rated game writes a
    /// sound one), and logged once per person, game and season in this process.
    fn checked(mut self, game: &str, season: &str) -> Self {
        static LOGGED: LazyLock<std::sync::Mutex<std::collections::HashSet<String>>> =
            LazyLock::new(Default::default);
        if self.is_sound() {
            return self;
        }
        let key = format!("{}\n{game}\n{season}", self.user);
        let mut logged = LOGGED.lock().unwrap_or_else(|p| p.into_inner());
        if logged.insert(key) {
            tracing::warn!(
                user = self.user,
                game,
                season,
                mu = ?self.mu,
                sigma = ?self.sigma,
                "a stored rating is damaged: read as none yet"
            );
        }
        self.mu = None;
        self.sigma = None;
        self
    }
}

/// The rate function: a season's key and the rows read (one per person of [`Rating::users`], in
/// that order) to the rows to write.
pub type RateFn<'a> = dyn Fn(&str, &[RatingRow]) -> Vec<RatingRow> + Send + Sync + 'a;

/// What rating a finished game writes, in its own transaction (see [`super::Change`]).
#[derive(Clone, Copy)]
pub struct Rating<'a> {
    /// The people rated (distinct), in seat order.
    pub users: &'a [String],
    /// The seasons whose ratings change: `all` and the current season's key.
    pub seasons: &'a [String],
    /// The formula.
    pub rate: &'a RateFn<'a>,
}

impl std::fmt::Debug for Rating<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rating")
            .field("users", &self.users)
            .field("seasons", &self.seasons)
            .finish()
    }
}

/// A finished game as `dicetable ratings --rebuild` reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinishedGame {
    /// The table.
    pub table: TableId,
    /// The game's name.
    pub game: String,
    /// The chat.
    pub chat: String,
    /// When it finished, Unix ms.
    pub finished_ms: i64,
    /// The final state (engine JSON).
    pub state: String,
    /// Seats in order: `(user, rank)`.
    pub seats: Vec<(String, i32)>,
}

/// One row of a ladder.
#[derive(Debug, Clone, PartialEq)]
pub struct LadderRow {
    /// The user.
    pub user: String,
    /// Their display name as last seen.
    pub name: String,
    /// The stored rating (see [`RatingRow`]).
    pub rating: RatingRow,
}

/// Two people's record against each other in one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeadToHead {
    /// The game.
    pub game: String,
    /// Games both played.
    pub games: i64,
    /// Games the first finished ahead of the second.
    pub ahead: i64,
    /// Games the second finished ahead of the first.
    pub behind: i64,
}

/// A database connection that can rate a finished game inside a transaction.
pub(super) trait RateTx {
    /// Inserts, locks, reads, rates and writes the ratings of `rating`, and records the game's
    /// place in the rating order.
    async fn rate_game(
        &mut self,
        table: TableId,
        game: &str,
        chat: &str,
        finished_ms: i64,
        rating: &Rating<'_>,
    ) -> Result<(), sqlx::Error>;
}

const ORDER: &str = "insert into rated_games (table_id) values ($1)";

/// A rating row as read in the statement that locks it: user, season, mu, sigma, games, wins,
/// last game's time.
type ReadRow = (String, String, Option<f64>, Option<f64>, i64, i64, i64);

/// A rating row to write with its change: user, season, mu, sigma, games, wins, last game's
/// time, and mu and sigma before.
type Written = (String, String, f64, f64, i64, i64, i64, Option<f64>, Option<f64>);

/// Rates a game from its rows as read (every person of `rating`, every season), season by
/// season with `rating.rate`: the rows to write.
fn rated_rows(
    rating: &Rating<'_>,
    game: &str,
    rows: &[ReadRow],
) -> Result<Vec<Written>, sqlx::Error> {
    let mut out = Vec::with_capacity(rows.len());
    for season in rating.seasons {
        let mut before = Vec::with_capacity(rating.users.len());
        for user in rating.users {
            let Some((_, _, mu, sigma, games, wins, last_ms)) =
                rows.iter().find(|r| &r.0 == user && &r.1 == season)
            else {
                return Err(sqlx::Error::RowNotFound);
            };
            let (mu, sigma, games, wins, last_ms) = (*mu, *sigma, *games, *wins, *last_ms);
            let row = RatingRow { user: user.clone(), mu, sigma, games, wins, last_ms };
            before.push(row.checked(game, season));
        }
        let after = (rating.rate)(season, &before);
        for (old, new) in before.iter().zip(&after) {
            out.push((
                old.user.clone(),
                season.clone(),
                new.mu.unwrap_or_default(),
                new.sigma.unwrap_or_default(),
                new.games,
                new.wins,
                new.last_ms,
                old.mu,
                old.sigma,
            ));
        }
    }
    Ok(out)
}

/// On Postgres a finished game's ratings cost two statements whatever the seats (issue 47 item
/// 5): one creates the missing rows and locks and reads every row of the game (all its people,
/// all-time and season), in one order everywhere (season, then user); one writes them all back
/// with their changes and the game's place in the rating order.
impl RateTx for sqlx::PgConnection {
    async fn rate_game(
        &mut self,
        table: TableId,
        game: &str,
        chat: &str,
        finished_ms: i64,
        rating: &Rating<'_>,
    ) -> Result<(), sqlx::Error> {
        // `do update` (of nothing) locks an existing row as `for update` would, and returns it.
        const READ: &str = "insert into ratings (user_id, game, season) \
                            select u, $2, s from unnest($1::text[]) as u, unnest($3::text[]) as s \
                            order by s, u \
                            on conflict (user_id, game, season) do update set game = excluded.game \
                            returning user_id, season, mu, sigma, games, wins, last_ms";
        const WRITE: &str = "with v as (select * from unnest($1::text[], $2::text[], \
                             $3::float8[], $4::float8[], $5::int8[], $6::int8[], $7::int8[], \
                             $8::float8[], $9::float8[]) as v (user_id, season, mu, sigma, games, \
                             wins, last_ms, mu_before, sigma_before)), \
                             w as (update ratings r set mu = v.mu, sigma = v.sigma, \
                             games = v.games, wins = v.wins, last_ms = v.last_ms from v \
                             where r.user_id = v.user_id and r.season = v.season \
                             and r.game = $10), \
                             c as (insert into rating_changes (table_id, user_id, season, game, \
                             chat, finished_ms, mu_before, sigma_before, mu_after, sigma_after) \
                             select $11, v.user_id, v.season, $10, $12, $13, v.mu_before, \
                             v.sigma_before, v.mu, v.sigma from v) \
                             insert into rated_games (table_id) values ($11)";
        let rows: Vec<ReadRow> = sqlx::query_as(READ)
            .bind(rating.users)
            .bind(game)
            .bind(rating.seasons)
            .fetch_all(&mut *self)
            .await?;
        let written = rated_rows(rating, game, &rows)?;
        let column = |f: fn(&Written) -> f64| written.iter().map(f).collect::<Vec<_>>();
        let whole = |f: fn(&Written) -> i64| written.iter().map(f).collect::<Vec<_>>();
        let users: Vec<&str> = written.iter().map(|w| w.0.as_str()).collect();
        let seasons: Vec<&str> = written.iter().map(|w| w.1.as_str()).collect();
        let (mus, sigmas) = (column(|w| w.2), column(|w| w.3));
        let (games, wins, lasts) = (whole(|w| w.4), whole(|w| w.5), whole(|w| w.6));
        let mus_before: Vec<Option<f64>> = written.iter().map(|w| w.7).collect();
        let sigmas_before: Vec<Option<f64>> = written.iter().map(|w| w.8).collect();
        sqlx::query(WRITE)
            .bind(&users)
            .bind(&seasons)
            .bind(&mus)
            .bind(&sigmas)
            .bind(&games)
            .bind(&wins)
            .bind(&lasts)
            .bind(&mus_before)
            .bind(&sigmas_before)
            .bind(game)
            .bind(table)
            .bind(chat)
            .bind(finished_ms)
            .execute(&mut *self)
            .await?;
        Ok(())
    }
}

/// On SQLite (one writer at a time) a finished game's ratings cost four statements whatever
/// the seats: one creates and reads every row of the game, three write the rows, their changes
/// and the rating order. The rows travel as JSON arrays (`json_each`).
impl RateTx for sqlx::SqliteConnection {
    async fn rate_game(
        &mut self,
        table: TableId,
        game: &str,
        chat: &str,
        finished_ms: i64,
        rating: &Rating<'_>,
    ) -> Result<(), sqlx::Error> {
        const READ: &str = "insert into ratings (user_id, game, season) \
                            select u.value, $2, s.value from json_each($1) as u, json_each($3) as s \
                            where true \
                            on conflict (user_id, game, season) do update set game = excluded.game \
                            returning user_id, season, mu, sigma, games, wins, last_ms";
        const WRITE: &str = "update ratings set mu = v.mu, sigma = v.sigma, games = v.games, \
                             wins = v.wins, last_ms = v.last_ms from (select \
                             json_extract(value, '$[0]') as user_id, \
                             json_extract(value, '$[1]') as season, \
                             json_extract(value, '$[2]') as mu, json_extract(value, '$[3]') as sigma, \
                             json_extract(value, '$[4]') as games, json_extract(value, '$[5]') as wins, \
                             json_extract(value, '$[6]') as last_ms from json_each($1)) as v \
                             where ratings.user_id = v.user_id and ratings.season = v.season \
                             and ratings.game = $2";
        const CHANGES: &str = "insert into rating_changes (table_id, user_id, season, game, chat, \
                               finished_ms, mu_before, sigma_before, mu_after, sigma_after) \
                               select $2, json_extract(value, '$[0]'), json_extract(value, '$[1]'), \
                               $3, $4, $5, json_extract(value, '$[7]'), json_extract(value, '$[8]'), \
                               json_extract(value, '$[2]'), json_extract(value, '$[3]') \
                               from json_each($1)";
        let json = |e: serde_json::Error| sqlx::Error::Encode(Box::new(e));
        let rows: Vec<ReadRow> = sqlx::query_as(READ)
            .bind(serde_json::to_string(rating.users).map_err(json)?)
            .bind(game)
            .bind(serde_json::to_string(rating.seasons).map_err(json)?)
            .fetch_all(&mut *self)
            .await?;
        let written = serde_json::to_string(&rated_rows(rating, game, &rows)?).map_err(json)?;
        sqlx::query(WRITE).bind(&written).bind(game).execute(&mut *self).await?;
        sqlx::query(CHANGES)
            .bind(&written)
            .bind(table)
            .bind(game)
            .bind(chat)
            .bind(finished_ms)
            .execute(&mut *self)
            .await?;
        sqlx::query(ORDER).bind(table).execute(&mut *self).await?;
        Ok(())
    }
}

impl RatingStore<'_> {
    /// Every finished table, in the order its ratings were (or would have been) applied: the
    /// games rated since ratings began in their rating order, after those finished before
    /// (by time, then number).
    pub async fn finished_games(self) -> Result<Vec<FinishedGame>, StoreError> {
        const SQL: &str = "select t.id, t.game, t.chat, coalesce(max(r.finished_ms), t.updated_ms), \
                           t.state, (select g.seq from rated_games g where g.table_id = t.id) \
                           from tables t left join results r on r.table_id = t.id \
                           where t.status = 'finished' and t.state is not null \
                           group by t.id, t.game, t.chat, t.updated_ms, t.state";
        const SEATS: &str = "select table_id, user_id, rank from results \
                             order by table_id, seat";
        type Row = (TableId, String, String, i64, Option<String>, Option<i64>);
        let (rows, seats): (Vec<Row>, Vec<(TableId, String, i32)>) = on_pool!(self, pool => {
            (
                sqlx::query_as(SQL).fetch_all(pool).await?,
                sqlx::query_as(SEATS).fetch_all(pool).await?,
            )
        });
        let mut by_table: std::collections::HashMap<TableId, Vec<(String, i32)>> =
            std::collections::HashMap::new();
        for (table, user, rank) in seats {
            by_table.entry(table).or_default().push((user, rank));
        }
        let mut games: Vec<(Option<i64>, FinishedGame)> = rows
            .into_iter()
            .map(|(table, game, chat, finished_ms, state, seq)| {
                let seats = by_table.remove(&table).unwrap_or_default();
                let state = state.unwrap_or_default();
                (seq, FinishedGame { table, game, chat, finished_ms, state, seats })
            })
            .collect();
        games.sort_by(|(sa, a), (sb, b)| {
            (sa.is_some(), *sa, a.finished_ms, a.table).cmp(&(
                sb.is_some(),
                *sb,
                b.finished_ms,
                b.table,
            ))
        });
        Ok(games.into_iter().map(|(_, g)| g).collect())
    }

    /// Replaces every stored rating by rating `games` in order, in one transaction: each as
    /// `(table, game, chat, finished ms, rating)`.
    pub async fn rebuild_ratings(
        self,
        games: &[(TableId, &str, &str, i64, Rating<'_>)],
        model: i64,
    ) -> Result<(), StoreError> {
        const MODEL: &str = "insert into meta (key, value) values ('rating_model', $1) \
                             on conflict (key) do update set value = excluded.value, \
                             version = meta.version + 1";
        on_writer!(self, pool => {
            let mut tx = pool.begin_write().await?;
            for sql in ["delete from rating_changes", "delete from rated_games", "delete from ratings"]
            {
                sqlx::query(sql).execute(&mut *tx).await?;
            }
            for (table, game, chat, finished_ms, rating) in games {
                tx.rate_game(*table, game, chat, *finished_ms, rating).await?;
            }
            sqlx::query(MODEL).bind(model).execute(&mut *tx).await?;
            tx.commit().await?;
        });
        Ok(())
    }

    /// The rating model the stored ratings were last rebuilt under (`None`: never rebuilt,
    /// ratings from before models were numbered).
    pub async fn rating_model(self) -> Result<Option<i64>, StoreError> {
        const SQL: &str = "select value from meta where key = 'rating_model'";
        Ok(on_pool!(self, pool => sqlx::query_scalar(SQL).fetch_optional(pool).await?))
    }

    /// Every stored rating, as `(game, season, row)`, ordered: for comparing a rebuild.
    pub async fn all_ratings(self) -> Result<Vec<(String, String, RatingRow)>, StoreError> {
        const SQL: &str = "select game, season, user_id, mu, sigma, games, wins, last_ms \
                           from ratings order by game, season, user_id";
        type Row = (String, String, String, Option<f64>, Option<f64>, i64, i64, i64);
        let rows: Vec<Row> = on_pool!(self, pool => sqlx::query_as(SQL).fetch_all(pool).await?);
        Ok(rows
            .into_iter()
            .map(|(game, season, user, mu, sigma, games, wins, last_ms)| {
                (game, season, RatingRow { user, mu, sigma, games, wins, last_ms })
            })
            .collect())
    }

    /// A ladder of `game` in `season`, best first: the people who played a rated game of it in
    /// `chat` that season, or with no chat, everyone who opted in (`/stats public`).
    pub async fn ladder(
        self,
        game: &str,
        season: &str,
        chat: Option<&ChatId>,
    ) -> Result<Vec<LadderRow>, StoreError> {
        let chat = chat.map(ChatId::as_str);
        const SQL: &str = "select r.user_id, coalesce(u.name, r.user_id), r.mu, r.sigma, r.games, \
                           r.wins, r.last_ms from ratings r left join users u on u.id = r.user_id \
                           where r.game = $1 and r.season = $2 and r.mu is not null and \
                           (($3 = '' and u.public = 1) or ($3 <> '' and exists (select 1 \
                           from rating_changes c where c.chat = $3 and c.game = r.game \
                           and c.season = r.season and c.user_id = r.user_id))) \
                           order by r.mu desc, r.user_id";
        type Row = (String, String, Option<f64>, Option<f64>, i64, i64, i64);
        let rows: Vec<Row> = on_pool!(self, pool => {
            sqlx::query_as(SQL).bind(game).bind(season).bind(chat.unwrap_or("")).fetch_all(pool).await?
        });
        // A damaged rating is on no ladder (Postgres sorts a `NaN` above every number).
        Ok(rows
            .into_iter()
            .map(|(user, name, mu, sigma, games, wins, last_ms)| LadderRow {
                rating: RatingRow { user: user.clone(), mu, sigma, games, wins, last_ms }
                    .checked(game, season),
                user,
                name,
            })
            .filter(|row| row.rating.mu.is_some())
            .collect())
    }

    /// One person's ratings in `season` (and all-time): `(game, season, row)`.
    pub async fn user_ratings(
        self,
        user: &UserId,
        season: &str,
    ) -> Result<Vec<(String, String, RatingRow)>, StoreError> {
        let user = user.as_str();
        const SQL: &str = "select game, season, mu, sigma, games, wins, last_ms from ratings \
                           where user_id = $1 and (season = $2 or season = 'all') \
                           and mu is not null order by game, season";
        type Row = (String, String, Option<f64>, Option<f64>, i64, i64, i64);
        let rows: Vec<Row> = on_pool!(self, pool => {
            sqlx::query_as(SQL).bind(user).bind(season).fetch_all(pool).await?
        });
        Ok(rows
            .into_iter()
            .map(|(game, season, mu, sigma, games, wins, last_ms)| {
                let row = RatingRow { user: user.to_owned(), mu, sigma, games, wins, last_ms };
                let row = row.checked(&game, &season);
                (game, season, row)
            })
            .filter(|(_, _, row)| row.mu.is_some())
            .collect())
    }

    /// One person's rating in `game` and `season` after each rated game, oldest first:
    /// `(finished ms, mu, sigma)`.
    pub async fn rating_history(
        self,
        user: &UserId,
        game: &str,
        season: &str,
    ) -> Result<Vec<(i64, f64, f64)>, StoreError> {
        let user = user.as_str();
        const SQL: &str = "select c.finished_ms, c.mu_after, c.sigma_after from rating_changes c \
                           left join rated_games g on g.table_id = c.table_id \
                           where c.user_id = $1 and c.game = $2 and c.season = $3 \
                           order by g.seq, c.finished_ms";
        let rows = on_pool!(self, pool => {
            sqlx::query_as(SQL).bind(user).bind(game).bind(season).fetch_all(pool).await?
        });
        Ok(rows)
    }

    /// Sets whether a user is on ladders across chats.
    pub async fn set_public(self, user: &UserId, public: bool) -> Result<(), StoreError> {
        let user = user.as_str();
        const SQL: &str = "update users set public = $1, version = version + 1 where id = $2";
        on_writer!(self, pool => {
            sqlx::query(SQL).bind(i32::from(public)).bind(user).execute(pool).await?;
        });
        Ok(())
    }

    /// The person called `name` (case-insensitively, as last seen at a table) who played in
    /// `chat`, as `(user, name)`; the most recent if several.
    pub async fn player_named(
        self,
        chat: &ChatId,
        name: &str,
    ) -> Result<Option<(UserId, String)>, StoreError> {
        let chat = chat.as_str();
        static SQL: LazyLock<String> = LazyLock::new(|| {
            format!(
                "select user_id, name from results where chat = $1 \
                 and lower(name) = lower($2) and user_id not like '{}' \
                 order by finished_ms desc limit 1",
                ids::COMPUTER_PATTERN
            )
        });
        let row: Option<(String, String)> = on_pool!(self, pool => {
            sqlx::query_as(SQL.as_str()).bind(chat).bind(name).fetch_optional(pool).await?
        });
        Ok(row.map(|(user, name)| (UserId::from(user), name)))
    }

    /// `a`'s record against `b` per game, over every finished game both sat at.
    pub async fn head_to_head(self, a: &UserId, b: &UserId) -> Result<Vec<HeadToHead>, StoreError> {
        let a = a.as_str();
        let b = b.as_str();
        const SQL: &str = "select x.game, count(*), \
                           sum(case when x.rank < y.rank then 1 else 0 end), \
                           sum(case when y.rank < x.rank then 1 else 0 end) \
                           from results x join results y on y.table_id = x.table_id \
                           where x.user_id = $1 and y.user_id = $2 group by x.game order by x.game";
        let rows: Vec<(String, i64, i64, i64)> = on_pool!(self, pool => {
            sqlx::query_as(SQL).bind(a).bind(b).fetch_all(pool).await?
        });
        Ok(rows
            .into_iter()
            .map(|(game, games, ahead, behind)| HeadToHead { game, games, ahead, behind })
            .collect())
    }
}
