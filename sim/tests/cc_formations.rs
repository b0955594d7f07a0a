//! Formations and Escorts in battle (Cosmic Conflict ch. 9g "Formations/Escorts"; digest
//! §2.12): one named test per rule of the seed, on fixed seeds, so every assertion is exact.
//! The pure rules (digest vectors 13 and 14) are unit tests in `formation.rs`.

use std::path::{Path, PathBuf};

use fleetlab_engine::RuleSystem;
use fleetlab_engine::dice::Dice;
use fleetlab_engine::observer::Trace;
use fleetlab_engine::outcome::{Outcome, ShipTally};
use fleetlab_engine::rules::cosmic_conflict::orders::EVENTS;
use fleetlab_engine::rules::cosmic_conflict::{BattleState, CosmicConflict};
use fleetlab_sim::load::{self, Experiment, Source};
use fleetlab_sim::runner;

const DESIGNS: &str = include_str!("../../configs/cosmic-conflict/designs.toml");

fn experiment(text: &str) -> Experiment<CosmicConflict> {
    let first = Source {
        path: PathBuf::from("/virtual/test.toml"),
        text: text.to_string(),
    };
    load::load_from::<CosmicConflict>(first, |p: &Path| {
        assert!(p.ends_with("designs.toml"), "unexpected include {p:?}");
        Ok(Source {
            path: p.to_path_buf(),
            text: DESIGNS.to_string(),
        })
    })
    .unwrap_or_else(|e| panic!("{e}"))
}

/// Play battle `index` with a trace; the final state too.
fn play(exp: &Experiment<CosmicConflict>, index: u64) -> (Outcome, String, BattleState) {
    let m = &exp.matchups[0];
    let mut state = CosmicConflict::new_state(&m.matchup);
    let key = runner::matchup_key(m);
    let mut dice = Dice::for_battle(exp.spec.seed.unwrap_or(1), key, index);
    let mut trace = Trace::default();
    let mut ships = vec![ShipTally::default(); CosmicConflict::ship_count(&m.matchup)];
    let out = CosmicConflict::play(&m.matchup, &mut state, &mut dice, &mut trace, &mut ships);
    (out, trace.log, state)
}

fn event(name: &str) -> usize {
    EVENTS
        .iter()
        .position(|e| *e == name)
        .unwrap_or_else(|| panic!("no event {name}"))
}

/// Fleet A (with its group tables) against fleet B, A on the left at x = 10, B at `bx`, both
/// on y = 15 facing each other, first player A, `turns` turns.
fn setup(
    fleet_a: &str,
    a: &str,
    fleet_b: &str,
    b: &str,
    bx: f64,
    turns: u32,
    extra: &str,
) -> String {
    format!(
        r#"
rule_system = "cosmic-conflict"
include = ["designs.toml"]
[experiment]
seed = 9
[house_rules]
first_player = "a"
{extra}
[scenario]
turns = {turns}
start = [
  {{ side = "A", ship = 0, x = 10, y = 15, heading = 0, velocity = 0 }},
  {{ side = "B", ship = 0, x = {bx}, y = 15, heading = 180, velocity = 0 }},
]
[[fleet]]
name = "a"
{fleet_a}
[[fleet]]
name = "b"
{fleet_b}
[[matchup]]
a = {{ fleet = "a", {a} }}
b = {{ fleet = "b", {b} }}
"#
    )
}

/// "The Formation may/must be activated according to the Ship of the largest Size comprising
/// the Formation." A corvette-led formation with a destroyer activates in the Size 3 step, so
/// B's Size 1 corvette (second player) goes first; alone, A's corvette would.
#[test]
fn formation_activates_at_its_largest_members_size() {
    let fleet = |group: &str| {
        format!(
            "ships = [\"corvette\", \"destroyer\"]\n{group}\n[[fleet.formation]]\nlead = 0\nmembers = [1]\nkind = \"defensive\"\n"
        )
    };
    let exp = experiment(&setup(
        &fleet(""),
        "policy = \"passive\"",
        "ships = [\"corvette\"]",
        "policy = \"passive\"",
        40.0,
        1,
        "",
    ));
    let (_, log, _) = play(&exp, 0);
    let b = log.find("B1 corvette activates").expect("B activates");
    let a = log
        .find("A1 corvette activates with its defensive formation (2 ships)")
        .expect("A's formation activates");
    assert!(b < a, "{log}");
    // The destroyer never activates on its own.
    assert!(!log.contains("A2 destroyer activates"), "{log}");
    // Without the formation A's corvette goes first, in the Size 1 step.
    let alone = setup(
        "ships = [\"corvette\", \"destroyer\"]",
        "policy = \"passive\"",
        "ships = [\"corvette\"]",
        "policy = \"passive\"",
        40.0,
        1,
        "",
    );
    let (_, log, _) = play(&experiment(&alone), 0);
    assert!(
        log.find("A1 corvette activates").unwrap() < log.find("B1 corvette activates").unwrap()
    );
}

