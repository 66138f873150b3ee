//! `dicetable load`: a load generator for sizing a deployment. It plays many tables at once,
//! pressing buttons as fast as answers come, and reports throughput, latency, errors, memory
//! and threads as one JSON object.
//!
//! Each table is a chat of its own with two (or more) players. A driver task per table opens a
//! lobby, seats its players, starts, and then presses a button of the board it was last shown,
//! as the player the board names, until the game ends; then it opens the next game. Games and
//! options rotate over the tables (Snakes, Ludo and Nardy, with some options on), so the mix
//! looks like a busy evening.
//!
//! In process (the default), the drivers call the table service directly, and after each board
//! show it by the show protocol, as an adapter does ([`Service::show`]). With
//! `--playground`, they drive a running bot through the playground's HTTP API instead (only on
//! a loopback address unless allowed).
//!
//! A press's latency is from the press to its answer with the new board drawn. Refusals are
//! counted by kind (`err-stale`, `err-store-down`, …); a healthy run has none.
//!
//! `--mix` adds what a real evening has besides presses ([`Mix`]): tables with a hard computer
//! (its turns played by the turn timer: in process a timer task runs beside the drivers, and
//! the drivers wait for the person's turn as a person glancing at the chat does), and replays
//! asked for at a steady rate, several at once (as when everyone in a chat taps Replay). A
//! replay's latency is reported apart from the presses', which stay the board latency of
//! people's moves.
//!
//! `--watchers` (in process) serves the live board (issue 36) on loopback and keeps one page
//! open on each table (its server-sent event stream, as a browser's `EventSource`): a watcher's
//! latency is from a press's answer to the arrival of the page's event with that move (the
//! table's version or a later one); an event that comes before the answer counts 0 ms.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::engine::{Entropy, GameKind};
use crate::game::fair::{Seed, Stream};
use crate::ids::{MessageRef, Posted, TableId, UserId, Version};
use crate::store::Store;
use crate::table::budget::{Budget, Limit};
use crate::table::{Ctx, Kind, Op, Post, Refusal, Service, Slot, SystemClock, TableMessage, View};

/// The longest run allowed, in seconds.
pub const MAX_SECONDS: f64 = 3600.0;
/// The most tables allowed.
pub const MAX_TABLES: usize = 10_000;

/// What to run.
#[derive(Debug, Clone)]
pub struct Config {
    /// The database (a fresh SQLite file by default: never a production database by accident).
    pub database_url: String,
    /// Tables played at once.
    pub tables: usize,
    /// Players at each table (2 to 4; Nardy tables always seat 2).
    pub players: usize,
    /// Stop after this long.
    pub seconds: f64,
    /// Stop after this many presses in all, if sooner.
    pub presses: Option<u64>,
    /// The games to rotate over.
    pub games: Vec<GameKind>,
    /// The seed of the drivers' choices among buttons (the dice are the tables' own).
    pub seed: u64,
    /// Boards drawn at once (normally one per core).
    pub draw_limit: usize,
    /// Drive a running bot's playground at this address instead of an in-process service.
    pub playground: Option<url::Url>,
    /// Presses per second in all, spread evenly over the tables (an open loop, as people
    /// play: latency is then the time a press waits and is served). None: every table presses
    /// again as soon as it is answered (a closed loop, for the most a process can do).
    pub rate: Option<f64>,
    /// Report the memory and threads of this process (a running bot) instead of this one's.
    pub pid: Option<u32>,
    /// Computers and replays beside the presses.
    pub mix: Mix,
    /// Keep one live-board page open on each table (in process only).
    pub watchers: bool,
    /// Whose chat calls to count (in process only): each platform's adapter makes its own
    /// calls for the same show protocol, within its own limits.
    pub platform: Platform,
    /// How long a player thinks before pressing, the least and the most (drawn evenly
    /// between, from the driver's seeded choices): people, not a closed loop.
    pub think: Option<(Duration, Duration)>,
    /// The window Telegram counts a group's calls in (its minute; a shorter one runs the same
    /// game faster, every call still counted).
    pub window: Duration,
}

/// Parses `--think 1-2`: the least and the most seconds a player thinks before pressing.
pub fn parse_think(text: &str) -> Result<(Duration, Duration), String> {
    let bad = || format!("--think takes seconds as LEAST-MOST, e.g. 1-2, not {text:?}");
    let (lo, hi) = text.split_once('-').unwrap_or((text, text));
    let secs = |t: &str| t.trim().parse::<f64>().ok().filter(|s| s.is_finite() && *s >= 0.0);
    let (lo, hi) = (secs(lo).ok_or_else(bad)?, secs(hi).ok_or_else(bad)?);
    if lo > hi || hi > 600.0 {
        return Err(bad());
    }
    Ok((Duration::from_secs_f64(lo), Duration::from_secs_f64(hi)))
}

/// The chat platform whose calls an in-process run counts (`--platform`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Platform {
    /// The playground: messages shown, edited, buttons taken off (no platform API).
    #[default]
    Playground,
    /// Telegram, a new board message every turn (`/boards new`, the default): every press is
    /// answered (`answerCallbackQuery`), and a group takes 20 new messages a minute.
    Telegram,
    /// Telegram, one board message edited in place every turn (`/boards edit`).
    TelegramEdit,
    /// Discord: every press is answered as an interaction, and a channel takes 5 new
    /// messages in 5 seconds.
    Discord,
}

impl std::str::FromStr for Platform {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text.trim() {
            "playground" => Ok(Platform::Playground),
            "telegram" | "telegram-new" => Ok(Platform::Telegram),
            "telegram-edit" => Ok(Platform::TelegramEdit),
            "discord" => Ok(Platform::Discord),
            other => Err(format!(
                "{other:?} is not a platform (playground, telegram, telegram-edit, discord)"
            )),
        }
    }
}

impl Platform {
    /// The call that answers a press, where the platform wants one.
    fn answer(self) -> Option<&'static str> {
        match self {
            Platform::Playground => None,
            Platform::Telegram | Platform::TelegramEdit => Some("answerCallbackQuery"),
            Platform::Discord => Some("interaction callback"),
        }
    }

    /// The call that shows a message: an edit or a new one, a picture or a text.
    fn put(self, edit: bool, picture: bool) -> &'static str {
        match (self, edit, picture) {
            (Platform::Playground, true, _) => "edit",
            (Platform::Playground, false, _) => "send",
            (Platform::Telegram | Platform::TelegramEdit, true, true) => "editMessageMedia",
            (Platform::Telegram | Platform::TelegramEdit, true, false) => "editMessageText",
            (Platform::Telegram | Platform::TelegramEdit, false, true) => "sendPhoto",
            (Platform::Telegram | Platform::TelegramEdit, false, false) => "sendMessage",
            (Platform::Discord, true, _) => "edit message",
            (Platform::Discord, false, _) => "create message",
        }
    }

    /// The call that takes a message's buttons off.
    fn strip(self) -> &'static str {
        match self {
            Platform::Playground => "strip",
            Platform::Telegram | Platform::TelegramEdit => "editMessageReplyMarkup",
            Platform::Discord => "edit message (buttons off)",
        }
    }

    /// What the platform lets a bot do in one chat (Telegram: 20 calls a window per group,
    /// edits and strips counted; Discord: 5 channel writes in 5 s), which the adapter's budget
    /// keeps to and the platform enforces.
    fn limit(self, window: Duration) -> Option<Limit> {
        match self {
            Platform::Playground => None,
            Platform::Telegram | Platform::TelegramEdit => Some(Limit::telegram_group(window)),
            Platform::Discord => Some(Limit::discord_channel()),
        }
    }
}

