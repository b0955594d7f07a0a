//! The search player of a policy game (`[experiment.game] search = { ... }`) end to end
//! through the CLI: over one policy it plays exactly that policy; over two copies of one
//! policy it gains nothing; its battles are the same bits for 1, 2 and 8 threads and for a
//! sharded run merged; `search.csv` holds its gain over the best preset.

use std::path::Path;

mod common;
use common::{fleetlab, num, table, write_config};

/// Cosmic Conflict's reference fleets; `POLICIES` and `SEARCH` filled in per test.
const GAME: &str = r#"
rule_system = "cosmic-conflict"
include = ["SHIPPED/designs.toml", "SHIPPED/fleets.toml"]
[experiment]
seed = 17
battles = BATTLES
[scenario.victory]
objective = "objective-line"
pick = 2
[experiment.game]
a = { fleet = "line-kinetic", policies = A_POLICIES }
b = { fleet = "line-beam", policies = B_POLICIES }
search = { rollouts = 8 }
"#;

fn game(battles: u32, a: &str, b: &str) -> String {
    GAME.replace("BATTLES", &battles.to_string())
        .replace("A_POLICIES", a)
        .replace("B_POLICIES", b)
}

fn run(dir: &Path, config: &str, out: &str, extra: &[&str]) -> String {
    let mut args = vec!["run", "--quiet", "--out", out, config];
    args.extend(extra);
    fleetlab(&args, dir)
}

