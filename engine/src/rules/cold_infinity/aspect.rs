//! What an attacker sees of its target (§7.3.1.1, §7.4.1.1–2, D19 5): which silhouette Rating
//! (F/A or P/S) the hit roll uses and which section the hit strikes, from the geometry. The
//! diagrams are lost, so the silhouette regions are **data** ([`SilhouetteRegions`], default
//! [`SilhouetteRegions::DIGEST`]). Geometry in ([`aspect`], [`section_hit`]), the design's
//! section out ([`struck_sections`]): the one place that answers "which silhouette, which
//! section" for the hit roll and damage.

use super::design::{SectionLayout, SectionPos, ShipDesign};
use super::geometry::{Facing, relative_bearing};
use super::movement::Quarter;
use super::movement::readings::RotatedSilhouette;
use crate::hex::Hex;

/// Which silhouette Rating applies (§7.3.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aspect {
    /// Forward/aft.
    ForeAft,
    /// Port/starboard.
    PortStarboard,
    /// A mixed hex (or equal Ratings): the attacker chooses.
    Either,
}

/// The reconstructed silhouette diagrams (D19 5): the half-angle of the fore and aft cones in
/// which the F/A Rating applies, for each shape of ship. θ is the attacker's bearing from the
/// target's nose; F/A applies for |θ| < half or |θ| > 180 − half, P/S strictly between, and
/// exactly on a boundary the attacker chooses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SilhouetteRegions {
    /// F/A cone half-angle when F/A ≥ P/S.
    pub fa_cone_when_fa_larger: f64,
    /// F/A cone half-angle when P/S > F/A.
    pub fa_cone_when_ps_larger: f64,
}

impl SilhouetteRegions {
    /// The digest's default (D19 5): the larger Rating gets the wider region — F/A ≥ P/S: F/A
    /// within 60° of the nose or tail; P/S larger: F/A only within 30°. Reproduces "fire along
    /// facing 2 hits the fore/starboard seam" (§7.4.1.2B) for the F/A-larger shape.
    pub const DIGEST: SilhouetteRegions = SilhouetteRegions {
        fa_cone_when_fa_larger: 60.0,
        fa_cone_when_ps_larger: 30.0,
    };
    /// Alternative: one diagram for every shape, F/A within 45° of the nose or tail (no hex
    /// centre lies exactly on a 45° line, so there are no mixed hexes).
    pub const EVEN: SilhouetteRegions = SilhouetteRegions {
        fa_cone_when_fa_larger: 45.0,
        fa_cone_when_ps_larger: 45.0,
    };
}

const EPS: f64 = 1e-9;

/// The aspect from a relative bearing θ (degrees, 0 = the target's nose) for a target whose
/// Ratings are `fa` and `ps` (§7.3.1.1). Equal Ratings: the attacker chooses the diagram, and
/// either gives the same number, so this returns the F/A-larger diagram's answer.
pub fn aspect_from_bearing(regions: &SilhouetteRegions, theta: f64, fa: i32, ps: i32) -> Aspect {
    let cone = if fa >= ps {
        regions.fa_cone_when_fa_larger
    } else {
        regions.fa_cone_when_ps_larger
    };
    let off_axis = theta.abs().min(180.0 - theta.abs());
    if (off_axis - cone).abs() <= EPS {
        Aspect::Either
    } else if off_axis < cone {
        Aspect::ForeAft
    } else {
        Aspect::PortStarboard
    }
}

/// A target's orientation, as the silhouette and section rules need it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pose {
    /// Position (for same-hex fire: before arrival, §7.7).
    pub pos: Hex,
    /// Nose.
    pub facing: Facing,
    /// Roll state.
    pub roll: Quarter,
    /// Tumble state.
    pub tumble: Quarter,
}

