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
