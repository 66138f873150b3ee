//! Pure game rules: no IO, no async, no clock, no randomness (docs/rules.md: C1).
//!
//! A game is a value. [`Game::legal`] says what it waits for; [`Game::play`] takes an [`Action`]
//! and either applies it, returning the [`Event`]s that say what happened, or refuses it with a
//! precise [`Illegal`] reason and changes nothing (C7). Dice are part of the action: whoever drives
//! the game (the table service, the `engine` protocol, the simulator) rolls them, normally with
//! [`crate::game::fair::Roller`].
//!
//! Loading a saved or hand-written position goes through the same checks as any input:
//! [`Game::from_json`] validates every field before a game exists.

pub mod computer;
pub mod cup;
mod declare;
pub mod ludo;
pub mod nardy;
pub mod registry;
pub mod snakes;

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use ludo::Ludo;
pub use nardy::Nardy;
pub use snakes::Snakes;

/// A seat at the table, numbered 0..n−1 in joining order (C4).
pub type Seat = u8;

/// The games dicetable plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    /// Snakes & Ladders (S1–S14).
    Snakes,
    /// Ludo, Mensch ärgere dich nicht (L1–L15).
    Ludo,
    /// Long Nardy (N1–N15).
    Nardy,
}

impl GameKind {
    /// Every game, in menu order.
    pub const ALL: [GameKind; 3] = [GameKind::Snakes, GameKind::Ludo, GameKind::Nardy];

    /// The name used in commands and the protocol.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Snakes => "snakes",
            GameKind::Ludo => "ludo",
            GameKind::Nardy => "nardy",
        }
    }

    /// How many players a table of this game seats.
    pub fn players(self) -> std::ops::RangeInclusive<usize> {
        match self {
            GameKind::Snakes => snakes::MIN_PLAYERS..=snakes::MAX_PLAYERS,
            GameKind::Ludo => ludo::MIN_PLAYERS..=ludo::MAX_PLAYERS,
            GameKind::Nardy => nardy::PLAYERS..=nardy::PLAYERS,
        }
    }
}

impl std::str::FromStr for GameKind {
    type Err = OptionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameKind::ALL
            .into_iter()
            .find(|g| g.name() == s)
            .ok_or_else(|| OptionError::UnknownGame(s.to_owned()))
    }
}

impl std::fmt::Display for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Implements `FromStr` for a small enum that a flag or a setting names by a word:
/// `from_words!(Theme, "theme", "light" => Light, "dark" => Dark)` reads `light` and `dark`,
/// and refuses any other word with the words it takes (`unknown theme "neon": light or dark`).
macro_rules! from_words {
    ($name:ident, $what:literal, $($word:literal => $variant:ident),+ $(,)?) => {
        impl std::str::FromStr for $name {
            type Err = String;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                $crate::engine::from_word(s, $what, &[$(($word, $name::$variant)),+])
            }
        }
    };
}
pub(crate) use from_words;

/// The value whose word `word` is, among `values` (each with its word); an unknown word is
/// refused as `unknown {what} "{word}": a, b or c` ([`from_words!`]'s `FromStr`).
pub(crate) fn from_word<T: Copy>(
    word: &str,
    what: &str,
    values: &[(&str, T)],
) -> Result<T, String> {
    if let Some(&(_, value)) = values.iter().find(|&&(w, _)| w == word) {
        return Ok(value);
    }
    let words: Vec<&str> = values.iter().map(|&(w, _)| w).collect();
    let list = match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => words.concat(),
    };
    Err(format!("unknown {what} {word:?}: {list}"))
}

/// A source of seeded numbers for the few choices a game's setup makes at random (a random
/// Snakes board). The engine never draws numbers itself; the caller hands it a stream, normally
/// [`crate::game::fair::Stream`], so the same seed always gives the same setup.
pub trait Entropy {
    /// The next 32 random bits.
    fn next_u32(&mut self) -> u32;

