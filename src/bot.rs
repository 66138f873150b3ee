//! The running bot: configuration, the database, the table service, the turn timer, the HTTP
//! server (playground, health, metrics), and a graceful shutdown.
//!
//! Settings come from flags, the environment, and an optional `.env` file (read by `main`
//! before the flags are parsed); `.env.example` lists them all.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result, anyhow};
use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::discord::{Discord, Shards};
use crate::game::fair::Seed;
use crate::ids::{ChatId, Platform};
use crate::playground::Playground;
use crate::playground::live::Live;
use crate::runtime::health::{Health, Part};
use crate::runtime::metrics::Metrics;
use crate::store::Store;
use crate::table::{Service, SystemClock, View};
use crate::telegram::{LiveBoard, Telegram};

/// How often the turn timer looks for due deadlines and reminders.
const TICK: Duration = Duration::from_secs(2);

/// Log format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// Lines for people.
    Human,
    /// One JSON object per line, for log collectors.
    Json,
}

/// Whether the local playground runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PlaygroundMode {
    /// Only when no chat platform is configured.
    Auto,
    /// Always.
    On,
    /// Never.
    Off,
}

/// Every setting of the bot. Each is a flag and an environment variable.
#[derive(Debug, Clone, clap::Args)]
pub struct Config {
    /// Where games are stored: sqlite://FILE (created if missing) or
    /// postgres://USER:PASSWORD@HOST/DB.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://dicetable.db")]
    pub database_url: String,

    /// The address of the HTTP server: the playground, /healthz and /metrics.
    #[arg(long, env = "LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,

    /// The local web playground: auto (when no chat platform is configured), on or off.
    #[arg(long, env = "PLAYGROUND", value_enum, default_value = "auto")]
    pub playground: PlaygroundMode,

    /// The secret that signs buttons (any text, 16 characters or more). Without it, one is
    /// generated once and kept in the database, so buttons keep working across restarts.
    #[arg(long, env = "DICETABLE_SECRET", hide_env_values = true)]
    pub secret: Option<String>,

    /// The Telegram bot token (from @BotFather). Set, the Telegram adapter runs.
    #[arg(long, env = "TELEGRAM_TOKEN", hide_env_values = true)]
    pub telegram_token: Option<String>,

    /// The Telegram Bot API's base URL: Telegram's public one, or a self-hosted Bot API server.
    #[arg(long, env = "TELEGRAM_API_URL", default_value = "https://api.telegram.org")]
    pub telegram_api_url: url::Url,

    /// Webhook mode for Telegram: the public HTTPS URL at which Telegram reaches this bot's
    /// /telegram/webhook (for example `https://bot.example.com/telegram/webhook`). Unset: long polling.
    /// With a webhook, several processes behind one address share one token. Telegram sends
    /// webhooks only to HTTPS: any other scheme is refused at start.
    #[arg(long, env = "TELEGRAM_WEBHOOK_URL", value_parser = parse_webhook_url)]
    pub telegram_webhook_url: Option<url::Url>,

    /// The window Telegram counts a chat's calls in: a minute (20 calls a group, edits
    /// included; about one a second per chat). Hidden: only tests shrink it (`3s`), with a fake
    /// Bot API that counts in the same window.
    #[arg(long, env = "TELEGRAM_RATE_WINDOW", default_value = "60s", value_parser = parse_pause, hide = true)]
    pub telegram_rate_window: Duration,

    /// The Discord bot token (Developer Portal, Bot). Set, the Discord adapter runs.
    #[arg(long, env = "DISCORD_TOKEN", hide_env_values = true)]
    pub discord_token: Option<String>,

    /// Send every Discord REST call through this HTTP proxy (for example a shared rate-limit
    /// proxy, `http://discord-proxy:8080`); the gateway address comes through it too. Unset:
    /// discord.com directly.
    #[arg(long, env = "DISCORD_PROXY_URL")]
    pub discord_proxy_url: Option<url::Url>,

    /// The Discord shards this process runs: `auto` (all, as Discord recommends) or
    /// `first-last/total` (for example `0-1/4`, inclusive), so several processes share one bot.
    #[arg(long, env = "DISCORD_SHARDS", default_value = "auto")]
    pub discord_shards: Shards,

    /// The least time between two identifies of one Discord bucket, across every process on
    /// the database: Discord's 5 s. Hidden: only tests shorten it (`300ms`).
    #[arg(long, env = "DISCORD_IDENTIFY_INTERVAL", default_value = "5s", value_parser = parse_pause, hide = true)]
    pub discord_identify_interval: Duration,

