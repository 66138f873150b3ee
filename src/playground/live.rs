//! The live board (issue 36): one table's page, watched in a browser or opened inside Telegram
//! as a Mini App. It is the playground's page (`page.html`) in its live mode: the same file,
//! words and look, showing one table instead of a chat room.
//!
//! | method and path | does |
//! |---|---|
//! | `GET /live/{link}` | the page for the table a signed link names (status 403/404/410 when the link is bad) |
//! | `GET /live` | the page as a Telegram Mini App opens it (the link is initData's `start_param`) |
//! | `GET /api/live/state?link=L&lang=X&tg=INIT` | the table as the viewer sees it (JSON) |
//! | `GET /api/live/events?link=L&lang=X&tg=INIT` | server-sent events: `state` each time the table changes |
//! | `POST /api/live/press` `{link, token, tg, lang}` | a press from the page (a seated player) |
//!
//! Who looks: a play link names its player; `tg` carries Telegram's `initData`, checked as
//! Telegram specifies (`check_init_data`); a watch link alone watches. Changes are learnt by
//! polling the watched tables' versions in one query every [`POLL`], so a move made by another
//! process sharing the database shows as soon as one made here. Every request of the page
//! counts against its client's allowance (`Limiter`); every page and answer carries a strict
//! Content-Security-Policy (the page's own script and style by hash, nothing inline else).

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex as StdMutex, OnceLock};
use std::time::{Duration, Instant};

use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, Path, Query, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use futures_util::StreamExt;
use hmac::{Hmac, KeyInit, Mac};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use tokio::sync::{broadcast, watch};

use super::PAGE;
use crate::ids::{ChatId, TableId, UserId, Version};
use crate::table::i18n::Lang;
use crate::table::live::{LiveError, LiveState};
use crate::table::token::LiveLink;
use crate::table::{Service, View};

/// How often the watched tables' versions are read.
pub const POLL: Duration = Duration::from_millis(100);

/// How old Telegram's `initData` may be (its `auth_date`).
pub const INIT_DATA_MAX_AGE_S: i64 = 24 * 3600;

/// Shows views in their chats (the composition root's adapters).
pub type Deliver =
    Arc<dyn Fn(Vec<(ChatId, View)>) -> Pin<Box<dyn Future<Output = ()> + Send>> + Send + Sync>;

/// The live board's adapter. Cheap to clone.
#[derive(Clone)]
pub struct Live {
    inner: Arc<Inner>,
}

struct Inner {
    service: Service,
    /// The Telegram bot token, which signs Mini Apps' `initData`.
    telegram_token: Option<String>,
    deliver: OnceLock<Deliver>,
    watched: StdMutex<HashMap<TableId, Watched>>,
    changes: broadcast::Sender<(TableId, Version)>,
    poller: OnceLock<()>,
    limiter: Limiter,
    /// Event streams open, by client.
    streams: StdMutex<HashMap<IpAddr, usize>>,
    closing: watch::Sender<bool>,
    /// The Content-Security-Policy of the page and its answers.
    csp: HeaderValue,
}

struct Watched {
    pages: usize,
    version: Version,
}

/// Who looks at a page.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Viewer {
    user: UserId,
    name: String,
    locale: Option<String>,
}

#[derive(Deserialize)]
struct PageQuery {
    #[serde(default)]
    link: String,
    #[serde(default)]
    lang: String,
    #[serde(default)]
    tg: String,
}

#[derive(Deserialize)]
struct PressBody {
    #[serde(default)]
    link: String,
    token: String,
    #[serde(default)]
    lang: String,
    #[serde(default)]
    tg: String,
}

