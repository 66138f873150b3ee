//! The way to a Discord REST proxy that honours 429 answers.
//!
//! Behind `DISCORD_PROXY_URL`, serenity 0.12.5 must run with its own rate limiter off (its
//! limiter ignores the proxy), and its error type drops `retry_after`. So serenity talks to
//! this relay on loopback instead, and the relay forwards each request to the proxy: on a 429
//! it waits as long as the answer says (`retry_after` in the JSON body, or the `Retry-After` /
//! `X-RateLimit-Reset-After` header) and sends the request again, until [`DEADLINE`] has passed
//! since the first try. Nothing a player caused is dropped after a fixed number of tries.

use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// How long one request may keep being retried after 429 answers.
pub const DEADLINE: Duration = Duration::from_secs(60);
/// The wait when a 429 does not say how long (a proxy that strips everything).
const FALLBACK_WAIT: Duration = Duration::from_secs(1);
/// The largest request the relay forwards (Discord's own limit for attachments is 25 MiB).
const MAX_BODY: usize = 32 << 20;

#[derive(Clone)]
struct Relay {
    upstream: String,
    client: reqwest::Client,
}

/// Starts the relay to `upstream` (the proxy's base URL) on a loopback port; returns its base
/// URL for serenity's `HttpBuilder::proxy`.
pub async fn start(upstream: &str) -> std::io::Result<String> {
    let client = reqwest::Client::builder().build().map_err(std::io::Error::other)?;
    let relay = Relay { upstream: upstream.trim_end_matches('/').to_owned(), client };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let app = axum::Router::new().fallback(forward).with_state(relay);
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!(error = %e, "the Discord relay stopped");
        }
    });
    Ok(format!("http://{addr}"))
}

async fn forward(State(relay): State<Relay>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let Ok(body) = axum::body::to_bytes(body, MAX_BODY).await else {
        return (StatusCode::PAYLOAD_TOO_LARGE, "request too large").into_response();
    };
    let path = parts.uri.path_and_query().map_or("/", |p| p.as_str());
    let url = format!("{}{path}", relay.upstream);
    let started = Instant::now();
    loop {
        let mut call = relay.client.request(parts.method.clone(), &url).body(body.clone());
        for (name, value) in &parts.headers {
            if !hop_by_hop(name) {
                call = call.header(name, value);
            }
        }
        let answer = match call.send().await {
            Ok(answer) => answer,
            Err(e) => {
                tracing::warn!(error = %e, "the Discord proxy does not answer");
                return (StatusCode::BAD_GATEWAY, "the Discord proxy does not answer")
                    .into_response();
            }
        };
        let status = answer.status();
        let headers = answer.headers().clone();
        let bytes = answer.bytes().await.unwrap_or_default();
        if status == StatusCode::TOO_MANY_REQUESTS {
            let wait = retry_after(&headers, &bytes).unwrap_or(FALLBACK_WAIT);
            if started.elapsed() + wait <= DEADLINE {
                tracing::info!(%path, seconds = wait.as_secs_f64(), "Discord: rate limited; waiting");
                tokio::time::sleep(wait).await;
                continue;
            }
            tracing::warn!(%path, "Discord: still rate limited after a minute; giving up");
        }
        let mut response = Response::new(Body::from(bytes));
        *response.status_mut() = status;
        for (name, value) in &headers {
            if !hop_by_hop(name) {
                response.headers_mut().append(name, value.clone());
            }
        }
        return response;
    }
}

/// Headers that belong to one connection, not to the request.
fn hop_by_hop(name: &HeaderName) -> bool {
    [header::HOST, header::CONTENT_LENGTH, header::TRANSFER_ENCODING, header::CONNECTION]
        .contains(name)
}

/// How long a 429 answer asks to wait: the body's `retry_after` (seconds, fractional), else
/// `Retry-After` or `X-RateLimit-Reset-After` (seconds).
fn retry_after(headers: &HeaderMap, body: &Bytes) -> Option<Duration> {
    let from_body = serde_json::from_slice::<serde_json::Value>(body)
        .ok()
        .and_then(|v| v.get("retry_after").and_then(serde_json::Value::as_f64));
    let from_header = |name: &str| {
        headers.get(name).and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse::<f64>().ok())
    };
    let seconds = from_body
        .or_else(|| from_header("retry-after"))
        .or_else(|| from_header("x-ratelimit-reset-after"))?;
    (seconds.is_finite() && seconds >= 0.0).then(|| Duration::from_secs_f64(seconds.min(3600.0)))
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    #[test]
    fn the_wait_comes_from_the_body_or_the_headers() {
        let none = HeaderMap::new();
        let body = Bytes::from_static(
            br#"{"message":"You are being rate limited.","retry_after":2.5,"global":false}"#,
        );
        assert_eq!(retry_after(&none, &body), Some(Duration::from_millis(2500)));
        let mut headers = HeaderMap::new();
        headers.insert("retry-after", HeaderValue::from_static("3"));
        assert_eq!(retry_after(&headers, &Bytes::new()), Some(Duration::from_secs(3)));
        let mut headers = HeaderMap::new();
        headers.insert("x-ratelimit-reset-after", HeaderValue::from_static("0.75"));
        assert_eq!(retry_after(&headers, &Bytes::new()), Some(Duration::from_millis(750)));
        assert_eq!(retry_after(&none, &Bytes::from_static(b"{}")), None);
        let nonsense = Bytes::from_static(br#"{"retry_after":-4}"#);
        assert_eq!(retry_after(&none, &nonsense), None);
    }
}
