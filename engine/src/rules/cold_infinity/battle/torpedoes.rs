//! Torpedo systems in the battle (§9.2.2, §9.0, §17.2.2): what sets them apart from missile
//! racks, each step at its place in §2's sequence of play. A torpedo system takes a launcher
//! slot (`guided::mount::TorpedoMount`) and flies, arrives, is intercepted and strikes like a
//! missile (`battle/launch.rs`, `battle/arrival.rs`, `battle/intercepts.rs`,
//! `battle/guided_strike.rs`); here:
//!
//! * **Power** ([`power_torpedoes`], Power Allocation Phase, §3.2): a torpedo system draws its
//!   power requirement "in the same manner as direct fire weapons" (§17.2.2), after the guns
//!   (policy `guided_plan::power_torpedo`); an unpowered one is switched off and its arming
//!   starts over (§3.2.2), as a gun's.
//! * **Lock and amplification** ([`launcher_amplification`], §9.0): "Torpedoes use the launching
//!   ship's EW target amplification, and require a lock-on to fire." The lock (the target
//!   inside the launcher's shroud, §4.1) is checked at launch; the amplification is the
//!   launcher's on the target at the strike — while the launcher is in play and still locked
//!   on, as §4.1 gives amplification only against locked targets (our reading).
//! * **Damage** (`launch::rack_damage`): §13.1.9 names direct fire weapons, §13.1.10 missile and
//!   reload racks; a torpedo system is neither. House rule `torpedo_damage`: `structure`
//!   (default: it fires until its structure is gone) or `rack-roll` (§13.1.10's 1d6 roll, a 1
//!   destroys it).

use super::super::ew::locked_on;
use super::super::guided::launch::Flight;
use super::super::guided::types::GuidedKind;
use super::super::guided_plan::power_torpedo;
use super::super::matchup::Matchup;
use super::BattleState;

/// §3.2, §17.2.2: powers ship `i`'s torpedo systems from `left` (after its guns) while the
/// policy says so; returns what is left.
pub(super) fn power_torpedoes(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    mut left: i32,
    has_plant: bool,
) -> i32 {
    let bd = m.design_of(i);
    for (r, mount) in bd.racks.iter().enumerate() {
        let Some(t) = mount.torpedo else {
            continue;
        };
        let sys = usize::from(mount.sys);
        let intact = !st.condition[i].destroyed[sys];
        let now = &mut st.guided.racks[i][r];
        let on = intact
            && !now.destroyed
            && has_plant
            && power_torpedo(t.power, left)
            && now.launcher.arming.set_active(true).is_ok();
        if on {
            left -= i32::from(t.power);
        } else {
            now.launcher.arming.lose_power();
        }
        now.powered = on;
        let p = &mut st.power[i][sys];
        if !p.destroyed {
            p.active = on;
        }
    }
    left
}

/// §9.0, §4.1: ship `o`'s amplification on ship `t` if it has a lock-on to it now (its shroud
/// reaches `t`); `None` without a lock.
pub(super) fn launcher_amplification(st: &BattleState, o: usize, t: usize) -> Option<i16> {
    let me = &st.ships[o];
    locked_on(me.motion.pos, me.shroud, st.ships[t].motion.pos)
        .then_some(i16::from(me.ew.amplification))
}

/// The launcher's amplification a guided weapon strikes with (§9.0): a torpedo's launcher's,
/// while it is in play and locked on its target; 0 for a missile (it carries its own).
pub(super) fn strike_amplification(st: &BattleState, f: &Flight, t: usize) -> i16 {
    let o = usize::from(f.owner);
    if f.munition.kind != GuidedKind::Torpedo || !st.ships[o].alive {
        return 0;
    }
    launcher_amplification(st, o, t).unwrap_or(0)
}
