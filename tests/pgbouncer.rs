//! The bot's store through PgBouncer (Debian's `pgbouncer`, which `.ci/run` installs; each test
//! starts its own on a free loopback port with a configuration it writes), as several
//! processes reach one Postgres under its connection limit. What works and what does not with
//! this PgBouncer is measured here, not assumed; README's "PgBouncer" section says the same.

mod common;
use common::board;
use common::{SECRET, button_of};

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use common::ctx;
use dicetable::engine::GameKind;
use dicetable::store::Store;
use dicetable::table::token::Button;
use dicetable::table::{ManualClock, Op, Service, View};

/// A PgBouncer in front of the test server, stopped when dropped.
struct Bouncer {
    child: Child,
    addr: SocketAddr,
    dir: PathBuf,
}

impl Drop for Bouncer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The pgbouncer program: on PATH, or where Debian puts it.
fn program() -> PathBuf {
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|d| d.join("pgbouncer"))
        .find(|p| p.exists());
    on_path.unwrap_or_else(|| {
        let debian = PathBuf::from("/usr/sbin/pgbouncer");
        assert!(
            debian.exists(),
            "pgbouncer is not installed (apt-get install pgbouncer; .ci/run does)"
        );
        debian
    })
}

/// PgBouncer's version, as `(major, minor)`.
fn version() -> (u32, u32) {
    let out = Command::new(program()).arg("--version").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let v = text.split_whitespace().nth(1).unwrap_or("0.0");
    let mut parts = v.split('.').map(|p| p.parse().unwrap_or(0));
    (parts.next().unwrap_or(0), parts.next().unwrap_or(0))
}

/// README's PgBouncer settings: the `ini` block of its "PgBouncer" section, read from README.md
/// at test time, so that what README tells people to write is what these tests load (issue 61,
/// item 11: an inline comment there kept PgBouncer 1.18 from loading it).
fn readme_block() -> String {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md reads");
    let section = readme.split("\n### PgBouncer\n").nth(1).expect("README's PgBouncer section");
    let section = section.split("\n## ").next().unwrap_or(section);
    let block =
        section.split("```ini\n").nth(1).expect("an ini block in README's PgBouncer section");
    let block = block.split("```").next().unwrap_or(block);
    assert!(block.starts_with("[pgbouncer]\n"), "README's block: {block}");
    block.to_owned()
}

