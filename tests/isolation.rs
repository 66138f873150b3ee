//! Issue 32's drills, each on SQLite and on Postgres: no table holds up another. A damaged
//! stored row is refused on every path (a press, the turn timer, status, history, replay) and
//! noted for `/healthz`, while every other table's timers go on; a running bot's timer keeps
//! playing computers beside a damaged table; SQLite takes many writes at once without
//! "database is locked".

mod common;

use std::time::Duration;

use common::{LONG, board, bot_config, both_databases, clock, ctx, say, unique};
use dicetable::ids::TableId;
use dicetable::store::Store;
use dicetable::table::{Op, Pick, Service, View};
use serde_json::Value;

const SECRET: &[u8] = b"test secret";

/// A three-player Snakes table with a one-minute timer in `chat`, started: its id and board.
async fn three_at_a_table(service: &Service, chat: &str) -> (TableId, View) {
    say(service, &ctx(chat, "Ana"), "/snakes 1m").await;
    say(service, &ctx(chat, "Ben"), "/join").await;
    say(service, &ctx(chat, "Cyrus"), "/join").await;
    let views = say(service, &ctx(chat, "Ana"), "/play").await;
    let board = board(&views).expect("a board").clone();
    (board.shows().expect("a table").0, board)
}

/// Ways a stored row can disagree with itself, as SQL on table `{id}` (`{seed}` is a one-byte
/// seed in the database's words).
const DAMAGE: &[&str] = &[
    // A seat row lost: the game has three players, the table two seats.
    "delete from seats where table_id = {id} and seat = 2",
    // A seat numbered past the others.
    "update seats set seat = 7 where table_id = {id} and seat = 2",
    // Options that are not an object (once read as the defaults).
    "update tables set options = '[]' where id = {id}",
    "update tables set settings = 'not json' where id = {id}",
    "update tables set seed = {seed} where id = {id}",
    "update tables set game = 'chess' where id = {id}",
    "update tables set status = 'bogus' where id = {id}",
];

