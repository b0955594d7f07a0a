//! Hits and their consequences: the armor pipeline, Integrity, the crit roll and each crit's
//! effect on the ship (Appendix 2). Personnel crits take their percentage of the crew at the
//! combat station; a Command Hit kills the module's crew (G20).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::Event;
use super::super::armor::{self, HitKind};
use super::super::crits::{self, Crit, CritTable};
use super::super::guided::GuidedHit;
use super::super::hazards;
use super::super::house_rules::EmitterLoss;
use super::super::ship::Status;
use super::super::stations::{breach_casualties, total};
use super::super::weapon_lines::{NO_KILLER, NO_LINE};
use super::Battle;
use super::stations;

/// A hit to resolve.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub attacker: usize,
    pub target: usize,
    pub ap: f64,
    pub kind: HitKind,
    /// Crit table chosen or forced (`None`: d3).
    pub table: Option<CritTable>,
    /// Crit chance multiplier.
    pub multiplier: u32,
    /// A guaranteed extra "ECM Damaged" (Home On Jam).
    pub ecm_damaged: bool,
    /// Roll no ordinary crits (Home On Jam under `home_on_jam_crits = "only"`).
    pub no_crits: bool,
    /// A particle beam (one that pierces the armor ignores Redundant Emitters).
    pub particle: bool,
    /// The attacker's weapon lines the hit is from, a bit per line (`weapon_lines.rs`;
    /// several: synchronised fire, sharing the damage equally); [`NO_LINE`]: none (`other`).
    pub lines: u16,
}

impl Hit {
    /// A guided weapon's hit of `ap` from the weapons of ship `attacker` on `target`, with
    /// the crit table, multiplier and "ECM Damaged" its guidance gave (`how`, Appendix 1
    /// "Guidance"); `no_crits` drops the ordinary crits (Home On Jam under
    /// `home_on_jam_crits = "only"`).
    pub(crate) fn guided(
        attacker: usize,
        target: usize,
        ap: f64,
        kind: HitKind,
        how: GuidedHit,
        no_crits: bool,
    ) -> Self {
        Hit {
            attacker,
            target,
            ap,
            kind,
            table: how.table,
            multiplier: how.multiplier,
            ecm_damaged: how.ecm_damaged,
            no_crits,
            particle: false,
            lines: NO_LINE,
        }
    }

    /// A plain hit (full armor effectiveness, not nuclear) of `ap` from `attacker` on
    /// `target`. At Precision Targeting range (`precision`) the attacker picks the crit
    /// `table` and the crit chance is multiplied by `precision_multiplier` ("Direct Fire
    /// Attacks", Appendix 2); otherwise the table is rolled on a d3.
    pub(crate) fn plain(
        attacker: usize,
        target: usize,
        ap: f64,
        precision: bool,
        table: CritTable,
        precision_multiplier: u32,
    ) -> Self {
        Hit {
            attacker,
            target,
            ap,
            kind: HitKind::PLAIN,
            table: precision.then_some(table),
            multiplier: if precision { precision_multiplier } else { 1 },
            ecm_damaged: false,
            no_crits: false,
            particle: false,
            lines: NO_LINE,
        }
    }

