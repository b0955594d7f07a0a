//! Point defense planned over the whole phase (issue 15 §4; seed 004 "Stuff to Do: Point
//! Defense": "Guided weapon launches and attacks both provoke point defense"). Before the
//! guided-weapon attack step each side's guns choose their targets among **every** enemy salvo
//! that attacks in it, from one snapshot: weapon by weapon in setup order, each takes its best
//! engagement (`point_defense::best_engagement`: the targets where it saves the most) of what
//! the weapons before it left. Salvo by salvo (fleetlab before), the first salvo in launch order took every gun
//! in reach, whatever came after it. A side facing one attacking salvo keeps the per-salvo rule
//! (every gun engages it in setup order: the same targets). What is left — guns that could not
//! reach anything planned, Excalibur launches and blasts (J35, J51), and launches later in the
//! phase — is resolved salvo by salvo as before (`firing.rs` `point_defense`).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::Side;
use crate::trace;

use super::super::Event;
use super::super::house_rules::{DecoyPriority, PdAllocation};
use super::super::parts::{self, DECOY_SALVO_DURABILITY};
use super::super::payload_choice::{self, TargetView};
use super::super::payloads;
use super::super::point_defense::{self, Incoming, Take};
use super::super::policy::PdStance;
use super::super::ship::MAX_SHIPS;
use super::{Battle, MAX_GW_GROUPS};

