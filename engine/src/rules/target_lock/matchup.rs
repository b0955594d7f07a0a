//! A validated matchup: the weapon table, the ship sheets it uses, where each ship starts,
//! both policies and the house rules.

use super::battle::ShipState;
use super::design::{ShipDesign, WeaponProfile};
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
}