/// The aspect an attacker at `from` (for guided weapons: the launch hex) sees of `target`
/// (§7.3.1.1), including the rolled/tumbled table (house rule `rotated_silhouette`, D19 32).
/// Same hex with no earlier position: the attacker chooses.
pub fn aspect(
    regions: &SilhouetteRegions,
    rule: RotatedSilhouette,
    from: Hex,
    target: &Pose,
    fa: i32,
    ps: i32,
) -> Aspect {
    if rule == RotatedSilhouette::TumbledPsRolledFa {
        if !target.tumble.is_level() {
            return Aspect::PortStarboard;
        }
        if !target.roll.is_level() {
            return Aspect::ForeAft;
        }
    }
    match relative_bearing(target.pos, target.facing, from) {
        Some(theta) => aspect_from_bearing(regions, theta, fa, ps),
        None => Aspect::Either,
    }
}

/// The silhouette Rating for an aspect (§7.3.1.1); on `Either` the attacker takes the larger (the better
/// hit chance — a player may prefer the other for its section, see [`section_hit`]).
pub const fn silhouette_rating(aspect: Aspect, fa: i32, ps: i32) -> i32 {
    match aspect {
        Aspect::ForeAft => fa,
        Aspect::PortStarboard => ps,
        Aspect::Either => {
            if fa > ps {
                fa
            } else {
                ps
            }
        }
    }
}

/// The outer section fire strikes (§7.4.1.2A–B): one, or a seam where the attacker chooses.
/// If the chosen section is destroyed the hit goes to the core (§7.4.1.1) — the damage code's
/// step, not this one's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SectionHit {
    /// This section.
    One(SectionPos),
    /// A seam: the attacker picks one of the two.
    Seam(SectionPos, SectionPos),
}

/// Which outer section faces an attacker at `from` (§7.4.1.1–2; D19 5; second reading 12):
/// * 3 sections: fore if the attacker is ahead of the centre line, aft if behind, a seam on
///   it; rolls and 180° tumbles change nothing; tumbled 90°, the attacker chooses (§7.4.1.2B,
///   always in 2-D).
/// * 5 sections: fore/aft on the F/A aspect, port/starboard on P/S, a seam where the aspect is
///   mixed (the aspect takes the rolled/tumbled table); rolled 90°, as 3 sections. (§7.4.1.1
///   prints "the F/S silhouette" for the first case: a misprint for F/A.)
/// * 7 sections: the outer section whose facing's ±30° sector holds the attacker (a seam on a
///   vertex line); rolled 90°, section 1 from the front and 4 from the rear.
///
/// A 180° roll mirrors port and starboard.
#[inline]
pub fn section_hit(layout: SectionLayout, aspect: Aspect, from: Hex, target: &Pose) -> SectionHit {
    use SectionPos::*;
    let Some(theta) = relative_bearing(target.pos, target.facing, from) else {
        return match layout {
            SectionLayout::One => SectionHit::One(Single),
            SectionLayout::ForeAftCore | SectionLayout::Five => SectionHit::Seam(Fore, Aft),
            SectionLayout::PortStarboardCore => SectionHit::Seam(Port, Starboard),
            SectionLayout::Seven => SectionHit::Seam(Outer(1), Outer(4)),
        };
    };
    // Mirror port/starboard for a ship flipped by a roll (positive θ = port side).
    let theta = if target.roll.is_flipped() {
        -theta
    } else {
        theta
    };
    let fore_aft = |theta: f64, fore: SectionPos, aft: SectionPos| {
        if (theta.abs() - 90.0).abs() <= EPS {
            SectionHit::Seam(fore, aft)
        } else if theta.abs() < 90.0 {
            SectionHit::One(fore)
        } else {
            SectionHit::One(aft)
        }
    };
    let side = |theta: f64| if theta > 0.0 { Port } else { Starboard };
    let rolled_90 = !target.roll.is_level();
    let tumbled_90 = !target.tumble.is_level();
    match layout {
        SectionLayout::One => SectionHit::One(Single),
        SectionLayout::ForeAftCore => {
            if tumbled_90 {
                SectionHit::Seam(Fore, Aft)
            } else {
                fore_aft(theta, Fore, Aft)
            }
        }
        SectionLayout::PortStarboardCore => {
            if theta.abs() <= EPS || (theta.abs() - 180.0).abs() <= EPS {
                SectionHit::Seam(Port, Starboard)
            } else {
                SectionHit::One(side(theta))
            }
        }
        SectionLayout::Five => {
            if rolled_90 {
                return fore_aft(theta, Fore, Aft);
            }
            let fa = if theta.abs() < 90.0 { Fore } else { Aft };
            match aspect {
                Aspect::ForeAft => SectionHit::One(fa),
                Aspect::PortStarboard => SectionHit::One(side(theta)),
                Aspect::Either => SectionHit::Seam(fa, side(theta)),
            }
        }
        SectionLayout::Seven => {
            if rolled_90 {
                return fore_aft(theta, Outer(1), Outer(4));
            }
            // Clockwise sector index from the nose, in 30° steps (even = a facing).
            let steps = -theta / 30.0;
            let nearest = steps.round();
            let n = |k: f64| Outer(((k as i32).rem_euclid(12) / 2 + 1) as u8);
            if (steps - nearest).abs() <= EPS && (nearest as i32).rem_euclid(2) == 1 {
                SectionHit::Seam(n(nearest - 1.0), n(nearest + 1.0))
            } else {
                // Nearest facing: round to the nearest even step.
                let k = (steps / 2.0).round() * 2.0;
                SectionHit::One(n(k))
            }
        }
    }
}

