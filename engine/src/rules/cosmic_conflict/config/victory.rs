//! `[scenario.victory]`: which of the four victory conditions count, how many are drawn after
//! the game, the scenario objective, and the choices the text leaves to a die (ch. 9).

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::rule_system::did_you_mean;

use super::super::victory::{Axis, Measure, Objective, VictoryCondition, VictoryRules};
use super::issues::Issues;

/// `[scenario.victory]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictorySpec {
    /// Victory conditions to pick from (default: all four).
    #[serde(default)]
    pub conditions: Option<Spanned<Vec<String>>>,
    /// How many count, drawn at random after each game when fewer than listed (default 2, the
    /// text's; at most the number listed).
    #[serde(default)]
    pub pick: Option<Spanned<i64>>,
    /// `scanning-raid` or `objective-line`.
    #[serde(default)]
    pub objective: Option<Spanned<String>>,
    /// Area control strips 1..=6 (default: a d6 per game).
    #[serde(default)]
    pub strips: Option<Spanned<i64>>,
    /// Area control axis `x` or `y` (default: a d6 per game).
    #[serde(default)]
    pub axis: Option<Spanned<String>>,
    /// `size` or `points` for ships-remaining and destroyed-fled (default: a d6 each).
    #[serde(default)]
    pub measure: Option<Spanned<String>>,
    /// Objective-line objectives (default: one per 500 points of the larger fleet, at least 1).
    #[serde(default)]
    pub objectives: Option<Spanned<i64>>,
}

/// Validate `[scenario.victory]`. `objectives` stays 0 ("one per 500 points") unless given;
/// each matchup fills it in from its fleets' points.
pub(super) fn victory(doc: usize, spec: &VictorySpec, issues: &mut Issues) -> VictoryRules {
    let mut pool = Vec::new();
    match &spec.conditions {
        None => pool.extend(VictoryCondition::ALL),
        Some(list) => {
            for name in list.get_ref() {
                match VictoryCondition::ALL.iter().find(|c| c.name() == name) {
                    Some(c) if pool.contains(c) => issues.push(
                        doc,
                        list.span(),
                        "scenario.victory.conditions",
                        format!("`{name}` is listed twice"),
                    ),
                    Some(c) => pool.push(*c),
                    None => {
                        let names: Vec<&str> =
                            VictoryCondition::ALL.iter().map(|c| c.name()).collect();
                        issues.push(
                            doc,
                            list.span(),
                            "scenario.victory.conditions",
                            format!(
                                "unknown victory condition `{name}`{}; allowed: {}",
                                did_you_mean(name, &names),
                                names.join(", ")
                            ),
                        );
                    }
                }
            }
        }
    }
    let pick = match &spec.pick {
        Some(p) => issues
            .int(doc, p, "scenario.victory.pick", 0, pool.len() as i64)
            .map_or(pool.len().min(2) as u8, |n| n as u8),
        None => pool.len().min(2) as u8,
    };
    let objective = issues.choice(
        doc,
        &spec.objective,
        "scenario.victory.objective",
        &[
            ("scanning-raid", Objective::ScanningRaid),
            ("objective-line", Objective::ObjectiveLine),
        ],
    );
    let strips = spec
        .strips
        .as_ref()
        .and_then(|s| issues.int(doc, s, "scenario.victory.strips", 1, 6))
        .map(|s| s as u8);
    let axis = issues.choice(
        doc,
        &spec.axis,
        "scenario.victory.axis",
        &[("x", Axis::X), ("y", Axis::Y)],
    );
    let measure = issues.choice(
        doc,
        &spec.measure,
        "scenario.victory.measure",
        &[("size", Measure::Size), ("points", Measure::Points)],
    );
    let objectives = spec
        .objectives
        .as_ref()
        .and_then(|s| issues.int(doc, s, "scenario.victory.objectives", 1, 20))
        .unwrap_or(0) as u8;
    if pick == 0 && objective.is_none() {
        let span = spec
            .pick
            .as_ref()
            .map(|p| p.span())
            .or(spec.conditions.as_ref().map(|c| c.span()))
            .unwrap_or(0..0);
        issues.push(
            doc,
            span,
            "scenario.victory",
            "nothing decides the game: pick at least one condition or give an `objective`",
        );
    }
    VictoryRules {
        pool,
        pick,
        objective,
        strips,
        axis,
        measure,
        objectives,
    }
}
