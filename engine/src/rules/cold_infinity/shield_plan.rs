//! The defender's plan for point-defense shields (§11.2.5; D17 item 1, power allocation): how
//! much a point-defense shield is worth per point of power, which orders it among the shields
//! that take what the reactor has left (`battle/shields.rs::power_shields`). Which system a
//! stationary shield guards is design data (`guards` in the config), not a choice in battle.

use super::design::{ShieldCoverage, ShieldDesign};
use super::fire::hit_roll::THREE_D6_WAYS;

/// §11.2.5: the chance a roaming shield of speed Rating `speed` reaches the struck system —
/// the defender's 3d6 at most `speed` (ways out of 216).
pub fn arrival_ways(speed: u8) -> u32 {
    THREE_D6_WAYS[..=usize::from(speed.min(18))].iter().sum()
}

/// A point-defense shield's expected saving per point of power, for a volley that strikes a
/// system it could guard: its absorption times the chance it acts there (a stationary shield
/// always, a roaming one on 3d6 ≤ speed), over its power. `None` for other shields (their worth
/// is `policy::shield_worth`'s). Shields take only power the sensors and weapons left (which
/// would otherwise go to engine enrichment), the most worth first.
pub fn point_defense_worth(shield: &ShieldDesign) -> Option<f64> {
    let reach = match shield.coverage {
        ShieldCoverage::PointStationary(_) => 1.0,
        ShieldCoverage::PointRoaming(speed) => f64::from(arrival_ways(speed)) / 216.0,
        _ => return None,
    };
    Some(f64::from(shield.absorption) * reach / f64::from(shield.power.max(1)))
}

#[cfg(test)]
mod tests {
    use super::super::design::Tech;
    use super::*;

    fn pd(coverage: ShieldCoverage) -> ShieldDesign {
        ShieldDesign {
            coverage,
            tech: Tech::Electromagnetic,
            deflection: 0,
            absorption: 4,
            buffering: false,
            partial_power: false,
            layering: false,
            overload: false,
            power: 2,
        }
    }

    /// §11.2.5: 3d6 ≤ 9 is 81 ways of 216, ≤ 10 is 108 (half), ≤ 18 all; a roaming 4-point
    /// shield of speed 10 on 2 power saves 4 × ½ ÷ 2 = 1 a volley per power point, a stationary
    /// one 2; arc and encapsulating shields are not point defense.
    #[test]
    fn worth_by_arrival_chance() {
        assert_eq!(arrival_ways(2), 0);
        assert_eq!(arrival_ways(3), 1);
        assert_eq!(arrival_ways(9), 81);
        assert_eq!(arrival_ways(10), 108);
        assert_eq!(arrival_ways(18), 216);
        assert_eq!(
            point_defense_worth(&pd(ShieldCoverage::PointRoaming(10))),
            Some(1.0)
        );
        assert_eq!(
            point_defense_worth(&pd(ShieldCoverage::PointStationary(3))),
            Some(2.0)
        );
        assert_eq!(point_defense_worth(&pd(ShieldCoverage::Arc)), None);
    }
}
