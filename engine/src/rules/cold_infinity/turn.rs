//! The turn sequence (§2, D2) as data: the basic outline's steps and phases in order, for the
//! battle loop to walk and the trace to name. Advanced additions (§2, "Advanced Turn Sequence
//! Outline") slot in where their rules are built.

/// A step or phase of the basic turn (§2.1–§2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// §2.1.1: resolve power shortfalls, announce deactivations (§3).
    PowerAllocation,
    /// §2.1.2: initiative determined and announced.
    InitiativeDetermination,
    /// §2.1.3: EW levels set in secret (§4).
    ElectronicWarfare,
    /// §2.1.4: guided weapons launched (§9).
    WeaponLaunch,
    /// §2.2: units move in initiative order, highest first (§5).
    Movement,
    /// §2.3.1: attacks and defensive fire chosen, revealed, allocated; EW announced (§7.2).
    FireDetermination,
    /// §2.3.2: guided weapons strike.
    GuidedWeapons,
    /// §2.3.4: starship weapons fire (simultaneous; damage applied at the phase's end, §7.3).
    StarshipWeapons,
    /// §2.3.5: small-vessel weapons.
    SmallVesselWeapons,
    /// §2.4: systems failure, destroyed sections detach, overthrust damage (§5.3.1).
    DamageEffects,
    /// §2.5: hangar, cargo and reload operations.
    FinalActions,
}

/// The basic turn sequence outline (§2), in order.
pub const BASIC_SEQUENCE: [Phase; 11] = [
    Phase::PowerAllocation,
    Phase::InitiativeDetermination,
    Phase::ElectronicWarfare,
    Phase::WeaponLaunch,
    Phase::Movement,
    Phase::FireDetermination,
    Phase::GuidedWeapons,
    Phase::StarshipWeapons,
    Phase::SmallVesselWeapons,
    Phase::DamageEffects,
    Phase::FinalActions,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// §2 basic outline: power before initiative before EW before launch; movement before
    /// fire; guided before starship before small-vessel fire; damage effects, then final actions.
    #[test]
    fn basic_outline_order() {
        let pos = |p| BASIC_SEQUENCE.iter().position(|&q| q == p).unwrap();
        assert!(pos(Phase::PowerAllocation) < pos(Phase::InitiativeDetermination));
        assert!(pos(Phase::InitiativeDetermination) < pos(Phase::ElectronicWarfare));
        assert!(pos(Phase::ElectronicWarfare) < pos(Phase::WeaponLaunch));
        assert!(pos(Phase::WeaponLaunch) < pos(Phase::Movement));
        assert!(pos(Phase::Movement) < pos(Phase::FireDetermination));
        assert!(pos(Phase::GuidedWeapons) < pos(Phase::StarshipWeapons));
        assert!(pos(Phase::StarshipWeapons) < pos(Phase::SmallVesselWeapons));
        assert!(pos(Phase::DamageEffects) < pos(Phase::FinalActions));
        assert_eq!(BASIC_SEQUENCE.len(), 11);
    }
}
