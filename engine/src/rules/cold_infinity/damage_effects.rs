//! §13.1 special system damage (digest D14): system Ratings as functions of undamaged
//! structure, reactor instability, the bridge, damaged direct-fire weapons and missile racks.

use super::damage_state::ShipDamage;
use super::design::{DamageDice, DiceGroup, RangeRating, ShipDesign, SystemKind};
use super::fire::readings::{RackRoll, WeaponReduction};
use super::movement::readings::EngineDamage;
use super::movement::thrust::engine_thrust;

/// Sensor EW Rating: half the undamaged structure, rounded down (§13.1.1).
pub const fn sensor_ew(undamaged: u16) -> u16 {
    undamaged / 2
}

/// Thruster channel Rating: half the undamaged structure, rounded down (§13.1.2).
pub const fn thruster_channel(undamaged: u16) -> u16 {
    undamaged / 2
}

/// Reactor, battery and collector Rating: the undamaged structure (§13.1.4).
pub const fn reactor_rating(undamaged: u16) -> u16 {
    undamaged
}

/// Capacitor Rating: twice the undamaged structure (§13.1.4).
pub const fn capacitor_rating(undamaged: u16) -> u16 {
    2 * undamaged
}

/// ESS Rating: three times the undamaged structure (§13.1.5).
pub const fn ess_rating(undamaged: u16) -> u16 {
    3 * undamaged
}

/// The current Rating of system `sys` by §13.1 (0 once destroyed): sensors' EW, thrusters'
/// channel, engines' thrust, power plants' output or capacity, ESS, missile-rack capacity;
/// for systems whose Rating does not fall with damage (weapons, bridge, shields, …), 1 while
/// intact. The join point for the movement/power half, which reads Ratings from damage.
/// Engines follow the one `engine_damage` reading (movement's, D19 42) through
/// [`engine_thrust`].
pub fn system_rating(
    design: &ShipDesign,
    damage: &ShipDamage,
    sys: u16,
    engine: EngineDamage,
) -> u16 {
    let s = design.systems[usize::from(sys)];
    let left = damage.system_left(design, sys);
    let lost = s.structure - left;
    match s.kind {
        SystemKind::Sensors { .. } => sensor_ew(left),
        SystemKind::Thruster(_) => thruster_channel(left),
        SystemKind::Engine { .. } => {
            engine_thrust(i32::from(s.structure), i32::from(lost), engine) as u16
        }
        SystemKind::Reactor | SystemKind::Battery { .. } | SystemKind::Collector => {
            reactor_rating(left)
        }
        SystemKind::Capacitor { .. } => capacitor_rating(left),
        SystemKind::Ess => ess_rating(left),
        SystemKind::MissileRack { magazine } if left > 0 => rack_capacity(magazine, lost),
        _ => u16::from(left > 0),
    }
}

/// A reactor that has lost more than half its structure is unstable (§13.1.4).
pub const fn reactor_unstable(structure: u16, lost: u16) -> bool {
    2 * lost > structure
}

/// §13.1.4: an unstable reactor that supplied power detonates (destroying the ship) if 2d10 plus
/// the turns it has been half-destroyed reaches 15. The counter starts at 1 on the first roll,
/// in the Damage Effects step of the turn after it became unstable (D19 item 44).
pub const fn reactor_detonates(two_d10: u8, turns_unstable: u8) -> bool {
    two_d10 as u16 + turns_unstable as u16 >= 15
}

/// The advanced bridge effects of §13.1.8.1, from the active bridge's structure and loss.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BridgeEffects {
    /// −1 accuracy on every weapon (lost at least a third, rounded down).
    pub accuracy: i16,
    /// −1 to the total sensor Rating (lost at least half, rounded down).
    pub sensors: i16,
    /// Destroyed: removed (basic rules) or derelict (advanced, §13.1.8).
    pub destroyed: bool,
}

