//! Helpers shared by the integration tests: databases for storage tests, and property-test
//! helpers for the games.

#![allow(dead_code)]

pub mod bot_api;
pub mod chromium;
pub mod scenario;

use dicetable::engine::{Action, Entropy, Event, Game, LeaveReason};

/// A replay wait (`Service::with_replay_wait`) long enough that a replay request is answered
/// with its GIF even on a machine busy with other tests, never with "being drawn".
pub const LONG: std::time::Duration = std::time::Duration::from_secs(60);

/// The actions that a game's events record. Replaying them on the same setup must rebuild the
/// game exactly: the table service's log works the same way.
pub fn recorded_actions(events: &[Event]) -> Vec<Action> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { dice, .. } => Some(Action::Roll { dice: dice.clone() }),
            Event::RollOff { rolls } => {
                Some(Action::Roll { dice: rolls.iter().map(|r| r[1]).collect() })
            }
            Event::Entered { piece, .. } | Event::PieceMoved { piece, .. } => {
                Some(Action::Move { piece: *piece })
            }
            Event::Stepped { from, die, .. } => Some(Action::Step { from: *from, die: *die }),
            Event::Left { seat, reason } => Some(match reason {
                LeaveReason::Resigned => Action::Resign { seat: *seat },
                LeaveReason::Kicked => Action::Kick { seat: *seat },
                LeaveReason::TimedOut => Action::Remove { seat: *seat },
            }),
            _ => None,
        })
        .collect()
}

/// Refused actions change nothing (C7).
pub fn assert_refused(game: &mut Game, action: &Action) {
    let before = game.clone();
    assert!(game.play(action).is_err(), "{action:?} should be refused in {:?}", game.legal());
    assert_eq!(*game, before);
}

/// Competition ranking (C6): each rank r is held by seats with exactly r − 1 seats above them.
pub fn assert_competition_ranking(ranking: &[u8]) {
    assert!(ranking.contains(&1), "{ranking:?}");
    for &r in ranking {
        let above = ranking.iter().filter(|&&o| o < r).count();
        assert_eq!(above + 1, usize::from(r), "{ranking:?}");
    }
}

/// Departed seats rank below every seat still in play; a later leaver above an earlier (C5).
pub fn assert_departures_rank_last(ranking: &[u8], departed: &[u8]) {
    for (i, &a) in departed.iter().enumerate() {
        for seat in 0..ranking.len() as u8 {
            if !departed.contains(&seat) {
                assert!(ranking[usize::from(seat)] < ranking[usize::from(a)], "{ranking:?}");
            }
        }
        for &b in &departed[i + 1..] {
            assert!(ranking[usize::from(b)] < ranking[usize::from(a)], "{ranking:?}");
        }
    }
}

/// The Postgres test database (`TEST_DATABASE_URL`; `.ci/run` creates the default one).
pub fn postgres_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/dicetable_test".to_owned())
}

