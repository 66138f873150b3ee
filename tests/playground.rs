//! The playground's HTTP API on loopback, against a real bot (SQLite in a temporary file):
//! commands, joining, buttons, pictures, server-sent events, private replies, health, metrics,
//! start-up errors and a restart.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::bot_config;
use common::plain;
use dicetable::bot::{self, Config};
use dicetable::store::TableStatus;
use serde_json::{Value, json};

struct Api {
    base: String,
    http: reqwest::Client,
}

impl Api {
    fn new(addr: SocketAddr) -> Self {
        Self { base: format!("http://{addr}"), http: reqwest::Client::new() }
    }

    async fn say(&self, user: &str, text: &str) {
        let res = self
            .http
            .post(format!("{}/api/say", self.base))
            .json(&json!({ "user": user, "text": text }))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 204, "{}", res.text().await.unwrap());
    }

    async fn press(&self, user: &str, token: &str) {
        let res = self
            .http
            .post(format!("{}/api/press", self.base))
            .json(&json!({ "user": user, "token": token }))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 204);
    }

    async fn messages(&self, user: &str) -> Vec<Value> {
        let url = format!("{}/api/messages?user={user}", self.base);
        self.http.get(url).send().await.unwrap().json().await.unwrap()
    }

    /// The token of the newest button labelled `label`.
    async fn button(&self, user: &str, label: &str) -> Option<String> {
        self.messages(user).await.iter().rev().find_map(|m| {
            m["buttons"].as_array()?.iter().flat_map(|row| row.as_array().unwrap()).find_map(|b| {
                (b["label"].as_str()? == label).then(|| b["token"].as_str().unwrap().to_owned())
            })
        })
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_through_the_http_api_with_pictures_and_server_push() {
    // On both databases, as it is used.
    for (_db, url) in common::both_databases("playground", "api").await {
        let running = bot::start(&bot_config(url)).await.unwrap();
        let api = Api::new(running.addr);

        // Ben listens before anything happens.
        let mut events =
            api.http.get(format!("{}/api/events?user=Ben", api.base)).send().await.unwrap();
        assert_eq!(events.headers()["content-type"], "text/event-stream");

        api.say("Ana", "/snakes quick").await;
        let join = api.button("Ben", "Join").await.expect("a lobby with a Join button");
        api.press("Ben", &join).await;
        let start = api.button("Ana", "Start").await.unwrap();
        api.press("Ana", &start).await;

        // Ben's stream has pushed the lobby, its edits and the first board.
        let mut pushed = String::new();
        while !pushed.contains("roll the dice") {
            let chunk = tokio::time::timeout(Duration::from_secs(10), events.chunk())
                .await
                .expect("an event within 10 s")
                .unwrap()
                .expect("the stream stays open");
            pushed.push_str(&String::from_utf8_lossy(&chunk));
        }
        assert!(pushed.contains("event: message"), "{pushed}");
        assert!(plain(&pushed).contains("Ben joined."), "{pushed}");

        // Play a few turns by pressing Roll as whoever is mentioned.
        for _ in 0..6 {
            let msgs = api.messages("Ana").await;
            let board = msgs.iter().rev().find(|m| m["image"].is_string()).unwrap().clone();
            // The board in words beside its picture, for the image's alt (issue 48).
            let alt = plain(board["alt"].as_str().unwrap_or_default());
            assert!(alt.contains("Where everyone is:\nAna: ") && alt.contains("\nBen: "), "{alt}");
            let mover = board["mentions"][0].as_str().unwrap().to_owned();
            let roll = board["buttons"][0][0]["token"].as_str().unwrap().to_owned();
            // The one not to move is refused privately; nothing changes.
            let other = if mover == "Ana" { "Ben" } else { "Ana" };
            api.press(other, &roll).await;
            let mine = api.messages(other).await;
            let last = mine.last().unwrap();
            assert_eq!(last["private"], true);
            assert!(plain(last["text"].as_str().unwrap()).contains("turn, not yours"));
            assert!(!api.messages(&mover).await.last().unwrap()["private"].as_bool().unwrap());
            api.press(&mover, &roll).await;
            let after = api.messages(&mover).await;
            let newest = after.iter().rev().find(|m| m["image"].is_string()).unwrap();
            assert_ne!(newest["id"], board["id"], "a new board is posted");
            // The superseded board lost its buttons; its picture keeps its address (named by
            // content, so the browser does not fetch the same bytes again).
            let old = after.iter().find(|m| m["id"] == board["id"]).unwrap();
            assert_eq!(old["buttons"], json!([]));
            assert_eq!(old["image"], board["image"], "the same picture, the same address");
            assert_ne!(old["image"], newest["image"]);
            let png = api
                .http
                .get(format!("{}{}", api.base, newest["image"].as_str().unwrap()))
                .send()
                .await
                .unwrap();
            assert_eq!(png.headers()["content-type"], "image/png");
            assert!(png.bytes().await.unwrap().starts_with(b"\x89PNG"));
        }

        // Unknown commands get a private answer; plain chat is just chat.
        api.say("Ana", "/dance").await;
        let ana = api.messages("Ana").await;
        assert!(ana.last().unwrap()["text"].as_str().unwrap().contains("/help"));
        assert_eq!(ana.last().unwrap()["private"], true);
        let ben = api.messages("Ben").await;
        assert!(!ben.iter().any(|m| m["text"].as_str().unwrap().contains("I do not know")));

        // Bad API input is refused, not a crash.
        let res = api
            .http
            .post(format!("{}/api/say", api.base))
            .json(&json!({ "user": "", "text": "hi" }))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 400);
        let res = api
            .http
            .get(format!("{}/api/messages?user=x&room=../etc", api.base))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 400);

        let health = api.http.get(format!("{}/healthz", api.base)).send().await.unwrap();
        assert_eq!(health.status(), 200);
        let metrics = api
            .http
            .get(format!("{}/metrics", api.base))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(metrics.contains("dicetable_operations_total{op=\"press\"}"), "{metrics}");
        assert!(metrics.contains("dicetable_active_tables 1"), "{metrics}");
        assert!(metrics.contains("dicetable_render_seconds_count"), "{metrics}");
        running.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_survive_a_restart_and_a_graceful_shutdown_closes_the_server() {
    for (_db, url) in common::both_databases("playground", "restart").await {
        let running = bot::start(&bot_config(url.clone())).await.unwrap();
        let api = Api::new(running.addr);
        api.say("Ana", "/ludo").await;
        api.press("Ben", &api.button("Ben", "Join").await.unwrap()).await;
        api.press("Ana", &api.button("Ana", "Start").await.unwrap()).await;
        let roll = api.button("Ana", "🎲 Roll").await.unwrap();
        let addr = running.addr;
        running.shutdown().await;
        assert!(reqwest::get(format!("http://{addr}/healthz")).await.is_err(), "still serving");

        // A new process over the same database: the page opened after the restart shows the
        // table as it stands, and the button from before the restart still works.
        let running = bot::start(&bot_config(url)).await.unwrap();
        let api = Api::new(running.addr);
        let shown = api.messages("Ana").await;
        assert!(
            shown.iter().any(|m| m["image"].is_string() && !m["buttons"][0].is_null()),
            "{shown:?}"
        );
        api.press("Ana", &roll).await;
        let msgs = api.messages("Ana").await;
        let last = msgs.last().unwrap();
        assert_eq!(last["private"], false, "{last}");
        assert!(
            plain(last["text"].as_str().unwrap()).contains("Roll for the first turn"),
            "{last}"
        );
        running.shutdown().await;
    }
}

/// A stop (what SIGTERM does) while a computer's turn waits out its pause, and a new process
/// over the same database: the turn is not lost and not played twice. The computer plays it
/// after the restart, and the game goes on with the person's turn; on both databases.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computers_turn_pending_at_a_stop_is_played_after_the_restart() {
    for (db, url) in common::both_databases("playground", "computer-stop").await {
        let slow =
            || Config { computer_pause: Duration::from_millis(1500), ..bot_config(url.clone()) };
        let running = bot::start(&slow()).await.unwrap();
        let api = Api::new(running.addr);
        // Ana and one computer: the table is full and starts at once, the computer to throw
        // the roll-off.
        api.say("Ana", "/nardy bot").await;
        let newest_board =
            |msgs: &[Value]| msgs.iter().rev().find(|m| m["image"].is_string()).cloned();
        let mut board = newest_board(&api.messages("Ana").await).expect("a board");
        for _ in 0..10 {
            let text = plain(board["text"].as_str().unwrap());
            if text.contains("is playing") || text.contains("throws them") {
                break;
            }
            // Ana's turn (first, or again after a 6): her roll hands the turn on.
            let roll = api.button("Ana", "🎲 Roll").await.unwrap();
            api.press("Ana", &roll).await;
            board = newest_board(&api.messages("Ana").await).unwrap();
        }
        let text = plain(board["text"].as_str().unwrap());
        // The roll-off's dice, thrown by the computer, are said as such (issue 46, item 14).
        assert!(
            text.contains("🤖 Computer 1 (normal) is playing")
                || text.contains("first turn: 🤖 Computer 1 (normal) throws them"),
            "{db}: {text}"
        );
        let store = dicetable::store::Store::connect(&url).await.unwrap();
        let table =
            store.tables_in_chat(&"playground:main".into(), &TableStatus::OPEN).await.unwrap()[0].0;
        let before = store.actions(table).await.unwrap().len();
        running.shutdown().await;
        assert_eq!(
            store.actions(table).await.unwrap().len(),
            before,
            "{db}: not played at the stop"
        );

        let running = bot::start(&slow()).await.unwrap();
        let api = Api::new(running.addr);
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        loop {
            let msgs = api.messages("Ana").await;
            assert!(
                std::time::Instant::now() < deadline,
                "{db}: the computer never played {msgs:?}"
            );
            let board = newest_board(&msgs);
            let anas = board.as_ref().is_some_and(|b| {
                // By name: the restarted playground learns the names of those it mentions.
                b["mentions"].as_array().is_some_and(|m| m.iter().any(|x| x == "Ana"))
                    && !b["buttons"][0].is_null()
            });
            if anas {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        // Played once: the log has the computer's throw (and its turn, if it won the roll-off),
        // it is Ana's turn, and the log replays to the stored state.
        let row = store.table(table).await.unwrap();
        let actions = store.actions(table).await.unwrap();
        assert!(actions.len() > before, "{db}");
        let seed = dicetable::game::fair::Seed::from_bytes(row.seed.clone().try_into().unwrap());
        let options = dicetable::engine::Options::default_for(dicetable::engine::GameKind::Nardy);
        let mut game = dicetable::game::setup::new_game(&options, 2, &seed, 0).unwrap();
        for a in &actions {
            game.play(&serde_json::from_str(a).unwrap()).unwrap();
        }
        let stored: Value = serde_json::from_str(row.state.as_deref().unwrap()).unwrap();
        assert_eq!(game.to_json(), stored, "{db}");
        assert_eq!(game.legal().to_move(), Some(0), "{db}: Ana's turn");
        running.shutdown().await;
        store.close().await;
    }
}

#[tokio::test]
async fn a_bad_database_url_fails_fast_and_names_the_setting() {
    let e = bot::start(&bot_config("mysql://x/y".into())).await.err().unwrap();
    assert!(e.to_string().contains("DATABASE_URL"), "{e}");
    let started = std::time::Instant::now();
    let e =
        bot::start(&bot_config("postgres://nobody@127.0.0.1:1/none".into())).await.err().unwrap();
    assert!(e.to_string().contains("DATABASE_URL postgres://nobody@127.0.0.1:1/none"), "{e}");
    // Issue 33: where and why, not "pool timed out".
    assert!(
        e.to_string().contains("cannot reach Postgres at 127.0.0.1:1: connection refused"),
        "{e}"
    );
    assert!(!e.to_string().contains("pool timed out"), "{e}");
    // A closed loopback port of our own: the password never shows.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let url = format!("postgres://nobody:hunter2@127.0.0.1:{port}/none");
    let e = bot::start(&bot_config(url)).await.err().unwrap().to_string();
    assert!(e.contains(&format!("at 127.0.0.1:{port}: connection refused")), "{e}");
    assert!(!e.contains("hunter2"), "{e}");
    assert!(started.elapsed() < Duration::from_secs(15), "took {:?}", started.elapsed());
    let mut short = bot_config(common::sqlite_url("playground", "short"));
    short.secret = Some("short".into());
    let e = bot::start(&short).await.err().unwrap();
    assert!(e.to_string().contains("DICETABLE_SECRET"), "{e}");
}

/// README's command examples, typed in the playground, do what README says: each answer
/// (a new message, or a message edited in place such as the lobby) says what it should, and
/// none is "I do not know that command" or "something went wrong".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_readme_command_example_works() {
    for (db, url) in common::both_databases("playground", "readme").await {
        let running = bot::start(&bot_config(url)).await.unwrap();
        let api = Api::new(running.addr);
        let seen = |m: &Value| (m["id"].as_u64().unwrap_or(0), m["version"].as_u64().unwrap_or(0));
        let mut missing = Vec::new();
        for (who, text, phrase) in common::README_CONVERSATION {
            let before: Vec<(u64, u64)> = api.messages(who).await.iter().map(seen).collect();
            api.say(who, text).await;
            let said: Vec<String> = api
                .messages(who)
                .await
                .iter()
                .filter(|m| m["author"].is_null() && !before.contains(&seen(m)))
                .map(|m| plain(m["text"].as_str().unwrap_or("")))
                .collect();
            println!("{text}: {said:?}");
            for line in &said {
                assert!(
                    !line.contains("do not know") && !line.contains("went wrong"),
                    "{text}: {line}"
                );
            }
            if !said.iter().any(|l| l.contains(phrase)) {
                missing.push(format!("{text}: {phrase:?} not in {said:?}"));
            }
        }
        assert!(missing.is_empty(), "{db}: {missing:#?}");
        // After Ana's `/access on`, her tables' boards carry where everything is, to show
        // before their text (issue 48, item 2).
        let all = api.messages("Ana").await;
        let places: Vec<String> =
            all.iter().filter_map(|m| m["places"].as_str()).map(plain).collect();
        assert!(places.iter().any(|p| p.starts_with("Where everyone is:")), "{db}: {places:?}");
        running.shutdown().await;
    }
}

/// The page's own words come in the browser's language (right to left for Persian), every
/// local user is the room's admin (`/lang chat`, `/boards`), and the page has an icon.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_speaks_the_browsers_language_and_everyone_is_admin() {
    let running = bot::start(&bot_config(common::sqlite_url("playground", "words"))).await.unwrap();
    let api = Api::new(running.addr);
    for (tag, send, rtl) in [
        ("fa-IR", "بفرست", true),
        ("ru", "Отправить", false),
        ("en-US", "Send", false),
        ("tl", "Ipadala", false),
    ] {
        let w: Value = api
            .http
            .get(format!("{}/api/words?lang={tag}", api.base))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(w["words"]["page-send"], send, "{tag}");
        assert_eq!(w["rtl"], rtl, "{tag}");
        for (key, text) in w["words"].as_object().unwrap() {
            assert!(!text.as_str().unwrap().trim().is_empty(), "{tag} {key}");
        }
    }
    api.say("Ana", "/boards edit").await;
    let last = api.messages("Ana").await.last().cloned().unwrap();
    assert!(plain(last["text"].as_str().unwrap()).contains("edited in place"), "{last}");
    // Issue 33: everyone at the playground runs the room, so anyone may set a lobby's
    // options (a refusal would say "only the host or a chat admin", and everyone is an admin).
    api.say("Ana", "/snakes").await;
    api.say("Ben", "/options bounce").await;
    let said: Vec<String> = (api.messages("Ben").await.iter())
        .map(|m| plain(m["text"].as_str().unwrap_or("")))
        .collect();
    assert!(!said.iter().any(|t| t.contains("Only the table's host")), "{said:#?}");
    assert!(said.iter().any(|t| t.contains("bounce back")), "{said:#?}");
    let icon = api.http.get(format!("{}/favicon.svg", api.base)).send().await.unwrap();
    assert_eq!(icon.headers()["content-type"], "image/svg+xml");
    running.shutdown().await;
}

