//! `[scenario]`: the starting distance, the cost measure (G2), each side's circumstances
//! (Stage 1 morale), the deployment (Stage 1: side B the point mirror of side A), fixed starts
//! and the Stage 0 objective (J17).

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::outcome::Side;

use super::super::design::ShipDesign;
use super::super::hex::Hex;
use super::super::morale::Circumstances;
use super::super::objectives::{Objective, ObjectiveKind, ObjectiveSpec};
use super::super::ship::ShipState;
use super::Doc;
use super::issues::{Issues, one_of};
use super::matchups::SideOf;

/// Cost measures for `fleetlab points` and reports (G2).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum CostMeasure {
    /// Design volume (default).
    #[default]
    Volume,
    /// The design's `price`.
    Price,
}

/// `[scenario]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioSpec {
    /// Starting distance between the fleets in hexes (default: the longest Probable Hit range
    /// in the matchup + 4: "not within each others' direct fire weapons range, but ... not
    /// unreasonably far apart").
    #[serde(default)]
    pub distance: Option<Spanned<i64>>,
    /// Cost measure.
    #[serde(default)]
    pub cost: Option<CostMeasure>,
    /// Side A's circumstances (Stage 1 morale).
    #[serde(default)]
    pub a: Option<Circumstances>,
    /// Side B's circumstances.
    #[serde(default)]
    pub b: Option<Circumstances>,
    /// Fixed starts.
    #[serde(default)]
    pub start: Vec<Spanned<StartSpec>>,
    /// Stage 0 objective (default: last side standing).
    #[serde(default)]
    pub objective: Option<Spanned<ObjectiveSpec>>,
    /// The agreed light level for Photovoltaic Panels ("Stage 1": "agree on the light level.
    /// This determines the volume per energy of said Photovoltaic Panels"); a panel makes its
    /// catalogue output × this (J72; default 1, 0..=100).
    #[serde(default)]
    pub light_level: Option<Spanned<f64>>,
}

/// A fixed start for one ship.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartSpec {
    /// `"A"` or `"B"`.
    pub side: Spanned<String>,
    /// Index in its fleet (0-based).
    pub ship: Spanned<i64>,
    /// Hex q.
    pub q: i64,
    /// Hex r.
    pub r: i64,
    /// Vector q (default 0).
    #[serde(default)]
    pub vq: i64,
    /// Vector r (default 0).
    #[serde(default)]
    pub vr: i64,
    /// Armor Value at the start (default: the design's maximum).
    #[serde(default)]
    pub armor: Option<Spanned<f64>>,
}

/// The `[scenario]` table (given at most once across the documents) and its document.
pub(super) fn scenario<'a>(
    docs: &'a [Doc],
    is: &mut Issues,
) -> Option<(usize, &'a Spanned<ScenarioSpec>)> {
    one_of(docs, |d| d.scenario.as_ref(), "scenario", is)
}

/// The scenario's cost measure (default: volume).
pub(super) fn cost_measure(scen: Option<(usize, &Spanned<ScenarioSpec>)>) -> CostMeasure {
    scen.and_then(|(_, s)| s.get_ref().cost).unwrap_or_default()
}

/// The scenario's light level for Photovoltaic Panels (J72; default 1).
pub(super) fn light_level(scen: Option<(usize, &Spanned<ScenarioSpec>)>, is: &mut Issues) -> f64 {
    match scen.and_then(|(d, s)| s.get_ref().light_level.as_ref().map(|l| (d, l))) {
        Some((d, l)) => is.real_or_lo(d, l, "scenario.light_level", 0.0, 100.0),
        None => 1.0,
    }
}

/// The cost of a design under the measure (rounded to whole points for reports).
pub fn cost_of(d: &ShipDesign, measure: CostMeasure) -> u32 {
    let v = match measure {
        CostMeasure::Volume => d.volume,
        CostMeasure::Price => d.price.unwrap_or(0.0),
    };
    v.round().clamp(0.0, f64::from(u32::MAX)) as u32
}

/// Stage 1 ("Place all agreed upon ships for both sides onto a hexgrid"): side A's ships in a
/// line at q = 0, two hexes apart along r, centred on r = 0; side B's are their exact mirror
/// image through the battle's centre (`distance`/2, 0) — the point reflection (q, r) →
/// (`distance` − q, −r), which maps every hex direction to its opposite and keeps every
/// distance — so B's ship `idx` stands where A's ship `idx` would face it, and a fleet
/// deployed against itself starts in mirror-image states (vectors are zero; fair seats).
pub(crate) fn deployed_at(side: Side, idx: usize, ships: usize, distance: i32) -> Hex {
    let r = 2 * idx as i32 - (ships as i32 - 1);
    match side {
        Side::A => Hex::new(0, r),
        Side::B => Hex::new(distance, -r),
    }
}

