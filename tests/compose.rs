//! The several-processes recipe (`docker-compose.replicas.yml` with `deploy/Caddyfile`), checked
//! by the tools that run it and without a Docker daemon: `docker compose config` (or, where the
//! Compose plugin is missing, Debian's `docker-compose config`) and `caddy adapt`. `.ci/run`
//! installs Debian's `docker-compose` and `caddy` when they are missing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The Compose command at hand: the plugin (`docker compose`), else the standalone one.
fn compose() -> Vec<&'static str> {
    let works = |cmd: &[&str]| {
        Command::new(cmd[0])
            .args(&cmd[1..])
            .arg("version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    for cmd in [&["docker", "compose"][..], &["docker-compose"][..]] {
        if works(cmd) {
            return cmd.to_vec();
        }
    }
    panic!(
        "neither `docker compose` nor `docker-compose` runs here: install one (Debian: apt-get \
         install docker-compose; .ci/run does)"
    );
}

/// The recipe as an operator lays it out: the compose file, deploy/, and a .env made from
/// .env.example.
fn laid_out(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dicetable-compose-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("deploy")).unwrap();
    let root = Path::new(ROOT);
    for file in ["docker-compose.replicas.yml", "deploy/Caddyfile"] {
        std::fs::copy(root.join(file), dir.join(file)).unwrap();
    }
    std::fs::copy(root.join(".env.example"), dir.join(".env")).unwrap();
    dir
}

fn compose_run(dir: &Path, domain: Option<&str>, args: &[&str]) -> Output {
    let cmd = compose();
    let mut c = Command::new(cmd[0]);
    c.args(&cmd[1..]).args(["-f", "docker-compose.replicas.yml"]).args(args).current_dir(dir);
    c.env_remove("DICETABLE_DOMAIN").env_remove("POSTGRES_PASSWORD");
    if let Some(domain) = domain {
        c.env("DICETABLE_DOMAIN", domain);
    }
    c.output().unwrap()
}

fn text(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

#[test]
fn three_bot_processes_share_postgres_behind_one_proxy() {
    let dir = laid_out("replicas");
    let out = compose_run(&dir, Some("bot.example.com"), &["config"]);
    assert!(out.status.success(), "{}", text(&out));
    let config = String::from_utf8_lossy(&out.stdout).into_owned();

    let out = compose_run(&dir, Some("bot.example.com"), &["config", "--services"]);
    let mut services: Vec<String> = text(&out).lines().map(str::to_owned).collect();
    services.sort();
    assert_eq!(services, ["bot1", "bot2", "bot3", "db", "proxy"], "{}", text(&out));

    // Every process on the one database, Telegram by the webhook behind the proxy.
    let url = "postgres://dicetable:dicetable@db:5432/dicetable";
    assert_eq!(config.matches(url).count(), 3, "{config}");
    let hook = "TELEGRAM_WEBHOOK_URL: https://bot.example.com/telegram/webhook";
    assert_eq!(config.matches(hook).count(), 3, "{config}");
    // The Discord shards split over the processes: each shard run by exactly one.
    let mut shards: Vec<(u32, u32, u32)> = config
        .lines()
        .filter_map(|l| l.trim().strip_prefix("DISCORD_SHARDS: "))
        .map(|s| {
            let (range, total) = s.split_once('/').unwrap();
            let (first, last) = range.split_once('-').unwrap();
            (first.parse().unwrap(), last.parse().unwrap(), total.parse().unwrap())
        })
        .collect();
    shards.sort();
    assert_eq!(shards.len(), 3, "{config}");
    let total = shards[0].2;
    let mut next = 0;
    for (first, last, of) in shards {
        assert_eq!((first, of), (next, total), "{config}");
        next = last + 1;
    }
    assert_eq!(next, total);
    // Only the proxy is published, on the HTTPS (and HTTP, for certificates) ports.
    assert!(config.contains("443:443") || config.contains("published: 443"), "{config}");
    assert_eq!(config.matches("8080:8080").count(), 0, "{config}");

    // Without the public name there is no webhook address: refused, naming the setting.
    let out = compose_run(&dir, None, &["config"]);
    assert!(!out.status.success());
    assert!(text(&out).contains("set DICETABLE_DOMAIN in .env"), "{}", text(&out));
}

#[test]
fn the_proxy_spreads_the_webhook_and_health_over_the_processes() {
    let dir = laid_out("caddy");
    let out = Command::new("caddy")
        .args(["adapt", "--adapter", "caddyfile", "--config"])
        .arg(dir.join("deploy/Caddyfile"))
        .env("DICETABLE_DOMAIN", "bot.example.com")
        .output()
        .unwrap_or_else(|e| {
            panic!("caddy does not run here ({e}): install it (Debian: apt-get install caddy; .ci/run does)")
        });
    assert!(out.status.success(), "{}", text(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let adapted = json.to_string();
    assert!(adapted.contains("\"bot.example.com\""), "{adapted}");
    for bot in ["bot1:8080", "bot2:8080", "bot3:8080"] {
        assert!(adapted.contains(&format!("\"dial\":\"{bot}\"")), "{bot}: {adapted}");
    }
    for wanted in [
        "\"/telegram/webhook\"",
        "\"/healthz\"",
        "\"round_robin\"",
        "\"uri\":\"/healthz\"",
        "\"/live/*\"",
        "\"/api/live/*\"",
    ] {
        assert!(adapted.contains(wanted), "{wanted}: {adapted}");
    }
    // The public paths only: /metrics and the playground are not served to the internet.
    assert!(!adapted.contains("/metrics"), "{adapted}");
}
