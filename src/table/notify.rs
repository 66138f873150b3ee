//! Turn notices and the list of a player's games: `/notify` (a private message when a turn has
//! been yours for a while, never after it was played, outside quiet hours) and `/games`.
//!
//! A notice is owed from the change that made it a person's turn: the core's `save` writes it in
//! the same transaction as the move (due after the person's delay, or at the turn's reminder if
//! that comes first), and the change that ends the turn deletes it in its own. The timer loop
//! claims due notices like deadlines ([`Store::claim_notices`]: one process sends each), merges
//! a person's waiting tables into one message, and the adapter that delivered it marks it sent
//! ([`TurnNotices::noticed`]), so a notice is sent once per turn, across restarts and processes.
//!
//! [`Store::claim_notices`]: crate::store::Store::claim_notices

use super::core::{NotifyChoice, people_to_act};
use super::fail::{Fail, Refusal, ServiceError};
use super::i18n::{Arg, Lang};
use super::load::Loaded;
use super::{About, Kind, Post, Private, TurnNotice};
use super::{Ctx, View};
use crate::ids::{ChatId, MessageRef, TableId, UserId};
use crate::store::{Pending, TableStatus};

crate::table::handles::part! {
    /// Turn notices in private chats.
    TurnNotices uses [core, store, i18n, clock]
    calls [views: crate::table::Views];
}

/// How long a claimed notice is held by the process sending it, in milliseconds.
const NOTICE_LEASE_MS: i64 = 30_000;

/// The most notices claimed in one round of the timer.
const NOTICES_PER_ROUND: i64 = 64;

impl NotifyChoice {
    /// Applies `/notify` words: `on`, `off`, `now`, `after 10m` (or `2h`, `0`), `quiet 23-7`,
    /// `quiet off`, `tz +3:30`. The word that does not fit, if any.
    pub fn apply(&mut self, words: &[String]) -> Result<(), String> {
        let mut words = words.iter().map(|w| w.to_lowercase());
        while let Some(word) = words.next() {
            match word.as_str() {
                "on" | "yes" => {
                    self.on = true;
                    self.unreachable = false;
                }
                "off" | "no" => self.on = false,
                "now" => {
                    self.on = true;
                    self.unreachable = false;
                    self.after_min = 0;
                }
                "after" => {
                    let value = words.next().ok_or_else(|| word.clone())?;
                    self.after_min = minutes(&value).ok_or(value)?;
                    self.on = true;
                    self.unreachable = false;
                }
                "quiet" => {
                    let value = words.next().ok_or_else(|| word.clone())?;
                    self.quiet = match value.as_str() {
                        "off" | "none" => None,
                        _ => Some(hours(&value).ok_or(value)?),
                    };
                }
                "tz" | "utc" => {
                    let value = words.next().ok_or_else(|| word.clone())?;
                    self.tz_min = offset(&value).ok_or(value)?;
                }
                _ => return Err(word),
            }
        }
        Ok(())
    }
}

/// `10m`, `2h`, `90` (minutes), `0`: at most a day.
fn minutes(word: &str) -> Option<u32> {
    let (number, unit) = match word.strip_suffix('h') {
        Some(n) => (n, 60),
        None => (word.strip_suffix('m').unwrap_or(word), 1),
    };
    let n: u32 = number.parse().ok()?;
    n.checked_mul(unit).filter(|m| *m <= 24 * 60)
}

/// `23-7`: hours 0–23.
fn hours(word: &str) -> Option<[u8; 2]> {
    let (from, to) = word.split_once('-')?;
    let hour = |h: &str| h.parse::<u8>().ok().filter(|h| *h < 24);
    Some([hour(from)?, hour(to)?])
}

/// `+3:30`, `-5`, `0`: an offset from UTC, in minutes, within the offsets in use: UTC−12:00 to
/// UTC+14:00 (issue 61: `-13:00` and `++3` were taken). One sign at most, then one or two
/// digits of hours and, after a colon, two of minutes.
fn offset(word: &str) -> Option<i32> {
    let (sign, rest) = match word.as_bytes().first()? {
        b'+' => (1, &word[1..]),
        b'-' => (-1, &word[1..]),
        _ => (1, word),
    };
    let (h, m) = rest.split_once(':').unwrap_or((rest, "00"));
    let digits = |s: &str, most: usize| {
        (1..=most).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
    };
    if !(digits(h, 2) && digits(m, 2) && m.len() == 2) {
        return None;
    }
    let (h, m): (i32, i32) = (h.parse().ok()?, m.parse().ok()?);
    let total = h * 60 + m;
    let most = if sign < 0 { 12 * 60 } else { 14 * 60 };
    (m < 60 && total <= most).then_some(sign * total)
}

