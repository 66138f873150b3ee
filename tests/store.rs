//! Storage against real databases: SQLite (a temporary file) and Postgres (`TEST_DATABASE_URL`,
//! default postgres://postgres@127.0.0.1:5432/dicetable_test, which `.ci/run` creates).

mod common;
use common::{both_databases, execute, fresh_postgres, message, unique};
use std::sync::Arc;

use dicetable::engine::{Action, Game, GameKind, Legal, Options};
use dicetable::game::fair::{Roller, Seed};
use dicetable::game::setup::new_game;
use dicetable::ids::{TableId, Version};
use dicetable::store::{Change, SeatRecord, Store, StoreError, TableRecord, TableStatus};

/// A fresh SQLite file and a fresh Postgres database for this test.
async fn both_stores(name: &str) -> Vec<Store> {
    let mut stores = Vec::new();
    for (db, url) in both_databases("store", name).await {
        stores.push(Store::connect(&url).await.unwrap_or_else(|e| panic!("{db}: {e}")));
    }
    stores
}

fn new_table(chat: &str, seed: &[u8]) -> TableRecord {
    TableRecord {
        chat: chat.into(),
        game: "snakes".into(),
        options: "{}".into(),
        settings: "{}".into(),
        seed: seed.to_vec(),
        commitment: "c".into(),
        status: TableStatus::Lobby,
        host: "test:1".into(),
        shape: 1,
        seats: vec![SeatRecord { user: "test:1".into(), name: "Ana".into(), ..Default::default() }],
        ..TableRecord::default()
    }
}

