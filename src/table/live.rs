//! The live board (issue 36): what a web page watching one table shows, the signed links that
//! open it, and a press made from it. The page's adapter (`src/live/`) serves the page; here
//! is everything that knows a table.
//!
//! A link names its table only under the bot's secret ([`LiveLink`]): watching needs a table's
//! link (on its board message), playing needs a player's own link, or a Telegram identity
//! that the adapter checked. A private table shows itself only to its players.

use serde::Serialize;

use super::i18n::Lang;
use super::load::Loaded;
use super::token::{LinkError, LiveLink, Token};
use super::{Ctx, ServiceError, View};
use crate::engine::{Legal, Seat};
use crate::ids::{TableId, UserId, Version};
use crate::store::{StoreError, TableStatus};

crate::table::handles::part! {
    /// The live board's page: links, state, presses.
    Live uses [core, store, i18n, key, clock]
    calls [views: crate::table::Views];
}

/// How long a link works: a game may last days, and every board posted carries a fresh one.
pub const LINK_DAYS: u64 = 14;

/// How many moves the page tells.
const MOVES: usize = 8;

/// A table as the live page shows it, in the viewer's language.
#[derive(Debug, Clone, Serialize)]
pub struct LiveState {
    /// The table's number.
    pub table: TableId,
    /// Its version: the page shows a newer one only.
    pub version: Version,
    /// The language of the words (`en`, `fa`, …), and whether it reads right to left.
    pub lang: &'static str,
    /// Right to left (Persian).
    pub rtl: bool,
    /// The game and table number.
    pub title: String,
    /// `lobby`, `playing`, `finished` or `cancelled`.
    pub status: &'static str,
    /// The status in words.
    pub status_text: String,
    /// The players in seat order.
    pub players: Vec<LivePlayer>,
    /// Milliseconds left for the player to move, if the table has a turn timer.
    pub time_left_ms: Option<i64>,
    /// The board message's text: what happened last and who acts now.
    pub text: String,
    /// The last moves in words, newest first (on a phone the newest is in view).
    pub moves: Vec<String>,
    /// The buttons the viewer may press (only a seated player's, or anyone's in a lobby they
    /// could join).
    pub buttons: Vec<Vec<LiveButton>>,
    /// The viewer's seat name, if they play here.
    pub me: Option<String>,
    /// The board picture (PNG): served at an address of its own.
    #[serde(skip)]
    pub image: Option<Vec<u8>>,
    /// The board picture in words (its `alt`), in the viewer's language.
    pub alt: Option<String>,
    /// Where everything is, in words, shown before the board: a text-first board's (a player
    /// at the table, or the viewer, asked with `/access on`; issue 48).
    pub places: Option<String>,
    /// Where everything is, in words, for a screen reader only (every board's, where
    /// `places` shows none): the page says it in its polite live region with the board's
    /// lines, so a new board's places are heard, not only its text (issue 61).
    pub spoken: Option<String>,
}

/// One seat as the page lists it.
#[derive(Debug, Clone, Serialize)]
pub struct LivePlayer {
    /// The name.
    pub name: String,
    /// Whose turn it is.
    pub turn: bool,
    /// The viewer.
    pub me: bool,
    /// Left the game (resigned, kicked, timed out).
    pub left: bool,
    /// A computer player.
    pub computer: bool,
}

/// A button on the page: its label and token (pressed through [`crate::table::Service::live_press`]).
#[derive(Debug, Clone, Serialize)]
pub struct LiveButton {
    /// The label.
    pub label: String,
    /// The token.
    pub token: String,
}

