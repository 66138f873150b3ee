//! Issue 37 in the table layer, on both databases: rated games change ratings in the
//! transaction that finishes them (shown under the final board), not a cancelled or a Snakes
//! game; ladders, statistics with the chart, head-to-head and the opt-in to global ladders;
//! concurrent finishes of one player's tables (two processes on Postgres) neither lose nor
//! double an update; and `dicetable ratings --rebuild` gives back exactly the incremental values.

mod common;

use std::sync::Arc;

use common::{both_databases, ctx, say, texts};
use dicetable::store::{RatingRow, Store};
use dicetable::table::{ManualClock, Service, View, parse_command};

const SECRET: &[u8] = b"ratings test secret";
const START_MS: i64 = 1_800_000_000_000;
const DAY_MS: i64 = 86_400_000;

/// A Long Nardy match between `a` and `b` in `chat` that `b` resigns (`a` wins); the views of
/// the resignation.
async fn nardy_won_by(service: &Service, chat: &str, a: &str, b: &str) -> Vec<View> {
    let opened = texts(&say(service, &ctx(chat, a), "/nardy").await);
    assert!(opened.contains("Long Nardy"), "{opened}");
    let begun = texts(&say(service, &ctx(chat, b), "/join").await);
    assert!(begun.contains("Long Nardy begins"), "{begun}");
    say(service, &ctx(chat, b), "/resign").await
}

/// All stored ratings, for comparing.
async fn ratings(store: &Store) -> Vec<(String, String, RatingRow)> {
    store.ratings().all_ratings().await.unwrap()
}

