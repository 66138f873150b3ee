//! Playing: buttons, actions, leaving, cancelling, and the turn timer.

use super::fail::{Fail, Refusal, say};
use super::i18n::{Arg, Lang};
use super::load::{CLAIM_MS, Loaded, MAX_STRIKES};
use super::lobby::{LobbyOp, actor};
use super::token::{Button as TokenButton, Token};
use super::{
    About, BoardMode, Ctx, Kind, Place, Play, Post, ServiceError, Slot, TableMessage, View,
};
use crate::engine::Entropy;
use crate::engine::computer::{self, Level};
use crate::engine::{Action, Event, Game, Legal, Seat, Status};
use crate::game::fair::Roller;
use crate::ids::{ChatId, TableId, Version};
use crate::store::{StoreError, TableStatus};

/// The most actions the bot plays in a row for one time-out or forced moves (a safety bound;
/// a turn has a handful).
const MAX_CHAIN: usize = 64;

impl Play<'_> {
    /// What follows a board that ended a game ([`super::Views::end_views`]): the ranking with
    /// each rated player's change, the seed, and for a cup's game the cup's standings message
    /// brought up to date (issue 49).
    async fn end_views(&self, t: &Loaded, lang: Lang) -> Vec<View> {
        let ratings = self.ratings().rating_lines(t, lang);
        let mut views = self.views().end_views(t, lang, ratings);
        if !views.is_empty() {
            views.extend(self.cups().cup_standings_after(t).await);
        }
        views
    }

    /// A table's button, pressed (its token checked by [`super::Service::press`]).
    pub(super) async fn press(
        &self,
        ctx: &Ctx,
        id: TableId,
        token: Token,
    ) -> Result<Vec<View>, Fail> {
        let t = match self.load(id).await {
            Ok(t) => t,
            Err(ServiceError::Store(StoreError::NotFound(_))) => return Err(say(Refusal::Forged)),
            Err(e) => return Err(e.into()),
        };
        if !self.reachable(ctx, &t).await? {
            tracing::info!(user = %ctx.user, chat = %ctx.chat, table = id.get(), "a button from elsewhere");
            return Err(say(Refusal::OtherChat));
        }
        match token.button {
            // Lobby buttons act on the lobby as it is now: two people joining at once both sit.
            TokenButton::Join => self.lobby().lobby_apply(ctx, t, LobbyOp::Join).await,
            TokenButton::Leave => self.lobby().lobby_apply(ctx, t, LobbyOp::Leave).await,
            TokenButton::Start => self.lobby().lobby_apply(ctx, t, LobbyOp::Start).await,
            TokenButton::Cancel => self.cancel_table(ctx, t).await,
            TokenButton::Options => self.lobby().lobby_apply(ctx, t, LobbyOp::Panel).await,
            TokenButton::Cycle(k) => {
                self.lobby().lobby_apply(ctx, t, LobbyOp::Cycle(usize::from(k))).await
            }
            TokenButton::AddComputer => {
                self.lobby().lobby_apply(ctx, t, LobbyOp::AddComputer).await
            }
            TokenButton::RemoveComputer => {
                self.lobby().lobby_apply(ctx, t, LobbyOp::RemoveComputer).await
            }
            // A finished game's buttons work whenever pressed (the table no longer changes).
            TokenButton::Replay => {
                t.replayable()?;
                self.replays().replay_pressed(ctx, t).await
            }
            TokenButton::Export => {
                t.replayable()?;
                self.replays().export_table(t).await
            }
            TokenButton::Rematch => self.rematches().rematch(ctx, t, token.version).await,
            TokenButton::Refresh => {
                // Shown in place of the table's message (the options panel's "Done").
                let lang = self.table_lang(&t).await;
                let mut view = self.views().current_view(&t, lang).await;
                in_place(&mut view);
                Ok(vec![view])
            }
            // Moves must be made on the board the player saw.
            button => {
                if Version::from_token(token.version) != Some(t.rec.version) {
                    return Err(Fail::Stale(id));
                }
                self.act(ctx, t, button).await
            }
        }
    }

    /// Whether a table's buttons may be pressed from the chat of `ctx`: its own chat, or its
    /// thread (Discord); a private table's only by its players (each has its boards in their
    /// own chat with the bot; others join by invite). Tokens are signed but not secret (anyone
    /// who sees a button can copy its token), so a token carried elsewhere is refused.
    async fn reachable(&self, ctx: &Ctx, t: &Loaded) -> Result<bool, Fail> {
        if t.settings.private {
            return Ok(t.audience().contains(&ctx.user));
        }
        if ctx.chat == t.rec.chat {
            return Ok(true);
        }
        if t.settings.thread
            && let Some(thread) = self.thread_of(t).await?
        {
            // A thread of a server's channel is the chat `<platform>:<server>/<thread>`.
            return Ok(ctx.chat == t.rec.chat.sibling(&thread.to_string()));
        }
        Ok(false)
    }

    async fn act(&self, ctx: &Ctx, t: Loaded, button: TokenButton) -> Result<Vec<View>, Fail> {
        if t.rec.status != TableStatus::Playing {
            return Err(say(Refusal::GameOver));
        }
        let seat = t.seat_of(&ctx.user).ok_or_else(|| say(Refusal::NotSeated))?;
        let Some(game) = &t.game else { return Err(say(Refusal::GameOver)) };
        let legal = game.legal();
        let names = t.names();
        match &legal {
            Legal::Over => return Err(say(Refusal::GameOver)),
            // Anyone seated may throw the roll-off dice (they are everyone's).
            Legal::RollOff { .. } => {}
            other => {
                let to_move = other.to_move().unwrap_or(seat);
                if to_move != seat {
                    let name = names.get(usize::from(to_move)).cloned().unwrap_or_default();
                    return Err(Fail::Say(Refusal::NotYourTurn, vec![("name", name.into())]));
                }
            }
        }
        let action = match button {
            TokenButton::Roll => Action::Roll { dice: Vec::new() },
            TokenButton::Move(piece) => Action::Move { piece },
            TokenButton::Step { from, die } => Action::Step { from, die },
            _ => return Err(say(Refusal::Forged)),
        };
        let lang = self.table_lang(&t).await;
        self.play_chain(t, action, Some(seat), lang, Vec::new()).await
    }

    /// Plays `action` (a roll gets its dice from the table's seed), then any forced single
    /// choice that follows, each stored as its own version; returns the new board.
    async fn play_chain(
        &self,
        mut t: Loaded,
        action: Action,
        actor: Option<Seat>,
        lang: Lang,
        header: Vec<String>,
    ) -> Result<Vec<View>, Fail> {
        let mut events = self.play_one(&mut t, action, actor).await?;
        for _ in 0..MAX_CHAIN {
            let Some(game) = &t.game else { break };
            // One choice, or several that all lead to the same position (Ludo's pieces in the
            // house are alike, L6): nothing to decide, so it is played at once. The log holds
            // the action played, as for any move.
            match game.distinct_choices().as_slice() {
                [forced] => {
                    let forced = forced.clone();
                    match self.play_one(&mut t, forced, actor).await {
                        Ok(more) => events.extend(more),
                        // Another change came first (the timer played the forced move, another
                        // process): the action asked for stands, and the board shows it.
                        Err(Fail::Stale(_)) => break,
                        Err(e) => return Err(e),
                    }
                }
                _ => break,
            }
        }
        let mut views = vec![self.next_board(&t, lang, &events, header).await?];
        views.extend(self.end_views(&t, lang).await);
        Ok(views)
    }

    /// The board after a move: a new message, or in a chat that asked for it, an edit of the
    /// table's board message.
    async fn next_board(
        &self,
        t: &Loaded,
        lang: Lang,
        events: &[Event],
        header: Vec<String>,
    ) -> Result<View, Fail> {
        let mut view = self.views().board_view(t, lang, events, header).await;
        if self.table_board_mode(t).await == BoardMode::Edit {
            in_place(&mut view);
        }
        Ok(view)
    }

    /// Plays one action and stores it: the engine decides, the store guards the version.
    pub(super) async fn play_one(
        &self,
        t: &mut Loaded,
        mut action: Action,
        actor: Option<Seat>,
    ) -> Result<Vec<Event>, Fail> {
        let Some(game) = &t.game else { return Err(say(Refusal::GameOver)) };
        let mut next_roll = t.rec.next_roll;
        if let Action::Roll { dice } = &mut action
            && dice.is_empty()
        {
            let mut roller = Roller::new(&t.seed(), next_roll.max(0) as u64);
            *dice = roller.roll_due(&game.legal());
            next_roll = roller.position() as i64;
        }
        let mut game = game.clone();
        let events = game.play(&action).map_err(|e| Fail::Illegal(e, t.names()))?;
        // The move is made on a copy of the table, which replaces it only once saved: a failed
        // save leaves `t` exactly as it was loaded.
        let mut next = t.clone();
        next.game = Some(game);
        next.rec.next_roll = next_roll;
        if let Some(seat) = actor
            && let Some(s) = next.rec.seats.get_mut(usize::from(seat))
        {
            s.strikes = 0;
        }
        if let Some((seat, _)) = action.departure()
            && let Some(s) = next.rec.seats.get_mut(usize::from(seat))
        {
            s.left = true;
        }
        // Computers alone do not play on: the game ends with the last person's departure
        // (unless that departure finished it, which ranks everyone as usual). A cup's game is
        // played to its end: its places are the cup's points (T2).
        let finished = next.game.as_ref().is_some_and(|g| g.status() == Status::Finished);
        let cup = next.rec.cup.is_some();
        if action.departure().is_some() && !finished && !next.people_playing() && !cup {
            next.rec.status = TableStatus::Cancelled;
        }
        self.save(&mut next, Some(&action)).await?;
        *t = next;
        Ok(events)
    }

    /// Resign (no target) or kick (a target) in a lobby or a running game.
    pub(super) async fn depart(
        &self,
        ctx: &Ctx,
        game: super::Pick,
        target: Option<super::Target>,
    ) -> Result<Vec<View>, Fail> {
        let t = self.find(ctx, game, &TableStatus::OPEN).await?;
        // A typed command acts on the table as it is now: a computer's move or another
        // player's command stored first is no reason to refuse it as out of date.
        self.as_it_is_now(t, |t| self.depart_once(ctx, t, target.as_ref())).await
    }

    async fn depart_once(
        &self,
        ctx: &Ctx,
        t: Loaded,
        target: Option<&super::Target>,
    ) -> Result<Vec<View>, Fail> {
        if !TableStatus::OPEN.contains(&t.rec.status) {
            return Err(say(Refusal::GameOver));
        }
        let seat = t.departing(actor(ctx), target)?;
        let lang = self.table_lang(&t).await;
        if t.rec.status == TableStatus::Lobby {
            let mut t = t;
            if target.is_none() || t.rec.seats[usize::from(seat)].user == ctx.user {
                return self.lobby().lobby_apply(ctx, t, LobbyOp::Leave).await;
            }
            let name = t.kick_from_lobby(seat);
            self.save(&mut t, None).await?;
            let mut view = self.views().lobby_view(&t, lang);
            view.text = format!(
                "{}\n{}",
                self.i18n.text(lang, "lobby-kicked", &[("name", name.into())]),
                view.text
            );
            in_place(&mut view);
            return Ok(vec![view]);
        }
        let action = match target {
            None => Action::Resign { seat },
            Some(_) => Action::Kick { seat },
        };
        self.play_chain(t, action, None, lang, Vec::new()).await
    }

    pub(super) async fn cancel(&self, ctx: &Ctx, game: super::Pick) -> Result<Vec<View>, Fail> {
        let t = self.find(ctx, game, &TableStatus::OPEN).await?;
        self.cancel_table(ctx, t).await
    }

    /// Cancels the table as it is now (read again if another change was stored first).
    async fn cancel_table(&self, ctx: &Ctx, t: Loaded) -> Result<Vec<View>, Fail> {
        self.as_it_is_now(t, |t| self.cancel_once(ctx, t)).await
    }

    async fn cancel_once(&self, ctx: &Ctx, mut t: Loaded) -> Result<Vec<View>, Fail> {
        let slot = t.cancel(actor(ctx))?;
        self.save(&mut t, None).await?;
        let lang = self.table_lang(&t).await;
        let text = self.i18n.text(
            lang,
            "table-cancelled",
            &[("game", self.game_name(lang, t.kind).into()), ("name", ctx.name.clone().into())],
        );
        let message = TableMessage {
            audience: t.audience(),
            thread: slot == Slot::Board && t.settings.thread,
            place: Place::InPlace,
            ..TableMessage::new(t.rec.id, slot, t.rec.version)
        };
        let mut views = vec![View::new(Some(lang), text, Kind::Table(message))];
        if slot == Slot::Board {
            views.extend(self.end_views(&t, lang).await);
        }
        Ok(views)
    }

    /// Runs the turn timer once: reminds players whose time is running out and plays for those
    /// whose time ran out (a strike each; the third in a row removes them, C5). Returns each
    /// view with the chat to post it in. Call it every few seconds from one task per process.
    ///
    /// Each due table is handled in a task of its own, at once: one slow table (a hard
    /// computer thinking, a board waiting to be drawn) never delays another, and one that
    /// fails, even by a panic, is logged with its id and noted as damaged
    /// ([`super::Service::damaged_tables`]) while the others go on.
    pub async fn tick(self) -> Result<Vec<(ChatId, View)>, ServiceError> {
        let now = self.clock.now_ms();
        let due = self.store.claim_due(now, CLAIM_MS, 32).await?;
        let tasks: Vec<_> =
            due.into_iter()
                .map(|d| {
                    let service = super::Service::clone(&self);
                    let task = tokio::spawn(async move {
                        service.play().timeout(d.table, d.version, now).await
                    });
                    (d.table, task)
                })
                .collect();
        let mut out = Vec::new();
        for (table, task) in tasks {
            match task.await {
                Ok(Ok(views)) => out.extend(views),
                Ok(Err(Fail::Internal(ServiceError::Damaged(id, why)))) => {
                    self.note_damaged(id, &why)
                }
                Ok(Err(Fail::Internal(e))) => {
                    tracing::error!(table = table.get(), error = %e, "timer failed")
                }
                // Someone moved meanwhile: their move stands, the timer restarted with it.
                Ok(Err(_)) => tracing::debug!(table = table.get(), "timer lost a race"),
                Err(e) if e.is_panic() => {
                    let why = crate::runtime::lanes::panic_text(&*e.into_panic());
                    self.note_damaged(table, &format!("its turn timer panicked: {why}"));
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
        if self.board_owed(id, version) {
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
        let t = self.load(id).await?;
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
        let lang = self.table_lang(&t).await;
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
    pub(super) async fn close_cup_table(&self, id: TableId) -> Result<Vec<View>, Fail> {
        let mut views = Vec::new();
        for _ in 0..crate::engine::ludo::MAX_PLAYERS + 1 {
            let mut t = self.load(id).await?;
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
            let lang = self.table_lang(&t).await;
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

impl Play<'_> {
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
    super::message::spread_audience(&mut views);
    views.into_iter().map(|v| (chat.clone(), v)).collect()
}

/// Shows a table message in place of its slot's message (see [`Place::InPlace`]).
fn in_place(view: &mut View) {
    if let Some(message) = view.table_message_mut() {
        message.place = Place::InPlace;
    }
}
