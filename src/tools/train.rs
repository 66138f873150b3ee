//! `dicetable train nardy`: trains Long Nardy's value network by self-play (issue 63).
//!
//! The network plays both sides, each turn the turn whose position it values most (no look-ahead),
//! and learns by temporal differences, TD(0) on afterstates: the position after a side's turn is
//! moved towards the network's value of the next position after a turn (from the side that made
//! it; the other side's value is flipped), and the last one towards the game's result (a win, and
//! whether by a mars). docs/decisions.md says why this method.
//!
//! A run is reproducible: game `g` rolls its dice from `seed.stream("train", g)` and the first
//! weights come from `seed.stream("weights", 0)`, so that the same seed, sizes and number of games
//! give the same network bit for bit, on one thread. A run writes its network every
//! `checkpoint` games (to a temporary file, then renamed) with a small progress file beside it
//! (`<out>.progress`, JSON); started again with the same arguments it resumes from there and ends
//! with the network an uninterrupted run would have made.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::engine::nardy::net::{self, INPUTS, Net};
use crate::engine::nardy::{CHECKERS, Colour, Nardy, NardyOptions};
use crate::engine::{Action, Entropy, Legal};
use crate::game::fair::{Seed, Stream};

/// What to train.
#[derive(Debug, Clone)]
pub struct Config {
    /// The run's seed.
    pub seed: Seed,
    /// Self-play games in all.
    pub games: u64,
    /// Hidden units.
    pub hidden: usize,
    /// The learning rate at the start; it falls linearly to a fifth of this by the last game.
    pub rate: f32,
    /// Where the network is written (and its progress beside it).
    pub out: PathBuf,
    /// Games between two writes of the network and a progress line.
    pub checkpoint: u64,
    /// Stop (with the network written) after this many games of the run, to resume later.
    pub stop_at: Option<u64>,
}

/// Where a run stands, written beside its network so that it can resume.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// The seed, as 64 hex digits.
    pub seed: String,
    /// Games the run plays in all.
    pub games: u64,
    /// Hidden units.
    pub hidden: usize,
    /// The starting learning rate.
    pub rate: f32,
    /// Games played so far.
    pub done: u64,
    /// Seconds spent so far, over every start.
    pub seconds: f64,
}

/// Why training stopped.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    /// The network or its progress could not be read or written.
    #[error("{path}: {source}")]
    File {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A progress file for other arguments is in the way.
    #[error(
        "{path} belongs to another run ({found}); remove it and the network beside it to start a new one"
    )]
    OtherRun {
        /// The progress file.
        path: PathBuf,
        /// What it holds.
        found: String,
    },
    /// The network beside the progress file was refused.
    #[error("{path}: {source}")]
    Net {
        /// The file.
        path: PathBuf,
        /// Why it was refused.
        source: net::NetError,
    },
    /// The engine refused a move the network chose: a bug.
    #[error("game {game}: the engine refused a self-play move: {detail}")]
    Engine {
        /// The game.
        game: u64,
        /// The refusal.
        detail: String,
    },
}

/// What a finished run reports.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The network's file.
    pub out: String,
    /// Games played in all.
    pub games: u64,
    /// Seconds spent in all.
    pub seconds: f64,
    /// Checksum of the network's file (FNV-1a, hex), to compare two runs.
    pub fnv1a: String,
}

