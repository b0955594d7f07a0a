//! Cosmic Conflict terrain (seed ch. 8), one named test per attribute and per statement of the
//! text, played through the config path with scripted dice where the result is exact; and the
//! battle-level effects of scenario victory conditions (ch. 9) and factions (ch. 9b).
//! Every scenario is a one-turn game with the first player fixed to side A, so the only dice
//! are the attacks' (and the terrain's own).

use std::path::PathBuf;

use fleetlab_engine::dice::{Dice, ScriptedDice};
use fleetlab_engine::rules::cosmic_conflict::{BattleState, CosmicConflict, Matchup, battle};
use fleetlab_engine::{NoTrace, Outcome, ShipTally, Side, Trace, Verdict};
use fleetlab_sim::load::{self, Source};

/// Two designs: a Size 3 gunship with one fore Beam (WS 3) and a Size 3 hulk with no
/// equipment, 20-box rows so nothing here completes a row.
const DESIGNS: &str = r#"
rule_system = "cosmic-conflict"
[house_rules]
first_player = "a"
[[design]]
name = "gunship"
size = 3
row_length = 20
weapons = [{ type = "beam", arcs = ["all"] }]
[[design]]
name = "twin-gunship"
size = 3
row_length = 20
weapons = [{ type = "beam", arcs = ["all"], count = 2 }]
[[design]]
name = "brace-hulk"
size = 3
row_length = 4
[[design]]
name = "missile-boat"
size = 3
row_length = 20
weapons = [{ type = "missiles", arcs = ["all"] }]
[[design]]
name = "hulk"
size = 3
row_length = 20
[[design]]
name = "shielded"
size = 3
row_length = 4
components = [{ kind = "shield", slot = "primary" }]
[[design]]
name = "hulk-2"
size = 2
row_length = 20
[[design]]
name = "hulk-4"
size = 4
row_length = 20
[[fleet]]
name = "gunship"
ships = ["gunship"]
[[fleet]]
name = "gunship-pair"
ships = ["gunship", "gunship"]
[[fleet]]
name = "twin-gunship"
ships = ["twin-gunship"]
[[fleet]]
name = "brace-hulk"
ships = ["brace-hulk"]
[[fleet]]
name = "missile-boat"
ships = ["missile-boat"]
[[fleet]]
name = "hulk"
ships = ["hulk"]
[[fleet]]
name = "shielded"
ships = ["shielded"]
[[fleet]]
name = "hulk-2"
ships = ["hulk-2"]
[[fleet]]
name = "hulk-4"
ships = ["hulk-4"]
"#;

/// The matchup of an experiment made of `DESIGNS` plus `rest` (scenario and matchup).
fn matchup(rest: &str) -> Matchup {
    matchup_with_rules("", rest)
}

