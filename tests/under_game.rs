//! `[experiment.under_game]` (issue 16 §2): a run answers its question with fixed scripts and
//! under the policy game, side by side, and flags the verdicts that flip — in the terminal,
//! the files (listed in the manifest) and the HTML page.

use std::path::Path;
use std::process::Command;

mod common;
use common::{fleetlab, num, table, write_config};

const HEAD: &str = "rule_system = \"cosmic-conflict\"\ninclude = [\"SHIPPED/designs.toml\", \
                    \"SHIPPED/fleets.toml\"]\n[scenario.victory]\nobjective = \
                    \"objective-line\"\npick = 2\n";

/// An A/B whose variant is the base itself: every answer is exactly 0 under both kinds of
/// play (the variant's matchups are the base's, so are their games), nothing flips, and the
/// flag says the verdict holds.
#[test]
fn an_ab_of_a_fleet_against_itself_holds_exactly_under_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "{HEAD}[experiment]\nseed = 3\nbattles = 300\n[experiment.under_game]\nbattles = 64\n\
         presets = [\"brawler\", \"standoff\"]\n[experiment.ab]\n\
         base = {{ fleet = \"line-kinetic\", policy = \"brawler\" }}\n\
         variant = {{ fleet = \"line-kinetic\", policy = \"brawler\" }}\n\
         opponents = [{{ fleet = \"line-beam\", policy = \"brawler\" }}]\n"
    );
    let file = write_config(dir.path(), "self-ab", &text);
    let out = fleetlab(
        &["run", &file, "--quiet", "--html", "--out", "r"],
        dir.path(),
    );
    let r = dir.path().join("r");
    let ab = table(&r.join("ab_under_game.csv"));
    assert_eq!(ab.len(), 2, "one opponent, both orientations");
    for row in &ab {
        assert_eq!(num(row, "fixed_delta"), 0.0);
        assert_eq!(num(row, "game_delta"), 0.0);
        assert_eq!(row["flips"], "false");
    }
    assert!(
        out.contains("ok   the A/B verdict holds under the policy game"),
        "{out}"
    );
    // Base and variant share their sides: one game per orientation.
    assert_eq!(table(&r.join("under_game.csv")).len(), 2);
    let manifest = std::fs::read_to_string(r.join("manifest.json")).unwrap();
    for f in ["under_game.csv", "ab_under_game.parquet", "under_game.json"] {
        assert!(manifest.contains(f), "the manifest lists {f}");
    }
    let page = std::fs::read_to_string(r.join("report.html")).unwrap();
    assert!(page.contains("Under the policy game"));
    assert!(page.contains("the A/B verdict holds under the policy game"));
}

/// A matrix: every fleet ranked under both plays (ranks a permutation), the same bits for 1
/// and 2 threads.
#[test]
fn a_matrix_ranks_every_fleet_under_both_plays_for_any_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "{HEAD}[experiment]\nseed = 4\nbattles = 100\n[experiment.under_game]\nbattles = 32\n\
         presets = [\"standoff\"]\n[experiment.matrix]\nfleets = [\n\
         {{ fleet = \"line-kinetic\", policy = \"brawler\" }},\n\
         {{ fleet = \"line-beam\", policy = \"brawler\" }},\n\
         {{ fleet = \"wolfpack\", policy = \"brawler\" }},\n]\n"
    );
    let file = write_config(dir.path(), "matrix", &text);
    for threads in ["1", "2"] {
        fleetlab(
            &[
                "run",
                &file,
                "--quiet",
                "--threads",
                threads,
                "--out",
                threads,
            ],
            dir.path(),
        );
    }
    let read = |d: &str| std::fs::read(dir.path().join(d).join("under_game.csv")).unwrap();
    assert_eq!(read("1"), read("2"), "same seed, same bits, any threads");
    let ranking = table(&dir.path().join("1").join("ranking_under_game.csv"));
    assert_eq!(ranking.len(), 3);
    for col in ["fixed_rank", "game_rank"] {
        let mut ranks: Vec<f64> = ranking.iter().map(|r| num(r, col)).collect();
        ranks.sort_by(f64::total_cmp);
        assert_eq!(ranks, [1.0, 2.0, 3.0], "{col}");
    }
    assert_eq!(table(&dir.path().join("1").join("under_game.csv")).len(), 6);
}

