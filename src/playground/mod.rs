//! The local playground: a web page that behaves like a group chat, so that anyone can play
//! without a Discord or Telegram token. It is an adapter like the others: it turns what a
//! visitor types or presses into table operations and shows the views it gets back.
//!
//! HTTP API (all JSON, on the bot's `LISTEN` address):
//!
//! | method and path | does |
//! |---|---|
//! | `GET /` | the page |
//! | `GET /api/messages?room=R&user=U` | the room's messages this user may see (header `x-dicetable-epoch`: the process's epoch) |
//! | `GET /api/events?room=R&user=U` | server-sent events: first `hello` `{epoch}`, then each new or edited message |
//! | `POST /api/say` `{room, user, text}` | a chat line; `/commands` go to the table service |
//! | `POST /api/press` `{room, user, token}` | a button press |
//! | `GET /img/R/ID/DIGEST.png` | a message's board picture, named by its content (cached for good) |
//! | `GET /api/words?lang=L` | the page's own words in language `L` |
//!
//! A user is a display name (the id is `playground:<name in lower case>`); a room is a chat
//! (`playground:<room>`). Messages live in memory, bounded: the last 200 per room, pictures on
//! only the newest few, rooms idle for 20 minutes forgotten, and when all rooms together pass
//! 40 MB, the least recently used rooms lose their pictures first, then are forgotten. Message
//! ids never repeat, not even across restarts: a process numbers its messages from its epoch
//! (the time it started, in milliseconds, × 1000); a cup's standings, one message edited for
//! the cup's whole life, come back under their own id when the room lost them (forgotten, or
//! a restart), at a higher version, so a page left open replaces its stale standings in
//! place. The page fetches its room again each time
//! its event stream opens; when the epoch changed (the bot restarted) it keeps what it shows,
//! adds the new process's messages (its open tables' boards) at the bottom, and takes the
//! buttons off the old process's boards. Each message says its language (`lang`), which sets
//! its direction on the page. Games live in the database like any
//! others, and a room first asked for after a start (or after it was forgotten) shows its open
//! tables as they stand. Every local user is the room's admin. Private views reach only their user's event stream.

use std::collections::{HashMap, VecDeque};
use std::convert::Infallible;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Json;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use futures_util::{Stream, StreamExt};
use serde::{Deserialize, Serialize};
use tokio::sync::{Mutex, broadcast, watch};

use crate::ids::{ChatId, MessageRef, Platform, Posted, TableId, UserId};
use crate::table::command::CommandError;
use crate::table::i18n::Lang;
use crate::table::{Ctx, FileKind, Op, Service, Slot, View, parse_command};

/// Messages kept per room.
const KEEP: usize = 200;
/// Messages of a room that keep their pictures (older ones keep their text).
const PICTURES: usize = 6;
/// Live messages kept past [`KEEP`] before the oldest of them go too.
const LIVE: usize = KEEP / 4;
/// A room not used for this long is forgotten (its games are in the database).
const IDLE: Duration = Duration::from_secs(20 * 60);
/// The most bytes all rooms' messages may hold; the least recently used rooms go first.
const MAX_BYTES: usize = 40 << 20;
/// Display names remembered before the list starts again.
const MAX_NAMES: usize = 100_000;
/// The longest chat line or name accepted.
const MAX_TEXT: usize = 2000;
const MAX_NAME: usize = 40;

pub mod live;

const PAGE: &str = include_str!("page.html");

/// One message in a room. Its picture is kept apart from the view, with its digest (the
/// picture's address) computed once.
#[derive(Debug, Clone)]
struct Message {
    id: u64,
    version: u32,
    author: Option<String>,
    /// The view, without its picture.
    view: View,
    picture: Option<Picture>,
}

/// A message's picture (a board's PNG, a replay's GIF) or file (a game record).
#[derive(Debug, Clone)]
struct Picture {
    png: axum::body::Bytes,
    digest: String,
    /// `png`, `gif` or `json`: the address's extension.
    ext: &'static str,
    /// The file's name, for a download (a game record).
    name: Option<String>,
}

impl Message {
    fn new(id: u64, author: Option<String>, mut view: View) -> Self {
        let picture = Picture::of(&mut view);
        Message { id, version: 0, author, view, picture }
    }

    /// Whether the chat still edits it: a cup's standings, or a table's message with its
    /// buttons (the show protocol takes them off the one it replaces).
    fn is_live(&self) -> bool {
        match &self.view.kind {
            crate::table::Kind::Standings(_) => true,
            crate::table::Kind::Table(m) => !m.buttons.is_empty(),
            _ => false,
        }
    }

    /// Shows `view` instead (an edit).
    fn replace(&mut self, mut view: View) {
        self.picture = Picture::of(&mut view);
        self.view = view;
        self.version += 1;
    }

    /// About how many bytes the message holds.
    fn bytes(&self) -> usize {
        let buttons: usize =
            self.view.buttons().iter().flatten().map(|b| b.label.len() + b.token.len() + 48).sum();
        let alt = self.view.alt().map_or(0, |a| a.len());
        256 + self.view.text.len()
            + alt
            + buttons
            + self.picture.as_ref().map_or(0, |p| p.png.len())
    }
}

