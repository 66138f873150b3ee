//! A value network for Long Nardy (issue 63, first part): a small multilayer perceptron that
//! estimates, for one side, its chances after a position: to win the game, to win it by a mars
//! (the loser bore off none: two points), and to lose it by a mars. Pure arithmetic on `f32`: no
//! IO, no randomness (a new network's weights come from the caller), as everything in the
//! engine.
//!
//! Inputs ([`features`]) describe the position from that side: for each side, every point of its
//! own route (24 = its head, 1–6 its home) by how many of its checkers stand there (one input
//! each for "at least 1, 2 and 3", and the rest beyond three), then the race and the shape the
//! rules make matter: checkers borne off, checkers still on the head, checkers not yet home,
//! the pip count, and the longest run of points held in front of the other side's rearmost
//! checker (six in a row may not trap all fifteen, N-rules' six-block).
//!
//! The network is `INPUTS → hidden (tanh) → 3 (sigmoid)`; [`Net::learn`] takes one gradient step
//! towards target chances (squared error), which is what temporal-difference training does with
//! the next position's estimate as the target. [`Net::to_bytes`] writes a self-checking file:
//! a name, the sizes, the weights, and a checksum, so that a damaged or mismatched file is
//! refused by [`Net::from_bytes`], never half read.

use super::{ByColour, CHECKERS, Colour, HEAD, Turn};

/// How many inputs a position has: 4 a route position for each side, and 6 more for each side.
pub const INPUTS: usize = 2 * (4 * HEAD + 6);

/// What the network estimates: [win, win by a mars, lose by a mars], each a chance.
pub const OUTPUTS: usize = 3;

/// The first bytes of a network's file, with its format's version.
const MAGIC: &[u8; 8] = b"DTNARDY1";

/// The most hidden units a file may declare (a damaged size is refused before allocating).
const MAX_HIDDEN: usize = 1024;

/// A Long Nardy value network.
///
/// The first layer is kept input by input (each input's weights to every hidden unit side by
/// side), so that a position, whose inputs are mostly zero, costs only its non-zero inputs; the
/// file keeps the usual order (hidden unit by hidden unit).
#[derive(Debug, Clone, PartialEq)]
pub struct Net {
    hidden: usize,
    /// Inputs × hidden, input by input.
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// Outputs × hidden, row by row.
    w2: Vec<f32>,
    b2: [f32; OUTPUTS],
}

/// Why a network's bytes were refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    /// Not a network file of this format.
    #[error("not a Long Nardy network (its first bytes are not {MAGIC:?})")]
    Magic,
    /// Its sizes are not this program's (a network for other inputs).
    #[error(
        "the network has {inputs} inputs and {outputs} outputs; this program uses {INPUTS} and {OUTPUTS}"
    )]
    Sizes {
        /// Inputs the file declares.
        inputs: usize,
        /// Outputs the file declares.
        outputs: usize,
    },
    /// Shorter or longer than its sizes say, or its hidden layer is out of range.
    #[error("the network's file is {got} bytes where its sizes need {wanted}")]
    Length {
        /// Bytes there are.
        got: usize,
        /// Bytes its sizes need.
        wanted: usize,
    },
    /// The checksum does not match: the file was damaged.
    #[error("the network's checksum does not match: the file is damaged")]
    Checksum,
    /// A weight is not a finite number.
    #[error("the network has a weight that is not a finite number")]
    NotFinite,
}

impl Net {
    /// A network of `hidden` units whose weights `weight` gives, one call each, in the file's
    /// order (small random numbers for training from scratch).
    pub fn new(hidden: usize, mut weight: impl FnMut() -> f32) -> Self {
        let hidden = hidden.clamp(1, MAX_HIDDEN);
        let rows: Vec<f32> = (0..hidden * INPUTS).map(|_| weight()).collect();
        Net {
            hidden,
            w1: by_input(&rows, hidden),
            b1: vec![0.0; hidden],
            w2: (0..OUTPUTS * hidden).map(|_| weight()).collect(),
            b2: [0.0; OUTPUTS],
        }
    }

    /// Its hidden units.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The chances [win, win by a mars, lose by a mars] for the side `x` describes.
    pub fn outputs(&self, x: &[f32; INPUTS]) -> [f32; OUTPUTS] {
        let mut h = vec![0.0; self.hidden];
        self.forward(x, &mut h)
    }

