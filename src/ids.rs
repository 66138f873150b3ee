//! Who and where: chat and user ids, the one codec of the `platform:id[/sub]` strings the
//! database stores and the adapters build.
//!
//! An id is parsed once, where it enters (an adapter builds it with a constructor, the store's
//! rows and signed links are read with [`ChatId::from`] / [`UserId::from`]), and then asked
//! questions ([`ChatId::platform`], [`ChatId::group`], [`UserId::player`]) instead of having its
//! text searched. Like `url::Url`, an id keeps its text (what the database holds, unchanged)
//! beside what was read from it, so [`ChatId::as_str`] costs nothing and every stored id
//! round-trips: `id.to_string() == text` for any text.
//!
//! The forms:
//!
//! | id | chat | user |
//! |----|------|------|
//! | Telegram | `telegram:<chat>` (negative: a group) | `telegram:<user>` |
//! | Discord | `discord:<server>/<channel>` (a channel or thread of a server), `discord:<channel>` (a direct message), `discord:<server>` (the whole server, for its language), `discord:@<user>` (a direct message to a user) | `discord:<user>` |
//! | playground | `playground:<room>` | `playground:<name>` |
//! | computer | — | `computer:<level>:<k>` |
//!
//! Anything else (the tests' `test:<tag>:<nanos>` and `<chat>/<user>`, the load generator's
//! `load:<run>-<i>`, a damaged row) is kept as it is, of platform [`Platform::Other`]: never
//! refused, never a panic. A chat named `<group>/<channel>`, on any platform, belongs to the
//! group `<group>` (a Discord server's language holds in its every channel).
//!
//! ```
//! use dicetable::engine::computer::Level;
//! use dicetable::ids::{ChatId, Platform, Player, UserId};
//!
//! let chat = ChatId::from("discord:1/2");
//! assert_eq!(chat.platform(), Platform::Discord);
//! assert_eq!(chat.group(), Some(ChatId::from("discord:1")));
//! assert_eq!(UserId::computer(Level::Hard, 2).player(), Player::Computer { level: Level::Hard, number: 2 });
//! assert_eq!(UserId::from("telegram:7").direct_chat(), Some(ChatId::telegram(7)));
//! ```

use std::fmt;

use crate::engine::computer::Level;

const TELEGRAM: &str = "telegram:";
const DISCORD: &str = "discord:";
const PLAYGROUND: &str = "playground:";
const COMPUTER: &str = "computer:";
/// How a Discord chat addresses a user's direct messages: `discord:@<user>`.
const DISCORD_DM: &str = "@";

/// A SQL `LIKE` pattern that matches every computer's user id (and no person's): the store
/// binds it to keep computers out of statistics and ladders.
pub const COMPUTER_PATTERN: &str = "computer:%";

/// A SQL `LIKE` pattern that matches the user ids of computers playing at `level`.
pub fn computer_pattern(level: Level) -> String {
    format!("{COMPUTER}{}:%", level.word())
}

/// Every computer level, weakest first: its word and the SQL `LIKE` pattern of its computers'
/// user ids ([`computer_pattern`]), for the store, which knows no engine.
pub fn computer_levels() -> Vec<(&'static str, String)> {
    Level::ALL.into_iter().map(|level| (level.word(), computer_pattern(level))).collect()
}

/// The chat platform an id belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Platform {
    /// Telegram.
    Telegram,
    /// Discord.
    Discord,
    /// The local web playground.
    Playground,
    /// Anything else: computers, tests, the load generator, an id of unknown shape.
    Other,
}

impl Platform {
    /// How every stored chat id of the platform begins (empty for `Other`).
    pub fn chat_prefix(self) -> &'static str {
        match self {
            Platform::Telegram => TELEGRAM,
            Platform::Discord => DISCORD,
            Platform::Playground => PLAYGROUND,
            Platform::Other => "",
        }
    }
}

/// A chat: where a table is played and views are shown.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChatId {
    /// The id as stored.
    text: String,
    /// The platform, from a prefix whose rest has the platform's shape.
    platform: Platform,
    /// Where the group's part ends: the last `/` of a `<group>/<channel>` chat.
    group_end: Option<usize>,
}

