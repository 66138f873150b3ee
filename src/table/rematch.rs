//! Rematch (issue 37): the 🔁 Rematch button under a finished game's final board.
//!
//! The first press opens a new table in the same chat with the same game, options and
//! settings: the presser sits first and hosts, the computers of the last game sit again, and
//! its other players (those who left it too) are invited by name (mentioned, listed in the
//! lobby).
//! An invited player takes their seat with Rematch or Join; once all of them sit, the game
//! starts by itself. The rematch is a lobby like any other (Start, Leave, Cancel, options).
//!
//! Every later press, by anyone of the last game, joins that same table: the store keeps one
//! rematch per finished table (`tables.rematch_of` is unique), so presses at once, in one
//! process or several, open exactly one table and seat every presser once.

use super::fail::{Fail, Refusal, say};
use super::load::Loaded;
use super::lobby::{LobbyOp, LobbyRefusal};
use super::{Ctx, View};
use crate::ids::{TableId, UserId};
use crate::store::{Rematch, SeatRecord, TableRecord, TableStatus};

crate::table::handles::part! {
    /// Another game with the same players.
    Rematches uses [core, store]
    calls [lobby: crate::table::Lobby, views: crate::table::Views];
}

impl Loaded {
    /// The invited players of a rematch lobby who have no seat yet.
    pub(super) fn awaited(&self) -> Vec<&SeatRecord> {
        self.invited.iter().filter(|s| self.seat_of(&s.user).is_none()).collect()
    }

    /// Whether a rematch lobby has everyone it invited seated, and enough players to start.
    pub(super) fn rematch_complete(&self) -> bool {
        self.rec.rematch_of.is_some()
            && !self.invited.is_empty()
            && self.awaited().is_empty()
            && self.rec.seats.len() >= *self.kind.players().start()
    }

    /// A rematch keeps its free seats for the players it invited: someone else may join only
    /// while a seat is left over for each invited player not yet seated.
    pub(super) fn seat_kept_for_invited(&self, user: &UserId) -> Result<(), LobbyRefusal> {
        let awaited = self.awaited();
        if awaited.is_empty() || awaited.iter().any(|s| s.user == *user) {
            return Ok(());
        }
        if self.rec.seats.len() + awaited.len() >= *self.kind.players().end() {
            return Err(LobbyRefusal::say(Refusal::RematchReserved));
        }
        Ok(())
    }
}

impl Rematches {
    /// A press of 🔁 Rematch on finished table `t`, whose token was drawn at `version`.
    pub(super) async fn rematch(
        &self,
        ctx: &Ctx,
        t: Loaded,
        version: u64,
    ) -> Result<Vec<View>, Fail> {
        // Only a finished game's button, as drawn under its final board, opens a rematch.
        if t.rec.status != TableStatus::Finished || t.rec.version.to_token() != version {
            tracing::info!(table = t.rec.id.get(), user = %ctx.user, "a stale Rematch button");
            return Err(say(Refusal::RematchStale));
        }
        let of = t.rec.id;
        if !t.rec.seats.iter().any(|s| s.user == ctx.user) {
            return Err(Fail::Say(Refusal::RematchPlayers, vec![("table", of.into())]));
        }
        let id = match self.store.rematch(of).await? {
            Some(id) => id,
            None => match self.store.open_rematch(&self.rematch_record(ctx, &t)?, of).await? {
                Rematch::Opened(id) => {
                    tracing::info!(table = of.get(), rematch = id.get(), user = %ctx.user, "a rematch opened");
                    return self.rematch_opened(id).await;
                }
                Rematch::Exists(id) => id,
            },
        };
        self.join_rematch(ctx, id).await
    }

    /// The new table: `t`'s chat, game, options and settings, a new seed, the presser as its
    /// host in the first seat and `t`'s computers after them.
    fn rematch_record(&self, ctx: &Ctx, t: &Loaded) -> Result<TableRecord, Fail> {
        let computers = t.rec.seats.iter().filter(|s| s.user.is_computer() && !s.left).map(|s| {
            SeatRecord { user: s.user.clone(), name: s.name.clone(), ..SeatRecord::default() }
        });
        let (chat, game) = (&t.rec.chat, &t.rec.game);
        let options = t.rec.options.clone();
        self.lobby.lobby_record(
            ctx,
            chat,
            game,
            options,
            &t.settings,
            computers.collect(),
            t.rec.id,
        )
    }

    /// What the press that opened rematch `id` shows: its lobby, a new message; or, when
    /// nobody else is invited (one person against computers), the game at once.
    async fn rematch_opened(&self, id: TableId) -> Result<Vec<View>, Fail> {
        let t = self.core.load(id).await?;
        let lang = self.core.table_lang(&t).await;
        if t.rematch_complete() {
            return self.lobby.begin(t, lang).await;
        }
        Ok(vec![self.views.lobby_view(&t, lang)])
    }

