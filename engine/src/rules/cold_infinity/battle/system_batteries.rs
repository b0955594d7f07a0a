//! System batteries in the battle (§3.1.4): "small batteries designed to work with only one
//! system each" — here a direct-fire weapon (`config/systems.rs` refuses the rest). Each step at
//! its place in the Power Allocation Phase (`preliminary::power_allocation`):
//!
//! * **Loss** ([`check_losses`]): "instantly destroyed on the first hit to the attached system,
//!   taking one point of damage" — read as lost with the first hit that does its weapon a point
//!   of damage (`power::system_battery_lost`); its charge goes with it. Found at the next Power
//!   Allocation, the first time the charge could be drawn.
//! * **Draw** ([`choice`], [`spend`]): "that system may be powered by the system battery or
//!   another power plant, at the player's discretion" — one source a turn; the policy
//!   `system_battery_draw` takes the battery when the plants fall short. A weapon powered from
//!   its battery needs no other plant (§3.3 is about zero-power systems); it may track at
//!   double power (§8.1.9) when the battery holds double.
//! * **Charge** ([`charge`]): from the plants' spare power after the ship's batteries (§3.1.3:
//!   "k points of power … to one point", whole conversions; policy `battery_diversion`), in SDS
//!   order, before EW boost and engine enrichment. A capacitor ship's unspent charge stays in
//!   the capacitor, as for its batteries (`plants::settle`).
//! * It begins the battle full or empty as house rule `battery_start` says for batteries.

use crate::observer::Observer;
use crate::trace;

use super::super::design::WeaponDesign;
use super::super::matchup::{BattleDesign, Matchup};
use super::super::movement::readings::BatteryStart;
use super::super::policy::{battery_diversion, system_battery_draw, tracking_power};
use super::super::power::{SystemBattery, system_battery_lost};
use super::BattleState;

/// One system battery in the battle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SystemBatteryNow {
    /// Its store and whether it is lost (§3.1.4).
    pub now: SystemBattery,
    /// It powers its weapon this turn.
    pub powering: bool,
    /// The turn its loss was found (0: not lost).
    pub lost_turn: u32,
}

/// Ship `i`'s system batteries at the start of a battle (house rule `battery_start`).
pub fn fresh(m: &Matchup, i: usize) -> impl Iterator<Item = SystemBatteryNow> + '_ {
    let full = m.rules.movement.battery_start == BatteryStart::Full;
    m.design_of(i)
        .batteries
        .iter()
        .map(move |b| SystemBatteryNow {
            now: SystemBattery {
                battery: b.store(if full { b.capacity } else { 0 }),
                destroyed: false,
            },
            powering: false,
            lost_turn: 0,
        })
}

/// §3.1.4: every system battery of ship `i` whose weapon has taken damage since is lost (its
/// condition read for this turn's damage); the turn's draws are cleared.
pub fn check_losses(m: &Matchup, st: &mut BattleState, i: usize) {
    let bd = m.design_of(i);
    let cond = &st.condition[i];
    for (b, now) in bd.batteries.iter().zip(st.batteries[i].iter_mut()) {
        now.powering = false;
        let structure = bd.design.systems[usize::from(b.sys)].structure;
        if !now.now.destroyed && system_battery_lost(structure, cond.left(b.sys)) {
            now.now.system_hit();
            now.lost_turn = st.turn;
        }
    }
}

/// The standard power of ship design `bd`'s intact weapons (`destroyed` by system index): what
/// the weapons ask of the plants before any is powered.
pub fn weapons_need(bd: &BattleDesign, destroyed: &[bool]) -> i32 {
    bd.mounts
        .iter()
        .filter(|w| !destroyed[usize::from(w.sys)])
        .map(|w| i32::from(w.weapon.power))
        .sum()
}

/// Whether mount `k` (weapon `w`) is powered from its system battery this turn (policy
/// [`system_battery_draw`], given the plants' power `left` and the `later` weapons' needs):
/// the battery's index and whether at double power (§8.1.9, when `can_track` and the battery
/// holds double, [`tracking_power`]); `None` without a battery or when the plants power it.
pub fn choice(
    bd: &BattleDesign,
    now: &[SystemBatteryNow],
    k: usize,
    w: &WeaponDesign,
    can_track: bool,
    (left, later): (i32, i32),
) -> Option<(usize, bool)> {
    let b = bd
        .batteries
        .iter()
        .position(|b| usize::from(b.mount) == k)?;
    let charge = now[b].now.available();
    if !system_battery_draw(i32::from(w.power), left, later, charge) {
        return None;
    }
    Some((b, can_track && tracking_power(w, charge)))
}

/// Draw `power` from a system battery that powers its weapon this turn.
pub fn spend(now: &mut SystemBatteryNow, power: i32) {
    now.now.battery.charge -= power;
    now.powering = true;
}

/// Divert the plants' `spare` power into ship `i`'s intact system batteries, in SDS order, at
/// their convert Ratings ([`battery_diversion`]); returns what is left.
pub fn charge(st: &mut BattleState, i: usize, mut spare: i32) -> i32 {
    for now in st.batteries[i].iter_mut() {
        if now.now.destroyed || spare <= 0 {
            continue;
        }
        let store = &mut now.now.battery;
        let room = store.capacity - store.charge;
        spare -= store.store(battery_diversion(spare, room, store.convert), 0);
    }
    spare
}

/// Trace lines of the Power Allocation Phase: each weapon its system battery powers, each
/// battery found lost this turn.
pub fn trace_turn<O: Observer>(m: &Matchup, st: &BattleState, obs: &mut O) {
    if !crate::observer::enabled(obs) {
        return;
    }
    for i in 0..st.ships.len() {
        let bd = m.design_of(i);
        for (b, now) in bd.batteries.iter().zip(&st.batteries[i]) {
            let weapon = &bd.mount_names[usize::from(b.mount)];
            if now.lost_turn == st.turn && now.now.destroyed {
                trace!(
                    obs,
                    "  {} {}'s system battery lost with the weapon's first damage (§3.1.4)",
                    m.names[i],
                    weapon
                );
            }
            if now.powering {
                trace!(
                    obs,
                    "  {} {} powered by its system battery ({}/{} left, §3.1.4)",
                    m.names[i],
                    weapon,
                    now.now.battery.charge,
                    b.capacity
                );
            }
        }
    }
}
