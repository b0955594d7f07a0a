//! The verdict: what an experiment asked, its answer with the interval, and the trust flags
//! that say whether the answer is about the rules — the first lines `run` and `merge` print.
//!
//! The flags are what the run's own results show (`audit` plays extra mirrors, too slow to do
//! inline): the share of battles a house rule decided ([`HOUSE_RULE_FLAG`], as `audit` and the
//! "how battles were decided" lines), the share drawn ([`DRAW_FLAG`]), the seat gap of every
//! mirror matchup the run played ([`SEAT_GAP_LIMIT_SE`], as `fleetlab mirror`), a partial run,
//! and the kind's own checks (the fair-cost ladder, points mismatches, fleets that never
//! played), the house rules the answer rests on ([`super::invented`]). When the run played no mirror the seats are not checked, and the flag says to run
//! `fleetlab audit`. A kind adds flags by pushing to [`Verdict::flags`].

use std::fmt::Write;

use super::ReportOptions;
use super::decided::{DecidedShares, HOUSE_RULE_FLAG};
use super::fair_cost::fair_cost_rows;
use super::game::{equilibrium_rows, game_estimate, game_rows};
use super::kinds::{NOT_RANKED, ab_arm_names, ab_rows, matrix_rows, ranking_rows};
use super::tables::summary_rows;
use crate::kinds::{AbPlan, GamePlan, MatrixPlan, Plan};
use crate::mirror::{SEAT_GAP_LIMIT_SE, SeatGap};
use crate::results::MatchupResult;

/// A matchup whose draws exceed this share of its battles gets a trust flag: a draw counts
/// half in every score, so the answer is partly about how often nobody wins.
pub const DRAW_FLAG: f64 = 0.10;

/// How much a trust flag matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Checked, and fine.
    Ok,
    /// Worth knowing when reading the answer (draws, an unchecked seat).
    Note,
    /// The answer may not be about the rules, or may not be settled.
    Warn,
}

impl Level {
    /// `ok`, `note` or `WARN` (the terminal's and the page's tag).
    pub fn tag(self) -> &'static str {
        match self {
            Level::Ok => "ok",
            Level::Note => "note",
            Level::Warn => "WARN",
        }
    }
}

/// One trust flag: a level and a sentence.
#[derive(Clone, Debug, PartialEq)]
pub struct Flag {
    /// How much it matters.
    pub level: Level,
    /// What was checked and what it found.
    pub text: String,
}

impl Flag {
    pub(crate) fn new(level: Level, text: impl Into<String>) -> Flag {
        Flag {
            level,
            text: text.into(),
        }
    }
}

/// An experiment's question, its answer (first line: the headline figure with its interval)
/// and the trust flags.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// The question the experiment asks, in the designer's words.
    pub question: String,
    /// The answer, one sentence per line, the headline figure and its interval first.
    pub answer: Vec<String>,
    /// The trust flags (warnings first).
    pub flags: Vec<Flag>,
}

impl Verdict {
    /// The terminal block: `question:`, `answer:` and `trust:` lines, the flags tagged `ok`,
    /// `note` or `WARN`. Ends with a newline.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "question: {}", self.question);
        for (i, line) in self.answer.iter().enumerate() {
            let _ = writeln!(
                out,
                "{}{line}",
                if i == 0 { "answer:   " } else { "          " }
            );
        }
        for (i, f) in self.flags.iter().enumerate() {
            let _ = writeln!(
                out,
                "{}{:<4} {}",
                if i == 0 { "trust:    " } else { "          " },
                f.level.tag(),
                f.text
            );
        }
        out
    }

    /// Add trust flags found elsewhere (e.g. under the policy game), keeping warnings first.
    pub fn add_flags(&mut self, flags: impl IntoIterator<Item = Flag>) {
        self.flags.extend(flags);
        self.sort_flags();
    }

    fn sort_flags(&mut self) {
        // Warnings first, then notes, then what is fine; stable within a level.
        self.flags.sort_by_key(|f| match f.level {
            Level::Warn => 0,
            Level::Note => 1,
            Level::Ok => 2,
        });
    }
}

