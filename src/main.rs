//! The `dicetable` command: a thin layer of clap over the library.

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use dicetable::bot;
use dicetable::engine::computer::Level;
use dicetable::engine::{Event, Game, GameKind, Options, option_value};
use dicetable::game::fair::{Roller, Seed, verify_commitment};
use dicetable::game::replay::{self, Record};
use dicetable::render::{Player, Renderer, Scene, Theme};
use dicetable::tools::simulate::Policy;
use dicetable::tools::{gallery, load, protocol, simulate};

/// dicetable: dice board games (Snakes & Ladders, Ludo, Long Nardy) for group chats.
///
/// With no subcommand the bot runs: with no chat platform configured, it serves the local
/// playground (a web chat) on LISTEN and stores games in DATABASE_URL (SQLite by default).
/// Every setting is a flag and an environment variable; a .env file in the working directory
/// is read first (see .env.example).
#[derive(Parser)]
#[command(version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    /// The bot's settings (with no subcommand, the bot runs).
    #[command(flatten)]
    bot: bot::Config,
}

#[derive(Subcommand)]
enum Command {
    /// Ratings: recompute them from the stored games (--rebuild), or measure the computers'
    /// ratings (--calibrate --game ludo --games 10000).
    Ratings {
        /// What to do.
        #[command(flatten)]
        task: RatingsTask,
        /// With --calibrate: the game (ludo or nardy).
        #[arg(long, default_value = "ludo")]
        game: GameKind,
        /// With --calibrate: games to fit (and as many to check).
        #[arg(long, default_value_t = 10_000)]
        games: u64,
        /// With --calibrate: the run's seed, a number or 64 hex digits.
        #[arg(long, default_value = "1")]
        seed: String,
    },
    /// Speak the engine protocol: one JSON request per line on stdin, one JSON answer per line
    /// on stdout (see docs/engine-protocol.md).
    Engine,
    /// Play many complete games and print their statistics as one JSON object.
    Simulate {
        /// The game: snakes, ludo or nardy.
        #[arg(long)]
        game: GameKind,
        /// Players per game (1 is allowed for Snakes, for solo statistics).
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// How many games.
        #[arg(long, default_value_t = 10_000)]
        games: u64,
        /// The run's seed: a number or 64 hex digits. Same seed, same games.
        #[arg(long, default_value = "1")]
        seed: String,
        /// A table option as key=value, repeatable, e.g. --option preset=quick --option board=random.
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// How choices are made where a game offers them (Ludo pieces, Nardy moves): random, first
        /// or greedy.
        #[arg(long, default_value = "random")]
        policy: Policy,
        /// A computer per seat, by level (easy, normal, hard; expert in nardy), comma-separated, e.g.
        /// --seats hard,normal: overrides --players and --policy, and reports each seat's win
        /// rate with its 95% confidence interval.
        #[arg(long, value_delimiter = ',')]
        seats: Vec<Level>,
        /// With --seats: also measure how much choosing the first seat's moves by this many
        /// playouts per move would add to its win rate (2 to 100000; slow: whole games per move
        /// at every choice). Reported as "advantage": per game, with a 95% interval.
        #[arg(long, value_name = "PLAYOUTS")]
        advantage: Option<u32>,
        /// With two --seats: mirrored dice, each game's dice played twice with the seats
        /// swapped, so that luck cancels (engine authors' way to measure strength); the win
        /// rates are the levels' in the order --seats gives them.
        #[arg(long)]
        mirror: bool,
        /// The expert's network from this file instead of the shipped one (to measure a
        /// training run's checkpoint: `dicetable train` writes it).
        #[arg(long, value_name = "FILE")]
        net: Option<std::path::PathBuf>,
    },
    /// Draw a board as a PNG, from a state in the engine protocol's format; or, with --demo, a
    /// gallery of example boards for every game, board size, theme and language.
    Render {
        /// Write the example gallery to --out-dir instead of drawing one state.
        #[arg(long)]
        demo: bool,
        /// The game (read from the file when it holds a whole protocol answer).
        #[arg(long)]
        game: Option<GameKind>,
        /// A JSON file: the protocol's "state" object, or a whole answer line with "game" and "state".
        #[arg(long, required_unless_present = "demo")]
        state: Option<std::path::PathBuf>,
        /// A JSON file with the last action's events (an array, or an answer with "events").
        #[arg(long)]
        events: Option<std::path::PathBuf>,
        /// Player names by seat, comma-separated (default: Player 1, Player 2, …).
        #[arg(long, value_delimiter = ',')]
        players: Vec<String>,
        /// light or dark.
        #[arg(long, default_value = "light")]
        theme: Theme,
        /// Write numbers on the board in Persian digits.
        #[arg(long)]
        persian_digits: bool,
        /// Where to write the PNG.
        #[arg(long, default_value = "board.png")]
        out: std::path::PathBuf,
        /// Where --demo writes its gallery.
        #[arg(long, default_value = "gallery")]
        out_dir: std::path::PathBuf,
    },
    /// Play many tables at once, pressing buttons as fast as answers come, and print
    /// throughput, latency percentiles, errors, peak memory and threads as one JSON object.
    /// For sizing a deployment; bounded in time and size, and loopback-only by default.
    Load(LoadArgs),
    /// Train Long Nardy's value network by self-play (the `expert` computer's evaluation):
    /// `dicetable train nardy --seed 63 --games 300000 --out assets/nardy/expert.net`. Prints
    /// progress with an estimate of the time left; stopped, the same command resumes from the
    /// last checkpoint. Same seed and sizes, same network.
    Train {
        /// The game (only nardy).
        game: GameKind,
        /// The run's seed: a number or 64 hex digits.
        #[arg(long, default_value = "63")]
        seed: String,
        /// Self-play games in all.
        #[arg(long, default_value_t = 300_000)]
        games: u64,
        /// Hidden units of the network.
        #[arg(long, default_value_t = 64)]
        hidden: usize,
        /// The learning rate at the start (falls to a fifth of it by the end).
        #[arg(long, default_value_t = 0.1)]
        rate: f32,
        /// Where to write the network (its progress goes beside it, with .progress added).
        #[arg(long, default_value = "expert.net")]
        out: std::path::PathBuf,
        /// Games between checkpoints (and progress lines).
        #[arg(long, default_value_t = 1_000)]
        checkpoint: u64,
        /// Stop after this many games of the run (written, to resume later).
        #[arg(long)]
        stop_at: Option<u64>,
    },
    /// Long Nardy's fixed benchmark of decisions (each with its turns' rolled-out equities):
    /// score the levels on it (mean equity lost a decision), or with --make build a new one.
    /// `dicetable positions nardy --levels hard,expert` scores the shipped benchmark.
    Positions {
        /// The game (only nardy).
        game: GameKind,
        /// The benchmark's file.
        #[arg(long, default_value = "assets/nardy/positions.txt")]
        file: std::path::PathBuf,
        /// Build a new benchmark into --file (rolled out with the shipped network, or --net).
        #[arg(long)]
        make: bool,
        /// With --make: how many decisions.
        #[arg(long, default_value_t = 2_000)]
        count: usize,
        /// The seed of the games (with --make) and of the easy computer's choices: a number or
        /// 64 hex digits.
        #[arg(long, default_value = "63")]
        seed: String,
        /// The levels to score, comma-separated.
        #[arg(long, value_delimiter = ',', default_value = "easy,normal,hard,expert")]
        levels: Vec<Level>,
        /// The expert's network from this file instead of the shipped one (scored, or with
        /// --make, rolled out with).
        #[arg(long, value_name = "FILE")]
        net: Option<std::path::PathBuf>,
    },
    /// Ask a running bot whether it is healthy (GET /healthz on LISTEN); exit 0 if it is.
    /// For container health checks.
    Healthcheck {
        /// The bot's HTTP address (its LISTEN).
        #[arg(long, env = "LISTEN", default_value = "127.0.0.1:8080")]
        listen: std::net::SocketAddr,
    },
    /// Check a finished game: does the revealed seed match the commitment shown at its start?
    /// Prints the table's first dice. With --record, replays a whole game record (`/export`)
    /// through the rules with its seed and reports whether every roll and every state agrees.
    Verify {
        /// The seed revealed after the game (64 hex digits).
        #[arg(long, required_unless_present = "record")]
        seed: Option<String>,
        /// The commitment shown when the game started (64 hex digits).
        #[arg(long, required_unless_present = "record")]
        commitment: Option<String>,
        /// How many dice to print.
        #[arg(long, default_value_t = 100)]
        rolls: u64,
        /// A game record (the JSON file `/export` sends) to check from its first move to its
        /// last.
        #[arg(long, conflicts_with_all = ["seed", "commitment"])]
        record: Option<std::path::PathBuf>,
    },
    /// Copy or back up what the bot has stored (README, "Backups and moving to Postgres").
    Store {
        #[command(subcommand)]
        command: StoreCommand,
    },
    /// Draw a game record (the JSON file `/export` sends) as an animated GIF, a frame per move.
    Replay {
        /// The game record.
        #[arg(long)]
        record: std::path::PathBuf,
        /// Where to write the GIF.
        #[arg(long, default_value = "replay.gif")]
        out: std::path::PathBuf,
        /// light or dark.
        #[arg(long, default_value = "light")]
        theme: Theme,
        /// Write numbers on the board in Persian digits.
        #[arg(long)]
        persian_digits: bool,
    },
}

