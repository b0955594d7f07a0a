//! `fleetlab run --target-error E`: plays until every reported interval is within ±E, in
//! looks of 8,192 battles then doubling, deterministically.

use std::path::Path;
use std::process::Command;

fn run(out: &Path, threads: &str) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args([
            "run",
            "configs/cosmic-conflict/showcase.toml",
            "--target-error",
            "0.01",
            "--quiet",
            "--threads",
            threads,
            "--out",
        ])
        .arg(out)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run fleetlab");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn every_interval_is_within_the_target_and_runs_are_deterministic() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    let stdout = run(&one, "1");
    run(&two, "2");
    assert!(stdout.contains("(to ±0.01, cap 1000000)"), "{stdout}");
    let summary = std::fs::read_to_string(one.join("summary.csv")).unwrap();
    assert_eq!(
        summary,
        std::fs::read_to_string(two.join("summary.csv")).unwrap()
    );
    let mut r = csv::Reader::from_reader(summary.as_bytes());
    let h = r.headers().unwrap().clone();
    let col = |name: &str| h.iter().position(|c| c == name).unwrap();
    let mut counts = Vec::new();
    for rec in r.records() {
        let rec = rec.unwrap();
        let f = |name: &str| rec[col(name)].parse::<f64>().unwrap();
        for side in ["a", "b"] {
            let half = (f(&format!("{side}_win_ci_high")) - f(&format!("{side}_win_ci_low"))) / 2.0;
            assert!(half <= 0.01, "{side}: ±{half} in {:?}", &rec[0]);
        }
        let n: u64 = rec[col("battles")].parse().unwrap();
        // Looks: 8,192 then doubling.
        assert!(
            n >= 8192 && (n / 8192).is_power_of_two() && n % 8192 == 0,
            "{n}"
        );
        counts.push(n);
    }
    // A lopsided matchup stops at the first look, an even one needs more.
    assert_eq!(counts.iter().min(), Some(&8192), "{counts:?}");
    assert!(counts.iter().max().unwrap() > &8192, "{counts:?}");
    let manifest = std::fs::read_to_string(one.join("manifest.json")).unwrap();
    assert!(manifest.contains("\"target_error\": 0.01"), "{manifest}");
    assert!(manifest.contains("\"status\": \"complete\""), "{manifest}");
}

/// Run `config` into `out` with `extra` arguments.
fn run_config(config: &str, out: &Path, extra: &[&str]) {
    let o = Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(["run", config, "--quiet", "--out"])
        .arg(out)
        .args(extra)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run fleetlab");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// The rows of a report table as (first column → record) with a column lookup.
fn table(path: &Path) -> Vec<std::collections::HashMap<String, String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let h = r.headers().unwrap().clone();
    r.records()
        .map(|rec| {
            let rec = rec.unwrap();
            h.iter()
                .zip(rec.iter())
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect()
        })
        .collect()
}

fn num(row: &std::collections::HashMap<String, String>, col: &str) -> f64 {
    row[col].parse().unwrap()
}

/// Matchups that stop early must not re-weight pooled figures (issue 18): under
/// `--target-error` the close matchups play more battles, and pooling by battles moved the
/// matrix's wolfpack from Elo +46 to +20 and the A/B's overall base win rate from 87.6% to
/// 85.6%. Pooled by design weights, each answer under `--target-error` has the fixed-count
/// answer inside its interval.
#[test]
fn target_error_keeps_pooled_answers() {
    let dir = tempfile::tempdir().unwrap();
    let (te, fixed) = (dir.path().join("te"), dir.path().join("fixed"));
    let matrix = "configs/cosmic-conflict/fleet-matrix.toml";
    run_config(matrix, &te, &["--target-error", "0.01"]);
    run_config(matrix, &fixed, &[]);
    let unequal = table(&te.join("summary.csv"));
    assert!(
        unequal
            .iter()
            .any(|r| r["battles"] != unequal[0]["battles"]),
        "the matchups stop at different looks"
    );
    let want = table(&fixed.join("ranking.csv"));
    for row in table(&te.join("ranking.csv")) {
        let f = want.iter().find(|w| w["fleet"] == row["fleet"]).unwrap();
        let (lo, hi, x) = (
            num(&row, "elo_ci_low"),
            num(&row, "elo_ci_high"),
            num(f, "elo"),
        );
        assert!(
            lo <= x && x <= hi,
            "{}: fixed Elo {x} outside [{lo}, {hi}]",
            row["fleet"]
        );
        assert!(row["fit"].contains("design-weighted"), "{:?}", row["fit"]);
    }

    let ab = "configs/cosmic-conflict/enhancement-ab.toml";
    run_config(ab, &te, &["--target-error", "0.01"]);
    run_config(ab, &fixed, &["--battles", "10000"]);
    let te_rows = table(&te.join("ab.csv"));
    let fixed_rows = table(&fixed.join("ab.csv"));
    let overall = |rows: &[std::collections::HashMap<String, String>]| {
        rows.iter()
            .find(|r| r["opponent_fleet"].is_empty())
            .unwrap()
            .clone()
    };
    let (t, f) = (overall(&te_rows), overall(&fixed_rows));
    for (est, lo, hi) in [
        ("base_win_rate", "base_ci_low", "base_ci_high"),
        ("variant_win_rate", "variant_ci_low", "variant_ci_high"),
        ("delta", "delta_ci_low", "delta_ci_high"),
    ] {
        let x = num(&f, est);
        assert!(
            num(&t, lo) <= x && x <= num(&t, hi),
            "{est}: fixed {x} outside [{}, {}]",
            t[lo],
            t[hi]
        );
    }
    let cost = |dir: &Path| overall(&table(&dir.join("fair_cost.csv")));
    let (t, f) = (cost(&te), cost(&fixed));
    let x = num(&f, "estimate");
    assert!(
        num(&t, "ci_low") <= x && x <= num(&t, "ci_high"),
        "fair cost {x}: {t:?}"
    );
}
