//! Laser split fire ("Direct Fire Weapons: Lasers": "a laser can attack multiple targets up
//! to its Redundant Emitters stat, dividing its attack power between them"). The policy's
//! `laser_split` decides whether a laser splits and over how many targets (J41).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::Event;
use super::super::design::WeaponKind;
use super::super::ewar;
use super::super::policy::LaserSplit;
use super::super::weapon_lines::mount_line;
use super::damage::Hit;
use super::firing::shipmind_miss;
use super::{Battle, ties};

/// Most targets one laser engages at once (Redundant Emitters beyond it add nothing).
pub(crate) const MAX_SPLIT: usize = 8;

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Ship `i`'s laser `k` splits its shot over several enemies when its policy wants it
    /// (J41): the usual target `t` first, then the nearest other enemies in play that are in
    /// one of the laser's range brackets, up to the Redundant Emitters left. `pierce` keeps
    /// only as many as leave each share of the Attack Power above every chosen target's
    /// Protection Rating. Returns whether it fired (false: fire it at `t` as usual).
    pub(crate) fn split_fire(&mut self, i: usize, k: usize, t: usize) -> bool {
        let m = self.m;
        let s = &self.st.ships[i];
        let side = s.side;
        let how = m.policies[side.index()].laser_split;
        let wd = &m.catalogue.weapons[m.design(s).weapons[k]];
        let emitters = usize::from(s.re_left[k]).min(MAX_SPLIT);
        if how == LaserSplit::Never
            || !matches!(wd.kind, WeaponKind::Laser { .. })
            || emitters < 2
            || wd.energy > s.energy
        {
            return false;
        }
        let in_reach = |j: usize| {
            let o = &self.st.ships[j];
            o.side != side
                && o.targetable()
                && ewar::bracket(self.engagement_distance(i, j), wd.ranges).is_some()
        };
        let mut targets = [0usize; MAX_SPLIT];
        let mut n = 0;
        if in_reach(t) {
            targets[0] = t;
            n = 1;
        }
        // The enemies in reach (bit j), then the nearest first; equally near ones by the
        // battle's dice (before: the lower index).
        let mut reach = 0u64;
        for j in 0..self.st.ships.len() {
            if in_reach(j) {
                reach |= 1 << j;
            }
        }
        let st = &*self.st;
        while n < emitters {
            let next = ties::least(
                &mut *self.dice,
                (0..st.ships.len()).filter(|&j| reach & 1 << j != 0 && !targets[..n].contains(&j)),
                |j| st.engagement_distance(i, j),
            );
            match next {
                Some(j) => {
                    targets[n] = j;
                    n += 1;
                }
                None => break,
            }
        }
        if how == LaserSplit::Pierce {
            let pr = |j: usize| m.design(&self.st.ships[j]).protection;
            while n >= 2 && targets[..n].iter().any(|&j| wd.ap / n as f64 <= pr(j)) {
                n -= 1;
            }
        }
        if n < 2 {
            return false;
        }
        self.st.ships[i].fire_weapon(k, wd.energy);
        let (ap, ranges) = (wd.ap / n as f64, wd.ranges);
        trace!(
            self.obs,
            "  {} splits its {} over {n} targets ({ap} AP each)", self.m.names[i], wd.name
        );
        for &j in &targets[..n] {
            self.split_shot(i, j, ap, ranges, mount_line(k));
        }
        true
    }

    /// One share of a split laser shot at `t`: its own bracket, jamming, miss roll and
    /// Precision Targeting perks, as a separate attack.
    fn split_shot(&mut self, i: usize, t: usize, ap: f64, ranges: [i32; 3], lines: u16) {
        let m = self.m;
        let side = self.st.ships[i].side;
        let dist = self.engagement_distance(i, t);
        let sensors = self.sensors_against(i, t);
        let jam = ewar::jamming(sensors, self.st.ships[t].ecm);
        let Some(bracket) = ewar::bracket(dist, ranges) else {
            return;
        };
        let Some(shot) = m.rules.direct_shot(bracket, jam) else {
            return;
        };
        let target = &self.st.ships[t];
        let miss = shipmind_miss(m, target, shot.miss_percent);
        let hit = !(miss > 0 && self.dice.below(100) < miss);
        trace!(
            self.obs,
            "    at {} ({} bracket, {:.1} hexes{}, miss {miss}%): {}",
            self.m.names[t],
            bracket.name(),
            dist,
            jam.note(),
            if hit { "hit" } else { "miss" }
        );
        if !hit {
            self.count(side, Event::DirectMisses);
            return;
        }
        self.count(side, Event::DirectHits);
        self.apply_hit(
            Hit::plain(
                i,
                t,
                ap,
                shot.precision,
                m.policies[side.index()].crit_table,
                m.rules.precision_crit_multiplier,
            )
            .on_lines(lines),
        );
    }
}
