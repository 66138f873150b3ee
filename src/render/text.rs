//! Text: shaping with cosmic-text (Persian joined right-to-left, Cyrillic, emoji) and blending the
//! glyphs into a tiny-skia pixmap. The fonts are embedded in the binary and parsed once.

use cosmic_text::{
    Attrs, Buffer, Family, FontSystem, Metrics, Shaping, SwashCache, SwashContent, Weight, fontdb,
};
use std::collections::HashMap;

use tiny_skia::{Color, Pixmap};

const FONTS: [&[u8]; 5] = [
    include_bytes!("../../assets/fonts/NotoSans-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSans-Bold.ttf"),
    include_bytes!("../../assets/fonts/NotoSansArabic-Regular.ttf"),
    include_bytes!("../../assets/fonts/NotoSansArabic-Bold.ttf"),
    include_bytes!("../../assets/fonts/NotoColorEmoji.ttf"),
];

/// Where a piece of text is anchored horizontally.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// `x` is the left edge.
    Left,
    /// `x` is the centre.
    Centre,
    /// `x` is the right edge.
    Right,
}

/// How a piece of text looks.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// Font size in pixels.
    pub size: f32,
    /// Bold or regular.
    pub bold: bool,
    /// Colour.
    pub colour: Color,
    /// Horizontal anchor.
    pub anchor: Anchor,
}

/// A piece of text rasterised once: premultiplied RGBA pixels and where they sit relative to the
/// text's left edge and top.
struct Rendered {
    width: f32,
    height: f32,
    x: i32,
    y: i32,
    w: i32,
    pixels: Vec<[u8; 4]>,
}

type Key = (String, u32, bool, [u8; 4]);

/// The most rasterised texts kept; the cache is cleared when it would grow past this.
const MAX_TEXTS: usize = 4096;

/// The most bytes of rasterised texts (and glyph images) one workshop keeps; its caches are
/// cleared when they would grow past this. One board's labels take a few hundred kilobytes;
/// a replay's captions all differ, and counted by texts alone (4,096 of up to 200 KB each)
/// they held hundreds of megabytes that no later board used (issue 46, item 1).
pub const MAX_TEXT_BYTES: usize = 4 << 20;

/// The font system, the glyph cache, and a cache of rasterised texts: labels and names repeat
/// from turn to turn, so each is shaped and rasterised once.
pub struct Text {
    fonts: FontSystem,
    glyphs: SwashCache,
    buffer: Option<Buffer>,
    texts: HashMap<Key, Rendered>,
    /// The bytes the rasterised texts and glyph images hold.
    bytes: usize,
}

impl Default for Text {
    fn default() -> Self {
        Self::new()
    }
}

impl Text {
    /// Loads the embedded fonts.
    pub fn new() -> Self {
        let mut db = fontdb::Database::new();
        // The embedded bytes themselves, not copies: every workshop's font system shares them.
        for font in FONTS {
            db.load_font_source(fontdb::Source::Binary(std::sync::Arc::new(font)));
        }
        db.set_sans_serif_family("Noto Sans");
        let fonts = FontSystem::new_with_locale_and_db("en-US".into(), db);
        Self { fonts, glyphs: SwashCache::new(), buffer: None, texts: HashMap::new(), bytes: 0 }
    }

    /// The bytes this workshop's caches of rasterised texts and glyph images hold (at most
    /// [`MAX_TEXT_BYTES`] and the text being drawn).
    pub fn cached_bytes(&self) -> usize {
        self.bytes
    }

