//! Game records and replays: a finished game as a file anyone can load, check and watch.
//!
//! A [`Record`] holds what the game was (the game, its options, the board generator of its
//! table), who played, the seed revealed after the game and the commitment shown at its start,
//! how it ended (finished, or cancelled before the end), and every action in order with the state
//! it led to. [`Record::verify`] replays it through the engine with the seed: the seed must
//! match the commitment (C3), every roll must be the table's dice in order (C1, C2), every action
//! must be legal, every recorded state must be the engine's, and the record's claim about the end
//! must be what the replay reaches: a finished game carries the ranking the rules give, a
//! cancelled one none. [`animate`] draws a replay as an animated GIF, one frame per move.
//!
//! Records are read strictly: an unknown field, at the top or in a step, is refused (a
//! `"winner"` added by hand must not pass unnoticed), and [`MAX_RECORD_BYTES`] bounds the size.
//!
//! In JSON (`dicetable verify --record game.json`):
//!
//! ```text
//! {"format":2,"game":"ludo","options":{"must_enter":false,…},"boards":"readable","table":12,
//!  "players":["Ana","Bo"],"seed":"…64 hex…","commitment":"…64 hex…","end":"finished",
//!  "ranking":[1,2],"steps":[{"action":{"type":"roll","dice":[3]},"state":{…}},…]}
//! ```
//!
//! Format 1 (records exported before `end` existed) is still read: it has no `end`, and its
//! ranking is its claim (a ranking: finished; `null`: ended before the finish).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::engine::snakes::BoardGenerator;
use crate::engine::{Action, Event, Game, GameKind, Legal, Options, Status};
use crate::game::fair::{Roller, Seed};
use crate::game::setup;
use crate::render::{Player, RenderError, Renderer, Scene, Theme};

/// The version of the record's JSON shape written today. Format 2 added [`Record::end`];
/// format 1 records are still read (see the module's documentation).
pub const FORMAT: u32 = 2;

/// The oldest format still read.
pub const OLDEST_FORMAT: u32 = 1;

/// The largest record read, in bytes (64 MiB). The longest real games (8-player Ludo, thousands
/// of moves) make records of a few MB (3926 steps: 2.4 MB, checked in 36 MB of memory); a
/// bigger file is refused before it is read, so that a huge file cannot take the machine's
/// memory (checking a record takes about ten times its size: 61 MiB took 640 MB).
pub const MAX_RECORD_BYTES: u64 = 64 << 20;

/// How a recorded game ended, as the record claims it; [`Record::verify`] checks the claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum End {
    /// The game was played to its end: the record's last step finishes it, and the record
    /// carries the ranking.
    Finished,
    /// The table was cancelled (or emptied) while the game ran: the game stops unfinished after
    /// the last step, and there is no ranking.
    Cancelled,
}

impl std::fmt::Display for End {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            End::Finished => "finished",
            End::Cancelled => "cancelled",
        })
    }
}

/// Text as data, without the invisible marks that only steer how text is displayed (Unicode
/// isolates U+2066–U+2069, embeddings and overrides U+202A–U+202E, the left-to-right and
/// right-to-left marks U+200E/U+200F and the Arabic letter mark U+061C): a record's player
/// names, a computer's stored name and a button's label carry none (shown where no
/// bidirectional text surrounds them, they appear as boxes or garbage).
///
/// ```
/// assert_eq!(dicetable::game::replay::unmarked("🤖 Computer \u{2068}1\u{2069}"), "🤖 Computer 1");
/// ```
pub fn unmarked(text: &str) -> String {
    let mark = |c: &char| {
        matches!(c, '\u{2066}'..='\u{2069}' | '\u{202A}'..='\u{202E}' | '\u{200E}' | '\u{200F}')
            || *c == '\u{061C}'
    };
    text.chars().filter(|c| !mark(c)).collect()
}

/// A game's record: enough to replay and check it without the bot. Unknown fields are refused.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The version of this shape ([`FORMAT`]).
    pub format: u32,
    /// The game.
    pub game: GameKind,
    /// The game's options as `key: value` (as the engine protocol and `/options` name them).
    pub options: Value,
    /// The generator of a random Snakes board (the table's, so the game replays on the board
    /// it was dealt).
    #[serde(default)]
    pub boards: BoardGenerator,
    /// The table's number in the bot, if it came from one.
    #[serde(default)]
    pub table: Option<i64>,
    /// The players' names by seat.
    pub players: Vec<String>,
    /// The table's seed, revealed after the game (64 hex digits).
    pub seed: String,
    /// The commitment shown when the game started: SHA-256 of the seed (64 hex digits).
    pub commitment: String,
    /// How the game ended, as the record claims: finished or cancelled. Required from format 2
    /// on; absent in format 1, whose ranking is the claim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<End>,
    /// Each seat's final rank (1 = winner) when the game finished, `null` otherwise; the key
    /// itself is required (a record without it is not the shape of a record).
    #[serde(deserialize_with = "present")]
    pub ranking: Option<Vec<u8>>,
    /// Every action in order, with the state it led to.
    pub steps: Vec<Step>,
}

/// One action of a record and the game's state after it. Unknown fields are refused.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The action, as the engine protocol writes it.
    pub action: Action,
    /// The state after it, as the engine protocol writes it.
    pub state: Value,
}

/// A record replayed: the game as set up, then each action with the game after it and its
/// events.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The game before the first action.
    pub start: Game,
    /// Each action, the game after it, and what happened.
    pub moves: Vec<(Action, Game, Vec<Event>)>,
}

