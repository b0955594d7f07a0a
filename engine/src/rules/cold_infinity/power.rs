//! Power (§3, D4): power plants (reactors, capacitors, batteries, system batteries), the
//! per-turn budget, activation and deactivation, zero-power and unpowered systems, the drain of
//! destroyed systems and the uses of extra power. Overheating (§3.6) is optional.

use super::movement::readings::{CapacitorDamage, CollectorDamage};

/// A reactor's output this turn (§3.1.1, §13.1.4): its Rating less its damage, 1:1; it refills
/// fully every turn.
#[inline]
pub const fn reactor_output(rating: i32, damage: i32) -> i32 {
    if damage >= rating { 0 } else { rating - damage }
}

/// A capacitor "X/Y" (§3.1.2): holds up to X, recharges Y in the Power Allocation Phase; unused
/// charge carries over. Cannot share a unit with a reactor.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Capacitor {
    /// Capacity X (undamaged).
    pub capacity: i32,
    /// Recharge Y per turn (undamaged).
    pub recharge: i32,
    /// Charge now.
    pub charge: i32,
}

impl Capacitor {
    /// A full capacitor.
    pub const fn full(capacity: i32, recharge: i32) -> Capacitor {
        Capacitor {
            capacity,
            recharge,
            charge: capacity,
        }
    }

    /// Capacity and recharge after `damage` points: 2 output per point (§3.1.2), applied as
    /// the house rule `capacitor_damage` says.
    pub const fn rated(&self, damage: i32, rule: CapacitorDamage) -> (i32, i32) {
        let cap = self.capacity - 2 * damage;
        let cap = if cap < 0 { 0 } else { cap };
        let rec = match rule {
            CapacitorDamage::Capacity => self.recharge,
            CapacitorDamage::CapacityAndRecharge => {
                let r = self.recharge - 2 * damage;
                if r < 0 { 0 } else { r }
            }
        };
        (cap, rec)
    }

    /// The Power Allocation recharge (§3.1.2).
    pub fn recharge_now(&mut self, damage: i32, rule: CapacitorDamage) {
        let (cap, rec) = self.rated(damage, rule);
        self.charge = (self.charge + rec).min(cap);
    }

    /// Draw `n` points if held (returns whether it did) (§3.1.2: unused charge carries over).
    pub fn draw(&mut self, n: i32) -> bool {
        if n <= self.charge {
            self.charge -= n;
            true
        } else {
            false
        }
    }
}

/// A battery "C/k" (§3.1.3): holds up to C; `k` power from a self-charging plant stores one
/// point; never recharges itself; capacity falls 1 per damage point. A system battery
/// (§3.1.4) is the same store tied to one system and lost on that system's first hit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Battery {
    /// Capacity C (undamaged).
    pub capacity: i32,
    /// Convert Rating k.
    pub convert: i32,
    /// Charge now.
    pub charge: i32,
}

impl Battery {
    /// Capacity after damage (§3.1.3).
    pub const fn capacity_now(&self, damage: i32) -> i32 {
        let c = self.capacity - damage;
        if c < 0 { 0 } else { c }
    }

    /// Divert `power` into the battery: stores floor(power / k) points up to its room and
    /// returns the power actually spent (whole conversions only: our reading, the text converts
    /// "k points of power … to one point").
    pub fn store(&mut self, power: i32, damage: i32) -> i32 {
        if self.convert <= 0 {
            return 0;
        }
        let room = (self.capacity_now(damage) - self.charge).max(0);
        let points = (power / self.convert).min(room);
        self.charge += points;
        points * self.convert
    }

    /// Power needed to fill it from empty (§3.1.3 example: 20/2 needs 40).
    pub const fn power_to_fill(&self) -> i32 {
        self.capacity * self.convert
    }
}

