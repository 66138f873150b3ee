//! How views become messages. Everything a chat receives leaves from one lane per chat (a
//! private table's views from the table's lane: they go to each player's chat), in order, so
//! nothing overtakes what it follows: boards, texts, rankings and cup posts alike.
//!
//! Telegram counts a group's calls, **edits and deletions included**, at about 20 a minute, and
//! answers more with a 429 whose wait grows with each repeat. Every call to a chat is spent
//! from that chat's budget first ([`Calls`], a [`Budget`] per chat): a lane waits for its chat's
//! next call *before* a board's show claims its table, and when the wait is over, a board that a
//! newer board of the same table queued meanwhile supersedes is folded away, never sent. A board
//! is a new message (and the old board's buttons off: two calls) only while the chat has calls
//! to spare; a busy chat's boards edit the live board in place (one call a move). A 429 that
//! still comes holds back its own chat only, for as long as it says, and slows that chat for a
//! while; the view is shown again when the wait ends (the newest board, if a newer one came).

use std::collections::VecDeque;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use teloxide::payloads::{
    EditMessageMediaSetters, EditMessageTextSetters, SendAnimationSetters, SendDocumentSetters,
    SendMessageSetters, SendPhotoSetters,
};
use teloxide::prelude::{Request, Requester};
use teloxide::types::{
    ChatId, InlineKeyboardButton, InlineKeyboardMarkup, InputFile, InputMedia, InputMediaPhoto,
    Message, MessageId, ParseMode, ReplyParameters,
};
use teloxide::{ApiError, RequestError};

use crate::table::budget::{Budget, Ledger, Limit};
use crate::table::describe::Units;
use crate::table::show::{Gap, fold_boards};
use crate::table::{FileKind, Kind, Notice, NoticeFailure, Slot, View, clip_end, mark_last};

use super::Telegram;
use crate::ids::{MessageRef, Posted, UserId};

/// Telegram's limit on photo captions.
const CAPTION: usize = 1024;
/// How many times a call is retried after `RetryAfter` or a network error.
const RETRIES: usize = 5;
/// The longest wait after a 429 that a call waits out itself; a longer one ends the call, and
/// its view is shown again once the chat's wait is over (a show never holds its table's claim
/// through a long wait).
const SHORT_WAIT: Duration = Duration::from_secs(3);
/// How many times a view refused with a 429 is shown again.
const AGAIN: usize = 3;

/// The calls each chat may still make, as Telegram counts them: a budget for groups and
/// channels, one for private chats (both shared with the other processes on a Postgres
/// database), and the bot's own (30 a second over every chat).
pub(super) struct Calls {
    groups: Ledger<ChatId>,
    private: Ledger<ChatId>,
    bot: Mutex<Budget<()>>,
}

impl Calls {
    /// Budgets counted over `window` (Telegram's minute; tests shrink it).
    pub(super) fn new(service: &crate::table::Service, window: Duration) -> Self {
        let key = |chat: ChatId| crate::ids::ChatId::telegram(chat.0).as_str().to_owned();
        Self {
            groups: service.ledger(Limit::telegram_group(window), key),
            private: service.ledger(Limit::telegram_private(window), key),
            bot: Mutex::new(Budget::new(Limit::telegram_bot(window))),
        }
    }

    /// The budget `chat` spends from.
    fn of(&self, chat: ChatId) -> &Ledger<ChatId> {
        if chat.is_user() { &self.private } else { &self.groups }
    }

    /// Takes one call for `chat` (and the bot): when it may go.
    async fn spend(&self, chat: ChatId) -> Instant {
        let at = self.of(chat).spend(chat).await;
        self.bot.lock().unwrap_or_else(|e| e.into_inner()).spend((), at)
    }

    /// How long `chat`'s next call would wait.
    async fn wait(&self, chat: ChatId) -> Duration {
        self.of(chat).wait(chat).await
    }

    /// Whether a new board in `chat` should rather edit the live one: the chat cannot spare
    /// the two calls a new message and the old one's buttons cost, or it is slow after a 429.
    fn short(&self, chat: ChatId) -> bool {
        let budget = self.of(chat);
        budget.spare(chat) < 2 || budget.slowed(chat)
    }
}

/// How many messages a sweep after a crash tries in a chat at most (issue 60, item 5): the lost
/// message is the first this process's dead predecessor sent after its mark, so it is among
/// the first few that neither this process sent nor the store records.
const SWEEP: usize = 6;
/// How far past the mark a sweep looks at most, when the new message does not bound it.
const SWEEP_RANGE: i32 = 4096;
/// How many sent messages a process keeps in mind.
const RECENT: usize = 4096;

/// The messages this process sent lately: the newest in each chat (a show's mark: where its
/// message will follow) and the last few thousand, which a sweep after a crash passes over
/// (this process's own: not lost).
#[derive(Default)]
pub(super) struct Sent {
    newest: std::collections::HashMap<i64, i32>,
    recent: VecDeque<(i64, i32)>,
}