/// Why a record does not check out (or cannot be replayed). Steps count from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Mismatch {
    /// The record is of a shape this version cannot read.
    #[error("the record is format {0}; this dicetable reads formats 1 and 2")]
    Format(u32),
    /// A format 2 record does not say how the game ended.
    #[error(
        "the record does not say how the game ended: format {format} needs \"end\": \
         \"finished\" or \"cancelled\""
    )]
    NoEnd {
        /// The record's format.
        format: u32,
    },
    /// A format 1 record has an `end` (which came with format 2).
    #[error("a format 1 record has no \"end\" (it came with format 2)")]
    EndInFormat1,
    /// The record says the game finished, but its steps stop before the game does: steps were
    /// cut off.
    #[error(
        "the record says the game finished, but after its last step ({steps}) the game is still \
         running: the record is truncated"
    )]
    Truncated {
        /// Steps in the record.
        steps: usize,
    },
    /// The record says the game was cancelled, but the game finished.
    #[error("the record says the game was cancelled, but the game finished at its last step")]
    NotCancelled,
    /// The game finished but the record carries no ranking.
    #[error("the game finished but the record has no ranking (the rules give {actual:?})")]
    NoRanking {
        /// The ranking the replay reached.
        actual: Vec<u8>,
    },
    /// The seed is not 64 hex digits.
    #[error("the seed is not 64 hexadecimal digits")]
    Seed,
    /// SHA-256 of the seed is not the commitment shown at the start.
    #[error("wrong seed: its SHA-256 is {actual}, not the commitment {shown}")]
    Commitment {
        /// SHA-256 of the recorded seed.
        actual: String,
        /// The recorded commitment.
        shown: String,
    },
    /// The game could not be set up from the record's options and players.
    #[error("the game cannot be set up: {0}")]
    Setup(String),
    /// A roll is not the table's next dice.
    #[error(
        "step {step}: the roll {recorded:?} is not the table's dice {table:?} (die number {first})"
    )]
    Dice {
        /// The step.
        step: usize,
        /// The dice in the record.
        recorded: Vec<u8>,
        /// The dice the seed gives.
        table: Vec<u8>,
        /// The number of the first of those dice (C2).
        first: u64,
    },
    /// The engine refuses an action.
    #[error("step {step}: the rules refuse {action}: {why}")]
    Illegal {
        /// The step.
        step: usize,
        /// The action, as JSON.
        action: String,
        /// The engine's reason.
        why: String,
    },
    /// A recorded state is not the engine's: the first field that differs, with both values.
    #[error(
        "step {step}: the recorded state is not the one the rules give after {action}: \
         {field} is {recorded} in the record, {rules} by the rules"
    )]
    State {
        /// The step.
        step: usize,
        /// The action, as JSON.
        action: String,
        /// The first field that differs, as a path into the state (`squares[1]`, `ranking`).
        field: String,
        /// Its value in the record (`absent` if the record lacks it), as JSON.
        recorded: String,
        /// Its value as the rules give it (`absent` if the rules have no such field), as JSON.
        rules: String,
    },
    /// The recorded ranking is not the game's.
    #[error("the recorded ranking {} is not the game's {}", ranks(.recorded), ranks(.actual))]
    Ranking {
        /// As recorded.
        recorded: Option<Vec<u8>>,
        /// As played.
        actual: Option<Vec<u8>>,
    },
}

/// A ranking as a reader writes it: `[1, 3, 2]`, or `none`.
fn ranks(ranking: &Option<Vec<u8>>) -> String {
    ranking.as_ref().map_or_else(|| "none".to_owned(), |r| format!("{r:?}"))
}

/// A field that may be `null` but must be there: serde's `Option` alone takes a missing key
/// as `None`.
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Vec<u8>>, D::Error> {
    <Option<Vec<u8>> as serde::Deserialize>::deserialize(d)
}

/// What [`Record::verify`] checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// Actions replayed.
    pub steps: usize,
    /// Dice checked against the seed.
    pub dice: u64,
    /// Whether the game reached its end.
    pub finished: bool,
    /// How the record says the game ended (for format 1, what its ranking says); checked
    /// against the replay.
    pub end: End,
    /// The ranking the replay computed (1 = winner, per seat), when the game finished.
    pub ranking: Option<Vec<u8>>,
}

/// Whether [`Record::walk`] checks dice and states or only plays.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Check {
    Everything,
    Nothing,
}

impl Record {
    /// The record of a game from its table's seed and log: each action is played again to
    /// record the state after it.
    pub fn from_log(
        options: &Options,
        boards: BoardGenerator,
        players: Vec<String>,
        seed: &Seed,
        table: Option<i64>,
        actions: Vec<Action>,
    ) -> Result<Self, Mismatch> {
        let options_json =
            serde_json::to_value(options).map_err(|e| Mismatch::Setup(e.to_string()))?;
        let mut game = setup::new_game_by(boards, options, players.len(), seed, 0)
            .map_err(|e| Mismatch::Setup(e.to_string()))?;
        let mut steps = Vec::with_capacity(actions.len());
        for (i, action) in actions.into_iter().enumerate() {
            game.play(&action).map_err(|e| illegal(i + 1, &action, e.to_string()))?;
            steps.push(Step { action, state: game.to_json() });
        }
        // Only an ended table is recorded: a game that did not finish was cancelled.
        let end = if game.status() == Status::Finished { End::Finished } else { End::Cancelled };
        Ok(Self {
            format: FORMAT,
            game: options.kind(),
            options: options_json,
            boards,
            table,
            players: players.iter().map(|name| unmarked(name)).collect(),
            seed: seed.to_hex(),
            commitment: seed.commitment_hex(),
            end: Some(end),
            ranking: game.ranking(),
            steps,
        })
    }

