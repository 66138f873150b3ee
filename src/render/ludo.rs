//! The Ludo board for 4, 6 and 8 arms: spokes around a hub. Each arm has two columns of track
//! squares (u = 1…5 outward, v = ±1 across) and its goal lane down the middle (v = 0).

use std::f32::consts::{PI, TAU};

use tiny_skia::{Color, FillRule, LineJoin, PathBuilder, Pixmap, Stroke, Transform};

use super::snakes::with_alpha;
use super::text::{Anchor, Style, Text, number};
use super::{Canvas, Palette, RenderError, WIDTH, arrow, fill_circle, paint, rgb, token};
use crate::engine::ludo::{HOUSE, Ludo, PIECES};
use crate::engine::{Action, Event, Legal, Seat};

/// Board geometry for a number of arms.
pub(super) struct Geometry {
    arms: u8,
    hub: f32,
    unit: f32,
}

const C: f32 = WIDTH as f32 / 2.0;

impl Geometry {
    pub(super) fn new(arms: u8) -> Self {
        let hub = (1.5 / (PI / f32::from(arms)).sin()).max(2.0);
        let unit = (C - 18.0) / (hub + 5.7);
        Self { arms, hub, unit }
    }

    fn angle(&self, arm: u8) -> f32 {
        -PI / 2.0 + f32::from(arm) * TAU / f32::from(self.arms)
    }

    /// The point at `u` units out along arm `arm`, `v` units across (clockwise positive).
    fn at(&self, arm: u8, u: f32, v: f32) -> (f32, f32) {
        let a = self.angle(arm % self.arms);
        let d = (self.hub + u) * self.unit;
        (C + d * a.cos() - v * self.unit * a.sin(), C + d * a.sin() + v * self.unit * a.cos())
    }

    /// The centre of track square `t` (0 … 10·arms − 1).
    fn track(&self, t: i16) -> (f32, f32) {
        let len = i16::from(self.arms) * 10;
        let t = t.rem_euclid(len);
        let (arm, k) = ((t / 10) as u8, t % 10);
        match k {
            0 => self.at(arm, 5.0, 1.0),
            1..=4 => self.at(arm, 5.0 - f32::from(k as u8), 1.0),
            _ => self.at(arm + 1, f32::from(k as u8) - 4.0, -1.0),
        }
    }

    /// Goal-lane square `i` (0 = first, 3 = innermost) of an arm.
    fn lane(&self, arm: u8, i: i16) -> (f32, f32) {
        self.at(arm, 4.0 - f32::from(i as u8), 0.0)
    }

    /// House spot `k` (0–3) of an arm: a 2×2 block in the wedge clockwise of the arm.
    fn house(&self, arm: u8, k: usize) -> (f32, f32) {
        let a = self.angle(arm) + PI / f32::from(self.arms);
        let d = (self.hub + 3.9) * self.unit;
        let (cx, cy) = (C + d * a.cos(), C + d * a.sin());
        let (ox, oy) = ([-0.5, 0.5, -0.5, 0.5][k], [-0.5, -0.5, 0.5, 0.5][k]);
        let s = self.unit * 0.98;
        // Rotate the block with the wedge so it sits square to it.
        let (ca, sa) = ((a + PI / 2.0).cos(), (a + PI / 2.0).sin());
        (cx + (ox * ca - oy * sa) * s, cy + (ox * sa + oy * ca) * s)
    }

    fn square(&self) -> f32 {
        self.unit * 0.84
    }

    /// The radius of a piece's token.
    fn piece_radius(&self) -> f32 {
        self.square() * 0.42
    }
}

fn square(pixmap: &mut Pixmap, (x, y): (f32, f32), size: f32, fill: Color, edge: Color) {
    fill_circle(pixmap, x, y, size / 2.0 + 1.5, edge);
    fill_circle(pixmap, x, y, size / 2.0, fill);
}

fn seat_of_arm(game: &Ludo, arm: u8) -> Option<Seat> {
    game.seat_arms().iter().position(|&a| a == arm).map(|s| s as Seat)
}

pub(super) fn draw_board(text: &mut Text, p: &Palette, game: &Ludo) -> Result<Pixmap, RenderError> {
    let mut pixmap = Pixmap::new(WIDTH, WIDTH).ok_or(RenderError::Size(WIDTH, WIDTH))?;
    pixmap.fill(p.background);
    let g = Geometry::new(game.arms());
    fill_circle(&mut pixmap, C, C, C - 6.0, p.board);
    let len = game.track_len();
    // The road: the track's order, so the path around the board reads at a glance.
    let mut pb = PathBuilder::new();
    let (x0, y0) = g.track(0);
    pb.move_to(x0, y0);
    for t in 1..=len {
        let (x, y) = g.track(t);
        pb.line_to(x, y);
    }
    if let Some(path) = pb.finish() {
        let stroke =
            Stroke { width: g.unit * 0.32, line_join: LineJoin::Round, ..Stroke::default() };
        pixmap.stroke_path(&path, &paint(p.line), &stroke, Transform::identity(), None);
    }
    let size = g.square();
    for t in 0..len {
        square(&mut pixmap, g.track(t), size, p.cell_a, p.line);
    }
    for arm in 0..game.arms() {
        let owner = seat_of_arm(game, arm);
        let colour = owner.map_or(p.cell_b, |s| p.seats[usize::from(s)]);
        let light = with_alpha(colour, 0.45);
        // Start square and goal lane in the owner's colour; houses as rings.
        square(&mut pixmap, g.track(i16::from(arm) * 10), size, colour, p.line);
        for i in 0..4 {
            square(&mut pixmap, g.lane(arm, i), size * 0.92, light, colour);
        }
        for k in 0..PIECES {
            let (x, y) = g.house(arm, k);
            fill_circle(&mut pixmap, x, y, size * 0.5, colour);
            fill_circle(&mut pixmap, x, y, size * 0.38, p.cell_a);
        }
        // The lane's entrance: a small arrow at the arm's tip, pointing in.
        let mut pb = PathBuilder::new();
        let (lx, ly) = g.at(arm, 5.2, -0.28);
        let (rx, ry) = g.at(arm, 5.2, 0.28);
        let (ix, iy) = g.at(arm, 4.72, 0.0);
        pb.move_to(lx, ly);
        pb.line_to(ix, iy);
        pb.line_to(rx, ry);
        pb.close();
        if let Some(path) = pb.finish() {
            pixmap.fill_path(&path, &paint(colour), FillRule::Winding, Transform::identity(), None);
        }
    }
    // The hub.
    fill_circle(&mut pixmap, C, C, g.hub * g.unit * 0.62, p.cell_b);
    let style = Style { size: g.unit * 1.1, bold: false, colour: p.muted, anchor: Anchor::Centre };
    text.draw(&mut pixmap, "🎲", C, C, style);
    Ok(pixmap)
}