/// Why a live page shows no table.
#[derive(Debug, thiserror::Error)]
pub enum LiveError {
    /// The link is not one of ours, forged, or expired.
    #[error(transparent)]
    Link(#[from] LinkError),
    /// No such table (a link of ours to a table since deleted).
    #[error("no such table")]
    NoTable,
    /// A private table, and the viewer is not one of its players.
    #[error("a private table")]
    Private,
    /// A button of another table than the link's.
    #[error("a button of another table")]
    OtherTable,
    /// The store failed.
    #[error(transparent)]
    Internal(#[from] ServiceError),
}

impl LiveError {
    /// The message key that tells the viewer what is wrong.
    pub fn key(&self) -> &'static str {
        match self {
            LiveError::Link(LinkError::Expired) => "live-err-expired",
            LiveError::Link(_) | LiveError::OtherTable => "live-err-link",
            LiveError::NoTable => "live-err-no-table",
            LiveError::Private => "live-err-private",
            LiveError::Internal(_) => "err-internal",
        }
    }
}

/// A table's status as the page names it, and the key of its words.
fn live_status(status: TableStatus) -> (&'static str, &'static str) {
    match status {
        TableStatus::Lobby => ("lobby", "live-status-lobby"),
        TableStatus::Playing => ("playing", "live-status-playing"),
        TableStatus::Finished => ("finished", "live-status-finished"),
        TableStatus::Cancelled => ("cancelled", "live-status-cancelled"),
    }
}

/// The players in seat order as `viewer` sees them, `turn(seat, left)` saying whose turn it is.
fn live_players(
    t: &Loaded,
    viewer: Option<&UserId>,
    turn: impl Fn(usize, bool) -> bool,
) -> Vec<LivePlayer> {
    (t.rec.seats.iter().enumerate())
        .map(|(i, s)| LivePlayer {
            name: s.name.clone(),
            turn: turn(i, s.left),
            me: viewer == Some(&s.user),
            left: s.left,
            computer: s.user.is_computer(),
        })
        .collect()
}

/// Whose turn it is at a table being played: the seat to move, and whether everyone throws
/// a roll-off.
fn live_turn(t: &Loaded) -> (Option<Seat>, bool) {
    let to_move = match &t.game {
        Some(game) if t.rec.status == TableStatus::Playing => game.legal().to_move(),
        _ => None,
    };
    let roll_off = t.game.as_ref().is_some_and(|g| {
        t.rec.status == TableStatus::Playing && matches!(g.legal(), Legal::RollOff { .. })
    });
    (to_move, roll_off)
}

/// The buttons of `view` that `viewer` (`seated` at the table, or not) may press on the page.
fn live_buttons(
    t: &Loaded,
    view: &View,
    viewer: Option<&UserId>,
    seated: bool,
) -> Vec<Vec<LiveButton>> {
    let (to_move, roll_off) = live_turn(t);
    let lobby = t.rec.status == TableStatus::Lobby;
    // Buttons for those who may press them here: a seated player; in a lobby, anyone the
    // page knows (they may join).
    // While a game is played, only the player to move has anything to press (issue 46,
    // item 9): another's Roll would only be refused.
    let viewer_seat = viewer.and_then(|v| t.rec.seats.iter().position(|s| s.user == *v));
    let may_press = match to_move {
        Some(seat) if !roll_off => viewer_seat == Some(usize::from(seat)),
        _ => true,
    };
    if viewer.is_some() && (seated || lobby) && may_press { press_rows(view) } else { Vec::new() }
}

impl Live {
    fn now_s(&self) -> u64 {
        u64::try_from(self.clock.now_ms() / 1000).unwrap_or(0)
    }

    /// A link to watch `table` (or, with `user`, to play at it as that user), working for
    /// [`LINK_DAYS`].
    pub fn live_link(&self, table: TableId, user: Option<&UserId>) -> String {
        let link = LiveLink {
            table: table.to_token(),
            expires: self.now_s() + LINK_DAYS * 24 * 3600,
            user: user.cloned(),
        };
        link.encode(&self.key)
    }

    /// Reads a link (untrusted text): refused if not ours, forged or expired.
    pub fn read_live_link(&self, text: &str) -> Result<LiveLink, LiveError> {
        Ok(LiveLink::parse(text, &self.key, self.now_s())?)
    }

    async fn live_table(&self, table: u64) -> Result<Loaded, LiveError> {
        let id = TableId::from_token(table).ok_or(LiveError::NoTable)?;
        match self.core.load(id).await {
            Ok(t) => Ok(t),
            Err(ServiceError::Store(StoreError::NotFound(_))) => Err(LiveError::NoTable),
            Err(e) => Err(e.into()),
        }
    }

    /// The table a link names as `viewer` (`platform:id`, if the page knows who looks) sees
    /// it, in `lang`. A private table is refused to anyone not seated at it.
    pub async fn live_state(
        &self,
        link: &LiveLink,
        viewer: Option<&UserId>,
        lang: Lang,
    ) -> Result<LiveState, LiveError> {
        let t = self.live_table(link.table).await?;
        let seated = viewer.is_some_and(|v| t.rec.seats.iter().any(|s| s.user == *v));
        if t.settings.private && !seated {
            return Err(LiveError::Private);
        }
        let mut view = self.views.current_view(&t, lang).await;
        let names = t.names();
        let (to_move, roll_off) = live_turn(&t);
        let players = live_players(&t, viewer, |i, left| {
            to_move.is_some_and(|m| usize::from(m) == i) || (roll_off && !left)
        });
        let moves = self.live_moves(&t, lang, &names).await?;
        let buttons = live_buttons(&t, &view, viewer, seated);
        let (status, status_key) = live_status(t.rec.status);
        let time_left_ms = self.time_left_ms(&t);
        let image = view.take_image();
        let alt = view.alt();
        let places = self.live_places(&view, viewer.filter(|_| !seated)).await;
        let spoken = places.is_none().then(|| view.places()).flatten();
        Ok(LiveState {
            table: t.rec.id,
            version: t.rec.version,
            lang: lang.code(),
            rtl: lang == Lang::Fa,
            title: self.i18n.text(
                lang,
                "live-title",
                &[("game", self.core.game_name(lang, t.kind).into()), ("table", t.rec.id.into())],
            ),
            status,
            status_text: self.i18n.text(lang, status_key, &[]),
            players,
            time_left_ms,
            // A cancelled table's last message was its lobby's: the status says it all.
            text: if t.rec.status == TableStatus::Cancelled { String::new() } else { view.text },
            moves,
            buttons,
            me: viewer
                .and_then(|v| t.rec.seats.iter().find(|s| s.user == *v))
                .map(|s| s.name.clone()),
            image,
            alt,
            places,
            spoken,
        })
    }

