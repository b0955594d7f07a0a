//! The "Fair cost" section (from `fair_cost.csv`, when present): the points value at which
//! the subject is neither better nor worse than its price, its interval and how it was found.

use std::fmt::Write;

use super::escape::{esc, num};
use super::input::CsvFile;
use super::page::{Cell, table};
use super::{HtmlError, Section};

/// The section.
pub(crate) fn section(file: &CsvFile) -> Result<Section, HtmlError> {
    file.require(&["subject", "estimate", "ci_low", "ci_high", "method"])?;
    let mut body = String::new();
    let mut cells = Vec::new();
    for r in file.rows() {
        let (subject, estimate) = (r.str("subject")?, r.f64("estimate")?);
        let (low, high) = (r.f64("ci_low")?, r.f64("ci_high")?);
        let method = r.str("method")?;
        let _ = writeln!(
            body,
            "<p>Fair cost of <b>{}</b>: <b>{} points</b> (interval {} – {}).</p>",
            esc(subject),
            esc(&num(estimate, 1)),
            esc(&num(low, 1)),
            esc(&num(high, 1)),
        );
        cells.push(vec![
            Cell::Text(subject.to_owned()),
            Cell::Num(num(estimate, 2)),
            Cell::Num(format!("[{}, {}]", num(low, 2), num(high, 2))),
            Cell::Text(method.to_owned()),
        ]);
    }
    body.push_str(&table(
        &["subject", "estimate (points)", "interval", "method"],
        &cells,
    ));
    Ok(Section {
        id: "fair-cost",
        title: "Fair cost".into(),
        body,
    })
}
