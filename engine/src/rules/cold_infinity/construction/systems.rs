//! §16.4 the systems whose costs the book states, one function each; everything priced on a
//! lost sheet (SSB3–11: reactor, sensors, shields, armor, engines' and thrusters' base costs,
//! bridge base cost, hangar base cost) comes in as **design data** (`base` arguments, or
//! [`stated`]). Each returns the unrounded [`Built`]; the ship total rounds per system.

use super::super::arcs::ArcShape;
use super::cost::{BuildError, Built, Cp, MassCenti};
use super::readings::{LaunchTubes, Readings, WideArc};

/// A system priced on a lost sheet: CP, Mass (hundredths), structure and power as the design
/// file states them (§16.4, D15 "what this means").
pub const fn stated(cp: u32, mass: MassCenti, structure: u16, power: u16) -> Built {
    Built {
        cp: Cp::whole(cp as i64),
        mass,
        structure,
        power,
        tl: 0,
    }
}

/// The firing-arc surcharge in percent (§16.4.1): Fixed −50, Narrow −25, Standard 0, Wide +25
/// (or +10, reading `wide_arc`), Turret +50.
pub const fn arc_percent(shape: ArcShape, r: &Readings) -> i32 {
    match shape {
        ArcShape::Fixed => -50,
        ArcShape::Narrow => -25,
        ArcShape::Standard => 0,
        ArcShape::Wide => match r.wide_arc {
            WideArc::Table => 25,
            WideArc::Example => 10,
        },
        ArcShape::Turret => 50,
    }
}

/// A weapon (pre-generated, or designed by §17) fitted with its firing arc (§16.4.1): the
/// arc surcharge on its cost; Mass, structure and power unchanged. Missile racks, torpedoes
/// and hangar launch arcs pay the same way (§16.4.5.1, §17.2.1).
pub const fn fitted(weapon: Built, shape: ArcShape, r: &Readings) -> Built {
    Built {
        cp: weapon.cp.with_percent(arc_percent(shape, r)),
        ..weapon
    }
}

/// Hull structure of one section (§16.4.9): 0.5 CP and Mass 0.05 a point.
pub const fn hull_structure(points: u16) -> Built {
    Built {
        cp: Cp::ratio(points as i64, 2),
        mass: points as MassCenti * 5,
        structure: points,
        power: 0,
        tl: 0,
    }
}

/// Armor of one section (§16.4.3): its CP is on SSB6 (lost; design data `cp`), Mass 0.1 a point.
pub const fn armor(points: u8, cp: u32) -> Built {
    Built {
        cp: Cp::whole(cp as i64),
        mass: points as MassCenti * 10,
        structure: 0,
        power: 0,
        tl: 0,
    }
}

/// An anti-missile rocket system (§16.4.7.2): 50 CP at RoF 1+0 with 20 salvos; 2+0 +25 CP, 4+0
/// +50 CP; power 0, structure 1, Mass 0.5.
pub const fn amrs(rof: u8) -> Result<Built, BuildError> {
    let cp = match rof {
        1 => 50,
        2 => 75,
        4 => 100,
        _ => return Err(BuildError::AmrsRof(rof)),
    };
    Ok(stated(cp, 50, 1, 0))
}

/// A chaff deployment system (§16.4.7.3): 50 CP for −1, +25 CP per further −1 to −4; 20 loads,
/// structure 1, Mass 0.5.
pub const fn chaff(rating: u8) -> Result<Built, BuildError> {
    if rating < 1 || rating > 4 {
        return Err(BuildError::ChaffRating(rating));
    }
    Ok(stated(50 + 25 * (rating as u32 - 1), 50, 1, 0))
}

/// A flare deployment system (§16.4.7.4): 50 CP for −2, +25 CP per further −2 to −6; 20 loads,
/// structure 1, Mass 0.5.
pub const fn flares(rating: u8) -> Result<Built, BuildError> {
    if !matches!(rating, 2 | 4 | 6) {
        return Err(BuildError::FlareRating(rating));
    }
    Ok(stated(50 + 25 * (rating as u32 / 2 - 1), 50, 1, 0))
}

