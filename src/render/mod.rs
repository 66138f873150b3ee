//! Board pictures: engine state + the last events + the players → PNG bytes.
//!
//! A picture is a board (drawn once per layout, theme and digit style, then cached) with the
//! moving parts drawn on a copy: tokens, pieces, checkers, the last move, the dice, and a legend
//! of players under the board. Text is shaped with cosmic-text, so Persian names join right to
//! left and emoji keep their colours. Seats are told apart by colour *and* shape, for colour-blind
//! players. A picture's PNG reuses the compressed rows of its board where they are unchanged.

mod animation;
mod chart;
mod encoding;
mod legend;
mod ludo;
mod nardy;
mod snakes;
mod standings;
pub mod text;

pub use animation::Animation;
pub use chart::{CHART_SIZE, Chart};
pub use encoding::encode;
use encoding::{Colours, encode_picture};
use legend::{draw_legend, legend_height};
pub use standings::{MOST_LINES, STANDINGS_WIDTH, StandingLine, Standings};

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

use crate::engine::snakes::Layout;
use crate::engine::{Event, Game, Seat, Snakes};
use text::{Anchor, Style as TextStyle, Text};

/// The picture's width in pixels.
pub const WIDTH: u32 = 1000;

/// Light or dark chat theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Theme {
    /// For light chat backgrounds.
    #[default]
    Light,
    /// For dark chat backgrounds.
    Dark,
}

crate::engine::from_words!(Theme, "theme", "light" => Light, "dark" => Dark);

/// A seat's player as the picture shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// Display name, any script.
    pub name: String,
}

/// What to draw.
#[derive(Debug, Clone, Copy)]
pub struct Scene<'a> {
    /// The game.
    pub game: &'a Game,
    /// The events of the last action (the last move is traced from them).
    pub events: &'a [Event],
    /// The players by seat.
    pub players: &'a [Player],
    /// The theme.
    pub theme: Theme,
    /// Persian digits on the board (the table's language is Persian).
    pub persian_digits: bool,
}

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The PNG encoder failed.
    #[error("png encoding failed: {0}")]
    Png(#[from] png::EncodingError),
    /// Deflate failed.
    #[error("deflate failed: {0}")]
    Deflate(String),
    /// A pixmap of that size could not be allocated.
    #[error("cannot allocate a {0}×{1} picture")]
    Size(u32, u32),
    /// The classic Snakes board, whose palette random boards share, could not be set up.
    #[error("the classic board: {0}")]
    Classic(#[from] crate::engine::OptionError),
    /// The GIF encoder failed, or a frame did not fit the animation.
    #[error("animation: {0}")]
    Animation(String),
}

/// Draws pictures. Create one and share it between threads: boards are drawn once and cached,
/// and each drawing thread works with text and sprite caches of its own, so pictures drawn at
/// the same time never wait for each other.
pub struct Renderer {
    /// Caches not in use; a picture takes one (or makes one) and gives it back.
    workshops: Mutex<Vec<Workshop>>,
    /// Boards drawn so far (read by every picture, written once per new board).
    boards: RwLock<HashMap<BoardKey, Cached>>,
    /// Boards of one table each (random Snakes boards), kept compressed only once they leave
    /// `boards`: unpacking one takes a few milliseconds, drawing it again fourteen.
    packed: Mutex<HashMap<BoardKey, Packed>>,
    /// A clock for the boards' last use.
    ticks: AtomicU64,
}

/// What drawing one picture needs besides the board: shaped text and sprites, cached from
/// picture to picture. One thread uses a workshop at a time.
#[derive(Default)]
struct Workshop {
    text: Text,
    sprites: Sprites,
    /// The last picture's pixels, given back after encoding: the next picture is drawn into
    /// the same memory rather than a fresh 4 MB each time (which left the allocator's heap
    /// fragmented under load).
    canvas: Vec<u8>,
}

/// The most idle workshops kept (about one per drawing thread; more are dropped when given
/// back).
const MAX_WORKSHOPS: usize = 8;

/// A workshop lent to one picture, given back to the renderer when dropped.
struct Lent<'a> {
    pool: &'a Mutex<Vec<Workshop>>,
    shop: Option<Workshop>,
}

impl Drop for Lent<'_> {
    fn drop(&mut self) {
        let mut pool = self.pool.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(shop) = self.shop.take()
            && pool.len() < MAX_WORKSHOPS
        {
            pool.push(shop);
        }
    }
}

