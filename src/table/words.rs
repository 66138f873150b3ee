//! Table options as players type them: `/snakes quick bounce 5m`, `/ludo capture all`,
//! `/nardy 3 lower`, or `key=value` for anything.
//!
//! Words become the engine's `key = value` pairs (see [`crate::engine::Options::parse`]) plus
//! the table's own turn timer. A word that means nothing is refused by name, never ignored.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::fail::Refusal;
use super::i18n::Arg;
use crate::engine::computer::Level;
use crate::engine::registry::{self, OptionSpec};
use crate::engine::snakes::BoardGenerator;
use crate::engine::{Allowed, GameKind, OptionError, Options, option_value};

/// The turn timer of a table: how long a player may think before the bot plays for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Timer {
    /// No timer: the game waits for ever.
    #[serde(rename = "off")]
    Off,
    /// One minute.
    #[serde(rename = "1m")]
    Minute,
    /// Five minutes.
    #[serde(rename = "5m")]
    FiveMinutes,
    /// One hour.
    #[serde(rename = "1h")]
    Hour,
    /// One day: the default, for games that run over days in a group.
    #[default]
    #[serde(rename = "24h")]
    Day,
}

impl Timer {
    /// Every timer, shortest first.
    pub const ALL: [Timer; 5] =
        [Timer::Off, Timer::Minute, Timer::FiveMinutes, Timer::Hour, Timer::Day];

    /// The time a player has, in milliseconds; `None` when off.
    pub fn millis(self) -> Option<i64> {
        match self {
            Timer::Off => None,
            Timer::Minute => Some(60_000),
            Timer::FiveMinutes => Some(300_000),
            Timer::Hour => Some(3_600_000),
            Timer::Day => Some(86_400_000),
        }
    }

    /// The word for it: off, 1m, 5m, 1h, 24h.
    pub fn word(self) -> &'static str {
        match self {
            Timer::Off => "off",
            Timer::Minute => "1m",
            Timer::FiveMinutes => "5m",
            Timer::Hour => "1h",
            Timer::Day => "24h",
        }
    }

    /// The timer's words, shortest first.
    pub const WORDS: [&'static str; 5] = ["off", "1m", "5m", "1h", "24h"];

    fn from_word(word: &str) -> Option<Timer> {
        Timer::ALL.into_iter().find(|t| t.word() == word)
    }
}

/// A table's own settings, beside the game's options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The turn timer.
    pub timer: Timer,
    /// A private table: joined by invite, every board sent to each player privately.
    pub private: bool,
    /// The game is played in a thread of its own (Discord).
    pub thread: bool,
    /// The language of the table's public messages when its chat has none set: its creator's,
    /// kept for the table, so that boards do not change language with whoever pressed.
    pub lang: Option<super::i18n::Lang>,
    /// The generator of a random Snakes board: the one the table was created with (a table
    /// stored before generators had names used the first one).
    #[serde(default = "BoardGenerator::legacy")]
    pub boards: BoardGenerator,
    /// How well the computers seated by the lobby's Add computer button (and by `bots`) play.
    pub level: Level,
    /// How many computers the words ask to be seated (`bot`, `bots=N`; `bots` alone fills
    /// every free seat: `Some(u8::MAX)`); the lobby seats them and forgets the number.
    #[serde(skip)]
    pub bots: Option<u8>,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            timer: Timer::default(),
            private: false,
            thread: false,
            lang: None,
            boards: BoardGenerator::CURRENT,
            level: Level::Normal,
            bots: None,
        }
    }
}

