//! `fleetlab run` gives the same report bytes for 1 and 2 threads, and a golden result for
//! the reference scenario at a fixed seed. The golden numbers change only when the rules or
//! policies change — update them deliberately, in the same commit, saying why.

use std::path::Path;
use std::process::Command;

/// `fleetlab run CONFIG --battles B --seed 99` on `threads` threads into `out`.
fn run_config(config: &str, battles: &str, out: &Path, threads: &str) {
    let status = Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args([
            "run",
            config,
            "--battles",
            battles,
            "--seed",
            "99",
            "--quiet",
        ])
        .args(["--threads", threads, "--out"])
        .arg(out)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run fleetlab");
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
}

/// The second benchmark (Orders, terrain, fighters, Formations): same bytes on 1 and 2 threads.
#[test]
fn reference_full_reports_are_identical_for_one_and_two_threads() {
    let files = [
        "summary.csv",
        "distributions.csv",
        "ships.csv",
        "events.csv",
        "survival.csv",
        "decided_by.csv",
    ];
    same_bytes_on_one_and_two_threads(
        "configs/cosmic-conflict/reference-full.toml",
        "3000",
        &files,
    );
}

/// Run `config` on 1 and on 2 threads; each of `files` must have the same bytes. Returns the
/// temporary directory and the 1-thread report in it.
fn same_bytes_on_one_and_two_threads(
    config: &str,
    battles: &str,
    files: &[&str],
) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    run_config(config, battles, &one, "1");
    run_config(config, battles, &two, "2");
    for file in files {
        let a = std::fs::read(one.join(file)).expect(file);
        let b = std::fs::read(two.join(file)).expect(file);
        assert!(a == b, "{file} differs between 1 and 2 threads");
    }
    (dir, one)
}

#[test]
fn reports_are_identical_for_one_and_two_threads() {
    let files = [
        "summary.csv",
        "distributions.csv",
        "ships.csv",
        "summary.parquet",
    ];
    let (_dir, one) = same_bytes_on_one_and_two_threads(
        "configs/cosmic-conflict/reference-3v3.toml",
        "5000",
        &files,
    );
    let summary = std::fs::read_to_string(one.join("summary.csv")).expect("summary");
    let mut rows = csv::Reader::from_reader(summary.as_bytes());
    let headers = rows.headers().expect("header").clone();
    let row = rows.records().next().expect("one row").expect("row");
    let get = |name: &str| {
        row.get(headers.iter().position(|h| h == name).expect(name))
            .expect(name)
            .to_string()
    };
    // Golden values: reference-3v3, seed 99, 5,000 battles.
    let golden = [
        ("battles", "5000"),
        ("a_wins", GOLDEN_A_WINS),
        ("b_wins", GOLDEN_B_WINS),
        ("draws", GOLDEN_DRAWS),
    ];
    for (name, want) in golden {
        assert_eq!(get(name), want, "golden {name}");
    }
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(one.join("manifest.json")).expect("manifest"),
    )
    .expect("json");
    assert_eq!(manifest["seed"], 99);
    assert_eq!(manifest["battles_per_matchup"], 5000);
    assert_eq!(manifest["status"], "complete");
    assert_eq!(manifest["rule_system"], "cosmic-conflict");
    assert!(
        manifest["matchups"][0]["policies"][0]
            .as_str()
            .expect("policy")
            .starts_with("brawler(")
    );
}

// reference-3v3 plays without Orders (`orders = "none"`); `command-layer.toml` measures the
// Orders. Re-recorded for issue 15: the text's deployment (alternating, within 8 of each edge)
// and scoring (objective line + two drawn victory conditions), ties on the battle's dice;
// then the CC readings (one d6 per reroll, Blocking order, Structurally Mounted).
const GOLDEN_A_WINS: &str = "2720";
const GOLDEN_B_WINS: &str = "889";
const GOLDEN_DRAWS: &str = "1391";

/// Ship to Ship Combat (seed 001): the duel benchmark and the fleet battle (blasts, asteroids)
/// give the same bytes on 1 and 2 threads, and the duel a golden result at seed 99.
#[test]
fn ship_to_ship_reports_are_identical_for_one_and_two_threads() {
    let files = ["summary.csv", "events.csv", "ships.csv", "decided_by.csv"];
    same_bytes_on_one_and_two_threads("configs/ship-to-ship/fleet-battle.toml", "2500", &files);
    let (_dir, one) = same_bytes_on_one_and_two_threads(
        "configs/ship-to-ship/reference-duel.toml",
        "5000",
        &files,
    );
    let summary = std::fs::read_to_string(one.join("summary.csv")).expect("summary");
    let mut rows = csv::Reader::from_reader(summary.as_bytes());
    let headers = rows.headers().expect("header").clone();
    let row = rows.records().next().expect("one row").expect("row");
    let get = |name: &str| {
        row.get(headers.iter().position(|h| h == name).expect(name))
            .expect(name)
            .to_string()
    };
    // Golden values: reference-duel, seed 99, 5,000 battles (recorded when the system landed).
    for (name, want) in [
        ("a_wins", SHIP_TO_SHIP_A_WINS),
        ("b_wins", SHIP_TO_SHIP_B_WINS),
        ("draws", SHIP_TO_SHIP_DRAWS),
    ] {
        assert_eq!(get(name), want, "golden {name}");
    }
}

const SHIP_TO_SHIP_A_WINS: &str = "1816";
const SHIP_TO_SHIP_B_WINS: &str = "3138";
const SHIP_TO_SHIP_DRAWS: &str = "46";
/// Target-lock (seed 002): the reference's reports have the same bytes on 1 and 2 threads.
#[test]
fn target_lock_reports_are_identical_for_one_and_two_threads() {
    same_bytes_on_one_and_two_threads(
        "configs/target-lock/reference-2v2.toml",
        "3000",
        &["summary.csv", "distributions.csv", "ships.csv"],
    );
}

/// Cold Infinity (seed 000): the reference's reports have the same bytes on 1 and 2 threads.
#[test]
fn cold_infinity_reports_are_identical_for_one_and_two_threads() {
    same_bytes_on_one_and_two_threads(
        "configs/cold-infinity/reference-2v2.toml",
        "2000",
        &["summary.csv", "distributions.csv", "ships.csv"],
    );
}
