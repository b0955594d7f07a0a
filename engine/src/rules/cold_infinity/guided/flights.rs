//! The guided weapons in flight in one battle: a fixed-capacity set of [`Flight`]s (no
//! allocation; reset per battle). Missiles and torpedoes live from launch to the end of the
//! turn's Guided Weapons Phase; drones until they strike, are shot down, lose their target or
//! run out of range (§9, §9.2.3).

use super::launch::Flight;

/// Most guided weapons in flight at once.
pub const MAX_FLIGHTS: usize = 64;

/// The battle's flights, in launch order.
#[derive(Clone, Copy, Debug)]
pub struct Flights {
    slots: [Option<Flight>; MAX_FLIGHTS],
    len: usize,
}

impl Default for Flights {
    fn default() -> Self {
        Flights {
            slots: [None; MAX_FLIGHTS],
            len: 0,
        }
    }
}

impl Flights {
    /// Empties the set (start of a battle).
    pub fn reset(&mut self) {
        self.len = 0;
    }

    /// How many are in flight.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds a launched weapon; `false` (and nothing added) when full — a launcher may not launch
    /// then.
    pub fn push(&mut self, f: Flight) -> bool {
        if self.len == MAX_FLIGHTS {
            return false;
        }
        self.slots[self.len] = Some(f);
        self.len += 1;
        true
    }

    /// The flights, in launch order.
    pub fn iter(&self) -> impl Iterator<Item = &Flight> {
        self.slots[..self.len].iter().flatten()
    }

    /// The flights, mutable (drone moves, retargeting).
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut Flight> {
        self.slots[..self.len].iter_mut().flatten()
    }

    /// Keeps the flights for which `keep` holds, in launch order (end of the Guided Weapons
    /// Phase: every missile and torpedo is spent; drones that struck or were lost go).
    pub fn retain(&mut self, mut keep: impl FnMut(&Flight) -> bool) {
        let mut w = 0;
        for r in 0..self.len {
            if let Some(f) = self.slots[r]
                && keep(&f)
            {
                self.slots[w] = Some(f);
                w += 1;
            }
        }
        for s in &mut self.slots[w..self.len] {
            *s = None;
        }
        self.len = w;
    }
}

#[cfg(test)]
mod tests {
    use super::super::launch::LauncherAccuracy;
    use super::super::types::Munition;
    use super::*;
    use crate::hex::Hex;
    use crate::rules::cold_infinity::design::DamageDice;

    fn flight(target: u8, drone: bool) -> Flight {
        let mut m = Munition::missile(DamageDice::new(1, 6, 0), 5, 1);
        if drone {
            m.drone_speed = 3;
        }
        Flight {
            munition: m,
            owner: 0,
            target,
            launch_hex: Hex::new(0, 0),
            pos: Hex::new(0, 0),
            heading_to: Hex::new(0, 0),
            travelled: 0,
            max_range: 5,
            accuracy: LauncherAccuracy::Rack(0),
        }
    }

    #[test]
    fn push_retain_in_launch_order() {
        let mut fl = Flights::default();
        for t in 0..5 {
            assert!(fl.push(flight(t, t % 2 == 1)));
        }
        fl.retain(|f| f.munition.is_drone());
        let targets: Vec<u8> = fl.iter().map(|f| f.target).collect();
        assert_eq!(targets, vec![1, 3]);
        for f in fl.iter_mut() {
            f.target += 10;
        }
        assert_eq!(
            fl.iter().map(|f| f.target).collect::<Vec<_>>(),
            vec![11, 13]
        );
        fl.reset();
        assert!(fl.is_empty());
        for _ in 0..MAX_FLIGHTS {
            assert!(fl.push(flight(0, false)));
        }
        assert!(!fl.push(flight(0, false)));
        assert_eq!(fl.len(), MAX_FLIGHTS);
    }
}
