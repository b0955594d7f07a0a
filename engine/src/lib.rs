//! fleetlab-engine: the rules of the games fleetlab simulates, and nothing else.
//!
//! The engine does no I/O, spawns no threads and reads no clock. A rule system is given a
//! validated setup and a dice source and plays one battle, reporting events to an
//! [`Observer`](observer::Observer) that compiles away in batch mode. See `ARCHITECTURE.md`.
#![deny(missing_docs)]

pub mod config_support;
pub mod dice;
pub mod geometry;
pub mod hex;
pub mod observer;
pub mod outcome;
pub mod rule_system;
pub mod rules;
pub mod search;

pub use dice::{Dice, Roller};
pub use observer::{NoTrace, Observer, Trace};
pub use outcome::{
    Decider, DeciderKind, Ending, MAX_DECIDERS, MAX_EVENTS, Outcome, ShipTally, Side, SideTally,
    Verdict, WeaponTally,
};
pub use rule_system::{ConfigIssue, RuleSystem};