impl Live {
    /// The live board over the table service; `telegram_token` checks Mini Apps' `initData`;
    /// each client may make `rate` requests a second (a burst of three times that).
    pub fn new(service: Service, telegram_token: Option<String>, rate: u32) -> Self {
        let (changes, _) = broadcast::channel(4096);
        let (closing, _) = watch::channel(false);
        let csp = HeaderValue::from_str(&policy(PAGE))
            .unwrap_or_else(|_| HeaderValue::from_static("default-src 'none'"));
        Live {
            inner: Arc::new(Inner {
                service,
                telegram_token,
                deliver: OnceLock::new(),
                watched: StdMutex::new(HashMap::new()),
                changes,
                poller: OnceLock::new(),
                limiter: Limiter::new(rate),
                streams: StdMutex::new(HashMap::new()),
                closing,
                csp,
            }),
        }
    }

    /// Where the views of presses made on the page are shown (set once, by the composition
    /// root, when its adapters run).
    pub fn set_deliver(&self, deliver: Deliver) {
        let _ = self.inner.deliver.set(deliver);
    }

    /// Ends every event stream and the poller (a graceful shutdown).
    pub fn close(&self) {
        let _ = self.inner.closing.send(true);
    }

    /// The live board's routes. Serve them with `into_make_service_with_connect_info`, so
    /// that each client is known by its address (the rate limit).
    pub fn router(&self) -> Router {
        Router::new()
            .route("/live", get(app_page))
            .route("/live/", get(app_page))
            .route("/live/{link}", get(link_page))
            .route("/live/{link}/", get(link_page))
            .route("/live/{link}/{*rest}", get(no_such_page))
            .route("/api/live/words", get(words))
            .route("/api/live/state", get(state))
            .route("/api/live/events", get(events))
            .route("/api/live/press", post(press))
            .layer(middleware::from_fn_with_state(self.clone(), guard))
            .with_state(self.clone())
    }

    fn now_s(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0))
    }

    /// Who looks: Telegram's checked identity, else the play link's player, else nobody (a
    /// watcher). `Err` when `initData` was sent but does not check out.
    fn viewer(&self, link: &LiveLink, tg: &str) -> Result<Option<Viewer>, &'static str> {
        if !tg.is_empty() {
            let Some(token) = &self.inner.telegram_token else { return Err("live-err-telegram") };
            return match check_init_data(tg, token, self.now_s()) {
                Ok(user) => Ok(Some(user)),
                Err(InitDataError::Expired) => Err("live-err-telegram-expired"),
                Err(_) => Err("live-err-telegram"),
            };
        }
        Ok(link.user.clone().map(|user| Viewer { name: user.to_string(), user, locale: None }))
    }

    /// The link a request names: its own, or for a Mini App the `start_param` of its checked
    /// `initData`.
    fn link_of(&self, link: &str, tg: &str) -> Result<LiveLink, LiveError> {
        let text = if link.is_empty() && !tg.is_empty() {
            url::form_urlencoded::parse(tg.as_bytes())
                .find(|(k, _)| k == "start_param")
                .map(|(_, v)| v.into_owned())
                .unwrap_or_default()
        } else {
            link.to_owned()
        };
        self.inner.service.live().read_live_link(&text)
    }

    /// The state the viewer sees, or a refusal (`key`, status) in words.
    async fn state_for(&self, q: &PageQuery) -> Result<LiveState, (StatusCode, &'static str)> {
        let link = self.link_of(&q.link, &q.tg).map_err(|e| (status_of(&e), e.key()))?;
        let viewer = self.viewer(&link, &q.tg).map_err(|key| (StatusCode::FORBIDDEN, key))?;
        let lang = language(&q.lang, viewer.as_ref());
        self.inner
            .service
            .live()
            .live_state(&link, viewer.as_ref().map(|v| &v.user), lang)
            .await
            .map_err(|e| (status_of(&e), e.key()))
    }

    fn refusal(&self, lang: &str, status: StatusCode, key: &str) -> Response {
        let lang = Lang::from_tag(lang).unwrap_or_default();
        let text = self.inner.service.words(lang, key);
        (status, Json(serde_json::json!({ "error": text, "key": key }))).into_response()
    }

    /// Counts a page watching `table`; starts the poller the first time.
    fn watch(&self, table: TableId, version: Version) {
        {
            let mut watched = self.inner.watched.lock().unwrap_or_else(|e| e.into_inner());
            let w = watched.entry(table).or_insert(Watched { pages: 0, version });
            w.pages += 1;
        }
        if self.inner.poller.set(()).is_ok() {
            tokio::spawn(self.clone().poll());
        }
    }

    fn unwatch(&self, table: TableId) {
        let mut watched = self.inner.watched.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(w) = watched.get_mut(&table) {
            w.pages = w.pages.saturating_sub(1);
            if w.pages == 0 {
                watched.remove(&table);
            }
        }
    }

    /// Reads the watched tables' versions every [`POLL`] in one query and announces each
    /// that changed, until closing.
    async fn poll(self) {
        let mut closing = self.inner.closing.subscribe();
        loop {
            tokio::select! {
                _ = tokio::time::sleep(POLL) => {}
                _ = closing.wait_for(|c| *c) => return,
            }
            let ids: Vec<TableId> = {
                let watched = self.inner.watched.lock().unwrap_or_else(|e| e.into_inner());
                watched.keys().copied().collect()
            };
            if ids.is_empty() {
                continue;
            }
            let versions = match self.inner.service.live().live_versions(&ids).await {
                Ok(v) => v,
                Err(e) => {
                    tracing::warn!(error = %e, "reading the live tables' versions failed");
                    continue;
                }
            };
            let mut changed = Vec::new();
            {
                let mut watched = self.inner.watched.lock().unwrap_or_else(|e| e.into_inner());
                for (id, version) in versions {
                    if let Some(w) = watched.get_mut(&id)
                        && w.version != version
                    {
                        w.version = version;
                        changed.push((id, version));
                    }
                }
            }
            for change in changed {
                let _ = self.inner.changes.send(change);
            }
        }
    }
}

