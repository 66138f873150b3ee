//! A chat's budget of platform calls (issue 60): how many calls a platform lets a bot make in
//! one chat, and when the next one may go. Every call the platform counts is spent here first
//! (on Telegram: sends, edits of text, caption, media and buttons, deletions), so the bot itself
//! never causes a 429 in normal play, and a 429 that still comes (the platform's limits changed,
//! another program uses the token) holds back only its own chat.
//!
//! Each chat is a token bucket in the form of the generic cell rate algorithm: a call may go
//! once its chat's *theoretical arrival time* is at most `burst − 1` periods ahead, and each
//! call moves that time one period on. The period is the window divided by the calls the
//! window allows beyond the burst, with 2% to spare, so that no window of the platform's length
//! ever holds more than the platform's count, however the calls fall: a chat gets a few calls
//! at once after a quiet spell and one per period while busy. Calls in one chat are also kept a
//! `gap` apart (Telegram: about one a second per chat).
//!
//! A 429 sets its chat's next call to the time the platform names, however long, and makes the
//! chat *slow* for ten windows after (half its rate), so that the escalating penalties a
//! platform gives repeated violations are never reached.
//!
//! Where several processes share one Postgres database (and may each answer a press in the same
//! chat), a [`Ledger`] takes each call in the store, so that together they keep to the chat's
//! count; one process on SQLite keeps its budgets in memory.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::store::Store;

/// What a platform allows in one chat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// Calls allowed in any `window`.
    pub calls: u32,
    /// The window the platform counts in.
    pub window: Duration,
    /// The least time between two calls in the chat.
    pub gap: Duration,
    /// Calls that may go at once after a quiet spell (at most `calls`).
    pub burst: u32,
}

impl Limit {
    /// A Telegram group or channel: 20 calls a `window` (a minute; edits and deletions count
    /// as Telegram counts them), one a second (a sixtieth of the window).
    pub fn telegram_group(window: Duration) -> Self {
        Self { calls: 20, window, gap: window / 60, burst: 3 }
    }

    /// A private chat with the bot: about one call a second.
    pub fn telegram_private(window: Duration) -> Self {
        Self { calls: 60, window, gap: window / 60, burst: 3 }
    }

    /// The bot as a whole on Telegram: 30 calls a second (a sixtieth of the window).
    pub fn telegram_bot(window: Duration) -> Self {
        Self { calls: 30, window: window / 60, gap: Duration::ZERO, burst: 10 }
    }

    /// A Discord channel: 5 writes in 5 seconds.
    pub fn discord_channel() -> Self {
        Self { calls: 5, window: Duration::from_secs(5), gap: Duration::ZERO, burst: 2 }
    }

    /// The time between calls while a chat is busy: the window over the calls beyond the
    /// burst, with 2% to spare.
    pub fn period(&self) -> Duration {
        let steady = self.calls.saturating_sub(self.burst).max(1);
        (self.window + self.window / 50) / steady
    }
}

/// How long a chat stays slow after a 429, in windows.
const SLOW_WINDOWS: u32 = 10;
/// Chats kept before those idle for a window are forgotten.
const TRACKED: usize = 10_000;

/// One chat's state.
#[derive(Debug, Clone, Copy)]
struct Cell {
    /// The theoretical arrival time: when the chat's bucket is full again.
    tat: Instant,
    /// The last call's time, for the gap.
    last: Option<Instant>,
    /// Slow (half rate) until then, after a 429.
    slow_until: Option<Instant>,
}

/// The budgets of every chat of one platform, by chat key `K`.
#[derive(Debug)]
pub struct Budget<K> {
    limit: Limit,
    cells: HashMap<K, Cell>,
}

impl<K: Hash + Eq + Copy> Budget<K> {
    /// Budgets of chats allowed `limit`.
    pub fn new(limit: Limit) -> Self {
        Self { limit, cells: HashMap::new() }
    }

    /// The limit each chat has.
    pub fn limit(&self) -> Limit {
        self.limit
    }

    fn period(&self, cell: &Cell, now: Instant) -> Duration {
        let slow = cell.slow_until.is_some_and(|until| now < until);
        self.limit.period() * if slow { 2 } else { 1 }
    }

