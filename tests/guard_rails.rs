//! Guard rails (issue 18 §2): absurd thread and battle counts are refused before anything
//! runs (exit 2), threads above the core count are warned about, and `baseline` checks its
//! `--out` before playing.

use std::path::Path;
use std::process::{Command, Output};

fn fleetlab(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("run fleetlab")
}

fn config() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("configs/cosmic-conflict/reference-3v3.toml")
        .display()
        .to_string()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn absurd_threads_and_battles_are_refused_before_running() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for cmd in ["run", "audit", "mirror"] {
        let o = fleetlab(&[cmd, &config(), "--threads", "100000"], d);
        assert_eq!(o.status.code(), Some(2), "{cmd}: {}", stderr(&o));
        assert!(stderr(&o).contains("at most 1024"), "{cmd}: {}", stderr(&o));
    }
    let o = fleetlab(
        &["run", &config(), "--battles", "1000000000000", "--out", "r"],
        d,
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("--battles 1000000000000 is more than"),
        "{}",
        stderr(&o)
    );
    assert!(!d.join("r").exists(), "nothing was started");
    let o = fleetlab(
        &[
            "baseline",
            &config(),
            "--battles",
            "1000000000000",
            "--out",
            "b.json",
        ],
        d,
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn threads_above_the_cores_are_warned_about() {
    let dir = tempfile::tempdir().unwrap();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let more = (cores + 1).to_string();
    let o = fleetlab(
        &[
            "run",
            &config(),
            "--threads",
            &more,
            "--battles",
            "10",
            "--quiet",
            "--out",
            "r",
        ],
        dir.path(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!(
            "warning: --threads {more} is more than this machine's"
        )),
        "{}",
        stderr(&o)
    );
}

/// `baseline` finds out that it cannot write its `--out` before playing: with 10^10 battles
/// per matchup this test would not end if it played first.
#[test]
fn baseline_checks_its_out_before_playing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("file"), "not a directory").unwrap();
    let o = fleetlab(
        &[
            "baseline",
            &config(),
            "--battles",
            "10000000000",
            "--out",
            "file/b.json",
        ],
        d,
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("cannot write the baseline file/b.json"),
        "{}",
        stderr(&o)
    );
    std::fs::create_dir(d.join("dir")).unwrap();
    let o = fleetlab(
        &[
            "baseline",
            &config(),
            "--battles",
            "10000000000",
            "--out",
            "dir",
        ],
        d,
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("is a directory"), "{}", stderr(&o));
}

/// A reused `--out` keeps no files of the older run (issue 18 §2), the user's own files stay,
/// and the manifest lists every file of the run.
#[test]
fn a_reused_out_keeps_no_stale_files_and_the_manifest_lists_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ab = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("configs/cosmic-conflict/enhancement-ab.toml")
        .display()
        .to_string();
    let o = fleetlab(
        &[
            "run",
            &ab,
            "--battles",
            "50",
            "--quiet",
            "--html",
            "--out",
            "r",
        ],
        d,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(d.join("r/ab.csv").exists() && d.join("r/report.html").exists());
    std::fs::write(d.join("r/notes.txt"), "mine").unwrap();
    let o = fleetlab(
        &["run", &config(), "--battles", "50", "--quiet", "--out", "r"],
        d,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let mut on_disk: Vec<String> = std::fs::read_dir(d.join("r"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != "notes.txt")
        .collect();
    on_disk.sort();
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("r/manifest.json")).unwrap()).unwrap();
    let mut listed: Vec<String> = manifest["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap().to_owned())
        .collect();
    assert_eq!(listed.last().map(String::as_str), Some("manifest.json"));
    listed.sort();
    assert_eq!(on_disk, listed, "exactly the run's files");
    for stale in [
        "ab.csv",
        "ab.parquet",
        "fair_cost.csv",
        "ladder.csv",
        "report.html",
    ] {
        assert!(!d.join("r").join(stale).exists(), "{stale} is stale");
    }
    assert!(d.join("r/notes.txt").exists(), "the user's file stays");
}
