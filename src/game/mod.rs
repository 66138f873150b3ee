//! A game beyond its rules: what the engine is fed and what a game leaves behind. Each module
//! is a layer of its own (see `tests/architecture.rs`); this folder only groups them.
//!
//! - [`fair`]: the provably fair dice (secret seeds, commitments, roll `n` of a seed).
//! - [`setup`]: a new game from its options and its table's seed.
//! - [`replay`]: game records, their verification and animation.
//! - [`rating`]: what a finished game does to its players' ratings.

pub mod fair;
pub mod rating;
pub mod replay;
pub mod setup;
