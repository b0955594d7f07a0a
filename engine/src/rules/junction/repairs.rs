//! "Stuff To Do: Damage Control": what a ship can repair and what each repair costs in Repair
//! Points (Appendix 2's "Repair Points to Fix" column; G16: the 4/8 RP per-component rule
//! needs component Integrity Points, which the text never defines, so the table's costs are
//! used), and the order the policy repairs in.

use super::crits::Crit;
use super::design::{Catalogue, ShipDesign};
use super::hazards;
use super::ship::ShipState;

/// One repairable crit effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repair {
    /// Reactor Offline on plant k: 2 RP per volume of the plant.
    Reactor(usize),
    /// One Radiators Damaged: 1 RP per total volume of power plant.
    Radiators,
    /// Engine Offline on drive k: 2 RP per volume of the drive.
    Engine(usize),
    /// Weapon Disabled on mount k: 2 RP per volume of the weapon.
    Weapon(usize),
    /// Weapon Disabled on the VLS: 2 RP per VLS volume (the lost guided weapons stay lost).
    Vls,
    /// Weapon Disabled on the electromagnetic catapult: 2 RP per catapult volume (J53).
    Catapult,
    /// One Sensors Damaged: 1 RP per sensor volume.
    Sensors,
    /// One ECM Damaged: 1 RP per ECM volume.
    Ecm,
    /// One Propellant Leak: 1 RP per 3 total volume of propellant tank.
    Leak,
    /// Jump Offline: 2 RP per volume of jump drive.
    Jump,
    /// A Shipmind (command module k) disabled by a Neutron Bomb: "needing 2 Repair Points to
    /// reactivate" (Appendix 1 "Neutron Bomb"; J54).
    Shipmind(usize),
}

/// Repair Points that reactivate a disabled Shipmind (Appendix 1 "Neutron Bomb").
pub const SHIPMIND_REPAIR_POINTS: f64 = 2.0;

impl Repair {
    /// Name for traces.
    pub const fn name(self) -> &'static str {
        match self {
            Repair::Reactor(_) => "reactor",
            Repair::Radiators => "radiators",
            Repair::Engine(_) => "engine",
            Repair::Weapon(_) => "weapon",
            Repair::Vls => "VLS",
            Repair::Catapult => "catapult",
            Repair::Sensors => "sensors",
            Repair::Ecm => "ECM",
            Repair::Leak => "propellant leak",
            Repair::Jump => "jump drive",
            Repair::Shipmind(_) => "Shipmind",
        }
    }

    /// The crit area the repaired component lies in (a hazardous leak there makes it dearer).
    pub const fn area(self) -> Crit {
        match self {
            Repair::Reactor(_) => Crit::ReactorOffline,
            Repair::Radiators => Crit::RadiatorsDamaged,
            Repair::Engine(_) => Crit::EngineOffline,
            Repair::Weapon(_) | Repair::Vls | Repair::Catapult => Crit::WeaponDisabled,
            Repair::Sensors => Crit::SensorsDamaged,
            Repair::Ecm => Crit::EcmDamaged,
            Repair::Leak => Crit::PropellantLeak,
            Repair::Jump => Crit::JumpOffline,
            Repair::Shipmind(_) => Crit::CommandHit,
        }
    }
}

/// Repair Points a repair costs on design `d` (rounded up, at least 1).
pub fn cost(r: Repair, d: &ShipDesign, cat: &Catalogue) -> u32 {
    let v = match r {
        Repair::Reactor(k) => 2.0 * d.plants[k].volume,
        Repair::Radiators => d.plants.iter().map(|p| p.volume).sum(),
        Repair::Engine(k) => 2.0 * d.drives[k].volume,
        Repair::Weapon(k) => 2.0 * cat.weapons[d.weapons[k]].volume,
        Repair::Vls => 2.0 * d.vls_volume,
        Repair::Catapult => 2.0 * d.catapult.map_or(0.0, |c| c.volume),
        Repair::Sensors => d.sensors_volume,
        Repair::Ecm => d.ecm_volume,
        Repair::Leak => d.tanks.iter().map(|t| t.volume).sum::<f64>() / 3.0,
        Repair::Jump => 2.0 * d.jump.map_or(0.0, |j| j.volume),
        Repair::Shipmind(_) => SHIPMIND_REPAIR_POINTS,
    };
    (v - 1e-9).ceil().max(1.0) as u32
}

