//! D1 unit anatomy (§1.5, §7.4.1.1, §16.3): the ship types both halves of Cold Infinity use.
//!
//! A [`ShipDesign`] is built once per matchup (it holds `Vec`s and a name); everything a
//! per-attack function reads from it is a small `Copy` value ([`WeaponDesign`],
//! [`SystemDesign`], [`SectionDesign`]). Systems are stored flat, section by section, so a
//! section's systems are one contiguous range of indices ([`SectionDesign::systems`]).
//!
//! Mass is kept in tenths (`mass_tenths`: Mass 12.7 → 127) so that the §16.3 bands are exact.

use std::ops::Range;

/// The seven default weapon technologies (§8.2). The order is the book's and is the index of
/// per-technology tables (adaptive armor points, speed table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tech {
    /// §8.2.1: ignores armor, no overkill, no DF unless enhanced.
    Matter,
    /// §8.2.2: cannot be DF'd and cannot DF.
    Laser,
    /// §8.2.3: no special rules.
    Particle,
    /// §8.2.4: no special rules.
    Radiation,
    /// §8.2.5: d4 damage dice only; EM shields count at half.
    Electromagnetic,
    /// §8.2.6: damage falls off per hex, double damage to hull, armor at half.
    Plasma,
    /// §8.2.7: gravitic shields count at half against it.
    Gravitic,
}

impl Tech {
    /// All seven, in the book's order.
    pub const ALL: [Tech; 7] = [
        Tech::Matter,
        Tech::Laser,
        Tech::Particle,
        Tech::Radiation,
        Tech::Electromagnetic,
        Tech::Plasma,
        Tech::Gravitic,
    ];

    /// Index 0..7 into per-technology tables.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A set of technologies (armor specializations, §11.4.3), as a bit set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TechSet(pub u8);

impl TechSet {
    /// The empty set.
    pub const NONE: TechSet = TechSet(0);

    /// This set with `tech` added.
    pub const fn with(self, tech: Tech) -> TechSet {
        TechSet(self.0 | (1 << tech as u8))
    }

    /// Whether `tech` is in the set.
    pub const fn contains(self, tech: Tech) -> bool {
        self.0 & (1 << tech as u8) != 0
    }
}

/// The nine weapon configurations (§8.1): how a hit spreads over the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Config {
    /// §8.1.1: one damage roll, one volley, one location.
    Burst,
    /// §8.1.2: 1..=max pulses on one location, each its own volley.
    Pulse,
    /// §8.1.3: spread evenly over every system in the section.
    Slicing,
    /// §8.1.4: volleys of the slashing Rating walking right on the chart.
    Slashing,
    /// §8.1.5: a third of the damage in each of up to three sections along the line.
    Piercing,
    /// §8.1.6: excess spills right as new volleys instead of overkill.
    Flare,
    /// §8.1.7: slicing on every outer section; no DF.
    Enveloping,
    /// §8.1.8: rolls against every unit along the arc until a miss; no DF.
    Wave,
    /// §8.1.9: burst damage on 1..=Rating turns.
    Tracking,
}

/// The configurations a weapon may fire in (bit set over [`Config`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ConfigSet(pub u16);

impl ConfigSet {
    /// Only `config`.
    pub const fn only(config: Config) -> ConfigSet {
        ConfigSet(1 << config as u16)
    }

    /// This set with `config` added.
    pub const fn with(self, config: Config) -> ConfigSet {
        ConfigSet(self.0 | (1 << config as u16))
    }

    /// Whether the weapon may fire in `config`.
    pub const fn contains(self, config: Config) -> bool {
        self.0 & (1 << config as u16) != 0
    }
}

/// The columns of the hit-location chart (§7.4.1.3, digest D19 item 1): every system belongs
/// to exactly one. The order here is only an index; the chart rows give the walking order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HitClass {
    /// Direct-fire weapons, missile racks, torpedoes, drums.
    Weapon,
    /// Acceleration and maneuvering thrusters.
    Thruster,
    /// Shield generators.
    Shield,
    /// Sensors and ESS devices.
    SensorsEss,
    /// Engines.
    Engine,
    /// Power plants: reactor, capacitor, battery, collector.
    Reactor,
    /// Bridges.
    Bridge,
    /// Hangars, launch tubes, cargo, docking.
    CargoHangar,
    /// Hyper, shift, snap and warp drives.
    TransLight,
    /// Everything else: AMRS, chaff, flares, ARS, HSR, reload racks.
    Other,
}

