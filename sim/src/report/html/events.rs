//! The "Events" section (from `events.csv`, when present): per matchup, how often each
//! rule-system event (orders given, fighters launched, retreats, …) happened to each side.

use std::fmt::Write;

use super::escape::{esc, int, num};
use super::input::CsvFile;
use super::page::{Cell, table};
use super::{HtmlError, Section};

/// Per event: (total, per battle) of side A and of side B.
type Counts = [Option<(u64, f64)>; 2];

/// The section.
pub(crate) fn section(file: &CsvFile) -> Result<Section, HtmlError> {
    file.require(&["matchup", "side", "event", "total", "per_battle"])?;
    let mut groups: Vec<(String, Vec<(String, Counts)>)> = Vec::new();
    for r in file.rows() {
        let matchup = r.str("matchup")?;
        let side = match r.str("side")? {
            "A" => 0,
            "B" => 1,
            other => return Err(r.error("side", format!("expected A or B, got {other:?}"))),
        };
        let event = r.str("event")?;
        let counts = (r.u64("total")?, r.f64("per_battle")?);
        let index = match groups.iter().position(|(m, _)| m == matchup) {
            Some(i) => i,
            None => {
                groups.push((matchup.to_owned(), Vec::new()));
                groups.len() - 1
            }
        };
        let events = &mut groups[index].1;
        match events.iter_mut().find(|(e, _)| e == event) {
            Some((_, c)) => c[side] = Some(counts),
            None => {
                let mut c: Counts = [None, None];
                c[side] = Some(counts);
                events.push((event.to_owned(), c));
            }
        }
    }
    let mut body = String::from(
        "<p class=\"note\">Rule-system events per side: total over all battles and mean per \
         battle.</p>\n",
    );
    for (matchup, events) in &groups {
        // Events that never happened in this matchup are named in one line, not shown as
        // rows of zeros.
        let never = |c: &Counts| c.iter().all(|side| side.is_none_or(|(t, _)| t == 0));
        let zero: Vec<&str> = events
            .iter()
            .filter(|(_, c)| never(c))
            .map(|(e, _)| e.as_str())
            .collect();
        let rows: Vec<Vec<Cell>> = events
            .iter()
            .filter(|(_, c)| !never(c))
            .map(|(event, c)| {
                let mut row = vec![Cell::Text(event.clone())];
                for side in c {
                    row.push(Cell::Num(side.map_or("—".into(), |(_, p)| num(p, 3))));
                    row.push(Cell::Num(side.map_or("—".into(), |(t, _)| int(t))));
                }
                row
            })
            .collect();
        let hidden = if zero.is_empty() {
            String::new()
        } else {
            format!(
                "<p class=\"note zero-events\">{} event(s) never happened (hidden): {}</p>\n",
                zero.len(),
                esc(&zero.join(", "))
            )
        };
        let _ = write!(
            body,
            "<h3>{}</h3>\n{hidden}{}",
            esc(matchup),
            table(
                &[
                    "event",
                    "A per battle",
                    "A total",
                    "B per battle",
                    "B total"
                ],
                &rows
            )
        );
    }
    Ok(Section {
        id: "events",
        title: "Events".into(),
        body,
    })
}
