//! `/cup <game> …`'s words: rounds, window, format and start time; the rest is the game's.

use super::{DEFAULT_WINDOW_MS, MOST_ROUNDS, WINDOW_MS};
use crate::engine::GameKind;
use crate::engine::cup::Format;
use crate::table::fail::Refusal;
use crate::table::fail::{Fail, say};
use crate::table::i18n::Arg;
use crate::table::words::Timer;

/// What `/cup <game> …` asks for, read from its words.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Plan {
    /// How many rounds, if said (a round robin plays one per opponent).
    pub(super) rounds: Option<u32>,
    /// A round's window.
    pub(super) window_ms: i64,
    /// How rounds are paired.
    pub(super) format: Format,
    /// When sign-up closes and the cup begins by itself, if said.
    pub(super) start: Option<Start>,
    /// The words left for the game's options and the tables' settings.
    pub(super) rest: Vec<String>,
}

/// A cup's start time, as said.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Start {
    /// After this long (`start=2h`).
    In(i64),
    /// At this minute of the host's day (`start=18:30`, in their `/notify tz` time).
    At(i64),
}

impl Start {
    /// The start as a time (Unix ms), from `now` and the host's offset from UTC (minutes).
    pub(super) fn at(self, now: i64, tz_min: i32) -> i64 {
        const DAY: i64 = 86_400_000;
        match self {
            Start::In(ms) => now + ms,
            Start::At(minute) => {
                let offset = i64::from(tz_min) * 60_000;
                let local = now + offset;
                let mut at = local.div_euclid(DAY) * DAY + minute * 60_000;
                if at <= local {
                    at += DAY;
                }
                at - offset
            }
        }
    }
}

/// A start word's value: a duration (`2h`) or a time of day (`18:30`).
fn start_word(value: &str) -> Option<Start> {
    let Some((hh, mm)) = value.split_once(':') else { return duration_ms(value).map(Start::In) };
    let digits = |t: &str| !t.is_empty() && t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(hh) || mm.len() != 2 || !digits(mm) {
        return None;
    }
    let (h, m): (i64, i64) = (hh.parse().ok()?, mm.parse().ok()?);
    (h < 24 && m < 60).then_some(Start::At(h * 60 + m))
}

