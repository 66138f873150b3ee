//! Every board in words (issue 48): what a board's picture shows, made from the game's state in
//! the reader's language, for a screen reader and for anyone without the picture (Discord's
//! attachment description, the pages' `alt` text). It says whose turn it is and what just
//! happened (the board's own lines), then where every piece is: Snakes, each player's square;
//! Ludo, each piece in the house, on the track (its square as its player counts it, from their
//! own start), or on the goal's squares 1–4; Nardy, each side's checkers point by point in the
//! order that side travels (from its head), numbered as the board and the buttons number them,
//! those borne off, each side's pip count, and the match score.

use super::i18n::{Arg, I18n, Lang};
use crate::engine::nardy::{Colour, Nardy};
use crate::engine::{Action, Event, Game, ludo::Ludo, snakes::Snakes};

/// The most characters a description may have: Discord's limit for an attachment's.
pub const DESCRIPTION_MAX: usize = 1024;

/// The description of `game`'s board for a reader of `lang`: `lines` (what the board's text
/// says: the last moves and whose turn it is) as far as they fit, then where everything is,
/// whole. At most [`DESCRIPTION_MAX`] characters.
pub fn describe(
    i18n: &I18n,
    lang: Lang,
    game: &Game,
    names: &[String],
    lines: &[String],
) -> String {
    let places = places(i18n, lang, game, names);
    let room = DESCRIPTION_MAX.saturating_sub(places.chars().count() + 1);
    // The newest lines matter most (whose turn it is): older ones give way first.
    let mut kept: Vec<&str> = Vec::new();
    let mut used = 0;
    for line in lines.iter().rev() {
        let len = line.chars().count() + 1;
        if used + len > room {
            break;
        }
        used += len;
        kept.push(line);
    }
    kept.reverse();
    let text = if kept.is_empty() { places } else { format!("{}\n{places}", kept.join("\n")) };
    text.chars().take(DESCRIPTION_MAX).collect()
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

/// Where every piece is, one line a player.
fn places(i18n: &I18n, lang: Lang, game: &Game, names: &[String]) -> String {
    let name = |seat: usize| names.get(seat).cloned().unwrap_or_else(|| "?".into());
    let mut lines = vec![i18n.text(lang, "describe-where", &[])];
    match game {
        Game::Snakes(g) => lines.extend(snakes(i18n, lang, g, &name)),
        Game::Ludo(g) => lines.extend(ludo(i18n, lang, g, &name)),
        Game::Nardy(g) => lines.extend(nardy(i18n, lang, g, &name)),
    }
    lines.join("\n")
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

fn ludo(i18n: &I18n, lang: Lang, g: &Ludo, name: &dyn Fn(usize) -> String) -> Vec<String> {
    let track = g.track_len();
    let mut lines = vec![i18n.text(lang, "describe-ludo-counting", &[])];
    for (seat, pieces) in g.pieces().iter().enumerate() {
        let who = ("name", Arg::Text(name(seat)));
        if !g.departures().is_active(seat as u8) {
            lines.push(i18n.text(lang, "describe-left", &[who]));
            continue;
        }
        let house: Vec<Arg> = (1..=pieces.len() as i64)
            .filter(|&k| pieces[k as usize - 1] < 0)
            .map(Arg::Number)
            .collect();
        let mut parts = Vec::new();
        if !house.is_empty() {
            parts.push(i18n.text(lang, "describe-ludo-house", &[("pieces", Arg::List(house))]));
        }
        for (k, &progress) in pieces.iter().enumerate().filter(|(_, p)| **p >= 0) {
            let piece = ("piece", Arg::Number(k as i64 + 1));
            parts.push(if progress < track {
                let square = ("square", Arg::Number(i64::from(progress) + 1));
                i18n.text(lang, "describe-ludo-track", &[piece, square])
            } else {
                let square = ("square", Arg::Number(i64::from(progress - track) + 1));
                i18n.text(lang, "describe-ludo-goal", &[piece, square])
            });
        }
        let separator = i18n.text(lang, "describe-separator", &[]);
        let pieces = Arg::Text(parts.join(&separator));
        lines.push(i18n.text(lang, "describe-ludo-player", &[who, ("pieces", pieces)]));
    }
    lines
}

fn nardy(i18n: &I18n, lang: Lang, g: &Nardy, name: &dyn Fn(usize) -> String) -> Vec<String> {
    let white = g.white_seat().map(usize::from);
    let mut lines = vec![i18n.text(lang, "describe-nardy-counting", &[])];
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
        let side = usize::from(colour == Colour::Black);
        let (off, pips) = (g.off()[side], g.pips()[side]);
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
    lines
}

#[cfg(test)]
mod tests;
