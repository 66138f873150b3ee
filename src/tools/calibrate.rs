//! `dicetable ratings --calibrate`: the computers' fixed ratings, measured.
//!
//! Plays `games` games of computers at seeded random levels (Ludo: 2 to 8 seats; Long Nardy:
//! matches of 1, 3 and 5 points), with the simulator's play loop ([`simulate::play_levels`]),
//! and fits by maximum likelihood under the rating model's own win chances
//! ([`rating::win_chances_with`]: the Plackett–Luce model) each level's skill (`normal` held at
//! a new player's 25) and the luck term of every table size or match length ([`rating::beta`];
//! two seats and one-point matches held at [`rating::BETA`], the scale). A second, independent
//! run of as many games then checks the fit: every seat's predicted win chance against whether
//! it won, pooled by predicted decile, over all games and at each size or length.

use serde::Serialize;

use crate::engine::computer::Level;
use crate::engine::{Entropy, GameKind, Options};
use crate::game::fair::Seed;
use crate::game::rating::{self, COMPUTER_SIGMA, START, Skill};
use crate::tools::simulate::{self, SimError};

/// One game's seats (their levels) and its winners' seats.
#[derive(Debug, Clone)]
struct Played {
    /// What its luck is measured by ([`classes`]): a Ludo table's seats, a Long Nardy match's
    /// length in points.
    class: usize,
    levels: Vec<Level>,
    won: Vec<bool>,
}

/// What a calibration found.
#[derive(Debug, Clone, Serialize)]
pub struct Calibration {
    /// The game.
    pub game: &'static str,
    /// Games played for the fit (and as many again for the check).
    pub games: u64,
    /// The fitted skill per level (easy, normal, hard, and Long Nardy's expert), `mu` and the
    /// rating shown.
    pub levels: Vec<LevelFit>,
    /// Each table size's fitted luck and its own check.
    pub tables: Vec<TableFit>,
    /// The check over every table size: per predicted decile, the mean predicted win chance
    /// and the measured rate.
    pub deciles: Vec<Decile>,
    /// The largest gap between predicted and measured chance over every decile that has seats
    /// (a decile of few seats is noisy: see [`Calibration::worst_gap_seats`]).
    pub worst_gap: f64,
    /// The decile of that gap (e.g. `0.2-0.3`).
    pub worst_gap_decile: String,
    /// How many seats that decile holds.
    pub worst_gap_seats: u64,
    /// The largest gap among the deciles of at least 500 seats (the calibration's target is 2
    /// points there); `None` when no decile has that many.
    pub worst_gap_500: Option<f64>,
}

/// The largest gap of `deciles`, where it is and how many seats it holds; and the largest
/// among deciles of at least 500 seats.
fn worst_gaps(deciles: &[Decile]) -> ((f64, String, u64), Option<f64>) {
    let gap = |d: &Decile| (d.predicted - d.actual).abs();
    let worst = deciles
        .iter()
        .max_by(|a, b| gap(a).total_cmp(&gap(b)))
        .map_or((0.0, String::new(), 0), |d| (gap(d), d.range.clone(), d.seats));
    let big = deciles.iter().filter(|d| d.seats >= 500).map(gap).max_by(f64::total_cmp);
    (worst, big)
}

/// One level's fitted skill.
#[derive(Debug, Clone, Serialize)]
pub struct LevelFit {
    /// The level.
    pub level: &'static str,
    /// Its skill at two seats (each table size's: [`TableFit::mus`]).
    pub mu: f64,
    /// As shown (`60 × mu`).
    pub shown: i64,
    /// Its measured win rate over all its seats in the check games.
    pub win_rate: f64,
}

/// One table size's (or match length's) fitted luck, and the check of its games.
#[derive(Debug, Clone, Serialize)]
pub struct TableFit {
    /// Seats at the table.
    pub seats: usize,
    /// A Long Nardy match's length in points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub match_to: Option<u32>,
    /// Its luck term ([`rating::beta`]; two seats: [`rating::BETA`], the scale).
    pub beta: f64,
    /// The levels' skills at this size (easy, normal, hard, and Long Nardy's expert).
    pub mus: Vec<f64>,
    /// Check games at this size.
    pub games: u64,
    /// The check at this size, per predicted decile.
    pub deciles: Vec<Decile>,
    /// The largest gap among this size's deciles of at least 500 seats.
    pub worst_gap_500: Option<f64>,
}

