//! Junction config documents (TOML shapes) and their validation into matchups: the catalogue
//! (`[[weapon]]`, `[[guided]]`, `[[design]]`), `[[fleet]]`, `[[matchup]]`, `[scenario]` and
//! `[house_rules]`. Every problem is reported with its document, span and field path.

use std::collections::HashMap;
use std::ops::Range;

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::outcome::Side;
use crate::rule_system::{ConfigIssue, ExperimentSpec, NamedMatchup, did_you_mean};

use super::crits::{CritWeights, EQUAL_WEIGHTS};
use super::design::{
    Catalogue, Catapult, CommandKind, CrewKind, DirectWeapon, Drive, JumpEngine, JumpKind,
    MAX_COMMAND, MAX_MAGAZINE, MAX_PARTS, MAX_WEAPONS, PowerPlant, ShipDesign, Tank, WeaponKind,
};
use super::hex::Hex;
use super::house_rules::HouseRules;
use super::matchup::Matchup;
use super::morale::Circumstances;
use super::objectives::{Objective, ObjectiveKind, ObjectiveSpec};
use super::parts::{Guidance, GuidedDesign, GwSize, Payload, Propulsion};
use super::policy::{Approach, Policy};
use super::ship::ShipState;

/// Ships per matchup.
pub const MAX_SHIPS: usize = 32;

/// One Junction config file; tables may live in any file of an experiment.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Doc {
    /// `"junction"` (checked by the simulator).
    #[serde(default)]
    pub rule_system: Option<String>,
    /// Other files to read, relative to this one.
    #[serde(default)]
    pub include: Vec<Spanned<String>>,
    /// Name, seed, battles.
    #[serde(default)]
    pub experiment: Option<ExperimentSpec>,
    /// House-rule overrides.
    #[serde(default)]
    pub house_rules: Option<Spanned<HouseRules>>,
    /// The scenario.
    #[serde(default)]
    pub scenario: Option<Spanned<ScenarioSpec>>,
    /// Direct-fire weapon types (catalogue).
    #[serde(default)]
    pub weapon: Vec<Spanned<WeaponSpec>>,
    /// Guided-weapon designs (catalogue).
    #[serde(default)]
    pub guided: Vec<Spanned<GuidedSpec>>,
    /// Ship designs (catalogue).
    #[serde(default)]
    pub design: Vec<Spanned<DesignSpec>>,
    /// Fleets.
    #[serde(default)]
    pub fleet: Vec<Spanned<FleetSpec>>,
    /// Matchups to play.
    #[serde(default)]
    pub matchup: Vec<Spanned<MatchupSpec>>,
}

/// Direct-fire weapon type names.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum WeaponTypeName {
    Macron,
    Laser,
    ParticleBeam,
}

/// `[[weapon]]`: a direct-fire weapon type.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponSpec {
    /// Unique name.
    pub name: Spanned<String>,
    /// `macron`, `laser` or `particle-beam`.
    #[serde(rename = "type")]
    pub kind: WeaponTypeName,
    /// Attack Power.
    pub ap: Spanned<f64>,
    /// `[precision, guaranteed, probable]` ranges in hexes.
    pub ranges: Spanned<[i64; 3]>,
    /// Macron Area Denial (default 1).
    #[serde(default)]
    pub area_denial: Option<Spanned<i64>>,
    /// Laser Redundant Emitters (default 0).
    #[serde(default)]
    pub redundant_emitters: Option<Spanned<i64>>,
    /// Particle Beam Target Armor Effectiveness, 0..=1.
    #[serde(default)]
    pub tae: Option<Spanned<f64>>,
    /// Volume (default 1).
    #[serde(default)]
    pub volume: Option<Spanned<f64>>,
    /// Energy per shot (default 0, G3).
    #[serde(default)]
    pub energy: Option<Spanned<f64>>,
}

/// `[[guided]]`: a guided-weapon design from Appendix 1 parts.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuidedSpec {
    /// Unique name.
    pub name: Spanned<String>,
    /// `light` or `heavy`.
    pub size: GwSize,
    /// Guidance package.
    pub guidance: Guidance,
    /// Payload.
    pub payload: Spanned<Payload>,
    /// Propulsion segment.
    pub propulsion: Propulsion,
    /// A heavy Missile Rack's load: the light guided weapon it carries (four of them).
    #[serde(default)]
    pub load: Option<Spanned<String>>,
}

/// A power plant entry.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlantSpec {
    /// Volume.
    pub volume: f64,
    /// Energy per turn.
    pub output: f64,
}

/// A drive entry.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DriveSpec {
    /// Volume.
    pub volume: f64,
    /// Acceleration it gives.
    pub thrust: i64,
}

/// A tank entry.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TankSpec {
    /// Volume.
    pub volume: f64,
    /// Delta-v held.
    pub delta_v: f64,
    /// `other` (default), `chemical-rocket-fuel` or `dissolved-fissiles` (hazardous).
    #[serde(default)]
    pub propellant: super::hazards::Propellant,
}

/// Jump engine types in configs.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum JumpKindName {
    Interdictor,
    LongRange,
    Rudimentary,
    Industrial,
    Standard,
    Tactical,
}

/// A jump engine entry.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JumpSpec {
    /// Engine type.
    #[serde(rename = "type")]
    pub kind: JumpKindName,
    /// Jump rating (default 1).
    #[serde(default)]
    pub rating: Option<Spanned<i64>>,
    /// Volume (default 1).
    #[serde(default)]
    pub volume: Option<f64>,
    /// Energy for a jump (default G3: `jump_energy_per_volume` × ship volume / rating).
    #[serde(default)]
    pub energy: Option<Spanned<f64>>,
    /// Most energy per turn spent on interdiction (default 0: the engine does not interdict).
    #[serde(default)]
    pub interdiction: Option<Spanned<f64>>,
}

/// An electromagnetic catapult entry.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CatapultSpec {
    /// Velocity cap in hexes.
    pub rating: Spanned<i64>,
    /// Launches per turn.
    pub rate_of_fire: Spanned<i64>,
    /// Volume (default 1).
    #[serde(default)]
    pub volume: Option<Spanned<f64>>,
}

/// Command module names in configs.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum CommandName {
    CivilianBridge,
    WarshipCic,
    Shipmind,
}

/// Crew kinds in configs.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[allow(missing_docs)]
pub enum CrewKindName {
    Normal,
    Automaton,
    Brainwashed,
    Mixed,
}