/// `54.0%`.
pub(crate) fn pct(x: f64) -> String {
    if x.is_nan() {
        "NA".to_owned()
    } else {
        format!("{:.1}%", x * 100.0)
    }
}

/// `[51.8, 56.2]`.
fn interval(lo: f64, hi: f64) -> String {
    format!("[{:.1}, {:.1}]", lo * 100.0, hi * 100.0)
}

/// `95% CI`: the intervals' name in the answers (the HTML page, which does not know the
/// level, says `CI`).
pub fn conf(opts: &ReportOptions) -> String {
    let s = format!("{:.4}", opts.confidence * 100.0);
    format!("{}% CI", s.trim_end_matches('0').trim_end_matches('.'))
}

/// The verdict of an experiment's results. `complete` is false for an interrupted run;
/// `config` (the experiment file, if known) goes into the "run `fleetlab audit`" hint.
pub fn verdict(
    plan: &Plan,
    results: &[MatchupResult],
    opts: &ReportOptions,
    complete: bool,
    config: Option<&str>,
) -> Verdict {
    let mut v = match plan {
        Plan::Run => run_verdict(results, opts),
        Plan::Ab(ab) => ab_verdict(ab, results, opts),
        Plan::Matrix(m) => matrix_verdict(m, results, opts),
        Plan::Game(g) => game_verdict(g, results, opts),
    };
    if !complete {
        v.flags.push(Flag::new(
            Level::Warn,
            "partial run: interrupted before every battle was played; the figures are from the \
             battles played",
        ));
    }
    v.flags.extend(result_flags(results, config));
    v.sort_flags();
    v
}

/// What the trust flags need to know of one matchup (from its result, or from a report's
/// files).
#[derive(Clone, Debug, PartialEq)]
pub struct MatchupFacts {
    /// The matchup's label.
    pub label: String,
    /// Battles played.
    pub battles: u64,
    /// Share a house rule decided.
    pub house_rule: f64,
    /// Share drawn.
    pub draws: f64,
    /// The seat gap, when the matchup is a mirror (same fleet and policy on both seats).
    pub mirror: Option<SeatGap>,
    /// The named house rules its results rest on ([`MatchupResult::house_rules`]).
    pub house_rules: Vec<String>,
}

impl MatchupFacts {
    /// The facts of one result.
    pub fn of(r: &MatchupResult) -> MatchupFacts {
        let s = DecidedShares::of(r);
        MatchupFacts {
            label: r.label.clone(),
            battles: r.tally.battles,
            house_rule: s.house_rule,
            draws: s.draws,
            mirror: (r.fleets[0] == r.fleets[1] && r.policies[0] == r.policies[1])
                .then(|| SeatGap::of(r)),
            house_rules: r.house_rules.clone(),
        }
    }
}

/// The flags every kind gets from its results: house rules, draws, seats.
pub fn result_flags(results: &[MatchupResult], config: Option<&str>) -> Vec<Flag> {
    let facts: Vec<MatchupFacts> = results.iter().map(MatchupFacts::of).collect();
    facts_flags(&facts, None, config)
}