    /// How far ahead of now a chat's arrival time may be and a call still go.
    fn tolerance(&self, period: Duration) -> Duration {
        period * self.limit.burst.saturating_sub(1)
    }

    /// Takes one call for `chat`: the time it may go (`now` or later). The caller waits
    /// until then and makes the call.
    pub fn spend(&mut self, chat: K, now: Instant) -> Instant {
        if self.cells.len() >= TRACKED {
            let window = self.limit.window;
            self.cells.retain(|_, c| c.tat + window > now);
        }
        let mut cell =
            *self.cells.entry(chat).or_insert(Cell { tat: now, last: None, slow_until: None });
        let period = self.period(&cell, now);
        let tolerance = self.tolerance(period);
        let mut at = now.max(cell.tat.checked_sub(tolerance).unwrap_or(now));
        if let Some(last) = cell.last {
            at = at.max(last + self.limit.gap);
        }
        cell.tat = cell.tat.max(at) + period;
        cell.last = Some(at);
        self.cells.insert(chat, cell);
        at
    }

    /// Notes that a call to `chat` ended at `now`: the next keeps the gap from its end, since
    /// the platform may have counted it as late as that.
    pub fn ended(&mut self, chat: K, now: Instant) {
        if let Some(cell) = self.cells.get_mut(&chat) {
            cell.last = Some(cell.last.map_or(now, |last| last.max(now)));
        }
    }

    /// When `chat`'s last call went (or ended, if later), if it made one.
    pub fn last(&self, chat: K) -> Option<Instant> {
        self.cells.get(&chat).and_then(|c| c.last)
    }

    /// How long a call to `chat` would wait now (zero: it may go at once).
    pub fn wait(&self, chat: K, now: Instant) -> Duration {
        let Some(cell) = self.cells.get(&chat) else { return Duration::ZERO };
        let tolerance = self.tolerance(self.period(cell, now));
        let mut at = cell.tat.checked_sub(tolerance).unwrap_or(now).max(now);
        if let Some(last) = cell.last {
            at = at.max(last + self.limit.gap);
        }
        at - now
    }

    /// How many calls `chat` could make now without waiting for its bucket (the gap aside):
    /// from 0 (busy) to the burst (quiet).
    pub fn spare(&self, chat: K, now: Instant) -> u32 {
        let Some(cell) = self.cells.get(&chat) else { return self.limit.burst };
        let period = self.period(cell, now);
        if cell.tat <= now {
            return self.limit.burst;
        }
        let ahead = cell.tat - now;
        // Calls that fit before the arrival time is more than the tolerance ahead.
        let room = (self.tolerance(period) + period).saturating_sub(ahead);
        let spare = room.as_nanos() / period.as_nanos().max(1);
        (spare as u32).min(self.limit.burst)
    }

    /// Whether `chat` is slow after a 429.
    pub fn slowed(&self, chat: K, now: Instant) -> bool {
        self.cells.get(&chat).and_then(|c| c.slow_until).is_some_and(|until| now < until)
    }

    /// The platform refused a call to `chat` with a 429 naming `retry_after`: the chat's next
    /// call waits that long, and the chat is slow for a while after.
    pub fn refused(&mut self, chat: K, retry_after: Duration, now: Instant) {
        let free = now + retry_after;
        let slow_until = free + self.limit.window * SLOW_WINDOWS;
        let mut cell =
            *self.cells.entry(chat).or_insert(Cell { tat: now, last: None, slow_until: None });
        cell.slow_until = Some(slow_until);
        let tolerance = self.tolerance(self.period(&cell, free));
        // The next call goes at `free`, and only one: the bucket starts empty.
        cell.tat = cell.tat.max(free + tolerance);
        self.cells.insert(chat, cell);
    }

    /// Takes `chat`'s state as another holder of the same budget has it (the store, shared
    /// by several processes): when its bucket is full again, its last call, and until when it
    /// is slow.
    /// This process's own last call, if it ended later, is kept.
    pub fn mirror(&mut self, chat: K, tat: Instant, last: Instant, slow_until: Option<Instant>) {
        let ended = self.cells.get(&chat).and_then(|c| c.last);
        let last = Some(ended.map_or(last, |ended| ended.max(last)));
        self.cells.insert(chat, Cell { tat, last, slow_until });
    }
}

