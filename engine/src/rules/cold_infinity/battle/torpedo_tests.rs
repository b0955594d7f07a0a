//! Battle-level torpedo tests (§9.2.2, §9.0, §7.5.3.1, §17.2.2, house rules `torpedo_accuracy`
//! and `torpedo_damage`) on the hand-built Reaper duel with a torpedo system given to side A's
//! Reaper in place of its first aft rack (system 12).

use super::super::arcs::{ArcShape, FiringArc};
use super::super::design::{Accuracy, DamageDice, SystemKind};
use super::super::geometry::{ArcCentre, Facing};
use super::super::guided::magazine::Magazine;
use super::super::guided::mount::{MAX_TYPES, RackMount, TorpedoMount};
use super::super::guided::readings::{TorpedoAccuracy, TorpedoDamage};
use super::super::guided::types::{Munition, RackDesign};
use super::tests::{reaper_duel, started};
use super::*;
use crate::dice::{Dice, ScriptedDice};
use crate::observer::{NoTrace, Trace};

/// A 3d6 Radiation torpedo system: launch (and max) range 12, RoF 1+0, accuracy +2, power 3,
/// a narrow arc dead ahead.
fn torpedo_mount(sys: u16) -> RackMount {
    let torpedo = Munition::torpedo(DamageDice::new(3, 6, 0), 12);
    RackMount {
        sys,
        rack: RackDesign {
            magazine: 0,
            shots: 1,
            arming: 0,
            accuracy: 0,
            range_boost: 0,
        },
        arc: FiringArc {
            centre: ArcCentre::facing(1),
            shape: ArcShape::Narrow,
            keel: false,
        },
        types: [torpedo; MAX_TYPES],
        type_count: 1,
        load: Magazine::default(),
        torpedo: Some(TorpedoMount {
            accuracy: Accuracy { value: 2, signs: 0 },
            power: 3,
        }),
    }
}

/// The duel with side A's Reaper carrying the torpedo system, B `range` hexes away on the line
/// between their starts, A's shroud radius `shroud` and amplification `amp`; B's weapons all on
/// defensive fire (no intercepts).
fn torpedo_duel(range: usize, shroud: i32, amp: u8) -> (Matchup, BattleState) {
    let mut m = reaper_duel();
    let mut armed = m.designs[0].clone();
    armed.design.systems[12].kind = SystemKind::Torpedo { power: 3 };
    armed.racks = vec![torpedo_mount(12)];
    armed.rack_missiles = vec![vec!["3d6 torpedo".into()]];
    m.designs.push(armed);
    m.start[0].design = 1;
    let st = placed(&m, range, shroud, amp);
    (m, st)
}

fn placed(m: &Matchup, range: usize, shroud: i32, amp: u8) -> BattleState {
    let mut st = started(m);
    let (a, b) = (st.ships[0].motion.pos, st.ships[1].motion.pos);
    let (hex, _) = a.line_to(b).nth(range).unwrap();
    st.ships[1].motion.pos = hex;
    st.ships[0].shroud = shroud;
    st.ships[0].ew.amplification = amp;
    st.guided.df_mask[1] = u32::MAX;
    st.turn = 1;
    st
}

/// One launch phase and one guided phase; what arrived first.
fn fire(m: &Matchup, st: &mut BattleState, seed: u64) -> Option<guided::Arrived> {
    let mut dice = Dice::for_battle(seed, 1, 0);
    launch::weapon_launch_phase(m, st, &mut dice, &mut NoTrace);
    st.guided.df_mask[1] = u32::MAX;
    guided::guided_weapons_phase(m, st, &mut dice, &mut NoTrace);
    st.guided.arrived.first().copied().flatten()
}