impl Picture {
    /// Takes the picture out of a view.
    fn of(view: &mut View) -> Option<Picture> {
        if let Some(png) = view.take_image() {
            let digest = digest(&png);
            return Some(Picture { png: png.into(), digest, ext: "png", name: None });
        }
        let file = view.take_file()?;
        let digest = digest(&file.bytes);
        let (ext, name) = match file.kind {
            FileKind::Animation => ("gif", None),
            FileKind::Json => ("json", Some(file.name)),
        };
        Some(Picture { png: file.bytes.into(), digest, ext, name })
    }

    /// Its media type.
    fn mime(&self) -> &'static str {
        match self.ext {
            "gif" => FileKind::Animation.mime(),
            "json" => FileKind::Json.mime(),
            _ => "image/png",
        }
    }
}

/// A message as the page receives it.
#[derive(Debug, Clone, Serialize)]
struct Shown {
    id: u64,
    version: u32,
    author: Option<String>,
    text: String,
    /// The language the text speaks (`en`, `fa`, `ru`, `tl`), if known: the page reads a
    /// Persian message right to left whatever letters (seeds, names) it holds.
    lang: Option<&'static str>,
    image: Option<String>,
    /// The picture in words (a board's description), for the image's `alt`.
    alt: Option<String>,
    /// Where everything is, in words, shown before the text: a text-first board's
    /// (`/access on`, issue 48).
    places: Option<String>,
    /// A file to download (a game record): its address and name.
    file: Option<ShownFile>,
    buttons: Vec<Vec<ShownButton>>,
    private: bool,
    mentions: Vec<String>,
    /// The table's live board (a board's watch link), if this message shows a table.
    live: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
struct ShownFile {
    url: String,
    name: String,
}

#[derive(Debug, Clone, Serialize)]
struct ShownButton {
    label: String,
    token: String,
}

struct Room {
    messages: VecDeque<Message>,
    /// The room's open tables were shown when it was first asked for (see `restore`).
    restored: bool,
    /// When the room was last used.
    touched: Instant,
    /// What its messages hold ([`Message::bytes`]), as of the last [`Room::trim`].
    bytes: usize,
    /// Whether any of its messages still has a picture, as of the last [`Room::trim`].
    pictured: bool,
}

impl Default for Room {
    fn default() -> Self {
        Room {
            messages: VecDeque::new(),
            restored: false,
            touched: Instant::now(),
            bytes: 0,
            pictured: false,
        }
    }
}

impl Room {
    /// Keeps the newest [`KEEP`] messages, pictures on the newest [`PICTURES`] of them and on
    /// cups' standings (one message a cup, edited in place however old it is), and counts the
    /// bytes held. A live message (a cup's standings, a table's board or lobby with its
    /// buttons) is kept however busy the room (issue 61: a busy room dropped a cup's
    /// standings after 200 messages): the oldest other message goes instead, unless live
    /// ones alone pass [`LIVE`].
    fn trim(&mut self) {
        while self.messages.len() > KEEP {
            let live = self.messages.iter().filter(|m| m.is_live()).count();
            let standings = |m: &Message| matches!(m.view.kind, crate::table::Kind::Standings(_));
            // Past LIVE live messages the oldest that is not a cup's standings goes: a room
            // has one standings message a cup, and those stay however many boards it shows.
            let oldest = match live {
                _ if live > LIVE => self.messages.iter().position(|m| !standings(m)),
                _ => self.messages.iter().position(|m| !m.is_live()),
            };
            self.messages.remove(oldest.unwrap_or(0));
        }
        let mut pictures = 0;
        for m in self.messages.iter_mut().rev() {
            let standings = matches!(m.view.kind, crate::table::Kind::Standings(_));
            if m.picture.is_some() && !standings {
                pictures += 1;
                if pictures > PICTURES {
                    m.picture = None;
                }
            }
        }
        self.bytes = self.messages.iter().map(Message::bytes).sum();
        self.pictured = pictures > 0;
    }
}

#[derive(Default)]
struct Rooms {
    rooms: HashMap<String, Room>,
    names: HashMap<UserId, String>,
    /// The last message id given, in any room: ids never repeat, even in a room forgotten and
    /// made again, or in another process (they start from its [`epoch`]), so a page never
    /// mistakes a new message for one it already shows.
    last_id: u64,
    /// What all rooms hold: kept up to date as rooms change, counted afresh at each sweep.
    total: usize,
    /// When idle rooms were last looked for.
    swept: Option<Instant>,
}

/// The version of a message shown again under its own id after the room lost it: the seconds
/// since 1970, above the count of edits any page can have seen of it (a message is edited
/// far less than once a second over its life).
fn revived_version() -> u32 {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_secs());
    u32::try_from(secs).unwrap_or(u32::MAX / 2)
}

/// How often idle rooms are looked for (a post does not walk every room).
const SWEEP: Duration = Duration::from_secs(10);

