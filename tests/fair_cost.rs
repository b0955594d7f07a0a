//! The fair-cost search end to end through the CLI: an A/B experiment with a ladder
//! (`[experiment.ab] ladder = [...]`) writes `fair_cost.csv`; its answer is exact where the
//! arithmetic says it must be, and it does not depend on threads or shards.

use std::path::Path;

mod common;
use common::{fleetlab, num, table, write_config};

/// The variant is the ladder's only rung (line-kinetic with a destroyer for its frigate, 627
/// points against the base's 566). On common dice the two play identical battles, so the
/// line's slope is exactly (variant − base) / 61 points: the variant is worth exactly its 61
/// points, and the interval has no width (its error, variant − rung, is 0 in every battle).
const VARIANT_IS_A_RUNG: &str = r#"
rule_system = "cosmic-conflict"
include = ["SHIPPED/designs.toml", "SHIPPED/fleets.toml"]
[experiment]
seed = 11
battles = 3000
[experiment.ab]
base = { fleet = "line-kinetic" }
variant = { fleet = "two-destroyers" }
opponents = [{ fleet = "line-beam" }, { fleet = "capital", policy = "standoff" }]
ladder = [{ fleet = "two-destroyers" }]
[[fleet]]
name = "two-destroyers"
ships = ["cruiser", "destroyer", "destroyer"]
"#;

#[test]
fn a_variant_equal_to_a_rung_is_worth_exactly_its_points() {
    let dir = tempfile::tempdir().unwrap();
    let config = write_config(dir.path(), "rung", VARIANT_IS_A_RUNG);
    let stdout = fleetlab(&["run", "--quiet", "--out", "out", &config], dir.path());
    let rows = table(&dir.path().join("out/fair_cost.csv"));
    let opponents: Vec<String> = rows.iter().map(opponent).collect();
    assert_eq!(
        opponents,
        ["line-beam (brawler)", "capital (standoff)", "overall"]
    );
    for r in &rows {
        assert_eq!(r["variant_fleet"], "two-destroyers");
        assert_eq!(num(r, "price"), 61.0);
        assert_eq!(num(r, "base_points"), 566.0);
        // 3,000 battle indices per orientation, every arm playing each.
        let groups = if opponent(r) == "overall" { 4.0 } else { 2.0 };
        assert_eq!(num(r, "battles"), 3000.0 * groups);
        assert!((num(r, "estimate") - 61.0).abs() < 1e-9, "{r:?}");
        // Fieller's interval with a zero paired spread: exact but for rounding (1.2e-6 pts seen).
        assert!((num(r, "ci_low") - 61.0).abs() < 1e-4, "{r:?}");
        assert!((num(r, "ci_high") - 61.0).abs() < 1e-4, "{r:?}");
        assert_eq!(r["verdict"], "fair");
        // The second destroyer helps against both, so the slope is positive and the interval
        // bounded.
        assert!(num(r, "slope") > 0.0, "{r:?}");
    }
    assert!(
        stdout.contains("Fair cost of two-destroyers over the base (95% CI): +61.0 pts"),
        "{stdout}"
    );
}

/// The shipped enhancement A/B (Oversized kinetic on the destroyer) with its ladder: one row
/// per opponent and `overall`, each estimate inside its interval, the price the rules charge
/// (572 − 566 = 6 points) and a verdict consistent with the interval.
#[test]
fn shipped_enhancement_ab_reports_a_fair_cost_per_opponent_and_overall() {
    let dir = tempfile::tempdir().unwrap();
    let config = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("configs/cosmic-conflict/enhancement-ab.toml")
        .display()
        .to_string();
    run_2000(dir.path(), &config);
    let rows = table(&dir.path().join("out/fair_cost.csv"));
    assert_eq!(rows.len(), 4, "{rows:?}");
    assert_eq!(opponent(&rows[3]), "overall");
    for r in &rows {
        assert_eq!(r["variant_fleet"], "line-kinetic-oversized");
        assert_eq!(num(r, "price"), 6.0);
        let (lo, est, hi) = (num(r, "ci_low"), num(r, "estimate"), num(r, "ci_high"));
        let expected = if !(lo.is_finite() && hi.is_finite()) {
            "undetermined"
        } else if lo > 6.0 {
            "underpriced"
        } else if hi < 6.0 {
            "overpriced"
        } else {
            "fair"
        };
        assert_eq!(r["verdict"], expected, "{r:?}");
        if lo.is_finite() && hi.is_finite() {
            assert!(lo <= est && est <= hi, "{r:?}");
        }
        assert!(r["method"].contains("566, 504, 544, 610, 627 pts"), "{r:?}");
    }
    // The overall answer is bounded at this size: the ladder separates prices.
    assert!(num(&rows[3], "ci_high").is_finite(), "{:?}", rows[3]);
}

