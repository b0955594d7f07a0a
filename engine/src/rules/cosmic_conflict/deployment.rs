//! Deployment (seed ch. 9, before "Game Length"): "With the playing area, terrain and player
//! sides determined, each player should take turns placing Ships from largest to smallest Size
//! within 8 distance of their starting edge (unless otherwise agreed upon)."
//!
//! *Where* a ship goes is the player's decision; here it is a named, configurable placement
//! rule (`scenario.placement`, house rule D2 in `docs/house-rules/cosmic-conflict.md`). Both
//! shipped rules place a side's ships without looking at where the opponent put theirs, so
//! the alternation (and who places first) cannot change any position: the positions are
//! computed once per matchup, in the text's order (largest to smallest Size; equal Sizes in
//! the fleet's own order, which is that player's choice). A rule that reacts to the
//! opponent's placements would have to place per battle, first placer rolled on the battle's
//! dice.
//!
//! Fairness: side B's placement is side A's turned 180° about the table's centre (a point
//! mirror, so port stays port and every arc faces the enemy as it does for A). The same fleet
//! with the same rule on both sides therefore starts as an exact mirror image.

use crate::geometry::{Board, Vec2};
use crate::outcome::Side;

/// How ships are set up before the first turn (`scenario.deployment`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deployment {
    /// The text's deployment: alternating placement, largest to smallest Size, within the
    /// deployment depth of the own starting edge, where the placement rule says (default).
    Alternating(Placement),
    /// The project's old fixed starts (kept so old reports reproduce): every ship half the
    /// deployment depth from its edge, a fleet spread evenly across the width in fleet order,
    /// side B at the same `y` as side A (a line mirror).
    EdgeLine,
}

/// Where a player places each ship inside the deployment zone (`scenario.placement`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// At the front of the zone (the deployment depth from the edge); the largest ship on the
    /// centre line, each next one a step further out, alternately to the player's left and
    /// right (default): a compact line that meets the enemy together.
    CentreOut,
    /// At the front of the zone, spread evenly across the width in placement order, from the
    /// player's left to their right.
    Spread,
}