/// The flags of house rules, draws and seats from each matchup's facts. `seats` replaces the
/// seat flag the mirrors among the matchups would give (an audit's finding).
pub fn facts_flags(facts: &[MatchupFacts], seats: Option<Flag>, config: Option<&str>) -> Vec<Flag> {
    let mut flags = Vec::new();
    let played: Vec<&MatchupFacts> = facts.iter().filter(|f| f.battles > 0).collect();
    let n = played.len();
    let worst = |of: &dyn Fn(&MatchupFacts) -> f64| {
        played
            .iter()
            .map(|f| (of(f), f.label.as_str()))
            .max_by(|x, y| x.0.total_cmp(&y.0))
    };
    if let Some((share, label)) = worst(&|f| f.house_rule) {
        let over = played
            .iter()
            .filter(|f| f.house_rule > HOUSE_RULE_FLAG)
            .count();
        flags.push(if over > 0 {
            Flag::new(
                Level::Warn,
                format!(
                    "house rules decided more than {} of the battles in {over} of {n} \
                     matchup(s) (up to {} in {label}): there that share of the answer is a \
                     tie-break's, not play's",
                    pct(HOUSE_RULE_FLAG),
                    pct(share)
                ),
            )
        } else {
            Flag::new(
                Level::Ok,
                format!(
                    "house rules decided at most {} of any matchup's battles (flag above {})",
                    pct(share),
                    pct(HOUSE_RULE_FLAG)
                ),
            )
        });
    }
    if let Some((share, label)) = worst(&|f| f.draws) {
        let over = played.iter().filter(|f| f.draws > DRAW_FLAG).count();
        flags.push(if over > 0 {
            Flag::new(
                Level::Note,
                format!(
                    "draws above {} in {over} of {n} matchup(s) (up to {} in {label}); a draw \
                     counts half in scores",
                    pct(DRAW_FLAG),
                    pct(share)
                ),
            )
        } else {
            Flag::new(
                Level::Ok,
                format!("draws at most {} of any matchup's battles", pct(share)),
            )
        });
    }
    flags.extend(super::invented::invented_rules_flags(&played));
    if let Some(seats) = seats {
        flags.push(seats);
        return flags;
    }
    let mirrors: Vec<(&str, SeatGap)> = played
        .iter()
        .filter_map(|f| Some((f.label.as_str(), f.mirror?)))
        .collect();
    let unfair: Vec<String> = mirrors
        .iter()
        .filter(|(_, g)| !g.passes(SEAT_GAP_LIMIT_SE))
        .map(|(label, g)| {
            format!(
                "{label} {:+.1} pp ± {:.1}",
                g.gap() * 100.0,
                g.std_error() * 100.0
            )
        })
        .collect();
    let audit = config.map_or("`fleetlab audit CONFIG`".to_owned(), |c| {
        format!("`fleetlab audit {c}`")
    });
    flags.push(if !unfair.is_empty() {
        Flag::new(
            Level::Warn,
            format!(
                "seats unfair: a mirror's seat gap is beyond {SEAT_GAP_LIMIT_SE} SE ({})",
                unfair.join("; ")
            ),
        )
    } else if !mirrors.is_empty() && mirrors.len() == played.len() {
        Flag::new(
            Level::Ok,
            format!(
                "seats fair in the {} mirror(s) played (gap within {SEAT_GAP_LIMIT_SE} SE)",
                mirrors.len()
            ),
        )
    } else {
        Flag::new(
            Level::Note,
            format!("seats not checked by this run: {audit} plays the mirrors it implies"),
        )
    });
    flags
}

/// One side's rate with its interval: (estimate, low, high).
pub type Rate = (f64, f64, f64);

/// The answer of a single matchup: who wins more often, both win rates with their intervals,
/// the draws.
pub fn single_matchup_answer(
    label: &str,
    battles: u64,
    a: Rate,
    b: Rate,
    draws: f64,
    c: &str,
) -> String {
    let [an, bn] = side_labels(label);
    if battles == 0 {
        "NA: no battle played".to_owned()
    } else if a.1 > b.2 || b.1 > a.2 {
        // The side whose interval lies wholly above the other's, then the other.
        let ((wn, w), (ln, l)) = if a.1 > b.2 {
            ((an, a), (bn, b))
        } else {
            ((bn, b), (an, a))
        };
        format!(
            "{wn} wins more often: {} {} against {} {} for {ln}; {} drawn ({c})",
            pct(w.0),
            interval(w.1, w.2),
            pct(l.0),
            interval(l.1, l.2),
            pct(draws)
        )
    } else {
        format!(
            "neither side clearly wins more often: {an} {} {}, {bn} {} {}; {} drawn ({c})",
            pct(a.0),
            interval(a.1, a.2),
            pct(b.0),
            interval(b.1, b.2),
            pct(draws)
        )
    }
}

