//! Storage against real databases: SQLite (a temporary file) and Postgres (`TEST_DATABASE_URL`,
//! default postgres://postgres@127.0.0.1:5432/dicetable_test, which `.ci/run` creates).

use std::sync::Arc;

use dicetable::engine::{Action, Game, GameKind, Legal, Options};
use dicetable::fair::{Roller, Seed};
use dicetable::setup::new_game;
use dicetable::store::{NewTable, Store, StoreError};

fn postgres_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/dicetable_test".to_owned())
}

fn sqlite_url(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("dicetable-store-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    format!("sqlite://{}", dir.join("test.db").display())
}

fn unique_chat(tag: &str) -> String {
    let nanos =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    format!("test:{tag}:{nanos}")
}

async fn stores(name: &str) -> Vec<Store> {
    vec![
        Store::connect(&sqlite_url(name)).await.expect("SQLite"),
        Store::connect(&postgres_url()).await.expect("Postgres: see .ci/run for the test database"),
    ]
}

fn new_table<'a>(chat: &'a str, seed: &'a [u8]) -> NewTable<'a> {
    NewTable {
        chat,
        game: "snakes",
        options: "{}",
        seed,
        commitment: "c",
        status: "lobby",
        state: None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_round_trip_and_versions_guard_every_change() {
    for store in stores("versions").await {
        let chat = unique_chat("versions");
        let id = store.create_table(&new_table(&chat, &[7; 32])).await.unwrap();
        let row = store.table(id).await.unwrap();
        assert_eq!(
            (row.chat.as_str(), row.version, row.seed.as_slice(), row.state),
            (chat.as_str(), 0, &[7u8; 32][..], None)
        );
        assert!(matches!(store.table(i64::MAX).await, Err(StoreError::NotFound(_))));
        assert_eq!(store.append(id, 0, "a1", "s1", "playing").await.unwrap(), 1);
        assert_eq!(store.append(id, 1, "a2", "s2", "playing").await.unwrap(), 2);
        // A stale version changes nothing.
        let stale = store.append(id, 1, "late", "wrong", "finished").await;
        assert!(matches!(stale, Err(StoreError::Conflict { expected: 1, .. })), "{stale:?}");
        let row = store.table(id).await.unwrap();
        assert_eq!(
            (row.version, row.state.as_deref(), row.status.as_str()),
            (2, Some("s2"), "playing")
        );
        assert_eq!(store.actions(id).await.unwrap(), vec!["a1", "a2"]);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_presses_at_once_apply_exactly_one() {
    for store in stores("race").await {
        let chat = unique_chat("race");
        let id = store.create_table(&new_table(&chat, &[1; 32])).await.unwrap();
        let store = Arc::new(store);
        let tasks: Vec<_> = (0..50)
            .map(|k| {
                let store = store.clone();
                tokio::spawn(async move {
                    store.append(id, 0, &format!("press {k}"), "s", "playing").await
                })
            })
            .collect();
        let mut applied = 0;
        for task in tasks {
            match task.await.unwrap() {
                Ok(v) => {
                    assert_eq!(v, 1);
                    applied += 1;
                }
                Err(StoreError::Conflict { .. }) => {}
                Err(other) => panic!("{other}"),
            }
        }
        assert_eq!(applied, 1);
        assert_eq!(store.table(id).await.unwrap().version, 1);
        assert_eq!(store.actions(id).await.unwrap().len(), 1);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replaying_the_log_with_the_seed_rebuilds_the_stored_state() {
    for store in stores("replay").await {
        let chat = unique_chat("replay");
        let seed = Seed::from_u64(77);
        let options = Options::default_for(GameKind::Ludo);
        let mut game = new_game(&options, 3, &seed, 0).unwrap();
        let state = game.to_json().to_string();
        let mut t = new_table(&chat, seed.as_bytes());
        t.game = "ludo";
        t.status = "playing";
        t.state = Some(&state);
        let id = store.create_table(&t).await.unwrap();
        let mut roller = Roller::new(&seed, 0);
        let mut version = 0;
        for _ in 0..120 {
            let action = match game.legal() {
                Legal::Over => break,
                Legal::Choose { actions, .. } => actions[0].clone(),
                roll => Action::Roll { dice: roller.roll_many(roll.dice_due().unwrap()) },
            };
            game.play(&action).unwrap();
            let json = serde_json::to_string(&action).unwrap();
            version = store
                .append(id, version, &json, &game.to_json().to_string(), "playing")
                .await
                .unwrap();
        }
        let row = store.table(id).await.unwrap();
        let seed = Seed::from_bytes(row.seed.clone().try_into().unwrap());
        let mut replay = new_game(&options, 3, &seed, 0).unwrap();
        for action in store.actions(id).await.unwrap() {
            replay.play(&serde_json::from_str(&action).unwrap()).unwrap();
        }
        let stored: serde_json::Value =
            serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
        assert_eq!(replay.to_json(), stored);
        assert_eq!(Game::from_json(GameKind::Ludo, &stored).unwrap(), replay);
        assert_eq!(row.version, store.actions(id).await.unwrap().len() as i64);
    }
}

#[tokio::test]
async fn a_bad_url_is_named() {
    let e = Store::connect("mysql://x").await.unwrap_err();
    assert!(e.to_string().contains("DATABASE_URL"), "{e}");
}