/// [`matchup`] with more `[house_rules]` lines.
fn matchup_with_rules(rules: &str, rest: &str) -> Matchup {
    let designs = DESIGNS.replace(
        "first_player = \"a\"",
        &format!("first_player = \"a\"\n{rules}"),
    );
    let text = format!("{designs}\n{rest}");
    let exp = load::load_from::<CosmicConflict>(
        Source {
            path: PathBuf::from("terrain-test.toml"),
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

/// A one-turn game: `a` at (ax, 15) facing +x, `b` at (bx, 15) facing −x, both standing
/// still, then `terrain` (TOML `[[scenario.terrain]]` tables).
fn range(a: &str, a_policy: &str, ax: f64, b: &str, bx: f64, terrain: &str) -> Matchup {
    matchup(&format!(
        r#"
[scenario]
turns = 1
start = [
  {{ side = "A", ship = 0, x = {ax}, y = 15, heading = 0, velocity = 0 }},
  {{ side = "B", ship = 0, x = {bx}, y = 15, heading = 180, velocity = 0 }},
]
{terrain}
[[matchup]]
a = {{ fleet = "{a}", policy = "{a_policy}" }}
b = {{ fleet = "{b}", policy = "passive" }}
"#
    ))
}

/// Play one battle with scripted dice; returns the outcome, the final state and how many dice
/// were rolled.
fn play_scripted(m: &Matchup, rolls: &[u8]) -> (Outcome, BattleState, usize, String) {
    let mut state = BattleState::for_matchup(m);
    let mut dice = ScriptedDice::new(rolls);
    let mut trace = Trace::default();
    let mut ships = vec![ShipTally::default(); m.start.len()];
    let out = battle::play(m, &mut state, &mut dice, &mut trace, &mut ships);
    (out, state, dice.used(), trace.log)
}

/// Damage side A deals over `n` seeded battles.
fn damage_over(m: &Matchup, n: u64) -> u32 {
    let mut state = BattleState::for_matchup(m);
    let mut ships = vec![ShipTally::default(); m.start.len()];
    (0..n)
        .map(|i| {
            let mut dice = Dice::for_battle(7, 1, i);
            battle::play(m, &mut state, &mut dice, &mut NoTrace, &mut ships).sides[0].damage_dealt
        })
        .sum()
}

const GUN: (&str, f64) = ("gunship", 10.0);

/// Control: in open space the beam (delta 0) hits on an Accuracy die of 3: 6 damage.
#[test]
fn open_space_control_shot() {
    let m = range(GUN.0, "turret", GUN.1, "hulk", 15.0, "");
    let (out, _, used, _) = play_scripted(&m, &[3, 6]);
    assert_eq!((out.sides[0].damage_dealt, used), (6, 2));
}

/// "Solid: ... They prevent attacks between two Ships located on opposite sides".
#[test]
fn solid_terrain_blocks_attacks_across_it() {
    let planet = "[[scenario.terrain]]\npiece = \"moon\"\nx = 12.5\ny = 15\nradius = 1";
    let m = range(GUN.0, "turret", GUN.1, "hulk", 15.0, planet);
    // No attack: not a single die is rolled.
    let (out, _, used, log) = play_scripted(&m, &[]);
    assert_eq!((out.sides[0].damage_dealt, used), (0, 0));
    assert!(
        log.contains("no line to B1 hulk: Solid terrain between"),
        "{log}"
    );
    // Off the line, the same moon blocks nothing.
    let aside = "[[scenario.terrain]]\npiece = \"moon\"\nx = 12.5\ny = 18\nradius = 1";
    let m = range(GUN.0, "turret", GUN.1, "hulk", 15.0, aside);
    assert_eq!(play_scripted(&m, &[3, 6]).0.sides[0].damage_dealt, 6);
}

/// "ending your movement inside Solid terrain results in the immediate destruction of the
/// Ship".
#[test]
fn solid_terrain_destroys_a_ship_ending_its_move_inside() {
    let planet = "[[scenario.terrain]]\npiece = \"planet\"\nx = 10\ny = 15";
    let m = range(GUN.0, "turret", GUN.1, "hulk", 40.0, planet);
    let (out, state, _, log) = play_scripted(&m, &[]);
    assert_eq!(out.verdict, Verdict::Win(Side::B));
    assert_eq!(out.sides[0].survivors, 0);
    assert!(!state.ships[0].active());
    assert!(
        log.contains("ends its move inside Solid terrain — DESTROYED"),
        "{log}"
    );
}

/// "Concealing: ... treated as Solid terrain for purposes of determining if a Ship may perform
/// an attack. A Ship inside this terrain feature does not ignore this attribute."
#[test]
fn concealing_terrain_blocks_attacks_even_from_inside_it() {
    let cloud = "[[scenario.terrain]]\nattributes = [\"concealing\"]\nradius = 2\nx = 10\ny = 15";
    let m = range(GUN.0, "turret", GUN.1, "hulk", 15.0, cloud);
    let (out, _, used, _) = play_scripted(&m, &[]);
    assert_eq!((out.sides[0].damage_dealt, used), (0, 0));
}

/// "Obscuring (X): ... a negative Accuracy modifier equal to the number (X)", and "the effects
/// of multiple terrain features stack": two Obscuring 1 clouds turn the Accuracy 3 Hit into
/// an Accuracy 1 Glance (6 → 3 damage).
#[test]
fn obscuring_terrain_lowers_accuracy_and_stacks() {
    let one = "[[scenario.terrain]]\npiece = \"dust-cloud\"\nx = 12\ny = 15\nradius = 0.5";
    let two = format!(
        "{one}\n[[scenario.terrain]]\npiece = \"dust-cloud\"\nx = 13.5\ny = 15\nradius = 0.5"
    );
    let m = range(GUN.0, "turret", GUN.1, "hulk", 15.0, one);
    assert_eq!(
        play_scripted(&m, &[4, 6]).0.sides[0].damage_dealt,
        6,
        "A = 3: Hit"
    );
    assert_eq!(
        play_scripted(&m, &[3, 6]).0.sides[0].damage_dealt,
        3,
        "A = 2: Glance"
    );
    let m = range(GUN.0, "turret", GUN.1, "hulk", 15.0, &two);
    let (out, _, _, log) = play_scripted(&m, &[3, 6]);
    assert_eq!(out.sides[0].damage_dealt, 3, "A = 1: Glance");
    assert!(log.contains("Obscuring 2 terrain between"), "{log}");
    // The banded cloud: a line through its core crosses both bands (−2).
    let banded = "[[scenario.terrain]]\npiece = \"banded-cloud\"\nx = 12.5\ny = 15\nradius = 1";
    let m = range(GUN.0, "turret", GUN.1, "hulk", 15.0, banded);
    assert!(play_scripted(&m, &[3, 6]).3.contains("Obscuring 2 terrain"));
}

/// "Unless predetermined by the players, a Ship within a terrain feature ignores that terrain
/// for its own Attacks": from inside the cloud the shot is not obscured; at a target inside it
/// the shot is.
#[test]
fn a_ship_inside_terrain_ignores_it_for_its_own_attacks() {
    let cloud = "[[scenario.terrain]]\npiece = \"dust-cloud\"\nx = 10\ny = 15\nradius = 1";
    let m = range(GUN.0, "turret", GUN.1, "hulk", 15.0, cloud);
    assert_eq!(play_scripted(&m, &[3, 6]).0.sides[0].damage_dealt, 6);
    let cloud = "[[scenario.terrain]]\npiece = \"dust-cloud\"\nx = 15\ny = 15\nradius = 1";
    let m = range(GUN.0, "turret", GUN.1, "hulk", 15.0, cloud);
    assert_eq!(play_scripted(&m, &[3, 6]).0.sides[0].damage_dealt, 3);
}

/// "Blocking: After determining the Accuracy and Damage results of an Attack that passes
/// through Blocking terrain, the Defending ship may request that one d6 roll be discarded and
/// a new d6 be rolled." A 6/6 Hit (6 damage): rerolling Accuracy would leave 30/6 expected,
/// the damage die 21/6, so the defender rerolls the damage die: a 2 → 2 damage.
#[test]
fn blocking_terrain_lets_the_defender_reroll_one_die() {
    let field = "[[scenario.terrain]]\nattributes = [\"blocking\"]\nradius = 1\nx = 12.5\ny = 15";
    let m = range(GUN.0, "turret", GUN.1, "hulk", 15.0, field);
    let (out, _, used, log) = play_scripted(&m, &[6, 6, 2]);
    assert_eq!((out.sides[0].damage_dealt, used), (2, 3));
    assert!(
        log.contains("the defender has the Damage die rerolled"),
        "{log}"
    );
    // A result that cannot get worse for the defender is kept: Accuracy 1 glances for
    // ceil(1/2) = 1 ... rerolling either die could only raise it.
    let (out, _, used, _) = play_scripted(&m, &[1, 1]);
    assert_eq!((out.sides[0].damage_dealt, used), (1, 2));
}

/// Golden (seed 003 l. 553 "After determining the Accuracy and Damage results of an Attack
/// ... the Defending ship may request that one d6 roll be discarded"; l. 463 Offensive Focus
/// reroll "When determining the results"): the attacker's reroll comes first, the defender's
/// Blocking reroll after it. Dice 1, 6: a Glance for 3. Offensive Focus rerolls the Accuracy
/// die (4: a Hit for 6); the defender then has the damage die rerolled (5): 5 damage. The old
/// order (Blocking at the roll, then Focus) read the same dice as: the defender rerolls the
/// damage die (4: Glance 2), Focus the Accuracy die (5: Hit 4) — 4 damage.
#[test]
fn golden_blocking_reroll_comes_after_the_attackers_reroll() {
    let m = matchup(
        r#"
[scenario]
turns = 1
start = [
  { side = "A", ship = 0, x = 10, y = 15, heading = 0, velocity = 0 },
  { side = "B", ship = 0, x = 15, y = 15, heading = 180, velocity = 0 },
]
[[scenario.terrain]]
attributes = ["blocking"]
radius = 1
x = 12.5
y = 15
[[matchup]]
a = { fleet = "gunship", policy = "turret", orders = "offensive-focus" }
b = { fleet = "hulk", policy = "passive" }
"#,
    );
    let (out, _, used, log) = play_scripted(&m, &[1, 6, 4, 5]);
    assert_eq!((out.sides[0].damage_dealt, used), (5, 4), "{log}");
    let focus = log
        .find("rerolls the Accuracy die (Offensive Focus)")
        .expect("focus");
    let blocking = log
        .find("the defender has the Damage die rerolled")
        .expect("blocking");
    assert!(focus < blocking, "{log}");
}

/// House rule `missile_token_terrain` (G20; seed 003 l. 334: "resolve the attack to the same
/// target as though from the position of the missile token"). A missile fired at 20 leaves a
/// token 10 out; a dust cloud (Obscuring 1) lies between the token and the target. From the
/// token (default) the cloud lowers the Accuracy: 3 − 1 = 2, a Glance for 3; `solid-only`
/// ignores it: a Hit for 6. (The old code applied Obscuring and Blocking but not Concealing,
/// while these docs said only Solid.)
#[test]
fn missile_token_terrain_house_rule() {
    let rest = r#"
[scenario]
turns = 1
start = [
  { side = "A", ship = 0, x = 5, y = 15, heading = 0, velocity = 0 },
  { side = "B", ship = 0, x = 25, y = 15, heading = 180, velocity = 0 },
]
[[scenario.terrain]]
piece = "dust-cloud"
x = 20
y = 15
radius = 1
[[matchup]]
a = { fleet = "missile-boat", policy = "turret" }
b = { fleet = "hulk", policy = "passive" }
"#;
    let (out, _, used, log) = play_scripted(&matchup(rest), &[3, 6]);
    assert_eq!((out.sides[0].damage_dealt, used), (3, 2), "{log}");
    let solid_only = matchup_with_rules("missile_token_terrain = \"solid-only\"", rest);
    let (out, _, used, log) = play_scripted(&solid_only, &[3, 6]);
    assert_eq!((out.sides[0].damage_dealt, used), (6, 2), "{log}");
}

/// House rule `beam_bypasses_shields` (l. 308 Beam "Always damages Shield health tracks
/// first"; l. 358 Shield "An accuracy roll that is greater than the value of the undamaged
/// portion of a Shield component ignores that Component"). A Beam Hit with Accuracy 5 on a
/// 4-box Shield: by default it bypasses the Shield (6 to Health, a row: 12 on the Condition
/// roll, none); with `false` the Shield takes 4 and Health 2.
#[test]
fn beam_bypasses_shields_house_rule() {
    let rest = r#"
[scenario]
turns = 1
start = [
  { side = "A", ship = 0, x = 10, y = 15, heading = 0, velocity = 0 },
  { side = "B", ship = 0, x = 15, y = 15, heading = 180, velocity = 0 },
]
[[matchup]]
a = { fleet = "gunship", policy = "turret" }
b = { fleet = "shielded", policy = "passive" }
"#;
    let (_, state, used, log) = play_scripted(&matchup(rest), &[5, 6, 6, 6]);
    let b = &state.ships[1];
    assert_eq!((b.tracks[0].dmg, b.health_dmg, used), (0, 6, 4), "{log}");
    let holds = matchup_with_rules("beam_bypasses_shields = false", rest);
    let (_, state, used, log) = play_scripted(&holds, &[5, 6]);
    let b = &state.ships[1];
    assert_eq!((b.tracks[0].dmg, b.health_dmg, used), (4, 2, 2), "{log}");
}

/// House rule `brace_for_impact` (seed 003 l. 475: "For the remainder of this turn, if this
/// Ship receives damage that finishes a Health damage track, disregard damage that would be
/// applied to the next health track. The Ship may roll twice on the Condition table and
/// choose"). Two Beam Hits of 6 on a braced ship with 4-box rows, every Condition die a 6.
/// Default `whole-turn`: both hits are capped at the row they finish (4, then 8) and both
/// Conditions are rolled twice (12 dice). `first-row`: the first hit uses the Order up, so the
/// second spills on (10) and its Condition is rolled once (10 dice).
#[test]
fn brace_for_impact_house_rule() {
    let rest = r#"
[scenario]
turns = 1
start = [
  { side = "A", ship = 0, x = 10, y = 15, heading = 0, velocity = 0 },
  { side = "B", ship = 0, x = 15, y = 15, heading = 180, velocity = 0 },
]
[[matchup]]
a = { fleet = "twin-gunship", policy = "turret", orders = "none" }
b = { fleet = "brace-hulk", policy = "passive", orders = "brace-for-impact" }
"#;
    let hits = [3, 6, 6, 6, 6, 6, 3, 6, 6, 6, 6, 6];
    let (_, state, used, log) = play_scripted(&matchup(rest), &hits);
    assert_eq!((state.ships[1].health_dmg, used), (8, 12), "{log}");
    let first_row = matchup_with_rules("brace_for_impact = \"first-row\"", rest);
    let (_, state, used, log) = play_scripted(&first_row, &hits);
    assert_eq!((state.ships[1].health_dmg, used), (10, 10), "{log}");
    assert!(log.contains("has used its brace-for-impact"), "{log}");
}

/// Fair play in the Command phase (ch. 5: both players choose at once; which of a side's ships
/// of one Size activates first is the player's pick): a `tactician` side gives Mark Target
/// with the ship it expects to activate first, and of two equal gunships that one is rolled on
/// the battle's dice (the phase's first die), not taken in setup order.
#[test]
fn tactician_marker_among_equal_ships_is_rolled() {
    let rest = r#"
[scenario]
turns = 1
start = [
  { side = "A", ship = 0, x = 10, y = 12, heading = 0, velocity = 0 },
  { side = "A", ship = 1, x = 10, y = 18, heading = 0, velocity = 0 },
  { side = "B", ship = 0, x = 16, y = 15, heading = 180, velocity = 0 },
]
[[matchup]]
a = { fleet = "gunship-pair", policy = "tactician" }
b = { fleet = "hulk", policy = "passive" }
"#;
    let m = matchup(rest);
    for (first, marker, other) in [(1, "A1", "A2"), (2, "A2", "A1")] {
        let mut dice = vec![first];
        dice.extend([6; 80]);
        let (_, _, _, log) = play_scripted(&m, &dice);
        assert!(
            log.contains(&format!("{marker} gunship orders (hidden): mark-target")),
            "{log}"
        );
        assert!(
            !log.contains(&format!("{other} gunship orders (hidden): mark-target")),
            "{log}"
        );
    }
}

/// Missiles: "If within 10 Range, the attack ignores Blocking Terrain."
#[test]
fn missiles_within_10_ignore_blocking_terrain() {
    let field = "[[scenario.terrain]]\nattributes = [\"blocking\"]\nradius = 1\nx = 12.5\ny = 15";
    let m = range("missile-boat", "turret", 10.0, "hulk", 15.0, field);
    let (out, _, used, _) = play_scripted(&m, &[6, 6]);
    assert_eq!((out.sides[0].damage_dealt, used), (6, 2));
}

/// Test vector 11: "Dangerous 1 on Size 4 → 4 damage" — "A Ship [that] begins its resolution
/// phase inside Dangerous Terrain takes X damage per Size of the Ship."
#[test]
fn dangerous_terrain_deals_x_per_size_at_the_start_of_resolution() {
    let storm = "[[scenario.terrain]]\nattributes = [\"dangerous-1\"]\nradius = 2\nx = 30\ny = 15";
    let m = range("hulk", "passive", 5.0, "hulk-4", 30.0, storm);
    let (out, _, _, log) = play_scripted(&m, &[]);
    assert_eq!(out.sides[1].damage_taken, 4);
    assert!(log.contains("is in Dangerous 1 terrain: 4 damage"), "{log}");
}

/// Overlapping features stack: Dangerous 1 and a minefield's Dangerous 2 on a Size 2 ship
/// → 3 × 2 = 6 damage (neither zone is Hazardous, so its movement step costs nothing).
#[test]
fn overlapping_dangerous_terrain_stacks() {
    let t = "[[scenario.terrain]]\nattributes = [\"dangerous-1\"]\nradius = 2\nx = 30\ny = 15\n\
             [[scenario.terrain]]\nattributes = [\"dangerous-2\"]\nradius = 2\nx = 31\ny = 15";
    let m = range("hulk", "passive", 5.0, "hulk-2", 30.0, t);
    assert_eq!(play_scripted(&m, &[]).0.sides[1].damage_taken, 6);
}

/// Test vector 11: "Hazardous 1 on Size 2 without a Navigate order/command used → 2 damage" —
/// "If a Ship ends its movement in Hazardous terrain without having used a [Navigate] Order or
/// Command this turn, it takes X damage per Size of the Ship."
#[test]
fn hazardous_terrain_deals_x_per_size_when_a_move_ends_inside() {
    let field = "[[scenario.terrain]]\npiece = \"wreckage\"\nx = 5\ny = 15";
    let m = range("hulk-2", "turret", 5.0, "hulk", 40.0, field);
    let (out, _, _, log) = play_scripted(&m, &[]);
    assert_eq!(out.sides[0].damage_taken, 2);
    assert!(
        log.contains("ends its move in Hazardous 1 terrain: 2 damage"),
        "{log}"
    );
}

/// "Mobile (X): ... resolve it every turn at the beginning of the Resolution phase by moving
/// it (X) distance" along the preset track; a Solid piece that runs a ship down destroys it
/// ("a massive asteroid's movement can catch an unwary Ship and turn it into debris").
#[test]
fn mobile_terrain_moves_x_along_its_track_each_resolution() {
    let rock = "[[scenario.terrain]]\npiece = \"massive-asteroid\"\nx = 30\ny = 5\nheading = 90";
    let m = range("hulk", "passive", 5.0, "hulk", 30.0, rock);
    // Turn 1: the asteroid moves 2 → centre (30, 7); its edge (radius 2) is at y = 9.
    let (out, state, _, _) = play_scripted(&m, &[]);
    let c = state.terrain[0].centre;
    assert!(
        (c.x - 30.0).abs() < 1e-9 && (c.y - 7.0).abs() < 1e-9,
        "{c:?}"
    );
    assert_eq!(out.sides[1].survivors, 1);
    // Starting 6 away, the ship at y = 15 is struck after it moves to (30, 13).
    let rock = "[[scenario.terrain]]\npiece = \"massive-asteroid\"\nx = 30\ny = 11\nheading = 90";
    let m = range("hulk", "passive", 5.0, "hulk", 30.0, rock);
    let (out, _, _, log) = play_scripted(&m, &[]);
    assert_eq!(out.sides[1].survivors, 0);
    assert!(log.contains("struck by moving Solid terrain"), "{log}");
}

/// "Push/Pull (X): At the end of a Ship's movement phase, move the Ship X distance
/// towards/away from the center of terrain": the wormhole exit pushes 1 away, the entrance
/// pulls 1 in.
#[test]
fn push_and_pull_terrain_move_a_ship_at_the_end_of_its_move() {
    let exit = "[[scenario.terrain]]\npiece = \"wormhole-exit\"\nx = 8\ny = 15";
    let m = range("hulk", "turret", 10.0, "hulk", 40.0, exit);
    let (_, state, _, log) = play_scripted(&m, &[]);
    assert_eq!(state.ships[0].pos.x, 11.0);
    assert!(log.contains("is pushed 1 by wormhole-exit"), "{log}");
    let entrance = "[[scenario.terrain]]\npiece = \"wormhole-entrance\"\nx = 8\ny = 15";
    let m = range("hulk", "turret", 10.0, "hulk", 40.0, entrance);
    assert_eq!(play_scripted(&m, &[]).1.ships[0].pos.x, 9.0);
}

/// "Gravity Anomaly Field: Blocking, Push 1 (Random)": a d6 picks the direction (4 = 180°).
#[test]
fn random_push_goes_the_way_the_d6_says() {
    let field = "[[scenario.terrain]]\npiece = \"gravity-anomaly-field\"\nx = 8\ny = 15";
    let m = range("hulk", "turret", 10.0, "hulk", 40.0, field);
    let (_, state, used, _) = play_scripted(&m, &[4]);
    assert_eq!(used, 1);
    assert!((state.ships[0].pos.x - 9.0).abs() < 1e-9);
}

/// AI movement respects terrain: a brawler whose natural move ends in a minefield steers
/// around it (no damage), unless its policy ignores terrain.
#[test]
fn ai_movement_steers_around_dangerous_terrain_unless_told_otherwise() {
    let mines = "[[scenario.terrain]]\npiece = \"minefield\"\nx = 8\ny = 15\nradius = 1.5";
    let setup = |avoid: bool| {
        matchup(&format!(
            r#"
[scenario]
turns = 1
start = [
  {{ side = "A", ship = 0, x = 4, y = 15, heading = 0, velocity = 3 }},
  {{ side = "B", ship = 0, x = 50, y = 15, heading = 180, velocity = 0 }},
]
{mines}
[[matchup]]
a = {{ fleet = "gunship", policy = "brawler", avoid_terrain = {avoid} }}
b = {{ fleet = "hulk", policy = "passive" }}
"#
        ))
    };
    let taken = |m: &Matchup| {
        let mut state = BattleState::for_matchup(m);
        let mut ships = vec![ShipTally::default(); m.start.len()];
        (0..50)
            .map(|i| {
                let mut dice = Dice::for_battle(3, 3, i);
                battle::play(m, &mut state, &mut dice, &mut NoTrace, &mut ships).sides[0]
                    .damage_taken
            })
            .sum::<u32>()
    };
    assert_eq!(taken(&setup(true)), 0);
    assert!(taken(&setup(false)) > 0);
}

/// Many battles in a cluttered map stay deterministic and let some damage through.
#[test]
fn terrain_battles_are_deterministic() {
    let t = "[[scenario.terrain]]\npiece = \"asteroid-field\"\nx = 12.5\ny = 15\nradius = 1";
    let m = range(GUN.0, "turret", GUN.1, "hulk", 15.0, t);
    let a = damage_over(&m, 500);
    assert_eq!(a, damage_over(&m, 500));
    assert!(a > 0);
}

/// A scenario with victory conditions reports both verdicts: here nothing is destroyed (last
/// side standing: a draw at the turn limit) but A has more Size remaining ("Ships Remaining",
/// fixed to Sizes), so the scenario's verdict is A.
#[test]
fn scenario_verdict_and_last_side_standing_are_both_reported() {
    let m = matchup(
        r#"
[scenario]
turns = 1
[scenario.victory]
conditions = ["ships-remaining"]
pick = 1
measure = "size"
[[matchup]]
a = { fleet = "hulk-4", policy = "passive" }
b = { fleet = "hulk", policy = "passive" }
"#,
    );
    let (out, _, used, log) = play_scripted(&m, &[]);
    assert_eq!(
        (out.verdict, out.standing, used),
        (Verdict::Win(Side::A), Verdict::Draw, 0)
    );
    assert!(
        log.contains("victory: ships-remaining (Size, doubled) A 8 / B 6 -> A"),
        "{log}"
    );
}

/// Scanning raid: "a player who controls a Ship in the half opposite of their starting edge may
/// use a [Scanning] Order to place one objective token" — the Order is Enhance Scanners ("Fulfill
/// an Orders requirement for the current Scenario"). With it A's ship places a token and wins the
/// scenario; without Orders it places none.
#[test]
fn scanning_raid_tokens_need_an_enhance_scanners_order() {
    let raid = |a: &str| {
        matchup(&format!(
            r#"
[scenario]
turns = 1
start = [
  {{ side = "A", ship = 0, x = 40, y = 15, heading = 0, velocity = 0 }},
  {{ side = "B", ship = 0, x = 50, y = 15, heading = 180, velocity = 0 }},
]
[scenario.victory]
conditions = []
objective = "scanning-raid"
[[matchup]]
a = {a}
b = {{ fleet = "hulk-4", policy = "passive" }}
"#
        ))
    };
    let m = raid(r#"{ fleet = "hulk", policy = "passive", orders = "enhance-scanners" }"#);
    let (out, state, _, log) = play_scripted(&m, &[]);
    assert_eq!(state.raid_tokens, 0b01);
    assert_eq!(
        (out.verdict, out.standing),
        (Verdict::Win(Side::A), Verdict::Draw)
    );
    assert!(log.contains("A1 hulk places an objective token"), "{log}");
    let m = raid(r#"{ fleet = "hulk", policy = "passive" }"#);
    let (out, state, _, _) = play_scripted(&m, &[]);
    assert_eq!((state.raid_tokens, out.verdict), (0, Verdict::Draw));
    // The policies' own Order styles give Enhance Scanners where a token can be placed.
    let m = raid(r#"{ fleet = "hulk", policy = "standoff" }"#);
    let (_, state, _, log) = play_scripted(&m, &[]);
    assert_eq!(state.raid_tokens, 0b01, "{log}");
    assert!(log.contains("orders (hidden): enhance-scanners"), "{log}");
}

/// One side's ship at (ax, 15) facing +x against a passive `b` at (bx, 15), both standing
/// still, one turn: `a` is the TOML side table, so Orders can be set.
fn range_side(a: &str, ax: f64, b: &str, bx: f64, terrain: &str) -> Matchup {
    matchup(&format!(
        r#"
[scenario]
turns = 1
start = [
  {{ side = "A", ship = 0, x = {ax}, y = 15, heading = 0, velocity = 0 }},
  {{ side = "B", ship = 0, x = {bx}, y = 15, heading = 180, velocity = 0 }},
]
{terrain}
[[matchup]]
a = {a}
b = {{ fleet = "{b}", policy = "passive" }}
"#
    ))
}

/// Seam terrain ↔ orders: "without having used a [Navigate] Order or Command this turn" — the
/// Size 2 hulk of test vector 11 with an Evasive Actions (or Change Velocity) Order takes no
/// Hazardous damage; without Orders it takes 2.
#[test]
fn navigate_order_waives_hazardous_terrain() {
    let field = "[[scenario.terrain]]\npiece = \"wreckage\"\nx = 5\ny = 15";
    for (orders, damage) in [
        ("evasive-actions", 0),
        ("change-velocity", 0),
        ("offensive-focus", 2),
        ("none", 2),
    ] {
        let a = format!(r#"{{ fleet = "hulk-2", policy = "turret", orders = "{orders}" }}"#);
        let m = range_side(&a, 5.0, "hulk", 40.0, field);
        let (out, _, _, log) = play_scripted(&m, &[]);
        assert_eq!(out.sides[0].damage_taken, damage, "{orders}: {log}");
    }
}

/// Seam terrain ↔ orders: Mark Target effect 2, "Ignore the effects of Terrain when making
/// Attacks against the Marked Ship". The gunship marks the hulk in its own attack step and
/// spends the token at once: the Obscuring 1 cloud between no longer turns the Accuracy 3 Hit
/// (6 damage) into a Glance (3).
#[test]
fn mark_target_ignores_obscuring_terrain() {
    let cloud = "[[scenario.terrain]]\npiece = \"dust-cloud\"\nx = 12.5\ny = 15\nradius = 1";
    let a = r#"{ fleet = "gunship", policy = "turret", orders = "mark-target" }"#;
    let m = range_side(a, 10.0, "hulk", 15.0, cloud);
    let (out, _, used, log) = play_scripted(&m, &[3, 6]);
    assert_eq!((out.sides[0].damage_dealt, used), (6, 2), "{log}");
    assert!(log.contains("ignore terrain"), "{log}");
    assert!(!log.contains("Obscuring 1 terrain between"), "{log}");
    let a = r#"{ fleet = "gunship", policy = "turret", orders = "none" }"#;
    let m = range_side(a, 10.0, "hulk", 15.0, cloud);
    assert_eq!(play_scripted(&m, &[3, 6]).0.sides[0].damage_dealt, 3);
}

/// Mark Target effect 2, second sentence (G33): "Blocking terrain will still block any weapon
/// that must be fired directly at a target, but any indirect weapons (eg, missiles) may be
/// fired at the enemy Ship". Behind Concealing terrain the marked hulk takes the missile boat's
/// 6/6 Hit; the beam gunship still cannot fire; unmarked, neither fires.
#[test]
fn mark_target_lets_missiles_fire_through_concealing_terrain() {
    let veil = "[[scenario.terrain]]\nattributes = [\"concealing\"]\nradius = 1\nx = 12.5\ny = 15";
    let side = |fleet: &str, orders: &str| {
        format!(r#"{{ fleet = "{fleet}", policy = "turret", orders = "{orders}" }}"#)
    };
    let m = range_side(
        &side("missile-boat", "mark-target"),
        10.0,
        "hulk",
        15.0,
        veil,
    );
    let (out, _, used, log) = play_scripted(&m, &[6, 6]);
    assert_eq!((out.sides[0].damage_dealt, used), (6, 2), "{log}");
    for (fleet, orders) in [("missile-boat", "none"), ("gunship", "mark-target")] {
        let m = range_side(&side(fleet, orders), 10.0, "hulk", 15.0, veil);
        let (out, _, used, log) = play_scripted(&m, &[6, 6]);
        assert_eq!(
            (out.sides[0].damage_dealt, used),
            (0, 0),
            "{fleet} {orders}: {log}"
        );
    }
}

/// Seam orders ↔ terrain: a [Marked] token goes only on an enemy "that does not have Solid
/// terrain directly between them" — a moon between, no mark.
#[test]
fn mark_target_is_not_placed_across_solid_terrain() {
    let moon = "[[scenario.terrain]]\npiece = \"moon\"\nx = 12.5\ny = 15\nradius = 1";
    let a = r#"{ fleet = "gunship", policy = "turret", orders = "mark-target" }"#;
    let (_, _, _, log) = play_scripted(&range_side(a, 10.0, "hulk", 15.0, moon), &[]);
    assert!(!log.contains("marks B1"), "{log}");
    let (_, _, _, log) = play_scripted(&range_side(a, 10.0, "hulk", 15.0, ""), &[3, 6]);
    assert!(log.contains("A1 gunship marks B1 hulk"), "{log}");
}

fn experiment(rest: &str) -> fleetlab_sim::load::Experiment<CosmicConflict> {
    load::load_from::<CosmicConflict>(
        Source {
            path: PathBuf::from("faction-test.toml"),
            text: points_scoring(&format!("{DESIGNS}\n{rest}")),
        },
        |p| panic!("no includes here: {}", p.display()),
    )
    .unwrap_or_else(|e| panic!("config: {e}"))
}

/// "a mercenary company ... may begin the game with every ship having the 'Structural Damage'
/// Condition ... but cost 15% less points": the gunship's 119 points become ⌈119 × 0.85⌉ = 102.
#[test]
fn mercenary_faction_starts_with_structural_damage_and_costs_15_percent_less() {
    let exp = experiment(
        r#"
[[fleet]]
name = "hired-guns"
ships = ["gunship"]
faction = "mercenary"
[[matchup]]
a = { fleet = "hired-guns" }
b = { fleet = "gunship" }
"#,
    );
    let m = &exp.matchups[0];
    assert_eq!(m.points, [Some(102), Some(119)]);
    assert_eq!(m.matchup.start[0].structural, 1);
    assert_eq!(m.matchup.start[0].conditions, 0);
    assert_eq!(m.matchup.start[1].structural, 0);
}

/// "a group that specializes in Beam Weapons, that adds 2 to the Range (but not Extended
/// Range)": the same design keeps 12 for the other side and gets 14 for the faction's.
#[test]
fn beam_faction_adds_2_to_beam_range_but_not_extended_range() {
    let exp = experiment(
        r#"
[[fleet]]
name = "lancers"
ships = ["gunship"]
faction = "beam-specialists"
[[matchup]]
a = { fleet = "lancers" }
b = { fleet = "gunship" }
"#,
    );
    let m = &exp.matchups[0].matchup;
    let bands = |ship: usize| {
        let p = m.profiles[usize::from(m.start[ship].design)][0];
        (p.normal_range(), p.max_range())
    };
    assert_eq!(bands(0), (14.0, 20.0));
    assert_eq!(bands(1), (12.0, 20.0));
}

// ---- Terrain and scenario event counters (`SideTally.events`) -------------------------------

use fleetlab_engine::rules::cosmic_conflict::scenario_events::{
    EVENT_LOST_TO_TERRAIN, EVENT_OBJECTIVE_TOKEN, EVENT_TERRAIN_DAMAGE,
};

/// Dangerous 1 on a Size 4 hulk fills 4 boxes: counted as terrain damage taken on the hulk's
/// side (B), and nothing on A's; nobody is lost.
#[test]
fn terrain_damage_is_counted_for_the_side_that_takes_it() {
    let storm = "[[scenario.terrain]]\nattributes = [\"dangerous-1\"]\nradius = 2\nx = 30\ny = 15";
    let m = range("hulk", "passive", 5.0, "hulk-4", 30.0, storm);
    let (out, _, _, _) = play_scripted(&m, &[]);
    assert_eq!(out.sides[1].events[EVENT_TERRAIN_DAMAGE], 4);
    assert_eq!(out.sides[0].events[EVENT_TERRAIN_DAMAGE], 0);
    assert_eq!(out.sides[1].events[EVENT_LOST_TO_TERRAIN], 0);
    // Hazardous 1 on a Size 2 ship ending its move inside (test vector 11): 2 boxes, side A.
    let field = "[[scenario.terrain]]\npiece = \"wreckage\"\nx = 5\ny = 15";
    let m = range("hulk-2", "turret", 5.0, "hulk", 40.0, field);
    let (out, _, _, _) = play_scripted(&m, &[]);
    assert_eq!(out.sides[0].events[EVENT_TERRAIN_DAMAGE], 2);
}

/// A ship ending its move inside Solid terrain is destroyed and counted as lost to terrain; so
/// is one whose last boxes Dangerous terrain fills (a 1-box-row hulk in Dangerous 3).
#[test]
fn ships_lost_to_terrain_are_counted() {
    let planet = "[[scenario.terrain]]\npiece = \"planet\"\nx = 10\ny = 15";
    let m = range(GUN.0, "turret", GUN.1, "hulk", 40.0, planet);
    let (out, _, _, _) = play_scripted(&m, &[]);
    assert_eq!(out.sides[0].events[EVENT_LOST_TO_TERRAIN], 1);
    assert_eq!(out.sides[1].events[EVENT_LOST_TO_TERRAIN], 0);
    // A Size 1 wisp with 1-box rows inside Dangerous 6: 6 damage fills its last boxes.
    let m = matchup(
        r#"
[[design]]
name = "wisp"
size = 1
row_length = 1
[[fleet]]
name = "wisp"
ships = ["wisp"]
[scenario]
turns = 1
start = [
  { side = "A", ship = 0, x = 5, y = 15, heading = 0, velocity = 0 },
  { side = "B", ship = 0, x = 30, y = 15, heading = 180, velocity = 0 },
]
[[scenario.terrain]]
attributes = ["dangerous-6"]
radius = 2
x = 30
y = 15
[[matchup]]
a = { fleet = "hulk", policy = "passive" }
b = { fleet = "wisp", policy = "passive" }
"#,
    );
    let (out, state, _, log) = play_scripted(&m, &[]);
    assert!(!state.ships[1].active(), "{log}");
    assert_eq!(out.sides[1].events[EVENT_LOST_TO_TERRAIN], 1, "{log}");
    assert_eq!(
        out.sides[1].events[EVENT_TERRAIN_DAMAGE],
        out.sides[1].damage_taken
    );
}

/// Scanning raid: every objective token placed counts for the side that placed it.
#[test]
fn objective_tokens_placed_are_counted() {
    let m = matchup(
        r#"
[scenario]
turns = 1
start = [
  { side = "A", ship = 0, x = 40, y = 15, heading = 0, velocity = 0 },
  { side = "B", ship = 0, x = 50, y = 15, heading = 180, velocity = 0 },
]
[scenario.victory]
conditions = []
objective = "scanning-raid"
[[matchup]]
a = { fleet = "hulk", policy = "passive", orders = "enhance-scanners" }
b = { fleet = "hulk-4", policy = "passive" }
"#,
    );
    let (out, _, _, _) = play_scripted(&m, &[]);
    assert_eq!(out.sides[0].events[EVENT_OBJECTIVE_TOKEN], 1);
    assert_eq!(out.sides[1].events[EVENT_OBJECTIVE_TOKEN], 0);
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
