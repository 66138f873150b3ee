//! The legend under every board: whose turn it is or who won, the last roll's dice, and each
//! seat with its colour and shape, name, and where it stands.

use tiny_skia::{FillRule, PathBuilder, Transform};

use super::text::{Anchor, Style as TextStyle, Text, number};
use super::{
    Canvas, Palette, Scene, WIDTH, die, fill_rect, last_roll, paint, rgb, token, tries_used,
};
use crate::engine::nardy::Colour;
use crate::engine::{Game, Seat};

/// Height of the legend for `players` seats: a title line and two columns of names.
pub(super) fn legend_height(players: usize) -> u32 {
    86 + players.div_ceil(2) as u32 * 50
}

pub(super) fn draw_legend(canvas: &mut Canvas<'_>, scene: &Scene<'_>, top: f32) {
    let p = canvas.palette;
    fill_rect(canvas.pixmap, 0.0, top, WIDTH as f32, 2.0, p.line);
    let game = scene.game;
    let ranking = game.ranking();
    let to_move = game.legal().to_move();
    // Title line: whose turn, or the winner; and the dice of the last roll on the right.
    let title_y = top + 38.0;
    let title = title(scene, ranking.as_deref(), to_move);
    if ranking.is_some() {
        // The game is over: the winner's line becomes a gold banner.
        fill_rect(canvas.pixmap, 0.0, top + 2.0, WIDTH as f32, 72.0, rgb(Palette::GOLD));
    }
    if let Some(seat) = to_move.filter(|_| ranking.is_none()) {
        token(canvas, seat, 36.0, title_y, 17.0, "");
    }
    let ink = if ranking.is_some() { rgb(Palette::ON_GOLD) } else { p.ink };
    let style = TextStyle { size: 30.0, bold: true, colour: ink, anchor: Anchor::Left };
    let x = if to_move.is_some() && ranking.is_none() { 64.0 } else { 24.0 };
    canvas.text.draw(canvas.pixmap, &title, x, title_y, style);
    draw_last_roll(canvas, scene, title_y);
    // Players, two columns.
    for seat in 0..game.players() {
        let col = (seat % 2) as f32;
        let row = (seat / 2) as f32;
        let x = 24.0 + col * (WIDTH as f32 / 2.0);
        let y = top + 96.0 + row * 50.0;
        let s = seat as Seat;
        token(canvas, s, x + 18.0, y, 17.0, &number(seat + 1, canvas.persian));
        let name = scene.players.get(seat).map_or("?", |pl| pl.name.as_str());
        let bold = to_move == Some(s) && ranking.is_none();
        let status = match &ranking {
            Some(r) => medal(r[seat], canvas.persian),
            None => status_of(game, s, canvas.persian),
        };
        let seat_line = seat_line(canvas.text, name, bold, &status, x);
        debug_assert!(seat_line.name_right < seat_line.status_left, "{seat_line:?}");
        let style = TextStyle { size: NAME_SIZE, bold, colour: p.ink, anchor: Anchor::Left };
        canvas.text.draw(canvas.pixmap, &seat_line.name, seat_line.name_x, y, style);
        let style =
            TextStyle { size: STATUS_SIZE, bold: false, colour: p.muted, anchor: Anchor::Right };
        canvas.text.draw(canvas.pixmap, &status, seat_line.status_right, y, style);
    }
}

const NAME_SIZE: f32 = 26.0;
const STATUS_SIZE: f32 = 24.0;
/// The least room between a name and its seat's status.
const NAME_GAP: f32 = 14.0;

/// Where a seat's name and status go on its legend line (the column starting at `x`).
#[derive(Debug)]
pub(super) struct SeatLine {
    /// The name, ended with "…" when it does not fit.
    pub(super) name: String,
    pub(super) name_x: f32,
    /// Where the name ends.
    pub(super) name_right: f32,
    /// Where the status (right-aligned) starts and ends.
    pub(super) status_left: f32,
    pub(super) status_right: f32,
}