/// The design's section indices a [`SectionHit`] names (§7.4.1.1): the section at that
/// position, and on a seam the second one the attacker may pick instead. A position the design
/// lacks falls back to the core (never the case for a validated design whose layout produced
/// the hit).
#[inline]
pub fn struck_sections(design: &ShipDesign, hit: SectionHit) -> (usize, Option<usize>) {
    let at = |pos| design.section_at(pos).unwrap_or(design.core());
    match hit {
        SectionHit::One(p) => (at(p), None),
        SectionHit::Seam(p, q) => (at(p), Some(at(q))),
    }
}

/// One way the attacker may take its shot (§7.3.1.1, §7.4.1.1): the silhouette Rating the hit
/// roll uses and the section(s) the fire then strikes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The silhouette Rating of the hit roll.
    pub rating: i32,
    /// The section struck (or a seam, the attacker's pick again).
    pub section: SectionHit,
}

/// The attacker's choices against `target` seen at `aspect` from `from` (§7.3.1.1: "The
/// attacker may select which Rating to use if the fire is coming from a hex that is mixed";
/// §7.4.1.1: a five-section ship is struck fore/aft through the F/A Rating, port/starboard
/// through P/S; §7.4.1.2B: "A weapon incoming directly along facing 2 will strike between the
/// fore and starboard sections of a 5-section ship … the attacker may choose which section to
/// hit"). One choice, or — on a mixed hex where the Rating chosen moves the section struck (an
/// upright five-section ship) — two: the F/A Rating with its fore/aft section, then the P/S
/// Rating with its port/starboard section; the attacker's policy trades hit chance against
/// section. Where the Rating does not move the section (every other layout, or a ship rolled
/// 90°), the larger Rating: nothing is traded for it.
pub fn choices(
    layout: SectionLayout,
    aspect: Aspect,
    from: Hex,
    target: &Pose,
    fa: i32,
    ps: i32,
) -> (Choice, Option<Choice>) {
    if aspect == Aspect::Either {
        let by_fa = section_hit(layout, Aspect::ForeAft, from, target);
        let by_ps = section_hit(layout, Aspect::PortStarboard, from, target);
        if by_fa != by_ps {
            return (
                Choice {
                    rating: fa,
                    section: by_fa,
                },
                Some(Choice {
                    rating: ps,
                    section: by_ps,
                }),
            );
        }
    }
    (
        Choice {
            rating: silhouette_rating(aspect, fa, ps),
            section: section_hit(layout, aspect, from, target),
        },
        None,
    )
}

