//! The show protocol's invariant (issue 44), as a model test over the real store on both
//! databases: two or three "processes" (services, each with its own connections) show views
//! of one table at once through a fake chat whose every call is an await point that a seeded
//! scheduler delays by a random amount. After every call, the chat has at most two messages
//! with live buttons (one show at a time is between its put and its strip); when every show is
//! done, exactly one, the recorded one, showing the newest version shown, and it was sent by
//! the process that recorded it.

mod common;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::{both_databases, ctx, message, unique};
use dicetable::ids::{MessageRef, Posted, TableId, Version};
use dicetable::store::Store;
use dicetable::table::show::{Gap, Surface};
use dicetable::table::{
    Button, Kind, Place, Service, Slot, SystemClock, TableMessage, View, parse_command,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const SECRET: &[u8] = b"show test secret";

/// One message of the fake chat.
#[derive(Debug, Clone)]
struct Message {
    version: Version,
    buttons: bool,
    /// The process that sent it.
    by: usize,
}

/// The fake chat every process shows in, with the scheduler's randomness and what it saw.
struct Chat {
    messages: Mutex<BTreeMap<u64, Message>>,
    rng: Mutex<StdRng>,
    /// The most messages with buttons seen at once.
    most_live: Mutex<usize>,
    /// Calls that changed nothing (an edit to what a message already shows, a strip of a
    /// message without buttons): what Telegram answers "message is not modified".
    needless: Mutex<u64>,
    /// What happened, for a failure's message.
    log: Mutex<Vec<String>>,
    /// Whether puts sometimes fail (a network error: nothing shown).
    failures: bool,
}

impl Chat {
    fn new(seed: u64, failures: bool) -> Self {
        Self {
            messages: Mutex::default(),
            rng: Mutex::new(StdRng::seed_from_u64(seed)),
            most_live: Mutex::default(),
            needless: Mutex::default(),
            log: Mutex::default(),
            failures,
        }
    }

    /// An await point of random length: a few yields, sometimes a short sleep.
    async fn step(&self) {
        let (yields, sleep) = {
            let mut rng = self.rng.lock().unwrap();
            (rng.random_range(0..6), rng.random_bool(0.3).then(|| rng.random_range(0..4)))
        };
        for _ in 0..yields {
            tokio::task::yield_now().await;
        }
        if let Some(ms) = sleep {
            tokio::time::sleep(Duration::from_millis(ms)).await;
        }
    }

    fn live(&self) -> Vec<(u64, Message)> {
        let messages = self.messages.lock().unwrap();
        messages.iter().filter(|(_, m)| m.buttons).map(|(id, m)| (*id, m.clone())).collect()
    }

    fn note_live(&self) {
        let n = self.live().len();
        let mut most = self.most_live.lock().unwrap();
        *most = (*most).max(n);
    }
}

/// One process's way into the fake chat.
struct Fake<'a> {
    chat: &'a Chat,
    process: usize,
}

