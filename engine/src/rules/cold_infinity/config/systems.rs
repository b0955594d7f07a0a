//! One `[[design]]` system (D1, §16.3): its kind and what the kind needs — a weapon mount's
//! `[[weapon]]` line and arc, a thruster's role, a capacitor's recharge and a battery's convert
//! Rating (§3.1.2–3) and which plants may share a unit, a rack's load, a specialized defence,
//! a shield. Kinds the battle does not play yet are refused with the section that has their
//! rules.

use serde_spanned::Spanned;

use super::super::arcs::{ArcShape, FiringArc};
use super::super::design::{SectionPos, SystemKind, ThrusterRole};
use super::super::geometry::ArcCentre;
use super::super::guided::defences::DefenceMount;
use super::super::guided::mount::{RackMount, ReloadMount};
use super::super::matchup::Mount;
use super::super::power::{PowerNeed, SystemBatteryDesign};
use super::designs::{ArcSpec, SystemSpec, int};
use super::issues::Issues;
use super::weapons::WeaponTable;

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

pub(crate) const SHAPES: [(&str, ArcShape); 5] = [
    ("fixed", ArcShape::Fixed),
    ("narrow", ArcShape::Narrow),
    ("standard", ArcShape::Standard),
    ("wide", ArcShape::Wide),
    ("turret", ArcShape::Turret),
];

/// Kinds the battle does not play yet, with where their rules are.
const NOT_YET: [(&str, &str); 3] = [
    (
        "collector",
        "collector panels (§3.1.5) are not played by the battle yet",
    ),
    ("ess", "ESS (§4.7) is not played by the battle yet"),
    (
        "hangar",
        "hangars and small vessels (§12) are not played by the battle yet",
    ),
];

const KINDS: &str = "weapon, missile-rack, torpedo, reload-rack, amrs, chaff, flares, shield, thruster, engine, \
                     reactor, capacitor, battery, sensors, bridge, cargo, trans-light, other";

/// What a design's systems fit, collected in SDS order: weapon mounts, missile racks (with
/// their missiles' names), specialized defences.
pub(super) type Fitted<'a> = (
    &'a mut Vec<Mount>,
    &'a mut Vec<(RackMount, Vec<String>)>,
    &'a mut Vec<DefenceMount>,
    &'a mut Vec<ReloadMount>,
);
/// The power plants a unit may combine (§3.1.2: "Capacitors and reactors cannot be installed
/// together on one unit"; §3.1.3: "Batteries may only be installed on units that already have
/// self-charging power plants"), given where the first reactor, capacitor and battery are.
pub(super) fn plant_mix(
    d: usize,
    plants: &[Option<(String, std::ops::Range<usize>)>; 3],
    is: &mut Issues,
) {
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

/// A system battery on system `index` of kind `kind` (§3.1.4), `mount` its weapon mount if it
/// is a direct-fire weapon: its Rating checked (capacity 1..=200, convert 1..=10, §16.4.10).
/// Refused on a zero-power or unpowered system ("System batteries may not be attached to zero
/// power systems", §3.3; an unpowered one draws nothing to give) and, for now, on a powered
/// system other than a direct-fire weapon (sensors, shields, torpedo systems: not played yet).
pub(super) fn system_battery(
    d: usize,
    spec: &Spanned<super::designs::SystemBatterySpec>,
    at: &str,
    kind: &SystemKind,
    (index, mount): (usize, Option<usize>),
    is: &mut Issues,
) -> Option<SystemBatteryDesign> {
    let field = format!("{at}.system_battery");
    let refuse = |is: &mut Issues, why: &str| {
        is.push(d, spec.span(), field.clone(), why.to_string());
        None
    };
    match (crate::rules::cold_infinity::battle::power_need(kind), mount) {
        (PowerNeed::ZeroPower, _) => {
            return refuse(
                is,
                "system batteries may not be attached to zero power systems (§3.3): attach it \
                 to a direct-fire weapon",
            );
        }
        (PowerNeed::Unpowered, _) => {
            return refuse(
                is,
                "the system draws no power, so a system battery has nothing to power (§3.1.4): \
                 attach it to a direct-fire weapon",
            );
        }
        (PowerNeed::Powered(_), None) => {
            return refuse(
                is,
                "a system battery is played on a direct-fire weapon only (§3.1.4; on sensors, \
                 shields and torpedo systems not yet)",
            );
        }
        (PowerNeed::Powered(_), Some(_)) => {}
    }
    let b = spec.get_ref();
    let capacity = int(is, d, &b.capacity, format!("{field}.capacity"), 1, 200);
    let convert = int(is, d, &b.convert, format!("{field}.convert"), 1, 10);
    Some(SystemBatteryDesign {
        sys: index as u16,
        mount: mount? as u16,
        capacity: capacity as i32,
        convert: convert as i32,
    })
}

/// §3.1.3 for a system battery (§3.1.4: "essentially, small batteries"): it needs a
/// self-charging power plant on the unit, a reactor or a capacitor (given where the first
/// reactor, capacitor and battery are, and the first system battery).
pub(super) fn system_battery_plant(
    d: usize,
    plants: &[Option<(String, std::ops::Range<usize>)>; 3],
    first: Option<(String, std::ops::Range<usize>)>,
    is: &mut Issues,
) {
    if let (None, None, Some((at, span))) = (&plants[0], &plants[1], first) {
        is.push(
            d,
            span,
            format!("{at}.system_battery"),
            "a system battery needs a self-charging power plant on the unit, a reactor or a \
             capacitor (§3.1.3-4)",
        );
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn system_kind(
    d: usize,
    sys: &Spanned<SystemSpec>,
    at: &str,
    table: &WeaponTable,
    is: &mut Issues,
    (mounts, racks, defences, reloads): Fitted<'_>,
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
        "reload-rack" => {
            super::reloads::reload(d, sys, at, &table.missiles, is, index, reloads)?;
            SystemKind::Other
        }
        "torpedo" => {
            let arc = arc(d, y.arc.as_ref(), sys, at, is);
            let power = super::torpedoes::torpedo(d, sys, at, is, index, arc, racks)?;
            SystemKind::Torpedo { power }
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
