//! The "Under the policy game" section (from `under_game.csv`, and `ab_under_game.csv` (with
//! `fair_cost_under_game.csv` for a ladder) or `ranking_under_game.csv` by kind, written by a run with `[experiment.under_game]`): the
//! experiment's answers with fixed scripts beside the answers when each side may also answer
//! with any preset, and which verdicts flip ([`crate::under_game`]). The card's flags come
//! from `under_game.json` ([`card_flags`]): the terminal's sentences.

use std::path::Path;

use super::escape::{pct_ci, pp};
use super::input::CsvFile;
use super::page::{Cell, table};
use super::{HtmlError, Section};
use crate::report::under_game_out::UNDER_GAME_JSON;
use crate::report::verdict::{Flag, Level};

/// The trust flags recorded in `dir/under_game.json`, if the run wrote one.
pub(crate) fn card_flags(dir: &Path) -> Result<Vec<Flag>, HtmlError> {
    let path = dir.join(UNDER_GAME_JSON);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => return Err(HtmlError::Read { path, source }),
    };
    let bad = |message: String| HtmlError::Malformed {
        path: path.clone(),
        line: None,
        message,
    };
    let json: serde_json::Value = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
    let Some(list) = json.get("flags").and_then(|f| f.as_array()) else {
        return Err(bad("no `flags` list".into()));
    };
    list.iter()
        .map(|f| {
            let level = f.get(0).and_then(|l| l.as_str()).unwrap_or_default();
            let text = f.get(1).and_then(|t| t.as_str()).unwrap_or_default();
            let level = match level {
                "ok" => Level::Ok,
                "note" => Level::Note,
                "WARN" => Level::Warn,
                other => return Err(bad(format!("flag level `{other}`: ok, note or WARN"))),
            };
            Ok(Flag {
                level,
                text: text.to_owned(),
            })
        })
        .collect()
}

/// A verdict pair, with the flip marked.
fn verdicts(fixed: &str, game: &str, flips: bool) -> String {
    if flips {
        format!("{fixed} → {game}  FLIPS")
    } else {
        format!("{fixed} = {game}")
    }
}

/// Points with an interval: `+12.3 [+4.0, +20.1] pts` (an unbounded end as ∞).
fn pts(est: f64, low: f64, high: f64) -> String {
    let one = |x: f64| {
        if x.is_infinite() {
            if x > 0.0 { "+∞" } else { "−∞" }.to_owned()
        } else {
            format!("{x:+.1}")
        }
    };
    format!("{} [{}, {}] pts", one(est), one(low), one(high))
}

/// The fair cost of an A/B ladder under both plays, per opponent and overall.
fn fair_cost_table(fc: &CsvFile) -> Result<String, HtmlError> {
    fc.require(&[
        "opponent_fleet",
        "opponent_policy",
        "price",
        "fixed_estimate",
        "fixed_ci_low",
        "fixed_ci_high",
        "game_estimate",
        "game_ci_low",
        "game_ci_high",
        "fixed_verdict",
        "game_verdict",
        "flips",
    ])?;
    let mut rows = Vec::new();
    for r in fc.rows() {
        let fleet = r.str("opponent_fleet")?;
        let opponent = if fleet.is_empty() {
            "overall".to_owned()
        } else {
            format!("{fleet} ({})", r.str("opponent_policy")?)
        };
        rows.push(vec![
            Cell::Text(opponent),
            Cell::Num(format!("{:+.0}", r.f64("price")?)),
            Cell::Num(pts(
                r.f64("fixed_estimate")?,
                r.f64("fixed_ci_low")?,
                r.f64("fixed_ci_high")?,
            )),
            Cell::Num(pts(
                r.f64("game_estimate")?,
                r.f64("game_ci_low")?,
                r.f64("game_ci_high")?,
            )),
            Cell::Text(verdicts(
                r.str("fixed_verdict")?,
                r.str("game_verdict")?,
                r.bool("flips")?,
            )),
        ]);
    }
    let mut out = String::from(
        "<h3>A/B: the fair cost</h3>\n<p class=\"note\">What the change is worth in points: \
         with fixed scripts from the arms' scores, under the game from every arm's game value \
         (base, variant and each ladder rung), read the same way (gain over the base ÷ the \
         ladder's slope, Fieller interval; under the game the values' honest intervals are \
         taken as independent, which is conservative). The price verdict compares the \
         interval with what the rules charge.</p>\n",
    );
    out.push_str(&table(
        &[
            "opponent",
            "price",
            "fixed scripts",
            "under the game",
            "price verdict fixed → game",
        ],
        &rows,
    ));
    Ok(out)
}

