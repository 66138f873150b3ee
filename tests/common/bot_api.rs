//! The one fake Telegram Bot API of the tests that drive the real Telegram adapter
//! (tests/telegram.rs, tests/live.rs, tests/drill.rs), and the driver those tests share:
//! [`BotApi`] serves the Bot API's methods on loopback and keeps what the bot sent, edited and
//! answered ([`Fake`]); [`TelegramBot`] is a bot started against it, with people who say lines
//! and press buttons, and waits until what the fake holds shows what a test expects.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{FromRequest, Multipart, Path, Request, State};
use axum::routing::post;
use dicetable::bot::{self, Config, PlaygroundMode};
use serde_json::{Value, json};
use tokio::sync::{Mutex, Notify};

/// The group chat the fakes' updates come from unless they name another.
pub const GROUP: i64 = -1_001_234;

/// The window the fake counts a chat's calls in: Telegram's minute, shrunk so that tests run
/// quickly (the bots of the tests are told the same window: `telegram_rate_window`). Only the
/// window shrinks; every call Telegram counts is counted.
pub const WINDOW: Duration = Duration::from_secs(3);

/// The methods Telegram counts against a chat's limits: sends, edits and deletions.
pub const COUNTED: &[&str] = &[
    "sendmessage",
    "sendphoto",
    "sendanimation",
    "senddocument",
    "editmessagetext",
    "editmessagecaption",
    "editmessagemedia",
    "editmessagereplymarkup",
    "deletemessage",
    "deletemessages",
];

/// Telegram's limits as the fake enforces them: per group 20 counted calls a window, in any
/// chat one a sixtieth of the window apart (about one a second), over the bot 30 a sixtieth of
/// the window; a call beyond them is refused with 429 and its chat is banned for `retry_after`,
/// which doubles with each further violation (every counted call during a ban is refused too).
#[derive(Debug)]
pub struct Rules {
    /// Whether the limits are enforced (a test of something else may switch them off).
    pub enforced: bool,
    /// The window they count in.
    pub window: Duration,
    /// Every counted call: its chat, method and time of arrival.
    pub log: Vec<(i64, String, Instant)>,
    /// Every call refused with 429: its chat, method, and the rule it broke.
    pub refused: Vec<(i64, String, &'static str)>,
    /// Violations so far, by chat (the next ban doubles).
    strikes: HashMap<i64, u32>,
    /// Chats banned until then.
    banned: HashMap<i64, Instant>,
}

impl Default for Rules {
    fn default() -> Self {
        Self {
            enforced: true,
            window: WINDOW,
            log: Vec::new(),
            refused: Vec::new(),
            strikes: HashMap::new(),
            banned: HashMap::new(),
        }
    }
}

impl Rules {
    /// Counts a call of `method` to `chat` that arrived at `now` (when its request began, as
    /// Telegram would see it, not when its upload ended): `None` if it may go, or the seconds
    /// of the 429's `retry_after`.
    fn admit(&mut self, chat: i64, method: &str, now: Instant) -> Option<u64> {
        if !COUNTED.contains(&method) {
            return None;
        }
        let window = self.window;
        // Requests are logged as they are admitted, which may be a little out of the order
        // they began in (a photo's upload takes longer than a strip's).
        let in_window = |log: &[(i64, String, Instant)], chat: Option<i64>, span: Duration| {
            log.iter()
                .rev()
                .take(200)
                .filter(|(_, _, t)| now.saturating_duration_since(*t) < span && *t <= now)
                .filter(|(c, _, _)| chat.is_none_or(|chat| *c == chat))
                .count()
        };
        // Calls closer than the gap: a little slack for the way to the fake (loopback
        // scheduling), never for the count.
        let gap = window / 60;
        let last = self.log.iter().rev().find(|(c, _, _)| *c == chat).map(|(_, _, t)| *t);
        let banned = self.banned.get(&chat).is_some_and(|until| now < *until);
        let why = if banned {
            "banned"
        } else if chat < 0 && in_window(&self.log, Some(chat), window) >= 20 {
            "20 a window per group"
        } else if last.is_some_and(|t| t <= now && now.duration_since(t) < gap / 2) {
            "one a second per chat"
        } else if in_window(&self.log, None, window / 60) >= 30 {
            "30 a second per bot"
        } else {
            ""
        };
        if self.enforced && !why.is_empty() {
            if !banned {
                let strikes = self.strikes.entry(chat).or_default();
                *strikes += 1;
                let ban = (window.as_secs().max(1) << (*strikes - 1).min(5)).min(600);
                self.banned.insert(chat, now + Duration::from_secs(ban));
            }
            let left = self.banned[&chat].saturating_duration_since(now);
            if std::env::var_os("FAKE_TRACE").is_some() {
                let recent: Vec<_> = self
                    .log
                    .iter()
                    .rev()
                    .filter(|(c, _, _)| *c == chat)
                    .take(4)
                    .map(|(_, m, t)| (m.clone(), now.saturating_duration_since(*t)))
                    .collect();
                eprintln!("429 {chat} {method} {why}: before it {recent:?}");
            }
            self.refused.push((chat, method.to_owned(), why));
            return Some(left.as_secs_f64().ceil().max(1.0) as u64);
        }
        self.log.push((chat, method.to_owned(), now));
        None
    }

