//! Engine benchmarks: `cargo bench --bench engine`. Report medians (criterion's middle figure).
//! `cargo bench --bench engine -- computer` times the hard and expert computers' decisions.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use dicetable::engine::computer::{self, Level};
use dicetable::engine::nardy::{Nardy, NardyOptions};
use dicetable::engine::snakes::expected::expected_turns;
use dicetable::engine::snakes::{BoardKind, Layout, SnakesOptions};
use dicetable::engine::{Action, Entropy, Game, GameKind, Legal, Options};
use dicetable::game::fair::{Roller, Seed};
use dicetable::game::setup::new_game;
use dicetable::tools::simulate::{Policy, play_one};

fn dice(c: &mut Criterion) {
    let mut roller = Roller::new(&Seed::from_u64(1), 0);
    c.bench_function("fair/roll", |b| b.iter(|| black_box(roller.roll())));
}

fn snakes(c: &mut Criterion) {
    let options = Options::Snakes(SnakesOptions::preset("quick").unwrap());
    let seed = Seed::from_u64(3);
    // A mid-game position: 40 rolls in.
    let mut game = new_game(&options, 4, &seed, 0).unwrap();
    let mut roller = Roller::new(&seed, 0);
    for _ in 0..40 {
        game.play(&Action::Roll { dice: vec![roller.roll()] }).unwrap();
    }
    let roll = Action::Roll { dice: vec![3] };
    c.bench_function("snakes/turn", |b| {
        b.iter_batched_ref(|| game.clone(), |g| black_box(g.play(&roll)), BatchSize::SmallInput)
    });
    let mut n = 0u64;
    c.bench_function("snakes/game_4_players_quick", |b| {
        b.iter(|| {
            n += 1;
            black_box(play_one(&options, 4, &Seed::from_u64(n), Policy::Random).unwrap().dice)
        })
    });
    let classic = Options::Snakes(SnakesOptions::default());
    c.bench_function("snakes/game_4_players_classic", |b| {
        b.iter(|| {
            n += 1;
            black_box(play_one(&classic, 4, &Seed::from_u64(n), Policy::Random).unwrap().dice)
        })
    });
    let random = SnakesOptions { board: BoardKind::Random, ..SnakesOptions::default() };
    c.bench_function("snakes/random_layout", |b| {
        b.iter(|| {
            n += 1;
            black_box(Layout::random(&mut Seed::from_u64(n).stream("layout", 0), &random))
        })
    });
    let traditional = SnakesOptions::preset("traditional").unwrap();
    c.bench_function("snakes/expected_turns_traditional", |b| {
        b.iter(|| black_box(expected_turns(&Layout::classic(), &traditional)))
    });
}

fn ludo(c: &mut Criterion) {
    use dicetable::engine::ludo::LudoOptions;
    let options = Options::Ludo(LudoOptions::default());
    let seed = Seed::from_u64(8);
    // A mid-game 4-player position waiting for a piece choice.
    let mut game = new_game(&options, 4, &seed, 0).unwrap();
    let mut roller = Roller::new(&seed, 0);
    let mut chosen = 0;
    while chosen < 60 || !matches!(game.legal(), Legal::Choose { .. }) {
        let action = match game.legal() {
            Legal::Choose { actions, .. } => {
                chosen += 1;
                actions[0].clone()
            }
            other => Action::Roll { dice: roller.roll_many(other.dice_due().unwrap()) },
        };
        game.play(&action).unwrap();
    }
    c.bench_function("ludo/legal", |b| b.iter(|| black_box(game.legal())));
    let Legal::Choose { actions, .. } = game.legal() else { unreachable!() };
    let first = actions[0].clone();
    c.bench_function("ludo/turn", |b| {
        b.iter_batched_ref(|| game.clone(), |g| black_box(g.play(&first)), BatchSize::SmallInput)
    });
    let mut n = 0u64;
    for players in [4, 8] {
        c.bench_function(&format!("ludo/game_{players}_players_greedy"), |b| {
            b.iter(|| {
                n += 1;
                black_box(
                    play_one(&options, players, &Seed::from_u64(n), Policy::Greedy).unwrap().dice,
                )
            })
        });
    }
}