/// Reads the cup's own words among `/cup <game>`'s: `5 rounds` (`rounds=5`), a window (`24h`,
/// `90m`, `2d`, `window=24h`), `roundrobin` (`rr`) or `swiss`, `4 seats` (`seats=4`), a start
/// time (`start=2h`, `start=18:30`). The rest are the game's options and its tables'
/// settings, as for a table.
pub(super) fn plan(game: GameKind, words: &[String]) -> Result<Plan, Fail> {
    let word_refused = |w: &str| Fail::Say(Refusal::CupWord, vec![("word", w.to_owned().into())]);
    let lower: Vec<String> = words.iter().map(|w| w.trim().to_lowercase()).collect();
    // Each setting with the words that set it: said twice differently, the words contradict
    // each other and are refused by name (issue 61: `swiss rr`, `3 rounds 5 rounds`).
    let (mut rounds, mut window_ms, mut seats, mut round_robin) = (None, None, None, None);
    let mut start = None;
    let mut rest = Vec::new();
    let mut i = 0;
    while i < lower.len() {
        let w = lower[i].as_str();
        let next = lower.get(i + 1).map(String::as_str);
        let number = w.parse::<u32>().ok().filter(|_| w.bytes().all(|b| b.is_ascii_digit()));
        let said = || words[i].clone();
        match (w, number, next) {
            (_, Some(n), Some("round" | "rounds")) => {
                once(&mut rounds, n, format!("{} {}", words[i], words[i + 1]))?;
                i += 1;
            }
            (_, Some(n), Some("seat" | "seats" | "players")) => {
                once(&mut seats, n, format!("{} {}", words[i], words[i + 1]))?;
                i += 1;
            }
            ("swiss", ..) => once(&mut round_robin, false, said())?,
            ("roundrobin" | "round-robin" | "rr", ..) => once(&mut round_robin, true, said())?,
            _ => {
                if let Some(v) = w.strip_prefix("rounds=") {
                    let n = v.parse().map_err(|_| word_refused(&words[i]))?;
                    once(&mut rounds, n, said())?;
                } else if let Some(v) = w.strip_prefix("seats=") {
                    let n = v.parse().map_err(|_| word_refused(&words[i]))?;
                    once(&mut seats, n, said())?;
                } else if let Some(v) = w.strip_prefix("start=") {
                    let at = start_word(v).ok_or_else(|| say(Refusal::CupStart))?;
                    if matches!(at, Start::In(ms) if !WINDOW_MS.contains(&ms)) {
                        return Err(say(Refusal::CupStart));
                    }
                    once(&mut start, at, said())?;
                } else if let Some(ms) = duration_ms(w.strip_prefix("window=").unwrap_or(w)) {
                    once(&mut window_ms, ms, said())?;
                } else if w.starts_with("window=") || looks_like_a_time(w) {
                    return Err(say(Refusal::CupWindow));
                } else {
                    rest.push(words[i].clone());
                }
            }
        }
        i += 1;
    }
    let (rounds, window_ms, seats) =
        (rounds.map(|s| s.0), window_ms.map(|s| s.0), seats.map(|s: (u32, _)| s.0));
    let (round_robin, start) = (round_robin.is_some_and(|s| s.0), start.map(|s| s.0));
    if rounds.is_some_and(|r| r == 0 || r > MOST_ROUNDS) {
        return Err(Fail::Say(Refusal::CupRounds, vec![("max", Arg::Number(MOST_ROUNDS.into()))]));
    }
    let window_ms = window_ms.unwrap_or(DEFAULT_WINDOW_MS);
    if !WINDOW_MS.contains(&window_ms) {
        return Err(say(Refusal::CupWindow));
    }
    let most = *game.players().end();
    let seats = seats.map_or(if game == GameKind::Nardy { 2 } else { 4.min(most) }, |s| s as usize);
    if !game.players().contains(&seats) {
        let range = [
            ("min", Arg::Number(*game.players().start() as i64)),
            ("max", Arg::Number(most as i64)),
        ];
        return Err(Fail::Say(Refusal::CupSeats, range.to_vec()));
    }
    let format = match (seats, round_robin) {
        (2, true) => Format::RoundRobin,
        (2, false) => Format::Swiss,
        (_, true) => return Err(say(Refusal::CupRoundRobin)),
        (n, false) => Format::Tables(n as u8),
    };
    Ok(Plan { rounds, window_ms, format, start, rest })
}

/// Sets a cup's setting once: said again with the same value it stays; with another, the two
/// words are refused together (`err-cup-contradiction`).
fn once<T: PartialEq>(slot: &mut Option<(T, String)>, value: T, said: String) -> Result<(), Fail> {
    match slot {
        Some((was, _)) if *was == value => Ok(()),
        Some((_, first)) => Err(Fail::Say(
            Refusal::CupContradiction,
            vec![("first", first.clone().into()), ("second", said.into())],
        )),
        None => {
            *slot = Some((value, said));
            Ok(())
        }
    }
}

/// A word that is a number with a unit the cup does not know (`5s`, `3w`): a round's time
/// said wrong, not a table's option.
fn looks_like_a_time(word: &str) -> bool {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && digits < word.len() && word[digits..].bytes().all(|b| b.is_ascii_alphabetic())
}

/// A duration word: `90m`, `24h`, `2d`.
fn duration_ms(word: &str) -> Option<i64> {
    let unit = match word.chars().last()? {
        'm' => 60_000,
        'h' => 3_600_000,
        'd' => 86_400_000,
        _ => return None,
    };
    let digits = &word[..word.len() - 1];
    if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse::<i64>().ok().map(|n| n * unit)
}