/// A fresh SQLite file for one test of one suite.
pub fn sqlite_url(suite: &str, name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("dicetable-{suite}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    format!("sqlite://{}", dir.join("test.db").display())
}

/// Who acts in a service test: `user` in `chat` (user id `<chat>/<user>`), no admin rights.
pub fn ctx(chat: &str, user: &str) -> dicetable::table::Ctx {
    dicetable::table::Ctx {
        chat: chat.into(),
        user: format!("{chat}/{user}").into(),
        name: user.to_owned(),
        locale: None,
        admin: false,
        chat_title: None,
    }
}

/// A chat id no other test or run uses.
pub fn unique(tag: &str) -> String {
    let nanos =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    format!("test:{tag}:{nanos}")
}

/// A bot on `database_url` with the playground on, on a free loopback port, and no chat platform.
pub fn bot_config(database_url: String) -> dicetable::bot::Config {
    // `RUST_LOG=dicetable=debug cargo test …` shows the bots' logs (on stderr, not captured).
    if std::env::var_os("RUST_LOG").is_some() {
        dicetable::bot::init_logging(dicetable::bot::LogFormat::Human);
    }
    dicetable::bot::Config {
        database_url,
        listen: "127.0.0.1:0".parse().unwrap(),
        playground: dicetable::bot::PlaygroundMode::On,
        secret: Some("a test secret of some length".into()),
        log_format: dicetable::bot::LogFormat::Human,
        shutdown_timeout: std::time::Duration::from_secs(25),
        // Computers play at once in tests (the product waits 1.5 s for people to follow).
        computer_pause: std::time::Duration::from_millis(30),
        // Replays are awaited in tests, on machines busy with other tests (the product tells the
        // chat "being drawn" after 2 s; tests of that set it themselves).
        replay_wait: LONG,
        seasons: dicetable::game::rating::Seasons::default(),
        telegram_token: None,
        telegram_api_url: "https://api.telegram.org".parse().unwrap(),
        telegram_webhook_url: None,
        // The fake Bot API counts a chat's calls in the same shrunk window (bot_api::WINDOW).
        telegram_rate_window: bot_api::WINDOW,
        discord_token: None,
        discord_proxy_url: None,
        discord_shards: dicetable::discord::Shards::Auto,
        // Discord's 5 s between identifies would slow every bot start in tests.
        discord_identify_interval: std::time::Duration::from_millis(200),
        public_url: None,
        telegram_app: None,
        live_rate: 1000,
    }
}

/// The tag of this test run in database names: `DICETABLE_TEST_RUN` (`.ci/run` sets it and
/// drops exactly its own databases at the end), else this test process's id. Two runs on one
/// server (two clones, two developers) never touch each other's databases.
fn run_tag() -> String {
    let tag =
        std::env::var("DICETABLE_TEST_RUN").unwrap_or_else(|_| format!("p{}", std::process::id()));
    tag.chars()
        .filter(char::is_ascii_alphanumeric)
        .take(16)
        .collect::<String>()
        .to_ascii_lowercase()
}

/// The database name of test `name` in this run: `dicetable_t_<run>_<name>`, lower case, at
/// most 63 bytes (Postgres cuts longer names, which could make two tests share one), with a
/// hash of the whole name where it had to be shortened.
fn test_database_name(name: &str) -> String {
    let full: String = format!("dicetable_t_{}_{name}", run_tag())
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' })
        .collect();
    if full.len() <= 63 {
        return full;
    }
    let hash = full
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    format!("{}_{hash:016x}", &full[..46])
}

/// A fresh, empty Postgres database for one test of this run (dropped first if it exists), on
/// the server of `TEST_DATABASE_URL`; returns its URL. Each test that plays through a whole
/// bot gets its own, so fixed chat ids never meet another test's tables, and names carry the
/// run's tag (`run_tag`), so a second run on the same server never drops this one's.
pub async fn fresh_postgres(name: &str) -> String {
    use sqlx::Connection;
    let admin = postgres_url();
    let db = test_database_name(name);
    let mut conn = sqlx::PgConnection::connect(&admin).await.expect("TEST_DATABASE_URL answers");
    for sql in
        [format!("drop database if exists {db} with (force)"), format!("create database {db}")]
    {
        sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&mut conn).await.unwrap();
    }
    let mut url = url::Url::parse(&admin).unwrap();
    url.set_path(&db);
    url.to_string()
}

/// Both databases for one test: a fresh SQLite file and a fresh Postgres database.
pub async fn both_databases(suite: &str, name: &str) -> Vec<(&'static str, String)> {
    vec![
        ("sqlite", sqlite_url(suite, name)),
        ("postgres", fresh_postgres(&format!("{suite}_{name}")).await),
    ]
}

/// Both databases for one test, connected (migrated): `(name, store, url)`.
pub async fn stores(
    suite: &str,
    name: &str,
) -> Vec<(&'static str, dicetable::store::Store, String)> {
    let mut stores = Vec::new();
    for (db, url) in both_databases(suite, name).await {
        let store =
            dicetable::store::Store::connect(&url).await.unwrap_or_else(|e| panic!("{db}: {e}"));
        stores.push((db, store, url));
    }
    stores
}

