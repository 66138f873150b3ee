//! The table service: lobby, turns, timers, languages, and the platform-neutral view. Every
//! chat adapter (playground, Telegram, Discord) goes through here and nothing else.
//!
//! An adapter turns what a user did into an [`Op`] with a [`Ctx`] (who, where, with which
//! rights), calls [`Service::handle`], and shows the [`View`]s it gets back. Every change is
//! stored (one transaction, guarded by the table's version) before a view shows it, so a view is
//! never ahead of the database; a button that lost a race gets a private "out of date" answer
//! and a fresh board.

pub mod budget;
pub mod command;
mod core;
mod cup;
pub mod describe;
mod fail;
mod handles;
pub mod i18n;
pub mod live;
mod lobby;
mod message;
mod notify;
mod play;
mod ratings;
mod rematch;
mod replays;
mod service;
pub mod show;
pub mod token;
pub(crate) mod view;
pub mod words;

use std::sync::atomic::{AtomicI64, Ordering};

pub use self::core::NotifyChoice;
use self::core::load;
pub use command::{Command, parse as parse_command};
pub use cup::Cups;
pub use fail::ServiceError;
pub use live::Live;
pub use lobby::Lobby;
pub use message::{
    About, Attachment, Button, File, FileKind, Kind, Place, Post, Private, Refusal, Standings,
    TableMessage, TurnNotice, View,
};
pub use notify::{Link, Notice, NoticeFailure, TurnNotices};
pub use play::Play;
pub use ratings::Ratings;
pub use ratings::Scope;
pub use rematch::Rematches;
pub use replays::LogCheck;
pub use replays::Replays;
pub use service::{IdentifyTurn, Service};
pub use view::Views;

use crate::engine::GameKind;
use crate::ids::{ChatId, TableId, UserId};

/// Who acts, where, and with which rights, as the adapter reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ctx {
    /// The chat (e.g. `telegram:-1001234`).
    pub chat: ChatId,
    /// The user.
    pub user: UserId,
    /// The user's display name.
    pub name: String,
    /// The platform's language tag for the user (`ru`, `fa-IR`), if it gives one.
    pub locale: Option<String>,
    /// Whether the user is an administrator of the chat (may kick and cancel).
    pub admin: bool,
    /// The chat's title as the platform shows it (a group's name, `#channel`), if it gives
    /// one: kept for lists that name chats (turn notices, `/games`).
    pub chat_title: Option<String>,
}

/// Something a user asks of the table service.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Op {
    /// Open a lobby for a game in this chat, with options as words (see [`words`]).
    Create {
        /// The game.
        game: GameKind,
        /// Option words.
        words: Vec<String>,
    },
    /// Take a seat in a lobby.
    Join(Option<GameKind>),
    /// Leave a lobby.
    Leave(Option<GameKind>),
    /// Start a lobby's game (host).
    Start(Option<GameKind>),
    /// Change a lobby's options (host).
    Options {
        /// The game, if the chat has several tables.
        game: Option<GameKind>,
        /// Option words.
        words: Vec<String>,
    },
    /// A button was pressed: its token, as received (untrusted).
    Press(String),
    /// Leave a running game.
    Resign(Option<GameKind>),
    /// Remove a player (host or admin): by display name, seat number (1…) or as the platform
    /// named them.
    Kick {
        /// The game, if the chat has several tables.
        game: Option<GameKind>,
        /// Who.
        target: Target,
    },
    /// Cancel a table (host or admin).
    Cancel(Option<GameKind>),
    /// Show the current board again.
    Status(Option<GameKind>),
    /// The last moves, in words.
    History(Option<GameKind>),
    /// The user's statistics.
    Stats,
    /// This chat's ladders of this season.
    Top,
    /// A ladder: of one game or every game; this chat's this season, all time, or across chats
    /// (`/top ludo`, `/top all`, `/top global nardy`).
    Ladder {
        /// The game, or every game.
        game: Option<GameKind>,
        /// Which ladder.
        scope: Scope,
    },
    /// The user's statistics and rating in one game, with the chart of the season
    /// (`/stats ludo`).
    StatsOf(GameKind),
    /// Whether the user is on ladders across chats (`/stats public`, `/stats private`).
    Public(bool),
    /// The record between the user and another person, by name (`/vs Ana`) or as the platform
    /// named them.
    Vs(Target),
    /// The fairness commitment, or after the game the seed and how to verify it.
    Fair(Option<GameKind>),
    /// Set the language of the user, or with `chat` of the chat (admin); `None` shows the choice.
    Lang {
        /// For the whole chat.
        chat: bool,
        /// The language code, or `None` to list them.
        code: Option<String>,
    },
    /// How this chat shows boards (admin): each turn a new message, or one message edited in
    /// place (for quiet chats); `None` shows the current choice.
    Boards(Option<BoardMode>),
    /// The rules of a game, with the options of this chat's table if it has one.
    Rules(Option<GameKind>),
    /// Join a private table by its invite code (a deep link's payload, or `/join <code>`).
    Invite(String),
    /// A finished game as an animation: the chat's last finished game (of a game, if named),
    /// or a table by its number.
    Replay(Pick),
    /// A finished game's record as a JSON file (see [`crate::game::replay::Record`]).
    Export(Pick),
    /// Show or change the user's turn notices (`on`, `off`, `after 10m`, `quiet 23-7`,
    /// `tz +3:30`; none: show them).
    Notify(Vec<String>),
    /// Turn the user's text-first boards on or off (`/access on`; none: say which): a table
    /// where a player has them on shows the position in words first and its move buttons in
    /// plain words (issue 48).
    Access(Option<bool>),
    /// The table's board as text, for the one who asks (`/board text`): whose turn it is, where
    /// everything is, and the moves open, in plain words.
    BoardText(Option<GameKind>),
    /// The user's open tables in every chat (and in a group, the chat's own).
    Games,
    /// What the bot can do.
    Help,
    /// The chat's group cup (issue 49): open one, sign up, start, cancel, or show it.
    Cup(CupOp),
    /// A command aimed at one table by its number, where a chat has several open (`/status
    /// 420`, Discord's `table` option): join, leave, start, options, resign, kick, cancel,
    /// status, history and fair take it; other commands ignore it.
    AtTable {
        /// The table's number.
        table: TableId,
        /// The command.
        op: Box<Op>,
    },
}