/// One of the table's own settings, beside the game's options (which each game declares in
/// the engine's registry): its key, what `key=value` takes, the words that set it on their own,
/// and its value now. [`TABLE_OPTIONS`] lists them; applying words, help and refusals, the
/// options panel and Discord's `start` options all read it.
#[derive(Debug, Clone, Copy)]
pub struct TableOption {
    /// The key, in `key=value` and in the message of its name (`option-timer`).
    pub key: &'static str,
    /// Other keys `key=value` accepts for it (`bot=2` is `bots=2`).
    pub aliases: &'static [&'static str],
    /// What `key=value` takes and how a value reads; `None`: it has no `key=value` form
    /// (`private`), and such a word goes to the game's options.
    pub value: Option<(Allowed, ReadValue)>,
    /// The words that set it on their own, listed in help and refusals, and what each sets.
    pub words: &'static [(&'static str, Set)],
    /// Words that set it too but are not listed (`off`, a timer's value, beside `notimer`).
    pub unlisted: &'static [(&'static str, Set)],
    /// A form listed in help beside the words (`bots=N`).
    pub form: Option<&'static str>,
    /// The family of the messages that name its values (`timer-5m`, `level-easy`); `value`
    /// for the others (and for `on` and `off` everywhere).
    pub names: &'static str,
    /// Only where the platform has threads (Discord); elsewhere its words are unknown.
    pub threads: bool,
    /// Offered by the lobby's options panel (after the game's options).
    pub panel: bool,
    /// Its value now, as a word of its values (empty when it has none to show).
    pub now: fn(Settings) -> String,
}

/// How a table option reads the value of its `key=value` (`None`: not one of its values).
pub type ReadValue = fn(&str) -> Option<Set>;

/// What one of the table's own words sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Set {
    /// The turn timer.
    Timer(Timer),
    /// A private table.
    Private,
    /// The game in a thread of its own, or not.
    Thread(bool),
    /// The computers' level.
    Level(Level),
    /// One more computer than the words asked for so far (`bot`).
    OneMoreComputer,
    /// This many computers (`bots=N`; `bots` alone fills every free seat: `u8::MAX`).
    Computers(u8),
}

impl Set {
    /// Sets it in `settings`.
    fn apply(self, settings: &mut Settings) {
        match self {
            Set::Timer(timer) => settings.timer = timer,
            Set::Private => settings.private = true,
            Set::Thread(on) => settings.thread = on,
            Set::Level(level) => settings.level = level,
            Set::OneMoreComputer => {
                settings.bots = Some(settings.bots.unwrap_or(0).saturating_add(1));
            }
            Set::Computers(n) => settings.bots = Some(n),
        }
    }
}

/// The table's own settings, in the order help lists their words: timer, private, thread,
/// bots, level.
pub const TABLE_OPTIONS: &[TableOption] = &[
    TableOption {
        key: "timer",
        aliases: &[],
        value: Some((Allowed::Words(&Timer::WORDS), |v| Timer::from_word(v).map(Set::Timer))),
        words: &[
            ("1m", Set::Timer(Timer::Minute)),
            ("5m", Set::Timer(Timer::FiveMinutes)),
            ("1h", Set::Timer(Timer::Hour)),
            ("24h", Set::Timer(Timer::Day)),
            ("notimer", Set::Timer(Timer::Off)),
        ],
        unlisted: &[("off", Set::Timer(Timer::Off))],
        form: None,
        names: "timer",
        threads: false,
        panel: true,
        now: |s| s.timer.word().to_owned(),
    },
    TableOption {
        key: "private",
        aliases: &[],
        value: None,
        words: &[("private", Set::Private)],
        unlisted: &[],
        form: None,
        names: "value",
        threads: false,
        panel: false,
        now: |s| switch_word(s.private),
    },
    TableOption {
        key: "thread",
        aliases: &[],
        value: Some((Allowed::OnOff, |v| {
            registry::switch(&Value::String(v.to_owned())).map(Set::Thread)
        })),
        words: &[("thread", Set::Thread(true))],
        unlisted: &[],
        form: None,
        names: "value",
        threads: true,
        panel: false,
        now: |s| switch_word(s.thread),
    },
    TableOption {
        key: "bots",
        aliases: &["bot"],
        value: Some((Allowed::Range { min: 0, max: MOST_BOTS }, |v| {
            v.parse::<u8>().ok().filter(|n| u32::from(*n) <= MOST_BOTS).map(Set::Computers)
        })),
        words: &[("bot", Set::OneMoreComputer), ("bots", Set::Computers(u8::MAX))],
        unlisted: &[],
        form: Some("bots=N"),
        names: "value",
        threads: false,
        panel: false,
        now: |s| s.bots.map(|n| n.to_string()).unwrap_or_default(),
    },
    TableOption {
        key: "level",
        aliases: &[],
        value: Some((Allowed::Words(&LEVELS), |v| Level::from_word(v).map(Set::Level))),
        words: &[
            ("easy", Set::Level(Level::Easy)),
            ("normal", Set::Level(Level::Normal)),
            ("hard", Set::Level(Level::Hard)),
            ("expert", Set::Level(Level::Expert)),
        ],
        unlisted: &[],
        form: None,
        names: "level",
        threads: false,
        panel: true,
        now: |s| s.level.word().to_owned(),
    },
];

