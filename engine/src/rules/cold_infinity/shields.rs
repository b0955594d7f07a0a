//! §11.2 shields (digest D12.2): deflection and absorption Ratings under power, over-load and
//! same-technology effects; buffering and Anti-Shield; coverage; layering.

use crate::dice::Roller;

use super::design::{SectionPos, ShieldCoverage, ShieldDesign, Tech};
use super::fire::hit_roll::roll_3d6;
use super::fire::readings::{BufferRecharge, Halving};

/// How a shield is powered this turn (§11.2, §11.2.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShieldPower {
    /// Unpowered or destroyed: no effect.
    Off,
    /// Partial power (only shields able to work so; half Rating).
    Partial,
    /// Full power.
    Full,
    /// Full power plus 1 over-load point (§11.2.8): Ratings × 1.5 rounded down.
    Overloaded,
}

/// A shield Rating under `power` (§11.2.1–2, §11.2.8) and against a weapon of `tech`
/// (§11.2.9: EM against EM shields and gravitic against gravitic shields are at half).
/// Partial power halves rounding down for deflection (stated) and per the reading for
/// absorption (unstated); the same-technology half follows the reading.
pub fn rating(
    base: u8,
    shield: &ShieldDesign,
    power: ShieldPower,
    tech: Tech,
    absorption: bool,
    halving: Halving,
) -> u16 {
    let base = u16::from(base);
    let powered = match power {
        ShieldPower::Off => 0,
        ShieldPower::Partial if !shield.partial_power => 0,
        ShieldPower::Partial if absorption => halving.half(base),
        ShieldPower::Partial => base / 2,
        ShieldPower::Full => base,
        ShieldPower::Overloaded if shield.overload => base * 3 / 2,
        ShieldPower::Overloaded => base,
    };
    let same_tech = shield.tech == tech && matches!(tech, Tech::Electromagnetic | Tech::Gravitic);
    if same_tech {
        halving.half(powered)
    } else {
        powered
    }
}

/// The deflection a shield gives against a shot (§11.2.1): a to-hit penalty.
pub fn deflection(shield: &ShieldDesign, power: ShieldPower, tech: Tech, halving: Halving) -> u16 {
    rating(shield.deflection, shield, power, tech, false, halving)
}

/// The absorption a (non-buffering) shield gives per volley (§11.2.2); Anti-Shield weapons meet
/// it at half (§11.2.2.1, rounded down).
pub fn absorption(
    shield: &ShieldDesign,
    power: ShieldPower,
    tech: Tech,
    anti_shield: bool,
    halving: Halving,
) -> u16 {
    let a = rating(shield.absorption, shield, power, tech, true, halving);
    if anti_shield { a / 2 } else { a }
}

/// A volley against a buffering shield holding `current` points (§11.2.2.1): it absorbs up to
/// its current strength (half of it against Anti-Shield) and loses what it absorbs. Returns
/// (damage through, strength left).
pub const fn buffer(volley: u16, current: u16, anti_shield: bool) -> (u16, u16) {
    let cap = if anti_shield { current / 2 } else { current };
    let absorbed = if volley < cap { volley } else { cap };
    (volley - absorbed, current - absorbed)
}

/// A buffering shield's strength after a turn's recharge (§11.2.2.1; the rate is a house rule,
/// D19 item 7), never above its absorption Rating.
pub const fn recharge_buffer(current: u16, rating: u8, how: BufferRecharge) -> u16 {
    let full = rating as u16;
    let step = match how {
        BufferRecharge::RatingPerTurn => full,
        BufferRecharge::HalfRatingPerTurn => full.div_ceil(2),
        BufferRecharge::None => 0,
    };
    let next = current + step;
    if next > full { full } else { next }
}

/// A hybrid shield with a single Rating split between deflection and absorption (§11.2.3):
/// `to_deflection` points deflect, the rest absorb (clamped to the Rating).
pub const fn hybrid_split(rating: u8, to_deflection: u8) -> (u8, u8) {
    let d = if to_deflection > rating {
        rating
    } else {
        to_deflection
    };
    (d, rating - d)
}

/// Whether a shield covers a hit (§11.2.4–6). `own_section` is where the shield is mounted,
/// `struck_section`/`struck_pos` where the hit landed, `struck_system` the system hit (if any).
/// Roaming point defense also needs [`roaming_arrives`]. Shields never cover a core section,
/// except a stationary point-defense shield on a core system.
pub fn covers(
    shield: &ShieldDesign,
    own_section: usize,
    struck_section: usize,
    struck_pos: SectionPos,
    struck_system: Option<u16>,
) -> bool {
    let not_core = struck_pos != SectionPos::Core;
    match shield.coverage {
        // §16.4.2: one arc shield fully encapsulates a 1-section unit.
        ShieldCoverage::Arc => own_section == struck_section && not_core,
        ShieldCoverage::Encapsulating => not_core,
        ShieldCoverage::PointStationary(sys) => struck_system == Some(sys),
        ShieldCoverage::PointRoaming(_) => {
            own_section == struck_section && not_core && struck_system.is_some()
        }
    }
}

/// §11.2.5: a roaming point-defense shield reaches the struck system if the defender rolls 3d6
/// ≤ its speed Rating.
pub fn roaming_arrives(dice: &mut impl Roller, shield: &ShieldDesign) -> bool {
    match shield.coverage {
        ShieldCoverage::PointRoaming(speed) => roll_3d6(dice) <= speed,
        _ => false,
    }
}