/// The platform's side of the rules (as the fakes enforce them): every counted call in a chat,
/// refused (a 429) when the chat already had the limit's count in the window, or when it comes
/// sooner than half the limit's gap after the chat's last.
#[derive(Default)]
struct Judge {
    calls: std::collections::HashMap<u64, std::collections::VecDeque<Instant>>,
    refused: u64,
    most: usize,
}

impl Judge {
    /// Counts a call to `chat` at `now` under `limit`; false: refused with 429.
    fn admit(&mut self, chat: u64, limit: Limit, now: Instant) -> bool {
        let times = self.calls.entry(chat).or_default();
        while times.front().is_some_and(|t| now.saturating_duration_since(*t) >= limit.window) {
            times.pop_front();
        }
        let too_soon =
            times.back().is_some_and(|t| now.saturating_duration_since(*t) < limit.gap / 2);
        if times.len() >= limit.calls as usize || too_soon {
            self.refused += 1;
            return false;
        }
        times.push_back(now);
        self.most = self.most.max(times.len());
        true
    }
}

/// What runs beside the presses: `--mix replays=4/min,burst=10,computers=25%`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Mix {
    /// Replays asked for per minute, each of a game a table finished (the chat's last).
    pub replays_per_minute: f64,
    /// How many ask for each replay at once (everyone in the chat tapping Replay).
    pub burst: usize,
    /// The share of tables (0 to 1) that seat a hard computer besides their people.
    pub computers: f64,
}

impl std::str::FromStr for Mix {
    type Err = String;

    /// `key=value` pairs separated by commas: `replays=N/min`, `burst=N`, `computers=P%`.
    fn from_str(text: &str) -> Result<Self, String> {
        let mut mix = Mix { burst: 1, ..Mix::default() };
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').ok_or(format!("{part:?} is not key=value"))?;
            let number =
                |v: &str| v.trim().parse::<f64>().ok().filter(|n| n.is_finite() && *n >= 0.0);
            match key.trim() {
                "replays" => {
                    let n = value.strip_suffix("/min").and_then(number);
                    mix.replays_per_minute = n.filter(|n| *n <= 600.0).ok_or(format!(
                        "replays takes a number per minute up to 600, e.g. replays=4/min, not {value:?}"
                    ))?;
                }
                "burst" => {
                    mix.burst =
                        value.trim().parse().ok().filter(|n| (1..=100).contains(n)).ok_or(
                            format!("burst takes 1 to 100 requests at once, not {value:?}"),
                        )?;
                }
                "computers" => {
                    let p = value.strip_suffix('%').and_then(number).filter(|p| *p <= 100.0);
                    mix.computers = p.ok_or(format!(
                        "computers takes a share of tables, e.g. computers=25%, not {value:?}"
                    ))? / 100.0;
                }
                other => {
                    return Err(format!(
                        "{other:?} is not part of a mix (replays, burst, computers)"
                    ));
                }
            }
        }
        Ok(mix)
    }
}

/// What a run measured.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// `sqlite` or `postgres`, or `playground` when driving a running bot.
    pub database: String,
    /// Tables played at once.
    pub tables: usize,
    /// How long the timed run took, in seconds (after the warm-up).
    pub seconds: f64,
    /// Presses answered.
    pub presses: u64,
    /// Presses answered per second.
    pub presses_per_second: f64,
    /// Latency of a press, in milliseconds: median, 95th and 99th percentile, worst.
    pub latency_ms: Latency,
    /// Games played to the end.
    pub games_finished: u64,
    /// Refusals and failures by kind (empty in a healthy run).
    pub errors: BTreeMap<String, u64>,
    /// Presses per second asked for (`--rate`), if the run was paced.
    pub rate: Option<f64>,
    /// How long opening every table's first game took, before the timed run.
    pub warm_up_seconds: f64,
    /// The process's peak resident memory, in MB (Linux; 0 elsewhere): this process's, or with
    /// `--pid` the bot's.
    pub peak_rss_mb: f64,
    /// The process's resident memory at the end, in MB (Linux; 0 elsewhere): what the tables
    /// hold in a steady state, without the warm-up's burst of openings that the peak includes.
    pub rss_mb: f64,
    /// The process's threads at the end (Linux; 0 elsewhere).
    pub threads: u64,
    /// What ran beside the presses.
    pub mix: Mix,
    /// Tables with a computer.
    pub computer_tables: usize,
    /// Replay requests answered (each of a burst counts).
    pub replays: u64,
    /// Latency of a replay request, in milliseconds, from the request to the GIF.
    pub replay_latency_ms: Latency,
    /// Live-board pages kept open (`--watchers`: one on each table).
    pub watchers: usize,
    /// Moves whose event reached their table's page (`--watchers`).
    pub watched_moves: u64,
    /// Latency of a move's update to its table's open page, in milliseconds: from the press's
    /// answer to the page's event with it (`--watchers`).
    pub watcher_latency_ms: Latency,
    /// The chat platform calls the show protocol made (`send`, `edit`, `strip`), warm-up
    /// included; empty when driving a running bot (`--url`).
    pub chat_calls: BTreeMap<String, u64>,
    /// Those calls per press answered.
    pub chat_calls_per_press: f64,
    /// Whose calls they are (`--platform`).
    pub platform: Platform,
    /// The calls the platform counts against a chat (Telegram: sends, edits, strips;
    /// Discord: channel writes, not a press's interaction response), warm-up included.
    pub counted_calls: u64,
    /// Those per press answered: what a move costs the chat's budget.
    pub counted_calls_per_press: f64,
    /// Calls the platform refused with 429 (its rules as the fakes enforce them).
    pub rate_limited: u64,
    /// The most counted calls one chat made in any window.
    pub most_in_a_window: usize,
    /// The least and the most seconds a player thought before pressing (`--think`).
    pub think_seconds: Option<[f64; 2]>,
}

/// Latency percentiles in milliseconds.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct Latency {
    /// Median.
    pub p50: f64,
    /// 95th percentile.
    pub p95: f64,
    /// 99th percentile.
    pub p99: f64,
    /// Worst.
    pub max: f64,
}

