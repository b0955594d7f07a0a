//! Movement (G6, invented: the chapter has none). A ship moves `speed` hexes a round, spread
//! evenly over the phases; each phase it may first turn (one hexside, or freely under the
//! alternative) and then move straight ahead up to its share. Every ship decides from the same
//! snapshot (the positions at the start of the phase), then all move. A Broken Helm stops
//! turning and Engines all Broken stop the ship (G9 default).

use super::super::explosion::blast_power;
use super::super::facing::{RELATIVE_EXITS, relative_exit};
use super::super::grid::ModuleKind;
use super::super::hex::Hex;
use super::super::hex::{Exit, exit};
use super::super::house_rules::Turning;
use super::super::hull_check::difficulty;
use super::super::line_of_sight::clear;
use super::super::matchup::Matchup;
use super::super::policy::Target;
use super::super::ship::{MAX_SHIPS, ShipState};
use super::{BattleState, any_broken, engines_out};
use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

/// Hexes a ship of `speed` moves in phase `phase` of `phases` (spread evenly).
pub const fn share(speed: u32, phase: u32, phases: u32) -> u32 {
    speed * (phase + 1) / phases - speed * phase / phases
}

/// The hull-check difficulty at which a ship counts as likely to explode on its next hit
/// (2d6 ≥ 7 passes 7/12 of the time): the blast-caution presets keep out of its reach.
pub const LIKELY_TO_EXPLODE: i32 = 7;

/// The enemy ship `k` steers for, by its policy (ties to the dice).
pub fn steer_target<R: Roller>(
    m: &Matchup,
    st: &BattleState,
    k: usize,
    dice: &mut R,
) -> Option<usize> {
    let s = st.ships[k];
    let pol = m.policies[s.side.index()];
    let key = |t: &ShipState| -> i64 {
        let range = i64::from(s.pos.distance(t.pos));
        match pol.target {
            Target::Nearest => -range,
            Target::Weakest => {
                let size = m.designs[usize::from(t.design)].size;
                i64::from(difficulty(t.hull, size)) * 1000 - range
            }
        }
    };
    let enemies = || {
        st.ships
            .iter()
            .enumerate()
            .filter(move |(_, t)| t.side != s.side && t.alive())
    };
    let top = enemies().map(|(_, t)| key(t)).max()?;
    let ties = enemies().filter(|(_, t)| key(t) == top).count();
    let pick = if ties > 1 {
        dice.below(ties as u32) as usize
    } else {
        0
    };
    enemies()
        .filter(|(_, t)| key(t) == top)
        .nth(pick)
        .map(|(u, _)| u)
}

/// How many of a ship's working Cannons bear through each exit of its hex, by
/// [`relative_exit`] code (counted from its fore; the same hex: every one bears). Built once
/// per decision from the matchup's per-Cannon arcs, so scoring a candidate position costs one
/// lookup per ship.
#[derive(Clone, Copy, Debug, Default)]
struct Bearing {
    by_exit: [u8; RELATIVE_EXITS],
}

impl Bearing {
    fn of(m: &Matchup, s: &ShipState) -> Bearing {
        let mut b = Bearing::default();
        let design = usize::from(s.design);
        for (&(r, c), &arcs) in m.cannons[design].iter().zip(&m.cannon_arcs[design]) {
            if s.is_broken(usize::from(r), usize::from(c)) {
                continue;
            }
            for (e, n) in b.by_exit.iter_mut().enumerate() {
                *n += u8::from(arcs & (1 << e) != 0);
            }
        }
        b
    }

    /// Working Cannons of a ship facing `facing` that bear through `exit` of its hex.
    fn count(&self, facing: u8, exit: Exit) -> i64 {
        i64::from(self.by_exit[relative_exit(facing, exit)])
    }
}

/// Ships likely to explode on their next hit: (position, Size), at most one per ship.
type Hazards = ([(Hex, u8); MAX_SHIPS], usize);

/// The ships other than `k` whose blast the policy avoids (blast caution).
fn hazards(m: &Matchup, st: &BattleState, k: usize) -> Hazards {
    let mut out = ([(Hex::default(), 0u8); MAX_SHIPS], 0);
    if !m.policies[st.ships[k].side.index()].blast_caution {
        return out;
    }
    for (u, o) in st.ships.iter().enumerate() {
        if u == k || !o.alive() {
            continue;
        }
        let size = m.designs[usize::from(o.design)].size;
        if difficulty(o.hull, size) >= LIKELY_TO_EXPLODE {
            out.0[out.1] = (o.pos, size);
            out.1 += 1;
        }
    }
    out
}

