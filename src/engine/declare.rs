//! How a game declares its options: [`OptionSpec`], the value types and the `game_options!`
//! and `option_values!` macros. Each game imports this module; the lists of every game's
//! options are [`super::registry`]'s, which imports the games (never the other way round).
//!
//! Each game declares its options once, with `game_options!` beside its rules (the key, the
//! type, the default, the rule ids, the shorthand words, the option another value needs, a
//! number's range and the values the panel offers; a preset section for a game with presets),
//! and the macro makes everything else: the options struct with its serde shape, its
//! `Default`, `parse`, `word`, the option names a refusal lists, and the game's list of
//! [`OptionSpec`]s here. The option words of the table layer, the lobby's options panel,
//! Discord's choices and the help text are all derived from these lists, and tests check that
//! every value of every option parses and has its words in every language. A value type is
//! `bool` (a switch: `off`/`on`), `u32` (a number in a declared range) or an enum declared with
//! `option_values!` (its words are its serde names, so stored options read as they always did).
//!
//! Adding an option is one line in its game's declaration (and the field's use in the rules),
//! plus its words (`option-…`, `value-…`, `rule-…`) in the four Fluent files.

use std::marker::PhantomData;

use serde_json::Value;

use super::{Allowed, OptionError, Options};

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

/// The values of a switch, in the panel's order.
const OFF_ON: &[&str] = &["off", "on"];

/// How a declared option's value reads from JSON and writes as its word: `bool` (on/off),
/// `u32` (a number in the option's range) and every enum of [`option_values!`].
pub(crate) trait OptionValue: Copy {
    /// The value `value` names, if the option (which takes `allowed`) has it.
    fn read(value: &Value, allowed: Allowed) -> Option<Self>;
    /// The value's word (`"on"`, `"bounce"`, `"5"`).
    fn word(self) -> String;
}

impl OptionValue for bool {
    fn read(value: &Value, _: Allowed) -> Option<Self> {
        switch(value)
    }

    fn word(self) -> String {
        if self { "on" } else { "off" }.to_owned()
    }
}

impl OptionValue for u32 {
    /// A JSON number or a string of digits, within the option's range.
    fn read(value: &Value, allowed: Allowed) -> Option<Self> {
        let Allowed::Range { min, max } = allowed else { return None };
        let n = value.as_u64().or_else(|| value.as_str().and_then(|s| s.parse().ok()))?;
        u32::try_from(n).ok().filter(|n| (min..=max).contains(n))
    }

    fn word(self) -> String {
        self.to_string()
    }
}

