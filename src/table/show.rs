//! The show protocol (issue 44): how every adapter shows a view, so that of a table's lobby and
//! board messages exactly one carries live buttons, the one recorded at the table's newest
//! shown version, whatever the interleaving of processes, double taps, stale presses and
//! restarts.
//!
//! An adapter implements a small [`Surface`] (put a message, edit one, take its buttons off,
//! and say when a new board should rather edit the live one) and hands each view to
//! [`Service::show`](super::Service::show). For a table's own message the protocol then runs, one show of a table
//! at a time across every process sharing the database:
//!
//! 1. **claim** the table's showing ([`crate::store::ShowStore::claim_show`]; in this process a
//!    lock per table first, so local shows queue without asking the database) and read the
//!    message recorded for the slot, with the version it shows;
//! 2. **decide**: a view older than the recorded one is never shown over it (a new board of
//!    an older version is posted without buttons, for its words; an edit or a refresh is
//!    dropped), and a refresh of a version already shown is dropped; otherwise the message to
//!    edit is the one named (an edit, a refresh), the recorded one (in place, or a new board
//!    in a chat that has spent its new messages: [`Surface::in_place`]), or none; a refresh
//!    or an in-place board of the version already shown is dropped (it would change nothing);
//! 3. **put** the view: an edit, or a new message;
//! 4. **strip** the buttons of every message of the recorded reference that the new one does
//!    not reuse (a message recorded without buttons is left alone: an edit would change
//!    nothing);
//! 5. **record** the new message at the view's version and give the claim back, in one
//!    statement, only while the claim is still this show's
//!    ([`crate::store::ShowStore::record_show`]); if it is not (the claim expired while a call
//!    waited and another show went ahead), this show takes its own message's buttons off.
//!
//! The protocol trusts no show row it cannot have written (issue 61): a claim expiring later
//! than any show writes is taken over, and a message recorded at a version its table (or
//! cup) never had is read as older than any, so the next view replaces it; each is logged
//! once, by the show that repairs it ([`crate::store::ShowStore::claim_show`]).
//!
//! A cup's standings message ([`Kind::Standings`], issue 49) is shown the same way, claimed
//! on the cup's row instead of a table's: it has no buttons, so there is nothing to strip, and
//! an older standings view never replaces a newer one.
//!
//! **After a crash** (issue 60, item 5): a process killed between a put and its record leaves
//! a message no row records, with live buttons. The claim of step 1 is the show's intent,
//! written before anything is put: with it goes the surface's [`Surface::mark`], the newest
//! message the adapter knows in each chat the view goes to. The dead show never gives its
//! claim back; the next show of the table takes it over once it expires
//! ([`crate::store::show::Claim::TakenOver`], which hands back the dead show's mark), shows its view,
//! and then has the surface [`Surface::sweep`] the [`Gap`]: the messages after the mark (and
//! before its own) that no row records, whose buttons it takes off, spending the chat's budget
//! like any call. Telegram numbers a chat's messages in order, so the gap is known; Discord
//! lists the channel's messages after the mark and takes the buttons off those that are the
//! bot's and name the table. Until that next show, the lost message's buttons answer "out of
//! date" with the current board, like any stale board's.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::token::Subject;
use super::{Clock, Kind, Place, Standings, TableMessage, View};
use crate::ids::{CupId, MessageRef, Posted, TableId, Version};
use crate::store::Store;
use crate::store::show::Claim;

/// How long a claim lasts: longer than any show takes unless a platform holds its calls back;
/// a show that outlives it records nothing (see the module's step 5). A killed process's
/// claim holds its table's next show back at most this long.
pub const CLAIM: Duration = Duration::from_secs(10);

/// The part of a chat platform the show protocol needs: sending, editing and stripping
/// messages, each named by its platform's numbers ([`Posted`]); a view shown in several chats
/// at once (a private table's players) is several messages of one [`MessageRef`].
pub trait Surface: Sync {
    /// Shows `view`: an edit of `to`'s messages (ones this surface returned before) when
    /// given, else, or when an edit fails (the message is gone), a new message; `buttons`
    /// false shows it without its buttons. Returns the message(s) that show it, or `None` when
    /// nothing could be shown.
    fn put(
        &self,
        view: &View,
        to: Option<&MessageRef>,
        buttons: bool,
    ) -> impl Future<Output = Option<MessageRef>> + Send;

