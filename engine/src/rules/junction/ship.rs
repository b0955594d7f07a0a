//! A ship's battle state: position and vector, armor and integrity, energy and EWar levels,
//! crit effects, magazine, crew and morale. `Copy` with fixed arrays, so resetting a battle
//! copies templates and allocates nothing.

use crate::outcome::Side;

use super::crits::Crit;
use super::design::{MAX_COMMAND, MAX_MAGAZINE, MAX_PARTS, MAX_WEAPONS, ShipDesign};
use super::hazards::{Hazard, MAX_HAZARDS};
use super::hex::Hex;
use super::stations::{CrewMix, Station};

/// Most ships in a battle (a fleet has at most half of them; checked by the config).
pub const MAX_SHIPS: usize = 32;

/// Where a ship is in the battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Fighting.
    Active,
    /// Charging a jump to retreat (still in play and a target).
    Retreating,
    /// Jumped out: out of play, not destroyed.
    Retreated,
    /// Out of play for a tactical jump; comes back at its destination.
    Jumping,
    /// Surrendered: out of play, drifts on its vector.
    Surrendered,
    /// Integrity 0 or less.
    Destroyed,
}

impl Status {
    /// In play: can be shot and counts for its side ("Stage 3").
    pub const fn in_play(self) -> bool {
        matches!(self, Status::Active | Status::Retreating)
    }

    /// Still in the battle for Stage 3: in play or jumping back in.
    pub const fn in_battle(self) -> bool {
        matches!(self, Status::Active | Status::Retreating | Status::Jumping)
    }
}

