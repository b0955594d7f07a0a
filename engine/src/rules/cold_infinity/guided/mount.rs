//! A design's missile racks as the battle uses them (§9.2.1, §17.2.1): the rack, its firing
//! arc (§7.1.4: a rack must have its target in arc and line of sight at launch, §9.0), the
//! missile types it may hold and its magazine as loaded at the start of a battle (§17.2.1:
//! "the quantity and order of each missile type" is recorded). Built once by the config layer.

use super::super::arcs::FiringArc;
use super::magazine::Magazine;
use super::types::{Munition, RackDesign};

/// Most missile types one rack's load names.
pub const MAX_TYPES: usize = 4;

/// Most missile racks on one design (per-rack battle state is sized per design).
pub const MAX_RACKS: usize = 16;

/// One missile rack on a design.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RackMount {
    /// Index into `ShipDesign::systems` (its `SystemKind::MissileRack`).
    pub sys: u16,
    /// The rack's Ratings (magazine, RoF, accuracy, range boost).
    pub rack: RackDesign,
    /// Its firing arc.
    pub arc: FiringArc,
    /// The missile types its load names, by the magazine's type index.
    pub types: [Munition; MAX_TYPES],
    /// How many of `types` are used.
    pub type_count: u8,
    /// The magazine at the start of a battle.
    pub load: Magazine,
}

impl RackMount {
    /// The types in use.
    pub fn types(&self) -> &[Munition] {
        &self.types[..usize::from(self.type_count)]
    }

    /// The longest launch range of any type it holds, boost included (§9.0, §17.2.1): how far
    /// a missile-carrier keeps from its target.
    pub fn longest_launch_range(&self) -> u16 {
        self.types()
            .iter()
            .map(|m| m.launch_range_with(self.rack.range_boost))
            .max()
            .unwrap_or(0)
    }
}
