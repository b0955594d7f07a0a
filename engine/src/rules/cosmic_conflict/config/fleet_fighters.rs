//! A fleet's `fighters = [...]`: which fighter designs fly from which carrier, checked against
//! ch. 6b (hangar room) and ch. 6c (a carrier for every fighter without an FTL Drive), and how
//! the units deploy when a matchup is assembled.

use std::collections::HashMap;

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::geometry::{Board, Vec2};
use crate::outcome::Side;
use crate::rule_system::did_you_mean;

use super::super::design::ShipDesign;
use super::super::faction::Faction;
use super::super::fighters::{self, FighterTable, NO_CARRIER, hangars};
use super::super::house_rules::{FighterDeploy, HouseRules};
use super::super::ship::{ShipState, Status};
use super::issues::Issues;
use super::matchups::SideSetup;

/// A fleet's `fighters` entry: which fighter design, how many, on which carrier.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FleetFighterSpec {
    /// Fighter design name.
    pub design: Spanned<String>,
    /// The carrier: index of a ship in the fleet's `ships` (0-based). Only a fighter with an
    /// FTL Drive may leave it out.
    #[serde(default)]
    pub carrier: Option<Spanned<i64>>,
    /// How many units (default 1).
    #[serde(default)]
    pub count: Option<Spanned<i64>>,
}

/// A fighter unit in a fleet: its design (index into the designs) and carrier (index into the
/// fleet's ships).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FleetFighter {
    /// Design index.
    pub design: usize,
    /// Carrier's index in the fleet, if any.
    pub carrier: Option<usize>,
}

/// Check a fleet's `fighters` list: known fighter designs, carriers that exist and have room
/// ("one additional unit of Fighters" per hangar of either kind), and a carrier for every
/// fighter without an FTL Drive.
#[allow(clippy::too_many_arguments)]
pub(super) fn fleet_fighters(
    doc: usize,
    at: &str,
    entries: &[Spanned<FleetFighterSpec>],
    ships: &[usize],
    designs: &[ShipDesign],
    fighter_index: &HashMap<String, usize>,
    max_units: usize,
    issues: &mut Issues,
) -> Vec<FleetFighter> {
    let mut out = Vec::new();
    let mut aboard = vec![0usize; ships.len()];
    for (k, e) in entries.iter().enumerate() {
        let fat = format!("{at}.fighters[{k}]");
        let es = e.get_ref();
        let name = es.design.get_ref();
        let Some(&design) = fighter_index.get(name) else {
            let mut known: Vec<&str> = fighter_index.keys().map(String::as_str).collect();
            known.sort_unstable();
            issues.push(
                doc,
                es.design.span(),
                format!("{fat}.design"),
                if known.is_empty() {
                    format!("no fighter named `{name}`; no fighters are defined: add a [[fighter]] table or include a file that has them")
                } else {
                    format!(
                        "no fighter named `{name}`{}; known fighters: {}",
                        did_you_mean(name, &known),
                        known.join(", ")
                    )
                },
            );
            continue;
        };
        let count = match &es.count {
            Some(c) => issues
                .int(doc, c, &format!("{fat}.count"), 1, max_units as i64)
                .unwrap_or(1) as usize,
            None => 1,
        };
        let spec = designs[design].fighter.unwrap_or_default();
        let carrier = match &es.carrier {
            None => {
                if !spec.ftl_drive {
                    issues.push(
                        doc,
                        e.span(),
                        format!("{fat}.carrier"),
                        format!("\"Every Fighter must be assigned to a Ship before the game begins\" (ch. 6c): give `carrier` (the index of a ship in `ships`, 0..={}), or give `{name}` an ftl-drive", ships.len().saturating_sub(1)),
                    );
                    continue;
                }
                None
            }
            Some(c) => {
                let Some(i) =
                    issues.int(doc, c, &format!("{fat}.carrier"), 0, ships.len() as i64 - 1)
                else {
                    continue;
                };
                let i = i as usize;
                let cd = &designs[ships[i]];
                let (launch, plain) = hangars(cd);
                aboard[i] += count;
                if launch == 0 {
                    issues.push(
                        doc,
                        c.span(),
                        format!("{fat}.carrier"),
                        format!("ship {i} (`{}`) has no fighter-launch-hangar, so it cannot launch fighters (ch. 6b: a fighter-hangar \"requires a Fighter Launch Hangar on the same Ship to deploy these Fighters\")", cd.name),
                    );
                    continue;
                } else if aboard[i] > launch + plain {
                    issues.push(
                        doc,
                        e.span(),
                        format!("{fat}.count"),
                        format!(
                            "ship {i} (`{}`) carries {} fighter units but has room for {}: one per fighter-launch-hangar ({launch}) and per fighter-hangar ({plain}) (ch. 6b)",
                            cd.name, aboard[i], launch + plain
                        ),
                    );
                    continue;
                }
                Some(i)
            }
        };
        for _ in 0..count {
            out.push(FleetFighter { design, carrier });
        }
    }
    out
}