/// A system battery as designed (§3.1.4, §16.4.10): the system it is attached to (a direct-fire
/// weapon in the battle: `mount` indexes the design's mounts, `sys` its systems) and its Rating
/// "C/k" — "extremely efficient but … low capacity (e.g., a Rating of 5/1)" or "highly
/// inefficient with great capacity (e.g., a Rating of 50/5)". It has no structure of its own:
/// it is "housed with" its system and "cannot be targeted separately".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SystemBatteryDesign {
    /// The system it powers (index into the design's systems).
    pub sys: u16,
    /// The weapon mount it powers (index into the design's mounts).
    pub mount: u16,
    /// Capacity C.
    pub capacity: i32,
    /// Convert Rating k: k points of plant power store one point (§3.1.3; 1..=10, §16.4.10).
    pub convert: i32,
}

impl SystemBatteryDesign {
    /// The store, holding `charge`.
    pub const fn store(&self, charge: i32) -> Battery {
        Battery {
            capacity: self.capacity,
            convert: self.convert,
            charge,
        }
    }
}

/// Whether a system battery is lost (§3.1.4: "instantly destroyed on the first hit to the
/// attached system, taking one point of damage"), given its system's undamaged structure
/// `structure` and what is `left` of it. Our reading: the battery is lost with the first hit
/// that does its system at least one point of damage, and that hit damages the system in full
/// (the battery takes no share of it; a hit stopped wholly by armor or shields does not reach
/// the system). A system destroyed with its section takes its battery with it.
pub const fn system_battery_lost(structure: u16, left: u16) -> bool {
    left < structure
}

/// A system battery (§3.1.4): a battery that powers one system only, destroyed (taking 1
/// point of damage) by the first hit on that system, never on a zero-power system.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SystemBattery {
    /// The store.
    pub battery: Battery,
    /// Destroyed with the first hit on its system.
    pub destroyed: bool,
}

impl SystemBattery {
    /// Its system was hit: the battery is gone (§3.1.4). Returns whether this hit destroyed it.
    pub fn system_hit(&mut self) -> bool {
        let first = !self.destroyed;
        self.destroyed = true;
        self.battery.charge = 0;
        first
    }

    /// Power it can give its system this turn.
    pub const fn available(&self) -> i32 {
        if self.destroyed {
            0
        } else {
            self.battery.charge
        }
    }
}

/// Power a collector panel array gathers this turn, straight into batteries (§3.1.5): its
/// Rating (usually 1) less 2 per damage point (§3.1.5) or 1 (§13.1.4): house rule
/// `collector_damage` (D19 18).
pub const fn collector_output(rating: i32, damage: i32, rule: CollectorDamage) -> i32 {
    let per = match rule {
        CollectorDamage::TwoPerPoint => 2,
        CollectorDamage::OnePerPoint => 1,
    };
    let r = rating - per * damage;
    if r < 0 { 0 } else { r }
}

/// Battery power a zero-power system consumes when a battery powers it (§3.3): 1 point every
/// 10 turns — due on turns 10, 20, … of battery operation.
pub const fn zero_power_battery_draw(turns_on_battery: i32) -> i32 {
    if turns_on_battery > 0 && turns_on_battery % 10 == 0 {
        1
    } else {
        0
    }
}

/// How a system draws power (§3.3, §16.4.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PowerNeed {
    /// Draws this many points while active.
    Powered(i32),
    /// Draws nothing but needs a working plant (engines, missile racks, AMRS).
    ZeroPower,
    /// Draws nothing and needs no plant (the bridge); never deactivated.
    Unpowered,
}

impl PowerNeed {
    /// Points drawn while active (§3.1: one point per point required).
    pub const fn draw(self) -> i32 {
        match self {
            PowerNeed::Powered(n) => n,
            PowerNeed::ZeroPower | PowerNeed::Unpowered => 0,
        }
    }
}

