//! Why an operation did nothing: a refusal to say, an engine's refusal, a stale button, or an
//! internal failure. Every part of the table service answers with these; they import no part.

use super::i18n::Arg;
use crate::engine::Illegal;
use crate::ids::TableId;
use crate::store::StoreError;

/// A failure that is not the user's doing (the database is down, …): logged, and the user is
/// told to try again.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A stored table could not be read back.
    #[error("table {0} is damaged: {1}")]
    Damaged(TableId, String),
    /// A stored cup could not be read back.
    #[error("cup {0} is damaged: {1}")]
    DamagedCup(crate::ids::CupId, String),
    /// Anything else that should not happen (a value that does not serialise, no OS
    /// randomness, a cup that kept changing under every try), not tied to a stored table.
    #[error("{0}")]
    Internal(String),
}

/// Declares [`Refusal`]: each variant with its message in `assets/locales`.
macro_rules! refusals {
    ($($variant:ident = $key:literal,)*) => {
        /// What a refusal says: one message of `assets/locales`, named here once. A call site
        /// names the variant; the Fluent key is the variant's own (`err-` and its name in
        /// kebab case, checked by a test), never a string typed where the refusal is made.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Refusal {
            $(
                #[doc = concat!("`", $key, "`")]
                $variant,
            )*
        }

        impl Refusal {
            /// Every refusal.
            #[cfg(test)]
            pub(super) const ALL: &[Refusal] = &[$(Refusal::$variant,)*];

            /// The message's Fluent key.
            pub fn key(self) -> &'static str {
                match self {
                    $(Refusal::$variant => $key,)*
                }
            }
        }
    };
}

refusals! {
    AdminOnly = "err-admin-only",
    AlreadySeated = "err-already-seated",
    BadInvite = "err-bad-invite",
    Bots = "err-bots",
    CupAdmin = "err-cup-admin",
    CupClosed = "err-cup-closed",
    CupContradiction = "err-cup-contradiction",
    CupExists = "err-cup-exists",
    CupFew = "err-cup-few",
    CupGone = "err-cup-gone",
    CupHost = "err-cup-host",
    CupNoForfeit = "err-cup-no-forfeit",
    CupNone = "err-cup-none",
    CupNotSigned = "err-cup-not-signed",
    CupOver = "err-cup-over",
    CupPrivate = "err-cup-private",
    CupRoundRobin = "err-cup-round-robin",
    CupRounds = "err-cup-rounds",
    CupRunning = "err-cup-running",
    CupSeats = "err-cup-seats",
    CupSigned = "err-cup-signed",
    CupStart = "err-cup-start",
    CupStarted = "err-cup-started",
    CupUnknown = "err-cup-unknown",
    CupWait = "err-cup-wait",
    CupWindow = "err-cup-window",
    CupWord = "err-cup-word",
    Forged = "err-forged",
    GameOver = "err-game-over",
    HostOnly = "err-host-only",
    Lang = "err-lang",
    NoComputer = "err-no-computer",
    NoFinished = "err-no-finished",
    NoFinishedGame = "err-no-finished-game",
    NoFinishedYet = "err-no-finished-yet",
    NoSuchPlayer = "err-no-such-player",
    NoSuchTable = "err-no-such-table",
    NotATable = "err-not-a-table",
    NotSeated = "err-not-seated",
    NotStarted = "err-not-started",
    NotYourTurn = "err-not-your-turn",
    NotifyWord = "err-notify-word",
    OptionConflict = "err-option-conflict",
    OptionValue = "err-option-value",
    OptionWord = "err-option-word",
    OtherChat = "err-other-chat",
    Players = "err-players",
    RematchOver = "err-rematch-over",
    RematchPlayers = "err-rematch-players",
    RematchReserved = "err-rematch-reserved",
    RematchStale = "err-rematch-stale",
    RematchStarted = "err-rematch-started",
    ReplayEmpty = "err-replay-empty",
    ReplayFailed = "err-replay-failed",
    ReplayRunning = "err-replay-running",
    RulesWhich = "err-rules-which",
    Started = "err-started",
    Stopping = "err-stopping",
    TableFull = "err-table-full",
    TooFew = "err-too-few",
    VsUnknown = "err-vs-unknown",
    VsWho = "err-vs-who",
    WhichTable = "err-which-table",
}

/// Why an operation did nothing.
pub(super) enum Fail {
    /// A refusal with its arguments.
    Say(Refusal, Vec<(&'static str, Arg)>),
    /// The engine refused the action.
    Illegal(Illegal, Vec<String>),
    /// The button was out of date: say so, and refresh the board.
    Stale(TableId),
    /// No table of the chat (of the game asked for) is in the statuses looked for: callers may
    /// look elsewhere (their choice never depends on a message's wording); shown as
    /// `err-no-table`.
    NoTable,
    /// An internal failure.
    Internal(ServiceError),
}

impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict { table, .. } => Fail::Stale(table),
            e => Fail::Internal(e.into()),
        }
    }
}

impl From<ServiceError> for Fail {
    fn from(e: ServiceError) -> Self {
        Fail::Internal(e)
    }
}

pub(super) fn say(refusal: Refusal) -> Fail {
    Fail::Say(refusal, Vec::new())
}

#[cfg(test)]
mod tests {
    use super::Refusal;
    use crate::table::i18n::Lang;

    /// Each key is `err-` and the variant's name in kebab case, and every language says it.
    #[test]
    fn every_refusal_is_its_variants_key_and_said_in_every_language() {
        let files = Lang::ALL.map(|lang| {
            let path = format!("{}/assets/locales/{}.ftl", env!("CARGO_MANIFEST_DIR"), lang.code());
            (lang, std::fs::read_to_string(path).unwrap())
        });
        for &r in Refusal::ALL {
            let name = format!("{r:?}");
            let mut kebab = String::from("err");
            for c in name.chars() {
                if c.is_ascii_uppercase() {
                    kebab.push('-');
                }
                kebab.push(c.to_ascii_lowercase());
            }
            assert_eq!(r.key(), kebab, "{name}");
            for (lang, file) in &files {
                let said = file.lines().any(|l| l.starts_with(&format!("{} =", r.key())));
                assert!(said, "{lang:?} cannot say {}", r.key());
            }
        }
    }
}
