//! The lobby. Its rules are pure methods on a loaded table (who may join, leave, start, change
//! the options), each returning what happened or a [`LobbyRefusal`] naming the message to show, and
//! unit-tested without a database. The service's lobby operations (create, invite, join, …) below
//! them only read the table, apply a rule, and store and show what it decided.

use super::fail::{Fail, Refusal, ServiceError, say};
use super::i18n::{Arg, Lang};
use super::load::{Loaded, SHAPE};
use super::words::{self, Settings, WordError};
use super::{Ctx, Kind, Place, Slot, TableMessage, Target, View};
use crate::engine::computer::Level;
use crate::engine::{GameKind, Seat};
use crate::game::fair::Seed;
use crate::game::setup;
use crate::ids::{ChatId, Platform, TableId, UserId};
use crate::store::{SeatRecord, StoreError, TableRecord, TableStatus};

crate::table::handles::part! {
    /// Opening a table, joining, leaving, options and starting.
    Lobby uses [core, store, i18n, key, clock]
    calls [views: crate::table::Views];
}

/// Why a lobby rule refused: the message key and its arguments, said privately to who asked.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct LobbyRefusal {
    /// What it says.
    pub(super) key: Refusal,
    /// Its arguments.
    pub(super) args: Vec<(&'static str, Arg)>,
}

impl LobbyRefusal {
    pub(super) fn say(key: Refusal) -> Self {
        Self { key, args: Vec::new() }
    }
}

impl From<LobbyRefusal> for Fail {
    fn from(r: LobbyRefusal) -> Self {
        Fail::Say(r.key, r.args)
    }
}

/// What a lobby rule did to the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Outcome {
    /// The lobby changed; say `note` (a message key about `name`) above it, if any.
    Changed(Option<(&'static str, String)>),
    /// The last player left: the table is cancelled.
    Emptied,
    /// The game begins: the host started it, or a join filled the table.
    Starts,
    /// The host asked for the options panel: show it; nothing changed.
    ShowPanel,
    /// An option changed from the panel: show the panel again.
    PanelChanged,
}

/// Who acts in the lobby.
#[derive(Debug, Clone)]
pub(super) struct Actor<'a> {
    /// The user.
    pub(super) user: UserId,
    /// Their display name.
    pub(super) name: &'a str,
    /// A chat admin (may start any lobby).
    pub(super) admin: bool,
}

/// Who acts, as the lobby's rules see them.
pub(super) fn actor(ctx: &Ctx) -> Actor<'_> {
    Actor { user: ctx.user.clone(), name: &ctx.name, admin: ctx.admin }
}

impl Loaded {
    /// Cancels an open table (a lobby or a game): only its host or a chat admin may. Returns
    /// the slot of the message that showed it.
    pub(super) fn cancel(&mut self, who: Actor<'_>) -> Result<Slot, LobbyRefusal> {
        if !TableStatus::OPEN.contains(&self.rec.status) {
            return Err(LobbyRefusal::say(Refusal::GameOver));
        }
        if self.rec.host != who.user && !who.admin {
            return Err(LobbyRefusal::say(Refusal::HostOnly));
        }
        let slot = self.slot();
        self.rec.status = TableStatus::Cancelled;
        Ok(slot)
    }

    /// The seat that leaves: the actor's own (a resignation), or `target`'s (a kick, which only
    /// the host or a chat admin may ask for) found by seat number, user id or name.
    pub(super) fn departing(
        &self,
        who: Actor<'_>,
        target: Option<&Target>,
    ) -> Result<Seat, LobbyRefusal> {
        let Some(target) = target else {
            return self.seat_of(&who.user).ok_or_else(|| LobbyRefusal::say(Refusal::NotSeated));
        };
        if self.rec.host != who.user && !who.admin {
            return Err(LobbyRefusal::say(Refusal::HostOnly));
        }
        let seat = match target {
            Target::Typed(words) => self.find_seat(words),
            Target::User { id, .. } => {
                self.seat_of(id).filter(|&i| !self.rec.seats[usize::from(i)].left)
            }
        };
        seat.ok_or_else(|| LobbyRefusal {
            key: Refusal::NoSuchPlayer,
            args: vec![("name", target.name().to_owned().into())],
        })
    }