/// A system's power state (§3.2, §3.4). `Copy`; one per powered system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SystemPower {
    /// How it draws.
    pub need: PowerNeed,
    /// Switched on.
    pub active: bool,
    /// Extra (boost) power this turn (§3.5).
    pub extra: i32,
    /// Destroyed.
    pub destroyed: bool,
    /// Turns a destroyed, formerly active system still draws its standard power (§3.4).
    pub drain_left: i32,
}

impl SystemPower {
    /// An active, undamaged system (§3.2).
    pub const fn on(need: PowerNeed) -> SystemPower {
        SystemPower {
            need,
            active: true,
            extra: 0,
            destroyed: false,
            drain_left: 0,
        }
    }

    /// Power this system draws this turn: its need and extra power while active, or its
    /// standard need while a destroyed active system drains (§3.4; no extra power).
    pub const fn drawn(&self) -> i32 {
        if self.destroyed {
            if self.drain_left > 0 {
                self.need.draw()
            } else {
                0
            }
        } else if self.active {
            self.need.draw() + self.extra
        } else {
            0
        }
    }

    /// The system is destroyed (§3.4): if it was active it keeps drawing its standard power for
    /// as many turns as that power; a deactivated one stops drawing at once. It cannot be
    /// deactivated afterwards.
    pub fn destroy(&mut self) {
        if !self.destroyed {
            self.destroyed = true;
            self.drain_left = if self.active { self.need.draw() } else { 0 };
            self.extra = 0;
        }
    }

    /// Count one turn of the destroyed drain (at the end of the turn).
    pub fn end_turn(&mut self) {
        if self.destroyed && self.drain_left > 0 {
            self.drain_left -= 1;
        }
    }
}

/// Total drawn by a set of systems this turn.
pub fn total_drawn(systems: &[SystemPower]) -> i32 {
    systems.iter().map(SystemPower::drawn).sum()
}

/// Resolve a power shortfall (§3.2): with `available` power, switch off systems in the
/// player's `priority` order (indices, first switched off first) until the books balance;
/// extra power is dropped first. With no power at all every system that needs a plant is
/// switched off, zero-power ones included (§3.3); unpowered ones never are. Returns the power
/// left over. Destroyed systems still draining cannot be switched off (§3.4).
pub fn balance(available: i32, systems: &mut [SystemPower], priority: &[usize]) -> i32 {
    if available <= 0 {
        for s in systems.iter_mut() {
            if !s.destroyed && s.need != PowerNeed::Unpowered {
                s.active = false;
                s.extra = 0;
            }
        }
        return available.max(0) - total_drawn(systems);
    }
    for &i in priority {
        if total_drawn(systems) <= available {
            break;
        }
        if systems[i].destroyed || systems[i].need == PowerNeed::Unpowered {
            continue;
        }
        if systems[i].extra > 0 {
            systems[i].extra = 0;
            if total_drawn(systems) <= available {
                break;
            }
        }
        systems[i].active = false;
    }
    available - total_drawn(systems)
}

/// Heat an overheating plant makes this turn (§3.6, optional): one per two power used.
pub const fn heat_generated(power_used: i32) -> i32 {
    power_used / 2
}