impl ChatId {
    /// A Telegram chat (a group's id is negative).
    pub fn telegram(chat: i64) -> Self {
        Self::from(format!("{TELEGRAM}{chat}"))
    }

    /// A Discord channel: of a server (`discord:<server>/<channel>`, a thread too), or a
    /// direct message channel (`discord:<channel>`).
    pub fn discord(server: Option<u64>, channel: u64) -> Self {
        match server {
            Some(server) => Self::from(format!("{DISCORD}{server}/{channel}")),
            None => Self::from(format!("{DISCORD}{channel}")),
        }
    }

    /// A whole Discord server, the group of its channels (its language holds in all of them).
    pub fn discord_server(server: u64) -> Self {
        Self::from(format!("{DISCORD}{server}"))
    }

    /// A playground room.
    pub fn playground(room: &str) -> Self {
        Self::from(format!("{PLAYGROUND}{room}"))
    }

    /// The id as stored.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The chat's platform.
    pub fn platform(&self) -> Platform {
        self.platform
    }

    /// The group a `<group>/<channel>` chat belongs to (a Discord server, for its channels),
    /// if it has one.
    pub fn group(&self) -> Option<ChatId> {
        self.group_end.map(|end| Self::from(&self.text[..end]))
    }

    /// The chat's own name within its group (`<channel>` of `<group>/<channel>`), if it is in
    /// one: on Discord, a thread's or channel's id.
    pub fn name_in_group(&self) -> Option<&str> {
        self.group_end.map(|end| &self.text[end + 1..])
    }

    /// The chat, then its group, then that group's group…: where a setting made for a
    /// group holds.
    pub fn lineage(&self) -> impl Iterator<Item = ChatId> {
        std::iter::successors(Some(self.clone()), ChatId::group)
    }

    /// The chat named `name` in the same group as this chat (on Discord a thread of a
    /// channel's server: `discord:<server>/<thread>`); the chat itself is the group if it is
    /// in none.
    pub fn sibling(&self, name: &str) -> ChatId {
        let group = self.group_end.map_or(self.text.as_str(), |end| &self.text[..end]);
        Self::from(format!("{group}/{name}"))
    }

    /// Whether this is a group chat of Telegram (negative id), where the bot may write to a
    /// person only after they opened a chat with it.
    pub fn is_telegram_group(&self) -> bool {
        self.telegram_id().is_some_and(|id| id < 0)
    }

    /// A Telegram chat's id.
    pub fn telegram_id(&self) -> Option<i64> {
        match self.platform {
            Platform::Telegram => self.text[TELEGRAM.len()..].parse().ok(),
            _ => None,
        }
    }

    /// The Discord channel (or thread) messages to this chat are posted in: the last part of
    /// `discord:<server>/<channel>` or `discord:<channel>`; none for a direct message to a user.
    pub fn discord_channel(&self) -> Option<u64> {
        if self.platform != Platform::Discord {
            return None;
        }
        let rest = &self.text[DISCORD.len()..];
        rest.rsplit('/').next()?.parse().ok()
    }

    /// The Discord server of a server's channel (`discord:<server>/<channel>`).
    pub fn discord_server_id(&self) -> Option<u64> {
        match (self.platform, self.group_end) {
            (Platform::Discord, Some(end)) => {
                self.text[DISCORD.len()..end].split('/').next()?.parse().ok()
            }
            _ => None,
        }
    }

    /// The user a Discord chat writes to directly (`discord:@<user>`, a turn notice).
    pub fn discord_dm_user(&self) -> Option<u64> {
        match self.platform {
            Platform::Discord => self.text[DISCORD.len()..].strip_prefix(DISCORD_DM)?.parse().ok(),
            _ => None,
        }
    }

    /// A playground room's name.
    pub fn playground_room(&self) -> Option<&str> {
        match self.platform {
            Platform::Playground => Some(&self.text[PLAYGROUND.len()..]),
            _ => None,
        }
    }
}

impl From<String> for ChatId {
    /// Reads any text: what has no known shape is kept as [`Platform::Other`].
    fn from(text: String) -> Self {
        let platform = chat_platform(&text);
        let group_end = text.rfind('/');
        Self { text, platform, group_end }
    }
}

