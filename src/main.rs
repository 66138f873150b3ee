//! The `dicetable` command: a thin layer of clap over the library.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use dicetable::engine::{GameKind, Options, option_value};
use dicetable::fair::{Roller, Seed, verify_commitment};
use dicetable::simulate::Policy;
use dicetable::{protocol, simulate};

/// dicetable: dice board games (Snakes & Ladders, Ludo, Long Nardy) for group chats.
#[derive(Parser)]
#[command(version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Speak the engine protocol: one JSON request per line on stdin, one JSON answer per line
    /// on stdout (see docs/engine-protocol.md).
    Engine,
    /// Play many complete games and print their statistics as one JSON object.
    Simulate {
        /// The game: snakes or ludo.
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
        /// How choices are made where a game offers them (Ludo pieces): random, first or greedy.
        #[arg(long, default_value = "random")]
        policy: Policy,
    },
    /// Check a finished game: does the revealed seed match the commitment shown at its start?
    /// Prints the table's first dice.
    Verify {
        /// The seed revealed after the game (64 hex digits).
        #[arg(long)]
        seed: String,
        /// The commitment shown when the game started (64 hex digits).
        #[arg(long)]
        commitment: String,
        /// How many dice to print.
        #[arg(long, default_value_t = 100)]
        rolls: u64,
    },
}

fn main() -> ExitCode {
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
            eprintln!(
                "The chat bot itself arrives with the table service. For now, try:\n  \
                 dicetable engine      (the JSON-lines engine protocol)\n  \
                 dicetable simulate --game snakes --players 4\n  \
                 dicetable --help"
            );
            Ok(ExitCode::SUCCESS)
        }
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
        }) => {
            let pairs: Vec<(String, serde_json::Value)> = options
                .iter()
                .map(|o| match o.split_once('=') {
                    Some((k, v)) => Ok((k.trim().to_owned(), option_value(v.trim()))),
                    None => bail!("--option takes key=value, not {o:?}"),
                })
                .collect::<Result<_>>()?;
            let options = Options::parse(game, pairs.iter().map(|(k, v)| (k.as_str(), v)))?;
            let config = simulate::Config {
                policy,
                options,
                players,
                games,
                seed: parse_seed(&seed)?,
            };
            let report = simulate::run(&config)?;
            let mut out = io::stdout().lock();
            serde_json::to_writer(&mut out, &report)?;
            writeln!(out)?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Verify {
            seed,
            commitment,
            rolls,
        }) => {
            let seed = Seed::from_hex(&seed).context("--seed")?;
            if !verify_commitment(&seed, &commitment) {
                println!(
                    "MISMATCH: SHA-256 of this seed is {}, not the commitment {}",
                    seed.commitment_hex(),
                    commitment.trim()
                );
                return Ok(ExitCode::from(1));
            }
            println!(
                "commitment matches: SHA-256(seed) = {}",
                seed.commitment_hex()
            );
            let mut roller = Roller::new(&seed, 0);
            let dice: Vec<String> = (0..rolls).map(|_| roller.roll().to_string()).collect();
            for (row, chunk) in dice.chunks(20).enumerate() {
                println!(
                    "dice {:>4}–{:<4} {}",
                    row * 20,
                    row * 20 + chunk.len() - 1,
                    chunk.join(" ")
                );
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn parse_seed(text: &str) -> Result<Seed> {
    if let Ok(n) = text.parse::<u64>() {
        return Ok(Seed::from_u64(n));
    }
    Seed::from_hex(text).context("--seed takes a number or 64 hex digits")
}
