//! Orders and Commands in battle (Cosmic Conflict ch. 5 "Command Phase", ch. 8 "List of
//! Commands/Orders"): fixed seeds, so every assertion is exact. The rule-level tests are in
//! `engine/tests/cc_orders.rs`.

use std::path::{Path, PathBuf};

use fleetlab_engine::dice::Dice;
use fleetlab_engine::observer::Trace;
use fleetlab_engine::outcome::{Ending, Outcome, ShipTally, Verdict};
use fleetlab_engine::rules::cosmic_conflict::CosmicConflict;
use fleetlab_engine::rules::cosmic_conflict::orders::EVENTS;
use fleetlab_engine::{RuleSystem, Side};
use fleetlab_sim::load::{self, Experiment, Source};
use fleetlab_sim::runner;

const DESIGNS: &str = include_str!("../../configs/cosmic-conflict/designs.toml");
const FLEETS: &str = include_str!("../../configs/cosmic-conflict/fleets.toml");

/// Load an experiment from text; `designs.toml` and `fleets.toml` of the shipped configs may be
/// included.
fn experiment(text: &str) -> Experiment<CosmicConflict> {
    let first = Source {
        path: PathBuf::from("/virtual/test.toml"),
        text: text.to_string(),
    };
    load::load_from::<CosmicConflict>(first, |p: &Path| {
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let text = match name {
            "designs.toml" => DESIGNS,
            "fleets.toml" => FLEETS,
            other => panic!("unexpected include {other}"),
        };
        Ok(Source {
            path: p.to_path_buf(),
            text: text.to_string(),
        })
    })
    .unwrap_or_else(|e| panic!("{e}"))
}

/// Play battle `index` with a trace.
fn play(exp: &Experiment<CosmicConflict>, index: u64) -> (Outcome, String) {
    let m = &exp.matchups[0];
    let mut state = CosmicConflict::new_state(&m.matchup);
    let key = runner::matchup_key(m);
    let mut dice = Dice::for_battle(exp.spec.seed.unwrap_or(1), key, index);
    let mut trace = Trace::default();
    let mut ships = vec![ShipTally::default(); CosmicConflict::ship_count(&m.matchup)];
    let out = CosmicConflict::play(&m.matchup, &mut state, &mut dice, &mut trace, &mut ships);
    (out, trace.log)
}

fn event(name: &str) -> usize {
    EVENTS
        .iter()
        .position(|e| *e == name)
        .unwrap_or_else(|| panic!("no event {name}"))
}

/// Two ships, A at x = 10 and B at `bx`, both on y = 15 facing each other, first player A.
fn duel(a: &str, b: &str, bx: f64, turns: u32, extra: &str) -> String {
    format!(
        r#"
rule_system = "cosmic-conflict"
include = ["designs.toml", "fleets.toml"]
[experiment]
seed = 5
[house_rules]
first_player = "a"
[scenario]
turns = {turns}
start = [
  {{ side = "A", ship = 0, x = 10, y = 15, heading = 0, velocity = 0 }},
  {{ side = "B", ship = 0, x = {bx}, y = 15, heading = 180, velocity = 0 }},
]
{extra}
[[matchup]]
a = {a}
b = {b}
"#
    )
}

/// Jump to Hyperspace: "Reveal this at the end of the resolution phase. During the next turn,
/// this Ship may not be given any Orders or Command tokens, and when this Ship is activated,
/// remove it from play." Fled ships are not destroyed: their points are not lost.
#[test]
fn jump_to_hyperspace_flees_when_next_activated() {
    let exp = experiment(&duel(
        r#"{ fleet = "lone-destroyer", policy = "turret" }"#,
        r#"{ fleet = "lone-destroyer", policy = "passive", orders = "jump-to-hyperspace" }"#,
        50.0,
        5,
        "",
    ));
    let (out, log) = play(&exp, 0);
    assert!(log.contains("B1 destroyer orders (hidden): jump-to-hyperspace"));
    assert!(log.contains("B1 destroyer reveals jump-to-hyperspace"));
    assert!(log.contains("B1 destroyer jumps to hyperspace and has fled"));
    // Turn 2: no Orders for the leaving ship.
    let turn2 = log.split("== turn 2 ==").nth(1).expect("turn 2");
    assert!(!turn2.contains("B1 destroyer orders"));
    assert_eq!(out.turns, 2);
    assert_eq!(out.ending, Ending::Annihilation);
    assert_eq!(out.verdict, Verdict::Win(Side::A));
    let b = &out.sides[1];
    assert_eq!((b.survivors, b.points_lost), (0, 0));
    assert_eq!(b.events[event("order_jump_to_hyperspace")], 1);
    assert_eq!(b.events[event("fled_to_hyperspace")], 1);
}

