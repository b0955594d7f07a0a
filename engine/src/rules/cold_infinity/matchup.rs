//! A validated matchup: the designs it uses with their weapon mounts, where each ship starts,
//! both policies, the scenario and the house rules. Built once by the config layer, read-only
//! in battle.

use super::arcs::FiringArc;
use super::design::{ShipDesign, WeaponDesign};
use super::fire;
use super::movement;
use super::movement::Motion;
use super::policy::Policy;
use crate::outcome::Side;

/// Most ships in a matchup (both sides).
pub const MAX_SHIPS: usize = 16;

/// Most direct-fire weapons on one design (per-weapon state is a fixed array).
pub const MAX_WEAPONS: usize = 24;

/// One direct-fire weapon mount: the system it is and its firing arc (§7.1.4; the SDS prints
/// the arc beside the weapon, so it is design data kept next to the design).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mount {
    /// Index into [`ShipDesign::systems`].
    pub sys: u16,
    /// The weapon's design (a copy of the system's).
    pub weapon: WeaponDesign,
    /// Firing arc.
    pub arc: FiringArc,
}

/// A design as the battle uses it: the SDS plus its weapon mounts and derived numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct BattleDesign {
    /// The SDS.
    pub design: ShipDesign,
    /// Its direct-fire weapons, in SDS order.
    pub mounts: Vec<Mount>,
    /// Each mount's `[[weapon]]` line name, in the same order (the report's damage by weapon).
    pub mount_names: Vec<String>,
    /// The range its policy keeps to its target (`policy::keep_range`).
    pub keep: i32,
    /// Its main weapon's mount index (`policy::main_weapon`), whose arc the thrust plan keeps
    /// on the target.
    pub main: Option<usize>,
    /// How its construction points were computed (§16–17; `config::construction`).
    pub cost: DesignCost,
    /// Its missile racks (§9.2.1), in SDS order; empty for most designs.
    pub racks: Vec<super::guided::mount::RackMount>,
    /// Each rack's missile type names (the trace's words), in `racks` order.
    pub rack_missiles: Vec<Vec<String>>,
    /// Its specialized defences (§11.5: AMRS, chaff, flares), in SDS order.
    pub defences: Vec<super::guided::defences::DefenceMount>,
    /// Its reload racks (§9.2.4), in SDS order; empty for most designs.
    pub reloads: Vec<super::guided::mount::ReloadMount>,
    /// Its system batteries (§3.1.4), in SDS order; empty for most designs.
    pub batteries: Vec<super::power::SystemBatteryDesign>,
}

/// A design's construction points (§16–17) and how much of them rests on design data (the
/// costs the seed's lost sheets held, given in the config).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DesignCost {
    /// The ship's CP (`construction::sheet::cost_sheet`); also `ShipDesign::cp`.
    pub cp: u32,
    /// The sum of the design-data figures entered for it (systems' `cp`, sections'
    /// `armor_cp`, its weapon lines' `schedules_cp` or pre-generated `cp`, each counted per
    /// mount), before the arc and configuration percentages.
    pub design_data_cp: u32,
}

/// One ship at the start of a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShipStart {
    /// Design index in [`Matchup::designs`].
    pub design: u16,
    /// Side.
    pub side: Side,
    /// Position, vector and facing at the start.
    pub motion: Motion,
}

/// The scenario (a house rule as a whole: the text gives no standard setup).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// Hexes between the two lines at the start.
    pub start_range: i32,
    /// Steps of two hexes, square to the axis, between neighbouring ships of a line.
    pub spacing: i32,
    /// Starting speed of every ship, hexes per turn toward the enemy.
    pub start_speed: i32,
    /// Turns played before the battle is scored by the turn-cap measure (house rule
    /// `turn_cap`).
    pub turn_cap: u32,
    /// Whether a side with no ship left that can attack is out of the fight (house rule
    /// `disarmed`).
    pub disarmed: Disarmed,
}

/// What a ship that can no longer attack means for the battle (house rule `disarmed`): the book
/// has no victory conditions (§1 describes a battle, not how one is won). Weapons (structure
/// 2–4) go long before their ships (§13.1.9), and two disarmed ships cannot end a battle, so
/// under [`Disarmed::FightsOn`] 46% of the reference battles ran to the turn cap with both
/// sides' guns gone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Disarmed {
    /// Default (our reading of a player's game): a ship with every weapon mount destroyed and
    /// no missile left in a working rack cannot attack. When one side has no ship that can, the
    /// battle ends and the other side wins — it holds the field, the disarmed side withdraws
    /// (`disarmed_side_out`); when neither side has one, the battle ends there and the turn cap's
    /// measure decides (`structure_destroyed_when_disarmed`, `draw_when_disarmed`).
    #[default]
    OutOfTheFight,
    /// Alternative (sessions 19–25): disarmed ships stay in the battle, which runs on to the
    /// turn cap unless a side is destroyed; a disarmed ship can still be shot at.
    FightsOn,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            start_range: 24,
            spacing: 1,
            start_speed: 0,
            turn_cap: 30,
            disarmed: Disarmed::OutOfTheFight,
        }
    }
}

/// Both halves' house rules.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HouseRules {
    /// §2–§5 and §7.1.
    pub movement: movement::Readings,
    /// §7.2–§8, §11, §13.
    pub fire: fire::Readings,
    /// §16–17: how the designs' construction points are computed.
    pub construction: super::construction::Readings,
    /// §9, §11.5: guided weapons.
    pub guided: super::guided::Readings,
}

/// Everything a battle needs, read-only.
#[derive(Clone, Debug)]
pub struct Matchup {
    /// The designs this matchup uses.
    pub designs: Vec<BattleDesign>,
    /// Every ship at the start, side A's first.
    pub start: Vec<ShipStart>,
    /// Ship names, in `start` order.
    pub names: Vec<String>,
    /// Side A's and side B's policies.
    pub policies: [Policy; 2],
    /// The scenario.
    pub scenario: Scenario,
    /// House rules.
    pub rules: HouseRules,
}

impl Matchup {
    /// The battle design of ship `i`.
    pub fn design_of(&self, i: usize) -> &BattleDesign {
        &self.designs[usize::from(self.start[i].design)]
    }
}