    fn rasterise(&mut self, text: &str, size: f32, bold: bool, colour: [u8; 4]) -> Rendered {
        let metrics = Metrics::new(size, (size * 1.3).ceil());
        let mut buffer =
            self.buffer.take().unwrap_or_else(|| Buffer::new(&mut self.fonts, metrics));
        buffer.set_metrics(metrics);
        buffer.set_size(None, None);
        let weight = if bold { Weight::BOLD } else { Weight::NORMAL };
        let attrs = Attrs::new().family(Family::SansSerif).weight(weight);
        buffer.set_text(text, &attrs, Shaping::Advanced, None);
        buffer.shape_until_scroll(&mut self.fonts, false);
        let width = buffer.layout_runs().map(|r| r.line_w).fold(0.0, f32::max);
        let height = buffer.layout_runs().map(|r| r.line_top + r.line_height).fold(0.0, f32::max);
        // Where every glyph lands, relative to the text's origin.
        let mut placed = Vec::new();
        for run in buffer.layout_runs() {
            for glyph in run.glyphs {
                let physical = glyph.physical((0.0, run.line_y), 1.0);
                if let Some(image) = self.glyphs.get_image(&mut self.fonts, physical.cache_key) {
                    let (x0, y0) =
                        (physical.x + image.placement.left, physical.y - image.placement.top);
                    placed.push((
                        physical.cache_key,
                        x0,
                        y0,
                        image.placement.width as i32,
                        image.placement.height as i32,
                    ));
                }
            }
        }
        self.buffer = Some(buffer);
        let x = placed.iter().map(|p| p.1).min().unwrap_or(0);
        let y = placed.iter().map(|p| p.2).min().unwrap_or(0);
        let w = placed.iter().map(|p| p.1 + p.3).max().unwrap_or(0) - x;
        let h = placed.iter().map(|p| p.2 + p.4).max().unwrap_or(0) - y;
        let mut pixels = vec![[0u8; 4]; (w.max(0) * h.max(0)) as usize];
        for (key, x0, y0, gw, gh) in placed {
            let Some(image) = self.glyphs.get_image(&mut self.fonts, key) else { continue };
            for row in 0..gh {
                for col in 0..gw {
                    let i = (row * gw + col) as usize;
                    let [r, g, b, a] = match image.content {
                        SwashContent::Mask => {
                            [colour[0], colour[1], colour[2], mul(image.data[i], colour[3])]
                        }
                        SwashContent::Color => {
                            let p = &image.data[i * 4..i * 4 + 4];
                            [p[0], p[1], p[2], p[3]]
                        }
                        SwashContent::SubpixelMask => [0, 0, 0, 0],
                    };
                    if a == 0 {
                        continue;
                    }
                    let dst = &mut pixels[((y0 - y + row) * w + (x0 - x + col)) as usize];
                    let inv = 255 - a;
                    *dst = [
                        mul(r, a).saturating_add(mul(dst[0], inv)),
                        mul(g, a).saturating_add(mul(dst[1], inv)),
                        mul(b, a).saturating_add(mul(dst[2], inv)),
                        a.saturating_add(mul(dst[3], inv)),
                    ];
                }
            }
        }
        Rendered { width, height, x, y, w, pixels }
    }

    fn rendered(&mut self, text: &str, size: f32, bold: bool, colour: [u8; 4]) -> &Rendered {
        let key: Key = (text.to_owned(), size.to_bits(), bold, colour);
        if !self.texts.contains_key(&key) {
            let glyphs = self.glyph_bytes();
            let rendered = self.rasterise(text, size, bold, colour);
            let grown = self.glyph_bytes().saturating_sub(glyphs);
            let size = std::mem::size_of::<[u8; 4]>() * rendered.pixels.len() + key.0.len();
            if self.texts.len() >= MAX_TEXTS || self.bytes + size + grown > MAX_TEXT_BYTES {
                // Everything goes, glyph images too: the next board draws its labels again.
                self.texts.clear();
                self.glyphs = SwashCache::new();
                self.bytes = 0;
            } else {
                self.bytes += grown;
            }
            self.bytes += size;
            self.texts.insert(key.clone(), rendered);
        }
        &self.texts[&key]
    }

    /// The bytes of the glyph images cached so far.
    fn glyph_bytes(&self) -> usize {
        let images = self.glyphs.image_cache.values().flatten();
        images.map(|image| image.data.len()).sum()
    }

    /// The width of `text` in pixels, as it would be drawn.
    pub fn width(&mut self, text: &str, size: f32, bold: bool) -> f32 {
        self.rendered(text, size, bold, [0, 0, 0, 255]).width
    }

    /// Draws one line of text with its vertical centre at `y`; returns its width.
    pub fn draw(&mut self, pixmap: &mut Pixmap, text: &str, x: f32, y: f32, style: Style) -> f32 {
        let c = style.colour.to_color_u8();
        let rendered =
            self.rendered(text, style.size, style.bold, [c.red(), c.green(), c.blue(), c.alpha()]);
        let left = match style.anchor {
            Anchor::Left => x,
            Anchor::Centre => x - rendered.width / 2.0,
            Anchor::Right => x - rendered.width,
        };
        let top = y - rendered.height / 2.0;
        let (x0, y0) = (left.round() as i32 + rendered.x, top.round() as i32 + rendered.y);
        blit(pixmap, x0, y0, rendered.w, &rendered.pixels);
        rendered.width
    }
}

