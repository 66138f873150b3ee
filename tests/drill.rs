//! The several-processes drill (issue #38): three real `dicetable` processes on one Postgres
//! database take Telegram webhook updates, which a fake Bot API spreads over them round-robin
//! and delivers again until one answers 2xx (as Telegram does). Thirty tables of all three
//! games play while one process is killed (SIGKILL) mid-game and another stopped (SIGTERM); both
//! are started again. Then: every update was confirmed, every press answered (twice only where
//! Telegram delivered it twice), every table's log replays to its stored state, every table
//! shows exactly one live board (its newest version), and deadlines that three timers race for
//! are each handled once.
//!
//! Postgres only: several processes on several machines share Postgres, not a SQLite file.

mod common;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use common::bot_api::{BotApi, Fake, pressed, said, untagged};
use dicetable::store::{Store, TableStatus};
use serde_json::Value;
use tokio::sync::Mutex;

/// Processes, tables, and presses per table in each phase.
const PROCESSES: usize = 3;
const TABLES: i64 = 30;
const TOKEN: &str = "123:DRILL";

/// The fake Bot API, and Telegram's webhook delivery to the processes.
#[derive(Clone)]
struct Server {
    api: BotApi,
    /// The processes' HTTP addresses, in round-robin order.
    targets: Arc<Vec<SocketAddr>>,
    next_target: Arc<AtomicUsize>,
    http: reqwest::Client,
    delivery: Arc<Mutex<Delivery>>,
}

/// How the webhook deliveries went.
#[derive(Default)]
struct Delivery {
    /// Updates not yet confirmed by a 2xx.
    unconfirmed: usize,
    /// How many times each update was posted to a process and not confirmed.
    failed_posts: HashMap<i64, usize>,
}

/// The process whose call put a message's buttons there: the last edit that set its picture
/// or text with buttons (in place, in a busy group), else the one that sent it. A board the
/// killed process edited in place and never recorded is that process's, as one it sent.
fn shown_by(m: &Value) -> String {
    let calls = m["calls"].as_array().cloned().unwrap_or_default();
    calls
        .iter()
        .rev()
        .find(|c| {
            matches!(c[1].as_str(), Some("editmessagemedia" | "editmessagetext")) && c[2] == false
        })
        .and_then(|c| c[0].as_str())
        .or_else(|| m["by"].as_str())
        .unwrap_or_default()
        .to_owned()
}

