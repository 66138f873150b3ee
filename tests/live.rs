//! The live board (issue 36) end to end in headless Chromium (Debian's `chromium` and
//! `chromium-driver`), on SQLite and on Postgres:
//!
//! - Telegram: a group's board carries a "Live board" button (a Mini App link with a signed
//!   table link); a page opened with a stubbed `window.Telegram.WebApp` whose `initData` is
//!   signed with the test bot's token plays a whole game from the page while the other player
//!   presses in the chat (the fake Bot API gets every board, the page shows every chat move);
//!   forged and expired `initData`, bad and expired links and a private table are refused with
//!   their own words; a page without Telegram only watches; on Postgres a second process that
//!   shares the database keeps a page of its own up to date.
//! - The playground: its boards link to the live page, which follows the table as it changes;
//!   the page is sent with a strict Content-Security-Policy (and works under it), and a client
//!   past its allowance is answered 429.
//!
//! Screenshots at phone size are saved when `DICETABLE_SCREENSHOTS` names a folder.

mod common;

use std::time::Duration;

use common::bot_api::{TelegramBot, chat_json, user};
use common::bot_config;
use common::chromium::{Driver, phone};
use dicetable::bot::{self, Config};
use dicetable::engine::GameKind;
use dicetable::table::token::{LiveLink, TokenKey};
use dicetable::table::{Ctx, Op};
use hmac::{Hmac, KeyInit, Mac};
use serde_json::{Value, json};
use sha2::Sha256;

const TOKEN: &str = "123:TEST";
const SECRET: &str = "a test secret of some length";

/// A bot against a fresh fake Bot API, with its live board served at a public address and
/// its Mini App named.
async fn start_live_bot(database_url: &str) -> TelegramBot {
    TelegramBot::start_tuned(database_url, None, |c| {
        c.public_url = Some("https://bot.example/".parse().unwrap());
        c.telegram_app = Some("board".into());
    })
    .await
}

/// `initData` as Telegram signs it for a user of the bot with `token`, made at `auth_date`.
fn init_data(token: &str, id: i64, name: &str, auth_date: i64) -> String {
    let user = json!({ "id": id, "first_name": name, "language_code": "en" }).to_string();
    let fields =
        [("auth_date", auth_date.to_string()), ("query_id", "AAE1".into()), ("user", user)];
    let mut check: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
    check.sort();
    let mut secret = <Hmac<Sha256> as KeyInit>::new_from_slice(b"WebAppData").unwrap();
    secret.update(token.as_bytes());
    let mut mac =
        <Hmac<Sha256> as KeyInit>::new_from_slice(&secret.finalize().into_bytes()).unwrap();
    mac.update(check.join("\n").as_bytes());
    let mut q = url::form_urlencoded::Serializer::new(String::new());
    for (k, v) in &fields {
        q.append_pair(k, v);
    }
    q.append_pair("hash", &hex::encode(mac.finalize().into_bytes()));
    q.finish()
}

fn now_s() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