/// What `/cup` asks of the chat's cup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CupOp {
    /// Open a cup of a game, with its words (`/cup nardy 5 rounds 24h 3`).
    Create {
        /// The game.
        game: GameKind,
        /// Rounds, window, format and the game's option words.
        words: Vec<String>,
    },
    /// Where the cup stands: the standings, who still has to play, the time left.
    Show,
    /// Sign up.
    Join,
    /// Leave before the start.
    Leave,
    /// Start it (its host or an admin).
    Start,
    /// Cancel it (its host or an admin).
    Cancel,
    /// Excuse a player's forfeit (its host or an admin, T8).
    Excuse(Target),
    /// Lift a player's no-show wait in this chat (an admin, T9).
    Lift(Target),
    /// The cup (the open one, else the last) as a file: every ended game's record, the results
    /// and the standings (`dicetable verify --record` checks it).
    Export,
}

/// Which ended table a command means.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Pick {
    /// The chat's most recent one (of this game, if named).
    #[default]
    Last,
    /// The chat's most recent one of this game.
    Game(GameKind),
    /// The table with this number (as `/history` and `/fair` show it).
    Table(TableId),
    /// A word that is neither a game nor a table number (`/replay abc`, `/export 1e9`): refused
    /// by name, never read as "the last one".
    Unknown(String),
}

impl From<Option<GameKind>> for Pick {
    /// A game if named, else the chat's one.
    fn from(game: Option<GameKind>) -> Self {
        game.map_or(Pick::Last, Pick::Game)
    }
}

/// How a chat shows boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardMode {
    /// A new message every turn (the default): the chat reads like a game record.
    #[default]
    New,
    /// One message per table, edited in place every turn.
    Edit,
    /// A new message every turn while the game goes on; once it is over, its earlier boards
    /// are deleted where the platform allows (Telegram: for 48 hours), while the chat is quiet,
    /// leaving the final board and the result (issue 60).
    Tidy,
}

/// Whom a command names: the words typed (a display name, `@name`, a seat number), or a person
/// the platform picked (a Discord user option, the author of the Telegram message replied to)
/// with the name to call them by, so that a refusal names them and never by an internal id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// As typed.
    Typed(String),
    /// A person the platform named.
    User {
        /// Their id.
        id: UserId,
        /// Their display name.
        name: String,
    },
}

impl Target {
    /// The name to call the target by in a message.
    pub fn name(&self) -> &str {
        match self {
            Target::Typed(words) => words.trim().trim_start_matches('@'),
            Target::User { name, .. } => name,
        }
    }
}

