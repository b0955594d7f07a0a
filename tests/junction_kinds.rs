//! The experiment kinds on Junction, end to end through the CLI on the shipped configs: the
//! sim layer has no Junction-specific code, so an A/B with a fair-cost ladder, a round robin
//! and the `baseline` + `check` gate must work on Junction exactly as on Cosmic Conflict
//! (issue 5, "Done means").

use std::path::Path;
use std::process::Command;

mod common;
use common::{fleetlab, num, table};

fn shipped(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("configs/junction")
        .join(name)
        .display()
        .to_string()
}

/// The shipped weapon-enhancement A/B: one row per opponent plus the pooled row, the delta
/// inside its interval, and a fair-cost row priced in the scenario's cost measure (`price`).
#[test]
fn shipped_ab_has_a_paired_delta_and_a_fair_cost() {
    let dir = tempfile::tempdir().unwrap();
    let config = shipped("enhancement-ab.toml");
    let stdout = fleetlab(
        &["run", "--quiet", "--out", "ab", "--battles", "300", &config],
        dir.path(),
    );
    assert!(
        stdout.contains("A/B: strike-group → strike-group-long-laser"),
        "{stdout}"
    );
    let rows = table(&dir.path().join("ab/ab.csv"));
    let opponents: Vec<String> = rows.iter().map(opponent).collect();
    assert_eq!(
        opponents,
        [
            "battle-line (brawler)",
            "picket-screen (brawler)",
            "guided-mix (missile-boat)",
            "overall"
        ]
    );
    for r in &rows {
        assert!(num(r, "delta_ci_low") <= num(r, "delta"), "{r:?}");
        assert!(num(r, "delta") <= num(r, "delta_ci_high"), "{r:?}");
    }
    // Both orientations of 300 battles per opponent; 3 opponents overall.
    assert_eq!(rows[0]["battles"], "600");
    assert_eq!(rows[3]["battles"], "1800");
    let fair = table(&dir.path().join("ab/fair_cost.csv"));
    assert!(!fair.is_empty());
    // The upgrade's price (destroyer-long-laser 44 vs destroyer 40) is what the rules charge.
    assert!(
        fair.iter()
            .all(|r| num(r, "price") == 4.0 && r["base_points"] == "105"),
        "{fair:?}"
    );
}

/// The shipped round robin: every ordered pairing of five fleets, mirrored cells, each fleet
/// ranked once, and guided-mix's four pairings flagged for unequal cost (volume).
#[test]
fn shipped_matrix_mirrors_and_flags_unequal_cost() {
    let dir = tempfile::tempdir().unwrap();
    let config = shipped("fleet-matrix.toml");
    let stdout = fleetlab(
        &["run", "--quiet", "--out", "mx", "--battles", "200", &config],
        dir.path(),
    );
    let cells = table(&dir.path().join("mx/matrix.csv"));
    assert_eq!(cells.len(), 20);
    for c in &cells {
        let mirror = cells
            .iter()
            .find(|m| m["row_fleet"] == c["col_fleet"] && m["col_fleet"] == c["row_fleet"])
            .unwrap();
        assert_eq!(c["wins"], mirror["losses"]);
        assert_eq!(c["draws"], mirror["draws"]);
    }
    let ranking = table(&dir.path().join("mx/ranking.csv"));
    assert_eq!(ranking.len(), 5);
    assert!(
        stdout.contains("WARNING: 4 pairing(s) differ in points by more than 15%"),
        "{stdout}"
    );
}

/// `baseline` + `check` on the Junction showcase: unchanged rules replay every battle exactly
/// (all ties, decided at the first look); a house-rule change that matters (no synchronised
/// fire, which the brawlers and the `pd-screen` strike group lean on) fails with exit 1 and
/// names the matchup that moved.
#[test]
fn gate_passes_unchanged_rules_and_fails_a_real_shift() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let config = shipped("showcase.toml");
    fleetlab(
        &[
            "baseline",
            &config,
            "--out",
            "base.json",
            "--battles",
            "4000",
        ],
        d,
    );
    let ok = fleetlab(&["check", &config, "--baseline", "base.json"], d);
    assert!(ok.contains("no significant balance shift"), "{ok}");
    assert_eq!(ok.matches("+0.00 [+0.00, +0.00]").count(), 3, "{ok}");

    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/junction");
    let text = std::fs::read_to_string(root.join("showcase.toml")).unwrap();
    let include = "include = [\"catalogue.toml\", \"designs.toml\", \"fleets.toml\"]";
    assert!(text.contains(include));
    let absolute = format!(
        "include = [\"{0}/catalogue.toml\", \"{0}/designs.toml\", \"{0}/fleets.toml\"]",
        root.display()
    );
    let tweaked = text.replace(include, &absolute) + "\n[house_rules]\nsync_fire = false\n";
    std::fs::write(d.join("tweak.toml"), tweaked).unwrap();
    let bad = Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(["check", "tweak.toml", "--baseline", "base.json"])
        .current_dir(d)
        .output()
        .unwrap();
    let out = format!(
        "{}{}",
        String::from_utf8_lossy(&bad.stdout),
        String::from_utf8_lossy(&bad.stderr)
    );
    assert_eq!(bad.status.code(), Some(1), "{out}");
    assert!(
        out.contains("| strike-group (pd-screen) vs battle-line (brawler) | SHIFT DOWN |"),
        "{out}"
    );
}

/// `fleet (policy)` of a row's opponent, `overall` when its keys are empty.
fn opponent(r: &std::collections::HashMap<String, String>) -> String {
    if r["opponent_fleet"].is_empty() {
        "overall".to_owned()
    } else {
        format!("{} ({})", r["opponent_fleet"], r["opponent_policy"])
    }
}
