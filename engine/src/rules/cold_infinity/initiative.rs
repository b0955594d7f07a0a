//! Initiative (§2.1.2, D3): each unit's own number, lower is better; units move from the
//! highest to the lowest, so the lowest moves last and sees every other move (§2.2, §5.0).

use super::movement::readings::{InitiativeClamp, InitiativeSpeed, Readings};
use crate::dice::Roller;
use core::cmp::Ordering;

/// Mass in tenths (Mass is printed with one decimal, e.g. 12.7 → 127), so comparisons and
/// rounding are exact.
pub type MassTenths = i32;

/// Turn-1 base initiative: the Mass rounded to the nearest whole number, halves up (§2.1.2).
/// Small vessels pass the Mass of one × the group size (§2.1.2.1).
#[inline]
pub const fn first_turn_base(mass: MassTenths) -> i32 {
    (mass + 5).div_euclid(10)
}

/// The speed term of §2.1.2: half the speed, rounded up, at most 10 (speed 20). Which speed
/// is the house rule `initiative_speed` ([`initiative_speed`]).
#[inline]
pub const fn speed_term(speed: i32) -> i32 {
    let half = (speed + 1).div_euclid(2);
    if half > 10 { 10 } else { half }
}

/// The speed the initiative roll uses (§2.1.2, D19 10): the current speed by default, or the
/// speed after this turn's committed thrust.
#[inline]
pub const fn initiative_speed(rule: InitiativeSpeed, current: i32, after_thrust: i32) -> i32 {
    match rule {
        InitiativeSpeed::StartOfTurn => current,
        InitiativeSpeed::AfterThisTurnsThrust => after_thrust,
    }
}

/// The lowest and highest initiative a unit of this Mass may have (§2.1.2: "may not vary by
/// more than 20 points above or below the ship's Mass"; the reference Mass is a house rule).
#[inline]
pub const fn clamp_bounds(mass: MassTenths, clamp: InitiativeClamp) -> (i32, i32) {
    match clamp {
        InitiativeClamp::RoundedMass => {
            let m = first_turn_base(mass);
            (m - 20, m + 20)
        }
        InitiativeClamp::ExactMass => {
            // ceil(mass − 20) and floor(mass + 20), in tenths.
            ((mass - 200 + 9).div_euclid(10), (mass + 200).div_euclid(10))
        }
    }
}

/// This turn's initiative (§2.1.2): `base − min(10, ceil(speed/2)) + 1d6 + penalty`, clamped
/// to the Mass band. `base` is the turn-1 base or the previous turn's initiative; `penalty`
/// sums this turn's additions (a bridge transfer +5, §2.1.2.2; hangar launch/recovery
/// penalties, §12.4). The result is next turn's base, penalty included.
pub fn roll_initiative(
    base: i32,
    speed: i32,
    penalty: i32,
    mass: MassTenths,
    readings: &Readings,
    dice: &mut impl Roller,
) -> i32 {
    let raw = base - speed_term(speed) + i32::from(dice.d6()) + penalty;
    let (lo, hi) = clamp_bounds(mass, readings.initiative_clamp);
    raw.clamp(lo, hi)
}

/// What the movement order looks at for one unit (§2.1.2). Small and `Copy`; the battle keeps
/// one per unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InitiativeEntry {
    /// This turn's initiative.
    pub initiative: i32,
    /// The unit's Mass in tenths.
    pub mass: MassTenths,
    /// Last turn's initiative (`None` on the first turn).
    pub previous: Option<i32>,
    /// The 1d6 of the last roll-off this unit took part in (0 = none yet).
    pub roll_off: u8,
}

/// Whether `a` moves before `b` by the printed order alone: higher initiative first; ties to
/// the higher Mass; then to the higher previous initiative (§2.1.2). `Equal` means a roll-off.
pub fn printed_order(a: &InitiativeEntry, b: &InitiativeEntry) -> Ordering {
    b.initiative
        .cmp(&a.initiative)
        .then(b.mass.cmp(&a.mass))
        .then(match (a.previous, b.previous) {
            (Some(pa), Some(pb)) => pb.cmp(&pa),
            _ => Ordering::Equal,
        })
}

/// The movement order (§2.2, §5.0): sorts `order` (indices into `units`) so the first moves
/// first. Full ties are broken by 1d6 roll-offs, the higher moving first, re-rolling among
/// equal dice (§2.1.2) — by the battle's dice, never by index. No allocation: insertion sort
/// in place (a battle has a handful of units).
pub fn movement_order(units: &mut [InitiativeEntry], order: &mut [usize], dice: &mut impl Roller) {
    sort_by(order, |a, b| printed_order(&units[a], &units[b]));
    // Resolve each run of full ties with roll-offs.
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len()
            && printed_order(&units[order[start]], &units[order[end]]) == Ordering::Equal
        {
            end += 1;
        }
        roll_off(units, &mut order[start..end], dice);
        start = end;
    }
}

