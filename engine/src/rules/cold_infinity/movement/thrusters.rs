//! Putting a maneuver plan on a ship's actual thrusters (§5.1, §5.1.2.5, §5.3.1): which
//! thrusters may channel each part of the plan, the load on each, and the overthrust the Damage
//! Effects Step rolls for. Basic placement (fore, aft, port, starboard) and the four-thruster
//! placement (F/P, F/S, A/P, A/S, as on the Reaper's SDS) both work.

use super::maneuvers::{ManeuverPlan, Quarter};
use super::thrust::{Channel, ThrustCosts};

/// Where a thruster sits and so what it can do (§5.1, §5.1.2.5): the design's role. An
/// omni-directional thruster (§5.8.2) is not routed here yet.
pub use crate::rules::cold_infinity::design::ThrusterRole;

impl ThrusterRole {
    const fn is_port(self) -> bool {
        matches!(
            self,
            ThrusterRole::Port | ThrusterRole::ForePort | ThrusterRole::AftPort
        )
    }

    const fn is_starboard(self) -> bool {
        matches!(
            self,
            ThrusterRole::Starboard | ThrusterRole::ForeStarboard | ThrusterRole::AftStarboard
        )
    }

    /// Pivots the ship clockwise in its own frame (§5.1.2.1, §5.1.2.5).
    const fn pivots_clockwise(self) -> bool {
        matches!(
            self,
            ThrusterRole::Port | ThrusterRole::ForePort | ThrusterRole::AftStarboard
        )
    }

    /// Pivots the ship counter-clockwise in its own frame.
    const fn pivots_counter_clockwise(self) -> bool {
        matches!(
            self,
            ThrusterRole::Starboard | ThrusterRole::ForeStarboard | ThrusterRole::AftPort
        )
    }

    const fn is_maneuvering(self) -> bool {
        !matches!(self, ThrusterRole::Fore | ThrusterRole::Aft)
    }
}

/// One thruster: where it is and its load this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thruster {
    /// Position and job.
    pub role: ThrusterRole,
    /// Rating and load.
    pub channel: Channel,
}

/// A part of a plan no working thruster can channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unchannelled {
    /// Acceleration (aft thrusters) or deceleration (fore).
    Acceleration,
    /// The pivot.
    Pivot,
    /// The roll.
    Roll,
    /// The tumble (needs a fore or aft pair of the four-thruster placement).
    Tumble,
    /// The slide.
    Slide,
    /// Acceleration through the maneuvering thrusters.
    ManeuveredAcceleration,
}

/// Headroom of the working thrusters a predicate selects.
fn headroom(bank: &[Thruster], pick: impl Fn(ThrusterRole) -> bool) -> i32 {
    bank.iter()
        .filter(|t| !t.channel.destroyed && pick(t.role))
        .map(|t| (t.channel.rating - t.channel.load).max(0))
        .sum()
}

/// Send `thrust` through the selected thrusters: fill each to its Rating in bank order, the rest
/// as overthrust on the first selected working one (§5.1.1, §5.3.1).
fn route_where(thrust: i32, bank: &mut [Thruster], pick: impl Fn(ThrusterRole) -> bool) -> bool {
    if thrust == 0 {
        return true;
    }
    let mut first = None;
    let mut left = thrust;
    for (i, t) in bank.iter_mut().enumerate() {
        if t.channel.destroyed || !pick(t.role) {
            continue;
        }
        first.get_or_insert(i);
        let take = left.min((t.channel.rating - t.channel.load).max(0));
        t.channel.load += take;
        left -= take;
    }
    match first {
        Some(i) => {
            bank[i].channel.load += left;
            true
        }
        None => false,
    }
}

