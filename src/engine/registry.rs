//! The lists of every game's options, from each game's declaration (`declare.rs`): the
//! option words of the table layer, the lobby's options panel, Discord's choices and the help
//! text are all derived from these lists, and tests check that every value of every option
//! parses and has its words in every language.
//!
//! Adding an option is one line in its game's declaration (and the field's use in the rules),
//! plus its words (`option-…`, `value-…`, `rule-…`) in the four Fluent files.

pub use super::declare::OptionSpec;
pub(crate) use super::declare::switch;
use super::{GameKind, Options};

/// The options of a game, in the order help and the options panel list them.
pub fn options_of(kind: GameKind) -> &'static [OptionSpec] {
    match kind {
        GameKind::Snakes => super::snakes::SnakesOptions::SPECS,
        GameKind::Ludo => super::ludo::LudoOptions::SPECS,
        GameKind::Nardy => super::nardy::NardyOptions::SPECS,
    }
}

/// The option `key` of a game.
pub fn spec(kind: GameKind, key: &str) -> Option<&'static OptionSpec> {
    options_of(kind).iter().find(|o| o.key == key)
}

/// The English of a conflict for the protocol and tools, from the registry: `three_sixes cap or
/// back_to_start needs bonus_six on (S11)`.
pub(crate) fn conflict_text(key: &str, needs: &(&str, &str)) -> String {
    let spec = super::GameKind::ALL.iter().find_map(|&kind| spec(kind, key));
    let (values, rules) = match spec {
        Some(o) => {
            let values: Vec<&str> = o.values.iter().copied().filter(|v| *v != o.default).collect();
            (values.join(" or "), o.rules)
        }
        None => (String::new(), ""),
    };
    format!("{key} {values} needs {} {} ({rules})", needs.0, needs.1)
}

/// The option a shorthand word of `kind` sets, and the value: `("finish", "bounce")`.
pub fn shorthand(kind: GameKind, word: &str) -> Option<(&'static str, &'static str)> {
    options_of(kind)
        .iter()
        .find_map(|o| o.words.iter().find(|(w, _)| *w == word).map(|&(_, value)| (o.key, value)))
}

/// Every shorthand word of a game, comma-separated, in the registry's order.
pub fn shorthand_words(kind: GameKind) -> String {
    let words: Vec<&str> =
        options_of(kind).iter().flat_map(|o| o.words.iter().map(|(w, _)| *w)).collect();
    words.join(", ")
}

/// The keys a game's options have, comma-separated (for refusals naming the known ones).
pub fn key_list(kind: GameKind) -> String {
    let keys: Vec<&str> = options_of(kind).iter().map(|o| o.key).collect();
    keys.join(", ")
}

