//! What `/healthz` reports besides the database: each chat platform's connection (Telegram
//! polling or its webhook, the Discord gateway), as the adapters last saw it, and when each
//! long-running task (the turn timer) last finished a round.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The state of each part of the bot that can fail on its own, by name (`telegram`,
/// `discord`). Adapters report into it; `/healthz` reads it.
#[derive(Debug, Default)]
pub struct Health {
    parts: Mutex<BTreeMap<&'static str, Part>>,
    /// When each long-running task last finished a round.
    beats: Mutex<BTreeMap<&'static str, Instant>>,
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

    /// Records that `task` finished a round of its work now.
    pub fn beat(&self, task: &'static str) {
        self.beats.lock().unwrap_or_else(|e| e.into_inner()).insert(task, Instant::now());
    }

    /// How long ago `task` last finished a round; `None` if it never did.
    pub fn since_beat(&self, task: &'static str) -> Option<Duration> {
        let beats = self.beats.lock().unwrap_or_else(|e| e.into_inner());
        beats.get(task).map(Instant::elapsed)
    }
}
