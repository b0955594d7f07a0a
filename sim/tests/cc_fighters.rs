//! Cosmic Conflict fighters and carriers (seed ch. 6b hangars, ch. 6c Fighters, ch. 6 PWS/AWS):
//! one named test per statement of the text, played through the config path with scripted
//! dice where the result is exact. Side A moves first (`first_player = "a"`), games have a
//! fixed length, so the only dice are the ones each test names.

use std::path::PathBuf;

use fleetlab_engine::dice::{Dice, ScriptedDice};
use fleetlab_engine::rules::cosmic_conflict::fighters::{
    EVENT_ATTACK, EVENT_COLLECTED, EVENT_LAUNCHED, EVENT_LOST, EVENT_RESUPPLIED,
};
use fleetlab_engine::rules::cosmic_conflict::ship::Status;
use fleetlab_engine::rules::cosmic_conflict::{BattleState, CosmicConflict, Matchup, battle};
use fleetlab_engine::{Ending, Outcome, ShipTally, Side, Trace, Verdict};
use fleetlab_sim::load::{self, Source};

/// Designs: a carrier with one Launch Hangar and one Fighter Hangar, hulks, a Size 3 beam
/// gunship, a PWS boat and an AWS boat; fighters of every kind the tests need.
const DESIGNS: &str = r#"
rule_system = "cosmic-conflict"
[house_rules]
first_player = "a"
[[design]]
name = "carrier"
size = 3
row_length = 20
components = [{ kind = "fighter-launch-hangar" }, { kind = "fighter-hangar" }]
[[design]]
name = "paper-carrier"
size = 1
row_length = 1
components = [{ kind = "fighter-launch-hangar" }, { kind = "fighter-hangar" }]
[[design]]
name = "hulk"
size = 3
row_length = 20
[[design]]
name = "hulk-1"
size = 1
row_length = 20
[[design]]
name = "gunship"
size = 3
row_length = 20
weapons = [{ type = "beam", arcs = ["all"] }]
[[design]]
name = "pws-boat"
size = 2
row_length = 20
components = [{ kind = "pws", count = 2 }]
[[design]]
name = "aws-boat"
size = 2
row_length = 20
components = [{ kind = "aws" }]
[[fighter]]
name = "rocket-fighter"
weapon = { type = "rockets" }
[[fighter]]
name = "payload-fighter"
weapon = { type = "rockets" }
extras = ["extended-payload"]
[[fighter]]
name = "gun-fighter"
weapon = { type = "kinetic" }
[[fighter]]
name = "boosted-fighter"
weapon = { type = "rockets" }
extras = ["interceptor-boosters"]
[[fighter]]
name = "pws-fighter"
components = [{ kind = "pws" }]
[[fighter]]
name = "fpws-fighter"
components = [{ kind = "pws" }]
extras = ["fpws"]
[[fighter]]
name = "ftl-fighter"
weapon = { type = "rockets" }
extras = ["ftl-drive"]
[[fleet]]
name = "hulk"
ships = ["hulk"]
[[fleet]]
name = "hulk-1"
ships = ["hulk-1"]
[[fleet]]
name = "gunship"
ships = ["gunship"]
[[fleet]]
name = "pws-boat"
ships = ["pws-boat"]
[[fleet]]
name = "aws-boat"
ships = ["aws-boat"]
"#;

/// The first matchup of `DESIGNS` plus `rest`.
fn matchup(rest: &str) -> Matchup {
    matchup_with("", rest)
}

/// [`matchup`] with extra `[house_rules]` lines.
fn matchup_with(rules: &str, rest: &str) -> Matchup {
    let designs = DESIGNS.replace(
        "first_player = \"a\"\n",
        &format!("first_player = \"a\"\n{rules}"),
    );
    let text = format!("{designs}\n{rest}");
    let exp = load::load_from::<CosmicConflict>(
        Source {
            path: PathBuf::from("fighter-test.toml"),
            text: points_scoring(&text),
        },
        |p| panic!("no includes here: {}", p.display()),
    )
    .unwrap_or_else(|e| panic!("config: {e}"));
    exp.matchups
        .into_iter()
        .next()
        .expect("one matchup")
        .matchup
}

