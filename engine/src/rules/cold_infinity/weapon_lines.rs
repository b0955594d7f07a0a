//! Damage by weapon (issue 18, the report's `weapons` table): a ship's weapon lines are its
//! SDS's direct-fire mounts, in SDS order, named by their `[[weapon]]` line (§8, §17.1), then
//! its missile racks (§9.2.1), in SDS order, named by the missiles they hold (`rack 1:
//! Harbinger Mk III`): a rack's line is credited its missiles' hits in the Guided Weapons
//! Phase, split as a phase's claims always are (§7.3: guided damage is applied at the end
//! of that phase, whatever `simultaneity` says). A mount's
//! damage is what its hits add to the target's marks, credited exactly as the ship's damage
//! dealt is (`battle/fire.rs`): at once under `simultaneity = marked-at-once`; under
//! `start-of-phase` (the default) the ship's share of each target's phase damage (its
//! claim, [`credit_share`](super::battle::fire::credit_share)) is split among its mounts by
//! their own claims ([`WeaponLines::split_phase`]), so the mounts add up to the ship. Every
//! point a ship is credited is a mount's: the report's `other` stays empty (rams and reactor
//! detonations credit nobody).
//!
//! A ship put out of the battle (destroyed, bridge lost; §13) is the kill of the mount whose
//! hit last damaged it — under `start-of-phase` the largest claim of the last phase that
//! damaged it, the first in shot order on a tie — when that mount's ship is an enemy.

use crate::outcome::WeaponTally;

use super::battle::ShipState;
use super::guided::flights::MAX_FLIGHTS;
use super::matchup::{MAX_WEAPONS, Matchup};

/// No mount: a ship no hit has damaged.
const NOBODY: (u8, u8) = (u8::MAX, u8::MAX);

/// Damage by weapon in one battle: per ship and mount, and what the phase's split needs.
#[derive(Debug, Default)]
pub struct WeaponLines {
    /// Per ship, per mount: the battle's totals.
    pub tally: Vec<[WeaponTally; MAX_WEAPONS]>,
    /// This phase's hits under `start-of-phase`, in shot order: (attacker, mount, target,
    /// points claimed).
    claims: Vec<(u8, u8, u8, u32)>,
    /// Per (target × ships + attacker) this phase: (the attacker's credit, its mounts' claims
    /// so far, their credit so far).
    split: Vec<[u32; 3]>,
    /// Per target this phase: the largest claim on it and its (attacker, mount).
    best: Vec<(u32, (u8, u8))>,
    /// Per ship: (attacker, mount) of the hit that last damaged it.
    killer: Vec<(u8, u8)>,
}

/// The forward model copies positions: `clone` keeps the room for a phase's claims and
/// `clone_from` copies field by field into the kept copy's buffers, so a search player's
/// rollouts allocate nothing in steady state.
impl Clone for WeaponLines {
    fn clone(&self) -> Self {
        let mut claims = Vec::with_capacity(self.claims.capacity());
        claims.extend_from_slice(&self.claims);
        WeaponLines {
            tally: self.tally.clone(),
            claims,
            split: self.split.clone(),
            best: self.best.clone(),
            killer: self.killer.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.tally.clone_from(&source.tally);
        self.claims.clone_from(&source.claims);
        self.split.clone_from(&source.split);
        self.best.clone_from(&source.best);
        self.killer.clone_from(&source.killer);
    }
}

impl WeaponLines {
    /// Sized for `m`'s ships and `shots` shots a phase (or the most guided weapons in flight,
    /// if any ship has racks): a battle allocates nothing.
    pub fn for_matchup(m: &Matchup, shots: usize) -> Self {
        let n = m.start.len();
        let racked = (0..n).any(|i| !m.design_of(i).racks.is_empty());
        let hits = if racked {
            shots.max(MAX_FLIGHTS)
        } else {
            shots
        };
        WeaponLines {
            tally: vec![[WeaponTally::default(); MAX_WEAPONS]; n],
            claims: Vec::with_capacity(hits),
            split: vec![[0; 3]; n * n],
            best: vec![(0, NOBODY); n],
            killer: vec![NOBODY; n],
        }
    }

    /// A new battle.
    pub fn reset(&mut self) {
        self.tally.fill([WeaponTally::default(); MAX_WEAPONS]);
        self.killer.fill(NOBODY);
    }

    /// A new fire phase.
    #[inline]
    pub fn begin_phase(&mut self) {
        self.claims.clear();
    }

    /// Under `marked-at-once`: mount `k` of ship `a` added `done` points to ship `t`.
    #[inline]
    pub fn mark(&mut self, a: usize, k: usize, t: usize, done: u32) {
        self.tally[a][k].damage_dealt += done;
        if done > 0 {
            self.killer[t] = (a as u8, k as u8);
        }
    }

    /// Under `start-of-phase`: mount `k` of ship `a` claimed `claimed` points on ship `t`. A
    /// hit that claimed nothing is left out: its target may have no credit this phase (then
    /// [`WeaponLines::credit`] is not called for it and its split holds an earlier phase's).
    #[inline]
    pub fn claim(&mut self, a: usize, k: usize, t: usize, claimed: u32) {
        if claimed > 0 {
            self.claims.push((a as u8, k as u8, t as u8, claimed));
        }
    }