impl Surface for Fake<'_> {
    async fn put(&self, view: &View, to: Option<&MessageRef>, buttons: bool) -> Option<MessageRef> {
        let to = to.and_then(|t| u64::try_from(t.posted.first()?.message).ok());
        self.chat.step().await;
        if self.chat.failures && self.chat.rng.lock().unwrap().random_bool(0.05) {
            return None;
        }
        let shown = Message {
            version: view.version(),
            buttons: buttons && !view.buttons().is_empty(),
            by: self.process,
        };
        let id = {
            let mut messages = self.chat.messages.lock().unwrap();
            match to.filter(|t| messages.contains_key(t)) {
                Some(id) => {
                    let old = messages.insert(id, shown.clone()).unwrap();
                    if old.version == shown.version && old.buttons == shown.buttons {
                        *self.chat.needless.lock().unwrap() += 1;
                    }
                    id
                }
                None => {
                    let id = messages.keys().next_back().map_or(1, |k| k + 1);
                    messages.insert(id, shown);
                    id
                }
            }
        };
        self.chat.note_live();
        self.chat.log.lock().unwrap().push(format!(
            "p{} put v{} {:?} to {to:?} buttons {buttons} -> {id}; live {:?}",
            self.process,
            view.version(),
            view.kind_place(),
            self.chat.live().iter().map(|(id, _)| *id).collect::<Vec<_>>()
        ));
        Some(message(i64::try_from(id).ok()?))
    }

    async fn strip(&self, message: Posted) {
        self.chat.step().await;
        let mut messages = self.chat.messages.lock().unwrap();
        if let Some(m) = u64::try_from(message.message).ok().and_then(|id| messages.get_mut(&id)) {
            if !m.buttons {
                *self.chat.needless.lock().unwrap() += 1;
            }
            m.buttons = false;
        }
        self.chat.log.lock().unwrap().push(format!("p{} strip {message}", self.process));
    }

    /// The chat's newest message (what an adapter that saw it would know).
    fn mark(&self, _: &View) -> Option<MessageRef> {
        let newest = *self.chat.messages.lock().unwrap().keys().next_back()?;
        Some(message(i64::try_from(newest).ok()?))
    }

    /// As Telegram's adapter sweeps: the numbers after the gap's start and before its end
    /// that the store does not record, in order, until one's buttons come off (a message
    /// without buttons is refused as "not modified" and not counted as needless here).
    async fn sweep(&self, gap: &Gap) {
        for (_, after, before) in gap.chats() {
            for id in after + 1..before.unwrap_or(after + 10) {
                let posted = Posted { chat: None, message: id };
                if gap.keeps(posted) {
                    continue;
                }
                self.chat.step().await;
                self.chat.log.lock().unwrap().push(format!("p{} sweep {id}", self.process));
                let mut messages = self.chat.messages.lock().unwrap();
                if let Some(m) = messages.get_mut(&(id as u64)).filter(|m| m.buttons) {
                    m.buttons = false;
                    break;
                }
            }
        }
    }
}

trait KindPlace {
    fn kind_place(&self) -> String;
}

impl KindPlace for View {
    fn kind_place(&self) -> String {
        match &self.kind {
            Kind::Table(m) => format!("{:?}", m.place),
            _ => String::new(),
        }
    }
}

/// A board of `table` at `version` placed as `place`, with one button.
fn board_view(table: TableId, version: Version, place: Place) -> View {
    let button = Button { label: "🎲".into(), token: format!("t{version}") };
    let message = TableMessage {
        buttons: vec![vec![button]],
        place,
        ..TableMessage::new(table, Slot::Board, version)
    };
    View::new(None, format!("version {version}"), Kind::Table(message))
}

/// What one process shows, in order (as one of its lanes would).
type Script = Vec<View>;

/// The views of a game of `moves` moves spread over `processes`: each move's board is shown
/// by a random process; some moves also get a double tap's refresh of the recorded board, an
/// in-place board, or a plain board_view (no buttons: a computer's turn), from another process.
fn scripts(rng: &mut StdRng, table: TableId, moves: i64, processes: usize) -> Vec<Script> {
    let mut out = vec![Vec::new(); processes];
    for version in 1..=moves {
        // A computer's turn: every board of that version is plain (the last has buttons).
        let plain = version < moves && rng.random_bool(0.15);
        let mut places = vec![Place::New];
        if rng.random_bool(0.3) {
            places.push(Place::Refresh(None));
        }
        if rng.random_bool(0.2) {
            places.push(Place::InPlace);
        }
        for place in places {
            let mut view = board_view(table, Version::new(version), place);
            if plain {
                view.take_buttons();
            }
            out[rng.random_range(0..processes)].push(view);
        }
    }
    out
}

/// A table to show boards of (a lobby: the protocol reads and claims the table's row only),
/// at `version`: a recorded message's version past its table's is damage (issue 61).
async fn a_table(service: &Service, url: &str, chat: &str, version: i64) -> TableId {
    let Ok(command) = parse_command("/snakes") else { panic!("/snakes parses") };
    let views = service.handle(&ctx(chat, "Ana"), command.op).await;
    let table = views[0].shows().expect("a lobby").0;
    common::execute(url, &format!("update tables set version = {version} where id = {table}"))
        .await;
    table
}