impl Latency {
    /// Percentiles of `samples` (milliseconds), sorted here.
    pub fn of(samples: &mut [f64]) -> Self {
        if samples.is_empty() {
            return Self::default();
        }
        samples.sort_by(f64::total_cmp);
        let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
        let round = |x: f64| (x * 100.0).round() / 100.0;
        Latency {
            p50: round(at(0.5)),
            p95: round(at(0.95)),
            p99: round(at(0.99)),
            max: round(at(1.0)),
        }
    }
}

/// Why a run could not start.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// A setting out of range.
    #[error("{0}")]
    Config(String),
    /// The database could not be used.
    #[error("cannot use the database: {0}")]
    Store(#[from] crate::store::StoreError),
}

/// What the drivers share: their tally and when to stop.
struct Tally {
    /// When the timed run ends; set once the warm-up is over (every table has its first
    /// board).
    end: std::sync::OnceLock<Instant>,
    quota: Option<u64>,
    presses: AtomicU64,
    games: AtomicU64,
    stop: AtomicBool,
    latencies: std::sync::Mutex<Vec<f64>>,
    errors: std::sync::Mutex<BTreeMap<String, u64>>,
    /// Chat calls by kind (see [`Report::chat_calls`]).
    calls: std::sync::Mutex<BTreeMap<&'static str, u64>>,
    /// The platform whose calls are counted, its limit per chat, each chat's budget (as the
    /// adapter keeps it) and the platform's judgement of each call.
    platform: Platform,
    limit: Option<Limit>,
    budget: std::sync::Mutex<Budget<u64>>,
    judge: std::sync::Mutex<Judge>,
    counted: AtomicU64,
    /// Tables that have finished a game (whose last game can be replayed).
    finished: std::sync::Mutex<Vec<usize>>,
    replay_latencies: std::sync::Mutex<Vec<f64>>,
    /// From a press's answer to its event on the table's live page (`--watchers`).
    watch_latencies: std::sync::Mutex<Vec<f64>>,
}

impl Tally {
    /// A tally for a run of `config`, before it starts.
    fn new(config: &Config) -> Self {
        Tally {
            end: std::sync::OnceLock::new(),
            quota: config.presses,
            presses: AtomicU64::new(0),
            games: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            latencies: std::sync::Mutex::new(Vec::new()),
            errors: std::sync::Mutex::new(BTreeMap::new()),
            calls: std::sync::Mutex::new(BTreeMap::new()),
            platform: config.platform,
            limit: config.platform.limit(config.window),
            budget: std::sync::Mutex::new(Budget::new(
                config.platform.limit(config.window).unwrap_or(Limit::discord_channel()),
            )),
            judge: std::sync::Mutex::new(Judge::default()),
            counted: AtomicU64::new(0),
            finished: std::sync::Mutex::new(Vec::new()),
            replay_latencies: std::sync::Mutex::new(Vec::new()),
            watch_latencies: std::sync::Mutex::new(Vec::new()),
        }
    }

    /// Whether to stop; takes one press from the quota when not.
    fn take_press(&self) -> bool {
        if self.stopped() {
            self.stop.store(true, Ordering::Relaxed);
            return false;
        }
        let n = self.presses.fetch_add(1, Ordering::Relaxed) + 1;
        if self.quota.is_some_and(|q| n > q) {
            self.presses.fetch_sub(1, Ordering::Relaxed);
            self.stop.store(true, Ordering::Relaxed);
            return false;
        }
        true
    }

    fn stopped(&self) -> bool {
        let over = self.end.get().is_some_and(|end| Instant::now() >= *end);
        self.stop.load(Ordering::Relaxed) || over
    }

    fn latency(&self, took: Duration) {
        self.latencies.lock().unwrap_or_else(|e| e.into_inner()).push(took.as_secs_f64() * 1000.0);
    }

    fn call(&self, kind: &'static str) {
        *self.calls.lock().unwrap_or_else(|e| e.into_inner()).entry(kind).or_default() += 1;
    }

    fn error(&self, kind: &str) {
        *self
            .errors
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(kind.to_owned())
            .or_default() += 1;
    }
}

/// Checks a configuration: sizes in range, a loopback playground unless `allow_remote`.
pub fn check(config: &Config, allow_remote: bool) -> Result<(), LoadError> {
    let bad = |why: String| Err(LoadError::Config(why));
    if config.tables == 0 || config.tables > MAX_TABLES {
        return bad(format!("--tables must be 1 to {MAX_TABLES}, not {}", config.tables));
    }
    if !(config.seconds > 0.0 && config.seconds <= MAX_SECONDS) {
        return bad(format!("--seconds must be above 0 and at most {MAX_SECONDS}"));
    }
    if !(2..=4).contains(&config.players) {
        return bad(format!("--players must be 2 to 4, not {}", config.players));
    }
    if config.rate.is_some_and(|r| !(r > 0.0 && r <= 100_000.0)) {
        return bad("--rate must be above 0 and at most 100000".into());
    }
    if config.games.is_empty() {
        return bad("--games names no game".into());
    }
    if config.mix.computers > 0.0 && config.players < 2 {
        return bad("--mix computers needs --players 2 or more".into());
    }
    if config.playground.is_some() && config.platform != Platform::Playground {
        return bad(
            "--platform counts the calls of an in-process run: not with --playground".into()
        );
    }
    if let Some(url) = &config.playground
        && !allow_remote
    {
        let loopback = match url.host() {
            Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
            Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
            Some(url::Host::Domain(d)) => d == "localhost",
            None => false,
        };
        if !loopback {
            return bad(format!("{url} is not a loopback address (add --allow-remote)"));
        }
    }
    Ok(())
}

