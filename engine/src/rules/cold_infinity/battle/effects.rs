//! §2.4 Damage Effects Step (§13): ongoing fires burn (§13.2.1), an unstable reactor may
//! detonate (§13.1.4), and ships leave the battle — destroyed with their core (§7.4.4) or
//! removed when every bridge is gone (§13.1.8, basic rules). Damaged weapons are lowered
//! (§13.1.9), destroyed systems serve a turn of their power drain (§3.4) and arming advances
//! at the end of the turn (§7.1.3).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::catastrophic::burn;
use super::super::damage_effects::{reactor_detonates, reactor_unstable};
use super::super::damage_state::ShipDamage;
use super::super::design::{ShipDesign, SystemKind};
use super::super::fire::readings::ReactorDetonation;
use super::super::matchup::Matchup;
use super::BattleState;
use super::preliminary::end_turn_drain;
use super::weapon_damage::reduce_damaged_weapons;
use crate::rules::cold_infinity::Event;

/// Whether any reactor of the ship has lost more than half its structure (§13.1.4).
pub fn reactor_is_unstable(d: &ShipDesign, dmg: &ShipDamage) -> bool {
    d.systems.iter().enumerate().any(|(i, s)| {
        matches!(s.kind, SystemKind::Reactor) && {
            let left = dmg.system_left(d, i as u16);
            left > 0 && reactor_unstable(s.structure, s.structure - left)
        }
    })
}

/// Whether the ship has bridges and every one is destroyed (§13.1.8: removed under the basic
/// rules).
pub fn bridges_lost(d: &ShipDesign, dmg: &ShipDamage) -> bool {
    let mut any = false;
    for (i, s) in d.systems.iter().enumerate() {
        if let SystemKind::Bridge { .. } = s.kind {
            any = true;
            if !dmg.system_destroyed(d, i as u16) {
                return false;
            }
        }
    }
    any
}

/// §2.4 for every ship still in the battle, then the end-of-turn arming (§7.1.3).
pub fn damage_effects_step<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) {
    for i in 0..st.ships.len() {
        if !st.ships[i].alive {
            continue;
        }
        let bd = m.design_of(i);
        let d = &bd.design;
        burn(d, &mut st.damage[i]);
        // What the damage leaves the ship (read once per damage state): its reactors and
        // bridges as [`reactor_is_unstable`] and [`bridges_lost`] read them. A detonation
        // below marks the ship destroyed and changes no system or hull loss.
        st.condition[i].refresh(d, &st.damage[i], &m.rules.movement);
        let unstable = st.condition[i].reactor_unstable();
        // §13.1.4: the counter rises with each roll; the first roll is the turn after it
        // became unstable (default) or that turn (house rule `reactor_detonation`).
        let rolls = match m.rules.fire.reactor_detonation {
            ReactorDetonation::NextTurn => st.ships[i].unstable,
            ReactorDetonation::SameTurn => unstable,
        };
        if rolls && !st.damage[i].destroyed {
            let s = &mut st.ships[i];
            s.unstable_rolls = s.unstable_rolls.saturating_add(1);
            let roll = dice.below(10) as u8 + dice.below(10) as u8 + 2;
            if reactor_detonates(roll, s.unstable_rolls) {
                st.damage[i].destroyed = true;
                let side = st.ships[i].side;
                st.event(side, Event::ReactorDetonations);
                trace!(obs, "  {} reactor detonates", m.names[i]);
            }
        }
        st.ships[i].unstable = unstable;
        let destroyed = st.damage[i].destroyed;
        let bridge = !destroyed && st.condition[i].bridges_lost();
        if destroyed || bridge {
            st.ships[i].alive = false;
            st.lines.lost(i, &st.ships);
            let side = st.ships[i].side;
            if bridge {
                st.event(side, Event::BridgeLost);
            }
            st.event(side, Event::Destroyed);
            trace!(
                obs,
                "  {} out ({})",
                m.names[i],
                if bridge { "bridge lost" } else { "destroyed" }
            );
            continue;
        }
        reduce_damaged_weapons(m, st, i, dice);
        // A system drains only once `destroyed_drain` saw it destroyed, through a reading of
        // the damage then or since (losses only grow): with none destroyed, nothing to serve.
        if st.condition[i].any_destroyed {
            end_turn_drain(st, i);
        }
        let s = &mut st.ships[i];
        for (k, w) in bd.mounts.iter().enumerate() {
            s.arming[k].end_turn(w.weapon.rof, &m.rules.movement);
        }
    }
}
