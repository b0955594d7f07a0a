//! The "Ranking" section (from `ranking.csv`, when present): each fleet's Elo rating fitted to
//! the matrix with its interval, beside its rank, points and score.

use super::escape::{num, pct};
use super::input::CsvFile;
use super::page::{Cell, plot_beside_table, table};
use super::plot::{BLUE, Unit, WhiskerPlot, WhiskerRow, span, whiskers};
use super::{HtmlError, Section};

/// The section.
pub(crate) fn section(file: &CsvFile) -> Result<Section, HtmlError> {
    file.require(&[
        "rank",
        "fleet",
        "policy",
        "points",
        "elo",
        "elo_ci_low",
        "elo_ci_high",
        "score",
    ])?;
    let mut rows = Vec::new();
    let mut cells = Vec::new();
    for r in file.rows() {
        let fleet = r.fleet_label("")?;
        let elo = (r.f64("elo")?, r.f64("elo_ci_low")?, r.f64("elo_ci_high")?);
        cells.push(vec![
            Cell::Num(r.str("rank")?.to_owned()),
            Cell::Text(fleet.clone()),
            Cell::Num(r.str("points")?.to_owned()),
            Cell::Num(format!(
                "{} [{}, {}]",
                num(elo.0, 0),
                num(elo.1, 0),
                num(elo.2, 0)
            )),
            Cell::Num(pct(r.f64("score")?)),
        ]);
        rows.push(WhiskerRow {
            label: fleet,
            points: vec![Some(elo)],
            emphasis: false,
        });
    }
    let numbers = table(&["rank", "fleet", "points", "Elo [CI]", "score"], &cells);
    let body = if rows.is_empty() {
        format!("<p class=\"note\">ranking.csv has no rows.</p>{numbers}")
    } else {
        let x_range = span(
            rows.iter()
                .flat_map(|r| r.points.iter().flatten().flat_map(|p| [p.1, p.2])),
            &[],
        );
        let svg = whiskers(&WhiskerPlot {
            what: "ranking",
            rows: &rows,
            colors: &[BLUE],
            x_range,
            x_desc: "Elo rating with confidence interval",
            reference: None,
            unit: Unit::Number,
        })?;
        plot_beside_table(
            &svg,
            "Ratings fitted to the whole matrix; overlapping intervals mean the order of those \
             fleets is not settled.",
            "",
            &numbers,
        )
    };
    Ok(Section {
        id: "ranking",
        title: "Ranking".into(),
        body,
    })
}