    /// A uniformly distributed number in `0..n` (`n > 0`), by rejection sampling.
    fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "below(0) has no answer");
        let zone = u32::MAX - (u32::MAX % n + 1) % n;
        loop {
            let x = self.next_u32();
            if x <= zone {
                return x % n;
            }
        }
    }

    /// A uniformly distributed number in `lo..=hi`.
    fn between(&mut self, lo: u32, hi: u32) -> u32 {
        lo + self.below(hi - lo + 1)
    }
}

/// Something a player (or the host, for kicks) does.
///
/// In JSON: `{"type":"roll","dice":[4]}`, `{"type":"resign","seat":2}`, …
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// The dice the player to move rolled (for a roll-off: one die per contender, in seat order).
    Roll {
        /// Each die 1–6.
        dice: Vec<u8>,
    },
    /// Move piece `piece` (0–3) by the die just rolled (Ludo).
    Move {
        /// Which piece, 0–3 (shown to players as 1–4).
        piece: u8,
    },
    /// Move one checker from point `from` (1–24, White's frame) by one die (Long Nardy).
    Step {
        /// The point the checker leaves.
        from: u8,
        /// The die to use.
        die: u8,
    },
    /// The seat leaves the game of its own will (C5).
    Resign {
        /// Who resigns.
        seat: Seat,
    },
    /// The host or a chat admin removes the seat (C5).
    Kick {
        /// Who is kicked.
        seat: Seat,
    },
    /// The seat is removed after repeated turn time-outs (C5).
    Remove {
        /// Who is removed.
        seat: Seat,
    },
}

impl Action {
    /// The seat an action removes from the game, if it is a resign, kick or removal.
    pub fn departure(&self) -> Option<(Seat, LeaveReason)> {
        match *self {
            Action::Resign { seat } => Some((seat, LeaveReason::Resigned)),
            Action::Kick { seat } => Some((seat, LeaveReason::Kicked)),
            Action::Remove { seat } => Some((seat, LeaveReason::TimedOut)),
            Action::Roll { .. } | Action::Move { .. } | Action::Step { .. } => None,
        }
    }
}

/// What the game waits for. Resign, kick and remove are possible for every seat still in play at
/// any time while the game runs, and are not listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Legal {
    /// A roll of `dice` dice by `seat`.
    Roll {
        /// Who rolls.
        seat: Seat,
        /// How many dice.
        dice: usize,
    },
    /// A roll-off for the first turn: one die for each of these seats, in this order.
    RollOff {
        /// The contenders.
        seats: Vec<Seat>,
    },
    /// `seat` must choose one of these actions.
    Choose {
        /// Who chooses.
        seat: Seat,
        /// The allowed actions, never empty.
        actions: Vec<Action>,
    },
    /// The game is over.
    Over,
}

impl Legal {
    /// The seat expected to act, if any (none during a roll-off, where everyone rolls).
    pub fn to_move(&self) -> Option<Seat> {
        match self {
            Legal::Roll { seat, .. } | Legal::Choose { seat, .. } => Some(*seat),
            Legal::RollOff { .. } | Legal::Over => None,
        }
    }

    /// How many dice a roll needs now, if a roll is due.
    pub fn dice_due(&self) -> Option<usize> {
        match self {
            Legal::Roll { dice, .. } => Some(*dice),
            Legal::RollOff { seats } => Some(seats.len()),
            Legal::Choose { .. } | Legal::Over => None,
        }
    }

    /// Whether `action` is one of the listed choices or a roll of the right shape.
    pub fn allows(&self, action: &Action) -> bool {
        match (self, action) {
            (Legal::Choose { actions, .. }, a) => actions.contains(a),
            (_, Action::Roll { dice }) => {
                self.dice_due() == Some(dice.len()) && dice.iter().all(|d| (1..=6).contains(d))
            }
            _ => false,
        }
    }
}

/// Why a seat left the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaveReason {
    /// The player resigned.
    Resigned,
    /// The host or an admin kicked the player.
    Kicked,
    /// The player timed out too often.
    TimedOut,
}