/// The whole boundary in one call (§7.3.1.1, §7.4.1.1–2): the aspect of `target` (a ship of
/// `design`) from `from` and the attacker's [`choices`] of Rating and section.
pub fn seen_from(
    regions: &SilhouetteRegions,
    rule: RotatedSilhouette,
    design: &ShipDesign,
    from: Hex,
    target: &Pose,
) -> (Aspect, Choice, Option<Choice>) {
    let (fa, ps) = (i32::from(design.sil_fa), i32::from(design.sil_ps));
    let a = aspect(regions, rule, from, target, fa, ps);
    let (first, second) = choices(design.layout(), a, from, target, fa, ps);
    (a, first, second)
}

#[cfg(test)]
mod tests {
    use super::super::design::fixtures::reaper;
    use super::super::design::{ArmorKind, SectionDesign};
    use super::*;

    fn upright(facing: i32) -> Pose {
        Pose {
            facing: Facing::new(facing),
            ..Pose::default()
        }
    }

    fn at(f: i32, n: i32) -> Hex {
        Facing::new(f).unit().scale(n)
    }

    /// The first (usually the only) choice: its Rating and the design's section(s) struck.
    fn seen(d: &ShipDesign, from: Hex, t: &Pose) -> (i32, (usize, Option<usize>)) {
        seen_all(d, from, t)[0]
    }

    /// Every choice the attacker has: Rating and the design's section(s) struck.
    fn seen_all(d: &ShipDesign, from: Hex, t: &Pose) -> Vec<(i32, (usize, Option<usize>))> {
        let (_, first, second) = seen_from(
            &SilhouetteRegions::DIGEST,
            RotatedSilhouette::default(),
            d,
            from,
            t,
        );
        [Some(first), second]
            .into_iter()
            .flatten()
            .map(|c| (c.rating, struck_sections(d, c.section)))
            .collect()
    }

    /// §7.3.1.1 with the Reaper's F/A 1, P/S 3: nose-on the F/A Rating, broadside the P/S.
    #[test]
    fn reaper_silhouettes() {
        let d = reaper();
        let t = upright(1);
        assert_eq!(seen(&d, at(1, 3), &t).0, 1);
        assert_eq!(seen(&d, at(4, 3), &t).0, 1);
        assert_eq!(seen(&d, at(2, 3), &t).0, 3);
        assert_eq!(silhouette_rating(Aspect::Either, 1, 3), 3);
    }

    /// §7.4.1.1 on the Reaper's design: struck fore from the front, aft from behind; the
    /// attacker picks on the centre line and against a ship tumbled 90° (§7.4.1.2B).
    #[test]
    fn reaper_struck_sections() {
        let d = reaper();
        let t = upright(1);
        assert_eq!(seen(&d, at(1, 3), &t).1, (0, None));
        assert_eq!(seen(&d, at(4, 3), &t).1, (1, None));
        assert_eq!(seen(&d, at(2, 1).add(at(3, 1)), &t).1, (0, Some(1)));
        let tumbled = Pose {
            tumble: Quarter(1),
            ..t
        };
        assert_eq!(seen(&d, at(1, 3), &tumbled).1, (0, Some(1)));
    }

    fn sectioned(mass_tenths: u16, outer: &[SectionPos]) -> ShipDesign {
        let mut d = reaper();
        d.mass_tenths = mass_tenths;
        let s = |pos, systems| SectionDesign {
            pos,
            armor: 4,
            armor_kind: ArmorKind::Standard,
            hull: 20,
            systems,
        };
        d.sections = outer.iter().map(|&p| s(p, 0..0)).collect();
        d.sections.push(s(SectionPos::Core, 0..18));
        d
    }

