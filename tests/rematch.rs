//! Rematch (issue 37) through the table service, on real SQLite and real Postgres: the 🔁
//! Rematch button under a finished game opens one new table like it (game, options, chat,
//! computers), the presser hosts, the other players are invited by name and seated by Rematch
//! or Join, and the game starts by itself once all of them sit. Presses at once (many tasks;
//! two services over one database, as two processes) open exactly one table and seat every
//! presser once; stale, forged and outsiders' presses are refused in words.

mod common;
use common::{SECRET, board, ctx, texts, token_for, unique};
use std::sync::Arc;

use common::plain;
use dicetable::engine::GameKind;
use dicetable::ids::TableId;
use dicetable::store::{Store, TableStatus};
use dicetable::table::token::{Button as TokenButton, Subject, Token, TokenKey};
use dicetable::table::{ManualClock, Op, Service, Slot, View};

fn service(store: &Store) -> Service {
    Service::new(store.clone(), SECRET, Arc::new(ManualClock::new(1_800_000_000_000)))
}

/// A finished Snakes game in `chat`: Ana opens it with a computer (`quick bounce 5m bot`), Ben
/// and Cy join, Ana starts, and the three people resign one after another, so the computer
/// wins. Returns the table and the 🔁 Rematch token under its final board.
async fn finished_game(service: &Service, chat: &str) -> (TableId, String) {
    let ana = ctx(chat, "Ana");
    let words = ["quick", "bounce", "5m", "bot"].map(str::to_owned).to_vec();
    let lobby = service.handle(&ana, Op::Create { game: GameKind::Snakes, words }).await;
    let (table, _) = lobby[0].shows().unwrap_or_else(|| panic!("a lobby: {}", texts(&lobby)));
    let join = token_for(&lobby, TokenButton::Join).unwrap();
    for who in ["Ben", "Cy"] {
        let views = service.handle(&ctx(chat, who), Op::Press(join.clone())).await;
        assert!(views[0].private_to().is_none(), "{}", texts(&views));
    }
    let started =
        service.handle(&ana, Op::Press(token_for(&lobby, TokenButton::Start).unwrap())).await;
    assert!(board(&started).is_some(), "{}", texts(&started));
    let mut last = Vec::new();
    for who in ["Ana", "Ben", "Cy"] {
        last = service.handle(&ctx(chat, who), Op::Resign(None)).await;
        assert!(last.iter().all(|v| v.private_to().is_none()), "{who}: {}", texts(&last));
    }
    let rematch = token_for(&last, TokenButton::Rematch)
        .unwrap_or_else(|| panic!("a Rematch button under the final board: {}", texts(&last)));
    (table, rematch)
}

/// The tables opened as rematches of `of`.
async fn rematches(store: &Store, url: &str, of: TableId) -> Vec<TableId> {
    let sql = format!("select cast(id as text) from tables where rematch_of = {of}");
    let ids: Vec<TableId> =
        common::query_strings(url, &sql).await.iter().map(|s| s.parse().unwrap()).collect();
    // The store's own answer agrees.
    assert_eq!(store.rematch(of).await.unwrap(), ids.first().copied());
    ids
}

