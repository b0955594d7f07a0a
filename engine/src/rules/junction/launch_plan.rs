//! When and how many guided weapons a player launches (issue 17, the `-v2` presets): a salvo
//! massed to get past the target side's point defense instead of dribbled into it, and a
//! kinetic launch timed for the relative velocity its damage is squared on. Pure functions of
//! the position; the battle code (`battle/launch_timing.rs`) gathers their inputs.
//!
//! Text: seed 004 "Launch Guided Weapons" (VLS: any number per turn; the launch and the
//! attack both provoke point defense), "Stuff to Do: Point Defense" (one weapon engages up to
//! its targets, each share reaching the Durability), Appendix 1 "Kinetic" (Attack Power equal
//! to the relative velocity squared, heavy ×8). The text leaves the timing to the player;
//! these are policy settings (`salvo_leak`, `kinetic_min_ap`), not house rules.

use super::hex::{self, Hex};
use super::parts::{self, GwSize, Payload, Propulsion};

/// Turns [`kinetic_impact_speed`] follows a launch before it gives up (no contact).
pub const IMPACT_HORIZON: u32 = 12;

/// How many of its `loaded` guided weapons a ship launches when its preset's salvo is `salvo`
/// and the enemy's point defense can shoot down `stops` of them on the way (at the launch and
/// at the attack): when the magazine holds enough to put `leak` through (`stops + leak`),
/// exactly that many fly at once — a massed salvo that saturates the guns; otherwise the
/// usual salvo, which still draws the enemy's guns into point defense (a gun that defends
/// does not fire at a ship that turn). `leak` 0 turns massing off (the old presets).
pub fn massed_salvo(loaded: u32, salvo: u32, stops: u32, leak: u32) -> u32 {
    let usual = salvo.min(loaded);
    let mass = stops.saturating_add(leak);
    if leak > 0 && mass > usual && loaded >= mass {
        mass
    } else {
        usual
    }
}

/// The relative speed (hexes per turn) at which a contact salvo launched now from `pos` with
/// the ship's vector `vel` would strike a target at `o_pos` coasting on `o_vel`, steering as
/// guided weapons do (each maneuver phase, after the ships have moved, a burn toward the
/// target's hex within its acceleration and delta-v; a solid motor burns once); 0 when it
/// makes no contact within [`IMPACT_HORIZON`] turns. The kinetic formula squares this.
pub fn kinetic_impact_speed(pos: Hex, vel: Hex, o_pos: Hex, o_vel: Hex, drive: Propulsion) -> i32 {
    let (mut p, mut v, mut target) = (pos, vel, o_pos);
    let mut delta_v = drive.delta_v();
    let mut burned = false;
    for _ in 0..IMPACT_HORIZON {
        target = target.add(o_vel);
        let allowed = if burned {
            0
        } else {
            drive.acceleration().min(delta_v)
        };
        let burn = target.sub(p.add(v)).clamp_len(allowed);
        if !burn.is_zero() && drive.one_turn() {
            burned = true;
        }
        delta_v -= burn.length();
        v = v.add(burn);
        let prev = p;
        p = p.add(v);
        if hex::passes_through(prev, p, target) {
            return v.sub(o_vel).length();
        }
    }
    0
}

/// Whether a kinetic hit worth `ap` (the formula at the predicted impact speed) is worth its
/// missiles: at least `min_ap` (0: always, the old scripts). Below it the player holds the
/// launch for a turn with more closing speed (or a wider gap to accelerate over).
pub fn kinetic_worth_launching(ap: f64, min_ap: u32) -> bool {
    ap >= f64::from(min_ap)
}

/// An enemy ship's next kinetic launch as a player sees it across the table (`brawler-v6`):
/// where the ship will launch from (its marker: it is assumed to coast), its vector, and the
/// kinetic guided weapon its launcher holds next.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KineticLauncher {
    /// The launching ship's hex at the next firing phase (now + its vector).
    pub pos: Hex,
    /// Its vector (the salvo's starting vector).
    pub vel: Hex,
    /// The salvo's drive.
    pub propulsion: Propulsion,
    /// Its payload (a kinetic-formula one: kinetic, inertial mine, mini-missile).
    pub payload: Payload,
    /// Light or heavy (heavy: ×8).
    pub size: GwSize,
}

