//! Guided-weapon payloads that do more than a contact hit (Appendix 1): stand-off direct fire
//! (Casaba Howitzer, NEFP, Light Gas Gun, Chemical Laser), the Excalibur burst, and the
//! Neutron Bomb's crew kills. Contact hits (kinetic, inertial mine, nuclear) are in
//! `firing.rs`.

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::Event;
use super::super::armor::HitKind;
use super::super::design::CommandKind;
use super::super::ewar::{self, Bracket};
use super::super::guided;
use super::super::hex;
use super::super::parts::{Guidance, GwSize};
use super::super::payloads::{self, Attack, ShipmindFate};
use super::super::policy::ExcaliburSplit;
use super::super::stations::{CrewMix, remove_proportionally, total};
use super::Battle;
use super::damage::Hit;
use super::firing::shipmind_miss;
use super::stations::take_fit;

/// How a stand-off salvo fires this phase ([`Battle::standoff_ready`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct StandoffShot {
    attack: Attack,
    reach: f64,
    bracket: Bracket,
    /// The Sensor Uplink assist it takes (assisting ship, assist), spent when it fires.
    uplink: Option<(usize, f64)>,
    jammed: ewar::Jamming,
    one_shot: bool,
    /// Direct fire's miss chance and perks (`None`: an Excalibur, through its guidance).
    shot: Option<ewar::Shot>,
}

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Whether stand-off or burst salvo `g` fires at its target this firing phase, and how:
    /// reach is the closest approach of the salvo's and the target's moves in the last
    /// maneuver phase ("Threat Zones"; J25); a one-shot payload waits for Precision Targeting
    /// range while it can still steer (J26 policy). Spends nothing (the point-defense plan
    /// asks it too, `pd_plan.rs`).
    pub(crate) fn standoff_ready(&self, g: usize) -> Option<StandoffShot> {
        let m = self.m;
        let w = self.st.gws[g];
        let gd = &m.catalogue.guided[usize::from(w.guided)];
        let attack = payloads::attack(gd.payload)?;
        let target = &self.st.ships[usize::from(w.target)];
        let now = f64::from(w.pos.distance(target.pos));
        let reach = now.min(hex::closest_approach(
            w.prev_pos,
            w.pos,
            target.prev_pos,
            target.pos,
        ));
        let r = payloads::ranges(gd.payload, gd.size, m.design(target).volume);
        let bracket = payloads::bracket(reach, r)?;
        // J65: a Sensor Uplink assist for every weapon of the salvo, spent only once it fires.
        let uplink = self.best_uplink(w.side, usize::MAX, gd.size.sensors(), target.ecm, w.count);
        let sensors = gd.size.sensors() + uplink.map_or(0.0, |(_, a)| a);
        let jammed = ewar::jamming(sensors, target.ecm);
        let can_steer = !w.burned && w.delta_v > 0;
        let one_shot = !matches!(attack, Attack::DirectFire { one_shot: false });
        let shot = match attack {
            Attack::DirectFire { .. } => {
                let shot = m.rules.direct_shot(bracket, jammed)?;
                if one_shot && can_steer && bracket != Bracket::Precision {
                    return None;
                }
                Some(shot)
            }
            _ => None,
        };
        Some(StandoffShot {
            attack,
            reach,
            bracket,
            uplink,
            jammed,
            one_shot,
            shot,
        })
    }

    /// A stand-off or burst salvo `g` attacks its target if it is in reach
    /// ([`standoff_ready`](Self::standoff_ready)); returns whether the salvo is spent. Firing
    /// provokes the target side's point defense (within its weapons' Guaranteed Hit range).
    #[cold]
    #[inline(never)]
    pub(crate) fn standoff_attack(&mut self, g: usize) -> bool {
        let m = self.m;
        let w = self.st.gws[g];
        let gd = &m.catalogue.guided[usize::from(w.guided)];
        let t = usize::from(w.target);
        let target = self.st.ships[t];
        let Some(StandoffShot {
            attack,
            reach,
            bracket,
            uplink,
            jammed,
            one_shot,
            shot,
        }) = self.standoff_ready(g)
        else {
            return false;
        };
        if let Some((j, _)) = uplink {
            self.st.ships[j].assists += w.count;
        }
        self.point_defense(g, target.side);
        if attack == Attack::Burst
            && m.policies[w.side.index()].excalibur_split == ExcaliburSplit::Pierce
        {
            self.burst_split(g);
            return true;
        }
        let owner = usize::from(w.owner);
        let ap = payloads::attack_power(gd.payload, gd.size);
        let table = m.policies[w.side.index()].crit_table;
        for _ in 0..self.st.gws[g].count {
            let target = self.st.ships[t];
            if !target.targetable() {
                break;
            }
            let hit = match shot {
                Some(shot) => {
                    let miss = shipmind_miss(m, &target, shot.miss_percent);
                    (miss == 0 || self.dice.below(100) >= miss).then_some(
                        Hit::plain(
                            owner,
                            t,
                            ap,
                            shot.precision,
                            table,
                            m.rules.precision_crit_multiplier,
                        )
                        .on_lines(w.lines),
                    )
                }
                // Excalibur: its guidance package decides (J26); all of its Attack Power on
                // the salvo's target.
                None => guided::guidance_against(
                    gd.guidance,
                    jammed != ewar::Jamming::Clear,
                    target.ecm > 0.0,
                    table,
                    m.rules.precision_crit_multiplier,
                    |miss| shipmind_miss(m, &target, miss),
                    self.dice,
                )
                .map(|how| Hit::guided(owner, t, ap, HitKind::PLAIN, how, false).on_lines(w.lines)),
            };
            trace!(
                self.obs,
                "  {} from {} fires at {} ({} bracket, {:.1} hexes): {}",
                gd.name,
                self.m.names[owner],
                self.m.names[t],
                bracket.name(),
                reach,
                if hit.is_some() { "hit" } else { "miss" }
            );
            match hit {
                // Decoys draw jammed attacks, Home On Jam excepted.
                Some(h)
                    if m.decoys
                        && jammed != ewar::Jamming::Clear
                        && gd.guidance != Guidance::HomeOnJam
                        && self.decoy_draw(t, h.ap) =>
                {
                    self.count(w.side, Event::GwHits);
                }
                Some(h) => {
                    self.count(w.side, Event::GwHits);
                    self.apply_hit(h);
                }
                None => self.count(w.side, Event::GwMisses),
            }
        }
        if !one_shot {
            // Its guns fired at a ship: no point defense next turn (gun_salvo_pd.rs).
            self.st.gws[g].guns_fired = self.st.turn;
        }
        one_shot
    }

    /// Neutron Bomb hit on ship `t` (Appendix 1; G20: kills are KIA): automatic kills and
    /// Casualties by the effective Protection Rating; each command module other than a
    /// Shipmind is destroyed with the automatic-kill percentage as its chance (J27); a
    /// Shipmind follows the text's 50% thresholds (a disabled one is off until Damage Control
    /// reactivates it for 2 RP, J54). A heavy bomb also irradiates every other ship in the hex as a light one
    /// and destroys the other guided weapons there. A Home On Jam bomb also causes "ECM
    /// Damaged".
    #[cold]
    #[inline(never)]
    pub(crate) fn neutron_hit(
        &mut self,
        attacker: usize,
        t: usize,
        size: GwSize,
        group: usize,
        ecm_damaged: bool,
    ) {
        if ecm_damaged {
            // Home On Jam's guaranteed "ECM Damaged" (the bomb has no Attack Power, so no
            // other crit). Applied here rather than through `crit`, whose single call site
            // keeps it inlined into `apply_hit`.
            let side = self.st.ships[attacker].side;
            let s = &mut self.st.ships[t];
            s.ecm_damaged = s.ecm_damaged.saturating_add(1);
            self.count(side, Event::Crits);
            trace!(self.obs, "    crit on {}: ECM Damaged", self.m.names[t]);
        }
        self.irradiate(t, size);
        if size == GwSize::Heavy {
            let at = self.st.ships[t].pos;
            for j in 0..self.st.ships.len() {
                if j != t && self.st.ships[j].status.in_play() && self.st.ships[j].pos == at {
                    self.irradiate(j, GwSize::Light);
                }
            }
            for (k, w) in self.st.gws.iter_mut().enumerate() {
                if k != group && w.pos == at {
                    w.count = 0;
                }
            }
        }
    }

    fn irradiate(&mut self, t: usize, size: GwSize) {
        let m = self.m;
        let ship = &mut self.st.ships[t];
        let d = m.design(ship);
        let e = payloads::neutron(size, d.protection, ship.armor, d.armor);
        let share = |n: u32, pct: f64| ((f64::from(n) * pct / 100.0).round() as u32).min(n);
        // Crew not at a combat station (command modules and the spare crew).
        let mut free: CrewMix = ship.fit;
        for st in ship.stations {
            for k in 0..3 {
                free[k] -= st[k].min(free[k]);
            }
        }
        let mut killed = 0;
        let mut hurt = 0;
        for k in 0..6 {
            let (dead, cas) = {
                let pool = if k < 5 {
                    &mut ship.stations[k]
                } else {
                    &mut free
                };
                let n = total(*pool);
                let dead = remove_proportionally(pool, share(n, e.killed));
                (dead, remove_proportionally(pool, share(n, e.casualties)))
            };
            killed += total(dead);
            hurt += total(cas);
            take_fit(ship, dead);
            take_fit(ship, cas);
            ship.kia += total(dead);
            for (h, c) in ship.hurt.iter_mut().zip(cas) {
                *h += c;
            }
        }
        let mut modules = 0;
        for (k, c) in d.command.iter().enumerate() {
            if !self.st.ships[t].command[k] {
                continue;
            }
            let lost = if *c == CommandKind::Shipmind {
                let fate = e.shipmind();
                if fate == ShipmindFate::Disabled {
                    // J54: off until Damage Control spends 2 RP on it.
                    self.st.ships[t].shipmind_off |= 1 << k;
                }
                fate != ShipmindFate::Unharmed
            } else {
                e.killed > 0.0 && f64::from(self.dice.below(100)) < e.killed
            };
            if lost {
                self.st.ships[t].command[k] = false;
                modules += 1;
            }
        }
        let side = self.st.ships[t].side;
        self.st.events[side.index()][Event::Killed as usize] += killed;
        trace!(
            self.obs,
            "  neutron flash on {}: {killed} crew killed, {hurt} casualties, {modules} command modules lost ({:.0}% kills, {:.0}% casualties)",
            self.m.names[t],
            e.killed,
            e.casualties
        );
    }
}
