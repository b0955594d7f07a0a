//! A ship's expected fire as a step function of distance, precomputed once per matchup for the
//! AI's passing estimate (`battle/pass_value.rs`, issue 17).
//!
//! Each weapon's band at a distance (ch. 4 step 2: Range and Extended Range, "the band an
//! attack at `distance` falls in", [`WeaponProfile::band_at`]) changes only at its bands' outer
//! edges. Between two consecutive edges of all of a design's weapons (a *step*) every weapon
//! lies in the same band, so the step's band per weapon, and the sum of the expected damage of
//! every weapon against each target design, are counted once here instead of once per
//! question. The sum adds the weapons in design order exactly as a per-question loop does, so
//! the estimate is bit for bit the same.

use super::attack::WeaponProfile;

/// No band: the weapon does not reach in this step.
pub const NO_BAND: u8 = u8::MAX;

/// One design's steps.
#[derive(Clone, Debug, Default)]
struct DesignSteps {
    /// Ascending, distinct outer band edges of all its weapons: step `k` holds the distances
    /// in (`edges[k − 1]`, `edges[k]`] (step 0 from 0).
    edges: Vec<f64>,
    /// Per step, per weapon: its band index in that step, or [`NO_BAND`].
    bands: Vec<u8>,
    /// Per target design, per step: the expected damage of all its weapons (design order).
    full: Vec<f32>,
    /// Per target design, per step, per set of quadrants (16, [`Arcs::at_local`](super::design::Arcs::at_local)): the expected
    /// damage of the weapons whose arcs cover one of those quadrants (empty until
    /// [`FireSteps::with_arcs`]).
    by_arc: Vec<f32>,
}

/// Every design's fire steps (see the module docs).
#[derive(Clone, Debug, Default)]
pub struct FireSteps {
    designs: Vec<DesignSteps>,
    /// Weapons per design (the row length of `bands`).
    weapons: Vec<usize>,
}

impl FireSteps {
    /// The steps of every design, from its weapons' profiles; `expected(a, w, t, band)` is the
    /// expected damage of design `a`'s weapon `w` against design `t` in `band`.
    pub fn new(
        profiles: &[Vec<WeaponProfile>],
        expected: impl Fn(usize, usize, usize, u8) -> f32,
    ) -> Self {
        let nd = profiles.len();
        let mut designs = Vec::with_capacity(nd);
        let mut weapons = Vec::with_capacity(nd);
        for (a, ps) in profiles.iter().enumerate() {
            let mut edges: Vec<f64> = ps
                .iter()
                .flat_map(|p| p.bands().iter().map(|b| b.max_range))
                .collect();
            edges.sort_by(f64::total_cmp);
            edges.dedup();
            let mut bands = Vec::with_capacity(edges.len() * ps.len());
            for &edge in &edges {
                // Any distance in the step lies within a band exactly when the step's outer
                // edge does (the edges are all the bands' edges): the first such band.
                for p in ps {
                    let band = p.bands().iter().find(|b| edge <= b.max_range);
                    bands.push(band.map_or(NO_BAND, |b| b.index));
                }
            }
            let mut full = Vec::with_capacity(nd * edges.len());
            for t in 0..nd {
                for k in 0..edges.len() {
                    let mut fire = 0.0f32;
                    for (w, &band) in bands[k * ps.len()..(k + 1) * ps.len()].iter().enumerate() {
                        if band != NO_BAND {
                            fire += expected(a, w, t, band);
                        }
                    }
                    full.push(fire);
                }
            }
            designs.push(DesignSteps {
                edges,
                bands,
                full,
                by_arc: Vec::new(),
            });
            weapons.push(ps.len());
        }
        FireSteps { designs, weapons }
    }

    /// The expected damage design `a`'s working weapons deal design `t` at distance `d`: each
    /// weapon in its band at `d`, none beyond every weapon's reach. With every weapon working
    /// (`weapons_off`, a bit per weapon, clear) the step's precounted sum; else the working
    /// weapons' `expected(w, band)` added in design order.
    #[inline]
    pub fn fire(
        &self,
        a: usize,
        t: usize,
        d: f64,
        weapons_off: u16,
        expected: impl Fn(usize, u8) -> f32,
    ) -> f32 {
        let s = &self.designs[a];
        // The step holding `d`; beyond every weapon's reach, none.
        let Some(k) = s.edges.iter().position(|&e| d <= e) else {
            return 0.0;
        };
        let n = self.weapons[a];
        if u32::from(weapons_off) & ((1u32 << n) - 1) == 0 {
            return s.full[t * s.edges.len() + k];
        }
        let mut fire = 0.0;
        for (w, &band) in s.bands[k * n..(k + 1) * n].iter().enumerate() {
            if band != NO_BAND && weapons_off & (1 << w) == 0 {
                fire += expected(w, band);
            }
        }
        fire
    }

