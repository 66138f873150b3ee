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

use super::{CupOp, Op, Pick, Target};
use crate::ids::TableId;

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
            CommandError::BadWord { command: "status", .. } => "err-status-word",
            CommandError::BadWord { command: "access", .. } => "err-access-word",
            CommandError::BadWord { command: "cup", .. } => "err-cup-command",
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

/// Who may use a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    /// Anyone in the chat.
    Anyone,
    /// A table's host, or a chat admin for them.
    HostOrAdmin,
    /// Anyone for themselves; a chat admin for the whole chat (`/lang chat fa`, `/boards edit`).
    AdminForTheChat,
    /// Anyone to sign up; the cup's host, or a chat admin for them, to start or cancel it.
    HostOrAdminForTheCup,
}

/// Where a command may name a table by its number among its words (see [`Op::AtTable`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Numbered {
    /// It names no table.
    No,
    /// `420` or `#420`.
    Any,
    /// Only `#420`: its words may be numbers of their own (a seat, a match length).
    HashOnly,
}

/// Where a command lives on Discord, whose slash commands have typed options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnDiscord {
    /// A slash command of its own (`/stats`, `/snakes start`), its options the adapter's.
    Own,
    /// A subcommand of `/game`, with these options in this order.
    Game {
        /// Its name under `/game`.
        sub: &'static str,
        /// A required user option (its name), for a command that names a person.
        person: Option<&'static str>,
        /// The game, for a channel with several tables.
        game: bool,
        /// The table's number, for a channel with several tables.
        table: bool,
        /// A yes/no option (its name), which puts its word among the command's (`text`).
        flag: Option<&'static str>,
    },
    /// Not a command there (a button does it, or Discord itself: `/start`).
    No,
}

/// How a command's words become an operation (the game, when typed after one: `/ludo join`).
type Parse = fn(Option<GameKind>, Vec<String>) -> Result<Op, CommandError>;

/// One chat command, declared once: its words, who may use it, where a table's number goes,
/// its help (the Fluent key `command-<name>`, the menus' line), its place on Discord and how
/// its words are read. The text parser, Telegram's menu and admin check, Discord's `/game`
/// subcommands and the help tests all read [`COMMANDS`].
#[derive(Debug)]
pub struct Spec {
    /// The command's word (`/join`).
    pub name: &'static str,
    /// Other words for it (`/begin`, `/go` for `/play`).
    pub aliases: &'static [&'static str],
    /// Who may use it.
    pub who: Who,
    /// Whether and how its words name a table.
    pub numbered: Numbered,
    /// In Telegram's command menu.
    pub menu: bool,
    /// Its place on Discord.
    pub discord: OnDiscord,
    /// Its words, read (`None`: a game's command, read by [`parse`] itself).
    parse: Option<Parse>,
}

impl Spec {
    /// The Fluent key of its one-line description (the menus, Discord's description).
    pub fn help_key(&self) -> String {
        format!("command-{}", self.name)
    }
}

const fn game(name: &'static str) -> Spec {
    Spec {
        name,
        aliases: &[],
        who: Who::Anyone,
        numbered: Numbered::No,
        menu: true,
        discord: OnDiscord::Own,
        parse: None,
    }
}

