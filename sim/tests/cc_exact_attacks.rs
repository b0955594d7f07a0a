//! The Monte Carlo engine against exact single-attack distributions.
//!
//! Each case is a shooting range: one ship with one weapon fires one volley (a one-turn game)
//! at a passive, unarmoured hulk. Side A's damage-dealt histogram over n battles must match the
//! distribution enumerated here, independently of the engine, over every accuracy die and
//! every pair of damage dice. Per value, the bound is 6 standard errors of a binomial
//! proportion (false-failure probability ≈ 2e-9 per value); impossible values must never occur.

use std::io::Write;

use fleetlab_engine::rules::cosmic_conflict::CosmicConflict;
use fleetlab_sim::load;
use fleetlab_sim::runner;

const BATTLES: u64 = 200_000;

/// How the damage dice combine.
#[derive(Clone, Copy)]
enum Die {
    One,
    Best,
    Sum,
}

struct Case {
    weapon: &'static str,
    shooter_size: u8,
    target_size: u8,
    target_components: &'static str,
    distance: f64,
    // expected attack parameters, stated from the rules text
    weapon_size: i32,
    accuracy_mod: i32,
    damage_mod: i32,
    die: Die,
    glance_max: i32,
}

fn exact(c: &Case) -> Vec<f64> {
    let mut p = vec![0.0; 64];
    for a in 1..=6 {
        for d1 in 1..=6 {
            for d2 in 1..=6 {
                let die = match c.die {
                    Die::One => d1,
                    Die::Best => d1.max(d2),
                    Die::Sum => d1 + d2,
                };
                let accuracy = a + i32::from(c.target_size) - c.weapon_size + c.accuracy_mod;
                let damage = (die + c.weapon_size - i32::from(c.target_size) + c.damage_mod).max(0);
                let dealt = if accuracy <= 0 {
                    0
                } else if accuracy <= c.glance_max {
                    (damage + 1) / 2
                } else {
                    damage
                };
                p[dealt as usize] += 1.0 / 216.0;
            }
        }
    }
    p
}

fn simulate(c: &Case) -> Vec<u64> {
    let toml = format!(
        r#"
rule_system = "cosmic-conflict"
[experiment]
seed = 11
[house_rules]
first_player = "a"
[scenario]
turns = 1
start = [
  {{ side = "A", ship = 0, x = 10, y = 15, heading = 0, velocity = 0 }},
  {{ side = "B", ship = 0, x = {x}, y = 15, heading = 180, velocity = 0 }},
]
[[design]]
name = "shooter"
size = {shooter}
weapons = [{weapon}]
[[design]]
name = "hulk"
size = {target}
row_length = 30
components = [{components}]
[[fleet]]
name = "gun"
ships = ["shooter"]
[[fleet]]
name = "target"
ships = ["hulk"]
[[matchup]]
a = {{ fleet = "gun", policy = "turret" }}
b = {{ fleet = "target", policy = "passive" }}
"#,
        x = 10.0 + c.distance,
        shooter = c.shooter_size,
        weapon = c.weapon,
        target = c.target_size,
        components = c.target_components,
    );
    let mut file = tempfile::Builder::new()
        .suffix(".toml")
        .tempfile()
        .expect("temp file");
    file.write_all(toml.as_bytes()).expect("write config");
    let exp = load::load::<CosmicConflict>(file.path()).unwrap_or_else(|e| panic!("{e}"));
    let tally = runner::run_matchup::<CosmicConflict>(
        &exp.matchups[0],
        exp.keys[0],
        11,
        0..BATTLES,
        &|_| {},
        None,
    );
    assert_eq!(tally.battles, BATTLES);
    tally.damage_dealt[0].counts().to_vec()
}

fn check(name: &str, c: Case) {
    let want = exact(&c);
    let got = simulate(&c);
    let n = BATTLES as f64;
    let mut problems = Vec::new();
    for (v, &p) in want.iter().enumerate() {
        let count = got.get(v).copied().unwrap_or(0);
        let observed = count as f64 / n;
        if p == 0.0 {
            if count != 0 {
                problems.push(format!("value {v}: impossible, seen {count} times"));
            }
            continue;
        }
        let bound = 6.0 * (p * (1.0 - p) / n).sqrt();
        if (observed - p).abs() > bound {
            problems.push(format!(
                "value {v}: observed {observed:.5}, exact {p:.5} (bound ±{bound:.5})"
            ));
        }
    }
    assert!(problems.is_empty(), "{name}:\n{}", problems.join("\n"));
}