/// What happened, in order. The table service turns events into words; the renderer draws the
/// last move from them. In JSON: `{"type":"climbed","seat":0,"from":4,"to":14}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// `seat` rolled these dice.
    Rolled {
        /// Who rolled.
        seat: Seat,
        /// The dice.
        dice: Vec<u8>,
    },
    /// A token moved from one square to another by the roll.
    Moved {
        /// Whose token.
        seat: Seat,
        /// Where it was.
        from: u8,
        /// Where the roll took it (before any snake or ladder).
        to: u8,
    },
    /// The token walked to 100 and back (S9).
    Bounced {
        /// Whose token.
        seat: Seat,
        /// Where it was.
        from: u8,
        /// Where it ended after walking back (before any snake or ladder).
        to: u8,
    },
    /// The token climbed a ladder.
    Climbed {
        /// Whose token.
        seat: Seat,
        /// The ladder's foot.
        from: u8,
        /// The ladder's top.
        to: u8,
    },
    /// The token slid down a snake.
    Slid {
        /// Whose token.
        seat: Seat,
        /// The snake's head.
        from: u8,
        /// The snake's tail.
        to: u8,
    },
    /// The roll could not be used.
    NoMove {
        /// Whose roll.
        seat: Seat,
        /// Why.
        reason: NoMoveReason,
    },
    /// The same player rolls again.
    ExtraRoll {
        /// Who rolls again.
        seat: Seat,
    },
    /// A third six in a row sent the token back to the start (S11 `back_to_start`).
    SentBack {
        /// Whose token.
        seat: Seat,
        /// Where it was.
        from: u8,
    },
    /// The token is locked on the start square until its player rolls a 6.
    Locked {
        /// Whose token.
        seat: Seat,
    },
    /// A six unlocked the token.
    Unlocked {
        /// Whose token.
        seat: Seat,
    },
    /// Everyone in a roll-off rolled one die: `[seat, die]` pairs (L4, N2).
    RollOff {
        /// The rolls.
        rolls: Vec<[u8; 2]>,
    },
    /// The highest roll of a roll-off was tied: these seats roll again.
    RollOffAgain {
        /// The tied seats.
        seats: Vec<Seat>,
    },
    /// A piece left the house onto its start square (L6).
    Entered {
        /// Whose piece.
        seat: Seat,
        /// Which piece, 0–3.
        piece: u8,
    },
    /// A piece moved, in steps from its owner's start square: 0..L−1 on the track, L..L+3 in the
    /// goal lane (L2).
    PieceMoved {
        /// Whose piece.
        seat: Seat,
        /// Which piece, 0–3.
        piece: u8,
        /// Progress before.
        from: i16,
        /// Progress after.
        to: i16,
    },
    /// A piece was captured and returned to its house (L6, L13).
    Captured {
        /// Whose piece was captured.
        seat: Seat,
        /// Which piece, 0–3.
        piece: u8,
        /// The capturer.
        by: Seat,
    },
    /// The roll could not be used and the player rolls again: try `try_number` of 3 (L8).
    TryAgain {
        /// Who rolls again.
        seat: Seat,
        /// Which try comes next: 2 or 3.
        try_number: u8,
    },
    /// A third six in a row is not played; the turn passes (L10).
    Forfeit {
        /// Whose roll.
        seat: Seat,
    },
    /// The roll-off decided the colours: `white` plays White and moves first (N2).
    Colours {
        /// The seat playing White.
        white: Seat,
    },
    /// A checker moved from point `from` to point `to` (White's frame), or off the board when
    /// `to` is null, using `die`.
    Stepped {
        /// Whose checker.
        seat: Seat,
        /// The point it left.
        from: u8,
        /// The point it reached; `None` when borne off.
        to: Option<u8>,
        /// The die used.
        die: u8,
    },
    /// These dice could not be played and are lost (N6, N8).
    DiceLost {
        /// Whose dice.
        seat: Seat,
        /// The dice lost.
        dice: Vec<u8>,
        /// Why.
        reason: DiceLostReason,
    },
    /// `seat` won a game of the match, scoring `points` (2 for a mars, N12).
    GameWon {
        /// The winner of the game.
        seat: Seat,
        /// Points scored.
        points: u32,
        /// Whether the loser had borne off nothing.
        mars: bool,
        /// Match points per seat afterwards.
        score: [u32; 2],
    },
    /// Game `number` of the match begins, with a roll-off (N13).
    NewGame {
        /// The game's number, from 1.
        number: u32,
    },
    /// The turn passes to `seat`.
    Turn {
        /// Who is to move now.
        seat: Seat,
    },
    /// The seat reached the goal.
    Finished {
        /// Who finished.
        seat: Seat,
    },
    /// The seat left the game (C5).
    Left {
        /// Who left.
        seat: Seat,
        /// Why.
        reason: LeaveReason,
    },
    /// The game is over; `ranking[seat]` is each seat's rank (1 = winner, C6).
    GameOver {
        /// Rank per seat.
        ranking: Vec<u8>,
    },
}