/// `/games`' time left: minutes under an hour, hours and minutes from an hour on (issue 61:
/// "1430 minutes left" is 23 hours 50 minutes).
fn time_left(i18n: &crate::table::i18n::I18n, lang: Lang, minutes: i64) -> String {
    if minutes < 60 {
        return i18n.text(lang, "games-left", &[("minutes", Arg::Number(minutes))]);
    }
    let args = [("hours", Arg::Number(minutes / 60)), ("minutes", Arg::Number(minutes % 60))];
    i18n.text(lang, "games-left-hours", &args)
}

/// A message telling a person of their waiting tables: the adapter that delivered it reports
/// it with [`TurnNotices::noticed`], or its failure with [`TurnNotices::notice_failed`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// Who it is for.
    pub user: UserId,
    /// The tables it tells of.
    pub tables: Vec<TableId>,
}

/// A link the adapter adds to a view, if its platform can make one: to a table's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    /// The table.
    pub table: TableId,
    /// The table's chat.
    pub chat: ChatId,
    /// The table's newest board (or lobby) message, as the adapter recorded it.
    pub message: Option<MessageRef>,
}

/// Why a notice did not arrive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoticeFailure {
    /// The person blocked the bot or never opened a chat with it (Telegram 403): notices are
    /// turned off, silently (nothing can reach them).
    Blocked,
    /// Their private messages are closed (Discord): notices stop, and the table's chat is
    /// told once.
    Closed,
    /// Anything else (the platform is down): the notice is tried again later.
    Failed,
}

impl TurnNotices {
    /// `/notify [words]`: shows or changes the person's turn notices (a private answer).
    pub(super) async fn notify(&self, ctx: &Ctx, words: &[String]) -> Result<Vec<View>, Fail> {
        let lang = self.core.user_lang(ctx).await;
        let stored = self.store.notify(&ctx.user).await?.map(|(n, _)| n).unwrap_or_default();
        let mut choice = NotifyChoice::read(&stored);
        let was = choice.active();
        if let Err(word) = choice.apply(words) {
            return Err(Fail::Say(Refusal::NotifyWord, vec![("word", word.into())]));
        }
        if !words.is_empty() {
            let json = serde_json::to_string(&choice)
                .map_err(|e| ServiceError::Internal(e.to_string()))?;
            let pending = if choice.active() {
                // The new choice applies to the turns already waiting: each notice comes no
                // later than one for a turn that became theirs now.
                Pending::NoLaterThan(choice.due(self.clock.now_ms(), None))
            } else if was {
                Pending::Drop
            } else {
                Pending::Keep
            };
            self.store.set_notify(&ctx.user, &json, pending).await?;
        }
        let mut lines = vec![self.notify_words(ctx, lang, &choice)];
        let mut answer = Private { to: ctx.user.clone(), links: Vec::new(), invite: None };
        // A Telegram group reads every answer: quiet hours and a time zone are said only in
        // the person's private chat with the bot (issue 46, item 11).
        if ctx.chat.is_telegram_group() && (choice.quiet.is_some() || choice.tz_min != 0) {
            lines.push(self.i18n.text(lang, "notify-details-private", &[]));
            answer.invite = Some("notify".into());
        }
        // Telegram writes to a person only after they opened a chat with the bot: a group's
        // `/notify on` links to that chat (`start=notify`).
        if choice.active() && ctx.chat.is_telegram_group() {
            lines.push(self.i18n.text(lang, "notify-open-private", &[]));
            answer.invite = Some("notify".into());
        }
        Ok(vec![View::new(Some(lang), lines.join("\n"), Kind::Private(answer))])
    }

    /// `/start notify` in a private chat: notices will come here.
    pub(super) async fn notify_here(&self, ctx: &Ctx) -> Result<Vec<View>, Fail> {
        let lang = self.core.user_lang(ctx).await;
        let stored = self.store.notify(&ctx.user).await?.map(|(n, _)| n).unwrap_or_default();
        let choice = NotifyChoice::read(&stored);
        let text = if choice.active() {
            self.i18n.text(lang, "notify-private-ready", &[])
        } else {
            self.notify_words(ctx, lang, &choice)
        };
        Ok(vec![View::private(Some(lang), text, ctx.user.clone())])
    }

