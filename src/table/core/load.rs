//! Reading and writing tables: a stored row read through checked steps into a `Loaded` table
//! (its game from the snapshot, or replayed from the log), one version-guarded write back, and
//! finding the table a command means.

use serde_json::Value;

use super::{Core, CoreHandles};
use crate::engine::computer::Level;
use crate::engine::{Action, Event, Game, GameKind, Legal, OptionError, Options, Seat};
use crate::game::fair::Seed;
use crate::game::rating::Skill;
use crate::game::setup;
use crate::ids::{CupId, TableId, UserId};
use crate::store::{SeatRecord, StoreError, TableRecord, TableStatus};
use crate::table::fail::{Fail, Refusal, ServiceError, say};
use crate::table::words::Settings;
use crate::table::{Ctx, Pick, Slot, View};

/// The version of the JSON shapes this build stores (states, actions, options). A table stored
/// with another shape is rebuilt by replaying its log on load.
pub const SHAPE: i32 = 1;

/// Strikes in a row that remove a player (C5).
pub const MAX_STRIKES: i32 = 3;

/// How long a process holds a claimed deadline before another may take it, in milliseconds.
pub(in crate::table) const LEASE_MS: i64 = 60_000;

/// How long the turn timer holds a claimed table, in milliseconds: sized to the work (a turn
/// is played and its board drawn in well under a second), so that a table claimed by a process
/// that died is played by another within seconds, not a minute. Should the work outlast it,
/// the table's version still lets only one process's change apply.
pub(in crate::table) const CLAIM_MS: i64 = 10_000;

/// How many times a typed command or a lobby button is tried on the table as it is now, when
/// another change was stored first (a computer's move, another player's command, another
/// process): each try reads the table again, so what still fits takes effect.
const FRESH_TRIES: usize = 16;

/// One rated person's change in a finished game (all-time rating), for the ranking message.
#[derive(Debug, Clone, PartialEq)]
pub(in crate::table) struct Rated {
    /// The seat.
    pub(in crate::table) seat: usize,
    /// Before the game (a new player's start if none).
    pub(in crate::table) before: Skill,
    /// After it.
    pub(in crate::table) after: Skill,
    /// Rated games after it (this one counted).
    pub(in crate::table) games: i64,
}

/// A table read from the store, with its game decoded.
#[derive(Clone)]
pub(in crate::table) struct Loaded {
    pub(in crate::table) rec: TableRecord,
    pub(in crate::table) kind: GameKind,
    pub(in crate::table) options: Options,
    pub(in crate::table) settings: Settings,
    pub(in crate::table) game: Option<Game>,
    /// The table's secret seed, checked to be 32 bytes when read.
    seed: Seed,
    /// The seats as last read or written: a save writes them only if they changed.
    pub(in crate::table) stored_seats: Vec<SeatRecord>,
    /// A rematch lobby's invited players: the people who sat at the game it is the rematch of
    /// (read from that game by [`Core::load`]; empty for any other table).
    pub(in crate::table) invited: Vec<SeatRecord>,
    /// The rating changes of the save that finished the game (none otherwise).
    pub(in crate::table) rated: Vec<Rated>,
}

impl Loaded {
    /// Whether the table can be replayed and exported: it ended, with a game played.
    pub(in crate::table) fn replayable(&self) -> Result<(), Fail> {
        if !self.rec.status.is_ended() {
            return Err(say(Refusal::ReplayRunning));
        }
        if self.game.is_none() {
            return Err(Fail::Say(Refusal::ReplayEmpty, vec![("table", self.rec.id.into())]));
        }
        Ok(())
    }

    /// A table as read: its row, and the game kind, options, settings and seed decoded from it.
    pub(in crate::table) fn new(
        rec: TableRecord,
        kind: GameKind,
        options: Options,
        settings: Settings,
        seed: Seed,
    ) -> Self {
        let stored_seats = rec.seats.clone();
        Self {
            rec,
            kind,
            options,
            settings,
            game: None,
            seed,
            stored_seats,
            invited: Vec::new(),
            rated: Vec::new(),
        }
    }

