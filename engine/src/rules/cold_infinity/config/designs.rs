//! `[[design]]`: SDS-like ships (D1, §16.3) — Mass, silhouettes, thrust costs, sections with
//! armor and hull, and each section's systems with their structure; a system's hit class
//! follows from its kind (D19 item 1). Weapon mounts name a `[[weapon]]` line and give their
//! arc. Systems the battle does not play yet are refused with the section that has their rules.
//! A design's construction points are computed from it ([`super::construction`]).

use std::collections::{HashMap, HashSet};

use serde::Deserialize;
use serde_spanned::Spanned;

use super::super::arcs::{ArcShape, FiringArc};
use super::super::construction::Readings;
use super::super::design::{
    ArmorKind, DesignError, SectionDesign, SectionPos, ShipDesign, SystemDesign, SystemKind,
    TechSet, ThrusterRole,
};
use super::super::geometry::ArcCentre;
use super::super::guided::defences::DefenceMount;
use super::super::guided::mount::RackMount;
use super::super::matchup::{BattleDesign, DesignCost, MAX_WEAPONS, Mount};
use super::super::policy::{keep_range, main_weapon};
use super::Doc;
use super::issues::{Issues, register};
use super::weapons::WeaponTable;

/// Thrust costs per unit (§5.1; SSB2 is lost, so they are design data).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CostsSpec {
    /// Per hex of acceleration.
    pub accel: Spanned<i64>,
    /// Per facing of pivot rate.
    pub pivot: Spanned<i64>,
    /// Per 90° of roll or tumble.
    pub roll: Spanned<i64>,
    /// Per hex of slide.
    pub slide: Spanned<i64>,
}

/// A weapon's firing arc (§7.1.4): a shape and a centre — a facing 1..=6 (1 = the nose) or a
/// vertex 1..=6 (between facing n and n + 1).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArcSpec {
    /// fixed, narrow, standard, wide, turret.
    pub shape: Spanned<String>,
    /// Centre on a facing.
    #[serde(default)]
    pub facing: Option<Spanned<i64>>,
    /// Centre on a vertex.
    #[serde(default)]
    pub vertex: Option<Spanned<i64>>,
    /// A keel turret.
    #[serde(default)]
    pub keel: bool,
}

