//! A `[[design]]`'s construction points (§16–17): its items — hull and armor per section, each
//! weapon designed by §17.1 (or pre-generated) with its arc, thrusters, engines, bridge, reactor
//! or capacitor, batteries, sensors, cargo — in one `construction::sheet` and costed by `cost_sheet` under the
//! `[house_rules]` construction readings.
//!
//! **Design data** (the seed lost the sheets that price them, SSB3–SSB24): a system's `cp`
//! (reactor, capacitor and battery SSB9 — a battery's convert Rating below 10 costs 4 CP a point
//! on top, §16.4.10 —, sensors SSB7, engine SSB10, trans-light SSB8, other SSB3–4; for a thruster the
//! SSB10 base cost, its channel Rating — half its structure, §13.1.2 — costing 4 CP a point on
//! top (§16.4.12); for a bridge the SSB3 base cost, +50 CP per level above the ship's highest on
//! top (§16.4.6); for a cargo hold the SSB3 base cost), a section's `armor_cp` (SSB6), a weapon
//! line's `schedules_cp` or pre-generated `cp` (`weapons`). Computed by the rules: hull
//! structure 0.5 CP a point (§16.4.9), the weapon base 10 CP, damage dice and +50% per extra
//! configuration (§17.1), the arc surcharge (§16.4.1), the channel and bridge-level costs, the
//! per-system rounding and the total (§16.1, §16.4). The design's Mass stays as written (the
//! sheets with the systems' Masses are lost too); the costed Mass is not checked against it.

use serde_spanned::Spanned;

use super::super::construction::Readings;
use super::super::construction::cost::BuildError;
use super::super::construction::sheet::{Item, cost_sheet};
use super::super::construction::ship::ShipWide;
use super::super::construction::weapons::{DirectFireBuild, direct_fire};
use super::super::design::WeaponDesign;
use super::super::matchup::DesignCost;
use super::designs::{DesignSpec, SystemSpec};
use super::issues::Issues;
use super::systems::SHAPES;
use super::weapons::{WeaponCost, WeaponTable};

/// Largest design-data figure accepted (CP).
const MAX_DATA_CP: i64 = 100_000;

/// The lost sheet that prices each system kind, and what its `cp` covers.
const SHEETS: [(&str, &str); 11] = [
    ("reactor", "SSB9: the power plant"),
    (
        "capacitor",
        "SSB9: the capacitor with its capacity and the Capacitor Recharge Rate Schedule (§16.4.10)",
    ),
    (
        "battery",
        "SSB9: the battery with its capacity; its convert Rating below 10 costs 4 CP a point on \
         top (§16.4.10)",
    ),
    (
        "shield",
        "SSB5: the shield type with its Rating schedules and enhancements (buffering, hybrid, \
         layering, over-load)",
    ),
    ("sensors", "SSB7: the sensor schedules"),
    ("engine", "SSB10: the engine with its customizations"),
    (
        "thruster",
        "SSB10: the base thruster; its channel Rating (half its structure) costs 4 CP a point on top",
    ),
    (
        "bridge",
        "SSB3: the base bridge; +50 CP per level above the ship's highest come on top",
    ),
    ("cargo", "SSB3: the base cargo hold"),
    ("trans-light", "SSB8: the trans-light drive"),
    ("other", "SSB3-4: the system table"),
];

