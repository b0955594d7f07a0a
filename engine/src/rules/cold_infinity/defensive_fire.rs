//! §11.1 defensive fire (digest D12.1): who may defend, and how much SDF, AHDF and EDF take off
//! an attack's to-hit roll. Ablative DF's damage reduction is in `fire::damage`.

/// The §11.1 criteria for one defending weapon against one attack, as facts from the battle
/// (the arc test comes from the movement half; for guided weapons, the launch hex, D19 item 45).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DfCheck {
    /// The attacking unit is in the defending weapon's firing arc.
    pub attacker_in_arc: bool,
    /// The weapon has fired or will fire offensively this turn.
    pub fires_offensively: bool,
    /// The weapon is activated and able to fire (for EDF: activated and not in cooldown; it
    /// may still be arming, §11.1.3).
    pub able: bool,
    /// The relevant Rating is above 0.
    pub has_rating: bool,
    /// The attack can be intercepted (not laser, enveloping, wave: `technologies::can_be_defended`).
    pub interceptable: bool,
    /// The weapon already defended this turn.
    pub already_defended: bool,
    /// The defending weapon's Speed.
    pub speed: u8,
    /// The attack's Speed.
    pub attack_speed: u8,
}

impl DfCheck {
    /// Whether the weapon may defend (§11.1: all criteria).
    pub const fn allowed(self) -> bool {
        self.attacker_in_arc
            && !self.fires_offensively
            && self.able
            && self.has_rating
            && self.interceptable
            && !self.already_defended
            && self.speed >= self.attack_speed
    }
}

/// A capped DF group's total (§11.1.2 AHDF, §11.1.3 EDF): the sum, at most 4 × the lowest
/// Rating among the weapons used. Empty → 0.
pub fn capped_total(ratings: &[u8]) -> u16 {
    let Some(&lowest) = ratings.iter().min() else {
        return 0;
    };
    let sum: u16 = ratings.iter().map(|&r| u16::from(r)).sum();
    sum.min(4 * u16::from(lowest))
}

/// The DF penalty on one attack (§11.1.1–3): every SDF Rating counts (no cap); AHDF and EDF are
/// each capped at 4 × their lowest Rating. Ablative weapons are left out by the caller (they
/// reduce damage instead, except against guided weapons, §11.1.5).
pub fn df_penalty(sdf: &[u8], ahdf: &[u8], edf: &[u8]) -> u16 {
    sdf.iter().map(|&r| u16::from(r)).sum::<u16>() + capped_total(ahdf) + capped_total(edf)
}

/// The kind of defensive fire a weapon gives (§11.1.1–3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DfKind {
    /// Standard (§11.1.1): uncapped.
    Standard,
    /// Ad hoc (§11.1.2): declared at fire determination, the group capped.
    AdHoc,
    /// Emergency (§11.1.3): a weapon declared offensive switches, the group capped, at a price.
    Emergency,
}

/// One capped group of DF Ratings on one attack (§11.1.2, §11.1.3): their sum (saturating at
/// 255 — far beyond any cap a Rating allows) and the lowest. Bytes, so a shot stays small.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DfGroup {
    /// The Ratings added.
    pub sum: u8,
    /// The lowest Rating in the group (0 while empty).
    pub lowest: u8,
}

impl DfGroup {
    /// The group's modifier: the sum, at most 4 × the lowest Rating ([`capped_total`]).
    pub const fn total(self) -> u16 {
        let cap = 4 * self.lowest as u16;
        let sum = self.sum as u16;
        if sum < cap { sum } else { cap }
    }

    /// The group with one more weapon of `rating` in it.
    pub const fn with(self, rating: u8) -> DfGroup {
        DfGroup {
            sum: self.sum.saturating_add(rating),
            lowest: if self.sum == 0 || rating < self.lowest {
                rating
            } else {
                self.lowest
            },
        }
    }
}

