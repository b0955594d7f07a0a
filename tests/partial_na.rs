//! Partial runs (issue 18 §1): a matchup that played no battle is NA — no win rate of 0% in
//! [0, 1], no infinite deltas — and a ranking leaves out the fleets that never played and
//! says so. Results are built with the library (a Ctrl-C before some matchups started leaves
//! exactly this: their tallies empty).

use std::path::Path;

use fleetlab_engine::RuleSystem;
use fleetlab_engine::rules::cosmic_conflict::CosmicConflict;
use fleetlab_sim::kinds::Plan;
use fleetlab_sim::load::{self, Experiment};
use fleetlab_sim::play;
use fleetlab_sim::report::{ReportOptions, kinds, tables};
use fleetlab_sim::results::{MatchupResult, MatchupTally};

fn experiment(config: &str) -> Experiment<CosmicConflict> {
    load::load::<CosmicConflict>(&Path::new(env!("CARGO_MANIFEST_DIR")).join(config)).unwrap()
}

/// Battles `0..n` of every matchup, then the matchups `empty` picks emptied as if they never
/// started.
fn partial(
    exp: &Experiment<CosmicConflict>,
    n: u64,
    empty: impl Fn(&MatchupResult) -> bool,
) -> Vec<MatchupResult> {
    let mut results = play::play(exp, 7, 0..n, &|_| {}, &|_| {}, None);
    for (r, m) in results.iter_mut().zip(&exp.matchups) {
        if empty(r) {
            r.tally = MatchupTally::new(CosmicConflict::ship_count(&m.matchup));
            if let Some(p) = &mut r.paired {
                *p = Default::default();
            }
            if let Some(m) = &mut r.moments {
                *m = fleetlab_sim::stats::fair_cost::ScoreMoments::new(m.arms());
            }
        }
    }
    results
}

#[test]
fn a_matrix_fleet_that_never_played_is_na_and_not_ranked() {
    let exp = experiment("configs/cosmic-conflict/fleet-matrix.toml");
    let Plan::Matrix(plan) = &exp.plan else {
        panic!("a matrix")
    };
    let results = partial(&exp, 300, |r| r.fleets.contains(&"capital".to_owned()));
    let opts = ReportOptions::default();

    for row in tables::summary_rows(&results, &opts) {
        let empty = row.battles == 0;
        assert_eq!(empty, row.fleet_a == "capital" || row.fleet_b == "capital");
        if empty {
            for x in [
                row.a_win_rate,
                row.a_win_ci_low,
                row.a_win_ci_high,
                row.draw_rate,
            ] {
                assert!(x.is_nan(), "{row:?}");
            }
            assert!(row.mean_turns.is_nan());
        } else {
            assert!(row.a_win_rate.is_finite());
        }
    }
    for row in kinds::matrix_rows(plan, &results, &opts) {
        let empty = row.row_fleet.starts_with("capital") || row.col_fleet.starts_with("capital");
        assert_eq!(row.battles == 0, empty);
        if empty {
            assert!(row.win_rate.is_nan() && row.win_ci_low.is_nan() && row.score.is_nan());
        }
    }
    let ranking = kinds::ranking_rows(plan, &results, &opts);
    let (ranked, unranked): (Vec<_>, Vec<_>) =
        ranking.iter().partition(|r| r.fit != kinds::NOT_RANKED);
    assert_eq!(ranked.len(), 4);
    assert_eq!(unranked.len(), 1);
    assert!(unranked[0].fleet.starts_with("capital") && unranked[0].rank == 0);
    assert!(unranked[0].elo.is_nan());
    for r in &ranked {
        assert!(r.elo.is_finite() && r.elo_ci_low < r.elo && r.elo < r.elo_ci_high);
    }
    // The four that played sum to 0 Elo among themselves.
    assert!(ranked.iter().map(|r| r.elo).sum::<f64>().abs() < 1e-6);
    let terminal = kinds::kind_summary(&exp.plan, &results, &opts);
    assert!(
        terminal.contains("not ranked (played no battle): capital (brawler)"),
        "{terminal}"
    );
}

#[test]
fn an_ab_opponent_that_never_played_is_na_and_the_overall_pools_the_rest() {
    let exp = experiment("configs/cosmic-conflict/enhancement-ab.toml");
    let Plan::Ab(plan) = &exp.plan else {
        panic!("an A/B")
    };
    let results = partial(&exp, 300, |r| r.fleets.contains(&"wolfpack".to_owned()));
    let opts = ReportOptions::default();
    let rows = kinds::ab_rows(plan, &results, &opts);
    let wolf = rows
        .iter()
        .find(|r| r.opponent().starts_with("wolfpack"))
        .unwrap();
    assert_eq!(wolf.battles, 0);
    for x in [
        wolf.base_win_rate,
        wolf.base_ci_low,
        wolf.delta,
        wolf.delta_ci_low,
        wolf.delta_ci_high,
        wolf.delta_se,
        wolf.unpaired_se,
    ] {
        assert!(x.is_nan(), "NA, not 0 or infinite: {wolf:?}");
    }
    let overall = rows.iter().find(|r| r.opponent() == "overall").unwrap();
    assert!(
        overall.delta.is_finite() && overall.delta_se.is_finite(),
        "{overall:?}"
    );
    // The overall is the two opponents that played, weighted equally.
    let played: Vec<_> = rows
        .iter()
        .filter(|r| r.opponent() != "overall" && r.battles > 0)
        .collect();
    assert_eq!(played.len(), 2);
    let mean = played.iter().map(|r| r.base_win_rate).sum::<f64>() / 2.0;
    assert!((overall.base_win_rate - mean).abs() < 1e-12);
    let terminal = kinds::kind_summary(&exp.plan, &results, &opts);
    assert!(terminal.contains("NA (no battle played)"), "{terminal}");

    // The fair cost: the opponent that never played is an NA row (not a missing one), in
    // its place; the others and the overall are numbers.
    let costs = fleetlab_sim::report::fair_cost::fair_cost_rows(plan, &results, &opts);
    let opponents: Vec<String> = costs.iter().map(|r| r.opponent()).collect();
    assert_eq!(opponents.len(), 4, "{opponents:?}");
    assert!(opponents[2].starts_with("wolfpack"), "{opponents:?}");
    for r in &costs {
        let never = r.opponent().starts_with("wolfpack");
        assert_eq!(r.battles == 0, never, "{r:?}");
        assert_eq!(
            r.verdict == fleetlab_sim::report::fair_cost::NOT_PLAYED,
            never,
            "{r:?}"
        );
        assert_eq!(r.estimate.is_nan() && r.ci_low.is_nan(), never, "{r:?}");
    }
}