/// §13.1.8–13.1.8.1. Thresholds are at least 1 point (a bridge of structure 1 or 2 has no
/// "third"; fixed reading).
pub const fn bridge_effects(structure: u16, lost: u16) -> BridgeEffects {
    let third = if structure / 3 > 1 { structure / 3 } else { 1 };
    let half = if structure / 2 > 1 { structure / 2 } else { 1 };
    BridgeEffects {
        accuracy: if lost >= third { -1 } else { 0 },
        sensors: if lost >= half { -1 } else { 0 },
        destroyed: lost >= structure,
    }
}

/// How many row reductions a direct-fire weapon of `structure` owes after its loss went from
/// `before` to `after` (§13.1.9: once it has lost half its structure rounded up; D19 item 27).
pub const fn reductions_due(structure: u16, before: u16, after: u16, how: WeaponReduction) -> u16 {
    let step = structure.div_ceil(2);
    if step == 0 {
        return 0;
    }
    match how {
        WeaponReduction::Once => (before < step && after >= step) as u16,
        WeaponReduction::EveryHalf => after / step - before / step,
    }
}

/// The damage Rating one row lower (§13.1.9): every schedule loses a die; a fixed part under 5
/// disappears, otherwise it drops by 5 (3d6+3 → 2d6; 2d10+16 → 1d10+11). `None` if damage is
/// already zero.
pub fn reduce_damage_row(d: DamageDice) -> Option<DamageDice> {
    let [a, b] = d.groups;
    if a.count == 0 && b.count == 0 && d.fixed == 0 {
        return None;
    }
    let drop = |g: DiceGroup| DiceGroup {
        count: g.count.saturating_sub(1),
        sides: g.sides,
    };
    Some(DamageDice {
        groups: [drop(a), drop(b)],
        fixed: d.fixed.saturating_sub(5),
    })
}

/// The range ladder for damaged weapons, best to worst (D19 item 8; only −3/hex as the worst is
/// stated).
pub const RANGE_LADDER: [RangeRating; 7] = [
    RangeRating { per: 1, hexes: 5 },
    RangeRating { per: 1, hexes: 4 },
    RangeRating { per: 1, hexes: 3 },
    RangeRating { per: 1, hexes: 2 },
    RangeRating { per: 1, hexes: 1 },
    RangeRating { per: 2, hexes: 1 },
    RangeRating { per: 3, hexes: 1 },
];

/// The range Rating one row worse (§13.1.9): the next ladder entry with a larger penalty per
/// hex. `None` at −3/hex or worse.
pub fn reduce_range_row(r: RangeRating) -> Option<RangeRating> {
    // Compare penalties per hex as fractions per/hexes.
    let worse = |x: RangeRating| {
        u32::from(x.per) * u32::from(r.hexes.max(1)) > u32::from(r.per) * u32::from(x.hexes.max(1))
    };
    RANGE_LADDER.iter().copied().find(|&x| worse(x))
}

/// Which row the defender lowers on a damaged weapon (§13.1.9: "the defender chooses").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReductionChoice {
    /// Lower the damage Rating one row.
    Damage,
    /// Lower the range Rating one row.
    Range,
}

/// Applies one §13.1.9 reduction to a weapon's current damage and range Ratings, the
/// defender's `choice` first and the other row if that one cannot drop. `None`: neither can
/// (damage already zero and range −3/hex) — the weapon is destroyed.
pub fn reduce_weapon(
    damage: DamageDice,
    range: RangeRating,
    choice: ReductionChoice,
) -> Option<(DamageDice, RangeRating)> {
    let by_damage = || reduce_damage_row(damage).map(|d| (d, range));
    let by_range = || reduce_range_row(range).map(|r| (damage, r));
    match choice {
        ReductionChoice::Damage => by_damage().or_else(by_range),
        ReductionChoice::Range => by_range().or_else(by_damage),
    }
}

/// §13.1.10: a missile or reload rack loses 4 missiles of capacity per damage point, and a 1d6
/// roll of 1 destroys it: how many d6 to roll for a volley of `points` (D19 item 43).
pub const fn rack_rolls(points: u16, how: RackRoll) -> u16 {
    match how {
        _ if points == 0 => 0,
        RackRoll::PerVolley => 1,
        RackRoll::PerPoint => points,
    }
}

