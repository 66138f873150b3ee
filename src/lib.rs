//! dicetable: a chat bot that runs dice board games in group chats.
//!
//! Layers, dependencies pointing one way (see `docs/ARCHITECTURE.md`):
//!
//! - [`engine`]: pure rules of every game. No IO, async, clock or randomness; dice are input.
//! - [`fair`]: the provably fair dice: secret seeds, commitments, roll `n` of a seed.
//! - [`setup`]: a new game from its options and seed (the seeded choices a game starts with).
//! - [`protocol`]: the `dicetable engine` JSON-lines protocol.
//! - [`simulate`]: the `dicetable simulate` statistics runner; [`load`]: the `dicetable load`
//!   load generator (many tables at once, for sizing a deployment).
//! - [`render`]: board pictures (state → PNG); [`gallery`]: example boards.
//! - [`store`]: the only SQL (Postgres, SQLite); [`table`]: the table service every chat adapter
//!   goes through (lobby, turns, timers, languages, platform-neutral views).
//! - [`playground`]: the local web chat adapter; [`telegram`]: the Telegram adapter;
//!   [`discord`]: the Discord adapter; [`lanes`]: the ordered per-chat work queues they share.
//! - [`bot`]: configuration and the running bot (adapters, timers, [`health`], [`metrics`],
//!   graceful shutdown).

pub mod bot;
pub mod discord;
pub mod engine;
pub mod fair;
pub mod gallery;
pub mod health;
pub mod lanes;
pub mod load;
pub mod metrics;
pub mod playground;
pub mod protocol;
pub mod render;
pub mod replay;
pub mod setup;
pub mod simulate;
pub mod store;
pub mod table;
pub mod telegram;
