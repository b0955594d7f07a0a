//! The "Audit" section (from `audit.csv`, written by `fleetlab audit` into the report
//! directory): per matchup the seat gaps of its two mirrors, whether the seats are fair, the
//! shares that reached the game's end, that a house rule decided and that were drawn, and the
//! house rules in effect (docs/audit.md).

use super::escape::{esc, pct};
use super::input::CsvFile;
use super::page::{Cell, table};
use super::{HtmlError, Section};
use crate::mirror::SEAT_GAP_LIMIT_SE;

/// A gap and its SE in percentage points, `—` when not played.
fn gap(g: f64, se: f64) -> String {
    if g.is_finite() && se.is_finite() {
        format!("{:+.1} ± {:.1} pp", 100.0 * g, 100.0 * se)
    } else {
        "—".into()
    }
}

/// The section.
pub(crate) fn section(file: &CsvFile) -> Result<Section, HtmlError> {
    file.require(&[
        "matchup",
        "mirror_a_gap",
        "mirror_a_se",
        "mirror_b_gap",
        "mirror_b_se",
        "seats_fair",
        "game_end_share",
        "house_rule_share",
        "draw_share",
        "house_rules",
    ])?;
    let mut unfair = 0;
    let mut rows = Vec::new();
    for r in file.rows() {
        let fair = r.bool("seats_fair")?;
        if !fair {
            unfair += 1;
        }
        rows.push(vec![
            Cell::Text(r.str("matchup")?.to_owned()),
            Cell::Num(gap(r.f64("mirror_a_gap")?, r.f64("mirror_a_se")?)),
            Cell::Num(gap(r.f64("mirror_b_gap")?, r.f64("mirror_b_se")?)),
            Cell::Text(if fair { "ok" } else { "UNFAIR" }.into()),
            Cell::Num(pct(r.f64("game_end_share")?)),
            Cell::Num(pct(r.f64("house_rule_share")?)),
            Cell::Num(pct(r.f64("draw_share")?)),
            Cell::Text(r.str("house_rules")?.replace(';', ", ")),
        ]);
    }
    let mut body = String::new();
    if unfair > 0 {
        body.push_str(&format!(
            "<div class=\"banner\">{unfair} matchup(s) imply a mirror (a side against itself) \
             whose seat gap is beyond {} standard errors: their win rates measure the seats \
             as well as the fleets.</div>\n",
            esc(&SEAT_GAP_LIMIT_SE.to_string())
        ));
    }
    body.push_str(
        "<p class=\"note\">Written by <code>fleetlab audit</code>. Mirror gap: side A's fleet \
         and policy (and side B's) played against itself, A's win share minus B's ± one \
         standard error; a gap beyond 4 SE is unfair. Shares are of the matchup's own \
         battles.</p>\n",
    );
    body.push_str(&table(
        &[
            "matchup",
            "A mirror gap",
            "B mirror gap",
            "seats",
            "reached game end",
            "house rule decided",
            "draws",
            "house rules in effect",
        ],
        &rows,
    ));
    Ok(Section {
        id: "audit",
        title: "Audit".into(),
        body,
    })
}