/// §11.2.7 layering: with every applicable shield layered, all act (Ratings add); otherwise the
/// defender picks one. `ratings` are the applicable shields' (deflection, absorption, layering);
/// returns the layered totals, or `None` when the defender must pick one.
pub fn layered(ratings: &[(u16, u16, bool)]) -> Option<(u16, u16)> {
    if ratings.is_empty() || !ratings.iter().all(|r| r.2) {
        return None;
    }
    Some(ratings.iter().fold((0, 0), |(d, a), r| (d + r.0, a + r.1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shield(coverage: ShieldCoverage, tech: Tech) -> ShieldDesign {
        ShieldDesign {
            coverage,
            tech,
            deflection: 3,
            absorption: 5,
            buffering: false,
            partial_power: true,
            layering: false,
            overload: true,
            power: 2,
        }
    }

    /// §11.2.2.1 example: an Anti-Shield weapon does 50 against a buffering shield holding 80:
    /// 40 absorbed (the shield drops to 40), 10 through.
    #[test]
    fn example_11_2_2_1_anti_shield_buffer() {
        assert_eq!(buffer(50, 80, true), (10, 40));
        assert_eq!(buffer(50, 80, false), (0, 30));
        assert_eq!(buffer(5, 3, false), (2, 0));
    }

    /// §11.2.2.1 recharge readings; §11.2.3 hybrid split.
    #[test]
    fn buffer_recharge_and_hybrid_split() {
        assert_eq!(recharge_buffer(40, 80, BufferRecharge::RatingPerTurn), 80);
        assert_eq!(
            recharge_buffer(10, 80, BufferRecharge::HalfRatingPerTurn),
            50
        );
        assert_eq!(recharge_buffer(10, 80, BufferRecharge::None), 10);
        assert_eq!(hybrid_split(6, 2), (2, 4));
        assert_eq!(hybrid_split(6, 9), (6, 0));
    }

    /// §11.2.1 partial deflection is half rounded down; §11.2.8 over-load ×1.5 rounded down;
    /// §11.2.9 same technology at half.
    #[test]
    fn ratings_under_power_and_technology() {
        let s = shield(ShieldCoverage::Arc, Tech::Electromagnetic);
        let h = Halving::Down;
        assert_eq!(deflection(&s, ShieldPower::Full, Tech::Particle, h), 3);
        assert_eq!(deflection(&s, ShieldPower::Partial, Tech::Particle, h), 1);
        assert_eq!(
            deflection(&s, ShieldPower::Overloaded, Tech::Particle, h),
            4
        );
        assert_eq!(deflection(&s, ShieldPower::Off, Tech::Particle, h), 0);
        assert_eq!(
            absorption(&s, ShieldPower::Full, Tech::Electromagnetic, false, h),
            2
        );
        assert_eq!(
            absorption(
                &s,
                ShieldPower::Full,
                Tech::Electromagnetic,
                false,
                Halving::Up
            ),
            3
        );
        assert_eq!(
            absorption(&s, ShieldPower::Partial, Tech::Particle, false, Halving::Up),
            3
        );
        assert_eq!(
            absorption(&s, ShieldPower::Full, Tech::Particle, true, h),
            2
        );
        let mut full_only = s;
        full_only.partial_power = false;
        assert_eq!(
            absorption(&full_only, ShieldPower::Partial, Tech::Particle, false, h),
            0
        );
    }

    /// §11.2.4–6: arc covers its own outer section, encapsulating every outer one, never the
    /// core; stationary point defense covers its system even in the core.
    #[test]
    fn coverage() {
        let arc = shield(ShieldCoverage::Arc, Tech::Particle);
        assert!(covers(&arc, 0, 0, SectionPos::Fore, None));
        assert!(!covers(&arc, 0, 1, SectionPos::Aft, None));
        let enc = shield(ShieldCoverage::Encapsulating, Tech::Particle);
        assert!(covers(&enc, 2, 1, SectionPos::Aft, Some(8)));
        assert!(!covers(&enc, 2, 2, SectionPos::Core, Some(15)));
        let pd = shield(ShieldCoverage::PointStationary(15), Tech::Particle);
        assert!(covers(&pd, 2, 2, SectionPos::Core, Some(15)));
        assert!(!covers(&pd, 2, 2, SectionPos::Core, Some(16)));
        let roam = shield(ShieldCoverage::PointRoaming(10), Tech::Particle);
        assert!(covers(&roam, 0, 0, SectionPos::Fore, Some(3)));
        assert!(!covers(&roam, 0, 0, SectionPos::Fore, None));
        let mut d = crate::dice::ScriptedDice::new(&[4, 3, 3, 4, 4, 3]);
        assert!(roaming_arrives(&mut d, &roam));
        assert!(!roaming_arrives(&mut d, &roam));
    }

    /// §11.2.7: all layered → all act; one not → the defender picks one.
    #[test]
    fn layering() {
        assert_eq!(layered(&[(1, 2, true), (3, 4, true)]), Some((4, 6)));
        assert_eq!(layered(&[(1, 2, true), (3, 4, false)]), None);
        assert_eq!(layered(&[]), None);
    }
}