/// `{ weapon = "...", count = N }` on a design.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MountSpec {
    /// Catalogue weapon name.
    pub weapon: Spanned<String>,
    /// Mounts (default 1).
    #[serde(default)]
    pub count: Option<Spanned<i64>>,
}

/// `{ guided = "...", count = N }` in a magazine.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoadSpec {
    /// Catalogue guided-weapon name.
    pub guided: Spanned<String>,
    /// Loaded count.
    pub count: Spanned<i64>,
}

/// d20 faces per crit entry, per table (G6); each list has 5 entries summing to 20.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CritWeightsSpec {
    /// Propellant Leak, Radiators, Reactor, Engine, Jump.
    pub power: Option<[u8; 5]>,
    /// Sensors, ECM, Weapon, Magazine, Command.
    pub systems: Option<[u8; 5]>,
    /// Damcon, Medevac, Medbay, Engineering, Nerve Center.
    pub personnel: Option<[u8; 5]>,
}

/// `[[design]]`: a ship design.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DesignSpec {
    /// Unique name.
    pub name: Spanned<String>,
    /// Total volume (the default cost measure).
    pub volume: Spanned<f64>,
    /// Price for the `price` cost measure.
    #[serde(default)]
    pub price: Option<Spanned<f64>>,
    /// Signature for decoys (J30; default the volume).
    #[serde(default)]
    pub signature: Option<Spanned<f64>>,
    /// Armor Value.
    pub armor: Spanned<f64>,
    /// Protection Rating.
    pub protection: Spanned<f64>,
    /// Integrity.
    pub integrity: Spanned<f64>,
    /// Power plants.
    #[serde(default)]
    pub power: Vec<Spanned<PlantSpec>>,
    /// Drives.
    #[serde(default)]
    pub drives: Vec<Spanned<DriveSpec>>,
    /// Propellant tanks.
    #[serde(default)]
    pub tanks: Vec<Spanned<TankSpec>>,
    /// Sensors rating.
    #[serde(default)]
    pub sensors: Option<Spanned<f64>>,
    /// ECM rating.
    #[serde(default)]
    pub ecm: Option<Spanned<f64>>,
    /// Sensor Uplink volume.
    #[serde(default)]
    pub uplink_volume: Option<Spanned<f64>>,
    /// Jump engine.
    #[serde(default)]
    pub jump: Option<Spanned<JumpSpec>>,
    /// Command modules (default one Warship CIC).
    #[serde(default)]
    pub command: Option<Spanned<Vec<CommandName>>>,
    /// Crew count.
    pub crew: Spanned<i64>,
    /// How many of the crew are Constructs (default 0; the rest not Const or Info are Bio).
    #[serde(default)]
    pub crew_construct: Option<Spanned<i64>>,
    /// How many of the crew are Infomorphs (default 0).
    #[serde(default)]
    pub crew_info: Option<Spanned<i64>>,
    /// Sensor volume (Sensors Damaged repair cost; default 1).
    #[serde(default)]
    pub sensors_volume: Option<Spanned<f64>>,
    /// ECM volume (ECM Damaged repair cost; default 1).
    #[serde(default)]
    pub ecm_volume: Option<Spanned<f64>>,
    /// Crew kind (default normal).
    #[serde(default)]
    pub crew_kind: Option<CrewKindName>,
    /// Base target morale (default 0, G12).
    #[serde(default)]
    pub morale: Option<Spanned<i64>>,
    /// Direct-fire weapons.
    #[serde(default)]
    pub weapons: Vec<Spanned<MountSpec>>,
    /// VLS volume (0: no VLS).
    #[serde(default)]
    pub vls_volume: Option<Spanned<f64>>,
    /// Electromagnetic catapult.
    #[serde(default)]
    pub catapult: Option<Spanned<CatapultSpec>>,
    /// Loaded guided weapons.
    #[serde(default)]
    pub magazine: Vec<Spanned<LoadSpec>>,
    /// Crit-table proportions (G6).
    #[serde(default)]
    pub crit_weights: Option<Spanned<CritWeightsSpec>>,
}

/// `[[fleet]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FleetSpec {
    /// Unique name.
    pub name: Spanned<String>,
    /// Design names, one per ship.
    pub ships: Vec<Spanned<String>>,
}

/// One side of a matchup.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    /// Fleet name.
    pub fleet: Spanned<String>,
    /// Policy preset (default `brawler`).
    #[serde(default)]
    pub policy: Option<Spanned<String>>,
    /// Override: distance to keep to the nearest enemy.
    #[serde(default)]
    pub range: Option<Spanned<i64>>,
    /// Override: burn model, `coast` (default) or `lookahead`.
    #[serde(default)]
    pub burn: Option<super::policy::Burn>,
    /// Override: direct fire may target surrendered enemies (J40, default false).
    #[serde(default)]
    pub fire_on_surrendered: Option<bool>,
    /// Override: laser split fire, `never` (default), `pierce` or `always` (J41).
    #[serde(default)]
    pub laser_split: Option<super::policy::LaserSplit>,
    /// Override: how an Excalibur burst divides its Attack Power, `single` (default) or
    /// `pierce` (J60).
    #[serde(default)]
    pub excalibur_split: Option<super::policy::ExcaliburSplit>,
    /// Override: Laser Relay targets, `single` (default) or `pierce` (J61).
    #[serde(default)]
    pub relay_split: Option<super::policy::RelaySplit>,
    /// Override: payload per launch, `first` (default) or `by-target` (J63).
    #[serde(default)]
    pub payload_choice: Option<super::policy::PayloadChoice>,
    /// Override: decoys fired with each attack salvo (J31; default 0: decoys screen ships).
    #[serde(default)]
    pub salvo_decoys: Option<Spanned<i64>>,
    /// Override: when multi-target guns hold for point defense, `never`, `when-threatened`,
    /// `always` or `cover` (J42).
    #[serde(default)]
    pub point_defense: Option<super::policy::PdStance>,
    /// Override: Inertial Mine area mode, `contact` (default), `crowded` or `area` (J50).
    #[serde(default)]
    pub mine_mode: Option<super::policy::MineMode>,
    /// Override: point-defense launches, `excalibur` (default), `all` or `none` (J35, J51).
    #[serde(default)]
    pub pd_launches: Option<super::policy::PdLaunches>,
}

/// `[[matchup]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchupSpec {
    /// Side A.
    pub a: Spanned<SideSpec>,
    /// Side B.
    pub b: Spanned<SideSpec>,
}

/// Cost measures for `fleetlab points` and reports (G2).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum CostMeasure {
    /// Design volume (default).
    #[default]
    Volume,
    /// The design's `price`.
    Price,
}

