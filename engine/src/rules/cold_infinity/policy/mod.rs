//! AI presets (digest D17): what a side's ships decide each turn, one small named function per
//! decision — power ([`power_order`]), EW split ([`ew_split`]), thrust plan ([`thrust_plan`]),
//! fire ([`shot_value`], [`choose_config`], [`choose_sighting`], [`choose_seam`]) and defensive fire
//! ([`worth_defending`]). The battle loop calls them; nothing here changes a rule. Ties between
//! equally good choices go to the battle's dice (the caller's [`pick_tie`]).
//!
//! One file per decision: `power.rs` (power order, tracking power, capacitors, batteries),
//! `ew.rs` (the EW split), `thrust.rs` (the thrust plan), `fire.rs` (configuration, burst or
//! pulse, shot value, worth firing, wave, reductions, sighting and seam) and `defence.rs`
//! (defensive fire, the guard value, shield worth, the defender's system pick); the presets,
//! the tie rule and the shared estimates (mean damage, main weapon, kept range) here.

mod defence;
mod ew;
mod fire;
mod power;
mod thrust;

pub use defence::{
    FIRING_HIT_SHARE, ablative_saving, edf_price, guard_value, guided_df_worth, holds_for_df,
    shield_worth, system_pick, worth_ablative, worth_allocating, worth_defending, worth_emergency,
};
pub use ew::{EwSplit, ew_split, shroud_reaches};
pub use fire::{
    choose_burst_or_pulse, choose_config, choose_seam, choose_sighting, config_damage,
    config_damage_in_band, fire_wave, mean_pulses, reduction_choice, shot_value, slicing_value,
    worth_firing,
};
pub use power::{
    CAPACITOR_BANDS, battery_diversion, capacitor_budget, capacitor_engaged, ew_boost, power_order,
    system_battery_draw, tracking_power,
};
pub use thrust::{
    MOST_MOUNTS, Steering, ThrustLimits, mounts_penalty, thrust_misalignment, thrust_plan,
    thrust_plan_steered,
};

use std::fmt;

use crate::dice::Roller;

use super::design::{DamageDice, WeaponDesign};
use super::matchup::Mount;

/// A side's policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    /// Preset name.
    pub name: &'static str,
    /// Extra hexes the shroud reaches beyond the predicted range to the target (EW split).
    pub shroud_margin: i32,
    /// Range bands of the main weapon to keep at (1: the first band's far edge; 2: the
    /// second's — a stand-off that trades hit chance for distance).
    pub bands: i32,
    /// A missile carrier (D17): a design with missile racks keeps at its racks' launch range
    /// (`guided_plan::carrier_keep`) instead of its main weapon's band.
    pub carrier: bool,
    /// A brawler's range (D17 5): half the main weapon's first band, rounded up
    /// ([`Policy::kept_range`]) — inside the band the shot costs nothing more, and a target
    /// held closer cannot open the range to the second band in one turn.
    pub close: bool,
    /// What the thrust plan keeps bearing on the target (D17 5, [`Steer`]).
    pub steer: Steer,
    /// How the EW points are split after the shroud (D17 3, [`EwSplit`]).
    pub ew: EwSplit,
    /// Power left after the weapons and shields buys extra EW points (D17 1, §4.4,
    /// [`ew_boost`]) instead of engine enrichment.
    pub boost_ew: bool,
    /// Screening (D17 7, §11.1.7): a ship's SDF weapons that hold fire may defend a friend
    /// against a shot at it (`defensive_fire::may_screen`), where they take off the most
    /// expected damage. Off in every shipped preset (they keep their bits).
    pub screening: bool,
    /// Holding back for DF (D17 4/7, [`holds_for_df`]): once the attacks are revealed an SDF
    /// weapon declared offensive switches to SDF (§7.2.6, §11.1.1) when the expected damage its
    /// DF saves beats the expected damage its shots deal. Off in every shipped preset.
    pub hold_for_df: bool,
}

/// What a ship steers to keep bearing on its target (D17 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Steer {
    /// The main weapon ([`main_weapon_now`]).
    MainWeapon,
    /// The most of its intact mounts ([`Steering::Mounts`]): a brawler turns its broadside
    /// when more guns bear that way.
    MostMounts,
}