    /// Takes a kicked player's seat in a lobby; the host, if it was theirs, passes to the first
    /// seat left. Returns their name.
    pub(super) fn kick_from_lobby(&mut self, seat: Seat) -> String {
        let gone = self.rec.seats.remove(usize::from(seat));
        if self.rec.host == gone.user {
            let human = self.rec.seats.iter().find(|s| !s.user.is_computer());
            self.rec.host = human.map(|s| s.user.clone()).unwrap_or_default();
        }
        gone.name
    }

    /// A seat by number (1…), user id, or display name (any case), among players still in.
    fn find_seat(&self, who: &str) -> Option<Seat> {
        let who = who.trim().trim_start_matches('@');
        let seats = &self.rec.seats;
        let active = |i: &usize| !seats[*i].left;
        if let Ok(n) = who.parse::<usize>()
            && (1..=seats.len()).contains(&n)
            && active(&(n - 1))
        {
            return Some((n - 1) as Seat);
        }
        let all = 0..seats.len();
        all.clone()
            .filter(active)
            .find(|&i| seats[i].user == who)
            .or_else(|| {
                all.filter(active).find(|&i| seats[i].name.to_lowercase() == who.to_lowercase())
            })
            .map(|i| i as Seat)
    }

    /// Seats computers as the option words asked (`settings.bots`, then forgotten): `n` in
    /// all (`u8::MAX`: every free seat), taking the last ones out if there are more. Their
    /// level is the table's (`settings.level`); `name` names the `k`th computer.
    fn seat_computers(
        &mut self,
        name: &dyn Fn(usize, Level) -> String,
    ) -> Result<(), LobbyRefusal> {
        let Some(wanted) = self.settings.bots.take() else { return Ok(()) };
        let max = *self.kind.players().end();
        let humans = self.rec.seats.iter().filter(|s| !s.user.is_computer()).count();
        let free = max.saturating_sub(humans);
        let wanted = if wanted == u8::MAX { free } else { usize::from(wanted) };
        if wanted > free {
            return Err(LobbyRefusal {
                key: Refusal::Bots,
                args: vec![("max", Arg::Number(free as i64))],
            });
        }
        while self.computers() > wanted {
            self.drop_computer();
        }
        while self.computers() < wanted {
            self.push_computer(name);
        }
        Ok(())
    }

    /// How many computers sit at the table.
    pub(super) fn computers(&self) -> usize {
        self.rec.seats.iter().filter(|s| s.user.is_computer()).count()
    }

    fn push_computer(&mut self, name: &dyn Fn(usize, Level) -> String) {
        let level = self.settings.level;
        let taken = |k: usize| {
            self.rec.seats.iter().any(|s| s.user.as_computer().is_some_and(|(_, n)| n == k))
        };
        let k = (1..).find(|k| !taken(*k)).unwrap_or(1);
        self.rec.seats.push(SeatRecord {
            user: UserId::computer(level, k),
            name: name(k, level),
            ..Default::default()
        });
    }

    fn drop_computer(&mut self) -> Option<String> {
        let last = self.rec.seats.iter().rposition(|s| s.user.is_computer())?;
        Some(self.rec.seats.remove(last).name)
    }

    /// Seats a computer at the table's level (host only); a computer that fills the table
    /// starts it, as a join does.
    fn add_computer(
        &mut self,
        who: Actor<'_>,
        name: &dyn Fn(usize, Level) -> String,
    ) -> Result<Outcome, LobbyRefusal> {
        self.host_only(who)?;
        if self.rec.seats.len() >= *self.kind.players().end() {
            return Err(LobbyRefusal::say(Refusal::TableFull));
        }
        self.push_computer(name);
        if self.rec.seats.len() >= *self.kind.players().end() {
            return Ok(Outcome::Starts);
        }
        let added = self.rec.seats.last().map(|s| s.name.clone()).unwrap_or_default();
        Ok(Outcome::Changed(Some(("lobby-joined", added))))
    }

