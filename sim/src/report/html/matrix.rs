//! The "Fleet matrix" section (from `matrix.csv`, when present): every ordered fleet pair's
//! score from the row fleet's view (wins + ½ draws per battle) as a heatmap, and the
//! win/draw/loss counts with the score's interval beside it. Fleets are in ranking order when
//! `ranking.csv` is present, else in order of appearance.

use super::escape::{int, pct_ci};
use super::input::CsvFile;
use super::page::{Cell, plot_beside_table, table};
use super::plot::{HeatCell, heatmap};
use super::{HtmlError, Section};

fn index_of(fleets: &mut Vec<String>, name: &str) -> usize {
    match fleets.iter().position(|f| f == name) {
        Some(i) => i,
        None => {
            fleets.push(name.to_owned());
            fleets.len() - 1
        }
    }
}

/// The section.
pub(crate) fn section(file: &CsvFile, ranking: Option<&CsvFile>) -> Result<Section, HtmlError> {
    file.require(&[
        "row_fleet",
        "row_policy",
        "col_fleet",
        "col_policy",
        "battles",
        "wins",
        "draws",
        "losses",
        "score",
        "score_ci_low",
        "score_ci_high",
    ])?;
    let mut fleets: Vec<String> = Vec::new();
    if let Some(ranking) = ranking {
        ranking.require(&["fleet", "policy"])?;
        for r in ranking.rows() {
            index_of(&mut fleets, &r.fleet_label("")?);
        }
    }
    let mut cells = Vec::new();
    let mut numbers = Vec::new();
    for r in file.rows() {
        let (row_fleet, col_fleet) = (r.fleet_label("row_")?, r.fleet_label("col_")?);
        let row = index_of(&mut fleets, &row_fleet);
        let col = index_of(&mut fleets, &col_fleet);
        let score = r.f64("score")?;
        cells.push(HeatCell { row, col, score });
        numbers.push(vec![
            Cell::Text(row_fleet),
            Cell::Text(col_fleet),
            Cell::Num(int(r.u64("battles")?)),
            Cell::Num(format!(
                "{} / {} / {}",
                int(r.u64("wins")?),
                int(r.u64("draws")?),
                int(r.u64("losses")?)
            )),
            Cell::Num(pct_ci(
                score,
                r.f64("score_ci_low")?,
                r.f64("score_ci_high")?,
            )),
        ]);
    }
    let numbers = table(
        &["fleet", "against", "battles", "W / D / L", "score [CI]"],
        &numbers,
    );
    let body = if cells.is_empty() {
        format!("<p class=\"note\">matrix.csv has no rows.</p>{numbers}")
    } else {
        plot_beside_table(
            &heatmap(&fleets, &cells)?,
            "Score of the row fleet against the column fleet (wins + ½ draws per battle, both \
             sides of each pairing played). Blue: the row fleet is stronger; red: weaker.",
            "",
            &numbers,
        )
    };
    Ok(Section {
        id: "matrix",
        title: "Fleet matrix".into(),
        body,
    })
}
