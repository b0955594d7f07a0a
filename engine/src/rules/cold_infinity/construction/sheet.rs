//! A ship's construction sheet: every costed item of a design in one list, as a config would
//! give it, and the ship's figures from it (§16.4's building sequence in one call). Built once
//! per design (it allocates), never per battle.

use super::super::arcs::ArcShape;
use super::cost::{BuildError, Built, Cp, MassCenti};
use super::guided::{
    MissileTypeBuild, TorpedoBuild, missile_rack, missile_type_per_20, missiles, reload_rack,
    torpedo,
};
use super::readings::Readings;
use super::ship::{ShipCost, ShipWide, cost_ship, hull_of};
use super::systems::{
    amrs, armor, ars, bridge, cargo_hold, chaff, engine, fire_brigades, fitted, flares, hangar,
    hull_structure, launch_tubes, stated, stealth, thruster,
};
use super::weapons::{DirectFireBuild, direct_fire, weapon_mass};

/// One costed item of a design (§16.4). Where the book's schedule is lost the figures are design
/// data (`Stated`, `cp`, `base_cp`, `schedules_cp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// A system priced on a lost sheet (reactor, sensors, ESS, shields, trans-light, …).
    Stated {
        /// CP.
        cp: u32,
        /// Mass in hundredths.
        mass: MassCenti,
        /// Structure.
        structure: u16,
        /// Power requirement.
        power: u16,
    },
    /// One section's hull structure (§16.4.9).
    Hull(u16),
    /// One section's armor (§16.4.3; its CP from SSB6 as data).
    Armor {
        /// Points.
        points: u8,
        /// CP.
        cp: u32,
    },
    /// A direct-fire weapon designed by §17.1, fitted with its arc (§16.4.1).
    Weapon {
        /// The design.
        build: DirectFireBuild,
        /// Its arc.
        arc: ArcShape,
    },
    /// A pre-generated weapon (Weapon Systems Book): its CP, power and structure as printed;
    /// Mass by §17.1.3; the arc surcharge on top (§16.4.1).
    Pregenerated {
        /// CP without the arc.
        cp: u32,
        /// Power requirement.
        power: u16,
        /// Structure.
        structure: u16,
        /// Its arc.
        arc: ArcShape,
    },
    /// A missile rack (§17.2.1) with its arc.
    MissileRack {
        /// SSB24 schedule CP (data).
        schedules_cp: u32,
        /// Magazine.
        magazine: u16,
        /// Arc.
        arc: ArcShape,
    },
    /// Missiles loaded (munitions paid separately, §16.4.1).
    Missiles {
        /// The type.
        kind: MissileTypeBuild,
        /// How many.
        count: u16,
    },
    /// A torpedo system (§17.2.2) with its arc.
    Torpedo {
        /// The design.
        build: TorpedoBuild,
        /// Arc.
        arc: ArcShape,
    },
    /// A reload rack (§17.2.3).
    ReloadRack {
        /// Operations per turn.
        operations: u8,
        /// Magazine.
        magazine: u16,
    },
    /// A thruster (§16.4.12).
    Thruster {
        /// SSB10 base CP (data).
        base_cp: u32,
        /// Channel Rating.
        channel: u8,
        /// Non-inertial.
        non_inertial: bool,
    },
    /// An engine (§16.4.11; CP from SSB10 as data).
    Engine {
        /// CP.
        cp: u32,
        /// Structure.
        structure: u16,
    },
    /// The bridge (§16.4.6): its level at least the ship's highest.
    Bridge {
        /// SSB3 base CP (data).
        base_cp: u32,
        /// Its technology level.
        tl: u8,
        /// Structure.
        structure: u16,
        /// Mass (data).
        mass: MassCenti,
    },
    /// An automatic repair system (§16.4.7.1).
    Ars {
        /// Repair points.
        points: u8,
        /// Technology level.
        tl: u8,
        /// Structure (data).
        structure: u16,
        /// Mass (data).
        mass: MassCenti,
    },
    /// Fire brigades (at most the bridge's level).
    FireBrigades(u8),
    /// An AMRS of RoF 1, 2 or 4.
    Amrs(u8),
    /// A chaff system of Rating 1..=4.
    Chaff(u8),
    /// A flare system of Rating 2, 4 or 6.
    Flares(u8),
    /// A hangar or external launcher (§16.4.5.1–2).
    Hangar {
        /// SSB3 base CP (data).
        base_cp: u32,
        /// Operations per turn.
        operations: u8,
        /// A launcher that can also recover craft.
        recovers: bool,
        /// Bays.
        bays: u16,
        /// Launch arc.
        arc: ArcShape,
    },
    /// Launch tubes on one hangar (§16.4.5.5).
    LaunchTubes(u8),
    /// A cargo hold (§16.4.5.3).
    Cargo {
        /// SSB3 base CP (data).
        base_cp: u32,
        /// Containers.
        containers: u16,
        /// Mass (data).
        mass: MassCenti,
    },
    /// Stealth capability (§16.7.7): 20 × the total silhouette the Mass sets.
    Stealth,
}

