//! Text commands, as typed in the playground and in Telegram: `/snakes start bounce 5m`,
//! `/join`, `/kick@dicetable_bot Sara`, … (Discord has slash commands and builds [`Op`]s itself).
//!
//! | command | does |
//! |---|---|
//! | `/snakes`, `/ludo`, `/nardy` `[start] [private] [words…]` | open a lobby with options |
//! | `/<game> join\|leave\|play\|status\|history\|fair\|resign\|cancel\|options …\|kick …` | the same as below, for that game |
//! | `/join`, `/leave`, `/play` (start the game), `/options words…` | lobby |
//! | `/resign`, `/kick name`, `/cancel`, `/status`, `/history`, `/fair` | a running table |
//! | `/rules [game]` | the rules, with the options of the chat's table |
//! | `/replay [game\|table]`, `/export [game\|table]` | a finished game as an animation, as a record |
//! | `/start <code>`, `/join <code>` | join a private table by its invite code |
//! | `/notify [on\|off\|after 10m\|quiet 23-7\|tz +3:30]`, `/games` | turn notices, your open tables |
//! | `/stats`, `/top`, `/lang [chat] [en\|fa\|ru\|tl]`, `/boards new\|edit`, `/help`, `/start` | the rest |

use crate::engine::GameKind;

use super::{Op, Pick};

/// A parsed command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// What to do.
    pub op: Op,
    /// `private` was asked for (a table whose boards go to each player privately).
    pub private: bool,
}

/// Why a text was not a command we know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// The text does not start with `/`.
    #[error("not a command")]
    NotCommand,
    /// A command we do not have.
    #[error("unknown command /{0}")]
    Unknown(String),
    /// A command that needs an argument got none (e.g. `/kick`).
    #[error("/{0} needs more")]
    Missing(&'static str),
    /// A command that takes one of a few words got another (`/boards sideways`).
    #[error("/{command} does not take {word:?}")]
    BadWord {
        /// The command.
        command: &'static str,
        /// The word given.
        word: String,
    },
}

impl CommandError {
    /// The message that answers it (in the Fluent files); a refusal of a word names the words
    /// the command takes.
    pub fn key(&self) -> &'static str {
        match self {
            CommandError::Missing(_) => "err-command-incomplete",
            CommandError::BadWord { command: "boards", .. } => "err-boards-word",
            CommandError::BadWord { command: "top", .. } => "err-top-word",
            CommandError::BadWord { command: "stats", .. } => "err-stats-word",
            CommandError::BadWord { .. } => "err-command-incomplete",
            CommandError::NotCommand | CommandError::Unknown(_) => "err-unknown-command",
        }
    }
}

/// Parses a chat message. `@botname` after the command is accepted and ignored (groups).
pub fn parse(text: &str) -> Result<Command, CommandError> {
    // Invisible direction marks copied from a message (around a command or a number) are not
    // part of what was typed.
    let text: String = text
        .chars()
        .filter(|c| !matches!(c, '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}'))
        .collect();
    let text = text.trim();
    let Some(rest) = text.strip_prefix('/') else {
        return Err(CommandError::NotCommand);
    };
    let mut words = rest.split_whitespace();
    let head = words.next().unwrap_or("");
    let name = head.split('@').next().unwrap_or("").to_lowercase();
    let args: Vec<String> = words.map(str::to_owned).collect();
    if let Ok(game) = name.parse::<GameKind>() {
        return game_command(game, args);
    }
    let op = general(&name, None, args)?;
    Ok(Command { op, private: false })
}

fn game_command(game: GameKind, mut args: Vec<String>) -> Result<Command, CommandError> {
    let mut private = false;
    let first = args.first().map(|w| w.to_lowercase());
    match first.as_deref() {
        None | Some("start" | "new" | "private") => {
            if first.as_deref() == Some("start") || first.as_deref() == Some("new") {
                args.remove(0);
            }
            // `private` stays an option word (the table remembers it); the flag lets an adapter
            // refuse private tables where it cannot serve them.
            private = args.iter().any(|w| w.eq_ignore_ascii_case("private"));
            Ok(Command { op: Op::Create { game, words: args }, private })
        }
        Some(sub) => match general(sub, Some(game), args[1..].to_vec()) {
            Ok(op) => Ok(Command { op, private }),
            // `/snakes quick bounce 5m` opens a lobby with all those options (each word is
            // applied or refused by name).
            Err(CommandError::Unknown(_)) => {
                private = args.iter().any(|w| w.eq_ignore_ascii_case("private"));
                Ok(Command { op: Op::Create { game, words: args }, private })
            }
            Err(e) => Err(e),
        },
    }
}