/// The design's CP from its items, or `None` with every problem reported at its field. Called
/// only for a design that is otherwise valid.
pub(super) fn cost(
    d: usize,
    spec: &Spanned<DesignSpec>,
    at: &str,
    table: &WeaponTable,
    r: &Readings,
    is: &mut Issues,
) -> Option<DesignCost> {
    let ds = spec.get_ref();
    let before = is.len();
    if let Some(cp) = &ds.cp {
        is.push(
            d,
            cp.span(),
            format!("{at}.cp"),
            "a design's construction points are computed from it (§16-17): remove `cp`; give the \
             costs of the lost sheets as design data instead (`cp` on reactors, sensors, \
             engines, thrusters, bridges, cargo; `armor_cp` on sections; `schedules_cp` or `cp` \
             on weapon lines)",
        );
        return None;
    }
    let mut items = Vec::new();
    let mut data: u32 = 0;
    let sections = ds.section.len() as u8;
    for (s, sec) in ds.section.iter().enumerate() {
        let ss = sec.get_ref();
        let sat = format!("{at}.section[{s}]");
        items.push(Item::Hull(*ss.hull.get_ref() as u16));
        let armor = *ss.armor.get_ref() as u8;
        match (&ss.armor_cp, armor) {
            (Some(v), 0) => is.push(
                d,
                v.span(),
                format!("{sat}.armor_cp"),
                "the section has no armor (armor = 0): remove `armor_cp`",
            ),
            (Some(v), points) => {
                let cp = data_cp(is, d, v, format!("{sat}.armor_cp"));
                data = data.saturating_add(cp);
                items.push(Item::Armor { points, cp });
            }
            (None, 0) => {}
            (None, _) => is.push(
                d,
                sec.span(),
                format!("{sat}.armor_cp"),
                "armor is priced on a lost sheet (§16.4.3, SSB6): give its CP as design data, \
                 armor_cp = N",
            ),
        }
        for (y, sys) in ss.system.iter().enumerate() {
            let yat = format!("{sat}.system[{y}]");
            if sys.get_ref().kind.get_ref() == "missile-rack" {
                if let Some((rack, cp)) =
                    super::guided::rack_items(d, sys, &yat, &table.missiles, is)
                {
                    data = data.saturating_add(cp);
                    items.extend(rack);
                }
                continue;
            }
            if sys.get_ref().kind.get_ref() == "reload-rack" {
                if let Some((rack, cp)) = super::reloads::reload_items(sys, &table.missiles) {
                    data = data.saturating_add(cp);
                    items.extend(rack);
                }
                continue;
            }
            if sys.get_ref().kind.get_ref() == "torpedo" {
                if let Some((item, cp)) = super::torpedoes::torpedo_item(d, sys, &yat, r, is) {
                    data = data.saturating_add(cp);
                    items.push(item);
                }
                continue;
            }
            if let Some((item, cp)) = system_item(d, sys, &yat, sections, table, r, is) {
                data = data.saturating_add(cp);
                items.push(item);
            }
            if let Some((item, cp)) = system_battery_item(d, sys, &yat, is) {
                data = data.saturating_add(cp);
                items.push(item);
            }
        }
    }
    if is.len() != before {
        return None;
    }
    match cost_sheet(&items, sections, &ShipWide::default(), r) {
        Ok(c) => Some(DesignCost {
            cp: c.cp,
            design_data_cp: data,
        }),
        Err(e) => {
            is.push(
                d,
                spec.span(),
                format!("{at}.section"),
                format!("the design cannot be costed (§16-17): {}", describe(e)),
            );
            None
        }
    }
}

/// A system's system battery (§3.1.4) as a costed item, with the design-data CP it rests on:
/// its capacity's `cp` (SSB9, lost: "the starting power plant has a maximum capacity of zero")
/// and its convert Rating below 10 at 4 CP a point on top (§16.4.10); no Mass or structure of
/// its own (housed with its system).
fn system_battery_item(
    d: usize,
    sys: &Spanned<SystemSpec>,
    at: &str,
    is: &mut Issues,
) -> Option<(Item, u32)> {
    let b = sys.get_ref().system_battery.as_ref()?.get_ref();
    let cp = data_cp(is, d, &b.cp, format!("{at}.system_battery.cp"));
    let k = *b.convert.get_ref() as u8;
    let upgrade = super::super::construction::systems::convert_rate_cp(k).unwrap_or(0);
    Some((
        Item::Stated {
            cp: cp.saturating_add(upgrade),
            mass: 0,
            structure: 0,
            power: 0,
        },
        cp,
    ))
}