/// Runs the load and reports what it measured.
pub async fn run(config: &Config) -> Result<Report, LoadError> {
    let secret = Seed::generate().map_err(|e| LoadError::Config(format!("no randomness: {e}")))?;
    let run_id = u32::from_le_bytes([0, 1, 2, 3].map(|i| secret.commitment()[i]));
    let tally = Arc::new(Tally::new(config));
    let (database, driver) = connect(config, &secret).await?;
    let live = match (&driver, config.watchers) {
        (_, false) => None,
        (Driver::Service(service), true) => Some(serve_live(Service::clone(service)).await?),
        (Driver::Http(_), true) => {
            return Err(LoadError::Config(
                "--watchers runs in process, not with --playground".into(),
            ));
        }
    };
    let mut tasks = tokio::task::JoinSet::new();
    let ready = Arc::new(tokio::sync::Barrier::new(config.tables + 1));
    let warming = Instant::now();
    let chat_of = move |i: usize| format!("load:{run_id:08x}-{i}");
    let mut computer_tables = 0;
    for i in 0..config.tables {
        computer_tables += usize::from(has_computer(config.mix.computers, i));
        let page = live.clone().map(LivePage::new);
        let table = TableDriver::new(config, i, chat_of(i), driver.clone(), tally.clone(), page);
        tasks.spawn(table.play(ready.clone()));
    }
    // The warm-up: every table opens its first game; then the clock starts.
    ready.wait().await;
    let warm_up = warming.elapsed().as_secs_f64();
    let started = Instant::now();
    let _ = tally.end.set(started + Duration::from_secs_f64(config.seconds));
    let mut beside = tokio::task::JoinSet::new();
    if let Driver::Service(service) = &driver {
        // The bot's turn timer, for computers' turns (a running bot has its own).
        beside.spawn(timer(Service::clone(service), tally.clone()));
        // Replays drawn after their request was answered, taken as the bot takes them to post.
        beside.spawn(late_replays(Service::clone(service), tally.clone()));
    }
    if config.mix.replays_per_minute > 0.0 {
        beside.spawn(replays(config.mix, driver.clone(), tally.clone(), chat_of));
    }
    while let Some(done) = tasks.join_next().await {
        if let Err(e) = done {
            tracing::error!(error = %e, "a load driver failed");
            tally.error("driver-panicked");
        }
    }
    // Presses end at the deadline; drivers still waiting for a paced press's turn then are
    // not part of the run.
    let seconds = started.elapsed().as_secs_f64().min(config.seconds);
    tally.stop.store(true, Ordering::Relaxed);
    while let Some(done) = beside.join_next().await {
        if let Err(e) = done {
            tracing::error!(error = %e, "a load task failed");
            tally.error("task-panicked");
        }
    }
    let watchers = if live.is_some() { config.tables } else { 0 };
    let run = Run { database, seconds, warm_up, computer_tables, watchers };
    Ok(report(config, &tally, run))
}

/// The database's kind (or `playground`) and the driver that reaches `config`'s tables.
async fn connect(config: &Config, secret: &Seed) -> Result<(String, Driver), LoadError> {
    Ok(match &config.playground {
        Some(url) => ("playground".into(), Driver::Http(Http::new(url.clone()))),
        None => {
            let store = Store::connect(&config.database_url).await?;
            let kind =
                if config.database_url.starts_with("postgres") { "postgres" } else { "sqlite" };
            let service = Service::new(store, secret.as_bytes(), Arc::new(SystemClock))
                .with_draw_limit(config.draw_limit)
                // A replay's latency is the time to its GIF, never to "being drawn".
                .with_replay_wait(Duration::from_secs(60));
            (kind.into(), Driver::Service(Box::new(service)))
        }
    })
}

/// Whether table `i` seats a computer, for a share of tables with one: spread evenly, table
/// `i` has one when the running share passes a whole table.
fn has_computer(share: f64, i: usize) -> bool {
    ((i + 1) as f64 * share).floor() > (i as f64 * share).floor()
}

/// What a run knows of itself besides its tally.
struct Run {
    database: String,
    /// The timed run, after the warm-up, in seconds.
    seconds: f64,
    warm_up: f64,
    computer_tables: usize,
    watchers: usize,
}

/// The report of a run of `config` that ended with `tally`.
fn report(config: &Config, tally: &Tally, run: Run) -> Report {
    let Run { database, seconds, warm_up, computer_tables, watchers } = run;
    let mut replay_samples =
        std::mem::take(&mut *tally.replay_latencies.lock().unwrap_or_else(|e| e.into_inner()));
    let presses = tally.presses.load(Ordering::Relaxed);
    let mut samples =
        std::mem::take(&mut *tally.latencies.lock().unwrap_or_else(|e| e.into_inner()));
    let mut watch_samples =
        std::mem::take(&mut *tally.watch_latencies.lock().unwrap_or_else(|e| e.into_inner()));
    let figures = process_figures(config.pid);
    let calls: BTreeMap<String, u64> = tally
        .calls
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .map(|(k, n)| ((*k).to_owned(), *n))
        .collect();
    let per_press = calls.values().sum::<u64>() as f64 / presses.max(1) as f64;
    let judge = std::mem::take(&mut *tally.judge.lock().unwrap_or_else(|e| e.into_inner()));
    Report {
        database,
        tables: config.tables,
        seconds: (seconds * 100.0).round() / 100.0,
        presses,
        presses_per_second: (presses as f64 / seconds * 10.0).round() / 10.0,
        latency_ms: Latency::of(&mut samples),
        games_finished: tally.games.load(Ordering::Relaxed),
        errors: tally.errors.lock().unwrap_or_else(|e| e.into_inner()).clone(),
        rate: config.rate,
        warm_up_seconds: (warm_up * 100.0).round() / 100.0,
        peak_rss_mb: figures.peak_mb,
        rss_mb: figures.now_mb,
        threads: figures.threads,
        mix: config.mix,
        computer_tables,
        replays: replay_samples.len() as u64,
        replay_latency_ms: Latency::of(&mut replay_samples),
        watchers,
        watched_moves: watch_samples.len() as u64,
        watcher_latency_ms: Latency::of(&mut watch_samples),
        chat_calls: calls,
        chat_calls_per_press: (per_press * 100.0).round() / 100.0,
        platform: config.platform,
        counted_calls: tally.counted.load(Ordering::Relaxed),
        counted_calls_per_press: (tally.counted.load(Ordering::Relaxed) as f64
            / presses.max(1) as f64
            * 100.0)
            .round()
            / 100.0,
        rate_limited: judge.refused,
        most_in_a_window: judge.most,
        think_seconds: config.think.map(|(lo, hi)| [lo.as_secs_f64(), hi.as_secs_f64()]),
    }
}

/// The live board's pages served on loopback for `--watchers`: where they are, and the
/// service that signs their links.
#[derive(Clone)]
struct LivePages {
    base: String,
    service: Service,
    client: reqwest::Client,
}

/// Serves the live board over `service` on a loopback port (no rate limit to speak of: every
/// page comes from this one address).
async fn serve_live(service: Service) -> Result<LivePages, LoadError> {
    let live = crate::playground::live::Live::new(service.clone(), None, 1_000_000);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .map_err(|e| LoadError::Config(format!("cannot serve the live board: {e}")))?;
    let addr = listener
        .local_addr()
        .map_err(|e| LoadError::Config(format!("cannot serve the live board: {e}")))?;
    let app = live.router().into_make_service_with_connect_info::<std::net::SocketAddr>();
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!(error = %e, "the load run's live board stopped");
        }
    });
    Ok(LivePages { base: format!("http://{addr}"), service, client: reqwest::Client::new() })
}

