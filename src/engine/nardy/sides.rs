//! Long Nardy's two-sided data, indexed by what it belongs to: a colour's ([`ByColour`]:
//! borne-off checkers, pip counts, a first turn still to come) or a seat's ([`BySeat`]: match
//! points), never by a bare number that could mean either. In JSON both are a pair, the first
//! value White's (or seat 0's).

use std::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};

use super::Colour;
use crate::engine::Seat;

/// One value per colour, White's first.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct ByColour<T>([T; 2]);

impl<T> ByColour<T> {
    /// White's value and Black's.
    pub const fn new(white: T, black: T) -> Self {
        ByColour([white, black])
    }

    /// Both values, White's first.
    pub fn into_array(self) -> [T; 2] {
        self.0
    }

    /// Each colour's value through `f`.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByColour<U> {
        ByColour(self.0.map(f))
    }

    /// The values, White's first.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }
}

impl ByColour<Colour> {
    /// The colours themselves, to [`map`](ByColour::map) into a value per colour.
    pub const BOTH: ByColour<Colour> = ByColour([Colour::White, Colour::Black]);
}

impl<T> Index<Colour> for ByColour<T> {
    type Output = T;

    fn index(&self, colour: Colour) -> &T {
        &self.0[colour.index()]
    }
}

impl<T> IndexMut<Colour> for ByColour<T> {
    fn index_mut(&mut self, colour: Colour) -> &mut T {
        &mut self.0[colour.index()]
    }
}

/// One value per seat of a match, seat 0's first. Indexed by a [`Seat`] of the match (0 or 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BySeat<T>([T; 2]);

impl<T> BySeat<T> {
    /// Seat 0's value and seat 1's.
    pub const fn new(first: T, second: T) -> Self {
        BySeat([first, second])
    }

    /// Both values, seat 0's first.
    pub fn into_array(self) -> [T; 2] {
        self.0
    }

    /// The values, seat 0's first.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    /// The seat's value; `None` for a seat the match does not have.
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.0.get(usize::from(seat))
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;

    /// The seat's value; a seat the match does not have is a caller's bug (the engine only
    /// hands out seats 0 and 1), so it panics as an array would.
    fn index(&self, seat: Seat) -> &T {
        &self.0[usize::from(seat)]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[usize::from(seat)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_colours_value_is_its_own_and_json_keeps_the_pair() {
        let mut off = ByColour::new(3u8, 0);
        off[Colour::Black] += 2;
        assert_eq!((off[Colour::White], off[Colour::Black]), (3, 2));
        assert_eq!(serde_json::to_value(off).unwrap(), serde_json::json!([3, 2]));
        let back: ByColour<u8> = serde_json::from_value(serde_json::json!([3, 2])).unwrap();
        assert_eq!(back, off);
        assert_eq!(ByColour::BOTH.map(|c| c == Colour::Black), ByColour::new(false, true));
        let mut score = BySeat::new(0u32, 1);
        score[0] += 2;
        assert_eq!(score.into_array(), [2, 1]);
        assert_eq!(score.get(2), None);
    }
}
