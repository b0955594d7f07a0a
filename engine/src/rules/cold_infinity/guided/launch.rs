//! Launch (§9.0, §2.1.4, §17.2): in the Weapon Launch Phase, before movement, a rack or torpedo
//! system that meets §7.1 (active, powered, armed, target in arc and line of sight) launches at
//! a target within the launch range; a marker goes on the launcher's hex.

use super::super::arming::Arming;
use super::super::design::RateOfFire;
use super::super::movement::Readings as MovementReadings;
use super::magazine::{Magazine, MagazineError};
use super::readings::Readings;
use super::types::{Munition, RackDesign, TorpedoDesign};
use crate::hex::Hex;

/// The launcher's facts at launch, from the battle (`preconditions::attack_facts`, the EW
/// half and the map).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchFacts {
    /// §7.1 is met: activated, powered, armed, the target in arc and in line of sight.
    pub ready: bool,
    /// Range from the launcher to the target, in hexes.
    pub range: u16,
    /// The launcher has a lock-on to the target (torpedoes need one, §9.0).
    pub locked: bool,
    /// The launcher's hex (where the marker goes, §9.1).
    pub hex: Hex,
    /// The launching unit.
    pub owner: u8,
    /// The target unit.
    pub target: u8,
}

/// Why a launch is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaunchError {
    /// §7.1 not met.
    NotReady,
    /// The target is beyond the launch range (§9.0).
    OutOfLaunchRange,
    /// A torpedo without a lock-on (§9.0).
    NoLock,
    /// The rack has no missile to fire (of that type, or in that order).
    Magazine(MagazineError),
}

/// A launcher's state: its arming (§7.1.3) and the shots fired this turn (a `X+Y` launcher
/// fires up to X weapons on a firing turn). `Copy`; one per rack or torpedo system.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LauncherState {
    /// Arming.
    pub arming: Arming,
    /// Weapons launched this turn.
    pub shots: u8,
}

impl LauncherState {
    /// At the start of a battle (active launchers are armed, §7.1.3).
    pub const fn battle_start(rof: RateOfFire, active: bool) -> LauncherState {
        LauncherState {
            arming: Arming::battle_start(rof, active),
            shots: 0,
        }
    }

    /// Whether one more weapon may be launched this turn.
    pub const fn can_launch(&self, rof: RateOfFire) -> bool {
        if self.shots == 0 {
            self.arming.can_fire(rof)
        } else {
            self.shots < rof.shots
        }
    }

    /// Records one launch.
    pub fn launched(&mut self, rof: RateOfFire) {
        if self.shots == 0 {
            self.arming.fire(rof);
        }
        self.shots += 1;
    }

    /// End of turn (arming, `arming::Arming::end_turn`).
    pub fn end_turn(&mut self, rof: RateOfFire, readings: &MovementReadings) {
        self.arming.end_turn(rof, readings);
        self.shots = 0;
    }
}

/// The accuracy a launcher lends its weapon: a rack's unsigned bonus, or a torpedo system's
/// (possibly signed) Rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LauncherAccuracy {
    /// A missile rack's bonus (§17.2.1: racks may not have signed accuracy).
    Rack(i8),
    /// A torpedo system's Rating.
    Torpedo(super::super::design::Accuracy),
}

/// One guided weapon in flight: the marker on the map and what it needs to strike. `Copy`,
/// fixed size; a battle keeps them in a fixed array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flight {
    /// What flies.
    pub munition: Munition,
    /// The launching unit.
    pub owner: u8,
    /// The target unit (it may change once, to an enemy blocking line of sight, §9.1).
    pub target: u8,
    /// Where it was launched (the marker; silhouette and section are read from here, §7.3.1.1).
    pub launch_hex: Hex,
    /// Where the weapon is now: the launch hex, except for a drone (§9.2.3).
    pub pos: Hex,
    /// A drone's destination: the target's hex when last seen.
    pub heading_to: Hex,
    /// Hexes a drone has travelled.
    pub travelled: u16,
    /// Maximum range (§9.0).
    pub max_range: u16,
    /// The launcher's accuracy.
    pub accuracy: LauncherAccuracy,
}

/// Launches one missile from a rack (§9.0, §9.2.1). `want` picks a type under
/// `missile_order = Any`; the launcher's state records the shot (its RoF limits shots per
/// firing turn).
pub fn launch_missile(
    rack: &RackDesign,
    state: &mut LauncherState,
    magazine: &mut Magazine,
    types: &[Munition],
    want: Option<u8>,
    facts: LaunchFacts,
    r: &Readings,
) -> Result<Flight, LaunchError> {
    if !facts.ready || !state.can_launch(rack.rof()) {
        return Err(LaunchError::NotReady);
    }
    let next = match want {
        Some(t) => t,
        None => magazine
            .top()
            .ok_or(LaunchError::Magazine(MagazineError::Empty))?,
    };
    let m = *types
        .get(usize::from(next))
        .ok_or(LaunchError::Magazine(MagazineError::Empty))?;
    if facts.range > m.launch_range_with(rack.range_boost) {
        return Err(LaunchError::OutOfLaunchRange);
    }
    let ty = magazine
        .take(want, r.missile_order)
        .map_err(LaunchError::Magazine)?;
    debug_assert_eq!(ty, next);
    state.launched(rack.rof());
    Ok(Flight {
        munition: m,
        owner: facts.owner,
        target: facts.target,
        launch_hex: facts.hex,
        pos: facts.hex,
        heading_to: facts.hex,
        travelled: 0,
        max_range: m.max_range_with(rack.range_boost),
        accuracy: LauncherAccuracy::Rack(rack.accuracy),
    })
}