/// Where this process's message ids start: the time it started, in milliseconds, × 1000.
/// A process that started later starts above every id an earlier one gave unless that one
/// gave more than a thousand messages for every millisecond it ran; the ids stay below 2^53
/// (JavaScript's exact integers) until the year 2255.
fn epoch() -> u64 {
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX / 2000));
    ms * 1000
}

impl Rooms {
    /// No rooms yet; message ids start after `epoch`.
    fn starting_at(epoch: u64) -> Self {
        Rooms { last_id: epoch, ..Rooms::default() }
    }

    /// The room, made if new, marked as used now.
    fn room(&mut self, room: &str) -> &mut Room {
        let r = self.rooms.entry(room.to_owned()).or_default();
        r.touched = Instant::now();
        r
    }

    /// After `room` changed: trims it, forgets idle rooms (looked for every [`SWEEP`]), and
    /// while all rooms hold more than [`MAX_BYTES`], going from the least recently used rooms
    /// (never `room`): takes their pictures off all messages but the newest picture (the board
    /// people look at), then that one too, then forgets such rooms. A room busy a moment ago
    /// keeps its board's picture until every quieter room has lost its older ones.
    fn tidy(&mut self, room: &str) {
        if let Some(r) = self.rooms.get_mut(room) {
            let before = r.bytes;
            r.trim();
            self.total = (self.total + r.bytes).saturating_sub(before);
        }
        let now = Instant::now();
        if self.swept.is_none_or(|at| now - at >= SWEEP) {
            self.rooms.retain(|name, r| name == room || now - r.touched < IDLE);
            self.total = self.rooms.values().map(|r| r.bytes).sum();
            self.swept = Some(now);
        }
        if self.total <= MAX_BYTES {
            return;
        }
        let mut total = self.total;
        let mut by_use: Vec<(Instant, String)> = self
            .rooms
            .iter()
            .filter(|(name, r)| name.as_str() != room && r.pictured)
            .map(|(name, r)| (r.touched, name.clone()))
            .collect();
        by_use.sort();
        for keep in [1, 0] {
            for (_, name) in &by_use {
                if total <= MAX_BYTES {
                    break;
                }
                if let Some(r) = self.rooms.get_mut(name) {
                    let before = r.bytes;
                    r.messages
                        .iter_mut()
                        .rev()
                        .filter(|m| m.picture.is_some())
                        .skip(keep)
                        .for_each(|m| m.picture = None);
                    r.trim();
                    total = total.saturating_sub(before.saturating_sub(r.bytes));
                }
            }
        }
        while total > MAX_BYTES {
            let oldest = self
                .rooms
                .iter()
                .filter(|(name, _)| name.as_str() != room)
                .min_by_key(|(_, r)| r.touched)
                .map(|(name, _)| name.clone());
            let Some(oldest) = oldest.and_then(|name| self.rooms.remove(&name)) else { break };
            total = total.saturating_sub(oldest.bytes);
        }
        self.total = total;
    }
}

/// A change in a room: the message to (re)send, and who may see it.
#[derive(Debug, Clone)]
struct Update {
    room: String,
    private_to: Option<UserId>,
    shown: Shown,
}

/// The playground adapter. Cheap to clone.
#[derive(Clone)]
pub struct Playground {
    service: Service,
    rooms: Arc<Mutex<Rooms>>,
    updates: broadcast::Sender<Update>,
    closing: Arc<watch::Sender<bool>>,
    /// Where this process's message ids start ([`epoch`]); a page that sees another one
    /// knows the bot restarted.
    epoch: u64,
    /// The bot's public address (`PUBLIC_URL`), for live-board links; `None`: links relative
    /// to the playground's own address.
    public_url: Option<url::Url>,
}

#[derive(Deserialize)]
struct Who {
    #[serde(default = "default_room")]
    room: String,
    user: String,
}

#[derive(Deserialize)]
struct Say {
    #[serde(default = "default_room")]
    room: String,
    user: String,
    text: String,
}

#[derive(Deserialize)]
struct Press {
    #[serde(default = "default_room")]
    room: String,
    user: String,
    token: String,
}

fn default_room() -> String {
    "main".into()
}

/// A refusal of the HTTP API itself (the page never sends these).
fn bad(message: &str) -> Response {
    (StatusCode::BAD_REQUEST, Json(serde_json::json!({ "error": message }))).into_response()
}

/// A display name as typed, trimmed; `None` if empty or too long.
fn clean_name(name: &str) -> Option<String> {
    let name = name.trim();
    (!name.is_empty() && name.chars().count() <= MAX_NAME && !name.chars().any(char::is_control))
        .then(|| name.to_owned())
}

fn clean_room(room: &str) -> Option<String> {
    let ok = !room.is_empty()
        && room.len() <= 40
        && room.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    ok.then(|| room.to_owned())
}

fn user_id(name: &str) -> UserId {
    UserId::playground(name)
}

impl Playground {
    /// A playground over the table service.
    pub fn new(service: Service) -> Self {
        let (updates, _) = broadcast::channel(1024);
        let (closing, _) = watch::channel(false);
        let epoch = epoch();
        Self {
            service,
            rooms: Arc::new(Mutex::new(Rooms::starting_at(epoch))),
            updates,
            closing: Arc::new(closing),
            epoch,
            public_url: None,
        }
    }