/// A [`Budget`] that the processes sharing one Postgres database keep together (each call is
/// taken in the store, [`crate::store::CallStore::spend_call`]), or this process alone on SQLite.
/// The local budget mirrors what the store says, for the quick questions ([`Ledger::spare`],
/// [`Ledger::slowed`]); a store that fails to answer leaves the local budget in charge.
pub struct Ledger<K> {
    budget: Mutex<Budget<K>>,
    store: Option<Store>,
    /// The chat's name in the store (`telegram:-100…`).
    key: fn(K) -> String,
}

impl<K: Hash + Eq + Copy> Ledger<K> {
    /// Budgets of `limit` per chat, shared through `store` where it is Postgres; `key` names a
    /// chat in the store.
    pub fn new(limit: Limit, store: Option<Store>, key: fn(K) -> String) -> Self {
        let store = store.filter(|s| matches!(s, Store::Postgres(_)));
        Self { budget: Mutex::new(Budget::new(limit)), store, key }
    }

    fn local(&self) -> std::sync::MutexGuard<'_, Budget<K>> {
        self.budget.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes one call for `chat`: the time it may go (now or later).
    pub async fn spend(&self, chat: K) -> Instant {
        let now = Instant::now();
        if let Some(store) = &self.store {
            let limit = self.local().limit();
            let period = ms(limit.period());
            let tolerance = ms(limit.period() * limit.burst.saturating_sub(1));
            let key = (self.key)(chat);
            match store.calls().spend_call(&key, unix_ms(), period, tolerance, ms(limit.gap)).await
            {
                Ok(Some(row)) => {
                    // This process's own last call may have ended later than the store knows
                    // (the store notes when calls were taken): the gap is kept from its end.
                    let ended = self.local().last(chat);
                    let at = self.mirror_row(chat, row).unwrap_or(now);
                    let at = ended.map_or(at, |ended| at.max(ended + limit.gap));
                    self.local().ended(chat, at);
                    return at;
                }
                Ok(None) => {}
                Err(e) => tracing::warn!(error = %e, "the shared call budget did not answer"),
            }
        }
        self.local().spend(chat, now)
    }

    /// Takes the store's row for `chat` into the local budget; when its last call goes.
    fn mirror_row(&self, chat: K, row: crate::store::calls::StoredCalls) -> Option<Instant> {
        let now = Instant::now();
        let wall = unix_ms();
        let at = |t: i64| {
            let d = Duration::from_millis(t.abs_diff(wall));
            if t >= wall { now + d } else { now.checked_sub(d).unwrap_or(now) }
        };
        let slow = (row.slow_until > wall).then(|| at(row.slow_until));
        let last = at(row.last_call);
        self.local().mirror(chat, at(row.tat), last, slow);
        Some(last)
    }

    /// How long `chat`'s next call would wait now (asking the store, where shared).
    pub async fn wait(&self, chat: K) -> Duration {
        if let Some(store) = &self.store {
            match store.calls().chat_calls(&(self.key)(chat)).await {
                Ok(Some(row)) => {
                    self.mirror_row(chat, row);
                }
                Ok(None) => {}
                Err(e) => tracing::warn!(error = %e, "the shared call budget did not answer"),
            }
        }
        self.local().wait(chat, Instant::now())
    }

    /// How long `chat`'s next call would wait by what this process last saw (no question to
    /// the store: right after a call of its own, that is the chat's state).
    pub fn wait_seen(&self, chat: K) -> Duration {
        self.local().wait(chat, Instant::now())
    }

    /// How many calls `chat` could make now (as last seen).
    pub fn spare(&self, chat: K) -> u32 {
        self.local().spare(chat, Instant::now())
    }

    /// Whether `chat` is slow after a 429 (as last seen).
    pub fn slowed(&self, chat: K) -> bool {
        self.local().slowed(chat, Instant::now())
    }

    /// Notes that a call to `chat` ended now.
    pub fn ended(&self, chat: K) {
        self.local().ended(chat, Instant::now());
    }