    /// Adds the expected fire by arc (issue 17, `brawler-v5`'s broadside-aware lookahead):
    /// `arcs[a][w]` is the quadrant bits of design `a`'s weapon `w`, `expected` as in
    /// [`FireSteps::new`]. Per design, target design, step and set of quadrants: the sum of
    /// the expected damage of the weapons in band whose arcs cover one of the quadrants.
    pub fn with_arcs(
        mut self,
        arcs: &[Vec<u8>],
        expected: impl Fn(usize, usize, usize, u8) -> f32,
    ) -> Self {
        let nd = self.designs.len();
        for (a, s) in self.designs.iter_mut().enumerate() {
            let n = self.weapons[a];
            let steps = s.edges.len();
            let mut by_arc = Vec::with_capacity(nd * steps * 16);
            for t in 0..nd {
                for k in 0..steps {
                    for q in 0..16u8 {
                        let mut fire = 0.0f32;
                        for (w, &band) in s.bands[k * n..(k + 1) * n].iter().enumerate() {
                            if band != NO_BAND && arcs[a][w] & q != 0 {
                                fire += expected(a, w, t, band);
                            }
                        }
                        by_arc.push(fire);
                    }
                }
            }
            s.by_arc = by_arc;
        }
        self
    }

    /// The expected damage design `a`'s weapons whose arcs cover one of `quadrants` deal
    /// design `t` at distance `d` (every weapon counted working; none beyond reach). Needs
    /// [`FireSteps::with_arcs`].
    #[inline]
    pub fn arc_fire(&self, a: usize, t: usize, d: f64, quadrants: u8) -> f32 {
        let Some(k) = self.step(a, d) else {
            return 0.0;
        };
        let s = &self.designs[a];
        s.by_arc[(t * s.edges.len() + k) * 16 + usize::from(quadrants & 15)]
    }

    /// The step of design `a` holding distance `d`, or `None` beyond every weapon's reach.
    pub fn step(&self, a: usize, d: f64) -> Option<usize> {
        self.designs[a].edges.iter().position(|&e| d <= e)
    }

    /// Weapon bands of design `a` in step `k`, one per weapon ([`NO_BAND`] where it does not
    /// reach).
    pub fn bands(&self, a: usize, k: usize) -> &[u8] {
        let n = self.weapons[a];
        &self.designs[a].bands[k * n..(k + 1) * n]
    }

    /// The expected damage of all of design `a`'s weapons against design `t` in step `k`
    /// (weapons added in design order).
    pub fn full(&self, a: usize, t: usize, k: usize) -> f32 {
        let s = &self.designs[a];
        s.full[t * s.edges.len() + k]
    }
}

#[cfg(test)]
mod tests {
    use super::super::attack::WeaponProfile;
    use super::super::design::{Variant, WeaponType};
    use super::*;

    /// The steps give every weapon the band `band_at` gives at any distance, and the full sum
    /// is the per-weapon loop's sum to the bit (whole-number edges and a fractional range
    /// bonus alike).
    #[test]
    fn steps_match_band_at_everywhere() {
        let profiles = vec![
            vec![
                WeaponProfile::new(WeaponType::Kinetic, Variant::None),
                WeaponProfile::new(WeaponType::Rockets, Variant::None),
                WeaponProfile::new(WeaponType::Beam, Variant::Oversized),
            ],
            vec![
                WeaponProfile::new(WeaponType::Beam, Variant::None).with_range_bonus(1.5),
                WeaponProfile::new(WeaponType::Missiles, Variant::None),
            ],
        ];
        let expected = |a: usize, w: usize, t: usize, band: u8| {
            0.1 + w as f32 * 0.7 + f32::from(band) * 0.3 + a as f32 * 0.01 + t as f32 * 0.001
        };
        let steps = FireSteps::new(&profiles, expected);
        for (a, ps) in profiles.iter().enumerate() {
            for t in 0..profiles.len() {
                let mut reached = false;
                for q in 0..=240 {
                    // Quarter steps and a hair either side of every whole distance.
                    for d in [
                        q as f64 * 0.25,
                        q as f64 * 0.25 + 1e-9,
                        q as f64 * 0.25 - 1e-9,
                    ] {
                        let mut fire = 0.0f32;
                        for (w, p) in ps.iter().enumerate() {
                            if let Some(b) = p.band_at(d) {
                                fire += expected(a, w, t, b.index);
                            }
                        }
                        let got = steps.fire(a, t, d, 0, |w, b| expected(a, w, t, b));
                        assert_eq!(got.to_bits(), fire.to_bits(), "a {a} t {t} d = {d}");
                        match steps.step(a, d) {
                            Some(k) => {
                                reached = true;
                                for (w, p) in ps.iter().enumerate() {
                                    let band = p.band_at(d).map_or(NO_BAND, |b| b.index);
                                    assert_eq!(steps.bands(a, k)[w], band, "d = {d}");
                                }
                                assert_eq!(steps.full(a, t, k).to_bits(), fire.to_bits());
                            }
                            None => assert_eq!(fire, 0.0, "d = {d}"),
                        }
                    }
                }
                assert!(reached);
            }
        }
        assert_eq!(steps.step(0, 1000.0), None);
        assert_eq!(steps.step(0, f64::NAN), None);
        // A weapon knocked out (ch. 5 damage): the other two, in design order.
        for d in [3.0, 7.0, 11.0, 15.0, 19.5] {
            let mut fire = 0.0f32;
            for (w, p) in profiles[0].iter().enumerate() {
                if let Some(b) = p.band_at(d).filter(|_| w != 1) {
                    fire += expected(0, w, 1, b.index);
                }
            }
            let got = steps.fire(0, 1, d, 0b010, |w, b| expected(0, w, 1, b));
            assert_eq!(got.to_bits(), fire.to_bits(), "d = {d}");
        }
    }
}