    /// [`Net::outputs`] with the caller's room for the hidden layer (`hidden()` long), so that
    /// a search allocates once.
    pub fn outputs_in(&self, x: &[f32; INPUTS], h: &mut [f32]) -> [f32; OUTPUTS] {
        self.forward(x, h)
    }

    fn forward(&self, x: &[f32; INPUTS], h: &mut [f32]) -> [f32; OUTPUTS] {
        let n = self.hidden;
        h[..n].copy_from_slice(&self.b1);
        for (i, &v) in x.iter().enumerate() {
            if v == 0.0 {
                continue;
            }
            let column = &self.w1[i * n..(i + 1) * n];
            for (out, w) in h[..n].iter_mut().zip(column) {
                *out += v * w;
            }
        }
        for out in &mut h[..n] {
            *out = out.tanh();
        }
        let mut o = [0.0; OUTPUTS];
        for (k, out) in o.iter_mut().enumerate() {
            let row = &self.w2[k * n..(k + 1) * n];
            let sum: f32 = row.iter().zip(&h[..n]).map(|(w, v)| w * v).sum();
            *out = sigmoid(sum + self.b2[k]);
        }
        o
    }

    /// One gradient step of size `rate` that brings the outputs for `x` closer to `target`
    /// (squared error); returns the outputs before the step.
    pub fn learn(
        &mut self,
        x: &[f32; INPUTS],
        target: [f32; OUTPUTS],
        rate: f32,
    ) -> [f32; OUTPUTS] {
        let n = self.hidden;
        let mut h = vec![0.0; n];
        let o = self.forward(x, &mut h);
        // The error at each output's sum: (o − t)·σ'(sum).
        let delta: [f32; OUTPUTS] =
            std::array::from_fn(|k| (o[k] - target[k]) * o[k] * (1.0 - o[k]));
        // Back to each hidden unit's sum, before the output weights change.
        let back: Vec<f32> = (0..n)
            .map(|j| {
                let sum: f32 = (0..OUTPUTS).map(|k| delta[k] * self.w2[k * n + j]).sum();
                rate * sum * (1.0 - h[j] * h[j])
            })
            .collect();
        for (k, d) in delta.iter().enumerate() {
            let row = &mut self.w2[k * n..(k + 1) * n];
            for (w, hj) in row.iter_mut().zip(&h) {
                *w -= rate * d * hj;
            }
            self.b2[k] -= rate * d;
        }
        for (i, &v) in x.iter().enumerate() {
            if v == 0.0 {
                continue;
            }
            let column = &mut self.w1[i * n..(i + 1) * n];
            for (w, g) in column.iter_mut().zip(&back) {
                *w -= g * v;
            }
        }
        for (b, g) in self.b1.iter_mut().zip(&back) {
            *b -= g;
        }
        o
    }

    /// The network as a file: its name (`DTNARDY1`), inputs, hidden units, outputs (each a little-endian
    /// `u32`), the weights (`f32`, little-endian: w1, b1, w2, b2), and an FNV-1a checksum of
    /// all that (`u64`).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.file_len());
        out.extend_from_slice(MAGIC);
        for n in [INPUTS, self.hidden, OUTPUTS] {
            out.extend_from_slice(&(n as u32).to_le_bytes());
        }
        let rows = by_hidden(&self.w1, self.hidden);
        for w in rows.iter().chain(&self.b1).chain(&self.w2).chain(&self.b2) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// The file's checksum as it is written beside the network (`assets/nardy/README.md`,
    /// `train`'s and `positions`' reports): FNV-1a of the file's body, 16 hex digits.
    pub fn checksum_hex(&self) -> String {
        let bytes = self.to_bytes();
        bytes[bytes.len() - 8..].iter().rev().map(|b| format!("{b:02x}")).collect()
    }