/// Why dice were lost (Long Nardy).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceLostReason {
    /// No checker can move by them (blocked points, the head rule, the six-block rule, or not all
    /// checkers home for bearing off).
    Blocked,
    /// Only one of two different dice could be played (the larger one where either could, N7).
    OneDieOnly,
}

/// Why a roll could not be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoMoveReason {
    /// The roll overshoots the last square and the finish must be exact (S8).
    Overshoot,
    /// The token is locked until a 6 (S11).
    Locked,
    /// No piece can use the roll (L11).
    NoLegalMove,
}

/// Why an action was refused. Nothing changed (C7).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// A roll was expected, but something else was sent.
    #[error("a roll is expected now")]
    RollExpected,
    /// A roll was sent with the wrong number of dice.
    #[error("this roll needs {expected} dice, got {got}")]
    DiceCount {
        /// How many dice the roll needs.
        expected: usize,
        /// How many were sent.
        got: usize,
    },
    /// A die outside 1–6.
    #[error("a die shows 1 to 6, not {0}")]
    BadDie(u8),
    /// The action names a seat that does not exist.
    #[error("there is no seat {0}")]
    NoSuchSeat(Seat),
    /// The seat has already left the game.
    #[error("seat {0} has already left the game")]
    AlreadyLeft(Seat),
    /// The action does not exist in this game.
    #[error("this game has no such action")]
    WrongGame,
    /// A choice is expected (a piece to move), not a roll.
    #[error("choose a piece to move first")]
    MoveExpected,
    /// There is no such piece.
    #[error("there is no piece {0}; pieces are 0 to 3")]
    NoSuchPiece(u8),
    /// The piece cannot make this move.
    #[error("piece {piece} cannot move: {why}")]
    PieceCannotMove {
        /// Which piece, 0–3.
        piece: u8,
        /// Why.
        why: Blocked,
    },
    /// A step is expected, not a roll.
    #[error("play your dice first")]
    StepExpected,
    /// The step is not allowed.
    #[error("a checker cannot move from point {from} by {die}: {why}")]
    StepNotAllowed {
        /// The point.
        from: u8,
        /// The die.
        die: u8,
        /// Why.
        why: nardy::StepBlocked,
    },
}

/// Why a piece cannot move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Blocked {
    /// It is in the house and the die is not a 6 (L6).
    #[error("a piece leaves the house only on a 6")]
    NeedsSix,
    /// Its start square holds one of the player's own pieces (L6).
    #[error("an own piece stands on the start square")]
    StartOccupied,
    /// The move would end on one of the player's own pieces (L12).
    #[error("an own piece stands on that square")]
    OwnPiece,
    /// The move would pass the last goal square (L14).
    #[error("the roll would take it past the end of the goal")]
    PastGoal,
    /// Another piece can capture, and capturing is compulsory (L9).
    #[error("a capture is possible and capturing is compulsory")]
    MustCapture,
    /// A piece can enter, and entering is compulsory (L9).
    #[error("a piece can leave the house and entering is compulsory")]
    MustEnter,
}

impl Illegal {
    /// A stable snake_case code for tools and translations.
    pub fn code(&self) -> &'static str {
        match self {
            Illegal::GameOver => "game_over",
            Illegal::RollExpected => "roll_expected",
            Illegal::DiceCount { .. } => "dice_count",
            Illegal::BadDie(_) => "bad_die",
            Illegal::NoSuchSeat(_) => "no_such_seat",
            Illegal::AlreadyLeft(_) => "already_left",
            Illegal::WrongGame => "wrong_game",
            Illegal::MoveExpected => "move_expected",
            Illegal::NoSuchPiece(_) => "no_such_piece",
            Illegal::PieceCannotMove { .. } => "piece_cannot_move",
            Illegal::StepExpected => "step_expected",
            Illegal::StepNotAllowed { .. } => "step_not_allowed",
        }
    }
}

