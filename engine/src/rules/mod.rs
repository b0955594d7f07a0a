//! One module per rule system. Adding a system touches its module here, one line in
//! `sim`'s registry and its folder under `configs/` — nothing else.

pub mod cold_infinity;
pub mod cosmic_conflict;
pub mod junction;
pub mod ship_to_ship;
pub mod target_lock;
