//! Snakes & Ladders (docs/rules.md: S1–S14).
//!
//! ```
//! use dicetable::engine::{Action, Event, snakes::{Layout, Snakes, SnakesOptions}};
//!
//! let mut game = Snakes::new(2, SnakesOptions::default(), Layout::classic(), 0).unwrap();
//! let events = game.play(&Action::Roll { dice: vec![4] }).unwrap();
//! // Square 4 is the foot of the ladder to 14 (S7).
//! assert!(events.contains(&Event::Climbed { seat: 0, from: 4, to: 14 }));
//! assert_eq!(game.squares(), &[14, 0]);
//! ```

pub mod expected;
pub mod layout;

use serde::Deserialize;
use serde_json::Value;

use super::declare::{game_options, option_values};

pub use layout::{BoardGenerator, BoardKind, GOAL, Layout, Walk, snake_point, square_centre, walk};

use super::{
    Action, Departures, Event, Illegal, Legal, NoMoveReason, OptionError, Seat, StateError, Status,
    check_derived, check_dice, competition_ranks, parse_state,
};

/// Fewest players at a table (S3). The simulator also plays solo games.
pub const MIN_PLAYERS: usize = 2;
/// Most players at a table (S3).
pub const MAX_PLAYERS: usize = 6;

option_values! {
    /// How a token reaches 100 (S8, S9).
    pub enum Finish {
        /// A roll past 100 does not move (S8).
        Exact = "exact",
        /// Walk to 100 and back the remaining steps (S9).
        Bounce = "bounce",
    }
}

option_values! {
    /// What a third six in a row does, with bonus sixes on (S11).
    pub enum ThreeSixes {
        /// Every six earns another roll.
        Unlimited = "unlimited",
        /// The third six is moved, but no fourth roll follows.
        Cap = "cap",
        /// The third six is not moved: the token returns to 0, locked until a 6.
        BackToStart = "back_to_start",
    }
}

game_options! {
    /// Options of a Snakes & Ladders table (S2, S8–S12). Defaults: classic board, exact finish,
    /// no bonus sixes.
    pub struct SnakesOptions for Snakes,
        /// The presets (S12): `classic`, `quick`, `traditional`.
        preset: presets, rules "S12" {
            classic {},
            quick { finish: Finish::Bounce, bonus_six: true, three_sixes: ThreeSixes::Cap },
            traditional { bonus_six: true, three_sixes: ThreeSixes::BackToStart },
        }
    {
        /// The board (S2).
        board: BoardKind = "classic", rules "S2", words ["random" => "random"];
        /// The finish rule (S8, S9).
        finish: Finish = "exact", rules "S8 S9", words ["bounce" => "bounce", "exact" => "exact"];
        /// A six earns another roll (S10).
        bonus_six: bool = "off", rules "S10", words ["bonus" => "on"];
        /// The three-sixes rule (S11).
        three_sixes: ThreeSixes = "unlimited", rules "S11",
            words ["cap" => "cap", "back" => "back_to_start"], needs bonus_six = "on";
    }
}

/// A game of Snakes & Ladders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snakes {
    options: SnakesOptions,
    layout: Layout,
    squares: Vec<u8>,
    locked: Vec<bool>,
    left: Departures,
    to_move: Seat,
    sixes: u8,
    turn: u32,
}

impl Snakes {
    /// A new game: every token on square 0 (S3), `first` to move (S4, chosen by the caller from
    /// the table's seed). `players` may be 1 (solo statistics) to 6.
    pub fn new(
        players: usize,
        options: SnakesOptions,
        layout: Layout,
        first: Seat,
    ) -> Result<Self, OptionError> {
        if !(1..=MAX_PLAYERS).contains(&players) || usize::from(first) >= players {
            return Err(OptionError::Players {
                game: super::GameKind::Snakes,
                min: MIN_PLAYERS,
                max: MAX_PLAYERS,
                got: players,
            });
        }
        options.check()?;
        Ok(Self {
            options,
            layout,
            squares: vec![0; players],
            locked: vec![false; players],
            left: Departures::new(players),
            to_move: first,
            sixes: 0,
            turn: 1,
        })
    }

    /// The number of seats.
    pub fn players(&self) -> usize {
        self.squares.len()
    }

    /// The options.
    pub fn options(&self) -> &SnakesOptions {
        &self.options
    }

    /// The board.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Each seat's square, 0–100.
    pub fn squares(&self) -> &[u8] {
        &self.squares
    }

    /// Whether each seat's token is locked (S11 `back_to_start`).
    pub fn locked(&self) -> &[bool] {
        &self.locked
    }

    /// Which seats left, and in what order.
    pub fn departures(&self) -> &Departures {
        &self.left
    }

    /// The current turn's number, from 1.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Sixes rolled in a row in the current turn.
    pub fn sixes_in_row(&self) -> u8 {
        self.sixes
    }