/// The answer of several matchups `(label, battles, A's rate, B's rate)`: how many each side
/// wins clearly, and the range of A's win rate.
pub fn many_matchups_answer(rows: &[(String, u64, Rate, Rate)], c: &str) -> Vec<String> {
    let played: Vec<_> = rows.iter().filter(|r| r.1 > 0).collect();
    let a_ahead = played.iter().filter(|r| r.2.1 > r.3.2).count();
    let b_ahead = played.iter().filter(|r| r.3.1 > r.2.2).count();
    let mut answer = vec![format!(
        "side A wins clearly more often in {a_ahead}, side B in {b_ahead}, neither in {} of {} \
         matchup(s) ({c}; each matchup below)",
        played.len() - a_ahead - b_ahead,
        played.len()
    )];
    let lowest = played.iter().min_by(|x, y| x.2.0.total_cmp(&y.2.0));
    let highest = played.iter().max_by(|x, y| x.2.0.total_cmp(&y.2.0));
    if let (Some(lo), Some(hi)) = (lowest, highest) {
        let show = |r: &&&(String, u64, Rate, Rate)| {
            format!("{} {} ({})", pct(r.2.0), interval(r.2.1, r.2.2), r.0)
        };
        answer.push(format!(
            "side A's win rate: lowest {}, highest {}",
            show(&lo),
            show(&hi)
        ));
    }
    if rows.len() > played.len() {
        answer.push(format!(
            "{} matchup(s) played no battle (NA)",
            rows.len() - played.len()
        ));
    }
    answer
}

/// The A/B answer: better, worse or not clearly different, with the paired delta over all
/// opponents and its interval, and both win rates.
pub fn ab_answer(
    (base, variant): (&str, &str),
    battles: u64,
    delta: Rate,
    (base_rate, variant_rate): (f64, f64),
    c: &str,
) -> String {
    if battles == 0 {
        return "NA: no battle played".to_owned();
    }
    let word = if delta.1 > 0.0 {
        "better"
    } else if delta.2 < 0.0 {
        "worse"
    } else {
        "not clearly different"
    };
    format!(
        "{word}: {variant} scores {:+.1} pp [{:+.1}, {:+.1}] against {base} over all \
         opponents (paired on the same dice, {c}); win rate {} → {}",
        delta.0 * 100.0,
        delta.1 * 100.0,
        delta.2 * 100.0,
        pct(base_rate),
        pct(variant_rate)
    )
}

/// The fair-cost answer: the verdict, the estimate with its interval, the price.
pub fn fair_cost_answer(verdict: &str, estimate: Rate, price: f64, c: &str) -> String {
    if verdict == super::fair_cost::NOT_PLAYED {
        return format!("NA: no battle played, no fair cost; the rules charge {price:+.0}");
    }
    format!(
        "{verdict}: fair cost {:+.1} pts [{:+.1}, {:+.1}] over the base ({c}); the rules \
         charge {price:+.0}",
        estimate.0, estimate.1, estimate.2
    )
}

/// The ranking's answer from the ranked fleets in rank order `(fleet, Elo, score)`: the
/// strongest, the next, and whether their intervals overlap.
pub fn ranking_answer(ranked: &[(String, Rate, f64)], c: &str) -> Vec<String> {
    let elo = |r: &Rate| format!("Elo {:+.0} [{:+.0}, {:+.0}]", r.0, r.1, r.2);
    match ranked {
        [] => vec!["NA: no fleet played".to_owned()],
        [only] => vec![format!("only {} played", only.0)],
        [first, second, ..] => vec![
            format!(
                "{} is strongest: {} ({c}), score {:.3}",
                first.0,
                elo(&first.1),
                first.2
            ),
            format!(
                "next {}: {}; {}",
                second.0,
                elo(&second.1),
                if first.1.1 > second.1.2 {
                    "the intervals do not overlap: the top is settled"
                } else {
                    "the intervals overlap: the top is not settled"
                }
            ),
        ],
    }
}

