//! §11.5 specialized defences in the Guided Weapons Phase: declared in the Fire Determination
//! Phase (the plan, made once every guided weapon has arrived or failed and the intercepts are
//! assigned), used in the Guided Weapons Phase after the intercepts — anti-missile rockets
//! fire, then chaff and flares are deployed, then the survivors roll to hit (§2, the sequence
//! of play; `guided::hit::guided_phase`).
//!
//! The plan (every preset; `guided_plan::intercept_gain`, ties by the battle's dice):
//! * **AMRS** (§11.5.1): each salvo, one at a time, at the arrival where it saves the most
//!   expected damage — an arrival aimed at a unit of the AMRS's side within 4 hexes, with both
//!   the launch hex and that unit in the AMRS's arc; RoF salvos a turn, 20 in all; under
//!   `amrs_salvos = one-per-weapon` one per arrival per system.
//! * **Chaff** (§11.5.2): deployed, one load a turn, while it saves expected damage: the
//!   penalty it adds (`chaff_stacking`) on every arrival aimed into the deploying ship's hex,
//!   less what it gives enemies in that hex.
//! * **Flares** (§11.5.3): one flare per arrival (its penalty is the flare's, the largest
//!   that saves most), at an arrival aimed at the fielding ship or a friend within 1 hex; one
//!   a turn per system (`flare_shots = each-weapon`: one at each arrival, a load each).
//!
//! A defence whose system is destroyed does nothing (its 1 point of structure, §16.4.7).

use crate::dice::Roller;
use crate::hex::Hex;
use crate::observer::Observer;
use crate::trace;

use super::super::guided::defences::{DefenceKind, DefenceNow, FLARE_REACH, chaff_in_hex};
use super::super::guided::readings::FlareShots;
use super::super::guided_plan::{intercept_gain, survives};
use super::super::intercepts::{amrs_drm, chaff_penalty, flare_penalty};
use super::super::matchup::{MAX_SHIPS, Matchup};
use super::BattleState;
use super::fire::in_arc;
use super::intercepts::best_choice;

/// Most anti-missile salvos at one guided weapon.
pub const MAX_SALVOS: usize = 16;

/// Plans the phase's AMRS salvos, chaff and flares (the trace lists each).
pub fn plan<R: Roller, O: Observer>(m: &Matchup, st: &mut BattleState, dice: &mut R, obs: &mut O) {
    st.guided.chaff.fill(0);
    st.guided.salvo_log.clear();
    if m.designs.iter().all(|d| d.defences.is_empty()) {
        return;
    }
    for defences in st.guided.defences.iter_mut() {
        for d in defences.iter_mut() {
            d.new_turn();
        }
    }
    salvos(m, st, dice, obs);
    chaff(m, st, dice, obs);
    flares(m, st, dice, obs);
}

/// Whether defence `j` of ship `d` is intact and the ship in the battle.
fn working(m: &Matchup, st: &BattleState, d: usize, j: usize) -> bool {
    let bd = m.design_of(d);
    st.ships[d].alive && st.damage[d].system_left(&bd.design, bd.defences[j].sys) > 0
}

/// The trace's name of flight `n`: its launcher and missile.
fn flight_name(st: &BattleState, n: usize) -> (usize, usize, usize) {
    let f = st.guided.flights.iter().nth(n).copied();
    let (rack, ty) = st.guided.origin[n];
    (
        f.map_or(0, |f| usize::from(f.owner)),
        usize::from(rack),
        usize::from(ty),
    )
}

