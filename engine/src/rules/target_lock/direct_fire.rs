//! The d10 attack roll and the to-hit modifiers (seed, "Attack Procedures" and "To-hit
//! Modifiers"; digest §2.1, §2.2, §3.1–3.3).

/// What kind of attack a weapon makes (seed, "Attack Procedures").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// "Direct Fire Attack": range between the two ship counters, resolved at once.
    Direct,
    /// "Projectile/Seeker Attack" by a plain projectile: a counter in the target's destination
    /// hex; keeps the target-thrusting modifier (digest correction 2).
    Projectile,
    /// A seeking weapon: like a projectile, but "Seeking weapons ignore this modifier".
    Seeker,
}

/// Whether one d10 `roll` hits target number `tn`: "If the roll is equal to or less than the
/// target number, the weapon hits. If the roll is higher than the target number or a natural
/// 10, you miss. There are no automatic hits." (seed, "Direct Fire Attack").
#[inline]
pub const fn hits(roll: u8, tn: i32) -> bool {
    roll < 10 && (roll as i32) <= tn
}

/// P(hit) of one d10 at `tn`, in tenths: `clamp(tn, 0, 9)` (digest §2.1).
pub const fn hit_tenths(tn: i32) -> i32 {
    if tn < 0 {
        0
    } else if tn > 9 {
        9
    } else {
        tn
    }
}

/// What the to-hit modifiers depend on (seed, "To-hit Modifiers").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ToHit {
    /// "Target thrusting": hexes of displacement of the target this turn.
    pub target_displacement: i32,
    /// The target's Target Size Modifier (sign by house rule G22 `target_size_sign`).
    pub target_size: i32,
    /// Shooting at a warhead (a projectile counter, in point defense).
    pub at_warhead: bool,
    /// The weapon is a dedicated anti-missile weapon ("** Dedicated antimissile weapons
    /// ignore this modifier").
    pub dedicated_antimissile: bool,
    /// Other modifiers that are house rules (Aim G7, lost Fire Control G11).
    pub other: i32,
}

/// The sum of the to-hit modifiers for an attack of `delivery` (seed, "To-hit Modifiers"):
/// −1 per hex of target displacement ("* Seeking weapons ignore this modifier"), the target
/// size modifier times `size_sign` (the sheet prints no sign, G22), −3 against a warhead
/// unless the weapon is dedicated anti-missile, and the house-rule extras.
pub const fn modifier(delivery: Delivery, t: ToHit, size_sign: i32) -> i32 {
    let thrust = match delivery {
        Delivery::Seeker => 0,
        Delivery::Direct | Delivery::Projectile => -t.target_displacement,
    };
    let warhead = if t.at_warhead && !t.dedicated_antimissile {
        -3
    } else {
        0
    };
    thrust + size_sign * t.target_size + warhead + t.other
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exact P(hit) by enumerating the ten faces.
    fn p_hit(tn: i32) -> i32 {
        (1..=10u8).filter(|&r| hits(r, tn)).count() as i32
    }

    /// Digest §3.1: TN 6 → 0.6, TN 9 → 0.9, TN 12 → 0.9 (natural 10 misses), TN 0 / −1 → 0,
    /// a 10 at TN 15 misses (seed: "or a natural 10, you miss. There are no automatic hits").
    #[test]
    fn vector_3_1_d10_hit_chances() {
        assert_eq!(p_hit(6), 6);
        assert_eq!(p_hit(9), 9);
        assert_eq!(p_hit(12), 9);
        assert_eq!(p_hit(0), 0);
        assert_eq!(p_hit(-1), 0);
        assert!(!hits(10, 15));
        for tn in -5..20 {
            assert_eq!(p_hit(tn), hit_tenths(tn), "tn {tn}");
        }
    }

    /// Digest §3.2: a bank of three at TN 7: P(all hit) = 0.343, E[hits] = 2.1 (exact
    /// enumeration of 1000 outcomes).
    #[test]
    fn vector_3_2_bank_of_three() {
        let (mut all, mut total) = (0, 0);
        for a in 1..=10u8 {
            for b in 1..=10u8 {
                for c in 1..=10u8 {
                    let n = [a, b, c].iter().filter(|&&r| hits(r, 7)).count();
                    total += n;
                    all += usize::from(n == 3);
                }
            }
        }
        assert_eq!(all, 343);
        assert_eq!(total, 2100);
    }

    /// Digest §3.3: target thrusting 2 hexes: −2 direct, 0 seeker, −2 plain projectile;
    /// at a warhead −3, 0 with a dedicated anti-missile weapon.
    #[test]
    fn vector_3_3_thrust_and_warhead_modifiers() {
        let t = ToHit {
            target_displacement: 2,
            ..ToHit::default()
        };
        assert_eq!(modifier(Delivery::Direct, t, 1), -2);
        assert_eq!(modifier(Delivery::Seeker, t, 1), 0);
        assert_eq!(modifier(Delivery::Projectile, t, 1), -2);
        let w = ToHit {
            at_warhead: true,
            ..ToHit::default()
        };
        assert_eq!(modifier(Delivery::Direct, w, 1), -3);
        let pd = ToHit {
            dedicated_antimissile: true,
            ..w
        };
        assert_eq!(modifier(Delivery::Direct, pd, 1), 0);
        let big = ToHit {
            target_size: 2,
            ..ToHit::default()
        };
        assert_eq!(modifier(Delivery::Direct, big, 1), 2);
        assert_eq!(modifier(Delivery::Direct, big, -1), -2);
    }
}
