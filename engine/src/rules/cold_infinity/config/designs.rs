//! `[[design]]`: SDS-like ships (D1, §16.3) — Mass, silhouettes, thrust costs, sections with
//! armor and hull, and each section's systems with their structure; a system's hit class
//! follows from its kind (D19 item 1), read by [`super::systems`] (weapon mounts and their arcs,
//! plants, racks, defences, shields, and the kinds the battle does not play yet). A design's
//! construction points are computed from it ([`super::construction`]).

use std::collections::{HashMap, HashSet};

use serde::Deserialize;
use serde_spanned::Spanned;

use super::super::construction::Readings;
use super::super::design::{
    ArmorKind, DesignError, SectionDesign, SectionPos, ShipDesign, SystemDesign, SystemKind,
    TechSet,
};
use super::super::matchup::{BattleDesign, DesignCost, MAX_WEAPONS};
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
    /// Sensors (and torpedo): power requirement.
    #[serde(default)]
    pub power: Option<Spanned<i64>>,
    /// Bridge: technology level.
    #[serde(default)]
    pub tl: Option<Spanned<i64>>,
    /// **Design data**: the system's CP from its lost sheet (§16.4; `config::construction`
    /// says which kinds need it and what it covers). Not for weapons.
    #[serde(default)]
    pub cp: Option<Spanned<i64>>,
    /// Shield: arc, encapsulating (§11.2.4, §11.2.6), point-stationary or point-roaming
    /// (§11.2.5).
    #[serde(default)]
    pub coverage: Option<Spanned<String>>,
    /// Stationary point-defense shield: the system it is assigned to, `[section, system]`
    /// (indices as in `design[k].section[s].system[y]`; core systems too, §11.2.5).
    #[serde(default)]
    pub guards: Option<Spanned<[i64; 2]>>,
    /// Roaming point-defense shield: its speed Rating (§11.2.5: it reaches the struck system
    /// when the defender's 3d6 is at most this; 3..=18).
    #[serde(default)]
    pub speed: Option<Spanned<i64>>,
    /// Shield: electromagnetic or gravitic (§16.4.2, §17.5.1); torpedo: radiation (default),
    /// electromagnetic, plasma or gravitic (§17.2.2).
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
    /// Torpedo: its one damage schedule in SDS notation (§17.2.2).
    #[serde(default)]
    pub damage: Option<Spanned<String>>,
    /// Torpedo: launch range = maximum range in hexes (§17.2.2).
    #[serde(default)]
    pub launch_range: Option<Spanned<i64>>,
    /// Reload rack: loading or unloading operations per turn (§9.2.4, §17.2.3).
    #[serde(default)]
    pub operations: Option<Spanned<i64>>,
    /// Missile rack: missiles it holds (§17.2.1).
    #[serde(default)]
    pub magazine: Option<Spanned<i64>>,
    /// Missile rack (and torpedo): rate of fire `X+Y` (base 1+4, §17.2.1–2).
    #[serde(default)]
    pub rof: Option<Spanned<String>>,
    /// Missile rack: accuracy bonus, unsigned (`"+3"`, §17.2.1); torpedo: signed allowed.
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
    /// A system battery attached to this system (§3.1.4; a direct-fire weapon in the battle).
    #[serde(default)]
    pub system_battery: Option<Spanned<SystemBatterySpec>>,
}

/// A system battery "C/k" (§3.1.4), written on the system it powers.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SystemBatterySpec {
    /// Capacity C (1..=200; the text's examples hold 5 and 50).
    pub capacity: Spanned<i64>,
    /// Convert Rating k (1..=10, §16.4.10: from 10, −1 per 4 CP).
    pub convert: Spanned<i64>,
    /// **Design data**: the CP of its capacity (§16.4.10: "the starting power plant has a
    /// maximum capacity of zero"; the capacity schedule is on the lost sheet SSB9). Its convert
    /// Rating below 10 costs 4 CP a point on top (§16.4.10), computed.
    pub cp: Spanned<i64>,
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
    let mut reloads = Vec::new();
    let mut batteries = Vec::new();
    // The first reactor, capacitor and battery: where each is, for §3.1.2–3's checks.
    let mut plants: [Option<(String, std::ops::Range<usize>)>; 3] = [None, None, None];
    // The first system battery: where it is, for §3.1.3's check (§3.1.4: a small battery).
    let mut sb_at: Option<(String, std::ops::Range<usize>)> = None;
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
            let (at_mounts, index) = (
                (&mut mounts, &mut racks, &mut defences, &mut reloads),
                systems.len(),
            );
            if let Some(kind) =
                super::systems::system_kind(d, sys, &yat, table, is, at_mounts, index, place)
            {
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
                if let Some(b) = &sys.get_ref().system_battery {
                    let fitted = (mounts.len() > mounted).then(|| mounts.len() - 1);
                    if let Some(b) =
                        super::systems::system_battery(d, b, &yat, &kind, (index, fitted), is)
                    {
                        if batteries.is_empty() {
                            sb_at = Some((yat.clone(), sys.span()));
                        }
                        batteries.push(b);
                    }
                }
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
    super::systems::plant_mix(d, &plants, is);
    super::systems::system_battery_plant(d, &plants, sb_at, is);
    super::shields::assign_guards(d, ds, at, &sections, &mut systems, is);
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
        reloads,
        batteries,
    })
}