async fn run_seed(seed: u64, url: &str, processes: &[Service], failures: bool) {
    let chat_id = unique(&format!("show-{seed}"));
    let table = a_table(&processes[0], url, &chat_id, 20).await;
    let mut rng = StdRng::seed_from_u64(seed);
    let moves = rng.random_range(4..14);
    let scripts = scripts(&mut rng, table, moves, processes.len());
    // A refresh names the message recorded when it was made: filled in as it is shown.
    let chat = Arc::new(Chat::new(seed, failures));
    let mut tasks = tokio::task::JoinSet::new();
    for (process, (service, script)) in processes.iter().zip(scripts).enumerate() {
        let (service, chat) = (service.clone(), chat.clone());
        tasks.spawn(async move {
            for mut view in script {
                if let Kind::Table(m) = &mut view.kind
                    && m.place == Place::Refresh(None)
                {
                    let recorded = service.message(table, Slot::Board).await.unwrap();
                    m.place = Place::Refresh(recorded);
                }
                service.show(&Fake { chat: &chat, process }, &view).await;
            }
        });
    }
    while let Some(done) = tasks.join_next().await {
        done.unwrap();
    }
    let live = chat.live();
    let most = *chat.most_live.lock().unwrap();
    let log = chat.log.lock().unwrap().join("\n");
    assert!(most <= 2, "seed {seed}: {most} live boards at once\n{log}");
    let recorded = processes[0].message(table, Slot::Board).await.unwrap();
    if failures && recorded.is_none() {
        assert!(live.is_empty(), "seed {seed}: nothing recorded, yet {live:?}");
        return;
    }
    // A send that failed leaves the board before it recorded; if that one was shown without
    // buttons (a computer's turn), no board is live, and none may be.
    let recorded_id = recorded.as_ref().and_then(|r| u64::try_from(r.posted.first()?.message).ok());
    let recorded_plain = recorded_id.is_some_and(|r| {
        chat.messages
            .lock()
            .unwrap()
            .get(&r)
            .is_some_and(|m| m.version > Version::new(0) && !m.buttons)
    });
    if failures && recorded_plain {
        assert!(live.is_empty(), "seed {seed}: the recorded board is plain, yet {live:?}");
        return;
    }
    assert_eq!(live.len(), 1, "seed {seed}: live boards {live:?}\n{log}");
    let (id, message) = &live[0];
    assert_eq!(recorded_id, Some(*id), "seed {seed}");
    if !failures {
        let newest = chat.messages.lock().unwrap().values().map(|m| m.version).max();
        assert_eq!(Some(message.version), newest, "seed {seed}: the newest version is live");
    }
    assert!(message.by < processes.len());
    assert_eq!(*chat.needless.lock().unwrap(), 0, "seed {seed}: a call changed nothing");
}

