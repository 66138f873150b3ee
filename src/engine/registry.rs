//! One list per game of its options: the key, its values, the default, the shorthand words a
//! chat may type, and the rule that defines it. The option words of the table layer, the lobby's
//! options panel, Discord's choices and the help text are all derived from these lists, and a
//! test checks that every value of every option parses and has its words in every language.

use super::{Allowed, GameKind, OptionError, Options};

/// One option of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionSpec {
    /// The key, as the engine protocol and `key=value` words spell it.
    pub key: &'static str,
    /// Its values, in the order the options panel steps through them. A yes/no option has
    /// `off` and `on`; `match_to` accepts any number 1–99 typed, and offers these.
    pub values: &'static [&'static str],
    /// What a typed value may be, as a refusal says it: the values, `on`/`off`, or a range of
    /// numbers (`match_to` takes 1–99).
    pub allowed: Allowed,
    /// The value when the table names none.
    pub default: &'static str,
    /// Shorthand words and the value each one sets (`bounce` → `finish=bounce`).
    pub words: &'static [(&'static str, &'static str)],
    /// Another option's value some of this option's values need (S11: `three_sixes` other than
    /// `unlimited` needs `bonus_six` on).
    pub needs: Option<(&'static str, &'static str)>,
    /// The rule ids in the specification.
    pub rules: &'static str,
    /// Whether the lobby's options panel offers it (a preset is a set of options, not one).
    pub panel: bool,
}

const OFF_ON: &[&str] = &["off", "on"];

const fn option(
    key: &'static str,
    values: &'static [&'static str],
    default: &'static str,
    words: &'static [(&'static str, &'static str)],
    rules: &'static str,
) -> OptionSpec {
    let allowed = if values.len() == 2 && is(values[0], "off") && is(values[1], "on") {
        Allowed::OnOff
    } else {
        Allowed::Words(values)
    };
    OptionSpec { key, values, allowed, default, words, needs: None, rules, panel: true }
}

/// String equality in a `const fn`.
const fn is(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Snakes & Ladders (S2, S8–S12).
const SNAKES: &[OptionSpec] = &[
    OptionSpec {
        panel: false,
        ..option(
            "preset",
            &["classic", "quick", "traditional"],
            "classic",
            &[("classic", "classic"), ("quick", "quick"), ("traditional", "traditional")],
            "S12",
        )
    },
    option("board", &["classic", "random"], "classic", &[("random", "random")], "S2"),
    option(
        "finish",
        &["exact", "bounce"],
        "exact",
        &[("bounce", "bounce"), ("exact", "exact")],
        "S8 S9",
    ),
    option("bonus_six", OFF_ON, "off", &[("bonus", "on")], "S10"),
    OptionSpec {
        needs: Some(("bonus_six", "on")),
        ..option(
            "three_sixes",
            &["unlimited", "cap", "back_to_start"],
            "unlimited",
            &[("cap", "cap"), ("back", "back_to_start")],
            "S11",
        )
    },
];

/// Ludo (L9, L10, L15).
const LUDO: &[OptionSpec] = &[
    option("must_enter", OFF_ON, "off", &[("enter", "on")], "L9"),
    option("must_capture", OFF_ON, "off", &[("capture", "on")], "L9"),
    option("three_sixes_forfeit", OFF_ON, "off", &[("forfeit", "on")], "L10"),
    option("until", &["first", "all"], "first", &[("all", "all"), ("first", "first")], "L15"),
];

/// Long Nardy (N5, N9, N11, N13).
const NARDY: &[OptionSpec] = &[
    option("six_block", OFF_ON, "on", &[("noblock", "off")], "N9"),
    option(
        "bear_off",
        &["standard", "lower_point"],
        "standard",
        &[("lower", "lower_point")],
        "N11",
    ),
    option("head_exception", &["needed", "strict"], "needed", &[("strict", "strict")], "N5"),
    OptionSpec {
        allowed: Allowed::Range { min: 1, max: super::nardy::MAX_MATCH },
        ..option("match_to", &["1", "3", "5", "7"], "1", &[], "N13")
    },
];

/// The options of a game, in the order help and the options panel list them.
pub fn options_of(kind: GameKind) -> &'static [OptionSpec] {
    match kind {
        GameKind::Snakes => SNAKES,
        GameKind::Ludo => LUDO,
        GameKind::Nardy => NARDY,
    }
}

