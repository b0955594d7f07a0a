//! A validated matchup: the weapon table, the ship sheets it uses, where each ship starts,
//! both policies and the house rules.

use super::battle::ShipState;
use super::design::{ShipDesign, WeaponProfile};
use super::direct_fire::Delivery;
use super::house_rules::HouseRules;
use super::policy::Policy;

/// Everything a battle needs, read-only.
#[derive(Clone, Debug)]
pub struct Matchup {
    /// The weapon table.
    pub weapons: Vec<WeaponProfile>,
    /// The ship sheets this matchup uses.
    pub designs: Vec<ShipDesign>,
    /// Every ship at the start, side A's first.
    pub start: Vec<ShipState>,
    /// Ship names, in `start` order.
    pub names: Vec<String>,
    /// Side A's and side B's policies.
    pub policies: [Policy; 2],
    /// House rules.
    pub rules: HouseRules,
    /// Range each design's policy keeps to its target (from its weapon table lines).
    pub keep: Vec<i32>,
    /// Whether any weapon line used is a placeholder (G1 trust flag).
    pub placeholder: bool,
    /// What each design's weapons can do, found once per matchup ([`Roles::of`]).
    pub roles: Vec<Roles>,
}

/// A design's weapon roles, read every activation (point defense, launchers): found once
/// from its weapon table lines, not per turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Roles {
    /// Banks that are point-defense weapons (bit per bank).
    pub pd_banks: u8,
    /// Point-defense weapons over all those banks.
    pub pd_weapons: u32,
    /// Whether any bank fires projectiles or seekers.
    pub launcher: bool,
    /// Banks that are not point-defense weapons (bit per bank).
    pub attack_banks: u8,
    /// The longest reach of the attack banks (0 without one): a ship's reach while none of
    /// them is lost or jammed.
    pub reach: i32,
    /// The shortest reach of the point-defense banks (0 without one): every point-defense
    /// weapon of a ship with all of them ready reaches this far.
    pub pd_reach: i32,
}

impl Roles {
    /// The roles of `d`'s banks on the weapon table `weapons`.
    pub fn of(d: &ShipDesign, weapons: &[WeaponProfile]) -> Roles {
        let mut r = Roles::default();
        for (b, w) in d.weapons.iter().enumerate() {
            let p = &weapons[w.weapon as usize];
            if p.point_defense {
                r.pd_reach = if r.pd_banks == 0 {
                    p.max_range()
                } else {
                    r.pd_reach.min(p.max_range())
                };
                r.pd_banks |= 1 << b;
                r.pd_weapons += u32::from(w.count);
            } else {
                r.attack_banks |= 1 << b;
                r.reach = r.reach.max(p.max_range());
            }
            r.launcher |= p.delivery != Delivery::Direct;
        }
        r
    }

    /// The roles of every design of a matchup.
    pub fn all(designs: &[ShipDesign], weapons: &[WeaponProfile]) -> Vec<Roles> {
        designs.iter().map(|d| Roles::of(d, weapons)).collect()
    }
}