/// A command of a table (`/status`): anyone, a table by number, `/game <sub>` on Discord.
const fn at_table(name: &'static str, aliases: &'static [&'static str], parse: Parse) -> Spec {
    Spec {
        name,
        aliases,
        who: Who::Anyone,
        numbered: Numbered::Any,
        menu: true,
        discord: OnDiscord::Game { sub: name, person: None, game: true, table: true, flag: None },
        parse: Some(parse),
    }
}

/// A command of its own (`/stats`): anyone, no table, a slash command of its own on Discord.
const fn own(name: &'static str, aliases: &'static [&'static str], parse: Parse) -> Spec {
    Spec {
        name,
        aliases,
        who: Who::Anyone,
        numbered: Numbered::No,
        menu: true,
        discord: OnDiscord::Own,
        parse: Some(parse),
    }
}

/// Every chat command, in the order of Telegram's menu.
pub const COMMANDS: &[Spec] = &[
    game("snakes"),
    game("ludo"),
    game("nardy"),
    at_table("join", &[], join),
    at_table("leave", &[], |game, args| Ok(Op::Leave(named(game, &args)))),
    Spec { who: Who::HostOrAdmin, ..at_table("play", &["begin", "go"], play) },
    Spec {
        who: Who::HostOrAdmin,
        numbered: Numbered::HashOnly,
        discord: OnDiscord::No, // the lobby's options panel
        ..at_table("options", &["set"], options)
    },
    Spec {
        discord: OnDiscord::Game {
            sub: "status",
            person: None,
            game: true,
            table: true,
            flag: Some("text"),
        },
        ..at_table("status", &["board"], status)
    },
    at_table("history", &[], |game, args| Ok(Op::History(named(game, &args)))),
    at_table("resign", &["quit"], |game, args| Ok(Op::Resign(named(game, &args)))),
    Spec {
        who: Who::HostOrAdmin,
        numbered: Numbered::HashOnly,
        discord: OnDiscord::Game {
            sub: "kick",
            person: Some("player"),
            game: true,
            table: true,
            flag: None,
        },
        ..at_table("kick", &[], kick)
    },
    Spec { who: Who::HostOrAdmin, ..at_table("cancel", &[], cancel) },
    Spec {
        numbered: Numbered::No,
        discord: OnDiscord::Game {
            sub: "rules",
            person: None,
            game: true,
            table: false,
            flag: None,
        },
        ..at_table("rules", &[], |game, args| Ok(Op::Rules(named(game, &args))))
    },
    Spec {
        numbered: Numbered::No,
        discord: OnDiscord::Game {
            sub: "list",
            person: None,
            game: false,
            table: false,
            flag: None,
        },
        ..at_table("games", &["mygames"], |_, _| Ok(Op::Games))
    },
    own("notify", &["notifications"], |_, args| Ok(Op::Notify(args))),
    own("access", &["accessibility"], access),
    own("stats", &[], stats),
    own("top", &["leaderboard"], top),
    Spec {
        numbered: Numbered::No,
        discord: OnDiscord::Game {
            sub: "vs",
            person: Some("user"),
            game: false,
            table: false,
            flag: None,
        },
        ..at_table("vs", &["versus"], vs)
    },
    at_table("fair", &[], |game, args| Ok(Op::Fair(named(game, &args)))),
    Spec {
        numbered: Numbered::No,
        ..at_table("replay", &[], |game, args| Ok(Op::Replay(pick(game, &args))))
    },
    Spec {
        numbered: Numbered::No,
        ..at_table("export", &["record"], |game, args| Ok(Op::Export(pick(game, &args))))
    },
    Spec { who: Who::AdminForTheChat, ..own("lang", &["language"], lang) },
    Spec { who: Who::AdminForTheChat, ..own("boards", &[], boards) },
    Spec { who: Who::HostOrAdminForTheCup, ..own("cup", &["tournament"], cup) },
    own("help", &[], |_, _| Ok(Op::Help)),
    // A deep link's payload arrives as `/start <code>`; Telegram offers /start itself.
    Spec { menu: false, discord: OnDiscord::No, ..own("start", &[], start) },
];

/// The command a word names (its name or another word for it), in any case.
pub fn spec(word: &str) -> Option<&'static Spec> {
    let word = word.to_lowercase();
    COMMANDS.iter().find(|s| s.name == word || s.aliases.contains(&word.as_str()))
}

/// A general command (`/status`, or `/ludo status` with its game), aimed at a table if one is
/// numbered among its words (`/status 420`, see [`Op::AtTable`]).
fn general(name: &str, game: Option<GameKind>, mut args: Vec<String>) -> Result<Op, CommandError> {
    let unknown = || CommandError::Unknown(name.to_owned());
    let spec = spec(name).ok_or_else(unknown)?;
    let parse = spec.parse.ok_or_else(unknown)?;
    let table = match spec.numbered {
        Numbered::No => None,
        Numbered::Any => table_word(&mut args, false),
        Numbered::HashOnly => table_word(&mut args, true),
    };
    let op = parse(game, args)?;
    Ok(match table {
        Some(table) => Op::AtTable { table, op: Box::new(op) },
        None => op,
    })
}

/// Takes a table's number (`420` or `#420`; with `hash_only`, only `#420`) out of `args`.
fn table_word(args: &mut Vec<String>, hash_only: bool) -> Option<TableId> {
    let number = |word: &str| {
        let digits = match word.strip_prefix('#') {
            Some(digits) => digits,
            None if hash_only => return None,
            None => word,
        };
        let all_digits = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        digits.parse::<i64>().ok().filter(|&n| all_digits && n > 0).map(TableId::new)
    };
    let at = args.iter().position(|w| number(w).is_some())?;
    number(&args.remove(at))
}

/// A game named after the command (`/join ludo`), unless it was typed before it.
/// `/status` (`/board`), or with `text` among its words the board as text (`/board text`).
fn status(game: Option<GameKind>, args: Vec<String>) -> Result<Op, CommandError> {
    let text = |w: &String| w.eq_ignore_ascii_case("text");
    let mut rest: Vec<String> = args.iter().filter(|w| !text(w)).cloned().collect();
    let game = game_first(game, &mut rest, false);
    // Any word left over is refused, a number that names no table (`/board text 0`) too: it
    // showed the room's only table as if it were table 0 (issue 61).
    if let Some(word) = rest.first() {
        return Err(CommandError::BadWord { command: "status", word: word.clone() });
    }
    Ok(if args.iter().any(text) { Op::BoardText(game) } else { Op::Status(game) })
}

/// `/cup` (show it), `/cup join|leave|start|cancel`, `/cup excuse|lift <name>`, or `/cup <game>
/// words…` (open one).
fn cup(_: Option<GameKind>, mut args: Vec<String>) -> Result<Op, CommandError> {
    let Some(first) = args.first().map(|w| w.to_lowercase()) else {
        return Ok(Op::Cup(CupOp::Show));
    };
    if let Ok(game) = first.parse::<GameKind>() {
        args.remove(0);
        return Ok(Op::Cup(CupOp::Create { game, words: args }));
    }
    if let Some(person) = matches!(first.as_str(), "excuse" | "lift").then(|| args[1..].join(" ")) {
        if person.trim().is_empty() {
            return Err(CommandError::Missing("cup"));
        }
        let target = Target::Typed(person);
        return Ok(Op::Cup(if first == "excuse" {
            CupOp::Excuse(target)
        } else {
            CupOp::Lift(target)
        }));
    }
    let op = match first.as_str() {
        "join" | "signup" | "sign-up" => CupOp::Join,
        "leave" => CupOp::Leave,
        "start" | "play" | "begin" => CupOp::Start,
        "cancel" => CupOp::Cancel,
        "show" | "status" | "standings" => CupOp::Show,
        "export" | "record" => CupOp::Export,
        _ => return Err(CommandError::BadWord { command: "cup", word: args[0].clone() }),
    };
    if let Some(extra) = args.get(1) {
        return Err(CommandError::BadWord { command: "cup", word: extra.clone() });
    }
    Ok(Op::Cup(op))
}

/// `/access on|off` (none: say which).
fn access(_: Option<GameKind>, args: Vec<String>) -> Result<Op, CommandError> {
    match args.first().map(|w| w.to_lowercase()).as_deref() {
        None => Ok(Op::Access(None)),
        Some("on" | "yes") if args.len() == 1 => Ok(Op::Access(Some(true))),
        Some("off" | "no") if args.len() == 1 => Ok(Op::Access(Some(false))),
        Some(_) => {
            let word = args.iter().find(|w| !matches!(w.to_lowercase().as_str(), "on" | "off"));
            let word = word.unwrap_or(&args[0]).clone();
            Err(CommandError::BadWord { command: "access", word })
        }
    }
}

fn named(game: Option<GameKind>, args: &[String]) -> Option<GameKind> {
    game.or_else(|| args.first().and_then(|w| w.to_lowercase().parse().ok()))
}

/// Takes a game named first among `args` out of them, unless it was typed before the command
/// (`/options ludo 5m`); with `keep_last`, a lone word stays (`/kick ludo`: a player so named).
fn game_first(game: Option<GameKind>, args: &mut Vec<String>, keep_last: bool) -> Option<GameKind> {
    game.or_else(|| {
        let g = args.first().and_then(|w| w.to_lowercase().parse().ok());
        if g.is_some() && !(keep_last && args.len() == 1) {
            args.remove(0);
            return g;
        }
        None
    })
}

fn join(game: Option<GameKind>, args: Vec<String>) -> Result<Op, CommandError> {
    Ok(match args.first() {
        Some(code) if game.is_none() && code.starts_with('i') && code.contains('_') => {
            Op::Invite(code.clone())
        }
        _ => Op::Join(named(game, &args)),
    })
}

fn play(game: Option<GameKind>, args: Vec<String>) -> Result<Op, CommandError> {
    Ok(Op::Start(named(game, &args)))
}

fn options(game: Option<GameKind>, mut args: Vec<String>) -> Result<Op, CommandError> {
    let game = game_first(game, &mut args, false);
    Ok(Op::Options { game, words: args })
}

fn kick(game: Option<GameKind>, mut args: Vec<String>) -> Result<Op, CommandError> {
    let game = game_first(game, &mut args, true);
    if args.is_empty() {
        return Err(CommandError::Missing("kick"));
    }
    Ok(Op::Kick { game, target: args.join(" ").into() })
}

fn cancel(game: Option<GameKind>, args: Vec<String>) -> Result<Op, CommandError> {
    Ok(Op::Cancel(named(game, &args)))
}

fn stats(_: Option<GameKind>, args: Vec<String>) -> Result<Op, CommandError> {
    Ok(match args.first().map(|w| w.to_lowercase()).as_deref() {
        None => Op::Stats,
        Some("public") => Op::Public(true),
        Some("private") => Op::Public(false),
        Some(word) => match word.parse::<GameKind>() {
            Ok(g) => Op::StatsOf(g),
            Err(_) => {
                return Err(CommandError::BadWord { command: "stats", word: word.to_owned() });
            }
        },
    })
}

fn vs(_: Option<GameKind>, args: Vec<String>) -> Result<Op, CommandError> {
    if args.is_empty() {
        return Err(CommandError::Missing("vs"));
    }
    Ok(Op::Vs(args.join(" ").into()))
}

fn top(game: Option<GameKind>, args: Vec<String>) -> Result<Op, CommandError> {
    if args.is_empty() && game.is_none() {
        return Ok(Op::Top);
    }
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
                    return Err(CommandError::BadWord { command: "top", word: w.to_owned() });
                }
            },
        }
    }
    Ok(Op::Ladder { game: named, scope })
}

