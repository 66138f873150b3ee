//! `dicetable store copy` and `dicetable store backup` (the binary) on real SQLite files and a
//! real Postgres: a bot's whole database (finished, running and lobby tables of every game on
//! Telegram-, Discord- and playground-style chats, users' and chats' settings, statistics)
//! copied into Postgres, and a bot started on the copy goes on where the old one stopped.

mod common;

use std::process::Output;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use common::{admin, bot_config, ctx, dicetable, fresh_postgres, sqlite_url};
use dicetable::bot::{self, Config};
use dicetable::engine::GameKind;
use dicetable::ids::{TableId, Version};
use dicetable::table::{BoardMode, Ctx, CupOp, LogCheck, Op, Service, Slot, View};

const GAMES: [GameKind; 3] = [GameKind::Snakes, GameKind::Ludo, GameKind::Nardy];

/// Chat ids in each adapter's style; a digit for the tables' state is appended.
const PLATFORMS: [&str; 3] = ["telegram:-100777", "discord:4242/77", "playground:copy"];

fn config_without_secret(url: String) -> Config {
    let mut config = bot_config(url);
    // The secret made at the first start and kept in the database: the copy must carry it.
    config.secret = None;
    config
}

fn described(out: &Output) -> String {
    format!(
        "exit {:?}\n{}{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// What an adapter does: the operation, and each public table view shown by the show
/// protocol (which records its message).
async fn act(service: &Service, ctx: &Ctx, op: Op) -> Vec<View> {
    static CHAT: std::sync::LazyLock<common::Recorder> = std::sync::LazyLock::new(Default::default);
    let views = service.handle(ctx, op).await;
    for v in views.iter().filter(|v| v.private_to().is_none() && v.shows().is_some()) {
        service.show(&*CHAT, v).await;
    }
    views
}

fn labelled(views: &[View], label: &str) -> Option<String> {
    views.iter().filter(|v| v.private_to().is_none()).rev().find_map(|v| {
        v.buttons().iter().flatten().find(|b| b.label.contains(label)).map(|b| b.token.clone())
    })
}

fn public_board(views: &[View]) -> Option<&View> {
    views
        .iter()
        .rev()
        .find(|v| v.private_to().is_none() && v.shows().is_some_and(|(_, s)| s == Slot::Board))
}

fn private_texts(views: &[View]) -> Vec<&str> {
    views.iter().filter(|v| v.private_to().is_some()).map(|v| v.text.as_str()).collect()
}

/// A running game's newest board: whose turn, and the token of its first button.
struct Running {
    table: TableId,
    version: Version,
    mover: Ctx,
    token: String,
}

/// Seats Ana and Ben at a table of `game` in `chat` and starts it.
async fn started_game(service: &Service, chat: &str, game: GameKind) -> Vec<View> {
    let create = Op::Create { game, words: vec![] };
    let lobby = act(service, &ctx(chat, "Ana"), create).await;
    assert!(private_texts(&lobby).is_empty(), "{chat} {game}: {:?}", private_texts(&lobby));
    let join = labelled(&lobby, "Join").unwrap();
    let mut views = act(service, &ctx(chat, "Ben"), Op::Press(join)).await;
    if public_board(&views).is_none() {
        let start = labelled(&lobby, "Start").unwrap();
        views = act(service, &ctx(chat, "Ana"), Op::Press(start)).await;
    }
    assert!(public_board(&views).is_some(), "{chat} {game}: no board");
    views
}

fn running_of(views: &[View], chat: &str) -> Running {
    let b = public_board(views).unwrap();
    let who =
        b.mentions().first().map(ToString::to_string).unwrap_or_else(|| format!("{chat}/Ana"));
    let name = who.as_str().rsplit('/').next().unwrap();
    Running {
        table: b.shows().unwrap().0,
        version: b.version(),
        mover: ctx(chat, name),
        token: b.buttons().iter().flatten().next().expect("a button to press").token.clone(),
    }
}

/// A bot's database: on each platform's chats, of every game a finished table (Ben resigned)
/// with the rematch Ana asked for (issue 37: a lobby whose `rematch_of` names it), a running one
/// (a few moves in) and a lobby; users' and chats' languages, a chat's board mode, turn notices
/// owed.
/// Returns the running games' newest boards, and each finished game's chat and Rematch button.
async fn fill(service: &Service) -> (Vec<Running>, Vec<(String, String)>) {
    let (mut running, mut rematches) = (Vec::new(), Vec::new());
    for p in PLATFORMS {
        let (finished, playing, lobby) = (format!("{p}1"), format!("{p}2"), format!("{p}3"));
        // Turn notices wanted at the running tables: each owes its mover one (issue 35).
        for who in ["Ana", "Ben"] {
            act(service, &ctx(&playing, who), Op::Notify(vec!["on".into()])).await;
        }
        for game in GAMES {
            started_game(service, &finished, game).await;
            let views = act(service, &ctx(&finished, "Ben"), Op::Resign(Some(game))).await;
            assert!(
                private_texts(&views).is_empty(),
                "{finished} {game}: {:?}",
                private_texts(&views)
            );
            let rematch = labelled(&views, "Rematch").expect("a Rematch button");
            let views = act(service, &ctx(&finished, "Ana"), Op::Press(rematch.clone())).await;
            assert!(
                private_texts(&views).is_empty(),
                "{finished} {game}: {:?}",
                private_texts(&views)
            );
            rematches.push((finished.clone(), rematch));

            let mut views = started_game(service, &playing, game).await;
            for _ in 0..3 {
                let now = running_of(&views, &playing);
                views = act(service, &now.mover, Op::Press(now.token)).await;
                assert!(
                    private_texts(&views).is_empty(),
                    "{playing} {game}: {:?}",
                    private_texts(&views)
                );
            }
            running.push(running_of(&views, &playing));

            let views = act(service, &ctx(&lobby, "Ana"), Op::Create { game, words: vec![] }).await;
            assert!(
                private_texts(&views).is_empty(),
                "{lobby} {game}: {:?}",
                private_texts(&views)
            );
        }
        let lang = Op::Lang { chat: false, code: Some("ru".into()) };
        act(service, &ctx(&finished, "Ben"), lang).await;
        let lang = Op::Lang { chat: true, code: Some("fa".into()) };
        act(service, &admin(&lobby, "Ana"), lang).await;
        act(service, &admin(&playing, "Ana"), Op::Boards(Some(BoardMode::Edit))).await;
    }
    // A group cup (issue 49) whose first game ended: a cup, its players and its games.
    let cup = format!("{}4", PLATFORMS[0]);
    let open =
        Op::Cup(CupOp::Create { game: GameKind::Nardy, words: vec!["2".into(), "rounds".into()] });
    act(service, &ctx(&cup, "Ana"), open).await;
    act(service, &ctx(&cup, "Ben"), Op::Cup(CupOp::Join)).await;
    let views = act(service, &ctx(&cup, "Ana"), Op::Cup(CupOp::Start)).await;
    assert!(private_texts(&views).is_empty(), "{cup}: {:?}", private_texts(&views));
    let views = act(service, &ctx(&cup, "Ben"), Op::Resign(None)).await;
    assert!(private_texts(&views).is_empty(), "{cup}: {:?}", private_texts(&views));
    let lift = Op::Cup(CupOp::Lift("Ben".into()));
    let views = act(service, &admin(&cup, "Ana"), lift).await;
    assert!(private_texts(&views).is_empty(), "{cup}: {:?}", private_texts(&views));
    (running, rematches)
}

/// What `/stats` and `/top` answer on every platform.
async fn statistics(service: &Service) -> Vec<String> {
    let mut answers = Vec::new();
    for p in PLATFORMS {
        let chat = format!("{p}1");
        for (who, op) in [("Ana", Op::Stats), ("Ben", Op::Stats), ("Ana", Op::Top)] {
            let views = service.handle(&ctx(&chat, who), op).await;
            answers.extend(views.iter().map(|v| v.text.clone()));
        }
    }
    answers
}

/// The rows of each table as the copy's summary says (`  name   N rows, the same in both`).
fn summary_rows(stdout: &str) -> Vec<(String, i64)> {
    stdout
        .lines()
        .filter(|l| l.ends_with("rows, the same in both"))
        .map(|l| {
            let mut words = l.split_whitespace();
            (words.next().unwrap().to_owned(), words.next().unwrap().parse().unwrap())
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bots_sqlite_database_copied_to_postgres_goes_on_where_it_stopped() {
    let lite = sqlite_url("copy", "whole");
    let pg = fresh_postgres("copy_whole").await;
    let old = bot::start(&config_without_secret(lite.clone())).await.unwrap();
    let (running, rematches) = fill(&old.service).await;
    // A tidy chat's earlier board kept for deleting once its game is over (issue 60): the
    // show protocol keeps them as adapters show boards, which this in-process bot does not.
    let tidy = "insert into tidy_boards (table_id, posted_chat, message, shown_ms) \
                select min(id), -1001, 7, 1 from tables";
    common::execute(&lite, tidy).await;
    let before = statistics(&old.service).await;
    assert!(before.iter().any(|t| t.contains("Ana")), "{before:?}");

    // While the bot runs on the file, the copy is refused: it would miss what comes after.
    // (The bot runs in this test's process, the copy in its own.)
    let out = dicetable(&["store", "copy", "--from", &lite, "--to", &pg]);
    assert_eq!(out.status.code(), Some(2), "{}", described(&out));
    assert!(described(&out).contains("stop the bot first"), "{}", described(&out));
    old.shutdown().await;

    let out = dicetable(&["store", "copy", "--from", &lite, "--to", &pg]);
    assert!(out.status.success(), "{}", described(&out));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    // 19 games, and the cup's second round's if its timer started it before the bot stopped.
    let games = "select cast(count(*) as text) from tables where state is not null";
    let games: usize = common::query_strings(&lite, games).await[0].parse().unwrap();
    assert!((19..=20).contains(&games), "{games} games");
    assert!(stdout.contains(&format!("replayed: {games} games")), "{stdout}");
    assert!(stdout.contains("OK: copied and checked"), "{stdout}");

    // Every table the migrations made is copied, and the fixture has rows in each: a table
    // added by a later migration fails here until this test fills it (and so proves its copy).
    let rows = summary_rows(&stdout);
    let target = dicetable::store::Store::connect(&pg).await.unwrap();
    let dicetable::store::Store::Postgres(pool) = &target else { unreachable!() };
    let tables: Vec<String> = sqlx::query_scalar(
        "select table_name::text from information_schema.tables \
         where table_schema = current_schema() and table_name <> '_sqlx_migrations' order by 1",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    assert!(tables.len() >= 9, "{tables:?}");
    for table in &tables {
        let n = rows.iter().find(|(t, _)| t == table).map(|(_, n)| *n);
        if table == "chat_calls" {
            // Chats' call budgets are kept in the store only where several processes share
            // Postgres; a SQLite file's stays empty (issue 60). It is copied all the same.
            assert_eq!(n, Some(0), "{stdout}");
            continue;
        }
        assert!(n.is_some_and(|n| n > 0), "table {table} copied with {n:?} rows: {stdout}");
    }
    let max_id: TableId =
        sqlx::query_scalar("select max(id) from tables").fetch_one(pool).await.unwrap();
    let rematch_of = "select count(*) from tables where rematch_of is not null";
    let copied: i64 = sqlx::query_scalar(rematch_of).fetch_one(pool).await.unwrap();
    assert_eq!(copied, rematches.len() as i64, "every rematch keeps the game it is of");
    target.close().await;

    // A bot on the copy: the same secret (every stored button still works), every running game
    // goes on, the statistics are the same, and a new table takes a new id.
    let new = bot::start(&config_without_secret(pg.clone())).await.unwrap();
    assert_eq!(statistics(&new.service).await, before);
    for r in &running {
        let views = act(&new.service, &r.mover, Op::Press(r.token.clone())).await;
        assert!(private_texts(&views).is_empty(), "table {}: {:?}", r.table, private_texts(&views));
        let b = public_board(&views).unwrap_or_else(|| panic!("table {}: no board", r.table));
        assert_eq!(b.shows().unwrap().0, r.table);
        assert!(b.version() > r.version, "table {}", r.table);
    }
    let chat = "telegram:-100999";
    let views =
        act(&new.service, &ctx(chat, "Ana"), Op::Create { game: GameKind::Ludo, words: vec![] })
            .await;
    let (id, _) = views[0].shows().unwrap();
    assert!(id > max_id, "new table {id} after the copy's {max_id}");
    for r in &running {
        assert!(
            matches!(new.service.replays().check_log(r.table).await, Ok(LogCheck::Replayed(n)) if n >= 4)
        );
    }
    // Ben's Rematch on the copy joins the rematch Ana opened before it (none opens again), and
    // with everyone invited seated it begins.
    for (chat, rematch) in &rematches {
        let views = act(&new.service, &ctx(chat, "Ben"), Op::Press(rematch.clone())).await;
        assert!(private_texts(&views).is_empty(), "{chat}: {:?}", private_texts(&views));
        assert!(public_board(&views).is_some(), "{chat}: the rematch begins");
    }
    let target = dicetable::store::Store::connect(&pg).await.unwrap();
    let dicetable::store::Store::Postgres(pool) = &target else { unreachable!() };
    let after: i64 = sqlx::query_scalar(rematch_of).fetch_one(pool).await.unwrap();
    assert_eq!(after, copied, "no second rematch of a game");
    target.close().await;
    new.shutdown().await;

    // A second copy into the now non-empty database is refused, and with --force replaces it.
    let out = dicetable(&["store", "copy", "--from", &lite, "--to", &pg]);
    assert_eq!(out.status.code(), Some(2), "{}", described(&out));
    assert!(
        described(&out).contains("not empty") && described(&out).contains("--force"),
        "{}",
        described(&out)
    );
    let out = dicetable(&["store", "copy", "--from", &lite, "--to", &pg, "--force"]);
    assert!(out.status.success(), "{}", described(&out));
    let again = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(again.contains("deleted first: tables"), "{again}");
    assert_eq!(summary_rows(&again), rows);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn copies_other_than_sqlite_to_postgres_are_refused_clearly() {
    let pg = fresh_postgres("copy_refused").await;
    let lite = sqlite_url("copy", "refused");
    for (from, to) in [(pg.as_str(), pg.as_str()), (pg.as_str(), lite.as_str())] {
        let out = dicetable(&["store", "copy", "--from", from, "--to", to]);
        assert_eq!(out.status.code(), Some(2), "{}", described(&out));
        assert!(described(&out).contains("pg_dump"), "{}", described(&out));
    }
    let out = dicetable(&["store", "copy", "--from", &lite, "--to", &pg]);
    assert!(described(&out).contains("there is no SQLite database"), "{}", described(&out));
    // Passwords are never printed (issue 46): not in the refusal, not in the first line.
    let secret_pg = "postgres://u:hunter2@127.0.0.1:9/x";
    for (from, to) in [(secret_pg, "mysql://u:hunter2@h/x"), (lite.as_str(), secret_pg)] {
        let out = dicetable(&["store", "copy", "--from", from, "--to", to]);
        assert!(!out.status.success(), "{}", described(&out));
        assert!(!described(&out).contains("hunter2"), "{}", described(&out));
    }
    let out = dicetable(&["store", "copy", "--from", secret_pg, "--to", "mysql://u:hunter2@h/x"]);
    assert!(described(&out).contains("postgres://u:***@127.0.0.1:9/x"), "{}", described(&out));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_the_bot_writes_is_consistent_and_a_bot_starts_on_it() {
    let lite = sqlite_url("copy", "backup");
    let running = bot::start(&config_without_secret(lite.clone())).await.unwrap();
    let service = running.service.clone();
    let stop = Arc::new(AtomicBool::new(false));
    let writes = Arc::new(AtomicU64::new(0));
    // A writer, without pause: lobbies opened and joined in many chats, and now and then a
    // game started and played.
    let writer = tokio::spawn({
        let (stop, writes) = (stop.clone(), writes.clone());
        async move {
            let mut n = 0;
            while !stop.load(Ordering::Relaxed) {
                let chat = format!("telegram:-200{n}");
                if n % 10 == 0 {
                    let views = started_game(&service, &chat, GAMES[n % 3]).await;
                    let now = running_of(&views, &chat);
                    act(&service, &now.mover, Op::Press(now.token)).await;
                } else {
                    let create = Op::Create { game: GAMES[n % 3], words: vec![] };
                    let lobby = act(&service, &ctx(&chat, "Ana"), create).await;
                    let join = labelled(&lobby, "Join").unwrap();
                    act(&service, &ctx(&chat, "Ben"), Op::Press(join)).await;
                }
                writes.fetch_add(1, Ordering::Relaxed);
                n += 1;
            }
        }
    });
    while writes.load(Ordering::Relaxed) < 3 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let before = writes.load(Ordering::Relaxed);
    let dir = std::path::PathBuf::from(lite.trim_start_matches("sqlite://")).with_file_name("");
    let mut files = Vec::new();
    for i in 0..3 {
        let file = dir.join(format!("backup-{i}.db"));
        let out = tokio::task::spawn_blocking({
            let (lite, file) = (lite.clone(), file.display().to_string());
            move || dicetable(&["store", "backup", "--from", &lite, "--out", &file])
        })
        .await
        .unwrap();
        assert!(out.status.success(), "{}", described(&out));
        assert!(described(&out).contains("integrity ok"), "{}", described(&out));
        files.push(file);
        // The next backup after another write.
        let now = writes.load(Ordering::Relaxed);
        while writes.load(Ordering::Relaxed) == now {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    }
    let during = writes.load(Ordering::Relaxed) - before;
    stop.store(true, Ordering::Relaxed);
    writer.await.unwrap();
    assert!(during >= 3, "{during} writes while the backups were taken");
    // An existing file is refused, and replaced with --force.
    let file = files[0].display().to_string();
    let out = dicetable(&["store", "backup", "--from", &lite, "--out", &file]);
    assert_eq!(out.status.code(), Some(2), "{}", described(&out));
    assert!(described(&out).contains("--force"), "{}", described(&out));
    let out = dicetable(&["store", "backup", "--from", &lite, "--out", &file, "--force"]);
    assert!(out.status.success(), "{}", described(&out));
    running.shutdown().await;
    // Postgres: pg_dump.
    let out = dicetable(&["store", "backup", "--from", "postgres://x@127.0.0.1/y", "--out", "f"]);
    assert_eq!(out.status.code(), Some(2), "{}", described(&out));
    assert!(described(&out).contains("pg_dump"), "{}", described(&out));

    // A bot starts on each backup, and every table in it reads and replays.
    for file in &files {
        let bot = bot::start(&config_without_secret(format!("sqlite://{}", file.display())))
            .await
            .unwrap();
        let store = dicetable::store::Store::connect(&format!("sqlite://{}", file.display()))
            .await
            .unwrap();
        let ids = store.table_ids().await.unwrap();
        assert!(!ids.is_empty(), "{}", file.display());
        for id in ids {
            let check = bot.service.replays().check_log(id).await;
            assert!(check.is_ok(), "{} table {id}: {check:?}", file.display());
        }
        store.close().await;
        bot.shutdown().await;
    }
}
