//! `dicetable load`, the load generator: in process on SQLite and on Postgres, paced and not,
//! and through a running bot's playground over HTTP on loopback. A short run plays every game
//! kind on several tables at once with no error, and reports what it measured.

mod common;

use dicetable::bot;
use dicetable::engine::GameKind;
use dicetable::tools::load::{self, Config, Report};

fn load_config(database_url: String, tables: usize, seconds: f64) -> Config {
    Config {
        database_url,
        tables,
        players: 3,
        seconds,
        presses: None,
        games: GameKind::ALL.to_vec(),
        seed: 7,
        draw_limit: 2,
        playground: None,
        rate: None,
        pid: None,
        mix: load::Mix::default(),
        watchers: false,
        platform: load::Platform::Playground,
        think: None,
        window: std::time::Duration::from_secs(60),
    }
}

/// What every healthy run shows: presses answered, no error, latencies in order, figures read.
fn healthy(report: &Report, what: &str) {
    assert!(report.errors.is_empty(), "{what}: errors {:?}", report.errors);
    assert!(report.presses >= 20, "{what}: only {} presses", report.presses);
    let l = report.latency_ms;
    assert!(0.0 < l.p50 && l.p50 <= l.p95 && l.p95 <= l.p99 && l.p99 <= l.max, "{what}: {l:?}");
    assert!(report.peak_rss_mb > 1.0 && report.threads >= 1, "{what}: {report:?}");
    assert!(0.0 < report.rss_mb && report.rss_mb <= report.peak_rss_mb, "{what}: {report:?}");
    let json = serde_json::to_value(report).unwrap();
    for key in ["presses_per_second", "latency_ms", "errors", "peak_rss_mb", "threads"] {
        assert!(json.get(key).is_some(), "{what}: the report names {key}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_of_every_game_are_played_at_once_in_process_on_both_databases() {
    for (db, url) in common::both_databases("load", "inproc").await {
        let report = load::run(&load_config(url.clone(), 6, 3.0)).await.unwrap();
        healthy(&report, db);
        assert_eq!(report.database, db);
        assert_eq!(report.tables, 6);
        // Paced: 40 presses a second over 6 tables, for 2 seconds.
        let paced = Config { rate: Some(40.0), seconds: 2.0, ..load_config(url.clone(), 6, 2.0) };
        let report = load::run(&paced).await.unwrap();
        healthy(&report, db);
        assert!(report.presses <= 90, "{db}: paced at 40/s, {} presses in 2 s", report.presses);
        // A press quota ends the run early.
        let quota = Config { presses: Some(25), ..load_config(url, 4, 30.0) };
        let report = load::run(&quota).await.unwrap();
        assert_eq!(report.presses, 25, "{db}");
        assert!(report.seconds < 25.0, "{db}: the quota, not the clock, ended it");
    }
}

/// A realistic mix (issue 32): half the tables seat a hard computer whose turns the timer plays,
/// and replays of finished games are asked for three at a time beside the presses; the replays'
/// latency is reported apart from the presses'.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computers_and_replays_run_beside_the_presses_on_both_databases() {
    let mix: load::Mix = "replays=60/min, burst=3, computers=50%".parse().unwrap();
    assert_eq!(mix, load::Mix { replays_per_minute: 60.0, burst: 3, computers: 0.5 });
    for bad in ["replays=4", "burst=0", "computers=150%", "planes=2", "replays"] {
        assert!(bad.parse::<load::Mix>().is_err(), "{bad}");
    }
    for (db, url) in common::both_databases("load", "mix").await {
        let c =
            Config { games: vec![GameKind::Snakes], players: 2, mix, ..load_config(url, 6, 12.0) };
        let report = load::run(&c).await.unwrap();
        healthy(&report, db);
        assert_eq!(report.computer_tables, 3, "{db}");
        assert!(report.games_finished > 0, "{db}: {report:?}");
        assert!(report.replays > 0, "{db}: replays were asked for and drawn: {report:?}");
        let r = report.replay_latency_ms;
        assert!(0.0 < r.p50 && r.p50 <= r.max, "{db}: {r:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_bot_is_played_through_its_playground() {
    let running =
        bot::start(&common::bot_config(common::sqlite_url("load", "http"))).await.unwrap();
    let base: url::Url = format!("http://{}/", running.addr).parse().unwrap();
    let mut c = load_config(String::new(), 3, 3.0);
    c.playground = Some(base);
    c.pid = Some(std::process::id());
    load::check(&c, false).unwrap();
    let report = load::run(&c).await.unwrap();
    healthy(&report, "playground");
    assert_eq!(report.database, "playground");
    running.shutdown().await;
}

/// Issue 36's measurement: with a live board page open on each table (`--watchers`), the moves
/// reach their pages, and the report gives the delay from a press's answer to its page's event.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_pages_watching_each_table_see_its_moves_on_both_databases() {
    for (db, url) in common::both_databases("load", "watch").await {
        let c = Config { watchers: true, rate: Some(20.0), ..load_config(url, 4, 4.0) };
        let report = load::run(&c).await.unwrap();
        healthy(&report, db);
        assert_eq!(report.watchers, 4, "{db}: one page a table");
        assert!(report.watched_moves > 10, "{db}: moves reached the pages: {report:?}");
        let w = report.watcher_latency_ms;
        assert!(0.0 <= w.p50 && w.p50 <= w.p95 && w.p95 <= w.max, "{db}: {w:?}");
    }
}

/// `--platform`: the calls each platform's adapter makes for the same show protocol, spent
/// from each chat's budget as the adapter spends them and judged by the platform's rules as
/// the fakes enforce them (Telegram: 20 calls a window per group, edits and strips counted,
/// one a sixtieth of the window apart; Discord: 5 channel writes in 5 s). The window is shrunk
/// to 3 s (every call still counted), two tables press as fast as they are answered: no call
/// is refused, no window holds more than the platform's count; Telegram and Discord answer
/// every press; once busy a Telegram move costs one call (the board edited in place), a
/// Discord press's board costs the channel nothing. On both databases; the figures are
/// printed for the note.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_platforms_calls_per_move_are_counted() {
    use load::Platform;
    for (db, url) in common::both_databases("load", "platforms").await {
        for platform in
            [Platform::Playground, Platform::Telegram, Platform::TelegramEdit, Platform::Discord]
        {
            let what = format!("{db} {platform:?}");
            let c = Config {
                presses: Some(80),
                platform,
                window: std::time::Duration::from_secs(3),
                ..load_config(url.clone(), 2, 60.0)
            };
            let r = load::run(&c).await.unwrap();
            healthy(&r, &what);
            assert_eq!(r.platform, platform, "{what}");
            let n = |k: &str| r.chat_calls.get(k).copied().unwrap_or(0);
            let json = serde_json::to_value(&r).unwrap();
            assert!(json["platform"].is_string(), "{what}: {json}");
            eprintln!(
                "{what}: {} presses, {:.2} calls a press, {:.2} counted ({} in all, at most {} in \
                 a window), {} 429s; p50 {} ms p95 {} ms: {:?}",
                r.presses,
                r.chat_calls_per_press,
                r.counted_calls_per_press,
                r.counted_calls,
                r.most_in_a_window,
                r.rate_limited,
                r.latency_ms.p50,
                r.latency_ms.p95,
                r.chat_calls
            );
            assert_eq!(r.rate_limited, 0, "{what}: no 429");
            match platform {
                Platform::Playground => {
                    assert!(n("send") > 0 && n("strip") > 0, "{what}: {:?}", r.chat_calls);
                    assert_eq!(r.counted_calls, 0, "{what}: no platform to count");
                }
                Platform::Telegram => {
                    assert_eq!(n("answerCallbackQuery"), r.presses, "{what}: every press answered");
                    assert!(r.most_in_a_window <= 20, "{what}");
                    // The first boards are new messages; a busy chat's boards edit the live
                    // board in place. (An old board's strip is the first call a busy chat goes
                    // without, so whether any happens depends on the machine's pace: the strip
                    // itself is tested in tests/telegram.rs.)
                    assert!(n("sendPhoto") > 0 && n("editMessageMedia") > 0, "{what}");
                    assert!(r.counted_calls_per_press <= 1.5, "{what}");
                }
                Platform::TelegramEdit => {
                    assert_eq!(n("answerCallbackQuery"), r.presses, "{what}");
                    assert!(r.most_in_a_window <= 20, "{what}");
                    // Each game's first board is new; every move after edits it.
                    assert!(
                        n("editMessageMedia") >= r.presses * 9 / 10,
                        "{what}: {:?}",
                        r.chat_calls
                    );
                    assert!(
                        n("sendPhoto") <= 2 * (r.games_finished + 2),
                        "{what}: {:?}",
                        r.chat_calls
                    );
                }
                Platform::Discord => {
                    assert_eq!(n("interaction callback"), r.presses, "{what}");
                    assert!(r.most_in_a_window <= 5, "{what}");
                    // A press's board is the interaction's response: free for the channel.
                    assert!(n("interaction response") >= r.presses, "{what}: {:?}", r.chat_calls);
                    assert!(r.counted_calls_per_press <= 0.2, "{what}: {:?}", r.chat_calls);
                }
            }
        }
    }
    let bad = Config {
        platform: load::Platform::Discord,
        playground: Some("http://127.0.0.1:1/".parse().unwrap()),
        ..load_config("sqlite::memory:".into(), 1, 1.0)
    };
    assert!(load::check(&bad, false).is_err(), "--platform is for in-process runs");
}
