//! Golden tests of AHDF, EDF, screening and holding back for SDF in the battle (§7.2.3, §7.2.6,
//! §11.1.1–3, §11.1.7) on the hand-built Reaper duel (`tests.rs`).

use super::super::design::{Config, DamageDice, Tech};
use super::super::fire::hit_roll::{hit_ways, roll_to_hit};
use super::tests::{reaper_duel, started};
use super::*;
use crate::dice::{Dice, ScriptedDice};
use crate::observer::NoTrace;
use crate::rules::cold_infinity::Event;

/// The Reaper's two fore railguns (mounts 0 and 1, the attacker 24 hexes ahead in their arc),
/// made particle weapons (matter may not defend, §11.1) with the given DF Ratings.
fn defenders(m: &mut Matchup, ratings: [(u8, u8, u8); 2]) {
    for (k, (sdf, ahdf, edf)) in ratings.into_iter().enumerate() {
        let w = &mut m.designs[0].mounts[k].weapon;
        w.tech = Tech::Particle;
        w.df.sdf = sdf;
        w.df.ahdf = ahdf;
        w.df.edf = edf;
    }
}

/// A shot of ship `attacker`'s mount 0 at `target`, worth `value` at DRM `drm`.
fn shot(attacker: u8, target: u8, drm: i16, value: f64) -> Shot {
    Shot {
        attacker,
        mount: 0,
        target,
        drm,
        df: DfTally::NONE,
        ablative: DfTally::NONE,
        section: 0,
        config: Config::Burst,
        range: 24,
        value,
        follow: false,
    }
}

/// How many of the 216 three-dice rolls hit at `drm`, by rolling each one.
fn hits_enumerated(drm: i16) -> u32 {
    let mut hits = 0;
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            for c in 1..=6u8 {
                let rolls = [a, b, c];
                if roll_to_hit(&mut ScriptedDice::new(&rolls), drm)
                    .band
                    .is_hit()
                {
                    hits += 1;
                }
            }
        }
    }
    hits
}

/// §11.1.2 (seed: "the total modifier from AHDF against a single incoming attack cannot exceed
/// four times the lowest AHDF Rating among those weapons being used"): AHDF 1 and AHDF 4 on one
/// shot give −4, not −5, in either order (the second weapon of the 4-then-1 order adds nothing
/// and stays off). By exact enumeration of the 216 rolls the shot at +4 then hits on
/// `hit_ways(0)` of them (undefended: `hit_ways(4)`).
#[test]
fn ahdf_group_is_capped_exact_enumeration_11_1_2() {
    for (order, allocated) in [([1u8, 4u8], 2u32), ([4, 1], 1)] {
        let mut m = reaper_duel();
        defenders(&mut m, [(0, order[0], 0), (0, order[1], 0)]);
        let mut st = started(&m);
        st.shots.push(shot(1, 0, 4, 6.0));
        defensive_fire::defensive_fire(&m, &mut st, &mut Dice::for_battle(1, 2, 3), &mut NoTrace);
        let s = st.shots[0];
        assert_eq!(s.df.total(), 4, "{order:?}");
        assert_eq!(st.guided.df_mask[0].count_ones(), allocated, "{order:?}");
        assert_eq!(
            st.sides[Side::A.index()].events[Event::DefensiveFire as usize],
            allocated
        );
        let rolled = s.drm - s.df.total() as i16;
        assert_eq!(hits_enumerated(rolled), hit_ways(0));
    }
    assert_eq!(hits_enumerated(4), hit_ways(4));
    assert!(hit_ways(0) < hit_ways(4));
}

/// §11.1.1 vs §11.1.2: a weapon with both SDF and AHDF holds fire as SDF (uncapped): SDF 1 and
/// SDF 4 give −5.
#[test]
fn sdf_is_not_capped_11_1_1() {
    let mut m = reaper_duel();
    defenders(&mut m, [(1, 1, 0), (4, 2, 0)]);
    let mut st = started(&m);
    st.shots.push(shot(1, 0, 4, 6.0));
    defensive_fire::defensive_fire(&m, &mut st, &mut Dice::for_battle(1, 2, 3), &mut NoTrace);
    assert_eq!(st.shots[0].df.total(), 5);
    assert_eq!(st.shots[0].df.sdf, 5);
}

