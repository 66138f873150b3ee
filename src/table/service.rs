//! The table service's operations: one method per thing a user can do, each a read, a check, and
//! one version-guarded write.

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};

use serde_json::Value;

use super::i18n::{Arg, I18n, Lang};
use super::lobby::{Actor, Outcome};
use super::token::TokenKey;
use super::words::{self, Settings, WordError};
use super::{BoardMode, Clock, Ctx, Op, Slot, View};
use crate::engine::{Action, Event, Game, GameKind, Illegal, OptionError, Options, Seat, Status};
use crate::fair::Seed;
use crate::metrics::Metrics;
use crate::render::Renderer;
use crate::setup;
use crate::store::{Change, Recorded, SeatRecord, Store, StoreError, TableRecord, TableStatus};

/// The version of the JSON shapes this build stores (states, actions, options). A table stored
/// with another shape is rebuilt by replaying its log on load.
pub const SHAPE: i32 = 1;

/// Strikes in a row that remove a player (C5).
pub const MAX_STRIKES: i32 = 3;

/// How long a process holds a claimed deadline before another may take it, in milliseconds.
pub(super) const LEASE_MS: i64 = 60_000;

/// A failure that is not the user's doing (the database is down, …): logged, and the user is
/// told to try again.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A stored table could not be read back.
    #[error("table {0} is damaged: {1}")]
    Damaged(i64, String),
}

/// Why an operation did nothing.
pub(super) enum Fail {
    /// A refusal with a message key and arguments.
    Say(&'static str, Vec<(&'static str, Arg)>),
    /// The engine refused the action.
    Illegal(Illegal, Vec<String>),
    /// The button was out of date: say so, and refresh the board.
    Stale(i64),
    /// An internal failure.
    Internal(ServiceError),
}

impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict { table, .. } => Fail::Stale(table),
            e => Fail::Internal(e.into()),
        }
    }
}

impl From<ServiceError> for Fail {
    fn from(e: ServiceError) -> Self {
        Fail::Internal(e)
    }
}

pub(super) fn say(key: &'static str) -> Fail {
    Fail::Say(key, Vec::new())
}

/// A table read from the store, with its game decoded.
pub(super) struct Loaded {
    pub(super) rec: TableRecord,
    pub(super) kind: GameKind,
    pub(super) options: Options,
    pub(super) settings: Settings,
    pub(super) game: Option<Game>,
    /// The table's secret seed, checked to be 32 bytes when read.
    seed: Seed,
}

impl Loaded {
    /// A table as read: its row, and the game kind, options, settings and seed decoded from it.
    pub(super) fn new(
        rec: TableRecord,
        kind: GameKind,
        options: Options,
        settings: Settings,
        seed: Seed,
    ) -> Self {
        Self { rec, kind, options, settings, game: None, seed }
    }

    pub(super) fn names(&self) -> Vec<String> {
        self.rec.seats.iter().map(|s| s.name.clone()).collect()
    }

    pub(super) fn seat_of(&self, user: &str) -> Option<Seat> {
        self.rec.seats.iter().position(|s| s.user == user && !s.left).map(|s| s as Seat)
    }

    pub(super) fn is_host(&self, ctx: &Ctx) -> bool {
        self.rec.host == ctx.user
    }

    /// Who sees a private table's messages in their own chat with the bot: everyone who sat
    /// at it (those who left still see how it ends). Empty for an ordinary table.
    pub(super) fn audience(&self) -> Vec<String> {
        if !self.settings.private {
            return Vec::new();
        }
        let mut users: Vec<String> = Vec::new();
        for seat in &self.rec.seats {
            if !users.contains(&seat.user) {
                users.push(seat.user.clone());
            }
        }
        users
    }

    pub(super) fn seed(&self) -> Seed {
        self.seed.clone()
    }
}

/// Whether the store answered lately, shared by a service's clones: while it does not, presses
/// are answered at once ("the game store is not answering") instead of each waiting for the
/// database, and the store is probed at most once a second until it answers again.
#[derive(Debug, Default)]
pub(super) struct StoreHealth {
    down: AtomicBool,
    probed_ms: AtomicI64,
    reason: Mutex<Option<String>>,
}

impl StoreHealth {
    fn mark_down(&self, e: &StoreError) {
        if !self.down.swap(true, Ordering::SeqCst) {
            tracing::error!(error = %e, "the database is not answering");
        }
        *self.reason.lock().unwrap_or_else(|p| p.into_inner()) = Some(e.to_string());
    }

    fn mark_up(&self) {
        if self.down.swap(false, Ordering::SeqCst) {
            tracing::info!("the database answers again");
        }
        *self.reason.lock().unwrap_or_else(|p| p.into_inner()) = None;
    }
}