/// The seated users of a table (the part after the chat), in seat order.
async fn seated(store: &Store, table: TableId) -> Vec<String> {
    let rec = store.table(table).await.unwrap();
    rec.seats.iter().map(|s| s.user.as_str().rsplit('/').next().unwrap().to_owned()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_is_the_same_table_again_and_starts_once_everyone_is_seated() {
    for (db, store, url) in common::stores("rematch", "flow").await {
        let service = service(&store);
        let chat = unique(&format!("rematch-{db}"));
        let (old, rematch) = finished_game(&service, &chat).await;
        // Ben presses first: a new lobby, he hosts; the computer sits again; Ana and Cy are
        // invited by name (and mentioned).
        let views = service.handle(&ctx(&chat, "Ben"), Op::Press(rematch.clone())).await;
        assert_eq!(views.len(), 1, "{db}: {}", texts(&views));
        let lobby = &views[0];
        assert!(lobby.private_to().is_none(), "{db}: {}", lobby.text);
        let (new, slot) = lobby.shows().unwrap();
        assert_eq!(slot, Slot::Lobby, "{db}");
        assert!(lobby.replace().is_none() && !lobby.in_place(), "{db}: a new message");
        let text = plain(&lobby.text);
        for words in [
            format!("Rematch of table {old}. This is table {new}"),
            format!("/join {new}"),
            "Invited: Ana, Cy".to_owned(),
            "🤖 Computer 1 (normal)".to_owned(),
            "Ben (host)".to_owned(),
        ] {
            assert!(text.contains(&words), "{db}: {words:?} in {text}");
        }
        assert_eq!(lobby.mentions(), [format!("{chat}/Ana"), format!("{chat}/Cy")], "{db}");
        assert_eq!(rematches(&store, &url, old).await, [new], "{db}");
        let (was, is) = (store.table(old).await.unwrap(), store.table(new).await.unwrap());
        assert_eq!(
            (&is.chat, &is.game, &is.options, &is.settings, is.status, is.rematch_of),
            (&was.chat, &was.game, &was.options, &was.settings, TableStatus::Lobby, Some(old)),
            "{db}: same chat, game, options and settings"
        );
        assert_ne!(is.commitment, was.commitment, "{db}: new dice");
        assert_eq!(is.host, format!("{chat}/Ben"), "{db}");
        assert_eq!(seated(&store, new).await, ["Ben", "computer:normal:1"], "{db}");
        // Someone who did not play may not ask for the rematch.
        let views = service.handle(&ctx(&chat, "Dee"), Op::Press(rematch.clone())).await;
        assert_eq!(views[0].refusal(), Some("err-rematch-players"), "{db}");
        assert!(plain(&views[0].text).contains(&format!("players of table {old}")), "{db}");
        // Ana presses Rematch too: she sits at the same table, no other opens.
        let views = service.handle(&ctx(&chat, "Ana"), Op::Press(rematch.clone())).await;
        assert!(views[0].private_to().is_none(), "{db}: {}", texts(&views));
        assert_eq!(views[0].shows(), Some((new, Slot::Lobby)), "{db}");
        assert!(plain(&views[0].text).contains("Invited: Cy"), "{db}: {}", texts(&views));
        assert_eq!(rematches(&store, &url, old).await, [new], "{db}");
        // Her second press: already seated.
        let views = service.handle(&ctx(&chat, "Ana"), Op::Press(rematch.clone())).await;
        assert_eq!(views[0].refusal(), Some("err-already-seated"), "{db}");
        // Cy sits with the lobby's Join: everyone invited is seated, the game begins.
        let cy_join = token_for(&views_of(&service, &chat, new).await, TokenButton::Join).unwrap();
        let views = service.handle(&ctx(&chat, "Cy"), Op::Press(cy_join)).await;
        assert!(texts(&views).contains("Snakes & Ladders begins"), "{db}: {}", texts(&views));
        assert!(board(&views).is_some(), "{db}");
        assert_eq!(
            seated(&store, new).await,
            ["Ben", "computer:normal:1", "Ana", "Cy"],
            "{db}: every presser once"
        );
        assert_eq!(store.table(new).await.unwrap().status, TableStatus::Playing, "{db}");
        // A later press: the rematch has started, and the answer says so (issue 46, item 15).
        let views = service.handle(&ctx(&chat, "Ben"), Op::Press(rematch.clone())).await;
        assert_eq!(views[0].refusal(), Some("err-rematch-started"), "{db}");
        assert!(texts(&views).contains("The rematch has started"), "{db}: {}", texts(&views));
        // A stale token (a version the finished table is no longer at) and a forged one.
        let key = TokenKey::new(SECRET);
        let token = Token::parse(&rematch, &key).unwrap();
        let stale = Token { version: token.version - 1, ..token }.encode(&key);
        let views = service.handle(&ctx(&chat, "Ana"), Op::Press(stale)).await;
        assert_eq!(views[0].refusal(), Some("err-rematch-stale"), "{db}");
        assert!(plain(&views[0].text).contains("out of date"), "{db}: {}", texts(&views));
        let running =
            Token { subject: Subject::Table(new), version: 1, button: TokenButton::Rematch };
        let views = service.handle(&ctx(&chat, "Ana"), Op::Press(running.encode(&key))).await;
        assert_eq!(views[0].refusal(), Some("err-rematch-stale"), "{db}: not a finished game");
        let mut forged = rematch.clone();
        forged.replace_range(forged.len() - 1.., if rematch.ends_with('0') { "1" } else { "0" });
        let views = service.handle(&ctx(&chat, "Ana"), Op::Press(forged)).await;
        assert_eq!(views[0].refusal(), Some("err-forged"), "{db}");
        assert_eq!(rematches(&store, &url, old).await, [new], "{db}: still one");
        // In Russian (the language of Ana, who opens the next game) the lobby speaks of a
        // «Реванш».
        let chat = unique(&format!("rematch-ru-{db}"));
        service.handle(&ctx(&chat, "Ana"), Op::Lang { chat: false, code: Some("ru".into()) }).await;
        let (old2, rematch2) = finished_game(&service, &chat).await;
        let views = service.handle(&ctx(&chat, "Ana"), Op::Press(rematch2.clone())).await;
        assert!(plain(&views[0].text).contains(&format!("Реванш стола {old2}")), "{db}");
        // A rematch that was cancelled before it began: a later press says so.
        let new2 = views[0].shows().unwrap().0;
        let cancel = token_for(&views, TokenButton::Cancel).unwrap();
        service.handle(&ctx(&chat, "Ana"), Op::Press(cancel)).await;
        let views = service.handle(&ctx(&chat, "Ben"), Op::Press(rematch2)).await;
        assert_eq!(views[0].refusal(), Some("err-rematch-over"), "{db}");
        // (Ben's private answer speaks his language: English.)
        assert!(
            plain(&views[0].text).contains(&format!("table {new2}")),
            "{db}: {}",
            texts(&views)
        );
        assert_eq!(rematches(&store, &url, old2).await, [new2], "{db}: not opened again");
    }
}

/// The lobby of table `id` as the chat's `/status` shows it.
async fn views_of(service: &Service, chat: &str, id: TableId) -> Vec<View> {
    let status = Op::AtTable { table: id, op: Box::new(Op::Status(None)) };
    service.handle(&ctx(chat, "Ana"), status).await
}

/// Everyone of a finished game presses Rematch several times at once, through `services`
/// (one service, or two over one database as two processes would): exactly one table opens,
/// every person sits once, and it starts by itself. Every answer is a view of the rematch or
/// "you already have a seat" (or, once it began, "the rematch has started").
async fn presses_at_once(db: &str, store: &Store, url: &str, services: &[Service], round: usize) {
    let chat = unique(&format!("rematch-race-{db}-{round}"));
    let (old, rematch) = finished_game(&services[0], &chat).await;
    let mut tasks = Vec::new();
    for (k, who) in ["Ana", "Ben", "Cy"].iter().cycle().take(12).enumerate() {
        let service = services[k % services.len()].clone();
        let (who, rematch) = (ctx(&chat, who), Op::Press(rematch.clone()));
        tasks.push(tokio::spawn(async move { service.handle(&who, rematch).await }));
    }
    let mut seated_answers = 0;
    for task in tasks {
        let views = task.await.expect("a press's task");
        match views[0].refusal() {
            None => seated_answers += 1,
            Some("err-already-seated" | "err-rematch-started") => {}
            other => panic!("{db}: {other:?}: {}", texts(&views)),
        }
    }
    let ids = rematches(store, url, old).await;
    assert_eq!(ids.len(), 1, "{db} round {round}: exactly one rematch");
    let mut people = seated(store, ids[0]).await;
    people.retain(|u| !u.starts_with("computer:"));
    people.sort();
    assert_eq!(people, ["Ana", "Ben", "Cy"], "{db} round {round}: every presser once");
    assert_eq!(seated_answers, 3, "{db} round {round}: one seat per person");
    let rec = store.table(ids[0]).await.unwrap();
    assert_eq!(rec.status, TableStatus::Playing, "{db} round {round}: it started by itself");
    let all = common::query_strings(url, "select cast(count(*) as text) from tables").await;
    assert!(all[0].parse::<i64>().unwrap() >= 2, "{db}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn presses_at_once_open_exactly_one_rematch() {
    for (db, store, url) in common::stores("rematch", "race").await {
        let services = [service(&store)];
        for round in 0..4 {
            presses_at_once(db, &store, &url, &services, round).await;
        }
    }
}

/// Two services, each with its own connection pool, over one database: as two bot processes
/// sharing one Postgres (and two over one SQLite file).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_at_once_open_exactly_one_rematch() {
    for (db, store, url) in common::stores("rematch", "processes").await {
        let other = Store::connect(&url).await.unwrap();
        let services = [service(&store), service(&other)];
        for round in 0..4 {
            presses_at_once(db, &store, &url, &services, round).await;
        }
    }
}