/// "All movement and measurement for every ship in the Formation shall be made to or from the
/// Lead Ship" and "Since all ships must move together, use the lowest Heading and Maneuver
/// value of all Ships in the Formation." A corvette (Maneuver 2) leading a battlecruiser
/// (Maneuver 0) cannot shift sideways toward an enemy off its line; alone it does. The cruiser stands on
/// the corvette's point all game.
#[test]
fn formation_moves_together_with_the_lowest_maneuver() {
    let group = "[[fleet.formation]]\nlead = 0\nmembers = [1]\nkind = \"offensive\"";
    let text = |fleet_a: &str| {
        setup(
            fleet_a,
            "policy = \"brawler\", orders = \"none\"",
            "ships = [\"target-hulk-3\"]",
            "policy = \"passive\"",
            45.0,
            1,
            "",
        )
        .replace("x = 45, y = 15", "x = 45, y = 25")
    };
    let (_, log, state) = play(
        &experiment(&text(&format!(
            "ships = [\"corvette\", \"battlecruiser\"]\n{group}"
        ))),
        0,
    );
    assert!(log.contains("A1 corvette moves to (11.0, 15.0)"), "{log}");
    assert!(
        log.contains("its offensive formation follows to (11.0, 15.0)"),
        "{log}"
    );
    assert!(!log.contains("A2 battlecruiser moves"), "{log}");
    assert_eq!(state.ships[0].pos, state.ships[1].pos);
    assert_eq!(state.ships[0].velocity, state.ships[1].velocity);
    // Alone, the corvette shifts toward the hulk (Maneuver 2).
    let (_, log, _) = play(
        &experiment(&text("ships = [\"corvette\", \"battlecruiser\"]")),
        0,
    );
    assert!(!log.contains("A1 corvette moves to (11.0, 15.0)"), "{log}");
}

/// "Only the Lead Ship is assigned a Command. That Command is utilised for every Ship in the
/// Formation." The Lead alone is given Evasive Actions; the member under fire holds it too
/// (it reveals it when attacked); the Order is counted once per turn.
#[test]
fn only_the_lead_is_assigned_a_command_and_it_applies_to_every_member() {
    let exp = experiment(&setup(
        "ships = [\"target-hulk-3\", \"frigate\"]\n[[fleet.formation]]\nlead = 0\nmembers = [1]\nkind = \"offensive\"",
        "policy = \"passive\", orders = \"evasive-actions\"",
        "ships = [\"destroyer\"]",
        "policy = \"turret\", targeting = \"weakest\"",
        18.0,
        2,
        "",
    ));
    let (out, log, _) = play(&exp, 0);
    assert_eq!(
        log.matches("orders (hidden): evasive-actions").count(),
        2,
        "{log}"
    );
    assert!(log.contains("A1 target-hulk-3 orders (hidden): evasive-actions"));
    assert!(!log.contains("A2 frigate orders"), "{log}");
    assert!(log.contains("A2 frigate reveals evasive-actions"), "{log}");
    assert_eq!(out.sides[0].events[event("order_evasive_actions")], 2);
}

/// Escorts: "Each Ship is given their own Orders or Commands independently."
#[test]
fn escort_and_escorted_ship_get_their_own_orders() {
    let exp = experiment(&setup(
        "ships = [\"target-hulk-3\", \"frigate\"]\n[[fleet.escort]]\nescort = 1\nescorted = 0",
        "policy = \"passive\", orders = \"evasive-actions\"",
        "ships = [\"destroyer\"]",
        "policy = \"turret\"",
        18.0,
        1,
        "",
    ));
    let (out, log, _) = play(&exp, 0);
    assert!(log.contains("A1 target-hulk-3 orders (hidden): evasive-actions"));
    assert!(log.contains("A2 frigate orders (hidden): evasive-actions"));
    assert_eq!(out.sides[0].events[event("order_evasive_actions")], 2);
}

