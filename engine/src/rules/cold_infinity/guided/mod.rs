//! §9 guided weapons (digest D10): missiles, torpedoes and drones, with the defences against
//! them (§11.1.6 intercepts in `intercepts.rs`, §11.5 anti-missile rockets, chaff and flares),
//! as pure functions a battle loop calls, and per-flight state as small `Copy` structs (no
//! allocation per battle: a battle keeps [`launch::Flight`]s and [`magazine::Magazine`]s in
//! fixed arrays).
//!
//! The turn (§2, the sequence of play): **Weapon Launch Phase** (before movement) —
//! [`launch::launch_missile`], [`launch::launch_torpedo`]; **end of the Movement Step** —
//! [`flight::move_drone`]; **Fire Determination Phase** — intercepts, AMRS, chaff and flares
//! declared; **Guided Weapons Phase** — [`flight::arrival`] (§9.1: max range and line of sight
//! from the marker, retargeting onto an enemy blocker), then [`hit::guided_phase`] (intercepts,
//! AMRS salvos, the to-hit roll with [`hit::guided_modifiers`]), then the hit through
//! [`strike::resolve_strike`] (`fire::attack::resolve_attack` from the marker); **Final Actions** — [`magazine::reload_one`].
//!
//! A battle keeps its weapons in flight in [`flights::Flights`] (fixed capacity, reset per
//! battle); `turn_tests.rs` plays one guided turn end to end.
//!
//! House rules: [`Readings`] (docs: "Guided weapons" in `docs/house-rules/cold-infinity.md`).

pub mod defences;
pub mod flight;
pub mod flights;
pub mod hit;
pub mod launch;
pub mod magazine;
pub mod mount;
pub mod readings;
pub mod strike;
pub mod types;

pub use readings::Readings;

#[cfg(test)]
mod turn_tests;
