//! Discord's identify limit across a whole deployment: shards split over several bot processes
//! on one database identify at most once per interval in each bucket (`shard % max_concurrency`),
//! whichever process they come from (src/store/identify.rs). The bots run in this test process,
//! each with its own connection pool, against a fake Discord on loopback that records when each
//! shard's Identify arrived.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{Method, StatusCode};
use axum::response::{IntoResponse, Response};
use common::{bot_config, both_databases};
use dicetable::bot::{self, PlaygroundMode};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message as Ws;

/// The interval the bots are given (Discord's is 5 s).
const INTERVAL: Duration = Duration::from_millis(700);

/// The fake Discord: its gateway's port, its `max_concurrency`, and every Identify it saw:
/// (when, shard id).
#[derive(Clone)]
struct Fake {
    gateway: u16,
    concurrency: u64,
    identified: Arc<Mutex<Vec<(Instant, u64)>>>,
}

async fn gateway_bot(State(f): State<Fake>, method: Method, Path(path): Path<String>) -> Response {
    let json = |v: Value| axum::Json(v).into_response();
    let url = format!("ws://127.0.0.1:{}", f.gateway);
    match (method.as_str(), path.as_str()) {
        ("GET", "gateway/bot") => json(json!({ "url": url, "shards": 4,
            "session_start_limit": { "total": 1000, "remaining": 1000, "reset_after": 0,
                "max_concurrency": f.concurrency } })),
        ("GET", "gateway") => json(json!({ "url": url })),
        ("GET", "users/@me") => json(identified_bot()),
        ("PUT", p) if p.ends_with("/commands") => json(json!([])),
        _ => (StatusCode::NOT_FOUND, json(json!({ "message": "404: Not Found", "code": 0 })))
            .into_response(),
    }
}

fn identified_bot() -> Value {
    json!({ "id": "4242", "username": "dicetable", "discriminator": "0", "avatar": null, "bot": true })
}

/// The fake gateway: Hello, then READY for each Identify (noted with its time), heartbeat ACKs.
async fn identify_gateway(listener: tokio::net::TcpListener, f: Fake) {
    while let Ok((stream, _)) = listener.accept().await {
        let f = f.clone();
        tokio::spawn(async move {
            let Ok(mut ws) = tokio_tungstenite::accept_async(stream).await else { return };
            let send = |v: Value| Ws::Text(v.to_string());
            let hello = json!({ "op": 10, "d": { "heartbeat_interval": 41_250 } });
            if ws.send(send(hello)).await.is_err() {
                return;
            }
            while let Some(Ok(Ws::Text(text))) = ws.next().await {
                let Ok(frame) = serde_json::from_str::<Value>(&text) else { continue };
                let reply = match frame["op"].as_u64() {
                    Some(2) => {
                        let shard = frame["d"]["shard"].clone();
                        let id = shard[0].as_u64().unwrap_or(u64::MAX);
                        f.identified.lock().await.push((Instant::now(), id));
                        json!({ "op": 0, "t": "READY", "s": 1, "d": {
                            "v": 10, "user": identified_bot(), "guilds": [], "session_id": format!("s{id}"),
                            "resume_gateway_url": "ws://127.0.0.1:1", "shard": shard,
                            "application": { "id": "4242", "flags": 0 } } })
                    }
                    Some(1) => json!({ "op": 11 }),
                    _ => continue,
                };
                if ws.send(send(reply)).await.is_err() {
                    return;
                }
            }
        });
    }
}

/// A fake Discord on loopback with `concurrency` identify buckets; returns it and its REST
/// address.
async fn fake_discord(concurrency: u64) -> (Fake, url::Url) {
    let ws = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let f =
        Fake { gateway: ws.local_addr().unwrap().port(), concurrency, identified: Arc::default() };
    tokio::spawn(identify_gateway(ws, f.clone()));
    let app = Router::new()
        .route("/api/v10/{*path}", axum::routing::any(gateway_bot))
        .with_state(f.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (f, format!("http://{addr}").parse().unwrap())
}

/// Bots on `url`, one per shard range, started at the same moment; waits until the fake saw
/// all `total` shards identify, and checks the gaps in every bucket.
async fn identify_in_turn(db: &str, url: &str, ranges: &[&str], concurrency: u64, total: u64) {
    let (fake, rest) = fake_discord(concurrency).await;
    let starts = ranges.iter().map(|range| {
        let config = bot::Config {
            playground: PlaygroundMode::Off,
            discord_token: Some("Bot.TEST.TOKEN".into()),
            discord_proxy_url: Some(rest.clone()),
            discord_shards: range.parse().unwrap(),
            discord_identify_interval: INTERVAL,
            ..bot_config(url.to_owned())
        };
        async move { bot::start(&config).await.unwrap() }
    });
    let bots = futures_util::future::join_all(starts).await;
    let deadline = Instant::now() + Duration::from_secs(60);
    let seen = loop {
        let seen = fake.identified.lock().await.clone();
        if seen.len() as u64 >= total || Instant::now() > deadline {
            break seen;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let mut ids: Vec<u64> = seen.iter().map(|(_, id)| *id).collect();
    ids.sort_unstable();
    assert_eq!(ids, (0..total).collect::<Vec<_>>(), "{db}: every shard came up, once");
    for bucket in 0..concurrency {
        let times: Vec<Instant> =
            seen.iter().filter(|(_, id)| id % concurrency == bucket).map(|(at, _)| *at).collect();
        for pair in times.windows(2) {
            let gap = pair[1] - pair[0];
            assert!(gap >= INTERVAL, "{db}: bucket {bucket} identified {gap:?} apart: {seen:?}");
        }
    }
    for b in bots {
        b.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn shards_of_several_processes_identify_an_interval_apart_per_bucket() {
    for (db, url) in both_databases("identify", "pacing").await {
        // Postgres: three processes share the database; SQLite: one process has every shard.
        let ranges: &[&str] =
            if db == "postgres" { &["0-1/4", "2-2/4", "3-3/4"] } else { &["0-3/4"] };
        // One bucket (most bots): all four shards one after another, whichever process.
        identify_in_turn(db, &url, ranges, 1, 4).await;
        // Two buckets: shards 0 and 2 pace each other, and 1 and 3, side by side.
        identify_in_turn(db, &url, ranges, 2, 4).await;
    }
}