/// One system of a section.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SystemSpec {
    /// weapon, thruster, engine, reactor, capacitor, battery, sensors, bridge, cargo,
    /// trans-light, other.
    pub kind: Spanned<String>,
    /// Structure points (1..=200).
    pub structure: Spanned<i64>,
    /// Weapon: the `[[weapon]]` line it mounts.
    #[serde(default)]
    pub weapon: Option<Spanned<String>>,
    /// Weapon: its arc.
    #[serde(default)]
    pub arc: Option<Spanned<ArcSpec>>,
    /// Thruster: fore, aft, port, starboard, fore-port, fore-starboard, aft-port,
    /// aft-starboard, omni.
    #[serde(default)]
    pub role: Option<Spanned<String>>,
    /// Engine: power per extra thrust point (the second number of its Rating).
    #[serde(default)]
    pub enrich_cost: Option<Spanned<i64>>,
    /// Sensors: power per boosted EW point.
    #[serde(default)]
    pub boost_cost: Option<Spanned<i64>>,
    /// Sensors: power requirement.
    #[serde(default)]
    pub power: Option<Spanned<i64>>,
    /// Bridge: technology level.
    #[serde(default)]
    pub tl: Option<Spanned<i64>>,
    /// **Design data**: the system's CP from its lost sheet (§16.4; `config::construction`
    /// says which kinds need it and what it covers). Not for weapons.
    #[serde(default)]
    pub cp: Option<Spanned<i64>>,
    /// Shield: arc or encapsulating (§11.2.4, §11.2.6; point defense, §11.2.5, is refused).
    #[serde(default)]
    pub coverage: Option<Spanned<String>>,
    /// Shield: electromagnetic or gravitic (§16.4.2, §17.5.1).
    #[serde(default)]
    pub tech: Option<Spanned<String>>,
    /// Shield: deflection Rating (§11.2.1; 0..=20).
    #[serde(default)]
    pub deflection: Option<Spanned<i64>>,
    /// Shield: absorption Rating (§11.2.2; a buffering shield's full strength; 0..=50).
    #[serde(default)]
    pub absorption: Option<Spanned<i64>>,
    /// Shield: buffering (§11.2.2.1).
    #[serde(default)]
    pub buffering: Option<Spanned<bool>>,
    /// Shield: works at half Rating under partial power (§11.2).
    #[serde(default)]
    pub partial_power: Option<Spanned<bool>>,
    /// Shield: the layering enhancement (§11.2.7).
    #[serde(default)]
    pub layering: Option<Spanned<bool>>,
    /// Shield: can be over-loaded (§11.2.8).
    #[serde(default)]
    pub overload: Option<Spanned<bool>>,
    /// Missile rack: missiles it holds (§17.2.1).
    #[serde(default)]
    pub magazine: Option<Spanned<i64>>,
    /// Missile rack: rate of fire `X+Y` (base 1+4, §17.2.1).
    #[serde(default)]
    pub rof: Option<Spanned<String>>,
    /// Missile rack: accuracy bonus, unsigned (`"+3"`, §17.2.1).
    #[serde(default)]
    pub accuracy: Option<Spanned<String>>,
    /// Missile rack: range boost in hexes (§17.2.1).
    #[serde(default)]
    pub range_boost: Option<Spanned<i64>>,
    /// Missile rack: its load in loaded order (`config::guided`).
    #[serde(default)]
    pub load: Vec<Spanned<super::guided::LoadSpec>>,
    /// Chaff or flares: the Rating, the DRM penalty (`config::defences`).
    #[serde(default)]
    pub rating: Option<Spanned<i64>>,
    /// Capacitor: recharge per turn, the Y of "X/Y" (§3.1.2; X is 2 × its structure, §13.1.4).
    #[serde(default)]
    pub recharge: Option<Spanned<i64>>,
    /// Battery: convert Rating, the k of "C/k" (§3.1.3; 1..=10, §16.4.10; C is its structure).
    #[serde(default)]
    pub convert: Option<Spanned<i64>>,
}

/// One section.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SectionSpec {
    /// single, fore, aft, port, starboard, outer-1 … outer-6, core (outer sections first, the
    /// core last).
    pub pos: Spanned<String>,
    /// Armor value (0..=30).
    pub armor: Spanned<i64>,
    /// standard (default) or ablative.
    #[serde(default)]
    pub armor_kind: Option<Spanned<String>>,
    /// Hull structure (1..=500).
    pub hull: Spanned<i64>,
    /// Its systems.
    #[serde(default)]
    pub system: Vec<Spanned<SystemSpec>>,
    /// **Design data**: the CP of the section's armor (§16.4.3: on the lost sheet SSB6);
    /// needed when `armor` is above 0.
    #[serde(default)]
    pub armor_cp: Option<Spanned<i64>>,
}

/// `[[design]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DesignSpec {
    /// Unique name.
    pub name: Spanned<String>,
    /// Refused: a design's construction points are computed from it (§16–17,
    /// `config::construction`); kept only to say so.
    #[serde(default)]
    pub cp: Option<Spanned<i64>>,
    /// Mass (5.0..=50.0).
    pub mass: Spanned<f64>,
    /// Silhouette Ratings `[F/A, P/S]`.
    pub silhouette: Spanned<[i64; 2]>,
    /// Thrust costs.
    pub thrust_costs: Spanned<CostsSpec>,
    /// Sections, outer ones first, the core last.
    pub section: Vec<Spanned<SectionSpec>>,
}

/// The validated designs.
#[derive(Debug, Default)]
pub struct Designs {
    /// Designs, in definition order.
    pub list: Vec<BattleDesign>,
    /// Name → index.
    pub index: HashMap<String, usize>,
    /// Names of designs with problems (already reported).
    pub invalid: HashSet<String>,
}

const POSITIONS: [(&str, SectionPos); 13] = [
    ("single", SectionPos::Single),
    ("fore", SectionPos::Fore),
    ("aft", SectionPos::Aft),
    ("port", SectionPos::Port),
    ("starboard", SectionPos::Starboard),
    ("outer-1", SectionPos::Outer(1)),
    ("outer-2", SectionPos::Outer(2)),
    ("outer-3", SectionPos::Outer(3)),
    ("outer-4", SectionPos::Outer(4)),
    ("outer-5", SectionPos::Outer(5)),
    ("outer-6", SectionPos::Outer(6)),
    ("core", SectionPos::Core),
    ("centre", SectionPos::Core),
];