    pub(in crate::table) fn names(&self) -> Vec<String> {
        self.rec.seats.iter().map(|s| s.name.clone()).collect()
    }

    pub(in crate::table) fn seat_of(&self, user: &UserId) -> Option<Seat> {
        self.rec.seats.iter().position(|s| s.user == *user && !s.left).map(|s| s as Seat)
    }

    /// Who sees a private table's messages in their own chat with the bot: everyone who sat
    /// at it (those who left still see how it ends). Empty for an ordinary table.
    pub(in crate::table) fn audience(&self) -> Vec<UserId> {
        if !self.settings.private {
            return Vec::new();
        }
        let mut users: Vec<UserId> = Vec::new();
        // A rematch lobby is shown to the players it invites too.
        for seat in self.rec.seats.iter().chain(&self.invited) {
            if !users.contains(&seat.user) && !seat.user.is_computer() {
                users.push(seat.user.clone());
            }
        }
        users
    }

    pub(in crate::table) fn seed(&self) -> Seed {
        self.seed.clone()
    }

    /// The level of the computer whose turn it is: the seat to move, or for a roll-off (anyone
    /// seated may throw it) the first computer seated. `None` when a person is to act.
    pub(in crate::table) fn computer_to_act(&self) -> Option<(Seat, Level)> {
        if self.rec.status != TableStatus::Playing {
            return None;
        }
        let game = self.game.as_ref()?;
        let level = |seat: usize| {
            let s = self.rec.seats.get(seat).filter(|s| !s.left)?;
            s.user.as_computer().map(|(level, _)| level)
        };
        match game.legal() {
            Legal::RollOff { .. } => {
                (0..self.rec.seats.len()).find_map(|seat| Some((seat as Seat, level(seat)?)))
            }
            legal => {
                let seat = legal.to_move()?;
                Some((seat, level(usize::from(seat))?))
            }
        }
    }

    /// Whether any person still plays (computers alone do not play on).
    pub(in crate::table) fn people_playing(&self) -> bool {
        self.rec.seats.iter().any(|s| !s.left && !s.user.is_computer())
    }

    /// Whether its boards come text first: one of its players asked (`/access on`).
    pub(in crate::table) fn text_first(&self) -> bool {
        self.rec.seats.iter().any(|s| s.access && !s.left)
    }

    /// The message that shows this table now.
    pub(in crate::table) fn slot(&self) -> Slot {
        if self.rec.status == TableStatus::Lobby { Slot::Lobby } else { Slot::Board }
    }

    /// A table from its stored row, checked: the game is known, its options and settings
    /// parse, the seed is 32 bytes and the seats fit the game. The error says what is wrong;
    /// nothing is read with defaults (a corrupt settings column would make a private table
    /// public). The game itself is decoded by [`Core::load`].
    pub(in crate::table) fn read(mut rec: TableRecord) -> Result<Self, String> {
        // A name stored before names were cleaned is read as it is stored now.
        for seat in &mut rec.seats {
            seat.name = crate::table::clean_name(&seat.name);
        }
        let kind: GameKind = rec.game.parse().map_err(|e: OptionError| e.to_string())?;
        let (options, settings) = checked_options(kind, &rec.options, &rec.settings)?;
        let seed = <[u8; 32]>::try_from(rec.seed.as_slice())
            .map(Seed::from_bytes)
            .map_err(|_| format!("the seed is {} bytes, not 32", rec.seed.len()))?;
        let (seats, players) = (rec.seats.len(), kind.players());
        let seats_fit = match rec.status {
            TableStatus::Lobby | TableStatus::Cancelled => seats <= *players.end(),
            TableStatus::Playing | TableStatus::Finished => players.contains(&seats),
        };
        if !seats_fit {
            return Err(format!(
                "{seats} seats at a {} table: {kind} seats {}–{}",
                rec.status.word(),
                players.start(),
                players.end()
            ));
        }
        Ok(Loaded::new(rec, kind, options, settings, seed))
    }
}