    /// Counted calls to `chat` that arrived.
    pub fn calls_to(&self, chat: i64) -> usize {
        self.log.iter().filter(|(c, _, _)| *c == chat).count()
    }

    /// The most counted calls to `chat` in any window.
    pub fn most_in_a_window(&self, chat: i64) -> usize {
        let times: Vec<Instant> =
            self.log.iter().filter(|(c, _, _)| *c == chat).map(|(_, _, t)| *t).collect();
        (0..times.len())
            .map(|i| {
                times[i..].iter().take_while(|t| t.duration_since(times[i]) < self.window).count()
            })
            .max()
            .unwrap_or(0)
    }

    /// Bans `chat` for `seconds` from now, as Telegram may for reasons of its own (another
    /// program on the token, changed limits).
    pub fn ban(&mut self, chat: i64, seconds: u64) {
        self.banned.insert(chat, Instant::now() + Duration::from_secs(seconds));
    }
}

/// A Bot API success.
pub fn ok(result: Value) -> axum::Json<Value> {
    axum::Json(json!({ "ok": true, "result": result }))
}

/// A request's fields, JSON or multipart, and its files apart.
#[derive(Debug, Default)]
pub struct Fields {
    /// The fields by name; a file becomes `{"file_bytes": n, "png": bool}`.
    pub values: HashMap<String, Value>,
    /// The files: their names and bytes.
    pub files: Vec<(String, Vec<u8>)>,
}

/// Reads a request's fields. A body cut short (a process killed while it uploads) gives what
/// arrived.
pub async fn fields(request: Request) -> Fields {
    let multipart = request
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/"));
    let mut out = Fields::default();
    if multipart {
        let Ok(mut form) = Multipart::from_request(request, &()).await else { return out };
        while let Ok(Some(field)) = form.next_field().await {
            let name = field.name().unwrap_or_default().to_owned();
            let file_name = field.file_name().map(str::to_owned);
            let is_file = file_name.is_some()
                || field.content_type().is_some_and(|t| !t.starts_with("text/"));
            let Ok(bytes) = field.bytes().await else { break };
            let value = if is_file {
                out.files.push((file_name.unwrap_or_default(), bytes.to_vec()));
                json!({ "file_bytes": bytes.len(), "png": bytes.starts_with(b"\x89PNG") })
            } else {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                serde_json::from_str(&text).unwrap_or(Value::String(text))
            };
            out.values.insert(name, value);
        }
    } else {
        let bytes = axum::body::to_bytes(request.into_body(), usize::MAX).await.unwrap_or_default();
        if let Ok(Value::Object(map)) = serde_json::from_slice(&bytes) {
            out.values.extend(map);
        }
    }
    out
}

/// A person as Telegram describes them.
pub fn user(id: i64, name: &str) -> Value {
    json!({ "id": id, "is_bot": false, "first_name": name, "language_code": "en" })
}

/// The bot, as `getMe` answers.
pub fn get_me() -> Value {
    json!({ "id": 999, "is_bot": true, "first_name": "dicetable", "username": "dicetable_bot",
        "can_join_groups": true, "can_read_all_group_messages": false,
        "supports_inline_queries": false, "can_connect_to_business": false,
        "has_main_web_app": false })
}

/// A chat as Telegram describes it: the group, or (a positive id) a user's private chat.
pub fn chat_json(chat: i64) -> Value {
    if chat > 0 {
        json!({ "id": chat, "type": "private", "first_name": "Player" })
    } else {
        json!({ "id": chat, "type": "supergroup", "title": "Game night" })
    }
}

/// A message the bot sent, as Telegram describes it, from what a fake keeps of it: `chat`,
/// `text` (a caption under a picture or file), `photo`, `file` (the method that sent a file:
/// `sendanimation`, `senddocument`) and `file_name`, `keyboard`.
pub fn message_json(id: i64, body: &Value) -> Value {
    let mut m = json!({
        "message_id": id,
        "date": 1_700_000_000,
        "chat": chat_json(body["chat"].as_i64().unwrap_or(GROUP)),
        "from": { "id": 999, "is_bot": true, "first_name": "dicetable", "username": "dicetable_bot" },
    });
    let document = json!({ "file_id": format!("f{id}"), "file_unique_id": format!("u{id}"),
        "file_name": body["file_name"].clone() });
    if body["photo"] == true {
        m["photo"] = json!([{ "file_id": format!("f{id}"), "file_unique_id": format!("u{id}"),
            "width": 1000, "height": 1000 }]);
        m["caption"] = body["text"].clone();
    } else if body["file"] == "sendanimation" {
        // As Telegram answers: the animation, and the same file as a document.
        m["animation"] = json!({ "file_id": format!("f{id}"), "file_unique_id": format!("u{id}"),
            "width": 1000, "height": 1000, "duration": 60 });
        m["document"] = document;
        m["caption"] = body["text"].clone();
    } else if body["file"] == "senddocument" {
        m["document"] = document;
        m["caption"] = body["text"].clone();
    } else {
        m["text"] = body["text"].clone();
    }
    if let Some(k) = body.get("keyboard").filter(|k| !k.is_null()) {
        m["reply_markup"] = k.clone();
    }
    m
}

/// Text as a reader sees it: without HTML tags, entities or isolation marks.
pub fn untagged(text: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
        .replace(['\u{2068}', '\u{2069}'], "")
}

/// Edits refused because they changed nothing ("message is not modified"), over `messages`.
pub fn not_modified(messages: &HashMap<i64, Value>) -> i64 {
    messages.values().filter_map(|m| m["not_modified"].as_i64()).sum()
}

/// `editMessageText`, `editMessageMedia` or `editMessageReplyMarkup` on the messages a fake
/// keeps (see [`message_json`]; `rev` counts the edits, `png` whether the new picture is one),
/// answered as Telegram does, also when the message is not there.
pub fn edit(
    messages: &mut HashMap<i64, Value>,
    method: &str,
    f: &HashMap<String, Value>,
) -> axum::Json<Value> {
    let id = f.get("message_id").and_then(Value::as_i64).unwrap_or(0);
    // A message is named by its chat and its number there, as Telegram names it.
    let chat = f.get("chat_id").and_then(Value::as_i64);
    let Some(m) = messages.get_mut(&id).filter(|m| chat.is_none_or(|c| m["chat"] == c)) else {
        return axum::Json(json!({ "ok": false, "error_code": 400,
            "description": "Bad Request: message to edit not found" }));
    };
    // As Telegram does, a text message cannot become a picture (issue 61: a cup's sign-up
    // text could not become its standings).
    if method == "editmessagemedia" && m["photo"] != true && m["file"].is_null() {
        return axum::Json(json!({ "ok": false, "error_code": 400,
            "description": "Bad Request: there is no media in the message to edit" }));
    }
    let keyboard = f.get("reply_markup").cloned().unwrap_or(Value::Null);
    // As Telegram does, an edit that changes nothing is refused (and counted on the message:
    // `not_modified`), so tests can demand that the bot makes none.
    let none =
        |k: &Value| k.is_null() || k["inline_keyboard"].as_array().is_some_and(Vec::is_empty);
    let same_keyboard = keyboard == m["keyboard"] || (none(&keyboard) && none(&m["keyboard"]));
    let unchanged = match method {
        "editmessagereplymarkup" => same_keyboard,
        "editmessagetext" => same_keyboard && f.get("text") == Some(&m["text"]),
        _ => false,
    };
    if unchanged {
        m["not_modified"] = json!(m["not_modified"].as_i64().unwrap_or(0) + 1);
        return axum::Json(json!({ "ok": false, "error_code": 400,
            "description": "Bad Request: message is not modified: specified new message content \
                and reply markup are exactly the same as a current content and reply markup of \
                the message" }));
    }
    m["keyboard"] = keyboard;
    m["rev"] = json!(m["rev"].as_i64().unwrap_or(0) + 1);
    if method == "editmessagetext" {
        m["text"] = f.get("text").cloned().unwrap_or(Value::Null);
    }
    if method == "editmessagemedia" {
        m["text"] = f.get("media").map_or(Value::Null, |m| m["caption"].clone());
        m["photo"] = json!(true);
        m["png"] = json!(f.values().any(|p| p["png"] == true));
    }
    ok(message_json(id, m))
}

/// What the fake Bot API saw and holds.
#[derive(Default)]
pub struct Fake {
    /// Updates for `getUpdates`, until an offset confirms them.
    pub updates: VecDeque<Value>,
    /// The last update id given.
    pub next_update: i64,
    /// The last message id given (ids start at 1001).
    pub next_message: i64,
    /// Messages the bot shows, by id: `chat`, `text` (or caption), `photo`, `png`, `keyboard`,
    /// `rev` (edits so far), `by` (the process whose path sent it) and `calls` (every edit:
    /// process, method, refused as not modified).
    pub messages: HashMap<i64, Value>,
    /// Callback answers, every one (a second answer to a query is refused, as Telegram does,
    /// and kept here too): (query id, text, alert).
    pub answers: Vec<(String, Option<String>, bool)>,
    /// Methods to refuse with 429 the next n times.
    pub limited: HashMap<String, usize>,
    /// Every method called, lower case, in order.
    pub calls: Vec<String>,
    /// setWebhook: (url, secret token).
    pub webhook: Option<(String, String)>,
    /// setMyCommands: (language code, command names).
    pub menus: Vec<(Option<String>, Vec<String>)>,
    /// The offset of every getUpdates call, in order.
    pub offsets: Vec<i64>,
    /// getUpdates answers 409 (another poller took over) while this is set.
    pub polling_refused: bool,
    /// Every update given: its id, and a callback query's id.
    pub pushed: Vec<(i64, Option<String>)>,
    /// Every new message (sendMessage, sendPhoto): its chat, and when.
    pub sent: Vec<(i64, Instant)>,
    /// Files sent with sendAnimation and sendDocument: (method, file name, bytes).
    pub files: Vec<(String, String, Vec<u8>)>,
    /// Private chats of users who blocked the bot: messages to them are refused with 403.
    pub blocked: Vec<i64>,
    /// The 403's description, when not "bot was blocked by the user" (a user who never
    /// started the bot gets "bot can't initiate conversation with a user").
    pub refusal: Option<&'static str>,
    /// Messages refused that way: their chat.
    pub refused: Vec<i64>,
    /// Telegram's limits, enforced on every counted call.
    pub rules: Rules,
    /// Texts refused as too long, as Telegram refuses them (a caption over 1,024 UTF-16 units,
    /// a message over 4,096, counted after the HTML entities are parsed): (method, length).
    pub too_long: Vec<(String, usize)>,
    /// Messages deleted (deleteMessage), in order: (chat, message).
    pub deleted: Vec<(i64, i64)>,
}

impl Fake {
    /// The messages of `chat` (every chat if `None`), oldest first.
    pub fn in_chat(&self, chat: Option<i64>) -> Vec<(i64, &Value)> {
        let mut m: Vec<_> = self
            .messages
            .iter()
            .filter(|(_, m)| chat.is_none_or(|c| m["chat"] == c))
            .map(|(i, m)| (*i, m))
            .collect();
        m.sort_by_key(|(id, _)| *id);
        m
    }

