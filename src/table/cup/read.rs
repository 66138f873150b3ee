//! A stored cup as the engine's pairing and standings see it, checked once read: what its
//! typed rows say must agree with itself (issue 61), or the cup is refused as damaged.

use super::{MOST_ROUNDS, WINDOW_MS};
use crate::engine::cup::{Cup, CupGame, Entrant};
use crate::store::{CupGameRow, CupRecord, TableStatus};
use crate::table::Target;
use crate::table::fail::ServiceError;

/// A stored cup as the engine's pairing and standings see it.
pub(super) struct Read {
    pub(super) rec: CupRecord,
    pub(super) cup: Cup,
}

impl Read {
    /// A stored cup, checked as a table is ([`Loaded::read`]): the store read its rows typed
    /// (a game, format, pairing or result that does not read is its
    /// [`StoreError::BadCupRow`]); what they say must also agree (options or settings that do
    /// not read for the game, rounds out of range, a game naming a player the cup does not
    /// have, a rating that is no number, …). Damage is refused with the cup's own message and
    /// logged once, never shown with a stand-in (issue 61).
    pub(super) fn of(rec: CupRecord) -> Result<Read, ServiceError> {
        let damaged = |why: String| ServiceError::DamagedCup(rec.id, why);
        crate::table::load::checked_options(rec.game, &rec.options, &rec.settings)
            .map_err(damaged)?;
        // A round robin plays a round per opponent (up to 63); anything else at most 15.
        let most = (MOST_ROUNDS as usize).max(rec.players.len()) as i32;
        if !(1..=most).contains(&rec.rounds) || !(0..=rec.rounds).contains(&rec.round) {
            return Err(damaged(format!("round {} of {}", rec.round, rec.rounds)));
        }
        if !WINDOW_MS.contains(&rec.window_ms) {
            return Err(damaged(format!("a round's window of {} ms", rec.window_ms)));
        }
        if let Some(p) = rec.players.iter().find(|p| !p.rating.is_finite() || p.excused < 0) {
            return Err(damaged(format!(
                "player {} ({:?}): rating {}, {} excused",
                p.seq, p.name, p.rating, p.excused
            )));
        }
        let entrants = rec
            .players
            .iter()
            .map(|p| Entrant { rating: p.rating, withdrawn: p.withdrawn })
            .collect();
        let mut cup = Cup { format: rec.format, entrants, games: Vec::new(), byes: Vec::new() };
        for g in &rec.games {
            let at = || format!("round {} game {}", g.round, g.board);
            let players = g.players.clone();
            let unknown = players.iter().find(|&&p| p >= rec.players.len());
            if let Some(p) = unknown {
                return Err(damaged(format!("{}: player {p} of {}", at(), rec.players.len())));
            }
            let distinct: std::collections::BTreeSet<_> = players.iter().collect();
            let seats = if g.table.is_some() { 2..=usize::MAX } else { 1..=1 };
            if distinct.len() != players.len() || !seats.contains(&players.len()) {
                return Err(damaged(format!("{}: players {:?}", at(), g.players)));
            }
            if !(1..=rec.round).contains(&g.round) {
                return Err(damaged(format!("{} while the cup is at round {}", at(), rec.round)));
            }
            let round = u32::try_from(g.round).unwrap_or(0);
            if g.table.is_none() {
                cup.byes.extend(players.first().map(|&p| (round, p)));
                continue;
            }
            if g.result.as_ref().is_some_and(|r| r.len() != players.len()) {
                return Err(damaged(format!("{}: result {:?}", at(), g.result)));
            }
            cup.games.push(CupGame { round, players, result: g.result.clone() });
        }
        Ok(Read { rec, cup })
    }

    pub(super) fn name(&self, player: usize) -> String {
        self.rec.players.get(player).map_or_else(|| "?".to_owned(), |p| p.name.clone())
    }

    /// A player's forfeits in the cup that were not excused (T8, T9).
    pub(super) fn unexcused(&self, player: usize) -> usize {
        let excused = self.rec.players.get(player).map_or(0, |p| p.excused.max(0) as usize);
        self.cup.forfeits(player).saturating_sub(excused)
    }

    /// The player a command names: by id, or by name as signed up (case aside, `@` aside).
    pub(super) fn player(&self, who: &Target) -> Option<usize> {
        self.rec.players.iter().position(|p| match who {
            Target::User { id, .. } => p.user == *id,
            Target::Typed(_) => p.name.to_lowercase() == who.name().to_lowercase(),
        })
    }

    /// The games of the current round still being played.
    pub(super) fn open_games(&self) -> impl Iterator<Item = &CupGameRow> {
        self.rec.games.iter().filter(|g| {
            g.round == self.rec.round
                && matches!(g.table_status, Some(TableStatus::Lobby | TableStatus::Playing))
        })
    }
}
