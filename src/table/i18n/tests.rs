//! Every key in every language, every message formats, every refusal and event has words.

use std::collections::BTreeSet;

use super::*;
use crate::engine::nardy::StepBlocked;

fn keys(lang: Lang) -> BTreeSet<String> {
    lang.source()
        .lines()
        .filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_lowercase()))
        .filter_map(|l| l.split_once(" =").map(|(k, _)| k.trim().to_owned()))
        .collect()
}

/// Every argument any message uses, with a sample value.
fn all_args() -> Vec<(&'static str, Arg)> {
    let mut args: Vec<(&str, Arg)> = [
        "name",
        "by",
        "names",
        "rolls",
        "dice",
        "game",
        "players",
        "commitment",
        "seed",
        "command",
        "codes",
        "code",
        "word",
        "known",
        "key",
        "detail",
        "timer",
        "level",
        "option",
        "allowed",
        "value",
        "other",
        "other_value",
        "item",
        "state",
        "left",
        "chat",
        "tz",
        "tables",
        "status",
        "mark",
        "platform",
        "season",
        "sign",
        "pieces",
        "colour",
        "window",
        "format",
        "by",
        "first",
        "second",
    ]
    .into_iter()
    .map(|k| (k, Arg::Text("Ali".into())))
    .collect();
    for k in [
        "from",
        "to",
        "piece",
        "die",
        "point",
        "expected",
        "got",
        "rank",
        "try",
        "steps",
        "points",
        "number",
        "count",
        "min",
        "max",
        "minutes",
        "seconds",
        "strikes",
        "games",
        "wins",
        "rate",
        "table",
        "frames",
        "moves",
        "seated",
        "after",
        "ahead",
        "before",
        "behind",
        "delta",
        "deviation",
        "place",
        "rating",
        "n",
        "month",
        "year",
        "square",
        "off",
        "length",
        "otherpoints",
        "move",
        "pips",
        "rounds",
        "round",
        "seats",
        "sb",
        "played",
        "cups",
        "hours",
    ] {
        args.push((k, Arg::Number(3)));
    }
    args
}

#[test]
fn every_language_has_every_key_and_parses() {
    let english = keys(Lang::En);
    assert!(english.len() > 50, "{}", english.len());
    for lang in Lang::ALL {
        assert!(
            FluentResource::try_new(lang.source().to_owned()).is_ok(),
            "{lang:?} does not parse"
        );
        let these = keys(lang);
        let missing: Vec<_> = english.difference(&these).collect();
        let extra: Vec<_> = these.difference(&english).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{lang:?}: missing {missing:?}, extra {extra:?}"
        );
    }
}

#[test]
fn every_message_formats_in_every_language() {
    let i18n = I18n::new();
    let args = all_args();
    for lang in Lang::ALL {
        for key in keys(Lang::En) {
            let text = i18n.format(lang, &key, &args);
            assert!(
                text.as_deref().is_some_and(|t| !t.trim().is_empty()),
                "{lang:?} {key} does not format"
            );
        }
    }
}

fn refusals() -> Vec<Illegal> {
    let mut all = vec![
        Illegal::GameOver,
        Illegal::RollExpected,
        Illegal::MoveExpected,
        Illegal::StepExpected,
        Illegal::DiceCount { expected: 2, got: 1 },
        Illegal::BadDie(9),
        Illegal::NoSuchSeat(7),
        Illegal::AlreadyLeft(1),
        Illegal::WrongGame,
        Illegal::NoSuchPiece(5),
    ];
    for why in [
        Blocked::NeedsSix,
        Blocked::StartOccupied,
        Blocked::OwnPiece,
        Blocked::PastGoal,
        Blocked::MustCapture,
        Blocked::MustEnter,
    ] {
        all.push(Illegal::PieceCannotMove { piece: 2, why });
    }
    for why in [
        StepBlocked::NoSuchDie,
        StepBlocked::NoChecker,
        StepBlocked::Occupied,
        StepBlocked::Head,
        StepBlocked::SixBlock,
        StepBlocked::NotHome,
        StepBlocked::HigherPoint,
        StepBlocked::FullMove,
        StepBlocked::LargerDie,
    ] {
        all.push(Illegal::StepNotAllowed { from: 13, die: 5, why });
    }
    all
}

