//! The catalogue's vocabulary: direct-fire weapons ("Direct Fire Attacks") and ship designs.
//! The text has no ship construction and no weapon statistics (G1, G2): every number here
//! comes from the user's catalogue; `configs/junction/catalogue.toml` is example data.

use super::crits::CritWeights;
use super::parts::GuidedDesign;

/// Most direct-fire weapons per design.
pub const MAX_WEAPONS: usize = 12;
/// Most power plants, drives or tanks per design.
pub const MAX_PARTS: usize = 4;
/// Most magazine entries (guided-weapon types carried) per design.
pub const MAX_MAGAZINE: usize = 4;
/// Most command modules per design.
pub const MAX_COMMAND: usize = 4;

/// The three direct-fire weapon types and their special abilities.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum WeaponKind {
    /// Macron Gun: Area Denial N (secondary attack mode; point defense engages N targets).
    Macron {
        /// Area Denial stat.
        area_denial: u8,
    },
    /// Laser: Redundant Emitters (point defense and split fire engage max(RE, 1) targets).
    Laser {
        /// Redundant Emitters.
        redundant_emitters: u8,
    },
    /// Particle Beam: Target Armor Effectiveness (effective PR = PR × TAE).
    ParticleBeam {
        /// Target Armor Effectiveness, 0..=1.
        tae: f64,
    },
}

impl WeaponKind {
    /// Targets this weapon can engage as point defense: Area Denial for Macrons, max(RE, 1)
    /// for Lasers ("Point Defense"); one for Particle Beams (not stated: J-default).
    pub fn pd_targets(self) -> u32 {
        match self {
            WeaponKind::Macron { area_denial } => u32::from(area_denial).max(1),
            WeaponKind::Laser { redundant_emitters } => u32::from(redundant_emitters).max(1),
            WeaponKind::ParticleBeam { .. } => 1,
        }
    }

    /// Target Armor Effectiveness (1 for non-particle weapons).
    pub fn tae(self) -> f64 {
        match self {
            WeaponKind::ParticleBeam { tae } => tae,
            _ => 1.0,
        }
    }

    /// Short name for traces.
    pub fn name(self) -> &'static str {
        match self {
            WeaponKind::Macron { .. } => "macron",
            WeaponKind::Laser { .. } => "laser",
            WeaponKind::ParticleBeam { .. } => "particle beam",
        }
    }
}

/// A direct-fire weapon type from the catalogue.
#[derive(Clone, Debug, PartialEq)]
pub struct DirectWeapon {
    /// Catalogue name.
    pub name: String,
    /// Type and special ability.
    pub kind: WeaponKind,
    /// Attack Power.
    pub ap: f64,
    /// Precision Targeting / Guaranteed Hit / Probable Hit ranges (PT ≤ GH ≤ PH).
    pub ranges: [i32; 3],
    /// Volume (Weapon Disabled picks the largest; repair costs 2 RP per volume).
    pub volume: f64,
    /// Energy per shot (G3 default 0).
    pub energy: f64,
}

impl DirectWeapon {
    /// Whether two weapons may synchronise fire: same type, attack power and ranges.
    pub fn syncs_with(&self, o: &DirectWeapon) -> bool {
        self.kind == o.kind && self.ap == o.ap && self.ranges == o.ranges
    }
}

/// A power plant: volume and Energy per turn.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PowerPlant {
    /// Volume.
    pub volume: f64,
    /// Energy per turn (Photovoltaic Panels: already at the scenario's agreed light level,
    /// "Stage 1"; J72).
    pub output: f64,
    /// Delta-v a Fuel Cell burns per Energy it makes ("Remember to subtract the Rocket Fuel
    /// needed for energy generation if you're using Fuel Cells", "Power Generation"; J71
    /// `fuel_cell_delta_v_per_energy`); 0 for every other plant.
    pub fuel: f64,
}