/// An automatic repair system (§16.4.7.1): 50 CP + 25 CP per repair point, TL 1 + 5 CP per
/// further level. (3 power per point *in use*: a battle-time draw, not a design figure.) Its
/// structure and Mass are on SSB3 (design data).
pub const fn ars(points: u8, tl: u8, structure: u16, mass: MassCenti) -> Built {
    let tl = if tl < 1 { 1 } else { tl };
    Built {
        cp: Cp::whole(50 + 25 * points as i64 + 5 * (tl as i64 - 1)),
        mass,
        structure,
        power: 0,
        tl,
    }
}

/// Fire brigades (§16.4.7.1 *(sic)*): 50 CP each, at most the bridge's technology level, none
/// without a bridge (`bridge_tl` 0). Crew, not systems: no Mass or structure.
pub const fn fire_brigades(count: u8, bridge_tl: u8) -> Result<Built, BuildError> {
    if count > bridge_tl {
        return Err(BuildError::FireBrigades { count, bridge_tl });
    }
    Ok(stated(50 * count as u32, 0, 0, 0))
}

/// A bridge (§16.4.6): its base cost is on SSB3 (design data); its technology level is at
/// least the ship's highest, +50 CP per level above that. Draws no reactor power.
pub const fn bridge(
    base_cp: u32,
    tl: u8,
    ship_highest_tl: u8,
    structure: u16,
    mass: MassCenti,
) -> Built {
    let extra = tl.saturating_sub(ship_highest_tl);
    let tl = if tl > ship_highest_tl {
        tl
    } else {
        ship_highest_tl
    };
    Built {
        cp: Cp::whole(base_cp as i64 + 50 * extra as i64),
        mass,
        structure,
        power: 0,
        tl,
    }
}

/// A hangar (§16.4.5.1) or external launcher (§16.4.5.2): base cost on SSB3 (design data) + 3
/// CP per operation per turn (+20 CP for a launcher that can also recover craft), then the
/// launch arc's surcharge (§16.4.1). Bays (structure) at most 2 × the ship's sections.
pub const fn hangar(
    base_cp: u32,
    operations: u8,
    recovers: bool,
    bays: u16,
    sections: u8,
    arc: ArcShape,
    r: &Readings,
) -> Result<Built, BuildError> {
    let limit = 2 * sections as u16;
    if bays > limit {
        return Err(BuildError::Capacity { asked: bays, limit });
    }
    let cp = base_cp as i64 + 3 * operations as i64 + if recovers { 20 } else { 0 };
    Ok(Built {
        cp: Cp::whole(cp).with_percent(arc_percent(arc, r)),
        mass: 0,
        structure: bays,
        power: 0,
        tl: 0,
    })
}

/// A cargo hold (§16.4.5.3): base cost and Mass on SSB3 (design data); containers (structure)
/// at most 3 × the ship's sections.
pub const fn cargo_hold(
    base_cp: u32,
    containers: u16,
    sections: u8,
    mass: MassCenti,
) -> Result<Built, BuildError> {
    let limit = 3 * sections as u16;
    if containers > limit {
        return Err(BuildError::Capacity {
            asked: containers,
            limit,
        });
    }
    Ok(stated(base_cp, mass, containers, 0))
}

/// Hangar launch tubes on one hangar (§16.4.5.5): structure 1, TL 1, no Mass; the first costs
/// 1 CP and, under the default reading, each additional one 1 CP more than the one before
/// (the text's "three launch tubes will cost a total of 6 CP"). (The hangar's arc is paid as
/// Standard for one tube and as Turret for several: pass that shape to [`hangar`].)
pub const fn launch_tubes(count: u8, r: &Readings) -> Built {
    let n = count as i64;
    let cp = match r.launch_tubes {
        LaunchTubes::Rising => n * (n + 1) / 2,
        LaunchTubes::OneEach => n,
    };
    Built {
        cp: Cp::whole(cp),
        mass: 0,
        structure: count as u16,
        power: 0,
        tl: 1,
    }
}