impl Sent {
    /// Notes message `id` sent to `chat`.
    fn note(&mut self, chat: ChatId, id: MessageId) {
        if self.newest.len() >= 100_000 {
            self.newest.clear();
        }
        let newest = self.newest.entry(chat.0).or_insert(id.0);
        *newest = (*newest).max(id.0);
        if self.recent.len() >= RECENT {
            self.recent.pop_front();
        }
        self.recent.push_back((chat.0, id.0));
    }

    /// The newest message this process sent to `chat`.
    fn newest(&self, chat: ChatId) -> Option<MessageId> {
        self.newest.get(&chat.0).copied().map(MessageId)
    }

    /// Whether message `id` of `chat` is known not to be a lost one: this process sent it,
    /// or (where Telegram numbers messages across chats: basic groups and private chats draw
    /// from the bot's one sequence) sent that number to another chat.
    fn knows(&self, chat: ChatId, id: i32) -> bool {
        let own_sequence = chat.0 < -1_000_000_000_000;
        self.recent.iter().any(|&(c, m)| m == id && (c == chat.0 || !own_sequence))
    }
}

/// Views of one operation, to send together and in order.
pub(super) struct Outgoing {
    chat: ChatId,
    views: Vec<View>,
    reply_to: Option<MessageId>,
}

/// The lane a batch of views goes to: its chat's, or for a private table's (shown in each
/// player's chat) its table's.
fn lane(chat: ChatId, views: &[View]) -> String {
    let private = views.iter().find(|v| !v.audience().is_empty()).and_then(View::shows);
    match private {
        Some((table, _)) => format!("t{table}"),
        None => format!("c{}", chat.0),
    }
}

/// A cup's end as a Telegram group gets it: the winner's post and the standings' final state
/// carry the same picture (the podium) and the same standings, so the winner's line rides on
/// the standings message (its last line, which a caption clipped to Telegram's count keeps)
/// instead of a new message that says the standings again: every new message spends the
/// group's budget (issue 60: at most 3 new group messages a cup game).
fn fold_cup_end(views: &mut Vec<View>) {
    let Some(s) = views.iter().position(|v| matches!(v.kind, Kind::Standings(_))) else {
        return;
    };
    let Some(podium) = views[s].image().map(<[u8]>::to_vec) else { return };
    let winner = views
        .iter()
        .position(|v| matches!(v.kind, Kind::Post(_)) && v.image() == Some(podium.as_slice()));
    let Some(w) = winner else { return };
    let winner = views.remove(w);
    let s = if w < s { s - 1 } else { s };
    if let Some(line) = winner.text.lines().next() {
        views[s].text = format!("{}\n{line}", views[s].text);
    }
}

/// The next batch of an outbox lane, without the boards that a later batch of the same lane
/// supersedes (only a lane that fell behind has later batches). Batches left empty are skipped.
fn fold(queue: &mut VecDeque<Outgoing>) -> Option<Outgoing> {
    while let Some(mut batch) = queue.pop_front() {
        fold_boards(&mut batch.views, queue.iter().flat_map(|later| later.views.iter()));
        if !batch.views.is_empty() {
            return Some(batch);
        }
    }
    None
}

/// Calls a Bot API method, waiting out `RetryAfter` and retrying network errors a few times.
/// Returns `None` if it failed for good (logged).
pub(super) async fn retry<T, F, Fut>(method: &str, call: F) -> Option<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, RequestError>>,
{
    logged(method, retry_result(method, call).await)
}

/// [`retry`], returning the last error.
async fn retry_result<T, F, Fut>(method: &str, mut call: F) -> Result<T, RequestError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, RequestError>>,
{
    let mut attempt = 1;
    loop {
        let last = attempt >= RETRIES;
        match call().await {
            Ok(value) => return Ok(value),
            Err(RequestError::RetryAfter(wait)) if !last => {
                tracing::info!(method, seconds = wait.seconds(), "rate limited; waiting");
                tokio::time::sleep(wait.duration()).await;
            }
            Err(RequestError::Network(e)) if !last => {
                tracing::warn!(method, error = %e, "network error; retrying");
                tokio::time::sleep(Duration::from_millis(500 << attempt)).await;
            }
            Err(e) => {
                if last {
                    tracing::error!(method, "gave up after {RETRIES} attempts");
                }
                return Err(e);
            }
        }
        attempt += 1;
    }
}

/// How long Telegram lets a bot delete its own messages in a group (48 hours), less an hour
/// of margin: a board older than this is left.
const TIDY_AGE: Duration = Duration::from_secs(47 * 3600);

/// The calls a chat must be able to spare before one of its old boards is deleted (a quiet
/// chat's whole burst): a board coming meanwhile still finds two (a new message and its old
/// one's strip).
const TIDY_SPARE: u32 = 3;

impl Telegram {
    /// Deletes tidy chats' earlier boards of games that are over (`/boards tidy`, issue 60),
    /// until `stopped`: every `tidy_every`, each chat with boards to delete that is quiet (it
    /// can spare `TIDY_SPARE` calls and is not slowed by a 429) gets one deletion, counted in
    /// its budget like any call: at most about one a twentieth of the window, while the chat
    /// stays quiet.
    pub async fn tidy(self, mut stopped: tokio::sync::watch::Receiver<bool>) {
        loop {
            tokio::select! {
                _ = stopped.changed() => {}
                () = tokio::time::sleep(self.tidy_every) => {}
            }
            if *stopped.borrow() {
                return;
            }
            self.tidy_once().await;
        }
    }

