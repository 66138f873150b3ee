use super::*;
use crate::engine::ludo::Until;
use crate::engine::snakes::Finish;

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_owned).collect()
}

/// Every option of every game's registry, and every value, has its words in all four
/// languages: its name, each value's name, and the rule line the `/rules` text shows.
#[test]
fn every_option_and_value_has_its_words_in_every_language() {
    use crate::table::i18n::{Arg, I18n, Lang};
    let i18n = I18n::new();
    let points = [("points", Arg::Number(5))];
    for kind in [GameKind::Snakes, GameKind::Ludo, GameKind::Nardy] {
        for (key, values) in choices(kind) {
            for lang in Lang::ALL {
                let has = |k: &str, args: &[(&str, Arg)]| {
                    assert!(i18n.format(lang, k, args).is_some(), "{lang:?} lacks {k}");
                };
                has(&format!("option-{key}"), &[]);
                for value in values {
                    match (key, *value) {
                        ("timer", "off") => has("value-off", &[]),
                        ("timer", v) => has(&format!("timer-{v}"), &[]),
                        ("level", v) => has(&format!("level-{v}"), &[]),
                        (_, "1") => has(&format!("rule-{key}-1"), &[]),
                        (_, v) if v.bytes().all(|b| b.is_ascii_digit()) => {
                            has(&format!("rule-{key}"), &points)
                        }
                        (_, v) => {
                            has(&format!("value-{v}"), &[]);
                            has(&format!("rule-{key}-{v}"), &[]);
                        }
                    }
                }
            }
        }
    }
}

/// Issue 34: the table's own options are declared once ([`TABLE_OPTIONS`]): every one a
/// `key=value` may name has its name and its values' names in all four languages, every
/// word it lists or accepts is read (where the platform has threads, for `thread`), its
/// value now is one of its values, and no word means two things.
#[test]
fn the_tables_own_options_are_declared_once_and_worded_in_every_language() {
    use crate::table::i18n::{I18n, Lang};
    let i18n = I18n::new();
    let mut seen: Vec<&str> = Vec::new();
    for o in TABLE_OPTIONS {
        assert_eq!(table_option(o.key).map(|t| t.key), Some(o.key));
        for (word, set) in o.words.iter().chain(o.unlisted) {
            let mut expected = Settings::default();
            set.apply(&mut expected);
            let words = vec![(*word).to_owned()];
            // Long Nardy: the game that takes every level.
            let (_, got) = apply(GameKind::Nardy, None, Settings::default(), &words, true)
                .unwrap_or_else(|e| panic!("{word}: {e:?}"));
            assert_eq!(got, expected, "{word}");
            if o.threads {
                let elsewhere = apply(GameKind::Nardy, None, Settings::default(), &words, false);
                assert_eq!(elsewhere, Err(WordError::Unknown((*word).to_owned())));
            }
            seen.push(word);
        }
        let Some((allowed, read)) = o.value else { continue };
        for lang in Lang::ALL {
            let key = format!("option-{}", o.key);
            assert!(i18n.format(lang, &key, &[]).is_some(), "{lang:?} lacks {key}");
        }
        match allowed {
            Allowed::Words(values) => {
                assert!(values.contains(&(o.now)(Settings::default()).as_str()), "{}", o.key);
                for value in values {
                    assert!(read(value).is_some(), "{}={value}", o.key);
                    let key = value_key(o.key, value).unwrap();
                    for lang in Lang::ALL {
                        assert!(i18n.format(lang, &key, &[]).is_some(), "{lang:?} lacks {key}");
                    }
                }
            }
            Allowed::OnOff => {
                assert_eq!(read("on").zip(read("off")).map(|(a, b)| a != b), Some(true));
            }
            Allowed::Range { min, max } => {
                assert!(read(&min.to_string()).is_some() && read(&max.to_string()).is_some());
                assert!(read(&(max + 1).to_string()).is_none(), "{}", o.key);
            }
        }
        // `key=value` names it by its key and its aliases alike.
        for key in std::iter::once(&o.key).chain(o.aliases) {
            let word = vec![format!("{key}=bogus")];
            let e = apply(GameKind::Snakes, None, Settings::default(), &word, true);
            assert!(
                matches!(&e, Err(WordError::Option(OptionError::BadValue { key, .. })) if *key == o.key),
                "{e:?}"
            );
        }
    }
    // A table's word is no game's word.
    for kind in GameKind::ALL {
        for word in &seen {
            assert_eq!(registry::shorthand(kind, word), None, "{kind:?} {word}");
        }
    }
    let count = seen.len();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), count, "a word of two table options");
}