    /// Takes the buttons off one message.
    fn strip(&self, message: Posted) -> impl Future<Output = ()> + Send;

    /// For a new board: the message(s) to edit instead of sending one, given the table's live
    /// board `live` (a chat that has spent its new messages for now edits in place). None:
    /// send a new one.
    fn in_place(&self, view: &View, live: &MessageRef) -> Option<MessageRef> {
        let _ = (view, live);
        None
    }

    /// The newest message this surface knows in each chat `view` goes to: where a message it
    /// puts next will follow (the intent's mark). None: not known (no sweep can follow a
    /// crash of this show but the one from the recorded message).
    fn mark(&self, view: &View) -> Option<MessageRef> {
        let _ = view;
        None
    }

    /// After a crash: takes the buttons off the messages in `gap` that a show killed between
    /// its put and its record left live (see the module's notes). Nothing by default.
    fn sweep(&self, gap: &Gap) -> impl Future<Output = ()> + Send {
        let _ = gap;
        std::future::ready(())
    }
}

/// Where a show that never gave its claim back may have left a message no row records
/// (issue 60, item 5): per chat, after which message and before which, and the messages the
/// store records as live there, which a sweep leaves alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gap {
    /// The table whose show never gave its claim back.
    pub table: TableId,
    /// Per chat, the message the lost one would follow: the dead show's mark, or where it had
    /// none, the message recorded for the table when it died.
    pub after: Vec<Posted>,
    /// Per chat, the message the sweeping show put (the lost one came before it); a chat
    /// without one has no upper bound.
    pub before: Vec<Posted>,
    /// The messages the store records as live in the table's chat: never swept.
    pub keep: Vec<Posted>,
}

impl Gap {
    /// The gap's chats, each with its bounds: (chat, after, before).
    pub fn chats(&self) -> impl Iterator<Item = (Option<i64>, i64, Option<i64>)> + '_ {
        self.after.iter().map(|a| {
            let before = self.before.iter().find(|b| b.chat == a.chat).map(|b| b.message);
            (a.chat, a.message, before)
        })
    }

    /// Whether a sweep must leave `message` alone.
    pub fn keeps(&self, message: Posted) -> bool {
        self.keep.contains(&message) || self.before.contains(&message)
    }
}

/// The show protocol's state in one process: a lock per table being shown, so that shows of
/// one table in this process queue here rather than poll the database's claim.
pub struct Shows {
    store: Store,
    clock: Arc<dyn Clock>,
    local: Mutex<HashMap<Subject, Arc<tokio::sync::Mutex<()>>>>,
    /// This process's part of every owner number (random; see [`Shows::owner`]).
    prefix: i64,
    count: std::sync::atomic::AtomicI64,
}

impl Shows {
    /// The protocol over `store`, with claims timed by `clock`.
    pub fn new(store: Store, clock: Arc<dyn Clock>) -> Self {
        let bytes: [u8; 8] = match crate::game::fair::Seed::generate() {
            Ok(seed) => seed.as_bytes()[..8].try_into().unwrap_or_default(),
            // No entropy from the system: the time in nanoseconds still differs by process.
            Err(_) => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
                .to_le_bytes(),
        };
        let prefix = i64::from_le_bytes(bytes) >> 24;
        Self { store, clock, local: Mutex::default(), prefix, count: Default::default() }
    }

    /// Shows `view` through `surface`, as the module describes; views that are not a table's
    /// own message are simply put.
    pub async fn show<S: Surface>(&self, surface: &S, view: &View) {
        let m = match &view.kind {
            Kind::Table(m) => m,
            Kind::Standings(s) => return self.show_standings(surface, view, s).await,
            _ => {
                surface.put(view, None, true).await;
                return;
            }
        };
        let subject = Subject::Table(m.table);
        let local = self.lock(subject).await;
        let owner = self.owner();
        let mark = surface.mark(view);
        let (recorded, taken) = self.claim(m, owner, mark.as_ref()).await;
        tracing::debug!(
            table = m.table.get(),
            owner,
            ?recorded,
            version = m.version.get(),
            "claimed"
        );
        let lower = recorded.as_ref().map(|(r, _)| r.clone());
        let put = self.show_claimed(surface, view, m, owner, recorded).await;
        drop(local);
        self.unlock(subject);
        if let Some(dead) = taken {
            self.sweep(surface, m.table, dead, lower, put).await;
        }
    }