/// The ship's highest system technology level, for the bridge (§16.4.6).
fn highest_tl(items: &[Item], r: &Readings) -> Result<u8, BuildError> {
    let mut tl = 1;
    for it in items {
        let t = match *it {
            Item::Weapon { build, .. } => direct_fire(&build, r)?.tl,
            Item::Torpedo { build, .. } => torpedo(&build, r)?.tl,
            Item::MissileRack {
                schedules_cp,
                magazine,
                ..
            } => missile_rack(schedules_cp, magazine).tl,
            Item::Ars { tl, .. } => tl,
            _ => 0,
        };
        tl = tl.max(t);
    }
    Ok(tl)
}

/// Builds one item (all but `Stealth`, which needs the Mass).
fn build(
    item: Item,
    sections: u8,
    ship_tl: u8,
    bridge_tl: u8,
    r: &Readings,
) -> Result<Built, BuildError> {
    Ok(match item {
        Item::Stated {
            cp,
            mass,
            structure,
            power,
        } => stated(cp, mass, structure, power),
        Item::Hull(points) => hull_structure(points),
        Item::Armor { points, cp } => armor(points, cp),
        Item::Weapon { build, arc } => fitted(direct_fire(&build, r)?, arc, r),
        Item::Pregenerated {
            cp,
            power,
            structure,
            arc,
        } => fitted(
            Built {
                cp: Cp::whole(i64::from(cp)),
                mass: weapon_mass(power, structure),
                structure,
                power,
                tl: 0,
            },
            arc,
            r,
        ),
        Item::MissileRack {
            schedules_cp,
            magazine,
            arc,
        } => fitted(missile_rack(schedules_cp, magazine), arc, r),
        Item::Missiles { kind, count } => missiles(missile_type_per_20(&kind), count),
        Item::Torpedo { build, arc } => fitted(torpedo(&build, r)?, arc, r),
        Item::ReloadRack {
            operations,
            magazine,
        } => reload_rack(operations, magazine),
        Item::Thruster {
            base_cp,
            channel,
            non_inertial,
        } => thruster(base_cp, channel, non_inertial),
        Item::Engine { cp, structure } => engine(cp, structure)?,
        Item::Bridge {
            base_cp,
            tl,
            structure,
            mass,
        } => bridge(base_cp, tl, ship_tl, structure, mass),
        Item::Ars {
            points,
            tl,
            structure,
            mass,
        } => ars(points, tl, structure, mass),
        Item::FireBrigades(n) => fire_brigades(n, bridge_tl)?,
        Item::Amrs(rof) => amrs(rof)?,
        Item::Chaff(rating) => chaff(rating)?,
        Item::Flares(rating) => flares(rating)?,
        Item::Hangar {
            base_cp,
            operations,
            recovers,
            bays,
            arc,
        } => hangar(base_cp, operations, recovers, bays, sections, arc, r)?,
        Item::LaunchTubes(n) => launch_tubes(n, r),
        Item::Cargo {
            base_cp,
            containers,
            mass,
        } => cargo_hold(base_cp, containers, sections, mass)?,
        Item::Stealth => Built::default(),
    })
}

