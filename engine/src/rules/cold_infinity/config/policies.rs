//! A matchup side's policy: a preset (`Policy::PRESETS`, default `closing-gunline`) and the
//! per-side overrides of its settings (D17: the range kept, what the thrust plan steers by, the
//! EW split, spare power into EW, the shroud's margin). A side that overrides nothing plays its
//! preset exactly as before; an override is named in the matchup's label
//! (`reapers (ew-support bands=1)`).

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::rule_system::did_you_mean;

use super::super::policy::{EwSplit, Policy, Steer};
use super::issues::Issues;

/// One side of a matchup.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    /// Fleet name.
    pub fleet: Spanned<String>,
    /// Policy preset (default `closing-gunline`).
    #[serde(default)]
    pub policy: Option<Spanned<String>>,
    /// Override: range bands of the main weapon to keep at (1–4; `standoff-gunline`,
    /// `missile-carrier` and `ew-support` 2, the others 1).
    #[serde(default)]
    pub bands: Option<Spanned<i64>>,
    /// Override: keep at half the main weapon's first band (`close-brawler` true).
    #[serde(default)]
    pub close: Option<bool>,
    /// Override: a design with missile racks keeps at their launch range (`missile-carrier`
    /// true).
    #[serde(default)]
    pub carrier: Option<bool>,
    /// Override: what the thrust plan keeps bearing, `main-weapon` (default) or `most-mounts`
    /// (`close-brawler`).
    #[serde(default)]
    pub steer: Option<Steer>,
    /// Override: the EW points after the shroud, `even` (half amplification, half ECM; default)
    /// or `screen` (all ECM; `ew-support`).
    #[serde(default)]
    pub ew: Option<EwSplit>,
    /// Override: power left after weapons and shields buys EW points (§4.4) instead of engine
    /// enrichment (`ew-support` true).
    #[serde(default)]
    pub boost_ew: Option<bool>,
    /// Override: SDF weapons that hold fire may screen a friend (§11.1.7; every preset false).
    #[serde(default)]
    pub screening: Option<bool>,
    /// Override: a weapon that may defend holds back from the fire plan when its DF saves more
    /// than its best shot deals (`policy::hold_for_df`; every preset false).
    #[serde(default)]
    pub hold_for_df: Option<bool>,
    /// Override: extra hexes the shroud reaches beyond the predicted range (0–30; default 2).
    #[serde(default)]
    pub shroud_margin: Option<Spanned<i64>>,
}

/// The side's fleet name.
pub(super) fn fleet_of(s: &SideSpec) -> &Spanned<String> {
    &s.fleet
}

/// A side's policy preset with its overrides; `None` for an unknown preset (reported).
pub(super) fn policy(d: usize, at: &str, side: &SideSpec, is: &mut Issues) -> Option<Policy> {
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
                "unknown preset `{name}`{}; allowed: {}",
                did_you_mean(name, Policy::PRESETS),
                Policy::PRESETS.join(", ")
            ),
        );
        return None;
    };
    if let Some(b) = &side.bands {
        p.bands = is.int_or_lo(d, b, &format!("{at}.bands"), 1, 4) as i32;
    }
    if let Some(c) = side.close {
        p.close = c;
    }
    if let Some(c) = side.carrier {
        p.carrier = c;
    }
    if let Some(s) = side.steer {
        p.steer = s;
    }
    if let Some(e) = side.ew {
        p.ew = e;
    }
    if let Some(b) = side.boost_ew {
        p.boost_ew = b;
    }
    if let Some(s) = side.screening {
        p.screening = s;
    }
    if let Some(h) = side.hold_for_df {
        p.hold_for_df = h;
    }
    if let Some(m) = &side.shroud_margin {
        p.shroud_margin = is.int_or_lo(d, m, &format!("{at}.shroud_margin"), 0, 30) as i32;
    }
    Some(p)
}
