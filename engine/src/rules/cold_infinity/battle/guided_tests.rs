//! Battle-level guided weapon tests (§9, §11.1.6, §13.1.10) on the hand-built Reaper duel with
//! the SDS's aft Harbinger racks given to side A.

use super::super::arcs::{ArcShape, FiringArc};
use super::super::design::DamageDice;
use super::super::geometry::ArcCentre;
use super::super::guided::defences::{DefenceKind, DefenceMount};
use super::super::guided::magazine::Magazine;
use super::super::guided::mount::{MAX_TYPES, RackMount};
use super::super::guided::types::{Munition, RackDesign};
use super::super::guided_plan::carrier_keep;
use super::super::policy::Policy;
use super::tests::{reaper_duel, started};
use super::*;
use crate::dice::{Dice, ScriptedDice};
use crate::observer::{NoTrace, Trace};

/// The Reaper SDS's aft racks (systems 12 and 13): Harbinger Mk III, magazine 40, RoF 2+0,
/// accuracy +3; turrets; loaded with 40 missiles of 2d6, launch range 10, max range ×2.
fn harbinger_rack(sys: u16) -> RackMount {
    let missile = Munition::missile(DamageDice::new(2, 6, 0), 10, 2);
    let mut load = Magazine::default();
    load.load(0, 40, 40).unwrap();
    RackMount {
        sys,
        rack: RackDesign {
            magazine: 40,
            shots: 2,
            arming: 0,
            accuracy: 3,
            range_boost: 0,
        },
        arc: FiringArc {
            centre: ArcCentre::facing(4),
            shape: ArcShape::Turret,
            keel: false,
        },
        types: [missile; MAX_TYPES],
        type_count: 1,
        load,
        torpedo: None,
    }
}

/// The duel with side A's Reaper racked (one Harbinger rack, system 12), B `range` hexes away
/// on the line between their starts.
fn racked_duel(range: usize) -> (Matchup, BattleState) {
    let mut m = reaper_duel();
    let mut racked = m.designs[0].clone();
    racked.racks = vec![harbinger_rack(12)];
    racked.rack_missiles = vec![vec!["Harbinger Mk III".into()]];
    m.designs.push(racked);
    m.start[0].design = 1;
    let mut st = started(&m);
    let (a, b) = (st.ships[0].motion.pos, st.ships[1].motion.pos);
    let (hex, _) = a.line_to(b).nth(range).unwrap();
    st.ships[1].motion.pos = hex;
    assert_eq!(a.distance(hex), range as i32);
    st.turn = 1;
    (m, st)
}

/// The racked duel with B's Reaper given one specialized defence (§11.5) on system 13, and all
/// of B's weapons on defensive fire (no intercepts); A has launched its two missiles.
fn defended_duel(kind: DefenceKind) -> (Matchup, BattleState) {
    let (mut m, _) = racked_duel(8);
    let mut defended = m.designs[0].clone();
    defended.defences = vec![DefenceMount { sys: 13, kind }];
    m.designs.push(defended);
    m.start[1].design = 2;
    let mut st = started(&m);
    let (a, b) = (st.ships[0].motion.pos, st.ships[1].motion.pos);
    let (hex, _) = a.line_to(b).nth(8).unwrap();
    st.ships[1].motion.pos = hex;
    st.turn = 1;
    launch::weapon_launch_phase(&m, &mut st, &mut Dice::for_battle(19, 8, 0), &mut NoTrace);
    assert_eq!(st.guided.flights.len(), 2);
    st.guided.df_mask[1] = u32::MAX;
    (m, st)
}

/// §11.5.1: an AMRS (RoF 1+0) rolls like an intercept with no range penalty, no amplification
/// and accuracy 0: against a missile (+2) from a +3 rack, 3d6 − 5 ≥ 11. Its one salvo goes to
/// one of the two equal missiles by the battle's dice (a 1: the first); 18 − 5 = 13 shoots it
/// down; the second rolls 3 + 6 = 9, a miss. One salvo of 20 spent.
#[test]
fn amrs_shoots_down_a_missile_11_5_1() {
    let arc = FiringArc {
        centre: ArcCentre::facing(1),
        shape: ArcShape::Turret,
        keel: false,
    };
    let (m, mut st) = defended_duel(DefenceKind::Amrs { rof: 1, arc });
    let rolls = [1u8, 6, 6, 6, 1, 1, 1];
    let mut scripted = ScriptedDice::new(&rolls);
    let mut trace = Trace::default();
    guided::guided_weapons_phase(&m, &mut st, &mut scripted, &mut trace);
    assert_eq!(scripted.used(), 7);
    let log = &trace.log;
    assert!(log.contains("B1 Reaper's AMRS fires at A1 Reaper's Harbinger Mk III aimed at B1 Reaper (§11.5.1): 19 salvos left"), "{log}");
    assert!(
        log.contains("is shot down (anti-missile salvo 1 of 1; §11.5.1)"),
        "{log}"
    );
    assert!(log.contains("3d6 3 +6 DRM = 9, a miss"), "{log}");
    assert_eq!(st.damage[1].points_marked(), 0);
}

