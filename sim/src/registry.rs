//! The one place that names rule systems. Adding a rule system adds one line to
//! [`with_system`] (and its name to [`NAMES`]).

use fleetlab_engine::RuleSystem;
use fleetlab_engine::rules::cold_infinity::ColdInfinity;
use fleetlab_engine::rules::cosmic_conflict::CosmicConflict;
use fleetlab_engine::rules::junction::Junction;
use fleetlab_engine::rules::ship_to_ship::ShipToShip;
use fleetlab_engine::rules::target_lock::TargetLock;

/// Rule systems fleetlab knows, by config name.
pub const NAMES: &[&str] = &[
    CosmicConflict::NAME,
    Junction::NAME,
    ShipToShip::NAME,
    TargetLock::NAME,
    ColdInfinity::NAME,
];

/// Something to do with a rule system chosen at run time by name.
pub trait SystemTask {
    /// What the task returns.
    type Output;
    /// Do it with rule system `R`.
    fn run<R: RuleSystem>(self) -> Self::Output;
}

/// Run `task` with the rule system called `name`, or `None` if there is none.
pub fn with_system<T: SystemTask>(name: &str, task: T) -> Option<T::Output> {
    match name {
        ColdInfinity::NAME => Some(task.run::<ColdInfinity>()),
        CosmicConflict::NAME => Some(task.run::<CosmicConflict>()),
        Junction::NAME => Some(task.run::<Junction>()),
        ShipToShip::NAME => Some(task.run::<ShipToShip>()),
        TargetLock::NAME => Some(task.run::<TargetLock>()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct EventCount;
    impl SystemTask for EventCount {
        type Output = usize;
        fn run<R: RuleSystem>(self) -> usize {
            R::EVENTS.len()
        }
    }

    /// Each rule system's named events fit the fixed per-side event counters.
    #[test]
    fn every_rule_systems_events_fit_the_counters() {
        for name in NAMES {
            let n = with_system(name, EventCount).unwrap();
            assert!(
                n <= fleetlab_engine::MAX_EVENTS,
                "{name} names {n} events; at most {} fit",
                fleetlab_engine::MAX_EVENTS
            );
        }
    }
}