fn events() -> Vec<Event> {
    vec![
        Event::Rolled { seat: 0, dice: vec![5, 3] },
        Event::Moved { seat: 1, from: 12, to: 17 },
        Event::Bounced { seat: 0, from: 97, to: 98 },
        Event::Climbed { seat: 0, from: 4, to: 14 },
        Event::Slid { seat: 1, from: 98, to: 78 },
        Event::NoMove { seat: 0, reason: NoMoveReason::Overshoot },
        Event::NoMove { seat: 0, reason: NoMoveReason::Locked },
        Event::NoMove { seat: 0, reason: NoMoveReason::NoLegalMove },
        Event::ExtraRoll { seat: 0 },
        Event::SentBack { seat: 0, from: 30 },
        Event::Locked { seat: 0 },
        Event::Unlocked { seat: 0 },
        Event::Turn { seat: 1 },
        Event::Finished { seat: 1 },
        Event::Left { seat: 1, reason: LeaveReason::Resigned },
        Event::Left { seat: 1, reason: LeaveReason::Kicked },
        Event::Left { seat: 1, reason: LeaveReason::TimedOut },
        Event::GameOver { ranking: vec![2, 1] },
        Event::RollOff { rolls: vec![[0, 4], [1, 6]] },
        Event::RollOffAgain { seats: vec![0, 1] },
        Event::Colours { white: 1 },
        Event::Entered { seat: 0, piece: 3 },
        Event::PieceMoved { seat: 0, piece: 0, from: 3, to: 8 },
        Event::Captured { seat: 1, piece: 2, by: 0 },
        Event::TryAgain { seat: 0, try_number: 2 },
        Event::Forfeit { seat: 0 },
        Event::Stepped { seat: 0, from: 24, to: Some(19), die: 5 },
        Event::Stepped { seat: 0, from: 3, to: None, die: 3 },
        Event::DiceLost { seat: 1, dice: vec![6, 6], reason: DiceLostReason::Blocked },
        Event::DiceLost { seat: 1, dice: vec![4], reason: DiceLostReason::OneDieOnly },
        Event::GameWon { seat: 0, points: 1, mars: false, score: [1, 0] },
        Event::GameWon { seat: 0, points: 2, mars: true, score: [2, 0] },
        Event::NewGame { number: 2 },
    ]
}

#[test]
fn every_refusal_and_event_has_words_in_every_language() {
    let i18n = I18n::new();
    let names = vec!["Ali".to_owned(), "مریم".to_owned()];
    for lang in Lang::ALL {
        for refusal in refusals() {
            let text = i18n.refusal(lang, &refusal, &names);
            assert!(
                !text.is_empty() && !text.contains('{') && !text.starts_with("refusal-"),
                "{lang:?} {refusal:?}: {text}"
            );
        }
        for event in events() {
            let text = i18n.event(lang, &event, &names).unwrap();
            assert!(
                !text.is_empty() && !text.contains('{') && !text.starts_with("event-"),
                "{lang:?} {event:?}: {text}"
            );
        }
    }
}

#[test]
fn persian_numbers_use_persian_digits() {
    let i18n = I18n::new();
    let names = vec!["علی".to_owned()];
    let text = i18n.event(Lang::Fa, &Event::Climbed { seat: 0, from: 4, to: 14 }, &names).unwrap();
    assert!(text.contains('۴') && text.contains("۱۴"), "{text}");
    assert!(!text.chars().any(|c| c.is_ascii_digit()), "{text}");
    let text = i18n.event(Lang::Fa, &Event::Rolled { seat: 0, dice: vec![6, 2] }, &names).unwrap();
    assert!(text.contains("۶ + ۲"), "{text}");
    let text = i18n.event(Lang::En, &Event::Climbed { seat: 0, from: 4, to: 14 }, &names).unwrap();
    assert!(text.contains('4') && text.contains("14"), "{text}");
}

#[test]
fn russian_plurals_follow_the_number() {
    let i18n = I18n::new();
    let moved = |steps: i16| {
        let e = Event::PieceMoved { seat: 0, piece: 0, from: 0, to: steps };
        i18n.event(Lang::Ru, &e, &["Иван".to_owned()]).unwrap()
    };
    assert!(moved(1).contains("клетку"), "{}", moved(1));
    assert!(moved(3).contains("клетки"), "{}", moved(3));
    assert!(moved(5).contains("клеток"), "{}", moved(5));
    assert!(
        i18n.event(
            Lang::En,
            &Event::PieceMoved { seat: 0, piece: 0, from: 0, to: 1 },
            &["A".into()]
        )
        .unwrap()
        .contains("one square")
    );
}