/// The defensive fire on one attack so far (§11.1.1–3): SDF adds up uncapped, AHDF and EDF each
/// form a group capped at 4 × its lowest Rating; the to-hit penalty is their sum
/// ([`df_penalty`]'s arithmetic, kept as weapons are allocated one by one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DfTally {
    /// The SDF Ratings' sum (saturating at 255).
    pub sdf: u8,
    /// The AHDF group.
    pub ahdf: DfGroup,
    /// The EDF group.
    pub edf: DfGroup,
}

impl DfTally {
    /// No defensive fire.
    pub const NONE: DfTally = DfTally {
        sdf: 0,
        ahdf: DfGroup { sum: 0, lowest: 0 },
        edf: DfGroup { sum: 0, lowest: 0 },
    };

    /// SDF alone (a test's or a guided weapon's tally).
    pub const fn standard(sdf: u8) -> DfTally {
        DfTally {
            sdf,
            ..DfTally::NONE
        }
    }

    /// The to-hit penalty (positive).
    #[inline]
    pub const fn total(self) -> u16 {
        self.sdf as u16 + self.ahdf.total() + self.edf.total()
    }

    /// The tally with one more weapon of `kind` and `rating` allocated.
    pub const fn with(self, kind: DfKind, rating: u8) -> DfTally {
        match kind {
            DfKind::Standard => DfTally {
                sdf: self.sdf.saturating_add(rating),
                ..self
            },
            DfKind::AdHoc => DfTally {
                ahdf: self.ahdf.with(rating),
                ..self
            },
            DfKind::Emergency => DfTally {
                edf: self.edf.with(rating),
                ..self
            },
        }
    }
}

/// The DF a weapon gives when it holds fire (§7.2.3: "secretly set unused weapons to SDF or
/// AHDF"): its SDF when it has one (uncapped, so never worse), else its AHDF; `None` when both
/// are 0. EDF is the §7.2.6 switch of a weapon declared offensive, not a declaration.
pub const fn declared(sdf: u8, ahdf: u8) -> Option<(DfKind, u8)> {
    if sdf > 0 {
        Some((DfKind::Standard, sdf))
    } else if ahdf > 0 {
        Some((DfKind::AdHoc, ahdf))
    } else {
        None
    }
}

/// The price of EDF (§11.1.3): each EDF weapon takes 1 damage ignoring armor, and an unarmed one
/// (`arming_left` > 0) must cool down next turn for its arming cycle (`arming` turns).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdfCost {
    /// Damage to the weapon (ignoring armor; to structure for fighters).
    pub damage: u16,
    /// Forced cooldown turns from next turn.
    pub cooldown: u8,
}

/// The cost of one weapon's EDF (§11.1.3).
pub const fn edf_cost(arming: u8, arming_left: u8) -> EdfCost {
    EdfCost {
        damage: 1,
        cooldown: if arming_left > 0 { arming } else { 0 },
    }
}