/// `[scenario]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioSpec {
    /// Starting distance between the fleets in hexes (default: the longest Probable Hit range
    /// in the matchup + 4: "not within each others' direct fire weapons range, but ... not
    /// unreasonably far apart").
    #[serde(default)]
    pub distance: Option<Spanned<i64>>,
    /// Cost measure.
    #[serde(default)]
    pub cost: Option<CostMeasure>,
    /// Side A's circumstances (Stage 1 morale).
    #[serde(default)]
    pub a: Option<Circumstances>,
    /// Side B's circumstances.
    #[serde(default)]
    pub b: Option<Circumstances>,
    /// Fixed starts.
    #[serde(default)]
    pub start: Vec<Spanned<StartSpec>>,
    /// Stage 0 objective (default: last side standing).
    #[serde(default)]
    pub objective: Option<Spanned<ObjectiveSpec>>,
}

/// A fixed start for one ship.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartSpec {
    /// `"A"` or `"B"`.
    pub side: Spanned<String>,
    /// Index in its fleet (0-based).
    pub ship: Spanned<i64>,
    /// Hex q.
    pub q: i64,
    /// Hex r.
    pub r: i64,
    /// Vector q (default 0).
    #[serde(default)]
    pub vq: i64,
    /// Vector r (default 0).
    #[serde(default)]
    pub vr: i64,
    /// Armor Value at the start (default: the design's maximum).
    #[serde(default)]
    pub armor: Option<Spanned<f64>>,
}

struct Issues {
    list: Vec<ConfigIssue>,
}

impl Issues {
    fn push(
        &mut self,
        doc: usize,
        span: Range<usize>,
        field: impl Into<String>,
        msg: impl Into<String>,
    ) {
        self.list
            .push(ConfigIssue::new(doc, Some(span), field, msg));
    }

    fn real(&mut self, doc: usize, v: &Spanned<f64>, field: &str, lo: f64, hi: f64) -> f64 {
        let x = *v.get_ref();
        if x.is_finite() && (lo..=hi).contains(&x) {
            x
        } else {
            self.push(
                doc,
                v.span(),
                field,
                format!("{x} is out of range: allowed {lo}..={hi}"),
            );
            lo
        }
    }

    fn int(&mut self, doc: usize, v: &Spanned<i64>, field: &str, lo: i64, hi: i64) -> i64 {
        let x = *v.get_ref();
        if (lo..=hi).contains(&x) {
            x
        } else {
            self.push(
                doc,
                v.span(),
                field,
                format!("{x} is out of range: allowed {lo}..={hi}"),
            );
            lo
        }
    }
}

fn weapon(d: usize, at: &str, w: &WeaponSpec, is: &mut Issues) -> DirectWeapon {
    let ap = is.real(d, &w.ap, &format!("{at}.ap"), 0.0, 1e9);
    let r = *w.ranges.get_ref();
    if !(r[0] >= 0 && r[0] <= r[1] && r[1] <= r[2] && r[2] <= 1000) {
        is.push(d, w.ranges.span(), format!("{at}.ranges"), format!("{r:?}: give [precision, guaranteed, probable] with 0 <= precision <= guaranteed <= probable <= 1000"));
    }
    let only =
        |is: &mut Issues, present: bool, span: Option<Range<usize>>, field: &str, kind: &str| {
            if present {
                is.push(
                    d,
                    span.unwrap_or(w.name.span()),
                    format!("{at}.{field}"),
                    format!("`{field}` only applies to {kind} weapons"),
                );
            }
        };
    let kind = match w.kind {
        WeaponTypeName::Macron => WeaponKind::Macron {
            area_denial: w
                .area_denial
                .as_ref()
                .map_or(1, |a| is.int(d, a, &format!("{at}.area_denial"), 1, 32))
                as u8,
        },
        WeaponTypeName::Laser => WeaponKind::Laser {
            redundant_emitters: w.redundant_emitters.as_ref().map_or(0, |a| {
                is.int(d, a, &format!("{at}.redundant_emitters"), 0, 32)
            }) as u8,
        },
        WeaponTypeName::ParticleBeam => WeaponKind::ParticleBeam {
            tae: w
                .tae
                .as_ref()
                .map_or(1.0, |t| is.real(d, t, &format!("{at}.tae"), 0.0, 1.0)),
        },
    };
    if w.kind != WeaponTypeName::Macron {
        only(
            is,
            w.area_denial.is_some(),
            w.area_denial.as_ref().map(|s| s.span()),
            "area_denial",
            "macron",
        );
    }
    if w.kind != WeaponTypeName::Laser {
        only(
            is,
            w.redundant_emitters.is_some(),
            w.redundant_emitters.as_ref().map(|s| s.span()),
            "redundant_emitters",
            "laser",
        );
    }
    if w.kind != WeaponTypeName::ParticleBeam {
        only(
            is,
            w.tae.is_some(),
            w.tae.as_ref().map(|s| s.span()),
            "tae",
            "particle-beam",
        );
    }
    DirectWeapon {
        name: w.name.get_ref().clone(),
        kind,
        ap,
        ranges: [r[0] as i32, r[1] as i32, r[2] as i32],
        volume: w
            .volume
            .as_ref()
            .map_or(1.0, |v| is.real(d, v, &format!("{at}.volume"), 0.0, 1e9)),
        energy: w
            .energy
            .as_ref()
            .map_or(0.0, |v| is.real(d, v, &format!("{at}.energy"), 0.0, 1e9)),
    }
}

/// "known designs: a, b" or, when there are none, how to define one.
fn known_list(what: &str, table: &str, known: &[&str]) -> String {
    if known.is_empty() {
        format!("no {what} are defined: add a {table} table or include a file that has them")
    } else {
        format!("known {what}: {}", known.join(", "))
    }
}

fn unknown(kind: &str, table: &str, name: &str, index: &HashMap<String, usize>) -> String {
    let mut known: Vec<&str> = index.keys().map(String::as_str).collect();
    known.sort_unstable();
    format!(
        "no {kind} named `{name}`{}; {}",
        did_you_mean(name, &known),
        known_list(&format!("{kind}s"), table, &known)
    )
}