/// Why a game could not be set up or loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// No game of that name.
    #[error("unknown game {0:?} (snakes, ludo, nardy)")]
    UnknownGame(String),
    /// No option of that name in this game.
    #[error("unknown option {key:?}; options of this game: {known}")]
    UnknownOption {
        /// The name given.
        key: String,
        /// The names this game knows.
        known: &'static str,
    },
    /// The value is not one of the option's values. What it takes is data ([`Allowed`]): the
    /// table layer words it in a player's language; this English is for the protocol and tools.
    #[error("option {key} takes {allowed}, not {got}")]
    BadValue {
        /// The option (a registry key, or one of the table's own: `timer`, `level`, `bots`).
        key: &'static str,
        /// What it takes.
        allowed: Allowed,
        /// What was given (a JSON string for a word).
        got: Value,
    },
    /// A value of one option that needs another option's value (S11: `three_sixes` other than
    /// `unlimited` needs `bonus_six` on), declared once in the registry's `needs`.
    #[error("{}", registry::conflict_text(key, needs))]
    Conflict {
        /// The option whose value needs the other.
        key: &'static str,
        /// Its value, as a registry word.
        value: &'static str,
        /// The other option and the value it needs.
        needs: (&'static str, &'static str),
    },
    /// The number of players is outside the game's range.
    #[error("{game} is for {min} to {max} players, not {got}")]
    Players {
        /// The game.
        game: GameKind,
        /// Fewest players.
        min: usize,
        /// Most players.
        max: usize,
        /// Players asked for.
        got: usize,
    },
}

/// The values an option takes, as data (never as a sentence): an [`OptionError::BadValue`]
/// says this, and each reader words it (the table layer in the player's language).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allowed {
    /// One of these words, in the registry's order.
    Words(&'static [&'static str]),
    /// A yes/no option: `on` or `off` (also `yes`/`no`, `true`/`false`).
    OnOff,
    /// A whole number from `min` to `max`.
    Range {
        /// The smallest.
        min: u32,
        /// The largest.
        max: u32,
    },
}

impl std::fmt::Display for Allowed {
    /// The English the protocol has always said: `exact or bounce`, `on or off`,
    /// `a number from 1 to 99`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Allowed::Words(words) => match words.split_last() {
                Some((last, [])) => f.write_str(last),
                Some((last, rest)) => write!(f, "{} or {last}", rest.join(", ")),
                None => f.write_str("nothing"),
            },
            Allowed::OnOff => f.write_str("on or off"),
            Allowed::Range { min, max } => write!(f, "a number from {min} to {max}"),
        }
    }
}

/// Why a state could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid state: {0}")]
pub struct StateError(pub String);

impl StateError {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        Self(message.into())
    }
}

/// Reads a game's stored shape; the error names the first problem (a missing, mistyped or
/// unknown field).
pub(crate) fn parse_state<T: serde::de::DeserializeOwned>(value: &Value) -> Result<T, StateError> {
    serde_json::from_value(value.clone()).map_err(|e| StateError::new(e.to_string()))
}

/// Fields a state derives from the rest (status, ranking, …) may be left out of a loaded state;
/// when present, each must agree with what the loaded position derives.
pub(crate) fn check_derived(
    given: &Value,
    derived: &Value,
    keys: &[&str],
) -> Result<(), StateError> {
    for key in keys {
        if let Some(value) = given.get(key)
            && *value != derived[key]
        {
            return Err(StateError::new(format!("\"{key}\" disagrees with the position")));
        }
    }
    Ok(())
}

/// Whether a game runs or has ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Moves are being made.
    Playing,
    /// Someone won; the ranking is final.
    Finished,
}