/// §11.5.1: each salvo where it saves the most.
fn salvos<R: Roller, O: Observer>(m: &Matchup, st: &mut BattleState, dice: &mut R, obs: &mut O) {
    let r = m.rules.guided;
    while let Some([n, d, j]) = best_choice(st, dice, |st, offer| {
        for (n, a) in st.guided.arrived.iter().enumerate() {
            let Some(a) = a else {
                continue;
            };
            if usize::from(a.salvos) >= MAX_SALVOS {
                continue;
            }
            let t = usize::from(a.target);
            let t_pos = st.ships[t].motion.pos;
            let s = survives(amrs_drm(a.amp, a.acc));
            for d in 0..st.ships.len() {
                if st.ships[d].side != st.ships[t].side {
                    continue;
                }
                let reach = st.ships[d].motion.pos.distance(t_pos).max(0) as u16;
                for (j, mount) in m.design_of(d).defences.iter().enumerate() {
                    let (DefenceKind::Amrs { arc, .. }, DefenceNow::Amrs(now)) =
                        (mount.kind, st.guided.defences[d][j])
                    else {
                        continue;
                    };
                    let already = st.guided.salvo_log.contains(&(d as u8, j as u8, n as u8));
                    let may = now.may_fire(
                        reach,
                        in_arc(m, st, d, arc, a.launch_hex),
                        in_arc(m, st, d, arc, t_pos),
                        already,
                        &r,
                    );
                    if may && working(m, st, d, j) {
                        offer(intercept_gain(a.value, a.survival, s), [n, d, j]);
                    }
                }
            }
        }
    }) {
        let g = &mut st.guided;
        let DefenceNow::Amrs(now) = &mut g.defences[d][j] else {
            return;
        };
        now.fire();
        let left = now.salvos;
        g.salvo_log.push((d as u8, j as u8, n as u8));
        let Some(a) = g.arrived[n].as_mut() else {
            return;
        };
        a.salvos += 1;
        a.survival *= survives(amrs_drm(a.amp, a.acc));
        let t = usize::from(a.target);
        let (o, rack, ty) = flight_name(st, n);
        trace!(
            obs,
            "  {}'s AMRS fires at {}'s {} aimed at {} (§11.5.1): {} salvos left",
            m.names[d],
            m.names[o],
            m.design_of(o).rack_missiles[rack][ty],
            m.names[t],
            left
        );
    }
}

/// The chaff penalty on a guided weapon aimed at ship `t` (§11.5.2: chaff deployed in its hex,
/// combined by `chaff_stacking`).
pub fn chaff_on(m: &Matchup, st: &BattleState, t: usize) -> i16 {
    chaff_at(m, st, st.ships[t].motion.pos, None)
}

/// The chaff penalty in `hex`, with `extra` = (ship, penalty) deployed as well.
fn chaff_at(m: &Matchup, st: &BattleState, hex: Hex, extra: Option<(usize, i16)>) -> i16 {
    let mut buf = [0i16; MAX_SHIPS];
    let mut k = 0;
    for (d, s) in st.ships.iter().enumerate() {
        let mut p = st.guided.chaff[d];
        match extra {
            Some((e, more)) if e == d => p = chaff_in_hex(&[p, more], &m.rules.guided),
            _ => {}
        }
        if s.motion.pos == hex && p > 0 && k < MAX_SHIPS {
            buf[k] = p;
            k += 1;
        }
    }
    chaff_in_hex(&buf[..k], &m.rules.guided)
}

/// §11.5.2: chaff deployed while it saves expected damage (one load a turn per system).
fn chaff<R: Roller, O: Observer>(m: &Matchup, st: &mut BattleState, dice: &mut R, obs: &mut O) {
    while let Some([d, j, _]) = best_choice(st, dice, |st, offer| {
        for d in 0..st.ships.len() {
            for (j, mount) in m.design_of(d).defences.iter().enumerate() {
                let (DefenceKind::Chaff(rating), DefenceNow::Dispenser(now, 0)) =
                    (mount.kind, st.guided.defences[d][j])
                else {
                    continue;
                };
                if now.loads == 0 || !working(m, st, d, j) {
                    continue;
                }
                offer(chaff_gain(m, st, d, chaff_penalty(rating)), [d, j, 0]);
            }
        }
    }) {
        let g = &mut st.guided;
        let DefenceNow::Dispenser(now, used) = &mut g.defences[d][j] else {
            return;
        };
        let Some(p) = now.deploy_chaff() else {
            return;
        };
        *used += 1;
        let left = now.loads;
        g.chaff[d] = chaff_in_hex(&[g.chaff[d], p], &m.rules.guided);
        trace!(
            obs,
            "  {} deploys chaff (−{} in its hex; §11.5.2): {} loads left", m.names[d], p, left
        );
    }
}