/// `[[scenario.start]]`: fixed positions, vectors and armor for some ships (of document `sd`),
/// over the deployment in `start` (side A's ships, then side B's).
pub(super) fn fixed_starts(
    sd: usize,
    spec: &ScenarioSpec,
    sides: &[SideOf],
    start: &mut [ShipState],
    designs: &[ShipDesign],
    is: &mut Issues,
) {
    for (n, st) in spec.start.iter().enumerate() {
        let s = st.get_ref();
        let at = format!("scenario.start[{n}]");
        let side = match s.side.get_ref().as_str() {
            "A" | "a" => 0,
            "B" | "b" => 1,
            other => {
                is.push(
                    sd,
                    s.side.span(),
                    format!("{at}.side"),
                    format!("unknown side `{other}`; allowed: A, B"),
                );
                continue;
            }
        };
        let count = sides[side].1.len() as i64;
        let idx = *s.ship.get_ref();
        if !(0..count).contains(&idx) {
            is.push(
                sd,
                s.ship.span(),
                format!("{at}.ship"),
                format!("{idx} is out of range: allowed 0..={}", count - 1),
            );
            continue;
        }
        let i = if side == 0 {
            idx as usize
        } else {
            sides[0].1.len() + idx as usize
        };
        let lim = 1_000_000;
        if [s.q, s.r, s.vq, s.vr].iter().any(|v| v.abs() > lim) {
            is.push(
                sd,
                st.span(),
                at.clone(),
                format!("coordinates and vector must be within ±{lim}"),
            );
            continue;
        }
        start[i].pos = Hex::new(s.q as i32, s.r as i32);
        start[i].prev_pos = start[i].pos;
        start[i].vel = Hex::new(s.vq as i32, s.vr as i32);
        if let Some(a) = &s.armor {
            let max = designs[usize::from(start[i].design)].armor;
            start[i].armor = is.real_or_lo(sd, a, &format!("{at}.armor"), 0.0, max);
        }
    }
}

/// Validate `[scenario.objective]` against the matchup's fleets.
pub(super) fn objective(
    sd: usize,
    o: &Spanned<ObjectiveSpec>,
    sides: &[SideOf],
    distance: i32,
    is: &mut Issues,
) -> Option<Objective> {
    let spec = o.get_ref();
    let at = "scenario.objective";
    let side = match spec.side.as_ref().map(|s| (s.get_ref().as_str(), s.span())) {
        None | Some(("A" | "a", _)) => 0,
        Some(("B" | "b", _)) => 1,
        Some((other, span)) => {
            is.push(
                sd,
                span,
                format!("{at}.side"),
                format!("unknown side `{other}`; allowed: A, B"),
            );
            return None;
        }
    };
    let count = sides[side].1.len() as i64;
    let idx = spec.ship.as_ref().map_or(0, |s| {
        is.int_or_lo(sd, s, &format!("{at}.ship"), 0, count - 1)
    });
    let ship = if side == 0 {
        idx as usize
    } else {
        sides[0].1.len() + idx as usize
    };
    let hex = |default: Hex| {
        spec.hex.as_ref().map_or(default, |h| {
            let [q, r] = *h.get_ref();
            Hex::new(
                q.clamp(-1_000_000, 1_000_000) as i32,
                r.clamp(-1_000_000, 1_000_000) as i32,
            )
        })
    };
    let radius = |is: &mut Issues, default: i64| {
        spec.radius.as_ref().map_or(default, |r| {
            is.int_or_lo(sd, r, &format!("{at}.radius"), 0, 10_000)
        }) as i32
    };
    Some(match spec.kind {
        ObjectiveKind::HoldTheArea => Objective::HoldTheArea {
            hex: hex(Hex::new(distance / 2, 0)),
            radius: radius(is, 5),
        },
        ObjectiveKind::Vip => Objective::Vip {
            ship,
            worth_percent: spec.worth_percent.as_ref().map_or(50, |w| {
                is.int_or_lo(sd, w, &format!("{at}.worth_percent"), 0, 100)
            }) as u32,
        },
        ObjectiveKind::BlockadeRun => Objective::BlockadeRun {
            ship,
            hex: hex(Hex::new(if side == 0 { distance } else { 0 }, 0)),
            radius: radius(is, 2),
            hold_turns: spec.hold_turns.as_ref().map_or(3, |h| {
                is.int_or_lo(sd, h, &format!("{at}.hold_turns"), 1, 1000)
            }) as u32,
        },
    })
}
