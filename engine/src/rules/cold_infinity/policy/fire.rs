//! Fire determination (D17 6, §7–§8): configuration, Burst or Pulse, a shot's value, whether
//! to fire, the wave, the defender's §13.1.9 reduction, the sighting and the seam.

use super::super::damage_effects::{ReductionChoice, reduce_damage_row, reduce_range_row};
use super::super::design::{Config, ConfigSet, DamageDice, PulseRating, RangeRating, WeaponDesign};
use super::super::fire::hit_roll::{
    HitBand, THREE_D6_WAYS, accuracy_drm, band_ways, hit_ways, range_penalty,
};
use super::super::fire::readings::{PulseBonus, RangeZero};
#[cfg(test)]
use super::super::weapons::configurations::pulse_count;
use super::mean_damage;

/// The configuration a weapon fires in (D17 6): the first it allows of Burst, Pulse,
/// Piercing, Slashing, Slicing, Flare, Enveloping (a Tracking weapon fires its subtype and
/// tracks by `battle/tracking.rs`; a Wave weapon fires only as Wave, `battle/wave.rs`).
pub fn choose_config(configs: ConfigSet) -> Config {
    const ORDER: [Config; 7] = [
        Config::Burst,
        Config::Pulse,
        Config::Piercing,
        Config::Slashing,
        Config::Slicing,
        Config::Flare,
        Config::Enveloping,
    ];
    ORDER
        .into_iter()
        .find(|&c| configs.contains(c))
        .unwrap_or(Config::Burst)
}

/// Mean number of pulses of a Pulse hit at hit DRM `drm` (§8.1.2): the pulse roll is a fresh
/// 3d6 + `drm`, and the bonus die (if any) is averaged over its faces — exact, by counting,
/// with the battle's own
/// [`pulse_count`](super::super::weapons::configurations::pulse_count) (house rule `pulse_bonus`): the ways to roll at least
/// `j` pulses summed over `j` ([`pulse_ways`]), the same integer total as enumerating every
/// sum ([`mean_pulses_enumerated`], the specification it is tested against).
pub fn mean_pulses(rating: PulseRating, drm: i16, how: PulseBonus) -> f64 {
    let faces = u32::from(rating.bonus_die.max(1));
    let mut total = 0u32;
    for b in 1..=faces {
        let bonus = if rating.bonus_die > 0 { b as u8 } else { 0 };
        total += pulse_ways(rating, drm, bonus, how);
    }
    f64::from(total) / (216.0 * f64::from(faces))
}

/// Ways of 3d6 (of 216) to roll a sum of at least `n`, for `n` from 0 to 19: Σ
/// [`THREE_D6_WAYS`]`[n..]`.
const THREE_D6_AT_LEAST: [u32; 20] = {
    let mut tail = [0u32; 20];
    let mut n = 19;
    while n > 0 {
        n -= 1;
        tail[n] = tail[n + 1] + THREE_D6_WAYS[n];
    }
    tail
};

/// Σ over the 216 ways of 3d6 of
/// [`pulse_count`](super::super::weapons::configurations::pulse_count)`(rating, sum + drm, bonus, how)`, counted as
/// Σ over `j` ≥ 1 of the ways to get at least `j` pulses: every roll gets one (216); for `j` ≥ 2
/// up to the maximum, the count reaches `j` when the intervals counted reach `j` less the die's
/// added pulses — always if that is 1 or less, else when the roll is at least
/// 11 + (`j` − added − 1) × interval.
fn pulse_ways(rating: PulseRating, drm: i16, bonus: u8, how: PulseBonus) -> u32 {
    let (to_roll, added) = match how {
        PulseBonus::AddsPulses => (0, i32::from(bonus)),
        PulseBonus::AddsToRoll => (i32::from(bonus), 0),
    };
    let interval = i32::from(rating.interval.max(1));
    let shift = i32::from(drm) + to_roll;
    let mut total = 216;
    for j in 2..=i32::from(rating.max) {
        let k = j - added;
        total += if k <= 1 {
            216
        } else {
            let least_sum = 11 + (k - 1) * interval - shift;
            THREE_D6_AT_LEAST[least_sum.clamp(0, 19) as usize]
        };
    }
    total
}

/// [`mean_pulses`] read straight: every sum of 3d6 and face of the bonus die through
/// [`pulse_count`].
#[cfg(test)]
fn mean_pulses_enumerated(rating: PulseRating, drm: i16, how: PulseBonus) -> f64 {
    let faces = u32::from(rating.bonus_die.max(1));
    let mut total = 0u32;
    for (sum, &ways) in THREE_D6_WAYS.iter().enumerate().skip(3) {
        for b in 1..=faces {
            let bonus = if rating.bonus_die > 0 { b as u8 } else { 0 };
            total += ways * u32::from(pulse_count(rating, sum as i16 + drm, bonus, how));
        }
    }
    f64::from(total) / (216.0 * f64::from(faces))
}

