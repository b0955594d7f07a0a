//! One strike on a ship (seed 001, "Hit Allocation", "Cannon Hits", "Hull Damage and Ship
//! Explosion", "Ship Explosion"): roll the allocation, roll and apply the shield-reduced damage
//! dice, lower the Shields, make the hull check the hull damage calls for, and explode — whose
//! blast strikes every ship in reach, which can chain (G15).

use super::super::cannon_hits::{apply_strike, roll_damage};
use super::super::explosion::blast_power;
use super::super::facing::{ShipSide, sides_struck};
use super::super::hit_allocation::{StruckLine, reroll_pick};
use super::super::house_rules::{AllocationLuck, MissedShields};
use super::super::hull_check::{difficulty, hull_check, needs_check};
use super::super::line_of_sight::clear;
use super::super::matchup::Matchup;
use super::super::weapon_lines::cell;
use super::{BattleState, Event, aim};
use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

/// What strikes a ship: a Cannon shot (with its firer) or a blast.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A Cannon of ship `firer` (index in the battle), at its (row, col) on the grid.
    Cannon(usize, (u8, u8)),
    /// The blast of an exploding ship.
    Blast(usize),
}

/// Strike ship `target` at Guns `power` on `side`, with the allocation's "7" at `aim`
/// (row, col). Then the hull check (for a blast, only under G15's default) and, on a failure,
/// the explosion.
#[allow(clippy::too_many_arguments)]
pub fn strike<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    target: usize,
    power: u8,
    side: ShipSide,
    aim: (u8, u8),
    source: Source,
    dice: &mut R,
    obs: &mut O,
) {
    let rules = &m.rules;
    let roll = match source {
        Source::Cannon(f, _) if can_reroll(m, &st.ships[f]) => {
            allocation_with_rerolls(m, st, f, target, power, side, aim, dice)
        }
        _ => dice.two_d6(),
    };
    let line = StruckLine::from_roll(side, aim, roll);
    let t = st.ships[target];
    let d = &m.designs[usize::from(t.design)];
    let kept = roll_damage(dice, power, t.shields);
    let mut markers = t.markers;
    let e = apply_strike(&d.grid, &mut markers, line, rules.g12_gaps, &kept);
    let lose = match rules.g16_missed_dice_shields {
        MissedShields::PerStrike => 1,
        MissedShields::PerMissingDie => 1 + e.missed,
    };
    {
        let t = &mut st.ships[target];
        t.markers = markers;
        t.hull += e.hull;
        t.ooc = t.ooc.saturating_add(e.ooc as u16);
        t.shields = t.shields.saturating_sub(lose.min(255) as u8);
    }
    let ts = t.side;
    st.count(ts, Event::Strikes, 1);
    st.count(ts, Event::BrokenMarkers, e.broken_markers);
    st.count(ts, Event::Slagged, e.slagged);
    st.count(ts, Event::DiceMissed, e.missed);
    st.count(ts, Event::CollateralDice, e.collateral_dice);
    if let Source::Cannon(f, at) = source {
        st.ships[f].dealt += e.hull;
        st.lines[f][cell(at)].damage_dealt += e.hull;
    }
    trace!(
        obs,
        "  strike on {} {} (allocation {roll}, line {}): power {power} vs Shields {} → hull +{} (now {}), OOC +{}, {} Broken, {} missed; Shields now {}",
        d.name,
        side.name(),
        line.index,
        t.shields,
        e.hull,
        st.ships[target].hull,
        e.ooc,
        e.broken_markers,
        e.missed,
        st.ships[target].shields
    );
    let blast = matches!(source, Source::Blast(_));
    if blast && !rules.g15_blast_hull_checks {
        return;
    }
    let hull = st.ships[target].hull;
    if !needs_check(hull, d.size) {
        return;
    }
    let diff = difficulty(hull, d.size);
    let mut luck = st.ships[target].luck;
    let check = hull_check(
        dice,
        diff,
        rules.g11_hull_compare,
        d.hull_stabilizer,
        &mut luck,
    );
    st.ships[target].luck = luck;
    st.count(ts, Event::HullChecks, 1);
    st.count(ts, Event::StabilizerRerolls, u32::from(check.stabilized));
    st.count(ts, Event::LuckSpent, u32::from(check.luck_spent));
    trace!(
        obs,
        "  {} hull check at difficulty {diff}: {}",
        d.name,
        if check.passed { "holds" } else { "FAILS" }
    );
    if !check.passed {
        st.count(ts, Event::HullChecksFailed, 1);
        if let Source::Cannon(f, at) = source
            && st.ships[f].side != ts
        {
            st.lines[f][cell(at)].kills += 1;
        }
        explode(m, st, target, dice, obs);
    }
}