    /// A whole game played by computers of `level` with the seed's dice, recorded (for
    /// benchmarks, tests and examples).
    pub fn computer_game(
        options: &Options,
        players: usize,
        seed: &Seed,
        level: crate::engine::computer::Level,
    ) -> Result<Self, Mismatch> {
        let mut actions = Vec::new();
        crate::tools::simulate::play_levels_logged(
            options,
            seed,
            &vec![level; players],
            Some(&mut actions),
        )
        .map_err(|e| Mismatch::Setup(e.to_string()))?;
        let names = (1..=players).map(|i| format!("Player {i}")).collect();
        Self::from_log(options, BoardGenerator::CURRENT, names, seed, None, actions)
    }

    /// How the record says the game ended: its `end`, or for format 1 its ranking (a ranking
    /// means finished).
    pub fn claimed_end(&self) -> Result<End, Mismatch> {
        match (self.format, self.end) {
            (1, None) => Ok(if self.ranking.is_some() { End::Finished } else { End::Cancelled }),
            (1, Some(_)) => Err(Mismatch::EndInFormat1),
            (format, None) => Err(Mismatch::NoEnd { format }),
            (_, Some(end)) => Ok(end),
        }
    }

    /// Replays the record through the engine with its seed and checks everything: the seed
    /// against the commitment, every roll against the seed's dice, every action against the
    /// rules, every state against the engine's, and the end: a record that says the game
    /// finished must reach the finish and carry the ranking the rules give; one that says it
    /// was cancelled must stop before the finish, with no ranking. The first disagreement is the
    /// error.
    pub fn verify(&self) -> Result<Verified, Mismatch> {
        self.check_format()?;
        let seed = self.seed()?;
        if !crate::game::fair::verify_commitment(&seed, &self.commitment) {
            return Err(Mismatch::Commitment {
                actual: seed.commitment_hex(),
                shown: self.commitment.trim().to_owned(),
            });
        }
        let end = self.claimed_end()?;
        let (replay, dice) = self.walk(Check::Everything)?;
        let last = replay.moves.last().map_or(&replay.start, |(_, game, _)| game);
        let finished = last.status() == Status::Finished;
        let actual = last.ranking();
        match (end, finished) {
            (End::Finished, false) => {
                return Err(Mismatch::Truncated { steps: replay.moves.len() });
            }
            (End::Cancelled, true) => return Err(Mismatch::NotCancelled),
            _ => {}
        }
        match (&self.ranking, &actual) {
            (None, Some(actual)) => return Err(Mismatch::NoRanking { actual: actual.clone() }),
            (recorded, actual) if recorded != actual => {
                return Err(Mismatch::Ranking {
                    recorded: recorded.clone(),
                    actual: actual.clone(),
                });
            }
            _ => {}
        }
        Ok(Verified { steps: replay.moves.len(), dice, finished, end, ranking: actual })
    }

    /// Replays the actions (checking only that the rules allow them), for drawing.
    pub fn replay(&self) -> Result<Replay, Mismatch> {
        self.walk(Check::Nothing).map(|(replay, _)| replay)
    }

    fn check_format(&self) -> Result<(), Mismatch> {
        if (OLDEST_FORMAT..=FORMAT).contains(&self.format) {
            Ok(())
        } else {
            Err(Mismatch::Format(self.format))
        }
    }

    fn seed(&self) -> Result<Seed, Mismatch> {
        Seed::from_hex(&self.seed).map_err(|_| Mismatch::Seed)
    }

    /// Plays the record; with `Check::Everything` each roll must be the seed's next dice and
    /// each state the engine's. Returns the replay and how many dice were checked.
    fn walk(&self, check: Check) -> Result<(Replay, u64), Mismatch> {
        self.check_format()?;
        let seed = self.seed()?;
        if !self.options.is_object() {
            return Err(Mismatch::Setup("the options are not an object of key: value".into()));
        }
        let options = Options::from_json(self.game, &self.options)
            .map_err(|e| Mismatch::Setup(e.to_string()))?;
        let start = setup::new_game_by(self.boards, &options, self.players.len(), &seed, 0)
            .map_err(|e| Mismatch::Setup(e.to_string()))?;
        let mut roller = Roller::new(&seed, 0);
        let mut game = start.clone();
        let mut moves = Vec::with_capacity(self.steps.len());
        for (i, Step { action, state }) in self.steps.iter().enumerate() {
            let step = i + 1;
            // A roll where the game waits for none draws no dice: the rules refuse it below.
            if check == Check::Everything
                && let Action::Roll { dice } = action
                && game.legal().dice_due().is_some()
            {
                let first = roller.position();
                let table = roller.roll_due(&game.legal());
                if *dice != table {
                    return Err(Mismatch::Dice { step, recorded: dice.clone(), table, first });
                }
            }
            let events = game.play(action).map_err(|e| illegal(step, action, e.to_string()))?;
            if check == Check::Everything {
                let rules = game.to_json();
                if rules != *state {
                    let (field, recorded, rules) = first_difference(state, &rules)
                        .unwrap_or_else(|| ("the state".into(), short(state), short(&rules)));
                    return Err(Mismatch::State {
                        step,
                        action: json(action),
                        field,
                        recorded,
                        rules,
                    });
                }
            }
            moves.push((action.clone(), game.clone(), events));
        }
        Ok((Replay { start, moves }, roller.position()))
    }
}

