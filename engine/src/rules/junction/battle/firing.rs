//! The Firing Phase (Stage 2): power generation, ECM and Sensors levels, guided-weapon attacks
//! with point defense (stand-off payloads and the neutron bomb in `payloads.rs`), launches (EM
//! catapult in `catapult.rs`), direct fire. Interdiction and Macron Area Denial are not
//! modelled yet (see `docs/status.md`).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::Side;
use crate::trace;

use super::super::Event;
use super::super::armor::HitKind;
use super::super::design::WeaponKind;
use super::super::ewar::{self, Jamming};
use super::super::guided;
use super::super::house_rules::{DecoyPriority, HomeOnJamCrits};
use super::super::parts::{self, Guidance, Payload};
use super::super::payloads::{self, Attack};
use super::super::point_defense;
use super::super::policy::{EwarPriority, LaserSplit, PayloadChoice, PdStance};
use super::super::ship::Status;
use super::super::weapon_lines::{NO_LINE, magazine_line, mount_line};
use super::damage::Hit;
use super::deflectors::Deflection;
use super::{Battle, GwGroup, ties};

/// A guided weapon's miss chance against `target`: raised by its Shipmind, if any ("Command
/// Modules"; G13).
pub(crate) fn shipmind_miss(
    m: &super::super::Matchup,
    target: &super::super::ship::ShipState,
    miss: u32,
) -> u32 {
    if target.shipmind(m.design(target)) {
        ewar::with_shipmind(
            miss,
            target.morale,
            m.rules.shipmind_miss_percent,
            m.rules.shipmind_miss_per_morale,
        )
    } else {
        miss
    }
}

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// The phase; `PLAIN` ([`Matchup::plain`](super::super::Matchup::plain)) compiles out
    /// the hooks of drones, decoys, racks, relays, catapults, stand-off payloads, laser split
    /// and fire on surrendered ships, which such a matchup never reaches.
    pub(crate) fn firing_phase<const PLAIN: bool>(&mut self) {
        self.st.firing = true;
        if !PLAIN && self.m.gun_salvos {
            for w in self.st.gws.iter_mut() {
                w.pd_shots = 0;
            }
        }
        self.power_and_ewar();
        self.guided_attacks::<PLAIN>();
        self.launches::<PLAIN>();
        self.direct_fire::<PLAIN>();
        if !PLAIN && !self.st.relays.is_empty() {
            self.relay_fire();
        }
        self.interdiction();
        // Kinetic salvos wrecked by Area Denial die now, and salvos a heavy neutron bomb
        // destroyed.
        self.st.gws.retain(|g| !g.doomed && g.count > 0);
        self.settle_crits();
        self.st.firing = false;
        self.settle_destroyed();
    }

    /// "Power Generation" (energy does not carry over) and "ECM and Jamming" (levels chosen at
    /// the start of each firing phase, G3 energy per point).
    fn power_and_ewar(&mut self) {
        let m = self.m;
        // Each side sees the other's levels from last turn (everything but jump destinations
        // is open information).
        let mut seen_ecm = [0.0f64; 2];
        for s in self.st.ships.iter().filter(|s| s.status.in_play()) {
            let k = s.side.other().index();
            seen_ecm[k] = seen_ecm[k].max(s.ecm);
        }
        let cost = m.rules.ewar_energy_per_point;
        let burn_first = self.burn_first();
        for (i, s) in self.st.ships.iter_mut().enumerate() {
            s.fired_last = s.fired_now;
            s.fired_now = [false; super::super::design::MAX_WEAPONS];
            s.used = [false; super::super::design::MAX_WEAPONS];
            s.assists = 0;
            s.interdiction = 0;
            let d = m.design(s);
            let (energy, fuel) = s.power(d);
            s.energy = energy;
            s.burn_reserve = 0.0;
            s.sensors = 0.0;
            s.ecm = 0.0;
            if !s.status.in_play() {
                continue;
            }
            if fuel > 0.0 {
                s.delta_v = (s.delta_v - fuel).max(0.0);
            }
            if !s.commanded(d) {
                continue;
            }
            if burn_first & 1 << i != 0 {
                // J70: the burn's energy is set aside before Sensors, ECM and weapons.
                let (free, per_hex) = s.burn_energy(d);
                let hexes = s
                    .acceleration(d)
                    .min((s.delta_v / s.delta_v_per_hex() + 1e-9).floor() as i32);
                let want = f64::from((hexes - free).max(0)) * per_hex;
                s.burn_reserve = want.min(s.energy);
                s.energy -= s.burn_reserve;
            }
            let reserve: f64 = d
                .weapons
                .iter()
                .enumerate()
                .filter(|(k, _)| !s.weapon_off[*k])
                .map(|(_, &w)| m.catalogue.weapons[w].energy)
                .sum();
            let mut budget = (s.energy - reserve).max(0.0);
            let afford = |want: f64, budget: &mut f64| {
                let level = if cost > 0.0 {
                    want.min(*budget / cost).floor().max(0.0)
                } else {
                    want
                };
                *budget -= level * cost;
                level
            };
            let (smax, emax) = (s.sensors_max(d), s.ecm_max(d));
            let (sensors, ecm) = match m.policies[s.side.index()].ewar {
                EwarPriority::Off => (0.0, 0.0),
                EwarPriority::Sensors => {
                    let se = afford(smax, &mut budget);
                    (se, afford(emax, &mut budget))
                }
                EwarPriority::Ecm => {
                    let e = afford(emax, &mut budget);
                    (afford(smax, &mut budget), e)
                }
                EwarPriority::Balanced => {
                    let first = afford(smax.min(seen_ecm[s.side.index()] + 1.0), &mut budget);
                    let e = afford(emax, &mut budget);
                    let more = afford(smax - first, &mut budget);
                    (first + more, e)
                }
            };
            s.sensors = sensors;
            s.ecm = ecm;
            s.energy = (s.energy - (sensors + ecm) * cost).max(0.0);
        }
        if O::ENABLED {
            for i in 0..self.st.ships.len() {
                let s = self.st.ships[i];
                if s.status.in_play() {
                    trace!(
                        self.obs,
                        "  {} at ({},{}) v({},{}): energy {:.0} left, sensors {:.0}, ECM {:.0}",
                        self.m.names[i],
                        s.pos.q,
                        s.pos.r,
                        s.vel.q,
                        s.vel.r,
                        s.energy,
                        s.sensors,
                        s.ecm
                    );
                }
            }
        }
    }

    /// Guided weapons weapon `k` of ship `i` can engage as point defense: Area Denial for a
    /// Macron, the Redundant Emitters it has left (at least 1) for a Laser.
    pub(crate) fn pd_targets(&self, i: usize, k: usize) -> u32 {
        let s = &self.st.ships[i];
        let wd = &self.m.catalogue.weapons[self.m.design(s).weapons[k]];
        match wd.kind {
            WeaponKind::Laser { .. } => u32::from(s.re_left[k]).max(1),
            kind => kind.pd_targets(),
        }
    }

    /// Which weapons of ship `i` are kept back for point defense this turn (bit `k` for weapon
    /// `k`): only multi-target weapons (Area Denial, Redundant Emitters ≥ 2) ever hold.
    pub(super) fn pd_holds(&mut self, i: usize) -> u16 {
        let s = &self.st.ships[i];
        let side = s.side;
        let stance = self.m.policies[side.index()].pd;
        // Drones (deflectors, decoy screens) never attack: they threaten nothing.
        let mut incoming = self.st.gws.iter().filter(|g| g.side != side && !g.drone);
        let need: u32 = match stance {
            PdStance::Never => return 0,
            PdStance::WhenThreatened if incoming.next().is_none() => return 0,
            PdStance::Always | PdStance::WhenThreatened => 0,
            // J42: what `Cover` holds back for — every incoming weapon and salvo decoy; with
            // nothing incoming it holds nothing.
            PdStance::Cover | PdStance::CoverKills => {
                match incoming.map(|g| g.count + g.decoys).sum() {
                    0 => return 0,
                    need => need,
                }
            }
        };
        // Each weapon's point-defense targets (read once) and the multi-target ones (bit k).
        let weapons = self.m.design(s).weapons.len();
        let mut targets = [0u32; super::super::design::MAX_WEAPONS];
        let mut multi = 0u16;
        for (k, t) in targets.iter_mut().enumerate().take(weapons) {
            *t = self.pd_targets(i, k);
            if *t >= 2 && !s.weapon_off[k] {
                multi |= 1 << k;
            }
        }
        if stance == PdStance::CoverKills {
            return self.kill_cover(i, &targets, multi);
        }
        if stance != PdStance::Cover {
            return multi;
        }
        // J42: guns that already defended this turn still can next turn; hold the weakest
        // guns per point-defense target until every incoming weapon and salvo decoy is
        // covered.
        let is_multi = |k: usize| multi & 1 << k != 0;
        let mut cover: u32 = (0..weapons)
            .filter(|&k| is_multi(k) && s.used[k] && !s.fired_now[k])
            .map(|k| targets[k])
            .sum();
        // The free multi-target guns (bit k) and their attack power per target; equally
        // weak guns: the battle's dice (before: the lower index).
        let mut free = 0u16;
        let mut per_target = [0.0f64; super::super::design::MAX_WEAPONS];
        for k in (0..weapons).filter(|&k| is_multi(k) && !s.used[k]) {
            let ap = self.m.catalogue.weapons[self.m.design(s).weapons[k]].ap;
            per_target[k] = ap / f64::from(targets[k]);
            free |= 1 << k;
        }
        let mut held = 0u16;
        while cover < need {
            let open = (0..weapons).filter(|&k| (free & !held) & 1 << k != 0);
            let Some(k) = ties::least(&mut *self.dice, open, |k| per_target[k]) else {
                break;
            };
            held |= 1 << k;
            cover += targets[k];
        }
        held
    }

    /// Point defense against group `g` by the ships of `side` ("Stuff to Do: Point Defense"):
    /// weapons not fired offensively last turn, within Guaranteed Hit range of the guided
    /// weapons and the 15/20-hex cap; decoys in the salvo first (J32).
    pub(crate) fn point_defense(&mut self, g: usize, side: Side) {
        let m = self.m;
        let group = self.st.gws[g];
        let gd = &m.catalogue.guided[usize::from(group.guided)];
        let dur = gd.durability();
        let decoys = group.decoys > 0;
        for i in 0..self.st.ships.len() {
            let s = &self.st.ships[i];
            if s.side != side || !s.status.in_play() || self.st.gws[g].count == 0 {
                continue;
            }
            let d = m.design(s);
            if !s.can_use_weapons(d)
                || m.policies[side.index()].pd == PdStance::Never
                || s.fire_paralysed(self.st.turn)
            {
                continue;
            }
            let dist = s.pos.distance(group.pos);
            for (k, &w) in d.weapons.iter().enumerate() {
                let left = self.st.gws[g].count;
                let s = &self.st.ships[i];
                if left == 0 || s.weapon_off[k] || s.used[k] || s.fired_last[k] {
                    continue;
                }
                let wd = &m.catalogue.weapons[w];
                if !point_defense::in_pd_range(dist, wd.ranges[1], gd.size) || wd.energy > s.energy
                {
                    continue;
                }
                // J32: while the salvo has decoys, point defense engages only them (unless
                // `killable` lets a weapon too weak for them engage the warheads).
                if decoys
                    && self.st.gws[g].decoys > 0
                    && (self.pd_on_decoys(i, k, g)
                        || m.rules.decoy_priority == DecoyPriority::Strict)
                {
                    continue;
                }
                let killed = point_defense::kills(wd.ap, self.pd_targets(i, k), dur, left);
                if killed == 0 {
                    continue;
                }
                let s = &mut self.st.ships[i];
                s.used[k] = m.rules.pd_uses_the_shot;
                s.energy -= wd.energy;
                self.st.gws[g].count -= killed;
                self.st.events[side.index()][Event::PdKills as usize] += killed;
                trace!(
                    self.obs,
                    "  {} {} shoots down {killed} {} ({left} incoming)",
                    self.m.names[i],
                    wd.name,
                    gd.name
                );
            }
        }
        if m.gun_salvos && self.st.gws[g].count > 0 {
            self.gun_salvo_defence(g, side);
        }
        if m.pd_launches && self.st.gws[g].count > 0 {
            self.excalibur_defence(g, side);
            self.blast_defence(g, side);
        }
    }

    /// "Guided Weapon Attacks": salvos launched on an earlier turn that share their target's
    /// hex, or passed through it in the last maneuver phase, attack after point defense.
    pub(crate) fn guided_attacks<const PLAIN: bool>(&mut self) {
        let m = self.m;
        let turn = self.st.turn;
        // Point defense chooses its targets over every salvo attacking in this step first.
        self.plan_point_defense::<PLAIN>();
        let mut g = 0;
        while g < self.st.gws.len() {
            let group = self.st.gws[g];
            let t = usize::from(group.target);
            let target = self.st.ships[t];
            if !PLAIN && (group.standoff | group.drone) {
                let spent = !group.drone
                    && group.launched < turn
                    && target.targetable()
                    && self.standoff_attack(g);
                if spent {
                    self.st.gws.remove(g);
                } else {
                    g += 1;
                }
                continue;
            }
            let eligible = group.launched < turn
                && target.targetable()
                && (group.pos == target.pos || group.contact);
            if !eligible {
                g += 1;
                continue;
            }
            self.point_defense(g, target.side);
            // J50: Inertial Mines in their target's hex may blast in area mode instead.
            if m.mine_area && self.st.gws[g].count > 0 && self.mine_area_wanted(g) {
                self.mine_area_blast(g);
                self.st.gws.remove(g);
                continue;
            }
            let gd = &m.catalogue.guided[usize::from(group.guided)];
            let owner = usize::from(group.owner);
            let count = self.st.gws[g].count;
            let mut spent = 0;
            while spent < count {
                // A target wrecked by this salvo (or earlier this phase) draws no more of it:
                // the rest fly on and find another target in the maneuver phase.
                if !self.st.ships[t].targetable() {
                    break;
                }
                spent += 1;
                let target = self.st.ships[t];
                // J65: each guided weapon may take a Sensor Uplink assist.
                let sensors = self.uplinked(group.side, usize::MAX, gd.size.sensors(), target.ecm);
                let jammed = ewar::jamming(sensors, target.ecm) != Jamming::Clear;
                let table = m.policies[group.side.index()].crit_table;
                // A kinetic wrecked by Area Denial still hits 80% of the time unless jammed
                // (Home On Jam excepted).
                let wrecked_miss = self.st.gws[g].doomed
                    && ((jammed && gd.guidance != Guidance::HomeOnJam)
                        || self.dice.below(100) >= 80);
                if wrecked_miss {
                    self.count(group.side, Event::GwMisses);
                    continue;
                }
                let outcome = guided::guidance_against(
                    gd.guidance,
                    jammed,
                    target.ecm > 0.0,
                    table,
                    m.rules.precision_crit_multiplier,
                    |miss| shipmind_miss(m, &self.st.ships[t], miss),
                    self.dice,
                );
                let Some(how) = outcome else {
                    self.count(group.side, Event::GwMisses);
                    trace!(
                        self.obs,
                        "  {} from {} misses {}", gd.name, self.m.names[owner], self.m.names[t]
                    );
                    continue;
                };
                // Decoys draw jammed attacks, but not Home On Jam or indiscriminate payloads.
                if !PLAIN
                    && m.decoys
                    && jammed
                    && gd.guidance != Guidance::HomeOnJam
                    && payloads::distractible(gd.payload)
                    && self.decoy_draw(
                        t,
                        parts::contact_kinetic_ap(
                            gd.payload,
                            gd.size,
                            group.vel.sub(target.vel).length() + group.mass_driver,
                        ),
                    )
                {
                    self.count(group.side, Event::GwHits);
                    continue;
                }
                self.count(group.side, Event::GwHits);
                if gd.payload == Payload::NeutronBomb {
                    trace!(
                        self.obs,
                        "  {} from {} strikes {}", gd.name, self.m.names[owner], self.m.names[t]
                    );
                    self.neutron_hit(owner, t, gd.size, g, how.ecm_damaged);
                    continue;
                }
                let (ap, kind) = match gd.payload {
                    Payload::NuclearBomb => (
                        gd.size.pick(parts::NUCLEAR_AP),
                        HitKind {
                            tae: 1.0,
                            nuclear_armor_multiplier: Some(m.rules.nuclear_armor_multiplier),
                        },
                    ),
                    // Kinetic and Inertial Mine; a Mass Driver launch adds its unused catapult
                    // velocity (G19).
                    _ => (
                        parts::contact_kinetic_ap(
                            gd.payload,
                            gd.size,
                            group.vel.sub(target.vel).length() + group.mass_driver,
                        ),
                        HitKind::PLAIN,
                    ),
                };
                trace!(
                    self.obs,
                    "  {} from {} strikes {}", gd.name, self.m.names[owner], self.m.names[t]
                );
                let only = how.ecm_damaged && m.rules.home_on_jam_crits == HomeOnJamCrits::Only;
                self.apply_hit(Hit::guided(owner, t, ap, kind, how, only).on_lines(group.lines));
            }
            if spent < count && self.st.gws[g].count == count {
                self.st.gws[g].count = count - spent;
                self.st.gws[g].contact = false;
                g += 1;
            } else {
                self.st.gws.remove(g);
            }
        }
    }

    /// Nearest enemy in play (by engagement distance); equally near ones by the battle's dice.
    pub(crate) fn nearest_enemy(&mut self, i: usize) -> Option<usize> {
        let st = &*self.st;
        let side = st.ships[i].side;
        let enemies =
            (0..st.ships.len()).filter(|&j| st.ships[j].side != side && st.ships[j].targetable());
        ties::least(&mut *self.dice, enemies, |j| st.engagement_distance(i, j))
    }

    /// "Launch Guided Weapons": VLS launches inherit the ship's vector and start in its hex;
    /// a launch provokes the enemy's point defense.
    fn launches<const PLAIN: bool>(&mut self) {
        let m = self.m;
        if !PLAIN && m.racks {
            self.rack_launches();
        }
        for i in 0..self.st.ships.len() {
            // The VLS launch below reads the ship's status as it was before the drone and
            // catapult launches (the few fields it needs, not a copy of the large `ShipState`),
            // but its magazine as they left it: they share it.
            let s = &self.st.ships[i];
            let d = m.design(s);
            let (side, pos, vel) = (s.side, s.pos, s.vel);
            let can_launch = s.status == Status::Active
                && !s.vls_off
                && d.vls_volume > 0.0
                && s.can_use_weapons(d)
                && !s.fire_paralysed(self.st.turn);
            if !PLAIN && m.deflectors {
                self.drone_launch(i);
            }
            if !PLAIN && m.decoys {
                self.decoy_launch(i);
            }
            if !PLAIN && m.relays {
                self.relay_launch(i);
            }
            if let (false, Some(c)) = (PLAIN, d.catapult) {
                self.catapult_launch(i, c);
            }
            let salvo = m.policies[side.index()].salvo;
            if !can_launch || salvo == 0 || !self.gw_room(side) {
                continue;
            }
            let Some(slot) = self.launch_slot(i) else {
                continue;
            };
            let gi = d.magazine[slot].0;
            let gd = &m.catalogue.guided[gi];
            let Some(t) = self.fire_target(i, Some(f64::from(gd.propulsion.delta_v()))) else {
                continue;
            };
            // Launch when the target is within the salvo's delta-v.
            if pos.distance(self.st.ships[t].pos) > gd.propulsion.delta_v() {
                continue;
            }
            // J63: the policy may carry another payload against this target.
            let (slot, gi, gd) = if m.policies[side.index()].payload_choice == PayloadChoice::First
            {
                (slot, gi, gd)
            } else {
                let k = self.payload_for(i, t).unwrap_or(slot);
                let gi = d.magazine[k].0;
                (k, gi, &m.catalogue.guided[gi])
            };
            let mut n = salvo.min(self.st.ships[i].magazine[slot]);
            // The `-v2` presets time their launches (massed salvos, kinetic closing speed).
            let p = &m.policies[side.index()];
            if p.salvo_leak > 0 || p.kinetic_min_ap > 0 {
                n = self.timed_launch(i, t, gi, self.st.ships[i].magazine[slot], salvo);
                if n == 0 {
                    continue;
                }
            }
            self.st.ships[i].magazine[slot] -= n;
            self.st.events[side.index()][Event::Launches as usize] += n;
            trace!(
                self.obs,
                "  {} launches {n} {} at {}", self.m.names[i], gd.name, self.m.names[t]
            );
            self.st.gws.push(GwGroup {
                owner: i as u8,
                side,
                guided: gi as u16,
                count: n,
                pos,
                vel,
                prev_pos: pos,
                delta_v: gd.propulsion.delta_v(),
                burned: false,
                launched: self.st.turn,
                target: t as u8,
                contact: false,
                doomed: false,
                mass_driver: 0,
                committed: false,
                standoff: payloads::attack(gd.payload) != Some(Attack::Contact),
                drone: false,
                decoys: 0,
                decoy_guided: 0,
                guns_fired: 0,
                pd_shots: 0,
                lines: magazine_line(&d.magazine, gi),
            });
            let g = self.st.gws.len() - 1;
            if !PLAIN && m.decoys && salvo > 0 {
                self.arm_salvo_decoys(i, g);
            }
        }
        self.launch_defense();
    }

    /// "Guided weapon launches and attacks both provoke point defense": once every ship has
    /// launched ("all ships which are launching Guided Weapons this turn do so", Stage 2's
    /// simultaneous orders), the enemy's point defense engages each group launched this phase
    /// (missile-rack loads included), in launch order; a group shot down entirely leaves
    /// play. No ship decides its launches after the enemy's point defense (guns and
    /// Excaliburs) has answered the other side's launches, so neither seat moves first.
    fn launch_defense(&mut self) {
        let turn = self.st.turn;
        let mut any = false;
        for g in 0..self.st.gws.len() {
            let w = self.st.gws[g];
            if w.launched == turn {
                self.point_defense(g, w.side.other());
                any = true;
            }
        }
        if any {
            self.st.gws.retain(|w| w.launched != turn || w.count > 0);
        }
    }

    /// Sensors for ship `i` attacking `t`, with the best Sensor Uplink assist an ally can
    /// still give (5 assists per volume of uplink per turn).
    pub(crate) fn sensors_against(&mut self, i: usize, t: usize) -> f64 {
        let s = &self.st.ships[i];
        self.uplinked(s.side, i, s.sensors, self.st.ships[t].ecm)
    }

    /// "ECM and Jamming", Sensor Uplink: the best assist (assisting Sensors − the enemy's ECM)
    /// a ship of `side` other than `except` can still give an attacker of Sensors `own`
    /// against `ecm` ("Per unit volume of Sensor Uplink, a ship can assist five allied ships
    /// or guided weapons per turn"): `(assisting ship, assist)`, `None` when no assist is
    /// needed or left. Pass `usize::MAX` as `except` for a guided weapon (its launching ship
    /// may assist it, J65); `n` is the assists the attack needs (the weapons of a stand-off
    /// salvo, which fire together).
    pub(crate) fn best_uplink(
        &self,
        side: Side,
        except: usize,
        own: f64,
        ecm: f64,
        n: u32,
    ) -> Option<(usize, f64)> {
        if ecm <= own {
            return None;
        }
        let mut best: Option<(usize, f64)> = None;
        for (j, a) in self.st.ships.iter().enumerate() {
            let cap = (self.m.design(a).uplink_volume * 5.0) as u32;
            if j == except || a.side != side || !a.status.in_play() || a.assists + n > cap {
                continue;
            }
            let assist = ewar::uplink_assist(a.sensors, ecm);
            if assist > 0.0 && best.is_none_or(|(_, b)| assist > b) {
                best = Some((j, assist));
            }
        }
        best
    }

    /// `own` Sensors plus the [`best_uplink`](Self::best_uplink) assist, which is spent.
    pub(crate) fn uplinked(&mut self, side: Side, except: usize, own: f64, ecm: f64) -> f64 {
        match self.best_uplink(side, except, own, ecm, 1) {
            Some((j, assist)) => {
                self.st.ships[j].assists += 1;
                own + assist
            }
            None => own,
        }
    }

    /// Ship `i` aiming at `t`: engagement distance, jamming (with any Sensor Uplink assist),
    /// and whether the target has a Shipmind and its morale.
    fn aim(&mut self, i: usize, t: usize) -> (f64, Jamming, bool, i32) {
        let dist = self.engagement_distance(i, t);
        let sensors = self.sensors_against(i, t);
        let target = &self.st.ships[t];
        let jam = ewar::jamming(sensors, target.ecm);
        (
            dist,
            jam,
            target.shipmind(self.m.design(target)),
            target.morale,
        )
    }

    /// "Direct Fire Attacks": every ship fires each weapon not used or held for point defense
    /// at the nearest enemy (a surrendered one only under J40's policy setting), in the best
    /// bracket its vector passed through; identical weapons synchronise at Precision Targeting
    /// range.
    fn direct_fire<const PLAIN: bool>(&mut self) {
        let m = self.m;
        for i in 0..self.st.ships.len() {
            let s = &self.st.ships[i];
            let d = m.design(s);
            if !s.status.in_play()
                || !m.policies[s.side.index()].fires
                || !s.can_use_weapons(d)
                || s.fire_paralysed(self.st.turn)
            {
                continue;
            }
            let side = s.side;
            let Some(mut t) = self.direct_fire_target(i) else {
                continue;
            };
            let held = self.pd_holds(i);
            let (mut dist, mut jam, mut target_shipmind, mut target_morale) = self.aim(i, t);
            for k in 0..d.weapons.len() {
                // Nothing fires at a wreck: once the target is at 0 Integrity the remaining
                // weapons take the next target, if any.
                if !self.st.ships[t].targetable() {
                    let Some(next) = self.direct_fire_target(i) else {
                        break;
                    };
                    t = next;
                    (dist, jam, target_shipmind, target_morale) = self.aim(i, t);
                }
                let s = &self.st.ships[i];
                if s.weapon_off[k] || s.used[k] || held & 1 << k != 0 {
                    continue;
                }
                let wd = &m.catalogue.weapons[d.weapons[k]];
                let Some(bracket) = ewar::bracket(dist, wd.ranges) else {
                    if !PLAIN && m.relays && self.feed_relay(i, k, t) {
                        continue;
                    }
                    if m.policies[side.index()].area_denial && self.st.ships[t].targetable() {
                        self.area_denial_attack(i, k, t);
                    }
                    continue;
                };
                let Some(shot) = m.rules.direct_shot(bracket, jam) else {
                    continue;
                };
                if wd.energy > s.energy {
                    continue;
                }
                if !PLAIN && self.st.ships[t].status == Status::Surrendered {
                    self.shoot_surrendered(i, t);
                    target_morale = self.st.ships[t].morale;
                } else if !PLAIN
                    && m.policies[side.index()].laser_split != LaserSplit::Never
                    && self.split_fire(i, k, t)
                {
                    continue;
                }
                let deflection =
                    if !PLAIN && m.deflectors && matches!(wd.kind, WeaponKind::ParticleBeam { .. })
                    {
                        self.deflection(i, t, wd.kind.tae())
                    } else {
                        Deflection::NONE
                    };
                let miss = if target_shipmind {
                    ewar::with_shipmind(
                        shot.miss_percent,
                        target_morale,
                        m.rules.shipmind_miss_percent,
                        m.rules.shipmind_miss_per_morale,
                    )
                } else {
                    shot.miss_percent
                };
                // Synchronised fire: this weapon and every identical one still free.
                let mut ap = 0.0;
                let mut shots = 0;
                let mut lines = NO_LINE;
                for k2 in k..d.weapons.len() {
                    let s = &self.st.ships[i];
                    let w2 = &m.catalogue.weapons[d.weapons[k2]];
                    let joins = k2 == k
                        || (shot.precision
                            && m.rules.sync_fire
                            && w2.syncs_with(wd)
                            && !s.weapon_off[k2]
                            && !s.used[k2]
                            && held & 1 << k2 == 0
                            && w2.energy <= s.energy - wd.energy);
                    if !joins {
                        continue;
                    }
                    self.st.ships[i].fire_weapon(k2, w2.energy);
                    shots += 1;
                    if deflection.percent > 0.0
                        && f64::from(self.dice.below(10_000)) < deflection.percent * 100.0
                    {
                        self.count(side, Event::DirectMisses);
                        self.count(side.other(), Event::BeamsDeflected);
                        trace!(self.obs, "    an EM deflector drone bends the beam away");
                    } else if miss > 0 && self.dice.below(100) < miss {
                        self.count(side, Event::DirectMisses);
                    } else {
                        self.count(side, Event::DirectHits);
                        ap += w2.ap;
                        lines |= mount_line(k2);
                    }
                }
                trace!(
                    self.obs,
                    "  {} fires {}{} at {} ({} bracket, {:.1} hexes{}, miss {miss}%)",
                    self.m.names[i],
                    if shots > 1 {
                        format!("{shots} synchronised ")
                    } else {
                        String::new()
                    },
                    wd.name,
                    self.m.names[t],
                    bracket.name(),
                    dist,
                    jam.note()
                );
                if ap <= 0.0
                    || (!PLAIN && m.decoys && jam != Jamming::Clear && self.decoy_draw(t, ap))
                {
                    continue;
                }
                // G26: an enemy deflector on the line takes the ×3 and the table choice.
                let precision = shot.precision && !deflection.no_precision_perks;
                self.apply_hit(Hit {
                    attacker: i,
                    target: t,
                    ap,
                    kind: HitKind {
                        tae: match wd.kind {
                            WeaponKind::ParticleBeam { tae } => tae,
                            _ => 1.0,
                        },
                        nuclear_armor_multiplier: None,
                    },
                    table: precision.then_some(m.policies[side.index()].crit_table),
                    multiplier: if precision {
                        m.rules.precision_crit_multiplier
                    } else {
                        1
                    },
                    ecm_damaged: false,
                    no_crits: false,
                    particle: matches!(wd.kind, WeaponKind::ParticleBeam { .. }),
                    lines,
                });
            }
        }
    }
}