impl std::ops::Deref for Lent<'_> {
    type Target = Workshop;
    fn deref(&self) -> &Workshop {
        self.shop.as_ref().expect("a lent workshop is held until dropped")
    }
}

impl std::ops::DerefMut for Lent<'_> {
    fn deref_mut(&mut self) -> &mut Workshop {
        self.shop.as_mut().expect("a lent workshop is held until dropped")
    }
}

/// Tokens, checkers and dice drawn once per look, then copied into each picture.
#[derive(Default)]
pub(crate) struct Sprites(HashMap<SpriteKey, Pixmap>);

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum SpriteKey {
    Token { seat: Seat, radius: u32, label: String, colour: [u8; 4], halo: bool },
    Checker { white: bool },
    Die { size: u32, value: u8, used: bool },
}

/// The most sprites kept; the cache is cleared when it would grow past this.
const MAX_SPRITES: usize = 2048;

/// A board drawn once, with the 256-colour palette its pictures are encoded with and its own
/// pixels already mapped to that palette.
struct Board {
    pixmap: Pixmap,
    colours: Arc<Colours>,
    /// The board's palette indices.
    indices: Vec<u8>,
    /// The board compressed band by band, for pictures to reuse where they show the board.
    bands: Vec<encoding::Band>,
}

/// A board of one table from its packed bands: its pixels in the palette's colours, their
/// indices as packed, and the packed bands themselves. A picture takes the board's indices
/// only where it shows the board's own pixels, so these serve it as they are: unpacking is an
/// inflate and a palette lookup, with nothing mapped or compressed again (which took longer
/// than the inflate). Where the picture shows the board it decodes to the board's pixels
/// exactly; a fresh lookup of a palette colour may give a neighbour of the same look.
fn own_board(colours: Arc<Colours>, packed: &[encoding::Band]) -> Result<Board, RenderError> {
    let (pixmap, indices) = encoding::unpack(&colours, packed, WIDTH)?;
    Ok(Board { pixmap, colours, indices, bands: packed.to_vec() })
}

/// A board of one table as its bands and palette, and when it was last used.
struct Packed {
    colours: Arc<Colours>,
    bands: Vec<encoding::Band>,
    used: u64,
}

/// The most boards kept packed (a random Snakes board's bands take about 100 KB).
const MAX_PACKED: usize = 128;

/// A cached board and when it was last used (a tick of [`Renderer::ticks`]).
struct Cached {
    board: Arc<Board>,
    used: AtomicU64,
}

/// What a cached board depends on.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum BoardKey {
    Snakes { jumps: Vec<(u8, u8)>, theme: Theme, persian: bool },
    Ludo { arms: u8, seat_arms: Vec<u8>, theme: Theme },
    Nardy { theme: Theme, persian: bool },
}

/// The most boards kept (about 5 MB each: pixels and palette indices); the least recently used
/// goes first. The few boards every table of a kind shares stay in use; random Snakes boards
/// (one per table) come back from `packed` in a few milliseconds, so more room here would hold
/// memory without saving much drawing.
const MAX_BOARDS: usize = 8;

impl Default for Renderer {
    fn default() -> Self {
        Self::new()
    }
}

