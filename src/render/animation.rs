//! Animations: the pictures of one game as an animated GIF.
//!
//! Every frame is drawn as the game's pictures are, and mapped to its board's 256-colour palette
//! (learnt once per board, see [`super::encoding`]), which is the GIF's one global palette: no
//! palette is learnt per frame. After the first frame, a frame holds only the rectangle that
//! changed, with the pixels inside it that did not change made transparent, so a move costs a
//! few kilobytes. A picture that shows nothing new only lengthens the frame before it.
//!
//! Compressing a frame (GIF's LZW) costs more than drawing it: more than half of a long game's
//! time, as a game of many moves shows a frame of many moves, most of the board. Frames are
//! therefore compressed on worker threads ([`Squeeze`]) while the next pictures are drawn, and
//! written in order; the GIF is the same byte for byte as one compressed in line.

use std::collections::BTreeMap;
use std::sync::mpsc::{Receiver, SyncSender};
use std::sync::{Arc, Mutex};

use super::encoding::Colours;
use super::{Palette, RenderError, Renderer, Scene};

/// An animation being written: frames in, GIF bytes out ([`Animation::finish`]).
pub struct Animation<'r> {
    renderer: &'r Renderer,
    /// The palette of the first frame's board, which every frame is mapped to.
    colours: Option<Arc<Colours>>,
    encoder: Option<gif::Encoder<Vec<u8>>>,
    /// The frames being compressed, once the first is written.
    squeeze: Option<Squeeze>,
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

impl<'r> Animation<'r> {
    /// A new, empty animation drawn by `renderer` ([`Renderer::animation`]).
    pub(super) fn new(renderer: &'r Renderer) -> Self {
        Animation {
            renderer,
            colours: None,
            encoder: None,
            squeeze: None,
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

    /// Hands the held frame to the compressors, and writes those compressed by now.
    fn release(&mut self) -> Result<(), RenderError> {
        if let (Some(frame), Some(encoder)) = (self.held.take(), self.encoder.as_mut()) {
            let squeeze = self.squeeze.get_or_insert_with(|| Squeeze::new(workers()));
            squeeze.push(frame, encoder)?;
        }
        Ok(())
    }

    /// The GIF, looping for ever; `None` if no frame was added.
    pub fn finish(mut self) -> Result<Option<Vec<u8>>, RenderError> {
        self.release()?;
        if let (Some(squeeze), Some(encoder)) = (self.squeeze.take(), self.encoder.as_mut()) {
            squeeze.finish(encoder)?;
        }
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

/// The threads that compress frames: one per core beside the drawing thread's (at most 4), none
/// on one core. They inherit the drawing thread's priority (the background lane's lowest).
fn workers() -> usize {
    match std::thread::available_parallelism().map_or(1, |n| n.get()) {
        1 => 0,
        n => n.min(4),
    }
}

/// A frame and its place in the animation.
type Numbered = (usize, gif::Frame<'static>);

/// Frames compressed on worker threads and written in their order. Without workers (one core,
/// or threads that could not be started) each frame is compressed as it is written.
struct Squeeze {
    /// Frames to compress; a few at most wait, so the drawing never runs far ahead. Dropped
    /// (with an animation that ended early), it lets the workers end.
    jobs: Option<SyncSender<Numbered>>,
    done: Receiver<Numbered>,
    workers: Vec<std::thread::JoinHandle<()>>,
    /// Frames handed over, and written.
    sent: usize,
    written: usize,
    /// Frames compressed ahead of one still being compressed.
    ready: BTreeMap<usize, gif::Frame<'static>>,
}

impl Squeeze {
    fn new(workers: usize) -> Self {
        let (jobs, queue) = std::sync::mpsc::sync_channel::<Numbered>(2 * workers.max(1));
        let (finished, done) = std::sync::mpsc::channel::<Numbered>();
        let queue = Arc::new(Mutex::new(queue));
        let mut started = Vec::new();
        for k in 0..workers {
            let (queue, finished) = (queue.clone(), finished.clone());
            let worker = std::thread::Builder::new().name(format!("gif-{k}")).spawn(move || {
                loop {
                    let job = queue.lock().unwrap_or_else(|e| e.into_inner()).recv();
                    let Ok((n, mut frame)) = job else { return };
                    frame.make_lzw_pre_encoded();
                    if finished.send((n, frame)).is_err() {
                        return;
                    }
                }
            });
            match worker {
                Ok(worker) => started.push(worker),
                Err(e) => tracing::warn!(error = %e, "a GIF compressor did not start"),
            }
        }
        let jobs = (!started.is_empty()).then_some(jobs);
        Self { jobs, done, workers: started, sent: 0, written: 0, ready: BTreeMap::new() }
    }

    /// Hands `frame` over (or, without workers, writes it), then writes the frames compressed
    /// by now in order.
    fn push(
        &mut self,
        frame: gif::Frame<'static>,
        encoder: &mut gif::Encoder<Vec<u8>>,
    ) -> Result<(), RenderError> {
        let Some(jobs) = &self.jobs else {
            return encoder.write_frame(&frame).map_err(gif_error);
        };
        jobs.send((self.sent, frame)).map_err(|_| lost())?;
        self.sent += 1;
        while let Ok((n, frame)) = self.done.try_recv() {
            self.ready.insert(n, frame);
        }
        self.write_ready(encoder)
    }

    /// Writes the frames compressed so far that come next in order.
    fn write_ready(&mut self, encoder: &mut gif::Encoder<Vec<u8>>) -> Result<(), RenderError> {
        while let Some(frame) = self.ready.remove(&self.written) {
            encoder.write_lzw_pre_encoded_frame(&frame).map_err(gif_error)?;
            self.written += 1;
        }
        Ok(())
    }

    /// Waits for every frame handed over, and writes them.
    fn finish(mut self, encoder: &mut gif::Encoder<Vec<u8>>) -> Result<(), RenderError> {
        self.jobs = None;
        while self.written < self.sent {
            let (n, frame) = self.done.recv().map_err(|_| lost())?;
            self.ready.insert(n, frame);
            self.write_ready(encoder)?;
        }
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
        Ok(())
    }
}

fn lost() -> RenderError {
    RenderError::Animation("a frame's compression failed".into())
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
    use super::{Squeeze, changed, patch};

    /// Frames compressed on worker threads make the same GIF, byte for byte, as frames
    /// compressed in line, whatever order the workers finish in.
    #[test]
    fn frames_compressed_by_workers_make_the_same_gif() {
        let (w, h) = (64u16, 48u16);
        let palette: Vec<u8> = (0..=255u8).flat_map(|i| [i, 255 - i, i / 2]).collect();
        let gif = |workers: usize| {
            let mut encoder = gif::Encoder::new(Vec::new(), w, h, &palette).unwrap();
            let mut squeeze = Squeeze::new(workers);
            let mut before = vec![0u8; usize::from(w) * usize::from(h)];
            for k in 0..40usize {
                let mut after = before.clone();
                for (i, p) in after.iter_mut().enumerate() {
                    if (i * 7 + k * 13) % (k + 3) == 0 {
                        *p = ((i + k * 31) % 251) as u8;
                    }
                }
                let Some(area) = changed(&before, &after, usize::from(w)) else { continue };
                let frame = patch(&before, &after, usize::from(w), area, 5);
                squeeze.push(frame, &mut encoder).unwrap();
                before = after;
            }
            squeeze.finish(&mut encoder).unwrap();
            encoder.into_inner().unwrap()
        };
        let inline = gif(0);
        assert_eq!(gif(3), inline);
        assert_eq!(gif(1), inline);
    }

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
