//! The simulator against the exact absorbing-Markov-chain expectation (S2, S8–S11).
//!
//! For each rule set, the mean of `GAMES` seeded solo games must lie within 4 standard errors of
//! the exact expectation. The standard error is measured from the same games (sample standard
//! deviation / √n); 4 σ leaves a 1-in-16 000 chance of a false alarm per rule set for a random
//! seed, and the seeds are fixed, so the test is deterministic. The test also checks that it has
//! the power to notice a wrong rule: the tolerance is far smaller than the gap between rule sets.

use dicetable::engine::Options;
use dicetable::engine::snakes::expected::expected_turns;
use dicetable::engine::snakes::{Finish, Layout, SnakesOptions, ThreeSixes};
use dicetable::game::fair::Seed;
use dicetable::tools::simulate::{Config, run};

const GAMES: u64 = 20_000;

fn check(name: &str, options: SnakesOptions) -> f64 {
    let exact = expected_turns(&Layout::classic(), &options);
    let report = run(&Config {
        options: Options::Snakes(options),
        players: 1,
        games: GAMES,
        seed: Seed::from_u64(2026),
        policy: Default::default(),
        seats: Vec::new(),
        advantage: None,
        mirror: false,
        net: None,
    })
    .unwrap();
    let tolerance = 4.0 * report.stderr_turns;
    assert!(
        (report.mean_turns - exact).abs() < tolerance,
        "{name}: simulated {} vs exact {exact} (tolerance {tolerance})",
        report.mean_turns
    );
    assert!(tolerance < 1.2, "{name}: too few games for a sharp test ({tolerance})");
    exact
}

#[test]
fn s8_s9_s10_s11_simulated_mean_matches_exact_expectation() {
    let exact = SnakesOptions::default();
    let bounce = SnakesOptions { finish: Finish::Bounce, ..exact };
    let with_bonus = |o: SnakesOptions, t| SnakesOptions { bonus_six: true, three_sixes: t, ..o };
    let e_exact = check("exact", exact);
    let e_bounce = check("bounce", bounce);
    let e_exact_bonus = check("exact+bonus", with_bonus(exact, ThreeSixes::Unlimited));
    let e_bounce_bonus = check("bounce+bonus", with_bonus(bounce, ThreeSixes::Unlimited));
    let _e_cap = check("bounce+bonus+cap", with_bonus(bounce, ThreeSixes::Cap));
    let e_back = check("exact+bonus+back", with_bonus(exact, ThreeSixes::BackToStart));
    // The classic board with the exact finish is the well-known 39.2 turns.
    assert!((e_exact - 39.2).abs() < 0.05, "{e_exact}");
    // Power: rule sets differ by far more than the tolerance, so a rule implemented wrong in the
    // engine (or in the chain) would be caught.
    for (a, b) in [
        (e_exact, e_bounce),
        (e_exact, e_exact_bonus),
        (e_bounce, e_bounce_bonus),
        (e_back, e_exact_bonus),
    ] {
        assert!((a - b).abs() > 1.5, "{a} vs {b}");
    }
}