/// Whether an overheating plant shuts down in the Final Actions Step (§3.6): heat has reached
/// its output. A shut-down plant sheds 2 heat a turn.
pub const fn overheats(heat: i32, output: i32) -> bool {
    heat >= output
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §3.1.1: reactor output falls 1:1 with damage and refills every turn.
    #[test]
    fn reactor() {
        assert_eq!(reactor_output(8, 0), 8); // the Reaper's reactor
        assert_eq!(reactor_output(8, 3), 5);
        assert_eq!(reactor_output(8, 9), 0);
    }

    /// §3.1.2 example: a 30/10 capacitor with 10 power of basic systems, firing a 4-power
    /// weapon every turn for five turns, drains to exactly the basic 10 at the start of a turn
    /// (16, 12, 8, 4, 0 at the turns' ends); then switching off 4 points of basic systems for a
    /// full turn leaves 14 at the start of the next.
    #[test]
    fn example_3_1_2_capacitor_30_10() {
        let rule = CapacitorDamage::default();
        let mut c = Capacitor::full(30, 10);
        let mut ends = Vec::new();
        for turn in 0..5 {
            if turn > 0 {
                c.recharge_now(0, rule);
            }
            assert!(c.draw(10 + 4));
            ends.push(c.charge);
        }
        assert_eq!(ends, [16, 12, 8, 4, 0]);
        c.recharge_now(0, rule);
        assert_eq!(c.charge, 10, "just enough for basic systems");
        assert!(!c.draw(14));
        assert!(c.draw(6));
        c.recharge_now(0, rule);
        assert_eq!(c.charge, 14);
        // Without the weapon the capacitor holds 20 at each turn's end and refills to 30.
        let mut idle = Capacitor::full(30, 10);
        assert!(idle.draw(10));
        assert_eq!(idle.charge, 20);
        idle.recharge_now(0, rule);
        assert_eq!(idle.charge, 30);
    }

    /// §3.1.2: damage costs 2 points per structure point (house rule: capacity, or capacity
    /// and recharge).
    #[test]
    fn damaged_capacitor() {
        let c = Capacitor::full(30, 10);
        assert_eq!(c.rated(3, CapacitorDamage::Capacity), (24, 10));
        assert_eq!(c.rated(3, CapacitorDamage::CapacityAndRecharge), (24, 4));
        assert_eq!(c.rated(20, CapacitorDamage::CapacityAndRecharge), (0, 0));
        let mut d = Capacitor { charge: 28, ..c };
        d.recharge_now(3, CapacitorDamage::Capacity);
        assert_eq!(d.charge, 24);
    }

    /// §3.1.3 example: a 20/2 battery holds 20 and takes 40 reactor power to fill; damage
    /// costs 1 capacity per point.
    #[test]
    fn example_3_1_3_battery_20_2() {
        let mut b = Battery {
            capacity: 20,
            convert: 2,
            charge: 0,
        };
        assert_eq!(b.power_to_fill(), 40);
        assert_eq!(b.store(7, 0), 6);
        assert_eq!(b.charge, 3);
        assert_eq!(b.store(100, 0), 34);
        assert_eq!(b.charge, 20);
        assert_eq!(b.store(10, 0), 0);
        assert_eq!(b.capacity_now(5), 15);
    }

    /// §3.4 example: a 3-power weapon destroyed while active draws 3 more turns; destroyed while
    /// off, nothing; boost power is not drawn.
    #[test]
    fn example_3_4_destroyed_weapon_drains_three_turns() {
        let mut w = SystemPower {
            extra: 2,
            ..SystemPower::on(PowerNeed::Powered(3))
        };
        assert_eq!(w.drawn(), 5);
        w.destroy();
        let mut draws = Vec::new();
        for _ in 0..5 {
            draws.push(w.drawn());
            w.end_turn();
        }
        assert_eq!(draws, [3, 3, 3, 0, 0]);
        let mut off = SystemPower {
            active: false,
            ..SystemPower::on(PowerNeed::Powered(3))
        };
        off.destroy();
        assert_eq!(off.drawn(), 0);
    }

    /// §3.2, §3.3: a shortfall switches systems off in the player's order until balanced; no
    /// power at all switches off zero-power systems too, never unpowered ones.
    #[test]
    fn shortfall_and_total_loss() {
        let mut s = [
            SystemPower::on(PowerNeed::Powered(4)), // sensors
            SystemPower::on(PowerNeed::Powered(1)), // railgun
            SystemPower::on(PowerNeed::Powered(1)), // railgun
            SystemPower::on(PowerNeed::ZeroPower),  // engine
            SystemPower::on(PowerNeed::Unpowered),  // bridge
        ];
        assert_eq!(total_drawn(&s), 6);
        assert_eq!(balance(5, &mut s, &[1, 2, 0]), 0);
        assert_eq!([s[0].active, s[1].active, s[2].active], [true, false, true]);
        assert_eq!(balance(0, &mut s, &[0, 1, 2]), 0);
        assert!(s.iter().take(4).all(|x| !x.active));
        assert!(s[4].active);
    }

    /// Reaper SDS check (D1): power requirement 8 = four railguns × 1 + sensors 4; racks,
    /// engine and bridge draw 0; the reactor's 8 covers it exactly.
    #[test]
    fn reaper_power_balances() {
        let mut s = [SystemPower::on(PowerNeed::Powered(1)); 7];
        s[4] = SystemPower::on(PowerNeed::Powered(4));
        s[5] = SystemPower::on(PowerNeed::ZeroPower);
        s[6] = SystemPower::on(PowerNeed::Unpowered);
        assert_eq!(total_drawn(&s), 8);
        assert_eq!(balance(reactor_output(8, 0), &mut s, &[0, 1, 2, 3]), 0);
        assert!(s.iter().all(|x| x.active));
    }

    /// §3.1.4: a system battery is lost to the first hit on its system; §3.1.5: collectors
    /// lose 2 per damage point; §3.3: a battery-run zero-power system costs 1 per 10 turns.
    #[test]
    fn system_batteries_collectors_and_zero_power_drain() {
        let mut sb = SystemBattery {
            battery: Battery {
                capacity: 5,
                convert: 1,
                charge: 5,
            },
            destroyed: false,
        };
        assert_eq!(sb.available(), 5);
        assert!(sb.system_hit());
        assert!(!sb.system_hit());
        assert_eq!(sb.available(), 0);
        let two = CollectorDamage::TwoPerPoint;
        assert_eq!(collector_output(1, 0, two), 1);
        assert_eq!(collector_output(1, 1, two), 0);
        assert_eq!(collector_output(3, 1, two), 1);
        assert_eq!(collector_output(3, 1, CollectorDamage::OnePerPoint), 2);
        let drawn: i32 = (1..=25).map(zero_power_battery_draw).sum();
        assert_eq!(drawn, 2);
    }

    /// §3.1.4's two examples: an efficient 5/1 system battery holds 5 and fills from 5 plant
    /// power; an inefficient 50/5 holds 50 and takes 250 (k power a point, as §3.1.3's 20/2
    /// takes 40). Both are lost with their system's first damage point, never before.
    #[test]
    fn example_3_1_4_system_batteries_5_1_and_50_5() {
        let efficient = SystemBatteryDesign {
            sys: 3,
            mount: 0,
            capacity: 5,
            convert: 1,
        };
        let mut b = efficient.store(0);
        assert_eq!(b.power_to_fill(), 5);
        assert_eq!(b.store(3, 0), 3);
        assert_eq!(b.store(9, 0), 2);
        assert_eq!(b.charge, 5);
        let big = SystemBatteryDesign {
            capacity: 50,
            convert: 5,
            ..efficient
        };
        let mut b = big.store(0);
        assert_eq!(b.power_to_fill(), 250);
        assert_eq!(
            b.store(14, 0),
            10,
            "whole conversions: 14 power stores 2 points"
        );
        assert_eq!(b.charge, 2);
        assert_eq!(b.store(1000, 0), 240);
        assert_eq!(b.charge, 50);
        assert!(!system_battery_lost(4, 4));
        assert!(system_battery_lost(4, 3), "the first point of damage");
        assert!(system_battery_lost(4, 0));
    }

    /// §3.6 example (optional): a plant using 20 power for 2 turns makes 10 heat a turn, 20 in
    /// all; a 25-output plant shuts down once heat reaches 25.
    #[test]
    fn example_3_6_overheating() {
        assert_eq!(heat_generated(20), 10);
        assert_eq!(2 * heat_generated(20), 20);
        assert!(!overheats(20, 25));
        assert!(overheats(30, 25));
    }
}