/// A redirect trace line.
struct Redirect {
    result: String,
    from: String,
    to: String,
    before: u32,
    after: u32,
}

/// Redirect lines of `group` in `log`.
fn redirects(log: &str, group: &str) -> Vec<Redirect> {
    log.lines()
        .filter_map(|l| {
            let rest = l.trim().strip_prefix(&format!("the {group} moves the "))?;
            let (result, rest) = rest.split_once(" from ")?;
            let (from, rest) = rest.split_once(" to ")?;
            let (to, rest) = rest.split_once(": damage ")?;
            let (a, b) = rest.split_once(" -> ")?;
            Some(Redirect {
                result: result.into(),
                from: from.into(),
                to: to.into(),
                before: a.parse().ok()?,
                after: b.parse().ok()?,
            })
        })
        .collect()
}

/// Defensive Formation: "Whenever an Attack would Hit a target Ship in this Formation, the
/// controlling player may elect to have it Hit another Ship of the same Size or smaller." A
/// cruiser (Size 4) and a frigate (Size 2): Hits move only from the cruiser to the frigate,
/// with the damage recomputed for Size 2 (+2; house rule F3), and never a Glance (F1).
#[test]
fn defensive_formation_moves_hits_onto_a_same_or_smaller_member() {
    let exp = experiment(&setup(
        "ships = [\"cruiser\", \"frigate\"]\n[[fleet.formation]]\nlead = 0\nmembers = [1]\nkind = \"defensive\"",
        "policy = \"passive\"",
        "ships = [\"dreadnought\"]",
        "policy = \"turret\"",
        12.0,
        3,
        "",
    ));
    let mut seen = 0;
    let mut events = 0;
    for k in 0..30 {
        let (out, log, _) = play(&exp, k);
        let moves = redirects(&log, "defensive formation");
        for r in &moves {
            assert_eq!(
                (r.from.as_str(), r.to.as_str()),
                ("A1 cruiser", "A2 frigate")
            );
            assert_eq!(r.result, "Hit", "{log}");
            // D + (4 − 2), or 0 → at most 2 when D was negative.
            assert!(
                r.after == r.before + 2 || (r.before == 0 && r.after <= 2),
                "{log}"
            );
        }
        seen += moves.len();
        events += out.sides[0].events[event("hit_redirected_in_formation")] as usize;
    }
    assert!(seen > 0);
    assert_eq!(seen, events);
}

/// Escort: "Once per Ship Activation, an Attack that would hit the Escorted Ship may have the
/// damage dealt to an Escorting Ship instead. Recalculate the damage with the different Size
/// modifiers." A destroyer escorting a cruiser: at most one redirect per attacking activation;
/// the damage goes up by 4 − 3 = 1 for a Hit.
#[test]
fn escort_takes_one_hit_per_attacking_activation_with_damage_recomputed() {
    let exp = experiment(&setup(
        "ships = [\"cruiser\", \"destroyer\"]\n[[fleet.escort]]\nescort = 1\nescorted = 0",
        "policy = \"passive\"",
        "ships = [\"dreadnought\"]",
        "policy = \"turret\"",
        12.0,
        3,
        "",
    ));
    let mut seen = 0;
    for k in 0..30 {
        let (out, log, _) = play(&exp, k);
        for activation in log.split("activates") {
            let n = redirects(activation, "escort").len();
            assert!(n <= 1, "{activation}");
        }
        for r in redirects(&log, "escort") {
            assert_eq!(
                (r.from.as_str(), r.to.as_str()),
                ("A1 cruiser", "A2 destroyer")
            );
            match r.result.as_str() {
                // D + (4 − 3), or 0 → at most 1 when D was negative.
                "Hit" => assert!(r.after == r.before + 1 || (r.before == 0 && r.after <= 1)),
                // Half of D + 1, rounding up (F2: Escorts take Glances).
                "Glance" => assert!(r.after == r.before || r.after == r.before + 1),
                other => panic!("redirected a {other}"),
            }
            seen += 1;
        }
        assert_eq!(
            out.sides[0].events[event("hit_redirected_to_escort")] as usize,
            redirects(&log, "escort").len()
        );
    }
    assert!(seen > 0);
}