/// The section.
pub(crate) fn section(
    per_matchup: &CsvFile,
    ab: Option<&CsvFile>,
    fair_cost: Option<&CsvFile>,
    ranking: Option<&CsvFile>,
) -> Result<Section, HtmlError> {
    let mut body = String::from(
        "<p class=\"note\">Each matchup was also played as a policy game: each side may answer \
         with its policy as written or any offered preset, and plays its optimal mix. The \
         game's interval is selection-honest (mixes chosen on one half of the battles, \
         evaluated on the other). A verdict that differs between the two kinds of play \
         <b>flips</b>.</p>\n",
    );
    if let Some(ab) = ab {
        ab.require(&[
            "matchup",
            "subject",
            "fixed_delta",
            "fixed_ci_low",
            "fixed_ci_high",
            "game_delta",
            "game_ci_low",
            "game_ci_high",
            "fixed_verdict",
            "game_verdict",
            "flips",
        ])?;
        let mut rows = Vec::new();
        for r in ab.rows() {
            let ci = |m: &str, lo: &str, hi: &str| -> Result<String, HtmlError> {
                Ok(format!(
                    "{} [{}, {}]",
                    pp(r.f64(m)?),
                    pp(r.f64(lo)?),
                    pp(r.f64(hi)?)
                ))
            };
            rows.push(vec![
                Cell::Text(r.str("matchup")?.to_owned()),
                Cell::Text(r.str("subject")?.to_owned()),
                Cell::Num(ci("fixed_delta", "fixed_ci_low", "fixed_ci_high")?),
                Cell::Num(ci("game_delta", "game_ci_low", "game_ci_high")?),
                Cell::Text(verdicts(
                    r.str("fixed_verdict")?,
                    r.str("game_verdict")?,
                    r.bool("flips")?,
                )),
            ]);
        }
        body.push_str(
            "<h3>A/B: the variant's gain over the base</h3>\n<p class=\"note\">Fixed scripts: \
             the paired delta of the subject's score. Under the game: the difference of the \
             two games' values, its interval the two honest intervals combined (at least 90% \
             at 95% each).</p>\n",
        );
        body.push_str(&table(
            &[
                "matchup (variant)",
                "subject side",
                "fixed scripts",
                "under the game",
                "verdict fixed → game",
            ],
            &rows,
        ));
    }
    if let Some(fc) = fair_cost {
        body.push_str(&fair_cost_table(fc)?);
    }
    if let Some(ranking) = ranking {
        ranking.require(&[
            "fleet",
            "fixed_score",
            "fixed_ci_low",
            "fixed_ci_high",
            "fixed_rank",
            "game_value",
            "game_ci_low",
            "game_ci_high",
            "game_rank",
            "order_flips",
        ])?;
        let mut rows = Vec::new();
        for r in ranking.rows() {
            rows.push(vec![
                Cell::Num(r.str("game_rank")?.to_owned()),
                Cell::Text(r.str("fleet")?.to_owned()),
                Cell::Num(pct_ci(
                    r.f64("game_value")?,
                    r.f64("game_ci_low")?,
                    r.f64("game_ci_high")?,
                )),
                Cell::Num(r.str("fixed_rank")?.to_owned()),
                Cell::Num(pct_ci(
                    r.f64("fixed_score")?,
                    r.f64("fixed_ci_low")?,
                    r.f64("fixed_ci_high")?,
                )),
                Cell::Num(r.str("order_flips")?.to_owned()),
            ]);
        }
        body.push_str(
            "<h3>Ranking: mean score against the field</h3>\n<p class=\"note\">A fleet's \
             figure is its mean score over the pairings it plays; the interval is the mean of \
             the pairings' interval ends (conservative). Order flips: other fleets whose order \
             against this one differs between the two kinds of play.</p>\n",
        );
        body.push_str(&table(
            &[
                "rank (game)",
                "fleet",
                "under the game",
                "rank (fixed)",
                "fixed scripts",
                "order flips",
            ],
            &rows,
        ));
    }
    per_matchup.require(&[
        "matchup",
        "fixed_score",
        "fixed_ci_low",
        "fixed_ci_high",
        "game_value",
        "game_value_ci_low",
        "game_value_ci_high",
        "fixed_verdict",
        "game_verdict",
        "flips",
        "a_mix",
        "b_mix",
    ])?;
    let mut rows = Vec::new();
    for r in per_matchup.rows() {
        let mix = |k: &str| -> Result<String, HtmlError> { Ok(r.str(k)?.replace(';', ", ")) };
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
            Cell::Text(verdicts(
                r.str("fixed_verdict")?,
                r.str("game_verdict")?,
                r.bool("flips")?,
            )),
            Cell::Text(mix("a_mix")?),
            Cell::Text(mix("b_mix")?),
        ]);
    }
    body.push_str("<h3>Each matchup: side A's score</h3>\n");
    body.push_str(&table(
        &[
            "matchup",
            "fixed scripts, CI",
            "game value, honest CI",
            "verdict fixed → game",
            "A's optimal mix",
            "B's optimal mix",
        ],
        &rows,
    ));
    Ok(Section {
        id: "under-game",
        title: "Under the policy game".into(),
        body,
    })
}
