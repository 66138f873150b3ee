//! Boards: where the ladders and snakes are (S1, S2), and how a token walks (S7–S9).

use serde::{Deserialize, Serialize};

use super::Finish;
use crate::engine::{Entropy, StateError};

/// The last square.
pub const GOAL: u8 = 100;

/// The 1943 board (S2): ladders.
const CLASSIC_LADDERS: [(u8, u8); 9] =
    [(1, 38), (4, 14), (9, 31), (21, 42), (28, 84), (36, 44), (51, 67), (71, 91), (80, 100)];

/// The 1943 board (S2): snakes, head → tail.
const CLASSIC_SNAKES: [(u8, u8); 10] = [
    (16, 6),
    (47, 26),
    (49, 11),
    (56, 53),
    (62, 19),
    (64, 60),
    (87, 24),
    (93, 73),
    (95, 75),
    (98, 78),
];

/// The range of ladders and of snakes on a random board (S2).
pub const RANDOM_JUMPS: std::ops::RangeInclusive<u32> = 8..=12;

crate::engine::declare::option_values! {
    /// Which board a table plays on.
    pub enum BoardKind {
        /// The 1943 board.
        Classic = "classic",
        /// A fresh layout from the table's seed for every game.
        Random = "random",
    }
}

/// Which generator draws a random board. A table keeps the generator it was created with, so a
/// game started before a newer generator replays square for square on the board it was dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardGenerator {
    /// The first generator: jumps anywhere between rows; some came out nearly flat or crossing.
    Original,
    /// Every jump climbs or falls at least as steeply as it runs sideways, no two ladders and no
    /// two snakes cross or run close beside each other, and every snake's head lies clear of the
    /// other jumps, so each can be followed at a glance.
    #[default]
    Readable,
}

impl BoardGenerator {
    /// The generator new tables use.
    pub const CURRENT: Self = Self::Readable;

    /// The generator of a table stored before generators had names.
    pub fn legacy() -> Self {
        Self::Original
    }
}

/// Where a roll takes a token, before any snake or ladder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Walk {
    /// The roll overshoots 100 and the finish is exact: the token stays (S8).
    Blocked,
    /// The token walks forward to this square.
    Forward(u8),
    /// The token walks to 100 and back to this square (S9).
    Bounced(u8),
}

/// Where a token at `square` goes with `die` under the finish rule (S8, S9).
pub fn walk(square: u8, die: u8, finish: Finish) -> Walk {
    let target = square + die;
    if target <= GOAL {
        Walk::Forward(target)
    } else {
        match finish {
            Finish::Exact => Walk::Blocked,
            Finish::Bounce => Walk::Bounced(2 * GOAL - target),
        }
    }
}

/// A board: ladders (foot → top) and snakes (head → tail). Every layout is well formed: jumps
/// start on 1–99 and end on 1–100, at most one jump starts on a square, and no jump ends where
/// another starts (no chains).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    ladders: Vec<(u8, u8)>,
    snakes: Vec<(u8, u8)>,
    jump: [u8; GOAL as usize + 1],
}

impl Layout {
    /// The 1943 board (S2 `classic`).
    pub fn classic() -> Self {
        Self::new(CLASSIC_LADDERS.to_vec(), CLASSIC_SNAKES.to_vec())
            .expect("the classic board is well formed")
    }

    /// A board from lists of ladders and snakes, checked to be well formed.
    pub fn new(mut ladders: Vec<(u8, u8)>, mut snakes: Vec<(u8, u8)>) -> Result<Self, StateError> {
        let mut jump: [u8; GOAL as usize + 1] = std::array::from_fn(|i| i as u8);
        for &(from, to) in &ladders {
            if !(1..GOAL).contains(&from) || to <= from || to > GOAL {
                return Err(StateError::new(format!(
                    "ladder {from}→{to}: a ladder goes up from a square 1–99 to a square up to 100"
                )));
            }
        }
        for &(from, to) in &snakes {
            if !(2..GOAL).contains(&from) || to >= from || to == 0 {
                return Err(StateError::new(format!(
                    "snake {from}→{to}: a snake goes down from a square 2–99 to a square from 1"
                )));
            }
        }
        for &(from, to) in ladders.iter().chain(&snakes) {
            if jump[usize::from(from)] != from {
                return Err(StateError::new(format!("two jumps start on square {from}")));
            }
            jump[usize::from(from)] = to;
        }
        for &(from, to) in ladders.iter().chain(&snakes) {
            if jump[usize::from(to)] != to {
                return Err(StateError::new(format!(
                    "jump {from}→{to} ends where another jump starts (no chains)"
                )));
            }
        }
        ladders.sort_unstable();
        snakes.sort_unstable();
        Ok(Self { ladders, snakes, jump })
    }

