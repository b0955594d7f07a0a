//! The "Audit" section (from `audit.csv`, written by `fleetlab audit` into the report
//! directory): per matchup the seat gaps of its two mirrors, whether the seats are fair, the
//! shares that reached the game's end, that a house rule decided and that were drawn, and the
//! house rules in effect (docs/audit.md).

use super::escape::{esc, pct, pct_ci};
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
    if file.has("game_value") {
        body.push_str(&game_table(file)?);
    }
    Ok(Section {
        id: "audit",
        title: "Audit".into(),
        body,
    })
}

/// Points of score, `—` when not measured.
fn pts(x: f64) -> String {
    if x.is_finite() {
        format!("{:+.1} pts", 100.0 * x)
    } else {
        "—".into()
    }
}

/// The policy-game table of an audit that played it (`audit_game`): the fixed-script answer
/// beside the game's value, each policy's exploitability, the verdicts, flags and trust.
fn game_table(file: &CsvFile) -> Result<String, HtmlError> {
    file.require(&[
        "fixed_score",
        "fixed_ci_low",
        "fixed_ci_high",
        "game_value_ci_low",
        "game_value_ci_high",
        "a_exploitability",
        "b_exploitability",
        "a_search_gain",
        "b_search_gain",
        "fixed_verdict",
        "game_verdict",
        "game_flags",
        "trusted",
    ])?;
    let mut rows = Vec::new();
    for r in file.rows() {
        if !r.f64("game_value")?.is_finite() {
            continue;
        }
        rows.push(vec![
            Cell::Text(r.str("matchup")?.to_owned()),
            Cell::Num(pct_ci(
                r.f64("fixed_score")?,
                r.f64("fixed_ci_low")?,
                r.f64("fixed_ci_high")?,
            )),
            Cell::Num(pct_ci(
                r.f64("game_value")?,
                r.f64("game_value_ci_low")?,
                r.f64("game_value_ci_high")?,
            )),
            Cell::Num(pts(r.f64("a_exploitability")?)),
            Cell::Num(pts(r.f64("b_exploitability")?)),
            Cell::Num(format!(
                "{} / {}",
                pts(r.f64("a_search_gain")?),
                pts(r.f64("b_search_gain")?)
            )),
            Cell::Text(format!(
                "{} → {}",
                r.str("fixed_verdict")?,
                r.str("game_verdict")?
            )),
            Cell::Text(r.str("game_flags")?.replace(';', ", ")),
            Cell::Text(if r.bool("trusted")? { "yes" } else { "NO" }.into()),
        ]);
    }
    if rows.is_empty() {
        return Ok(String::new());
    }
    let mut out = String::from(
        "<h3>Policy game: does the answer hold against the best reply?</h3>\n<p class=\"note\">\
         Each side may also answer with any preset; scores are side A's (win 1, draw ½). \
         Exploitability: what the other side's best preset gains against the policy as \
         written. Verdict: A / B when the interval lies above / below 50%, else even. Flags: \
         <code>flips</code> (the verdict changes), <code>exploitable</code> (above 5 pts), \
         <code>weak-scripts</code> (a search gain above 10 pts).</p>\n",
    );
    out.push_str(&table(
        &[
            "matchup",
            "fixed scripts (A), CI",
            "game value (A), honest CI",
            "A's policy exploitable by",
            "B's policy exploitable by",
            "search gain A / B",
            "verdict fixed → game",
            "flags",
            "trusted",
        ],
        &rows,
    ));
    Ok(out)
}