/// Issue 61: joint cup winners read in the plural in every language. Tagalog's plural rule
/// puts 2 and 3 in its "one" category, so its singular ("Panalo si") is chosen by the number 1
/// itself, not by that category.
#[test]
fn joint_cup_winners_read_in_the_plural_in_every_language() {
    let i18n = I18n::new();
    let winner = |lang: Lang, count: i64| {
        let args =
            [("game", "Ludo".into()), ("names", "A, B".into()), ("count", Arg::Number(count))];
        plain(&i18n.text(lang, "cup-winner", &args))
    };
    for count in [2, 3, 12] {
        assert!(winner(Lang::Tl, count).contains("Magkasalo sina"), "{}", winner(Lang::Tl, count));
        assert!(winner(Lang::En, count).contains("share"), "{}", winner(Lang::En, count));
        assert!(winner(Lang::Ru, count).contains("делят"), "{}", winner(Lang::Ru, count));
        assert!(winner(Lang::Fa, count).contains("با هم"), "{}", winner(Lang::Fa, count));
    }
    assert!(winner(Lang::Tl, 1).contains("Panalo si"), "{}", winner(Lang::Tl, 1));
    assert!(winner(Lang::En, 1).contains("wins"), "{}", winner(Lang::En, 1));
}

#[test]
fn languages_from_platform_tags_and_fallbacks() {
    assert_eq!(Lang::from_tag("ru-RU"), Some(Lang::Ru));
    assert_eq!(Lang::from_tag("fa"), Some(Lang::Fa));
    assert_eq!(Lang::from_tag("fil"), Some(Lang::Tl));
    assert_eq!(Lang::from_tag("en_GB"), Some(Lang::En));
    assert_eq!(Lang::from_tag("de"), None);
    assert_eq!(Lang::from_tag(""), None);
    let i18n = I18n::new();
    assert_eq!(i18n.text(Lang::Ru, "no-such-key", &[]), "no-such-key");
    // Names keep their direction inside other-direction sentences (Unicode isolation marks).
    let text = i18n.text(Lang::En, "event-turn", &[("name", "مریم".into())]);
    assert!(text.contains('\u{2068}') && text.contains('\u{2069}'), "{text:?}");
}

#[test]
fn commands_in_persian_sentences_read_left_to_right() {
    use super::isolate_commands;
    let (lri, pdi) = ('\u{2066}', '\u{2069}');
    assert_eq!(
        isolate_commands("میز (مثلاً \"/snakes quick bounce 5m\")"),
        format!("میز (مثلاً \"{lri}/snakes quick bounce 5m{pdi}\")")
    );
    assert_eq!(
        isolate_commands("/boards edit، /boards new: یک پیام"),
        format!("{lri}/boards edit{pdi}، {lri}/boards new{pdi}: یک پیام")
    );
    // Not commands: a fraction, a lone slash, a path inside a word.
    assert_eq!(isolate_commands("۱/۲ و 3/4 و / و a/b"), "۱/۲ و 3/4 و / و a/b");
    // Every Persian message that names a command isolates it.
    let i18n = I18n::new();
    let help = i18n.text(Lang::Fa, "help", &[]);
    assert!(help.contains(&format!("{lri}/snakes")), "{help}");
    assert!(!i18n.text(Lang::En, "help", &[]).contains(lri), "only right-to-left languages");
}

#[test]
fn discord_forms_name_slash_commands_only() {
    let i18n = I18n::new();
    let keys = [
        "help",
        "lang-choose",
        "boards-new",
        "boards-edit",
        "err-no-table",
        "err-which-table",
        "err-rules-which",
    ];
    let args = all_args();
    for lang in Lang::ALL {
        for key in keys {
            let text = i18n.format(lang, &format!("{key}-discord"), &args);
            let text = text.unwrap_or_else(|| panic!("{lang:?} {key}-discord"));
            // Telegram's typed forms never reach Discord users.
            for typed in [
                "/kick name",
                "/lang chat",
                "/rules snakes",
                "/status ludo",
                "/join,",
                "/boards edit",
            ] {
                assert!(!text.contains(typed), "{lang:?} {key}-discord says {typed}: {text}");
            }
        }
    }
}

