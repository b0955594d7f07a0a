//! The "Ships" section (from `ships.csv`): per matchup, each ship's chance of being destroyed
//! with its interval and the damage it took and dealt.

use std::fmt::Write;

use super::escape::{esc, num, pct_ci};
use super::input::CsvFile;
use super::page::{Cell, table};
use super::{HtmlError, Section};

/// The section.
pub(crate) fn section(file: &CsvFile) -> Result<Section, HtmlError> {
    file.require(&[
        "matchup",
        "side",
        "ship",
        "destroyed_rate",
        "destroyed_ci_low",
        "destroyed_ci_high",
        "mean_damage_taken",
        "sd_damage_taken",
        "p50_damage_taken",
        "p90_damage_taken",
        "mean_damage_dealt",
    ])?;
    let mut groups: Vec<(String, Vec<Vec<Cell>>)> = Vec::new();
    for r in file.rows() {
        let matchup = r.str("matchup")?;
        let opt = |name| -> Result<String, HtmlError> {
            Ok(r.opt_u64(name)?
                .map_or("overflow".into(), |v| v.to_string()))
        };
        let row = vec![
            Cell::Text(r.str("side")?.to_owned()),
            Cell::Text(r.str("ship")?.to_owned()),
            Cell::Num(pct_ci(
                r.f64("destroyed_rate")?,
                r.f64("destroyed_ci_low")?,
                r.f64("destroyed_ci_high")?,
            )),
            Cell::Num(format!(
                "{} ± {}",
                num(r.f64("mean_damage_taken")?, 2),
                num(r.f64("sd_damage_taken")?, 2)
            )),
            Cell::Num(opt("p50_damage_taken")?),
            Cell::Num(opt("p90_damage_taken")?),
            Cell::Num(num(r.f64("mean_damage_dealt")?, 2)),
        ];
        match groups.last_mut() {
            Some((m, rows)) if m == matchup => rows.push(row),
            _ => groups.push((matchup.to_owned(), vec![row])),
        }
    }
    let mut body = String::from(
        "<p class=\"note\">Destroyed: share of battles in which the ship was destroyed, with \
         its interval. Damage taken: mean ± standard deviation, median and 90th percentile \
         (“overflow” when beyond the histogram).</p>\n",
    );
    for (matchup, rows) in &groups {
        let _ = write!(
            body,
            "<h3>{}</h3>\n{}",
            esc(matchup),
            table(
                &[
                    "side",
                    "ship",
                    "destroyed [CI]",
                    "damage taken",
                    "median taken",
                    "90th pct taken",
                    "mean damage dealt",
                ],
                rows,
            )
        );
    }
    Ok(Section {
        id: "ships",
        title: "Ships".into(),
        body,
    })
}