    /// This hit, from the attacker's weapon `lines` (`weapon_lines.rs`).
    #[inline]
    pub(crate) const fn on_lines(self, lines: u16) -> Self {
        Hit { lines, ..self }
    }
}

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Resolve a hit that landed.
    pub(crate) fn apply_hit(&mut self, h: Hit) {
        let m = self.m;
        let side = self.st.ships[h.attacker].side;
        let t = &mut self.st.ships[h.target];
        if t.status == Status::Destroyed {
            return;
        }
        let d = m.design(t);
        let r = armor::resolve_hit(h.ap, h.kind, &mut t.armor, d.armor, d.protection, self.dice);
        let whole = t.integrity > 0.0;
        t.integrity -= r.post;
        t.taken += r.post;
        let integrity_max = d.integrity;
        self.st.ships[h.attacker].dealt += r.post;
        if h.lines != NO_LINE {
            self.credit_lines(&h, r.post, whole);
        }
        if r.compromised {
            self.count(side, Event::CompromisedHits);
        }
        // J68: which hits find a laser with Redundant Emitters.
        let finds_emitters = match m.rules.emitter_loss {
            EmitterLoss::PiercingHits => r.post > 0.0 && !h.particle,
            EmitterLoss::EveryHit => !(h.particle && r.post > 0.0),
        };
        if finds_emitters {
            self.redundant_emitters(h.target);
        }
        trace!(
            self.obs,
            "  {} hits {} for {} AP{}: armor {:.0}/{:.0}, integrity {:.0}/{:.0}",
            self.m.names[h.attacker],
            self.m.names[h.target],
            h.ap,
            if r.compromised {
                " on compromised armor"
            } else {
                ""
            },
            self.st.ships[h.target].armor,
            m.design(&self.st.ships[h.target]).armor,
            self.st.ships[h.target].integrity,
            integrity_max
        );
        if h.ecm_damaged {
            self.crit(h.attacker, h.target, Crit::EcmDamaged);
        }
        // J8: a hit that leaves the ship at 0 Integrity or less destroys it; its crits would
        // change nothing, so they are not rolled.
        if h.no_crits || self.st.ships[h.target].integrity <= 0.0 {
            return;
        }
        let chance = crits::crit_chance(r.post, integrity_max, m.rules.crit_rounding, h.multiplier);
        let n = crits::roll_crit_count(chance, self.dice);
        for _ in 0..n {
            let table = crits::roll_table(h.table, self.dice);
            let weights = m.design(&self.st.ships[h.target]).crit_weights;
            let c = crits::roll_entry(table, &weights, self.dice);
            self.crit(h.attacker, h.target, c);
        }
    }

    /// Damage by weapon: `post` of hit `h` on its lines (shared equally), and the hit that
    /// takes a `whole` target's Integrity to 0 or less as the one that destroys it.
    #[inline]
    fn credit_lines(&mut self, h: &Hit, post: f64, whole: bool) {
        // Sized by the battle's reset (a unit test's bare state has no lines).
        let Some(tally) = self.st.lines.get_mut(h.attacker) else {
            return;
        };
        let share = post / f64::from(h.lines.count_ones());
        let mut bits = h.lines;
        while bits != 0 {
            tally[bits.trailing_zeros() as usize].dealt += share;
            bits &= bits - 1;
        }
        if whole && self.st.ships[h.target].integrity <= 0.0 {
            self.st.killer[h.target] = (h.attacker as u8, h.lines.trailing_zeros() as u8);
        }
    }

    /// Apply one critical hit's effect.
    pub(crate) fn crit(&mut self, attacker: usize, target: usize, c: Crit) {
        let side = self.st.ships[attacker].side;
        self.count(side, Event::Crits);
        trace!(
            self.obs,
            "    crit on {}: {}",
            self.m.names[target],
            c.name()
        );
        // Simultaneous fire (Stage 2): a crit rolled in the firing phase takes effect at the
        // phase's end, so a weapon disabled, a command module lost or a magazine hit this
        // phase still does what its ship ordered — whichever side's fire is resolved first.
        if self.st.firing && self.st.pending_crits.len() < super::MAX_PENDING_CRITS {
            self.st.pending_crits.push((target as u8, c));
            return;
        }
        let leaks = hazards::leaks_in(&self.st.ships[target].hazards, c);
        self.crit_effect(target, c, leaks, false);
    }

    /// The end of a firing phase: the effects of its crits, in the order they were rolled.
    pub(crate) fn settle_crits(&mut self) {
        let mut k = 0;
        while k < self.st.pending_crits.len() {
            let (target, c) = self.st.pending_crits[k];
            let target = usize::from(target);
            let leaks = hazards::leaks_in(&self.st.ships[target].hazards, c);
            self.crit_effect(target, c, leaks, false);
            k += 1;
        }
        self.st.pending_crits.clear();
    }

    /// Crit `c`'s effect on `target`, worsened by `leaks` ongoing hazardous leaks in its area
    /// ("Hazardous Propellants") or by the area going `critical`.
    pub(crate) fn crit_effect(&mut self, target: usize, c: Crit, leaks: u32, critical: bool) {
        let m = self.m;
        let t_side = self.st.ships[target].side;
        let t = &mut self.st.ships[target];
        let d = m.design(t);
        let lost = hazards::magazine_loss_percent(leaks > 0, critical);
        match c {
            Crit::PropellantLeak => {
                t.leaks = t.leaks.saturating_add(1);
                if let Some(p) = hazards::leaking_propellant(&d.tanks) {
                    self.hazardous_leak(target, p);
                }
            }
            Crit::RadiatorsDamaged => t.radiators = t.radiators.saturating_add(1),
            Crit::SensorsDamaged => t.sensors_damaged = t.sensors_damaged.saturating_add(1),
            Crit::EcmDamaged => t.ecm_damaged = t.ecm_damaged.saturating_add(1),
            Crit::ReactorOffline => {
                if let Some(k) = largest(d.plants.iter().map(|p| p.volume), &t.plant_off) {
                    t.plant_off[k] = true;
                }
            }
            Crit::EngineOffline => {
                if let Some(k) = largest(d.drives.iter().map(|x| x.volume), &t.drive_off) {
                    t.drive_off[k] = true;
                }
            }
            Crit::JumpOffline => t.jump_off = true,
            Crit::WeaponDisabled => {
                let k = largest(
                    d.weapons.iter().map(|&w| m.catalogue.weapons[w].volume),
                    &t.weapon_off,
                );
                let best_gun = k.map_or(0.0, |k| m.catalogue.weapons[d.weapons[k]].volume);
                // J53: a working EM catapult is one of the weapons (after the VLS on a tie).
                let catapult = match d.catapult {
                    Some(c) if !t.catapult_off => c.volume,
                    _ => 0.0,
                };
                if !t.vls_off
                    && d.vls_volume > 0.0
                    && d.vls_volume >= best_gun
                    && d.vls_volume >= catapult
                {
                    // "If that weapon is a VLS, you also receive the effect of a Magazine Hit."
                    t.vls_off = true;
                    magazine_hit(t, lost, m.rules.magazine_loss_rounds_up);
                } else if catapult > 0.0 && catapult >= best_gun {
                    t.catapult_off = true;
                } else if let Some(k) = k {
                    t.weapon_off[k] = true;
                }
            }
            Crit::MagazineHit => magazine_hit(t, lost, m.rules.magazine_loss_rounds_up),
            Crit::CommandHit => {
                if let Some(k) = t.command.iter().position(|ok| *ok) {
                    t.command[k] = false;
                    let n = stations::command_crew_killed(t, d.command[k].crew());
                    self.st.events[t_side.index()][Event::Killed as usize] += n;
                }
                if leaks > 0 || critical {
                    // "Command Hits paralyze the ship's ability to fire and maneuver for a turn".
                    self.paralyse(target);
                }
            }
            Crit::BreachDamcon
            | Crit::BreachMedevac
            | Crit::BreachMedbay
            | Crit::BreachEngineering
            | Crit::BreachNerveCenter => {
                if let Some(st) = stations::breach_station(c) {
                    let crew = total(t.at(st));
                    let n = if critical {
                        breach_casualties(crew, hazards::CRITICAL_CASUALTY_PERCENT, 0)
                    } else {
                        breach_casualties(crew, c.casualty_percent(), leaks)
                    };
                    let n = stations::hurt_at(t, st, n);
                    trace!(self.obs, "      {n} casualties at {}", st.name());
                }
            }
        }
    }

    /// Laser Redundant Emitters (G7: hit locations are ignored except here; J68 which hits
    /// come here): the hit lands on a laser with emitters left with probability laser volume
    /// / ship volume; that laser loses one emitter and the location is rerolled (it can hit a
    /// laser again).
    fn redundant_emitters(&mut self, target: usize) {
        let m = self.m;
        let t = &self.st.ships[target];
        let d = m.design(t);
        if !t.re_left.iter().any(|&n| n > 0) {
            return;
        }
        loop {
            let t = &self.st.ships[target];
            let u = f64::from(self.dice.below(1_000_000)) / 1e6 * d.volume;
            let mut cum = 0.0;
            let mut hit = None;
            for (k, &w) in d.weapons.iter().enumerate() {
                if t.re_left[k] > 0 {
                    cum += m.catalogue.weapons[w].volume;
                    if u < cum {
                        hit = Some(k);
                        break;
                    }
                }
            }
            let Some(k) = hit else { return };
            let left = {
                let t = &mut self.st.ships[target];
                t.re_left[k] -= 1;
                t.re_left[k]
            };
            trace!(
                self.obs,
                "    the hit finds a {} on {}: one redundant emitter lost ({left} left), location rerolled",
                m.catalogue.weapons[d.weapons[k]].name,
                self.m.names[target]
            );
            if left == 0 && !self.st.ships[target].re_left.iter().any(|&n| n > 0) {
                return;
            }
        }
    }

    /// End of a phase: ships at 0 Integrity or less are destroyed (simultaneous resolution).
    pub(crate) fn settle_destroyed(&mut self) {
        for i in 0..self.st.ships.len() {
            let s = &self.st.ships[i];
            if s.integrity <= 0.0 && s.status != Status::Destroyed {
                let side = s.side;
                self.st.ships[i].status = Status::Destroyed;
                self.count(side, Event::Destroyed);
                let (by, line) = self.st.killer.get(i).copied().unwrap_or(NO_KILLER);
                if (by, line) != NO_KILLER && self.st.ships[usize::from(by)].side != side {
                    self.st.lines[usize::from(by)][usize::from(line)].kills += 1;
                }
                trace!(self.obs, "  {} is destroyed", self.m.names[i]);
                self.fleet_event_destroyed(i);
            }
        }
    }
}

/// Index of the largest part (by volume) not yet offline.
fn largest(volumes: impl Iterator<Item = f64>, off: &[bool]) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for (k, v) in volumes.enumerate() {
        if !off[k] && best.is_none_or(|(_, bv)| v > bv) {
            best = Some((k, v));
        }
    }
    best.map(|(k, _)| k)
}

/// Lose `percent` of loaded guided weapons (25%; 35% in a hazardous-leak area; all when
/// critical), J3 rounding, per magazine entry.
fn magazine_hit(t: &mut super::super::ship::ShipState, percent: u32, round_up: bool) {
    for n in t.magazine.iter_mut() {
        let lost = if round_up {
            (*n * percent).div_ceil(100)
        } else {
            *n * percent / 100
        };
        *n -= lost.min(*n);
    }
}