/// Same seed → same bits: one thread, two threads, and two shards merged give the same
/// `fair_cost.csv`.
#[test]
fn fair_cost_is_identical_for_threads_and_shards() {
    let dir = tempfile::tempdir().unwrap();
    let config = write_config(dir.path(), "ladder", VARIANT_IS_A_RUNG);
    let d = dir.path();
    fleetlab(
        &["run", "--quiet", "--threads", "1", "--out", "t1", &config],
        d,
    );
    fleetlab(
        &["run", "--quiet", "--threads", "2", "--out", "t2", &config],
        d,
    );
    for s in ["0/2", "1/2"] {
        let out = format!("s{}", &s[..1]);
        fleetlab(&["run", "--quiet", "--shard", s, "--out", &out, &config], d);
    }
    fleetlab(&["merge", "--out", "merged", "s0", "s1"], d);
    let one = std::fs::read(d.join("t1/fair_cost.csv")).unwrap();
    for other in ["t2", "merged"] {
        assert_eq!(
            std::fs::read(d.join(other).join("fair_cost.csv")).unwrap(),
            one,
            "{other}"
        );
    }
}

/// The ladder behind the answer (issue 18 §1): `ladder.csv` lists every arm's points and
/// score with its interval and the fitted line, per opponent and overall; `fair_cost.csv`
/// says whether the ladder is monotone, how well the line fits and whether the answer is
/// inside it; the terminal warns and the HTML page plots the ladder and banners the
/// problems. The shipped ladder (504–627 points) bends — score saturates near 1 — so its
/// straight line fits poorly and fleetlab must say so.
#[test]
fn the_ladder_is_shown_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let config = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("configs/cosmic-conflict/enhancement-ab.toml")
        .display()
        .to_string();
    let stdout = fleetlab(
        &[
            "run",
            "--quiet",
            "--battles",
            "2000",
            "--html",
            "--out",
            "out",
            &config,
        ],
        dir.path(),
    );
    let ladder = table(&dir.path().join("out/ladder.csv"));
    // 6 arms × (3 opponents + overall).
    assert_eq!(ladder.len(), 24, "{ladder:?}");
    let overall: Vec<_> = ladder.iter().filter(|r| opponent(r) == "overall").collect();
    let roles: Vec<&str> = overall.iter().map(|r| r["role"].as_str()).collect();
    assert_eq!(roles, ["base", "variant", "rung", "rung", "rung", "rung"]);
    let points: Vec<f64> = overall.iter().map(|r| num(r, "points")).collect();
    assert_eq!(points, [566.0, 572.0, 504.0, 544.0, 610.0, 627.0]);
    for r in &ladder {
        assert!(num(r, "ci_low") <= num(r, "score") && num(r, "score") <= num(r, "ci_high"));
    }
    let costs = table(&dir.path().join("out/fair_cost.csv"));
    let all = costs.iter().find(|r| opponent(r) == "overall").unwrap();
    assert!(num(all, "lack_of_fit_p") < 0.05, "{all:?}");
    assert_eq!(all["inside_ladder"], "true");
    assert!(
        stdout.contains("WARNING: fair cost overall: a straight line fits the ladder poorly"),
        "{stdout}"
    );
    let html = std::fs::read_to_string(dir.path().join("out/report.html")).unwrap();
    assert!(
        html.contains("The ladder, all opponents"),
        "the ladder plot"
    );
    assert!(html.contains("straight line fits poorly"), "the banner");
}

/// A variant that is a rung reads off a two-point ladder: nothing to test the line against
/// (`lack_of_fit_p` NaN), monotone, and the answer (exactly the rung's points) inside.
#[test]
fn a_two_point_ladder_is_not_tested_for_fit() {
    let dir = tempfile::tempdir().unwrap();
    let config = write_config(dir.path(), "ladder", VARIANT_IS_A_RUNG);
    let stdout = fleetlab(&["run", "--out", "out", &config], dir.path());
    assert!(!stdout.contains("WARNING: fair cost"), "{stdout}");
    for r in table(&dir.path().join("out/fair_cost.csv")) {
        assert_eq!(r["lack_of_fit_p"], "NaN");
        assert_eq!(r["ladder_monotone"], "true");
        assert_eq!(r["inside_ladder"], "true");
    }
}

