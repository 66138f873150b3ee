//! A chat's own settings: the languages its messages speak (the chat's, a table's, a user's)
//! and how boards are shown in it (a new message every turn, one edited in place, or new ones
//! whose earlier boards are deleted once the game is over: the boards to tidy).

use super::fail::{Fail, Refusal, say};
use super::i18n::Lang;
use super::load::Loaded;
use super::{BoardMode, Ctx, Service, View};
use crate::ids::{ChatId, Platform, Posted};

impl Service {
    /// The platform chats (Telegram chat ids, Discord channel ids) of `platform` with boards to
    /// delete now: a tidy chat's (`/boards tidy`) earlier boards of games that are over.
    /// Boards shown longer than `max_age` ago are dropped: the platform no longer lets a bot
    /// delete them. None when the store does not answer (logged).
    pub async fn tidy_chats(&self, platform: Platform, max_age: std::time::Duration) -> Vec<i64> {
        let age = i64::try_from(max_age.as_millis()).unwrap_or(i64::MAX);
        let oldest = self.clock.now_ms().saturating_sub(age);
        match self.store.tidy().due_chats(platform, oldest).await {
            Ok(chats) => chats,
            Err(e) => {
                tracing::warn!(error = %e, "reading the boards to tidy failed");
                Vec::new()
            }
        }
    }

    /// Takes at most `limit` boards to delete in platform chat `chat` (see
    /// [`Service::tidy_chats`]): no other process gets them.
    pub async fn tidy_boards(&self, platform: Platform, chat: i64, limit: u32) -> Vec<Posted> {
        match self.store.tidy().take(platform, chat, i64::from(limit)).await {
            Ok(boards) => boards,
            Err(e) => {
                tracing::warn!(chat, error = %e, "taking boards to tidy failed");
                Vec::new()
            }
        }
    }

    pub(super) async fn chat_lang(&self, ctx: &Ctx) -> Lang {
        self.stored_chat_lang(&ctx.chat)
            .await
            .or_else(|| ctx.locale.as_deref().and_then(Lang::from_tag))
            .unwrap_or_default()
    }

    /// The language of a table's public messages (lobby, boards, results): the one set for its
    /// chat, else its creator's, kept for the table; never whoever pressed last.
    pub(super) async fn table_lang(&self, t: &Loaded) -> Lang {
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
    pub(super) async fn stored_chat_lang(&self, chat: &ChatId) -> Option<Lang> {
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

    /// The language to speak to a user in (see [`Service::reader_lang`]). Records the user
    /// (their latest name and platform language) on the way.
    pub(super) async fn user_lang(&self, ctx: &Ctx) -> Lang {
        let own = self.record_user(ctx).await;
        self.user_lang_given(ctx, own).await
    }

    /// Records the user (their latest name, for mentions and statistics, and the language their
    /// platform says they use, for notices) and returns the language they chose, if any. While
    /// the store is not answering, the platform's language stands in for it.
    pub(super) async fn record_user(&self, ctx: &Ctx) -> Option<Lang> {
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

    /// [`Service::user_lang`] for a user already recorded, with the language they chose.
    pub(super) async fn user_lang_given(&self, ctx: &Ctx, own: Option<Lang>) -> Lang {
        self.reader_lang(own, ctx.locale.as_deref(), &ctx.chat, None).await
    }

    /// The one rule for the language of a message one person reads (a private answer, a
    /// refusal, help, a turn notice, the live board's answer): their own choice (`/lang`), else
    /// the language their platform says they use (`locale`: Telegram's `language_code`,
    /// Discord's locale, the browser's), else the chat's (or its server's), else the table's the
    /// message is about, else English. A message the whole chat reads (a lobby, a board, a
    /// result) speaks the chat's language, else the table's ([`Service::table_lang`]).
    pub(super) async fn reader_lang(
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

    pub(super) async fn lang(
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
    pub(super) async fn access(&self, ctx: &Ctx, on: Option<bool>) -> Result<Vec<View>, Fail> {
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
    pub(super) async fn table_board_mode(&self, t: &Loaded) -> BoardMode {
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

    pub(super) async fn boards(
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
