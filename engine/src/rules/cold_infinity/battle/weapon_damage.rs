//! §13.1.9 damaged direct-fire weapons: "Once a direct fire weapon has lost half its structure
//! (rounded up), either the damage Rating is reduced by 1 row … or the range is reduced by 1
//! row. The defender chooses which reduction to apply." When a weapon is lowered again is the
//! house rule `weapon_reduction` (default once). "If no reduction is possible … the weapon
//! system is destroyed." The defender's pick is its policy's ([`reduction_choice`]); ties go
//! to the battle's dice. Checked in the Damage Effects step (§2.4), after the fire phase's
//! damage is applied.

use crate::dice::Roller;

use super::super::damage_effects::{ReductionChoice, reduce_weapon, reductions_due};
use super::super::design::{DamageDice, RangeRating, WeaponDesign};
use super::super::matchup::{Matchup, Mount};
use super::super::policy::{pick_tie, reduction_choice};
use super::BattleState;

/// A mount's Ratings now (§13.1.9) and the structure loss already accounted for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WeaponNow {
    /// Damage Rating after reductions.
    pub damage: DamageDice,
    /// Range Rating after reductions.
    pub range: RangeRating,
    /// Structure loss the reductions so far answer for.
    pub lost_seen: u16,
    /// The first mount of the ship's design with this mount's arc and weapon design
    /// ([`mount_twins`]): two mounts with the same `twin` are the same design, so
    /// [`super::fire::determine`] compares two indices instead of two [`WeaponDesign`]s.
    pub twin: u8,
}

impl WeaponNow {
    /// An undamaged weapon's Ratings.
    pub const fn new(w: &WeaponDesign) -> WeaponNow {
        WeaponNow {
            damage: w.damage,
            range: w.range,
            lost_seen: 0,
            twin: 0,
        }
    }
}

/// Each mount's twin: the index of the first mount in `mounts` with the same arc and weapon
/// design (itself when none before it has them). Worked out once per matchup
/// (`BattleState::for_matchup`), kept across battles by `begin`.
pub fn mount_twins(mounts: &[Mount]) -> impl Iterator<Item = u8> + '_ {
    mounts.iter().enumerate().map(|(k, w)| {
        let first = mounts[..k]
            .iter()
            .position(|q| q.arc == w.arc && q.weapon == w.weapon)
            .unwrap_or(k);
        first as u8
    })
}

/// Mount `k` of ship `i` as it fires now: its design with the reduced damage and range.
#[inline]
pub fn weapon_now(m: &Matchup, st: &BattleState, i: usize, k: usize) -> WeaponDesign {
    let mut w = m.design_of(i).mounts[k].weapon;
    let now = &st.weapons[i][k];
    w.damage = now.damage;
    w.range = now.range;
    w
}

/// §13.1.9 for every weapon of ship `i`: the reductions its new losses owe, each the defending
/// policy's pick (ties by dice); a weapon that can drop no further is destroyed. Each mount's
/// structure left is read once per damage state (`st.condition`); when the reductions already
/// answered this reading, every intact mount's loss is the one they saw and nothing is owed
/// (no die rolled), so the walk is skipped — most turns a ship takes no new damage.
#[inline]
pub fn reduce_damaged_weapons<R: Roller>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    dice: &mut R,
) {
    let cond = &mut st.condition[i];
    cond.refresh(&m.design_of(i).design, &st.damage[i], &m.rules.movement);
    let serial = cond.serial();
    if cond.weapons_reduced_at == serial {
        return;
    }
    reduce_as_read(m, st, i, dice);
    st.condition[i].weapons_reduced_at = serial;
}

/// [`reduce_damaged_weapons`]'s walk of the mounts, from the condition as last read (a weapon
/// destroyed below changes only its own system's loss, read before).
#[inline(never)]
pub(super) fn reduce_as_read<R: Roller>(m: &Matchup, st: &mut BattleState, i: usize, dice: &mut R) {
    let bd = m.design_of(i);
    let d = &bd.design;
    let keep = m.policies[st.ships[i].side.index()].kept_range(bd.keep);
    for (k, mount) in bd.mounts.iter().enumerate() {
        let structure = d.systems[usize::from(mount.sys)].structure;
        let left = st.condition[i].left(mount.sys);
        if left == 0 {
            continue;
        }
        let lost = structure - left;
        let seen = st.weapons[i][k].lost_seen;
        st.weapons[i][k].lost_seen = lost;
        for _ in 0..reductions_due(structure, seen, lost, m.rules.fire.weapon_reduction) {
            let w = weapon_now(m, st, i, k);
            let choice = reduction_choice(&w, keep).unwrap_or_else(|| {
                if pick_tie(dice, 2) == 0 {
                    ReductionChoice::Damage
                } else {
                    ReductionChoice::Range
                }
            });
            match reduce_weapon(w.damage, w.range, choice) {
                Some((damage, range)) => {
                    let now = &mut st.weapons[i][k];
                    now.damage = damage;
                    now.range = range;
                }
                None => {
                    st.damage[i].system_damage[usize::from(mount.sys)] = structure;
                    break;
                }
            }
        }
    }
}
