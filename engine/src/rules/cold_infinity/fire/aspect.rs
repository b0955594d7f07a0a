//! The boundary with the movement half: how the target looks from the attacker (§7.3.1.1,
//! §7.4.1.1–2), as plain facts, and the two things fire derives from them — the silhouette
//! Rating of the hit roll and the section struck.
//!
//! The movement half (arcs, line of sight, hex geometry) computes an [`Aspect`] from positions,
//! facings and roll/tumble state; the silhouette diagrams themselves are lost (digest D19
//! item 5) and live there as data. This file only says what the book does with the result.

use super::super::design::{SectionPos, ShipDesign};

/// Which silhouette region the attacker is in (§7.3.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SilhouetteSide {
    /// Fire through the F/A region (grey hexes).
    ForeAft,
    /// Fire through the P/S region (white hexes).
    PortStarboard,
    /// A mixed hex (or equal Ratings): the attacker chooses.
    Either,
}

/// The target as the attacker sees it, from the movement half.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Aspect {
    /// Silhouette region (after the rolled/tumbled table, §7.3.1.1).
    pub side: SilhouetteSide,
    /// Fire from in front of the target's centre line (`Some(true)`), behind (`Some(false)`),
    /// or exactly along it (`None`, a seam: the attacker chooses) — 3-section ships, §7.4.1.1.
    pub from_front: Option<bool>,
    /// For 1st-rate ships: the outer section (1..=6, by facing) the fire comes through, with a
    /// second one when it runs along a seam (the attacker chooses).
    pub sector: (u8, Option<u8>),
    /// The target is rolled 90° (§7.4.1.2A: 5- and 7-section ships then select like 3-section).
    pub rolled_90: bool,
    /// The target is tumbled 90° and the attacker is on its layer (always in 2-D): for
    /// 3-section ships the attacker chooses fore or aft (§7.4.1.2B).
    pub tumbled_90: bool,
}

/// The silhouette Rating for the hit roll (§7.3.1.1). Where the attacker chooses, it takes the
/// larger (the better to-hit; the attacker may prefer the other section, which
/// [`struck_sections`] offers).
pub fn silhouette(design: &ShipDesign, side: SilhouetteSide) -> u8 {
    match side {
        SilhouetteSide::ForeAft => design.sil_fa,
        SilhouetteSide::PortStarboard => design.sil_ps,
        SilhouetteSide::Either => design.sil_fa.max(design.sil_ps),
    }
}

