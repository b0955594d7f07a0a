//! Electronic support systems (§4.7, D5; the digest's "Later" list, built early because EW is
//! this half's): an ESS lends lock-ons, amplification and ECM to friendly units inside its own
//! shroud, jams enemy lock-ons and negates enemy ESS. It never helps its own unit and is never
//! boosted. Several ESS on a side: only the strongest effect applies to a given ship (§4.7.7).
//!
//! Units are named by their battle index (`0..64`); target sets are `u64` bit masks, so nothing
//! allocates.

use crate::hex::Hex;

/// An ESS device's points (§13.1.5: Rating = 3 × undamaged structure; never boosted, §4.7).
pub const fn ess_rating(structure: i32, damage: i32) -> i32 {
    if damage >= structure {
        0
    } else {
        3 * (structure - damage)
    }
}

/// Hexes per ESS shroud point (§4.7.1).
pub const HEXES_PER_ESS_POINT: i32 = 8;
/// ESS points per point of ECM given to every friendly unit in the shroud (§4.7.3).
pub const ESS_POINTS_PER_ECM: i32 = 3;
/// ESS points to jam one enemy unit (§4.7.4).
pub const ESS_POINTS_PER_JAM: i32 = 3;
/// ESS points to negate one enemy ESS unit (§4.7.5).
pub const ESS_POINTS_PER_NEGATION: i32 = 5;

/// One ESS unit's functions this turn (§2.1.3.1: determined and announced in the EW Phase).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EssUnit {
    /// The carrying unit's battle index.
    pub unit: u8,
    /// Its side (0 or 1).
    pub side: u8,
    /// Its position.
    pub pos: Hex,
    /// Shroud points (8 hexes each; a prerequisite for every other function, §4.7.1).
    pub shroud: u8,
    /// The enemy unit amplified, and by how many points (§4.7.2).
    pub amplify: Option<(u8, u8)>,
    /// Points spent on ECM for friendly units (§4.7.3; 3 per point of ECM).
    pub ecm: u8,
    /// Enemy units jammed (bit = unit index; 3 points each, §4.7.4).
    pub jam: u64,
    /// Enemy ESS units negated (bit = the carrying unit's index; 5 points each, §4.7.5).
    pub negate: u64,
}

impl EssUnit {
    /// Points these functions cost (§4.7.1–4.7.5).
    pub const fn cost(&self) -> i32 {
        let amp = match self.amplify {
            Some((_, p)) => p as i32,
            None => 0,
        };
        self.shroud as i32
            + amp
            + self.ecm as i32
            + ESS_POINTS_PER_JAM * self.jam.count_ones() as i32
            + ESS_POINTS_PER_NEGATION * self.negate.count_ones() as i32
    }

    /// Shroud radius in hexes (§4.7.1).
    pub const fn radius(&self) -> i32 {
        HEXES_PER_ESS_POINT * self.shroud as i32
    }

    /// Whether a hex is inside its shroud.
    pub const fn covers(&self, h: Hex) -> bool {
        self.shroud > 0 && self.pos.distance(h) <= self.radius()
    }
}

/// Which ESS units are negated (bit i = `ess[i]`), §4.7.5: an ESS is negated by an enemy ESS
/// that negates it and has it inside its shroud — unless it negates that one back (mutual
/// negation cancels). A negated ESS keeps only its own negation.
pub fn negated(ess: &[EssUnit]) -> u64 {
    let mut mask = 0u64;
    for (i, x) in ess.iter().enumerate() {
        for y in ess {
            let y_negates_x = y.side != x.side && y.negate & (1 << x.unit) != 0 && y.covers(x.pos);
            let x_negates_y = x.negate & (1 << y.unit) != 0 && x.covers(y.pos);
            if y_negates_x && !x_negates_y {
                mask |= 1 << i;
            }
        }
    }
    mask
}

/// What friendly and enemy ESS do to one attack (§4.7.1–4.7.4, §4.7.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EssFacts {
    /// A friendly ESS gives the attacker a lock on the target.
    pub lock: bool,
    /// An enemy ESS jams the attacker: it loses every lock-on, whatever the source.
    pub jammed: bool,
    /// Amplification from a friendly ESS (the strongest only).
    pub amplification: i32,
    /// ECM a friendly ESS of the target's gives it (the strongest only; small vessels too).
    pub target_ecm: i32,
}

