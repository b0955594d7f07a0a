//! Guided weapons in the config (§9, §17.2): `[[missile]]` lines — a missile type as a rack's
//! sheet lists it (technology, damage, launch range, max-range multiplier) — and the
//! `[[design]]` system `kind = "missile-rack"` with its magazine, RoF, accuracy, range boost,
//! arc and load (which missile types, how many, in loaded order, §17.2.1). Construction points
//! from `construction::guided` (§17.2.1): the rack's and the missile schedules' CP are **design
//! data** (SSB24 is lost). Drones (§9.2.3) and torpedo systems (§9.2.2) are refused with the
//! section that has their rules.

use std::collections::{HashMap, HashSet};

use serde::Deserialize;
use serde_spanned::Spanned;

use super::super::arcs::ArcShape;
use super::super::construction::guided::MissileTypeBuild;
use super::super::construction::sheet::Item;
use super::super::design::Tech;
use super::super::guided::magazine::Magazine;
use super::super::guided::mount::{MAX_RACKS, MAX_TYPES, RackMount};
use super::super::guided::types::{Munition, RackDesign};
use super::Doc;
use super::designs::{SystemSpec, int};
use super::issues::{Issues, register, unknown};
use super::notation;
use super::systems::SHAPES;

/// Technologies a missile's damage may have (§17.2.1: Matter, or shifted to EM, Radiation or
/// Plasma).
const MISSILE_TECHS: [(&str, Tech); 4] = [
    ("matter", Tech::Matter),
    ("electromagnetic", Tech::Electromagnetic),
    ("radiation", Tech::Radiation),
    ("plasma", Tech::Plasma),
];

/// `[[missile]]`: one missile type (§9.2.1, §17.2.1).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissileSpec {
    /// Unique name (a rack's `load` names it).
    pub name: Spanned<String>,
    /// matter (default), electromagnetic, radiation, plasma (the +30% technology shift).
    #[serde(default)]
    pub tech: Option<Spanned<String>>,
    /// Damage Rating in SDS notation ("2d6", "1d6+4").
    pub damage: Spanned<String>,
    /// Launch range in hexes (1..=60, §9.0).
    pub launch_range: Spanned<i64>,
    /// Max range = launch range × this (1..=5, §9.0; default 1).
    #[serde(default)]
    pub max_multiplier: Option<Spanned<i64>>,
    /// **Design data**: the CP of its damage, launch-range and max-range schedules (SSB24 is
    /// lost); 5 CP per 20 missiles and the shift are computed (§17.2.1).
    pub schedules_cp: Spanned<i64>,
    /// Refused: drones (§9.2.3) are not played yet.
    #[serde(default)]
    pub drone_speed: Option<Spanned<i64>>,
}

/// One entry of a rack's load: `count` missiles of the named type, in loaded order.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoadSpec {
    /// A `[[missile]]` name.
    pub missile: Spanned<String>,
    /// How many (1..=magazine).
    pub count: Spanned<i64>,
}

/// The missile types of every document.
#[derive(Debug, Default)]
pub struct MissileTable {
    /// Types, in definition order.
    pub list: Vec<Munition>,
    /// Their construction data (§17.2.1), in `list` order.
    pub builds: Vec<MissileTypeBuild>,
    /// Name → index.
    pub index: HashMap<String, usize>,
    /// Names with problems (already reported).
    pub invalid: HashSet<String>,
}

/// Every document's `[[missile]]` lines.
pub(super) fn missile_table(docs: &[Doc], is: &mut Issues) -> MissileTable {
    let mut t = MissileTable::default();
    let mut names = HashMap::new();
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in doc.missile.iter().enumerate() {
            let m = spec.get_ref();
            if !register(
                &mut names,
                &m.name,
                k,
                d,
                format!("missile[{k}].name"),
                "missile",
                is,
            ) {
                continue;
            }
            let at = format!("missile[{k}] ({})", m.name.get_ref());
            let before = is.len();
            let built = missile(d, m, &at, is);
            match built {
                Some((munition, build)) if is.len() == before => {
                    t.index.insert(m.name.get_ref().clone(), t.list.len());
                    t.list.push(munition);
                    t.builds.push(build);
                }
                _ => {
                    t.invalid.insert(m.name.get_ref().clone());
                }
            }
        }
    }
    t
}