    /// The time the player to move has left, at a table played on a timer.
    fn time_left_ms(&self, t: &Loaded) -> Option<i64> {
        match t.rec.deadline_ms {
            Some(at)
                if t.rec.status == TableStatus::Playing && t.settings.timer.millis().is_some() =>
            {
                Some((at - self.clock.now_ms()).max(0))
            }
            _ => None,
        }
    }

    /// The last moves in words, newest first (at most [`MOVES`]).
    async fn live_moves(
        &self,
        t: &Loaded,
        lang: Lang,
        names: &[String],
    ) -> Result<Vec<String>, LiveError> {
        let mut moves = Vec::new();
        if t.game.is_none() {
            return Ok(moves);
        }
        let (_, log) = self.core.replay(t).await?;
        for (_, events) in log.iter().rev() {
            let said: Vec<String> =
                events.iter().filter_map(|e| self.i18n.event(lang, e, names)).collect();
            if !said.is_empty() {
                moves.push(said.join(" "));
            }
            if moves.len() == MOVES {
                break;
            }
        }
        Ok(moves)
    }

    /// Where everything is, in words, to show above a text-first board: one a player at the
    /// table asked for, or the `watcher`'s own choice (`/access on`; a failed read only leaves
    /// the board picture-first).
    async fn live_places(&self, view: &View, watcher: Option<&UserId>) -> Option<String> {
        let asked = match watcher {
            Some(v) if view.alt().is_some() => self.store.access(v).await.unwrap_or(false),
            _ => false,
        };
        (view.text_first() || asked).then(|| view.places()).flatten()
    }

    /// The current version of each table (those that exist), in one query.
    pub async fn live_versions(
        &self,
        ids: &[TableId],
    ) -> Result<Vec<(TableId, Version)>, ServiceError> {
        Ok(self.store.versions(ids).await?)
    }

    /// Who presses, and where, for a press made on the live page of the table `link` names
    /// by `user` (`platform:id`, from a play link or a checked Telegram identity) called
    /// `name`: as if in the table's chat ([`crate::table::Service::live_press`] makes it).
    pub(super) async fn live_ctx(
        &self,
        link: &LiveLink,
        user: &UserId,
        name: &str,
        locale: Option<String>,
        token: &str,
    ) -> Result<Ctx, LiveError> {
        // A button of another table is refused here: a link to one table presses nothing else.
        if let Ok(pressed) = Token::parse(token, &self.key)
            && pressed.table_id().map(TableId::to_token) != Some(link.table)
        {
            return Err(LiveError::OtherTable);
        }
        let t = self.live_table(link.table).await?;
        let seat_name = t.rec.seats.iter().find(|s| s.user == *user).map(|s| s.name.clone());
        let ctx = Ctx {
            chat: t.rec.chat.clone(),
            user: user.clone(),
            name: seat_name.unwrap_or_else(|| super::clean_name(name)),
            locale,
            admin: false,
            chat_title: None,
        };
        Ok(ctx)
    }
}

impl Live {
    /// The private answer to a player (`ctx`: who pressed where) asking for their own link to
    /// play `table` from the page (Discord's board button): the link under `base`
    /// (`PUBLIC_URL`) if they are seated, else why not, in the reader's language: their own
    /// choice, else their platform's, else the chat's, else the table's.
    pub async fn live_play_text(&self, ctx: &Ctx, table: TableId, base: &str) -> String {
        let own = self.core.record_user(ctx).await;
        let t = match self.core.load(table).await {
            Ok(t) => Some(t),
            Err(e) => {
                tracing::warn!(table = table.get(), error = %e, "a live play link for a table that does not load");
                None
            }
        };
        let lang = self.core.reader_lang(own, ctx.locale.as_deref(), &ctx.chat, t.as_ref()).await;
        if t.is_none_or(|t| t.seat_of(&ctx.user).is_none()) {
            return self.i18n.text(lang, "err-not-seated", &[]);
        }
        let url = format!(
            "{}/live/{}",
            base.trim_end_matches('/'),
            self.live_link(table, Some(&ctx.user))
        );
        self.i18n.text(lang, "live-play-link", &[("code", url.into())])
    }
}

/// A board's buttons as the page shows them.
fn press_rows(view: &View) -> Vec<Vec<LiveButton>> {
    view.buttons()
        .iter()
        .map(|row| {
            row.iter()
                .map(|b| LiveButton { label: b.label.clone(), token: b.token.clone() })
                .collect()
        })
        .collect()
}
