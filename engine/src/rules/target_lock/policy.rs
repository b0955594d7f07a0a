//! AI presets: what a side's ships do with their actions (digest §4 "AI decisions"). The
//! sheet has no play advice; each preset is a plain, documented plan.

use std::fmt;

/// A side's policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    /// Preset name.
    pub name: &'static str,
    /// Spend a spare action on Aim before attacking (G7: +`aim_bonus` to the next attack).
    pub aim: bool,
    /// Fire every seeker and projectile bank at the enemy with the least point defense, all
    /// in the same turn, so its point defense is swamped.
    pub mass_seekers: bool,
    /// Repair what matters (jammed or lost weapons, Fire Control, scanners) before anything
    /// else.
    pub repair: bool,
    /// Massed seekers that pay off: lock onto the seeker target itself (not the enemy with
    /// the fewest boxes), and launch only when the warheads aimed at it this turn, the side's
    /// counters already there plus this ship's salvo, outnumber the enemy's ready
    /// point-defense weapons within reach of its destination hex; otherwise keep the
    /// warheads. Used with `mass_seekers`.
    pub salvo_over_pd: bool,
    /// Movement that closes (`battle/closing.rs`): each Move is the burn whose predicted
    /// track — own and the target's drift, then own braking — best keeps the wanted range;
    /// the first action goes to it when the track needs it badly.
    pub closing: bool,
    /// Fuel rationed (used with `closing`): each hex burned is priced by how scarce the
    /// burns left are ([`crate::rules::target_lock::battle::closing::fuel_price`]), and a
    /// ship makes at most one Move a turn (the burn's prediction brakes once a turn), so a
    /// gun line still has tanks to run down a drifting enemy late in the battle.
    pub ration_fuel: bool,
    /// No long-shot locks (used with `closing`): when a lock on the target is neither held
    /// nor at least an even chance, the first action goes to a closing burn that improves the
    /// track instead of the roll (a ship down to two actions otherwise gambles its turn on a
    /// 1-in-6 lock while the range stays long).
    pub lock_odds: bool,
}

impl Policy {
    /// The presets; the first is the default.
    pub const PRESETS: &'static [&'static str] = &[
        "lock-then-fire",
        "aim",
        "massed-seekers",
        "repair",
        "massed-seekers-v2",
        "closing",
        "closing-seekers",
        "closing-v2",
        "closing-seekers-v2",
    ];

    /// A preset by name.
    pub fn preset(name: &str) -> Option<Policy> {
        let base = Policy {
            name: "lock-then-fire",
            aim: false,
            mass_seekers: false,
            repair: false,
            salvo_over_pd: false,
            closing: false,
            ration_fuel: false,
            lock_odds: false,
        };
        Some(match name {
            "lock-then-fire" => base,
            "aim" => Policy {
                name: "aim",
                aim: true,
                ..base
            },
            "massed-seekers" => Policy {
                name: "massed-seekers",
                mass_seekers: true,
                ..base
            },
            "massed-seekers-v2" => Policy {
                name: "massed-seekers-v2",
                mass_seekers: true,
                salvo_over_pd: true,
                ..base
            },
            "closing" => Policy {
                name: "closing",
                closing: true,
                ..base
            },
            "closing-seekers" => Policy {
                name: "closing-seekers",
                mass_seekers: true,
                salvo_over_pd: true,
                closing: true,
                ..base
            },
            "closing-v2" => Policy {
                name: "closing-v2",
                closing: true,
                ration_fuel: true,
                lock_odds: true,
                ..base
            },
            "closing-seekers-v2" => Policy {
                name: "closing-seekers-v2",
                mass_seekers: true,
                salvo_over_pd: true,
                closing: true,
                ration_fuel: true,
                lock_odds: true,
                ..base
            },
            "repair" => Policy {
                name: "repair",
                repair: true,
                ..base
            },
            _ => return None,
        })
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_resolves() {
        for p in Policy::PRESETS {
            assert_eq!(Policy::preset(p).unwrap().name, *p);
        }
        assert!(Policy::preset("nope").is_none());
    }
}
