//! The thrust economy (§5.1–§5.3, D6.2): engines make thrust points, thrusters only channel
//! them, each maneuver has a per-hull cost, overthrust risks damage, power can enrich an
//! engine.

use super::readings::EngineDamage;

/// A hull's thrust costs (§5.1.1, §5.1.2; the chart is on SSB2, not in the seed): thrust points
/// per hex of speed change, per facing-per-turn of pivot, per 90°-per-turn of roll or tumble,
/// per hex of slide (also maneuvered acceleration, §5.1.2.6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThrustCosts {
    /// Per hex of acceleration or deceleration.
    pub accel: i32,
    /// Per facing per turn of pivot rate.
    pub pivot: i32,
    /// Per 90° per turn of roll or tumble (§5.1.2.4: the same cost).
    pub roll: i32,
    /// Per hex of slide or of acceleration through maneuvering thrusters.
    pub slide: i32,
}

/// A hull class of the SSB2 chart (D19 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HullClass {
    /// Mass 5–6.9.
    Gunboat,
    /// Mass 7–9.9.
    Corvette,
    /// Mass 10–12.9.
    Frigate,
    /// Mass 13–15.9.
    Destroyer,
    /// Mass 16–19.9.
    LightCruiser,
    /// Mass 20–24.9.
    Cruiser,
    /// Mass 25–29.9.
    HeavyCruiser,
    /// Mass 30–34.9.
    Battlecruiser,
    /// Mass 35–39.9.
    Battleship,
    /// Mass 40–49.9.
    Dreadnought,
    /// Mass 50–59.9.
    SuperDreadnought,
}

impl HullClass {
    /// Every class, lightest first.
    pub const ALL: [HullClass; 11] = [
        HullClass::Gunboat,
        HullClass::Corvette,
        HullClass::Frigate,
        HullClass::Destroyer,
        HullClass::LightCruiser,
        HullClass::Cruiser,
        HullClass::HeavyCruiser,
        HullClass::Battlecruiser,
        HullClass::Battleship,
        HullClass::Dreadnought,
        HullClass::SuperDreadnought,
    ];

    /// The class of a Mass in tenths (`None` outside 5–59.9: small vessels, mobile bases).
    pub fn of_mass(mass: i32) -> Option<HullClass> {
        const UPPER: [i32; 11] = [69, 99, 129, 159, 199, 249, 299, 349, 399, 499, 599];
        if mass < 50 {
            return None;
        }
        UPPER
            .iter()
            .position(|&u| mass <= u)
            .map(|i| HullClass::ALL[i])
    }

    /// The thrust costs of the **default hull table** (D19 2: an outside-source SSB2 beta, not
    /// a rule of this book; the seed confirms only the frigate row — Reaper SDS 2/1/1/3 —
    /// cruiser Accel 3 (§5.2 example) and cruiser Pivot 2 (§5.1.2.1 example)). A design file
    /// may carry its own costs; this is the fallback.
    pub const fn default_costs(self) -> ThrustCosts {
        let (accel, pivot, roll, slide) = match self {
            HullClass::Gunboat | HullClass::Corvette => (1, 1, 1, 2),
            HullClass::Frigate => (2, 1, 1, 3),
            HullClass::Destroyer => (2, 1, 2, 4),
            HullClass::LightCruiser => (3, 2, 2, 5),
            HullClass::Cruiser => (3, 2, 3, 6),
            HullClass::HeavyCruiser => (4, 3, 3, 7),
            HullClass::Battlecruiser => (5, 3, 4, 8),
            HullClass::Battleship => (6, 4, 4, 9),
            HullClass::Dreadnought => (8, 5, 6, 11),
            HullClass::SuperDreadnought => (9, 6, 7, 14),
        };
        ThrustCosts {
            accel,
            pivot,
            roll,
            slide,
        }
    }