/// A drive: volume and the acceleration it contributes.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Drive {
    /// Volume.
    pub volume: f64,
    /// Acceleration (hexes per turn of vector change).
    pub thrust: i32,
    /// Energy per hex of burn it gives: "ships using an Electric or Thermo-Electric Rocket
    /// for propulsion need Energy to provide acceleration!" ("Stuff To Do: Ship Maneuver";
    /// J70 `electric_energy_per_volume`); 0 for every other drive.
    pub energy_per_hex: f64,
}

/// A propellant tank.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tank {
    /// Volume.
    pub volume: f64,
    /// Delta-v it holds.
    pub delta_v: f64,
    /// Its propellant (Chemical Rocket Fuel and Dissolved Fissiles are hazardous).
    pub propellant: super::hazards::Propellant,
}

/// Jump engine types and their turns out of play ("Tactical Jumps").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JumpKind {
    /// 5 turns.
    Interdictor,
    /// 4 turns.
    LongRange,
    /// 3 turns.
    Rudimentary,
    /// 3 turns.
    Industrial,
    /// 2 turns.
    Standard,
    /// 1 turn.
    Tactical,
}

impl JumpKind {
    /// Turns out of play.
    pub const fn turns(self) -> u32 {
        match self {
            JumpKind::Interdictor => 5,
            JumpKind::LongRange => 4,
            JumpKind::Rudimentary | JumpKind::Industrial => 3,
            JumpKind::Standard => 2,
            JumpKind::Tactical => 1,
        }
    }
}

/// A jump engine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JumpEngine {
    /// Type.
    pub kind: JumpKind,
    /// Jump rating.
    pub rating: i32,
    /// Volume.
    pub volume: f64,
    /// Energy a tactical jump needs.
    pub energy: f64,
    /// Most energy per turn it can put into interdiction (1 strength per energy; 0: none).
    pub interdiction: f64,
}

/// An electromagnetic catapult ("Launch Guided Weapons"): launches up to `rate_of_fire`
/// guided weapons a turn, each with a velocity change of up to `rating` hexes; can make Mass
/// Driver attacks. The text gives no figures: they come from the catalogue.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Catapult {
    /// Velocity cap (hexes of vector change given to a launch).
    pub rating: i32,
    /// Launches per turn ("electromagnetic catapults have a fixed rate of fire").
    pub rate_of_fire: u32,
    /// Volume.
    pub volume: f64,
}

/// Command modules ("Command Modules").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandKind {
    /// Civilian Bridge: 6 crew; cannot operate weapons or ECM.
    CivilianBridge,
    /// Warship CIC: 20 crew.
    WarshipCic,
    /// Shipmind: +2 ECM/Sensors, +1 acceleration, miss bonus, doubled resolve penalty.
    Shipmind,
}

impl CommandKind {
    /// Crew needed to operate it (a Shipmind needs none).
    pub const fn crew(self) -> u32 {
        match self {
            CommandKind::CivilianBridge => 6,
            CommandKind::WarshipCic => 20,
            CommandKind::Shipmind => 0,
        }
    }
}

/// Who crews the ship ("Morale Changes": Automaton and Brainwashed crews).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrewKind {
    /// Free-willed crew: morale drifts, resolve checks.
    Normal,
    /// Entirely Automata: morale locked at +2, no resolve checks.
    Automaton,
    /// Entirely Brainwashed: morale locked at +0, no resolve checks.
    Brainwashed,
    /// Brainwashed and normal crew mixed: −4 target morale (Stage 1).
    Mixed,
}