impl From<&str> for Target {
    fn from(words: &str) -> Self {
        Target::Typed(words.to_owned())
    }
}

impl From<String> for Target {
    fn from(words: String) -> Self {
        Target::Typed(words)
    }
}

impl Op {
    /// The operation's name, for logs and metrics.
    pub fn name(&self) -> &'static str {
        match self {
            Op::Create { .. } => "create",
            Op::Join(_) => "join",
            Op::Leave(_) => "leave",
            Op::Start(_) => "start",
            Op::Options { .. } => "options",
            Op::Press(_) => "press",
            Op::Resign(_) => "resign",
            Op::Kick { .. } => "kick",
            Op::Cancel(_) => "cancel",
            Op::Status(_) => "status",
            Op::History(_) => "history",
            Op::Stats => "stats",
            Op::Top => "top",
            Op::Ladder { .. } => "ladder",
            Op::StatsOf(_) => "stats",
            Op::Public(_) => "public",
            Op::Vs(_) => "vs",
            Op::Fair(_) => "fair",
            Op::Lang { .. } => "lang",
            Op::Boards(_) => "boards",
            Op::Rules(_) => "rules",
            Op::Invite(_) => "invite",
            Op::Replay(_) => "replay",
            Op::Export(_) => "export",
            Op::Notify(_) => "notify",
            Op::Access(_) => "access",
            Op::BoardText(_) => "board_text",
            Op::Games => "games",
            Op::Help => "help",
            Op::Cup(_) => "cup",
            Op::AtTable { op, .. } => op.name(),
        }
    }

    /// The chat command the operation comes from, as [`command::COMMANDS`] declares it; a
    /// button press comes from none.
    pub fn command(&self) -> Option<&'static command::Spec> {
        let word = match self.inner() {
            Op::Create { game, .. } => game.name(),
            Op::Start(_) => "play",
            Op::Ladder { .. } | Op::Top => "top",
            Op::StatsOf(_) | Op::Public(_) => "stats",
            Op::Invite(_) => "start",
            Op::BoardText(_) => "status",
            Op::Press(_) => return None,
            op => op.name(),
        };
        command::spec(word)
    }

    /// Whether a chat admin's rights may decide the operation, as its command declares
    /// ([`command::Who`]): an adapter for which admin rights cost a request (Telegram's
    /// getChatMember) asks only then.
    pub fn may_need_admin(&self) -> bool {
        match self.command().map(|c| c.who) {
            None | Some(command::Who::Anyone) => false,
            Some(command::Who::HostOrAdmin) => true,
            Some(command::Who::AdminForTheChat) => {
                matches!(self.inner(), Op::Lang { chat: true, .. } | Op::Boards(Some(_)))
            }
            Some(command::Who::HostOrAdminForTheCup) => {
                matches!(
                    self.inner(),
                    Op::Cup(CupOp::Start | CupOp::Cancel | CupOp::Excuse(_) | CupOp::Lift(_))
                )
            }
        }
    }

    /// The command itself, without the table it is aimed at (see [`Op::AtTable`]).
    pub fn inner(&self) -> &Op {
        match self {
            Op::AtTable { op, .. } => op.inner(),
            op => op,
        }
    }
}

/// Which message of a table a view is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    /// The lobby, edited as players join.
    Lobby,
    /// The latest board.
    Board,
    /// The thread a table's boards go to (Discord, with the `thread` option): its channel id.
    Thread,
}

impl Slot {
    /// Its name in storage.
    pub fn name(self) -> &'static str {
        match self {
            Slot::Lobby => "lobby",
            Slot::Board => "board",
            Slot::Thread => "thread",
        }
    }
}

/// The time, as the service sees it: the real clock, or a hand-driven one in tests.
pub trait Clock: Send + Sync {
    /// Unix time in milliseconds.
    fn now_ms(&self) -> i64;
}

/// The system clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            .unwrap_or(0)
    }
}

