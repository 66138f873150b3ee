//! Long Nardy (docs/rules.md: N1–N15).
//!
//! Points are numbered 1–24 in White's frame. White starts with 15 checkers on 24 and moves
//! 24 → 1, bearing off from 1–6; Black starts on 12 and moves 12 → 1, then 24 → 13, bearing off
//! from 13–18 (N1). Inside the engine each side is seen along its own **route**: position 24 is its
//! head, 1–6 its home, and a step with die d goes from r to r − d. White's route position is the
//! point itself; Black's is `((p + 11) mod 24) + 1`, and the same map turns either side's route into
//! the opponent's, which the six-block rule (N9) needs.
//!
//! A turn is played step by step (one checker, one die); [`Nardy::legal`] lists exactly the steps
//! that begin a whole turn the rules allow (N3–N11, N15), and [`Nardy::turns`] lists the distinct
//! final positions of whole turns.
//!
//! ```
//! use dicetable::engine::{Action, Legal, nardy::{Nardy, NardyOptions}};
//!
//! let mut game = Nardy::new(NardyOptions::default());
//! game.play(&Action::Roll { dice: vec![5, 2] }).unwrap(); // roll-off: seat 0 plays White (N2)
//! game.play(&Action::Roll { dice: vec![6, 6] }).unwrap(); // White's first turn: 6-6
//! // Two checkers may leave the head on the first turn with 6-6 (N5).
//! game.play(&Action::Step { from: 24, die: 6 }).unwrap();
//! game.play(&Action::Step { from: 24, die: 6 }).unwrap();
//! assert_eq!(game.board()[17], 2); // point 18
//! ```

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::declare::{game_options, option_values};
use super::{
    Action, Departures, DiceLostReason, Event, Illegal, Legal, Seat, StateError, Status,
    check_derived, check_dice, competition_ranks, parse_state,
};

/// Checkers per side (N1).
pub const CHECKERS: u8 = 15;
/// Players.
pub const PLAYERS: usize = 2;
/// The head's route position.
const HEAD: usize = 24;
/// The most points a match may be played to.
pub const MAX_MATCH: u32 = 99;

/// White or Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// Starts on point 24, moves first.
    White,
    /// Starts on point 12.
    Black,
}

impl Colour {
    /// 0 for White, 1 for Black: its place in a [`ByColour`] and in the network's inputs.
    pub fn index(self) -> usize {
        match self {
            Colour::White => 0,
            Colour::Black => 1,
        }
    }

    /// The other side.
    pub fn other(self) -> Self {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// The point (White's frame, 1–24) of this colour's route position `r` (1–24).
    pub fn point(self, r: usize) -> u8 {
        match self {
            Colour::White => r as u8,
            Colour::Black => shift(r) as u8,
        }
    }

    /// This colour's route position of `point`.
    pub fn route(self, point: u8) -> usize {
        match self {
            Colour::White => usize::from(point),
            Colour::Black => shift(usize::from(point)),
        }
    }
}

/// Black's route position of a White route position and the reverse (an involution).
fn shift(r: usize) -> usize {
    (r + 11) % 24 + 1
}

option_values! {
    /// How a checker is borne off when the die's point is empty (N11).
    pub enum BearOff {
        /// A checker on a higher point must move; only with none higher is one borne off from
        /// the highest occupied point.
        Standard = "standard",
        /// Source \[004\]'s wording: bear off from the next lower occupied point even while
        /// higher points hold checkers.
        LowerPoint = "lower_point",
    }
}

option_values! {
    /// When a second checker may leave the head on a player's first turn (N5).
    pub enum HeadException {
        /// Whenever that lets more dice be played.
        Needed = "needed",
        /// Only with 6-6, 4-4 and 3-3.
        Strict = "strict",
    }
}

game_options! {
    /// Options of a Long Nardy table. Defaults: six-block rule on, standard bearing off, head
    /// exception when needed, a match of 1 point.
    pub struct NardyOptions for Nardy {
        /// The six-block rule (N9).
        six_block: bool = "on", rules "N9", words ["noblock" => "off"];
        /// Bearing off with a larger die (N11).
        bear_off: BearOff = "standard", rules "N11", words ["lower" => "lower_point"];
        /// The first-turn head exception (N5).
        head_exception: HeadException = "needed", rules "N5", words ["strict" => "strict"];
        /// Points to win the match (N13).
        match_to: u32 = "1", rules "N13", offers ["1", "3", "5", "7"] in 1..=MAX_MATCH;
    }
}

/// Why a step is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepBlocked {
    /// The die is not among the dice left to play.
    #[error("that die is not among the dice left to play")]
    NoSuchDie,
    /// The point holds none of the mover's checkers.
    #[error("none of your checkers stands on that point")]
    NoChecker,
    /// The step would end on an opponent's checker (N4).
    #[error("an opponent's checker stands where it would end")]
    Occupied,
    /// A second checker may not leave the head this turn (N5).
    #[error("only one checker may leave the head this turn")]
    Head,
    /// The step would build six points in a row with no opponent checker past them (N9).
    #[error("it would build a block of six with no opponent checker past it")]
    SixBlock,
    /// Bearing off needs all fifteen checkers at home (N10).
    #[error("bearing off needs all fifteen checkers at home")]
    NotHome,
    /// A larger die bears off only from the highest point (N11).
    #[error("a checker on a higher point must use this die")]
    HigherPoint,
    /// The step would leave dice unplayed that another way plays (N6).
    #[error("another way plays more dice, and all playable dice must be played")]
    FullMove,
    /// Only one die can be played, and it must be the larger (N7).
    #[error("only one die can be played, so it must be the larger")]
    LargerDie,
}