impl HitClass {
    /// Number of classes (chart columns).
    pub const COUNT: usize = 10;
}

/// Where a section sits on the hull (§7.4.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SectionPos {
    /// The one section of a 4th-rate ship: outer and core at once (D19 item 28).
    Single,
    /// Forward (3- and 5-section ships).
    Fore,
    /// Aft (3- and 5-section ships).
    Aft,
    /// Port (5-section ships; some 3-section ships).
    Port,
    /// Starboard (5-section ships; some 3-section ships).
    Starboard,
    /// Outer section 1..=6 of a 1st-rate ship, matching facings 1..=6 clockwise.
    Outer(u8),
    /// The core.
    Core,
}

impl SectionPos {
    /// Whether hits can pass from here to the core (every section but the core and a single).
    pub const fn is_outer(self) -> bool {
        !matches!(self, SectionPos::Core | SectionPos::Single)
    }

    /// Whether this is core for the core-only rules (25+, pass-through end, fires, called
    /// shots): the core, or the single section of a 1-section ship (D19 item 28).
    pub const fn is_core(self) -> bool {
        matches!(self, SectionPos::Core | SectionPos::Single)
    }
}

/// How a ship is divided into sections (§7.4.1.1, §16.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SectionLayout {
    /// Fourth rate: one section.
    One,
    /// Third rate: forward, aft, core.
    ForeAftCore,
    /// Third rate, the variant with port and starboard sections.
    PortStarboardCore,
    /// Second rate: forward, aft, port, starboard, core.
    Five,
    /// First rate: six outer sections numbered with the facings, and the core.
    Seven,
}

/// Number of sections for a ship of the given Mass (§16.3; Mass in tenths). `None` outside the
/// starship bands (small vessels are below 5; the book's 7-section band ends at 50).
pub const fn sections_for_mass(mass_tenths: u16) -> Option<u8> {
    match mass_tenths {
        50..=99 => Some(1),
        100..=199 => Some(3),
        200..=399 => Some(5),
        400..=500 => Some(7),
        _ => None,
    }
}

/// One dice group of a damage schedule: `count` d`sides` (d4, d6, d8, d10; §17.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DiceGroup {
    /// How many dice (0 = none).
    pub count: u8,
    /// Sides of each die.
    pub sides: u8,
}

/// A damage Rating: up to two dice schedules plus a fixed part, e.g. `2d10+16` (§17.1: schedules
/// may be combined).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DamageDice {
    /// The dice schedules.
    pub groups: [DiceGroup; 2],
    /// The fixed part.
    pub fixed: u16,
}

impl DamageDice {
    /// `count`d`sides` + `fixed`.
    pub const fn new(count: u8, sides: u8, fixed: u16) -> DamageDice {
        DamageDice {
            groups: [DiceGroup { count, sides }, DiceGroup { count: 0, sides: 0 }],
            fixed,
        }
    }

    /// Smallest possible roll.
    pub fn min(self) -> u32 {
        self.groups.iter().map(|g| u32::from(g.count)).sum::<u32>() + u32::from(self.fixed)
    }

    /// Largest possible roll.
    pub fn max(self) -> u32 {
        self.groups
            .iter()
            .map(|g| u32::from(g.count) * u32::from(g.sides))
            .sum::<u32>()
            + u32::from(self.fixed)
    }
}

/// A range Rating `−per/hexes` (§7.5.1): −`per` for every `hexes` hexes or part of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RangeRating {
    /// Penalty per step (the `1` of −1/2).
    pub per: u8,
    /// Hexes per step (the `2` of −1/2).
    pub hexes: u8,
}

/// An accuracy Rating `value` followed by `signs` (§7.5.3): each `+` adds the target's section
/// count, each `−` subtracts it (`signs` < 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Accuracy {
    /// The number.
    pub value: i8,
    /// Net signs: `++` = 2, `−` = −1.
    pub signs: i8,
}

/// Rate of fire `shots+arming` and an optional cooldown `C-n` (§7.1.3, §7.1.1.1); the
/// arming state machine is `arming.rs`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RateOfFire {
    /// X: shots in a firing turn.
    pub shots: u8,
    /// Y: turns of arming after firing.
    pub arming: u8,
    /// n of `C-n` (0 = none).
    pub cooldown: u8,
}

/// A weapon's Defensive Fire Rating `SDF/AHDF/EDF` (§11.1), written as positive magnitudes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DfRating {
    /// Standard DF.
    pub sdf: u8,
    /// Ad hoc DF.
    pub ahdf: u8,
    /// Emergency DF.
    pub edf: u8,
    /// Ablative DF (§11.1.5): SDF/AHDF reduce damage instead of the to-hit roll.
    pub ablative: bool,
}