    /// §7.4.1.1: a 5-section ship is struck fore/aft through the F/A silhouette, port or
    /// starboard through P/S; rolled 90° it is struck as 3 sections (§7.4.1.2A).
    #[test]
    fn five_section_design() {
        use SectionPos::*;
        let d = sectioned(250, &[Fore, Aft, Port, Starboard]);
        assert_eq!(d.validate(), Ok(()));
        assert_eq!(d.layout(), SectionLayout::Five);
        let t = upright(1);
        assert_eq!(seen(&d, at(1, 3), &t).1, (0, None));
        assert_eq!(seen(&d, at(2, 3), &t).1, (3, None));
        assert_eq!(seen(&d, at(5, 3), &t).1, (2, None));
        let rolled = Pose {
            roll: Quarter(1),
            ..t
        };
        assert_eq!(seen(&d, at(2, 3), &rolled).1, (0, None));
    }

    /// §7.3.1.1 (seed: "The attacker may select which Rating to use if the fire is coming from
    /// a hex that is mixed white and gray"), §7.4.1.1 ("If weapons fire used the F/S silhouette
    /// for the to-hit roll, the damage affects the forward or aft section. If it used the P/S
    /// silhouette, the damage affects the port or starboard section") and the §7.4.1.2B example
    /// ("A weapon incoming directly along facing 2 will strike between the fore and starboad
    /// sections of a 5-section ship that is not rolled or tumbled. In such cases, the attacker
    /// may choose which section to hit"): on a mixed hex the attacker has two choices, each
    /// Rating with its own section. The old answer forced the larger Rating and its section.
    #[test]
    fn five_sections_struck_on_the_silhouette_used() {
        use SectionPos::*;
        let mut d = sectioned(250, &[Fore, Aft, Port, Starboard]);
        let t = upright(1);
        // Sections: 0 fore, 1 aft, 2 port, 3 starboard.
        // F/A larger: along facing 2 (60°) is mixed: F/A with fore, or P/S with starboard.
        (d.sil_fa, d.sil_ps) = (4, 2);
        assert_eq!(seen_all(&d, at(2, 2), &t), [(4, (0, None)), (2, (3, None))]);
        // P/S larger: 30° off the nose is mixed: F/A with fore, or P/S with starboard.
        (d.sil_fa, d.sil_ps) = (2, 4);
        let thirty = at(1, 1).add(at(2, 1));
        assert_eq!(seen_all(&d, thirty, &t), [(2, (0, None)), (4, (3, None))]);
        // Equal Ratings: the same number either way, the attacker picks the section.
        (d.sil_fa, d.sil_ps) = (3, 3);
        assert_eq!(seen_all(&d, at(2, 2), &t), [(3, (0, None)), (3, (3, None))]);
        // Off the mixed hexes, one choice.
        (d.sil_fa, d.sil_ps) = (4, 2);
        assert_eq!(seen_all(&d, at(1, 3), &t), [(4, (0, None))]);
        // Rolled 90° (struck as 3 sections whatever the Rating): one choice, the larger.
        let rolled = Pose {
            roll: Quarter(1),
            ..t
        };
        let rule = RotatedSilhouette::AsIfUpright;
        let (_, first, second) = seen_from(&SilhouetteRegions::DIGEST, rule, &d, at(2, 2), &rolled);
        assert_eq!((first.rating, second), (4, None));
    }

    /// The Reaper (3 sections) on its mixed hex (30° off the nose, P/S larger): the Rating does
    /// not move the section, so one choice with the larger Rating.
    #[test]
    fn three_sections_mixed_hex_one_choice() {
        let d = reaper();
        let t = upright(1);
        assert_eq!(seen_all(&d, at(1, 1).add(at(2, 1)), &t), [(3, (0, None))]);
    }

    /// §7.4.1.1: a 1st-rate ship is struck in the outer section of the facing the fire comes
    /// through; rolled 90°, from the rear section 4 (§7.4.1.2A).
    #[test]
    fn seven_section_design() {
        let outer: Vec<_> = (1..=6).map(SectionPos::Outer).collect();
        let d = sectioned(450, &outer);
        assert_eq!(d.validate(), Ok(()));
        assert_eq!(d.layout(), SectionLayout::Seven);
        let t = upright(1);
        for f in 1..=6 {
            assert_eq!(seen(&d, at(f, 3), &t).1, (f as usize - 1, None));
        }
        let rolled = Pose {
            roll: Quarter(1),
            ..t
        };
        assert_eq!(seen(&d, at(4, 2), &rolled).1, (3, None));
    }

