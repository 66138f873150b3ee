//! A chat's own settings: the languages its messages speak (the chat's, a table's, a user's)
//! and how boards are shown in it (a new message every turn, one edited in place, or new ones
//! whose earlier boards are deleted once the game is over: the boards to tidy).

use super::Core;
use super::load::Loaded;
use crate::engine::GameKind;
use crate::ids::{ChatId, Platform};
use crate::table::fail::{Fail, Refusal, say};
use crate::table::i18n::{Arg, Lang};
use crate::table::{BoardMode, Ctx, View};

impl Core {
    /// A game's name in `lang`.
    pub(in crate::table) fn game_name(&self, lang: Lang, kind: GameKind) -> String {
        self.i18n.text(lang, &format!("game-{}", kind.name()), &[])
    }

    /// A sentence as the chat's platform says it: on Discord, where commands are slash
    /// commands with options, its `<key>-discord` form if it has one.
    pub(in crate::table) fn text_for(
        &self,
        ctx: &Ctx,
        lang: Lang,
        key: &str,
        args: &[(&str, Arg)],
    ) -> String {
        if ctx.chat.platform() == Platform::Discord {
            let discord = format!("{key}-discord");
            if let Some(text) = self.i18n.format(lang, &discord, args) {
                return text;
            }
            let mut args = args.to_vec();
            args.push((crate::table::i18n::PLATFORM, Arg::Text("discord".into())));
            return self.i18n.text(lang, key, &args);
        }
        self.i18n.text(lang, key, args)
    }

    pub(in crate::table) async fn chat_lang(&self, ctx: &Ctx) -> Lang {
        self.stored_chat_lang(&ctx.chat)
            .await
            .or_else(|| ctx.locale.as_deref().and_then(Lang::from_tag))
            .unwrap_or_default()
    }

    /// The language of a table's public messages (lobby, boards, results): the one set for its
    /// chat, else its creator's, kept for the table; never whoever pressed last.
    pub(in crate::table) async fn table_lang(&self, t: &Loaded) -> Lang {
        let chat = match &t.rec.around {
            // Read with the table: the chat's and its group's (a chat has at most one).
            Some(around) if t.rec.chat.lineage().count() <= 2 => around
                .chat_lang
                .as_deref()
                .or(around.group_lang.as_deref())
                .and_then(Lang::from_tag),
            _ => self.stored_chat_lang(&t.rec.chat).await,
        };
        chat.or(t.settings.lang).unwrap_or_default()
    }

    /// The language set for `chat`, or else for the group it belongs to: a chat named
    /// `<group>/<channel>` (a Discord server's channel) falls back to `<group>`.
    pub(in crate::table) async fn stored_chat_lang(&self, chat: &ChatId) -> Option<Lang> {
        for chat in chat.lineage() {
            match self.store.chat_lang(&chat).await {
                Ok(Some(code)) => return Lang::from_tag(&code),
                Ok(None) => {}
                Err(e) => {
                    tracing::warn!(error = %e, "reading the chat's language failed");
                    return None;
                }
            }
        }
        None
    }

    /// The language to speak to a user in (see [`Core::reader_lang`]). Records the user
    /// (their latest name and platform language) on the way.
    pub(in crate::table) async fn user_lang(&self, ctx: &Ctx) -> Lang {
        let own = self.record_user(ctx).await;
        self.user_lang_given(ctx, own).await
    }

    /// Records the user (their latest name, for mentions and statistics, and the language their
    /// platform says they use, for notices) and returns the language they chose, if any. While
    /// the store is not answering, the platform's language stands in for it.
    pub(in crate::table) async fn record_user(&self, ctx: &Ctx) -> Option<Lang> {
        let locale = ctx.locale.as_deref().and_then(Lang::from_tag);
        match self.store.user(&ctx.user, &ctx.name, locale.map(Lang::code)).await {
            Ok(code) => code.as_deref().and_then(Lang::from_tag),
            Err(e) => {
                tracing::warn!(error = %e, "recording the user failed");
                if e.is_unavailable() {
                    self.health.mark_down(&e);
                    return Some(locale.unwrap_or_default());
                }
                None
            }
        }
    }

    /// [`Core::user_lang`] for a user already recorded, with the language they chose.
    pub(in crate::table) async fn user_lang_given(&self, ctx: &Ctx, own: Option<Lang>) -> Lang {
        self.reader_lang(own, ctx.locale.as_deref(), &ctx.chat, None).await
    }