/// The one-turn forward model of the enemy's kinetic launch timing (`brawler-v6`, issue 17):
/// the Attack Power a kinetic salvo launched at the next firing phase by `l` would strike a
/// ship with, if the ship ends this turn's move at `pos` on vector `vel` and coasts on
/// ([`kinetic_impact_speed`] from the launcher's marker, the kinetic formula on it). A player
/// compares it with what a held launch waits for ([`invites_kinetic_launch`]).
#[inline]
pub fn predicted_kinetic_ap(l: KineticLauncher, pos: Hex, vel: Hex) -> f64 {
    let speed = kinetic_impact_speed(l.pos, l.vel, pos, vel, l.propulsion);
    parts::contact_kinetic_ap(l.payload, l.size, speed)
}

/// Whether a ship ending its move at `pos` on `vel` invites any of the enemy's next kinetic
/// launches `launchers`: the predicted hit ([`predicted_kinetic_ap`]) is worth at least
/// `guard_ap`, the Attack Power the player reckons a launcher holds its kinetics for (the
/// same comparison as [`kinetic_worth_launching`], made from the target's seat). Below it the
/// enemy holds its launch — or wastes its missiles.
#[inline]
pub fn invites_kinetic_launch(
    launchers: &[KineticLauncher],
    pos: Hex,
    vel: Hex,
    guard_ap: u32,
) -> bool {
    launchers
        .iter()
        .any(|&l| kinetic_worth_launching(predicted_kinetic_ap(l, pos, vel), guard_ap))
}

#[cfg(test)]
mod tests {
    use super::super::parts::{self, GwSize};
    use super::*;

    /// A salvo of two into a destroyer whose guns shoot down four a turn (the reference
    /// battle's opening): the old script sent two every turn and lost them every turn; with
    /// eight loaded, the massed salvo sends five and puts one through.
    #[test]
    fn a_massed_salvo_saturates_the_point_defense() {
        assert_eq!(massed_salvo(8, 2, 4, 1), 5);
        assert_eq!(massed_salvo(8, 2, 4, 2), 6);
        // Not enough loaded to saturate: the usual salvo (it still draws the guns).
        assert_eq!(massed_salvo(4, 2, 4, 1), 2);
        // The usual salvo already gets through: no bigger launch.
        assert_eq!(massed_salvo(8, 6, 4, 1), 6);
        // Fewer loaded than the salvo.
        assert_eq!(massed_salvo(1, 2, 0, 1), 1);
    }

    /// `salvo_leak = 0` is the old behaviour: the usual salvo.
    #[test]
    fn leak_zero_is_the_usual_salvo() {
        for stops in 0..10 {
            for loaded in 0..10 {
                for salvo in 0..4 {
                    assert_eq!(massed_salvo(loaded, salvo, stops, 0), salvo.min(loaded));
                }
            }
        }
        assert_eq!(massed_salvo(5, 2, u32::MAX, 1), 2);
    }

    /// A nuclear-thermal kinetic steers to land in its target's hex, so it strikes at about
    /// the gap it closed on its last turn: launched point-blank (3 hexes, both at rest) it
    /// hits at 3 hexes/turn — 9 AP light, 72 heavy — while from 12 hexes it hits at 12.
    #[test]
    fn a_kinetic_hits_harder_from_further_away() {
        let at = |d: i32| {
            kinetic_impact_speed(
                Hex::new(0, 0),
                Hex::default(),
                Hex::new(d, 0),
                Hex::default(),
                Propulsion::NuclearThermal,
            )
        };
        assert_eq!(at(3), 3);
        assert_eq!(at(12), 12);
        // Beyond its acceleration it arrives on the second turn with the last gap.
        assert_eq!(at(20), 6);
        assert_eq!(parts::kinetic_ap(GwSize::Light, at(3)), 9.0);
        assert_eq!(parts::kinetic_ap(GwSize::Heavy, at(12)), 1152.0);
    }

