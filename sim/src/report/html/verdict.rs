//! The verdict card, first on the page: the experiment's question, its answer with the
//! interval, and the trust flags — the same sentences and checks as the terminal
//! ([`crate::report::verdict`]), built here from the report's files: `summary.csv` and
//! `decided_by.csv` (house rules, draws, mirrors among the matchups), `audit.csv` when
//! `fleetlab audit` wrote one (the seats), and the kind's own file (`ab.csv` + `fair_cost.csv`,
//! `ranking.csv` + `matrix.csv`, `game_value.csv` + `equilibrium.csv`).

use std::collections::HashMap;
use std::fmt::Write;

use super::escape::esc;
use super::input::CsvFile;
use super::manifest::ManifestView;
use super::{HtmlError, Section};
use crate::mirror::{SEAT_GAP_LIMIT_SE, SeatGap};
use crate::report::kinds::NOT_RANKED;
use crate::report::verdict::{self as v, Flag, LadderCheck, Level, MatchupFacts, Verdict};

/// The report's optional files the card reads.
pub(crate) struct KindFiles<'a> {
    /// `decided_by.csv`.
    pub decided_by: Option<&'a CsvFile>,
    /// `audit.csv`.
    pub audit: Option<&'a CsvFile>,
    /// `ab.csv`.
    pub ab: Option<&'a CsvFile>,
    /// `fair_cost.csv`.
    pub fair_cost: Option<&'a CsvFile>,
    /// `ranking.csv`.
    pub ranking: Option<&'a CsvFile>,
    /// `matrix.csv`.
    pub matrix: Option<&'a CsvFile>,
    /// `game_value.csv`.
    pub game_value: Option<&'a CsvFile>,
    /// `equilibrium.csv`.
    pub equilibrium: Option<&'a CsvFile>,
}

/// The intervals' name when their level cannot be read back from the files.
const CI: &str = "CI";

