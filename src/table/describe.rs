//! Every board in words (issue 48): what a board's picture shows, made from the game's state in
//! the reader's language, for a screen reader and for anyone without the picture (Discord's
//! attachment description, Telegram's caption quote, the pages' `alt` text). It says whose turn
//! it is first (the board's last line), then what just happened (the board's other lines), then
//! where every piece is: Snakes, each player's square; Ludo, each piece in the house, on the
//! track (its square as its player counts it, from their own start), or on the goal's squares
//! 1–4; Nardy, each side's checkers point by point in the order that side travels (from its
//! head), numbered as the board and the buttons number them, those borne off, each side's pip
//! count, and the match score.
//!
//! A description is made once, as [`Words`], and fitted to each platform's room as that
//! platform counts (issue 61): the whose-turn line is never dropped; where the places do not
//! fit they are said densely (a player's pieces on one square named together); where even that
//! does not fit, whole players are said (the one to move first) and the rest are named as
//! waiting in `/board text`. A word is never cut.

use super::i18n::{Arg, I18n, Lang, PLATFORM};
use crate::engine::nardy::{Colour, Nardy};
use crate::engine::{Action, Event, Game, ludo::Ludo, snakes::Snakes};

/// The most characters an attachment's description may have on Discord.
pub const DESCRIPTION_MAX: usize = 1024;

/// How a platform counts a text's length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Units {
    /// Characters (Unicode scalar values): Discord.
    Chars,
    /// UTF-16 code units: Telegram (a caption's 1,024, a message's 4,096).
    Utf16,
}

impl Units {
    /// `text`'s length as the platform counts it.
    pub fn of(self, text: &str) -> usize {
        match self {
            Units::Chars => text.chars().count(),
            Units::Utf16 => text.encode_utf16().count(),
        }
    }
}

/// A board in words, in the parts a platform's room is fitted from ([`Words::within`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Words {
    /// The board's own lines, oldest first; the last says whose turn it is (or how the game
    /// ended), and leads every description.
    lines: Vec<String>,
    /// "Where everyone is:".
    heading: String,
    /// How places are counted, then one line a player (Nardy: a side, then the match score).
    full: Places,
    /// The same, denser: a player's pieces on one square named together.
    dense: Places,
    /// The line of the player to move, first kept when not every player fits.
    mover: Option<usize>,
    /// "N more players' places: /board text", for N = 1, 2, … players not said.
    more: Vec<String>,
}

/// Where everyone is: how places are counted, and one line a player.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Places {
    counting: Vec<String>,
    players: Vec<String>,
}

impl Places {
    fn lines(&self) -> impl Iterator<Item = &String> {
        self.counting.iter().chain(&self.players)
    }
}

impl Words {
    /// The words of `game`'s board for a reader of `lang`: `lines` are the board's own (the
    /// last moves, and last whose turn it is). `discord` names Discord's command for the board
    /// as text where the places do not all fit.
    pub fn new(
        i18n: &I18n,
        lang: Lang,
        game: &Game,
        names: &[String],
        lines: &[String],
        discord: bool,
    ) -> Self {
        let name = |seat: usize| names.get(seat).cloned().unwrap_or_else(|| "?".into());
        let (full, dense) = match game {
            Game::Snakes(g) => {
                let places = Places { counting: Vec::new(), players: snakes(i18n, lang, g, &name) };
                (places.clone(), places)
            }
            Game::Ludo(g) => (ludo(i18n, lang, g, &name, false), ludo(i18n, lang, g, &name, true)),
            Game::Nardy(g) => {
                let places = nardy(i18n, lang, g, &name);
                (places.clone(), places)
            }
        };
        let platform = if discord { "discord" } else { "other" };
        let more = (1..=full.players.len() as i64)
            .map(|n| {
                let args = [("count", Arg::Number(n)), (PLATFORM, Arg::Text(platform.into()))];
                i18n.text(lang, "describe-more", &args)
            })
            .collect();
        let mover = match game {
            Game::Nardy(_) => None,
            _ => game.legal().to_move().map(usize::from),
        };
        Words {
            lines: lines.to_vec(),
            heading: i18n.text(lang, "describe-where", &[]),
            full: full.bare(),
            dense: dense.bare(),
            mover,
            more,
        }
    }