fn service_at(store: &Store, clock: &Arc<ManualClock>) -> Service {
    Service::new(store.clone(), SECRET, clock.clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_changes_ratings_and_every_view_shows_them() {
    for (db, url) in both_databases("ratings", "views").await {
        let store = Store::connect(&url).await.unwrap();
        let clock = Arc::new(ManualClock::new(START_MS));
        let service = service_at(&store, &clock);
        let chat = common::unique("views");

        // Ana beats Ben at Long Nardy: the message under the final board tells both changes.
        let end = texts(&nardy_won_by(&service, &chat, "Ana", "Ben").await);
        assert!(end.contains("Ana 1500 → 1"), "{db}: {end}");
        assert!(end.contains("Ben 1500 → 1"), "{db}: {end}");
        let all = ratings(&store).await;
        let ana = |season: &str| {
            all.iter()
                .find(|(g, s, r)| g == "nardy" && s == season && r.user.ends_with("/Ana"))
                .map(|(_, _, r)| r.clone())
        };
        let ana_all = ana("all").unwrap_or_else(|| panic!("{db}: {all:?}"));
        assert_eq!((ana_all.games, ana_all.wins), (1, 1), "{db}");
        let season = dicetable::game::rating::Seasons::Quarter.of(START_MS);
        assert_eq!(ana(&season).unwrap().mu, ana_all.mu, "{db}: a new season starts from scratch");
        let gain = ((ana_all.mu.unwrap() - 25.0) * 60.0).round() as i64;
        assert!(end.contains(&format!("(+{gain})")), "{db}: {end}");
        assert!(end.contains("?"), "{db}: one game leaves the rating provisional: {end}");
        // Issue 47 item 3: a provisional change says so in words.
        assert!(end.contains("), provisional"), "{db}: {end}");

        // A cancelled table and a Snakes game change no rating.
        say(&service, &ctx(&chat, "Ana"), "/ludo").await;
        say(&service, &ctx(&chat, "Ana"), "/cancel").await;
        say(&service, &ctx(&chat, "Ana"), "/snakes").await;
        say(&service, &ctx(&chat, "Ben"), "/join").await;
        say(&service, &ctx(&chat, "Ana"), "/play").await;
        say(&service, &ctx(&chat, "Ben"), "/resign").await;
        assert_eq!(ratings(&store).await, all, "{db}: only the Nardy match is rated");

        // The ladders: this season's, all time, one game; Snakes says why it has no rating.
        let top = texts(&say(&service, &ctx(&chat, "Ben"), "/top").await);
        assert!(top.contains("Q4 2027") || top.contains("Q1 2027"), "{db}: {top}");
        let first = top.find("1. Ana: ").unwrap_or_else(|| panic!("{db}: {top}"));
        let second = top.find("2. Ben: ").unwrap_or_else(|| panic!("{db}: {top}"));
        assert!(first < second, "{db}: {top}");
        assert!(top.contains("pure chance"), "{db}: {top}");
        let all_time = texts(&say(&service, &ctx(&chat, "Ben"), "/top all nardy").await);
        assert!(all_time.contains("All-time") && all_time.contains("1. Ana: "), "{db}: {all_time}");
        assert!(!all_time.contains("Snakes"), "{db}: {all_time}");
        let refused = parse_command("/top sideways").unwrap_err();
        assert_eq!(refused.key(), "err-top-word", "{db}");
        // Another chat's ladder does not have them.
        let elsewhere = texts(&say(&service, &ctx(&common::unique("other"), "Ana"), "/top").await);
        assert!(!elsewhere.contains("Ana:"), "{db}: {elsewhere}");

        // The global ladder has only those who opted in.
        let global = texts(&say(&service, &ctx(&chat, "Ben"), "/top global").await);
        assert!(!global.contains("Ana:"), "{db}: {global}");
        // Empty ladders say why (issue 47, item 6).
        assert!(global.contains("No one is on it yet"), "{db}: {global}");
        let snakes =
            texts(&say(&service, &ctx(&common::unique("quiet"), "Ben"), "/top snakes").await);
        assert!(snakes.contains("No game between people has finished here yet"), "{db}: {snakes}");
        assert!(!snakes.contains("rated game"), "{db}: {snakes}");
        let opted = texts(&say(&service, &ctx(&chat, "Ana"), "/stats public").await);
        assert!(opted.contains("now on the ladders across chats"), "{db}: {opted}");
        let global =
            texts(&say(&service, &ctx(&common::unique("else"), "Ben"), "/top global").await);
        assert!(global.contains("1. Ana: ") && !global.contains("Ben:"), "{db}: {global}");

        // /stats: the rating, the rank in this chat, and the chart as a PNG.
        let stats = say(&service, &ctx(&chat, "Ana"), "/stats nardy").await;
        let text = texts(&stats);
        assert!(text.contains("Long Nardy: rating "), "{db}: {text}");
        assert!(text.contains("place 1 of 2 here"), "{db}: {text}");
        let png = stats[0].image().map(<[u8]>::to_vec).unwrap_or_else(|| panic!("{db}: no chart"));
        assert_eq!(&png[1..4], b"PNG", "{db}");
        if db == "sqlite" {
            std::fs::write(std::env::temp_dir().join("ratings-chart-en.png"), &png).unwrap();
        }

        // /vs: the record between the two, by name.
        let vs = texts(&say(&service, &ctx(&chat, "Ben"), "/vs Ana").await);
        assert!(vs.contains("Long Nardy: 1 game, 0 ahead, 1 behind"), "{db}: {vs}");
        assert!(vs.contains("Snakes & Ladders: 1 game,"), "{db}: {vs}");
        // Issue 46, item 17: a typed name with a right-to-left override finds the name as
        // stored (without it).
        let typed = texts(&say(&service, &ctx(&chat, "Ben"), "/vs \u{202E}Ana\u{202C}").await);
        assert!(typed.contains("Long Nardy: 1 game,"), "{db}: {typed}");
        let nobody = texts(&say(&service, &ctx(&chat, "Ben"), "/vs Zed").await);
        assert!(nobody.contains("Nobody called Zed"), "{db}: {nobody}");

        // Next season: the season ladder starts empty, the all-time one goes on, and /stats
        // shows last season's top three.
        clock.advance(100 * DAY_MS);
        let top = texts(&say(&service, &ctx(&chat, "Ben"), "/top nardy").await);
        assert!(!top.contains("Ana:"), "{db}: {top}");
        let all_time = texts(&say(&service, &ctx(&chat, "Ben"), "/top all nardy").await);
        assert!(all_time.contains("1. Ana: "), "{db}: {all_time}");
        let stats = texts(&say(&service, &ctx(&chat, "Ben"), "/stats").await);
        assert!(stats.contains("top three of") && stats.contains("Ana 1"), "{db}: {stats}");
        store.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_of_one_player_finishing_at_once_neither_lose_nor_double_an_update() {
    for (db, url) in both_databases("ratings", "concurrent").await {
        let clock = Arc::new(ManualClock::new(START_MS));
        let (rounds, tables) = (3, 4);
        // The same person at several tables at once (one user id in every chat), their
        // opponents resigning at the same moment through two processes (two stores).
        let store = Store::connect(&url).await.unwrap();
        let other = Store::connect(&url).await.unwrap();
        let services = [service_at(&store, &clock), service_at(&other, &clock)];
        let ana =
            |chat: &str| dicetable::table::Ctx { user: "test:ana".into(), ..ctx(chat, "Ana") };
        let mut expected_games = 0;
        for round in 0..rounds {
            let chats: Vec<String> =
                (0..tables).map(|k| common::unique(&format!("s{round}{k}"))).collect();
            for (k, chat) in chats.iter().enumerate() {
                let open = parse_command("/nardy").unwrap().op;
                services[0].handle(&ana(chat), open).await;
                say(&services[0], &ctx(chat, &format!("Q{k}")), "/join").await;
            }
            let tasks: Vec<_> = chats
                .iter()
                .enumerate()
                .map(|(k, chat)| {
                    let service = services[k % 2].clone();
                    let chat = chat.clone();
                    tokio::spawn(async move {
                        let op = parse_command("/resign").unwrap().op;
                        service.handle(&ctx(&chat, &format!("Q{k}")), op).await
                    })
                })
                .collect();
            for task in tasks {
                task.await.unwrap();
            }
            expected_games += tables as i64;
        }
        let row = store
            .ratings()
            .all_ratings()
            .await
            .unwrap()
            .into_iter()
            .find(|(g, s, r)| g == "nardy" && s == "all" && r.user == "test:ana")
            .map(|(_, _, r)| r)
            .unwrap_or_else(|| panic!("{db}: Ana has no rating"));
        assert_eq!((row.games, row.wins), (expected_games, expected_games), "{db}");
        // Each of her games was rated from the one before: the chain of changes has no gap and
        // no fork, and ends at the stored rating.
        let history =
            store.ratings().rating_history(&"test:ana".into(), "nardy", "all").await.unwrap();
        assert_eq!(history.len() as i64, expected_games, "{db}");
        let mus: Vec<f64> = history.iter().map(|(_, mu, _)| *mu).collect();
        assert!(mus.windows(2).all(|w| w[1] > w[0]), "{db}: every win adds: {mus:?}");
        assert_eq!(Some(*mus.last().unwrap()), row.mu, "{db}");
        let before = common::query_strings(
            &url,
            "select cast(count(*) as text) from rating_changes c where c.user_id = 'test:ana' \
             and c.season = 'all' and c.mu_before is not null and not exists (select 1 from \
             rating_changes p where p.user_id = c.user_id and p.season = c.season \
             and p.mu_after = c.mu_before)",
        )
        .await;
        assert_eq!(before, ["0"], "{db}: every game started from another game's result");
        let rebuilt = Service::new(store.clone(), SECRET, clock.clone());
        let incremental = ratings(&store).await;
        rebuilt.ratings().rebuild_ratings().await.unwrap();
        assert_same(db, &incremental, &ratings(&store).await);
        other.close().await;
        store.close().await;
    }
}

fn assert_same(db: &str, a: &[(String, String, RatingRow)], b: &[(String, String, RatingRow)]) {
    assert_eq!(a.len(), b.len(), "{db}");
    for (x, y) in a.iter().zip(b) {
        assert_eq!((&x.0, &x.1, &x.2.user), (&y.0, &y.1, &y.2.user), "{db}");
        assert_eq!((x.2.games, x.2.wins, x.2.last_ms), (y.2.games, y.2.wins, y.2.last_ms), "{db}");
        let close = |p: Option<f64>, q: Option<f64>| match (p, q) {
            (Some(p), Some(q)) => (p - q).abs() < 1e-9,
            (p, q) => p == q,
        };
        assert!(close(x.2.mu, y.2.mu) && close(x.2.sigma, y.2.sigma), "{db}: {x:?} vs {y:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rebuild_gives_back_the_incremental_ratings() {
    for (db, url) in both_databases("ratings", "rebuild").await {
        let store = Store::connect(&url).await.unwrap();
        let clock = Arc::new(ManualClock::new(START_MS));
        let service = service_at(&store, &clock);
        let chat = common::unique("rebuild");
        // Nardy matches among three people, days apart (the deviation grows in between), across
        // a season's end; a Ludo game of three where two resign (last, then second to last);
        // a Nardy match its person resigns against an easy computer (rated: the computer won);
        // a cancelled table (not rated).
        for (a, b) in [("Ana", "Ben"), ("Ben", "Cid"), ("Cid", "Ana"), ("Ana", "Ben")] {
            nardy_won_by(&service, &chat, a, b).await;
            clock.advance(20 * DAY_MS);
        }
        say(&service, &ctx(&chat, "Ana"), "/ludo").await;
        say(&service, &ctx(&chat, "Ben"), "/join").await;
        say(&service, &ctx(&chat, "Cid"), "/join").await;
        say(&service, &ctx(&chat, "Ana"), "/play").await;
        say(&service, &ctx(&chat, "Ben"), "/resign").await;
        let end = texts(&say(&service, &ctx(&chat, "Cid"), "/resign").await);
        assert!(end.contains("Ana 1500 → ") && end.contains("Cid 1500 → "), "{db}: {end}");
        say(&service, &ctx(&chat, "Ana"), "/nardy bot easy").await;
        say(&service, &ctx(&chat, "Ana"), "/resign").await;
        say(&service, &ctx(&chat, "Ana"), "/ludo").await;
        say(&service, &ctx(&chat, "Ana"), "/cancel").await;

        let incremental = ratings(&store).await;
        assert!(incremental.iter().any(|(g, _, _)| g == "ludo"), "{db}");
        let seasons: std::collections::BTreeSet<&str> =
            incremental.iter().map(|(_, s, _)| s.as_str()).collect();
        assert!(seasons.len() >= 3, "{db}: all time and two seasons: {seasons:?}");
        // A formula fix would be applied by the rebuild: spoil the stored values first.
        common::execute(&url, "update ratings set mu = 1, sigma = 1, games = 99").await;
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_dicetable"))
            .args(["ratings", "--rebuild"])
            .env("DATABASE_URL", &url)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{db}: {said} {}", String::from_utf8_lossy(&out.stderr));
        assert!(said.contains("from 6 rated games"), "{db}: {said}");
        assert_same(db, &incremental, &ratings(&store).await);

        // Issue 47 item 4: ratings stored under an older model (no model number yet, as before
        // Plackett–Luce) are rebuilt at start-up, once.
        common::execute(&url, "update ratings set mu = 1, sigma = 1, games = 99").await;
        common::execute(&url, "delete from meta where key = 'rating_model'").await;
        let upgraded = service_at(&store, &clock).ratings().upgrade_ratings().await.unwrap();
        assert_eq!(upgraded, Some(6), "{db}");
        assert_same(db, &incremental, &ratings(&store).await);
        assert_eq!(
            service_at(&store, &clock).ratings().upgrade_ratings().await.unwrap(),
            None,
            "{db}"
        );
        // So does a bot's start: after model 1, and after model 4, the one before issue 61's
        // two-seat bounds (item 4).
        for old in [1, 4] {
            assert!(old < dicetable::game::rating::MODEL);
            common::execute(&url, "update ratings set mu = 1, sigma = 1, games = 99").await;
            let model = format!("update meta set value = {old} where key = 'rating_model'");
            common::execute(&url, &model).await;
            let running = dicetable::bot::start(&common::bot_config(url.clone())).await.unwrap();
            assert_same(db, &incremental, &ratings(&store).await);
            running.shutdown().await;
        }
        store.close().await;
    }
}

/// A stored rating that is no number (issue 61: it was shown as 0 and rated into `NaN` again
/// by the next game, unlogged) is read as none yet: on no ladder, logged once, and the next
/// game writes a sound rating in its place.
#[tokio::test(flavor = "current_thread")]
async fn a_rating_that_is_no_number_is_logged_once_and_the_next_game_mends_it() {
    let (logs, _guard) = common::Logs::capture();
    let logged = "a stored rating is damaged";
    for (db, url) in both_databases("ratings", "damaged").await {
        let store = Store::connect(&url).await.unwrap();
        let clock = Arc::new(ManualClock::new(START_MS));
        let service = service_at(&store, &clock);
        let chat = common::unique("damaged");
        nardy_won_by(&service, &chat, "Ana", "Ben").await;
        let bad = if db == "sqlite" { "9e999" } else { "'NaN'::float8" };
        let sql = format!(
            "update ratings set mu = {bad} where user_id = '{chat}/Ana' and season = 'all'"
        );
        common::execute(&url, &sql).await;
        let before = logs.count(logged);
        for _ in 0..2 {
            let top = texts(&say(&service, &ctx(&chat, "Ben"), "/top all nardy").await);
            assert!(!top.contains("Ana:") && top.contains("1. Ben: "), "{db}: {top}");
        }
        assert_eq!(logs.count(logged), before + 1, "{db}: logged once\n{}", logs.text());
        nardy_won_by(&service, &chat, "Ana", "Ben").await;
        let all = ratings(&store).await;
        let ana = all
            .iter()
            .find(|(g, s, r)| g == "nardy" && s == "all" && r.user.ends_with("/Ana"))
            .map(|(_, _, r)| r.clone())
            .unwrap_or_else(|| panic!("{db}: {all:?}"));
        assert!(ana.is_sound() && ana.mu.is_some(), "{db}: the next game mends it: {ana:?}");
        assert_eq!(ana.games, 2, "{db}");
        let top = texts(&say(&service, &ctx(&chat, "Ben"), "/top all nardy").await);
        assert!(top.contains("1. Ana: "), "{db}: {top}");
        assert_eq!(logs.count(logged), before + 1, "{db}: still once\n{}", logs.text());
        store.close().await;
    }
}
