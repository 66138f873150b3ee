//! Telegram: the only module that imports teloxide. It turns updates (commands, button presses)
//! into table operations and views into Telegram messages: text, board photos with inline
//! keyboards, edits in place, and alerts for private refusals.
//!
//! Chats are `telegram:<chat id>`, users `telegram:<user id>`; a message reference is
//! `<chat id>:<message id>`, or for a private table's message, shown in each player's chat,
//! several of them joined by commas.
//!
//! - this file: the adapter, commands and button presses;
//! - `updates.rs`: how updates arrive (long polling or a webhook) and are handed to a lane per
//!   chat, and which are confirmed to Telegram;
//! - `outbox.rs`: how views become messages, in order per chat, within Telegram's limits.

mod outbox;
mod updates;

use outbox::{Calls, Outgoing, clip, retry};
use updates::Polling;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sha2::{Digest, Sha256};
use teloxide::Bot;
use teloxide::payloads::{AnswerCallbackQuerySetters, SendMessageSetters, SetMyCommandsSetters};
use teloxide::prelude::{Request, Requester};
use teloxide::types::{BotCommand, CallbackQuery, ChatId, Message, UpdateKind, User};
use tokio::sync::Notify;

use crate::engine::GameKind;
use crate::ids::UserId;
use crate::runtime::health::{Health, Part};
use crate::runtime::lanes::Lanes;
use crate::table::command::{COMMANDS, Command, CommandError};
use crate::table::i18n::Lang;
use crate::table::token::may_need_admin;
use crate::table::{Ctx, Kind, Op, Service, Target, View, parse_command};

/// How long `getUpdates` waits for an update (long polling), in seconds.
const POLL_SECONDS: u32 = 25;
/// How long the HTTP client waits for any answer: longer than a long poll, so that an idle
/// poll ends with Telegram's empty answer and not with a client error.
const CLIENT_TIMEOUT: Duration = Duration::from_secs(POLL_SECONDS as u64 + 15);

/// The Telegram adapter.
#[derive(Clone)]
pub struct Telegram {
    bot: Bot,
    service: Service,
    /// Display names by user id, as seen in updates (for mentions).
    names: Arc<Mutex<HashMap<u64, String>>>,
    /// What Telegram must send in `X-Telegram-Bot-Api-Secret-Token` (webhook mode).
    webhook_secret: String,
    /// Updates waiting, by chat: each chat's are handled in order. Each carries how it is
    /// confirmed to Telegram (a polled id, or the webhook's answer), which happens only once
    /// it is handled.
    inbox: Arc<Lanes<(updates::Ack, UpdateKind)>>,
    /// Which polled updates are handed to lanes and not yet handled.
    polling: Arc<Mutex<Polling>>,
    /// Woken when a polled update has been handled.
    handled: Arc<Notify>,
    /// Where polling failures are reported (for `/healthz`).
    health: Arc<Health>,
    /// The calls each chat may still make, as Telegram counts them (see [`Calls`]).
    calls: Arc<Calls>,
    /// The messages this process sent lately (a show's mark, and what a sweep after a crash
    /// knows is not lost: see [`outbox::Sent`]).
    sent: Arc<Mutex<outbox::Sent>>,
    /// How often tidy chats' boards are looked for to delete (a twentieth of the rate window).
    tidy_every: Duration,
    /// Views waiting to be sent, by table (or chat): each lane sends in order.
    outbox: Arc<Lanes<Outgoing>>,
    /// The bot's username (from getMe), for invite links.
    username: Arc<tokio::sync::OnceCell<String>>,
    /// Where the live board is served (`PUBLIC_URL`) and the Mini App's short name: set,
    /// boards get a "Live board" button.
    live: Option<Arc<LiveBoard>>,
}

/// Where a board's "Live board" button leads.
#[derive(Debug, Clone)]
pub struct LiveBoard {
    /// The bot's public address (`PUBLIC_URL`), which serves `/live/<link>`.
    pub public_url: url::Url,
    /// The Mini App's short name (BotFather's `/newapp`), for `t.me/<bot>/<app>` links in
    /// groups; without it groups get a plain link to the page.
    pub app: Option<String>,
}