/// Whether a unit may screen another (§11.1.7): an SDF weapon allocated to the attack, whose
/// range penalty to the protected unit is at most its Speed (×2 with Guardian), whose arc holds
/// the target or the attacker, and whose unit is nearer the attacker than the target is.
pub const fn may_screen(
    has_sdf: bool,
    range_penalty_to_target: u16,
    speed: u8,
    guardian: bool,
    arc_holds_target_or_attacker: bool,
    range_to_attacker: u16,
    target_range_to_attacker: u16,
) -> bool {
    let limit = speed as u16 * if guardian { 2 } else { 1 };
    has_sdf
        && range_penalty_to_target <= limit
        && arc_holds_target_or_attacker
        && range_to_attacker < target_range_to_attacker
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok() -> DfCheck {
        DfCheck {
            attacker_in_arc: true,
            fires_offensively: false,
            able: true,
            has_rating: true,
            interceptable: true,
            already_defended: false,
            speed: 3,
            attack_speed: 3,
        }
    }

    /// §11.1: every criterion is needed; a slower weapon cannot defend against a faster one.
    #[test]
    fn criteria() {
        assert!(ok().allowed());
        assert!(
            !DfCheck {
                attacker_in_arc: false,
                ..ok()
            }
            .allowed()
        );
        assert!(
            !DfCheck {
                fires_offensively: true,
                ..ok()
            }
            .allowed()
        );
        assert!(
            !DfCheck {
                able: false,
                ..ok()
            }
            .allowed()
        );
        assert!(
            !DfCheck {
                has_rating: false,
                ..ok()
            }
            .allowed()
        );
        assert!(
            !DfCheck {
                interceptable: false,
                ..ok()
            }
            .allowed()
        );
        assert!(
            !DfCheck {
                already_defended: true,
                ..ok()
            }
            .allowed()
        );
        assert!(!DfCheck { speed: 2, ..ok() }.allowed());
        assert!(DfCheck { speed: 4, ..ok() }.allowed());
    }

    /// §11.1.1–3: SDF uncapped; AHDF and EDF at most 4 × the lowest Rating — exact over every
    /// group of up to three Ratings 1..=4.
    #[test]
    fn caps_exact() {
        assert_eq!(df_penalty(&[3, 3, 3], &[], &[]), 9);
        assert_eq!(capped_total(&[1, 4, 4]), 4);
        assert_eq!(capped_total(&[2, 2, 2, 2, 2]), 8);
        assert_eq!(capped_total(&[]), 0);
        for a in 1..=4u8 {
            for b in 1..=4u8 {
                for c in 1..=4u8 {
                    let want = (u16::from(a) + u16::from(b) + u16::from(c))
                        .min(4 * u16::from(a.min(b).min(c)));
                    assert_eq!(capped_total(&[a, b, c]), want);
                }
            }
        }
        assert_eq!(df_penalty(&[2], &[1, 4, 4], &[2, 2]), 2 + 4 + 4);
    }

    /// §11.1.2–3: the tally kept weapon by weapon gives `df_penalty`'s total, exact over every
    /// order of up to three AHDF and two EDF Ratings 1..=4 beside an SDF.
    #[test]
    fn tally_matches_the_caps() {
        for a in 1..=4u8 {
            for b in 1..=4u8 {
                for c in 1..=4u8 {
                    for e in 1..=4u8 {
                        let mut t = DfTally::standard(2);
                        for r in [c, a, b] {
                            t = t.with(DfKind::AdHoc, r);
                        }
                        t = t.with(DfKind::Emergency, e).with(DfKind::Emergency, a);
                        assert_eq!(t.total(), df_penalty(&[2], &[a, b, c], &[e, a]));
                    }
                }
            }
        }
        // One AHDF 1 beside AHDF 4s caps the group at 4 (§11.1.2).
        let t = DfTally::NONE
            .with(DfKind::AdHoc, 4)
            .with(DfKind::AdHoc, 4)
            .with(DfKind::AdHoc, 1);
        assert_eq!(t.total(), 4);
        assert_eq!(DfTally::NONE.total(), 0);
        assert_eq!(declared(2, 1), Some((DfKind::Standard, 2)));
        assert_eq!(declared(0, 1), Some((DfKind::AdHoc, 1)));
        assert_eq!(declared(0, 0), None);
    }

    /// §11.1.3: 1 damage per EDF weapon; an unarmed one cools down for its arming cycle.
    #[test]
    fn edf_price() {
        assert_eq!(
            edf_cost(3, 0),
            EdfCost {
                damage: 1,
                cooldown: 0
            }
        );
        assert_eq!(
            edf_cost(3, 2),
            EdfCost {
                damage: 1,
                cooldown: 3
            }
        );
    }

    /// §11.1.7 example: a plasma weapon (Speed 2) may screen with a range penalty up to −2;
    /// Guardian (§11.1.7.1) doubles it; the screener must be nearer the attacker.
    #[test]
    fn example_11_1_7_screening_plasma_speed_2() {
        assert!(may_screen(true, 2, 2, false, true, 5, 6));
        assert!(!may_screen(true, 3, 2, false, true, 5, 6));
        assert!(may_screen(true, 4, 2, true, true, 5, 6));
        assert!(!may_screen(true, 2, 2, false, true, 6, 6));
        assert!(!may_screen(false, 2, 2, false, true, 5, 6));
        assert!(!may_screen(true, 2, 2, false, false, 5, 6));
    }
}