    /// After taking over a claim a show never gave back: has `surface` sweep the gap after
    /// the dead show's mark (`dead`, else the message recorded when it died, `recorded`) and
    /// before the message this show put (`put`), leaving alone what the store records as live.
    async fn sweep<S: Surface>(
        &self,
        surface: &S,
        table: TableId,
        dead: Option<MessageRef>,
        recorded: Option<MessageRef>,
        put: Option<MessageRef>,
    ) {
        let mut after = dead.map(|d| d.posted).unwrap_or_default();
        for r in recorded.iter().flat_map(|r| &r.posted) {
            if !after.iter().any(|a| a.chat == r.chat) {
                after.push(*r);
            }
        }
        if after.is_empty() {
            return;
        }
        let keep = match self.store.shows().live_in_chat(table).await {
            Ok(live) => live.into_iter().flat_map(|m| m.posted).collect(),
            Err(e) => {
                // Without the store's list, a sweep could take a live board's buttons off.
                tracing::warn!(table = table.get(), error = %e, "no sweep: the store did not answer");
                return;
            }
        };
        // The message this show put bounds the gap only where it is a new one: an edit of the
        // recorded message (a busy chat's board in place) is before the lost message.
        let old: Vec<Posted> = recorded.iter().flat_map(|r| r.posted.iter().copied()).collect();
        let before = put.map(|p| p.posted).unwrap_or_default();
        let before = before.into_iter().filter(|p| !old.contains(p)).collect();
        let gap = Gap { table, after, before, keep };
        tracing::info!(
            table = table.get(),
            ?gap,
            "sweeping after a show that never gave its claim back"
        );
        surface.sweep(&gap).await;
    }

    /// A cup's standings: claimed on the cup, an edit of the recorded message (or a new one
    /// when there is none, or it is gone), recorded with its version; an older or equal
    /// version than the one shown is dropped.
    async fn show_standings<S: Surface>(&self, surface: &S, view: &View, s: &Standings) {
        let subject = Subject::Cup(s.cup);
        let local = self.lock(subject).await;
        let owner = self.owner();
        let recorded = self.claim_cup(s.cup, owner).await;
        // None shown yet is older than any version (`None < Some(_)`).
        let shown = recorded.as_ref().map(|(_, v)| *v);
        if Some(s.version) <= shown {
            tracing::debug!(
                cup = s.cup.get(),
                version = s.version.get(),
                ?shown,
                "standings not shown over newer"
            );
        } else if let Some(posted) =
            surface.put(view, recorded.as_ref().map(|(m, _)| m), !s.buttons.is_empty()).await
        {
            // A message that could not be edited (a sign-up's text cannot become a picture on
            // every platform) is replaced: its buttons go, and it is left saying so.
            if let Some((old, _)) = &recorded {
                let moved = !old.posted.iter().any(|o| posted.posted.contains(o));
                match &s.replaced {
                    Some(text) if moved => {
                        let closed = View::post(view.lang, text.clone());
                        let kept = surface.put(&closed, Some(old), false).await;
                        if kept.is_none_or(|k| k.posted != old.posted) {
                            strip_replaced(surface, old, &posted).await;
                        }
                    }
                    _ => strip_replaced(surface, old, &posted).await,
                }
            }
            match self.store.shows().record_cup_show(s.cup, owner, &posted, s.version).await {
                Ok(true) => {}
                Ok(false) => {
                    tracing::info!(cup = s.cup.get(), "a standings show outlived its claim")
                }
                Err(e) => {
                    tracing::warn!(cup = s.cup.get(), error = %e, "recording the standings failed")
                }
            }
        }
        if let Err(e) = self.store.shows().release_cup_show(s.cup, owner).await {
            tracing::warn!(cup = s.cup.get(), error = %e, "giving the standings claim back failed");
        }
        drop(local);
        self.unlock(subject);
    }