/// A clock that moves only when told (for tests and simulations of timers).
#[derive(Debug, Default)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    /// A clock showing `ms`.
    pub fn new(ms: i64) -> Self {
        Self(AtomicI64::new(ms))
    }

    /// Moves the clock on by `ms`.
    pub fn advance(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// A text cut to a chat's limit, keeping its end (whose turn it is matters more than the oldest
/// events): at most `max` units as the platform counts them (`units` of each character), with
/// "…" in front when something was cut.
pub fn clip_end(text: &str, max: usize, units: impl Fn(char) -> usize) -> String {
    if text.chars().map(&units).sum::<usize>() <= max {
        return text.to_owned();
    }
    let limit = max.saturating_sub(units('…'));
    let mut kept: Vec<char> = Vec::new();
    let mut used = 0;
    for c in text.chars().rev() {
        used += units(c);
        if used > limit {
            break;
        }
        kept.push(c);
    }
    kept.push('…');
    kept.into_iter().rev().collect()
}

/// Marks a mentioned player in a text: their name's last appearance (`shown`, as the text
/// prints it) becomes `mark(shown)`; if the text lacks it, `mark(fallback)` is added on a line
/// of its own.
pub fn mark_last(text: &mut String, shown: &str, fallback: &str, mark: impl Fn(&str) -> String) {
    match Some(shown).filter(|s| !s.is_empty()).and_then(|s| text.rfind(s)) {
        Some(at) => text.replace_range(at..at + shown.len(), &mark(shown)),
        None => {
            text.push('\n');
            text.push_str(&mark(fallback));
        }
    }
}

/// Whether `c` is a bidi control a name may not carry: an embedding or override
/// (U+202A–U+202E) or an isolate (U+2066–U+2069). Inside a name they would reverse the rest of
/// the line, or close the isolation the name is shown in.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// A display name as the platform gave it, minus bidi embedding, override and isolate controls
/// (see `is_bidi_control`); a name that was nothing else becomes "?". This is the name stored
/// and written in game records: isolation marks are added only where a name is shown
/// ([`shown_name`]).
pub fn clean_name(name: &str) -> String {
    if !name.chars().any(is_bidi_control) {
        return name.to_owned();
    }
    let clean: String = name.chars().filter(|&c| !is_bidi_control(c)).collect();
    if clean.trim().is_empty() { "?".to_owned() } else { clean }
}

/// A name as a sentence shows it: cleaned ([`clean_name`]) and isolated (FSI … PDI), so that
/// neither its direction nor the sentence's runs into the other or into the next name.
pub fn shown_name(name: &str) -> String {
    format!("\u{2068}{}\u{2069}", clean_name(name))
}
/// Names in a sentence, each shown isolated ([`shown_name`]), joined by commas.
pub(crate) fn shown_names(lang: i18n::Lang, names: &[String]) -> String {
    // Persian lists with its own comma, which reads right to left.
    let comma = if lang == i18n::Lang::Fa { "، " } else { ", " };
    names.iter().map(|n| shown_name(n)).collect::<Vec<_>>().join(comma)
}

#[cfg(test)]
mod tests {
    use super::{clean_name, clip_end, mark_last, shown_name};

    #[test]
    fn a_mention_marks_the_names_last_appearance_or_adds_a_line() {
        let mut text = "\u{2068}Ana\u{2069} rolled 6.\n\u{2068}Ana\u{2069}, your move.".to_owned();
        mark_last(&mut text, "\u{2068}Ana\u{2069}", "Ana", |s| format!("[{s}]"));
        assert_eq!(text, "\u{2068}Ana\u{2069} rolled 6.\n[\u{2068}Ana\u{2069}], your move.");
        let mut text = "Game over.".to_owned();
        mark_last(&mut text, "", "<@7>", str::to_owned);
        assert_eq!(text, "Game over.\n<@7>");
    }

    #[test]
    fn clipping_counts_what_the_platform_counts() {
        assert_eq!(clip_end("short", 10, |_| 1), "short");
        assert_eq!(clip_end("abcdef", 4, |_| 1), "…def");
        // 🎲 is two UTF-16 units: three of them do not fit in 5.
        assert_eq!(clip_end("🎲🎲🎲", 5, char::len_utf16), "…🎲🎲");
    }

    #[test]
    fn a_name_loses_its_bidi_controls_and_is_shown_isolated() {
        assert_eq!(clean_name("Ana"), "Ana");
        assert_eq!(clean_name("\u{202E}Evil"), "Evil");
        assert_eq!(clean_name("a\u{2066}b\u{2069}c\u{202A}d"), "abcd");
        assert_eq!(clean_name("\u{202E}\u{202E}"), "?", "a name of controls only");
        // Marks of the writer's own (LRM, RLM) are kept: they never outlast the isolate.
        assert_eq!(clean_name("x\u{200F}"), "x\u{200F}");
        assert_eq!(shown_name("\u{202E}Evil"), "\u{2068}Evil\u{2069}");
    }
}