impl Deployment {
    /// Config names of `scenario.deployment`.
    pub const NAMES: [&'static str; 2] = ["alternating", "edge-line"];

    /// The default: the text's alternating placement, centre-out.
    pub const DEFAULT: Deployment = Deployment::Alternating(Placement::CentreOut);
}

impl Placement {
    /// Config names of `scenario.placement`.
    pub const NAMES: [&'static str; 2] = ["centre-out", "spread"];

    /// Parse a config name.
    pub fn from_name(name: &str) -> Option<Placement> {
        match name {
            "centre-out" => Some(Placement::CentreOut),
            "spread" => Some(Placement::Spread),
            _ => None,
        }
    }
}

/// The order in which a player places a fleet: largest to smallest Size; equal Sizes keep the
/// fleet's order. Returns fleet indices.
pub fn placement_order(sizes: &[u8]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    // A stable sort keeps the fleet's order among equal Sizes.
    order.sort_by(|&a, &b| sizes[b].cmp(&sizes[a]));
    order
}

/// Side-local placement of the `k`-th ship placed out of `n`: distance from the own edge and
/// lateral offset from the centre line, positive to the player's left.
fn local_spot(placement: Placement, k: usize, n: usize, board: Board, depth: f64) -> (f64, f64) {
    let step = board.width / (n as f64 + 1.0);
    let lateral = match placement {
        Placement::CentreOut => {
            // 0, +1, −1, +2, −2, ... steps.
            let ring = k.div_ceil(2) as f64;
            if k % 2 == 1 {
                ring * step
            } else {
                -ring * step
            }
        }
        Placement::Spread => board.width / 2.0 - step * (k as f64 + 1.0),
    };
    (depth, lateral)
}

/// Where each ship of one side starts, in fleet order: position and facing. Side A's edge is
/// `x = 0` (it faces +x, its left is +y); side B's is `x = length`, placed as A's would be,
/// turned 180° about the table's centre.
pub fn deploy(
    deployment: Deployment,
    side: Side,
    sizes: &[u8],
    board: Board,
    depth: f64,
) -> Vec<(Vec2, Vec2)> {
    let n = sizes.len();
    let mut out = vec![(Vec2::default(), Vec2::default()); n];
    match deployment {
        Deployment::EdgeLine => {
            for (idx, slot) in out.iter_mut().enumerate() {
                let x = match side {
                    Side::A => depth / 2.0,
                    Side::B => board.length - depth / 2.0,
                };
                let facing = Vec2::new(if side == Side::A { 1.0 } else { -1.0 }, 0.0);
                *slot = (
                    Vec2::new(x, board.width * (idx as f64 + 1.0) / (n as f64 + 1.0)),
                    facing,
                );
            }
        }
        Deployment::Alternating(placement) => {
            for (k, idx) in placement_order(sizes).into_iter().enumerate() {
                let (d, lateral) = local_spot(placement, k, n, board, depth);
                let a = Vec2::new(d, board.width / 2.0 + lateral);
                out[idx] = match side {
                    Side::A => (a, Vec2::new(1.0, 0.0)),
                    Side::B => (
                        Vec2::new(board.length - a.x, board.width - a.y),
                        Vec2::new(-1.0, 0.0),
                    ),
                };
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: Board = Board {
        length: 54.0,
        width: 30.0,
    };

    #[test]
    fn largest_to_smallest_keeps_fleet_order_among_equals() {
        assert_eq!(placement_order(&[2, 4, 3, 4, 1]), vec![1, 3, 2, 0, 4]);
    }

    /// The same fleet with the same placement rule starts as an exact point mirror on both
    /// sides, within 8 of each side's own edge (ch. 9 deployment).
    #[test]
    fn same_fleet_same_rule_is_an_exact_mirror_image() {
        for placement in [Placement::CentreOut, Placement::Spread] {
            for sizes in [
                &[4u8, 3, 2][..],
                &[5, 5, 3, 2, 2, 1],
                &[6],
                &[1, 2, 3, 4, 5, 6, 6],
            ] {
                let d = Deployment::Alternating(placement);
                let a = deploy(d, Side::A, sizes, BOARD, 8.0);
                let b = deploy(d, Side::B, sizes, BOARD, 8.0);
                for ((pa, fa), (pb, fb)) in a.iter().zip(&b) {
                    assert_eq!(*pb, Vec2::new(BOARD.length - pa.x, BOARD.width - pa.y));
                    assert_eq!(*fb, *fa * -1.0);
                    assert!(pa.x <= 8.0 && BOARD.length - pb.x <= 8.0);
                    assert!(pa.y > 0.0 && pa.y < BOARD.width, "{placement:?} {sizes:?}");
                }
                // No two ships of a side share a spot.
                for (k, (p, _)) in a.iter().enumerate() {
                    assert!(a[..k].iter().all(|(q, _)| q != p));
                }
            }
        }
    }

    #[test]
    fn centre_out_puts_the_largest_ship_on_the_centre_line() {
        let a = deploy(Deployment::DEFAULT, Side::A, &[2, 4, 3], BOARD, 8.0);
        assert_eq!(a[1].0, Vec2::new(8.0, 15.0));
        assert_eq!(a[2].0, Vec2::new(8.0, 22.5));
        assert_eq!(a[0].0, Vec2::new(8.0, 7.5));
    }

    /// The old fixed starts stay exactly as they were (old reports reproduce).
    #[test]
    fn edge_line_is_the_old_fixed_start() {
        let b = deploy(Deployment::EdgeLine, Side::B, &[4, 3, 2], BOARD, 8.0);
        assert_eq!(b[0].0, Vec2::new(50.0, 7.5));
        assert_eq!(b[2].0, Vec2::new(50.0, 22.5));
        assert_eq!(b[1].1, Vec2::new(-1.0, 0.0));
    }
}
