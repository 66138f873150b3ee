//! What `/healthz` reports besides the database: each chat platform's connection (Telegram
//! polling or its webhook, the Discord gateway), as the adapters last saw it.

use std::collections::BTreeMap;
use std::sync::Mutex;

/// The state of each part of the bot that can fail on its own, by name (`telegram`,
/// `discord`). Adapters report into it; `/healthz` reads it.
#[derive(Debug, Default)]
pub struct Health {
    parts: Mutex<BTreeMap<&'static str, Part>>,
}

/// One part's state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// Starting: not yet connected, not failed either.
    Starting,
    /// Working.
    Up,
    /// Failing, and why.
    Down(String),
}

impl Health {
    /// Records the state of `part`.
    pub fn set(&self, part: &'static str, state: Part) {
        self.parts.lock().unwrap_or_else(|e| e.into_inner()).insert(part, state);
    }

    /// Every part's state, by name.
    pub fn parts(&self) -> BTreeMap<&'static str, Part> {
        self.parts.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}
