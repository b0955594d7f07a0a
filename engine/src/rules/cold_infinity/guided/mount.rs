//! A design's missile racks as the battle uses them (§9.2.1, §17.2.1): the rack, its firing
//! arc (§7.1.4: a rack must have its target in arc and line of sight at launch, §9.0), the
//! missile types it may hold and its magazine as loaded at the start of a battle (§17.2.1:
//! "the quantity and order of each missile type" is recorded). A torpedo system (§9.2.2) takes
//! a launcher slot too ([`TorpedoMount`]): one fixed type, no magazine. Built once by the
//! config layer.

use super::super::arcs::FiringArc;
use super::super::design::Accuracy;
use super::launch::LauncherAccuracy;
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
    /// The magazine at the start of a battle (empty for a torpedo system).
    pub load: Magazine,
    /// A torpedo system (§9.2.2) in this launcher slot: it makes its one type (`types[0]`) as
    /// it fires, never runs out and has no magazine; `None` for a missile rack.
    pub torpedo: Option<TorpedoMount>,
}

/// Most reload racks on one design.
pub const MAX_RELOADS: usize = 8;

/// One reload rack on a design (§9.2.4, §17.2.3): its magazine, operations per turn and the
/// missiles it holds at the start of a battle (its own type indices into `types`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReloadMount {
    /// Index into `ShipDesign::systems`.
    pub sys: u16,
    /// Most missiles it holds (structure ⌈magazine/4⌉, capacity −4 a point of damage).
    pub magazine: u16,
    /// Loading or unloading operations per turn.
    pub operations: u8,
    /// The missile types its load names, by the magazine's type index.
    pub types: [Munition; MAX_TYPES],
    /// How many of `types` are used.
    pub type_count: u8,
    /// The magazine at the start of a battle.
    pub load: Magazine,
}

/// What a torpedo system adds to a launcher slot (§9.2.2, §17.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TorpedoMount {
    /// Its accuracy Rating, signed allowed (SSB13 customizations).
    pub accuracy: Accuracy,
    /// Its power requirement (§17.2.2: as for direct fire weapons).
    pub power: u8,
}

impl RackMount {
    /// The accuracy it lends its weapons: a rack's bonus or a torpedo system's Rating
    /// (§7.5.3.1).
    pub const fn accuracy(&self) -> LauncherAccuracy {
        match self.torpedo {
            Some(t) => LauncherAccuracy::Torpedo(t.accuracy),
            None => LauncherAccuracy::Rack(self.rack.accuracy),
        }
    }

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