    pub(super) fn random_candidate(
        generator: BoardGenerator,
        entropy: &mut impl Entropy,
    ) -> Option<Self> {
        let row = |square: u32| (square - 1) / 10;
        let mut used = [false; GOAL as usize + 1];
        let mut ladders: Vec<(u8, u8)> = Vec::new();
        let mut snakes: Vec<(u8, u8)> = Vec::new();
        // Whether a jump from `a` to `b` may join the board drawn so far.
        let fits = |used: &[bool; 101], ladders: &[(u8, u8)], snakes: &[(u8, u8)], a, b, up| {
            if used[a as usize] || used[b as usize] || row(a) == row(b) {
                return false;
            }
            match generator {
                BoardGenerator::Original => true,
                BoardGenerator::Readable => {
                    let jump = (a as u8, b as u8);
                    let (same, other) = if up { (ladders, snakes) } else { (snakes, ladders) };
                    readable::fits(jump, up, same, other)
                }
            }
        };
        for _ in 0..entropy.between(*RANDOM_JUMPS.start(), *RANDOM_JUMPS.end()) {
            let placed = (0..50).find_map(|_| {
                let foot = entropy.between(1, 90);
                let top = entropy.between(foot + 8, (foot + 32).min(u32::from(GOAL)));
                fits(&used, &ladders, &snakes, foot, top, true).then_some((foot, top))
            });
            let (foot, top) = placed?;
            used[foot as usize] = true;
            used[top as usize] = true;
            ladders.push((foot as u8, top as u8));
        }
        for _ in 0..entropy.between(*RANDOM_JUMPS.start(), *RANDOM_JUMPS.end()) {
            let placed = (0..50).find_map(|_| {
                let head = entropy.between(12, 99);
                let tail = entropy.between(head.saturating_sub(32).max(1), head - 8);
                fits(&used, &ladders, &snakes, head, tail, false).then_some((head, tail))
            });
            let (head, tail) = placed?;
            used[head as usize] = true;
            used[tail as usize] = true;
            snakes.push((head as u8, tail as u8));
        }
        Self::new(ladders, snakes).ok()
    }

    /// Where a token that ends its walk on `square` finally rests (S7).
    pub fn jump(&self, square: u8) -> u8 {
        self.jump[usize::from(square)]
    }

    /// Whether a jump starts on `square` (no token ever rests there).
    pub fn is_jump_start(&self, square: u8) -> bool {
        self.jump(square) != square
    }

    /// The ladders, foot → top, by foot.
    pub fn ladders(&self) -> &[(u8, u8)] {
        &self.ladders
    }

    /// The snakes, head → tail, by head.
    pub fn snakes(&self) -> &[(u8, u8)] {
        &self.snakes
    }

    /// Whether this layout is the 1943 board.
    pub fn is_classic(&self) -> bool {
        self.ladders == CLASSIC_LADDERS && self.snakes == CLASSIC_SNAKES
    }
}

/// Where a square's centre lies on the drawn board, in cells: x to the right, y up, square 1
/// centred at (0.5, 0.5), rows alternating direction (S1). Pictures and the board generator share
/// this geometry, so what the generator keeps apart is drawn apart.
pub fn square_centre(square: u8) -> (f64, f64) {
    let i = u32::from(square.clamp(1, GOAL) - 1);
    let row = i / 10;
    let col = if row % 2 == 0 { i % 10 } else { 9 - i % 10 };
    (f64::from(col) + 0.5, f64::from(row) + 0.5)
}