/// `on` or `off`.
fn switch_word(on: bool) -> String {
    if on { "on" } else { "off" }.to_owned()
}

/// The table's own option `key` (by its key; `None` for a game's option).
pub fn table_option(key: &str) -> Option<&'static TableOption> {
    TABLE_OPTIONS.iter().find(|o| o.key == key)
}

/// Why the words were refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WordError {
    /// A word that names no option of this game.
    Unknown(String),
    /// The engine refused the options the words make.
    Option(OptionError),
}

/// The engine's option keys of a game that the options panel and the options text show (every
/// option but a preset), from the game's option registry.
pub fn keys(kind: GameKind) -> Vec<&'static str> {
    registry::options_of(kind).iter().filter(|o| o.panel).map(|o| o.key).collect()
}

/// The game's option that a number alone sets (Nardy's match length, `/nardy 3`): its one
/// option that takes a range of numbers.
fn number_option(kind: GameKind) -> Option<&'static OptionSpec> {
    let mut numbers =
        registry::options_of(kind).iter().filter(|o| matches!(o.allowed, Allowed::Range { .. }));
    numbers.next().filter(|_| numbers.next().is_none())
}

/// The words of a game a chat may type, for help and refusals, as a chat on a platform with
/// threads (Discord) or without them sees them: `thread` only where it means something. Each
/// is a word to type, except Nardy's match length, said in the reader's language.
pub fn known_words(kind: GameKind, threads: bool) -> Vec<Arg> {
    let mut words: Vec<Arg> = (registry::options_of(kind).iter())
        .flat_map(|o| o.words.iter().map(|(w, _)| Arg::from(*w)))
        .collect();
    if let Some(&OptionSpec { allowed: Allowed::Range { min, max }, .. }) = number_option(kind) {
        let range = [("min", min), ("max", max)].map(|(k, n)| (k, Arg::Number(i64::from(n))));
        words.push(Arg::Message("words-match-length".into(), Vec::from(range)));
    }
    for o in TABLE_OPTIONS.iter().filter(|o| threads || !o.threads) {
        words.extend(o.words.iter().map(|(w, _)| Arg::from(*w)));
        words.extend(o.form.map(Arg::from));
    }
    words.push("key=value".into());
    words
}

