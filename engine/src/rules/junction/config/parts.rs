//! A design's parts (G1, G2): power plants, drives, tanks, the jump engine, command modules,
//! the crew kind, the electromagnetic catapult and the crit-table proportions (G6) — their
//! TOML shapes and checks.

use serde::Deserialize;
use serde_spanned::Spanned;

use super::super::crits::{CritWeights, EQUAL_WEIGHTS};
use super::super::design::{
    Catapult, CommandKind, CrewKind, Drive, JumpEngine, JumpKind, MAX_COMMAND, MAX_PARTS,
    PowerPlant, Tank,
};
use super::super::house_rules::HouseRules;
use super::designs::DesignSpec;
use super::issues::Issues;

/// Power plant kinds in configs: the ones the text gives a rule for.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum PlantKindName {
    /// Any plant the text gives no special rule (default).
    #[default]
    Other,
    /// Fuel Cells: burn Rocket Fuel (delta-v) for their energy (J71).
    FuelCell,
    /// Photovoltaic Panels: their output scales with the scenario's `light_level` (J72).
    Photovoltaic,
}

/// A power plant entry.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlantSpec {
    /// Volume.
    pub volume: f64,
    /// Energy per turn (Photovoltaic Panels: at light level 1).
    pub output: f64,
    /// `other` (default), `fuel-cell` or `photovoltaic`.
    #[serde(default)]
    pub kind: PlantKindName,
}

/// Drive kinds in configs: the ones the text gives a rule for.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum DriveKindName {
    /// Any drive the text gives no special rule (default).
    #[default]
    Other,
    /// Electric Rocket: needs energy to accelerate (J70).
    ElectricRocket,
    /// Thermo-Electric Rocket: needs energy to accelerate (J70).
    ThermoElectricRocket,
}

/// A drive entry.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DriveSpec {
    /// Volume.
    pub volume: f64,
    /// Acceleration it gives.
    pub thrust: i64,
    /// `other` (default), `electric-rocket` or `thermo-electric-rocket`.
    #[serde(default)]
    pub kind: DriveKindName,
    /// Energy per hex of burn of an electric or thermo-electric rocket (default J70:
    /// `electric_energy_per_volume` × ship volume).
    #[serde(default)]
    pub energy_per_hex: Option<f64>,
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
    pub propellant: super::super::hazards::Propellant,
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

/// What the energy parts of a design depend on outside it: the house rules (J70, J71), the
/// scenario's light level (J72) and the ship's volume.
pub(super) struct EnergyTerms<'a> {
    /// The experiment's house rules.
    pub rules: &'a HouseRules,
    /// The scenario's agreed light level ("Stage 1"; default 1).
    pub light_level: f64,
    /// The design's volume.
    pub volume: f64,
}

/// A design's power plants, drives and tanks (at most `MAX_PARTS` of each): a Fuel Cell burns
/// J71's delta-v per energy, a Photovoltaic Panel makes its output × the light level (J72),
/// an electric or thermo-electric rocket needs J70's energy per hex (× ship volume) unless
/// the entry gives its own `energy_per_hex`.
pub(super) fn plants_drives_tanks(
    d: usize,
    at: &str,
    s: &DesignSpec,
    e: &EnergyTerms,
    is: &mut Issues,
) -> (Vec<PowerPlant>, Vec<Drive>, Vec<Tank>) {
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
        let (output, fuel) = match v.kind {
            PlantKindName::Other => (v.output, 0.0),
            PlantKindName::FuelCell => (v.output, e.rules.fuel_cell_delta_v_per_energy),
            PlantKindName::Photovoltaic => (v.output * e.light_level, 0.0),
        };
        plants.push(PowerPlant {
            volume: v.volume,
            output,
            fuel,
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
        let electric = v.kind != DriveKindName::Other;
        let energy_per_hex = match v.energy_per_hex {
            Some(x) if !(electric && x.is_finite() && (0.0..=1e6).contains(&x)) => {
                is.push(
                    d,
                    p.span(),
                    format!("{at}.drives[{k}].energy_per_hex"),
                    format!(
                        "{x}: allowed 0..=1e6, and only with kind = \"electric-rocket\" or \"thermo-electric-rocket\""
                    ),
                );
                0.0
            }
            Some(x) => x,
            None if electric => e.rules.electric_energy_per_volume * e.volume,
            None => 0.0,
        };
        drives.push(Drive {
            volume: v.volume,
            thrust: v.thrust.clamp(0, 100) as i32,
            energy_per_hex,
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
    (plants, drives, tanks)
}

/// A design's jump engine; its energy defaults to G3's `jump_energy_per_volume` × the ship's
/// `volume` / rating.
pub(super) fn jump(
    d: usize,
    at: &str,
    js: &JumpSpec,
    volume: f64,
    rules: &HouseRules,
    is: &mut Issues,
) -> JumpEngine {
    let rating = js.rating.as_ref().map_or(1, |r| {
        is.int_or_lo(d, r, &format!("{at}.jump.rating"), 1, 100)
    }) as i32;
    let energy = js.energy.as_ref().map_or(
        rules.jump_energy_per_volume * volume / f64::from(rating),
        |e| is.real_or_lo(d, e, &format!("{at}.jump.energy"), 0.0, 1e12),
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
            is.real_or_lo(d, e, &format!("{at}.jump.interdiction"), 0.0, 1e6)
        }),
    }
}

/// A design's command modules (default one Warship CIC).
pub(super) fn command(
    d: usize,
    at: &str,
    command: &Option<Spanned<Vec<CommandName>>>,
    is: &mut Issues,
) -> Vec<CommandKind> {
    match command {
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
    }
}

/// A design's crew kind (default normal).
pub(super) fn crew_kind(name: Option<CrewKindName>) -> CrewKind {
    match name.unwrap_or(CrewKindName::Normal) {
        CrewKindName::Normal => CrewKind::Normal,
        CrewKindName::Automaton => CrewKind::Automaton,
        CrewKindName::Brainwashed => CrewKind::Brainwashed,
        CrewKindName::Mixed => CrewKind::Mixed,
    }
}

/// A design's electromagnetic catapult.
pub(super) fn catapult(d: usize, at: &str, cs: &CatapultSpec, is: &mut Issues) -> Catapult {
    Catapult {
        rating: is.int_or_lo(d, &cs.rating, &format!("{at}.catapult.rating"), 1, 100) as i32,
        rate_of_fire: is.int_or_lo(
            d,
            &cs.rate_of_fire,
            &format!("{at}.catapult.rate_of_fire"),
            1,
            64,
        ) as u32,
        volume: cs.volume.as_ref().map_or(1.0, |v| {
            is.real_or_lo(d, v, &format!("{at}.catapult.volume"), 0.0, 1e6)
        }),
    }
}

/// A design's crit-table proportions (G6; default equal weights).
pub(super) fn crit_weights(
    d: usize,
    at: &str,
    weights: &Option<Spanned<CritWeightsSpec>>,
    is: &mut Issues,
) -> CritWeights {
    let mut crit_weights: CritWeights = EQUAL_WEIGHTS;
    if let Some(w) = weights {
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
    crit_weights
}