/// §9.0: "Torpedoes … require a lock-on to fire": no shroud, or a shroud of 7 hexes against a
/// target at 8, launches nothing; a shroud of 8 launches one torpedo (RoF 1+0).
#[test]
fn a_torpedo_needs_a_lock_on_9_0() {
    for shroud in [0, 7] {
        let (m, mut st) = torpedo_duel(8, shroud, 0);
        launch::weapon_launch_phase(&m, &mut st, &mut Dice::for_battle(3, 1, 0), &mut NoTrace);
        assert!(st.guided.flights.is_empty(), "shroud {shroud}");
    }
    let (m, mut st) = torpedo_duel(8, 8, 0);
    let mut trace = Trace::default();
    launch::weapon_launch_phase(&m, &mut st, &mut Dice::for_battle(3, 1, 0), &mut trace);
    assert_eq!(st.guided.flights.len(), 1);
    assert!(
        trace.log.contains(
            "A1 Reaper launches a 3d6 torpedo from torpedo system 1 at B1 Reaper, range 8 \
             (launch and max 12; §9.2.2)"
        ),
        "{}",
        trace.log
    );
    // §9.0, §17.2.2: no launch beyond the launch range (12), lock or not.
    let (m, mut st) = torpedo_duel(13, 20, 0);
    launch::weapon_launch_phase(&m, &mut st, &mut Dice::for_battle(3, 1, 0), &mut NoTrace);
    assert!(st.guided.flights.is_empty());
}

/// §9.2.2: "a torpedo system will never run out of ammunition": one torpedo every turn (RoF
/// 1+0) for six turns from an empty magazine, and the ship still counts as armed.
#[test]
fn a_torpedo_never_runs_out_9_2_2() {
    let (m, mut st) = torpedo_duel(8, 8, 0);
    for turn in 1..=6 {
        st.turn = turn;
        let mut dice = Dice::for_battle(11, turn as u64, 0);
        launch::weapon_launch_phase(&m, &mut st, &mut dice, &mut NoTrace);
        assert_eq!(st.guided.flights.len(), 1, "turn {turn}");
        st.guided.df_mask[1] = u32::MAX;
        guided::guided_weapons_phase(&m, &mut st, &mut dice, &mut NoTrace);
        assert!(st.guided.flights.is_empty());
    }
    assert_eq!(st.guided.racks[0][0].magazine.total(), 0);
    assert!(st.guided.loaded(0));
}

/// §9.0: "Torpedoes use the launching ship's EW target amplification": with 3 points the
/// torpedo carries +3 (to hit, and against intercepts) where a missile carries its own +2; a
/// launcher that has lost its lock by the strike lends nothing.
#[test]
fn a_torpedo_uses_its_launchers_amplification_9_0() {
    let (m, mut st) = torpedo_duel(8, 8, 3);
    let amplified = fire(&m, &mut st, 5).unwrap();
    let (m, mut st) = torpedo_duel(8, 8, 0);
    let plain = fire(&m, &mut st, 5).unwrap();
    assert_eq!((amplified.amp, plain.amp), (3, 0));
    assert_eq!(amplified.drm - plain.drm, 3);
    // The lock lost between launch and strike (the shroud turned off): no amplification.
    let (m, mut st) = torpedo_duel(8, 8, 3);
    let mut dice = Dice::for_battle(5, 1, 0);
    launch::weapon_launch_phase(&m, &mut st, &mut dice, &mut NoTrace);
    st.ships[0].shroud = 0;
    guided::guided_weapons_phase(&m, &mut st, &mut dice, &mut NoTrace);
    let unlocked = st.guided.arrived[0].unwrap();
    assert_eq!((unlocked.amp, unlocked.drm), (0, plain.drm));
}