// ---- The tests. ----

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_telegram_player_plays_a_whole_game_from_the_live_page() {
    let driver = Driver::start().await;
    for (db, url) in common::both_databases("live", "telegram").await {
        let mut g = start_live_bot(&url).await;
        let base = format!("http://{}", g.running.addr);
        // Boards are edited in place (Telegram holds a chat to a message a second).
        g.say(3, "Mod", "/boards edit").await;
        g.until("quiet boards", |f| {
            f.messages
                .values()
                .any(|m| m["text"].as_str().is_some_and(|t| t.contains("edited")))
                .then_some(())
        })
        .await;
        g.say(1, "Ana", "/snakes quick").await;
        let (lobby, join) = g.until("a lobby", |f| f.button("Join")).await;
        g.press(2, "Ben", lobby, &join).await;
        let (lobby, start) = g
            .until("Ben seated", |f| {
                let m = f.messages.values().any(|m| {
                    m["text"].as_str().is_some_and(|t| {
                        t.replace(['\u{2068}', '\u{2069}'], "").contains("Ben joined")
                    })
                });
                m.then(|| f.button("Start")).flatten()
            })
            .await;
        g.press(1, "Ana", lobby, &start).await;
        // The board's last row is the live board: a Mini App link with the table's signed link.
        let live = g
            .until("the Live board button", |f| {
                let (_, m) = f.board()?;
                let rows = m["keyboard"]["inline_keyboard"].as_array()?.clone();
                let last = rows.last()?.as_array()?.first()?.clone();
                (last["text"] == "📺 Live board")
                    .then(|| last["url"].as_str().unwrap_or("").to_owned())
            })
            .await;
        let link = live
            .strip_prefix("https://t.me/dicetable_bot/board?startapp=")
            .unwrap_or_else(|| panic!("{db}: a Mini App link, not {live}"))
            .to_owned();
        assert!(link.starts_with('w') && link.len() > 40, "{db}: a signed watch link: {link}");

        // Ana opens it inside Telegram (the stub carries initData signed with the bot's token).
        let ana_init = init_data(TOKEN, 1, "Ana", now_s());
        let page = phone(&driver, "en-US").await;
        let stub = url::form_urlencoded::byte_serialize(ana_init.as_bytes()).collect::<String>();
        page.open(&format!("{base}/live/{link}?stub={stub}")).await;
        page.wait_for("the board", "return !document.getElementById('live-table').hidden").await;
        let first = page.live_state().await;
        assert_eq!(first["status"], "Playing", "{db}: {first}");
        let players: Vec<&str> =
            first["players"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
        assert!(players.contains(&"Ben") || players.contains(&"▶ Ben"), "{db}: {first}");
        assert!(players.iter().any(|p| p.ends_with("Ana (you)")), "{db}: {first}");
        assert!(first["picture"] == true && first["telegramReady"] == true, "{db}: {first}");
        // The picture in words for a screen reader (issue 48).
        let alt = first["alt"].as_str().unwrap_or_default();
        assert!(alt.contains("Where everyone is:") && alt.contains("Ana: "), "{db}: {alt}");
        page.screenshot("live-en").await;

        // The whole game: Ana presses on the page; Ben presses in the chat.
        let (mut ana_moves, mut ben_moves) = (0, 0);
        for _ in 0..400 {
            let s = page.live_state().await;
            assert_eq!(s["refusal"], "", "{db}: {s}");
            if s["status"] == "The game is over" {
                break;
            }
            let version = s["version"].as_i64().unwrap();
            let ana_to_move = s["turn"].as_str().unwrap_or("").contains("Ana");
            if ana_to_move && !s["buttons"].as_array().unwrap().is_empty() {
                page.click_live_button().await;
                ana_moves += 1;
            } else if s["turn"].as_str().unwrap_or("").contains("Ben") {
                // Issue 46, item 9: Ana's page offers nothing to press on Ben's turn.
                assert!(s["buttons"].as_array().unwrap().is_empty(), "{db}: Ben's turn: {s}");
                // Ben's button on the chat's board, once the chat shows this version.
                let wanted = format!(".{}.r.", radix36(version as u64));
                let (id, data) = g
                    .until("Ben's Roll in the chat", |f| {
                        f.button("🎲 Roll").filter(|(_, d)| d.contains(&wanted))
                    })
                    .await;
                g.press(2, "Ben", id, &data).await;
                ben_moves += 1;
            }
            assert!(page.next_version(version).await, "{db}: the page shows the move");
        }
        let end = page.live_state().await;
        assert_eq!(end["status"], "The game is over", "{db}: {end}");
        assert!(ana_moves >= 3 && ben_moves >= 3, "{db}: {ana_moves} + {ben_moves} moves");
        let moves = end["moves"].as_array().unwrap();
        assert!(moves.iter().any(|m| m.as_str().unwrap().contains("Ben")), "{db}: {end}");
        assert!(end["buttons"].as_array().unwrap().is_empty(), "{db}: no buttons after the end");
        // The chat got the boards: its board message ends with the ranking.
        let caption = g
            .until("the final board in the chat", |f| {
                let (_, m) = f.board()?;
                let t = m["text"].as_str()?.replace(['\u{2068}', '\u{2069}'], "");
                t.contains("is home!").then_some(t)
            })
            .await;
        let winner = end["moves"].as_array().unwrap().iter().rev().find_map(|m| {
            let m = m.as_str()?;
            ["Ana", "Ben"].into_iter().find(|n| m.contains(&format!("{n} is home!")))
        });
        let winner = winner.unwrap_or_else(|| panic!("{db}: the page names the winner: {end}"));
        // Issue 46, item 10: newest first, so the end is the first line a phone shows.
        let newest = moves[0].as_str().unwrap();
        assert!(newest.contains(&format!("{winner} is home!")), "{db}: {end}");
        assert!(caption.contains(&format!("{winner} is home!")), "{db}: {caption}");

        // Without Telegram, the same link watches: no buttons.
        let watcher = phone(&driver, "en-US").await;
        watcher.open(&format!("{base}/live/{link}")).await;
        watcher.wait_for("the board", "return !document.getElementById('live-table').hidden").await;
        let w = watcher.live_state().await;
        assert_eq!(
            (w["watching"].as_str(), w["buttons"].as_array().map(Vec::len)),
            (Some("You are watching."), Some(0)),
            "{db}: {w}"
        );

        // Forged (another bot's token) and day-old initData are refused in words.
        for (init, words) in [
            (init_data("999:OTHER", 1, "Ana", now_s()), "not valid"),
            (init_data(TOKEN, 1, "Ana", now_s() - 2 * 86_400), "more than a day old"),
        ] {
            let stub = url::form_urlencoded::byte_serialize(init.as_bytes()).collect::<String>();
            watcher.open(&format!("{base}/live/{link}?stub={stub}")).await;
            let error = watcher
                .wait_for("a refusal", "const e = document.getElementById('live-error'); return !e.hidden && e.textContent")
                .await;
            assert!(error.as_str().unwrap().contains(words), "{db}: {error}");
            assert_eq!(watcher.live_state().await["shown"], false, "{db}: no table shown");
        }
        // A forged link, and one of ours that expired: never another table.
        let key = TokenKey::new(SECRET.as_bytes());
        let table = LiveLink::parse(&link, &key, 0).unwrap().table;
        let expired = LiveLink { table, expires: 1_000, user: None }.encode(&key);
        let forged = format!("w{}", &link[2..]);
        for (bad, words, status) in [
            (forged, "not valid", 404),
            (expired, "has expired", 410),
            ("junk".into(), "not valid", 404),
        ] {
            let res = reqwest::get(format!("{base}/live/{bad}")).await.unwrap();
            assert_eq!(res.status().as_u16(), status, "{db}: {bad}");
            watcher.open(&format!("{base}/live/{bad}")).await;
            let error = watcher
                .wait_for("a refusal", "const e = document.getElementById('live-error'); return !e.hidden && e.textContent")
                .await;
            assert!(error.as_str().unwrap().contains(words), "{db}: {error}");
            // A refusal is the bot answering: no "not answering" notice, then or after the
            // page's retry.
            tokio::time::sleep(Duration::from_millis(2500)).await;
            let offline = watcher
                .wait_for(
                    "the page",
                    "return String(document.getElementById('live-offline').hidden)",
                )
                .await;
            assert_eq!(offline, "true", "{db}: {bad}: the offline notice stays hidden");
        }
        // A private table: its player sees it, anyone else is refused.
        let dm = Ctx {
            chat: "telegram:1".into(),
            user: "telegram:1".into(),
            name: "Ana".into(),
            locale: None,
            admin: false,
            chat_title: None,
        };
        let views = g
            .running
            .service
            .handle(&dm, Op::Create { game: GameKind::Snakes, words: vec!["private".into()] })
            .await;
        let private =
            views.iter().find_map(|v| v.shows()).map(|(t, _)| t).expect("a private lobby");
        let private_link = g.running.service.live().live_link(private, None);
        for (uid, allowed) in [(2, false), (1, true)] {
            let init = init_data(TOKEN, uid, "Someone", now_s());
            let stub = url::form_urlencoded::byte_serialize(init.as_bytes()).collect::<String>();
            watcher.open(&format!("{base}/live/{private_link}?stub={stub}")).await;
            let shown = watcher
                .wait_for("an answer", "return !document.getElementById('live-table').hidden ? 'table' : (!document.getElementById('live-error').hidden && document.getElementById('live-error').textContent)")
                .await;
            if allowed {
                assert_eq!(shown, "table", "{db}");
            } else {
                assert!(shown.as_str().unwrap().contains("private table"), "{db}: {shown}");
            }
        }

        // Two processes sharing Postgres: a page served by the second follows moves made
        // through the first.
        if db == "postgres" {
            let other = bot::start(&bot_config(url.clone())).await.unwrap();
            g.say(1, "Ana", "/snakes quick").await;
            let (lobby, join) = g.until("a second lobby", |f| f.button("Join")).await;
            let other_page = phone(&driver, "en-US").await;
            let table2 = dicetable::table::token::Token::parse(&join, &key).unwrap();
            let table2 = table2.table_id().unwrap();
            let link2 = g.running.service.live().live_link(table2, None);
            other_page.open(&format!("http://{}/live/{link2}", other.addr)).await;
            other_page
                .wait_for("the lobby", "return !document.getElementById('live-table').hidden")
                .await;
            assert_eq!(other_page.live_state().await["status"], "Waiting for players");
            g.press(2, "Ben", lobby, &join).await;
            other_page
                .wait_for("Ben in the other process's page", "return [...document.querySelectorAll('#live-players li')].some(l => l.textContent.includes('Ben'))")
                .await;
            other_page.close().await;
            other.shutdown().await;
        }

        // In a private chat the board's live button is a Mini App button (`web_app`) opening the
        // page itself (Telegram then sends who looks); groups got the t.me direct link above.
        g.push(json!({ "message": { "message_id": 900, "date": 1_700_000_000,
            "chat": chat_json(4), "from": user(4, "Dee"), "text": "/nardy bot" } }))
            .await;
        let web_app = g
            .until("a private board's live button", |f| {
                let mut ids: Vec<_> = f.messages.keys().copied().collect();
                ids.sort();
                let m = ids
                    .into_iter()
                    .rev()
                    .map(|id| &f.messages[&id])
                    .find(|m| m["photo"] == true && m["chat"].as_i64() == Some(4))?;
                let last =
                    m["keyboard"]["inline_keyboard"].as_array()?.last()?.as_array()?.first()?;
                (last["text"] == "📺 Live board").then(|| last.clone())
            })
            .await;
        let page_url = web_app["web_app"]["url"].as_str().unwrap_or_default();
        assert!(
            page_url.starts_with("https://bot.example/live/w") && web_app["url"].is_null(),
            "{db}: a web_app button to the page, not {web_app}"
        );
        let dm_link = page_url.trim_start_matches("https://bot.example/live/");
        assert!(g.running.service.live().read_live_link(dm_link).is_ok(), "{db}: {page_url}");
        page.close().await;
        watcher.close().await;
        g.running.shutdown().await;
    }
}

fn radix36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_playground_links_its_boards_to_the_live_page() {
    let driver = Driver::start().await;
    for (db, url) in common::both_databases("live", "playground").await {
        let config = Config { live_rate: 3, ..bot_config(url) };
        let running = bot::start(&config).await.unwrap();
        let base = format!("http://{}", running.addr);
        let http = reqwest::Client::new();
        let say = |user: &str, text: &str| {
            http.post(format!("{base}/api/say"))
                .json(&json!({ "room": "live", "user": user, "text": text }))
                .send()
        };
        let messages = || async {
            let res = http.get(format!("{base}/api/messages?room=live&user=Ana")).send().await;
            res.unwrap().json::<Vec<Value>>().await.unwrap()
        };
        say("Ana", "/snakes").await.unwrap();
        let mut lobby = Value::Null;
        for _ in 0..200 {
            if let Some(m) = messages().await.into_iter().rev().find(|m| !m["live"].is_null()) {
                lobby = m;
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let live = lobby["live"].as_str().unwrap_or_else(|| panic!("{db}: a lobby with a link"));
        assert!(live.starts_with("/live/w"), "{db}: its own address: {live}");
        // The page, in Persian: right to left, and under its Content-Security-Policy.
        let res = http.get(format!("{base}{live}")).send().await.unwrap();
        let csp = res.headers()["content-security-policy"].to_str().unwrap().to_owned();
        assert!(csp.starts_with("default-src 'none'; script-src 'sha256-"), "{db}: {csp}");
        assert!(!csp.contains("unsafe-inline"), "{db}: {csp}");
        let page = phone(&driver, "fa").await;
        page.open(&format!("{base}{live}")).await;
        page.wait_for("the lobby", "return !document.getElementById('live-table').hidden").await;
        let s = page.live_state().await;
        assert_eq!(s["dir"], "rtl", "{db}: {s}");
        assert_eq!(s["watching"], "شما تماشاگر هستید.", "{db}: {s}");
        // Ben joins in the room: the page follows.
        let join = lobby["buttons"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|row| row.as_array().unwrap())
            .find(|b| b["label"] == "Join")
            .and_then(|b| b["token"].as_str())
            .unwrap_or_else(|| panic!("{db}: a Join button: {lobby}"))
            .to_owned();
        http.post(format!("{base}/api/press"))
            .json(&json!({ "room": "live", "user": "Ben", "token": join }))
            .send()
            .await
            .unwrap();
        page.wait_for("Ben seated", "return [...document.querySelectorAll('#live-players li')].some(l => l.textContent.includes('Ben'))").await;
        // Ana starts and both roll a few times in the room: the page shows the game in
        // progress, in Persian (the phone screenshot of a game).
        say("Ana", "/play").await.unwrap();
        let version = |s: &Value| s["version"].as_i64().unwrap_or(-1);
        let mut pressed = (0, 0);
        for turn in 0..4 {
            let before = version(&page.live_state().await);
            // The newest board with buttons, newer than the one pressed last.
            let mut tries = 0;
            let token = loop {
                let all = messages().await;
                tries += 1;
                assert!(tries < 400, "{db}: turn {turn}: no new board with buttons in {all:?}");
                let newest = all.into_iter().rev().find(|m| {
                    m["buttons"].as_array().is_some_and(|rows| !rows.is_empty())
                        && m["image"].is_string()
                });
                let board = newest.as_ref().map(|m| (m["id"].as_u64(), m["version"].as_u64()));
                if let Some((Some(id), Some(v))) = board
                    && (id, v) > pressed
                    && let Some(token) = newest.as_ref().unwrap()["buttons"][0][0]["token"].as_str()
                {
                    pressed = (id, v);
                    break token.to_owned();
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            };
            for user in ["Ana", "Ben"] {
                http.post(format!("{base}/api/press"))
                    .json(&json!({ "room": "live", "user": user, "token": token }))
                    .send()
                    .await
                    .unwrap();
            }
            assert!(page.next_version(before).await, "{db}: turn {turn} reaches the page");
        }
        let s = page.live_state().await;
        assert_eq!(s["status"], "در حال بازی", "{db}: playing: {s}");
        assert!(!s["moves"].as_array().unwrap().is_empty(), "{db}: the moves in words: {s}");
        page.screenshot("live-fa-game").await;
        // A move's line reads right to left: its first words sit at the line's right end.
        let ends = page
            .script(
                "const li = document.querySelector('#live-moves li');
                 const r = document.createRange(); r.setStart(li.firstChild, 0); r.setEnd(li.firstChild, 4);
                 return [li.getBoundingClientRect().right, r.getBoundingClientRect().right];",
            )
            .await;
        let (line, first) = (ends[0].as_f64().unwrap(), ends[1].as_f64().unwrap());
        assert!(first >= line - 2.0, "{db}: the first name at the right: {ends}");
        // A client past its allowance (three a second, nine at once) waits.
        let mut statuses = Vec::new();
        let mut busy = String::new();
        for _ in 0..12 {
            let url = format!("{base}/api/live/state?link=junk&lang=fa");
            let res = http.get(url).send().await.unwrap();
            statuses.push(res.status().as_u16());
            if res.status() == 429 {
                busy = res.json::<Value>().await.unwrap()["error"].as_str().unwrap().to_owned();
            }
        }
        assert!(statuses.contains(&429), "{db}: {statuses:?}");
        // Told in the page's language (its `lang=`), not the client's absent Accept-Language.
        assert_eq!(
            busy, "درخواست‌های بسیاری از نشانی شما رسیده است. کمی صبر کنید و دوباره امتحان کنید.",
            "{db}"
        );
        // A page opened while its client is past the allowance is still sent, asks for its
        // words and the table again, and shows the table once it may.
        let late = phone(&driver, "fa").await;
        late.open(&format!("{base}{live}")).await;
        late.wait_for("the table after the 429s", "return !document.getElementById('live-table').hidden && document.getElementById('live-error').hidden").await;
        let s = late.live_state().await;
        assert_eq!(s["status"], "در حال بازی", "{db}: in its own words: {s}");
        late.close().await;
        // A slash after the link is the link; a path below it is no link, said in the
        // viewer's words on the page (not a bare 404); `/live/` is the Mini App's entry.
        for (path, code) in
            [(format!("{live}/"), 200), (format!("{live}/more"), 404), ("/live/".to_owned(), 200)]
        {
            let res = http.get(format!("{base}{path}")).send().await.unwrap();
            assert_eq!(res.status().as_u16(), code, "{db}: {path}");
            assert!(res.text().await.unwrap().contains("live-parts"), "{db}: {path}: the page");
        }
        let below = phone(&driver, "fa").await;
        below.open(&format!("{base}{live}/more")).await;
        // The page may open while its client is still past the allowance: it says so, asks
        // again, and then says what is wrong with the link.
        let said = below
            .wait_for(
                "the bad link said",
                &format!(
                    "const e = document.getElementById('live-error');
                     return !e.hidden && e.textContent !== {} && e.textContent",
                    json!(busy)
                ),
            )
            .await;
        assert_eq!(
            said, "این پیوند صفحهٔ زنده معتبر نیست. صفحه را دوباره از گفت‌وگو باز کنید.",
            "{db}"
        );
        below.close().await;
        // A press that is not the page's JSON is refused in the browser's language.
        let refused = loop {
            let res = http
                .post(format!("{base}/api/live/press"))
                .header("accept-language", "ru-RU,ru;q=0.9")
                .header("content-type", "application/json")
                .body("{not json")
                .send()
                .await
                .unwrap();
            if res.status().as_u16() != 429 {
                break res;
            }
            tokio::time::sleep(Duration::from_millis(400)).await;
        };
        assert_eq!(refused.status().as_u16(), 400, "{db}");
        let body: serde_json::Value = refused.json().await.unwrap();
        assert_eq!(
            body["error"],
            "Не удалось прочитать этот запрос. Обновите страницу и попробуйте ещё раз.",
            "{db}: {body}"
        );
        // A client holds a few event streams at once (the open page holds one): past them,
        // one more is refused in the viewer's words, however slowly it is asked for.
        let link = live.trim_start_matches("/live/");
        let mut streams = Vec::new();
        let refused = loop {
            let res = http
                .get(format!("{base}/api/live/events?link={link}&lang=ru"))
                .send()
                .await
                .unwrap();
            match res.status().as_u16() {
                200 => streams.push(res),
                429 => {
                    let body: serde_json::Value = res.json().await.unwrap();
                    if body["key"] == "live-err-streams" {
                        break body;
                    }
                    tokio::time::sleep(Duration::from_millis(400)).await;
                }
                other => panic!("{db}: a stream answered {other}"),
            }
            assert!(streams.len() < 20, "{db}: streams without end");
        };
        // Eight at once: the open page's among them (unless it is between two tries).
        assert!((7..=8).contains(&streams.len()), "{db}: {} more than the page's", streams.len());
        assert_eq!(
            refused["error"],
            "С вашего адреса открыто слишком много живых досок. Закройте одну и попробуйте снова.",
            "{db}"
        );
        drop(streams);
        // The bot stops: the open page says it is not answering.
        running.shutdown().await;
        let notice = page
            .wait_for(
                "the not-answering notice",
                "const n = document.getElementById('live-offline'); return !n.hidden && n.textContent",
            )
            .await;
        assert_eq!(notice, "ربات پاسخ نمی‌دهد. وقتی برگردد، صفحه به‌روز می‌شود.", "{db}");
        page.close().await;
    }
}
