//! A ship in play: position, velocity, damage tracks, conditions and per-turn flags.
//! `Copy` with fixed-size arrays, so resetting a battle copies templates and never allocates.

use crate::geometry::Vec2;
use crate::outcome::Side;

use super::design::{ComponentKind, ShipDesign, Slot};
use super::orders::CommandState;

/// Armor and Shield tracks per ship (engine limit, checked by validation).
pub const MAX_TRACKS: usize = 8;

/// Ships per matchup (activation bookkeeping uses 64-bit masks).
pub const MAX_SHIPS: usize = 64;

/// An Armor or Shield track.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Track {
    /// Boxes.
    pub cap: u8,
    /// Boxes filled.
    pub dmg: u8,
    /// Index of the component that provides it (its deactivation switches the track off).
    pub component: u8,
    /// Shield (true) or Armor (false).
    pub shield: bool,
}

impl Track {
    /// Undamaged boxes (compared with Accuracy for the bypass rule).
    pub fn undamaged(&self) -> u8 {
        self.cap - self.dmg
    }
}

/// Whether a ship is still in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// In play.
    Active,
    /// All health rows filled, or Catastrophic Damage.
    Destroyed,
    /// Left the table (house rule `leaving_board_flees`, G28).
    Fled,
    /// A fighter aboard its carrier (ch. 6c): not in play, but it activates (to launch).
    Aboard,
}

/// Lasting restrictions from Conditions (ch. 5 "Generating a Condition").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Restrictions {
    /// Weapons Damage: no [Offensive] orders or commands.
    pub no_offensive: bool,
    /// Component Damage: no [Defensive] orders or commands.
    pub no_defensive: bool,
    /// Communications Damage: only [Hyperspace] orders/commands; no escort or formation.
    pub communications: bool,
    /// Propulsion Damage: no [Navigate] orders or commands.
    pub no_navigate: bool,
    /// Propulsion Damage option (a): no [Hyperspace] commands.
    pub no_hyperspace: bool,
    /// Propulsion Damage option (b): Velocity can never change again.
    pub velocity_locked: bool,
}

/// Working equipment counts, cached so attacks don't scan the SIC (recounted whenever a
/// Condition deactivates a component).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Equipment {
    /// Proximity Weapon Systems.
    pub pws: u8,
    /// Area Weapons Systems.
    pub aws: u8,
    /// Primary defense suites (−1 accuracy against this ship each).
    pub defense_primary: u8,
    /// Secondary defense suites (+1 glance band each).
    pub defense_secondary: u8,
    /// Maneuver Enhance components.
    pub maneuver_enhance: u8,
    /// Heading Enhance components.
    pub heading_enhance: u8,
    /// Primary navigation suites (+1 [Navigate] Order slot).
    pub nav_suite: u8,
    /// Advanced Sensors (+1 [Scanning] Order slot).
    pub advanced_sensors: u8,
}

/// One ship's state during a battle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShipState {
    /// Index of its design in the matchup.
    pub design: u16,
    /// Owner.
    pub side: Side,
    /// Size.
    pub size: u8,
    /// Points value (for the Ships Destroyed measure).
    pub points: u32,
    /// Centre point.
    pub pos: Vec2,
    /// Unit vector along the ship's heading (its bearing in degrees is `facing.bearing()`).
    pub facing: Vec2,
    /// Working equipment counts.
    pub equipment: Equipment,
    /// Current Velocity.
    pub velocity: u8,
    /// Health boxes filled.
    pub health_dmg: u16,
    /// Health boxes (rows × row length).
    pub health_cap: u16,
    /// Boxes per health row.
    pub row_length: u8,
    /// Armor and Shield tracks in design order.
    pub tracks: [Track; MAX_TRACKS],
    /// Tracks in use.
    pub n_tracks: u8,
    /// Structural Damage conditions (each adds 1 whenever damage reaches Health).
    pub structural: u8,
    /// Conditions suffered (for reports and the "Conditions Inflicted" victory condition).
    pub conditions: u8,
    /// Lasting restrictions.
    pub restrictions: Restrictions,
    /// Deactivated weapons (bit per weapon index).
    pub weapons_off: u16,
    /// Deactivated components (bit per component index).
    pub components_off: u16,
    /// Weapons fired this turn (bit per weapon index).
    pub fired: u16,
    /// In play, destroyed or fled.
    pub status: Status,
    /// Ships this one exchanged PWS fire with this turn (bit per ship index).
    pub pws_partners: u64,
    /// Damage this ship's attacks dealt.
    pub damage_dealt: u32,
    /// Damage this ship took.
    pub damage_taken: u32,
    /// Shield boxes repaired (Reinforce Shields): boxes filled now = taken − repaired.
    pub repaired: u32,
    /// This turn's Orders, Command Token, [Marked] tokens and jump state (ch. 5, ch. 8).
    pub command: CommandState,
}