/// A carrier fleet named `name`: `ship` (the carrier) with `fighters` (design, count).
fn carrier_fleet(name: &str, ship: &str, fighters: &[(&str, u32)]) -> String {
    let list: Vec<String> = fighters
        .iter()
        .map(|(d, n)| format!("{{ design = \"{d}\", carrier = 0, count = {n} }}"))
        .collect();
    format!(
        "[[fleet]]\nname = \"{name}\"\nships = [\"{ship}\"]\nfighters = [{}]\n",
        list.join(", ")
    )
}

/// A `turns`-turn game: A's ship at (ax, 15) facing +x, B's at (bx, 15) facing −x, both at
/// Velocity 0. A's Launch Hangar fighters deploy 8 ahead of their carrier (ax + 8).
#[allow(clippy::too_many_arguments)]
fn game(
    fleets: &str,
    turns: u32,
    a: &str,
    a_policy: &str,
    ax: f64,
    b: &str,
    b_policy: &str,
    bx: f64,
) -> Matchup {
    matchup(&format!(
        r#"
{fleets}
[scenario]
turns = {turns}
start = [
  {{ side = "A", ship = 0, x = {ax}, y = 15, heading = 0, velocity = 0 }},
  {{ side = "B", ship = 0, x = {bx}, y = 15, heading = 180, velocity = 0 }},
]
[[matchup]]
a = {{ fleet = "{a}", policy = "{a_policy}", orders = "none" }}
b = {{ fleet = "{b}", policy = "{b_policy}", orders = "none" }}
"#
    ))
}

/// Play one battle with scripted dice: outcome, final state, dice used, trace.
fn play_scripted(m: &Matchup, rolls: &[u8]) -> (Outcome, BattleState, usize, String) {
    let mut state = BattleState::for_matchup(m);
    let mut dice = ScriptedDice::new(rolls);
    let mut trace = Trace::default();
    let mut ships = vec![ShipTally::default(); m.start.len()];
    let out = battle::play(m, &mut state, &mut dice, &mut trace, &mut ships);
    (out, state, dice.used(), trace.log)
}

/// Play one battle on seeded dice, with its trace.
fn play_seeded(m: &Matchup, i: u64) -> (Outcome, BattleState, String) {
    let mut state = BattleState::for_matchup(m);
    let mut dice = Dice::for_battle(11, 3, i);
    let mut trace = Trace::default();
    let mut ships = vec![ShipTally::default(); m.start.len()];
    let out = battle::play(m, &mut state, &mut dice, &mut trace, &mut ships);
    (out, state, trace.log)
}

/// "For the purposes of attacking ... Fighters are considered Size 0" and "A Weapon on a
/// Fighter must have a Size that is chosen at the creation of the Fighter" (default 1): its
/// Rockets (WS 1) against a Size 3 hulk at 3: A = d6 + (3 − 1), D = 2d6 + (1 − 3).
#[test]
fn fighters_attack_as_size_0_with_their_chosen_weapon_size() {
    let fleets = carrier_fleet("wing", "carrier", &[("rocket-fighter", 1)]);
    // Carrier at 10, fighter deployed at 18, hulk at 21.
    let m = game(&fleets, 1, "wing", "turret", 10.0, "hulk", "passive", 21.0);
    // Accuracy die 1 → A = 3: Hit; damage dice 3 + 4 → D = 7 − 2 = 5.
    let (out, _, used, log) = play_scripted(&m, &[1, 3, 4]);
    assert_eq!((out.sides[0].damage_dealt, used), (5, 3), "{log}");
    assert!(log.contains("A2 rocket-fighter fires rockets"), "{log}");
    assert_eq!(out.sides[0].events[EVENT_ATTACK], 1);
}

