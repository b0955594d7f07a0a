//! **Ship to Ship Combat** (seed `001_4562b86ca12635cd.txt`, one chapter of a modular-ship
//! RPG; digest `seed-001-modular-ships.md`): ships laid out as grids of square modules on a hex
//! map; Cannons in Standard, Long or Multi mode; line of sight through hexsides and corners;
//! facing from the module grid; 2d6 hit allocation onto the grid; shield dice; Broken and
//! Slagged modules; hull checks on the triangular table with Stabilizers and Luck; explosions.
//!
//! The chapter has no to-hit roll, round structure, movement or power economy: those are
//! named house rules (digest G1–G20, `docs/house-rules/ship-to-ship.md`). Where a rule lives
//! (one file per section of the chapter):
//! * [`hex`] — the hex map, hexsides and corners ("Line of Sight (Ships)");
//! * [`line_of_sight`] — blocking objects ("Line of Sight (Ships)");
//! * [`facing`] — four ship sides on six hexsides, module facing, side struck;
//! * [`grid`] — the module grid and its text picture;
//! * [`hit_allocation`] — the 2d6 allocation line ("Hit Allocation");
//! * [`cannon`] — Cannon modes; [`cannon_hits`] — shield dice, per-die effects, Broken and
//!   Slagged modules ("Cannon Hits", "Broken Modules", "Slagged Modules");
//! * [`hull_check`] — hull damage and the hull check ("Hull Damage and Ship Explosion");
//! * [`explosion`] — the blast ("Ship Explosion").

pub mod cannon;
pub mod cannon_hits;
pub mod explosion;
pub mod facing;
pub mod grid;
pub mod hex;
pub mod hit_allocation;
pub mod hull_check;
pub mod line_of_sight;
