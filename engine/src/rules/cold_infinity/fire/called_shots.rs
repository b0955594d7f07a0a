//! §7.6 called shots and §7.7 same-hex combat (digest D7.5).

use super::super::design::{Config, SectionPos, ShipDesign};
use super::hit_location::Struck;

/// The to-hit modifier of a called shot (§7.6).
pub const CALLED_SHOT_DRM: i16 = -6;

/// The range of same-hex combat (§7.7); the range penalty then follows `RangeZero`.
pub const SAME_HEX_RANGE: u16 = 0;

/// Why a called shot is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CalledShotError {
    /// Only burst or pulse direct fire may call shots.
    Configuration,
    /// Guided weapons may not.
    Guided,
    /// The system's section is not in the weapon's line of sight.
    NotInSight,
    /// Systems in a core section may not be called, even in sight (§7.6).
    CoreSystem,
}

/// Whether a shot may be called on `target` (§7.6). `section_in_sight` is the section the
/// geometry shows the attacker (from the movement half).
pub fn check_called_shot(
    design: &ShipDesign,
    config: Config,
    guided: bool,
    target: Struck,
    section_in_sight: usize,
) -> Result<(), CalledShotError> {
    if guided {
        return Err(CalledShotError::Guided);
    }
    if !matches!(config, Config::Burst | Config::Pulse) {
        return Err(CalledShotError::Configuration);
    }
    let sec = match target {
        // Hull may always be called (§7.6.1), but only of a section in sight.
        Struck::Hull { section } => section,
        Struck::System { sys, .. } => {
            let sec = design.section_of(sys);
            // A 1-section ship's systems are in sight (D19 item 28); a core's never are.
            if design.sections[sec].pos == SectionPos::Core {
                return Err(CalledShotError::CoreSystem);
            }
            sec
        }
    };
    if sec != section_in_sight {
        return Err(CalledShotError::NotInSight);
    }
    Ok(())
}

/// Whether a successful called shot causes catastrophic damage regardless of the roll: on
/// hull, always (§13.2.3).
pub const fn called_shot_catastrophic(target: Struck) -> bool {
    matches!(target, Struck::Hull { .. })
}

#[cfg(test)]
mod tests {
    use super::super::super::design::fixtures::reaper;
    use super::*;

    /// §7.6: burst/pulse only, not core systems, only the section in sight; hull called shots
    /// are always catastrophic (§13.2.3).
    #[test]
    fn called_shot_rules() {
        let d = reaper();
        let rail = Struck::System { sys: 3, column: 0 };
        assert_eq!(check_called_shot(&d, Config::Burst, false, rail, 0), Ok(()));
        assert_eq!(check_called_shot(&d, Config::Pulse, false, rail, 0), Ok(()));
        assert_eq!(
            check_called_shot(&d, Config::Piercing, false, rail, 0),
            Err(CalledShotError::Configuration)
        );
        assert_eq!(
            check_called_shot(&d, Config::Burst, true, rail, 0),
            Err(CalledShotError::Guided)
        );
        assert_eq!(
            check_called_shot(&d, Config::Burst, false, rail, 1),
            Err(CalledShotError::NotInSight)
        );
        let bridge = Struck::System { sys: 14, column: 0 };
        assert_eq!(
            check_called_shot(&d, Config::Burst, false, bridge, 2),
            Err(CalledShotError::CoreSystem)
        );
        let hull = Struck::Hull { section: 0 };
        assert_eq!(check_called_shot(&d, Config::Burst, false, hull, 0), Ok(()));
        assert!(called_shot_catastrophic(hull));
        assert!(!called_shot_catastrophic(rail));
        assert_eq!(CALLED_SHOT_DRM, -6);
    }
}
