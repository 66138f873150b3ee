//! The table service's operations: one method per thing a user can do, each a read, a check, and
//! one version-guarded write.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use super::core::load::LEASE_MS;
use super::core::{Core, CoreHandles, Owed, StoreHealth};
use super::fail::{Fail, Refusal, ServiceError};
use super::handles::Handles;
use super::i18n::{Arg, I18n, Lang};
use super::lobby::LobbyOp;
use super::message::spread_audience;
use super::token::{Subject, Token, TokenKey};
use super::{
    Clock, Ctx, Cups, Live, Lobby, Op, Pick, Play, Ratings, Rematches, Replays, Slot, TurnNotices,
    View, Views,
};
use crate::engine::GameKind;
use crate::ids::{MessageRef, Platform, Posted, TableId, UserId};
use crate::render::Renderer;
use crate::runtime::metrics::Metrics;
use crate::store::{Store, StoreError};

mod answer;

impl Service {
    /// Shows `view` through an adapter's `surface` by the show protocol (see
    /// [`crate::table::show`]): for a table's lobby or board, exactly one message keeps live
    /// buttons, whatever other shows of the table run at once in any process.
    pub async fn show<S: super::show::Surface>(&self, surface: &S, view: &View) {
        self.shows.show(surface, view).await;
    }
}

/// Boards drawn at once unless [`Service::with_draw_limit`] says otherwise.
const DRAW_LIMIT: usize = 2;

/// Operations under way at once, per connection of the store. More would only queue for a
/// connection (or for SQLite's one writer), where a wait longer than [`crate::store::WAIT`]
/// means "the store is not answering"; operations beyond this wait their turn here instead,
/// in order, without a limit, so a busy store is not taken for a dead one.
const OPERATIONS_PER_CONNECTION: usize = 16;

/// The parts, each built from the [`Handles`] it declares and the parts it calls: a part is
/// built after every part it calls (the views, which call none, first; play, which calls the
/// most, last but for the live board). Once per service: a `with_…` builds them again, so a
/// service is set up before it is cloned.
struct Parts {
    views: Views,
    ratings: Ratings,
    turn_notices: TurnNotices,
    replays: Replays,
    lobby: Lobby,
    rematches: Rematches,
    cups: Cups,
    play: Play,
    live: Live,
}

impl Parts {
    /// The composition root: every part, from `h`.
    fn build(h: &Handles) -> Self {
        let views = Views::new(h);
        let ratings = Ratings::new(h);
        let turn_notices = TurnNotices::new(h, &views);
        let replays = Replays::new(h);
        let lobby = Lobby::new(h, &views);
        let rematches = Rematches::new(h, &lobby, &views);
        let cups = Cups::new(h, &lobby, &replays, &ratings);
        let play = Play::new(h, &lobby, &rematches, &views, &ratings, &replays, &cups);
        let live = Live::new(h, &views);
        Self { views, ratings, turn_notices, replays, lobby, rematches, cups, play, live }
    }
}

/// The table service. Cheap to clone; holds no table in memory: every operation reads the
/// store, so any number of services (processes) can share one database.
#[derive(Clone)]
pub struct Service {
    /// What the parts were built from (kept to build them again when a `with_` changes one).
    handles: Handles,
    parts: Arc<Parts>,
    /// Admits operations that use the store (see [`OPERATIONS_PER_CONNECTION`]).
    admission: Arc<tokio::sync::Semaphore>,
    /// When this process's Discord shards last identified, by bucket ([`IdentifyTurn`]).
    identified: Arc<tokio::sync::Mutex<HashMap<u32, std::time::Instant>>>,
    /// The show protocol ([`super::show`]).
    shows: Arc<super::show::Shows>,
}