    /// The person's choice in words.
    fn notify_words(&self, ctx: &Ctx, lang: Lang, c: &NotifyChoice) -> String {
        let mut lines = Vec::new();
        if c.active() {
            lines.push(self.i18n.text(
                lang,
                "notify-on",
                &[("minutes", Arg::Number(i64::from(c.after_min)))],
            ));
        } else {
            lines.push(self.core.text_for(ctx, lang, "notify-off", &[]));
        }
        // In a Telegram group the details are not said (see `notify`).
        let details = !ctx.chat.is_telegram_group();
        if let Some([from, to]) = c.quiet.filter(|_| details) {
            lines.push(self.i18n.text(
                lang,
                "notify-quiet",
                &[
                    ("from", Arg::Number(i64::from(from))),
                    ("to", Arg::Number(i64::from(to))),
                    ("tz", utc(c.tz_min).into()),
                ],
            ));
        } else if c.tz_min != 0 && details {
            lines.push(self.i18n.text(lang, "notify-tz", &[("tz", utc(c.tz_min).into())]));
        }
        lines.push(self.core.text_for(ctx, lang, "notify-usage", &[]));
        lines.join("\n")
    }

    /// Runs the turn notices once: claims the due ones and makes one message per person of
    /// their waiting tables, addressed to where it must go (`telegram:<user>`: their private
    /// chat; `discord:@<user>`: a direct message; the playground: the table's room, privately).
    pub async fn notices(&self) -> Result<Vec<(ChatId, View)>, ServiceError> {
        let now = self.clock.now_ms();
        let claimed = self.store.claim_notices(now, NOTICE_LEASE_MS, NOTICES_PER_ROUND).await?;
        let mut out = Vec::new();
        let mut start = 0;
        while start < claimed.len() {
            let user = claimed[start].1.clone();
            let end = claimed[start..]
                .iter()
                .position(|(_, u)| *u != user)
                .map_or(claimed.len(), |k| start + k);
            let tables: Vec<TableId> = claimed[start..end].iter().map(|(t, _)| *t).collect();
            start = end;
            match self.notice_for(&user, &tables, now).await {
                Ok(Some(routed)) => out.push(routed),
                Ok(None) => {}
                Err(e) => tracing::warn!(%user, error = %e, "a turn notice failed"),
            }
        }
        Ok(out)
    }

    /// The message telling `user` of `tables` (each still theirs to play), or nothing.
    async fn notice_for(
        &self,
        user: &UserId,
        tables: &[TableId],
        now: i64,
    ) -> Result<Option<(ChatId, View)>, ServiceError> {
        let (stored, lang) = self.store.notify(user).await?.unwrap_or_default();
        let choice = NotifyChoice::read(&stored);
        if !choice.active() {
            for &table in tables {
                self.store.settle_notice(table, user, None, None).await?;
            }
            return Ok(None);
        }
        let later = choice.after_quiet(now);
        if later > now {
            for &table in tables {
                self.store.settle_notice(table, user, None, Some(later)).await?;
            }
            return Ok(None);
        }
        // The reader's language (`reader_lang`): their own choice (`/lang`), else their
        // platform's as last seen, else the chat's of the table the notice is about, else that
        // table's; never English by default (issue 45, item 4).
        let own = lang.as_deref().and_then(Lang::from_tag);
        let mut waiting = Vec::new();
        for &table in tables {
            let t = match self.core.load(table).await {
                Ok(t) => t,
                Err(ServiceError::Damaged(..)) => {
                    self.store.settle_notice(table, user, None, None).await?;
                    continue;
                }
                Err(e) => return Err(e),
            };
            let mine = people_to_act(&t).iter().any(|&i| t.rec.seats[i].user == *user);
            if mine {
                waiting.push(t);
            } else {
                // The turn was played (or the game ended) as the notice came due.
                self.store.settle_notice(table, user, None, None).await?;
            }
        }
        let Some(first) = waiting.first() else { return Ok(None) };
        let lang = match own {
            Some(lang) => lang,
            None => self.core.table_lang(first).await,
        };
        let mut lines = vec![self.i18n.text(lang, "notice-title", &[])];
        let mut links = Vec::new();
        for t in &waiting {
            lines.push(self.table_line(t, lang, user, now));
            links.push(self.link(t));
        }
        let image = match (&first.game, waiting.len()) {
            (Some(game), 1) => self.views.picture(game, &[], &first.names(), lang).await,
            _ => None,
        };
        let address = user.direct_chat().unwrap_or_else(|| first.rec.chat.clone());
        let notice = TurnNotice {
            notice: Notice {
                user: user.clone(),
                tables: waiting.iter().map(|t| t.rec.id).collect(),
            },
            image,
            links,
        };
        let view = View::new(Some(lang), lines.join("\n"), Kind::Notice(notice));
        Ok(Some((address, view)))
    }

