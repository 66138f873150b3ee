//! Playing: buttons, actions, leaving, cancelling; the turn timer and the computers in
//! `timer.rs`.

mod timer;

use super::fail::{Fail, Refusal, say};
use super::i18n::Lang;
use super::load::Loaded;
use super::lobby::{LobbyOp, actor};
use super::token::{Button as TokenButton, Token};
use super::{BoardMode, Ctx, Kind, Place, ServiceError, Slot, TableMessage, View};
use crate::engine::{Action, Event, Legal, Seat, Status};
use crate::game::fair::Roller;
use crate::ids::{TableId, Version};
use crate::store::{StoreError, TableStatus};

crate::table::handles::part! {
    /// A turn's actions, the turn timer and the computers.
    Play uses [core, store, i18n, clock, owed]
    calls [lobby: crate::table::Lobby, rematches: crate::table::Rematches, views: crate::table::Views, ratings: crate::table::Ratings, replays: crate::table::Replays, cups: crate::table::Cups];
}

/// The most actions the bot plays in a row for one time-out or forced moves (a safety bound;
/// a turn has a handful).
const MAX_CHAIN: usize = 64;

impl Play {
    /// What follows a board that ended a game ([`super::Views::end_views`]): the ranking with
    /// each rated player's change, the seed, and for a cup's game the cup's standings message
    /// brought up to date (issue 49).
    async fn end_views(&self, t: &Loaded, lang: Lang) -> Vec<View> {
        let ratings = self.ratings.rating_lines(t, lang);
        let mut views = self.views.end_views(t, lang, ratings);
        if !views.is_empty() {
            views.extend(self.cups.cup_standings_after(t).await);
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
        let t = match self.core.load(id).await {
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
            TokenButton::Join => self.lobby.lobby_apply(ctx, t, LobbyOp::Join).await,
            TokenButton::Leave => self.lobby.lobby_apply(ctx, t, LobbyOp::Leave).await,
            TokenButton::Start => self.lobby.lobby_apply(ctx, t, LobbyOp::Start).await,
            TokenButton::Cancel => self.cancel_table(ctx, t).await,
            TokenButton::Options => self.lobby.lobby_apply(ctx, t, LobbyOp::Panel).await,
            TokenButton::Cycle(k) => {
                self.lobby.lobby_apply(ctx, t, LobbyOp::Cycle(usize::from(k))).await
            }
            TokenButton::AddComputer => self.lobby.lobby_apply(ctx, t, LobbyOp::AddComputer).await,
            TokenButton::RemoveComputer => {
                self.lobby.lobby_apply(ctx, t, LobbyOp::RemoveComputer).await
            }
            // A finished game's buttons work whenever pressed (the table no longer changes).
            TokenButton::Replay => {
                t.replayable()?;
                self.replays.replay_pressed(ctx, t).await
            }
            TokenButton::Export => {
                t.replayable()?;
                self.replays.export_table(t).await
            }
            TokenButton::Rematch => self.rematches.rematch(ctx, t, token.version).await,
            TokenButton::Refresh => {
                // Shown in place of the table's message (the options panel's "Done").
                let lang = self.core.table_lang(&t).await;
                let mut view = self.views.current_view(&t, lang).await;
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
            && let Some(thread) = self.core.thread_of(t).await?
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
        let lang = self.core.table_lang(&t).await;
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
        let mut view = self.views.board_view(t, lang, events, header).await;
        if self.core.table_board_mode(t).await == BoardMode::Edit {
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
        self.core.save(&mut next, Some(&action)).await?;
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
        let t = self.core.find(ctx, game, &TableStatus::OPEN).await?;
        // A typed command acts on the table as it is now: a computer's move or another
        // player's command stored first is no reason to refuse it as out of date.
        self.core.as_it_is_now(t, |t| self.depart_once(ctx, t, target.as_ref())).await
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
        let lang = self.core.table_lang(&t).await;
        if t.rec.status == TableStatus::Lobby {
            let mut t = t;
            if target.is_none() || t.rec.seats[usize::from(seat)].user == ctx.user {
                return self.lobby.lobby_apply(ctx, t, LobbyOp::Leave).await;
            }
            let name = t.kick_from_lobby(seat);
            self.core.save(&mut t, None).await?;
            let mut view = self.views.lobby_view(&t, lang);
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
        let t = self.core.find(ctx, game, &TableStatus::OPEN).await?;
        self.cancel_table(ctx, t).await
    }

    /// Cancels the table as it is now (read again if another change was stored first).
    async fn cancel_table(&self, ctx: &Ctx, t: Loaded) -> Result<Vec<View>, Fail> {
        self.core.as_it_is_now(t, |t| self.cancel_once(ctx, t)).await
    }

    async fn cancel_once(&self, ctx: &Ctx, mut t: Loaded) -> Result<Vec<View>, Fail> {
        let slot = t.cancel(actor(ctx))?;
        self.core.save(&mut t, None).await?;
        let lang = self.core.table_lang(&t).await;
        let text = self.i18n.text(
            lang,
            "table-cancelled",
            &[
                ("game", self.core.game_name(lang, t.kind).into()),
                ("name", ctx.name.clone().into()),
            ],
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
}

/// Shows a table message in place of its slot's message (see [`Place::InPlace`]).
fn in_place(view: &mut View) {
    if let Some(message) = view.table_message_mut() {
        message.place = Place::InPlace;
    }
}