/// Trains (or resumes) a network; prints a progress line to `log` every `checkpoint` games.
pub fn run(config: &Config, log: &mut impl Write) -> Result<Report, TrainError> {
    let progress_path = progress_path(&config.out);
    let wanted = Progress {
        seed: config.seed.to_hex(),
        games: config.games,
        hidden: config.hidden,
        rate: config.rate,
        done: 0,
        seconds: 0.0,
    };
    let (mut net, mut progress) = match read_progress(&progress_path)? {
        Some(found) => {
            let same = Progress { done: found.done, seconds: found.seconds, ..wanted.clone() };
            if found != same || found.done > found.games {
                return Err(TrainError::OtherRun {
                    path: progress_path,
                    found: serde_json::to_string(&found).unwrap_or_default(),
                });
            }
            let bytes = std::fs::read(&config.out).map_err(|source| file(&config.out, source))?;
            let net = Net::from_bytes(&bytes)
                .map_err(|source| TrainError::Net { path: config.out.clone(), source })?;
            let _ = writeln!(log, "resuming at game {} of {}", found.done, found.games);
            (net, found)
        }
        None => (first_net(&config.seed, config.hidden), wanted),
    };
    let started = Instant::now();
    let spent_before = progress.seconds;
    let done_before = progress.done;
    let mut error_sum = 0.0f64;
    let mut moves = 0u64;
    let end = config.stop_at.map_or(config.games, |s| s.min(config.games));
    while progress.done < end {
        let g = progress.done;
        let rate = rate_at(config.rate, g, config.games);
        let (err, n) = self_play(&mut net, &config.seed, g, rate)?;
        error_sum += err;
        moves += n;
        progress.done += 1;
        if progress.done % config.checkpoint.max(1) == 0 || progress.done == end {
            progress.seconds = spent_before + started.elapsed().as_secs_f64();
            save(&net, &progress, &config.out, &progress_path)?;
            let rate_now =
                (progress.done - done_before) as f64 / started.elapsed().as_secs_f64().max(1e-9);
            let left = (config.games - progress.done) as f64 / rate_now.max(1e-9);
            let _ = writeln!(
                log,
                "game {} of {} ({:.1}%): {:.0} games/s, {} elapsed, about {} left; \
                 mean |TD error| {:.4} over {} moves",
                progress.done,
                config.games,
                100.0 * progress.done as f64 / config.games as f64,
                rate_now,
                clock(progress.seconds),
                clock(left),
                error_sum / moves.max(1) as f64,
                moves
            );
            error_sum = 0.0;
            moves = 0;
        }
    }
    Ok(Report {
        out: config.out.display().to_string(),
        games: progress.done,
        seconds: progress.seconds,
        fnv1a: net.checksum_hex(),
    })
}

/// The learning rate at game `g` of `games`: from `rate` down to a fifth of it, linearly.
fn rate_at(rate: f32, g: u64, games: u64) -> f32 {
    let done = g as f32 / games.max(1) as f32;
    rate * (1.0 - 0.8 * done)
}

/// A new network's weights: uniform in ±0.1, from the seed.
pub fn first_net(seed: &Seed, hidden: usize) -> Net {
    let mut stream = seed.stream("weights", 0);
    Net::new(hidden, move || (stream.next_u32() as f32 / u32::MAX as f32 - 0.5) * 0.2)
}

/// One game of self-play, learning as it goes; the sum of the absolute TD errors (of the win
/// output) and the number of moves learned from.
fn self_play(net: &mut Net, seed: &Seed, g: u64, rate: f32) -> Result<(f64, u64), TrainError> {
    let mut dice = seed.stream("train", g);
    let mut game = Nardy::new(NardyOptions::default());
    let mut h = vec![0.0; net.hidden()];
    // The last position after a turn, from the side that made it.
    let mut last: Option<([f32; INPUTS], Colour)> = None;
    let (mut error, mut moves) = (0.0f64, 0u64);
    let refused = |detail: String| TrainError::Engine { game: g, detail };
    for _ in 0..10_000 {
        match game.legal() {
            Legal::Over => break,
            Legal::Roll { .. } | Legal::RollOff { .. } => {
                let roll = vec![die(&mut dice), die(&mut dice)];
                game.play(&Action::Roll { dice: roll }).map_err(|e| refused(e.to_string()))?;
            }
            Legal::Choose { seat, .. } => {
                let me =
                    if game.white_seat() == Some(seat) { Colour::White } else { Colour::Black };
                let turns = game.turns();
                let Some(turn) = net::best(net, &turns, me) else {
                    return Err(refused("a choice with no whole turn".into()));
                };
                let chances = net::chances(net, &turn.board, turn.off, me, &mut h);
                if let Some((x, side)) = &last {
                    let target = if *side == me { chances } else { net::flip(chances) };
                    let before = net.learn(x, target, rate);
                    error += f64::from((before[0] - target[0]).abs());
                    moves += 1;
                }
                let won = turn.off[me] >= CHECKERS;
                last = (!won).then(|| (net::features(&turn.board, turn.off, me), me));
                for s in turn.steps.clone() {
                    game.play(&Action::Step { from: s.from, die: s.die })
                        .map_err(|e| refused(e.to_string()))?;
                }
                if won {
                    break;
                }
            }
        }
    }
    Ok((error, moves))
}