/// One table's open live page: its event stream, and the moves waiting for their event.
struct LivePage {
    pages: LivePages,
    /// The table watched and the stream's task.
    watching: Option<(TableId, tokio::task::JoinHandle<()>)>,
    /// Each event's table version and arrival, as the stream gets them.
    arrivals: Arc<std::sync::Mutex<Vec<(Version, Instant)>>>,
    /// Moves answered (the version they made, when) whose event has not come yet.
    waiting: Vec<(Version, Instant)>,
}

impl LivePage {
    fn new(pages: LivePages) -> Self {
        LivePage { pages, watching: None, arrivals: Arc::default(), waiting: Vec::new() }
    }

    /// Watches `table` (a new game's table: the old page closes).
    fn watch(&mut self, table: TableId) {
        if self.watching.as_ref().is_some_and(|(t, _)| *t == table) {
            return;
        }
        if let Some((_, task)) = self.watching.take() {
            task.abort();
        }
        self.waiting.clear();
        self.arrivals.lock().unwrap_or_else(|e| e.into_inner()).clear();
        let link = self.pages.service.live().live_link(table, None);
        let url = format!("{}/api/live/events?link={link}&lang=en", self.pages.base);
        let (client, arrivals) = (self.pages.client.clone(), self.arrivals.clone());
        self.watching = Some((table, tokio::spawn(follow(client, url, arrivals))));
    }

    /// A move answered at `at`, which made the table's version `version`.
    fn answered(&mut self, version: Version, at: Instant) {
        self.waiting.push((version, at));
    }

    /// Counts the moves whose event has come.
    fn settle(&mut self, tally: &Tally) {
        let arrivals = self.arrivals.lock().unwrap_or_else(|e| e.into_inner());
        self.waiting.retain(|(version, at)| {
            let Some((_, came)) = arrivals.iter().find(|(v, _)| v >= version) else { return true };
            let took = came.saturating_duration_since(*at).as_secs_f64() * 1000.0;
            tally.watch_latencies.lock().unwrap_or_else(|e| e.into_inner()).push(took);
            false
        });
    }
}

impl Drop for LivePage {
    fn drop(&mut self) {
        if let Some((_, task)) = self.watching.take() {
            task.abort();
        }
    }
}

/// Reads a page's event stream as a browser does, noting each `state` event's version and
/// arrival.
async fn follow(
    client: reqwest::Client,
    url: String,
    arrivals: Arc<std::sync::Mutex<Vec<(Version, Instant)>>>,
) {
    let Ok(mut res) = client.get(&url).send().await else { return };
    let mut text = String::new();
    while let Ok(Some(chunk)) = res.chunk().await {
        let came = Instant::now();
        text.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = text.find("\n\n") {
            let event: String = text.drain(..end + 2).collect();
            if !event.lines().any(|l| l == "event: state") {
                continue;
            }
            let data: String =
                event.lines().filter_map(|l| l.strip_prefix("data:")).map(str::trim).collect();
            let version = serde_json::from_str::<serde_json::Value>(&data)
                .ok()
                .and_then(|v| v["version"].as_i64())
                .map(Version::new);
            if let Some(version) = version {
                arrivals.lock().unwrap_or_else(|e| e.into_inner()).push((version, came));
            }
        }
    }
}

