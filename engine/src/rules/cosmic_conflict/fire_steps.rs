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
    /// Per target design, per step: the most of `by_arc` over the sets of quadrants a target
    /// not on the ship itself can lie in ([`SIDE_SETS`]; empty until [`FireSteps::with_arcs`]).
    arc_most: Vec<f32>,
    /// Per whole distance `n` (0 up to the largest finite edge, at most [`LUT_CAP`]): the first
    /// step whose outer edge is at least `n` — where the search for any distance ≥ `n` starts
    /// ([`DesignSteps::step`]).
    lut: Vec<u16>,
}

/// The sets of quadrants [`Arcs::at_local`](super::design::Arcs::at_local) gives a target
/// off the ship's own position: one quadrant, or two neighbours on their boundary (all four
/// only at distance 0).
const SIDE_SETS: [u8; 8] = [1, 2, 4, 8, 3, 6, 12, 9];

/// The longest whole distance [`DesignSteps::lut`] covers; farther distances start their search
/// at its last entry.
const LUT_CAP: f64 = 256.0;

impl DesignSteps {
    /// The start of the step search for every whole distance (see [`DesignSteps::lut`]).
    fn lut_of(edges: &[f64]) -> Vec<u16> {
        let top = edges
            .iter()
            .copied()
            .filter(|e| e.is_finite())
            .fold(0.0, f64::max)
            .min(LUT_CAP) as usize;
        (0..=top)
            .map(|n| {
                let k = edges.iter().position(|&e| e >= n as f64);
                u16::try_from(k.unwrap_or(edges.len())).expect("fewer than 65,536 band edges")
            })
            .collect()
    }

    /// The step holding distance `d` (the first whose outer edge is ≥ `d`), or `None` beyond
    /// every edge (and for NaN). Starts at the table's entry for `d`'s whole part — every
    /// earlier edge is below that whole number, so below `d` — and walks on past the edges `d`
    /// still exceeds: the same step as a search from the first edge, in a step or two.
    #[inline]
    fn step(&self, d: f64) -> Option<usize> {
        // Beyond the last edge (or NaN): none.
        self.edges.last().filter(|&&last| d <= last)?;
        // `d` ≥ 0 (a distance): the conversion truncates to its whole part.
        let n = (d as usize).min(self.lut.len() - 1);
        let mut k = usize::from(self.lut[n]);
        // Ends at the last edge at the latest: `d` ≤ `last`.
        while d > self.edges[k] {
            k += 1;
        }
        Some(k)
    }
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
                lut: DesignSteps::lut_of(&edges),
                edges,
                bands,
                full,
                by_arc: Vec::new(),
                arc_most: Vec::new(),
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
        let Some(k) = s.step(d) else {
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
            s.arc_most = by_arc
                .chunks_exact(16)
                .map(|row| {
                    SIDE_SETS
                        .iter()
                        .map(|&q| row[usize::from(q)])
                        .fold(0.0, f32::max)
                })
                .collect();
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

    /// Design `a`'s arc table against design `t` ([`FireSteps::arc_fire`] for many distances:
    /// the design and the target's rows looked up once). Needs [`FireSteps::with_arcs`].
    #[inline]
    pub fn arc_rows(&self, a: usize, t: usize) -> ArcRows<'_> {
        let steps = &self.designs[a];
        ArcRows {
            steps,
            base: t * steps.edges.len() * 16,
        }
    }

    /// The step of design `a` holding distance `d`, or `None` beyond every weapon's reach.
    #[inline]
    pub fn step(&self, a: usize, d: f64) -> Option<usize> {
        self.designs[a].step(d)
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

/// One design's expected fire by arc against one target design ([`FireSteps::arc_rows`]).
#[derive(Clone, Copy, Debug)]
pub struct ArcRows<'a> {
    /// The design's steps.
    steps: &'a DesignSteps,
    /// Where the target design's rows begin in [`DesignSteps::by_arc`].
    base: usize,
}

/// A design with no weapons: every read is none.
static NO_STEPS: DesignSteps = DesignSteps {
    edges: Vec::new(),
    bands: Vec::new(),
    full: Vec::new(),
    by_arc: Vec::new(),
    arc_most: Vec::new(),
    lut: Vec::new(),
};

impl Default for ArcRows<'_> {
    /// No fire at any distance.
    fn default() -> Self {
        ArcRows {
            steps: &NO_STEPS,
            base: 0,
        }
    }
}