/// §7.2.6 / §11.1.3: a fore railgun declared offensive (its shot worth 0.5) switches to EDF 3
/// against a shot worth 10 at +4: its shot is withdrawn, the incoming shot carries −3, the
/// weapon takes 1 point of damage ignoring armor, and — armed — no cooldown. By exact
/// enumeration the shot then hits on `hit_ways(1)` of 216 rolls.
#[test]
fn emergency_fire_switches_and_pays_11_1_3() {
    let mut m = reaper_duel();
    defenders(&mut m, [(0, 0, 3), (0, 0, 0)]);
    let sys = usize::from(m.designs[0].mounts[0].sys);
    let mut st = started(&m);
    st.shots.push(shot(0, 1, 4, 0.5));
    st.shots.push(shot(1, 0, 4, 10.0));
    defensive_fire::defensive_fire(&m, &mut st, &mut Dice::for_battle(1, 2, 3), &mut NoTrace);
    assert_eq!(st.shots.len(), 1, "the EDF weapon's own shot is withdrawn");
    let s = st.shots[0];
    assert_eq!((s.attacker, s.df.total(), s.df.edf.sum), (1, 3, 3));
    assert_eq!(st.damage[0].system_damage[sys], 1);
    let rof = m.designs[0].mounts[0].weapon.rof;
    assert_eq!(st.ships[0].arming[0].cooldown_left, 0);
    assert!(st.ships[0].arming[0].active);
    assert!(st.ships[0].arming[0].can_fire(rof) || rof.arming == 0);
    assert_eq!(hits_enumerated(s.drm - s.df.total() as i16), hit_ways(1));
}

/// §11.1.3: EDF is not worth a point of damage when the incoming shot is small: a shot worth
/// 0.6 at +4 loses at most 0.6 × (ways(4) − ways(1)) / ways(4) < 1, so the weapon keeps firing.
#[test]
fn emergency_fire_not_worth_its_price_11_1_3() {
    let mut m = reaper_duel();
    defenders(&mut m, [(0, 0, 3), (0, 0, 0)]);
    let mut st = started(&m);
    st.shots.push(shot(0, 1, 4, 0.1));
    st.shots.push(shot(1, 0, 4, 0.6));
    defensive_fire::defensive_fire(&m, &mut st, &mut Dice::for_battle(1, 2, 3), &mut NoTrace);
    assert_eq!(st.shots.len(), 2);
    assert_eq!(st.shots[1].df.total(), 0);
    assert_eq!(st.damage[0].system_damage.iter().sum::<u16>(), 0);
}

/// §11.1.3 ("If an unarmed weapon uses EDF, on the next turn it is forced into a cooldown
/// period equal to the length of its arming cycle"): a 1+2 weapon still arming switches to EDF
/// against a shot worth 20; it is switched off and sits out 2 turns from next turn.
#[test]
fn unarmed_emergency_fire_cools_down_11_1_3() {
    let mut m = reaper_duel();
    defenders(&mut m, [(0, 0, 3), (0, 0, 0)]);
    m.designs[0].mounts[0].weapon.rof.arming = 2;
    m.designs[0].mounts[0].weapon.rof.shots = 1;
    let rof = m.designs[0].mounts[0].weapon.rof;
    let mut st = started(&m);
    st.ships[0].arming[0].armed = 1;
    assert!(!st.ships[0].arming[0].can_fire(rof));
    st.shots.push(shot(1, 0, 4, 20.0));
    defensive_fire::defensive_fire(&m, &mut st, &mut Dice::for_battle(1, 2, 3), &mut NoTrace);
    assert_eq!(st.shots[0].df.total(), 3);
    let a = st.ships[0].arming[0];
    assert_eq!((a.active, a.cooldown_left), (false, 2));
    let mut a = a;
    a.end_turn(rof, &m.rules.movement);
    assert_eq!(a.cooldown_left, 2, "the cooldown starts next turn");
}

/// §11.1.7 under the policy's `screening`: a second Reaper of side A, nearer the attacker than
/// its friend, screens the friend with its fore SDF weapon; without `screen` it does not.
#[test]
fn screening_defends_a_friend_11_1_7() {
    for screen in [false, true] {
        let mut m = reaper_duel();
        // Ship 2: a second A Reaper 2 hexes ahead of ship 0, towards the attacker (its
        // railgun's range penalty to ship 0 is then −1, within its Speed 1).
        let mut ahead = m.start[0];
        ahead.motion.pos = ahead.motion.pos.add(ahead.motion.facing.unit().scale(2));
        let b = m.start[1].motion.pos;
        assert!(ahead.motion.pos.distance(b) < m.start[0].motion.pos.distance(b));
        m.start.push(ahead);
        m.names.push("A2 Reaper".into());
        defenders(&mut m, [(2, 0, 0), (0, 0, 0)]);
        m.policies[0].screening = screen;
        let mut st = started(&m);
        // Ship 0's own SDF weapon is busy firing; ship 2's may screen.
        st.shots.push(shot(0, 1, 4, 0.1));
        st.shots.push(shot(1, 0, 4, 6.0));
        defensive_fire::defensive_fire(&m, &mut st, &mut Dice::for_battle(1, 2, 3), &mut NoTrace);
        let want = if screen { 2 } else { 0 };
        assert_eq!(st.shots[1].df.total(), want, "screen = {screen}");
        assert_eq!(st.guided.df_mask[2] & 1 != 0, screen);
    }
}