/// "For the purposes of ... defending ... Fighters are considered Size 0" and "all Fighters
/// have six Health": a WS 3 Beam against a fighter at 4: A = d6 − 3, D = d6 + 3; a Hit for
/// 6 destroys it.
#[test]
fn fighters_defend_as_size_0_with_six_health() {
    let fleets = carrier_fleet("wing", "carrier", &[("rocket-fighter", 1)]);
    // B's carrier at 30, its fighter deployed at 22; A's gunship at 18 shoots the nearest.
    let nearest = "turret\", targeting = \"nearest";
    let m = game(
        &fleets, 1, "gunship", nearest, 18.0, "wing", "passive", 30.0,
    );
    // Accuracy die 6 → A = 3: Hit; damage die 3 → D = 6.
    let (out, state, used, log) = play_scripted(&m, &[6, 3]);
    assert_eq!(used, 2, "{log}");
    assert!(
        log.contains("B2 rocket-fighter takes 6 damage: Health 0 of 6 left — DESTROYED"),
        "{log}"
    );
    assert_eq!(state.ships[2].status, Status::Destroyed);
    assert_eq!(out.sides[1].events[EVENT_LOST], 1);
    assert_eq!(out.sides[0].damage_dealt, 6);
}

/// Fighters "may not be attacked at Extended Range": a Beam (Range 12, Extended 20) at 15
/// does not fire at a fighter, but does at a Size 1 ship at the same distance.
#[test]
fn fighters_may_not_be_attacked_at_extended_range() {
    let fleets = carrier_fleet("wing", "carrier", &[("rocket-fighter", 1)]);
    // B's carrier at 54 (23 away: out of reach), its fighter at 46; the gunship at 31: 15 away.
    let m = game(
        &fleets, 1, "gunship", "turret", 31.0, "wing", "passive", 54.0,
    );
    let (_, _, used, log) = play_scripted(&m, &[]);
    assert_eq!(used, 0, "{log}");
    // Control: a Size 1 ship at 15 is attacked in Extended Range 1.
    let m = game("", 1, "gunship", "turret", 10.0, "hulk-1", "passive", 25.0);
    let (_, _, used, log) = play_scripted(&m, &[6, 1]);
    assert_eq!(used, 2, "{log}");
    assert!(log.contains("[band 1]"), "{log}");
}

/// "Fighters cannot attack at Extended Range": a fighter's Kinetic (Range 10, Extended 18)
/// does not fire at a ship 14 away; at 9 it does.
#[test]
fn fighters_cannot_attack_at_extended_range() {
    let fleets = carrier_fleet("wing", "carrier", &[("gun-fighter", 1)]);
    let m = game(&fleets, 1, "wing", "turret", 10.0, "hulk", "passive", 32.0);
    let (_, _, used, log) = play_scripted(&m, &[]);
    assert_eq!(used, 0, "{log}");
    let m = game(&fleets, 1, "wing", "turret", 10.0, "hulk", "passive", 27.0);
    let (_, _, used, _) = play_scripted(&m, &[4, 4]);
    assert_eq!(used, 2);
}

/// "Fighters may only attack one time with the Weapon before needing to resupply": two turns
/// in range, one attack. "Extended Payload: A Weapon on this Fighter may fire one additional
/// time before needing to resupply": two attacks.
#[test]
fn fighters_attack_once_before_resupplying_and_extended_payload_adds_one() {
    let fleets = carrier_fleet("wing", "carrier", &[("rocket-fighter", 1)]);
    let m = game(&fleets, 2, "wing", "turret", 10.0, "hulk", "passive", 21.0);
    let (out, _, used, log) = play_scripted(&m, &[1, 1, 1]);
    assert_eq!((used, out.sides[0].events[EVENT_ATTACK]), (3, 1), "{log}");
    let fleets = carrier_fleet("wing", "carrier", &[("payload-fighter", 1)]);
    let m = game(&fleets, 2, "wing", "turret", 10.0, "hulk", "passive", 21.0);
    let (out, _, used, log) = play_scripted(&m, &[1, 1, 1, 1, 1, 1]);
    assert_eq!((used, out.sides[0].events[EVENT_ATTACK]), (6, 2), "{log}");
}

