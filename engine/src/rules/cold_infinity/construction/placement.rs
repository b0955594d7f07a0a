//! Where systems may sit (§16.4.1, §16.4.2, §16.4.2.2): weapons and shields never in a core
//! section; an encapsulating shield's extra power. (A 1-section ship's single section is both
//! outer and core and takes weapons and shields, D19 28, §16.4.2.) Hangars, launchers and cargo
//! share one hit class in `design.rs`, so their placement (§16.4.5.1, §16.4.5.4, D19 21) is
//! checked where a config tells them apart.

use super::super::design::{SectionPos, ShieldCoverage, ShipDesign, SystemKind};

/// A system in a section the book forbids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacementError {
    /// A weapon (direct-fire or rack) in a core section (§16.4.1).
    WeaponInCore(u16),
    /// A shield in a core section (§16.4.2).
    ShieldInCore(u16),
}

/// Checks §16.4.1 and §16.4.2 placement for every system of `design`.
pub fn check_placement(design: &ShipDesign) -> Result<(), PlacementError> {
    for (i, s) in design.systems.iter().enumerate() {
        let i = i as u16;
        let in_core = design.sections[design.section_of(i)].pos == SectionPos::Core;
        if !in_core {
            continue;
        }
        match s.kind {
            SystemKind::Weapon(_) | SystemKind::MissileRack { .. } | SystemKind::Torpedo { .. } => {
                return Err(PlacementError::WeaponInCore(i));
            }
            SystemKind::Shield(_) => return Err(PlacementError::ShieldInCore(i)),
            _ => {}
        }
    }
    Ok(())
}

/// A shield's power requirement on a unit of `sections` sections (§16.4.2.2): an encapsulating
/// shield adds half the section count, rounded up; point-defense and arc shields do not.
pub const fn shield_power(base: u8, coverage: ShieldCoverage, sections: u8) -> u8 {
    match coverage {
        ShieldCoverage::Encapsulating => base + sections.div_ceil(2),
        _ => base,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cold_infinity::design::ThrusterRole;
    use crate::rules::cold_infinity::design::fixtures::{railgun, reaper};

    /// The Reaper's railguns and racks sit in its fore and aft sections: allowed; a railgun in
    /// its core is not.
    #[test]
    fn weapons_not_in_core() {
        let mut r = reaper();
        assert_eq!(check_placement(&r), Ok(()));
        r.systems[14].kind = SystemKind::Weapon(railgun());
        assert_eq!(check_placement(&r), Err(PlacementError::WeaponInCore(14)));
        r.systems[14].kind = SystemKind::Thruster(ThrusterRole::Omni);
        assert_eq!(check_placement(&r), Ok(()));
    }

    /// §16.4.2.2: base power + ⌈sections/2⌉ for encapsulating shields only.
    #[test]
    fn encapsulating_power() {
        assert_eq!(shield_power(3, ShieldCoverage::Encapsulating, 5), 6);
        assert_eq!(shield_power(3, ShieldCoverage::Encapsulating, 3), 5);
        assert_eq!(shield_power(3, ShieldCoverage::Arc, 5), 3);
        assert_eq!(shield_power(3, ShieldCoverage::PointRoaming(9), 5), 3);
    }
}