    /// One round of [`Telegram::tidy`].
    async fn tidy_once(&self) {
        let platform = crate::ids::Platform::Telegram;
        for chat in self.service.tidy_chats(platform, TIDY_AGE).await {
            let c = ChatId(chat);
            let budget = self.calls.of(c);
            let spare = budget.spare(c);
            if spare < TIDY_SPARE || budget.slowed(c) {
                continue;
            }
            for board in self.service.tidy_boards(platform, chat, 1).await {
                let Some((c, m)) = telegram_message(board) else { continue };
                let method = "deleteMessage";
                let bot = &self.bot;
                let deleted = self.counted(c, method, None, || bot.delete_message(c, m).send());
                logged(method, deleted.await);
            }
        }
    }

    /// Makes a call that Telegram counts against `chat` (a send, an edit, a deletion): waits
    /// for the chat's budget (and the bot's), then calls, retrying network errors a few times.
    /// A 429 sets the chat's wait to its `retry_after` (and no other chat's); a short one is
    /// waited out here, a longer one ends the call with the 429 and marks `limited`, so that
    /// the view is shown again when the wait is over.
    pub(super) async fn counted<T, F, Fut>(
        &self,
        chat: ChatId,
        method: &str,
        limited: Option<&AtomicBool>,
        mut call: F,
    ) -> Result<T, RequestError>
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Result<T, RequestError>>,
    {
        let mut attempt = 1;
        loop {
            let at = self.calls.spend(chat).await;
            tokio::time::sleep_until(at.into()).await;
            let last = attempt >= RETRIES;
            let result = call().await;
            self.calls.of(chat).ended(chat);
            match result {
                Err(RequestError::RetryAfter(wait)) => {
                    self.calls.of(chat).refused(chat, wait.duration()).await;
                    if let Some(m) = self.service.metrics() {
                        m.rate_limited.inc();
                    }
                    tracing::warn!(
                        chat = chat.0,
                        method,
                        seconds = wait.seconds(),
                        "Telegram refused a call with 429; the chat waits"
                    );
                    if last || wait.duration() > SHORT_WAIT {
                        if let Some(limited) = limited {
                            limited.store(true, Ordering::Relaxed);
                        }
                        return Err(RequestError::RetryAfter(wait));
                    }
                }
                Err(RequestError::Network(e)) if !last => {
                    tracing::warn!(method, error = %e, "network error; retrying");
                    tokio::time::sleep(Duration::from_millis(500 << attempt)).await;
                }
                other => return other,
            }
            attempt += 1;
        }
    }

    /// Waits until each chat `view` goes to may make a call.
    async fn until_free(&self, chat: ChatId, view: &View) {
        for chat in Self::chats_of(chat, view) {
            loop {
                let wait = self.calls.wait(chat).await;
                if wait.is_zero() {
                    break;
                }
                tokio::time::sleep(wait).await;
            }
        }
    }

    /// Whether a newer board of `view`'s table waits in its lane: `view` is a board that
    /// need not be sent.
    fn superseded(&self, key: &str, view: &View) -> bool {
        let Some((table, Slot::Board)) = view.shows() else { return false };
        let version = view.version();
        self.outbox
            .peek(key, |queue| {
                queue.iter().flat_map(|b| b.views.iter()).any(|later| {
                    later.shows() == Some((table, Slot::Board)) && later.version() >= version
                })
            })
            .unwrap_or(false)
    }
}

/// Logs a call that failed for good (a 429 is logged where it is noted); `None` then.
fn logged<T>(method: &str, result: Result<T, RequestError>) -> Option<T> {
    match result {
        Ok(value) => Some(value),
        Err(RequestError::Api(ApiError::MessageNotModified) | RequestError::RetryAfter(_)) => None,
        Err(e) => {
            tracing::warn!(method, error = %e, "Telegram refused the call");
            None
        }
    }
}

/// Whether an error says the user cannot be written to: blocked the bot, never started it
/// (Telegram answers 403 "Forbidden: bot can't initiate conversation with a user", a text
/// teloxide knows only in its old "Unauthorized:" form), deactivated, or no such chat. Every
/// 403 is such a refusal: the bot may not write there, and asking again will not change it.
fn unreachable_user(e: &RequestError) -> bool {
    match e {
        RequestError::Api(
            ApiError::BotBlocked
            | ApiError::CantInitiateConversation
            | ApiError::UserDeactivated
            | ApiError::ChatNotFound,
        ) => true,
        RequestError::Api(ApiError::Unknown(text)) => text.starts_with("Forbidden:"),
        _ => false,
    }
}

/// Text safe inside Telegram HTML.
pub(super) fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

