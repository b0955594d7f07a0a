//! Formations and Escorts of a fleet (`[[fleet.formation]]`, `[[fleet.escort]]`):
//! their TOML shapes, validation against the seed's conditions (ch. 9g), and placing the
//! groups at deployment.
//!
//! Deployment (house rule F6): the seed asks members to be "within 2 distance, have matching
//! velocities and be within 1 Heading" of the Lead / Escorted ship, and measures everything
//! "to or from the Lead Ship". The sim places every member on its Lead's centre point, facing,
//! and the group's lowest starting Velocity, so the conditions hold by construction and every
//! measurement is the Lead's.

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::geometry::Vec2;
use crate::rule_system::did_you_mean;

use super::super::design::ShipDesign;
use super::super::fighters::DEPLOY_DISTANCE;
use super::super::formation::{Group, GroupKind, MAX_GROUPS};
use super::super::house_rules::HouseRules;
use super::super::matchup::Matchup;
use super::super::ship::Status;
use super::fleets::FleetSpec;
use super::issues::Issues;
use super::scenario::ScenarioSpec;

/// `[[fleet.formation]]`: a Formation of ships of this fleet (0-based indices into `ships`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormationSpec {
    /// The Lead ship.
    pub lead: Spanned<i64>,
    /// The other ships.
    pub members: Vec<Spanned<i64>>,
    /// `defensive` or `offensive`.
    pub kind: Spanned<String>,
}

/// `[[fleet.escort]]`: an Escort relationship (0-based indices into `ships`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EscortSpec {
    /// The Escorting ship.
    pub escort: Spanned<i64>,
    /// The Escorted ship.
    pub escorted: Spanned<i64>,
}

/// A fleet's groups with fleet-relative ship indices.
#[derive(Clone, Debug, Default)]
pub struct FleetGroups(pub Vec<Group>);

/// Validate a fleet's `formation` and `escort` tables. `ships` are its design indices (shorter
/// than the fleet when a design was invalid: then only the indices are checked).
pub(super) fn fleet_groups(
    d: usize,
    k: usize,
    f: &FleetSpec,
    ships: &[usize],
    designs: &[ShipDesign],
    issues: &mut Issues,
) -> FleetGroups {
    let mut out = FleetGroups::default();
    let name = f.name.get_ref();
    let n = f.ships.len() as i64;
    let sized = ships.len() == f.ships.len();
    let size = |i: usize| designs[ships[i]].size;
    // Which group each ship already belongs to (field path), for "at most one".
    let mut taken: Vec<Option<String>> = vec![None; f.ships.len()];
    let mut claim = |issues: &mut Issues, i: usize, at: &str, span| -> bool {
        if let Some(first) = &taken[i] {
            issues.push(
                d,
                span,
                at.to_string(),
                format!(
                    "ship {i} is already in {first}: a ship belongs to at most one Formation or Escort relationship"
                ),
            );
            return false;
        }
        taken[i] = Some(at.to_string());
        true
    };
    for (q, spec) in f.formation.iter().enumerate() {
        let s = spec.get_ref();
        let at = format!("fleet[{k}] ({name}).formation[{q}]");
        let kind = match GroupKind::formation_from_name(s.kind.get_ref()) {
            Some(kind) => kind,
            None => {
                issues.push(
                    d,
                    s.kind.span(),
                    format!("{at}.kind"),
                    format!(
                        "unknown formation kind `{}`{}; allowed: {}",
                        s.kind.get_ref(),
                        did_you_mean(s.kind.get_ref(), &GroupKind::FORMATION_NAMES),
                        GroupKind::FORMATION_NAMES.join(", ")
                    ),
                );
                continue;
            }
        };
        let Some(lead) = issues.int(d, &s.lead, &format!("{at}.lead"), 0, n - 1) else {
            continue;
        };
        let lead = lead as usize;
        if s.members.is_empty() {
            issues.push(
                d,
                spec.span(),
                format!("{at}.members"),
                "a Formation needs the Lead and at least one other ship: list them in `members`",
            );
            continue;
        }
        if !claim(issues, lead, &at, s.lead.span()) {
            continue;
        }
        let mut members = 1u64 << lead;
        for (r, m) in s.members.iter().enumerate() {
            let field = format!("{at}.members[{r}]");
            let Some(i) = issues.int(d, m, &field, 0, n - 1) else {
                continue;
            };
            let i = i as usize;
            if i == lead {
                issues.push(
                    d,
                    m.span(),
                    field,
                    format!("ship {i} is the Lead: `members` lists the other ships"),
                );
                continue;
            }
            if claim(issues, i, &at, m.span()) {
                members |= 1 << i;
            }
        }
        if members.count_ones() >= 2 {
            out.0.push(Group {
                kind,
                lead: lead as u8,
                members,
            });
        }
    }
    for (q, spec) in f.escort.iter().enumerate() {
        let s = spec.get_ref();
        let at = format!("fleet[{k}] ({name}).escort[{q}]");
        let (Some(escort), Some(escorted)) = (
            issues.int(d, &s.escort, &format!("{at}.escort"), 0, n - 1),
            issues.int(d, &s.escorted, &format!("{at}.escorted"), 0, n - 1),
        ) else {
            continue;
        };
        let (escort, escorted) = (escort as usize, escorted as usize);
        if escort == escorted {
            issues.push(
                d,
                s.escort.span(),
                format!("{at}.escort"),
                format!("ship {escort} cannot escort itself"),
            );
            continue;
        }
        if sized && size(escort) > size(escorted) {
            issues.push(
                d,
                s.escort.span(),
                format!("{at}.escort"),
                format!(
                    "ship {escort} (Size {}) is larger than the ship it escorts, ship {escorted} (Size {}): \"The Escorting Ship must be the same Size or smaller than the Escorted Ship\"",
                    size(escort),
                    size(escorted)
                ),
            );
            continue;
        }
        // "An Escort may not have an Escort itself" (and an Escorted ship is no one's Escort).
        let escorted_elsewhere = out
            .0
            .iter()
            .any(|g| g.kind == GroupKind::Escort && g.followers() & (1 << escorted) != 0);
        let escort_escorted = out
            .0
            .iter()
            .any(|g| g.kind == GroupKind::Escort && usize::from(g.lead) == escort);
        if escorted_elsewhere || escort_escorted {
            issues.push(
                d,
                spec.span(),
                at.clone(),
                "an Escort may not have an Escort itself: a ship is either an Escort or Escorted",
            );
            continue;
        }
        if !claim(issues, escort, &at, s.escort.span()) {
            continue;
        }
        // Several Escorts may screen one ship: they share its relationship.
        if let Some(g) = out
            .0
            .iter_mut()
            .find(|g| g.kind == GroupKind::Escort && usize::from(g.lead) == escorted)
        {
            g.members |= 1 << escort;
            continue;
        }
        if !claim(issues, escorted, &at, s.escorted.span()) {
            continue;
        }
        out.0.push(Group {
            kind: GroupKind::Escort,
            lead: escorted as u8,
            members: (1 << escort) | (1 << escorted),
        });
    }
    // At most 32 ships per fleet, two or more per group.
    debug_assert!(out.0.len() <= MAX_GROUPS / 2);
    out
}