/// A game's options, as chosen when its table is created.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Options {
    /// Snakes & Ladders options.
    Snakes(snakes::SnakesOptions),
    /// Ludo options.
    Ludo(ludo::LudoOptions),
    /// Long Nardy options.
    Nardy(nardy::NardyOptions),
}

impl Options {
    /// The defaults of a game.
    pub fn default_for(kind: GameKind) -> Self {
        match kind {
            GameKind::Snakes => Options::Snakes(snakes::SnakesOptions::default()),
            GameKind::Ludo => Options::Ludo(ludo::LudoOptions::default()),
            GameKind::Nardy => Options::Nardy(nardy::NardyOptions::default()),
        }
    }

    /// Builds a game's options from `key = value` pairs, starting from the defaults. A `preset`
    /// is applied first, so that options named on their own override it whatever their order.
    pub fn parse<'a>(
        kind: GameKind,
        pairs: impl IntoIterator<Item = (&'a str, &'a Value)>,
    ) -> Result<Self, OptionError> {
        let pairs: Vec<(&str, &Value)> = pairs.into_iter().collect();
        match kind {
            GameKind::Snakes => snakes::SnakesOptions::parse(&pairs).map(Options::Snakes),
            GameKind::Ludo => ludo::LudoOptions::parse(&pairs).map(Options::Ludo),
            GameKind::Nardy => nardy::NardyOptions::parse(&pairs).map(Options::Nardy),
        }
    }

    /// Options as stored and recorded: a JSON object of `key: value` (read by [`Options::parse`]);
    /// anything else is the game's defaults.
    pub fn from_json(kind: GameKind, json: &Value) -> Result<Self, OptionError> {
        match json {
            Value::Object(map) => Self::parse(kind, map.iter().map(|(k, v)| (k.as_str(), v))),
            _ => Ok(Self::default_for(kind)),
        }
    }

    /// The game these options belong to.
    pub fn kind(&self) -> GameKind {
        match self {
            Options::Snakes(_) => GameKind::Snakes,
            Options::Ludo(_) => GameKind::Ludo,
            Options::Nardy(_) => GameKind::Nardy,
        }
    }
}

/// Reads a CLI-style `value` the way the protocol reads JSON: `true`, `3` and `"x"` are JSON;
/// anything that is not JSON is taken as a string (`finish=bounce`).
pub fn option_value(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_owned()))
}

/// One game in progress or finished: a closed set over the games (no trait objects).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Game {
    /// Snakes & Ladders.
    Snakes(Snakes),
    /// Ludo.
    Ludo(Ludo),
    /// Long Nardy.
    Nardy(Nardy),
}