/// What a ship's movement decision scores candidate positions against: its target (where it
/// is and faces), its preferred range, both ships' bearing Cannons and the blast hazards.
struct Scorer<'a> {
    target_pos: Hex,
    target_facing: u8,
    range: i64,
    asteroids: &'a [Hex],
    /// The mover's Cannons and the target's.
    bearing: [Bearing; 2],
    hazards: Hazards,
}

impl Scorer<'_> {
    /// How much the ship likes being at `pos` facing `facing` (policy heuristic): near its
    /// preferred range, its Cannons bearing, few enemy Cannons bearing on it, out of the
    /// blast reach of any ship likely to explode (blast caution). Line of sight is the same
    /// both ways and the target's exit is the mover's reversed, so each is found once.
    fn score(&self, pos: Hex, facing: u8) -> i64 {
        let to = self.target_pos;
        let range = i64::from(pos.distance(to));
        let mut v = -(range - self.range).abs() * 20;
        let (mine, theirs) = if clear(pos, to, self.asteroids) {
            let e = exit(pos, to);
            (
                self.bearing[0].count(facing, e),
                self.bearing[1].count(self.target_facing, e.reversed()),
            )
        } else {
            (0, 0)
        };
        // One gun bearing matters most (one fire action a phase by default); more, a little.
        v += 60 * mine.min(1) + 5 * mine;
        v -= 15 * theirs;
        let (hz, n) = &self.hazards;
        for &(at, size) in &hz[..*n] {
            v -= 200 * i64::from(blast_power(size, pos.distance(at)));
        }
        v
    }
}

/// Where ship `k` goes this phase.
fn decide<R: Roller>(
    m: &Matchup,
    st: &BattleState,
    k: usize,
    phase: u32,
    dice: &mut R,
) -> (Hex, u8) {
    let s = st.ships[k];
    if !s.alive() || engines_out(m, &s) {
        return (s.pos, s.facing);
    }
    let Some(target) = steer_target(m, st, k, dice) else {
        return (s.pos, s.facing);
    };
    let speed = u32::from(m.designs[usize::from(s.design)].speed);
    let steps = share(speed, phase, u32::from(m.rules.g1_phases_per_round));
    // Turns relative to the fore, in a fixed order (a rotation of the map keeps it, so mirror
    // images decide alike): straight on first.
    let turns: &[u8] = if any_broken(m, &s, ModuleKind::Helm) {
        &[0]
    } else {
        match m.rules.g6_turning {
            Turning::OneHexside => &[0, 5, 1],
            Turning::Free => &[0, 5, 1, 4, 2, 3],
        }
    };
    let t = &st.ships[target];
    let scorer = Scorer {
        target_pos: t.pos,
        target_facing: t.facing,
        range: i64::from(
            m.policies[s.side.index()].kept_range(m.designs[usize::from(s.design)].speed),
        ),
        asteroids: &m.asteroids,
        bearing: [Bearing::of(m, &s), Bearing::of(m, t)],
        hazards: hazards(m, st, k),
    };
    let mut best = (i64::MIN, s.pos, s.facing);
    for &turn in turns {
        let f = (s.facing + turn) % 6;
        for n in 0..=steps {
            let pos = s.pos.step(f, n as i32);
            let v = scorer.score(pos, f);
            if v > best.0 {
                best = (v, pos, f);
            }
        }
    }
    (best.1, best.2)
}

/// Every ship decides from the same snapshot, then all move.
pub fn move_ships<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    phase: u32,
    dice: &mut R,
    obs: &mut O,
) {
    let n = st.ships.len();
    let mut moves = [(Hex::default(), 0u8); MAX_SHIPS];
    for (k, mv) in moves.iter_mut().enumerate().take(n) {
        *mv = decide(m, st, k, phase, dice);
    }
    for (k, &(pos, facing)) in moves.iter().enumerate().take(n) {
        let s = &mut st.ships[k];
        if s.alive() && (s.pos != pos || s.facing != facing) {
            s.pos = pos;
            s.facing = facing;
            trace!(
                obs,
                " {} {} moves to ({}, {}) facing {}",
                s.side,
                m.designs[usize::from(s.design)].name,
                pos.q,
                pos.r,
                facing
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speed_spreads_evenly_over_phases() {
        let total: u32 = (0..6).map(|p| share(4, p, 6)).sum();
        assert_eq!(total, 4);
        assert_eq!(share(3, 0, 1), 3);
        assert_eq!((0..6).map(|p| share(6, p, 6)).collect::<Vec<_>>(), [1; 6]);
    }
}