/// A thruster (§16.4.12): base cost on SSB10 (design data), channel Rating +1 per 4 CP (8 CP
/// for a non-inertial thruster); Mass 0. Its structure is 2 × the channel (§13.1.2: channel =
/// ⌊undamaged structure / 2⌋).
pub const fn thruster(base_cp: u32, channel: u8, non_inertial: bool) -> Built {
    let per = if non_inertial { 8 } else { 4 };
    Built {
        cp: Cp::whole(base_cp as i64 + per * channel as i64),
        mass: 0,
        structure: 2 * channel as u16,
        power: 0,
        tl: 0,
    }
}

/// An engine (§16.4.11): cost on SSB10 (design data: thrust output and conversion upgrades,
/// doubled for non-inertial engines by the sheet); zero power; at most 30 structure; Mass 1.
pub const fn engine(cp: u32, structure: u16) -> Result<Built, BuildError> {
    if structure > 30 {
        return Err(BuildError::EngineSize(structure));
    }
    Ok(stated(cp, 100, structure, 0))
}

/// The convert-rate upgrade of a battery, system battery or collector (§16.4.10): from 10,
/// −1 per 4 CP, to a minimum of 1.
pub const fn convert_rate_cp(rate: u8) -> Result<u32, BuildError> {
    if rate < 1 || rate > 10 {
        return Err(BuildError::ConvertRate(rate));
    }
    Ok(4 * (10 - rate as u32))
}

