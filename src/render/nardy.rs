//! The Long Nardy board: 24 points, two halves and a bar, trays for borne-off checkers.
//!
//! Top row, left to right: points 13…24 (Black's home 13–18 on the left, White's head 24 on the
//! right). Bottom row, left to right: points 12…1 (Black's head 12 on the left, White's home 1–6
//! on the right). Both sides move counter-clockwise.

use tiny_skia::{Color, FillRule, PathBuilder, Pixmap, Transform};

use super::snakes::with_alpha;
use super::text::{Anchor, Style, Text, number};
use super::{
    Canvas, Palette, RenderError, SpriteKey, WIDTH, arrow, die, fill_circle, fill_rect, paint, rgb,
    rounded_rect,
};
use crate::engine::Event;
use crate::engine::nardy::{Colour, Nardy};

/// The board's height.
pub const HEIGHT: u32 = 760;
const LEFT: f32 = 30.0;
const TOP: f32 = 58.0;
const BOTTOM: f32 = HEIGHT as f32 - 58.0;
const POINT_W: f32 = 68.0;
const BAR: f32 = 36.0;
const TRAY_X: f32 = LEFT + 12.0 * POINT_W + BAR + 22.0;
const TRAY_W: f32 = WIDTH as f32 - TRAY_X - 24.0;
pub(super) const CHECKER: f32 = 31.0;
const MAX_SHOWN: usize = 5;

/// The horizontal centre of a point's column.
fn column_x(point: u8) -> f32 {
    let col = if point >= 13 { point - 13 } else { 12 - point };
    let bar = if col >= 6 { BAR } else { 0.0 };
    LEFT + (f32::from(col) + 0.5) * POINT_W + bar
}

fn is_top(point: u8) -> bool {
    point >= 13
}

/// The centre of the k-th checker (0 = at the edge) on a point.
fn checker_xy(point: u8, k: usize) -> (f32, f32) {
    let step = (CHECKER * 2.0).min((BOTTOM - TOP) * 0.44 / MAX_SHOWN as f32);
    let off = CHECKER + 2.0 + k as f32 * step;
    (column_x(point), if is_top(point) { TOP + off } else { BOTTOM - off })
}

fn wood(p: &Palette) -> (Color, Color, Color, Color) {
    // Frame, felt, and the two point colours.
    if p.background.red() > 0.5 {
        (rgb(0x7A4A24), rgb(0x2F6B4F), rgb(0xE8D5B0), rgb(0xA0522D))
    } else {
        (rgb(0x3E2A1C), rgb(0x1F4736), rgb(0xCDB98F), rgb(0x8A4526))
    }
}

