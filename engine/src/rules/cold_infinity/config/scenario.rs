//! `[scenario]`: where the lines start and how long a battle may last. The text gives no
//! standard setup, so the whole table is a house rule (`scenario`, `turn_cap`, `disarmed`).

use serde::Deserialize;
use serde_spanned::Spanned;

use super::super::matchup::{Disarmed, Scenario};
use super::Doc;
use super::issues::{Issues, one_of};

/// `[scenario]`; every key optional (defaults: [`Scenario::default`]).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioSpec {
    /// Hexes between the two lines (2..=200).
    #[serde(default)]
    pub start_range: Option<Spanned<i64>>,
    /// Steps of two hexes, square to the axis, between neighbouring ships of a line (1..=10).
    #[serde(default)]
    pub spacing: Option<Spanned<i64>>,
    /// Starting speed toward the enemy (0..=20).
    #[serde(default)]
    pub start_speed: Option<Spanned<i64>>,
    /// Turns before the turn-cap measure decides (1..=500).
    #[serde(default)]
    pub turn_cap: Option<Spanned<i64>>,
    /// A side that can no longer attack: `out-of-the-fight` or `fights-on`.
    #[serde(default)]
    pub disarmed: Option<Spanned<String>>,
}

/// The experiment's scenario.
pub(super) fn scenario(docs: &[Doc], is: &mut Issues) -> Scenario {
    let mut s = Scenario::default();
    let Some((d, spec)) = one_of(docs, |d| d.scenario.as_ref(), "scenario", is) else {
        return s;
    };
    let spec = spec.get_ref();
    let mut int = |v: &Option<Spanned<i64>>, field: &str, lo: i64, hi: i64, out: &mut i64| {
        if let Some(v) = v {
            *out = is.int_or_lo(d, v, &format!("scenario.{field}"), lo, hi);
        }
    };
    let (mut r, mut sp, mut v, mut t) = (
        i64::from(s.start_range),
        i64::from(s.spacing),
        i64::from(s.start_speed),
        i64::from(s.turn_cap),
    );
    int(&spec.start_range, "start_range", 2, 200, &mut r);
    int(&spec.spacing, "spacing", 1, 10, &mut sp);
    int(&spec.start_speed, "start_speed", 0, 20, &mut v);
    int(&spec.turn_cap, "turn_cap", 1, 500, &mut t);
    s.start_range = r as i32;
    s.spacing = sp as i32;
    s.start_speed = v as i32;
    s.turn_cap = t as u32;
    if let Some(x) = is.choice(
        d,
        &spec.disarmed,
        "scenario.disarmed",
        &[
            ("out-of-the-fight", Disarmed::OutOfTheFight),
            ("fights-on", Disarmed::FightsOn),
        ],
    ) {
        s.disarmed = x;
    }
    s
}