/// One ship in battle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShipState {
    /// Index of its design in the matchup.
    pub design: u16,
    /// Side.
    pub side: Side,
    /// Cost measure of the ship (for reports and the turn-limit verdict).
    pub points: u32,
    /// Status.
    pub status: Status,
    /// Current hex.
    pub pos: Hex,
    /// Momentum vector (the future-position marker is `pos + vel`).
    pub vel: Hex,
    /// Hex at the start of the last maneuver phase (threat zones).
    pub prev_pos: Hex,
    /// Armor Value.
    pub armor: f64,
    /// Integrity.
    pub integrity: f64,
    /// Delta-v left (tanks pooled).
    pub delta_v: f64,
    /// Energy left this turn.
    pub energy: f64,
    /// Energy set aside in the firing phase for this turn's burn by electric or
    /// thermo-electric rockets (J70's fire-or-burn decision); back in `energy` when the
    /// maneuver phase begins.
    pub burn_reserve: f64,
    /// Sensors level this turn.
    pub sensors: f64,
    /// ECM level this turn.
    pub ecm: f64,
    /// Radiators Damaged crits (energy ×0.5 each).
    pub radiators: u8,
    /// Sensors Damaged crits (×0.5 each).
    pub sensors_damaged: u8,
    /// ECM Damaged crits (×0.5 each).
    pub ecm_damaged: u8,
    /// Propellant Leak crits (−5% of max delta-v per turn each).
    pub leaks: u8,
    /// Hazardous leaks: their areas and criticality countdowns (`hazards.rs`).
    pub hazards: [Hazard; MAX_HAZARDS],
    /// Crit areas whose effects Criticality made unrepairable (bit per [`Crit`], J23).
    pub permanent: u16,
    /// Turns in which it cannot fire and cannot maneuver (a Command Hit in a leak area or
    /// gone critical; 0: none).
    pub paralysed: [u32; 2],
    /// Power plants offline.
    pub plant_off: [bool; MAX_PARTS],
    /// Drives offline.
    pub drive_off: [bool; MAX_PARTS],
    /// Jump drive offline.
    pub jump_off: bool,
    /// Weapons disabled.
    pub weapon_off: [bool; MAX_WEAPONS],
    /// Redundant Emitters left per laser mount (set from the catalogue by the matchup).
    pub re_left: [u8; MAX_WEAPONS],
    /// VLS disabled.
    pub vls_off: bool,
    /// Electromagnetic catapult disabled (Weapon Disabled, J53).
    pub catapult_off: bool,
    /// Weapons that fired offensively last turn (can't fire point defense this turn).
    pub fired_last: [bool; MAX_WEAPONS],
    /// Weapons used this turn (offensively or as point defense).
    pub used: [bool; MAX_WEAPONS],
    /// Weapons that fired offensively this turn.
    pub fired_now: [bool; MAX_WEAPONS],
    /// Guided weapons loaded, per magazine entry.
    pub magazine: [u32; MAX_MAGAZINE],
    /// Command modules still working.
    pub command: [bool; MAX_COMMAND],
    /// Command modules that are Shipminds disabled by a Neutron Bomb (bit per module; off in
    /// `command` until Damage Control reactivates them, J54).
    pub shipmind_off: u8,
    /// Crew fit for duty.
    pub crew: u32,
    /// Crew fit for duty by kind (Bio, Const, Info); sums to `crew`.
    pub fit: CrewMix,
    /// Crew at each combat station ([`Station`] order); the rest man the command modules.
    pub stations: [CrewMix; 5],
    /// Level of each combat station (0: unmanned).
    pub levels: [u8; 5],
    /// Morale and fit crew the stations were last assigned for (reassigned on change).
    pub assigned_for: (i32, u32),
    /// Engineering effects in force: +1 acceleration, +10% energy, +10% delta-v.
    pub boost: [bool; 3],
    /// Nerve Center bonus to Sensors and to ECM.
    pub nerve: [u8; 2],
    /// Casualties this turn, split into WIA and KIA in the crew phase.
    pub hurt: CrewMix,
    /// Wounded (WIA) awaiting the Medbay.
    pub wia: CrewMix,
    /// Killed (KIA).
    pub kia: u32,
    /// Repair Points banked toward the next repair (J12).
    pub repair_points: u32,
    /// Current morale.
    pub morale: i32,
    /// Target morale before "!" events (base + circumstances).
    pub morale_base: i32,
    /// Morale change from this turn's events, applied in the crew phase (G24).
    pub morale_pending: i32,
    /// Sensor Uplink assists given this turn.
    pub assists: u32,
    /// Energy banked toward a jump (slow charge).
    pub jump_charge: f64,
    /// Turn whose jump step brings it back from a tactical jump.
    pub jump_return: u32,
    /// Its (hidden) jump destination.
    pub jump_dest: Hex,
    /// Interdiction strength it projects this turn.
    pub interdiction: i32,
    /// Integrity damage this ship dealt.
    pub dealt: f64,
    /// Integrity damage it took.
    pub taken: f64,
    /// Whether it had power, mobility and main weapons last crew phase (for loss events).
    pub had: [bool; 3],
}

impl ShipState {
    /// A target for fire and guided weapons: in play and with Integrity left. A ship at 0
    /// Integrity or less is destroyed "and can no longer participate in battle" (seed 004,
    /// "Armor, Damage, and Critical Hits"): nothing aims at it, even in the phase that wrecked
    /// it (it still carries out that phase's own orders, which are simultaneous; Stage 2).
    #[inline]
    pub fn targetable(&self) -> bool {
        self.status.in_play() && self.integrity > 0.0
    }

