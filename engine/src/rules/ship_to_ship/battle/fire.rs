//! Firing (seed 001, "Ship to Ship Combat", "Line of Sight (Ships)", "Cannons"): a Cannon that
//! is not Broken, carries no Used marker (Multi never gets one) and has facing and line of sight
//! to its target fires; the invented to-hit roll (G2) decides whether it strikes; the side and
//! the "7" come from [`super::aim`]. Also G18 repairs.

use super::super::cannon::CannonMode;
use super::super::cannon_hits::expected_kept_sum;
use super::super::facing::{ShipSide, bears_through, sides_at, sides_struck};
use super::super::grid::{MAX_COLS, MAX_ROWS, ModuleKind};
use super::super::hex::exit;
use super::super::house_rules::{CannonModeChoice, Initiative, ToHit, ZeroPower};
use super::super::hull_check::difficulty;
use super::super::line_of_sight::clear;
use super::super::matchup::Matchup;
use super::super::policy::Target;
use super::super::ship::{MAX_SHIPS, ShipState};
use super::strike::{Source, strike};
use super::{BattleState, Event, aim, engines_out};
use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::Side;
use crate::trace;

/// A chosen shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shot {
    /// Firing ship.
    pub firer: usize,
    /// The Cannon's cell.
    pub cell: (u8, u8),
    /// Target ship.
    pub target: usize,
    /// Guns power of the shot.
    pub power: u8,
    /// Whether firing puts a Used marker on the Cannon.
    pub used_marker: bool,
    /// The to-hit number (2d6 must reach it; G2).
    pub need: i32,
    /// Side struck.
    pub side: ShipSide,
    /// The "7".
    pub aim: (u8, u8),
}

/// Ways out of 36 that 2d6 reaches `need` without a natural 2 (G2).
pub const fn hit_ways(need: i32) -> u32 {
    let mut ways = 0;
    let mut a = 1;
    while a <= 6 {
        let mut b = 1;
        while b <= 6 {
            if a + b > 2 && a + b >= need {
                ways += 1;
            }
            b += 1;
        }
        a += 1;
    }
    ways
}

/// The shot's Guns power under G13, or `None` when the Cannon cannot fire.
pub fn shot_power(mode: CannonMode, guns: u8, rule: ZeroPower) -> Option<u8> {
    if guns == 0 {
        return None;
    }
    match (mode.power(guns), rule) {
        (0, ZeroPower::CannotFire) => None,
        (0, ZeroPower::PowerOne) => Some(1),
        (p, _) => Some(p),
    }
}

/// The mode a choosing policy fires a Cannon in under G21 `per-shot`, with its power and its
/// to-hit ways out of 36 (`ways(mode)`): among the modes the Cannon can fire in (every mode
/// when it carries no Used marker; only Multi, which "does not get a Used marker", when it
/// does), the one with the highest expected damage — P(hit) × (the expected kept dice sum
/// against the target's `shields`, [`expected_kept_sum`], plus what one Shield less adds to
/// the next full-power shot: every strike lowers Shields by 1). Equal values keep the
/// design's mode, then Standard, Long, Multi. `None` when no mode can fire (G13).
pub fn best_mode(
    design: CannonMode,
    guns: u8,
    shields: u8,
    used: bool,
    zero: ZeroPower,
    ways: impl Fn(CannonMode) -> u32,
) -> Option<(CannonMode, u8, u32)> {
    let strip = if shields > 0 {
        expected_kept_sum(guns, shields - 1) - expected_kept_sum(guns, shields)
    } else {
        0.0
    };
    let order = [
        design,
        CannonMode::Standard,
        CannonMode::Long,
        CannonMode::Multi,
    ];
    let mut best: Option<(f64, CannonMode, u8, u32)> = None;
    for mode in order {
        if used && mode.takes_used_marker() {
            continue;
        }
        let Some(power) = shot_power(mode, guns, zero) else {
            continue;
        };
        let w = ways(mode);
        if w == 0 {
            continue;
        }
        let value = f64::from(w) * (expected_kept_sum(power, shields) + strip);
        if best.is_none_or(|b| value > b.0) {
            best = Some((value, mode, power, w));
        }
    }
    best.map(|(_, mode, power, w)| (mode, power, w))
}