/// The first place where two JSON values differ, walking objects key by key (in order) and
/// arrays item by item: the path (`squares[1]`, `options.finish`), and the value on each side
/// as short JSON (`absent` where one side has no such field or item). `None` if they are equal.
pub fn first_difference(recorded: &Value, rules: &Value) -> Option<(String, String, String)> {
    let mut path = String::new();
    difference_at(recorded, rules, &mut path)
}

fn difference_at(
    recorded: &Value,
    rules: &Value,
    path: &mut String,
) -> Option<(String, String, String)> {
    let here = |path: &String| if path.is_empty() { "the state".to_owned() } else { path.clone() };
    match (recorded, rules) {
        (Value::Object(a), Value::Object(b)) => {
            let keys = b.keys().chain(a.keys().filter(|k| !b.contains_key(*k)));
            for key in keys {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                let found = child_difference(a.get(key), b.get(key), path);
                if found.is_some() {
                    return found;
                }
                path.truncate(len);
            }
            None
        }
        (Value::Array(a), Value::Array(b)) => {
            for i in 0..a.len().max(b.len()) {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                let found = child_difference(a.get(i), b.get(i), path);
                if found.is_some() {
                    return found;
                }
                path.truncate(len);
            }
            None
        }
        (a, b) if a == b => None,
        (a, b) => Some((here(path), short(a), short(b))),
    }
}

/// The first difference under one key or index (at `path`), a side's value `absent` where
/// only the other has it.
fn child_difference(
    recorded: Option<&Value>,
    rules: Option<&Value>,
    path: &mut String,
) -> Option<(String, String, String)> {
    const ABSENT: &str = "absent";
    match (recorded, rules) {
        (Some(x), Some(y)) => difference_at(x, y, path),
        (None, Some(y)) => Some((path.clone(), ABSENT.to_owned(), short(y))),
        (Some(x), None) => Some((path.clone(), short(x), ABSENT.to_owned())),
        (None, None) => None,
    }
}

/// A JSON value as text, cut to 80 characters.
fn short(value: &Value) -> String {
    const MAX: usize = 80;
    let text = value.to_string();
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

fn json(action: &Action) -> String {
    serde_json::to_string(action).unwrap_or_else(|_| format!("{action:?}"))
}

fn illegal(step: usize, action: &Action, why: String) -> Mismatch {
    Mismatch::Illegal { step, action: json(action), why }
}

/// How long a frame of a replay stays, in milliseconds.
pub mod timing {
    /// The board before the first move.
    pub const START_MS: u32 = 1200;
    /// An ordinary move.
    pub const MOVE_MS: u32 = 500;
    /// A capture, a ladder, a snake, a token sent back, a game of a match won.
    pub const EVENT_MS: u32 = 1500;
    /// The final board with the ranking.
    pub const END_MS: u32 = 5000;
}

/// A replay drawn: the GIF and its frame count.
#[derive(Debug, Clone)]
pub struct Animated {
    /// The animated GIF.
    pub gif: Vec<u8>,
    /// Its frames.
    pub frames: usize,
}

/// The most frames an animation has. A longer game (an 8-player Ludo game runs to thousands of
/// moves) shows every n-th move, so that its GIF stays within the chats' file limits (about
/// 4 KB a frame: 400 frames are under 2 MB) and is drawn in a few seconds.
pub const MAX_FRAMES: usize = 400;

/// One picture of a replay: the game after move `at`, the events drawn on it, how long it stays.
struct Shot {
    at: usize,
    events: Vec<Event>,
    delay: u32,
}

/// Draws a replay as an animated GIF in the game's own pictures: the board as set up, then a
/// frame per move with its path and dice (a roll that leads to a choice shares the frame of the
/// move chosen), a longer pause on captures, ladders, snakes and the final ranking. Pictures
/// that show nothing new (a roll that could not be used, say, when the board shows no dice)
/// only lengthen the frame before. A game of more than [`MAX_FRAMES`] moves shows every n-th
/// (and the last).
pub fn animate(
    renderer: &Renderer,
    replay: &Replay,
    players: &[Player],
    theme: Theme,
    persian_digits: bool,
) -> Result<Animated, RenderError> {
    let mut shots = Vec::new();
    let mut shown: Vec<Event> = Vec::new();
    let count = replay.moves.len();
    for (i, (action, game, events)) in replay.moves.iter().enumerate() {
        shown.extend(events.iter().cloned());
        let last = i + 1 == count;
        let chooses =
            matches!(action, Action::Roll { .. }) && matches!(game.legal(), Legal::Choose { .. });
        if chooses && !last {
            continue;
        }
        let delay = if last || game.status() == Status::Finished {
            timing::END_MS
        } else if shown.iter().any(eventful) {
            timing::EVENT_MS
        } else {
            timing::MOVE_MS
        };
        shots.push(Shot { at: i, events: std::mem::take(&mut shown), delay });
    }
    // The set-up board is a frame too.
    let stride = shots.len().div_ceil(MAX_FRAMES.saturating_sub(1).max(1)).max(1);
    let kept = shots.len();
    let shots = shots
        .into_iter()
        .enumerate()
        .filter(|(k, _)| stride == 1 || k % stride == stride - 1 || k + 1 == kept)
        .map(|(_, shot)| shot);
    let mut animation = renderer.animation();
    let start = Scene { game: &replay.start, events: &[], players, theme, persian_digits };
    animation.frame(&start, timing::START_MS)?;
    for Shot { at, events, delay } in shots {
        let game = &replay.moves[at].1;
        let scene = Scene { game, events: &events, players, theme, persian_digits };
        animation.frame(&scene, delay)?;
    }
    let frames = animation.frames();
    let gif = animation.finish()?.ok_or_else(|| RenderError::Animation("no frames".into()))?;
    Ok(Animated { gif, frames })
}

/// Whether an event deserves a pause.
fn eventful(event: &Event) -> bool {
    matches!(
        event,
        Event::Captured { .. }
            | Event::Climbed { .. }
            | Event::Slid { .. }
            | Event::SentBack { .. }
            | Event::GameWon { .. }
    )
}

/// The shape of a cup export ([`CupExport::format`]).
pub const CUP_FORMAT: u32 = 1;

/// A group cup's export (`/cup export`, issue 49): the cup as stored (players, games with their
/// results, byes), the standings it claims, and the record of every game that ended.
/// [`CupExport::verify`] checks every record, that each game's result is its record's ranking,
/// and that the standings follow from the results (docs/rules.md T1–T9).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CupExport {
    /// The version of this shape ([`CUP_FORMAT`]).
    pub format: u32,
    /// The cup's game.
    pub game: GameKind,
    /// How many rounds it plays.
    pub rounds: u32,
    /// The players' names, by their number in the cup.
    pub players: Vec<String>,
    /// The cup as its pairing and standings see it.
    pub cup: crate::engine::cup::Cup,
    /// The table of each of `cup.games`, in the same order.
    pub tables: Vec<i64>,
    /// The standings as the bot computed them: `(place, player, points, Sonneborn–Berger)`.
    pub standings: Vec<(usize, usize, u32, u32)>,
    /// The record of every game that ended (a game still played keeps its seed secret).
    pub records: Vec<Record>,
}