/// The option `key` of a game.
pub fn spec(kind: GameKind, key: &str) -> Option<&'static OptionSpec> {
    options_of(kind).iter().find(|o| o.key == key)
}

/// The refusal of `got` for option `key` of a game: what the option takes, as data.
pub(crate) fn bad(kind: GameKind, key: &str, got: &serde_json::Value) -> OptionError {
    match spec(kind, key) {
        Some(o) => OptionError::BadValue { key: o.key, allowed: o.allowed, got: got.clone() },
        None => {
            let known = match kind {
                GameKind::Snakes => super::snakes::OPTION_NAMES,
                GameKind::Ludo => super::ludo::OPTION_NAMES,
                GameKind::Nardy => super::nardy::OPTION_NAMES,
            };
            OptionError::UnknownOption { key: key.to_owned(), known }
        }
    }
}

/// Checks what the registry's `needs` declare (S11): a value other than the default of an
/// option with `needs` requires the other option's value.
pub(crate) fn check_needs(options: &Options) -> Result<(), OptionError> {
    for o in options_of(options.kind()) {
        let (Some(needs), Some(now)) = (o.needs, options.word(o.key)) else { continue };
        if now != o.default && options.word(needs.0).as_deref() != Some(needs.1) {
            let value = o.values.iter().copied().find(|v| *v == now).unwrap_or(o.default);
            return Err(OptionError::Conflict { key: o.key, value, needs });
        }
    }
    Ok(())
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
        use super::Options::{Ludo, Nardy, Snakes};
        use super::ludo::Until;
        use super::nardy::{BearOff, HeadException};
        use super::snakes::{BoardKind, Finish, ThreeSixes};
        let switch = |on: bool| if on { "on" } else { "off" };
        let word = match (self, key) {
            (Snakes(o), "board") => match o.board {
                BoardKind::Classic => "classic",
                BoardKind::Random => "random",
            },
            (Snakes(o), "finish") => match o.finish {
                Finish::Exact => "exact",
                Finish::Bounce => "bounce",
            },
            (Snakes(o), "bonus_six") => switch(o.bonus_six),
            (Snakes(o), "three_sixes") => match o.three_sixes {
                ThreeSixes::Unlimited => "unlimited",
                ThreeSixes::Cap => "cap",
                ThreeSixes::BackToStart => "back_to_start",
            },
            (Ludo(o), "must_enter") => switch(o.must_enter),
            (Ludo(o), "must_capture") => switch(o.must_capture),
            (Ludo(o), "three_sixes_forfeit") => switch(o.three_sixes_forfeit),
            (Ludo(o), "until") => match o.until {
                Until::First => "first",
                Until::All => "all",
            },
            (Nardy(o), "six_block") => switch(o.six_block),
            (Nardy(o), "bear_off") => match o.bear_off {
                BearOff::Standard => "standard",
                BearOff::LowerPoint => "lower_point",
            },
            (Nardy(o), "head_exception") => match o.head_exception {
                HeadException::Needed => "needed",
                HeadException::Strict => "strict",
            },
            (Nardy(o), "match_to") => return Some(o.match_to.to_string()),
            _ => return None,
        };
        Some(word.to_owned())
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

    #[test]
    fn every_value_of_every_option_parses_and_the_defaults_are_the_engines() {
        for kind in KINDS {
            let defaults: Vec<(&str, &str)> =
                options_of(kind).iter().map(|o| (o.key, o.default)).collect();
            assert_eq!(parse(kind, &defaults).unwrap(), Options::default_for(kind), "{kind}");
            for o in options_of(kind) {
                assert!(o.values.contains(&o.default), "{kind} {}", o.key);
                for value in o.values {
                    let mut pairs = vec![(o.key, *value)];
                    if *value != o.default {
                        pairs.extend(o.needs);
                    }
                    assert!(parse(kind, &pairs).is_ok(), "{kind} {}={value}", o.key);
                }
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
            for o in options_of(kind).iter().filter(|o| o.panel) {
                for value in o.values {
                    let mut pairs = vec![(o.key, *value)];
                    if *value != o.default {
                        pairs.extend(o.needs);
                    }
                    let options = parse(kind, &pairs).unwrap();
                    assert_eq!(options.word(o.key).as_deref(), Some(*value), "{kind}");
                }
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
