//! The expected fire `brawler-v5`'s lookahead reads at a candidate end point (issue 17,
//! [`Battle::lookahead_arcs`](super::Battle)): own fire from it and the enemy's fire at it, each
//! by the weapons whose arcs (ch. 4 "Firing Arcs": a quadrant, boundaries in both) and ranges
//! (ch. 4 step 2, Range and Extended Range bands) hold the target — the per-design tables of
//! [`FireSteps::with_arcs`].
//!
//! Each enemy is read once per move ([`Foe::new`]: where it stands and faces, its table against
//! the moving ship's design and the moving design's against it), and at each end point its
//! distance is measured once for both directions ([`fire_both_ways`]). The values are those of
//! a read per direction through [`FireSteps::arc_fire`], to the bit (the tests hold it).

use crate::geometry::Vec2;

use super::super::design::Arcs;
use super::super::fire_steps::{ArcRows, FireSteps};
use super::movement::turn_toward;

/// The most enemy ships the arc score reads (ships beyond are left out).
pub(super) const MAX_ENEMIES: usize = 16;

/// An enemy ship as the arc score reads it.
#[derive(Clone, Copy, Default)]
pub(super) struct Foe<'a> {
    /// Where it stands.
    pos: Vec2,
    /// Where it faces (unit vector).
    facing: Vec2,
    /// Its expected fire by arc against the moving ship's design.
    theirs: ArcRows<'a>,
    /// The moving ship's expected fire by arc against its design.
    ours: ArcRows<'a>,
    /// How far its weapons reach, and own weapons (beyond, the table reads none).
    their_reach: f64,
    our_reach: f64,
    /// The longer of the two: beyond it neither fires.
    reach: f64,
}

impl<'a> Foe<'a> {
    /// An enemy of design `design` at `pos` facing `facing`, read by a ship of design `mine`.
    #[inline]
    pub(super) fn new(
        fs: &'a FireSteps,
        mine: usize,
        design: usize,
        pos: Vec2,
        facing: Vec2,
    ) -> Self {
        let theirs = fs.arc_rows(design, mine);
        let ours = fs.arc_rows(mine, design);
        Foe {
            pos,
            facing,
            theirs,
            ours,
            their_reach: theirs.reach(),
            our_reach: ours.reach(),
            reach: theirs.reach().max(ours.reach()),
        }
    }

    /// Whether neither ship reaches the other from anywhere within `span` of `from`
    /// (its distance from `from` less `span`, less a millionth for rounding, is beyond
    /// [`Foe::reach`]): read at any such end point it adds nothing either way.
    #[inline]
    pub(super) fn out_of_reach(&self, from: Vec2, span: f64) -> bool {
        (self.pos - from).length() - span - 1e-6 > self.reach
    }

    /// The most own fire at this enemy from any end point within `span` of `from`, facing
    /// anywhere ([`ArcRows::most_within`]: its distance from `from` ± `span` and a millionth
    /// for rounding; every quadrant at once where an end point may lie on it).
    #[inline]
    pub(super) fn most_own_fire(&self, from: Vec2, span: f64) -> f32 {
        let centre = (self.pos - from).length();
        let (lo, hi) = (centre - span - 1e-6, centre + span + 1e-6);
        self.ours.most_within(lo, hi, lo.is_nan() || lo <= 0.0)
    }
}

/// The enemy's expected fire at the moving ship standing at `p` (every enemy ship's weapons
/// whose arcs, from its facing now, and ranges hold `p`, summed over the ships in order), and
/// own expected fire from `p` facing `facing` (the most the weapons whose arcs and ranges hold
/// one enemy ship deal it). Each enemy's distance is measured once: the distance from `p` to
/// it is the distance back, to the bit.
#[inline]
pub(super) fn fire_both_ways(foes: &[Foe], p: Vec2, facing: Vec2) -> (f32, f32) {
    let mut taken = 0.0f32;
    let mut most = 0.0f32;
    for f in foes {
        let d = p - f.pos;
        let dist = d.length();
        // Beyond both reaches (or NaN) both reads are none: adding none changes no bit.
        if dist <= f.reach {
            let whole = dist as u32 as usize;
            let q = Arcs::at_local(f.facing.dot(d), f.facing.cross(d)).0;
            taken += f.theirs.fire(dist, whole, q);
            let back = f.pos - p;
            let q = Arcs::at_local(facing.dot(back), facing.cross(back)).0;
            let fire = f.ours.fire(dist, whole, q);
            // The tables hold no NaN: `max` without its NaN handling.
            if fire > most {
                most = fire;
            }
        }
    }
    (taken, most)
}

/// The enemy's expected fire at the moving ship standing at `p` ([`fire_both_ways`]'s first).
#[inline]
pub(super) fn exposure_at(foes: &[Foe], p: Vec2) -> f32 {
    let mut taken = 0.0f32;
    for f in foes {
        let d = p - f.pos;
        let dist = d.length();
        // Beyond its reach (or NaN) the read is none: adding none changes no bit.
        if dist <= f.their_reach {
            let q = Arcs::at_local(f.facing.dot(d), f.facing.cross(d)).0;
            taken += f.theirs.fire(dist, dist as u32 as usize, q);
        }
    }
    taken
}