/// Positions right after a roll, from seeded self-play (random steps), doubles first: where
/// legal-turn generation works hardest.
fn nardy_positions() -> Vec<Nardy> {
    let options = Options::Nardy(NardyOptions::default());
    let mut out = Vec::new();
    for n in 0..40 {
        let seed = Seed::from_u64(n);
        let mut game = new_game(&options, 2, &seed, 0).unwrap();
        let mut roller = Roller::new(&seed, 0);
        let mut pick = seed.stream("bench", 0);
        loop {
            let action = match game.legal() {
                Legal::Over => break,
                Legal::Choose { actions, .. } => {
                    if let Game::Nardy(g) = &game
                        && g.dice().len() >= 2
                        && (g.dice().len() == 4 || n % 4 == 0)
                    {
                        out.push(g.clone());
                    }
                    actions[pick.below(actions.len() as u32) as usize].clone()
                }
                other => Action::Roll { dice: roller.roll_many(other.dice_due().unwrap()) },
            };
            game.play(&action).unwrap();
        }
    }
    out
}

/// A whole turn played step by step, asking for the legal steps before each one.
fn play_turn_by_steps(game: &Nardy) -> usize {
    let mut g = game.clone();
    let mover = g.legal().to_move();
    let mut steps = 0;
    while let Legal::Choose { seat, actions } = g.legal() {
        if Some(seat) != mover {
            break;
        }
        g.play(&actions[0]).unwrap();
        steps += 1;
    }
    steps
}

fn nardy(c: &mut Criterion) {
    let positions = nardy_positions();
    // Rank the positions by the cost of `turns` (best of 3 timings each), then benchmark the
    // median and the worst one properly.
    let mut costs: Vec<(std::time::Duration, usize)> = positions
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let best = (0..3)
                .map(|_| {
                    let t = std::time::Instant::now();
                    black_box(p.turns());
                    t.elapsed()
                })
                .min()
                .unwrap();
            (best, i)
        })
        .collect();
    costs.sort();
    let median = &positions[costs[costs.len() / 2].1];
    let worst = &positions[costs[costs.len() - 1].1];
    eprintln!(
        "nardy: {} positions after a roll; worst has dice {:?} and {} distinct turns",
        positions.len(),
        worst.dice(),
        worst.turns().len()
    );
    for (name, p) in [("median", median), ("worst", worst)] {
        c.bench_function(&format!("nardy/turns_{name}"), |b| b.iter(|| black_box(p.turns())));
        c.bench_function(&format!("nardy/legal_{name}"), |b| b.iter(|| black_box(p.legal())));
        c.bench_function(&format!("nardy/turn_by_steps_{name}"), |b| {
            b.iter(|| black_box(play_turn_by_steps(p)))
        });
    }
    let options = Options::Nardy(NardyOptions::default());
    let mut n = 0u64;
    c.bench_function("nardy/game_random_steps", |b| {
        b.iter(|| {
            n += 1;
            black_box(play_one(&options, 2, &Seed::from_u64(n), Policy::Random).unwrap().dice)
        })
    });
}

/// Positions where a computer chooses (the first step of a turn: right after the roll), from
/// seeded games between normal computers.
fn decisions(kind: GameKind, players: usize, games: u64) -> Vec<Game> {
    let mut out = Vec::new();
    for g in 0..games {
        let seed = Seed::from_u64(500 + g);
        let mut game = new_game(&Options::default_for(kind), players, &seed, 0).unwrap();
        let mut roller = Roller::new(&seed, 0);
        let mut own = seed.stream("computer", 0);
        let mut rolled = false;
        loop {
            let action = match game.legal() {
                Legal::Over => break,
                Legal::Choose { .. } => {
                    if rolled {
                        out.push(game.clone());
                    }
                    rolled = false;
                    computer::choose(&game, Level::Normal, &mut own).unwrap()
                }
                roll => {
                    rolled = true;
                    Action::Roll { dice: roller.roll_many(roll.dice_due().unwrap_or(0)) }
                }
            };
            game.play(&action).unwrap();
        }
    }
    out
}