fn missile(
    d: usize,
    m: &MissileSpec,
    at: &str,
    is: &mut Issues,
) -> Option<(Munition, MissileTypeBuild)> {
    if let Some(v) = &m.drone_speed {
        is.push(
            d,
            v.span(),
            format!("{at}.drone_speed"),
            "drones (§9.2.3) are not played by the battle yet: remove `drone_speed` (a missile \
             flies from its launch hex and strikes in the same turn, §9.1)",
        );
    }
    let tech = match &m.tech {
        None => Tech::Matter,
        Some(_) => is.choice(d, &m.tech, &format!("{at}.tech"), &MISSILE_TECHS)?,
    };
    let damage = match notation::dice(m.damage.get_ref()) {
        Ok(x) => x,
        Err(msg) => {
            is.push(d, m.damage.span(), format!("{at}.damage"), msg);
            return None;
        }
    };
    let launch = int(is, d, &m.launch_range, format!("{at}.launch_range"), 1, 60) as u8;
    let mult = m
        .max_multiplier
        .as_ref()
        .map_or(1, |v| int(is, d, v, format!("{at}.max_multiplier"), 1, 5)) as u8;
    let schedules_cp = is.int_or_lo(
        d,
        &m.schedules_cp,
        &format!("{at}.schedules_cp"),
        0,
        100_000,
    ) as u32;
    let mut munition = Munition::missile(damage, launch, mult);
    munition.tech = tech;
    Some((
        munition,
        MissileTypeBuild {
            tech,
            schedules_cp,
            enhancement_pct: 0,
            drone_reduction_pct: 0,
        },
    ))
}

/// A rack's magazine (4..=200) and the structure it implies, ⌈magazine/4⌉ (§17.2.1 for missile
/// racks, §17.2.3 for reload racks): `what` names the rack in the messages, `section` cites it.
/// `None` (with a located error) without a magazine; a wrong structure is an error too, the
/// magazine still returned so the rest of the system is checked.
pub(super) fn magazine_of(
    d: usize,
    sys: &Spanned<SystemSpec>,
    at: &str,
    is: &mut Issues,
    (what, section): (&str, &str),
) -> Option<u16> {
    let y = sys.get_ref();
    let before = is.len();
    let Some(mag) = &y.magazine else {
        is.push(
            d,
            sys.span(),
            format!("{at}.magazine"),
            format!(
                "{what} gives its magazine: magazine = N (4..=200; structure = ⌈N/4⌉, {section})"
            ),
        );
        return None;
    };
    let magazine = int(is, d, mag, format!("{at}.magazine"), 4, 200) as u16;
    let structure = *y.structure.get_ref();
    if structure != i64::from(magazine.div_ceil(4)) && is.len() == before {
        is.push(
            d,
            y.structure.span(),
            format!("{at}.structure"),
            format!(
                "{what} of magazine {magazine} has structure {} (⌈magazine/4⌉, {section}), \
                 not {structure}",
                magazine.div_ceil(4)
            ),
        );
    }
    Some(magazine)
}

/// A `kind = "missile-rack"` system (§9.2.1, §17.2.1): its magazine (structure ⌈magazine/4⌉),
/// RoF `X+Y`, unsigned accuracy, range boost, arc and load. Pushes the rack's mount (with its
/// missile names for the trace) and returns its magazine size.
#[allow(clippy::too_many_arguments)]
pub(super) fn rack(
    d: usize,
    sys: &Spanned<SystemSpec>,
    at: &str,
    missiles: &MissileTable,
    is: &mut Issues,
    index: usize,
    arc: Option<super::super::arcs::FiringArc>,
    racks: &mut Vec<(RackMount, Vec<String>)>,
) -> Option<u16> {
    let y = sys.get_ref();
    let before = is.len();
    let magazine = magazine_of(d, sys, at, is, ("a missile rack", "§17.2.1"))?;
    let rof = match &y.rof {
        None => notation::rate_of_fire("1+4").ok(),
        Some(v) => match notation::rate_of_fire(v.get_ref()) {
            Ok(r) if r.cooldown == 0 && r.shots >= 1 => Some(r),
            Ok(_) => {
                is.push(
                    d,
                    v.span(),
                    format!("{at}.rof"),
                    "a rack's rate of fire is X+Y with X ≥ 1 (§17.2.1; base 1+4)",
                );
                None
            }
            Err(msg) => {
                is.push(d, v.span(), format!("{at}.rof"), msg);
                None
            }
        },
    };
    let accuracy = match &y.accuracy {
        None => 0,
        Some(v) => match notation::accuracy(v.get_ref()) {
            Ok(a) if a.signs == 0 && a.value >= 0 => a.value,
            Ok(_) => {
                is.push(
                    d,
                    v.span(),
                    format!("{at}.accuracy"),
                    "racks may not have signed or negative accuracy (§17.2.1): give \"+N\"",
                );
                0
            }
            Err(msg) => {
                is.push(d, v.span(), format!("{at}.accuracy"), msg);
                0
            }
        },
    };
    let range_boost =
        y.range_boost
            .as_ref()
            .map_or(0, |v| int(is, d, v, format!("{at}.range_boost"), 0, 30)) as u8;
    let (types, names, load) = load_of(d, sys, at, missiles, magazine, is);
    if racks.len() >= MAX_RACKS {
        is.push(
            d,
            sys.span(),
            format!("{at}.kind"),
            format!("a design has at most {MAX_RACKS} missile racks"),
        );
    }
    let (Some(rof), Some(arc)) = (rof, arc) else {
        return None;
    };
    if is.len() != before {
        return None;
    }
    racks.push((
        RackMount {
            sys: index as u16,
            rack: RackDesign {
                magazine,
                shots: rof.shots,
                arming: rof.arming,
                accuracy,
                range_boost,
            },
            arc,
            types,
            type_count: names.len() as u8,
            load,
            torpedo: None,
        },
        names,
    ));
    Some(magazine)
}

