//! Damage by weapon (issue 18, the report's `weapons` table): a ship's weapon lines are its
//! sheet's weapon banks, in sheet order (seed, "Attack Procedures": one attack action per
//! bank). A direct-fire attack's boxes ("Structure Damage") are credited to the bank that
//! fired; a projectile or seeker salvo's to the bank that launched it, when its counter
//! resolves (`missiles.rs`). The attack that takes a ship's last box is its bank's kill (the
//! ship is removed at the turn's end). A scuttled ship is nobody's kill. Every box a ship
//! deals is from a bank, so it has no `other` damage.

use crate::outcome::WeaponTally;

use super::design::MAX_BANKS;
use super::matchup::Matchup;

/// A ship's totals per weapon bank.
pub type BankTallies = [WeaponTally; MAX_BANKS];

/// Every ship's banks, named by place and weapon: `bank 1: 2 x Laser`.
pub fn names(m: &Matchup) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, s) in m.start.iter().enumerate() {
        for (b, w) in m.designs[s.design as usize].weapons.iter().enumerate() {
            let name = &m.weapons[usize::from(w.weapon)].name;
            out.push((i, format!("bank {}: {} x {name}", b + 1, w.count)));
        }
    }
    out
}

/// One battle's banks, into `out` (as long as [`names`]' list).
pub fn copy(m: &Matchup, banks: &[BankTallies], out: &mut [WeaponTally]) {
    let mut out = out.iter_mut();
    for (s, ship) in m.start.iter().zip(banks) {
        let n = m.designs[s.design as usize].weapons.len();
        for (line, slot) in ship[..n].iter().zip(out.by_ref()) {
            *slot = *line;
        }
    }
}