/// A refusal of option words as a message key and its arguments, every word in the reader's
/// language: an option and its values by their names in the Fluent files (`option-…`,
/// `value-…`), never the engine's keys or rule ids. `threads`: the chat's platform has
/// threads.
pub fn refusal(threads: bool, kind: GameKind, e: WordError) -> (Refusal, Vec<(&'static str, Arg)>) {
    let unknown = |word: String| {
        let known = Arg::List(known_words(kind, threads));
        (Refusal::OptionWord, vec![("word", Arg::Text(word)), ("known", known)])
    };
    match e {
        WordError::Unknown(word)
        | WordError::Option(OptionError::UnknownOption { key: word, .. }) => unknown(word),
        WordError::Option(OptionError::BadValue { key, allowed, got }) => {
            let got = got.as_str().map_or_else(|| got.to_string(), str::to_owned);
            let args = vec![
                ("option", option_name(key)),
                ("allowed", allowed_words(allowed)),
                ("got", Arg::Text(got)),
            ];
            (Refusal::OptionValue, args)
        }
        WordError::Option(OptionError::Conflict { key, value, needs: (other, other_value) }) => {
            let args = vec![
                ("option", option_name(key)),
                ("value", value_name(key, value)),
                ("other", option_name(other)),
                ("other_value", value_name(other, other_value)),
            ];
            (Refusal::OptionConflict, args)
        }
        WordError::Option(OptionError::Players { min, max, got, .. }) => (
            Refusal::Players,
            vec![
                ("min", Arg::Number(min as i64)),
                ("max", Arg::Number(max as i64)),
                ("got", Arg::Number(got as i64)),
            ],
        ),
        WordError::Option(OptionError::UnknownGame(game)) => unknown(game),
    }
}

/// An option's name in the reader's language (a game's option, or the table's own: `timer`,
/// `level`, `bots`, `thread`).
fn option_name(key: &str) -> Arg {
    Arg::message(format!("option-{key}"))
}

/// A value's name in the reader's language: a number as a number, any other by its message
/// ([`value_key`]).
pub fn value_name(key: &str, value: &str) -> Arg {
    match value_key(key, value) {
        Some(message) => Arg::message(message),
        None => Arg::Number(value.parse().unwrap_or_default()),
    }
}

/// The message that names value `value` of option `key`: in the family its declaration names
/// (a timer by its length, `timer-5m`; a level by its name, `level-easy`), `on`, `off` and any
/// other word by `value-…`; `None` for a number.
pub fn value_key(key: &str, value: &str) -> Option<String> {
    if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let names = table_option(key).map_or("value", |o| o.names);
    Some(match value {
        "on" | "off" => format!("value-{value}"),
        _ => format!("{names}-{value}"),
    })
}

/// What an option takes, as the reader would type it (issue 46, item 13): its words, quoted
/// (`"first" or "all"`, `"on" or "off"`: the words the parser takes in every language, not
/// their names), or "a number from 1 to 99" in the reader's language.
fn allowed_words(allowed: Allowed) -> Arg {
    let typed = |word: &str| quoted(Arg::Text(word.to_owned()));
    match allowed {
        Allowed::Words(values) => Arg::Or(values.iter().map(|v| typed(v)).collect()),
        Allowed::OnOff => Arg::Or(vec![typed("on"), typed("off")]),
        Allowed::Range { min, max } => Arg::Message(
            "allowed-range".into(),
            vec![("min", Arg::Number(i64::from(min))), ("max", Arg::Number(i64::from(max)))],
        ),
    }
}

/// A value's name in the language's quotation marks.
fn quoted(name: Arg) -> Arg {
    Arg::Message("quoted".into(), vec![("item", name)])
}

/// A refused value of one of the table's own settings (`timer`, `level`, `bots`, `thread`).
fn bad_setting(key: &'static str, allowed: Allowed, value: &str) -> WordError {
    WordError::Option(OptionError::BadValue { key, allowed, got: Value::String(value.to_owned()) })
}

/// The most computers the words may ask for (`bots=N`).
const MOST_BOTS: u32 = 99;

/// The levels' words.
const LEVELS: [&str; 4] = ["easy", "normal", "hard", "expert"];

/// The levels' words of a game without an expert (Ludo, Snakes).
const LEVELS_BUT_EXPERT: [&str; 3] = ["easy", "normal", "hard"];

/// The computers' levels `kind` offers, weakest first: the expert only at Long Nardy.
pub fn levels(kind: GameKind) -> &'static [&'static str] {
    if Level::Expert.plays(kind) { &LEVELS } else { &LEVELS_BUT_EXPERT }
}