/// The turn timer of a cup's tables (T7): the longest of the timers that is at most an eighth
/// of the window (the shortest, one minute, for windows under eight minutes).
pub(super) fn fitted_timer(window_ms: i64) -> Timer {
    [Timer::Day, Timer::Hour, Timer::FiveMinutes, Timer::Minute]
        .into_iter()
        .find(|t| t.millis().is_some_and(|ms| ms * 8 <= window_ms))
        .unwrap_or(Timer::Minute)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(game: GameKind, text: &str) -> Plan {
        match plan(game, &words(text)) {
            Ok(p) => p,
            Err(_) => panic!("{text} was refused"),
        }
    }

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn a_cups_words_are_read_and_the_rest_left_for_the_game() {
        let p = read(GameKind::Nardy, "5 rounds 24h 3");
        assert_eq!((p.rounds, p.window_ms, p.format), (Some(5), 86_400_000, Format::Swiss));
        assert_eq!(p.rest, ["3"], "a bare number is the match length, as for a table");
        let p = read(GameKind::Ludo, "rounds=4 90m");
        assert_eq!((p.rounds, p.window_ms, p.format), (Some(4), 5_400_000, Format::Tables(4)));
        let p = read(GameKind::Ludo, "2 seats rr bots=3");
        assert_eq!((p.format, p.rest.clone()), (Format::RoundRobin, words("bots=3")));
        assert_eq!(read(GameKind::Snakes, "6 seats 2d").format, Format::Tables(6));
        let refused = |g, w: &str| match plan(g, &words(w)) {
            Err(Fail::Say(refusal, _)) => refusal.key(),
            _ => panic!("{w} was not refused by name"),
        };
        assert_eq!(refused(GameKind::Nardy, "0 rounds"), "err-cup-rounds");
        assert_eq!(refused(GameKind::Nardy, "16 rounds"), "err-cup-rounds");
        assert_eq!(refused(GameKind::Nardy, "30d"), "err-cup-window");
        assert_eq!(refused(GameKind::Nardy, "4 seats"), "err-cup-seats");
        assert_eq!(refused(GameKind::Ludo, "4 seats rr"), "err-cup-round-robin");
        assert_eq!(refused(GameKind::Ludo, "rounds=x"), "err-cup-word");
        // Issue 61: words that contradict each other are refused, naming both.
        for contradiction in
            ["swiss rr", "3 rounds 5 rounds", "rounds=3 4 rounds", "24h 2d", "2 seats seats=4"]
        {
            match plan(GameKind::Ludo, &words(contradiction)) {
                Err(Fail::Say(Refusal::CupContradiction, args)) => {
                    assert_eq!(args.len(), 2, "{contradiction}");
                }
                _ => panic!("{contradiction} was not refused as a contradiction"),
            }
        }
        assert_eq!(refused(GameKind::Nardy, "start=2h start=18:30"), "err-cup-contradiction");
        // The same thing said twice is no contradiction.
        assert_eq!(read(GameKind::Nardy, "5 rounds rounds=5 swiss swiss").rounds, Some(5));
    }

    #[test]
    fn a_start_time_is_a_wait_or_a_time_of_the_hosts_day() {
        assert_eq!(read(GameKind::Nardy, "start=2h").start, Some(Start::In(7_200_000)));
        assert_eq!(read(GameKind::Nardy, "start=18:30").start, Some(Start::At(18 * 60 + 30)));
        assert_eq!(read(GameKind::Nardy, "5 rounds").start, None);
        for bad in ["start=24:00", "start=7:5", "start=x", "start=30s", "start=8d", "start="] {
            match plan(GameKind::Nardy, &words(bad)) {
                Err(Fail::Say(refusal, _)) => assert_eq!(refusal, Refusal::CupStart, "{bad}"),
                _ => panic!("{bad} was not refused by name"),
            }
        }
        // 2026-12-05 10:00 UTC; the host is at UTC+3:30 (13:30 there).
        let now = 1_796_464_800_000;
        assert_eq!(Start::At(18 * 60 + 30).at(now, 210), now + 5 * 3_600_000, "today at 18:30");
        assert_eq!(Start::At(12 * 60).at(now, 210), now + 22 * 3_600_000 + 1_800_000, "tomorrow");
        assert_eq!(Start::At(9 * 60).at(now, -300), now + 4 * 3_600_000, "09:00 at UTC−5");
        assert_eq!(Start::In(60_000).at(now, 210), now + 60_000);
    }

    #[test]
    fn the_turn_timer_fits_the_window_t7() {
        assert_eq!(fitted_timer(86_400_000), Timer::Hour, "a day: an hour a move");
        assert_eq!(fitted_timer(8 * 86_400_000), Timer::Day, "eight days: a day a move");
        assert_eq!(fitted_timer(3_600_000), Timer::FiveMinutes);
        assert_eq!(fitted_timer(60_000), Timer::Minute);
    }
}
