//! Crew phase steps C3–C5: combat stations (re)assigned, this turn's casualties split into
//! WIA and KIA by the Medevac route and wounded healed by the Medbay, Damage Control's Repair
//! Points spent on repairs. Also the crew side of Personnel and Command crits.

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::Event;
use super::super::crits::Crit;
use super::super::design::ShipDesign;
use super::super::hazards::Hazard;
use super::super::policy::{Boost, EwarPriority, Policy};
use super::super::repairs;
use super::super::ship::ShipState;
use super::super::stations::{self, BIO, CrewMix, INFO, Station, total};
use super::Battle;

/// Assign `s`'s combat stations for its morale and fit crew (command modules are manned
/// first, from Bio, then Const, then Info crew) and work out their effects.
pub fn assign(s: &mut ShipState, d: &ShipDesign, p: &Policy) {
    let mut pool = s.fit;
    let command: u32 = d
        .command
        .iter()
        .zip(s.command)
        .filter(|(_, ok)| *ok)
        .map(|(c, _)| c.crew())
        .sum();
    let mut need = command;
    for p in pool.iter_mut() {
        let t = need.min(*p);
        *p -= t;
        need -= t;
    }
    (s.stations, s.levels) = stations::assign(pool, s.morale, d.crew, &p.stations, p.spare_station);
    let eng = s.level(Station::Engineering);
    // G21: the chosen effect if its level is reached, else +1 acceleration; Lv. 4: all.
    let chosen = if eng >= p.boost.level() {
        p.boost
    } else {
        Boost::Acceleration
    };
    s.boost = [
        eng >= 4 || (eng >= 1 && chosen == Boost::Acceleration),
        eng >= 4 || chosen == Boost::Energy,
        eng >= 4 || chosen == Boost::DeltaV,
    ];
    // Nerve Center: +1/+2 to one rating (the policy's EWar priority), +3/+4 to both.
    let nc = s.level(Station::NerveCenter);
    let ecm_first = p.ewar == EwarPriority::Ecm;
    s.nerve = match nc {
        0 => [0, 0],
        1 | 2 if ecm_first => [0, nc],
        1 | 2 => [nc, 0],
        l => [l, l],
    };
    s.assigned_for = (s.morale, s.crew);
}

/// Take `n` casualties from the crew at station `st` (and from the fit crew).
pub(crate) fn hurt_at(s: &mut ShipState, st: Station, n: u32) -> u32 {
    let lost = stations::remove_proportionally(&mut s.stations[st as usize], n);
    take_fit(s, lost);
    for (h, l) in s.hurt.iter_mut().zip(lost) {
        *h += l;
    }
    total(lost)
}

/// Remove `lost` from the fit crew.
pub(crate) fn take_fit(s: &mut ShipState, lost: CrewMix) {
    for (f, l) in s.fit.iter_mut().zip(lost) {
        *f -= l.min(*f);
    }
    s.crew = total(s.fit);
}

/// The crew of a destroyed command module are killed (G20): taken from the crew not at a
/// station, Bio first.
pub(crate) fn command_crew_killed(s: &mut ShipState, n: u32) -> u32 {
    let mut free = s.fit;
    for st in s.stations {
        for k in 0..3 {
            free[k] -= st[k].min(free[k]);
        }
    }
    let mut lost = [0; 3];
    let mut need = n;
    for k in BIO..=INFO {
        let t = need.min(free[k]);
        lost[k] = t;
        need -= t;
    }
    take_fit(s, lost);
    s.kia += total(lost);
    total(lost)
}