    /// The one rule for the language of a message one person reads (a private answer, a
    /// refusal, help, a turn notice, the live board's answer): their own choice (`/lang`), else
    /// the language their platform says they use (`locale`: Telegram's `language_code`,
    /// Discord's locale, the browser's), else the chat's (or its server's), else the table's the
    /// message is about, else English. A message the whole chat reads (a lobby, a board, a
    /// result) speaks the chat's language, else the table's ([`Core::table_lang`]).
    pub(in crate::table) async fn reader_lang(
        &self,
        own: Option<Lang>,
        locale: Option<&str>,
        chat: &ChatId,
        table: Option<&Loaded>,
    ) -> Lang {
        if let Some(lang) = own.or_else(|| locale.and_then(Lang::from_tag)) {
            return lang;
        }
        if let Some(lang) = self.stored_chat_lang(chat).await {
            return lang;
        }
        match table {
            Some(t) => self.table_lang(t).await,
            None => Lang::default(),
        }
    }

    pub(in crate::table) async fn lang(
        &self,
        ctx: &Ctx,
        chat: bool,
        code: Option<&str>,
    ) -> Result<Vec<View>, Fail> {
        let Some(code) = code else {
            let lang = self.user_lang(ctx).await;
            let list = Lang::ALL.iter().map(|l| l.code()).collect::<Vec<_>>().join(", ");
            let text = self.text_for(ctx, lang, "lang-choose", &[("codes", list.into())]);
            return Ok(vec![View::private(Some(lang), text, ctx.user.clone())]);
        };
        let lang = Lang::from_tag(code)
            .filter(|l| l.code() == code)
            .ok_or_else(|| Fail::Say(Refusal::Lang, vec![("code", code.to_owned().into())]))?;
        if chat {
            if !ctx.admin {
                return Err(say(Refusal::AdminOnly));
            }
            self.store.set_chat_lang(&ctx.chat, Some(lang.code())).await?;
            Ok(vec![View::post(Some(lang), self.text_for(ctx, lang, "lang-chat-set", &[]))])
        } else {
            self.store.set_user_lang(&ctx.user, Some(lang.code())).await?;
            let text = self.i18n.text(lang, "lang-user-set", &[]);
            Ok(vec![View::private(Some(lang), text, ctx.user.clone())])
        }
    }

    /// `/access on|off`: the user's text-first boards (none: says which they have).
    pub(in crate::table) async fn access(
        &self,
        ctx: &Ctx,
        on: Option<bool>,
    ) -> Result<Vec<View>, Fail> {
        let lang = self.user_lang(ctx).await;
        let on = match on {
            Some(on) => {
                self.store.set_access(&ctx.user, on).await?;
                on
            }
            None => self.store.access(&ctx.user).await?,
        };
        let key = if on { "access-on" } else { "access-off" };
        let text = self.text_for(ctx, lang, key, &[]);
        Ok(vec![View::private(Some(lang), text, ctx.user.clone())])
    }

    /// How a table's chat shows boards (its settings were read with the table).
    pub(in crate::table) async fn table_board_mode(&self, t: &Loaded) -> BoardMode {
        match &t.rec.around {
            Some(around) => board_mode_of(around.chat_settings.as_deref()),
            None => self.board_mode(&t.rec.chat).await,
        }
    }

    /// How a chat shows boards.
    async fn board_mode(&self, chat: &ChatId) -> BoardMode {
        match self.store.chat_settings(chat).await {
            Ok(settings) => board_mode_of(settings.as_deref()),
            Err(e) => {
                tracing::warn!(error = %e, "reading the chat's settings failed");
                BoardMode::default()
            }
        }
    }

    pub(in crate::table) async fn boards(
        &self,
        ctx: &Ctx,
        mode: Option<BoardMode>,
    ) -> Result<Vec<View>, Fail> {
        let lang = self.chat_lang(ctx).await;
        let mode = match mode {
            None => self.board_mode(&ctx.chat).await,
            Some(mode) => {
                if !ctx.admin {
                    return Err(say(Refusal::AdminOnly));
                }
                let json =
                    serde_json::to_string(&ChatSettings { boards: mode }).unwrap_or_default();
                self.store.set_chat_settings(&ctx.chat, &json).await?;
                mode
            }
        };
        let key = match mode {
            BoardMode::New => "boards-new",
            BoardMode::Edit => "boards-edit",
            BoardMode::Tidy => "boards-tidy",
        };
        Ok(vec![View::post(Some(lang), self.text_for(ctx, lang, key, &[]))])
    }
}

/// A chat's own settings, stored as JSON.
#[derive(Debug, Clone, Copy, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
struct ChatSettings {
    boards: BoardMode,
}

/// The board mode a chat's stored settings (JSON) name; the default without any.
fn board_mode_of(settings: Option<&str>) -> BoardMode {
    settings.map_or_else(BoardMode::default, |json| {
        serde_json::from_str::<ChatSettings>(json).unwrap_or_default().boards
    })
}