/// Starts PgBouncer in `mode` (`session` or `transaction`) with `extra` settings, in front of
/// the server of `TEST_DATABASE_URL` (trust authentication, as the test server has).
async fn bouncer(name: &str, mode: &str, pool_size: u32, extra: &str) -> Bouncer {
    let server = url::Url::parse(&common::postgres_url()).unwrap();
    let addr = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let dir =
        std::env::temp_dir().join(format!("dicetable-pgbouncer-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let users = dir.join("users.txt");
    std::fs::write(&users, format!("\"{}\" \"\"\n", server.username())).unwrap();
    // README's block as it is, then what each test sets (a later line wins in PgBouncer).
    let config = format!(
        "[databases]\n* = host={host} port={port}\n\n{readme}\n; the test's own\n\
         listen_port = {listen}\nunix_socket_dir =\nauth_type = trust\nauth_file = {users}\n\
         pool_mode = {mode}\ndefault_pool_size = {pool_size}\n{extra}\n",
        readme = readme_block(),
        host = server.host_str().unwrap(),
        port = server.port().unwrap_or(5432),
        listen = addr.port(),
        users = users.display(),
    );
    let ini = dir.join("pgbouncer.ini");
    std::fs::write(&ini, config).unwrap();
    let mut command = Command::new(program());
    // PgBouncer refuses to run as root: as root, it is told to become `nobody`.
    if unsafe { libc::geteuid() } == 0 {
        command.args(["-u", "nobody"]);
    }
    let child = command
        .arg(&ini)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pgbouncer starts");
    let mut b = Bouncer { child, addr, dir };
    for _ in 0..200 {
        if tokio::net::TcpStream::connect(addr).await.is_ok() {
            return b;
        }
        if let Ok(Some(status)) = b.child.try_wait() {
            let mut err = String::new();
            use std::io::Read;
            b.child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
            panic!("pgbouncer exited ({status}): {err}");
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("pgbouncer did not listen on {addr}");
}

/// The URL of a fresh database `name`, reached through `b`.
async fn through(b: &Bouncer, name: &str) -> String {
    let direct = common::fresh_postgres(name).await;
    let mut url = url::Url::parse(&direct).unwrap();
    url.set_port(Some(b.addr.port())).unwrap();
    url.to_string()
}

/// Two services ("two processes") on `url` play a Snakes game's first 30 presses, each press
/// sent to both at once (one is applied, the other refused as stale); then the log replays to
/// the stored state.
async fn two_processes_play(url: &str) {
    let clock = Arc::new(ManualClock::new(1_800_000_000_000));
    let a = Service::new(Store::connect(url).await.unwrap(), SECRET, clock.clone());
    let b = Service::new(Store::connect(url).await.unwrap(), SECRET, clock.clone());
    let chat = common::unique("pgbouncer");
    let lobby =
        a.handle(&ctx(&chat, "Ana"), Op::Create { game: GameKind::Snakes, words: vec![] }).await;
    let (table, _) = lobby[0].shows().unwrap();
    let join = button_of(&lobby[0], |b| b == Button::Join).unwrap();
    b.handle(&ctx(&chat, "Ben"), Op::Press(join)).await;
    let start = button_of(&lobby[0], |b| b == Button::Start).unwrap();
    let mut views = b.handle(&ctx(&chat, "Ana"), Op::Press(start)).await;
    let store = Store::connect(url).await.unwrap();
    for _ in 0..30 {
        let Some(shown) = board(&views) else { break };
        let Some(token) = shown.buttons().iter().flatten().next().map(|b| b.token.clone()) else {
            break;
        };
        let who = shown
            .mentions()
            .first()
            .map_or("Ana".to_owned(), |m| m.as_str().rsplit('/').next().unwrap().to_owned());
        let before = store.table(table).await.unwrap().version;
        let press = || (ctx(&chat, &who), Op::Press(token.clone()));
        let (ra, rb) = tokio::join!(common::at_once(&a, [press()]), common::at_once(&b, [press()]));
        let applied: Vec<&Vec<View>> = [&ra[0], &rb[0]]
            .into_iter()
            .filter(|v| v.iter().all(|v| v.private_to().is_none()))
            .collect();
        assert_eq!(applied.len(), 1, "one of the two presses applied, the other out of date");
        let after = store.table(table).await.unwrap().version;
        assert!(after > before, "the press moved the table");
        views = applied[0].clone();
    }
    a.replays().check_log(table).await.unwrap();
}

/// Session mode: every client connection keeps its server connection, so sqlx's prepared
/// statements and the migrations' advisory lock work unchanged. The bot's table flow through
/// it, from two services at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn session_mode_serves_two_processes() {
    let b = bouncer("session", "session", 40, "").await;
    let url = through(&b, "pgbouncer_session").await;
    two_processes_play(&url).await;
}

/// Transaction mode hands a server connection to a client for one transaction only. sqlx
/// prepares every query as a named statement (`sqlx_s_1`, `sqlx_s_2`, … per client connection)
/// and reuses it later, which PgBouncer before 1.21 does not follow: two clients on one server
/// connection both create `sqlx_s_1`, and a client that comes back to another server finds none.
/// From 1.21, `max_prepared_statements` makes PgBouncer prepare them on whichever server runs
/// the query, and the bot's flow works as in session mode. This test checks whichever holds for
/// the installed PgBouncer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn transaction_mode_needs_pgbouncer_1_21_for_prepared_statements() {
    let installed = version();
    if installed >= (1, 21) {
        let b = bouncer("transaction", "transaction", 4, "max_prepared_statements = 200").await;
        let url = through(&b, "pgbouncer_transaction").await;
        two_processes_play(&url).await;
        return;
    }
    // One server connection behind the pool: two clients' statements meet on it.
    let b = bouncer("transaction-old", "transaction", 1, "").await;
    let url = through(&b, "pgbouncer_transaction_old").await;
    use sqlx::Connection;
    let mut first = sqlx::PgConnection::connect(&url).await.unwrap();
    let mut second = sqlx::PgConnection::connect(&url).await.unwrap();
    let one: i64 =
        sqlx::query_scalar("select $1::int8").bind(1_i64).fetch_one(&mut first).await.unwrap();
    assert_eq!(one, 1);
    let clash = sqlx::query_scalar::<_, String>("select $1::text")
        .bind("two")
        .fetch_one(&mut second)
        .await
        .expect_err("PgBouncer before 1.21 in transaction mode: sqlx's named statements clash");
    assert!(clash.to_string().contains("prepared statement"), "PgBouncer {installed:?}: {clash}");
}
