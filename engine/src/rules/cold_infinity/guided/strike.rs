//! A guided weapon's hit (§9.1, §7.3.1.1, §7.4): resolved like any attack, as its munition's
//! technology and configuration, with the section struck and the range taken from its marker
//! (the launch hex, or a drone's hex), not from the launching ship.

use crate::dice::Roller;

use super::super::damage_state::ShipDamage;
use super::super::design::ShipDesign;
use super::super::fire::Readings as FireReadings;
use super::super::fire::attack::{Attack, AttackOutcome, Defences, resolve_attack};
use super::super::fire::hit_location::DefenderPick;
use super::super::fire::hit_roll::HitRoll;
use super::launch::Flight;

/// The attack a guided hit resolves as: its munition's weapon (`Munition::as_weapon`) in its
/// configuration, at `range` from the marker (plasma falloff), striking the section `facing`
/// the marker. No ablative DF (it "works as ordinary DF" against guided weapons, §11.1.5) and
/// no called shot.
pub const fn guided_attack(f: &Flight, range: u16, facing: usize) -> Attack {
    Attack {
        weapon: f.munition.as_weapon(),
        config: f.munition.config,
        range,
        facing,
        ablative_df: 0,
        called: None,
        tracked: None,
    }
}

/// Resolves a guided hit on `design`/`damage` (`fire::attack::resolve_attack`). The battle
/// applies it at the end of the Guided Weapons Phase (§7.3). `pick` is the defender's choice
/// among intact systems of the struck type (§7.4.1.3 "the defender chooses"): the battle passes
/// its defending policy's, `policy::system_pick` with a roll of the battle's dice — as
/// `battle/fire.rs` does for direct fire — never `DefenderPick::MostLeft` (ties by SDS index).
#[allow(clippy::too_many_arguments)]
pub fn resolve_strike(
    design: &ShipDesign,
    damage: &mut ShipDamage,
    dice: &mut impl Roller,
    readings: &FireReadings,
    pick: DefenderPick,
    f: &Flight,
    range: u16,
    facing: usize,
    hit: HitRoll,
    defences: &Defences,
) -> AttackOutcome {
    let attack = guided_attack(f, range, facing);
    resolve_attack(design, damage, dice, readings, pick, &attack, hit, defences)
}

#[cfg(test)]
mod tests {
    use super::super::launch::LauncherAccuracy;
    use super::super::types::Munition;
    use super::*;
    use crate::dice::ScriptedDice;
    use crate::hex::Hex;
    use crate::rules::cold_infinity::design::fixtures::reaper;
    use crate::rules::cold_infinity::design::{Config, DamageDice, PulseRating, Tech};
    use crate::rules::cold_infinity::policy::{Policy, system_pick};

    /// The defending policy's pick (as the battle asks it), with a fixed roll: these hits strike
    /// no tied systems.
    fn defender() -> DefenderPick {
        system_pick(&Policy::preset("closing-gunline").unwrap(), 0)
    }

    fn flight(m: Munition) -> Flight {
        Flight {
            munition: m,
            owner: 0,
            target: 1,
            launch_hex: Hex::new(0, 0),
            pos: Hex::new(0, 0),
            heading_to: Hex::new(0, 0),
            travelled: 0,
            max_range: 30,
            accuracy: LauncherAccuracy::Rack(0),
        }
    }

    /// D10: missiles are Matter by default, so they ignore armor: a 2d6 missile rolling 4 + 3
    /// on a hull hit (13) puts 7 on the Reaper's forward hull through its 4 armor.
    #[test]
    fn matter_missile_ignores_armor() {
        let d = reaper();
        let mut s = ShipDamage::new(&d);
        let f = flight(Munition::missile(DamageDice::new(2, 6, 0), 10, 3));
        let mut dice = ScriptedDice::new(&[4, 3]);
        let o = resolve_strike(
            &d,
            &mut s,
            &mut dice,
            &FireReadings::default(),
            defender(),
            &f,
            9,
            0,
            HitRoll::new(9, 4),
            &Defences::default(),
        );
        assert_eq!(o.rolled, 7);
        assert_eq!(s.hull_damage[0], 7);
    }

    /// §17.2.1 technology shift: a missile shifted to Radiation meets armor: 7 − 4 = 3.
    /// A swarm torpedo (§17.2.2) fires as Pulse.
    #[test]
    fn shifted_technology_meets_armor_and_swarm_is_pulse() {
        let d = reaper();
        let mut s = ShipDamage::new(&d);
        let mut m = Munition::missile(DamageDice::new(2, 6, 0), 10, 3);
        m.tech = Tech::Radiation;
        let mut dice = ScriptedDice::new(&[4, 3]);
        resolve_strike(
            &d,
            &mut s,
            &mut dice,
            &FireReadings::default(),
            defender(),
            &flight(m),
            9,
            0,
            HitRoll::new(9, 4),
            &Defences::default(),
        );
        assert_eq!(s.hull_damage[0], 3);
        let mut swarm = Munition::torpedo(DamageDice::new(1, 6, 0), 8);
        swarm.config = Config::Pulse;
        swarm.pulse = PulseRating {
            max: 4,
            interval: 2,
            bonus_die: 0,
        };
        let a = guided_attack(&flight(swarm), 5, 0);
        assert_eq!(a.config, Config::Pulse);
        assert!(a.weapon.configs.contains(Config::Pulse));
        assert_eq!(a.weapon.pulse.max, 4);
    }
}