/// A pulse Rating `max/interval` with an optional bonus die (§8.1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PulseRating {
    /// Most pulses that can hit.
    pub max: u8,
    /// Pulse accuracy interval.
    pub interval: u8,
    /// Sides of the bonus die (0 = none).
    pub bonus_die: u8,
}

/// A direct-fire weapon's design (§8, §17.1), as printed on an SDS.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WeaponDesign {
    /// Technology (§8.2).
    pub tech: Tech,
    /// Speed Rating (§11.1.4; the SDS prints it, e.g. "Matter (Spd 1)").
    pub speed: u8,
    /// Configurations it may fire in.
    pub configs: ConfigSet,
    /// Damage Rating.
    pub damage: DamageDice,
    /// Range Rating.
    pub range: RangeRating,
    /// Rate of fire.
    pub rof: RateOfFire,
    /// Accuracy Rating.
    pub accuracy: Accuracy,
    /// DF Rating.
    pub df: DfRating,
    /// Power requirement.
    pub power: u8,
    /// Pulse Rating (used when firing Pulse; base 1/10, §17.1).
    pub pulse: PulseRating,
    /// Slashing Rating (base 4, §17.1).
    pub slashing: u8,
    /// Tracking Rating in turns (base 2, §17.1).
    pub tracking: u8,
    /// Wave range in hexes (base 0, §17.1).
    pub wave_range: u8,
    /// Plasma falloff: damage lost per hex (base 3, §17.1; 0 = none).
    pub plasma_falloff: u8,
    /// The Anti-Shield enhancement (§11.2.2.1).
    pub anti_shield: bool,
}

/// Thruster placement (§5.1.1, §5.8.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ThrusterRole {
    /// Forward acceleration thruster.
    Fore,
    /// Aft acceleration thruster.
    Aft,
    /// Port maneuvering thruster (basic placement).
    Port,
    /// Starboard maneuvering thruster (basic placement).
    Starboard,
    /// Fore/port maneuvering thruster.
    ForePort,
    /// Fore/starboard maneuvering thruster.
    ForeStarboard,
    /// Aft/port maneuvering thruster.
    AftPort,
    /// Aft/starboard maneuvering thruster.
    AftStarboard,
    /// Omni-directional thruster (core).
    Omni,
}

/// Which part of the ship a shield protects (§11.2.4–6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShieldCoverage {
    /// The outer section it is mounted in.
    Arc,
    /// Every outer section.
    Encapsulating,
    /// One named system (index into [`ShipDesign::systems`]), core systems too.
    PointStationary(u16),
    /// Any non-core system of its section, if 3d6 ≤ its speed Rating.
    PointRoaming(u8),
}

/// A shield generator (§11.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShieldDesign {
    /// Coverage.
    pub coverage: ShieldCoverage,
    /// Technology (EM and gravitic shields are halved by the same technology, §11.2.9).
    pub tech: Tech,
    /// Deflection Rating (to-hit penalty).
    pub deflection: u8,
    /// Absorption Rating (per-volley reduction).
    pub absorption: u8,
    /// Buffering: loses what it absorbs (§11.2.2.1).
    pub buffering: bool,
    /// Can work at partial power at half Rating.
    pub partial_power: bool,
    /// Layering enhancement (§11.2.7).
    pub layering: bool,
    /// Can be over-loaded (§11.2.8).
    pub overload: bool,
    /// Power requirement.
    pub power: u8,
}