/// Services over one database, as separate processes would have.
async fn processes(url: &str, n: usize) -> Vec<Service> {
    let mut out = Vec::new();
    for _ in 0..n {
        let store = Store::connect(url).await.unwrap();
        out.push(Service::new(store, SECRET, Arc::new(SystemClock)));
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_live_board_whatever_the_interleaving_of_processes_on_both_databases() {
    let _ =
        tracing_subscriber::fmt().with_env_filter("dicetable=info").with_test_writer().try_init();
    for (db, url) in both_databases("show", "model").await {
        for (count, seeds) in [(2usize, 0..60u64), (3, 100..160)] {
            let services = processes(&url, count).await;
            for seed in seeds {
                eprintln!("{db}: {count} processes, seed {seed}");
                run_seed(seed, &url, &services, false).await;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_live_board_when_some_sends_fail_on_both_databases() {
    for (_db, url) in both_databases("show", "failing").await {
        let services = processes(&url, 3).await;
        for seed in 200..260u64 {
            run_seed(seed, &url, &services, true).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_is_one_owners_until_it_is_given_back_or_expires() {
    use dicetable::store::show::Claim;
    for (db, url) in both_databases("show", "claim").await {
        let services = processes(&url, 1).await;
        let table = a_table(&services[0], &url, &unique("claim"), 9).await;
        let store = Store::connect(&url).await.unwrap();
        let other = Store::connect(&url).await.unwrap();
        let now = 1_000_000;
        assert_eq!(
            store.shows().claim_show(table, "board", 1, now, now + 10, None).await.unwrap(),
            Claim::Claimed(None),
            "{db}"
        );
        assert_eq!(
            other
                .shows()
                .claim_show(table, "board", 2, now + 5, now + 15, Some(&message(7)))
                .await
                .unwrap(),
            Claim::Held,
            "{db}"
        );
        assert!(
            store
                .shows()
                .record_show(table, "board", 1, &message(1), Version::new(3))
                .await
                .unwrap(),
            "{db}"
        );
        assert!(
            !store
                .shows()
                .record_show(table, "board", 1, &message(9), Version::new(4))
                .await
                .unwrap(),
            "{db}: given back"
        );
        assert_eq!(
            other
                .shows()
                .claim_show(table, "board", 2, now + 5, now + 15, Some(&message(7)))
                .await
                .unwrap(),
            Claim::Claimed(Some((message(1), Version::new(3)))),
            "{db}"
        );
        // Expired: another owner takes it over, and learns where the show that never gave
        // it back would have put its message (its mark: issue 60, item 5).
        assert_eq!(
            store.shows().claim_show(table, "board", 3, now + 16, now + 30, None).await.unwrap(),
            Claim::TakenOver {
                recorded: Some((message(1), Version::new(3))),
                mark: Some(message(7))
            },
            "{db}"
        );
        assert!(
            !other
                .shows()
                .record_show(table, "board", 2, &message(2), Version::new(4))
                .await
                .unwrap(),
            "{db}"
        );
        store.shows().release_show(table, 3).await.unwrap();
        // A claim given back leaves nothing to take over; one never given back, taken over
        // with no mark, says so.
        assert_eq!(
            other.shows().claim_show(table, "board", 4, now + 31, now + 40, None).await.unwrap(),
            Claim::Claimed(Some((message(1), Version::new(3)))),
            "{db}"
        );
        assert_eq!(
            store.shows().claim_show(table, "board", 5, now + 41, now + 50, None).await.unwrap(),
            Claim::TakenOver { recorded: Some((message(1), Version::new(3))), mark: None },
            "{db}"
        );
        store.shows().release_show(table, 5).await.unwrap();
    }
}

/// A process's way into the fake chat that sends and is then killed: its put's message is
/// sent, and the show never goes on (never strips, never records).
struct Killed<'a>(&'a Fake<'a>);

impl Surface for Killed<'_> {
    async fn put(&self, view: &View, to: Option<&MessageRef>, buttons: bool) -> Option<MessageRef> {
        self.0.put(view, to, buttons).await;
        std::future::pending().await
    }

    async fn strip(&self, message: Posted) {
        self.0.strip(message).await
    }

    fn mark(&self, view: &View) -> Option<MessageRef> {
        self.0.mark(view)
    }
}

/// Issue 60, item 5: a process killed between its put and its record leaves a board no row
/// records, with live buttons. The next show of its table (after the dead claim expires) takes
/// the claim over, shows its board, and sweeps the gap after the dead show's mark: the lost
/// board's buttons come off, while another table's live board, which the store records, and
/// the messages without buttons stay as they are. Exactly one live board per table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_put_by_a_killed_process_loses_its_buttons_to_the_next_board_on_both_databases() {
    for (db, url) in both_databases("show", "killed").await {
        let clock = Arc::new(dicetable::table::ManualClock::new(1_000_000_000));
        let mut services = Vec::new();
        for _ in 0..2 {
            let store = Store::connect(&url).await.unwrap();
            services.push(Service::new(store, SECRET, clock.clone()));
        }
        let room = unique("killed");
        let a = a_table(&services[0], &url, &room, 3).await;
        // Another table in the same chat (one open table a chat: moved there by hand).
        let b = a_table(&services[0], &url, &unique("killed-b"), 3).await;
        common::execute(&url, &format!("update tables set status = 'playing' where id = {a}"))
            .await;
        let moved = format!("update tables set chat = '{room}', status = 'playing' where id = {b}");
        common::execute(&url, &moved).await;
        let chat = Chat::new(60, false);
        let (p1, p2) = (Fake { chat: &chat, process: 1 }, Fake { chat: &chat, process: 2 });
        services[0].show(&p1, &board_view(a, Version::new(1), Place::New)).await;
        // Process 1 sends table a's next board and is killed before it records it.
        common::execute(&url, &format!("update tables set version = 2 where id = {a}")).await;
        let (dying, view) = (Killed(&p1), board_view(a, Version::new(2), Place::New));
        let killed = services[0].show(&dying, &view);
        assert!(tokio::time::timeout(Duration::from_millis(300), killed).await.is_err());
        // Meanwhile: table b's board (recorded, live), and a post without buttons.
        services[1].show(&p2, &board_view(b, Version::new(1), Place::New)).await;
        let mut post = board_view(b, Version::new(1), Place::New);
        post.take_buttons();
        p2.put(&post, None, false).await;
        let lost = 2;
        assert_eq!(
            chat.live().iter().map(|(id, _)| *id).collect::<Vec<_>>(),
            vec![1, lost, 3],
            "{db}: before: a's recorded board, the lost one, b's"
        );
        // The dead claim expires; process 2 shows table a's next board.
        clock.advance(dicetable::table::show::CLAIM.as_millis() as i64 + 1);
        common::execute(&url, &format!("update tables set version = 3 where id = {a}")).await;
        services[1].show(&p2, &board_view(a, Version::new(3), Place::New)).await;
        let log = chat.log.lock().unwrap().join("\n");
        let live: Vec<(u64, Version)> =
            chat.live().into_iter().map(|(id, m)| (id, m.version)).collect();
        assert_eq!(
            live,
            vec![(3, Version::new(1)), (5, Version::new(3))],
            "{db}: b's board and a's newest, nothing else\n{log}"
        );
        assert!(log.contains(&format!("p2 sweep {lost}")), "{db}: the lost board swept\n{log}");
        assert!(!log.contains("sweep 4"), "{db}: stopped at the lost board\n{log}");
        assert_eq!(*chat.needless.lock().unwrap(), 0, "{db}: no call changed nothing\n{log}");
        // A show after that is an ordinary one: nothing to sweep.
        common::execute(&url, &format!("update tables set version = 4 where id = {a}")).await;
        services[0].show(&p1, &board_view(a, Version::new(4), Place::New)).await;
        let log = chat.log.lock().unwrap().join("\n");
        assert_eq!(log.matches("sweep").count(), 1, "{db}\n{log}");
        live_board_is_among(&services[0], &chat, a, 4, 2, db).await;
    }
}

/// Table `table`'s recorded board is live at `version`, among `boards` live boards in all.
async fn live_board_is_among(
    service: &Service,
    chat: &Chat,
    table: TableId,
    version: i64,
    boards: usize,
    db: &str,
) {
    let live = chat.live();
    assert_eq!(live.len(), boards, "{db}: {live:?}");
    let recorded = service.message(table, Slot::Board).await.unwrap();
    let recorded = recorded.and_then(|r| u64::try_from(r.posted.first()?.message).ok()).unwrap();
    let shown = live.iter().find(|(id, _)| *id == recorded).map(|(_, m)| m.version);
    assert_eq!(shown, Some(Version::new(version)), "{db}: the recorded board is live");
}

/// Shows a new board of `table` at `version` (its table brought to that version first, as a
/// move would) through process 0 of `chat`: how long the show took.
async fn move_to(service: &Service, url: &str, chat: &Chat, table: TableId, v: i64) -> Duration {
    common::execute(url, &format!("update tables set version = {v} where id = {table}")).await;
    let started = std::time::Instant::now();
    let view = board_view(table, Version::new(v), Place::New);
    service.show(&Fake { chat, process: 0 }, &view).await;
    started.elapsed()
}

/// The one live board of `chat`, which must be the one recorded, showing `version`.
async fn live_board_is(service: &Service, chat: &Chat, table: TableId, version: i64, db: &str) {
    let live = chat.live();
    let log = chat.log.lock().unwrap().join("\n");
    assert_eq!(live.len(), 1, "{db}: one live board: {live:?}\n{log}");
    assert_eq!(live[0].1.version, Version::new(version), "{db}: the newest is live\n{log}");
    let recorded = service.message(table, Slot::Board).await.unwrap();
    let recorded = recorded.and_then(|r| u64::try_from(r.posted.first()?.message).ok());
    assert_eq!(recorded, Some(live[0].0), "{db}: the live board is the recorded one");
}

/// Two damaged show rows (issue 61), each of which left a table without live buttons for
/// good, silently: a message recorded at a version its table never had (every new board was
/// posted without buttons, as older than the recorded one) and a claim expiring years ahead
/// (every show waited out the claim, then took its own board's buttons off). Each is
/// refused, logged once, and the next board is the live one, at once.
#[tokio::test(flavor = "current_thread")]
async fn a_damaged_show_row_is_logged_once_and_the_next_board_is_live_on_both_databases() {
    let (logs, _guard) = common::Logs::capture();
    let ahead = "a version the table never had";
    let held = "later than any show writes";
    for (db, url) in both_databases("show", "damaged").await {
        let services = processes(&url, 1).await;
        let service = &services[0];
        let table = a_table(service, &url, &unique("damaged-show"), 5).await;
        let chat = Chat::new(61, false);
        move_to(service, &url, &chat, table, 5).await;
        live_board_is(service, &chat, table, 5, db).await;
        let before = (logs.count(ahead), logs.count(held));

        // A recorded version far ahead of the table's.
        let sql = format!("update messages set version = 1000000 where table_id = {table}");
        common::execute(&url, &sql).await;
        move_to(service, &url, &chat, table, 6).await;
        live_board_is(service, &chat, table, 6, db).await;
        move_to(service, &url, &chat, table, 7).await;
        live_board_is(service, &chat, table, 7, db).await;
        assert_eq!(logs.count(ahead), before.0 + 1, "{db}: logged once\n{}", logs.text());

        // A claim that expires in the year 2100, another owner's.
        let sql = format!(
            "update tables set show_owner = 42, show_until_ms = 4102444800000 where id = {table}"
        );
        common::execute(&url, &sql).await;
        let took = move_to(service, &url, &chat, table, 8).await;
        assert!(took < Duration::from_secs(5), "{db}: not held back: {took:?}");
        live_board_is(service, &chat, table, 8, db).await;
        move_to(service, &url, &chat, table, 9).await;
        live_board_is(service, &chat, table, 9, db).await;
        assert_eq!(logs.count(held), before.1 + 1, "{db}: logged once\n{}", logs.text());
        // A claim within a lease of clocks disagreeing is another process's, and is waited for.
        let store = Store::connect(&url).await.unwrap();
        let now = 1_000_000;
        use dicetable::store::show::Claim;
        let claimed =
            store.shows().claim_show(table, "board", 1, now, now + 10, None).await.unwrap();
        assert!(matches!(claimed, Claim::Claimed(_)), "{db}");
        let other =
            store.shows().claim_show(table, "board", 2, now - 9, now + 1, None).await.unwrap();
        assert_eq!(other, Claim::Held, "{db}: a claim 19 ms ahead of a 10 ms lease is kept");
        store.shows().release_show(table, 1).await.unwrap();

        // The same two damages on a cup's standings message.
        let cup_chat = unique("damaged-cup");
        let Ok(command) = parse_command("/cup snakes") else { panic!("/cup parses") };
        service.handle(&ctx(&cup_chat, "Ana"), command.op).await;
        let cup: dicetable::ids::CupId = common::query_strings(
            &url,
            &format!("select cast(id as text) from cups where chat = '{cup_chat}'"),
        )
        .await[0]
            .parse()
            .unwrap();
        let sql = format!(
            "update cups set standings_message = '{}', standings_version = 1000000, \
             show_owner = 42, show_until_ms = 4102444800000 where id = {cup}",
            message(3)
        );
        common::execute(&url, &sql).await;
        let (cups_ahead, cups_held) = (logs.count("a version the cup never had"), logs.count(held));
        let claimed = store.shows().claim_cup_show(cup, 7, now, now + 10).await.unwrap();
        assert_eq!(claimed, Claim::Claimed(Some((message(3), Version::new(-1)))), "{db}");
        assert!(
            store.shows().record_cup_show(cup, 7, &message(4), Version::new(0)).await.unwrap(),
            "{db}: the next standings are recorded over the damaged version"
        );
        assert_eq!(logs.count("a version the cup never had"), cups_ahead + 1, "{db}");
        assert_eq!(logs.count(held), cups_held + 1, "{db}");
    }
}
