//! The Snakes & Ladders board.

use tiny_skia::{Color, FillRule, LineCap, PathBuilder, Pixmap, Stroke, Transform};

use super::text::{Anchor, Style, Text, number};
use super::{
    Canvas, Palette, RenderError, WIDTH, arrow, fill_circle, fill_rect, paint, rgb, rounded_rect,
    token,
};
use crate::engine::snakes::{Layout, Snakes, snake_point};
use crate::engine::{Event, Seat};

const MARGIN: f32 = 20.0;
const CELL: f32 = 96.0;
/// The size of the square numbers: about 10 px when the picture is shown 400 px wide.
pub(super) const NUMBER_SIZE: f32 = 25.0;

/// A square number's plate and ink: gold and dark ink on 100, else the light cell and the
/// muted ink.
pub(super) fn square_label_colours(p: &Palette, n: u8) -> (Color, Color) {
    if n == 100 { (rgb(Palette::GOLD), rgb(Palette::ON_GOLD)) } else { (p.cell_a, p.muted) }
}

/// The centre of square `n` (1–100); square 0 sits just left of square 1.
fn centre(n: u8) -> (f32, f32) {
    if n == 0 {
        return (MARGIN + CELL * 0.5 - CELL * 0.62, MARGIN + 9.5 * CELL);
    }
    let i = usize::from(n - 1);
    let row = i / 10;
    let col = if row % 2 == 0 { i % 10 } else { 9 - i % 10 };
    (MARGIN + (col as f32 + 0.5) * CELL, MARGIN + (9 - row) as f32 * CELL + CELL * 0.5)
}

pub(super) fn draw_board(
    text: &mut Text,
    p: &Palette,
    layout: &Layout,
    persian: bool,
) -> Result<Pixmap, RenderError> {
    let mut pixmap = Pixmap::new(WIDTH, WIDTH).ok_or(RenderError::Size(WIDTH, WIDTH))?;
    pixmap.fill(p.background);
    if let Some(frame) =
        rounded_rect(MARGIN - 10.0, MARGIN - 10.0, CELL * 10.0 + 20.0, CELL * 10.0 + 20.0, 18.0)
    {
        pixmap.fill_path(&frame, &paint(p.board), FillRule::Winding, Transform::identity(), None);
    }
    for n in 1..=100u8 {
        let (x, y) = centre(n);
        // Checkered by position on the screen, not by the path's order.
        let (col, row) = ((x / CELL) as usize, (y / CELL) as usize);
        let shade = if (col + row) % 2 == 0 { p.cell_a } else { p.cell_b };
        fill_rect(&mut pixmap, x - CELL / 2.0, y - CELL / 2.0, CELL, CELL, shade);
    }
    // The goal square, gilded.
    let (gx, gy) = centre(100);
    fill_rect(&mut pixmap, gx - CELL / 2.0, gy - CELL / 2.0, CELL, CELL, rgb(Palette::GOLD));
    for (k, &(from, to)) in layout.ladders().iter().enumerate() {
        ladder(&mut pixmap, centre(from), centre(to), k);
    }
    // Every body first, then every head, so no snake hides another's head.
    for (k, &jump) in layout.snakes().iter().enumerate() {
        snake_body(&mut pixmap, jump, k);
    }
    for (k, &jump) in layout.snakes().iter().enumerate() {
        snake_head(&mut pixmap, jump, k);
    }
    // Numbers last, on small plates, so no snake or ladder hides them; large enough to read
    // on a phone (a 1000 px picture shown 400 px wide), at 4.5:1 or better on their plate.
    for n in 1..=100u8 {
        let (x, y) = centre(n);
        let label = number(n, persian);
        let w = text.width(&label, NUMBER_SIZE, true);
        let (px, py) = (x - CELL / 2.0 + 3.0, y - CELL / 2.0 + 3.0);
        let (back, ink) = square_label_colours(p, n);
        if let Some(plate) = rounded_rect(px, py, w + 10.0, NUMBER_SIZE + 6.0, 7.0) {
            let mut c = back;
            c.set_alpha(0.92);
            pixmap.fill_path(&plate, &paint(c), FillRule::Winding, Transform::identity(), None);
        }
        let style = Style { size: NUMBER_SIZE, bold: true, colour: ink, anchor: Anchor::Left };
        text.draw(&mut pixmap, &label, px + 5.0, py + (NUMBER_SIZE + 6.0) / 2.0, style);
    }
    text.draw(
        &mut pixmap,
        "👑",
        gx + 18.0,
        gy + 14.0,
        Style { size: 34.0, bold: false, colour: p.ink, anchor: Anchor::Centre },
    );
    Ok(pixmap)
}