impl Renderer {
    /// A new, empty animation drawn by this renderer.
    pub fn animation(&self) -> Animation<'_> {
        Animation::new(self)
    }

    /// Loads the fonts.
    pub fn new() -> Self {
        Self {
            workshops: Mutex::new(vec![Workshop::default()]),
            boards: RwLock::new(HashMap::new()),
            packed: Mutex::new(HashMap::new()),
            ticks: AtomicU64::new(0),
        }
    }

    /// A workshop for one picture: an idle one, or a new one if every one is in use.
    fn workshop(&self) -> Lent<'_> {
        let idle = self.workshops.lock().unwrap_or_else(|e| e.into_inner()).pop();
        Lent { pool: &self.workshops, shop: Some(idle.unwrap_or_default()) }
    }

    /// The picture as PNG bytes: 256 colours from the board's palette, about a third of the
    /// size of a true-colour PNG; the rows that show the board as it is are compressed once per
    /// board.
    pub fn render(&self, scene: &Scene<'_>) -> Result<Vec<u8>, RenderError> {
        let board = self.board(scene, &Palette::new(scene.theme))?;
        let mut shop = self.workshop();
        let pixmap = self.draw(scene, &board, &mut shop)?;
        let reuse = Some((&board.pixmap, &board.indices[..], &board.bands[..]));
        let png = encode_picture(&board.colours, &pixmap, reuse);
        shop.canvas = pixmap.take();
        png
    }

    /// The picture as true-colour pixels (for tests and for callers that encode themselves).
    pub fn render_pixmap(&self, scene: &Scene<'_>) -> Result<Pixmap, RenderError> {
        let board = self.board(scene, &Palette::new(scene.theme))?;
        self.draw(scene, &board, &mut self.workshop())
    }

    fn draw(
        &self,
        scene: &Scene<'_>,
        board: &Board,
        shop: &mut Workshop,
    ) -> Result<Pixmap, RenderError> {
        let palette = Palette::new(scene.theme);
        let board = &board.pixmap;
        let legend_h = legend_height(scene.game.players());
        let height = board.height() + legend_h;
        // One pass: the cached board's rows, then the legend's background.
        let mut data = std::mem::take(&mut shop.canvas);
        data.clear();
        data.reserve_exact((WIDTH * height * 4) as usize);
        data.extend_from_slice(board.data());
        let bg = palette.background.premultiply().to_color_u8();
        let bg = [bg.red(), bg.green(), bg.blue(), bg.alpha()];
        data.extend(std::iter::repeat_n(bg, (WIDTH * legend_h) as usize).flatten());
        let size = tiny_skia::IntSize::from_wh(WIDTH, height).ok_or(Size(WIDTH, height))?;
        let mut pixmap = Pixmap::from_vec(data, size).ok_or(Size(WIDTH, height))?;
        let Workshop { text, sprites, .. } = shop;
        let mut canvas = Canvas {
            pixmap: &mut pixmap,
            text,
            sprites,
            palette: &palette,
            persian: scene.persian_digits,
        };
        match scene.game {
            Game::Snakes(g) => snakes::draw_moving(&mut canvas, g, scene.events),
            Game::Ludo(g) => ludo::draw_moving(&mut canvas, g, scene.events),
            Game::Nardy(g) => nardy::draw_moving(&mut canvas, g, scene.events),
        }
        draw_legend(&mut canvas, scene, board.height() as f32);
        Ok(pixmap)
    }

    fn board(&self, scene: &Scene<'_>, palette: &Palette) -> Result<Arc<Board>, RenderError> {
        let key = match scene.game {
            Game::Snakes(g) => BoardKey::Snakes {
                jumps: g.layout().ladders().iter().chain(g.layout().snakes()).copied().collect(),
                theme: scene.theme,
                persian: scene.persian_digits,
            },
            Game::Ludo(g) => BoardKey::Ludo {
                arms: g.arms(),
                seat_arms: g.seat_arms().to_vec(),
                theme: scene.theme,
            },
            Game::Nardy(_) => BoardKey::Nardy { theme: scene.theme, persian: scene.persian_digits },
        };
        if let Some(cached) = self.boards.read().unwrap_or_else(|e| e.into_inner()).get(&key) {
            cached.used.store(self.ticks.fetch_add(1, Ordering::Relaxed), Ordering::Relaxed);
            return Ok(cached.board.clone());
        }
        let tick = self.ticks.fetch_add(1, Ordering::Relaxed);
        let packed = {
            let mut packed = self.packed.lock().unwrap_or_else(|e| e.into_inner());
            packed.get_mut(&key).map(|p| {
                p.used = tick;
                (p.colours.clone(), p.bands.clone())
            })
        };
        if let Some((colours, packed)) = packed {
            return Ok(self.keep(key, own_board(colours, &packed)?));
        }
        // A new board, drawn outside the lock (two threads may both draw it; both pictures
        // are the same, and one is kept).
        let mut shop = self.workshop();
        let text = &mut shop.text;
        let pixmap = match scene.game {
            Game::Snakes(g) => snakes::draw_board(text, palette, g.layout(), scene.persian_digits)?,
            Game::Ludo(g) => ludo::draw_board(text, palette, g)?,
            Game::Nardy(_) => nardy::draw_board(text, palette, scene.persian_digits)?,
        };
        drop(shop);
        // A random Snakes board is drawn in the classic board's colours: it takes that board's
        // palette (learnt once) instead of learning one of its own.
        let classic = Layout::classic();
        let (colours, level) = match &key {
            BoardKey::Snakes { jumps, .. }
                if !jumps.iter().eq(classic.ladders().iter().chain(classic.snakes())) =>
            {
                let options = crate::engine::snakes::SnakesOptions::default();
                let game = Snakes::new(2, options, classic, 0)?;
                let scene = Scene { game: &Game::Snakes(game), ..*scene };
                (self.board(&scene, palette)?.colours.clone(), encoding::OWN_BOARD)
            }
            _ => (Arc::new(Colours::learn(&pixmap, palette)), encoding::SHARED_BOARD),
        };
        let (indices, bands) = encoding::bands(&colours, &pixmap, level)?;
        if level == encoding::OWN_BOARD {
            // A board of one table is used as its bands hold it, so that a picture is the same
            // whether its board was just drawn or unpacked again later.
            let board = own_board(colours.clone(), &bands)?;
            let mut packed = self.packed.lock().unwrap_or_else(|e| e.into_inner());
            if packed.len() >= MAX_PACKED {
                let oldest = packed.iter().min_by_key(|(_, p)| p.used).map(|(k, _)| k.clone());
                if let Some(oldest) = oldest {
                    packed.remove(&oldest);
                }
            }
            packed.insert(key.clone(), Packed { colours, bands, used: tick });
            drop(packed);
            return Ok(self.keep(key, board));
        }
        Ok(self.keep(key, Board { pixmap, colours, indices, bands }))
    }

    /// Keeps a board among the drawn ones (the least recently used leaves when full); the
    /// board kept (another thread's, if it was quicker).
    fn keep(&self, key: BoardKey, board: Board) -> Arc<Board> {
        let board = Arc::new(board);
        let mut boards = self.boards.write().unwrap_or_else(|e| e.into_inner());
        if boards.len() >= MAX_BOARDS && !boards.contains_key(&key) {
            let oldest = boards
                .iter()
                .min_by_key(|(_, c)| c.used.load(Ordering::Relaxed))
                .map(|(k, _)| k.clone());
            if let Some(oldest) = oldest {
                boards.remove(&oldest);
            }
        }
        let used = AtomicU64::new(self.ticks.fetch_add(1, Ordering::Relaxed));
        boards.entry(key).or_insert(Cached { board, used }).board.clone()
    }
}