/// The to-hit number for a shot of `mode` from `s` at `t` (G2 default; G7 adds the firer's OOC).
fn to_hit_need(m: &Matchup, s: &ShipState, t: &ShipState, mode: CannonMode) -> i32 {
    let range = mode.effective_range(s.pos.distance(t.pos)) as i32;
    let speed = if engines_out(m, t) {
        0
    } else {
        i32::from(m.designs[usize::from(t.design)].speed)
    };
    let ooc = if m.rules.g7_ooc_to_hit {
        i32::from(s.ooc)
    } else {
        0
    };
    range + speed + ooc - i32::from(m.rules.g2_gunnery_skill)
}

/// The shot ship `k` would take now, by its side's policy: for every enemy, the best Cannon
/// that bears on it; then the enemy the policy prefers (nearest, or closest to exploding);
/// exact ties between enemies go to the battle's dice.
pub fn plan<R: Roller>(m: &Matchup, st: &BattleState, k: usize, dice: &mut R) -> Option<Shot> {
    let s = st.ships[k];
    if !s.alive() {
        return None;
    }
    let d = &m.designs[usize::from(s.design)];
    let pol = m.policies[s.side.index()];
    let choosing = pol.choose_mode && m.rules.g21_cannon_mode_choice == CannonModeChoice::PerShot;
    if choosing {
        return plan_choosing_mode(m, st, k, dice);
    }
    let mode = d.cannon_mode;
    let power = shot_power(mode, s.guns, m.rules.g13_zero_power)?;
    let open = &m.open[usize::from(s.design)];
    // (score, target, cell) of the best shot per enemy, in battle order.
    let mut best: [(i64, usize, (u8, u8)); MAX_SHIPS] = [(i64::MIN, 0, (0, 0)); MAX_SHIPS];
    let mut n = 0;
    for (u, t) in st.ships.iter().enumerate() {
        if t.side == s.side || !t.alive() {
            continue;
        }
        let range = s.pos.distance(t.pos);
        if m.rules.g3_max_range > 0 && range > m.rules.g3_max_range {
            continue;
        }
        if !clear(s.pos, t.pos, &m.asteroids) {
            continue;
        }
        let need = to_hit_need(m, &s, t, mode);
        let ways = match m.rules.g2_to_hit {
            ToHit::RangeSpeed => hit_ways(need),
            ToHit::Always => 36,
        };
        if ways == 0 {
            continue;
        }
        let sides = sides_at(s.facing, exit(s.pos, t.pos));
        let cell = m.cannons[usize::from(s.design)]
            .iter()
            .copied()
            .find(|&(r, c)| {
                let (r, c) = (usize::from(r), usize::from(c));
                let spent = mode.takes_used_marker() && s.is_used(r, c);
                let working = !s.is_broken(r, c);
                working && !spent && bears_through(open[r][c], sides, m.rules.g20_firer_corner)
            });
        let Some(cell) = cell else { continue };
        let td = &m.designs[usize::from(t.design)];
        let primary = match pol.target {
            Target::Nearest => 10_000 - i64::from(range.min(10_000)),
            Target::Weakest => i64::from(difficulty(t.hull, td.size)) + 1_000,
        };
        best[n] = (
            primary * 10_000 + i64::from(ways) * i64::from(power),
            u,
            cell,
        );
        n += 1;
    }
    if n == 0 {
        return None;
    }
    let top = best[..n].iter().map(|b| b.0).max()?;
    let ties = best[..n].iter().filter(|b| b.0 == top).count();
    let pick = if ties > 1 {
        dice.below(ties as u32) as usize
    } else {
        0
    };
    let &(_, target, cell) = best[..n].iter().filter(|b| b.0 == top).nth(pick)?;
    let t = st.ships[target];
    let td = &m.designs[usize::from(t.design)];
    let sides = sides_struck(t.pos, t.facing, s.pos);
    let (side, aim) = aim::choose(
        td,
        &t,
        sides,
        power,
        pol.aim,
        &m.lines[usize::from(t.design)],
        dice,
    );
    Some(Shot {
        firer: k,
        cell,
        target,
        power,
        used_marker: mode.takes_used_marker(),
        need: to_hit_need(m, &s, &t, mode),
        side,
        aim,
    })
}

