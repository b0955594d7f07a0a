//! §8.1.8 Wave, as pure rules: "Wave-based weapons are capable of striking any and all ships
//! within its range and firing arc. Beginning with the attacker's hex and moving outward along
//! the firing arc, the attacker rolls to hit once for each ship (friend or foe) in the weapon's
//! path. … This continues for each hex distance until the attacker's modified to-hit roll
//! results in a miss, or the weapon's maximum range is reached. If the weapon misses at a given
//! range and there are other units at the same range that have not yet been checked for a hit,
//! the attacker may roll to hit against those units (but not against any units at a greater
//! distance from the firing unit)." Each hit is resolved as Slicing (`fire::attack`), and
//! "Defensive Fire cannot be used against wave weapons" (`technologies::can_be_defended`).
//!
//! The order within one distance and the "may" after a miss are the attacker's (digest D17 8:
//! "wave continuation" is an attacker's resolution choice): enemies before friends, friends the
//! least likely to be hit first, so a miss stops the wave before it reaches the friends it can;
//! after a miss the attacker rolls the enemies left at that distance and not the friends. Ties
//! in that order go to the battle's dice ([`order_path`]), never to the ships' index.

use crate::dice::Roller;

/// One unit in a wave's path (its firing arc, within its wave range).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WaveUnit {
    /// The ship.
    pub ship: u8,
    /// Hexes from the firer (0: its own hex).
    pub distance: u16,
    /// On the firer's side (§8.1.8 "friend or foe": a friend hit takes real damage).
    pub friend: bool,
    /// The hit-roll DRM against it (range DRM worsening with distance, its silhouette, EW …).
    pub drm: i16,
    /// The section struck (the attacker's pick on a seam).
    pub section: u8,
    /// Chance to hit it (3d6 at `drm`, out of 1).
    pub p: f64,
    /// Expected damage of a hit on it (the policy's measure).
    pub damage: f64,
}

/// What the wave does next at a unit (§8.1.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Roll to hit it.
    Roll,
    /// Pass it by: a friend at the distance of a miss (the attacker "may" roll; he does not).
    Pass,
    /// The wave is over: past its wave range, or past the distance of a miss.
    Stop,
}

/// §8.1.8: what the wave does at a unit `distance` hexes out (`friend` or foe), given the
/// distance of its first miss so far and its wave range (the weapon's maximum range).
pub const fn next(distance: u16, friend: bool, first_miss: Option<u16>, wave_range: u16) -> Next {
    if distance > wave_range {
        return Next::Stop;
    }
    match first_miss {
        None => Next::Roll,
        Some(m) if distance > m => Next::Stop,
        // "the attacker may roll to hit against those units": the enemies, not the friends.
        Some(_) if friend => Next::Pass,
        Some(_) => Next::Roll,
    }
}

/// §8.1.8 along a path in [`order_path`]'s order: calls `roll(u)` (true = a hit; the caller
/// resolves it as Slicing on unit `u`) while [`next`] allows, and returns how many units were
/// rolled against.
pub fn roll_path(path: &[WaveUnit], wave_range: u16, mut roll: impl FnMut(usize) -> bool) -> usize {
    let mut first_miss = None;
    let mut rolled = 0;
    for (u, unit) in path.iter().enumerate() {
        match next(unit.distance, unit.friend, first_miss, wave_range) {
            Next::Stop => break,
            Next::Pass => continue,
            Next::Roll => {}
        }
        rolled += 1;
        if !roll(u) && first_miss.is_none() {
            first_miss = Some(unit.distance);
        }
    }
    rolled
}

