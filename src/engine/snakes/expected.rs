//! The exact expected length of a solo game, in turns, as an absorbing Markov chain (S2).
//!
//! A state is where a player stands just before a roll: the square, the sixes already rolled in
//! this turn (only the `cap` and `back_to_start` rules need that count) and whether the token is
//! locked. `W(x)` is the expected number of turns still to *begin* from state `x`; each roll either
//! ends the game, continues the turn (a bonus roll) or ends the turn, which begins one more:
//!
//! ```text
//! W(x) = Σ_d 1/6 · ( [turn ends after d, game goes on] + W(next(x, d)) ),   W(finished) = 0
//! ```
//!
//! and the expected game length is `1 + W(start)`. The transitions call the same [`walk`] and
//! [`Layout::jump`] as the engine, so chain and game cannot disagree.

use super::layout::{BoardGenerator, GOAL, Layout, Walk, walk};
use super::{SnakesOptions, ThreeSixes};
use crate::engine::Entropy;

/// The band of exact expected solo game length, in turns, a random board must meet (S2).
pub const EXPECTED_TURNS_BAND: std::ops::RangeInclusive<f64> = 25.0..=60.0;

impl Layout {
    /// A random board for these options (S2 `random`): 8–12 ladders and 8–12 snakes, at most one
    /// jump end on any square, no jump inside one row (they would be unreadable in a picture), and
    /// an exact expected solo game length of 25–60 turns. Same entropy, same board.
    ///
    /// Drawn by the current generator ([`BoardGenerator::CURRENT`]).
    pub fn random(entropy: &mut impl Entropy, options: &SnakesOptions) -> Self {
        Self::random_by(BoardGenerator::CURRENT, entropy, options)
    }

    /// A random board drawn by `generator`: the same generator and entropy always give the same
    /// board.
    pub fn random_by(
        generator: BoardGenerator,
        entropy: &mut impl Entropy,
        options: &SnakesOptions,
    ) -> Self {
        loop {
            if let Some(layout) = Self::random_candidate(generator, entropy)
                && EXPECTED_TURNS_BAND.contains(&expected_turns(&layout, options))
            {
                return layout;
            }
        }
    }
}

/// The exact expected number of turns one player needs to reach 100 from the start.
pub fn expected_turns(layout: &Layout, options: &SnakesOptions) -> f64 {
    let counts_sixes = options.bonus_six && options.three_sixes != ThreeSixes::Unlimited;
    let k_states: usize = if counts_sixes { 3 } else { 1 };
    let lockable = options.bonus_six && options.three_sixes == ThreeSixes::BackToStart;
    let squares = usize::from(GOAL);
    let n = squares * k_states + usize::from(lockable);
    let locked_index = squares * k_states;
    let index = |square: u8, k: usize| usize::from(square) * k_states + k;

    // Rows of (I − P) W = b.
    let mut a = vec![0.0f64; n * n];
    let mut b = vec![0.0f64; n];
    for i in 0..n {
        a[i * n + i] = 1.0;
    }
    let mut add = |row: usize, next: Option<usize>, turn_ends: bool| {
        if let Some(col) = next {
            a[row * n + col] -= 1.0 / 6.0;
            if turn_ends {
                b[row] += 1.0 / 6.0;
            }
        }
    };

    for square in 0..GOAL {
        for k in 0..k_states {
            let row = index(square, k);
            for die in 1..=6u8 {
                let six = die == 6;
                if lockable && six && k == 2 {
                    // Third six in a row: back to the start, locked; the turn ends.
                    add(row, Some(locked_index), true);
                    continue;
                }
                let rest = match walk(square, die, options.finish) {
                    Walk::Blocked => square,
                    Walk::Forward(to) | Walk::Bounced(to) => layout.jump(to),
                };
                if rest == GOAL {
                    add(row, None, false);
                } else if options.bonus_six
                    && six
                    && !(options.three_sixes == ThreeSixes::Cap && k == 2)
                {
                    let next_k = if counts_sixes { k + 1 } else { 0 };
                    add(row, Some(index(rest, next_k)), false);
                } else {
                    add(row, Some(index(rest, 0)), true);
                }
            }
        }
    }
    if lockable {
        // Locked: a 6 unlocks and moves from 0 with a bonus roll (one six so far); else the turn ends.
        let rest = layout.jump(6);
        add(locked_index, (rest != GOAL).then(|| index(rest, 1)), false);
        for _ in 1..6 {
            add(locked_index, Some(locked_index), true);
        }
    }

    let w = solve(a, b, n);
    1.0 + w[index(0, 0)]
}

/// Solves the dense system `a · x = b` (row-major `n × n`) by Gaussian elimination with partial
/// pivoting. The chain's matrix is non-singular because 100 is reachable from every state.
fn solve(mut a: Vec<f64>, mut b: Vec<f64>, n: usize) -> Vec<f64> {
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&i, &j| a[i * n + col].abs().total_cmp(&a[j * n + col].abs()))
            .unwrap_or(col);
        if pivot != col {
            for k in 0..n {
                a.swap(col * n + k, pivot * n + k);
            }
            b.swap(col, pivot);
        }
        let p = a[col * n + col];
        for row in col + 1..n {
            let f = a[row * n + col] / p;
            if f != 0.0 {
                for k in col..n {
                    a[row * n + k] -= f * a[col * n + k];
                }
                b[row] -= f * b[col];
            }
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| a[row * n + k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row * n + row];
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::snakes::Finish;

    #[test]
    fn empty_board_exact_finish_is_finite_and_plausible() {
        // No jumps: about 100 / 3.5 ≈ 29 rolls to get near, then waiting for an exact roll.
        let empty = Layout::new(vec![], vec![]).unwrap();
        let e = expected_turns(&empty, &SnakesOptions::default());
        assert!((30.0..40.0).contains(&e), "{e}");
    }

    #[test]
    fn one_square_board_needs_exactly_one_turn() {
        // A ladder from every reachable square straight to 100: every first roll wins.
        let ladders: Vec<(u8, u8)> = (1..=6).map(|s| (s, 100)).collect();
        let layout = Layout::new(ladders, vec![]).unwrap();
        let e = expected_turns(&layout, &SnakesOptions::default());
        assert!((e - 1.0).abs() < 1e-9, "{e}");
    }

    #[test]
    fn bonus_sixes_shorten_the_game() {
        let board = Layout::classic();
        let plain = expected_turns(&board, &SnakesOptions::default());
        let bonus = SnakesOptions { bonus_six: true, ..SnakesOptions::default() };
        let capped = SnakesOptions { three_sixes: ThreeSixes::Cap, ..bonus };
        let back = SnakesOptions { three_sixes: ThreeSixes::BackToStart, ..bonus };
        let bounce = SnakesOptions { finish: Finish::Bounce, ..SnakesOptions::default() };
        let (b, c, k) = (
            expected_turns(&board, &bonus),
            expected_turns(&board, &capped),
            expected_turns(&board, &back),
        );
        assert!(b < plain, "{b} < {plain}");
        assert!(b <= c && c < plain, "unlimited {b} ≤ cap {c} < plain {plain}");
        assert!(k > c, "back_to_start {k} > cap {c}");
        assert!(expected_turns(&board, &bounce) > 0.0);
    }
}
