//! Every word a player reads, in English, Persian, Russian and Tagalog (Fluent files in
//! `assets/locales/`). No player-facing sentence lives in code: the table service asks this
//! module to narrate events and to explain refusals.
//!
//! Numbers reach Persian messages already written in Persian digits; Russian messages get real
//! numbers, so that plural forms are chosen right. Placeables are wrapped in Unicode isolation
//! marks (Fluent's default), so a Persian name inside an English sentence, or the reverse, keeps
//! its own direction.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

use crate::engine::nardy::StepBlocked;
use crate::engine::{Blocked, DiceLostReason, Event, Illegal, LeaveReason, NoMoveReason, Seat};
use crate::ids::TableId;
use crate::render::text::number;

/// Commands and option words in a right-to-left sentence (`/snakes quick bounce 5m`) set
/// apart as left-to-right islands (Unicode isolates), so they read `/snakes` and not
/// `snakes/`, and keep their words in order, on every platform.
pub fn isolate_commands(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(at) = rest.find('/') {
        let (before, from) = rest.split_at(at);
        out.push_str(before);
        // A command starts a word; what follows in ASCII (words, spaces, `=`, `|`) goes with
        // it, trailing spaces left out.
        let starts_word = before.chars().next_back().is_none_or(|c| !c.is_alphanumeric());
        let len = from[1..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || " _=|.-@".contains(c)))
            .map_or(from.len(), |n| n + 1);
        let run = from[..len].trim_end();
        if !starts_word || run.len() < 2 || !run[1..].starts_with(|c: char| c.is_ascii_alphabetic())
        {
            out.push('/');
            rest = &from[1..];
            continue;
        }
        out.push('\u{2066}');
        out.push_str(run);
        out.push('\u{2069}');
        rest = &from[run.len()..];
    }
    out.push_str(rest);
    out
}

/// The languages players speak.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Persian (Farsi).
    Fa,
    /// Russian.
    Ru,
    /// Tagalog (Filipino).
    Tl,
}

impl Lang {
    /// Every language.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Fa, Lang::Ru, Lang::Tl];

    /// The language's code: en, fa, ru, tl.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fa => "fa",
            Lang::Ru => "ru",
            Lang::Tl => "tl",
        }
    }

    /// The language of a locale tag from a chat platform (`ru-RU`, `fa`, `fil`, …), if we speak it.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "fa" | "per" | "fas" => Some(Lang::Fa),
            "ru" => Some(Lang::Ru),
            "tl" | "fil" => Some(Lang::Tl),
            _ => None,
        }
    }

    /// Whether numbers are written in Persian digits.
    pub fn persian_digits(self) -> bool {
        self == Lang::Fa
    }

    fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../assets/locales/en.ftl"),
            Lang::Fa => include_str!("../../assets/locales/fa.ftl"),
            Lang::Ru => include_str!("../../assets/locales/ru.ftl"),
            Lang::Tl => include_str!("../../assets/locales/tl.ftl"),
        }
    }
}

