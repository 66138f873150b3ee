//! Table options as players type them: `/snakes quick bounce 5m`, `/ludo capture all`,
//! `/nardy 3 lower`, or `key=value` for anything.
//!
//! Words become the engine's `key = value` pairs (see [`crate::engine::Options::parse`]) plus
//! the table's own turn timer. A word that means nothing is refused by name, never ignored.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::engine::computer::Level;
use crate::engine::registry;
use crate::engine::snakes::BoardGenerator;
use crate::engine::{GameKind, OptionError, Options, option_value};

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

/// The shorthand words of a game, for help and refusals, as a chat on a platform with threads
/// (Discord) or without them sees them: `thread` only where it means something.
pub fn known_words(kind: GameKind, threads: bool) -> String {
    let mut game = registry::shorthand_words(kind);
    if kind == GameKind::Nardy {
        game.push_str(", a match length (1–99)");
    }
    let thread = if threads { ", thread" } else { "" };
    format!(
        "{game}, 1m, 5m, 1h, 24h, notimer, private{thread}, bot, bots, bots=N, easy, normal, \
         hard, key=value"
    )
}

/// Applies `words` to a table's options and settings (`current`: the options as stored JSON,
/// or `None` for the defaults). A preset among the words starts again from the defaults.
pub fn apply(
    kind: GameKind,
    current: Option<&Options>,
    settings: Settings,
    words: &[String],
) -> Result<(Options, Settings), WordError> {
    let mut settings = settings;
    let mut pairs: Vec<(String, Value)> = Vec::new();
    for raw in words {
        let word = raw.trim().to_lowercase();
        let word = word.trim_start_matches("--");
        if word.is_empty() {
            continue;
        }
        if let Some((key, value)) = word.split_once('=') {
            if key == "thread" {
                settings.thread = matches!(value, "on" | "true" | "yes");
            } else if key == "timer" {
                settings.timer =
                    Timer::from_word(value).ok_or_else(|| WordError::Unknown(raw.clone()))?;
            } else if key == "level" {
                settings.level =
                    Level::from_word(value).ok_or_else(|| WordError::Unknown(raw.clone()))?;
            } else if key == "bots" || key == "bot" {
                let n = value.parse::<u8>().ok().filter(|n| *n < 100);
                settings.bots = Some(n.ok_or_else(|| WordError::Unknown(raw.clone()))?);
            } else {
                pairs.push((key.to_owned(), crate::engine::option_value(value)));
            }
        } else if let Some(timer) = Timer::from_word(word) {
            settings.timer = timer;
        } else if word == "notimer" {
            settings.timer = Timer::Off;
        } else if let Some(level) = Level::from_word(word) {
            settings.level = level;
        } else if word == "bot" {
            settings.bots = Some(settings.bots.unwrap_or(0).saturating_add(1));
        } else if word == "bots" {
            settings.bots = Some(u8::MAX);
        } else if word == "private" {
            settings.private = true;
        } else if word == "thread" {
            settings.thread = true;
        } else if let Some((key, value)) = registry::shorthand(kind, word) {
            pairs.push((key.to_owned(), Value::String(value.to_owned())));
        } else if kind == GameKind::Nardy && word.bytes().all(|b| b.is_ascii_digit()) {
            pairs.push(("match_to".into(), Value::String(word.to_owned())));
        } else if keys(kind).contains(&word) {
            pairs.push((word.to_owned(), Value::Bool(true)));
        } else if let Some(key) = word.strip_prefix("no_").filter(|k| keys(kind).contains(k)) {
            pairs.push((key.to_owned(), Value::Bool(false)));
        } else {
            return Err(WordError::Unknown(raw.clone()));
        }
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
/// steps through them (the game's option registry); the turn timer last.
pub fn choices(kind: GameKind) -> Vec<(&'static str, &'static [&'static str])> {
    const TIMER: (&str, &[&str]) = ("timer", &["off", "1m", "5m", "1h", "24h"]);
    let options = registry::options_of(kind).iter().filter(|o| o.panel);
    options.map(|o| (o.key, o.values)).chain([TIMER]).collect()
}

/// The value option `key` has now, as a word of [`choices`] (empty if the game has no such
/// option).
pub fn current(key: &str, options: &Options, settings: Settings) -> String {
    if key == "timer" {
        return settings.timer.word().to_owned();
    }
    options.word(key).unwrap_or_default()
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
        apply(kind, Some(options), settings, &[word]).ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ludo::Until;
    use crate::engine::snakes::Finish;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    /// Every option of every game's registry, and every value, has its words in all four
    /// languages: its name, each value's name, and the rule line the `/rules` text shows.
    #[test]
    fn every_option_and_value_has_its_words_in_every_language() {
        use crate::table::i18n::{Arg, I18n, Lang};
        let i18n = I18n::new();
        let points = [("points", Arg::Number(5))];
        for kind in [GameKind::Snakes, GameKind::Ludo, GameKind::Nardy] {
            for (key, values) in choices(kind) {
                for lang in Lang::ALL {
                    let has = |k: &str, args: &[(&str, Arg)]| {
                        assert!(i18n.format(lang, k, args).is_some(), "{lang:?} lacks {k}");
                    };
                    has(&format!("option-{key}"), &[]);
                    for value in values {
                        match (key, *value) {
                            ("timer", "off") => has("value-off", &[]),
                            ("timer", v) => has(&format!("timer-{v}"), &[]),
                            (_, "1") => has(&format!("rule-{key}-1"), &[]),
                            (_, v) if v.bytes().all(|b| b.is_ascii_digit()) => {
                                has(&format!("rule-{key}"), &points)
                            }
                            (_, v) => {
                                has(&format!("value-{v}"), &[]);
                                has(&format!("rule-{key}-{v}"), &[]);
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn s2_a_stored_table_keeps_the_board_generator_it_was_created_with() {
        // Stored before generators had names: the first generator, so its game replays.
        let old: Settings = serde_json::from_str(r#"{"timer":"off"}"#).unwrap();
        assert_eq!(old.boards, BoardGenerator::Original);
        // A new table takes the current one and keeps it through a save.
        let new = Settings::default();
        assert_eq!(new.boards, BoardGenerator::CURRENT);
        let saved: Settings = serde_json::from_str(&serde_json::to_string(&new).unwrap()).unwrap();
        assert_eq!(saved, new);
    }

    #[test]
    fn the_panel_steps_each_option_through_its_values() {
        for kind in [GameKind::Snakes, GameKind::Ludo, GameKind::Nardy] {
            for (k, (key, values)) in choices(kind).iter().enumerate() {
                let (mut options, mut settings) = (Options::default_for(kind), Settings::default());
                let mut seen = Vec::new();
                for _ in 0..values.len() {
                    let Some(next) = cycle(kind, &options, settings, k) else {
                        // Three sixes only count with the bonus six (S11), off by default.
                        assert_eq!(*key, "three_sixes", "{kind:?}");
                        break;
                    };
                    (options, settings) = next;
                    seen.push(current(key, &options, settings));
                }
                if *key != "three_sixes" {
                    seen.sort();
                    let mut all = values.to_vec();
                    all.sort();
                    assert_eq!(seen, all, "{kind:?} {key}");
                }
            }
            assert!(cycle(kind, &Options::default_for(kind), Settings::default(), 9).is_none());
        }
    }

    #[test]
    fn shorthands_timers_and_pairs() {
        let (o, s) =
            apply(GameKind::Snakes, None, Settings::default(), &words("bounce 5m bonus")).unwrap();
        let Options::Snakes(o) = o else { panic!() };
        assert_eq!((o.finish, o.bonus_six, s.timer), (Finish::Bounce, true, Timer::FiveMinutes));
        let (o, s) =
            apply(GameKind::Ludo, None, Settings::default(), &words("all timer=off")).unwrap();
        assert_eq!(
            (o, s.timer),
            (
                Options::Ludo(crate::engine::ludo::LudoOptions {
                    until: Until::All,
                    ..Default::default()
                }),
                Timer::Off
            )
        );
        let (o, _) = apply(GameKind::Nardy, None, Settings::default(), &words("5 lower")).unwrap();
        let Options::Nardy(o) = o else { panic!() };
        assert_eq!(o.match_to, 5);
    }

    #[test]
    fn current_options_are_kept_unless_a_preset_resets_them() {
        let (first, _) =
            apply(GameKind::Snakes, None, Settings::default(), &words("bounce")).unwrap();
        let (again, _) =
            apply(GameKind::Snakes, Some(&first), Settings::default(), &words("random")).unwrap();
        let Options::Snakes(o) = again else { panic!() };
        assert_eq!(o.finish, Finish::Bounce);
    }

    #[test]
    fn unknown_words_and_bad_values_are_refused_by_name() {
        let e =
            apply(GameKind::Ludo, None, Settings::default(), &words("capture zzz")).unwrap_err();
        assert_eq!(e, WordError::Unknown("zzz".into()));
        assert!(matches!(
            apply(GameKind::Nardy, None, Settings::default(), &words("500")),
            Err(WordError::Option(_))
        ));
        assert!(matches!(
            apply(GameKind::Snakes, None, Settings::default(), &words("timer=2m")),
            Err(WordError::Unknown(_))
        ));
    }

    #[test]
    fn thread_is_offered_only_where_there_are_threads() {
        for kind in GameKind::ALL {
            assert!(known_words(kind, true).contains("thread"));
            assert!(!known_words(kind, false).contains("thread"), "{kind:?}");
            // Every word offered is one the table knows (it may conflict with the defaults).
            for word in known_words(kind, true).split(", ") {
                if !word.contains(' ') && word != "key=value" && word != "bots=N" {
                    let applied = apply(kind, None, Settings::default(), &[word.to_owned()]);
                    assert!(!matches!(applied, Err(WordError::Unknown(_))), "{kind:?} {word}");
                }
            }
        }
    }
}