impl Game {
    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        match self {
            Game::Snakes(_) => GameKind::Snakes,
            Game::Ludo(_) => GameKind::Ludo,
            Game::Nardy(_) => GameKind::Nardy,
        }
    }

    /// How many seats the game has (including any that left).
    pub fn players(&self) -> usize {
        match self {
            Game::Snakes(g) => g.players(),
            Game::Ludo(g) => g.players(),
            Game::Nardy(g) => g.players(),
        }
    }

    /// What the game waits for.
    pub fn legal(&self) -> Legal {
        match self {
            Game::Snakes(g) => g.legal(),
            Game::Ludo(g) => g.legal(),
            Game::Nardy(g) => g.legal(),
        }
    }

    /// The choices a player has, one action per position they lead to: the actions of
    /// [`Legal::Choose`] without those that end where an earlier one does (in Ludo, entering
    /// with any of the pieces in the house, L6). Empty unless a choice is awaited. A player
    /// with one distinct choice has none to make: the table plays it for them.
    pub fn distinct_choices(&self) -> Vec<Action> {
        match self {
            Game::Ludo(g) => g.distinct_moves(),
            _ => match self.legal() {
                Legal::Choose { actions, .. } => actions,
                _ => Vec::new(),
            },
        }
    }

    /// Plays an action: on success the game has changed and the events say how; on failure
    /// nothing changed.
    pub fn play(&mut self, action: &Action) -> Result<Vec<Event>, Illegal> {
        match self {
            Game::Snakes(g) => g.play(action),
            Game::Ludo(g) => g.play(action),
            Game::Nardy(g) => g.play(action),
        }
    }

    /// Playing or finished.
    pub fn status(&self) -> Status {
        match self {
            Game::Snakes(g) => g.status(),
            Game::Ludo(g) => g.status(),
            Game::Nardy(g) => g.status(),
        }
    }

    /// Each seat's final rank, once the game is over.
    pub fn ranking(&self) -> Option<Vec<u8>> {
        match self {
            Game::Snakes(g) => g.ranking(),
            Game::Ludo(g) => g.ranking(),
            Game::Nardy(g) => g.ranking(),
        }
    }

    /// The number of the current turn, from 1 (bonus rolls do not start a new turn).
    pub fn turn(&self) -> u32 {
        match self {
            Game::Snakes(g) => g.turn(),
            Game::Ludo(g) => g.turn(),
            Game::Nardy(g) => g.turn(),
        }
    }

    /// A sensible choice for the player to move when the game waits for a choice (for turn
    /// time-outs and the simulator's greedy policy); `None` when a roll is due or the game is over.
    pub fn suggest(&self) -> Option<Action> {
        match self {
            Game::Snakes(_) => None,
            Game::Ludo(g) => g.suggest(),
            Game::Nardy(g) => g.suggest(),
        }
    }

    /// The state in the protocol's JSON shape (documented in `docs/engine-protocol.md`).
    pub fn to_json(&self) -> Value {
        match self {
            Game::Snakes(g) => g.to_json(),
            Game::Ludo(g) => g.to_json(),
            Game::Nardy(g) => g.to_json(),
        }
    }

    /// Reads and validates a state in the protocol's JSON shape.
    pub fn from_json(kind: GameKind, state: &Value) -> Result<Self, StateError> {
        match kind {
            GameKind::Snakes => Snakes::from_json(state).map(Game::Snakes),
            GameKind::Ludo => Ludo::from_json(state).map(Game::Ludo),
            GameKind::Nardy => Nardy::from_json(state).map(Game::Nardy),
        }
    }
}

/// Seats that left the game, in the order they left (C5).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Departures(Vec<Option<u8>>);

impl Departures {
    /// No one has left a table of `players` seats.
    pub fn new(players: usize) -> Self {
        Self(vec![None; players])
    }

    /// Whether `seat` is still in the game.
    pub fn is_active(&self, seat: Seat) -> bool {
        self.0.get(usize::from(seat)).is_some_and(Option::is_none)
    }

    /// How many seats are still in the game.
    pub fn active(&self) -> usize {
        self.0.iter().filter(|d| d.is_none()).count()
    }

    /// The order in which `seat` left (0 = first to leave), if it left.
    pub fn order(&self, seat: Seat) -> Option<u8> {
        self.0.get(usize::from(seat)).copied().flatten()
    }

    /// Checks that the seat may leave now.
    pub fn check(&self, seat: Seat) -> Result<(), Illegal> {
        match self.0.get(usize::from(seat)) {
            None => Err(Illegal::NoSuchSeat(seat)),
            Some(Some(_)) => Err(Illegal::AlreadyLeft(seat)),
            Some(None) => Ok(()),
        }
    }

    /// Takes `seat` out of the game (C5) if it may leave now, and says so in an event.
    pub fn depart(&mut self, seat: Seat, reason: LeaveReason) -> Result<Vec<Event>, Illegal> {
        self.check(seat)?;
        self.leave(seat);
        Ok(vec![Event::Left { seat, reason }])
    }

    /// Records that `seat` left; the seat must have passed [`Departures::check`].
    pub fn leave(&mut self, seat: Seat) {
        let order = (self.0.len() - self.active()) as u8;
        self.0[usize::from(seat)] = Some(order);
    }

    /// The next seat after `seat`, in seat order, that is still in the game.
    pub fn next_after(&self, seat: Seat) -> Option<Seat> {
        let n = self.0.len();
        (1..=n).map(|k| ((usize::from(seat) + k) % n) as Seat).find(|&s| self.is_active(s))
    }

