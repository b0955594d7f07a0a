//! §7.1 as one call: may this weapon fire at that target, and if so, the geometric and EW facts
//! the hit roll and damage need (range, lock, EW DRM, silhouette, section). This is the seam to
//! `cifire`'s hit roll (§7.3), which takes these as plain numbers: nothing here rolls dice or
//! allocates.

use super::arcs::{FiringArc, can_bear};
use super::arming::Arming;
use super::aspect::{Aspect, Choice, Pose, SectionHit, aspect, choices};
use super::design::{RateOfFire, SectionLayout};
use super::ess::EssFacts;
use super::ew::{EwAttacker, attack_ew_with_ess};
use super::geometry::range;
use super::initiative::MassTenths;
use super::line_of_sight::has_line_of_sight;
use super::movement::Readings;
use crate::hex::Hex;

/// The firing unit and weapon, as §7.1 needs them.
#[derive(Clone, Copy, Debug)]
pub struct Firer {
    /// Where it is and how it lies.
    pub pose: Pose,
    /// The weapon's arc (ship-relative).
    pub arc: FiringArc,
    /// The weapon's arming state.
    pub arming: Arming,
    /// The weapon's rate of fire.
    pub rof: RateOfFire,
    /// The unit's EW this turn.
    pub ew: EwAttacker,
    /// Whether this weapon ignores ECM (§4.2 "most weapons": the weapon rules' exceptions).
    pub ignores_ecm: bool,
    /// What friendly and enemy ESS do to this attack (§4.7; `EssFacts::default()` = none).
    pub ess: EssFacts,
}

/// The target, as §7.1 and §7.3.1.1 need it.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    /// Where it is and how it lies (same hex: the positions before arrival, §7.7).
    pub pose: Pose,
    /// Mass in tenths (line of sight).
    pub mass: MassTenths,
    /// F/A silhouette Rating.
    pub fa: i32,
    /// P/S silhouette Rating.
    pub ps: i32,
    /// How its sections are laid out.
    pub layout: SectionLayout,
    /// ECM points it runs this turn.
    pub ecm: i32,
}

/// Why a weapon may not fire (§7.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CannotFire {
    /// Not activated, powered and armed (§7.1.1–3).
    NotReady,
    /// Target outside the firing arc (§7.1.4).
    OutOfArc,
    /// Line of sight blocked (§7.1.5).
    Blocked,
}

/// The facts of one permitted attack, for the hit roll (§7.3.1) and damage (§7.4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackFacts {
    /// Range in hexes (§7.5.1; same hex 0).
    pub range: i32,
    /// Locked on: range penalties normal; otherwise doubled (§4.1).
    pub locked: bool,
    /// EW DRM: amplification − ECM (§4.1–4.3).
    pub ew_drm: i32,
    /// Which silhouette diagram applies (`Either`: the attacker's choice).
    pub aspect: Aspect,
    /// The Rating of the attacker's first choice ([`choices`]: the only one, or on a
    /// five-section ship's mixed hex the F/A Rating).
    pub silhouette: i32,
    /// The outer section the first choice strikes (or a seam to choose on).
    pub section: SectionHit,
    /// The attacker's other choice on a five-section ship's mixed hex (§7.3.1.1, §7.4.1.2B):
    /// the P/S Rating with its port/starboard section.
    pub alternative: Option<Choice>,
}

/// Check §7.1 for one weapon against one target and return the attack's facts. `others` are
/// every other unit (hex, Mass) for line of sight, firer and target excluded.
pub fn attack_facts(
    readings: &Readings,
    firer: &Firer,
    target: &Target,
    others: &[(Hex, MassTenths)],
) -> Result<AttackFacts, CannotFire> {
    weapon_bears(readings, firer, target.pose.pos)?;
    sight_facts(readings, firer, target, others)
}