/// The ESS facts of an attack by unit `attacker` (side, position; `small` = fighter or
/// shuttle) on unit `target` at `target_pos` (§4.7). `negated` from [`negated`].
#[allow(clippy::too_many_arguments)]
pub fn ess_facts(
    ess: &[EssUnit],
    negated: u64,
    attacker: u8,
    attacker_side: u8,
    attacker_pos: Hex,
    small: bool,
    target: u8,
    target_pos: Hex,
) -> EssFacts {
    let mut f = EssFacts::default();
    for (i, e) in ess.iter().enumerate() {
        if negated & (1 << i) != 0 {
            continue;
        }
        if e.side == attacker_side {
            // Support never helps the ESS's own unit (§4.7) nor small vessels (§4.7.1–2).
            if e.unit == attacker || small || !e.covers(attacker_pos) || !e.covers(target_pos) {
                continue;
            }
            f.lock = true;
            if let Some((t, p)) = e.amplify
                && t == target
            {
                f.amplification = f.amplification.max(i32::from(p));
            }
        } else {
            // The target's side: ECM for every friendly unit in the shroud, small vessels
            // included; jamming of the attacker (not a fighter or shuttle).
            if e.unit != target && e.covers(target_pos) {
                f.target_ecm = f.target_ecm.max(i32::from(e.ecm) / ESS_POINTS_PER_ECM);
            }
            if !small && e.jam & (1 << attacker) != 0 && e.covers(attacker_pos) {
                f.jammed = true;
            }
        }
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cold_infinity::geometry::Facing;

    fn at(n: i32) -> Hex {
        Facing::new(1).unit().scale(n)
    }

    fn ess(unit: u8, side: u8, pos: Hex, shroud: u8) -> EssUnit {
        EssUnit {
            unit,
            side,
            pos,
            shroud,
            ..EssUnit::default()
        }
    }

    /// §4.7.7 example: A negates B and B negates C: A keeps every function, B and C only their
    /// negation. If B turns its negation on A, all three operate fully.
    #[test]
    fn example_4_7_7_negation_chain() {
        let (a, b, c) = (0u8, 1u8, 2u8);
        let mut units = [
            EssUnit {
                negate: 1 << b,
                ..ess(a, 0, at(0), 3)
            },
            EssUnit {
                negate: 1 << c,
                ..ess(b, 1, at(4), 3)
            },
            ess(c, 0, at(8), 3),
        ];
        assert_eq!(negated(&units), 0b110);
        units[1].negate = 1 << a;
        assert_eq!(negated(&units), 0);
    }

    /// §4.7.1–4.7.2: friendly non-small units in the ESS shroud lock on enemies in it and use
    /// its amplification of a named enemy; never the ESS's own unit; only the strongest.
    #[test]
    fn shroud_lock_and_amplification() {
        let e1 = EssUnit {
            amplify: Some((9, 2)),
            ..ess(0, 0, at(0), 2)
        }; // 16 hexes
        let e2 = EssUnit {
            amplify: Some((9, 3)),
            ..ess(1, 0, at(1), 1)
        }; // 8 hexes
        let units = [e1, e2];
        let n = negated(&units);
        let f = ess_facts(&units, n, 5, 0, at(2), false, 9, at(7));
        assert_eq!(
            f,
            EssFacts {
                lock: true,
                jammed: false,
                amplification: 3,
                target_ecm: 0
            }
        );
        let f = ess_facts(&units, n, 5, 0, at(2), false, 9, at(12));
        assert_eq!((f.lock, f.amplification), (true, 2), "outside e2's 8 hexes");
        let f = ess_facts(&units, n, 5, 0, at(2), false, 8, at(12));
        assert_eq!(
            (f.lock, f.amplification),
            (true, 0),
            "another enemy: lock only"
        );
        let f = ess_facts(&units, n, 0, 0, at(0), false, 9, at(7));
        assert_eq!(f.amplification, 3, "e1's own unit still uses e2");
        let f = ess_facts(&[e1], 0, 0, 0, at(0), false, 9, at(7));
        assert_eq!(f, EssFacts::default(), "never its own unit");
        let f = ess_facts(&units, n, 5, 0, at(2), true, 9, at(7));
        assert_eq!(f, EssFacts::default(), "not small vessels");
        assert_eq!(e1.cost(), 4);
    }

    /// §4.7.3: 3 ESS points give every friendly unit in the shroud 1 ECM (small vessels too);
    /// §4.7.4: 3 points jam one enemy non-fighter, which loses every lock-on.
    #[test]
    fn ecm_and_jamming() {
        let guard = EssUnit {
            ecm: 7,
            jam: 1 << 4,
            ..ess(1, 1, at(10), 2)
        };
        let units = [guard];
        let f = ess_facts(&units, 0, 4, 0, at(0), false, 6, at(12));
        assert_eq!((f.target_ecm, f.jammed), (2, true));
        let f = ess_facts(&units, 0, 4, 0, at(0), true, 6, at(12));
        assert_eq!(
            (f.target_ecm, f.jammed),
            (2, false),
            "fighters are not jammed"
        );
        let f = ess_facts(&units, 0, 4, 0, at(-10), false, 6, at(12));
        assert!(!f.jammed, "attacker outside the ESS shroud");
        assert_eq!(guard.cost(), 2 + 7 + 3);
        // A negated ESS gives nothing.
        let f = ess_facts(&units, 1, 4, 0, at(0), false, 6, at(12));
        assert_eq!(f, EssFacts::default());
    }

    #[test]
    fn ess_rating_is_three_per_structure() {
        assert_eq!(ess_rating(4, 0), 12);
        assert_eq!(ess_rating(4, 1), 9);
        assert_eq!(ess_rating(4, 4), 0);
    }
}