    /// A network from its file ([`Net::to_bytes`]); a file of another format, other sizes, the
    /// wrong length, a bad checksum or a weight that is no finite number is refused.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, NetError> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(NetError::Magic);
        }
        let header = MAGIC.len() + 12;
        let size = |at: usize| -> usize {
            bytes
                .get(at..at + 4)
                .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
        };
        let (inputs, hidden, outputs) = (size(8), size(12), size(16));
        if (inputs, outputs) != (INPUTS, OUTPUTS) {
            return Err(NetError::Sizes { inputs, outputs });
        }
        let wanted = if (1..=MAX_HIDDEN).contains(&hidden) { Net::len_for(hidden) } else { 0 };
        if bytes.len() != wanted || wanted == 0 {
            return Err(NetError::Length { got: bytes.len(), wanted });
        }
        let (body, sum) = bytes.split_at(wanted - 8);
        let stored = u64::from_le_bytes(sum.try_into().map_err(|_| NetError::Checksum)?);
        if fnv1a(body) != stored {
            return Err(NetError::Checksum);
        }
        let mut weights =
            body[header..].chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]));
        let mut take = |n: usize| -> Vec<f32> { weights.by_ref().take(n).collect() };
        let (w1, b1, w2, b2) =
            (take(hidden * INPUTS), take(hidden), take(OUTPUTS * hidden), take(OUTPUTS));
        if !w1.iter().chain(&b1).chain(&w2).chain(&b2).all(|w| w.is_finite()) {
            return Err(NetError::NotFinite);
        }
        Ok(Net { hidden, w1: by_input(&w1, hidden), b1, w2, b2: [b2[0], b2[1], b2[2]] })
    }

    fn file_len(&self) -> usize {
        Net::len_for(self.hidden)
    }

    fn len_for(hidden: usize) -> usize {
        let weights = hidden * INPUTS + hidden + OUTPUTS * hidden + OUTPUTS;
        MAGIC.len() + 12 + 4 * weights + 8
    }
}

/// Of `turns` (the mover's turns for the dice rolled), the one whose position `net` values most
/// for `me`, the mover (a search of no depth: each turn's position once); `None` if there are
/// none. A turn that ends the game is worth what it wins.
pub fn best<'a>(net: &Net, turns: &'a [Turn], me: Colour) -> Option<&'a Turn> {
    let mut h = vec![0.0; net.hidden];
    let mut best: Option<(f32, &Turn)> = None;
    for t in turns {
        let v = equity(chances(net, &t.board, t.off, me, &mut h));
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, t));
        }
    }
    best.map(|(_, t)| t)
}

/// `me`'s chances [win, win by a mars, lose by a mars] after `me` has moved to this position
/// (the other side to roll): what the game says when `me` has borne off all fifteen, else what
/// `net` estimates. `h` is room for the hidden layer ([`Net::hidden`] long).
pub fn chances(
    net: &Net,
    board: &[i8; 24],
    off: ByColour<u8>,
    me: Colour,
    h: &mut [f32],
) -> [f32; OUTPUTS] {
    if off[me] >= CHECKERS {
        return [1.0, f32::from(u8::from(off[me.other()] == 0)), 0.0];
    }
    net.forward(&features(board, off, me), h)
}

/// The network shipped with the program (`assets/nardy/expert.net`, built into the binary), read
/// and checked once; a damaged or mismatched file is its error, never another network.
pub fn shipped() -> Result<&'static Net, &'static NetError> {
    static SHIPPED: std::sync::OnceLock<Result<Net, NetError>> = std::sync::OnceLock::new();
    SHIPPED.get_or_init(|| Net::from_bytes(SHIPPED_BYTES)).as_ref()
}

/// The shipped network's file.
pub const SHIPPED_BYTES: &[u8] = include_bytes!("../../../assets/nardy/expert.net");

/// What the chances are worth in points to their side: a win 1, a mars 2 (win and mars are
/// counted apart: a mars win is a win and a mars).
pub fn equity(o: [f32; OUTPUTS]) -> f32 {
    2.0 * o[0] - 1.0 + o[1] - o[2]
}

/// The same chances from the other side: it wins when this side loses, and the marses swap.
pub fn flip(o: [f32; OUTPUTS]) -> [f32; OUTPUTS] {
    [1.0 - o[0], o[2], o[1]]
}