/// The answer's status for a refusal.
fn status_of(e: &LiveError) -> StatusCode {
    match e {
        LiveError::Link(crate::table::token::LinkError::Expired) => StatusCode::GONE,
        LiveError::Link(_) | LiveError::OtherTable => StatusCode::NOT_FOUND,
        LiveError::NoTable => StatusCode::NOT_FOUND,
        LiveError::Private => StatusCode::FORBIDDEN,
        LiveError::Internal(_) => StatusCode::SERVICE_UNAVAILABLE,
    }
}

/// The viewer's language: the page's (`navigator.language`), else Telegram's for the user.
fn language(tag: &str, viewer: Option<&Viewer>) -> Lang {
    Lang::from_tag(tag)
        .or_else(|| viewer.and_then(|v| v.locale.as_deref()).and_then(Lang::from_tag))
        .unwrap_or_default()
}

/// Every live request: counted against its client's allowance (429 beyond it), and answered
/// with the Content-Security-Policy and no caching.
async fn guard(
    State(live): State<Live>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    mut request: Request,
    next: Next,
) -> Response {
    let who = Client(client(addr.ip(), request.headers()));
    // The page itself is one constant file: always sent, so that a viewer past the allowance
    // sees the page say so (its requests are refused and asked again) rather than bare JSON.
    let page = !request.uri().path().starts_with("/api/");
    if !live.inner.limiter.allow(who.0) && !page {
        let lang = request_language(&request);
        let mut res = live.refusal(&lang, StatusCode::TOO_MANY_REQUESTS, "live-err-busy");
        res.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        return res;
    }
    // Worked out once: the handlers that count per client (the event streams) read it here.
    request.extensions_mut().insert(who);
    let mut res = next.run(request).await;
    let headers = res.headers_mut();
    headers.insert(header::CONTENT_SECURITY_POLICY, live.inner.csp.clone());
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

/// Whom a request counts against ([`client`]), as the guard found it.
#[derive(Clone, Copy)]
struct Client(IpAddr);

/// The first language a browser asks for (`Accept-Language`), or nothing.
/// A refused request's language before its handler reads it: the page's own (`lang=` in the
/// query, `navigator.language`), else the browser's `Accept-Language`, so that a page is told
/// it is busy in the words it shows everything else in.
fn request_language(request: &Request) -> String {
    let query = request.uri().query().unwrap_or_default();
    url::form_urlencoded::parse(query.as_bytes())
        .find(|(k, v)| k == "lang" && Lang::from_tag(v).is_some())
        .map(|(_, v)| v.into_owned())
        .unwrap_or_else(|| accept_language(request.headers()).to_owned())
}

fn accept_language(headers: &axum::http::HeaderMap) -> &str {
    headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split([',', ';']).next())
        .unwrap_or_default()
}

