//! A new game from its options and its table's seed.
//!
//! A game starts with a few seeded choices besides dice: the first player of a Snakes game (S4)
//! and a random Snakes board (S2). They come from [`Seed::stream`] under their own labels, so they
//! never consume die numbers, and the same seed always sets up the same game.

use crate::engine::ludo::Ludo;
use crate::engine::nardy::Nardy;
use crate::engine::snakes::{BoardGenerator, BoardKind, Layout, Snakes};
use crate::engine::{Entropy, Game, OptionError, Options, Seat};
use crate::game::fair::Seed;

/// Sets up game number `index` of a table (0 for the first) with `players` seats.
///
/// The player count is checked against what the engine can play (Snakes allows 1 for solo
/// statistics); callers that seat real players check [`crate::engine::GameKind::players`] too.
/// A random Snakes board is drawn by the current generator ([`BoardGenerator::CURRENT`]).
pub fn new_game(
    options: &Options,
    players: usize,
    seed: &Seed,
    index: u64,
) -> Result<Game, OptionError> {
    new_game_by(BoardGenerator::CURRENT, options, players, seed, index)
}

/// [`new_game`] with a random Snakes board drawn by `generator`: the one its table was created
/// with, so that a game replays on the board it was dealt.
pub fn new_game_by(
    generator: BoardGenerator,
    options: &Options,
    players: usize,
    seed: &Seed,
    index: u64,
) -> Result<Game, OptionError> {
    match options {
        Options::Snakes(o) => {
            let layout = match o.board {
                BoardKind::Classic => Layout::classic(),
                BoardKind::Random => {
                    Layout::random_by(generator, &mut seed.stream("layout", index), o)
                }
            };
            let first = first_player(seed, index, players);
            Snakes::new(players, *o, layout, first).map(Game::Snakes)
        }
        // Ludo's first player comes from a roll-off with the table's dice (L4).
        Options::Ludo(o) => Ludo::new(players, *o).map(Game::Ludo),
        // Nardy's colours come from a roll-off too (N2).
        Options::Nardy(o) => {
            if players != crate::engine::nardy::PLAYERS {
                return Err(OptionError::Players {
                    game: crate::engine::GameKind::Nardy,
                    min: 2,
                    max: 2,
                    got: players,
                });
            }
            Ok(Game::Nardy(Nardy::new(*o)))
        }
    }
}

/// The first player of game `index`, uniformly among `players` seats (S4).
pub fn first_player(seed: &Seed, index: u64, players: usize) -> Seat {
    if players == 0 {
        return 0;
    }
    seed.stream("first", index).below(players as u32) as Seat
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::GameKind;

    #[test]
    fn s4_first_player_is_seeded_and_uniform() {
        let mut counts = [0u32; 4];
        for n in 0..4000 {
            counts[usize::from(first_player(&Seed::from_u64(n), 0, 4))] += 1;
        }
        assert!(counts.iter().all(|&c| (850..1150).contains(&c)), "{counts:?}");
        let seed = Seed::from_u64(5);
        assert_eq!(first_player(&seed, 0, 4), first_player(&seed, 0, 4));
    }

    #[test]
    fn same_seed_same_setup() {
        let v = serde_json::json!("random");
        let options = Options::parse(GameKind::Snakes, [("board", &v)]).unwrap();
        let seed = Seed::from_u64(11);
        let a = new_game(&options, 3, &seed, 0).unwrap();
        assert_eq!(a, new_game(&options, 3, &seed, 0).unwrap());
        assert_ne!(a, new_game(&options, 3, &seed, 1).unwrap());
    }
}
