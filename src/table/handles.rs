//! The handles a part may hold, as the composition root ([`super::Service`]) hands them over.

use std::sync::Arc;

use super::Clock;
use super::core::{Core, Owed, StoreHealth};
use super::i18n::I18n;
use super::token::TokenKey;
use crate::render::Renderer;
use crate::runtime::metrics::Metrics;
use crate::store::Store;

/// Everything a part may declare that it uses, as the composition root ([`super::Service`]) hands it
/// over: each part's `new` takes from it only the handles the part keeps.
#[derive(Clone)]
pub(super) struct Handles {
    pub(super) core: Core,
    pub(super) store: Store,
    pub(super) i18n: Arc<I18n>,
    pub(super) key: TokenKey,
    pub(super) renderer: Arc<Renderer>,
    /// Boards drawn at once: one per core. Drawing is CPU work; more at once would only make
    /// every press wait longer (and hold more pictures in memory).
    pub(super) drawing: Arc<tokio::sync::Semaphore>,
    pub(super) clock: Arc<dyn Clock>,
    pub(super) metrics: Option<Arc<Metrics>>,
    /// How seasons of ratings are cut.
    pub(super) seasons: crate::game::rating::Seasons,
    /// How long a computer waits before it plays, so people can follow.
    pub(super) computer_pause_ms: i64,
    /// Boards this process owes ([`Owed`]).
    pub(super) owed: Arc<Owed>,
    /// How long a replay request waits for its drawing ([`super::replays::REPLAY_WAIT`]).
    pub(super) replay_wait: std::time::Duration,
    /// Long drawing (replays), off the boards' path.
    pub(super) background: Arc<crate::runtime::lanes::Background>,
    pub(super) health: Arc<StoreHealth>,
}

/// The type of the handle named `$handle` in [`Handles`], for [`part!`].
macro_rules! handle_type {
    (core) => { crate::table::core::Core };
    (store) => { crate::store::Store };
    (i18n) => { std::sync::Arc<crate::table::i18n::I18n> };
    (key) => { crate::table::token::TokenKey };
    (renderer) => { std::sync::Arc<crate::render::Renderer> };
    (drawing) => { std::sync::Arc<tokio::sync::Semaphore> };
    (clock) => { std::sync::Arc<dyn crate::table::Clock> };
    (metrics) => { Option<std::sync::Arc<crate::runtime::metrics::Metrics>> };
    (seasons) => { crate::game::rating::Seasons };
    (owed) => { std::sync::Arc<crate::table::core::Owed> };
    (replay_wait) => { std::time::Duration };
    (background) => { std::sync::Arc<crate::runtime::lanes::Background> };
}
pub(super) use handle_type;

/// Declares a part of the table service: a struct of exactly the [`Handles`] it uses, named
/// as there, and the parts it calls, every field private; and its `new`, which only the
/// composition root ([`super::Service`]) calls, in the order of the parts' calls. A handle
/// declared and never used fails the build (`dead_code` under `-D warnings`).
///
/// ```ignore
/// part! {
///     /// Ratings, leaderboards and seasons.
///     Ratings uses [core, store, i18n, clock, seasons, renderer, drawing];
/// }
/// ```
macro_rules! part {
    (
        $(#[$doc:meta])*
        $name:ident uses [$($handle:ident),* $(,)?]
        $(calls [$($part:ident: $ty:ty),* $(,)?])?;
    ) => {
        $(#[$doc])*
        ///
        /// Built by the composition root ([`crate::table::Service`]), once per service, with
        /// the handles and the parts it uses, and nothing else.
        #[derive(Clone)]
        pub struct $name {
            $($handle: $crate::table::handles::handle_type!($handle),)*
            $($($part: $ty,)*)?
        }

        impl $name {
            /// The part, from the handles it uses and the parts it calls.
            pub(in crate::table) fn new(
                h: &$crate::table::handles::Handles,
                $($($part: &$ty),*)?
            ) -> Self {
                Self {
                    $($handle: Clone::clone(&h.$handle),)*
                    $($($part: Clone::clone($part),)*)?
                }
            }
        }
    };
}
pub(super) use part;