impl Telegram {
    /// A board's keyboard with its "Live board" button under the game's: in a private chat a
    /// Mini App button opening the page (Telegram then says who looks), in a group a link to
    /// the Mini App (`t.me/<bot>/<app>?startapp=<link>`; groups take no Mini App buttons),
    /// or to the page itself when no Mini App is registered.
    async fn with_live_button(
        &self,
        mut markup: InlineKeyboardMarkup,
        chat: ChatId,
        view: &View,
    ) -> InlineKeyboardMarkup {
        let (Some(live), Some((table, crate::table::Slot::Board))) = (&self.live, view.shows())
        else {
            return markup;
        };
        let link = self.service.live().live_link(table, None);
        let label = self.service.words(view.lang.unwrap_or_default(), "live-button");
        let Ok(page) = live.public_url.join(&format!("live/{link}")) else { return markup };
        let button = if chat.0 > 0 {
            InlineKeyboardButton::web_app(label, teloxide::types::WebAppInfo { url: page })
        } else {
            let app = match (&live.app, self.username().await) {
                (Some(app), Some(bot)) => {
                    url::Url::parse(&format!("https://t.me/{bot}/{app}?startapp={link}")).ok()
                }
                _ => None,
            };
            InlineKeyboardButton::url(label, app.unwrap_or(page))
        };
        markup.inline_keyboard.push(vec![button]);
        markup
    }
}

fn keyboard(view: &View) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(view.buttons().iter().map(|row| {
        row.iter()
            .map(|b| InlineKeyboardButton::callback(b.label.clone(), b.token.clone()))
            .collect::<Vec<_>>()
    }))
}

/// A message Telegram numbered, as the show protocol names it.
fn posted(chat: ChatId, message: MessageId) -> Posted {
    Posted { chat: Some(chat.0), message: i64::from(message.0) }
}

/// The Telegram message a recorded one names, if it is one (a chat and a message number that
/// fits Telegram's).
fn telegram_message(p: Posted) -> Option<(ChatId, MessageId)> {
    Some((ChatId(p.chat?), MessageId(i32::try_from(p.message).ok()?)))
}

/// A link to a message of a supergroup or channel (`https://t.me/c/<id>/<message>`) from a
/// table's chat (a supergroup's id is `-100<id>`) and its recorded message (the copy in that
/// chat); basic groups and private chats have no message links.
fn message_link(chat: &crate::ids::ChatId, message: Option<&MessageRef>) -> Option<String> {
    let id = chat.telegram_id()?;
    let internal = id.to_string().strip_prefix("-100")?.to_owned();
    let (_, m) = telegram_message(message?.in_chat(id)?)?;
    Some(format!("https://t.me/c/{internal}/{}", m.0))
}

/// At most `max` UTF-16 units (what Telegram counts), keeping the end.
pub(super) fn clip(text: &str, max: usize) -> String {
    clip_end(text, max, char::len_utf16)
}

/// The most of a caption a finished board's own text (its ranking) keeps from its places in
/// words.
const MIN_TEXT: usize = 240;

impl Telegram {
    /// Queues views to send in the chat's lane; a private table's (shown in each player's
    /// chat) in its table's.
    pub(super) fn send_later(&self, chat: ChatId, views: Vec<View>, reply_to: Option<MessageId>) {
        if views.is_empty() {
            return;
        }
        let mut views = views;
        fold_cup_end(&mut views);
        let key = lane(chat, &views);
        let this = self.clone();
        self.outbox.submit(key.clone(), Outgoing { chat, views, reply_to }, fold, move |batch| {
            let this = this.clone();
            let key = key.clone();
            async move {
                // A batch that brings a cup's standings up to date ends a cup game (or opens
                // a round): see [`Surface::in_place`].
                let cup = batch.views.iter().any(|v| matches!(v.kind, Kind::Standings(_)));
                for view in batch.views {
                    this.post(&key, batch.chat, view, batch.reply_to, cup).await;
                }
            }
        });
    }

    /// Shows views in a chat (`telegram:<id>`), e.g. a timer's messages, through the outbox.
    pub fn post_to(&self, chat: &crate::ids::ChatId, views: Vec<View>) {
        let Some(id) = chat.telegram_id() else {
            return;
        };
        self.send_later(ChatId(id), views, None);
    }

    /// Sends a turn notice to the user's private chat and reports the outcome: delivered;
    /// blocked or never started (403: notices are switched off); or another failure (tried
    /// again later).
    async fn post_notice(&self, chat: ChatId, view: &View, notice: &Notice) {
        // The turn was played while the notice waited: it is not sent.
        if !self.service.turn_notices().notice_due(notice).await {
            return;
        }
        let caption = self.html(view, CAPTION);
        let text = self.html(view, 4096);
        let sent = match view.image() {
            Some(png) => self
                .counted(chat, "sendPhoto", None, || {
                    self.bot
                        .send_photo(chat, InputFile::memory(png.to_vec()))
                        .caption(caption.clone())
                        .parse_mode(ParseMode::Html)
                        .send()
                })
                .await
                .map(|m| m.id),
            None => self
                .counted(chat, "sendMessage", None, || {
                    self.bot.send_message(chat, text.clone()).parse_mode(ParseMode::Html).send()
                })
                .await
                .map(|m| m.id),
        };
        match sent {
            Ok(id) => {
                self.sent.lock().unwrap_or_else(|e| e.into_inner()).note(chat, id);
                self.service.turn_notices().noticed(notice).await
            }
            Err(e) => {
                let blocked = unreachable_user(&e);
                tracing::info!(chat = chat.0, error = %e, blocked, "a turn notice was refused");
                let why = if blocked { NoticeFailure::Blocked } else { NoticeFailure::Failed };
                let _ = self.service.turn_notices().notice_failed(notice, why).await;
            }
        }
    }