/// Whether the firer has anything to reroll a hit allocation die with: Scans, or Luck under
/// G14 `reroll-die`.
fn can_reroll(m: &Matchup, firer: &super::super::ship::ShipState) -> bool {
    firer.scans > 0
        || (m.rules.g14_luck_on_allocation == AllocationLuck::RerollDie && firer.luck > 0)
}

/// The hit allocation roll of a Cannon shot whose firer can reroll its dice (seed, "Hit
/// Allocation": "Each scan you have on a ship may be expended to reroll one of the hit
/// allocation dice. The firing character may spend Luck on the hit allocation roll"): the two
/// dice, then while a reroll is worth it ([`reroll_pick`], weighed by the firer's line values,
/// [`aim::line_values`]) and the firer has a Scan (spent first) or Luck (G14 `reroll-die`),
/// one die rerolled. Without Scans or Luck this is `two_d6` (the same dice).
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn allocation_with_rerolls<R: Roller>(
    m: &Matchup,
    st: &mut BattleState,
    firer: usize,
    target: usize,
    power: u8,
    side: ShipSide,
    aim_at: (u8, u8),
    dice: &mut R,
) -> u8 {
    let mut pair = [dice.d6(), dice.d6()];
    let t = st.ships[target];
    let td = usize::from(t.design);
    let values = aim::line_values(
        &m.designs[td],
        &t,
        &m.lines[td],
        side,
        aim_at,
        u32::from(power.max(1)),
    );
    while let Some(i) = reroll_pick(pair, &values) {
        let f = &mut st.ships[firer];
        let fside = f.side;
        if f.scans > 0 {
            f.scans -= 1;
            st.count(fside, Event::ScansSpent, 1);
        } else if m.rules.g14_luck_on_allocation == AllocationLuck::RerollDie && f.luck > 0 {
            f.luck -= 1;
            st.count(fside, Event::AllocationLuckSpent, 1);
        } else {
            break;
        }
        pair[i] = dice.d6();
    }
    pair[0] + pair[1]
}

/// Ship `k` explodes (seed: "deals damage like a Cannon blast at a Guns strength equal to its
/// Size to each object in its hex ... Subtract one from the explosion power for each hex of
/// distance away"). The side struck comes from the direction of the exploding hex; at a
/// corner, or in the same hex, the dice pick it (G15: there is no firer to choose). The blast
/// aims at each target's centre mark (inferred, digest §2.5) and asteroids block it (G15).
pub fn explode<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    k: usize,
    dice: &mut R,
    obs: &mut O,
) {
    st.ships[k].exploded = true;
    let s = st.ships[k];
    st.count(s.side, Event::Explosions, 1);
    let size = m.designs[usize::from(s.design)].size;
    trace!(
        obs,
        "  {} EXPLODES (Size {size})",
        m.designs[usize::from(s.design)].name
    );
    for u in 0..st.ships.len() {
        let t = st.ships[u];
        if u == k || !t.alive() {
            continue;
        }
        let power = blast_power(size, s.pos.distance(t.pos));
        if power == 0 || !clear(s.pos, t.pos, &m.asteroids) {
            continue;
        }
        let side = match sides_struck(t.pos, t.facing, s.pos) {
            None => ShipSide::ALL[dice.below(4) as usize],
            Some([a, b]) if a != b => {
                if dice.d6() <= 3 {
                    a
                } else {
                    b
                }
            }
            Some([a, _]) => a,
        };
        st.count(t.side, Event::BlastStrikes, 1);
        let centre = m.designs[usize::from(t.design)].grid.centre;
        strike(m, st, u, power, side, centre, Source::Blast(k), dice, obs);
    }
}
