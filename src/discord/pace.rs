//! Pacing a channel's new messages within Discord's limit.
//!
//! Discord lets a bot post about 5 new messages per 5 seconds in a channel and answers the rest
//! with 429 (which the relay or serenity waits out, holding up the channel's lane). A game
//! played against computers, or as fast as people tap, needs more boards than that, so when a
//! channel has spent its boards' share of the window (all but one message, kept for texts: a
//! ranking, the seed, a reminder), a new board of a table is shown by editing that table's live
//! board message in place (edits are not counted against new messages); once the channel is
//! quiet again, boards come as new messages. Any new message that would still exceed the limit
//! waits here, locally, until the window has room, instead of being refused.

use std::time::{Duration, Instant};

use serenity::all::ChannelId;

use crate::table::show::Pace;

/// The window Discord's per-channel limit on new messages counts in.
pub(super) const WINDOW: Duration = Duration::from_secs(5);
/// New messages a channel may receive in [`WINDOW`].
pub(super) const LIMIT: usize = 5;
/// New messages of a window kept for texts when boards are edited in place.
const RESERVE: usize = 1;

/// The new messages each channel was sent in the last [`WINDOW`] (when Discord confirmed
/// them, which is no earlier than it counted them).
#[derive(Debug)]
pub(super) struct Budget {
    sent: Pace<ChannelId>,
}

impl Default for Budget {
    fn default() -> Self {
        Self { sent: Pace::new(WINDOW) }
    }
}

impl Budget {
    /// Notes a new message that `channel` was sent, confirmed at `now`.
    pub(super) fn record(&mut self, channel: ChannelId, now: Instant) {
        self.sent.record(channel, now);
    }

    /// Whether `channel` has spent its boards' share of the window: a new board now should
    /// edit the live board instead.
    pub(super) fn busy(&mut self, channel: ChannelId, now: Instant) -> bool {
        self.sent.count(channel, now) >= LIMIT - RESERVE
    }

    /// How long a new message to `channel` must wait for the window to have room (`None`: it
    /// may go now).
    pub(super) fn wait(&mut self, channel: ChannelId, now: Instant) -> Option<Duration> {
        self.sent.wait(channel, LIMIT, now)
    }

    /// New messages `channel` was sent in the window that ends `now`.
    #[cfg(test)]
    fn in_window(&mut self, channel: ChannelId, now: Instant) -> usize {
        self.sent.count(channel, now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_channel_edits_boards_after_four_and_waits_after_five_messages_in_five_seconds() {
        let mut budget = Budget::default();
        let start = Instant::now();
        let (one, other) = (ChannelId::new(1), ChannelId::new(2));
        let at = |ms: u64| start + Duration::from_millis(ms);
        assert!(!budget.busy(one, start), "a channel never sent to is quiet");
        for i in 0..4 {
            assert!(!budget.busy(one, at(i * 100)), "board {i}: 4 of 5 for boards");
            budget.record(one, at(i * 100));
        }
        assert!(budget.busy(one, at(400)), "4 boards in 5 s: the next is an edit");
        assert_eq!(budget.wait(one, at(400)), None, "a text may still go");
        budget.record(one, at(400));
        assert_eq!(budget.wait(one, at(500)), Some(Duration::from_millis(4500)), "5 in 5 s");
        assert!(!budget.busy(other, at(500)), "another channel has its own window");
        assert_eq!(budget.wait(other, at(500)), None);
        // Once the first message left the window, one more may go; after the last, all.
        assert_eq!(budget.wait(one, at(5000)), None);
        assert!(budget.busy(one, at(5000)), "still 4 in the window");
        assert!(!budget.busy(one, at(5100)));
        assert!(!budget.busy(one, at(5400)));
        assert_eq!(budget.in_window(one, at(5400)), 0);
    }
}