/// Every string literal in the program's source that names a message (`"err-bots"`, passed to
/// `text`, `Refusal`, `Fail::Say`, `say_privately`, …) exists in every language: a key the code
/// uses and the Fluent files lack would reach a player as the bare key.
#[test]
fn every_message_key_the_code_names_exists_in_every_language() {
    fn sources(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs")
                && path.file_name().is_some_and(|n| n != "tests.rs")
            {
                let text = std::fs::read_to_string(&path).unwrap();
                out.push((path.display().to_string(), text));
            }
        }
    }
    let mut files = Vec::new();
    sources(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    let english = keys(Lang::En);
    // The first word of every key (`err`, `lobby`, `value`, …): a literal that starts with one
    // and looks like a key is a key.
    let families: BTreeSet<&str> = english.iter().filter_map(|k| k.split('-').next()).collect();
    let mut checked = 0;
    let mut missing = Vec::new();
    for (path, text) in &files {
        // Unit tests name missing keys on purpose.
        let code = text.split("#[cfg(test)]").next().unwrap_or(text);
        for literal in code.split('"').skip(1).step_by(2) {
            let looks_like_key = literal.contains('-')
                && !literal.ends_with('-')
                && literal.bytes().all(|b| {
                    b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_'
                })
                && literal.split('-').next().is_some_and(|f| families.contains(f));
            if !looks_like_key {
                continue;
            }
            checked += 1;
            for lang in Lang::ALL {
                if !keys(lang).contains(literal) {
                    missing.push(format!("{path}: {literal} ({lang:?})"));
                }
            }
        }
    }
    assert!(checked > 100, "{checked} keys found in the source");
    assert!(missing.is_empty(), "message keys the code uses that a language lacks: {missing:#?}");
    // Keys built from a value (`format!("game-{}", …)`): every family the source builds is one
    // whose keys are all listed here (or, for the option registry's, by `words`' test), so a
    // new family cannot ship without its keys checked. (`{key}-discord` is an optional form
    // with a fallback; the tools in `src/tools/` speak no Fluent.)
    let built = built_keys();
    let mut unknown = BTreeSet::new();
    for (path, text) in &files {
        if path.contains("/src/tools/") {
            continue;
        }
        let code = text.split("#[cfg(test)]").next().unwrap_or(text);
        for (at, opening) in code.match_indices("format!(\"") {
            let rest = &code[at + opening.len()..];
            let Some((family, _)) = rest.split_once("-{") else { continue };
            if family.bytes().all(|b| b.is_ascii_lowercase())
                && families.contains(family)
                && !built.iter().any(|(f, _)| *f == family)
            {
                unknown.insert(format!("{path}: {family}-…"));
            }
        }
    }
    assert!(unknown.is_empty(), "keys built from values of no listed family: {unknown:#?}");
    for (family, built) in built {
        for key in built {
            for lang in Lang::ALL {
                assert!(keys(lang).contains(&key), "{family}: {key} missing in {lang:?}");
            }
        }
    }
}

/// Every key the code builds from a value, by family. The option registry's families (`option-`,
/// `value-`, `timer-`, `rule-`) are enumerated by
/// `words::tests::every_option_and_value_has_its_words_in_every_language`.
fn built_keys() -> Vec<(&'static str, Vec<String>)> {
    use crate::engine::GameKind;
    use crate::engine::computer::Level;
    let games = || GameKind::ALL.iter().map(|k| k.name().to_owned());
    vec![
        ("game", games().map(|g| format!("game-{g}")).collect()),
        ("rules", games().map(|g| format!("rules-{g}")).collect()),
        ("level", Level::ALL.iter().map(|l| format!("level-{}", l.word())).collect()),
        (
            "command",
            crate::table::command::COMMANDS
                .iter()
                .map(|c| c.help_key())
                .chain(["command-game".to_owned()])
                .collect(),
        ),
        ("option", Vec::new()),
        ("value", Vec::new()),
        ("timer", Vec::new()),
        ("rule", Vec::new()),
    ]
}

/// Issue 33: "room for 1 computers" has its plural; Persian says the seed one way.
#[test]
fn plurals_and_one_word_for_the_seed() {
    let i18n = I18n::new();
    let one = i18n.text(Lang::En, "err-bots", &[("max", Arg::Number(1))]);
    assert!(one.contains("one computer ") && !one.contains("computers"), "{one}");
    let three = i18n.text(Lang::En, "err-bots", &[("max", Arg::Number(3))]);
    assert!(three.contains("computers"), "{three}");
    // "1 seconds left" (issue 32's drill).
    let args = |n| [("name", Arg::from("Ana".to_owned())), ("seconds", Arg::Number(n))];
    let one = plain(&i18n.text(Lang::En, "timer-reminder-seconds", &args(1)));
    assert!(one.contains("1 second left"), "{one}");
    let many = plain(&i18n.text(Lang::En, "timer-reminder-seconds", &args(15)));
    assert!(many.contains("15 seconds left"), "{many}");
    // Persian: the secret seed is «کلید مخفی» everywhere, never «بذر».
    assert!(!Lang::Fa.source().contains("بذر"));
    assert!(Lang::Fa.source().contains("کلید مخفی"));
}