/// The platform of a chat id whose rest has the platform's shape.
fn chat_platform(text: &str) -> Platform {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if let Some(id) = text.strip_prefix(TELEGRAM) {
        if id.parse::<i64>().is_ok() {
            return Platform::Telegram;
        }
    } else if let Some(rest) = text.strip_prefix(DISCORD) {
        // `@<user>`, or `<channel>`, `<server>/<channel>`, `<server>/<channel>/<thread>`.
        let (parts, most) = match rest.strip_prefix(DISCORD_DM) {
            Some(user) => (user, 1),
            None => (rest, 3),
        };
        if parts.split('/').all(digits) && parts.split('/').count() <= most {
            return Platform::Discord;
        }
    } else if text.strip_prefix(PLAYGROUND).is_some_and(|room| !room.is_empty()) {
        return Platform::Playground;
    }
    Platform::Other
}

/// Who sits at a table: a person, or a computer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// A person of a chat platform (or of a test).
    Person,
    /// The table's `number`th computer, playing at `level`.
    Computer {
        /// How well it plays.
        level: Level,
        /// Which of the table's computers (1…).
        number: usize,
    },
    /// An id in the computers' namespace that names no level or number (a damaged row): not a
    /// person (never asked, never notified, never rated), and never played for.
    DamagedComputer,
}

/// A user: a person of a platform, or a computer.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UserId {
    /// The id as stored.
    text: String,
    /// The platform, from a prefix whose rest has the platform's shape.
    platform: Platform,
    /// A person or a computer.
    player: Player,
}

impl UserId {
    /// A Telegram user.
    pub fn telegram(user: u64) -> Self {
        Self::from(format!("{TELEGRAM}{user}"))
    }

    /// A Discord user.
    pub fn discord(user: u64) -> Self {
        Self::from(format!("{DISCORD}{user}"))
    }

    /// A playground user, by the name they typed (any case is the same user).
    pub fn playground(name: &str) -> Self {
        Self::from(format!("{PLAYGROUND}{}", name.to_lowercase()))
    }

    /// The `k`th computer at a table, playing at `level`: `computer:<level>:<k>`. No platform's
    /// ids look like it, so a computer is never taken for a person.
    pub fn computer(level: Level, k: usize) -> Self {
        Self::from(format!("{COMPUTER}{}:{k}", level.word()))
    }

    /// The id as stored.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The user's platform ([`Platform::Other`] for a computer).
    pub fn platform(&self) -> Platform {
        self.platform
    }

    /// A person or a computer.
    pub fn player(&self) -> Player {
        self.player
    }

    /// Whether the user is a computer (a damaged computer's id too): no person.
    pub fn is_computer(&self) -> bool {
        self.player != Player::Person
    }

    /// A computer's level and number at its table.
    pub fn as_computer(&self) -> Option<(Level, usize)> {
        match self.player {
            Player::Computer { level, number } => Some((level, number)),
            _ => None,
        }
    }

    /// The chat where the bot writes to this person alone, where the platform has one: on
    /// Telegram the user's own chat, on Discord their direct messages (`discord:@<user>`).
    pub fn direct_chat(&self) -> Option<ChatId> {
        match self.platform {
            Platform::Telegram => Some(ChatId::from(self.text.as_str())),
            Platform::Discord => {
                Some(ChatId::from(format!("{DISCORD}{DISCORD_DM}{}", &self.text[DISCORD.len()..])))
            }
            _ => None,
        }
    }

    /// A Telegram user's id.
    pub fn telegram_id(&self) -> Option<u64> {
        match self.platform {
            Platform::Telegram => self.text[TELEGRAM.len()..].parse().ok(),
            _ => None,
        }
    }

    /// A Discord user's id.
    pub fn discord_id(&self) -> Option<u64> {
        match self.platform {
            Platform::Discord => self.text[DISCORD.len()..].parse().ok(),
            _ => None,
        }
    }
}