    /// Log lines for people (human) or as JSON objects (json). RUST_LOG filters them
    /// (default: info).
    #[arg(long, env = "LOG_FORMAT", value_enum, default_value = "human")]
    pub log_format: LogFormat,

    /// On SIGTERM or Ctrl-C, how long to finish the work in flight (every update taken is
    /// handled and its boards sent) before closing the database and exiting: seconds (`25`,
    /// `25s`) or minutes (`1m`). Give the container at least this long to stop (Docker's
    /// `stop_grace_period`).
    #[arg(long, env = "SHUTDOWN_TIMEOUT", default_value = "25s", value_parser = parse_seconds)]
    pub shutdown_timeout: Duration,

    /// How long a computer player waits before each turn, so people can follow its moves:
    /// milliseconds (`1500ms`) or seconds (`2`, `2s`).
    #[arg(long, env = "COMPUTER_PAUSE", default_value = "1500ms", value_parser = parse_pause)]
    pub computer_pause: Duration,

    /// How long a replay request waits for its GIF before the chat is told, at once, that the
    /// replay is being drawn (it is posted when ready): milliseconds (`500ms`) or seconds
    /// (`2`, `2s`), at most `60s`.
    #[arg(long, env = "REPLAY_WAIT", default_value = "2s", value_parser = parse_pause)]
    pub replay_wait: Duration,

    /// How rating seasons are cut: `month`, `quarter` (calendar quarters), `half` or `year`.
    /// Each season's ladder starts afresh; the all-time ratings go on.
    #[arg(long, env = "SEASONS", default_value = "quarter")]
    pub seasons: crate::game::rating::Seasons,
    /// The bot's public address (for example `https://bot.example.com`), where people's
    /// browsers and Telegram reach its HTTP server: the live board's pages are
    /// `PUBLIC_URL/live/…`. Set, boards on Telegram and Discord get a "Live board" button
    /// (Telegram needs HTTPS for Mini Apps). Unset: no such buttons (the playground links to
    /// the page at its own address).
    #[arg(long, env = "PUBLIC_URL")]
    pub public_url: Option<url::Url>,

    /// The short name of the bot's Telegram Mini App (BotFather, /newapp, with the URL
    /// `PUBLIC_URL/live`): group boards link to `t.me/<bot>/<name>?startapp=…`, which opens the
    /// live board inside Telegram. Unset: group boards link to the page in a browser.
    #[arg(long, env = "TELEGRAM_APP")]
    pub telegram_app: Option<String>,

    /// Requests a second each client (by address) may make to the live board's pages, with
    /// bursts of three times as many; more are answered 429.
    #[arg(long, env = "LIVE_RATE", default_value = "10")]
    pub live_rate: u32,
}

/// A Telegram webhook URL: absolute, `https` (Telegram posts updates to nothing else) and with
/// a host.
fn parse_webhook_url(text: &str) -> Result<url::Url, String> {
    let url = url::Url::parse(text.trim()).map_err(|e| format!("not a URL ({e})"))?;
    if url.scheme() != "https" {
        return Err(format!(
            "Telegram sends webhooks only to HTTPS; TELEGRAM_WEBHOOK_URL must begin with \
             https://, not {}://",
            url.scheme()
        ));
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err("TELEGRAM_WEBHOOK_URL has no host".to_owned());
    }
    Ok(url)
}

/// A pause: milliseconds (`1500ms`) or seconds (`2`, `2s`), at most a minute.
fn parse_pause(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let pause = match text.strip_suffix("ms") {
        Some(ms) => ms.trim().parse::<u64>().ok().map(Duration::from_millis),
        None => text
            .strip_suffix('s')
            .unwrap_or(text)
            .trim()
            .parse::<u64>()
            .ok()
            .map(Duration::from_secs),
    };
    pause.filter(|p| *p <= Duration::from_secs(60)).ok_or_else(|| {
        format!("expected milliseconds (1500ms) or seconds (2s) up to 60s, got `{text}`")
    })
}

/// `25`, `25s` or `1m` as a duration.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let (number, unit) = match text.strip_suffix('m') {
        Some(n) => (n, 60),
        None => (text.strip_suffix('s').unwrap_or(text), 1),
    };
    number
        .trim()
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(unit))
        .map(Duration::from_secs)
        .ok_or_else(|| format!("expected seconds (25, 25s) or minutes (1m), got `{text}`"))
}

