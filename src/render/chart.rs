//! The rating chart of `/stats`: a person's rating after each rated game of a season, with its
//! uncertainty band (± two deviations), in the boards' themes and the reader's digits.

use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

use super::text::{Anchor, Style as TextStyle, number};
use super::{Palette, RenderError, Renderer, Theme, encoding};

/// The chart's size in pixels.
pub const CHART_SIZE: (u32, u32) = (800, 420);

/// What the chart shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    /// The title (the game and season, in the reader's words).
    pub title: String,
    /// The rating after each game, as shown, with its shown deviation: `(rating, deviation)`.
    pub points: Vec<(f64, f64)>,
    /// The theme.
    pub theme: Theme,
    /// Persian digits on the axis.
    pub persian_digits: bool,
}

impl Renderer {
    /// The chart as a PNG.
    pub fn chart(&self, chart: &Chart) -> Result<Vec<u8>, RenderError> {
        let (w, h) = CHART_SIZE;
        let mut pixmap = Pixmap::new(w, h).ok_or(RenderError::Size(w, h))?;
        let palette = Palette::new(chart.theme);
        pixmap.fill(palette.background);
        let mut shop = self.workshop();
        let text = &mut shop.text;
        let ink = |size: f32, anchor: Anchor| TextStyle {
            size,
            bold: false,
            colour: palette.ink,
            anchor,
        };
        text.draw(
            &mut pixmap,
            &chart.title,
            w as f32 / 2.0,
            26.0,
            TextStyle { bold: true, ..ink(22.0, Anchor::Centre) },
        );
        let (left, right, top, bottom) = (80.0f32, w as f32 - 24.0, 56.0f32, h as f32 - 40.0);
        let plot = Rect::from_ltrb(left, top, right, bottom).ok_or(RenderError::Size(w, h))?;
        let mut paint = Paint { anti_alias: true, ..Paint::default() };
        paint.set_color(palette.board);
        pixmap.fill_rect(plot, &paint, Transform::identity(), None);
        // The scale: every band inside, rounded out to 50s.
        let lo = chart.points.iter().map(|(r, d)| r - 2.0 * d).fold(f64::INFINITY, f64::min);
        let hi = chart.points.iter().map(|(r, d)| r + 2.0 * d).fold(f64::NEG_INFINITY, f64::max);
        let (lo, hi) = if lo.is_finite() && hi.is_finite() { (lo, hi) } else { (1400.0, 1600.0) };
        let lo = (lo / 50.0).floor() * 50.0;
        let hi = ((hi / 50.0).ceil() * 50.0).max(lo + 50.0);
        let n = chart.points.len().max(1);
        let x_of = |i: usize| {
            if n == 1 {
                (left + right) / 2.0
            } else {
                left + 12.0 + (right - left - 24.0) * i as f32 / (n - 1) as f32
            }
        };
        let y_of = |v: f64| bottom - ((v - lo) / (hi - lo)) as f32 * (bottom - top);
        // Grid lines with their values: about five.
        let step = (((hi - lo) / 5.0 / 50.0).ceil() * 50.0).max(50.0);
        let mut v = lo;
        paint.set_color(palette.line);
        while v <= hi + 0.5 {
            let y = y_of(v);
            if let Some(line) = Rect::from_xywh(left, y, right - left, 1.0) {
                pixmap.fill_rect(line, &paint, Transform::identity(), None);
            }
            let label = number(v as i64, chart.persian_digits);
            text.draw(
                &mut pixmap,
                &label,
                left - 8.0,
                y,
                TextStyle { colour: palette.muted, ..ink(16.0, Anchor::Right) },
            );
            v += step;
        }
        if !chart.points.is_empty() {
            // The band: the upper edge left to right, the lower edge back.
            let mut band = PathBuilder::new();
            for (i, (r, d)) in chart.points.iter().enumerate() {
                let (x, y) = (x_of(i), y_of(r + 2.0 * d));
                if i == 0 { band.move_to(x, y) } else { band.line_to(x, y) }
            }
            for (i, (r, d)) in chart.points.iter().enumerate().rev() {
                band.line_to(x_of(i), y_of(r - 2.0 * d));
            }
            band.close();
            let mut shade = palette.seats[4];
            shade.set_alpha(0.28);
            paint.set_color(shade);
            if let Some(path) = band.finish() {
                pixmap.fill_path(&path, &paint, FillRule::Winding, Transform::identity(), None);
            }
            let mut line = PathBuilder::new();
            for (i, (r, _)) in chart.points.iter().enumerate() {
                let (x, y) = (x_of(i), y_of(*r));
                if i == 0 { line.move_to(x, y) } else { line.line_to(x, y) }
            }
            paint.set_color(palette.seats[4]);
            if let Some(path) = line.finish() {
                let stroke = Stroke { width: 3.0, ..Stroke::default() };
                pixmap.stroke_path(&path, &paint, &stroke, Transform::identity(), None);
            }
            paint.set_color(palette.accent);
            for (i, (r, _)) in chart.points.iter().enumerate() {
                if let Some(dot) = PathBuilder::from_circle(x_of(i), y_of(*r), 4.0) {
                    pixmap.fill_path(&dot, &paint, FillRule::Winding, Transform::identity(), None);
                }
            }
            // The games counted along the bottom: the first and the last.
            let muted = TextStyle { colour: palette.muted, ..ink(16.0, Anchor::Centre) };
            text.draw(&mut pixmap, &number(1, chart.persian_digits), x_of(0), bottom + 18.0, muted);
            if n > 1 {
                text.draw(
                    &mut pixmap,
                    &number(n, chart.persian_digits),
                    x_of(n - 1),
                    bottom + 18.0,
                    muted,
                );
            }
        }
        encoding::encode(&pixmap)
    }
}
