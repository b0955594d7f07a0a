//! Defence (D17 7, §11, §7.4.1.3): defensive fire, shields, the defender's system pick.

use super::super::defensive_fire::{DfKind, DfTally, EdfCost};
use super::super::design::{DamageDice, ShieldCoverage, ShieldDesign, WeaponDesign};
use super::super::fire::damage::ablative_reduction;
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

/// [`worth_defending`] for any kind of defensive fire (§11.1.1–3): what one more weapon of
/// `kind` and `rating` takes off a shot of expected damage `value` at hit DRM `drm` that has the
/// DF `tally` on it already — for AHDF and EDF only what the group's cap (4 × its lowest
/// Rating) lets through, so a weapon whose Rating the cap swallows is worth nothing there and
/// goes to another shot. For SDF it is [`worth_defending`] exactly.
pub fn worth_allocating(value: f64, drm: i16, tally: DfTally, kind: DfKind, rating: u8) -> f64 {
    let before = tally.total();
    let after = tally.with(kind, rating).total();
    if after <= before {
        return 0.0;
    }
    worth_defending(
        value,
        drm,
        before,
        (after - before).min(u16::from(u8::MAX)) as u8,
    )
}

/// Largest damage roll [`ablative_saving`] enumerates exactly (a larger Rating is valued at its
/// mean roll).
const MOST_ENUMERATED: usize = 255;

/// What ablative DF saves on one hit (§11.1.5: "reduce the resulting damage by ten percent of
/// the total damage rolled per –1 of DF, rounded up"): the mean, over every roll `D` of the
/// damage Rating `damage`, of `min(D, ablative_reduction(after, D)) − min(D,
/// ablative_reduction(before, D))` — the cut with `after` points of ablative −DF engaged less
/// the cut with `before`. Exact, by enumerating the dice (plasma falloff and the hull band's
/// halving are left out: the policy's measure).
pub fn ablative_saving(damage: DamageDice, before: u16, after: u16) -> f64 {
    let cut = |d: u16| {
        d.min(ablative_reduction(after, d)) as f64 - d.min(ablative_reduction(before, d)) as f64
    };
    let top: usize = damage
        .groups
        .iter()
        .map(|g| usize::from(g.count) * usize::from(g.sides))
        .sum::<usize>()
        + usize::from(damage.fixed);
    if top > MOST_ENUMERATED {
        return cut(mean_damage(damage).round() as u16);
    }
    let mut odds = [0.0f64; MOST_ENUMERATED + 1];
    let mut next = [0.0f64; MOST_ENUMERATED + 1];
    odds[usize::from(damage.fixed)] = 1.0;
    let mut high = usize::from(damage.fixed);
    for g in damage.groups.iter().filter(|g| g.count > 0 && g.sides > 0) {
        let sides = usize::from(g.sides);
        for _ in 0..g.count {
            next[..=high + sides].fill(0.0);
            for (v, &p) in odds[..=high].iter().enumerate() {
                if p > 0.0 {
                    for face in 1..=sides {
                        next[v + face] += p / sides as f64;
                    }
                }
            }
            high += sides;
            odds[..=high].copy_from_slice(&next[..=high]);
        }
    }
    odds[..=high]
        .iter()
        .enumerate()
        .map(|(d, &p)| p * cut(d as u16))
        .sum()
}

/// Ablative DF against a gun shot (D17 7, §11.1.5): it does not touch the hit roll, so what
/// one more ablative weapon saves is the shot's chance to hit — at hit DRM `drm` less the
/// to-hit DF `df` already on it — times what its −DF adds to the cut ([`ablative_saving`],
/// from `before` to `after` points of ablative −DF: the caller counts the AHDF group's cap,
/// house rule `ablative_cap`). The DF spreading puts an ablative weapon where this is largest,
/// as it puts a to-hit one where [`worth_allocating`] is.
pub fn worth_ablative(damage: DamageDice, drm: i16, df: u16, before: u16, after: u16) -> f64 {
    if after <= before {
        return 0.0;
    }
    let now = drm.saturating_sub(df.min(i16::MAX as u16) as i16);
    f64::from(hit_ways(now)) / 216.0 * ablative_saving(damage, before, after)
}

/// How the EDF policy values a firing it cannot make (§11.1.3's forced cooldown): the share of
/// hits of an even shot (DRM 0 hits 108 of 216 ways, `hit_roll`) times the weapon's mean damage
/// and shots.
pub const FIRING_HIT_SHARE: f64 = 0.5;

