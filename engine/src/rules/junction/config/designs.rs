//! `[[design]]`: ship designs (G1, G2) — hull values, parts, crew, weapon mounts and the
//! magazine — checked against the catalogue's weapons, and registered by name.

use std::collections::{HashMap, HashSet};

use serde::Deserialize;
use serde_spanned::Spanned;

use super::super::design::{MAX_MAGAZINE, MAX_WEAPONS, ShipDesign};
use super::super::house_rules::HouseRules;
use super::Doc;
use super::issues::{Issues, unknown};
use super::parts::{
    self, CatapultSpec, CommandName, CrewKindName, CritWeightsSpec, DriveSpec, JumpSpec, LoadSpec,
    MountSpec, PlantSpec, TankSpec,
};
use super::scenario::CostMeasure;
use super::weapons::Armory;

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

/// The valid designs, by name; a design with a problem is kept aside by name (a fleet naming
/// it reports nothing more).
pub(super) struct Designs {
    /// Valid designs, in document order.
    pub(super) list: Vec<ShipDesign>,
    /// Name → index in `list`.
    pub(super) index: HashMap<String, usize>,
    /// Names of designs with a problem (→ their document).
    pub(super) invalid: HashMap<String, usize>,
}

/// Every document's `[[design]]` entries.
pub(super) fn designs(
    docs: &[Doc],
    armory: &Armory,
    rules: &HouseRules,
    light_level: f64,
    is: &mut Issues,
) -> Designs {
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
            match design(d, &at, s, armory, rules, light_level, is) {
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
    Designs {
        list: designs,
        index: design_index,
        invalid,
    }
}

/// Under the `price` cost measure (G2), every design a fleet uses needs a `price`.
pub(super) fn check_prices(docs: &[Doc], cost: CostMeasure, is: &mut Issues) {
    if cost == CostMeasure::Price {
        // Only designs that a fleet uses are priced: a shared catalogue may hold others (e.g.
        // a shooting-range hulk).
        let fielded: HashSet<&str> = docs
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
}

/// One `[[design]]` entry; `None` when it has a problem (each is reported).
fn design(
    d: usize,
    at: &str,
    s: &DesignSpec,
    armory: &Armory,
    rules: &HouseRules,
    light_level: f64,
    is: &mut Issues,
) -> Option<ShipDesign> {
    let (weapons, guided) = (&armory.weapons, &armory.guided);
    let before = is.len();
    let volume = is.real_or_lo(d, &s.volume, &format!("{at}.volume"), 1.0, 1e9);
    let price = s
        .price
        .as_ref()
        .map(|p| is.real_or_lo(d, p, &format!("{at}.price"), 0.0, 1e12));
    let signature = s
        .signature
        .as_ref()
        .map(|v| is.real_or_lo(d, v, &format!("{at}.signature"), 0.0, 1e9));
    let armor = is.real_or_lo(d, &s.armor, &format!("{at}.armor"), 0.0, 1e9);
    let protection = is.real_or_lo(d, &s.protection, &format!("{at}.protection"), 0.0, 1e9);
    let integrity = is.real_or_lo(d, &s.integrity, &format!("{at}.integrity"), 1.0, 1e9);
    let opt = |is: &mut Issues, v: &Option<Spanned<f64>>, f: &str| {
        v.as_ref()
            .map_or(0.0, |v| is.real_or_lo(d, v, &format!("{at}.{f}"), 0.0, 1e6))
    };
    let sensors = opt(is, &s.sensors, "sensors");
    let ecm = opt(is, &s.ecm, "ecm");
    let uplink_volume = opt(is, &s.uplink_volume, "uplink_volume");
    let vls_volume = opt(is, &s.vls_volume, "vls_volume");
    let energy = parts::EnergyTerms {
        rules,
        light_level,
        volume,
    };
    let (plants, drives, tanks) = parts::plants_drives_tanks(d, at, s, &energy, is);
    let jump = s
        .jump
        .as_ref()
        .map(|j| parts::jump(d, at, j.get_ref(), volume, rules, is));
    let command = parts::command(d, at, &s.command, is);
    let crew = is.int_or_lo(d, &s.crew, &format!("{at}.crew"), 0, 1_000_000) as u32;
    let kind_count = |is: &mut Issues, v: &Option<Spanned<i64>>, f: &str| {
        v.as_ref().map_or(0, |v| {
            is.int_or_lo(d, v, &format!("{at}.{f}"), 0, i64::from(crew)) as u32
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
            .map_or(1.0, |v| is.real_or_lo(d, v, &format!("{at}.{f}"), 0.0, 1e6))
    };
    let sensors_volume = part_volume(is, &s.sensors_volume, "sensors_volume");
    let ecm_volume = part_volume(is, &s.ecm_volume, "ecm_volume");
    let crew_kind = parts::crew_kind(s.crew_kind);
    let morale =
        s.morale
            .as_ref()
            .map_or(0, |m| is.int_or_lo(d, m, &format!("{at}.morale"), -12, 12)) as i32;
    let mut mounts = Vec::new();
    for (k, w) in s.weapons.iter().enumerate() {
        let ws = w.get_ref();
        let count = ws.count.as_ref().map_or(1, |c| {
            is.int_or_lo(
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
        let count = is.int_or_lo(
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
    let catapult = s
        .catapult
        .as_ref()
        .map(|c| parts::catapult(d, at, c.get_ref(), is));
    if !magazine.is_empty() && vls_volume <= 0.0 && catapult.is_none() {
        let span = s.magazine[0].span();
        is.push(d, span, format!("{at}.magazine"), "guided weapons need a launcher: give `vls_volume` or a `catapult = { rating = .., rate_of_fire = .. }`");
    }
    let crit_weights = parts::crit_weights(d, at, &s.crit_weights, is);
    if is.len() > before {
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