/// A point-defense shooter of the plan.
#[derive(Clone, Copy, Debug)]
enum Shooter {
    /// Weapon `k` of ship `i`.
    Gun(usize, usize),
    /// One weapon of a gun-armed salvo (`gun_salvo_pd.rs`).
    Salvo(usize),
}

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Whether salvo `g` attacks its target in this phase's guided-weapon attack step
    /// (launched on an earlier turn, its target in play with Integrity left, and in its hex or
    /// crossed by its path — or, for a stand-off payload, in reach: `standoff_ready`).
    pub(crate) fn attacks_now<const PLAIN: bool>(&self, g: usize) -> bool {
        let w = &self.st.gws[g];
        let target = &self.st.ships[usize::from(w.target)];
        if w.drone || w.count == 0 || w.launched >= self.st.turn || !target.targetable() {
            return false;
        }
        if !PLAIN && w.standoff {
            return self.standoff_ready(g).is_some();
        }
        !w.standoff && (w.pos == target.pos || w.contact)
    }

    /// The phase's point-defense plan, for both sides (each spends only its own guns, so the
    /// order of the sides is no seat edge).
    pub(crate) fn plan_point_defense<const PLAIN: bool>(&mut self) {
        if self.m.rules.pd_allocation == PdAllocation::Salvo {
            return;
        }
        let mut attacking = [false; MAX_GW_GROUPS];
        let mut per_side = [0u32; 2];
        for (g, a) in attacking.iter_mut().enumerate().take(self.st.gws.len()) {
            if self.attacks_now::<PLAIN>(g) {
                *a = true;
                let t = usize::from(self.st.gws[g].target);
                per_side[self.st.ships[t].side.index()] += 1;
            }
        }
        for side in [Side::A, Side::B] {
            if per_side[side.index()] >= 2 {
                self.plan_side(side, &attacking);
            }
        }
    }

    /// What shooting down one weapon of salvo `g` saves its target
    /// (`point_defense::worth`): the Integrity plus Armor Value one hit would take (a Neutron
    /// Bomb that would kill most of the crew: all the target has left).
    fn salvo_worth(&self, g: usize) -> f64 {
        let m = self.m;
        let w = &self.st.gws[g];
        let gd = &m.catalogue.guided[usize::from(w.guided)];
        let target = &self.st.ships[usize::from(w.target)];
        let td = m.design(target);
        let hit = if payloads::kinetic(gd.payload) {
            let ap = parts::contact_kinetic_ap(
                gd.payload,
                gd.size,
                w.vel.sub(target.vel).length() + w.mass_driver,
            );
            Some((ap - td.protection).max(0.0) + ap.min(td.protection).min(target.armor))
        } else {
            let view = TargetView {
                protection: td.protection,
                armor: target.armor,
                armor_max: td.armor,
                crew: target.crew,
                closing: 0,
            };
            // A Neutron Bomb that would kill most of the crew (`payload_choice`: "beats
            // everything") costs the target the whole ship: its Integrity and Armor Value
            // left (finite, so the plan still counts how many it stops).
            payload_choice::worth(gd, &view, m.rules.nuclear_armor_multiplier).map(|w| {
                if w.is_finite() {
                    w
                } else {
                    target.integrity.max(0.0) + target.armor
                }
            })
        };
        point_defense::worth(hit)
    }

    /// The plan of `side`'s guns against the enemy salvos marked in `attacking` that aim at
    /// it.
    #[cold]
    #[inline(never)]
    fn plan_side(&mut self, side: Side, attacking: &[bool; MAX_GW_GROUPS]) {
        let m = self.m;
        if m.policies[side.index()].pd == PdStance::Never {
            return;
        }
        if self.salvo_by_salvo_stops_all(side, attacking) {
            return;
        }
        let strict = m.rules.decoy_priority == DecoyPriority::Strict;
        // The salvos, as point defense sees them (reach is set per weapon below).
        let n = self.st.gws.len().min(MAX_GW_GROUPS);
        let mut incoming = [Incoming {
            count: 0,
            durability: 1.0,
            decoys: 0,
            decoy_durability: 1.0,
            worth: 0.0,
            in_reach: false,
        }; MAX_GW_GROUPS];
        for g in 0..n {
            let w = &self.st.gws[g];
            if !attacking[g] || self.st.ships[usize::from(w.target)].side != side {
                continue;
            }
            let gd = &m.catalogue.guided[usize::from(w.guided)];
            let dd = &m.catalogue.guided[usize::from(w.decoy_guided)];
            incoming[g] = Incoming {
                count: w.count,
                durability: gd.durability(),
                decoys: w.decoys,
                decoy_durability: dd.size.pick(DECOY_SALVO_DURABILITY),
                worth: self.salvo_worth(g),
                in_reach: false,
            };
        }
        let mut order = [0u8; MAX_GW_GROUPS];
        point_defense::by_worth(&incoming[..n], &mut order);
        let order = &order[..n];
        let mut take = [Take::default(); MAX_GW_GROUPS];
        let left = |incoming: &[Incoming]| incoming.iter().any(|i| i.count + i.decoys > 0);
        // Weapon by weapon in setup order within the side (the other seat's mirror image),
        // each where it saves the most of what is left; then the weapons of the side's
        // gun-armed salvos (`gun_salvo_pd.rs`), in launch order. This order is not a tie
        // broken by index between the seats: a side plans only its own guns against the
        // salvos aimed at it, so nothing of one seat's plan depends on the other's order,
        // and a mirrored fleet has the same order on both seats (the plan is the player's
        // choice, made the same way from either seat). Salvos of equal worth are taken in
        // launch order (`point_defense::by_worth`) for the same reason: they are all the
        // other side's, and each seat meets them in the order its mirror launched them.
        for i in 0..self.st.ships.len() {
            let s = &self.st.ships[i];
            let d = m.design(s);
            if s.side != side
                || !s.status.in_play()
                || !s.can_use_weapons(d)
                || s.fire_paralysed(self.st.turn)
            {
                continue;
            }
            for k in 0..d.weapons.len() {
                let s = &self.st.ships[i];
                let wd = &m.catalogue.weapons[d.weapons[k]];
                if s.weapon_off[k] || s.used[k] || s.fired_last[k] || wd.energy > s.energy {
                    continue;
                }
                if !left(&incoming[..n]) {
                    return;
                }
                let shooter = Shooter::Gun(i, k);
                if self.engagement(shooter, &mut incoming[..n], order, strict, &mut take) > 0.0 {
                    self.plan_fire(shooter, side, &mut incoming[..n], &take[..n]);
                }
            }
        }
        if m.gun_salvos {
            for d in 0..n {
                for _ in 0..self.gun_salvo_shots(d, side).0 {
                    let shooter = Shooter::Salvo(d);
                    if !left(&incoming[..n])
                        || self.engagement(shooter, &mut incoming[..n], order, strict, &mut take)
                            <= 0.0
                    {
                        break;
                    }
                    self.plan_fire(shooter, side, &mut incoming[..n], &take[..n]);
                }
            }
        }
    }

    /// Whether salvo-by-salvo point defense (`firing.rs` `point_defense`, the guns only)
    /// would already destroy every weapon of the salvos attacking `side`: then every plan
    /// saves everything and the phase keeps that order (it costs a fraction of the plan).
    /// Only for salvos without decoys and no gun-armed salvos in the matchup.
    fn salvo_by_salvo_stops_all(&self, side: Side, attacking: &[bool; MAX_GW_GROUPS]) -> bool {
        let m = self.m;
        if m.gun_salvos {
            return false;
        }
        let mut used = [0u16; MAX_SHIPS];
        let mut energy = [0.0f64; MAX_SHIPS];
        for (e, s) in energy.iter_mut().zip(&self.st.ships) {
            *e = s.energy;
        }
        for (w, _) in self.st.gws.iter().zip(attacking).filter(|(_, a)| **a) {
            if self.st.ships[usize::from(w.target)].side != side {
                continue;
            }
            if w.decoys > 0 {
                return false;
            }
            let gd = &m.catalogue.guided[usize::from(w.guided)];
            let dur = gd.durability();
            let mut left = w.count;
            for i in 0..self.st.ships.len().min(MAX_SHIPS) {
                let s = &self.st.ships[i];
                let d = m.design(s);
                if left == 0 {
                    break;
                }
                if s.side != side
                    || !s.status.in_play()
                    || !s.can_use_weapons(d)
                    || s.fire_paralysed(self.st.turn)
                {
                    continue;
                }
                let dist = s.pos.distance(w.pos);
                for (k, &wi) in d.weapons.iter().enumerate() {
                    let wd = &m.catalogue.weapons[wi];
                    if left == 0
                        || used[i] & 1 << k != 0
                        || s.weapon_off[k]
                        || s.used[k]
                        || s.fired_last[k]
                        || wd.energy > energy[i]
                        || !point_defense::in_pd_range(dist, wd.ranges[1], gd.size)
                    {
                        continue;
                    }
                    let killed = point_defense::kills(wd.ap, self.pd_targets(i, k), dur, left);
                    if killed > 0 {
                        left -= killed;
                        energy[i] -= wd.energy;
                        if m.rules.pd_uses_the_shot {
                            used[i] |= 1 << k;
                        }
                    }
                }
            }
            if left > 0 {
                return false;
            }
        }
        true
    }

    /// The best engagement of `shooter` against `incoming` (reach set from where it is): the
    /// worth it saves, what it takes in `take`.
    fn engagement(
        &self,
        shooter: Shooter,
        incoming: &mut [Incoming],
        order: &[u8],
        strict: bool,
        take: &mut [Take],
    ) -> f64 {
        let m = self.m;
        let (from, ap, targets, gh) = match shooter {
            Shooter::Gun(i, k) => {
                let s = &self.st.ships[i];
                let wd = &m.catalogue.weapons[m.design(s).weapons[k]];
                (s.pos, wd.ap, self.pd_targets(i, k), wd.ranges[1])
            }
            Shooter::Salvo(d) => {
                let w = &self.st.gws[d];
                let (_, ap, gh) = self.gun_salvo_shots(d, w.side);
                (w.pos, ap, 1, gh)
            }
        };
        let mut any = false;
        for (g, inc) in incoming.iter_mut().enumerate() {
            if inc.count + inc.decoys == 0 {
                inc.in_reach = false;
                continue;
            }
            let w = &self.st.gws[g];
            let size = m.catalogue.guided[usize::from(w.guided)].size;
            inc.in_reach = point_defense::in_pd_range(from.distance(w.pos), gh, size);
            any |= inc.in_reach;
        }
        if !any {
            return 0.0;
        }
        point_defense::best_engagement(
            ap,
            targets,
            incoming,
            order,
            strict,
            &mut take[..incoming.len()],
        )
    }

    /// `shooter` fires the engagement `take` (from [`engagement`](Self::engagement)): applied
    /// to the salvos and to `incoming`.
    fn plan_fire(
        &mut self,
        shooter: Shooter,
        side: Side,
        incoming: &mut [Incoming],
        take: &[Take],
    ) {
        let m = self.m;
        match shooter {
            Shooter::Gun(i, k) => {
                let s = &mut self.st.ships[i];
                let wd = &m.catalogue.weapons[m.design(s).weapons[k]];
                s.used[k] = m.rules.pd_uses_the_shot;
                s.energy -= wd.energy;
            }
            Shooter::Salvo(d) => self.st.gws[d].pd_shots += 1,
        }
        let by = match shooter {
            Shooter::Gun(i, k) => {
                let s = &self.st.ships[i];
                (i, m.catalogue.weapons[m.design(s).weapons[k]].name.as_str())
            }
            Shooter::Salvo(d) => {
                let w = &self.st.gws[d];
                (
                    usize::from(w.owner),
                    m.catalogue.guided[usize::from(w.guided)].name.as_str(),
                )
            }
        };
        for (g, t) in take.iter().enumerate() {
            let killed = t.decoys + t.warheads;
            if killed == 0 {
                continue;
            }
            incoming[g].decoys -= t.decoys;
            incoming[g].count -= t.warheads;
            let w = &mut self.st.gws[g];
            w.decoys -= t.decoys;
            w.count -= t.warheads;
            self.st.events[side.index()][Event::PdKills as usize] += killed;
            trace!(
                self.obs,
                "  {}'s {} shoots down {} of {} ({} decoys) from {} (phase plan)",
                self.m.names[by.0],
                by.1,
                killed,
                m.catalogue.guided[usize::from(self.st.gws[g].guided)].name,
                t.decoys,
                self.m.names[usize::from(self.st.gws[g].owner)]
            );
        }
    }
}