/// Offensive Formation: "Before a Ship in this formation performs an Attack, the controlling
/// player may use one Weapon from each of any number of Ships in this formation to add a
/// Damage Modifier equal to the total number of Weapon Size added in this way." Digest vector
/// 14: a Size 3 Primary Kinetic with two Size 2 Kinetics added → +4 Damage. The added weapons
/// count as fired (house rule F4).
#[test]
fn offensive_formation_adds_the_weapons_sizes_to_damage() {
    let exp = experiment(&setup(
        "ships = [\"destroyer\", \"frigate\", \"frigate\"]\n[[fleet.formation]]\nlead = 0\nmembers = [1, 2]\nkind = \"offensive\"",
        "policy = \"turret\", contribute = \"all\"",
        "ships = [\"target-hulk-3\"]",
        "policy = \"passive\"",
        15.0,
        1,
        "",
    ));
    let (out, log, _) = play(&exp, 0);
    let first = log
        .find("A1 destroyer fires kinetic (Primary")
        .expect("fires");
    let before = &log[..first];
    assert!(
        before.contains(
            "A2 frigate adds its Size 2 kinetic to the attack of A1 destroyer (+2 damage)"
        ),
        "{log}"
    );
    assert!(
        before.contains(
            "A3 frigate adds its Size 2 kinetic to the attack of A1 destroyer (+2 damage)"
        ),
        "{log}"
    );
    // "damage D -> D + 4": no other modifier applies against the hulk.
    let line = log[first..].lines().next().unwrap();
    let dmg = line.split("damage ").nth(1).unwrap();
    let (die, rest) = dmg.split_once(" -> ").unwrap();
    let total: i32 = rest.split(':').next().unwrap().parse().unwrap();
    assert_eq!(total, die.parse::<i32>().unwrap() + 4, "{line}");
    let added = log.matches(" adds its Size ").count();
    assert!(added >= 2);
    assert_eq!(
        out.sides[0].events[event("formation_weapon_contributed")] as usize,
        added
    );
    // The frigates' Kinetics were used: they do not fire on their own.
    assert!(!log.contains("A2 frigate fires kinetic"), "{log}");
}

/// "Communications Damage: The Ship is no longer able to execute Commands/Orders other than
/// [Hyperspace] and may not be an Escort or a member of a Formation." With a Condition table
/// of Communications only, the first completed Health row takes the ship out of its group.
#[test]
fn communications_damage_breaks_membership() {
    let table = "condition_table = [\"communications\", \"communications\", \"communications\", \"communications\", \"communications\", \"communications\", \"communications\", \"communications\", \"communications\", \"communications\", \"communications\"]";
    let exp = experiment(&setup(
        "ships = [\"frigate\", \"frigate\"]\n[[fleet.formation]]\nlead = 0\nmembers = [1]\nkind = \"defensive\"",
        "policy = \"passive\", redirect_hits = false",
        "ships = [\"dreadnought\"]",
        "policy = \"turret\"",
        12.0,
        4,
        table,
    ));
    let mut broken = 0;
    for k in 0..10 {
        let (out, log, _) = play(&exp, k);
        if log.contains("loses Communications and leaves its defensive formation") {
            assert!(
                log.contains("is on its own: its defensive formation has broken up"),
                "{log}"
            );
            assert!(out.sides[0].events[event("left_formation_or_escort")] >= 2);
            broken += 1;
        }
    }
    assert!(broken > 0);
}

// ---- Fighters with Formations and Escorts (ch. 6c with ch. 9g; house rule FT7) -------------

/// A Size 3 carrier (one Launch Hangar, one Fighter Hangar) and a one-shot rocket fighter,
/// appended to a fleet's text after its group tables.
const CARRIER: &str = r#"
[[design]]
name = "escort-carrier"
size = 3
weapons = [{ type = "kinetic", arcs = ["fore"] }]
components = [{ kind = "fighter-launch-hangar" }, { kind = "fighter-hangar" }]
[[fighter]]
name = "strike-fighter"
weapon = { type = "rockets" }
"#;

/// A fleet of `ships` whose ship `carrier` carries two strike fighters, with `groups` tables.
fn carrier_fleet(ships: &str, carrier: usize, groups: &str) -> String {
    format!(
        "ships = [{ships}]\nfighters = [{{ design = \"strike-fighter\", carrier = {carrier}, count = 2 }}]\n{groups}\n{CARRIER}"
    )
}

