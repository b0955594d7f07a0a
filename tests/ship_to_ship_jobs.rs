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