/// The expected damage ship `d`'s side saves if it deploys chaff of penalty `p` in its hex:
/// over every arrival aimed into the hex, its survival × (its expected damage at the hex's
/// chaff now − at the chaff with `p`), counted for a friend's and against an enemy's.
fn chaff_gain(m: &Matchup, st: &BattleState, d: usize, p: i16) -> f64 {
    let hex = st.ships[d].motion.pos;
    let (now, then) = (
        chaff_at(m, st, hex, None),
        chaff_at(m, st, hex, Some((d, p))),
    );
    if then == now {
        return 0.0;
    }
    let mut gain = 0.0;
    for a in st.guided.arrived.iter().flatten() {
        let t = usize::from(a.target);
        if st.ships[t].motion.pos != hex {
            continue;
        }
        let saved = a.survival * (a.value_less(now) - a.value_less(then));
        if st.ships[t].side == st.ships[d].side {
            gain += saved;
        } else {
            gain -= saved;
        }
    }
    gain
}

/// §11.5.3: a flare at the arrival where it saves the most, one per arrival.
fn flares<R: Roller, O: Observer>(m: &Matchup, st: &mut BattleState, dice: &mut R, obs: &mut O) {
    let each = m.rules.guided.flare_shots == FlareShots::EachWeapon;
    while let Some([n, d, j]) = best_choice(st, dice, |st, offer| {
        for (n, a) in st.guided.arrived.iter().enumerate() {
            let Some(a) = a else {
                continue;
            };
            if a.flare != 0 {
                continue;
            }
            let t = usize::from(a.target);
            let chaff = chaff_on(m, st, t);
            for d in 0..st.ships.len() {
                if st.ships[d].side != st.ships[t].side {
                    continue;
                }
                let reach = st.ships[d]
                    .motion
                    .pos
                    .distance(st.ships[t].motion.pos)
                    .max(0);
                if reach as u16 > FLARE_REACH {
                    continue;
                }
                for (j, mount) in m.design_of(d).defences.iter().enumerate() {
                    let (DefenceKind::Flares(rating), DefenceNow::Dispenser(now, used)) =
                        (mount.kind, st.guided.defences[d][j])
                    else {
                        continue;
                    };
                    if now.loads == 0 || (used > 0 && !each) || !working(m, st, d, j) {
                        continue;
                    }
                    let p = flare_penalty(rating);
                    let saved = a.survival * (a.value_less(chaff) - a.value_less(chaff + p));
                    offer(saved, [n, d, j]);
                }
            }
        }
    }) {
        let Some(a) = st.guided.arrived[n] else {
            return;
        };
        let t = usize::from(a.target);
        let reach = st.ships[d]
            .motion
            .pos
            .distance(st.ships[t].motion.pos)
            .max(0) as u16;
        let g = &mut st.guided;
        let DefenceNow::Dispenser(now, used) = &mut g.defences[d][j] else {
            return;
        };
        let Some(p) = now.fire_flare(reach) else {
            return;
        };
        *used += 1;
        let left = now.loads;
        if let Some(a) = g.arrived[n].as_mut() {
            a.flare = p;
        }
        let (o, rack, ty) = flight_name(st, n);
        trace!(
            obs,
            "  {} fires a flare (−{}) at {}'s {} aimed at {} (§11.5.3): {} loads left",
            m.names[d],
            p,
            m.names[o],
            m.design_of(o).rack_missiles[rack][ty],
            m.names[t],
            left
        );
    }
}