    /// The platform refused a call to `chat` with a 429 naming `retry_after`: in this process
    /// and, where shared, for every process.
    pub async fn refused(&self, chat: K, retry_after: Duration) {
        let limit = {
            let mut local = self.local();
            local.refused(chat, retry_after, Instant::now());
            local.limit()
        };
        if let Some(store) = &self.store {
            let free = unix_ms() + ms(retry_after);
            // Slow: the tolerance at double the period, so that one call goes at `free`.
            let tat = free + 2 * ms(limit.period() * limit.burst.saturating_sub(1));
            let slow_until = free + ms(limit.window * SLOW_WINDOWS);
            let noted = store.calls().refuse_calls(&(self.key)(chat), tat, free, slow_until).await;
            if let Err(e) = noted {
                tracing::warn!(error = %e, "a 429 was not shared with the other processes");
            }
        }
    }
}

/// Milliseconds, as the store keeps them.
fn ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// Now, in Unix ms (the store's clock: every process's wall clock, kept by NTP).
fn unix_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The calls a budget lets `chat` make between `start` and `start + span`, asking as often
    /// as it allows: their times.
    fn greedy(budget: &mut Budget<i64>, chat: i64, start: Instant, span: Duration) -> Vec<Instant> {
        let mut times = Vec::new();
        let mut now = start;
        loop {
            let at = budget.spend(chat, now);
            if at >= start + span {
                return times;
            }
            times.push(at);
            now = at;
        }
    }

    fn most_in_any_window(times: &[Instant], window: Duration) -> usize {
        (0..times.len())
            .map(|i| times[i..].iter().take_while(|t| **t < times[i] + window).count())
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn no_window_ever_holds_more_than_the_platform_allows() {
        let minute = Duration::from_secs(60);
        for limit in [
            Limit::telegram_group(minute),
            Limit::telegram_private(minute),
            Limit::discord_channel(),
            Limit::telegram_group(Duration::from_secs(3)),
        ] {
            let mut budget = Budget::new(limit);
            let start = Instant::now();
            let times = greedy(&mut budget, 1, start, limit.window * 10);
            let most = most_in_any_window(&times, limit.window);
            assert!(most <= limit.calls as usize, "{limit:?}: {most} calls in one window");
            // And the chat still gets nearly all it may beyond the burst, every window (2% is
            // kept to spare).
            let steady = (limit.calls - limit.burst) * 10 * 95 / 100;
            assert!(times.len() as u32 >= steady, "{limit:?}: {} calls", times.len());
            for pair in times.windows(2) {
                assert!(pair[1] - pair[0] >= limit.gap, "{limit:?}: calls closer than the gap");
            }
        }
    }

    #[test]
    fn a_quiet_chat_has_its_burst_and_a_busy_one_none() {
        let limit = Limit::telegram_group(Duration::from_secs(60));
        let mut budget = Budget::new(limit);
        let now = Instant::now();
        assert_eq!(budget.spare(1, now), 3);
        assert_eq!(budget.wait(1, now), Duration::ZERO);
        budget.spend(1, now);
        assert_eq!(budget.spare(1, now), 2);
        budget.spend(1, now);
        budget.spend(1, now);
        assert_eq!(budget.spare(1, now + Duration::from_secs(2)), 0, "three calls spent the burst");
        assert!(budget.wait(1, now + Duration::from_secs(2)) > Duration::ZERO);
        assert_eq!(budget.spare(2, now), 3, "another chat has its own budget");
        // After a quiet minute the burst is back.
        assert_eq!(budget.spare(1, now + Duration::from_secs(60)), 3);
    }

    #[test]
    fn a_429_holds_back_its_chat_only_for_as_long_as_it_says_and_slows_it_after() {
        let limit = Limit::telegram_group(Duration::from_secs(60));
        let mut budget = Budget::new(limit);
        let now = Instant::now();
        budget.refused(1, Duration::from_secs(300), now);
        let at = budget.spend(1, now);
        assert!(at >= now + Duration::from_secs(299) && at <= now + Duration::from_secs(301));
        assert_eq!(budget.spend(2, now), now, "another chat is not held back");
        assert!(budget.slowed(1, now + Duration::from_secs(400)));
        assert!(!budget.slowed(1, now + Duration::from_secs(300 + 601)));
        // Slow: calls come at half the rate after the wait.
        let later = now + Duration::from_secs(301);
        let times = greedy(&mut budget, 1, later, Duration::from_secs(120));
        assert!(times.len() <= 20, "a slowed chat made {} calls in two minutes", times.len());
    }
}
