//! The turn timer: reminders, idle turns played with a strike, computers' turns after their
//! pause, and a cup round's games closed when its window does.

use super::{MAX_CHAIN, Play};
use crate::engine::Entropy;
use crate::engine::computer::{self, Level};
use crate::engine::{Action, Event, Game, Legal, Seat};
use crate::ids::{ChatId, TableId, Version};
use crate::store::TableStatus;
use crate::table::fail::{Fail, Refusal, say};
use crate::table::i18n::{Arg, Lang};
use crate::table::load::{CLAIM_MS, Loaded, MAX_STRIKES};
use crate::table::{About, Kind, Post, ServiceError, View};

impl Play {
    /// Runs the turn timer once: reminds players whose time is running out and plays for those
    /// whose time ran out (a strike each; the third in a row removes them, C5). Returns each
    /// view with the chat to post it in. Call it every few seconds from one task per process.
    ///
    /// Each due table is handled in a task of its own, at once: one slow table (a hard
    /// computer thinking, a board waiting to be drawn) never delays another, and one that
    /// fails, even by a panic, is logged with its id and noted as damaged
    /// ([`crate::table::Service::damaged_tables`]) while the others go on.
    pub async fn tick(&self) -> Result<Vec<(ChatId, View)>, ServiceError> {
        let now = self.clock.now_ms();
        let due = self.store.claim_due(now, CLAIM_MS, 32).await?;
        let tasks: Vec<_> = due
            .into_iter()
            .map(|d| {
                let play = self.clone();
                let task = tokio::spawn(async move { play.timeout(d.table, d.version, now).await });
                (d.table, task)
            })
            .collect();
        let mut out = Vec::new();
        for (table, task) in tasks {
            match task.await {
                Ok(Ok(views)) => out.extend(views),
                Ok(Err(Fail::Internal(ServiceError::Damaged(id, why)))) => {
                    self.core.note_damaged(id, &why)
                }
                Ok(Err(Fail::Internal(e))) => {
                    tracing::error!(table = table.get(), error = %e, "timer failed")
                }
                // Someone moved meanwhile: their move stands, the timer restarted with it.
                Ok(Err(_)) => tracing::debug!(table = table.get(), "timer lost a race"),
                Err(e) if e.is_panic() => {
                    let why = crate::runtime::lanes::panic_text(&*e.into_panic());
                    self.core.note_damaged(table, &format!("its turn timer panicked: {why}"));
                }
                Err(e) => {
                    tracing::warn!(table = table.get(), error = %e, "the timer's task was cancelled")
                }
            }
        }
        Ok(out)
    }

    /// A computer's turn the timer found due: played when its pause is over and the board
    /// before it is shown (it has no reminder).
    async fn computer_due(
        &self,
        mut t: Loaded,
        seat: Seat,
        level: crate::engine::computer::Level,
        now: i64,
        lang: Lang,
    ) -> Result<Vec<(ChatId, View)>, Fail> {
        let (id, version) = (t.rec.id, t.rec.version);
        if t.rec.deadline_ms.is_none_or(|d| d > now) {
            tracing::debug!(table = id.get(), version = version.get(), now, deadline = ?t.rec.deadline_ms, "timer: computer not due");
            self.store.clear_reminder(id, version).await?;
            return Ok(Vec::new());
        }
        if self.owed.board_owed(id, version) {
            // The board before it is still being made here: the computer's would overtake
            // it. Due again at once; the board, once made, wakes the timer.
            tracing::debug!(
                table = id.get(),
                version = version.get(),
                "timer: the computer waits for the board"
            );
            self.store.release(id, version).await?;
            return Ok(Vec::new());
        }
        let chat = t.rec.chat.clone();
        let events = self.play_computer(&mut t, seat, level).await?;
        Ok(for_chat(&chat, self.board_and_end(&t, lang, &events, Vec::new()).await?))
    }

    async fn timeout(
        &self,
        id: TableId,
        version: Version,
        now: i64,
    ) -> Result<Vec<(ChatId, View)>, Fail> {
        let t = self.core.load(id).await?;
        if t.rec.status != TableStatus::Playing {
            return Ok(Vec::new());
        }
        if t.rec.version != version {
            // A write came between the claim and now: the table is due again as it now is.
            tracing::debug!(
                table = id.get(),
                version = version.get(),
                now = t.rec.version.get(),
                "timer: a newer version"
            );
            self.store.release(id, t.rec.version).await?;
            return Ok(Vec::new());
        }
        let chat = t.rec.chat.clone();
        let lang = self.core.table_lang(&t).await;
        if let Some((seat, level)) = t.computer_to_act() {
            return self.computer_due(t, seat, level, now, lang).await;
        }
        let Some(game) = &t.game else { return Ok(Vec::new()) };
        let idle = game.legal().to_move();
        if t.rec.deadline_ms.is_none_or(|d| d > now) {
            // Only the reminder is due.
            self.store.clear_reminder(id, version).await?;
            let Some(seat) = idle else { return Ok(Vec::new()) };
            return Ok(vec![(chat, self.remind(&t, seat, now, lang))]);
        }
        let Some(seat) = idle else {
            // A roll-off no one threw: throw it.
            let header = vec![self.i18n.text(lang, "timer-roll-off", &[])];
            let views =
                self.play_chain(t, Action::Roll { dice: Vec::new() }, None, lang, header).await?;
            return Ok(for_chat(&chat, views));
        };
        Ok(for_chat(&chat, self.strike(t, seat, lang).await?))
    }