    /// The number of seats.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no seats at all.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Validates a loaded list: orders are 0..k−1, each once.
    pub(crate) fn validate(&self, players: usize) -> Result<(), StateError> {
        if self.0.len() != players {
            return Err(StateError::new(format!("\"left\" needs {players} entries")));
        }
        let mut orders: Vec<u8> = self.0.iter().flatten().copied().collect();
        orders.sort_unstable();
        if orders.iter().enumerate().any(|(i, &o)| usize::from(o) != i) {
            return Err(StateError::new(
                "\"left\" must number the departures 0, 1, 2, … in order, each once",
            ));
        }
        Ok(())
    }

    /// The standing key of a departed seat: below every seat still in play, a later leaver above
    /// an earlier one (C5). Seats still in play get `None`.
    pub fn standing(&self, seat: Seat) -> Option<i64> {
        self.order(seat).map(|o| i64::from(o) - 1_000)
    }
}

/// Checks a roll's shape: `expected` dice, each 1–6.
pub(crate) fn check_dice(dice: &[u8], expected: usize) -> Result<(), Illegal> {
    if dice.len() != expected {
        return Err(Illegal::DiceCount { expected, got: dice.len() });
    }
    match dice.iter().find(|d| !(1..=6).contains(*d)) {
        Some(&d) => Err(Illegal::BadDie(d)),
        None => Ok(()),
    }
}

/// Competition ranking (C6): `keys[seat]`, higher is better; equal keys share a rank and the next
/// rank skips (1, 2, 2, 4).
pub fn competition_ranks<K: Ord>(keys: &[K]) -> Vec<u8> {
    keys.iter().map(|k| 1 + keys.iter().filter(|other| *other > k).count() as u8).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c6_competition_ranking_shares_and_skips() {
        assert_eq!(competition_ranks(&[10, 7, 7, 3]), vec![1, 2, 2, 4]);
        assert_eq!(competition_ranks(&[1, 1, 1]), vec![1, 1, 1]);
        assert_eq!(competition_ranks(&[2, 5, 9]), vec![3, 2, 1]);
    }

    #[test]
    fn c5_later_leaver_ranks_above_earlier_and_below_players() {
        let mut d = Departures::new(4);
        d.leave(2);
        d.leave(0);
        assert_eq!(d.order(2), Some(0));
        assert_eq!(d.order(0), Some(1));
        assert!(d.standing(0) > d.standing(2));
        assert!(d.standing(0).unwrap() < 0);
        assert_eq!(d.check(2), Err(Illegal::AlreadyLeft(2)));
        assert_eq!(d.check(9), Err(Illegal::NoSuchSeat(9)));
        assert_eq!(d.next_after(3), Some(1));
        assert_eq!(d.next_after(1), Some(3));
    }

    /// An enum read by its words, as `from_words!` reads a theme or a season length.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Length {
        Short,
        Medium,
        Long,
    }

    from_words!(Length, "length", "short" => Short, "medium" => Medium, "long" => Long);

    #[test]
    fn a_word_reads_as_its_value_and_a_refusal_names_every_word() {
        assert_eq!("short".parse(), Ok(Length::Short));
        assert_eq!("long".parse(), Ok(Length::Long));
        let refused = |word: &str| word.parse::<Length>().unwrap_err();
        assert_eq!(refused("Long"), r#"unknown length "Long": short, medium or long"#);
        assert_eq!(refused(""), r#"unknown length "": short, medium or long"#);
        let two = [("light", 0), ("dark", 1)];
        assert_eq!(
            from_word("neon", "theme", &two),
            Err(r#"unknown theme "neon": light or dark"#.into())
        );
        assert_eq!(
            from_word("off", "switch", &[("on", true)]),
            Err(r#"unknown switch "off": on"#.into())
        );
    }

    struct Counter(u32);
    impl Entropy for Counter {
        fn next_u32(&mut self) -> u32 {
            self.0 = self.0.wrapping_add(0x9E37_79B9);
            self.0
        }
    }

    #[test]
    fn entropy_below_stays_in_range() {
        let mut c = Counter(0);
        for n in 1..50 {
            for _ in 0..20 {
                assert!(c.below(n) < n);
            }
        }
        for _ in 0..100 {
            let x = c.between(8, 12);
            assert!((8..=12).contains(&x));
        }
    }
}
