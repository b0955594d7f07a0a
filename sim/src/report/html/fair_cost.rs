//! The "Fair cost" section (from `fair_cost.csv`, when present): the points value at which
//! the subject is neither better nor worse than its price, its interval and how it was found.
//! Columns `opponent`, `price` and `verdict` are shown when present (fleetlab writes them; a
//! hand-made file may have only the required ones).

use std::fmt::Write;

use super::escape::{esc, num};
use super::input::CsvFile;
use super::page::{Cell, table};
use super::{HtmlError, Section};

/// The section.
pub(crate) fn section(file: &CsvFile) -> Result<Section, HtmlError> {
    file.require(&["subject", "estimate", "ci_low", "ci_high", "method"])?;
    let (by_opponent, priced) = (file.has("opponent"), file.has("price"));
    let has_verdict = file.has("verdict");
    let mut body = String::new();
    let mut cells = Vec::new();
    let mut methods: Vec<String> = Vec::new();
    for r in file.rows() {
        let (subject, estimate) = (r.str("subject")?, r.f64("estimate")?);
        let (low, high) = (r.f64("ci_low")?, r.f64("ci_high")?);
        let method = r.str("method")?.to_owned();
        let opponent = if by_opponent { r.str("opponent")? } else { "" };
        let price = if priced { Some(r.f64("price")?) } else { None };
        let verdict = if has_verdict { r.str("verdict")? } else { "" };
        if !by_opponent || opponent == "overall" {
            let charged = price.map_or(String::new(), |p| {
                format!("; the rules charge <b>{}</b>", esc(&num(p, 0)))
            });
            let judged = if verdict.is_empty() {
                String::new()
            } else {
                format!(" → <b>{}</b>", esc(verdict))
            };
            let _ = writeln!(
                body,
                "<p>Fair cost of <b>{}</b>: <b>{} points</b> (interval {} – {}){charged}{judged}.</p>",
                esc(subject),
                esc(&num(estimate, 1)),
                esc(&num(low, 1)),
                esc(&num(high, 1)),
            );
        }
        let mut row = vec![Cell::Text(subject.to_owned())];
        if by_opponent {
            row.push(Cell::Text(opponent.to_owned()));
        }
        row.push(Cell::Num(num(estimate, 2)));
        row.push(Cell::Num(format!("[{}, {}]", num(low, 2), num(high, 2))));
        if let Some(p) = price {
            row.push(Cell::Num(num(p, 0)));
        }
        if has_verdict {
            row.push(Cell::Text(verdict.to_owned()));
        }
        if !methods.contains(&method) {
            methods.push(method.clone());
        }
        if !by_opponent {
            row.push(Cell::Text(method));
        }
        cells.push(row);
    }
    let mut headers = vec!["subject"];
    if by_opponent {
        headers.push("against");
    }
    headers.extend(["estimate (points)", "interval"]);
    if priced {
        headers.push("price now");
    }
    if has_verdict {
        headers.push("verdict");
    }
    if !by_opponent {
        headers.push("method");
    }
    body.push_str(&table(&headers, &cells));
    if by_opponent {
        for m in methods {
            let _ = writeln!(body, "<p>Method: {}.</p>", esc(&m));
        }
    }
    Ok(Section {
        id: "fair-cost",
        title: "Fair cost".into(),
        body,
    })
}