/// What recording a shown message did (see [`Service::shown`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    /// The message now shows the table; the one it supersedes (if any, and another message)
    /// should lose its buttons.
    Superseded(Option<String>),
    /// A newer view of the table is already shown, in `current`: the message just shown is out
    /// of date and should lose its buttons (unless it is `current`).
    Outdated {
        /// The message that shows the newer view.
        current: String,
    },
}

/// The table service. Cheap to clone; holds no table in memory: every operation reads the
/// store, so any number of services (processes) can share one database.
#[derive(Clone)]
pub struct Service {
    pub(super) store: Store,
    pub(super) i18n: Arc<I18n>,
    pub(super) key: TokenKey,
    pub(super) renderer: Arc<Renderer>,
    pub(super) clock: Arc<dyn Clock>,
    pub(super) metrics: Option<Arc<Metrics>>,
    pub(super) health: Arc<StoreHealth>,
}

impl Service {
    /// A service over `store`, signing buttons with `secret`.
    pub fn new(store: Store, secret: &[u8], clock: Arc<dyn Clock>) -> Self {
        Self {
            store,
            i18n: Arc::new(I18n::new()),
            key: TokenKey::new(secret),
            renderer: Arc::new(Renderer::new()),
            clock,
            metrics: None,
            health: Arc::default(),
        }
    }

    /// The same service, recording into `metrics`.
    pub fn with_metrics(mut self, metrics: Arc<Metrics>) -> Self {
        self.metrics = Some(metrics);
        self
    }

    /// The heartbeat: records that a bot is alive and, if none was for a while, moves every
    /// turn deadline later by the time the bot was down. Returns that time in ms. Call it at
    /// start-up and then every few seconds (the turn timer does): its answer also tells
    /// whether the store is back after an outage.
    pub async fn resume(&self) -> Result<i64, ServiceError> {
        let beat = self.store.heartbeat(self.clock.now_ms(), 2 * LEASE_MS).await;
        Ok(self.track(beat)?)
    }

    /// Why the store is not answering, if it is not (for `/healthz`).
    pub fn store_trouble(&self) -> Option<String> {
        if !self.health.down.load(Ordering::SeqCst) {
            return None;
        }
        let reason = self.health.reason.lock().unwrap_or_else(|p| p.into_inner()).clone();
        Some(reason.unwrap_or_else(|| "the database is not answering".into()))
    }

    /// Notes whether a store operation found the store answering.
    pub(super) fn track<T>(&self, result: Result<T, StoreError>) -> Result<T, StoreError> {
        match &result {
            Ok(_) => {
                if self.health.down.load(Ordering::Relaxed) {
                    self.health.mark_up();
                }
            }
            Err(e) if e.is_unavailable() => self.health.mark_down(e),
            Err(_) => {}
        }
        result
    }

    /// Whether the store is known not to answer. While it is, this probes it at most once a
    /// second (and for at most [`crate::store::WAIT`]), so recovery is noticed at once.
    async fn store_down(&self) -> bool {
        if !self.health.down.load(Ordering::SeqCst) {
            return false;
        }
        let now = self.clock.now_ms();
        let last = self.health.probed_ms.load(Ordering::SeqCst);
        if now - last < 1000
            || self
                .health
                .probed_ms
                .compare_exchange(last, now, Ordering::SeqCst, Ordering::SeqCst)
                .is_err()
        {
            return true;
        }
        let ping = tokio::time::timeout(crate::store::WAIT, self.store.ping()).await;
        match ping {
            Ok(result) => self.track(result).is_err(),
            Err(_) => true,
        }
    }

    /// The message recorded for a table's `slot` (see [`Service::shown`]), if any.
    pub async fn message(&self, table: i64, slot: Slot) -> Result<Option<String>, ServiceError> {
        Ok(self.store.message(table, slot.name()).await?)
    }

    /// Records that `message` (the adapter's reference) shows version `version` of a table's
    /// `slot` (a view's `shows` and `version`), unless a newer version is already shown. Says
    /// which message should now lose its buttons, so that exactly one message of a table, the
    /// newest, has live buttons whatever the order in which views reach the chat.
    pub async fn shown(
        &self,
        table: i64,
        slot: Slot,
        version: i64,
        message: &str,
    ) -> Result<Shown, ServiceError> {
        let recorded = self.store.set_message(table, slot.name(), message, version).await;
        Ok(match self.track(recorded)? {
            Recorded::Replaced(old) => Shown::Superseded(old.filter(|m| m != message)),
            Recorded::Outdated { current } => Shown::Outdated { current },
        })
    }

