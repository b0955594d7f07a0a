//! The Junction engine against exact single-hit distributions: the crit count and the
//! compromised-armor roll.
//!
//! Each case is a one-turn shooting range: a turret with one direct-fire weapon fires once at
//! a passive hulk whose Armor Value starts below its maximum. The test enumerates, independently
//! of the engine, the miss roll, the compromised-armor roll and the extra-crit roll
//! (Junction "Armor, Damage, and Critical Hits", Appendix 2, reading A of G5), and compares the
//! per-battle counts of side A's `crits` and `compromised_hits` events over many seeded battles
//! with it. Per value the bound is 6 standard errors of a binomial proportion (false-failure
//! probability ≈ 2e-9 per value); impossible values must never occur.

use std::io::Write;

use fleetlab_engine::rules::junction::Junction;
use fleetlab_engine::{Dice, NoTrace, RuleSystem, ShipTally};
use fleetlab_sim::load;
use fleetlab_sim::runner;

const BATTLES: u64 = 200_000;

struct Case {
    /// Weapon Attack Power.
    ap: f64,
    /// Weapon ranges [precision, guaranteed, probable].
    ranges: [i32; 3],
    /// Distance to the hulk.
    distance: i32,
    /// Hulk Armor Value at the start (of 100), Protection Rating and Integrity.
    armor: f64,
    protection: f64,
    integrity: f64,
    /// Expected from the text: miss chance (%) and the crit multiplier of the bracket.
    miss_percent: u32,
    multiplier: u32,
}

/// Appendix 2 reading A: 10% per (rounded up) percentage point of Integrity.
fn crit_chance(post: f64, integrity: f64, multiplier: u32) -> u32 {
    10 * (100.0 * post / integrity).ceil() as u32 * multiplier
}

/// Exact distributions of (crits, compromised hits) for one shot.
fn exact(c: &Case) -> (Vec<f64>, Vec<f64>) {
    let mut crits = vec![0.0; 16];
    let mut compromised = vec![0.0; 2];
    let hit = 1.0 - f64::from(c.miss_percent) / 100.0;
    crits[0] += 1.0 - hit;
    compromised[0] += 1.0 - hit;
    let p_comp = (100.0 - c.armor) / 100.0;
    for (is_comp, p) in [(true, p_comp), (false, 1.0 - p_comp)] {
        if p == 0.0 {
            continue;
        }
        let post = if is_comp {
            c.ap
        } else {
            c.ap - c.ap.min(c.protection)
        };
        let chance = if post > 0.0 {
            crit_chance(post, c.integrity, c.multiplier)
        } else {
            0
        };
        let sure = (chance / 100) as usize;
        let extra = f64::from(chance % 100) / 100.0;
        crits[sure] += hit * p * (1.0 - extra);
        crits[sure + 1] += hit * p * extra;
        compromised[usize::from(is_comp)] += hit * p;
    }
    (crits, compromised)
}

fn simulate(c: &Case) -> (Vec<u64>, Vec<u64>) {
    let toml = format!(
        r#"
rule_system = "junction"
[experiment]
seed = 5
[house_rules]
turn_cap = 1
[scenario]
start = [
  {{ side = "A", ship = 0, q = 0, r = 0 }},
  {{ side = "B", ship = 0, q = {distance}, r = 0, armor = {armor} }},
]
[[weapon]]
name = "gun"
type = "laser"
ap = {ap}
ranges = [{pt}, {gh}, {ph}]
[[design]]
name = "turret"
volume = 100
armor = 0
protection = 0
integrity = 100
crew = 20
weapons = [{{ weapon = "gun" }}]
[[design]]
name = "hulk"
volume = 100
armor = 100
protection = {protection}
integrity = {integrity}
crew = 20
[[fleet]]
name = "gun"
ships = ["turret"]
[[fleet]]
name = "target"
ships = ["hulk"]
[[matchup]]
a = {{ fleet = "gun", policy = "turret" }}
b = {{ fleet = "target", policy = "passive" }}
"#,
        distance = c.distance,
        armor = c.armor,
        ap = c.ap,
        pt = c.ranges[0],
        gh = c.ranges[1],
        ph = c.ranges[2],
        protection = c.protection,
        integrity = c.integrity,
    );
    let mut file = tempfile::Builder::new()
        .suffix(".toml")
        .tempfile()
        .expect("temp file");
    file.write_all(toml.as_bytes()).expect("write config");
    let exp = load::load::<Junction>(file.path()).unwrap_or_else(|e| panic!("{e}"));
    let m = &exp.matchups[0];
    let key = runner::matchup_key(m);
    let mut state = Junction::new_state(&m.matchup);
    let mut ships = vec![ShipTally::default(); Junction::ship_count(&m.matchup)];
    let crits_at = Junction::EVENTS.iter().position(|e| *e == "crits").unwrap();
    let comp_at = Junction::EVENTS
        .iter()
        .position(|e| *e == "compromised_hits")
        .unwrap();
    let mut crits = vec![0u64; 64];
    let mut compromised = vec![0u64; 64];
    for i in 0..BATTLES {
        let mut dice = Dice::for_battle(5, key, i);
        let out = Junction::play(&m.matchup, &mut state, &mut dice, &mut NoTrace, &mut ships);
        crits[out.sides[0].events[crits_at] as usize] += 1;
        compromised[out.sides[0].events[comp_at] as usize] += 1;
    }
    (crits, compromised)
}

