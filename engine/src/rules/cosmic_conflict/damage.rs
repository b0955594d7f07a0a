//! Assigning damage to Armor, Shield and Health tracks. The text's "Assigning Damage" section
//! is missing (G3): the order is a house rule; the bypass rules are the text's (ch. 6 Kinetic
//! and Shield: "an Accuracy roll greater than the undamaged value ... ignores that Component").

use super::house_rules::TrackOrder;
use super::orders::Order;
use super::ship::ShipState;

/// A packet of damage arriving at a ship.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DamagePacket {
    /// Boxes of damage (after Glance halving).
    pub amount: u32,
    /// Which track kind absorbs first.
    pub order: TrackOrder,
    /// The Accuracy compared by the bypass rules; `None` for damage without an Accuracy roll
    /// (PWS exchanges), which bypasses nothing.
    pub bypass_accuracy: Option<i32>,
    /// Kinetic weapons also bypass Armor tracks.
    pub kinetic: bool,
    /// Damage that goes straight to Health (Serious Damage, G13).
    pub health_only: bool,
}

/// What a packet did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    /// Boxes filled on all tracks.
    pub filled: u32,
    /// Health rows completed by this packet.
    pub rows_completed: u16,
    /// All Health rows are now filled.
    pub destroyed: bool,
}

/// Apply a packet. Tracks of deactivated components absorb nothing. Each Structural Damage
/// condition adds 1 when damage reaches Health ("When taking damage to Ship Health, this Ship
/// takes 1 additional damage").
pub fn apply(ship: &mut ShipState, packet: DamagePacket) -> Applied {
    let mut left = packet.amount;
    let mut filled = 0;
    if left == 0 {
        return Applied::default();
    }
    if !packet.health_only {
        let shield_first = packet.order == TrackOrder::ShieldFirst;
        for pass_shields in [shield_first, !shield_first] {
            for t in 0..usize::from(ship.n_tracks) {
                let track = ship.tracks[t];
                if track.shield != pass_shields || ship.component_off(usize::from(track.component))
                {
                    continue;
                }
                let bypassable = track.shield || packet.kinetic;
                if bypassable
                    && packet
                        .bypass_accuracy
                        .is_some_and(|a| a > i32::from(track.undamaged()))
                {
                    continue;
                }
                let take = left.min(u32::from(track.undamaged()));
                ship.tracks[t].dmg += take as u8;
                left -= take;
                filled += take;
                if left == 0 {
                    break;
                }
            }
            if left == 0 {
                break;
            }
        }
    }
    let mut rows_completed = 0;
    if left > 0 {
        left += u32::from(ship.structural);
        let before = ship.health_dmg;
        let mut after = (u32::from(before) + left).min(u32::from(ship.health_cap)) as u16;
        // Brace for Impact (ch. 8): damage that finishes a Health row does not spill on.
        if ship.command.holds(Order::BraceForImpact) {
            let row_end = (before / u16::from(ship.row_length) + 1) * u16::from(ship.row_length);
            if after > row_end {
                after = row_end;
                ship.command.reveal(Order::BraceForImpact);
            }
        }
        ship.health_dmg = after;
        filled += u32::from(after - before);
        let row = u16::from(ship.row_length);
        rows_completed = after / row - before / row;
    }
    ship.damage_taken += filled;
    Applied {
        filled,
        rows_completed,
        destroyed: ship.health_dmg == ship.health_cap,
    }
}