/// §11.5.2: chaff of Rating 2 in the target's hex: −2 on every guided weapon aimed into it
/// (both missiles at +6 roll at +4); one load of 20 spent.
#[test]
fn chaff_penalizes_every_weapon_into_the_hex_11_5_2() {
    let (m, mut st) = defended_duel(DefenceKind::Chaff(2));
    let rolls = [1u8; 6];
    let mut scripted = ScriptedDice::new(&rolls);
    let mut trace = Trace::default();
    guided::guided_weapons_phase(&m, &mut st, &mut scripted, &mut trace);
    assert_eq!(scripted.used(), 6);
    let log = &trace.log;
    assert!(
        log.contains("B1 Reaper deploys chaff (−2 in its hex; §11.5.2): 19 loads left"),
        "{log}"
    );
    assert_eq!(log.matches("3d6 3 +4 DRM = 7, a miss").count(), 2, "{log}");
}

/// §11.5.3: a flare of Rating 4 against a single incoming weapon (one a turn, `flare_shots`):
/// the dice pick the first of the two equal missiles (a 1), which rolls at +6 − 4 = +2; the
/// other at +6.
#[test]
fn flare_penalizes_one_weapon_11_5_3() {
    let (m, mut st) = defended_duel(DefenceKind::Flares(4));
    let rolls = [1u8, 1, 1, 1, 1, 1, 1];
    let mut scripted = ScriptedDice::new(&rolls);
    let mut trace = Trace::default();
    guided::guided_weapons_phase(&m, &mut st, &mut scripted, &mut trace);
    assert_eq!(scripted.used(), 7);
    let log = &trace.log;
    assert!(log.contains("B1 Reaper fires a flare (−4) at A1 Reaper's Harbinger Mk III aimed at B1 Reaper (§11.5.3): 19 loads left"), "{log}");
    assert!(log.contains("3d6 3 +2 DRM = 5, a miss"), "{log}");
    assert!(log.contains("3d6 3 +6 DRM = 9, a miss"), "{log}");
}

/// §9.0, §9.1, §2: two missiles (RoF 2+0) launch in the Weapon Launch Phase and strike in the
/// same turn's Guided Weapons Phase; the magazine falls by two; nothing stays in flight; the
/// damage is credited to the launching ship.
#[test]
fn launched_missiles_strike_the_same_turn_9_1() {
    let (m, mut st) = racked_duel(8);
    let mut dice = Dice::for_battle(19, 8, 0);
    let mut trace = Trace::default();
    launch::weapon_launch_phase(&m, &mut st, &mut dice, &mut trace);
    assert_eq!(st.guided.flights.len(), 2);
    assert_eq!(st.guided.racks[0][0].magazine.total(), 38);
    // Nothing intercepts: B's weapons are all on defensive fire.
    st.guided.df_mask[1] = u32::MAX;
    guided::guided_weapons_phase(&m, &mut st, &mut dice, &mut trace);
    assert!(st.guided.flights.is_empty());
    assert_eq!(trace.log.matches("launches Harbinger Mk III").count(), 2);
    assert_eq!(
        trace.log.matches("strikes at B1 Reaper").count(),
        2,
        "{}",
        trace.log
    );
    let marked = st.damage[1].points_marked();
    assert!(marked > 0, "{}", trace.log);
    assert_eq!(st.ships[0].dealt, marked);
    assert_eq!(st.ships[1].taken, marked);
    // No more than two a turn (RoF 2+0); the next turn two more.
    launch::weapon_launch_phase(&m, &mut st, &mut dice, &mut NoTrace);
    assert!(st.guided.flights.is_empty());
    st.turn = 2;
    launch::weapon_launch_phase(&m, &mut st, &mut dice, &mut NoTrace);
    assert_eq!(st.guided.flights.len(), 2);
    assert_eq!(st.guided.racks[0][0].magazine.total(), 36);
}

