//! `dicetable simulate`: plays many complete games and reports statistics.
//!
//! Game `g` of a run uses the seed `seed.child(g)` for its setup and dice, exactly as a table
//! would, so a run is reproducible from its seed.

use std::time::Instant;

use serde::Serialize;

use crate::engine::computer::{self, Level};
use crate::engine::nardy::net::Net;
use crate::engine::{Action, Entropy, Game, Legal, OptionError, Options, Seat};
use crate::game::fair::{Roller, Seed};
use crate::game::setup;

/// How the simulator chooses when a game offers a choice (which Ludo piece to move).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Policy {
    /// Uniformly among the legal choices, from the game's seed.
    #[default]
    Random,
    /// The first legal choice.
    First,
    /// The engine's sensible move ([`Game::suggest`]): capture, reach the goal lane, enter, advance
    /// the leading piece.
    Greedy,
}

crate::engine::from_words!(
    Policy, "policy", "random" => Random, "first" => First, "greedy" => Greedy
);

/// What to simulate.
#[derive(Debug, Clone)]
pub struct Config {
    /// The game and its options.
    pub options: Options,
    /// Seats per game (1 allowed where the engine allows it, for solo statistics).
    pub players: usize,
    /// How many games.
    pub games: u64,
    /// The run's seed.
    pub seed: Seed,
    /// How choices are made.
    pub policy: Policy,
    /// A computer level per seat, instead of `policy` (then `players` is their number): for
    /// measuring one level against another.
    pub seats: Vec<Level>,
    /// With `seats`: also measure what choosing the first seat's moves by this many playouts
    /// each would add to its win rate (see [`Advantage`]). Slow: every choice of the first seat
    /// plays this many whole games per legal move.
    pub advantage: Option<u32>,
    /// With two `seats`: mirrored dice, each game's seed played twice with the seats swapped
    /// (games 2k and 2k+1 share seed k), so that luck cancels; the win rates are the levels'
    /// as `seats` lists them.
    pub mirror: bool,
    /// The expert's network, instead of the shipped one (a training run's checkpoint).
    pub net: Option<Net>,
}

/// The statistics of a run. A turn is one player's turn, bonus rolls included; a game's turns
/// are all its players' turns.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The game.
    pub game: &'static str,
    /// Whether the dice were mirrored ([`Config::mirror`]).
    pub mirror: bool,
    /// The policy.
    pub policy: &'static str,
    /// Seats per game.
    pub players: usize,
    /// Games played.
    pub games: u64,
    /// Mean turns per game.
    pub mean_turns: f64,
    /// Standard error of `mean_turns`.
    pub stderr_turns: f64,
    /// Median turns per game.
    pub median_turns: f64,
    /// 90th percentile of turns per game (nearest rank).
    pub p90_turns: u32,
    /// Fewest turns in a game.
    pub min_turns: u32,
    /// Most turns in a game.
    pub max_turns: u32,
    /// Mean dice rolled per game.
    pub mean_dice: f64,
    /// How often each seat ranked first.
    pub wins_by_seat: Vec<u64>,
    /// With computer levels per seat: each seat's level and win rate.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<SeatRate>,
    /// With `advantage`: what choosing the first seat's moves by playouts would add.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub advantage: Option<Advantage>,
    /// Games per second of wall time.
    pub games_per_second: f64,
    /// Wall time of the run.
    pub seconds: f64,
}

/// One seat's computer level and how often it won.
#[derive(Debug, Clone, Serialize)]
pub struct SeatRate {
    /// The seat.
    pub seat: usize,
    /// Its computer's level.
    pub level: &'static str,
    /// Games it won (ranked first).
    pub wins: u64,
    /// Its share of the games won.
    pub win_rate: f64,
    /// The 95% confidence interval of the win rate (Wilson's score interval).
    pub ci95: [f64; 2],
}

/// What choosing the first seat's moves by playouts would add to its win rate, over its level's
/// own choices: how far that level is from the best play against these opponents.
///
/// At every choice of the first seat with two or more legal moves, each move is followed by
/// `playouts` whole games to the end (every seat playing its level; the same dice for every move,
/// from the game's seed, never the game's own dice). The move that wins most in one half of the
/// playouts is scored by the other half against the level's own choice, and the reverse: an
/// unbiased estimate of the gain of that choice in win chance. A game's gain is the sum over its
/// choices; the game itself goes on with the level's choice, so the win rates are unchanged. A
/// gain near nil says the level's moves are already the best one-step choices on the positions
/// it reaches (the policy-improvement theorem's test of a policy).
#[derive(Debug, Clone, Serialize)]
pub struct Advantage {
    /// The measured seat (the first).
    pub seat: usize,
    /// Playouts per legal move.
    pub playouts: u32,
    /// Choices measured (with two or more legal moves), over all games.
    pub choices: u64,
    /// Mean gain in win chance per game (0.01 = one point of win rate).
    pub per_game: f64,
    /// Its 95% confidence interval (normal approximation over the games).
    pub ci95: [f64; 2],
}

