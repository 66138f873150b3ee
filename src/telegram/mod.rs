//! Telegram: the only module that imports teloxide. It turns updates (commands, button presses)
//! into table operations and views into Telegram messages: text, board photos with inline
//! keyboards, edits in place, and alerts for private refusals.
//!
//! Chats are `telegram:<chat id>`, users `telegram:<user id>`; a message reference is
//! `<chat id>:<message id>`, or for a private table's message, shown in each player's chat,
//! several of them joined by commas. Updates come by long polling (`getUpdates`) or a webhook.
//!
//! Each chat's updates are handled in order by a task of its own, so a slow or rate-limited chat
//! never holds up another. What they show goes to an outbox lane per table (or per chat), whose
//! task sends in order through teloxide's `Throttle`; edits and callback answers wait out
//! `RetryAfter` themselves. When a lane falls behind (the chat is near Telegram's limit), a board
//! that a newer board of the same table already supersedes is folded away instead of sent.

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sha2::{Digest, Sha256};
use teloxide::adaptors::Throttle;
use teloxide::adaptors::throttle::Limits;
use teloxide::payloads::{
    AnswerCallbackQuerySetters, EditMessageMediaSetters, EditMessageTextSetters, GetUpdatesSetters,
    SendMessageSetters, SendPhotoSetters, SetMyCommandsSetters, SetWebhookSetters,
};
use teloxide::prelude::{Request, Requester, RequesterExt};
use teloxide::types::{
    BotCommand, CallbackQuery, ChatId, InlineKeyboardButton, InlineKeyboardMarkup, InputFile,
    InputMedia, InputMediaPhoto, Message, MessageId, ParseMode, ReplyParameters, Update,
    UpdateKind, User,
};
use teloxide::{ApiError, Bot, RequestError};
use tokio::sync::{Notify, watch};

use crate::engine::GameKind;
use crate::health::{Health, Part};
use crate::lanes::Lanes;
use crate::table::command::{Command, CommandError};
use crate::table::i18n::Lang;
use crate::table::token::may_need_admin;
use crate::table::{Ctx, Op, Service, Shown, Slot, View, clip_end, mark_last, parse_command};

/// The commands in the menu, in menu order (see `table::command` for what each does).
const COMMANDS: [&str; 19] = [
    "snakes", "ludo", "nardy", "join", "leave", "play", "options", "status", "history", "resign",
    "kick", "cancel", "rules", "stats", "top", "fair", "lang", "boards", "help",
];

/// Telegram's limit on photo captions.
const CAPTION: usize = 1024;
/// How many times a call is retried after `RetryAfter` or a network error.
const RETRIES: usize = 5;
/// How long `getUpdates` waits for an update (long polling), in seconds.
const POLL_SECONDS: u32 = 25;
/// How long the HTTP client waits for any answer: longer than a long poll, so that an idle
/// poll ends with Telegram's empty answer and not with a client error.
const CLIENT_TIMEOUT: Duration = Duration::from_secs(POLL_SECONDS as u64 + 15);

/// The Telegram adapter.
#[derive(Clone)]
pub struct Telegram {
    bot: Throttle<Bot>,
    service: Service,
    /// Display names by user id, as seen in updates (for mentions).
    names: Arc<Mutex<HashMap<u64, String>>>,
    /// What Telegram must send in `X-Telegram-Bot-Api-Secret-Token` (webhook mode).
    webhook_secret: String,
    /// Updates waiting, by chat: each chat's are handled in order. Polled updates carry their
    /// id, which is confirmed to Telegram only once handled.
    inbox: Arc<Lanes<(Option<i32>, UpdateKind)>>,
    /// Which polled updates are handed to lanes and not yet handled.
    polling: Arc<Mutex<Polling>>,
    /// Woken when a polled update has been handled.
    handled: Arc<Notify>,
    /// Where polling failures are reported (for `/healthz`).
    health: Arc<Health>,
    /// Views waiting to be sent, by table (or chat): each lane sends in order.
    outbox: Arc<Lanes<Outgoing>>,
    /// The bot's username (from getMe), for invite links.
    username: Arc<tokio::sync::OnceCell<String>>,
}

