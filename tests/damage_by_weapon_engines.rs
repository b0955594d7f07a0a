//! Damage by weapon (issue 18 §5) in Junction, ship-to-ship, target-lock and Cold Infinity:
//! on each system's shipped reference config, every ship's `weapons` rows (its lines and
//! `other`) add up to its damage dealt in `ships`, the lines' kills never exceed the enemy
//! losses, and one line's total at the config's seed is a golden figure.

use std::collections::HashMap;
use std::path::Path;

mod common;
use common::{fleetlab, num, table};

type Rows = Vec<HashMap<String, String>>;

/// Run `config` (under `configs/`) for `battles` battles; check that every ship's rows add up
/// to its damage dealt and that each side's line kills are at most the enemy ships destroyed.
/// Returns the weapons and ships tables.
fn run(dir: &Path, config: &str, battles: u64) -> (Rows, Rows) {
    let config = format!("{}/configs/{config}", env!("CARGO_MANIFEST_DIR"));
    let n = battles.to_string();
    fleetlab(
        &["run", &config, "--battles", &n, "--quiet", "--out", "r"],
        dir,
    );
    let weapons = table(&dir.join("r/weapons.csv"));
    let ships = table(&dir.join("r/ships.csv"));
    assert!(!weapons.is_empty(), "no weapon rows for {config}");
    let mut kills = HashMap::<(String, String), f64>::new();
    let mut lost = HashMap::<(String, String), f64>::new();
    for ship in &ships {
        let k = &ship["ship_index"];
        let rows: Vec<_> = weapons
            .iter()
            .filter(|w| w["matchup"] == ship["matchup"] && &w["ship_index"] == k)
            .collect();
        let sum: f64 = rows.iter().map(|w| num(w, "damage_dealt")).sum();
        let dealt = num(ship, "mean_damage_dealt") * battles as f64;
        assert!(
            (sum - dealt).abs() < 1e-6 * dealt.max(1.0),
            "{config} {} ship {k}: rows {sum} vs dealt {dealt}",
            ship["matchup"]
        );
        let side = (ship["matchup"].clone(), ship["side"].clone());
        *kills.entry(side.clone()).or_default() +=
            rows.iter().map(|w| num(w, "kills")).sum::<f64>();
        *lost.entry(side).or_default() += num(ship, "destroyed");
    }
    for ((matchup, side), k) in &kills {
        let enemy = if side == "A" { "B" } else { "A" };
        let lost = lost[&(matchup.clone(), enemy.to_owned())];
        assert!(
            *k <= lost,
            "{config} {matchup} side {side}: {k} kills, {lost} enemy losses"
        );
    }
    (weapons, ships)
}

/// The row of ship `ship` and line `weapon` of the first matchup.
fn line<'a>(weapons: &'a Rows, ship: &str, weapon: &str) -> &'a HashMap<String, String> {
    let first = &weapons[0]["matchup"];
    weapons
        .iter()
        .find(|w| &w["matchup"] == first && w["ship_index"] == ship && w["weapon"] == weapon)
        .unwrap_or_else(|| panic!("no line {ship}/{weapon} in {weapons:?}"))
}

fn total(weapons: &Rows, column: &str) -> f64 {
    weapons.iter().map(|w| num(w, column)).sum()
}

#[test]
fn junction_mounts_and_magazines_add_up_to_the_ships_damage() {
    let dir = tempfile::tempdir().unwrap();
    let (weapons, _) = run(dir.path(), "junction/reference-2v2.toml", 400);
    // Every hit is a mount's or a salvo's: no `other` damage.
    assert!(
        weapons.iter().all(|w| w["weapon"] != "other"),
        "{weapons:?}"
    );
    assert!(total(&weapons, "kills") > 0.0);
    let golden = line(&weapons, "0", "mount 3: macron");
    assert_eq!(golden["damage_dealt"], "4008");
}

#[test]
fn ship_to_ship_cannons_add_up_to_the_ships_damage() {
    let dir = tempfile::tempdir().unwrap();
    let (weapons, _) = run(dir.path(), "ship-to-ship/reference-duel.toml", 400);
    assert!(
        weapons.iter().all(|w| w["weapon"] != "other"),
        "{weapons:?}"
    );
    assert!(total(&weapons, "kills") > 0.0);
    // A Missile Bay never fires (its rules are not in the seed).
    for w in weapons
        .iter()
        .filter(|w| w["weapon"].starts_with("Missile Bay"))
    {
        assert_eq!(
            (w["damage_dealt"].as_str(), w["kills"].as_str()),
            ("0", "0")
        );
    }
    let golden = line(&weapons, "0", "Cannon (row 1, col 2)");
    assert_eq!(golden["damage_dealt"], "12294");
}

#[test]
fn target_lock_banks_add_up_to_the_ships_damage() {
    let dir = tempfile::tempdir().unwrap();
    let (weapons, _) = run(dir.path(), "target-lock/reference-2v2.toml", 400);
    assert!(
        weapons.iter().all(|w| w["weapon"] != "other"),
        "{weapons:?}"
    );
    assert!(total(&weapons, "kills") > 0.0);
    let golden = line(&weapons, "0", "bank 1: 1 x heavy-gun");
    assert_eq!(golden["damage_dealt"], "3977");
}

#[test]
fn cold_infinity_mounts_add_up_to_the_ships_damage() {
    let dir = tempfile::tempdir().unwrap();
    let (weapons, _) = run(dir.path(), "cold-infinity/reference-2v2.toml", 200);
    // `start-of-phase` splits each ship's share among its mounts exactly: no `other`.
    assert!(
        weapons.iter().all(|w| w["weapon"] != "other"),
        "{weapons:?}"
    );
    assert!(total(&weapons, "kills") > 0.0);
    // An aft railgun: 1090 before session 25, when ships steered by a destroyed fore gun; 1878
    // before session 26, when disarmed sides fought on to the turn cap.
    let golden = line(&weapons, "0", "mount 3: 50cm railgun");
    assert_eq!(golden["damage_dealt"], "1786");
}

/// Missile racks have weapon lines (helper `ci19m`): on `missile-carrier` every racked ship's
/// rows — its mounts and its four racks — add up to its damage dealt (the Guided Weapons
/// Phase's share goes to the racks), no `other`, and the racks deal damage.
#[test]
fn cold_infinity_racks_have_weapon_lines() {
    let dir = tempfile::tempdir().unwrap();
    let (weapons, _) = run(dir.path(), "cold-infinity/missile-carrier.toml", 100);
    assert!(
        weapons.iter().all(|w| w["weapon"] != "other"),
        "{weapons:?}"
    );
    let racks: f64 = weapons
        .iter()
        .filter(|w| w["weapon"].starts_with("rack "))
        .map(|w| num(w, "damage_dealt"))
        .sum();
    assert!(racks > 0.0, "{weapons:?}");
    assert!(
        weapons
            .iter()
            .any(|w| w["weapon"] == "rack 3: Harbinger Mk III"),
        "{weapons:?}"
    );
}