/// What [`CupExport::verify`] checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CupVerified {
    /// Records replayed and checked.
    pub records: usize,
    /// Results matched against their record's ranking.
    pub results: usize,
}

impl CupExport {
    /// The standings computed from the cup's results, as [`CupExport::standings`] says them.
    pub fn computed_standings(&self) -> Vec<(usize, usize, u32, u32)> {
        crate::engine::cup::standings(&self.cup)
            .iter()
            .map(|s| (s.place, s.player, s.points, s.sonneborn))
            .collect()
    }

    /// Checks the export: every record replays against its seed and the rules; every result
    /// is its table's record (the same players in the same seats, each place the record's
    /// rank, a forfeit a seat the record shows the timer removing); the cup's structure holds
    /// (rounds, byes, forfeits, withdrawals, each round's pairing re-derived); the standings
    /// follow from the results.
    pub fn verify(&self) -> Result<CupVerified, String> {
        if self.format != CUP_FORMAT {
            return Err(format!("a cup export of format {}, not {CUP_FORMAT}", self.format));
        }
        if self.tables.len() != self.cup.games.len() {
            return Err(format!("{} games but {} tables", self.cup.games.len(), self.tables.len()));
        }
        for record in &self.records {
            let table = record.table.map_or_else(String::new, |t| format!("table {t}: "));
            record.verify().map_err(|m| format!("{table}{m}"))?;
        }
        let mut results = 0;
        for (game, &table) in self.cup.games.iter().zip(&self.tables) {
            let Some(result) = &game.result else { continue };
            let record = self
                .records
                .iter()
                .find(|r| r.table == Some(table))
                .ok_or_else(|| format!("table {table} has a result but no record"))?;
            let names: Vec<&str> = game
                .players
                .iter()
                .map(|&p| self.players.get(p).map_or("?", String::as_str))
                .collect();
            if record.players.iter().map(String::as_str).ne(names.iter().copied()) {
                return Err(format!(
                    "table {table}: the record seats {:?}, the cup {names:?}",
                    record.players
                ));
            }
            let ranking = record
                .ranking
                .as_ref()
                .ok_or_else(|| format!("table {table} has a result but its game did not finish"))?;
            for (seat, claimed) in result.iter().enumerate() {
                let rank = ranking.get(seat).copied().unwrap_or(0);
                let agrees = match claimed {
                    crate::engine::cup::Seat::Place(p) => *p == rank,
                    // Ranked as the timer removed it (after a resignation, say, it is not
                    // last): that the timer did remove it is a check of the cup's structure.
                    crate::engine::cup::Seat::Forfeit => true,
                };
                if !agrees {
                    return Err(format!(
                        "table {table}, seat {seat}: the cup says {claimed:?}, the game ranked it {rank}"
                    ));
                }
            }
            results += 1;
        }
        self.verify_structure()?;
        let computed = self.computed_standings();
        if computed != self.standings {
            return Err(format!(
                "the standings do not follow from the results: computed {computed:?}, claimed {:?}",
                self.standings
            ));
        }
        Ok(CupVerified { records: self.records.len(), results })
    }

    /// A player's name in messages.
    fn name(&self, player: usize) -> &str {
        self.players.get(player).map_or("?", String::as_str)
    }

    /// Names of several players, as a list.
    fn names(&self, players: &[usize]) -> String {
        players.iter().map(|&p| self.name(p)).collect::<Vec<_>>().join(", ")
    }