/// A design-data CP figure in `0..=MAX_DATA_CP`.
fn data_cp(is: &mut Issues, d: usize, v: &Spanned<i64>, field: String) -> u32 {
    is.int_or_lo(d, v, &field, 0, MAX_DATA_CP) as u32
}

/// One system as a costed item, with the design-data CP it rests on.
fn system_item(
    d: usize,
    sys: &Spanned<SystemSpec>,
    at: &str,
    sections: u8,
    table: &WeaponTable,
    r: &Readings,
    is: &mut Issues,
) -> Option<(Item, u32)> {
    let y = sys.get_ref();
    let kind = y.kind.get_ref().as_str();
    let structure = *y.structure.get_ref() as u16;
    if kind == "weapon" {
        if let Some(v) = &y.cp {
            is.push(
                d,
                v.span(),
                format!("{at}.cp"),
                "a weapon's CP comes from its `[[weapon]]` line (§17.1: `schedules_cp`, or `cp` \
                 for a pre-generated weapon) and its arc (§16.4.1): remove `cp` here",
            );
            return None;
        }
        return weapon_item(d, sys, at, table, r, is);
    }
    if super::defences::KINDS.contains(&kind) {
        return super::defences::defence_item(kind, y).map(|item| (item, 0));
    }
    let Some((_, sheet)) = SHEETS.iter().find(|(k, _)| *k == kind) else {
        return None; // refused (and reported) by `designs`
    };
    let Some(v) = &y.cp else {
        is.push(
            d,
            sys.span(),
            format!("{at}.cp"),
            format!(
                "a {kind}'s CP is on a lost sheet ({sheet}): give it as design data, cp = N \
                 (0..={MAX_DATA_CP})"
            ),
        );
        return None;
    };
    let cp = data_cp(is, d, v, format!("{at}.cp"));
    let item = match kind {
        "thruster" => Item::Thruster {
            base_cp: cp,
            channel: (structure / 2) as u8,
            non_inertial: false,
        },
        "engine" => {
            if structure > 30 {
                is.push(
                    d,
                    y.structure.span(),
                    format!("{at}.structure"),
                    format!(
                        "an engine has at most 30 structure points (§16.4.11), not {structure}: \
                         fit more engines"
                    ),
                );
                return None;
            }
            Item::Engine { cp, structure }
        }
        "bridge" => Item::Bridge {
            base_cp: cp,
            tl: y.tl.as_ref().map_or(1, |t| *t.get_ref() as u8),
            structure,
            mass: 0,
        },
        "cargo" => {
            let limit = 3 * u16::from(sections);
            if structure > limit {
                is.push(
                    d,
                    y.structure.span(),
                    format!("{at}.structure"),
                    format!(
                        "a cargo hold holds at most 3 containers per section (§16.4.5.3): \
                         {limit} here, not {structure}"
                    ),
                );
                return None;
            }
            Item::Cargo {
                base_cp: cp,
                containers: structure,
                mass: 0,
            }
        }
        "battery" => {
            let k = y.convert.as_ref().map_or(10, |k| *k.get_ref() as u8);
            // §16.4.10: the convert Rating improves from 10 by 1 per 4 CP (checked 1..=10 by
            // `designs`).
            let upgrade = super::super::construction::systems::convert_rate_cp(k).unwrap_or(0);
            Item::Stated {
                cp: cp.saturating_add(upgrade),
                mass: 0,
                structure,
                power: 0,
            }
        }
        _ => Item::Stated {
            cp,
            mass: 0,
            structure,
            power: 0,
        },
    };
    Some((item, cp))
}