/// The policy game's answer: the value with its (selection-honest) interval, then each side's
/// optimal mix `(side, [(policy, share)])`.
pub fn game_answer(value: Rate, mixes: &[(&str, Vec<(String, f64)>)], c: &str) -> Vec<String> {
    let mut answer = vec![format!(
        "value for A {} {} ({c}, selection-honest): A's score when both sides play their \
         optimal mix",
        pct(value.0),
        interval(value.1, value.2)
    )];
    for (side, mix) in mixes {
        let mix: Vec<String> = mix
            .iter()
            .filter(|(_, m)| *m > 0.0)
            .map(|(p, m)| format!("{p} {}", pct(*m)))
            .collect();
        answer.push(format!("{side}'s optimal mix: {}", mix.join(", ")));
    }
    answer
}

/// The question of a kind (`run` with `matchups` matchups — the label when one —, `ab`,
/// `matrix` with `fleets`, `game` with its two fleets).
pub fn run_question(labels: &[String]) -> String {
    match labels {
        [one] => format!("who wins {one}?"),
        _ => format!("who wins each of the {} matchups?", labels.len()),
    }
}

/// The A/B question (`with_cost`: the experiment has a ladder).
pub fn ab_question(base: &str, variant: &str, with_cost: bool) -> String {
    if with_cost {
        format!(
            "does {variant} do better than {base} against the same opponents, and what should \
             it cost?"
        )
    } else {
        format!("does {variant} do better than {base} against the same opponents?")
    }
}

/// The matrix question.
pub fn matrix_question(fleets: usize) -> String {
    format!("which of the {fleets} fleets is strongest?")
}

/// The policy game's question.
pub fn game_question(a: &str, b: &str) -> String {
    format!(
        "how often does {a} (A) win against {b} (B) when both sides pick their policies well, \
         and which policies should they play?"
    )
}

fn run_verdict(results: &[MatchupResult], opts: &ReportOptions) -> Verdict {
    let rows = summary_rows(results, opts);
    let c = conf(opts);
    let labels: Vec<String> = rows.iter().map(|r| r.matchup.clone()).collect();
    let rate = |r: &super::tables::SummaryRow| {
        (
            (r.a_win_rate, r.a_win_ci_low, r.a_win_ci_high),
            (r.b_win_rate, r.b_win_ci_low, r.b_win_ci_high),
        )
    };
    let answer = match rows.as_slice() {
        [r] => {
            let (a, b) = rate(r);
            vec![single_matchup_answer(
                &r.matchup,
                r.battles,
                a,
                b,
                r.draw_rate,
                &c,
            )]
        }
        _ => {
            let rows: Vec<_> = rows
                .iter()
                .map(|r| {
                    let (a, b) = rate(r);
                    (r.matchup.clone(), r.battles, a, b)
                })
                .collect();
            many_matchups_answer(&rows, &c)
        }
    };
    Verdict {
        question: run_question(&labels),
        answer,
        flags: Vec::new(),
    }
}

/// The two sides of a `<a> vs <b>` matchup label.
pub fn side_labels(label: &str) -> [String; 2] {
    match label.split_once(" vs ") {
        Some((a, b)) => [a.to_owned(), b.to_owned()],
        None => ["side A".to_owned(), "side B".to_owned()],
    }
}