/// What a system is (digest D16, trimmed to what the rules read).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SystemKind {
    /// A direct-fire weapon.
    Weapon(WeaponDesign),
    /// A missile rack (§9.2.1) with its magazine size.
    MissileRack {
        /// Missiles it holds.
        magazine: u16,
    },
    /// A torpedo system (§9.2.2, §17.2.2) with its power requirement (torpedo power is set
    /// "in the same manner as direct fire weapons").
    Torpedo {
        /// Power requirement.
        power: u8,
    },
    /// A thruster; its channel Rating is floor(undamaged structure/2) (§13.1.2).
    Thruster(ThrusterRole),
    /// An engine; thrust = floor(undamaged/2) (§13.1.3); `enrich_cost` power per extra thrust.
    Engine {
        /// Second number of the engine Rating (4/2 → 2).
        enrich_cost: u8,
    },
    /// A reactor: Rating = undamaged structure (§13.1.4).
    Reactor,
    /// A capacitor "X/Y" (§3.1.2): capacity X = Rating = 2 × undamaged structure (§13.1.4),
    /// recharging `recharge` (Y) a turn.
    Capacitor {
        /// Recharge Y per turn (§3.1.2; §16.4.10: from 1, the SSB9 schedule).
        recharge: u8,
    },
    /// A battery "C/k" (§3.1.3): capacity C = Rating = undamaged structure (§13.1.4); `convert`
    /// (k) power stores one point.
    Battery {
        /// Convert Rating k (§3.1.3; §16.4.10: from 10, to a minimum of 1).
        convert: u8,
    },
    /// A collector panel: Rating = undamaged structure.
    Collector,
    /// Sensors: EW = floor(undamaged/2) (§13.1.1).
    Sensors {
        /// Power per boosted EW point (8/4 → 4).
        boost_cost: u8,
        /// Power requirement.
        power: u8,
    },
    /// An ESS device: Rating = 3 × undamaged structure (§13.1.5).
    Ess,
    /// A bridge with its technology level; flag bridge per §15.1.1.
    Bridge {
        /// Technology level.
        tl: u8,
        /// Flag bridge.
        flag: bool,
    },
    /// A shield generator.
    Shield(ShieldDesign),
    /// Hangar, launch tube, cargo or docking.
    CargoHangar,
    /// Hyper, shift, snap or warp drive.
    TransLight,
    /// AMRS, chaff, flares, ARS, HSR, reload rack, …
    Other,
}

impl SystemKind {
    /// The chart column it is hit through (digest D19 item 1, class mapping).
    pub const fn hit_class(self) -> HitClass {
        match self {
            SystemKind::Weapon(_) | SystemKind::MissileRack { .. } | SystemKind::Torpedo { .. } => {
                HitClass::Weapon
            }
            SystemKind::Thruster(_) => HitClass::Thruster,
            SystemKind::Engine { .. } => HitClass::Engine,
            SystemKind::Reactor
            | SystemKind::Capacitor { .. }
            | SystemKind::Battery { .. }
            | SystemKind::Collector => HitClass::Reactor,
            SystemKind::Sensors { .. } | SystemKind::Ess => HitClass::SensorsEss,
            SystemKind::Bridge { .. } => HitClass::Bridge,
            SystemKind::Shield(_) => HitClass::Shield,
            SystemKind::CargoHangar => HitClass::CargoHangar,
            SystemKind::TransLight => HitClass::TransLight,
            SystemKind::Other => HitClass::Other,
        }
    }
}

/// One system: what it is and its structure points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SystemDesign {
    /// What it is.
    pub kind: SystemKind,
    /// Structure points.
    pub structure: u16,
}

/// Section armor kinds (§11.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ArmorKind {
    /// Standard armor.
    #[default]
    Standard,
    /// Ablative armor: −1 every time it is hit (§11.4.1).
    Ablative,
    /// Adaptive armor (§11.4.2): the section armor value plus learned points per technology.
    Adaptive {
        /// Most points per technology.
        per_tech_cap: u8,
        /// Most points in total (its Rating).
        total_cap: u8,
    },
}

/// One section of a ship.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionDesign {
    /// Position on the hull.
    pub pos: SectionPos,
    /// Armor value.
    pub armor: u8,
    /// Armor kind.
    pub armor_kind: ArmorKind,
    /// Hull structure (at least 1, §16.4.9).
    pub hull: u16,
    /// Its systems: indices into [`ShipDesign::systems`].
    pub systems: Range<u16>,
}

/// A ship design, built once per matchup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShipDesign {
    /// Name (for traces; never read in hot code).
    pub name: String,
    /// Construction points as printed.
    pub cp: u32,
    /// Mass in tenths.
    pub mass_tenths: u16,
    /// F/A silhouette.
    pub sil_fa: u8,
    /// P/S silhouette.
    pub sil_ps: u8,
    /// Thrust cost per hex of acceleration.
    pub cost_accel: u8,
    /// Thrust cost per facing of pivot.
    pub cost_pivot: u8,
    /// Thrust cost per 90° of roll/tumble.
    pub cost_roll: u8,
    /// Thrust cost per hex of slide.
    pub cost_slide: u8,
    /// Ramming value.
    pub ramming: u16,
    /// Armor specializations (§11.4.3).
    pub armor_specializations: TechSet,
    /// Sections, outer ones first, the core last.
    pub sections: Vec<SectionDesign>,
    /// Every system, section by section.
    pub systems: Vec<SystemDesign>,
}