#[allow(clippy::too_many_arguments)]
fn design(
    d: usize,
    at: &str,
    s: &DesignSpec,
    weapons: &HashMap<String, usize>,
    guided: &HashMap<String, usize>,
    rules: &HouseRules,
    is: &mut Issues,
) -> Option<ShipDesign> {
    let before = is.list.len();
    let volume = is.real(d, &s.volume, &format!("{at}.volume"), 1.0, 1e9);
    let price = s
        .price
        .as_ref()
        .map(|p| is.real(d, p, &format!("{at}.price"), 0.0, 1e12));
    let signature = s
        .signature
        .as_ref()
        .map(|v| is.real(d, v, &format!("{at}.signature"), 0.0, 1e9));
    let armor = is.real(d, &s.armor, &format!("{at}.armor"), 0.0, 1e9);
    let protection = is.real(d, &s.protection, &format!("{at}.protection"), 0.0, 1e9);
    let integrity = is.real(d, &s.integrity, &format!("{at}.integrity"), 1.0, 1e9);
    let opt = |is: &mut Issues, v: &Option<Spanned<f64>>, f: &str| {
        v.as_ref()
            .map_or(0.0, |v| is.real(d, v, &format!("{at}.{f}"), 0.0, 1e6))
    };
    let sensors = opt(is, &s.sensors, "sensors");
    let ecm = opt(is, &s.ecm, "ecm");
    let uplink_volume = opt(is, &s.uplink_volume, "uplink_volume");
    let vls_volume = opt(is, &s.vls_volume, "vls_volume");
    for (list, name) in [
        (s.power.len(), "power"),
        (s.drives.len(), "drives"),
        (s.tanks.len(), "tanks"),
    ] {
        if list > MAX_PARTS {
            is.push(
                d,
                s.name.span(),
                format!("{at}.{name}"),
                format!("{list} entries; at most {MAX_PARTS}"),
            );
        }
    }
    let mut plants = Vec::new();
    for (k, p) in s.power.iter().enumerate() {
        let v = p.get_ref();
        if !(v.volume >= 0.0 && v.output >= 0.0 && v.volume.is_finite() && v.output.is_finite()) {
            is.push(
                d,
                p.span(),
                format!("{at}.power[{k}]"),
                "volume and output must be finite and at least 0",
            );
        }
        plants.push(PowerPlant {
            volume: v.volume,
            output: v.output,
        });
    }
    let mut drives = Vec::new();
    for (k, p) in s.drives.iter().enumerate() {
        let v = p.get_ref();
        if !(v.volume >= 0.0 && v.volume.is_finite() && (0..=100).contains(&v.thrust)) {
            is.push(
                d,
                p.span(),
                format!("{at}.drives[{k}]"),
                "volume must be at least 0 and thrust 0..=100",
            );
        }
        drives.push(Drive {
            volume: v.volume,
            thrust: v.thrust.clamp(0, 100) as i32,
        });
    }
    let mut tanks = Vec::new();
    for (k, p) in s.tanks.iter().enumerate() {
        let v = p.get_ref();
        if !(v.volume >= 0.0 && v.delta_v >= 0.0 && v.volume.is_finite() && v.delta_v <= 1e6) {
            is.push(
                d,
                p.span(),
                format!("{at}.tanks[{k}]"),
                "volume and delta_v must be at least 0 (delta_v at most 1e6)",
            );
        }
        tanks.push(Tank {
            volume: v.volume,
            delta_v: v.delta_v,
            propellant: v.propellant,
        });
    }
    let jump = s.jump.as_ref().map(|j| {
        let js = j.get_ref();
        let rating = js
            .rating
            .as_ref()
            .map_or(1, |r| is.int(d, r, &format!("{at}.jump.rating"), 1, 100))
            as i32;
        let energy = js.energy.as_ref().map_or(
            rules.jump_energy_per_volume * volume / f64::from(rating),
            |e| is.real(d, e, &format!("{at}.jump.energy"), 0.0, 1e12),
        );
        JumpEngine {
            kind: match js.kind {
                JumpKindName::Interdictor => JumpKind::Interdictor,
                JumpKindName::LongRange => JumpKind::LongRange,
                JumpKindName::Rudimentary => JumpKind::Rudimentary,
                JumpKindName::Industrial => JumpKind::Industrial,
                JumpKindName::Standard => JumpKind::Standard,
                JumpKindName::Tactical => JumpKind::Tactical,
            },
            rating,
            volume: js.volume.unwrap_or(1.0).max(0.0),
            energy,
            interdiction: js.interdiction.as_ref().map_or(0.0, |e| {
                is.real(d, e, &format!("{at}.jump.interdiction"), 0.0, 1e6)
            }),
        }
    });
    let command: Vec<CommandKind> = match &s.command {
        None => vec![CommandKind::WarshipCic],
        Some(c) => {
            if c.get_ref().is_empty() || c.get_ref().len() > MAX_COMMAND {
                is.push(d, c.span(), format!("{at}.command"), format!("give 1..={MAX_COMMAND} command modules: civilian-bridge, warship-cic, shipmind"));
            }
            c.get_ref()
                .iter()
                .take(MAX_COMMAND)
                .map(|k| match k {
                    CommandName::CivilianBridge => CommandKind::CivilianBridge,
                    CommandName::WarshipCic => CommandKind::WarshipCic,
                    CommandName::Shipmind => CommandKind::Shipmind,
                })
                .collect()
        }
    };
    let crew = is.int(d, &s.crew, &format!("{at}.crew"), 0, 1_000_000) as u32;
    let kind_count = |is: &mut Issues, v: &Option<Spanned<i64>>, f: &str| {
        v.as_ref().map_or(0, |v| {
            is.int(d, v, &format!("{at}.{f}"), 0, i64::from(crew)) as u32
        })
    };
    let construct = kind_count(is, &s.crew_construct, "crew_construct");
    let info = kind_count(is, &s.crew_info, "crew_info");
    if construct + info > crew {
        is.push(
            d,
            s.crew.span(),
            format!("{at}.crew"),
            format!("crew_construct ({construct}) + crew_info ({info}) is more than crew ({crew})"),
        );
    }
    let crew_mix = [crew.saturating_sub(construct + info), construct, info];
    let part_volume = |is: &mut Issues, v: &Option<Spanned<f64>>, f: &str| {
        v.as_ref()
            .map_or(1.0, |v| is.real(d, v, &format!("{at}.{f}"), 0.0, 1e6))
    };
    let sensors_volume = part_volume(is, &s.sensors_volume, "sensors_volume");
    let ecm_volume = part_volume(is, &s.ecm_volume, "ecm_volume");
    let crew_kind = match s.crew_kind.unwrap_or(CrewKindName::Normal) {
        CrewKindName::Normal => CrewKind::Normal,
        CrewKindName::Automaton => CrewKind::Automaton,
        CrewKindName::Brainwashed => CrewKind::Brainwashed,
        CrewKindName::Mixed => CrewKind::Mixed,
    };
    let morale = s
        .morale
        .as_ref()
        .map_or(0, |m| is.int(d, m, &format!("{at}.morale"), -12, 12)) as i32;
    let mut mounts = Vec::new();
    for (k, w) in s.weapons.iter().enumerate() {
        let ws = w.get_ref();
        let count = ws.count.as_ref().map_or(1, |c| {
            is.int(
                d,
                c,
                &format!("{at}.weapons[{k}].count"),
                1,
                MAX_WEAPONS as i64,
            )
        });
        match weapons.get(ws.weapon.get_ref()) {
            Some(&i) => mounts.extend(std::iter::repeat_n(i, count as usize)),
            None => is.push(
                d,
                ws.weapon.span(),
                format!("{at}.weapons[{k}].weapon"),
                unknown("weapon", "[[weapon]]", ws.weapon.get_ref(), weapons),
            ),
        }
    }
    if mounts.len() > MAX_WEAPONS {
        is.push(
            d,
            s.name.span(),
            format!("{at}.weapons"),
            format!("{} weapons; at most {MAX_WEAPONS} per design", mounts.len()),
        );
    }
    let mut magazine = Vec::new();
    if s.magazine.len() > MAX_MAGAZINE {
        is.push(
            d,
            s.name.span(),
            format!("{at}.magazine"),
            format!("{} entries; at most {MAX_MAGAZINE}", s.magazine.len()),
        );
    }
    for (k, l) in s.magazine.iter().enumerate() {
        let ls = l.get_ref();
        let count = is.int(
            d,
            &ls.count,
            &format!("{at}.magazine[{k}].count"),
            0,
            10_000,
        ) as u32;
        match guided.get(ls.guided.get_ref()) {
            Some(&i) => magazine.push((i, count)),
            None => is.push(
                d,
                ls.guided.span(),
                format!("{at}.magazine[{k}].guided"),
                unknown("guided weapon", "[[guided]]", ls.guided.get_ref(), guided),
            ),
        }
    }
    let catapult = s.catapult.as_ref().map(|c| {
        let cs = c.get_ref();
        Catapult {
            rating: is.int(d, &cs.rating, &format!("{at}.catapult.rating"), 1, 100) as i32,
            rate_of_fire: is.int(
                d,
                &cs.rate_of_fire,
                &format!("{at}.catapult.rate_of_fire"),
                1,
                64,
            ) as u32,
            volume: cs.volume.as_ref().map_or(1.0, |v| {
                is.real(d, v, &format!("{at}.catapult.volume"), 0.0, 1e6)
            }),
        }
    });
    if !magazine.is_empty() && vls_volume <= 0.0 && catapult.is_none() {
        let span = s.magazine[0].span();
        is.push(d, span, format!("{at}.magazine"), "guided weapons need a launcher: give `vls_volume` or a `catapult = { rating = .., rate_of_fire = .. }`");
    }
    let mut crit_weights: CritWeights = EQUAL_WEIGHTS;
    if let Some(w) = &s.crit_weights {
        let ws = w.get_ref();
        for (k, (row, name)) in [
            (ws.power, "power"),
            (ws.systems, "systems"),
            (ws.personnel, "personnel"),
        ]
        .into_iter()
        .enumerate()
        {
            if let Some(row) = row {
                let sum: u32 = row.iter().map(|x| u32::from(*x)).sum();
                if sum != 20 {
                    is.push(d, w.span(), format!("{at}.crit_weights.{name}"), format!("{row:?} sums to {sum}: give the d20 faces of the five entries, summing to 20"));
                }
                crit_weights[k] = row;
            }
        }
    }
    if is.list.len() > before {
        return None;
    }
    Some(ShipDesign {
        name: s.name.get_ref().clone(),
        volume,
        price,
        signature,
        armor,
        protection,
        integrity,
        plants,
        drives,
        tanks,
        sensors,
        ecm,
        sensors_volume,
        ecm_volume,
        uplink_volume,
        jump,
        command,
        crew,
        crew_mix,
        crew_kind,
        morale,
        weapons: mounts,
        vls_volume,
        catapult,
        magazine,
        crit_weights,
    })
}