/// A point of a snake's drawn body, in cells (see [`square_centre`]): `t` runs from 0 at the
/// head to 1 at the tail along a gentle S-curve that sways to one side and back, the side set by
/// the head's square.
pub fn snake_point(head: u8, tail: u8, t: f64) -> (f64, f64) {
    let (h, e) = (square_centre(head), square_centre(tail));
    let (dx, dy) = (e.0 - h.0, e.1 - h.1);
    let length = (dx * dx + dy * dy).sqrt().max(0.01);
    let (nx, ny) = (-dy / length, dx / length);
    let side = if head.is_multiple_of(2) { 1.0 } else { -1.0 };
    let sway = (length * 0.22).clamp(0.31, 0.94) * side;
    let c1 = (h.0 + dx * 0.33 + nx * sway, h.1 + dy * 0.33 + ny * sway);
    let c2 = (h.0 + dx * 0.66 - nx * sway, h.1 + dy * 0.66 - ny * sway);
    let u = 1.0 - t;
    let bezier = |p0: f64, p1: f64, p2: f64, p3: f64| {
        u * u * u * p0 + 3.0 * u * u * t * p1 + 3.0 * u * t * t * p2 + t * t * t * p3
    };
    (bezier(h.0, c1.0, c2.0, e.0), bezier(h.1, c1.1, c2.1, e.1))
}

/// The geometry of a readable board, in cells of the drawn grid ([`square_centre`]).
mod readable {
    use super::{snake_point, square_centre};

    type Point = (f64, f64);

    /// The closest two ladders, or two snakes, may come, in cells: a ladder is about 0.4 cell
    /// wide, a snake's body about 0.3.
    pub(super) const GAP: f64 = 0.9;
    /// How far a snake's head stays from any other jump, in cells.
    pub(super) const HEAD_CLEARANCE: f64 = 0.7;
    /// Where a snake and a ladder come closer than this (in cells) they must cross at 40° or
    /// more, never run along each other.
    const NEAR: f64 = 0.8;
    const CROSSING_SINE: f64 = 0.64;
    /// Pieces a snake's curve is cut into for measuring.
    const PIECES: usize = 12;

    /// A jump as drawn: a ladder's straight line, or a snake's curve as short straight pieces.
    pub(super) fn line((from, to): (u8, u8), up: bool) -> Vec<Point> {
        if up {
            vec![square_centre(from), square_centre(to)]
        } else {
            (0..=PIECES).map(|i| snake_point(from, to, i as f64 / PIECES as f64)).collect()
        }
    }

    /// Whether `jump` (a ladder when `up`, else a snake head → tail) keeps the board readable
    /// beside the jumps of its own kind (`same`) and of the other kind (`other`).
    pub(super) fn fits(jump: (u8, u8), up: bool, same: &[(u8, u8)], other: &[(u8, u8)]) -> bool {
        let (a, b) = (square_centre(jump.0), square_centre(jump.1));
        // Steep enough to read as going up or down: at least as much rise as run (45° or more).
        if (a.0 - b.0).abs() > (a.1 - b.1).abs() {
            return false;
        }
        let mine = line(jump, up);
        let apart = same.iter().all(|&j| gap(&mine, &line(j, up)) >= GAP);
        let crossings = other.iter().all(|&j| crosses_cleanly(&mine, &line(j, !up)));
        // Snake heads (this one's, and those already placed) stay clear of every other line.
        let (snakes, ladders) = if up { (other, same) } else { (same, other) };
        let clear = |head: u8, l: &[Point]| gap(&[square_centre(head)], l) >= HEAD_CLEARANCE;
        let others_clear = snakes.iter().all(|&(head, _)| clear(head, &mine));
        let mine_clear = up
            || (snakes.iter().map(|&j| line(j, false)))
                .chain(ladders.iter().map(|&j| line(j, true)))
                .all(|l| clear(jump.0, &l));
        let heads_clear = others_clear && mine_clear;
        apart && crossings && heads_clear
    }