impl ShipState {
    /// A fresh ship of `design`.
    pub fn new(design_index: u16, design: &ShipDesign, side: Side, points: u32) -> Self {
        let mut tracks = [Track::default(); MAX_TRACKS];
        let mut n = 0;
        for (i, c) in design.components.iter().enumerate() {
            let shield = match c.kind {
                ComponentKind::Armor => false,
                ComponentKind::Shield => true,
                _ => continue,
            };
            tracks[n] = Track {
                cap: design.track_length(c.slot),
                dmg: 0,
                component: i as u8,
                shield,
            };
            n += 1;
        }
        let mut ship = ShipState {
            design: design_index,
            side,
            size: design.size,
            points,
            pos: Vec2::default(),
            facing: Vec2::new(1.0, 0.0),
            equipment: Equipment::default(),
            velocity: 0,
            health_dmg: 0,
            health_cap: design.health() as u16,
            row_length: design.row_length,
            tracks,
            n_tracks: n as u8,
            structural: 0,
            conditions: 0,
            restrictions: Restrictions::default(),
            weapons_off: 0,
            components_off: 0,
            fired: 0,
            status: Status::Active,
            pws_partners: 0,
            damage_dealt: 0,
            damage_taken: 0,
            repaired: 0,
            command: CommandState::default(),
        };
        ship.recount(design);
        ship
    }

    /// Recount working equipment (after a component is deactivated).
    pub fn recount(&mut self, design: &ShipDesign) {
        let count = |kind, slot| self.count_components(design, kind, slot);
        self.equipment = Equipment {
            pws: count(ComponentKind::Pws, None),
            aws: count(ComponentKind::Aws, None),
            defense_primary: count(ComponentKind::DefenseSuite, Some(Slot::Primary)),
            defense_secondary: count(ComponentKind::DefenseSuite, Some(Slot::Secondary)),
            maneuver_enhance: count(ComponentKind::ManeuverEnhance, None),
            heading_enhance: count(ComponentKind::HeadingEnhance, None),
            nav_suite: count(ComponentKind::NavSuite, Some(Slot::Primary)),
            advanced_sensors: count(ComponentKind::AdvancedSensors, None),
        };
    }

    /// Still in play.
    pub fn active(&self) -> bool {
        self.status == Status::Active
    }

    /// Whether weapon `i` is deactivated.
    pub fn weapon_off(&self, i: usize) -> bool {
        self.weapons_off & (1 << i) != 0
    }

    /// Whether component `i` is deactivated.
    pub fn component_off(&self, i: usize) -> bool {
        self.components_off & (1 << i) != 0
    }

    /// Active components of `kind` (optionally only in `slot`).
    pub fn count_components(
        &self,
        design: &ShipDesign,
        kind: ComponentKind,
        slot: Option<Slot>,
    ) -> u8 {
        design
            .components
            .iter()
            .enumerate()
            .filter(|(i, c)| {
                c.kind == kind && slot.is_none_or(|s| s == c.slot) && !self.component_off(*i)
            })
            .count() as u8
    }

    /// Remaining boxes on every track and health (a rough "how alive" for AI choices).
    pub fn remaining(&self) -> u32 {
        let tracks: u32 = self.tracks[..usize::from(self.n_tracks)]
            .iter()
            .enumerate()
            .filter(|(_, t)| !self.component_off(usize::from(t.component)))
            .map(|(_, t)| u32::from(t.undamaged()))
            .sum();
        tracks + u32::from(self.health_cap - self.health_dmg)
    }

    /// Health rows completely filled.
    pub fn rows_filled(&self) -> u16 {
        self.health_dmg / u16::from(self.row_length)
    }
}

/// What is left of a ship's protection and Health, in the game's words, for trace lines:
/// `Shield 2 of 4, Armor 3 of 3, Health 17 of 20 left` (tracks of deactivated components
/// absorb nothing and are not counted; a ship without Shields or Armor names only Health).
pub struct Left<'a>(pub &'a ShipState);

impl std::fmt::Display for Left<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ship = self.0;
        for (shield, name) in [(true, "Shield"), (false, "Armor")] {
            let (left, cap) = ship.tracks[..usize::from(ship.n_tracks)]
                .iter()
                .filter(|t| t.shield == shield && !ship.component_off(usize::from(t.component)))
                .fold((0u32, 0u32), |(l, c), t| {
                    (l + u32::from(t.undamaged()), c + u32::from(t.cap))
                });
            if cap > 0 {
                write!(f, "{name} {left} of {cap}, ")?;
            }
        }
        write!(
            f,
            "Health {} of {} left",
            ship.health_cap - ship.health_dmg,
            ship.health_cap
        )
    }
}