/// A started bot.
pub struct Running {
    /// Where the HTTP server listens (the port is chosen when 0 was asked for).
    pub addr: SocketAddr,
    /// The table service (for tests and tools).
    pub service: Service,
    stop: watch::Sender<bool>,
    tasks: Vec<JoinHandle<()>>,
    store: Store,
    adapters: Arc<Adapters>,
    live: Live,
    shutdown_timeout: Duration,
}

impl Running {
    /// Stops gracefully, within the configured shutdown timeout: stops taking new work (the
    /// HTTP server, Telegram polling, the Discord gateway, the turn timer), finishes the work
    /// in flight (requests being answered, every update and interaction already taken, and the
    /// sends of their boards), tells Telegram which updates were handled, then closes the
    /// database. Every change a player saw confirmed was committed before it was shown; what
    /// the deadline cuts off is shown at the next start.
    pub async fn shutdown(self) {
        let started = std::time::Instant::now();
        let _ = self.stop.send(true);
        if let Some(p) = &self.adapters.playground {
            p.close();
        }
        self.live.close();
        let adapters = self.adapters.clone();
        let drain = async move {
            for task in self.tasks {
                if let Err(e) = task.await {
                    tracing::error!(error = %e, "a task failed while stopping");
                }
            }
            if let Some(t) = &adapters.telegram {
                t.finish().await;
            }
            if let Some(d) = &adapters.discord {
                d.finish().await;
            }
        };
        if tokio::time::timeout(self.shutdown_timeout, drain).await.is_err() {
            tracing::warn!(
                seconds = self.shutdown_timeout.as_secs(),
                "the shutdown timeout passed with work in flight; it is shown at the next start"
            );
        }
        self.store.close().await;
        tracing::info!(ms = started.elapsed().as_millis() as u64, "stopped");
    }
}

/// Sets up logging as configured. Call once, before [`start`]. Lines are coloured only on a
/// terminal, and never when `NO_COLOR` is set (no colour codes in log files).
///
/// sqlx's own line for each slow wait for a connection is left out: those waits are counted
/// (`SLOW_WAITS`) and said in one line a minute (`slow_waits_loop`).
pub fn init_logging(format: LogFormat) {
    use std::io::IsTerminal;
    use tracing_subscriber::Layer;
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let filter = match SLOW_ACQUIRE.parse() {
        Ok(off) => filter.add_directive(off),
        Err(_) => filter,
    };
    let colour = std::io::stderr().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let lines = tracing_subscriber::fmt::layer().with_writer(std::io::stderr).with_ansi(colour);
    let lines = match format {
        LogFormat::Human => lines.with_filter(filter).boxed(),
        LogFormat::Json => lines.json().with_filter(filter).boxed(),
    };
    let slow =
        tracing_subscriber::filter::Targets::new().with_target(SLOW_TARGET, tracing::Level::WARN);
    let _ =
        tracing_subscriber::registry().with(lines).with(SlowAcquires.with_filter(slow)).try_init();
}

/// Where sqlx logs a wait for a connection longer than its threshold (two seconds), and the
/// directive that takes those lines out of the bot's log.
const SLOW_TARGET: &str = "sqlx::pool::acquire";
const SLOW_ACQUIRE: &str = "sqlx::pool::acquire=off";

/// The slow waits for a connection since the last minute's line.
static SLOW_WAITS: crate::runtime::health::SlowWaits = crate::runtime::health::SlowWaits::new();

/// How often the slow waits are said.
const SLOW_EVERY: Duration = Duration::from_secs(60);

/// Notes each of sqlx's slow-wait events in [`SLOW_WAITS`] (a log line cannot be written from
/// inside another's: `slow_waits_loop` writes it).
struct SlowAcquires;

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for SlowAcquires {
    fn on_event(&self, event: &tracing::Event<'_>, _: tracing_subscriber::layer::Context<'_, S>) {
        struct Waited(Option<f64>);
        impl tracing::field::Visit for Waited {
            fn record_f64(&mut self, field: &tracing::field::Field, value: f64) {
                if field.name() == "acquired_after_secs" {
                    self.0 = Some(value);
                }
            }
            fn record_debug(&mut self, _: &tracing::field::Field, _: &dyn std::fmt::Debug) {}
        }
        let mut waited = Waited(None);
        event.record(&mut waited);
        if let Some(secs) = waited.0.filter(|s| s.is_finite() && *s >= 0.0) {
            SLOW_WAITS.note(Duration::from_secs_f64(secs));
        }
    }
}