/// The station a Hull Breach hits.
pub(crate) fn breach_station(c: Crit) -> Option<Station> {
    match c {
        Crit::BreachDamcon => Some(Station::DamageControl),
        Crit::BreachMedevac => Some(Station::Medevac),
        Crit::BreachMedbay => Some(Station::Medbay),
        Crit::BreachEngineering => Some(Station::Engineering),
        Crit::BreachNerveCenter => Some(Station::NerveCenter),
        _ => None,
    }
}

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// C3: reassign stations of ships whose morale or crew changed.
    pub(crate) fn combat_stations(&mut self) {
        let m = self.m;
        for i in 0..self.st.ships.len() {
            let s = &mut self.st.ships[i];
            if !s.status.in_play() || s.assigned_for == (s.morale, s.crew) {
                continue;
            }
            let before = s.levels;
            assign(s, m.design(s), &m.policies[s.side.index()]);
            if O::ENABLED && s.levels != before {
                let s = self.st.ships[i];
                trace!(
                    self.obs,
                    "  {} combat stations: damage control {} (Lv {}), engineering {} (Lv {}), nerve center {} (Lv {}), medbay {} (Lv {}), medevac {} (Lv {})",
                    self.m.names[i],
                    total(s.stations[0]),
                    s.levels[0],
                    total(s.stations[1]),
                    s.levels[1],
                    total(s.stations[2]),
                    s.levels[2],
                    total(s.stations[3]),
                    s.levels[3],
                    total(s.stations[4]),
                    s.levels[4]
                );
            }
        }
    }

    /// C4: this turn's casualties become WIA and KIA by the Medevac ratio (G9 without one);
    /// the Medbay heals WIA, who rejoin the fit crew (and are assigned next crew phase).
    pub(crate) fn casualties(&mut self) {
        let base = self.m.rules.base_wia_percent;
        for i in 0..self.st.ships.len() {
            let s = &mut self.st.ships[i];
            if s.status.in_play() && total(s.hurt) > 0 {
                let pct = stations::wia_percent(s.level(Station::Medevac), base);
                let (mut wia, mut kia) = (0, 0);
                for k in 0..3 {
                    let (w, x) = stations::split_casualties(s.hurt[k], pct);
                    s.wia[k] += w;
                    wia += w;
                    kia += x;
                }
                s.kia += kia;
                s.hurt = [0; 3];
                let side = s.side.index();
                self.st.events[side][Event::Wounded as usize] += wia;
                self.st.events[side][Event::Killed as usize] += kia;
                trace!(
                    self.obs,
                    "  {} casualties: {wia} wounded, {kia} killed ({pct}% wounded)",
                    self.m.names[i]
                );
            }
            let s = &mut self.st.ships[i];
            let wounded = total(s.wia);
            if !s.status.in_play() || wounded == 0 {
                continue;
            }
            let cap =
                stations::heal_capacity(s.level(Station::Medbay), total(s.at(Station::Medbay)));
            let mut healed = cap.min(wounded);
            if healed == 0 {
                continue;
            }
            let n = healed;
            for k in BIO..=INFO {
                let t = healed.min(s.wia[k]);
                s.wia[k] -= t;
                s.fit[k] += t;
                healed -= t;
            }
            s.crew = total(s.fit);
            self.st.events[s.side.index()][Event::Healed as usize] += n;
            trace!(
                self.obs,
                "  {} medbay returns {n} wounded to duty", self.m.names[i]
            );
        }
    }

    /// C5: Damage Control generates Repair Points and spends them in the policy's order; RP
    /// short of the next repair's cost are banked toward it (J12).
    pub(crate) fn damage_control(&mut self) {
        let m = self.m;
        for i in 0..self.st.ships.len() {
            let s = &mut self.st.ships[i];
            if !s.status.in_play() {
                continue;
            }
            let d = m.design(s);
            let counting = s.hazards.iter().any(Hazard::counting);
            let next = repairs::next(s, d, &m.catalogue);
            if next.is_none() && !counting {
                s.repair_points = 0;
                continue;
            }
            let dc = Station::DamageControl;
            s.repair_points += stations::repair_points(s.level(dc), total(s.at(dc)));
            if counting {
                self.contain_hazards(i);
            }
            // J12: points are banked while a repair or a countdown waits.
            let Some(mut r) = next else { continue };
            loop {
                let s = &mut self.st.ships[i];
                let c = repairs::cost_now(r, s, d, &m.catalogue);
                if s.repair_points < c {
                    break;
                }
                s.repair_points -= c;
                repairs::apply(r, s);
                let side = s.side;
                self.count(side, Event::Repairs);
                trace!(
                    self.obs,
                    "  {} damage control repairs the {} ({c} RP)",
                    self.m.names[i],
                    r.name()
                );
                match repairs::next(&self.st.ships[i], d, &m.catalogue) {
                    Some(n) => r = n,
                    None => {
                        if !counting {
                            self.st.ships[i].repair_points = 0;
                        }
                        break;
                    }
                }
            }
        }
    }
}