    /// A press after the rematch was opened: a seat at it, while it is a lobby.
    async fn join_rematch(&self, ctx: &Ctx, id: TableId) -> Result<Vec<View>, Fail> {
        let t = self.core.load(id).await?;
        // Seated at a rematch that has begun: say so, with its number (issue 46, item 15).
        let started = || Fail::Say(Refusal::RematchStarted, vec![("table", id.into())]);
        if t.seat_of(&ctx.user).is_some() {
            return Err(if t.rec.status == TableStatus::Lobby {
                say(Refusal::AlreadySeated)
            } else {
                started()
            });
        }
        let over = || Fail::Say(Refusal::RematchOver, vec![("table", id.into())]);
        if t.rec.status != TableStatus::Lobby {
            return Err(over());
        }
        match self.lobby.lobby_apply(ctx, t, LobbyOp::Join).await {
            // Started or closed while this press was on its way: by this presser's own earlier
            // press (a double tap that seated them and started the game), or without them.
            Err(Fail::Say(Refusal::Started | Refusal::GameOver, _)) => {
                let t = self.core.load(id).await?;
                Err(if t.seat_of(&ctx.user).is_some() { started() } else { over() })
            }
            done => done,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{GameKind, Options};
    use crate::game::fair::Seed;
    use crate::table::lobby::{Actor, Outcome};
    use crate::table::words::Settings;

    fn seat(user: &str) -> SeatRecord {
        SeatRecord { user: user.into(), name: user.to_uppercase(), ..SeatRecord::default() }
    }

    /// A rematch lobby of `kind` with `seated` at it, inviting `invited`.
    fn rematch(kind: GameKind, seated: &[&str], invited: &[&str]) -> Loaded {
        let rec = TableRecord {
            id: TableId::new(2),
            host: seated[0].into(),
            seats: seated.iter().map(|u| seat(u)).collect(),
            rematch_of: Some(TableId::new(1)),
            ..TableRecord::default()
        };
        let mut t = Loaded::new(
            rec,
            kind,
            Options::default_for(kind),
            Settings::default(),
            Seed::from_u64(1),
        );
        t.invited = invited.iter().map(|u| seat(u)).collect();
        t
    }

    fn who(user: &str) -> Actor<'_> {
        Actor { user: user.into(), name: user, admin: false }
    }

    #[test]
    fn the_last_invited_player_to_sit_starts_the_rematch() {
        let mut t = rematch(GameKind::Ludo, &["ana", "computer:normal:1"], &["ana", "ben", "cy"]);
        assert_eq!(t.awaited().len(), 2);
        assert!(!t.rematch_complete());
        assert!(matches!(t.join(who("ben")), Ok(Outcome::Changed(_))), "Cy is still awaited");
        assert_eq!(t.join(who("cy")), Ok(Outcome::Starts), "everyone invited sits");
        // An ordinary lobby waits for Start, however many sit.
        let mut plain = rematch(GameKind::Ludo, &["ana"], &[]);
        plain.rec.rematch_of = None;
        assert!(matches!(plain.join(who("ben")), Ok(Outcome::Changed(_))));
        assert!(!plain.rematch_complete());
        // Invited alone is not enough: a game needs its players (Ana left the others).
        let t = rematch(GameKind::Snakes, &["ana"], &["ana"]);
        assert!(!t.rematch_complete(), "one person cannot play Snakes alone");
    }

    #[test]
    fn a_rematch_keeps_a_seat_for_each_invited_player_not_yet_seated() {
        // Nardy has two seats: Ana's and Ben's, whom she invited.
        let mut t = rematch(GameKind::Nardy, &["ana"], &["ana", "ben"]);
        let kept = t.join(who("eve"));
        assert_eq!(kept.map_err(|r| r.key), Err(Refusal::RematchReserved));
        assert_eq!(t.rec.seats.len(), 1, "a refusal changes nothing");
        assert_eq!(t.join(who("ben")), Ok(Outcome::Starts));
        // Snakes has six: two invited and waited for, so others may take the three left over.
        let mut t = rematch(GameKind::Snakes, &["ana"], &["ana", "ben", "cy"]);
        for other in ["d", "e", "f"] {
            assert!(matches!(t.join(who(other)), Ok(Outcome::Changed(_))), "{other}");
        }
        assert_eq!(t.join(who("g")).map_err(|r| r.key), Err(Refusal::RematchReserved));
        assert!(matches!(t.join(who("ben")), Ok(Outcome::Changed(_))));
        assert_eq!(t.join(who("cy")), Ok(Outcome::Starts), "the table is full");
    }
}