/// Stores a new state and status for `t`, as the next version, with an action.
async fn append(
    store: &Store,
    t: &mut TableRecord,
    action: &str,
    state: &str,
    status: TableStatus,
) -> Result<Version, StoreError> {
    let mut next = t.clone();
    next.state = Some(state.to_owned());
    next.status = status;
    let v = store.save(&next, &Change { action: Some(action), ..Change::default() }).await?;
    next.version = v;
    *t = next;
    Ok(v)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_round_trip_and_versions_guard_every_change() {
    for store in both_stores("versions").await {
        let chat = unique("versions");
        let id = store.create_table(&new_table(&chat, &[7; 32])).await.unwrap();
        let mut row = store.table(id).await.unwrap();
        assert_eq!(
            (row.chat.as_str(), row.version, row.seed.as_slice(), row.state.clone()),
            (chat.as_str(), Version::new(0), &[7u8; 32][..], None)
        );
        assert_eq!(row.seats.len(), 1);
        assert_eq!(row.seats[0].name, "Ana");
        assert!(matches!(store.table(TableId::new(i64::MAX)).await, Err(StoreError::NotFound(_))));
        let stale_copy = row.clone();
        assert_eq!(
            append(&store, &mut row, "a1", "s1", TableStatus::Playing).await.unwrap(),
            Version::new(1)
        );
        assert_eq!(
            append(&store, &mut row, "a2", "s2", TableStatus::Playing).await.unwrap(),
            Version::new(2)
        );
        // A stale version changes nothing.
        let mut stale = stale_copy;
        stale.version = Version::new(1);
        let late = append(&store, &mut stale, "late", "wrong", TableStatus::Finished).await;
        assert!(
            matches!(late, Err(StoreError::Conflict { expected, .. }) if expected == Version::new(1)),
            "{late:?}"
        );
        let row = store.table(id).await.unwrap();
        assert_eq!(
            (row.version, row.state.as_deref(), row.status),
            (Version::new(2), Some("s2"), TableStatus::Playing)
        );
        assert_eq!(store.actions(id).await.unwrap(), vec!["a1", "a2"]);
        // Seats are written when they changed, and left as stored when the change says they
        // are as read (most moves).
        let mut next = row.clone();
        next.seats[0].strikes = 2;
        let changed = Change { action: Some("a3"), ..Change::default() };
        next.version = store.save(&next, &changed).await.unwrap();
        assert_eq!(store.table(id).await.unwrap().seats[0].strikes, 2);
        let as_read = Change { action: Some("a4"), seats_unchanged: true, ..Change::default() };
        store.save(&next, &as_read).await.unwrap();
        let row = store.table(id).await.unwrap();
        assert_eq!((row.version, row.seats.len(), row.seats[0].strikes), (Version::new(4), 1, 2));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_lobby_per_game_per_chat() {
    for store in both_stores("lobby").await {
        let chat = unique("lobby");
        let first = store.create_table(&new_table(&chat, &[1; 32])).await.unwrap();
        let again = store.create_table(&new_table(&chat, &[2; 32])).await;
        assert!(matches!(again, Err(StoreError::LobbyExists)), "{again:?}");
        // Another game may open its lobby; once the first lobby starts, a new one may open.
        let mut ludo = new_table(&chat, &[3; 32]);
        ludo.game = "ludo".into();
        store.create_table(&ludo).await.unwrap();
        let mut t = store.table(first).await.unwrap();
        append(&store, &mut t, "a", "s", TableStatus::Playing).await.unwrap();
        store.create_table(&new_table(&chat, &[4; 32])).await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_presses_at_once_apply_exactly_one() {
    for store in both_stores("race").await {
        let chat = unique("race");
        let id = store.create_table(&new_table(&chat, &[1; 32])).await.unwrap();
        let read = store.table(id).await.unwrap();
        let store = Arc::new(store);
        let tasks: Vec<_> = (0..50)
            .map(|k| {
                let store = store.clone();
                let mut t = read.clone();
                tokio::spawn(async move {
                    append(&store, &mut t, &format!("press {k}"), "s", TableStatus::Playing).await
                })
            })
            .collect();
        let mut applied = 0;
        for task in tasks {
            match task.await.unwrap() {
                Ok(v) => {
                    assert_eq!(v, Version::new(1));
                    applied += 1;
                }
                Err(StoreError::Conflict { .. }) => {}
                Err(other) => panic!("{other}"),
            }
        }
        assert_eq!(applied, 1);
        assert_eq!(store.table(id).await.unwrap().version, Version::new(1));
        assert_eq!(store.actions(id).await.unwrap().len(), 1);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replaying_the_log_with_the_seed_rebuilds_the_stored_state() {
    for store in both_stores("replay").await {
        let chat = unique("replay");
        let seed = Seed::from_u64(77);
        let options = Options::default_for(GameKind::Ludo);
        let mut game = new_game(&options, 3, &seed, 0).unwrap();
        let mut t = new_table(&chat, seed.as_bytes());
        t.game = "ludo".into();
        t.status = TableStatus::Playing;
        t.state = Some(game.to_json().to_string());
        t.id = store.create_table(&t).await.unwrap();
        let mut roller = Roller::new(&seed, 0);
        for _ in 0..120 {
            let action = match game.legal() {
                Legal::Over => break,
                Legal::Choose { actions, .. } => actions[0].clone(),
                roll => Action::Roll { dice: roller.roll_many(roll.dice_due().unwrap()) },
            };
            game.play(&action).unwrap();
            let json = serde_json::to_string(&action).unwrap();
            append(&store, &mut t, &json, &game.to_json().to_string(), TableStatus::Playing)
                .await
                .unwrap();
        }
        let row = store.table(t.id).await.unwrap();
        let seed = Seed::from_bytes(row.seed.clone().try_into().unwrap());
        let mut replay = new_game(&options, 3, &seed, 0).unwrap();
        for action in store.actions(t.id).await.unwrap() {
            replay.play(&serde_json::from_str(&action).unwrap()).unwrap();
        }
        let stored: serde_json::Value =
            serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
        assert_eq!(replay.to_json(), stored);
        assert_eq!(Game::from_json(GameKind::Ludo, &stored).unwrap(), replay);
        assert_eq!(row.version.get(), store.actions(t.id).await.unwrap().len() as i64);
    }
}

/// A playing table in a chat of its own whose deadline is due at `now`.
async fn due_table(store: &Store, name: &str, now: i64) -> TableRecord {
    let mut t = new_table(&unique(name), &[5; 32]);
    t.status = TableStatus::Playing;
    t.deadline_ms = Some(now - 1);
    t.id = store.create_table(&t).await.unwrap();
    t
}

/// Ends a table, so that no timer finds it due again.
async fn finish(store: &Store, id: TableId) {
    let mut row = store.table(id).await.unwrap();
    row.status = TableStatus::Finished;
    row.deadline_ms = None;
    store.save(&row, &Change::default()).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn due_deadlines_are_claimed_once_until_the_lease_ends() {
    for store in both_stores("claim").await {
        let now = 4_000_000_000_000i64;
        let t = due_table(&store, "claim", now).await;
        let mine = |due: Vec<dicetable::store::Due>| due.iter().filter(|d| d.table == t.id).count();
        assert_eq!(mine(store.claim_due(now, 60_000, 1000).await.unwrap()), 1);
        // Claimed: neither this process nor another takes it again while the lease runs.
        assert_eq!(mine(store.claim_due(now + 1, 60_000, 1000).await.unwrap()), 0);
        assert_eq!(mine(store.claim_due(now + 60_001, 60_000, 1000).await.unwrap()), 1);
        // A change of the table releases the claim and sets a new deadline.
        let mut row = store.table(t.id).await.unwrap();
        row.deadline_ms = Some(now + 10_000_000);
        append(&store, &mut row, "a", "s", TableStatus::Playing).await.unwrap();
        assert_eq!(mine(store.claim_due(now + 70_000, 60_000, 1000).await.unwrap()), 0);
        finish(&store, t.id).await;
    }
}

/// A timer that finds the table changed since its claim releases the claim at once: the table
/// is due again as it now is, not when the lease ends. A release for a version the table no
/// longer has changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_released_claim_is_due_again_at_once() {
    for store in both_stores("release").await {
        let now = 4_100_000_000_000i64;
        let t = due_table(&store, "release", now).await;
        let mine = |due: Vec<dicetable::store::Due>| {
            due.iter().filter(|d| d.table == t.id).map(|d| d.version).collect::<Vec<_>>()
        };
        let claimed = mine(store.claim_due(now, 60_000, 1000).await.unwrap());
        assert_eq!(claimed.len(), 1);
        let version = claimed[0];
        // A stale version releases nothing: the lease still holds.
        store.release(t.id, version + 1).await.unwrap();
        assert!(mine(store.claim_due(now + 1, 60_000, 1000).await.unwrap()).is_empty());
        // The table's own version: due again at once, long before the lease ends.
        store.release(t.id, version).await.unwrap();
        assert_eq!(mine(store.claim_due(now + 2, 60_000, 1000).await.unwrap()), vec![version]);
        finish(&store, t.id).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_claims_split_the_due_tables() {
    // Postgres only: FOR UPDATE SKIP LOCKED lets two processes claim at once without overlap.
    let store = Store::connect(&fresh_postgres("store_split").await).await.unwrap();
    let chat = unique("split");
    let now = 3_000_000_000_000i64;
    let mut ids = Vec::new();
    for k in 0..20u8 {
        let mut t = new_table(&chat, &[k; 32]);
        t.status = TableStatus::Playing;
        t.deadline_ms = Some(now - 1);
        ids.push(store.create_table(&t).await.unwrap());
    }
    let claims: Vec<_> = (0..4)
        .map(|_| {
            let store = store.clone();
            tokio::spawn(async move { store.claim_due(now, 60_000, 5).await.unwrap() })
        })
        .collect();
    let mut seen = Vec::new();
    for c in claims {
        seen.extend(c.await.unwrap().into_iter().map(|d| d.table).filter(|id| ids.contains(id)));
    }
    let unique: std::collections::BTreeSet<_> = seen.iter().collect();
    assert_eq!(unique.len(), seen.len(), "a deadline was claimed twice: {seen:?}");
    for id in ids {
        let mut row = store.table(id).await.unwrap();
        row.status = TableStatus::Finished;
        row.deadline_ms = None;
        store.save(&row, &Change::default()).await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn results_feed_the_leaderboard_and_user_statistics() {
    for store in both_stores("results").await {
        let chat = unique("results");
        let mut t = new_table(&chat, &[9; 32]);
        let ana = format!("{chat}:ana");
        let ben = format!("{chat}:ben");
        t.seats = vec![
            SeatRecord {
                user: ana.as_str().into(),
                name: "Ana".into(),
                rank: Some(1),
                ..Default::default()
            },
            SeatRecord {
                user: ben.as_str().into(),
                name: "Ben".into(),
                rank: Some(2),
                ..Default::default()
            },
        ];
        t.status = TableStatus::Playing;
        t.id = store.create_table(&t).await.unwrap();
        let mut row = store.table(t.id).await.unwrap();
        row.status = TableStatus::Finished;
        store
            .save(&row, &Change { action: None, results: true, ..Change::default() })
            .await
            .unwrap();
        let top = store.leaderboard(&chat.as_str().into()).await.unwrap();
        assert_eq!(top.len(), 2);
        assert_eq!((top[0].name.as_str(), top[0].games, top[0].wins), ("Ana", 1, 1));
        assert_eq!((top[1].name.as_str(), top[1].games, top[1].wins), ("Ben", 1, 0));
        let mine = store.user_stats(&ben.as_str().into()).await.unwrap();
        assert_eq!((mine[0].game.as_str(), mine[0].games, mine[0].wins), ("snakes", 1, 0));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn languages_and_messages_are_remembered() {
    for store in both_stores("lang").await {
        let chat = unique("lang");
        let user = format!("{chat}:u");
        assert_eq!(store.user(&user.as_str().into(), "Ana", None).await.unwrap(), None);
        // The platform's language is kept for messages sent unasked (a turn notice) and gives
        // way to the user's own choice.
        assert_eq!(store.user(&user.as_str().into(), "Ana", Some("ru")).await.unwrap(), None);
        assert_eq!(
            store.notify(&user.as_str().into()).await.unwrap().unwrap().1.as_deref(),
            Some("ru")
        );
        assert_eq!(store.user(&user.as_str().into(), "Ana", None).await.unwrap(), None, "kept");
        assert_eq!(
            store.notify(&user.as_str().into()).await.unwrap().unwrap().1.as_deref(),
            Some("ru")
        );
        store.set_user_lang(&user.as_str().into(), Some("fa")).await.unwrap();
        assert_eq!(
            store.notify(&user.as_str().into()).await.unwrap().unwrap().1.as_deref(),
            Some("fa")
        );
        assert_eq!(
            store.user(&user.as_str().into(), "Ana B", None).await.unwrap().as_deref(),
            Some("fa")
        );
        assert_eq!(
            store.user(&user.as_str().into(), "Ana B", None).await.unwrap().as_deref(),
            Some("fa"),
            "unchanged"
        );
        assert_eq!(store.chat_lang(&chat.as_str().into()).await.unwrap(), None);
        store.set_chat_lang(&chat.as_str().into(), Some("ru")).await.unwrap();
        assert_eq!(store.chat_lang(&chat.as_str().into()).await.unwrap().as_deref(), Some("ru"));
        let id = store.create_table(&new_table(&chat, &[3; 32])).await.unwrap();
        // The table reaches version 4 (a recorded version past the table's own is damage,
        // read as older than any: issue 61).
        let mut row = store.table(id).await.unwrap();
        for k in 1..=4 {
            append(&store, &mut row, &format!("a{k}"), "s", TableStatus::Lobby).await.unwrap();
        }
        // A message is recorded by the show protocol (`table/show.rs`): claimed, then recorded
        // with the version it shows; an older version shown late never takes a newer one's place.
        let shows = store.shows();
        for (owner, m, version, kept) in [(1, 1, 3, true), (2, 2, 4, true), (3, 0, 3, false)] {
            shows.claim_show(id, "board", owner, 0, i64::MAX / 4, None).await.unwrap();
            let recorded =
                shows.record_show(id, "board", owner, &message(m), Version::new(version)).await;
            assert_eq!(recorded.unwrap(), kept, "message {m} at version {version}");
            shows.release_show(id, owner).await.unwrap();
        }
        assert_eq!(store.message(id, "board").await.unwrap(), Some(message(2)));
        assert_eq!(
            store.message_version(id, "board").await.unwrap(),
            Some((message(2), Version::new(4)))
        );
    }
}

#[tokio::test]
async fn a_bad_url_is_named() {
    let e = Store::connect("mysql://x").await.unwrap_err();
    assert!(e.to_string().contains("DATABASE_URL"), "{e}");
}

/// A status word this build does not know is an error that names it, not a silent default; such
/// a table is in no list of open or ended tables.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_with_an_unknown_status_is_an_error_that_says_what() {
    for (_, url) in both_databases("store", "status").await {
        let store = Store::connect(&url).await.unwrap();
        let chat = unique("status");
        let id = store.create_table(&new_table(&chat, &[3; 32])).await.unwrap();
        assert_eq!(store.table(id).await.unwrap().status, TableStatus::Lobby);
        execute(&url, &format!("update tables set status = 'paused' where id = {id}")).await;
        match store.table(id).await {
            Err(e @ StoreError::BadRow { .. }) => {
                assert!(e.to_string().contains("unknown status \"paused\""), "{e}")
            }
            other => panic!("{url}: {other:?}"),
        }
        let open = store.tables_in_chat(&chat.as_str().into(), &TableStatus::OPEN).await.unwrap();
        assert!(open.is_empty(), "{open:?}");
    }
}

/// A chat's tables are listed by the statuses asked for (chosen in the query), newest first:
/// every status alone, the open and ended pairs, all four, repeats, and none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chats_tables_are_listed_by_status_newest_first() {
    use TableStatus::{Cancelled, Finished, Lobby, Playing};
    for store in both_stores("by-status").await {
        let chat = unique("by-status");
        let mut ids = Vec::new();
        for status in [Finished, Lobby, Cancelled, Finished, Playing, Cancelled] {
            let mut t = new_table(&chat, &[4; 32]);
            t.status = status;
            ids.push((store.create_table(&t).await.unwrap(), status));
        }
        let other = new_table(&unique("by-status"), &[4; 32]);
        store.create_table(&other).await.unwrap();
        let asks: [&[TableStatus]; 9] = [
            &[Lobby],
            &[Playing],
            &[Finished],
            &[Cancelled],
            &TableStatus::OPEN,
            &TableStatus::ENDED,
            &[Cancelled, Lobby, Playing, Finished],
            &[Finished, Finished, Finished, Finished, Playing],
            &[],
        ];
        for ask in asks {
            let got: Vec<(TableId, TableStatus)> = store
                .tables_in_chat(&chat.as_str().into(), ask)
                .await
                .unwrap()
                .into_iter()
                .map(|(id, game, status)| {
                    assert_eq!(game, "snakes");
                    (id, status)
                })
                .collect();
            let want: Vec<(TableId, TableStatus)> =
                ids.iter().rev().filter(|(_, s)| ask.contains(s)).copied().collect();
            assert_eq!(got, want, "{ask:?}");
        }
    }
}

/// `/replay` without a number means the chat's last ended table with a game played: of the
/// named game if one is named, a game cancelled mid-play included, never a lobby cancelled before
/// its first move (however many), an open table or another chat's game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_last_played_table_is_found_past_cancelled_lobbies() {
    use TableStatus::{Cancelled, Finished, Lobby, Playing};
    for store in both_stores("last-played").await {
        let chat = unique("last-played");
        let create = |game: &str, status, played: bool| {
            let mut t = new_table(&chat, &[5; 32]);
            t.game = game.into();
            t.status = status;
            t.state = played.then(|| "{}".to_owned());
            t
        };
        assert_eq!(store.last_played_table(&chat.as_str().into(), None).await.unwrap(), None);
        let snakes = store.create_table(&create("snakes", Finished, true)).await.unwrap();
        let stopped = store.create_table(&create("ludo", Cancelled, true)).await.unwrap();
        for _ in 0..12 {
            store.create_table(&create("ludo", Cancelled, false)).await.unwrap();
        }
        store.create_table(&create("snakes", Playing, true)).await.unwrap();
        store.create_table(&create("nardy", Lobby, false)).await.unwrap();
        let elsewhere =
            TableRecord { chat: unique("last-played").into(), ..create("snakes", Finished, true) };
        store.create_table(&elsewhere).await.unwrap();
        let chat_id = dicetable::ids::ChatId::from(chat.as_str());
        let last = |game| store.last_played_table(&chat_id, game);
        assert_eq!(last(None).await.unwrap(), Some(stopped));
        assert_eq!(last(Some("ludo")).await.unwrap(), Some(stopped));
        assert_eq!(last(Some("snakes")).await.unwrap(), Some(snakes));
        assert_eq!(last(Some("nardy")).await.unwrap(), None);
    }
}

/// A table is read in one query with what a press needs around it: its chat's language and
/// settings, its group's language (a chat `<group>/<channel>`), and its recorded messages.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_is_read_with_its_chat_group_and_messages() {
    for store in both_stores("around").await {
        let group = unique("around");
        let chat = format!("{group}/channel");
        let mut t = new_table(&chat, &[3; 32]);
        t.seats.push(SeatRecord {
            user: "test:2".into(),
            name: "Ben".into(),
            ..Default::default()
        });
        let id = store.create_table(&t).await.unwrap();
        let around = store.table(id).await.unwrap().around.unwrap();
        assert_eq!(around, dicetable::store::Surroundings::default(), "nothing set yet");
        store.set_chat_lang(&group.as_str().into(), Some("fa")).await.unwrap();
        store.set_chat_settings(&chat.as_str().into(), r#"{"boards":"edit"}"#).await.unwrap();
        store.shows().claim_show(id, "lobby", 1, 0, i64::MAX / 4, None).await.unwrap();
        let lobby = message(7);
        let recorded = store.shows().record_show(id, "lobby", 1, &lobby, Version::new(0));
        assert!(recorded.await.unwrap());
        store.set_thread(id, 9).await.unwrap();
        let row = store.table(id).await.unwrap();
        assert_eq!(row.seats.len(), 2, "both seats, in order");
        assert_eq!((row.seats[0].name.as_str(), row.seats[1].name.as_str()), ("Ana", "Ben"));
        let around = row.around.unwrap();
        assert_eq!(around.chat_lang, None);
        assert_eq!(around.group_lang.as_deref(), Some("fa"));
        assert_eq!(around.chat_settings.as_deref(), Some(r#"{"boards":"edit"}"#));
        assert_eq!((around.message("lobby"), around.thread()), (Some(message(7)), Some(9)));
        assert_eq!(around.message("board"), None);
        store.set_chat_lang(&chat.as_str().into(), Some("ru")).await.unwrap();
        let around = store.table(id).await.unwrap().around.unwrap();
        assert_eq!(around.chat_lang.as_deref(), Some("ru"));
        // A chat without a group: no group language.
        let lone = unique("lone").replace('/', "-");
        let id = store.create_table(&new_table(&lone, &[4; 32])).await.unwrap();
        assert_eq!(store.table(id).await.unwrap().around.unwrap().group_lang, None);
    }
}

/// Issue 60: two processes on one Postgres database serve the same group (a webhook spreads
/// its presses over both): each takes every call from the chat's budget in the store, so that
/// together they keep to Telegram's count (20 a window, here shrunk to 3 s), with no window
/// holding more, whoever asks; a 429 one of them notes holds the other back too. On SQLite (one
/// process) the budget is this process's own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_a_chats_budget_of_calls_on_postgres() {
    use dicetable::table::budget::{Ledger, Limit};
    use std::time::{Duration, Instant};
    let url = fresh_postgres("store_calls").await;
    let limit = Limit::telegram_group(Duration::from_secs(3));
    let key = |chat: i64| format!("telegram:{chat}");
    let one = Ledger::new(limit, Some(Store::connect(&url).await.unwrap()), key);
    let two = Ledger::new(limit, Some(Store::connect(&url).await.unwrap()), key);
    let mut times = Vec::new();
    for i in 0..60 {
        let ledger = if i % 3 == 0 { &one } else { &two };
        times.push(ledger.spend(-100).await);
    }
    times.sort();
    let most = (0..times.len())
        .map(|i| times[i..].iter().take_while(|t| **t < times[i] + limit.window).count())
        .max()
        .unwrap();
    assert!(most <= 20, "{most} calls in one window between two processes");
    // Another chat is not held back by this one's spending.
    let other = one.spend(-200).await;
    assert!(other <= Instant::now() + Duration::from_millis(100));
    // A 429 that one process meets holds the other back until it is over.
    one.refused(-300, Duration::from_secs(5)).await;
    assert!(two.wait(-300).await > Duration::from_secs(4), "the other process waits too");
    let at = two.spend(-300).await;
    assert!(at >= Instant::now() + Duration::from_secs(4), "its next call waits out the 429");
    // SQLite: one process, its own budget in memory.
    let lite = Store::connect(&common::sqlite_url("store", "calls")).await.unwrap();
    assert_eq!(lite.calls().spend_call("telegram:1", 0, 1, 1, 1).await.unwrap(), None);
}

/// Issue 60, item 4, on both databases: the boards a tidy chat keeps for deleting are given out
/// only once their table is no longer played, per platform chat, each to one taker only (two
/// processes never delete the same message), and boards older than the platform lets a bot
/// delete are dropped unsent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tidy_chats_boards_are_given_out_once_their_game_is_over() {
    use dicetable::ids::{Platform, Posted};
    for store in both_stores("tidy").await {
        let chat = format!("telegram:-100{}", 1_000 + unique("tidy").len());
        let mut t = new_table(&chat, &[3; 32]);
        let id = store.create_table(&t).await.unwrap();
        t = store.table(id).await.unwrap();
        append(&store, &mut t, "a1", "s1", TableStatus::Playing).await.unwrap();
        let board = |message| Posted { chat: Some(-77), message };
        let tidy = store.tidy();
        tidy.keep(id, &[board(11), board(12)], 5_000).await.unwrap();
        tidy.keep(id, &[board(12), board(13)], 6_000).await.unwrap();
        tidy.keep(id, &[board(9)], 10).await.unwrap();
        assert_eq!(tidy.kept().await.unwrap(), 4, "a board kept twice is kept once");
        // While the game goes on, nothing is due.
        assert_eq!(tidy.due_chats(Platform::Telegram, 1_000).await.unwrap(), Vec::<i64>::new());
        assert_eq!(tidy.take(Platform::Telegram, -77, 10).await.unwrap(), vec![]);
        // Over: the chat is due on its own platform only; a board shown before the oldest a
        // platform deletes was dropped.
        append(&store, &mut t, "a2", "s2", TableStatus::Finished).await.unwrap();
        assert_eq!(tidy.due_chats(Platform::Discord, 1_000).await.unwrap(), Vec::<i64>::new());
        assert_eq!(tidy.due_chats(Platform::Telegram, 1_000).await.unwrap(), vec![-77]);
        assert_eq!(tidy.kept().await.unwrap(), 3, "board 9 was too old to delete");
        // Taken oldest first, each by one taker.
        let first = tidy.take(Platform::Telegram, -77, 2).await.unwrap();
        assert_eq!(first, vec![board(11), board(12)]);
        let (a, b) = tokio::join!(
            tidy.take(Platform::Telegram, -77, 5),
            tidy.take(Platform::Telegram, -77, 5)
        );
        let (a, b) = (a.unwrap(), b.unwrap());
        assert_eq!(a.len() + b.len(), 1, "{a:?} {b:?}");
        assert_eq!(tidy.kept().await.unwrap(), 0);
        assert_eq!(tidy.due_chats(Platform::Telegram, 1_000).await.unwrap(), Vec::<i64>::new());
    }
}