/// Load a plan onto the thrusters (§5.1, §5.1.2.5, §5.4.2): acceleration on the aft thrusters,
/// deceleration on the fore; a pivot on the thrusters that turn the ship that way (mirrored
/// when flipped 180°, §5.4.2.2); a roll on one side's thrusters, a tumble on the fore or aft
/// pair, whichever has more headroom (ties: port, fore — a player's choice); a slide on the side
/// opposite its direction (§5.4.2.3); maneuvered acceleration on any maneuvering thrusters
/// (§5.1.2.6). Loads add to what the bank already carries. Deflection vanes and
/// omni-directional thrusters (§5.1.1.1, §5.8.2) are not modelled yet.
pub fn load(
    plan: &ManeuverPlan,
    costs: &ThrustCosts,
    roll: Quarter,
    bank: &mut [Thruster],
) -> Result<(), Unchannelled> {
    use ThrusterRole::*;
    let accel = plan.accel.abs() * costs.accel;
    let forward = plan.accel > 0;
    if !route_where(accel, bank, |r| r == if forward { Aft } else { Fore }) {
        return Err(Unchannelled::Acceleration);
    }
    // A non-inertial turn's extra thrust goes through any acceleration thruster (§5.8.1).
    let turn = if plan.non_inertial {
        super::vector::non_inertial_turn_cost(costs.accel)
    } else {
        0
    };
    if !route_where(turn, bank, |r| matches!(r, Fore | Aft)) {
        return Err(Unchannelled::Acceleration);
    }
    // A clockwise pivot on the map is clockwise in the ship's frame unless flipped.
    let cw = (plan.pivot > 0) != roll.is_flipped();
    let pivot = plan.pivot.abs() * costs.pivot;
    let ok = if cw {
        route_where(pivot, bank, ThrusterRole::pivots_clockwise)
    } else {
        route_where(pivot, bank, ThrusterRole::pivots_counter_clockwise)
    };
    if !ok {
        return Err(Unchannelled::Pivot);
    }
    let rolling = plan.roll.abs() * costs.roll;
    let port_side =
        headroom(bank, ThrusterRole::is_port) >= headroom(bank, ThrusterRole::is_starboard);
    let ok = if port_side {
        route_where(rolling, bank, ThrusterRole::is_port)
    } else {
        route_where(rolling, bank, ThrusterRole::is_starboard)
    };
    if !ok {
        return Err(Unchannelled::Roll);
    }
    let tumbling = plan.tumble.abs() * costs.roll;
    let fore_pair = |r| matches!(r, ForePort | ForeStarboard);
    let aft_pair = |r| matches!(r, AftPort | AftStarboard);
    let ok = if headroom(bank, fore_pair) >= headroom(bank, aft_pair) {
        route_where(tumbling, bank, fore_pair)
    } else {
        route_where(tumbling, bank, aft_pair)
    };
    if !ok {
        return Err(Unchannelled::Tumble);
    }
    let slide = plan.slide.abs() * costs.slide;
    let ok = if plan.slide > 0 {
        route_where(slide, bank, ThrusterRole::is_port)
    } else {
        route_where(slide, bank, ThrusterRole::is_starboard)
    };
    if !ok {
        return Err(Unchannelled::Slide);
    }
    let pushed = plan.maneuvered_accel.abs() * costs.slide;
    if !route_where(pushed, bank, ThrusterRole::is_maneuvering) {
        return Err(Unchannelled::ManeuveredAcceleration);
    }
    Ok(())
}

