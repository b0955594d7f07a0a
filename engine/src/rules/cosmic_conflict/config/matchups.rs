//! `[[matchup]]`: two sides, each a fleet and a policy, assembled with the scenario into a
//! validated [`Matchup`] — deployment, fixed starts, fighters, Formations, the designs it uses
//! and its points.

use std::collections::HashMap;

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::geometry::Vec2;
use crate::outcome::Side;
use crate::rule_system::{NamedMatchup, did_you_mean};

use super::super::deployment;
use super::super::design::ShipDesign;
use super::super::faction::Faction;
use super::super::house_rules::HouseRules;
use super::super::matchup::{Matchup, Scenario};
use super::super::points;
use super::super::policy::Policy;
use super::super::ship::{MAX_SHIPS, ShipState};
use super::super::victory::objectives_for;
use super::Doc;
use super::fleet_fighters::{FleetFighter, add_fighters};
use super::fleets::Fleet;
use super::formations;
use super::issues::{Issues, known_list};
use super::policies::{SideSpec, policy};
use super::scenario::ScenarioSetup;

/// `[[matchup]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchupSpec {
    /// Side A.
    pub a: Spanned<SideSpec>,
    /// Side B.
    pub b: Spanned<SideSpec>,
}

/// Validate every `[[matchup]]` into a playable matchup (none at all is an error).
pub(super) fn matchups(
    docs: &[Doc],
    fleets: &HashMap<String, Fleet>,
    designs: &[ShipDesign],
    rules: &HouseRules,
    scenario: &ScenarioSetup,
    issues: &mut Issues,
) -> Vec<NamedMatchup<Matchup>> {
    let mut out = Vec::new();
    let mut any = false;
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in doc.matchup.iter().enumerate() {
            any = true;
            let ms = spec.get_ref();
            let mut sides: Vec<SideSetup> = Vec::new();
            for (label, side) in [("a", &ms.a), ("b", &ms.b)] {
                let at = format!("matchup[{k}].{label}");
                let s = side.get_ref();
                let fname = s.fleet.get_ref();
                let fleet = fleets.get(fname);
                if fleet.is_none() {
                    let mut known: Vec<&str> = fleets.keys().map(String::as_str).collect();
                    known.sort_unstable();
                    issues.push(
                        d,
                        s.fleet.span(),
                        format!("{at}.fleet"),
                        format!(
                            "no fleet named `{fname}`{}; {}",
                            did_you_mean(fname, &known),
                            known_list("fleets", "[[fleet]]", &known)
                        ),
                    );
                }
                let p = policy(d, &at, s, issues);
                if let (Some(f), Some(p)) = (fleet, p) {
                    sides.push((
                        fname.clone(),
                        f.ships.clone(),
                        p,
                        f.faction,
                        f.fighters.clone(),
                    ));
                }
            }
            if sides.len() == 2 && issues.is_empty() {
                let mut built = assemble(d, k, &sides, designs, rules, scenario, issues);
                if let Some(nm) = &mut built {
                    let groups = [0, 1].map(|s| &fleets[&sides[s].0].groups);
                    let a_ships = sides[0].1.len();
                    formations::apply(
                        &mut nm.matchup,
                        groups,
                        a_ships,
                        rules,
                        scenario.spec,
                        issues,
                    );
                }
                out.extend(built);
            }
        }
    }
    if !any {
        issues.push_unlocated(0, "matchup", "the experiment defines no [[matchup]]: add at least one with `a = { fleet = ... }` and `b = { fleet = ... }`");
    }
    out
}

