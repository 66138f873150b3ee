//! A cup's rounds: pairing one, opening its tables, closing its window, and the timer that
//! moves the cup on.

use super::Read;
use super::views::first_board_first;
use crate::engine::cup::{self};
use crate::game::fair::Seed;
use crate::ids::{ChatId, CupId, TableId};
use crate::store::{
    CupChange, CupGameRow, CupStatus, SeatRecord, StoreError, TableRecord, TableStatus,
};
use crate::table::fail::{Fail, ServiceError};
use crate::table::load::Loaded;
use crate::table::message::Kind;
use crate::table::{Cups, View};

impl Cups {
    /// Pairs round `round` of cup `c` and opens its tables, in one transaction guarded by the
    /// cup's version; then starts them. Returns what to post, each with its chat; nothing when
    /// another process paired the round first.
    pub(super) async fn open_round(
        &self,
        mut c: Read,
        round: u32,
    ) -> Result<Vec<(ChatId, View)>, Fail> {
        let now = self.clock.now_ms();
        // T8: twice forfeited, withdrawn.
        let mut withdraw = Vec::new();
        for (i, p) in c.rec.players.iter().enumerate() {
            if !p.withdrawn && c.unexcused(i) >= 2 {
                withdraw.push(p.seq);
                c.cup.entrants[i].withdrawn = true;
            }
        }
        let pairing = cup::pair_round(&c.cup, round);
        let mut tables = Vec::with_capacity(pairing.tables.len());
        for players in &pairing.tables {
            tables.push(self.cup_table(&c, players, now)?);
        }
        let mut games: Vec<(CupGameRow, Option<&TableRecord>)> = Vec::new();
        for (i, (players, table)) in pairing.tables.iter().zip(&tables).enumerate() {
            let row = CupGameRow {
                round: round as i32,
                board: i as i32 + 1,
                players: players.clone(),
                ..CupGameRow::default()
            };
            games.push((row, Some(table)));
        }
        for (j, &p) in pairing.byes.iter().enumerate() {
            let board = (pairing.tables.len() + j) as i32 + 1;
            let row = CupGameRow {
                round: round as i32,
                board,
                players: vec![p],
                ..CupGameRow::default()
            };
            games.push((row, None));
        }
        let mut next = c.rec.clone();
        let over = pairing.tables.is_empty();
        next.status = if over { CupStatus::Finished } else { CupStatus::Playing };
        next.round = if over { c.rec.round } else { round as i32 };
        next.round_ends = (!over).then_some(now + c.rec.window_ms);
        next.updated_ms = now;
        let change = CupChange {
            withdraw: &withdraw,
            games: if over { Vec::new() } else { games },
            ..CupChange::default()
        };
        match self.store.cups().update_cup(&next, &change).await {
            Ok(_) => {}
            Err(StoreError::CupConflict(_)) => {
                tracing::debug!(cup = c.rec.id.get(), round, "the round was paired elsewhere");
                return Ok(Vec::new());
            }
            Err(e) => return Err(e.into()),
        }
        let c = self.read_cup(c.rec.id).await?;
        let lang = self.cup_lang(&c.rec).await;
        let chat = c.rec.chat.clone();
        if over {
            return Ok(self
                .cup_end_views(&c, lang)
                .await
                .into_iter()
                .map(|v| (chat.clone(), v))
                .collect());
        }
        tracing::info!(cup = c.rec.id.get(), round, tables = tables.len(), "a cup round paired");
        let round = self.cup_round_view(&c, lang, &withdraw);
        let live = self.cup_live_view(&c, lang, None).await;
        let mut out = vec![(chat.clone(), round), (chat.clone(), live)];
        out.extend(self.start_cup_tables(&c).await.into_iter().map(|v| (chat.clone(), v)));
        Ok(out)
    }

