//! What a ship's damage leaves it (§3.1.1 reactor output, §4 sensors, §5.1–5.3.2 engines and
//! thrusters, §7.4.4 destroyed systems, §13.1.8.1 bridge): read from its damage once and kept
//! until the damage changes. Power allocation, the thrust limits and fire determination read
//! these figures every turn; most turns a ship takes no new damage, so they are the same
//! answers as computing them afresh
//! ([`preliminary::reactor_output`](super::preliminary::reactor_output),
//! [`preliminary::sensors`](super::preliminary::sensors),
//! [`limits`](super::movement::limits),
//! [`fire::bridge_accuracy`](super::fire::bridge_accuracy)), read instead of computed.

use super::super::damage_effects::{bridge_effects, reactor_rating, reactor_unstable, sensor_ew};
use super::super::damage_state::ShipDamage;
use super::super::design::{ShipDesign, SystemKind, ThrusterRole};
use super::super::movement::Readings;
use super::super::movement::thrust::{channel_rating, engine_thrust, enrichment_thrust};
use super::super::policy::ThrustLimits;
use super::super::power::Capacitor;

#[cfg(test)]
use super::{fire, preliminary};

/// One ship's condition, with the damage it was read from.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Condition {
    /// The figures below were read from damage equal to `seen_systems` and `seen_hull`.
    valid: bool,
    /// System structure lost when read.
    seen_systems: Vec<u16>,
    /// Hull lost per section when read.
    seen_hull: Vec<u16>,
    /// Reactor output (§3.1.1, §13.1.4).
    pub reactor: i32,
    /// Capacitors' capacity and recharge now, summed (§3.1.2, §13.1.4: 2 per damage point,
    /// house rule `capacitor_damage`); `(0, 0)` without one.
    pub capacitor: (i32, i32),
    /// Batteries' capacity now, summed (§3.1.3: 1 per damage point), and the best (least)
    /// convert Rating among the intact ones (0 without one).
    pub battery: (i32, i32),
    /// Sensor power need and EW points (§4, §13.1.8.1).
    pub sensors: (i32, i32),
    /// Per system: destroyed (§7.4.4).
    pub destroyed: Vec<bool>,
    /// Per system: its undamaged structure ([`ShipDamage::system_left`]), read once.
    left: Vec<u16>,
    /// The thrust limits before enrichment and before the no-reactor rule: pooled engine
    /// thrust and the thrusters' channel Ratings ([`super::movement::limits`]).
    thrust: ThrustLimits,
    /// Enrichment convert Rating of each working engine, in SDS order (§5.3.2).
    enrich: Vec<i32>,
    /// The damaged bridge's accuracy penalty (§13.1.8.1), 0 or −1.
    pub bridge_accuracy: i16,
    /// Some system is destroyed (any of [`Condition::destroyed`]): without one no system
    /// drains power (§3.4), read once per damage state.
    pub any_destroyed: bool,
    /// [`Condition::reactor_unstable`], read once per damage state.
    unstable: bool,
    /// [`Condition::bridges_lost`], read once per damage state.
    bridges_lost: bool,
    /// The design's sensor systems (§4), by system index in SDS order: the systems the power
    /// allocation switches with the sensors (fixed by the design, listed once).
    pub sensor_systems: Vec<u16>,
    /// How many readings this condition has made ([`Condition::serial`]).
    serial: u64,
    /// The [`Condition::serial`] of the reading §13.1.9's weapon reductions last answered
    /// ([`super::weapon_damage::reduce_damaged_weapons`]; `u64::MAX`: none yet).
    pub weapons_reduced_at: u64,
}

impl Clone for Condition {
    fn clone(&self) -> Self {
        Condition {
            valid: self.valid,
            seen_systems: self.seen_systems.clone(),
            seen_hull: self.seen_hull.clone(),
            reactor: self.reactor,
            capacitor: self.capacitor,
            battery: self.battery,
            sensors: self.sensors,
            destroyed: self.destroyed.clone(),
            left: self.left.clone(),
            thrust: self.thrust,
            enrich: self.enrich.clone(),
            bridge_accuracy: self.bridge_accuracy,
            any_destroyed: self.any_destroyed,
            unstable: self.unstable,
            bridges_lost: self.bridges_lost,
            sensor_systems: self.sensor_systems.clone(),
            serial: self.serial,
            weapons_reduced_at: self.weapons_reduced_at,
        }
    }

