//! The policy game (`[experiment.game]`) end to end through the CLI: every pair of policies
//! in two halves on common dice, the solved game in `game.csv`, `equilibrium.csv` and
//! `game_value.csv`, the same bits for any thread count, the answer first in the HTML page.

use std::path::Path;

mod common;
use common::{fleetlab, num, table, write_config};

const GAME: &str = r#"
rule_system = "cosmic-conflict"
include = ["SHIPPED/designs.toml", "SHIPPED/fleets.toml"]
[experiment]
seed = 11
battles = 400
[scenario.victory]
objective = "objective-line"
pick = 2
[experiment.game]
a = { fleet = "line-kinetic", policies = ["brawler", "standoff", "passive"] }
b = { fleet = "line-beam", policies = ["brawler", "turret"] }
"#;

fn run(dir: &Path, out: &str, threads: &str) -> String {
    let config = write_config(dir, "game", GAME);
    fleetlab(
        &[
            "run",
            "--quiet",
            "--threads",
            threads,
            "--out",
            out,
            &config,
        ],
        dir,
    )
}

#[test]
fn policy_game_is_solved_and_reproducible() {
    let dir = tempfile::tempdir().unwrap();
    let stdout = run(dir.path(), "one", "1");
    assert!(
        stdout.contains("Policy game line-kinetic (A) vs line-beam (B): value for A"),
        "{stdout}"
    );
    // 3 × 2 pairs, two halves each.
    let summary = table(&dir.path().join("one/summary.csv"));
    assert_eq!(summary.len(), 12);
    assert!(
        summary[0]["matchup"].ends_with("[select]"),
        "{:?}",
        summary[0]
    );
    assert!(summary[6]["matchup"].ends_with("[evaluate]"));

    let game = table(&dir.path().join("one/game.csv"));
    assert_eq!(game.len(), 6);
    assert_eq!(
        (game[1]["policy_a"].as_str(), game[1]["policy_b"].as_str()),
        ("brawler", "turret")
    );
    assert!(game.iter().all(|r| r["battles"] == "800"));

    // `passive` never fires: it is never in A's optimal mix, and a best reply takes far more
    // than the value's interval from it.
    let eq = table(&dir.path().join("one/equilibrium.csv"));
    assert_eq!(eq.len(), 5);
    let passive = eq.iter().find(|r| r["policy"] == "passive").unwrap();
    assert_eq!(num(passive, "mix"), 0.0);
    let mixes = |side: &str| -> f64 {
        eq.iter()
            .filter(|r| r["side"] == side)
            .map(|r| num(r, "mix"))
            .sum()
    };
    assert!((mixes("A") - 1.0).abs() < 1e-9 && (mixes("B") - 1.0).abs() < 1e-9);

    let value = table(&dir.path().join("one/game_value.csv"));
    assert_eq!(value.len(), 1);
    let v = &value[0];
    let (low, high) = (num(v, "ci_low"), num(v, "ci_high"));
    assert!(low <= num(v, "value") && num(v, "value") <= high, "{v:?}");
    assert!(high - low >= num(v, "naive_ci_high") - num(v, "naive_ci_low"));
    assert!(
        num(passive, "exploitability") > high - low,
        "{passive:?} {v:?}"
    );

    // The same bits with two threads.
    run(dir.path(), "two", "2");
    for f in [
        "game.csv",
        "equilibrium.csv",
        "game_value.csv",
        "summary.csv",
    ] {
        let read = |d: &str| std::fs::read(dir.path().join(d).join(f)).unwrap();
        assert_eq!(read("one"), read("two"), "{f}");
    }

    // The HTML page opens with the game's answer.
    fleetlab(&["report", "one"], dir.path());
    let html = std::fs::read_to_string(dir.path().join("one/report.html")).unwrap();
    let game_at = html.find("Policy game").expect("a Policy game section");
    let rates_at = html.find("id=\"win-rates\"").unwrap_or(usize::MAX);
    assert!(game_at < rates_at);
    assert!(html.contains("class=\"verdict\""));
}

/// The shipped examples load (their matchups are valid for the rule systems).
#[test]
fn shipped_policy_games_validate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for config in [
        "configs/cosmic-conflict/policy-game.toml",
        "configs/junction/policy-game.toml",
    ] {
        let out = fleetlab(&["validate", config], root);
        assert!(out.contains("50 matchup"), "{config}: {out}");
    }
    // The grid: brawler and five missile-boat distances against three presets, two halves.
    let out = fleetlab(
        &["validate", "configs/junction/policy-game-grid.toml"],
        root,
    );
    assert!(out.contains("36 matchup"), "{out}");
}

/// The same game, raced: the select half in four stages of 100 battles, dropping policies
/// beaten beyond doubt (α = 0.001) after each.
fn raced_game() -> String {
    GAME.replace(
        "b = { fleet = \"line-beam\", policies = [\"brawler\", \"turret\"] }",
        "b = { fleet = \"line-beam\", policies = [\"brawler\", \"turret\"] }\nrace = { stage = \
         100 }",
    )
}

