//! §16–17 ship and weapon construction (digest D15): a ship's construction points, Mass, hull,
//! sections and ramming value from its systems, and the systems' CP from their design choices
//! where the book states the cost.
//!
//! Where a cost lives on a sheet the seed lost (the SSB schedules), the per-system CP (and
//! Mass, structure, power) is **design data**: [`systems::stated`], or the `base`/`schedules`
//! arguments of the builders. The house rules are [`Readings`] (docs: "Construction points" in
//! `docs/house-rules/cold-infinity.md`).
//!
//! * [`cost`]: exact CP and Mass arithmetic, the per-system rounding (§16.1, §16.4).
//! * [`systems`]: the §16.4 items with stated costs (arcs, hull, armor Mass, AMRS, chaff,
//!   flares, ARS, fire brigades, bridge levels, hangars, launch tubes, cargo, thrusters,
//!   engines, convert rates, stealth).
//! * [`weapons`]: §17.1 direct-fire weapon design.
//! * [`guided`]: §17.2 missile racks, missile types and drones, torpedoes, reload racks.
//! * [`ship`]: §16.3 hull from Mass, §16.4.13 ship-wide adjustments, §16.4.15 ramming, §16.7.6
//!   mobile bases; the ship total.
//! * [`placement`]: weapons and shields out of the core (§16.4.1–2); encapsulating shield power.
//! * [`sheet`]: a design's costed items in one list, and the ship's figures from it.
//! * [`small_craft`]: §16.5 fighters and shuttles, §16.7 mission-specific vessels, §17.3
//!   small-vessel weapons.
//! * [`stationary`]: §16.6 docking bays, dry docks, trans-light gates; §17.4 drums and
//!   munitions.

pub mod cost;
pub mod guided;
pub mod placement;
pub mod readings;
pub mod sheet;
pub mod ship;
pub mod small_craft;
pub mod stationary;
pub mod systems;
pub mod weapons;

pub use readings::Readings;
