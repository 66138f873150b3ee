//! PNG encoding: a palette learnt once per board (NeuQuant) with a lookup that fills itself as
//! colours turn up, indexed PNGs with the fast deflate path, and plain RGB PNGs.

use std::sync::atomic::{AtomicU16, Ordering};

use tiny_skia::Pixmap;

use super::{Palette, RenderError, rgb};

/// A palette for indexed PNGs, learnt (NeuQuant) from a board and the colours drawn on top of it,
/// with a lookup table from 18-bit RGB to palette index that fills itself as colours turn up.
/// The table is shared by every thread drawing on the board without a lock: an entry depends on
/// its key alone, so threads that fill the same entry at once write the same value.
pub(super) struct Colours {
    quant: color_quant::NeuQuant,
    pub(super) rgb: Vec<u8>,
    table: Vec<AtomicU16>,
}

const UNKNOWN: u16 = u16::MAX;

impl Colours {
    pub(super) fn learn(board: &Pixmap, palette: &Palette) -> Self {
        let mut pixels = board.data().to_vec();
        // The colours of tokens, arrows, dice, text and medals, plain and blended with the
        // background and the outline, so that the palette has room for them.
        let extra = [
            rgb(0xFFFFFF),
            rgb(0x111111),
            rgb(0x1A1A1A),
            rgb(0xF2C94C),
            rgb(0x2A2000),
            rgb(0x2E86DE),
            rgb(0xC0392B),
            rgb(0xD62828),
            rgb(0xC8C8C8),
            rgb(0x5A5A5A),
            rgb(0xD4AF37),
            rgb(0xC0C0C0),
            rgb(0xCD7F32),
            rgb(0xF7F2E8),
            rgb(0x2A2A2E),
            rgb(0xFFCC4D),
            rgb(0xF4900C),
        ];
        let base = palette
            .seats
            .iter()
            .copied()
            .chain([palette.accent, palette.ink, palette.muted, palette.background])
            .chain(extra);
        for c in base {
            for (other, t) in [
                (palette.background, 1.0),
                (palette.background, 0.7),
                (palette.background, 0.4),
                (rgb(0x1A1A1A), 0.5),
            ] {
                let mix = |a: f32, b: f32| ((a * t + b * (1.0 - t)) * 255.0).round() as u8;
                let px = [
                    mix(c.red(), other.red()),
                    mix(c.green(), other.green()),
                    mix(c.blue(), other.blue()),
                    255,
                ];
                for _ in 0..1500 {
                    pixels.extend_from_slice(&px);
                }
            }
        }
        let quant = color_quant::NeuQuant::new(10, 256, &pixels);
        let rgb = quant.color_map_rgb();
        Self { quant, rgb, table: (0..1 << 18).map(|_| AtomicU16::new(UNKNOWN)).collect() }
    }

    /// The palette index of every pixel. Where the picture still shows the board unchanged, the
    /// board's own indices are reused.
    pub(super) fn indices(&self, pixmap: &Pixmap, board: Option<(&Pixmap, &[u8])>) -> Vec<u8> {
        let lookup = |p: &[u8]| -> u8 {
            let key = (usize::from(p[0] >> 2) << 12)
                | (usize::from(p[1] >> 2) << 6)
                | usize::from(p[2] >> 2);
            let mut i = self.table[key].load(Ordering::Relaxed);
            if i == UNKNOWN {
                // The entry depends on the key alone (its 6-bit channels widened back to 8),
                // never on which pixel came first, so pictures do not depend on history.
                let widen = |c: u8| (c & 0xFC) | (c >> 6);
                i = self.quant.index_of(&[widen(p[0]), widen(p[1]), widen(p[2]), 255]) as u16;
                self.table[key].store(i, Ordering::Relaxed);
            }
            i as u8
        };
        let data = pixmap.data();
        let mut out = Vec::with_capacity(data.len() / 4);
        let (board_px, board_ix) = board.map_or((&[][..], &[][..]), |(p, i)| (p.data(), i));
        let row = pixmap.width() as usize;
        let shared_rows = (board_ix.len() / row.max(1)).min(pixmap.height() as usize);
        let shared = shared_rows * row;
        // Block by block (a memcmp each): an untouched block takes the board's indices as they
        // are; in a touched block, each pixel that differs from the board is looked up.
        const BLOCK: usize = 32;
        let (px, bx, ix) = (&data[..shared * 4], &board_px[..shared * 4], &board_ix[..shared]);
        for ((p, b), i) in px.chunks(BLOCK * 4).zip(bx.chunks(BLOCK * 4)).zip(ix.chunks(BLOCK)) {
            if p == b {
                out.extend_from_slice(i);
                continue;
            }
            for ((p, b), &i) in p.chunks_exact(4).zip(b.chunks_exact(4)).zip(i) {
                let same = u32::from_ne_bytes([p[0], p[1], p[2], p[3]])
                    == u32::from_ne_bytes([b[0], b[1], b[2], b[3]]);
                out.push(if same { i } else { lookup(p) });
            }
        }
        // Below the board (the legend): runs of one colour are looked up once.
        let mut last: Option<(&[u8], u8)> = None;
        for p in data[shared * 4..].chunks_exact(4) {
            let i = match last {
                Some((q, i)) if q == p => i,
                _ => lookup(p),
            };
            last = Some((p, i));
            out.push(i);
        }
        out
    }
}

/// Encodes an opaque pixmap as an RGB PNG with the fast deflate path.
pub fn encode(pixmap: &Pixmap) -> Result<Vec<u8>, RenderError> {
    let mut rgb = Vec::with_capacity((pixmap.width() * pixmap.height() * 3) as usize);
    for p in pixmap.data().chunks_exact(4) {
        rgb.extend_from_slice(&p[..3]);
    }
    let mut out = Vec::with_capacity(rgb.len() / 8);
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&rgb)?;
    writer.finish()?;
    Ok(out)
}

/// Encodes palette indices as an indexed PNG with the fast deflate path.
pub(super) fn encode_indexed(
    indices: &[u8],
    palette: &[u8],
    width: u32,
    height: u32,
) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(indices.len() / 6);
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.to_vec());
    encoder.set_compression(png::Compression::Fast);
    // Up suits large flat areas and is cheap; the fast deflate path needs filtered rows.
    encoder.set_filter(png::Filter::Up);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(indices)?;
    writer.finish()?;
    Ok(out)
}
