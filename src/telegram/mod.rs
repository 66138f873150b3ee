//! Telegram: the only module that imports teloxide. It turns updates (commands, button presses)
//! into table operations and views into Telegram messages: text, board photos with inline
//! keyboards, edits in place, and alerts for private refusals.
//!
//! Chats are `telegram:<chat id>`, users `telegram:<user id>`; a message reference is
//! `<chat id>:<message id>`. Updates come by long polling (`getUpdates`); sends go through
//! teloxide's `Throttle`, and edits and callback answers wait out `RetryAfter` themselves.

use std::collections::HashMap;
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
use teloxide::{Bot, RequestError};
use tokio::sync::watch;

use crate::table::command::CommandError;
use crate::table::i18n::Lang;
use crate::table::{Ctx, Op, Service, View, parse_command};

/// The commands in the menu, in menu order (see `table::command` for what each does).
const COMMANDS: [&str; 18] = [
    "snakes", "ludo", "nardy", "join", "leave", "play", "options", "status", "history", "resign",
    "kick", "cancel", "stats", "top", "fair", "lang", "boards", "help",
];

/// Telegram's limit on photo captions.
const CAPTION: usize = 1024;
/// How many times a call is retried after `RetryAfter` or a network error.
const RETRIES: usize = 5;

/// The Telegram adapter.
#[derive(Clone)]
pub struct Telegram {
    bot: Throttle<Bot>,
    service: Service,
    /// Display names by user id, as seen in updates (for mentions).
    names: Arc<Mutex<HashMap<u64, String>>>,
    /// What Telegram must send in `X-Telegram-Bot-Api-Secret-Token` (webhook mode).
    webhook_secret: String,
}

