//! Text: shaping with cosmic-text (Persian joined right-to-left, Cyrillic, emoji) and blending the
//! glyphs into a tiny-skia pixmap. The fonts are embedded in the binary and parsed once.

use cosmic_text::{
    Attrs, Buffer, Family, FontSystem, Metrics, Shaping, SwashCache, SwashContent, Weight, fontdb,
};
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

/// The font system and glyph cache.
pub struct Text {
    fonts: FontSystem,
    glyphs: SwashCache,
    buffer: Option<Buffer>,
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
        for font in FONTS {
            db.load_font_data(font.to_vec());
        }
        db.set_sans_serif_family("Noto Sans");
        let fonts = FontSystem::new_with_locale_and_db("en-US".into(), db);
        Self {
            fonts,
            glyphs: SwashCache::new(),
            buffer: None,
        }
    }

    fn shape(&mut self, text: &str, size: f32, bold: bool) -> (f32, f32) {
        let metrics = Metrics::new(size, (size * 1.3).ceil());
        let mut buffer = self
            .buffer
            .take()
            .unwrap_or_else(|| Buffer::new(&mut self.fonts, metrics));
        buffer.set_metrics(metrics);
        buffer.set_size(None, None);
        let weight = if bold { Weight::BOLD } else { Weight::NORMAL };
        let attrs = Attrs::new().family(Family::SansSerif).weight(weight);
        buffer.set_text(text, &attrs, Shaping::Advanced, None);
        buffer.shape_until_scroll(&mut self.fonts, false);
        let width = buffer.layout_runs().map(|r| r.line_w).fold(0.0, f32::max);
        let height = buffer
            .layout_runs()
            .map(|r| r.line_top + r.line_height)
            .fold(0.0, f32::max);
        self.buffer = Some(buffer);
        (width, height)
    }

    /// The width of `text` in pixels, as it would be drawn.
    pub fn width(&mut self, text: &str, size: f32, bold: bool) -> f32 {
        self.shape(text, size, bold).0
    }

    /// Draws one line of text with its vertical centre at `y`; returns its width.
    pub fn draw(&mut self, pixmap: &mut Pixmap, text: &str, x: f32, y: f32, style: Style) -> f32 {
        let (width, height) = self.shape(text, style.size, style.bold);
        let left = match style.anchor {
            Anchor::Left => x,
            Anchor::Centre => x - width / 2.0,
            Anchor::Right => x - width,
        };
        let top = y - height / 2.0;
        let Some(buffer) = self.buffer.take() else {
            return width;
        };
        let c = style.colour.to_color_u8();
        for run in buffer.layout_runs() {
            for glyph in run.glyphs {
                let physical = glyph.physical((left, top + run.line_y), 1.0);
                let Some(image) = self.glyphs.get_image(&mut self.fonts, physical.cache_key) else {
                    continue;
                };
                let x0 = physical.x + image.placement.left;
                let y0 = physical.y - image.placement.top;
                let w = image.placement.width as i32;
                let h = image.placement.height as i32;
                match image.content {
                    SwashContent::Mask => blend(pixmap, x0, y0, w, h, |i| {
                        let a = image.data[i];
                        [c.red(), c.green(), c.blue(), mul(a, c.alpha())]
                    }),
                    SwashContent::Color => blend(pixmap, x0, y0, w, h, |i| {
                        let p = &image.data[i * 4..i * 4 + 4];
                        [p[0], p[1], p[2], p[3]]
                    }),
                    SwashContent::SubpixelMask => {}
                }
            }
        }
        self.buffer = Some(buffer);
        width
    }
}

fn mul(a: u8, b: u8) -> u8 {
    ((u16::from(a) * u16::from(b) + 127) / 255) as u8
}

/// Blends straight-alpha source pixels (`src(i)` for the i-th pixel of a w×h image at x0, y0)
/// over the premultiplied pixmap.
fn blend(pixmap: &mut Pixmap, x0: i32, y0: i32, w: i32, h: i32, src: impl Fn(usize) -> [u8; 4]) {
    let pw = pixmap.width() as i32;
    let ph = pixmap.height() as i32;
    let data = pixmap.data_mut();
    for row in 0..h {
        let y = y0 + row;
        if y < 0 || y >= ph {
            continue;
        }
        for col in 0..w {
            let x = x0 + col;
            if x < 0 || x >= pw {
                continue;
            }
            let [r, g, b, a] = src((row * w + col) as usize);
            if a == 0 {
                continue;
            }
            let o = ((y * pw + x) * 4) as usize;
            let inv = 255 - a;
            for (k, s) in [r, g, b].into_iter().enumerate() {
                data[o + k] = mul(s, a).saturating_add(mul(data[o + k], inv));
            }
            data[o + 3] = a.saturating_add(mul(data[o + 3], inv));
        }
    }
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
        let isolated: f32 = name
            .chars()
            .map(|c| t.width(&c.to_string(), 30.0, false))
            .sum();
        assert!(shaped > 10.0);
        assert!(
            (shaped - isolated).abs() > 5.0,
            "shaped {shaped} vs isolated {isolated}"
        );
    }

    #[test]
    fn scripts_and_emoji_are_not_boxes() {
        let mut t = Text::new();
        let mut pixmap = Pixmap::new(400, 60).unwrap();
        pixmap.fill(Color::WHITE);
        for text in ["Иван", "Maria", "😀", "رضا", "۱۲۳"] {
            let style = Style {
                size: 30.0,
                bold: false,
                colour: Color::BLACK,
                anchor: Anchor::Left,
            };
            let w = t.draw(&mut pixmap, text, 10.0, 30.0, style);
            assert!(w > 8.0, "{text}: width {w}");
        }
        // The emoji is drawn in colour: some pixel is neither grey nor white.
        let mut colour = Pixmap::new(60, 60).unwrap();
        colour.fill(Color::WHITE);
        let style = Style {
            size: 40.0,
            bold: false,
            colour: Color::BLACK,
            anchor: Anchor::Left,
        };
        t.draw(&mut colour, "😀", 5.0, 30.0, style);
        assert!(
            colour
                .pixels()
                .iter()
                .any(|p| p.red().abs_diff(p.blue()) > 60),
            "emoji drawn without colour"
        );
    }

    #[test]
    fn persian_digits() {
        assert_eq!(number(2026, true), "۲۰۲۶");
        assert_eq!(number(42, false), "42");
    }
}