/// Every damaged table is refused with its own message on every path, none panics, and the
/// turn timer reminds and plays for the healthy table in the same rounds; the damaged tables
/// are listed for `/healthz`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_row_is_refused_everywhere_and_the_other_tables_go_on() {
    for (db, url) in both_databases("iso", "damage").await {
        let store = Store::connect(&url).await.unwrap();
        let clock = clock();
        let service = Service::new(store.clone(), SECRET, clock.clone()).with_replay_wait(LONG);
        let healthy_chat = unique(&format!("healthy-{db}"));
        let (healthy, _) = three_at_a_table(&service, &healthy_chat).await;
        let mut damaged = Vec::new();
        for (k, sql) in DAMAGE.iter().enumerate() {
            let chat = unique(&format!("damaged-{db}-{k}"));
            let (id, board) = three_at_a_table(&service, &chat).await;
            let seed = if db == "sqlite" { "x'00'" } else { "decode('00', 'hex')" };
            let sql = sql.replace("{id}", &id.to_string()).replace("{seed}", seed);
            common::execute(&url, &sql).await;
            damaged.push((id, chat, board, sql));
        }
        // The turn timer: a reminder for the healthy table, nothing for the damaged ones.
        clock.advance(46_000);
        let views = service.tick().await.unwrap_or_else(|e| panic!("{db}: {e}"));
        assert!(
            views.iter().any(|(chat, v)| *chat == healthy_chat && v.text.contains("left")),
            "{db}: the healthy table is reminded: {views:?}"
        );
        for (id, chat, board, sql) in &damaged {
            assert!(views.iter().all(|(c, _)| c != chat), "{db} {sql}: nothing for table {id}");
            // A press on its board, and every command that reads it.
            let mover = board.mentions()[0].as_str().rsplit('/').next().unwrap().to_owned();
            let press = Op::Press(board.buttons()[0][0].token.clone());
            let answer = service.handle(&ctx(chat, &mover), press).await;
            assert_eq!(answer.len(), 1, "{db} {sql}: {answer:?}");
            assert_eq!(answer[0].refusal(), Some("err-table-damaged"), "{db} {sql}: {answer:?}");
            assert!(answer[0].text.contains(&id.to_string()), "{db} {sql}: names the table");
            assert!(answer[0].private_to().is_some(), "{db} {sql}");
            let ana = ctx(chat, "Ana");
            for op in [
                Op::Status(None),
                Op::History(None),
                Op::Fair(None),
                Op::Replay(Pick::Table(*id)),
                Op::Export(Pick::Table(*id)),
                Op::Resign(None),
            ] {
                let name = format!("{op:?}");
                let status = matches!(op, Op::Status(_));
                let views = service.handle(&ana, op).await;
                if status {
                    // Named as damaged, whatever the damage (an unknown status word too).
                    let refusal = views.first().and_then(|v| v.refusal());
                    assert_eq!(refusal, Some("err-table-damaged"), "{db} {sql}: {views:?}");
                }
                assert!(
                    views.iter().all(|v| v.private_to().is_some() && v.shows().is_none()),
                    "{db} {sql} {name}: {views:?}"
                );
            }
        }
        let noted: Vec<TableId> = service.damaged_tables().into_iter().map(|(id, _)| id).collect();
        for (id, _, _, sql) in &damaged {
            assert!(noted.contains(id), "{db} {sql}: table {id} is noted as damaged: {noted:?}");
        }
        assert!(!noted.contains(&healthy), "{db}");
        // Repaired by hand, a table reads again and is no longer listed.
        let (id, chat, _, _) = damaged.iter().find(|d| d.3.contains("options = '[]'")).unwrap();
        common::execute(&url, &format!("update tables set options = '{{}}' where id = {id}")).await;
        let status = service.handle(&ctx(chat, "Ana"), Op::Status(None)).await;
        assert!(status.iter().all(|v| v.refusal().is_none()), "{db}: {status:?}");
        let noted: Vec<TableId> = service.damaged_tables().into_iter().map(|(id, _)| id).collect();
        assert!(!noted.contains(id), "{db}: repaired table {id} is no longer listed: {noted:?}");
        // The healthy table's time runs out: the bot plays for its player.
        clock.advance(15_000);
        let views = service.tick().await.unwrap_or_else(|e| panic!("{db}: {e}"));
        assert!(
            views.iter().any(|(chat, v)| *chat == healthy_chat && v.shows().is_some()),
            "{db}: the healthy table is played on: {views:?}"
        );
        assert!(service.overdue(0).await.unwrap().is_empty(), "{db}: nothing else is due");
    }
}

/// GET `/healthz` of a running bot: the status code and the JSON body.
async fn health(addr: std::net::SocketAddr) -> (u16, Value) {
    let res = reqwest::get(format!("http://{addr}/healthz")).await.unwrap();
    let code = res.status().as_u16();
    (code, res.json().await.unwrap())
}