    /// A 3-section ship with port and starboard sections is struck on the side facing the
    /// attacker (§7.4.1.1), a seam dead ahead.
    #[test]
    fn port_starboard_three_sections() {
        use SectionPos::*;
        let d = sectioned(127, &[Port, Starboard]);
        assert_eq!(d.layout(), SectionLayout::PortStarboardCore);
        let t = upright(1);
        assert_eq!(seen(&d, at(2, 3), &t).1, (1, None));
        assert_eq!(seen(&d, at(6, 3), &t).1, (0, None));
        assert_eq!(seen(&d, at(1, 3), &t).1, (0, Some(1)));
    }

    /// D19 5 default regions, F/A-larger: F/A within 60° of nose or tail (boundary: choice).
    #[test]
    fn silhouette_regions_default() {
        let g = SilhouetteRegions::DIGEST;
        let r = RotatedSilhouette::default();
        let t = upright(1);
        // The Reaper: F/A 1, P/S 3 (P/S larger): F/A only within 30° of the axis.
        assert_eq!(aspect(&g, r, at(1, 3), &t, 1, 3), Aspect::ForeAft);
        assert_eq!(aspect(&g, r, at(2, 3), &t, 1, 3), Aspect::PortStarboard);
        assert_eq!(
            aspect(&g, r, at(1, 1).add(at(2, 1)), &t, 1, 3),
            Aspect::Either
        ); // 30°
        // F/A larger: facing 2 is on the boundary (the seam of §7.4.1.2B).
        assert_eq!(aspect(&g, r, at(2, 2), &t, 4, 2), Aspect::Either);
        assert_eq!(
            aspect(&g, r, at(1, 1).add(at(2, 1)), &t, 4, 2),
            Aspect::ForeAft
        );
        assert_eq!(
            aspect(&g, r, at(2, 1).add(at(3, 1)), &t, 4, 2),
            Aspect::PortStarboard
        );
        assert_eq!(silhouette_rating(Aspect::Either, 1, 3), 3);
        // The alternative: 45° cones, no mixed hexes at 30° or 60°.
        let e = SilhouetteRegions::EVEN;
        assert_eq!(
            aspect(&e, r, at(1, 1).add(at(2, 1)), &t, 1, 3),
            Aspect::ForeAft
        );
        assert_eq!(aspect(&e, r, at(2, 2), &t, 4, 2), Aspect::PortStarboard);
    }

    /// §7.3.1.1 table (D19 32): tumbled → P/S, rolled → F/A by default; as if upright under
    /// the alternative.
    #[test]
    fn rotated_targets() {
        let g = SilhouetteRegions::DIGEST;
        let tumbled = Pose {
            tumble: Quarter(1),
            ..upright(1)
        };
        let rolled = Pose {
            roll: Quarter(3),
            ..upright(1)
        };
        let def = RotatedSilhouette::TumbledPsRolledFa;
        assert_eq!(
            aspect(&g, def, at(1, 4), &tumbled, 1, 3),
            Aspect::PortStarboard
        );
        assert_eq!(aspect(&g, def, at(2, 4), &rolled, 1, 3), Aspect::ForeAft);
        let alt = RotatedSilhouette::AsIfUpright;
        assert_eq!(aspect(&g, alt, at(1, 4), &tumbled, 1, 3), Aspect::ForeAft);
    }

