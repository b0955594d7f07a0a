//! fleetlab-sim: experiments over any rule system — config loading, the deterministic parallel
//! runner, statistics and reports. It knows rule systems only through
//! [`fleetlab_engine::RuleSystem`] and the [`registry`].
#![deny(missing_docs)]

pub mod audit;
pub mod audit_ab;
pub mod audit_game;
pub mod duel;
pub mod fair_cost_game;
pub mod gate;
pub mod gate_game;
pub mod histogram;
pub mod kinds;
pub mod load;
pub mod mirror;
pub mod partial;
pub mod per_battle;
pub mod play;
pub mod policy_grid;
pub mod racing;
pub mod registry;
pub mod report;
pub mod results;
pub mod runner;
pub mod stats;
pub mod sweep;
pub mod under_game;

/// The fleetlab version (the workspace's: every crate and the binary share it), recorded in
/// manifests and shard partials.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
