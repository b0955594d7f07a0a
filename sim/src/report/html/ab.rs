//! The "A/B" section (from `ab.csv`, when present): the paired win-rate difference between
//! the variant and the base fleet against each opponent and overall, as a forest plot, and
//! both win rates with their intervals.

use super::escape::{int, pct_ci, pp};
use super::input::CsvFile;
use super::page::{Cell, legend, plot_beside_table, table};
use super::plot::{BLUE, ORANGE, Unit, WhiskerPlot, WhiskerRow, span, whiskers};
use super::{HtmlError, Section};

/// The opponent name of the row that pools every opponent.
pub(crate) use crate::report::kinds::OVERALL;

/// The section.
pub(crate) fn section(file: &CsvFile) -> Result<Section, HtmlError> {
    file.require(&[
        "opponent_fleet",
        "opponent_policy",
        "battles",
        "base_win_rate",
        "base_ci_low",
        "base_ci_high",
        "variant_win_rate",
        "variant_ci_low",
        "variant_ci_high",
        "delta",
        "delta_ci_low",
        "delta_ci_high",
    ])?;
    // The fleets' names for the legend (columns a newer file has; older ones say base/variant).
    let (mut base_fleet, mut variant_fleet) = (String::from("base"), String::from("variant"));
    if file.has("base_fleet")
        && file.has("variant_fleet")
        && let Some(r) = file.rows().next()
    {
        base_fleet = r.str("base_fleet")?.to_owned();
        variant_fleet = r.str("variant_fleet")?.to_owned();
    }
    let mut delta_rows = Vec::new();
    let mut rate_rows = Vec::new();
    let mut cells = Vec::new();
    // Opponents first, the overall row last (wherever it is in the file).
    let mut rows: Vec<_> = file.rows().collect();
    rows.sort_by_key(|r| r.opponent().map(|o| o == OVERALL).unwrap_or(false));
    for r in rows {
        let opponent = r.opponent()?;
        let overall = opponent == OVERALL;
        let base = (
            r.f64("base_win_rate")?,
            r.f64("base_ci_low")?,
            r.f64("base_ci_high")?,
        );
        let variant = (
            r.f64("variant_win_rate")?,
            r.f64("variant_ci_low")?,
            r.f64("variant_ci_high")?,
        );
        let delta = (
            r.f64("delta")?,
            r.f64("delta_ci_low")?,
            r.f64("delta_ci_high")?,
        );
        cells.push(vec![
            Cell::Text(opponent.clone()),
            Cell::Num(int(r.u64("battles")?)),
            Cell::Num(pct_ci(base.0, base.1, base.2)),
            Cell::Num(pct_ci(variant.0, variant.1, variant.2)),
            Cell::Num(format!(
                "{} [{}, {}]",
                pp(delta.0),
                pp(delta.1),
                pp(delta.2)
            )),
        ]);
        delta_rows.push(WhiskerRow {
            label: opponent.clone(),
            points: vec![Some(delta)],
            emphasis: overall,
        });
        rate_rows.push(WhiskerRow {
            label: opponent,
            points: vec![Some(base), Some(variant)],
            emphasis: false,
        });
    }
    let numbers = table(
        &[
            "opponent",
            "battles",
            "base wins [CI]",
            "variant wins [CI]",
            "Δ variant − base [CI]",
        ],
        &cells,
    );
    let body = if delta_rows.is_empty() {
        format!("<p class=\"note\">ab.csv has no rows.</p>{numbers}")
    } else {
        let x_range = span(
            delta_rows
                .iter()
                .flat_map(|r| r.points.iter().flatten().flat_map(|p| [p.1, p.2])),
            &[0.0],
        );
        let forest = whiskers(&WhiskerPlot {
            what: "A/B forest",
            rows: &delta_rows,
            colors: &[BLUE],
            x_range,
            x_desc: "variant − base win rate, percentage points (paired, same battle seeds)",
            reference: Some(0.0),
            unit: Unit::Points,
        })?;
        let rates = whiskers(&WhiskerPlot {
            what: "A/B win rate",
            rows: &rate_rows,
            colors: &[BLUE, ORANGE],
            x_range: 0.0..1.0,
            x_desc: "win rate with confidence interval",
            reference: Some(0.5),
            unit: Unit::Percent,
        })?;
        format!(
            "{}{}",
            plot_beside_table(
                &forest,
                "Win-rate difference, variant minus base, per opponent and overall (black). \
                 Right of the grey line: the variant wins more.",
                "",
                &numbers,
            ),
            plot_beside_table(
                &rates,
                "Win rates of base and variant against each opponent.",
                &legend(&[
                    (BLUE, &format!("base: {base_fleet}")),
                    (ORANGE, &format!("variant: {variant_fleet}")),
                ]),
                "",
            )
        )
    };
    Ok(Section {
        id: "ab",
        title: "A/B: variant against base".into(),
        body,
    })
}