    /// Whether a view still needs showing: false for a refresh (see [`View::refresh`]) whose
    /// table message already shows this version or a newer one.
    pub async fn wanted(&self, view: &View) -> bool {
        let (true, Some((table, slot))) = (view.refresh, view.shows) else { return true };
        match self.store.message_version(table, slot.name()).await {
            Ok(Some((_, shown))) => shown < view.version,
            Ok(None) => true,
            Err(e) => {
                tracing::warn!(table, error = %e, "reading the table's message failed");
                true
            }
        }
    }

    /// Does what `op` asks and returns what to show. Refusals are private views in the user's
    /// language; internal failures are logged and answered with a private "try again".
    pub async fn handle(&self, ctx: &Ctx, op: Op) -> Vec<View> {
        if let Some(m) = &self.metrics {
            m.operation(op.name());
        }
        if self.store_down().await {
            return vec![self.store_down_view(ctx)];
        }
        let lang = self.user_lang(ctx).await;
        if self.health.down.load(Ordering::SeqCst) {
            return vec![self.store_down_view(ctx)];
        }
        let result = match op {
            Op::Create { game, words } => self.create(ctx, game, &words).await,
            Op::Join(game) => self.lobby_op(ctx, game, LobbyOp::Join).await,
            Op::Leave(game) => self.lobby_op(ctx, game, LobbyOp::Leave).await,
            Op::Start(game) => self.lobby_op(ctx, game, LobbyOp::Start).await,
            Op::Options { game, words } => self.lobby_op(ctx, game, LobbyOp::Options(words)).await,
            Op::Press(token) => self.press(ctx, &token).await,
            Op::Resign(game) => self.depart(ctx, game, None).await,
            Op::Kick { game, target } => self.depart(ctx, game, Some(target)).await,
            Op::Cancel(game) => self.cancel(ctx, game).await,
            Op::Status(game) => self.status(ctx, game).await,
            Op::History(game) => self.history(ctx, game).await,
            Op::Stats => self.stats(ctx).await,
            Op::Top => self.top(ctx).await,
            Op::Fair(game) => self.fair(ctx, game).await,
            Op::Lang { chat, code } => self.lang(ctx, chat, code.as_deref()).await,
            Op::Boards(mode) => self.boards(ctx, mode).await,
            Op::Rules(game) => self.rules(ctx, game).await,
            Op::Invite(code) => self.invite(ctx, &code).await,
            Op::Help => Ok(vec![self.help(ctx, lang)]),
        };
        match result {
            Ok(mut views) => {
                spread_audience(&mut views);
                views
            }
            Err(fail) => self.fail_views(ctx, lang, fail).await,
        }
    }

    /// A message from the table's words (`key` in the Fluent files) in `lang`, for adapters'
    /// own texts such as command menus.
    pub fn words(&self, lang: Lang, key: &str) -> String {
        self.i18n.text(lang, key, &[])
    }

    /// A user's display name as last seen (for a mention when the adapter has not seen the user
    /// since it started), if known.
    pub async fn user_name(&self, user: &str) -> Option<String> {
        match self.store.user_name(user).await {
            Ok(name) => name,
            Err(e) => {
                tracing::warn!(error = %e, "reading a user's name failed");
                None
            }
        }
    }

    /// A private message from the table's words (`key` in the Fluent files), in the user's
    /// language: for adapters' own refusals, such as an unknown command.
    pub async fn say_privately(&self, ctx: &Ctx, key: &str) -> View {
        let lang = self.user_lang(ctx).await;
        View {
            text: self.i18n.text(lang, key, &[]),
            private_to: Some(ctx.user.clone()),
            ..View::default()
        }
    }

    /// A sentence as the chat's platform says it: on Discord, where commands are slash
    /// commands with options, its `<key>-discord` form if it has one.
    pub(super) fn text_for(
        &self,
        ctx: &Ctx,
        lang: Lang,
        key: &str,
        args: &[(&str, Arg)],
    ) -> String {
        if ctx.chat.starts_with("discord:") {
            let discord = format!("{key}-discord");
            if let Some(text) = self.i18n.format(lang, &discord, args) {
                return text;
            }
        }
        self.i18n.text(lang, key, args)
    }

    /// The private answer while the store is not answering, in the platform's language (the
    /// user's own choice is in the store).
    fn store_down_view(&self, ctx: &Ctx) -> View {
        let lang = ctx.locale.as_deref().and_then(Lang::from_tag).unwrap_or_default();
        View {
            text: self.i18n.text(lang, "err-store-down", &[]),
            private_to: Some(ctx.user.clone()),
            ..View::default()
        }
    }