/// [`plan`] for a policy that picks each shot's Cannon mode (G21 `per-shot`, [`best_mode`]):
/// per enemy, the first bearing working Cannon without a Used marker (any mode), else the first
/// bearing working one with a marker (Multi only); then as [`plan`], with the chosen mode's
/// power and to-hit number.
#[inline(never)]
fn plan_choosing_mode<R: Roller>(
    m: &Matchup,
    st: &BattleState,
    k: usize,
    dice: &mut R,
) -> Option<Shot> {
    let s = st.ships[k];
    let d = &m.designs[usize::from(s.design)];
    let pol = m.policies[s.side.index()];
    let open = &m.open[usize::from(s.design)];
    let ways_of = |t: &ShipState, mode: CannonMode| match m.rules.g2_to_hit {
        ToHit::RangeSpeed => hit_ways(to_hit_need(m, &s, t, mode)),
        ToHit::Always => 36,
    };
    // (score, target, cell, mode, power) of the best shot per enemy, in battle order.
    let mut best = [(i64::MIN, 0usize, (0u8, 0u8), CannonMode::Standard, 0u8); MAX_SHIPS];
    let mut n = 0;
    for (u, t) in st.ships.iter().enumerate() {
        if t.side == s.side || !t.alive() {
            continue;
        }
        let range = s.pos.distance(t.pos);
        if m.rules.g3_max_range > 0 && range > m.rules.g3_max_range {
            continue;
        }
        if !clear(s.pos, t.pos, &m.asteroids) {
            continue;
        }
        let sides = sides_at(s.facing, exit(s.pos, t.pos));
        let bearing = |want_used: bool| {
            m.cannons[usize::from(s.design)]
                .iter()
                .copied()
                .find(|&(r, c)| {
                    let (r, c) = (usize::from(r), usize::from(c));
                    !s.is_broken(r, c)
                        && s.is_used(r, c) == want_used
                        && bears_through(open[r][c], sides, m.rules.g20_firer_corner)
                })
        };
        let (cell, used) = match bearing(false) {
            Some(cell) => (cell, false),
            None => match bearing(true) {
                Some(cell) => (cell, true),
                None => continue,
            },
        };
        let chosen = best_mode(
            d.cannon_mode,
            s.guns,
            t.shields,
            used,
            m.rules.g13_zero_power,
            |mode| ways_of(t, mode),
        );
        let Some((mode, power, ways)) = chosen else {
            continue;
        };
        let td = &m.designs[usize::from(t.design)];
        let primary = match pol.target {
            Target::Nearest => 10_000 - i64::from(range.min(10_000)),
            Target::Weakest => i64::from(difficulty(t.hull, td.size)) + 1_000,
        };
        best[n] = (
            primary * 10_000 + i64::from(ways) * i64::from(power),
            u,
            cell,
            mode,
            power,
        );
        n += 1;
    }
    if n == 0 {
        return None;
    }
    let top = best[..n].iter().map(|b| b.0).max()?;
    let ties = best[..n].iter().filter(|b| b.0 == top).count();
    let pick = if ties > 1 {
        dice.below(ties as u32) as usize
    } else {
        0
    };
    let &(_, target, cell, mode, power) = best[..n].iter().filter(|b| b.0 == top).nth(pick)?;
    let t = st.ships[target];
    let td = &m.designs[usize::from(t.design)];
    let sides = sides_struck(t.pos, t.facing, s.pos);
    let (side, aim) = aim::choose(
        td,
        &t,
        sides,
        power,
        pol.aim,
        &m.lines[usize::from(t.design)],
        dice,
    );
    Some(Shot {
        firer: k,
        cell,
        target,
        power,
        used_marker: mode.takes_used_marker(),
        need: to_hit_need(m, &s, &t, mode),
        side,
        aim,
    })
}