/// Racing drops `passive` (beaten by another of A's policies against both of B's) and gives
/// the same value, mixes and honest interval as the full game: the pairs still in play played
/// the same battles on the same dice. Same bits for one and two threads; refused under
/// `--shard`.
#[test]
fn raced_game_drops_the_dominated_policy_and_keeps_the_value() {
    let dir = tempfile::tempdir().unwrap();
    run(dir.path(), "full", "1");
    let config = write_config(dir.path(), "raced", &raced_game());
    let raced = |out: &str, threads: &str| {
        fleetlab(
            &[
                "run",
                "--quiet",
                "--threads",
                threads,
                "--out",
                out,
                &config,
            ],
            dir.path(),
        )
    };
    let stdout = raced("raced", "1");
    assert!(stdout.contains("dropped by the race"), "{stdout}");
    assert!(stdout.contains("passive (stage 1, beaten by"), "{stdout}");

    let eq = table(&dir.path().join("raced/equilibrium.csv"));
    let passive = eq.iter().find(|r| r["policy"] == "passive").unwrap();
    assert_eq!(passive["dropped_stage"], "1", "{passive:?}");
    assert!(!passive["dropped_by"].is_empty());
    assert_eq!(num(passive, "mix"), 0.0);
    let kept = eq.iter().filter(|r| r["dropped_by"].is_empty()).count();
    assert!(
        kept >= 2,
        "at least one policy per side stays in play: {eq:?}"
    );

    // A dropped pair played its first stage of the select half and none of the evaluate half;
    // the pairs in play all their battles.
    let game = table(&dir.path().join("raced/game.csv"));
    for r in &game {
        let dropped = eq.iter().any(|e| {
            !e["dropped_by"].is_empty()
                && ((e["side"] == "A" && e["policy"] == r["policy_a"])
                    || (e["side"] == "B" && e["policy"] == r["policy_b"]))
        });
        let battles: u64 = r["battles"].parse().unwrap();
        if dropped {
            assert!((100..400).contains(&battles), "{r:?}");
        } else {
            assert_eq!(battles, 800, "{r:?}");
        }
    }

    let value = |d: &str| table(&dir.path().join(d).join("game_value.csv")).remove(0);
    let (full, raced_value) = (value("full"), value("raced"));
    for col in ["value", "ci_low", "ci_high"] {
        assert!(
            (num(&full, col) - num(&raced_value, col)).abs() < 1e-9,
            "{col}: full {full:?} raced {raced_value:?}"
        );
    }
    let manifest = std::fs::read_to_string(dir.path().join("raced/manifest.json")).unwrap();
    assert!(manifest.contains("\"status\": \"complete\""), "{manifest}");
    assert!(manifest.contains("\"dropped\""), "{manifest}");

    // Same bits with two threads.
    raced("raced2", "2");
    for f in [
        "game.csv",
        "equilibrium.csv",
        "game_value.csv",
        "summary.csv",
    ] {
        let read = |d: &str| std::fs::read(dir.path().join(d).join(f)).unwrap();
        assert_eq!(read("raced"), read("raced2"), "{f}");
    }

    // The HTML page names the dropped policies.
    fleetlab(&["report", "raced"], dir.path());
    let html = std::fs::read_to_string(dir.path().join("raced/report.html")).unwrap();
    assert!(html.contains("dropped by the race"));

    // Which policies a race keeps depends on every battle of a stage: no shards.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(["run", "--quiet", "--shard", "0/2", "--out", "s0", &config])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("cannot be split with --shard"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Shards of a policy game (issue 16 §2): payoff cells are sums of per-battle results on
/// common dice, so `run --shard I/N` + `merge` give byte-identical tables to one run (every
/// table of the game, Parquet too, and the manifest's plan).
#[test]
fn shards_of_a_game_merge_to_the_same_bytes_as_one_run() {
    let dir = tempfile::tempdir().unwrap();
    run(dir.path(), "one", "2");
    let config = write_config(dir.path(), "game", GAME);
    for i in 0..3 {
        let shard = format!("{i}/3");
        fleetlab(
            &[
                "run",
                "--quiet",
                "--shard",
                &shard,
                "--out",
                &format!("s{i}"),
                &config,
            ],
            dir.path(),
        );
    }
    let merged = fleetlab(&["merge", "s0", "s1", "s2", "--out", "merged"], dir.path());
    assert!(merged.contains("Policy game line-kinetic (A) vs line-beam (B): value for A"));
    for file in [
        "summary.csv",
        "game.csv",
        "game.parquet",
        "equilibrium.csv",
        "equilibrium.parquet",
        "game_value.csv",
        "game_value.parquet",
    ] {
        let read = |d: &str| std::fs::read(dir.path().join(d).join(file)).expect(file);
        assert!(
            read("one") == read("merged"),
            "{file}: merged shards differ from one run"
        );
    }
    let plan = |d: &str| {
        let m: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(dir.path().join(d).join("manifest.json")).unwrap(),
        )
        .unwrap();
        m["run"]["plan"].clone()
    };
    assert_eq!(plan("one"), plan("merged"));
}
