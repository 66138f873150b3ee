//! How updates arrive: by long polling (`getUpdates`) or a webhook. Each chat's updates are
//! handled in order by a task of its own, so a slow or rate-limited chat never holds up
//! another; a polled update is confirmed to Telegram only once handled.

use std::collections::{BTreeSet, VecDeque};
use std::time::Duration;

use teloxide::payloads::{GetUpdatesSetters, SetWebhookSetters};
use teloxide::prelude::{Request, Requester};
use teloxide::types::{Update, UpdateKind};
use tokio::sync::{oneshot, watch};

use crate::runtime::health::Part;

use super::outbox::retry;
use super::{POLL_SECONDS, Telegram};

/// Long polling's bookkeeping. Telegram forgets an update once `getUpdates` is asked for a
/// later offset, so the offset asked for is the oldest update not yet handled: an update in
/// flight when the process stops is delivered again after the restart (versions make a
/// repeated press harmless). Updates delivered again while still in flight are not handed
/// out twice.
#[derive(Debug, Default)]
pub(super) struct Polling {
    /// The newest update handed to a lane.
    dispatched: Option<i32>,
    /// Updates handed to lanes and not yet handled.
    pending: BTreeSet<i32>,
}

impl Polling {
    /// The offset that confirms exactly the updates handled so far.
    fn offset(&self) -> i32 {
        match (self.pending.first(), self.dispatched) {
            (Some(&oldest), _) => oldest,
            (None, Some(newest)) => newest.saturating_add(1),
            (None, None) => 0,
        }
    }

    /// Takes an update for handling; false if it is already handled or in flight.
    fn take(&mut self, id: i32) -> bool {
        if self.dispatched.is_some_and(|d| id <= d) {
            return false;
        }
        self.dispatched = Some(id);
        self.pending.insert(id);
        true
    }
}

/// How an update is confirmed to Telegram once handled.
pub(super) enum Ack {
    /// A polled update, by its id: confirmed by the offset of a later `getUpdates`.
    Polled(i32),
    /// A webhook update: confirmed by the webhook's 2xx answer, which waits for this.
    Answer(oneshot::Sender<()>),
}

/// Confirms an update when dropped (after its handling, or if it panicked).
struct Handled(Telegram, Option<Ack>);

impl Drop for Handled {
    fn drop(&mut self) {
        match self.1.take() {
            Some(Ack::Polled(id)) => {
                self.0.polling.lock().unwrap_or_else(|e| e.into_inner()).pending.remove(&id);
                self.0.handled.notify_waiters();
            }
            Some(Ack::Answer(done)) => {
                let _ = done.send(());
            }
            None => {}
        }
    }
}

/// An update from Telegram in webhook mode: checked by its secret header, then handled like a
/// polled one. Telegram retries anything but a 2xx, so a bad body is acknowledged and logged.
///
/// The 2xx is sent only once the update is handled (its press saved and answered), as a
/// polled update is confirmed only then: an update in flight when its process dies (SIGKILL,
/// a crash) was never confirmed, and Telegram delivers it again, to this process after its
/// restart or to another behind the same address. A press delivered twice that way is
/// applied once (the button's version), and answered again with the board as it now is.
async fn webhook(
    axum::extract::State(t): axum::extract::State<Telegram>,
    headers: axum::http::HeaderMap,
    body: axum::body::Bytes,
) -> axum::http::StatusCode {
    let given = headers.get("x-telegram-bot-api-secret-token").and_then(|v| v.to_str().ok());
    if given != Some(t.webhook_secret.as_str()) {
        return axum::http::StatusCode::UNAUTHORIZED;
    }
    match serde_json::from_slice::<Update>(&body) {
        Ok(update) => {
            let (done, handled) = oneshot::channel();
            t.dispatch(Ack::Answer(done), update.kind);
            // Telegram redelivers what is not answered 2xx: answered once handled.
            if handled.await.is_err() {
                return axum::http::StatusCode::SERVICE_UNAVAILABLE;
            }
        }
        Err(e) => tracing::warn!(error = %e, "an update that does not parse"),
    }
    axum::http::StatusCode::OK
}

impl Telegram {
    /// Hands an update to its chat's lane (a task of its own handles each chat in order). It is
    /// confirmed (`ack`) when its lane is done with it.
    fn dispatch(&self, ack: Ack, kind: UpdateKind) {
        let chat = match &kind {
            UpdateKind::Message(m) => m.chat.id.0,
            UpdateKind::CallbackQuery(q) => q.message.as_ref().map_or(0, |m| m.chat().id.0),
            _ => 0,
        };
        let this = self.clone();
        self.inbox.submit(
            chat.to_string(),
            (ack, kind),
            VecDeque::pop_front,
            move |(ack, kind)| {
                let this = this.clone();
                async move {
                    // Confirmed even if handling panics (the lane logs it and goes on).
                    let _done = Handled(this.clone(), Some(ack));
                    this.on_update(kind).await;
                }
            },
        );
    }

