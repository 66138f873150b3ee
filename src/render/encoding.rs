//! PNG encoding: a palette learnt once per board (NeuQuant) with a lookup that fills itself as
//! colours turn up; indexed PNGs that reuse their board's compressed rows; plain RGB PNGs.

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
            .chain(palette.halo)
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

    /// The palette index of one pixel (RGBA bytes, read as a native-endian word).
    fn lookup(&self, pixel: u32) -> u8 {
        let [r, g, b, _] = pixel.to_ne_bytes();
        let key = (usize::from(r >> 2) << 12) | (usize::from(g >> 2) << 6) | usize::from(b >> 2);
        let mut i = self.table[key].load(Ordering::Relaxed);
        if i == UNKNOWN {
            // The entry depends on the key alone (its 6-bit channels widened back to 8), never
            // on which pixel came first, so pictures do not depend on history.
            let widen = |c: u8| (c & 0xFC) | (c >> 6);
            i = self.quant.index_of(&[widen(r), widen(g), widen(b), 255]) as u16;
            self.table[key].store(i, Ordering::Relaxed);
        }
        i as u8
    }

    /// A picture's palette indices, row after row. Where the board's pixels and indices are
    /// given (`board`, the rows at the top), blocks that show the board unchanged take its
    /// indices.
    pub(super) fn indices(&self, pixmap: &Pixmap, board: Option<(&[u8], &[u8])>) -> Vec<u8> {
        let w = (pixmap.width() as usize).max(1);
        let data = pixmap.data();
        let shared = board.map_or(0, |(pixels, _)| pixels.len().min(data.len()) / (4 * w) * 4 * w);
        let mut raw = Vec::with_capacity(data.len() / 4 + data.len() / (4 * w));
        if board.is_some() {
            self.append_rows(&data[..shared], w, board, &mut raw);
        }
        self.append_rows(&data[shared..], w, None, &mut raw);
        let mut out = Vec::with_capacity(data.len() / 4);
        for row in raw.chunks_exact(w + 1) {
            out.extend_from_slice(&row[1..]);
        }
        out
    }

    /// Appends rows of pixels (RGBA bytes, `width` pixels a row) as a PNG stores them: each
    /// row's filter byte (none: filters do not help palette indices, and without them a band of
    /// rows depends on its rows alone), then its palette indices. With the board's pixels and
    /// indices under these rows, a block of 32 pixels that shows the board unchanged (a memcmp)
    /// takes the board's indices; otherwise a run of one colour is looked up once.
    fn append_rows(
        &self,
        data: &[u8],
        width: usize,
        board: Option<(&[u8], &[u8])>,
        raw: &mut Vec<u8>,
    ) {
        const BLOCK: usize = 32;
        let width = width.max(1);
        let start = raw.len();
        let rows = data.len() / (4 * width);
        raw.resize(start + rows * (width + 1), 0);
        let out = raw[start..].chunks_exact_mut(width + 1);
        let mut last: Option<(u32, u8)> = None;
        let mut one = |pixel: u32| match last {
            Some((q, i)) if q == pixel => i,
            _ => {
                let i = self.lookup(pixel);
                last = Some((pixel, i));
                i
            }
        };
        let word = |p: &[u8]| u32::from_ne_bytes([p[0], p[1], p[2], p[3]]);
        for (r, (row, out)) in data.chunks_exact(4 * width).zip(out).enumerate() {
            out[0] = 0;
            let out = &mut out[1..];
            match board {
                Some((pixels, ix)) if pixels.len() >= (r + 1) * 4 * width => {
                    let pixels = &pixels[r * 4 * width..(r + 1) * 4 * width];
                    let ix = &ix[r * width..(r + 1) * width];
                    let blocks = row.chunks(4 * BLOCK).zip(pixels.chunks(4 * BLOCK));
                    for ((p, b), (o, i)) in blocks.zip(out.chunks_mut(BLOCK).zip(ix.chunks(BLOCK)))
                    {
                        if p == b {
                            o.copy_from_slice(i);
                            continue;
                        }
                        let pixels = p.chunks_exact(4).zip(b.chunks_exact(4));
                        for ((p, b), (o, &i)) in pixels.zip(o.iter_mut().zip(i)) {
                            let (p, b) = (word(p), word(b));
                            *o = if p == b { i } else { one(p) };
                        }
                    }
                }
                _ => {
                    for (p, o) in row.chunks_exact(4).zip(out.iter_mut()) {
                        *o = one(word(p));
                    }
                }
            }
        }
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

/// Rows per band: the unit in which a picture's compressed rows are reused from its board.
const BAND: usize = 16;

/// A band of rows compressed once: a raw deflate stream ending on a byte boundary (a sync
/// flush), so that bands laid end to end make one stream, with the Adler-32 of its bytes.
#[derive(Clone)]
pub(super) struct Band {
    deflate: Vec<u8>,
    adler: u32,
    len: usize,
}

/// A board as its bands hold it (the inverse of [`bands`]): its pixels in the palette's
/// colours, and their palette indices. `width` pixels a row.
pub(super) fn unpack(
    colours: &Colours,
    bands: &[Band],
    width: u32,
) -> Result<(Pixmap, Vec<u8>), RenderError> {
    let w = width as usize;
    let total: usize = bands.iter().map(|b| b.len).sum();
    let deflate: Vec<u8> = bands.iter().flat_map(|b| b.deflate.iter().copied()).collect();
    let mut raw = Vec::with_capacity(total);
    let mut z = flate2::Decompress::new(false);
    z.decompress_vec(&deflate, &mut raw, flate2::FlushDecompress::Sync)
        .map_err(|e| RenderError::Deflate(e.to_string()))?;
    let rows = total / (w + 1);
    if raw.len() != total || rows * (w + 1) != total {
        return Err(RenderError::Deflate(format!("{} of {total} bytes unpacked", raw.len())));
    }
    let mut indices = Vec::with_capacity(rows * w);
    for row in raw.chunks_exact(w + 1) {
        indices.extend_from_slice(&row[1..]);
    }
    let mut data = Vec::with_capacity(indices.len() * 4);
    for &i in &indices {
        let at = usize::from(i) * 3;
        let rgb = colours.rgb.get(at..at + 3).unwrap_or(&[0, 0, 0]);
        data.extend_from_slice(&[rgb[0], rgb[1], rgb[2], 255]);
    }
    let size = tiny_skia::IntSize::from_wh(width, rows as u32)
        .ok_or(RenderError::Size(width, rows as u32))?;
    let pixmap = Pixmap::from_vec(data, size).ok_or(RenderError::Size(width, rows as u32))?;
    Ok((pixmap, indices))
}

/// The compression of a board many tables share (a fixed layout), done once per board.
pub(super) const SHARED_BOARD: u32 = 6;
/// The compression of a board of one table (a random Snakes board), done once when it is drawn
/// (see `Renderer::board`): quickly.
pub(super) const OWN_BOARD: u32 = 2;
/// The compression of a picture's changed bands and legend: the fastest.
const PICTURE_LEVEL: u32 = 1;

thread_local! {
    /// Compressors kept by each drawing thread for the quick levels ([`PICTURE_LEVEL`],
    /// [`OWN_BOARD`]): their state (a few hundred KB) is set up once, not for every band.
    static QUICK: std::cell::RefCell<[Option<flate2::Compress>; 3]> =
        const { std::cell::RefCell::new([None, None, None]) };
}

/// Compresses `raw` (whole rows, filter bytes included) as one band.
fn band(raw: &[u8], level: u32) -> Result<Band, RenderError> {
    if level < 3 {
        return QUICK.with(|cell| {
            let mut cell = cell.borrow_mut();
            let z = cell[level as usize].get_or_insert_with(|| {
                flate2::Compress::new(flate2::Compression::new(level), false)
            });
            z.reset();
            band_with(z, raw)
        });
    }
    band_with(&mut flate2::Compress::new(flate2::Compression::new(level), false), raw)
}

fn band_with(z: &mut flate2::Compress, raw: &[u8]) -> Result<Band, RenderError> {
    let mut deflate = Vec::with_capacity(raw.len() / 4 + 64);
    loop {
        let done = z.total_in() as usize;
        z.compress_vec(&raw[done..], &mut deflate, flate2::FlushCompress::Sync)
            .map_err(|e| RenderError::Deflate(e.to_string()))?;
        if z.total_in() as usize == raw.len() && deflate.len() < deflate.capacity() {
            break;
        }
        deflate.reserve(deflate.capacity().max(64));
    }
    Ok(Band { deflate, adler: adler2::adler32_slice(raw), len: raw.len() })
}

/// A board's palette indices, and its rows compressed band by band, for [`encode_picture`] to
/// reuse: strongly for a board many tables share ([`SHARED_BOARD`]), quickly for a board of one
/// table ([`OWN_BOARD`]).
pub(super) fn bands(
    colours: &Colours,
    board: &Pixmap,
    level: u32,
) -> Result<(Vec<u8>, Vec<Band>), RenderError> {
    let width = board.width() as usize;
    let mut raw = Vec::new();
    let mut indices = Vec::with_capacity(board.data().len() / 4);
    let bands = board
        .data()
        .chunks(4 * width * BAND)
        .map(|rows| {
            raw.clear();
            colours.append_rows(rows, width, None, &mut raw);
            for row in raw.chunks(width + 1) {
                indices.extend_from_slice(&row[1..]);
            }
            band(&raw, level)
        })
        .collect::<Result<_, _>>()?;
    Ok((indices, bands))
}

/// The Adler-32 of two byte strings laid end to end, from theirs and the second's length.
fn adler_combine(a: u32, b: u32, b_len: usize) -> u32 {
    const BASE: u32 = 65521;
    let rem = (b_len % BASE as usize) as u32;
    let a1 = a & 0xFFFF;
    let mut s1 = a1 + (b & 0xFFFF) + BASE - 1;
    let mut s2 =
        ((u64::from(rem) * u64::from(a1)) % u64::from(BASE)) as u32 + (a >> 16) + (b >> 16) + BASE
            - rem;
    while s1 >= BASE {
        s1 -= BASE;
    }
    while s2 >= BASE {
        s2 -= BASE;
    }
    (s2 << 16) | s1
}

/// Encodes a picture as an indexed PNG in the board's colours. Where a band of rows still shows
/// the board unchanged (a memcmp), the board's compressed band is copied as it is; the other
/// bands (where pieces, dice and arrows are) and the legend below the board are mapped to the
/// palette and compressed afresh.
pub(super) fn encode_picture(
    colours: &Colours,
    pixmap: &Pixmap,
    board: Option<(&Pixmap, &[u8], &[Band])>,
) -> Result<Vec<u8>, RenderError> {
    let (width, height) = (pixmap.width(), pixmap.height());
    let w = width as usize;
    let data = pixmap.data();
    let mut zlib = vec![0x78, 0x01];
    let mut adler = 1u32;
    let mut fresh: Vec<u8> = Vec::new();
    let flush = |fresh: &mut Vec<u8>, zlib: &mut Vec<u8>, adler: &mut u32| {
        if !fresh.is_empty() {
            let b = band(fresh, PICTURE_LEVEL)?;
            zlib.extend_from_slice(&b.deflate);
            *adler = adler_combine(*adler, b.adler, b.len);
            fresh.clear();
        }
        Ok::<(), RenderError>(())
    };
    let mut done = 0;
    if let Some((board, indices, bands)) = board.filter(|(b, _, _)| b.width() == width) {
        let shared = board.data().len().min(data.len());
        let rows = data[..shared].chunks(4 * w * BAND).zip(board.data().chunks(4 * w * BAND));
        for (((p, b), i), cached) in rows.zip(indices.chunks(w * BAND)).zip(bands) {
            if p == b {
                flush(&mut fresh, &mut zlib, &mut adler)?;
                zlib.extend_from_slice(&cached.deflate);
                adler = adler_combine(adler, cached.adler, cached.len);
            } else {
                colours.append_rows(p, w, Some((b, i)), &mut fresh);
            }
            done += p.len();
        }
    }
    colours.append_rows(&data[done..], w, None, &mut fresh);
    flush(&mut fresh, &mut zlib, &mut adler)?;
    // The last block: empty, fixed codes, final.
    zlib.extend_from_slice(&[0x03, 0x00]);
    zlib.extend_from_slice(&adler.to_be_bytes());

    let mut out = Vec::with_capacity(zlib.len() + colours.rgb.len() + 64);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    // 8 bits, indexed colour, deflate, adaptive filters, no interlace.
    ihdr.extend_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"PLTE", &colours.rgb);
    chunk(&mut out, b"IDAT", &zlib);
    chunk(&mut out, b"IEND", &[]);
    Ok(out)
}

/// Appends a PNG chunk: length, type, data, CRC-32 of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.finalize().to_be_bytes());
}