/// Whom a request counts against: its peer, or, when the peer is a proxy on this host or a
/// private network (deploy/Caddyfile's, on the compose network), the address that proxy saw:
/// the last entry of `X-Forwarded-For`. A client on the internet cannot pass for another that
/// way, since its own connection's address is a public one.
fn client(peer: IpAddr, headers: &axum::http::HeaderMap) -> IpAddr {
    let proxy = match peer {
        IpAddr::V4(ip) => ip.is_loopback() || ip.is_private() || ip.is_link_local(),
        IpAddr::V6(ip) => {
            ip.is_loopback()
                || ip.is_unique_local()
                || ip.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback() || v4.is_private())
        }
    };
    if !proxy {
        return peer;
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|entry| entry.trim().parse::<IpAddr>().ok())
        .next_back()
        .unwrap_or(peer)
}

/// The page, for a Mini App (its table comes with `initData`).
async fn app_page() -> Response {
    Html(PAGE).into_response()
}

/// The page for a link: the same page whatever the link, with the status its table's answer
/// will have, so that a bad link is a refusal to a crawler too (the page says why, in words).
async fn link_page(State(live): State<Live>, Path(link): Path<String>) -> Response {
    let status = match live.inner.service.live().read_live_link(&link) {
        Ok(_) => StatusCode::OK,
        Err(e) => status_of(&e),
    };
    (status, Html(PAGE)).into_response()
}

/// A path below a link (`/live/<link>/more`): no such page. The page is sent all the same, so
/// that it says so in the viewer's words (it asks for `<link>/more`, which is no link).
async fn no_such_page() -> Response {
    (StatusCode::NOT_FOUND, Html(PAGE)).into_response()
}

/// The page's words (as the playground's `/api/words`), for a bot without the playground.
async fn words(State(live): State<Live>, Query(q): Query<PageQuery>) -> Response {
    Json(super::page_words(&live.inner.service, Some(&q.lang))).into_response()
}

async fn state(State(live): State<Live>, Query(q): Query<PageQuery>) -> Response {
    match live.state_for(&q).await {
        Ok(state) => Json(shown(&state, None).0).into_response(),
        Err((status, key)) => live.refusal(&q.lang, status, key),
    }
}

/// The state as the page receives it: the picture inline (the page allows `data:` images),
/// unless it is the picture the page already shows (`before`, its digest): then only
/// `"image_kept": true`, and the page keeps its picture (issue 46, item 10: a timer's change
/// of the time left, a reminder, does not send ~120 KB again). Returns the picture's digest.
fn shown(state: &LiveState, before: Option<&[u8; 32]>) -> (serde_json::Value, Option<[u8; 32]>) {
    let mut value = serde_json::to_value(state).unwrap_or_default();
    let digest = state.image.as_ref().map(|png| <[u8; 32]>::from(Sha256::digest(png)));
    if let (Some(png), Some(map)) = (&state.image, value.as_object_mut()) {
        if digest.is_some() && digest.as_ref() == before {
            map.insert("image_kept".into(), true.into());
        } else {
            map.insert("image".into(), format!("data:image/png;base64,{}", base64(png)).into());
        }
    }
    (value, digest)
}