    /// Shows one view: in `chat`, or for a private table in each player's chat with the bot,
    /// by the show protocol ([`crate::table::show`]).
    ///
    /// It first waits for the chat's next call, outside any claim; a board that a newer board
    /// of its table queued in the meantime supersedes is then dropped. A view whose call was
    /// refused with a long 429 is shown again once the chat's wait is over. `cup`: the view
    /// comes with a cup's standings (a cup game's end).
    async fn post(
        &self,
        key: &str,
        chat: ChatId,
        mut view: View,
        reply_to: Option<MessageId>,
        cup: bool,
    ) {
        if let Kind::Notice(notice) = &view.kind {
            return self.post_notice(chat, &view, &notice.notice).await;
        }
        self.learn_names(view.mentions()).await;
        if let Some(code) = view.invite().map(str::to_owned)
            && let Some(bot) = self.username().await
        {
            view.text.push_str(&format!("\nhttps://t.me/{bot}?start={code}"));
        }
        for _ in 0..AGAIN {
            self.until_free(chat, &view).await;
            if self.superseded(key, &view) {
                tracing::debug!(chat = chat.0, "a board superseded while it waited: folded");
                return;
            }
            let limited = AtomicBool::new(false);
            let surface = Surface { telegram: self, chat, reply_to, limited, cup };
            self.service.show(&surface, &view).await;
            if !surface.limited.load(Ordering::Relaxed) {
                return;
            }
        }
        tracing::warn!(chat = chat.0, "a view refused with 429 {AGAIN} times was dropped");
    }

    /// The chats a view goes to: `chat`, or a private table's players' private chats.
    fn chats_of(chat: ChatId, view: &View) -> Vec<ChatId> {
        if view.audience().is_empty() {
            return vec![chat];
        }
        // A user's private chat with the bot has the user's id.
        view.audience().iter().filter_map(|u| u.direct_chat()?.telegram_id().map(ChatId)).collect()
    }

    /// Edits `target` to show the view, or (no target, or the edit failed: the message is gone
    /// or too old) sends it to `chat`. Returns the message that shows it.
    async fn show(
        &self,
        chat: ChatId,
        view: &View,
        reply_to: Option<MessageId>,
        target: Option<(ChatId, MessageId)>,
        buttons: bool,
        limited: &AtomicBool,
    ) -> Option<(ChatId, MessageId)> {
        // No keyboard at all rather than an empty one: a message without buttons (and an edit
        // without `reply_markup` takes the old buttons off).
        let markup = if buttons {
            Some(self.with_live_button(keyboard(view), chat, view).await)
                .filter(|k| !k.inline_keyboard.is_empty())
        } else {
            None
        };
        let caption = self.html(view, CAPTION);
        let long_text = self.html(view, 4096);
        if let Some((c, m)) = target
            && self.edit_to_show(c, m, view, markup.as_ref(), (&caption, &long_text), limited).await
        {
            return Some((c, m));
        }
        if limited.load(Ordering::Relaxed) {
            // The edit met a long 429: the view is shown again after the wait.
            return None;
        }
        let reply = reply_to.map(|r| ReplyParameters::new(r).allow_sending_without_reply());
        // A new message's buttons and the message it answers, on either kind of request.
        macro_rules! with_extras {
            ($request:expr) => {{
                let mut request = $request.parse_mode(ParseMode::Html);
                if let Some(k) = &markup {
                    request = request.reply_markup(k.clone());
                }
                if let Some(r) = &reply {
                    request = request.reply_parameters(r.clone());
                }
                request.send()
            }};
        }
        let sent = match view.image() {
            Some(png) => logged(
                "sendPhoto",
                self.counted(chat, "sendPhoto", Some(limited), || {
                    with_extras!(
                        self.bot
                            .send_photo(chat, InputFile::memory(png.to_vec()))
                            .caption(caption.clone())
                    )
                })
                .await,
            ),
            None if view.file().is_some() => {
                self.send_file(chat, view, &caption, &reply, limited).await
            }
            None => logged(
                "sendMessage",
                self.counted(chat, "sendMessage", Some(limited), || {
                    with_extras!(self.bot.send_message(chat, long_text.clone()))
                })
                .await,
            ),
        };
        let sent = sent.map(|m| (chat, m.id));
        if let Some((c, m)) = sent {
            self.sent.lock().unwrap_or_else(|e| e.into_inner()).note(c, m);
        }
        sent
    }

