//! §7.2–§7.7 weapons fire: the fire-determination order, the hit roll, hit location, damage and
//! called shots, plus the fire-and-damage house rules ([`readings::Readings`]).

pub mod attack;
pub mod called_shots;
pub mod damage;
pub mod determination;
pub mod hit_location;
pub mod hit_roll;
#[cfg(test)]
mod point_defense_tests;
pub mod readings;
pub mod wave;

pub use readings::Readings;