/// Lists and alternatives are joined the language's way, each item in the reader's words.
#[test]
fn lists_and_alternatives_in_every_language() {
    let i18n = I18n::new();
    let or = Arg::Or(vec![Arg::message("value-on"), Arg::message("value-off"), Arg::Number(3)]);
    assert_eq!(
        i18n.format(
            Lang::En,
            "err-option-value",
            &[
                ("option", Arg::message("option-bonus_six")),
                ("allowed", or.clone()),
                ("got", "x".into()),
            ]
        )
        .map(|t| t.replace(['\u{2068}', '\u{2069}'], ""))
        .as_deref(),
        Some("\"Six rolls again\" takes on, off or 3, not \"x\".")
    );
    let fa = i18n.format(Lang::Fa, "list-or", &[]).unwrap();
    assert!(fa.contains("یا"), "{fa:?}");
    let list = Arg::List(vec!["a".into(), "b".into()]);
    for lang in Lang::ALL {
        let text =
            i18n.format(lang, "err-option-word", &[("word", "w".into()), ("known", list.clone())]);
        let text = text.unwrap().replace(['\u{2068}', '\u{2069}'], "");
        assert!(!text.contains(", ,") && !text.contains("،  "), "{lang:?} {text}");
    }
    // A message an argument names that is missing: the sentence is not half said.
    assert_eq!(
        i18n.format(Lang::En, "err-option-value", &[("option", Arg::message("nope"))]),
        None
    );
}

/// Text without Fluent's isolation marks around arguments.
fn plain(text: &str) -> String {
    text.replace(['\u{2068}', '\u{2069}'], "")
}

/// Issue 33: Discord says "channel", "server" and "members who manage messages" where the
/// other platforms say "chat" and "chat admin", in every language, by one selector on
/// `$platform` (absent: not Discord).
#[test]
fn discord_says_channel_where_the_others_say_chat() {
    let i18n = I18n::new();
    let discord = [(PLATFORM, Arg::Text("discord".into()))];
    let table = ("table", Arg::Number(999_999));
    for key in [
        "top-title",
        "top-none",
        "err-other-chat",
        "err-lobby-exists",
        "err-host-only",
        "err-admin-only",
        "command-top",
        "err-no-such-table",
    ] {
        for lang in Lang::ALL {
            let other = i18n.format(lang, key, std::slice::from_ref(&table)).unwrap();
            let on_discord = i18n.format(lang, key, &[table.clone(), discord[0].clone()]).unwrap();
            assert_ne!(other, on_discord, "{lang:?} {key}");
        }
    }
    let said = |lang, platform: Option<&str>| {
        let mut args = vec![table.clone()];
        args.extend(platform.map(|p| (PLATFORM, Arg::Text(p.into()))));
        i18n.format(lang, "err-no-such-table", &args).unwrap().replace(['\u{2068}', '\u{2069}'], "")
    };
    assert_eq!(said(Lang::En, None), "There is no table 999999 in this chat.");
    assert_eq!(said(Lang::En, Some("discord")), "There is no table 999999 in this channel.");
    assert_eq!(said(Lang::Ru, Some("discord")), "В этом канале нет стола 999999.");
    let admin = i18n.format(Lang::En, "err-admin-only", &discord).unwrap();
    assert_eq!(admin, "Only a member who can manage messages can do that.");
}

/// Issue 46, item 15: the Persian text addresses the reader formally (شما) throughout; the
/// informal «تو» (and «توست») appears in no message.
#[test]
fn persian_addresses_the_reader_formally() {
    let fa = include_str!("../../../assets/locales/fa.ftl");
    for (n, line) in fa.lines().enumerate().filter(|(_, l)| !l.trim_start().starts_with('#')) {
        let informal = line
            .split(|c: char| c.is_whitespace() || "،.:()«»!؟,".contains(c))
            .any(|word| word == "تو" || word == "توست");
        assert!(!informal, "fa.ftl line {}: {line}", n + 1);
    }
}

