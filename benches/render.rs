//! Picture benchmarks: `cargo bench --bench render`. A typical mid-game board of each game at the
//! default width, with its board cached (as in a running bot): drawing alone, drawing + PNG, and
//! the board in words (`Words`, issue 48: its cost beside the picture's); and whole games
//! drawn as replays (`cargo bench --bench render -- replay`).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use dicetable::render::{Player, Renderer, Scene, Theme, encode};
use dicetable::table::describe::{DESCRIPTION_MAX, Units, Words};
use dicetable::table::i18n::{I18n, Lang};
use dicetable::tools::gallery::{EXAMPLES, play};

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
        let i18n = I18n::new();
        let names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
        let lines: Vec<String> =
            events.iter().filter_map(|e| i18n.event(Lang::En, e, &names)).collect();
        c.bench_function(&format!("render/{name}/describe"), |b| {
            b.iter(|| {
                let words = Words::new(&i18n, Lang::En, &game, &names, &lines, false);
                black_box(words.within(DESCRIPTION_MAX, Units::Chars))
            })
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

/// A finished game drawn as an animated GIF (`/replay`): the whole game, frame by frame, on one
/// core. Prints each game's moves, frames and size.
fn replay(c: &mut Criterion) {
    use dicetable::engine::computer::Level;
    use dicetable::engine::{GameKind, Options};
    use dicetable::game::fair::Seed;
    use dicetable::game::replay::{Record, animate};
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    // Ludo's arms follow its players (L1): 4 for 2–4, 8 for 7–8.
    let ludo = || Options::default_for(GameKind::Ludo);
    for (name, options, players) in [
        ("snakes", Options::default_for(GameKind::Snakes), 4),
        ("ludo-4-arms", ludo(), 4),
        ("ludo-8-arms", ludo(), 8),
        ("nardy", Options::default_for(GameKind::Nardy), 2),
    ] {
        let record =
            Record::computer_game(&options, players, &Seed::from_u64(7), Level::Normal).unwrap();
        let replay = record.replay().unwrap();
        let players: Vec<Player> =
            record.players.iter().map(|n| Player { name: n.clone() }).collect();
        let renderer = Renderer::new();
        let drawn = animate(&renderer, &replay, &players, Theme::Light, false).unwrap();
        // Kept to look at: the temporary folder's dicetable-replay-<game>.gif.
        let path = std::env::temp_dir().join(format!("dicetable-replay-{name}.gif"));
        let _ = std::fs::write(&path, &drawn.gif);
        eprintln!(
            "replay/{name}: {} actions, {} frames, {} KB ({})",
            replay.moves.len(),
            drawn.frames,
            drawn.gif.len() / 1024,
            path.display()
        );
        group.bench_function(name, |b| {
            b.iter(|| {
                black_box(animate(&renderer, &replay, &players, Theme::Light, false).unwrap())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, render, new_board, replay);
criterion_main!(benches);