/// One matchup from its two sides: deployment, the scenario's fixed starts, fighters, the
/// designs it uses (one entry per faction using a design), points and names.
fn assemble(
    d: usize,
    k: usize,
    sides: &[SideSetup],
    designs: &[ShipDesign],
    rules: &HouseRules,
    setup: &ScenarioSetup,
    issues: &mut Issues,
) -> Option<NamedMatchup<Matchup>> {
    let (scenario, deployment, depth, scen) =
        (&setup.value, setup.deployment, setup.depth, setup.spec);
    // Only the designs this matchup uses, re-indexed.
    let mut used: Vec<(usize, Faction)> = sides
        .iter()
        .flat_map(|(_, s, _, f, fl)| {
            s.iter()
                .map(|&g| (g, *f))
                .chain(fl.iter().map(|u| (u.design, Faction::None)))
        })
        .collect();
    used.sort_unstable();
    used.dedup();
    // A design keeps one entry per faction using it (the beam faction changes its ranges).
    let local = |g: usize, f: Faction| used.iter().position(|&u| u == (g, f)).unwrap_or(0);
    let mdesigns: Vec<ShipDesign> = used.iter().map(|&(g, _)| designs[g].clone()).collect();
    let beam_range_bonus: Vec<f64> = used.iter().map(|(_, f)| f.beam_range_bonus()).collect();
    let board = scenario.board;
    let mut start = Vec::new();
    let mut names = Vec::new();
    let mut ship_sides = Vec::new();
    let mut points = [0u32; 2];
    for (si, (_, ships, _, faction, _)) in sides.iter().enumerate() {
        let side = if si == 0 { Side::A } else { Side::B };
        let sizes: Vec<u8> = ships.iter().map(|&g| designs[g].size).collect();
        let spots = deployment::deploy(deployment, side, &sizes, board, depth);
        for (idx, &g) in ships.iter().enumerate() {
            let ds = &designs[g];
            let cost = points::ship_cost_with(ds, rules, faction.cost_percent());
            points[si] += cost;
            let mut ship = ShipState::new(local(g, *faction) as u16, ds, side, cost);
            ship.structural = faction.starting_structural();
            (ship.pos, ship.facing) = spots[idx];
            ship.velocity = rules.movement_row(ds.size, 0).start_velocity();
            start.push(ship);
            names.push(format!("{side}{} {}", idx + 1, ds.name));
            ship_sides.push(side);
        }
    }
    if start.len() > MAX_SHIPS {
        issues.push(
            d,
            0..0,
            format!("matchup[{k}]"),
            format!("{} ships in one matchup; at most {MAX_SHIPS}", start.len()),
        );
        return None;
    }
    if let Some((sd, spec)) = scen {
        for (n, st) in spec.get_ref().start.iter().enumerate() {
            let s = st.get_ref();
            let at = format!("scenario.start[{n}]");
            let side = match s.side.get_ref().as_str() {
                "A" | "a" => 0,
                "B" | "b" => 1,
                other => {
                    issues.push(
                        sd,
                        s.side.span(),
                        format!("{at}.side"),
                        format!("unknown side `{other}`; allowed: A, B"),
                    );
                    continue;
                }
            };
            let count = sides[side].1.len() as i64;
            let Some(idx) = issues.int(sd, &s.ship, &format!("{at}.ship"), 0, count - 1) else {
                continue;
            };
            let i = if side == 0 {
                idx as usize
            } else {
                sides[0].1.len() + idx as usize
            };
            let p = Vec2::new(s.x, s.y);
            if !board.contains(p) {
                issues.push(
                    sd,
                    st.span(),
                    at.clone(),
                    format!(
                        "({}, {}) is off the {} × {} table: allowed x 0..={} and y 0..={}",
                        s.x, s.y, board.length, board.width, board.length, board.width
                    ),
                );
                continue;
            }
            start[i].pos = p;
            if let Some(h) = s.heading {
                if !h.is_finite() {
                    issues.push(
                        sd,
                        st.span(),
                        format!("{at}.heading"),
                        format!("{h} is not a heading: give degrees as a finite number"),
                    );
                    continue;
                }
                start[i].facing = Vec2::from_bearing(h);
            }
            if let Some(v) = &s.velocity {
                let vmax = rules.movement_row(start[i].size, 0).vmax;
                if let Some(v) = issues.int(sd, v, &format!("{at}.velocity"), 0, i64::from(vmax)) {
                    start[i].velocity = v as u8;
                }
            }
        }
    }
    // After the scenario's fixed starts: fighters deploy from where their carriers stand.
    let fighter_table = add_fighters(
        sides,
        designs,
        &local,
        rules,
        board,
        depth,
        &mut start,
        &mut names,
        &mut ship_sides,
        &mut points,
    );
    if start.len() > MAX_SHIPS {
        issues.push(
            d,
            0..0,
            format!("matchup[{k}]"),
            format!("{} units in one matchup; at most {MAX_SHIPS}", start.len()),
        );
        return None;
    }
    let policies = [sides[0].2.clone(), sides[1].2.clone()];
    let label = format!(
        "{} ({}) vs {} ({})",
        sides[0].0, policies[0].preset, sides[1].0, policies[1].preset
    );
    let policy_names = [policies[0].to_string(), policies[1].to_string()];
    let ship_points = start.iter().map(|s| Some(s.points)).collect();
    let mut matchup = Matchup::new(
        mdesigns,
        start,
        names.clone(),
        policies,
        scenario_for(scenario, points),
        rules.clone(),
        &beam_range_bonus,
    );
    matchup.fighters = fighter_table;
    Some(NamedMatchup {
        label,
        fleets: [sides[0].0.clone(), sides[1].0.clone()],
        policies: policy_names,
        points: [Some(points[0]), Some(points[1])],
        ship_names: names,
        ship_points,
        ship_sides,
        matchup,
    })
}

/// One side of a matchup: fleet name, ship designs, policy, faction, fighters.
pub(super) type SideSetup = (String, Vec<usize>, Policy, Faction, Vec<FleetFighter>);

/// The scenario for fleets of these points (the objective line counts its objectives from
/// them unless the config fixed the number).
fn scenario_for(scenario: &Scenario, points: [u32; 2]) -> Scenario {
    let mut sc = scenario.clone();
    if let Some(v) = &mut sc.victory
        && v.objectives == 0
    {
        v.objectives = objectives_for(points);
    }
    sc
}
