//! The catalogue the seed leaves to the designer: the weapon table (digest G1) and ship
//! sheets (G2, G5, G6). Validated from config by [`super::config`].

use super::direct_fire::Delivery;
use super::structure::{CODES, Code};
use super::tables::{SYSTEMS, System};

/// How a weapon is mounted: which sub-table result destroys it (G11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mount {
    /// Lost to Surface Features "Turret Weapon".
    Turret,
    /// Lost to Internal Damage "Fixed Weapon".
    Fixed,
    /// Lost to Core Hit "Spinal Mount".
    Spinal,
}

/// One line of the weapon table (digest G1: the seed has no weapon table).
#[derive(Clone, Debug, PartialEq)]
pub struct WeaponProfile {
    /// Name.
    pub name: String,
    /// Direct fire, projectile or seeker.
    pub delivery: Delivery,
    /// The last range of each band, increasing.
    pub bands: Vec<i32>,
    /// The to-hit number of each band.
    pub to_hit: Vec<i32>,
    /// Structure boxes one hit removes (G2).
    pub damage: u32,
    /// Swarmer/rocket-pack column, if the weapon is a pack (its hits come from the table).
    pub pack: Option<usize>,
    /// May shoot at warheads in the point-defense phase.
    pub point_defense: bool,
    /// "Dedicated antimissile weapons ignore this modifier" (the −3 at a warhead).
    pub dedicated_antimissile: bool,
    /// The weapon table line is a placeholder, not the game's (G1 trust flag).
    pub placeholder: bool,
}

impl WeaponProfile {
    /// The to-hit number at `range`, or `None` beyond the last band.
    pub fn to_hit_at(&self, range: i32) -> Option<i32> {
        let band = self.bands.iter().position(|&b| range <= b)?;
        Some(self.to_hit[band])
    }

    /// The longest range the table gives.
    pub fn max_range(&self) -> i32 {
        self.bands.last().copied().unwrap_or(0)
    }
}

/// A weapon (or weapon bank) on a ship.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mounted {
    /// Index into the matchup's weapon table.
    pub weapon: u16,
    /// Weapons in the bank: one attack action rolls one d10 each.
    pub count: u8,
    /// Mount.
    pub mount: Mount,
}

/// A ship's drive (seed, "Target Lock" modifiers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drive {
    /// A reaction drive: +2 to lock onto it while thrusting; −2/−1 interference.
    Reaction,
    /// A reactionless drive: −1 interference in the same hex.
    Reactionless,
}

/// Most weapon banks a ship may carry.
pub const MAX_BANKS: usize = 8;

/// A ship sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct ShipDesign {
    /// Name.
    pub name: String,
    /// The structure track, in the order boxes are lost (G2).
    pub track: Vec<Code>,
    /// How many boxes of each code the track has ([`ShipDesign::count_boxes`] of `track`):
    /// read every activation, so counted once.
    pub box_counts: [u32; CODES],
    /// Fire control system rating ("FCS").
    pub fcs: i32,
    /// Target Size Modifier.
    pub size: i32,
    /// Stealth rating.
    pub stealth: i32,
    /// Drive.
    pub drive: Drive,
    /// Hexes the destination counter may move per Move action (G6).
    pub thrust: i32,
    /// Burns in the tanks (Remass).
    pub burns: i32,
    /// Warheads in the magazine (each projectile or seeker fired uses one).
    pub warheads: i32,
    /// Cargo points (Containment).
    pub cargo: i32,
    /// Long-range and short-range scanners carried.
    pub scanners: [bool; 2],
    /// How many of each sub-table system the ship has (weapons counted from its banks).
    pub systems: [u8; SYSTEMS],
    /// Weapon banks.
    pub weapons: Vec<Mounted>,
    /// Points value (for reports).
    pub points: u32,
}

impl ShipDesign {
    /// How many boxes of `code` the track has.
    pub fn boxes(&self, code: Code) -> u32 {
        self.box_counts[code as usize]
    }

    /// How many boxes of each code `track` has (the value of `box_counts`).
    pub fn count_boxes(track: &[Code]) -> [u32; CODES] {
        let mut n = [0; CODES];
        for &c in track {
            n[c as usize] += 1;
        }
        n
    }

    /// Whether the ship has a system.
    pub fn has(&self, s: System) -> bool {
        self.systems[s as usize] > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_give_the_to_hit_number() {
        let w = WeaponProfile {
            name: "laser".into(),
            delivery: Delivery::Direct,
            bands: vec![3, 6, 9],
            to_hit: vec![8, 7, 5],
            damage: 1,
            pack: None,
            point_defense: false,
            dedicated_antimissile: false,
            placeholder: true,
        };
        assert_eq!(w.to_hit_at(0), Some(8));
        assert_eq!(w.to_hit_at(3), Some(8));
        assert_eq!(w.to_hit_at(4), Some(7));
        assert_eq!(w.to_hit_at(9), Some(5));
        assert_eq!(w.to_hit_at(10), None);
        assert_eq!(w.max_range(), 9);
    }

    #[test]
    fn box_counts_count_the_track() {
        use Code::*;
        let track = [Action, Plain, Action, Remass, Plain, Plain];
        let n = ShipDesign::count_boxes(&track);
        assert_eq!(n[Action as usize], 2);
        assert_eq!(n[Plain as usize], 3);
        assert_eq!(n[Remass as usize], 1);
        assert_eq!(n.iter().sum::<u32>(), 6);
    }
}