/// §11.1.6 and the intercept plan (`guided_plan::intercept_gain`): two missiles, two
/// interceptors — B's two fore railguns hold fire (3 attempts each, RoF 3+0) — one each, since
/// the second railgun saves more on the untouched missile than on the first one's survivor.
/// The four equal first choices go to the battle's dice (a 1: the first missile, the first
/// railgun). The first missile's first attempt rolls 18 and destroys it: it does nothing. The
/// second survives its three attempts (3s) and rolls 3 + 6 = 9: a miss. Nothing is marked.
#[test]
fn intercepts_spread_one_each_11_1_6() {
    let (m, mut st) = racked_duel(8);
    let mut dice = Dice::for_battle(19, 8, 0);
    launch::weapon_launch_phase(&m, &mut st, &mut dice, &mut NoTrace);
    assert_eq!(st.guided.flights.len(), 2);
    let rolls = [1u8, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
    let mut scripted = ScriptedDice::new(&rolls);
    let mut trace = Trace::default();
    guided::guided_weapons_phase(&m, &mut st, &mut scripted, &mut trace);
    assert_eq!(scripted.used(), 16);
    assert_eq!(st.damage[1].points_marked(), 0);
    assert!(
        trace
            .log
            .contains("is intercepted (attempt 1 of 3; §11.1.6)"),
        "{}",
        trace.log
    );
    assert!(
        trace.log.contains("3d6 3 +6 DRM = 9, a miss: 0 points"),
        "{}",
        trace.log
    );
    // The intercepting railguns have fired this turn (§7.1.3); the aft ones have not.
    let rof = m.designs[0].mounts[0].weapon.rof;
    assert!(!st.ships[1].arming[0].can_fire(rof));
    assert!(!st.ships[1].arming[1].can_fire(rof));
    assert!(st.ships[1].arming[2].can_fire(rof));
}

/// §13.1.10: a rack with no structure left is destroyed and launches nothing; a damaged rack
/// loses 4 missiles of capacity a point (the top of a full magazine of 40 keeps 32 after 2
/// points), and its 1d6 roll destroys it on a 1.
#[test]
fn damaged_and_destroyed_racks_13_1_10() {
    let (m, mut st) = racked_duel(8);
    st.damage[0].system_damage[12] = 10;
    launch::weapon_launch_phase(&m, &mut st, &mut Dice::for_battle(1, 1, 1), &mut NoTrace);
    assert!(st.guided.racks[0][0].destroyed);
    assert!(st.guided.flights.is_empty());

    let (m, mut st) = racked_duel(8);
    st.damage[0].system_damage[12] = 2;
    // One roll (per-volley default): a 2 keeps the rack; then two launches.
    let rolls = [2u8];
    let mut scripted = ScriptedDice::new(&rolls);
    launch::weapon_launch_phase(&m, &mut st, &mut scripted, &mut NoTrace);
    assert_eq!(scripted.used(), 1);
    assert!(!st.guided.racks[0][0].destroyed);
    assert_eq!(st.guided.racks[0][0].magazine.total(), 32 - 2);

    let (m, mut st) = racked_duel(8);
    st.damage[0].system_damage[12] = 1;
    let rolls = [1u8];
    launch::weapon_launch_phase(&m, &mut st, &mut ScriptedDice::new(&rolls), &mut NoTrace);
    assert!(st.guided.racks[0][0].destroyed);
    assert!(st.guided.flights.is_empty());
}

/// The launch policy (`guided_plan::reaches`), played by the `missile-carrier`: a target within launch range (10) that will be
/// beyond the maximum range (20) from the launch hex after its move is not launched at; at rest
/// it is.
#[test]
fn missile_carrier_does_not_launch_out_of_reach() {
    let (mut m, mut st) = racked_duel(10);
    m.policies[0] = Policy::preset("missile-carrier").unwrap();
    let (a, b) = (st.ships[0].motion.pos, st.ships[1].motion.pos);
    // The starts lie on a hex axis: one hex straight away from the launcher.
    let step = b.sub(a);
    let dir = Hex::new(step.q / 10, step.r / 10);
    assert_eq!(dir.length(), 1);
    // Fleeing at 11 hexes a turn: 21 hexes from the launch hex next turn.
    st.ships[1].motion.velocity = dir.scale(11);
    assert_eq!(a.distance(b.add(st.ships[1].motion.velocity)), 21);
    launch::weapon_launch_phase(&m, &mut st, &mut Dice::for_battle(2, 2, 2), &mut NoTrace);
    assert!(st.guided.flights.is_empty());
    // At 10 a turn it stays within 20: launched.
    let (m, mut st) = racked_duel(10);
    st.ships[1].motion.velocity = dir.scale(10);
    launch::weapon_launch_phase(&m, &mut st, &mut Dice::for_battle(2, 2, 2), &mut NoTrace);
    assert_eq!(st.guided.flights.len(), 2);
}

/// The `missile-carrier` preset keeps at its racks' launch range less one; the gunlines keep
/// their guns' band.
#[test]
fn missile_carrier_keeps_launch_range() {
    let racks = [harbinger_rack(12)];
    let carrier = Policy::preset("missile-carrier").unwrap();
    assert_eq!(carrier_keep(&carrier, &racks), Some(9));
    assert_eq!(carrier_keep(&carrier, &[]), None);
    let gunline = Policy::preset("closing-gunline").unwrap();
    assert_eq!(carrier_keep(&gunline, &racks), None);
}

/// A whole racked battle is the same for the same seed, and a clone mid-battle carries the
/// flights and magazines (the search player copies positions).
#[test]
fn racked_battle_is_deterministic() {
    let (m, _) = racked_duel(8);
    let play = |seed| {
        let mut st = started(&m);
        let mut dice = Dice::for_battle(seed, 0, 0);
        let mut trace = Trace::default();
        while !turn(&m, &mut st, &mut dice, &mut trace) {}
        (trace.log, st.guided.racks[0][0].magazine.total())
    };
    let (log, left) = play(5);
    assert_eq!(play(5), (log.clone(), left));
    assert!(log.contains("launches Harbinger Mk III"), "{log}");
    assert!(left < 40);
}

/// The racked duel (8 hexes, A has launched its two Harbingers at B) with B's first `n` fore
/// mounts given a particle technology and SDF `sdf`, every other B mount busy (on defensive
/// fire against a gun shot: it neither defends nor intercepts again).
fn df_duel(n: usize, sdf: u8) -> (Matchup, BattleState) {
    let (mut m, _) = racked_duel(8);
    let mut defending = m.designs[0].clone();
    for w in defending.mounts.iter_mut().take(n) {
        w.weapon.tech = super::super::design::Tech::Particle;
        w.weapon.df.sdf = sdf;
    }
    m.designs.push(defending);
    m.start[1].design = 2;
    let mut st = started(&m);
    let (a, b) = (st.ships[0].motion.pos, st.ships[1].motion.pos);
    let (hex, _) = a.line_to(b).nth(8).unwrap();
    st.ships[1].motion.pos = hex;
    st.turn = 1;
    launch::weapon_launch_phase(&m, &mut st, &mut Dice::for_battle(19, 8, 0), &mut NoTrace);
    assert_eq!(st.guided.flights.len(), 2);
    st.guided.df_mask[1] = !((1u32 << n) - 1);
    (m, st)
}

/// §11.1, §11.1.6 ("in addition to normal defensive fire … against guided weapons"): a fore
/// weapon of B with SDF 10 and the launch hex in its arc defends against one of the two
/// Harbingers (+6 to hit) rather than intercept it — the DF saves more (`guided_df_worth`
/// against `intercept_gain`) — and the missile rolls at 6 − 10 = −4; two such weapons take a
/// missile each (a second −10 on the same missile saves almost nothing). Under `guided_df =
/// off` nothing defends: each missile is intercepted or rolls at +6.
#[test]
fn defensive_fire_meets_a_missile_11_1() {
    let (m, mut st) = df_duel(1, 10);
    let mut trace = Trace::default();
    guided::guided_weapons_phase(&m, &mut st, &mut Dice::for_battle(5, 1, 0), &mut trace);
    let log = &trace.log;
    let line = "B1 Reaper meets A1 Reaper's Harbinger Mk III with defensive fire −10 (§11.1)";
    assert_eq!(log.matches(line).count(), 1, "{log}");
    assert!(log.contains("+6 DRM"), "the other missile: {log}");
    assert!(log.contains("-4 DRM"), "{log}");
    assert!(!log.contains("intercepted"), "{log}");
    assert_eq!(
        st.guided.df_mask[1] & 1,
        0,
        "the phase's end clears the marks"
    );

    let (m, mut st) = df_duel(2, 10);
    let mut trace = Trace::default();
    guided::guided_weapons_phase(&m, &mut st, &mut Dice::for_battle(5, 1, 0), &mut trace);
    assert_eq!(trace.log.matches(line).count(), 2, "{}", trace.log);
    assert_eq!(trace.log.matches("-4 DRM").count(), 2, "{}", trace.log);

    let (mut m, mut st) = df_duel(1, 10);
    m.rules.guided.guided_df = super::super::guided::readings::GuidedDf::Off;
    let mut trace = Trace::default();
    guided::guided_weapons_phase(&m, &mut st, &mut Dice::for_battle(5, 1, 0), &mut trace);
    let log = &trace.log;
    assert!(!log.contains("defensive fire"), "{log}");
    let rolled = log.matches("+6 DRM").count() + log.matches("is intercepted").count();
    assert_eq!(rolled, 2, "{log}");
}

/// §11.1 at the strike, by exact enumeration of the 216 three-dice rolls: with SDF 2 on a
/// missile at +6 (no intercepts, no salvos) it hits on exactly `hit_ways(4)` of them — the
/// ways `strike_ways` counts at the lowered DRM — and without DF on `hit_ways(6)`.
#[test]
fn guided_df_at_the_strike_exact_enumeration() {
    use super::super::fire::hit_roll::hit_ways;
    use super::super::guided::hit::{Fate, guided_phase, strike_ways};
    for (df, want) in [(2i16, hit_ways(4)), (0, hit_ways(6))] {
        let mut hits = 0u32;
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                for c in 1..=6u8 {
                    let rolls = [a, b, c];
                    let mut dice = ScriptedDice::new(&rolls);
                    if let Fate::Hit(_) = guided_phase(&mut dice, &[], &[], 6 - df) {
                        hits += 1;
                    }
                }
            }
        }
        assert_eq!(hits, want);
        assert_eq!(u128::from(hits), strike_ways(&[], &[], 6 - df));
    }
    assert!(hit_ways(4) < hit_ways(6));
}

