//! `[[matchup]]`: two sides, each a fleet and a policy, assembled with the scenario into a
//! validated [`Matchup`] — the designs it uses, deployment, morale at the start (Stage 1),
//! fixed starts, the objective and the points.

use std::collections::HashMap;

use serde_spanned::Spanned;

use crate::config_support::{self, ResolvedSide, TwoSides};
use crate::outcome::Side;
use crate::rule_system::NamedMatchup;

use super::super::design::{Catalogue, CrewKind, ShipDesign};
use super::super::house_rules::HouseRules;
use super::super::matchup::Matchup;
use super::super::policy::Policy;
use super::super::ship::{MAX_SHIPS, ShipState};
use super::Doc;
use super::designs::Designs;
use super::issues::Issues;
use super::policies::{SideSpec, policy};
use super::scenario::{
    CostMeasure, ScenarioSpec, cost_measure, cost_of, deployed_at, fixed_starts, objective,
};
use super::weapons::Armory;

/// `[[matchup]]`: two sides, each written as a [`SideSpec`] (a fleet, a preset, overrides).
pub type MatchupSpec = TwoSides<SideSpec>;

/// A checked side: its fleet's name, its ships' design indices and its policy.
pub(super) type SideOf = ResolvedSide<Policy>;

/// Every document's `[[matchup]]` entries, each assembled once both sides check out and no
/// problem has been found so far.
pub(super) fn matchups(
    docs: &[Doc],
    fleets: &HashMap<String, Vec<usize>>,
    designs: &Designs,
    armory: &Armory,
    rules: &HouseRules,
    scen: Option<(usize, &Spanned<ScenarioSpec>)>,
    is: &mut Issues,
) -> Vec<NamedMatchup<Matchup>> {
    let cost = cost_measure(scen);
    config_support::matchups_with(
        docs,
        |doc| &doc.matchup,
        |s: &SideSpec| &s.fleet,
        fleets,
        policy,
        is,
        |sides, is| assemble(sides, &designs.list, &armory.cat, rules, cost, scen, is),
    )
    .into_iter()
    .flatten()
    .collect()
}

/// One matchup of checked sides: only the designs it uses (re-indexed), deployed (Stage 1),
/// with fixed starts and the objective; `None` when it has a problem.
fn assemble(
    sides: &[SideOf],
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
        Some(v) => is.int_or_lo(
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
        fixed_starts(sd, spec, sides, &mut start, &mdesigns, is);
    }
    let objective = match (scen, spec.and_then(|s| s.objective.as_ref())) {
        (Some((sd, _)), Some(o)) => objective(sd, o, sides, distance, is),
        _ => None,
    };
    if !is.is_empty() {
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