fn policy(d: usize, at: &str, side: &SideSpec, is: &mut Issues) -> Option<Policy> {
    let name = side
        .policy
        .as_ref()
        .map_or("brawler", |p| p.get_ref().as_str());
    let Some(mut p) = Policy::preset(name) else {
        let span = side.policy.as_ref().map(|p| p.span()).unwrap_or(0..0);
        is.push(
            d,
            span,
            format!("{at}.policy"),
            format!(
                "unknown policy `{name}`{}; allowed: {}",
                did_you_mean(name, Policy::PRESETS),
                Policy::PRESETS.join(", ")
            ),
        );
        return None;
    };
    if let Some(r) = &side.range {
        let v = is.int(d, r, &format!("{at}.range"), 0, 1000) as i32;
        if p.approach != Approach::Hold {
            p.approach = Approach::Keep(Some(v));
        }
    }
    if let Some(b) = side.burn {
        p.burn = b;
    }
    if let Some(f) = side.fire_on_surrendered {
        p.fire_on_surrendered = f;
    }
    if let Some(l) = side.laser_split {
        p.laser_split = l;
    }
    if let Some(x) = side.excalibur_split {
        p.excalibur_split = x;
    }
    if let Some(r) = side.relay_split {
        p.relay_split = r;
    }
    if let Some(c) = side.payload_choice {
        p.payload_choice = c;
    }
    if let Some(n) = &side.salvo_decoys {
        p.salvo_decoys = is.int(d, n, &format!("{at}.salvo_decoys"), 0, 100) as u32;
    }
    if let Some(pd) = side.point_defense {
        p.pd = pd;
    }
    if let Some(mode) = side.mine_mode {
        p.mine_mode = mode;
    }
    if let Some(l) = side.pd_launches {
        p.pd_launches = l;
    }
    Some(p)
}