/// A stored table's (or cup's) options and settings, checked: JSON that is not a game's
/// options object, or not settings, is damage (never read as the defaults).
pub(in crate::table) fn checked_options(
    kind: GameKind,
    options: &str,
    settings: &str,
) -> Result<(Options, Settings), String> {
    let options_json: Value = serde_json::from_str(options).map_err(|e| format!("options: {e}"))?;
    if !options_json.is_object() {
        // `Options::from_json` reads anything else as the defaults.
        return Err(format!("options: {options} is not an object"));
    }
    let options = Options::from_json(kind, &options_json).map_err(|e| e.to_string())?;
    let settings: Settings =
        serde_json::from_str(settings).map_err(|e| format!("settings {settings:?}: {e}"))?;
    Ok((options, settings))
}

impl Core {
    /// The core over `h`'s handles, sharing `damaged` (the damage noted so far) with its
    /// earlier builds.
    pub(in crate::table) fn new(h: CoreHandles, damaged: Option<&Core>) -> Self {
        Self {
            store: h.store,
            i18n: h.i18n,
            clock: h.clock,
            metrics: h.metrics,
            health: h.health,
            seasons: h.seasons,
            computer_pause_ms: h.computer_pause_ms,
            owed: h.owed,
            damaged: damaged.map(|c| c.damaged.clone()).unwrap_or_default(),
            damaged_cups: damaged.map(|c| c.damaged_cups.clone()).unwrap_or_default(),
        }
    }

    /// The people a rematch of table `of` invites: every person who sat at it, once each
    /// (also those who left it early: they were players of the game; computers sit again
    /// without an invitation).
    async fn invited(&self, of: TableId) -> Result<Vec<SeatRecord>, ServiceError> {
        let mut invited: Vec<SeatRecord> = Vec::new();
        for seat in self.store.seats(of).await? {
            if !seat.user.is_computer() && !invited.iter().any(|s| s.user == seat.user) {
                invited.push(seat);
            }
        }
        Ok(invited)
    }

    /// The thread a table plays in (a Discord thread opened for it: its channel's number), as
    /// read with the table, or else read now.
    pub(in crate::table) async fn thread_of(&self, t: &Loaded) -> Result<Option<i64>, Fail> {
        match &t.rec.around {
            Some(around) => Ok(around.thread()),
            None => Ok(self.store.thread(t.rec.id).await?),
        }
    }

    /// Tables this process found damaged, with what is wrong.
    pub(in crate::table) fn damaged_tables(&self) -> Vec<(TableId, String)> {
        let damaged = self.damaged.lock().unwrap_or_else(|p| p.into_inner());
        damaged.iter().map(|(id, why)| (*id, why.clone())).collect()
    }

    /// Whether table `id` is known to be damaged.
    pub(in crate::table) fn is_damaged(&self, id: TableId) -> bool {
        self.damaged.lock().unwrap_or_else(|p| p.into_inner()).contains_key(&id)
    }

    /// Notes that table `id` reads again (repaired by hand): no longer listed as damaged.
    fn note_repaired(&self, id: TableId) {
        let mut damaged = self.damaged.lock().unwrap_or_else(|p| p.into_inner());
        if damaged.remove(&id).is_some() {
            tracing::info!(table = id.get(), "a table once damaged reads again");
        }
    }

    /// Notes that table `id` is damaged: logged once, and reported by [`Self::damaged_tables`].
    pub(in crate::table) fn note_damaged(&self, id: TableId, why: &str) {
        let mut damaged = self.damaged.lock().unwrap_or_else(|p| p.into_inner());
        if damaged.insert(id, why.to_owned()).is_none() {
            tracing::error!(table = id.get(), why, "a stored table is damaged; it is refused");
        }
    }