fn ab_verdict(plan: &AbPlan, results: &[MatchupResult], opts: &ReportOptions) -> Verdict {
    let c = conf(opts);
    let rows = ab_rows(plan, results, opts);
    let costs = fair_cost_rows(plan, results, opts);
    let (base, variant) = ab_arm_names(plan, results).unwrap_or_else(|| {
        rows.first()
            .map_or(("the base".into(), "the variant".into()), |r| {
                (r.base_fleet.clone(), r.variant_fleet.clone())
            })
    });
    let mut answer = Vec::new();
    if let Some(o) = rows.iter().find(|r| r.opponent_fleet.is_none()) {
        answer.push(ab_answer(
            (&base, &variant),
            o.battles,
            (o.delta, o.delta_ci_low, o.delta_ci_high),
            (o.base_win_rate, o.variant_win_rate),
            &c,
        ));
    }
    if let Some(f) = costs.iter().find(|f| f.opponent_fleet.is_none()) {
        answer.push(fair_cost_answer(
            &f.verdict,
            (f.estimate, f.ci_low, f.ci_high),
            f.price,
            &c,
        ));
    }
    let ladders: Vec<LadderCheck> = costs
        .iter()
        .map(|r| LadderCheck {
            opponent: r.opponent(),
            monotone: r.ladder_monotone,
            lack_of_fit_p: r.lack_of_fit_p,
            inside: r.inside_ladder || !r.estimate.is_finite(),
        })
        .collect();
    Verdict {
        question: ab_question(&base, &variant, !costs.is_empty()),
        answer,
        flags: ladder_flags(&ladders, opts.confidence),
    }
}

/// The ladder checks of one fair-cost row.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderCheck {
    /// The opponent, or `overall`.
    pub opponent: String,
    /// Whether the ladder is monotone.
    pub monotone: bool,
    /// The lack-of-fit p-value of the straight line (NaN: not testable).
    pub lack_of_fit_p: f64,
    /// Whether the answer lies inside the ladder's points (or there is no answer).
    pub inside: bool,
}

/// One flag per failed ladder check, naming the opponents; one `ok` flag when all pass.
pub fn ladder_flags(checks: &[LadderCheck], confidence: f64) -> Vec<Flag> {
    let mut flags = Vec::new();
    let list = |pick: &dyn Fn(&LadderCheck) -> bool| {
        checks
            .iter()
            .filter(|r| pick(r))
            .map(|r| {
                if r.opponent == "overall" {
                    "overall".to_owned()
                } else {
                    format!("vs {}", r.opponent)
                }
            })
            .collect::<Vec<_>>()
    };
    let alpha = 1.0 - confidence;
    let failed = [
        (
            list(&|r| !r.monotone),
            "not monotone (points do not measure strength)",
        ),
        (
            list(&|r| r.lack_of_fit_p < alpha),
            "a straight line fits poorly (the slope depends on the rungs)",
        ),
        (
            list(&|r| !r.inside),
            "the answer lies outside the ladder (an extrapolation)",
        ),
    ];
    for (which, what) in failed {
        if !which.is_empty() {
            flags.push(Flag::new(
                Level::Warn,
                format!("fair-cost ladder {what}: {}", which.join(", ")),
            ));
        }
    }
    if !checks.is_empty() && flags.is_empty() {
        flags.push(Flag::new(
            Level::Ok,
            "fair-cost ladder monotone, fits a line, contains the answer",
        ));
    }
    flags
}

/// The flag of fleets a ranking leaves out (none when every fleet played).
pub fn unranked_flag(unranked: &[String]) -> Option<Flag> {
    (!unranked.is_empty()).then(|| {
        Flag::new(
            Level::Warn,
            format!("not ranked (played no battle): {}", unranked.join(", ")),
        )
    })
}