    /// The cup's shape, beyond each record (issue 61, item 5): every player and round number in
    /// range; each round seats every active player once (a game or a bye), and a player is
    /// absent only before signing up (after everyone signed up earlier who plays) or once
    /// withdrawn (T8: two forfeits); a bye only in a round that has games; a forfeit only where
    /// the record shows the timer removing that seat (T7); a withdrawn player only with two
    /// forfeits (T8); every game whose record ended has its result; and each round's tables and
    /// byes are the ones its rules (T1, T3, T5) pair from the rounds before it.
    fn verify_structure(&self) -> Result<(), String> {
        let cup = &self.cup;
        let n = cup.entrants.len();
        if self.players.len() != n {
            return Err(format!("{} players named but {n} entrants", self.players.len()));
        }
        let seated =
            cup.games.iter().flat_map(|g| &g.players).chain(cup.byes.iter().map(|(_, p)| p));
        if let Some(p) = seated.copied().find(|&p| p >= n) {
            return Err(format!("player {p} is seated, but the cup has {n} players"));
        }
        let last = cup.games.iter().map(|g| g.round).max().unwrap_or(0);
        if let Some(g) = cup.games.iter().find(|g| g.round == 0 || g.round > self.rounds) {
            return Err(format!("a game in round {} of a cup of {} rounds", g.round, self.rounds));
        }
        for &(round, p) in &cup.byes {
            if !cup.games.iter().any(|g| g.round == round) {
                return Err(format!(
                    "a bye to {} in round {round}, which has no game (the last round played is \
                     {last})",
                    self.name(p)
                ));
            }
        }
        self.verify_forfeits()?;
        self.verify_records()?;
        // T8: withdrawn only after two forfeits.
        for (p, e) in cup.entrants.iter().enumerate() {
            if e.withdrawn && cup.forfeits(p) < 2 {
                return Err(format!(
                    "{} is withdrawn with {} forfeits (T8 withdraws after two)",
                    self.name(p),
                    cup.forfeits(p)
                ));
            }
        }
        for round in 1..=last {
            let seats = self.round_seats(round);
            self.verify_seated(round, &seats)?;
            self.verify_pairing(round, &seats)?;
        }
        Ok(())
    }

    /// Forfeits: only seats the timer removed (T7).
    fn verify_forfeits(&self) -> Result<(), String> {
        for (game, &table) in self.cup.games.iter().zip(&self.tables) {
            let record = self.records.iter().find(|r| r.table == Some(table));
            for (seat, claimed) in game.result.iter().flatten().enumerate() {
                if *claimed != crate::engine::cup::Seat::Forfeit {
                    continue;
                }
                let removed = record.is_some_and(|r| {
                    r.steps.iter().any(|s| {
                        matches!(s.action, Action::Remove { seat: x } if usize::from(x) == seat)
                    })
                });
                if !removed {
                    let who = game.players.get(seat).map_or("?", |&p| self.name(p));
                    return Err(format!(
                        "table {table}, seat {seat} ({who}): a forfeit, but its record shows no \
                         removal by the timer (T7)"
                    ));
                }
            }
        }
        Ok(())
    }

    /// Every record that ended is a game of the cup, with its result.
    fn verify_records(&self) -> Result<(), String> {
        for record in &self.records {
            let Some(table) = record.table else {
                return Err("a record of no table".to_owned());
            };
            let at =
                self.tables.iter().position(|&t| t == table).ok_or_else(|| {
                    format!("the record of table {table} is of no game of the cup")
                })?;
            if record.ranking.is_some() && self.cup.games[at].result.is_none() {
                return Err(format!(
                    "table {table}: its record ended with a ranking, but the cup shows no result"
                ));
            }
        }
        Ok(())
    }

    /// How many times `round` seats each player (a game or a bye each).
    fn round_seats(&self, round: u32) -> Vec<usize> {
        let cup = &self.cup;
        let mut seats = vec![0usize; cup.entrants.len()];
        for g in cup.games.iter().filter(|g| g.round == round) {
            for &p in &g.players {
                seats[p] += 1;
            }
        }
        for &(_, p) in cup.byes.iter().filter(|(r, _)| *r == round) {
            seats[p] += 1;
        }
        seats
    }

    /// `round` seats each player at most once, and leaves out only the withdrawn (or twice
    /// forfeited) and those who signed up after everyone it seats.
    fn verify_seated(&self, round: u32, seats: &[usize]) -> Result<(), String> {
        let cup = &self.cup;
        let n = cup.entrants.len();
        let before = |g: &&crate::engine::cup::CupGame| g.round < round;
        let forfeits_before = |p: usize| {
            let prefix = crate::engine::cup::Cup {
                games: cup.games.iter().filter(before).cloned().collect(),
                ..cup.clone()
            };
            prefix.forfeits(p)
        };
        for p in 0..n {
            if seats[p] > 1 {
                return Err(format!(
                    "round {round} seats {} {} times (a game or a bye each)",
                    self.name(p),
                    seats[p]
                ));
            }
            let excused = cup.entrants[p].withdrawn || forfeits_before(p) >= 2;
            if seats[p] == 1 || excused {
                continue;
            }
            let played_before = cup.games.iter().filter(before).any(|g| g.players.contains(&p))
                || cup.byes.iter().any(|&(r, q)| q == p && r < round);
            let later_plays = (p + 1..n).any(|q| seats[q] > 0);
            if played_before || later_plays {
                return Err(format!(
                    "round {round} does not seat {}, who is neither withdrawn nor signed up \
                     later",
                    self.name(p)
                ));
            }
        }
        Ok(())
    }