    /// After a cup game ends: the cup's standings message, brought up to date.
    pub(in crate::table) async fn cup_standings_after(&self, t: &Loaded) -> Option<View> {
        let id = t.rec.cup?;
        let c = match self.read_cup(id).await {
            Ok(c) => c,
            Err(Fail::Internal(ServiceError::DamagedCup(cup, why))) => {
                self.core.note_damaged_cup(cup, &why);
                return None;
            }
            Err(Fail::Internal(e)) => {
                tracing::warn!(cup = id.get(), table = t.rec.id.get(), error = %e, "the cup did not read");
                return None;
            }
            Err(_) => return None,
        };
        let lang = self.cup_lang(&c.rec).await;
        Some(self.cup_live_view(&c, lang, None).await)
    }

    /// A new table for a cup game: the cup's chat, game, options and settings, its players in
    /// seat order, a new seed; a lobby until [`Cups::start_cup_tables`] starts it.
    fn cup_table(&self, c: &Read, players: &[usize], now: i64) -> Result<TableRecord, Fail> {
        let seed = Seed::generate().map_err(|e| {
            Fail::Internal(ServiceError::Internal(format!("no OS randomness: {e}")))
        })?;
        let seats = players
            .iter()
            .filter_map(|&p| c.rec.players.get(p))
            .map(|p| SeatRecord {
                user: p.user.clone(),
                name: p.name.clone(),
                ..SeatRecord::default()
            })
            .collect();
        Ok(TableRecord {
            chat: c.rec.chat.clone(),
            game: c.rec.game.name().to_owned(),
            options: c.rec.options.clone(),
            settings: c.rec.settings.clone(),
            seed: seed.as_bytes().to_vec(),
            commitment: seed.commitment_hex(),
            status: TableStatus::Lobby,
            shape: crate::table::load::SHAPE,
            host: c.rec.host.clone(),
            updated_ms: now,
            seats,
            ..TableRecord::default()
        })
    }

    /// Starts the current round's tables that are still lobbies; returns their boards.
    async fn start_cup_tables(&self, c: &Read) -> Vec<View> {
        let mut views = Vec::new();
        for g in c.rec.games.iter().filter(|g| g.round == c.rec.round) {
            let (Some(id), Some(TableStatus::Lobby)) = (g.table, g.table_status) else { continue };
            let started = async {
                let t = self.core.load(id).await?;
                let lang = self.core.table_lang(&t).await;
                self.lobby.begin(t, lang).await
            };
            match started.await {
                Ok(v) => views.extend(first_board_first(v)),
                Err(Fail::Internal(e)) => {
                    tracing::error!(cup = c.rec.id.get(), table = id.get(), error = %e, "a cup table did not start")
                }
                Err(_) => {
                    tracing::debug!(
                        cup = c.rec.id.get(),
                        table = id.get(),
                        "a cup table started elsewhere"
                    )
                }
            }
        }
        views
    }

    /// The cups' part of the timer: pairs the next round when one is over, and starts tables a
    /// stopped process left unstarted. Returns what to post, each with its chat, and the
    /// games of rounds whose window has passed (T7): the timer ends them as it ends any game
    /// (`Play::close_cup_table`), then asks again ([`Cups::cup_tick_of`]).
    pub(in crate::table) async fn cup_tick(&self) -> Result<CupTick, ServiceError> {
        let now = self.clock.now_ms();
        let mut tick = CupTick::default();
        for id in self.store.cups().cups_due(now).await? {
            self.cup_tick_into(id, now, &mut tick).await;
        }
        Ok(tick)
    }

    /// [`Cups::cup_tick`] for cup `id` alone: after the games of its closed round ended.
    pub(in crate::table) async fn cup_tick_of(&self, id: CupId) -> CupTick {
        let mut tick = CupTick::default();
        self.cup_tick_into(id, self.clock.now_ms(), &mut tick).await;
        tick
    }

    async fn cup_tick_into(&self, id: CupId, now: i64, tick: &mut CupTick) {
        match self.cup_due(id, now).await {
            Ok((views, closing)) => {
                tick.views.extend(views);
                tick.closing.extend(closing);
            }
            Err(Fail::Internal(ServiceError::DamagedCup(cup, why))) => {
                self.core.note_damaged_cup(cup, &why)
            }
            Err(Fail::Internal(e)) => {
                tracing::error!(cup = id.get(), error = %e, "the cup's timer failed")
            }
            Err(_) => tracing::debug!(cup = id.get(), "the cup's timer lost a race"),
        }
    }