fn die(stream: &mut Stream) -> u8 {
    stream.below(6) as u8 + 1
}

fn progress_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".progress");
    PathBuf::from(name)
}

fn file(path: &Path, source: std::io::Error) -> TrainError {
    TrainError::File { path: path.to_owned(), source }
}

fn read_progress(path: &Path) -> Result<Option<Progress>, TrainError> {
    match std::fs::read(path) {
        Ok(bytes) => serde_json::from_slice(&bytes)
            .map(Some)
            .map_err(|e| file(path, std::io::Error::new(std::io::ErrorKind::InvalidData, e))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(file(path, e)),
    }
}

/// Writes the network, then its progress, each whole or not at all (a temporary file renamed).
fn save(
    net: &Net,
    progress: &Progress,
    out: &Path,
    progress_path: &Path,
) -> Result<(), TrainError> {
    write_whole(out, &net.to_bytes())?;
    let json = serde_json::to_vec_pretty(progress).unwrap_or_default();
    write_whole(progress_path, &json)
}

fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), TrainError> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes).map_err(|e| file(&tmp, e))?;
    std::fs::rename(&tmp, path).map_err(|e| file(path, e))
}

/// Seconds as `1h02m`, `3m05s` or `12s`.
fn clock(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    match (s / 3600, s / 60 % 60, s % 60) {
        (0, 0, s) => format!("{s}s"),
        (0, m, s) => format!("{m}m{s:02}s"),
        (h, m, _) => format!("{h}h{m:02}m"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder of this test's own.
    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("dicetable-train-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn config(dir: &Path, games: u64) -> Config {
        Config {
            seed: Seed::from_u64(63),
            games,
            hidden: 8,
            rate: 0.1,
            out: dir.join("net.bin"),
            checkpoint: 2,
            stop_at: None,
        }
    }

    #[test]
    fn the_same_seed_trains_the_same_network_and_a_resumed_run_ends_the_same() {
        let (a, b) = (folder("whole"), folder("resumed"));
        let whole = run(&config(&a, 6), &mut Vec::new()).unwrap();
        // Stopped after 4 games, then resumed to 6.
        let mut part = config(&b, 6);
        part.stop_at = Some(4);
        assert_eq!(run(&part, &mut Vec::new()).unwrap().games, 4);
        let mut log = Vec::new();
        let resumed = run(&config(&b, 6), &mut log).unwrap();
        assert!(String::from_utf8(log).unwrap().starts_with("resuming at game 4 of 6"));
        assert_eq!(resumed.fnv1a, whole.fnv1a);
        assert_eq!(
            std::fs::read(a.join("net.bin")).unwrap(),
            std::fs::read(b.join("net.bin")).unwrap()
        );
    }

    #[test]
    fn another_runs_progress_is_refused() {
        let dir = folder("other");
        run(&config(&dir, 2), &mut Vec::new()).unwrap();
        let mut other = config(&dir, 2);
        other.hidden = 9;
        assert!(matches!(run(&other, &mut Vec::new()), Err(TrainError::OtherRun { .. })));
    }

    #[test]
    fn the_learning_rate_falls_to_a_fifth() {
        assert!((rate_at(0.1, 0, 100) - 0.1).abs() < 1e-6);
        assert!((rate_at(0.1, 100, 100) - 0.02).abs() < 1e-6);
    }
}