    /// Claims a cup's standings, waiting while another process holds the claim (at most until
    /// it expires); the message recorded, if any.
    async fn claim_cup(&self, cup: CupId, owner: i64) -> Option<(MessageRef, Version)> {
        let claimed =
            self.wait_claim(|now, until| self.store.shows().claim_cup_show(cup, owner, now, until));
        match claimed.await {
            Ok((recorded, _)) => recorded,
            Err(why) => {
                tracing::warn!(cup = cup.get(), why, "the cup's show claim never came free");
                self.store.shows().cup_message(cup).await.ok().flatten()
            }
        }
    }

    /// Runs `attempt(now, until)` until it claims, waiting while another process holds the
    /// claim (at most until it expires): the message the claim read, and if the claim was
    /// taken over from a show that never gave it back, that show's mark; or why none was
    /// claimed (held all along, or the store did not answer).
    async fn wait_claim<F, Fut>(&self, mut attempt: F) -> Result<Taken, String>
    where
        F: FnMut(i64, i64) -> Fut,
        Fut: std::future::Future<Output = Result<Claim, crate::store::StoreError>>,
    {
        let mut wait = Duration::from_millis(5);
        let give_up = tokio::time::Instant::now() + CLAIM + Duration::from_secs(2);
        loop {
            let now = self.clock.now_ms();
            match attempt(now, now + CLAIM.as_millis() as i64).await {
                Ok(Claim::Claimed(recorded)) => return Ok((recorded, None)),
                Ok(Claim::TakenOver { recorded, mark }) => return Ok((recorded, Some(mark))),
                Ok(Claim::Held) if tokio::time::Instant::now() < give_up => {
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(Duration::from_millis(100));
                }
                Ok(Claim::Held) => return Err("held past its expiry".into()),
                Err(e) => return Err(e.to_string()),
            }
        }
    }

    /// Shows a table's message under the claim `owner` holds (`recorded`: the message it
    /// read, with its version); the message put, if any.
    async fn show_claimed<S: Surface>(
        &self,
        surface: &S,
        view: &View,
        m: &TableMessage,
        owner: i64,
        recorded: Option<(MessageRef, Version)>,
    ) -> Option<MessageRef> {
        // None shown yet is older than any version (`None < Some(_)`).
        let (current, shown) = match &recorded {
            Some((message, version)) => (Some(message), Some(*version)),
            None => (None, None),
        };
        let older = Some(m.version) < shown;
        // A refresh, or a board in place, of the version already shown would change nothing.
        let again =
            Some(m.version) == shown && matches!(m.place, Place::Refresh(_) | Place::InPlace);
        if older || again {
            tracing::debug!(
                table = m.table.get(),
                version = m.version.get(),
                ?shown,
                "not shown over a newer"
            );
            return self.show_stale(surface, view, m, owner, older).await;
        }
        let target = match &m.place {
            Place::Edit(message) | Place::Refresh(Some(message)) => Some(message.clone()),
            Place::Refresh(None) => None,
            Place::InPlace => current.cloned(),
            // A board of the version already shown, asked for anew (`/status`), is a new
            // message however busy the chat: edited in place it would change nothing.
            Place::New if Some(m.version) == shown => None,
            Place::New => current.and_then(|live| surface.in_place(view, live)),
        };
        let Some(posted) = surface.put(view, target.as_ref(), true).await else {
            // Nothing shown: the recorded message stays the live one.
            self.release(m.table, owner).await;
            return None;
        };
        // The old message's buttons go before the new one is recorded: a process stopped in
        // between leaves no second live board, only a new message no one knows of yet.
        if let Some(old) = current.filter(|c| !c.plain) {
            strip_replaced(surface, old, &posted).await;
        }
        self.record_put(surface, view, m, owner, current, &posted).await;
        Some(posted)
    }