/// Costs a whole sheet (§16.1–16.4.15): every item built, the bridge at the ship's highest
/// level or above, stealth priced from the hull the Mass sets, then [`cost_ship`]. `sections` is
/// the design's section count (hangar and cargo limits); the result's hull says whether the Mass
/// agrees (`ship::check_design`).
pub fn cost_sheet(
    items: &[Item],
    sections: u8,
    wide: &ShipWide,
    r: &Readings,
) -> Result<ShipCost, BuildError> {
    let ship_tl = highest_tl(items, r)?;
    let bridge_tl = items
        .iter()
        .find_map(|it| match *it {
            Item::Bridge { tl, .. } => Some(tl.max(ship_tl)),
            _ => None,
        })
        .unwrap_or(0);
    let mut built = Vec::with_capacity(items.len() + 1);
    for &it in items {
        if it != Item::Stealth {
            built.push(build(it, sections, ship_tl, bridge_tl, r)?);
        }
    }
    let wide = ShipWide {
        tl: wide.tl.max(ship_tl),
        ..*wide
    };
    let cost = cost_ship(&built, &wide, r)?;
    if items.contains(&Item::Stealth) {
        let sil = hull_of(cost.mass_tenths).map_or(0, |h| h.total_silhouette);
        built.push(stealth(sil));
        return cost_ship(&built, &wide, r);
    }
    Ok(cost)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cold_infinity::design::{DamageDice, Tech};
    use crate::rules::cold_infinity::movement::HullClass;

    /// A corvette priced only from stated rules and data: hull, armor, a §17.1 weapon with a
    /// Wide arc, chaff, AMRS, thrusters, engine, a bridge one level above the ship's.
    fn corvette() -> Vec<Item> {
        let mut gun = DirectFireBuild::base(Tech::Particle);
        gun.damage = DamageDice::new(2, 6, 0);
        gun.dice_power = 2;
        gun.dice_structure = 4;
        gun.schedules_cp = 13;
        vec![
            Item::Hull(40),
            Item::Armor { points: 5, cp: 30 },
            Item::Weapon {
                build: gun,
                arc: ArcShape::Wide,
            },
            Item::Chaff(2),
            Item::Amrs(1),
            Item::Thruster {
                base_cp: 2,
                channel: 3,
                non_inertial: false,
            },
            Item::Engine {
                cp: 40,
                structure: 6,
            },
            Item::Bridge {
                base_cp: 20,
                tl: 3,
                structure: 6,
                mass: 100,
            },
            Item::FireBrigades(3),
            Item::Stated {
                cp: 60,
                mass: 260,
                structure: 8,
                power: 0,
            },
        ]
    }

    /// The whole sequence: hull 20 + armor 30 + gun (10 + 7 + 13 = 30, Wide +25% → 37.5 → 38)
    /// + chaff 75 + AMRS 50 + thruster 14 + engine 40 + bridge (TL 3 over the gun's 2: 20 + 50)
    /// + three brigades 150 + reactor/sensors 60 = 547; Mass 2 + 0.5 + 0.4 + 0.5 + 0.5 + 1 + 1
    /// + 2.6 = 8.5: a corvette, 1 section. Stealth adds 20 × 2.
    #[test]
    fn corvette_sheet() {
        let r = Readings::default();
        let items = corvette();
        let c = cost_sheet(&items, 1, &ShipWide::default(), &r).unwrap();
        assert_eq!(c.systems_cp, 547);
        assert_eq!(c.cp, 547);
        assert_eq!(c.mass_tenths, 85);
        assert_eq!(c.hull.unwrap().class, HullClass::Corvette);
        assert_eq!(c.hull.unwrap().sections, 1);
        assert_eq!(c.power, 2);
        let mut stealthy = items.clone();
        stealthy.push(Item::Stealth);
        assert_eq!(
            cost_sheet(&stealthy, 1, &ShipWide::default(), &r)
                .unwrap()
                .cp,
            587
        );
        // Four brigades exceed the bridge's level 3.
        let mut bad = items;
        bad[8] = Item::FireBrigades(4);
        assert_eq!(
            cost_sheet(&bad, 1, &ShipWide::default(), &r),
            Err(BuildError::FireBrigades {
                count: 4,
                bridge_tl: 3
            })
        );
    }
}
