//! The running bot's plumbing, shared by the adapters and the composition root, knowing nothing
//! of games or tables.
//!
//! - [`lanes`]: ordered per-key work queues, and the low-priority background thread.
//! - [`health`]: each platform connection's state, for `/healthz`.
//! - [`metrics`]: the Prometheus metrics.

pub mod health;
pub mod lanes;
pub mod metrics;