/// "During their movement phase, Fighters may move up to 7 Distance in any direction";
/// "Interceptor Boosters: This Fighter group may move up to 10 distance".
#[test]
fn fighters_move_7_and_interceptor_boosters_10() {
    for (fighter, reach) in [("rocket-fighter", 7.0), ("boosted-fighter", 10.0)] {
        let fleets = carrier_fleet("wing", "carrier", &[(fighter, 1)]);
        // Fighter deployed at 13; the hulk far away at 50.
        let m = game(&fleets, 1, "wing", "brawler", 5.0, "hulk", "passive", 50.0);
        let start = m.start[2].pos;
        let (_, state, used, log) = play_scripted(&m, &[]);
        assert_eq!(used, 0);
        let moved = state.ships[2].pos.distance(start);
        assert!((moved - reach).abs() < 1e-9, "{fighter}: {moved}\n{log}");
    }
}

/// Fighter Launch Hangar: "This Ship may Launch or Collect one unit of Fighters per each
/// Fighter Launch Hangar per turn"; Fighter Hangar units "start the game on this Ship". With
/// every unit aboard (house rule `fighters_deploy = "aboard"`), one launches a turn.
#[test]
fn one_launch_per_launch_hangar_per_turn() {
    let fleets = carrier_fleet("wing", "carrier", &[("rocket-fighter", 2)]);
    let with_aboard = |turns: u32| {
        matchup_with(
            "fighters_deploy = \"aboard\"\n",
            &format!(
                r#"
{fleets}
[scenario]
turns = {turns}
start = [
  {{ side = "A", ship = 0, x = 5, y = 15, heading = 0, velocity = 0 }},
  {{ side = "B", ship = 0, x = 50, y = 15, heading = 180, velocity = 0 }},
]
[[matchup]]
a = {{ fleet = "wing", policy = "brawler", orders = "none" }}
b = {{ fleet = "hulk", policy = "passive", orders = "none" }}
"#
            ),
        )
    };
    let m = with_aboard(1);
    // Units: A1 carrier, B1 hulk, then A2 and A3, the fighters.
    assert_eq!(m.start[2].status, Status::Aboard);
    assert_eq!(m.start[3].status, Status::Aboard);
    // The two fighters aboard are Size 0 alike: which activates first is rolled (a 1 on the
    // d6 picks the first candidate, A2).
    let (out, state, _, log) = play_scripted(&m, &[1]);
    assert_eq!(out.sides[0].events[EVENT_LAUNCHED], 1, "{log}");
    assert_eq!(state.ships[2].status, Status::Active);
    assert_eq!(state.ships[3].status, Status::Aboard);
    assert!(
        log.contains(
            "A3 rocket-fighter waits aboard: A1 carrier's launch hangars are busy this turn"
        ),
        "{log}"
    );
    let (out, state, _, log) = play_scripted(&with_aboard(2), &[1, 1]);
    assert_eq!(out.sides[0].events[EVENT_LAUNCHED], 2, "{log}");
    assert_eq!(state.ships[3].status, Status::Active);
}

/// "To resupply a Weapon, a Fighter must spend the entire turn on its designated carrier
/// Ship": the fighter fires in turn 1 and lands; it is not resupplied at the end of turn 1,
/// but is at the end of turn 2, and launches again in turn 3.
#[test]
fn resupply_takes_an_entire_turn_aboard_the_carrier() {
    let fleets = carrier_fleet("wing", "carrier", &[("rocket-fighter", 1)]);
    // Carrier at 10 (brawler; it closes slowly), fighter at 18, hulk at 21.
    let count = |turns| {
        let m = game(
            &fleets, turns, "wing", "brawler", 10.0, "hulk", "passive", 21.0,
        );
        let (out, _, log) = play_seeded(&m, 0);
        let e = out.sides[0].events;
        (
            e[EVENT_ATTACK],
            e[EVENT_COLLECTED],
            e[EVENT_RESUPPLIED],
            e[EVENT_LAUNCHED],
            log,
        )
    };
    let (attacks, landed, resupplied, launched, log) = count(1);
    assert_eq!(
        (attacks, landed, resupplied, launched),
        (1, 1, 0, 0),
        "{log}"
    );
    assert!(
        log.contains("A2 rocket-fighter lands on A1 carrier"),
        "{log}"
    );
    let (_, _, resupplied, launched, log) = count(2);
    assert_eq!((resupplied, launched), (1, 0), "{log}");
    assert!(
        log.contains("A2 rocket-fighter stays aboard to resupply"),
        "{log}"
    );
    assert!(log.contains("A2 rocket-fighter is resupplied"), "{log}");
    let (_, _, _, launched, log) = count(3);
    assert_eq!(launched, 1, "{log}");
}