#[test]
fn s2_a_stored_table_keeps_the_board_generator_it_was_created_with() {
    // Stored before generators had names: the first generator, so its game replays.
    let old: Settings = serde_json::from_str(r#"{"timer":"off"}"#).unwrap();
    assert_eq!(old.boards, BoardGenerator::Original);
    // A new table takes the current one and keeps it through a save.
    let new = Settings::default();
    assert_eq!(new.boards, BoardGenerator::CURRENT);
    let saved: Settings = serde_json::from_str(&serde_json::to_string(&new).unwrap()).unwrap();
    assert_eq!(saved, new);
}

#[test]
fn the_panel_steps_each_option_through_its_values() {
    for kind in [GameKind::Snakes, GameKind::Ludo, GameKind::Nardy] {
        for (k, (key, values)) in choices(kind).iter().enumerate() {
            let (mut options, mut settings) = (Options::default_for(kind), Settings::default());
            let mut seen = Vec::new();
            for _ in 0..values.len() {
                let Some(next) = cycle(kind, &options, settings, k) else {
                    // Three sixes only count with the bonus six (S11), off by default.
                    assert_eq!(*key, "three_sixes", "{kind:?}");
                    break;
                };
                (options, settings) = next;
                seen.push(current(key, &options, settings));
            }
            if *key != "three_sixes" {
                seen.sort();
                let mut all = values.to_vec();
                all.sort();
                assert_eq!(seen, all, "{kind:?} {key}");
            }
        }
        assert!(cycle(kind, &Options::default_for(kind), Settings::default(), 9).is_none());
    }
}

#[test]
fn shorthands_timers_and_pairs() {
    let (o, s) =
        apply(GameKind::Snakes, None, Settings::default(), &words("bounce 5m bonus"), true)
            .unwrap();
    let Options::Snakes(o) = o else { panic!() };
    assert_eq!((o.finish, o.bonus_six, s.timer), (Finish::Bounce, true, Timer::FiveMinutes));
    let (o, s) =
        apply(GameKind::Ludo, None, Settings::default(), &words("all timer=off"), true).unwrap();
    assert_eq!(
        (o, s.timer),
        (
            Options::Ludo(crate::engine::ludo::LudoOptions {
                until: Until::All,
                ..Default::default()
            }),
            Timer::Off
        )
    );
    let (o, _) =
        apply(GameKind::Nardy, None, Settings::default(), &words("5 lower"), true).unwrap();
    let Options::Nardy(o) = o else { panic!() };
    assert_eq!(o.match_to, 5);
    // The words a refusal lists are the ones read.
    assert_eq!(Timer::ALL.map(Timer::word), Timer::WORDS);
    assert_eq!(Level::ALL.map(Level::word), LEVELS);
}

/// Issue 63: `expert` (and `level=expert`) sets Long Nardy's expert; Ludo and Snakes have
/// none, so there it is refused as a level the game does not offer, listing the ones it
/// does; the panel steps Nardy's level through all four, the others' through three.
#[test]
fn only_long_nardy_has_an_expert() {
    for w in ["bot expert", "level=expert"] {
        let (_, s) = apply(GameKind::Nardy, None, Settings::default(), &words(w), true).unwrap();
        assert_eq!(s.level, Level::Expert, "{w}");
        for kind in [GameKind::Ludo, GameKind::Snakes] {
            let e = apply(kind, None, Settings::default(), &words(w), true).unwrap_err();
            let WordError::Option(OptionError::BadValue { key, allowed, got }) = e else {
                panic!("{kind:?} {w}: {e:?}");
            };
            assert_eq!((key, got), ("level", Value::String("expert".into())));
            assert_eq!(allowed, Allowed::Words(&LEVELS_BUT_EXPERT));
        }
    }
    // A level that is no level is refused with the game's own.
    for (kind, allowed) in [(GameKind::Ludo, &LEVELS_BUT_EXPERT[..]), (GameKind::Nardy, &LEVELS)] {
        let e = apply(kind, None, Settings::default(), &words("level=genius"), true);
        assert!(
            matches!(e, Err(WordError::Option(OptionError::BadValue { allowed: Allowed::Words(w), .. })) if w == allowed),
            "{kind:?}: {e:?}"
        );
    }
    let level = |kind| choices(kind).into_iter().find(|(k, _)| *k == "level").unwrap().1;
    assert_eq!(level(GameKind::Nardy), LEVELS);
    assert_eq!(level(GameKind::Ludo), LEVELS_BUT_EXPERT);
}

#[test]
fn current_options_are_kept_unless_a_preset_resets_them() {
    let (first, _) =
        apply(GameKind::Snakes, None, Settings::default(), &words("bounce"), true).unwrap();
    let (again, _) =
        apply(GameKind::Snakes, Some(&first), Settings::default(), &words("random"), true).unwrap();
    let Options::Snakes(o) = again else { panic!() };
    assert_eq!(o.finish, Finish::Bounce);
}

#[test]
fn unknown_words_and_bad_values_are_refused_by_name() {
    let e =
        apply(GameKind::Ludo, None, Settings::default(), &words("capture zzz"), true).unwrap_err();
    assert_eq!(e, WordError::Unknown("zzz".into()));
    assert!(matches!(
        apply(GameKind::Nardy, None, Settings::default(), &words("500"), true),
        Err(WordError::Option(_))
    ));
    assert!(matches!(
        apply(GameKind::Snakes, None, Settings::default(), &words("timer=2m"), true),
        Err(WordError::Option(OptionError::BadValue { key: "timer", .. }))
    ));
}

/// The typed words a refusal lists, as text.
fn typed(kind: GameKind, threads: bool) -> Vec<String> {
    (known_words(kind, threads).into_iter())
        .filter_map(|a| match a {
            Arg::Text(word) => Some(word),
            _ => None,
        })
        .collect()
}

#[test]
fn thread_is_offered_and_accepted_only_where_there_are_threads() {
    for kind in GameKind::ALL {
        assert!(typed(kind, true).contains(&"thread".to_owned()));
        assert!(!typed(kind, false).contains(&"thread".to_owned()), "{kind:?}");
        // Every word offered is one the table knows (it may conflict with the defaults).
        for word in typed(kind, true) {
            assert!(!word.is_empty(), "{kind:?}: an empty word");
            if word != "key=value" && word != "bots=N" {
                let applied =
                    apply(kind, None, Settings::default(), std::slice::from_ref(&word), true);
                assert!(!matches!(applied, Err(WordError::Unknown(_))), "{kind:?} {word}");
            }
        }
        // Where there are no threads (Telegram, the playground), `thread` is refused by name.
        for word in ["thread", "thread=on", "--thread"] {
            let applied = apply(kind, None, Settings::default(), &words(word), false);
            assert_eq!(applied, Err(WordError::Unknown(word.to_owned())), "{kind:?}");
        }
        let (_, s) = apply(kind, None, Settings::default(), &words("thread=on"), true).unwrap();
        assert!(s.thread);
    }
}

/// The words of `lang` a refusal of `words` shows, as a player reads it.
fn refused(kind: GameKind, words: &[String], lang: crate::table::i18n::Lang) -> String {
    let i18n = crate::table::i18n::I18n::new();
    let e = apply(kind, None, Settings::default(), words, true).unwrap_err();
    let (key, args) = refusal(true, kind, e);
    i18n.format(lang, key.key(), &args).unwrap_or_else(|| panic!("{lang:?} cannot say {key:?}"))
}

/// Issue 33: every option of every game with a wrong value, and every pair of options that
/// conflict, is refused in the player's language: in Persian and Russian no Latin word but a
/// command (or the value the player typed), and in no language an option key or a rule id.
#[test]
fn option_refusals_say_every_word_in_the_players_language() {
    use crate::table::i18n::Lang;
    let mut keys: Vec<&str> = vec!["timer", "level", "bots", "thread"];
    for kind in GameKind::ALL {
        keys.extend(registry::options_of(kind).iter().map(|o| o.key));
    }
    // The words a player types for a value (issue 46, item 13 has a refusal list them):
    // Latin in every language, as the parser takes them.
    let mut typed: Vec<&str> = vec!["on", "off"];
    for kind in GameKind::ALL {
        for o in registry::options_of(kind) {
            if let Allowed::Words(values) = o.allowed {
                typed.extend(values.iter().copied());
            }
        }
    }
    for o in TABLE_OPTIONS {
        if let Some((Allowed::Words(values), _)) = o.value {
            typed.extend(values.iter().copied());
        }
    }
    let check = |kind: GameKind, words: &[String], got: Option<&str>, lang: Lang| {
        let text = refused(kind, words, lang);
        let said = got.map_or_else(|| text.clone(), |got| text.replace(got, " "));
        for word in said.split(|c: char| !(c.is_ascii_alphanumeric() || "_/".contains(c))) {
            let latin = word.bytes().any(|b| b.is_ascii_alphabetic()) && !typed.contains(&word);
            if matches!(lang, Lang::Fa | Lang::Ru) {
                assert!(!latin || word.starts_with('/'), "{lang:?} {words:?}: {word:?} in {text}");
            }
            // A rule id (S11, L9, N13) or an option key (`match_to`, `three_sixes`).
            let rule = word.len() > 1
                && word.starts_with(['S', 'L', 'N'])
                && word[1..].bytes().all(|b| b.is_ascii_digit());
            let key = word.contains('_') && keys.contains(&word);
            assert!(!rule && !key, "{lang:?} {words:?}: {word:?} in {text}");
        }
        assert!(got.is_none_or(|got| text.contains(got)), "{lang:?}: the value typed: {text}");
    };
    let mut seen = 0;
    for kind in GameKind::ALL {
        let table = ["timer", "level", "bots", "thread"];
        let options = registry::options_of(kind).iter().map(|o| o.key);
        for key in options.chain(table) {
            for got in ["bogus", "0", "100"] {
                let word = vec![format!("{key}={got}")];
                if apply(kind, None, Settings::default(), &word, true).is_ok() {
                    continue;
                }
                for lang in Lang::ALL {
                    check(kind, &word, Some(got), lang);
                }
                seen += 1;
            }
        }
        for o in registry::options_of(kind) {
            let Some((other, needed)) = o.needs else { continue };
            let spec = registry::spec(kind, other).unwrap();
            for value in o.values.iter().filter(|v| **v != o.default) {
                for not in spec.values.iter().filter(|v| *v != &needed) {
                    let words = vec![format!("{}={value}", o.key), format!("{other}={not}")];
                    let e = apply(kind, None, Settings::default(), &words, true);
                    assert!(
                        matches!(e, Err(WordError::Option(OptionError::Conflict { .. }))),
                        "{words:?}: {e:?}"
                    );
                    for lang in Lang::ALL {
                        check(kind, &words, None, lang);
                    }
                    seen += 1;
                }
            }
        }
    }
    assert!(seen > 40, "{seen}");
    // The issue's examples, in English.
    let text = refused(GameKind::Snakes, &words("three_sixes=cap"), Lang::En);
    assert!(text.contains("Three sixes") && text.contains("Six rolls again"), "{text}");
    let text = refused(GameKind::Nardy, &words("0"), Lang::Ru);
    assert!(text.replace(['\u{2068}', '\u{2069}'], "").contains("от 1 до 99"), "{text}");
    let text = refused(GameKind::Ludo, &words("level=genius"), Lang::En);
    assert!(!text.contains("is not an option") && text.contains("genius"), "{text}");
}
