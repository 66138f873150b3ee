//! `dicetable simulate`: plays many complete games and reports statistics.
//!
//! Game `g` of a run uses the seed `seed.child(g)` for its setup and dice, exactly as a table
//! would, so a run is reproducible from its seed.

use std::time::Instant;

use serde::Serialize;

use crate::engine::{Action, Entropy, Game, Legal, OptionError, Options};
use crate::fair::{Roller, Seed};
use crate::setup;

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

impl std::str::FromStr for Policy {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "random" => Ok(Policy::Random),
            "first" => Ok(Policy::First),
            "greedy" => Ok(Policy::Greedy),
            _ => Err(format!("unknown policy {s:?}: random, first or greedy")),
        }
    }
}

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
}

/// The statistics of a run. A turn is one player's turn, bonus rolls included; a game's turns
/// are all its players' turns.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The game.
    pub game: &'static str,
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
    /// Games per second of wall time.
    pub games_per_second: f64,
    /// Wall time of the run.
    pub seconds: f64,
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
    let mut game = setup::new_game(options, players, seed, 0)?;
    let mut roller = Roller::new(seed, 0);
    let mut choices = seed.stream("policy", 0);
    let mut dice = 0;
    for _ in 0..MAX_ACTIONS {
        let action = match game.legal() {
            Legal::Over => return Ok(Played { game, dice }),
            Legal::Choose { mut actions, .. } => match policy {
                Policy::First => actions.swap_remove(0),
                Policy::Random => {
                    let k = choices.below(actions.len() as u32) as usize;
                    actions.swap_remove(k)
                }
                Policy::Greedy => game.suggest().unwrap_or_else(|| actions.swap_remove(0)),
            },
            roll => {
                let count = roll.dice_due().unwrap_or(0);
                dice += count as u32;
                Action::Roll { dice: roller.roll_many(count) }
            }
        };
        game.play(&action).expect("the engine listed this action as legal");
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
    let mut wins = vec![0u64; config.players];
    for g in 0..config.games {
        let played =
            play_one(&config.options, config.players, &config.seed.child(g), config.policy)
                .map_err(|e| match e {
                    SimError::Endless(_) => SimError::Endless(g),
                    other => other,
                })?;
        turns.push(played.game.turn());
        dice_total += u64::from(played.dice);
        let ranking = played.game.ranking().expect("a finished game has a ranking");
        for (seat, rank) in ranking.iter().enumerate() {
            if *rank == 1 {
                wins[seat] += 1;
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let n = turns.len() as f64;
    let mean = turns.iter().map(|&t| f64::from(t)).sum::<f64>() / n;
    let variance = if turns.len() > 1 {
        turns.iter().map(|&t| (f64::from(t) - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
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
            Policy::Random => "random",
            Policy::First => "first",
            Policy::Greedy => "greedy",
        },
        players: config.players,
        games: config.games,
        mean_turns: mean,
        stderr_turns: (variance / n).sqrt(),
        median_turns: median,
        p90_turns: turns[p90_rank - 1],
        min_turns: turns[0],
        max_turns: turns[turns.len() - 1],
        mean_dice: dice_total as f64 / n,
        wins_by_seat: wins,
        games_per_second: n / seconds.max(1e-9),
        seconds,
    })
}