    async fn fail_views(&self, ctx: &Ctx, lang: Lang, fail: Fail) -> Vec<View> {
        let private =
            |text: String| View { text, private_to: Some(ctx.user.clone()), ..View::default() };
        match fail {
            Fail::Say(key, args) => vec![private(self.text_for(ctx, lang, key, &args))],
            Fail::Illegal(illegal, names) => {
                vec![private(self.i18n.refusal(lang, &illegal, &names))]
            }
            Fail::Stale(table) => {
                if let Some(m) = &self.metrics {
                    m.stale_presses.inc();
                }
                let mut views = vec![private(self.i18n.text(lang, "err-stale", &[]))];
                // Refresh the board in place, so the chat shows the buttons that work now.
                match self.board_refresh(table).await {
                    Ok(Some(view)) => views.push(view),
                    Ok(None) => {}
                    Err(e) => tracing::warn!(table, error = %e, "refreshing a stale board failed"),
                }
                views
            }
            Fail::Internal(ServiceError::Store(e)) if e.is_unavailable() => {
                self.health.mark_down(&e);
                vec![self.store_down_view(ctx)]
            }
            Fail::Internal(e) => {
                tracing::error!(user = %ctx.user, chat = %ctx.chat, error = %e, "operation failed");
                vec![private(self.i18n.text(lang, "err-internal", &[]))]
            }
        }
    }

    async fn board_refresh(&self, table: i64) -> Result<Option<View>, ServiceError> {
        let t = self.load(table).await?;
        let lang = self.table_lang(&t).await;
        let replace = self.store.message(table, t.slot().name()).await?;
        let mut view = match t.rec.status {
            TableStatus::Lobby => self.lobby_view(&t, lang),
            TableStatus::Playing => self.board_view(&t, lang, &[], Vec::new()).await,
            TableStatus::Finished | TableStatus::Cancelled => return Ok(None),
        };
        view.replace = replace;
        view.refresh = true;
        Ok(Some(view))
    }

    // ---- languages ----

    pub(super) async fn chat_lang(&self, ctx: &Ctx) -> Lang {
        self.stored_chat_lang(&ctx.chat)
            .await
            .or_else(|| ctx.locale.as_deref().and_then(Lang::from_tag))
            .unwrap_or_default()
    }

    /// The language of a table's public messages (lobby, boards, results): the one set for its
    /// chat, else its creator's, kept for the table; never whoever pressed last.
    pub(super) async fn table_lang(&self, t: &Loaded) -> Lang {
        self.stored_chat_lang(&t.rec.chat).await.or(t.settings.lang).unwrap_or_default()
    }

    /// The language set for `chat`, or else for the group it belongs to: a chat named
    /// `<group>/<channel>` (a Discord server's channel) falls back to `<group>`.
    pub(super) async fn stored_chat_lang(&self, chat: &str) -> Option<Lang> {
        let mut name = Some(chat);
        while let Some(chat) = name {
            match self.store.chat_lang(chat).await {
                Ok(Some(code)) => return Lang::from_tag(&code),
                Ok(None) => {}
                Err(e) => {
                    tracing::warn!(error = %e, "reading the chat's language failed");
                    return None;
                }
            }
            name = chat.rsplit_once('/').map(|(group, _)| group);
        }
        None
    }

    pub(super) async fn user_lang(&self, ctx: &Ctx) -> Lang {
        match self.store.user(&ctx.user, &ctx.name).await {
            Ok(Some(code)) => {
                if let Some(lang) = Lang::from_tag(&code) {
                    return lang;
                }
            }
            Ok(None) => {}
            Err(e) => {
                tracing::warn!(error = %e, "recording the user failed");
                if e.is_unavailable() {
                    self.health.mark_down(&e);
                    return ctx.locale.as_deref().and_then(Lang::from_tag).unwrap_or_default();
                }
            }
        }
        self.stored_chat_lang(&ctx.chat)
            .await
            .or_else(|| ctx.locale.as_deref().and_then(Lang::from_tag))
            .unwrap_or_default()
    }

    async fn lang(&self, ctx: &Ctx, chat: bool, code: Option<&str>) -> Result<Vec<View>, Fail> {
        let Some(code) = code else {
            let lang = self.user_lang(ctx).await;
            let list = Lang::ALL.iter().map(|l| l.code()).collect::<Vec<_>>().join(", ");
            return Ok(vec![View {
                text: self.text_for(ctx, lang, "lang-choose", &[("codes", list.into())]),
                private_to: Some(ctx.user.clone()),
                ..View::default()
            }]);
        };
        let lang = Lang::from_tag(code)
            .filter(|l| l.code() == code)
            .ok_or_else(|| Fail::Say("err-lang", vec![("code", code.to_owned().into())]))?;
        if chat {
            if !ctx.admin {
                return Err(say("err-admin-only"));
            }
            self.store.set_chat_lang(&ctx.chat, Some(lang.code())).await?;
            Ok(vec![View { text: self.i18n.text(lang, "lang-chat-set", &[]), ..View::default() }])
        } else {
            self.store.set_user_lang(&ctx.user, Some(lang.code())).await?;
            Ok(vec![View {
                text: self.i18n.text(lang, "lang-user-set", &[]),
                private_to: Some(ctx.user.clone()),
                ..View::default()
            }])
        }
    }

