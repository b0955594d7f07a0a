//! `run --per-battle` (issue 18 §4): one row per battle, in battle order, the same bytes for
//! any thread count and (through `merge`) any shard split, agreeing with the report's
//! tallies, for plain runs, matrices and every arm of an A/B experiment; listed in the
//! manifest, removed by a later run without the flag, refused (exit 2) where it is not
//! supported.

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
    assert!(manifest.contains("\"per_battle.parquet\""), "{manifest}");
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
    assert!(!dir.path().join("t1/per_battle.parquet").exists());
}

/// An A/B experiment's rows: every arm of every group, battle by battle, the arms side by
/// side (so base and variant join on the battle index), agreeing with the summary.
#[test]
fn an_ab_experiment_writes_every_arm_battle_by_battle() {
    let dir = tempfile::tempdir().unwrap();
    let config = shipped("enhancement-ab");
    fleetlab(
        &[
            "run",
            &config,
            "--battles",
            "1100",
            "--quiet",
            "--per-battle",
            "--out",
            "ab",
        ],
        dir.path(),
    );
    let rows = table(&dir.path().join("ab/per_battle.csv"));
    let summary = table(&dir.path().join("ab/summary.csv"));
    assert_eq!(rows.len(), 1100 * summary.len());
    // Groups are consecutive summary rows of one opponent; find each group's size from the
    // rows: battle 0's arms come first.
    let mut at = 0;
    let mut matchup_rows = std::collections::HashMap::<String, Vec<usize>>::new();
    while at < rows.len() {
        let arms = rows[at..].iter().take_while(|r| r["battle"] == "0").count();
        assert!(arms >= 2, "a group has a base and a variant");
        for i in 0..1100 {
            for k in 0..arms {
                let r = &rows[at + i * arms + k];
                assert_eq!(r["battle"], i.to_string());
                assert_eq!(r["matchup"], rows[at + k]["matchup"], "arm order is fixed");
                matchup_rows
                    .entry(r["matchup"].clone())
                    .or_default()
                    .push(at + i * arms + k);
            }
        }
        at += 1100 * arms;
    }
    for s in &summary {
        let mine = &matchup_rows[&s["matchup"]];
        assert_eq!(mine.len(), 1100, "{}", s["matchup"]);
        let count = |w: &str| {
            mine.iter()
                .filter(|&&j| rows[j]["winner"] == w)
                .count()
                .to_string()
        };
        assert_eq!(count("A"), s["a_wins"], "{}", s["matchup"]);
        assert_eq!(count("B"), s["b_wins"], "{}", s["matchup"]);
    }
    assert!(dir.path().join("ab/per_battle.parquet").exists());
}

/// `run --shard --per-battle` then `merge`: the same per-battle files, byte for byte, as one
/// run; a merge of shards of which one ran without the flag writes no table and says so.
#[test]
fn shards_merge_to_the_table_of_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let config = shipped("enhancement-ab");
    let run = |extra: &[&str], out: &str| {
        let mut args = vec![
            "run",
            config.as_str(),
            "--battles",
            "2500",
            "--quiet",
            "--out",
            out,
        ];
        args.extend_from_slice(extra);
        fleetlab(&args, dir.path());
    };
    run(&["--per-battle"], "whole");
    for (k, shard) in ["0/3", "1/3", "2/3"].iter().enumerate() {
        run(&["--per-battle", "--shard", shard], &format!("s{k}"));
    }
    fleetlab(&["merge", "s0", "s1", "s2", "--out", "merged"], dir.path());
    for file in [
        "per_battle.csv",
        "per_battle.parquet",
        "summary.csv",
        "ab.csv",
    ] {
        let read = |d: &str| std::fs::read(dir.path().join(d).join(file)).unwrap();
        assert!(read("whole") == read("merged"), "{file} differs");
    }
    let manifest = std::fs::read_to_string(dir.path().join("merged/manifest.json")).unwrap();
    assert!(manifest.contains("\"per_battle.parquet\""), "{manifest}");

    run(&["--shard", "1/3"], "p1");
    let out = Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(["merge", "s0", "p1", "s2", "--out", "mixed"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success());
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("per_battle.csv not merged: shard(s) 1 ran without --per-battle"),
        "{said}"
    );
    assert!(!dir.path().join("mixed/per_battle.csv").exists());
    assert!(dir.path().join("mixed/summary.csv").exists());
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
    let search = shipped("search-player");
    refused(
        &[
            "run",
            &search,
            "--per-battle",
            "--battles",
            "8",
            "--out",
            "x",
        ],
        "not a raced game (`race`) or a search player",
    );
    let plain = shipped("reference-3v3");
    refused(
        &[
            "run",
            &plain,
            "--per-battle",
            "--target-error",
            "0.05",
            "--out",
            "y",
        ],
        "not with --target-error",
    );
    refused(
        &[
            "run",
            &plain,
            "--per-battle",
            "--seed",
            "9223372036854775808",
            "--out",
            "z",
        ],
        "choose a smaller --seed",
    );
    assert!(!dir.path().join("x").exists() || !dir.path().join("x/per_battle.csv").exists());
}
