//! `run --per-battle` (issue 18 §4): one row per battle, in battle order, the same bytes for
//! any thread count, agreeing with the report's tallies, listed in the manifest, removed by
//! a later run without the flag, refused (exit 2) where it is not supported.

use std::path::Path;
use std::process::Command;

mod common;
use common::{fleetlab, table};

fn shipped(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("configs/cosmic-conflict")
        .join(format!("{name}.toml"))
        .display()
        .to_string()
}

#[test]
fn one_row_per_battle_in_order_for_any_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let config = shipped("fleet-matrix");
    let run = |threads: &str, out: &str| {
        fleetlab(
            &[
                "run",
                &config,
                "--battles",
                "2100",
                "--threads",
                threads,
                "--quiet",
                "--per-battle",
                "--out",
                out,
            ],
            dir.path(),
        );
        std::fs::read(dir.path().join(out).join("per_battle.csv")).unwrap()
    };
    let one = run("1", "t1");
    assert_eq!(one, run("2", "t2"), "the same file for 1 and 2 threads");
    assert_eq!(one, run("3", "t3"), "the same file for 3 threads");

    let rows = table(&dir.path().join("t1/per_battle.csv"));
    let summary = table(&dir.path().join("t1/summary.csv"));
    assert_eq!(rows.len(), 2100 * summary.len());
    for (k, s) in summary.iter().enumerate() {
        let mine = &rows[k * 2100..(k + 1) * 2100];
        // Battle-index order within the matchup, matchups in the summary's order.
        for (i, r) in mine.iter().enumerate() {
            assert_eq!(r["matchup"], s["matchup"]);
            assert_eq!(r["battle"], i.to_string());
            assert_eq!(r["fleet_a"], s["fleet_a"]);
            assert_eq!(r["policy_b"], s["policy_b"]);
            assert_eq!(r["points_a"], s["points_a"]);
        }
        let count = |w: &str| mine.iter().filter(|r| r["winner"] == w).count().to_string();
        assert_eq!(count("A"), s["a_wins"]);
        assert_eq!(count("B"), s["b_wins"]);
        assert_eq!(count("draw"), s["draws"]);
        let turns: u64 = mine
            .iter()
            .map(|r| r["turns"].parse::<u64>().unwrap())
            .sum();
        let mean: f64 = s["mean_turns"].parse().unwrap();
        assert!((turns as f64 / 2100.0 - mean).abs() < 1e-9);
    }
    // Every decider is one the decided_by table names, with its count.
    let decided = table(&dir.path().join("t1/decided_by.csv"));
    for d in &decided {
        let n = rows
            .iter()
            .filter(|r| r["matchup"] == d["matchup"] && r["decided_by"] == d["decider"])
            .count();
        assert_eq!(n.to_string(), d["battles"], "{d:?}");
    }

    let manifest = std::fs::read_to_string(dir.path().join("t1/manifest.json")).unwrap();
    assert!(manifest.contains("\"per_battle.csv\""), "{manifest}");
    let left: Vec<String> = std::fs::read_dir(dir.path().join("t1"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(left.iter().all(|n| !n.contains(".tmp")), "{left:?}");

    // A later run into the same directory without the flag does not keep the old table.
    fleetlab(
        &["run", &config, "--battles", "64", "--quiet", "--out", "t1"],
        dir.path(),
    );
    assert!(!dir.path().join("t1/per_battle.csv").exists());
}

#[test]
fn refused_where_it_is_not_supported() {
    let dir = tempfile::tempdir().unwrap();
    let refused = |args: &[&str], says: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_fleetlab"))
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    };
    let ab = shipped("enhancement-ab");
    refused(
        &["run", &ab, "--per-battle", "--battles", "8", "--out", "x"],
        "--per-battle is for plain runs and fleet matrices",
    );
    let plain = shipped("reference-3v3");
    refused(
        &[
            "run",
            &plain,
            "--per-battle",
            "--shard",
            "0/2",
            "--out",
            "y",
        ],
        "not with --shard",
    );
    assert!(!dir.path().join("x").exists() || !dir.path().join("x/per_battle.csv").exists());
}
