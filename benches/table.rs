//! One button press through the table service, on SQLite and on Postgres:
//! `cargo bench --bench table` (Postgres at `TEST_DATABASE_URL`, default the test database).
//!
//! A press is what a player waits for: parse the token, read the table, play the engine, store
//! the change (one version-guarded transaction), and draw the new board as a PNG. Each
//! iteration presses the Roll button of a two-player Snakes game; a finished game is replaced
//! by a new one outside the timed part.
//!
//! `table/press-roll-notify/…` is the same press with both players' turn notices on (issue 35):
//! the notice a turn owes is written, and the ended turn's deleted, in the press's transaction.
//!
//! `store/finish/…` and `store/finish-rated/…`: the transaction that finishes a game, without
//! and with its ratings (issue 37).
//!
//! `store/open-tables-of-a-long-chat` reads a chat's open tables (what every command does to
//! find the table it means) in a chat that has played 2,000 games before.

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use dicetable::engine::GameKind;
use dicetable::store::{Store, TableRecord, TableStatus};
use dicetable::table::{Ctx, Op, Service, Slot, SystemClock, View};

fn ctx(chat: &str, user: &str) -> Ctx {
    Ctx {
        chat: chat.into(),
        user: format!("{chat}/{user}").into(),
        name: user.into(),
        locale: None,
        admin: false,
        chat_title: None,
    }
}

/// A fresh started game: its board view; with `notify`, both players want turn notices.
async fn new_game(service: &Service, n: &mut u32, notify: bool) -> (String, View) {
    *n += 1;
    let chat = format!("bench:{}:{n}:{notify}", std::process::id());
    if notify {
        for who in ["A", "B"] {
            service.handle(&ctx(&chat, who), Op::Notify(vec!["on".to_owned()])).await;
        }
    }
    // Timer off: benchmark tables must never become due for anyone's timer.
    let words = vec!["notimer".to_owned()];
    service.handle(&ctx(&chat, "A"), Op::Create { game: GameKind::Snakes, words }).await;
    service.handle(&ctx(&chat, "B"), Op::Join(None)).await;
    let views = service.handle(&ctx(&chat, "A"), Op::Start(None)).await;
    (chat, board(views).expect("a board"))
}

fn board(views: Vec<View>) -> Option<View> {
    views.into_iter().rev().find(|v| v.shows().is_some_and(|(_, s)| s == Slot::Board))
}