    /// The reminder that `seat`'s time runs out, posted where the table's board is.
    fn remind(&self, t: &Loaded, seat: Seat, now: i64, lang: Lang) -> View {
        let name = t.names().get(usize::from(seat)).cloned().unwrap_or_default();
        let left = t.rec.deadline_ms.map_or(0, |d| (d - now).max(0));
        let text = self.reminder(lang, &name, left);
        let user = t.rec.seats[usize::from(seat)].user.clone();
        let post = Post {
            mentions: vec![user],
            audience: t.audience(),
            // Where the board is: the table's thread, if it plays in one.
            about: Some(About { table: t.rec.id, thread: t.settings.thread }),
            ..Post::default()
        };
        View::new(Some(lang), text, Kind::Post(post))
    }

    /// A strike for `seat`, whose time ran out: removed at the last one, else its turn played
    /// for it.
    async fn strike(&self, mut t: Loaded, seat: Seat, lang: Lang) -> Result<Vec<View>, Fail> {
        let name = t.names().get(usize::from(seat)).cloned().unwrap_or_default();
        let strikes = {
            let s = &mut t.rec.seats[usize::from(seat)];
            s.strikes += 1;
            s.strikes
        };
        if strikes >= MAX_STRIKES {
            let header = vec![self.i18n.text(lang, "timer-removed", &[("name", name.into())])];
            return self.play_chain(t, Action::Remove { seat }, None, lang, header).await;
        }
        let events = self.play_turn_for(&mut t, seat).await?;
        let header = vec![self.i18n.text(
            lang,
            "timer-played",
            &[
                ("name", name.into()),
                ("strikes", Arg::Number(i64::from(strikes))),
                ("max", Arg::Number(i64::from(MAX_STRIKES))),
            ],
        )];
        self.board_and_end(&t, lang, &events, header).await
    }

    /// The board after a turn played by the timer (`events`, told under `header`), and what
    /// follows if it ended the game.
    async fn board_and_end(
        &self,
        t: &Loaded,
        lang: Lang,
        events: &[Event],
        header: Vec<String>,
    ) -> Result<Vec<View>, Fail> {
        let mut views = vec![self.next_board(t, lang, events, header).await?];
        views.extend(self.end_views(t, lang).await);
        Ok(views)
    }

    /// Ends a cup game whose window closed (T7): the player to move is removed, as the timer
    /// removes a player, until the game is over.
    pub(in crate::table) async fn close_cup_table(&self, id: TableId) -> Result<Vec<View>, Fail> {
        let mut views = Vec::new();
        for _ in 0..crate::engine::ludo::MAX_PLAYERS + 1 {
            let mut t = self.core.load(id).await?;
            if t.rec.status != TableStatus::Playing {
                break;
            }
            let Some(game) = &t.game else { break };
            let seat = game
                .legal()
                .to_move()
                .map(usize::from)
                .or_else(|| t.rec.seats.iter().position(|s| !s.left));
            let Some(seat) = seat else { break };
            let name = t.rec.seats[seat].name.clone();
            t.rec.seats[seat].strikes = MAX_STRIKES;
            let lang = self.core.table_lang(&t).await;
            let header =
                vec![self.i18n.text(lang, "cup-window-closed", &[("name", name.clone().into())])];
            let action = Action::Remove { seat: seat as crate::engine::Seat };
            let mut shown = self.play_chain(t, action, None, lang, header).await?;
            // The header says why the player is out; the timer's own words would say otherwise.
            let timed_out = self.i18n.text(lang, "event-left-timed-out", &[("name", name.into())]);
            for v in &mut shown {
                v.text = v.text.replace(&format!("{timed_out}\n"), "").replace(&timed_out, "");
            }
            views.extend(shown);
        }
        Ok(views)
    }
}