/// Digest vector 12 (ch. 6 PWS): "If a Ship or Fighter moves to within 2 distance of an enemy
/// Ship, the controlling player may elect to exchange PWS fire, where both Ships immediately
/// inflict one d6 of Damage per PWS equipped": a ship with 2 PWS against a fighter with a
/// Primary PWS deals 2d6 and takes 1d6.
#[test]
fn pws_exchange_between_a_ship_and_a_fighter() {
    let fleets = carrier_fleet("wing", "carrier", &[("pws-fighter", 1)]);
    // B's carrier at 54, its PWS fighter at 46; the PWS boat at 44.5 closes on the carrier.
    let m = game(
        &fleets, 1, "pws-boat", "brawler", 44.5, "wing", "passive", 54.0,
    );
    let (out, state, used, log) = play_scripted(&m, &[3, 4, 5]);
    assert_eq!(used, 3, "{log}");
    assert!(
        log.contains("PWS exchange A1 pws-boat (2 PWS) <-> B2 pws-fighter (1 PWS): 7 / 5"),
        "{log}"
    );
    assert_eq!(state.ships[2].status, Status::Destroyed);
    assert_eq!(out.sides[0].damage_taken, 5);
}

/// "Fighter Proximity Weapon System (fPWS): ... act as though equipped with an additional PWS
/// for the purposes exchanging PWS fire between itself and another Fighter" — and only then.
#[test]
fn fpws_counts_only_against_fighters() {
    // A's fPWS fighter (deployed at 18) against B's PWS fighter (deployed at 19.5).
    let a = carrier_fleet("hunters", "carrier", &[("fpws-fighter", 1)]);
    let b = carrier_fleet("wing", "carrier", &[("pws-fighter", 1)]);
    let m = game(
        &format!("{a}{b}"),
        1,
        "hunters",
        "brawler",
        10.0,
        "wing",
        "passive",
        27.5,
    );
    let (_, _, _, log) = play_scripted(&m, &[1, 1, 1, 1, 1, 1, 1, 1]);
    assert!(
        log.contains("PWS exchange A2 fpws-fighter (2 PWS) <-> B2 pws-fighter (1 PWS)"),
        "{log}"
    );
    // Against a ship with 1 PWS the fPWS does not count: 1 against 2 (the PWS boat), so the
    // fighter does not call the exchange; the boat is passive and never does.
    let m = game(
        &a, 1, "hunters", "brawler", 10.0, "pws-boat", "passive", 19.5,
    );
    let (_, _, used, log) = play_scripted(&m, &[]);
    assert_eq!(used, 0, "{log}");
}

/// AWS, Active: "the controlling player may choose one missile, token or Fighter within (Ship
/// Size x 2) distance of this Ship per AWS equipped ... If a Fighter is selected, it takes d6
/// damage."
#[test]
fn active_aws_deals_d6_to_a_fighter_within_size_times_2() {
    let fleets = carrier_fleet("wing", "carrier", &[("rocket-fighter", 1)]);
    // The Size 2 AWS boat at 19, B's fighter deployed at 22 (3 away ≤ 4).
    let m = game(
        &fleets, 1, "aws-boat", "turret", 19.0, "wing", "passive", 30.0,
    );
    let (_, state, used, log) = play_scripted(&m, &[5]);
    assert_eq!(used, 1, "{log}");
    assert!(
        log.contains("A1 aws-boat AWS fires on B2 rocket-fighter: 5"),
        "{log}"
    );
    assert_eq!(state.ships[2].health_dmg, 5);
    // Out of reach (5 away > 4): no d6.
    let m = game(
        &fleets, 1, "aws-boat", "turret", 17.0, "wing", "passive", 30.0,
    );
    assert_eq!(play_scripted(&m, &[]).2, 0);
}