/// A message argument.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// Text, such as a player's name.
    Text(String),
    /// A number (written in the language's digits).
    Number(i64),
    /// Another message of the same language, with its arguments: how the table words data
    /// (an option's name, a value's name) in the reader's language.
    Message(String, Vec<(&'static str, Arg)>),
    /// Alternatives, joined the language's way: "a, b or c" (`list-separator`, `list-or`).
    Or(Vec<Arg>),
    /// A list, joined by the language's comma (`list-separator`).
    List(Vec<Arg>),
}

impl Arg {
    /// The message `key` with no arguments, in the reader's language.
    pub fn message(key: impl Into<String>) -> Self {
        Arg::Message(key.into(), Vec::new())
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Self {
        Arg::Text(s.to_owned())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Self {
        Arg::Text(s)
    }
}

impl From<i64> for Arg {
    fn from(n: i64) -> Self {
        Arg::Number(n)
    }
}

/// A table's number, as players see it (`/status 12`).
impl From<TableId> for Arg {
    fn from(table: TableId) -> Self {
        Arg::Number(table.get())
    }
}

impl From<u8> for Arg {
    fn from(n: u8) -> Self {
        Arg::Number(i64::from(n))
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Self {
        Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Self {
        Arg::Number(i64::from(n))
    }
}

/// The argument every message may select on: the chat platform (`discord`, or `other` when
/// not given).
pub const PLATFORM: &str = "platform";

/// How a Persian message writes a number argument: in Persian digits (other values as
/// Fluent writes them).
fn persian_number<M>(value: &FluentValue, _: &M) -> Option<String> {
    match value {
        FluentValue::Number(n) => Some(number(n.value as i64, true)),
        _ => None,
    }
}

/// The translations, loaded once.
pub struct I18n {
    bundles: Vec<(Lang, FluentBundle<FluentResource>)>,
}

impl Default for I18n {
    fn default() -> Self {
        Self::new()
    }
}

impl I18n {
    /// Parses the embedded Fluent files. They are part of the program, and a test parses them
    /// all, so a syntax error here is a bug caught before release.
    pub fn new() -> Self {
        let bundles = Lang::ALL
            .iter()
            .map(|&lang| {
                let id: LanguageIdentifier = lang.code().parse().expect("language codes are valid");
                let mut bundle = FluentBundle::new_concurrent(vec![id]);
                let resource = FluentResource::try_new(lang.source().to_owned())
                    .unwrap_or_else(|(resource, _)| resource);
                // Duplicate keys are reported by the tests; keep the first.
                let _ = bundle.add_resource(resource);
                // Numbers stay numbers, so that a message may select on them (`[0]`, `[one]`);
                // Persian writes them in its own digits.
                if lang.persian_digits() {
                    bundle.set_formatter(Some(persian_number as _));
                }
                (lang, bundle)
            })
            .collect();
        Self { bundles }
    }

    fn bundle(&self, lang: Lang) -> &FluentBundle<FluentResource> {
        &self.bundles.iter().find(|(l, _)| *l == lang).unwrap_or(&self.bundles[0]).1
    }

    /// The message `key` in `lang`, with arguments. A missing key falls back to English, then
    /// to the key itself, so a player always reads something.
    pub fn text(&self, lang: Lang, key: &str, args: &[(&str, Arg)]) -> String {
        self.format(lang, key, args)
            .or_else(|| self.format(Lang::En, key, args))
            .unwrap_or_else(|| key.to_owned())
    }

    /// The message, or `None` if the language lacks it or it does not format cleanly.
    pub fn format(&self, lang: Lang, key: &str, args: &[(&str, Arg)]) -> Option<String> {
        let bundle = self.bundle(lang);
        let pattern = bundle.get_message(key)?.value()?;
        let mut fluent_args = FluentArgs::new();
        // The chat platform a sentence may select on (`{ $platform -> [discord] … *[other] … }`:
        // Discord says "channel" and "server" where the others say "chat"); `other` unless told.
        fluent_args.set(PLATFORM, FluentValue::from("other"));
        for (name, arg) in args {
            let value = match arg {
                Arg::Number(n) => FluentValue::from(*n),
                other => FluentValue::from(self.words_of(lang, other)?),
            };
            fluent_args.set(*name, value);
        }
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
        if !errors.is_empty() {
            return None;
        }
        Some(if lang == Lang::Fa { isolate_commands(&text) } else { text.into_owned() })
    }

    /// An argument as text in `lang`; `None` if a message it names is missing.
    fn words_of(&self, lang: Lang, arg: &Arg) -> Option<String> {
        let join = |items: &[Arg], last: &str| -> Option<String> {
            let words = items.iter().map(|a| self.words_of(lang, a)).collect::<Option<Vec<_>>>()?;
            let separator = self.format(lang, "list-separator", &[])?;
            Some(match words.split_last() {
                Some((only, [])) => only.clone(),
                Some((end, rest)) => {
                    let last = self.format(lang, last, &[])?;
                    format!("{}{last}{end}", rest.join(&separator))
                }
                None => String::new(),
            })
        };
        match arg {
            Arg::Text(s) => Some(s.clone()),
            Arg::Number(n) => Some(number(n, lang.persian_digits())),
            Arg::Message(key, args) => self.format(lang, key, args),
            Arg::Or(items) => join(items, "list-or"),
            Arg::List(items) => join(items, "list-separator"),
        }
    }

    /// Why an action was refused, for the player who tried it. `names` are the players by seat.
    pub fn refusal(&self, lang: Lang, illegal: &Illegal, names: &[String]) -> String {
        let name = |seat: Seat| seat_name(names, seat);
        let (key, args): (&str, Vec<(&str, Arg)>) = match *illegal {
            Illegal::GameOver => ("refusal-game-over", vec![]),
            Illegal::RollExpected => ("refusal-roll-expected", vec![]),
            Illegal::MoveExpected => ("refusal-move-expected", vec![]),
            Illegal::StepExpected => ("refusal-step-expected", vec![]),
            Illegal::DiceCount { expected, got } => (
                "refusal-dice-count",
                vec![("expected", Arg::Number(expected as i64)), ("got", Arg::Number(got as i64))],
            ),
            Illegal::BadDie(d) => ("refusal-bad-die", vec![("die", d.into())]),
            Illegal::NoSuchSeat(_) => ("refusal-no-such-seat", vec![]),
            Illegal::AlreadyLeft(seat) => {
                ("refusal-already-left", vec![("name", name(seat).into())])
            }
            Illegal::WrongGame => ("refusal-wrong-game", vec![]),
            Illegal::NoSuchPiece(p) => {
                ("refusal-no-such-piece", vec![("piece", Arg::Number(i64::from(p) + 1))])
            }
            Illegal::PieceCannotMove { piece, why } => {
                let key = match why {
                    Blocked::NeedsSix => "refusal-piece-needs-six",
                    Blocked::StartOccupied => "refusal-piece-start-occupied",
                    Blocked::OwnPiece => "refusal-piece-own-piece",
                    Blocked::PastGoal => "refusal-piece-past-goal",
                    Blocked::MustCapture => "refusal-piece-must-capture",
                    Blocked::MustEnter => "refusal-piece-must-enter",
                };
                (key, vec![("piece", Arg::Number(i64::from(piece) + 1))])
            }
            Illegal::StepNotAllowed { from, die, why } => {
                let key = match why {
                    StepBlocked::NoSuchDie => "refusal-step-no-such-die",
                    StepBlocked::NoChecker => "refusal-step-no-checker",
                    StepBlocked::Occupied => "refusal-step-occupied",
                    StepBlocked::Head => "refusal-step-head",
                    StepBlocked::SixBlock => "refusal-step-six-block",
                    StepBlocked::NotHome => "refusal-step-not-home",
                    StepBlocked::HigherPoint => "refusal-step-higher-point",
                    StepBlocked::FullMove => "refusal-step-full-move",
                    StepBlocked::LargerDie => "refusal-step-larger-die",
                };
                (key, vec![("point", from.into()), ("die", die.into())])
            }
        };
        self.text(lang, key, &args)
    }

    /// One event in words, or `None` for events a chat need not be told separately.
    pub fn event(&self, lang: Lang, event: &Event, names: &[String]) -> Option<String> {
        let name = |seat: Seat| Arg::Text(seat_name(names, seat));
        let dice = |dice: &[u8]| {
            Arg::Text(
                dice.iter()
                    .map(|&d| number(d, lang.persian_digits()))
                    .collect::<Vec<_>>()
                    .join(" + "),
            )
        };
        let (key, args): (&str, Vec<(&str, Arg)>) = match event {
            Event::Rolled { seat, dice: d } => {
                ("event-rolled", vec![("name", name(*seat)), ("dice", dice(d))])
            }
            Event::Moved { seat, from, to } => (
                "event-moved",
                vec![("name", name(*seat)), ("from", (*from).into()), ("to", (*to).into())],
            ),
            Event::Bounced { seat, to, .. } => {
                ("event-bounced", vec![("name", name(*seat)), ("to", (*to).into())])
            }
            Event::Climbed { seat, from, to } => (
                "event-climbed",
                vec![("name", name(*seat)), ("from", (*from).into()), ("to", (*to).into())],
            ),
            Event::Slid { seat, from, to } => (
                "event-slid",
                vec![("name", name(*seat)), ("from", (*from).into()), ("to", (*to).into())],
            ),
            Event::NoMove { seat, reason } => {
                let key = match reason {
                    NoMoveReason::Overshoot => "event-no-move-overshoot",
                    NoMoveReason::Locked => "event-no-move-locked",
                    NoMoveReason::NoLegalMove => "event-no-move-blocked",
                };
                (key, vec![("name", name(*seat))])
            }
            Event::ExtraRoll { seat } => ("event-extra-roll", vec![("name", name(*seat))]),
            Event::SentBack { seat, .. } => ("event-sent-back", vec![("name", name(*seat))]),
            Event::Locked { seat } => ("event-locked", vec![("name", name(*seat))]),
            Event::Unlocked { seat } => ("event-unlocked", vec![("name", name(*seat))]),
            Event::Turn { seat } => ("event-turn", vec![("name", name(*seat))]),
            Event::Finished { seat } => ("event-finished", vec![("name", name(*seat))]),
            Event::Left { seat, reason } => {
                let key = match reason {
                    LeaveReason::Resigned => "event-left-resigned",
                    LeaveReason::Kicked => "event-left-kicked",
                    LeaveReason::TimedOut => "event-left-timed-out",
                };
                (key, vec![("name", name(*seat))])
            }
            Event::GameOver { ranking } => {
                let mut order: Vec<(u8, usize)> =
                    ranking.iter().enumerate().map(|(s, &r)| (r, s)).collect();
                order.sort();
                let mut lines = vec![self.text(lang, "event-game-over", &[])];
                for (rank, seat) in order {
                    lines.push(self.text(
                        lang,
                        "event-rank",
                        &[("rank", rank.into()), ("name", name(seat as Seat))],
                    ));
                }
                return Some(lines.join("\n"));
            }
            Event::RollOff { rolls } => {
                let text = rolls
                    .iter()
                    .map(|&[seat, die]| {
                        format!(
                            "{} {}",
                            super::shown_name(&seat_name(names, seat)),
                            number(die, lang.persian_digits())
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(", ");
                ("event-roll-off", vec![("rolls", Arg::Text(text))])
            }
            Event::RollOffAgain { seats } => {
                let text = seats
                    .iter()
                    .map(|&s| super::shown_name(&seat_name(names, s)))
                    .collect::<Vec<_>>()
                    .join(", ");
                ("event-roll-off-again", vec![("names", Arg::Text(text))])
            }
            Event::Colours { white } => ("event-colours", vec![("name", name(*white))]),
            Event::Entered { seat, piece } => (
                "event-entered",
                vec![("name", name(*seat)), ("piece", Arg::Number(i64::from(*piece) + 1))],
            ),
            Event::PieceMoved { seat, piece, from, to } => (
                "event-piece-moved",
                vec![
                    ("name", name(*seat)),
                    ("piece", Arg::Number(i64::from(*piece) + 1)),
                    ("steps", Arg::Number(i64::from(*to - *from))),
                ],
            ),
            Event::Captured { seat, piece, by } => (
                "event-captured",
                vec![
                    ("name", name(*seat)),
                    ("piece", Arg::Number(i64::from(*piece) + 1)),
                    ("by", name(*by)),
                ],
            ),
            Event::TryAgain { seat, try_number } => {
                ("event-try-again", vec![("name", name(*seat)), ("try", (*try_number).into())])
            }
            Event::Forfeit { seat } => ("event-forfeit", vec![("name", name(*seat))]),
            Event::Stepped { seat, from, to: Some(to), .. } => (
                "event-stepped",
                vec![("name", name(*seat)), ("from", (*from).into()), ("to", (*to).into())],
            ),
            Event::Stepped { seat, from, to: None, .. } => {
                ("event-borne-off", vec![("name", name(*seat)), ("from", (*from).into())])
            }
            Event::DiceLost { seat, dice: d, reason } => {
                let key = match reason {
                    DiceLostReason::Blocked => "event-dice-lost-blocked",
                    DiceLostReason::OneDieOnly => "event-dice-lost-one-die",
                };
                (key, vec![("name", name(*seat)), ("dice", dice(d))])
            }
            Event::GameWon { seat, points, mars, .. } => {
                let key = if *mars { "event-game-won-mars" } else { "event-game-won" };
                (key, vec![("name", name(*seat)), ("points", (*points).into())])
            }
            Event::NewGame { number: n } => ("event-new-game", vec![("number", (*n).into())]),
        };
        Some(self.text(lang, key, &args))
    }
}

/// A seat's player name, or "?" for a seat the caller did not name.
fn seat_name(names: &[String], seat: Seat) -> String {
    names.get(usize::from(seat)).cloned().unwrap_or_else(|| "?".into())
}

#[cfg(test)]
mod tests;