/// Issue 18 end to end: one person against three hard computers in Ludo, through the HTTP API,
/// with the bot's own turn timer playing the computers: a board every turn, to the ranking.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_person_plays_ludo_against_three_computers_to_the_ranking() {
    for (db, url) in common::both_databases("playground", "computers").await {
        let running = bot::start(&bot_config(url)).await.unwrap();
        let api = Api::new(running.addr);
        api.say("Ana", "/ludo bots=3 hard").await;
        let lobby = api.messages("Ana").await;
        let text = plain(lobby.last().unwrap()["text"].as_str().unwrap());
        assert!(text.contains("🤖 Computer 3 (hard)"), "{db}: {text}");
        let start = api.button("Ana", "Start").await.expect("a Start button");
        api.press("Ana", &start).await;
        let mut pressed = 0;
        let mut boards_seen = std::collections::BTreeSet::new();
        // A liveness bound, not a speed test: a whole game drawn turn by turn in a debug build,
        // beside the binary's other tests and a browser on 2 cores, once took over 4 minutes.
        let deadline = std::time::Instant::now() + Duration::from_secs(480);
        loop {
            assert!(std::time::Instant::now() < deadline, "{db}: the game ends within 8 minutes");
            let msgs = api.messages("Ana").await;
            let over =
                msgs.iter().any(|m| plain(m["text"].as_str().unwrap_or("")).contains("Game over"));
            for m in msgs.iter().filter(|m| m["image"].is_string()) {
                boards_seen.insert(m["id"].as_u64().unwrap());
            }
            if over {
                break;
            }
            let newest = msgs.iter().rev().find(|m| m["image"].is_string()).cloned();
            let Some(board) = newest else { continue };
            let mine = board["mentions"].as_array().is_some_and(|m| m.iter().any(|x| x == "Ana"));
            let tokens: Vec<String> = board["buttons"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|row| row.as_array().unwrap().iter())
                .map(|b| b["token"].as_str().unwrap().to_owned())
                .collect();
            if mine && !tokens.is_empty() {
                api.press("Ana", &tokens[pressed % tokens.len()]).await;
                pressed += 1;
            } else {
                // A computer's turn: it plays by itself after its pause.
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        assert!(pressed > 5, "{db}: Ana played her turns ({pressed})");
        assert!(boards_seen.len() > pressed + 5, "{db}: the computers' boards were shown too");
        let msgs = api.messages("Ana").await;
        let last = msgs.iter().rev().find(|m| m["image"].is_string()).unwrap();
        assert!(plain(last["text"].as_str().unwrap()).contains("1. "), "{db}: the ranking");
        // The Replay button under the final board shows the game as an inline GIF, and /export
        // offers its record as a download. Both check out.
        // The seed's message follows the final board (a computer's last move posts both).
        let mut replay = None;
        for _ in 0..200 {
            replay = api.button("Ana", "🎞 Replay").await;
            if replay.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        let replay = replay.unwrap_or_else(|| panic!("{db}: a Replay button"));
        api.press("Ana", &replay).await;
        api.say("Ana", "/export").await;
        let msgs = api.messages("Ana").await;
        let gif_url = msgs
            .iter()
            .find_map(|m| m["image"].as_str().filter(|u| u.ends_with(".gif")))
            .expect("the replay, an inline image");
        let file = msgs.iter().find_map(|m| m["file"].as_object()).expect("the record");
        assert!(file["name"].as_str().unwrap().ends_with(".json"), "{db}: {file:?}");
        let get = |url: String| {
            let http = api.http.clone();
            async move { http.get(url).send().await.unwrap() }
        };
        let gif = get(format!("{}{gif_url}", api.base)).await;
        assert_eq!(gif.headers()["content-type"], "image/gif", "{db}");
        let gif = gif.bytes().await.unwrap();
        let record = get(format!("{}{}", api.base, file["url"].as_str().unwrap())).await;
        assert!(
            record.headers()["content-disposition"].to_str().unwrap().starts_with("attachment"),
            "{db}: the record downloads"
        );
        common::check_replay(&gif, &record.bytes().await.unwrap());
        running.shutdown().await;
    }
}

/// Issue 33: a restarted bot never gives a message an id the old process gave (a page left
/// open would replace its old message in place), says its epoch to the page (a header and the
/// event stream's first event), names the player a restored board mentions, and says each
/// message's language (a Persian table's messages read right to left on the page).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn message_ids_are_new_after_a_restart_and_each_message_says_its_language() {
    let mut config = bot_config(common::sqlite_url("playground", "epoch"));
    let running = bot::start(&config).await.unwrap();
    config.listen = running.addr;
    let api = Api::new(running.addr);
    let epoch = |res: &reqwest::Response| {
        res.headers()["x-dicetable-epoch"].to_str().unwrap().parse::<u64>().unwrap()
    };
    let list = |api: &Api| {
        let url = format!("{}/api/messages?user=Ana", api.base);
        let http = api.http.clone();
        async move {
            let res = http.get(url).send().await.unwrap();
            let epoch = epoch(&res);
            (epoch, res.json::<Vec<Value>>().await.unwrap())
        }
    };
    api.say("Ana", "/snakes").await;
    api.press("Ben", &api.button("Ben", "Join").await.unwrap()).await;
    api.press("Ana", &api.button("Ana", "Start").await.unwrap()).await;
    let (epoch_before, before) = list(&api).await;
    for m in &before {
        let want = if m["author"].is_null() { json!("en") } else { Value::Null };
        assert_eq!(m["lang"], want, "{m}");
    }
    let newest_before = before.iter().filter_map(|m| m["id"].as_u64()).max().unwrap();
    assert!(newest_before > epoch_before, "ids count from the epoch");
    running.shutdown().await;

    let running = bot::start(&config).await.unwrap();
    let (epoch_after, after) = list(&api).await;
    assert!(epoch_after > epoch_before, "a new process, a new epoch");
    assert!(
        after.iter().all(|m| m["id"].as_u64().unwrap() > newest_before),
        "no id of the old process is given again: {after:?}"
    );
    let board = after.iter().find(|m| m["image"].is_string()).expect("the board restored");
    let mentioned = board["mentions"].as_array().unwrap();
    assert!(
        mentioned.iter().all(|n| n == "Ana" || n == "Ben") && !mentioned.is_empty(),
        "the restored board mentions a player by name: {board}"
    );
    // The event stream starts with the epoch.
    let mut events =
        api.http.get(format!("{}/api/events?user=Ana", api.base)).send().await.unwrap();
    let first = String::from_utf8(events.chunk().await.unwrap().unwrap().to_vec()).unwrap();
    assert!(
        first.contains("event: hello") && first.contains(&format!("\"epoch\":{epoch_after}")),
        "{first}"
    );
    drop(events);

    // The chat speaks Persian from now on: the table's messages say so.
    api.say("Ana", "/lang chat fa").await;
    api.say("Ana", "/status").await;
    let (_, now) = list(&api).await;
    let last = now.last().unwrap();
    assert_eq!(last["lang"], "fa", "{last}");
    assert!(last["image"].is_string(), "the board: {last}");
    running.shutdown().await;
}

/// Issue 35: in the playground a turn notice is a private message in the table's room, shown
/// only to the player whose turn it is, once per turn; on both databases.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_notice_is_a_private_message_in_the_room() {
    for (db, url) in common::both_databases("playground", "notify").await {
        let running = bot::start(&bot_config(url)).await.unwrap();
        let api = Api::new(running.addr);
        api.say("Ana", "/notify now").await;
        api.say("Ben", "/notify now").await;
        api.say("Ana", "/snakes 1h").await;
        api.press("Ben", &api.button("Ben", "Join").await.unwrap()).await;
        api.press("Ana", &api.button("Ana", "Start").await.unwrap()).await;
        let notices = |msgs: &[Value]| -> usize {
            msgs.iter()
                .filter(|m| plain(m["text"].as_str().unwrap_or("")).contains("It is your turn"))
                .count()
        };
        // Whoever is to move is told within a few timer rounds; the other is not.
        let (mover, other) = {
            let mut found = None;
            for _ in 0..100 {
                let (a, b) = (api.messages("Ana").await, api.messages("Ben").await);
                match (notices(&a), notices(&b)) {
                    (1, 0) => found = Some(("Ana", "Ben")),
                    (0, 1) => found = Some(("Ben", "Ana")),
                    (0, 0) => {}
                    other => panic!("{db}: {other:?}"),
                }
                if found.is_some() {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            found.unwrap_or_else(|| panic!("{db}: no notice"))
        };
        let msgs = api.messages(mover).await;
        let notice = msgs.iter().find(|m| notices(std::slice::from_ref(m)) == 1).unwrap();
        assert_eq!(notice["private"], true, "{db}: {notice}");
        tokio::time::sleep(Duration::from_secs(5)).await;
        assert_eq!(notices(&api.messages(mover).await), 1, "{db}: once per turn");
        assert_eq!(notices(&api.messages(other).await), 0, "{db}: only the mover's");
        running.shutdown().await;
    }
}

/// Issue 37 in the playground, on both databases: a game of Ana, Ben and a computer ends (the
/// people resign, the computer wins); both press 🔁 Rematch at the same moment through the
/// HTTP API. Exactly one table opens, with the same computer, and since both invited players
/// sit it begins by itself.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematch_pressed_at_once_opens_one_table_with_the_same_computer() {
    for (db, url) in common::both_databases("playground", "rematch").await {
        let running = bot::start(&bot_config(url.clone())).await.unwrap();
        let api = Api::new(running.addr);
        api.say("Ana", "/snakes quick bot").await;
        let join = api.button("Ben", "Join").await.expect("a Join button");
        api.press("Ben", &join).await;
        let start = api.button("Ana", "Start").await.expect("a Start button");
        api.press("Ana", &start).await;
        // The people resign; a resignation that met the computer's move (stored first, so the
        // resignation was out of date) is said again.
        let mut rematch = None;
        for _ in 0..50 {
            for who in ["Ana", "Ben"] {
                api.say(who, "/resign").await;
            }
            rematch = api.button("Ana", "🔁 Rematch").await;
            if rematch.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let rematch = rematch.expect("a Rematch button under the final board");
        tokio::join!(api.press("Ana", &rematch), api.press("Ben", &rematch));
        let sql = "select cast(id as text) from tables where rematch_of is not null";
        let ids = common::query_strings(&url, sql).await;
        assert_eq!(ids.len(), 1, "{db}: exactly one rematch");
        let seats = format!("select user_id from seats where table_id = {} order by seat", ids[0]);
        let mut seated = common::query_strings(&url, &seats).await;
        seated.sort();
        assert_eq!(
            seated,
            ["computer:normal:1", "playground:ana", "playground:ben"],
            "{db}: both once, and the computer again"
        );
        // The rematch's start may still be on its way to the page (a busy machine): wait for it.
        let mut began: Vec<String> = Vec::new();
        for _ in 0..300 {
            began = api
                .messages("Ana")
                .await
                .iter()
                .filter_map(|m| m["text"].as_str().map(plain))
                .filter(|t| t.contains("Snakes & Ladders begins"))
                .collect();
            if began.len() >= 2 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(began.len(), 2, "{db}: the game and its rematch began: {began:?}");
        assert!(began[1].contains("🤖 Computer 1 (normal)"), "{db}: {}", began[1]);
        // A third press: the rematch is under way, and the answer says so (issue 46, item 15).
        api.press("Ana", &rematch).await;
        let last = api.messages("Ana").await.last().cloned().unwrap();
        let said = plain(last["text"].as_str().unwrap());
        assert!(said.contains("The rematch has started"), "{db}: {said}");
        running.shutdown().await;
    }
}

/// Issue 44: two presses of one board at once (a double tap, or two players' browsers) leave
/// exactly one board with buttons, the newest; on both databases, round after round.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_double_tap_leaves_exactly_one_live_board() {
    for (db, url) in common::both_databases("playground", "double").await {
        let running = bot::start(&bot_config(url)).await.unwrap();
        let api = Api::new(running.addr);
        api.say("Ana", "/snakes").await;
        let join = api.button("Ben", "Join").await.expect("a lobby");
        api.press("Ben", &join).await;
        let start = api.button("Ana", "Start").await.unwrap();
        api.press("Ana", &start).await;
        for round in 0..12 {
            let msgs = api.messages("Ana").await;
            let live: Vec<&Value> = msgs
                .iter()
                .filter(|m| m["image"].is_string() && !m["buttons"][0].is_null())
                .collect();
            let over =
                msgs.iter().any(|m| m["text"].as_str().is_some_and(|t| t.contains("Game over")));
            if over && live.is_empty() {
                break;
            }
            assert_eq!(live.len(), 1, "{db}, round {round}: one live board: {live:?}");
            let board = live[0].clone();
            let Some(mover) = board["mentions"][0].as_str().map(str::to_owned) else { break };
            let token = board["buttons"][0][0]["token"].as_str().unwrap().to_owned();
            // The same button pressed twice at once.
            tokio::join!(api.press(&mover, &token), api.press(&mover, &token));
        }
        running.shutdown().await;
    }
}

/// Issue 61, item 7: a page left open across a restart does not keep stale cup standings. The
/// standings message, which the new process no longer holds, comes back under its own id at
/// a higher version, so the page (which replaces a message it shows by id when the version is
/// newer) shows the new standings in place of the old, and the room has one such message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_left_open_across_a_restart_shows_the_cups_standings_anew_in_place() {
    let mut config = bot_config(common::sqlite_url("playground", "cup-standings"));
    let running = bot::start(&config).await.unwrap();
    config.listen = running.addr;
    let api = Api::new(running.addr);
    let standings = |list: &[Value]| -> Vec<(u64, u64, String)> {
        list.iter()
            .filter_map(|m| {
                let text = plain(m["text"].as_str()?);
                let cup = text.contains("cup standings") || text.contains("Final standings");
                cup.then(|| (m["id"].as_u64().unwrap(), m["version"].as_u64().unwrap(), text))
            })
            .collect()
    };
    api.say("Ana", "/cup nardy 1 rounds 10m").await;
    api.say("Ben", "/cup join").await;
    api.say("Ana", "/cup start").await;
    let mut before = Vec::new();
    for _ in 0..200 {
        before = standings(&api.messages("Ana").await);
        if !before.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let [(id, version, text)] = &before[..] else { panic!("one standings message: {before:?}") };
    assert!(text.contains("round 1 of 1"), "{text}");
    running.shutdown().await;

    let running = bot::start(&config).await.unwrap();
    // The room asked for after the restart shows the standings at once, under their id.
    let restored = standings(&api.messages("Ana").await);
    let [(id_restored, version_restored, _)] = &restored[..] else {
        panic!("the standings restored: {restored:?}")
    };
    assert_eq!(id_restored, id, "restored in place of the page's stale standings");
    assert!(version_restored > version, "{version_restored}");
    api.say("Ana", "/resign").await;
    let mut after = Vec::new();
    for _ in 0..200 {
        after = standings(&api.messages("Ana").await);
        if after.iter().any(|(_, _, t)| t.contains("Final standings")) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let [(id_after, version_after, text_after)] = &after[..] else {
        panic!("one standings message after the restart: {after:?}")
    };
    assert!(text_after.contains("Final standings"), "{text_after}");
    assert_eq!(id_after, id, "the standings keep their id: the page replaces its stale ones");
    assert!(version_after > version_restored, "a newer version than the page shows");
    running.shutdown().await;
}
