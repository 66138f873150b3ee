//! The slash commands: what Discord is told they are (names localized in Russian, descriptions
//! from the Fluent files, a game's options from its registry), and the table operation each one
//! asks for.

use serenity::all::{
    CommandOptionType, CreateCommand, CreateCommandOption, ResolvedOption, ResolvedValue,
};

use super::message::clip;
use crate::engine::{GameKind, registry};
use crate::table::i18n::Lang;
use crate::table::{BoardMode, Op, Service};

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
            let string = |key: &str| {
                args.iter().find(|o| o.name == key).and_then(|o| match o.value {
                    ResolvedValue::String(s) => Some(s.to_owned()),
                    _ => None,
                })
            };
            let game = string("game").and_then(|g| g.parse::<GameKind>().ok());
            Some(match sub.name {
                "join" => Op::Join(game),
                "leave" => Op::Leave(game),
                "play" => Op::Start(game),
                "status" => Op::Status(game),
                "history" => Op::History(game),
                "resign" => Op::Resign(game),
                "cancel" => Op::Cancel(game),
                "rules" => Op::Rules(game),
                "fair" => Op::Fair(game),
                "kick" => {
                    let target = args.iter().find(|o| o.name == "player").and_then(|o| match o
                        .value
                    {
                        ResolvedValue::User(user, _) => Some(format!("discord:{}", user.id.get())),
                        ResolvedValue::String(s) => Some(s.to_owned()),
                        _ => None,
                    })?;
                    Op::Kick { game, target }
                }
                _ => return None,
            })
        }
        "stats" => Some(Op::Stats),
        "top" => Some(Op::Top),
        "help" => Some(Op::Help),
        "lang" => {
            let mut code = None;
            let mut chat = false;
            for o in options {
                match (o.name, &o.value) {
                    ("language", ResolvedValue::String(s)) => code = Some((*s).to_owned()),
                    ("server", ResolvedValue::Boolean(b)) => chat = *b,
                    _ => {}
                }
            }
            Some(Op::Lang { chat, code })
        }
        "boards" => {
            let mode = options.iter().find_map(|o| match o.value {
                ResolvedValue::String("edit") => Some(BoardMode::Edit),
                ResolvedValue::String("new") => Some(BoardMode::New),
                _ => None,
            });
            Some(Op::Boards(mode))
        }
        _ => None,
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
    let game_option =
        GameKind::ALL.iter().any(|&k| registry::options_of(k).iter().any(|o| o.key == name));
    let key = if game_option || name == "timer" {
        format!("option-{name}")
    } else {
        format!("discord-option-{name}")
    };
    let (en, ru) = (service.words(Lang::En, &key), service.words(Lang::Ru, &key));
    CreateCommandOption::new(kind, name, clip(&en, 100)).description_localized("ru", clip(&ru, 100))
}

/// A command's name for members whose Discord speaks Russian.
pub(super) fn russian_name(name: &str) -> Option<&'static str> {
    Some(match name {
        "snakes" => "змеи",
        "ludo" => "лудо",
        "nardy" => "нарды",
        "game" => "игра",
        "stats" => "статистика",
        "top" => "лучшие",
        "help" => "помощь",
        "lang" => "язык",
        "boards" => "доски",
        _ => return None,
    })
}

/// The slash commands: stable names, localized in Russian; descriptions in English and Russian.
pub(super) fn commands(service: &Service) -> Vec<CreateCommand> {
    let describe = |key: &str| (service.words(Lang::En, key), service.words(Lang::Ru, key));
    let command = |name: &str, key: &str| {
        let (en, ru) = describe(key);
        let mut c = CreateCommand::new(name)
            .description(clip(&en, 100))
            .description_localized("ru", clip(&ru, 100));
        if let Some(ru) = russian_name(name) {
            c = c.name_localized("ru", ru);
        }
        c
    };
    let choice = |name: &str, values: &[&str]| {
        values.iter().fold(option(service, CommandOptionType::String, name), |o, v| {
            o.add_string_choice(*v, *v)
        })
    };
    let flag = |name: &str| option(service, CommandOptionType::Boolean, name);
    let timer = || choice("timer", &["off", "1m", "5m", "1h", "24h"]);
    let thread = || flag("thread");
    // A game's options, from its registry: yes/no ones as flags, a match length as a number,
    // the others as choices of their values.
    let game_options = |kind: GameKind| -> Vec<CreateCommandOption> {
        let mut options: Vec<CreateCommandOption> = registry::options_of(kind)
            .iter()
            .map(|o| {
                if o.values == ["off", "on"] {
                    flag(o.key)
                } else if o.values.iter().all(|v| v.bytes().all(|b| b.is_ascii_digit())) {
                    option(service, CommandOptionType::Integer, o.key)
                        .min_int_value(1)
                        .max_int_value(99)
                } else {
                    choice(o.key, o.values)
                }
            })
            .collect();
        options.extend([timer(), thread()]);
        options
    };
    let start = |options: Vec<CreateCommandOption>| {
        let (en, ru) = describe("command-start");
        options.into_iter().fold(
            CreateCommandOption::new(CommandOptionType::SubCommand, "start", clip(&en, 100))
                .description_localized("ru", clip(&ru, 100)),
            |sub, o| sub.add_sub_option(o),
        )
    };
    let game_choice = || choice("game", &["snakes", "ludo", "nardy"]);
    let mut game = command("game", "command-game");
    for (sub, key) in [
        ("join", "command-join"),
        ("leave", "command-leave"),
        ("play", "command-play"),
        ("status", "command-status"),
        ("history", "command-history"),
        ("resign", "command-resign"),
        ("cancel", "command-cancel"),
        ("rules", "command-rules"),
        ("fair", "command-fair"),
    ] {
        let (en, ru) = describe(key);
        game = game.add_option(
            CreateCommandOption::new(CommandOptionType::SubCommand, sub, clip(&en, 100))
                .description_localized("ru", clip(&ru, 100))
                .add_sub_option(game_choice()),
        );
    }
    let (en, ru) = describe("command-kick");
    game = game.add_option(
        CreateCommandOption::new(CommandOptionType::SubCommand, "kick", clip(&en, 100))
            .description_localized("ru", clip(&ru, 100))
            .add_sub_option(option(service, CommandOptionType::User, "player").required(true))
            .add_sub_option(game_choice()),
    );
    vec![
        command("snakes", "command-snakes").add_option(start(game_options(GameKind::Snakes))),
        command("ludo", "command-ludo").add_option(start(game_options(GameKind::Ludo))),
        command("nardy", "command-nardy").add_option(start(game_options(GameKind::Nardy))),
        game,
        command("stats", "command-stats"),
        command("top", "command-top"),
        command("help", "command-help"),
        command("lang", "command-lang")
            .add_option(choice("language", &["en", "fa", "ru", "tl"]))
            .add_option(flag("server")),
        command("boards", "command-boards").add_option(choice("mode", &["new", "edit"])),
    ]
}