    /// Field by field, reusing every buffer.
    fn clone_from(&mut self, source: &Self) {
        self.valid = source.valid;
        self.seen_systems.clone_from(&source.seen_systems);
        self.seen_hull.clone_from(&source.seen_hull);
        self.reactor = source.reactor;
        self.capacitor = source.capacitor;
        self.battery = source.battery;
        self.sensors = source.sensors;
        self.destroyed.clone_from(&source.destroyed);
        self.left.clone_from(&source.left);
        self.thrust = source.thrust;
        self.enrich.clone_from(&source.enrich);
        self.bridge_accuracy = source.bridge_accuracy;
        self.any_destroyed = source.any_destroyed;
        self.unstable = source.unstable;
        self.bridges_lost = source.bridges_lost;
        self.sensor_systems.clone_from(&source.sensor_systems);
        self.serial = source.serial;
        self.weapons_reduced_at = source.weapons_reduced_at;
    }
}

impl Condition {
    /// Sized for `d` (nothing read yet), so reading allocates nothing.
    pub fn new(d: &ShipDesign) -> Condition {
        let engines = d
            .systems
            .iter()
            .filter(|s| matches!(s.kind, SystemKind::Engine { .. }))
            .count();
        Condition {
            valid: false,
            seen_systems: vec![0; d.systems.len()],
            seen_hull: vec![0; d.sections.len()],
            destroyed: vec![false; d.systems.len()],
            left: vec![0; d.systems.len()],
            enrich: Vec::with_capacity(engines),
            sensor_systems: (0..d.systems.len())
                .filter(|&s| matches!(d.systems[s].kind, SystemKind::Sensors { .. }))
                .map(|s| s as u16)
                .collect(),
            weapons_reduced_at: u64::MAX,
            ..Condition::default()
        }
    }

    /// How many readings afresh this condition has made: a reading's number names the damage
    /// state it was read from until the next, so a caller that keeps the number can tell
    /// whether the figures changed since (they cannot change without a reading).
    #[inline]
    pub fn serial(&self) -> u64 {
        self.serial
    }

    /// Forget what was read (a new battle).
    pub fn invalidate(&mut self) {
        self.valid = false;
    }

    /// Bring the figures up to `dmg` (of design `d`): read afresh only when the system or
    /// hull losses differ from those last read — the only marks the figures depend on. Out of
    /// line: one copy of the check serves the turn's nine callers (inlined, each copy of the
    /// two comparisons was ~250 bytes of hot code, and the turn's code is several times the
    /// instruction cache); the reading is out of line too.
    #[inline(never)]
    pub fn refresh(&mut self, d: &ShipDesign, dmg: &ShipDamage, r: &Readings) {
        if self.valid
            && same_marks(&self.seen_systems, &dmg.system_damage)
            && same_marks(&self.seen_hull, &dmg.hull_damage)
        {
            return;
        }
        self.read(d, dmg, r);
    }