/// README's chat-command examples as a conversation in one group (who, what they type, a
/// phrase the bot's answers to it must contain): every adapter that takes typed commands plays
/// it through, so the documented commands keep working as documented.
pub const README_CONVERSATION: &[(&str, &str, &str)] = &[
    ("Ana", "/snakes quick bounce 5m", "Finish: bounce back"),
    ("Ana", "/status", "Turn timer: 5 minutes"),
    ("Ben", "/join", "Ben joined"),
    ("Ana", "/options exact", "Finish: exact roll"),
    ("Ana", "/rules", "Rules of Snakes"),
    ("Ana", "/play", "roll the dice"),
    ("Ana", "/status", "roll the dice"),
    ("Ana", "/board text", "Where everyone is"),
    ("Ana", "/access on", "Text-first boards are on"),
    ("Ana", "/history", "last moves"),
    ("Ana", "/fair", "fingerprint"),
    ("Ben", "/resign", "Ben resigned"),
    ("Ana", "/stats", "1 played"),
    ("Ana", "/top", "pure chance"),
    (
        "Ana",
        "/ludo capture all",
        "Must capture: on · Three sixes lose the turn: off · Play until: everyone",
    ),
    ("Ana", "/cancel", "cancelled"),
    ("Ana", "/nardy 3", "Match to: 3"),
    ("Ben", "/join", "Long Nardy begins"),
    ("Ana", "/kick Ben", "Ben was removed"),
    ("Ana", "/rules ludo", "Rules of Ludo"),
    ("Ana", "/lang fa", "فارسی"),
    ("Ana", "/lang en", "English"),
    ("Ana", "/help", "/snakes"),
    ("Ana", "/access off", "Text-first boards are off"),
    ("Ana", "/cup nardy 5 rounds 24h", "5 rounds, 1 day each"),
    ("Ben", "/cup join", "You are signed up"),
    ("Ana", "/cup start", "round 1 of 5"),
    ("Ben", "/cup", "round 1 of 5"),
    ("Ana", "/cup cancel", "was cancelled"),
];

/// Runs one SQL statement on the database at `url` (Postgres or SQLite), for a test that must
/// put a table in a state no command reaches quickly (a reminder due now).
pub async fn execute(url: &str, sql: &str) {
    use sqlx::Connection;
    let sql = sqlx::AssertSqlSafe(sql.to_owned());
    if url.starts_with("postgres") {
        let mut conn = sqlx::PgConnection::connect(url).await.unwrap();
        sqlx::query(sql).execute(&mut conn).await.unwrap();
    } else {
        let mut conn = sqlx::SqliteConnection::connect(url).await.unwrap();
        sqlx::query(sql).execute(&mut conn).await.unwrap();
    }
}

/// The first column of what one query returns, as text (Postgres or SQLite).
pub async fn query_strings(url: &str, sql: &str) -> Vec<String> {
    use sqlx::{Connection, Row};
    let sql = sqlx::AssertSqlSafe(sql.to_owned());
    if url.starts_with("postgres") {
        let mut conn = sqlx::PgConnection::connect(url).await.unwrap();
        let rows = sqlx::query(sql).fetch_all(&mut conn).await.unwrap();
        rows.iter().map(|r| r.get::<String, _>(0)).collect()
    } else {
        let mut conn = sqlx::SqliteConnection::connect(url).await.unwrap();
        let rows = sqlx::query(sql).fetch_all(&mut conn).await.unwrap();
        rows.iter().map(|r| r.get::<String, _>(0)).collect()
    }
}

/// A seeded playout of one game to its end, shared by the games' property tests.
pub struct Playout<'a> {
    /// The game's options.
    pub options: &'a dicetable::engine::Options,
    /// Seats at the table.
    pub players: usize,
    /// The table's seed: its dice, and (stream `test-choices`) the playout's picks.
    pub seed: &'a dicetable::game::fair::Seed,
    /// The seat to move resigns every this many steps (0: nobody leaves).
    pub leave_every: u32,
    /// A game not over after this many steps fails the test.
    pub max_steps: u32,
}