/// `dicetable load`'s arguments.
#[derive(clap::Args)]
struct LoadArgs {
    /// The database to play in. Defaults to a fresh SQLite file in the temporary folder,
    /// so that a production database is never filled with test tables by accident.
    #[arg(long)]
    database_url: Option<String>,
    /// Tables played at once.
    #[arg(long, default_value_t = 50)]
    tables: usize,
    /// Players at each table (2 to 4; Nardy always seats 2).
    #[arg(long, default_value_t = 2)]
    players: usize,
    /// How long to run, in seconds (at most 3600).
    #[arg(long, default_value_t = 30.0)]
    seconds: f64,
    /// Stop after this many presses, if sooner.
    #[arg(long)]
    presses: Option<u64>,
    /// The games to rotate over, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "snakes,ludo,nardy")]
    games: Vec<GameKind>,
    /// Boards drawn at once (default: one per core, as the bot does).
    #[arg(long)]
    draw_limit: Option<usize>,
    /// Drive a running bot through its playground's HTTP API at this address (e.g.
    /// http://127.0.0.1:8080/) instead of a table service in this process.
    #[arg(long)]
    playground: Option<url::Url>,
    /// Allow --playground to name an address that is not loopback.
    #[arg(long)]
    allow_remote: bool,
    /// The seed of the drivers' choices among buttons.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Presses per second in all, spread evenly over the tables, as people play (latency
    /// then shows how long a press waits). Without it, each table presses again as soon
    /// as it is answered: the most the process can do.
    #[arg(long)]
    rate: Option<f64>,
    /// With --playground: report this process's (the bot's) peak memory and threads.
    #[arg(long)]
    pid: Option<u32>,
    /// What runs beside the presses, e.g. `replays=4/min,burst=10,computers=25%`: replays
    /// asked for per minute (each `burst` requests at once for one finished game), and
    /// the share of tables that seat a hard computer.
    #[arg(long, default_value = "")]
    mix: load::Mix,
    /// Keep one live-board page open on each table (its event stream) and report how
    /// long a move's update takes to reach it (in process only).
    #[arg(long)]
    watchers: bool,
    /// Whose chat calls to count, in process: `playground` (the default), `telegram` (a
    /// new board every turn), `telegram-edit` (one board edited in place) or `discord`;
    /// each within its platform's limits, as its adapter paces.
    #[arg(long, default_value = "playground")]
    platform: load::Platform,
    /// How long each player thinks before pressing, in seconds, as LEAST-MOST (e.g. 1-2):
    /// people rather than a closed loop (latency is then press to newest board).
    #[arg(long, value_parser = load::parse_think)]
    think: Option<(std::time::Duration, std::time::Duration)>,
    /// The window Telegram counts a group's calls in, in seconds (its minute: 60); a
    /// shorter one plays the same game faster with every call still counted.
    #[arg(long, default_value_t = 60.0)]
    window: f64,
}