/// The turn timer of an in-process run: computers' turns (and any due deadline) are played as
/// the bot's timer plays them, a round every 50 ms.
async fn timer(service: Service, tally: Arc<Tally>) {
    while !tally.stopped() {
        if let Err(e) = service.tick().await {
            tracing::warn!(error = %e, "a load timer round failed");
            tally.error("load-timer-round-failed");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Takes the replays that finished after their request was answered ([`Replays::later`]), as
/// a running bot does to post them, until the run stops.
async fn late_replays(service: Service, tally: Arc<Tally>) {
    while !tally.stopped() {
        let _ = tokio::time::timeout(Duration::from_millis(500), service.replays().later()).await;
    }
}

/// Asks for replays at the mix's rate: each time, `burst` requests at once for the last game
/// of a table that finished one (chosen in turn), timed from request to GIF.
async fn replays(mix: Mix, driver: Driver, tally: Arc<Tally>, chat_of: impl Fn(usize) -> String) {
    let every = Duration::from_secs_f64(60.0 / mix.replays_per_minute);
    let mut next = 0usize;
    let mut asks = tokio::task::JoinSet::new();
    loop {
        tokio::time::sleep(every).await;
        if tally.stopped() {
            break;
        }
        let table = {
            let finished = tally.finished.lock().unwrap_or_else(|e| e.into_inner());
            if finished.is_empty() {
                continue;
            }
            next += 1;
            finished[next % finished.len()]
        };
        let chat = chat_of(table);
        for k in 0..mix.burst {
            let (mut driver, tally, chat) = (driver.clone(), tally.clone(), chat.clone());
            asks.spawn(async move {
                let who = player(&chat, k);
                let began = Instant::now();
                let op = Op::Replay(crate::table::Pick::Last);
                let views = drive(&mut driver, &chat, &tally, &who, op).await;
                match views.iter().find_map(View::refusal) {
                    None if !views.is_empty() => tally
                        .replay_latencies
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(began.elapsed().as_secs_f64() * 1000.0),
                    None => tally.error("load-replay-unanswered"),
                    Some(kind) => tally.error(&format!("replay-{kind}")),
                }
            });
        }
    }
    while asks.join_next().await.is_some() {}
}

/// Option words for table `i` of a game: a quarter of the tables play with options on.
fn options_for(game: GameKind, i: usize) -> Vec<String> {
    let words: &[&str] = match (game, i / 3 % 4) {
        (GameKind::Snakes, 1) => &["quick"],
        (GameKind::Snakes, 2) => &["random", "bounce"],
        (GameKind::Ludo, 1) => &["capture"],
        (GameKind::Ludo, 2) => &["enter", "forfeit"],
        (GameKind::Nardy, 1) => &["lower"],
        _ => &[],
    };
    words.iter().map(|w| (*w).to_owned()).collect()
}

/// A process's memory and threads, from `/proc`.
struct Figures {
    peak_mb: f64,
    now_mb: f64,
    threads: u64,
}

/// The peak and current resident memory (MB) and the thread count of this process, or of
/// `pid`.
fn process_figures(pid: Option<u32>) -> Figures {
    let path = pid.map_or_else(|| "/proc/self/status".to_owned(), |p| format!("/proc/{p}/status"));
    let status = std::fs::read_to_string(path).unwrap_or_default();
    let field = |name: &str| -> u64 {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    let mb = |kb: u64| (kb as f64 / 1024.0 * 10.0).round() / 10.0;
    Figures {
        peak_mb: mb(field("VmHWM:")),
        now_mb: mb(field("VmRSS:")),
        threads: field("Threads:"),
    }
}

/// How drivers reach the tables.
#[derive(Clone)]
enum Driver {
    Service(Box<Service>),
    Http(Http),
}

/// One table's driver.
struct TableDriver {
    /// The table's number in the run.
    index: usize,
    chat: String,
    game: GameKind,
    players: usize,
    words: Vec<String>,
    /// The driver's choices among buttons.
    choices: Stream,
    driver: Driver,
    tally: Arc<Tally>,
    /// Time between presses (`--rate`), if paced.
    pace: Option<Duration>,
    /// When this table's first press is due after the start, if paced.
    offset: Option<Duration>,
    /// The table's open live page (`--watchers`).
    page: Option<LivePage>,
    /// How long its players think before pressing (`--think`).
    think: Option<(Duration, Duration)>,
}

/// A player as the driver presents it.
fn player(chat: &str, seat: usize) -> Ctx {
    let name = ["Ana", "Ben", "Cai", "Dee"][seat % 4];
    Ctx {
        chat: chat.into(),
        user: format!("{chat}-{}", name.to_lowercase()).into(),
        name: name.to_owned(),
        locale: Some("en".into()),
        admin: false,
        chat_title: None,
    }
}

impl TableDriver {
    /// The driver of table `i` of a run of `config`, in `chat`, keeping `page` open on it.
    fn new(
        config: &Config,
        i: usize,
        chat: String,
        driver: Driver,
        tally: Arc<Tally>,
        page: Option<LivePage>,
    ) -> Self {
        let game = config.games[i % config.games.len()];
        let computer = has_computer(config.mix.computers, i);
        let players = if game == GameKind::Nardy { 2 } else { config.players };
        let mut words = options_for(game, i);
        if computer {
            words.extend(["bot".to_owned(), "hard".to_owned()]);
        }
        TableDriver {
            index: i,
            chat,
            game,
            players: players - usize::from(computer),
            words,
            choices: Seed::from_u64(config.seed).stream("load", i as u64),
            driver,
            tally,
            // Each table presses every `tables / rate` seconds, the tables staggered.
            pace: config.rate.map(|r| Duration::from_secs_f64(config.tables as f64 / r)),
            offset: config
                .rate
                .map(|r| Duration::from_secs_f64(i as f64 / r).min(Duration::from_secs(10))),
            page,
            think: config.think,
        }
    }

    /// Opens the first game (the warm-up), waits for every table to have done so, then plays
    /// games until the run ends.
    async fn play(mut self, ready: Arc<tokio::sync::Barrier>) {
        let seats: Vec<Ctx> = (0..self.players).map(|s| player(&self.chat, s)).collect();
        if self.tally.platform == Platform::TelegramEdit {
            // The chat's admin asks for one board message edited in place.
            let admin = Ctx { admin: true, ..seats[0].clone() };
            let mode = Op::Boards(Some(crate::table::BoardMode::Edit));
            let views = self.op(&admin, mode).await;
            if let Some(kind) = views.iter().find_map(View::refusal) {
                self.tally.error(kind);
            }
        }
        let mut first = self.open(&seats).await;
        ready.wait().await;
        let mut due = self.offset.map(|o| tokio::time::Instant::now() + o);
        while !self.tally.stopped() {
            let opened = match first.take() {
                Some(board) => Some(board),
                None => self.open(&seats).await,
            };
            let Some(mut board) = opened else {
                // Could not start a game: back off a little rather than spin.
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            };
            self.watch(&board);
            loop {
                if board.buttons().is_empty() {
                    match self.next_turn(&seats[0]).await {
                        Turn::Board(next) => {
                            board = *next;
                            continue;
                        }
                        Turn::Stopped => return,
                        Turn::Ended => {}
                    }
                    self.finished();
                    break;
                }
                self.wait_to_press(&mut due).await;
                if !self.tally.take_press() {
                    return;
                }
                let (who, token) = self.choose(&board, &seats);
                let began = Instant::now();
                let views = self.op(&who, Op::Press(token)).await;
                self.tally.latency(began.elapsed());
                match self.newest_board(&views) {
                    Some(next) => {
                        if let Some(page) = self.watch(&next) {
                            page.answered(next.version(), Instant::now());
                        }
                        board = next;
                    }
                    None => {
                        // A refusal: counted; the board as it stands now is asked for again.
                        let kind = views.iter().find_map(View::refusal).unwrap_or("no-board");
                        self.tally.error(kind);
                        match self.refresh(&seats[0]).await {
                            Some(next) => board = next,
                            None => break,
                        }
                    }
                }
            }
        }
    }

    /// Keeps the table's live page (if it has one) on `board`'s table, counting the moves
    /// whose event has come; the page.
    fn watch(&mut self, board: &View) -> Option<&mut LivePage> {
        let (page, (table, _)) = (self.page.as_mut()?, board.shows()?);
        page.settle(&self.tally);
        page.watch(table);
        Some(page)
    }

    /// Counts a game played to the end, whose table's last game can now be replayed.
    fn finished(&self) {
        self.tally.games.fetch_add(1, Ordering::Relaxed);
        let mut finished = self.tally.finished.lock().unwrap_or_else(|e| e.into_inner());
        if !finished.contains(&self.index) {
            finished.push(self.index);
        }
    }

    /// Waits for the next press: its time when paced (`due`, moved on), then while the player
    /// thinks.
    async fn wait_to_press(&mut self, due: &mut Option<tokio::time::Instant>) {
        if let (Some(at), Some(pace)) = (*due, self.pace) {
            tokio::time::sleep_until(at).await;
            // A press that could not be made on time is not made up for later.
            *due = Some((at + pace).max(tokio::time::Instant::now()));
        }
        if let Some((lo, hi)) = self.think {
            let share = f64::from(self.choices.below(1001)) / 1000.0;
            tokio::time::sleep(lo + (hi - lo).mul_f64(share)).await;
        }
    }

    /// A button of `board` to press, chosen at random, and the player who presses it: the one
    /// the board names, else the first.
    fn choose(&mut self, board: &View, seats: &[Ctx]) -> (Ctx, String) {
        let pick = |n: usize, c: &mut Stream| c.below(n as u32) as usize;
        let rows = board.buttons();
        let row = &rows[pick(rows.len(), &mut self.choices)];
        let token = row[pick(row.len(), &mut self.choices)].token.clone();
        let who = board
            .mentions()
            .first()
            .and_then(|m| seats.iter().find(|s| &s.user == m || &s.name == m))
            .unwrap_or(&seats[0])
            .clone();
        (who, token)
    }

    /// Opens a lobby, seats every player and starts; the first board.
    async fn open(&mut self, seats: &[Ctx]) -> Option<View> {
        let create = Op::Create { game: self.game, words: self.words.clone() };
        let mut views = self.op(&seats[0], create).await;
        for who in &seats[1..] {
            views = self.op(who, Op::Join(Some(self.game))).await;
        }
        if self.newest_board(&views).is_none() {
            views = self.op(&seats[0], Op::Start(Some(self.game))).await;
        }
        let board = self.newest_board(&views);
        if board.is_none() {
            let kind = views.iter().find_map(View::refusal).unwrap_or("no-start");
            self.tally.error(kind);
            // A table left open by an earlier failure: cancel it so the next start works.
            self.op(&seats[0], Op::Cancel(Some(self.game))).await;
        }
        board
    }

    /// After a board without buttons: the game ended, or a computer is playing its turn, and
    /// then the board once a person may act again (asked for every 100 ms, as a person glances
    /// at the chat; at most for a minute).
    async fn next_turn(&mut self, who: &Ctx) -> Turn {
        if !self.words.iter().any(|w| w == "bot") {
            return Turn::Ended;
        }
        for _ in 0..600 {
            if self.tally.stopped() {
                return Turn::Stopped;
            }
            match self.refresh(who).await {
                Some(board) if !board.buttons().is_empty() => return Turn::Board(Box::new(board)),
                Some(_) => tokio::time::sleep(Duration::from_millis(100)).await,
                None => return Turn::Ended,
            }
        }
        self.tally.error("load-computer-stalled");
        Turn::Ended
    }

    /// The board as it stands (after a refusal).
    async fn refresh(&mut self, who: &Ctx) -> Option<View> {
        let views = self.op(who, Op::Status(Some(self.game))).await;
        self.newest_board(&views)
    }

    /// The newest board among views: a public view that shows the table's board (without its
    /// picture, which the driver does not need to keep).
    fn newest_board(&self, views: &[View]) -> Option<View> {
        let board = views
            .iter()
            .filter(|v| v.image().is_some())
            .filter(|v| matches!(v.shows(), Some((_, crate::table::Slot::Board))))
            .max_by_key(|v| v.version())?;
        let mut board = board.clone();
        board.take_image();
        Some(board)
    }

    /// One operation, and what an adapter does with its views (see [`drive`]).
    async fn op(&mut self, who: &Ctx, op: Op) -> Vec<View> {
        drive(&mut self.driver, &self.chat, &self.tally, who, op).await
    }
}

/// What a driver learns after a board without buttons.
enum Turn {
    /// A person may act on this board.
    Board(Box<View>),
    /// The game is over.
    Ended,
    /// The run is over.
    Stopped,
}

/// One operation in `chat`, and what an adapter does with its views: each shown message
/// recorded.
async fn drive(driver: &mut Driver, chat: &str, tally: &Tally, who: &Ctx, op: Op) -> Vec<View> {
    match driver {
        Driver::Service(service) => {
            if let (Op::Press(_), Some(answer)) = (&op, tally.platform.answer()) {
                tally.call(answer);
            }
            // On Discord every command and press is an interaction, whose response shows its
            // first view at no cost to the channel.
            let pressed = matches!(op, Op::Press(_));
            let views = service.handle(who, op).await;
            let surface = Surface {
                chat,
                tally,
                interaction: AtomicBool::new(true),
                strip_free: AtomicBool::new(pressed),
            };
            for view in views.iter().filter(|v| v.shows().is_some()) {
                service.show(&surface, view).await;
            }
            views
        }
        Driver::Http(http) => match http.op(chat, who, op).await {
            Ok(views) => views,
            Err(kind) => {
                tally.error(kind);
                Vec::new()
            }
        },
    }
}

/// The load generator's chat for the show protocol: each message is counted, and named by its
/// chat and a number of this process's.
struct Surface<'a> {
    chat: &'a str,
    tally: &'a Tally,
    /// A press's first put and its strip of the pressed board, which on Discord go through
    /// the press's interaction, at no cost to the channel.
    interaction: AtomicBool,
    strip_free: AtomicBool,
}

/// Messages the load generator's surface has put, numbering them.
static PUT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl Surface<'_> {
    /// The chat's key in the tally's pace.
    fn key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.chat.hash(&mut h);
        h.finish()
    }
}

impl Surface<'_> {
    /// Makes a call the platform counts against the chat, as the adapter does: waits for the
    /// chat's budget, then the platform judges it (a refusal is a 429, counted).
    async fn counted(&self, kind: &'static str) {
        self.tally.call(kind);
        let Some(limit) = self.tally.limit else { return };
        let key = self.key();
        let at =
            self.tally.budget.lock().unwrap_or_else(|e| e.into_inner()).spend(key, Instant::now());
        tokio::time::sleep_until(at.into()).await;
        self.tally.counted.fetch_add(1, Ordering::Relaxed);
        let now = Instant::now();
        let admitted =
            self.tally.judge.lock().unwrap_or_else(|e| e.into_inner()).admit(key, limit, now);
        let mut budget = self.tally.budget.lock().unwrap_or_else(|e| e.into_inner());
        budget.ended(key, Instant::now());
        if !admitted {
            budget.refused(key, limit.window, now);
        }
    }

    /// Whether the chat cannot spare the two calls a new board and the old one's strip cost
    /// (or is slow after a 429): the adapter edits the live board in place instead.
    fn short(&self) -> bool {
        let budget = self.tally.budget.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        budget.spare(self.key(), now) < 2 || budget.slowed(self.key(), now)
    }
}