/// §13.1.10: whether a rack with `left` structure that has just taken damage is destroyed: none
/// left, or a 1 on any of its `rolls` d6 ([`rack_rolls`]; rolled only while structure is left,
/// stopping at the first 1). Missile racks, torpedo systems and reload racks alike.
pub fn rack_destroyed(left: u16, rolls: u16, dice: &mut impl crate::dice::Roller) -> bool {
    left == 0 || (0..rolls).any(|_| dice.d6() == 1)
}

/// Rack capacity after `lost` structure (§13.1.10).
pub const fn rack_capacity(magazine: u16, lost: u16) -> u16 {
    magazine.saturating_sub(4 * lost)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §13.1.9 examples: 3d6+3 → 2d6; 2d10+16 → 1d10+11; a weapon at 0 damage and −3/hex is
    /// destroyed (no reduction possible).
    #[test]
    fn example_13_1_9_damage_rows() {
        assert_eq!(
            reduce_damage_row(DamageDice::new(3, 6, 3)),
            Some(DamageDice::new(2, 6, 0))
        );
        assert_eq!(
            reduce_damage_row(DamageDice::new(2, 10, 16)),
            Some(DamageDice::new(1, 10, 11))
        );
        assert_eq!(reduce_damage_row(DamageDice::new(0, 6, 0)), None);
        assert_eq!(
            reduce_range_row(RangeRating { per: 1, hexes: 2 }),
            Some(RangeRating { per: 1, hexes: 1 })
        );
        assert_eq!(reduce_range_row(RangeRating { per: 3, hexes: 1 }), None);
        assert_eq!(
            reduce_range_row(RangeRating { per: 1, hexes: 6 }),
            Some(RangeRating { per: 1, hexes: 5 })
        );
    }

    /// §13.1.9: the defender's choice, falling back to the other row; neither → destroyed.
    #[test]
    fn weapon_reduction_choice() {
        let d = DamageDice::new(1, 6, 0);
        let r = RangeRating { per: 1, hexes: 2 };
        let worst = RangeRating { per: 3, hexes: 1 };
        assert_eq!(
            reduce_weapon(d, r, ReductionChoice::Damage),
            Some((DamageDice::new(0, 6, 0), r))
        );
        assert_eq!(
            reduce_weapon(d, r, ReductionChoice::Range),
            Some((d, RangeRating { per: 1, hexes: 1 }))
        );
        assert_eq!(
            reduce_weapon(d, worst, ReductionChoice::Range),
            Some((DamageDice::new(0, 6, 0), worst))
        );
        assert_eq!(
            reduce_weapon(DamageDice::new(0, 6, 0), worst, ReductionChoice::Damage),
            None
        );
    }

    /// §13.1.9: the reduction is due once half the structure (rounded up) is lost; a structure-2
    /// weapon reaches it after 1 point (e.g. from EDF).
    #[test]
    fn reductions_threshold() {
        assert_eq!(reductions_due(2, 0, 1, WeaponReduction::Once), 1);
        assert_eq!(reductions_due(5, 0, 2, WeaponReduction::Once), 0);
        assert_eq!(reductions_due(5, 2, 3, WeaponReduction::Once), 1);
        assert_eq!(reductions_due(5, 3, 5, WeaponReduction::Once), 0);
        assert_eq!(reductions_due(4, 0, 4, WeaponReduction::EveryHalf), 2);
    }

    /// §13.1.1–5 Ratings from undamaged structure, and the D19 item 42 engine readings: a
    /// structure-8 engine with 1 damage gives 3 by §13.1.3 and 4 by §5.2 (Reaper: 8 → 4/2).
    #[test]
    fn ratings_from_structure() {
        assert_eq!(sensor_ew(16), 8);
        assert_eq!(sensor_ew(15), 7);
        assert_eq!(thruster_channel(8), 4);
        assert_eq!(engine_thrust(8, 0, EngineDamage::HalfUndamagedStructure), 4);
        assert_eq!(engine_thrust(8, 1, EngineDamage::HalfUndamagedStructure), 3);
        assert_eq!(engine_thrust(8, 1, EngineDamage::OnePerTwoLost), 4);
        assert_eq!(engine_thrust(8, 8, EngineDamage::OnePerTwoLost), 0);
        assert_eq!(reactor_rating(8), 8);
        assert_eq!(capacitor_rating(3), 6);
        assert_eq!(ess_rating(3), 9);
    }

    /// §13.1.4: unstable past half; 2d10 + N ≥ 15 detonates. 2d10 alone reaches 15 in 21 of
    /// 100 (digest second reading item 22), checked by enumeration.
    #[test]
    fn reactor_instability_exact() {
        assert!(!reactor_unstable(8, 4));
        assert!(reactor_unstable(8, 5));
        assert!(reactor_unstable(7, 4));
        for n in 0..=4u8 {
            let mut ways = 0;
            for a in 1..=10u8 {
                for b in 1..=10u8 {
                    ways += u32::from(reactor_detonates(a + b, n));
                }
            }
            // P(2d10 ≥ 15 − n): (n+6)(n+7)/2 ways for 15 − n ≥ 11.
            let k = u32::from(n) + 6;
            assert_eq!(ways, k * (k + 1) / 2, "n {n}");
        }
    }

    /// §13.1.8.1: the Reaper's bridge (10): −1 accuracy from 3 lost, −1 sensors from 5.
    #[test]
    fn bridge_thresholds() {
        assert_eq!(bridge_effects(10, 2), BridgeEffects::default());
        assert_eq!(bridge_effects(10, 3).accuracy, -1);
        assert_eq!(bridge_effects(10, 4).sensors, 0);
        assert_eq!(bridge_effects(10, 5).sensors, -1);
        assert!(bridge_effects(10, 10).destroyed);
        assert_eq!(bridge_effects(2, 1).accuracy, -1);
    }

    /// §13.1 through `system_rating` on the Reaper: sensors 16 → EW 8, engine 8 → 4 thrust,
    /// reactor 8 → 8 power, forward thruster 8 → 4; after damage they fall as the rules say.
    #[test]
    fn reaper_system_ratings() {
        use super::super::design::fixtures::reaper;
        let d = reaper();
        let r = EngineDamage::default();
        let mut s = ShipDamage::new(&d);
        let rating = |s: &ShipDamage, i| system_rating(&d, s, i, r);
        assert_eq!(
            [
                rating(&s, 17),
                rating(&s, 15),
                rating(&s, 16),
                rating(&s, 0)
            ],
            [8, 4, 8, 4]
        );
        assert_eq!(rating(&s, 5), 20, "Reaper rack: magazine 20");
        s.system_damage[17] = 3;
        s.system_damage[15] = 1;
        s.system_damage[16] = 5;
        s.system_damage[5] = 1;
        assert_eq!(
            [
                rating(&s, 17),
                rating(&s, 15),
                rating(&s, 16),
                rating(&s, 5)
            ],
            [6, 3, 3, 16]
        );
        assert!(reactor_unstable(8, s.system_damage[16]));
        s.hull_damage[2] = 20;
        assert_eq!(rating(&s, 17), 0, "destroyed with its section");
        assert_eq!(rating(&s, 3), 1);
    }

    /// §13.1.10: capacity −4 per point; the destruction roll per volley or per point.
    #[test]
    fn racks() {
        assert_eq!(rack_capacity(20, 2), 12);
        assert_eq!(rack_capacity(20, 9), 0);
        assert_eq!(rack_rolls(3, RackRoll::PerVolley), 1);
        assert_eq!(rack_rolls(3, RackRoll::PerPoint), 3);
        assert_eq!(rack_rolls(0, RackRoll::PerPoint), 0);
    }
}