/// Applies `words` to a table's options and settings (`current`: the options as stored JSON,
/// or `None` for the defaults). A preset among the words starts again from the defaults.
/// `threads`: the chat's platform has threads (Discord); elsewhere `thread` is refused by name.
pub fn apply(
    kind: GameKind,
    current: Option<&Options>,
    settings: Settings,
    words: &[String],
    threads: bool,
) -> Result<(Options, Settings), WordError> {
    let mut settings = settings;
    let mut pairs: Vec<(String, Value)> = Vec::new();
    for raw in words {
        let word = raw.trim().to_lowercase();
        let word = word.trim_start_matches("--");
        if word.is_empty() {
            continue;
        }
        let own = |o: &&TableOption| threads || !o.threads;
        if let Some((key, value)) = word.split_once('=') {
            let table = TABLE_OPTIONS.iter().find(|o| o.key == key || o.aliases.contains(&key));
            if let Some(o) = table.filter(|o| o.value.is_some()) {
                let Some((allowed, read)) = o.value.filter(|_| own(&o)) else {
                    return Err(WordError::Unknown(raw.clone()));
                };
                // A level is refused with the levels this game has (Ludo: no expert).
                let allowed = if o.key == "level" { Allowed::Words(levels(kind)) } else { allowed };
                read(value).ok_or_else(|| bad_setting(o.key, allowed, value))?.apply(&mut settings);
            } else {
                pairs.push((key.to_owned(), crate::engine::option_value(value)));
            }
        } else if let Some(set) = (TABLE_OPTIONS.iter().filter(own))
            .find_map(|o| o.words.iter().chain(o.unlisted).find(|(w, _)| *w == word))
            .map(|(_, set)| *set)
        {
            set.apply(&mut settings);
        } else if let Some((key, value)) = registry::shorthand(kind, word) {
            pairs.push((key.to_owned(), Value::String(value.to_owned())));
        } else if let Some(o) =
            number_option(kind).filter(|_| word.bytes().all(|b| b.is_ascii_digit()))
        {
            pairs.push((o.key.to_owned(), Value::String(word.to_owned())));
        } else if keys(kind).contains(&word) {
            pairs.push((word.to_owned(), Value::Bool(true)));
        } else if let Some(key) = word.strip_prefix("no_").filter(|k| keys(kind).contains(k)) {
            pairs.push((key.to_owned(), Value::Bool(false)));
        } else {
            return Err(WordError::Unknown(raw.clone()));
        }
    }
    if !settings.level.plays(kind) {
        // Only Long Nardy has an expert: refused as a level this game does not offer.
        let word = settings.level.word();
        return Err(bad_setting("level", Allowed::Words(&LEVELS_BUT_EXPERT), word));
    }
    let preset = pairs.iter().any(|(k, _)| k == "preset");
    // The current options as `key = value` pairs, read back as their registry words.
    let mut merged: Map<String, Value> = match current {
        Some(options) if !preset => (registry::options_of(kind).iter())
            .filter_map(|o| Some((o.key.to_owned(), option_value(&options.word(o.key)?))))
            .collect(),
        _ => Map::new(),
    };
    for (key, value) in pairs {
        merged.insert(key, value);
    }
    let options = Options::parse(kind, merged.iter().map(|(k, v)| (k.as_str(), v)))
        .map_err(WordError::Option)?;
    Ok((options, settings))
}

/// The options the lobby's options panel offers, each with its values in the order a button
/// steps through them: the game's (from its registry), then the table's own that the panel
/// offers (the turn timer, the computers' level).
pub fn choices(kind: GameKind) -> Vec<(&'static str, &'static [&'static str])> {
    let options = registry::options_of(kind).iter().filter(|o| o.panel);
    let table = TABLE_OPTIONS.iter().filter(|o| o.panel).filter_map(|o| match o.value {
        Some((Allowed::Words(_), _)) if o.key == "level" => Some((o.key, levels(kind))),
        Some((Allowed::Words(values), _)) => Some((o.key, values)),
        _ => None,
    });
    options.map(|o| (o.key, o.values)).chain(table).collect()
}

/// The value option `key` has now, as a word of [`choices`] (empty if the game has no such
/// option).
pub fn current(key: &str, options: &Options, settings: Settings) -> String {
    match table_option(key) {
        Some(o) => (o.now)(settings),
        None => options.word(key).unwrap_or_default(),
    }
}

/// Steps option `k` of the panel to its next value the game accepts (a value that conflicts
/// with another option is skipped); `None` if `k` is not an option of this game.
pub fn cycle(
    kind: GameKind,
    options: &Options,
    settings: Settings,
    k: usize,
) -> Option<(Options, Settings)> {
    let (key, values) = *choices(kind).get(k)?;
    let now = current(key, options, settings);
    let at = values.iter().position(|v| *v == now).unwrap_or(values.len() - 1);
    (1..values.len()).find_map(|step| {
        let word = format!("{key}={}", values[(at + step) % values.len()]);
        apply(kind, Some(options), settings, &[word], false).ok()
    })
}

#[cfg(test)]
mod tests;