    /// [`Condition::refresh`]'s reading afresh.
    #[inline(never)]
    fn read(&mut self, d: &ShipDesign, dmg: &ShipDamage, r: &Readings) {
        self.valid = true;
        self.serial += 1;
        self.seen_systems.copy_from_slice(&dmg.system_damage);
        self.seen_hull.copy_from_slice(&dmg.hull_damage);
        // `system_left` of every system, section by section: a destroyed section leaves its
        // systems nothing (§7.4.4), else structure less damage. A system its recorded section
        // does not list (not in a shipped design) is read the long way.
        const UNREAD: u16 = u16::MAX;
        self.left.fill(UNREAD);
        for (k, sec) in d.sections.iter().enumerate() {
            let gone = dmg.section_destroyed(d, k);
            for sys in sec.systems.clone() {
                let s = usize::from(sys);
                if dmg
                    .section_of
                    .get(s)
                    .is_some_and(|&at| usize::from(at) == k)
                {
                    self.left[s] = if gone {
                        0
                    } else {
                        d.systems[s].structure.saturating_sub(dmg.system_damage[s])
                    };
                }
            }
        }
        for (s, x) in self.left.iter_mut().enumerate() {
            if *x == UNREAD {
                *x = dmg.system_left(d, s as u16);
            }
        }
        // One pass over the systems for what `reactor_output_from`, `sensors_from`,
        // `bridge_accuracy_from`, `system_destroyed` and `movement::limits`'s loop (its
        // enrichment left for `Condition::limits`) read from `left`: the same sums and
        // minima, in SDS order.
        let mut reactor = 0i32;
        let mut capacitor = (0i32, 0i32);
        let mut battery = (0i32, 0i32);
        let (mut need, mut ew, mut bridge_sensors) = (0i32, 0i32, 0i32);
        let mut accuracy = 0i16;
        let mut l = ThrustLimits::default();
        // `reactor_unstable` and `bridges_lost` (the Damage Effects step asks every turn).
        let (mut any_destroyed, mut unstable) = (false, false);
        let (mut bridges, mut bridge_intact) = (false, false);
        self.enrich.clear();
        for (i, s) in d.systems.iter().enumerate() {
            let left = self.left[i];
            self.destroyed[i] = left == 0;
            any_destroyed |= left == 0;
            let lost = i32::from(s.structure) - i32::from(left);
            match s.kind {
                SystemKind::Reactor => {
                    reactor += i32::from(reactor_rating(left));
                    unstable |= left > 0 && reactor_unstable(s.structure, s.structure - left);
                }
                SystemKind::Capacitor { recharge } => {
                    let c = Capacitor::full(2 * i32::from(s.structure), i32::from(recharge));
                    let (cap, rec) = c.rated(lost, r.capacitor_damage);
                    if cap > 0 {
                        capacitor.0 += cap;
                        capacitor.1 += rec;
                    }
                }
                SystemKind::Battery { convert } if left > 0 => {
                    battery.0 += i32::from(reactor_rating(left));
                    let k = i32::from(convert);
                    battery.1 = if battery.1 == 0 { k } else { battery.1.min(k) };
                }
                SystemKind::Sensors { power, .. } if left > 0 => {
                    need += i32::from(power);
                    ew += i32::from(sensor_ew(left));
                }
                SystemKind::Bridge { .. } => {
                    bridges = true;
                    if left > 0 {
                        bridge_intact = true;
                        let e = bridge_effects(s.structure, s.structure - left);
                        bridge_sensors = bridge_sensors.min(i32::from(e.sensors));
                        accuracy = accuracy.min(e.accuracy);
                    }
                }
                SystemKind::Engine { enrich_cost } if left > 0 => {
                    l.budget += engine_thrust(i32::from(s.structure), lost, r.engine_damage);
                    self.enrich.push(i32::from(enrich_cost));
                }
                SystemKind::Thruster(role) => {
                    let c = channel_rating(i32::from(s.structure), lost);
                    match role {
                        ThrusterRole::Aft => l.forward += c,
                        ThrusterRole::Fore => l.backward += c,
                        ThrusterRole::Omni => {
                            l.forward += c;
                            l.backward += c;
                            l.rotation += c;
                        }
                        _ => l.rotation += c,
                    }
                }
                _ => {}
            }
        }
        self.reactor = reactor;
        self.capacitor = capacitor;
        self.battery = battery;
        self.sensors = (need, (ew + bridge_sensors).max(0));
        self.bridge_accuracy = accuracy;
        self.thrust = l;
        self.any_destroyed = any_destroyed;
        self.unstable = unstable;
        self.bridges_lost = bridges && !bridge_intact;
    }

    /// System `s`'s undamaged structure ([`ShipDamage::system_left`]) as read.
    pub fn left(&self, s: u16) -> u16 {
        self.left[usize::from(s)]
    }

    /// [`effects::reactor_is_unstable`](super::effects::reactor_is_unstable) from the figures
    /// read (one pass in the reading, not a walk of the systems each turn).
    #[inline]
    pub fn reactor_unstable(&self) -> bool {
        self.unstable
    }