/// Missile Racks' loads (Appendix 1 "Missile Rack"): a heavy rack names the light guided
/// weapon it carries (`load`, four of them; one that attacks, not itself a rack); a light rack
/// carries six mini-missiles, added to the catalogue as one entry per rack.
fn missile_racks(
    docs: &[Doc],
    index: &HashMap<String, usize>,
    cat: &mut Catalogue,
    is: &mut Issues,
) {
    for (d, doc) in docs.iter().enumerate() {
        for (k, g) in doc.guided.iter().enumerate() {
            let gs = g.get_ref();
            let Some(&gi) = index.get(gs.name.get_ref()) else {
                continue;
            };
            if cat.guided[gi].name != *gs.name.get_ref() || cat.guided[gi].load.is_some() {
                continue;
            }
            let at = format!("guided[{k}] ({}).load", gs.name.get_ref());
            let rack = *gs.payload.get_ref() == Payload::MissileRack;
            match (&gs.load, rack, gs.size) {
                (None, true, GwSize::Light) => {
                    cat.guided[gi].load = Some(cat.guided.len());
                    let mini = super::parts::mini_missile(gs.name.get_ref());
                    cat.guided.push(mini);
                }
                (None, true, GwSize::Heavy) => is.push(
                    d,
                    g.span(),
                    at,
                    "a heavy missile rack holds four light guided weapons: name them with `load = \"<light guided weapon>\"`",
                ),
                (Some(l), true, GwSize::Heavy) => match index.get(l.get_ref()) {
                    Some(&li)
                        if cat.guided[li].size == GwSize::Light
                            && super::payloads::attack(cat.guided[li].payload).is_some() =>
                    {
                        cat.guided[gi].load = Some(li);
                    }
                    Some(_) => is.push(
                        d,
                        l.span(),
                        at,
                        format!(
                            "`{}` cannot be a heavy rack's load: it must be a light guided weapon whose payload attacks (not a rack, decoy, deflector or relay)",
                            l.get_ref()
                        ),
                    ),
                    None => is.push(
                        d,
                        l.span(),
                        at,
                        unknown("guided weapon", "[[guided]]", l.get_ref(), index),
                    ),
                },
                (Some(l), _, _) => is.push(
                    d,
                    l.span(),
                    at,
                    if rack {
                        "a light missile rack holds six mini-missiles; `load` is for heavy racks"
                            .to_string()
                    } else {
                        "`load` is only for heavy missile racks".to_string()
                    },
                ),
                (None, false, _) => {}
            }
        }
    }
}

/// Find a table that may be given once across all documents.
fn one_of<'a, T>(
    docs: &'a [Doc],
    pick: impl Fn(&'a Doc) -> Option<&'a Spanned<T>>,
    name: &str,
    is: &mut Issues,
) -> Option<(usize, &'a Spanned<T>)> {
    let mut found: Option<(usize, &Spanned<T>)> = None;
    for (d, doc) in docs.iter().enumerate() {
        if let Some(t) = pick(doc) {
            if let Some((first, _)) = found {
                is.push(
                    d,
                    t.span(),
                    name,
                    format!("[{name}] is already given in file #{first}; give it once"),
                );
            } else {
                found = Some((d, t));
            }
        }
    }
    found
}

/// Register a uniquely named catalogue entry; report duplicates.
fn register(
    index: &mut HashMap<String, usize>,
    name: &Spanned<String>,
    next: usize,
    d: usize,
    field: String,
    what: &str,
    is: &mut Issues,
) -> bool {
    if index.contains_key(name.get_ref()) {
        is.push(
            d,
            name.span(),
            field,
            format!(
                "{what} `{}` is defined twice; {what} names must be unique",
                name.get_ref()
            ),
        );
        return false;
    }
    index.insert(name.get_ref().clone(), next);
    true
}

