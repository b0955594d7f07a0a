//! Firing (seed 001, "Ship to Ship Combat", "Line of Sight (Ships)", "Cannons"): a Cannon that
//! is not Broken, carries no Used marker (Multi never gets one) and has facing and line of sight
//! to its target fires; the invented to-hit roll (G2) decides whether it strikes; the side and
//! the "7" come from [`super::aim`]. Also G18 repairs.

use super::super::cannon::CannonMode;
use super::super::facing::{ShipSide, bears_through, sides_at, sides_struck};
use super::super::grid::{MAX_COLS, MAX_ROWS, ModuleKind};
use super::super::hex::exit;
use super::super::house_rules::{Initiative, ToHit, ZeroPower};
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
        Source::Cannon(shot.firer),
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
