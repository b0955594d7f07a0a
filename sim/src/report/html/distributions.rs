//! The "Distributions" section (from `distributions.csv`): per matchup, a histogram of the
//! turns played and one of the damage each side dealt, each with its summary numbers (mean,
//! median, 90th percentile) beside it.

use std::collections::HashMap;
use std::fmt::Write;

use super::escape::{esc, int, num, pct};
use super::input::CsvFile;
use super::page::{Cell, legend, table};
use super::plot::{BLUE, Bars, GRAY, ORANGE, histogram};
use super::{HtmlError, Section};
use crate::report::verdict::side_labels;

/// Matchups shown open; the others are collapsed (one click away), so every distribution is
/// on the page without making it endless.
pub(crate) const OPEN_MATCHUPS: usize = 1;

/// One non-empty bin.
#[derive(Clone, Copy)]
struct Bin {
    value: u32,
    overflow: bool,
    count: u64,
    probability: f64,
}

/// (matchup, metric, side: `""` for the matchup-wide `turns`).
type Key = (String, String, String);

/// Summary numbers of one histogram: battles, mean, median, 90th percentile, and the share
/// in the overflow bin (values at least its value; counted at that value in the mean).
fn stats(bins: &[Bin]) -> (u64, f64, String, String, Option<(u32, f64)>) {
    let n: u64 = bins.iter().map(|b| b.count).sum();
    let total: f64 = bins.iter().map(|b| b.value as f64 * b.count as f64).sum();
    let quantile = |q: f64| {
        let need = (q * n as f64).ceil().max(1.0) as u64;
        let mut seen = 0;
        for b in bins {
            seen += b.count;
            if seen >= need {
                return if b.overflow {
                    format!("≥{}", b.value)
                } else {
                    b.value.to_string()
                };
            }
        }
        "—".to_owned()
    };
    let overflow = bins
        .iter()
        .find(|b| b.overflow)
        .map(|b| (b.value, b.count as f64 / n.max(1) as f64));
    let mean = if n == 0 { f64::NAN } else { total / n as f64 };
    (n, mean, quantile(0.5), quantile(0.9), overflow)
}

fn stats_row(name: &str, bins: &[Bin]) -> Vec<Cell> {
    let (n, mean, p50, p90, overflow) = stats(bins);
    let mean = match overflow {
        Some(_) => format!("≥{}", num(mean, 2)),
        None => num(mean, 2),
    };
    vec![
        Cell::Text(name.to_owned()),
        Cell::Num(int(n)),
        Cell::Num(mean),
        Cell::Num(p50),
        Cell::Num(p90),
        Cell::Num(overflow.map_or("—".into(), |(v, p)| format!("{} at ≥{v}", pct(p)))),
    ]
}

fn bars(bins: &[Bin], color: plotters::style::RGBColor) -> Bars {
    Bars {
        color,
        bins: bins.iter().map(|b| (b.value, b.probability)).collect(),
    }
}

/// The section; `order` is the matchup order of the summary.
pub(crate) fn section(file: &CsvFile, order: &[String]) -> Result<Section, HtmlError> {
    file.require(&[
        "matchup",
        "metric",
        "side",
        "ship_index",
        "value",
        "overflow",
        "count",
        "probability",
    ])?;
    let mut groups: HashMap<Key, Vec<Bin>> = HashMap::new();
    let mut matchups: Vec<String> = order.to_vec();
    for r in file.rows() {
        if r.opt_u64("ship_index")?.is_some() {
            continue; // one ship's damage: in the ships table, not plotted here
        }
        let matchup = r.str("matchup")?;
        if !matchups.iter().any(|m| m == matchup) {
            matchups.push(matchup.to_owned());
        }
        let key = (
            matchup.to_owned(),
            r.str("metric")?.to_owned(),
            r.str("side")?.to_owned(),
        );
        let value = r.u64("value")?;
        groups.entry(key).or_default().push(Bin {
            value: u32::try_from(value).unwrap_or(u32::MAX),
            overflow: r.bool("overflow")?,
            count: r.u64("count")?,
            probability: r.f64("probability")?,
        });
    }
    for bins in groups.values_mut() {
        bins.sort_by_key(|b| (b.overflow, b.value));
    }
    let get = |m: &str, metric: &str, side: &str| {
        groups
            .get(&(m.to_owned(), metric.to_owned(), side.to_owned()))
            .map_or(&[][..], Vec::as_slice)
    };
    let head = [
        "series", "battles", "mean", "median", "90th pct", "overflow",
    ];
    let mut body = String::new();
    if matchups.len() > OPEN_MATCHUPS {
        let _ = writeln!(
            body,
            "<p class=\"note\">{} matchups: click a matchup to show its histograms. The y axes \
             are the share of the matchup's battles (%).</p>",
            matchups.len()
        );
    }
    for (i, m) in matchups.iter().enumerate() {
        let [a_name, b_name] = side_labels(m);
        let turns = get(m, "turns", "");
        let (dealt_a, dealt_b) = (get(m, "damage_dealt", "A"), get(m, "damage_dealt", "B"));
        let turn_svg = histogram("turns", &[bars(turns, GRAY)], "turns played")?;
        let damage_svg = histogram(
            "damage",
            &[bars(dealt_a, BLUE), bars(dealt_b, ORANGE)],
            "damage dealt in the battle",
        )?;
        let turn_table = table(&head, &[stats_row("turns", turns)]);
        let damage_table = table(
            &head,
            &[
                stats_row(&format!("damage dealt by {a_name}"), dealt_a),
                stats_row(&format!("damage dealt by {b_name}"), dealt_b),
            ],
        );
        let _ = write!(
            body,
            "<details class=\"matchup\"{}>\n<summary>{}</summary>\n<div class=\"duo\">\n<div><figure>\
             {turn_svg}<figcaption>Turns played per battle (share of battles).</figcaption>\
             </figure>{turn_table}</div>\n<div><figure>{damage_svg}<figcaption>Damage dealt per \
             battle by each side (share of battles).</figcaption>{}</figure>{damage_table}</div>\n\
             </div>\n</details>\n",
            if i < OPEN_MATCHUPS { " open" } else { "" },
            esc(m),
            legend(&[(BLUE, &a_name), (ORANGE, &b_name)]),
        );
    }
    if matchups.is_empty() {
        body.push_str("<p class=\"note\">No distributions in this report.</p>");
    }
    Ok(Section {
        id: "distributions",
        title: "Turns and damage".into(),
        body,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_of_bins() {
        let bins = [
            Bin {
                value: 2,
                overflow: false,
                count: 1,
                probability: 0.25,
            },
            Bin {
                value: 4,
                overflow: false,
                count: 2,
                probability: 0.5,
            },
            Bin {
                value: 64,
                overflow: true,
                count: 1,
                probability: 0.25,
            },
        ];
        let (n, mean, p50, p90, overflow) = stats(&bins);
        assert_eq!(n, 4);
        assert_eq!(mean, (2.0 + 8.0 + 64.0) / 4.0);
        assert_eq!(p50, "4");
        assert_eq!(p90, "≥64");
        assert_eq!(overflow, Some((64, 0.25)));
    }
}
