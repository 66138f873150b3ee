//! Ludo, Mensch ärgere dich nicht (docs/rules.md: L1–L15), for 2–8 players on 4-, 6- and 8-arm boards.
//!
//! A piece's position is its **progress** in steps from its owner's start square: −1 in the
//! house, 0..L−1 on the shared track (absolute square `(10·arm + progress) mod L`), L..L+3 on
//! goal-lane squares 1–4 (L2).
//!
//! ```
//! use dicetable::engine::{Action, Event, Legal, ludo::{Ludo, LudoOptions}};
//!
//! let mut game = Ludo::new(2, LudoOptions::default()).unwrap();
//! // Roll-off (L4): seat 1 rolls higher and starts.
//! game.play(&Action::Roll { dice: vec![2, 5] }).unwrap();
//! // A 6 lets a piece leave the house (L6).
//! game.play(&Action::Roll { dice: vec![6] }).unwrap();
//! assert!(matches!(game.legal(), Legal::Choose { seat: 1, .. }));
//! let events = game.play(&Action::Move { piece: 0 }).unwrap();
//! assert!(events.contains(&Event::Entered { seat: 1, piece: 0 }));
//! ```

use serde::Deserialize;
use serde_json::Value;

use super::declare::{game_options, option_values};
use super::{
    Action, Blocked, Departures, Event, GameKind, Illegal, Legal, NoMoveReason, OptionError, Seat,
    StateError, Status, check_derived, check_dice, competition_ranks, parse_state,
};

/// Fewest players (L1).
pub const MIN_PLAYERS: usize = 2;
/// Most players (L1).
pub const MAX_PLAYERS: usize = 8;
/// Pieces per player (L1).
pub const PIECES: usize = 4;
/// Track squares per arm (L2).
pub const ARM_SQUARES: u8 = 10;
/// In the house.
pub const HOUSE: i16 = -1;

option_values! {
    /// When the game ends (L15).
    pub enum Until {
        /// The first player with all four pieces in the goal wins; the game ends.
        First = "first",
        /// The others play on for the remaining places.
        All = "all",
    }
}

game_options! {
    /// Options of a Ludo table (L9, L10, L15). Every switch is off by default.
    pub struct LudoOptions for Ludo {
        /// A piece that can leave the house must (L9).
        must_enter: bool = "off", rules "L9", words ["enter" => "on"];
        /// A possible capture must be made (L9).
        must_capture: bool = "off", rules "L9", words ["capture" => "on"];
        /// A third six in a row is not played and the turn passes (L10).
        three_sixes_forfeit: bool = "off", rules "L10", words ["forfeit" => "on"];
        /// When the game ends (L15).
        until: Until = "first", rules "L15", words ["all" => "all", "first" => "first"];
    }
}

/// The number of arms for a player count (L1): 4 for 2–4, 6 for 5–6, 8 for 7–8.
pub fn arms_for(players: usize) -> u8 {
    match players {
        0..=4 => 4,
        5..=6 => 6,
        _ => 8,
    }
}

/// Each seat's arm (L2): two players sit opposite (arms 0 and 2), otherwise arms 0, 1, 2, …
pub fn seat_arms(players: usize) -> Vec<u8> {
    if players == 2 { vec![0, 2] } else { (0..players as u8).collect() }
}

/// The absolute track square (0..L−1, clockwise from arm 0's start) of a piece on the track.
pub fn track_square(arms: u8, arm: u8, progress: i16) -> u8 {
    let len = i16::from(arms) * i16::from(ARM_SQUARES);
    ((i16::from(arm) * i16::from(ARM_SQUARES) + progress).rem_euclid(len)) as u8
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Phase {
    /// These seats roll off for the first turn (L4).
    RollOff(Vec<Seat>),
    /// The player to move rolls.
    Roll,
    /// The player to move chooses a piece for this die.
    Move(u8),
}

/// A game of Ludo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ludo {
    options: LudoOptions,
    arms: u8,
    seat_arms: Vec<u8>,
    pieces: Vec<[i16; PIECES]>,
    left: Departures,
    finished: Vec<Option<u8>>,
    phase: Phase,
    to_move: Seat,
    sixes: u8,
    tries: u8,
    turn: u32,
}