/// One step of a turn: a checker from a point (White's frame) by one die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Step {
    /// The point the checker leaves, 1–24.
    pub from: u8,
    /// The die used.
    pub die: u8,
}

/// A whole legal turn: where it ends and one way to get there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// The board afterwards (White's frame, + White, − Black).
    pub board: [i8; 24],
    /// Borne-off counts afterwards.
    pub off: ByColour<u8>,
    /// One sequence of steps that reaches it.
    pub steps: Vec<Step>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Phase {
    /// The opening roll-off of a game (N2).
    RollOff,
    /// The player to move rolls.
    Roll,
    /// The player to move plays these dice.
    Steps { rolled: [u8; 2], dice: Vec<u8>, head_start: u8, head_limit: u8 },
}

/// The mover's side of a position, along the mover's route.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Side {
    /// Checkers per route position 1–24 (index 0 unused).
    mine: [u8; 25],
}

/// What stays fixed during a turn.
struct Frame {
    /// Route positions (bits 1–24) that the opponent occupies.
    theirs: u32,
    /// The opponent's most advanced checker along its own route (0 if it has borne any off, so
    /// that every block has an opponent checker past it).
    opp_lead: u32,
    six_block: bool,
    bear_off: BearOff,
    head_start: u8,
    head_limit: u8,
}

impl Frame {
    /// Whether one step is allowed by itself (N4, N5, N9, N10, N11), and where it leads.
    fn step(&self, side: &Side, r: usize, die: u8) -> Result<Side, StepBlocked> {
        if r == 0 || r > 24 || side.mine[r] == 0 {
            return Err(StepBlocked::NoChecker);
        }
        if r == HEAD && self.head_start - side.mine[HEAD] >= self.head_limit {
            return Err(StepBlocked::Head);
        }
        let d = usize::from(die);
        let mut next = *side;
        next.mine[r] -= 1;
        if r > d {
            let to = r - d;
            if self.theirs & (1 << to) != 0 {
                return Err(StepBlocked::Occupied);
            }
            next.mine[to] += 1;
            if self.six_block && !self.block_allowed(&next) {
                return Err(StepBlocked::SixBlock);
            }
            return Ok(next);
        }
        if side.mine[7..=24].iter().any(|&c| c > 0) {
            return Err(StepBlocked::NotHome);
        }
        if r < d {
            let higher = side.mine[r + 1..=6].iter().any(|&c| c > 0);
            let allowed = match self.bear_off {
                BearOff::Standard => !higher,
                BearOff::LowerPoint => {
                    side.mine[d] == 0 && side.mine[r + 1..d].iter().all(|&c| c == 0)
                }
            };
            if !allowed {
                return Err(StepBlocked::HigherPoint);
            }
        }
        Ok(next)
    }

    /// N9: every block of six own points in a row (along the opponent's route) has an opponent
    /// checker past it.
    fn block_allowed(&self, side: &Side) -> bool {
        let mut m: u32 = 0;
        for r in 1..=24 {
            if side.mine[r] > 0 {
                m |= 1 << shift(r);
            }
        }
        let runs = m & (m >> 1) & (m >> 2) & (m >> 3) & (m >> 4) & (m >> 5);
        runs == 0 || self.opp_lead < runs.trailing_zeros()
    }