/// The price of one weapon's EDF in expected damage (D17 7, §11.1.3, `edf_cost`): its point of
/// damage (ignoring armor) counted as one point dealt to the ship, plus, for an unarmed weapon,
/// its forced cooldown as the firings it loses — `cooldown` turns of a `cycle`-turn arming
/// cycle, each firing worth `firing` (the weapon's shots × mean damage ×
/// [`FIRING_HIT_SHARE`]).
pub fn edf_price(cost: EdfCost, cycle: u8, firing: f64) -> f64 {
    f64::from(cost.damage) + f64::from(cost.cooldown) / f64::from(cycle.max(1)) * firing
}

/// Emergency defensive fire (D17 7, §7.2.6, §11.1.3): a weapon switches to EDF when the expected
/// damage its EDF saves on the incoming shot (`saved`, [`worth_allocating`]) beats what it gives
/// up — the expected damage of its own declared shots it spoils (`spoiled`) plus its price
/// ([`edf_price`]). Ties stay offensive.
pub fn worth_emergency(saved: f64, spoiled: f64, price: f64) -> bool {
    saved > spoiled + price
}

/// Holding back for DF (D17 4/7, the policy's `hold_for_df`; §7.2.6, §11.1.1: an SDF weapon
/// declared offensive "may be switched to [its] SDF mode freely" once the attacks are revealed):
/// switch when the expected damage its SDF takes off the incoming shot it defends best
/// (`saved`, [`worth_allocating`]) beats the expected damage its own shots deal (`dealt`).
/// Ties keep firing.
pub fn holds_for_df(saved: f64, dealt: f64) -> bool {
    saved > dealt
}