/// §7.1.1–§7.1.4, the weapon's part of [`attack_facts`]: ready (activated, powered, armed) and
/// `to` inside its arc.
pub fn weapon_bears(readings: &Readings, firer: &Firer, to: Hex) -> Result<(), CannotFire> {
    if !firer.arming.can_fire(firer.rof) {
        return Err(CannotFire::NotReady);
    }
    let p = &firer.pose;
    if !can_bear(
        &readings.arcs,
        readings.rotated_arcs,
        firer.arc,
        p.pos,
        p.facing,
        p.roll,
        p.tumble,
        to,
    ) {
        return Err(CannotFire::OutOfArc);
    }
    Ok(())
}

/// §7.1.5 and the facts of [`attack_facts`] past the weapon's readiness and arc: line of
/// sight, then range, lock, EW DRM, silhouette and section. Of the weapon it reads only
/// `ignores_ecm` and `ess`, so for weapons alike in those it is one answer per firer and
/// target (the battle computes it once per pair and phase).
pub fn sight_facts(
    readings: &Readings,
    firer: &Firer,
    target: &Target,
    others: &[(Hex, MassTenths)],
) -> Result<AttackFacts, CannotFire> {
    let (from, to) = (firer.pose.pos, target.pose.pos);
    if !has_line_of_sight(
        from,
        to,
        target.mass,
        others,
        readings.los_blockers,
        readings.edge_line,
    ) {
        return Err(CannotFire::Blocked);
    }
    let ew = attack_ew_with_ess(&firer.ew, to, target.ecm, firer.ignores_ecm, &firer.ess);
    let a = aspect(
        &readings.silhouettes,
        readings.rotated_silhouette,
        from,
        &target.pose,
        target.fa,
        target.ps,
    );
    let (first, alternative) = choices(target.layout, a, from, &target.pose, target.fa, target.ps);
    Ok(AttackFacts {
        range: range(from, to),
        locked: ew.locked,
        ew_drm: ew.drm,
        aspect: a,
        silhouette: first.rating,
        section: first.section,
        alternative,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cold_infinity::arcs::ArcShape;
    use crate::rules::cold_infinity::design::SectionPos as Section;
    use crate::rules::cold_infinity::geometry::{ArcCentre, Facing};

    fn reaper_railgun(pos: Hex, facing: i32) -> Firer {
        let rof = RateOfFire {
            shots: 3,
            arming: 0,
            cooldown: 0,
        };
        Firer {
            pose: Pose {
                pos,
                facing: Facing::new(facing),
                ..Pose::default()
            },
            arc: FiringArc {
                centre: ArcCentre::facing(1),
                shape: ArcShape::Standard,
                keel: false,
            },
            arming: Arming::battle_start(rof, true),
            rof,
            ew: EwAttacker {
                pos,
                shroud_radius: 10,
                amplification: 2,
                small_vessel: false,
            },
            ignores_ecm: false,
            ess: EssFacts::default(),
        }
    }

    fn reaper_target(pos: Hex, facing: i32) -> Target {
        Target {
            pose: Pose {
                pos,
                facing: Facing::new(facing),
                ..Pose::default()
            },
            mass: 127,
            fa: 1,
            ps: 3,
            layout: SectionLayout::ForeAftCore,
            ecm: 1,
        }
    }

    /// Two Reapers (F/A 1, P/S 3): the firer, nose toward the target 6 hexes ahead, sees its
    /// broadside: P/S 3, forward section (the target faces 2, so the firer is ahead of its
    /// centre line), locked, EW DRM +2 − 1.
    #[test]
    fn reaper_broadside_facts() {
        let r = Readings::default();
        let firer = reaper_railgun(Hex::default(), 1);
        let target = reaper_target(Facing::new(1).unit().scale(6), 3);
        let f = attack_facts(&r, &firer, &target, &[]).unwrap();
        assert_eq!(f.range, 6);
        assert!(f.locked);
        assert_eq!(f.ew_drm, 1);
        assert_eq!(f.aspect, Aspect::PortStarboard);
        assert_eq!(f.silhouette, 3);
        assert_eq!(f.section, SectionHit::One(Section::Fore));
        // Out of the 10-hex shroud: no lock, no amplification.
        let far = reaper_target(Facing::new(1).unit().scale(12), 3);
        let f = attack_facts(&r, &firer, &far, &[]).unwrap();
        assert_eq!((f.locked, f.ew_drm), (false, -1));
    }

    /// Fair play: side B deploys as side A's point reflection, so every fact of an attack must
    /// be the same after turning the whole map by any number of facings (arcs, line of sight,
    /// aspect, section, lock). Exhaustive over firer/target facings and target hexes within 5.
    #[test]
    fn attack_facts_are_invariant_under_map_rotation() {
        let r = Readings::default();
        let turn = |h: Hex, k: i32| h.rotate_ccw(-k);
        let wall = [(Facing::new(1).unit().scale(2), 127)];
        let mut checked = 0;
        for shape in [
            ArcShape::Fixed,
            ArcShape::Narrow,
            ArcShape::Standard,
            ArcShape::Wide,
        ] {
            for ff in 1..=6 {
                for tf in 1..=6 {
                    for q in -5..=5 {
                        for rr in -5..=5 {
                            let pos = Hex::new(q, rr);
                            if pos.length() > 5 {
                                continue;
                            }
                            let mut firer = reaper_railgun(Hex::default(), ff);
                            firer.arc.shape = shape;
                            firer.arc.centre = ArcCentre::vertex(1);
                            let target = reaper_target(pos, tf);
                            let base = attack_facts(&r, &firer, &target, &wall);
                            for k in 1..6 {
                                let mut f2 = firer;
                                f2.pose.facing = firer.pose.facing.turned(k);
                                let mut t2 = target;
                                t2.pose.pos = turn(pos, k);
                                t2.pose.facing = target.pose.facing.turned(k);
                                let w2 = [(turn(wall[0].0, k), 127)];
                                assert_eq!(
                                    attack_facts(&r, &f2, &t2, &w2),
                                    base,
                                    "{shape:?} {ff} {tf} {pos:?} {k}"
                                );
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 4 * 36 * 91 * 5);
    }

    /// The per-unit and per-weapon state is small and `Copy` (no heap, cheap to reset from a
    /// template each battle).
    #[test]
    fn battle_state_is_small() {
        use crate::rules::cold_infinity::{
            arming::Arming, ew::EwAllocation, initiative::InitiativeEntry, movement::Motion,
            movement::thrusters::Thruster, power::SystemPower,
        };
        use core::mem::size_of;
        assert!(size_of::<Motion>() <= 40, "{}", size_of::<Motion>());
        assert!(size_of::<InitiativeEntry>() <= 24);
        assert!(size_of::<Arming>() <= 8);
        assert!(size_of::<EwAllocation>() <= 4);
        assert!(size_of::<SystemPower>() <= 24);
        assert!(size_of::<Thruster>() <= 16);
        assert!(size_of::<AttackFacts>() <= 32);
    }

    #[test]
    fn each_precondition_can_stop_the_shot() {
        let r = Readings::default();
        let firer = reaper_railgun(Hex::default(), 1);
        let behind = reaper_target(Facing::new(4).unit().scale(3), 1);
        assert_eq!(
            attack_facts(&r, &firer, &behind, &[]),
            Err(CannotFire::OutOfArc)
        );
        let ahead = reaper_target(Facing::new(1).unit().scale(4), 1);
        let wall = [(Facing::new(1).unit().scale(2), 100)];
        assert_eq!(
            attack_facts(&r, &firer, &ahead, &wall),
            Err(CannotFire::Blocked)
        );
        let mut off = firer;
        off.arming.set_active(false).unwrap();
        assert_eq!(
            attack_facts(&r, &off, &ahead, &[]),
            Err(CannotFire::NotReady)
        );
    }
}
