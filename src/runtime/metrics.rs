//! Prometheus metrics: what an operator watches. Served at `/metrics` in the text format.

use std::sync::atomic::AtomicU64;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

/// The kind of operation, as a label.
#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct OpLabel {
    /// `press`, `create`, `join`, `timer`, …
    pub op: String,
}

/// Every metric of a bot process.
pub struct Metrics {
    registry: Registry,
    /// Operations handled, by kind.
    pub operations: Family<OpLabel, Counter>,
    /// Moves played (engine actions stored), including the timer's.
    pub turns: Counter,
    /// Drawing a board and encoding its PNG.
    pub render_seconds: Histogram,
    /// One version-guarded store transaction.
    pub store_seconds: Histogram,
    /// Tables in a lobby or playing, as of the last scrape.
    pub active_tables: Gauge<i64, std::sync::atomic::AtomicI64>,
    /// Button presses refused as out of date.
    pub stale_presses: Counter<u64, AtomicU64>,
    /// Calls a chat platform refused with 429 (too many requests).
    pub rate_limited: Counter<u64, AtomicU64>,
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

impl Metrics {
    /// Registers every metric.
    pub fn new() -> Self {
        let mut registry = Registry::with_prefix("dicetable");
        let operations = Family::<OpLabel, Counter>::default();
        registry.register("operations", "Operations handled, by kind", operations.clone());
        let turns = Counter::default();
        registry.register("turns", "Moves played and stored", turns.clone());
        let render_seconds = Histogram::new(exponential_buckets(0.001, 2.0, 12));
        registry.register("render_seconds", "Drawing a board and its PNG", render_seconds.clone());
        let store_seconds = Histogram::new(exponential_buckets(0.0005, 2.0, 14));
        registry.register("store_seconds", "One store transaction", store_seconds.clone());
        let active_tables = Gauge::default();
        registry.register("active_tables", "Tables in a lobby or playing", active_tables.clone());
        let stale_presses = Counter::default();
        registry.register("stale_presses", "Presses refused as out of date", stale_presses.clone());
        let rate_limited = Counter::default();
        registry.register(
            "rate_limited",
            "Calls a chat platform refused as too many (429)",
            rate_limited.clone(),
        );
        Self {
            registry,
            operations,
            turns,
            render_seconds,
            store_seconds,
            active_tables,
            stale_presses,
            rate_limited,
        }
    }

    /// Counts one operation of kind `op`.
    pub fn operation(&self, op: &str) {
        self.operations.get_or_create(&OpLabel { op: op.to_owned() }).inc();
    }

    /// The metrics in Prometheus' text format.
    pub fn encode(&self) -> String {
        let mut out = String::new();
        if let Err(e) = prometheus_client::encoding::text::encode(&mut out, &self.registry) {
            tracing::error!(error = %e, "encoding metrics failed");
        }
        out
    }
}