    /// How a chat shows boards.
    pub(super) async fn board_mode(&self, chat: &str) -> BoardMode {
        match self.store.chat_settings(chat).await {
            Ok(Some(json)) => {
                serde_json::from_str::<ChatSettings>(&json).unwrap_or_default().boards
            }
            Ok(None) => BoardMode::default(),
            Err(e) => {
                tracing::warn!(error = %e, "reading the chat's settings failed");
                BoardMode::default()
            }
        }
    }

    async fn boards(&self, ctx: &Ctx, mode: Option<BoardMode>) -> Result<Vec<View>, Fail> {
        let lang = self.chat_lang(ctx).await;
        let mode = match mode {
            None => self.board_mode(&ctx.chat).await,
            Some(mode) => {
                if !ctx.admin {
                    return Err(say("err-admin-only"));
                }
                let json =
                    serde_json::to_string(&ChatSettings { boards: mode }).unwrap_or_default();
                self.store.set_chat_settings(&ctx.chat, &json).await?;
                mode
            }
        };
        let key = match mode {
            BoardMode::New => "boards-new",
            BoardMode::Edit => "boards-edit",
        };
        Ok(vec![View { text: self.text_for(ctx, lang, key, &[]), ..View::default() }])
    }

    // ---- loading and saving ----

    pub(super) async fn load(&self, id: i64) -> Result<Loaded, ServiceError> {
        let rec = self.store.table(id).await?;
        let damaged = |why: String| ServiceError::Damaged(id, why);
        let kind: GameKind = rec.game.parse().map_err(|e: OptionError| damaged(e.to_string()))?;
        let options_json: Value =
            serde_json::from_str(&rec.options).map_err(|e| damaged(e.to_string()))?;
        let options = options_from_json(kind, &options_json).map_err(|e| damaged(e.to_string()))?;
        let settings: Settings = serde_json::from_str(&rec.settings)
            .map_err(|e| damaged(format!("settings {:?}: {e}", rec.settings)))?;
        let seed = <[u8; 32]>::try_from(rec.seed.as_slice())
            .map(Seed::from_bytes)
            .map_err(|_| damaged(format!("the seed is {} bytes, not 32", rec.seed.len())))?;
        let (seats, players) = (rec.seats.len(), kind.players());
        let seats_fit = match rec.status {
            TableStatus::Lobby | TableStatus::Cancelled => seats <= *players.end(),
            TableStatus::Playing | TableStatus::Finished => players.contains(&seats),
        };
        if !seats_fit {
            return Err(damaged(format!(
                "{seats} seats at a {} table: {kind} seats {}–{}",
                rec.status.word(),
                players.start(),
                players.end()
            )));
        }
        let mut loaded = Loaded::new(rec, kind, options, settings, seed);
        // A lobby, or a table cancelled before it started, has no game (and may have no seats).
        if loaded.rec.status != TableStatus::Lobby && loaded.rec.state.is_some() {
            let snapshot = match loaded.rec.state.as_deref() {
                _ if loaded.rec.shape != SHAPE => {
                    Err(format!("stored in shape {}, not {SHAPE}", loaded.rec.shape))
                }
                Some(text) => serde_json::from_str(text)
                    .map_err(|e| format!("the snapshot is not JSON: {e}"))
                    .and_then(|state| {
                        Game::from_json(kind, &state)
                            .map_err(|e| format!("the snapshot does not load: {e}"))
                    }),
                None => Err("no snapshot".to_owned()),
            };
            let game = match snapshot {
                Ok(game) => game,
                // Another shape, or a snapshot that no longer reads: the log is the truth.
                Err(why) => {
                    tracing::warn!(table = id, why, "rebuilding from the log");
                    self.replay(&loaded).await?.0
                }
            };
            loaded.game = Some(game);
        }
        Ok(loaded)
    }

    /// Replays a started table's log from its seed: the game, and each action with its events.
    pub(super) async fn replay(
        &self,
        t: &Loaded,
    ) -> Result<(Game, Vec<(Action, Vec<Event>)>), ServiceError> {
        let damaged = |why: String| ServiceError::Damaged(t.rec.id, why);
        let mut game =
            setup::new_game_by(t.settings.boards, &t.options, t.rec.seats.len(), &t.seed(), 0)
                .map_err(|e| damaged(e.to_string()))?;
        let mut log = Vec::new();
        for text in self.store.actions(t.rec.id).await? {
            let action: Action = serde_json::from_str(&text).map_err(|e| damaged(e.to_string()))?;
            let events = game.play(&action).map_err(|e| damaged(e.to_string()))?;
            log.push((action, events));
        }
        Ok((game, log))
    }