    /// Links boards' live pages under the bot's public address instead of the playground's.
    pub fn with_public_url(mut self, public_url: Option<url::Url>) -> Self {
        self.public_url = public_url;
        self
    }

    /// Ends every event stream, so that a graceful shutdown need not wait for open pages.
    pub fn close(&self) {
        let _ = self.closing.send(true);
    }

    /// The playground's routes.
    pub fn router(&self) -> Router {
        Router::new()
            .route("/", get(|| async { Html(PAGE) }))
            .route("/api/messages", get(messages))
            .route("/api/words", get(words))
            .route("/favicon.svg", get(favicon))
            .route("/api/events", get(events))
            .route("/api/say", post(say))
            .route("/api/press", post(press))
            .route("/img/{room}/{id}/{file}", get(image))
            .with_state(self.clone())
    }

    fn ctx(&self, room: &str, name: &str, headers: &HeaderMap) -> Ctx {
        let locale = headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split([',', ';']).next())
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty());
        Ctx {
            chat: crate::ids::ChatId::playground(room),
            user: crate::ids::UserId::playground(name),
            name: crate::table::clean_name(name),
            locale,
            // A local playground: everyone at the keyboard runs the room (`/lang chat`,
            // `/boards`, cancelling a stuck table).
            admin: true,
            chat_title: Some(room.to_owned()),
        }
    }

    fn shown(&self, room: &str, m: &Message, names: &HashMap<UserId, String>) -> Shown {
        Shown {
            id: m.id,
            version: m.version,
            author: m.author.clone(),
            text: m.view.text.clone(),
            lang: m.view.lang.map(Lang::code),
            // Addressed by content: losing its buttons does not change a picture's address, so
            // the browser never downloads the same picture twice.
            image: m
                .picture
                .as_ref()
                .filter(|p| p.name.is_none())
                .map(|p| format!("/img/{room}/{}/{}.{}", m.id, p.digest, p.ext)),
            alt: m.view.alt(),
            places: (m.view.text_first()).then(|| m.view.places()).flatten(),
            file: m.picture.as_ref().and_then(|p| {
                let name = p.name.clone()?;
                Some(ShownFile {
                    url: format!("/img/{room}/{}/{}.{}", m.id, p.digest, p.ext),
                    name,
                })
            }),
            buttons: m
                .view
                .buttons()
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|b| ShownButton { label: b.label.clone(), token: b.token.clone() })
                        .collect()
                })
                .collect(),
            private: m.view.private_to().is_some(),
            live: match m.view.shows() {
                Some((table, Slot::Board | Slot::Lobby)) => {
                    let path = format!("live/{}", self.service.live().live_link(table, None));
                    Some(match &self.public_url {
                        Some(base) => base.join(&path).map_or(format!("/{path}"), String::from),
                        None => format!("/{path}"),
                    })
                }
                _ => None,
            },
            mentions: m
                .view
                .mentions()
                .iter()
                .map(|id| names.get(id).cloned().unwrap_or_else(|| id.to_string()))
                .collect(),
        }
    }

    /// Shows a view in a chat (`playground:<room>`): a new message, or an edit of the one it
    /// replaces; then tells the service which message shows the table, and takes the buttons
    /// off the message it supersedes.
    pub async fn post(&self, chat: &ChatId, view: View) {
        let room = chat.playground_room().unwrap_or(chat.as_str()).to_owned();
        // A turn notice is a private message in the table's room: shown, it is delivered.
        let notice = view.notice().cloned();
        self.post_in(&room, None, view).await;
        if let Some(notice) = notice {
            self.service.turn_notices().noticed(&notice).await;
        }
    }

    /// Shows a view in a room by the show protocol ([`crate::table::show`]).
    async fn post_in(&self, room: &str, author: Option<String>, view: View) {
        self.learn_names(view.mentions()).await;
        let surface = Surface { playground: self, room, author };
        self.service.show(&surface, &view).await;
    }

    /// Puts a view in a room: a new message, or in place of message `replace`. Returns the
    /// message's id.
    async fn put(
        &self,
        room: &str,
        author: Option<String>,
        view: View,
        replace: Option<u64>,
    ) -> u64 {
        let (id, updates) = {
            let mut rooms = self.rooms.lock().await;
            let next = rooms.last_id + 1;
            let r = rooms.room(room);
            let existing = replace.and_then(|id| r.messages.iter().position(|m| m.id == id));
            let id = match (existing, replace) {
                (Some(i), _) => {
                    let m = &mut r.messages[i];
                    m.replace(view);
                    m.id
                }
                // A cup's standings this room no longer holds (the room was forgotten, or the
                // bot restarted) come back under their own id, at a version above any a page
                // may show, so that a page left open shows them anew in place of the stale
                // ones (issue 61) instead of keeping those beside a second message.
                (None, Some(lost)) if matches!(view.kind, crate::table::Kind::Standings(_)) => {
                    let mut m = Message::new(lost, author, view);
                    m.version = revived_version();
                    r.messages.push_back(m);
                    lost
                }
                (None, _) => {
                    r.messages.push_back(Message::new(next, author, view));
                    next
                }
            };
            let m = r.messages.iter().find(|m| m.id == id).cloned();
            rooms.last_id = rooms.last_id.max(id);
            rooms.tidy(room);
            let update = m.map(|m| Update {
                room: room.to_owned(),
                private_to: m.view.private_to().cloned(),
                shown: self.shown(room, &m, &rooms.names),
            });
            (id, update)
        };
        if let Some(u) = updates {
            let _ = self.updates.send(u);
        }
        id
    }

    /// A superseded board keeps its picture and text but loses its buttons.
    async fn strip_buttons(&self, room: &str, id: u64) {
        let update = {
            let mut rooms = self.rooms.lock().await;
            let Rooms { rooms, names, .. } = &mut *rooms;
            let Some(r) = rooms.get_mut(room) else { return };
            let Some(m) = r.messages.iter_mut().find(|m| m.id == id) else { return };
            if m.view.take_buttons().is_empty() {
                return;
            }
            m.version += 1;
            let m = m.clone();
            Update {
                room: room.to_owned(),
                private_to: m.view.private_to().cloned(),
                shown: self.shown(room, &m, names),
            }
        };
        let _ = self.updates.send(update);
    }

    /// A room the playground has no messages for (it started since) shows each open table of
    /// its chat as it stands, and its open cup's message, so a page opened after a restart is
    /// not empty and a page left open is not stale.
    async fn restore(&self, room: &str) {
        let shown: Vec<TableId> = {
            let mut rooms = self.rooms.lock().await;
            let r = rooms.room(room);
            if r.restored {
                return;
            }
            r.restored = true;
            // Tables already shown here since the start (their unshown change, say) are not
            // shown twice.
            r.messages.iter().filter_map(|m| m.view.shows().map(|(t, _)| t)).collect()
        };
        let chat = ChatId::playground(room);
        for view in self.service.views().open_views(&chat).await {
            if view.shows().is_none_or(|(t, _)| !shown.contains(&t)) {
                self.post_in(room, None, view).await;
            }
        }
        // The chat's open cup's message (its sign-up or standings) as it stands, under the id
        // it had (see `put`): a page left open shows it up to date, its buttons live.
        if let Some((view, recorded)) = self.service.cups().open_cup_message(&chat).await {
            match recorded.and_then(|m| u64::try_from(m.posted.first()?.message).ok()) {
                Some(id) => {
                    self.put(room, None, view, Some(id)).await;
                }
                None => self.post_in(room, None, view).await,
            }
        }
    }

    /// Learns the names of mentioned people this process has not seen (a board restored after
    /// a restart mentions the player to move), so the page marks their mention.
    async fn learn_names(&self, mentions: &[UserId]) {
        let unknown: Vec<UserId> = {
            let rooms = self.rooms.lock().await;
            mentions
                .iter()
                .filter(|id| {
                    id.platform() == Platform::Playground && !rooms.names.contains_key(*id)
                })
                .cloned()
                .collect()
        };
        for id in unknown {
            if let Some(name) = self.service.user_name(&id).await {
                let names = &mut self.rooms.lock().await.names;
                if names.len() >= MAX_NAMES {
                    names.clear();
                }
                names.insert(id, name);
            }
        }
    }

    async fn remember(&self, name: &str) {
        let names = &mut self.rooms.lock().await.names;
        if names.len() >= MAX_NAMES {
            names.clear();
        }
        names.insert(user_id(name), name.to_owned());
    }

    async fn dispatch(&self, room: &str, ctx: &Ctx, op: Op) {
        for view in self.service.handle(ctx, op).await {
            self.post_in(room, None, view).await;
        }
    }
}

