//! Helpers shared by the integration tests: databases for storage tests, and property-test
//! helpers for the games.

#![allow(dead_code)]

use dicetable::engine::{Action, Event, Game, LeaveReason};

/// The actions that a game's events record. Replaying them on the same setup must rebuild the
/// game exactly: the table service's log works the same way.
pub fn recorded_actions(events: &[Event]) -> Vec<Action> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { dice, .. } => Some(Action::Roll { dice: dice.clone() }),
            Event::RollOff { rolls } => {
                Some(Action::Roll { dice: rolls.iter().map(|r| r[1]).collect() })
            }
            Event::Entered { piece, .. } | Event::PieceMoved { piece, .. } => {
                Some(Action::Move { piece: *piece })
            }
            Event::Stepped { from, die, .. } => Some(Action::Step { from: *from, die: *die }),
            Event::Left { seat, reason } => Some(match reason {
                LeaveReason::Resigned => Action::Resign { seat: *seat },
                LeaveReason::Kicked => Action::Kick { seat: *seat },
                LeaveReason::TimedOut => Action::Remove { seat: *seat },
            }),
            _ => None,
        })
        .collect()
}

/// Refused actions change nothing (C7).
pub fn assert_refused(game: &mut Game, action: &Action) {
    let before = game.clone();
    assert!(game.play(action).is_err(), "{action:?} should be refused in {:?}", game.legal());
    assert_eq!(*game, before);
}

/// Competition ranking (C6): each rank r is held by seats with exactly r − 1 seats above them.
pub fn assert_competition_ranking(ranking: &[u8]) {
    assert!(ranking.contains(&1), "{ranking:?}");
    for &r in ranking {
        let above = ranking.iter().filter(|&&o| o < r).count();
        assert_eq!(above + 1, usize::from(r), "{ranking:?}");
    }
}

/// Departed seats rank below every seat still in play; a later leaver above an earlier (C5).
pub fn assert_departures_rank_last(ranking: &[u8], departed: &[u8]) {
    for (i, &a) in departed.iter().enumerate() {
        for seat in 0..ranking.len() as u8 {
            if !departed.contains(&seat) {
                assert!(ranking[usize::from(seat)] < ranking[usize::from(a)], "{ranking:?}");
            }
        }
        for &b in &departed[i + 1..] {
            assert!(ranking[usize::from(b)] < ranking[usize::from(a)], "{ranking:?}");
        }
    }
}

/// The Postgres test database (`TEST_DATABASE_URL`; `.ci/run` creates the default one).
pub fn postgres_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/dicetable_test".to_owned())
}

/// A fresh SQLite file for one test of one suite.
pub fn sqlite_url(suite: &str, name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("dicetable-{suite}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    format!("sqlite://{}", dir.join("test.db").display())
}

/// Who acts in a service test: `user` in `chat` (user id `<chat>/<user>`), no admin rights.
pub fn ctx(chat: &str, user: &str) -> dicetable::table::Ctx {
    dicetable::table::Ctx {
        chat: chat.to_owned(),
        user: format!("{chat}/{user}"),
        name: user.to_owned(),
        locale: None,
        admin: false,
    }
}

/// A chat id no other test or run uses.
pub fn unique(tag: &str) -> String {
    let nanos =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    format!("test:{tag}:{nanos}")
}

/// A bot on `database_url` with the playground on, on a free loopback port, and no chat platform.
pub fn bot_config(database_url: String) -> dicetable::bot::Config {
    dicetable::bot::Config {
        database_url,
        listen: "127.0.0.1:0".parse().unwrap(),
        playground: dicetable::bot::PlaygroundMode::On,
        secret: Some("a test secret of some length".into()),
        log_format: dicetable::bot::LogFormat::Human,
        shutdown_timeout: std::time::Duration::from_secs(25),
        telegram_token: None,
        telegram_api_url: "https://api.telegram.org".parse().unwrap(),
        telegram_webhook_url: None,
        discord_token: None,
        discord_proxy_url: None,
        discord_shards: dicetable::discord::Shards::Auto,
    }
}

/// A fresh, empty Postgres database for one test (dropped first if a previous run left it),
/// on the server of `TEST_DATABASE_URL`; returns its URL. Each test that plays through a whole
/// bot gets its own, so fixed chat ids never meet another test's tables.
pub async fn fresh_postgres(name: &str) -> String {
    use sqlx::Connection;
    let admin = postgres_url();
    let db: String = format!("dicetable_t_{name}")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' })
        .collect();
    let mut conn = sqlx::PgConnection::connect(&admin).await.expect("TEST_DATABASE_URL answers");
    for sql in
        [format!("drop database if exists {db} with (force)"), format!("create database {db}")]
    {
        sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&mut conn).await.unwrap();
    }
    let mut url = url::Url::parse(&admin).unwrap();
    url.set_path(&db);
    url.to_string()
}

/// Both databases for one test: a fresh SQLite file and a fresh Postgres database.
pub async fn both_databases(suite: &str, name: &str) -> Vec<(&'static str, String)> {
    vec![
        ("sqlite", sqlite_url(suite, name)),
        ("postgres", fresh_postgres(&format!("{suite}_{name}")).await),
    ]
}

/// README's chat-command examples as a conversation in one group (who, what they type, a
/// phrase the bot's answers to it must contain): every adapter that takes typed commands plays
/// it through, so the documented commands keep working as documented.
pub const README_CONVERSATION: &[(&str, &str, &str)] = &[
    ("Ana", "/snakes quick bounce 5m", "Finish: bounce back"),
    ("Ana", "/status", "Turn timer: 5 minutes"),
    ("Ben", "/join", "Ben joined"),
    ("Ana", "/options exact", "Finish: exact roll"),
    ("Ana", "/rules", "Rules of Snakes"),
    ("Ana", "/play", "roll the dice"),
    ("Ana", "/status", "roll the dice"),
    ("Ana", "/history", "last moves"),
    ("Ana", "/fair", "fingerprint"),
    ("Ben", "/resign", "Ben resigned"),
    ("Ana", "/stats", "1 played"),
    ("Ana", "/top", "best players"),
    (
        "Ana",
        "/ludo capture all",
        "Must capture: on · Three sixes lose the turn: off · Play until: everyone",
    ),
    ("Ana", "/cancel", "cancelled"),
    ("Ana", "/nardy 3", "Match to: 3"),
    ("Ben", "/join", "Long Nardy begins"),
    ("Ana", "/kick Ben", "Ben was removed"),
    ("Ana", "/rules ludo", "Rules of Ludo"),
    ("Ana", "/lang fa", "فارسی"),
    ("Ana", "/lang en", "English"),
    ("Ana", "/help", "/snakes"),
];

/// Runs one SQL statement on the database at `url` (Postgres or SQLite), for a test that must
/// put a table in a state no command reaches quickly (a reminder due now).
pub async fn execute(url: &str, sql: &str) {
    use sqlx::Connection;
    let sql = sqlx::AssertSqlSafe(sql.to_owned());
    if url.starts_with("postgres") {
        let mut conn = sqlx::PgConnection::connect(url).await.unwrap();
        sqlx::query(sql).execute(&mut conn).await.unwrap();
    } else {
        let mut conn = sqlx::SqliteConnection::connect(url).await.unwrap();
        sqlx::query(sql).execute(&mut conn).await.unwrap();
    }
}