    /// §7.4.1.1: 3 sections — fore from ahead of the centre line, aft from behind.
    #[test]
    fn three_sections() {
        let t = upright(1);
        let h = |from| section_hit(SectionLayout::ForeAftCore, Aspect::Either, from, &t);
        assert_eq!(h(at(2, 3)), SectionHit::One(SectionPos::Fore));
        assert_eq!(h(at(3, 3)), SectionHit::One(SectionPos::Aft));
        assert_eq!(
            h(at(2, 1).add(at(3, 1))),
            SectionHit::Seam(SectionPos::Fore, SectionPos::Aft)
        );
        // Rolls change nothing; tumbled 90° the attacker chooses (§7.4.1.2B).
        let rolled = Pose {
            roll: Quarter(1),
            ..t
        };
        assert_eq!(
            section_hit(
                SectionLayout::ForeAftCore,
                Aspect::Either,
                at(3, 3),
                &rolled
            ),
            SectionHit::One(SectionPos::Aft)
        );
        let tumbled = Pose {
            tumble: Quarter(1),
            ..t
        };
        assert_eq!(
            section_hit(
                SectionLayout::ForeAftCore,
                Aspect::Either,
                at(1, 3),
                &tumbled
            ),
            SectionHit::Seam(SectionPos::Fore, SectionPos::Aft)
        );
    }

    /// §7.4.1.2B example: fire incoming along facing 2 strikes the fore/starboard seam of an
    /// upright 5-section ship (F/A-larger shape under the default regions).
    #[test]
    fn example_7_4_1_2b_facing_2_seam() {
        let g = SilhouetteRegions::DIGEST;
        let t = upright(1);
        let from = at(2, 5);
        let a = aspect(&g, RotatedSilhouette::default(), from, &t, 10, 6);
        assert_eq!(
            section_hit(SectionLayout::Five, a, from, &t),
            SectionHit::Seam(SectionPos::Fore, SectionPos::Starboard)
        );
    }

    /// §7.4.1.2B example: a heavy cruiser (5 sections) tumbled forward, attacked on its own
    /// layer along facing 5, is struck in the port section.
    #[test]
    fn example_7_4_1_2b_tumbled_heavy_cruiser_port() {
        let g = SilhouetteRegions::DIGEST;
        let t = Pose {
            tumble: Quarter(1),
            ..upright(1)
        };
        let from = at(5, 4);
        for (fa, ps) in [(8, 4), (4, 8)] {
            let a = aspect(&g, RotatedSilhouette::default(), from, &t, fa, ps);
            assert_eq!(
                section_hit(SectionLayout::Five, a, from, &t),
                SectionHit::One(SectionPos::Port)
            );
        }
    }

    /// §7.4.1.2A: a 5- or 7-section ship rolled 90° is treated as 3 sections (front → fore /
    /// section 1, rear → aft / section 4).
    #[test]
    fn rolled_big_ships_as_three_sections() {
        let t = Pose {
            roll: Quarter(1),
            ..upright(1)
        };
        assert_eq!(
            section_hit(SectionLayout::Five, Aspect::ForeAft, at(6, 2), &t),
            SectionHit::One(SectionPos::Fore)
        );
        assert_eq!(
            section_hit(SectionLayout::Seven, Aspect::ForeAft, at(4, 2), &t),
            SectionHit::One(SectionPos::Outer(4))
        );
    }

    /// §7.4.1.1: 7 sections — the outer section matching the facing the fire comes through;
    /// a vertex line is a seam.
    #[test]
    fn seven_sections() {
        let t = upright(2);
        for f in 1..=6 {
            // Attacker along ship-relative facing f.
            let from = Facing::new(2).turned(f - 1).unit().scale(3);
            assert_eq!(
                section_hit(SectionLayout::Seven, Aspect::Either, from, &t),
                SectionHit::One(SectionPos::Outer(f as u8))
            );
        }
        let vertex = Facing::new(2).unit().add(Facing::new(3).unit());
        assert_eq!(
            section_hit(SectionLayout::Seven, Aspect::Either, vertex, &t),
            SectionHit::Seam(SectionPos::Outer(1), SectionPos::Outer(2))
        );
        // A 180° roll mirrors the sides.
        let flipped = Pose {
            roll: Quarter(2),
            ..t
        };
        let from = Facing::new(2).turned(1).unit();
        assert_eq!(
            section_hit(SectionLayout::Seven, Aspect::Either, from, &flipped),
            SectionHit::One(SectionPos::Outer(6))
        );
    }
}