/// Lays out a seat's legend line: the name gets the room that the status (Nardy's pips and
/// points are wide) leaves it, at most 300 pixels, and ends with "…" when longer.
pub(super) fn seat_line(text: &mut Text, name: &str, bold: bool, status: &str, x: f32) -> SeatLine {
    let name_x = x + 46.0;
    let status_right = x + WIDTH as f32 / 2.0 - 40.0;
    let status_left = status_right - text.width(status, STATUS_SIZE, false);
    let room = (status_left - NAME_GAP - name_x).min(300.0);
    let name = if text.width(name, NAME_SIZE, bold) > room {
        truncate(text, name, NAME_SIZE, bold, room)
    } else {
        name.to_owned()
    };
    let name_right = name_x + text.width(&name, NAME_SIZE, bold);
    SeatLine { name, name_x, name_right, status_left, status_right }
}

/// The legend's title: the winners when the game is over, else whose turn it is.
fn title(scene: &Scene<'_>, ranking: Option<&[u8]>, to_move: Option<Seat>) -> String {
    let name = |seat: usize| scene.players.get(seat).map_or("?", |pl| pl.name.as_str());
    match (ranking, to_move) {
        (Some(r), _) => {
            let winners: Vec<&str> = r
                .iter()
                .enumerate()
                .filter(|(_, rank)| **rank == 1)
                .map(|(s, _)| name(s))
                .collect();
            format!("🏆 {}", winners.join(" · "))
        }
        (None, Some(seat)) => format!("▶ {}", name(usize::from(seat))),
        (None, None) => "🎲".to_owned(),
    }
}

/// The dice of the last roll at the right of the title line, and Ludo's three tries for a 6
/// (L8): one dot per try, filled for those used, so two tries that roll the same number still
/// give two different pictures.
fn draw_last_roll(canvas: &mut Canvas<'_>, scene: &Scene<'_>, title_y: f32) {
    let Some((_, dice)) = last_roll(scene.events) else { return };
    let size = 46.0;
    let mut x = WIDTH as f32 - 24.0 - size;
    for &d in dice.iter().rev() {
        die(canvas, x, title_y - size / 2.0, size, d, false);
        x -= size + 10.0;
    }
    let Some(used) = tries_used(scene.events) else { return };
    for k in 0..3u8 {
        let cx = x + size - 8.0 - f32::from(2 - k) * 20.0;
        let colour = if k < used { canvas.palette.ink } else { canvas.palette.line };
        if let Some(dot) = PathBuilder::from_circle(cx, title_y, 7.0) {
            let (fill, none) = (FillRule::Winding, Transform::identity());
            canvas.pixmap.fill_path(&dot, &paint(colour), fill, none, None);
        }
    }
}

/// The longest start of `name` that fits `max` pixels with "…" after it (spaces before the
/// "…" dropped).
fn truncate(text: &mut Text, name: &str, size: f32, bold: bool, max: f32) -> String {
    let mut out = String::new();
    for c in name.chars() {
        out.push(c);
        if text.width(&format!("{out}…"), size, bold) > max {
            out.pop();
            break;
        }
    }
    format!("{}…", out.trim_end())
}

fn medal(rank: u8, persian: bool) -> String {
    match rank {
        1 => "🥇".to_owned(),
        2 => "🥈".to_owned(),
        3 => "🥉".to_owned(),
        r => format!("#{}", number(r, persian)),
    }
}

/// A short, language-free status per seat: its square, its pieces home, or its colour, pips and
/// match points. Only symbols the embedded fonts have (the emoji font covers these).
fn status_of(game: &Game, seat: Seat, persian: bool) -> String {
    let n = |v: u32| number(v, persian);
    match game {
        Game::Snakes(g) if g.departures().is_active(seat) => {
            format!("📍 {}", n(u32::from(g.squares()[usize::from(seat)])))
        }
        Game::Ludo(g) if g.departures().is_active(seat) => {
            let home =
                g.pieces()[usize::from(seat)].iter().filter(|&&p| p >= g.track_len()).count();
            format!("🏁 {}/{}", n(home as u32), n(4))
        }
        Game::Nardy(g) => {
            let points = format!("🏆 {}", n(g.score().get(seat).copied().unwrap_or_default()));
            match g.white_seat() {
                Some(white) => {
                    let (disc, pips) = if white == seat {
                        ("⚪", g.pips()[Colour::White])
                    } else {
                        ("⚫", g.pips()[Colour::Black])
                    };
                    format!("{disc} {}   {points}", n(pips))
                }
                None => points,
            }
        }
        _ => "✖".to_owned(),
    }
}