#[test]
fn a_search_player_over_one_policy_plays_that_policy_exactly() {
    // With one candidate there is nothing to search: no rollout, no die drawn, so each
    // search cell is its side's preset on the evaluate half's dice, battle for battle.
    let dir = tempfile::tempdir().unwrap();
    let config = write_config(
        dir.path(),
        "one",
        &game(300, r#"["brawler"]"#, r#"["standoff"]"#),
    );
    run(dir.path(), &config, "out", &[]);
    let summary = table(&dir.path().join("out/summary.csv"));
    assert_eq!(summary.len(), 4, "two halves and a search cell per side");
    let evaluate = &summary[1];
    assert!(evaluate["matchup"].ends_with("[evaluate]"));
    for search in &summary[2..] {
        assert!(search["matchup"].ends_with("[search]"), "{search:?}");
        for col in ["battles", "a_wins", "b_wins", "draws", "mean_turns"] {
            assert_eq!(search[col], evaluate[col], "{col} of {}", search["matchup"]);
        }
    }
    let rows = table(&dir.path().join("out/search.csv"));
    assert_eq!(
        rows.len(),
        4,
        "per side: the one opponent policy and the mix"
    );
    assert!(rows.iter().all(|r| num(r, "gain") == 0.0), "{rows:?}");
    // Its only policy played every turn.
    assert_eq!(rows[0]["choices"], "brawler 1.00", "{rows:?}");
    assert_eq!(rows[2]["choices"], "standoff 1.00", "{rows:?}");
}

#[test]
fn a_search_player_over_copies_of_one_policy_gains_nothing() {
    // Two candidates that play alike: whatever the search picks, it plays the brawler, so its
    // score can differ from the brawler's only by chance (and the best preset, the larger of
    // two noisy copies, is biased up). A search player that saw its battle's future dice
    // would gain here. Bound: 5 standard errors (false failure ~3e-7).
    let dir = tempfile::tempdir().unwrap();
    let copies = r#"["brawler", { policy = "brawler", pass_when_enemy_waiting = false }]"#;
    let config = write_config(dir.path(), "copies", &game(2000, r#"["standoff"]"#, copies));
    run(dir.path(), &config, "out", &[]);
    let rows = table(&dir.path().join("out/search.csv"));
    let mix = rows
        .iter()
        .find(|r| r["side"] == "B" && r["opponent_policy"] == "optimal mix")
        .expect("B's gain against A's mix");
    let (gain, low, high) = (
        num(mix, "gain"),
        num(mix, "gain_ci_low"),
        num(mix, "gain_ci_high"),
    );
    let se = (high - low) / (2.0 * 1.959_963_984_540_054);
    assert!(gain.abs() <= 5.0 * se, "gain {gain} with se {se}: {mix:?}");
    // The turns it played each copy: shares of every turn it played, both copies chosen.
    let shares: Vec<f64> = mix["choices"]
        .split("; ")
        .map(|c| c.rsplit(' ').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(shares.len(), 2, "{mix:?}");
    assert!((shares.iter().sum::<f64>() - 1.0).abs() <= 0.011, "{mix:?}");
}

#[test]
fn search_battles_are_the_same_bits_for_any_threads_and_shards() {
    let dir = tempfile::tempdir().unwrap();
    let config = write_config(
        dir.path(),
        "det",
        &game(
            200,
            r#"["brawler", "standoff"]"#,
            r#"["brawler", "turret"]"#,
        ),
    );
    for t in ["1", "2", "8"] {
        run(dir.path(), &config, &format!("t{t}"), &["--threads", t]);
    }
    for i in 0..3 {
        let shard = format!("{i}/3");
        run(dir.path(), &config, &format!("s{i}"), &["--shard", &shard]);
    }
    fleetlab(&["merge", "s0", "s1", "s2", "--out", "merged"], dir.path());
    for file in ["summary.csv", "game.csv", "search.csv", "search.parquet"] {
        let one = std::fs::read(dir.path().join("t1").join(file)).expect(file);
        for other in ["t2", "t8", "merged"] {
            let b = std::fs::read(dir.path().join(other).join(file)).expect(file);
            assert!(one == b, "{file} of {other} differs from one thread");
        }
    }
    let rows = table(&dir.path().join("t1/search.csv"));
    // Per side: each opponent policy and the mix.
    assert_eq!(rows.len(), 6);
    assert!(
        rows.iter()
            .all(|r| r["rollouts"] == "8" && (0.0..=1.0).contains(&num(r, "search_score")))
    );
}

/// A search player in a raced game (issue 16 §3): the race drops `passive`; the search player
/// still chooses among all its side's policies and plays every opponent policy in play on the
/// evaluate half's dice, so each of its rows is the unraced game's, bit for bit, and the row
/// against the dropped policy is left out; against the mix the gain is the unraced one.
#[test]
fn a_search_player_in_a_raced_game_gains_what_it_gains_unraced() {
    let dir = tempfile::tempdir().unwrap();
    let text = game(
        300,
        r#"["brawler", "standoff"]"#,
        r#"["brawler", "passive"]"#,
    );
    let full = write_config(dir.path(), "full", &text);
    let raced = write_config(
        dir.path(),
        "raced",
        &text.replace(
            "search = { rollouts = 8 }",
            "search = { rollouts = 8 }\nrace = { stage = 100 }",
        ),
    );
    run(dir.path(), &full, "full", &[]);
    let out = run(dir.path(), &raced, "raced", &[]);
    assert!(out.contains("passive (stage 1, beaten by"), "{out}");
    assert!(out.contains("search player as A"), "{out}");
    let rows = |d: &str| table(&dir.path().join(d).join("search.csv"));
    let (full, raced) = (rows("full"), rows("raced"));
    assert_eq!(full.len(), 6);
    // The dropped policies, by side: no search row against them.
    let eq = table(&dir.path().join("raced/equilibrium.csv"));
    let dropped = |side: &str| -> Vec<String> {
        eq.iter()
            .filter(|e| e["side"] == side && !e["dropped_by"].is_empty())
            .map(|e| e["policy"].clone())
            .collect()
    };
    let (dropped_a, dropped_b) = (dropped("A"), dropped("B"));
    assert!(dropped_b.contains(&"passive".to_owned()), "{eq:?}");
    for r in &raced {
        let against = if r["side"] == "A" {
            &dropped_b
        } else {
            &dropped_a
        };
        assert!(!against.contains(&r["opponent_policy"]), "{r:?}");
    }
    // Per side: each opponent policy in play and the mix.
    assert_eq!(
        raced.len(),
        (2 - dropped_b.len() + 1) + (2 - dropped_a.len() + 1)
    );
    for r in &raced {
        let f = full
            .iter()
            .find(|f| f["side"] == r["side"] && f["opponent_policy"] == r["opponent_policy"])
            .unwrap();
        if r["opponent_policy"] == "optimal mix" {
            for col in ["search_score", "best_preset_score", "gain"] {
                assert!(
                    (num(r, col) - num(f, col)).abs() < 1e-9,
                    "{col}: {r:?} vs {f:?}"
                );
            }
        } else {
            assert_eq!(r, f, "the raced search row equals the unraced one");
        }
    }
}