    /// Edits message `m` of chat `c` to show `view` (its picture, caption and `markup`, or its
    /// text); false when the message cannot show it (gone, too old): a new one will.
    async fn edit_to_show(
        &self,
        c: ChatId,
        m: MessageId,
        view: &View,
        markup: Option<&InlineKeyboardMarkup>,
        (caption, long_text): (&str, &str),
        limited: &AtomicBool,
    ) -> bool {
        let edited = match view.image() {
            Some(png) => self
                .counted(c, "editMessageMedia", Some(limited), || {
                    let media = InputMediaPhoto::new(InputFile::memory(png.to_vec()))
                        .caption(caption.to_owned())
                        .parse_mode(ParseMode::Html);
                    let mut request = self.bot.edit_message_media(c, m, InputMedia::Photo(media));
                    if let Some(k) = markup {
                        request = request.reply_markup(k.clone());
                    }
                    request.send()
                })
                .await
                .map(drop),
            None => self
                .counted(c, "editMessageText", Some(limited), || {
                    let mut request = self
                        .bot
                        .edit_message_text(c, m, long_text.to_owned())
                        .parse_mode(ParseMode::Html);
                    if let Some(k) = markup {
                        request = request.reply_markup(k.clone());
                    }
                    request.send()
                })
                .await
                .map(drop),
        };
        match edited {
            Ok(()) | Err(RequestError::Api(ApiError::MessageNotModified)) => true,
            Err(RequestError::RetryAfter(_)) => false,
            // The old message cannot show it: a new one will (nothing is lost).
            Err(_) => {
                tracing::info!(chat = c.0, "the edit failed; sending anew");
                false
            }
        }
    }

    /// Sends a view's file with its text as the caption: a replay as an animation (Telegram
    /// plays a GIF sent with sendAnimation), a record as a document.
    async fn send_file(
        &self,
        chat: ChatId,
        view: &View,
        caption: &str,
        reply: &Option<ReplyParameters>,
        limited: &AtomicBool,
    ) -> Option<Message> {
        let file = view.file()?;
        let input = || InputFile::memory(file.bytes.clone()).file_name(file.name.clone());
        // The two requests are of different types with the same setters.
        macro_rules! send {
            ($method:literal, $request:expr) => {
                logged(
                    $method,
                    self.counted(chat, $method, Some(limited), || {
                        let mut request = $request
                            .caption(caption.to_owned())
                            .parse_mode(ParseMode::Html)
                            .reply_markup(keyboard(view));
                        if let Some(r) = reply {
                            request = request.reply_parameters(r.clone());
                        }
                        request.send()
                    })
                    .await,
                )
            };
        }
        match file.kind {
            FileKind::Animation => send!("sendAnimation", self.bot.send_animation(chat, input())),
            FileKind::Json => send!("sendDocument", self.bot.send_document(chat, input())),
        }
    }

    /// A view's text as Telegram HTML, at most `max` long: mentioned players (the one to move,
    /// the one reminded) become links that notify them: their name's last appearance, or an
    /// added line.
    fn html(&self, view: &View, max: usize) -> String {
        let mut text = view.text.clone();
        for link in view.links() {
            if let Some(url) = message_link(&link.chat, link.message.as_ref()) {
                text.push_str(&format!("\n🔗 {}: {url}", link.table));
            }
        }
        let names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        // Every mentioned player is named (a cup round's post mentions each paired player):
        // room is kept for a line with each name that the text may not have.
        let mentioned: usize = view
            .mentions()
            .iter()
            .filter_map(|u| u.telegram_id())
            .map(|id| names.get(&id).map_or(2, |n| n.encode_utf16().count()) + 3)
            .sum();
        let room = max.saturating_sub(mentioned.min(max / 2));
        // A board's places in words (issue 48: Telegram photos have no alt text) open the
        // caption as a collapsed quote, which a screen reader reads and others open at will
        // (the prompt stays the caption's last line): they have all the room the text leaves
        // them, counted as Telegram counts a caption (UTF-16 units of the text after its
        // entities), and are said whole, densely or as whole players, never cut (issue 61).
        // The text keeps its last line, whose turn it is, while the game goes on (its other
        // lines, the last moves, give way first), and its last MIN_TEXT units once it is over
        // (the ranking).
        let keep = match text.rsplit_once('\n') {
            Some((_, last)) if !view.buttons().is_empty() => last,
            _ => text.as_str(),
        };
        let text_needs = keep.encode_utf16().count().min(MIN_TEXT);
        let places = view.places_within(room.saturating_sub(text_needs + 1), Units::Utf16);
        let places = places.filter(|p| !p.is_empty());
        let room =
            room.saturating_sub(places.as_deref().map_or(0, |p| p.encode_utf16().count() + 1));
        let text = clip(&text, room);
        let mut out = escape(&text);
        for user in view.mentions() {
            let Some(id) = user.telegram_id() else {
                continue;
            };
            let name = names.get(&id).cloned().unwrap_or_else(|| "🔔".into());
            let shown = escape(&format!("\u{2068}{name}\u{2069}"));
            mark_last(&mut out, &shown, &escape(&name), |inner| {
                format!("<a href=\"tg://user?id={id}\">{inner}</a>")
            });
        }
        // A text-first board (`/access on`) shows them open, not collapsed.
        let quote = if view.text_first() { "blockquote" } else { "blockquote expandable" };
        match places {
            Some(places) => format!("<{quote}>{}</blockquote>\n{out}", escape(&places)),
            None => out,
        }
    }