/// A design error (checked once when a design is built).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DesignError {
    /// The section count does not match the Mass band of §16.3.
    SectionCount {
        /// Sections given.
        given: u8,
        /// Sections §16.3 asks for (0 = Mass outside the bands).
        expected: u8,
    },
    /// A section with no hull structure (§16.4.9 asks for at least 1).
    NoHull(u8),
    /// The sections' system ranges do not tile `systems` in order.
    SystemRanges,
    /// No core (or single) section, or it is not the last.
    NoCore,
}

impl ShipDesign {
    /// Checks the §16.3 section count, hull ≥ 1 and the system ranges.
    pub fn validate(&self) -> Result<(), DesignError> {
        let given = self.sections.len() as u8;
        let expected = sections_for_mass(self.mass_tenths).unwrap_or(0);
        if given != expected {
            return Err(DesignError::SectionCount { given, expected });
        }
        let mut next = 0u16;
        for (i, s) in self.sections.iter().enumerate() {
            if s.hull == 0 {
                return Err(DesignError::NoHull(i as u8));
            }
            if s.systems.start != next || s.systems.end < s.systems.start {
                return Err(DesignError::SystemRanges);
            }
            next = s.systems.end;
        }
        if usize::from(next) != self.systems.len() {
            return Err(DesignError::SystemRanges);
        }
        match self.sections.last().map(|s| s.pos) {
            Some(SectionPos::Core) | Some(SectionPos::Single) => Ok(()),
            _ => Err(DesignError::NoCore),
        }
    }

    /// Index of the core section (the last one, checked by [`ShipDesign::validate`]).
    pub fn core(&self) -> usize {
        self.sections.len() - 1
    }

    /// The section holding system `sys`.
    #[inline]
    pub fn section_of(&self, sys: u16) -> usize {
        self.sections
            .iter()
            .position(|s| s.systems.contains(&sys))
            .unwrap_or(self.core())
    }

    /// Section count for accuracy signs (§7.5.3; D19 item 29: the design count).
    pub fn section_count(&self) -> u8 {
        self.sections.len() as u8
    }

    /// How the sections are laid out (§7.4.1.1), from the section count and positions.
    pub fn layout(&self) -> SectionLayout {
        match self.sections.len() {
            1 => SectionLayout::One,
            3 if self.section_at(SectionPos::Fore).is_none() => SectionLayout::PortStarboardCore,
            3 => SectionLayout::ForeAftCore,
            5 => SectionLayout::Five,
            _ => SectionLayout::Seven,
        }
    }

    /// The first section at `pos`, if any.
    #[inline]
    pub fn section_at(&self, pos: SectionPos) -> Option<usize> {
        self.sections.iter().position(|s| s.pos == pos)
    }
}

/// Test fixtures: the digest's D1 worked SDS.
#[cfg(test)]
pub mod fixtures {
    use super::*;

    /// The 50cm (Utility) Railgun of the Reaper SDS (seed lines ~297–320): Matter (Spd 1),
    /// Burst, 1d6, −1/2 hex, RoF 3+0, Acc +3, DF 0/0/0, power 1.
    pub fn railgun() -> WeaponDesign {
        WeaponDesign {
            tech: Tech::Matter,
            speed: 1,
            configs: ConfigSet::only(Config::Burst),
            damage: DamageDice::new(1, 6, 0),
            range: RangeRating { per: 1, hexes: 2 },
            rof: RateOfFire {
                shots: 3,
                arming: 0,
                cooldown: 0,
            },
            accuracy: Accuracy { value: 3, signs: 0 },
            df: DfRating::default(),
            power: 1,
            pulse: PulseRating {
                max: 1,
                interval: 10,
                bonus_die: 0,
            },
            slashing: 4,
            tracking: 2,
            wave_range: 0,
            plasma_falloff: 0,
            anti_shield: false,
        }
    }

    fn sys(kind: SystemKind, structure: u16) -> SystemDesign {
        SystemDesign { kind, structure }
    }