/// Own expected fire from `p` facing `facing` ([`fire_both_ways`]'s second).
#[inline]
pub(super) fn fire_from(foes: &[Foe], p: Vec2, facing: Vec2) -> f32 {
    let mut most = 0.0f32;
    for f in foes {
        let back = f.pos - p;
        let dist = back.length();
        // Beyond own reach (or NaN) the read is none: never more than the most so far.
        if dist <= f.our_reach {
            let q = Arcs::at_local(facing.dot(back), facing.cross(back)).0;
            let fire = f.ours.fire(dist, dist as u32 as usize, q);
            if fire > most {
                most = fire;
            }
        }
    }
    most
}

/// Own expected fire from `p` after turning from `facing` toward `toward` (the direction to
/// the focus enemy) turned by `aim`, by at most `turn` × 30° (as the move's turn does).
#[inline]
pub(super) fn aimed_fire(
    foes: &[Foe],
    p: Vec2,
    facing: Vec2,
    toward: Vec2,
    turn: usize,
    aim: (f64, f64),
) -> f32 {
    let facing = turn_toward(facing, toward.rotated(aim.0, aim.1), turn);
    fire_both_ways(foes, p, facing).1
}

#[cfg(test)]
mod tests {
    use super::super::super::attack::WeaponProfile;
    use super::super::super::design::{Variant, WeaponType};
    use super::super::move_lookahead::{AIMS, ARC_BIAS, quantized};
    use super::*;

    /// The read the lookahead made before the tables were bound per move: every enemy's
    /// distance measured twice, each table found through [`FireSteps::arc_fire`].
    fn by_arc_fire(
        fs: &FireSteps,
        foes: &[(usize, Vec2, Vec2)],
        mine: usize,
        p: Vec2,
        facing: Vec2,
    ) -> (f32, f32) {
        let mut taken = 0.0f32;
        for &(design, pos, their_facing) in foes {
            let d = p - pos;
            let q = Arcs::at_local(their_facing.dot(d), their_facing.cross(d)).0;
            taken += fs.arc_fire(design, mine, d.length(), q);
        }
        let mut most = 0.0f32;
        for &(design, pos, _) in foes {
            let d = pos - p;
            let q = Arcs::at_local(facing.dot(d), facing.cross(d)).0;
            most = most.max(fs.arc_fire(mine, design, d.length(), q));
        }
        (taken, most)
    }

    /// Three designs with kinetics, rockets, beams (one with a fractional range bonus) and
    /// missiles on assorted arcs, expected damage made up so that every sum is distinct.
    fn tables() -> FireSteps {
        let profiles = vec![
            vec![
                WeaponProfile::new(WeaponType::Kinetic, Variant::None),
                WeaponProfile::new(WeaponType::Rockets, Variant::None),
                WeaponProfile::new(WeaponType::Beam, Variant::None),
            ],
            vec![
                WeaponProfile::new(WeaponType::Beam, Variant::None).with_range_bonus(1.5),
                WeaponProfile::new(WeaponType::Missiles, Variant::None),
            ],
            vec![WeaponProfile::new(WeaponType::Kinetic, Variant::Oversized)],
        ];
        let arcs = vec![
            vec![Arcs::FORE.0, Arcs::PORT.0 | Arcs::STARBOARD.0, Arcs::AFT.0],
            vec![15, Arcs::FORE.0 | Arcs::PORT.0],
            vec![Arcs::STARBOARD.0],
        ];
        let expected = |a: usize, w: usize, t: usize, band: u8| {
            0.3 + w as f32 * 0.71 + f32::from(band) * 0.37 + a as f32 * 0.013 + t as f32 * 0.0017
        };
        FireSteps::new(&profiles, expected).with_arcs(&arcs, expected)
    }

    /// The per-move read gives both sums of the per-direction read to the bit: end points on a
    /// grid over the table (with the quadrant boundaries and band edges it crosses), three
    /// enemies of every design pairing, assorted facings (diagonals put enemies on quadrant
    /// boundaries).
    #[test]
    fn one_distance_per_enemy_reads_as_two() {
        let fs = tables();
        let facings = [
            Vec2::new(1.0, 0.0),
            Vec2::new(-1.0, 0.0),
            Vec2::new(0.0, 1.0),
            Vec2::new(1.0, 1.0).normalized(),
            Vec2::from_bearing(-117.0),
        ];
        let mut reached = 0;
        for mine in 0..3 {
            let raw = [
                (0, Vec2::new(20.0, 10.0), facings[1]),
                (1, Vec2::new(31.5, 22.0), facings[3]),
                (2, Vec2::new(12.0, 27.0), facings[4]),
            ];
            let foes: Vec<Foe> = raw
                .iter()
                .map(|&(t, pos, f)| Foe::new(&fs, mine, t, pos, f))
                .collect();
            for x in 0..=108 {
                for y in 0..=60 {
                    let p = Vec2::new(f64::from(x) * 0.5, f64::from(y) * 0.5);
                    for &facing in &facings {
                        let want = by_arc_fire(&fs, &raw, mine, p, facing);
                        let got = fire_both_ways(&foes, p, facing);
                        assert_eq!(got.0.to_bits(), want.0.to_bits(), "{mine} {p:?} {facing:?}");
                        assert_eq!(got.1.to_bits(), want.1.to_bits(), "{mine} {p:?} {facing:?}");
                        assert_eq!(exposure_at(&foes, p).to_bits(), want.0.to_bits());
                        assert_eq!(fire_from(&foes, p, facing).to_bits(), want.1.to_bits());
                        reached += usize::from(want.0 > 0.0) + usize::from(want.1 > 0.0);
                    }
                }
            }
        }
        assert!(reached > 10_000, "{reached}");
    }

