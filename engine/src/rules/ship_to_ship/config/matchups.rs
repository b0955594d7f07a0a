//! `[scenario]` and `[[matchup]]`: two sides, each a fleet and a policy, deployed as mirror
//! images — side A along column 0 facing east, side B rotated 180° about the midpoint between
//! the lines `distance` hexes away (the rotation is a symmetry of the hex grid, so every
//! position, facing and asteroid of one side has its exact image on the other).

use std::collections::HashMap;

use serde::Deserialize;
use serde_spanned::Spanned;

use super::super::design::ShipDesign;
use super::super::hex::Hex;
use super::super::house_rules::HouseRules;
use super::super::matchup::Matchup;
use super::super::policy::{Aim, Policy, Target};
use super::super::ship::ShipState;
use super::Doc;
use super::issues::{Issues, unknown};
use crate::outcome::Side;
use crate::rule_system::{ConfigIssue, NamedMatchup, did_you_mean};

/// `[scenario]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioSpec {
    /// Hexes between the two lines at the start (default 8).
    #[serde(default)]
    pub distance: Option<Spanned<i64>>,
    /// Asteroid hexes `[q, r]` (axial); each is mirrored onto the other half of the map.
    #[serde(default)]
    pub asteroids: Vec<Spanned<Vec<i64>>>,
}

/// One side of a matchup.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    /// Fleet name.
    pub fleet: Spanned<String>,
    /// Policy preset (default `gunner`).
    #[serde(default)]
    pub policy: Option<Spanned<String>>,
    /// Override: range to keep (0..=30).
    #[serde(default)]
    pub range: Option<Spanned<i64>>,
    /// Override: `nearest` or `weakest`.
    #[serde(default)]
    pub target: Option<Target>,
    /// Override: `centre` or `weakest`.
    #[serde(default)]
    pub aim: Option<Aim>,
    /// Override: keep out of blast reach.
    #[serde(default)]
    pub blast_caution: Option<bool>,
}

/// `[[matchup]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchupSpec {
    /// Side A.
    pub a: Spanned<SideSpec>,
    /// Side B.
    pub b: Spanned<SideSpec>,
}

/// The side's policy with its overrides; `None` for an unknown preset (reported).
fn policy(d: usize, at: &str, side: &SideSpec, is: &mut Issues) -> Option<Policy> {
    let name = side
        .policy
        .as_ref()
        .map_or(Policy::PRESETS[0], |p| p.get_ref().as_str());
    let Some(mut p) = Policy::preset(name) else {
        let span = side.policy.as_ref().map(|p| p.span()).unwrap_or(0..0);
        is.push(
            d,
            span,
            format!("{at}.policy"),
            format!(
                "unknown policy `{name}`{}; allowed: {}",
                did_you_mean(name, Policy::PRESETS),
                Policy::PRESETS.join(", ")
            ),
        );
        return None;
    };
    if let Some(r) = &side.range {
        p.range = is.int_or_lo(d, r, &format!("{at}.range"), 0, 30) as u32;
        p.range_beyond_move = false;
    }
    if let Some(t) = side.target {
        p.target = t;
    }
    if let Some(a) = side.aim {
        p.aim = a;
    }
    if let Some(b) = side.blast_caution {
        p.blast_caution = b;
    }
    Some(p)
}

/// The mirror image of `h` for deployment `distance`: a 180° rotation about the midpoint of
/// (0, 0) and (distance, 0).
pub fn mirror(h: Hex, distance: i32) -> Hex {
    Hex::new(distance - h.q, -h.r)
}

/// Where ship `idx` of `n` of side A starts: a line along r, two rows apart, centred.
pub fn deployed_a(idx: usize, n: usize) -> Hex {
    Hex::new(0, 2 * idx as i32 - (n as i32 - 1))
}