    /// One table in a list: its game and number, whose turn, and the time left.
    fn table_line(&self, t: &Loaded, lang: Lang, user: &UserId, now: i64) -> String {
        let game = self.core.game_name(lang, t.kind);
        let acting = people_to_act(t);
        let state = if t.rec.status == TableStatus::Lobby {
            self.i18n.text(
                lang,
                "games-lobby",
                &[("seated", Arg::Number(t.rec.seats.len() as i64))],
            )
        } else if acting.iter().any(|&i| t.rec.seats[i].user == *user) {
            self.i18n.text(lang, "games-your-turn", &[])
        } else if let Some(&i) = acting.first() {
            let name = t.rec.seats[i].name.clone();
            self.i18n.text(lang, "games-turn-of", &[("name", name.into())])
        } else {
            self.i18n.text(lang, "games-computer-turn", &[])
        };
        let left = match t.rec.deadline_ms.filter(|_| t.rec.status == TableStatus::Playing) {
            Some(deadline) if t.computer_to_act().is_none() => {
                let minutes = ((deadline - now).max(0) + 59_999) / 60_000;
                time_left(&self.i18n, lang, minutes)
            }
            _ => String::new(),
        };
        let mut args = vec![
            ("game", Arg::from(game)),
            ("table", t.rec.id.into()),
            ("state", state.into()),
            ("left", left.into()),
        ];
        let title = t.rec.around.as_ref().and_then(|a| a.chat_title.clone());
        match title {
            Some(chat) => {
                args.push(("chat", chat.into()));
                self.i18n.text(lang, "games-line-in", &args)
            }
            None => self.i18n.text(lang, "games-line", &args),
        }
    }

    fn link(&self, t: &Loaded) -> Link {
        let message =
            t.rec.around.as_ref().and_then(|a| a.message("board").or_else(|| a.message("lobby")));
        Link { table: t.rec.id, chat: t.rec.chat.clone(), message }
    }

    /// Whether `notice` is still to be sent: a turn it tells of is still waiting (asked just
    /// before sending, so that a notice never arrives after the turn was played: issue 46,
    /// item 7). Should the store not answer, it is sent (a late notice beats none).
    pub async fn notice_due(&self, notice: &Notice) -> bool {
        match self.store.notice_pending(&notice.user, &notice.tables).await {
            Ok(due) => {
                if !due {
                    tracing::debug!(user = %notice.user, "a notice's turn was played: not sent");
                }
                due
            }
            Err(e) => {
                tracing::warn!(user = %notice.user, error = %e, "checking a notice failed");
                true
            }
        }
    }

    /// The adapter delivered a notice: it is not sent again for these turns.
    pub async fn noticed(&self, notice: &Notice) {
        let now = self.clock.now_ms();
        for &table in &notice.tables {
            if let Err(e) = self.store.settle_notice(table, &notice.user, Some(now), None).await {
                tracing::warn!(table = table.get(), user = %notice.user, error = %e, "marking a notice sent failed");
            }
        }
    }

