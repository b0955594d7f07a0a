//! Which payload a launch carries against a given target (J63, `payload_choice = "by-target"`):
//! the text leaves the choice to the player; this is a rule of thumb as a pure function. The
//! battle side is `battle/payload_choice.rs`.

use super::parts::{self, GuidedDesign, Payload};
use super::payloads::{self, Attack};

/// Automatic kills (percent of the crew) from which a Neutron Bomb is the payload of choice.
pub const NEUTRON_KILLS: f64 = 50.0;

/// What a launching ship sees of its target.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TargetView {
    /// Protection Rating.
    pub protection: f64,
    /// Armor Value left.
    pub armor: f64,
    /// Armor Value as designed.
    pub armor_max: f64,
    /// Crew fit for duty.
    pub crew: u32,
    /// Relative speed of launcher and target now (hexes per turn).
    pub closing: i32,
}

/// How much one weapon of `gd` is worth against the target (higher is better; `None`: never
/// chosen by this rule). A Neutron Bomb whose automatic kills would reach [`NEUTRON_KILLS`]% of
/// a crewed target beats everything (and is never chosen otherwise: it does no damage).
/// Everything else is worth the Integrity plus the Armor Value one hit would take on intact
/// armor: nuclear bombs 200 / 2,000 Attack Power and `nuclear_armor_multiplier` times that off
/// the Armor Value (so they win against heavy armor); kinetics and inertial mines `factor × v²`
/// with `v` the relative speed now plus one turn of the weapon's acceleration (so they win when
/// the closing speed is high); stand-off and burst payloads their Attack Power. Passive modules
/// and Missile Racks: `None`.
pub fn worth(gd: &GuidedDesign, t: &TargetView, nuclear_armor_multiplier: f64) -> Option<f64> {
    let pr = t.protection;
    let plain = |ap: f64| (ap - pr).max(0.0) + ap.min(pr).min(t.armor);
    match gd.payload {
        Payload::NeutronBomb => {
            let e = payloads::neutron(gd.size, pr, t.armor, t.armor_max);
            (t.crew > 0 && e.killed >= NEUTRON_KILLS).then_some(f64::INFINITY)
        }
        Payload::NuclearBomb => {
            let ap = gd.size.pick(parts::NUCLEAR_AP);
            Some((ap - pr).max(0.0) + (nuclear_armor_multiplier * ap).min(t.armor))
        }
        p if payloads::kinetic(p) => {
            let v = t.closing + gd.propulsion.acceleration().min(gd.propulsion.delta_v());
            Some(plain(parts::contact_kinetic_ap(p, gd.size, v)))
        }
        p => match payloads::attack(p) {
            Some(Attack::DirectFire { .. } | Attack::Burst) => {
                Some(plain(payloads::attack_power(p, gd.size)))
            }
            _ => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::junction::parts::{Guidance, GwSize, Propulsion};

    fn gw(payload: Payload, propulsion: Propulsion) -> GuidedDesign {
        GuidedDesign {
            name: "gw".into(),
            size: GwSize::Light,
            guidance: Guidance::CenterOfMass,
            payload,
            propulsion,
            load: None,
        }
    }

    fn target(protection: f64, armor: f64, closing: i32) -> TargetView {
        TargetView {
            protection,
            armor,
            armor_max: armor,
            crew: 100,
            closing,
        }
    }

    /// Issue 5's examples: neutron bombs at lightly armored crewed ships, nukes at heavy
    /// armor, kinetics when the relative velocity is high (light payloads; a solid rocket
    /// motor accelerates 20).
    #[test]
    fn payload_worth_follows_armor_crew_and_closing_speed() {
        let neutron = gw(Payload::NeutronBomb, Propulsion::NuclearThermal);
        let nuke = gw(Payload::NuclearBomb, Propulsion::NuclearThermal);
        let kinetic = gw(Payload::Kinetic, Propulsion::SolidRocketMotor);
        let w = |g: &GuidedDesign, t: TargetView| worth(g, &t, 10.0);
        // Protection 10, intact: a light neutron bomb kills 90% of the crew.
        let light = target(10.0, 100.0, 0);
        assert_eq!(w(&neutron, light), Some(f64::INFINITY));
        assert_eq!(w(&neutron, TargetView { crew: 0, ..light }), None);
        // Protection 60 (40% kills): no neutron bomb. Armor Value 100: the nuke is worth
        // 140 + 100, a kinetic at rest (20² = 400) 340 + 60.
        assert_eq!(w(&neutron, target(60.0, 100.0, 0)), None);
        assert_eq!(w(&nuke, target(60.0, 100.0, 0)), Some(240.0));
        assert_eq!(w(&kinetic, target(60.0, 100.0, 0)), Some(400.0));
        // Armor Value 1,000: the nuke takes 2,000 off it (1,140), the kinetic still 400.
        assert_eq!(w(&nuke, target(60.0, 1000.0, 0)), Some(1140.0));
        assert_eq!(w(&kinetic, target(60.0, 1000.0, 0)), Some(400.0));
        // Closing at 20 hexes a turn: (20 + 20)² = 1,600 beats the nuke again.
        assert_eq!(w(&kinetic, target(60.0, 1000.0, 20)), Some(1600.0));
        // Passive modules are never chosen.
        let relay = gw(Payload::LaserRelay, Propulsion::NuclearThermal);
        assert_eq!(w(&relay, light), None);
    }
}