/// Every document's `[[matchup]]` entries.
pub(super) fn matchups(
    docs: &[Doc],
    fleets: &HashMap<String, Vec<usize>>,
    designs: &[ShipDesign],
    rules: &HouseRules,
    scen: Option<(usize, &Spanned<ScenarioSpec>)>,
    is: &mut Issues,
) -> Vec<NamedMatchup<Matchup>> {
    let distance = match scen.and_then(|(d, s)| s.get_ref().distance.as_ref().map(|v| (d, v))) {
        Some((d, v)) => is.int_or_lo(d, v, "scenario.distance", 0, 100) as i32,
        None => 8,
    };
    let mut asteroids = Vec::new();
    if let Some((d, s)) = scen {
        for (k, a) in s.get_ref().asteroids.iter().enumerate() {
            match a.get_ref().as_slice() {
                [q, r] if q.abs() <= 1000 && r.abs() <= 1000 => {
                    let h = Hex::new(*q as i32, *r as i32);
                    asteroids.push(h);
                    let img = mirror(h, distance);
                    if img != h {
                        asteroids.push(img);
                    }
                }
                _ => is.push(
                    d,
                    a.span(),
                    format!("scenario.asteroids[{k}]"),
                    "an asteroid is a hex `[q, r]` (axial coordinates, each within ±1000)",
                ),
            }
        }
    }
    let mut out = Vec::new();
    let mut any = false;
    for (d, doc) in docs.iter().enumerate() {
        for (k, spec) in doc.matchup.iter().enumerate() {
            any = true;
            let ms = spec.get_ref();
            let mut sides: Vec<(String, Vec<usize>, Policy)> = Vec::new();
            for (label, side) in [("a", &ms.a), ("b", &ms.b)] {
                let at = format!("matchup[{k}].{label}");
                let s = side.get_ref();
                let fleet = fleets.get(s.fleet.get_ref());
                if fleet.is_none() {
                    let idx: HashMap<String, usize> =
                        fleets.keys().map(|k| (k.clone(), 0)).collect();
                    is.push(
                        d,
                        s.fleet.span(),
                        format!("{at}.fleet"),
                        unknown("fleet", "[[fleet]]", s.fleet.get_ref(), &idx),
                    );
                }
                let p = policy(d, &at, s, is);
                if let (Some(ships), Some(p)) = (fleet, p) {
                    sides.push((s.fleet.get_ref().clone(), ships.clone(), p));
                }
            }
            if sides.len() == 2 && is.is_empty() {
                out.push(assemble(&sides, designs, rules, distance, &asteroids));
            }
        }
    }
    if !any {
        is.push_issue(ConfigIssue::new(0, None, "matchup", "the experiment defines no [[matchup]]: add at least one with `a = { fleet = ... }` and `b = { fleet = ... }`"));
    }
    out
}

/// One matchup of checked sides: only the designs it uses (re-indexed), deployed as mirror
/// images.
fn assemble(
    sides: &[(String, Vec<usize>, Policy)],
    designs: &[ShipDesign],
    rules: &HouseRules,
    distance: i32,
    asteroids: &[Hex],
) -> NamedMatchup<Matchup> {
    let mut used: Vec<usize> = sides
        .iter()
        .flat_map(|(_, s, _)| s.iter().copied())
        .collect();
    used.sort_unstable();
    used.dedup();
    let local = |g: usize| used.iter().position(|&u| u == g).unwrap_or(0);
    let mdesigns: Vec<ShipDesign> = used.iter().map(|&g| designs[g].clone()).collect();
    let mut start = Vec::new();
    let mut names = Vec::new();
    let mut ship_sides = Vec::new();
    for (si, (_, ships, _)) in sides.iter().enumerate() {
        let side = if si == 0 { Side::A } else { Side::B };
        for (idx, &g) in ships.iter().enumerate() {
            let ds = &designs[g];
            let mut s = ShipState::new(local(g) as u8, side, ds.guns, ds.shields, ds.luck);
            s.scans = ds.scans;
            let a = deployed_a(idx, ships.len());
            (s.pos, s.facing) = match side {
                Side::A => (a, 0),
                Side::B => (mirror(a, distance), 3),
            };
            start.push(s);
            names.push(format!("{side}{} {}", idx + 1, ds.name));
            ship_sides.push(side);
        }
    }
    let policies = [sides[0].2, sides[1].2];
    let label = format!(
        "{} ({}) vs {} ({})",
        sides[0].0, policies[0], sides[1].0, policies[1]
    );
    NamedMatchup {
        label,
        fleets: [sides[0].0.clone(), sides[1].0.clone()],
        policies: [policies[0].to_string(), policies[1].to_string()],
        points: [None, None],
        ship_points: vec![None; start.len()],
        ship_names: names,
        ship_sides,
        matchup: Matchup::new(mdesigns, start, policies, asteroids.to_vec(), rules.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deployments_are_mirror_images() {
        for n in 1..=4 {
            for i in 0..n {
                let a = deployed_a(i, n);
                let b = mirror(a, 7);
                // The image of the image is the original, and distances are preserved.
                assert_eq!(mirror(b, 7), a);
                for j in 0..n {
                    let a2 = deployed_a(j, n);
                    assert_eq!(a.distance(a2), b.distance(mirror(a2, 7)));
                    assert_eq!(a.distance(mirror(a2, 7)), a2.distance(b));
                }
            }
        }
    }
}