async fn events(
    State(live): State<Live>,
    Extension(Client(who)): Extension<Client>,
    Query(q): Query<PageQuery>,
) -> Response {
    // A stream is held for as long as the page is open: a client holds a few at most (the
    // rate limit counts only how fast they are opened).
    let Some(slot) = StreamSlot::take(&live, who) else {
        return live.refusal(&q.lang, StatusCode::TOO_MANY_REQUESTS, "live-err-streams");
    };
    let first = match live.state_for(&q).await {
        Ok(state) => state,
        Err((status, key)) => return live.refusal(&q.lang, status, key),
    };
    let (table, version) = (first.table, first.version);
    let changes = live.inner.changes.subscribe();
    live.watch(table, version);
    let guard = Unwatch { live: live.clone(), table, _slot: slot };
    let closing = live.inner.closing.subscribe();
    let (hello, picture) = shown(&first, None);
    let hello = SseEvent::default().event("state").data(hello.to_string());
    let stream = futures_util::stream::unfold(
        (changes, closing, (version, picture), guard, q),
        move |(mut rx, mut closing, (mut shown_version, mut picture), guard, q)| async move {
            loop {
                let next = tokio::select! {
                    next = rx.recv() => next,
                    _ = closing.wait_for(|c| *c) => return None,
                };
                match next {
                    Ok((id, v)) if id == guard.table && v > shown_version => {}
                    Ok(_) => continue,
                    // Fell behind: read the table afresh.
                    Err(broadcast::error::RecvError::Lagged(_)) => {}
                    Err(broadcast::error::RecvError::Closed) => return None,
                }
                let state = match guard.live.state_for(&q).await {
                    Ok(s) => s,
                    Err((_, key)) => {
                        let text = guard
                            .live
                            .inner
                            .service
                            .words(Lang::from_tag(&q.lang).unwrap_or_default(), key);
                        let data = serde_json::json!({ "error": text, "key": key }).to_string();
                        let e = SseEvent::default().event("refused").data(data);
                        return Some((
                            Ok::<_, Infallible>(e),
                            (rx, closing, (shown_version, picture), guard, q),
                        ));
                    }
                };
                if state.version <= shown_version {
                    continue;
                }
                shown_version = state.version;
                let (data, digest) = shown(&state, picture.as_ref());
                picture = digest;
                let e = SseEvent::default().event("state").data(data.to_string());
                return Some((Ok(e), (rx, closing, (shown_version, picture), guard, q)));
            }
        },
    );
    let stream =
        futures_util::stream::once(async move { Ok::<_, Infallible>(hello) }).chain(stream);
    Sse::new(stream).keep_alive(KeepAlive::default()).into_response()
}

/// Stops counting a page when its event stream ends.
struct Unwatch {
    live: Live,
    table: TableId,
    _slot: StreamSlot,
}

/// Event streams one client may hold open at once (tabs of a page; behind the recipe's proxy,
/// each viewer is a client of their own).
const STREAMS_PER_CLIENT: usize = 8;

/// One of a client's open event streams, given back when dropped.
struct StreamSlot {
    live: Live,
    client: IpAddr,
}

impl StreamSlot {
    /// A stream for `client`, unless it holds [`STREAMS_PER_CLIENT`] already.
    fn take(live: &Live, client: IpAddr) -> Option<Self> {
        let mut streams = live.inner.streams.lock().unwrap_or_else(|e| e.into_inner());
        let open = streams.entry(client).or_insert(0);
        if *open >= STREAMS_PER_CLIENT {
            return None;
        }
        *open += 1;
        Some(StreamSlot { live: live.clone(), client })
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut streams = self.live.inner.streams.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(open) = streams.get_mut(&self.client) {
            *open = open.saturating_sub(1);
            if *open == 0 {
                streams.remove(&self.client);
            }
        }
    }
}

impl Drop for Unwatch {
    fn drop(&mut self) {
        self.live.unwatch(self.table);
    }
}