/// Defensive fire against an arrived guided weapon (D17 7, §11.1, §11.1.6: "in addition to
/// normal defensive fire … against guided weapons"): what a free weapon's `sdf` saves is the
/// guided weapon's chance `survival` to come through the intercepts and DF already assigned,
/// times what the DF takes off its expected damage ([`worth_allocating`]: `value` at to-hit
/// DRM `drm`, the DF `tally` already on it; one more weapon of `kind` and `rating`). The Guided Weapons Phase spreads each free weapon
/// where it saves the most — this DF, or its intercept attempts
/// (`guided_plan::intercept_gain`) — ties by the battle's dice. The direct-fire shots' DF is
/// declared before (the Fire Determination Phase, `battle/fire.rs`), so a weapon that defends
/// against a gun shot neither defends against a guided weapon nor intercepts one.
pub fn guided_df_worth(
    value: f64,
    survival: f64,
    drm: i16,
    tally: DfTally,
    kind: DfKind,
    rating: u8,
) -> f64 {
    survival * worth_allocating(value, drm, tally, kind, rating)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §11.1.5 by exact enumeration: a 2d6 shot at DRM +1 with one ablative SDF 1 engaged deals,
    /// over the 216 × 36 rolls of 3d6 to hit and 2d6 damage, Σ (D − ceil(D/10)) on every hit
    /// (the cut is 1 for D ≤ 10, 2 for 11 and 12); the policy's measure of the weapon is the
    /// undefended expected damage less that, and a second SDF 1 saves the same again (never
    /// more than the damage rolled).
    #[test]
    fn ablative_one_shot_exact_enumeration_11_1_5() {
        let dice = DamageDice::new(2, 6, 0);
        let mut bare = 0u32;
        let mut cut = 0u32;
        for a in 1..=6i16 {
            for b in 1..=6i16 {
                for c in 1..=6i16 {
                    // The hit roll's bands (`hit_roll`): natural 3d6 + DRM ≥ 11 hits.
                    if a + b + c + 1 < 11 {
                        continue;
                    }
                    for x in 1..=6u32 {
                        for y in 1..=6u32 {
                            let d = x + y;
                            bare += d;
                            cut += d - d.div_ceil(10);
                        }
                    }
                }
            }
        }
        assert_eq!(hit_ways(1), 135);
        let undefended = f64::from(bare) / (216.0 * 36.0);
        let defended = f64::from(cut) / (216.0 * 36.0);
        let worth = worth_ablative(dice, 1, 0, 0, 1);
        assert!((undefended - worth - defended).abs() < 1e-12);
        // The cut of one point of −DF: 1 on every roll but 11 and 12 (2): 1 + 3/36.
        assert!((ablative_saving(dice, 0, 1) - (1.0 + 3.0 / 36.0)).abs() < 1e-12);
        assert!((ablative_saving(dice, 1, 2) - ablative_saving(dice, 0, 1)).abs() < 1e-12);
        // A 1d2 weapon: −2 DF already cuts every roll to 0 — a third point saves nothing.
        assert_eq!(ablative_saving(DamageDice::new(1, 2, 0), 2, 3), 0.0);
        // To-hit DF already on the shot lowers what the ablative weapon saves.
        assert!(worth_ablative(dice, 1, 3, 0, 1) < worth);
        assert_eq!(worth_ablative(dice, 1, 0, 1, 1), 0.0);
    }

    /// DF against a guided weapon saves its survival chance × what the DF takes off: a missile
    /// worth 6 at DRM 0 that survives the intercepts with chance ½ gains ½ × 6 × (ways(0) −
    /// ways(−2)) / ways(0) from SDF 2; a second SDF 2, ½ × 6 × (ways(−2) − ways(−4)) / ways(0);
    /// nothing if it cannot survive or cannot hit.
    #[test]
    fn guided_df_is_worth_the_survivors_share() {
        let (w0, w2, w4) = (hit_ways(0), hit_ways(-2), hit_ways(-4));
        let first = guided_df_worth(6.0, 0.5, 0, DfTally::standard(0), DfKind::Standard, 2);
        assert_eq!(first, 0.5 * 6.0 * f64::from(w0 - w2) / f64::from(w0));
        let second = guided_df_worth(6.0, 0.5, 0, DfTally::standard(2), DfKind::Standard, 2);
        assert_eq!(second, 0.5 * 6.0 * f64::from(w2 - w4) / f64::from(w0));
        assert!(second > 0.0);
        assert_eq!(
            guided_df_worth(6.0, 0.0, 0, DfTally::standard(0), DfKind::Standard, 2),
            0.0
        );
        assert_eq!(
            guided_df_worth(6.0, 1.0, -20, DfTally::standard(0), DfKind::Standard, 2),
            0.0
        );
    }

    /// §11.1.2: AHDF is worth only what the group's cap lets through — a third AHDF 1 beside two
    /// AHDF 4s adds nothing (the cap 4 × 1 = 4 is below the 8 already there: the total drops to
    /// 4, so it is worth less than nothing and clamps to 0), and SDF is `worth_defending` exactly.
    #[test]
    fn ahdf_is_worth_what_the_cap_lets_through() {
        let two = DfTally::NONE.with(DfKind::AdHoc, 4).with(DfKind::AdHoc, 4);
        assert_eq!(worth_allocating(8.0, 4, two, DfKind::AdHoc, 1), 0.0);
        let (w4, w3, w0) = (hit_ways(4), hit_ways(3), hit_ways(0));
        let one = DfTally::NONE.with(DfKind::AdHoc, 1);
        // AHDF 1 then AHDF 3: the cap 4 × 1 lets 3 more through (DRM +3 → 0).
        assert_eq!(
            worth_allocating(8.0, 4, one, DfKind::AdHoc, 3),
            8.0 * f64::from(w3 - w0) / f64::from(w4)
        );
        assert_eq!(
            worth_allocating(8.0, 4, DfTally::standard(2), DfKind::Standard, 2),
            worth_defending(8.0, 4, 2, 2)
        );
    }

    /// §11.1.1: hold back for SDF only when the save beats the shot (ties keep firing).
    #[test]
    fn holding_back_beats_the_shot() {
        assert!(holds_for_df(2.0, 1.5));
        assert!(!holds_for_df(1.5, 1.5));
        assert!(!holds_for_df(0.0, 0.1));
    }

    /// §11.1.3: EDF when the save beats the spoiled shot and the price; an unarmed 1+2 weapon's
    /// cooldown costs one firing, an armed one only its point of damage.
    #[test]
    fn emergency_fire_weighs_its_price() {
        let armed = edf_price(
            EdfCost {
                damage: 1,
                cooldown: 0,
            },
            2,
            5.0,
        );
        let unarmed = edf_price(
            EdfCost {
                damage: 1,
                cooldown: 2,
            },
            2,
            5.0,
        );
        assert_eq!(armed, 1.0);
        assert_eq!(unarmed, 6.0);
        assert!(worth_emergency(3.0, 1.5, armed));
        assert!(!worth_emergency(2.5, 1.5, armed));
        assert!(!worth_emergency(5.9, 0.0, unarmed));
        assert!(worth_emergency(6.1, 0.0, unarmed));
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
