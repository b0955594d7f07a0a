//! `fleetlab run --shard I/N` + `fleetlab merge` give exactly the report of one `fleetlab run`,
//! and `merge` refuses sets of parts that do not make up one whole run.
//!
//! 3,001 battles do not divide evenly by 3 or 7, and the slices cross the runner's
//! 1,024-battle batch boundaries.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const CONFIG: &str = "configs/cosmic-conflict/reference-3v3.toml";
const BATTLES: &str = "3001";

/// The report files that must be byte-identical.
const FILES: [&str; 8] = [
    "summary.csv",
    "distributions.csv",
    "ships.csv",
    "survival.csv",
    "efficiency.parquet",
    "summary.parquet",
    "decided_by.csv",
    "decided_by.parquet",
];

fn fleetlab(args: &[&str], paths: &[&Path]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(args)
        .args(paths)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("run fleetlab")
}

fn ok(out: Output) -> Output {
    assert!(
        out.status.success(),
        "exit {:?}\nstdout: {}\nstderr: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// `fleetlab run` of the reference config at `seed`, optionally one shard, into `out`.
fn run(out: &Path, seed: &str, shard: Option<String>) {
    run_config(CONFIG, out, seed, shard);
}

/// `fleetlab run` of `config` at `seed`, optionally one shard, into `out`.
fn run_config(config: &str, out: &Path, seed: &str, shard: Option<String>) {
    let mut args = vec![
        "run",
        config,
        "--battles",
        BATTLES,
        "--seed",
        seed,
        "--quiet",
    ];
    let shard_arg;
    if let Some(s) = shard {
        shard_arg = s;
        args.extend(["--shard", &shard_arg]);
    }
    args.push("--out");
    let o = ok(fleetlab(&args, &[out]));
    if args.contains(&"--shard") {
        // The summary's layout: the headline, then the answer (none from one shard), the file.
        let text = String::from_utf8_lossy(&o.stdout);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].contains(", shard "), "{text}");
        assert!(
            lines[1].starts_with("answer:   none from one shard"),
            "{text}"
        );
        assert!(
            lines[2].starts_with("written:  ") && lines[2].ends_with("partial.json"),
            "{text}"
        );
    }
}

/// Run shards `0..n` of `n` at `seed` into `<dir>/shard-I`, returning their directories.
fn run_shards(dir: &Path, n: u32, seed: &str) -> Vec<PathBuf> {
    (0..n)
        .map(|i| {
            let out = dir.join(format!("shard-{i}"));
            run(&out, seed, Some(format!("{i}/{n}")));
            out
        })
        .collect()
}

fn merge(parts: &[PathBuf], out: &Path) -> Output {
    let mut args: Vec<&Path> = parts.iter().map(PathBuf::as_path).collect();
    args.extend([Path::new("--out"), out]);
    fleetlab(&["merge"], &args)
}

fn manifest(dir: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(dir.join("manifest.json")).expect("manifest.json");
    serde_json::from_str(&text).expect("manifest is JSON")
}

/// The newer rule systems too (issues 20, 21): a 2-shard split merged is the same bits as
/// one run (every battle's dice come from its own seed, whichever worker plays it).
#[test]
fn merged_shards_equal_one_run_for_ship_to_ship_and_target_lock() {
    let tmp = tempfile::tempdir().expect("temp dir");
    for (k, config) in [
        "configs/ship-to-ship/reference-duel.toml",
        "configs/target-lock/reference-2v2.toml",
    ]
    .into_iter()
    .enumerate()
    {
        let dir = tmp.path().join(format!("c{k}"));
        let whole = dir.join("whole");
        run_config(config, &whole, "5", None);
        let parts: Vec<PathBuf> = (0..2)
            .map(|i| {
                let out = dir.join(format!("shard-{i}"));
                run_config(config, &out, "5", Some(format!("{i}/2")));
                out
            })
            .collect();
        let merged = dir.join("merged");
        ok(merge(&parts, &merged));
        for file in FILES {
            let a = std::fs::read(whole.join(file)).expect(file);
            let b = std::fs::read(merged.join(file)).expect(file);
            assert!(
                a == b,
                "{file} of 2 merged shards of {config} differs from one run"
            );
        }
    }
}

#[test]
fn merged_shards_equal_one_run() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let whole = tmp.path().join("whole");
    run(&whole, "5", None);
    for n in [1u32, 3, 7] {
        let dir = tmp.path().join(format!("n{n}"));
        let mut parts = run_shards(&dir, n, "5");
        // Any order; files or directories.
        parts.reverse();
        parts[0] = parts[0].join("partial.json");
        let merged = dir.join("merged");
        let out = ok(merge(&parts, &merged));
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.contains(&format!("merged from {n} shard")),
            "{stdout}"
        );
        for file in FILES {
            let a = std::fs::read(whole.join(file)).expect(file);
            let b = std::fs::read(merged.join(file)).expect(file);
            assert!(a == b, "{file} of {n} merged shards differs from one run");
        }
        // The manifest is the single run's, but for when, how long and on how many threads.
        let (mut a, mut b) = (manifest(&whole), manifest(&merged));
        for m in [&mut a, &mut b] {
            let obj = m.as_object_mut().expect("object");
            for key in ["finished_at", "elapsed_seconds", "threads"] {
                obj.remove(key).expect(key);
            }
        }
        assert_eq!(a, b, "manifest of {n} merged shards");
        assert_eq!(b["status"], "complete");
        assert_eq!(b["matchups"][0]["battles"], 3001);
    }
}

fn refused(out: &Output, wants: &[&str]) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    for want in wants {
        assert!(stderr.contains(want), "expected {want:?} in: {stderr}");
    }
}

#[test]
fn merge_refuses_missing_duplicate_and_foreign_shards() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let parts = run_shards(&tmp.path().join("seed5"), 3, "5");
    let out = tmp.path().join("merged");

    let missing = [parts[0].clone(), parts[2].clone()];
    refused(
        &merge(&missing, &out),
        &["missing shard 1 of 3", "given: 0, 2"],
    );

    let duplicated = [
        parts[0].clone(),
        parts[1].clone(),
        parts[1].join("partial.json"),
        parts[2].clone(),
    ];
    let shard1 = parts[1].join("partial.json").display().to_string();
    refused(
        &merge(&duplicated, &out),
        &["shard 1/3 is given twice", &shard1],
    );

    let other = tmp.path().join("seed6");
    run(&other, "6", Some("1/3".into()));
    let foreign = [parts[0].clone(), other.clone(), parts[2].clone()];
    let other_file = other.join("partial.json").display().to_string();
    refused(
        &merge(&foreign, &out),
        &[&other_file, "seed is 6", "has 5", "different runs"],
    );

    let not_a_part = [tmp.path().join("nowhere")];
    refused(&merge(&not_a_part, &out), &["cannot read", "nowhere"]);

    assert!(!out.exists(), "a refused merge must write nothing");
}

#[test]
fn bad_shard_values_are_usage_errors() {
    for (bad, why) in [
        ("3/3", "out of range for 3 shards"),
        ("0/0", "between 1 and 10,000"),
        ("0/10001", "between 1 and 10,000"),
        ("2", "expected I/N"),
        ("-1/4", "expected I/N"),
    ] {
        let arg = format!("--shard={bad}");
        let out = fleetlab(&["run", CONFIG, "--quiet", &arg], &[]);
        refused(&out, &[why]);
    }
}