/// A rack's or reload rack's `load` (§17.2.1, §9.2.4): its missile types (at most
/// `MAX_TYPES`), their names and the magazine in loaded order, each problem at its entry.
pub(super) fn load_of(
    d: usize,
    sys: &Spanned<SystemSpec>,
    at: &str,
    missiles: &MissileTable,
    magazine: u16,
    is: &mut Issues,
) -> ([Munition; MAX_TYPES], Vec<String>, Magazine) {
    let y = sys.get_ref();
    let mut types = [Munition::missile(Default::default(), 1, 1); MAX_TYPES];
    let mut names: Vec<String> = Vec::new();
    let mut load = Magazine::default();
    if y.load.is_empty() {
        is.push(
            d,
            sys.span(),
            format!("{at}.load"),
            "a missile rack gives its load in loaded order: load = [{ missile = \"...\", count = N }] \
             (§17.2.1: munitions are paid for separately)",
        );
    }
    for (l, entry) in y.load.iter().enumerate() {
        let e = entry.get_ref();
        let lat = format!("{at}.load[{l}]");
        let name = e.missile.get_ref();
        let Some(&k) = missiles.index.get(name) else {
            if !missiles.invalid.contains(name) {
                is.push(
                    d,
                    e.missile.span(),
                    format!("{lat}.missile"),
                    unknown("missile", "[[missile]]", name, &missiles.index),
                );
            }
            continue;
        };
        let count = int(is, d, &e.count, format!("{lat}.count"), 1, 200) as u16;
        let ty = match names.iter().position(|n| n == name) {
            Some(t) => t,
            None if names.len() < MAX_TYPES => {
                types[names.len()] = missiles.list[k];
                names.push(name.clone());
                names.len() - 1
            }
            None => {
                is.push(
                    d,
                    e.missile.span(),
                    format!("{lat}.missile"),
                    format!("a rack's load names at most {MAX_TYPES} missile types"),
                );
                continue;
            }
        };
        if let Err(e) = load.load(ty as u8, count, magazine) {
            is.push(
                d,
                entry.span(),
                format!("{lat}.count"),
                format!(
                    "the load does not fit the rack ({e:?}): at most {magazine} missiles in at \
                     most {} runs",
                    super::super::guided::magazine::MAX_RUNS
                ),
            );
        }
    }
    (types, names, load)
}

/// A rack's construction items (§17.2.1, §16.4.1): the rack with its arc (its `cp` is the
/// SSB24 schedules' CP, design data) and each load's missiles, paid for separately. Returns
/// the items and the design-data CP they rest on.
pub(super) fn rack_items(
    d: usize,
    sys: &Spanned<SystemSpec>,
    at: &str,
    missiles: &MissileTable,
    is: &mut Issues,
) -> Option<(Vec<Item>, u32)> {
    let y = sys.get_ref();
    let Some(v) = &y.cp else {
        is.push(
            d,
            sys.span(),
            format!("{at}.cp"),
            "a missile rack's CP is on a lost sheet (SSB24: its magazine, range boost, accuracy \
             and RoF schedules): give it as design data, cp = N (0..=100000)",
        );
        return None;
    };
    let cp = is.int_or_lo(d, v, &format!("{at}.cp"), 0, 100_000) as u32;
    let shape = y.arc.as_ref()?.get_ref().shape.get_ref();
    let arc: ArcShape = SHAPES.iter().find(|(n, _)| n == shape)?.1;
    let magazine = *y.magazine.as_ref()?.get_ref() as u16;
    let mut items = vec![Item::MissileRack {
        schedules_cp: cp,
        magazine,
        arc,
    }];
    let mut data = cp;
    for e in &y.load {
        let e = e.get_ref();
        let k = *missiles.index.get(e.missile.get_ref())?;
        let build = missiles.builds[k];
        data = data.saturating_add(build.schedules_cp);
        items.push(Item::Missiles {
            kind: build,
            count: *e.count.get_ref() as u16,
        });
    }
    Some((items, data))
}