/// The section(s) the fire may strike (§7.4.1.1–2): one, or two when the attacker chooses (a
/// seam, a tumbled 3-section ship, a mixed silhouette hex on a 5-section ship). `used` is the
/// silhouette actually used for the hit roll (5-section ships strike the matching pair).
pub fn struck_sections(
    design: &ShipDesign,
    aspect: Aspect,
    used: SilhouetteSide,
) -> (Option<usize>, Option<usize>) {
    let at = |pos| design.section_at(pos);
    let n = design.sections.len();
    let front_back = |front: Option<bool>, a: SectionPos, b: SectionPos| match front {
        Some(true) => (at(a), None),
        Some(false) => (at(b), None),
        None => (at(a), at(b)),
    };
    // Port or starboard by the facing sector (1..=3 starboard, 4..=6 port); a seam offers both.
    let side = |k: u8| {
        if (1..=3).contains(&k) {
            at(SectionPos::Starboard)
        } else {
            at(SectionPos::Port)
        }
    };
    let sides = (side(aspect.sector.0), aspect.sector.1.and_then(side));
    match n {
        1 => (Some(0), None),
        3 => {
            // Port/starboard 3-section ships have no fore/aft sections: side by silhouette.
            if at(SectionPos::Fore).is_none() {
                return sides;
            }
            let front = if aspect.tumbled_90 {
                None
            } else {
                aspect.from_front
            };
            front_back(front, SectionPos::Fore, SectionPos::Aft)
        }
        5 if aspect.rolled_90 => front_back(aspect.from_front, SectionPos::Fore, SectionPos::Aft),
        5 => match used {
            SilhouetteSide::ForeAft => {
                front_back(aspect.from_front, SectionPos::Fore, SectionPos::Aft)
            }
            SilhouetteSide::PortStarboard | SilhouetteSide::Either => sides,
        },
        _ if aspect.rolled_90 => front_back(
            aspect.from_front,
            SectionPos::Outer(1),
            SectionPos::Outer(4),
        ),
        _ => (
            at(SectionPos::Outer(aspect.sector.0)),
            aspect.sector.1.and_then(|k| at(SectionPos::Outer(k))),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::design::fixtures::reaper;
    use super::super::super::design::{ArmorKind, SectionDesign};
    use super::*;

    fn aspect(from_front: Option<bool>) -> Aspect {
        Aspect {
            side: SilhouetteSide::ForeAft,
            from_front,
            sector: (1, None),
            rolled_90: false,
            tumbled_90: false,
        }
    }

    /// §7.3.1.1 with the Reaper's F/A 1, P/S 3.
    #[test]
    fn reaper_silhouettes() {
        let d = reaper();
        assert_eq!(silhouette(&d, SilhouetteSide::ForeAft), 1);
        assert_eq!(silhouette(&d, SilhouetteSide::PortStarboard), 3);
        assert_eq!(silhouette(&d, SilhouetteSide::Either), 3);
    }

    /// §7.4.1.1: a 3-section ship is struck fore from the front, aft from behind; the attacker
    /// chooses on the centre line and against a ship tumbled 90° (§7.4.1.2B).
    #[test]
    fn three_sections() {
        let d = reaper();
        let fa = SilhouetteSide::ForeAft;
        assert_eq!(struck_sections(&d, aspect(Some(true)), fa), (Some(0), None));
        assert_eq!(
            struck_sections(&d, aspect(Some(false)), fa),
            (Some(1), None)
        );
        assert_eq!(struck_sections(&d, aspect(None), fa), (Some(0), Some(1)));
        let tumbled = Aspect {
            tumbled_90: true,
            ..aspect(Some(true))
        };
        assert_eq!(struck_sections(&d, tumbled, fa), (Some(0), Some(1)));
    }

    fn five_section() -> ShipDesign {
        let mut d = reaper();
        d.mass_tenths = 250;
        let s = |pos| SectionDesign {
            pos,
            armor: 4,
            armor_kind: ArmorKind::Standard,
            hull: 20,
            systems: 0..0,
        };
        d.sections = vec![
            s(SectionPos::Fore),
            s(SectionPos::Aft),
            s(SectionPos::Port),
            s(SectionPos::Starboard),
            SectionDesign {
                systems: 0..18,
                ..s(SectionPos::Core)
            },
        ];
        d
    }

    /// §7.4.1.1: a 5-section ship is struck fore/aft if the F/A silhouette was used, port or
    /// starboard if P/S; the §7.4.1.2B example (fire along facing 2 on a seam) offers both.
    #[test]
    fn five_sections() {
        let d = five_section();
        assert_eq!(d.validate(), Ok(()));
        let ps = SilhouetteSide::PortStarboard;
        let a = Aspect {
            sector: (5, None),
            ..aspect(Some(true))
        };
        assert_eq!(struck_sections(&d, a, ps), (Some(2), None));
        assert_eq!(
            struck_sections(&d, a, SilhouetteSide::ForeAft),
            (Some(0), None)
        );
        let rolled = Aspect {
            rolled_90: true,
            ..a
        };
        assert_eq!(struck_sections(&d, rolled, ps), (Some(0), None));
    }

    /// §7.4.1.1: a 1st-rate ship is struck in the outer section of the facing the fire comes
    /// through (a seam offers both); rolled 90°, front → section 1, rear → section 4
    /// (§7.4.1.2A).
    #[test]
    fn seven_sections() {
        let mut d = five_section();
        d.mass_tenths = 450;
        let core = d.sections.pop().unwrap();
        d.sections = (1..=6)
            .map(|k| SectionDesign {
                pos: SectionPos::Outer(k),
                ..d.sections[0].clone()
            })
            .collect();
        d.sections.push(core);
        assert_eq!(d.validate(), Ok(()));
        let fa = SilhouetteSide::ForeAft;
        let a = Aspect {
            sector: (3, Some(4)),
            ..aspect(Some(false))
        };
        assert_eq!(struck_sections(&d, a, fa), (Some(2), Some(3)));
        let rolled = Aspect {
            rolled_90: true,
            ..a
        };
        assert_eq!(struck_sections(&d, rolled, fa), (Some(3), None));
    }
}