/// A yes/no option: JSON true/false, or the words on/off, yes/no, true/false.
pub(crate) fn switch(value: &Value) -> Option<bool> {
    match value {
        Value::Bool(b) => Some(*b),
        Value::String(s) => match s.as_str() {
            "on" | "yes" | "true" => Some(true),
            "off" | "no" | "false" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// The words of an option's value type when the crate compiles: a declaration's default word
/// becomes its value here (a word the type lacks fails the build), and a switch's or an enum's
/// values and what they allow come from here. `u32` has no values of its own: its declaration
/// names its range and the values the panel offers.
pub(crate) struct Words<T>(PhantomData<T>);

impl Words<bool> {
    /// A switch's values, in the panel's order.
    pub(crate) const VALUES: &'static [&'static str] = OFF_ON;
    /// What a switch takes.
    pub(crate) const ALLOWED: Allowed = Allowed::OnOff;

    /// The switch `word` names (at compile time).
    pub(crate) const fn parse(word: &str) -> bool {
        if is(word, "on") {
            true
        } else if is(word, "off") {
            false
        } else {
            panic!("a switch's default is on or off")
        }
    }
}

impl Words<u32> {
    /// The number `word` writes (at compile time).
    pub(crate) const fn parse(word: &str) -> u32 {
        let digits = word.as_bytes();
        assert!(!digits.is_empty(), "a number's default is digits");
        let (mut n, mut i) = (0u32, 0);
        while i < digits.len() {
            assert!(digits[i].is_ascii_digit(), "a number's default is digits");
            n = n * 10 + (digits[i] - b'0') as u32;
            i += 1;
        }
        n
    }
}

/// String equality in a `const fn`.
pub(crate) const fn is(a: &str, b: &str) -> bool {
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

/// `"a, b, c, "` without its last separator (the option names a refusal lists, made by
/// [`game_options!`] with `concat!`).
pub(crate) const fn names(list: &'static str) -> &'static str {
    let (head, _) = list.as_bytes().split_at(list.len() - 2);
    match std::str::from_utf8(head) {
        Ok(names) => names,
        Err(_) => panic!("option names are ASCII"),
    }
}

/// Declares the values of an option as an enum: each variant with its word, which is also its
/// serde name (so the stored options JSON is what the word says). Makes the enum (`Debug`,
/// `Clone`, `Copy`, `PartialEq`, `Eq`, serde), `WORDS`, `word()`, `from_word()`, and what
/// [`game_options!`] needs to read and write it.
macro_rules! option_values {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $word:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        pub enum $name {
            $( $(#[$vmeta])* #[serde(rename = $word)] $variant, )+
        }

        impl $name {
            /// Every value's word, in the order the options panel steps through them.
            pub const WORDS: &'static [&'static str] = &[$($word),+];

            /// The value's word, as the protocol, stored options and `key=value` spell it.
            pub const fn word(self) -> &'static str {
                match self {
                    $( Self::$variant => $word, )+
                }
            }

            /// The value `word` names.
            pub const fn from_word(word: &str) -> Option<Self> {
                $( if $crate::engine::declare::is(word, $word) {
                    return Some(Self::$variant);
                } )+
                None
            }
        }

        impl $crate::engine::declare::Words<$name> {
            /// The values, in the panel's order.
            pub(crate) const VALUES: &'static [&'static str] = $name::WORDS;
            /// What the option takes.
            pub(crate) const ALLOWED: $crate::engine::Allowed =
                $crate::engine::Allowed::Words($name::WORDS);

            /// The value `word` names (at compile time: a default the enum lacks fails the
            /// build).
            pub(crate) const fn parse(word: &str) -> $name {
                match $name::from_word(word) {
                    Some(value) => value,
                    None => panic!("a default that is not one of the option's values"),
                }
            }
        }

        impl $crate::engine::declare::OptionValue for $name {
            fn read(value: &serde_json::Value, _: $crate::engine::Allowed) -> Option<Self> {
                value.as_str().and_then(Self::from_word)
            }

            fn word(self) -> String {
                $name::word(self).to_owned()
            }
        }
    };
}
pub(crate) use option_values;

/// Declares a game's options once: each field's key, type, default word, rule ids, and
/// optionally a number's offered values and range (`offers [..] in 1..=MAX`), its shorthand
/// words (`words ["bounce" => "bounce"]`) and the option value some of its values need
/// (`needs bonus_six = "on"`); after the struct's name, optionally, a preset section (a preset
/// is the defaults with some fields set). Makes the struct (serde: every field defaulted, unknown fields
/// refused, in declaration order), `DEFAULTS` and `Default`, `SPECS` (the registry's list),
/// `parse`, `check`, `word`, the presets' function and the module's `OPTION_NAMES`.
macro_rules! game_options {
    (
        $(#[$meta:meta])*
        pub struct $name:ident for $kind:ident
        $(
            , $(#[$pmeta:meta])*
            $preset_key:ident: presets, rules $prules:literal {
                $( $preset:ident { $( $pfield:ident: $pvalue:expr ),* $(,)? } ),+ $(,)?
            }
        )?
        {
            $(
                $(#[$fmeta:meta])*
                $key:ident: $ty:ty = $default:literal, rules $rules:literal
                $(, offers [$($offer:literal),+] in $min:literal..=$max:expr)?
                $(, words [$($word:literal => $wvalue:literal),+ $(,)?])?
                $(, needs $nkey:ident = $nvalue:literal)?
                ;
            )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct $name {
            $( $(#[$fmeta])* pub $key: $ty, )+
        }

        /// Option names, for error messages and help.
        pub const OPTION_NAMES: &str = $crate::engine::declare::names(concat!(
            $( stringify!($preset_key), ", ", )?
            $( stringify!($key), ", ", )+
        ));

        impl Default for $name {
            fn default() -> Self {
                Self::DEFAULTS
            }
        }

        impl $name {
            /// The defaults, as the declaration names them.
            pub const DEFAULTS: Self = Self {
                $( $key: $crate::engine::declare::Words::<$ty>::parse($default), )+
            };

            /// The game's options as the registry lists them, in declaration order.
            pub const SPECS: &'static [$crate::engine::declare::OptionSpec] = &[
                $( $crate::engine::declare::OptionSpec {
                    key: stringify!($preset_key),
                    values: &[$(stringify!($preset)),+],
                    allowed: $crate::engine::Allowed::Words(&[$(stringify!($preset)),+]),
                    default: $crate::engine::declare::first!($($preset),+),
                    words: &[$((stringify!($preset), stringify!($preset))),+],
                    needs: None,
                    rules: $prules,
                    panel: false,
                }, )?
                $( $crate::engine::declare::OptionSpec {
                    key: stringify!($key),
                    values: $crate::engine::declare::values!($ty $(; $($offer),+)?),
                    allowed: $crate::engine::declare::allowed!($ty $(; $min, $max)?),
                    default: $default,
                    words: &[$($(($word, $wvalue)),+)?],
                    needs: $crate::engine::declare::needs!($($nkey = $nvalue)?),
                    rules: $rules,
                    panel: true,
                }, )+
            ];

            $(
                $(#[$pmeta])*
                pub fn $preset_key(name: &str) -> Option<Self> {
                    $( if name == stringify!($preset) {
                        return Some(Self { $( $pfield: $pvalue, )* ..Self::DEFAULTS });
                    } )+
                    None
                }
            )?

            /// Builds the options from `key = value` pairs, starting from the defaults (a
            /// preset first, so that options named on their own override it whatever their
            /// order), and checks what the declaration's `needs` say.
            pub(crate) fn parse(
                pairs: &[(&str, &serde_json::Value)],
            ) -> Result<Self, $crate::engine::OptionError> {
                use $crate::engine::declare::{OptionValue, bad};
                let bad = |key, value| bad(Self::SPECS, OPTION_NAMES, key, value);
                let mut options = Self::DEFAULTS;
                $(
                    let key = stringify!($preset_key);
                    for &(_, value) in pairs.iter().filter(|(k, _)| *k == key) {
                        options = (value.as_str().and_then(Self::$preset_key))
                            .ok_or_else(|| bad(key, value))?;
                    }
                )?
                for &(key, value) in pairs {
                    $( if key == stringify!($preset_key) {
                        continue;
                    } )?
                    $( if key == stringify!($key) {
                        let allowed = $crate::engine::declare::allowed!($ty $(; $min, $max)?);
                        options.$key = OptionValue::read(value, allowed)
                            .ok_or_else(|| bad(key, value))?;
                        continue;
                    } )+
                    return Err($crate::engine::OptionError::UnknownOption {
                        key: key.to_owned(),
                        known: OPTION_NAMES,
                    });
                }
                options.check()?;
                Ok(options)
            }

            /// The options' own rules, as the declaration's `needs` say (S11: three sixes need
            /// the bonus six).
            pub(crate) fn check(&self) -> Result<(), $crate::engine::OptionError> {
                $crate::engine::declare::check_needs(Self::SPECS, &$crate::engine::Options::$kind(*self))
            }

            /// The current value of option `key` as its word (`"on"`, `"bounce"`, `"5"`), or
            /// `None` if there is no such option (a preset is not a value: it sets the others).
            pub fn word(&self, key: &str) -> Option<String> {
                $( if key == stringify!($key) {
                    return Some($crate::engine::declare::OptionValue::word(self.$key));
                } )+
                None
            }
        }
    };
}
pub(crate) use game_options;

/// The first of the presets: the registry's default preset.
macro_rules! first {
    ($first:ident $(, $rest:ident)*) => {
        stringify!($first)
    };
}
pub(crate) use first;

/// An option's values: its type's, or the ones a number's declaration offers.
macro_rules! values {
    ($ty:ty) => {
        $crate::engine::declare::Words::<$ty>::VALUES
    };
    ($ty:ty; $($offer:literal),+) => {
        &[$($offer),+]
    };
}
pub(crate) use values;

/// What an option takes: its type's, or a number's declared range.
macro_rules! allowed {
    ($ty:ty) => {
        $crate::engine::declare::Words::<$ty>::ALLOWED
    };
    ($ty:ty; $min:literal, $max:expr) => {
        $crate::engine::Allowed::Range { min: $min, max: $max }
    };
}
pub(crate) use allowed;

/// The option value some of an option's values need, if declared.
macro_rules! needs {
    () => {
        None
    };
    ($key:ident = $value:literal) => {
        Some((stringify!($key), $value))
    };
}
pub(crate) use needs;

/// The refusal of `got` for option `key` of the game whose options are `specs` (their names:
/// `names`): what the option takes, as data.
pub(crate) fn bad(
    specs: &[OptionSpec],
    names: &'static str,
    key: &str,
    got: &Value,
) -> OptionError {
    match specs.iter().find(|o| o.key == key) {
        Some(o) => OptionError::BadValue { key: o.key, allowed: o.allowed, got: got.clone() },
        None => OptionError::UnknownOption { key: key.to_owned(), known: names },
    }
}

/// Checks what a game's `needs` declare (S11): a value other than the default of an option
/// with `needs` requires the other option's value. `specs`: the game's options.
pub(crate) fn check_needs(specs: &[OptionSpec], options: &Options) -> Result<(), OptionError> {
    for o in specs {
        let (Some(needs), Some(now)) = (o.needs, options.word(o.key)) else { continue };
        if now != o.default && options.word(needs.0).as_deref() != Some(needs.1) {
            let value = o.values.iter().copied().find(|v| *v == now).unwrap_or(o.default);
            return Err(OptionError::Conflict { key: o.key, value, needs });
        }
    }
    Ok(())
}