/// Long polling's bookkeeping. Telegram forgets an update once `getUpdates` is asked for a
/// later offset, so the offset asked for is the oldest update not yet handled: an update in
/// flight when the process stops is delivered again after the restart (versions make a
/// repeated press harmless). Updates delivered again while still in flight are not handed
/// out twice.
#[derive(Debug, Default)]
struct Polling {
    /// The newest update handed to a lane.
    dispatched: Option<i32>,
    /// Updates handed to lanes and not yet handled.
    pending: BTreeSet<i32>,
}

impl Polling {
    /// The offset that confirms exactly the updates handled so far.
    fn offset(&self) -> i32 {
        match (self.pending.first(), self.dispatched) {
            (Some(&oldest), _) => oldest,
            (None, Some(newest)) => newest.saturating_add(1),
            (None, None) => 0,
        }
    }

    /// Takes an update for handling; false if it is already handled or in flight.
    fn take(&mut self, id: i32) -> bool {
        if self.dispatched.is_some_and(|d| id <= d) {
            return false;
        }
        self.dispatched = Some(id);
        self.pending.insert(id);
        true
    }
}

/// Views of one operation, to send together and in order.
struct Outgoing {
    chat: ChatId,
    views: Vec<View>,
    reply_to: Option<MessageId>,
}

/// The next batch of an outbox lane, without the boards that a later batch of the same lane
/// supersedes (only a lane that fell behind has later batches). Batches left empty are skipped.
fn fold(queue: &mut VecDeque<Outgoing>) -> Option<Outgoing> {
    while let Some(mut batch) = queue.pop_front() {
        let superseded = |view: &View| match view.shows {
            Some((table, Slot::Board)) => queue
                .iter()
                .any(|later| later.views.iter().any(|v| v.shows == Some((table, Slot::Board)))),
            _ => false,
        };
        let before = batch.views.len();
        batch.views.retain(|v| !superseded(v));
        if batch.views.len() < before {
            tracing::info!(folded = before - batch.views.len(), "a busy chat: boards folded");
        }
        if !batch.views.is_empty() {
            return Some(batch);
        }
    }
    None
}

impl Telegram {
    /// An adapter for the bot `token`, talking to the Bot API at `api_url`.
    pub fn new(service: Service, token: &str, api_url: url::Url, health: Arc<Health>) -> Self {
        let client = teloxide::net::default_reqwest_settings().timeout(CLIENT_TIMEOUT).build();
        let bot = match client {
            Ok(client) => Bot::with_client(token, client),
            Err(e) => {
                tracing::warn!(error = %e, "the Telegram HTTP client with a long timeout failed");
                Bot::new(token)
            }
        };
        let bot = bot.set_api_url(api_url).throttle(Limits::default());
        health.set("telegram", Part::Starting);
        // Derived from the token, so every process of one bot agrees without another setting.
        let digest = Sha256::digest(format!("dicetable webhook {token}").as_bytes());
        let webhook_secret = hex::encode(&digest[..24]);
        Self {
            bot,
            service,
            names: Arc::default(),
            webhook_secret,
            inbox: Arc::default(),
            polling: Arc::default(),
            handled: Arc::default(),
            health,
            outbox: Arc::default(),
            username: Arc::default(),
        }
    }

    /// Hands an update to its chat's lane (a task of its own handles each chat in order). A
    /// polled update (with its id) is marked handled when its lane is done with it.
    fn dispatch(&self, id: Option<i32>, kind: UpdateKind) {
        let chat = match &kind {
            UpdateKind::Message(m) => m.chat.id.0,
            UpdateKind::CallbackQuery(q) => q.message.as_ref().map_or(0, |m| m.chat().id.0),
            _ => 0,
        };
        let this = self.clone();
        self.inbox.submit(chat.to_string(), (id, kind), VecDeque::pop_front, move |(id, kind)| {
            let this = this.clone();
            async move {
                // Marked handled even if handling panics (the lane logs it and goes on).
                let _done = id.map(|id| Handled(this.clone(), id));
                this.on_update(kind).await;
            }
        });
    }

    /// Finishes the work in flight when the bot stops (after polling stopped): every update
    /// taken is handled and every view it produced sent; then Telegram is told which updates
    /// were handled, so that none is delivered again after the restart.
    pub async fn finish(&self) {
        self.inbox.idle().await;
        let offset = self.polling.lock().unwrap_or_else(|e| e.into_inner()).offset();
        if offset > 0 {
            // Confirms every update before `offset`; one newer, if any, is left for later.
            let confirm = self.bot.get_updates().offset(offset).limit(1).timeout(0);
            if let Err(e) = confirm.send().await {
                tracing::warn!(error = %e, "confirming the handled updates failed");
            }
        }
        self.outbox.idle().await;
    }