/// §7.2.6 / §11.1.1 under the policy's `hold_for_df`: an SDF 2 weapon declared offensive with
/// a shot worth 0.2 switches to SDF against a shot worth 6 at +4 (it saves more); a shot worth
/// 6 of its own keeps it firing. Off (every shipped preset), it always fires.
#[test]
fn holding_back_for_sdf_7_2_6() {
    for (hold, own, switched) in [(true, 0.2, true), (true, 6.0, false), (false, 0.2, false)] {
        let mut m = reaper_duel();
        defenders(&mut m, [(2, 0, 0), (0, 0, 0)]);
        m.policies[0].hold_for_df = hold;
        let mut st = started(&m);
        st.shots.push(shot(0, 1, 4, own));
        st.shots.push(shot(1, 0, 4, 6.0));
        defensive_fire::defensive_fire(&m, &mut st, &mut Dice::for_battle(1, 2, 3), &mut NoTrace);
        let incoming = st.shots.iter().find(|s| s.attacker == 1).unwrap();
        assert_eq!(incoming.df.total(), if switched { 2 } else { 0 });
        assert_eq!(st.shots.len(), if switched { 1 } else { 2 });
    }
}

/// House rule `edf_cooldown` (§11.1.3 is silent on arming after the forced cooldown): a 1+2
/// weapon that used EDF unarmed sits out turns 2–3 either way; switched on in turn 4 it fires
/// at once under `armed-after`, but must arm turns 4–5 again under `then-arms` (default).
#[test]
fn edf_cooldown_then_arms_or_armed_after_11_1_3() {
    use super::super::fire::readings::EdfCooldown;
    for (rule, ready_on_4) in [
        (EdfCooldown::ThenArms, false),
        (EdfCooldown::ArmedAfter, true),
    ] {
        let mut m = reaper_duel();
        m.rules.fire.edf_cooldown = rule;
        defenders(&mut m, [(0, 0, 3), (0, 0, 0)]);
        m.designs[0].mounts[0].weapon.rof.arming = 2;
        m.designs[0].mounts[0].weapon.rof.shots = 1;
        let rof = m.designs[0].mounts[0].weapon.rof;
        let mut st = started(&m);
        st.ships[0].arming[0].armed = 0;
        st.shots.push(shot(1, 0, 4, 20.0));
        defensive_fire::defensive_fire(&m, &mut st, &mut Dice::for_battle(1, 2, 3), &mut NoTrace);
        let mut a = st.ships[0].arming[0];
        a.end_turn(rof, &m.rules.movement);
        for turn in 2..=3 {
            assert!(a.set_active(true).is_err(), "turn {turn}: in cooldown");
            a.end_turn(rof, &m.rules.movement);
        }
        assert!(a.set_active(true).is_ok());
        assert_eq!(a.can_fire(rof), ready_on_4, "{rule:?}");
    }
}

/// A shot of ship `attacker`'s `mount` at `target`.
fn shot_of(attacker: u8, mount: u8, target: u8, drm: i16, value: f64) -> Shot {
    Shot {
        mount,
        ..shot(attacker, target, drm, value)
    }
}

/// §11.1.5 (seed: ablative DF "does not reduce the chance to hit. Rather, if an incoming direct
/// fire weapon successfully strikes, all engaged ablative DF weapons reduce the resulting
/// damage"): an ablative SDF 2 weapon holding fire puts nothing on the hit roll and −2 on the
/// shot's ablative tally; the trace says so.
#[test]
fn ablative_df_cuts_damage_not_the_hit_roll_11_1_5() {
    let mut m = reaper_duel();
    defenders(&mut m, [(2, 0, 0), (0, 0, 0)]);
    m.designs[0].mounts[0].weapon.df.ablative = true;
    let mut st = started(&m);
    st.shots.push(shot(1, 0, 4, 6.0));
    let mut trace = crate::observer::Trace::default();
    defensive_fire::defensive_fire(&m, &mut st, &mut Dice::for_battle(1, 2, 3), &mut trace);
    let s = st.shots[0];
    assert_eq!((s.df.total(), s.ablative.total()), (0, 2));
    assert_eq!(st.guided.df_mask[0], 1);
    assert!(trace.log.contains("gives ablative SDF −2"), "{}", trace.log);
}