/// A hard computer's decision (issue 18: median under 50 ms, worst under 300 ms for Nardy) and
/// the Nardy expert's (issue 63: median ≤ 5 ms, p99 ≤ 25 ms on one core). Before the benchmark
/// runs, every position is timed three times (the least of the three, so a busy machine does
/// not count against a position) and the median, the 99th percentile and the slowest position
/// are printed.
fn computers(c: &mut Criterion) {
    for (name, kind, players, level) in [
        ("nardy", GameKind::Nardy, 2, Level::Hard),
        ("nardy", GameKind::Nardy, 2, Level::Expert),
        ("ludo-2", GameKind::Ludo, 2, Level::Hard),
        ("ludo-4", GameKind::Ludo, 4, Level::Hard),
    ] {
        let positions = decisions(kind, players, 10);
        let mut own = Seed::from_u64(1).stream("computer", 0);
        let mut times: Vec<std::time::Duration> = positions
            .iter()
            .map(|g| {
                (0..3)
                    .map(|_| {
                        let began = std::time::Instant::now();
                        black_box(computer::choose(g, level, &mut own));
                        began.elapsed()
                    })
                    .min()
                    .unwrap_or_default()
            })
            .collect();
        times.sort_unstable();
        let at = |q: f64| {
            let i = ((q * times.len() as f64).ceil() as usize).clamp(1, times.len().max(1)) - 1;
            times.get(i).copied().unwrap_or_default()
        };
        let worst = times.last().copied().unwrap_or_default();
        eprintln!(
            "{name} {}: {} decisions, median {:?}, p99 {:?}, the slowest {worst:?}",
            level.word(),
            positions.len(),
            at(0.5),
            at(0.99)
        );
        let mut next = 0;
        c.bench_function(&format!("computer/{name}/{}", level.word()), |b| {
            b.iter(|| {
                next = (next + 1) % positions.len();
                black_box(computer::choose(&positions[next], level, &mut own))
            })
        });
    }
}

/// Issue 49's target: pairing a 64-player Swiss round in under 10 ms. The cup has played 8
/// rounds (results from a fixed rule: the lower number wins, every fifth game the other way).
fn cup(c: &mut Criterion) {
    use dicetable::engine::cup::{Cup, CupGame, Entrant, Format, Seat, pair_round};
    let mut cup = Cup {
        format: Format::Swiss,
        entrants: (0..64)
            .map(|i| Entrant { rating: 1200.0 + (i * 37 % 600) as f64, withdrawn: false })
            .collect(),
        games: Vec::new(),
        byes: Vec::new(),
    };
    for round in 1..=8u32 {
        let pairing = pair_round(&cup, round);
        for (i, table) in pairing.tables.into_iter().enumerate() {
            let first_wins = (table[0] < table[1]) ^ (i % 5 == 0);
            let result = if first_wins {
                vec![Seat::Place(1), Seat::Place(2)]
            } else {
                vec![Seat::Place(2), Seat::Place(1)]
            };
            cup.games.push(CupGame { round, players: table, result: Some(result) });
        }
    }
    c.bench_function("cup/pair_64_swiss_round_9", |b| b.iter(|| black_box(pair_round(&cup, 9))));
    let mut first = cup.clone();
    first.games.clear();
    c.bench_function("cup/pair_64_swiss_round_1", |b| b.iter(|| black_box(pair_round(&first, 1))));
}

criterion_group!(benches, dice, snakes, ludo, nardy, computers, cup);
criterion_main!(benches);
