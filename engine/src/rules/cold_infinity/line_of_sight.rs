//! Line of sight (§7.1.5, D7.1, D19 25): the straight line from firer to target is blocked by
//! a unit of at least half the target's Mass nearer the firer than the target, and by a unit of
//! at least the target's Mass anywhere on the line. Which hexes "nearer" covers, and lines
//! along a hex edge, are house rules (`los_blockers`, `edge_line`). Friendly units block too
//! ("any object"). Units in the firer's own hex never block.

use super::initiative::MassTenths;
use super::movement::readings::{EdgeLine, LosBlockers};
use crate::hex::Hex;

/// Whether a unit of Mass `mass` in hex `h`, at step `i` of the `n`-hex line from `firer`,
/// blocks the view of a target of Mass `target_mass` (§7.1.5).
fn blocks(rule: LosBlockers, i: i32, n: i32, mass: MassTenths, target_mass: MassTenths) -> bool {
    if i == 0 {
        return false;
    }
    let full = mass >= target_mass;
    let half = 2 * mass >= target_mass;
    match rule {
        LosBlockers::BetweenHalfMass => {
            if i < n {
                half
            } else {
                full
            }
        }
        LosBlockers::FirerHalfOnly => full || (half && 2 * i < n),
    }
}

/// Whether `firer` sees `target` (§7.1.5) (of Mass `target_mass`) past `others`: every other unit on the
/// map as (hex, Mass), firer and target excluded. No allocation and no walk along the line:
/// every hex of the line at step `i` of `n` lies exactly `i` from the firer and `n − i` from
/// the target (the two nudged lines advance one hex a step), so a unit is on the line only if
/// its two distances sum to `n`, and then only at step `i` = its distance from the firer,
/// where the line's pair of hexes is computed directly ([`Hex::line_step`], the same
/// arithmetic as [`Hex::line_to`]'s). The answer is the same as walking the line.
pub fn has_line_of_sight(
    firer: Hex,
    target: Hex,
    target_mass: MassTenths,
    others: &[(Hex, MassTenths)],
    blockers: LosBlockers,
    edge: EdgeLine,
) -> bool {
    let n = firer.distance(target);
    let (mut blocked_a, mut blocked_b) = (false, false);
    for &(h, mass) in others {
        let i = firer.distance(h);
        if i + h.distance(target) != n || !blocks(blockers, i, n, mass, target_mass) {
            continue;
        }
        let (a, b) = firer.line_step(target, n, i);
        blocked_a |= h == a;
        blocked_b |= h == b;
    }
    match edge {
        EdgeLine::FirerChooses => !(blocked_a && blocked_b),
        EdgeLine::EitherSideBlocks => !(blocked_a || blocked_b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cold_infinity::geometry::Facing;

    fn at(f: i32, n: i32) -> Hex {
        Facing::new(f).unit().scale(n)
    }

    /// §7.1.5 first sentence: a unit of at least ½ the target's Mass between firer and target
    /// blocks; a lighter one does not.
    #[test]
    fn half_mass_between_blocks() {
        let (f, t) = (Hex::default(), at(1, 4));
        let d = LosBlockers::default();
        let e = EdgeLine::default();
        assert!(!has_line_of_sight(f, t, 200, &[(at(1, 2), 100)], d, e));
        assert!(has_line_of_sight(f, t, 200, &[(at(1, 2), 99)], d, e));
        assert!(
            has_line_of_sight(f, t, 200, &[(at(2, 2), 500)], d, e),
            "off the line"
        );
        // In the firer's own hex: never.
        assert!(has_line_of_sight(f, t, 200, &[(f, 500)], d, e));
    }

    /// §7.1.5 second sentence: a unit of at least the target's Mass blocks "regardless of
    /// range": in the target's own hex only such a unit blocks (default).
    #[test]
    fn full_mass_blocks_in_the_target_hex() {
        let (f, t) = (Hex::default(), at(1, 4));
        let d = LosBlockers::default();
        let e = EdgeLine::default();
        assert!(has_line_of_sight(f, t, 200, &[(t, 150)], d, e));
        assert!(!has_line_of_sight(f, t, 200, &[(t, 200)], d, e));
    }

    /// The alternative reading: ½-Mass units block only in the firer's half of the line.
    #[test]
    fn firer_half_only_alternative() {
        let (f, t) = (Hex::default(), at(1, 4));
        let a = LosBlockers::FirerHalfOnly;
        let e = EdgeLine::default();
        assert!(!has_line_of_sight(f, t, 200, &[(at(1, 1), 100)], a, e));
        assert!(has_line_of_sight(f, t, 200, &[(at(1, 3), 100)], a, e));
        assert!(!has_line_of_sight(f, t, 200, &[(at(1, 3), 200)], a, e));
        // The default blocks at step 3 too.
        assert!(!has_line_of_sight(
            f,
            t,
            200,
            &[(at(1, 3), 100)],
            LosBlockers::default(),
            e
        ));
    }

    /// A line along a hex edge (toward vertex 1/2): the firer picks the side, so one blocker
    /// does not block by default; under `EitherSideBlocks` it does.
    #[test]
    fn edge_lines() {
        let f = Hex::default();
        let t = at(1, 1).add(at(2, 1)); // range 2 along the 1/2 vertex line
        let side = at(1, 1);
        let other = at(2, 1);
        let d = LosBlockers::default();
        assert!(has_line_of_sight(
            f,
            t,
            200,
            &[(side, 300)],
            d,
            EdgeLine::FirerChooses
        ));
        assert!(!has_line_of_sight(
            f,
            t,
            200,
            &[(side, 300), (other, 300)],
            d,
            EdgeLine::FirerChooses
        ));
        assert!(!has_line_of_sight(
            f,
            t,
            200,
            &[(side, 300)],
            d,
            EdgeLine::EitherSideBlocks
        ));
        assert!(!has_line_of_sight(
            f,
            t,
            200,
            &[(other, 300)],
            d,
            EdgeLine::EitherSideBlocks
        ));
    }

    /// The reference: walk the whole line and test every unit at every step (the first
    /// implementation, kept as the specification of [`has_line_of_sight`]).
    fn walked(
        firer: Hex,
        target: Hex,
        target_mass: MassTenths,
        others: &[(Hex, MassTenths)],
        blockers: LosBlockers,
        edge: EdgeLine,
    ) -> bool {
        let n = firer.distance(target);
        let (mut blocked_a, mut blocked_b) = (false, false);
        for (i, (a, b)) in firer.line_to(target).enumerate() {
            let i = i as i32;
            for &(h, mass) in others {
                if blocks(blockers, i, n, mass, target_mass) {
                    blocked_a |= h == a;
                    blocked_b |= h == b;
                }
            }
        }
        match edge {
            EdgeLine::FirerChooses => !(blocked_a && blocked_b),
            EdgeLine::EitherSideBlocks => !(blocked_a || blocked_b),
        }
    }

    fn disc(radius: i32) -> Vec<Hex> {
        let mut v = Vec::new();
        for q in -radius..=radius {
            for r in -radius..=radius {
                let h = Hex::new(q, r);
                if h.length() <= radius {
                    v.push(h);
                }
            }
        }
        v
    }

    /// Exhaustive: from the origin to every target within 5 hexes, past every pair of units
    /// within 5 hexes (Masses just under, at and over half and full), under all four
    /// readings, in both orders, the direct test gives the walk's answer.
    #[test]
    fn same_answer_as_walking_the_line() {
        let f = Hex::default();
        let hexes = disc(5);
        let mass = |h: Hex| [99, 100, 199, 200, 300][(h.q * 7 + h.r * 3).rem_euclid(5) as usize];
        let mut checked = 0u32;
        for &t in &hexes {
            for &u in &hexes {
                for &v in &hexes {
                    for rule in [LosBlockers::BetweenHalfMass, LosBlockers::FirerHalfOnly] {
                        for edge in [EdgeLine::FirerChooses, EdgeLine::EitherSideBlocks] {
                            let others = [(u, mass(u)), (v, mass(v.neg()))];
                            let want = walked(f, t, 200, &others, rule, edge);
                            assert_eq!(has_line_of_sight(f, t, 200, &others, rule, edge), want);
                            let swapped = [others[1], others[0]];
                            assert_eq!(has_line_of_sight(f, t, 200, &swapped, rule, edge), want);
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 91 * 91 * 91 * 4);
    }

    #[test]
    fn same_hex_and_adjacent_always_see() {
        let f = Hex::default();
        let d = LosBlockers::default();
        let e = EdgeLine::default();
        assert!(has_line_of_sight(f, f, 100, &[(f, 900)], d, e));
        assert!(has_line_of_sight(f, at(3, 1), 100, &[], d, e));
    }
}
