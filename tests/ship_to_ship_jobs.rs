//! Ship to Ship Combat (seed 001) and the three jobs: the committed `check` baseline of
//! `reference-duel` passes unchanged and catches a house-rule change (exit 1); the A/B
//! (Multi vs Standard Cannon), the fleet matrix and the policy game run end to end.

use std::path::Path;
use std::process::{Command, Output};

fn fleetlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run fleetlab")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

const BASELINE: &str = "reports/baselines/ship-to-ship-reference-duel.json";

#[test]
fn the_committed_baseline_passes() {
    let o = fleetlab(&[
        "check",
        "configs/ship-to-ship/reference-duel.toml",
        "--baseline",
        BASELINE,
    ]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("no shift"), "{}", text(&o));
}

#[test]
fn a_house_rule_change_fails_the_baseline() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/ship-to-ship");
    let mut t = std::fs::read_to_string(root.join("reference-duel.toml")).unwrap();
    t = t.replace(
        "include = [\"fleets.toml\"]",
        &format!("include = [\"{}/fleets.toml\"]", root.display()),
    );
    t.push_str("\n[house_rules]\ng2_to_hit = \"always\"\n");
    let path = dir.path().join("reference-duel.toml");
    std::fs::write(&path, t).unwrap();
    let o = fleetlab(&["check", path.to_str().unwrap(), "--baseline", BASELINE]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
}

#[test]
fn the_ab_the_matrix_and_the_policy_game_run() {
    for config in [
        "configs/ship-to-ship/multi-vs-standard-ab.toml",
        "configs/ship-to-ship/fleet-matrix.toml",
        "configs/ship-to-ship/policy-game.toml",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        let o = fleetlab(&[
            "run",
            config,
            "--battles",
            "1024",
            "--quiet",
            "--threads",
            "2",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{config}: {}", text(&o));
        assert!(out.join("manifest.json").exists(), "{config}");
    }
}

/// The `events.csv` total of `event` for `fleet` on any side, summed over the matchups.
fn event_total(out: &Path, fleet: &str, event: &str) -> u64 {
    let csv = std::fs::read_to_string(out.join("events.csv")).unwrap();
    csv.lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f.len() == 7 && f[2] == fleet && f[4] == event).then(|| f[5].parse::<u64>().unwrap())
        })
        .sum()
}

#[test]
fn scans_luck_and_the_mode_choice_are_spent_only_where_configured() {
    // Seed, "Hit Allocation": Scans reroll allocation dice; Luck does only under G14
    // `reroll-die`; the mode-choosing presets run under G21 `per-shot` with six phases.
    let dir = tempfile::tempdir().unwrap();
    let run = |config: &str, name: &str| {
        let out = dir.path().join(name);
        let o = fleetlab(&[
            "run",
            config,
            "--battles",
            "300",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{config}: {}", text(&o));
        out
    };
    let scans = run("configs/ship-to-ship/scans-ab.toml", "scans");
    assert!(event_total(&scans, "frigate-scanner", "scans_spent") > 0);
    assert_eq!(event_total(&scans, "frigate", "scans_spent"), 0);
    let on = run(
        "configs/ship-to-ship/sensitivity/luck-on-allocation.toml",
        "luck-on",
    );
    assert!(event_total(&on, "frigate-lucky", "allocation_luck_spent") > 0);
    let off = run(
        "configs/ship-to-ship/sensitivity/luck-hull-checks-only.toml",
        "luck-off",
    );
    assert_eq!(
        event_total(&off, "frigate-lucky", "allocation_luck_spent"),
        0
    );
    let modes = run(
        "configs/ship-to-ship/mode-choice/duel-6-phases.toml",
        "modes",
    );
    assert!(modes.join("manifest.json").exists());
}