/// A running bot: a damaged table whose turn is due is noted on `/healthz` (which stays 200,
/// its timer "ok"), and computers at another table keep playing after the damage was met.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_bot_reports_a_damaged_table_and_keeps_playing_the_others() {
    for (db, url) in both_databases("iso", "health").await {
        let running = dicetable::bot::start(&bot_config(url.clone())).await.unwrap();
        let service = running.service.clone();
        // A table of Ana and two computers, one seat row lost, its turn made due.
        let chat = "playground:damaged";
        let ana = ctx(chat, "Ana");
        say(&service, &ana, "/snakes bots=2").await;
        let started = say(&service, &ana, "/play").await;
        let id = started.iter().find_map(|v| v.shows()).expect("a table").0;
        common::execute(&url, &format!("delete from seats where table_id = {id} and seat = 2"))
            .await;
        let due = format!("update tables set deadline_ms = 0, lease_ms = null where id = {id}");
        let mut noted = false;
        for k in 0..300 {
            if k % 10 == 0 {
                // Again now and then: a computer's move in flight may have set a new deadline.
                common::execute(&url, &due).await;
            }
            // (Until the timer meets it, the table is overdue: a deadline of 1970.)
            let (code, body) = health(running.addr).await;
            if body["damaged_tables"][id.to_string()].is_string() {
                let (code, body) = health(running.addr).await;
                assert_eq!((code, &body["status"]), (200, &"ok".into()), "{db}: {body}");
                noted = true;
                break;
            }
            assert!(code == 200 || body["timer"].as_str().is_some_and(|t| t.contains("overdue")));
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(noted, "{db}: /healthz names the damaged table");
        // Bea and three computers: after Bea's turn the computers play theirs, and it comes
        // round to Bea again.
        let bea = ctx("playground:healthy", "Bea");
        say(&service, &bea, "/ludo bots=3").await;
        say(&service, &bea, "/play").await;
        let (mut passed, mut back) = (false, false);
        for _ in 0..600 {
            let status = service.handle(&bea, Op::Status(None)).await;
            let to_bea = status
                .iter()
                .find(|v| v.mentions().contains(&bea.user.to_string().as_str().into()));
            match to_bea {
                Some(_) if passed => {
                    back = true;
                    break;
                }
                Some(view) => {
                    if let Some(button) = view.buttons().iter().flatten().next() {
                        service.handle(&bea, Op::Press(button.token.clone())).await;
                    }
                }
                None => passed = true,
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(passed && back, "{db}: the computers played their turns and it is Bea's again");
        let (_, body) = health(running.addr).await;
        assert_eq!(body["timer"], "ok", "{db}: {body}");
        running.shutdown().await;
    }
}

/// SQLite: many writers at once in one process wait their turn; none is told the database is
/// locked or not answering, and readers go on meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_takes_many_writes_at_once_without_a_lock_error() {
    let url = common::sqlite_url("iso", "writes");
    let store = Store::connect(&url).await.unwrap();
    let mut writers = tokio::task::JoinSet::new();
    for w in 0..32 {
        let store = store.clone();
        writers.spawn(async move {
            for k in 0..40 {
                let chat = format!("test:writes:{w}");
                store
                    .set_chat_lang(
                        &chat.as_str().into(),
                        Some(if k % 2 == 0 { "en" } else { "fa" }),
                    )
                    .await?;
                store
                    .user(&format!("{chat}/u{k}").as_str().into(), &format!("User {k}"), None)
                    .await?;
                store.chat_lang(&chat.as_str().into()).await?;
            }
            Ok::<_, dicetable::store::StoreError>(())
        });
    }
    while let Some(done) = writers.join_next().await {
        done.unwrap().unwrap_or_else(|e| panic!("a write failed: {e}"));
    }
    // The readers never write: a write on them fails (read-only connections).
    assert_eq!(store.connections(), 5, "four readers and one writer");
}

/// A press while the process is stopping (its pool closed: `SHUTDOWN_TIMEOUT=0` with presses in
/// flight) says the bot is restarting, not that the store is down, and leaves the store healthy.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_press_while_stopping_says_the_bot_is_restarting() {
    for (db, url) in both_databases("iso", "stopping").await {
        let store = Store::connect(&url).await.unwrap();
        let service = Service::new(store.clone(), SECRET, clock());
        let chat = unique(&format!("stopping-{db}"));
        let (_, board) = three_at_a_table(&service, &chat).await;
        store.close().await;
        let mover = board.mentions()[0].as_str().rsplit('/').next().unwrap().to_owned();
        let press = Op::Press(board.buttons()[0][0].token.clone());
        let answer = service.handle(&ctx(&chat, &mover), press).await;
        assert_eq!(answer[0].refusal(), Some("err-stopping"), "{db}: {answer:?}");
        assert!(answer[0].text.contains("restarting"), "{db}: {}", answer[0].text);
        assert!(service.store_trouble().is_none(), "{db}: a stop is not an outage");
    }
}