impl ArcRows<'_> {
    /// [`FireSteps::arc_fire`] at distance `d` whose whole part is `whole` (at most it: a
    /// saturating `d as u32`, passed in so that two tables read at one distance convert it
    /// once): the expected damage
    /// of the weapons in band whose arcs cover one of `quadrants`; none beyond every weapon's
    /// reach. The same step as [`DesignSteps::step`] finds, so the same value to the bit.
    #[inline]
    pub fn fire(&self, d: f64, whole: usize, quadrants: u8) -> f32 {
        let s = self.steps;
        // Beyond the last edge (or NaN): none.
        if s.edges.last().is_none_or(|&last| d > last || d.is_nan()) {
            return 0.0;
        }
        let mut k = usize::from(s.lut[whole.min(s.lut.len() - 1)]);
        // Ends at the last edge at the latest: `d` ≤ `last`.
        while d > s.edges[k] {
            k += 1;
        }
        s.by_arc[self.base + k * 16 + usize::from(quadrants & 15)]
    }

    /// The longest distance any of the design's weapons reaches (−∞ with none): beyond it
    /// [`ArcRows::fire`] is none.
    #[inline]
    pub fn reach(&self) -> f64 {
        self.steps
            .edges
            .last()
            .copied()
            .unwrap_or(f64::NEG_INFINITY)
    }

    /// The most [`ArcRows::fire`] gives at any distance from `lo` to `hi` (a NaN end leaves
    /// that side open) with the target off the ship's own position — with `on_top`, also
    /// with it on the ship's position (all four quadrants).
    pub fn most_within(&self, lo: f64, hi: f64, on_top: bool) -> f32 {
        let s = self.steps;
        let n = s.edges.len();
        if n == 0 {
            return 0.0;
        }
        // The steps a distance in [lo, hi] can fall in ([`DesignSteps::step`]).
        let first = if lo.is_nan() {
            0
        } else {
            s.edges.iter().position(|&e| lo <= e).unwrap_or(n)
        };
        let last = s.edges.iter().position(|&e| hi <= e).unwrap_or(n - 1);
        let t = self.base / 16 / n;
        let mut most = 0.0f32;
        for k in first..=last {
            most = most.max(s.arc_most[t * n + k]);
            if on_top {
                most = most.max(s.by_arc[self.base + k * 16 + 15]);
            }
        }
        most
    }
}

#[cfg(test)]
mod tests {
    use super::super::attack::WeaponProfile;
    use super::super::design::{Variant, WeaponType};
    use super::*;

    /// The step table's search (the first edge at or above a distance, started from the whole
    /// distance's entry) finds the step a search from the first edge finds: fractional,
    /// whole-number, far (beyond the table's cap) and infinite edges, every distance a hair
    /// either side of each edge, NaN and beyond the last edge.
    #[test]
    fn table_step_is_the_first_edge_at_or_above() {
        for edges in [
            vec![0.5, 3.0, 3.25, 12.0, 300.0, f64::INFINITY],
            vec![6.0, 12.0, 24.0],
            vec![1.5, 7.75],
            vec![0.0],
            vec![],
        ] {
            let s = DesignSteps {
                lut: DesignSteps::lut_of(&edges),
                edges: edges.clone(),
                ..DesignSteps::default()
            };
            let mut ds: Vec<f64> = (0..=1300).map(|q| f64::from(q) * 0.25).collect();
            for &e in &edges {
                ds.extend([e, e + 1e-9, e - 1e-9, e.next_up(), e.next_down()]);
            }
            ds.extend([f64::NAN, f64::INFINITY, 1e12, 0.0, -0.0]);
            for d in ds.into_iter().filter(|d| d.is_nan() || *d >= 0.0) {
                let want = edges.iter().position(|&e| d <= e);
                assert_eq!(s.step(d), want, "edges {edges:?} d = {d}");
            }
        }
    }