    /// Everything, with no limit (a web page's `alt`): whose turn it is, the board's other
    /// lines, and every place in full.
    pub fn whole(&self) -> String {
        let mut out: Vec<&str> = Vec::new();
        if let Some((headline, older)) = self.lines.split_last() {
            out.push(headline);
            out.extend(older.iter().map(String::as_str));
        }
        out.push(&self.heading);
        out.extend(self.full.lines().map(String::as_str));
        out.join("\n")
    }

    /// Where everyone is, whole: the heading and every place in full.
    pub fn places(&self) -> String {
        let mut out = vec![self.heading.as_str()];
        out.extend(self.full.lines().map(String::as_str));
        out.join("\n")
    }

    /// The description in at most `max` `units`: whose turn it is first, never dropped; then
    /// where everyone is ([`Words::places_within`] the room left); then as many of the
    /// board's other lines as still fit, the newest first. Whole lines only.
    pub fn within(&self, max: usize, units: Units) -> String {
        let (headline, older) = match self.lines.split_last() {
            Some((last, rest)) => (Some(fit_words(last, max, units)), rest),
            None => (None, &[][..]),
        };
        let used = headline.as_deref().map_or(0, |h| units.of(h) + 1);
        let places = self.places_within(max.saturating_sub(used), units);
        let mut room = max.saturating_sub(used + units.of(&places));
        let mut kept = Vec::new();
        for line in older.iter().rev() {
            let len = units.of(line) + 1;
            if len > room {
                break;
            }
            room -= len;
            kept.push(line.as_str());
        }
        kept.reverse();
        let mut out: Vec<&str> = headline.as_deref().into_iter().collect();
        out.extend(kept);
        if !places.is_empty() {
            out.push(&places);
        }
        out.join("\n")
    }

    /// Where everyone is, in at most `max` `units`: every place in full if it fits, else
    /// densely; else as many whole players as fit (the one to move first), in seat order,
    /// and a line saying how many more are in `/board text`. Empty if not even that fits.
    pub fn places_within(&self, max: usize, units: Units) -> String {
        for places in [&self.full, &self.dense] {
            let mut out = vec![self.heading.as_str()];
            out.extend(places.lines().map(String::as_str));
            let text = out.join("\n");
            if units.of(&text) <= max {
                return text;
            }
        }
        let players = &self.dense.players;
        let size = |lines: &[&str]| lines.iter().map(|l| units.of(l) + 1).sum::<usize>();
        let mut counting: Vec<&str> = self.dense.counting.iter().map(String::as_str).collect();
        loop {
            let mut head = vec![self.heading.as_str()];
            head.extend(&counting);
            let mut used = size(&head);
            let mut said = vec![false; players.len()];
            let order = self.mover.into_iter().chain(0..players.len());
            for seat in order.filter(|&s| s < players.len()) {
                if said[seat] {
                    continue;
                }
                let left = said.iter().filter(|s| !**s).count() - 1;
                let note = left.checked_sub(1).map_or(0, |n| units.of(&self.more[n]) + 1);
                let line = units.of(&players[seat]) + 1;
                if used + line + note <= max + 1 {
                    used += line;
                    said[seat] = true;
                }
            }
            let left = said.iter().filter(|s| !**s).count();
            let note = left.checked_sub(1).map(|n| self.more[n].as_str());
            if used + note.map_or(0, |n| units.of(n) + 1) <= max + 1 {
                let mut out = head;
                out.extend((0..players.len()).filter(|&s| said[s]).map(|s| players[s].as_str()));
                out.extend(note);
                return out.join("\n");
            }
            // Not even the note fits beside how places are counted: without it, then nothing.
            if counting.pop().is_none() {
                return String::new();
            }
        }
    }
}

impl Places {
    /// The same places without the invisible isolation marks around bare numbers (a number
    /// needs none; at the largest tables they were a seventh of the description).
    fn bare(self) -> Self {
        Places {
            counting: self.counting,
            players: self.players.into_iter().map(|l| bare_numbers(&l)).collect(),
        }
    }
}