    /// Queues views to send: a table's in its table's lane (so its boards keep their order
    /// whichever chat they came from), others in the chat's.
    fn send_later(&self, chat: ChatId, views: Vec<View>, reply_to: Option<MessageId>) {
        if views.is_empty() {
            return;
        }
        let key = match views.iter().find_map(|v| v.shows) {
            Some((table, _)) => format!("t{table}"),
            None => format!("c{}", chat.0),
        };
        let this = self.clone();
        self.outbox.submit(key, Outgoing { chat, views, reply_to }, fold, move |batch| {
            let this = this.clone();
            async move {
                for view in batch.views {
                    this.post(batch.chat, view, batch.reply_to).await;
                }
            }
        });
    }

    /// The bot's username, asked of Telegram until it answers.
    async fn username(&self) -> Option<String> {
        self.username
            .get_or_try_init(|| async {
                let me = retry("getMe", || self.bot.get_me().send()).await;
                me.and_then(|me| me.user.username.clone()).ok_or(())
            })
            .await
            .ok()
            .cloned()
    }

    /// Registers the command menu in each of our languages (English is also the default for
    /// every other language).
    pub async fn register_commands(&self) {
        for lang in Lang::ALL {
            let commands: Vec<BotCommand> = COMMANDS
                .iter()
                .map(|name| {
                    BotCommand::new(*name, self.service.words(lang, &format!("command-{name}")))
                })
                .collect();
            let done = retry("setMyCommands", || {
                let request = self.bot.set_my_commands(commands.clone());
                match lang {
                    Lang::En => request.send(),
                    other => request.language_code(other.code()).send(),
                }
            })
            .await;
            if done.is_none() {
                tracing::warn!(lang = lang.code(), "the command menu was not registered");
            }
        }
    }

    /// Registers the command menu, then polls for updates until `stopped` turns true. Each
    /// update is confirmed (by the offset of a later `getUpdates`) only once handled.
    pub async fn run(self, mut stopped: watch::Receiver<bool>) {
        self.register_commands().await;
        // Polling and a webhook exclude each other: leave webhook mode if it was on.
        retry("deleteWebhook", || self.bot.delete_webhook().send()).await;
        loop {
            let offset = self.polling.lock().unwrap_or_else(|e| e.into_inner()).offset();
            let request = self.bot.get_updates().offset(offset).timeout(POLL_SECONDS);
            let updates = tokio::select! {
                u = request.send() => u,
                _ = stopped.wait_for(|s| *s) => return,
            };
            let updates = match updates {
                Ok(u) => {
                    self.health.set("telegram", Part::Up);
                    u
                }
                Err(e) => {
                    tracing::warn!(error = %e, "getUpdates failed; retrying");
                    self.health.set("telegram", Part::Down(format!("getUpdates failed: {e}")));
                    tokio::select! {
                        _ = tokio::time::sleep(Duration::from_secs(2)) => {}
                        _ = stopped.wait_for(|s| *s) => return,
                    }
                    continue;
                }
            };
            let mut fresh = 0;
            for update in updates.iter().filter(|u| u.id.0 <= i32::MAX as u32) {
                let id = update.id.0 as i32;
                if self.polling.lock().unwrap_or_else(|e| e.into_inner()).take(id) {
                    fresh += 1;
                    self.dispatch(Some(id), update.kind.clone());
                }
            }
            if fresh == 0 && !updates.is_empty() {
                // Only updates still being handled came back: wait for one to be done rather
                // than asking again at once.
                tokio::select! {
                    _ = self.handled.notified() => {}
                    _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                    _ = stopped.wait_for(|s| *s) => return,
                }
            }
        }
    }