/// Says the slow waits for a connection once a minute, if there were any, until `stopped`.
async fn slow_waits_loop(mut stopped: watch::Receiver<bool>) {
    let mut every = tokio::time::interval(SLOW_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = stopped.wait_for(|s| *s) => return,
        }
        if let Some((waits, worst)) = SLOW_WAITS.take() {
            tracing::warn!(
                waits,
                worst_ms = worst.as_millis() as u64,
                "slow to get a database connection: {waits} waits of over 2 s in the last \
                 minute, the longest {} ms",
                worst.as_millis()
            );
        }
    }
}

#[derive(Clone)]
struct AppState {
    store: Store,
    service: Service,
    metrics: Arc<Metrics>,
    health: Arc<Health>,
}

/// The machine's cores (boards drawn at once).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// Connects to the database, starts the table service, the turn timer and the HTTP server.
pub async fn start(config: &Config) -> Result<Running> {
    // The expert's network is built into the program: checked before anything else starts, so
    // that a damaged or mismatched file stops the bot with its reason, never plays another level.
    crate::engine::nardy::net::shipped().map_err(|e| {
        anyhow!("the expert computer's network (assets/nardy/expert.net) is refused: {e}")
    })?;
    let store = Store::connect(&config.database_url).await.map_err(|e| {
        anyhow!("cannot use DATABASE_URL {}: {e}", crate::store::redact(&config.database_url))
    })?;
    let secret = button_secret(config, &store).await?;
    let metrics = Arc::new(Metrics::new());
    let service = service_of(config, &store, &secret, &metrics).await?;
    let health = Arc::new(Health::default());
    let (playground, telegram, discord) = adapters_of(config, &service, &health).await?;
    let state = AppState {
        store: store.clone(),
        service: service.clone(),
        metrics: metrics.clone(),
        health: health.clone(),
    };
    let mut app: Router = Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics_text))
        .with_state(state);
    if let Some(p) = &playground {
        app = app.merge(p.router());
    }
    // The live board's pages: served whenever anyone can hold a link to one (links are made
    // only with PUBLIC_URL or by the playground).
    let live = Live::new(service.clone(), config.telegram_token.clone(), config.live_rate);
    app = app.merge(live.router());
    if let (Some(t), Some(_)) = (&telegram, &config.telegram_webhook_url) {
        app = app.merge(t.webhook_router());
    }
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .with_context(|| format!("cannot listen on LISTEN {}", config.listen))?;
    let addr = listener.local_addr()?;
    let (stop, stopped) = watch::channel(false);
    let mut tasks = vec![serve(listener, app, stopped.clone())];
    if let Some(t) = &telegram {
        tasks.extend(start_telegram(config, t, &health, &stopped).await?);
        // A tidy chat's earlier boards go once their game is over (`/boards tidy`).
        tasks.push(tokio::spawn(t.clone().tidy(stopped.clone())));
    }
    if let Some(d) = &discord {
        tasks.extend(start_discord(config, d, &stopped));
    }
    let adapters = Arc::new(Adapters { playground: playground.clone(), telegram, discord });
    // A press on a live page shows its boards in the table's chat, as a press there would.
    let deliver_to = adapters.clone();
    live.set_deliver(Arc::new(move |views| {
        let adapters = deliver_to.clone();
        Box::pin(async move { adapters.deliver(views).await })
    }));
    show_unshown(&service, &adapters).await;
    tasks.extend(supervise_loops(&service, &adapters, &health, stopped));
    if playground.is_some() {
        tracing::info!("playground at http://{addr}/");
    }
    tracing::info!(%addr, database = %crate::store::redact(&config.database_url), "dicetable is running");
    Ok(Running {
        addr,
        service,
        stop,
        tasks,
        store,
        adapters,
        live,
        shutdown_timeout: config.shutdown_timeout,
    })
}

/// The table service over `store`, with its ratings upgraded to the current model (once) and
/// its turn deadlines moved past the time the bot was down.
async fn service_of(
    config: &Config,
    store: &Store,
    secret: &str,
    metrics: &Arc<Metrics>,
) -> Result<Service> {
    let service = Service::new(store.clone(), secret.as_bytes(), Arc::new(SystemClock))
        .with_metrics(metrics.clone())
        .with_draw_limit(cores())
        .with_computer_pause(config.computer_pause)
        .with_replay_wait(config.replay_wait)
        .with_seasons(config.seasons);
    // Ratings stored under an older model are rebuilt under this one, once; a bot that cannot
    // (another process rebuilding at the same moment) starts all the same.
    match service.ratings().upgrade_ratings().await {
        Ok(Some(games)) if games > 0 => {
            tracing::info!(
                games,
                model = crate::game::rating::MODEL,
                "ratings rebuilt under the new model"
            )
        }
        Ok(_) => {}
        Err(e) => tracing::warn!(error = %e, "rebuilding the ratings under the new model failed"),
    }
    let down = service.resume().await?;
    if down > 0 {
        tracing::info!(seconds = down / 1000, "the bot was down; turn deadlines moved later");
    }
    Ok(service)
}