async fn messages(State(p): State<Playground>, Query(who): Query<Who>) -> Response {
    let (Some(room), Some(name)) = (clean_room(&who.room), clean_name(&who.user)) else {
        return bad("room or user is not valid");
    };
    p.restore(&room).await;
    let me = user_id(&name);
    let rooms = p.rooms.lock().await;
    let list: Vec<Shown> = rooms
        .rooms
        .get(&room)
        .map(|r| {
            r.messages
                .iter()
                .filter(|m| m.view.private_to().is_none_or(|u| *u == me))
                .map(|m| p.shown(&room, m, &rooms.names))
                .collect()
        })
        .unwrap_or_default();
    ([("x-dicetable-epoch", p.epoch.to_string())], Json(list)).into_response()
}

async fn events(State(p): State<Playground>, Query(who): Query<Who>) -> Response {
    let (Some(room), Some(name)) = (clean_room(&who.room), clean_name(&who.user)) else {
        return bad("room or user is not valid");
    };
    let me = user_id(&name);
    let receiver = p.updates.subscribe();
    // First the process's epoch: a page that showed another one reloads its room.
    let hello = SseEvent::default().event("hello").data(format!("{{\"epoch\":{}}}", p.epoch));
    let stream = futures_util::stream::once(async move { Ok::<_, Infallible>(hello) })
        .chain(updates_for(receiver, p.closing.subscribe(), room, me));
    Sse::new(stream).keep_alive(KeepAlive::default()).into_response()
}

