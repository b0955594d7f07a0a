//! Stage 0 "Determine Objectives": the text's three suggested objectives as scenario kinds.
//! Each decides `Outcome.verdict` at the end of the battle; `Outcome.standing` stays the last
//! side standing (or the turn-cap measure, J6).
//! * **Hold the area** — "whoever has a credible fighting force in the area at the end of the
//!   battle can reasonably claim victory" (J17: more fleet value in play within the radius).
//! * **VIP** — "victory is determined by if the objective is still intact at the end of the
//!   battle, and if the defender managed to inflict enough casualties on the attacker".
//! * **Blockade run** — one side must deliver a ship to a hex; "make victory not instantaneous
//!   by ... having to defend the delivery ship for a while" (a hold time in crew phases).

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::outcome::{Side, Verdict};

use super::hex::Hex;
use super::ship::{ShipState, Status};

/// Objective kinds in configs.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum ObjectiveKind {
    /// Hold the area around a hex.
    HoldTheArea,
    /// Keep a VIP ship intact and make the attack costly.
    Vip,
    /// Deliver a ship to a hex and keep it there.
    BlockadeRun,
}

/// `[scenario.objective]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveSpec {
    /// `hold-the-area`, `vip` or `blockade-run`.
    pub kind: ObjectiveKind,
    /// The area's or delivery point's hex `[q, r]` (default: midway between the fleets for
    /// hold-the-area, side B's line for blockade-run).
    #[serde(default)]
    pub hex: Option<Spanned<[i64; 2]>>,
    /// Radius in hexes (default 5 for the area, 2 for the delivery point).
    #[serde(default)]
    pub radius: Option<Spanned<i64>>,
    /// Side of the VIP or of the delivery ship, `"A"` or `"B"` (default A).
    #[serde(default)]
    pub side: Option<Spanned<String>>,
    /// The VIP or delivery ship: index in that side's fleet (default 0).
    #[serde(default)]
    pub ship: Option<Spanned<i64>>,
    /// VIP: the attacker's losses (percent of its fleet value destroyed, surrendered or
    /// retreated) that make the attack "not worth it" (default 50).
    #[serde(default)]
    pub worth_percent: Option<Spanned<i64>>,
    /// Blockade run: crew phases in a row the delivery ship must end within the radius
    /// (default 3).
    #[serde(default)]
    pub hold_turns: Option<Spanned<i64>>,
}

/// A validated objective.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Objective {
    /// The side with more fleet value in play within `radius` of `hex` wins.
    HoldTheArea {
        /// Centre.
        hex: Hex,
        /// Radius.
        radius: i32,
    },
    /// Ship `ship` (matchup index) must survive; its side wins if the attacker also lost
    /// `worth_percent` of its value, else the battle is a draw.
    Vip {
        /// The VIP.
        ship: usize,
        /// Attacker losses for a defender's win.
        worth_percent: u32,
    },
    /// Ship `ship` must end `hold_turns` crew phases in a row within `radius` of `hex`.
    BlockadeRun {
        /// The delivery ship.
        ship: usize,
        /// Delivery point.
        hex: Hex,
        /// Radius.
        radius: i32,
        /// Crew phases in a row.
        hold_turns: u32,
    },
}

impl Objective {
    /// The ship that steers for a point instead of the enemy (the delivery ship), and where.
    pub fn goal(&self, ship: usize) -> Option<Hex> {
        match *self {
            Objective::BlockadeRun { ship: s, hex, .. } if s == ship => Some(hex),
            _ => None,
        }
    }

    /// The ship the objective turns on: the VIP or the delivery ship.
    pub fn key_ship(&self) -> Option<usize> {
        match *self {
            Objective::Vip { ship, .. } | Objective::BlockadeRun { ship, .. } => Some(ship),
            Objective::HoldTheArea { .. } => None,
        }
    }

    /// Whether ship `i` holds its position (the VIP "can't readily move").
    pub fn holds(&self, i: usize) -> bool {
        matches!(*self, Objective::Vip { ship, .. } if ship == i)
    }