    /// A notice could not be delivered. Blocked or closed: notices are switched off (the
    /// turns' notices dropped); for closed direct messages, the views that say so once in each
    /// table's chat (`(chat, view)`). Otherwise the notice is tried again when its claim ends.
    pub async fn notice_failed(&self, notice: &Notice, why: NoticeFailure) -> Vec<(ChatId, View)> {
        if why == NoticeFailure::Failed {
            return Vec::new();
        }
        let (stored, _) = match self.store.notify(&notice.user).await {
            Ok(found) => found.unwrap_or_default(),
            Err(e) => {
                tracing::warn!(user = %notice.user, error = %e, "reading a notice choice failed");
                return Vec::new();
            }
        };
        let mut choice = NotifyChoice::read(&stored);
        let said = choice.unreachable;
        match why {
            NoticeFailure::Blocked => choice.on = false,
            _ => choice.unreachable = true,
        }
        let json = serde_json::to_string(&choice).unwrap_or_default();
        if let Err(e) = self.store.set_notify(&notice.user, &json, Pending::Drop).await {
            tracing::warn!(user = %notice.user, error = %e, "switching notices off failed");
        }
        tracing::info!(user = %notice.user, ?why, "turn notices switched off: undeliverable");
        if why != NoticeFailure::Closed || said {
            return Vec::new();
        }
        // Said once, in the chat of the first table it told of.
        let Some(&table) = notice.tables.first() else { return Vec::new() };
        let Ok(t) = self.core.load(table).await else { return Vec::new() };
        let lang = self.core.table_lang(&t).await;
        let name = t
            .rec
            .seats
            .iter()
            .find(|s| s.user == notice.user)
            .map(|s| s.name.clone())
            .unwrap_or_default();
        let post = Post {
            mentions: vec![notice.user.clone()],
            about: Some(About { table, thread: false }),
            ..Post::default()
        };
        // Discord's command takes its choice as an option (`/notify set:on`).
        let key = match t.rec.chat.platform() {
            crate::ids::Platform::Discord => "notice-dm-closed-discord",
            _ => "notice-dm-closed",
        };
        let text = self.i18n.text(lang, key, &[("name", name.into())]);
        let view = View::new(Some(lang), text, Kind::Post(post));
        vec![(t.rec.chat.clone(), view)]
    }

    /// `/games`: in a private chat (or wherever the person asks), their open tables across all
    /// chats; in a group, this chat's open tables too.
    pub(super) async fn games(&self, ctx: &Ctx) -> Result<Vec<View>, Fail> {
        let lang = self.core.user_lang(ctx).await;
        let now = self.clock.now_ms();
        let mut lines = Vec::new();
        let mut links = Vec::new();
        let mut mine =
            self.store.tables_of_user(&ctx.user, &ChatId::default(), &TableStatus::OPEN).await?;
        // A Telegram group reads every answer: the person's tables in other chats (which name
        // those chats) are listed only in their private chat with the bot (issue 46, item 11).
        let group = ctx.chat.is_telegram_group();
        // The user's own chat with the bot has the user's id (Telegram; the tests).
        let private = ctx.chat.as_str() == ctx.user.as_str();
        // This chat's open tables, read once.
        let here: Vec<TableId> = if private {
            Vec::new()
        } else {
            let rows = self.store.tables_in_chat(&ctx.chat, &TableStatus::OPEN).await?;
            rows.into_iter().map(|(id, ..)| id).collect()
        };
        let mut elsewhere = false;
        if group {
            let before = mine.len();
            mine.retain(|(id, ..)| here.contains(id));
            elsewhere = mine.len() < before;
        }
        if mine.is_empty() {
            lines.push(self.i18n.text(lang, "games-none", &[]));
        } else {
            lines.push(self.i18n.text(lang, "games-mine", &[]));
        }
        let mut shown = Vec::new();
        for (id, ..) in &mine {
            let Ok(t) = self.core.load(*id).await else { continue };
            lines.push(self.table_line(&t, lang, &ctx.user, now));
            links.push(self.link(&t));
            shown.push(*id);
        }
        if !private {
            let others: Vec<TableId> =
                here.iter().copied().filter(|id| !shown.contains(id)).collect();
            if !others.is_empty() {
                lines.push(self.core.text_for(ctx, lang, "games-here", &[]));
            }
            for id in others {
                let Ok(t) = self.core.load(id).await else { continue };
                lines.push(self.table_line(&t, lang, &ctx.user, now));
                links.push(self.link(&t));
            }
        }
        let mut answer = Private { to: ctx.user.clone(), links, invite: None };
        if elsewhere {
            lines.push(self.i18n.text(lang, "games-elsewhere-private", &[]));
            answer.invite = Some("games".into());
        }
        Ok(vec![View::new(Some(lang), lines.join("\n"), Kind::Private(answer))])
    }
}

/// `+3:30` as shown after "UTC".
fn utc(tz_min: i32) -> String {
    let sign = if tz_min < 0 { '−' } else { '+' };
    let (h, m) = (tz_min.abs() / 60, tz_min.abs() % 60);
    if m == 0 { format!("{sign}{h}") } else { format!("{sign}{h}:{m:02}") }
}

#[cfg(test)]
mod tests;
