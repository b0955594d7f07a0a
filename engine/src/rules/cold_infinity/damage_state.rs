//! The damage a ship has taken (§7.4.3–§7.4.5, §11.4, §13.2): the battle state the fire
//! functions read and write. Built once per matchup from a [`ShipDesign`] and [`reset`]
//! between battles, so a battle allocates nothing.
//!
//! [`reset`]: ShipDamage::reset

use super::design::{ShipDesign, Tech};

/// Damage marked on one ship. `clone_from` reuses the buffers (the battle state's forward
/// model copies it without allocating).
#[derive(Debug, PartialEq, Eq)]
pub struct ShipDamage {
    /// Structure lost per system (index as [`ShipDesign::systems`]).
    pub system_damage: Vec<u16>,
    /// Hull structure lost per section.
    pub hull_damage: Vec<u16>,
    /// Armor permanently lost per section (ablative wear §11.4.1, decompression §13.2.2).
    pub armor_lost: Vec<u8>,
    /// Adaptive armor points learned per section and technology (§11.4.2).
    pub adaptive: Vec<[u8; 7]>,
    /// Turns of fire left per section (§13.2.1; 0 = not burning).
    pub fire_turns: Vec<u8>,
    /// The ship is destroyed (core hull at 0, §7.4.4; or reactor detonation, §13.1.4).
    pub destroyed: bool,
    /// The section of each system (`ShipDesign::section_of`, read once from the design this
    /// state was made for; [`ShipDamage::system_left`] checks it against the design it is
    /// given and falls back to the search).
    pub section_of: Vec<u8>,
}

/// Where applied damage went (§7.4.3–§7.4.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    /// Points taken by the struck system (or by the hull, for a hull hit).
    pub taken: u16,
    /// Overkill points taken by the section's hull (§7.4.5).
    pub overkill_to_hull: u16,
    /// Points lost (no overkill, or beyond a destroyed hull).
    pub lost: u16,
    /// The struck system was destroyed by this damage.
    pub system_destroyed: bool,
    /// The section was destroyed by this damage.
    pub section_destroyed: bool,
}

impl Clone for ShipDamage {
    fn clone(&self) -> Self {
        ShipDamage {
            system_damage: self.system_damage.clone(),
            hull_damage: self.hull_damage.clone(),
            armor_lost: self.armor_lost.clone(),
            adaptive: self.adaptive.clone(),
            fire_turns: self.fire_turns.clone(),
            destroyed: self.destroyed,
            section_of: self.section_of.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.system_damage.clone_from(&source.system_damage);
        self.hull_damage.clone_from(&source.hull_damage);
        self.armor_lost.clone_from(&source.armor_lost);
        self.adaptive.clone_from(&source.adaptive);
        self.fire_turns.clone_from(&source.fire_turns);
        self.destroyed = source.destroyed;
        self.section_of.clone_from(&source.section_of);
    }
}

impl ShipDamage {
    /// Undamaged state for `design`.
    pub fn new(design: &ShipDesign) -> ShipDamage {
        let n = design.sections.len();
        ShipDamage {
            system_damage: vec![0; design.systems.len()],
            hull_damage: vec![0; n],
            armor_lost: vec![0; n],
            adaptive: vec![[0; 7]; n],
            fire_turns: vec![0; n],
            destroyed: false,
            section_of: (0..design.systems.len() as u16)
                .map(|s| design.section_of(s) as u8)
                .collect(),
        }
    }

    /// Back to undamaged without allocating.
    pub fn reset(&mut self) {
        self.system_damage.fill(0);
        self.hull_damage.fill(0);
        self.armor_lost.fill(0);
        self.adaptive.fill([0; 7]);
        self.fire_turns.fill(0);
        self.destroyed = false;
    }

    /// Copies `other` (same design) into `self` without allocating: a start-of-phase snapshot
    /// for a battle loop that locates hits against the phase's opening state (§7.3 "damage is
    /// applied at the end of the phase"; D19 item 31's literal alternative).
    pub fn copy_from(&mut self, other: &ShipDamage) {
        self.system_damage.copy_from_slice(&other.system_damage);
        self.hull_damage.copy_from_slice(&other.hull_damage);
        self.armor_lost.copy_from_slice(&other.armor_lost);
        self.adaptive.copy_from_slice(&other.adaptive);
        self.fire_turns.copy_from_slice(&other.fire_turns);
        self.destroyed = other.destroyed;
    }

