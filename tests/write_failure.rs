//! An output location that cannot be written is a runtime failure (exit 1) with a message
//! naming the path, found before any battle is played, and nothing half-written remains.
//! (A read-only directory behaves the same, but cannot be tested as root, which ignores
//! permissions; a path under a regular file fails for everyone.)

use std::path::Path;
use std::process::{Command, Output};

const CONFIG: &str = "configs/cosmic-conflict/reference-3v3.toml";

fn fleetlab(args: &[&str], out: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(args)
        .arg("--out")
        .arg(out)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("run fleetlab")
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("list dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Exit 1, the path named, no battle played, the blocking file untouched, nothing else made.
fn fails_cleanly(out: &Output, path: &Path, tmp: &Path, blocker: &Path) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(&path.display().to_string()), "{stderr}");
    assert!(stderr.starts_with("error: cannot write"), "{stderr}");
    assert!(
        !stderr.contains("fleetlab: running"),
        "the failure must be found before any battle is played: {stderr}"
    );
    assert_eq!(std::fs::read(blocker).expect("blocker"), b"a file");
    assert_eq!(names(tmp), ["blocker", "shards"]);
}

#[test]
fn out_under_a_regular_file_fails_with_its_path() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let blocker = tmp.path().join("blocker");
    std::fs::write(&blocker, b"a file").expect("write blocker");
    // A complete shard to merge, made first.
    let shards = tmp.path().join("shards");
    let made = fleetlab(
        &[
            "run",
            CONFIG,
            "--battles",
            "2000",
            "--quiet",
            "--shard",
            "0/1",
        ],
        &shards,
    );
    assert!(made.status.success(), "{made:?}");

    let report = blocker.join("report");
    let run = ["run", CONFIG, "--battles", "2000", "--quiet"];
    fails_cleanly(&fleetlab(&run, &report), &report, tmp.path(), &blocker);

    let shard = blocker.join("shard");
    let run_shard = [
        "run",
        CONFIG,
        "--battles",
        "2000",
        "--quiet",
        "--shard",
        "1/2",
    ];
    fails_cleanly(&fleetlab(&run_shard, &shard), &shard, tmp.path(), &blocker);

    let shard_dir = shards.display().to_string();
    let merged = blocker.join("merged");
    fails_cleanly(
        &fleetlab(&["merge", &shard_dir], &merged),
        &merged,
        tmp.path(),
        &blocker,
    );
    assert_eq!(names(&shards), ["partial.json"]);
}