/// Validate documents (experiment first) into matchups.
pub fn build(docs: &[Doc]) -> Result<Vec<NamedMatchup<Matchup>>, Vec<ConfigIssue>> {
    let mut is = Issues { list: Vec::new() };
    let rules = match one_of(docs, |d| d.house_rules.as_ref(), "house_rules", &mut is) {
        Some((d, r)) => {
            for (field, msg) in r.get_ref().problems() {
                is.push(d, r.span(), format!("house_rules.{field}"), msg);
            }
            r.get_ref().clone()
        }
        None => HouseRules::default(),
    };
    let scen = one_of(docs, |d| d.scenario.as_ref(), "scenario", &mut is);
    // Catalogue.
    let mut cat = Catalogue::default();
    let mut weapon_index = HashMap::new();
    let mut guided_index = HashMap::new();
    for (d, doc) in docs.iter().enumerate() {
        for (k, w) in doc.weapon.iter().enumerate() {
            let ws = w.get_ref();
            let at = format!("weapon[{k}] ({})", ws.name.get_ref());
            let wd = weapon(d, &at, ws, &mut is);
            if register(
                &mut weapon_index,
                &ws.name,
                cat.weapons.len(),
                d,
                format!("weapon[{k}].name"),
                "weapon",
                &mut is,
            ) {
                cat.weapons.push(wd);
            }
        }
        for (k, g) in doc.guided.iter().enumerate() {
            let gs = g.get_ref();
            let payload = *gs.payload.get_ref();
            if !payload.modelled() {
                is.push(
                    d,
                    gs.payload.span(),
                    format!("guided[{k}] ({}).payload", gs.name.get_ref()),
                    format!(
                        "payload `{}` is not modelled yet; modelled: {} (see docs/status.md)",
                        payload.name(),
                        Payload::MODELLED
                    ),
                );
            }
            if register(
                &mut guided_index,
                &gs.name,
                cat.guided.len(),
                d,
                format!("guided[{k}].name"),
                "guided weapon",
                &mut is,
            ) {
                cat.guided.push(GuidedDesign {
                    name: gs.name.get_ref().clone(),
                    size: gs.size,
                    guidance: gs.guidance,
                    payload,
                    propulsion: gs.propulsion,
                    load: None,
                });
            }
        }
    }
    missile_racks(docs, &guided_index, &mut cat, &mut is);
    let mut designs: Vec<ShipDesign> = Vec::new();
    let mut design_index: HashMap<String, usize> = HashMap::new();
    let mut invalid: HashMap<String, usize> = HashMap::new();
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in doc.design.iter().enumerate() {
            let s = spec.get_ref();
            let name = s.name.get_ref();
            if design_index.contains_key(name) || invalid.contains_key(name) {
                is.push(
                    d,
                    s.name.span(),
                    format!("design[{k}].name"),
                    format!("design `{name}` is defined twice; design names must be unique"),
                );
                continue;
            }
            let at = format!("design[{k}] ({name})");
            match design(d, &at, s, &weapon_index, &guided_index, &rules, &mut is) {
                Some(ds) => {
                    design_index.insert(name.clone(), designs.len());
                    designs.push(ds);
                }
                None => {
                    invalid.insert(name.clone(), d);
                }
            }
        }
    }
    let cost = scen.and_then(|(_, s)| s.get_ref().cost).unwrap_or_default();
    if cost == CostMeasure::Price {
        // Only designs that a fleet uses are priced: a shared catalogue may hold others (e.g.
        // a shooting-range hulk).
        let fielded: std::collections::HashSet<&str> = docs
            .iter()
            .flat_map(|doc| doc.fleet.iter())
            .flat_map(|f| f.get_ref().ships.iter().map(|s| s.get_ref().as_str()))
            .collect();
        for (d, doc) in docs.iter().enumerate() {
            for (k, spec) in doc.design.iter().enumerate() {
                let name = spec.get_ref().name.get_ref();
                if spec.get_ref().price.is_none() && fielded.contains(name.as_str()) {
                    is.push(
                        d,
                        spec.span(),
                        format!("design[{k}] ({name}).price"),
                        "the scenario's cost measure is `price`: every design in a fleet needs a `price`",
                    );
                }
            }
        }
    }
    // Fleets.
    let mut fleets: HashMap<String, Vec<usize>> = HashMap::new();
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in doc.fleet.iter().enumerate() {
            let f = spec.get_ref();
            let name = f.name.get_ref();
            if fleets.contains_key(name) {
                is.push(
                    d,
                    f.name.span(),
                    format!("fleet[{k}].name"),
                    format!("fleet `{name}` is defined twice; fleet names must be unique"),
                );
                continue;
            }
            let at = format!("fleet[{k}] ({name}).ships");
            if f.ships.is_empty() || f.ships.len() > MAX_SHIPS / 2 {
                is.push(
                    d,
                    spec.span(),
                    at.clone(),
                    format!("{} ships; a fleet has 1..={}", f.ships.len(), MAX_SHIPS / 2),
                );
            }
            let mut ships = Vec::new();
            for (n, s) in f.ships.iter().enumerate() {
                match design_index.get(s.get_ref()) {
                    Some(&i) => ships.push(i),
                    None if invalid.contains_key(s.get_ref()) => {}
                    None => is.push(
                        d,
                        s.span(),
                        format!("{at}[{n}]"),
                        unknown("design", "[[design]]", s.get_ref(), &design_index),
                    ),
                }
            }
            fleets.insert(name.clone(), ships);
        }
    }
    // Matchups.
    let mut out = Vec::new();
    let mut any = false;
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in doc.matchup.iter().enumerate() {
            any = true;
            let ms = spec.get_ref();
            let mut sides = Vec::new();
            for (label, side) in [("a", &ms.a), ("b", &ms.b)] {
                let at = format!("matchup[{k}].{label}");
                let s = side.get_ref();
                let fleet = fleets.get(s.fleet.get_ref());
                if fleet.is_none() {
                    let idx: HashMap<String, usize> =
                        fleets.keys().map(|k| (k.clone(), 0)).collect();
                    is.push(
                        d,
                        s.fleet.span(),
                        format!("{at}.fleet"),
                        unknown("fleet", "[[fleet]]", s.fleet.get_ref(), &idx),
                    );
                }
                let p = policy(d, &at, s, &mut is);
                if let (Some(ships), Some(p)) = (fleet, p) {
                    sides.push((s.fleet.get_ref().clone(), ships.clone(), p));
                }
            }
            if sides.len() == 2 && is.list.is_empty() {
                out.push(assemble(
                    &sides, &designs, &cat, &rules, cost, scen, &mut is,
                ));
            }
        }
    }
    if !any {
        is.list.push(ConfigIssue::new(0, None, "matchup", "the experiment defines no [[matchup]]: add at least one with `a = { fleet = ... }` and `b = { fleet = ... }`"));
    }
    if is.list.is_empty() {
        Ok(out.into_iter().flatten().collect())
    } else {
        Err(is.list)
    }
}

/// The cost of a design under the measure (rounded to whole points for reports).
pub fn cost_of(d: &ShipDesign, measure: CostMeasure) -> u32 {
    let v = match measure {
        CostMeasure::Volume => d.volume,
        CostMeasure::Price => d.price.unwrap_or(0.0),
    };
    v.round().clamp(0.0, f64::from(u32::MAX)) as u32
}