/// Each unit of a tied run rolls 1d6, higher first; equal dice roll again among themselves.
fn roll_off(units: &mut [InitiativeEntry], run: &mut [usize], dice: &mut impl Roller) {
    if run.len() < 2 {
        return;
    }
    for &i in run.iter() {
        units[i].roll_off = dice.d6();
    }
    sort_by(run, |a, b| units[b].roll_off.cmp(&units[a].roll_off));
    let mut start = 0;
    while start < run.len() {
        let mut end = start + 1;
        while end < run.len() && units[run[end]].roll_off == units[run[start]].roll_off {
            end += 1;
        }
        roll_off(units, &mut run[start..end], dice);
        start = end;
    }
}

/// Stable insertion sort (no allocation).
fn sort_by(v: &mut [usize], mut cmp: impl FnMut(usize, usize) -> Ordering) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && cmp(v[j - 1], v[j]) == Ordering::Greater {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;

    #[test]
    fn first_turn_base_rounds_mass_to_nearest() {
        assert_eq!(first_turn_base(127), 13); // the Reaper, Mass 12.7
        assert_eq!(first_turn_base(124), 12);
        assert_eq!(first_turn_base(125), 13);
        assert_eq!(first_turn_base(50), 5);
    }

    #[test]
    fn speed_term_is_half_rounded_up_capped_at_ten() {
        let want = [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5];
        for (s, w) in want.iter().enumerate() {
            assert_eq!(speed_term(s as i32), *w);
        }
        assert_eq!(speed_term(19), 10);
        assert_eq!(speed_term(20), 10);
        assert_eq!(speed_term(35), 10);
    }

    /// §2.1.2: base 13, speed 5 (−3), rolled 4 → 14; next turn base 14, speed 20 (−10), 1 → 5.
    #[test]
    fn initiative_formula_and_previous_turn_base() {
        let r = Readings::default();
        let mut dice = ScriptedDice::new(&[4, 1]);
        let t1 = roll_initiative(first_turn_base(127), 5, 0, 127, &r, &mut dice);
        assert_eq!(t1, 14);
        let t2 = roll_initiative(t1, 20, 0, 127, &r, &mut dice);
        assert_eq!(t2, 5);
    }

    /// D19 10: a ship accelerating from 2 to 8 subtracts 1 by default, 4 under the alternative.
    #[test]
    fn initiative_speed_readings() {
        let d = Readings::default().initiative_speed;
        assert_eq!(speed_term(initiative_speed(d, 2, 8)), 1);
        assert_eq!(
            speed_term(initiative_speed(
                InitiativeSpeed::AfterThisTurnsThrust,
                2,
                8
            )),
            4
        );
    }

    /// §2.1.2: clamped to Mass ± 20; it may go below zero.
    #[test]
    fn initiative_clamped_to_mass_band_and_may_be_negative() {
        let r = Readings::default();
        let mut dice = ScriptedDice::new(&[1, 6]);
        assert_eq!(roll_initiative(-30, 20, 0, 127, &r, &mut dice), -7);
        assert_eq!(roll_initiative(60, 0, 5, 127, &r, &mut dice), 33);
        let exact = Readings {
            initiative_clamp: InitiativeClamp::ExactMass,
            ..r
        };
        assert_eq!(clamp_bounds(127, exact.initiative_clamp), (-7, 32));
        assert_eq!(clamp_bounds(127, r.initiative_clamp), (-7, 33));
        assert_eq!(clamp_bounds(50, exact.initiative_clamp), (-15, 25));
        let mut dice = ScriptedDice::new(&[6]);
        assert_eq!(roll_initiative(60, 0, 5, 127, &exact, &mut dice), 32);
    }

    /// §2.1.2.2: a bridge transfer adds +5 this turn and is part of next turn's base.
    #[test]
    fn bridge_transfer_penalty_carries_into_next_base() {
        let r = Readings::default();
        let mut dice = ScriptedDice::new(&[3, 3]);
        let t1 = roll_initiative(20, 0, 5, 200, &r, &mut dice);
        assert_eq!(t1, 28);
        assert_eq!(roll_initiative(t1, 0, 0, 200, &r, &mut dice), 31);
    }

    fn entry(initiative: i32, mass: i32, previous: Option<i32>) -> InitiativeEntry {
        InitiativeEntry {
            initiative,
            mass,
            previous,
            roll_off: 0,
        }
    }

    /// §2.1.2 tie-breaks: higher initiative first; then higher Mass; then higher previous
    /// initiative; then 1d6 roll-off (re-rolled on equal dice).
    #[test]
    fn movement_order_and_tie_breaks() {
        let mut units = [
            entry(10, 127, Some(12)), // 0
            entry(14, 100, Some(9)),  // 1
            entry(10, 200, Some(3)),  // 2: higher Mass moves before 0
            entry(10, 127, Some(15)), // 3: same Mass as 0, higher previous → before 0
        ];
        let mut order = [0, 1, 2, 3];
        let mut dice = ScriptedDice::new(&[]);
        movement_order(&mut units, &mut order, &mut dice);
        assert_eq!(order, [1, 2, 3, 0]);

        // First turn, full tie among three: rolls 4, 4, 2 then the 4s re-roll 1, 5.
        let mut units = [
            entry(8, 100, None),
            entry(8, 100, None),
            entry(8, 100, None),
        ];
        let mut order = [0, 1, 2];
        let mut dice = ScriptedDice::new(&[4, 4, 2, 1, 5]);
        movement_order(&mut units, &mut order, &mut dice);
        assert_eq!(order, [1, 0, 2]);
        assert_eq!(dice.used(), 5);
    }

    /// Fair play: a full tie is decided by the dice, so swapping the two units' slots with the
    /// same dice swaps who moves first.
    #[test]
    fn roll_off_does_not_depend_on_index() {
        let mut units = [entry(8, 100, Some(8)), entry(8, 100, Some(8))];
        let mut order = [0, 1];
        movement_order(&mut units, &mut order, &mut ScriptedDice::new(&[2, 5]));
        assert_eq!(order, [1, 0]);
        let mut order = [0, 1];
        movement_order(&mut units, &mut order, &mut ScriptedDice::new(&[5, 2]));
        assert_eq!(order, [0, 1]);
    }

    /// Exact enumeration over the dice: two identical ships (same Mass, same previous
    /// initiative) rolling for initiative and, on a tie, roll-offs: each moves first in exactly
    /// half of the weighted outcomes (the tie term sums the roll-off's 15 + 15 of 36, the
    /// equal-dice re-roll being symmetric).
    #[test]
    fn identical_ships_move_first_equally_often() {
        let r = Readings::default();
        // P(A first) = P(A's initiative higher) + P(tie) · P(A wins the roll-off).
        let (mut a_first, mut total) = (0u32, 0u32);
        for da in 1..=6u8 {
            for db in 1..=6u8 {
                let ia = roll_initiative(13, 4, 0, 127, &r, &mut ScriptedDice::new(&[da]));
                let ib = roll_initiative(13, 4, 0, 127, &r, &mut ScriptedDice::new(&[db]));
                if ia == ib {
                    // Roll-off: enumerate one round of two d6 (ties re-roll: symmetric, so
                    // count the 30 decisive outcomes).
                    for ra in 1..=6u8 {
                        for rb in 1..=6u8 {
                            if ra == rb {
                                continue;
                            }
                            let mut units = [entry(ia, 127, Some(13)), entry(ib, 127, Some(13))];
                            let mut order = [0, 1];
                            movement_order(
                                &mut units,
                                &mut order,
                                &mut ScriptedDice::new(&[ra, rb]),
                            );
                            a_first += u32::from(order[0] == 0);
                            total += 1;
                        }
                    }
                } else {
                    let mut units = [entry(ia, 127, Some(13)), entry(ib, 127, Some(13))];
                    let mut order = [0, 1];
                    movement_order(&mut units, &mut order, &mut ScriptedDice::new(&[]));
                    a_first += 30 * u32::from(order[0] == 0);
                    total += 30;
                }
            }
        }
        assert_eq!(2 * a_first, total);
        assert_eq!(total, 36 * 30);
    }

    /// Exact enumeration: the d6 term makes initiative uniform on base − speed term + 1..=6.
    #[test]
    fn initiative_distribution_is_uniform_over_the_die() {
        let r = Readings::default();
        let mut seen = [0; 6];
        for face in 1..=6u8 {
            let v = roll_initiative(13, 7, 0, 127, &r, &mut ScriptedDice::new(&[face]));
            seen[(v - 10) as usize] += 1;
        }
        assert_eq!(seen, [1; 6]);
    }
}
