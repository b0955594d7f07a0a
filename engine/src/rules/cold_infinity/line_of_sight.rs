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
/// map as (hex, Mass), firer and target excluded. No allocation: one pass over the hex line per
/// call, scanning the (few) other units at each step.
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

    #[test]
    fn same_hex_and_adjacent_always_see() {
        let f = Hex::default();
        let d = LosBlockers::default();
        let e = EdgeLine::default();
        assert!(has_line_of_sight(f, f, 100, &[(f, 900)], d, e));
        assert!(has_line_of_sight(f, at(3, 1), 100, &[], d, e));
    }
}