/// A general command (`/status`, or `/ludo status` with its game), aimed at a table if one is
/// numbered among its words (`/status 420`, see [`Op::AtTable`]).
fn general(name: &str, game: Option<GameKind>, mut args: Vec<String>) -> Result<Op, CommandError> {
    let table = match name {
        "join" | "leave" | "play" | "begin" | "go" | "resign" | "quit" | "cancel" | "status"
        | "board" | "history" | "fair" => table_word(&mut args, false),
        // Their words may be numbers of their own (a seat, a match length): only `#420`.
        "kick" | "options" | "set" => table_word(&mut args, true),
        _ => None,
    };
    let op = command_op(name, game, args)?;
    Ok(match table {
        Some(table) => Op::AtTable { table, op: Box::new(op) },
        None => op,
    })
}

/// Takes a table's number (`420` or `#420`; with `hash_only`, only `#420`) out of `args`.
fn table_word(args: &mut Vec<String>, hash_only: bool) -> Option<i64> {
    let number = |word: &str| {
        let digits = match word.strip_prefix('#') {
            Some(digits) => digits,
            None if hash_only => return None,
            None => word,
        };
        let all_digits = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        digits.parse::<i64>().ok().filter(|&n| all_digits && n > 0)
    };
    let at = args.iter().position(|w| number(w).is_some())?;
    number(&args.remove(at))
}

fn command_op(name: &str, game: Option<GameKind>, args: Vec<String>) -> Result<Op, CommandError> {
    // A game named after the command: `/join ludo`.
    let named = |args: &[String]| -> Option<GameKind> {
        game.or_else(|| args.first().and_then(|w| w.to_lowercase().parse().ok()))
    };
    Ok(match name {
        "join" => match args.first() {
            Some(code) if game.is_none() && code.starts_with('i') && code.contains('_') => {
                Op::Invite(code.clone())
            }
            _ => Op::Join(named(&args)),
        },
        "leave" => Op::Leave(named(&args)),
        "play" | "begin" | "go" => Op::Start(named(&args)),
        "options" | "set" => {
            let mut args = args;
            let g = game.or_else(|| {
                let g = args.first().and_then(|w| w.to_lowercase().parse().ok());
                if g.is_some() {
                    args.remove(0);
                }
                g
            });
            Op::Options { game: g, words: args }
        }
        "resign" | "quit" => Op::Resign(named(&args)),
        "kick" => {
            let mut args = args;
            let g = game.or_else(|| {
                let g = args.first().and_then(|w| w.to_lowercase().parse().ok());
                if g.is_some() && args.len() > 1 {
                    args.remove(0);
                    g
                } else {
                    None
                }
            });
            if args.is_empty() {
                return Err(CommandError::Missing("kick"));
            }
            Op::Kick { game: g, target: args.join(" ").into() }
        }
        "cancel" => Op::Cancel(named(&args)),
        "status" | "board" => Op::Status(named(&args)),
        "history" => Op::History(named(&args)),
        "fair" => Op::Fair(named(&args)),
        "stats" => match args.first().map(|w| w.to_lowercase()).as_deref() {
            None => Op::Stats,
            Some("public") => Op::Public(true),
            Some("private") => Op::Public(false),
            Some(word) => match word.parse::<GameKind>() {
                Ok(g) => Op::StatsOf(g),
                Err(_) => {
                    return Err(CommandError::BadWord { command: "stats", word: word.to_owned() });
                }
            },
        },
        "vs" | "versus" => {
            if args.is_empty() {
                return Err(CommandError::Missing("vs"));
            }
            Op::Vs(args.join(" ").into())
        }
        "notify" | "notifications" => Op::Notify(args),
        "games" | "mygames" => Op::Games,
        "top" | "leaderboard" if args.is_empty() && game.is_none() => Op::Top,
        "top" | "leaderboard" => {
            let mut scope = super::Scope::Season;
            let mut named = game;
            for word in &args {
                match word.to_lowercase().as_str() {
                    "all" => scope = super::Scope::AllTime,
                    "global" => scope = super::Scope::Global,
                    "season" => scope = super::Scope::Season,
                    w => match w.parse::<GameKind>() {
                        Ok(g) => named = Some(g),
                        Err(_) => {
                            return Err(CommandError::BadWord {
                                command: "top",
                                word: w.to_owned(),
                            });
                        }
                    },
                }
            }
            Op::Ladder { game: named, scope }
        }
        "lang" | "language" => {
            let chat = args.first().is_some_and(|w| w.eq_ignore_ascii_case("chat"));
            let code = args.get(usize::from(chat)).map(|w| w.to_lowercase());
            Op::Lang { chat, code }
        }
        "boards" => match args.first().map(|w| w.to_lowercase()).as_deref() {
            None => Op::Boards(None),
            Some("edit" | "quiet") => Op::Boards(Some(super::BoardMode::Edit)),
            Some("new") => Op::Boards(Some(super::BoardMode::New)),
            Some(word) => {
                return Err(CommandError::BadWord { command: "boards", word: word.to_owned() });
            }
        },
        "rules" => Op::Rules(named(&args)),
        "replay" => Op::Replay(pick(game, &args)),
        "export" | "record" => Op::Export(pick(game, &args)),
        // A deep link's payload arrives as `/start <code>`.
        "start" => match args.into_iter().next() {
            Some(code) => Op::Invite(code),
            None => Op::Help,
        },
        "help" => Op::Help,
        other => return Err(CommandError::Unknown(other.to_owned())),
    })
}

