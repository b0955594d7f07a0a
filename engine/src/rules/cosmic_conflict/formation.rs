//! Formations and Escorts (seed ch. 9g "Formations/Escorts"; digest §2.12): the groups a fleet
//! declares, and the pure rules the battle applies to them.
//!
//! * A **Formation** has a Lead ship; "Only the Lead Ship is assigned a Command. That Command
//!   is utilised for every Ship in the Formation"; it activates "according to the Ship of the
//!   largest Size", moves with "the lowest Heading and Maneuver value of all Ships", and "all
//!   movement and measurement for every ship in the Formation shall be made to or from the
//!   Lead Ship". It is Defensive (a Hit on a member may Hit another member "of the same Size or
//!   smaller") or Offensive (before a member attacks, one Weapon from each of any number of
//!   other members adds its Size to the Damage; "same type and variant", "same Size or
//!   smaller" than the attacking Weapon).
//! * An **Escort** pair: the Escort's Size ≤ the Escorted ship's; "an Escort may not have an
//!   Escort itself"; movement and measurement are made from the Escorted ship; each ship gets
//!   its own Orders; "once per Ship Activation, an Attack that would hit the Escorted Ship may
//!   have the damage dealt to an Escorting Ship instead. Recalculate the damage with the
//!   different Size modifiers".
//! * "Communications Damage: ... may not be an Escort or a member of a Formation."
//!
//! The battle side (activation, movement, shared command, redirection, contributions) is in
//! `battle/formation_play.rs`; config validation in `config/formations.rs`.

use super::attack::{AttackRoll, HitBand};
use super::design::WeaponMount;

/// Most formation/escort groups in one matchup (each has ≥ 2 of at most 64 ships).
pub const MAX_GROUPS: usize = 32;

/// What a group is (ch. 9g).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupKind {
    /// Defensive Formation: Hits may be moved onto a same-or-smaller member.
    Defensive,
    /// Offensive Formation: members add weapons' Size to each other's Damage.
    Offensive,
    /// Escort relationship: the lead is the Escorted ship, the other members its Escorts.
    Escort,
}

impl GroupKind {
    /// Config names of the Formation kinds.
    pub const FORMATION_NAMES: [&'static str; 2] = ["defensive", "offensive"];

    /// Parse a Formation kind.
    pub fn formation_from_name(name: &str) -> Option<GroupKind> {
        match name {
            "defensive" => Some(GroupKind::Defensive),
            "offensive" => Some(GroupKind::Offensive),
            _ => None,
        }
    }

    /// Trace name.
    pub const fn name(self) -> &'static str {
        match self {
            GroupKind::Defensive => "defensive formation",
            GroupKind::Offensive => "offensive formation",
            GroupKind::Escort => "escort",
        }
    }

    /// A Formation (shared command, lowest Heading/Maneuver), not an Escort pair.
    pub const fn is_formation(self) -> bool {
        !matches!(self, GroupKind::Escort)
    }
}

/// A Formation or an Escort relationship in play. `Copy`; the battle keeps a fixed-capacity
/// list copied from the matchup every battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    /// Formation kind, or Escort.
    pub kind: GroupKind,
    /// The Lead ship (Formation) or the Escorted ship (Escort): ship index.
    pub lead: u8,
    /// Every ship in the group, the lead included (bit per ship index).
    pub members: u64,
}

impl Group {
    /// Whether the group still holds together (two ships or more).
    pub fn intact(&self) -> bool {
        self.members.count_ones() >= 2
    }

    /// Whether ship `i` is a member (the lead included).
    pub fn has(&self, i: usize) -> bool {
        self.members & (1 << i) != 0
    }

    /// The members other than the lead.
    pub fn followers(&self) -> u64 {
        self.members & !(1 << self.lead)
    }
}

/// The Damage of a redirected attack (Escort: "Recalculate the damage with the different Size
/// modifiers"; house rule `formation_redirect_recomputes` for Defensive Formations): D is
/// `die + (WeaponSize − TargetSize) + mods`, so moving it from a Size `from` target to a Size
/// `to` ship adds `from − to`. The Hit/Glance result is kept (G23: damage only).
pub fn redirected(roll: &AttackRoll, from: u8, to: u8) -> AttackRoll {
    let damage = roll.damage + i32::from(from) - i32::from(to);
    AttackRoll {
        damage,
        dealt: roll.result.damage(damage),
        ..*roll
    }
}

