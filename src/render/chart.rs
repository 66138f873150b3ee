//! The rating chart of `/stats`: a person's rating after each rated game of a season, with its
//! uncertainty band (± two deviations), in the boards' themes and the reader's digits.

use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

use super::text::{Anchor, Style as TextStyle, Text, number};
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
        let title = TextStyle { bold: true, ..ink(&palette, 22.0, Anchor::Centre) };
        text.draw(&mut pixmap, &chart.title, w as f32 / 2.0, 26.0, title);
        let plot = Plot::new(&chart.points);
        let area = Rect::from_ltrb(plot.left, plot.top, plot.right, plot.bottom)
            .ok_or(RenderError::Size(w, h))?;
        let mut paint = Paint { anti_alias: true, ..Paint::default() };
        paint.set_color(palette.board);
        pixmap.fill_rect(area, &paint, Transform::identity(), None);
        plot.grid(&mut pixmap, text, &palette, chart.persian_digits);
        if !chart.points.is_empty() {
            plot.ratings(&mut pixmap, &palette, &chart.points);
            plot.games(&mut pixmap, text, &palette, chart.persian_digits);
        }
        encoding::encode(&pixmap)
    }
}

/// Text in the palette's ink.
fn ink(palette: &Palette, size: f32, anchor: Anchor) -> TextStyle {
    TextStyle { size, bold: false, colour: palette.ink, anchor }
}

/// The plot's edges in pixels, and its scale: ratings from `lo` to `hi` up, `n` games across.
struct Plot {
    left: f32,
    right: f32,
    top: f32,
    bottom: f32,
    lo: f64,
    hi: f64,
    n: usize,
}

impl Plot {
    /// The plot of `points`, on a scale with every band inside, rounded out to 50s.
    fn new(points: &[(f64, f64)]) -> Self {
        let (w, h) = CHART_SIZE;
        let lo = points.iter().map(|(r, d)| r - 2.0 * d).fold(f64::INFINITY, f64::min);
        let hi = points.iter().map(|(r, d)| r + 2.0 * d).fold(f64::NEG_INFINITY, f64::max);
        let (lo, hi) = if lo.is_finite() && hi.is_finite() { (lo, hi) } else { (1400.0, 1600.0) };
        let lo = (lo / 50.0).floor() * 50.0;
        let hi = ((hi / 50.0).ceil() * 50.0).max(lo + 50.0);
        Plot {
            left: 80.0,
            right: w as f32 - 24.0,
            top: 56.0,
            bottom: h as f32 - 40.0,
            lo,
            hi,
            n: points.len().max(1),
        }
    }

    /// Where game `i` stands across.
    fn x(&self, i: usize) -> f32 {
        if self.n == 1 {
            (self.left + self.right) / 2.0
        } else {
            self.left + 12.0 + (self.right - self.left - 24.0) * i as f32 / (self.n - 1) as f32
        }
    }

    /// Where rating `v` stands up.
    fn y(&self, v: f64) -> f32 {
        self.bottom - ((v - self.lo) / (self.hi - self.lo)) as f32 * (self.bottom - self.top)
    }

    /// Grid lines with their values: about five.
    fn grid(&self, pixmap: &mut Pixmap, text: &mut Text, palette: &Palette, persian: bool) {
        let step = (((self.hi - self.lo) / 5.0 / 50.0).ceil() * 50.0).max(50.0);
        let mut v = self.lo;
        let mut paint = Paint { anti_alias: true, ..Paint::default() };
        paint.set_color(palette.line);
        while v <= self.hi + 0.5 {
            let y = self.y(v);
            if let Some(line) = Rect::from_xywh(self.left, y, self.right - self.left, 1.0) {
                pixmap.fill_rect(line, &paint, Transform::identity(), None);
            }
            let label = number(v as i64, persian);
            let style = TextStyle { colour: palette.muted, ..ink(palette, 16.0, Anchor::Right) };
            text.draw(pixmap, &label, self.left - 8.0, y, style);
            v += step;
        }
    }

    /// The ratings: their band, the line through them and a dot at each.
    fn ratings(&self, pixmap: &mut Pixmap, palette: &Palette, points: &[(f64, f64)]) {
        let mut paint = Paint { anti_alias: true, ..Paint::default() };
        // The band: the upper edge left to right, the lower edge back.
        let mut band = PathBuilder::new();
        for (i, (r, d)) in points.iter().enumerate() {
            let (x, y) = (self.x(i), self.y(r + 2.0 * d));
            if i == 0 { band.move_to(x, y) } else { band.line_to(x, y) }
        }
        for (i, (r, d)) in points.iter().enumerate().rev() {
            band.line_to(self.x(i), self.y(r - 2.0 * d));
        }
        band.close();
        let mut shade = palette.seats[4];
        shade.set_alpha(0.28);
        paint.set_color(shade);
        if let Some(path) = band.finish() {
            pixmap.fill_path(&path, &paint, FillRule::Winding, Transform::identity(), None);
        }
        let mut line = PathBuilder::new();
        for (i, (r, _)) in points.iter().enumerate() {
            let (x, y) = (self.x(i), self.y(*r));
            if i == 0 { line.move_to(x, y) } else { line.line_to(x, y) }
        }
        paint.set_color(palette.seats[4]);
        if let Some(path) = line.finish() {
            let stroke = Stroke { width: 3.0, ..Stroke::default() };
            pixmap.stroke_path(&path, &paint, &stroke, Transform::identity(), None);
        }
        paint.set_color(palette.accent);
        for (i, (r, _)) in points.iter().enumerate() {
            if let Some(dot) = PathBuilder::from_circle(self.x(i), self.y(*r), 4.0) {
                pixmap.fill_path(&dot, &paint, FillRule::Winding, Transform::identity(), None);
            }
        }
    }

    /// The games counted along the bottom: the first and the last.
    fn games(&self, pixmap: &mut Pixmap, text: &mut Text, palette: &Palette, persian: bool) {
        let muted = TextStyle { colour: palette.muted, ..ink(palette, 16.0, Anchor::Centre) };
        let y = self.bottom + 18.0;
        text.draw(pixmap, &number(1, persian), self.x(0), y, muted);
        if self.n > 1 {
            text.draw(pixmap, &number(self.n, persian), self.x(self.n - 1), y, muted);
        }
    }
}