/// One decile of predicted win chance.
#[derive(Debug, Clone, Serialize)]
pub struct Decile {
    /// Its range, e.g. `0.2-0.3`.
    pub range: String,
    /// Seats whose predicted chance fell in it.
    pub seats: u64,
    /// Their mean predicted chance.
    pub predicted: f64,
    /// How often they won.
    pub actual: f64,
}

/// What a game's luck is calibrated by, its classes: every size a Ludo table can have (2 to 8
/// seats); the lengths of Long Nardy's matches offered (1, 3 and 5 points: their measured luck
/// is set beside the square-root law that [`rating::beta`] keeps). The first is the scale.
/// How many levels there are ([`Level::ALL`]).
const LEVELS: usize = Level::ALL.len();

fn classes(kind: GameKind) -> Vec<usize> {
    match kind {
        GameKind::Ludo => (2..=8).collect(),
        GameKind::Nardy => vec![1, 3, 5],
        GameKind::Snakes => vec![2],
    }
}

/// Seats at a table of `kind` in `class`.
fn seats_of(kind: GameKind, class: usize) -> usize {
    if kind == GameKind::Ludo { class } else { 2 }
}

/// Plays `games` games of `kind` from `seed` at random levels and table sizes.
fn play(kind: GameKind, games: u64, seed: &Seed) -> Result<Vec<Played>, SimError> {
    let classes = classes(kind);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let results: Vec<Result<Vec<Played>, SimError>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..cores)
            .map(|w| {
                let classes = &classes;
                scope.spawn(move || {
                    let mut out = Vec::new();
                    for g in (w..games).step_by(cores as usize) {
                        let game_seed = seed.child(g);
                        let mut pick = game_seed.stream("levels", 0);
                        let class = classes[pick.below(classes.len() as u32) as usize];
                        let seats = seats_of(kind, class);
                        let offered = levels_of(kind);
                        let levels: Vec<Level> = (0..seats)
                            .map(|_| offered[pick.below(offered.len() as u32) as usize])
                            .collect();
                        let mut options = Options::default_for(kind);
                        if let Options::Nardy(o) = &mut options {
                            o.match_to = class as u32;
                        }
                        let played = simulate::play_levels(&options, &game_seed, &levels)?;
                        let ranking = played.game.ranking().unwrap_or_default();
                        let won = (0..seats).map(|s| ranking.get(s) == Some(&1)).collect();
                        out.push(Played { class, levels, won });
                    }
                    Ok(out)
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap_or(Ok(Vec::new()))).collect()
    });
    let mut all = Vec::new();
    for r in results {
        all.extend(r?);
    }
    Ok(all)
}

/// The levels `kind` offers (Long Nardy's expert only there).
fn levels_of(kind: GameKind) -> Vec<Level> {
    Level::ALL.into_iter().filter(|l| l.plays(kind)).collect()
}

fn skills_of(mus: &[f64; LEVELS], levels: &[Level]) -> Vec<Skill> {
    levels.iter().map(|l| Skill { mu: mus[*l as usize], sigma: COMPUTER_SIGMA }).collect()
}

/// The model being fitted: the luck per class (Ludo's table size, Nardy's match length; the
/// first class held at [`rating::BETA`], which sets the scale), and each level's skill in
/// each class (normal held at a new player's 25).
#[derive(Debug, Clone)]
struct Model {
    /// By class (0 unused).
    mus: [[f64; LEVELS]; 9],
    /// By class (0 unused).
    betas: [f64; 9],
}

impl Model {
    fn beta(&self, class: usize) -> f64 {
        self.betas[class.min(8)]
    }

    fn mus(&self, class: usize) -> &[f64; LEVELS] {
        &self.mus[class.min(8)]
    }

    /// The model's win chance of each seat of a game of these levels in `class`.
    fn chances(&self, class: usize, levels: &[Level]) -> Vec<f64> {
        let skills = skills_of(self.mus(class), levels);
        rating::win_chances_with(&skills, self.beta(class))
    }