    /// The newest message of `chat` (every chat if `None`) with a callback button labelled
    /// `label`: its id and the button's data.
    pub fn button_in(&self, chat: Option<i64>, label: &str) -> Option<(i64, String)> {
        self.in_chat(chat).into_iter().rev().find_map(|(id, m)| {
            let rows = m["keyboard"]["inline_keyboard"].as_array()?;
            rows.iter().flat_map(|r| r.as_array().into_iter().flatten()).find_map(|b| {
                let data = b["callback_data"].as_str()?.to_owned();
                (b["text"].as_str()? == label).then_some((id, data))
            })
        })
    }

    /// [`Fake::button_in`] every chat.
    pub fn button(&self, label: &str) -> Option<(i64, String)> {
        self.button_in(None, label)
    }

    /// The newest photo of `chat` (every chat if `None`), with or without buttons.
    pub fn board_in(&self, chat: Option<i64>) -> Option<(i64, Value)> {
        let photos = self.in_chat(chat).into_iter().rev();
        photos.map(|(id, m)| (id, m.clone())).find(|(_, m)| m["photo"] == true)
    }

    /// [`Fake::board_in`] every chat.
    pub fn board(&self) -> Option<(i64, Value)> {
        self.board_in(None)
    }

    /// The photos of `chat` that still have buttons (its live boards), oldest first.
    pub fn live_boards(&self, chat: i64) -> Vec<i64> {
        self.in_chat(Some(chat))
            .into_iter()
            .filter(|(_, m)| m["photo"] == true && m["keyboard"]["inline_keyboard"].is_array())
            .map(|(id, _)| id)
            .collect()
    }

