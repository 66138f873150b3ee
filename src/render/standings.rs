//! A group cup's standings as a picture (issue 49): the title, a line per player (place, name,
//! points, Sonneborn–Berger, games), and at the cup's end the first three marked as a podium.
//! The post it comes with says the same in words (its description).

use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Rect, Transform};

use super::text::{Anchor, Style as TextStyle, number};
use super::{Palette, RenderError, Renderer, Theme, encoding, rgb};

/// The picture's width in pixels; its height grows with the players.
pub const STANDINGS_WIDTH: u32 = 800;
/// The most lines drawn (a bigger cup's picture shows its first ones; the text has them all).
pub const MOST_LINES: usize = 64;

/// What the standings picture shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Standings {
    /// The title (the cup and its round, in the reader's words).
    pub title: String,
    /// The column heads, in the reader's words: points, SB, games.
    pub heads: [String; 3],
    /// A line per player, best first.
    pub lines: Vec<StandingLine>,
    /// The cup is over: the first three are marked gold, silver and bronze.
    pub podium: bool,
    /// The theme.
    pub theme: Theme,
    /// Persian digits.
    pub persian_digits: bool,
}

/// One player's line.
#[derive(Debug, Clone, PartialEq)]
pub struct StandingLine {
    /// Their place (shared places repeat).
    pub place: usize,
    /// Their name.
    pub name: String,
    /// Points.
    pub points: u32,
    /// Sonneborn–Berger.
    pub sonneborn: u32,
    /// Games played.
    pub played: usize,
    /// Withdrawn: drawn muted.
    pub withdrawn: bool,
}

const TOP: f32 = 96.0;

/// A name cut to what its column holds.
fn clipped(name: &str) -> String {
    const MOST: usize = 26;
    if name.chars().count() <= MOST {
        return name.to_owned();
    }
    name.chars().take(MOST - 1).chain(['…']).collect()
}
const ROW: f32 = 36.0;

impl Renderer {
    /// The standings as a PNG.
    pub fn standings(&self, s: &Standings) -> Result<Vec<u8>, RenderError> {
        let lines = &s.lines[..s.lines.len().min(MOST_LINES)];
        let w = STANDINGS_WIDTH;
        let h = (TOP + ROW * lines.len().max(1) as f32 + 24.0) as u32;
        let mut pixmap = Pixmap::new(w, h).ok_or(RenderError::Size(w, h))?;
        let palette = Palette::new(s.theme);
        pixmap.fill(palette.background);
        let mut shop = self.workshop();
        let text = &mut shop.text;
        let style = |size: f32, bold: bool, anchor: Anchor| TextStyle {
            size,
            bold,
            colour: palette.ink,
            anchor,
        };
        text.draw(&mut pixmap, &s.title, w as f32 / 2.0, 30.0, style(24.0, true, Anchor::Centre));
        // Columns: place, name, then the numbers right-aligned.
        let (place_x, name_x, points_x, sb_x, games_x) = (84.0, 100.0, 560.0, 660.0, 760.0);
        let muted = TextStyle { colour: palette.muted, ..style(16.0, false, Anchor::Right) };
        for (head, x) in s.heads.iter().zip([points_x, sb_x, games_x]) {
            text.draw(&mut pixmap, head, x, TOP - 18.0, muted);
        }
        let mut paint = Paint { anti_alias: true, ..Paint::default() };
        let medals = [rgb(0xD4A017), rgb(0xA8A9AD), rgb(0xB87333)];
        for (i, line) in lines.iter().enumerate() {
            let y = TOP + ROW * i as f32;
            let band = if i % 2 == 0 { palette.cell_a } else { palette.cell_b };
            paint.set_color(band);
            if let Some(r) = Rect::from_xywh(24.0, y, w as f32 - 48.0, ROW) {
                pixmap.fill_rect(r, &paint, Transform::identity(), None);
            }
            let mid = y + ROW / 2.0;
            if s.podium && (1..=3).contains(&line.place) {
                paint.set_color(medals[line.place - 1]);
                if let Some(dot) = PathBuilder::from_circle(46.0, mid, 9.0) {
                    pixmap.fill_path(&dot, &paint, FillRule::Winding, Transform::identity(), None);
                }
            }
            let colour = if line.withdrawn { palette.muted } else { palette.ink };
            let cell = |anchor| TextStyle { colour, ..style(19.0, line.place == 1, anchor) };
            let n = |v: u64| number(v, s.persian_digits);
            text.draw(
                &mut pixmap,
                &format!("{}.", n(line.place as u64)),
                place_x,
                mid,
                cell(Anchor::Right),
            );
            text.draw(&mut pixmap, &clipped(&line.name), name_x, mid, cell(Anchor::Left));
            text.draw(&mut pixmap, &n(line.points.into()), points_x, mid, cell(Anchor::Right));
            text.draw(&mut pixmap, &n(line.sonneborn.into()), sb_x, mid, cell(Anchor::Right));
            text.draw(&mut pixmap, &n(line.played as u64), games_x, mid, cell(Anchor::Right));
        }
        encoding::encode(&pixmap)
    }
}