/// Issue 47, item 6: numbers select their sentence in every language. Tagalog's "one" plural
/// group holds 10 and 1,440 as well as 1, so no such form may say "one" (isang) or "1"; a
/// Persian number selects `[0]` and is still written in Persian digits.
#[test]
fn numbers_select_and_are_written_in_the_readers_digits() {
    let i18n = I18n::new();
    let minutes = |n: i64| [("minutes", Arg::Number(n)), ("name", "Ana".into())];
    for n in [10, 1440] {
        let left = plain(&i18n.text(Lang::Tl, "games-left", &minutes(n)));
        assert!(left.contains(&format!("{n} minuto pa")), "{n}: {left}");
        let on = plain(&i18n.text(Lang::Tl, "notify-on", &minutes(n)));
        assert!(on.contains(&format!("{n} minuto")) && !on.contains("isang"), "{n}: {on}");
        let due = plain(&i18n.text(Lang::Tl, "timer-reminder", &minutes(n)));
        assert!(due.contains(&format!("{n} minuto")) && !due.contains("isang"), "{n}: {due}");
    }
    let one = plain(&i18n.text(Lang::Tl, "timer-reminder", &minutes(1)));
    assert!(one.contains("isang minuto"), "{one}");
    // Persian: `/notify now` in its own words, not "after ۰ minutes".
    let now = plain(&i18n.text(Lang::Fa, "notify-on", &minutes(0)));
    assert!(now.contains("همین که") && !now.contains('۰'), "{now}");
    let later = plain(&i18n.text(Lang::Fa, "notify-on", &minutes(15)));
    assert!(later.contains("۱۵") && !later.contains("15"), "{later}");
}

/// Issue 47, item 6: a player not on this chat's ladder reads so, not "place 0 of 3", in every
/// language.
#[test]
fn not_on_the_ladder_is_said_in_words() {
    let i18n = I18n::new();
    for lang in Lang::ALL {
        let args = |place: i64| {
            [
                ("season", Arg::from("Q4 2026")),
                ("rating", Arg::Number(1500)),
                ("mark", Arg::from("?")),
                ("place", Arg::Number(place)),
                ("players", Arg::Number(3)),
            ]
        };
        let off = plain(&i18n.text(lang, "stats-season", &args(0)));
        let on = plain(&i18n.text(lang, "stats-season", &args(2)));
        assert_ne!(off, on, "{lang:?}");
        // No "… of 3": the ladder's size belongs to a place.
        assert!(!off.contains('3') && !off.contains('۳'), "{lang:?}: {off}");
        assert!(on.contains('3') || on.contains('۳'), "{lang:?}: {on}");
    }
    let en = plain(&i18n.text(
        Lang::En,
        "stats-season",
        &[
            ("season", Arg::from("Q4 2026")),
            ("rating", Arg::Number(1500)),
            ("mark", Arg::from("?")),
            ("place", Arg::Number(0)),
            ("players", Arg::Number(3)),
        ],
    ));
    assert!(en.contains("not on the ladder here yet"), "{en}");
}

/// Issue 45, item 3: help names every declared command, in every language: the typed ones as
/// `/name`, on Discord a command of its own as `/name` and the others as `/game <sub>`.
#[test]
fn help_names_every_declared_command_in_every_language() {
    use crate::table::command::{COMMANDS, OnDiscord};
    let i18n = I18n::new();
    let discord = [(super::PLATFORM, Arg::Text("discord".into()))];
    for lang in Lang::ALL {
        // The parts `/help` sends (`Views::help`).
        let parts = crate::table::view::HELP_PARTS;
        let text = parts.map(|key| i18n.text(lang, key, &[])).join("\n");
        let on_discord =
            parts.map(|key| i18n.text(lang, &format!("{key}-discord"), &discord)).join("\n");
        for c in COMMANDS.iter().filter(|c| c.menu && c.name != "help") {
            assert!(text.contains(&format!("/{}", c.name)), "{lang:?} help lacks /{}", c.name);
            let there = match c.discord {
                OnDiscord::Own => format!("/{}", c.name),
                OnDiscord::Game { sub, .. } => format!("/game {sub}"),
                OnDiscord::No => continue,
            };
            assert!(on_discord.contains(&there), "{lang:?} Discord's help lacks {there}");
        }
    }
}