    /// Every text of `chat` (every chat if `None`) that says `words`, as a reader sees it,
    /// oldest first, with its message's id.
    pub fn said_in(&self, chat: Option<i64>, words: &str) -> Vec<(i64, String)> {
        self.in_chat(chat)
            .into_iter()
            .filter_map(|(id, m)| Some((id, untagged(m["text"].as_str()?))))
            .filter(|(_, t)| t.contains(words))
            .collect()
    }

    /// The answers to the callback query `qid`, first: its text and whether it is an alert.
    pub fn answer(&self, qid: &str) -> Option<(Option<String>, bool)> {
        self.answers.iter().find(|(id, _, _)| id == qid).map(|(_, t, a)| (t.clone(), *a))
    }

    /// An update given the next id (and noted in `pushed`), for a test to deliver (to a
    /// webhook); its id.
    pub fn number(&mut self, update: &mut Value) -> i64 {
        self.next_update += 1;
        update["update_id"] = json!(self.next_update);
        let query = update["callback_query"]["id"].as_str().map(str::to_owned);
        self.pushed.push((self.next_update, query));
        self.next_update
    }

    /// An update numbered and kept for `getUpdates`; its id.
    fn queue(&mut self, mut update: Value) -> i64 {
        let id = self.number(&mut update);
        self.updates.push_back(update);
        id
    }

