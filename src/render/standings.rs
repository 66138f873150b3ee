//! A group cup's standings as a picture (issue 49): the title, a line per player (place, name,
//! points, Sonneborn–Berger, games), and at the cup's end the first three marked as a podium.
//! The post it comes with says the same in words (its description).

use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Rect, Transform};

use super::text::{Anchor, Style as TextStyle, Text, number};
use super::{Palette, RenderError, Renderer, Theme, encoding, rgb};

/// The picture's width in pixels; its height grows with the players. Narrow, with large
/// text, because phones show it about `PHONE` pixels wide (issue 61: at 800 pixels its
/// words were some 7 pixels high on a phone).
pub const STANDINGS_WIDTH: u32 = 480;
/// The most lines drawn (a bigger cup's picture shows its first ones; the text has them all).
pub const MOST_LINES: usize = 64;
/// How wide a phone shows a chat's picture, in its pixels (a 390-pixel screen less margins).
pub const PHONE: f32 = 360.0;
/// The text sizes, in the picture's pixels: the title (the most it is drawn at; a long one
/// is drawn smaller, down to [`HEAD`]), a line, the column heads. The smallest, shown
/// [`PHONE`] pixels wide, is 12 pixels high.
pub const TITLE: f32 = 24.0;
pub const CELL: f32 = 21.0;
pub const HEAD: f32 = 16.0;
// The smallest text, shown a phone's width, is 12 pixels high (the test says how high each is).
const _: () = assert!(HEAD * PHONE / STANDINGS_WIDTH as f32 >= 12.0);

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
const ROW: f32 = 36.0;
/// A second line of the title moves the rest down this far.
const TITLE_ROW: f32 = 30.0;
/// The margin on each side.
const MARGIN: f32 = 12.0;

impl Renderer {
    /// The standings as a PNG.
    pub fn standings(&self, s: &Standings) -> Result<Vec<u8>, RenderError> {
        let lines = &s.lines[..s.lines.len().min(MOST_LINES)];
        let w = STANDINGS_WIDTH;
        let mut shop = self.workshop();
        let text = &mut shop.text;
        let title = fitted_title(text, &s.title);
        let top = TOP + TITLE_ROW * (title.len() - 1) as f32;
        let h = (top + ROW * lines.len().max(1) as f32 + 24.0) as u32;
        let mut pixmap = Pixmap::new(w, h).ok_or(RenderError::Size(w, h))?;
        let palette = Palette::new(s.theme);
        pixmap.fill(palette.background);
        for (k, (line, size)) in title.iter().enumerate() {
            let y = 30.0 + TITLE_ROW * k as f32;
            let style = ink(&palette, *size, true, Anchor::Centre);
            text.draw(&mut pixmap, line, w as f32 / 2.0, y, style);
        }
        let columns = Columns::new();
        let muted =
            TextStyle { colour: palette.muted, ..ink(&palette, HEAD, false, Anchor::Right) };
        for (head, x) in s.heads.iter().zip([columns.points, columns.sb, columns.games]) {
            text.draw(&mut pixmap, head, x, top - 18.0, muted);
        }
        let mut drawn =
            Lines { pixmap: &mut pixmap, text, palette: &palette, columns, standings: s };
        for (i, line) in lines.iter().enumerate() {
            drawn.draw(top + ROW * i as f32, i, line);
        }
        encoding::encode(&pixmap)
    }
}

/// Text in the palette's ink.
fn ink(palette: &Palette, size: f32, bold: bool, anchor: Anchor) -> TextStyle {
    TextStyle { size, bold, colour: palette.ink, anchor }
}

