//! The core of the table service: reading a stored table and checking it, storing its next
//! version (with what that version owes: turn notices, ratings, a cup's result), finding the
//! table a user means, and the languages and words every part speaks. Every part holds a
//! [`Core`]; the core calls no part.
//!
//! Its fields are its own: the parts reach the store, the words and the clock through handles
//! they declare themselves, and the core only through its methods.

mod chat;
pub(super) mod load;
mod owed;
mod save;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex};

use super::Clock;
use super::i18n::I18n;
use crate::ids::{CupId, TableId};
use crate::runtime::metrics::Metrics;
use crate::store::{Store, StoreError};
pub(super) use owed::Owed;
pub use save::NotifyChoice;
pub(super) use save::{Plan, people_to_act};

/// The core's handles, as the composition root ([`super::Service`]) hands them over.
pub(super) struct CoreHandles {
    pub(super) store: Store,
    pub(super) i18n: Arc<I18n>,
    pub(super) clock: Arc<dyn Clock>,
    pub(super) metrics: Option<Arc<Metrics>>,
    pub(super) health: Arc<StoreHealth>,
    pub(super) seasons: crate::game::rating::Seasons,
    pub(super) computer_pause_ms: i64,
    pub(super) owed: Arc<Owed>,
}

/// The core: the one place that reads and stores tables. Cheap to clone.
#[derive(Clone)]
pub(super) struct Core {
    store: Store,
    i18n: Arc<I18n>,
    clock: Arc<dyn Clock>,
    metrics: Option<Arc<Metrics>>,
    health: Arc<StoreHealth>,
    /// How seasons of ratings are cut (a rated game's save counts in the season it ends in).
    seasons: crate::game::rating::Seasons,
    /// How long a computer waits before it plays, so people can follow.
    computer_pause_ms: i64,
    /// Boards this process owes ([`Owed`]).
    owed: Arc<Owed>,
    /// Tables found damaged by this process, with what is wrong (for `/healthz`).
    damaged: Arc<Mutex<BTreeMap<TableId, String>>>,
    /// Cups found damaged (logged once each).
    damaged_cups: Arc<Mutex<BTreeSet<CupId>>>,
}

/// Whether the store answered lately, shared by a service's clones: while it does not, presses
/// are answered at once ("the game store is not answering") instead of each waiting for the
/// database, and the store is probed at most once a second until it answers again.
#[derive(Debug, Default)]
pub(in crate::table) struct StoreHealth {
    pub(in crate::table) down: AtomicBool,
    pub(in crate::table) probed_ms: AtomicI64,
    pub(in crate::table) reason: Mutex<Option<String>>,
}

impl StoreHealth {
    pub(in crate::table) fn mark_down(&self, e: &StoreError) {
        if e.is_closed() {
            // The process is stopping: the store is not down.
            return;
        }
        if !self.down.swap(true, Ordering::SeqCst) {
            tracing::error!(error = %e, "the database is not answering");
        }
        *self.reason.lock().unwrap_or_else(|p| p.into_inner()) = Some(e.to_string());
    }

    pub(in crate::table) fn mark_up(&self) {
        if self.down.swap(false, Ordering::SeqCst) {
            tracing::info!("the database answers again");
        }
        *self.reason.lock().unwrap_or_else(|p| p.into_inner()) = None;
    }
}