    /// A message the bot sends: kept, and answered as Telegram describes it.
    fn send(
        &mut self,
        by: &str,
        method: &str,
        f: &HashMap<String, Value>,
        files: Vec<(String, Vec<u8>)>,
    ) -> axum::Json<Value> {
        self.next_message += 1;
        let id = self.next_message + 1000;
        let chat = f.get("chat_id").and_then(Value::as_i64).unwrap_or(GROUP);
        let keyboard = f.get("reply_markup").cloned().unwrap_or(Value::Null);
        let body = if method == "sendmessage" || method == "sendphoto" {
            self.sent.push((chat, Instant::now()));
            let photo = method == "sendphoto";
            let text = f.get(if photo { "caption" } else { "text" }).cloned();
            json!({ "chat": chat, "photo": photo, "text": text, "keyboard": keyboard, "rev": 0,
                "png": f.values().any(|p| p["png"] == true), "by": by })
        } else {
            let (file_name, bytes) = files.into_iter().next().unwrap_or_default();
            self.files.push((method.to_owned(), file_name.clone(), bytes));
            json!({ "chat": chat, "file": method, "file_name": file_name, "text": f.get("caption"),
                "keyboard": keyboard, "rev": 0, "by": by })
        };
        self.messages.insert(id, body.clone());
        ok(message_json(id, &body))
    }
}

/// The fake Bot API, served on loopback: what it holds, and a bell rung at every new update
/// (a `getUpdates` waiting for one answers at once).
#[derive(Clone)]
pub struct BotApi {
    /// What it saw and holds.
    pub fake: Arc<Mutex<Fake>>,
    pushed: Arc<Notify>,
    /// Where it listens.
    pub addr: std::net::SocketAddr,
}

impl BotApi {
    /// A fake Bot API on a free loopback port. A bot reaches it at [`BotApi::url`]; a process
    /// that should be told apart at `url_for(name)` (what it sends then says `by: name`).
    pub async fn start() -> BotApi {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let api = BotApi { fake: Arc::default(), pushed: Arc::new(Notify::new()), addr };
        // The Bot API takes files up to 50 MB (axum's own default, 2 MB, would refuse a long
        // game's replay GIF).
        let app = Router::new()
            .route("/{bot}/{method}", post(call))
            .route("/{by}/{bot}/{method}", post(call_by))
            .layer(axum::extract::DefaultBodyLimit::max(50 << 20))
            .with_state(api.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        api
    }

    /// The address a bot is given (`TELEGRAM_API_URL`).
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The address a bot is given to tell what it sends apart (`by: name`).
    pub fn url_for(&self, name: &str) -> String {
        format!("http://{}/{name}", self.addr)
    }

    /// Gives the bot an update (by `getUpdates`); its id.
    pub async fn push(&self, update: Value) -> i64 {
        let id = self.fake.lock().await.queue(update);
        self.pushed.notify_waiters();
        id
    }

    /// Waits until `check` holds on what the fake holds (60 s at most: a game's replay drawn
    /// on a machine busy with other tests can take half a minute).
    pub async fn until<T>(&self, what: &str, check: impl Fn(&Fake) -> Option<T>) -> T {
        if let Some(v) = self.within(Duration::from_secs(60), check).await {
            return v;
        }
        let fake = self.fake.lock().await;
        let newest = fake.board().map(|(_, m)| m["text"].clone());
        panic!(
            "timed out waiting for {what}; answers {:?}; newest board {newest:?}",
            fake.answers.last()
        );
    }

    /// [`BotApi::until`] for at most `limit`, `None` after it.
    pub async fn within<T>(
        &self,
        limit: Duration,
        check: impl Fn(&Fake) -> Option<T>,
    ) -> Option<T> {
        let start = Instant::now();
        while start.elapsed() < limit {
            if let Some(v) = check(&*self.fake.lock().await) {
                return Some(v);
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        None
    }
}

/// A line `text` said by user `uid` (`name`) in `chat`, as an update.
pub fn said(chat: i64, uid: i64, name: &str, text: &str) -> Value {
    json!({ "message": { "message_id": 500 + uid, "date": 1_700_000_000,
        "chat": chat_json(chat), "from": user(uid, name), "text": text } })
}

/// A press of a button carrying `data` under `message` (as the fake holds it: `body`) by user
/// `uid` (`name`), as an update with the callback query id `qid`.
pub fn pressed(qid: &str, uid: i64, name: &str, message: i64, body: &Value, data: &str) -> Value {
    json!({ "callback_query": { "id": qid, "from": user(uid, name), "chat_instance": "ci",
        "message": message_json(message, body), "data": data } })
}

/// A Bot API call at the plain address.
async fn call(
    s: State<BotApi>,
    Path((_bot, method)): Path<(String, String)>,
    request: Request,
) -> axum::Json<Value> {
    serve(s, String::new(), method, request).await
}

/// A Bot API call at the address of the process `by`.
async fn call_by(
    s: State<BotApi>,
    Path((by, _bot, method)): Path<(String, String, String)>,
    request: Request,
) -> axum::Json<Value> {
    serve(s, by, method, request).await
}

/// A text or caption longer than Telegram takes: what it is, the most, and its length in UTF-16
/// units after HTML entities are parsed (tags take no room, `&amp;` one unit).
fn too_long(method: &str, f: &HashMap<String, Value>) -> Option<(&'static str, usize, usize)> {
    let (what, max, value) = match method {
        "sendmessage" | "editmessagetext" => ("message text", 4096, f.get("text")?.clone()),
        "sendphoto" | "sendanimation" | "senddocument" | "editmessagecaption" => {
            ("message caption", 1024, f.get("caption")?.clone())
        }
        "editmessagemedia" => ("message caption", 1024, f.get("media")?["caption"].clone()),
        _ => return None,
    };
    let text = value.as_str()?;
    let html = f.get("parse_mode").and_then(Value::as_str) == Some("HTML")
        || f.get("media").is_some_and(|m| m["parse_mode"] == "HTML");
    let len = if html { parsed(text) } else { text.to_owned() }.encode_utf16().count();
    (len > max).then_some((what, max, len))
}

/// Telegram HTML as the reader gets it: tags dropped, entities turned into their characters.
pub fn parsed(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&")
}

/// One Bot API call: `by` is the path the caller was given (empty: the plain address).
async fn serve(
    State(s): State<BotApi>,
    by: String,
    method: String,
    request: Request,
) -> axum::Json<Value> {
    // Bot API method names are case-insensitive (teloxide sends "SendPhoto").
    let method = method.to_lowercase();
    let began = Instant::now();
    let Fields { values: f, files } = fields(request).await;
    let mut fake = s.fake.lock().await;
    fake.calls.push(method.clone());
    if let Some(n) = fake.limited.get_mut(&method)
        && *n > 0
    {
        *n -= 1;
        return axum::Json(json!({
            "ok": false, "error_code": 429,
            "description": "Too Many Requests: retry after 1",
            "parameters": { "retry_after": 1 }
        }));
    }
    let chat = f.get("chat_id").and_then(Value::as_i64);
    if let Some((what, max, len)) = too_long(&method, &f) {
        fake.too_long.push((method.clone(), len));
        return axum::Json(json!({ "ok": false, "error_code": 400,
            "description": format!("Bad Request: {what} is too long ({len} > {max})") }));
    }
    if let Some(c) = chat
        && let Some(seconds) = fake.rules.admit(c, &method, began)
    {
        return axum::Json(json!({
            "ok": false, "error_code": 429,
            "description": format!("Too Many Requests: retry after {seconds}"),
            "parameters": { "retry_after": seconds }
        }));
    }
    match method.as_str() {
        "getme" => ok(get_me()),
        "getupdates" => {
            // As Telegram does: an offset confirms (forgets) every update before it; the rest
            // are delivered again until confirmed.
            if fake.polling_refused {
                return axum::Json(json!({ "ok": false, "error_code": 409,
                    "description": "Conflict: terminated by other getUpdates request" }));
            }
            let offset = f.get("offset").and_then(Value::as_i64).unwrap_or(0);
            fake.offsets.push(offset);
            fake.updates.retain(|u| u["update_id"].as_i64().unwrap_or(0) >= offset);
            if fake.updates.is_empty() {
                drop(fake);
                let _ = tokio::time::timeout(Duration::from_millis(300), s.pushed.notified()).await;
                fake = s.fake.lock().await;
            }
            let updates: Vec<Value> = fake.updates.iter().take(100).cloned().collect();
            ok(Value::Array(updates))
        }
        "sendmessage" | "sendphoto" if chat.is_some_and(|c| fake.blocked.contains(&c)) => {
            fake.refused.push(chat.unwrap_or_default());
            let description = fake.refusal.unwrap_or("Forbidden: bot was blocked by the user");
            axum::Json(json!({ "ok": false, "error_code": 403, "description": description }))
        }
        "sendmessage" | "sendphoto" | "sendanimation" | "senddocument" => {
            fake.send(&by, &method, &f, files)
        }
        "editmessagetext" | "editmessagemedia" | "editmessagereplymarkup" => {
            let id = f.get("message_id").and_then(Value::as_i64).unwrap_or(0);
            let answer = edit(&mut fake.messages, &method, &f);
            // Who edited each message, and whether it took: attributes a needless edit.
            if let Some(m) =
                fake.messages.get_mut(&id).filter(|m| chat.is_none_or(|c| m["chat"] == c))
            {
                let mut calls = m["calls"].as_array().cloned().unwrap_or_default();
                let description = answer.0["description"].as_str().unwrap_or("");
                calls.push(json!([by, method, description.contains("not modified")]));
                m["calls"] = json!(calls);
            }
            answer
        }
        "deletemessage" => {
            let id = f.get("message_id").and_then(Value::as_i64).unwrap_or(0);
            let theirs = fake.messages.get(&id).is_some_and(|m| m["chat"].as_i64() == chat);
            if !theirs {
                return axum::Json(json!({ "ok": false, "error_code": 400,
                    "description": "Bad Request: message to delete not found" }));
            }
            fake.messages.remove(&id);
            fake.deleted.push((chat.unwrap_or_default(), id));
            ok(json!(true))
        }
        "answercallbackquery" => {
            let id = f.get("callback_query_id").and_then(Value::as_str).unwrap_or("").to_owned();
            let text = f.get("text").and_then(Value::as_str).map(str::to_owned);
            let alert = f.get("show_alert").and_then(Value::as_bool).unwrap_or(false);
            // As Telegram: a query is answered once; a second answer is refused.
            let again = fake.answers.iter().any(|(q, _, _)| *q == id);
            fake.answers.push((id, text, alert));
            if again {
                return axum::Json(json!({ "ok": false, "error_code": 400,
                    "description": "Bad Request: query is too old and response timeout expired or query ID is invalid" }));
            }
            ok(json!(true))
        }
        "getchatmember" => {
            let uid = f.get("user_id").and_then(Value::as_i64).unwrap_or(0);
            // User 3 ("Mod") administers every group.
            if uid == 3 {
                ok(json!({ "status": "creator", "user": user(uid, "Mod"), "is_anonymous": false }))
            } else {
                ok(json!({ "status": "member", "user": user(uid, "x") }))
            }
        }
        "setmycommands" => {
            let names = f["commands"].as_array().map(|c| {
                c.iter().map(|c| c["command"].as_str().unwrap_or("").to_owned()).collect()
            });
            let code = f.get("language_code").and_then(Value::as_str).map(str::to_owned);
            fake.menus.push((code, names.unwrap_or_default()));
            ok(json!(true))
        }
        "deletewebhook" => ok(json!(true)),
        "setwebhook" => {
            let url = f.get("url").and_then(Value::as_str).unwrap_or("").to_owned();
            let secret = f.get("secret_token").and_then(Value::as_str).unwrap_or("").to_owned();
            fake.webhook = Some((url, secret));
            ok(json!(true))
        }
        other => axum::Json(
            json!({ "ok": false, "error_code": 404, "description": format!("Not Found: method {other}") }),
        ),
    }
}

/// A bot started against a fresh [`BotApi`], and the people of its chats: they say lines and
/// press buttons, as updates the bot polls for (or, in webhook mode, a test posts).
pub struct TelegramBot {
    /// Its fake Bot API.
    pub api: BotApi,
    /// The bot.
    pub running: bot::Running,
    /// How it was started (to start another on the same settings).
    pub config: Config,
    /// The last callback query id given (`q1`, `q2`, …).
    pub query: u64,
}

impl TelegramBot {
    /// A bot on a SQLite database of its own named `name`.
    pub async fn start(name: &str) -> TelegramBot {
        Self::start_with(&super::sqlite_url("tg", name), None).await
    }

    /// A bot on `database_url` (webhook mode if `webhook`).
    pub async fn start_with(database_url: &str, webhook: Option<&str>) -> TelegramBot {
        Self::start_tuned(database_url, webhook, |_| {}).await
    }

    /// A bot whose configuration `tune` changes.
    pub async fn start_tuned(
        database_url: &str,
        webhook: Option<&str>,
        tune: impl FnOnce(&mut Config),
    ) -> TelegramBot {
        let api = BotApi::start().await;
        let mut config = Config {
            playground: PlaygroundMode::Auto,
            telegram_token: Some("123:TEST".into()),
            telegram_api_url: api.url().parse().unwrap(),
            telegram_webhook_url: webhook.map(|w| w.parse().unwrap()),
            shutdown_timeout: Duration::from_secs(25),
            ..super::bot_config(database_url.to_owned())
        };
        tune(&mut config);
        let running = bot::start(&config).await.unwrap();
        TelegramBot { api, running, query: 0, config }
    }

    /// Gives the bot an update.
    pub async fn push(&self, update: Value) -> i64 {
        self.api.push(update).await
    }

    /// User `uid` (`name`) says `text` in the group.
    pub async fn say(&self, uid: i64, name: &str, text: &str) {
        self.say_in(GROUP, uid, name, text).await;
    }

    /// User `uid` (`name`) says `text` in `chat`.
    pub async fn say_in(&self, chat: i64, uid: i64, name: &str, text: &str) {
        self.push(said(chat, uid, name, text)).await;
    }

    /// Says `text` in the group as a reply to a message of `to` (its id and name).
    pub async fn reply(&self, uid: i64, name: &str, text: &str, to: (i64, &str)) {
        let mut update = said(GROUP, uid, name, text);
        update["message"]["message_id"] = json!(700 + uid);
        update["message"]["reply_to_message"] = json!({
            "message_id": 600 + to.0, "date": 1_700_000_000, "chat": chat_json(GROUP),
            "from": user(to.0, to.1), "text": "good game",
        });
        self.push(update).await;
    }

    /// User `uid` (`name`) presses the button carrying `data` under `message`; the query's id.
    pub async fn press(&mut self, uid: i64, name: &str, message: i64, data: &str) -> String {
        self.query += 1;
        let qid = format!("q{}", self.query);
        let body = self.api.fake.lock().await.messages[&message].clone();
        self.push(pressed(&qid, uid, name, message, &body, data)).await;
        qid
    }

    /// Waits until `check` holds on the fake's state (see [`BotApi::until`]).
    pub async fn until<T>(&self, what: &str, check: impl Fn(&Fake) -> Option<T>) -> T {
        self.api.until(what, check).await
    }

    /// Waits for the answer to the callback query `qid`: its text, and whether an alert.
    pub async fn answer(&self, qid: &str) -> (Option<String>, bool) {
        self.until(&format!("the answer to {qid}"), |f| f.answer(qid)).await
    }

    /// Waits until some message says `text`.
    pub async fn until_said(&self, what: &str, text: &str) {
        self.until(what, |f| (!f.said_in(None, text).is_empty()).then_some(())).await;
    }

    /// Message `id` once edited past revision `rev`.
    pub async fn edited(&self, id: i64, rev: i64) -> Value {
        self.until("the board edited", |f| {
            let m = &f.messages[&id];
            (m["rev"].as_i64().unwrap_or(0) > rev).then(|| m.clone())
        })
        .await
    }
}