impl Telegram {
    /// An adapter for the bot `token`, talking to the Bot API at `api_url`, keeping each chat
    /// within Telegram's limits counted over `window` (a minute; tests shrink it).
    pub fn new(
        service: Service,
        token: &str,
        api_url: url::Url,
        window: Duration,
        health: Arc<Health>,
    ) -> Self {
        let client = teloxide::net::default_reqwest_settings().timeout(CLIENT_TIMEOUT).build();
        let bot = match client {
            Ok(client) => Bot::with_client(token, client),
            Err(e) => {
                tracing::warn!(error = %e, "the Telegram HTTP client with a long timeout failed");
                Bot::new(token)
            }
        };
        let bot = bot.set_api_url(api_url);
        health.set("telegram", Part::Starting);
        // Derived from the token, so every process of one bot agrees without another setting.
        let digest = Sha256::digest(format!("dicetable webhook {token}").as_bytes());
        let webhook_secret = hex::encode(&digest[..24]);
        let calls = Arc::new(Calls::new(&service, window));
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
            calls,
            sent: Arc::default(),
            tidy_every: window / 20,
            username: Arc::default(),
            live: None,
        }
    }

    /// Gives boards a "Live board" button (see [`LiveBoard`]).
    pub fn with_live(mut self, live: Option<LiveBoard>) -> Self {
        self.live = live.map(Arc::new);
        self
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
                .filter(|c| c.menu)
                .map(|c| BotCommand::new(c.name, self.service.words(lang, &c.help_key())))
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

    /// Remembers a user's name, for mentions.
    fn remember(&self, user: &User) {
        let mut names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        if names.len() > 100_000 {
            names.clear();
        }
        names.insert(user.id.0, crate::table::clean_name(&user.full_name()));
    }

    /// `ctx` with the chat's title (a group's name; a private chat has none).
    fn titled(mut ctx: Ctx, chat: &teloxide::types::Chat) -> Ctx {
        ctx.chat_title = chat.title().map(str::to_owned);
        ctx
    }

    fn ctx(chat: ChatId, user: &User, admin: bool) -> Ctx {
        Ctx {
            chat: crate::ids::ChatId::telegram(chat.0),
            user: crate::ids::UserId::telegram(user.id.0),
            name: crate::table::clean_name(&user.full_name()),
            locale: user.language_code.clone(),
            admin,
            chat_title: None,
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
        let named = |user: &User| Target::User {
            id: UserId::telegram(user.id.0),
            name: crate::table::clean_name(&user.full_name()),
        };
        let command = match (parse_command(text), replied) {
            (Err(CommandError::Missing("kick")), Some(target)) => {
                Ok(Command { op: Op::Kick { game: None, target: named(target) }, private: false })
            }
            (
                Ok(Command { op: Op::Kick { game: None, target: Target::Typed(word) }, .. }),
                Some(target),
            ) if word.parse::<GameKind>().is_ok() => Ok(Command {
                op: Op::Kick { game: word.parse().ok(), target: named(target) },
                private: false,
            }),
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
                let ctx = Self::titled(Self::ctx(message.chat.id, user, false), &message.chat);
                let key = e.key();
                let view = self.service.say_privately(&ctx, key).await;
                self.send_later(message.chat.id, vec![view], Some(message.id));
                return;
            }
        };
        if command.private && !message.chat.is_private() {
            // A private table's players get its boards in their chats with the bot, which only
            // someone who started that chat can receive: it is made there.
            let ctx = Self::titled(Self::ctx(message.chat.id, user, false), &message.chat);
            let view = self.service.say_privately(&ctx, "err-private-here").await;
            self.send_later(message.chat.id, vec![view], Some(message.id));
            return;
        }
        let admin = command.op.may_need_admin() && self.is_admin(message.chat.id, user).await;
        let ctx = Self::titled(Self::ctx(message.chat.id, user, admin), &message.chat);
        let board_text = matches!(command.op, Op::BoardText(_));
        let views = self.service.handle(&ctx, command.op).await;
        if board_text && !message.chat.is_private() {
            // `/board text` is for the one who asks: in a group it goes to their private chat
            // with the bot (Telegram has no message only one member of a group sees), and
            // spends none of the group's calls.
            let (mine, rest): (Vec<View>, Vec<View>) =
                views.into_iter().partition(|v| matches!(v.kind, Kind::Private(_)));
            let this = self.clone();
            let (group, to) = (message.chat.id, ChatId(user.id.0 as i64));
            tokio::spawn(async move { this.board_text_privately(group, to, mine).await });
            self.send_later(message.chat.id, rest, Some(message.id));
            return;
        }
        self.send_later(message.chat.id, views, Some(message.id));
    }

    /// Sends `/board text`'s answers to the asker's private chat `to`; if the bot may not
    /// write there (they never started it, or blocked it), the group gets one line with the
    /// link that opens that chat, never the board.
    async fn board_text_privately(&self, group: ChatId, to: ChatId, views: Vec<View>) {
        for view in views {
            let text = outbox::escape(&clip(&view.text, 4096));
            let method = "sendMessage";
            let sent = self
                .counted(to, method, None, || {
                    self.bot
                        .send_message(to, text.clone())
                        .parse_mode(teloxide::types::ParseMode::Html)
                        .send()
                })
                .await;
            let Err(e) = sent else { continue };
            tracing::info!(chat = to.0, error = %e, "/board text could not be sent privately");
            let lang = view.lang.unwrap_or_default();
            let mut line = self.service.words(lang, "board-text-open-chat");
            if let Some(bot) = self.username().await {
                line.push_str(&format!("\nhttps://t.me/{bot}?start=notify"));
            }
            self.send_later(group, vec![View::post(Some(lang), line)], None);
            return;
        }
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
            views.into_iter().partition(|v| v.private_to().is_some());
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
}

/// The bot a command is addressed to (`/help@name`), if it names one.
fn addressee(text: &str) -> Option<&str> {
    let head = text.trim_start().strip_prefix('/')?.split_whitespace().next()?;
    head.split_once('@').map(|(_, bot)| bot)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_may_name_the_bot_they_are_for() {
        assert_eq!(addressee("/help@dicetable_bot"), Some("dicetable_bot"));
        assert_eq!(addressee("/kick@other_bot Sara"), Some("other_bot"));
        assert_eq!(addressee("/help"), None);
        assert_eq!(addressee("hello @someone"), None);
    }
}