    /// Adds what one attack did (`after` − `before`, both of the same design) to `self`:
    /// §7.3's "damage is applied at the end of this phase" when every hit of the phase was
    /// located against the same start-of-phase state (`before`). Losses add up to the design's
    /// structure and armor; fires and adaptive points keep the larger; a core (or single)
    /// section at 0, or `after.destroyed`, destroys the ship. No allocation. Returns the hull
    /// and system points the attack claimed (`after` − `before`, before the caps).
    pub fn add_delta(
        &mut self,
        design: &ShipDesign,
        before: &ShipDamage,
        after: &ShipDamage,
    ) -> u32 {
        // Walked in step (no index checks): one attack's delta per hit of the fire phase. An
        // attack marks a few of a ship's systems, so four at a time are compared first and a
        // block it left alone is passed over: a system with no delta adds nothing, and its
        // mark stays within its structure (marking never exceeds it).
        let mut claimed = 0u32;
        let n = design.systems.len();
        let (now, b, a) = (
            &mut self.system_damage[..n],
            &before.system_damage[..n],
            &after.system_damage[..n],
        );
        for (k, (bq, aq)) in b.chunks(4).zip(a.chunks(4)).enumerate() {
            if let (Ok(x), Ok(y)) = (<[u16; 4]>::try_from(bq), <[u16; 4]>::try_from(aq))
                && x == y
            {
                continue;
            }
            let at = 4 * k;
            let systems = design.systems[at..].iter().zip(&mut now[at..]);
            for ((sys, now), (&b, &a)) in systems.zip(bq.iter().zip(aq)) {
                debug_assert!(*now <= sys.structure);
                let d = a.saturating_sub(b);
                claimed += u32::from(d);
                *now = (*now + d).min(sys.structure);
            }
        }
        let n = design.sections.len();
        let (hull, armor) = (&mut self.hull_damage[..n], &mut self.armor_lost[..n]);
        let (adaptive, fires) = (&mut self.adaptive[..n], &mut self.fire_turns[..n]);
        let (b_hull, a_hull) = (&before.hull_damage[..n], &after.hull_damage[..n]);
        let (b_armor, a_armor) = (&before.armor_lost[..n], &after.armor_lost[..n]);
        let (b_adaptive, a_adaptive) = (&before.adaptive[..n], &after.adaptive[..n]);
        let a_fires = &after.fire_turns[..n];
        for k in 0..n {
            let sec = &design.sections[k];
            let d = a_hull[k].saturating_sub(b_hull[k]);
            claimed += u32::from(d);
            hull[k] = (hull[k] + d).min(sec.hull);
            let a = a_armor[k].saturating_sub(b_armor[k]);
            armor[k] = armor[k].saturating_add(a).min(sec.armor);
            // Adaptive points the attack learned nothing of keep the larger as they are: the
            // marks only grow from `before` (the phase's opening state) within a phase.
            if a_adaptive[k] != b_adaptive[k] {
                for (x, &y) in adaptive[k].iter_mut().zip(&a_adaptive[k]) {
                    *x = (*x).max(y);
                }
            }
            fires[k] = fires[k].max(a_fires[k]);
            if sec.pos.is_core() && hull[k] >= sec.hull {
                self.destroyed = true;
            }
        }
        self.destroyed |= after.destroyed;
        claimed
    }

    /// Hull and system structure points marked lost so far (capped at the design's structure
    /// by marking): the battle's damage dealt and taken are differences of it.
    pub fn points_marked(&self) -> u32 {
        let hull: u32 = self.hull_damage.iter().map(|&x| u32::from(x)).sum();
        let systems: u32 = self.system_damage.iter().map(|&x| u32::from(x)).sum();
        hull + systems
    }

    /// Structure lost as the turn-cap measure counts it (§7.4.4): each section's hull lost,
    /// and every system's structure it can no longer use — a system in a destroyed section
    /// counts whole, as it does once the ship is destroyed.
    pub fn structure_lost(&self, design: &ShipDesign) -> u64 {
        let hull: u64 = self.hull_damage.iter().map(|&x| u64::from(x)).sum();
        let systems: u64 = design
            .systems
            .iter()
            .enumerate()
            .map(|(i, s)| u64::from(s.structure - self.system_left(design, i as u16)))
            .sum();
        hull + systems
    }

    /// Hull structure left in section `sec`.
    pub fn hull_left(&self, design: &ShipDesign, sec: usize) -> u16 {
        design.sections[sec]
            .hull
            .saturating_sub(self.hull_damage[sec])
    }

    /// Section `sec` is destroyed: its hull is at 0 (§7.4.4).
    pub fn section_destroyed(&self, design: &ShipDesign, sec: usize) -> bool {
        self.hull_left(design, sec) == 0
    }