    /// What the timer does for cup `id`: [`Cups::cup_advance`], and the standings
    /// message brought up to date when a stopped process left it behind the results.
    async fn cup_due(&self, id: CupId, now: i64) -> Result<(Vec<(ChatId, View)>, Closing), Fail> {
        let (mut out, closing) = self.cup_advance(id, now).await?;
        if closing.is_some() {
            return Ok((out, closing));
        }
        if out.iter().any(|(_, v)| matches!(v.kind, Kind::Standings(_))) {
            return Ok((out, None));
        }
        let c = self.read_cup(id).await?;
        let shown = matches!(c.rec.status, CupStatus::Playing | CupStatus::Finished);
        if shown && c.rec.standings_version < Self::standings_version(&c) {
            tracing::debug!(cup = id.get(), "the standings are behind: shown again");
            let lang = self.cup_lang(&c.rec).await;
            out.push((c.rec.chat.clone(), self.cup_live_view(&c, lang, None).await));
        }
        Ok((out, None))
    }

    /// The timer's step for a cup: begins it at its start time, starts tables a stopped
    /// process left unstarted, asks for the games of a round whose window passed to be ended,
    /// pairs the next round or ends the cup.
    async fn cup_advance(
        &self,
        id: CupId,
        now: i64,
    ) -> Result<(Vec<(ChatId, View)>, Closing), Fail> {
        let mut c = self.read_cup(id).await?;
        if c.rec.status == CupStatus::Signup && c.rec.starts_ms.is_some_and(|at| at <= now) {
            return Ok((self.cup_starts(c).await?, None));
        }
        if c.rec.status != CupStatus::Playing {
            return Ok((Vec::new(), None));
        }
        let chat = c.rec.chat.clone();
        let mut out: Vec<(ChatId, View)> = Vec::new();
        // Tables paired but not started (a process stopped in between).
        if c.open_games().any(|g| g.table_status == Some(TableStatus::Lobby)) {
            out.extend(self.start_cup_tables(&c).await.into_iter().map(|v| (chat.clone(), v)));
            c = self.read_cup(id).await?;
        }
        if c.open_games().next().is_some() {
            if c.rec.round_ends.is_none_or(|e| e > now) {
                return Ok((out, None));
            }
            // T7: the window closed; its unfinished games end as the timer ends a game.
            let tables = c.open_games().filter_map(|g| g.table).collect();
            return Ok((out, Some(CupClosing { cup: id, chat, tables })));
        }
        let last = c.rec.round >= c.rec.rounds;
        if last {
            let mut next = c.rec.clone();
            next.status = CupStatus::Finished;
            next.round_ends = None;
            next.updated_ms = now;
            match self.store.cups().update_cup(&next, &CupChange::default()).await {
                Ok(_) => {}
                Err(StoreError::CupConflict(_)) => return Ok((out, None)),
                Err(e) => return Err(e.into()),
            }
            tracing::info!(cup = id.get(), "a cup finished");
            let c = self.read_cup(id).await?;
            let lang = self.cup_lang(&c.rec).await;
            out.extend(self.cup_end_views(&c, lang).await.into_iter().map(|v| (chat.clone(), v)));
            return Ok((out, None));
        }
        let round = u32::try_from(c.rec.round).unwrap_or(0) + 1;
        out.extend(self.open_round(c, round).await?);
        Ok((out, None))
    }
}

/// What the cups' timer found ([`Cups::cup_tick`]).
#[derive(Default)]
pub(in crate::table) struct CupTick {
    /// What to post, each with its chat.
    pub(in crate::table) views: Vec<(ChatId, View)>,
    /// Rounds whose window closed with games still being played.
    pub(in crate::table) closing: Vec<CupClosing>,
}

/// A round whose window closed (T7): its unfinished games, to end as the timer ends a game.
pub(in crate::table) struct CupClosing {
    /// The cup.
    pub(in crate::table) cup: CupId,
    /// Its chat.
    pub(in crate::table) chat: ChatId,
    /// The tables of the games still being played.
    pub(in crate::table) tables: Vec<TableId>,
}

/// A round to close, if any.
type Closing = Option<CupClosing>;