use RenderError::Size;

/// Colours of a theme. Seat colours are Okabe and Ito's colour-blind-safe set.
pub(crate) struct Palette {
    pub background: Color,
    pub board: Color,
    pub cell_a: Color,
    pub cell_b: Color,
    pub line: Color,
    pub ink: Color,
    pub muted: Color,
    pub accent: Color,
    /// A light ring around every token's dark edge on the dark board, so that a piece stands
    /// out at 3:1 or better on dark squares and light ones (the gold goal) whatever its colour
    /// and the player's colour vision (issue 48; `render::tests`). None on the light board,
    /// where the dark edge does.
    pub halo: Option<Color>,
    pub seats: [Color; 8],
}

fn rgb(hex: u32) -> Color {
    Color::from_rgba8((hex >> 16) as u8, (hex >> 8) as u8, hex as u8, 255)
}

impl Palette {
    fn new(theme: Theme) -> Self {
        let seats =
            [0xE69F00, 0x56B4E9, 0x009E73, 0xF0E442, 0x0072B2, 0xD55E00, 0xCC79A7, 0x9A9A9A]
                .map(rgb);
        match theme {
            Theme::Light => Self {
                background: rgb(0xF6F1E7),
                board: rgb(0xE9DCC4),
                cell_a: rgb(0xFBF7EF),
                cell_b: rgb(0xF0E4CC),
                line: rgb(0xB8A684),
                ink: rgb(0x2A2623),
                // 4.5:1 or better on every cell shade (0x8A7F70 read at 3.1:1).
                muted: rgb(0x6A6054),
                accent: rgb(0xC0392B),
                halo: None,
                seats,
            },
            Theme::Dark => Self {
                background: rgb(0x1B1E24),
                board: rgb(0x262A31),
                cell_a: rgb(0x2E333B),
                cell_b: rgb(0x383E48),
                line: rgb(0x4C5360),
                ink: rgb(0xECEAE6),
                muted: rgb(0x9AA0A8),
                accent: rgb(0xFF7A59),
                halo: Some(rgb(0xF0F0F0)),
                seats: {
                    let mut s = seats;
                    s[7] = rgb(0xC8C8C8);
                    s
                },
            },
        }
    }