/// A runtime, and the two databases by name: a fresh SQLite file (in a folder named after `what`
/// and this process) and Postgres at `TEST_DATABASE_URL` (default the test database).
fn databases(what: &str) -> (tokio::runtime::Runtime, [(&'static str, String); 2]) {
    let rt =
        tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let sqlite_dir = std::env::temp_dir().join(format!("dicetable-{what}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&sqlite_dir);
    std::fs::create_dir_all(&sqlite_dir).unwrap();
    let postgres = std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/dicetable_test".into());
    let sqlite = format!("sqlite://{}", sqlite_dir.join(format!("{what}.db")).display());
    (rt, [("sqlite", sqlite), ("postgres", postgres)])
}

fn press(c: &mut Criterion) {
    let (rt, urls) = databases("bench");
    for (name, url) in urls {
        let store = rt.block_on(Store::connect(&url)).expect("database");
        let service = Service::new(store, b"bench", Arc::new(SystemClock));
        for notify in [false, true] {
            let mut n = 0;
            let mut current = rt.block_on(new_game(&service, &mut n, notify));
            let label = if notify { "press-roll-notify" } else { "press-roll" };
            c.bench_function(&format!("table/{label}/{name}"), |b| {
                b.iter_custom(|iters| {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        let (chat, view) = &current;
                        let token = view.buttons()[0][0].token.clone();
                        let who =
                            view.mentions()[0].as_str().rsplit('/').next().unwrap().to_owned();
                        let start = Instant::now();
                        let views = rt.block_on(service.handle(&ctx(chat, &who), Op::Press(token)));
                        total += start.elapsed();
                        let next = board(views).expect("a board");
                        current = if next.buttons().is_empty() {
                            rt.block_on(new_game(&service, &mut n, notify))
                        } else {
                            (chat.clone(), next)
                        };
                    }
                    total
                })
            });
        }
    }
}

fn long_chat(c: &mut Criterion) {
    let (rt, urls) = databases("chat");
    for (name, url) in urls {
        let store = rt.block_on(Store::connect(&url)).expect("database");
        let chat = format!("bench-long:{}:{name}", std::process::id());
        rt.block_on(async {
            for k in 0..=2000 {
                let status = if k == 2000 { TableStatus::Playing } else { TableStatus::Finished };
                let t = TableRecord {
                    chat: chat.as_str().into(),
                    game: "snakes".into(),
                    options: "{}".into(),
                    settings: "{}".into(),
                    seed: vec![7; 32],
                    commitment: "c".into(),
                    status,
                    host: "bench:1".into(),
                    shape: 1,
                    ..TableRecord::default()
                };
                store.create_table(&t).await.expect("a table");
            }
        });
        c.bench_function(&format!("store/open-tables-of-a-long-chat/{name}"), |b| {
            b.iter(|| {
                let rows = rt
                    .block_on(store.tables_in_chat(&chat.as_str().into(), &TableStatus::OPEN))
                    .unwrap();
                assert_eq!(rows.len(), 1);
            })
        });
    }
}

/// Issue 37: the transaction that finishes a game, with and without its ratings: a two-player
/// Long Nardy table (the same two people every time, so their rating rows exist and are locked
/// and updated) saved as finished with its results, `store/finish/…` as before ratings, and
/// `store/finish-rated/…` with the rating of both seats in the same transaction (all time and
/// the season). A new playing table is made outside the timed part.
fn finish(c: &mut Criterion) {
    use dicetable::game::rating::{self, Entrant, Skill};
    use dicetable::store::{Change, Rating, RatingRow, SeatRecord};
    let (rt, urls) = databases("finish");
    let users =
        [format!("bench:{}:ana", std::process::id()), format!("bench:{}:ben", std::process::id())];
    let seasons = ["all".to_owned(), rating::Seasons::Quarter.of(1_800_000_000_000)];
    let rate = |_: &str, rows: &[RatingRow]| -> Vec<RatingRow> {
        let skills: Vec<Entrant> = rows
            .iter()
            .map(|r| {
                Entrant::Person(match (r.mu, r.sigma) {
                    (Some(mu), Some(sigma)) => Skill { mu, sigma }.aged(0),
                    _ => rating::START,
                })
            })
            .collect();
        let games: Vec<i64> = rows.iter().map(|r| r.games).collect();
        let after = rating::rate(GameKind::Nardy, &skills, &[1, 2], 1, &games);
        rows.iter()
            .zip(after)
            .map(|(r, s)| RatingRow {
                mu: Some(s.mu),
                sigma: Some(s.sigma),
                games: r.games + 1,
                ..r.clone()
            })
            .collect()
    };
    for (name, url) in urls {
        let store = rt.block_on(Store::connect(&url)).expect("database");
        let chat = format!("bench-finish:{}:{name}", std::process::id());
        for rated in [false, true] {
            let label = if rated { "finish-rated" } else { "finish" };
            c.bench_function(&format!("store/{label}/{name}"), |b| {
                b.iter_custom(|iters| {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        let seats: Vec<SeatRecord> = users
                            .iter()
                            .map(|u| SeatRecord {
                                user: u.as_str().into(),
                                name: u.clone(),
                                ..SeatRecord::default()
                            })
                            .collect();
                        let mut t = TableRecord {
                            chat: chat.as_str().into(),
                            game: "nardy".into(),
                            options: "{}".into(),
                            settings: "{}".into(),
                            seed: vec![7; 32],
                            commitment: "c".into(),
                            status: TableStatus::Playing,
                            host: users[0].as_str().into(),
                            shape: 1,
                            seats,
                            ..TableRecord::default()
                        };
                        t.id = rt.block_on(store.create_table(&t)).expect("a table");
                        t.status = TableStatus::Finished;
                        t.state = Some("{}".into());
                        t.seats[0].rank = Some(1);
                        t.seats[1].rank = Some(2);
                        let rating = Rating { users: &users, seasons: &seasons, rate: &rate };
                        let change = Change {
                            action: Some("{}"),
                            results: true,
                            rating: rated.then_some(rating),
                            ..Change::default()
                        };
                        let start = Instant::now();
                        rt.block_on(store.save(&t, &change)).expect("saved");
                        total += start.elapsed();
                    }
                    total
                })
            });
        }
    }
}

criterion_group!(benches, press, long_chat, finish);
criterion_main!(benches);