    /// Stores `t` as its next version with an optional action; on success `t` is that version.
    pub(super) async fn save(&self, t: &mut Loaded, action: Option<&Action>) -> Result<(), Fail> {
        let now = self.clock.now_ms();
        t.rec.updated_ms = now;
        t.rec.shape = SHAPE;
        let encode = |e: serde_json::Error| ServiceError::Damaged(t.rec.id, e.to_string());
        let options = serde_json::to_string(&t.options).map_err(encode)?;
        let settings = serde_json::to_string(&t.settings).map_err(encode)?;
        t.rec.options = options;
        t.rec.settings = settings;
        let mut results = false;
        if let Some(game) = &t.game {
            t.rec.state = Some(game.to_json().to_string());
            if game.status() == Status::Finished && t.rec.status == TableStatus::Playing {
                t.rec.status = TableStatus::Finished;
                if let Some(ranking) = game.ranking() {
                    for (seat, rank) in t.rec.seats.iter_mut().zip(ranking) {
                        seat.rank = Some(i32::from(rank));
                    }
                }
                results = true;
            }
        }
        // The deadline runs for whoever must act next.
        let timer = t.settings.timer.millis().filter(|_| t.rec.status == TableStatus::Playing);
        t.rec.deadline_ms = timer.map(|ms| now + ms);
        t.rec.remind_ms = timer.map(|ms| now + ms * 3 / 4);
        let json = match action {
            Some(a) => Some(
                serde_json::to_string(a)
                    .map_err(|e| ServiceError::Damaged(t.rec.id, e.to_string()))?,
            ),
            None => None,
        };
        let change = Change { action: json.as_deref(), results };
        let started = std::time::Instant::now();
        let saved = self.store.save(&t.rec, &change).await;
        if let Some(m) = &self.metrics {
            m.store_seconds.observe(started.elapsed().as_secs_f64());
            if saved.is_ok() && action.is_some() {
                m.turns.inc();
            }
        }
        t.rec.version = saved?;
        Ok(())
    }

    /// The one open table of this chat the user means: of `game` if named, preferring one they
    /// sit at. `statuses` are the statuses that qualify.
    pub(super) async fn find(
        &self,
        ctx: &Ctx,
        game: Option<GameKind>,
        statuses: &[TableStatus],
    ) -> Result<Loaded, Fail> {
        let mut rows = self.store.tables_in_chat(&ctx.chat, statuses).await?;
        if rows.is_empty()
            && let Some((_, thread)) = ctx.chat.rsplit_once('/')
            && let Some(id) = self.store.table_of_thread(thread).await?
        {
            // A table's own thread (Discord): commands there act on its table.
            let t = self.load(id).await?;
            if statuses.contains(&t.rec.status)
                && game.is_none_or(|k| k == t.kind)
                && t.rec.chat.rsplit_once('/').map(|(s, _)| s)
                    == ctx.chat.rsplit_once('/').map(|(s, _)| s)
            {
                return Ok(t);
            }
        }
        if rows.is_empty() {
            // A private table's player, in their own chat with the bot.
            rows = self
                .store
                .tables_of_user(&ctx.user, &ctx.chat, statuses)
                .await?
                .into_iter()
                .filter(|(_, _, _, settings)| {
                    serde_json::from_str::<Settings>(settings).is_ok_and(|s| s.private)
                })
                .map(|(id, game, status, _)| (id, game, status))
                .collect();
        }
        let rows: Vec<_> =
            rows.into_iter().filter(|(_, g, _)| game.is_none_or(|k| k.name() == g)).collect();
        if rows.is_empty() {
            return Err(say("err-no-table"));
        }
        let mut candidates = Vec::new();
        for (id, _, _) in &rows {
            candidates.push(self.load(*id).await?);
        }
        if candidates.len() == 1 {
            return Ok(candidates.remove(0));
        }
        let mut mine: Vec<Loaded> =
            candidates.into_iter().filter(|t| t.seat_of(&ctx.user).is_some()).collect();
        if mine.len() == 1 {
            return Ok(mine.remove(0));
        }
        Err(say("err-which-table"))
    }

    // ---- the lobby ----