/// The updates one user may see in one room, as SSE events. A subscriber that falls behind
/// is told to reload (`event: reload`) rather than silently missing messages.
fn updates_for(
    receiver: broadcast::Receiver<Update>,
    closing: watch::Receiver<bool>,
    room: String,
    me: UserId,
) -> impl Stream<Item = Result<SseEvent, Infallible>> {
    futures_util::stream::unfold((receiver, closing), move |(mut rx, mut closing)| {
        let (room, me) = (room.clone(), me.clone());
        async move {
            loop {
                let next = tokio::select! {
                    next = rx.recv() => next,
                    _ = closing.wait_for(|c| *c) => return None,
                };
                let rx_state = |rx| (rx, closing.clone());
                match next {
                    Ok(u) if u.room == room && u.private_to.as_ref().is_none_or(|p| *p == me) => {
                        let data = serde_json::to_string(&u.shown).unwrap_or_default();
                        return Some((
                            Ok(SseEvent::default().event("message").data(data)),
                            rx_state(rx),
                        ));
                    }
                    Ok(_) => continue,
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        return Some((
                            Ok(SseEvent::default().event("reload").data("{}")),
                            rx_state(rx),
                        ));
                    }
                    Err(broadcast::error::RecvError::Closed) => return None,
                }
            }
        }
    })
}

async fn say(State(p): State<Playground>, headers: HeaderMap, Json(say): Json<Say>) -> Response {
    let (Some(room), Some(name)) = (clean_room(&say.room), clean_name(&say.user)) else {
        return bad("room or user is not valid");
    };
    let text = say.text.trim();
    if text.is_empty() || text.chars().count() > MAX_TEXT {
        return bad("a chat line has 1 to 2000 characters");
    }
    p.remember(&name).await;
    let ctx = p.ctx(&room, &name, &headers);
    let line = View::post(None, text.to_owned());
    p.post_in(&room, Some(name.clone()), line).await;
    match parse_command(text) {
        Ok(command) => p.dispatch(&room, &ctx, command.op).await,
        Err(CommandError::NotCommand) => {}
        Err(e) => {
            let key = e.key();
            let view = p.service.say_privately(&ctx, key).await;
            p.post_in(&room, None, view).await;
        }
    }
    StatusCode::NO_CONTENT.into_response()
}

async fn press(
    State(p): State<Playground>,
    headers: HeaderMap,
    Json(press): Json<Press>,
) -> Response {
    let (Some(room), Some(name)) = (clean_room(&press.room), clean_name(&press.user)) else {
        return bad("room or user is not valid");
    };
    p.remember(&name).await;
    let ctx = p.ctx(&room, &name, &headers);
    // The token is untrusted: the service checks it; a long one is refused there too.
    let token: String = press.token.chars().take(200).collect();
    p.dispatch(&room, &ctx, Op::Press(token)).await;
    StatusCode::NO_CONTENT.into_response()
}

async fn image(
    State(p): State<Playground>,
    Path((room, id, file)): Path<(String, u64, String)>,
) -> Response {
    let Some((wanted, ext)) = file.rsplit_once('.') else {
        return (StatusCode::NOT_FOUND, "no such picture").into_response();
    };
    let rooms = p.rooms.lock().await;
    // The name is the picture's digest: an edited message's new picture has a new name.
    let png = rooms
        .rooms
        .get(&room)
        .and_then(|r| r.messages.iter().find(|m| m.id == id))
        .and_then(|m| m.picture.as_ref())
        .filter(|p| p.digest == wanted && p.ext == ext)
        .map(|p| (p.png.clone(), p.mime(), p.name.clone()));
    match png {
        Some((png, mime, name)) => {
            // A record downloads under its own name; pictures show inline.
            let disposition = match name {
                Some(name) => format!("attachment; filename=\"{name}\""),
                None => "inline".to_owned(),
            };
            (
                [
                    (header::CONTENT_TYPE, mime.to_owned()),
                    (header::CACHE_CONTROL, "public, max-age=31536000, immutable".to_owned()),
                    (header::CONTENT_DISPOSITION, disposition),
                ],
                png,
            )
                .into_response()
        }
        None => (StatusCode::NOT_FOUND, "no such picture").into_response(),
    }
}

/// A picture's address: the first 16 hex digits of its SHA-256.
fn digest(png: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    hex::encode(&Sha256::digest(png)[..8])
}

/// The page's own words, in the language the browser asks for (`?lang=fa-IR`), from the same
/// Fluent files as every other sentence.
async fn words(State(p): State<Playground>, Query(q): Query<HashMap<String, String>>) -> Response {
    Json(page_words(&p.service, q.get("lang").map(String::as_str))).into_response()
}

/// The page's own words (the chat's and the live board's) in the language `tag` asks for.
fn page_words(service: &Service, tag: Option<&str>) -> serde_json::Value {
    let lang = tag.and_then(Lang::from_tag).unwrap_or_default();
    let keys = [
        "page-title",
        "page-welcome",
        "page-name",
        "page-play",
        "page-hint",
        "page-playing-as",
        "page-switch",
        "page-another",
        "page-placeholder",
        "page-send",
        "page-only-you",
        "page-offline",
        "live-button",
        "live-players",
        "live-moves",
        "live-time-left",
        "live-watching",
        "live-offline",
        "live-you",
    ];
    let words: serde_json::Map<String, serde_json::Value> =
        keys.iter().map(|k| ((*k).to_owned(), service.words(lang, k).into())).collect();
    serde_json::json!({ "lang": lang.code(), "rtl": lang == Lang::Fa, "words": words })
}