fn matrix_verdict(plan: &MatrixPlan, results: &[MatchupResult], opts: &ReportOptions) -> Verdict {
    let c = conf(opts);
    let rows = ranking_rows(plan, results, opts);
    let ranked: Vec<(String, Rate, f64)> = rows
        .iter()
        .filter(|r| r.fit != NOT_RANKED)
        .map(|r| (r.label(), (r.elo, r.elo_ci_low, r.elo_ci_high), r.score))
        .collect();
    let unranked: Vec<String> = rows
        .iter()
        .filter(|r| r.fit == NOT_RANKED)
        .map(|r| r.label())
        .collect();
    let mut flags: Vec<Flag> = unranked_flag(&unranked).into_iter().collect();
    let mismatched = matrix_rows(plan, results, opts)
        .into_iter()
        .filter(|r| r.points_mismatch && r.row_label() < r.col_label())
        .count();
    if mismatched > 0 {
        flags.push(Flag::new(
            Level::Warn,
            format!(
                "{mismatched} pairing(s) differ in points by more than {:.0}%: a points \
                 advantage, not only the design, decides them",
                plan.points_tolerance * 100.0
            ),
        ));
    }
    Verdict {
        question: matrix_question(plan.fleets),
        answer: ranking_answer(&ranked, &c),
        flags,
    }
}

fn game_verdict(plan: &GamePlan, results: &[MatchupResult], opts: &ReportOptions) -> Verdict {
    let c = conf(opts);
    let (a, b) = game_rows(plan, results)
        .first()
        .map_or(("side A".into(), "side B".into()), |r| {
            (r.fleet_a.clone(), r.fleet_b.clone())
        });
    let question = game_question(&a, &b);
    let Some(g) = game_estimate(plan, results, opts) else {
        return Verdict {
            question,
            answer: vec!["NA: a pair of policies has no battles (an interrupted run)".into()],
            flags: Vec::new(),
        };
    };
    let rows = equilibrium_rows(plan, results, opts);
    let mixes: Vec<(&str, Vec<(String, f64)>)> = ["A", "B"]
        .into_iter()
        .map(|side| {
            let mix = rows
                .iter()
                .filter(|r| r.side == side)
                .map(|r| (r.policy.clone(), r.mix))
                .collect();
            (side, mix)
        })
        .collect();
    Verdict {
        question,
        answer: game_answer((g.pooled.value, g.honest.0, g.honest.1), &mixes, &c),
        flags: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::test_support::sample_results;

    #[test]
    fn answer_comes_first_with_its_interval() {
        let results = sample_results();
        let v = verdict(
            &Plan::Run,
            &results[..1],
            &ReportOptions::default(),
            true,
            Some("x.toml"),
        );
        let text = v.text();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "question: who wins alpha (brawler) vs beta (standoff)?"
        );
        assert!(lines[1].starts_with("answer:   "), "{text}");
        assert!(lines[1].contains("% ["), "{text}");
        assert!(lines[1].contains("(95% CI)"), "{text}");
        assert!(lines[2].starts_with("trust:    WARN house rules"), "{text}");
        assert!(text.contains("`fleetlab audit x.toml`"), "{text}");
    }

    #[test]
    fn mirrors_in_the_run_check_the_seats() {
        let mut results = sample_results();
        results.truncate(1);
        let r = &mut results[0];
        r.fleets[1] = r.fleets[0].clone();
        r.policies[1] = r.policies[0].clone();
        let flags = result_flags(&results, None);
        let seat = flags.last().expect("a seat flag");
        assert_eq!(seat.level, Level::Ok, "{seat:?}");
        assert!(seat.text.starts_with("seats fair in the 1 mirror(s)"));
        // A lopsided mirror is flagged.
        results[0].tally.wins = [1000, 0];
        results[0].tally.battles = 1000;
        results[0].tally.draws = 0;
        let flags = result_flags(&results, None);
        assert_eq!(flags.last().map(|f| f.level), Some(Level::Warn));
    }

    #[test]
    fn partial_runs_are_flagged_first() {
        let mut results = sample_results();
        results.push(results[0].clone());
        let v = verdict(&Plan::Run, &results, &ReportOptions::default(), false, None);
        assert_eq!(v.flags[0].level, Level::Warn);
        assert!(v.question.starts_with("who wins each of the"));
        assert!(v.flags.iter().any(|f| f.text.starts_with("partial run")));
    }
}