    /// The gold of a winner's banner and of the goal square.
    pub const GOLD: u32 = 0xF2C94C;
    /// Text on gold: dark in both themes (near-white on gold reads at about 1.3:1).
    pub const ON_GOLD: u32 = 0x2A2623;

    /// Black or white, whichever reads better on `c`.
    pub fn on(c: Color) -> Color {
        let l = 0.299 * c.red() + 0.587 * c.green() + 0.114 * c.blue();
        if l > 0.55 { rgb(0x111111) } else { Color::WHITE }
    }
}

/// The drawing surface of one picture.
pub(crate) struct Canvas<'a> {
    pub pixmap: &'a mut Pixmap,
    pub text: &'a mut Text,
    pub sprites: &'a mut Sprites,
    pub palette: &'a Palette,
    pub persian: bool,
}

pub(crate) fn paint(c: Color) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(c);
    p.anti_alias = true;
    p
}

pub(crate) fn fill_circle(pixmap: &mut Pixmap, x: f32, y: f32, r: f32, c: Color) {
    if let Some(path) = PathBuilder::from_circle(x, y, r) {
        pixmap.fill_path(&path, &paint(c), FillRule::Winding, Transform::identity(), None);
    }
}

pub(crate) fn fill_rect(pixmap: &mut Pixmap, x: f32, y: f32, w: f32, h: f32, c: Color) {
    if let Some(rect) = Rect::from_xywh(x, y, w, h) {
        pixmap.fill_rect(rect, &paint(c), Transform::identity(), None);
    }
}