/// §11.1.3, §11.1.6 ("normal defensive fire (SDF, AHDF or EDF) against guided weapons"), house
/// rule `guided_edf`: B's fore weapon with EDF 10 (no SDF) has a gun shot declared (worth 0.1),
/// so it may neither intercept nor give SDF; in the Guided Weapons Phase it switches to EDF
/// against one Harbinger (+6 to hit → −4): its gun shot is withdrawn and it takes 1 damage
/// ignoring armor. Under `guided_edf = off` it keeps its shot and nothing defends.
#[test]
fn emergency_fire_meets_a_missile_11_1_6() {
    use super::super::guided::readings::GuidedEdf;
    for rule in [GuidedEdf::GuidedPhase, GuidedEdf::Off] {
        let (mut m, mut st) = df_duel(1, 0);
        m.designs[2].mounts[0].weapon.df.edf = 10;
        m.rules.guided.guided_edf = rule;
        let sys = usize::from(m.designs[2].mounts[0].sys);
        st.shots.push(Shot {
            attacker: 1,
            mount: 0,
            target: 0,
            drm: 0,
            df: DfTally::NONE,
            ablative: DfTally::NONE,
            section: 0,
            config: super::super::design::Config::Burst,
            range: 8,
            value: 0.1,
            follow: false,
        });
        let mut trace = Trace::default();
        guided::guided_weapons_phase(&m, &mut st, &mut Dice::for_battle(5, 1, 0), &mut trace);
        let log = &trace.log;
        let on = rule == GuidedEdf::GuidedPhase;
        assert_eq!(
            log.matches("B1 Reaper's  switches to EDF −10 against the Matter Missile at it")
                .count(),
            usize::from(on),
            "{log}"
        );
        assert_eq!(log.contains("-4 DRM"), on, "{log}");
        assert_eq!(
            st.shots.is_empty(),
            on,
            "the EDF weapon's gun shot is withdrawn"
        );
        assert_eq!(st.damage[1].system_damage[sys], u16::from(on));
        assert_eq!(log.contains("with defensive fire −10"), on, "{log}");
    }
}