    /// The log-likelihood of the games' winners (shared wins split).
    fn log_likelihood(&self, games: &[&Played]) -> f64 {
        games
            .iter()
            .map(|g| {
                let winners = g.won.iter().filter(|w| **w).count().max(1) as f64;
                let chances = self.chances(g.class, &g.levels);
                let won = chances.iter().zip(&g.won).filter(|(_, w)| **w);
                won.map(|(p, _)| p.max(1e-12).ln()).sum::<f64>() / winners
            })
            .sum()
    }
}

/// The maximum-likelihood skills of the levels under `model`'s luck (normal held at 25), the
/// same in every class of `classes` (fitted on their games together): gradient ascent on the
/// log-likelihood of the winners.
fn fit_skills(model: &mut Model, games: &[Played], classes: &[usize]) {
    let games: Vec<&Played> = games.iter().filter(|g| classes.contains(&g.class)).collect();
    let mut mus = *model.mus(classes[0]);
    for _ in 0..400 {
        for &class in classes {
            model.mus[class] = mus;
        }
        let mut grad = [0.0; LEVELS];
        for g in &games {
            let chances = model.chances(g.class, &g.levels);
            let beta = model.beta(g.class);
            // The model's scale: sqrt(Σ (σ² + β²)).
            let scale =
                (g.levels.len() as f64 * (beta * beta + COMPUTER_SIGMA * COMPUTER_SIGMA)).sqrt();
            let winners = g.won.iter().filter(|w| **w).count().max(1) as f64;
            for ((level, won), p) in g.levels.iter().zip(&g.won).zip(chances) {
                let y = if *won { 1.0 / winners } else { 0.0 };
                grad[*level as usize] += (y - p) / scale;
            }
        }
        let step = 30.0 / games.len().max(1) as f64;
        // Normal (1) is held at 25; a level a game does not offer has no games and stays.
        for l in [0, 2, 3] {
            mus[l] += step * grad[l];
        }
    }
    for &class in classes {
        model.mus[class] = mus;
    }
}

/// The luck of the games of `class` that fits them best under `model`'s skills: a
/// golden-section search of their log-likelihood (which has one peak in the luck).
fn fit_beta(model: &Model, games: &[Played], class: usize) -> f64 {
    let these: Vec<&Played> = games.iter().filter(|g| g.class == class).collect();
    if these.is_empty() {
        return model.beta(class);
    }
    let likelihood = |beta: f64| {
        let mut m = model.clone();
        m.betas[class] = beta;
        m.log_likelihood(&these)
    };
    let golden = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (0.5f64, 80.0f64);
    for _ in 0..60 {
        let (a, b) = (high - golden * (high - low), low + golden * (high - low));
        if likelihood(a) < likelihood(b) {
            low = a;
        } else {
            high = b;
        }
    }
    (low + high) / 2.0
}

/// Each class's luck, then (Ludo) the levels' skills at each table size: first skills shared
/// by every class and each class's luck under them, a few rounds (the luck of a class is how
/// far its results spread around one set of skills); then, for Ludo, under that luck, each
/// size's own skills (a computer's play suits some table sizes better than others: the hard
/// one gains more over the normal one at two seats than at eight). A Nardy computer plays
/// every match length alike: one skill per level, and a longer match is less luck.
fn fit(kind: GameKind, games: &[Played]) -> Model {
    let mut model = Model { mus: [[START.mu; LEVELS]; 9], betas: [rating::BETA; 9] };
    let classes = classes(kind);
    for _ in 0..4 {
        fit_skills(&mut model, games, &classes);
        for &class in &classes[1..] {
            model.betas[class] = fit_beta(&model, games, class);
        }
    }
    if kind == GameKind::Ludo {
        for &class in &classes {
            fit_skills(&mut model, games, &[class]);
        }
    }
    model
}

/// The seats' predicted chances pooled by decile, with how often they won.
fn deciles<'a>(seats: impl Iterator<Item = (f64, &'a bool)>) -> Vec<Decile> {
    let mut bins = vec![(0u64, 0.0f64, 0u64); 10];
    for (p, won) in seats {
        let bin = ((p * 10.0) as usize).min(9);
        bins[bin].0 += 1;
        bins[bin].1 += p;
        bins[bin].2 += u64::from(*won);
    }
    bins.iter()
        .enumerate()
        .filter(|(_, b)| b.0 > 0)
        .map(|(i, &(n, p, w))| Decile {
            range: format!("{:.1}-{:.1}", i as f64 / 10.0, (i + 1) as f64 / 10.0),
            seats: n,
            predicted: p / n as f64,
            actual: w as f64 / n as f64,
        })
        .collect()
}

