//! `fleetlab audit`'s policy game (issue 16 §4): per matchup the game of its two fleets over
//! the presets, with the fixed-script answer beside the game's value, the exploitability of
//! each side's policy as written, the verdict flip and the trust flag — in the terminal,
//! `audit.csv` and `audit.json`.

use std::path::Path;

use fleetlab_engine::rules::cosmic_conflict::CosmicConflict;
use fleetlab_sim::audit_game::{GameAuditSettings, GameCheck, Verdict, check_game};
use fleetlab_sim::mirror::matchup_sides;

mod common;
use common::{fleetlab, num, table, write_config};

/// The audit's policy game of the matchup `a` vs `b` (inline side tables) on the reference
/// scenario, the sides offered `presets`, 512 battles per pair and half.
fn game(dir: &Path, a: &str, b: &str, presets: &[&str], confidence: f64) -> GameCheck {
    let text = format!(
        "rule_system = \"cosmic-conflict\"\ninclude = [\"SHIPPED/designs.toml\", \
         \"SHIPPED/fleets.toml\"]\n[experiment]\nseed = 5\nbattles = 100\n\
         [scenario.victory]\nobjective = \"objective-line\"\npick = 2\n\
         [[matchup]]\na = {a}\nb = {b}\n"
    );
    let file = write_config(dir, "audit-game", &text);
    let src = fleetlab_sim::load::read_source(&dir.join(file)).unwrap();
    let sides = matchup_sides(&src, &[]).unwrap().remove(0);
    let settings = GameAuditSettings {
        battles: 512,
        presets: Some(presets.iter().map(|p| (*p).to_owned()).collect()),
        search: None,
        confidence,
    };
    check_game::<CosmicConflict>(&src, &sides, &settings, 7, &|_| {}, None).unwrap()
}

/// The same fleet and policy on both seats, the same presets offered to both: the game is
/// symmetric, so its value is ½ (seats are fair, `tests/mirrors.rs`). The selection-honest
/// interval at a 1e-6 false-failure rate must contain it.
#[test]
fn a_mirror_game_is_worth_half() {
    let dir = tempfile::tempdir().unwrap();
    let side = r#"{ fleet = "line-kinetic", policy = "brawler" }"#;
    let g = game(
        dir.path(),
        side,
        side,
        &["brawler", "standoff", "turret"],
        1.0 - 1e-6,
    );
    assert_eq!(g.a_policies, ["brawler", "standoff", "turret"]);
    assert_eq!(g.b_policies, g.a_policies);
    assert!(g.value.1 <= 0.5 && 0.5 <= g.value.2, "{:?}", g.value);
    assert!(g.fixed.1 <= 0.5 && 0.5 <= g.fixed.2, "{:?}", g.fixed);
    assert_eq!(g.fixed_verdict, Verdict::Even);
}

/// A side written as `passive` (it never moves or fires) loses with its script; any preset
/// that fights does better against it, so the policy as written is exploitable far beyond the
/// flag and the matchup's fixed-script answer does not hold.
#[test]
fn a_passive_script_is_flagged_as_exploitable() {
    let dir = tempfile::tempdir().unwrap();
    let g = game(
        dir.path(),
        r#"{ fleet = "line-kinetic", policy = "passive" }"#,
        r#"{ fleet = "line-beam", policy = "brawler" }"#,
        &["brawler", "standoff"],
        0.95,
    );
    assert_eq!(g.a_policies, ["passive", "brawler", "standoff"]);
    assert_eq!(g.fixed_verdict, Verdict::B, "{:?}", g.fixed);
    assert!(g.sides[0].exploitability > 0.2, "{:?}", g.sides[0]);
    assert!(g.exploitable && !g.holds(), "{:?}", g.flags());
    assert!(
        g.sides[0].mix.iter().all(|(p, _)| p != "passive"),
        "a passive fleet is never part of A's optimal mix: {:?}",
        g.sides[0].mix
    );
}

/// `fleetlab audit CONFIG` in `dir`, small: 256 battles per mirror, a 2-preset game of 128
/// battles per pair and half, written to `dir/a`; its stdout.
fn small_audit(dir: &Path, config: &str) -> String {
    fleetlab(
        &[
            "audit",
            config,
            "--battles",
            "256",
            "--game-battles",
            "128",
            "--game-policies",
            "brawler,standoff",
            "--out",
            "a",
        ],
        dir,
    )
}

/// Through the CLI: the policy-game block in the terminal, its columns in `audit.csv`, and
/// `--no-game` with a game option is a usage error (exit 2).
#[test]
fn audit_prints_and_writes_the_policy_game() {
    let dir = tempfile::tempdir().unwrap();
    let root = env!("CARGO_MANIFEST_DIR");
    let config = format!("{root}/configs/cosmic-conflict/reference-3v3.toml");
    let stdout = small_audit(dir.path(), &config);
    assert!(
        stdout.contains("policy game: each side may also answer"),
        "{stdout}"
    );
    assert!(stdout.contains("fixed scripts"), "{stdout}");
    let rows = table(&dir.path().join("a/audit.csv"));
    assert_eq!(rows.len(), 1);
    let v = num(&rows[0], "game_value");
    assert!((0.0..=1.0).contains(&v), "{v}");
    assert!(num(&rows[0], "game_value_ci_low") <= v);
    assert!(["A", "B", "even"].contains(&rows[0]["game_verdict"].as_str()));
    assert!(["true", "false"].contains(&rows[0]["trusted"].as_str()));
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(["audit", &config, "--no-game", "--search", "8"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

/// An A/B whose variant is the base fleet itself: on common dice both answers are exactly 0,
/// neither flips; one check per opponent and orientation (`audit.json`, `ab`).
#[test]
fn an_ab_of_a_fleet_against_itself_changes_nothing_under_either_play() {
    let dir = tempfile::tempdir().unwrap();
    let config = write_config(
        dir.path(),
        "ab-self",
        r#"
rule_system = "cosmic-conflict"
include = ["SHIPPED/designs.toml", "SHIPPED/fleets.toml"]
[experiment]
seed = 3
battles = 100
[scenario.victory]
objective = "objective-line"
pick = 2
[experiment.ab]
base = { fleet = "line-kinetic", policy = "brawler" }
variant = { fleet = "line-kinetic", policy = "brawler" }
opponents = [{ fleet = "line-beam", policy = "brawler" }]
"#,
    );
    let stdout = small_audit(dir.path(), &config);
    assert!(stdout.contains("A/B under the policy game"), "{stdout}");
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("a/audit.json")).unwrap()).unwrap();
    let ab = json["ab"].as_array().unwrap();
    assert_eq!(ab.len(), 2, "one opponent, both orientations");
    for c in ab {
        assert_eq!(c["fixed"][0].as_f64(), Some(0.0), "{c}");
        assert_eq!(c["game"][0].as_f64(), Some(0.0), "{c}");
        assert_eq!(c["flips"], false, "{c}");
    }
}
