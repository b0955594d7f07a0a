//! §8 direct-fire weapons: configurations (§8.1) and technologies (§8.2).

pub mod configurations;
pub mod technologies;