    /// Learns the names of mentioned users not seen since the start (after a restart the
    /// player to move is named, not shown as a bare bell).
    async fn learn_names(&self, users: &[UserId]) {
        for user in users {
            let Some(id) = user.telegram_id() else {
                continue;
            };
            if self.names.lock().unwrap_or_else(|e| e.into_inner()).contains_key(&id) {
                continue;
            }
            if let Some(name) = self.service.user_name(user).await {
                self.names.lock().unwrap_or_else(|e| e.into_inner()).insert(id, name);
            }
        }
    }
}

/// One view's way to Telegram for the show protocol: the chat it came from (or a private
/// table's players' chats), the message it answers, whether a call met a long 429, and
/// whether it comes with a cup's standings.
struct Surface<'a> {
    telegram: &'a Telegram,
    chat: ChatId,
    reply_to: Option<MessageId>,
    limited: AtomicBool,
    cup: bool,
}

impl crate::table::show::Surface for Surface<'_> {
    async fn put(&self, view: &View, to: Option<&MessageRef>, buttons: bool) -> Option<MessageRef> {
        let chats = Telegram::chats_of(self.chat, view);
        let direct = view.audience().is_empty();
        let mut shown = MessageRef::default();
        for chat in chats {
            let to = to.and_then(|t| telegram_message(t.in_chat(chat.0)?));
            let reply_to = if direct { self.reply_to } else { None };
            let limited = &self.limited;
            if let Some((c, m)) =
                self.telegram.show(chat, view, reply_to, to, buttons, limited).await
            {
                shown.posted.push(posted(c, m));
            }
        }
        (!shown.posted.is_empty()).then_some(shown)
    }

    /// Takes a message's buttons off, unless its chat would make it wait (then a press on it
    /// is answered as out of date, as any old board's): a strip is the first call a busy
    /// chat goes without, and never holds a board behind it.
    async fn strip(&self, message: Posted) {
        let Some((c, m)) = telegram_message(message) else { return };
        // The chat's state as its board's put just left it: no question to the store.
        let wait = self.telegram.calls.of(c).wait_seen(c);
        if wait > SHORT_WAIT {
            tracing::info!(chat = c.0, "a busy chat: an old message keeps its buttons");
            return;
        }
        let bot = &self.telegram.bot;
        let method = "editMessageReplyMarkup";
        let stripped = self
            .telegram
            .counted(c, method, None, || bot.edit_message_reply_markup(c, m).send())
            .await;
        logged(method, stripped);
    }

    /// A new table message in a chat that cannot spare the two calls of a new message and the
    /// old one's strip (see [`Calls::short`]) edits the table's live message there instead:
    /// one call a move.
    ///
    /// A cup game's final board (no buttons: the game is over; it comes with the cup's
    /// standings) edits the game's live board in place however many calls the chat has: its
    /// result follows in a message of its own, and a cup costs the group one new message less
    /// a game (issue 60: at most 3 a cup game).
    fn in_place(&self, view: &View, live: &MessageRef) -> Option<MessageRef> {
        let (_, slot) = view.shows()?;
        if self.cup && slot == Slot::Board && view.buttons().is_empty() {
            tracing::debug!("a cup game's final board: edited in place");
            return Some(live.clone());
        }
        let chats = Telegram::chats_of(self.chat, view);
        let calls = &self.telegram.calls;
        let short: Vec<ChatId> = chats.into_iter().filter(|c| calls.short(*c)).collect();
        let posted: Vec<Posted> = live
            .posted
            .iter()
            .copied()
            .filter(|p| p.chat.is_some_and(|c| short.contains(&ChatId(c))))
            .collect();
        if !posted.is_empty() {
            tracing::debug!("a busy chat: the board is edited in place");
        }
        (!posted.is_empty()).then_some(MessageRef { posted, plain: false })
    }

    /// The newest message this process sent to each chat the view goes to.
    fn mark(&self, view: &View) -> Option<MessageRef> {
        let sent = self.telegram.sent.lock().unwrap_or_else(|e| e.into_inner());
        let posted: Vec<Posted> = Telegram::chats_of(self.chat, view)
            .into_iter()
            .filter_map(|c| Some(posted(c, sent.newest(c)?)))
            .collect();
        (!posted.is_empty()).then_some(MessageRef { posted, plain: false })
    }

    /// Telegram numbers a chat's messages in order, so the message a show killed before its
    /// record left is after its mark and before the next show's message: tries the first few
    /// numbers there that this process did not send and the store does not record, and stops
    /// at the first whose buttons come off (a message of someone else, or one without
    /// buttons, is refused and costs only its call, from the chat's budget).
    async fn sweep(&self, gap: &Gap) {
        for (chat, after, before) in gap.chats() {
            let Some(c) = chat.map(ChatId) else { continue };
            let (Ok(after), before) = (i32::try_from(after), before.map(i32::try_from)) else {
                continue;
            };
            let end = match before {
                Some(Ok(b)) => b,
                _ => after.saturating_add(SWEEP_RANGE),
            };
            let mut tried = 0;
            for id in after.saturating_add(1)..end {
                let known =
                    self.telegram.sent.lock().unwrap_or_else(|e| e.into_inner()).knows(c, id);
                if known || gap.keeps(posted(c, MessageId(id))) {
                    continue;
                }
                if tried == SWEEP {
                    break;
                }
                tried += 1;
                let bot = &self.telegram.bot;
                let m = MessageId(id);
                let method = "editMessageReplyMarkup";
                match self
                    .telegram
                    .counted(c, method, None, || bot.edit_message_reply_markup(c, m).send())
                    .await
                {
                    Ok(_) => {
                        tracing::info!(
                            chat = c.0,
                            message = id,
                            "a message lost in a crash: its buttons are off"
                        );
                        break;
                    }
                    Err(RequestError::RetryAfter(_)) => break,
                    Err(e) => {
                        tracing::debug!(chat = c.0, message = id, error = %e, "not a lost message")
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{TableId, Version};
    use crate::table::TableMessage;

    fn board(table: i64, text: &str) -> View {
        board_at(table, 0, text)
    }

    fn board_at(table: i64, version: i64, text: &str) -> View {
        let m = TableMessage::new(TableId::new(table), Slot::Board, Version::new(version));
        View::new(None, text.into(), Kind::Table(m))
    }

    fn batch(views: Vec<View>) -> Outgoing {
        Outgoing { chat: ChatId(-1), views, reply_to: None }
    }

    #[test]
    fn a_lane_that_fell_behind_folds_superseded_boards_only() {
        let ranking = View::post(None, "ranking".into());
        let mut queue = VecDeque::from([
            batch(vec![board_at(1, 1, "turn 1")]),
            batch(vec![board(2, "other table")]),
            batch(vec![board_at(1, 2, "turn 2")]),
            batch(vec![board_at(1, 3, "turn 3"), ranking]),
        ]);
        let texts = |b: Option<Outgoing>| -> Vec<String> {
            b.map(|b| b.views.into_iter().map(|v| v.text).collect()).unwrap_or_default()
        };
        // Turns 1 and 2 of table 1 are superseded by turn 3; table 2's board and the ranking
        // are not boards of table 1 and are kept, in order.
        assert_eq!(texts(fold(&mut queue)), ["other table"]);
        assert_eq!(texts(fold(&mut queue)), ["turn 3", "ranking"]);
        assert!(fold(&mut queue).is_none());
        // A lane that keeps up sends every board.
        let mut queue = VecDeque::from([batch(vec![board(1, "turn 1")])]);
        assert_eq!(texts(fold(&mut queue)), ["turn 1"]);
        // A press's board queued behind the computer's turn it set off is older: it supersedes
        // nothing, and the computer's newer board is shown (it was lost, and the game stood
        // still waiting for a board that never came).
        let mut queue = VecDeque::from([
            batch(vec![board_at(1, 4, "the computer's turn")]),
            batch(vec![board_at(1, 2, "the press's board")]),
        ]);
        assert_eq!(texts(fold(&mut queue)), ["the computer's turn"]);
        assert_eq!(texts(fold(&mut queue)), ["the press's board"]);
    }

    #[test]
    fn every_refusal_to_write_to_a_user_switches_their_notices_off() {
        let api = |text: &str| RequestError::Api(ApiError::Unknown(text.to_owned()));
        assert!(unreachable_user(&RequestError::Api(ApiError::BotBlocked)));
        assert!(unreachable_user(&api("Forbidden: bot can't initiate conversation with a user")));
        assert!(unreachable_user(&api("Forbidden: bot can't send messages to the user")));
        assert!(!unreachable_user(&api("Bad Request: message text is empty")));
        assert!(!unreachable_user(&RequestError::Api(ApiError::MessageNotModified)));
    }

    #[test]
    fn recorded_messages_name_telegram_messages() {
        let shown = posted(ChatId(-100), MessageId(7));
        assert_eq!(telegram_message(shown), Some((ChatId(-100), MessageId(7))));
        let too_big = Posted { chat: Some(1), message: i64::from(i32::MAX) + 1 };
        assert_eq!(telegram_message(too_big), None);
        assert_eq!(telegram_message(Posted { chat: None, message: 7 }), None);
        let chat = crate::ids::ChatId::telegram(-100_123);
        let two = MessageRef::parse("-100123:5,77:6").unwrap();
        assert_eq!(message_link(&chat, Some(&two)).as_deref(), Some("https://t.me/c/123/5"));
        let group = crate::ids::ChatId::telegram(-42);
        assert_eq!(message_link(&group, MessageRef::parse("-42:5").as_ref()), None);
    }

    #[test]
    fn long_texts_keep_their_end_within_telegrams_count() {
        assert_eq!(clip("short", 10), "short");
        let long = format!("{}\nAna, roll the dice.", "old event\n".repeat(200));
        let clipped = clip(&long, 1024);
        assert!(clipped.encode_utf16().count() <= 1024);
        assert!(clipped.starts_with('…') && clipped.ends_with("Ana, roll the dice."));
        let emoji = "🎲".repeat(600);
        assert!(clip(&emoji, 1024).encode_utf16().count() <= 1024);
    }
}