pub(super) fn draw_board(
    text: &mut Text,
    p: &Palette,
    persian: bool,
) -> Result<Pixmap, RenderError> {
    let mut pixmap = Pixmap::new(WIDTH, HEIGHT).ok_or(RenderError::Size(WIDTH, HEIGHT))?;
    pixmap.fill(p.background);
    let (frame, felt, light, dark) = wood(p);
    if let Some(path) = rounded_rect(8.0, 8.0, WIDTH as f32 - 16.0, HEIGHT as f32 - 16.0, 18.0) {
        pixmap.fill_path(&path, &paint(frame), FillRule::Winding, Transform::identity(), None);
    }
    let board_w = 12.0 * POINT_W + BAR;
    fill_rect(&mut pixmap, LEFT, TOP, board_w, BOTTOM - TOP, felt);
    fill_rect(&mut pixmap, LEFT + 6.0 * POINT_W, TOP - 8.0, BAR, BOTTOM - TOP + 16.0, frame);
    // Homes, tinted: White's 1–6 (bottom right), Black's 13–18 (top left).
    let tint = with_alpha(Color::WHITE, 0.07);
    fill_rect(
        &mut pixmap,
        LEFT + 6.0 * POINT_W + BAR,
        (TOP + BOTTOM) / 2.0,
        6.0 * POINT_W,
        (BOTTOM - TOP) / 2.0,
        tint,
    );
    fill_rect(&mut pixmap, LEFT, TOP, 6.0 * POINT_W, (BOTTOM - TOP) / 2.0, tint);
    let height = (BOTTOM - TOP) * 0.42;
    for point in 1..=24u8 {
        let x = column_x(point);
        let (base, tip) =
            if is_top(point) { (TOP, TOP + height) } else { (BOTTOM, BOTTOM - height) };
        let mut pb = PathBuilder::new();
        pb.move_to(x - POINT_W / 2.0 + 2.0, base);
        pb.line_to(x + POINT_W / 2.0 - 2.0, base);
        pb.line_to(x, tip);
        pb.close();
        if let Some(path) = pb.finish() {
            let colour = if point % 2 == 0 { light } else { dark };
            pixmap.fill_path(&path, &paint(colour), FillRule::Winding, Transform::identity(), None);
        }
        // Point numbers outside the playing field.
        let y = if is_top(point) { TOP - 24.0 } else { BOTTOM + 24.0 };
        let head = point == 24 || point == 12;
        let style = Style { size: 24.0, bold: head, colour: rgb(0xF3E6CC), anchor: Anchor::Centre };
        text.draw(&mut pixmap, &number(point, persian), x, y, style);
    }
    // The heads: a small flag by each head's number.
    let style = Style { size: 18.0, bold: false, colour: Color::WHITE, anchor: Anchor::Centre };
    text.draw(&mut pixmap, "🚩", column_x(24) + 25.0, TOP - 24.0, style);
    text.draw(&mut pixmap, "🚩", column_x(12) - 25.0, BOTTOM + 24.0, style);
    // Trays.
    for top in [true, false] {
        let y = if top { TOP } else { (TOP + BOTTOM) / 2.0 + 8.0 };
        if let Some(path) = rounded_rect(TRAY_X, y, TRAY_W, (BOTTOM - TOP) / 2.0 - 8.0, 10.0) {
            pixmap.fill_path(
                &path,
                &paint(with_alpha(Color::BLACK, 0.35)),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
    }
    Ok(pixmap)
}

fn checker(canvas: &mut Canvas<'_>, at: (f32, f32), white: bool) {
    let size = (CHECKER * 2.0).ceil() as u32 + 8;
    let c = size as f32 / 2.0 - 1.5;
    canvas.sprite(SpriteKey::Checker { white }, size, (at.0 + 1.5, at.1 + 1.5), |pixmap, _| {
        let (body, rim, ring) = if white {
            (rgb(0xF7F2E8), rgb(0x3A3026), rgb(0xD9CFBD))
        } else {
            (rgb(0x2A2A2E), rgb(0xE8E2D6), rgb(0x46464C))
        };
        fill_circle(pixmap, c + 2.0, c + 3.0, CHECKER, with_alpha(Color::BLACK, 0.35));
        fill_circle(pixmap, c, c, CHECKER, rim);
        fill_circle(pixmap, c, c, CHECKER - 2.5, body);
        fill_circle(pixmap, c, c, CHECKER * 0.62, ring);
        fill_circle(pixmap, c, c, CHECKER * 0.5, body);
    });
}

/// Where a step's arrow starts or ends on a point: the top checker of the stack.
fn stack_top(game: &Nardy, point: u8) -> (f32, f32) {
    let n = usize::from(game.board()[usize::from(point) - 1].unsigned_abs());
    checker_xy(point, n.clamp(1, MAX_SHOWN) - 1)
}

fn tray_xy(white: bool) -> (f32, f32) {
    let x = TRAY_X + TRAY_W / 2.0;
    if white { (x, BOTTOM - 40.0) } else { (x, TOP + 40.0) }
}

pub(super) fn draw_moving(canvas: &mut Canvas<'_>, game: &Nardy, events: &[Event]) {
    let board = game.board();
    for point in 1..=24u8 {
        let v = board[usize::from(point) - 1];
        let n = usize::from(v.unsigned_abs());
        for k in 0..n.min(MAX_SHOWN) {
            checker(canvas, checker_xy(point, k), v > 0);
        }
        if n > MAX_SHOWN {
            let (x, y) = checker_xy(point, MAX_SHOWN - 1);
            let ink = if v > 0 { rgb(0x222222) } else { Color::WHITE };
            let style = Style { size: 24.0, bold: true, colour: ink, anchor: Anchor::Centre };
            canvas.text.draw(canvas.pixmap, &number(n, canvas.persian), x, y, style);
        }
    }
    // Trays: borne-off checkers as slabs, with their count; and each side's pip count.
    let off = game.off();
    let pips = game.pips();
    for (white, count, pip) in [
        (true, off[Colour::White], pips[Colour::White]),
        (false, off[Colour::Black], pips[Colour::Black]),
    ] {
        let (x, y) = tray_xy(white);
        let colour = if white { rgb(0xF7F2E8) } else { rgb(0x2A2A2E) };
        for k in 0..count {
            let yy =
                if white { y + 20.0 - f32::from(k) * 9.0 } else { y - 20.0 + f32::from(k) * 9.0 };
            fill_rect(canvas.pixmap, x - 24.0, yy, 48.0, 7.0, colour);
        }
        let ink = rgb(0xF3E6CC);
        let style = Style { size: 26.0, bold: true, colour: ink, anchor: Anchor::Centre };
        let label_y = if white { y - 150.0 } else { y + 150.0 };
        canvas.text.draw(canvas.pixmap, &number(count, canvas.persian), x, label_y, style);
        let disc = if white { "⚪" } else { "⚫" };
        let style = Style { size: 22.0, bold: false, colour: ink, anchor: Anchor::Centre };
        let pip_y = if white { y - 115.0 } else { y + 115.0 };
        canvas.text.draw(
            canvas.pixmap,
            &format!("{disc} {}", number(pip, canvas.persian)),
            x,
            pip_y,
            style,
        );
    }
    // The last steps.
    let accent = canvas.palette.accent;
    for e in events {
        if let Event::Stepped { seat, from, to, .. } = *e {
            let start = stack_top(game, from);
            let end = match to {
                Some(p) => stack_top(game, p),
                None => tray_xy(game.white_seat() == Some(seat)),
            };
            arrow(canvas.pixmap, start, end, with_alpha(accent, 0.9), 5.0, 0.18);
        }
    }
    // The dice: the roll being played, used dice dimmed, in the half opposite the mover's home.
    if let (Some(rolled), false) = (game.rolled(), game.dice().is_empty()) {
        let mut left: Vec<u8> = game.dice().to_vec();
        let all: Vec<u8> =
            if rolled[0] == rolled[1] { vec![rolled[0]; 4] } else { rolled.to_vec() };
        let size = if all.len() == 4 { 44.0 } else { 56.0 };
        let total = all.len() as f32 * (size + 10.0) - 10.0;
        let mut x = LEFT + 3.0 * POINT_W - total / 2.0;
        let y = (TOP + BOTTOM) / 2.0 - size / 2.0;
        for d in all {
            let used = match left.iter().position(|&l| l == d) {
                Some(i) => {
                    left.remove(i);
                    false
                }
                None => true,
            };
            die(canvas, x, y, size, d, used);
            x += size + 10.0;
        }
    }
}

#[cfg(test)]
pub(super) fn checker_centre(point: u8, k: usize) -> (f32, f32) {
    checker_xy(point, k)
}
