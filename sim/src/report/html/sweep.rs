//! The page of a sweep directory (`sweep.json`): the answer first (side A's score at each end
//! of the range and where it is even, with the warnings of the values' runs), the curve and
//! its table, links to each value's own report, and what was run last.

use std::fmt::Write;
use std::path::Path;

use super::escape::esc;
use super::page::{Cell, table};
use super::plot::{BLUE, Curve, ORANGE, sweep_plot};
use super::{HtmlError, Section};
use crate::sweep::SweepReport;

/// Line colours of the matchups, in order (repeating).
const COLORS: [plotters::style::RGBColor; 6] = [
    BLUE,
    ORANGE,
    plotters::style::RGBColor(44, 160, 44),
    plotters::style::RGBColor(148, 103, 189),
    plotters::style::RGBColor(140, 86, 75),
    plotters::style::RGBColor(214, 39, 40),
];

/// Read `sweep.json` in `dir`.
pub(crate) fn read(dir: &Path) -> Result<SweepReport, HtmlError> {
    let path = dir.join(crate::report::sweep_out::SWEEP_JSON);
    let text = std::fs::read_to_string(&path).map_err(|source| HtmlError::Read {
        path: path.clone(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|e| HtmlError::Malformed {
        path,
        line: Some(e.line() as u64),
        message: e.to_string(),
    })
}

/// The page's sections.
pub(crate) fn sections(dir: &Path, s: &SweepReport) -> Result<Vec<Section>, HtmlError> {
    let numeric = s.points.iter().all(|p| p.number.is_some());
    let names: Vec<String> = s.points.iter().map(|p| p.value.clone()).collect();
    let matchups = s.matchups();
    let curves: Vec<Curve> = matchups
        .iter()
        .enumerate()
        .map(|(i, _)| Curve {
            color: COLORS[i % COLORS.len()],
            points: s
                .points
                .iter()
                .enumerate()
                .filter_map(|(k, p)| {
                    let m = p.matchups.get(i)?;
                    let x = if numeric { p.number? } else { k as f64 };
                    Some((x, m.score, m.score_low, m.score_high))
                })
                .collect(),
        })
        .collect();
    let svg = sweep_plot(&s.set, &curves, (!numeric).then_some(names.as_slice()))?;
    let legend_entries: Vec<(plotters::style::RGBColor, &str)> = matchups
        .iter()
        .enumerate()
        .map(|(i, m)| (COLORS[i % COLORS.len()], m.as_str()))
        .collect();
    let ci = format!("{:.0}%", s.confidence * 100.0);
    let rows: Vec<Vec<Cell>> = s
        .points
        .iter()
        .flat_map(|p| {
            p.matchups.iter().map(move |m| {
                let n = m.battles.max(1) as f64;
                vec![
                    Cell::Num(p.value.clone()),
                    Cell::Num(format!(
                        "{:.1}% [{:.1}, {:.1}]",
                        m.score * 100.0,
                        m.score_low * 100.0,
                        m.score_high * 100.0
                    )),
                    Cell::Num(format!("{:.1}%", m.a_wins as f64 / n * 100.0)),
                    Cell::Num(format!("{:.1}%", m.b_wins as f64 / n * 100.0)),
                    Cell::Num(format!("{:.1}%", m.draws as f64 / n * 100.0)),
                    Cell::Num(m.battles.to_string()),
                    Cell::Text(m.matchup.clone()),
                ]
            })
        })
        .collect();
    let score_head = format!("A score [{ci} CI]");
    let body = super::page::plot_beside_table(
        &svg,
        &format!(
            "Side A's mean score against {} (whiskers: {ci} intervals; dashed: even, 50%)",
            s.set
        ),
        &super::page::legend(&legend_entries),
        &table(
            &[
                "value",
                &score_head,
                "A win",
                "B win",
                "draw",
                "battles",
                "matchup",
            ],
            &rows,
        ),
    );
    let mut links = String::from("<ul>\n");
    for p in &s.points {
        let page = dir.join(&p.dir).join(super::HTML_FILE);
        let target = if page.is_file() {
            format!("{}/{}", p.dir, super::HTML_FILE)
        } else {
            format!("{}/", p.dir)
        };
        let _ = writeln!(
            links,
            "<li>{} = {}: <a href=\"{}\">{}</a></li>",
            esc(&s.set),
            esc(&p.value),
            esc(&target),
            esc(&target)
        );
    }
    links.push_str(
        "</ul>\n<p class=\"note\">Each value's report has the kind's tables, \
                    distributions and its own trust flags (`fleetlab report DIR` draws a \
                    missing page).</p>\n",
    );
    let facts = [
        ("experiment", s.experiment.clone()),
        ("rule system", s.rule_system.clone()),
        ("config", s.config_path.clone()),
        ("setting varied", s.set.clone()),
        ("values", names.join(", ")),
        ("seed", s.seed.to_string()),
        ("battles per matchup per value", s.battles.to_string()),
        ("status", format!("{:?}", s.status).to_lowercase()),
    ];
    let mut run = String::from("<dl class=\"facts\">\n");
    for (k, v) in facts {
        let _ = writeln!(run, "<dt>{}</dt><dd>{}</dd>", esc(k), esc(&v));
    }
    run.push_str("</dl>\n");
    Ok(vec![
        super::verdict::section(&s.verdict()),
        Section {
            id: "curve",
            title: "The curve".into(),
            body,
        },
        Section {
            id: "values",
            title: "Each value's report".into(),
            body: links,
        },
        Section {
            id: "run",
            title: "Run".into(),
            body: run,
        },
    ])
}
