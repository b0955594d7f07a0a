//! An Excalibur burst divided over several targets (Appendix 1 "Bomb-Pumped X-Ray Multiple
//! Laser (Excalibur)": "20 total Attack power, divided between any number of targets within 10
//! hexes", heavy 180 within 16) under the policy's `excalibur_split = "pierce"` (J60; the
//! division itself is `burst::plan`).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::Event;
use super::super::armor::HitKind;
use super::super::burst::{self, MAX_BURST_TARGETS, SalvoTarget};
use super::super::ewar;
use super::super::guided;
use super::super::hex;
use super::super::parts::{DECOY_SALVO_DURABILITY, Guidance, Payload};
use super::super::payloads;
use super::Battle;
use super::damage::Hit;
use super::firing::shipmind_miss;
use super::ties;

/// Indices of up to [`MAX_BURST_TARGETS`] candidates, nearest first; equally near ones in
/// the order the battle's dice give them (`ties::least`: one die per further equal candidate,
/// none without a tie; before, the lower index went first).
fn nearest<R: Roller + ?Sized>(
    dice: &mut R,
    dist: impl Fn(usize) -> Option<f64>,
    n: usize,
) -> ([usize; MAX_BURST_TARGETS], usize) {
    let mut out = [0; MAX_BURST_TARGETS];
    let mut len = 0;
    while len < MAX_BURST_TARGETS {
        let taken = out;
        let free = (0..n).filter(|j| !taken[..len].contains(j) && dist(*j).is_some());
        let Some(j) = ties::least(dice, free, |j| dist(j).unwrap_or(f64::INFINITY)) else {
            break;
        };
        out[len] = j;
        len += 1;
    }
    (out, len)
}

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Each Excalibur of salvo `g` bursts once its target is in reach (J25, J26): enemy guided
    /// weapons within its range first (the kill rule at their durability, a salvo's decoys
    /// before its warheads: J32), then equal shares over its target and the nearest other
    /// enemy ships in reach (closest approach of the last maneuver phase), each share a
    /// separate attack through the guidance package (J60, `burst::plan`).
    #[cold]
    #[inline(never)]
    pub(crate) fn burst_split(&mut self, g: usize) {
        let m = self.m;
        let w = self.st.gws[g];
        let gd = &m.catalogue.guided[usize::from(w.guided)];
        let range = payloads::ranges(Payload::Excalibur, gd.size, 0.0)[2];
        let total = payloads::attack_power(Payload::Excalibur, gd.size);
        let t = usize::from(w.target);
        let reach = |ships: &[super::super::ship::ShipState], j: usize| {
            let s = &ships[j];
            let now = f64::from(w.pos.distance(s.pos));
            now.min(hex::closest_approach(w.prev_pos, w.pos, s.prev_pos, s.pos))
        };
        for _ in 0..w.count {
            if !self.st.ships[t].targetable() {
                break;
            }
            let gws = &self.st.gws;
            let (salvo_at, n_salvos) = nearest(
                &mut *self.dice,
                |k| {
                    let o = &gws[k];
                    let d = f64::from(w.pos.distance(o.pos));
                    (o.side != w.side && !o.drone && !o.doomed && o.count > 0 && d <= range)
                        .then_some(d)
                },
                gws.len(),
            );
            let mut salvos = [SalvoTarget {
                count: 0,
                durability: 0.0,
            }; MAX_BURST_TARGETS];
            for (s, &k) in salvos.iter_mut().zip(&salvo_at[..n_salvos]) {
                let o = &gws[k];
                *s = if o.decoys > 0 {
                    SalvoTarget {
                        count: o.decoys,
                        durability: m.catalogue.guided[usize::from(o.decoy_guided)]
                            .size
                            .pick(DECOY_SALVO_DURABILITY),
                    }
                } else {
                    SalvoTarget {
                        count: o.count,
                        durability: m.catalogue.guided[usize::from(o.guided)].durability(),
                    }
                };
            }
            let ships = &self.st.ships;
            let (ship_at, n_ships) = nearest(
                &mut *self.dice,
                |j| {
                    let s = &ships[j];
                    let d = reach(ships, j);
                    (j != t && s.side != w.side && s.targetable() && d <= range).then_some(d)
                },
                ships.len(),
            );
            let mut others_pr = [0.0; MAX_BURST_TARGETS];
            for (p, &j) in others_pr.iter_mut().zip(&ship_at[..n_ships]) {
                *p = m.design(&ships[j]).protection;
            }
            let main_pr = m.design(&ships[t]).protection;
            let plan = burst::plan(total, main_pr, &salvos[..n_salvos], &others_pr[..n_ships]);
            for (&k, &killed) in salvo_at[..n_salvos].iter().zip(&plan.kills) {
                if killed == 0 {
                    continue;
                }
                let o = &mut self.st.gws[k];
                if o.decoys > 0 {
                    o.decoys -= killed;
                } else {
                    o.count -= killed;
                }
                self.st.events[w.side.index()][Event::PdKills as usize] += killed;
                trace!(
                    self.obs,
                    "  {} bursts at {} ({killed} destroyed)",
                    gd.name,
                    m.catalogue.guided[usize::from(self.st.gws[k].guided)].name
                );
            }
            self.burst_share(g, t, plan.share);
            for &j in &ship_at[..plan.ships - 1] {
                self.burst_share(g, j, plan.share);
            }
        }
    }

    /// One share `ap` of salvo `g`'s burst at ship `t`: its guidance package decides (J26),
    /// decoys draw it when jammed (Home On Jam excepted).
    fn burst_share(&mut self, g: usize, t: usize, ap: f64) {
        let m = self.m;
        let w = self.st.gws[g];
        let gd = &m.catalogue.guided[usize::from(w.guided)];
        let owner = usize::from(w.owner);
        // J65: the burst's share may take a Sensor Uplink assist.
        let sensors = self.uplinked(w.side, usize::MAX, gd.size.sensors(), self.st.ships[t].ecm);
        let target = &self.st.ships[t];
        let jammed = ewar::jamming(sensors, target.ecm) != ewar::Jamming::Clear;
        let table = m.policies[w.side.index()].crit_table;
        let how = guided::guidance_against(
            gd.guidance,
            jammed,
            target.ecm > 0.0,
            table,
            m.rules.precision_crit_multiplier,
            |miss| shipmind_miss(m, target, miss),
            self.dice,
        );
        trace!(
            self.obs,
            "  {} from {} bursts {ap:.1} AP at {}: {}",
            gd.name,
            self.m.names[owner],
            self.m.names[t],
            if how.is_some() { "hit" } else { "miss" }
        );
        let Some(how) = how else {
            self.count(w.side, Event::GwMisses);
            return;
        };
        self.count(w.side, Event::GwHits);
        if m.decoys && jammed && gd.guidance != Guidance::HomeOnJam && self.decoy_draw(t, ap) {
            return;
        }
        self.apply_hit(Hit::guided(owner, t, ap, HitKind::PLAIN, how, false).on_lines(w.lines));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Dice;

    /// An Excalibur's nearest targets: equally near candidates come in the dice's order
    /// (before: the lower index first), the nearer ones always first, none out of reach.
    #[test]
    fn equally_near_burst_targets_go_to_the_dice() {
        let dist = [Some(4.0), Some(2.0), None, Some(4.0), Some(4.0)];
        let mut firsts = [0u32; 5];
        for k in 0..60 {
            let mut dice = Dice::for_battle(3, 0, k);
            let (at, n) = nearest(&mut dice, |j| dist[j], dist.len());
            assert_eq!(n, 4.min(MAX_BURST_TARGETS));
            assert_eq!(at[0], 1);
            firsts[at[1]] += 1;
        }
        assert!(
            firsts[0] > 5 && firsts[3] > 5 && firsts[4] > 5,
            "{firsts:?}"
        );
    }
}