impl crate::table::show::Surface for Surface<'_> {
    async fn put(&self, view: &View, target: Option<&MessageRef>, _: bool) -> Option<MessageRef> {
        let platform = self.tally.platform;
        let kind = platform.put(target.is_some(), view.image().is_some());
        if platform == Platform::Discord && self.interaction.swap(false, Ordering::Relaxed) {
            // The press's interaction response (its follow-up or its update): no channel write.
            self.tally.call("interaction response");
        } else {
            self.counted(kind).await;
        }
        if let Some(target) = target {
            return Some(target.clone().with_plain(false));
        }
        let n = PUT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Some(MessageRef::one(None, i64::try_from(n).unwrap_or(i64::MAX)))
    }

    /// As the adapters do: the pressed board's buttons go through the interaction on Discord;
    /// on Telegram a chat that would have to wait long for the call goes without it (a press
    /// on the old board is answered as out of date).
    async fn strip(&self, _: Posted) {
        let platform = self.tally.platform;
        if platform == Platform::Discord && self.strip_free.swap(false, Ordering::Relaxed) {
            self.tally.call("interaction update");
            return;
        }
        if let Some(limit) = self.tally.limit
            && matches!(platform, Platform::Telegram | Platform::TelegramEdit)
        {
            let wait = self
                .tally
                .budget
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .wait(self.key(), Instant::now());
            if wait > limit.window / 20 {
                self.tally.call("strip skipped");
                return;
            }
        }
        self.counted(platform.strip()).await;
    }

    /// As the platform's adapter does: a chat that cannot spare the two calls of a new board
    /// edits its live board in place (one call a move); on Discord a press's board is the
    /// interaction's, at no cost, so only other boards do.
    fn in_place(&self, view: &View, live: &MessageRef) -> Option<MessageRef> {
        self.tally.limit?;
        let Some((_, Slot::Board)) = view.shows() else { return None };
        if self.tally.platform == Platform::Discord && self.interaction.load(Ordering::Relaxed) {
            return None;
        }
        self.short().then(|| live.clone().with_plain(false))
    }
}