    async fn create(&self, ctx: &Ctx, game: GameKind, words: &[String]) -> Result<Vec<View>, Fail> {
        let creator = Settings { lang: Some(self.user_lang(ctx).await), ..Settings::default() };
        let (options, settings) = words::apply(game, None, creator, words)
            .map_err(|e| word_fail(has_threads(ctx), game, e))?;
        let seed = Seed::generate().map_err(|e| {
            Fail::Internal(ServiceError::Damaged(0, format!("no OS randomness: {e}")))
        })?;
        let rec = TableRecord {
            chat: ctx.chat.clone(),
            game: game.name().into(),
            options: serde_json::to_string(&options)
                .map_err(|e| ServiceError::Damaged(0, e.to_string()))?,
            settings: serde_json::to_string(&settings)
                .map_err(|e| ServiceError::Damaged(0, e.to_string()))?,
            seed: seed.as_bytes().to_vec(),
            commitment: seed.commitment_hex(),
            status: TableStatus::Lobby,
            shape: SHAPE,
            host: ctx.user.clone(),
            updated_ms: self.clock.now_ms(),
            seats: vec![SeatRecord {
                user: ctx.user.clone(),
                name: ctx.name.clone(),
                ..Default::default()
            }],
            ..TableRecord::default()
        };
        let id = match self.store.create_table(&rec).await {
            Ok(id) => id,
            Err(StoreError::LobbyExists) => {
                // Show the lobby that exists, so joining is one tap away.
                let t = self.find(ctx, Some(game), &[TableStatus::Lobby]).await?;
                let lang = self.table_lang(&t).await;
                let mut view = self.lobby_view(&t, lang);
                view.text =
                    format!("{}\n\n{}", self.i18n.text(lang, "err-lobby-exists", &[]), view.text);
                return Ok(vec![view]);
            }
            Err(e) => return Err(e.into()),
        };
        let t = self.load(id).await?;
        let lang = self.table_lang(&t).await;
        Ok(vec![self.lobby_view(&t, lang)])
    }

    /// Joins the private table an invite code names.
    async fn invite(&self, ctx: &Ctx, code: &str) -> Result<Vec<View>, Fail> {
        let id = super::token::parse_invite(code, &self.key)
            .and_then(|id| i64::try_from(id).ok())
            .ok_or_else(|| say("err-bad-invite"))?;
        let t = match self.load(id).await {
            Ok(t) => t,
            Err(ServiceError::Store(StoreError::NotFound(_))) => return Err(say("err-bad-invite")),
            Err(e) => return Err(e.into()),
        };
        self.lobby_apply(ctx, t, LobbyOp::Join).await
    }

    async fn lobby_op(
        &self,
        ctx: &Ctx,
        game: Option<GameKind>,
        op: LobbyOp,
    ) -> Result<Vec<View>, Fail> {
        let t = self.find(ctx, game, &[TableStatus::Lobby]).await?;
        self.lobby_apply(ctx, t, op).await
    }

    pub(super) async fn lobby_apply(
        &self,
        ctx: &Ctx,
        mut t: Loaded,
        op: LobbyOp,
    ) -> Result<Vec<View>, Fail> {
        let who = Actor { user: &ctx.user, name: &ctx.name, admin: ctx.admin };
        let outcome = match op {
            LobbyOp::Join => t.join(who),
            LobbyOp::Leave => t.leave(who),
            LobbyOp::Start => t.start(who),
            LobbyOp::Options(words) => t.set_options(who, &words, has_threads(ctx)),
            LobbyOp::Panel => t.panel(who),
            LobbyOp::Cycle(k) => t.cycle(who, k),
        }?;
        let lang = self.table_lang(&t).await;
        let mut view = match outcome {
            Outcome::Starts => return self.begin(t, lang).await,
            Outcome::Emptied => {
                self.save(&mut t, None).await?;
                return Ok(vec![self.emptied_view(&t, ctx, lang).await?]);
            }
            Outcome::ShowPanel => self.options_panel(&t, lang),
            Outcome::PanelChanged => {
                self.save(&mut t, None).await?;
                let mut view = self.options_panel(&t, lang);
                if t.settings.private && !view.audience.contains(&ctx.user) {
                    view.audience.push(ctx.user.clone());
                }
                view
            }
            Outcome::Changed(note) => {
                self.save(&mut t, None).await?;
                let mut view = self.lobby_view(&t, lang);
                if let Some((key, name)) = note {
                    let said = self.i18n.text(lang, key, &[("name", name.into())]);
                    view.text = format!("{said}\n{}", view.text);
                }
                if t.settings.private && !view.audience.contains(&ctx.user) {
                    // Who just left still sees that they did.
                    view.audience.push(ctx.user.clone());
                }
                view
            }
        };
        view.replace = self.store.message(t.rec.id, Slot::Lobby.name()).await?;
        Ok(vec![view])
    }

