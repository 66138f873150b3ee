//! The `dicetable engine` protocol: one JSON request per line on stdin, one JSON answer per line
//! on stdout. `docs/engine-protocol.md` is its reference; this module is its only implementation.
//!
//! A session holds at most one game with its seed and dice. Every answer carries `"ok"`. Bad
//! input of any kind is answered with `{"ok":false,"error":{"code":…,"message":…}}` and the
//! session goes on; nothing a line says can end it or make it panic.

use std::io::{BufRead, Write};

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

use crate::engine::{Action, Game, GameKind, Legal, OptionError, Options};
use crate::game::fair::{Roller, Seed};
use crate::game::setup;

/// A protocol session: the game being played, its seed and its dice.
#[derive(Default)]
pub struct Session {
    table: Option<Table>,
}

struct Table {
    game: Game,
    seed: Seed,
    roller: Roller,
}

/// A refused request: a stable code, a message for people, and optional details.
#[derive(Debug)]
struct Refusal {
    code: &'static str,
    message: String,
    reason: Option<&'static str>,
}

impl Refusal {
    fn new(code: &'static str, message: impl Into<String>) -> Self {
        Self { code, message: message.into(), reason: None }
    }
}

impl From<OptionError> for Refusal {
    fn from(e: OptionError) -> Self {
        let code = match e {
            OptionError::UnknownGame(_) => "unknown_game",
            OptionError::Players { .. } => "bad_players",
            _ => "bad_option",
        };
        Refusal::new(code, e.to_string())
    }
}

/// A seed given as 64 hex digits or as a number (see [`Seed::from_u64`]).
#[derive(Deserialize)]
#[serde(untagged)]
enum SeedArg {
    Number(u64),
    Hex(String),
}