/// Clear the loads at the start of a turn.
pub fn clear(bank: &mut [Thruster]) {
    for t in bank.iter_mut() {
        t.channel.load = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::super::thrust::{HullClass, channel_rating, overthrust_damage};
    use super::*;
    use ThrusterRole::*;

    /// The Reaper's thrusters (D1 SDS): fore and aft structure 8 (channel 4), F/P, F/S, A/P,
    /// A/S structure 6 (channel 3).
    fn reaper() -> [Thruster; 6] {
        let t = |role, structure| Thruster {
            role,
            channel: Channel {
                rating: channel_rating(structure, 0),
                load: 0,
                destroyed: false,
            },
        };
        [
            t(Fore, 8),
            t(ForePort, 6),
            t(ForeStarboard, 6),
            t(Aft, 8),
            t(AftPort, 6),
            t(AftStarboard, 6),
        ]
    }

    fn loads(bank: &[Thruster]) -> [i32; 6] {
        core::array::from_fn(|i| bank[i].channel.load)
    }

    #[test]
    fn reaper_plans_on_its_thrusters() {
        let c = HullClass::Frigate.default_costs();
        let mut bank = reaper();
        // Accelerate 2 (4 thrust) and pivot 1 clockwise (1): aft 4, F/P 1.
        let plan = ManeuverPlan {
            accel: 2,
            pivot: 1,
            ..ManeuverPlan::default()
        };
        assert_eq!(load(&plan, &c, Quarter(0), &mut bank), Ok(()));
        assert_eq!(loads(&bank), [0, 1, 0, 4, 0, 0]);
        // Decelerate 1 and pivot counter-clockwise 1: fore 2, F/S 1.
        clear(&mut bank);
        let plan = ManeuverPlan {
            accel: -1,
            pivot: -1,
            ..ManeuverPlan::default()
        };
        load(&plan, &c, Quarter(0), &mut bank).unwrap();
        assert_eq!(loads(&bank), [2, 0, 1, 0, 0, 0]);
        // Slide 1 to starboard (3): the port side, F/P first.
        clear(&mut bank);
        let plan = ManeuverPlan {
            slide: 1,
            ..ManeuverPlan::default()
        };
        load(&plan, &c, Quarter(0), &mut bank).unwrap();
        assert_eq!(loads(&bank), [0, 3, 0, 0, 0, 0]);
        // Tumble 1 (cost 1): the fore pair.
        clear(&mut bank);
        let plan = ManeuverPlan {
            tumble: 1,
            ..ManeuverPlan::default()
        };
        load(&plan, &c, Quarter(0), &mut bank).unwrap();
        assert_eq!(loads(&bank), [0, 1, 0, 0, 0, 0]);
    }

    /// §5.3.1: pushing 6 through the Reaper's aft thruster (channel 4) overthrusts it by 2; it
    /// then takes 1 damage on 2d6 8–10 and 2 on 11–12 in the Damage Effects Step.
    #[test]
    fn reaper_overthrust() {
        let c = HullClass::Frigate.default_costs();
        let mut bank = reaper();
        let plan = ManeuverPlan {
            accel: 3,
            ..ManeuverPlan::default()
        };
        load(&plan, &c, Quarter(0), &mut bank).unwrap();
        assert_eq!(bank[3].channel.overthrust(), 2);
        assert_eq!(overthrust_damage(7, 2), 0);
        assert_eq!(overthrust_damage(8, 2), 1);
        assert_eq!(overthrust_damage(11, 2), 2);
    }

    /// Lost thrusters: with the aft thruster gone the ship cannot accelerate; with F/P and A/S
    /// gone it cannot pivot clockwise — until it rolls 180° (§5.4.2.2), when the F/S and A/P
    /// thrusters turn it clockwise on the map.
    #[test]
    fn lost_thrusters_and_the_180_roll() {
        let c = HullClass::Frigate.default_costs();
        let mut bank = reaper();
        bank[3].channel.destroyed = true;
        let plan = ManeuverPlan {
            accel: 1,
            ..ManeuverPlan::default()
        };
        assert_eq!(
            load(&plan, &c, Quarter(0), &mut bank),
            Err(Unchannelled::Acceleration)
        );
        let mut bank = reaper();
        bank[1].channel.destroyed = true;
        bank[5].channel.destroyed = true;
        let cw = ManeuverPlan {
            pivot: 1,
            ..ManeuverPlan::default()
        };
        assert_eq!(
            load(&cw, &c, Quarter(0), &mut bank),
            Err(Unchannelled::Pivot)
        );
        assert_eq!(load(&cw, &c, Quarter(2), &mut bank), Ok(()));
        assert_eq!(bank[2].channel.load, 1);
    }

    /// §5.1.2.5 example (SSB35 chart): a forward tumble is made by the fore/port and
    /// fore/starboard thrusters together (the "G" blocks); a roll to port by fore/port and
    /// aft/port together (the "C" blocks).
    #[test]
    fn example_5_1_2_5_tumble_fore_and_roll_port_pairs() {
        let c = HullClass::Cruiser.default_costs(); // roll/tumble cost 3
        let mut bank = reaper();
        for t in bank.iter_mut() {
            t.channel.rating = 1;
        }
        let tumble = ManeuverPlan {
            tumble: 1,
            ..ManeuverPlan::default()
        };
        load(&tumble, &c, Quarter(0), &mut bank).unwrap();
        assert_eq!(loads(&bank), [0, 2, 1, 0, 0, 0]);
        clear(&mut bank);
        let roll = ManeuverPlan {
            roll: 1,
            ..ManeuverPlan::default()
        };
        load(&roll, &c, Quarter(0), &mut bank).unwrap();
        assert_eq!(loads(&bank), [0, 2, 0, 0, 1, 0]);
    }

    /// Basic placement (port and starboard only) cannot tumble (§5.1.2.5).
    #[test]
    fn basic_placement_cannot_tumble() {
        let c = HullClass::Frigate.default_costs();
        let t = |role| Thruster {
            role,
            channel: Channel {
                rating: 3,
                load: 0,
                destroyed: false,
            },
        };
        let mut bank = [t(Fore), t(Aft), t(Port), t(Starboard)];
        let roll = ManeuverPlan {
            roll: 1,
            ..ManeuverPlan::default()
        };
        assert_eq!(load(&roll, &c, Quarter(0), &mut bank), Ok(()));
        let tumble = ManeuverPlan {
            tumble: 1,
            ..ManeuverPlan::default()
        };
        assert_eq!(
            load(&tumble, &c, Quarter(0), &mut bank),
            Err(Unchannelled::Tumble)
        );
    }
}
