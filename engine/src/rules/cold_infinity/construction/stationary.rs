//! §16.6 stationary structures and §17.4 stationary weapons: the stated costs and limits.
//! (Stationary weapons and stations in battle are later steps of issue 19.)

use super::super::arcs::ArcShape;
use super::cost::{BuildError, Built, Cp, within};
use super::readings::Readings;
use super::systems::arc_percent;

/// A docking bay (§16.6.3.2): 2 CP a structure point, at most ⌈⅓ × the structure's Mass
/// (without the bay)⌉; Mass ⅙ a point (the example: 27 points weigh 4.5); docking arc paid
/// like a hangar's (§16.4.1). `station_mass_tenths` excludes the bay.
pub fn docking_bay(
    structure: u16,
    station_mass_tenths: u16,
    arc: ArcShape,
    r: &Readings,
) -> Result<Built, BuildError> {
    let limit = station_mass_tenths.div_ceil(30);
    within("docking bay structure", structure, limit)?;
    Ok(Built {
        cp: Cp::whole(2 * structure as i64).with_percent(arc_percent(arc, r)),
        // Mass in hundredths: structure × 100 / 6 (exact for multiples of 3; rounded down).
        mass: structure as u32 * 100 / 6,
        structure,
        power: 0,
        tl: 0,
    })
}

/// A dry dock (§16.6.3.3): 2 CP a point, at most ⌈⅓ × the station's Mass⌉ (without the dock);
/// its Mass is not stated (design data); docking arc paid like a hangar's.
pub fn dry_dock(
    structure: u16,
    station_mass_tenths: u16,
    mass: u32,
    arc: ArcShape,
    r: &Readings,
) -> Result<Built, BuildError> {
    let limit = station_mass_tenths.div_ceil(30);
    within("dry dock structure", structure, limit)?;
    Ok(Built {
        cp: Cp::whole(2 * structure as i64).with_percent(arc_percent(arc, r)),
        mass,
        structure,
        power: 0,
        tl: 0,
    })
}

/// An artificial trans-light gate (§16.6.6): 500 CP + 1 CP per hull point; Mass 60, total
/// silhouette 24 (armor priced as usual).
pub const fn atlg(hull: u16) -> Built {
    Built {
        cp: Cp::whole(500 + hull as i64),
        mass: 6000,
        structure: hull,
        power: 0,
        tl: 0,
    }
}

/// The three weapon drums (§17.4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drum {
    /// Minelayer: base 10 CP; Mass ⌈munitions/10⌉.
    Minelayer,
    /// Beacon launcher: base 15 CP; Mass ⌈munitions/5⌉.
    BeaconLauncher,
    /// Weapon platform deployment system: base 20 CP; Mass and structure = the platform's Mass;
    /// ejection at most 1 hex.
    Wpds,
}

/// A weapon drum (§17.4.1): base cost + its drum size, RoF and TL schedules (SSB27, design data)
/// × (1 + 50% per hex of ejection range); structure = munitions (a WPDS: the platform's Mass);
/// Mass ⌈munitions/10⌉ (minelayer), ⌈munitions/5⌉ (beacon launcher), the platform's Mass
/// (WPDS); power 0 depositing, 1 per hex ejecting (a WPDS: ⌈platform Mass/3⌉); ejecting drums
/// pay the arc surcharge.
pub fn drum(
    kind: Drum,
    schedules_cp: u32,
    munitions: u16,
    eject_hexes: u8,
    arc: ArcShape,
    r: &Readings,
) -> Result<Built, BuildError> {
    let base = match kind {
        Drum::Minelayer => 10,
        Drum::BeaconLauncher => 15,
        Drum::Wpds => 20,
    };
    if matches!(kind, Drum::Wpds) {
        within("WPDS ejection", eject_hexes as u16, 1)?;
    }
    let mut cp = Cp::whole(base + schedules_cp as i64).with_percent(50 * eject_hexes as i32);
    if eject_hexes > 0 {
        cp = cp.with_percent(arc_percent(arc, r));
    }
    let (mass, structure, power) = match kind {
        Drum::Minelayer => (
            munitions.div_ceil(10) as u32 * 100,
            munitions,
            eject_hexes as u16,
        ),
        Drum::BeaconLauncher => (
            munitions.div_ceil(5) as u32 * 100,
            munitions,
            eject_hexes as u16,
        ),
        Drum::Wpds => (
            munitions as u32 * 100,
            munitions,
            if eject_hexes > 0 {
                munitions.div_ceil(3)
            } else {
                0
            },
        ),
    };
    Ok(Built {
        cp,
        mass,
        structure,
        power,
        tl: 0,
    })
}