/// A finished playout: the game, every event in order, and the seats that resigned.
pub struct Played {
    /// The finished game.
    pub game: Game,
    /// Every event of the game.
    pub log: Vec<Event>,
    /// Seats that resigned, in order.
    pub departed: Vec<u8>,
}

impl Playout<'_> {
    /// Plays the game to its end: rolls with the seed's dice, a random listed action when the
    /// game waits for a choice, a resignation every `leave_every` steps. Before each action
    /// `probe` sees the game and what it waits for (to try actions that must be refused); after
    /// each, `check` sees the new position, and the position must save and load again. At the
    /// end, the actions the events record must replay to the same game, event for event.
    pub fn run(
        &self,
        mut probe: impl FnMut(&mut Game, &dicetable::engine::Legal, &[u8]),
        mut check: impl FnMut(&Game),
    ) -> Played {
        use dicetable::engine::Legal;
        let kind = self.options.kind();
        let mut game =
            dicetable::game::setup::new_game(self.options, self.players, self.seed, 0).unwrap();
        let mut roller = dicetable::game::fair::Roller::new(self.seed, 0);
        let mut pick = self.seed.stream("test-choices", 0);
        let (mut log, mut departed, mut steps) = (Vec::new(), Vec::new(), 0u32);
        loop {
            let legal = game.legal();
            if legal == Legal::Over {
                break;
            }
            steps += 1;
            assert!(steps < self.max_steps, "the game did not finish in {steps} steps");
            probe(&mut game, &legal, &departed);
            let leaves = self.leave_every > 0 && self.players > 1;
            let action = if leaves && steps.is_multiple_of(self.leave_every) {
                let seat = legal.to_move().unwrap_or(0);
                departed.push(seat);
                Action::Resign { seat }
            } else {
                match &legal {
                    Legal::Choose { actions, .. } => {
                        actions[pick.below(actions.len() as u32) as usize].clone()
                    }
                    other => Action::Roll { dice: roller.roll_many(other.dice_due().unwrap()) },
                }
            };
            log.extend(game.play(&action).unwrap());
            check(&game);
            // Every position the engine reaches can be saved and loaded again.
            assert_eq!(Game::from_json(kind, &game.to_json()).unwrap(), game);
        }
        let mut replay =
            dicetable::game::setup::new_game(self.options, self.players, self.seed, 0).unwrap();
        let mut replay_log = Vec::new();
        for action in recorded_actions(&log) {
            replay_log.extend(replay.play(&action).unwrap());
        }
        assert_eq!(replay, game, "the recorded actions replay to the same game");
        assert_eq!(replay_log, log, "event for event");
        Played { game, log, departed }
    }
}

/// Checks what `/replay` and `/export` sent for one game: the record verifies against its seed
/// and the rules, and the GIF decodes with exactly the frames the record's replay draws.
/// Returns the frame count.
#[allow(dead_code)]
pub fn check_replay(gif: &[u8], record: &[u8]) -> usize {
    use dicetable::game::replay::{Record, animate};
    use dicetable::render::{Player, Renderer, Theme};
    let record: Record = serde_json::from_slice(record).expect("the record is JSON of its shape");
    let verified = record.verify().expect("the record verifies");
    assert!(verified.finished, "a finished game's record");
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(gif).expect("a GIF");
    let mut frames = 0;
    while decoder.read_next_frame().expect("every frame decodes").is_some() {
        frames += 1;
    }
    let players: Vec<Player> = record.players.iter().map(|n| Player { name: n.clone() }).collect();
    let replay = record.replay().expect("the record replays");
    let drawn = animate(&Renderer::new(), &replay, &players, Theme::Light, false).unwrap();
    assert_eq!(frames, drawn.frames, "a frame for each move that shows something new");
    assert!(frames >= 3, "{frames} frames");
    frames
}