    /// The Terran "Reaper" frigate SDS (seed lines 251–440; digest D1).
    pub fn reaper() -> ShipDesign {
        let rg = SystemKind::Weapon(railgun());
        let systems = vec![
            // Forward: 0..7
            sys(SystemKind::Thruster(ThrusterRole::Fore), 8),
            sys(SystemKind::Thruster(ThrusterRole::ForePort), 6),
            sys(SystemKind::Thruster(ThrusterRole::ForeStarboard), 6),
            sys(rg, 2),
            sys(rg, 2),
            sys(SystemKind::MissileRack { magazine: 20 }, 5),
            sys(SystemKind::MissileRack { magazine: 20 }, 5),
            // Aft: 7..14
            sys(SystemKind::Thruster(ThrusterRole::Aft), 8),
            sys(SystemKind::Thruster(ThrusterRole::AftPort), 6),
            sys(SystemKind::Thruster(ThrusterRole::AftStarboard), 6),
            sys(rg, 2),
            sys(rg, 2),
            sys(SystemKind::MissileRack { magazine: 40 }, 10),
            sys(SystemKind::MissileRack { magazine: 40 }, 10),
            // Core: 14..18
            sys(SystemKind::Bridge { tl: 2, flag: false }, 10),
            sys(SystemKind::Engine { enrich_cost: 2 }, 8),
            sys(SystemKind::Reactor, 8),
            sys(
                SystemKind::Sensors {
                    boost_cost: 4,
                    power: 4,
                },
                16,
            ),
        ];
        let section = |pos, armor, systems| SectionDesign {
            pos,
            armor,
            armor_kind: ArmorKind::Standard,
            hull: 20,
            systems,
        };
        ShipDesign {
            name: "Reaper".into(),
            cp: 862,
            mass_tenths: 127,
            sil_fa: 1,
            sil_ps: 3,
            cost_accel: 2,
            cost_pivot: 1,
            cost_roll: 1,
            cost_slide: 3,
            ramming: 25,
            armor_specializations: TechSet::NONE,
            sections: vec![
                section(SectionPos::Fore, 4, 0..7),
                section(SectionPos::Aft, 4, 7..14),
                section(SectionPos::Core, 6, 14..18),
            ],
            systems,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::reaper;
    use super::*;

    /// §16.3: sections by Mass band.
    #[test]
    fn sections_by_mass_bands() {
        assert_eq!(sections_for_mass(49), None);
        assert_eq!(sections_for_mass(50), Some(1));
        assert_eq!(sections_for_mass(99), Some(1));
        assert_eq!(sections_for_mass(100), Some(3));
        assert_eq!(sections_for_mass(199), Some(3));
        assert_eq!(sections_for_mass(200), Some(5));
        assert_eq!(sections_for_mass(399), Some(5));
        assert_eq!(sections_for_mass(400), Some(7));
        assert_eq!(sections_for_mass(500), Some(7));
        assert_eq!(sections_for_mass(501), None);
    }

    /// D1: the Reaper SDS is a valid 3-section frigate, and the SDS checks hold: power 8 =
    /// 4 railguns × 1 + sensors 4; rack structure = magazine / 4.
    #[test]
    fn reaper_sds_checks() {
        let r = reaper();
        assert_eq!(r.validate(), Ok(()));
        assert_eq!(r.section_count(), 3);
        let power: u32 = r
            .systems
            .iter()
            .map(|s| match s.kind {
                SystemKind::Weapon(w) => u32::from(w.power),
                SystemKind::Sensors { power, .. } => u32::from(power),
                _ => 0,
            })
            .sum();
        assert_eq!(power, 8);
        for s in &r.systems {
            if let SystemKind::MissileRack { magazine } = s.kind {
                assert_eq!(s.structure, magazine / 4);
            }
        }
        assert_eq!(r.section_of(15), 2);
        assert_eq!(r.section_of(3), 0);
        assert_eq!(r.systems[16].kind.hit_class(), HitClass::Reactor);
    }

    #[test]
    fn validate_rejects_bad_designs() {
        let mut r = reaper();
        r.mass_tenths = 99;
        assert_eq!(
            r.validate(),
            Err(DesignError::SectionCount {
                given: 3,
                expected: 1
            })
        );
        let mut r = reaper();
        r.sections[1].hull = 0;
        assert_eq!(r.validate(), Err(DesignError::NoHull(1)));
        let mut r = reaper();
        r.sections[1].systems = 8..14;
        assert_eq!(r.validate(), Err(DesignError::SystemRanges));
    }

    #[test]
    fn sets() {
        let s = TechSet::NONE.with(Tech::Plasma);
        assert!(s.contains(Tech::Plasma) && !s.contains(Tech::Matter));
        let c = ConfigSet::only(Config::Burst).with(Config::Pulse);
        assert!(c.contains(Config::Pulse) && !c.contains(Config::Piercing));
    }
}
