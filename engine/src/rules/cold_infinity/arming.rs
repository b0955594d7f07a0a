//! Weapon readiness (§7.1.1–§7.1.3, §3.2, D7.1): a weapon fires only if activated, powered and
//! armed. Rate of fire `X+Y`: X shots on a firing turn, then Y turns of arming while active and
//! powered; any break restarts the count. `C-n`: after firing, n turns off and unpowered, then
//! Y turns of arming. Every active weapon starts the battle armed.

use super::movement::readings::{ActivationTurn, ArmingCount, Readings};

use super::design::RateOfFire;

/// Why a weapon cannot be switched on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArmingError {
    /// In cooldown: it must stay off and unpowered (§7.1.2.1).
    InCooldown,
}

/// One weapon's arming state. `Copy`, a few bytes; one per weapon.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Arming {
    /// Activated (and so powered, §7.1.2).
    pub active: bool,
    /// Completed arming turns since it last fired or was switched on (saturates at Y).
    pub armed: u8,
    /// Cooldown turns still to sit out.
    pub cooldown_left: u8,
    /// Fired this turn.
    pub fired: bool,
    /// Switched on this turn (for the house rule `activation_turn`).
    pub activated_now: bool,
    /// Armed when next switched on (§11.1.3's forced cooldown under `edf_cooldown =
    /// armed-after`: the cooldown stood for the arming cycle).
    pub primed: bool,
}

impl Arming {
    /// The state at the start of a battle (§7.1.3): active weapons are armed.
    pub const fn battle_start(rof: RateOfFire, active: bool) -> Arming {
        Arming {
            active,
            armed: if active { rof.arming } else { 0 },
            cooldown_left: 0,
            fired: false,
            activated_now: false,
            primed: false,
        }
    }

    /// Switch on or off in the Power Allocation Phase (§3.2). Switching off resets the arming;
    /// a weapon in cooldown cannot be switched on.
    pub fn set_active(&mut self, on: bool) -> Result<(), ArmingError> {
        if on && !self.active {
            if self.cooldown_left > 0 {
                return Err(ArmingError::InCooldown);
            }
            self.active = true;
            self.activated_now = true;
            // A primed weapon counts as armed for any arming cycle.
            self.armed = if self.primed { u8::MAX } else { 0 };
            self.primed = false;
        } else if !on {
            self.active = false;
            self.armed = 0;
        }
        Ok(())
    }

    /// A loss of power or a forced deactivation (§3.2.2, §7.1.3): the same as switching off.
    pub fn lose_power(&mut self) {
        self.active = false;
        self.armed = 0;
    }

    /// Whether it may fire this turn (§7.1: activated, powered, armed; arc and line of sight
    /// are separate checks). A `+0` weapon fires on its activation turn (§3.2).
    pub const fn can_fire(&self, rof: RateOfFire) -> bool {
        self.active && self.cooldown_left == 0 && !self.fired && self.armed >= rof.arming
    }

    /// It fires (all of its X shots are the caller's business): arming starts over, and a
    /// `C-n` weapon must now sit out n turns switched off (the caller switches it off).
    pub fn fire(&mut self, rof: RateOfFire) {
        self.fired = true;
        self.armed = 0;
        self.cooldown_left = rof.cooldown;
    }

