//! The table service: lobby, turns, timers, languages, and the platform-neutral view. Every
//! chat adapter goes through here.
//!
//! So far: [`i18n`], every player-facing sentence in four languages, and [`token`], what a
//! button carries and how it is checked. The rest of the service
//! (storage, lobby, turns, timers, views) is being built.

pub mod i18n;
pub mod token;
