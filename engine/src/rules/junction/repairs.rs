//! "Stuff To Do: Damage Control": what a ship can repair and what each repair costs in Repair
//! Points (Appendix 2's "Repair Points to Fix" column; G16: the 4/8 RP per-component rule
//! needs component Integrity Points, which the text never defines, so the table's costs are
//! used), and the order the policy repairs in.

use super::design::{Catalogue, ShipDesign};
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
    /// One Sensors Damaged: 1 RP per sensor volume.
    Sensors,
    /// One ECM Damaged: 1 RP per ECM volume.
    Ecm,
    /// One Propellant Leak: 1 RP per 3 total volume of propellant tank.
    Leak,
    /// Jump Offline: 2 RP per volume of jump drive.
    Jump,
}

impl Repair {
    /// Name for traces.
    pub const fn name(self) -> &'static str {
        match self {
            Repair::Reactor(_) => "reactor",
            Repair::Radiators => "radiators",
            Repair::Engine(_) => "engine",
            Repair::Weapon(_) => "weapon",
            Repair::Vls => "VLS",
            Repair::Sensors => "sensors",
            Repair::Ecm => "ECM",
            Repair::Leak => "propellant leak",
            Repair::Jump => "jump drive",
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
        Repair::Sensors => d.sensors_volume,
        Repair::Ecm => d.ecm_volume,
        Repair::Leak => d.tanks.iter().map(|t| t.volume).sum::<f64>() / 3.0,
        Repair::Jump => 2.0 * d.jump.map_or(0.0, |j| j.volume),
    };
    (v - 1e-9).ceil().max(1.0) as u32
}

/// The next repair in the policy's order: power first (everything needs energy), then
/// drives, weapons, Sensors, ECM, leaks and the jump drive; among parts, the largest first.
pub fn next(s: &ShipState, d: &ShipDesign, cat: &Catalogue) -> Option<Repair> {
    let largest = |off: &[bool], vol: &dyn Fn(usize) -> f64| {
        (0..off.len())
            .filter(|&k| off[k])
            .max_by(|&a, &b| vol(a).total_cmp(&vol(b)).then(b.cmp(&a)))
    };
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
        Repair::Sensors => s.sensors_damaged -= 1,
        Repair::Ecm => s.ecm_damaged -= 1,
        Repair::Leak => s.leaks -= 1,
        Repair::Jump => s.jump_off = false,
    }
}