    /// The impact speed is the gap the salvo closes on its last turn, whoever closes it: a
    /// target rushing in at 5 hexes/turn from 10 hexes is struck at 10, as a still one is.
    #[test]
    fn the_impact_speed_is_the_last_gap() {
        let at = |o_vel: Hex| {
            kinetic_impact_speed(
                Hex::new(0, 0),
                Hex::default(),
                Hex::new(10, 0),
                o_vel,
                Propulsion::NuclearThermal,
            )
        };
        assert_eq!(at(Hex::new(-5, 0)), 10);
        assert_eq!(at(Hex::default()), 10);
    }

    /// A target out-running a spent solid motor is never struck.
    #[test]
    fn no_contact_is_speed_zero() {
        let v = kinetic_impact_speed(
            Hex::new(0, 0),
            Hex::default(),
            Hex::new(40, 0),
            Hex::new(30, 0),
            Propulsion::SolidRocketMotor,
        );
        assert_eq!(v, 0);
    }

    /// The forward model from the target's seat: the strike group's cruiser (heavy kinetics
    /// next) 16 hexes off, both at rest. Where the battle line's ship ends its move decides
    /// whether the held launch fires: at 15–17 hexes a kinetic would arrive on its second turn
    /// with the last gap (1–3 hexes/turn: 8–72 AP), at 4–14 it strikes with the whole gap (128
    /// AP and more), at 3 or less point-blank again (72 AP).
    #[test]
    fn the_target_sees_which_hexes_invite_a_kinetic_launch() {
        let heavy = KineticLauncher {
            pos: Hex::new(0, 0),
            vel: Hex::default(),
            propulsion: Propulsion::NuclearThermal,
            payload: Payload::Kinetic,
            size: GwSize::Heavy,
        };
        let at = |d: i32| invites_kinetic_launch(&[heavy], Hex::new(d, 0), Hex::default(), 100);
        assert!(!at(3));
        assert!(at(4));
        assert!(at(14));
        assert!(!at(15));
        assert!(!at(17));
        assert!(at(18));
        assert_eq!(
            predicted_kinetic_ap(heavy, Hex::new(16, 0), Hex::default()),
            32.0
        );
        // The destroyer's light kinetics wait for 10 hexes/turn: 10–14 hexes invite them.
        let light = KineticLauncher {
            size: GwSize::Light,
            ..heavy
        };
        let at = |d: i32| invites_kinetic_launch(&[light], Hex::new(d, 0), Hex::default(), 100);
        assert!(!at(9) && at(10) && at(14) && !at(15));
        // Rushing in from 9 hexes at 6 a turn it is struck at 3 + 6 = 9: still held; from 12
        // at 3 a turn, at 9 + 3 = 12: launched.
        assert!(!invites_kinetic_launch(
            &[light],
            Hex::new(9, 0),
            Hex::new(-6, 0),
            100
        ));
        assert!(invites_kinetic_launch(
            &[light],
            Hex::new(12, 0),
            Hex::new(-3, 0),
            100
        ));
        // No launchers: nothing invited.
        assert!(!invites_kinetic_launch(
            &[],
            Hex::new(8, 0),
            Hex::default(),
            0
        ));
    }

    /// The threshold: 0 launches anything; 100 AP holds a point-blank light kinetic (9 AP)
    /// and launches a heavy one from 4 hexes (128 AP).
    #[test]
    fn worth_launching_compares_with_the_threshold() {
        assert!(kinetic_worth_launching(0.0, 0));
        assert!(!kinetic_worth_launching(9.0, 100));
        assert!(kinetic_worth_launching(
            parts::kinetic_ap(GwSize::Heavy, 4),
            100
        ));
    }
}