    /// Takes the last computer out of the lobby (host only).
    fn remove_computer(&mut self, who: Actor<'_>) -> Result<Outcome, LobbyRefusal> {
        self.host_only(who)?;
        let gone = self.drop_computer().ok_or_else(|| LobbyRefusal::say(Refusal::NoComputer))?;
        Ok(Outcome::Changed(Some(("lobby-left", gone))))
    }

    /// Whether the table is still a lobby: a started or ended table takes no lobby operation.
    fn still_lobby(&self) -> Result<(), LobbyRefusal> {
        match self.rec.status {
            TableStatus::Lobby => Ok(()),
            TableStatus::Playing => Err(LobbyRefusal::say(Refusal::Started)),
            TableStatus::Finished | TableStatus::Cancelled => {
                Err(LobbyRefusal::say(Refusal::GameOver))
            }
        }
    }

    /// Seats `who`; a join that fills the table (or seats a rematch's last invited player)
    /// starts it.
    pub(super) fn join(&mut self, who: Actor<'_>) -> Result<Outcome, LobbyRefusal> {
        self.still_lobby()?;
        if self.seat_of(&who.user).is_some() {
            return Err(LobbyRefusal::say(Refusal::AlreadySeated));
        }
        if self.rec.seats.len() >= *self.kind.players().end() {
            return Err(LobbyRefusal::say(Refusal::TableFull));
        }
        self.seat_kept_for_invited(&who.user)?;
        self.rec.seats.push(SeatRecord {
            user: who.user.clone(),
            name: who.name.to_owned(),
            ..Default::default()
        });
        // A rematch starts by itself once everyone it invited sits (see `table::rematch`).
        if self.rec.seats.len() >= *self.kind.players().end() || self.rematch_complete() {
            return Ok(Outcome::Starts);
        }
        Ok(Outcome::Changed(Some(("lobby-joined", who.name.to_owned()))))
    }

    /// Unseats `who`; the host's leaving hands the lobby to the next seat, the last one's
    /// cancels the table.
    fn leave(&mut self, who: Actor<'_>) -> Result<Outcome, LobbyRefusal> {
        self.still_lobby()?;
        let seat = self.seat_of(&who.user).ok_or_else(|| LobbyRefusal::say(Refusal::NotSeated))?;
        self.rec.seats.remove(usize::from(seat));
        // Computers do not keep a table open: the last person leaving cancels it.
        let Some(first) = self.rec.seats.iter().find(|s| !s.user.is_computer()) else {
            self.rec.status = TableStatus::Cancelled;
            return Ok(Outcome::Emptied);
        };
        if self.rec.host == who.user {
            self.rec.host = first.user.clone();
        }
        Ok(Outcome::Changed(Some(("lobby-left", who.name.to_owned()))))
    }

    /// Starts the game: the host or an admin, with enough players seated.
    fn start(&self, who: Actor<'_>) -> Result<Outcome, LobbyRefusal> {
        self.still_lobby()?;
        if self.rec.host != who.user && !who.admin {
            return Err(LobbyRefusal::say(Refusal::HostOnly));
        }
        let min = *self.kind.players().start();
        if self.rec.seats.len() < min {
            return Err(LobbyRefusal {
                key: Refusal::TooFew,
                args: vec![("min", Arg::Number(min as i64))],
            });
        }
        Ok(Outcome::Starts)
    }

    /// Applies option words (host only); `threads`: the chat's platform has threads.
    fn set_options(
        &mut self,
        who: Actor<'_>,
        words: &[String],
        threads: bool,
        name: &dyn Fn(usize, Level) -> String,
    ) -> Result<Outcome, LobbyRefusal> {
        self.host_only(who)?;
        let (options, settings) =
            words::apply(self.kind, Some(&self.options), self.settings, words, threads)
                .map_err(|e| word_refusal(threads, self.kind, e))?;
        self.options = options;
        self.settings = settings;
        // Computers asked for that fill the table start it, as a join that fills it does.
        let asked = self.settings.bots.is_some();
        self.seat_computers(name)?;
        if asked && self.computers() > 0 && self.rec.seats.len() >= *self.kind.players().end() {
            return Ok(Outcome::Starts);
        }
        Ok(Outcome::Changed(None))
    }