    /// Finishes the work in flight when the bot stops (after polling stopped): every update
    /// taken is handled and every view it produced sent; then Telegram is told which updates
    /// were handled, so that none is delivered again after the restart.
    pub async fn finish(&self) {
        self.inbox.idle().await;
        let offset = self.polling.lock().unwrap_or_else(|e| e.into_inner()).offset();
        if offset > 0 {
            // Confirms every update before `offset`; one newer, if any, is left for later.
            let confirm = self.bot.get_updates().offset(offset).limit(1).timeout(0);
            if let Err(e) = confirm.send().await {
                tracing::warn!(error = %e, "confirming the handled updates failed");
            }
        }
        self.outbox.idle().await;
    }

    /// Registers the command menu, then polls for updates until `stopped` turns true. Each
    /// update is confirmed (by the offset of a later `getUpdates`) only once handled.
    pub async fn run(self, mut stopped: watch::Receiver<bool>) {
        self.register_commands().await;
        // Polling and a webhook exclude each other: leave webhook mode if it was on.
        retry("deleteWebhook", || self.bot.delete_webhook().send()).await;
        loop {
            let offset = self.polling.lock().unwrap_or_else(|e| e.into_inner()).offset();
            let request = self.bot.get_updates().offset(offset).timeout(POLL_SECONDS);
            let updates = tokio::select! {
                u = request.send() => u,
                _ = stopped.wait_for(|s| *s) => return,
            };
            let updates = match updates {
                Ok(u) => {
                    self.health.set("telegram", Part::Up);
                    u
                }
                Err(e) => {
                    tracing::warn!(error = %e, "getUpdates failed; retrying");
                    self.health.set("telegram", Part::Down(format!("getUpdates failed: {e}")));
                    tokio::select! {
                        _ = tokio::time::sleep(Duration::from_secs(2)) => {}
                        _ = stopped.wait_for(|s| *s) => return,
                    }
                    continue;
                }
            };
            let mut fresh = 0;
            for update in updates.iter().filter(|u| u.id.0 <= i32::MAX as u32) {
                let id = update.id.0 as i32;
                if self.polling.lock().unwrap_or_else(|e| e.into_inner()).take(id) {
                    fresh += 1;
                    self.dispatch(Ack::Polled(id), update.kind.clone());
                }
            }
            if fresh == 0 && !updates.is_empty() {
                // Only updates still being handled came back: wait for one to be done rather
                // than asking again at once.
                tokio::select! {
                    _ = self.handled.notified() => {}
                    _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                    _ = stopped.wait_for(|s| *s) => return,
                }
            }
        }
    }

    async fn on_update(&self, kind: UpdateKind) {
        match kind {
            UpdateKind::Message(message) => self.on_message(message).await,
            UpdateKind::CallbackQuery(query) => self.on_callback(query).await,
            _ => {}
        }
    }

    /// Webhook mode: asks Telegram to deliver updates to `url` (which must reach this process's
    /// `/telegram/webhook`), with a secret header that [`Telegram::webhook_router`] checks.
    /// Several processes behind one address can then share one token and one database.
    pub async fn set_webhook(&self, url: url::Url) -> bool {
        let secret = self.webhook_secret.clone();
        self.register_commands().await;
        retry("setWebhook", || {
            self.bot.set_webhook(url.clone()).secret_token(secret.clone()).send()
        })
        .await
        .is_some()
    }

    /// The route Telegram posts updates to in webhook mode.
    pub fn webhook_router(&self) -> axum::Router {
        axum::Router::new()
            .route("/telegram/webhook", axum::routing::post(webhook))
            .with_state(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::telegram::CLIENT_TIMEOUT;

    #[test]
    fn updates_are_confirmed_only_once_handled() {
        let mut p = Polling::default();
        assert_eq!(p.offset(), 0, "nothing seen: ask from the start");
        assert!(p.take(10) && p.take(11) && p.take(12));
        assert_eq!(p.offset(), 10, "none handled: nothing confirmed");
        assert!(!p.take(11), "an update in flight delivered again is not handed out twice");
        p.pending.remove(&11);
        assert_eq!(p.offset(), 10, "11 is done but 10 is not: 10 must come again after a stop");
        p.pending.remove(&10);
        assert_eq!(p.offset(), 12);
        p.pending.remove(&12);
        assert_eq!(p.offset(), 13, "all handled: all confirmed");
        assert!(!p.take(12), "a handled update delivered again is skipped");
    }

    #[test]
    fn the_client_outwaits_a_long_poll() {
        assert!(CLIENT_TIMEOUT > Duration::from_secs(u64::from(POLL_SECONDS) + 5));
    }
}