/// Every `(ctx, op)` handed to the service at once (each on its own task, so they race as
/// presses from many people or processes do); the answers in the order given.
pub async fn at_once(
    service: &dicetable::table::Service,
    presses: impl IntoIterator<Item = (dicetable::table::Ctx, dicetable::table::Op)>,
) -> Vec<Vec<dicetable::table::View>> {
    let tasks: Vec<_> = presses
        .into_iter()
        .map(|(ctx, op)| {
            let service = service.clone();
            tokio::spawn(async move { service.handle(&ctx, op).await })
        })
        .collect();
    let mut answers = Vec::with_capacity(tasks.len());
    for task in tasks {
        answers.push(task.await.expect("a press's task panicked"));
    }
    answers
}

/// The standings rebuilt from the stored rows alone, as the test reads them.
pub fn rebuilt(c: &dicetable::store::CupRecord) -> Vec<(String, u32)> {
    use dicetable::engine::cup::{self, Cup, CupGame, Entrant};
    let format = c.format;
    let entrants =
        c.players.iter().map(|p| Entrant { rating: p.rating, withdrawn: p.withdrawn }).collect();
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for g in &c.games {
        let players = g.players.clone();
        match g.table {
            None => byes.push((g.round as u32, players[0])),
            Some(_) => {
                games.push(CupGame { round: g.round as u32, players, result: g.result.clone() })
            }
        }
    }
    let standings = cup::standings(&Cup { format, entrants, games, byes });
    standings.iter().map(|s| (c.players[s.player].name.clone(), s.points)).collect()
}

/// Text as a reader sees it: without Fluent's isolation marks around names and numbers.
#[allow(dead_code)]
pub fn plain(text: &str) -> String {
    text.replace(['\u{2068}', '\u{2069}'], "")
}

/// The words of several views, one per line, as [`plain`] text.
pub fn texts(views: &[dicetable::table::View]) -> String {
    let all: Vec<&str> = views.iter().map(|v| v.text.as_str()).collect();
    plain(&all.join("\n"))
}

/// The last board (a table's board message) among `views`.
pub fn board(views: &[dicetable::table::View]) -> Option<&dicetable::table::View> {
    use dicetable::table::Slot;
    views.iter().rev().find(|v| v.shows().is_some_and(|(_, s)| s == Slot::Board))
}

/// A manual clock at a fixed instant (2027-01-15 08:00 UTC).
pub fn clock() -> std::sync::Arc<dicetable::table::ManualClock> {
    std::sync::Arc::new(dicetable::table::ManualClock::new(1_800_000_000_000))
}

