//! The command-line tools over the library: each is a `dicetable` subcommand, none is part of
//! the running bot.
//!
//! - [`protocol`]: `dicetable engine`, the JSON-lines engine protocol.
//! - [`simulate`]: `dicetable simulate`, the statistics runner.
//! - [`calibrate`]: `dicetable ratings --calibrate`, the computers' fixed ratings measured.
//! - [`gallery`]: `dicetable render --demo`, the example boards.
//! - [`load`]: `dicetable load`, the load generator (many tables at once, for sizing a
//!   deployment).
//! - [`train`]: `dicetable train nardy`, Long Nardy's value network trained by self-play.
//! - [`positions`]: `dicetable positions nardy`, its fixed benchmark of rolled-out decisions.

pub mod calibrate;
pub mod gallery;
pub mod load;
pub mod positions;
pub mod protocol;
pub mod simulate;
pub mod train;