impl Policy {
    /// The presets; the first is the default.
    pub const PRESETS: &'static [&'static str] = &[
        "closing-gunline",
        "standoff-gunline",
        "missile-carrier",
        "ew-support",
        "close-brawler",
    ];

    /// A preset by name.
    pub fn preset(name: &str) -> Option<Policy> {
        let base = Policy {
            name: "closing-gunline",
            shroud_margin: 2,
            bands: 1,
            carrier: false,
            close: false,
            steer: Steer::MainWeapon,
            ew: EwSplit::Even,
            boost_ew: false,
            screening: false,
            hold_for_df: false,
        };
        match name {
            "closing-gunline" => Some(base),
            "standoff-gunline" => Some(Policy {
                name: "standoff-gunline",
                bands: 2,
                ..base
            }),
            "missile-carrier" => Some(Policy {
                name: "missile-carrier",
                bands: 2,
                carrier: true,
                ..base
            }),
            // Spends its spare power on EW and its EW on ECM, at the second band: a ship hard
            // to hit that keeps its lock from outside the fight's centre.
            "ew-support" => Some(Policy {
                name: "ew-support",
                bands: 2,
                ew: EwSplit::Screen,
                boost_ew: true,
                ..base
            }),
            // Closes to half its main weapon's first band and turns the most guns on the target.
            "close-brawler" => Some(Policy {
                name: "close-brawler",
                close: true,
                steer: Steer::MostMounts,
                ..base
            }),
            _ => None,
        }
    }

    /// The range this policy keeps for a design whose first band ends at `keep` hexes.
    pub const fn kept_range(&self, keep: i32) -> i32 {
        if self.close {
            (keep + 1) / 2
        } else {
            keep * self.bands
        }
    }

    /// The range this policy keeps for design `bd`: a missile carrier with racks keeps at
    /// their launch range (`guided_plan::carrier_keep`); otherwise [`Policy::kept_range`].
    pub fn keep_for(&self, bd: &super::matchup::BattleDesign) -> i32 {
        match super::guided_plan::carrier_keep(self, &bd.racks) {
            Some(k) => k,
            None => self.kept_range(bd.keep),
        }
    }
}

/// The preset's name, then each setting a side's table overrode (`ew-support bands=1`), so two
/// sides of one preset with different settings get different labels (and dice keys); a preset
/// as shipped prints its name alone.
impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)?;
        let Some(p) = Policy::preset(self.name) else {
            return Ok(());
        };
        if self.bands != p.bands {
            write!(f, " bands={}", self.bands)?;
        }
        if self.close != p.close {
            write!(f, " close={}", self.close)?;
        }
        if self.carrier != p.carrier {
            write!(f, " carrier={}", self.carrier)?;
        }
        if self.steer != p.steer {
            f.write_str(match self.steer {
                Steer::MainWeapon => " steer=main-weapon",
                Steer::MostMounts => " steer=most-mounts",
            })?;
        }
        if self.ew != p.ew {
            f.write_str(match self.ew {
                EwSplit::Even => " ew=even",
                EwSplit::Screen => " ew=screen",
            })?;
        }
        if self.boost_ew != p.boost_ew {
            write!(f, " boost_ew={}", self.boost_ew)?;
        }
        if self.screening != p.screening {
            write!(f, " screening={}", self.screening)?;
        }
        if self.hold_for_df != p.hold_for_df {
            write!(f, " hold_for_df={}", self.hold_for_df)?;
        }
        if self.shroud_margin != p.shroud_margin {
            write!(f, " shroud_margin={}", self.shroud_margin)?;
        }
        Ok(())
    }
}

/// Index of a random one of `n` tied best choices (the battle's dice; no roll when `n` ≤ 1).
pub fn pick_tie(dice: &mut impl Roller, n: u32) -> u32 {
    if n <= 1 { 0 } else { dice.below(n) }
}

/// Mean of a damage Rating (§17.1 dice schedules).
#[inline]
pub fn mean_damage(d: DamageDice) -> f64 {
    let dice: f64 = d
        .groups
        .iter()
        .map(|g| f64::from(g.count) * (f64::from(g.sides) + 1.0) / 2.0)
        .sum();
    dice + f64::from(d.fixed)
}