    /// The most dice playable from here (memoised; stops early when all can be played).
    fn best(&self, side: &Side, dice: &[u8], memo: &mut HashMap<(Side, Vec<u8>), u8>) -> u8 {
        if dice.is_empty() {
            return 0;
        }
        let key = (*side, dice.to_vec());
        if let Some(&b) = memo.get(&key) {
            return b;
        }
        let all = dice.len() as u8;
        let mut best = 0;
        'dice: for (i, &die) in dice.iter().enumerate() {
            if dice[..i].contains(&die) {
                continue;
            }
            let rest: Vec<u8> =
                dice.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &d)| d).collect();
            for r in 1..=24 {
                if side.mine[r] == 0 {
                    continue;
                }
                if let Ok(next) = self.step(side, r, die) {
                    best = best.max(1 + self.best(&next, &rest, memo));
                    if best == all {
                        break 'dice;
                    }
                }
            }
        }
        memo.insert(key, best);
        best
    }
}

/// A match of Long Nardy between two seats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Nardy {
    options: NardyOptions,
    board: [i8; 24],
    off: ByColour<u8>,
    white_seat: Option<Seat>,
    phase: Phase,
    to_move: Colour,
    first_turn: ByColour<bool>,
    score: BySeat<u32>,
    game: u32,
    left: Departures,
    turn: u32,
}

fn start_board() -> [i8; 24] {
    let mut board = [0i8; 24];
    board[23] = CHECKERS as i8;
    board[11] = -(CHECKERS as i8);
    board
}

impl Nardy {
    /// A new match: both sides on their heads, an opening roll-off due (N1, N2).
    pub fn new(options: NardyOptions) -> Self {
        Self {
            options,
            board: start_board(),
            off: ByColour::default(),
            white_seat: None,
            phase: Phase::RollOff,
            to_move: Colour::White,
            first_turn: ByColour::new(true, true),
            score: BySeat::default(),
            game: 1,
            left: Departures::new(PLAYERS),
            turn: 0,
        }
    }

    /// Always two.
    pub fn players(&self) -> usize {
        PLAYERS
    }

    /// The options.
    pub fn options(&self) -> &NardyOptions {
        &self.options
    }

    /// The board: index i is point i + 1; positive White's checkers, negative Black's.
    pub fn board(&self) -> &[i8; 24] {
        &self.board
    }

    /// Borne-off checkers per colour.
    pub fn off(&self) -> ByColour<u8> {
        self.off
    }

    /// Whether each colour's first turn of the game is still to come (N5).
    pub fn first_turn(&self) -> ByColour<bool> {
        self.first_turn
    }

    /// The seat playing White in the current game, once its roll-off is decided.
    pub fn white_seat(&self) -> Option<Seat> {
        self.white_seat
    }

    /// Match points per seat.
    pub fn score(&self) -> BySeat<u32> {
        self.score
    }

    /// The dice still to play this turn.
    pub fn dice(&self) -> &[u8] {
        match &self.phase {
            Phase::Steps { dice, .. } => dice,
            _ => &[],
        }
    }

    /// The roll being played this turn, if the dice have been rolled.
    pub fn rolled(&self) -> Option<[u8; 2]> {
        match &self.phase {
            Phase::Steps { rolled, .. } => Some(*rolled),
            _ => None,
        }
    }

    /// The current turn's number, from 1 (counting through the match; 0 before the first).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Pip counts: the steps each colour still needs to bear everything off.
    pub fn pips(&self) -> ByColour<u32> {
        ByColour::BOTH.map(|c| {
            let side = self.side(c);
            (1..=24).map(|r| r as u32 * u32::from(side.mine[r])).sum()
        })
    }

    fn seat_of(&self, colour: Colour) -> Seat {
        let white = self.white_seat.unwrap_or(0);
        match colour {
            Colour::White => white,
            Colour::Black => 1 - white,
        }
    }

    fn colour_of(&self, seat: Seat) -> Colour {
        if Some(seat) == self.white_seat { Colour::White } else { Colour::Black }
    }

    fn side(&self, colour: Colour) -> Side {
        let mut mine = [0u8; 25];
        for (r, slot) in mine.iter_mut().enumerate().skip(1) {
            let v = self.board[usize::from(colour.point(r)) - 1];
            *slot = match colour {
                Colour::White if v > 0 => v as u8,
                Colour::Black if v < 0 => (-v) as u8,
                _ => 0,
            };
        }
        Side { mine }
    }