/// Burst or Pulse (D17 6, §8.1.1–8.1.2), for a weapon that may fire either: the one with the
/// larger expected damage at hit DRM `drm` against `armor` ([`shot_value`] for Burst, times
/// [`mean_pulses`] for Pulse: every pulse is its own volley, armor taken off each); Burst on a
/// tie. Any other weapon fires as [`choose_config`] says. Returns the configuration and the
/// shot's value. Before session 23 Burst was always taken first, so a weapon built for Pulse
/// never pulsed.
#[inline]
pub fn choose_burst_or_pulse(
    weapon: &WeaponDesign,
    drm: i16,
    armor: u16,
    how: PulseBonus,
) -> (Config, f64) {
    let config = choose_config(weapon.configs);
    let burst = shot_value(weapon, drm, armor);
    if config != Config::Burst || !weapon.configs.contains(Config::Pulse) {
        return (config, burst);
    }
    let pulse = burst * mean_pulses(weapon.pulse, drm, how);
    if pulse > burst {
        (Config::Pulse, pulse)
    } else {
        (Config::Burst, burst)
    }
}

/// Expected damage of one shot (D17 6, fire at the best expected damage): the chance to hit at
/// `drm` (exact, 3d6) times the mean damage less the struck section's `armor` (a quarter point
/// at least, so a hit is always worth something).
pub fn shot_value(weapon: &WeaponDesign, drm: i16, armor: u16) -> f64 {
    let p = f64::from(hit_ways(drm)) / 216.0;
    p * (mean_damage(weapon.damage) - f64::from(armor)).max(0.25)
}

/// A Slicing shot's value (D17 6, §8.1.3): [`shot_value`]'s hit chance times
/// [`config_damage`] over the struck section's `systems` — a quarter point at least, as
/// [`shot_value`] — so a shot that slices into shares armor stops is valued as the little it does.
pub fn slicing_value(weapon: &WeaponDesign, drm: i16, armor: u16, systems: u16) -> f64 {
    let p = f64::from(hit_ways(drm)) / 216.0;
    p * config_damage(weapon.damage, Config::Slicing, armor, systems, drm).max(0.25)
}

/// The most a damage Rating's roll may be for [`config_damage`] to count it exactly (a larger
/// one is valued at its mean, as [`shot_value`] does).
const EXACT_DAMAGE: usize = 127;

/// Expected damage one hit in configuration `config` at hit DRM `drm` puts through `armor`
/// (D17 6; §7.4.1, §8.1.1, §8.1.3): [`config_damage_in_band`] averaged over the hit bands by
/// their exact 3d6 ways at `drm` (`band_ways`; at a DRM that cannot hit, the system band's).
/// Before session 27 the wave policy valued a wave shot as a Burst (mean − armor), so a 2d10
/// wave against armor 2 on a four-system section looked worth 9 a hit when a system-band hit
/// puts through 2.44.
pub fn config_damage(
    damage: DamageDice,
    config: Config,
    armor: u16,
    systems: u16,
    drm: i16,
) -> f64 {
    let hit = hit_ways(drm);
    if hit == 0 {
        return config_damage_in_band(damage, config, armor, systems, HitBand::System);
    }
    let mut sum = 0.0;
    for band in [
        HitBand::HullHalf,
        HitBand::Hull,
        HitBand::System,
        HitBand::Core,
    ] {
        let ways = band_ways(drm, band);
        if ways > 0 {
            sum += f64::from(ways) * config_damage_in_band(damage, config, armor, systems, band);
        }
    }
    sum / f64::from(hit)
}

