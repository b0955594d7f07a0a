//! The `cover-kills` point-defense stance (J42 weighed by Durability; issue 17, session 31):
//! which multi-target guns skip direct fire this turn so that they may defend next turn.
//! `cover` counts every gun's point-defense targets against every incoming weapon, so a
//! monitor whose three lasers "cover" four heavy kinetics (two targets each) fires its two
//! heavy macrons — the only guns whose Attack Power reaches a heavy kinetic's Durability 24 —
//! at the enemy, and the kinetics strike unopposed next turn. `cover-kills` counts a gun
//! against a weapon only when it can destroy it by the kill rule.
//!
//! Text: seed 004 "Point Defense" ("Direct fire weapons can also be used for point defense,
//! provided they were not fired in any role aside from point defense last turn"; a Macron
//! engages up to its Area Denial, a Laser up to its Redundant Emitters, dividing its Attack
//! Power; a weapon is destroyed when the Attack Power is at least its Durability). The choice
//! of guns is the player's: a policy setting (`point_defense = "cover-kills"`), not a house
//! rule.

use crate::dice::Roller;
use crate::observer::Observer;

use super::super::design::MAX_WEAPONS;
use super::super::point_defense;
use super::{Battle, ties};

/// Distinct Durabilities an incoming threat is counted in; beyond that the rest joins the
/// hardest class (counted as harder than it is: the guns held can only be more).
pub const MAX_CLASSES: usize = 8;

/// The incoming weapons (and salvo decoys) by Durability, hardest first: `(durability,
/// count)` pairs with equal Durabilities merged; returns how many classes.
pub fn threat_classes(
    threats: impl Iterator<Item = (f64, u32)>,
    out: &mut [(f64, u32); MAX_CLASSES],
) -> usize {
    let mut n = 0;
    for (dur, count) in threats.filter(|&(_, c)| c > 0) {
        if let Some(c) = out[..n].iter_mut().find(|c| c.0 == dur) {
            c.1 += count;
        } else if n < MAX_CLASSES {
            out[n] = (dur, count);
            n += 1;
        } else if let Some(c) = out[..n].iter_mut().max_by(|a, b| a.0.total_cmp(&b.0)) {
            c.1 += count;
        }
    }
    out[..n].sort_by(|a, b| b.0.total_cmp(&a.0));
    n
}

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// The guns ship `i` holds back under `cover-kills` (bit `k` for weapon `k`): for each
    /// class of incoming weapons, hardest first, the guns that already defended this turn
    /// and can destroy them count first; then the weakest free multi-target guns (`multi`,
    /// least Attack Power per point-defense target, equally weak ones on the battle's dice)
    /// that can destroy at least one of them are held until the class is covered. A class no
    /// gun can destroy holds nothing. `targets[k]`: weapon `k`'s point-defense targets.
    pub(super) fn kill_cover(&mut self, i: usize, targets: &[u32; MAX_WEAPONS], multi: u16) -> u16 {
        let m = self.m;
        let s = &self.st.ships[i];
        let side = s.side;
        let d = m.design(s);
        let weapons = d.weapons.len();
        let mut classes = [(0.0, 0u32); MAX_CLASSES];
        let threats = self
            .st
            .gws
            .iter()
            .filter(|g| g.side != side && !g.drone)
            .flat_map(|g| {
                let gd = &m.catalogue.guided[usize::from(g.guided)];
                let dd = &m.catalogue.guided[usize::from(g.decoy_guided)];
                [
                    (gd.durability(), g.count),
                    (
                        dd.size.pick(super::super::parts::DECOY_SALVO_DURABILITY),
                        g.decoys,
                    ),
                ]
            });
        let n = threat_classes(threats, &mut classes);
        let ap = |k: usize| m.catalogue.weapons[d.weapons[k]].ap;
        let is_multi = |k: usize| multi & 1 << k != 0;
        // Guns that defended this turn (they may defend next turn) and the free ones.
        let mut counted = 0u16;
        let mut held = 0u16;
        for &(dur, count) in &classes[..n] {
            let mut left = count;
            for (k, &t) in targets.iter().enumerate().take(weapons) {
                let defended = is_multi(k) && s.used[k] && !s.fired_now[k];
                if left == 0 || !defended || counted & 1 << k != 0 {
                    continue;
                }
                let kills = point_defense::kills(ap(k), t, dur, left);
                if kills > 0 {
                    counted |= 1 << k;
                    left -= kills;
                }
            }
            while left > 0 {
                let open = (0..weapons).filter(|&k| {
                    is_multi(k)
                        && !s.used[k]
                        && (held | counted) & 1 << k == 0
                        && point_defense::kills(ap(k), targets[k], dur, left) > 0
                });
                let Some(k) = ties::least(&mut *self.dice, open, |k| ap(k) / f64::from(targets[k]))
                else {
                    break;
                };
                held |= 1 << k;
                left -= point_defense::kills(ap(k), targets[k], dur, left);
            }
        }
        held
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Four heavy kinetics (Durability 24) and six light nukes (1) in flight: two classes,
    /// the kinetics first; equal Durabilities merge; empty salvos are left out.
    #[test]
    fn threats_are_classed_by_durability_hardest_first() {
        let mut out = [(0.0, 0); MAX_CLASSES];
        let n = threat_classes(
            [(1.0, 4), (24.0, 4), (1.0, 2), (32.0, 0)].into_iter(),
            &mut out,
        );
        assert_eq!(&out[..n], &[(24.0, 4), (1.0, 6)]);
    }

    /// Beyond `MAX_CLASSES` Durabilities the rest is counted with the hardest class.
    #[test]
    fn classes_beyond_the_limit_join_the_hardest() {
        let mut out = [(0.0, 0); MAX_CLASSES];
        let threats = (1..=9).map(|d| (f64::from(d), 1));
        let n = threat_classes(threats, &mut out);
        assert_eq!(n, MAX_CLASSES);
        assert_eq!(out[0], (8.0, 2));
    }
}