    /// An arc table read with the distance's whole part passed in gives what
    /// [`FireSteps::arc_fire`] gives, to the bit, at every distance and set of quadrants
    /// (beyond every weapon's reach none).
    #[test]
    fn arc_rows_read_as_arc_fire() {
        let profiles = vec![
            vec![
                WeaponProfile::new(WeaponType::Kinetic, Variant::None),
                WeaponProfile::new(WeaponType::Rockets, Variant::None),
            ],
            vec![WeaponProfile::new(WeaponType::Beam, Variant::None).with_range_bonus(1.5)],
        ];
        let arcs = vec![vec![1, 2 | 8], vec![15]];
        let expected = |a: usize, w: usize, t: usize, band: u8| {
            1.0 + w as f32 * 0.7 + f32::from(band) * 0.3 + a as f32 * 0.01 + t as f32 * 0.001
        };
        let fs = FireSteps::new(&profiles, expected).with_arcs(&arcs, expected);
        let mut nonzero = 0;
        for a in 0..2 {
            for t in 0..2 {
                let rows = fs.arc_rows(a, t);
                for k in 0..=400 {
                    let d = f64::from(k) * 0.125 + 1e-9 * f64::from(k % 3);
                    for q in 0..16u8 {
                        let got = rows.fire(d, d as usize, q);
                        assert_eq!(
                            got.to_bits(),
                            fs.arc_fire(a, t, d, q).to_bits(),
                            "{a} {t} {d} {q}"
                        );
                        nonzero += usize::from(got > 0.0);
                    }
                }
                assert_eq!(rows.fire(f64::NAN, 0, 15), 0.0);
            }
        }
        assert!(nonzero > 1000, "{nonzero}");
        assert_eq!(ArcRows::default().fire(3.0, 3, 15), 0.0);
    }

    /// The most within a span of distances bounds every read at a distance in the span and a
    /// set of quadrants off the ship's position (all four too with `on_top`), and is reached.
    #[test]
    fn most_within_bounds_every_read() {
        let profiles = vec![
            vec![
                WeaponProfile::new(WeaponType::Kinetic, Variant::None),
                WeaponProfile::new(WeaponType::Rockets, Variant::None),
                WeaponProfile::new(WeaponType::Beam, Variant::None).with_range_bonus(1.5),
            ],
            vec![],
        ];
        let arcs = vec![vec![1, 2 | 8, 4 | 8], vec![]];
        let expected =
            |_a: usize, w: usize, _t: usize, band: u8| 1.0 + w as f32 * 0.7 + f32::from(band) * 0.3;
        let fs = FireSteps::new(&profiles, expected).with_arcs(&arcs, expected);
        let rows = fs.arc_rows(0, 1);
        for (lo, hi) in [
            (0.0, 3.0),
            (2.5, 7.25),
            (-4.0, 1.0),
            (11.0, 30.0),
            (13.0, 13.0),
            (40.0, 50.0),
            (f64::NAN, 5.0),
            (5.0, f64::NAN),
        ] {
            for on_top in [false, true] {
                let most = rows.most_within(lo, hi, on_top);
                let mut seen = 0.0f32;
                let (a, b) = (
                    if lo.is_nan() { 0.0 } else { lo.max(0.0) },
                    if hi.is_nan() { 60.0 } else { hi },
                );
                let mut d = a;
                while d <= b {
                    for q in 1..16u8 {
                        if !(SIDE_SETS.contains(&q) || on_top && q == 15) {
                            continue;
                        }
                        let f = rows.fire(d, d as usize, q);
                        assert!(f <= most, "{lo} {hi} {d} {q}: {f} > {most}");
                        seen = seen.max(f);
                    }
                    d += 0.125;
                }
                assert_eq!(seen, most, "{lo} {hi} {on_top}");
            }
        }
        assert_eq!(fs.arc_rows(1, 0).most_within(0.0, 100.0, true), 0.0);
        assert_eq!(fs.arc_rows(1, 0).reach(), f64::NEG_INFINITY);
        assert_eq!(rows.reach(), fs.designs[0].edges.last().copied().unwrap());
    }

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