/// Expected damage one hit in `band` puts through `armor`, exact over the damage dice (the
/// default readings: `double_hull` off, shields left out): the roll, halved (rounded up) in
/// the 11–12 band (§7.4.1); Burst and every configuration but the two below meet armor once —
/// max(0, d − armor); **Slicing** and **Wave** (each unit of a wave is struck as Slicing,
/// §8.1.8) share it evenly over the `systems` systems of the struck section (remainder lost),
/// each share meeting armor on its own — `systems` × max(0, ⌊d ÷ systems⌋ − armor) — and in
/// the two hull bands half of it (rounded down) goes to hull as one volley and the rest is
/// shared; a section with no systems takes it all on hull.
pub fn config_damage_in_band(
    damage: DamageDice,
    config: Config,
    armor: u16,
    systems: u16,
    band: HitBand,
) -> f64 {
    let armor = u32::from(armor);
    let sliced = matches!(config, Config::Slicing | Config::Wave) && systems > 0;
    let n = u32::from(systems).max(1);
    let hull_band = matches!(band, HitBand::HullHalf | HitBand::Hull);
    let net = |rolled: u32| {
        let d = if band == HitBand::HullHalf {
            rolled.div_ceil(2)
        } else {
            rolled
        };
        if !sliced {
            return d.saturating_sub(armor);
        }
        let (hull, shared) = if hull_band {
            (d / 2, d - d / 2)
        } else {
            (0, d)
        };
        hull.saturating_sub(armor) + n * (shared / n).saturating_sub(armor)
    };
    let Some((ways, total)) = damage_ways(damage) else {
        return f64::from(net(mean_damage(damage).round() as u32));
    };
    let sum: f64 = ways
        .iter()
        .enumerate()
        .filter(|&(_, &w)| w > 0.0)
        .map(|(d, &w)| w * f64::from(net(d as u32)))
        .sum();
    sum / total
}

/// The ways to roll each total (0 to [`EXACT_DAMAGE`]) of a damage Rating, by convolving its
/// dice one at a time, and the number of ways in all; `None` when the largest roll is beyond
/// [`EXACT_DAMAGE`].
fn damage_ways(damage: DamageDice) -> Option<([f64; EXACT_DAMAGE + 1], f64)> {
    if damage.max() as usize > EXACT_DAMAGE {
        return None;
    }
    let mut ways = [0.0f64; EXACT_DAMAGE + 1];
    let mut total = 1.0;
    ways[usize::from(damage.fixed)] = 1.0;
    for g in damage.groups {
        for _ in 0..g.count {
            let sides = usize::from(g.sides.max(1));
            let mut next = [0.0f64; EXACT_DAMAGE + 1];
            for (d, &w) in ways.iter().enumerate() {
                if w == 0.0 {
                    continue;
                }
                for face in 1..=sides {
                    if d + face <= EXACT_DAMAGE {
                        next[d + face] += w;
                    }
                }
            }
            ways = next;
            total *= sides as f64;
        }
    }
    Some((ways, total))
}

/// The defender's §13.1.9 pick for a damaged weapon (D17: lose what hurts least): the row
/// whose loss keeps the larger expected damage per hit chance at `keep` hexes, the range the
/// policy keeps (locked, against a three-section target); `None` on a tie (the caller rolls).
/// A row that cannot drop is not a choice; if neither can, `None` too (the weapon is
/// destroyed whichever is named).
pub fn reduction_choice(weapon: &WeaponDesign, keep: i32) -> Option<ReductionChoice> {
    let at = keep.clamp(0, i32::from(u16::MAX)) as u16;
    let value = |d: DamageDice, r: RangeRating| {
        let drm =
            accuracy_drm(weapon.accuracy, 3) - range_penalty(r, at, true, RangeZero::default());
        f64::from(hit_ways(drm)) * mean_damage(d)
    };
    let by_damage = reduce_damage_row(weapon.damage).map(|d| value(d, weapon.range));
    let by_range = reduce_range_row(weapon.range).map(|r| value(weapon.damage, r));
    match (by_damage, by_range) {
        (Some(a), Some(b)) if a > b => Some(ReductionChoice::Damage),
        (Some(a), Some(b)) if b > a => Some(ReductionChoice::Range),
        (Some(_), None) => Some(ReductionChoice::Damage),
        (None, Some(_)) => Some(ReductionChoice::Range),
        _ => None,
    }
}

/// The attacker's pick of Rating and section on a five-section ship's mixed hex (§7.3.1.1
/// "the attacker may select which Rating to use"; §7.4.1.2B "the attacker may choose which
/// section to hit"), given the expected damage of the F/A choice (`fore_aft`) and the P/S
/// choice (`port_starboard`): the larger — a better hit chance is traded against a softer
/// section; `Some(0)` F/A, `Some(1)` P/S, `None` on a tie (the caller rolls). Both presets play
/// it.
pub fn choose_sighting(fore_aft: f64, port_starboard: f64) -> Option<usize> {
    if fore_aft > port_starboard {
        Some(0)
    } else if port_starboard > fore_aft {
        Some(1)
    } else {
        None
    }
}

/// The attacker's pick on a seam (D17 8, §7.4.1.2): the section with less hull and armor
/// left; `None` on a tie (the caller rolls).
pub fn choose_seam(a: (usize, u32), b: (usize, u32)) -> Option<usize> {
    match a.1.cmp(&b.1) {
        std::cmp::Ordering::Less => Some(a.0),
        std::cmp::Ordering::Greater => Some(b.0),
        std::cmp::Ordering::Equal => None,
    }
}