impl Telegram {
    /// An adapter for the bot `token`, talking to the Bot API at `api_url`.
    pub fn new(service: Service, token: &str, api_url: url::Url) -> Self {
        let bot = Bot::new(token).set_api_url(api_url).throttle(Limits::default());
        // Derived from the token, so every process of one bot agrees without another setting.
        let digest = Sha256::digest(format!("dicetable webhook {token}").as_bytes());
        let webhook_secret = hex::encode(&digest[..24]);
        Self { bot, service, names: Arc::default(), webhook_secret }
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

    /// Registers the command menu, then polls for updates until `stopped` turns true.
    pub async fn run(self, mut stopped: watch::Receiver<bool>) {
        self.register_commands().await;
        // Polling and a webhook exclude each other: leave webhook mode if it was on.
        retry("deleteWebhook", || self.bot.delete_webhook().send()).await;
        let mut offset: i32 = 0;
        loop {
            let request = self.bot.get_updates().offset(offset).timeout(25);
            let updates = tokio::select! {
                u = request.send() => u,
                _ = stopped.wait_for(|s| *s) => return,
            };
            let updates = match updates {
                Ok(u) => u,
                Err(e) => {
                    tracing::warn!(error = %e, "getUpdates failed; retrying");
                    tokio::time::sleep(Duration::from_secs(2)).await;
                    continue;
                }
            };
            for update in updates {
                offset = offset.max(update.id.0 as i32 + 1);
                self.on_update(update.kind).await;
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
            let link = |inner: &str| format!("<a href=\"tg://user?id={id}\">{inner}</a>");
            let shown = escape(&format!("\u{2068}{name}\u{2069}"));
            match out.rfind(&shown) {
                Some(at) => out.replace_range(at..at + shown.len(), &link(&shown)),
                None => {
                    out.push('\n');
                    out.push_str(&link(&escape(&name)));
                }
            }
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
        self.remember(user);
        let command = match parse_command(text) {
            Ok(c) => c,
            Err(CommandError::NotCommand) => return,
            Err(e) => {
                let ctx = Self::ctx(message.chat.id, user, false);
                let key = match e {
                    CommandError::Missing(_) => "err-command-incomplete",
                    _ => "err-unknown-command",
                };
                let view = self.service.say_privately(&ctx, key).await;
                self.post(message.chat.id, view, Some(message.id)).await;
                return;
            }
        };
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
        for view in self.service.handle(&ctx, command.op).await {
            self.post(message.chat.id, view, Some(message.id)).await;
        }
    }

    async fn on_callback(&self, query: CallbackQuery) {
        let Some(message) = &query.message else {
            self.answer(&query, None).await;
            return;
        };
        let chat = message.chat().id;
        self.remember(&query.from);
        let ctx = Self::ctx(chat, &query.from, false);
        // Callback data is untrusted: the service parses and checks it.
        let token = query.data.clone().unwrap_or_default();
        let views = self.service.handle(&ctx, Op::Press(token)).await;
        // Answer at once (the spinner on the button stops), then post: a private refusal is the
        // answer's alert, everything else goes to the chat.
        let (private, public): (Vec<View>, Vec<View>) =
            views.into_iter().partition(|v| v.private_to.is_some());
        self.answer(&query, private.first().map(|v| v.text.as_str())).await;
        for view in public {
            self.post(chat, view, None).await;
        }
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

    /// Shows a view in a chat (`telegram:<id>`), e.g. a timer's message.
    pub async fn post_to(&self, chat: &str, view: View) {
        let Some(id) = chat.strip_prefix("telegram:").and_then(|id| id.parse::<i64>().ok()) else {
            return;
        };
        self.post(ChatId(id), view, None).await;
    }

    async fn post(&self, chat: ChatId, view: View, reply_to: Option<MessageId>) {
        let markup = keyboard(&view);
        let caption = self.html(&view, CAPTION);
        let long_text = self.html(&view, 4096);
        let reply = reply_to.map(|r| ReplyParameters::new(r).allow_sending_without_reply());
        let target = view.replace.as_deref().and_then(parse_ref);
        let sent: Option<MessageId> = match (target, &view.image) {
            (Some((c, m)), Some(png)) => {
                let edited = retry("editMessageMedia", || {
                    let media = InputMediaPhoto::new(InputFile::memory(png.clone()))
                        .caption(caption.clone())
                        .parse_mode(ParseMode::Html);
                    self.bot
                        .edit_message_media(c, m, InputMedia::Photo(media))
                        .reply_markup(markup.clone())
                        .send()
                })
                .await;
                edited.map(|_| m)
            }
            (Some((c, m)), None) => {
                let edited = retry("editMessageText", || {
                    self.bot
                        .edit_message_text(c, m, long_text.clone())
                        .parse_mode(ParseMode::Html)
                        .reply_markup(markup.clone())
                        .send()
                })
                .await;
                edited.map(|_| m)
            }
            (None, Some(png)) => {
                let sent = retry("sendPhoto", || {
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
                .await;
                sent.map(|m| m.id)
            }
            (None, None) => {
                let sent = retry("sendMessage", || {
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
                .await;
                sent.map(|m| m.id)
            }
        };
        let (Some(id), Some((table, slot))) = (sent, view.shows) else { return };
        let reference = format!("{}:{}", chat.0, id.0);
        match self.service.shown(table, slot, &reference).await {
            Ok(Some(old)) => {
                if let Some((c, m)) = parse_ref(&old) {
                    retry("editMessageReplyMarkup", || {
                        self.bot.edit_message_reply_markup(c, m).send()
                    })
                    .await;
                }
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(table, error = %e, "recording the board message failed"),
        }
    }
}

/// Calls a Bot API method, waiting out `RetryAfter` and retrying network errors a few times.
/// Returns `None` if it failed for good (logged).
async fn retry<T, F, Fut>(method: &str, mut call: F) -> Option<T>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, RequestError>>,
{
    for attempt in 0..RETRIES {
        match call().await {
            Ok(value) => return Some(value),
            Err(RequestError::RetryAfter(wait)) => {
                tracing::info!(method, seconds = wait.seconds(), "rate limited; waiting");
                tokio::time::sleep(wait.duration()).await;
            }
            Err(RequestError::Network(e)) if attempt + 1 < RETRIES => {
                tracing::warn!(method, error = %e, "network error; retrying");
                tokio::time::sleep(Duration::from_millis(500 << attempt)).await;
            }
            Err(e) => {
                tracing::warn!(method, error = %e, "Telegram refused the call");
                return None;
            }
        }
    }
    tracing::error!(method, "gave up after {RETRIES} attempts");
    None
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
        Ok(update) => t.on_update(update.kind).await,
        Err(e) => tracing::warn!(error = %e, "an update that does not parse"),
    }
    axum::http::StatusCode::OK
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

fn parse_ref(reference: &str) -> Option<(ChatId, MessageId)> {
    let (chat, message) = reference.split_once(':')?;
    Some((ChatId(chat.parse().ok()?), MessageId(message.parse().ok()?)))
}

/// At most `max` UTF-16 units (what Telegram counts), keeping the end: the last lines say whose
/// turn it is, which matters more than the oldest events.
fn clip(text: &str, max: usize) -> String {
    if text.encode_utf16().count() <= max {
        return text.to_owned();
    }
    let limit = max.saturating_sub(1);
    let mut kept: Vec<char> = Vec::new();
    let mut units = 0;
    for c in text.chars().rev() {
        units += c.len_utf16();
        if units > limit {
            break;
        }
        kept.push(c);
    }
    kept.push('…');
    kept.into_iter().rev().collect()
}

#[cfg(test)]
mod tests {
    use super::clip;

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
