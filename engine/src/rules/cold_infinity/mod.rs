//! **Cold Infinity** (seed `000_66c092887befe067.txt`, digest `cold-infinity.md`): hex vector
//! movement with per-ship initiative, reactor power and electronic warfare budgets, a 3d6 hit
//! roll whose margin sets how deep a hit goes, sectioned ships, nine weapon configurations ×
//! seven technologies, shields, armor kinds and defensive fire, priced in construction points.
//!
//! Being built in steps (issue 19; `docs/status.md` says where it stands). The modules mirror
//! the book's chapters, so a rule is found from its section number with one grep for `§n.m`.
//! Registered as the rule system `cold-infinity` ([`ColdInfinity`]): [`battle`] plays §2's turn
//! sequence over the pure, tested functions of the chapters.
//! Nothing here imports a script or the config.

// §2–§5 and §7.1 (initiative, power, electronic warfare, movement, arcs and line of sight).
pub mod arcs;
pub mod arming;
pub mod aspect;
pub mod ess;
pub mod ew;
pub mod geometry;
pub mod initiative;
pub mod line_of_sight;
pub mod movement;
pub mod power;
pub mod preconditions;
pub mod turn;

// §7.2–§8, §11 and §13 (fire, configurations and technologies, defensive systems, damage).
pub mod armor;
pub mod catastrophic;
pub mod damage_effects;
pub mod damage_state;
pub mod defensive_fire;
pub mod design;
pub mod fire;
pub mod intercepts;
pub mod shields;
pub mod weapons;

// §9 guided weapons and §16–17 construction (ship and weapon costs in construction points).
pub mod construction;
pub mod guided;

// The rule system (issue 19 step 2): the battle loop, matchups, presets, house rules, config.
pub mod battle;
pub mod config;
pub mod guided_plan;
pub mod matchup;
pub mod policy;
pub mod readings;
pub mod shield_plan;

pub use rule_system::{
    ColdInfinity, DECIDED_ANNIHILATION, DECIDED_DISARMED_MEASURE, DECIDED_DISARMED_SIDE_OUT,
    DECIDED_DRAW_AT_TURN_CAP, DECIDED_DRAW_WHEN_DISARMED, DECIDED_MUTUAL_DESTRUCTION,
    DECIDED_TURN_CAP_MEASURE, DECIDERS, Event,
};
mod rule_system;
pub mod weapon_lines;