    /// Issue 17, `brawler-v5`: a design with fore rockets (its best arc by firepower, the
    /// facing `brawler-v4` always turns to) and a beam on either broadside, its enemy 19 away
    /// 40° off the bow. Turned toward its best arc (30° of Heading), the enemy sits in the
    /// fore quadrant beyond the rockets' reach: nothing bears. Turned to put the enemy on the
    /// port broadside, the beam bears at Extended Range: that facing is the one chosen, and the
    /// end point it is scored at outscores the same point with the bow on.
    #[test]
    fn turns_the_broadside_where_the_bow_does_not_reach() {
        let profiles = vec![
            vec![
                WeaponProfile::new(WeaponType::Rockets, Variant::None),
                WeaponProfile::new(WeaponType::Beam, Variant::None),
            ],
            vec![],
        ];
        let arcs = vec![vec![Arcs::FORE.0, Arcs::PORT.0 | Arcs::STARBOARD.0], vec![]];
        let expected = |_a: usize, w: usize, _t: usize, _band: u8| if w == 0 { 3.0 } else { 1.0 };
        let fs = FireSteps::new(&profiles, expected).with_arcs(&arcs, expected);
        let (c, s) = (40f64.to_radians().cos(), 40f64.to_radians().sin());
        let enemy = Vec2::new(19.0 * c, 19.0 * s);
        let foes = [Foe::new(&fs, 0, 1, enemy, Vec2::new(-1.0, 0.0))];
        let p = Vec2::new(0.0, 0.0);
        let facing = Vec2::new(1.0, 0.0);
        let toward = enemy.normalized();
        let bow = aimed_fire(&foes, p, facing, toward, 1, AIMS[0]);
        let port = aimed_fire(&foes, p, facing, toward, 1, AIMS[1]);
        let starboard = aimed_fire(&foes, p, facing, toward, 1, AIMS[2]);
        assert_eq!(bow, 0.0);
        assert_eq!(port, 1.0);
        // Turning the other way (30° toward the enemy) leaves it in the fore quadrant.
        assert_eq!(starboard, 0.0);
        // The whole score: the broadside facing wins by the arc weight × one box.
        let weight = 2.0;
        let score = |dealt: f32| quantized(7.0 + weight * (ARC_BIAS - f64::from(dealt)));
        assert!(score(port) < score(bow));
        // Closer in, inside the rockets' Range, the bow is worth more again.
        let near = Vec2::new(5.0 * c, 5.0 * s);
        let foes = [Foe::new(&fs, 0, 1, near, Vec2::new(-1.0, 0.0))];
        let bow = aimed_fire(&foes, p, facing, near.normalized(), 1, AIMS[0]);
        let port = aimed_fire(&foes, p, facing, near.normalized(), 1, AIMS[1]);
        assert!(bow > port, "{bow} {port}");
    }

    /// The enemy's fire counts where its arcs hold the end point: astern of a ship with only
    /// fore guns nothing is exposed.
    #[test]
    fn exposure_reads_the_enemy_arcs() {
        let profiles = vec![
            vec![],
            vec![WeaponProfile::new(WeaponType::Kinetic, Variant::None)],
        ];
        let arcs = vec![vec![], vec![Arcs::FORE.0]];
        let expected = |_a: usize, _w: usize, _t: usize, band: u8| 2.0 - f32::from(band);
        let fs = FireSteps::new(&profiles, expected).with_arcs(&arcs, expected);
        let foe = Foe::new(&fs, 0, 1, Vec2::new(10.0, 10.0), Vec2::new(1.0, 0.0));
        let exposure = |p: Vec2| fire_both_ways(&[foe], p, Vec2::new(1.0, 0.0)).0;
        assert_eq!(exposure(Vec2::new(15.0, 10.0)), 2.0);
        assert_eq!(exposure(Vec2::new(22.0, 10.0)), 1.0);
        assert_eq!(exposure(Vec2::new(5.0, 10.0)), 0.0);
        assert_eq!(exposure(Vec2::new(40.0, 10.0)), 0.0);
    }
}
