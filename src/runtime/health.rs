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

/// Waits for a database connection longer than sqlx's slow threshold, summed up for the log
/// (issue 61): sqlx logs each one, which an overloaded SQLite did some 33 times a second; the
/// bot takes those lines out of its log, notes each wait here, and logs what [`SlowWaits::take`]
/// returns once a minute, one line.
#[derive(Debug, Default)]
pub struct SlowWaits {
    /// Waits noted since the last take, and the longest.
    noted: Mutex<(u64, Duration)>,
}

impl SlowWaits {
    /// None noted yet (a `static` can hold one).
    pub const fn new() -> Self {
        Self { noted: Mutex::new((0, Duration::ZERO)) }
    }

    /// Notes one slow wait of `wait`.
    pub fn note(&self, wait: Duration) {
        let mut noted = self.noted.lock().unwrap_or_else(|e| e.into_inner());
        noted.0 += 1;
        noted.1 = noted.1.max(wait);
    }

    /// The waits noted since the last take and the longest of them, and starts counting
    /// afresh; `None` when there were none (nothing to log).
    pub fn take(&self) -> Option<(u64, Duration)> {
        let mut noted = self.noted.lock().unwrap_or_else(|e| e.into_inner());
        let taken = std::mem::take(&mut *noted);
        (taken.0 > 0).then_some(taken)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A burst of slow waits is one summary: how many and the worst; a quiet minute none.
    #[test]
    fn slow_waits_are_summed_up_in_one_line_per_take() {
        let waits = SlowWaits::default();
        assert_eq!(waits.take(), None, "nothing noted: nothing to log");
        for ms in (0..33).map(|k| 2_000 + k * 10) {
            waits.note(Duration::from_millis(ms));
        }
        assert_eq!(waits.take(), Some((33, Duration::from_millis(2_320))));
        assert_eq!(waits.take(), None, "counted afresh after each take");
        waits.note(Duration::from_millis(2_500));
        assert_eq!(waits.take(), Some((1, Duration::from_millis(2_500))));
    }
}