impl Server {
    /// Delivers an update as Telegram does to a webhook: posts it (to the next process in
    /// turn), and posts it again, to the next, until one answers 2xx.
    async fn push(&self, mut update: Value) -> i64 {
        let id = self.api.fake.lock().await.number(&mut update);
        self.delivery.lock().await.unconfirmed += 1;
        let this = self.clone();
        tokio::spawn(async move {
            let secret = this.api.fake.lock().await.webhook.clone().unwrap_or_default().1;
            loop {
                let i = this.next_target.fetch_add(1, Ordering::SeqCst) % this.targets.len();
                let url = format!("http://{}/telegram/webhook", this.targets[i]);
                let sent = this
                    .http
                    .post(&url)
                    .header("X-Telegram-Bot-Api-Secret-Token", &secret)
                    .json(&update)
                    .send()
                    .await;
                if sent.is_ok_and(|r| r.status().is_success()) {
                    this.delivery.lock().await.unconfirmed -= 1;
                    return;
                }
                *this.delivery.lock().await.failed_posts.entry(id).or_default() += 1;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        });
        id
    }

    async fn say(&self, chat: i64, uid: i64, name: &str, text: &str) {
        self.push(said(chat, uid, name, text)).await;
    }

    /// Presses a button; returns the update's id.
    async fn press(&self, qid: &str, uid: i64, name: &str, message: i64, data: &str) -> i64 {
        let m = self.api.fake.lock().await.messages[&message].clone();
        self.push(pressed(qid, uid, name, message, &m, data)).await
    }

    /// Waits (up to 40 s) until `check` holds on the fake's state.
    async fn until<T>(&self, what: &str, check: impl Fn(&Fake) -> Option<T>) -> T {
        match self.within(check).await {
            Some(v) => v,
            None => panic!("timed out waiting for {what}"),
        }
    }

    /// [`Server::until`], returning `None` after the 40 s.
    async fn within<T>(&self, check: impl Fn(&Fake) -> Option<T>) -> Option<T> {
        self.api.within(Duration::from_secs(40), check).await
    }
}

/// A board as the driver saw it: message, edit revision, first button, who is to press it.
#[derive(Clone, PartialEq, Debug)]
struct Board {
    id: i64,
    rev: i64,
    data: String,
    mover: (i64, &'static str),
}

impl Board {
    /// The chat's newest live board, if there is one (none once its game is over).
    fn newest(f: &Fake, chat: i64) -> Option<Board> {
        let id = *f.live_boards(chat).last()?;
        let m = &f.messages[&id];
        let data = m["keyboard"]["inline_keyboard"][0][0]["callback_data"].as_str()?.to_owned();
        let caption = untagged(m["text"].as_str().unwrap_or(""));
        let ben = caption.lines().last().is_some_and(|l| l.starts_with("Ben"));
        let mover = if ben { (2, "Ben") } else { (1, "Ana") };
        Some(Board { id, rev: m["rev"].as_i64().unwrap_or(0), data, mover })
    }
}

fn group(i: i64) -> i64 {
    -1_001_000_000_000 - i
}

/// A `dicetable` process of the drill, stopped (SIGKILL) if still running when dropped.
struct Process {
    child: Option<Child>,
    addr: SocketAddr,
}

impl Process {
    fn start(
        name: &str,
        database: &str,
        api: &BotApi,
        addr: SocketAddr,
        log: &std::path::Path,
    ) -> Self {
        let log = std::fs::OpenOptions::new().create(true).append(true).open(log).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_dicetable"))
            .env("DATABASE_URL", database)
            .env("LISTEN", addr.to_string())
            .env("PLAYGROUND", "off")
            .env("TELEGRAM_TOKEN", TOKEN)
            .env("TELEGRAM_API_URL", api.url_for(name))
            // The fake counts each chat's calls in a shrunk window; the bot paces in the same.
            .env("TELEGRAM_RATE_WINDOW", format!("{}s", common::bot_api::WINDOW.as_secs()))
            .env("TELEGRAM_WEBHOOK_URL", "https://bot.example.com/telegram/webhook")
            .env("SHUTDOWN_TIMEOUT", "20s")
            // DRILL_LOG=dicetable=debug (say) for more in the logs kept after a failure.
            .env("RUST_LOG", std::env::var("DRILL_LOG").unwrap_or_else(|_| "warn".into()))
            .env_remove("DICETABLE_SECRET")
            .env_remove("DISCORD_TOKEN")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap();
        Self { child: Some(child), addr }
    }