/// The confidence level of the report's intervals, read back from `summary.csv`: the level
/// whose Wilson interval of side A's wins has the recorded width (the files do not record
/// `--confidence`). `None` when no matchup has a win rate strictly between 0 and 1.
fn summary_confidence(summary: &CsvFile) -> Option<f64> {
    for r in summary.rows() {
        let (Ok(n), Ok(wins), Ok(low), Ok(high)) = (
            r.u64("battles"),
            r.u64("a_wins"),
            r.f64("a_win_ci_low"),
            r.f64("a_win_ci_high"),
        ) else {
            continue;
        };
        if n == 0 || wins == 0 || wins == n || !(high - low).is_finite() {
            continue;
        }
        let width = |c: f64| {
            let (lo, hi) = crate::stats::wilson(wins, n, crate::stats::z_for_confidence(c));
            hi - lo
        };
        // The width grows with the level: bisect.
        let (mut lo, mut hi) = (1e-6, 1.0 - 1e-9);
        for _ in 0..80 {
            let mid = 0.5 * (lo + hi);
            if width(mid) < high - low {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        // Levels are given with a few digits (0.95, 0.999): round to 6.
        return Some((lo * 1e6).round() / 1e6);
    }
    None
}

/// The verdict of the report in a directory's files.
pub(crate) fn verdict(
    m: &ManifestView,
    summary: &CsvFile,
    f: &KindFiles<'_>,
) -> Result<Verdict, HtmlError> {
    // A kind's file an older fleetlab wrote may lack a column the card reads: the card then
    // answers from the summary (the kind's own section reports what is wrong with the file).
    let ci = summary_confidence(summary).map_or(CI.to_owned(), |c| {
        crate::report::verdict::conf(&crate::report::ReportOptions { confidence: c })
    });
    let ci = ci.as_str();
    let kind = if let (Some(value), Some(eq)) = (f.game_value, f.equilibrium) {
        game(value, eq)
    } else if let Some(ab) = f.ab {
        ab_verdict(ab, f.fair_cost, ci)
    } else if let Some(ranking) = f.ranking {
        matrix(ranking, f.matrix, ci)
    } else {
        run(summary, ci)
    };
    let mut verdict = match kind {
        Ok(v) => v,
        Err(_) => run(summary, ci)?,
    };
    if !m.is_complete() {
        verdict.flags.push(Flag {
            level: Level::Warn,
            text: "partial run: interrupted before every battle was played; the figures are \
                   from the battles played"
                .into(),
        });
    }
    let seats = f.audit.map(audit_seats).transpose()?;
    if let Some(flag) = f.audit.map(audit_game).transpose()?.flatten() {
        verdict.flags.push(flag);
    }
    let mut facts = facts(summary, f.decided_by)?;
    for fact in &mut facts {
        if let Some(mv) = m.matchups.iter().find(|mv| mv.label == fact.label) {
            fact.house_rules.clone_from(&mv.house_rules);
        }
    }
    let config = (!m.config_path.is_empty()).then_some(m.config_path.as_str());
    verdict.flags.extend(v::facts_flags(&facts, seats, config));
    verdict.flags.sort_by_key(|f| match f.level {
        Level::Warn => 0,
        Level::Note => 1,
        Level::Ok => 2,
    });
    Ok(verdict)
}

/// Each matchup's battles, draws, house-rule share and (for a mirror) seat gap.
fn facts(summary: &CsvFile, decided: Option<&CsvFile>) -> Result<Vec<MatchupFacts>, HtmlError> {
    let mut house: HashMap<String, f64> = HashMap::new();
    if let Some(d) = decided {
        d.require(&["matchup", "kind", "share"])?;
        for r in d.rows() {
            if r.str("kind")? == "house_rule" {
                let share = r.f64("share")?;
                if share.is_finite() {
                    *house.entry(r.str("matchup")?.to_owned()).or_default() += share;
                }
            }
        }
    }
    summary.require(&[
        "matchup", "fleet_a", "fleet_b", "policy_a", "policy_b", "battles", "a_wins", "b_wins",
        "draws",
    ])?;
    // A mirror: the same fleet with the same policy, parameters included.
    let (detail_a, detail_b) = if summary.has("policy_a_detail") {
        ("policy_a_detail", "policy_b_detail")
    } else {
        ("policy_a", "policy_b")
    };
    summary
        .rows()
        .map(|r| {
            let label = r.str("matchup")?.to_owned();
            let battles = r.u64("battles")?;
            let draws = r.u64("draws")?;
            let mirror = (r.str("fleet_a")? == r.str("fleet_b")?
                && r.str(detail_a)? == r.str(detail_b)?)
            .then_some(SeatGap {
                battles,
                a_wins: r.u64("a_wins")?,
                b_wins: r.u64("b_wins")?,
                draws,
            });
            Ok(MatchupFacts {
                house_rule: house.get(&label).copied().unwrap_or(0.0),
                draws: draws as f64 / battles.max(1) as f64,
                label,
                battles,
                mirror,
                house_rules: Vec::new(),
            })
        })
        .collect()
}

/// The seat flag of an audit: the matchups whose mirrors are unfair, or all fair.
fn audit_seats(audit: &CsvFile) -> Result<Flag, HtmlError> {
    audit.require(&["matchup", "seats_fair"])?;
    let mut unfair = Vec::new();
    for r in audit.rows() {
        if !r.bool("seats_fair")? {
            unfair.push(r.str("matchup")?.to_owned());
        }
    }
    Ok(if unfair.is_empty() {
        Flag {
            level: Level::Ok,
            text: format!(
                "seats fair: the audit found both mirrors of every matchup within \
                 {SEAT_GAP_LIMIT_SE} SE"
            ),
        }
    } else {
        Flag {
            level: Level::Warn,
            text: format!(
                "seats unfair in the audit (a mirror's gap beyond {SEAT_GAP_LIMIT_SE} SE): {}",
                unfair.join("; ")
            ),
        }
    })
}

/// The policy-game flag of an audit that played it (`audit_game`): the matchups whose
/// fixed-script answer flips, rests on an exploitable script or on weak scripts, or that all
/// hold. `None` for an audit without the game (or an older one).
fn audit_game(audit: &CsvFile) -> Result<Option<Flag>, HtmlError> {
    if !audit.has("game_flags") {
        return Ok(None);
    }
    let mut flagged = Vec::new();
    let mut played = 0;
    for r in audit.rows() {
        if !r.f64("game_value")?.is_finite() {
            continue;
        }
        played += 1;
        let flags = r.str("game_flags")?;
        if !flags.is_empty() {
            flagged.push(format!(
                "{} ({})",
                r.str("matchup")?,
                flags.replace(';', ", ")
            ));
        }
    }
    Ok((played > 0).then(|| {
        if flagged.is_empty() {
            Flag {
                level: Level::Ok,
                text: "policy game: every fixed-script answer holds against the best reply among the presets (audit)"
                    .into(),
            }
        } else {
            Flag {
                level: Level::Warn,
                text: format!(
                    "policy game (audit): the fixed-script answer does not hold on its own in {} of {played} matchup(s): {}",
                    flagged.len(),
                    flagged.join("; ")
                ),
            }
        }
    }))
}

fn run(summary: &CsvFile, ci: &str) -> Result<Verdict, HtmlError> {
    summary.require(&[
        "matchup",
        "battles",
        "a_win_rate",
        "a_win_ci_low",
        "a_win_ci_high",
        "b_win_rate",
        "b_win_ci_low",
        "b_win_ci_high",
        "draw_rate",
    ])?;
    let mut rows = Vec::new();
    let mut draws = Vec::new();
    for r in summary.rows() {
        rows.push((
            r.str("matchup")?.to_owned(),
            r.u64("battles")?,
            (
                r.f64("a_win_rate")?,
                r.f64("a_win_ci_low")?,
                r.f64("a_win_ci_high")?,
            ),
            (
                r.f64("b_win_rate")?,
                r.f64("b_win_ci_low")?,
                r.f64("b_win_ci_high")?,
            ),
        ));
        draws.push(r.f64("draw_rate")?);
    }
    let labels: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
    let answer = match rows.as_slice() {
        [(label, battles, a, b)] => vec![v::single_matchup_answer(
            label, *battles, *a, *b, draws[0], ci,
        )],
        _ => v::many_matchups_answer(&rows, ci),
    };
    Ok(Verdict {
        question: v::run_question(&labels),
        answer,
        flags: Vec::new(),
    })
}

fn ab_verdict(ab: &CsvFile, fair: Option<&CsvFile>, ci: &str) -> Result<Verdict, HtmlError> {
    ab.require(&[
        "opponent_fleet",
        "opponent_policy",
        "battles",
        "base_win_rate",
        "variant_win_rate",
        "delta",
        "delta_ci_low",
        "delta_ci_high",
    ])?;
    let mut base = String::from("the base");
    let mut variant = String::from("the variant");
    let mut answer = Vec::new();
    for r in ab.rows() {
        if ab.has("base_fleet") && ab.has("variant_fleet") {
            base = r.str("base_fleet")?.to_owned();
            variant = r.str("variant_fleet")?.to_owned();
        }
        if r.opponent()? == super::ab::OVERALL {
            answer.push(v::ab_answer(
                (&base, &variant),
                r.u64("battles")?,
                (
                    r.f64("delta")?,
                    r.f64("delta_ci_low")?,
                    r.f64("delta_ci_high")?,
                ),
                (r.f64("base_win_rate")?, r.f64("variant_win_rate")?),
                ci,
            ));
        }
    }
    let mut flags = Vec::new();
    let fair = fair.filter(|f| {
        [
            "opponent_fleet",
            "opponent_policy",
            "verdict",
            "price",
            "ladder_monotone",
            "lack_of_fit_p",
            "inside_ladder",
        ]
        .iter()
        .all(|c| f.has(c))
    });
    if let Some(fair) = fair {
        fair.require(&[
            "opponent_fleet",
            "opponent_policy",
            "estimate",
            "ci_low",
            "ci_high",
            "price",
            "verdict",
            "method",
            "ladder_monotone",
            "lack_of_fit_p",
            "inside_ladder",
        ])?;
        let mut checks = Vec::new();
        let mut confidence = 0.95;
        for r in fair.rows() {
            let estimate = (r.f64("estimate")?, r.f64("ci_low")?, r.f64("ci_high")?);
            let opponent = r.opponent()?;
            if let Some(c) = fieller_level(r.str("method")?) {
                confidence = c;
            }
            if opponent == super::ab::OVERALL {
                answer.push(v::fair_cost_answer(
                    r.str("verdict")?,
                    estimate,
                    r.f64("price")?,
                    ci,
                ));
            }
            checks.push(LadderCheck {
                opponent,
                monotone: r.bool("ladder_monotone")?,
                lack_of_fit_p: r.f64("lack_of_fit_p")?,
                inside: r.bool("inside_ladder")? || !estimate.0.is_finite(),
            });
        }
        flags = v::ladder_flags(&checks, confidence);
    }
    Ok(Verdict {
        question: v::ab_question(&base, &variant, fair.is_some()),
        answer,
        flags,
    })
}

/// The level of `… Fieller 95% interval` in a fair-cost `method` (0.95).
fn fieller_level(method: &str) -> Option<f64> {
    let rest = &method[method.find("Fieller ")? + "Fieller ".len()..];
    let number = &rest[..rest.find('%')?];
    number.parse::<f64>().ok().map(|p| (p * 1e4).round() / 1e6)
}

fn matrix(ranking: &CsvFile, matrix: Option<&CsvFile>, ci: &str) -> Result<Verdict, HtmlError> {
    ranking.require(&[
        "rank",
        "fleet",
        "policy",
        "elo",
        "elo_ci_low",
        "elo_ci_high",
        "score",
    ])?;
    let mut ranked = Vec::new();
    let mut unranked = Vec::new();
    for r in ranking.rows() {
        let fleet = r.fleet_label("")?;
        if ranking.has("fit") && r.str("fit")? == NOT_RANKED {
            unranked.push(fleet);
        } else {
            ranked.push((
                r.u64("rank")?,
                fleet,
                (r.f64("elo")?, r.f64("elo_ci_low")?, r.f64("elo_ci_high")?),
                r.f64("score")?,
            ));
        }
    }
    ranked.sort_by_key(|r| r.0);
    let fleets = ranked.len() + unranked.len();
    let ranked: Vec<_> = ranked.into_iter().map(|(_, f, e, s)| (f, e, s)).collect();
    let mut flags: Vec<Flag> = v::unranked_flag(&unranked).into_iter().collect();
    if let Some(mx) = matrix.filter(|mx| mx.has("points_mismatch")) {
        let mut n = 0;
        for r in mx.rows() {
            if r.bool("points_mismatch")? && r.fleet_label("row_")? < r.fleet_label("col_")? {
                n += 1;
            }
        }
        if n > 0 {
            flags.push(Flag {
                level: Level::Warn,
                text: format!(
                    "{n} pairing(s) differ in points by more than the matrix's tolerance: a \
                     points advantage, not only the design, decides them"
                ),
            });
        }
    }
    Ok(Verdict {
        question: v::matrix_question(fleets),
        answer: v::ranking_answer(&ranked, ci),
        flags,
    })
}

fn game(value: &CsvFile, eq: &CsvFile) -> Result<Verdict, HtmlError> {
    value.require(&["fleet_a", "fleet_b", "value", "ci_low", "ci_high"])?;
    eq.require(&["side", "policy", "mix"])?;
    let Some(r) = value.rows().next() else {
        return Ok(Verdict {
            question: "how do the policies of this game fare?".into(),
            answer: vec!["NA: the game is not measured (game_value.csv has no row)".into()],
            flags: Vec::new(),
        });
    };
    let question = v::game_question(r.str("fleet_a")?, r.str("fleet_b")?);
    let mut mixes: Vec<(&str, Vec<(String, f64)>)> = vec![("A", Vec::new()), ("B", Vec::new())];
    for e in eq.rows() {
        let slot = if e.str("side")? == "A" { 0 } else { 1 };
        mixes[slot]
            .1
            .push((e.str("policy")?.to_owned(), e.f64("mix")?));
    }
    let confidence = if value.has("confidence") {
        format!("{}% CI", r.f64("confidence")? * 100.0)
    } else {
        CI.to_owned()
    };
    Ok(Verdict {
        question,
        answer: v::game_answer(
            (r.f64("value")?, r.f64("ci_low")?, r.f64("ci_high")?),
            &mixes,
            &confidence,
        ),
        flags: Vec::new(),
    })
}

/// The card as the page's first section: the question, the answer (its first line, the
/// headline figure with its interval, in bold), and the trust flags, each tagged.
pub(crate) fn section(verdict: &Verdict) -> Section {
    let mut body = String::from("<div class=\"card\">\n");
    let _ = writeln!(
        body,
        "<p class=\"q\"><b>Question:</b> {}</p>",
        esc(&verdict.question)
    );
    for (i, line) in verdict.answer.iter().enumerate() {
        if i == 0 {
            let _ = writeln!(body, "<p class=\"a\"><b>Answer:</b> {}</p>", esc(line));
        } else {
            let _ = writeln!(body, "<p class=\"a2\">{}</p>", esc(line));
        }
    }
    body.push_str("<ul class=\"flags\">\n");
    for f in &verdict.flags {
        let class = match f.level {
            Level::Ok => "flag-ok",
            Level::Note => "flag-note",
            Level::Warn => "flag-warn",
        };
        let _ = writeln!(
            body,
            "<li class=\"{class}\"><span class=\"tag\">{}</span> {}</li>",
            f.level.tag(),
            esc(&f.text)
        );
    }
    body.push_str("</ul>\n</div>\n");
    Section {
        id: "verdict",
        title: "Answer".into(),
        body,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_level_is_read_back_from_the_summary() {
        for c in [0.95, 0.999, 0.8] {
            let z = crate::stats::z_for_confidence(c);
            let (lo, hi) = crate::stats::wilson(540, 1000, z);
            let csv =
                format!("battles,a_wins,a_win_ci_low,a_win_ci_high\n0,0,0,1\n1000,540,{lo},{hi}\n");
            let file = CsvFile::parse(std::path::Path::new("summary.csv"), csv.as_bytes()).unwrap();
            assert_eq!(summary_confidence(&file), Some(c));
        }
    }

    #[test]
    fn the_audits_policy_game_flags_the_matchups_whose_answer_does_not_hold() {
        let parse = |csv: &str| CsvFile::parse(std::path::Path::new("audit.csv"), csv.as_bytes());
        let old = parse("matchup,seats_fair\nx,true\n").unwrap();
        assert_eq!(audit_game(&old).unwrap(), None, "an audit without the game");
        let csv = "matchup,seats_fair,game_value,game_flags\n\
                   a vs b,true,0.9,flips;exploitable\nc vs d,true,0.5,\nno game,true,NaN,\n";
        let flag = audit_game(&parse(csv).unwrap()).unwrap().unwrap();
        assert_eq!(flag.level, Level::Warn);
        assert!(
            flag.text
                .contains("in 1 of 2 matchup(s): a vs b (flips, exploitable)"),
            "{}",
            flag.text
        );
        let held = parse("matchup,seats_fair,game_value,game_flags\nc vs d,true,0.5,\n").unwrap();
        assert_eq!(audit_game(&held).unwrap().unwrap().level, Level::Ok);
    }

    #[test]
    fn fieller_level_is_read_from_the_method() {
        assert_eq!(
            fieller_level("… all arms on common dice; Fieller 95% interval"),
            Some(0.95)
        );
        assert_eq!(fieller_level("Fieller 99.9% interval"), Some(0.999));
        assert_eq!(fieller_level("none"), None);
    }
}