async fn press(
    State(live): State<Live>,
    headers: axum::http::HeaderMap,
    body: Result<Json<PressBody>, JsonRejection>,
) -> Response {
    let Json(body) = match body {
        Ok(body) => body,
        Err(e) => {
            // Not what the page sends: said in the words the browser asks for.
            tracing::debug!(error = %e, "live press: unreadable request");
            let lang = accept_language(&headers);
            return live.refusal(lang, StatusCode::BAD_REQUEST, "live-err-request");
        }
    };
    let link = match live.link_of(&body.link, &body.tg) {
        Ok(link) => link,
        Err(e) => return live.refusal(&body.lang, status_of(&e), e.key()),
    };
    let viewer = match live.viewer(&link, &body.tg) {
        Ok(Some(v)) => v,
        Ok(None) => return live.refusal(&body.lang, StatusCode::FORBIDDEN, "live-err-watch-only"),
        Err(key) => return live.refusal(&body.lang, StatusCode::FORBIDDEN, key),
    };
    let token: String = body.token.chars().take(200).collect();
    let locale = Lang::from_tag(&body.lang).map(|l| l.code().to_owned()).or(viewer.locale.clone());
    let (chat, views) = match live
        .inner
        .service
        .live_press(&link, &viewer.user, &viewer.name, locale, &token)
        .await
    {
        Ok(answer) => answer,
        Err(e) => return live.refusal(&body.lang, status_of(&e), e.key()),
    };
    // What only the presser may read is answered here; everything else goes to the chat.
    let (mine, public): (Vec<View>, Vec<View>) =
        views.into_iter().partition(|v| v.private_to() == Some(&viewer.user));
    if let Some(deliver) = live.inner.deliver.get()
        && !public.is_empty()
    {
        deliver(public.into_iter().map(|v| (chat.clone(), v)).collect()).await;
    }
    let said: Vec<String> = mine.into_iter().map(|v| v.text).collect();
    Json(serde_json::json!({ "said": said })).into_response()
}

/// Why `initData` was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum InitDataError {
    /// Not shaped as Telegram makes it (no hash, no user).
    #[error("malformed initData")]
    Malformed,
    /// The hash does not match: not signed with this bot's token.
    #[error("initData not signed by this bot")]
    Forged,
    /// Older than a day (or from the future).
    #[error("initData too old")]
    Expired,
}