const ROLES: [(&str, ThrusterRole); 9] = [
    ("fore", ThrusterRole::Fore),
    ("aft", ThrusterRole::Aft),
    ("port", ThrusterRole::Port),
    ("starboard", ThrusterRole::Starboard),
    ("fore-port", ThrusterRole::ForePort),
    ("fore-starboard", ThrusterRole::ForeStarboard),
    ("aft-port", ThrusterRole::AftPort),
    ("aft-starboard", ThrusterRole::AftStarboard),
    ("omni", ThrusterRole::Omni),
];

pub(super) const SHAPES: [(&str, ArcShape); 5] = [
    ("fixed", ArcShape::Fixed),
    ("narrow", ArcShape::Narrow),
    ("standard", ArcShape::Standard),
    ("wide", ArcShape::Wide),
    ("turret", ArcShape::Turret),
];

/// Kinds the battle does not play yet, with where their rules are.
const NOT_YET: [(&str, &str); 5] = [
    (
        "torpedo",
        "torpedo systems (§9.2.2) are not played by the battle yet (missile racks are)",
    ),
    (
        "collector",
        "collector panels (§3.1.5) are not played by the battle yet",
    ),
    ("ess", "ESS (§4.7) is not played by the battle yet"),
    (
        "hangar",
        "hangars and small vessels (§12) are not played by the battle yet",
    ),
    (
        "reload-rack",
        "reload racks (§9.2.4) are not played by the battle yet",
    ),
];

const KINDS: &str = "weapon, missile-rack, amrs, chaff, flares, shield, thruster, engine, \
                     reactor, capacitor, battery, sensors, bridge, cargo, trans-light, other";

/// Every document's designs.
pub(super) fn designs(
    docs: &[Doc],
    table: &WeaponTable,
    rules: &Readings,
    is: &mut Issues,
) -> Designs {
    let mut out = Designs::default();
    let mut names = HashMap::new();
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in doc.design.iter().enumerate() {
            let ds = spec.get_ref();
            if !register(
                &mut names,
                &ds.name,
                k,
                d,
                format!("design[{k}].name"),
                "design",
                is,
            ) {
                continue;
            }
            let before = is.len();
            let at = format!("design[{k}] ({})", ds.name.get_ref());
            let built = design(d, spec, &at, table, is).filter(|_| is.len() == before);
            // Costed only once the design is valid: each problem is reported once.
            let costed = built.and_then(|mut b| {
                b.cost = super::construction::cost(d, spec, &at, table, rules, is)?;
                b.design.cp = b.cost.cp;
                Some(b)
            });
            match costed {
                Some(b) if is.len() == before => {
                    out.index.insert(ds.name.get_ref().clone(), out.list.len());
                    out.list.push(b);
                }
                _ => {
                    out.invalid.insert(ds.name.get_ref().clone());
                }
            }
        }
    }
    out
}

pub(super) fn int(
    is: &mut Issues,
    d: usize,
    v: &Spanned<i64>,
    field: String,
    lo: i64,
    hi: i64,
) -> i64 {
    is.int_or_lo(d, v, &field, lo, hi)
}