/// `who` types `text` (a chat command) and the service answers.
pub async fn say(
    service: &dicetable::table::Service,
    who: &dicetable::table::Ctx,
    text: &str,
) -> Vec<dicetable::table::View> {
    let command = dicetable::table::parse_command(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    service.handle(who, command.op).await
}

/// The button key of the services these tests make.
pub const SECRET: &[u8] = b"test secret";

/// The token of `view`'s first button whose action `pick` wants (signed with [`SECRET`]).
pub fn button_of(
    view: &dicetable::table::View,
    pick: impl Fn(dicetable::table::token::Button) -> bool,
) -> Option<String> {
    use dicetable::table::token::{Token, TokenKey};
    let key = TokenKey::new(SECRET);
    view.buttons()
        .iter()
        .flatten()
        .find(|b| Token::parse(&b.token, &key).is_ok_and(|t| pick(t.button)))
        .map(|b| b.token.clone())
}

/// The token of the first button among `views` whose action is `pick`.
pub fn token_for(
    views: &[dicetable::table::View],
    pick: dicetable::table::token::Button,
) -> Option<String> {
    views.iter().find_map(|v| button_of(v, |b| b == pick))
}

/// A store and a service (signing with [`SECRET`]) on each database for test `name` of
/// `suite`, the service's clock made by `clock`.
pub async fn services(
    suite: &str,
    name: &str,
    clock: impl Fn() -> std::sync::Arc<dicetable::table::ManualClock>,
) -> Vec<(
    &'static str,
    dicetable::store::Store,
    dicetable::table::Service,
    std::sync::Arc<dicetable::table::ManualClock>,
)> {
    let mut out = Vec::new();
    for (db, store, _) in stores(suite, name).await {
        let clock = clock();
        let service = dicetable::table::Service::new(store.clone(), SECRET, clock.clone());
        out.push((db, store, service, clock));
    }
    out
}

/// `ctx` for a chat admin.
pub fn admin(chat: &str, user: &str) -> dicetable::table::Ctx {
    dicetable::table::Ctx { admin: true, ..ctx(chat, user) }
}

/// Runs the `dicetable` binary with `args`.
pub fn dicetable(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_dicetable")).args(args).output().unwrap()
}

/// A message reference for tests that play an adapter: message `n`, its chat known.
pub fn message(n: i64) -> dicetable::ids::MessageRef {
    dicetable::ids::MessageRef::one(None, n)
}

/// What this thread logged at `warn` and above while a [`Logs::capture`] guard lived: how a
/// test says a damaged row was logged, and logged once. Thread-local: capture in a
/// current-thread runtime, or await the code under test on the test's own thread.
#[derive(Clone, Default)]
pub struct Logs(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl Logs {
    /// Starts capturing this thread's warnings; they stop with the guard.
    pub fn capture() -> (Self, tracing::subscriber::DefaultGuard) {
        let logs = Self::default();
        let subscriber = tracing_subscriber::fmt()
            .with_env_filter("dicetable=warn")
            .with_ansi(false)
            .with_writer(logs.clone())
            .finish();
        (logs.clone(), tracing::subscriber::set_default(subscriber))
    }

    /// The lines logged so far that contain `needle`.
    pub fn count(&self, needle: &str) -> usize {
        self.text().lines().filter(|l| l.contains(needle)).count()
    }

    /// Everything logged so far.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap_or_else(|p| p.into_inner())).into_owned()
    }
}

impl std::io::Write for Logs {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for Logs {
    type Writer = Logs;

    fn make_writer(&'a self) -> Self::Writer {
        self.clone()
    }
}

/// A chat for the show protocol in tests (`Service::show`): numbers its messages from 1, keeps
/// which carry live buttons, and notes each call (`new N`, `edit N`, `strip N`), as an adapter
/// would make them.
#[derive(Debug, Default)]
pub struct Recorder {
    next: std::sync::atomic::AtomicI64,
    /// The messages with live buttons.
    pub live: std::sync::Mutex<std::collections::BTreeSet<i64>>,
    /// Every call, in order.
    pub log: std::sync::Mutex<Vec<String>>,
}

impl Recorder {
    /// The calls so far.
    pub fn calls(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }

    /// The messages with live buttons.
    pub fn live(&self) -> Vec<i64> {
        self.live.lock().unwrap().iter().copied().collect()
    }
}

impl dicetable::table::show::Surface for Recorder {
    async fn put(
        &self,
        view: &dicetable::table::View,
        to: Option<&dicetable::ids::MessageRef>,
        buttons: bool,
    ) -> Option<dicetable::ids::MessageRef> {
        let id = match to.and_then(|t| t.posted.first()) {
            Some(p) => {
                self.log.lock().unwrap().push(format!("edit {}", p.message));
                p.message
            }
            None => {
                let id = self.next.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
                self.log.lock().unwrap().push(format!("new {id}"));
                id
            }
        };
        let mut live = self.live.lock().unwrap();
        if buttons && !view.buttons().is_empty() {
            live.insert(id);
        } else {
            live.remove(&id);
        }
        Some(message(id))
    }

    async fn strip(&self, m: dicetable::ids::Posted) {
        self.log.lock().unwrap().push(format!("strip {}", m.message));
        self.live.lock().unwrap().remove(&m.message);
    }
}

/// Records `m` as the message that shows version `version` of table `table`'s `slot`, as the
/// show protocol does once a message is shown (a claim, then its record).
pub async fn record(
    store: &dicetable::store::Store,
    table: dicetable::ids::TableId,
    slot: &str,
    m: dicetable::ids::MessageRef,
    version: dicetable::ids::Version,
) {
    let owner = 77_000 + m.posted.first().map_or(0, |p| p.message);
    store.shows().claim_show(table, slot, owner, 0, i64::MAX / 4, None).await.unwrap();
    assert!(store.shows().record_show(table, slot, owner, &m, version).await.unwrap());
}