/// `fleet (policy)` of a row's opponent, `overall` when its keys are empty.
fn opponent(r: &std::collections::HashMap<String, String>) -> String {
    if r["opponent_fleet"].is_empty() {
        "overall".to_owned()
    } else {
        format!("{} ({})", r["opponent_fleet"], r["opponent_policy"])
    }
}

/// `fit = "logit"`: the line is fitted on the logit scale. A variant equal to the ladder's
/// only rung still reads exactly its 61 points (same battles, same logit), and the method
/// says which scale was used.
#[test]
fn a_logit_fit_reads_a_rung_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let text = VARIANT_IS_A_RUNG.replace(
        "ladder = [{ fleet = \"two-destroyers\" }]",
        "ladder = [{ fleet = \"two-destroyers\" }]\nfit = \"logit\"",
    );
    let config = write_config(dir.path(), "logit", &text);
    fleetlab(
        &[
            "run",
            "--quiet",
            "--battles",
            "600",
            "--out",
            "out",
            &config,
        ],
        dir.path(),
    );
    let rows = table(&dir.path().join("out/fair_cost.csv"));
    assert_eq!(rows.len(), 3);
    for r in &rows {
        assert!((num(r, "estimate") - 61.0).abs() < 1e-9, "{r:?}");
        assert!(
            r["method"].starts_with("paired logit(score) delta"),
            "{r:?}"
        );
        assert_eq!(r["verdict"], "fair");
    }
    // The fitted curve is drawn back as scores: the base's and the rung's arms sit on it.
    let ladder = table(&dir.path().join("out/ladder.csv"));
    for r in &ladder {
        assert!((num(r, "fitted") - num(r, "score")).abs() < 1e-9, "{r:?}");
    }
}

/// The shipped ladder saturates towards 1 (see `the_ladder_is_shown_and_checked`); on the
/// logit scale the same battles give a finite, bounded answer, the fitted curve stays within
/// (0, 1) and rises with points, and the line's warning no longer suggests the logit fit.
#[test]
fn a_logit_fit_follows_a_saturating_ladder() {
    let dir = tempfile::tempdir().unwrap();
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/cosmic-conflict");
    let text = std::fs::read_to_string(shipped.join("enhancement-ab.toml"))
        .unwrap()
        .replace(
            "include = [\"designs.toml\", \"fleets.toml\"]",
            "include = [\"SHIPPED/designs.toml\", \"SHIPPED/fleets.toml\"]",
        )
        .replace("[experiment.ab]\n", "[experiment.ab]\nfit = \"logit\"\n");
    let config = write_config(dir.path(), "logit-ladder", &text);
    let stdout = run_2000(dir.path(), &config);
    let costs = table(&dir.path().join("out/fair_cost.csv"));
    let all = costs.iter().find(|r| opponent(r) == "overall").unwrap();
    assert!(
        num(all, "estimate").is_finite() && num(all, "slope") > 0.0,
        "{all:?}"
    );
    assert!(num(all, "ci_low").is_finite() && num(all, "ci_high").is_finite());
    let ladder = table(&dir.path().join("out/ladder.csv"));
    let mut overall: Vec<(f64, f64)> = ladder
        .iter()
        .filter(|r| opponent(r) == "overall" && r["role"] != "variant")
        .map(|r| (num(r, "points"), num(r, "fitted")))
        .collect();
    overall.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert!(overall.windows(2).all(|w| w[0].1 < w[1].1), "{overall:?}");
    assert!(
        overall.iter().all(|p| 0.0 < p.1 && p.1 < 1.0),
        "{overall:?}"
    );
    assert!(!stdout.contains("fit = \"logit\""), "{stdout}");
}

/// `fleetlab run --quiet --battles 2000 --out out CONFIG` in `dir`; its stdout.
fn run_2000(dir: &Path, config: &str) -> String {
    fleetlab(
        &[
            "run",
            "--quiet",
            "--battles",
            "2000",
            "--out",
            "out",
            config,
        ],
        dir,
    )
}