    /// Under `start-of-phase`: ship `a` is credited `c` points of its damage to ship `t`
    /// (`ships` in the battle).
    #[inline]
    pub fn credit(&mut self, t: usize, a: usize, ships: usize, c: u32) {
        self.split[t * ships + a] = [c, 0, 0];
    }

    /// Under `start-of-phase`, after every [`WeaponLines::credit`] of the phase: each ship's
    /// credit on each target split among its mounts by their claims (`claims`: the ships'
    /// claims, `claims[target × ships + attacker]`), cumulatively rounded down so the mounts
    /// add up to the ship's credit; a mount claiming all of its ship's claim gets all of it.
    pub fn split_phase(&mut self, claims: &[u32], ships: usize) {
        if self.claims.is_empty() {
            return;
        }
        self.best.fill((0, NOBODY));
        for &(a, k, t, claimed) in &self.claims {
            let (a, t) = (usize::from(a), usize::from(t));
            let at = t * ships + a;
            let [c, cum, given] = &mut self.split[at];
            *cum += claimed;
            let now = (u64::from(*c) * u64::from(*cum) / u64::from(claims[at].max(1))) as u32;
            self.tally[a][usize::from(k)].damage_dealt += now - *given;
            *given = now;
            if claimed > self.best[t].0 {
                self.best[t] = (claimed, (a as u8, k));
            }
        }
        for (killer, &(claimed, by)) in self.killer.iter_mut().zip(&self.best) {
            if claimed > 0 {
                *killer = by;
            }
        }
    }

    /// Ship `t` is out of the battle: the kill of the mount that last damaged it, if an
    /// enemy's.
    pub fn lost(&mut self, t: usize, ships: &[ShipState]) {
        let (a, k) = self.killer[t];
        if (a, k) != NOBODY && ships[usize::from(a)].side != ships[t].side {
            self.tally[usize::from(a)][usize::from(k)].kills += 1;
        }
    }
}

/// Every ship's mounts, named by their `[[weapon]]` line (`mount 2: 50cm railgun`), then its
/// racks, named by their missiles (`rack 1: Harbinger Mk III`).
pub fn names(m: &Matchup) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for i in 0..m.start.len() {
        let bd = m.design_of(i);
        for (k, name) in bd.mount_names.iter().enumerate() {
            out.push((i, format!("mount {}: {name}", k + 1)));
        }
        for (r, missiles) in bd.rack_missiles.iter().enumerate() {
            let what = match bd.racks[r].torpedo {
                Some(_) => "torpedo system",
                None => "rack",
            };
            out.push((i, format!("{what} {}: {}", r + 1, missiles.join(" / "))));
        }
    }
    out
}

/// Rack `r`'s line on ship `i` (after the mounts).
pub fn rack_line(m: &Matchup, i: usize, r: usize) -> usize {
    m.design_of(i).mounts.len() + r
}

/// One battle's mounts, into `out` (as long as [`names`]' list).
pub fn copy(m: &Matchup, lines: &WeaponLines, out: &mut [WeaponTally]) {
    let mut out = out.iter_mut();
    for (i, ship) in lines.tally.iter().enumerate() {
        let d = m.design_of(i);
        let n = d.mounts.len() + d.racks.len();
        for (line, slot) in ship[..n].iter().zip(out.by_ref()) {
            *slot = *line;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines for 2 ships, no matchup needed.
    fn lines(n: usize) -> WeaponLines {
        WeaponLines {
            tally: vec![[WeaponTally::default(); MAX_WEAPONS]; n],
            claims: Vec::with_capacity(8),
            split: vec![[0; 3]; n * n],
            best: vec![(0, NOBODY); n],
            killer: vec![NOBODY; n],
        }
    }

    fn dealt(l: &WeaponLines, a: usize) -> Vec<u32> {
        l.tally[a][..3].iter().map(|t| t.damage_dealt).collect()
    }

    #[test]
    fn a_ships_credit_is_split_among_its_mounts_exactly() {
        let mut l = lines(2);
        // Ship 0's mounts 0, 1, 2 claim 5, 0 (a hit that marked nothing), 3 on ship 1; the
        // phase credits ship 0 only 7 of its 8 (another's claim overlapped).
        l.begin_phase();
        l.claim(0, 0, 1, 5);
        l.claim(0, 1, 1, 0);
        l.claim(0, 2, 1, 3);
        l.credit(1, 0, 2, 7);
        l.credit(1, 1, 2, 0);
        let claims = [0, 0, 8, 0];
        l.split_phase(&claims, 2);
        // floor(7·5/8) = 4, then floor(7·8/8) − 4 = 3: adds up to 7.
        assert_eq!(dealt(&l, 0), [4, 0, 3]);
        assert_eq!(l.killer[1], (0, 0), "the largest claim");
        // Next phase: only ship 1 is hit, and a hit of ship 0 on ship 1 claims nothing; the
        // earlier phase's split must not be read again.
        l.begin_phase();
        l.claim(0, 2, 1, 0);
        l.claim(1, 0, 0, 2);
        l.credit(0, 1, 2, 2);
        l.credit(0, 0, 2, 0);
        let claims = [0, 2, 0, 0];
        l.split_phase(&claims, 2);
        assert_eq!(dealt(&l, 0), [4, 0, 3]);
        assert_eq!(l.tally[1][0].damage_dealt, 2);
    }
}