    /// `round`'s tables and byes are the pairing its rules make from the rounds before it,
    /// with the players it seats (`seats`).
    fn verify_pairing(&self, round: u32, seats: &[usize]) -> Result<(), String> {
        use crate::engine::cup::{Cup, pair_round};
        let cup = &self.cup;
        let mut prefix = Cup {
            games: cup.games.iter().filter(|g| g.round < round).cloned().collect(),
            byes: cup.byes.iter().copied().filter(|&(r, _)| r < round).collect(),
            ..cup.clone()
        };
        for (p, e) in prefix.entrants.iter_mut().enumerate() {
            e.withdrawn = seats[p] == 0;
        }
        let paired = pair_round(&prefix, round);
        let tables: Vec<Vec<usize>> =
            cup.games.iter().filter(|g| g.round == round).map(|g| g.players.clone()).collect();
        let byes: Vec<usize> =
            cup.byes.iter().filter(|(r, _)| *r == round).map(|&(_, p)| p).collect();
        let show = |t: &[Vec<usize>]| {
            t.iter().map(|t| format!("[{}]", self.names(t))).collect::<Vec<_>>().join(" ")
        };
        if paired.tables != tables {
            return Err(format!(
                "round {round}: the cup played {}, the rules pair {} from the rounds before",
                show(&tables),
                show(&paired.tables)
            ));
        }
        if paired.byes != byes {
            return Err(format!(
                "round {round}: byes to [{}], the rules give them to [{}] (T3)",
                self.names(&byes),
                self.names(&paired.byes)
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::computer::Level;

    /// A finished game's record: seeded choices by the normal computer.
    pub(crate) fn finished(kind: GameKind, players: usize, seed: u64) -> Record {
        let options = Options::default_for(kind);
        Record::computer_game(&options, players, &Seed::from_u64(seed), Level::Normal).unwrap()
    }

    /// A genuine cup export: five players, a three-round Swiss of two-seat Ludo games played by
    /// computers, paired by the cup's own rules.
    fn cup_export() -> CupExport {
        use crate::engine::cup::{Cup, CupGame, Entrant, Format, Seat, pair_round};
        let names = ["Ana", "Ben", "Cid", "Dee", "Eve"];
        let ratings = [1500.0, 1600.0, 1400.0, 1550.0, 1450.0];
        let mut cup = Cup {
            format: Format::Swiss,
            entrants: ratings.map(|rating| Entrant { rating, withdrawn: false }).to_vec(),
            games: Vec::new(),
            byes: Vec::new(),
        };
        let (mut tables, mut records) = (Vec::new(), Vec::new());
        for round in 1..=3 {
            let pairing = pair_round(&cup, round);
            for players in pairing.tables {
                let table = 100 + tables.len() as i64;
                let mut record = finished(GameKind::Ludo, 2, table as u64);
                record.table = Some(table);
                record.players = players.iter().map(|&p| names[p].to_owned()).collect();
                let ranking = record.ranking.clone().unwrap();
                let result = ranking.into_iter().map(Seat::Place).collect();
                cup.games.push(CupGame { round, players, result: Some(result) });
                tables.push(table);
                records.push(record);
            }
            cup.byes.extend(pairing.byes.iter().map(|&p| (round, p)));
        }
        let export = CupExport {
            format: CUP_FORMAT,
            game: GameKind::Ludo,
            rounds: 3,
            players: names.map(String::from).to_vec(),
            cup,
            tables,
            standings: Vec::new(),
            records,
        };
        CupExport { standings: export.computed_standings(), ..export }
    }

    /// Issue 61 item 5: a cup whose records all still verify, changed in its structure, is
    /// refused with the reason (byes, forfeits, results, games, ratings, withdrawals; T3, T7,
    /// T8 and the re-derived pairings).
    #[test]
    fn a_cup_changed_around_its_records_is_refused_with_the_reason() {
        use crate::engine::cup::Seat;
        let export = cup_export();
        assert_eq!(export.verify().map(|v| v.results), Ok(export.cup.games.len()));
        let check = |change: &dyn Fn(&mut CupExport), reason: &str| {
            let mut changed = export.clone();
            change(&mut changed);
            changed.standings = changed.computed_standings();
            let said = changed.verify().expect_err(reason);
            assert!(said.contains(reason), "{said:?} does not say {reason:?}");
        };
        // A bye to a player who also played that round.
        let played = export.cup.games[0].players[0];
        let who = export.players[played].clone();
        check(&|e| e.cup.byes.push((1, played)), &format!("round 1 seats {who} 2 times"));
        // A bye after the last round.
        check(
            &|e| e.cup.byes.push((4, played)),
            &format!("a bye to {who} in round 4, which has no game"),
        );
        // A bye moved to another player of round 1 who sat out... to one who played instead.
        let (_, bye) = export.cup.byes[0];
        check(
            &|e| {
                let game = e.cup.games.iter_mut().find(|g| g.round == 1).unwrap();
                let swapped = game.players[1];
                game.players[1] = bye;
                e.cup.byes[0] = (1, swapped);
                e.records[0].players[1] = e.players[bye].clone();
            },
            "round 1: ",
        );
        // A seat that finished, marked a forfeit.
        check(
            &|e| e.cup.games[0].result.as_mut().unwrap()[1] = Seat::Forfeit,
            "a forfeit, but its record shows no removal by the timer",
        );
        // A finished game's result erased.
        check(
            &|e| e.cup.games[0].result = None,
            "table 100: its record ended with a ranking, but the cup shows no result",
        );
        // A whole game removed, with its table and record.
        let first = export.names(&export.cup.games[0].players);
        let first = first.split(", ").min_by_key(|n| export.players.iter().position(|p| p == n));
        check(
            &|e| {
                e.cup.games.remove(0);
                e.tables.remove(0);
                e.records.remove(0);
            },
            &format!("round 1 does not seat {}", first.unwrap()),
        );
        // ... or only the game and its table: its record is of no game.
        check(
            &|e| {
                e.cup.games.remove(0);
                e.tables.remove(0);
            },
            "the record of table 100 is of no game of the cup",
        );
        // A rating changed: the first round is no longer the one its rules pair.
        check(&|e| e.cup.entrants[2].rating = 1700.0, "round 1: the cup played ");
        // A withdrawn flag changed.
        check(&|e| e.cup.entrants[0].withdrawn = true, "Ana is withdrawn with 0 forfeits");
        // A game beyond the cup's rounds.
        check(&|e| e.rounds = 2, "a game in round 3 of a cup of 2 rounds");
    }

    #[test]
    fn c1_c3_a_finished_record_verifies_in_every_game() {
        for (kind, players) in [(GameKind::Snakes, 3), (GameKind::Ludo, 4), (GameKind::Nardy, 2)] {
            let record = finished(kind, players, 5);
            let verified = record.verify().unwrap();
            assert!(verified.finished, "{kind}");
            assert_eq!(verified.steps, record.steps.len());
            assert!(verified.dice > 0);
            let text = serde_json::to_string(&record).unwrap();
            let back: Record = serde_json::from_str(&text).unwrap();
            assert_eq!(back, record, "{kind}: the record reads back as written");
        }
    }

    #[test]
    fn an_edited_roll_action_or_state_or_a_wrong_seed_is_caught() {
        let record = finished(GameKind::Ludo, 2, 9);
        // An edited roll.
        let mut edited = record.clone();
        let (i, dice) = edited
            .steps
            .iter_mut()
            .enumerate()
            .find_map(|(i, s)| match &mut s.action {
                Action::Roll { dice } => Some((i, dice)),
                _ => None,
            })
            .unwrap();
        dice[0] = dice[0] % 6 + 1;
        assert!(matches!(edited.verify(), Err(Mismatch::Dice { step, .. }) if step == i + 1));
        // An edited state.
        let mut edited = record.clone();
        let last = edited.steps.len() - 1;
        edited.steps[last].state = edited.steps[last - 1].state.clone();
        assert!(matches!(edited.verify(), Err(Mismatch::State { step, .. }) if step == last + 1));
        // An edited action: another piece than the one moved, or a move the rules refuse.
        let mut edited = record.clone();
        let at = edited.steps.iter().position(|s| matches!(s.action, Action::Move { .. })).unwrap();
        edited.steps[at].action = Action::Move { piece: 9 };
        assert!(matches!(edited.verify(), Err(Mismatch::Illegal { step, .. }) if step == at + 1));
        // A roll recorded where the game waits for a choice draws no dice from the seed: the
        // rules refuse it (item 3 of issue 34: one seed-to-dice function, no fallback count).
        let mut edited = record.clone();
        edited.steps[at].action = Action::Roll { dice: vec![3] };
        assert!(matches!(edited.verify(), Err(Mismatch::Illegal { step, .. }) if step == at + 1));
        // A wrong seed, with its own commitment or with the game's.
        let mut edited = record.clone();
        edited.seed = Seed::from_u64(10).to_hex();
        assert!(matches!(edited.verify(), Err(Mismatch::Commitment { .. })));
        edited.commitment = Seed::from_u64(10).commitment_hex();
        assert!(matches!(edited.verify(), Err(Mismatch::Dice { step: 1, .. })));
        // A ranking that is not the game's.
        let mut edited = record;
        edited.ranking.as_mut().unwrap().reverse();
        let json = serde_json::to_value(&edited).unwrap();
        let wrong = edited.verify();
        assert!(matches!(wrong, Err(Mismatch::Ranking { .. })));
        // Issue 46, item 18: said as a reader writes it, not as Rust debugs it.
        let said = wrong.unwrap_err().to_string();
        assert!(said.contains("ranking [") && !said.contains("Some("), "{said}");
        // The ranking key is required ("null" when the game did not finish): without it the
        // file is not the shape of a record (exit 2), not a mismatch (exit 1).
        let mut missing = json;
        missing.as_object_mut().unwrap().remove("ranking");
        assert!(serde_json::from_value::<Record>(missing.clone()).is_err());
        missing["ranking"] = serde_json::Value::Null;
        assert!(serde_json::from_value::<Record>(missing).is_ok());
    }

    #[test]
    fn a_long_game_shows_every_nth_move_within_the_frame_limit() {
        let renderer = Renderer::new();
        // Six players of Ludo: well over a thousand moves.
        let record = finished(GameKind::Ludo, 6, 2);
        let replay = record.replay().unwrap();
        assert!(replay.moves.len() > 2 * MAX_FRAMES, "{} moves", replay.moves.len());
        let players: Vec<Player> =
            record.players.iter().map(|n| Player { name: n.clone() }).collect();
        let animated = animate(&renderer, &replay, &players, Theme::Light, false).unwrap();
        assert!(
            (MAX_FRAMES * 3 / 4..=MAX_FRAMES).contains(&animated.frames),
            "{} frames",
            animated.frames
        );
        assert!(animated.gif.len() < 8 << 20, "{} bytes", animated.gif.len());
    }

    #[test]
    fn a_replay_animates_as_a_gif_that_decodes_with_a_frame_per_move() {
        let renderer = Renderer::new();
        let record = finished(GameKind::Snakes, 2, 3);
        let replay = record.replay().unwrap();
        let players: Vec<Player> =
            record.players.iter().map(|n| Player { name: n.clone() }).collect();
        let animated = animate(&renderer, &replay, &players, Theme::Light, false).unwrap();
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(&animated.gif[..]).unwrap();
        let mut frames = 0;
        let mut total_cs = 0u32;
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            frames += 1;
            total_cs += u32::from(frame.delay);
        }
        assert_eq!(frames, animated.frames);
        // Snakes moves after every roll: the set-up board, then a frame per roll at most.
        assert!(
            frames > 10 && frames <= replay.moves.len() + 1,
            "{frames} frames for {} moves",
            replay.moves.len()
        );
        assert!(total_cs >= (timing::START_MS + timing::END_MS) / 10);
    }
}
