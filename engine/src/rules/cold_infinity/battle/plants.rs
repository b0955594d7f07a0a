//! The power a ship's plants give each turn (§3.1): a reactor's output (§3.1.1), a
//! capacitor's charge, recharged at the start of the turn and carried over (§3.1.2), a
//! battery's store, spent where the plant falls short and filled from its spare power
//! (§3.1.3). [`open`] says what the Power Allocation Phase may spend; [`settle`] books what it
//! spent. A ship with a reactor only gets its output and keeps its spare power, as before.

use crate::dice::Roller;

use super::super::matchup::Matchup;
use super::super::movement::readings::{BatteryStart, CapacitorStart, Readings};
use super::super::policy::{battery_diversion, capacitor_budget, capacitor_engaged};
use super::super::power::Battery;
use super::BattleState;
use super::preliminary::nearest_enemy;

/// What a ship may spend this turn, by source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PowerBudget {
    /// The reactor's output (§3.1.1) or the capacitor's share the policy spends
    /// ([`capacitor_budget`]).
    pub plant: i32,
    /// The plant is a capacitor (§3.1.2).
    pub capacitor: bool,
    /// The batteries' charge (§3.1.3), spent after the plant.
    pub battery: i32,
    /// The power the plants hold, spent or not (§3.3: with none, zero-power systems are off
    /// too): the reactor's output or the capacitor's charge, and the batteries'.
    pub held: i32,
}

impl PowerBudget {
    /// All it may spend.
    pub const fn total(&self) -> i32 {
        self.plant + self.battery
    }
}

/// The charges a ship's stores hold when the battle begins (house rules `capacitor_start`,
/// `battery_start`): full, the undamaged capacities (§13.1.4: a capacitor 2 × its structure, a
/// battery its structure), or empty.
pub fn starting_charges(capacity: (i32, i32), r: &Readings) -> (i32, i32) {
    let c = match r.capacitor_start {
        CapacitorStart::Full => capacity.0,
        CapacitorStart::Empty => 0,
    };
    let b = match r.battery_start {
        BatteryStart::Full => capacity.1,
        BatteryStart::Empty => 0,
    };
    (c, b)
}

/// Ship `i`'s budget this turn (its condition read for this turn's damage). A capacitor
/// recharges first (§3.1.2: up to its capacity now; damage since last turn loses what no longer
/// fits) and the policy says how much of it to spend ([`capacitor_budget`]; the nearest enemy,
/// ties on the battle's dice, is looked up only for a capacitor ship); a battery's charge is
/// clipped to its capacity now (§3.1.3).
pub fn open<R: Roller>(m: &Matchup, st: &mut BattleState, i: usize, dice: &mut R) -> PowerBudget {
    let cond = &st.condition[i];
    let (cap, rec) = cond.capacitor;
    let (battery_cap, _) = cond.battery;
    let basic = cond.sensors.0;
    let reactor = cond.reactor;
    let ship = &mut st.ships[i];
    ship.battery_charge = ship.battery_charge.min(battery_cap);
    let battery = ship.battery_charge;
    if cap == 0 {
        ship.capacitor_charge = 0;
        return PowerBudget {
            plant: reactor,
            capacitor: false,
            battery,
            held: reactor + battery,
        };
    }
    let charge = (ship.capacitor_charge + rec).min(cap);
    ship.capacitor_charge = charge;
    let bd = m.design_of(i);
    let cond = &st.condition[i];
    let least_weapon = bd
        .mounts
        .iter()
        .filter(|w| !cond.destroyed[usize::from(w.sys)])
        .map(|w| i32::from(w.weapon.power))
        .min()
        .unwrap_or(0);
    let engaged = nearest_enemy(st, i, dice).is_some_and(|(_, r)| capacitor_engaged(r, bd.keep));
    PowerBudget {
        plant: capacitor_budget(charge, (cap, rec), basic, least_weapon, engaged),
        capacitor: true,
        battery,
        held: charge + battery,
    }
}

/// Book what the allocation spent (`left`: what it left of `b.total()`, negative when destroyed
/// systems drew more than there was): the plant pays first, the battery the rest (§3.1.3: "in
/// place of another power plant's energy"). A capacitor keeps what was not spent (§3.1.2) and
/// gives no spare power; a reactor's spare power fills the battery first
/// ([`battery_diversion`], at its convert Rating) and the rest is returned for engine
/// enrichment (§5.3.2).
#[inline]
pub fn settle(st: &mut BattleState, i: usize, b: PowerBudget, left: i32) -> i32 {
    if !b.capacitor && b.battery == 0 && st.condition[i].battery.0 == 0 {
        return left;
    }
    let used = b.total() - left.max(0);
    let from_plant = used.min(b.plant);
    let from_battery = (used - from_plant).min(b.battery);
    let (capacity, convert) = st.condition[i].battery;
    let ship = &mut st.ships[i];
    ship.battery_charge -= from_battery;
    if b.capacitor {
        ship.capacitor_charge -= from_plant;
        return 0;
    }
    let spare = b.plant - from_plant;
    let mut store = Battery {
        capacity,
        convert,
        charge: ship.battery_charge,
    };
    let diverted = store.store(
        battery_diversion(spare, capacity - store.charge, convert),
        0,
    );
    ship.battery_charge = store.charge;
    spare - diverted
}
