//! Animations: the pictures of one game as an animated GIF.
//!
//! Every frame is drawn as the game's pictures are, and mapped to its board's 256-colour palette
//! (learnt once per board, see [`super::encoding`]), which is the GIF's one global palette: no
//! palette is learnt per frame. After the first frame, a frame holds only the rectangle that
//! changed, with the pixels inside it that did not change made transparent, so a move costs a
//! few kilobytes. A picture that shows nothing new only lengthens the frame before it.

use std::sync::Arc;

use super::encoding::Colours;
use super::{Palette, RenderError, Renderer, Scene};

/// An animation being written: frames in, GIF bytes out ([`Animation::finish`]).
pub struct Animation<'r> {
    renderer: &'r Renderer,
    /// The palette of the first frame's board, which every frame is mapped to.
    colours: Option<Arc<Colours>>,
    encoder: Option<gif::Encoder<Vec<u8>>>,
    /// The frame's size, fixed by the first frame.
    size: (u16, u16),
    /// The palette indices of the picture shown last.
    shown: Vec<u8>,
    /// The last frame, held until the next picture says whether it lasts longer.
    held: Option<gif::Frame<'static>>,
    /// Frames written or held.
    frames: usize,
}

/// The longest a frame may last in a GIF, in milliseconds (its delay is 16 bits of 10 ms).
const MAX_DELAY_MS: u32 = 655_350;

impl Renderer {
    /// A new, empty animation drawn by this renderer.
    pub fn animation(&self) -> Animation<'_> {
        Animation {
            renderer: self,
            colours: None,
            encoder: None,
            size: (0, 0),
            shown: Vec::new(),
            held: None,
            frames: 0,
        }
    }
}

fn gif_error(e: gif::EncodingError) -> RenderError {
    RenderError::Animation(e.to_string())
}

impl Animation<'_> {
    /// Adds the picture of `scene`, shown for `delay_ms` (rounded to 10 ms). A picture that
    /// looks exactly like the one before lengthens that frame instead of adding one. Every
    /// picture must have the first one's size (one game's pictures do).
    pub fn frame(&mut self, scene: &Scene<'_>, delay_ms: u32) -> Result<(), RenderError> {
        let renderer = self.renderer;
        let board = renderer.board(scene, &Palette::new(scene.theme))?;
        let mut shop = renderer.workshop();
        let pixmap = renderer.draw(scene, &board, &mut shop)?;
        let colours = self.colours.get_or_insert_with(|| board.colours.clone()).clone();
        // The board's own indices serve where the board shows unchanged, if the board speaks
        // this palette (one game's boards do).
        let reuse = Arc::ptr_eq(&colours, &board.colours)
            .then_some((board.pixmap.data(), &board.indices[..]));
        let indices = colours.indices(&pixmap, reuse);
        let (width, height) = (pixmap.width(), pixmap.height());
        shop.canvas = pixmap.take();
        drop(shop);
        let delay = (delay_ms.min(MAX_DELAY_MS) / 10) as u16;
        if self.encoder.is_none() {
            let (w, h) = match (u16::try_from(width), u16::try_from(height)) {
                (Ok(w), Ok(h)) => (w, h),
                _ => return Err(RenderError::Size(width, height)),
            };
            let mut encoder =
                gif::Encoder::new(Vec::new(), w, h, &colours.rgb).map_err(gif_error)?;
            encoder.set_repeat(gif::Repeat::Infinite).map_err(gif_error)?;
            self.size = (w, h);
            self.encoder = Some(encoder);
            self.held = Some(gif::Frame {
                width: w,
                height: h,
                delay,
                buffer: indices.clone().into(),
                ..gif::Frame::default()
            });
            self.shown = indices;
            self.frames = 1;
            return Ok(());
        }
        if (width, height) != (u32::from(self.size.0), u32::from(self.size.1)) {
            return Err(RenderError::Animation(format!(
                "a {width}×{height} frame in a {}×{} animation",
                self.size.0, self.size.1
            )));
        }
        match changed(&self.shown, &indices, usize::from(self.size.0)) {
            None => {
                if let Some(held) = &mut self.held {
                    held.delay = held.delay.saturating_add(delay);
                }
            }
            Some(area) => {
                let frame = patch(&self.shown, &indices, usize::from(self.size.0), area, delay);
                self.release()?;
                self.held = Some(frame);
                self.shown = indices;
                self.frames += 1;
            }
        }
        Ok(())
    }

    /// Frames so far (pictures that showed nothing new are not counted).
    pub fn frames(&self) -> usize {
        self.frames
    }

    /// Writes the held frame.
    fn release(&mut self) -> Result<(), RenderError> {
        if let (Some(frame), Some(encoder)) = (self.held.take(), self.encoder.as_mut()) {
            encoder.write_frame(&frame).map_err(gif_error)?;
        }
        Ok(())
    }

    /// The GIF, looping for ever; `None` if no frame was added.
    pub fn finish(mut self) -> Result<Option<Vec<u8>>, RenderError> {
        self.release()?;
        match self.encoder.take() {
            Some(encoder) => Ok(Some(
                encoder
                    .into_inner()
                    .map_err(|e| RenderError::Animation(format!("finishing the GIF: {e}")))?,
            )),
            None => Ok(None),
        }
    }
}