/// `text` without the isolation marks (FSI … PDI) around numbers and lists of numbers.
fn bare_numbers(text: &str) -> String {
    let numeric = |c: char| c.is_numeric() || matches!(c, ',' | '،' | ' ' | '–' | '-');
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\u{2068}') {
        out.push_str(&rest[..at]);
        let inner = &rest[at + '\u{2068}'.len_utf8()..];
        match inner.find('\u{2069}') {
            Some(end) if end > 0 && inner[..end].chars().all(numeric) => {
                out.push_str(&inner[..end]);
                rest = &inner[end + '\u{2069}'.len_utf8()..];
            }
            _ => {
                out.push('\u{2068}');
                rest = inner;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `line` whole if it fits in `max` `units`; else as many whole words as fit, and an ellipsis.
fn fit_words(line: &str, max: usize, units: Units) -> String {
    if units.of(line) <= max {
        return line.to_owned();
    }
    let mut out = String::new();
    for word in line.split_inclusive(' ') {
        if units.of(&out) + units.of(word) + 1 > max {
            break;
        }
        out.push_str(word);
    }
    format!("{}…", out.trim_end())
}

/// A move in plain words, for a button of a text-first board and for `/board text` (issue 48):
/// the piece and the squares it goes between as its player counts them, and whom it captures
/// ("Piece 2: 14 → 20, captures Ben"); a checker and the points it goes between ("Checker
/// from 13 to 7"). `None` for an action that is not a move, or one the rules refuse.
pub fn action(
    i18n: &I18n,
    lang: Lang,
    game: &Game,
    action: &Action,
    names: &[String],
) -> Option<String> {
    let mut after = game.clone();
    let events = after.play(action).ok()?;
    let name = |seat: u8| names.get(usize::from(seat)).cloned().unwrap_or_else(|| "?".into());
    let mut said = None;
    let mut captured = Vec::new();
    for event in &events {
        match *event {
            Event::Entered { piece, .. } if said.is_none() => {
                let piece = ("piece", Arg::Number(i64::from(piece) + 1));
                said = Some(i18n.text(lang, "move-ludo-enter", &[piece]));
            }
            Event::PieceMoved { piece, from, to, .. } if said.is_none() => {
                let Game::Ludo(g) = game else { return None };
                let square = |progress: i16| ludo_square(i18n, lang, g, progress);
                let args = [
                    ("piece", Arg::Number(i64::from(piece) + 1)),
                    ("from", Arg::Text(square(from))),
                    ("to", Arg::Text(square(to))),
                ];
                said = Some(i18n.text(lang, "move-ludo", &args));
            }
            Event::Captured { seat, .. } => captured.push(name(seat)),
            Event::Stepped { from, to, .. } if said.is_none() => {
                said = Some(match to {
                    Some(to) => {
                        i18n.text(lang, "move-nardy", &[("from", from.into()), ("to", to.into())])
                    }
                    None => i18n.text(lang, "move-nardy-off", &[("from", from.into())]),
                });
            }
            _ => {}
        }
    }
    let mut said = said?;
    for victim in captured {
        let args = [("move", Arg::Text(said)), ("name", Arg::Text(victim))];
        said = i18n.text(lang, "move-captures", &args);
    }
    Some(said)
}

/// A Ludo piece's place as its player counts it: a track square from their own start, or a
/// goal square 1–4.
fn ludo_square(i18n: &I18n, lang: Lang, g: &Ludo, progress: i16) -> String {
    let track = g.track_len();
    if progress < track {
        i18n.text(lang, "move-ludo-square", &[("square", Arg::Number(i64::from(progress) + 1))])
    } else {
        let square = ("square", Arg::Number(i64::from(progress - track) + 1));
        i18n.text(lang, "move-ludo-goal", &[square])
    }
}

fn snakes(i18n: &I18n, lang: Lang, g: &Snakes, name: &dyn Fn(usize) -> String) -> Vec<String> {
    let left = g.departures();
    (g.squares().iter().enumerate())
        .map(|(seat, &square)| {
            let who = ("name", Arg::Text(name(seat)));
            if !left.is_active(seat as u8) {
                i18n.text(lang, "describe-left", &[who])
            } else if square == 0 {
                i18n.text(lang, "describe-snakes-start", &[who])
            } else {
                i18n.text(lang, "describe-snakes-square", &[who, ("square", square.into())])
            }
        })
        .collect()
}

fn ludo(i18n: &I18n, lang: Lang, g: &Ludo, name: &dyn Fn(usize) -> String, dense: bool) -> Places {
    let track = g.track_len();
    let counting = if dense { "describe-ludo-counting-short" } else { "describe-ludo-counting" };
    let mut players = Vec::new();
    for (seat, pieces) in g.pieces().iter().enumerate() {
        let who = ("name", Arg::Text(name(seat)));
        if !g.departures().is_active(seat as u8) {
            players.push(i18n.text(lang, "describe-left", &[who]));
            continue;
        }
        let house: Vec<Arg> = (1..=pieces.len() as i64)
            .filter(|&k| pieces[k as usize - 1] < 0)
            .map(Arg::Number)
            .collect();
        let mut parts = Vec::new();
        if !house.is_empty() {
            let key = if dense { "describe-ludo-dense-house" } else { "describe-ludo-house" };
            parts.push(i18n.text(lang, key, &[("pieces", Arg::List(house))]));
        }
        let out = pieces.iter().enumerate().filter(|(_, p)| **p >= 0);
        if dense {
            // Pieces on one square are named together ("1, 2 on 14"), in the order of their
            // first piece.
            let mut squares: Vec<(i16, Vec<Arg>)> = Vec::new();
            for (k, &progress) in out {
                let piece = Arg::Number(k as i64 + 1);
                match squares.iter_mut().find(|(p, _)| *p == progress) {
                    Some((_, list)) => list.push(piece),
                    None => squares.push((progress, vec![piece])),
                }
            }
            for (progress, list) in squares {
                let (key, square) = if progress < track {
                    ("describe-ludo-dense-track", progress + 1)
                } else {
                    ("describe-ludo-dense-goal", progress - track + 1)
                };
                let args = [("pieces", Arg::List(list)), ("square", Arg::Number(square.into()))];
                parts.push(i18n.text(lang, key, &args));
            }
        } else {
            for (k, &progress) in out {
                let piece = ("piece", Arg::Number(k as i64 + 1));
                parts.push(if progress < track {
                    let square = ("square", Arg::Number(i64::from(progress) + 1));
                    i18n.text(lang, "describe-ludo-track", &[piece, square])
                } else {
                    let square = ("square", Arg::Number(i64::from(progress - track) + 1));
                    i18n.text(lang, "describe-ludo-goal", &[piece, square])
                });
            }
        }
        let separator = i18n.text(lang, "describe-separator", &[]);
        let pieces = Arg::Text(parts.join(&separator));
        players.push(i18n.text(lang, "describe-ludo-player", &[who, ("pieces", pieces)]));
    }
    Places { counting: vec![i18n.text(lang, counting, &[])], players }
}

fn nardy(i18n: &I18n, lang: Lang, g: &Nardy, name: &dyn Fn(usize) -> String) -> Places {
    let white = g.white_seat().map(usize::from);
    let mut lines = Vec::new();
    for (colour, key, sign) in
        [(Colour::White, "describe-nardy-white", 1i8), (Colour::Black, "describe-nardy-black", -1)]
    {
        // The side's seat once the roll-off decided it; before, the side by its colour alone.
        let seat = match (white, colour) {
            (Some(w), Colour::White) => Some(w),
            (Some(w), Colour::Black) => Some(1 - w.min(1)),
            (None, _) => None,
        };
        let colour_name = i18n.text(lang, key, &[]);
        // The side's points in the order it travels, from its head to its home, each by the
        // board's number (White's frame, as on the picture and the buttons).
        let mut points = Vec::new();
        for route in (1..=24usize).rev() {
            let point = colour.point(route);
            let count = g.board()[usize::from(point) - 1] * sign;
            if count > 0 {
                let args = [("count", Arg::Number(i64::from(count))), ("point", point.into())];
                points.push(Arg::Text(i18n.text(lang, "describe-nardy-point", &args)));
            }
        }
        let points = if points.is_empty() {
            Arg::Text(i18n.text(lang, "describe-nardy-none", &[]))
        } else {
            Arg::List(points)
        };
        let (off, pips) = (g.off()[colour], g.pips()[colour]);
        let mut args = vec![
            ("colour", Arg::Text(colour_name)),
            ("points", points),
            ("off", off.into()),
            ("pips", pips.into()),
        ];
        // Before the roll-off the sides have no players yet.
        let key = match seat {
            Some(seat) => {
                args.push(("name", Arg::Text(name(seat))));
                "describe-nardy-side"
            }
            None => "describe-nardy-colour-side",
        };
        lines.push(i18n.text(lang, key, &args));
    }
    let length = g.options().match_to;
    if length > 1 {
        let score = g.score();
        let args = [
            ("length", length.into()),
            ("name", Arg::Text(name(0))),
            ("points", score[0].into()),
            ("other", Arg::Text(name(1))),
            ("otherpoints", score[1].into()),
        ];
        lines.push(i18n.text(lang, "describe-nardy-score", &args));
    }
    Places { counting: vec![i18n.text(lang, "describe-nardy-counting", &[])], players: lines }
}

#[cfg(test)]
mod tests;
