//! Flight and arrival (§9.1, §9.2.3): in the Guided Weapons Phase a missile or torpedo strikes
//! only if its target is within its maximum range of its marker and in line of sight of it; a
//! drone instead travels each turn, at the end of the Movement Step, toward its target.

use super::launch::Flight;
use crate::hex::Hex;

/// The line of sight from a guided weapon's marker to its target, from the battle
/// (`line_of_sight::has_line_of_sight` from the marker's hex).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sight {
    /// The target is in sight.
    Clear,
    /// Blocked by a unit hostile to the launcher (index).
    BlockedByEnemy(u8),
    /// Blocked by anything else (a unit of the launcher's side).
    Blocked,
}

/// What happens to a missile or torpedo in the Guided Weapons Phase (§9.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrival {
    /// It may roll to hit its target (after intercepts and specialized defences).
    Strikes,
    /// Its line of sight is blocked by an enemy: it locks onto that unit and strikes it "as if
    /// the new target were the original target" (§9.1).
    Retargets(u8),
    /// The target is beyond its maximum range: it deactivates (§9.0, §9.1).
    OutOfRange,
    /// No line of sight, not blocked by an enemy: it fails to reach its target (§9.1).
    NoSight,
}

/// The §9.1 conditions for a missile or torpedo. `range` is from its marker (the launch hex)
/// to the target's counter now, after movement.
pub const fn arrival(f: &Flight, range: u16, sight: Sight) -> Arrival {
    if range > f.max_range {
        return Arrival::OutOfRange;
    }
    match sight {
        Sight::Clear => Arrival::Strikes,
        Sight::BlockedByEnemy(u) => Arrival::Retargets(u),
        Sight::Blocked => Arrival::NoSight,
    }
}

/// A drone's move at the end of the Movement Step (§9.2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DroneMove {
    /// It entered its target's hex: it rolls to hit like a guided weapon.
    Arrived,
    /// Still on its way.
    Moving,
    /// It reached the hex where it last saw its target without seeing it again: it deactivates.
    Lost,
    /// Its maximum range is used up (what happens then is unstated; D10: it is removed).
    Spent,
}

/// Moves a drone up to its speed, by the shortest route (the hex line), toward its target's
/// hex — or, out of sight, toward the hex where it last saw it — without exceeding its maximum
/// range (§9.2.3). Drones have no facing.
pub fn move_drone(f: &mut Flight, target_hex: Hex, sees_target: bool) -> DroneMove {
    if sees_target {
        f.heading_to = target_hex;
    }
    let left = f.max_range.saturating_sub(f.travelled);
    let dist = f.pos.distance(f.heading_to) as u16;
    let steps = u16::from(f.munition.drone_speed).min(left).min(dist);
    if steps > 0 {
        let (next, _) = f
            .pos
            .line_to(f.heading_to)
            .nth(usize::from(steps))
            .unwrap_or((f.heading_to, f.heading_to));
        f.pos = next;
        f.travelled += steps;
    }
    if f.pos == target_hex {
        DroneMove::Arrived
    } else if f.pos == f.heading_to && !sees_target {
        DroneMove::Lost
    } else if f.travelled >= f.max_range {
        DroneMove::Spent
    } else {
        DroneMove::Moving
    }
}

#[cfg(test)]
mod tests {
    use super::super::launch::{Flight, LauncherAccuracy};
    use super::super::types::Munition;
    use super::*;
    use crate::rules::cold_infinity::design::DamageDice;

    fn flight(drone_speed: u8, max_range: u16) -> Flight {
        let mut m = Munition::missile(DamageDice::new(2, 6, 0), 10, 1);
        m.drone_speed = drone_speed;
        Flight {
            munition: m,
            owner: 0,
            target: 1,
            launch_hex: Hex::new(0, 0),
            pos: Hex::new(0, 0),
            heading_to: Hex::new(0, 0),
            travelled: 0,
            max_range,
            accuracy: LauncherAccuracy::Rack(0),
        }
    }

    /// §9.1: within max range and in sight → strikes; an enemy blocker becomes the target;
    /// otherwise it fails.
    #[test]
    fn missile_arrival() {
        let f = flight(0, 30);
        assert_eq!(arrival(&f, 30, Sight::Clear), Arrival::Strikes);
        assert_eq!(arrival(&f, 31, Sight::Clear), Arrival::OutOfRange);
        assert_eq!(
            arrival(&f, 12, Sight::BlockedByEnemy(4)),
            Arrival::Retargets(4)
        );
        assert_eq!(arrival(&f, 12, Sight::Blocked), Arrival::NoSight);
        assert_eq!(
            arrival(&f, 40, Sight::BlockedByEnemy(4)),
            Arrival::OutOfRange
        );
    }

    /// §9.2.3: a speed-4 drone closes 4 hexes a turn along the shortest route and arrives in
    /// the target's hex.
    #[test]
    fn drone_closes_and_arrives() {
        let mut f = flight(4, 20);
        let target = Hex::new(10, 0);
        assert_eq!(move_drone(&mut f, target, true), DroneMove::Moving);
        assert_eq!((f.pos, f.travelled), (Hex::new(4, 0), 4));
        assert_eq!(move_drone(&mut f, target, true), DroneMove::Moving);
        assert_eq!(move_drone(&mut f, target, true), DroneMove::Arrived);
        assert_eq!((f.pos, f.travelled), (target, 10));
    }

    /// §9.2.3: out of sight it heads for the last seen hex and deactivates there unless it
    /// sees the target again; it stops when its maximum range is used up.
    #[test]
    fn drone_lost_and_spent() {
        let mut f = flight(4, 20);
        assert_eq!(move_drone(&mut f, Hex::new(3, 0), true), DroneMove::Arrived);
        let mut f = flight(4, 20);
        assert_eq!(move_drone(&mut f, Hex::new(6, 0), true), DroneMove::Moving);
        // The target moves on, unseen: the drone goes to (6, 0) and is lost there.
        assert_eq!(move_drone(&mut f, Hex::new(9, 0), false), DroneMove::Lost);
        assert_eq!(f.pos, Hex::new(6, 0));
        let mut f = flight(4, 6);
        assert_eq!(move_drone(&mut f, Hex::new(20, 0), true), DroneMove::Moving);
        assert_eq!(move_drone(&mut f, Hex::new(20, 0), true), DroneMove::Spent);
        assert_eq!(f.travelled, 6);
    }
}