/// AWS, Passive: "Every Ship within (Ship Size x 2) distance counts as having an additional
/// Proximity Weapon System (PWS) equipped for the purposes of defending against missile
/// attacks and Fighters": in a PWS exchange with a fighter, the AWS boat counts one PWS.
#[test]
fn passive_aws_counts_as_a_pws_against_fighters() {
    let fleets = carrier_fleet("wing", "carrier", &[("pws-fighter", 1)]);
    // A's AWS boat at 44.5 (its active AWS first deals d6 = 4 to the fighter 1.5 away)
    // closes on B's carrier at 54 and ends within 2 of B's PWS fighter (46): it counts 1 PWS
    // (its own AWS cover) against the fighter's 1, so it calls the exchange.
    let m = game(
        &fleets, 1, "aws-boat", "brawler", 44.5, "wing", "passive", 54.0,
    );
    let (_, _, used, log) = play_scripted(&m, &[4, 1, 3]);
    assert!(
        log.contains("A1 aws-boat AWS fires on B2 pws-fighter: 4"),
        "{log}"
    );
    assert!(
        log.contains("PWS exchange A1 aws-boat (1 PWS) <-> B2 pws-fighter (1 PWS): 1 / 3"),
        "{log}"
    );
    assert_eq!(used, 3);
}

/// "If their carrier is destroyed, the points value of the Fighters cannot be claimed by the
/// controlling player and may be claimed by the opposing player even if they were not
/// destroyed"; "Fighters do not count as a Ship": with its only ship gone, side A has lost
/// although its fighter flies on. The unit still aboard is lost with the carrier (house rule
/// `fighters_lost_with_carrier`).
#[test]
fn carrier_destroyed_fighters_points_go_to_the_opponent() {
    let fleets = carrier_fleet("wing", "paper-carrier", &[("rocket-fighter", 2)]);
    // The Size 1 paper carrier (1 health) at 20 faces away and holds (its second fighter stays
    // aboard); its first fighter is deployed 8 behind, at 12, out of the gunship's reach; the
    // gunship at 40 hits the carrier (20 away, Extended Range).
    let m = matchup(&format!(
        r#"
{fleets}
[scenario]
turns = 1
start = [
  {{ side = "A", ship = 0, x = 20, y = 15, heading = 180, velocity = 0 }},
  {{ side = "B", ship = 0, x = 40, y = 15, heading = 180, velocity = 0 }},
]
[[matchup]]
a = {{ fleet = "wing", policy = "passive", orders = "none" }}
b = {{ fleet = "gunship", policy = "turret", orders = "none" }}
"#
    ));
    // Carrier: A = d6 + (1 − 3) − 1 (ER) → die 6: A = 3 Hit; D = 1 + 2 = 3.
    // The first 1 picks which of the two Size 0 fighters activates first (A2, deployed; the
    // smallest Size activates first).
    let (out, state, _, log) = play_scripted(&m, &[1, 6, 1]);
    assert!(
        log.contains("A1 paper-carrier takes 1 damage: Health 0 of 1 left — DESTROYED"),
        "{log}"
    );
    assert_eq!(out.ending, Ending::Annihilation);
    assert_eq!(out.standing, Verdict::Win(Side::B));
    assert_eq!(out.sides[0].survivors, 0);
    // Units: A1 carrier, B1 gunship, A2 (deployed) and A3 (aboard).
    assert_eq!(
        state.ships[2].status,
        Status::Active,
        "the launched fighter flies on"
    );
    assert_eq!(state.ships[3].status, Status::Destroyed, "lost aboard");
    assert!(
        log.contains("A3 rocket-fighter is lost with its carrier A1 paper-carrier"),
        "{log}"
    );
    let (carrier, fighter) = (m.start[0].points, m.start[2].points);
    assert_eq!(fighter, 20);
    assert_eq!(out.sides[0].points_lost, carrier + 2 * fighter);
    assert_eq!(out.sides[0].events[EVENT_LOST], 1);
}

