//! `dicetable render --demo`: a gallery of example boards for every game, board size, theme and
//! language, from seeded self-play, so a person can look at every picture the bot can post.

use std::path::Path;

use crate::engine::{Action, Event, Game, GameKind, Legal, OptionError, Options, option_value};
use crate::fair::{Roller, Seed};
use crate::render::{Player, RenderError, Renderer, Scene, Theme};
use crate::setup;

/// The languages players speak, with sample names in each (one with an emoji).
pub const LANGUAGES: [(&str, [&str; 8]); 4] = [
    ("en", ["Alice", "Bob 🎩", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi"]),
    ("fa", ["علی", "مریم 🌸", "رضا", "سارا", "حسین", "نگار", "امید", "لیلا"]),
    ("ru", ["Иван", "Мария", "Алексей 🐻", "Ольга", "Дмитрий", "Анна", "Сергей", "Елена"]),
    ("tl", ["Juan", "Maria", "José", "Ligaya 🌺", "Andres", "Luningning", "Tala", "Bayani"]),
];

/// One example: a game, its options and seats, and how far to play it.
#[derive(Debug, Clone, Copy)]
pub struct Example {
    /// File name stem.
    pub name: &'static str,
    /// The game.
    pub game: GameKind,
    /// Options as key=value.
    pub options: &'static [&'static str],
    /// Seats.
    pub players: usize,
    /// Actions to play (a large number plays the game to its end).
    pub actions: usize,
}

/// The gallery's examples: every game and board size, mid-game, and finished games.
pub const EXAMPLES: [Example; 9] = [
    Example {
        name: "snakes-classic",
        game: GameKind::Snakes,
        options: &[],
        players: 4,
        actions: 70,
    },
    Example {
        name: "snakes-random",
        game: GameKind::Snakes,
        options: &["board=random", "preset=quick"],
        players: 6,
        actions: 90,
    },
    Example {
        name: "snakes-finished",
        game: GameKind::Snakes,
        options: &[],
        players: 3,
        actions: 100_000,
    },
    Example { name: "ludo-4-arms", game: GameKind::Ludo, options: &[], players: 4, actions: 300 },
    Example { name: "ludo-6-arms", game: GameKind::Ludo, options: &[], players: 6, actions: 500 },
    Example { name: "ludo-8-arms", game: GameKind::Ludo, options: &[], players: 8, actions: 700 },
    Example {
        name: "ludo-finished",
        game: GameKind::Ludo,
        options: &[],
        players: 2,
        actions: 100_000,
    },
    Example {
        name: "nardy",
        game: GameKind::Nardy,
        options: &["match_to=3"],
        players: 2,
        actions: 160,
    },
    Example {
        name: "nardy-bearing-off",
        game: GameKind::Nardy,
        options: &[],
        players: 2,
        actions: 330,
    },
];

/// Why the gallery could not be made.
#[derive(Debug, thiserror::Error)]
pub enum GalleryError {
    /// Bad example options (a bug).
    #[error(transparent)]
    Options(#[from] OptionError),
    /// Drawing failed.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// Writing a file failed.
    #[error("writing {0}: {1}")]
    Io(String, std::io::Error),
}

/// Plays an example with seeded dice and the engine's sensible moves; returns the game and the
/// events of its last action.
pub fn play(example: &Example, seed: u64) -> Result<(Game, Vec<Event>), OptionError> {
    let pairs: Vec<(&str, serde_json::Value)> = example
        .options
        .iter()
        .filter_map(|o| o.split_once('='))
        .map(|(k, v)| (k, option_value(v)))
        .collect();
    let options = Options::parse(example.game, pairs.iter().map(|(k, v)| (*k, v)))?;
    let seed = Seed::from_u64(seed);
    let mut game = setup::new_game(&options, example.players, &seed, 0)?;
    let mut roller = Roller::new(&seed, 0);
    let mut events = Vec::new();
    for _ in 0..example.actions {
        let action = match game.legal() {
            Legal::Over => break,
            Legal::Choose { actions, .. } => game.suggest().unwrap_or_else(|| actions[0].clone()),
            roll => Action::Roll { dice: roller.roll_many(roll.dice_due().unwrap_or(0)) },
        };
        match game.play(&action) {
            Ok(e) => events = e,
            Err(_) => break,
        }
    }
    Ok((game, events))
}

/// Writes every example in every theme and language to `dir`; returns the files written.
pub fn write(renderer: &Renderer, dir: &Path) -> Result<Vec<String>, GalleryError> {
    std::fs::create_dir_all(dir).map_err(|e| GalleryError::Io(dir.display().to_string(), e))?;
    let mut written = Vec::new();
    for (i, example) in EXAMPLES.iter().enumerate() {
        let (game, events) = play(example, 11 + i as u64)?;
        for (lang, names) in LANGUAGES {
            let players: Vec<Player> = names
                .iter()
                .take(game.players())
                .map(|n| Player { name: (*n).to_owned() })
                .collect();
            for (theme, theme_name) in [(Theme::Light, "light"), (Theme::Dark, "dark")] {
                let scene = Scene {
                    game: &game,
                    events: &events,
                    players: &players,
                    theme,
                    persian_digits: lang == "fa",
                };
                let png = renderer.render(&scene)?;
                let file = dir.join(format!("{}-{theme_name}-{lang}.png", example.name));
                std::fs::write(&file, png)
                    .map_err(|e| GalleryError::Io(file.display().to_string(), e))?;
                written.push(file.display().to_string());
            }
        }
    }
    Ok(written)
}