fn stroke_line(pixmap: &mut Pixmap, p: (f32, f32), q: (f32, f32), width: f32, c: Color) {
    let mut pb = PathBuilder::new();
    pb.move_to(p.0, p.1);
    pb.line_to(q.0, q.1);
    if let Some(path) = pb.finish() {
        let stroke = Stroke { width, line_cap: LineCap::Round, ..Stroke::default() };
        pixmap.stroke_path(&path, &paint(c), &stroke, Transform::identity(), None);
    }
}

fn ladder(pixmap: &mut Pixmap, from: (f32, f32), to: (f32, f32), k: usize) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy * 14.0, ux * 14.0);
    // Start and end a little inside the squares, so the ends stay visible.
    let (a, b) = ((from.0 - ux * 8.0, from.1 - uy * 8.0), (to.0 + ux * 8.0, to.1 + uy * 8.0));
    let wood = [rgb(0x9C5F2A), rgb(0x8A5526), rgb(0xA8692F)][k % 3];
    let rungs = rungs(len);
    for i in 1..=rungs {
        let t = i as f32 / (rungs + 1) as f32;
        let (cx, cy) = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        stroke_line(pixmap, (cx - nx, cy - ny), (cx + nx, cy + ny), 5.0, wood);
    }
    for side in [-1.0, 1.0] {
        let (ox, oy) = (nx * side, ny * side);
        stroke_line(pixmap, (a.0 + ox, a.1 + oy), (b.0 + ox, b.1 + oy), 7.0, wood);
    }
}

/// How many rungs a ladder whose ends' centres are `len` pixels apart has: about one every
/// 38 pixels, and never fewer than three, so that a ladder that climbs one row does not read
/// as the letter "H" (its lowest rung may sit behind its square's number: two still show).
/// Drawing only: the boards themselves, and so old games, are unchanged.
fn rungs(len: f32) -> usize {
    (((len + 16.0) / 38.0).floor() as usize).saturating_sub(1).max(3)
}

/// How many rungs ladder `from` → `to` is drawn with.
#[cfg(test)]
pub(super) fn ladder_rungs(from: u8, to: u8) -> usize {
    let ((x0, y0), (x1, y1)) = (centre(from), centre(to));
    rungs((x1 - x0).hypot(y1 - y0).max(1.0))
}

/// Snake `k`'s body colour and belly colour.
fn snake_colours(k: usize) -> (Color, Color) {
    let colours = [
        (rgb(0x3F9142), rgb(0xA9CF5B)),
        (rgb(0x8E44AD), rgb(0xCB95DF)),
        (rgb(0xC0392B), rgb(0xEE9E8C)),
        (rgb(0x1F6FB2), rgb(0x8CC3EE)),
        (rgb(0xB9770E), rgb(0xF1CF5A)),
    ];
    colours[k % colours.len()]
}

/// A snake's body in pixels: a point of the curve the board generator measured
/// ([`snake_point`]) for each `t` from 0 (head) to 1 (tail).
fn snake_curve(head: u8, tail: u8) -> impl Fn(f32) -> (f32, f32) {
    move |t: f32| {
        let (x, y) = snake_point(head, tail, f64::from(t));
        (MARGIN + x as f32 * CELL, MARGIN + (10.0 - y as f32) * CELL)
    }
}

fn snake_body(pixmap: &mut Pixmap, (head, tail): (u8, u8), k: usize) {
    let (body, belly) = snake_colours(k);
    let at = snake_curve(head, tail);
    // The body: a few stroked pieces of the curve, thinner towards the tail, banded by a dash.
    let pieces = 4;
    let curve = |t0: f32, t1: f32| {
        let mut pb = PathBuilder::new();
        let (x, y) = at(t0);
        pb.move_to(x, y);
        for i in 1..=12 {
            let (x, y) = at(t0 + (t1 - t0) * i as f32 / 12.0);
            pb.line_to(x, y);
        }
        pb.finish()
    };
    for (layer, colour) in [(0, rgb(0x1E2B1E)), (1, body), (2, belly)] {
        for i in (0..pieces).rev() {
            let (t0, t1) = (i as f32 / pieces as f32, (i + 1) as f32 / pieces as f32);
            let width = 30.0 - 5.0 * i as f32;
            let Some(path) = curve(t0, t1) else { continue };
            let stroke = match layer {
                0 => Stroke { width: width + 4.0, line_cap: LineCap::Round, ..Stroke::default() },
                1 => Stroke { width, line_cap: LineCap::Round, ..Stroke::default() },
                _ => Stroke {
                    width: width * 0.55,
                    line_cap: LineCap::Butt,
                    dash: tiny_skia::StrokeDash::new(vec![14.0, 14.0], 0.0),
                    ..Stroke::default()
                },
            };
            pixmap.stroke_path(&path, &paint(colour), &stroke, Transform::identity(), None);
        }
    }
}

