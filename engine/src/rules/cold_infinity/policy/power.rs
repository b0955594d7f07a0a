//! Power allocation (D17 1, §3): weapons in order, tracking power, capacitors, batteries.

use super::super::design::WeaponDesign;
use super::super::ew::boost_points;
use super::Policy;

/// Power (D17 1, §3.2): sensors first (a lock needs them), then the weapons in SDS order while
/// the reactor lasts; what is left enriches the engine. Returns whether weapon `k` of the
/// mounts is powered given `left` power, and the power it takes.
pub fn power_order(weapon: &WeaponDesign, left: i32) -> bool {
    i32::from(weapon.power) <= left
}

/// Power for a weapon that can track (D17 1, §8.1.9: "it must be armed at double power for the
/// duration of its attack … assigned during the Power Allocation Phase"): double power when
/// the reactor has it after the systems before it, so it may track; otherwise its standard
/// power ([`power_order`]), and it fires as a plain Burst that turn.
pub fn tracking_power(weapon: &WeaponDesign, left: i32) -> bool {
    2 * i32::from(weapon.power) <= left
}

/// How many range bands of its main weapon out a capacitor ship starts spending freely
/// ([`capacitor_engaged`]).
pub const CAPACITOR_BANDS: i32 = 6;

/// Whether a capacitor ship spends its charge freely this turn (D17 1, §3.1.2; our reading of
/// a competent player): when its nearest enemy is within [`CAPACITOR_BANDS`] range bands of its
/// main weapon ([`keep_range`](super::keep_range) hexes a band) — where a 3d6 shot with the usual accuracy still
/// hits now and then (§7.5.1: −1 a band), so holding the charge there gives up shots (a
/// 24-hex start puts a particle cannon's −1/4 in reach from turn 1). Beyond, nothing can be hit
/// and it holds its charge for the fight.
pub const fn capacitor_engaged(nearest_range: i32, keep: i32) -> bool {
    nearest_range <= CAPACITOR_BANDS * keep
}

/// What a capacitor ship may spend this turn (D17 1, §3.1.2: "firing them repeatedly over many
/// turns will quickly drain a capacitor's charge"), given its `charge` after the recharge, its
/// `capacity` and `recharge` now, its basic systems' (sensors') need and its cheapest intact
/// weapon's power (`least_weapon`, 0 without one). Systems are then powered in the usual order
/// ([`power_order`]: sensors, the weapons in SDS order, the shields); what is not spent stays
/// in the capacitor, and a capacitor ship buys no engine enrichment with it.
/// * Not engaged ([`capacitor_engaged`]): no more than it recharges (or its basic need, if
///   larger), so it comes to the fight full.
/// * Engaged: all of its charge — unless the charge cannot power the basic systems and one
///   weapon while a full capacitor could: then nothing this turn (the example's "deactivate …
///   basic systems … for a full turn" to recharge, sensors whole: a system is on or off).
pub fn capacitor_budget(
    charge: i32,
    (capacity, recharge): (i32, i32),
    basic: i32,
    least_weapon: i32,
    engaged: bool,
) -> i32 {
    let charge = charge.max(0);
    if !engaged {
        return charge.min(recharge.max(basic));
    }
    let one_shot = basic + least_weapon;
    if least_weapon > 0 && charge < one_shot && capacity >= one_shot {
        0
    } else {
        charge
    }
}

/// Power a ship with a battery diverts into it this turn (D17 1, §3.1.3: "the unit may divert
/// some of its power from a self-charging power plant … into a battery"): all the plant's
/// `spare` power, in whole conversions of `convert`, up to the battery's `room` — before any
/// engine enrichment, so the store is full for the turns the plant falls short (after reactor
/// damage, or a design whose weapons need more than its reactor). A battery is spent only for
/// what the plant cannot power (the allocation draws the plant first).
pub fn battery_diversion(spare: i32, room: i32, convert: i32) -> i32 {
    if convert <= 0 || spare <= 0 || room <= 0 {
        return 0;
    }
    (spare / convert).min(room) * convert
}

/// Whether a weapon with a system battery is powered from it this turn (D17 1, §3.1.4: "that
/// system may be powered by the system battery or another power plant, at the player's
/// discretion"; one source a turn, our reading of "or"): when the battery holds the weapon's
/// power `need` and the plants' power `left` (after the systems before it) cannot cover both
/// it and the `later` weapons' needs — the plants fall short this turn, so the battery's charge
/// buys a shot the plants could not. Otherwise the plants power it and the battery is kept for
/// the turns they fall short (after reactor damage; it is lost with its weapon's first damage,
/// so holding it is a gamble a player takes only while the plants suffice).
pub const fn system_battery_draw(need: i32, left: i32, later: i32, charge: i32) -> bool {
    need > 0 && need <= charge && need + later > left
}

/// Extra EW points a policy buys with the power left after its weapons and shields (D17 1,
/// §4.4: "each additional EW point will cost" the sensor's boost Rating): `spare` ÷ `cost`
/// whole points when the policy boosts ([`Policy::boost_ew`]), and the power they take; none
/// without a working sensor (`cost` 0) or spare power. What is not spent enriches the engine
/// (§5.3.2), so an EW-support ship trades thrust for EW.
pub fn ew_boost(policy: &Policy, spare: i32, cost: i32) -> (i32, i32) {
    if !policy.boost_ew || cost <= 0 || spare <= 0 {
        return (0, 0);
    }
    let points = boost_points(spare, cost, false);
    (points, points * cost)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §3.1.4: the battery powers its weapon only when the plants fall short of it and the
    /// weapons after it, and only when it holds the weapon's whole power.
    #[test]
    fn system_battery_draws_only_when_the_plants_fall_short() {
        assert!(!system_battery_draw(3, 10, 4, 5), "the plants cover 3 + 4");
        assert!(
            system_battery_draw(3, 6, 4, 5),
            "6 < 3 + 4: the battery pays"
        );
        assert!(system_battery_draw(3, 0, 0, 3));
        assert!(
            !system_battery_draw(3, 0, 0, 2),
            "it holds less than the weapon needs"
        );
        assert!(
            !system_battery_draw(0, 0, 5, 5),
            "a zero-power need draws nothing"
        );
    }

    /// §4.4's 6/4 sensor: 9 spare power buys 2 points for 8; only a boosting policy buys.
    #[test]
    fn ew_boost_buys_whole_points() {
        let support = Policy::preset("ew-support").unwrap();
        assert_eq!(ew_boost(&support, 9, 4), (2, 8));
        assert_eq!(ew_boost(&support, 3, 4), (0, 0));
        assert_eq!(ew_boost(&support, 9, 0), (0, 0));
        let gunline = Policy::preset("closing-gunline").unwrap();
        assert_eq!(ew_boost(&gunline, 9, 4), (0, 0));
    }
}