    /// A fresh ship of `design` for `side`.
    pub fn new(index: u16, d: &ShipDesign, side: Side, points: u32, morale: i32) -> Self {
        let mut magazine = [0; MAX_MAGAZINE];
        for (k, (_, n)) in d.magazine.iter().enumerate() {
            magazine[k] = *n;
        }
        let mut command = [false; MAX_COMMAND];
        for c in command.iter_mut().take(d.command.len()) {
            *c = true;
        }
        ShipState {
            design: index,
            side,
            points,
            status: Status::Active,
            pos: Hex::default(),
            vel: Hex::default(),
            prev_pos: Hex::default(),
            armor: d.armor,
            integrity: d.integrity,
            delta_v: d.delta_v(),
            energy: 0.0,
            burn_reserve: 0.0,
            sensors: 0.0,
            ecm: 0.0,
            radiators: 0,
            sensors_damaged: 0,
            ecm_damaged: 0,
            leaks: 0,
            hazards: [Hazard::default(); MAX_HAZARDS],
            permanent: 0,
            paralysed: [0; 2],
            plant_off: [false; MAX_PARTS],
            drive_off: [false; MAX_PARTS],
            jump_off: false,
            weapon_off: [false; MAX_WEAPONS],
            re_left: [0; MAX_WEAPONS],
            vls_off: false,
            catapult_off: false,
            fired_last: [false; MAX_WEAPONS],
            used: [false; MAX_WEAPONS],
            fired_now: [false; MAX_WEAPONS],
            magazine,
            command,
            shipmind_off: 0,
            crew: d.crew,
            fit: d.crew_mix,
            stations: [[0; 3]; 5],
            levels: [0; 5],
            assigned_for: (i32::MIN, 0),
            boost: [false; 3],
            nerve: [0; 2],
            hurt: [0; 3],
            wia: [0; 3],
            kia: 0,
            repair_points: 0,
            morale,
            morale_base: morale,
            morale_pending: 0,
            assists: 0,
            jump_charge: 0.0,
            jump_return: 0,
            jump_dest: Hex::default(),
            interdiction: 0,
            dealt: 0.0,
            taken: 0.0,
            had: [
                d.generation() > 0.0,
                d.acceleration() > 0
                    && d.delta_v() >= 1.0
                    && d.drives
                        .iter()
                        .any(|x| x.thrust > 0 && x.energy_per_hex <= d.generation()),
                true,
            ],
        }
    }

    /// Power generation now: working plants × 0.5 per Radiators Damaged, +10% with the
    /// Engineering station's energy effect ([`power`](Self::power) without the fuel).
    #[inline]
    pub fn generation(&self, d: &ShipDesign) -> f64 {
        self.power(d).0
    }

    /// Power generation now and the delta-v its Fuel Cells burn for it ("Important Rule:
    /// Power Generation": "set the ship's energy level to its current power generation
    /// capability as determined by its power plants. Remember to subtract the Rocket Fuel
    /// needed for energy generation if you're using Fuel Cells"): working plants at their
    /// output, a Fuel Cell only as far as the delta-v left pays for it at its `fuel` per
    /// energy (J71; the tanks are one pool), then × 0.5 per Radiators Damaged and +10% with
    /// the Engineering station's energy effect (the cell burns fuel for its whole output:
    /// radiator damage wastes energy, not fuel).
    #[inline]
    pub fn power(&self, d: &ShipDesign) -> (f64, f64) {
        let mut fuel_left = self.delta_v;
        let raw: f64 = d
            .plants
            .iter()
            .zip(self.plant_off)
            .filter(|(_, off)| !off)
            .map(|(p, _)| {
                if p.fuel > 0.0 {
                    let e = p.output.min(fuel_left / p.fuel);
                    fuel_left -= e * p.fuel;
                    e
                } else {
                    p.output
                }
            })
            .sum();
        let boost = if self.boost[1] { 1.1 } else { 1.0 };
        (
            raw * halved(self.radiators) * boost,
            self.delta_v - fuel_left,
        )
    }

    /// How a burn is paid for in energy (J70; "ships using an Electric or Thermo-Electric
    /// Rocket for propulsion need Energy to provide acceleration!", "Stuff To Do: Ship
    /// Maneuver"): the hexes of this turn's acceleration that need no energy, and the energy
    /// each further hex needs (the dearest working electric rocket's; 0: no hex needs any).
    /// The working other drives go first; the Shipmind and Engineering +1s add to them when
    /// they give at least 1 ("under its own power"), else they are electric hexes too.
    #[inline]
    pub fn burn_energy(&self, d: &ShipDesign) -> (i32, f64) {
        let (mut other, mut electric, mut per_hex) = (0, 0, 0.0f64);
        for (x, off) in d.drives.iter().zip(self.drive_off) {
            if off {
                continue;
            }
            if x.energy_per_hex > 0.0 {
                electric += x.thrust;
                per_hex = per_hex.max(x.energy_per_hex);
            } else {
                other += x.thrust;
            }
        }
        let free = if other >= 1 {
            self.acceleration(d) - electric
        } else {
            0
        };
        (free, per_hex)
    }

