//! 2-D vector hex movement (§5, D6): a ship has a position, a vector (a hex displacement per
//! turn), a facing and continuing rotations; in its initiative slot it pays thrust for new
//! rotation and acceleration, then moves its whole vector whatever its facing (§5.4.1).
//!
//! The 3-D rules (§6) are a later step: [`Motion`] leaves room for a z layer beside it.

pub mod maneuvers;
pub mod readings;
pub mod small_vessels;
pub mod thrust;
pub mod thrusters;
pub mod vector;

pub use maneuvers::{ManeuverError, ManeuverPlan, Motion, Quarter};
pub use readings::Readings;
pub use thrust::{Channel, HullClass, ThrustCosts};