/// "Fighters cannot be issued Commands or Orders": with the brawler's aggressive Orders, the
/// carrier gets its Order or Token, the fighter nothing.
#[test]
fn fighters_cannot_be_issued_orders_or_commands() {
    let fleets = carrier_fleet("wing", "carrier", &[("rocket-fighter", 1)]);
    let m = matchup(&format!(
        "{fleets}\n[scenario]\nturns = 2\n[[matchup]]\na = {{ fleet = \"wing\", policy = \"brawler\" }}\nb = {{ fleet = \"gunship\", policy = \"brawler\" }}\n"
    ));
    let (_, _, log) = play_seeded(&m, 1);
    assert!(log.contains("A1 carrier"), "{log}");
    for line in log.lines() {
        if line.contains("rocket-fighter") {
            assert!(
                !line.contains("orders") && !line.contains("Command Token"),
                "{line}\n{log}"
            );
        }
    }
}

/// "For the purposes of ... turn order, Fighters are considered Size 0": they activate in the
/// first Size step, before every ship.
#[test]
fn fighters_activate_in_the_size_0_step_before_ships() {
    let fleets = carrier_fleet("wing", "carrier", &[("rocket-fighter", 1)]);
    let m = game(
        &fleets, 1, "hulk-1", "brawler", 5.0, "wing", "brawler", 50.0,
    );
    let (_, _, _, log) = play_scripted(&m, &[]);
    let fighter = log
        .find("B2 rocket-fighter activates")
        .expect("fighter activates");
    let size1 = log.find("A1 hulk-1 activates").expect("ship activates");
    assert!(fighter < size1, "{log}");
}

/// "FTL Drives: Allows this Fighter to be played without a carrier": it starts on its side's
/// edge and fights; with no carrier it never lands.
#[test]
fn ftl_fighters_play_without_a_carrier() {
    let fleets = "[[fleet]]\nname = \"raiders\"\nships = [\"hulk\"]\nfighters = [{ design = \"ftl-fighter\" }]\n";
    // The fighter starts on A's edge at (4, 15); the hulk at 20.
    let m = game(
        fleets, 3, "raiders", "brawler", 5.0, "hulk", "passive", 20.0,
    );
    assert_eq!(m.fighters.carrier[2], u8::MAX);
    assert_eq!(m.start[2].status, Status::Active);
    let (out, _, log) = play_seeded(&m, 0);
    assert!(out.sides[0].events[EVENT_ATTACK] >= 1, "{log}");
    assert_eq!(out.sides[0].events[EVENT_COLLECTED], 0);
}

