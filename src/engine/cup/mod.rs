//! The group cup's rules (issue 49): who meets whom each round, and the standings. Pure, like
//! the games: the cup's stored results go in, a round's tables or the standings come out; no
//! clock, no randomness, so every process that looks at a round's end pairs it the same way and
//! the standings can always be rebuilt from the results.
//!
//! Three formats (docs/rules.md, "The group cup"):
//! - [`Format::Swiss`] for two-seat games: players of equal score meet, no two meet twice while
//!   another pairing exists, seats balanced (T4), a bye (one point) to the lowest-ranked player
//!   without one;
//! - [`Format::RoundRobin`] for two-seat games of up to [`ROUND_ROBIN_MAX`] players: everyone
//!   meets everyone once;
//! - [`Format::Tables`] for Ludo and Snakes at three or more seats: tables seeded by score,
//!   points by place ([`place_points`]).
//!
//! Standings order: points, then Sonneborn–Berger (the points of every opponent one finished
//! ahead of), then the games among the tied players, then rating, then sign-up order.

mod pairing;
mod standings;

pub use pairing::{Pairing, pair_round};
pub use standings::{Standing, standings};

use serde::{Deserialize, Serialize};

/// The most players a round robin takes: seven rounds at most, a week of daily rounds.
pub const ROUND_ROBIN_MAX: usize = 8;

/// How a cup pairs its rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Two-seat games, paired by score.
    Swiss,
    /// Two-seat games, everyone against everyone once.
    RoundRobin,
    /// Tables of this many seats (3–8), seeded by score, points by place.
    Tables(u8),
}

impl Format {
    /// How many seats each table of the round has at most.
    pub fn seats(self) -> usize {
        match self {
            Format::Swiss | Format::RoundRobin => 2,
            Format::Tables(n) => n as usize,
        }
    }

    /// What a bye is worth: a win at two seats, second place at a table.
    pub fn bye_points(self) -> u32 {
        match self {
            Format::Swiss | Format::RoundRobin => 1,
            Format::Tables(_) => place_points(self, 2),
        }
    }

    /// How many rounds a round robin of `players` takes (one more when one sits out each round).
    pub fn round_robin_rounds(players: usize) -> usize {
        if players < 2 { 0 } else { players - 1 + players % 2 }
    }
}

/// The points of a finishing place (1 = first): at two seats 1 for the win and 0 for the loss;
/// at a table 4, 2 and 1 for the first three places and 0 after them.
pub fn place_points(format: Format, place: u8) -> u32 {
    match (format, place) {
        (Format::Swiss | Format::RoundRobin, 1) => 1,
        (Format::Swiss | Format::RoundRobin, _) => 0,
        (Format::Tables(_), 1) => 4,
        (Format::Tables(_), 2) => 2,
        (Format::Tables(_), 3) => 1,
        (Format::Tables(_), _) => 0,
    }
}

/// The longest a no-show waits (T9): 30 days.
pub const LONGEST_WAIT_MS: i64 = 30 * 86_400_000;

/// T9: how long a player who forfeited a game in each of their last `streak` cups of a chat
/// waits before signing up for its next one: nothing under two; a day at two, doubling with
/// each cup more, at most [`LONGEST_WAIT_MS`].
pub fn no_show_wait_ms(streak: usize) -> i64 {
    if streak < 2 {
        return 0;
    }
    let doublings = u32::try_from(streak - 2).unwrap_or(u32::MAX).min(10);
    (86_400_000i64 << doublings).min(LONGEST_WAIT_MS)
}

/// One player of a cup; the index in [`Cup::entrants`] is the player's number (sign-up order).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    /// The rating used for seeding and as the last tie-break (1500 for the unrated).
    pub rating: f64,
    /// Withdrawn players are paired no more; their results stay.
    pub withdrawn: bool,
}

/// How one seat of a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seat {
    /// Finished in this place (1 = first); seats may share a place.
    Place(u8),
    /// Never moved in the round's window: no points, counted as a forfeit.
    Forfeit,
}

/// One game of a cup.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CupGame {
    /// The round, from 1.
    pub round: u32,
    /// The players, by entrant number, in seat order (C4; who moves first is the game's own
    /// draw or roll-off, T4).
    pub players: Vec<usize>,
    /// How each seat ended, in the same order; `None` while the game is played.
    pub result: Option<Vec<Seat>>,
}

/// A cup as the pairing and the standings see it: its format, players, games and byes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cup {
    /// How rounds are paired.
    pub format: Format,
    /// Every player who signed up, in sign-up order.
    pub entrants: Vec<Entrant>,
    /// Every game of every round so far.
    pub games: Vec<CupGame>,
    /// `(round, entrant)` for every bye given.
    pub byes: Vec<(u32, usize)>,
}

impl Cup {
    /// The points a player has from finished games and byes.
    pub fn points(&self) -> Vec<u32> {
        let mut points = vec![0u32; self.entrants.len()];
        for game in &self.games {
            for (player, earned) in game_points(self.format, game) {
                if let Some(p) = points.get_mut(player) {
                    *p += earned;
                }
            }
        }
        for &(_, player) in &self.byes {
            if let Some(p) = points.get_mut(player) {
                *p += self.format.bye_points();
            }
        }
        points
    }

    /// How many games this player forfeited.
    pub fn forfeits(&self, player: usize) -> usize {
        self.games
            .iter()
            .filter_map(|g| {
                let result = g.result.as_ref()?;
                let seat = g.players.iter().position(|&p| p == player)?;
                Some(result.get(seat) == Some(&Seat::Forfeit))
            })
            .filter(|&f| f)
            .count()
    }

    /// The games of a round that have no result yet.
    pub fn unfinished(&self, round: u32) -> impl Iterator<Item = &CupGame> {
        self.games.iter().filter(move |g| g.round == round && g.result.is_none())
    }
}

/// The points each player of a finished game earned: by place, none for a forfeit. A place is
/// counted among the seats that did not forfeit (the only player who moved is first).
pub(crate) fn game_points(format: Format, game: &CupGame) -> Vec<(usize, u32)> {
    let Some(result) = &game.result else { return Vec::new() };
    let played: Vec<u8> = result
        .iter()
        .filter_map(|s| match s {
            Seat::Place(p) => Some(*p),
            Seat::Forfeit => None,
        })
        .collect();
    game.players
        .iter()
        .zip(result)
        .map(|(&player, seat)| match seat {
            Seat::Forfeit => (player, 0),
            Seat::Place(p) => {
                // The place among those who played: one more than the seats that did better.
                let place = 1 + played.iter().filter(|&&q| q < *p).count() as u8;
                (player, place_points(format, place))
            }
        })
        .collect()
}

/// Whether `a` finished ahead of `b` in this game (both must be at it).
pub(crate) fn ahead(game: &CupGame, a: usize, b: usize) -> bool {
    let Some(result) = &game.result else { return false };
    let seat = |p: usize| game.players.iter().position(|&q| q == p).and_then(|i| result.get(i));
    match (seat(a), seat(b)) {
        (Some(Seat::Place(x)), Some(Seat::Place(y))) => x < y,
        (Some(Seat::Place(_)), Some(Seat::Forfeit)) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests;
