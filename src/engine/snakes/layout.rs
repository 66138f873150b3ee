//! Boards: where the ladders and snakes are (S1, S2), and how a token walks (S7–S9).

use serde::{Deserialize, Serialize};

use super::{Finish, SnakesOptions, expected};
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
/// The band of exact expected solo game length, in turns, a random board must meet (S2).
pub const EXPECTED_TURNS_BAND: std::ops::RangeInclusive<f64> = 25.0..=60.0;

/// Which board a table plays on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardKind {
    /// The 1943 board.
    #[default]
    Classic,
    /// A fresh layout from the table's seed for every game.
    Random,
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

    /// A random board for these options (S2 `random`): 8–12 ladders and 8–12 snakes, at most one
    /// jump end on any square, no jump inside one row (they would be unreadable in a picture), and
    /// an exact expected solo game length of 25–60 turns. Same entropy, same board.
    pub fn random(entropy: &mut impl Entropy, options: &SnakesOptions) -> Self {
        loop {
            if let Some(layout) = Self::random_candidate(entropy)
                && EXPECTED_TURNS_BAND.contains(&expected::expected_turns(&layout, options))
            {
                return layout;
            }
        }
    }

    fn random_candidate(entropy: &mut impl Entropy) -> Option<Self> {
        let row = |square: u32| (square - 1) / 10;
        let mut used = [false; GOAL as usize + 1];
        let take = |used: &mut [bool; 101], a: u32, b: u32| {
            let fresh = !used[a as usize] && !used[b as usize] && row(a) != row(b);
            if fresh {
                used[a as usize] = true;
                used[b as usize] = true;
            }
            fresh
        };
        let mut ladders = Vec::new();
        let mut snakes = Vec::new();
        for _ in 0..entropy.between(*RANDOM_JUMPS.start(), *RANDOM_JUMPS.end()) {
            let placed = (0..50).find_map(|_| {
                let foot = entropy.between(1, 90);
                let top = entropy.between(foot + 8, (foot + 32).min(u32::from(GOAL)));
                take(&mut used, foot, top).then_some((foot as u8, top as u8))
            });
            ladders.push(placed?);
        }
        for _ in 0..entropy.between(*RANDOM_JUMPS.start(), *RANDOM_JUMPS.end()) {
            let placed = (0..50).find_map(|_| {
                let head = entropy.between(12, 99);
                let tail = entropy.between(head.saturating_sub(32).max(1), head - 8);
                take(&mut used, head, tail).then_some((head as u8, tail as u8))
            });
            snakes.push(placed?);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fair::Seed;

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
            assert!(EXPECTED_TURNS_BAND.contains(&e), "{e}");
            // Same seed, same board.
            let again = Layout::random(&mut seed.stream("layout", 0), &options);
            assert_eq!(layout, again);
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