/// Snake `k`'s head: a wider disc with eyes, looking away from the body.
fn snake_head(pixmap: &mut Pixmap, (from, tail): (u8, u8), k: usize) {
    let (body, _) = snake_colours(k);
    let head = centre(from);
    let (ax, ay) = snake_curve(from, tail)(0.05);
    let (hx, hy) = (head.0 - (ax - head.0) * 0.4, head.1 - (ay - head.1) * 0.4);
    fill_circle(pixmap, hx, hy, 21.0, rgb(0x1E2B1E));
    fill_circle(pixmap, hx, hy, 18.5, body);
    let (fx, fy) = {
        let (vx, vy) = (hx - ax, hy - ay);
        let l = (vx * vx + vy * vy).sqrt().max(1.0);
        (vx / l, vy / l)
    };
    for side in [-1.0, 1.0] {
        let (ex, ey) = (hx + fx * 6.0 - fy * 8.0 * side, hy + fy * 6.0 + fx * 8.0 * side);
        fill_circle(pixmap, ex, ey, 5.5, Color::WHITE);
        fill_circle(pixmap, ex + fx * 1.5, ey + fy * 1.5, 2.8, rgb(0x111111));
    }
    stroke_line(
        pixmap,
        (hx + fx * 18.0, hy + fy * 18.0),
        (hx + fx * 29.0, hy + fy * 29.0),
        3.0,
        rgb(0xD62828),
    );
}

/// Offsets for k tokens sharing a square, and their radius.
fn spread(k: usize) -> (Vec<(f32, f32)>, f32) {
    match k {
        1 => (vec![(0.0, 6.0)], 25.0),
        2 => (vec![(-20.0, 6.0), (20.0, 6.0)], 20.0),
        3 => (vec![(-21.0, -6.0), (21.0, -6.0), (0.0, 24.0)], 18.0),
        4 => (vec![(-20.0, -8.0), (20.0, -8.0), (-20.0, 26.0), (20.0, 26.0)], 17.0),
        _ => (
            vec![
                (-28.0, -6.0),
                (0.0, -6.0),
                (28.0, -6.0),
                (-28.0, 26.0),
                (0.0, 26.0),
                (28.0, 26.0),
            ],
            14.0,
        ),
    }
}

pub(super) fn draw_moving(canvas: &mut Canvas<'_>, game: &Snakes, events: &[Event]) {
    // The last move: the walk, then the climb or the slide.
    let accent = canvas.palette.accent;
    for e in events {
        match *e {
            Event::Moved { from, to, .. } if to != from => {
                arrow(canvas.pixmap, centre(from), centre(to), with_alpha(accent, 0.85), 6.0, 0.25);
            }
            Event::Bounced { from, to, .. } => {
                arrow(canvas.pixmap, centre(from), centre(100), with_alpha(accent, 0.85), 6.0, 0.3);
                arrow(canvas.pixmap, centre(100), centre(to), with_alpha(accent, 0.85), 6.0, 0.3);
            }
            Event::Climbed { from, to, .. } | Event::Slid { from, to, .. } => {
                // Straight: a climb in blue, a slide in red.
                let hex = if matches!(e, Event::Climbed { .. }) { 0x2E86DE } else { 0xC0392B };
                let colour = with_alpha(rgb(hex), 0.9);
                arrow(canvas.pixmap, centre(from), centre(to), colour, 7.0, 0.0);
            }
            _ => {}
        }
    }
    // Tokens: every seat still in play and on the board; several on a square all visible.
    let mut by_square: Vec<Vec<Seat>> = vec![Vec::new(); 101];
    for (seat, &square) in game.squares().iter().enumerate() {
        let seat = seat as Seat;
        if square > 0 && game.departures().is_active(seat) {
            by_square[usize::from(square)].push(seat);
        }
    }
    for (square, seats) in by_square.iter().enumerate() {
        if seats.is_empty() {
            continue;
        }
        let (x, y) = centre(square as u8);
        let (offsets, r) = spread(seats.len());
        for (&seat, &(ox, oy)) in seats.iter().zip(offsets.iter().cycle()) {
            token(canvas, seat, x + ox, y + oy, r, &number(u32::from(seat) + 1, canvas.persian));
        }
    }
}

pub(super) fn with_alpha(mut c: Color, a: f32) -> Color {
    c.set_alpha(a);
    c
}

#[cfg(test)]
/// Where seat `seat`'s token is drawn, and its radius.
pub(super) fn token_centre(game: &Snakes, seat: Seat) -> ((f32, f32), f32) {
    let square = game.squares()[usize::from(seat)];
    let sharing: Vec<Seat> = (0..game.players() as Seat)
        .filter(|&s| game.squares()[usize::from(s)] == square && game.departures().is_active(s))
        .collect();
    let (offsets, r) = spread(sharing.len());
    let k = sharing.iter().position(|&s| s == seat).unwrap_or(0);
    let (x, y) = centre(square);
    ((x + offsets[k % offsets.len()].0, y + offsets[k % offsets.len()].1), r)
}