    /// Whether it can change its vector by a hex under its own power: a working drive, at
    /// least one hex of delta-v and, when every working drive is an electric or
    /// thermo-electric rocket, the generation for one hex (G24 "Immobilized", J70).
    #[inline]
    pub fn mobile(&self, d: &ShipDesign) -> bool {
        if self.acceleration(d) <= 0 || self.delta_v < 1.0 {
            return false;
        }
        let (free, per_hex) = self.burn_energy(d);
        free >= 1 || per_hex <= self.generation(d)
    }

    /// Acceleration now: working drives, +1 with a working Shipmind and +1 from Engineering
    /// (each needs ≥ 1 of its own: "All acceleration buffs require ... Acceleration 1 under
    /// the ship's own power").
    #[inline]
    pub fn acceleration(&self, d: &ShipDesign) -> i32 {
        let own: i32 = d
            .drives
            .iter()
            .zip(self.drive_off)
            .filter(|(_, off)| !off)
            .map(|(x, _)| x.thrust)
            .sum();
        if own >= 1 {
            own + i32::from(self.shipmind(d)) + i32::from(self.boost[0])
        } else {
            own
        }
    }

    /// Whether a working Shipmind is aboard.
    #[inline]
    pub fn shipmind(&self, d: &ShipDesign) -> bool {
        d.command
            .iter()
            .zip(self.command)
            .any(|(c, ok)| ok && *c == super::design::CommandKind::Shipmind)
    }

    /// Highest Sensors rating it can switch on now (Sensors Damaged halves; Shipmind +2;
    /// Nerve Center bonus).
    #[inline]
    pub fn sensors_max(&self, d: &ShipDesign) -> f64 {
        d.sensors * halved(self.sensors_damaged)
            + if self.shipmind(d) { 2.0 } else { 0.0 }
            + f64::from(self.nerve[0])
    }

    /// Delta-v one hex of burn costs: 1, or 1/1.1 with Engineering's "+10% Delta V" (J13).
    #[inline]
    pub fn delta_v_per_hex(&self) -> f64 {
        if self.boost[2] { 1.0 / 1.1 } else { 1.0 }
    }

    /// Whether a paralysis keeps it from firing in turn `turn`.
    #[inline]
    pub fn fire_paralysed(&self, turn: u32) -> bool {
        self.paralysed[0] == turn
    }

    /// Whether a paralysis keeps it from maneuvering in turn `turn`.
    #[inline]
    pub fn move_paralysed(&self, turn: u32) -> bool {
        self.paralysed[1] == turn
    }

    /// Whether Criticality made the effects of crit `c` unrepairable.
    #[inline]
    pub fn permanent(&self, c: Crit) -> bool {
        self.permanent & (1 << c as u16) != 0
    }

    /// Crew at a combat station.
    #[inline]
    pub fn at(&self, st: Station) -> CrewMix {
        self.stations[st as usize]
    }

    /// Level of a combat station.
    #[inline]
    pub fn level(&self, st: Station) -> u8 {
        self.levels[st as usize]
    }

    /// Highest ECM rating now (ECM Damaged halves; Shipmind +2; Nerve Center bonus; a
    /// Civilian Bridge alone cannot operate ECM).
    #[inline]
    pub fn ecm_max(&self, d: &ShipDesign) -> f64 {
        if !self.can_use_weapons(d) {
            return 0.0;
        }
        d.ecm * halved(self.ecm_damaged)
            + if self.shipmind(d) { 2.0 } else { 0.0 }
            + f64::from(self.nerve[1])
    }

