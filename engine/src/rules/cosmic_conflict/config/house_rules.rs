//! `[house_rules]`: the overrides of the named house rules (given in one document at most),
//! checked for values the rules cannot use.

use std::ops::Range;

use super::super::design::MAX_SIZE;
use super::super::house_rules::{FormationChanges, HouseRules};
use super::Doc;
use super::issues::{Issues, one_of};

/// The experiment's house rules: the defaults with the `[house_rules]` overrides, checked.
pub(super) fn house_rules(docs: &[Doc], issues: &mut Issues) -> HouseRules {
    one_of(docs, |d| d.house_rules.as_ref(), "house_rules", issues)
        .map(|(d, r)| {
            let r = r.get_ref().clone();
            check_rules(
                d,
                &r,
                docs[d]
                    .house_rules
                    .as_ref()
                    .map(|s| s.span())
                    .unwrap_or(0..0),
                issues,
            );
            r
        })
        .unwrap_or_default()
}

fn check_rules(d: usize, r: &HouseRules, span: Range<usize>, issues: &mut Issues) {
    if r.chart.glance_max < r.chart.miss_max {
        issues.push(
            d,
            span.clone(),
            "house_rules.chart",
            format!(
                "glance_max ({}) must be at least miss_max ({})",
                r.chart.glance_max, r.chart.miss_max
            ),
        );
    }
    for (k, row) in r.movement_table.iter().enumerate() {
        if row.vmax > 50 || row.maneuver > 50 || row.heading_slow > 6 || row.heading_fast > 6 {
            issues.push(
                d,
                span.clone(),
                format!("house_rules.movement_table[{k}]"),
                "vmax and maneuver must be 0..=50, headings 0..=6",
            );
        }
    }
    let w = &r.weapon_ranges;
    for (name, bands) in [
        ("kinetic", &w.kinetic[..]),
        ("beam", &w.beam[..]),
        ("rockets", &w.rockets[..]),
        ("missiles", &w.missiles[..]),
    ] {
        let ok = bands
            .iter()
            .all(|b| b.is_finite() && *b > 0.0 && *b <= 1000.0)
            && bands.windows(2).all(|p| p[0] < p[1]);
        if !ok {
            issues.push(
                d,
                span.clone(),
                format!("house_rules.weapon_ranges.{name}"),
                format!("{bands:?}: ranges must be positive, at most 1000, and increasing"),
            );
        }
    }
    if !(r.pws_exchange_distance >= 0.0 && r.pws_exchange_distance <= 100.0) {
        issues.push(
            d,
            span.clone(),
            "house_rules.pws_exchange_distance",
            format!(
                "{} is out of range: allowed 0..=100",
                r.pws_exchange_distance
            ),
        );
    }
    for (name, v) in [
        ("arc_cost_first", r.arc_cost_first),
        ("arc_cost_additional", r.arc_cost_additional),
        ("linked_cost_per_x", r.linked_cost_per_x),
    ] {
        if v > 1000 {
            issues.push(
                d,
                span.clone(),
                format!("house_rules.{name}"),
                format!("{v} is out of range: allowed 0..=1000"),
            );
        }
    }
    if r.fighter_weapon_size_max == 0 || r.fighter_weapon_size_max > MAX_SIZE {
        issues.push(
            d,
            span.clone(),
            "house_rules.fighter_weapon_size_max",
            format!(
                "{} is out of range: allowed 1..={MAX_SIZE}",
                r.fighter_weapon_size_max
            ),
        );
    }
    if r.formations.changes == FormationChanges::BeforeEachTurn {
        issues.push(
            d,
            span.clone(),
            "house_rules.formations.changes",
            "`before-each-turn` (policies forming, joining or re-declaring Formations and \
             Escorts before each turn, ch. 9g) is not supported yet: groups are fixed at \
             deployment; use `at-deployment` or leave `changes` out",
        );
    }
    if r.linked_max == 0 || r.linked_max > 6 {
        issues.push(
            d,
            span,
            "house_rules.linked_max",
            format!("{} is out of range: allowed 1..=6", r.linked_max),
        );
    }
}