fn compare(name: &str, what: &str, want: &[f64], got: &[u64], problems: &mut Vec<String>) {
    let n = BATTLES as f64;
    for (v, &count) in got.iter().enumerate() {
        let p = want.get(v).copied().unwrap_or(0.0);
        if p == 0.0 {
            if count != 0 {
                problems.push(format!(
                    "{name} {what} = {v}: impossible, seen {count} times"
                ));
            }
            continue;
        }
        let observed = count as f64 / n;
        let bound = 6.0 * (p * (1.0 - p) / n).sqrt();
        if (observed - p).abs() > bound {
            problems.push(format!(
                "{name} {what} = {v}: observed {observed:.5}, exact {p:.5} (bound ±{bound:.5})"
            ));
        }
    }
}

fn check(name: &str, c: Case) {
    let (want_crits, want_comp) = exact(&c);
    let (crits, comp) = simulate(&c);
    let mut problems = Vec::new();
    compare(name, "crits", &want_crits, &crits, &mut problems);
    compare(name, "compromised hits", &want_comp, &comp, &mut problems);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Guaranteed Hit bracket, armor at 50%: half the hits find compromised armor (post 35 →
/// 180%), the rest are absorbed down to post 25 (130%).
#[test]
fn guaranteed_hit_on_half_stripped_armor() {
    check(
        "GH, AV 50/100",
        Case {
            ap: 35.0,
            ranges: [2, 6, 10],
            distance: 5,
            armor: 50.0,
            protection: 10.0,
            integrity: 200.0,
            miss_percent: 0,
            multiplier: 1,
        },
    );
}

/// Precision Targeting, armor at 75%: ×3 crits; 14 AP vs PR 10 leaves 4 (60%) or, on
/// compromised armor, 14 (210%: two crits and a 10% third).
#[test]
fn precision_targeting_triples_crits() {
    check(
        "PT, AV 75/100",
        Case {
            ap: 14.0,
            ranges: [3, 6, 10],
            distance: 2,
            armor: 75.0,
            protection: 10.0,
            integrity: 200.0,
            miss_percent: 0,
            multiplier: 3,
        },
    );
}

/// Probable Hit bracket at full armor: 50% miss; a hit leaves exactly 100% (one crit) and
/// never finds compromised armor.
#[test]
fn probable_hit_at_full_armor() {
    check(
        "PH, AV 100/100",
        Case {
            ap: 30.0,
            ranges: [2, 4, 10],
            distance: 8,
            armor: 100.0,
            protection: 10.0,
            integrity: 200.0,
            miss_percent: 50,
            multiplier: 1,
        },
    );
}

/// The hand enumeration itself on digest §3 vector 2 (a compromised AP 30 hit on Integrity
/// 200: 150% → one crit plus 50%).
#[test]
fn enumeration_matches_vector_2() {
    let (crits, comp) = exact(&Case {
        ap: 30.0,
        ranges: [0, 0, 10],
        distance: 0,
        armor: 0.0,
        protection: 10.0,
        integrity: 200.0,
        miss_percent: 0,
        multiplier: 1,
    });
    assert_eq!(comp, vec![0.0, 1.0]);
    assert!((crits[1] - 0.5).abs() < 1e-12 && (crits[2] - 0.5).abs() < 1e-12);
}
