//! Crew phase morale ("Important Rule: Morale Changes", "Stuff To Do: Resolve Check") and the
//! Stage 1 circumstantial modifiers to Target Morale.

use serde::Deserialize;

/// Crew pay (Stage 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pay {
    /// −2.
    Bad,
    /// +0.
    #[default]
    Standard,
    /// +1.
    Double,
}

/// A side's circumstances at deployment (Stage 1), set per side in the scenario.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Circumstances {
    /// The crew perceive their cause as just (+3) or unjust (−3); unset: 0.
    pub cause_just: Option<bool>,
    /// Crew pay.
    pub pay: Pay,
    /// Fighting to defend something (+4; +4 more against a superior force).
    pub defending: bool,
    /// Fighting a superior force (+4 when defending, −4 when attacking).
    pub superior_enemy: bool,
    /// Fighting in friendly territory (+2).
    pub friendly_territory: bool,
    /// Ships start with significant damage or resource depletion (−2).
    pub depleted: bool,
}

impl Circumstances {
    /// The Target Morale modifier these circumstances give.
    pub fn modifier(&self) -> i32 {
        let mut m = match self.cause_just {
            Some(true) => 3,
            Some(false) => -3,
            None => 0,
        };
        m += match self.pay {
            Pay::Bad => -2,
            Pay::Standard => 0,
            Pay::Double => 1,
        };
        if self.defending {
            m += 4;
            if self.superior_enemy {
                m += 4;
            }
        } else if self.superior_enemy {
            m -= 4;
        }
        if self.friendly_territory {
            m += 2;
        }
        if self.depleted {
            m -= 2;
        }
        m
    }
}

/// Morale after one crew phase of drift toward the target (1 per turn).
pub fn drift(current: i32, target: i32) -> i32 {
    current + (target - current).signum()
}

/// Resolve Check DC: 5 winning, 15 losing, 10 unclear.
pub fn resolve_dc(standing: Standing) -> i32 {
    match standing {
        Standing::Winning => 5,
        Standing::Unclear => 10,
        Standing::Losing => 15,
    }
}

/// How a side is doing, for the resolve DC (G10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// DC 5.
    Winning,
    /// DC 10.
    Unclear,
    /// DC 15.
    Losing,
}

/// G10: compare the sides' remaining Integrity fractions.
pub fn standing(own: f64, enemy: f64, winning_ratio: f64, losing_ratio: f64) -> Standing {
    if own > enemy * winning_ratio {
        Standing::Winning
    } else if own < enemy * losing_ratio {
        Standing::Losing
    } else {
        Standing::Unclear
    }
}

/// Whether a resolve check succeeds: d20 + morale (doubled with a Shipmind when negative)
/// ≥ DC.
pub fn resolve_passes(d20: i32, morale: i32, shipmind: bool, dc: i32) -> bool {
    let m = if shipmind && morale < 0 {
        2 * morale
    } else {
        morale
    };
    d20 + m >= dc
}

/// Morale change for a fleet-wide "ship destroyed" event: ∓2, ∓3 above 700 volume; a ship
/// crewed entirely by Automata costs its own side 2 less.
pub fn destroyed_event(volume: f64, friendly: bool, automata: bool) -> i32 {
    let base = if volume > 700.0 { 3 } else { 2 };
    if friendly {
        -(if automata { (base - 2).max(0) } else { base })
    } else {
        base
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Digest §3 vector 15: the resolve success table, P(d20 + M ≥ DC), with and without a
    /// Shipmind (SM doubles M), as twentieths.
    #[test]
    fn vector_15_resolve_table() {
        // (M, DC5, DC5 SM, DC10, DC10 SM, DC15, DC15 SM) in twentieths.
        let table: [(i32, [u32; 6]); 10] = [
            (-1, [15, 14, 10, 9, 5, 4]),
            (-2, [14, 12, 9, 7, 4, 2]),
            (-3, [13, 10, 8, 5, 3, 0]),
            (-4, [12, 8, 7, 3, 2, 0]),
            (-5, [11, 6, 6, 1, 1, 0]),
            (-6, [10, 4, 5, 0, 0, 0]),
            (-7, [9, 2, 4, 0, 0, 0]),
            (-8, [8, 0, 3, 0, 0, 0]),
            (-9, [7, 0, 2, 0, 0, 0]),
            (-10, [6, 0, 1, 0, 0, 0]),
        ];
        for (m, row) in table {
            for (k, want) in row.iter().enumerate() {
                let dc = [5, 5, 10, 10, 15, 15][k];
                let sm = k % 2 == 1;
                let got = (1..=20).filter(|d| resolve_passes(*d, m, sm, dc)).count() as u32;
                assert_eq!(got, *want, "M {m} DC {dc} shipmind {sm}");
            }
        }
        // Morale −7 on the losing side always fails.
        assert!((1..=20).all(|d| !resolve_passes(d, -7, false, 15)));
    }

    /// Digest §3 vector 16: Target +3, Current −2 → −1 after one crew phase; with Target 0
    /// (a "No Power !" event) Current climbs to 0 and stops.
    #[test]
    fn vector_16_morale_drift() {
        assert_eq!(drift(-2, 3), -1);
        assert_eq!(drift(-1, 0), 0);
        assert_eq!(drift(0, 0), 0);
    }

    #[test]
    fn circumstances_add_up() {
        let c = Circumstances {
            cause_just: Some(true),
            pay: Pay::Double,
            defending: true,
            superior_enemy: true,
            friendly_territory: true,
            depleted: false,
        };
        assert_eq!(c.modifier(), 3 + 1 + 4 + 4 + 2);
        let attacker = Circumstances {
            superior_enemy: true,
            pay: Pay::Bad,
            ..Circumstances::default()
        };
        assert_eq!(attacker.modifier(), -6);
    }

    #[test]
    fn destroyed_events() {
        assert_eq!(destroyed_event(800.0, false, true), 3);
        assert_eq!(destroyed_event(800.0, true, true), -1);
        assert_eq!(destroyed_event(300.0, true, false), -2);
    }
}
