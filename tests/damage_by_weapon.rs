//! Damage by weapon (issue 18 §5, "why a fleet wins"): Cosmic Conflict tallies every weapon
//! line of every ship; the `weapons` table's rows of a ship add up to its damage dealt in
//! `ships`, and a ship's damage lands on the line that fired it.

use std::collections::HashMap;

mod common;
use common::{fleetlab, table, write_config};

/// A shooting range turned round: side A's unarmed hulk is ship 0, side B's destroyer ship 1
/// (so its lines come after a ship without any), firing for one turn from 8 inches — no
/// point-weapon exchange, so every point of its damage is a weapon line's.
const RANGE: &str = r#"
rule_system = "cosmic-conflict"
include = ["SHIPPED/designs.toml", "SHIPPED/fleets.toml"]

[experiment]
name = "range-b"
seed = 7
battles = 3000

[house_rules]
first_player = "b"

[scenario]
turns = 1
start = [
  { side = "A", ship = 0, x = 28, y = 15, heading = 180, velocity = 0 },
  { side = "B", ship = 0, x = 20, y = 15, heading = 0, velocity = 0 },
]

[[matchup]]
a = { fleet = "hulk", policy = "passive" }
b = { fleet = "lone-destroyer", policy = "turret" }
"#;

fn num(row: &HashMap<String, String>, column: &str) -> f64 {
    row[column].parse().unwrap()
}

#[test]
fn a_ships_damage_is_on_the_weapon_lines_that_fired() {
    let dir = tempfile::tempdir().unwrap();
    let config = write_config(dir.path(), "range-b", RANGE);
    fleetlab(&["run", &config, "--quiet", "--out", "r"], dir.path());
    let weapons = table(&dir.path().join("r/weapons.csv"));
    let ships = table(&dir.path().join("r/ships.csv"));
    let shooter: Vec<_> = weapons.iter().filter(|w| w["ship_index"] == "1").collect();
    assert!(shooter.len() >= 2, "{weapons:?}");
    assert!(
        shooter.iter().all(|w| w["weapon"] != "other"),
        "every point of damage is a weapon line's: {shooter:?}"
    );
    let lines: f64 = shooter.iter().map(|w| num(w, "damage_dealt")).sum();
    let dealt = num(&ships[1], "mean_damage_dealt") * 3000.0;
    assert!((lines - dealt).abs() < 1e-6, "{lines} vs {dealt}");
    // The hulk carries no weapon and deals nothing: no row of its own.
    assert!(weapons.iter().all(|w| w["ship_index"] != "0"));
    // Shares of the side add up to 1.
    let share: f64 = shooter.iter().map(|w| num(w, "share_of_side")).sum();
    assert!((share - 1.0).abs() < 1e-9, "{share}");
}

#[test]
fn every_ships_rows_add_up_to_its_damage_dealt() {
    let dir = tempfile::tempdir().unwrap();
    let config = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/configs/cosmic-conflict/reference-3v3.toml"
    );
    fleetlab(
        &["run", config, "--battles", "2000", "--quiet", "--out", "r"],
        dir.path(),
    );
    let weapons = table(&dir.path().join("r/weapons.csv"));
    let ships = table(&dir.path().join("r/ships.csv"));
    for (k, ship) in ships.iter().enumerate() {
        let rows: Vec<_> = weapons
            .iter()
            .filter(|w| w["ship_index"] == k.to_string())
            .collect();
        let sum: f64 = rows.iter().map(|w| num(w, "damage_dealt")).sum();
        let dealt = num(ship, "mean_damage_dealt") * 2000.0;
        assert!((sum - dealt).abs() < 1e-6, "ship {k}: {sum} vs {dealt}");
        // Point-weapon exchanges are the only damage outside the lines, and never most of it.
        let other: f64 = rows
            .iter()
            .filter(|w| w["weapon"] == "other")
            .map(|w| num(w, "damage_dealt"))
            .sum();
        assert!(other < 0.5 * dealt, "ship {k}: other {other} of {dealt}");
    }
}

/// A search player's cells tally the battle it played (not its rollouts): on the range, every
/// cell's shooter has its damage on its weapon lines — none of it `other` — adding up to
/// its damage dealt in `ships`, the search cells' as much as the presets' cells.
#[test]
fn a_search_players_cells_tally_their_weapon_lines() {
    let dir = tempfile::tempdir().unwrap();
    let game = RANGE
        .replace("battles = 3000", "battles = 40")
        .replace(
            "[[matchup]]\na = { fleet = \"hulk\", policy = \"passive\" }\nb = { fleet = \"lone-destroyer\", policy = \"turret\" }\n",
            "[experiment.game]\na = { fleet = \"hulk\" }\nb = { fleet = \"lone-destroyer\" }\npolicies = [\"turret\", \"brawler\"]\nsearch = { rollouts = 4 }\n",
        );
    assert!(game.contains("[experiment.game]"), "{game}");
    let config = write_config(dir.path(), "range-game", &game);
    fleetlab(&["run", &config, "--quiet", "--out", "r"], dir.path());
    let weapons = table(&dir.path().join("r/weapons.csv"));
    let ships = table(&dir.path().join("r/ships.csv"));
    let shooters: Vec<_> = ships.iter().filter(|s| s["ship_index"] == "1").collect();
    assert!(
        shooters.iter().any(|s| s["policy"].contains("search")),
        "a search cell: {shooters:?}"
    );
    for ship in shooters {
        let rows: Vec<_> = weapons
            .iter()
            .filter(|w| w["matchup"] == ship["matchup"] && w["ship_index"] == "1")
            .collect();
        assert!(rows.iter().all(|w| w["weapon"] != "other"), "{rows:?}");
        let battles = num(rows[0], "battles");
        let sum: f64 = rows.iter().map(|w| num(w, "damage_dealt")).sum();
        let dealt = num(ship, "mean_damage_dealt") * battles;
        assert!(
            sum > 0.0 && (sum - dealt).abs() < 1e-6,
            "{}: {sum} vs {dealt}",
            ship["matchup"]
        );
    }
}
