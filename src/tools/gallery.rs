//! `dicetable render --demo`: a gallery of example boards for every game, board size, theme and
//! language, from seeded self-play, so a person can look at every picture the bot can post.

use std::path::Path;

use crate::engine::{Action, Event, Game, GameKind, Legal, OptionError, Options, option_value};
use crate::game::fair::{Roller, Seed};
use crate::game::setup;
use crate::render::{Player, RenderError, Renderer, Scene, Theme};

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
            roll => Action::Roll { dice: roller.roll_due(&roll) },
        };
        match game.play(&action) {
            Ok(e) => events = e,
            Err(_) => break,
        }
    }
    Ok((game, events))
}

/// The themes, with the names the gallery's files use.
const THEMES: [(Theme, &str); 2] = [(Theme::Light, "light"), (Theme::Dark, "dark")];

/// Every picture of the gallery: its file name (`<example>-<theme>-<lang>.png`) and its PNG.
pub fn pictures(renderer: &Renderer) -> Result<Vec<(String, Vec<u8>)>, GalleryError> {
    let mut out = Vec::new();
    for (i, example) in EXAMPLES.iter().enumerate() {
        let (game, events) = play(example, 11 + i as u64)?;
        for (lang, names) in LANGUAGES {
            let players: Vec<Player> = names
                .iter()
                .take(game.players())
                .map(|n| Player { name: (*n).to_owned() })
                .collect();
            for (theme, theme_name) in THEMES {
                let scene = Scene {
                    game: &game,
                    events: &events,
                    players: &players,
                    theme,
                    persian_digits: lang == "fa",
                };
                let png = renderer.render(&scene)?;
                out.push((format!("{}-{theme_name}-{lang}.png", example.name), png));
            }
        }
    }
    Ok(out)
}

/// Writes every example in every theme and language to `dir`; returns the files written.
pub fn write(renderer: &Renderer, dir: &Path) -> Result<Vec<String>, GalleryError> {
    std::fs::create_dir_all(dir).map_err(|e| GalleryError::Io(dir.display().to_string(), e))?;
    let mut written = Vec::new();
    for (name, png) in pictures(renderer)? {
        let file = dir.join(name);
        std::fs::write(&file, png).map_err(|e| GalleryError::Io(file.display().to_string(), e))?;
        written.push(file.display().to_string());
    }
    Ok(written)
}

/// README's sentence about the gallery's sizes, as measured on `pictures`: the largest picture
/// and the largest Snakes classic one, in bytes (a test keeps README's copy up to date).
pub fn size_sentence(pictures: &[(String, Vec<u8>)]) -> String {
    let largest = |prefix: &str| {
        pictures
            .iter()
            .filter(|(name, _)| name.starts_with(prefix))
            .max_by_key(|(_, png)| png.len())
            .map(|(name, png)| (name.trim_end_matches(".png").to_owned(), png.len()))
            .unwrap_or_default()
    };
    let (all, all_bytes) = largest("");
    let (snakes, snakes_bytes) = largest("snakes-classic-");
    format!(
        "Every gallery picture (`dicetable render --demo`) is at most {} KB ({all}, {} bytes; \
         the largest Snakes classic one, {snakes}, {} bytes).",
        all_bytes.div_ceil(1000),
        thousands(all_bytes),
        thousands(snakes_bytes),
    )
}

/// `116312` as `116,312`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Set to regenerate README's pictures (`docs/images`) and its gallery sentence instead of
    /// checking them: `DICETABLE_BLESS=1 cargo test --lib gallery`.
    const BLESS: &str = "DICETABLE_BLESS";

    fn root() -> std::path::PathBuf {
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
    }

    /// README's pictures (every file in `docs/images`, each a gallery picture by name) are
    /// what the bot draws now, byte for byte, and README shows only pictures that are there;
    /// README's sentence about the gallery's sizes is the one measured now.
    #[test]
    fn readme_pictures_and_gallery_sizes_are_what_the_bot_draws() {
        let bless = std::env::var_os(BLESS).is_some();
        let pictures = pictures(&Renderer::new()).unwrap();
        let images = root().join("docs/images");
        let readme_path = root().join("README.md");
        let readme = std::fs::read_to_string(&readme_path).unwrap();
        let mut stale = Vec::new();
        let mut files: Vec<String> = std::fs::read_dir(&images)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        files.sort();
        for file in &files {
            let drawn = pictures.iter().find(|(name, _)| name == file);
            let Some((_, png)) = drawn else {
                panic!("docs/images/{file} is not a gallery picture (<example>-<theme>-<lang>.png)")
            };
            if std::fs::read(images.join(file)).ok().as_ref() != Some(png) {
                if bless {
                    std::fs::write(images.join(file), png).unwrap();
                } else {
                    stale.push(format!("docs/images/{file}"));
                }
            }
        }
        for shown in readme.split("docs/images/").skip(1) {
            let name = shown.split(')').next().unwrap_or_default();
            assert!(files.iter().any(|f| f == name), "README shows docs/images/{name}: missing");
        }
        let sentence = size_sentence(&pictures);
        let (start, end) = ("<!-- gallery-sizes -->", "<!-- /gallery-sizes -->");
        let (Some(a), Some(b)) = (readme.find(start), readme.find(end)) else {
            panic!("README has no {start} … {end}")
        };
        let said = readme[a + start.len()..b].trim();
        if said != sentence {
            if bless {
                let new = format!("{}{start}\n{sentence}\n{}", &readme[..a], &readme[b..]);
                std::fs::write(&readme_path, new).unwrap();
            } else {
                stale.push(format!("README's gallery sizes: {said:?}, measured {sentence:?}"));
            }
        }
        assert!(
            stale.is_empty(),
            "out of date (regenerate with `{BLESS}=1 cargo test --lib gallery`): {stale:#?}"
        );
    }

    #[test]
    fn sizes_read_with_thousands_separators() {
        assert_eq!(thousands(116_312), "116,312");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }
}
