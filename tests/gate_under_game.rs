//! `fleetlab baseline` + `fleetlab check` under the policy game (issue 16 §2): with
//! `[experiment.under_game]` a baseline stores each matchup's game (value, honest interval,
//! every cell's counts) and a check replays and compares it. A baseline checked against
//! itself passes; a rule change that moves the game's value fails naming the matchup; a
//! baseline without game values still checks (fixed scripts only, with a note).

use std::path::Path;
use std::process::{Command, Output};

/// Write `text` as `<name>.toml` in `dir`, `SHIPPED` replaced by the shipped configs.
fn write_config(dir: &Path, name: &str, text: &str) -> String {
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs/cosmic-conflict");
    let file = format!("{name}.toml");
    std::fs::write(
        dir.join(&file),
        text.replace("SHIPPED", &shipped.display().to_string()),
    )
    .unwrap();
    file
}

fn fleetlab(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fleetlab"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("run fleetlab")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// One matchup of a fleet of our own (`ships`) against line-beam; with a 2 × 2 policy game
/// when `game`.
fn experiment(dir: &Path, name: &str, ships: &str, game: bool) -> String {
    let under = if game {
        "[experiment.under_game]\nbattles = 200\npresets = [\"standoff\"]\n"
    } else {
        ""
    };
    let text = format!(
        "rule_system = \"cosmic-conflict\"\ninclude = [\"SHIPPED/designs.toml\", \
         \"SHIPPED/fleets.toml\"]\n[scenario.victory]\nobjective = \"objective-line\"\npick = \
         2\n[[fleet]]\nname = \"tester\"\nships = {ships}\n[experiment]\nname = \"gate-game\"\n\
         seed = 5\nbattles = 1000\n{under}[[matchup]]\na = {{ fleet = \"tester\", policy = \
         \"brawler\" }}\nb = {{ fleet = \"line-beam\", policy = \"brawler\" }}\n"
    );
    write_config(dir, name, &text)
}

const SHIPS: &str = "[\"cruiser\", \"destroyer\", \"frigate\"]";

#[test]
fn the_game_value_is_gated_like_the_fixed_scripts() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let same = experiment(d, "same", SHIPS, true);
    let rec = fleetlab(&["baseline", &same, "--out", "b.json"], d);
    assert!(rec.status.success(), "{}", text(&rec));
    assert!(text(&rec).contains("policy game of tester (brawler) vs line-beam (brawler): value"));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("b.json")).unwrap()).unwrap();
    let game = &json["games"][0];
    assert_eq!(game["select"].as_array().unwrap().len(), 4, "{game}");
    assert_eq!(game["battles_per_pair"], 200);

    // Checked against itself: every cell replays, no shift, exit 0.
    let ok = fleetlab(&["check", &same, "--baseline", "b.json"], d);
    let out = text(&ok);
    assert_eq!(ok.status.code(), Some(0), "{out}");
    assert!(
        out.contains("Under the policy game — ✅ no significant shift of the game value"),
        "{out}"
    );
    assert!(out.contains("every cell replayed identically"), "{out}");
    assert!(out.contains("+0.00 [-"), "{out}");

    // Two ships fewer: the game's value falls far beyond its intervals; the check fails and
    // names the matchup in the game's message.
    let weak = experiment(d, "weak", "[\"frigate\"]", true);
    let bad = fleetlab(&["check", &weak, "--baseline", "b.json"], d);
    let out = text(&bad);
    assert_eq!(bad.status.code(), Some(1), "{out}");
    assert!(out.contains("❌ **the game value moved**"), "{out}");
    assert!(
        out.contains(
            "the policy game's value for side A moved in 1 matchup(s): the interval of the \
             difference excludes 0"
        ),
        "{out}"
    );
    assert!(
        out.contains("tester (brawler) vs line-beam (brawler): estimated -"),
        "{out}"
    );
    assert!(out.contains("| SHIFT DOWN |"), "{out}");

    // A baseline without game values (recorded before [experiment.under_game]) still checks:
    // the fixed part, with a note.
    let plain = experiment(d, "plain", SHIPS, false);
    let rec = fleetlab(&["baseline", &plain, "--out", "old.json"], d);
    assert!(rec.status.success(), "{}", text(&rec));
    let old = std::fs::read_to_string(d.join("old.json")).unwrap();
    assert!(!old.contains("\"games\""), "no games without under_game");
    let ok = fleetlab(&["check", &same, "--baseline", "old.json"], d);
    let out = text(&ok);
    assert_eq!(ok.status.code(), Some(0), "{out}");
    assert!(
        out.contains("recorded without policy-game values")
            && out.contains("fixed scripts checked only"),
        "{out}"
    );
}