/// The title on one line, or on two where one would be drawn smaller than a line's text, each
/// with the largest size that fits between the margins (never under a head's).
fn fitted_title(text: &mut Text, title: &str) -> Vec<(String, f32)> {
    let room = STANDINGS_WIDTH as f32 - 2.0 * MARGIN;
    let mut fitted = |line: &str| {
        (0..=(TITLE - HEAD) as usize)
            .map(|k| TITLE - k as f32)
            .find(|&size| size <= HEAD || text.width(line, size, true) <= room)
            .unwrap_or(HEAD)
    };
    let whole = fitted(title);
    match halves(title) {
        Some((a, b)) if whole < CELL => {
            let size = fitted(&a).min(fitted(&b));
            vec![(a, size), (b, size)]
        }
        _ => vec![(title.to_owned(), whole)],
    }
}

/// Where the columns stand across: place, name, then the numbers right-aligned.
#[derive(Clone, Copy)]
struct Columns {
    place: f32,
    name: f32,
    points: f32,
    sb: f32,
    games: f32,
}

impl Columns {
    /// The columns of a picture [`STANDINGS_WIDTH`] wide.
    fn new() -> Self {
        let games = STANDINGS_WIDTH as f32 - MARGIN - 8.0;
        Columns { place: 58.0, name: 66.0, points: games - 128.0, sb: games - 62.0, games }
    }
}

/// What drawing the players' lines needs.
struct Lines<'a> {
    pixmap: &'a mut Pixmap,
    text: &'a mut Text,
    palette: &'a Palette,
    columns: Columns,
    standings: &'a Standings,
}

impl Lines<'_> {
    /// Line `i`, `line`, at `y`: its band, a medal on the podium, then its cells.
    fn draw(&mut self, y: f32, i: usize, line: &StandingLine) {
        let (palette, c) = (self.palette, self.columns);
        let w = STANDINGS_WIDTH;
        let mut paint = Paint { anti_alias: true, ..Paint::default() };
        let medals = [rgb(0xD4A017), rgb(0xA8A9AD), rgb(0xB87333)];
        let band = if i.is_multiple_of(2) { palette.cell_a } else { palette.cell_b };
        paint.set_color(band);
        if let Some(r) = Rect::from_xywh(MARGIN, y, w as f32 - 2.0 * MARGIN, ROW) {
            self.pixmap.fill_rect(r, &paint, Transform::identity(), None);
        }
        let mid = y + ROW / 2.0;
        if self.standings.podium && (1..=3).contains(&line.place) {
            paint.set_color(medals[line.place - 1]);
            if let Some(dot) = PathBuilder::from_circle(24.0, mid, 7.0) {
                self.pixmap.fill_path(&dot, &paint, FillRule::Winding, Transform::identity(), None);
            }
        }
        let colour = if line.withdrawn { palette.muted } else { palette.ink };
        let bold = line.place == 1;
        let cell = |anchor| TextStyle { colour, ..ink(palette, CELL, bold, anchor) };
        let n = |v: u64| number(v, self.standings.persian_digits);
        let (text, pixmap) = (&mut *self.text, &mut *self.pixmap);
        text.draw(pixmap, &format!("{}.", n(line.place as u64)), c.place, mid, cell(Anchor::Right));
        // The name cut to what its column holds (the text has it whole).
        let points = n(line.points.into());
        let room = c.points - text.width(&points, CELL, bold) - 10.0 - c.name;
        let mut name = line.name.clone();
        while name.chars().count() > 1 && text.width(&name, CELL, bold) > room {
            name = name.chars().take(name.chars().count().saturating_sub(2)).collect();
            name.push('…');
        }
        text.draw(pixmap, &name, c.name, mid, cell(Anchor::Left));
        text.draw(pixmap, &points, c.points, mid, cell(Anchor::Right));
        text.draw(pixmap, &n(line.sonneborn.into()), c.sb, mid, cell(Anchor::Right));
        text.draw(pixmap, &n(line.played as u64), c.games, mid, cell(Anchor::Right));
    }
}

/// A title cut in two at the space nearest its middle, if it has one.
fn halves(title: &str) -> Option<(String, String)> {
    let middle = title.len() / 2;
    let at = title.match_indices(' ').map(|(i, _)| i).min_by_key(|i| i.abs_diff(middle))?;
    Some((title[..at].trim_end().to_owned(), title[at..].trim_start().to_owned()))
}