    /// The verdict at the end of a battle; `delivered` tells whether the blockade run
    /// succeeded at some point.
    pub fn verdict(&self, ships: &[ShipState], delivered: bool) -> Verdict {
        match *self {
            Objective::HoldTheArea { hex, radius } => {
                let mut value = [0u64; 2];
                let mut present = [false; 2];
                for s in ships {
                    if s.status.in_battle() {
                        present[s.side.index()] = true;
                    }
                    if s.status.in_play() && s.pos.distance(hex) <= radius {
                        value[s.side.index()] += u64::from(s.points);
                    }
                }
                // A side with nothing left in the battle cannot contest the area.
                match (present, value[0].cmp(&value[1])) {
                    ([true, false], _) => Verdict::Win(Side::A),
                    ([false, true], _) => Verdict::Win(Side::B),
                    ([false, false], _) => Verdict::Draw,
                    (_, std::cmp::Ordering::Greater) => Verdict::Win(Side::A),
                    (_, std::cmp::Ordering::Less) => Verdict::Win(Side::B),
                    (_, std::cmp::Ordering::Equal) => Verdict::Draw,
                }
            }
            Objective::Vip {
                ship,
                worth_percent,
            } => {
                let vip = &ships[ship];
                let attacker = vip.side.other();
                if matches!(vip.status, Status::Destroyed | Status::Surrendered) {
                    return Verdict::Win(attacker);
                }
                let (mut lost, mut total) = (0u64, 0u64);
                for s in ships.iter().filter(|s| s.side == attacker) {
                    total += u64::from(s.points);
                    if !s.status.in_battle() {
                        lost += u64::from(s.points);
                    }
                }
                if lost * 100 >= u64::from(worth_percent) * total.max(1) {
                    Verdict::Win(vip.side)
                } else {
                    Verdict::Draw
                }
            }
            Objective::BlockadeRun { ship, .. } => {
                let runner = ships[ship].side;
                if delivered {
                    Verdict::Win(runner)
                } else {
                    Verdict::Win(runner.other())
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::rules::junction::design::ShipDesign;

    fn ships() -> Vec<ShipState> {
        let d = ShipDesign {
            armor: 0.0,
            protection: 0.0,
            integrity: 10.0,
            plants: vec![],
            ..ShipDesign::bare("x")
        };
        let mut v = vec![
            ShipState::new(0, &d, Side::A, 100, 0),
            ShipState::new(0, &d, Side::A, 100, 0),
            ShipState::new(0, &d, Side::B, 150, 0),
        ];
        v[0].pos = Hex::new(0, 0);
        v[1].pos = Hex::new(20, 0);
        v[2].pos = Hex::new(3, 0);
        v
    }

    /// Hold the area: the larger value in play within the radius wins, even when the other
    /// side has more ships in the battle; a side with nothing left cannot contest it.
    #[test]
    fn hold_the_area_counts_value_inside_the_radius() {
        let mut s = ships();
        let o = Objective::HoldTheArea {
            hex: Hex::new(0, 0),
            radius: 5,
        };
        assert_eq!(o.verdict(&s, false), Verdict::Win(Side::B));
        s[1].pos = Hex::new(1, 0);
        assert_eq!(o.verdict(&s, false), Verdict::Win(Side::A));
        s[0].status = Status::Destroyed;
        assert_eq!(o.verdict(&s, false), Verdict::Win(Side::B));
        s[2].status = Status::Retreated;
        s[1].pos = Hex::new(50, 0);
        assert_eq!(o.verdict(&s, false), Verdict::Win(Side::A));
    }

    /// VIP: destroyed or surrendered → the attacker wins; intact → the defender wins only if
    /// the attacker lost at least `worth_percent` of its value, else a draw.
    #[test]
    fn vip_needs_the_ship_intact_and_the_attack_made_costly() {
        let mut s = ships();
        let o = Objective::Vip {
            ship: 2,
            worth_percent: 50,
        };
        assert_eq!(o.verdict(&s, false), Verdict::Draw);
        s[0].status = Status::Destroyed;
        assert_eq!(o.verdict(&s, false), Verdict::Win(Side::B));
        s[2].status = Status::Surrendered;
        assert_eq!(o.verdict(&s, false), Verdict::Win(Side::A));
    }

    #[test]
    fn blockade_run_is_won_by_delivery() {
        let s = ships();
        let o = Objective::BlockadeRun {
            ship: 0,
            hex: Hex::new(10, 0),
            radius: 2,
            hold_turns: 3,
        };
        assert_eq!(o.verdict(&s, true), Verdict::Win(Side::A));
        assert_eq!(o.verdict(&s, false), Verdict::Win(Side::B));
        assert_eq!(o.goal(0), Some(Hex::new(10, 0)));
        assert_eq!(o.goal(1), None);
    }
}