    /// The lobby's last word when its last player left.
    async fn emptied_view(&self, t: &Loaded, ctx: &Ctx, lang: Lang) -> Result<View, Fail> {
        let audience = if t.settings.private { vec![ctx.user.clone()] } else { Vec::new() };
        Ok(View {
            text: self.i18n.text(
                lang,
                "lobby-empty",
                &[("game", self.game_name(lang, t.kind).into())],
            ),
            shows: Some((t.rec.id, Slot::Lobby)),
            table: Some(t.rec.id),
            version: t.rec.version,
            replace: self.store.message(t.rec.id, Slot::Lobby.name()).await?,
            audience,
            ..View::default()
        })
    }

    async fn begin(&self, mut t: Loaded, lang: Lang) -> Result<Vec<View>, Fail> {
        let game =
            setup::new_game_by(t.settings.boards, &t.options, t.rec.seats.len(), &t.seed(), 0)
                .map_err(|e| word_fail(false, t.kind, WordError::Option(e)))?;
        t.game = Some(game);
        t.rec.status = TableStatus::Playing;
        self.save(&mut t, None).await?;
        let lobby = self.store.message(t.rec.id, Slot::Lobby.name()).await?;
        let started = View {
            text: self.i18n.text(
                lang,
                "lobby-started",
                &[
                    ("game", self.game_name(lang, t.kind).into()),
                    ("players", t.names().join(", ").into()),
                    ("commitment", t.rec.commitment.clone().into()),
                ],
            ),
            shows: Some((t.rec.id, Slot::Lobby)),
            table: Some(t.rec.id),
            version: t.rec.version,
            replace: lobby,
            ..View::default()
        };
        let board = self.board_view(&t, lang, &[], Vec::new()).await;
        Ok(vec![started, board])
    }
}

/// Every public view of one operation goes where its table's views go: a private table's
/// texts (the start, the ranking) reach each player, like its boards, and a board's thread
/// gets the texts that follow it.
pub(super) fn spread_audience(views: &mut [View]) {
    let mut thread = false;
    let mut table = None;
    for view in views.iter_mut().filter(|v| v.private_to.is_none()) {
        thread |= view.thread;
        view.thread = thread;
        table = view.table.or(table);
        view.table = table;
    }
    let Some(audience) = views.iter().find(|v| !v.audience.is_empty()).map(|v| v.audience.clone())
    else {
        return;
    };
    for view in views.iter_mut().filter(|v| v.private_to.is_none() && v.audience.is_empty()) {
        view.audience = audience.clone();
    }
}

/// A chat's own settings, stored as JSON.
#[derive(Debug, Clone, Copy, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
struct ChatSettings {
    boards: BoardMode,
}

/// What a lobby operation does.
pub(super) enum LobbyOp {
    Join,
    Leave,
    Start,
    Options(Vec<String>),
    /// Show the options as buttons (host).
    Panel,
    /// Step option `k` of the panel to its next value (host).
    Cycle(usize),
}

/// Options stored as JSON read back through the engine's parser (so stored options are checked
/// exactly like typed ones).
pub(super) fn options_from_json(kind: GameKind, json: &Value) -> Result<Options, OptionError> {
    match json {
        Value::Object(map) => Options::parse(kind, map.iter().map(|(k, v)| (k.as_str(), v))),
        _ => Ok(Options::default_for(kind)),
    }
}

/// Whether the chat's platform has threads (Discord): elsewhere the option word `thread` means
/// nothing and is not offered.
fn has_threads(ctx: &Ctx) -> bool {
    ctx.chat.starts_with("discord:")
}

/// A refusal of option words; `threads`: the chat's platform has threads.
pub(super) fn word_fail(threads: bool, kind: GameKind, e: WordError) -> Fail {
    match e {
        WordError::Unknown(word) => Fail::Say(
            "err-option-word",
            vec![("word", word.into()), ("known", words::known_words(kind, threads).into())],
        ),
        WordError::Option(OptionError::BadValue { key, expected, got }) => Fail::Say(
            "err-option-value",
            vec![("key", key.into()), ("expected", expected.into()), ("got", got.into())],
        ),
        WordError::Option(OptionError::UnknownOption { key, known }) => {
            Fail::Say("err-option-word", vec![("word", key.into()), ("known", known.into())])
        }
        WordError::Option(OptionError::Players { min, max, got, .. }) => Fail::Say(
            "err-players",
            vec![
                ("min", Arg::Number(min as i64)),
                ("max", Arg::Number(max as i64)),
                ("got", Arg::Number(got as i64)),
            ],
        ),
        WordError::Option(e) => {
            Fail::Say("err-option-conflict", vec![("detail", e.to_string().into())])
        }
    }
}