/// A ship design from the catalogue.
#[derive(Clone, Debug, PartialEq)]
pub struct ShipDesign {
    /// Catalogue name.
    pub name: String,
    /// Total volume (the default cost measure; > 700 makes its destruction a ±3 event).
    pub volume: f64,
    /// Designer's price, when the catalogue gives one (cost measure `price`).
    pub price: Option<f64>,
    /// Signature, which decides the decoys that can cover the ship (G23 → J30); `None`: the
    /// volume.
    pub signature: Option<f64>,
    /// Armor Value at design maximum.
    pub armor: f64,
    /// Protection Rating.
    pub protection: f64,
    /// Integrity.
    pub integrity: f64,
    /// Power plants.
    pub plants: Vec<PowerPlant>,
    /// Drives.
    pub drives: Vec<Drive>,
    /// Propellant tanks.
    pub tanks: Vec<Tank>,
    /// Sensors rating at full power.
    pub sensors: f64,
    /// ECM rating at full power.
    pub ecm: f64,
    /// Sensor volume (Sensors Damaged costs 1 RP per volume; default 1).
    pub sensors_volume: f64,
    /// ECM volume (ECM Damaged costs 1 RP per volume; default 1).
    pub ecm_volume: f64,
    /// Sensor Uplink volume (5 assists per volume per turn).
    pub uplink_volume: f64,
    /// Jump engine.
    pub jump: Option<JumpEngine>,
    /// Command modules.
    pub command: Vec<CommandKind>,
    /// Crew count.
    pub crew: u32,
    /// Crew by kind (Bio, Const, Info; sums to `crew`), for combat-station levels.
    pub crew_mix: super::stations::CrewMix,
    /// Crew kind.
    pub crew_kind: CrewKind,
    /// Base target morale (accommodations and training; G12 default 0).
    pub morale: i32,
    /// Direct-fire weapons (indices into the matchup's weapon list), one entry per mount.
    pub weapons: Vec<usize>,
    /// VLS cells (launches per turn are unlimited; a VLS is a weapon for Weapon Disabled).
    pub vls_volume: f64,
    /// Electromagnetic catapult, if any.
    pub catapult: Option<Catapult>,
    /// Loaded guided weapons: (index into the matchup's guided list, count).
    pub magazine: Vec<(usize, u32)>,
    /// d20 faces per crit-table entry (G6).
    pub crit_weights: CritWeights,
}

impl ShipDesign {
    /// A bare hull, the base of hand-built designs (tests, examples) so that a new design field
    /// needs a default in one place: volume 100, armor 10, protection 1, integrity 100, one
    /// power plant (volume 1, output 10), no drives, tanks, sensors, ECM or weapons, a Warship
    /// CIC and 20 normal crew. Override fields with `ShipDesign { armor: 5.0,
    /// ..ShipDesign::bare("name") }`.
    pub fn bare(name: &str) -> Self {
        ShipDesign {
            name: name.into(),
            volume: 100.0,
            price: None,
            signature: None,
            armor: 10.0,
            protection: 1.0,
            integrity: 100.0,
            plants: vec![PowerPlant {
                volume: 1.0,
                output: 10.0,
                fuel: 0.0,
            }],
            drives: vec![],
            tanks: vec![],
            sensors: 0.0,
            ecm: 0.0,
            sensors_volume: 1.0,
            ecm_volume: 1.0,
            uplink_volume: 0.0,
            jump: None,
            command: vec![CommandKind::WarshipCic],
            crew: 20,
            crew_mix: [20, 0, 0],
            crew_kind: CrewKind::Normal,
            morale: 0,
            weapons: vec![],
            vls_volume: 0.0,
            catapult: None,
            magazine: vec![],
            crit_weights: super::crits::EQUAL_WEIGHTS,
        }
    }

    /// Signature (J30: the design's `signature`, else its volume).
    pub fn signature(&self) -> f64 {
        self.signature.unwrap_or(self.volume)
    }

    /// Power generation with every plant working.
    pub fn generation(&self) -> f64 {
        self.plants.iter().map(|p| p.output).sum()
    }

    /// Acceleration with every drive working.
    pub fn acceleration(&self) -> i32 {
        self.drives.iter().map(|d| d.thrust).sum()
    }

    /// Delta-v with full tanks.
    pub fn delta_v(&self) -> f64 {
        self.tanks.iter().map(|t| t.delta_v).sum()
    }
}

/// Everything from the catalogue a matchup uses.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Catalogue {
    /// Direct-fire weapon types.
    pub weapons: Vec<DirectWeapon>,
    /// Guided-weapon designs.
    pub guided: Vec<GuidedDesign>,
}
