//! `[[matchup]]`: two sides, each a fleet and a policy preset, assembled into a validated
//! [`Matchup`] with mirror-image deployment (G6: side B's ships are side A's reflected through
//! the centre point, facing each other `start_range` hexes apart).

use std::collections::HashMap;

use crate::config_support;
use crate::outcome::Side;
use crate::rule_system::NamedMatchup;

use super::super::battle::{ShipState, directions};
use super::super::design::ShipDesign;
use super::super::direct_fire::Delivery;
use super::super::hex::Hex;
use super::super::house_rules::HouseRules;
use super::super::matchup::{Matchup, Roles};
use super::super::policy::Policy;
use super::Doc;
use super::designs::Designs;
use super::issues::Issues;
use super::weapons::WeaponTable;

/// Every document's matchups.
pub(super) fn matchups(
    docs: &[Doc],
    fleets: &HashMap<String, Vec<usize>>,
    designs: &Designs,
    table: &WeaponTable,
    rules: &HouseRules,
    is: &mut Issues,
) -> Vec<NamedMatchup<Matchup>> {
    config_support::matchups(
        docs,
        |d| d.matchup.as_slice(),
        fleets,
        Policy::PRESETS,
        Policy::preset,
        is,
        |sides| assemble(sides, &designs.list, table, rules),
    )
}

/// The range a design's policy keeps to its target: the first band of its shortest-reaching
/// direct weapon (its best to-hit number), else its longest projectile/seeker reach but no
/// farther than where a lock still needs 4 or less (`2 × (3 + FCS)`).
fn keep_range(d: &ShipDesign, table: &WeaponTable) -> i32 {
    let direct = d
        .weapons
        .iter()
        .map(|w| &table.list[w.weapon as usize])
        .filter(|w| w.delivery == Delivery::Direct && !w.point_defense)
        .map(|w| w.bands[0])
        .min();
    let missile = d
        .weapons
        .iter()
        .map(|w| &table.list[w.weapon as usize])
        .filter(|w| w.delivery != Delivery::Direct)
        .map(|w| w.max_range().min(2 * (3 + d.fcs)))
        .max();
    direct.or(missile).unwrap_or(1).max(1)
}

fn assemble(
    sides: &[(String, Vec<usize>, Policy)],
    designs: &[ShipDesign],
    table: &WeaponTable,
    rules: &HouseRules,
) -> NamedMatchup<Matchup> {
    let mut used: Vec<usize> = sides
        .iter()
        .flat_map(|(_, s, _)| s.iter().copied())
        .collect();
    used.sort_unstable();
    used.dedup();
    let local = |g: usize| used.iter().position(|&u| u == g).unwrap_or(0);
    let mdesigns: Vec<ShipDesign> = used.iter().map(|&g| designs[g].clone()).collect();
    let range = rules.start_range as i32;
    let mut start = Vec::new();
    let mut names = Vec::new();
    let mut ship_sides = Vec::new();
    let mut points = [0u32; 2];
    for (si, (_, ships, _)) in sides.iter().enumerate() {
        let side = if si == 0 { Side::A } else { Side::B };
        for (idx, &g) in ships.iter().enumerate() {
            let d = &designs[g];
            points[si] = points[si].saturating_add(d.points);
            let a_hex = Hex::new(0, idx as i32);
            let at = match side {
                Side::A => a_hex,
                Side::B => Hex::new(range, 0).sub(a_hex),
            };
            start.push(ShipState::new(
                local(g) as u16,
                d,
                side,
                at,
                directions(side)[0],
            ));
            names.push(format!("{side}{} {}", idx + 1, d.name));
            ship_sides.push(side);
        }
    }
    let placeholder = mdesigns
        .iter()
        .flat_map(|d| d.weapons.iter())
        .any(|w| table.list[w.weapon as usize].placeholder);
    let keep = mdesigns.iter().map(|d| keep_range(d, table)).collect();
    let policies = [sides[0].2, sides[1].2];
    NamedMatchup {
        label: format!(
            "{} ({}) vs {} ({})",
            sides[0].0, policies[0], sides[1].0, policies[1]
        ),
        fleets: [sides[0].0.clone(), sides[1].0.clone()],
        policies: [policies[0].to_string(), policies[1].to_string()],
        points: [Some(points[0]), Some(points[1])],
        ship_names: names.clone(),
        ship_points: start
            .iter()
            .map(|s| Some(mdesigns[s.design as usize].points))
            .collect(),
        ship_sides,
        matchup: Matchup {
            roles: Roles::all(&mdesigns, &table.list),
            weapons: table.list.clone(),
            designs: mdesigns,
            start,
            names,
            policies,
            rules: rules.clone(),
            keep,
            placeholder,
        },
    }
}