    /// End of the turn: an active weapon that did not fire completes an arming turn (the
    /// activation turn counts unless the house rule says not, D19 37); under
    /// `FiringTurnCounts` (D19 23) the firing turn counts too. An inactive weapon counts a
    /// cooldown turn.
    #[inline]
    pub fn end_turn(&mut self, rof: RateOfFire, readings: &Readings) {
        if self.fired {
            self.fired = false;
            if readings.arming_count == ArmingCount::FiringTurnCounts && rof.cooldown == 0 {
                self.armed = 1.min(rof.arming);
            }
        } else if self.active {
            let counts =
                !(self.activated_now && readings.activation_turn == ActivationTurn::DoesNotArm);
            if counts && self.armed < rof.arming {
                self.armed += 1;
            }
        } else if self.cooldown_left > 0 {
            self.cooldown_left -= 1;
        }
        self.activated_now = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const R12: RateOfFire = RateOfFire {
        shots: 1,
        arming: 2,
        cooldown: 0,
    };

    /// Plays `turns` turns: `on[t]` = switched on in turn t's Power Allocation; fires whenever
    /// it can and `fire_when_ready` is set. Returns the turns (1-based) it fired.
    fn play(rof: RateOfFire, on: &[bool], readings: &Readings) -> Vec<usize> {
        let mut w = Arming::battle_start(rof, on[0]);
        let mut fired = Vec::new();
        for (t, &o) in on.iter().enumerate() {
            let _ = w.set_active(o);
            if w.can_fire(rof) {
                w.fire(rof);
                fired.push(t + 1);
                if rof.cooldown > 0 {
                    w.set_active(false).unwrap();
                }
            }
            w.end_turn(rof, readings);
        }
        fired
    }

    /// §7.1.3 example: 1+2 fired on turn 1 arms on turns 2–3 and fires again on turn 4.
    #[test]
    fn example_7_1_3_one_plus_two_fires_turn_4() {
        let r = Readings::default();
        assert_eq!(play(R12, &[true; 7], &r), [1, 4, 7]);
    }

    /// §7.1.3 example: the same weapon off on turns 3–5 and on again on turn 6 arms on 6–7 and
    /// fires on turn 8 (the activation turn counts as arming: D19 37's default).
    #[test]
    fn example_7_1_3_reset_by_deactivation_fires_turn_8() {
        let r = Readings::default();
        let on = [true, true, false, false, false, true, true, true];
        assert_eq!(play(R12, &on, &r), [1, 8]);
        let alt = Readings {
            activation_turn: ActivationTurn::DoesNotArm,
            ..r
        };
        let on9 = [true, true, false, false, false, true, true, true, true];
        assert_eq!(play(R12, &on9, &alt), [1, 9]);
    }

    /// §7.1.3 / §7.1.3.1 example: 1+2 C-1 fired on turn 1 is off on turn 2, arms 3–4 and fires
    /// on turn 5; it cannot be switched on during its cooldown.
    #[test]
    fn example_7_1_3_1_cooldown_fires_turn_5() {
        let r = Readings::default();
        let rof = RateOfFire { cooldown: 1, ..R12 };
        assert_eq!(play(rof, &[true; 6], &r), [1, 5]);
        let mut w = Arming::battle_start(rof, true);
        w.fire(rof);
        w.set_active(false).unwrap();
        w.end_turn(rof, &r);
        w.end_turn(rof, &r);
        assert_eq!(w.set_active(true), Ok(()));
        let mut u = Arming::battle_start(rof, true);
        u.fire(rof);
        u.set_active(false).unwrap();
        assert_eq!(u.set_active(true), Err(ArmingError::InCooldown));
    }

    /// §7.1.3 example: 1+3 "available to fire again on Turn 4" contradicts the rule (turn 5).
    /// Default: the rule (D19 23); the alternative reproduces the example.
    #[test]
    fn example_7_1_3_one_plus_three() {
        let rof = RateOfFire {
            shots: 1,
            arming: 3,
            cooldown: 0,
        };
        let r = Readings::default();
        assert_eq!(play(rof, &[true; 5], &r), [1, 5]);
        let alt = Readings {
            arming_count: ArmingCount::FiringTurnCounts,
            ..r
        };
        assert_eq!(play(rof, &[true; 5], &alt), [1, 4]);
    }

    /// §3.2: a `+0` weapon fires on its activation turn and every turn; §7.1.3: every active
    /// weapon starts armed; an inactive one is not.
    #[test]
    fn activation_turn_and_battle_start() {
        let r = Readings::default();
        let rof = RateOfFire {
            shots: 3,
            arming: 0,
            cooldown: 0,
        }; // the Reaper railgun, 3+0
        assert_eq!(play(rof, &[false, true, true], &r), [2, 3]);
        assert_eq!(play(R12, &[false, true, true, true], &r), [4]);
    }
}
