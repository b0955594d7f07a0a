//! Scripted AI policies: named, parameterised decision rules for one side. Every report names
//! the policy (with its parameters) each side used.

use std::fmt;

/// How a side moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Approach {
    /// Never move (calibration targets, shooting ranges).
    Hold,
    /// Close to `range` of the focus target (default: ¾ of the ship's shortest weapon Range).
    Close {
        /// Preferred distance, if fixed.
        range: Option<f64>,
    },
    /// Keep `range` from the focus target (default: just inside the ship's longest Range).
    Standoff {
        /// Preferred distance, if fixed.
        range: Option<f64>,
    },
}

/// Which enemy a weapon shoots at (and, for movement, which enemy a ship focuses on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Targeting {
    /// The target with the highest expected damage from this weapon.
    BestOdds,
    /// The damaged-most target (fewest boxes left) the weapon can hurt.
    Weakest,
    /// The target with the most firepower the weapon can hurt.
    MostDangerous,
    /// The nearest target the weapon can hurt.
    Nearest,
}

/// Whether a side passes in the Size steps of the activation order (to move later).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Passing {
    /// Always activate when it is this side's turn.
    Never,
    /// Pass while the enemy still has an unactivated ship of the same Size (move after it).
    WhenEnemyWaiting,
}

/// A side's policy.
#[derive(Clone, Debug, PartialEq)]
pub struct Policy {
    /// Preset name the policy started from.
    pub preset: &'static str,
    /// Movement.
    pub approach: Approach,
    /// Target choice.
    pub targeting: Targeting,
    /// Whether it fires at all (`passive` does not).
    pub fires: bool,
    /// Activation passing.
    pub passing: Passing,
    /// Whether it calls PWS exchanges when it has at least as many PWS as the enemy.
    pub pws_exchange: bool,
    /// Whether movement steers around Dangerous and Hazardous terrain (Solid is always
    /// avoided).
    pub avoid_terrain: bool,
}

impl Policy {
    /// Preset names, for error messages.
    pub const PRESETS: [&'static str; 6] = [
        "brawler",
        "standoff",
        "focus-weakest",
        "focus-threat",
        "turret",
        "passive",
    ];

    /// A named preset:
    /// * `brawler` — close in and fire everything at the best odds; never passes.
    /// * `standoff` — hold at the longest Range, best odds, moves after the enemy when it can.
    /// * `focus-weakest` — close in and focus fire on the most damaged enemy.
    /// * `focus-threat` — close in and focus fire on the enemy with the most firepower.
    /// * `turret` — never moves, fires at the best odds (the gun of a shooting range).
    /// * `passive` — never moves, never fires (a target for calibration scenarios).
    pub fn preset(name: &str) -> Option<Policy> {
        let base = Policy {
            preset: "brawler",
            approach: Approach::Close { range: None },
            targeting: Targeting::BestOdds,
            fires: true,
            passing: Passing::Never,
            pws_exchange: true,
            avoid_terrain: true,
        };
        Some(match name {
            "brawler" => base,
            "standoff" => Policy {
                preset: "standoff",
                approach: Approach::Standoff { range: None },
                passing: Passing::WhenEnemyWaiting,
                ..base
            },
            "focus-weakest" => Policy {
                preset: "focus-weakest",
                targeting: Targeting::Weakest,
                ..base
            },
            "focus-threat" => Policy {
                preset: "focus-threat",
                targeting: Targeting::MostDangerous,
                ..base
            },
            "turret" => Policy {
                preset: "turret",
                approach: Approach::Hold,
                pws_exchange: false,
                ..base
            },
            "passive" => Policy {
                preset: "passive",
                approach: Approach::Hold,
                fires: false,
                pws_exchange: false,
                ..base
            },
            _ => return None,
        })
    }
}

impl fmt::Display for Policy {
    /// `preset(approach, targeting, ...)` — the full parameter set, for reports.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let approach = match self.approach {
            Approach::Hold => "hold".to_string(),
            Approach::Close { range: None } => "close".to_string(),
            Approach::Close { range: Some(r) } => format!("close@{r}"),
            Approach::Standoff { range: None } => "standoff".to_string(),
            Approach::Standoff { range: Some(r) } => format!("standoff@{r}"),
        };
        let targeting = match self.targeting {
            Targeting::BestOdds => "best-odds",
            Targeting::Weakest => "weakest",
            Targeting::MostDangerous => "most-dangerous",
            Targeting::Nearest => "nearest",
        };
        let passing = match self.passing {
            Passing::Never => "no-pass",
            Passing::WhenEnemyWaiting => "pass-when-enemy-waiting",
        };
        write!(
            f,
            "{}(move={approach}, target={targeting}, fire={}, {passing}, pws-exchange={})",
            self.preset, self.fires, self.pws_exchange
        )?;
        if !self.avoid_terrain {
            f.write_str(" terrain=ignore")?;
        }
        Ok(())
    }
}