    /// The cinematic-motion cap (§5.6, optional): hexes of speed change + facings of pivot +
    /// 90° steps per turn. `frigate_cap` is the frigate/destroyer/light-cruiser row (4 in the
    /// list, 3 in the example: D19 22, house rule `cinematic_frigate_cap`).
    pub const fn cinematic_cap(self, frigate_cap: u8) -> u8 {
        match self {
            HullClass::Gunboat | HullClass::Corvette => 5,
            HullClass::Frigate | HullClass::Destroyer | HullClass::LightCruiser => frigate_cap,
            HullClass::Cruiser
            | HullClass::HeavyCruiser
            | HullClass::Battlecruiser
            | HullClass::Battleship => 3,
            HullClass::Dreadnought | HullClass::SuperDreadnought => 2,
        }
    }
}

/// Thrust an engine makes this turn (§5.2, §13.1.3): the first number of its Rating, which
/// falls with damage as the house rule `engine_damage` says (D19 42). A destroyed engine
/// makes none.
pub const fn engine_thrust(structure: i32, damage: i32, rule: EngineDamage) -> i32 {
    if damage >= structure {
        return 0;
    }
    match rule {
        EngineDamage::HalfUndamagedStructure => (structure - damage) / 2,
        EngineDamage::OnePerTwoLost => structure / 2 - damage / 2,
    }
}

/// Extra thrust bought by engine enrichment (§5.3.2): one point per `convert` power (the second
/// number of the Rating), whole points only; none from a destroyed engine.
pub const fn enrichment_thrust(power: i32, convert: i32, engine_destroyed: bool) -> i32 {
    if engine_destroyed || convert <= 0 {
        0
    } else {
        power / convert
    }
}

/// Power needed to buy `thrust` points by enrichment (§5.3.2).
pub const fn enrichment_power(thrust: i32, convert: i32) -> i32 {
    thrust * convert
}

/// The turn's thrust budget (§5.2, §5.3.2): every working engine's thrust pooled, plus the
/// enrichment bought with `power` through one engine of convert Rating `convert` (`engines` as
/// (structure, damage) pairs).
pub fn thrust_budget(engines: &[(i32, i32)], rule: EngineDamage, power: i32, convert: i32) -> i32 {
    let base: i32 = engines
        .iter()
        .map(|&(s, d)| engine_thrust(s, d, rule))
        .sum();
    let working = engines.iter().any(|&(s, d)| d < s);
    base + enrichment_thrust(power, convert, !working)
}

/// A thruster's channel Rating (§5.1, §13.1.3 thrusters): floor(undamaged structure / 2)
/// (the Reaper's forward thruster, structure 8 → 4; F/P, structure 6 → 3).
pub const fn channel_rating(structure: i32, damage: i32) -> i32 {
    if damage >= structure {
        0
    } else {
        (structure - damage) / 2
    }
}

/// The most whole hexes of speed change a budget allows (§5.2 example: engine 10, four aft
/// thrusters of 3, cost 3 → 3 hexes): limited by the engine thrust and by what the thrusters
/// can channel without overthrust.
pub const fn max_speed_change(thrust: i32, channel_total: i32, accel_cost: i32) -> i32 {
    if accel_cost <= 0 {
        return 0;
    }
    let usable = if thrust < channel_total {
        thrust
    } else {
        channel_total
    };
    usable / accel_cost
}

/// One thruster's load this turn: its Rating and the thrust channelled through it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Channel {
    /// Channel Rating (0 if destroyed).
    pub rating: i32,
    /// Thrust sent through it this turn.
    pub load: i32,
    /// Whether it is destroyed (a destroyed thruster channels nothing, not even overthrust).
    pub destroyed: bool,
}

impl Channel {
    /// Thrust beyond the Rating (§5.3.1).
    pub const fn overthrust(&self) -> i32 {
        if self.load > self.rating {
            self.load - self.rating
        } else {
            0
        }
    }
}

