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
        (game[1]["a_policy"].as_str(), game[1]["b_policy"].as_str()),
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
}
