//! `[[matchup]]`: two sides, each a fleet and a policy preset (with its overrides,
//! [`super::policies`]), assembled into a validated
//! [`Matchup`] with mirror-image deployment: side A's line faces along facing 1, side B's is its
//! point reflection `start_range` hexes away (positions, facings and vectors turned 180°), so
//! the two sides see the same battle.

use std::collections::HashMap;

use crate::config_support;
use crate::outcome::Side;
use crate::rule_system::NamedMatchup;

use super::super::geometry::Facing;
use super::super::matchup::{HouseRules, Matchup, Scenario, ShipStart};
use super::super::movement::Motion;
use super::super::policy::Policy;
use super::designs::Designs;
use super::issues::Issues;
use super::{Doc, policies};

/// `[[matchup]]` as written: two sides, each a [`policies::SideSpec`].
pub type MatchupSpec = config_support::TwoSides<policies::SideSpec>;

/// Every document's matchups.
pub(super) fn matchups(
    docs: &[Doc],
    fleets: &HashMap<String, Vec<usize>>,
    designs: &Designs,
    rules: &HouseRules,
    scenario: &Scenario,
    is: &mut Issues,
) -> Vec<NamedMatchup<Matchup>> {
    config_support::matchups_with(
        docs,
        |d| d.matchup.as_slice(),
        policies::fleet_of,
        fleets,
        policies::policy,
        is,
        |sides, _| assemble(sides, designs, rules, scenario),
    )
}

/// Side A's ship `k`: on a line square to the axis (the vertex 2/3 direction, two hexes a
/// step), `spacing` steps from its neighbour, facing 1, moving at the start speed toward the
/// enemy.
fn side_a_start(k: usize, s: &Scenario) -> Motion {
    let nose = Facing::new(1);
    let square = Facing::new(2).unit().add(Facing::new(3).unit());
    Motion {
        pos: square.scale(k as i32 * s.spacing),
        velocity: nose.unit().scale(s.start_speed),
        facing: nose,
        ..Motion::default()
    }
}

/// The point reflection of side A's start through the centre of the field: the start of the
/// mirror-image ship of side B.
pub fn mirrored(a: Motion, start_range: i32) -> Motion {
    let far = Facing::new(1).unit().scale(start_range);
    Motion {
        pos: far.sub(a.pos),
        velocity: a.velocity.neg(),
        facing: a.facing.reversed(),
        ..a
    }
}

fn assemble(
    sides: &[(String, Vec<usize>, Policy)],
    designs: &Designs,
    rules: &HouseRules,
    scenario: &Scenario,
) -> NamedMatchup<Matchup> {
    let mut used: Vec<usize> = sides
        .iter()
        .flat_map(|(_, s, _)| s.iter().copied())
        .collect();
    used.sort_unstable();
    used.dedup();
    let local = |g: usize| used.iter().position(|&u| u == g).unwrap_or(0);
    let mdesigns = used.iter().map(|&g| designs.list[g].clone()).collect();
    let mut start = Vec::new();
    let mut names = Vec::new();
    let mut ship_sides = Vec::new();
    let mut ship_points = Vec::new();
    let mut points = [0u32; 2];
    for (si, (_, ships, _)) in sides.iter().enumerate() {
        let side = if si == 0 { Side::A } else { Side::B };
        for (idx, &g) in ships.iter().enumerate() {
            let d = &designs.list[g].design;
            points[si] = points[si].saturating_add(d.cp);
            let a = side_a_start(idx, scenario);
            let motion = match side {
                Side::A => a,
                Side::B => mirrored(a, scenario.start_range),
            };
            start.push(ShipStart {
                design: local(g) as u16,
                side,
                motion,
            });
            names.push(format!("{side}{} {}", idx + 1, d.name));
            ship_sides.push(side);
            ship_points.push(Some(d.cp));
        }
    }
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
        ship_points,
        ship_sides,
        matchup: Matchup {
            designs: mdesigns,
            start,
            names,
            policies,
            scenario: *scenario,
            rules: *rules,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Hex;

    /// Deployment is a point reflection: positions, facings and vectors turned 180°.
    #[test]
    fn side_b_is_side_a_turned_half_round() {
        let s = Scenario {
            start_speed: 2,
            ..Scenario::default()
        };
        for n in 1..=3 {
            for k in 0..n {
                let a = side_a_start(k, &s);
                let b = mirrored(a, s.start_range);
                let centre2 = Facing::new(1).unit().scale(s.start_range);
                assert_eq!(a.pos.add(b.pos), centre2);
                assert_eq!(b.facing, a.facing.reversed());
                assert_eq!(b.velocity, a.velocity.neg());
                assert_eq!(a.pos.distance(Hex::default()), 2 * k as i32 * s.spacing);
            }
        }
    }
}