/// A weapon mount: its line's §17.1 design (or printed CP) with the mount's arc.
fn weapon_item(
    d: usize,
    sys: &Spanned<SystemSpec>,
    at: &str,
    table: &WeaponTable,
    r: &Readings,
    is: &mut Issues,
) -> Option<(Item, u32)> {
    let y = sys.get_ref();
    let w = table.index.get(y.weapon.as_ref()?.get_ref()).copied()?;
    let shape = y.arc.as_ref()?.get_ref().shape.get_ref();
    let arc = SHAPES.iter().find(|(n, _)| n == shape)?.1;
    let structure = *y.structure.get_ref() as u16;
    let line: &WeaponDesign = &table.list[w];
    Some(match table.costs[w] {
        WeaponCost::Pregenerated { cp } => (
            Item::Pregenerated {
                cp,
                power: u16::from(line.power),
                structure,
                arc,
            },
            cp,
        ),
        WeaponCost::Designed { schedules_cp } => {
            let build = DirectFireBuild {
                configurations: line.configs.0.count_ones() as u8,
                damage: line.damage,
                schedules_cp,
                ..DirectFireBuild::base(line.tech)
            };
            if let Err(e) = direct_fire(&build, r) {
                is.push(
                    d,
                    sys.span(),
                    format!("{at}.weapon"),
                    format!("its weapon cannot be costed (§17.1): {}", describe(e)),
                );
                return None;
            }
            (Item::Weapon { build, arc }, schedules_cp)
        }
    })
}

/// A construction error in words.
fn describe(e: BuildError) -> String {
    match e {
        BuildError::Die(sides) => {
            format!("no d{sides} damage schedule (d4, d6, d8, d10 and Fixed only)")
        }
        BuildError::EngineSize(s) => format!("an engine of {s} structure (at most 30)"),
        BuildError::Capacity { asked, limit } => format!("{asked} asked, at most {limit}"),
        other => format!("{other:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::construction::readings::WideArc;
    use super::super::super::construction::sheet::{Item, cost_sheet};
    use super::super::super::construction::ship::ShipWide;
    use super::*;
    use crate::rules::cold_infinity::arcs::ArcShape;
    use crate::rules::cold_infinity::design::{DamageDice, Tech};

    /// The shipped 50cm railgun as costed: §17.1 base 10 + 1d6 (3, the average 3.5 rounded
    /// down) + 25 schedule CP (design data) = 38; Wide arc +25% (§16.4.1 table) = 47.5, which
    /// rounds to 48 (§16.1); under `wide_arc = example` (+10%) 41.8 → 42.
    #[test]
    fn railgun_with_a_wide_arc() {
        let build = DirectFireBuild {
            configurations: 1,
            damage: DamageDice::new(1, 6, 0),
            schedules_cp: 25,
            ..DirectFireBuild::base(Tech::Matter)
        };
        let items = [Item::Weapon {
            build,
            arc: ArcShape::Wide,
        }];
        let cp = |r: &Readings| cost_sheet(&items, 1, &ShipWide::default(), r).unwrap().cp;
        assert_eq!(cp(&Readings::default()), 48);
        let example = Readings {
            wide_arc: WideArc::Example,
            ..Readings::default()
        };
        assert_eq!(cp(&example), 42);
    }

    /// A second configuration adds 50% (§17.1): the particle cannon, 10 + 2d10 (11) + 30 = 51,
    /// Burst and Pulse ×1.5 = 76.5 → 77 on a Standard arc; the same line Piercing only is 51.
    #[test]
    fn extra_configurations_cost_half_again() {
        let mut build = DirectFireBuild {
            configurations: 2,
            damage: DamageDice::new(2, 10, 0),
            schedules_cp: 30,
            ..DirectFireBuild::base(Tech::Particle)
        };
        let cp = |build| {
            let items = [Item::Weapon {
                build,
                arc: ArcShape::Standard,
            }];
            cost_sheet(&items, 1, &ShipWide::default(), &Readings::default())
                .unwrap()
                .cp
        };
        assert_eq!(cp(build), 77);
        build.configurations = 1;
        assert_eq!(cp(build), 51);
    }
}