/// Where a piece stands on the picture.
pub(super) fn piece_xy(g: &Geometry, game: &Ludo, seat: Seat, piece: usize) -> (f32, f32) {
    progress_xy(g, game, seat, piece as u8, game.pieces()[usize::from(seat)][piece])
}

/// Where a piece of `seat` with this progress stands (house spot `piece` when at home).
fn progress_xy(g: &Geometry, game: &Ludo, seat: Seat, piece: u8, p: i16) -> (f32, f32) {
    let arm = game.seat_arms()[usize::from(seat)];
    let len = game.track_len();
    if p == HOUSE {
        g.house(arm, usize::from(piece))
    } else if p < len {
        g.track(i16::from(arm) * 10 + p)
    } else {
        g.lane(arm, p - len)
    }
}

pub(super) fn draw_moving(canvas: &mut Canvas<'_>, game: &Ludo, events: &[Event]) {
    let g = Geometry::new(game.arms());
    draw_last_move(canvas, &g, game, events);
    let legal = game.legal();
    let to_move = legal.to_move();
    let movable: Vec<u8> = match legal {
        Legal::Choose { actions, .. } => actions
            .iter()
            .filter_map(|a| match a {
                Action::Move { piece } => Some(*piece),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    let r = g.piece_radius();
    for seat in 0..game.players() as Seat {
        if !game.departures().is_active(seat) {
            continue;
        }
        for piece in 0..PIECES {
            let (x, y) = piece_xy(&g, game, seat, piece);
            if to_move == Some(seat)
                && movable.contains(&(piece as u8))
                && let Some(path) = PathBuilder::from_circle(x, y, r * 1.45)
            {
                let stroke = Stroke { width: 5.0, ..Stroke::default() };
                let accent = paint(canvas.palette.accent);
                canvas.pixmap.stroke_path(&path, &accent, &stroke, Transform::identity(), None);
            }
            token(canvas, seat, x, y, r, &number(piece + 1, canvas.persian));
        }
    }
}

/// The last move's arrows: a piece's walk or its entry, and a captured piece's way home.
fn draw_last_move(canvas: &mut Canvas<'_>, g: &Geometry, game: &Ludo, events: &[Event]) {
    let accent = with_alpha(canvas.palette.accent, 0.85);
    for e in events {
        match *e {
            Event::PieceMoved { seat, piece, from, to } => {
                let a = progress_xy(g, game, seat, piece, from);
                let b = progress_xy(g, game, seat, piece, to);
                arrow(canvas.pixmap, a, b, accent, 5.0, 0.2);
            }
            Event::Entered { seat, piece } => {
                let a = progress_xy(g, game, seat, piece, HOUSE);
                let b = progress_xy(g, game, seat, piece, 0);
                arrow(canvas.pixmap, a, b, accent, 5.0, 0.2);
            }
            Event::Captured { seat, piece, .. } => {
                // From where it was taken back to its house.
                let to = g.house(game.seat_arms()[usize::from(seat)], usize::from(piece));
                let from = events.iter().find_map(|e| match *e {
                    Event::PieceMoved { seat: s, piece: k, to, .. } => {
                        Some(progress_xy(g, game, s, k, to))
                    }
                    Event::Entered { seat: s, piece: k } => Some(progress_xy(g, game, s, k, 0)),
                    _ => None,
                });
                let Some(from) = from else { continue };
                let red = rgb(0xC0392B);
                arrow(canvas.pixmap, from, to, with_alpha(red, 0.9), 4.0, -0.25);
                let style =
                    Style { size: g.unit * 0.7, bold: true, colour: red, anchor: Anchor::Centre };
                let (x, y) = (from.0 + g.unit * 0.45, from.1 - g.unit * 0.45);
                canvas.text.draw(canvas.pixmap, "✖", x, y, style);
            }
            _ => {}
        }
    }
}

#[cfg(test)]
/// Where a piece is drawn, and its radius.
pub(super) fn centre_of_piece(game: &Ludo, seat: Seat, piece: usize) -> ((f32, f32), f32) {
    let g = Geometry::new(game.arms());
    (piece_xy(&g, game, seat, piece), g.piece_radius())
}