/// Changes stored but never shown (the last process stopped in between) are shown now.
async fn show_unshown(service: &Service, adapters: &Adapters) {
    match service.views().unshown().await {
        Ok(views) => adapters.deliver(views).await,
        Err(e) => tracing::error!(error = %e, "looking for changes never shown failed"),
    }
}

/// The secret that tags buttons: the operator's, or one made at the first start and kept in the
/// database, so that buttons already in chats keep working after a restart.
async fn button_secret(config: &Config, store: &Store) -> Result<String> {
    match &config.secret {
        Some(s) if s.len() < 16 => {
            Err(anyhow!("DICETABLE_SECRET must have at least 16 characters"))
        }
        Some(s) => Ok(s.clone()),
        None => {
            let fresh = Seed::generate()
                .map_err(|e| anyhow!("no OS randomness for the button secret: {e}"))?;
            Ok(store.setting_or_insert("button_secret", &fresh.to_hex()).await?)
        }
    }
}

/// The adapters the configuration asks for: the playground (by default only when no chat
/// platform is configured), Telegram and Discord.
async fn adapters_of(
    config: &Config,
    service: &Service,
    health: &Arc<Health>,
) -> Result<(Option<Playground>, Option<Telegram>, Option<Discord>)> {
    let platforms = config.telegram_token.is_some() || config.discord_token.is_some();
    let playground = match config.playground {
        PlaygroundMode::Off => None,
        PlaygroundMode::Auto if platforms => None,
        PlaygroundMode::On | PlaygroundMode::Auto => {
            Some(Playground::new(service.clone()).with_public_url(config.public_url.clone()))
        }
    };
    let live = config.public_url.clone().map(|public_url| LiveBoard {
        public_url,
        app: config.telegram_app.clone().filter(|a| !a.is_empty()),
    });
    let telegram = config.telegram_token.as_deref().map(|token| {
        let api = config.telegram_api_url.clone();
        Telegram::new(service.clone(), token, api, config.telegram_rate_window, health.clone())
            .with_live(live.clone())
    });
    let discord = match config.discord_token.as_deref() {
        Some(token) => {
            let proxy = config.discord_proxy_url.as_ref();
            let d = Discord::new(service.clone(), token, proxy, health.clone());
            let d = d.await.context("cannot start the relay to DISCORD_PROXY_URL")?;
            Some(d.with_live(config.public_url.clone()))
        }
        None => None,
    };
    Ok((playground, telegram, discord))
}

/// Serves HTTP (health, metrics, the playground, Telegram's webhook) until `stopped`.
fn serve(
    listener: tokio::net::TcpListener,
    app: Router,
    mut stopped: watch::Receiver<bool>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let app = app.into_make_service_with_connect_info::<SocketAddr>();
        let serve = axum::serve(listener, app).with_graceful_shutdown(async move {
            let _ = stopped.wait_for(|s| *s).await;
        });
        if let Err(e) = serve.await {
            tracing::error!(error = %e, "the HTTP server failed");
        }
    })
}

/// Starts Discord: its gateway, and the tidying of its channels (the tasks returned).
fn start_discord(
    config: &Config,
    discord: &Discord,
    stopped: &watch::Receiver<bool>,
) -> [JoinHandle<()>; 2] {
    let identify = config.discord_identify_interval;
    let gateway =
        tokio::spawn(discord.clone().run(config.discord_shards, identify, stopped.clone()));
    // A tidy channel's earlier boards go once their game is over (`/boards tidy`).
    let tidy = tokio::spawn(discord.clone().tidy(stopped.clone()));
    tracing::info!(shards = ?config.discord_shards, "Discord adapter started");
    [gateway, tidy]
}