/// The ended table `/replay` and `/export` mean: a number (`12` or `#12`), a game, or the last;
/// any other word (`abc`, `1e9`, a number too long to be a table's) is [`Pick::Unknown`].
fn pick(game: Option<GameKind>, args: &[String]) -> Pick {
    let mut number = None;
    let mut named = game;
    for word in args {
        if let Ok(g) = word.to_lowercase().parse::<GameKind>() {
            named = named.or(Some(g));
            continue;
        }
        let digits = word.strip_prefix('#').unwrap_or(word);
        match digits.parse::<i64>() {
            Ok(n) if n > 0 && digits.bytes().all(|b| b.is_ascii_digit()) => {
                number = number.or(Some(n));
            }
            _ => return Pick::Unknown(word.clone()),
        }
    }
    match (number, named) {
        (Some(n), _) => Pick::Table(n),
        (None, Some(g)) => Pick::Game(g),
        (None, None) => Pick::Last,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn op(text: &str) -> Op {
        parse(text).unwrap().op
    }

    #[test]
    fn games_open_lobbies_with_words() {
        assert_eq!(
            op("/snakes start bounce 5m"),
            Op::Create { game: GameKind::Snakes, words: vec!["bounce".into(), "5m".into()] }
        );
        assert_eq!(op("/ludo"), Op::Create { game: GameKind::Ludo, words: vec![] });
        // Every word after the game is an option, not only the first (README's examples).
        let words = |text: &str| text.split(' ').map(str::to_owned).collect::<Vec<_>>();
        for (text, game, expected) in [
            ("/snakes quick bounce 5m", GameKind::Snakes, "quick bounce 5m"),
            ("/ludo capture all", GameKind::Ludo, "capture all"),
            ("/nardy 3 lower strict 1m", GameKind::Nardy, "3 lower strict 1m"),
            ("/snakes quick bogus", GameKind::Snakes, "quick bogus"),
        ] {
            assert_eq!(op(text), Op::Create { game, words: words(expected) }, "{text}");
        }
        assert_eq!(
            op("/nardy@dicetable_bot 3"),
            Op::Create { game: GameKind::Nardy, words: vec!["3".into()] }
        );
        let c = parse("/snakes private quick").unwrap();
        assert!(c.private);
        assert_eq!(
            c.op,
            Op::Create { game: GameKind::Snakes, words: vec!["private".into(), "quick".into()] }
        );
        assert_eq!(op("/start i2s_0123456789abcdef"), Op::Invite("i2s_0123456789abcdef".into()));
        assert_eq!(op("/join i2s_0123456789abcdef"), Op::Invite("i2s_0123456789abcdef".into()));
        assert_eq!(op("/start"), Op::Help);
        assert_eq!(op("/rules ludo"), Op::Rules(Some(GameKind::Ludo)));
        assert_eq!(op("/nardy rules"), Op::Rules(Some(GameKind::Nardy)));
        assert_eq!(op("/rules"), Op::Rules(None));
        assert_eq!(op("/replay"), Op::Replay(Pick::Last));
        assert_eq!(op("/replay #12"), Op::Replay(Pick::Table(12)));
        assert_eq!(op("/replay 12"), Op::Replay(Pick::Table(12)));
        assert_eq!(op("/ludo replay"), Op::Replay(Pick::Game(GameKind::Ludo)));
        assert_eq!(op("/export nardy"), Op::Export(Pick::Game(GameKind::Nardy)));
        assert_eq!(op("/export@dicetable_bot 7"), Op::Export(Pick::Table(7)));
        // A word that is no game and no table number is refused by name, not read as "last".
        assert_eq!(op("/replay abc"), Op::Replay(Pick::Unknown("abc".into())));
        let long = "99999999999999999999999";
        assert_eq!(op(&format!("/replay {long}")), Op::Replay(Pick::Unknown(long.into())));
        assert_eq!(op("/export 1e9"), Op::Export(Pick::Unknown("1e9".into())));
        assert_eq!(op("/export +5"), Op::Export(Pick::Unknown("+5".into())));
        assert_eq!(op("/ludo replay 0"), Op::Replay(Pick::Unknown("0".into())));
    }

    #[test]
    fn table_commands_with_and_without_a_game() {
        assert_eq!(op("/join"), Op::Join(None));
        assert_eq!(op("/join ludo"), Op::Join(Some(GameKind::Ludo)));
        assert_eq!(op("/ludo join"), Op::Join(Some(GameKind::Ludo)));
        assert_eq!(op("/kick Sara Ahmadi"), Op::Kick { game: None, target: "Sara Ahmadi".into() });
        assert_eq!(
            op("/kick nardy 2"),
            Op::Kick { game: Some(GameKind::Nardy), target: "2".into() }
        );
        assert_eq!(op("/lang chat fa"), Op::Lang { chat: true, code: Some("fa".into()) });
        assert_eq!(op("/lang"), Op::Lang { chat: false, code: None });
        assert_eq!(
            op("/options snakes bounce"),
            Op::Options { game: Some(GameKind::Snakes), words: vec!["bounce".into()] }
        );
        // A table's number picks one of several (issue 33): `420` or `#420`; where the words
        // may be numbers of their own (a seat, a match length), only `#420`.
        let at = |table, op| Op::AtTable { table, op: Box::new(op) };
        assert_eq!(op("/status 420"), at(420, Op::Status(None)));
        assert_eq!(op("/ludo status #420"), at(420, Op::Status(Some(GameKind::Ludo))));
        assert_eq!(op("/history ludo 7"), at(7, Op::History(Some(GameKind::Ludo))));
        assert_eq!(op("/fair 7"), at(7, Op::Fair(None)));
        assert_eq!(op("/cancel 7"), at(7, Op::Cancel(None)));
        assert_eq!(op("/resign 7"), at(7, Op::Resign(None)));
        assert_eq!(op("/join 7"), at(7, Op::Join(None)));
        assert_eq!(
            op("/kick #7 2"),
            at(7, Op::Kick { game: None, target: "2".into() }),
            "the seat stays the target"
        );
        assert_eq!(
            op("/options #7 3"),
            at(7, Op::Options { game: None, words: vec!["3".into()] }),
            "a match length stays an option"
        );
        assert_eq!(op("/status 0"), Op::Status(None), "no table is numbered 0");
        // A number copied from a message with its invisible isolation marks.
        assert_eq!(op("/status \u{2068}420\u{2069}"), at(420, Op::Status(None)));
        assert_eq!(op("\u{200E}/status 420\u{200E}"), at(420, Op::Status(None)));
    }

    #[test]
    fn not_commands_and_unknown_commands() {
        assert_eq!(parse("hello"), Err(CommandError::NotCommand));
        assert_eq!(parse("/dance"), Err(CommandError::Unknown("dance".into())));
        assert_eq!(parse("/kick"), Err(CommandError::Missing("kick")));
        assert_eq!(parse("/"), Err(CommandError::Unknown(String::new())));
        // A word the command does not take is answered with the words it does (issue 33).
        let e = parse("/boards sideways").unwrap_err();
        assert_eq!(e, CommandError::BadWord { command: "boards", word: "sideways".into() });
        assert_eq!(e.key(), "err-boards-word");
        assert_eq!(parse("/kick").unwrap_err().key(), "err-command-incomplete");
        assert_eq!(parse("/dance").unwrap_err().key(), "err-unknown-command");
    }
}
