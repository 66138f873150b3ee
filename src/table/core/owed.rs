//! Boards this process owes: a write left a computer to act, and the board of that version is
//! still being made here. The turn timer holds the computer's turn back until it is made, so
//! the computer's board never reaches the chat before the board it follows (which would then
//! come late, under it, and the chat's newest message would not be the live board).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::ids::{TableId, Version};

/// How long the turn timer holds a computer's turn back for the board before it: longer than
/// drawing a board takes, even on a busy machine.
const OWED_MAX: Duration = Duration::from_secs(10);

/// Owed boards noted before those past [`OWED_MAX`] are forgotten.
const OWED_KEPT: usize = 10_000;

/// Boards owed, by table, and the turn timer's bell for computers' turns.
#[derive(Default)]
pub(in crate::table) struct Owed {
    /// Table → the version a write of this process left to a computer, and when.
    boards: Mutex<HashMap<TableId, (Version, Instant)>>,
    /// Told when a computer's turn comes, so the turn timer plays it after the pause rather
    /// than at its next round.
    computer_turns: tokio::sync::Notify,
}

impl Owed {
    /// Notes that this process wrote `version` of `table`, where a computer acts next: the
    /// board of that version is owed until [`Owed::board_made`]; the turn timer is told.
    pub(in crate::table) fn owe_board(&self, table: TableId, version: Version) {
        let now = Instant::now();
        let mut owed = self.boards.lock().unwrap_or_else(|p| p.into_inner());
        if owed.len() >= OWED_KEPT {
            owed.retain(|_, (_, at)| now.duration_since(*at) < OWED_MAX);
        }
        owed.insert(table, (version, now));
        drop(owed);
        self.computer_turns.notify_one();
    }

    /// Notes that the board of `version` of `table` is made: a board owed up to that version
    /// is no longer, and the turn timer is told (the computer's turn may be played now).
    pub(in crate::table) fn board_made(&self, table: TableId, version: Version) {
        let mut owed = self.boards.lock().unwrap_or_else(|p| p.into_inner());
        if owed.get(&table).is_some_and(|(v, _)| *v <= version) {
            owed.remove(&table);
            drop(owed);
            self.computer_turns.notify_one();
        }
    }

    /// Whether the board of `version` of `table` is still being made in this process (for at
    /// most [`OWED_MAX`]).
    pub(in crate::table) fn board_owed(&self, table: TableId, version: Version) -> bool {
        let mut owed = self.boards.lock().unwrap_or_else(|p| p.into_inner());
        match owed.get(&table) {
            Some((v, at)) if *v == version && at.elapsed() < OWED_MAX => true,
            Some(_) => {
                owed.remove(&table);
                false
            }
            None => false,
        }
    }

    /// Returns when a computer's turn has come.
    pub(in crate::table) async fn computer_turn(&self) {
        self.computer_turns.notified().await;
    }
}