fn design(
    d: usize,
    spec: &Spanned<DesignSpec>,
    at: &str,
    table: &WeaponTable,
    is: &mut Issues,
) -> Option<BattleDesign> {
    let ds = spec.get_ref();
    let mass = is.real_or_lo(d, &ds.mass, &format!("{at}.mass"), 5.0, 50.0);
    let mass_tenths = (mass * 10.0).round() as u16;
    let [fa, ps] = *ds.silhouette.get_ref();
    let sil = |is: &mut Issues, v: i64, what: &str| {
        if (0..=20).contains(&v) {
            v as u8
        } else {
            is.push(
                d,
                ds.silhouette.span(),
                format!("{at}.silhouette"),
                format!("{what} silhouette {v} is out of range: allowed 0..=20"),
            );
            0
        }
    };
    let (sil_fa, sil_ps) = (sil(is, fa, "F/A"), sil(is, ps, "P/S"));
    let c = ds.thrust_costs.get_ref();
    let cost = |is: &mut Issues, v: &Spanned<i64>, f: &str| {
        int(is, d, v, format!("{at}.thrust_costs.{f}"), 1, 20) as u8
    };
    let (cost_accel, cost_pivot, cost_roll, cost_slide) = (
        cost(is, &c.accel, "accel"),
        cost(is, &c.pivot, "pivot"),
        cost(is, &c.roll, "roll"),
        cost(is, &c.slide, "slide"),
    );
    let mut sections = Vec::new();
    let mut systems = Vec::new();
    let mut mounts = Vec::new();
    let mut mount_names = Vec::new();
    let mut racks = Vec::new();
    let mut defences = Vec::new();
    // The first reactor, capacitor and battery: where each is, for §3.1.2–3's checks.
    let mut plants: [Option<(String, std::ops::Range<usize>)>; 3] = [None, None, None];
    for (s, sec) in ds.section.iter().enumerate() {
        let ss = sec.get_ref();
        let sat = format!("{at}.section[{s}]");
        let pos = is
            .choice(d, &Some(ss.pos.clone()), &format!("{sat}.pos"), &POSITIONS)
            .unwrap_or(SectionPos::Core);
        let armor = int(is, d, &ss.armor, format!("{sat}.armor"), 0, 30) as u8;
        let armor_kind = is
            .choice(
                d,
                &ss.armor_kind,
                &format!("{sat}.armor_kind"),
                &[
                    ("standard", ArmorKind::Standard),
                    ("ablative", ArmorKind::Ablative),
                ],
            )
            .unwrap_or_default();
        let hull = int(is, d, &ss.hull, format!("{sat}.hull"), 1, 500) as u16;
        let first = systems.len() as u16;
        for (y, sys) in ss.system.iter().enumerate() {
            let yat = format!("{sat}.system[{y}]");
            let mounted = mounts.len();
            let place = (pos, ds.section.len() as u8);
            let (at_mounts, index) = ((&mut mounts, &mut racks, &mut defences), systems.len());
            if let Some(kind) = system_kind(d, sys, &yat, table, is, at_mounts, index, place) {
                let slot = match kind {
                    SystemKind::Reactor => Some(&mut plants[0]),
                    SystemKind::Capacitor { .. } => Some(&mut plants[1]),
                    SystemKind::Battery { .. } => Some(&mut plants[2]),
                    _ => None,
                };
                if let Some(slot) = slot {
                    slot.get_or_insert((yat.clone(), sys.span()));
                }
                if mounts.len() > mounted {
                    let name = sys.get_ref().weapon.as_ref().map(|w| w.get_ref().clone());
                    mount_names.push(name.unwrap_or_default());
                }
                let structure = int(
                    is,
                    d,
                    &sys.get_ref().structure,
                    format!("{yat}.structure"),
                    1,
                    200,
                );
                systems.push(SystemDesign {
                    kind,
                    structure: structure as u16,
                });
            }
        }
        sections.push(SectionDesign {
            pos,
            armor,
            armor_kind,
            hull,
            systems: first..systems.len() as u16,
        });
    }
    plant_mix(d, &plants, is);
    if mounts.len() > MAX_WEAPONS {
        is.push(
            d,
            spec.span(),
            format!("{at}.section"),
            format!(
                "{} direct-fire weapons; a design has at most {MAX_WEAPONS}",
                mounts.len()
            ),
        );
    }
    if mounts.len() <= MAX_WEAPONS && mounts.len() + racks.len() > MAX_WEAPONS {
        is.push(
            d,
            spec.span(),
            format!("{at}.section"),
            format!(
                "{} direct-fire weapons and {} missile racks; a design has at most \
                 {MAX_WEAPONS} weapon lines (damage by weapon)",
                mounts.len(),
                racks.len()
            ),
        );
    }
    let design = ShipDesign {
        name: ds.name.get_ref().clone(),
        cp: 0,
        mass_tenths,
        sil_fa,
        sil_ps,
        cost_accel,
        cost_pivot,
        cost_roll,
        cost_slide,
        ramming: 0,
        armor_specializations: TechSet::NONE,
        sections,
        systems,
    };
    if let Err(e) = design.validate() {
        let msg = match e {
            DesignError::SectionCount { given, expected: 0 } => format!(
                "{given} sections, but Mass {mass} is outside the starship bands of §16.3 (5..=50)"
            ),
            DesignError::SectionCount { given, expected } => format!(
                "{given} sections; §16.3 asks for {expected} at Mass {mass} (1 section: Mass 5–9.9, 3: 10–19.9, 5: 20–39.9, 7: 40–50)"
            ),
            DesignError::NoHull(s) => {
                format!("section {s} has no hull structure (§16.4.9: at least 1)")
            }
            DesignError::SystemRanges => "the systems do not tile the sections".into(),
            DesignError::NoCore => {
                "the last section must be the core (or the single section of a 1-section ship)"
                    .into()
            }
        };
        is.push(d, spec.span(), format!("{at}.section"), msg);
        return None;
    }
    let (racks, rack_missiles) = racks.into_iter().unzip();
    let keep = keep_range(&mounts);
    let main = main_weapon(&mounts);
    Some(BattleDesign {
        design,
        mounts,
        mount_names,
        keep,
        main,
        cost: DesignCost::default(),
        racks,
        rack_missiles,
        defences,
    })
}