fn lang(_: Option<GameKind>, args: Vec<String>) -> Result<Op, CommandError> {
    let chat = args.first().is_some_and(|w| w.eq_ignore_ascii_case("chat"));
    let code = args.get(usize::from(chat)).map(|w| w.to_lowercase());
    Ok(Op::Lang { chat, code })
}

fn boards(_: Option<GameKind>, args: Vec<String>) -> Result<Op, CommandError> {
    Ok(match args.first().map(|w| w.to_lowercase()).as_deref() {
        None => Op::Boards(None),
        Some("edit" | "quiet") => Op::Boards(Some(super::BoardMode::Edit)),
        Some("new") => Op::Boards(Some(super::BoardMode::New)),
        Some("tidy") => Op::Boards(Some(super::BoardMode::Tidy)),
        Some(word) => {
            return Err(CommandError::BadWord { command: "boards", word: word.to_owned() });
        }
    })
}

fn start(_: Option<GameKind>, args: Vec<String>) -> Result<Op, CommandError> {
    Ok(match args.into_iter().next() {
        Some(code) => Op::Invite(code),
        None => Op::Help,
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
        (Some(n), _) => Pick::Table(TableId::new(n)),
        (None, Some(g)) => Pick::Game(g),
        (None, None) => Pick::Last,
    }
}

#[cfg(test)]
mod tests;