    /// The winner: the seat on 100 (S13), or the last seat in play (C5).
    pub fn winner(&self) -> Option<Seat> {
        if let Some(seat) = self.squares.iter().position(|&s| s == GOAL) {
            return Some(seat as Seat);
        }
        if self.players() > 1 && self.left.active() == 1 {
            return (0..self.players() as Seat).find(|&s| self.left.is_active(s));
        }
        None
    }

    fn over(&self) -> bool {
        self.winner().is_some() || self.left.active() == 0
    }

    /// Playing or finished.
    pub fn status(&self) -> Status {
        if self.over() { Status::Finished } else { Status::Playing }
    }

    /// The seat to move, while the game runs.
    pub fn to_move(&self) -> Option<Seat> {
        (!self.over()).then_some(self.to_move)
    }

    /// What the game waits for: always a roll of one die (S5).
    pub fn legal(&self) -> Legal {
        match self.to_move() {
            Some(seat) => Legal::Roll { seat, dice: 1 },
            None => Legal::Over,
        }
    }

    /// Final ranks once the game is over (S13, S14, C5, C6).
    pub fn ranking(&self) -> Option<Vec<u8>> {
        if !self.over() {
            return None;
        }
        let winner = self.winner();
        let keys: Vec<i64> = (0..self.players() as Seat)
            .map(|seat| {
                self.left.standing(seat).unwrap_or(if Some(seat) == winner {
                    i64::from(GOAL) + 1
                } else {
                    i64::from(self.squares[usize::from(seat)])
                })
            })
            .collect();
        Some(competition_ranks(&keys))
    }

    /// Plays an action. Refused actions change nothing (C7).
    pub fn play(&mut self, action: &Action) -> Result<Vec<Event>, Illegal> {
        if self.over() {
            return Err(Illegal::GameOver);
        }
        if let Some((seat, reason)) = action.departure() {
            let mut events = self.left.depart(seat, reason)?;
            self.squares[usize::from(seat)] = 0;
            self.locked[usize::from(seat)] = false;
            if seat == self.to_move && self.left.active() > 0 {
                self.end_turn(&mut events);
            }
            self.finish_if_over(&mut events);
            return Ok(events);
        }
        let Action::Roll { dice } = action else {
            return Err(Illegal::WrongGame);
        };
        check_dice(dice, 1)?;
        Ok(self.roll(dice[0]))
    }

    fn roll(&mut self, die: u8) -> Vec<Event> {
        let seat = self.to_move;
        let i = usize::from(seat);
        let mut events = vec![Event::Rolled { seat, dice: vec![die] }];
        let six = die == 6;
        let o = self.options;
        if six && o.bonus_six {
            self.sixes = self.sixes.saturating_add(1);
        }
        if self.locked[i] {
            if six {
                self.locked[i] = false;
                events.push(Event::Unlocked { seat });
                self.advance(seat, die, &mut events);
            } else {
                events.push(Event::NoMove { seat, reason: NoMoveReason::Locked });
            }
        } else if o.bonus_six && o.three_sixes == ThreeSixes::BackToStart && six && self.sixes == 3
        {
            events.push(Event::SentBack { seat, from: self.squares[i] });
            self.squares[i] = 0;
            self.locked[i] = true;
            events.push(Event::Locked { seat });
            self.end_turn(&mut events);
            return events;
        } else {
            self.advance(seat, die, &mut events);
        }
        if self.squares[i] == GOAL {
            events.push(Event::Finished { seat });
            self.finish_if_over(&mut events);
            return events;
        }
        let capped = o.three_sixes == ThreeSixes::Cap && self.sixes >= 3;
        if o.bonus_six && six && !capped {
            events.push(Event::ExtraRoll { seat });
        } else {
            self.end_turn(&mut events);
        }
        events
    }

    /// Walks the token and applies a snake or ladder where it ends (S7–S9).
    fn advance(&mut self, seat: Seat, die: u8, events: &mut Vec<Event>) {
        let i = usize::from(seat);
        let from = self.squares[i];
        let to = match walk(from, die, self.options.finish) {
            Walk::Blocked => {
                events.push(Event::NoMove { seat, reason: NoMoveReason::Overshoot });
                return;
            }
            Walk::Forward(to) => {
                events.push(Event::Moved { seat, from, to });
                to
            }
            Walk::Bounced(to) => {
                events.push(Event::Bounced { seat, from, to });
                to
            }
        };
        let rest = self.layout.jump(to);
        if rest > to {
            events.push(Event::Climbed { seat, from: to, to: rest });
        } else if rest < to {
            events.push(Event::Slid { seat, from: to, to: rest });
        }
        self.squares[i] = rest;
    }

    fn end_turn(&mut self, events: &mut Vec<Event>) {
        self.sixes = 0;
        if let Some(next) = self.left.next_after(self.to_move) {
            self.to_move = next;
            self.turn += 1;
            if !self.over() {
                events.push(Event::Turn { seat: next });
            }
        }
    }