impl super::Options {
    /// The current value of option `key` as its registry word (`"on"`, `"bounce"`, `"5"`), or
    /// `None` if the game has no such option (a preset is not a value: it sets the others).
    pub fn word(&self, key: &str) -> Option<String> {
        match self {
            Options::Snakes(o) => o.word(key),
            Options::Ludo(o) => o.word(key),
            Options::Nardy(o) => o.word(key),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Allowed, OptionError, Options, ludo, nardy, option_value, snakes};

    const KINDS: [GameKind; 3] = [GameKind::Snakes, GameKind::Ludo, GameKind::Nardy];

    fn parse(kind: GameKind, pairs: &[(&str, &str)]) -> Result<Options, OptionError> {
        let values: Vec<(&str, serde_json::Value)> =
            pairs.iter().map(|(k, v)| (*k, option_value(v))).collect();
        Options::parse(kind, values.iter().map(|(k, v)| (*k, v)))
    }

    /// Every value of every option of `kind` (`panel`: only the panel's options), each set
    /// alone on the defaults (with the options it needs), as parsed.
    fn each_value(
        kind: GameKind,
        panel: bool,
    ) -> Vec<(&'static OptionSpec, &'static str, Result<Options, OptionError>)> {
        let mut all = Vec::new();
        for o in options_of(kind).iter().filter(|o| o.panel || !panel) {
            for value in o.values {
                let mut pairs = vec![(o.key, *value)];
                if *value != o.default {
                    pairs.extend(o.needs);
                }
                all.push((o, *value, parse(kind, &pairs)));
            }
        }
        all
    }

    #[test]
    fn every_value_of_every_option_parses_and_the_defaults_are_the_engines() {
        for kind in KINDS {
            let defaults: Vec<(&str, &str)> =
                options_of(kind).iter().map(|o| (o.key, o.default)).collect();
            assert_eq!(parse(kind, &defaults).unwrap(), Options::default_for(kind), "{kind}");
            for (o, value, parsed) in each_value(kind, false) {
                assert!(parsed.is_ok(), "{kind} {}={value}", o.key);
            }
            for o in options_of(kind) {
                assert!(o.values.contains(&o.default), "{kind} {}", o.key);
                for (word, value) in o.words {
                    assert!(o.values.contains(value), "{kind}: {word} sets {}={value}", o.key);
                    assert_eq!(shorthand(kind, word), Some((o.key, *value)));
                }
                assert!(!o.rules.is_empty());
            }
            // A value no option has is refused by name.
            let refused = parse(kind, &[(options_of(kind)[0].key, "bogus")]);
            assert!(matches!(refused, Err(OptionError::BadValue { .. })), "{kind}: {refused:?}");
        }
    }

    #[test]
    fn every_value_set_reads_back_as_its_word() {
        for kind in KINDS {
            for (o, value, options) in each_value(kind, true) {
                assert_eq!(options.unwrap().word(o.key).as_deref(), Some(value), "{kind}");
            }
            assert_eq!(Options::default_for(kind).word("bogus"), None);
        }
    }

    /// Issue 33: the engine says what is wrong as data (the option, what it takes, the value
    /// given; the option a value needs), and the protocol's English is what it always was.
    #[test]
    fn refusals_are_data_and_the_protocols_english_is_unchanged() {
        use serde_json::json;
        let e = parse(GameKind::Snakes, &[("three_sixes", "cap")]).unwrap_err();
        let needs = ("bonus_six", "on");
        assert_eq!(e, OptionError::Conflict { key: "three_sixes", value: "cap", needs });
        assert_eq!(e.to_string(), "three_sixes cap or back_to_start needs bonus_six on (S11)");
        let e = parse(GameKind::Snakes, &[("three_sixes", "back_to_start"), ("bonus_six", "off")]);
        assert!(matches!(e, Err(OptionError::Conflict { value: "back_to_start", .. })), "{e:?}");
        let e = parse(GameKind::Snakes, &[("finish", "soon")]).unwrap_err();
        let allowed = Allowed::Words(&["exact", "bounce"]);
        assert_eq!(e, OptionError::BadValue { key: "finish", allowed, got: json!("soon") });
        assert_eq!(e.to_string(), "option finish takes exact or bounce, not \"soon\"");
        let e = parse(GameKind::Ludo, &[("must_enter", "maybe")]).unwrap_err();
        assert_eq!(e.to_string(), "option must_enter takes on or off, not \"maybe\"");
        let e = parse(GameKind::Nardy, &[("match_to", "0")]).unwrap_err();
        let allowed = Allowed::Range { min: 1, max: 99 };
        assert_eq!(e, OptionError::BadValue { key: "match_to", allowed, got: json!(0) });
        let e = parse(GameKind::Snakes, &[("preset", "fast")]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "option preset takes classic, quick or traditional, not \"fast\""
        );
        // Every option's refusal carries its registry values.
        for kind in KINDS {
            for o in options_of(kind) {
                let Err(OptionError::BadValue { key, allowed, .. }) =
                    parse(kind, &[(o.key, "bogus")])
                else {
                    panic!("{kind} {}", o.key)
                };
                assert_eq!((key, allowed), (o.key, o.allowed));
                if let Allowed::Words(words) = allowed {
                    assert_eq!(words, o.values);
                }
            }
        }
    }

    #[test]
    fn the_engines_option_names_are_the_registrys_keys() {
        assert_eq!(snakes::OPTION_NAMES, key_list(GameKind::Snakes));
        assert_eq!(ludo::OPTION_NAMES, key_list(GameKind::Ludo));
        assert_eq!(nardy::OPTION_NAMES, key_list(GameKind::Nardy));
    }

    /// Issue 34: the stored options JSON is what it always was (old rows load): the defaults'
    /// shape, field for field, and every value as its word (a switch as a bool, a number as a
    /// number), read back to the same options.
    #[test]
    fn stored_options_keep_their_json() {
        use serde_json::json;
        let defaults = [
            (
                GameKind::Snakes,
                r#"{"board":"classic","finish":"exact","bonus_six":false,"three_sixes":"unlimited"}"#,
            ),
            (
                GameKind::Ludo,
                r#"{"must_enter":false,"must_capture":false,"three_sixes_forfeit":false,"until":"first"}"#,
            ),
            (
                GameKind::Nardy,
                r#"{"six_block":true,"bear_off":"standard","head_exception":"needed","match_to":1}"#,
            ),
        ];
        for (kind, stored) in defaults {
            let options = Options::default_for(kind);
            assert_eq!(serde_json::to_string(&options).unwrap(), stored, "{kind}");
            let read = Options::from_json(kind, &serde_json::from_str(stored).unwrap());
            assert_eq!(read, Ok(options), "{kind}");
            for (o, value, options) in each_value(kind, true) {
                let options = options.unwrap();
                let json = serde_json::to_value(&options).unwrap();
                let want = match o.allowed {
                    Allowed::OnOff => json!(value == "on"),
                    Allowed::Range { .. } => json!(value.parse::<u32>().unwrap()),
                    Allowed::Words(_) => json!(value),
                };
                assert_eq!(json[o.key], want, "{kind} {}={value}", o.key);
                assert_eq!(Options::from_json(kind, &json), Ok(options), "{kind}");
            }
        }
    }

    /// A preset is the defaults with some options set, and a word of its own (S12).
    #[test]
    fn presets_are_declared_with_their_words() {
        let preset = spec(GameKind::Snakes, "preset").unwrap();
        assert!(!preset.panel);
        assert_eq!(snakes::SnakesOptions::preset(preset.default), Some(Default::default()));
        for name in preset.values {
            assert_eq!(shorthand(GameKind::Snakes, name), Some(("preset", *name)));
            let options = parse(GameKind::Snakes, &[("preset", name)]).unwrap();
            assert_eq!(Some(options), snakes::SnakesOptions::preset(name).map(Options::Snakes));
        }
        let quick = snakes::SnakesOptions::preset("quick").unwrap();
        assert_eq!(
            (quick.finish, quick.bonus_six, quick.three_sixes),
            (snakes::Finish::Bounce, true, snakes::ThreeSixes::Cap)
        );
        assert_eq!(snakes::SnakesOptions::preset("fast"), None);
    }

    #[test]
    fn shorthand_words_are_unique_within_a_game() {
        for kind in KINDS {
            let list = shorthand_words(kind);
            let mut words: Vec<&str> = list.split(", ").filter(|w| !w.is_empty()).collect();
            let count = words.len();
            words.sort_unstable();
            words.dedup();
            assert_eq!(words.len(), count, "{kind}: {list}");
        }
    }
}