/// What `dicetable ratings` does.
#[derive(clap::Args)]
#[group(required = true, multiple = false)]
struct RatingsTask {
    /// Recompute every rating from the stored finished games, in the order they were rated,
    /// in one transaction (after a change of formula or a fix).
    #[arg(long)]
    rebuild: bool,
    /// Measure the computers' fixed ratings: play --games games of computers at random levels,
    /// fit each level's rating, and check the fit on as many more games (printed as JSON).
    #[arg(long)]
    calibrate: bool,
}

#[derive(Subcommand)]
enum StoreCommand {
    /// Copy everything a bot stored in a SQLite file into an empty Postgres database (migrated
    /// here if it is not yet), then check it: the rows of every table, and that every table's
    /// log replays to its stored state. Stop the bot on the file first (a file another process
    /// holds open is refused). Exits 0 when the copy checks out, 1 when a table does not
    /// replay, 2 when nothing was copied.
    Copy {
        /// The SQLite database, e.g. sqlite://dicetable.db.
        #[arg(long)]
        from: String,
        /// The Postgres database, e.g. postgres://user:password@host/dicetable.
        #[arg(long)]
        to: String,
        /// Copy into a database that already holds rows: every row of dicetable's tables there
        /// is deleted first (in the same transaction as the copy; other tables are untouched).
        #[arg(long)]
        force: bool,
    },
    /// Write a consistent copy of a SQLite database to FILE while the bot may go on running
    /// (SQLite's VACUUM INTO), checked before it takes FILE's name. For Postgres, use pg_dump.
    Backup {
        /// Where to write the copy.
        #[arg(long, value_name = "FILE")]
        out: std::path::PathBuf,
        /// The database (default: the bot's DATABASE_URL).
        #[arg(long)]
        from: Option<String>,
        /// Replace FILE if it exists.
        #[arg(long)]
        force: bool,
    },
}

