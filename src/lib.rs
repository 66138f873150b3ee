//! dicetable: a chat bot that runs dice board games in group chats.
//!
//! Layers, dependencies pointing one way (see `docs/ARCHITECTURE.md`):
//!
//! - [`engine`]: pure rules of every game. No IO, async, clock or randomness; dice are input.
//! - [`game`]: a game beyond its rules, each part a layer of its own: the provably fair dice
//!   ([`game::fair`]: secret seeds, commitments, roll `n` of a seed), a new game from its options
//!   and seed ([`game::setup`]), game records with their verification and animation
//!   ([`game::replay`]), and ratings ([`game::rating`]: Weng-Lin skill per person and game,
//!   computers' fixed levels, seasons).
//! - [`ids`]: chat and user ids (`platform:id[/sub]`, computers), parsed once.
//! - [`render`]: board pictures (state → PNG).
//! - [`store`]: the only SQL (Postgres, SQLite); [`table`]: the table service every chat adapter
//!   goes through (lobby, turns, timers, languages, platform-neutral views).
//! - [`playground`]: the local web chat adapter; [`telegram`]: the Telegram adapter;
//!   [`discord`]: the Discord adapter.
//! - [`runtime`]: the running bot's plumbing: the ordered per-chat work queues the adapters
//!   share ([`runtime::lanes`]), connection health, metrics.
//! - [`bot`]: configuration and the running bot (adapters, timers, `/healthz`, `/metrics`,
//!   graceful shutdown).
//! - [`tools`]: the command-line tools: the engine protocol, the simulator, the example
//!   gallery and the load generator.

/// Declares the parts of the store (issue 45): each concern's methods live on a type of its
/// own, in its own file, seen through the whole it belongs to. A part is a borrowed view, free
/// to make, by an accessor of the whole: `store.cups().update_cup(…)`. Its methods reach the
/// whole's fields and methods through `Deref`. (The table service's parts are structs of their
/// own handles instead: `table::handles`, issue 62.)
macro_rules! parts {
    ($whole:ty; $($(#[$doc:meta])* $part:ident, $get:ident;)*) => {
        $(
            $(#[$doc])*
            #[derive(Clone, Copy)]
            pub struct $part<'a>(&'a $whole);

            impl std::ops::Deref for $part<'_> {
                type Target = $whole;

                fn deref(&self) -> &$whole {
                    self.0
                }
            }
        )*

        impl $whole {
            $(
                #[doc = concat!("This one's [`", stringify!($part), "`] part.")]
                pub fn $get(&self) -> $part<'_> {
                    $part(self)
                }
            )*
        }
    };
}

pub mod bot;
pub mod discord;
pub mod engine;
pub mod game;
pub mod ids;
pub mod playground;
pub mod render;
pub mod runtime;
pub mod store;
pub mod table;
pub mod telegram;
pub mod tools;