/// §7.5.3.1 and house rule `torpedo_accuracy`: the system's +2 counts while the target is in
/// its arc and line of sight at the strike; once the launcher has turned away (facing 4) it is
/// lost under `like-racks` (default) and kept under `always`.
#[test]
fn torpedo_accuracy_like_racks_or_always_7_5_3_1() {
    let acc = |rule: TorpedoAccuracy, facing: i32| {
        let (mut m, mut st) = torpedo_duel(8, 8, 0);
        m.rules.guided.torpedo_accuracy = rule;
        let mut dice = Dice::for_battle(9, 1, 0);
        launch::weapon_launch_phase(&m, &mut st, &mut dice, &mut NoTrace);
        assert_eq!(st.guided.flights.len(), 1);
        st.ships[0].motion.facing = Facing::new(facing);
        guided::guided_weapons_phase(&m, &mut st, &mut dice, &mut NoTrace);
        st.guided.arrived[0].unwrap().acc
    };
    assert_eq!(acc(TorpedoAccuracy::LikeRacks, 1), 2);
    assert_eq!(acc(TorpedoAccuracy::LikeRacks, 4), 0);
    assert_eq!(acc(TorpedoAccuracy::Always, 4), 2);
}

/// House rule `torpedo_damage`: a torpedo system that took a point fires on under `structure`
/// (default: no roll — §13.1.10 names racks only); under `rack-roll` a 1 on 1d6 destroys it.
/// With no structure left it is destroyed either way.
#[test]
fn damaged_torpedo_system_torpedo_damage() {
    let (m, mut st) = torpedo_duel(8, 8, 0);
    st.damage[0].system_damage[12] = 1;
    let rolls = [1u8];
    let mut scripted = ScriptedDice::new(&rolls);
    launch::weapon_launch_phase(&m, &mut st, &mut scripted, &mut NoTrace);
    assert_eq!(scripted.used(), 0);
    assert!(!st.guided.racks[0][0].destroyed);
    assert_eq!(st.guided.flights.len(), 1);

    let (mut m, _) = torpedo_duel(8, 8, 0);
    m.rules.guided.torpedo_damage = TorpedoDamage::RackRoll;
    let mut st = placed(&m, 8, 8, 0);
    st.damage[0].system_damage[12] = 1;
    let mut scripted = ScriptedDice::new(&rolls);
    launch::weapon_launch_phase(&m, &mut st, &mut scripted, &mut NoTrace);
    assert_eq!(scripted.used(), 1);
    assert!(st.guided.racks[0][0].destroyed);
    assert!(st.guided.flights.is_empty());

    let (m, mut st) = torpedo_duel(8, 8, 0);
    let structure = m.designs[1].design.systems[12].structure;
    st.damage[0].system_damage[12] = structure;
    launch::weapon_launch_phase(&m, &mut st, &mut ScriptedDice::new(&[]), &mut NoTrace);
    assert!(st.guided.racks[0][0].destroyed);
    assert!(!st.guided.loaded(0));
}

/// §17.2.2, §3.2: a torpedo system draws its power (3) like a weapon; with 2 left it is
/// switched off (its arming starts over) and launches nothing; with 5 it is powered and 2 are
/// left.
#[test]
fn a_torpedo_system_draws_power_17_2_2() {
    let (m, mut st) = torpedo_duel(8, 8, 0);
    assert_eq!(torpedoes::power_torpedoes(&m, &mut st, 0, 2, true), 2);
    assert!(!st.guided.racks[0][0].powered);
    assert!(!st.power[0][12].active);
    launch::weapon_launch_phase(&m, &mut st, &mut Dice::for_battle(3, 1, 0), &mut NoTrace);
    assert!(st.guided.flights.is_empty());
    let (m, mut st) = torpedo_duel(8, 8, 0);
    assert_eq!(torpedoes::power_torpedoes(&m, &mut st, 0, 5, true), 2);
    assert!(st.guided.racks[0][0].powered);
    assert_eq!(st.power[0][12].drawn(), 3);
    // No plant, no power (§3.3).
    assert_eq!(torpedoes::power_torpedoes(&m, &mut st, 0, 5, false), 5);
    assert!(!st.guided.racks[0][0].powered);
}
