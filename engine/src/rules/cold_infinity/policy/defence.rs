//! Defence (D17 7, §11, §7.4.1.3): defensive fire, shields, the defender's system pick.

use super::super::design::{ShieldCoverage, ShieldDesign, WeaponDesign};
use super::super::fire::hit_location::DefenderPick;
use super::super::fire::hit_roll::hit_ways;
use super::{Policy, mean_damage};

/// How much the power allocation values a shield (D17 1, §11.2): its Ratings times the outer
/// sections it covers (§11.2.4 arc: one; §11.2.6 encapsulating: all of a `sections`-section
/// ship's outer ones), per point of power; a point-defense shield (§11.2.5) by
/// [`point_defense_worth`](super::super::shield_plan::point_defense_worth). The most valued
/// are powered first; ties go to the caller's dice.
pub fn shield_worth(shield: &ShieldDesign, sections: usize) -> f64 {
    if let Some(v) = super::super::shield_plan::point_defense_worth(shield) {
        return v;
    }
    let covered = match shield.coverage {
        ShieldCoverage::Encapsulating => sections.saturating_sub(1).max(1),
        _ => 1,
    };
    let ratings = f64::from(shield.deflection) + f64::from(shield.absorption);
    ratings * covered as f64 / f64::from(shield.power.max(1))
}

/// The defender's measure of a shield against one shot (§11.2.7, D17 7): the shot's expected
/// damage ([`shot_value`](super::shot_value)) at `drm` (after defensive fire and the shield's deflection) against
/// the struck section's armor plus the shield's absorption (`mitigation`). The defender picks
/// the shield with the least; ties go to the caller's dice.
pub fn guard_value(weapon: &WeaponDesign, drm: i16, mitigation: u16) -> f64 {
    let p = f64::from(hit_ways(drm)) / 216.0;
    p * (mean_damage(weapon.damage) - f64::from(mitigation)).max(0.0)
}

/// The defender's pick among intact systems of the struck type (§7.4.1.3: "the defender
/// chooses"; D17): lose the one with the most structure left — the hit then destroys nothing
/// it need not, and every system keeps working longest — ties by `roll`, the battle's dice.
/// Both presets play it.
pub fn system_pick(_policy: &Policy, roll: u16) -> DefenderPick {
    DefenderPick::MostLeftRolled(roll)
}

/// Defensive fire (D17 7): a weapon that holds fire defends its own ship against the incoming
/// shot whose expected damage its `sdf` lowers most (the caller checks §11.1's criteria): a
/// shot of expected damage `value` at hit DRM `drm` (value = hit chance at `drm` × damage)
/// that already has `df` points of defensive fire against it (§11.1.1: DF adds up) is worth
/// `value × (ways(drm − df) − ways(drm − df − sdf)) / ways(drm)`. Before session 23 the measure
/// was the shot's value alone, so a second weapon piled onto a shot already defended, or onto
/// one its DF could barely touch.
pub fn worth_defending(value: f64, drm: i16, df: u16, sdf: u8) -> f64 {
    let ways = hit_ways(drm);
    if ways == 0 {
        return 0.0;
    }
    let now = drm.saturating_sub(df.min(i16::MAX as u16) as i16);
    let after = now.saturating_sub(i16::from(sdf));
    value * f64::from(hit_ways(now) - hit_ways(after)) / f64::from(ways)
}

/// Defensive fire against an arrived guided weapon (D17 7, §11.1, §11.1.6: "in addition to
/// normal defensive fire … against guided weapons"): what a free weapon's `sdf` saves is the
/// guided weapon's chance `survival` to come through the intercepts and DF already assigned,
/// times what the DF takes off its expected damage ([`worth_defending`]: `value` at to-hit
/// DRM `drm`, `df` points already on it). The Guided Weapons Phase spreads each free weapon
/// where it saves the most — this DF, or its intercept attempts
/// (`guided_plan::intercept_gain`) — ties by the battle's dice. The direct-fire shots' DF is
/// declared before (the Fire Determination Phase, `battle/fire.rs`), so a weapon that defends
/// against a gun shot neither defends against a guided weapon nor intercepts one.
pub fn guided_df_worth(value: f64, survival: f64, drm: i16, df: u16, sdf: u8) -> f64 {
    survival * worth_defending(value, drm, df, sdf)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// DF against a guided weapon saves its survival chance × what the DF takes off: a missile
    /// worth 6 at DRM 0 that survives the intercepts with chance ½ gains ½ × 6 × (ways(0) −
    /// ways(−2)) / ways(0) from SDF 2; a second SDF 2, ½ × 6 × (ways(−2) − ways(−4)) / ways(0);
    /// nothing if it cannot survive or cannot hit.
    #[test]
    fn guided_df_is_worth_the_survivors_share() {
        let (w0, w2, w4) = (hit_ways(0), hit_ways(-2), hit_ways(-4));
        let first = guided_df_worth(6.0, 0.5, 0, 0, 2);
        assert_eq!(first, 0.5 * 6.0 * f64::from(w0 - w2) / f64::from(w0));
        let second = guided_df_worth(6.0, 0.5, 0, 2, 2);
        assert_eq!(second, 0.5 * 6.0 * f64::from(w2 - w4) / f64::from(w0));
        assert!(second > 0.0);
        assert_eq!(guided_df_worth(6.0, 0.0, 0, 0, 2), 0.0);
        assert_eq!(guided_df_worth(6.0, 1.0, -20, 0, 2), 0.0);
    }

    /// DF is worth what it takes off a shot's expected damage, counting the DF already on it:
    /// at DRM 0 (108 ways of 216 hit, exact in `hit_roll`) two points are worth
    /// value × (ways(0) − ways(−2)) / ways(0); a second weapon's two more points only
    /// value × (ways(−2) − ways(−4)) / ways(0). A shot that cannot hit is worth nothing to defend.
    #[test]
    fn defensive_fire_counts_the_df_already_assigned() {
        let (w0, w2, w4) = (hit_ways(0), hit_ways(-2), hit_ways(-4));
        assert!(w0 > w2 && w2 > w4);
        let first = worth_defending(8.0, 0, 0, 2);
        let second = worth_defending(8.0, 0, 2, 2);
        assert_eq!(first, 8.0 * f64::from(w0 - w2) / f64::from(w0));
        assert_eq!(second, 8.0 * f64::from(w2 - w4) / f64::from(w0));
        // A weaker shot, undefended, can be worth more than the strong one already defended.
        assert!(worth_defending(7.0, 0, 0, 2) > second);
        assert_eq!(worth_defending(8.0, -20, 0, 2), 0.0);
    }
}