    /// Waits until its /healthz answers 200.
    async fn ready(&self) {
        let http = reqwest::Client::new();
        for _ in 0..600 {
            let url = format!("http://{}/healthz", self.addr);
            if http.get(&url).send().await.is_ok_and(|r| r.status().is_success()) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("process at {} never became healthy", self.addr);
    }

    fn kill(&mut self) {
        let mut child = self.child.take().unwrap();
        child.kill().unwrap();
        child.wait().unwrap();
    }

    /// SIGTERM, and waits for a clean exit.
    async fn terminate(&mut self) {
        let mut child = self.child.take().unwrap();
        let pid = child.id().to_string();
        assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
        let status = tokio::task::spawn_blocking(move || child.wait().unwrap()).await.unwrap();
        assert!(status.success(), "a SIGTERMed process exits cleanly: {status}");
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// What one table's driver did.
#[derive(Default)]
struct Driven {
    presses: usize,
    /// Presses applied by a process that died before confirming them, and answered "out of
    /// date" (with the current board) when delivered again.
    applied_then_refused: usize,
    /// Presses of a board shown late (an older version shown after a newer one, as when a
    /// restarted process shows a table another has moved on): answered "out of date", and the
    /// board lost its buttons.
    stale: usize,
    /// Presses of a board the killed process sent and never recorded: answered "out of
    /// date", its buttons staying (no process knows it).
    orphans_pressed: usize,
    /// Of the `stale` presses, those of the live board of a table that moved on unshown:
    /// answered "out of date", the board refreshed in place into the current one.
    refreshed: usize,
}

/// Opens a table of `game` in `chat`: Ana creates it, Ben joins, Ana starts it (Nardy, full at
/// two, starts by itself).
async fn open(s: &Server, store: &Store, chat: i64, game: &str, n: &AtomicUsize) {
    s.say(chat, 1, "Ana", &format!("/{game}")).await;
    let (id, data) = s.until("a lobby", |f| f.button_in(Some(chat), "Join")).await;
    // Ben taps Join once the lobby is shown and recorded, as a person could (the process that
    // sent it records its message a moment after Telegram's answer).
    recorded(store, chat, TableStatus::Lobby, "lobby").await;
    let qid = format!("q{}", n.fetch_add(1, Ordering::SeqCst));
    s.press(&qid, 2, "Ben", id, &data).await;
    if game != "nardy" {
        s.until("Ben in the lobby", |f| {
            let t = f.messages.get(&id)?["text"].as_str()?;
            untagged(t).contains("Ben").then_some(())
        })
        .await;
        let (id, data) = s.until("a Start button", |f| f.button_in(Some(chat), "Start")).await;
        let qid = format!("q{}", n.fetch_add(1, Ordering::SeqCst));
        s.press(&qid, 1, "Ana", id, &data).await;
    }
    s.until("the first board", |f| Board::newest(f, chat)).await;
    recorded(store, chat, TableStatus::Playing, "board").await;
}

/// Waits until the table of `chat` in `status` has its `kind` message recorded.
async fn recorded(store: &Store, chat: i64, status: TableStatus, kind: &str) {
    let chat = format!("telegram:{chat}");
    for _ in 0..400 {
        if let Some((id, _, _)) =
            store.tables_in_chat(&chat.as_str().into(), &[status]).await.unwrap().first()
            && store.message_version(*id, kind).await.unwrap().is_some()
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("{chat}: its {kind} message was never recorded");
}

/// Presses the live board's first button `presses` times, as whoever is to press it; each press
/// must move the board on (a new board, or the board edited), never be lost.
async fn press_live_boards(
    s: &Server,
    chat: i64,
    presses: usize,
    n: &AtomicUsize,
    driven: &mut Driven,
) {
    // The chat's live boards with their revisions: a move may edit a board other than the
    // newest in place (a busy group's recorded board, while a board the killed process sent
    // and never recorded is newer).
    let shape = |f: &Fake| -> Vec<(i64, i64)> {
        let live = f.live_boards(chat);
        live.into_iter().map(|id| (id, f.messages[&id]["rev"].as_i64().unwrap_or(0))).collect()
    };
    for _ in 0..presses {
        let (before, live_before) = {
            let f = s.api.fake.lock().await;
            (Board::newest(&f, chat), shape(&f))
        };
        let Some(before) = before else { return };
        let mut mover = before.mover;
        let mut stale = false;
        for attempt in 0..2 {
            let qid = format!("q{}", n.fetch_add(1, Ordering::SeqCst));
            let update = s.press(&qid, mover.0, mover.1, before.id, &before.data).await;
            driven.presses += 1;
            let alert = s
                .until(&format!("the answer to {qid} in {chat}"), |f| {
                    f.answer(&qid).map(|(a, _)| a)
                })
                .await;
            if alert.is_none() {
                break;
            }
            // "Out of date", or (issue 60) "already taken: its board follows" when the table
            // is ahead of its shown board: a stale press either way.
            let stale_answer = |a: &str| a.contains("out of date") || a.contains("already taken");
            if alert.as_deref().is_some_and(stale_answer) {
                // Only a press posted again can find its board moved on: a process stored it
                // and died before confirming it, and the press delivered again is answered
                // with the current board (the move stands, once).
                let again = s.delivery.lock().await.failed_posts.contains_key(&update);
                if again {
                    driven.applied_then_refused += 1;
                } else if shown_by(&s.api.fake.lock().await.messages[&before.id]) == "p1" {
                    // A board the killed process sent and never recorded (the one exception):
                    // no process knows it, so its buttons stay and answer "out of date" with
                    // the current board, which the player presses next.
                    driven.orphans_pressed += 1;
                    stale = true;
                } else {
                    // Otherwise the board pressed was shown late, and is no live board: it
                    // loses its buttons, and the player presses the newest board instead. Or
                    // it was the live board of a table that moved on unshown (the process that
                    // stored the move was killed or stopped before showing it, and the press
                    // delivered again was refused before this one): the refusal refreshes it
                    // in place into the current board, a new revision with the buttons that
                    // work now.
                    // The board's history goes with a failure: who sent it, and every later
                    // call on it (process, method, buttons taken off).
                    let history = {
                        let f = s.api.fake.lock().await;
                        let m = &f.messages[&before.id];
                        format!("sent by {}, calls {}", m["by"], m["calls"])
                    };
                    let what = format!(
                        "{chat}: press {qid} refused as out of date ({alert:?}), \
                                        its board {} ({history}) losing its buttons",
                        before.id
                    );
                    let refreshed = s
                        .until(&what, |f| {
                            let m = f.messages.get(&before.id)?;
                            let stripped = m["keyboard"].is_null();
                            let refreshed = m["rev"].as_i64().unwrap_or(0) != before.rev;
                            (stripped || refreshed).then_some(!stripped)
                        })
                        .await;
                    driven.refreshed += usize::from(refreshed);
                    driven.stale += 1;
                    stale = true;
                }
                break;
            }
            // Not this player's button (a roll-off's, say): the other one presses.
            assert_eq!(attempt, 0, "{chat}: both players were refused: {alert:?}");
            mover = if mover.0 == 1 { (2, "Ben") } else { (1, "Ana") };
        }
        if stale {
            continue;
        }
        let moved = s
            .within(|f| {
                let now = Board::newest(f, chat);
                let newest_moved =
                    now.as_ref().map(|b| (b.id, b.rev)) != Some((before.id, before.rev));
                (newest_moved || shape(f) != live_before).then_some(())
            })
            .await;
        if moved.is_none() {
            // What the chat's board went through, for the failure: who sent it, every later
            // call on it.
            let f = s.api.fake.lock().await;
            let m = &f.messages[&before.id];
            panic!(
                "timed out waiting for the board of {chat} to move on: board {} at rev {}, \
                 sent by {}, calls {}",
                before.id, before.rev, m["by"], m["calls"]
            );
        }
    }
}

fn free_port() -> SocketAddr {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_processes_survive_a_kill_and_a_stop_mid_game() {
    let started = Instant::now();
    let database = common::fresh_postgres("drill").await;
    let logs = std::env::temp_dir().join(format!("dicetable-drill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&logs);
    std::fs::create_dir_all(&logs).unwrap();
    let targets: Vec<SocketAddr> = (0..PROCESSES).map(|_| free_port()).collect();
    // Each process reaches the fake at a path of its own (`/p1/…`, `/p1-again/…` after its
    // restart), so every message says which process sent it.
    let server = Server {
        api: BotApi::start().await,
        targets: Arc::new(targets.clone()),
        next_target: Arc::default(),
        delivery: Arc::default(),
        http: reqwest::Client::builder()
            .pool_max_idle_per_host(0)
            .timeout(Duration::from_secs(30))
            .build()
            .unwrap(),
    };

    // Three processes started at once on one new database (they migrate it together).
    let log = |i: usize| logs.join(format!("process-{i}.log"));
    let mut processes: Vec<Process> = targets
        .iter()
        .enumerate()
        .map(|(i, a)| Process::start(&format!("p{i}"), &database, &server.api, *a, &log(i)))
        .collect();
    for p in &processes {
        p.ready().await;
    }
    server.until("setWebhook", |f| f.webhook.clone()).await;
    let store = Store::connect(&database).await.unwrap();
    let stats_before = db_stats(&database).await;

    // Thirty tables, ten of each game, each in a group of its own.
    let n = Arc::new(AtomicUsize::new(0));
    let games = ["snakes", "ludo", "nardy"];
    let mut tasks = Vec::new();
    for i in 0..TABLES {
        let (s, n, store) = (server.clone(), n.clone(), store.clone());
        let game = games[i as usize % 3];
        tasks.push(tokio::spawn(async move {
            open(&s, &store, group(i), game, &n).await;
            let mut driven = Driven::default();
            press_live_boards(&s, group(i), 3, &n, &mut driven).await;
            driven
        }));
    }
    let mut driven = Vec::new();
    for t in tasks {
        driven.push(t.await.unwrap());
    }
    println!("drill: 30 tables open and playing after {:?}", started.elapsed());

    // Every table plays on while process 1 is killed and process 2 stopped; both come back.
    let mut tasks = Vec::new();
    for (i, mut d) in driven.into_iter().enumerate() {
        let (s, n) = (server.clone(), n.clone());
        tasks.push(tokio::spawn(async move {
            press_live_boards(&s, group(i as i64), 8, &n, &mut d).await;
            d
        }));
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    processes[1].kill();
    println!("drill: process 1 killed at {:?}", started.elapsed());
    tokio::time::sleep(Duration::from_millis(1500)).await;
    processes[2].terminate().await;
    println!("drill: process 2 stopped at {:?}", started.elapsed());
    tokio::time::sleep(Duration::from_millis(1000)).await;
    for i in [1, 2] {
        processes[i] =
            Process::start(&format!("p{i}-again"), &database, &server.api, targets[i], &log(i));
        processes[i].ready().await;
    }
    println!("drill: both back at {:?}", started.elapsed());
    let mut driven = Vec::new();
    for t in tasks {
        driven.push(t.await.unwrap());
    }
    let presses: usize = driven.iter().map(|d| d.presses).sum();
    let refused: usize = driven.iter().map(|d| d.applied_then_refused).sum();
    let stale: usize = driven.iter().map(|d| d.stale).sum();
    let orphans: usize = driven.iter().map(|d| d.orphans_pressed).sum();
    let refreshed: usize = driven.iter().map(|d| d.refreshed).sum();
    println!(
        "drill: {presses} presses played by {:?}; {refused} applied, then (delivered again) \
         answered \"out of date\" with the current board; {stale} of a board shown late \
         ({refreshed} of them refreshed in place); {orphans} of a board the killed process \
         never recorded",
        started.elapsed()
    );

    // Deadlines: the turn of the first table of each game still playing is due now, and the
    // three processes' timers race for them.
    let mut due = Vec::new();
    for i in 0..TABLES {
        let chat = format!("telegram:{}", group(i));
        let playing =
            store.tables_in_chat(&chat.as_str().into(), &[TableStatus::Playing]).await.unwrap();
        if let Some((id, _, _)) = playing.first() {
            let rec = store.table(*id).await.unwrap();
            if due.len() < 6 {
                due.push((i, *id, rec.version));
            }
        }
    }
    assert!(due.len() >= 3, "tables still playing for the deadline part: {due:?}");
    let now_ms =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis();
    for (_, id, _) in &due {
        common::execute(
            &database,
            &format!("update tables set deadline_ms = {now_ms} where id = {id}"),
        )
        .await;
    }
    for (i, id, version) in &due {
        let chat = group(*i);
        server
            .until(&format!("table {id}'s deadline handled"), |f| {
                f.in_chat(Some(chat))
                    .iter()
                    .any(|(_, m)| {
                        m["text"].as_str().is_some_and(|t| untagged(t).contains("ran out of time"))
                    })
                    .then_some(())
            })
            .await;
        let _ = version;
    }
    // Three timer rounds more (2 s each): a second handling would show by now.
    tokio::time::sleep(Duration::from_secs(6)).await;

    // All three stop cleanly; every update was confirmed.
    for p in &mut processes {
        p.terminate().await;
    }
    let fake = server.api.fake.lock().await;
    let delivery = server.delivery.lock().await;
    assert_eq!(delivery.unconfirmed, 0, "every update was confirmed by a 2xx");
    // What the database did for them (its own counters; every process has exited, so each
    // connection has reported): per update handled, as a measurement, not a check.
    store.close().await;
    let store = Store::connect(&database).await.unwrap();
    let service = dicetable::table::Service::new(
        store.clone(),
        b"only check_log is used here",
        Arc::new(dicetable::table::SystemClock),
    );
    let stats = db_stats(&database).await;
    let updates = fake.next_update as f64;
    let per = |i: usize| (stats[i] - stats_before[i]) as f64 / updates;
    println!(
        "drill: per update (presses, commands, and their share of timers and restarts): \
         {:.1} transactions, {:.1} rows read, {:.2} rows inserted, {:.2} updated, {:.2} deleted, \
         {:.1} buffer pages touched",
        per(0),
        per(1),
        per(2),
        per(3),
        per(4),
        per(5)
    );

    // Every press answered; a second answer only for a press delivered twice.
    let queries: HashMap<i64, &String> =
        fake.pushed.iter().filter_map(|(u, q)| Some((*u, q.as_ref()?))).collect();
    let redelivered: Vec<&String> =
        delivery.failed_posts.keys().filter_map(|u| queries.get(u).copied()).collect();
    let mut answers: HashMap<&str, usize> = HashMap::new();
    for (q, _, _) in &fake.answers {
        *answers.entry(q.as_str()).or_default() += 1;
    }
    for q in queries.values() {
        let times = answers.get(q.as_str()).copied().unwrap_or(0);
        assert!(times >= 1, "press {q} was never answered");
        assert!(times == 1 || redelivered.contains(q), "press {q} answered {times} times");
    }
    let twice = answers.values().filter(|&&t| t > 1).count();
    println!(
        "drill: {} presses, {} updates posted again, {twice} presses answered twice",
        queries.len(),
        delivery.failed_posts.len()
    );

    // Each deadline was handled once: one "ran out of time" in its chat, one strike stored.
    for (i, id, version) in &due {
        let outs: Vec<_> = fake
            .in_chat(Some(group(*i)))
            .into_iter()
            .filter(|(_, m)| {
                m["text"].as_str().is_some_and(|t| untagged(t).contains("ran out of time"))
            })
            .collect();
        assert_eq!(outs.len(), 1, "table {id}: the deadline handled once");
        let rec = store.table(*id).await.unwrap();
        assert!(rec.version > *version, "table {id}: the bot played the turn");
        let strikes: i32 = rec.seats.iter().map(|s| s.strikes).sum();
        assert_eq!(strikes, 1, "table {id}: one strike for one deadline");
    }

    // Every table's log replays to its stored state; a table still playing shows exactly one
    // live board, the message the database records for it, at its newest version.
    let mut orphans = 0;
    for i in 0..TABLES {
        let chat = format!("telegram:{}", group(i));
        let all = [TableStatus::Playing, TableStatus::Finished];
        let tables = store.tables_in_chat(&chat.as_str().into(), &all).await.unwrap();
        assert_eq!(tables.len(), 1, "{chat}: one table, opened once");
        let (id, _, status) = &tables[0];
        service.replays().check_log(*id).await.unwrap_or_else(|e| panic!("{chat}: {e}"));
        let live = fake.live_boards(group(i));
        if *status == TableStatus::Playing {
            let version = store.table(*id).await.unwrap().version;
            let (message, shown) = store.message_version(*id, "board").await.unwrap().unwrap();
            assert_eq!(shown, version, "{chat}: the newest version is shown");
            let message_id = message.posted[0].message;
            let photos: Vec<_> = fake
                .in_chat(Some(group(i)))
                .into_iter()
                .filter(|(_, m)| m["photo"] == true)
                .map(|(id, m)| (id, m["rev"].clone(), !m["keyboard"].is_null()))
                .collect();
            assert!(
                live.contains(&message_id),
                "{chat}: the recorded board (version {version}) is live; photos (id, edits, \
                 buttons): {photos:?}"
            );
            // A board Telegram took from a process killed before it could record the message
            // is a board no process knows of: its buttons stay, and answer "out of date" with
            // the current board. Only the killed process can leave one.
            for other in live.iter().filter(|&&m| m != message_id) {
                assert_eq!(
                    shown_by(&fake.messages[other]),
                    "p1",
                    "{chat}: exactly one live board, the recorded one (version {version}), \
                     besides boards of the killed process; photos (id, edits, buttons): {photos:?}"
                );
                orphans += 1;
            }
        } else {
            assert!(live.is_empty(), "{chat}: a finished game has no live board: {live:?}");
        }
    }
    // No edit that changes nothing (issue 44): Telegram answers each "message is not modified".
    // The one kind a kill forces: the killed process took a board's buttons off and died
    // before recording its new board, so the next show takes them off again.
    let (mut after_kill, mut needless) = (0, Vec::new());
    for (id, m) in &fake.messages {
        let calls = m["calls"].as_array().cloned().unwrap_or_default();
        for (k, c) in calls.iter().enumerate().filter(|(_, c)| c[2] == true) {
            if k > 0 && calls[k - 1][0] == "p1" && c[0] != "p1" {
                after_kill += 1;
            } else {
                needless.push((*id, m.clone()));
            }
        }
    }
    assert!(needless.is_empty(), "edits that changed nothing: {needless:?}");
    println!("drill: {after_kill} strips again of a board the killed process had stripped");
    drop(fake);
    println!(
        "drill: {orphans} boards sent by the killed process and never recorded; done in {:?}",
        started.elapsed()
    );
    let _ = std::fs::remove_dir_all(&logs);
}

/// The database's own counters (`pg_stat_database`): transactions (committed and rolled back),
/// rows read (returned by scans), inserted, updated, deleted, and buffer pages touched.
async fn db_stats(url: &str) -> [i64; 6] {
    let sql = "select concat_ws(',', xact_commit + xact_rollback, tup_returned, tup_inserted, \
               tup_updated, tup_deleted, blks_read + blks_hit) from pg_stat_database \
               where datname = current_database()";
    let line = common::query_strings(url, sql).await.remove(0);
    let values: Vec<i64> = line.split(',').map(|v| v.parse().unwrap()).collect();
    values.try_into().unwrap()
}
