//! Engine benchmarks: `cargo bench --bench engine`. Report medians (criterion's middle figure).

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use dicetable::engine::snakes::expected::expected_turns;
use dicetable::engine::snakes::{BoardKind, Layout, SnakesOptions};
use dicetable::engine::{Action, Legal, Options};
use dicetable::fair::{Roller, Seed};
use dicetable::setup::new_game;
use dicetable::simulate::{Policy, play_one};

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
        game.play(&Action::Roll {
            dice: vec![roller.roll()],
        })
        .unwrap();
    }
    let roll = Action::Roll { dice: vec![3] };
    c.bench_function("snakes/turn", |b| {
        b.iter_batched_ref(
            || game.clone(),
            |g| black_box(g.play(&roll)),
            BatchSize::SmallInput,
        )
    });
    let mut n = 0u64;
    c.bench_function("snakes/game_4_players_quick", |b| {
        b.iter(|| {
            n += 1;
            black_box(
                play_one(&options, 4, &Seed::from_u64(n), Policy::Random)
                    .unwrap()
                    .dice,
            )
        })
    });
    let classic = Options::Snakes(SnakesOptions::default());
    c.bench_function("snakes/game_4_players_classic", |b| {
        b.iter(|| {
            n += 1;
            black_box(
                play_one(&classic, 4, &Seed::from_u64(n), Policy::Random)
                    .unwrap()
                    .dice,
            )
        })
    });
    let random = SnakesOptions {
        board: BoardKind::Random,
        ..SnakesOptions::default()
    };
    c.bench_function("snakes/random_layout", |b| {
        b.iter(|| {
            n += 1;
            black_box(Layout::random(
                &mut Seed::from_u64(n).stream("layout", 0),
                &random,
            ))
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
            other => Action::Roll {
                dice: roller.roll_many(other.dice_due().unwrap()),
            },
        };
        game.play(&action).unwrap();
    }
    c.bench_function("ludo/legal", |b| b.iter(|| black_box(game.legal())));
    let Legal::Choose { actions, .. } = game.legal() else {
        unreachable!()
    };
    let first = actions[0].clone();
    c.bench_function("ludo/turn", |b| {
        b.iter_batched_ref(
            || game.clone(),
            |g| black_box(g.play(&first)),
            BatchSize::SmallInput,
        )
    });
    let mut n = 0u64;
    for players in [4, 8] {
        c.bench_function(&format!("ludo/game_{players}_players_greedy"), |b| {
            b.iter(|| {
                n += 1;
                black_box(
                    play_one(&options, players, &Seed::from_u64(n), Policy::Greedy)
                        .unwrap()
                        .dice,
                )
            })
        });
    }
}

criterion_group!(benches, dice, snakes, ludo);
criterion_main!(benches);
