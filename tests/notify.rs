//! Turn notices (`/notify`) and `/games` through the table service, on real SQLite and real
//! Postgres: a notice comes once per turn after the player's delay, never after the turn was
//! played, outside quiet hours, merged across tables, once across two processes and a restart.

mod common;
use common::{board, clock, ctx, unique};
use std::collections::BTreeMap;

use common::plain;
use dicetable::engine::GameKind;
use dicetable::ids::TableId;
use dicetable::store::Store;
use dicetable::table::{Ctx, Op, Service, View};

const SECRET: &[u8] = b"test secret";
const MINUTE: i64 = 60_000;

async fn notify(service: &Service, who: &Ctx, words: &str) -> String {
    let words = words.split_whitespace().map(str::to_owned).collect();
    let views = service.handle(who, Op::Notify(words)).await;
    assert_eq!(views.len(), 1, "{views:?}");
    assert_eq!(views[0].private_to(), Some(&who.user), "a private answer");
    plain(&views[0].text)
}

/// Opens a Snakes table with a 1 h timer for `players` in `chat` and starts it; the table and
/// its first board.
async fn snakes(service: &Service, chat: &str, players: &[&str]) -> (TableId, View) {
    let host = ctx(chat, players[0]);
    let words = vec!["1h".to_owned()];
    service.handle(&host, Op::Create { game: GameKind::Snakes, words }).await;
    for p in &players[1..] {
        service.handle(&ctx(chat, p), Op::Join(None)).await;
    }
    let views = service.handle(&host, Op::Start(None)).await;
    let b = board(&views).expect("a board").clone();
    (b.shows().unwrap().0, b)
}

/// The user whose turn a board names.
fn to_move(b: &View) -> String {
    b.mentions().first().map(ToString::to_string).expect("someone to move")
}

/// Presses the board's first button as the player to move until the turn passes to another
/// player; the new board.
async fn play_turn(service: &Service, chat: &str, mut b: View) -> View {
    let first = to_move(&b);
    loop {
        let who = to_move(&b);
        if who != first {
            return b;
        }
        let name = who.rsplit('/').next().unwrap().to_owned();
        let token = b.buttons()[0][0].token.clone();
        let views = service.handle(&ctx(chat, &name), Op::Press(token)).await;
        b = board(&views).expect("a board after a press").clone();
    }
}

/// The notices due now, by user.
async fn due(service: &Service) -> BTreeMap<String, View> {
    let mut out = BTreeMap::new();
    for (_, view) in service.turn_notices().notices().await.unwrap() {
        let user = view.private_to().map(ToString::to_string).expect("a notice is private");
        assert!(out.insert(user, view).is_none(), "one message per person");
    }
    out
}