impl Play {
    /// Plays `seat`'s whole turn for them: rolls, and the engine's sensible choices
    /// (`Game::suggest`); returns the events.
    async fn play_turn_for(&self, t: &mut Loaded, seat: Seat) -> Result<Vec<Event>, Fail> {
        let mut events = Vec::new();
        for _ in 0..MAX_CHAIN {
            let Some(game) = &t.game else { break };
            let legal = game.legal();
            if legal.to_move() != Some(seat) {
                break;
            }
            let action = match legal {
                Legal::Roll { .. } => Action::Roll { dice: Vec::new() },
                Legal::Choose { .. } => match game.suggest() {
                    Some(a) => a,
                    None => break,
                },
                Legal::RollOff { .. } | Legal::Over => break,
            };
            events.extend(self.play_one(t, action, None).await?);
        }
        Ok(events)
    }

    /// Plays a computer's whole turn (a roll-off throw, or its rolls and choices at its
    /// level); returns the events. Its own choices draw on a stream derived from the table's
    /// secret under the label `computer` (never the dice stream), for this seat and version,
    /// so a restarted bot makes the same choice.
    async fn play_computer(
        &self,
        t: &mut Loaded,
        seat: Seat,
        level: Level,
    ) -> Result<Vec<Event>, Fail> {
        let index = (u64::from(seat) << 40) | t.rec.version.to_token();
        let mut entropy = Choices::new(&mut t.seed().stream("computer", index));
        let mut events = Vec::new();
        for _ in 0..MAX_CHAIN {
            if t.computer_to_act().map(|(s, _)| s) != Some(seat) {
                break;
            }
            let Some(game) = &t.game else { break };
            let (action, actor) = match game.legal() {
                Legal::Roll { .. } => (Action::Roll { dice: Vec::new() }, Some(seat)),
                Legal::RollOff { .. } if events.is_empty() => {
                    (Action::Roll { dice: Vec::new() }, None)
                }
                Legal::Choose { .. } => {
                    let choice;
                    (choice, entropy) = think(game, level, entropy).await?;
                    match choice {
                        Some(a) => (a, Some(seat)),
                        None => break,
                    }
                }
                Legal::RollOff { .. } | Legal::Over => break,
            };
            events.extend(self.play_one(t, action, actor).await?);
        }
        Ok(events)
    }

    /// "Your turn: … left": the time as it really is, in seconds under a minute and a half,
    /// else in whole minutes (rounded).
    fn reminder(&self, lang: Lang, name: &str, left_ms: i64) -> String {
        if left_ms < 90_000 {
            let seconds = ((left_ms + 500) / 1000).max(1);
            self.i18n.text(
                lang,
                "timer-reminder-seconds",
                &[("name", name.to_owned().into()), ("seconds", Arg::Number(seconds))],
            )
        } else {
            let minutes = (left_ms + 30_000) / 60_000;
            self.i18n.text(
                lang,
                "timer-reminder",
                &[("name", name.to_owned().into()), ("minutes", Arg::Number(minutes))],
            )
        }
    }
}

/// A computer's choice: a hard or expert computer's search runs on the blocking pool (it can take tens
/// of milliseconds), never on the async threads that answer presses; the others choose at once.
async fn think(
    game: &Game,
    level: Level,
    mut entropy: Choices,
) -> Result<(Option<Action>, Choices), Fail> {
    if !matches!(level, Level::Hard | Level::Expert) {
        return Ok((computer::choose(game, level, &mut entropy), entropy));
    }
    let game = game.clone();
    let task = tokio::task::spawn_blocking(move || {
        let choice = computer::choose(&game, level, &mut entropy);
        (choice, entropy)
    });
    match task.await {
        Ok(thought) => Ok(thought),
        // A panic is the caller's (the turn timer notes the table as damaged).
        Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
        Err(_) => Err(say(Refusal::Stopping)),
    }
}

/// A computer's own random choices: `rand`'s standard generator, seeded for each table, seat and
/// turn from the table's secret under a label of its own, so it never sees or uses the dice
/// (which come from the same secret's roll numbers). Its choices are logged as actions, so a
/// replay never needs to draw them again.
struct Choices(rand::rngs::StdRng);

impl Choices {
    fn new(stream: &mut crate::game::fair::Stream) -> Self {
        use rand::SeedableRng;
        let mut seed = [0u8; 32];
        for chunk in seed.chunks_exact_mut(4) {
            chunk.copy_from_slice(&stream.next_u32().to_le_bytes());
        }
        Self(rand::rngs::StdRng::from_seed(seed))
    }
}

impl Entropy for Choices {
    fn next_u32(&mut self) -> u32 {
        rand::RngCore::next_u32(&mut self.0)
    }
}

/// The timer's views, each with the chat to post it in; every public one goes where its
/// table's views go.
fn for_chat(chat: &ChatId, mut views: Vec<View>) -> Vec<(ChatId, View)> {
    crate::table::message::spread_audience(&mut views);
    views.into_iter().map(|v| (chat.clone(), v)).collect()
}