/// What a design's systems fit, collected in SDS order: weapon mounts, missile racks (with
/// their missiles' names), specialized defences.
type Fitted<'a> = (
    &'a mut Vec<Mount>,
    &'a mut Vec<(RackMount, Vec<String>)>,
    &'a mut Vec<DefenceMount>,
);
/// The power plants a unit may combine (§3.1.2: "Capacitors and reactors cannot be installed
/// together on one unit"; §3.1.3: "Batteries may only be installed on units that already have
/// self-charging power plants"), given where the first reactor, capacitor and battery are.
fn plant_mix(d: usize, plants: &[Option<(String, std::ops::Range<usize>)>; 3], is: &mut Issues) {
    let [reactor, capacitor, battery] = plants;
    if let (Some((r, _)), Some((at, span))) = (reactor, capacitor) {
        is.push(
            d,
            span.clone(),
            format!("{at}.kind"),
            format!(
                "a capacitor and a reactor ({r}) cannot be installed together on one unit \
                 (§3.1.2): keep one kind of plant"
            ),
        );
    }
    if let (None, None, Some((at, span))) = (reactor, capacitor, battery) {
        is.push(
            d,
            span.clone(),
            format!("{at}.kind"),
            "a battery needs a self-charging power plant on the unit, a reactor or a capacitor \
             (§3.1.3)",
        );
    }
}