/// Starts the loops that run beside the adapters, each started again should it fail: the late
/// replays, the turn timer and the slow waits' log (the tasks returned).
fn supervise_loops(
    service: &Service,
    adapters: &Arc<Adapters>,
    health: &Arc<Health>,
    stopped: watch::Receiver<bool>,
) -> [JoinHandle<()>; 3] {
    let timer = {
        let (service, adapters, health) = (service.clone(), adapters.clone(), health.clone());
        let stopped = stopped.clone();
        move || timer_loop(service.clone(), adapters.clone(), health.clone(), stopped.clone())
    };
    let later = {
        let (service, adapters, stopped) = (service.clone(), adapters.clone(), stopped.clone());
        move || later_loop(service.clone(), adapters.clone(), stopped.clone())
    };
    let later = supervise("the late replays", stopped.clone(), later);
    let timer = supervise("the turn timer", stopped.clone(), timer);
    let slow = {
        let stopped = stopped.clone();
        move || slow_waits_loop(stopped.clone())
    };
    [later, timer, supervise("the slow waits' log", stopped, slow)]
}

/// Starts Telegram: sets the webhook, or spawns long polling (the task returned).
async fn start_telegram(
    config: &Config,
    telegram: &Telegram,
    health: &Health,
    stopped: &watch::Receiver<bool>,
) -> Result<Option<tokio::task::JoinHandle<()>>> {
    match &config.telegram_webhook_url {
        Some(url) => {
            if !telegram.set_webhook(url.clone()).await {
                return Err(anyhow!("Telegram refused TELEGRAM_WEBHOOK_URL {url}"));
            }
            health.set("telegram", Part::Up);
            tracing::info!(%url, "Telegram adapter started (webhook)");
            Ok(None)
        }
        None => {
            let (polling, rx) = (telegram.clone(), stopped.clone());
            let run = move || polling.clone().run(rx.clone());
            let task = supervise("Telegram polling", stopped.clone(), run);
            tracing::info!(api = %config.telegram_api_url, "Telegram adapter started (polling)");
            Ok(Some(task))
        }
    }
}

/// Runs the bot until `signal` resolves (SIGTERM or Ctrl-C in `main`), then shuts down.
pub async fn run(config: &Config, signal: impl Future<Output = ()>) -> Result<()> {
    let running = start(config).await?;
    if config.playground != PlaygroundMode::Off {
        eprintln!("dicetable playground: http://{}/  (Ctrl-C stops it)", running.addr);
    }
    signal.await;
    tracing::info!("stopping: finishing the work in flight");
    running.shutdown().await;
    Ok(())
}

/// Resolves on SIGTERM or Ctrl-C.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = term => {}
    }
}

/// The running adapters: where views that no user asked for (a timer's, those shown at start)
/// go, by their chat's platform.
struct Adapters {
    playground: Option<Playground>,
    telegram: Option<Telegram>,
    discord: Option<Discord>,
}

impl Adapters {
    /// Shows views in their chats; one table's views stay together and in order.
    async fn deliver(&self, views: Vec<(ChatId, View)>) {
        let mut batches: Vec<(ChatId, Vec<View>)> = Vec::new();
        for (chat, view) in views {
            match batches.last_mut() {
                Some((last, batch)) if *last == chat => batch.push(view),
                _ => batches.push((chat, vec![view])),
            }
        }
        for (chat, views) in batches {
            match (&self.playground, &self.telegram, &self.discord, chat.platform()) {
                (Some(p), _, _, Platform::Playground) => {
                    for view in views {
                        p.post(&chat, view).await;
                    }
                }
                (_, Some(t), _, Platform::Telegram) => t.post_to(&chat, views),
                (_, _, Some(d), Platform::Discord) => d.post_to(&chat, views),
                _ => tracing::warn!(%chat, "no adapter for this chat's messages"),
            }
        }
    }
}

