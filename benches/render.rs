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

criterion_group!(benches, render);
criterion_main!(benches);