/// Checks a Mini App's `initData` as Telegram specifies: the data-check string (every field
/// but `hash`, as `key=value`, sorted, joined by `\n`), HMAC-SHA256 under the secret key
/// HMAC-SHA256("WebAppData", bot token), compared in constant time with `hash`; `auth_date` no
/// older than [`INIT_DATA_MAX_AGE_S`] at `now` (Unix seconds). Returns who it is.
fn check_init_data(init: &str, bot_token: &str, now: i64) -> Result<Viewer, InitDataError> {
    if init.len() > 8192 {
        return Err(InitDataError::Malformed);
    }
    let mut hash = None;
    let mut fields: Vec<(String, String)> = Vec::new();
    for (k, v) in url::form_urlencoded::parse(init.as_bytes()) {
        if k == "hash" {
            hash = Some(v.into_owned());
        } else {
            fields.push((k.into_owned(), v.into_owned()));
        }
    }
    let hash = hash.ok_or(InitDataError::Malformed)?;
    fields.sort();
    let check: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let check = check.join("\n");
    let mut secret = <Hmac<Sha256> as KeyInit>::new_from_slice(b"WebAppData")
        .map_err(|_| InitDataError::Malformed)?;
    secret.update(bot_token.as_bytes());
    let secret = secret.finalize().into_bytes();
    let mut mac =
        <Hmac<Sha256> as KeyInit>::new_from_slice(&secret).map_err(|_| InitDataError::Malformed)?;
    mac.update(check.as_bytes());
    let given = hex::decode(hash.trim()).map_err(|_| InitDataError::Forged)?;
    // `verify_slice` compares in constant time.
    mac.verify_slice(&given).map_err(|_| InitDataError::Forged)?;
    let field = |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
    let auth: i64 =
        field("auth_date").and_then(|d| d.parse().ok()).ok_or(InitDataError::Malformed)?;
    if now - auth > INIT_DATA_MAX_AGE_S || auth - now > 300 {
        return Err(InitDataError::Expired);
    }
    let user: serde_json::Value =
        serde_json::from_str(field("user").ok_or(InitDataError::Malformed)?)
            .map_err(|_| InitDataError::Malformed)?;
    let id = user["id"].as_u64().ok_or(InitDataError::Malformed)?;
    let name = [user["first_name"].as_str(), user["last_name"].as_str()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    Ok(Viewer {
        user: UserId::telegram(id),
        name: if name.trim().is_empty() { format!("{id}") } else { name },
        locale: user["language_code"].as_str().map(str::to_owned),
    })
}

/// Requests per client: a bucket of `3 × rate` refilled at `rate` a second, per address.
struct Limiter {
    rate: f64,
    buckets: StdMutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl Limiter {
    fn new(rate: u32) -> Self {
        Limiter { rate: f64::from(rate.max(1)), buckets: StdMutex::new(HashMap::new()) }
    }

    fn allow(&self, ip: IpAddr) -> bool {
        let now = Instant::now();
        let burst = self.rate * 3.0;
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() > 100_000 {
            // Forget full buckets (clients quiet for a while) rather than grow without end.
            buckets.retain(|_, (_, at)| now.duration_since(*at) < Duration::from_secs(60));
        }
        let (tokens, at) = buckets.entry(ip).or_insert((burst, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * self.rate).min(burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The Content-Security-Policy for `page`: its one inline script and one inline style allowed
/// by their SHA-256 (nothing else inline), Telegram's Mini App script, pictures from here or
/// inline (`data:`), requests only to here, and framing only by Telegram's web clients.
fn policy(page: &str) -> String {
    let hash = |open: &str, close: &str| {
        let body = page.split_once(open).and_then(|(_, rest)| rest.split_once(close));
        let body = body.map_or("", |(body, _)| body);
        format!("'sha256-{}'", base64(&Sha256::digest(body.as_bytes())))
    };
    format!(
        "default-src 'none'; script-src {} https://telegram.org; style-src {}; img-src 'self' data:; \
         connect-src 'self'; base-uri 'none'; form-action 'none'; \
         frame-ancestors 'self' https://web.telegram.org https://*.telegram.org",
        hash("<script>", "</script>"),
        hash("<style>", "</style>"),
    )
}

/// Standard base64 with padding.
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ABC[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// initData signed as Telegram signs it.
    fn signed(token: &str, fields: &[(&str, &str)]) -> String {
        let mut sorted: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
        sorted.sort();
        let mut secret = <Hmac<Sha256> as KeyInit>::new_from_slice(b"WebAppData").unwrap();
        secret.update(token.as_bytes());
        let mut mac =
            <Hmac<Sha256> as KeyInit>::new_from_slice(&secret.finalize().into_bytes()).unwrap();
        mac.update(sorted.join("\n").as_bytes());
        let hash = hex::encode(mac.finalize().into_bytes());
        let mut q = url::form_urlencoded::Serializer::new(String::new());
        for (k, v) in fields {
            q.append_pair(k, v);
        }
        q.append_pair("hash", &hash);
        q.finish()
    }

    #[test]
    fn a_refusal_speaks_the_pages_language_before_the_browsers() {
        let asked = |uri: &str, accept: Option<&str>| {
            let mut r = Request::builder().uri(uri);
            if let Some(a) = accept {
                r = r.header(header::ACCEPT_LANGUAGE, a);
            }
            request_language(&r.body(axum::body::Body::empty()).unwrap())
        };
        assert_eq!(asked("/api/live/state?link=x&lang=fa-IR", Some("ru-RU,ru;q=0.9")), "fa-IR");
        assert_eq!(asked("/api/live/state?link=x&lang=zz", Some("ru-RU,ru;q=0.9")), "ru-RU");
        assert_eq!(asked("/api/live/press", Some("tl")), "tl");
        assert_eq!(asked("/api/live/press", None), "");
    }

    #[test]
    fn init_data_is_checked_as_telegram_specifies() {
        let user = r#"{"id":42,"first_name":"Ana","language_code":"fa"}"#;
        let now = 1_800_000_000;
        let fresh = signed("123:ABC", &[("auth_date", "1799999000"), ("user", user)]);
        let viewer = check_init_data(&fresh, "123:ABC", now).unwrap();
        assert_eq!((viewer.user.as_str(), viewer.name.as_str()), ("telegram:42", "Ana"));
        assert_eq!(viewer.locale.as_deref(), Some("fa"));
        assert_eq!(check_init_data(&fresh, "123:OTHER", now), Err(InitDataError::Forged));
        let altered = fresh.replace("42", "43");
        assert_eq!(check_init_data(&altered, "123:ABC", now), Err(InitDataError::Forged));
        let old = signed("123:ABC", &[("auth_date", "1799900000"), ("user", user)]);
        assert_eq!(check_init_data(&old, "123:ABC", now), Err(InitDataError::Expired));
        for junk in ["", "hash=zz", "a=b&hash=00", "%ff%fe=1&hash=1"] {
            assert!(check_init_data(junk, "123:ABC", now).is_err(), "{junk}");
        }
    }

    /// Issue 46, item 10: a state whose picture the page already shows (only the time left
    /// changed) is sent without it; a new picture is sent whole.
    #[test]
    fn a_picture_the_page_shows_is_not_sent_again() {
        let state = |png: &[u8], left: i64| LiveState {
            table: TableId::new(1),
            version: Version::new(left),
            lang: "en",
            rtl: false,
            title: "Ludo, table 1".into(),
            status: "playing",
            status_text: "playing".into(),
            players: Vec::new(),
            time_left_ms: Some(left),
            text: "Ana, roll the dice.".into(),
            moves: Vec::new(),
            buttons: Vec::new(),
            me: None,
            image: Some(png.to_vec()),
            alt: None,
            places: None,
            spoken: None,
        };
        let (first, digest) = shown(&state(b"board one", 60_000), None);
        assert!(first["image"].as_str().unwrap().starts_with("data:image/png;base64,"));
        assert_eq!(first.get("image_kept"), None);
        let (later, same) = shown(&state(b"board one", 50_000), digest.as_ref());
        assert_eq!(same, digest);
        assert_eq!(
            (later["image"].clone(), later["image_kept"].clone()),
            (serde_json::Value::Null, true.into())
        );
        assert_eq!(later["time_left_ms"], 50_000);
        let (next, other) = shown(&state(b"board two", 40_000), digest.as_ref());
        assert_ne!(other, digest);
        assert!(next["image"].as_str().is_some() && next.get("image_kept").is_none());
    }

    #[test]
    fn base64_matches_the_standard_alphabet() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn a_client_past_its_allowance_waits() {
        let limiter = Limiter::new(2);
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        assert!((0..6).all(|_| limiter.allow(ip)), "a burst of three seconds' worth");
        assert!(!limiter.allow(ip));
        assert!(limiter.allow("192.0.2.2".parse().unwrap()), "another client is not held up");
    }

    #[test]
    fn a_proxys_viewers_are_counted_apart_and_nobody_else_picks_their_address() {
        let mut headers = axum::http::HeaderMap::new();
        headers.append("x-forwarded-for", "203.0.113.9, 198.51.100.7".parse().unwrap());
        let viewer: IpAddr = "198.51.100.7".parse().unwrap();
        // Behind the recipe's proxy (a private address), the address it saw: the last entry.
        assert_eq!(client("172.18.0.5".parse().unwrap(), &headers), viewer);
        assert_eq!(client("127.0.0.1".parse().unwrap(), &headers), viewer);
        assert_eq!(client("::1".parse().unwrap(), &headers), viewer);
        // A client on the internet is itself, whatever it writes.
        let public: IpAddr = "192.0.2.1".parse().unwrap();
        assert_eq!(client(public, &headers), public);
        // Junk or no header: the peer.
        let mut junk = axum::http::HeaderMap::new();
        junk.append("x-forwarded-for", "not an address".parse().unwrap());
        let proxy: IpAddr = "10.0.0.2".parse().unwrap();
        assert_eq!(client(proxy, &junk), proxy);
        assert_eq!(client(proxy, &axum::http::HeaderMap::new()), proxy);
    }
}