pub(crate) fn rounded_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<tiny_skia::Path> {
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.quad_to(x + w, y, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.quad_to(x + w, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.quad_to(x, y + h, x, y + h - r);
    pb.line_to(x, y + r);
    pb.quad_to(x, y, x + r, y);
    pb.close();
    pb.finish()
}

/// The outline of seat `seat`'s token shape, centred at (x, y) with radius r: circle, square,
/// diamond, triangle, hexagon, star, pentagon, cross.
pub(crate) fn seat_shape(seat: Seat, x: f32, y: f32, r: f32) -> Option<tiny_skia::Path> {
    let polygon = |points: &[(f32, f32)]| {
        let mut pb = PathBuilder::new();
        for (i, &(px, py)) in points.iter().enumerate() {
            if i == 0 {
                pb.move_to(x + px * r, y + py * r)
            } else {
                pb.line_to(x + px * r, y + py * r)
            }
        }
        pb.close();
        pb.finish()
    };
    let regular = |n: usize, rot: f32, scale: f32| {
        let pts: Vec<(f32, f32)> = (0..n)
            .map(|k| {
                let a = rot + k as f32 * std::f32::consts::TAU / n as f32;
                (scale * a.cos(), scale * a.sin())
            })
            .collect();
        polygon(&pts)
    };
    let up = -std::f32::consts::FRAC_PI_2;
    match seat % 8 {
        0 => PathBuilder::from_circle(x, y, r * 0.92),
        1 => polygon(&[(-0.8, -0.8), (0.8, -0.8), (0.8, 0.8), (-0.8, 0.8)]),
        2 => polygon(&[(0.0, -1.05), (1.05, 0.0), (0.0, 1.05), (-1.05, 0.0)]),
        3 => regular(3, up, 1.12),
        4 => regular(6, 0.0, 1.0),
        5 => {
            let pts: Vec<(f32, f32)> = (0..10)
                .map(|k| {
                    let a = up + k as f32 * std::f32::consts::PI / 5.0;
                    let s = if k % 2 == 0 { 1.12 } else { 0.55 };
                    (s * a.cos(), s * a.sin())
                })
                .collect();
            polygon(&pts)
        }
        6 => regular(5, up, 1.02),
        _ => polygon(&[
            (-0.45, -1.0),
            (0.45, -1.0),
            (0.45, -0.45),
            (1.0, -0.45),
            (1.0, 0.45),
            (0.45, 0.45),
            (0.45, 1.0),
            (-0.45, 1.0),
            (-0.45, 0.45),
            (-1.0, 0.45),
            (-1.0, -0.45),
            (-0.45, -0.45),
        ]),
    }
}

impl Canvas<'_> {
    /// Copies a sprite centred at (x, y) into the picture, drawing it first if it is new.
    pub(crate) fn sprite(
        &mut self,
        key: SpriteKey,
        size: u32,
        (x, y): (f32, f32),
        draw: impl FnOnce(&mut Pixmap, &mut Text),
    ) {
        if !self.sprites.0.contains_key(&key) {
            if self.sprites.0.len() >= MAX_SPRITES {
                self.sprites.0.clear();
            }
            let Some(mut sprite) = Pixmap::new(size, size) else { return };
            draw(&mut sprite, self.text);
            self.sprites.0.insert(key.clone(), sprite);
        }
        let sprite = &self.sprites.0[&key];
        let half = size as f32 / 2.0;
        let (x0, y0) = ((x - half).round() as i64, (y - half).round() as i64);
        blend(self.pixmap, sprite, x0, y0);
    }
}

/// Draws `sprite` over `pixmap` with its top-left corner at (x0, y0), clipped to the picture:
/// premultiplied source-over, pixel for pixel (a sprite is only ever placed at whole pixels).
fn blend(pixmap: &mut Pixmap, sprite: &Pixmap, x0: i64, y0: i64) {
    let (pw, ph) = (i64::from(pixmap.width()), i64::from(pixmap.height()));
    let (sw, sh) = (i64::from(sprite.width()), i64::from(sprite.height()));
    let (left, top) = ((-x0).max(0), (-y0).max(0));
    let (right, bottom) = (sw.min(pw - x0), sh.min(ph - y0));
    if left >= right || top >= bottom {
        return;
    }
    let cols = (right - left) as usize;
    let src = sprite.data();
    let dst = pixmap.data_mut();
    for sy in top..bottom {
        let s = ((sy * sw + left) * 4) as usize;
        let d = (((y0 + sy) * pw + x0 + left) * 4) as usize;
        let (s, d) = (&src[s..s + cols * 4], &mut dst[d..d + cols * 4]);
        for (s, d) in s.chunks_exact(4).zip(d.chunks_exact_mut(4)) {
            match s[3] {
                0 => {}
                255 => d.copy_from_slice(s),
                a => {
                    let keep = 255 - u16::from(a);
                    for c in 0..4 {
                        let t = u16::from(d[c]) * keep + 128;
                        d[c] = s[c].saturating_add(((t + (t >> 8)) >> 8) as u8);
                    }
                }
            }
        }
    }
}

/// A seat's token: its shape in its colour with an outline and a label.
pub(crate) fn token(canvas: &mut Canvas<'_>, seat: Seat, x: f32, y: f32, r: f32, label: &str) {
    let colour = canvas.palette.seats[usize::from(seat) % 8];
    let c = colour.to_color_u8();
    let size = (r * 2.7).ceil() as u32 + 6;
    let key = SpriteKey::Token {
        seat,
        radius: r.to_bits(),
        label: label.to_owned(),
        colour: [c.red(), c.green(), c.blue(), c.alpha()],
        halo: canvas.palette.halo.is_some(),
    };
    let halo = canvas.palette.halo;
    let centre = size as f32 / 2.0;
    canvas.sprite(key, size, (x, y), |pixmap, text| {
        if let Some(path) = seat_shape(seat, centre + r * 0.08, centre + r * 0.12, r) {
            let shadow = Color::from_rgba8(0, 0, 0, 70);
            pixmap.fill_path(&path, &paint(shadow), FillRule::Winding, Transform::identity(), None);
        }
        if let Some(path) = seat_shape(seat, centre, centre, r) {
            pixmap.fill_path(&path, &paint(colour), FillRule::Winding, Transform::identity(), None);
            let width = (r * 0.12).max(1.5);
            if let Some(halo) = halo {
                let stroke = Stroke { width: width * 3.0, ..Stroke::default() };
                pixmap.stroke_path(&path, &paint(halo), &stroke, Transform::identity(), None);
                pixmap.fill_path(
                    &path,
                    &paint(colour),
                    FillRule::Winding,
                    Transform::identity(),
                    None,
                );
            }
            let stroke = Stroke { width, ..Stroke::default() };
            pixmap.stroke_path(&path, &paint(rgb(0x1A1A1A)), &stroke, Transform::identity(), None);
        }
        if !label.is_empty() {
            let style = TextStyle {
                size: r * 1.15,
                bold: true,
                colour: Palette::on(colour),
                anchor: Anchor::Centre,
            };
            text.draw(pixmap, label, centre, centre, style);
        }
    });
}

/// A die showing `value` with its top-left corner at (x, y).
pub(crate) fn die(canvas: &mut Canvas<'_>, x: f32, y: f32, size: f32, value: u8, used: bool) {
    let side = size.ceil() as u32 + 6;
    let key = SpriteKey::Die { size: size.to_bits(), value, used };
    let o = (side as f32 - size) / 2.0;
    canvas.sprite(key, side, (x + size / 2.0, y + size / 2.0), |pixmap, _| {
        die_face(pixmap, o, o, size, value, used)
    });
}

fn die_face(pixmap: &mut Pixmap, x: f32, y: f32, size: f32, value: u8, used: bool) {
    let (face, pip) = if used {
        (Color::from_rgba8(200, 200, 200, 150), Color::from_rgba8(90, 90, 90, 170))
    } else {
        (Color::WHITE, rgb(0x1A1A1A))
    };
    if let Some(path) = rounded_rect(x, y, size, size, size * 0.18) {
        pixmap.fill_path(&path, &paint(face), FillRule::Winding, Transform::identity(), None);
        let stroke = Stroke { width: size * 0.05, ..Stroke::default() };
        pixmap.stroke_path(&path, &paint(rgb(0x333333)), &stroke, Transform::identity(), None);
    }
    let spots: &[(f32, f32)] = match value {
        1 => &[(0.5, 0.5)],
        2 => &[(0.27, 0.27), (0.73, 0.73)],
        3 => &[(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
        4 => &[(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
        5 => &[(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
        _ => &[(0.27, 0.23), (0.73, 0.23), (0.27, 0.5), (0.73, 0.5), (0.27, 0.77), (0.73, 0.77)],
    };
    for &(fx, fy) in spots {
        fill_circle(pixmap, x + size * fx, y + size * fy, size * 0.09, pip);
    }
}

/// An arrow from one point to another, as a gentle curve.
pub(crate) fn arrow(
    pixmap: &mut Pixmap,
    from: (f32, f32),
    to: (f32, f32),
    c: Color,
    width: f32,
    bend: f32,
) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (nx, ny) = (-dy / len, dx / len);
    let ctrl = ((from.0 + to.0) / 2.0 + nx * bend * len, (from.1 + to.1) / 2.0 + ny * bend * len);
    let mut pb = PathBuilder::new();
    pb.move_to(from.0, from.1);
    pb.quad_to(ctrl.0, ctrl.1, to.0, to.1);
    if let Some(path) = pb.finish() {
        let stroke = Stroke { width, line_cap: tiny_skia::LineCap::Round, ..Stroke::default() };
        pixmap.stroke_path(&path, &paint(c), &stroke, Transform::identity(), None);
    }
    // The head points along the curve's last tangent.
    let (tx, ty) = (to.0 - ctrl.0, to.1 - ctrl.1);
    let tl = (tx * tx + ty * ty).sqrt().max(1.0);
    let (ux, uy) = (tx / tl, ty / tl);
    let h = width * 3.2;
    let mut pb = PathBuilder::new();
    pb.move_to(to.0 + ux * h * 0.3, to.1 + uy * h * 0.3);
    pb.line_to(to.0 - ux * h - uy * h * 0.6, to.1 - uy * h + ux * h * 0.6);
    pb.line_to(to.0 - ux * h + uy * h * 0.6, to.1 - uy * h - ux * h * 0.6);
    pb.close();
    if let Some(path) = pb.finish() {
        pixmap.fill_path(&path, &paint(c), FillRule::Winding, Transform::identity(), None);
    }
}

/// The dice of the last roll in the events, if any, and whose roll it was.
pub(crate) fn last_roll(events: &[Event]) -> Option<(Option<Seat>, Vec<u8>)> {
    events.iter().rev().find_map(|e| match e {
        Event::Rolled { seat, dice } => Some((Some(*seat), dice.clone())),
        Event::RollOff { rolls } => Some((None, rolls.iter().map(|r| r[1]).collect())),
        _ => None,
    })
}

/// How many of Ludo's three tries the last action used, when it was a try that failed (the
/// events say "try again").
pub(crate) fn tries_used(events: &[Event]) -> Option<u8> {
    events.iter().rev().find_map(|e| match e {
        Event::TryAgain { try_number, .. } => Some(try_number.saturating_sub(1)),
        _ => None,
    })
}

#[cfg(test)]
mod tests;