/// Whether a shot is worth firing (D17 6, §7.2): a shot that cannot hit (value 0: no 3d6 roll
/// hits at its DRM) is not taken — the weapon holds fire, keeps its arming and may defend.
/// Before session 23 the choice started from `f64::MIN`, so such a shot was fired.
pub fn worth_firing(shot_value: f64) -> bool {
    shot_value > 0.0
}

/// Whether a wave weapon fires (D17 6, §8.1.8 "friend or foe"): only when its expected damage
/// to enemies (`enemy`) outweighs what it would do to friends in its path (`friend`), both as
/// `fire::wave::expected` counts them; a competent player does not shoot through his own
/// ships for nothing. A wave that can hit no enemy is not fired.
pub fn fire_wave(enemy: f64, friend: f64) -> bool {
    worth_firing(enemy) && enemy > friend
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shot that cannot hit is not fired; any chance is.
    #[test]
    fn no_shot_of_value_zero() {
        let w = super::super::super::design::fixtures::railgun();
        assert_eq!(hit_ways(-8), 0);
        assert!(!worth_firing(shot_value(&w, -8, 0)));
        assert_eq!(hit_ways(-7), 1);
        assert!(worth_firing(shot_value(&w, -7, 0)));
        assert!(worth_firing(shot_value(&w, 0, 99)));
    }

    /// Burst or Pulse by expected damage: the shipped particle cannon (2d10, Pulse 3/2) pulses
    /// — a hit's pulse roll of 3d6 + DRM gives one pulse per 2 over 10, at least 1, at most 3 —
    /// and its value is the Burst value times the exact mean count (at DRM 0: sums 3–10 one
    /// pulse, 11–12 one, 13–14 two, 15–18 three). A Burst-only weapon keeps Burst.
    #[test]
    fn burst_or_pulse_by_expected_damage() {
        let rating = PulseRating {
            max: 3,
            interval: 2,
            bonus_die: 0,
        };
        let ways = |lo: usize, hi: usize| -> u32 { THREE_D6_WAYS[lo..=hi].iter().sum() };
        let expected = f64::from(ways(3, 12) + 2 * ways(13, 14) + 3 * ways(15, 18)) / 216.0;
        assert_eq!(mean_pulses(rating, 0, PulseBonus::AddsPulses), expected);
        assert!(expected > 1.0);
        let mut cannon = super::super::super::design::fixtures::railgun();
        cannon.configs = ConfigSet::only(Config::Burst).with(Config::Pulse);
        cannon.pulse = rating;
        let (config, value) = choose_burst_or_pulse(&cannon, 0, 0, PulseBonus::AddsPulses);
        assert_eq!(config, Config::Pulse);
        assert_eq!(value, shot_value(&cannon, 0, 0) * expected);
        let rail = super::super::super::design::fixtures::railgun();
        let (config, value) = choose_burst_or_pulse(&rail, 0, 0, PulseBonus::AddsPulses);
        assert_eq!((config, value), (Config::Burst, shot_value(&rail, 0, 0)));
    }

    /// [`mean_pulses`] by counting answers bit for bit as [`mean_pulses_enumerated`] over
    /// every Pulse Rating up to 8 pulses, interval 0–6 and bonus die 0–10, DRMs −25…+25 and
    /// both `pulse_bonus` readings.
    #[test]
    fn mean_pulses_answers_as_the_enumeration() {
        let mut cases = 0;
        for max in 0..=8u8 {
            for interval in 0..=6u8 {
                for bonus_die in 0..=10u8 {
                    let rating = PulseRating {
                        max,
                        interval,
                        bonus_die,
                    };
                    for drm in -25..=25i16 {
                        for how in [PulseBonus::AddsPulses, PulseBonus::AddsToRoll] {
                            assert_eq!(
                                mean_pulses(rating, drm, how).to_bits(),
                                mean_pulses_enumerated(rating, drm, how).to_bits(),
                                "{rating:?} drm {drm} {how:?}"
                            );
                            cases += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(cases, 9 * 7 * 11 * 51 * 2);
    }

    /// §7.3.1.1 / §7.4.1.2B: the choice with the larger expected damage; a tie is the dice's.
    #[test]
    fn sighting_by_expected_damage() {
        assert_eq!(choose_sighting(1.5, 1.0), Some(0));
        assert_eq!(choose_sighting(0.5, 1.0), Some(1));
        assert_eq!(choose_sighting(1.0, 1.0), None);
    }

    /// [`config_damage_in_band`] answers as an enumeration of every face of every die (the
    /// roll halved in the 11–12 band, half to hull in the hull bands, the rest split into
    /// `systems` shares, each less `armor`), for Burst, Slicing and Wave on 0–4 systems, armor
    /// 0–5 and every hitting band, over the shipped and a few mixed Ratings; and
    /// [`config_damage`] is their mean by the bands' 3d6 ways.
    #[test]
    fn config_damage_answers_as_the_enumeration() {
        use crate::rules::cold_infinity::design::DiceGroup;
        let mixed = DamageDice {
            groups: [
                DiceGroup {
                    count: 1,
                    sides: 10,
                },
                DiceGroup { count: 2, sides: 4 },
            ],
            fixed: 1,
        };
        let ratings = [
            DamageDice::new(2, 10, 0),
            DamageDice::new(1, 6, 3),
            DamageDice::new(3, 6, 0),
            DamageDice::new(0, 0, 7),
            mixed,
        ];
        let bands = [
            HitBand::HullHalf,
            HitBand::Hull,
            HitBand::System,
            HitBand::Core,
        ];
        for damage in ratings {
            // Every roll, one die at a time.
            let mut rolls = vec![u32::from(damage.fixed)];
            for g in damage.groups {
                for _ in 0..g.count {
                    rolls = rolls
                        .iter()
                        .flat_map(|&r| (1..=u32::from(g.sides)).map(move |f| r + f))
                        .collect();
                }
            }
            for config in [Config::Burst, Config::Slicing, Config::Wave] {
                for systems in 0..=4u16 {
                    for armor in 0..=5u16 {
                        let a = u32::from(armor);
                        let sliced = config != Config::Burst && systems > 0;
                        let n = u32::from(systems);
                        for band in bands {
                            let want = rolls
                                .iter()
                                .map(|&r| {
                                    let d = if band == HitBand::HullHalf {
                                        r.div_ceil(2)
                                    } else {
                                        r
                                    };
                                    let hull_band =
                                        band != HitBand::System && band != HitBand::Core;
                                    f64::from(match (sliced, hull_band) {
                                        (false, _) => d.saturating_sub(a),
                                        (true, false) => n * (d / n).saturating_sub(a),
                                        (true, true) => {
                                            (d / 2).saturating_sub(a)
                                                + n * ((d - d / 2) / n).saturating_sub(a)
                                        }
                                    })
                                })
                                .sum::<f64>()
                                / rolls.len() as f64;
                            let got = config_damage_in_band(damage, config, armor, systems, band);
                            assert!(
                                (got - want).abs() < 1e-12,
                                "{damage:?} {config:?} {systems} systems armor {armor} {band:?}: {got} vs {want}"
                            );
                        }
                        for drm in [-6i16, -2, 0, 3, 8] {
                            let mean = bands
                                .iter()
                                .map(|&b| {
                                    f64::from(band_ways(drm, b))
                                        * config_damage_in_band(damage, config, armor, systems, b)
                                })
                                .sum::<f64>()
                                / f64::from(hit_ways(drm));
                            let got = config_damage(damage, config, armor, systems, drm);
                            assert!((got - mean).abs() < 1e-12, "drm {drm}: {got} vs {mean}");
                        }
                    }
                }
            }
        }
    }

    /// The wave's case: 2d10 sliced over 4 systems against armor 2 puts through 2.44 a
    /// system-band hit (shares of 0–5, each less 2: 4 on 12–15, 8 on 16–19, 12 on 20), where
    /// the old Burst value said 9 (mean 11 less 2).
    #[test]
    fn slicing_against_armor_is_worth_little() {
        let d = DamageDice::new(2, 10, 0);
        let sliced = config_damage_in_band(d, Config::Wave, 2, 4, HitBand::System);
        // Shares ⌊t/4⌋ for t = 2..20 weighted by the 2d10 ways; 4 × (share − 2) when above 2.
        let ways = |t: u32| f64::from(10 - (t as i32 - 11).unsigned_abs());
        let want: f64 = (2..=20u32)
            .map(|t| ways(t) * f64::from(4 * (t / 4).saturating_sub(2)))
            .sum::<f64>()
            / 100.0;
        assert!((sliced - want).abs() < 1e-12, "{sliced} vs {want}");
        assert!((sliced - 2.44).abs() < 1e-12, "{sliced}");
        assert_eq!(mean_damage(d) - 2.0, 9.0);
        let burst = config_damage_in_band(d, Config::Burst, 0, 4, HitBand::System);
        assert_eq!(burst, 11.0);
    }
}