    fn set_side(&mut self, colour: Colour, side: &Side) {
        let sign: i8 = if colour == Colour::White { 1 } else { -1 };
        for r in 1..=24 {
            let i = usize::from(colour.point(r)) - 1;
            let mine_here = self.board[i].signum() == sign;
            if side.mine[r] > 0 || mine_here {
                self.board[i] = sign * side.mine[r] as i8;
            }
        }
        let on_board: u8 = side.mine.iter().sum();
        self.off[colour] = CHECKERS - on_board;
    }

    fn frame(&self, colour: Colour, head_start: u8, head_limit: u8) -> Frame {
        let opp = colour.other();
        let theirs_side = self.side(opp);
        let mut theirs = 0u32;
        let mut opp_lead = u32::MAX;
        for r in 1..=24 {
            if theirs_side.mine[r] > 0 {
                // The opponent's route position r is my route position shift(r).
                theirs |= 1 << shift(r);
                opp_lead = opp_lead.min(r as u32);
            }
        }
        if self.off[opp] > 0 {
            opp_lead = 0;
        }
        Frame {
            theirs,
            opp_lead,
            six_block: self.options.six_block,
            bear_off: self.options.bear_off,
            head_start,
            head_limit,
        }
    }

    fn over(&self) -> bool {
        self.left.active() < PLAYERS || self.score.iter().any(|&s| s >= self.options.match_to)
    }

    /// Playing or finished.
    pub fn status(&self) -> Status {
        if self.over() { Status::Finished } else { Status::Playing }
    }

    /// The seat to move, while a game runs and its roll-off is decided.
    pub fn to_move(&self) -> Option<Seat> {
        self.legal().to_move()
    }

    /// What the game waits for (N15: after a roll, the allowed single steps).
    pub fn legal(&self) -> Legal {
        if self.over() {
            return Legal::Over;
        }
        let seat = self.seat_of(self.to_move);
        match &self.phase {
            Phase::RollOff => Legal::RollOff { seats: vec![0, 1] },
            Phase::Roll => Legal::Roll { seat, dice: 2 },
            Phase::Steps { .. } => Legal::Choose {
                seat,
                actions: self
                    .legal_steps()
                    .into_iter()
                    .map(|s| Action::Step { from: s.from, die: s.die })
                    .collect(),
            },
        }
    }

