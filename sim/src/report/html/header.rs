//! The "Run" section: what was run (experiment, kind, rule system, seed, battles, config and
//! its hash, version, status, timing), any further manifest fields, and every matchup with
//! its fleets, policies and battles played.

use std::fmt::Write;

use serde_json::Value;

use super::Section;
use super::escape::{esc, int, shorten};
use super::manifest::ManifestView;
use super::page::{Cell, table};

/// The section.
pub(crate) fn section(m: &ManifestView) -> Section {
    let mut facts: Vec<(String, String)> = vec![
        ("experiment".into(), m.experiment.clone()),
        ("kind".into(), m.kind.clone()),
        ("rule system".into(), m.rule_system.clone()),
        ("seed".into(), m.seed.map_or("—".into(), |s| s.to_string())),
        (
            "battles per matchup".into(),
            m.battles_per_matchup.map_or("—".into(), int),
        ),
        ("status".into(), m.status.clone()),
        ("config".into(), m.config_path.clone()),
        ("config hash".into(), m.config_hash.clone()),
        ("fleetlab version".into(), m.fleetlab_version.clone()),
        ("finished at".into(), m.finished_at.clone()),
    ];
    if let Some(s) = m.elapsed_seconds {
        let threads = m
            .threads
            .map_or(String::new(), |t| format!(" on {t} thread(s)"));
        facts.push(("elapsed".into(), format!("{s:.1} s{threads}")));
    }
    for (key, value) in &m.other {
        let text = match value {
            Value::String(s) => s.clone(),
            Value::Array(items) if items.iter().all(Value::is_string) => items
                .iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join(", "),
            other => other.to_string(),
        };
        facts.push((key.replace('_', " "), shorten(&text, 300)));
    }
    let mut body = String::from("<dl class=\"facts\">\n");
    for (k, v) in facts.iter().filter(|(_, v)| !v.is_empty()) {
        let _ = writeln!(body, "<dt>{}</dt><dd>{}</dd>", esc(k), esc(v));
    }
    body.push_str("</dl>\n");
    let rows: Vec<Vec<Cell>> = m
        .matchups
        .iter()
        .map(|mu| {
            let at = |v: &[String], i: usize| v.get(i).cloned().unwrap_or_default();
            vec![
                Cell::Text(mu.label.clone()),
                Cell::Text(at(&mu.fleets, 0)),
                Cell::Text(at(&mu.policies, 0)),
                Cell::Text(at(&mu.fleets, 1)),
                Cell::Text(at(&mu.policies, 1)),
                Cell::Num(mu.battles.map_or("—".into(), int)),
                Cell::Text(mu.house_rules.join(", ")),
            ]
        })
        .collect();
    body.push_str(&table(
        &[
            "matchup",
            "fleet A",
            "policy A",
            "fleet B",
            "policy B",
            "battles",
            "house rules",
        ],
        &rows,
    ));
    Section {
        id: "run",
        title: "Provenance: the run".into(),
        body,
    }
}