/// Launches one torpedo (§9.0, §9.2.2): never out of ammunition; needs a lock-on.
pub fn launch_torpedo(
    system: &TorpedoDesign,
    state: &mut LauncherState,
    facts: LaunchFacts,
) -> Result<Flight, LaunchError> {
    if !facts.ready || !state.can_launch(system.rof()) {
        return Err(LaunchError::NotReady);
    }
    if !facts.locked {
        return Err(LaunchError::NoLock);
    }
    let m = system.munition;
    if facts.range > m.launch_range_with(0) {
        return Err(LaunchError::OutOfLaunchRange);
    }
    state.launched(system.rof());
    Ok(Flight {
        munition: m,
        owner: facts.owner,
        target: facts.target,
        launch_hex: facts.hex,
        pos: facts.hex,
        heading_to: facts.hex,
        travelled: 0,
        max_range: m.max_range_with(0),
        accuracy: LauncherAccuracy::Torpedo(system.accuracy),
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::readings::FiringOrder;
    use super::super::types::GuidedKind;
    use super::*;
    use crate::rules::cold_infinity::design::{Accuracy, DamageDice};

    /// A Harbinger-like rack (magazine 40, RoF 2+0, +3) and a 2d6 missile, launch 10 ×3.
    pub(crate) fn harbinger() -> (RackDesign, [Munition; 2]) {
        let rack = RackDesign {
            magazine: 40,
            shots: 2,
            arming: 0,
            accuracy: 3,
            range_boost: 0,
        };
        let a = Munition::missile(DamageDice::new(2, 6, 0), 10, 3);
        let b = Munition::missile(DamageDice::new(1, 6, 4), 6, 2);
        (rack, [a, b])
    }

    pub(crate) fn facts(range: u16) -> LaunchFacts {
        LaunchFacts {
            ready: true,
            range,
            locked: false,
            hex: Hex::new(0, 0),
            owner: 0,
            target: 1,
        }
    }

    /// §9.0: the target must be within launch range; the rack must hold missiles; RoF 2+0
    /// fires two a turn; no lock is needed for missiles.
    #[test]
    fn missile_launch() {
        let (rack, types) = harbinger();
        let mut arming = LauncherState::battle_start(rack.rof(), true);
        let mut mag = Magazine::default();
        mag.load(0, 1, 40).unwrap();
        mag.load(1, 5, 40).unwrap();
        let r = Readings::default();
        assert_eq!(
            launch_missile(&rack, &mut arming, &mut mag, &types, None, facts(11), &r),
            Err(LaunchError::OutOfLaunchRange)
        );
        let f = launch_missile(&rack, &mut arming, &mut mag, &types, None, facts(10), &r).unwrap();
        assert_eq!((f.max_range, f.munition.kind), (30, GuidedKind::Missile));
        assert_eq!(f.accuracy, LauncherAccuracy::Rack(3));
        // Next on top is type 1, launch range 6.
        assert_eq!(
            launch_missile(&rack, &mut arming, &mut mag, &types, None, facts(7), &r),
            Err(LaunchError::OutOfLaunchRange)
        );
        let f = launch_missile(&rack, &mut arming, &mut mag, &types, None, facts(6), &r).unwrap();
        assert_eq!(f.max_range, 12);
        // Two shots this turn: the third is refused.
        assert_eq!(
            launch_missile(&rack, &mut arming, &mut mag, &types, None, facts(1), &r),
            Err(LaunchError::NotReady)
        );
        let mut not_ready = facts(1);
        not_ready.ready = false;
        let mut fresh = LauncherState::battle_start(rack.rof(), true);
        assert_eq!(
            launch_missile(&rack, &mut fresh, &mut mag, &types, None, not_ready, &r),
            Err(LaunchError::NotReady)
        );
        // Under `Any`, a named type; under `Loaded`, only the top.
        let mut mag = Magazine::default();
        mag.load(0, 1, 40).unwrap();
        mag.load(1, 1, 40).unwrap();
        let mut fresh = LauncherState::battle_start(rack.rof(), true);
        assert_eq!(
            launch_missile(&rack, &mut fresh, &mut mag, &types, Some(1), facts(1), &r),
            Err(LaunchError::Magazine(MagazineError::OutOfOrder))
        );
        let any = Readings {
            missile_order: FiringOrder::Any,
            ..r
        };
        let f = launch_missile(&rack, &mut fresh, &mut mag, &types, Some(1), facts(1), &any);
        assert_eq!(f.unwrap().munition, types[1]);
        let mut empty = Magazine::default();
        let mut fresh = LauncherState::battle_start(rack.rof(), true);
        assert_eq!(
            launch_missile(&rack, &mut fresh, &mut empty, &types, None, facts(1), &r),
            Err(LaunchError::Magazine(MagazineError::Empty))
        );
    }

    /// §9.0: torpedoes need a lock; max range = launch range; never run out.
    #[test]
    fn torpedo_launch() {
        let sys = TorpedoDesign {
            munition: Munition::torpedo(DamageDice::new(3, 6, 0), 8),
            shots: 1,
            arming: 1,
            accuracy: Accuracy { value: 2, signs: 0 },
        };
        let mut arming = LauncherState::battle_start(sys.rof(), true);
        assert_eq!(
            launch_torpedo(&sys, &mut arming, facts(5)),
            Err(LaunchError::NoLock)
        );
        let mut f = facts(9);
        f.locked = true;
        assert_eq!(
            launch_torpedo(&sys, &mut arming, f),
            Err(LaunchError::OutOfLaunchRange)
        );
        f.range = 8;
        let fl = launch_torpedo(&sys, &mut arming, f).unwrap();
        assert_eq!(fl.max_range, 8);
        // 1+1: not again until it has armed.
        assert_eq!(
            launch_torpedo(&sys, &mut arming, f),
            Err(LaunchError::NotReady)
        );
    }
}
