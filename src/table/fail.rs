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

/// Why an operation did nothing.
pub(super) enum Fail {
    /// A refusal with a message key and arguments.
    Say(&'static str, Vec<(&'static str, Arg)>),
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

pub(super) fn say(key: &'static str) -> Fail {
    Fail::Say(key, Vec::new())
}
