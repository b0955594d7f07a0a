//! A ship's state in battle: position and facing, current Guns and Shields, hull damage, OOC,
//! Luck left, and per module its Broken markers and Used marker. Fixed-size and `Copy`, so a
//! battle resets by copying templates and never allocates.

use super::grid::{MAX_COLS, MAX_ROWS};
use super::hex::Hex;
use crate::outcome::Side;

/// Most ships in a matchup (both sides).
pub const MAX_SHIPS: usize = 16;

/// One ship in battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShipState {
    /// Index of its design in the matchup.
    pub design: u8,
    /// Its side.
    pub side: Side,
    /// Hex it is in.
    pub pos: Hex,
    /// Hex direction its fore points to (0..6).
    pub facing: u8,
    /// Current Guns power.
    pub guns: u8,
    /// Current Shields power.
    pub shields: u8,
    /// Hull damage so far.
    pub hull: u32,
    /// OOC level.
    pub ooc: u16,
    /// Luck left.
    pub luck: u16,
    /// Scans left (each rerolls one of its hit allocation dice).
    pub scans: u16,
    /// Broken markers per module (0..=2; 2 = slagged).
    pub markers: [[u8; MAX_COLS]; MAX_ROWS],
    /// Used markers, one bit per cell (`row * MAX_COLS + col`).
    pub used: u64,
    /// Exploded (out of play).
    pub exploded: bool,
    /// Hull damage it dealt with its Cannons.
    pub dealt: u32,
}

impl ShipState {
    /// A fresh ship.
    pub fn new(design: u8, side: Side, guns: u8, shields: u8, luck: u16) -> ShipState {
        ShipState {
            design,
            side,
            pos: Hex::default(),
            facing: 0,
            guns,
            shields,
            hull: 0,
            ooc: 0,
            luck,
            scans: 0,
            markers: [[0; MAX_COLS]; MAX_ROWS],
            used: 0,
            exploded: false,
            dealt: 0,
        }
    }

    /// Whether it is still in play.
    pub const fn alive(&self) -> bool {
        !self.exploded
    }

    /// Whether the module at (row, col) carries a Used marker.
    pub const fn is_used(&self, row: usize, col: usize) -> bool {
        self.used & (1u64 << (row * MAX_COLS + col)) != 0
    }

    /// Put a Used marker on (row, col).
    pub fn mark_used(&mut self, row: usize, col: usize) {
        self.used |= 1u64 << (row * MAX_COLS + col);
    }

    /// Whether the module at (row, col) is Broken (at least one marker; seed: "will not
    /// function until it is repaired").
    pub const fn is_broken(&self, row: usize, col: usize) -> bool {
        self.markers[row][col] > 0
    }
}