/// Draws premultiplied RGBA pixels (rows of `w`) over the premultiplied pixmap at (x0, y0).
fn blit(pixmap: &mut Pixmap, x0: i32, y0: i32, w: i32, pixels: &[[u8; 4]]) {
    if w <= 0 {
        return;
    }
    let pw = pixmap.width() as i32;
    let ph = pixmap.height() as i32;
    let data = pixmap.data_mut();
    for (row, line) in pixels.chunks_exact(w as usize).enumerate() {
        let y = y0 + row as i32;
        if y < 0 || y >= ph {
            continue;
        }
        for (col, src) in line.iter().enumerate() {
            let x = x0 + col as i32;
            if src[3] == 0 || x < 0 || x >= pw {
                continue;
            }
            let o = ((y * pw + x) * 4) as usize;
            let inv = 255 - src[3];
            for k in 0..4 {
                data[o + k] = src[k].saturating_add(mul(data[o + k], inv));
            }
        }
    }
}

fn mul(a: u8, b: u8) -> u8 {
    ((u16::from(a) * u16::from(b) + 127) / 255) as u8
}

/// Writes a number in Latin or Persian digits.
pub fn number(n: impl std::fmt::Display, persian: bool) -> String {
    let text = n.to_string();
    if !persian {
        return text;
    }
    text.chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => char::from_u32(0x06F0 + d).unwrap_or(c),
            None => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn persian_is_shaped_not_a_string_of_isolated_letters() {
        let mut t = Text::new();
        let name = "علی‌رضا";
        let shaped = t.width(name, 30.0, false);
        let isolated: f32 = name.chars().map(|c| t.width(&c.to_string(), 30.0, false)).sum();
        assert!(shaped > 10.0);
        assert!((shaped - isolated).abs() > 5.0, "shaped {shaped} vs isolated {isolated}");
    }

    #[test]
    fn scripts_and_emoji_are_not_boxes() {
        let mut t = Text::new();
        let mut pixmap = Pixmap::new(400, 60).unwrap();
        pixmap.fill(Color::WHITE);
        for text in ["Иван", "Maria", "😀", "رضا", "۱۲۳"] {
            let style =
                Style { size: 30.0, bold: false, colour: Color::BLACK, anchor: Anchor::Left };
            let w = t.draw(&mut pixmap, text, 10.0, 30.0, style);
            assert!(w > 8.0, "{text}: width {w}");
        }
        // The emoji is drawn in colour: some pixel is neither grey nor white.
        let mut colour = Pixmap::new(60, 60).unwrap();
        colour.fill(Color::WHITE);
        let style = Style { size: 40.0, bold: false, colour: Color::BLACK, anchor: Anchor::Left };
        t.draw(&mut colour, "😀", 5.0, 30.0, style);
        assert!(
            colour.pixels().iter().any(|p| p.red().abs_diff(p.blue()) > 60),
            "emoji drawn without colour"
        );
    }

    /// Issue 46, item 1: a replay's captions all differ; the cache of rasterised texts stays
    /// within its bytes however many are drawn (it held hundreds of megabytes when counted by
    /// texts alone), and a text drawn after a clearing is drawn the same.
    #[test]
    fn the_text_cache_stays_within_its_bytes() {
        let mut t = Text::new();
        let style = Style { size: 34.0, bold: true, colour: Color::BLACK, anchor: Anchor::Left };
        let mut pixmap = Pixmap::new(1200, 60).unwrap();
        let first = t.draw(&mut pixmap, "Ana rolled 6 and moved piece 1", 0.0, 30.0, style);
        let mut most = 0;
        for i in 0..600 {
            let caption = format!("Move {i}: Ana rolled 6, piece 3 from {i} to {} 😀", i + 6);
            t.draw(&mut pixmap, &caption, 0.0, 30.0, style);
            most = most.max(t.cached_bytes());
        }
        assert!(most > MAX_TEXT_BYTES / 2, "the captions fill the cache: {most} bytes at most");
        assert!(most <= MAX_TEXT_BYTES, "{most} bytes cached, more than {MAX_TEXT_BYTES}");
        let again = t.draw(&mut pixmap, "Ana rolled 6 and moved piece 1", 0.0, 30.0, style);
        assert_eq!(first, again);
    }

    #[test]
    fn persian_digits() {
        assert_eq!(number(2026, true), "۲۰۲۶");
        assert_eq!(number(42, false), "42");
    }
}