#[allow(clippy::too_many_arguments)]
fn system_kind(
    d: usize,
    sys: &Spanned<SystemSpec>,
    at: &str,
    table: &WeaponTable,
    is: &mut Issues,
    (mounts, racks, defences): Fitted<'_>,
    index: usize,
    place: (SectionPos, u8),
) -> Option<SystemKind> {
    let y = sys.get_ref();
    let kind = y.kind.get_ref().as_str();
    let small =
        |is: &mut Issues, v: &Option<Spanned<i64>>, f: &str, lo: i64, hi: i64, dflt: i64| {
            v.as_ref()
                .map_or(dflt, |v| int(is, d, v, format!("{at}.{f}"), lo, hi)) as u8
        };
    Some(match kind {
        "weapon" => {
            let Some(name) = &y.weapon else {
                is.push(
                    d,
                    sys.span(),
                    format!("{at}.weapon"),
                    "a weapon system names its `[[weapon]]` line: weapon = \"...\"",
                );
                return None;
            };
            let Some(&w) = table.index.get(name.get_ref()) else {
                if !table.invalid.contains(name.get_ref()) {
                    is.push(
                        d,
                        name.span(),
                        format!("{at}.weapon"),
                        super::issues::unknown(
                            "weapon",
                            "[[weapon]]",
                            name.get_ref(),
                            &table.index,
                        ),
                    );
                }
                return None;
            };
            let weapon = table.list[w];
            let arc = arc(d, y.arc.as_ref(), sys, at, is)?;
            mounts.push(Mount {
                sys: index as u16,
                weapon,
                arc,
            });
            SystemKind::Weapon(weapon)
        }
        "thruster" => {
            let role = is.choice(d, &y.role, &format!("{at}.role"), &ROLES);
            if y.role.is_none() {
                is.push(d, sys.span(), format!("{at}.role"), "a thruster gives its role: fore, aft, port, starboard, fore-port, fore-starboard, aft-port, aft-starboard or omni");
            }
            SystemKind::Thruster(role?)
        }
        "engine" => SystemKind::Engine {
            enrich_cost: small(is, &y.enrich_cost, "enrich_cost", 1, 20, 2),
        },
        "reactor" => SystemKind::Reactor,
        "capacitor" => {
            let Some(v) = &y.recharge else {
                is.push(d, sys.span(), format!("{at}.recharge"), "a capacitor gives its recharge per turn (§3.1.2, the Y of X/Y; X is twice its structure, §13.1.4): recharge = N");
                return None;
            };
            SystemKind::Capacitor {
                recharge: int(is, d, v, format!("{at}.recharge"), 1, 100) as u8,
            }
        }
        "battery" => {
            let Some(v) = &y.convert else {
                is.push(d, sys.span(), format!("{at}.convert"), "a battery gives its convert Rating (§3.1.3, the k of C/k; C is its structure): convert = 1..=10");
                return None;
            };
            SystemKind::Battery {
                convert: int(is, d, v, format!("{at}.convert"), 1, 10) as u8,
            }
        }
        "missile-rack" => {
            let arc = arc(d, y.arc.as_ref(), sys, at, is);
            let magazine = super::guided::rack(d, sys, at, &table.missiles, is, index, arc, racks)?;
            SystemKind::MissileRack { magazine }
        }
        "amrs" | "chaff" | "flares" => {
            let arc = match kind {
                "amrs" => Some(arc(d, y.arc.as_ref(), sys, at, is)?),
                _ => None,
            };
            super::defences::defence(d, sys, at, kind, arc, is, index, defences)?;
            SystemKind::Other
        }
        "shield" => SystemKind::Shield(super::shields::shield(d, sys, at, is, place)?),
        "sensors" => SystemKind::Sensors {
            boost_cost: small(is, &y.boost_cost, "boost_cost", 1, 20, 4),
            power: small(is, &y.power, "power", 0, 50, 0),
        },
        "bridge" => SystemKind::Bridge {
            tl: small(is, &y.tl, "tl", 0, 10, 1),
            flag: false,
        },
        "cargo" => SystemKind::CargoHangar,
        "trans-light" => SystemKind::TransLight,
        "other" => SystemKind::Other,
        _ => {
            let msg = match NOT_YET.iter().find(|(k, _)| *k == kind) {
                Some((_, why)) => format!("`{kind}`: {why}; allowed now: {KINDS}"),
                None => format!("unknown system kind `{kind}`; allowed: {KINDS}"),
            };
            is.push(d, y.kind.span(), format!("{at}.kind"), msg);
            return None;
        }
    })
}

fn arc(
    d: usize,
    spec: Option<&Spanned<ArcSpec>>,
    sys: &Spanned<SystemSpec>,
    at: &str,
    is: &mut Issues,
) -> Option<FiringArc> {
    let Some(spec) = spec else {
        is.push(
            d,
            sys.span(),
            format!("{at}.arc"),
            "a weapon gives its arc: arc = { shape = \"standard\", facing = 1 }",
        );
        return None;
    };
    let a = spec.get_ref();
    let shape = is.choice(
        d,
        &Some(a.shape.clone()),
        &format!("{at}.arc.shape"),
        &SHAPES,
    )?;
    let centre = match (&a.facing, &a.vertex) {
        (Some(f), None) => {
            ArcCentre::facing(int(is, d, f, format!("{at}.arc.facing"), 1, 6) as i32)
        }
        (None, Some(v)) => {
            ArcCentre::vertex(int(is, d, v, format!("{at}.arc.vertex"), 1, 6) as i32)
        }
        _ => {
            is.push(d, spec.span(), format!("{at}.arc"), "give exactly one of `facing` (1..=6) or `vertex` (1..=6, between facing n and n + 1)");
            return None;
        }
    };
    Some(FiringArc {
        centre,
        shape,
        keel: a.keel,
    })
}