#[test]
fn kinetic_primary_equal_sizes_at_range() {
    check(
        "kinetic WS3 vs Size 3 at 8",
        Case {
            weapon: r#"{ type = "kinetic", arcs = ["fore"] }"#,
            shooter_size: 3,
            target_size: 3,
            target_components: "",
            distance: 8.0,
            weapon_size: 3,
            accuracy_mod: 0,
            damage_mod: 0,
            die: Die::One,
            glance_max: 2,
        },
    );
}

#[test]
fn oversized_beam_at_extended_range() {
    // Beam ER 20 + 2; distance 19 is Extended Range 1 (−1), Oversized −1, best of two d6.
    check(
        "oversized beam WS4 vs Size 2 at 19",
        Case {
            weapon: r#"{ type = "beam", arcs = ["fore"], variant = "oversized" }"#,
            shooter_size: 4,
            target_size: 2,
            target_components: "",
            distance: 19.0,
            weapon_size: 4,
            accuracy_mod: -2,
            damage_mod: 0,
            die: Die::Best,
            glance_max: 2,
        },
    );
}

#[test]
fn structurally_mounted_kinetic_vs_larger() {
    check(
        "structurally mounted kinetic WS3 vs Size 5 at 5",
        Case {
            weapon: r#"{ type = "kinetic", arcs = ["fore"], variant = "structurally-mounted" }"#,
            shooter_size: 3,
            target_size: 5,
            target_components: "",
            distance: 5.0,
            weapon_size: 3,
            accuracy_mod: -1,
            damage_mod: 0,
            die: Die::Sum,
            glance_max: 2,
        },
    );
}

#[test]
fn linked_secondary_beam() {
    check(
        "linked-2 secondary beam WS3 vs Size 3",
        Case {
            weapon: r#"{ type = "beam", slot = "secondary", arcs = ["fore"], variant = "linked-2" }"#,
            shooter_size: 4,
            target_size: 3,
            target_components: "",
            distance: 6.0,
            weapon_size: 3,
            accuracy_mod: 3,
            damage_mod: -2,
            die: Die::One,
            glance_max: 2,
        },
    );
}

#[test]
fn rockets_in_each_band_against_pws() {
    let pws = r#"{ kind = "pws", count = 2 }"#;
    for (distance, accuracy_mod, die) in [
        (5.0, 0, Die::Sum),
        (10.0, -1, Die::Best),
        (15.0, -2, Die::One),
    ] {
        check(
            &format!("rockets WS3 vs Size 3 with 2 PWS at {distance}"),
            Case {
                weapon: r#"{ type = "rockets", arcs = ["fore"] }"#,
                shooter_size: 3,
                target_size: 3,
                target_components: pws,
                distance,
                weapon_size: 3,
                accuracy_mod,
                damage_mod: -2,
                die,
                glance_max: 2,
            },
        );
    }
}

#[test]
fn missiles_direct_and_by_token() {
    // Within 10 the attack is immediate; beyond 10 a token resolves it in the Resolution
    // phase with the same odds. One PWS on the target: −1 damage.
    for distance in [8.0, 20.0] {
        check(
            &format!("missiles WS2 vs Size 2 with 1 PWS at {distance}"),
            Case {
                weapon: r#"{ type = "missiles", arcs = ["all"] }"#,
                shooter_size: 2,
                target_size: 2,
                target_components: r#"{ kind = "pws" }"#,
                distance,
                weapon_size: 2,
                accuracy_mod: 0,
                damage_mod: -1,
                die: Die::One,
                glance_max: 2,
            },
        );
    }
}

#[test]
fn defense_suites_reduce_accuracy_and_widen_glances() {
    check(
        "kinetic WS3 vs Size 3 with primary and secondary defense suites",
        Case {
            weapon: r#"{ type = "kinetic", arcs = ["fore"] }"#,
            shooter_size: 3,
            target_size: 3,
            target_components: r#"{ kind = "defense-suite", slot = "primary" }, { kind = "defense-suite", slot = "secondary" }"#,
            distance: 8.0,
            weapon_size: 3,
            accuracy_mod: -1,
            damage_mod: 0,
            die: Die::One,
            glance_max: 3,
        },
    );
}