/// Stealth capability (§16.7.7): 20 × the ship's total silhouette.
pub const fn stealth(total_silhouette: u8) -> Built {
    stated(20 * total_silhouette as u32, 0, 0, 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cold_infinity::construction::readings::WideArc;

    /// §16.4.1 example: a 10cm cannon (56 CP) with a Wide arc: "increased by 10% … 61.6 CP,
    /// rounded up to 62 CP". The table says +25% (D19 13): 70 CP under the default reading;
    /// the example's arithmetic under `wide_arc = Example`.
    #[test]
    fn example_16_4_1_wide_cannon() {
        let cannon = stated(56, 0, 0, 0);
        let r = Readings {
            wide_arc: WideArc::Example,
            ..Readings::default()
        };
        let f = fitted(cannon, ArcShape::Wide, &r);
        assert_eq!(f.cp, Cp::ratio(616, 10));
        assert_eq!(f.system_cp(), 62);
        assert_eq!(
            fitted(cannon, ArcShape::Wide, &Readings::default()).system_cp(),
            70
        );
        let d = Readings::default();
        assert_eq!(fitted(cannon, ArcShape::Fixed, &d).system_cp(), 28);
        assert_eq!(fitted(cannon, ArcShape::Narrow, &d).system_cp(), 42);
        assert_eq!(fitted(cannon, ArcShape::Standard, &d).system_cp(), 56);
        assert_eq!(fitted(cannon, ArcShape::Turret, &d).system_cp(), 84);
    }

    /// §16.4.9: "each point costs 0.5 construction point and has a Mass of 0.05 (so that twenty
    /// structure points count as a Mass of 1)".
    #[test]
    fn hull_structure_costs() {
        let h = hull_structure(20);
        assert_eq!((h.system_cp(), h.mass), (10, 100));
        // 21 points: 10.5 CP, rounded to 11.
        assert_eq!(hull_structure(21).system_cp(), 11);
        // §16.4.3: armor Mass 0.1 a point.
        assert_eq!(armor(4, 0).mass, 40);
    }

    /// §16.4.7.2–4: AMRS 50/75/100 CP; chaff 50 + 25 per extra −1 (to −4); flares 50 + 25 per
    /// extra −2 (to −6); each structure 1, Mass 0.5.
    #[test]
    fn specialized_defences() {
        assert_eq!(amrs(1).unwrap().system_cp(), 50);
        assert_eq!(amrs(2).unwrap().system_cp(), 75);
        assert_eq!(amrs(4).unwrap().system_cp(), 100);
        assert_eq!(amrs(3), Err(BuildError::AmrsRof(3)));
        assert_eq!(chaff(1).unwrap().system_cp(), 50);
        assert_eq!(chaff(4).unwrap().system_cp(), 125);
        assert_eq!(chaff(5), Err(BuildError::ChaffRating(5)));
        assert_eq!(flares(2).unwrap().system_cp(), 50);
        assert_eq!(flares(6).unwrap().system_cp(), 100);
        assert_eq!(flares(3), Err(BuildError::FlareRating(3)));
        let a = amrs(1).unwrap();
        assert_eq!((a.structure, a.mass, a.power), (1, 50, 0));
    }

    /// §16.4.7.1: ARS 50 + 25 per point, +5 per TL above 1; fire brigades 50 each, at most the
    /// bridge TL; §16.4.6: +50 CP per bridge level above the ship's highest.
    #[test]
    fn repair_crew_and_bridge() {
        assert_eq!(ars(2, 3, 4, 40).system_cp(), 50 + 50 + 10);
        assert_eq!(fire_brigades(2, 2).unwrap().system_cp(), 100);
        assert_eq!(
            fire_brigades(1, 0),
            Err(BuildError::FireBrigades {
                count: 1,
                bridge_tl: 0
            })
        );
        let b = bridge(30, 4, 2, 10, 100);
        assert_eq!((b.system_cp(), b.tl), (130, 4));
        let b = bridge(30, 1, 2, 10, 100);
        assert_eq!((b.system_cp(), b.tl), (30, 2));
    }

    /// §16.4.5: bays ≤ 2 × sections, 3 CP per operation, launcher recovery +20, arc surcharge;
    /// cargo ≤ 3 × sections; §16.4.5.5 launch tubes "three launch tubes will cost a total of 6
    /// CP" (fails under `OneEach`, which gives 3).
    #[test]
    fn example_16_4_5_5_launch_tubes() {
        let d = Readings::default();
        assert_eq!(launch_tubes(1, &d).system_cp(), 1);
        assert_eq!(launch_tubes(3, &d).system_cp(), 6);
        let r = Readings {
            launch_tubes: LaunchTubes::OneEach,
            ..d
        };
        assert_eq!(launch_tubes(3, &r).system_cp(), 3);
        let h = hangar(10, 2, false, 6, 3, ArcShape::Turret, &d).unwrap();
        assert_eq!(h.system_cp(), 24);
        assert_eq!(
            hangar(10, 0, true, 2, 3, ArcShape::Standard, &d)
                .unwrap()
                .system_cp(),
            30
        );
        assert_eq!(
            hangar(10, 0, false, 7, 3, ArcShape::Standard, &d),
            Err(BuildError::Capacity { asked: 7, limit: 6 })
        );
        assert!(cargo_hold(5, 9, 3, 0).is_ok());
        assert!(cargo_hold(5, 10, 3, 0).is_err());
    }

    /// §16.4.10–12: thrusters +1 channel per 4 CP (8 non-inertial), Mass 0; engines Mass 1, at
    /// most 30 structure; convert rate 10 → −1 per 4 CP, minimum 1; §16.7.7 stealth 20 × sil.
    #[test]
    fn drives_and_power() {
        let t = thruster(0, 4, false);
        assert_eq!((t.system_cp(), t.structure, t.mass), (16, 8, 0));
        assert_eq!(thruster(0, 4, true).system_cp(), 32);
        assert_eq!(engine(20, 8).unwrap().mass, 100);
        assert_eq!(engine(20, 31), Err(BuildError::EngineSize(31)));
        assert_eq!(convert_rate_cp(10), Ok(0));
        assert_eq!(convert_rate_cp(1), Ok(36));
        assert_eq!(convert_rate_cp(0), Err(BuildError::ConvertRate(0)));
        assert_eq!(stealth(4).system_cp(), 80);
    }
}