/// Fire one shot: the Used marker, the to-hit roll (G2), the strike.
pub fn resolve<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    shot: Shot,
    dice: &mut R,
    obs: &mut O,
) {
    if !st.ships[shot.target].alive() {
        return;
    }
    let side = st.ships[shot.firer].side;
    if shot.used_marker {
        st.ships[shot.firer].mark_used(usize::from(shot.cell.0), usize::from(shot.cell.1));
    }
    st.count(side, Event::Shots, 1);
    let hit = match m.rules.g2_to_hit {
        ToHit::RangeSpeed => {
            let roll = dice.two_d6();
            roll > 2 && i32::from(roll) >= shot.need
        }
        ToHit::Always => true,
    };
    let fname = &m.designs[usize::from(st.ships[shot.firer].design)].name;
    let tname = &m.designs[usize::from(st.ships[shot.target].design)].name;
    trace!(
        obs,
        " {side} {fname} fires at {tname} (power {}, needs {}): {}",
        shot.power,
        shot.need,
        if hit { "hit" } else { "miss" }
    );
    if !hit {
        st.count(side, Event::Misses, 1);
        return;
    }
    st.count(side, Event::Hits, 1);
    strike(
        m,
        st,
        shot.target,
        shot.power,
        shot.side,
        shot.aim,
        Source::Cannon(shot.firer, shot.cell),
        dice,
        obs,
    );
}

/// Every side that has a ship with a shot.
fn has_shots(shots: &[Option<Shot>], st: &BattleState, side: Side) -> bool {
    shots
        .iter()
        .flatten()
        .any(|s| st.ships[s.firer].side == side)
}

/// The fire step of a phase: `g1_actions_per_phase` rounds of shots, each either simultaneous
/// (every ship chooses from the same snapshot, then all shots resolve, the side that resolves
/// first picked by the dice) or alternating (the dice pick the side that fires first; the
/// other side chooses after it) — G1.
pub fn fire_phase<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) {
    let n = st.ships.len();
    for _ in 0..m.rules.g1_actions_per_phase {
        match m.rules.g1_initiative {
            Initiative::Simultaneous => {
                let mut shots = [None; MAX_SHIPS];
                for (k, slot) in shots.iter_mut().enumerate().take(n) {
                    *slot = plan(m, st, k, dice);
                }
                let both = has_shots(&shots, st, Side::A) && has_shots(&shots, st, Side::B);
                let first = if both && dice.d6() > 3 {
                    Side::B
                } else {
                    Side::A
                };
                for side in [first, first.other()] {
                    for shot in shots.iter().take(n).flatten() {
                        if st.ships[shot.firer].side == side {
                            resolve(m, st, *shot, dice, obs);
                        }
                    }
                }
            }
            Initiative::AlternateByDice => {
                let first = if dice.d6() > 3 { Side::B } else { Side::A };
                for side in [first, first.other()] {
                    let mut shots = [None; MAX_SHIPS];
                    for (k, slot) in shots.iter_mut().enumerate().take(n) {
                        if st.ships[k].side == side {
                            *slot = plan(m, st, k, dice);
                        }
                    }
                    for shot in shots.iter().take(n).flatten() {
                        resolve(m, st, *shot, dice, obs);
                    }
                }
            }
        }
    }
}

/// Repair priority of a module kind (G18: Cannons first, then Engines, then the Helm).
fn repair_rank(kind: ModuleKind) -> u8 {
    match kind {
        ModuleKind::Cannon => 0,
        ModuleKind::Engine => 1,
        ModuleKind::Helm => 2,
        _ => 3,
    }
}