    /// Notes that cup `id` is damaged: logged once.
    pub(in crate::table) fn note_damaged_cup(&self, id: CupId, why: &str) {
        let mut damaged = self.damaged_cups.lock().unwrap_or_else(|p| p.into_inner());
        if damaged.insert(id) {
            tracing::error!(cup = id.get(), why, "a stored cup is damaged; it is refused");
        }
    }

    /// Applies `once` to table `t` as it is now: if another change was stored first (a
    /// computer's move, another player's command or press, another bot process), the table is
    /// read again and `once` applied to that, up to [`FRESH_TRIES`] times, so that whatever
    /// still fits takes effect (and what no longer fits is refused for what it is). For typed
    /// commands and lobby buttons; a move button stays bound to the version it was drawn at.
    pub(in crate::table) async fn as_it_is_now<F, Fut>(
        &self,
        mut t: Loaded,
        mut once: F,
    ) -> Result<Vec<View>, Fail>
    where
        F: FnMut(Loaded) -> Fut,
        Fut: std::future::Future<Output = Result<Vec<View>, Fail>>,
    {
        let id = t.rec.id;
        for _ in 0..FRESH_TRIES - 1 {
            match once(t).await {
                Err(Fail::Stale(_)) => t = self.load(id).await?,
                done => return done,
            }
        }
        once(t).await
    }

    /// A stored table, checked ([`Loaded::read`]), with its game from the snapshot or, if the
    /// snapshot is of another shape or does not load, replayed from the log.
    pub(in crate::table) async fn load(&self, id: TableId) -> Result<Loaded, ServiceError> {
        let rec = match self.store.table(id).await {
            Ok(rec) => rec,
            Err(StoreError::BadRow { table, why }) => {
                return Err(ServiceError::Damaged(table, why));
            }
            Err(e) => return Err(e.into()),
        };
        let mut loaded = Loaded::read(rec).map_err(|why| ServiceError::Damaged(id, why))?;
        // A lobby, or a table cancelled before it started, has no game (and may have no seats).
        if loaded.rec.status != TableStatus::Lobby && loaded.rec.state.is_some() {
            let snapshot = match loaded.rec.state.as_deref() {
                _ if loaded.rec.shape != SHAPE => {
                    Err(format!("stored in shape {}, not {SHAPE}", loaded.rec.shape))
                }
                Some(text) => serde_json::from_str(text)
                    .map_err(|e| format!("the snapshot is not JSON: {e}"))
                    .and_then(|state| {
                        Game::from_json(loaded.kind, &state)
                            .map_err(|e| format!("the snapshot does not load: {e}"))
                    }),
                None => Err("no snapshot".to_owned()),
            };
            let game = match snapshot {
                Ok(game) => game,
                // Another shape, or a snapshot that no longer reads: the log is the truth.
                Err(why) => {
                    tracing::warn!(table = id.get(), why, "rebuilding from the log");
                    self.replay(&loaded).await?.0
                }
            };
            // Every seat the game knows must have its row, and no more: the service indexes
            // the seats by the game's seat numbers.
            let (players, seats) = (game.players(), loaded.rec.seats.len());
            if players != seats {
                let why = format!("{seats} seats for a game of {players} players");
                return Err(ServiceError::Damaged(id, why));
            }
            loaded.game = Some(game);
        }
        if let Some(of) = loaded.rec.rematch_of
            && loaded.rec.status == TableStatus::Lobby
        {
            loaded.invited = self.invited(of).await?;
        }
        // A table repaired by hand reads again: it is no longer reported damaged.
        self.note_repaired(id);
        Ok(loaded)
    }

