//! Damage by weapon (issue 18, the report's `weapons` table): a ship's weapon lines are its
//! design's direct-fire mounts ("Direct Fire Attacks"), in design order, then its magazine
//! entries (the guided weapons it carries, Appendix 1), in magazine order. A guided weapon's
//! damage — its contact or stand-off attack, a Missile Rack's load, a mine's area blast, a
//! Laser Relay's relayed shot — belongs to the magazine entry that launched it; an Area
//! Denial mark's hit to the Macron that laid it. Damage a ship deals outside its lines (none
//! in the shipped rules: every hit comes from a mount or a salvo) is the report's `other`.
//!
//! Junction counts damage in fractional AP: a line's total is kept as such and made whole
//! only for the report ([`whole`]), so that a ship's lines never exceed its rounded
//! `damage_dealt`.

use crate::outcome::WeaponTally;

use super::design::{MAX_MAGAZINE, MAX_WEAPONS, ShipDesign};
use super::matchup::Matchup;
use super::ship::ShipState;

/// Most weapon lines per ship: every mount and every magazine entry.
pub const MAX_LINES: usize = MAX_WEAPONS + MAX_MAGAZINE;

/// Lines of a hit from no weapon line (the report's `other`).
pub const NO_LINE: u16 = 0;

/// No ship: a target whose Integrity no line's hit has taken to 0.
pub const NO_KILLER: (u8, u8) = (u8::MAX, u8::MAX);

/// One line's totals of a battle, in Junction's fractional damage.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LineTally {
    /// Damage (post-armor AP) its hits dealt.
    pub dealt: f64,
    /// Enemy ships its hits destroyed.
    pub kills: u32,
}

/// The line bit of direct-fire mount `k`.
#[inline]
pub const fn mount_line(k: usize) -> u16 {
    1 << k
}

/// The line bit of the entry of `magazine` (a design's) that holds catalogue guided weapon
/// `guided` ([`NO_LINE`] when no entry does: then it is `other`).
pub fn magazine_line(magazine: &[(usize, u32)], guided: usize) -> u16 {
    magazine
        .iter()
        .position(|&(g, _)| g == guided)
        .map_or(NO_LINE, |e| 1 << (MAX_WEAPONS + e))
}

/// Every ship's lines, named as its design names them: `mount 2: <weapon>` and
/// `magazine 1: <guided weapon>` (1-based, in design order).
pub fn names(m: &Matchup) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, s) in m.start.iter().enumerate() {
        let d = m.design(s);
        for (k, &w) in d.weapons.iter().enumerate() {
            out.push((
                i,
                format!("mount {}: {}", k + 1, m.catalogue.weapons[w].name),
            ));
        }
        for (e, &(g, _)) in d.magazine.iter().enumerate() {
            out.push((
                i,
                format!("magazine {}: {}", e + 1, m.catalogue.guided[g].name),
            ));
        }
    }
    out
}

/// The slots of `lines` (per ship, as [`names`] lists them) whose totals are reported.
fn slots(d: &ShipDesign) -> impl Iterator<Item = usize> + '_ {
    (0..d.weapons.len()).chain((0..d.magazine.len()).map(|e| MAX_WEAPONS + e))
}

/// One battle's lines made whole, into `out` (as long as [`names`]' list): each line's share
/// of the running total, rounded as `damage_dealt` rounds and never past the ship's
/// rounded `dealt` (the rest, if any, is the report's `other`).
pub fn whole(
    m: &Matchup,
    lines: &[[LineTally; MAX_LINES]],
    ships: &[ShipState],
    out: &mut [WeaponTally],
) {
    let mut out = out.iter_mut();
    for ((s, ship), state) in m.start.iter().zip(lines).zip(ships) {
        let cap = state.dealt.round();
        let mut running = 0.0;
        let mut before = 0.0;
        for (k, slot) in slots(m.design(s)).zip(out.by_ref()) {
            running += ship[k].dealt;
            let now = running.round().min(cap);
            *slot = WeaponTally {
                damage_dealt: (now - before) as u32,
                kills: ship[k].kills,
            };
            before = now;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_of_mounts_and_magazine_entries_do_not_overlap() {
        assert_eq!(mount_line(0), 1);
        assert_eq!(mount_line(MAX_WEAPONS - 1), 1 << 11);
        let magazine = [(3, 10), (5, 2)];
        assert_eq!(magazine_line(&magazine, 5), 1 << (MAX_WEAPONS + 1));
        assert_eq!(magazine_line(&magazine, 4), NO_LINE);
        const { assert!(MAX_LINES <= 16, "lines are bits of a u16") };
    }
}