    /// The allowed single steps now: those that begin a whole turn the rules allow.
    pub fn legal_steps(&self) -> Vec<Step> {
        let Phase::Steps { rolled, dice, head_start, head_limit } = &self.phase else {
            return Vec::new();
        };
        let colour = self.to_move;
        let frame = self.frame(colour, *head_start, *head_limit);
        let side = self.side(colour);
        let mut memo = HashMap::new();
        let best = frame.best(&side, dice, &mut memo);
        if best == 0 {
            return Vec::new();
        }
        let mut steps = Vec::new();
        let mut seen = HashSet::new();
        for (i, &die) in dice.iter().enumerate() {
            if !seen.insert(die) {
                continue;
            }
            let rest: Vec<u8> =
                dice.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &d)| d).collect();
            for r in (1..=24).rev() {
                if let Ok(next) = frame.step(&side, r, die)
                    && 1 + frame.best(&next, &rest, &mut memo) == best
                {
                    steps.push(Step { from: colour.point(r), die });
                }
            }
        }
        // N7: when only one die of two different ones can be played, it must be the larger.
        if best == 1 && dice.len() == 2 && rolled[0] != rolled[1] {
            let larger = dice.iter().copied().max().unwrap_or(0);
            if steps.iter().any(|s| s.die == larger) {
                steps.retain(|s| s.die == larger);
            }
        }
        steps
    }

    /// The distinct final positions of every whole turn the rules allow from now, each with one
    /// sequence of steps that reaches it (N15). Empty when no dice are to be played.
    pub fn turns(&self) -> Vec<Turn> {
        let Phase::Steps { dice, head_start, head_limit, .. } = &self.phase else {
            return Vec::new();
        };
        let colour = self.to_move;
        let frame = self.frame(colour, *head_start, *head_limit);
        let firsts = self.legal_steps();
        let mut memo = HashMap::new();
        let mut finals: HashMap<Side, Vec<Step>> = HashMap::new();
        let mut visited = HashSet::new();
        let side = self.side(colour);
        for first in &firsts {
            let r = colour.route(first.from);
            let Ok(next) = frame.step(&side, r, first.die) else {
                continue;
            };
            let mut rest = dice.clone();
            if let Some(i) = rest.iter().position(|&d| d == first.die) {
                rest.remove(i);
            }
            let mut path = vec![*first];
            Self::walk(
                &frame,
                colour,
                &next,
                &rest,
                &mut path,
                &mut memo,
                &mut visited,
                &mut finals,
            );
        }
        let mut turns: Vec<Turn> = finals
            .into_iter()
            .map(|(end, steps)| {
                let mut after = self.clone();
                after.set_side(colour, &end);
                Turn { board: after.board, off: after.off, steps }
            })
            .collect();
        turns.sort_by(|a, b| {
            a.steps.iter().map(|s| (s.from, s.die)).cmp(b.steps.iter().map(|s| (s.from, s.die)))
        });
        turns
    }

    #[allow(clippy::too_many_arguments)]
    fn walk(
        frame: &Frame,
        colour: Colour,
        side: &Side,
        dice: &[u8],
        path: &mut Vec<Step>,
        memo: &mut HashMap<(Side, Vec<u8>), u8>,
        visited: &mut HashSet<(Side, Vec<u8>)>,
        finals: &mut HashMap<Side, Vec<Step>>,
    ) {
        if !visited.insert((*side, dice.to_vec())) {
            return;
        }
        let best = frame.best(side, dice, memo);
        if best == 0 {
            finals.entry(*side).or_insert_with(|| path.clone());
            return;
        }
        for (i, &die) in dice.iter().enumerate() {
            if dice[..i].contains(&die) {
                continue;
            }
            let rest: Vec<u8> =
                dice.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &d)| d).collect();
            for r in (1..=24).rev() {
                if let Ok(next) = frame.step(side, r, die)
                    && 1 + frame.best(&next, &rest, memo) == best
                {
                    path.push(Step { from: colour.point(r), die });
                    Self::walk(frame, colour, &next, &rest, path, memo, visited, finals);
                    path.pop();
                }
            }
        }
    }

    /// Final ranks once the match is over: the match winner first (C5, N13).
    pub fn ranking(&self) -> Option<Vec<u8>> {
        if !self.over() {
            return None;
        }
        let keys: Vec<i64> = (0..PLAYERS as Seat)
            .map(|s| self.left.standing(s).unwrap_or(i64::from(self.score[s])))
            .collect();
        Some(competition_ranks(&keys))
    }

    /// A sensible step for the player to move: the first step of the whole turn that leaves the
    /// fewest pips (bearing off and racing ahead), preferring more points held.
    pub fn suggest(&self) -> Option<Action> {
        let colour = self.to_move;
        self.turns()
            .into_iter()
            .max_by_key(|t| {
                let mut after = self.clone();
                after.board = t.board;
                after.off = t.off;
                let pips = after.pips()[colour];
                let points = t
                    .board
                    .iter()
                    .filter(|&&v| (v > 0) == (colour == Colour::White) && v != 0)
                    .count();
                (t.off[colour], std::cmp::Reverse(pips), points)
            })
            .and_then(|t| t.steps.first().map(|s| Action::Step { from: s.from, die: s.die }))
    }

    /// Plays an action. Refused actions change nothing (C7).
    pub fn play(&mut self, action: &Action) -> Result<Vec<Event>, Illegal> {
        if self.over() {
            return Err(Illegal::GameOver);
        }
        if let Some((seat, reason)) = action.departure() {
            let mut events = self.left.depart(seat, reason)?;
            // N14: resigning loses the game, a mars if the resigner has borne off nothing.
            let winner = 1 - seat;
            let loser_off =
                if self.white_seat.is_some() { self.off[self.colour_of(seat)] } else { 0 };
            let points = if loser_off == 0 { 2 } else { 1 };
            self.score[winner] += points;
            events.push(Event::GameWon {
                seat: winner,
                points,
                mars: points == 2,
                score: self.score.into_array(),
            });
            self.finish(&mut events);
            return Ok(events);
        }
        match (&self.phase, action) {
            (Phase::RollOff, Action::Roll { dice }) => {
                check_dice(dice, 2)?;
                Ok(self.roll_off(dice[0], dice[1]))
            }
            (Phase::Roll, Action::Roll { dice }) => {
                check_dice(dice, 2)?;
                Ok(self.roll([dice[0], dice[1]]))
            }
            (Phase::Steps { .. }, Action::Step { from, die }) => {
                let step = Step { from: *from, die: *die };
                if !self.legal_steps().contains(&step) {
                    return Err(Illegal::StepNotAllowed {
                        from: *from,
                        die: *die,
                        why: self.why_not(step),
                    });
                }
                Ok(self.apply_step(step))
            }
            (Phase::Steps { .. }, Action::Roll { .. }) => Err(Illegal::StepExpected),
            (_, Action::Step { .. }) => Err(Illegal::RollExpected),
            _ => Err(Illegal::WrongGame),
        }
    }

    fn why_not(&self, step: Step) -> StepBlocked {
        let Phase::Steps { dice, head_start, head_limit, .. } = &self.phase else {
            return StepBlocked::NoSuchDie;
        };
        if !dice.contains(&step.die) {
            return StepBlocked::NoSuchDie;
        }
        if !(1..=24).contains(&step.from) {
            return StepBlocked::NoChecker;
        }
        let colour = self.to_move;
        let frame = self.frame(colour, *head_start, *head_limit);
        match frame.step(&self.side(colour), colour.route(step.from), step.die) {
            Err(why) => why,
            Ok(_) => {
                let larger = dice.iter().copied().max().unwrap_or(0);
                let mut memo = HashMap::new();
                let one_die = dice.len() == 2
                    && dice[0] != dice[1]
                    && frame.best(&self.side(colour), dice, &mut memo) == 1;
                if one_die && step.die < larger {
                    StepBlocked::LargerDie
                } else {
                    StepBlocked::FullMove
                }
            }
        }
    }

    fn roll_off(&mut self, a: u8, b: u8) -> Vec<Event> {
        let mut events = vec![Event::RollOff { rolls: vec![[0, a], [1, b]] }];
        if a == b {
            events.push(Event::RollOffAgain { seats: vec![0, 1] });
            return events;
        }
        let white: Seat = if a > b { 0 } else { 1 };
        self.white_seat = Some(white);
        events.push(Event::Colours { white });
        self.start_turn(Colour::White, &mut events);
        events
    }

    fn start_turn(&mut self, colour: Colour, events: &mut Vec<Event>) {
        self.to_move = colour;
        self.phase = Phase::Roll;
        self.turn += 1;
        events.push(Event::Turn { seat: self.seat_of(colour) });
    }

    fn head_limit(&self, colour: Colour, rolled: [u8; 2], dice: &[u8]) -> u8 {
        if !self.first_turn[colour] {
            return 1;
        }
        match self.options.head_exception {
            HeadException::Strict => {
                if rolled[0] == rolled[1] && matches!(rolled[0], 3 | 4 | 6) {
                    2
                } else {
                    1
                }
            }
            HeadException::Needed => {
                let side = self.side(colour);
                let head = side.mine[HEAD];
                let one = self.frame(colour, head, 1).best(&side, dice, &mut HashMap::new());
                let two = self.frame(colour, head, 2).best(&side, dice, &mut HashMap::new());
                if two > one { 2 } else { 1 }
            }
        }
    }

    fn roll(&mut self, rolled: [u8; 2]) -> Vec<Event> {
        let colour = self.to_move;
        let seat = self.seat_of(colour);
        let mut events = vec![Event::Rolled { seat, dice: rolled.to_vec() }];
        let mut dice = if rolled[0] == rolled[1] { vec![rolled[0]; 4] } else { rolled.to_vec() };
        dice.sort_unstable_by(|a, b| b.cmp(a));
        let head_limit = self.head_limit(colour, rolled, &dice);
        let head_start = self.side(colour).mine[HEAD];
        self.phase = Phase::Steps { rolled, dice, head_start, head_limit };
        self.end_turn_if_stuck(&mut events);
        events
    }

    fn apply_step(&mut self, step: Step) -> Vec<Event> {
        let colour = self.to_move;
        let seat = self.seat_of(colour);
        let Phase::Steps { dice, head_start, head_limit, .. } = &mut self.phase else {
            unreachable!("steps are only played in the steps phase")
        };
        let frame_args = (*head_start, *head_limit);
        if let Some(i) = dice.iter().position(|&d| d == step.die) {
            dice.remove(i);
        }
        let frame = self.frame(colour, frame_args.0, frame_args.1);
        let r = colour.route(step.from);
        let next =
            frame.step(&self.side(colour), r, step.die).expect("the step was checked as legal");
        self.set_side(colour, &next);
        let to = (r > usize::from(step.die)).then(|| colour.point(r - usize::from(step.die)));
        let mut events = vec![Event::Stepped { seat, from: step.from, to, die: step.die }];
        if self.off[colour] == CHECKERS {
            self.win_game(colour, &mut events);
            return events;
        }
        self.end_turn_if_stuck(&mut events);
        events
    }

    /// Ends the turn when its dice are used or nothing more can be played (N6, N8).
    fn end_turn_if_stuck(&mut self, events: &mut Vec<Event>) {
        let Phase::Steps { dice, .. } = &self.phase else {
            return;
        };
        if !dice.is_empty() && !self.legal_steps().is_empty() {
            return;
        }
        let seat = self.seat_of(self.to_move);
        if let Phase::Steps { dice, rolled, .. } = &self.phase
            && !dice.is_empty()
        {
            // Only one of two different dice could be played (N6, N7).
            let one_die_only =
                dice.len() == 1 && rolled[0] != rolled[1] && rolled.iter().any(|&d| d > dice[0]);
            let reason =
                if one_die_only { DiceLostReason::OneDieOnly } else { DiceLostReason::Blocked };
            events.push(Event::DiceLost { seat, dice: dice.clone(), reason });
        }
        self.first_turn[self.to_move] = false;
        self.start_turn(self.to_move.other(), events);
    }

    fn win_game(&mut self, colour: Colour, events: &mut Vec<Event>) {
        let seat = self.seat_of(colour);
        let mars = self.off[colour.other()] == 0;
        let points = if mars { 2 } else { 1 };
        self.score[seat] += points;
        events.push(Event::GameWon { seat, points, mars, score: self.score.into_array() });
        if self.over() {
            self.finish(events);
            return;
        }
        // N13: the next game of the match, with a new opening roll-off.
        self.board = start_board();
        self.off = ByColour::default();
        self.white_seat = None;
        self.phase = Phase::RollOff;
        self.to_move = Colour::White;
        self.first_turn = ByColour::new(true, true);
        self.game += 1;
        events.push(Event::NewGame { number: self.game });
    }

    fn finish(&mut self, events: &mut Vec<Event>) {
        self.phase = Phase::Roll;
        self.to_move = Colour::White;
        if let Some(ranking) = self.ranking() {
            events.push(Event::GameOver { ranking });
        }
    }

    /// The state in the protocol's JSON shape.
    pub fn to_json(&self) -> Value {
        let (rolled, head_moved, head_limit) = match &self.phase {
            Phase::Steps { rolled, head_start, head_limit, .. } => (
                Some(rolled.to_vec()),
                head_start - self.side(self.to_move).mine[HEAD],
                *head_limit,
            ),
            _ => (None, 0, 1),
        };
        serde_json::json!({
            "players": PLAYERS,
            "options": self.options,
            "board": self.board.to_vec(),
            "off": self.off,
            "white_seat": self.white_seat,
            "colour_to_move": (!self.over() && self.phase != Phase::RollOff).then_some(self.to_move),
            "to_move": self.to_move(),
            "roll_off": !self.over() && self.phase == Phase::RollOff,
            "rolled": rolled,
            "dice": self.dice(),
            "head_moved": head_moved,
            "head_limit": head_limit,
            "first_turn": self.first_turn,
            "pips": self.pips(),
            "score": self.score,
            "game": self.game,
            "left": self.left,
            "turn": self.turn,
            "status": self.status(),
            "ranking": self.ranking(),
        })
    }

    /// Reads and validates a state in the protocol's JSON shape. Derived fields (`players`,
    /// `to_move`, `pips`, `status`, `ranking`) may be left out; when present they must agree.
    pub fn from_json(value: &Value) -> Result<Self, StateError> {
        let w: Wire = parse_state(value)?;
        let mut game = Self::new(w.options);
        if !(1..=MAX_MATCH).contains(&w.options.match_to) {
            return Err(StateError::new("\"match_to\" is 1 to 99"));
        }
        game.board = w.board;
        game.off = w.off;
        for colour in [Colour::White, Colour::Black] {
            let side = game.side(colour);
            let on: u32 = side.mine.iter().map(|&c| u32::from(c)).sum();
            let name = if colour == Colour::White { "White" } else { "Black" };
            if on + u32::from(game.off[colour]) != u32::from(CHECKERS) {
                return Err(StateError::new(format!(
                    "{name} has {on} checkers on the board and {} off: they must add up to 15",
                    game.off[colour]
                )));
            }
            if game.off[colour] > 0 && side.mine[7..=24].iter().any(|&c| c > 0) {
                return Err(StateError::new(format!(
                    "{name} has borne off while checkers are outside its home"
                )));
            }
            if game.options.six_block && !game.frame(colour, 0, 0).block_allowed(&side) {
                return Err(StateError::new(format!(
                    "{name} holds six points in a row with no opponent checker past them (N9)"
                )));
            }
        }
        game.left = w.left.unwrap_or_else(|| Departures::new(PLAYERS));
        game.left.validate(PLAYERS)?;
        game.score = w.score;
        game.game = w.game.max(1);
        game.turn = w.turn;
        game.first_turn = w.first_turn;
        game.white_seat = w.white_seat;
        if game.white_seat.is_some_and(|s| usize::from(s) >= PLAYERS) {
            return Err(StateError::new("\"white_seat\" is 0 or 1"));
        }
        if game.over() {
            game.phase = Phase::Roll;
        } else {
            if game.score.iter().any(|&s| s >= game.options.match_to) {
                return Err(StateError::new("a score has reached \"match_to\": the match is over"));
            }
            if w.roll_off {
                if game.board != start_board() || w.rolled.is_some() || w.white_seat.is_some() {
                    return Err(StateError::new(
                        "a roll-off comes before any move: start position, no dice, no white_seat",
                    ));
                }
                game.phase = Phase::RollOff;
            } else {
                let Some(_) = game.white_seat else {
                    return Err(StateError::new(
                        "\"white_seat\" is needed once the roll-off is over",
                    ));
                };
                let colour = w
                    .colour_to_move
                    .ok_or_else(|| StateError::new("\"colour_to_move\" is needed"))?;
                game.to_move = colour;
                game.phase = match w.rolled {
                    None => Phase::Roll,
                    Some(rolled) => {
                        game.load_steps(colour, rolled, &w.dice, w.head_moved, w.head_limit)?
                    }
                };
            }
        }
        check_derived(
            value,
            &game.to_json(),
            &["players", "to_move", "pips", "status", "ranking"],
        )?;
        Ok(game)
    }

    fn load_steps(
        &self,
        colour: Colour,
        rolled: [u8; 2],
        dice: &[u8],
        head_moved: u8,
        head_limit: Option<u8>,
    ) -> Result<Phase, StateError> {
        if rolled.iter().any(|d| !(1..=6).contains(d)) {
            return Err(StateError::new("\"rolled\" holds two dice, 1–6"));
        }
        let mut unplayed: Vec<u8> =
            if rolled[0] == rolled[1] { vec![rolled[0]; 4] } else { rolled.to_vec() };
        let sub_multiset = dice.iter().all(|d| match unplayed.iter().position(|u| u == d) {
            Some(i) => {
                unplayed.remove(i);
                true
            }
            None => false,
        });
        if dice.is_empty() || !sub_multiset {
            return Err(StateError::new("\"dice\" must be the dice of \"rolled\" not yet played"));
        }
        let mut dice = dice.to_vec();
        dice.sort_unstable_by(|a, b| b.cmp(a));
        let head_limit = head_limit.unwrap_or_else(|| self.head_limit(colour, rolled, &dice));
        if !(1..=2).contains(&head_limit) || head_moved > head_limit {
            return Err(StateError::new("\"head_moved\" may not exceed \"head_limit\" (1 or 2)"));
        }
        let head_start = self.side(colour).mine[HEAD] + head_moved;
        let phase = Phase::Steps { rolled, dice, head_start, head_limit };
        let probe = Self { phase: phase.clone(), ..self.clone() };
        if probe.legal_steps().is_empty() {
            return Err(StateError::new(
                "no step is possible with these dice: the turn would have passed",
            ));
        }
        Ok(phase)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Wire {
    #[serde(default)]
    options: NardyOptions,
    board: [i8; 24],
    #[serde(default)]
    off: ByColour<u8>,
    #[serde(default)]
    white_seat: Option<Seat>,
    #[serde(default)]
    colour_to_move: Option<Colour>,
    #[serde(default)]
    roll_off: bool,
    #[serde(default)]
    rolled: Option<[u8; 2]>,
    #[serde(default)]
    dice: Vec<u8>,
    #[serde(default)]
    head_moved: u8,
    #[serde(default)]
    head_limit: Option<u8>,
    #[serde(default = "both")]
    first_turn: ByColour<bool>,
    #[serde(default)]
    score: BySeat<u32>,
    #[serde(default)]
    game: u32,
    #[serde(default)]
    left: Option<Departures>,
    #[serde(default)]
    turn: u32,
    // Derived; checked against the position when present.
    #[serde(default, rename = "players")]
    _players: Option<Value>,
    #[serde(default, rename = "to_move")]
    _to_move: Option<Value>,
    #[serde(default, rename = "pips")]
    _pips: Option<Value>,
    #[serde(default, rename = "status")]
    _status: Option<Value>,
    #[serde(default, rename = "ranking")]
    _ranking: Option<Value>,
}

fn both() -> ByColour<bool> {
    ByColour::new(true, true)
}

pub mod net;
mod sides;

pub use sides::{ByColour, BySeat};

#[cfg(test)]
mod tests;