impl SeedArg {
    fn seed(&self) -> Result<Seed, Refusal> {
        match self {
            SeedArg::Number(n) => Ok(Seed::from_u64(*n)),
            SeedArg::Hex(h) => {
                Seed::from_hex(h).map_err(|e| Refusal::new("bad_seed", e.to_string()))
            }
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewRequest {
    game: String,
    players: usize,
    #[serde(default)]
    seed: Option<SeedArg>,
    #[serde(default)]
    options: Map<String, Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayRequest {
    action: Value,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LoadRequest {
    game: String,
    state: Value,
    #[serde(default)]
    seed: Option<SeedArg>,
    #[serde(default)]
    next_roll: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Empty {}

impl Session {
    /// A session with no game yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Answers one request line; blank lines get no answer.
    pub fn handle_line(&mut self, line: &str) -> Option<String> {
        if line.trim().is_empty() {
            return None;
        }
        let answer = match self.handle(line) {
            Ok(Value::Object(mut body)) => {
                let mut out = Map::new();
                out.insert("ok".into(), Value::Bool(true));
                out.append(&mut body);
                Value::Object(out)
            }
            Ok(other) => json!({ "ok": true, "result": other }),
            Err(r) => {
                let mut error = json!({ "code": r.code, "message": r.message });
                if let Some(reason) = r.reason {
                    error["reason"] = json!(reason);
                }
                json!({ "ok": false, "error": error })
            }
        };
        Some(answer.to_string())
    }

    fn handle(&mut self, line: &str) -> Result<Value, Refusal> {
        let value: Value = serde_json::from_str(line)
            .map_err(|e| Refusal::new("bad_json", format!("not a JSON value: {e}")))?;
        let Value::Object(mut request) = value else {
            return Err(Refusal::new("bad_request", "a request is a JSON object with an \"op\""));
        };
        let op = match request.remove("op") {
            Some(Value::String(op)) => op,
            Some(_) => return Err(Refusal::new("bad_request", "\"op\" must be a string")),
            None => return Err(Refusal::new("bad_request", "missing field \"op\"")),
        };
        let body = Value::Object(request);
        match op.as_str() {
            "new" => self.new_game(fields(body)?),
            "load" => self.load(fields(body)?),
            "play" => {
                let PlayRequest { action } = fields(body)?;
                self.play(action)
            }
            "legal" => {
                fields::<Empty>(body)?;
                self.legal()
            }
            "state" => {
                fields::<Empty>(body)?;
                let table = self.table()?;
                Ok(state_answer(table))
            }
            "turns" => {
                fields::<Empty>(body)?;
                self.turns()
            }
            other => Err(Refusal::new(
                "unknown_op",
                format!("unknown op {other:?}; ops: new, load, legal, play, state, turns"),
            )),
        }
    }

    fn table(&self) -> Result<&Table, Refusal> {
        self.table
            .as_ref()
            .ok_or_else(|| Refusal::new("no_game", "no game yet: send \"new\" or \"load\" first"))
    }

    fn new_game(&mut self, request: NewRequest) -> Result<Value, Refusal> {
        let kind: GameKind = request.game.parse()?;
        let range = kind.players();
        if !range.contains(&request.players) {
            return Err(OptionError::Players {
                game: kind,
                min: *range.start(),
                max: *range.end(),
                got: request.players,
            }
            .into());
        }
        let options = Options::parse(kind, request.options.iter().map(|(k, v)| (k.as_str(), v)))?;
        let seed = match request.seed {
            Some(arg) => arg.seed()?,
            None => fresh_seed()?,
        };
        let game = setup::new_game(&options, request.players, &seed, 0)?;
        let roller = Roller::new(&seed, 0);
        let table = self.table.insert(Table { game, seed, roller });
        Ok(state_answer(table))
    }

    fn load(&mut self, request: LoadRequest) -> Result<Value, Refusal> {
        let kind: GameKind = request.game.parse()?;
        let game = Game::from_json(kind, &request.state)
            .map_err(|e| Refusal::new("bad_state", e.to_string()))?;
        let seed = match (request.seed, &self.table) {
            (Some(arg), _) => arg.seed()?,
            (None, Some(table)) => table.seed.clone(),
            (None, None) => fresh_seed()?,
        };
        let roller = Roller::new(&seed, request.next_roll);
        let table = self.table.insert(Table { game, seed, roller });
        Ok(state_answer(table))
    }

    fn legal(&self) -> Result<Value, Refusal> {
        let table = self.table()?;
        let legal = table.game.legal();
        let actions: Vec<Value> = match &legal {
            Legal::Roll { .. } | Legal::RollOff { .. } => vec![json!({ "type": "roll" })],
            Legal::Choose { actions, .. } => actions.iter().map(|a| json!(a)).collect(),
            Legal::Over => vec![],
        };
        let mut answer = state_answer(table);
        answer["to_move"] = json!(legal.to_move());
        answer["actions"] = Value::Array(actions);
        Ok(answer)
    }

    fn turns(&self) -> Result<Value, Refusal> {
        let table = self.table()?;
        let Game::Nardy(nardy) = &table.game else {
            return Err(Refusal::new(
                "not_supported",
                "\"turns\" lists whole turns of nardy; this game is played one action at a time",
            ));
        };
        let turns: Vec<Value> = nardy
            .turns()
            .into_iter()
            .map(|t| json!({ "board": t.board.to_vec(), "off": t.off, "steps": t.steps }))
            .collect();
        let mut answer = state_answer(table);
        answer["turns"] = Value::Array(turns);
        Ok(answer)
    }

    fn play(&mut self, mut action: Value) -> Result<Value, Refusal> {
        let table = self.table.as_mut().ok_or_else(|| {
            Refusal::new("no_game", "no game yet: send \"new\" or \"load\" first")
        })?;
        // A roll without dice is rolled here, from the table's seed (C1, C2).
        if let Value::Object(fields) = &mut action
            && fields.get("type") == Some(&json!("roll"))
            && !fields.contains_key("dice")
        {
            let dice = table.roller.roll_due(&table.game.legal());
            fields.insert("dice".into(), json!(dice));
        }
        let action: Action = serde_json::from_value(action)
            .map_err(|e| Refusal::new("bad_action", format!("not an action: {e}")))?;
        let events = table.game.play(&action).map_err(|e| Refusal {
            code: "illegal_action",
            message: e.to_string(),
            reason: Some(e.code()),
        })?;
        let mut answer = state_answer(table);
        answer["events"] = json!(events);
        Ok(answer)
    }
}

fn state_answer(table: &Table) -> Value {
    json!({
        "game": table.game.kind(),
        "commitment": table.seed.commitment_hex(),
        "next_roll": table.roller.position(),
        "state": table.game.to_json(),
    })
}

fn fields<T: DeserializeOwned>(body: Value) -> Result<T, Refusal> {
    serde_json::from_value(body).map_err(|e| Refusal::new("bad_request", e.to_string()))
}

fn fresh_seed() -> Result<Seed, Refusal> {
    Seed::generate().map_err(|e| Refusal::new("no_entropy", format!("no OS randomness: {e}")))
}

/// Runs a session over a reader and a writer until the input ends.
pub fn run(input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let mut session = Session::new();
    for line in input.lines() {
        let line = match line {
            Ok(line) => line,
            // Not UTF-8: answer like any other bad line and go on.
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                let answer = json!({"ok": false, "error": {"code": "bad_json", "message": "the line is not UTF-8"}});
                writeln!(output, "{answer}")?;
                output.flush()?;
                continue;
            }
            Err(e) => return Err(e),
        };
        if let Some(answer) = session.handle_line(&line) {
            writeln!(output, "{answer}")?;
            output.flush()?;
        }
    }
    Ok(())
}
