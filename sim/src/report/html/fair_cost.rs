//! The "Fair cost" section (from `fair_cost.csv`, when present): the points value at which
//! the subject is neither better nor worse than its price, its interval and how it was found.
//! Columns `opponent_fleet`/`opponent_policy`, `price` and `verdict` are shown when present
//! (fleetlab writes them; a hand-made file may have only the required ones), and so are the
//! ladder checks
//! (`ladder_monotone`, `lack_of_fit_p`, `inside_ladder`: a banner when one fails). With
//! `ladder.csv` the section plots the overall ladder (points vs score with intervals and the
//! fitted line) beside its table.

use std::fmt::Write;

use super::escape::{esc, num};
use super::input::CsvFile;
use super::page::{Cell, legend, plot_beside_table, table};
use super::plot::{BLACK, BLUE, LadderPoint, ORANGE, ladder};
use super::{HtmlError, Section};
use crate::report::kinds::OVERALL;

/// What the ladder checks of one row found wrong (empty: nothing, or not in the file).
fn ladder_problems(r: &super::input::Row, file: &CsvFile) -> Result<Vec<String>, HtmlError> {
    let mut out = Vec::new();
    if file.has("ladder_monotone") && !r.bool("ladder_monotone")? {
        out.push("ladder not monotone".to_owned());
    }
    if file.has("lack_of_fit_p") {
        let p = r.f64("lack_of_fit_p")?;
        if p < 0.05 {
            out.push(format!(
                "straight line fits poorly (p {})",
                if p < 1e-4 {
                    "< 0.0001".to_owned()
                } else {
                    format!("= {p:.4}")
                }
            ));
        }
    }
    if file.has("inside_ladder") && !r.bool("inside_ladder")? && r.f64("estimate")?.is_finite() {
        out.push("answer outside the ladder (extrapolated)".to_owned());
    }
    Ok(out)
}

/// The overall ladder plot and its table, from `ladder.csv`.
fn ladder_plot(file: &CsvFile) -> Result<String, HtmlError> {
    file.require(&[
        "opponent_fleet",
        "opponent_policy",
        "role",
        "fleet",
        "points",
        "score",
        "ci_low",
        "ci_high",
        "fitted",
    ])?;
    let mut arms = Vec::new();
    let mut cells = Vec::new();
    for r in file
        .rows()
        .filter(|r| r.opponent().is_ok_and(|o| o == OVERALL))
    {
        let (score, low, high) = (r.f64("score")?, r.f64("ci_low")?, r.f64("ci_high")?);
        arms.push(LadderPoint {
            points: r.f64("points")?,
            score: (score, low, high),
            fitted: r.f64("fitted")?,
            role: r.str("role")?.to_owned(),
        });
        cells.push(vec![
            Cell::Text(r.str("fleet")?.to_owned()),
            Cell::Text(r.str("role")?.to_owned()),
            Cell::Num(r.str("points")?.to_owned()),
            Cell::Num(num(score, 3)),
            Cell::Num(format!("[{}, {}]", num(low, 3), num(high, 3))),
            Cell::Num(num(r.f64("fitted")?, 3)),
        ]);
    }
    if arms.is_empty() {
        return Ok(String::new());
    }
    let svg = ladder("fair-cost ladder", &arms)?;
    let tab = table(
        &["fleet", "role", "points", "score", "interval", "line"],
        &cells,
    );
    Ok(plot_beside_table(
        &svg,
        "The ladder, all opponents: mean score against points, with intervals; the grey line \
         is fitted over the base and the rungs (on the logit scale when the method says so: \
         then drawn back as scores), its slope is the score per point",
        &legend(&[(BLACK, "base"), (BLUE, "rung"), (ORANGE, "variant")]),
        &tab,
    ))
}

/// The section (`ladder`: `ladder.csv`, when present).
pub(crate) fn section(file: &CsvFile, ladder_file: Option<&CsvFile>) -> Result<Section, HtmlError> {
    file.require(&["variant_fleet", "estimate", "ci_low", "ci_high", "method"])?;
    let (by_opponent, priced) = (file.has("opponent_fleet"), file.has("price"));
    let has_verdict = file.has("verdict");
    let checked = file.has("ladder_monotone") || file.has("lack_of_fit_p");
    let mut banners = String::new();
    let mut body = String::new();
    let mut cells = Vec::new();
    let mut methods: Vec<String> = Vec::new();
    for r in file.rows() {
        let (subject, estimate) = (r.str("variant_fleet")?, r.f64("estimate")?);
        let (low, high) = (r.f64("ci_low")?, r.f64("ci_high")?);
        let method = r.str("method")?.to_owned();
        let opponent = if by_opponent {
            r.opponent()?
        } else {
            String::new()
        };
        let price = if priced { Some(r.f64("price")?) } else { None };
        let verdict = if has_verdict { r.str("verdict")? } else { "" };
        let problems = ladder_problems(&r, file)?;
        if !problems.is_empty() {
            let _ = writeln!(
                banners,
                "<div class=\"banner\">Fair cost {}: {}.</div>",
                if opponent.is_empty() || opponent == "overall" {
                    "overall".to_owned()
                } else {
                    format!("against {}", esc(&opponent))
                },
                esc(&problems.join("; "))
            );
        }
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
        if checked {
            row.push(Cell::Text(if problems.is_empty() {
                "ok".to_owned()
            } else {
                problems.join("; ")
            }));
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
    if checked {
        headers.push("ladder");
    }
    if !by_opponent {
        headers.push("method");
    }
    body.push_str(&table(&headers, &cells));
    if let Some(l) = ladder_file {
        body.push_str(&ladder_plot(l)?);
    }
    let mut body = banners + &body;
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
