//! The "Win rates" section (from `summary.csv`): each matchup's win rate of side A and of
//! side B with their intervals as whiskers, a line at 50%, and the numbers beside it.

use super::escape::{int, num, pct, pct_ci};
use super::input::CsvFile;
use super::page::{Cell, legend, plot_beside_table, table};
use super::plot::{BLUE, ORANGE, Unit, WhiskerPlot, WhiskerRow, whiskers};
use super::{HtmlError, Section};
use crate::report::verdict::side_labels;

const COLUMNS: [&str; 11] = [
    "matchup",
    "battles",
    "a_win_rate",
    "a_win_ci_low",
    "a_win_ci_high",
    "b_win_rate",
    "b_win_ci_low",
    "b_win_ci_high",
    "draw_rate",
    "draws",
    "mean_turns",
];

/// The matchup labels in `summary.csv` order (the order of every per-matchup section).
pub(crate) fn matchup_order(summary: &CsvFile) -> Result<Vec<String>, HtmlError> {
    summary.require(&["matchup"])?;
    summary
        .rows()
        .map(|r| r.str("matchup").map(str::to_owned))
        .collect()
}

/// The section.
pub(crate) fn section(summary: &CsvFile) -> Result<Section, HtmlError> {
    summary.require(&COLUMNS)?;
    let mut rows = Vec::new();
    let mut cells = Vec::new();
    let mut sides: Vec<[String; 2]> = Vec::new();
    for r in summary.rows() {
        let a = (
            r.f64("a_win_rate")?,
            r.f64("a_win_ci_low")?,
            r.f64("a_win_ci_high")?,
        );
        let b = (
            r.f64("b_win_rate")?,
            r.f64("b_win_ci_low")?,
            r.f64("b_win_ci_high")?,
        );
        let label = r.str("matchup")?.to_owned();
        sides.push(side_labels(&label));
        cells.push(vec![
            Cell::Text(label.clone()),
            Cell::Num(int(r.u64("battles")?)),
            Cell::Num(pct_ci(a.0, a.1, a.2)),
            Cell::Num(pct_ci(b.0, b.1, b.2)),
            Cell::Num(format!(
                "{} ({})",
                pct(r.f64("draw_rate")?),
                int(r.u64("draws")?)
            )),
            Cell::Num(num(r.f64("mean_turns")?, 2)),
        ]);
        rows.push(WhiskerRow {
            label,
            points: vec![Some(a), Some(b)],
            emphasis: false,
        });
    }
    let numbers = table(
        &[
            "matchup",
            "battles",
            "A wins [CI]",
            "B wins [CI]",
            "draws",
            "mean turns",
        ],
        &cells,
    );
    // The fleets' names when every matchup has the same two sides; else the seats.
    let names: [String; 2] = match sides.split_first() {
        Some((first, rest)) if rest.iter().all(|s| s == first) => first.clone(),
        _ => [
            "side A (named first in each matchup)".into(),
            "side B (named second)".into(),
        ],
    };
    let body = if rows.is_empty() {
        format!("<p class=\"note\">No matchups in this report.</p>{numbers}")
    } else {
        let svg = whiskers(&WhiskerPlot {
            what: "win rate",
            rows: &rows,
            colors: &[BLUE, ORANGE],
            x_range: 0.0..1.0,
            x_desc: "win rate and confidence interval",
            reference: Some(0.5),
            unit: Unit::Percent,
        })?;
        plot_beside_table(
            &svg,
            "Share of battles each side won. Draws make up the rest; the grey line is 50%.",
            &legend(&[(BLUE, &names[0]), (ORANGE, &names[1])]),
            &numbers,
        )
    };
    Ok(Section {
        id: "win-rates",
        title: "Win rates".into(),
        body,
    })
}