/// The inputs of a position (`board` in White's frame, + White, − Black; `off` borne off,
/// [White, Black]) as side `me` sees it (see the module's notes).
pub fn features(board: &[i8; 24], off: ByColour<u8>, me: Colour) -> [f32; INPUTS] {
    let mut x = [0.0; INPUTS];
    let them = me.other();
    let (mine, theirs) = (route(board, me), route(board, them));
    for (side, (counts, other, gone)) in
        [(&mine, &theirs, off[me]), (&theirs, &mine, off[them])].into_iter().enumerate()
    {
        let at = side * (4 * HEAD + 6);
        for (r, &count) in counts.iter().enumerate().skip(1) {
            let n = f32::from(count);
            let i = at + 4 * (r - 1);
            x[i] = f32::from(u8::from(n >= 1.0));
            x[i + 1] = f32::from(u8::from(n >= 2.0));
            x[i + 2] = f32::from(u8::from(n >= 3.0));
            x[i + 3] = (n - 3.0).max(0.0) / 2.0;
        }
        let pips: u32 = (1..=HEAD).map(|r| r as u32 * u32::from(counts[r])).sum();
        let not_home: u8 = (7..=HEAD).map(|r| counts[r]).sum();
        let extra = at + 4 * HEAD;
        x[extra] = f32::from(gone) / 15.0;
        x[extra + 1] = f32::from(counts[HEAD]) / 15.0;
        x[extra + 2] = f32::from(not_home) / 15.0;
        x[extra + 3] = pips as f32 / 200.0;
        x[extra + 4] = f32::from(block(counts, other, side_colour(me, side))) / 6.0;
        x[extra + 5] = f32::from(u8::from(gone == 0 && not_home > 0));
    }
    x
}

/// The colour of the side `side` (0: `me`, 1: the other) of a position seen by `me`.
fn side_colour(me: Colour, side: usize) -> Colour {
    if side == 0 { me } else { me.other() }
}

/// `colour`'s checkers by its own route position (1–24; 24 its head, 1–6 its home).
fn route(board: &[i8; 24], colour: Colour) -> [u8; HEAD + 1] {
    let mut counts = [0u8; HEAD + 1];
    for (r, slot) in counts.iter_mut().enumerate().skip(1) {
        let v = board[usize::from(colour.point(r)) - 1];
        *slot = match colour {
            Colour::White if v > 0 => v.unsigned_abs(),
            Colour::Black if v < 0 => v.unsigned_abs(),
            _ => 0,
        };
    }
    counts
}

/// The longest run of consecutive points `colour` holds (its checkers `mine`) in front of the
/// other side's rearmost checker (`theirs`, by the other side's route), at most 6.
fn block(mine: &[u8; HEAD + 1], theirs: &[u8; HEAD + 1], colour: Colour) -> u8 {
    let other = colour.other();
    let back = (1..=HEAD).rev().find(|&r| theirs[r] > 0).unwrap_or(0);
    let mut held = [false; HEAD + 1];
    for r in (1..=HEAD).filter(|&r| mine[r] > 0) {
        let seen = other.route(colour.point(r));
        if seen < back {
            held[seen] = true;
        }
    }
    let (mut run, mut best) = (0u8, 0u8);
    for h in held.iter().skip(1) {
        run = if *h { run + 1 } else { 0 };
        best = best.max(run);
    }
    best.min(6)
}

/// First-layer weights stored hidden unit by hidden unit (the file's order), input by input.
fn by_input(rows: &[f32], hidden: usize) -> Vec<f32> {
    transpose(rows, hidden, INPUTS)
}

/// The reverse of [`by_input`].
fn by_hidden(columns: &[f32], hidden: usize) -> Vec<f32> {
    transpose(columns, INPUTS, hidden)
}

/// A `rows × columns` matrix, row by row, as its transpose.
fn transpose(m: &[f32], rows: usize, columns: usize) -> Vec<f32> {
    let mut t = vec![0.0; m.len()];
    for r in 0..rows {
        for c in 0..columns {
            t[c * rows + r] = m[r * columns + c];
        }
    }
    t
}

fn sigmoid(v: f32) -> f32 {
    1.0 / (1.0 + (-v).exp())
}

