//! The slash commands: what Discord is told they are (command names localized in Russian,
//! option names in English and Russian, descriptions; all from the Fluent files; a game's
//! options from its registry), and the table operation each one asks for.

use serenity::all::{
    CommandOptionType, CreateCommand, CreateCommandOption, ResolvedOption, ResolvedValue,
};

use super::message::clip;
use crate::engine::{Allowed, GameKind, registry};
use crate::ids::TableId;
use crate::table::command::{COMMANDS, OnDiscord};
use crate::table::i18n::Lang;
use crate::table::{BoardMode, CupOp, Op, Pick, Scope, Service, Target, words};

/// The table operation a slash command asks for, or `None` for a command we do not have.
pub(super) fn command_op(name: &str, options: &[ResolvedOption<'_>]) -> Option<Op> {
    let game: Option<GameKind> = name.parse().ok();
    if let Some(game) = game {
        // `/snakes start …options`
        let sub = options.first()?;
        let ResolvedValue::SubCommand(args) = &sub.value else { return None };
        let words = args.iter().filter_map(word).collect();
        return match sub.name {
            "start" => Some(Op::Create { game, words }),
            _ => None,
        };
    }
    match name {
        "game" => {
            let sub = options.first()?;
            let ResolvedValue::SubCommand(args) = &sub.value else { return None };
            game_op(sub.name, args)
        }
        "stats" => {
            let game = options.iter().find_map(|o| match (o.name, &o.value) {
                ("game", ResolvedValue::String(s)) => s.parse::<GameKind>().ok(),
                _ => None,
            });
            let public = options.iter().find_map(|o| match (o.name, &o.value) {
                ("public", ResolvedValue::Boolean(b)) => Some(*b),
                _ => None,
            });
            Some(match (public, game) {
                (Some(public), _) => Op::Public(public),
                (None, Some(game)) => Op::StatsOf(game),
                (None, None) => Op::Stats,
            })
        }
        "notify" => {
            let words = options.iter().find_map(|o| match (o.name, &o.value) {
                ("set", ResolvedValue::String(s)) => Some(*s),
                _ => None,
            });
            Some(Op::Notify(words.unwrap_or("").split_whitespace().map(str::to_owned).collect()))
        }
        "top" => {
            let game = options.iter().find_map(|o| match (o.name, &o.value) {
                ("game", ResolvedValue::String(s)) => s.parse::<GameKind>().ok(),
                _ => None,
            });
            let scope = options.iter().find_map(|o| match (o.name, &o.value) {
                ("scope", ResolvedValue::String("all")) => Some(Scope::AllTime),
                ("scope", ResolvedValue::String("global")) => Some(Scope::Global),
                ("scope", ResolvedValue::String(_)) => Some(Scope::Season),
                _ => None,
            });
            Some(match (game, scope) {
                (None, None) => Op::Top,
                (game, scope) => Op::Ladder { game, scope: scope.unwrap_or_default() },
            })
        }
        "help" => Some(Op::Help),
        "cup" => {
            let sub = options.first()?;
            let ResolvedValue::SubCommand(args) = &sub.value else { return None };
            cup_op(sub.name, args)
        }
        "access" => Some(Op::Access(options.iter().find_map(|o| match (o.name, &o.value) {
            ("on", ResolvedValue::Boolean(on)) => Some(*on),
            _ => None,
        }))),
        "lang" => Some(lang_op(options)),
        "boards" => {
            let mode = options.iter().find_map(|o| match o.value {
                ResolvedValue::String("edit") => Some(BoardMode::Edit),
                ResolvedValue::String("new") => Some(BoardMode::New),
                ResolvedValue::String("tidy") => Some(BoardMode::Tidy),
                _ => None,
            });
            Some(Op::Boards(mode))
        }
        _ => None,
    }
}

/// `/cup <sub>`: `start` opens a cup with typed options (the game, rounds, each round's time,
/// the format, the seats, the game's options as words); `begin` starts its rounds; `excuse`
/// and `lift` name a player.
fn cup_op(sub: &str, args: &[ResolvedOption<'_>]) -> Option<Op> {
    let op = match sub {
        "start" => {
            let mut game = None;
            let mut words = Vec::new();
            for o in args {
                match (o.name, &o.value) {
                    ("game", ResolvedValue::String(g)) => game = g.parse::<GameKind>().ok(),
                    ("rounds" | "seats", ResolvedValue::Integer(n)) => {
                        words.push(format!("{}={n}", o.name))
                    }
                    ("window" | "format", ResolvedValue::String(w)) => words.push((*w).to_owned()),
                    ("starts", ResolvedValue::String(w)) => words.push(format!("start={w}")),
                    ("options", ResolvedValue::String(w)) => {
                        words.extend(w.split_whitespace().map(str::to_owned))
                    }
                    _ => {}
                }
            }
            CupOp::Create { game: game?, words }
        }
        "join" => CupOp::Join,
        "leave" => CupOp::Leave,
        "begin" => CupOp::Start,
        "cancel" => CupOp::Cancel,
        "show" => CupOp::Show,
        "export" => CupOp::Export,
        "excuse" | "lift" => {
            let target = args.iter().find(|o| o.name == "who").and_then(|o| match o.value {
                ResolvedValue::User(user, member) => Some(picked(user, member)),
                _ => None,
            })?;
            if sub == "excuse" { CupOp::Excuse(target) } else { CupOp::Lift(target) }
        }
        _ => return None,
    };
    Some(Op::Cup(op))
}

/// `/lang` with its options: the language, and for the whole server or not.
fn lang_op(options: &[ResolvedOption<'_>]) -> Op {
    let mut code = None;
    let mut chat = false;
    for o in options {
        match (o.name, &o.value) {
            ("language", ResolvedValue::String(s)) => code = Some((*s).to_owned()),
            ("server", ResolvedValue::Boolean(b)) => chat = *b,
            _ => {}
        }
    }
    Op::Lang { chat, code }
}

/// The table operation a `/game <sub>` subcommand asks for, from its options.
fn game_op(sub: &str, args: &[ResolvedOption<'_>]) -> Option<Op> {
    let string = |key: &str| {
        args.iter().find(|o| o.name == key).and_then(|o| match o.value {
            ResolvedValue::String(s) => Some(s.to_owned()),
            _ => None,
        })
    };
    let game = string("game").and_then(|g| g.parse::<GameKind>().ok());
    let flag = |key: &str| {
        args.iter().any(|o| o.name == key && matches!(o.value, ResolvedValue::Boolean(true)))
    };
    let table = args.iter().find(|o| o.name == "table").and_then(|o| match o.value {
        ResolvedValue::Integer(n) => Some(TableId::new(n)),
        _ => None,
    });
    // A table by its number, where the channel has several (see `Op::AtTable`).
    let at = |op: Op| match table {
        Some(table) if !matches!(sub, "rules" | "replay" | "export") => {
            Op::AtTable { table, op: Box::new(op) }
        }
        _ => op,
    };
    Some(at(match sub {
        "join" => Op::Join(game),
        "leave" => Op::Leave(game),
        "play" => Op::Start(game),
        // `/game status text:true`: the board as text, for the one who asks.
        "status" if flag("text") => Op::BoardText(game),
        "status" => Op::Status(game),
        "history" => Op::History(game),
        "resign" => Op::Resign(game),
        "cancel" => Op::Cancel(game),
        "rules" => Op::Rules(game),
        "fair" => Op::Fair(game),
        "list" => Op::Games,
        "vs" => {
            let target = args.iter().find(|o| o.name == "user").and_then(|o| match o.value {
                ResolvedValue::User(user, member) => Some(picked(user, member)),
                _ => None,
            })?;
            Op::Vs(target)
        }
        "replay" | "export" => {
            let pick = match (table, game) {
                (Some(n), _) => Pick::Table(n),
                (None, Some(g)) => Pick::Game(g),
                (None, None) => Pick::Last,
            };
            if sub == "replay" { Op::Replay(pick) } else { Op::Export(pick) }
        }
        "kick" => {
            let target = args.iter().find(|o| o.name == "player").and_then(|o| match o.value {
                ResolvedValue::User(user, member) => Some(picked(user, member)),
                ResolvedValue::String(s) => Some(s.into()),
                _ => None,
            })?;
            Op::Kick { game, target }
        }
        _ => return None,
    }))
}

/// A person picked in a user option, named as the server shows them (their nickname there,
/// else their display name, else their user name).
fn picked(user: &serenity::all::User, member: Option<&serenity::all::PartialMember>) -> Target {
    let name = member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone());
    Target::User {
        id: crate::ids::UserId::discord(user.id.get()),
        name: crate::table::clean_name(&name),
    }
}

/// A start option as an option word the table understands (`key=value`, a preset, a timer).
pub(super) fn word(option: &ResolvedOption<'_>) -> Option<String> {
    let value = match &option.value {
        ResolvedValue::String(s) => (*s).to_owned(),
        ResolvedValue::Integer(n) => n.to_string(),
        ResolvedValue::Boolean(b) => if *b { "on" } else { "off" }.to_owned(),
        _ => return None,
    };
    Some(match option.name {
        "preset" | "timer" => value,
        key => format!("{key}={value}"),
    })
}

/// A command option, described in English and Russian from the Fluent files: a game option
/// (or the timer, or a preset) by its name in the options text, any other by
/// `discord-option-{name}`.
pub(super) fn option(
    service: &Service,
    kind: CommandOptionType,
    name: &str,
) -> CreateCommandOption {
    let key = if is_game_option(name) || name == "timer" {
        format!("option-{name}")
    } else {
        format!("discord-option-{name}")
    };
    let (en, ru) = (service.discord_words(Lang::En, &key), service.discord_words(Lang::Ru, &key));
    let o = CreateCommandOption::new(kind, name, clip(&en, 100))
        .description_localized("ru", clip(&ru, 100));
    // Its name as players read it (`match-length`, `матч-до`), not the key it stands for
    // (`match_to`, which Discord still sends back): in English too, where Discord has the
    // language.
    OPTION_LOCALES.iter().fold(o, |o, &(lang, locale)| {
        match localized_name(service, lang, &format!("option-{name}")) {
            Some(local) => o.name_localized(locale, local),
            None => o,
        }
    })
}

/// The Discord locales an option's name is given in, and the language each reads: Discord
/// has English (two locales) and Russian of ours, no Persian or Tagalog.
const OPTION_LOCALES: [(Lang, &str); 3] =
    [(Lang::En, "en-US"), (Lang::En, "en-GB"), (Lang::Ru, "ru")];

/// Whether `name` is an option of some game (from the registries).
fn is_game_option(name: &str) -> bool {
    GameKind::ALL.iter().any(|&k| registry::options_of(k).iter().any(|o| o.key == name))
}

/// The languages of ours Discord localizes into (its locale codes), beside English: Discord
/// has no Persian or Tagalog locale.
const DISCORD_LOCALES: [(Lang, &str); 1] = [(Lang::Ru, "ru")];

/// A command's name (or with `option-…`, an option's) in `lang`, from the Fluent files
/// (`discord-name-…`), if it has one that Discord accepts as a name (lowercase, no spaces,
/// 1–32 characters).
pub(super) fn localized_name(service: &Service, lang: Lang, name: &str) -> Option<String> {
    let localized = service.discord_words(lang, &format!("discord-name-{name}"));
    let valid = (1..=32).contains(&localized.chars().count())
        && localized
            .chars()
            .all(|c| c == '-' || c == '_' || (c.is_alphanumeric() && !c.is_uppercase()));
    valid.then_some(localized)
}

/// Builds commands and their options with descriptions in English and Russian from the Fluent
/// files.
struct Describe<'a>(&'a Service);

impl Describe<'_> {
    /// A description, clipped to Discord's 100 characters, in English and Russian.
    fn words(&self, key: &str) -> (String, String) {
        let (en, ru) = (self.0.discord_words(Lang::En, key), self.0.discord_words(Lang::Ru, key));
        (clip(&en, 100), clip(&ru, 100))
    }

    /// A top-level command, its name localized from the Fluent files where Discord has the
    /// language.
    fn command(&self, name: &str, key: &str) -> CreateCommand {
        let (en, ru) = self.words(key);
        let c = CreateCommand::new(name).description(en).description_localized("ru", ru);
        DISCORD_LOCALES.iter().fold(c, |c, &(lang, locale)| {
            match localized_name(self.0, lang, name) {
                Some(local) => c.name_localized(locale, local),
                None => c,
            }
        })
    }

    /// A subcommand described by `key`.
    fn sub(&self, name: &str, key: &str) -> CreateCommandOption {
        let (en, ru) = self.words(key);
        CreateCommandOption::new(CommandOptionType::SubCommand, name, en)
            .description_localized("ru", ru)
    }

    /// A string option offering `values`: a game's option, the timer and the level show each
    /// value by its name in the Fluent files (`bounce back`, `5 minutes`), the others as the
    /// word itself (`snakes`, `ru`).
    fn choice(&self, name: &str, values: &[&str]) -> CreateCommandOption {
        let named = is_game_option(name) || words::table_option(name).is_some();
        values.iter().fold(option(self.0, CommandOptionType::String, name), |o, v| {
            match words::value_key(name, v).filter(|_| named) {
                Some(key) => {
                    let (en, ru) = self.words(&key);
                    o.add_string_choice_localized(en, *v, [("ru", ru)])
                }
                None => o.add_string_choice(*v, *v),
            }
        })
    }

    /// A yes/no option.
    fn flag(&self, name: &str) -> CreateCommandOption {
        option(self.0, CommandOptionType::Boolean, name)
    }

    /// `/<game> start` with the game's options from its registry, then the table's own from
    /// `words::TABLE_OPTIONS`: yes/no ones as flags, numbers (a match length, the computers)
    /// as numbers, the others as choices of their values.
    fn start(&self, kind: GameKind) -> CreateCommandOption {
        let options = registry::options_of(kind).iter().map(|o| match o.allowed {
            Allowed::OnOff => self.flag(o.key),
            Allowed::Range { min, max } => option(self.0, CommandOptionType::Integer, o.key)
                .min_int_value(u64::from(min))
                .max_int_value(u64::from(max)),
            Allowed::Words(_) => self.choice(o.key, o.values),
        });
        // The table's own options that have a value (not `private`): the timer, the thread,
        // the computers' number (a seat stays free for the one who starts) and level.
        let most = (*kind.players().end() - 1) as u64;
        let table = words::TABLE_OPTIONS.iter().filter_map(|o| {
            Some(match o.value?.0 {
                Allowed::Words(_) if o.key == "level" => self.choice(o.key, words::levels(kind)),
                Allowed::Words(values) => self.choice(o.key, values),
                Allowed::OnOff => self.flag(o.key),
                Allowed::Range { min, max } => option(self.0, CommandOptionType::Integer, o.key)
                    .min_int_value(u64::from(min))
                    .max_int_value(u64::from(max).min(most)),
            })
        });
        options
            .chain(table)
            .fold(self.sub("start", "command-start"), |sub, o| sub.add_sub_option(o))
    }

    /// `/cup` and its subcommands: `start` with typed options opens a cup.
    fn cup(&self) -> CreateCommand {
        let start = self
            .sub("start", "discord-cup-start")
            .add_sub_option(self.choice("game", &["snakes", "ludo", "nardy"]).required(true))
            .add_sub_option(
                option(self.0, CommandOptionType::Integer, "rounds")
                    .min_int_value(1)
                    .max_int_value(15),
            )
            .add_sub_option(option(self.0, CommandOptionType::String, "window"))
            .add_sub_option(self.choice("format", &["swiss", "roundrobin"]))
            .add_sub_option(
                option(self.0, CommandOptionType::Integer, "seats")
                    .min_int_value(2)
                    .max_int_value(8),
            )
            .add_sub_option(option(self.0, CommandOptionType::String, "options"))
            .add_sub_option(option(self.0, CommandOptionType::String, "starts"));
        let person = |sub: &str| {
            self.sub(sub, &format!("discord-cup-{sub}"))
                .add_sub_option(option(self.0, CommandOptionType::User, "who").required(true))
        };
        ["join", "leave", "begin", "cancel", "show", "export"]
            .into_iter()
            .fold(self.command("cup", "command-cup").add_option(start), |c, sub| {
                c.add_option(self.sub(sub, &format!("discord-cup-{sub}")))
            })
            .add_option(person("excuse"))
            .add_option(person("lift"))
    }

    /// `/game` and its subcommands, as the chat commands declare them ([`COMMANDS`]'s
    /// [`OnDiscord::Game`]): each with the person it names, the game it is for and the table
    /// by its number, as declared (for a channel with several tables).
    fn game(&self) -> CreateCommand {
        let subs = COMMANDS.iter().filter_map(|c| match c.discord {
            OnDiscord::Game { sub, person, game, table, flag } => {
                Some((c, sub, person, game, table, flag))
            }
            _ => None,
        });
        let game_command = self.command("game", "command-game");
        subs.fold(game_command, |command, (c, sub, person, game, table, flag)| {
            let mut option = self.sub(sub, &c.help_key());
            if let Some(name) = person {
                option = option.add_sub_option(
                    self::option(self.0, CommandOptionType::User, name).required(true),
                );
            }
            if game {
                option = option.add_sub_option(self.choice("game", &["snakes", "ludo", "nardy"]));
            }
            if table {
                option = option.add_sub_option(
                    self::option(self.0, CommandOptionType::Integer, "table").min_int_value(1),
                );
            }
            if let Some(name) = flag {
                option = option.add_sub_option(self.flag(name));
            }
            command.add_option(option)
        })
    }
}

/// The slash commands: stable names, localized in Russian; descriptions in English and Russian.
pub(super) fn commands(service: &Service) -> Vec<CreateCommand> {
    let d = Describe(service);
    let mut all: Vec<CreateCommand> = GameKind::ALL
        .iter()
        .map(|&kind| {
            let name = kind.name();
            d.command(name, &format!("command-{name}")).add_option(d.start(kind))
        })
        .collect();
    all.extend([
        d.game(),
        d.command("stats", "command-stats")
            .add_option(d.choice("game", &["ludo", "nardy"]))
            .add_option(d.flag("public")),
        d.command("notify", "command-notify").add_option(option(
            service,
            CommandOptionType::String,
            "set",
        )),
        d.command("top", "command-top")
            .add_option(d.choice("game", &["snakes", "ludo", "nardy"]))
            .add_option(d.choice("scope", &["season", "all", "global"])),
        d.command("help", "command-help"),
        d.cup(),
        d.command("access", "command-access").add_option(d.flag("on")),
        d.command("lang", "command-lang")
            .add_option(d.choice("language", &["en", "fa", "ru", "tl"]))
            .add_option(d.flag("server")),
        d.command("boards", "command-boards")
            .add_option(d.choice("mode", &["new", "edit", "tidy"])),
    ]);
    all
}