fn refused(dir: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// What cannot be answered under the game is refused up front, with the reason.
#[test]
fn shards_and_policy_games_are_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let run = write_config(
        dir.path(),
        "run",
        &format!(
            "{HEAD}[experiment]\nbattles = 10\n[experiment.under_game]\n[[matchup]]\n\
             a = {{ fleet = \"line-kinetic\" }}\nb = {{ fleet = \"line-beam\" }}\n"
        ),
    );
    let err = refused(dir.path(), &["run", &run, "--shard", "0/2", "--quiet"]);
    assert!(err.contains("not with --shard"), "{err}");
    let game = write_config(
        dir.path(),
        "game",
        &format!(
            "{HEAD}[experiment]\nbattles = 10\n[experiment.under_game]\n[experiment.game]\n\
             a = {{ fleet = \"line-kinetic\" }}\nb = {{ fleet = \"line-beam\" }}\n\
             policies = [\"brawler\", \"standoff\"]\n"
        ),
    );
    let err = refused(dir.path(), &["run", &game, "--quiet"]);
    assert!(err.contains("a policy game already"), "{err}");
}

/// An A/B with a ladder whose variant is the base itself: the fair cost is exactly 0 points
/// under both kinds of play (the variant's games are the base's), one row per opponent and
/// `overall`, every rung's game played, the table in the manifest and on the page.
#[test]
fn a_ladder_gives_the_fair_cost_under_the_game_too() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "{HEAD}[[fleet]]\nname = \"lk-corvette\"\nships = [\"cruiser\", \"destroyer\", \"corvette\"]\n\
         [[fleet]]\nname = \"lk-gunship\"\nships = [\"cruiser\", \"destroyer\", \"gunship\"]\n\
         [experiment]\nseed = 5\nbattles = 400\n[experiment.under_game]\nbattles = 64\n\
         presets = [\"standoff\"]\n[experiment.ab]\n\
         base = {{ fleet = \"line-kinetic\", policy = \"brawler\" }}\n\
         variant = {{ fleet = \"line-kinetic\", policy = \"brawler\" }}\n\
         opponents = [{{ fleet = \"line-beam\", policy = \"brawler\" }}]\n\
         ladder = [{{ fleet = \"lk-corvette\", policy = \"brawler\" }}, \
         {{ fleet = \"lk-gunship\", policy = \"brawler\" }}]\n"
    );
    let file = write_config(dir.path(), "self-ladder", &text);
    let out = fleetlab(
        &["run", &file, "--quiet", "--html", "--out", "r"],
        dir.path(),
    );
    let r = dir.path().join("r");
    let fc = table(&r.join("fair_cost_under_game.csv"));
    assert_eq!(fc.len(), 2, "one opponent and overall: {fc:?}");
    assert_eq!(fc[1]["opponent_fleet"], "", "overall last");
    for row in &fc {
        assert_eq!(num(row, "price"), 0.0);
        assert_eq!(num(row, "fixed_estimate"), 0.0);
        assert_eq!(num(row, "game_estimate"), 0.0);
    }
    // Base (= variant) and the two rungs, both orientations: four games per orientation.
    assert_eq!(table(&r.join("under_game.csv")).len(), 6);
    assert!(out.contains("fair cost under the policy game"), "{out}");
    let manifest = std::fs::read_to_string(r.join("manifest.json")).unwrap();
    assert!(manifest.contains("fair_cost_under_game.csv"));
    let page = std::fs::read_to_string(r.join("report.html")).unwrap();
    assert!(page.contains("A/B: the fair cost"));
}