    /// A table's logged actions, in order (a stored action that does not read is damage).
    pub(in crate::table) async fn actions(&self, t: &Loaded) -> Result<Vec<Action>, ServiceError> {
        self.store
            .actions(t.rec.id)
            .await?
            .iter()
            .map(|text| serde_json::from_str::<Action>(text))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| ServiceError::Damaged(t.rec.id, e.to_string()))
    }

    /// Replays a started table's log from its seed: the game, and each action with its events.
    pub(in crate::table) async fn replay(
        &self,
        t: &Loaded,
    ) -> Result<(Game, Vec<(Action, Vec<Event>)>), ServiceError> {
        let damaged = |why: String| ServiceError::Damaged(t.rec.id, why);
        let mut game =
            setup::new_game_by(t.settings.boards, &t.options, t.rec.seats.len(), &t.seed(), 0)
                .map_err(|e| damaged(e.to_string()))?;
        let mut log = Vec::new();
        for action in self.actions(t).await? {
            let events = game.play(&action).map_err(|e| damaged(e.to_string()))?;
            log.push((action, events));
        }
        Ok((game, log))
    }

    /// The table whose own thread `ctx`'s chat is (Discord: `discord:<server>/<thread>`), open or
    /// ended: commands typed in a table's thread reach that table, also after its game ended.
    pub(in crate::table) async fn thread_table(&self, ctx: &Ctx) -> Result<Option<Loaded>, Fail> {
        let (Some(server), Some(thread)) = (ctx.chat.group(), ctx.chat.name_in_group()) else {
            return Ok(None);
        };
        let Ok(thread) = thread.parse() else { return Ok(None) };
        let Some(id) = self.store.table_of_thread(thread).await? else { return Ok(None) };
        let t = self.load(id).await?;
        let same_server = t.rec.chat.group().is_some_and(|s| s == server);
        Ok(same_server.then_some(t))
    }

    /// The table numbered `id`, if `ctx` may reach it: one of this chat, of this table's own
    /// thread, or a private table the user sits at (from their own chat with the bot).
    pub(in crate::table) async fn numbered(&self, ctx: &Ctx, id: TableId) -> Result<Loaded, Fail> {
        let no_such = || Fail::Say(Refusal::NoSuchTable, vec![("table", id.into())]);
        let t = match self.load(id).await {
            Ok(t) => t,
            Err(ServiceError::Store(StoreError::NotFound(_))) => return Err(no_such()),
            Err(e) => return Err(e.into()),
        };
        let reachable = t.rec.chat == ctx.chat
            || (t.settings.private && t.seat_of(&ctx.user).is_some())
            || self.thread_table(ctx).await?.is_some_and(|own| own.rec.id == id);
        if reachable { Ok(t) } else { Err(no_such()) }
    }

    /// The one open table of this chat the user means: the one numbered, or of `game` if
    /// named, preferring one they sit at. `statuses` are the statuses that qualify. When
    /// several qualify, the refusal lists them by number and game and says how to pick one.
    pub(in crate::table) async fn find(
        &self,
        ctx: &Ctx,
        pick: impl Into<Pick>,
        statuses: &[TableStatus],
    ) -> Result<Loaded, Fail> {
        let game = match pick.into() {
            Pick::Table(id) => {
                let t = self.numbered(ctx, id).await?;
                return match t.rec.status {
                    status if statuses.contains(&status) => Ok(t),
                    TableStatus::Lobby => Err(say(Refusal::NotStarted)),
                    TableStatus::Playing => Err(say(Refusal::Started)),
                    TableStatus::Finished | TableStatus::Cancelled => Err(say(Refusal::GameOver)),
                };
            }
            Pick::Unknown(_) | Pick::Last => None,
            Pick::Game(game) => Some(game),
        };
        let mut rows = self.store.tables_in_chat(&ctx.chat, statuses).await?;
        if rows.is_empty()
            && let Some(t) = self.thread_table(ctx).await?
            && statuses.contains(&t.rec.status)
            && game.is_none_or(|k| k == t.kind)
        {
            // A table's own thread (Discord): commands there act on its table.
            return Ok(t);
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
            // A row whose status no build word names is damaged, not absent.
            if let Some((id, word)) = self.store.unknown_status_in_chat(&ctx.chat).await? {
                let why = format!("its status {word:?} is not one this build knows");
                return Err(Fail::Internal(ServiceError::Damaged(id, why)));
            }
            return Err(Fail::NoTable);
        }
        let mut candidates = Vec::new();
        for (id, _, _) in &rows {
            candidates.push(self.load(*id).await?);
        }
        if candidates.len() == 1 {
            return Ok(candidates.remove(0));
        }
        let (mut mine, others): (Vec<Loaded>, Vec<Loaded>) =
            candidates.into_iter().partition(|t| t.seat_of(&ctx.user).is_some());
        if mine.len() == 1 {
            return Ok(mine.remove(0));
        }
        Err(self.which_table(ctx, if mine.is_empty() { &others } else { &mine }).await)
    }

    /// The refusal when several tables qualify: each by number, game and state, newest first,
    /// and how to pick one by its number (never "name the game" alone: two tables may be of
    /// the same game).
    async fn which_table(&self, ctx: &Ctx, tables: &[Loaded]) -> Fail {
        let lang = self.user_lang(ctx).await;
        let items: Vec<String> = tables
            .iter()
            .map(|t| {
                let status = if t.rec.status == TableStatus::Lobby { "lobby" } else { "playing" };
                self.i18n.text(
                    lang,
                    "which-table-item",
                    &[
                        ("table", t.rec.id.into()),
                        ("game", self.game_name(lang, t.kind).into()),
                        ("status", status.into()),
                    ],
                )
            })
            .collect();
        // The example names a table as typed: ASCII digits, in every language.
        let example = tables.first().map_or(0, |t| t.rec.id.get()).to_string();
        Fail::Say(
            Refusal::WhichTable,
            vec![("tables", items.join(", ").into()), ("table", example.into())],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SeatRecord;

    fn row(game: &str, seats: usize, status: TableStatus) -> TableRecord {
        let seats = (0..seats)
            .map(|i| SeatRecord {
                user: format!("u{i}").into(),
                name: format!("U{i}"),
                ..Default::default()
            })
            .collect();
        TableRecord {
            id: TableId::new(7),
            game: game.into(),
            options: "{}".into(),
            settings: r#"{"private":true}"#.into(),
            seed: vec![9; 32],
            status,
            seats,
            ..TableRecord::default()
        }
    }

    /// A service over a fresh SQLite file of its own (`name` tells the tests' apart), on a
    /// manual clock; and the folder to remove after.
    async fn unit_service(name: &str) -> (crate::table::Service, std::path::PathBuf) {
        let dir =
            std::env::temp_dir().join(format!("dicetable-unit-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}", dir.join("t.db").display());
        let store = crate::store::Store::connect(&url).await.unwrap();
        let clock = std::sync::Arc::new(crate::table::ManualClock::new(1_800_000_000_000));
        (crate::table::Service::new(store, b"a test secret of some length", clock), dir)
    }

    /// `name` (user `unit:<name>`) in `chat`.
    fn unit_ctx(chat: &str, name: &str) -> crate::table::Ctx {
        crate::table::Ctx {
            chat: chat.into(),
            user: format!("unit:{name}").into(),
            name: name.into(),
            locale: None,
            admin: false,
            chat_title: None,
        }
    }

    fn refusal(rec: TableRecord) -> String {
        Loaded::read(rec).err().expect("the row is refused")
    }

    /// Issue 34 item 6: a move whose save fails (another process saved the table first) leaves
    /// the loaded table exactly as it was read, not half moved.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_failed_save_leaves_the_table_as_it_was_read() {
        use crate::engine::Action;
        use crate::table::Op;
        let (service, dir) = unit_service("save").await;
        let who = |name: &str| unit_ctx("unit:save", name);
        let words = vec!["1h".to_owned()];
        service.handle(&who("Ana"), Op::Create { game: GameKind::Snakes, words }).await;
        service.handle(&who("Ben"), Op::Join(None)).await;
        service.handle(&who("Ana"), Op::Start(None)).await;
        let id = service
            .core()
            .store
            .tables_in_chat(&"unit:save".into(), &TableStatus::OPEN)
            .await
            .unwrap()[0]
            .0;
        let mut first = service.core().load(id).await.unwrap();
        let mut second = service.core().load(id).await.unwrap();
        let roll = Action::Roll { dice: Vec::new() };
        assert!(
            service.play().play_one(&mut second, roll.clone(), None).await.is_ok(),
            "the first save"
        );
        let before = (first.rec.clone(), first.game.clone(), first.stored_seats.clone());
        assert!(service.play().play_one(&mut first, roll, None).await.is_err(), "a stale version");
        assert_eq!(first.rec, before.0, "the row as read");
        assert_eq!(first.game, before.1, "the game as read");
        assert_eq!(first.stored_seats, before.2);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_sound_row_reads_with_its_own_settings() {
        let t = Loaded::read(row("ludo", 3, TableStatus::Playing)).expect("a sound row");
        assert_eq!(t.kind, GameKind::Ludo);
        assert!(t.settings.private);
        assert!(t.seed() == Seed::from_bytes([9; 32]));
    }

    #[test]
    fn a_damaged_row_is_refused_with_what_is_wrong() {
        let mut r = row("ludo", 2, TableStatus::Playing);
        r.settings = "{\"private\": tru".into();
        assert!(
            refusal(r).starts_with("settings \"{\\\"private\\\": tru\""),
            "never a public default"
        );
        let mut r = row("ludo", 2, TableStatus::Playing);
        r.seed.pop();
        assert_eq!(refusal(r), "the seed is 31 bytes, not 32");
        assert_eq!(
            refusal(row("nardy", 3, TableStatus::Playing)),
            "3 seats at a playing table: nardy seats 2–2"
        );
        assert!(Loaded::read(row("nardy", 1, TableStatus::Lobby)).is_ok(), "a lobby fills up");
        assert!(refusal(row("chess", 2, TableStatus::Lobby)).contains("chess"));
        let mut r = row("ludo", 2, TableStatus::Playing);
        r.options = r#"{"until": "last"}"#.into();
        assert!(refusal(r).contains("last"), "an option value the game does not know");
    }

    /// A computer's turn waits for the board before it: while the board of the version that
    /// left the computer to act is still being made in this process, the turn timer plays
    /// nothing (the computer's board would reach the chat first, and the earlier one would be
    /// posted under it); once made, the timer plays the turn.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_computer_waits_for_the_board_before_its_turn() {
        use crate::table::Op;
        let (service, dir) = unit_service("owed").await;
        let service = service.with_computer_pause(std::time::Duration::ZERO);
        let ana = unit_ctx("unit:owed", "Ana");
        // Nardy against a computer starts at once, with the roll-off the computer throws.
        let words = vec!["bot".to_owned()];
        service.handle(&ana, Op::Create { game: GameKind::Nardy, words }).await;
        let id = service
            .core()
            .store
            .tables_in_chat(&"unit:owed".into(), &TableStatus::OPEN)
            .await
            .unwrap()[0]
            .0;
        let mut t = service.core().load(id).await.unwrap();
        let mut turns = 0;
        while t.computer_to_act().is_some() && turns < 20 {
            let version = t.rec.version;
            // As `save` notes it, the board of this version is still being made: nothing.
            service.core().owed.owe_board(id, version);
            let held = service.tick().await.unwrap();
            assert!(held.is_empty(), "the computer waited: {held:?}");
            assert_eq!(
                service.core().load(id).await.unwrap().rec.version,
                version,
                "nothing played"
            );
            // Made: the turn is played, and its own board (made by the timer) owes nothing.
            service.core().owed.board_made(id, version);
            let played = service.tick().await.unwrap();
            assert!(!played.is_empty(), "the computer played once the board was made");
            t = service.core().load(id).await.unwrap();
            assert!(t.rec.version > version);
            assert!(
                !service.core().owed.board_owed(id, t.rec.version),
                "the timer's board was made"
            );
            turns += 1;
        }
        assert!(turns > 0, "the computer threw the roll-off");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