/// Fits the levels of `kind` and its luck per table size on `games` games and checks the fit
/// on `games` more.
pub fn run(kind: GameKind, games: u64, seed: &Seed) -> Result<Calibration, SimError> {
    let train = play(kind, games, &seed.child(0))?;
    let model = fit(kind, &train);
    let check = play(kind, games, &seed.child(1))?;
    let predicted: Vec<Vec<f64>> =
        check.iter().map(|g| model.chances(g.class, &g.levels)).collect();
    let pooled = deciles(
        check.iter().zip(&predicted).flat_map(|(g, chances)| chances.iter().copied().zip(&g.won)),
    );
    let tables = classes(kind)
        .into_iter()
        .map(|class| {
            let these = || check.iter().zip(&predicted).filter(|(g, _)| g.class == class);
            let deciles =
                deciles(these().flat_map(|(g, chances)| chances.iter().copied().zip(&g.won)));
            let (_, worst_gap_500) = worst_gaps(&deciles);
            TableFit {
                seats: seats_of(kind, class),
                match_to: (kind == GameKind::Nardy).then_some(class as u32),
                beta: (model.beta(class) * 1000.0).round() / 1000.0,
                mus: levels_of(kind)
                    .iter()
                    .map(|l| (model.mus(class)[*l as usize] * 100.0).round() / 100.0)
                    .collect(),
                games: these().count() as u64,
                deciles,
                worst_gap_500,
            }
        })
        .collect();
    let mut by_level = [(0u64, 0u64); LEVELS];
    for g in &check {
        for (level, won) in g.levels.iter().zip(&g.won) {
            by_level[*level as usize].0 += 1;
            by_level[*level as usize].1 += u64::from(*won);
        }
    }
    let ((worst_gap, worst_gap_decile, worst_gap_seats), worst_gap_500) = worst_gaps(&pooled);
    let levels = levels_of(kind)
        .iter()
        .map(|l| {
            let (n, w) = by_level[*l as usize];
            let mu = model.mus(classes(kind)[0])[*l as usize];
            LevelFit {
                level: l.word(),
                mu: (mu * 100.0).round() / 100.0,
                shown: (mu * rating::SCALE).round() as i64,
                win_rate: w as f64 / n.max(1) as f64,
            }
        })
        .collect();
    Ok(Calibration {
        game: kind.name(),
        games,
        levels,
        tables,
        deciles: pooled,
        worst_gap,
        worst_gap_decile,
        worst_gap_seats,
        worst_gap_500,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decile(range: &str, seats: u64, predicted: f64, actual: f64) -> Decile {
        Decile { range: range.into(), seats, predicted, actual }
    }

    /// `count` Ludo games at two, three and eight seats of random levels, their winners drawn
    /// from `truth`'s chances.
    fn games_of(truth: &Model, count: usize) -> Vec<Played> {
        drawn(truth, count, GameKind::Ludo, &[2, 3, 8])
    }

    /// `count` games of `kind` in `classes` of random levels, their winners drawn from
    /// `truth`'s chances.
    fn drawn(truth: &Model, count: usize, kind: GameKind, classes: &[usize]) -> Vec<Played> {
        let mut draw = Seed::from_u64(47).stream("calibrate-test", 0);
        let mut unit = move || f64::from(draw.next_u32()) / 4_294_967_296.0;
        (0..count)
            .map(|g| {
                let class = classes[g % classes.len()];
                let seats = seats_of(kind, class);
                let offered = levels_of(kind);
                let n = offered.len();
                let levels: Vec<Level> =
                    (0..seats).map(|_| offered[(unit() * n as f64) as usize % n]).collect();
                let (mut pick, mut winner) = (unit(), seats - 1);
                for (seat, p) in truth.chances(class, &levels).into_iter().enumerate() {
                    if pick < p {
                        winner = seat;
                        break;
                    }
                    pick -= p;
                }
                Played { class, won: (0..seats).map(|s| s == winner).collect(), levels }
            })
            .collect()
    }

    /// Issue 47 item 2: each table size's luck is measured (more at three seats than at two,
    /// less at eight), and where a level is stronger at one size than at others (the hard one
    /// at two seats), the levels' skills at each size too, so that the fitted win chances are
    /// the true ones. With one luck and one set of skills for every size (the model before)
    /// the chances were up to 7 points off.
    #[test]
    fn each_table_sizes_luck_and_skills_are_measured() {
        let mut truth = Model { mus: [[15.0, 25.0, 27.0, 25.0]; 9], betas: [rating::BETA; 9] };
        truth.betas[3] = 6.0;
        truth.betas[8] = 2.0;
        let fitted = fit(GameKind::Ludo, &games_of(&truth, 24_000));
        assert!((fitted.beta(3) - 6.0).abs() < 0.6, "{fitted:?}");
        assert!((fitted.beta(8) - 2.0).abs() < 0.4, "{fitted:?}");
        truth.mus[2] = [19.0, 25.0, 29.0, 25.0];
        let fitted = fit(GameKind::Ludo, &games_of(&truth, 24_000));
        let [easy, normal, hard, _] = Level::ALL;
        for levels in [
            vec![easy, hard],
            vec![normal, hard],
            vec![easy, normal, hard],
            vec![hard, normal, normal],
            vec![hard, easy, easy, normal, normal, normal, easy, hard],
        ] {
            let n = levels.len();
            let (want, got) = (truth.chances(n, &levels), fitted.chances(n, &levels));
            for (w, g) in want.iter().zip(&got) {
                assert!((w - g).abs() < 0.02, "{levels:?}: {got:?} against {want:?}");
            }
        }
        // One luck and one set of skills for every size misses them.
        let mut shared = Model { mus: [[START.mu; LEVELS]; 9], betas: [rating::BETA; 9] };
        fit_skills(&mut shared, &games_of(&truth, 24_000), &classes(GameKind::Ludo));
        let two = [easy, hard];
        let gap = (shared.chances(2, &two)[1] - truth.chances(2, &two)[1]).abs();
        assert!(gap > 0.025, "one model for all sizes is only {gap} off");
    }

    /// Issue 47 item 2: a Long Nardy match's luck is measured per length (a longer match is
    /// less luck), with one skill per level for every length (four levels: 40,000 draws).
    #[test]
    fn each_match_lengths_luck_is_measured() {
        let mut truth = Model { mus: [[10.0, 25.0, 29.0, 33.0]; 9], betas: [rating::BETA; 9] };
        (truth.betas[3], truth.betas[5]) = (2.6, 2.0);
        let fitted = fit(GameKind::Nardy, &drawn(&truth, 40_000, GameKind::Nardy, &[1, 3, 5]));
        assert!((fitted.beta(1) - rating::BETA).abs() < 1e-12, "the scale: {fitted:?}");
        assert!((fitted.beta(3) - 2.6).abs() < 0.4, "{fitted:?}");
        assert!((fitted.beta(5) - 2.0).abs() < 0.4, "{fitted:?}");
        for class in [1, 3, 5] {
            let [easy, _, hard, expert] = *fitted.mus(class);
            assert!((easy - 10.0).abs() < 1.5 && (hard - 29.0).abs() < 1.0, "{fitted:?}");
            assert!((expert - 33.0).abs() < 1.0, "Long Nardy's expert: {fitted:?}");
        }
    }

    /// Issue 47 item 2: the worst gap is told honestly, small deciles included (it said 0.0
    /// while every decile had fewer than 200 seats and was 8 points off).
    #[test]
    fn the_worst_gap_is_told_with_its_decile_and_seats() {
        let small = [decile("0.2-0.3", 120, 0.25, 0.33), decile("0.4-0.5", 90, 0.45, 0.44)];
        let ((gap, at, seats), big) = worst_gaps(&small);
        assert!((gap - 0.08).abs() < 1e-12 && at == "0.2-0.3" && seats == 120);
        assert_eq!(big, None);
        let mixed = [decile("0.1-0.2", 600, 0.15, 0.16), decile("0.6-0.7", 40, 0.65, 0.5)];
        let ((gap, at, _), big) = worst_gaps(&mixed);
        assert!((gap - 0.15).abs() < 1e-12 && at == "0.6-0.7");
        assert!((big.unwrap() - 0.01).abs() < 1e-12);
        assert_eq!(worst_gaps(&[]).0, (0.0, String::new(), 0));
    }
}