    /// Whether a snake and a ladder (either order) cross steeply wherever they come near.
    pub(super) fn crosses_cleanly(p: &[Point], q: &[Point]) -> bool {
        pieces(p).all(|(a, b)| {
            pieces(q)
                .all(|(c, d)| distance(a, b, c, d) >= NEAR || sine(a, b, c, d) >= CROSSING_SINE)
        })
    }

    fn pieces(line: &[Point]) -> impl Iterator<Item = (Point, Point)> + '_ {
        // A single point is a piece of no length.
        line.windows(2).map(|w| (w[0], w[1])).chain((line.len() == 1).then(|| (line[0], line[0])))
    }

    /// The closest two drawn lines come, in cells.
    pub(super) fn gap(p: &[Point], q: &[Point]) -> f64 {
        pieces(p)
            .flat_map(|(a, b)| pieces(q).map(move |(c, d)| distance(a, b, c, d)))
            .fold(f64::INFINITY, f64::min)
    }

    /// The sine of the angle between the lines `a`–`b` and `c`–`d`.
    fn sine(a: Point, b: Point, c: Point, d: Point) -> f64 {
        let (u, v) = ((b.0 - a.0, b.1 - a.1), (d.0 - c.0, d.1 - c.1));
        let lengths = (u.0 * u.0 + u.1 * u.1).sqrt() * (v.0 * v.0 + v.1 * v.1).sqrt();
        if lengths == 0.0 { 1.0 } else { (u.0 * v.1 - u.1 * v.0).abs() / lengths }
    }

    /// The distance from point `p` to the segment `a`–`b`.
    fn to_segment(p: Point, a: Point, b: Point) -> f64 {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let length = dx * dx + dy * dy;
        let t = if length == 0.0 {
            0.0
        } else {
            (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / length).clamp(0.0, 1.0)
        };
        let (x, y) = (a.0 + t * dx - p.0, a.1 + t * dy - p.1);
        (x * x + y * y).sqrt()
    }

    /// The distance between segments `a`–`b` and `c`–`d` (0 when they cross).
    fn distance(a: Point, b: Point, c: Point, d: Point) -> f64 {
        let cross =
            |o: Point, p: Point, q: Point| (p.0 - o.0) * (q.1 - o.1) - (p.1 - o.1) * (q.0 - o.0);
        let (d1, d2) = (cross(a, b, c), cross(a, b, d));
        let (d3, d4) = (cross(c, d, a), cross(c, d, b));
        if d1 * d2 < 0.0 && d3 * d4 < 0.0 {
            return 0.0;
        }
        [to_segment(a, c, d), to_segment(b, c, d), to_segment(c, a, b), to_segment(d, a, b)]
            .into_iter()
            .fold(f64::INFINITY, f64::min)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{SnakesOptions, expected};
    use super::*;
    use crate::game::fair::Seed;

    #[test]
    fn s2_classic_board() {
        let b = Layout::classic();
        assert_eq!(b.ladders().len(), 9);
        assert_eq!(b.snakes().len(), 10);
        assert_eq!(b.jump(80), 100);
        assert_eq!(b.jump(98), 78);
        assert_eq!(b.jump(50), 50);
        assert!(b.is_classic());
    }

    #[test]
    fn s2_well_formed_layouts_only() {
        assert!(Layout::new(vec![(5, 20)], vec![(20, 3)]).is_err(), "chain");
        assert!(Layout::new(vec![(5, 20)], vec![(5, 3)]).is_err(), "two jumps from 5");
        assert!(Layout::new(vec![(0, 20)], vec![]).is_err(), "from 0");
        assert!(Layout::new(vec![(100, 20)], vec![]).is_err(), "ladder down");
        assert!(Layout::new(vec![], vec![(100, 20)]).is_err(), "snake head on 100");
        assert!(Layout::new(vec![], vec![(20, 0)]).is_err(), "ends on 0");
        assert!(Layout::new(vec![(5, 20), (7, 20)], vec![]).is_ok(), "shared top is allowed");
    }

    #[test]
    fn s2_random_layouts_meet_every_constraint() {
        for n in 0..12 {
            let seed = Seed::from_u64(n);
            let options = SnakesOptions { board: BoardKind::Random, ..SnakesOptions::default() };
            let layout = Layout::random(&mut seed.stream("layout", 0), &options);
            assert!(RANDOM_JUMPS.contains(&(layout.ladders().len() as u32)));
            assert!(RANDOM_JUMPS.contains(&(layout.snakes().len() as u32)));
            let mut ends: Vec<u8> =
                layout.ladders().iter().chain(layout.snakes()).flat_map(|&(a, b)| [a, b]).collect();
            let count = ends.len();
            ends.sort_unstable();
            ends.dedup();
            assert_eq!(ends.len(), count, "one jump end per square");
            assert!(layout.snakes().iter().all(|&(h, t)| h < GOAL && t > 0));
            let e = expected::expected_turns(&layout, &options);
            assert!(expected::EXPECTED_TURNS_BAND.contains(&e), "{e}");
            // Same seed, same board.
            let again = Layout::random(&mut seed.stream("layout", 0), &options);
            assert_eq!(layout, again);
        }
    }

    #[test]
    fn s2_a_table_keeps_its_board_generator() {
        // Seed 11's board from the first generator, as games started before the readable one
        // were dealt it: its nearly flat ladders 40→49 and 90→98 stay, so those games replay.
        let options = SnakesOptions { board: BoardKind::Random, ..SnakesOptions::default() };
        let seed = Seed::from_u64(11);
        let old =
            Layout::random_by(BoardGenerator::Original, &mut seed.stream("layout", 0), &options);
        assert!(old.ladders().contains(&(40, 49)) && old.ladders().contains(&(90, 98)), "{old:?}");
        let new = Layout::random(&mut seed.stream("layout", 0), &options);
        assert_ne!(old, new);
        assert_eq!(BoardGenerator::legacy(), BoardGenerator::Original);
        assert_eq!(BoardGenerator::default(), BoardGenerator::CURRENT);
    }

    #[test]
    fn s2_random_boards_can_be_followed_at_a_glance() {
        use readable::{GAP, HEAD_CLEARANCE, crosses_cleanly, gap, line};
        let options = SnakesOptions { board: BoardKind::Random, ..SnakesOptions::default() };
        for n in 0..200 {
            let layout = Layout::random(&mut Seed::from_u64(n).stream("layout", 0), &options);
            let jumps: Vec<((u8, u8), bool)> = (layout.ladders().iter().map(|&j| (j, true)))
                .chain(layout.snakes().iter().map(|&j| (j, false)))
                .collect();
            for &((a, b), up) in &jumps {
                let (p, q) = (square_centre(a), square_centre(b));
                assert!((p.0 - q.0).abs() <= (p.1 - q.1).abs(), "seed {n}: {a}→{b} is flat");
                for &((c, d), other) in jumps.iter().filter(|&&(j, _)| j != (a, b)) {
                    let (mine, theirs) = (line((a, b), up), line((c, d), other));
                    if up == other {
                        let apart = gap(&mine, &theirs);
                        assert!(apart >= GAP, "seed {n}: {a}→{b} runs {apart:.2} from {c}→{d}");
                    } else {
                        assert!(crosses_cleanly(&mine, &theirs), "seed {n}: {a}→{b} along {c}→{d}");
                    }
                    if !up {
                        let clear = gap(&[square_centre(a)], &theirs);
                        assert!(clear >= HEAD_CLEARANCE, "seed {n}: head {a} under {c}→{d}");
                    }
                }
            }
        }
    }

    #[test]
    fn s8_s9_walk() {
        assert_eq!(walk(97, 3, Finish::Exact), Walk::Forward(100));
        assert_eq!(walk(97, 5, Finish::Exact), Walk::Blocked);
        assert_eq!(walk(97, 5, Finish::Bounce), Walk::Bounced(98));
        assert_eq!(walk(99, 6, Finish::Bounce), Walk::Bounced(95));
    }
}