impl Ludo {
    /// A new game: every piece in its house (L3), and a roll-off for the first turn (L4).
    pub fn new(players: usize, options: LudoOptions) -> Result<Self, OptionError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(OptionError::Players {
                game: GameKind::Ludo,
                min: MIN_PLAYERS,
                max: MAX_PLAYERS,
                got: players,
            });
        }
        Ok(Self {
            options,
            arms: arms_for(players),
            seat_arms: seat_arms(players),
            pieces: vec![[HOUSE; PIECES]; players],
            left: Departures::new(players),
            finished: vec![None; players],
            phase: Phase::RollOff((0..players as Seat).collect()),
            to_move: 0,
            sixes: 0,
            tries: 0,
            turn: 0,
        })
    }

    /// The number of seats.
    pub fn players(&self) -> usize {
        self.pieces.len()
    }

    /// Sixes rolled in a row in the current turn (L10).
    pub fn sixes_in_row(&self) -> u8 {
        self.sixes
    }

    /// The options.
    pub fn options(&self) -> &LudoOptions {
        &self.options
    }

    /// The board's arms: 4, 6 or 8.
    pub fn arms(&self) -> u8 {
        self.arms
    }

    /// The track's length L.
    pub fn track_len(&self) -> i16 {
        i16::from(self.arms) * i16::from(ARM_SQUARES)
    }

    /// Each seat's arm.
    pub fn seat_arms(&self) -> &[u8] {
        &self.seat_arms
    }

    /// Each seat's pieces, as progress values.
    pub fn pieces(&self) -> &[[i16; PIECES]] {
        &self.pieces
    }

    /// The die waiting to be used, if the player to move has rolled.
    pub fn die(&self) -> Option<u8> {
        match self.phase {
            Phase::Move(d) => Some(d),
            _ => None,
        }
    }

    /// Rolls left in the current try sequence (L8): 1, or up to 3.
    pub fn tries(&self) -> u8 {
        self.tries
    }

    /// The current turn's number, from 1 (0 during the roll-off).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Which seats left, and in what order.
    pub fn departures(&self) -> &Departures {
        &self.left
    }

    fn done(&self, seat: Seat) -> bool {
        let len = self.track_len();
        self.pieces[usize::from(seat)].iter().all(|&p| p >= len)
    }

    /// Seats still racing: in the game and not finished.
    fn racing(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.players() as Seat)
            .filter(|&s| self.left.is_active(s) && self.finished[usize::from(s)].is_none())
    }

    fn over(&self) -> bool {
        let someone_done = self.finished.iter().any(Option::is_some);
        (self.options.until == Until::First && someone_done) || self.racing().count() <= 1
    }

    /// Playing or finished.
    pub fn status(&self) -> Status {
        if self.over() { Status::Finished } else { Status::Playing }
    }

    /// The seat to move, while the game runs and the roll-off is over.
    pub fn to_move(&self) -> Option<Seat> {
        self.legal().to_move()
    }

    /// What the game waits for.
    pub fn legal(&self) -> Legal {
        if self.over() {
            return Legal::Over;
        }
        match &self.phase {
            Phase::RollOff(seats) => Legal::RollOff { seats: seats.clone() },
            Phase::Roll => Legal::Roll { seat: self.to_move, dice: 1 },
            Phase::Move(die) => Legal::Choose {
                seat: self.to_move,
                actions: self
                    .legal_moves(self.to_move, *die)
                    .into_iter()
                    .map(|piece| Action::Move { piece })
                    .collect(),
            },
        }
    }

    /// Final ranks once the game is over (L15, C5, C6): finishers in order, then by pieces in the
    /// goal and distance travelled, then those who left, the later leaver above.
    pub fn ranking(&self) -> Option<Vec<u8>> {
        if !self.over() {
            return None;
        }
        let len = self.track_len();
        let keys: Vec<(i64, i64, i64)> = (0..self.players() as Seat)
            .map(|seat| {
                let i = usize::from(seat);
                if let Some(standing) = self.left.standing(seat) {
                    (0, standing, 0)
                } else if let Some(order) = self.finished[i] {
                    (2, -i64::from(order), 0)
                } else {
                    let pieces = &self.pieces[i];
                    let in_goal = pieces.iter().filter(|&&p| p >= len).count() as i64;
                    let distance: i64 = pieces.iter().map(|&p| i64::from(p + 1)).sum();
                    (1, in_goal, distance)
                }
            })
            .collect();
        Some(competition_ranks(&keys))
    }

    /// Where piece `piece` of `seat` would go with `die`, before the must-rules (L6, L12, L14).
    fn destination(&self, seat: Seat, piece: usize, die: u8) -> Result<i16, Blocked> {
        let own = &self.pieces[usize::from(seat)];
        let from = own[piece];
        let to = if from == HOUSE {
            if die != 6 {
                return Err(Blocked::NeedsSix);
            }
            0
        } else {
            from + i16::from(die)
        };
        if to > self.track_len() + 3 {
            return Err(Blocked::PastGoal);
        }
        if own.iter().enumerate().any(|(k, &p)| k != piece && p == to) {
            return Err(if from == HOUSE { Blocked::StartOccupied } else { Blocked::OwnPiece });
        }
        Ok(to)
    }

    /// The opponent piece on the track square a piece of `seat` would reach at progress `to`.
    fn victim(&self, seat: Seat, to: i16) -> Option<(Seat, usize)> {
        let len = self.track_len();
        if !(0..len).contains(&to) {
            return None; // goal lanes are safe (L13)
        }
        let square = track_square(self.arms, self.seat_arms[usize::from(seat)], to);
        (0..self.players() as Seat).filter(|&o| o != seat).find_map(|o| {
            let arm = self.seat_arms[usize::from(o)];
            self.pieces[usize::from(o)]
                .iter()
                .position(|&q| (0..len).contains(&q) && track_square(self.arms, arm, q) == square)
                .map(|k| (o, k))
        })
    }

    /// Pieces of `seat` that can move with `die`, after the must-rules (L9).
    fn legal_moves(&self, seat: Seat, die: u8) -> Vec<u8> {
        let mut moves: Vec<(u8, bool, bool)> = (0..PIECES)
            .filter_map(|k| {
                let to = self.destination(seat, k, die).ok()?;
                let enters = self.pieces[usize::from(seat)][k] == HOUSE;
                Some((k as u8, self.victim(seat, to).is_some(), enters))
            })
            .collect();
        if self.options.must_capture && moves.iter().any(|m| m.1) {
            moves.retain(|m| m.1);
        }
        if self.options.must_enter && moves.iter().any(|m| m.2) {
            moves.retain(|m| m.2);
        }
        moves.into_iter().map(|m| m.0).collect()
    }

    /// Why `piece` is not among the legal moves for `die` (it must not be).
    fn why_not(&self, seat: Seat, piece: usize, die: u8) -> Blocked {
        match self.destination(seat, piece, die) {
            Err(why) => why,
            Ok(_)
                if self.options.must_capture
                    && self.legal_moves(seat, die).iter().any(|&k| {
                        let to = self.destination(seat, usize::from(k), die).unwrap_or(HOUSE);
                        self.victim(seat, to).is_some()
                    }) =>
            {
                Blocked::MustCapture
            }
            Ok(_) => Blocked::MustEnter,
        }
    }

    /// Rolls the start of a turn allows (L8): 3 if no roll of 1–5 could move any piece, else 1.
    fn initial_tries(&self, seat: Seat) -> u8 {
        let stuck = (1..=5).all(|d| (0..PIECES).all(|k| self.destination(seat, k, d).is_err()));
        if stuck { 3 } else { 1 }
    }

    /// `action` as [`Ludo::distinct_moves`] has it: a move by the lowest-numbered piece on the
    /// same square (entering with any house piece is entering with the lowest-numbered one,
    /// L6). Any other action is itself.
    pub fn distinct_move(&self, action: Action) -> Action {
        let Action::Move { piece } = action else { return action };
        let Legal::Choose { seat, actions } = self.legal() else { return action };
        let own = &self.pieces[usize::from(seat)];
        let from = own.get(usize::from(piece)).copied();
        actions
            .into_iter()
            .find(|a| matches!(a, Action::Move { piece: p } if own.get(usize::from(*p)).copied() == from))
            .unwrap_or(action)
    }

    /// The legal moves with every move that leads to the same position as an earlier one left
    /// out: a player's pieces in the house are alike (L3, L6), so entering with piece 1 or with
    /// piece 4 is one move (no two of a player's pieces share a square elsewhere, L6, L12).
    /// Empty unless a move is awaited.
    pub fn distinct_moves(&self) -> Vec<Action> {
        let Legal::Choose { seat, actions } = self.legal() else {
            return Vec::new();
        };
        let own = &self.pieces[usize::from(seat)];
        let mut seen: Vec<i16> = Vec::new();
        actions
            .into_iter()
            .filter(|action| {
                let Action::Move { piece } = *action else { return true };
                let from = own[usize::from(piece)];
                let new = !seen.contains(&from);
                seen.push(from);
                new
            })
            .collect()
    }

    /// A sensible choice for the player to move, for time-outs and the simulator's greedy
    /// policy: capture, else bring a piece into the goal lane, else enter, else advance the
    /// leading piece.
    pub fn suggest(&self) -> Option<Action> {
        let Legal::Choose { seat, actions } = self.legal() else {
            return None;
        };
        let die = self.die()?;
        let len = self.track_len();
        actions.into_iter().max_by_key(|action| {
            let Action::Move { piece } = *action else {
                return (0, 0, 0);
            };
            let k = usize::from(piece);
            let from = self.pieces[usize::from(seat)][k];
            let to = self.destination(seat, k, die).unwrap_or(from);
            let captures = self.victim(seat, to).is_some();
            let into_lane = from < len && to >= len;
            let class = if captures {
                4
            } else if into_lane {
                3
            } else if from == HOUSE {
                2
            } else {
                1
            };
            // Among equals, the leading piece; among those, the lowest piece number.
            (class, from, -i16::from(piece))
        })
    }

    /// Plays an action. Refused actions change nothing (C7).
    pub fn play(&mut self, action: &Action) -> Result<Vec<Event>, Illegal> {
        if self.over() {
            return Err(Illegal::GameOver);
        }
        if let Some((seat, reason)) = action.departure() {
            let mut events = self.left.depart(seat, reason)?;
            self.pieces[usize::from(seat)] = [HOUSE; PIECES];
            if let Phase::RollOff(seats) = &mut self.phase {
                seats.retain(|&s| s != seat);
                let only = match seats[..] {
                    [only] => Some(only),
                    _ => None,
                };
                if self.over() {
                    self.finish(&mut events);
                } else if let Some(only) = only {
                    self.start_turn(only, &mut events);
                }
            } else if seat == self.to_move {
                self.end_turn(&mut events);
            } else if self.over() {
                self.finish(&mut events);
            }
            return Ok(events);
        }
        match (&self.phase, action) {
            (Phase::RollOff(seats), Action::Roll { dice }) => {
                let seats = seats.clone();
                check_dice(dice, seats.len())?;
                Ok(self.roll_off(&seats, dice))
            }
            (Phase::Roll, Action::Roll { dice }) => {
                check_dice(dice, 1)?;
                Ok(self.roll(dice[0]))
            }
            (Phase::Move(die), Action::Move { piece }) => {
                let die = *die;
                if usize::from(*piece) >= PIECES {
                    return Err(Illegal::NoSuchPiece(*piece));
                }
                if !self.legal_moves(self.to_move, die).contains(piece) {
                    let why = self.why_not(self.to_move, usize::from(*piece), die);
                    return Err(Illegal::PieceCannotMove { piece: *piece, why });
                }
                Ok(self.move_piece(usize::from(*piece), die))
            }
            (Phase::Move(_), Action::Roll { .. }) => Err(Illegal::MoveExpected),
            (_, Action::Move { .. }) => Err(Illegal::RollExpected),
            _ => Err(Illegal::WrongGame),
        }
    }

    fn roll_off(&mut self, seats: &[Seat], dice: &[u8]) -> Vec<Event> {
        let rolls: Vec<[u8; 2]> = seats.iter().zip(dice).map(|(&s, &d)| [s, d]).collect();
        let mut events = vec![Event::RollOff { rolls }];
        let high = dice.iter().copied().max().unwrap_or(0);
        let tied: Vec<Seat> =
            seats.iter().zip(dice).filter(|&(_, &d)| d == high).map(|(&s, _)| s).collect();
        if let [first] = tied[..] {
            self.start_turn(first, &mut events);
        } else {
            events.push(Event::RollOffAgain { seats: tied.clone() });
            self.phase = Phase::RollOff(tied);
        }
        events
    }

    fn roll(&mut self, die: u8) -> Vec<Event> {
        let seat = self.to_move;
        let mut events = vec![Event::Rolled { seat, dice: vec![die] }];
        let six = die == 6;
        // A roll that is not a 6 ends a run of sixes (L10).
        self.sixes = if six { self.sixes.saturating_add(1) } else { 0 };
        if six && self.options.three_sixes_forfeit && self.sixes >= 3 {
            events.push(Event::Forfeit { seat });
            self.end_turn(&mut events);
            return events;
        }
        if !self.legal_moves(seat, die).is_empty() {
            self.phase = Phase::Move(die);
            return events;
        }
        events.push(Event::NoMove { seat, reason: NoMoveReason::NoLegalMove });
        if six {
            // The roll again after a 6 is one roll, stuck or not (L8).
            events.push(Event::ExtraRoll { seat });
            self.tries = 1;
        } else {
            self.tries = self.tries.saturating_sub(1);
            if self.tries > 0 {
                events.push(Event::TryAgain { seat, try_number: 4 - self.tries });
            } else {
                self.end_turn(&mut events);
            }
        }
        events
    }

    fn move_piece(&mut self, piece: usize, die: u8) -> Vec<Event> {
        let seat = self.to_move;
        let from = self.pieces[usize::from(seat)][piece];
        let to = self.destination(seat, piece, die).expect("the move was checked as legal");
        let mut events = Vec::with_capacity(4);
        if from == HOUSE {
            events.push(Event::Entered { seat, piece: piece as u8 });
        } else {
            events.push(Event::PieceMoved { seat, piece: piece as u8, from, to });
        }
        if let Some((victim, k)) = self.victim(seat, to) {
            self.pieces[usize::from(victim)][k] = HOUSE;
            events.push(Event::Captured { seat: victim, piece: k as u8, by: seat });
        }
        self.pieces[usize::from(seat)][piece] = to;
        self.phase = Phase::Roll;
        if self.done(seat) {
            let order = self.finished.iter().flatten().count() as u8;
            self.finished[usize::from(seat)] = Some(order);
            events.push(Event::Finished { seat });
            self.end_turn(&mut events); // no bonus roll after the last piece (L7)
        } else if die == 6 {
            // The roll again after a 6 is not the start of a turn: one roll (L8).
            events.push(Event::ExtraRoll { seat });
            self.tries = 1;
        } else {
            self.end_turn(&mut events);
        }
        events
    }

    fn start_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.to_move = seat;
        self.sixes = 0;
        self.tries = self.initial_tries(seat);
        self.phase = Phase::Roll;
        self.turn += 1;
        events.push(Event::Turn { seat });
    }

    fn end_turn(&mut self, events: &mut Vec<Event>) {
        if self.over() {
            self.finish(events);
            return;
        }
        let n = self.players();
        let next = (1..=n)
            .map(|k| ((usize::from(self.to_move) + k) % n) as Seat)
            .find(|&s| self.left.is_active(s) && self.finished[usize::from(s)].is_none())
            .expect("a game that is not over has a racing seat");
        self.start_turn(next, events);
    }

    fn finish(&mut self, events: &mut Vec<Event>) {
        // Canonical fields for a finished game, so that saved and live games are equal.
        self.phase = Phase::Roll;
        self.to_move = 0;
        self.sixes = 0;
        self.tries = 0;
        if let Some(ranking) = self.ranking() {
            events.push(Event::GameOver { ranking });
        }
    }

    /// The state in the protocol's JSON shape.
    pub fn to_json(&self) -> Value {
        serde_json::json!({
            "players": self.players(),
            "options": self.options,
            "arms": self.arms,
            "track": self.track_len(),
            "seat_arms": self.seat_arms,
            "pieces": self.pieces,
            "left": self.left,
            "finished": self.finished,
            "roll_off": match &self.phase { Phase::RollOff(s) if !self.over() => Some(s), _ => None },
            "to_move": self.to_move(),
            "die": self.die(),
            "tries": self.tries,
            "sixes_in_row": self.sixes,
            "turn": self.turn,
            "status": self.status(),
            "ranking": self.ranking(),
        })
    }

    /// Reads and validates a state in the protocol's JSON shape. Derived fields (`players`,
    /// `arms`, `track`, `seat_arms`, `status`, `ranking`) may be left out; when present they must
    /// agree with the rest.
    pub fn from_json(value: &Value) -> Result<Self, StateError> {
        let mut w: Wire = parse_state(value)?;
        let players = w.pieces.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(StateError::new(format!(
                "\"pieces\" needs one entry per seat, {MIN_PLAYERS} to {MAX_PLAYERS}"
            )));
        }
        let mut game = Self::new(players, w.options).map_err(|e| StateError::new(e.to_string()))?;
        game.load_pieces(std::mem::take(&mut w.pieces))?;
        game.left = w.left.take().unwrap_or_else(|| Departures::new(players));
        game.left.validate(players)?;
        for seat in 0..players as Seat {
            if game.left.order(seat).is_some() && game.pieces[usize::from(seat)] != [HOUSE; PIECES]
            {
                return Err(StateError::new(format!(
                    "seat {seat} left: its pieces are off the board"
                )));
            }
        }
        game.load_finished(w.finished.take().unwrap_or_else(|| vec![None; players]))?;
        game.turn = w.turn;
        if game.over() {
            if w.to_move.is_some() || w.die.is_some() {
                return Err(StateError::new(
                    "the game is over: \"to_move\" and \"die\" must be null",
                ));
            }
            game.phase = Phase::Roll;
        } else if let Some(seats) = w.roll_off.take() {
            let valid = !seats.is_empty()
                && seats.windows(2).all(|p| p[0] < p[1])
                && seats.iter().all(|&s| game.left.is_active(s));
            if !valid || w.to_move.is_some() || w.die.is_some() || w.turn != 0 {
                return Err(StateError::new(
                    "a roll-off lists seats in play in seat order, with no \"to_move\", \"die\" or turn yet",
                ));
            }
            game.phase = Phase::RollOff(seats);
        } else {
            game.load_turn(&w)?;
        }
        let derived = ["players", "arms", "track", "seat_arms", "status", "ranking"];
        check_derived(value, &game.to_json(), &derived)?;
        Ok(game)
    }

    /// Places the pieces: each within the track and lane, no two of a seat on one square, none
    /// sharing a track square with an opponent (that opponent would have been captured).
    fn load_pieces(&mut self, pieces: Vec<[i16; PIECES]>) -> Result<(), StateError> {
        let len = self.track_len();
        for (seat, own) in pieces.iter().enumerate() {
            for (k, &p) in own.iter().enumerate() {
                if !(HOUSE..=len + 3).contains(&p) {
                    return Err(StateError::new(format!(
                        "seat {seat} piece {k}: progress {p} is outside −1..{}",
                        len + 3
                    )));
                }
                if p != HOUSE && own[..k].contains(&p) {
                    return Err(StateError::new(format!(
                        "seat {seat} has two pieces on one square (progress {p})"
                    )));
                }
            }
        }
        self.pieces = pieces;
        for seat in 0..self.pieces.len() as Seat {
            for (k, &p) in self.pieces[usize::from(seat)].iter().enumerate() {
                if (0..len).contains(&p) && self.victim(seat, p).is_some_and(|(o, _)| o > seat) {
                    return Err(StateError::new(format!(
                        "seat {seat} piece {k} shares a track square with an opponent"
                    )));
                }
            }
        }
        Ok(())
    }

    /// Sets who finished in what order: finishers numbered 0, 1, 2, … each once, exactly the
    /// seats with all four pieces in the goal, and only one with `until first` (L15).
    fn load_finished(&mut self, finished: Vec<Option<u8>>) -> Result<(), StateError> {
        let players = self.pieces.len();
        self.finished = finished;
        if self.finished.len() != players {
            return Err(StateError::new(format!("\"finished\" needs {players} entries")));
        }
        let mut orders: Vec<u8> = self.finished.iter().flatten().copied().collect();
        orders.sort_unstable();
        if orders.iter().enumerate().any(|(i, &o)| usize::from(o) != i) {
            return Err(StateError::new(
                "\"finished\" must number the finishers 0, 1, 2, … each once",
            ));
        }
        for seat in 0..players as Seat {
            if self.finished[usize::from(seat)].is_some() != self.done(seat) {
                return Err(StateError::new(format!(
                    "seat {seat}: \"finished\" must be set exactly when all four pieces are in the goal"
                )));
            }
        }
        if self.options.until == Until::First && orders.len() > 1 {
            return Err(StateError::new("with until first, the game ends at the first finisher"));
        }
        Ok(())
    }

    /// Sets whose turn it is in a running game: the seat, its tries (L8), its sixes in a row
    /// (L10) and a die waiting to be moved, which must leave a legal move.
    fn load_turn(&mut self, w: &Wire) -> Result<(), StateError> {
        let seat = w
            .to_move
            .filter(|&s| self.left.is_active(s) && self.finished[usize::from(s)].is_none());
        let Some(seat) = seat else {
            return Err(StateError::new("\"to_move\" must name a seat still racing"));
        };
        if w.turn == 0 {
            return Err(StateError::new("\"turn\" counts from 1 after the roll-off"));
        }
        if !(1..=3).contains(&w.tries) {
            return Err(StateError::new("\"tries\" is 1 to 3 while the game runs"));
        }
        self.to_move = seat;
        self.tries = w.tries;
        self.sixes = w.sixes_in_row;
        if self.options.three_sixes_forfeit && self.sixes > 2 {
            return Err(StateError::new("\"sixes_in_row\" is at most 2 with three_sixes_forfeit"));
        }
        self.phase = match w.die {
            None => Phase::Roll,
            Some(d) if (1..=6).contains(&d) && !self.legal_moves(seat, d).is_empty() => {
                if d == 6 && self.sixes == 0 {
                    return Err(StateError::new(
                        "a 6 waiting to be moved counts in \"sixes_in_row\"",
                    ));
                }
                Phase::Move(d)
            }
            Some(d) => {
                return Err(StateError::new(format!(
                    "\"die\" {d} must be 1–6 and leave the player a legal move"
                )));
            }
        };
        Ok(())
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Wire {
    #[serde(default)]
    options: LudoOptions,
    pieces: Vec<[i16; PIECES]>,
    #[serde(default)]
    left: Option<Departures>,
    #[serde(default)]
    finished: Option<Vec<Option<u8>>>,
    #[serde(default)]
    roll_off: Option<Vec<Seat>>,
    #[serde(default)]
    to_move: Option<Seat>,
    #[serde(default)]
    die: Option<u8>,
    #[serde(default = "one")]
    tries: u8,
    #[serde(default)]
    sixes_in_row: u8,
    #[serde(default)]
    turn: u32,
    // Derived; checked against the position when present.
    #[serde(default, rename = "players")]
    _players: Option<Value>,
    #[serde(default, rename = "arms")]
    _arms: Option<Value>,
    #[serde(default, rename = "track")]
    _track: Option<Value>,
    #[serde(default, rename = "seat_arms")]
    _seat_arms: Option<Value>,
    #[serde(default, rename = "status")]
    _status: Option<Value>,
    #[serde(default, rename = "ranking")]
    _ranking: Option<Value>,
}

fn one() -> u8 {
    1
}

#[cfg(test)]
mod tests;