    /// Whether a crewed command module works ("Command Modules": with every module destroyed
    /// or uncrewed the ship cannot act in the Firing and Maneuver phases).
    #[inline]
    pub fn commanded(&self, d: &ShipDesign) -> bool {
        d.command
            .iter()
            .zip(self.command)
            .any(|(c, ok)| ok && self.crew >= c.crew())
    }

    /// Whether it has a working launcher for guided weapons: a VLS not knocked out, or an
    /// electromagnetic catapult ("Launch Guided Weapons").
    #[inline]
    pub fn has_launcher(&self, d: &ShipDesign) -> bool {
        (d.vls_volume > 0.0 && !self.vls_off) || (d.catapult.is_some() && !self.catapult_off)
    }

    /// Weapon `k` fires this turn (offensively, as Area Denial or into a relay): it is used,
    /// counts as fired for this turn, and its `energy` is paid.
    #[inline]
    pub fn fire_weapon(&mut self, k: usize, energy: f64) {
        self.used[k] = true;
        self.fired_now[k] = true;
        self.energy -= energy;
    }

    /// Whether it can operate weapons and ECM: a working, crewed module other than a Civilian
    /// Bridge.
    #[inline]
    pub fn can_use_weapons(&self, d: &ShipDesign) -> bool {
        d.command.iter().zip(self.command).any(|(c, ok)| {
            ok && self.crew >= c.crew() && *c != super::design::CommandKind::CivilianBridge
        })
    }
}

/// `0.5^n` for a count of halving crits (Radiators, Sensors or ECM Damaged): the value of
/// `0.5f64.powi(n)` (exact, a power of two) without its library call in the common cases.
#[inline]
fn halved(n: u8) -> f64 {
    match n {
        0 => 1.0,
        1 => 0.5,
        2 => 0.25,
        n => 0.5f64.powi(i32::from(n)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::rules::junction::design::{CommandKind, PowerPlant};

    fn design() -> ShipDesign {
        ShipDesign {
            integrity: 10.0,
            plants: vec![
                PowerPlant {
                    volume: 10.0,
                    output: 40.0,
                    fuel: 0.0,
                },
                PowerPlant {
                    volume: 5.0,
                    output: 20.0,
                    fuel: 0.0,
                },
            ],
            sensors: 12.0,
            ecm: 8.0,
            ..ShipDesign::bare("x")
        }
    }

    /// Digest §3 vector 19 (first half): two Radiators Damaged crits → energy × 0.25.
    #[test]
    fn vector_19_radiators_stack_multiplicatively() {
        let d = design();
        let mut s = ShipState::new(0, &d, Side::A, 100, 0);
        assert_eq!(s.generation(&d), 60.0);
        s.radiators = 2;
        assert_eq!(s.generation(&d), 15.0);
        // Reactor Offline takes the largest plant.
        s.plant_off[0] = true;
        assert_eq!(s.generation(&d), 5.0);
    }

    /// Sensors and ECM Damaged halve per crit; a Shipmind adds +2 to both.
    #[test]
    fn damaged_sensors_halve_and_shipmind_adds_two() {
        let mut d = design();
        let mut s = ShipState::new(0, &d, Side::A, 100, 0);
        s.sensors_damaged = 1;
        s.ecm_damaged = 2;
        assert_eq!(s.sensors_max(&d), 6.0);
        assert_eq!(s.ecm_max(&d), 2.0);
        d.command = vec![CommandKind::Shipmind];
        s.command = [true, false, false, false];
        assert_eq!(s.sensors_max(&d), 8.0);
        assert!(s.commanded(&d));
        // A lone Civilian Bridge cannot operate ECM.
        d.command = vec![CommandKind::CivilianBridge];
        assert!(s.commanded(&d));
        assert_eq!(s.ecm_max(&d), 0.0);
    }

    /// `halved` is `0.5f64.powi(n)` bit for bit for every count.
    #[test]
    fn halved_equals_powi() {
        for n in 0..=u8::MAX {
            assert_eq!(
                halved(n).to_bits(),
                0.5f64.powi(i32::from(n)).to_bits(),
                "{n}"
            );
        }
    }
}