/// A proximity mine (§17.4.2): 15 CP base (1d6 Wave, wave and activation range 1; SSB27
/// upgrades as design data).
pub const PROXIMITY_MINE_CP: u32 = 15;

/// A swarm mine (§17.4.2): 10 CP base (1d6 Pulse 4/1, activation range 1 — §10.1.2 says 2, D19
/// 20).
pub const SWARM_MINE_CP: u32 = 10;

/// A micro-platform (§17.4.2): from a weapon needing less than 4 power; ⌈its CP / 10⌉.
pub fn micro_platform_cp(weapon_cp: u32, weapon_power: u16) -> Result<u32, BuildError> {
    within("micro-platform weapon power", weapon_power, 3)?;
    Ok(weapon_cp.div_ceil(10))
}

/// An ESS beacon (§17.4.2): from an ESS system needing less than 11 power; ⌈its CP / 10⌉.
pub fn ess_beacon_cp(ess_cp: u32, ess_power: u16) -> Result<u32, BuildError> {
    within("ESS beacon power", ess_power, 10)?;
    Ok(ess_cp.div_ceil(10))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §16.6.3.2 example: "A stardock with a Mass of 80 may have a docking bay with 27
    /// structure points. Since a 27-point docking bay has a Mass of 4.5, this increases the
    /// overall Mass of the stardock to 84.5."
    #[test]
    fn example_16_6_3_2_docking_bay() {
        let d = Readings::default();
        let bay = docking_bay(27, 800, ArcShape::Standard, &d).unwrap();
        assert_eq!(bay.mass, 450);
        assert_eq!(8000 + bay.mass, 8450);
        assert_eq!(bay.system_cp(), 54);
        assert!(docking_bay(28, 800, ArcShape::Standard, &d).is_err());
        assert!(dry_dock(27, 800, 0, ArcShape::Wide, &d).is_ok());
        assert_eq!(atlg(40).system_cp(), 540);
    }

    /// §17.4.1: bases 10/15/20 CP, +50% per hex of ejection, Masses by munitions; §17.4.2
    /// micro-platforms and ESS beacons at a tenth of their system, rounded up.
    #[test]
    fn drums_and_munitions() {
        let d = Readings::default();
        let m = drum(Drum::Minelayer, 0, 12, 0, ArcShape::Turret, &d).unwrap();
        assert_eq!(
            (m.system_cp(), m.mass, m.structure, m.power),
            (10, 200, 12, 0)
        );
        let e = drum(Drum::BeaconLauncher, 5, 6, 2, ArcShape::Standard, &d).unwrap();
        assert_eq!((e.system_cp(), e.mass, e.power), (40, 200, 2));
        let w = drum(Drum::Wpds, 0, 7, 1, ArcShape::Standard, &d).unwrap();
        assert_eq!((w.system_cp(), w.mass, w.power), (30, 700, 3));
        assert!(drum(Drum::Wpds, 0, 7, 2, ArcShape::Standard, &d).is_err());
        assert_eq!(micro_platform_cp(41, 3), Ok(5));
        assert!(micro_platform_cp(41, 4).is_err());
        assert_eq!(ess_beacon_cp(95, 10), Ok(10));
        assert_eq!(PROXIMITY_MINE_CP + SWARM_MINE_CP, 25);
    }
}