/// FT7: "All movement and measurement for every ship in the Formation shall be made to or
/// from the Lead Ship" — a carrier that is a Formation member stands on the Lead's point, and
/// its fighters deploy from there: the Launch Hangar unit 8 ahead along the Lead's heading,
/// the Fighter Hangar unit aboard (on the Lead's point), not from the carrier's own start.
#[test]
fn fighters_of_a_carrier_in_formation_deploy_from_the_leads_point() {
    let fleet = carrier_fleet(
        "\"cruiser\", \"escort-carrier\"",
        1,
        "[[fleet.formation]]\nlead = 0\nmembers = [1]\nkind = \"defensive\"",
    );
    let exp = experiment(&setup(
        &fleet,
        "policy = \"brawler\", orders = \"none\"",
        "ships = [\"frigate\"]",
        "policy = \"passive\"",
        40.0,
        1,
        "",
    ));
    let m = &exp.matchups[0].matchup;
    // Units: A1 cruiser, A2 escort-carrier, B1 frigate, then A's fighters A3 and A4.
    assert_eq!((m.start[1].pos.x, m.start[1].pos.y), (10.0, 15.0));
    let (launched, aboard) = (m.start[3], m.start[4]);
    assert_eq!((launched.pos.x, launched.pos.y), (18.0, 15.0));
    assert_eq!((aboard.pos.x, aboard.pos.y), (10.0, 15.0));
    // Aboard, it launches from the carrier — on the Lead's point — in its first activation.
    let (out, log, _) = play(&exp, 0);
    assert!(
        log.contains("A4 strike-fighter launches from A2 escort-carrier at (10.0, 15.0)"),
        "{log}"
    );
    assert_eq!(out.sides[0].events[event("fighters_launched")], 1);
}

/// FT7: fighters "do not count as a Ship", and only Ships form Formations and Escorts (ch.
/// 9g), so a fighter is never a member — it activates on its own in the Size 0 step, before
/// its carrier's Formation (activated at the largest member's Size).
#[test]
fn fighters_activate_apart_from_their_carriers_formation() {
    let fleet = carrier_fleet(
        "\"cruiser\", \"escort-carrier\"",
        1,
        "[[fleet.formation]]\nlead = 0\nmembers = [1]\nkind = \"offensive\"",
    );
    let exp = experiment(&setup(
        &fleet,
        "policy = \"brawler\", orders = \"none\"",
        "ships = [\"frigate\"]",
        "policy = \"passive\"",
        40.0,
        1,
        "",
    ));
    let (_, log, state) = play(&exp, 0);
    let fighter = log.find("A3 strike-fighter activates").expect("fighter");
    let group = log
        .find("A1 cruiser activates with its offensive formation (2 ships)")
        .expect("formation");
    assert!(fighter < group, "{log}");
    assert!(!log.contains("A2 escort-carrier activates at"), "{log}");
    assert_eq!(state.groups[0].members.count_ones(), 2);
}

/// Escort: "an Attack that would hit the Escorted Ship may have the damage dealt to an
/// Escorting Ship instead" — a fighter's attack is an Attack, so fighters striking an escorted
/// cruiser may see the hit moved onto its destroyer Escort (damage recomputed for Size 3),
/// at most once per fighter's activation. PWS exchanges and AWS fire are not Attacks and are
/// never moved.
#[test]
fn escort_screens_its_ship_from_fighter_attacks() {
    let fleet = carrier_fleet("\"escort-carrier\"", 0, "");
    let exp = experiment(&setup(
        &fleet,
        "policy = \"turret\", targeting = \"most-dangerous\"",
        "ships = [\"cruiser\", \"destroyer\"]\n[[fleet.escort]]\nescort = 1\nescorted = 0",
        "policy = \"passive\"",
        21.0,
        2,
        "",
    ));
    let mut seen = 0;
    for k in 0..40 {
        let (out, log, _) = play(&exp, k);
        for activation in log.split("activates") {
            assert!(redirects(activation, "escort").len() <= 1, "{activation}");
        }
        for r in redirects(&log, "escort") {
            assert_eq!(
                (r.from.as_str(), r.to.as_str()),
                ("B1 cruiser", "B2 destroyer")
            );
            seen += 1;
        }
        assert_eq!(
            out.sides[1].events[event("hit_redirected_to_escort")] as usize,
            redirects(&log, "escort").len()
        );
    }
    assert!(seen > 0);
}