/// §11.1.5 with §11.1.2's cap (house rule `ablative_cap`): ablative AHDF 1 and 4 on one shot
/// are a group capped at 4 × 1 under `own-group` (the 4 is kept off: it would add nothing),
/// and add up to 5 under `uncapped`.
#[test]
fn ablative_ahdf_cap_own_group_or_uncapped_11_1_5() {
    use super::super::fire::readings::AblativeCap;
    for (rule, total, used) in [(AblativeCap::OwnGroup, 4, 1), (AblativeCap::Uncapped, 5, 2)] {
        let mut m = reaper_duel();
        m.rules.fire.ablative_cap = rule;
        defenders(&mut m, [(0, 4, 0), (0, 1, 0)]);
        m.designs[0].mounts[0].weapon.df.ablative = true;
        m.designs[0].mounts[1].weapon.df.ablative = true;
        let mut st = started(&m);
        st.shots.push(shot(1, 0, 4, 6.0));
        defensive_fire::defensive_fire(&m, &mut st, &mut Dice::for_battle(1, 2, 3), &mut NoTrace);
        assert_eq!(st.shots[0].ablative.total(), total, "{rule:?}");
        assert_eq!(st.shots[0].df.total(), 0);
        assert_eq!(st.guided.df_mask[0].count_ones(), used, "{rule:?}");
    }
}

/// §11.1.5, D17 7: the spreading values an ablative weapon by the damage it saves — of two
/// incoming shots at the same DRM, it goes to the one whose damage roll is larger (B's mount 1
/// made 4d10 against mount 0's railgun 1d6), though the smaller shot is worth more to the
/// attacker's measure.
#[test]
fn ablative_df_goes_where_it_saves_most_11_1_5() {
    let mut m = reaper_duel();
    defenders(&mut m, [(2, 0, 0), (0, 0, 0)]);
    m.designs[0].mounts[0].weapon.df.ablative = true;
    // Both ships share the design: B's mount 1 is the big gun (A's own mount 1 has no DF).
    m.designs[0].mounts[1].weapon.damage = DamageDice::new(4, 10, 0);
    let mut st = started(&m);
    st.shots.push(shot_of(1, 0, 0, 4, 9.0));
    st.shots.push(shot_of(1, 1, 0, 4, 1.0));
    defensive_fire::defensive_fire(&m, &mut st, &mut Dice::for_battle(1, 2, 3), &mut NoTrace);
    assert_eq!(st.shots[0].ablative.total(), 0);
    assert_eq!(st.shots[1].ablative.total(), 2);
}

/// PLAY.md ("sides that act at once decide from the same snapshot"), §7.2.6: both sides hold
/// back for SDF. A's SDF weapon (its own shot at B worth 1.0) holds back against B's 10-point
/// shot; B's SDF weapon (its shot worth 0.1) holds back against A's shot — deciding from the
/// declared shots, it does not know A's weapon withdrew it (before session 30, B, deciding
/// second, saw the withdrawal and kept firing). Both shots of the switched weapons are gone;
/// B's big shot carries A's SDF 2.
#[test]
fn switches_decide_from_one_snapshot_7_2_6() {
    let mut m = reaper_duel();
    defenders(&mut m, [(2, 0, 0), (0, 0, 0)]);
    m.policies[0].hold_for_df = true;
    m.policies[1].hold_for_df = true;
    let mut st = started(&m);
    st.shots.push(shot_of(0, 0, 1, 4, 1.0));
    st.shots.push(shot_of(1, 0, 0, 4, 0.1));
    st.shots.push(shot_of(1, 1, 0, 4, 10.0));
    defensive_fire::defensive_fire(&m, &mut st, &mut Dice::for_battle(1, 2, 3), &mut NoTrace);
    assert_eq!(st.guided.df_mask[0] & 1, 1, "A holds back");
    assert_eq!(
        st.guided.df_mask[1] & 1,
        1,
        "B holds back from the same snapshot"
    );
    assert_eq!(st.shots.len(), 1);
    let s = st.shots[0];
    assert_eq!((s.attacker, s.mount, s.df.total()), (1, 1, 2));
}