macro_rules! accessors {
    ($($(#[$doc:meta])* $part:ident, $get:ident;)*) => {
        impl Service {
            $(
                $(#[$doc])*
                pub fn $get(&self) -> &$part {
                    &self.parts.$get
                }
            )*
        }
    };
}

accessors! {
    /// Opening a table, joining, leaving, options and starting (`lobby.rs`).
    Lobby, lobby;
    /// A turn's actions, the turn timer and the computers (`play/`).
    Play, play;
    /// Another game with the same players (`rematch.rs`).
    Rematches, rematches;
    /// Ratings, leaderboards and seasons (`ratings.rs`).
    Ratings, ratings;
    /// Turn notices in private chats (`notify.rs`).
    TurnNotices, turn_notices;
    /// Replays of finished games and the check of stored logs (`replays/`).
    Replays, replays;
    /// The live board's page: links, state, presses (`live.rs`).
    Live, live;
    /// The group cup (`cup/`).
    Cups, cups;
    /// What a table's messages say: the lobby, the board, the answers (`view.rs`).
    Views, views;
}
#[cfg(test)]
impl Service {
    /// The core, for the core's own tests.
    pub(super) fn core(&self) -> &Core {
        &self.handles.core
    }
}

/// A Discord identify bucket's turn ([`Service::identify_turn`]): no other shard of the bucket,
/// in this process or (on Postgres) any other, starts until [`IdentifyTurn::identified`] is
/// called or the turn is dropped.
#[derive(Debug)]
pub struct IdentifyTurn {
    local: tokio::sync::OwnedMutexGuard<HashMap<u32, std::time::Instant>>,
    shared: crate::store::IdentifyLock,
    bucket: u32,
}

impl IdentifyTurn {
    /// Records that the shard identified now, and ends the turn.
    pub async fn identified(mut self) -> Result<(), StoreError> {
        self.local.insert(self.bucket, std::time::Instant::now());
        self.shared.identified().await
    }
}

/// How long a computer waits before it plays unless [`Service::with_computer_pause`] says
/// otherwise: long enough to see the last move, short enough not to bore.
pub const COMPUTER_PAUSE: std::time::Duration = std::time::Duration::from_millis(1500);

impl Service {
    /// The table whose lobby or board carries a button with `data`, if this bot made it
    /// (its tag checks): a sweep after a crash takes off only such buttons (issue 60, item 5).
    pub fn table_button(&self, data: &str) -> Option<TableId> {
        let token = super::token::Token::parse(data, &self.handles.key).ok()?;
        token.table_id().filter(|_| token.button.on_table_message())
    }

    /// A service over `store`, signing buttons with `secret`.
    pub fn new(store: Store, secret: &[u8], clock: Arc<dyn Clock>) -> Self {
        let i18n = Arc::new(I18n::new());
        let (health, owed) = (Arc::<StoreHealth>::default(), Arc::<Owed>::default());
        let seasons = crate::game::rating::Seasons::default();
        let computer_pause_ms = COMPUTER_PAUSE.as_millis() as i64;
        let core = Core::new(
            CoreHandles {
                store: store.clone(),
                i18n: i18n.clone(),
                clock: clock.clone(),
                metrics: None,
                health: health.clone(),
                seasons,
                computer_pause_ms,
                owed: owed.clone(),
            },
            None,
        );
        let handles = Handles {
            core,
            store: store.clone(),
            i18n,
            key: TokenKey::new(secret),
            renderer: Arc::new(Renderer::new()),
            drawing: Arc::new(tokio::sync::Semaphore::new(DRAW_LIMIT)),
            clock: clock.clone(),
            metrics: None,
            seasons,
            computer_pause_ms,
            owed,
            replay_wait: super::replays::REPLAY_WAIT,
            background: Arc::new(crate::runtime::lanes::Background::new("dicetable-replays")),
            health,
        };
        Self {
            admission: Arc::new(tokio::sync::Semaphore::new(
                store.connections().max(1) * OPERATIONS_PER_CONNECTION,
            )),
            shows: Arc::new(super::show::Shows::new(store, clock)),
            parts: Arc::new(Parts::build(&handles)),
            handles,
            identified: Arc::default(),
        }
    }

    /// The same service with `change` made to its handles: the core and every part built
    /// again from them (the damage noted so far is kept).
    fn rebuilt(mut self, change: impl FnOnce(&mut Handles)) -> Self {
        change(&mut self.handles);
        let h = &self.handles;
        let core = CoreHandles {
            store: h.store.clone(),
            i18n: h.i18n.clone(),
            clock: h.clock.clone(),
            metrics: h.metrics.clone(),
            health: h.health.clone(),
            seasons: h.seasons,
            computer_pause_ms: h.computer_pause_ms,
            owed: h.owed.clone(),
        };
        self.handles.core = Core::new(core, Some(&self.handles.core));
        self.parts = Arc::new(Parts::build(&self.handles));
        self
    }

    /// Tables this process found damaged (a stored row that does not read back, or a table
    /// whose handling panicked), with what is wrong; they are refused, never played.
    pub fn damaged_tables(&self) -> Vec<(TableId, String)> {
        self.handles.core.damaged_tables()
    }

    /// Tables whose turn deadline or reminder passed more than `late_ms` ago and that no
    /// process is working on, besides those known to be damaged: the turn timers are not
    /// keeping up (for `/healthz`).
    pub async fn overdue(&self, late_ms: i64) -> Result<Vec<TableId>, ServiceError> {
        let now = self.handles.clock.now_ms();
        let mut ids = self.handles.store.overdue(now - late_ms, now).await?;
        ids.retain(|id| !self.handles.core.is_damaged(*id));
        Ok(ids)
    }

    /// The same service, cutting rating seasons by `seasons` (calendar quarters by default).
    pub fn with_seasons(self, seasons: crate::game::rating::Seasons) -> Self {
        self.rebuilt(|h| h.seasons = seasons)
    }

    /// The same service, letting computers wait `pause` before each turn.
    pub fn with_computer_pause(self, pause: std::time::Duration) -> Self {
        let ms = i64::try_from(pause.as_millis()).unwrap_or(i64::MAX);
        self.rebuilt(|h| h.computer_pause_ms = ms)
    }

    /// How long computers wait before each turn.
    pub fn computer_pause(&self) -> std::time::Duration {
        std::time::Duration::from_millis(self.handles.computer_pause_ms.max(0) as u64)
    }

    /// Returns when a computer's turn has come (its table is due after the pause): the turn
    /// timer then waits [`Service::computer_pause`] and runs [`Service::tick`].
    pub async fn computer_turn(&self) {
        self.handles.owed.computer_turn().await;
    }

    /// The same service, answering a replay request "being drawn" when its drawing takes
    /// longer than `wait` (the replay follows by [`Replays::later`]).
    pub fn with_replay_wait(self, wait: std::time::Duration) -> Self {
        self.rebuilt(|h| h.replay_wait = wait)
    }

    /// The same service, drawing at most `boards` pictures at once (one per core is best; the
    /// bot sets that).
    pub fn with_draw_limit(self, boards: usize) -> Self {
        self.rebuilt(|h| h.drawing = Arc::new(tokio::sync::Semaphore::new(boards.max(1))))
    }

    /// The platform chats (Telegram chat ids, Discord channel ids) of `platform` with boards to
    /// delete now: a tidy chat's (`/boards tidy`) earlier boards of games that are over.
    /// Boards shown longer than `max_age` ago are dropped: the platform no longer lets a bot
    /// delete them. None when the store does not answer (logged).
    pub async fn tidy_chats(&self, platform: Platform, max_age: std::time::Duration) -> Vec<i64> {
        let age = i64::try_from(max_age.as_millis()).unwrap_or(i64::MAX);
        let oldest = self.handles.clock.now_ms().saturating_sub(age);
        match self.handles.store.tidy().due_chats(platform, oldest).await {
            Ok(chats) => chats,
            Err(e) => {
                tracing::warn!(error = %e, "reading the boards to tidy failed");
                Vec::new()
            }
        }
    }

    /// Takes at most `limit` boards to delete in platform chat `chat` (see
    /// [`Service::tidy_chats`]): no other process gets them.
    pub async fn tidy_boards(&self, platform: Platform, chat: i64, limit: u32) -> Vec<Posted> {
        match self.handles.store.tidy().take(platform, chat, i64::from(limit)).await {
            Ok(boards) => boards,
            Err(e) => {
                tracing::warn!(chat, error = %e, "taking boards to tidy failed");
                Vec::new()
            }
        }
    }

    /// A budget of platform calls per chat of `limit`, shared with the other processes on
    /// the same Postgres database ([`super::budget::Ledger`]); `key` names a chat there.
    pub fn ledger<K: std::hash::Hash + Eq + Copy>(
        &self,
        limit: super::budget::Limit,
        key: fn(K) -> String,
    ) -> super::budget::Ledger<K> {
        super::budget::Ledger::new(limit, Some(self.handles.store.clone()), key)
    }

    /// The metrics it records into, if any (adapters add what they count).
    pub fn metrics(&self) -> Option<&Arc<Metrics>> {
        self.handles.metrics.as_ref()
    }

    /// The same service, recording into `metrics`.
    pub fn with_metrics(self, metrics: Arc<Metrics>) -> Self {
        self.rebuilt(|h| h.metrics = Some(metrics))
    }

    /// The heartbeat: records that a bot is alive and, if none was for a while, moves every
    /// turn deadline later by the time the bot was down. Returns that time in ms. Call it at
    /// start-up and then every few seconds (the turn timer does): its answer also tells
    /// whether the store is back after an outage.
    pub async fn resume(&self) -> Result<i64, ServiceError> {
        let beat = self.handles.store.heartbeat(self.handles.clock.now_ms(), 2 * LEASE_MS).await;
        Ok(self.track(beat)?)
    }

    /// Waits for Discord identify bucket `bucket`'s turn: until no other shard of the bucket
    /// holds a turn, in this process or any other on the database, and `interval` has passed
    /// since the bucket's last identify (see [`crate::store::identify`]). The Discord adapter
    /// starts a shard in it.
    pub async fn identify_turn(
        &self,
        bucket: u32,
        interval: std::time::Duration,
    ) -> Result<IdentifyTurn, StoreError> {
        let local = self.identified.clone().lock_owned().await;
        let shared = self.handles.store.identify_lock(bucket).await?;
        let here = local.get(&bucket).map(|at| interval.saturating_sub(at.elapsed()));
        let anywhere = shared.since_ms().map(|since| {
            let since = std::time::Duration::from_millis(since.max(0).unsigned_abs());
            interval.saturating_sub(since)
        });
        let wait = here.unwrap_or_default().max(anywhere.unwrap_or_default());
        tokio::time::sleep(wait).await;
        Ok(IdentifyTurn { local, shared, bucket })
    }

    /// Why the store is not answering, if it is not (for `/healthz`).
    pub fn store_trouble(&self) -> Option<String> {
        if !self.handles.health.down.load(Ordering::SeqCst) {
            return None;
        }
        let reason = self.handles.health.reason.lock().unwrap_or_else(|p| p.into_inner()).clone();
        Some(reason.unwrap_or_else(|| "the database is not answering".into()))
    }

    /// Notes whether a store operation found the store answering.
    fn track<T>(&self, result: Result<T, StoreError>) -> Result<T, StoreError> {
        match &result {
            Ok(_) => {
                if self.handles.health.down.load(Ordering::Relaxed) {
                    self.handles.health.mark_up();
                }
            }
            Err(e) if e.is_unavailable() => self.handles.health.mark_down(e),
            Err(_) => {}
        }
        result
    }

    /// Whether the store is known not to answer. While it is, this probes it at most once a
    /// second (and for at most [`crate::store::WAIT`]), so recovery is noticed at once.
    async fn store_down(&self) -> bool {
        if !self.handles.health.down.load(Ordering::SeqCst) {
            return false;
        }
        let now = self.handles.clock.now_ms();
        let last = self.handles.health.probed_ms.load(Ordering::SeqCst);
        if now - last < 1000
            || self
                .handles
                .health
                .probed_ms
                .compare_exchange(last, now, Ordering::SeqCst, Ordering::SeqCst)
                .is_err()
        {
            return true;
        }
        let ping = tokio::time::timeout(crate::store::WAIT, self.handles.store.ping()).await;
        match ping {
            Ok(result) => self.track(result).is_err(),
            Err(_) => true,
        }
    }

    /// The message recorded for a table's `slot` (by the show protocol), if any.
    pub async fn message(
        &self,
        table: TableId,
        slot: Slot,
    ) -> Result<Option<MessageRef>, ServiceError> {
        Ok(self.handles.store.message(table, slot.name()).await?)
    }

    /// The thread recorded for a table (see [`Service::thread_opened`]), if any.
    pub async fn thread(&self, table: TableId) -> Result<Option<i64>, ServiceError> {
        Ok(self.handles.store.thread(table).await?)
    }

    /// Records the thread an adapter opened for a table (`thread`, its channel's number), where
    /// its boards go from then on.
    pub async fn thread_opened(&self, table: TableId, thread: i64) -> Result<(), ServiceError> {
        let recorded = self.handles.store.set_thread(table, thread).await;
        Ok(self.track(recorded)?)
    }

    /// Does what `op` asks and returns what to show. Refusals are private views in the user's
    /// language; internal failures are logged and answered with a private "try again".
    pub async fn handle(&self, ctx: &Ctx, op: Op) -> Vec<View> {
        if let Some(m) = &self.handles.metrics {
            m.operation(op.name());
        }
        if self.store_down().await {
            return vec![answer::store_down_view(self, ctx)];
        }
        // The semaphore is never closed; should it be, the operation goes ahead unadmitted.
        let _admitted = self.admission.acquire().await.ok();
        if self.handles.health.down.load(Ordering::SeqCst) {
            return vec![answer::store_down_view(self, ctx)];
        }
        // A name is kept and shown without bidi controls that would turn the lines it is in.
        let cleaned;
        let ctx = if ctx.name == super::clean_name(&ctx.name) {
            ctx
        } else {
            cleaned = Ctx { name: super::clean_name(&ctx.name), ..ctx.clone() };
            &cleaned
        };
        // The user is recorded now; their language is worked out only if it is needed (help, a
        // refusal): an operation that succeeds shows the table's language.
        let own = self.handles.core.record_user(ctx).await;
        // A chat's title, kept for lists that name chats; presses (the bulk) skip it.
        if let Some(title) = ctx.chat_title.as_deref().filter(|_| !matches!(op, Op::Press(_)))
            && let Err(e) = self.handles.store.set_chat_title(&ctx.chat, title).await
        {
            tracing::warn!(chat = %ctx.chat, error = %e, "recording the chat's title failed");
        }
        if self.handles.health.down.load(Ordering::SeqCst) {
            return vec![answer::store_down_view(self, ctx)];
        }
        // A table named by its number picks it, whatever game is named beside it.
        let (mut table, mut op) = (None, op);
        while let Op::AtTable { table: number, op: inner } = op {
            table = table.or(Some(number));
            op = *inner;
        }
        // The command as typed, for a hint that names a table by number (issue 46, item 12).
        let typed = match op.command() {
            Some(c) if c.numbered != super::command::Numbered::No => c.name,
            _ => "status",
        };
        let result = self.dispatch(ctx, op, table, own).await;
        match result {
            Ok(mut views) => {
                spread_audience(&mut views);
                views
            }
            // The store stopped answering: say so at once, without asking it for a language
            // (a second wait that doubled the answer's time when the user was just recorded).
            Err(Fail::Internal(ServiceError::Store(e))) if e.is_unavailable() && !e.is_closed() => {
                self.handles.health.mark_down(&e);
                vec![answer::store_down_view(self, ctx)]
            }
            Err(fail) => {
                let lang = self.handles.core.user_lang_given(ctx, own).await;
                let fail = match fail {
                    Fail::Say(Refusal::WhichTable, mut args) => {
                        args.push(("command", typed.to_owned().into()));
                        Fail::Say(Refusal::WhichTable, args)
                    }
                    fail => fail,
                };
                answer::fail_views(self, ctx, lang, fail).await
            }
        }
    }

    /// A pressed button: its token checked, then what it names acts (a cup's sign-up buttons
    /// the cup, every other a table). Anyone can send any bytes as a button's data: a token
    /// this bot did not make is refused before anything is looked up.
    async fn press(&self, ctx: &Ctx, text: &str) -> Result<Vec<View>, Fail> {
        let token = Token::parse(text, &self.handles.key).map_err(|e| {
            tracing::info!(user = %ctx.user, error = %e, "refused a button");
            super::fail::say(Refusal::Forged)
        })?;
        match token.subject {
            Subject::Cup(cup) => self.cups().cup_press(ctx, cup, token.button).await,
            Subject::Table(id) => self.play().press(ctx, id, token).await,
        }
    }

    /// The timer's round (every 2 s in the bot): the tables' turn timers and computers
    /// ([`super::Play::tick`]), then the cups' ([`super::Cups`]: a round whose window closed
    /// has its games ended as the timer ends a game, then moves on). Returns what to show,
    /// each with its chat.
    pub async fn tick(&self) -> Result<Vec<(crate::ids::ChatId, View)>, ServiceError> {
        let mut out = self.play().tick().await?;
        let cups = self.cups().cup_tick().await?;
        out.extend(cups.views);
        for closing in cups.closing {
            for table in closing.tables {
                match self.play().close_cup_table(table).await {
                    Ok(views) => out.extend(views.into_iter().map(|v| (closing.chat.clone(), v))),
                    Err(Fail::Internal(e)) => {
                        tracing::error!(table = table.get(), error = %e, "closing a cup game failed")
                    }
                    Err(_) => tracing::debug!(table = table.get(), "a cup game ended meanwhile"),
                }
            }
            out.extend(self.cups().cup_tick_of(closing.cup).await.views);
        }
        Ok(out)
    }

    /// A press made on the live page of the table `link` names, by `user` (`platform:id`,
    /// from a play link or a checked Telegram identity) called `name`: the same service and
    /// token as a press in the chat, made as if in the table's chat. Returns the table's chat and
    /// the views to show (public ones in that chat, the presser's private ones on the page).
    pub async fn live_press(
        &self,
        link: &super::token::LiveLink,
        user: &UserId,
        name: &str,
        locale: Option<String>,
        token: &str,
    ) -> Result<(crate::ids::ChatId, Vec<View>), super::live::LiveError> {
        let ctx = self.live().live_ctx(link, user, name, locale, token).await?;
        Ok((ctx.chat.clone(), self.handle(&ctx, Op::Press(token.to_owned())).await))
    }

    /// Runs one operation (`table`: the table its number named, if any).
    async fn dispatch(
        &self,
        ctx: &Ctx,
        op: Op,
        table: Option<TableId>,
        own: Option<Lang>,
    ) -> Result<Vec<View>, Fail> {
        let pick = |game: Option<GameKind>| table.map_or(Pick::from(game), Pick::Table);
        match op {
            Op::Create { game, words } => self.lobby().create(ctx, game, &words).await,
            Op::Join(game) => self.lobby().lobby_op(ctx, pick(game), LobbyOp::Join).await,
            Op::Leave(game) => self.lobby().lobby_op(ctx, pick(game), LobbyOp::Leave).await,
            Op::Start(game) => self.lobby().lobby_op(ctx, pick(game), LobbyOp::Start).await,
            Op::Options { game, words } => {
                self.lobby().lobby_op(ctx, pick(game), LobbyOp::Options(words)).await
            }
            Op::Press(token) => self.press(ctx, &token).await,
            Op::Resign(game) => self.play().depart(ctx, pick(game), None).await,
            Op::Kick { game, target } => self.play().depart(ctx, pick(game), Some(target)).await,
            Op::Cancel(game) => self.play().cancel(ctx, pick(game)).await,
            Op::Status(game) => self.views().status(ctx, pick(game)).await,
            Op::BoardText(game) => self.views().board_text(ctx, pick(game)).await,
            Op::Access(on) => self.handles.core.access(ctx, on).await,
            Op::History(game) => self.views().history(ctx, pick(game)).await,
            Op::Stats => self.ratings().stats_of(ctx, None).await,
            Op::Top => self.ratings().ladder_view(ctx, None, super::Scope::Season).await,
            Op::Ladder { game, scope } => self.ratings().ladder_view(ctx, game, scope).await,
            Op::StatsOf(game) => self.ratings().stats_of(ctx, Some(game)).await,
            Op::Public(public) => self.ratings().set_public(ctx, public).await,
            Op::Vs(target) => self.ratings().versus(ctx, &target).await,
            Op::Fair(game) => self.views().fair(ctx, pick(game)).await,
            Op::Lang { chat, code } => self.handles.core.lang(ctx, chat, code.as_deref()).await,
            Op::Boards(mode) => self.handles.core.boards(ctx, mode).await,
            Op::Rules(game) => self.views().rules(ctx, game).await,
            Op::Invite(code) if code == "notify" => self.turn_notices().notify_here(ctx).await,
            // `start=games`, from a group's `/games`: the person's tables, privately.
            Op::Invite(code) if code == "games" => self.turn_notices().games(ctx).await,
            Op::Invite(code) => self.lobby().invite(ctx, &code).await,
            Op::Replay(pick) => self.replays().replay_game(ctx, pick).await,
            Op::Export(pick) => self.replays().export_game(ctx, pick).await,
            Op::Notify(words) => self.turn_notices().notify(ctx, &words).await,
            Op::Games => self.turn_notices().games(ctx).await,
            Op::Help => {
                Ok(vec![self.views().help(ctx, self.handles.core.user_lang_given(ctx, own).await)])
            }
            Op::Cup(op) => self.cups().cup(ctx, op).await,
            Op::AtTable { .. } => Ok(Vec::new()),
        }
    }

    /// A message from the table's words (`key` in the Fluent files) in `lang`, for adapters'
    /// own texts such as command menus.
    pub fn words(&self, lang: Lang, key: &str) -> String {
        self.handles.i18n.text(lang, key, &[])
    }

    /// A message as Discord says it (`channel`, `server` where others say `chat`), for the
    /// Discord adapter's own texts such as its commands' descriptions.
    pub fn discord_words(&self, lang: Lang, key: &str) -> String {
        self.handles.i18n.text(lang, key, &[(super::i18n::PLATFORM, Arg::Text("discord".into()))])
    }

    /// A user's display name as last seen (for a mention when the adapter has not seen the user
    /// since it started), if known.
    pub async fn user_name(&self, user: &UserId) -> Option<String> {
        match self.handles.store.user_name(user).await {
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
        let lang = self.handles.core.user_lang(ctx).await;
        View::private(Some(lang), self.handles.i18n.text(lang, key, &[]), ctx.user.clone())
    }
}