    /// Undamaged structure of system `sys` (0 once its section is destroyed, §7.4.4).
    #[inline]
    pub fn system_left(&self, design: &ShipDesign, sys: u16) -> u16 {
        let i = usize::from(sys);
        let sec = match self.section_of.get(i) {
            Some(&k)
                if design
                    .sections
                    .get(usize::from(k))
                    .is_some_and(|x| x.systems.contains(&sys)) =>
            {
                usize::from(k)
            }
            _ => design.section_of(sys),
        };
        if self.section_destroyed(design, sec) {
            return 0;
        }
        let i = usize::from(sys);
        design.systems[i]
            .structure
            .saturating_sub(self.system_damage[i])
    }

    /// System `sys` is destroyed.
    pub fn system_destroyed(&self, design: &ShipDesign, sys: u16) -> bool {
        self.system_left(design, sys) == 0
    }

    /// Section `sec` has at least one intact system.
    pub fn has_intact_system(&self, design: &ShipDesign, sec: usize) -> bool {
        design.sections[sec]
            .systems
            .clone()
            .any(|s| !self.system_destroyed(design, s))
    }

    /// The section's armor value now (design value less permanent losses), before any
    /// technology adjustment (`armor.rs`).
    pub fn armor_now(&self, design: &ShipDesign, sec: usize) -> u8 {
        design.sections[sec]
            .armor
            .saturating_sub(self.armor_lost[sec])
    }

    /// Adaptive points section `sec` holds against `tech`.
    pub fn adaptive_points(&self, sec: usize, tech: Tech) -> u8 {
        self.adaptive[sec][tech.index()]
    }

    /// Marks `dmg` on the hull of section `sec` (§7.4.4). Damage beyond the hull is lost; a
    /// core (or single) section at 0 destroys the ship.
    pub fn damage_hull(&mut self, design: &ShipDesign, sec: usize, dmg: u16) -> Applied {
        let left = self.hull_left(design, sec);
        let taken = dmg.min(left);
        self.hull_damage[sec] += taken;
        let section_destroyed = left > 0 && taken == left;
        if section_destroyed && design.sections[sec].pos.is_core() {
            self.destroyed = true;
        }
        Applied {
            taken,
            overkill_to_hull: 0,
            lost: dmg - taken,
            system_destroyed: false,
            section_destroyed,
        }
    }