    /// Shows the options panel (host only).
    fn panel(&self, who: Actor<'_>) -> Result<Outcome, LobbyRefusal> {
        self.host_only(who)?;
        Ok(Outcome::ShowPanel)
    }

    /// Steps option `k` of the panel to its next value (host only); a `k` the panel does not
    /// have is a forged button.
    fn cycle(&mut self, who: Actor<'_>, k: usize) -> Result<Outcome, LobbyRefusal> {
        self.host_only(who)?;
        let (options, settings) = words::cycle(self.kind, &self.options, self.settings, k)
            .ok_or_else(|| LobbyRefusal::say(Refusal::Forged))?;
        self.options = options;
        self.settings = settings;
        Ok(Outcome::PanelChanged)
    }

    /// The lobby's settings (options, computers, the panel) are the host's, or a chat admin's
    /// (as `err-host-only` says; everyone at the playground is its admin).
    fn host_only(&self, who: Actor<'_>) -> Result<(), LobbyRefusal> {
        self.still_lobby()?;
        if self.rec.host == who.user || who.admin {
            Ok(())
        } else {
            Err(LobbyRefusal::say(Refusal::HostOnly))
        }
    }
}

impl Lobby {
    /// A new lobby's record in `chat`: `game` with `options` (as stored) and `settings`, a new
    /// seed, the presser as host in the first seat and `others` after them. `table` names the
    /// table an error is about (0: none yet).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn lobby_record(
        &self,
        ctx: &Ctx,
        chat: &ChatId,
        game: &str,
        options: String,
        settings: &Settings,
        others: Vec<SeatRecord>,
        table: TableId,
    ) -> Result<TableRecord, Fail> {
        let damaged = |e: String| Fail::Internal(ServiceError::Damaged(table, e));
        let seed = Seed::generate().map_err(|e| damaged(format!("no OS randomness: {e}")))?;
        let presser =
            SeatRecord { user: ctx.user.clone(), name: ctx.name.clone(), ..SeatRecord::default() };
        Ok(TableRecord {
            chat: chat.clone(),
            game: game.into(),
            options,
            settings: serde_json::to_string(settings).map_err(|e| damaged(e.to_string()))?,
            seed: seed.as_bytes().to_vec(),
            commitment: seed.commitment_hex(),
            status: TableStatus::Lobby,
            shape: SHAPE,
            host: ctx.user.clone(),
            updated_ms: self.clock.now_ms(),
            seats: std::iter::once(presser).chain(others).collect(),
            ..TableRecord::default()
        })
    }

    /// Opens a lobby of `game` in the presser's chat with the options and settings `words` ask for.
    pub(super) async fn create(
        &self,
        ctx: &Ctx,
        game: GameKind,
        words: &[String],
    ) -> Result<Vec<View>, Fail> {
        let creator =
            Settings { lang: Some(self.core.user_lang(ctx).await), ..Settings::default() };
        let threads = has_threads(ctx);
        let (options, settings) = words::apply(game, None, creator, words, threads)
            .map_err(|e| word_refusal(threads, game, e))?;
        // Computers asked for are seated once the lobby exists; too many is said now.
        let bots = settings.bots;
        let free = game.players().end() - 1;
        if let Some(n) = bots.filter(|n| *n != u8::MAX && usize::from(*n) > free) {
            tracing::debug!(asked = n, free, "too many computers");
            return Err(Fail::Say(Refusal::Bots, vec![("max", Arg::Number(free as i64))]));
        }
        let options = serde_json::to_string(&options)
            .map_err(|e| Fail::Internal(ServiceError::Internal(e.to_string())))?;
        let rec = self.lobby_record(
            ctx,
            &ctx.chat,
            game.name(),
            options,
            &settings,
            vec![],
            TableId::default(),
        )?;
        let id = match self.store.create_table(&rec).await {
            Ok(id) => id,
            Err(StoreError::LobbyExists) => {
                // Show the lobby that exists, so joining is one tap away.
                let t = self.core.find(ctx, Some(game), &[TableStatus::Lobby]).await?;
                let lang = self.core.table_lang(&t).await;
                let mut view = self.views.lobby_view(&t, lang);
                // Its host asked again (`/snakes bot` twice): what is left is to start it.
                let host = t.rec.seats.first().is_some_and(|s| s.user == ctx.user);
                let said = if host {
                    let table = [("table", t.rec.id.into())];
                    self.core.text_for(ctx, lang, "err-lobby-start", &table)
                } else {
                    self.core.text_for(ctx, lang, "err-lobby-exists", &[])
                };
                view.text = format!("{said}\n\n{}", view.text);
                return Ok(vec![view]);
            }
            Err(e) => return Err(e.into()),
        };
        let mut t = self.core.load(id).await?;
        let lang = self.core.table_lang(&t).await;
        if bots.is_some() {
            t.settings.bots = bots;
            t.seat_computers(&|k, level| self.computer_name(lang, k, level))?;
            if t.computers() > 0 && t.rec.seats.len() >= *game.players().end() {
                // `/nardy bot`: the table is full, the game begins.
                return self.begin(t, lang).await;
            }
            self.core.save(&mut t, None).await?;
        }
        Ok(vec![self.views.lobby_view(&t, lang)])
    }

    /// A computer's name at a table: "🤖 Computer 2 (hard)", in the table's language. A name is
    /// data (stored with the seat, written into the game's record): without the isolation marks
    /// Fluent puts around its arguments.
    pub(super) fn computer_name(&self, lang: Lang, k: usize, level: Level) -> String {
        let level = self.i18n.text(lang, &format!("level-{}", level.word()), &[]);
        crate::game::replay::unmarked(&self.i18n.text(
            lang,
            "computer-name",
            &[("number", Arg::Number(k as i64)), ("level", level.into())],
        ))
    }

    /// Joins the private table an invite code names.
    pub(super) async fn invite(&self, ctx: &Ctx, code: &str) -> Result<Vec<View>, Fail> {
        let id = super::token::parse_invite(code, &self.key)
            .and_then(TableId::from_token)
            .ok_or_else(|| say(Refusal::BadInvite))?;
        let t = match self.core.load(id).await {
            Ok(t) => t,
            Err(ServiceError::Store(StoreError::NotFound(_))) => {
                return Err(say(Refusal::BadInvite));
            }
            Err(e) => return Err(e.into()),
        };
        self.lobby_apply(ctx, t, LobbyOp::Join).await
    }

    pub(super) async fn lobby_op(
        &self,
        ctx: &Ctx,
        game: super::Pick,
        op: LobbyOp,
    ) -> Result<Vec<View>, Fail> {
        let t = self.core.find(ctx, game, &[TableStatus::Lobby]).await?;
        self.lobby_apply(ctx, t, op).await
    }

    /// Applies a lobby operation to the lobby as it is now (two people joining at once, a double
    /// tap on Add computer: see `Core::as_it_is_now`).
    pub(super) async fn lobby_apply(
        &self,
        ctx: &Ctx,
        t: Loaded,
        op: LobbyOp,
    ) -> Result<Vec<View>, Fail> {
        self.core.as_it_is_now(t, |t| self.lobby_apply_once(ctx, t, op.clone())).await
    }

    async fn lobby_apply_once(
        &self,
        ctx: &Ctx,
        mut t: Loaded,
        op: LobbyOp,
    ) -> Result<Vec<View>, Fail> {
        let who = actor(ctx);
        let lang = self.core.table_lang(&t).await;
        let name = |k: usize, level: Level| self.computer_name(lang, k, level);
        let outcome = match op {
            LobbyOp::Join => t.join(who),
            LobbyOp::Leave => t.leave(who),
            LobbyOp::Start => t.start(who),
            LobbyOp::Options(words) => t.set_options(who, &words, has_threads(ctx), &name),
            LobbyOp::Panel => t.panel(who),
            LobbyOp::Cycle(k) => t.cycle(who, k),
            LobbyOp::AddComputer => t.add_computer(who, &name),
            LobbyOp::RemoveComputer => t.remove_computer(who),
        }?;
        let mut view = match outcome {
            Outcome::Starts => return self.begin(t, lang).await,
            Outcome::Emptied => {
                self.core.save(&mut t, None).await?;
                return Ok(vec![self.emptied_view(&t, ctx, lang).await?]);
            }
            Outcome::ShowPanel => self.views.options_panel(&t, lang),
            Outcome::PanelChanged => {
                self.core.save(&mut t, None).await?;
                let mut view = self.views.options_panel(&t, lang);
                if t.settings.private {
                    see_it(&mut view, ctx);
                }
                view
            }
            Outcome::Changed(note) => {
                self.core.save(&mut t, None).await?;
                let mut view = self.views.lobby_view(&t, lang);
                if let Some((key, name)) = note {
                    let said = self.i18n.text(lang, key, &[("name", name.into())]);
                    view.text = format!("{said}\n{}", view.text);
                }
                if t.settings.private {
                    // Who just left still sees that they did.
                    see_it(&mut view, ctx);
                }
                view
            }
        };
        if let Some(message) = view.table_message_mut() {
            message.place = Place::InPlace;
        }
        Ok(vec![view])
    }

    /// The lobby's last word when its last player left.
    async fn emptied_view(&self, t: &Loaded, ctx: &Ctx, lang: Lang) -> Result<View, Fail> {
        let audience = if t.settings.private { vec![ctx.user.clone()] } else { Vec::new() };
        let text = self.i18n.text(
            lang,
            "lobby-empty",
            &[("game", self.core.game_name(lang, t.kind).into())],
        );
        let message = TableMessage {
            audience,
            place: Place::InPlace,
            ..TableMessage::new(t.rec.id, Slot::Lobby, t.rec.version)
        };
        Ok(View::new(Some(lang), text, Kind::Table(message)))
    }

    pub(super) async fn begin(&self, mut t: Loaded, lang: Lang) -> Result<Vec<View>, Fail> {
        let game =
            setup::new_game_by(t.settings.boards, &t.options, t.rec.seats.len(), &t.seed(), 0)
                .map_err(|e| word_refusal(false, t.kind, WordError::Option(e)))?;
        t.game = Some(game);
        t.rec.status = TableStatus::Playing;
        self.core.save(&mut t, None).await?;
        let text = self.i18n.text(
            lang,
            "lobby-started",
            &[
                ("game", self.core.game_name(lang, t.kind).into()),
                ("players", super::shown_names(lang, &t.names()).into()),
                ("commitment", t.rec.commitment.clone().into()),
            ],
        );
        let started = TableMessage {
            place: Place::InPlace,
            ..TableMessage::new(t.rec.id, Slot::Lobby, t.rec.version)
        };
        let started = View::new(Some(lang), text, Kind::Table(started));
        let board = self.views.board_view(&t, lang, &[], Vec::new()).await;
        Ok(vec![started, board])
    }
}

/// What a lobby operation does.
#[derive(Clone)]
pub(super) enum LobbyOp {
    Join,
    Leave,
    Start,
    Options(Vec<String>),
    /// Show the options as buttons (host).
    Panel,
    /// Step option `k` of the panel to its next value (host).
    Cycle(usize),
    /// Seat a computer (host).
    AddComputer,
    /// Take the last computer out (host).
    RemoveComputer,
}

/// Whether the chat's platform has threads (Discord): elsewhere the option word `thread` means
/// nothing and is not offered.
fn has_threads(ctx: &Ctx) -> bool {
    ctx.chat.platform() == Platform::Discord
}

/// A refusal of option words; `threads`: the chat's platform has threads.
pub(super) fn word_refusal(threads: bool, kind: GameKind, e: WordError) -> LobbyRefusal {
    let (key, args) = words::refusal(threads, kind, e);
    LobbyRefusal { key, args }
}

/// A private lobby's view reaches `ctx`'s user too (who just left still sees that they did).
fn see_it(view: &mut View, ctx: &Ctx) {
    if let Some(message) = view.table_message_mut()
        && !message.audience.contains(&ctx.user)
    {
        message.audience.push(ctx.user.clone());
    }
}

#[cfg(test)]
mod tests;