    /// A message of a version older than (or the same as) the one shown, not shown over it:
    /// the claim given back; only a new message of an `older` version is put, for its moves.
    async fn show_stale<S: Surface>(
        &self,
        surface: &S,
        view: &View,
        m: &TableMessage,
        owner: i64,
        older: bool,
    ) -> Option<MessageRef> {
        self.release(m.table, owner).await;
        // A new message of an older version still tells its moves; nothing else is
        // wanted once a newer version is shown.
        if older
            && m.place == Place::New
            && let Some(put) = surface.put(view, None, false).await
        {
            if m.tidy {
                self.keep_for_tidy(m, &put.posted).await;
            }
            return Some(put);
        }
        None
    }

    /// Records `posted`, put in place of `current`, as the table's live message; should
    /// another show have gone ahead, its buttons go and the claim is given back.
    async fn record_put<S: Surface>(
        &self,
        surface: &S,
        view: &View,
        m: &TableMessage,
        owner: i64,
        current: Option<&MessageRef>,
        posted: &MessageRef,
    ) {
        let buttons = !view.buttons().is_empty();
        let reference = posted.clone().with_plain(!buttons);
        let recorded = self
            .store
            .shows()
            .record_show(m.table, m.slot.name(), owner, &reference, m.version)
            .await;
        let kept = match recorded {
            Ok(kept) => kept,
            Err(e) => {
                tracing::warn!(table = m.table.get(), error = %e, "recording the shown message failed");
                false
            }
        };
        tracing::debug!(table = m.table.get(), version = m.version.get(), %reference, ?current, kept, "shown");
        // In a tidy chat the board this one replaced is kept for deleting after the game.
        if kept
            && m.tidy
            && let Some(old) = current
        {
            let replaced: Vec<Posted> =
                old.posted.iter().filter(|o| !posted.posted.contains(o)).copied().collect();
            self.keep_for_tidy(m, &replaced).await;
        }
        if !kept {
            // Another show went ahead (or the store did not answer): the store names another
            // message, whose buttons are the live ones; this one must not be a second.
            tracing::info!(table = m.table.get(), "a show outlived its claim: its buttons go");
            if buttons {
                for message in &posted.posted {
                    surface.strip(*message).await;
                }
            }
            self.release(m.table, owner).await;
        }
    }

    /// Claims the table's showing with `mark` as its intent's (see the module's notes),
    /// waiting while another process holds the claim (at most until it expires). The message
    /// recorded for the slot, if any, and if the claim was taken over from a show that never
    /// gave it back, that show's mark. Should the store not answer, the show goes ahead
    /// unclaimed (a board shown beats none).
    async fn claim(&self, m: &TableMessage, owner: i64, mark: Option<&MessageRef>) -> Taken {
        let (table, slot) = (m.table, m.slot.name());
        let claimed = self.wait_claim(|now, until| {
            self.store.shows().claim_show(table, slot, owner, now, until, mark)
        });
        match claimed.await {
            Ok(taken) => taken,
            Err(why) => {
                tracing::warn!(table = table.get(), why, "the table's show claim never came free");
                (self.recorded(m).await, None)
            }
        }
    }

    /// Keeps `messages`, boards of `m`'s table that a newer one replaced, for deleting once
    /// the game is over (a tidy chat, `/boards tidy`).
    async fn keep_for_tidy(&self, m: &TableMessage, messages: &[Posted]) {
        if m.slot != super::Slot::Board || messages.is_empty() {
            return;
        }
        let now = self.clock.now_ms();
        if let Err(e) = self.store.tidy().keep(m.table, messages, now).await {
            tracing::warn!(table = m.table.get(), error = %e, "keeping boards to tidy failed");
        }
    }

    async fn recorded(&self, m: &TableMessage) -> Option<(MessageRef, Version)> {
        self.store.message_version(m.table, m.slot.name()).await.ok().flatten()
    }

    async fn release(&self, table: TableId, owner: i64) {
        if let Err(e) = self.store.shows().release_show(table, owner).await {
            tracing::warn!(table = table.get(), error = %e, "giving the show claim back failed");
        }
    }

    /// A number for one show, unique among every process's: this process's random prefix
    /// and a count.
    fn owner(&self) -> i64 {
        let n = self.count.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        (self.prefix << 24) ^ (n & 0xff_ffff)
    }