fn assemble(
    sides: &[(String, Vec<usize>, Policy)],
    designs: &[ShipDesign],
    cat: &Catalogue,
    rules: &HouseRules,
    cost: CostMeasure,
    scen: Option<(usize, &Spanned<ScenarioSpec>)>,
    is: &mut Issues,
) -> Option<NamedMatchup<Matchup>> {
    // Only what this matchup uses, re-indexed.
    let mut used: Vec<usize> = sides
        .iter()
        .flat_map(|(_, s, _)| s.iter().copied())
        .collect();
    used.sort_unstable();
    used.dedup();
    let local = |g: usize| used.iter().position(|&u| u == g).unwrap_or(0);
    let mdesigns: Vec<ShipDesign> = used.iter().map(|&g| designs[g].clone()).collect();
    let longest = mdesigns
        .iter()
        .flat_map(|d| d.weapons.iter().map(|&w| cat.weapons[w].ranges[2]))
        .max()
        .unwrap_or(10);
    let spec = scen.map(|(_, s)| s.get_ref());
    let distance = match spec.and_then(|s| s.distance.as_ref()) {
        Some(v) => is.int(
            scen.map_or(0, |(d, _)| d),
            v,
            "scenario.distance",
            0,
            10_000,
        ) as i32,
        None => longest + 4,
    };
    let circumstances = [
        spec.and_then(|s| s.a).unwrap_or_default(),
        spec.and_then(|s| s.b).unwrap_or_default(),
    ];
    let mut start = Vec::new();
    let mut names = Vec::new();
    let mut ship_sides = Vec::new();
    let mut points = [0u32; 2];
    for (si, (_, ships, _)) in sides.iter().enumerate() {
        let side = if si == 0 { Side::A } else { Side::B };
        let brainwashed_elsewhere = ships.iter().any(|&g| {
            matches!(
                designs[g].crew_kind,
                CrewKind::Brainwashed | CrewKind::Mixed
            )
        });
        for (idx, &g) in ships.iter().enumerate() {
            let ds = &designs[g];
            let c = cost_of(ds, cost);
            points[si] = points[si].saturating_add(c);
            // Stage 1: circumstances, mixed crews, brainwashed crews elsewhere in the fleet.
            let mut morale = ds.morale + circumstances[si].modifier();
            if ds.crew_kind == CrewKind::Mixed {
                morale -= 4;
            } else if ds.crew_kind == CrewKind::Normal && brainwashed_elsewhere {
                morale -= 2;
            }
            // Automaton and Brainwashed crews are locked at +2 / +0 "regardless of circumstance".
            let morale = match ds.crew_kind {
                CrewKind::Automaton => 2,
                CrewKind::Brainwashed => 0,
                _ => morale.clamp(rules.morale_min, rules.morale_max),
            };
            let mut ship = ShipState::new(local(g) as u16, ds, side, c, morale);
            ship.pos = deployed_at(side, idx, ships.len(), distance);
            ship.prev_pos = ship.pos;
            start.push(ship);
            names.push(format!("{side}{} {}", idx + 1, ds.name));
            ship_sides.push(side);
        }
    }
    if start.len() > MAX_SHIPS {
        return None;
    }
    if let (Some((sd, _)), Some(spec)) = (scen, spec) {
        for (n, st) in spec.start.iter().enumerate() {
            let s = st.get_ref();
            let at = format!("scenario.start[{n}]");
            let side = match s.side.get_ref().as_str() {
                "A" | "a" => 0,
                "B" | "b" => 1,
                other => {
                    is.push(
                        sd,
                        s.side.span(),
                        format!("{at}.side"),
                        format!("unknown side `{other}`; allowed: A, B"),
                    );
                    continue;
                }
            };
            let count = sides[side].1.len() as i64;
            let idx = *s.ship.get_ref();
            if !(0..count).contains(&idx) {
                is.push(
                    sd,
                    s.ship.span(),
                    format!("{at}.ship"),
                    format!("{idx} is out of range: allowed 0..={}", count - 1),
                );
                continue;
            }
            let i = if side == 0 {
                idx as usize
            } else {
                sides[0].1.len() + idx as usize
            };
            let lim = 1_000_000;
            if [s.q, s.r, s.vq, s.vr].iter().any(|v| v.abs() > lim) {
                is.push(
                    sd,
                    st.span(),
                    at.clone(),
                    format!("coordinates and vector must be within ±{lim}"),
                );
                continue;
            }
            start[i].pos = Hex::new(s.q as i32, s.r as i32);
            start[i].prev_pos = start[i].pos;
            start[i].vel = Hex::new(s.vq as i32, s.vr as i32);
            if let Some(a) = &s.armor {
                let max = mdesigns[usize::from(start[i].design)].armor;
                start[i].armor = is.real(sd, a, &format!("{at}.armor"), 0.0, max);
            }
        }
    }
    let objective = match (scen, spec.and_then(|s| s.objective.as_ref())) {
        (Some((sd, _)), Some(o)) => objective(sd, o, sides, distance, is),
        _ => None,
    };
    if !is.list.is_empty() {
        return None;
    }
    let policies = [sides[0].2, sides[1].2];
    // Re-index catalogue references to the matchup's own lists (here: kept whole).
    let label = format!(
        "{} ({}) vs {} ({})",
        sides[0].0, policies[0], sides[1].0, policies[1]
    );
    Some(NamedMatchup {
        label,
        fleets: [sides[0].0.clone(), sides[1].0.clone()],
        policies: [policies[0].to_string(), policies[1].to_string()],
        points: [Some(points[0]), Some(points[1])],
        ship_names: names.clone(),
        ship_points: start.iter().map(|s| Some(s.points)).collect(),
        ship_sides,
        matchup: Matchup {
            objective,
            ..Matchup::new(cat.clone(), mdesigns, start, names, policies, rules.clone())
        },
    })
}

/// Stage 1 ("Place all agreed upon ships for both sides onto a hexgrid"): side A's ships in a
/// line at q = 0, two hexes apart along r, centred on r = 0; side B's are their exact mirror
/// image through the battle's centre (`distance`/2, 0) — the point reflection (q, r) →
/// (`distance` − q, −r), which maps every hex direction to its opposite and keeps every
/// distance — so B's ship `idx` stands where A's ship `idx` would face it, and a fleet
/// deployed against itself starts in mirror-image states (vectors are zero; fair seats).
pub(crate) fn deployed_at(side: Side, idx: usize, ships: usize, distance: i32) -> Hex {
    let r = 2 * idx as i32 - (ships as i32 - 1);
    match side {
        Side::A => Hex::new(0, r),
        Side::B => Hex::new(distance, -r),
    }
}

/// Validate `[scenario.objective]` against the matchup's fleets.
fn objective(
    sd: usize,
    o: &Spanned<ObjectiveSpec>,
    sides: &[(String, Vec<usize>, Policy)],
    distance: i32,
    is: &mut Issues,
) -> Option<Objective> {
    let spec = o.get_ref();
    let at = "scenario.objective";
    let side = match spec.side.as_ref().map(|s| (s.get_ref().as_str(), s.span())) {
        None | Some(("A" | "a", _)) => 0,
        Some(("B" | "b", _)) => 1,
        Some((other, span)) => {
            is.push(
                sd,
                span,
                format!("{at}.side"),
                format!("unknown side `{other}`; allowed: A, B"),
            );
            return None;
        }
    };
    let count = sides[side].1.len() as i64;
    let idx = spec
        .ship
        .as_ref()
        .map_or(0, |s| is.int(sd, s, &format!("{at}.ship"), 0, count - 1));
    let ship = if side == 0 {
        idx as usize
    } else {
        sides[0].1.len() + idx as usize
    };
    let hex = |default: Hex| {
        spec.hex.as_ref().map_or(default, |h| {
            let [q, r] = *h.get_ref();
            Hex::new(
                q.clamp(-1_000_000, 1_000_000) as i32,
                r.clamp(-1_000_000, 1_000_000) as i32,
            )
        })
    };
    let radius = |is: &mut Issues, default: i64| {
        spec.radius.as_ref().map_or(default, |r| {
            is.int(sd, r, &format!("{at}.radius"), 0, 10_000)
        }) as i32
    };
    Some(match spec.kind {
        ObjectiveKind::HoldTheArea => Objective::HoldTheArea {
            hex: hex(Hex::new(distance / 2, 0)),
            radius: radius(is, 5),
        },
        ObjectiveKind::Vip => Objective::Vip {
            ship,
            worth_percent: spec.worth_percent.as_ref().map_or(50, |w| {
                is.int(sd, w, &format!("{at}.worth_percent"), 0, 100)
            }) as u32,
        },
        ObjectiveKind::BlockadeRun => Objective::BlockadeRun {
            ship,
            hex: hex(Hex::new(if side == 0 { distance } else { 0 }, 0)),
            radius: radius(is, 2),
            hold_turns: spec
                .hold_turns
                .as_ref()
                .map_or(3, |h| is.int(sd, h, &format!("{at}.hold_turns"), 1, 1000))
                as u32,
        },
    })
}