async fn favicon() -> Response {
    const ICON: &str = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'>\
        <rect x='4' y='4' width='56' height='56' rx='12' fill='#2f6fde'/>\
        <circle cx='20' cy='20' r='6' fill='#fff'/><circle cx='44' cy='44' r='6' fill='#fff'/>\
        <circle cx='32' cy='32' r='6' fill='#fff'/></svg>";
    (
        [(header::CONTENT_TYPE, "image/svg+xml"), (header::CACHE_CONTROL, "public, max-age=86400")],
        ICON,
    )
        .into_response()
}

/// One view's way into a room for the show protocol.
struct Surface<'a> {
    playground: &'a Playground,
    room: &'a str,
    author: Option<String>,
}

impl crate::table::show::Surface for Surface<'_> {
    async fn put(&self, view: &View, to: Option<&MessageRef>, buttons: bool) -> Option<MessageRef> {
        let mut view = view.clone();
        if !buttons {
            view.take_buttons();
        }
        let replace = to.and_then(|r| u64::try_from(r.posted.first()?.message).ok());
        let id = self.playground.put(self.room, self.author.clone(), view, replace).await;
        Some(MessageRef::one(None, i64::try_from(id).ok()?))
    }

    async fn strip(&self, message: Posted) {
        if let Ok(id) = u64::try_from(message.message) {
            self.playground.strip_buttons(self.room, id).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::Version;

    fn board(png_bytes: usize) -> View {
        let post = crate::table::Post {
            attachment: Some(crate::table::Attachment::Picture(vec![7; png_bytes])),
            ..Default::default()
        };
        View::new(None, "a board".into(), crate::table::Kind::Post(post))
    }

    fn post(rooms: &mut Rooms, room: &str, view: View) {
        rooms.last_id += 1;
        let id = rooms.last_id;
        rooms.room(room).messages.push_back(Message::new(id, None, view));
        rooms.tidy(room);
    }

    #[test]
    fn a_room_keeps_its_newest_messages_and_pictures_on_the_newest_few() {
        let mut rooms = Rooms::default();
        for _ in 0..250 {
            post(&mut rooms, "r", board(1000));
        }
        let r = &rooms.rooms["r"];
        assert_eq!(r.messages.len(), KEEP);
        assert_eq!(r.messages.front().map(|m| m.id), Some(51), "the oldest go first");
        let pictured: Vec<u64> =
            r.messages.iter().filter(|m| m.picture.is_some()).map(|m| m.id).collect();
        assert_eq!(pictured, (245..=250).collect::<Vec<u64>>());
        assert!(r.messages.iter().all(|m| m.view.text == "a board"), "older ones keep their text");
        assert!(r.bytes < PICTURES * 1000 + KEEP * 400, "{} bytes", r.bytes);
    }

    #[test]
    fn a_cups_standings_keep_their_picture_however_old() {
        let mut rooms = Rooms::default();
        let standings = crate::table::Standings {
            cup: crate::ids::CupId::new(1),
            version: Version::new(1),
            image: Some(vec![7; 1000]),
            alt: None,
            buttons: Vec::new(),
            replaced: None,
        };
        let view = View::new(None, "standings".into(), crate::table::Kind::Standings(standings));
        post(&mut rooms, "r", view);
        for _ in 0..20 {
            post(&mut rooms, "r", board(1000));
        }
        let r = &rooms.rooms["r"];
        assert!(r.messages[0].picture.is_some(), "the standings (issue 49) keep their picture");
        let pictured = r.messages.iter().filter(|m| m.picture.is_some()).count();
        assert_eq!(pictured, PICTURES + 1);
    }

    /// A cup's standings message, without a picture.
    fn standings_view() -> View {
        let standings = crate::table::Standings {
            cup: crate::ids::CupId::new(1),
            version: Version::new(1),
            image: None,
            alt: None,
            buttons: Vec::new(),
            replaced: None,
        };
        View::new(None, "standings".into(), crate::table::Kind::Standings(standings))
    }

    /// Table `table`'s live board at `version` (one button), saying `text`.
    fn live_board(table: i64, version: i64, text: &str) -> View {
        let button = crate::table::Button { label: "🎲".into(), token: "t".into() };
        let live = crate::table::TableMessage {
            buttons: vec![vec![button]],
            ..crate::table::TableMessage::new(
                crate::ids::TableId::new(table),
                Slot::Board,
                Version::new(version),
            )
        };
        View::new(None, text.into(), crate::table::Kind::Table(live))
    }

    /// Issue 61: a cup's standings and a table's live board stay however busy the room; the
    /// oldest other messages go instead.
    #[test]
    fn a_busy_room_keeps_its_live_messages() {
        let mut rooms = Rooms::default();
        post(&mut rooms, "r", standings_view());
        post(&mut rooms, "r", live_board(7, 3, "the board"));
        for _ in 0..3 * KEEP {
            post(&mut rooms, "r", board(10));
        }
        let r = &rooms.rooms["r"];
        assert_eq!(r.messages.len(), KEEP);
        let texts: Vec<&str> = r.messages.iter().take(2).map(|m| m.view.text.as_str()).collect();
        assert_eq!(texts, ["standings", "the board"], "the live ones are kept, in their place");
        let newest = r.messages.back().map_or(0, |m| m.id);
        assert_eq!(r.messages[2].id, newest - (KEEP as u64 - 3), "the oldest others go");
    }

    /// Issue 61: a cup's standings stay even in a room whose live boards alone pass [`LIVE`]
    /// (many tables at once): the oldest boards go before them.
    #[test]
    fn a_cups_standings_stay_past_any_number_of_live_boards() {
        let mut rooms = Rooms::default();
        post(&mut rooms, "r", standings_view());
        for table in 0..2 * KEEP as i64 {
            post(&mut rooms, "r", live_board(table + 1, 1, "a board"));
        }
        let r = &rooms.rooms["r"];
        assert_eq!(r.messages.len(), KEEP);
        assert_eq!(r.messages[0].view.text, "standings", "the standings are kept");
        assert_eq!(r.messages.back().map(|m| m.id), Some(2 * KEEP as u64 + 1), "the newest too");
    }

    #[test]
    fn idle_rooms_are_forgotten_and_the_least_recently_used_go_first_when_full() {
        let mut rooms = Rooms::default();
        post(&mut rooms, "idle", board(10));
        rooms.rooms.get_mut("idle").unwrap().touched -= IDLE + Duration::from_secs(1);
        rooms.swept = None;
        post(&mut rooms, "busy", board(10));
        assert!(!rooms.rooms.contains_key("idle") && rooms.rooms.contains_key("busy"));
        // Rooms of 6 MB of pictures each: past 40 MB the least recently used lose their
        // older pictures first (and keep their text), and their newest board's picture.
        for room in 0..12 {
            for _ in 0..PICTURES {
                post(&mut rooms, &format!("r{room}"), board(1 << 20));
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let total = |rooms: &Rooms| rooms.rooms.values().map(|r| r.bytes).sum::<usize>();
        assert!(total(&rooms) <= MAX_BYTES, "{} bytes held", total(&rooms));
        let pictures = |rooms: &Rooms, r: &str| {
            rooms.rooms[r].messages.iter().filter(|m| m.picture.is_some()).count()
        };
        assert_eq!(pictures(&rooms, "r11"), PICTURES, "the room in use keeps its pictures");
        assert_eq!(pictures(&rooms, "r0"), 1, "the least recently used kept only their board's");
        assert!(rooms.rooms["r0"].messages.back().unwrap().picture.is_some(), "the newest");
        assert_eq!(rooms.rooms["r0"].messages.len(), PICTURES, "and kept their text");
        // Many more rooms, one 1 MB board each: now the least recently used lose that too.
        for room in 0..50 {
            post(&mut rooms, &format!("s{room}"), board(1 << 20));
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(total(&rooms) <= MAX_BYTES, "{} bytes held", total(&rooms));
        assert_eq!(pictures(&rooms, "r0"), 0, "the least recently used lost their board's");
        assert_eq!(pictures(&rooms, "s49"), 1, "the newest room kept its board's");
        // Rooms of text alone (1 MB each) past 40 MB: the least recently used are forgotten.
        for room in 0..60 {
            let line = View::post(None, "x".repeat(1 << 20));
            post(&mut rooms, &format!("t{room}"), line);
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(total(&rooms) <= MAX_BYTES, "{} bytes held", total(&rooms));
        assert!(rooms.rooms.contains_key("t59") && !rooms.rooms.contains_key("t0"));
        assert!(!rooms.rooms.contains_key("busy"), "the oldest room went first");
    }

    #[test]
    fn message_ids_never_repeat_even_in_a_room_made_again() {
        let mut rooms = Rooms::default();
        post(&mut rooms, "a", board(10));
        post(&mut rooms, "a", board(10));
        rooms.rooms.remove("a");
        post(&mut rooms, "a", board(10));
        assert_eq!(rooms.rooms["a"].messages[0].id, 3, "a page showing 1 and 2 sees a new 3");
    }

    #[test]
    fn message_ids_never_repeat_across_restarts() {
        // A process that ran before this one, and gave many messages.
        let mut before = Rooms::starting_at(epoch());
        for _ in 0..500 {
            post(&mut before, "main", board(10));
        }
        std::thread::sleep(Duration::from_millis(2));
        let mut after = Rooms::starting_at(epoch());
        post(&mut after, "main", board(10));
        let new = after.rooms["main"].messages[0].id;
        assert!(
            before.rooms["main"].messages.iter().all(|m| m.id < new),
            "the restarted process's first message ({new}) is newer than every earlier one"
        );
        assert!(new < 1 << 53, "a page reads ids as JavaScript numbers");
    }
}