/// Send `thrust` through a bank of thrusters on one side (§5.1.1: "the distribution does not
/// have to be balanced"): fill each working thruster up to its Rating in order, then put any
/// excess on the first working thruster as overthrust (§5.3.1). Returns `false` (and loads
/// nothing) when no thruster of the bank works. Which thruster takes the excess is a player's
/// decision; this is the simplest one.
pub fn route(thrust: i32, bank: &mut [Channel]) -> bool {
    let Some(first) = bank.iter().position(|c| !c.destroyed) else {
        return thrust == 0;
    };
    let mut left = thrust;
    for c in bank.iter_mut().filter(|c| !c.destroyed) {
        let take = left.min((c.rating - c.load).max(0));
        c.load += take;
        left -= take;
    }
    bank[first].load += left;
    true
}

/// Damage an overthrusted thruster takes in the Damage Effects Step (§5.3.1): roll 2d6 + the
/// overthrust; 10–12 → 1 point, 13+ → 2 points, else none. `two_d6` is the natural roll.
pub const fn overthrust_damage(two_d6: i32, overthrust: i32) -> i32 {
    if overthrust <= 0 {
        return 0;
    }
    match two_d6 + overthrust {
        13.. => 2,
        10..=12 => 1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hull_table_matches_the_seed_where_it_speaks() {
        // Reaper SDS (Mass 12.7): Accel 2, Pivot 1, Roll/Tumble 1, Slide 3.
        let f = HullClass::of_mass(127).unwrap();
        assert_eq!(f, HullClass::Frigate);
        assert_eq!(
            f.default_costs(),
            ThrustCosts {
                accel: 2,
                pivot: 1,
                roll: 1,
                slide: 3
            }
        );
        // §5.2 example: cruiser Accel 3; §5.1.2.1 example: cruiser Pivot 2.
        let c = HullClass::Cruiser.default_costs();
        assert_eq!((c.accel, c.pivot), (3, 2));
        assert_eq!(HullClass::of_mass(49), None);
        assert_eq!(HullClass::of_mass(50), Some(HullClass::Gunboat));
        assert_eq!(HullClass::of_mass(599), Some(HullClass::SuperDreadnought));
        assert_eq!(HullClass::of_mass(600), None);
    }

    /// §5.2 example: a cruiser with four aft thrusters of Rating 3 and an engine of 10, cost 3
    /// per hex: at most 3 hexes of acceleration (9 thrust).
    #[test]
    fn example_5_2_cruiser_accelerates_at_most_three() {
        let cost = HullClass::Cruiser.default_costs().accel;
        assert_eq!(max_speed_change(10, 4 * 3, cost), 3);
    }

    /// §5.3.2 example: an engine rated 6/2 with 2 extra power makes 7 thrust.
    #[test]
    fn example_5_3_2_enrichment_6_2() {
        assert_eq!(engine_thrust(12, 0, EngineDamage::default()), 6);
        assert_eq!(6 + enrichment_thrust(2, 2, false), 7);
        assert_eq!(enrichment_thrust(3, 2, false), 1);
        assert_eq!(enrichment_thrust(4, 2, true), 0);
        assert_eq!(enrichment_power(1, 2), 2);
    }

    /// D19 42: a structure-8 engine with 1 damage makes 3 by §13.1.3 (default), 4 by §5.2.
    #[test]
    fn engine_damage_readings_differ_after_odd_damage() {
        assert_eq!(engine_thrust(8, 1, EngineDamage::HalfUndamagedStructure), 3);
        assert_eq!(engine_thrust(8, 1, EngineDamage::OnePerTwoLost), 4);
        for d in [0, 2, 4, 6] {
            assert_eq!(
                engine_thrust(8, d, EngineDamage::HalfUndamagedStructure),
                engine_thrust(8, d, EngineDamage::OnePerTwoLost)
            );
        }
        assert_eq!(engine_thrust(8, 8, EngineDamage::OnePerTwoLost), 0);
    }

    /// Reaper SDS: forward/aft thrusters structure 8 → channel 4; F/P, F/S 6 → 3.
    #[test]
    fn reaper_thruster_channels() {
        assert_eq!(channel_rating(8, 0), 4);
        assert_eq!(channel_rating(6, 0), 3);
        assert_eq!(channel_rating(6, 1), 2);
        assert_eq!(channel_rating(6, 6), 0);
    }

    /// §5.1.1 example: 6 thrust through paired thrusters may go 3-3, 4-2, 5-1 or 6-0 "as long
    /// as the thruster(s) can handle that amount"; `route` fills in order.
    #[test]
    fn example_5_1_1_paired_thrusters() {
        let mut bank = [
            Channel {
                rating: 6,
                ..Channel::default()
            },
            Channel {
                rating: 6,
                ..Channel::default()
            },
        ];
        assert!(route(6, &mut bank));
        assert_eq!((bank[0].load, bank[1].load), (6, 0));
        let mut bank = [
            Channel {
                rating: 4,
                ..Channel::default()
            },
            Channel {
                rating: 3,
                ..Channel::default()
            },
        ];
        assert!(route(6, &mut bank));
        assert_eq!((bank[0].load, bank[1].load), (4, 2));
        // Beyond the bank's total the excess is overthrust on the first working thruster.
        let mut bank = [
            Channel {
                rating: 4,
                destroyed: true,
                ..Channel::default()
            },
            Channel {
                rating: 3,
                ..Channel::default()
            },
        ];
        assert!(route(5, &mut bank));
        assert_eq!((bank[1].load, bank[1].overthrust()), (5, 2));
        let mut dead = [Channel {
            destroyed: true,
            ..Channel::default()
        }];
        assert!(!route(1, &mut dead));
        assert!(route(0, &mut dead));
    }

    /// §5.3.1, exact enumeration over 2d6: P(1 damage), P(2 damage) in 36ths by overthrust.
    #[test]
    fn overthrust_damage_odds_enumerated() {
        let odds = |excess: i32| {
            let mut n = [0; 3];
            for a in 1..=6 {
                for b in 1..=6 {
                    n[overthrust_damage(a + b, excess) as usize] += 1;
                }
            }
            n
        };
        assert_eq!(odds(0), [36, 0, 0]);
        // Excess 1: totals 10–12 ↔ 2d6 9–11 (4+3+2 = 9), 13 ↔ 12 (1).
        assert_eq!(odds(1), [26, 9, 1]);
        // Excess 3: 2d6 7–9 (6+5+4 = 15) → 1; 10–12 (3+2+1 = 6) → 2.
        assert_eq!(odds(3), [15, 15, 6]);
        assert_eq!(odds(11), [0, 0, 36]);
    }

    /// The Reaper's engine (structure 8, Rating 4/2): 4 thrust, 5 with 2 power of enrichment.
    /// Exact enumeration of the plans its budget buys (frigate costs: accel 2, pivot 1): the
    /// (accel hexes, pivot facings) pairs with 2·a + p ≤ budget.
    #[test]
    fn reaper_thrust_budget_and_its_plans() {
        let rule = EngineDamage::default();
        assert_eq!(thrust_budget(&[(8, 0)], rule, 0, 2), 4);
        assert_eq!(thrust_budget(&[(8, 0)], rule, 2, 2), 5);
        assert_eq!(thrust_budget(&[(8, 8)], rule, 4, 2), 0);
        let c = HullClass::Frigate.default_costs();
        let count = |budget: i32| {
            let mut n = 0;
            for a in 0..=10 {
                for p in 0..=10 {
                    if a * c.accel + p * c.pivot <= budget {
                        n += 1;
                    }
                }
            }
            n
        };
        // Budget 4: a = 0 → p 0..4 (5), a = 1 → p 0..2 (3), a = 2 → p 0 (1).
        assert_eq!(count(4), 9);
        assert_eq!(count(5), 12);
    }

    #[test]
    fn cinematic_caps() {
        assert_eq!(HullClass::Frigate.cinematic_cap(4), 4);
        assert_eq!(HullClass::Frigate.cinematic_cap(3), 3);
        assert_eq!(HullClass::Cruiser.cinematic_cap(4), 3);
        assert_eq!(HullClass::Dreadnought.cinematic_cap(4), 2);
        assert_eq!(HullClass::Gunboat.cinematic_cap(4), 5);
    }
}