/// Points (ch. 6c "Determining the points cost"): a fleet's points include its fighters,
/// priced by the 10% cumulative rule (Rockets + Extended Payload = 30; + boosters = 44).
#[test]
fn fleet_points_include_fighters() {
    let fleets = carrier_fleet(
        "wing",
        "carrier",
        &[("rocket-fighter", 1), ("payload-fighter", 1)],
    );
    let text = format!(
        "{DESIGNS}\n{fleets}\n[[fighter]]\nname = \"p3\"\nweapon = {{ type = \"rockets\" }}\nextras = [\"extended-payload\", \"interceptor-boosters\", \"fpws\"]\n[[fleet]]\nname = \"p3\"\nships = [\"carrier\"]\nfighters = [{{ design = \"p3\", carrier = 0 }}]\n[[matchup]]\na = {{ fleet = \"wing\" }}\nb = {{ fleet = \"p3\" }}\n"
    );
    let exp = load::load_from::<CosmicConflict>(
        Source {
            path: PathBuf::from("points.toml"),
            text: points_scoring(&text),
        },
        |_| unreachable!(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let nm = &exp.matchups[0];
    let carrier = nm.ship_points[0].unwrap();
    // rocket-fighter: Primary only = 20; payload-fighter: 20 + 10 = 30.
    assert_eq!(nm.ship_points[2], Some(20));
    assert_eq!(nm.ship_points[3], Some(30));
    assert_eq!(nm.points[0], Some(carrier + 50));
    // p3: Primary + 3 Secondary = 50 × 1.2 = 60.
    assert_eq!(nm.points[1], Some(carrier + 60));
}

/// House rule FT8 (AI, `fighter_tactics = "cautious"`, the default): a loaded fighter ends its
/// move where the damage it expects to deal next activation, less `fighter_caution` × the
/// damage the enemy can deal to it there first, is best. A rocket fighter 12 from a turret
/// gunship (Beam WS 3, Range 12, all arcs): against Size 0 the Beam hits only on A = d6 − 3
/// (≈ 2.2 expected), the fighter's Rockets against Size 3 expect ≈ 4.5, so at caution 1 it
/// closes to strike (within its Range 6 of the gunship); at caution 3 the strike does not pay
/// and it backs out of the Beam's Range. The `direct` fighter (FT6) flies its full 7 and ends
/// 5 from the gunship.
#[test]
fn cautious_fighters_weigh_the_strike_against_the_fire_they_draw() {
    let fleets = carrier_fleet("wing", "carrier", &[("rocket-fighter", 1)]);
    // Carrier at 10, its fighter deployed at 18, the gunship at 30.
    let end = |policy: &str| {
        let m = game(&fleets, 1, "wing", policy, 10.0, "gunship", "turret", 30.0);
        let (_, state, log) = play_seeded(&m, 0);
        (state.ships[2].pos.distance(state.ships[1].pos), log)
    };
    let (bold, log) = end("brawler");
    assert!(bold <= 6.0, "{bold}\n{log}");
    let (careful, log) = end("brawler\", fighter_caution = 3.0, fighter_tactics = \"cautious");
    assert!(careful > 12.0, "{careful}\n{log}");
    let (direct, log) = end("brawler\", fighter_tactics = \"direct");
    assert!((direct - 5.0).abs() < 1e-9, "{direct}\n{log}");
}

/// "A Fighter may be Launched or Collected when the Ship or the Fighter moves within 2
/// distance of each other" (ch. 6b): carriers Collect empty fighters within 2 at the end of
/// the turn (Resolution phase, house rule FT8), as fighters land at the end of their move; every Collection is one
/// `fighters_collected` event, whichever unit moved.
#[test]
fn carriers_collect_empty_fighters_that_their_move_brings_within_2() {
    let exp = load::load_from::<CosmicConflict>(
        Source {
            path: PathBuf::from("carrier-strike.toml"),
            text: include_str!("../../configs/cosmic-conflict/carrier-strike.toml").to_string(),
        },
        |p| {
            let name = p.file_name().unwrap().to_str().unwrap();
            let text = match name {
                "designs.toml" => include_str!("../../configs/cosmic-conflict/designs.toml"),
                "fleets.toml" => include_str!("../../configs/cosmic-conflict/fleets.toml"),
                "fighters.toml" => include_str!("../../configs/cosmic-conflict/fighters.toml"),
                other => panic!("unexpected include {other}"),
            };
            Ok(Source {
                path: p.to_path_buf(),
                text: text.to_string(),
            })
        },
    )
    .unwrap_or_else(|e| panic!("config: {e}"));
    let m = &exp.matchups[0].matchup;
    let (mut by_carrier, mut total) = (0, 0);
    for k in 0..300 {
        let (out, _, log) = play_seeded(m, k);
        let carried = log.matches(" collects A").count();
        let landed = log.matches(" lands on ").count();
        assert_eq!(
            out.sides[0].events[EVENT_COLLECTED] as usize,
            carried + landed,
            "{log}"
        );
        by_carrier += carried;
        total += carried + landed;
    }
    assert!(
        by_carrier > 0 && total > by_carrier,
        "{by_carrier} of {total}"
    );
}

/// These scripted-dice tests score by points destroyed (`scenario.scoring`), so the text's
/// victory conditions draw no dice after the game (the scripts hold exactly the dice the
/// battle rolls); a test with `[scenario.victory]` keeps its own scoring.
fn points_scoring(text: &str) -> String {
    const LINE: &str = "\nscoring = \"points-destroyed\"";
    if text.contains("[scenario.victory]") {
        text.to_string()
    } else if text.contains("\n[scenario]") {
        text.replacen("\n[scenario]", &format!("\n[scenario]{LINE}"), 1)
    } else {
        format!("{text}\n[scenario]{LINE}\n")
    }
}