/// The main weapon (D17 5): the mount with the largest mean damage × shots; the first listed
/// on ties. The tie cannot favour a seat: the pick is made once per design, when the config is
/// read, from the design's own SDS order, so both seats of a mirror (the same designs) keep
/// the same main weapon; it is part of how a designer lists the ship (list the weapon to steer
/// by first), not a choice made in battle.
pub fn main_weapon(mounts: &[Mount]) -> Option<usize> {
    let mut best: Option<(f64, usize)> = None;
    for (k, m) in mounts.iter().enumerate() {
        let v = mean_damage(m.weapon.damage) * f64::from(m.weapon.rof.shots.max(1));
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, k));
        }
    }
    best.map(|(_, k)| k)
}

/// The main weapon as the ship now stands (D17 5; a player steers by the guns it still has):
/// [`main_weapon`]'s rule — the largest mean damage × shots, the first listed on ties — over
/// the mounts whose system survives, each at its Ratings after §13.1.9's reductions (`now(k)`,
/// `None` for a destroyed mount). Undamaged, it is [`main_weapon`]'s pick. Before, the thrust
/// plan kept the design's main weapon on the target after it was destroyed, so a Reaper
/// whose fore railguns were gone flew nose-on beside its enemy for the rest of the battle
/// with its aft railguns never bearing. `None` once every weapon is destroyed.
pub fn main_weapon_now(
    mounts: &[Mount],
    now: impl Fn(usize) -> Option<WeaponDesign>,
) -> Option<(usize, WeaponDesign)> {
    let mut best: Option<(f64, usize, WeaponDesign)> = None;
    for (k, m) in mounts.iter().enumerate() {
        let Some(w) = now(k) else { continue };
        let v = mean_damage(w.damage) * f64::from(m.weapon.rof.shots.max(1));
        if best.is_none_or(|(b, _, _)| v > b) {
            best = Some((v, k, w));
        }
    }
    best.map(|(_, k, w)| (k, w))
}

/// The range a ship with every weapon destroyed keeps from the nearest enemy (D17 5, our
/// reading of "competent"): it can only be shot at, and the structure it keeps counts at the
/// turn cap, so it withdraws rather than hold its old station beside the enemy.
pub const WITHDRAW_RANGE: i32 = 60;

/// The range a design keeps to its target (D17 5, "targets in arc and at short range"): the
/// far edge of the first range band (§7.5.1: the least penalty) of its main weapon. At least 1.
pub fn keep_range(mounts: &[Mount]) -> i32 {
    main_weapon(mounts).map_or(1, |k| i32::from(mounts[k].weapon.range.hexes).max(1))
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

    /// The brawler keeps at half its first band (rounded up), the gunlines at their bands.
    #[test]
    fn kept_ranges_by_preset() {
        let at = |p: &str| Policy::preset(p).unwrap().kept_range(5);
        assert_eq!(at("closing-gunline"), 5);
        assert_eq!(at("standoff-gunline"), 10);
        assert_eq!(at("ew-support"), 10);
        assert_eq!(at("close-brawler"), 3);
        assert_eq!(Policy::preset("close-brawler").unwrap().kept_range(1), 1);
    }

    /// A preset prints its name; an overridden setting is named after it.
    #[test]
    fn overrides_are_named_in_the_label() {
        let p = Policy::preset("ew-support").unwrap();
        assert_eq!(p.to_string(), "ew-support");
        let q = Policy {
            bands: 1,
            ew: EwSplit::Even,
            boost_ew: false,
            steer: Steer::MostMounts,
            shroud_margin: 4,
            ..p
        };
        assert_eq!(
            q.to_string(),
            "ew-support bands=1 steer=most-mounts ew=even boost_ew=false shroud_margin=4"
        );
        let c = Policy {
            close: true,
            carrier: true,
            ..Policy::preset("closing-gunline").unwrap()
        };
        assert_eq!(c.to_string(), "closing-gunline close=true carrier=true");
    }

    #[test]
    fn means_and_seams() {
        assert_eq!(mean_damage(DamageDice::new(2, 6, 1)), 8.0);
        assert_eq!(choose_seam((0, 5), (1, 9)), Some(0));
        assert_eq!(choose_seam((0, 5), (1, 5)), None);
    }
}