impl From<String> for UserId {
    /// Reads any text: what has no known shape is kept as a person of [`Platform::Other`].
    fn from(text: String) -> Self {
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let (platform, player) = if let Some(rest) = text.strip_prefix(COMPUTER) {
            let computer = rest.split_once(':').and_then(|(level, k)| {
                let level = Level::from_word(level)?;
                // The canonical number only (`1`, not `01`), so the id round-trips.
                let number = k.parse().ok().filter(|n: &usize| n.to_string() == k)?;
                Some(Player::Computer { level, number })
            });
            (Platform::Other, computer.unwrap_or(Player::DamagedComputer))
        } else if text.strip_prefix(TELEGRAM).is_some_and(digits) {
            (Platform::Telegram, Player::Person)
        } else if text.strip_prefix(DISCORD).is_some_and(digits) {
            (Platform::Discord, Player::Person)
        } else if text.strip_prefix(PLAYGROUND).is_some_and(|name| !name.is_empty()) {
            (Platform::Playground, Player::Person)
        } else {
            (Platform::Other, Player::Person)
        };
        Self { text, platform, player }
    }
}

/// The shared parts of both ids: reading any text, comparisons with text, serde as the stored
/// string.
macro_rules! id_text {
    ($id:ident) => {
        impl From<&str> for $id {
            /// Reads any text, as from a `String`.
            fn from(text: &str) -> Self {
                Self::from(text.to_owned())
            }
        }

        impl std::str::FromStr for $id {
            type Err = std::convert::Infallible;

            /// Reads any text, as from a `String`.
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                Ok(Self::from(text))
            }
        }

        impl fmt::Display for $id {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.text)
            }
        }

        impl fmt::Debug for $id {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}({:?})", stringify!($id), self.text)
            }
        }

        impl Default for $id {
            /// The empty id (of no platform): a record not yet filled in.
            fn default() -> Self {
                Self::from(String::new())
            }
        }

        impl From<$id> for String {
            fn from(id: $id) -> String {
                id.text
            }
        }

        impl AsRef<str> for $id {
            fn as_ref(&self) -> &str {
                &self.text
            }
        }

        impl PartialEq<str> for $id {
            fn eq(&self, other: &str) -> bool {
                self.text == other
            }
        }

        impl PartialEq<&str> for $id {
            fn eq(&self, other: &&str) -> bool {
                self.text == *other
            }
        }

        impl PartialEq<String> for $id {
            fn eq(&self, other: &String) -> bool {
                &self.text == other
            }
        }

        impl PartialEq<$id> for String {
            fn eq(&self, other: &$id) -> bool {
                *self == other.text
            }
        }

        impl PartialEq<$id> for str {
            fn eq(&self, other: &$id) -> bool {
                self == other.text
            }
        }

        impl serde::Serialize for $id {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.text)
            }
        }

        impl<'de> serde::Deserialize<'de> for $id {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                String::deserialize(deserializer).map(Self::from)
            }
        }
    };
}

id_text!(ChatId);
id_text!(UserId);

/// One message as its platform numbers it: the chat it is in (none where the adapter knows
/// the chat already: the playground's room) and its number there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Posted {
    /// The platform's chat: a Telegram chat's id, a Discord channel's.
    pub chat: Option<i64>,
    /// The message's number in that chat.
    pub message: i64,
}

impl fmt::Display for Posted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.chat {
            Some(chat) => write!(f, "{chat}:{}", self.message),
            None => write!(f, "{}", self.message),
        }
    }
}

/// The end of a stored message reference whose messages carry no buttons.
const PLAIN: &str = "/plain";

/// A table's message as an adapter recorded it once shown: the messages that show it (one, or
/// a private table's copy in each player's chat) and whether they carry no buttons (`plain`: a
/// board while a computer plays, a game's last board, an older board posted for its words;
/// superseding it takes no buttons off).
///
/// Stored as text: each message `<chat>:<message>` (or `<message>`), joined by commas, then
/// `/plain` if plain. [`MessageRef::parse`] reads it back; text that is not one (a damaged
/// row) is none.
///
/// ```
/// use dicetable::ids::{MessageRef, Posted};
///
/// let shown = MessageRef::parse("-100123:7,55:8/plain").unwrap();
/// assert_eq!(shown.posted[0], Posted { chat: Some(-100123), message: 7 });
/// assert!(shown.plain);
/// assert_eq!(shown.to_string(), "-100123:7,55:8/plain");
/// assert_eq!(MessageRef::parse("12:x"), None);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MessageRef {
    /// The messages, in the order the adapter posted them.
    pub posted: Vec<Posted>,
    /// Whether they were shown without buttons.
    pub plain: bool,
}

