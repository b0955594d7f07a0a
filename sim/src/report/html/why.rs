//! The "Why a fleet wins" section (from `survival.csv`, `ships.csv` and `efficiency.csv`):
//! per matchup, each ship's survival by turn as a plot, which ship is lost first and when,
//! and what each side's points bought.

use std::collections::HashMap;
use std::fmt::Write;

use super::distributions::OPEN_MATCHUPS;
use super::escape::{esc, num, pct};
use super::input::CsvFile;
use super::page::{Cell, legend, table};
use super::plot::{SIDE_A, SIDE_B, SurvivalLine, survival_plot};
use super::{HtmlError, Section};

/// One ship of a matchup: its label, side and survival points.
struct Ship {
    side: String,
    fleet: String,
    name: String,
    points: Vec<(u32, f64)>,
}

/// The section, or `None` for a report without `survival.csv` (written before it existed).
pub(crate) fn section(
    survival: Option<&CsvFile>,
    ships: &CsvFile,
    efficiency: Option<&CsvFile>,
    weapons: Option<&CsvFile>,
    order: &[String],
) -> Result<Option<Section>, HtmlError> {
    let Some(survival) = survival else {
        return Ok(None);
    };
    survival.require(&[
        "matchup",
        "side",
        "fleet",
        "ship",
        "ship_index",
        "turn",
        "in_play_rate",
    ])?;
    let mut by_matchup: HashMap<String, Vec<Ship>> = HashMap::new();
    for r in survival.rows() {
        let ships = by_matchup.entry(r.str("matchup")?.to_owned()).or_default();
        let index = r.u64("ship_index")? as usize;
        if ships.len() <= index {
            ships.resize_with(index + 1, || Ship {
                side: String::new(),
                fleet: String::new(),
                name: String::new(),
                points: Vec::new(),
            });
        }
        let ship = &mut ships[index];
        ship.side = r.str("side")?.to_owned();
        ship.fleet = r.str("fleet")?.to_owned();
        ship.name = r.str("ship")?.to_owned();
        ship.points.push((
            u32::try_from(r.u64("turn")?).unwrap_or(u32::MAX),
            r.f64("in_play_rate")?,
        ));
    }
    let ship_rows = ship_table_rows(ships)?;
    let side_rows = efficiency.map(efficiency_rows).transpose()?;
    let weapon_rows = weapons.map(weapon_rows).transpose()?;
    let mut body = String::from(
        "<p class=\"note\">Survival: the share of battles in which each ship was still in play \
         at the end of each turn (side A solid, side B dashed). Lost first: the share of \
         battles in which the ship was among its side's first losses. Points: what each \
         side's points bought — score per 100 points, enemy points destroyed per point \
         fielded, and the exchange ratio (enemy points destroyed per own point lost). \
         Weapons (where the rule system tallies them): each weapon line's mean damage per \
         battle, its share of the side's damage and its kills per battle (&ldquo;other&rdquo;: damage \
         dealt outside the weapon lines).</p>\n",
    );
    let mut shown = 0;
    for m in order {
        let Some(ships) = by_matchup.get(m) else {
            continue;
        };
        let (mut a, mut b) = (0, 0);
        let mut lines = Vec::new();
        let mut keys = Vec::new();
        for s in ships.iter().filter(|s| !s.side.is_empty()) {
            let (color, dashed) = if s.side == "A" {
                a += 1;
                (SIDE_A[(a - 1) % SIDE_A.len()], false)
            } else {
                b += 1;
                (SIDE_B[(b - 1) % SIDE_B.len()], true)
            };
            lines.push(SurvivalLine {
                color,
                dashed,
                points: s.points.clone(),
            });
            keys.push((color, format!("{}: {}", s.fleet, s.name)));
        }
        let svg = survival_plot(&lines)?;
        let keys: Vec<_> = keys.iter().map(|(c, n)| (*c, n.as_str())).collect();
        let rows: Vec<Vec<Cell>> = ship_rows
            .iter()
            .filter(|(matchup, _)| matchup == m)
            .map(|(_, row)| row.clone())
            .collect();
        let _ = write!(
            body,
            "<details class=\"matchup\"{}>\n<summary>{}</summary>\n<figure>{}{svg}\
             <figcaption>Still in play at the end of each turn (share of battles).\
             </figcaption></figure>\n{}",
            if shown < OPEN_MATCHUPS { " open" } else { "" },
            esc(m),
            legend(&keys),
            table(
                &[
                    "side",
                    "ship",
                    "destroyed",
                    "lost first",
                    "mean turn lost",
                    "mean damage dealt",
                ],
                &rows,
            ),
        );
        if let Some(side_rows) = &side_rows {
            let rows: Vec<Vec<Cell>> = side_rows
                .iter()
                .filter(|(matchup, _)| matchup == m)
                .map(|(_, row)| row.clone())
                .collect();
            body.push_str(&table(
                &[
                    "side",
                    "fleet",
                    "points",
                    "score",
                    "score per 100 points",
                    "enemy points destroyed per point",
                    "exchange ratio",
                ],
                &rows,
            ));
        }
        if let Some(weapon_rows) = &weapon_rows {
            let rows: Vec<Vec<Cell>> = weapon_rows
                .iter()
                .filter(|(matchup, _)| matchup == m)
                .map(|(_, row)| row.clone())
                .collect();
            if !rows.is_empty() {
                body.push_str(&table(
                    &[
                        "side",
                        "ship",
                        "weapon",
                        "mean damage dealt",
                        "share of side's damage",
                        "kills per battle",
                    ],
                    &rows,
                ));
            }
        }
        body.push_str("</details>\n");
        shown += 1;
    }
    Ok(Some(Section {
        id: "why",
        title: "Why a fleet wins".into(),
        body,
    }))
}