    /// This process's lock of a table's (or a cup's) shows.
    async fn lock(&self, subject: Subject) -> tokio::sync::OwnedMutexGuard<()> {
        let lock = {
            let mut local = self.local.lock().unwrap_or_else(|p| p.into_inner());
            local.entry(subject).or_default().clone()
        };
        lock.lock_owned().await
    }

    /// Forgets a lock once no show holds or waits for it.
    fn unlock(&self, subject: Subject) {
        let mut local = self.local.lock().unwrap_or_else(|p| p.into_inner());
        if local.get(&subject).is_some_and(|l| Arc::strong_count(l) == 1) {
            local.remove(&subject);
        }
    }
}

/// What a claim read: the message recorded (with the version it shows), and, when the claim
/// was taken over from a show that never gave it back, that show's mark.
type Taken = (Option<(MessageRef, Version)>, Option<Option<MessageRef>>);

/// Takes the buttons off every message of `old` that `new` does not reuse.
async fn strip_replaced<S: Surface>(surface: &S, old: &MessageRef, new: &MessageRef) {
    for message in old.posted.iter().filter(|o| !new.posted.contains(o)) {
        surface.strip(*message).await;
    }
}

/// Drops from `views` the boards that one of `later` supersedes, a board of the same table at
/// the same or a newer version: an adapter's lane that fell behind shows only each table's
/// newest board (the texts between are kept). A later board of an *older* version (a press's
/// board queued behind the computer's turns it set off) supersedes nothing: the protocol
/// shows it only for its words. Returns how many it dropped.
pub fn fold_boards<'a>(views: &mut Vec<View>, later: impl Iterator<Item = &'a View>) -> usize {
    let board = |v: &View| match &v.kind {
        Kind::Table(m) if m.slot == super::Slot::Board => Some((m.table, m.version)),
        _ => None,
    };
    let mut newest: HashMap<TableId, Version> = HashMap::new();
    for (table, version) in later.filter_map(board) {
        let v = newest.entry(table).or_insert(version);
        *v = (*v).max(version);
    }
    let before = views.len();
    views.retain(|v| {
        board(v).is_none_or(|(table, version)| newest.get(&table).is_none_or(|n| *n < version))
    });
    let folded = before - views.len();
    if folded > 0 {
        tracing::info!(folded, "a busy chat: boards folded");
    }
    folded
}

/// Chats tracked by a [`Pace`] before those with nothing in the window are forgotten.
const TRACKED: usize = 10_000;

/// The new messages each chat was sent within a sliding window: how an adapter keeps a chat
/// within its platform's limit (Telegram: per minute; Discord: per 5 seconds), and tells when
/// a new board should rather edit the live one ([`Surface::in_place`]).
#[derive(Debug)]
pub struct Pace<K> {
    window: Duration,
    sent: HashMap<K, std::collections::VecDeque<std::time::Instant>>,
}

impl<K: std::hash::Hash + Eq + Copy> Pace<K> {
    /// Counting over `window`.
    pub fn new(window: Duration) -> Self {
        Self { window, sent: HashMap::new() }
    }

    /// Notes a new message sent to `chat` at `now`.
    pub fn record(&mut self, chat: K, now: std::time::Instant) {
        if self.sent.len() >= TRACKED {
            let window = self.window;
            self.sent.retain(|_, times| times.back().is_some_and(|t| now - *t < window));
        }
        self.sent.entry(chat).or_default().push_back(now);
    }

    /// The new messages `chat` was sent in the window that ends `now` (older ones forgotten).
    pub fn count(&mut self, chat: K, now: std::time::Instant) -> usize {
        let Some(times) = self.sent.get_mut(&chat) else { return 0 };
        while times.front().is_some_and(|t| now.saturating_duration_since(*t) >= self.window) {
            times.pop_front();
        }
        times.len()
    }

    /// How long a new message to `chat` must wait for the window to hold fewer than `limit`
    /// (`None`: it may go now).
    pub fn wait(&mut self, chat: K, limit: usize, now: std::time::Instant) -> Option<Duration> {
        let count = self.count(chat, now);
        if count < limit || limit == 0 {
            return None;
        }
        // The message whose leaving the window makes room.
        let frees = self.sent.get(&chat)?[count - limit];
        Some((frees + self.window).saturating_duration_since(now))
    }
}