/// The mean and the sample variance (0 for fewer than two values) of `values`.
fn mean_variance(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n.max(1.0);
    let variance = if values.len() > 1 {
        values.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    (mean, variance)
}

/// Wilson's 95% score interval for `wins` out of `n`.
pub fn wilson(wins: u64, n: u64) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let (z, n, p) = (1.96_f64, n as f64, wins as f64 / n as f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// Why a simulation could not run.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    /// The options or the player count are not playable.
    #[error(transparent)]
    Options(#[from] OptionError),
    /// A game did not end (a bug: every game ends with probability 1).
    #[error("game {0} did not end after {MAX_ACTIONS} actions")]
    Endless(u64),
    /// Zero games asked for.
    #[error("simulate at least one game")]
    NoGames,
    /// A level the game does not offer (the expert plays only Long Nardy).
    #[error("the {0} computer does not play {1}")]
    Level(&'static str, &'static str),
    /// The expert's shipped network was refused.
    #[error("the expert's network (assets/nardy/expert.net) is refused: {0}")]
    Net(crate::engine::nardy::net::NetError),
    /// Mirrored dice need two seats.
    #[error("--mirror plays each game's dice twice with the two seats swapped: give two --seats")]
    Mirror,
}

/// A cap on actions per game, far above any real game, so a bug cannot hang a run.
pub const MAX_ACTIONS: u32 = 1_000_000;

/// The outcome of one simulated game.
#[derive(Debug, Clone)]
pub struct Played {
    /// The finished game.
    pub game: Game,
    /// Dice rolled.
    pub dice: u32,
}

/// Plays one game to its end with the table's seeded dice, choosing by `policy`.
pub fn play_one(
    options: &Options,
    players: usize,
    seed: &Seed,
    policy: Policy,
) -> Result<Played, SimError> {
    let mut choices = seed.stream("policy", 0);
    play_with(options, players, seed, None, |game, _, mut actions| match policy {
        Policy::First => actions.swap_remove(0),
        Policy::Random => {
            let k = choices.below(actions.len() as u32) as usize;
            actions.swap_remove(k)
        }
        Policy::Greedy => game.suggest().unwrap_or_else(|| actions.swap_remove(0)),
    })
}

/// Plays one game to its end with the table's seeded dice, each seat a computer of its level
/// choosing with a stream of its own (never the dice).
pub fn play_levels(options: &Options, seed: &Seed, levels: &[Level]) -> Result<Played, SimError> {
    play_levels_logged(options, seed, levels, None)
}

/// [`play_levels`], keeping every action played in `log` (a game's record).
pub fn play_levels_logged(
    options: &Options,
    seed: &Seed,
    levels: &[Level],
    log: Option<&mut Vec<Action>>,
) -> Result<Played, SimError> {
    play_levels_observed(options, seed, levels, None, log, |_, _, _, _| {})
}

/// [`play_levels`] with the expert's network `net` instead of the shipped one.
pub fn play_levels_with(
    options: &Options,
    seed: &Seed,
    levels: &[Level],
    net: &Net,
) -> Result<Played, SimError> {
    play_levels_observed(options, seed, levels, Some(net), None, |_, _, _, _| {})
}

/// [`play_levels_logged`], showing `observe` every choice: the game, the seat, its legal
/// actions and the one its computer chose.
fn play_levels_observed(
    options: &Options,
    seed: &Seed,
    levels: &[Level],
    expert: Option<&Net>,
    log: Option<&mut Vec<Action>>,
    mut observe: impl FnMut(&Game, Seat, &[Action], &Action),
) -> Result<Played, SimError> {
    let mut streams: Vec<_> =
        (0..levels.len()).map(|s| seed.stream("computer", s as u64)).collect();
    play_with(options, levels.len(), seed, log, |game, seat, actions| {
        let s = usize::from(seat);
        let chosen = match (levels[s], game, expert) {
            (Level::Expert, Game::Nardy(g), Some(net)) if actions.len() > 1 => {
                computer::nardy_expert(g, net)
            }
            (level, _, _) => computer::choose(game, level, &mut streams[s]),
        }
        .unwrap_or_else(|| actions[0].clone());
        observe(game, seat, &actions, &chosen);
        chosen
    })
}

/// [`play_levels`], measuring at each choice of the first seat what choosing by `playouts`
/// playouts per move would gain ([`Advantage`]): the game, its summed gain, and its choices.
fn play_levels_measured(
    options: &Options,
    seed: &Seed,
    levels: &[Level],
    playouts: u32,
) -> Result<(Played, f64, u64), SimError> {
    let (mut gain, mut choices) = (0.0, 0u64);
    let played =
        play_levels_observed(options, seed, levels, None, None, |game, seat, actions, chosen| {
            if seat == 0 && actions.len() > 1 {
                // Seeds of their own for the playouts (the game's dice stay unseen).
                let base = seed.child(choices);
                let seeds: Vec<Seed> = (0..u64::from(playouts)).map(|k| base.child(k)).collect();
                gain += choice_gain(game, levels, actions, chosen, &seeds);
                choices += 1;
            }
        })?;
    Ok((played, gain, choices))
}

/// The estimated gain in the first seat's win chance of choosing among `actions` by playouts
/// over playing `chosen` (split halves: pick on one, score on the other, both ways).
fn choice_gain(
    game: &Game,
    levels: &[Level],
    actions: &[Action],
    chosen: &Action,
    seeds: &[Seed],
) -> f64 {
    // The same seeds for every move: common dice make the comparison sharp.
    let won: Vec<Vec<bool>> = actions
        .iter()
        .map(|a| {
            let mut after = game.clone();
            if after.play(a).is_err() {
                return vec![false; seeds.len()];
            }
            playouts_won(&after, levels, seeds)
        })
        .collect();
    let Some(own) = actions.iter().position(|a| a == chosen) else {
        return 0.0;
    };
    let half = seeds.len() / 2;
    let rate = |i: usize, range: std::ops::Range<usize>| {
        let n = range.len().max(1) as f64;
        won[i][range].iter().filter(|&&w| w).count() as f64 / n
    };
    let advantage =
        |i: usize, range: std::ops::Range<usize>| rate(i, range.clone()) - rate(own, range);
    let best = |range: std::ops::Range<usize>| {
        (0..actions.len())
            .max_by(|&i, &j| advantage(i, range.clone()).total_cmp(&advantage(j, range.clone())))
            .unwrap_or(own)
    };
    let (first, second) = (0..half, half..seeds.len());
    0.5 * (advantage(best(first.clone()), second.clone()) + advantage(best(second), first))
}

/// Whether the first seat wins each playout of `game`, one per seed, on every core.
fn playouts_won(game: &Game, levels: &[Level], seeds: &[Seed]) -> Vec<bool> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = seeds.len().div_ceil(cores).max(1);
    std::thread::scope(|scope| {
        let parts: Vec<_> = seeds
            .chunks(chunk)
            .map(|part| {
                let won = scope.spawn(move || {
                    part.iter().map(|s| playout(game, levels, s)).collect::<Vec<_>>()
                });
                (part.len(), won)
            })
            .collect();
        // A playout cannot panic short of an engine bug; then its games count as lost.
        parts
            .into_iter()
            .flat_map(|(len, won)| won.join().unwrap_or_else(|_| vec![false; len]))
            .collect()
    })
}

/// Plays `game` to its end from `seed` (its dice and the computers' own choices), every seat at
/// its level: whether the first seat wins.
fn playout(game: &Game, levels: &[Level], seed: &Seed) -> bool {
    let mut dice = seed.stream("dice", 0);
    let mut own = seed.stream("computer", 0);
    // The playouts' own dice (a stream apart from the table's die numbers), as many as due.
    let roll =
        |due: &Legal| (0..due.dice_due().unwrap_or(0)).map(|_| dice.below(6) as u8 + 1).collect();
    let played = play_on(game.clone(), roll, None, |game, seat, actions| {
        let level = levels.get(usize::from(seat)).copied().unwrap_or_default();
        computer::choose(game, level, &mut own).unwrap_or_else(|| actions[0].clone())
    });
    played.is_ok_and(|p| p.game.ranking().is_some_and(|r| r.first() == Some(&1)))
}

/// A new game of the table's seed played to its end by [`play_on`] with the table's seeded dice.
fn play_with(
    options: &Options,
    players: usize,
    seed: &Seed,
    log: Option<&mut Vec<Action>>,
    choose: impl FnMut(&Game, Seat, Vec<Action>) -> Action,
) -> Result<Played, SimError> {
    let game = setup::new_game(options, players, seed, 0)?;
    let mut roller = Roller::new(seed, 0);
    play_on(game, |due| roller.roll_due(due), log, choose)
}

/// Plays `game` on to its end: `roll` gives the dice of every roll (for what the game waits), `choose`
/// every choice (given the seat to move and the legal actions; it must return one of them),
/// every action kept in `log` if there is one.
fn play_on(
    mut game: Game,
    mut roll: impl FnMut(&Legal) -> Vec<u8>,
    mut log: Option<&mut Vec<Action>>,
    mut choose: impl FnMut(&Game, Seat, Vec<Action>) -> Action,
) -> Result<Played, SimError> {
    let mut dice = 0;
    for _ in 0..MAX_ACTIONS {
        let action = match game.legal() {
            Legal::Over => return Ok(Played { game, dice }),
            Legal::Choose { seat, actions } => choose(&game, seat, actions),
            due => {
                let rolled = roll(&due);
                dice += rolled.len() as u32;
                Action::Roll { dice: rolled }
            }
        };
        game.play(&action).expect("the engine listed this action as legal");
        if let Some(log) = log.as_mut() {
            log.push(action);
        }
    }
    Err(SimError::Endless(0))
}

/// Runs a simulation.
pub fn run(config: &Config) -> Result<Report, SimError> {
    if config.games == 0 {
        return Err(SimError::NoGames);
    }
    let start = Instant::now();
    let mut turns = Vec::with_capacity(config.games as usize);
    let mut dice_total = 0u64;
    let players = if config.seats.is_empty() { config.players } else { config.seats.len() };
    let mut wins = vec![0u64; players];
    let measure = config.advantage.filter(|_| !config.seats.is_empty());
    let (mut gains, mut choices) = (Vec::new(), 0u64);
    for level in &config.seats {
        if !level.plays(config.options.kind()) {
            return Err(SimError::Level(level.word(), config.options.kind().name()));
        }
        if *level == Level::Expert && config.net.is_none() {
            crate::engine::nardy::net::shipped().map_err(|e| SimError::Net(e.clone()))?;
        }
    }
    if config.mirror && config.seats.len() != 2 {
        return Err(SimError::Mirror);
    }
    for g in 0..config.games {
        // Mirrored: the odd game replays the even game's seed with the seats swapped.
        let swapped = config.mirror && g % 2 == 1;
        let seed = if config.mirror { config.seed.child(g / 2) } else { config.seed.child(g) };
        let seats: Vec<Level> = if swapped {
            config.seats.iter().rev().copied().collect()
        } else {
            config.seats.clone()
        };
        let played = if config.seats.is_empty() {
            play_one(&config.options, config.players, &seed, config.policy)
        } else if let Some(playouts) = measure {
            play_levels_measured(&config.options, &seed, &seats, playouts).map(
                |(played, gain, n)| {
                    gains.push(gain);
                    choices += n;
                    played
                },
            )
        } else if let Some(net) = &config.net {
            play_levels_with(&config.options, &seed, &seats, net)
        } else {
            play_levels(&config.options, &seed, &seats)
        };
        let played = played.map_err(|e| match e {
            SimError::Endless(_) => SimError::Endless(g),
            other => other,
        })?;
        turns.push(played.game.turn());
        dice_total += u64::from(played.dice);
        let ranking = played.game.ranking().expect("a finished game has a ranking");
        for (seat, rank) in ranking.iter().enumerate() {
            if *rank == 1 {
                wins[if swapped { 1 - seat } else { seat }] += 1;
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let n = turns.len() as f64;
    let (mean, variance) = mean_variance(&turns.iter().map(|&t| f64::from(t)).collect::<Vec<_>>());
    turns.sort_unstable();
    let mid = turns.len() / 2;
    let median = if turns.len() % 2 == 1 {
        f64::from(turns[mid])
    } else {
        (f64::from(turns[mid - 1]) + f64::from(turns[mid])) / 2.0
    };
    let p90_rank = ((0.9 * n).ceil() as usize).clamp(1, turns.len());
    Ok(Report {
        game: config.options.kind().name(),
        policy: match config.policy {
            _ if !config.seats.is_empty() => "computers",
            Policy::Random => "random",
            Policy::First => "first",
            Policy::Greedy => "greedy",
        },
        players,
        mirror: config.mirror,
        games: config.games,
        mean_turns: mean,
        stderr_turns: (variance / n).sqrt(),
        median_turns: median,
        p90_turns: turns[p90_rank - 1],
        min_turns: turns[0],
        max_turns: turns[turns.len() - 1],
        mean_dice: dice_total as f64 / n,
        seats: config
            .seats
            .iter()
            .enumerate()
            .map(|(seat, level)| SeatRate {
                seat,
                level: level.word(),
                wins: wins[seat],
                win_rate: wins[seat] as f64 / n,
                ci95: wilson(wins[seat], config.games),
            })
            .collect(),
        advantage: measure.map(|playouts| {
            let (mean, var) = mean_variance(&gains);
            let half = 1.96 * (var / n).sqrt();
            Advantage {
                seat: 0,
                playouts,
                choices,
                per_game: mean,
                ci95: [mean - half, mean + half],
            }
        }),
        wins_by_seat: wins,
        games_per_second: n / seconds.max(1e-9),
        seconds,
    })
}
