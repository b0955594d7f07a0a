//! The "How battles were decided" section (from `decided_by.csv`, when present, and
//! `summary.csv`): per matchup the share each decider decided, house-rule deciders marked, the
//! draws and the share that reached the game's end. A matchup whose house rules decided more
//! than [`crate::report::decided::HOUSE_RULE_FLAG`] of its battles is flagged, so a designer
//! sees at a glance when "who won" came from a tie-break rather than from play.

use super::escape::{esc, pct};
use super::input::CsvFile;
use super::page::{Cell, table};
use super::{HtmlError, Section};
use crate::report::decided::HOUSE_RULE_FLAG;

/// One matchup's deciders: (name, kind, share).
type Deciders = Vec<(String, String, f64)>;

/// The section.
pub(crate) fn section(decided: &CsvFile, summary: &CsvFile) -> Result<Section, HtmlError> {
    decided.require(&["matchup", "decider", "kind", "share"])?;
    let mut groups: Vec<(String, Deciders)> = Vec::new();
    for r in decided.rows() {
        let matchup = r.str("matchup")?;
        let entry = (
            r.str("decider")?.to_owned(),
            r.str("kind")?.to_owned(),
            r.f64("share")?,
        );
        match groups.iter_mut().find(|(m, _)| m == matchup) {
            Some((_, d)) => d.push(entry),
            None => groups.push((matchup.to_owned(), vec![entry])),
        }
    }
    // Per matchup from the summary: (draw share, share that reached the game's end).
    let mut ends: Vec<(String, f64, f64)> = Vec::new();
    if summary.has("turn_limit_endings") {
        for r in summary.rows() {
            let n = r.u64("battles")?.max(1) as f64;
            ends.push((
                r.str("matchup")?.to_owned(),
                r.f64("draw_rate")?,
                r.u64("turn_limit_endings")? as f64 / n,
            ));
        }
    }
    // A column per decider that decided a battle of some matchup; the others are named in the
    // note (seven deciders of zeros made the table wider than the page).
    let empty = Deciders::new();
    let first = groups.first().map_or(&empty, |g| &g.1);
    let decided = |name: &str| {
        groups
            .iter()
            .any(|(_, d)| d.iter().any(|(n, _, share)| n == name && *share > 0.0))
    };
    let (shown, unused): (Vec<_>, Vec<_>) = first.iter().partition(|(n, _, _)| decided(n));
    let names: Vec<&str> = shown.iter().map(|(n, _, _)| n.as_str()).collect();
    let mut head: Vec<String> = vec!["matchup".into()];
    for (name, kind, _) in &shown {
        head.push(match kind.as_str() {
            "house_rule" => format!("{name} * (house rule)"),
            "house_ending" => format!("{name} + (house-rule ending)"),
            "draw" => format!("{name} (draw)"),
            _ => name.clone(),
        });
    }
    head.extend(["draws".into(), "reached game end".into(), "flag".into()]);
    let mut flagged = 0;
    let rows: Vec<Vec<Cell>> = groups
        .iter()
        .map(|(matchup, d)| {
            let mut row = vec![Cell::Text(matchup.clone())];
            for name in &names {
                let share = d.iter().find(|(n, _, _)| n == name).map(|x| x.2);
                row.push(Cell::Num(share.map_or("—".into(), pct)));
            }
            let house: f64 = d
                .iter()
                .filter(|(_, k, _)| k == "house_rule")
                .map(|x| x.2)
                .sum();
            let end = ends.iter().find(|(m, _, _)| m == matchup);
            row.push(Cell::Num(end.map_or("—".into(), |e| pct(e.1))));
            row.push(Cell::Num(end.map_or("—".into(), |e| pct(e.2))));
            row.push(Cell::Text(if house > HOUSE_RULE_FLAG {
                flagged += 1;
                format!("TIE-BREAK: {} by a house rule", pct(house))
            } else {
                String::new()
            }));
            row
        })
        .collect();
    let head_refs: Vec<&str> = head.iter().map(String::as_str).collect();
    let mut body = String::new();
    if flagged > 0 {
        body.push_str(&format!(
            "<div class=\"banner\">{flagged} matchup(s) were decided in more than {} of their \
             battles by a house rule (a tie-break the rule text does not have), not by play: \
             read their win rates as the house rule's answer.</div>\n",
            esc(&pct(HOUSE_RULE_FLAG))
        ));
    }
    body.push_str(
        "<p class=\"note\">Share of battles each way of deciding a battle decided (the rule \
         system's deciders: the text's own ways to win, house-rule measures marked *, draws). \
         \"Reached game end\": the game-length rule ended the battle with both sides \
         standing.",
    );
    if shown.iter().any(|(_, k, _)| k == "house_ending") {
        body.push_str(
            " Marked +: play decided the battle, but the text states no way to win, so a house \
             rule says what ends it (not a tie-break; not flagged).",
        );
    }
    if !unused.is_empty() {
        let list: Vec<String> = unused.iter().map(|(n, _, _)| esc(n)).collect();
        body.push_str(&format!(" Decided no battle here: {}.", list.join(", ")));
    }
    body.push_str("</p>\n");
    body.push_str(&table(&head_refs, &rows));
    Ok(Section {
        id: "decided-by",
        title: "How battles were decided".into(),
        body,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn csv(name: &str, text: &str) -> CsvFile {
        CsvFile::parse(Path::new(name), text.as_bytes()).unwrap()
    }

    /// A matchup a house rule decided in most battles is flagged and bannered; one the text's
    /// own way to win decided is not.
    #[test]
    fn house_rule_decided_matchups_are_flagged_as_tie_breaks() {
        let decided = csv(
            "decided_by.csv",
            "matchup,decider,kind,battles,share\n\
             x vs y,annihilation,text,3,0.03\n\
             x vs y,points_destroyed,house_rule,97,0.97\n\
             u vs v,annihilation,text,95,0.95\n\
             u vs v,points_destroyed,house_rule,5,0.05\n",
        );
        let summary = csv(
            "summary.csv",
            "matchup,battles,draw_rate,turn_limit_endings\nx vs y,100,0.0,97\nu vs v,100,0.0,5\n",
        );
        let s = section(&decided, &summary).unwrap();
        assert!(
            s.body.contains("points_<wbr>destroyed * (house rule)"),
            "{}",
            s.body
        );
        assert_eq!(s.body.matches("TIE-BREAK").count(), 1, "{}", s.body);
        assert!(s.body.contains("1 matchup(s) were decided"), "{}", s.body);
    }

    /// Play under a house-rule ending (the text has no victory conditions) is marked `+` and not
    /// flagged as a tie-break; a decider that decided no battle gets no column but is named.
    #[test]
    fn house_rule_endings_are_marked_not_flagged_and_empty_deciders_named() {
        let decided = csv(
            "decided_by.csv",
            "matchup,decider,kind,battles,share\n\
             x vs y,last_side_standing,house_ending,30,0.3\n\
             x vs y,mutual_destruction,draw,0,0\n\
             x vs y,disarmed_side_out,house_ending,65,0.65\n\
             x vs y,structure_destroyed_at_turn_cap,house_rule,5,0.05\n",
        );
        let summary = csv(
            "summary.csv",
            "matchup,battles,draw_rate,turn_limit_endings\nx vs y,100,0.0,5\n",
        );
        let s = section(&decided, &summary).unwrap();
        assert!(
            s.body
                .contains("disarmed_<wbr>side_<wbr>out + (house-rule ending)"),
            "{}",
            s.body
        );
        assert!(!s.body.contains("TIE-BREAK"), "{}", s.body);
        assert!(!s.body.contains("class=\"banner\""), "{}", s.body);
        assert!(
            s.body
                .contains("Decided no battle here: mutual_destruction."),
            "{}",
            s.body
        );
        assert!(!s.body.contains("<th>mutual_"), "{}", s.body);
    }
}