    /// Marks `dmg` on system `sys` (§7.4.3). With `overkill`, damage beyond what destroys the
    /// system goes to the same section's hull (§7.4.5), and beyond that is lost; without it
    /// (matter, slicing, piercing, §7.4.5.1, §8.1, §8.2.1) the excess is lost.
    pub fn damage_system(
        &mut self,
        design: &ShipDesign,
        sys: u16,
        dmg: u16,
        overkill: bool,
    ) -> Applied {
        let left = self.system_left(design, sys);
        let taken = dmg.min(left);
        self.system_damage[usize::from(sys)] += taken;
        let excess = dmg - taken;
        let mut out = Applied {
            taken,
            system_destroyed: left > 0 && taken == left,
            ..Applied::default()
        };
        if excess > 0 && overkill {
            let hull = self.damage_hull(design, design.section_of(sys), excess);
            out.overkill_to_hull = hull.taken;
            out.lost = hull.lost;
            out.section_destroyed = hull.section_destroyed;
        } else {
            out.lost = excess;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::design::fixtures::reaper;
    use super::*;

    /// §7.3 literal reading: two hits located against the same start-of-phase state add up at
    /// the end of the phase (the core hull reaching 0 destroys the ship only then).
    #[test]
    fn deltas_add_up_at_the_end_of_the_phase() {
        let d = super::super::design::fixtures::reaper();
        let start = ShipDamage::new(&d);
        let mut live = start.clone();
        let mut a = start.clone();
        a.damage_hull(&d, 2, 12);
        let mut b = start.clone();
        b.damage_hull(&d, 2, 12);
        b.system_damage[3] = 2;
        assert_eq!(live.add_delta(&d, &start, &a), 12, "the points claimed");
        assert!(!live.destroyed);
        assert_eq!(live.add_delta(&d, &start, &b), 14);
        assert_eq!(live.hull_damage[2], 20, "capped at the core's hull");
        assert_eq!(live.system_damage[3], 2);
        assert!(live.destroyed);
        let mut copy = ShipDamage::new(&d);
        copy.clone_from(&live);
        assert_eq!(copy, live);
    }

    /// `add_delta` passes over the systems and adaptive points an attack left alone: the same
    /// marks as adding every element's delta (the reference below), over many random phases
    /// (the live marks at least the opening state's, the attack's at least too, as in a battle).
    #[test]
    fn add_delta_is_the_element_by_element_sum() {
        let d = reaper();
        let mut dice = crate::dice::Dice::for_battle(19, 2, 0);
        let mut below = |n: u32| u16::try_from(crate::dice::Roller::below(&mut dice, n)).unwrap();
        for _ in 0..300 {
            let mut before = ShipDamage::new(&d);
            for (k, s) in d.systems.iter().enumerate() {
                if below(3) == 0 {
                    before.system_damage[k] = below(u32::from(s.structure) + 1);
                }
            }
            for k in 0..d.sections.len() {
                before.adaptive[k][usize::from(below(7))] = below(3) as u8;
                before.fire_turns[k] = below(2) as u8;
            }
            let (mut live, mut after) = (before.clone(), before.clone());
            for x in [&mut live, &mut after] {
                for _ in 0..below(4) {
                    let k = usize::from(below(d.systems.len() as u32));
                    let room = d.systems[k].structure - x.system_damage[k];
                    x.system_damage[k] += below(u32::from(room) + 1);
                }
                if below(2) == 0 {
                    let k = usize::from(below(d.sections.len() as u32));
                    x.adaptive[k][usize::from(below(7))] += 1;
                    x.fire_turns[k] = x.fire_turns[k].max(below(4) as u8);
                    x.hull_damage[k] = (x.hull_damage[k] + below(5)).min(d.sections[k].hull);
                }
            }
            let mut want = live.clone();
            let mut claimed = 0u32;
            for (k, s) in d.systems.iter().enumerate() {
                let delta = after.system_damage[k].saturating_sub(before.system_damage[k]);
                claimed += u32::from(delta);
                want.system_damage[k] = (want.system_damage[k] + delta).min(s.structure);
            }
            for (k, sec) in d.sections.iter().enumerate() {
                let delta = after.hull_damage[k].saturating_sub(before.hull_damage[k]);
                claimed += u32::from(delta);
                want.hull_damage[k] = (want.hull_damage[k] + delta).min(sec.hull);
                for (x, &y) in want.adaptive[k].iter_mut().zip(&after.adaptive[k]) {
                    *x = (*x).max(y);
                }
                want.fire_turns[k] = want.fire_turns[k].max(after.fire_turns[k]);
                if sec.pos.is_core() && want.hull_damage[k] >= sec.hull {
                    want.destroyed = true;
                }
            }
            assert_eq!(live.add_delta(&d, &before, &after), claimed);
            assert_eq!(live, want);
        }
    }

    /// §7.4.5: overkill beyond a destroyed system goes to the same section's hull; beyond the
    /// hull it is lost and the section (with every system) is destroyed (§7.4.4).
    #[test]
    fn overkill_goes_to_section_hull_then_is_lost() {
        let d = reaper();
        let mut s = ShipDamage::new(&d);
        // A railgun (structure 2) in the forward section takes 30.
        let a = s.damage_system(&d, 3, 30, true);
        assert_eq!(a.taken, 2);
        assert_eq!(a.overkill_to_hull, 20);
        assert_eq!(a.lost, 8);
        assert!(a.system_destroyed && a.section_destroyed);
        assert!(s.section_destroyed(&d, 0));
        assert!(s.system_destroyed(&d, 0), "systems die with their section");
        assert!(!s.destroyed);
    }

    /// §7.4.5.1: without overkill the excess is lost.
    #[test]
    fn no_overkill_loses_excess() {
        let d = reaper();
        let mut s = ShipDamage::new(&d);
        let a = s.damage_system(&d, 3, 5, false);
        assert_eq!((a.taken, a.overkill_to_hull, a.lost), (2, 0, 3));
        assert_eq!(s.hull_damage[0], 0);
    }

    /// §7.4.4: core hull at 0 destroys the ship; reset restores everything.
    #[test]
    fn core_hull_destroys_ship_and_reset_clears() {
        let d = reaper();
        let mut s = ShipDamage::new(&d);
        s.damage_hull(&d, 2, 19);
        assert!(!s.destroyed);
        let a = s.damage_hull(&d, 2, 5);
        assert_eq!((a.taken, a.lost), (1, 4));
        assert!(s.destroyed);
        let mut snap = ShipDamage::new(&d);
        snap.copy_from(&s);
        assert_eq!(snap, s);
        s.reset();
        assert_eq!(s, ShipDamage::new(&d));
    }
}