/// G18 (off by default): each ship tries `g18_repairs_per_round` Engineering checks a round,
/// each against 11 (seed, "Broken Modules"), +3 on a slagged module (seed, "Slagged Modules"),
/// + OOC (G7); 2d6 + the gunnery skill stands in for the missing Engineering skill.
pub fn repairs<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) {
    for _ in 0..m.rules.g18_repairs_per_round {
        for k in 0..st.ships.len() {
            let s = st.ships[k];
            if !s.alive() {
                continue;
            }
            let g = &m.designs[usize::from(s.design)].grid;
            let mut pick: Option<(u8, usize, usize)> = None;
            for (r, c, md) in g.iter() {
                if s.markers[r][c] > 0 {
                    let rank = repair_rank(md.kind);
                    if pick.is_none_or(|p| rank < p.0) {
                        pick = Some((rank, r, c));
                    }
                }
            }
            let Some((_, r, c)) = pick else { continue };
            let slag = if s.markers[r][c] >= 2 { 3 } else { 0 };
            let need = 11 + slag + i32::from(s.ooc);
            let roll = i32::from(dice.two_d6()) + i32::from(m.rules.g2_gunnery_skill);
            if roll >= need {
                st.ships[k].markers[r][c] -= 1;
                st.count(s.side, Event::Repairs, 1);
                trace!(obs, " repair of ({r}, {c}) succeeds");
            }
        }
    }
}

const _: () = assert!(MAX_ROWS * MAX_COLS <= 64, "Used markers fit one u64");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn to_hit_ways_by_enumeration() {
        // G2: 2d6 ≥ need, a natural 2 always fails.
        assert_eq!(hit_ways(2), 35);
        assert_eq!(hit_ways(7), 21);
        assert_eq!(hit_ways(12), 1);
        assert_eq!(hit_ways(13), 0);
        assert_eq!(hit_ways(-4), 35);
    }

    #[test]
    fn g21_choice_by_expected_damage() {
        // Guns 4 against Shields 3 (digest §3.9: Standard 9.5972, Multi 1.7554; a Shield less
        // adds 10.6555 − 9.5972 to the next full shot). Same to-hit: Standard.
        let same = |_: CannonMode| 21;
        let z = ZeroPower::CannotFire;
        let pick = best_mode(CannonMode::Multi, 4, 3, false, z, same).unwrap();
        assert_eq!((pick.0, pick.1), (CannonMode::Standard, 4));
        // Far away: Standard needs 10 (6 ways), Long counts half the range and needs 6 (26
        // ways): 26 × (4.0698 + 1.0583) > 6 × (9.5972 + 1.0583).
        let far = |mode: CannonMode| if mode == CannonMode::Long { 26 } else { 6 };
        assert_eq!(
            best_mode(CannonMode::Standard, 4, 3, false, z, far)
                .unwrap()
                .0,
            CannonMode::Long
        );
        // A Cannon with a Used marker can fire only in Multi mode.
        let used = best_mode(CannonMode::Standard, 4, 3, true, z, same).unwrap();
        assert_eq!((used.0, used.1), (CannonMode::Multi, 1));
        // Guns 1: Long has power 0 (G13 cannot fire); equal Standard and Multi values keep the
        // design's mode.
        let one = best_mode(CannonMode::Multi, 1, 2, false, z, same).unwrap();
        assert_eq!(one.0, CannonMode::Multi);
        let one = best_mode(CannonMode::Long, 1, 2, false, z, same).unwrap();
        assert_eq!(one.0, CannonMode::Standard);
        // No ways to hit: no shot.
        assert_eq!(best_mode(CannonMode::Standard, 4, 3, false, z, |_| 0), None);
    }

    #[test]
    fn g13_zero_power_shots() {
        assert_eq!(shot_power(CannonMode::Long, 1, ZeroPower::CannotFire), None);
        assert_eq!(
            shot_power(CannonMode::Long, 1, ZeroPower::PowerOne),
            Some(1)
        );
        assert_eq!(shot_power(CannonMode::Multi, 0, ZeroPower::PowerOne), None);
        assert_eq!(
            shot_power(CannonMode::Standard, 5, ZeroPower::CannotFire),
            Some(5)
        );
    }
}