/// glibc gives every thread that allocates at once an arena of its own (up to 8 per core) and
/// keeps what each arena once held; pictures are drawn on many threads, so a burst of them left
/// the process large for good. Two arenas: at 1000 tables the peak went from 377 MB to 267 MB
/// (`dicetable load --tables 1000`), throughput within the runs' noise. And blocks of 256 KB or
/// more are mapped, and unmapped when freed, instead of glibc's sliding threshold that soon
/// puts every large buffer into the arenas, where they leave holes: through the playground at
/// 1000 tables the peak went from 323 to 285 MB (medians of 3 or more), throughput about 6%
/// lower, within the runs' noise. (64 KB, which maps every picture, cost a third.)
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn limit_malloc_arenas() {
    // SAFETY: mallopt only sets allocator parameters; it is called first thing in main,
    // before any other thread exists.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 256 * 1024);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn limit_malloc_arenas() {}

/// A command whose output is read through a pipe (`dicetable verify … | head`) ends quietly
/// when the reader has gone, as other command-line tools do (SIGPIPE's default), instead of
/// panicking on the broken pipe (issue 61).
#[cfg(unix)]
fn quiet_on_broken_pipe() {
    // SAFETY: restores the signal's default action; called on the main thread before any
    // output, with no handler of ours to replace.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn quiet_on_broken_pipe() {}

fn main() -> ExitCode {
    limit_malloc_arenas();
    // A .env file may set any setting; the real environment wins over it.
    match dotenvy::dotenv() {
        Ok(_) => {}
        Err(e) if e.not_found() => {}
        Err(e) => {
            eprintln!("error: cannot read .env: {e}");
            return ExitCode::from(2);
        }
    }
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        None => {
            check_rust_log()?;
            bot::init_logging(cli.bot.log_format);
            let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
            runtime.block_on(bot::run(&cli.bot, bot::shutdown_signal()))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Healthcheck { listen }) => healthcheck(listen),
        Some(train @ Command::Train { .. }) => run_train(train),
        Some(Command::Positions { game, file, make, count, seed, levels, net }) => {
            if game != GameKind::Nardy {
                bail!("only nardy has a benchmark of positions");
            }
            run_positions(&file, make, count, &parse_seed(&seed)?, &levels, net.as_deref())
        }
        Some(Command::Ratings { task, game, games, seed }) => {
            if task.calibrate {
                let seed = parse_seed(&seed)?;
                print_json(&dicetable::tools::calibrate::run(game, games, &seed)?)?;
                return Ok(ExitCode::SUCCESS);
            }
            ratings_rebuild(&cli.bot)
        }
        Some(Command::Load(args)) => run_load(args),
        Some(Command::Engine) => {
            protocol::run(io::stdin().lock(), io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Simulate {
            game,
            players,
            games,
            seed,
            options,
            policy,
            seats,
            advantage,
            mirror,
            net,
        }) => {
            let run = Simulation { game, players, games, policy, seats, advantage, mirror, net };
            run_simulate(run, &seed, &options)
        }
        Some(Command::Render { demo: true, out_dir, .. }) => {
            let files = gallery::write(&Renderer::new(), &out_dir)?;
            println!("wrote {} pictures to {}", files.len(), out_dir.display());
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Render {
            game, state, events, players, theme, persian_digits, out, ..
        }) => {
            let state = state.context("--state is required")?;
            let scene = RenderFiles { game, state, events, players, theme, persian_digits };
            run_render(scene, &out)
        }
        Some(Command::Verify { record: Some(path), .. }) => {
            quiet_on_broken_pipe();
            verify_record(&path)
        }
        Some(Command::Verify { seed, commitment, rolls, .. }) => {
            quiet_on_broken_pipe();
            let (Some(seed), Some(commitment)) = (seed, commitment) else {
                bail!("--seed and --commitment are needed (or --record)");
            };
            run_verify(&seed, &commitment, rolls)
        }
        Some(Command::Store { command: StoreCommand::Copy { from, to, force } }) => {
            store_copy(&from, &to, force)
        }
        Some(Command::Store { command: StoreCommand::Backup { out, from, force } }) => {
            let from = from.unwrap_or_else(|| cli.bot.database_url.clone());
            store_backup(&from, &out, force)
        }
        Some(Command::Replay { record, out, theme, persian_digits }) => {
            replay_record(&record, &out, theme, persian_digits)
        }
    }
}

/// `dicetable train`: trains Long Nardy's network and prints one JSON report.
fn run_train(command: Command) -> Result<ExitCode> {
    let Command::Train { game, seed, games, hidden, rate, out, checkpoint, stop_at } = command
    else {
        bail!("not a train command");
    };
    if game != GameKind::Nardy {
        bail!("only nardy has a network to train");
    }
    let config = dicetable::tools::train::Config {
        seed: parse_seed(&seed)?,
        games,
        hidden,
        rate,
        out,
        checkpoint,
        stop_at,
    };
    print_json(&dicetable::tools::train::run(&config, &mut io::stderr())?)?;
    Ok(ExitCode::SUCCESS)
}

/// Prints `value` as one line of JSON on stdout.
fn print_json(value: &impl serde::Serialize) -> Result<()> {
    let mut out = io::stdout().lock();
    serde_json::to_writer(&mut out, value)?;
    writeln!(out)?;
    Ok(())
}

/// `dicetable load`: the load test, its report printed as one JSON line.
fn run_load(a: LoadArgs) -> Result<ExitCode> {
    let fresh = std::env::temp_dir().join(format!("dicetable-load-{}.db", std::process::id()));
    let window = std::time::Duration::try_from_secs_f64(a.window)
        .ok()
        .filter(|w| !w.is_zero() && w.as_secs() <= 3600)
        .ok_or_else(|| anyhow::anyhow!("--window must be above 0 and at most 3600 seconds"))?;
    let config = load::Config {
        database_url: a.database_url.unwrap_or_else(|| format!("sqlite://{}", fresh.display())),
        tables: a.tables,
        players: a.players,
        seconds: a.seconds,
        presses: a.presses,
        games: a.games,
        seed: a.seed,
        draw_limit: a.draw_limit.unwrap_or_else(bot::cores),
        playground: a.playground,
        rate: a.rate,
        pid: a.pid,
        mix: a.mix,
        watchers: a.watchers,
        platform: a.platform,
        think: a.think,
        window,
    };
    load::check(&config, a.allow_remote)?;
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let report = runtime.block_on(load::run(&config));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", fresh.display()));
    }
    println!("{}", serde_json::to_string(&report?)?);
    Ok(ExitCode::SUCCESS)
}

/// `dicetable simulate`: plays seeded games and prints one JSON report.
/// The most playouts per move `simulate --advantage` takes: a few thousand already measure a
/// tenth of a point; more would only hold a seed per playout in memory for days of work.
const MAX_PLAYOUTS: u32 = 100_000;

/// What `simulate` was asked to play.
struct Simulation {
    game: GameKind,
    players: usize,
    games: u64,
    policy: Policy,
    seats: Vec<Level>,
    advantage: Option<u32>,
    mirror: bool,
    net: Option<std::path::PathBuf>,
}

/// `dicetable positions`: builds Long Nardy's benchmark, or scores levels on it (one JSON line
/// each).
fn run_positions(
    file: &std::path::Path,
    make: bool,
    count: usize,
    seed: &Seed,
    levels: &[Level],
    net: Option<&std::path::Path>,
) -> Result<ExitCode> {
    use dicetable::engine::nardy::net::{Net, shipped};
    use dicetable::tools::positions;
    let own = match net {
        Some(path) => {
            let bytes = std::fs::read(path).with_context(|| format!("{}", path.display()))?;
            Some(
                Net::from_bytes(&bytes)
                    .with_context(|| format!("{} is not a network", path.display()))?,
            )
        }
        None => None,
    };
    let net = match &own {
        Some(net) => net,
        None => shipped().map_err(|e| anyhow::anyhow!("the shipped network: {e}"))?,
    };
    if make {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let decisions = positions::make(seed, count, net, threads, &mut io::stderr());
        let fnv = net.checksum_hex();
        let notes = [
            "Long Nardy's benchmark of decisions (issue 63): see src/tools/positions.rs.".into(),
            format!(
                "dicetable positions nardy --make --count {count} --seed {} \
                 (rolled out with the network of FNV-1a {fnv})",
                seed.to_hex()
            ),
        ];
        std::fs::write(file, positions::to_text(&decisions, &notes))
            .with_context(|| format!("{}", file.display()))?;
        eprintln!("{} decisions written to {}", decisions.len(), file.display());
        return Ok(ExitCode::SUCCESS);
    }
    let text = std::fs::read_to_string(file).with_context(|| format!("{}", file.display()))?;
    let decisions =
        positions::parse(&text).with_context(|| format!("{} is damaged", file.display()))?;
    let mut out = io::stdout().lock();
    for &level in levels {
        let mut entropy = seed.stream("positions", 0);
        let score = if level == Level::Expert && own.is_some() {
            positions::score("expert (--net)", &decisions, |g| {
                let turn = dicetable::engine::computer::nardy_expert_turn(
                    g,
                    net,
                    dicetable::engine::computer::EXPERT_LOOKED_AT,
                )?;
                positions::after(g, &turn)
            })
        } else {
            positions::score(level.word(), &decisions, |g| {
                positions::turn_of(g, level, &mut entropy)
            })
        };
        serde_json::to_writer(&mut out, &score)?;
        writeln!(out)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn run_simulate(run: Simulation, seed: &str, options: &[String]) -> Result<ExitCode> {
    let Simulation { game, players, games, policy, seats, advantage, mirror, net } = run;
    let net = match net {
        Some(path) => {
            let bytes = std::fs::read(&path).with_context(|| format!("{}", path.display()))?;
            let net = dicetable::engine::nardy::net::Net::from_bytes(&bytes)
                .with_context(|| format!("{} is not a network", path.display()))?;
            Some(net)
        }
        None => None,
    };
    if mirror && advantage.is_some() {
        bail!("--advantage measures the first seat, which --mirror swaps: use one or the other");
    }
    if advantage.is_some() && seats.is_empty() {
        bail!(
            "--advantage measures the first of --seats: give --seats too (e.g. --seats hard,normal)"
        );
    }
    if advantage.is_some_and(|n| n < 2) {
        bail!("--advantage needs at least 2 playouts per move (they are split in halves)");
    }
    if advantage.is_some_and(|n| n > MAX_PLAYOUTS) {
        bail!("--advantage takes at most {MAX_PLAYOUTS} playouts per move");
    }
    let pairs: Vec<(String, serde_json::Value)> = options
        .iter()
        .map(|o| match o.split_once('=') {
            Some((k, v)) => Ok((k.trim().to_owned(), option_value(v.trim()))),
            None => bail!("--option takes key=value, not {o:?}"),
        })
        .collect::<Result<_>>()?;
    let options = Options::parse(game, pairs.iter().map(|(k, v)| (k.as_str(), v)))?;
    let seed = parse_seed(seed)?;
    let config =
        simulate::Config { policy, options, players, games, seed, seats, advantage, mirror, net };
    print_json(&simulate::run(&config)?)?;
    Ok(ExitCode::SUCCESS)
}

/// What `dicetable render` draws: files in the protocol's format, and how to draw them.
struct RenderFiles {
    game: Option<GameKind>,
    state: std::path::PathBuf,
    events: Option<std::path::PathBuf>,
    players: Vec<String>,
    theme: Theme,
    persian_digits: bool,
}

/// Reads a JSON file, saying which one failed.
fn read_json(path: &std::path::Path) -> Result<serde_json::Value> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    serde_json::from_str(&text).with_context(|| format!("{} is not JSON", path.display()))
}

/// `dicetable render`: one state (and its last events) as a PNG.
fn run_render(files: RenderFiles, out: &std::path::Path) -> Result<ExitCode> {
    let mut state = read_json(&files.state)?;
    let kind = match (files.game, state.get("game").and_then(|g| g.as_str())) {
        (Some(kind), _) => kind,
        (None, Some(name)) => name.parse()?,
        (None, None) => bail!("--game is needed: the state file does not name its game"),
    };
    if state.get("state").is_some() {
        state = state["state"].take();
    }
    let game = Game::from_json(kind, &state).context("the state")?;
    let events: Vec<Event> = match &files.events {
        Some(path) => {
            let mut value = read_json(path)?;
            if value.get("events").is_some() {
                value = value["events"].take();
            }
            serde_json::from_value(value).context("the events")?
        }
        None => Vec::new(),
    };
    let players: Vec<Player> = (0..game.players())
        .map(|i| Player {
            name: files.players.get(i).cloned().unwrap_or_else(|| format!("Player {}", i + 1)),
        })
        .collect();
    let scene = Scene {
        game: &game,
        events: &events,
        players: &players,
        theme: files.theme,
        persian_digits: files.persian_digits,
    };
    let png = Renderer::new().render(&scene)?;
    std::fs::write(out, png).with_context(|| format!("writing {}", out.display()))?;
    println!("wrote {}", out.display());
    Ok(ExitCode::SUCCESS)
}

/// `dicetable verify`: checks a revealed seed against its commitment and lists its dice.
fn run_verify(seed: &str, commitment: &str, rolls: u64) -> Result<ExitCode> {
    let seed = Seed::from_hex(seed).context("--seed")?;
    if !verify_commitment(&seed, commitment) {
        println!(
            "MISMATCH: SHA-256 of this seed is {}, not the commitment {}",
            seed.commitment_hex(),
            commitment.trim()
        );
        return Ok(ExitCode::from(1));
    }
    println!("commitment matches: SHA-256(seed) = {}", seed.commitment_hex());
    let mut roller = Roller::new(&seed, 0);
    let dice: Vec<String> = (0..rolls).map(|_| roller.roll().to_string()).collect();
    for (row, chunk) in dice.chunks(20).enumerate() {
        println!("dice {:>4}–{:<4} {}", row * 20, row * 20 + chunk.len() - 1, chunk.join(" "));
    }
    Ok(ExitCode::SUCCESS)
}

/// Refuses a `RUST_LOG` that is not a log filter, instead of logging at `info` as if it were
/// unset (a typo such as `dicetable=dbug` must not silently hide the logs asked for).
fn check_rust_log() -> Result<()> {
    match std::env::var("RUST_LOG") {
        Ok(filter) if !filter.trim().is_empty() => {
            match tracing_subscriber::EnvFilter::builder().parse(&filter) {
                Ok(_) => Ok(()),
                Err(e) => bail!(
                    "RUST_LOG={filter:?} is not a log filter ({e}); write levels (error, warn, \
                     info, debug, trace) and target=level pairs, e.g. RUST_LOG=info or \
                     RUST_LOG=info,dicetable=debug"
                ),
            }
        }
        Err(std::env::VarError::NotUnicode(_)) => bail!("RUST_LOG is not valid UTF-8"),
        _ => Ok(()),
    }
}

/// Reads a game record file (or a cup export): at most [`replay::MAX_RECORD_BYTES`] (a bigger
/// file is refused before it is read, or as soon as more than that has come from a pipe), and
/// JSON (a cut-off or binary file is named as such).
fn read_record_bytes(path: &std::path::Path) -> Result<Vec<u8>> {
    use std::io::Read;
    let max = replay::MAX_RECORD_BYTES;
    let too_big = || {
        anyhow::anyhow!(
            "{} is larger than {} MiB, the most a game record may be (the longest real games \
             make records of a few MB); it was not read",
            path.display(),
            max >> 20
        )
    };
    let file = std::fs::File::open(path).with_context(|| format!("reading {}", path.display()))?;
    if file.metadata().is_ok_and(|m| m.is_file() && m.len() > max) {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("reading {}", path.display()))?;
    if bytes.len() as u64 > max {
        return Err(too_big());
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        bail!("{} is empty: not a dicetable game record", path.display());
    }
    // JSON first (a pass that keeps nothing), so that a cut-off or binary file is named as such.
    if let Err(e) = serde_json::from_slice::<serde::de::IgnoredAny>(&bytes) {
        let path = path.display();
        if e.is_eof() {
            bail!("{path} ends in the middle of its JSON ({e}): cut off?");
        }
        bail!("{path} is not JSON: {e}");
    }
    Ok(bytes)
}

/// Reads a game record file (see [`read_record_bytes`]): JSON of a record's shape (unknown fields
/// refused).
fn read_record(path: &std::path::Path) -> Result<Record> {
    let bytes = read_record_bytes(path)?;
    serde_json::from_slice(&bytes)
        .map_err(|e| anyhow::anyhow!("{} is not a dicetable game record: {e}", path.display()))
}

/// Whether a JSON file is a cup export (`/cup export`): an object with `records`.
fn is_cup_export(bytes: &[u8]) -> bool {
    #[derive(serde::Deserialize)]
    struct Probe {
        records: Option<serde::de::IgnoredAny>,
    }
    serde_json::from_slice::<Probe>(bytes).is_ok_and(|p| p.records.is_some())
}

/// `dicetable verify --record` of a cup export: every game's record, every result against its
/// record, the standings against the results.
fn verify_cup(path: &std::path::Path, bytes: &[u8]) -> Result<ExitCode> {
    let export: replay::CupExport = serde_json::from_slice(bytes)
        .map_err(|e| anyhow::anyhow!("{} is not a dicetable cup export: {e}", path.display()))?;
    println!(
        "cup: {}, {} players, {} games ({} ended), {} rounds",
        export.game,
        export.players.len(),
        export.cup.games.len(),
        export.records.len(),
        export.rounds
    );
    match export.verify() {
        Ok(checked) => {
            println!(
                "OK: {} game records replayed against their seeds and the rules; {} results are \
                 their games' rankings; every round seats each player once and is the pairing \
                 its rules give; the standings follow from the results",
                checked.records, checked.results
            );
            for (place, player, points, sb) in &export.standings {
                let name = export.players.get(*player).map_or("?", String::as_str);
                println!("{place}. {name}: {points} (SB {sb})");
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(why) => {
            println!("MISMATCH: {why}");
            Ok(ExitCode::from(1))
        }
    }
}

/// `dicetable verify --record`: the whole game checked against its seed and the rules. Exits 0
/// when everything agrees, 1 when the record does not check out (`MISMATCH: …`), 2 when it
/// cannot be read as a record at all (see docs/fairness.md).
fn verify_record(path: &std::path::Path) -> Result<ExitCode> {
    let bytes = read_record_bytes(path)?;
    if is_cup_export(&bytes) {
        return verify_cup(path, &bytes);
    }
    let record: Record = serde_json::from_slice(&bytes)
        .map_err(|e| anyhow::anyhow!("{} is not a dicetable game record: {e}", path.display()))?;
    if !(replay::OLDEST_FORMAT..=replay::FORMAT).contains(&record.format) {
        bail!(
            "{} is a format {} record; this dicetable reads formats {} to {}",
            path.display(),
            record.format,
            replay::OLDEST_FORMAT,
            replay::FORMAT
        );
    }
    let table = record.table.map(|t| format!(", table {t}")).unwrap_or_default();
    println!(
        "record: {}, {} players, {} steps{table}, format {}",
        record.game,
        record.players.len(),
        record.steps.len(),
        record.format
    );
    match record.verify() {
        Ok(verified) => {
            println!("commitment matches: SHA-256(seed) = {}", record.commitment.trim());
            println!(
                "OK: all {} steps replayed; every one of the {} dice is the seed's, every action \
                 legal, every state the rules' own",
                verified.steps, verified.dice
            );
            match (verified.end, verified.ranking) {
                (replay::End::Finished, Some(ranking)) => {
                    println!(
                        "complete: the record says the game finished, and the replay finishes it"
                    );
                    let mut places: Vec<(u8, &String)> =
                        ranking.iter().copied().zip(&record.players).collect();
                    places.sort();
                    let places: Vec<String> =
                        places.iter().map(|(rank, name)| format!("{rank}. {name}")).collect();
                    println!("finished: {}", places.join(", "));
                }
                _ => {
                    println!(
                        "not complete: the record says the table was cancelled before the \
                         game's end; the game is still running after step {}, as it says \
                         (no ranking)",
                        verified.steps
                    );
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(mismatch) => {
            println!("MISMATCH: {mismatch}");
            Ok(ExitCode::from(1))
        }
    }
}

/// `dicetable replay`: a game record drawn as an animated GIF.
fn replay_record(
    path: &std::path::Path,
    out: &std::path::Path,
    theme: Theme,
    persian_digits: bool,
) -> Result<ExitCode> {
    let record = read_record(path)?;
    let replay = record.replay().context("the record does not replay")?;
    let players: Vec<Player> =
        record.players.iter().map(|name| Player { name: name.clone() }).collect();
    let animated = replay::animate(&Renderer::new(), &replay, &players, theme, persian_digits)?;
    std::fs::write(out, &animated.gif).with_context(|| format!("writing {}", out.display()))?;
    println!(
        "wrote {} ({} frames, {} KB)",
        out.display(),
        animated.frames,
        animated.gif.len().div_ceil(1024)
    );
    Ok(ExitCode::SUCCESS)
}

/// `dicetable store copy`: the copy, its row counts, and every table's log replayed.
/// `dicetable ratings --rebuild`: every rating recomputed from the stored games.
fn ratings_rebuild(config: &bot::Config) -> Result<ExitCode> {
    use dicetable::store::Store;
    use dicetable::table::{Service, SystemClock};
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async {
        let store = Store::connect(&config.database_url).await?;
        let service = Service::new(store.clone(), b"ratings rebuild", Arc::new(SystemClock))
            .with_seasons(config.seasons);
        let rated = service.ratings().rebuild_ratings().await?;
        store.close().await;
        println!("rebuilt the ratings from {rated} rated games");
        Ok(ExitCode::SUCCESS)
    })
}

fn store_copy(from: &str, to: &str, force: bool) -> Result<ExitCode> {
    use dicetable::store::copy;
    use dicetable::table::{LogCheck, Service, SystemClock};
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async {
        let shown = dicetable::store::redact(from);
        println!("copying {shown} into Postgres (the bot on the SQLite file must be stopped)");
        let copied = copy::copy(from, to, force).await?;
        for (table, rows) in &copied.deleted {
            println!("deleted first: {table} {rows} rows");
        }
        let width = copied.tables.iter().map(|(t, _)| t.len()).max().unwrap_or(0);
        for (table, rows) in &copied.tables {
            println!("  {table:<width$} {rows:>9} rows, the same in both");
        }
        for (column, next) in &copied.sequences {
            println!("  {column} continues at {next}");
        }
        // The secret only tags buttons, which this check never makes.
        let service =
            Service::new(copied.target.clone(), b"store copy check", Arc::new(SystemClock));
        let (mut games, mut actions, mut lobbies, mut other_shape) = (0, 0, 0, 0);
        let mut damaged = Vec::new();
        for id in copied.target.table_ids().await? {
            match service.replays().check_log(id).await {
                Ok(LogCheck::Replayed(n)) => (games, actions) = (games + 1, actions + n),
                Ok(LogCheck::NoGame) => lobbies += 1,
                Ok(LogCheck::OtherShape(n)) => {
                    (other_shape, actions) = (other_shape + 1, actions + n)
                }
                Err(e) => damaged.push(e.to_string()),
            }
        }
        copied.target.close().await;
        println!(
            "replayed: {games} games ({actions} actions) give their stored states; {lobbies} \
             tables without a game; {other_shape} snapshots of an older shape (rebuilt from \
             their logs when read)"
        );
        if damaged.is_empty() {
            println!(
                "OK: copied and checked; start the bot with DATABASE_URL set to the --to database"
            );
            return Ok(ExitCode::SUCCESS);
        }
        for why in &damaged {
            println!("DAMAGED: {why}");
        }
        println!(
            "{} tables do not replay (they were so in the SQLite file too): the rest is copied",
            damaged.len()
        );
        Ok(ExitCode::from(1))
    })
}

/// `dicetable store backup`: an online copy of a SQLite file, checked.
fn store_backup(from: &str, out: &std::path::Path, force: bool) -> Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    let backup = runtime.block_on(dicetable::store::copy::backup(from, out, force))?;
    let rows: i64 = backup.tables.iter().map(|(_, n)| n).sum();
    let tables: Vec<String> = backup.tables.iter().map(|(t, n)| format!("{t} {n}")).collect();
    println!(
        "wrote {} ({} KB, integrity ok): {rows} rows in {} tables ({})",
        backup.path.display(),
        backup.bytes.div_ceil(1024),
        backup.tables.len(),
        tables.join(", ")
    );
    Ok(ExitCode::SUCCESS)
}

fn parse_seed(text: &str) -> Result<Seed> {
    if let Ok(n) = text.parse::<u64>() {
        return Ok(Seed::from_u64(n));
    }
    Seed::from_hex(text).context("--seed takes a number or 64 hex digits")
}

/// GET /healthz over a plain TCP connection (the runtime image has no HTTP client).
fn healthcheck(listen: std::net::SocketAddr) -> Result<ExitCode> {
    use std::io::Read;
    let mut addr = listen;
    if addr.ip().is_unspecified() {
        addr.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
    }
    let timeout = std::time::Duration::from_secs(3);
    let mut stream = std::net::TcpStream::connect_timeout(&addr, timeout)
        .with_context(|| format!("cannot reach the bot on {addr}"))?;
    stream.set_read_timeout(Some(timeout))?;
    write!(stream, "GET /healthz HTTP/1.0\r\nHost: {addr}\r\n\r\n")?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer)?;
    let healthy = answer.starts_with("HTTP/1.1 200") || answer.starts_with("HTTP/1.0 200");
    // The body says which part is in trouble: {"status":…,"database":…,"telegram":…}.
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, body)| body.trim());
    let report = if body.is_empty() { answer.lines().next().unwrap_or("no answer") } else { body };
    if healthy {
        println!("healthy: {report}");
        Ok(ExitCode::SUCCESS)
    } else {
        println!("unhealthy: {report}");
        Ok(ExitCode::from(1))
    }
}