async fn deliver(service: &Service, views: &BTreeMap<String, View>) {
    for v in views.values() {
        service.turn_notices().noticed(v.notice().expect("a notice")).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_notice_comes_once_per_turn_after_the_delay_and_never_after_the_turn_was_played() {
    for (db, store, _) in common::stores("notify", "once").await {
        let clock = clock();
        let service = Service::new(store.clone(), SECRET, clock.clone());
        let chat = unique(&format!("once-{db}"));
        let (ana, ben) = (ctx(&chat, "Ana"), ctx(&chat, "Ben"));
        assert!(
            notify(&service, &ana, "").await.contains("Turn notices are off"),
            "off by default"
        );
        let on = notify(&service, &ana, "on").await;
        assert!(on.contains("when it has been your turn for 10 minutes"), "{db}: {on}");
        notify(&service, &ben, "on").await;
        let (table, b) = snakes(&service, &chat, &["Ana", "Ben"]).await;
        let first = to_move(&b);
        assert!(due(&service).await.is_empty(), "{db}: nothing at once");
        clock.advance(9 * MINUTE);
        assert!(due(&service).await.is_empty(), "{db}: not before 10 minutes");
        clock.advance(2 * MINUTE);
        let notices = due(&service).await;
        assert_eq!(notices.keys().collect::<Vec<_>>(), vec![&first], "{db}");
        let n = &notices[&first];
        assert!(plain(&n.text).contains("It is your turn"), "{db}: {}", n.text);
        assert!(plain(&n.text).contains(&format!("table {table}")), "{db}: {}", n.text);
        assert!(n.image().is_some(), "{db}: the board is shown");
        assert_eq!(n.notice().unwrap().tables, vec![table]);
        // Not confirmed (the process died while sending): sent again when the claim ends.
        clock.advance(31_000);
        let again = due(&service).await;
        assert_eq!(again.len(), 1, "{db}: an unconfirmed notice is tried again");
        deliver(&service, &again).await;
        clock.advance(20 * MINUTE);
        assert!(due(&service).await.is_empty(), "{db}: exactly once per turn");
        // The turn is played; the other player's turn is played within their delay: no notice
        // for them, and the first player's next turn is owed anew.
        let b = play_turn(&service, &chat, b).await;
        let second = to_move(&b);
        assert_ne!(second, first);
        clock.advance(5 * MINUTE);
        assert!(due(&service).await.is_empty(), "{db}");
        let b = play_turn(&service, &chat, b).await;
        assert_eq!(to_move(&b), first);
        clock.advance(11 * MINUTE);
        let notices = due(&service).await;
        assert_eq!(notices.keys().collect::<Vec<_>>(), vec![&first], "{db}: never the played turn");
        // Played just as it came due, before it was sent: nothing goes out.
        let b = play_turn(&service, &chat, b).await;
        assert_eq!(to_move(&b), second);
        clock.advance(31_000);
        assert!(due(&service).await.is_empty(), "{db}: a played turn's notice is dropped");
        // Off drops what is owed.
        clock.advance(9 * MINUTE);
        let name = second.rsplit('/').next().unwrap().to_owned();
        let off = notify(&service, &ctx(&chat, &name), "off").await;
        assert!(off.contains("Turn notices are off"), "{db}: {off}");
        clock.advance(5 * MINUTE);
        assert!(due(&service).await.is_empty(), "{db}: off means off");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn waiting_tables_are_one_message_and_quiet_hours_hold_it() {
    for (db, store, _) in common::stores("notify", "merge").await {
        let clock = clock();
        let service = Service::new(store.clone(), SECRET, clock.clone());
        // Cleo plays first at three tables (the others wait for her).
        let mut tables = Vec::new();
        for k in 0..3 {
            let chat = unique(&format!("merge-{db}-{k}"));
            let cleo = ctx(&chat, "Cleo");
            // One user across chats: the service test's user id is `<chat>/<name>`, so Cleo is
            // named by a fixed user id here.
            let cleo = Ctx { user: "test:cleo".into(), ..cleo };
            if k == 0 {
                // 08:00 UTC is 11:30 at UTC+3:30: quiet 11–13 holds the notice until 13:00
                // local, 09:30 UTC.
                let text = notify(&service, &cleo, "now quiet 11-13 tz +3:30").await;
                assert!(text.contains("Quiet hours 11:00–13:00 (UTC+3:30)"), "{db}: {text}");
            }
            service.handle(&cleo, Op::Create { game: GameKind::Nardy, words: vec![] }).await;
            // Dan's join fills the table and starts it.
            let views = service.handle(&ctx(&chat, "Dan"), Op::Join(None)).await;
            // A roll-off (N2): everyone seated is to act, Cleo too.
            let b = board(&views).unwrap().clone();
            tables.push(b.shows().unwrap().0);
        }
        clock.advance(MINUTE);
        assert!(due(&service).await.is_empty(), "{db}: quiet hours");
        clock.advance(89 * MINUTE);
        let notices = due(&service).await;
        assert_eq!(notices.len(), 1, "{db}: {notices:?}");
        let n = &notices["test:cleo"];
        let mut told = n.notice().unwrap().tables.clone();
        told.sort_unstable();
        assert_eq!(told, tables, "{db}: one message for every waiting table");
        assert!(n.image().is_none(), "{db}: a list, not one board");
        for t in &tables {
            assert!(plain(&n.text).contains(&format!("table {t}: your turn")), "{db}: {}", n.text);
        }
        assert_eq!(n.links().len(), 3);
        deliver(&service, &notices).await;
        assert!(due(&service).await.is_empty());
        // Her games, from anywhere.
        let me = Ctx { user: "test:cleo".into(), ..ctx("test:cleo", "Cleo") };
        let views = service.handle(&me, Op::Games).await;
        let text = plain(&views[0].text);
        assert!(text.starts_with("Your open tables:"), "{db}: {text}");
        for t in &tables {
            assert!(text.contains(&format!("Long Nardy, table {t}: your turn")), "{db}: {text}");
        }
    }
}

/// What two processes running their turn notices at the same moments send, round after round
/// until nothing is due.
async fn both(one: &Service, two: &Service) -> Vec<View> {
    let mut sent = Vec::new();
    loop {
        let (x, y) = tokio::join!(one.turn_notices().notices(), two.turn_notices().notices());
        let round: Vec<View> = x.unwrap().into_iter().chain(y.unwrap()).map(|(_, v)| v).collect();
        if round.is_empty() {
            return sent;
        }
        sent.extend(round);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_and_a_restart_send_each_notice_once() {
    for (db, store, url) in common::stores("notify", "processes").await {
        let clock = clock();
        let one = Service::new(store.clone(), SECRET, clock.clone());
        // `NOTIFY_TABLES=1000` for issue 35's measurement; 24 in the suite.
        let tables: usize =
            std::env::var("NOTIFY_TABLES").ok().and_then(|v| v.parse().ok()).unwrap_or(24);
        let mut expected = Vec::new();
        for k in 0..tables {
            let chat = unique(&format!("proc-{db}-{k}"));
            let (a, b) = (format!("A{k}"), format!("B{k}"));
            notify(&one, &ctx(&chat, &a), "on").await;
            notify(&one, &ctx(&chat, &b), "now").await;
            let (_, board) = snakes(&one, &chat, &[&a, &b]).await;
            expected.push(to_move(&board));
        }
        // A second process on the same database, and later a restart of the first.
        let two = Service::new(Store::connect(&url).await.unwrap(), SECRET, clock.clone());
        clock.advance(11 * MINUTE);
        let mut got = both(&one, &two).await;
        // One message per waiting person: each process sent its share.
        assert_eq!(got.len(), tables, "{db}");
        // The first process dies before confirming half of them; a new process takes over
        // once their claims end.
        let unconfirmed = got.split_off(tables / 2);
        for v in &got {
            one.turn_notices().noticed(v.notice().unwrap()).await;
        }
        drop(one);
        let restarted = Service::new(Store::connect(&url).await.unwrap(), SECRET, clock.clone());
        assert!(
            restarted.turn_notices().notices().await.unwrap().is_empty(),
            "{db}: claimed, not yet due"
        );
        clock.advance(31_000);
        let resent = both(&restarted, &two).await;
        let mut a: Vec<_> =
            resent.iter().map(|v| v.private_to().map(ToString::to_string)).collect();
        let mut b: Vec<_> =
            unconfirmed.iter().map(|v| v.private_to().map(ToString::to_string)).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "{db}: exactly the unconfirmed ones again");
        for v in &resent {
            two.turn_notices().noticed(v.notice().unwrap()).await;
        }
        let mut all: Vec<String> = got
            .iter()
            .chain(&resent)
            .map(|v| v.private_to().map(ToString::to_string).unwrap())
            .collect();
        all.sort();
        expected.sort();
        assert_eq!(all, expected, "{db}: each waiting player told once");
        clock.advance(60 * MINUTE);
        assert!(restarted.turn_notices().notices().await.unwrap().is_empty(), "{db}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notify_words_are_refused_in_the_players_language() {
    for (db, store, _) in common::stores("notify", "words").await {
        let service = Service::new(store.clone(), SECRET, clock());
        let chat = unique(&format!("words-{db}"));
        let mut ru = ctx(&chat, "Вера");
        ru.locale = Some("ru".into());
        let views = service.handle(&ru, Op::Notify(vec!["sometimes".into()])).await;
        let text = plain(&views[0].text);
        assert!(text.contains("/notify не понимает «sometimes»"), "{db}: {text}");
        let text = notify(&service, &ru, "after 2h").await;
        assert!(text.contains("когда ваш ход ждёт 120 минут"), "{db}: {text}");
        let mut fa = ctx(&chat, "Sara");
        fa.locale = Some("fa".into());
        let text = notify(&service, &fa, "").await;
        assert!(text.contains("اعلان نوبت خاموش است"), "{db}: {text}");
        // A group on Telegram: the answer links to the private chat the notices need.
        let group = Ctx {
            chat: "telegram:-100123".into(),
            user: "telegram:77".into(),
            name: "Ana".into(),
            locale: None,
            admin: false,
            chat_title: Some("Family".into()),
        };
        let views = service.handle(&group, Op::Notify(vec!["on".into()])).await;
        assert_eq!(views[0].invite(), Some("notify"), "{db}");
        let private = Ctx { chat: "telegram:77".into(), ..group.clone() };
        let views = service.handle(&private, Op::Invite("notify".into())).await;
        assert!(plain(&views[0].text).contains("Turn notices will come to this chat"), "{db}");
    }
}

/// Issue 45, item 4: a player who never chose a language with `/lang` gets a table's notice in
/// that table's language (here the chat's Russian), not in English; one who chose reads theirs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_notice_is_in_the_readers_language_else_the_tables() {
    for (db, store, _) in common::stores("notify", "lang").await {
        let clock = clock();
        let service = Service::new(store.clone(), SECRET, clock.clone());
        let chat = unique(&format!("lang-{db}"));
        let (ana, ben) = (ctx(&chat, "Ana"), ctx(&chat, "Ben"));
        let admin = Ctx { admin: true, ..ana.clone() };
        service.handle(&admin, Op::Lang { chat: true, code: Some("ru".into()) }).await;
        notify(&service, &ana, "now").await;
        notify(&service, &ben, "now").await;
        service.handle(&ben, Op::Lang { chat: false, code: Some("fa".into()) }).await;
        let (_, b) = snakes(&service, &chat, &["Ana", "Ben"]).await;
        let first = to_move(&b);
        let b = play_turn(&service, &chat, b).await;
        let second = to_move(&b);
        assert_ne!(first, second, "{db}");
        clock.advance(MINUTE);
        let notices = due(&service).await;
        let n = &notices[&second];
        let text = plain(&n.text);
        let expected = if second.ends_with("/Ana") { "Ваш ход" } else { "نوبت" };
        assert!(text.contains(expected) && !text.contains("It is your turn"), "{db}: {text}");
    }
}
