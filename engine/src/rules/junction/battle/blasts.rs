//! Blasts among guided weapons in the battle (Appendix 1 "Inertial Mine", "Nuclear Bomb",
//! "Neutron Bomb"): the Inertial Mine's area mode (J50) and point-defense launches of Inertial
//! Mines and heavy Nuclear / Neutron Bombs (J51, J52). Rules without battle state are in
//! `blasts.rs`; Excalibur point defense is in `pd_launches.rs`.

use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::Side;
use crate::trace;

use super::super::Event;
use super::super::armor::HitKind;
use super::super::blasts;
use super::super::hex::Hex;
use super::super::house_rules::OwnFlak;
use super::super::parts::{GwSize, Payload};
use super::super::payloads;
use super::super::policy::{MineMode, PdLaunches, PdStance};
use super::Battle;
use super::damage::Hit;

/// A blast's Attack Power against one guided-weapon salvo.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Blast {
    /// Inertial Mines: stacked Attack Power; counts as Area Denial for kinetic payloads (they
    /// still attack this firing phase at 80% unless jammed, then are gone).
    Mines(f64),
    /// A heavy Nuclear or Neutron Bomb: destroys every guided weapon outright.
    Nuke,
}

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// J50 policy: whether Inertial Mine salvo `g`, in its target's hex, uses its area mode.
    pub(crate) fn mine_area_wanted(&self, g: usize) -> bool {
        let w = &self.st.gws[g];
        let m = self.m;
        if m.catalogue.guided[usize::from(w.guided)].payload != Payload::InertialMine
            || w.pos != self.st.ships[usize::from(w.target)].pos
        {
            return false;
        }
        match m.policies[w.side.index()].mine_mode {
            MineMode::Contact => false,
            MineMode::Area => true,
            MineMode::Crowded => {
                let here =
                    |s: &&super::super::ship::ShipState| s.status.in_play() && s.pos == w.pos;
                let friends = self.st.ships.iter().filter(here).any(|s| s.side == w.side);
                let enemies = self
                    .st
                    .ships
                    .iter()
                    .filter(here)
                    .filter(|s| s.side != w.side)
                    .count() as u32
                    + self
                        .st
                        .gws
                        .iter()
                        .filter(|o| o.side != w.side && o.pos == w.pos)
                        .map(|o| o.count + o.decoys)
                        .sum::<u32>();
                !friends && enemies >= 2
            }
        }
    }

    /// Whether salvo `k` blasts in area mode in `hex` this firing phase on `side`'s behalf: an
    /// Inertial Mine salvo launched on an earlier turn, in its target's hex, whose policy
    /// wants the area mode.
    fn blasting(&self, k: usize, hex: Hex, side: Side) -> bool {
        let w = &self.st.gws[k];
        w.side == side
            && w.pos == hex
            && w.count > 0
            && w.launched < self.st.turn
            && !w.drone
            && self.st.ships[usize::from(w.target)].targetable()
            && self.mine_area_wanted(k)
    }

    /// Stacked area-mode Attack Power of the mine salvos in `set` (bits of `gws`) against a
    /// unit moving at `vel`: each mine's tenth of the kinetic formula at its own relative
    /// velocity.
    fn mines_ap(&self, set: u64, vel: Hex) -> f64 {
        let mut ap = 0.0;
        for (k, w) in self.st.gws.iter().enumerate() {
            if set & (1 << k) != 0 {
                let size = self.m.catalogue.guided[usize::from(w.guided)].size;
                let v = w.vel.sub(vel).length();
                ap += f64::from(w.count) * blasts::mine_area_ap(size, v);
            }
        }
        ap
    }

    /// The Inertial Mine's area mode (Appendix 1; J50): salvo `g` and every other mine salvo
    /// of its side blasting in the same hex this phase ("stack their Attack Power") hit every
    /// ship in play and every other guided weapon in the hex with a tenth of the kinetic
    /// formula at each one's relative velocity — ships at random hit locations (no table
    /// choice, no ×3), guaranteed and undistracted (indiscriminate), guided weapons by the
    /// kill rule, decoys at their ordinary durability; kinetic payloads are wrecked as by Area
    /// Denial. The blasting salvos are spent (the caller removes `g`).
    #[cold]
    #[inline(never)]
    pub(crate) fn mine_area_blast(&mut self, g: usize) {
        let w = self.st.gws[g];
        let mut set = 1u64 << g;
        for k in 0..self.st.gws.len() {
            if k != g && self.blasting(k, w.pos, w.side) {
                set |= 1 << k;
            }
        }
        let owner = usize::from(w.owner);
        trace!(
            self.obs,
            "  {} from {} blast in area mode at ({},{})",
            self.m.catalogue.guided[usize::from(w.guided)].name,
            self.m.names[owner],
            w.pos.q,
            w.pos.r
        );
        for i in 0..self.st.ships.len() {
            let s = &self.st.ships[i];
            if !s.status.in_play() || s.pos != w.pos {
                continue;
            }
            let ap = self.mines_ap(set, s.vel);
            if ap <= 0.0 {
                continue;
            }
            self.count(w.side, Event::MineBlastHits);
            trace!(self.obs, "    {} takes {ap:.1} AP", self.m.names[i]);
            self.apply_hit(Hit {
                attacker: owner,
                target: i,
                ap,
                kind: HitKind::PLAIN,
                table: None,
                multiplier: 1,
                ecm_damaged: false,
                no_crits: false,
                particle: false,
                lines: w.lines,
            });
        }
        for k in 0..self.st.gws.len() {
            let o = self.st.gws[k];
            if set & (1 << k) != 0 || o.pos != w.pos {
                continue;
            }
            let ap = self.mines_ap(set, o.vel);
            let n = self.blast_salvo(k, Blast::Mines(ap));
            self.st.events[w.side.index()][Event::MineBlastHits as usize] += n;
        }
        for k in 0..self.st.gws.len() {
            if k != g && set & (1 << k) != 0 {
                self.st.gws[k].count = 0;
                self.st.gws[k].decoys = 0;
            }
        }
    }

    /// A blast reaches salvo `k`: its decoys die at their ordinary durability, its weapons by
    /// the kill rule (a kinetic payload under mines is wrecked, not destroyed). Returns the
    /// weapons and decoys destroyed or wrecked.
    fn blast_salvo(&mut self, k: usize, blast: Blast) -> u32 {
        let o = self.st.gws[k];
        let gd = &self.m.catalogue.guided[usize::from(o.guided)];
        let mut n = 0;
        if o.decoys > 0 {
            let dd = &self.m.catalogue.guided[usize::from(o.decoy_guided)];
            let dies = match blast {
                Blast::Mines(ap) => ap >= blasts::blast_decoy_durability(dd.size),
                Blast::Nuke => true,
            };
            if dies {
                n += o.decoys;
                self.st.gws[k].decoys = 0;
            }
        }
        if o.count == 0 || o.doomed {
            return n;
        }
        match blast {
            Blast::Mines(ap) if ap < gd.durability() => {}
            // "This counts as Area Denial as far as Kinetic Missiles are concerned."
            Blast::Mines(_) if gd.payload == Payload::Kinetic => {
                self.st.gws[k].doomed = true;
                n += o.count;
            }
            _ => {
                self.st.gws[k].count = 0;
                n += o.count;
            }
        }
        if n > 0 {
            trace!(self.obs, "    {n} {} caught in the blast", gd.name);
        }
        n
    }

    /// Point-defense blasts against salvo `g` by the ships of `side` whose policy launches
    /// them (J51): a ship in the hex where the salvo started its turn (J52: the salvo's hex in
    /// this firing phase is the defender's) launches the fewest Inertial Mines whose stacked
    /// blast kills the salvo's weapons (at most two per incoming weapon), else a heavy Nuclear
    /// Bomb, else a heavy Neutron Bomb (one more than the salvo's Chemical Lasers and Light Gas
    /// Guns can shoot down). The blast reaches every enemy guided weapon in the hex (its own
    /// side's too with `own_flak = "indiscriminate"`, J64) and no ship (J52).
    #[cold]
    #[inline(never)]
    pub(crate) fn blast_defence(&mut self, g: usize, side: Side) {
        let m = self.m;
        if m.policies[side.index()].pd_launches != PdLaunches::All
            || m.policies[side.index()].pd == PdStance::Never
        {
            return;
        }
        let spares = m.rules.own_flak == OwnFlak::SparesOwnGuided;
        for i in 0..self.st.ships.len() {
            let w = self.st.gws[g];
            if w.count == 0 || w.doomed {
                return;
            }
            let s = &self.st.ships[i];
            let d = m.design(s);
            if s.side != side
                || !s.status.in_play()
                || s.pos != w.pos
                || !s.has_launcher(d)
                || !s.can_use_weapons(d)
                || s.fire_paralysed(self.st.turn)
            {
                continue;
            }
            let Some((slot, n, shot_down)) = self.blast_choice(i, g) else {
                continue;
            };
            let gi = d.magazine[slot].0;
            let bd = &m.catalogue.guided[gi];
            self.st.ships[i].magazine[slot] -= n;
            let k = side.index();
            self.st.events[k][Event::Launches as usize] += n;
            self.st.events[side.other().index()][Event::PdKills as usize] += shot_down;
            trace!(
                self.obs,
                "  {} launches {n} {} as point defense{}",
                self.m.names[i],
                bd.name,
                if shot_down > 0 {
                    format!(" ({shot_down} shot down by the salvo)")
                } else {
                    String::new()
                }
            );
            if shot_down >= n {
                continue;
            }
            self.st.events[k][Event::PdBlasts as usize] += 1;
            let (at, vel) = (w.pos, self.st.ships[i].vel);
            for o in 0..self.st.gws.len() {
                let own = self.st.gws[o].side == side;
                if self.st.gws[o].pos != at || (own && spares) {
                    continue;
                }
                let blast = if bd.payload == Payload::InertialMine {
                    let v = self.st.gws[o].vel.sub(vel).length();
                    Blast::Mines(f64::from(n) * blasts::mine_area_ap(bd.size, v))
                } else {
                    Blast::Nuke
                };
                let killed = self.blast_salvo(o, blast);
                if !own {
                    self.st.events[k][Event::PdKills as usize] += killed;
                }
                if bd.payload == Payload::InertialMine {
                    self.st.events[k][Event::MineBlastHits as usize] += killed;
                }
            }
        }
    }

    /// J51 policy: which magazine entry ship `i` fires as a point-defense blast at salvo `g`,
    /// how many, and how many of them the salvo shoots down; `None` when no blast pays.
    fn blast_choice(&self, i: usize, g: usize) -> Option<(usize, u32, u32)> {
        let m = self.m;
        let s = &self.st.ships[i];
        let d = m.design(s);
        let w = &self.st.gws[g];
        let gd = &m.catalogue.guided[usize::from(w.guided)];
        let rel = w.vel.sub(s.vel).length();
        let slots = || {
            (0..d.magazine.len()).filter(|&k| {
                let bd = &m.catalogue.guided[d.magazine[k].0];
                s.magazine[k] > 0
                    && bd.payload != Payload::Excalibur
                    && blasts::pd_launchable(bd.payload, bd.size)
            })
        };
        // Mines first: the fewest whose stacked blast reaches the weapons' durability.
        for k in slots() {
            let bd = &m.catalogue.guided[d.magazine[k].0];
            if bd.payload != Payload::InertialMine {
                continue;
            }
            let per = blasts::mine_area_ap(bd.size, rel);
            if let Some(n) = blasts::mines_needed(gd.durability(), per)
                && n <= s.magazine[k]
                && n <= 2 * w.count
            {
                return Some((k, n, 0));
            }
        }
        // Heavy bombs: the salvo's Chemical Lasers and Light Gas Guns shoot one each.
        let shooters = if matches!(gd.payload, Payload::ChemicalLaser | Payload::LightGasGun) {
            w.count * blasts::nukes_shot_down(payloads::attack_power(gd.payload, gd.size))
        } else {
            0
        };
        let n = shooters + 1;
        for payload in [Payload::NuclearBomb, Payload::NeutronBomb] {
            for k in slots() {
                let bd = &m.catalogue.guided[d.magazine[k].0];
                if bd.payload == payload && bd.size == GwSize::Heavy && n <= s.magazine[k] {
                    return Some((k, n, shooters));
                }
            }
        }
        None
    }
}