/// Append every side's fighters after all the ships (so `scenario.start` indices stay those
/// of the ships): named on after their side's ships, priced by the fighter cost rule (ch. 6c),
/// Launch Hangar units deployed 8 ahead of the carrier or aboard (house rule
/// `fighters_deploy`), Fighter Hangar units aboard, FTL fighters without a carrier on their
/// side's edge. Returns the carrier table.
#[allow(clippy::too_many_arguments)]
pub(super) fn add_fighters(
    sides: &[SideSetup],
    designs: &[ShipDesign],
    local: &dyn Fn(usize, Faction) -> usize,
    rules: &HouseRules,
    board: Board,
    depth: f64,
    start: &mut Vec<ShipState>,
    names: &mut Vec<String>,
    ship_sides: &mut Vec<Side>,
    points: &mut [u32; 2],
) -> FighterTable {
    let mut table = FighterTable {
        any: false,
        carrier: vec![NO_CARRIER; start.len()],
        full_load: vec![0; start.len()],
    };
    let mut first_ship = 0;
    for (si, (_, ships, _, _, fighters)) in sides.iter().enumerate() {
        let side = if si == 0 { Side::A } else { Side::B };
        let mut launched_from = vec![0usize; ships.len()];
        let free: Vec<&FleetFighter> = fighters.iter().filter(|f| f.carrier.is_none()).collect();
        let mut free_k = 0;
        for (n, f) in fighters.iter().enumerate() {
            let ds = &designs[f.design];
            let spec = ds.fighter.unwrap_or_default();
            let cost = fighters::fighter_cost(ds);
            points[si] += cost;
            let mut unit = ShipState::new(local(f.design, Faction::None) as u16, ds, side, cost);
            unit.velocity = 0;
            match f.carrier {
                Some(c) => {
                    let carrier = start[first_ship + c];
                    let (launch, _) = hangars(&designs[ships[c]]);
                    let deploy = launched_from[c] < launch
                        && rules.fighters_deploy == FighterDeploy::Launched;
                    launched_from[c] += 1;
                    unit.facing = carrier.facing;
                    if deploy {
                        let p = carrier.pos + carrier.facing * fighters::DEPLOY_DISTANCE;
                        unit.pos =
                            Vec2::new(p.x.clamp(0.0, board.length), p.y.clamp(0.0, board.width));
                    } else {
                        unit.pos = carrier.pos;
                        unit.status = Status::Aboard;
                    }
                    table.carrier.push((first_ship + c) as u8);
                }
                None => {
                    free_k += 1;
                    let x = if side == Side::A {
                        depth / 2.0
                    } else {
                        board.length - depth / 2.0
                    };
                    unit.pos =
                        Vec2::new(x, board.width * free_k as f64 / (free.len() as f64 + 1.0));
                    unit.facing = Vec2::new(if side == Side::A { 1.0 } else { -1.0 }, 0.0);
                    table.carrier.push(NO_CARRIER);
                }
            }
            // A fighter without a weapon has nothing to resupply.
            table.full_load.push(if ds.weapons.is_empty() {
                0
            } else {
                spec.shots()
            });
            table.any = true;
            start.push(unit);
            names.push(format!("{side}{} {}", ships.len() + n + 1, ds.name));
            ship_sides.push(side);
        }
        first_ship += ships.len();
    }
    table
}