    fn finish_if_over(&mut self, events: &mut Vec<Event>) {
        if let Some(ranking) = self.ranking() {
            // No one is to move in a finished game; keep the value canonical so that a saved
            // and reloaded game equals the live one.
            self.to_move = 0;
            self.sixes = 0;
            events.push(Event::GameOver { ranking });
        }
    }

    /// The state in the protocol's JSON shape.
    pub fn to_json(&self) -> Value {
        let pairs = |v: &[(u8, u8)]| v.iter().map(|&(a, b)| [a, b]).collect::<Vec<_>>();
        serde_json::json!({
            "players": self.players(),
            "options": self.options,
            "ladders": pairs(self.layout.ladders()),
            "snakes": pairs(self.layout.snakes()),
            "squares": self.squares,
            "locked": self.locked,
            "left": self.left,
            "to_move": self.to_move(),
            "sixes_in_row": self.sixes,
            "turn": self.turn,
            "status": self.status(),
            "ranking": self.ranking(),
        })
    }

    /// Reads and validates a state in the protocol's JSON shape. Derived fields (`players`,
    /// `status`, `ranking`) may be left out; when present they must agree with the rest.
    pub fn from_json(value: &Value) -> Result<Self, StateError> {
        let wire: Wire = parse_state(value)?;
        let players = wire.squares.len();
        if !(1..=MAX_PLAYERS).contains(&players) {
            return Err(StateError::new(format!(
                "\"squares\" needs one entry per seat, 1 to {MAX_PLAYERS}"
            )));
        }
        wire.options.check().map_err(|e| StateError::new(e.to_string()))?;
        let pairs = |v: &[[u8; 2]]| v.iter().map(|&[a, b]| (a, b)).collect::<Vec<_>>();
        let layout = Layout::new(pairs(&wire.ladders), pairs(&wire.snakes))?;
        let left = wire.left.unwrap_or_else(|| Departures::new(players));
        left.validate(players)?;
        let locked = wire.locked.unwrap_or_else(|| vec![false; players]);
        if locked.len() != players {
            return Err(StateError::new(format!("\"locked\" needs {players} entries")));
        }
        for (seat, &square) in wire.squares.iter().enumerate() {
            if square > GOAL {
                return Err(StateError::new(format!(
                    "seat {seat} is on square {square}, past 100"
                )));
            }
            if layout.is_jump_start(square) {
                return Err(StateError::new(format!(
                    "seat {seat} rests on square {square}, where a snake or ladder starts"
                )));
            }
            if left.order(seat as Seat).is_some() && (square != 0 || locked[seat]) {
                return Err(StateError::new(format!(
                    "seat {seat} left: its token is off the board"
                )));
            }
            if locked[seat] && (square != 0 || wire.options.three_sixes != ThreeSixes::BackToStart)
            {
                return Err(StateError::new(format!(
                    "seat {seat} is locked: only a token on 0 under three_sixes back_to_start is"
                )));
            }
        }
        if wire.squares.iter().filter(|&&s| s == GOAL).count() > 1 {
            return Err(StateError::new("only one token can reach 100: the game ends there"));
        }
        let max_sixes = match (wire.options.bonus_six, wire.options.three_sixes) {
            (false, _) => 0,
            (true, ThreeSixes::Unlimited) => u8::MAX,
            (true, _) => 2,
        };
        if wire.sixes_in_row > max_sixes {
            return Err(StateError::new(format!(
                "\"sixes_in_row\" is at most {max_sixes} under these options"
            )));
        }
        if wire.turn == 0 {
            return Err(StateError::new("\"turn\" counts from 1"));
        }
        let mut game = Self {
            options: wire.options,
            layout,
            squares: wire.squares,
            locked,
            left,
            to_move: 0,
            sixes: wire.sixes_in_row,
            turn: wire.turn,
        };
        match (game.over(), wire.to_move) {
            (true, None) => {}
            (true, Some(_)) => {
                return Err(StateError::new("the game is over: \"to_move\" must be null"));
            }
            (false, Some(seat)) if game.left.is_active(seat) => game.to_move = seat,
            (false, _) => {
                return Err(StateError::new("\"to_move\" must name a seat still in the game"));
            }
        }
        check_derived(value, &game.to_json(), &["players", "status", "ranking"])?;
        Ok(game)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Wire {
    #[serde(default)]
    options: SnakesOptions,
    ladders: Vec<[u8; 2]>,
    snakes: Vec<[u8; 2]>,
    squares: Vec<u8>,
    #[serde(default)]
    locked: Option<Vec<bool>>,
    #[serde(default)]
    left: Option<Departures>,
    to_move: Option<Seat>,
    #[serde(default)]
    sixes_in_row: u8,
    #[serde(default = "first_turn")]
    turn: u32,
    // Derived; checked against the position when present.
    #[serde(default, rename = "players")]
    _players: Option<Value>,
    #[serde(default, rename = "status")]
    _status: Option<Value>,
    #[serde(default, rename = "ranking")]
    _ranking: Option<Value>,
}

fn first_turn() -> u32 {
    1
}

#[cfg(test)]
mod tests;