/// Evasive Actions: "Attacks against this Ship receive a -1 modifier to Accuracy." The trace
/// shows the die and the modified Accuracy: a turret (Size 3 Primary Kinetic vs Size 3) rolls
/// A = d6 − 1 against an evasive hulk, d6 otherwise.
#[test]
fn evasive_actions_minus_one_accuracy_against_the_ship() {
    for (orders, shift) in [("\"evasive-actions\"", -1), ("\"none\"", 0)] {
        let exp = experiment(&duel(
            r#"{ fleet = "lone-destroyer", policy = "turret" }"#,
            &format!(r#"{{ fleet = "lone-destroyer", policy = "passive", orders = {orders} }}"#),
            18.0,
            1,
            "",
        ));
        let mut checked = 0;
        for k in 0..20 {
            let (_, log) = play(&exp, k);
            for line in log.lines().filter(|l| l.contains("fires kinetic (Primary")) {
                // "... accuracy D -> A, ..."
                let acc = line.split("accuracy ").nth(1).expect("accuracy");
                let mut it = acc.split(|c: char| !c.is_ascii_digit() && c != '-');
                let die: i32 = it.next().unwrap().parse().unwrap();
                let a: i32 = acc
                    .split("-> ")
                    .nth(1)
                    .unwrap()
                    .split(',')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap();
                assert_eq!(a, die + shift, "{line}");
                checked += 1;
            }
        }
        assert!(checked >= 20, "{checked}");
    }
}

/// Contingent Attack: "This Ship may fire Weapons at any point during or after its
/// activation." Out of reach in the attack step, the destroyer closes in and fires after
/// moving.
#[test]
fn contingent_attack_fires_after_moving() {
    let exp = experiment(&duel(
        r#"{ fleet = "lone-destroyer", policy = "brawler", orders = "contingent-attack" }"#,
        r#"{ fleet = "hulk", policy = "passive" }"#,
        29.5,
        1,
        "",
    ));
    let (out, log) = play(&exp, 0);
    let moved = log.find("A1 destroyer moves to").expect("moves");
    let revealed = log
        .find("A1 destroyer reveals contingent-attack")
        .expect("reveals");
    let fired = log.find("A1 destroyer fires").expect("fires");
    assert!(moved < revealed && revealed < fired, "{log}");
    assert_eq!(out.sides[0].events[event("order_contingent_attack")], 1);
}

/// Change Velocity (Order): "This Ship may immediately increase or decrease its Velocity by 1"
/// — on top of the move's own ±1. From a standstill the destroyer reaches Velocity 2 in one
/// move; without the Order only 1.
#[test]
fn change_velocity_order_adds_another_step() {
    for (orders, v) in [("\"change-velocity\"", 2), ("\"none\"", 1)] {
        let exp = experiment(&duel(
            &format!(r#"{{ fleet = "lone-destroyer", policy = "brawler", orders = {orders} }}"#),
            r#"{ fleet = "hulk", policy = "passive" }"#,
            50.0,
            1,
            "",
        ));
        let (_, log) = play(&exp, 0);
        assert!(
            log.contains(&format!("heading 0 velocity {v}\n")),
            "{orders}: {log}"
        );
    }
}

/// The Offensive "fire now" Command: "Immediately make an Attack with one Weapon that has not
/// yet been used this turn (this may be done outside the Ship's normal Activation)." A
/// Tokens-only destroyer that moved into reach fires one weapon after the activations.
#[test]
fn fire_now_command_attacks_with_one_unused_weapon() {
    let exp = experiment(&duel(
        r#"{ fleet = "lone-destroyer", policy = "brawler", orders = "tokens" }"#,
        r#"{ fleet = "hulk", policy = "passive" }"#,
        29.5,
        1,
        "",
    ));
    let (out, log) = play(&exp, 0);
    let spent = log
        .find("A1 destroyer spends its Command Token: fire now")
        .expect("spent");
    let after: Vec<&str> = log[spent..]
        .lines()
        .filter(|l| l.contains("A1 destroyer fires"))
        .collect();
    assert_eq!(after.len(), 1, "{log}");
    let a = &out.sides[0];
    assert_eq!(a.events[event("command_token_taken")], 1);
    assert_eq!(a.events[event("command_fire_now")], 1);
}

/// Offensive Focus: "discard either an Accuracy or Damage d6 roll and immediately reroll" on
/// each Attack. A turret with the Order at a hulk rerolls only when a die is worth it.
#[test]
fn offensive_focus_rerolls_each_attack() {
    let exp = experiment(&duel(
        r#"{ fleet = "lone-destroyer", policy = "turret", orders = "offensive-focus" }"#,
        r#"{ fleet = "hulk", policy = "passive" }"#,
        18.0,
        1,
        "",
    ));
    let mut rerolls = 0;
    for k in 0..10 {
        let (_, log) = play(&exp, k);
        rerolls += log.matches("(Offensive Focus)").count();
        for line in log.lines().filter(|l| l.contains("(Offensive Focus)")) {
            assert!(
                line.contains("rerolls the Accuracy die")
                    || line.contains("rerolls the Damage die")
                    || line.contains("rerolls the Damage #1 die")
                    || line.contains("rerolls the Damage #2 die")
            );
        }
    }
    assert!(rerolls >= 5, "{rerolls}");
}

/// Mark Target: the tactician's earliest ship marks an enemy within (its Size × 4) and the
/// side spends [Marked] tokens in its attack steps; the command layer's events are counted.
#[test]
fn tactician_marks_targets_and_spends_tokens() {
    let exp = experiment(
        r#"
rule_system = "cosmic-conflict"
include = ["designs.toml", "fleets.toml"]
[experiment]
seed = 3
[[matchup]]
a = { fleet = "line-kinetic", policy = "tactician" }
b = { fleet = "line-beam", policy = "brawler" }
"#,
    );
    let mut totals = [[0u32; 32]; 2];
    let mut marked_log = None;
    for k in 0..40 {
        let (out, log) = play(&exp, k);
        for (total, side) in totals.iter_mut().zip(&out.sides) {
            for (t, e) in total.iter_mut().zip(&side.events) {
                *t += e;
            }
        }
        if marked_log.is_none() && log.contains("spends a [Marked] token") {
            marked_log = Some(log);
        }
    }
    let log = marked_log.expect("a [Marked] token was spent");
    let mark = log.find(" marks ").expect("marked");
    let spent = log.find("spends a [Marked] token").expect("spent");
    assert!(mark < spent);
    let a = &totals[0];
    assert!(a[event("order_mark_target")] > 0);
    assert!(a[event("marked_token_spent")] > 0);
    assert!(a[event("order_mark_target")] * 2 >= a[event("marked_token_spent")]);
    // The brawler uses the aggressive Orders and its Tokens.
    let b = &totals[1];
    assert!(b[event("order_offensive_focus")] > 0);
    assert!(b[event("command_token_taken")] > 0);
    // Every fled ship gave the Jump Order.
    assert!(a[event("order_jump_to_hyperspace")] >= a[event("fled_to_hyperspace")]);
}

/// Every Order and Command of the policies shows up in the event counts of a run, and the
/// counts are the same for one and two threads.
#[test]
fn events_are_counted_per_side() {
    let exp = experiment(
        r#"
rule_system = "cosmic-conflict"
include = ["designs.toml", "fleets.toml"]
[experiment]
seed = 9
[[matchup]]
a = { fleet = "line-kinetic", policy = "tactician" }
b = { fleet = "line-beam", policy = "standoff" }
"#,
    );
    let (out, _) = play(&exp, 0);
    let given: u32 = out.sides.iter().map(|s| s.events.iter().sum::<u32>()).sum();
    assert!(given > 0);
    // Ships give at most one specific Order per turn: 3 ships × turns bounds each Order.
    for s in &out.sides {
        for (name, count) in EVENTS.iter().zip(&s.events).take(9) {
            assert!(*count <= 3 * out.turns, "{name}");
        }
    }
}