    /// Learns the names of mentioned users not seen since the start (after a restart the
    /// player to move is named, not shown as a bare bell).
    async fn learn_names(&self, users: &[String]) {
        for user in users.iter().take(4) {
            let Some(id) = user.strip_prefix("telegram:").and_then(|id| id.parse::<u64>().ok())
            else {
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

    /// Remembers a user's name, for mentions.
    fn remember(&self, user: &User) {
        let mut names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        if names.len() > 100_000 {
            names.clear();
        }
        names.insert(user.id.0, user.full_name());
    }

    /// A view's text as Telegram HTML, at most `max` long: mentioned players (the one to move,
    /// the one reminded) become links that notify them: their name's last appearance, or an
    /// added line.
    fn html(&self, view: &View, max: usize) -> String {
        let text = clip(&view.text, max.saturating_sub(80 * view.mentions.len().min(4)));
        let mut out = escape(&text);
        let names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        for user in view.mentions.iter().take(4) {
            let Some(id) = user.strip_prefix("telegram:").and_then(|id| id.parse::<u64>().ok())
            else {
                continue;
            };
            let name = names.get(&id).cloned().unwrap_or_else(|| "🔔".into());
            let shown = escape(&format!("\u{2068}{name}\u{2069}"));
            mark_last(&mut out, &shown, &escape(&name), |inner| {
                format!("<a href=\"tg://user?id={id}\">{inner}</a>")
            });
        }
        out
    }

    async fn on_update(&self, kind: UpdateKind) {
        match kind {
            UpdateKind::Message(message) => self.on_message(message).await,
            UpdateKind::CallbackQuery(query) => self.on_callback(query).await,
            _ => {}
        }
    }

    /// Webhook mode: asks Telegram to deliver updates to `url` (which must reach this process's
    /// `/telegram/webhook`), with a secret header that [`Telegram::webhook_router`] checks.
    /// Several processes behind one address can then share one token and one database.
    pub async fn set_webhook(&self, url: url::Url) -> bool {
        let secret = self.webhook_secret.clone();
        self.register_commands().await;
        retry("setWebhook", || {
            self.bot.set_webhook(url.clone()).secret_token(secret.clone()).send()
        })
        .await
        .is_some()
    }

    /// The route Telegram posts updates to in webhook mode.
    pub fn webhook_router(&self) -> axum::Router {
        axum::Router::new()
            .route("/telegram/webhook", axum::routing::post(webhook))
            .with_state(self.clone())
    }

    fn ctx(chat: ChatId, user: &User, admin: bool) -> Ctx {
        Ctx {
            chat: format!("telegram:{}", chat.0),
            user: format!("telegram:{}", user.id.0),
            name: user.full_name(),
            locale: user.language_code.clone(),
            admin,
        }
    }

    async fn is_admin(&self, chat: ChatId, user: &User) -> bool {
        if chat.is_user() {
            return true;
        }
        match self.bot.get_chat_member(chat, user.id).await {
            Ok(member) => member.is_privileged(),
            Err(e) => {
                tracing::warn!(error = %e, "getChatMember failed");
                false
            }
        }
    }

    async fn on_message(&self, message: Message) {
        let (Some(text), Some(user)) = (message.text(), message.from.as_ref()) else { return };
        // `/help@other_bot` in a group with several bots is not for us.
        if let Some(addressee) = addressee(text)
            && let Some(me) = self.username().await
            && !addressee.eq_ignore_ascii_case(&me)
        {
            return;
        }
        self.remember(user);
        // `/kick` (or `/kick ludo`) as a reply to someone's message names them.
        let replied =
            message.reply_to_message().and_then(|m| m.from.as_ref()).filter(|u| !u.is_bot);
        let command = match (parse_command(text), replied) {
            (Err(CommandError::Missing("kick")), Some(target)) => Ok(Command {
                op: Op::Kick { game: None, target: format!("telegram:{}", target.id.0) },
                private: false,
            }),
            (Ok(Command { op: Op::Kick { game: None, target: word }, .. }), Some(target))
                if word.parse::<GameKind>().is_ok() =>
            {
                Ok(Command {
                    op: Op::Kick {
                        game: word.parse().ok(),
                        target: format!("telegram:{}", target.id.0),
                    },
                    private: false,
                })
            }
            (parsed, _) => parsed,
        };
        let command = match command {
            Ok(c) => c,
            Err(CommandError::NotCommand) => return,
            // In a group, `/weather` may be another bot's: answer only what names us.
            Err(CommandError::Unknown(_))
                if !message.chat.is_private() && addressee(text).is_none() =>
            {
                return;
            }
            Err(e) => {
                let ctx = Self::ctx(message.chat.id, user, false);
                let key = match e {
                    CommandError::Missing(_) => "err-command-incomplete",
                    _ => "err-unknown-command",
                };
                let view = self.service.say_privately(&ctx, key).await;
                self.send_later(message.chat.id, vec![view], Some(message.id));
                return;
            }
        };
        if command.private && !message.chat.is_private() {
            // A private table's players get its boards in their chats with the bot, which only
            // someone who started that chat can receive: it is made there.
            let ctx = Self::ctx(message.chat.id, user, false);
            let view = self.service.say_privately(&ctx, "err-private-here").await;
            self.send_later(message.chat.id, vec![view], Some(message.id));
            return;
        }
        let needs_admin = matches!(
            command.op,
            Op::Kick { .. }
                | Op::Cancel(_)
                | Op::Lang { chat: true, .. }
                | Op::Start(_)
                | Op::Boards(Some(_))
        );
        let admin = needs_admin && self.is_admin(message.chat.id, user).await;
        let ctx = Self::ctx(message.chat.id, user, admin);
        let views = self.service.handle(&ctx, command.op).await;
        self.send_later(message.chat.id, views, Some(message.id));
    }

    async fn on_callback(&self, query: CallbackQuery) {
        let Some(message) = &query.message else {
            self.answer(&query, None).await;
            return;
        };
        let chat = message.chat().id;
        self.remember(&query.from);
        // Callback data is untrusted: the service parses and checks it.
        let token = query.data.clone().unwrap_or_default();
        // A chat admin may press Start or Cancel for the host, as with /play and /cancel.
        let admin = may_need_admin(&token) && self.is_admin(chat, &query.from).await;
        let ctx = Self::ctx(chat, &query.from, admin);
        let views = self.service.handle(&ctx, Op::Press(token)).await;
        // Answer at once (the spinner on the button stops), then post: a private refusal is the
        // answer's alert, everything else goes to the chat.
        let (private, public): (Vec<View>, Vec<View>) =
            views.into_iter().partition(|v| v.private_to.is_some());
        self.answer(&query, private.first().map(|v| v.text.as_str())).await;
        self.send_later(chat, public, None);
    }

    async fn answer(&self, query: &CallbackQuery, alert: Option<&str>) {
        let text = alert.map(|t| clip(t, 200));
        retry("answerCallbackQuery", || {
            let mut request = self.bot.answer_callback_query(query.id.clone());
            if let Some(text) = &text {
                request = request.text(text.clone()).show_alert(true);
            }
            request.send()
        })
        .await;
    }

    /// Shows views in a chat (`telegram:<id>`), e.g. a timer's messages, through the outbox.
    pub fn post_to(&self, chat: &str, views: Vec<View>) {
        let Some(id) = chat.strip_prefix("telegram:").and_then(|id| id.parse::<i64>().ok()) else {
            return;
        };
        self.send_later(ChatId(id), views, None);
    }

    /// Shows one view: in `chat`, or for a private table in each player's chat with the bot;
    /// edits the message(s) it replaces, then records what it posted.
    async fn post(&self, chat: ChatId, mut view: View, reply_to: Option<MessageId>) {
        if !self.service.wanted(&view).await {
            return;
        }
        self.learn_names(&view.mentions).await;
        if let Some(code) = &view.invite
            && let Some(bot) = self.username().await
        {
            view.text.push_str(&format!("\nhttps://t.me/{bot}?start={code}"));
        }
        let old: Vec<(ChatId, MessageId)> =
            view.replace.as_deref().map(parse_refs).unwrap_or_default();
        let mut posted: Vec<(ChatId, MessageId)> = Vec::new();
        if view.audience.is_empty() {
            if let Some(id) = self.show(chat, &view, reply_to, old.first().copied()).await {
                posted.push(id);
            }
        } else {
            for user in &view.audience {
                let Some(id) = user.strip_prefix("telegram:").and_then(|id| id.parse::<i64>().ok())
                else {
                    continue;
                };
                // A user's private chat with the bot has the user's id.
                let dm = ChatId(id);
                let target = old.iter().find(|(c, _)| *c == dm).copied();
                if let Some(id) = self.show(dm, &view, None, target).await {
                    posted.push(id);
                }
            }
        }
        let Some((table, slot)) = view.shows else { return };
        if posted.is_empty() {
            return;
        }
        let reference =
            posted.iter().map(|(c, m)| format!("{}:{}", c.0, m.0)).collect::<Vec<_>>().join(",");
        // The messages to strip of their buttons, and those that keep them.
        let (strip, keep) = match self.service.shown(table, slot, view.version, &reference).await {
            Ok(Shown::Superseded(old)) => (old.as_deref().map(parse_refs), posted),
            // A newer view is already shown: these copies keep no buttons.
            Ok(Shown::Outdated { current }) => (Some(posted), parse_refs(&current)),
            Err(e) => {
                tracing::warn!(table, error = %e, "recording the board message failed");
                (None, posted)
            }
        };
        for (c, m) in strip.unwrap_or_default() {
            if keep.contains(&(c, m)) {
                continue;
            }
            let _ =
                retry("editMessageReplyMarkup", || self.bot.edit_message_reply_markup(c, m).send())
                    .await;
        }
    }

    /// Edits `target` to show the view, or (no target, or the edit failed: the message is gone
    /// or too old) sends it to `chat`. Returns the message that shows it.
    async fn show(
        &self,
        chat: ChatId,
        view: &View,
        reply_to: Option<MessageId>,
        target: Option<(ChatId, MessageId)>,
    ) -> Option<(ChatId, MessageId)> {
        let markup = keyboard(view);
        let caption = self.html(view, CAPTION);
        let long_text = self.html(view, 4096);
        if let Some((c, m)) = target {
            let edited = match &view.image {
                Some(png) => retry_result("editMessageMedia", || {
                    let media = InputMediaPhoto::new(InputFile::memory(png.clone()))
                        .caption(caption.clone())
                        .parse_mode(ParseMode::Html);
                    self.bot
                        .edit_message_media(c, m, InputMedia::Photo(media))
                        .reply_markup(markup.clone())
                        .send()
                })
                .await
                .map(drop),
                None => retry_result("editMessageText", || {
                    self.bot
                        .edit_message_text(c, m, long_text.clone())
                        .parse_mode(ParseMode::Html)
                        .reply_markup(markup.clone())
                        .send()
                })
                .await
                .map(drop),
            };
            match edited {
                Ok(()) | Err(RequestError::Api(ApiError::MessageNotModified)) => {
                    return Some((c, m));
                }
                // The old message cannot show it: a new one will (nothing is lost).
                Err(_) => tracing::info!(chat = c.0, "the edit failed; sending anew"),
            }
        }
        let reply = reply_to.map(|r| ReplyParameters::new(r).allow_sending_without_reply());
        let sent = match &view.image {
            Some(png) => {
                retry("sendPhoto", || {
                    let mut request = self
                        .bot
                        .send_photo(chat, InputFile::memory(png.clone()))
                        .caption(caption.clone())
                        .parse_mode(ParseMode::Html)
                        .reply_markup(markup.clone());
                    if let Some(r) = &reply {
                        request = request.reply_parameters(r.clone());
                    }
                    request.send()
                })
                .await
            }
            None => {
                retry("sendMessage", || {
                    let mut request = self
                        .bot
                        .send_message(chat, long_text.clone())
                        .parse_mode(ParseMode::Html)
                        .reply_markup(markup.clone());
                    if let Some(r) = &reply {
                        request = request.reply_parameters(r.clone());
                    }
                    request.send()
                })
                .await
            }
        };
        sent.map(|m| (chat, m.id))
    }
}

/// Marks a polled update handled when dropped (after its handling, or if it panicked).
struct Handled(Telegram, i32);

impl Drop for Handled {
    fn drop(&mut self) {
        self.0.polling.lock().unwrap_or_else(|e| e.into_inner()).pending.remove(&self.1);
        self.0.handled.notify_waiters();
    }
}

/// Calls a Bot API method, waiting out `RetryAfter` and retrying network errors a few times.
/// Returns `None` if it failed for good (logged).
async fn retry<T, F, Fut>(method: &str, call: F) -> Option<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, RequestError>>,
{
    match retry_result(method, call).await {
        Ok(value) => Some(value),
        Err(RequestError::Api(ApiError::MessageNotModified)) => None,
        Err(e) => {
            tracing::warn!(method, error = %e, "Telegram refused the call");
            None
        }
    }
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

/// An update from Telegram in webhook mode: checked by its secret header, then handled like a
/// polled one. Telegram retries anything but a 2xx, so a bad body is acknowledged and logged.
async fn webhook(
    axum::extract::State(t): axum::extract::State<Telegram>,
    headers: axum::http::HeaderMap,
    body: axum::body::Bytes,
) -> axum::http::StatusCode {
    let given = headers.get("x-telegram-bot-api-secret-token").and_then(|v| v.to_str().ok());
    if given != Some(t.webhook_secret.as_str()) {
        return axum::http::StatusCode::UNAUTHORIZED;
    }
    match serde_json::from_slice::<Update>(&body) {
        // Telegram redelivers what is not answered 2xx; a webhook update is handled once here.
        Ok(update) => t.dispatch(None, update.kind),
        Err(e) => tracing::warn!(error = %e, "an update that does not parse"),
    }
    axum::http::StatusCode::OK
}

/// The bot a command is addressed to (`/help@name`), if it names one.
fn addressee(text: &str) -> Option<&str> {
    let head = text.trim_start().strip_prefix('/')?.split_whitespace().next()?;
    head.split_once('@').map(|(_, bot)| bot)
}

/// Text safe inside Telegram HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

fn keyboard(view: &View) -> InlineKeyboardMarkup {
    InlineKeyboardMarkup::new(view.buttons.iter().map(|row| {
        row.iter()
            .map(|b| InlineKeyboardButton::callback(b.label.clone(), b.token.clone()))
            .collect::<Vec<_>>()
    }))
}

/// The messages a reference names (`chat:message`, several joined by commas).
fn parse_refs(reference: &str) -> Vec<(ChatId, MessageId)> {
    reference
        .split(',')
        .filter_map(|one| {
            let (chat, message) = one.split_once(':')?;
            Some((ChatId(chat.parse().ok()?), MessageId(message.parse().ok()?)))
        })
        .collect()
}

/// At most `max` UTF-16 units (what Telegram counts), keeping the end.
fn clip(text: &str, max: usize) -> String {
    clip_end(text, max, char::len_utf16)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(table: i64, text: &str) -> View {
        View { text: text.into(), shows: Some((table, Slot::Board)), ..View::default() }
    }

    fn batch(views: Vec<View>) -> Outgoing {
        Outgoing { chat: ChatId(-1), views, reply_to: None }
    }

    #[test]
    fn a_lane_that_fell_behind_folds_superseded_boards_only() {
        let ranking = View { text: "ranking".into(), ..View::default() };
        let mut queue = VecDeque::from([
            batch(vec![board(1, "turn 1")]),
            batch(vec![board(2, "other table")]),
            batch(vec![board(1, "turn 2")]),
            batch(vec![board(1, "turn 3"), ranking]),
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
    }

    #[test]
    fn updates_are_confirmed_only_once_handled() {
        let mut p = Polling::default();
        assert_eq!(p.offset(), 0, "nothing seen: ask from the start");
        assert!(p.take(10) && p.take(11) && p.take(12));
        assert_eq!(p.offset(), 10, "none handled: nothing confirmed");
        assert!(!p.take(11), "an update in flight delivered again is not handed out twice");
        p.pending.remove(&11);
        assert_eq!(p.offset(), 10, "11 is done but 10 is not: 10 must come again after a stop");
        p.pending.remove(&10);
        assert_eq!(p.offset(), 12);
        p.pending.remove(&12);
        assert_eq!(p.offset(), 13, "all handled: all confirmed");
        assert!(!p.take(12), "a handled update delivered again is skipped");
    }

    #[test]
    fn the_client_outwaits_a_long_poll() {
        assert!(CLIENT_TIMEOUT > Duration::from_secs(u64::from(POLL_SECONDS) + 5));
    }

    #[test]
    fn commands_may_name_the_bot_they_are_for() {
        assert_eq!(addressee("/help@dicetable_bot"), Some("dicetable_bot"));
        assert_eq!(addressee("/kick@other_bot Sara"), Some("other_bot"));
        assert_eq!(addressee("/help"), None);
        assert_eq!(addressee("hello @someone"), None);
    }

    #[test]
    fn references_name_one_message_or_several() {
        assert_eq!(parse_refs("-100:7"), [(ChatId(-100), MessageId(7))]);
        assert_eq!(
            parse_refs("11:1,12:2,junk"),
            [(ChatId(11), MessageId(1)), (ChatId(12), MessageId(2))]
        );
        assert!(parse_refs("").is_empty());
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