/// FNV-1a, 64 bits: enough to tell a damaged file (not a signature).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::nardy::{Nardy, NardyOptions};

    /// A small seeded generator for weights.
    fn weights(seed: u64) -> impl FnMut() -> f32 {
        let mut s = seed | 1;
        move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            ((s % 2001) as f32 / 1000.0 - 1.0) * 0.1
        }
    }

    #[test]
    fn the_opening_looks_the_same_to_both_sides() {
        let g = Nardy::new(NardyOptions::default());
        let white = features(g.board(), g.off(), Colour::White);
        let black = features(g.board(), g.off(), Colour::Black);
        assert_eq!(white, black);
        // Fifteen checkers on each head: its "at least 3" input and the rest beyond three.
        let head = 4 * (HEAD - 1);
        assert_eq!(white[head..head + 4], [1.0, 1.0, 1.0, 6.0]);
        // None borne off, all on the head, none home, 360 pips, and a mars still possible.
        let extra = 4 * HEAD;
        assert_eq!(white[extra..extra + 4], [0.0, 1.0, 1.0, 360.0 / 200.0]);
        assert_eq!(white[extra + 5], 1.0);
    }

    #[test]
    fn a_position_swaps_its_halves_when_seen_from_the_other_side() {
        // A position after a few moves: White's half seen by White is Black's half seen by
        // Black, and the reverse.
        let mut board = [0i8; 24];
        board[23] = 10; // White's head (point 24)
        board[17] = 3;
        board[3] = 2;
        board[11] = -12; // Black's head (point 12)
        board[5] = -3;
        let (w, b) = (
            features(&board, ByColour::default(), Colour::White),
            features(&board, ByColour::default(), Colour::Black),
        );
        let half = INPUTS / 2;
        assert_eq!(w[..half], b[half..]);
        assert_eq!(w[half..], b[..half]);
    }

    #[test]
    fn learning_brings_the_outputs_to_their_target() {
        let g = Nardy::new(NardyOptions::default());
        let x = features(g.board(), g.off(), Colour::White);
        let mut net = Net::new(16, weights(7));
        let target = [0.8, 0.1, 0.05];
        let before = net.outputs(&x);
        for _ in 0..5_000 {
            net.learn(&x, target, 0.1);
        }
        let after = net.outputs(&x);
        let error = |o: [f32; 3]| (0..3).map(|k| (o[k] - target[k]).abs()).sum::<f32>();
        assert!(
            error(after) < 0.02 && error(after) < error(before) / 5.0,
            "{before:?} → {after:?}"
        );
    }

    #[test]
    fn a_network_reads_back_from_its_file_and_a_damaged_file_is_refused() {
        let net = Net::new(8, weights(3));
        let bytes = net.to_bytes();
        assert_eq!(Net::from_bytes(&bytes), Ok(net.clone()));
        let mut damaged = bytes.clone();
        damaged[100] ^= 1;
        assert_eq!(Net::from_bytes(&damaged), Err(NetError::Checksum));
        assert_eq!(
            Net::from_bytes(&bytes[..bytes.len() - 1]).map(|_| ()),
            Err(NetError::Length { got: bytes.len() - 1, wanted: bytes.len() })
        );
        assert_eq!(Net::from_bytes(b"PNG"), Err(NetError::Magic));
        let mut other = bytes.clone();
        other[8..12].copy_from_slice(&7u32.to_le_bytes());
        assert_eq!(Net::from_bytes(&other), Err(NetError::Sizes { inputs: 7, outputs: OUTPUTS }));
        let mut huge = bytes;
        huge[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(matches!(Net::from_bytes(&huge), Err(NetError::Length { .. })));
    }

    #[test]
    fn the_shipped_networks_checksum_is_the_one_written_beside_it() {
        // assets/nardy/README.md's training log and positions.txt's header name it.
        assert_eq!(shipped().unwrap().checksum_hex(), "ee183cc54bc284a3");
    }

    #[test]
    fn the_best_turn_is_one_of_the_turns_and_the_nets_choice() {
        let mut g = Nardy::new(NardyOptions::default());
        // The roll-off (White's 6 beats Black's 1), then White's opening 6-5.
        g.play(&crate::engine::Action::Roll { dice: vec![6, 1] }).unwrap();
        if !matches!(g.legal(), crate::engine::Legal::Choose { .. }) {
            g.play(&crate::engine::Action::Roll { dice: vec![6, 5] }).unwrap();
        }
        let turns = g.turns();
        assert!(!turns.is_empty());
        let net = Net::new(8, weights(11));
        let me = if g.white_seat() == g.to_move() { Colour::White } else { Colour::Black };
        let chosen = best(&net, &turns, me).expect("a turn");
        let worth = |t: &Turn| equity(net.outputs(&features(&t.board, t.off, me)));
        assert!(turns.iter().all(|t| worth(t) <= worth(chosen)));
        assert!(best(&net, &[], me).is_none());
    }

    #[test]
    fn the_other_sides_equity_is_the_opposite() {
        let o = [0.7, 0.2, 0.1];
        assert!((equity(o) + equity(flip(o))).abs() < 1e-6);
        assert_eq!(flip(flip(o)), o);
    }
}