impl MessageRef {
    /// One message with buttons.
    pub fn one(chat: Option<i64>, message: i64) -> Self {
        Self { posted: vec![Posted { chat, message }], plain: false }
    }

    /// Reads a stored reference; `None` for text that is not one.
    pub fn parse(text: &str) -> Option<Self> {
        let (list, plain) = match text.strip_suffix(PLAIN) {
            Some(list) => (list, true),
            None => (text, false),
        };
        let posted = list
            .split(',')
            .map(|one| match one.split_once(':') {
                Some((chat, message)) => {
                    Some(Posted { chat: Some(chat.parse().ok()?), message: message.parse().ok()? })
                }
                None => Some(Posted { chat: None, message: one.parse().ok()? }),
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Self { posted, plain })
    }

    /// The same messages, marked as shown without buttons (`plain`) or with them.
    pub fn with_plain(mut self, plain: bool) -> Self {
        self.plain = plain;
        self
    }

    /// The message shown in `chat`, if one is.
    pub fn in_chat(&self, chat: i64) -> Option<Posted> {
        self.posted.iter().copied().find(|p| p.chat == Some(chat))
    }
}

impl fmt::Display for MessageRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, posted) in self.posted.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{posted}")?;
        }
        if self.plain {
            f.write_str(PLAIN)?;
        }
        Ok(())
    }
}

/// A number that names one thing and is never arithmetic on another kind's numbers: the
/// database's integer, read once where it enters (`new`) and given back where it leaves (`get`).
macro_rules! number_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
        #[derive(serde::Serialize, serde::Deserialize)]
        #[serde(transparent)]
        pub struct $name(i64);

        impl $name {
            /// The number as the database stores it.
            pub const fn new(number: i64) -> Self {
                Self(number)
            }

            /// The number, for the store's queries and the platforms' texts.
            pub const fn get(self) -> i64 {
                self.0
            }

            /// The number as a signed button or link carries it (unsigned; never negative).
            pub fn to_token(self) -> u64 {
                u64::try_from(self.0).unwrap_or(0)
            }

            /// The number a signed button or link carries, if the database can hold it.
            pub fn from_token(number: u64) -> Option<Self> {
                i64::try_from(number).ok().map(Self)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::num::ParseIntError;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                text.parse().map(Self)
            }
        }
    };
}

number_id!(
    /// A table: the number the store gave it, shown to players (`/status 12`) and carried by
    /// its buttons.
    TableId
);

number_id!(
    /// A cup: the number the store gave it, carried by its sign-up's buttons (a button's
    /// subject is a table or a cup, never one's number in the other's place).
    CupId
);

number_id!(
    /// A version of what a message shows: a table's (each stored change makes the next one) or
    /// a cup's standings. A board shows one version; a button pressed on an older board is out
    /// of date, and of two messages the one showing the newer version has live buttons.
    Version
);

impl Version {
    /// The version a change stored on this one makes.
    pub const fn next(self) -> Self {
        Self(self.0 + 1)
    }
}

/// `version + n`: the version `n` changes later (tests and the store count changes so).
impl std::ops::Add<i64> for Version {
    type Output = Version;