/// The attacker's order of a wave's path: outward from the firer's hex; at one distance enemies
/// first, then friends, the least likely to be hit first (a miss there spares the rest); units
/// alike in all that in an order the battle's dice choose (a shuffle, no die rolled when there
/// is no tie).
pub fn order_path(path: &mut [WaveUnit], dice: &mut impl Roller) {
    let key = |u: &WaveUnit| (u.distance, u.friend, if u.friend { u.p } else { 0.0 });
    path.sort_unstable_by(|a, b| {
        key(a)
            .partial_cmp(&key(b))
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.ship.cmp(&b.ship))
    });
    let mut start = 0;
    while start < path.len() {
        let mut end = start + 1;
        while end < path.len() && key(&path[end]) == key(&path[start]) {
            end += 1;
        }
        // Fisher–Yates on the tied run.
        for j in (start + 1..end).rev() {
            let k = start + dice.below((j - start + 1) as u32) as usize;
            path.swap(j, k);
        }
        start = end;
    }
}

/// Expected damage a wave does along `path` (in [`order_path`]'s order) to enemies and to
/// friends, exactly under [`next`]: a unit is reached when nothing nearer missed; an enemy at a
/// distance already reached is always rolled; a friend only while nothing at its distance has
/// missed before it.
pub fn expected(path: &[WaveUnit], wave_range: u16) -> (f64, f64) {
    let (mut enemy, mut friend) = (0.0, 0.0);
    // Chance nothing nearer than this distance missed; chance nothing so far at it missed.
    let (mut reach, mut clean) = (1.0, 1.0);
    let mut at = None;
    for u in path {
        if u.distance > wave_range {
            break;
        }
        if at != Some(u.distance) {
            reach = clean;
            at = Some(u.distance);
        }
        if u.friend {
            friend += clean * u.p * u.damage;
        } else {
            enemy += reach * u.p * u.damage;
        }
        clean *= u.p;
    }
    (enemy, friend)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;

    fn unit(ship: u8, distance: u16, friend: bool, p: f64) -> WaveUnit {
        WaveUnit {
            ship,
            distance,
            friend,
            p,
            damage: 1.0,
            ..WaveUnit::default()
        }
    }

    /// §8.1.8 "This continues for each hex distance until the attacker's modified to-hit roll
    /// results in a miss": the miss at range 2 ends the wave there.
    #[test]
    fn the_wave_stops_at_a_miss_8_1_8() {
        let path = [
            unit(1, 1, false, 0.5),
            unit(2, 2, false, 0.5),
            unit(3, 3, false, 0.5),
        ];
        let mut rolled = vec![];
        let n = roll_path(&path, 10, |u| {
            rolled.push(u);
            u != 1
        });
        assert_eq!((n, rolled), (2, vec![0, 1]));
        // All hit: every unit is rolled.
        assert_eq!(roll_path(&path, 10, |_| true), 3);
    }

    /// §8.1.8 "or the weapon's maximum range is reached": the wave range (base 0 hexes, §17.1:
    /// only the firer's own hex) bounds the path.
    #[test]
    fn the_wave_stops_at_its_wave_range_8_1_8() {
        let path = [unit(1, 0, false, 1.0), unit(2, 1, false, 1.0)];
        assert_eq!(roll_path(&path, 0, |_| true), 1);
        assert_eq!(roll_path(&path, 1, |_| true), 2);
        assert_eq!(next(3, false, None, 2), Next::Stop);
    }

    /// §8.1.8 "If the weapon misses at a given range and there are other units at the same
    /// range that have not yet been checked for a hit, the attacker may roll to hit against
    /// those units (but not against any units at a greater distance)": after the miss on ship
    /// 1 the other enemy at range 2 is rolled, the friend there is passed by (the attacker's
    /// "may"), and nothing at range 3.
    #[test]
    fn same_range_units_after_a_miss_8_1_8() {
        let path = [
            unit(1, 2, false, 0.5),
            unit(2, 2, false, 0.5),
            unit(3, 2, true, 0.5),
            unit(4, 3, false, 0.5),
        ];
        let mut rolled = vec![];
        roll_path(&path, 10, |u| {
            rolled.push(u);
            u != 0
        });
        assert_eq!(rolled, vec![0, 1]);
        assert_eq!(next(2, false, Some(2), 10), Next::Roll);
        assert_eq!(next(2, true, Some(2), 10), Next::Pass);
        assert_eq!(next(3, false, Some(2), 10), Next::Stop);
    }

    /// §8.1.8 "once for each ship (friend or foe) in the weapon's path": a friend before the
    /// first miss is rolled against like a foe.
    #[test]
    fn a_friend_in_the_path_is_rolled_8_1_8() {
        let path = [unit(1, 1, true, 0.5), unit(2, 2, false, 0.5)];
        let mut rolled = vec![];
        roll_path(&path, 10, |u| {
            rolled.push(u);
            true
        });
        assert_eq!(rolled, vec![0, 1]);
    }

    /// The attacker's order: outward, enemies first, friends least likely hit first; a tie is
    /// the dice's (a scripted die swaps the two tied enemies, no die for untied units).
    #[test]
    fn order_outward_enemies_first_ties_by_dice() {
        let mut path = [
            unit(5, 2, true, 0.9),
            unit(4, 2, true, 0.2),
            unit(3, 1, false, 0.5),
            unit(2, 2, false, 0.5),
            unit(1, 2, false, 0.7),
        ];
        // `below(2)` on a scripted d6 is (face − 1) mod 2: a 6 keeps the sorted run, a 1 swaps it.
        let mut dice = ScriptedDice::new(&[6]);
        order_path(&mut path, &mut dice);
        let ships: Vec<u8> = path.iter().map(|u| u.ship).collect();
        assert_eq!(ships, vec![3, 1, 2, 4, 5]);
        let mut path2 = [
            unit(5, 2, true, 0.9),
            unit(4, 2, true, 0.2),
            unit(3, 1, false, 0.5),
            unit(2, 2, false, 0.5),
            unit(1, 2, false, 0.7),
        ];
        let mut dice = ScriptedDice::new(&[1]);
        order_path(&mut path2, &mut dice);
        let ships: Vec<u8> = path2.iter().map(|u| u.ship).collect();
        assert_eq!(ships, vec![3, 2, 1, 4, 5]);
    }

    /// The expectation by exact enumeration of the 2⁴ hit/miss outcomes of a path (two enemies
    /// and a friend at range 1, an enemy at range 2), against [`expected`].
    #[test]
    fn expected_matches_enumeration() {
        let mut path = [
            unit(1, 1, false, 0.5),
            unit(2, 1, false, 0.25),
            unit(3, 1, true, 0.5),
            unit(4, 2, false, 0.75),
        ];
        for (u, d) in path.iter_mut().zip([2.0, 4.0, 8.0, 16.0]) {
            u.damage = d;
        }
        let (mut e, mut f) = (0.0, 0.0);
        for mask in 0u32..16 {
            let mut prob = 1.0;
            let outcome = |u: usize| mask & (1 << u) != 0;
            let mut rolled = [false; 4];
            roll_path(&path, 5, |u| {
                rolled[u] = true;
                outcome(u)
            });
            for (u, unit) in path.iter().enumerate() {
                if rolled[u] {
                    prob *= if outcome(u) { unit.p } else { 1.0 - unit.p };
                }
            }
            // Outcomes of units not rolled are summed over (each appears in two masks).
            let free = rolled.iter().filter(|r| !**r).count();
            prob /= f64::from(1u32 << free);
            for (u, unit) in path.iter().enumerate() {
                if rolled[u] && outcome(u) {
                    if unit.friend {
                        f += prob * unit.damage;
                    } else {
                        e += prob * unit.damage;
                    }
                }
            }
        }
        let (ee, ff) = expected(&path, 5);
        assert!((e - ee).abs() < 1e-12, "{e} {ee}");
        assert!((f - ff).abs() < 1e-12, "{f} {ff}");
        // By hand: 0.5·2 + 0.25·4 = 2; friend 0.125·0.5·8 = 0.5; range 2 reached 1/16 → 0.75.
        assert!((ee - (2.0 + 0.0625 * 0.75 * 16.0)).abs() < 1e-12);
        assert!((ff - 0.5).abs() < 1e-12);
    }
}
