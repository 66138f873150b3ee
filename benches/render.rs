//! Picture benchmarks: `cargo bench --bench render`. A typical mid-game board of each game at the
//! default width, with its board cached (as in a running bot): drawing alone, and drawing + PNG.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use dicetable::gallery::{EXAMPLES, play};
use dicetable::render::{Player, Renderer, Scene, Theme, encode};

fn render(c: &mut Criterion) {
    let renderer = Renderer::new();
    for name in ["snakes-classic", "snakes-random", "ludo-4-arms", "ludo-8-arms", "nardy"] {
        let example = EXAMPLES.iter().find(|e| e.name == name).unwrap();
        let (game, events) = play(example, 11).unwrap();
        let players: Vec<Player> =
            (0..game.players()).map(|i| Player { name: format!("Player {i}") }).collect();
        let scene = Scene {
            game: &game,
            events: &events,
            players: &players,
            theme: Theme::Light,
            persian_digits: false,
        };
        let png = renderer.render(&scene).unwrap();
        eprintln!("{name}: {} KB", png.len() / 1024);
        c.bench_function(&format!("render/{name}/draw"), |b| {
            b.iter(|| black_box(renderer.render_pixmap(&scene).unwrap()))
        });
        let pixmap = renderer.render_pixmap(&scene).unwrap();
        c.bench_function(&format!("render/{name}/encode"), |b| {
            b.iter(|| black_box(encode(&pixmap).unwrap()))
        });
        c.bench_function(&format!("render/{name}/png"), |b| {
            b.iter(|| black_box(renderer.render(&scene).unwrap()))
        });
    }
}

/// A board not seen before (a random Snakes board): what a cache miss costs a picture.
fn new_board(c: &mut Criterion) {
    let renderer = Renderer::new();
    let example = EXAMPLES.iter().find(|e| e.name == "snakes-random").unwrap();
    let players: Vec<Player> = (0..2).map(|i| Player { name: format!("Player {i}") }).collect();
    let games: Vec<_> = (0..64).map(|seed| play(example, 1000 + seed).unwrap()).collect();
    let mut next = 0;
    c.bench_function("render/snakes-random/new-board", |b| {
        b.iter(|| {
            let (game, events) = &games[next % games.len()];
            next += 1;
            let scene = Scene {
                game,
                events,
                players: &players,
                theme: Theme::Light,
                persian_digits: false,
            };
            black_box(renderer.render(&scene).unwrap())
        })
    });
}

criterion_group!(benches, render, new_board);
criterion_main!(benches);