    fn add(self, n: i64) -> Version {
        Version(self.0 + n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every form: the text round-trips, and reads as `platform`.
    #[track_caller]
    fn check_chat(text: &str, platform: Platform, group: Option<&str>) {
        let chat = ChatId::from(text);
        assert_eq!(chat.to_string(), text);
        assert_eq!(chat.as_str(), text);
        assert_eq!(chat.platform(), platform, "{text}");
        assert_eq!(chat.group().as_ref().map(ChatId::as_str), group, "{text}");
        let json = serde_json::to_string(&chat).unwrap();
        assert_eq!(serde_json::from_str::<ChatId>(&json).unwrap(), chat);
        assert_eq!(text.parse::<ChatId>().unwrap(), chat);
    }

    #[track_caller]
    fn check_user(text: &str, platform: Platform, player: Player) {
        let user = UserId::from(text);
        assert_eq!(user.to_string(), text);
        assert_eq!(user.platform(), platform, "{text}");
        assert_eq!(user.player(), player, "{text}");
        assert_eq!(user.is_computer(), player != Player::Person, "{text}");
        let json = serde_json::to_string(&user).unwrap();
        assert_eq!(serde_json::from_str::<UserId>(&json).unwrap(), user);
    }

    #[test]
    fn message_references_round_trip_and_damaged_ones_are_none() {
        for text in ["-1001:5", "-1001:5,77:6", "12", "12/plain", "3:4,5:6/plain"] {
            assert_eq!(MessageRef::parse(text).unwrap().to_string(), text);
        }
        for damaged in ["", "a:1", "1:b", "1:2,", "/plain", "1:2/plain/plain", ",1:2"] {
            assert_eq!(MessageRef::parse(damaged), None, "{damaged:?}");
        }
        let two = MessageRef::parse("1:2,3:4").unwrap();
        assert_eq!(two.in_chat(3), Some(Posted { chat: Some(3), message: 4 }));
        assert_eq!(two.in_chat(9), None);
    }

    #[test]
    fn chats_of_every_form_round_trip() {
        use Platform::*;
        check_chat("telegram:-1001234", Telegram, None);
        check_chat("telegram:77", Telegram, None);
        check_chat("discord:1/2", Discord, Some("discord:1"));
        check_chat("discord:1/2/3", Discord, Some("discord:1/2"));
        check_chat("discord:5", Discord, None);
        check_chat("discord:@42", Discord, None);
        check_chat("playground:lobby", Playground, None);
        check_chat("playground:a/b", Playground, Some("playground:a"));
        check_chat("test:table:1733000000000000000", Other, None);
        check_chat("load:0000abcd-3", Other, None);
        check_chat("unit:save", Other, None);
        check_chat("test:x/y", Other, Some("test:x"));
        check_chat("a/b", Other, Some("a"));
        // Damaged: kept as they are, of no platform.
        check_chat("", Other, None);
        check_chat("telegram:", Other, None);
        check_chat("telegram:abc", Other, None);
        check_chat("telegram:1/2", Other, Some("telegram:1"));
        check_chat("discord:x/1", Other, Some("discord:x"));
        check_chat("discord:@", Other, None);
        check_chat("discord:@1/2", Other, Some("discord:@1"));
        check_chat("discord:1/2/3/4", Other, Some("discord:1/2/3"));
        check_chat("playground:", Other, None);
        check_chat("telegram", Other, None);
        check_chat("ünï:cödé/ü", Other, Some("ünï:cödé"));
    }

    #[test]
    fn users_of_every_form_round_trip() {
        use Platform::*;
        check_user("telegram:12345", Telegram, Player::Person);
        check_user("discord:987654321", Discord, Player::Person);
        check_user("playground:ana", Playground, Player::Person);
        check_user("test:cleo", Other, Player::Person);
        check_user("test:table:17/Ana", Other, Player::Person);
        check_user("load:0000abcd-3-ben", Other, Player::Person);
        check_user("ana", Other, Player::Person);
        for level in Level::ALL {
            let id = format!("computer:{}:3", level.word());
            check_user(&id, Other, Player::Computer { level, number: 3 });
            assert_eq!(UserId::computer(level, 3).as_str(), id);
        }
        // Damaged.
        check_user("", Other, Player::Person);
        check_user("telegram:-5", Other, Player::Person);
        check_user("discord:1/2", Other, Player::Person);
        check_user("computer:", Other, Player::DamagedComputer);
        check_user("computer:best:1", Other, Player::DamagedComputer);
        check_user("computer:hard", Other, Player::DamagedComputer);
        check_user("computer:hard:x", Other, Player::DamagedComputer);
        check_user("computer:hard:01", Other, Player::DamagedComputer);
        check_user("computer:hard:1:2", Other, Player::DamagedComputer);
    }

    #[test]
    fn constructors_build_the_stored_forms() {
        assert_eq!(ChatId::telegram(-100), "telegram:-100");
        assert_eq!(ChatId::discord(Some(1), 2), "discord:1/2");
        assert_eq!(ChatId::discord(None, 2), "discord:2");
        assert_eq!(ChatId::discord_server(1), "discord:1");
        assert_eq!(ChatId::playground("den"), "playground:den");
        assert_eq!(UserId::telegram(7), "telegram:7");
        assert_eq!(UserId::discord(7), "discord:7");
        assert_eq!(UserId::playground("Ana"), "playground:ana");
        assert_eq!(UserId::computer(Level::Easy, 1), "computer:easy:1");
    }

    #[test]
    fn chats_answer_what_the_table_asks() {
        let channel = ChatId::from("discord:1/2");
        assert_eq!(channel.name_in_group(), Some("2"));
        assert_eq!(channel.sibling("9"), "discord:1/9");
        assert_eq!(ChatId::from("discord:1").sibling("9"), "discord:1/9");
        assert_eq!(channel.discord_channel(), Some(2));
        assert_eq!(channel.discord_server_id(), Some(1));
        assert_eq!(ChatId::from("discord:5").discord_channel(), Some(5));
        assert_eq!(ChatId::from("discord:5").discord_server_id(), None);
        assert_eq!(ChatId::from("discord:@5").discord_dm_user(), Some(5));
        assert_eq!(ChatId::from("discord:@5").discord_channel(), None);
        let lineage: Vec<ChatId> = ChatId::from("discord:1/2/3").lineage().collect();
        assert_eq!(lineage, ["discord:1/2/3", "discord:1/2", "discord:1"].map(ChatId::from));
        assert!(ChatId::telegram(-5).is_telegram_group());
        assert!(!ChatId::telegram(5).is_telegram_group());
        assert!(!ChatId::from("test:-5").is_telegram_group());
        assert_eq!(ChatId::telegram(-5).telegram_id(), Some(-5));
        assert_eq!(ChatId::playground("den").playground_room(), Some("den"));
    }

    #[test]
    fn users_answer_what_the_table_asks() {
        assert_eq!(UserId::telegram(7).direct_chat(), Some(ChatId::telegram(7)));
        assert_eq!(UserId::discord(7).direct_chat(), Some(ChatId::from("discord:@7")));
        assert_eq!(UserId::from("test:ana").direct_chat(), None);
        assert_eq!(UserId::computer(Level::Hard, 2).as_computer(), Some((Level::Hard, 2)));
        assert_eq!(UserId::telegram(7).telegram_id(), Some(7));
        assert_eq!(UserId::discord(7).discord_id(), Some(7));
        assert_eq!(UserId::from("computer:best:1").as_computer(), None);
    }

    #[test]
    fn the_patterns_match_what_the_codec_builds() {
        // SQL LIKE, read here: `%` at the end matches any rest.
        let like = |pattern: &str, id: &str| id.starts_with(pattern.trim_end_matches('%'));
        for level in Level::ALL {
            let id = UserId::computer(level, 4);
            assert!(like(COMPUTER_PATTERN, id.as_str()));
            for other in Level::ALL {
                assert_eq!(like(&computer_pattern(other), id.as_str()), other == level);
            }
        }
        for person in ["telegram:1", "discord:1", "playground:ana", "test:x/y"] {
            assert!(!like(COMPUTER_PATTERN, person));
        }
    }

    proptest::proptest! {
        /// Any text, of any shape a damaged row or a forged link can hold, reads without a
        /// panic and is kept as it was: the codec never changes what the database stores.
        #[test]
        fn any_text_round_trips(text in "(telegram:|discord:@?|playground:|computer:)?[-0-9a-z/:@ü]{0,12}") {
            let chat = ChatId::from(text.as_str());
            proptest::prop_assert_eq!(chat.as_str(), text.as_str());
            proptest::prop_assert_eq!(chat.to_string(), text.clone());
            let _ = (chat.platform(), chat.group(), chat.is_telegram_group());
            let user = UserId::from(text.as_str());
            proptest::prop_assert_eq!(user.as_str(), text.as_str());
            let _ = (user.platform(), user.player(), user.direct_chat());
        }
    }
}