/// Runs a long-lived task made by `make` until `stopped`: should it panic or end on its own, it
/// is logged and started again (after a second, so a task that fails at once does not spin).
fn supervise<F, Fut>(
    name: &'static str,
    stopped: watch::Receiver<bool>,
    make: F,
) -> tokio::task::JoinHandle<()>
where
    F: Fn() -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    tokio::spawn(async move {
        loop {
            let ended = tokio::spawn(make()).await;
            if *stopped.borrow() {
                return;
            }
            match ended {
                Err(e) if e.is_panic() => {
                    let why = crate::runtime::lanes::panic_text(&*e.into_panic());
                    tracing::error!(task = name, panic = %why, "a task panicked; starting it again");
                }
                _ => tracing::error!(task = name, "a task ended by itself; starting it again"),
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    })
}

/// The name under which the turn timer reports its rounds to [`Health`].
const TIMER: &str = "timer";

/// How long the turn timer may go without finishing a round before `/healthz` reports it.
const TIMER_SILENT: Duration = Duration::from_secs(30);

/// How late a due deadline may be before `/healthz` reports that the timers are not keeping up.
const OVERDUE_MS: i64 = 60_000;

/// Posts what the service made after the request for it was answered (replays drawn
/// longer than `REPLAY_WAIT`), until `stopped`.
async fn later_loop(service: Service, adapters: Arc<Adapters>, mut stopped: watch::Receiver<bool>) {
    let replays = service.replays();
    loop {
        let views = tokio::select! {
            views = replays.later() => views,
            _ = stopped.wait_for(|s| *s) => return,
        };
        adapters.deliver(views).await;
    }
}

async fn timer_loop(
    service: Service,
    adapters: Arc<Adapters>,
    health: Arc<Health>,
    mut stopped: watch::Receiver<bool>,
) {
    let mut interval = tokio::time::interval(TICK);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // When a computer's pause ends (see below).
    let mut wake: Option<tokio::time::Instant> = None;
    loop {
        // A computer's turn came: play it once its pause is over, not at the next round.
        let at = wake.unwrap_or_else(|| tokio::time::Instant::now() + TICK);
        tokio::select! {
            _ = interval.tick() => {}
            _ = service.computer_turn(), if wake.is_none() => {
                wake = Some(tokio::time::Instant::now() + service.computer_pause());
                continue;
            }
            _ = tokio::time::sleep_until(at), if wake.is_some() => wake = None,
            _ = stopped.wait_for(|s| *s) => return,
        }
        if let Err(e) = service.resume().await {
            tracing::warn!(error = %e, "heartbeat failed");
        }
        match service.tick().await {
            Ok(views) => adapters.deliver(views).await,
            Err(e) => tracing::error!(error = %e, "the turn timer failed"),
        }
        match service.turn_notices().notices().await {
            Ok(views) => adapters.deliver(views).await,
            Err(e) => tracing::error!(error = %e, "the turn notices failed"),
        }
        health.beat(TIMER);
    }
}

/// The turn timer's state for `/healthz`: down when it has not finished a round lately, or when
/// due tables wait longer than they should (no process keeps up with them).
async fn timer_part(state: &AppState) -> Part {
    match state.health.since_beat(TIMER) {
        None => return Part::Starting,
        Some(silent) if silent > TIMER_SILENT => {
            return Part::Down(format!("no round for {} s", silent.as_secs()));
        }
        Some(_) => {}
    }
    match state.service.overdue(OVERDUE_MS).await {
        Ok(late) if late.is_empty() => Part::Up,
        Ok(late) => Part::Down(format!(
            "{} tables overdue by more than {} s: {late:?}",
            late.len(),
            OVERDUE_MS / 1000
        )),
        // The database's own line says why.
        Err(_) => Part::Up,
    }
}

/// `/healthz`: 200 when the database answers and no chat platform's connection is failing,
/// else 503; the body says which part is in trouble and why, e.g.
/// `{"status":"unhealthy","database":"down: …","telegram":"ok"}`.
async fn healthz(State(state): State<AppState>) -> impl IntoResponse {
    let ping = tokio::time::timeout(crate::store::WAIT, state.store.ping()).await;
    let database = match ping {
        Ok(Ok(())) => None,
        Ok(Err(e)) => Some(e.to_string()),
        Err(_) => Some(format!("no answer within {} ms", crate::store::WAIT.as_millis())),
    };
    let database = database.or_else(|| state.service.store_trouble());
    let mut healthy = database.is_none();
    let mut body = serde_json::Map::new();
    body.insert("database".into(), say(database.map_or(Part::Up, Part::Down)).into());
    let mut parts = state.health.parts();
    parts.insert(TIMER, timer_part(&state).await);
    for (name, part) in parts {
        healthy &= !matches!(part, Part::Down(_));
        body.insert(name.into(), say(part).into());
    }
    // A damaged table is refused and logged; the rest of the bot is healthy, so it is told
    // here without failing the check.
    let damaged = state.service.damaged_tables();
    if !damaged.is_empty() {
        let tables: serde_json::Map<String, serde_json::Value> =
            damaged.into_iter().map(|(id, why)| (id.to_string(), why.into())).collect();
        body.insert("damaged_tables".into(), tables.into());
    }
    body.insert("status".into(), if healthy { "ok" } else { "unhealthy" }.into());
    if !healthy {
        tracing::warn!(report = %serde_json::Value::Object(body.clone()), "health check failed");
    }
    let code = if healthy { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (code, axum::Json(serde_json::Value::Object(body)))
}

/// A part's state in words: `ok`, `starting`, or `down: why`.
fn say(part: Part) -> String {
    match part {
        Part::Up => "ok".into(),
        Part::Starting => "starting".into(),
        Part::Down(why) => format!("down: {why}"),
    }
}

async fn metrics_text(State(state): State<AppState>) -> impl IntoResponse {
    if let Ok(n) = state.store.count_open().await {
        state.metrics.active_tables.set(n);
    }
    (
        [(header::CONTENT_TYPE, "application/openmetrics-text; version=1.0.0; charset=utf-8")],
        state.metrics.encode(),
    )
}

#[cfg(test)]
mod tests {
    use crate::store::redact;

    #[test]
    fn shutdown_timeouts_in_seconds_or_minutes() {
        use std::time::Duration;
        assert_eq!(super::parse_seconds("25"), Ok(Duration::from_secs(25)));
        assert_eq!(super::parse_seconds("25s"), Ok(Duration::from_secs(25)));
        assert_eq!(super::parse_seconds("1m"), Ok(Duration::from_secs(60)));
        assert!(super::parse_seconds("soon").is_err());
        assert!(super::parse_seconds("-1").is_err());
    }

    #[tokio::test]
    async fn a_supervised_task_that_panics_is_started_again() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let runs = std::sync::Arc::new(AtomicUsize::new(0));
        let (stop, stopped) = tokio::sync::watch::channel(false);
        let counted = runs.clone();
        let task = super::supervise("test task", stopped, move || {
            let runs = counted.clone();
            async move {
                assert!(runs.fetch_add(1, Ordering::SeqCst) > 0, "the first run fails");
                std::future::pending::<()>().await;
            }
        });
        for _ in 0..100 {
            if runs.load(Ordering::SeqCst) >= 2 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        assert_eq!(runs.load(Ordering::SeqCst), 2, "started again after its panic");
        let _ = stop.send(true);
        task.abort();
    }

    #[test]
    fn passwords_never_reach_messages() {
        assert_eq!(
            redact("postgres://bot:hunter2@db/dicetable"),
            "postgres://bot:***@db/dicetable"
        );
        assert_eq!(redact("postgres://bot@db/x"), "postgres://bot@db/x");
        assert_eq!(redact("sqlite://dicetable.db"), "sqlite://dicetable.db");
        // Issue 61 item 10: a password as a setting, odd schemes, text that is no URL.
        let check = |url: &str, shown: &str| assert_eq!(redact(url), shown, "{url}");
        check("postgres://bot@db/x?password=hunter2", "postgres://bot@db/x?password=***");
        check(
            "postgresql://db/x?sslmode=require&PASSWORD=hunter2&application_name=a",
            "postgresql://db/x?sslmode=require&PASSWORD=***&application_name=a",
        );
        check("postgres://db/x?sslpassword=hunter2#f", "postgres://db/x?sslpassword=***#f");
        check("mysql://root:hunter2@db:3306/x", "mysql://root:***@db:3306/x");
        check("Postgres://bot:hunter2@db/x", "Postgres://bot:***@db/x");
        check("postgres://bot:p@ss:w0rd@db/x", "postgres://bot:***@db/x");
        check("postgres://bot:hunter2@db/x?password=again", "postgres://bot:***@db/x?password=***");
        check(
            "host=db user=bot password=hunter2 dbname=x",
            "host=db user=bot password=*** dbname=x",
        );
        check("not a url at all", "not a url at all");
        check("", "");
        check("://:@", "://:***@");
        check("password=", "password=***");
        for url in [
            "postgres://bot:hunter2@db/x?password=hunter2",
            "mysql://a:hunter2@b",
            "x password=hunter2",
        ] {
            assert!(!redact(url).contains("hunter2"), "{url}");
        }
    }

    /// Issue 61 item 10: a URL of another database is refused without its password.
    #[tokio::test]
    async fn a_refused_url_is_shown_masked() {
        for url in ["mysql://root:hunter2@db/x", "Postgres://bot:hunter2@db/x?password=hunter2"] {
            let refused = crate::store::Store::connect(url).await.err();
            let said = refused.map(|e| format!("cannot use DATABASE_URL {}: {e}", redact(url)));
            let said = said.unwrap_or_default();
            assert!(said.contains("must start with") && !said.contains("hunter2"), "{said}");
        }
    }
}