/// (matchup, row) per ship: destroyed, lost first, mean turn lost, damage dealt.
fn ship_table_rows(ships: &CsvFile) -> Result<Vec<(String, Vec<Cell>)>, HtmlError> {
    if !ships.has("first_loss_rate") {
        return Ok(Vec::new()); // an older ships table: the plot stands alone
    }
    ships.require(&[
        "matchup",
        "side",
        "ship",
        "destroyed_rate",
        "first_loss_rate",
        "mean_turn_lost",
        "mean_damage_dealt",
    ])?;
    ships
        .rows()
        .map(|r| {
            Ok((
                r.str("matchup")?.to_owned(),
                vec![
                    Cell::Text(r.str("side")?.to_owned()),
                    Cell::Text(r.str("ship")?.to_owned()),
                    Cell::Num(pct(r.f64("destroyed_rate")?)),
                    Cell::Num(pct(r.f64("first_loss_rate")?)),
                    Cell::Num(num(r.f64("mean_turn_lost")?, 1)),
                    Cell::Num(num(r.f64("mean_damage_dealt")?, 2)),
                ],
            ))
        })
        .collect()
}

/// (matchup, row) per side: points, score and what the points bought.
/// Damage by weapon: each weapon line's (and `other`'s) mean damage, share and kills.
fn weapon_rows(file: &CsvFile) -> Result<Vec<(String, Vec<Cell>)>, HtmlError> {
    file.require(&[
        "matchup",
        "side",
        "ship",
        "weapon",
        "battles",
        "mean_damage_dealt",
        "share_of_side",
        "kills",
    ])?;
    file.rows()
        .map(|r| {
            let battles = r.u64("battles")?;
            let kills = if r.str("weapon")? == "other" {
                "—".to_owned()
            } else {
                num(r.u64("kills")? as f64 / battles.max(1) as f64, 2)
            };
            Ok((
                r.str("matchup")?.to_owned(),
                vec![
                    Cell::Text(r.str("side")?.to_owned()),
                    Cell::Text(r.str("ship")?.to_owned()),
                    Cell::Text(r.str("weapon")?.to_owned()),
                    Cell::Num(num(r.f64("mean_damage_dealt")?, 2)),
                    Cell::Num(pct(r.f64("share_of_side")?)),
                    Cell::Num(kills),
                ],
            ))
        })
        .collect()
}

fn efficiency_rows(file: &CsvFile) -> Result<Vec<(String, Vec<Cell>)>, HtmlError> {
    file.require(&[
        "matchup",
        "side",
        "fleet",
        "points",
        "score",
        "score_per_100_points",
        "points_destroyed_per_point",
        "exchange_ratio",
    ])?;
    file.rows()
        .map(|r| {
            Ok((
                r.str("matchup")?.to_owned(),
                vec![
                    Cell::Text(r.str("side")?.to_owned()),
                    Cell::Text(r.str("fleet")?.to_owned()),
                    Cell::Num(r.opt_u64("points")?.map_or("—".into(), |p| p.to_string())),
                    Cell::Num(pct(r.f64("score")?)),
                    Cell::Num(num(r.f64("score_per_100_points")?, 3)),
                    Cell::Num(num(r.f64("points_destroyed_per_point")?, 2)),
                    Cell::Num(num(r.f64("exchange_ratio")?, 2)),
                ],
            ))
        })
        .collect()
}