/// A rectangle of a frame: left, top, width, height.
type Area = (usize, usize, usize, usize);

/// The smallest rectangle holding every pixel that differs, if one does.
fn changed(before: &[u8], after: &[u8], width: usize) -> Option<Area> {
    let rows = before.chunks_exact(width).zip(after.chunks_exact(width));
    let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
    for (y, (a, b)) in rows.enumerate() {
        if a == b {
            continue;
        }
        let first = a.iter().zip(b).position(|(p, q)| p != q).unwrap_or(0);
        let last =
            width - 1 - a.iter().rev().zip(b.iter().rev()).position(|(p, q)| p != q).unwrap_or(0);
        top = top.min(y);
        bottom = y;
        left = left.min(first);
        right = right.max(last);
    }
    (top != usize::MAX).then(|| (left, top, right + 1 - left, bottom + 1 - top))
}

/// The frame that turns `before` into `after` within `area`: pixels that stay the same are
/// transparent (an index the changed pixels do not use), so long runs of them compress to
/// almost nothing.
fn patch(before: &[u8], after: &[u8], width: usize, area: Area, delay: u16) -> gif::Frame<'static> {
    let (left, top, w, h) = area;
    let rows = || {
        (top..top + h).map(move |y| {
            let at = y * width + left;
            (&before[at..at + w], &after[at..at + w])
        })
    };
    let mut used = [false; 256];
    for (a, b) in rows() {
        for (p, q) in a.iter().zip(b) {
            if p != q {
                used[usize::from(*q)] = true;
            }
        }
    }
    let clear = used.iter().position(|u| !u).map(|i| i as u8);
    let mut buffer = Vec::with_capacity(w * h);
    for (a, b) in rows() {
        match clear {
            Some(c) => buffer.extend(a.iter().zip(b).map(|(p, q)| if p == q { c } else { *q })),
            None => buffer.extend_from_slice(b),
        }
    }
    gif::Frame {
        left: left as u16,
        top: top as u16,
        width: w as u16,
        height: h as u16,
        delay,
        transparent: clear,
        dispose: gif::DisposalMethod::Keep,
        buffer: buffer.into(),
        ..gif::Frame::default()
    }
}

#[cfg(test)]
mod tests {
    use super::{changed, patch};

    #[test]
    fn a_patch_holds_the_changed_rectangle_with_the_rest_transparent() {
        let before = vec![0u8; 5 * 4];
        let mut after = before.clone();
        after[6] = 3; // (1, 1)
        after[2 * 5 + 3] = 4; // (3, 2)
        assert_eq!(changed(&before, &before, 5), None);
        let area = changed(&before, &after, 5).unwrap();
        assert_eq!(area, (1, 1, 3, 2));
        let frame = patch(&before, &after, 5, area, 7);
        assert_eq!(frame.transparent, Some(0), "0 is not among the changed pixels' indices");
        assert_eq!(&frame.buffer[..], &[3, 0, 0, 0, 0, 4]);
        assert_eq!(
            (frame.left, frame.top, frame.width, frame.height, frame.delay),
            (1, 1, 3, 2, 7)
        );
    }
}