/// A running bot's playground, driven over HTTP: each table is a room.
#[derive(Clone)]
struct Http {
    base: url::Url,
    client: reqwest::Client,
    /// The newest message of the room seen so far.
    seen: u64,
}

impl Http {
    fn new(base: url::Url) -> Self {
        Self { base, client: reqwest::Client::new(), seen: 0 }
    }

    /// One operation through the playground, as a person in a browser does it: a command typed
    /// in the room, or a press; then the room's messages newer than those seen, as views.
    async fn op(&mut self, chat: &str, who: &Ctx, op: Op) -> Result<Vec<View>, &'static str> {
        let room = chat.replace(':', "-");
        let (path, body) = match op {
            Op::Press(token) => {
                ("api/press", serde_json::json!({"room": room, "user": who.name, "token": token}))
            }
            other => {
                let text = command_text(&other).ok_or("unsupported")?;
                ("api/say", serde_json::json!({"room": room, "user": who.name, "text": text}))
            }
        };
        let url = self.base.join(path).map_err(|_| "bad-address")?;
        let answer = self.client.post(url).json(&body).send().await.map_err(|_| "http-failed")?;
        if !answer.status().is_success() {
            return Err("http-status");
        }
        let mut url = self.base.join("api/messages").map_err(|_| "bad-address")?;
        url.query_pairs_mut().append_pair("room", &room).append_pair("user", &who.name);
        let answer = self.client.get(url).send().await.map_err(|_| "http-failed")?;
        let messages: Vec<serde_json::Value> = answer.json().await.map_err(|_| "http-body")?;
        let id = |m: &serde_json::Value| m.get("id").and_then(|i| i.as_u64());
        let fresh: Vec<&serde_json::Value> =
            messages.iter().filter(|&m| id(m).is_some_and(|id| id > self.seen)).collect();
        self.seen = self.seen.max(fresh.iter().copied().filter_map(id).max().unwrap_or(0));
        Ok(fresh.into_iter().map(view_of).collect())
    }
}

/// The chat command for an operation the drivers use.
fn command_text(op: &Op) -> Option<String> {
    Some(match op {
        Op::Create { game, words } => format!("/{game} {}", words.join(" ")),
        Op::Join(Some(game)) => format!("/join {game}"),
        Op::Start(Some(game)) => format!("/play {game}"),
        Op::Cancel(Some(game)) => format!("/cancel {game}"),
        Op::Status(Some(game)) => format!("/status {game}"),
        Op::Replay(crate::table::Pick::Last) => "/replay".to_owned(),
        _ => return None,
    })
}

/// A playground message as a view, with what the drivers need: its buttons, whom it mentions,
/// whether it is private (a refusal) and whether it has a picture. Its id stands for the
/// version (a newer message has a larger id).
fn view_of(m: &serde_json::Value) -> View {
    let button = |b: &serde_json::Value| {
        Some(crate::table::Button {
            label: b.get("label")?.as_str()?.to_owned(),
            token: b.get("token")?.as_str()?.to_owned(),
        })
    };
    let rows = m.get("buttons").and_then(|b| b.as_array()).cloned().unwrap_or_default();
    let buttons = rows
        .iter()
        .filter_map(|row| row.as_array().map(|r| r.iter().filter_map(button).collect::<Vec<_>>()))
        .filter(|row| !row.is_empty())
        .collect();
    let users = |k: &str| -> Vec<UserId> {
        let list = m.get(k).and_then(|x| x.as_array()).cloned().unwrap_or_default();
        list.iter().filter_map(|u| u.as_str().map(UserId::from)).collect()
    };
    let private = m.get("private").and_then(|p| p.as_bool()).unwrap_or(false);
    let image = m.get("image").and_then(|v| v.as_str()).map(|s| s.as_bytes().to_vec());
    let text = m.get("text").and_then(|v| v.as_str()).unwrap_or_default().to_owned();
    let kind = match image {
        // The page does not say why: a private message counts as a refusal (`refused`).
        _ if private => Kind::Refusal(Refusal { to: UserId::default(), reason: "refused" }),
        Some(image) => Kind::Table(TableMessage {
            image: Some(image),
            alt: None,
            text_first: false,
            mentions: users("mentions"),
            buttons,
            ..TableMessage::new(
                TableId::default(),
                Slot::Board,
                Version::new(m.get("id").and_then(|v| v.as_i64()).unwrap_or(0)),
            )
        }),
        None => Kind::Post(Post { mentions: users("mentions"), buttons, ..Post::default() }),
    };
    View::new(None, text, kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_of_a_known_sample() {
        let mut samples: Vec<f64> = (1..=100).rev().map(f64::from).collect();
        let l = Latency::of(&mut samples);
        assert_eq!((l.p50, l.p95, l.p99, l.max), (51.0, 95.0, 99.0, 100.0));
        assert_eq!(Latency::of(&mut []).max, 0.0);
    }

    #[test]
    fn a_run_is_bounded_and_loopback_only_by_default() {
        let config = Config {
            database_url: "sqlite::memory:".into(),
            tables: 10,
            players: 2,
            seconds: 5.0,
            presses: None,
            games: GameKind::ALL.to_vec(),
            seed: 1,
            draw_limit: 2,
            playground: None,
            rate: None,
            pid: None,
            mix: Mix::default(),
            watchers: false,
            platform: Platform::Playground,
            think: None,
            window: Duration::from_secs(60),
        };
        assert!(check(&config, false).is_ok());
        let with = |f: &dyn Fn(&mut Config)| {
            let mut c = config.clone();
            f(&mut c);
            check(&c, false).map_err(|e| e.to_string())
        };
        assert!(with(&|c| c.tables = 0).is_err());
        assert!(with(&|c| c.tables = MAX_TABLES + 1).is_err());
        assert!(with(&|c| c.seconds = MAX_SECONDS + 1.0).is_err());
        assert!(with(&|c| c.players = 9).is_err());
        assert!(with(&|c| c.rate = Some(0.0)).is_err());
        assert!(with(&|c| c.rate = Some(300.0)).is_ok());
        let remote = with(&|c| c.playground = Some("http://10.0.0.7:8080/".parse().unwrap()));
        assert!(remote.unwrap_err().contains("--allow-remote"));
        assert!(with(&|c| c.playground = Some("http://127.0.0.1:8080/".parse().unwrap())).is_ok());
        assert!(with(&|c| c.playground = Some("http://localhost:8080/".parse().unwrap())).is_ok());
    }
}