    /// [`effects::bridges_lost`](super::effects::bridges_lost) from the figures read: the ship
    /// has a bridge and none is intact.
    #[inline]
    pub fn bridges_lost(&self) -> bool {
        self.bridges_lost
    }

    /// Whether any power plant is intact (§3.3: engines and other zero-power systems need "a
    /// functional power plant"): a reactor with output, a capacitor or a battery with capacity.
    pub fn plant(&self) -> bool {
        self.reactor > 0 || self.capacitor.0 > 0 || self.battery.0 > 0
    }

    /// [`super::movement::limits`] from the figures read: nothing without a working plant, else the
    /// engines and thrusters plus the enrichment `spare_power` buys through the first working
    /// engine that converts it.
    pub fn limits(&self, spare_power: i32) -> ThrustLimits {
        if !self.plant() {
            return ThrustLimits::default();
        }
        let mut l = self.thrust;
        let mut enrich = 0;
        for &cost in &self.enrich {
            if enrich == 0 {
                enrich = enrichment_thrust(spare_power, cost, false);
            }
        }
        l.budget += enrich;
        l
    }
}

/// Whether two lists of marks are equal: one branch-free pass the compiler vectorises (a
/// slice `==` calls `memcmp`, which costs more than the few marks a ship has).
#[inline]
fn same_marks(a: &[u16], b: &[u16]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0, |diff, (x, y)| diff | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::super::super::design::fixtures::reaper;
    use super::super::super::movement::readings::EngineDamage;
    use super::super::movement;
    use super::*;

    /// The figures read once per damage state are the reference functions' answers, over
    /// many random damage states of a Reaper (systems and hull hit one mark at a time, now and
    /// then a whole section or system lost, the same state read twice) under both engine
    /// damage readings and any spare power.
    #[test]
    fn condition_answers_as_the_reference_functions() {
        let d = reaper();
        let mut dice = crate::dice::Dice::for_battle(19, 1, 0);
        let mut next = |n: usize| crate::dice::Roller::below(&mut dice, n as u32) as usize;
        for rule in [
            EngineDamage::HalfUndamagedStructure,
            EngineDamage::OnePerTwoLost,
        ] {
            let r = Readings {
                engine_damage: rule,
                ..Readings::default()
            };
            for _ in 0..200 {
                let mut dmg = ShipDamage::new(&d);
                let mut c = Condition::new(&d);
                for _ in 0..40 {
                    match next(8) {
                        0 => {
                            let k = next(d.sections.len());
                            dmg.hull_damage[k] = (dmg.hull_damage[k] + 1).min(d.sections[k].hull);
                        }
                        1 => {
                            let k = next(d.sections.len());
                            dmg.hull_damage[k] = d.sections[k].hull;
                        }
                        2 => {
                            let s = next(d.systems.len());
                            dmg.system_damage[s] = d.systems[s].structure;
                        }
                        3 => {}
                        _ => {
                            let s = next(d.systems.len());
                            dmg.system_damage[s] =
                                (dmg.system_damage[s] + 1).min(d.systems[s].structure);
                        }
                    }
                    c.refresh(&d, &dmg, &r);
                    assert_eq!(c.reactor, preliminary::reactor_output(&d, &dmg));
                    assert_eq!(c.sensors, preliminary::sensors(&d, &dmg));
                    assert_eq!(c.bridge_accuracy, fire::bridge_accuracy(&d, &dmg));
                    for s in 0..d.systems.len() {
                        assert_eq!(c.destroyed[s], dmg.system_destroyed(&d, s as u16));
                        assert_eq!(c.left(s as u16), dmg.system_left(&d, s as u16));
                    }
                    let any = (0..d.systems.len()).any(|s| dmg.system_destroyed(&d, s as u16));
                    assert_eq!(c.any_destroyed, any);
                    assert_eq!(
                        c.reactor_unstable(),
                        super::super::effects::reactor_is_unstable(&d, &dmg)
                    );
                    assert_eq!(
                        c.bridges_lost(),
                        super::super::effects::bridges_lost(&d, &dmg)
                    );
                    for spare in 0..12 {
                        assert_eq!(c.limits(spare), movement::limits(&d, &dmg, spare, &r));
                    }
                }
            }
        }
    }
}