/// Repair Points a repair costs on ship `s`: [`cost`], doubled (and +3 for Chemical Rocket
/// Fuel) while a hazardous leak is in its area (J20).
pub fn cost_now(r: Repair, s: &ShipState, d: &ShipDesign, cat: &Catalogue) -> u32 {
    let a = r.area();
    hazards::repair_cost(
        cost(r, d, cat),
        hazards::leaks_in(&s.hazards, a) > 0,
        hazards::chemical_in(&s.hazards, a),
    )
}

/// The next repair in the policy's order: a disabled Shipmind first (J54: 2 RP bring back a
/// command module), then power (everything needs energy), drives, weapons, Sensors, ECM,
/// leaks and the jump drive; among parts, the largest first.
pub fn next(s: &ShipState, d: &ShipDesign, cat: &Catalogue) -> Option<Repair> {
    if s.permanent != 0 {
        return next_repairable(s, d, cat);
    }
    next_any(s, d, cat)
}

/// [`next`] on a ship with crit effects made unrepairable by Criticality (J23): those areas
/// are skipped.
#[cold]
fn next_repairable(s: &ShipState, d: &ShipDesign, cat: &Catalogue) -> Option<Repair> {
    let mut t = *s;
    for c in [
        Crit::ReactorOffline,
        Crit::RadiatorsDamaged,
        Crit::EngineOffline,
        Crit::WeaponDisabled,
        Crit::SensorsDamaged,
        Crit::EcmDamaged,
        Crit::PropellantLeak,
        Crit::JumpOffline,
    ] {
        if s.permanent(c) {
            match c {
                Crit::ReactorOffline => t.plant_off = [false; super::design::MAX_PARTS],
                Crit::RadiatorsDamaged => t.radiators = 0,
                Crit::EngineOffline => t.drive_off = [false; super::design::MAX_PARTS],
                Crit::WeaponDisabled => {
                    t.weapon_off = [false; super::design::MAX_WEAPONS];
                    t.vls_off = false;
                    t.catapult_off = false;
                }
                Crit::SensorsDamaged => t.sensors_damaged = 0,
                Crit::EcmDamaged => t.ecm_damaged = 0,
                Crit::PropellantLeak => t.leaks = 0,
                _ => t.jump_off = false,
            }
        }
    }
    next_any(&t, d, cat)
}

fn next_any(s: &ShipState, d: &ShipDesign, cat: &Catalogue) -> Option<Repair> {
    let largest = |off: &[bool], vol: &dyn Fn(usize) -> f64| {
        (0..off.len())
            .filter(|&k| off[k])
            .max_by(|&a, &b| vol(a).total_cmp(&vol(b)).then(b.cmp(&a)))
    };
    if s.shipmind_off != 0 {
        return Some(Repair::Shipmind(s.shipmind_off.trailing_zeros() as usize));
    }
    if let Some(k) = largest(&s.plant_off[..d.plants.len()], &|k| d.plants[k].volume) {
        return Some(Repair::Reactor(k));
    }
    if s.radiators > 0 {
        return Some(Repair::Radiators);
    }
    if let Some(k) = largest(&s.drive_off[..d.drives.len()], &|k| d.drives[k].volume) {
        return Some(Repair::Engine(k));
    }
    if let Some(k) = largest(&s.weapon_off[..d.weapons.len()], &|k| {
        cat.weapons[d.weapons[k]].volume
    }) {
        return Some(Repair::Weapon(k));
    }
    if s.vls_off {
        return Some(Repair::Vls);
    }
    if s.catapult_off {
        return Some(Repair::Catapult);
    }
    if s.sensors_damaged > 0 {
        return Some(Repair::Sensors);
    }
    if s.ecm_damaged > 0 {
        return Some(Repair::Ecm);
    }
    if s.leaks > 0 {
        return Some(Repair::Leak);
    }
    if s.jump_off {
        return Some(Repair::Jump);
    }
    None
}

/// Undo one crit effect.
pub fn apply(r: Repair, s: &mut ShipState) {
    match r {
        Repair::Reactor(k) => s.plant_off[k] = false,
        Repair::Radiators => s.radiators -= 1,
        Repair::Engine(k) => s.drive_off[k] = false,
        Repair::Weapon(k) => s.weapon_off[k] = false,
        Repair::Vls => s.vls_off = false,
        Repair::Catapult => s.catapult_off = false,
        Repair::Sensors => s.sensors_damaged -= 1,
        Repair::Ecm => s.ecm_damaged -= 1,
        Repair::Leak => {
            s.leaks -= 1;
            hazards::fix_leak(&mut s.hazards);
        }
        Repair::Jump => s.jump_off = false,
        Repair::Shipmind(k) => {
            s.shipmind_off &= !(1 << k);
            s.command[k] = true;
        }
    }
}