/// Put both sides' groups into a built matchup (side B's indices follow side A's `a_ships`)
/// and place them (house rule F6). A `scenario.start` entry for a member other than the Lead
/// is an error: it stands on its Lead.
pub(super) fn apply(
    m: &mut Matchup,
    groups: [&FleetGroups; 2],
    a_ships: usize,
    rules: &HouseRules,
    scen: Option<(usize, &Spanned<ScenarioSpec>)>,
    issues: &mut Issues,
) {
    for (side, fg) in groups.iter().enumerate() {
        let offset = if side == 0 { 0 } else { a_ships };
        for g in &fg.0 {
            m.groups.push(Group {
                kind: g.kind,
                lead: g.lead + offset as u8,
                members: g.members << offset,
            });
        }
    }
    if m.groups.is_empty() {
        return;
    }
    let follower = |i: usize| m.groups.iter().find(|g| g.followers() & (1 << i) != 0);
    if let Some((sd, spec)) = scen {
        for (n, st) in spec.get_ref().start.iter().enumerate() {
            let s = st.get_ref();
            let side = match s.side.get_ref().as_str() {
                "A" | "a" => 0,
                "B" | "b" => 1,
                _ => continue,
            };
            let idx = *s.ship.get_ref();
            if idx < 0 {
                continue;
            }
            let i = idx as usize + if side == 0 { 0 } else { a_ships };
            if let Some(g) = follower(i) {
                let lead = usize::from(g.lead) - if side == 0 { 0 } else { a_ships };
                issues.push(
                    sd,
                    st.span(),
                    format!("scenario.start[{n}]"),
                    format!(
                        "ship {idx} of side {} is in a {} and stands on its Lead's centre point: give the start of ship {lead} instead",
                        s.side.get_ref(),
                        g.kind.name()
                    ),
                );
            }
        }
    }
    for g in m.groups.clone() {
        let lead = m.start[usize::from(g.lead)];
        let mut velocity = u8::MAX;
        let mut rest = g.members;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let s = &m.start[i];
            velocity = velocity
                .min(s.velocity)
                .min(rules.movement_row(s.size, 0).vmax);
        }
        let mut rest = g.members;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let s = &mut m.start[i];
            s.pos = lead.pos;
            s.facing = lead.facing;
            s.velocity = velocity;
            if m.fighters.any {
                redeploy_fighters(m, i);
            }
        }
    }
}

/// A carrier placed on its Lead's point takes its fighters along (house rule FT7): they
/// deployed from the carrier's own start before the group was placed, so they deploy again
/// from the Lead's point — aboard on it, or 8 ahead along its heading (`fighters_deploy`).
fn redeploy_fighters(m: &mut Matchup, carrier: usize) {
    let c = m.start[carrier];
    let board = m.scenario.board;
    for u in 0..m.start.len() {
        if m.fighters.carrier.get(u) != Some(&(carrier as u8)) {
            continue;
        }
        let f = &mut m.start[u];
        f.facing = c.facing;
        f.pos = if f.status == Status::Aboard {
            c.pos
        } else {
            let p = c.pos + c.facing * DEPLOY_DISTANCE;
            Vec2::new(p.x.clamp(0.0, board.length), p.y.clamp(0.0, board.width))
        };
    }
}