/// Whether a result may be redirected: a Defensive Formation moves a "Hit" (the chart result;
/// Glances too with house rule `defensive_redirects_glances`); an Escort takes an attack that
/// "would hit" — any result that deals damage (house rule `escort_redirects_glances`).
pub fn redirectable(result: HitBand, glances: bool) -> bool {
    match result {
        HitBand::Hit => true,
        HitBand::Glance => glances,
        HitBand::Miss => false,
    }
}

/// Whether `helper` may be added to an attack by `weapon` of Size `weapon_size` in an
/// Offensive Formation: "same type and variant, and ... the same Size or smaller as the Weapon
/// performing the Attack".
pub fn may_contribute(
    weapon: &WeaponMount,
    weapon_size: u8,
    helper: &WeaponMount,
    helper_size: u8,
) -> bool {
    helper.kind == weapon.kind && helper.variant == weapon.variant && helper_size <= weapon_size
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cosmic_conflict::design::{Arcs, Slot, Variant, WeaponType};

    fn roll(result: HitBand, damage: i32) -> AttackRoll {
        AttackRoll {
            accuracy_die: 4,
            accuracy: 4,
            damage_die: 5,
            damage_dice: [5, 0],
            damage,
            result,
            dealt: result.damage(damage),
        }
    }

    /// Digest §3 vector 13: a WS 3 weapon hits a Size 3 escorted ship with damage die 5 → D = 5;
    /// redirected to a Size 2 escort, D = 5 + (3 − 2) = 6, the result kept.
    #[test]
    fn escort_redirect_recomputes_damage_with_the_escorts_size() {
        let r = redirected(&roll(HitBand::Hit, 5), 3, 2);
        assert_eq!(r.damage, 6);
        assert_eq!(r.dealt, 6);
        assert_eq!(r.result, HitBand::Hit);
        // A Glance stays a Glance: half of 6.
        let g = redirected(&roll(HitBand::Glance, 5), 3, 2);
        assert_eq!(g.dealt, 3);
        // Onto a larger ship the damage falls, never below zero.
        assert_eq!(redirected(&roll(HitBand::Hit, 1), 2, 5).dealt, 0);
    }

    /// "Whenever an Attack would Hit a target Ship in this Formation": the chart's Hit; an Escort
    /// takes anything that "would hit" (house-rule switches for Glances).
    #[test]
    fn only_damaging_results_are_redirected() {
        assert!(redirectable(HitBand::Hit, false));
        assert!(!redirectable(HitBand::Glance, false));
        assert!(redirectable(HitBand::Glance, true));
        assert!(!redirectable(HitBand::Miss, true));
    }

    fn mount(kind: WeaponType, variant: Variant) -> WeaponMount {
        WeaponMount {
            kind,
            slot: Slot::Primary,
            arcs: Arcs::ALL,
            variant,
        }
    }

    /// Digest §3 vector 14 (the eligibility half): a Primary Kinetic of Size 3 attacks; Kinetic
    /// weapons of Size 2 and 2 may join (+4 is summed by the battle); a Beam, an Oversized
    /// Kinetic or a Size 4 Kinetic may not.
    #[test]
    fn offensive_formation_weapons_must_match_type_variant_and_be_no_larger() {
        let k = mount(WeaponType::Kinetic, Variant::None);
        assert!(may_contribute(&k, 3, &k, 2));
        assert!(may_contribute(&k, 3, &k, 3));
        assert!(!may_contribute(&k, 3, &k, 4));
        let beam = mount(WeaponType::Beam, Variant::None);
        assert!(!may_contribute(&k, 3, &beam, 2));
        let oversized = mount(WeaponType::Kinetic, Variant::Oversized);
        assert!(!may_contribute(&k, 3, &oversized, 2));
    }

    #[test]
    fn groups_know_their_members() {
        let g = Group {
            kind: GroupKind::Escort,
            lead: 2,
            members: 0b1100,
        };
        assert!(g.intact() && g.has(3) && !g.has(1));
        assert_eq!(g.followers(), 0b1000);
        assert!(!GroupKind::Escort.is_formation());
        assert_eq!(
            GroupKind::formation_from_name("offensive"),
            Some(GroupKind::Offensive)
        );
    }
}
