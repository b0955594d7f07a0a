//! The EW split (D17 3, §4): shroud, amplification, ECM.

use super::super::ew::EwAllocation;
use super::Policy;

/// The EW split (D17 3, §4.1–4.2): shroud points enough to lock the target at its predicted
/// range plus the policy's margin (10 hexes a point); the rest as the policy's [`EwSplit`] says
/// (`Even`: half to amplification, the odd point, and half to ECM; `Screen`: all to ECM). When
/// every point in the shroud would still not reach the predicted
/// range ([`shroud_reaches`]), none goes to it — nor to amplification, which acts only inside
/// the shroud (§4.2) — and all go to ECM (§4.3), the one use left.
#[inline]
pub fn ew_split(policy: &Policy, points: i32, predicted_range: i32) -> EwAllocation {
    let e = ew_split_even(policy, points, predicted_range);
    match policy.ew {
        EwSplit::Even => e,
        EwSplit::Screen => screen(e),
    }
}

/// How a policy shares its EW points after the shroud (D17 3, §4.1–4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EwSplit {
    /// Half to amplification (the odd point), half to ECM ([`ew_split`]).
    Even,
    /// All to ECM ([`screen`]): the ship makes itself hard to hit rather than hit harder.
    Screen,
}

/// An [`EwSplit::Screen`] split from the even one: the shroud kept, the amplification moved to
/// ECM (§4.2: −1 to hit per point against most weapons aimed at the ship).
pub const fn screen(even: EwAllocation) -> EwAllocation {
    EwAllocation {
        amplification: 0,
        ecm: even.ecm + even.amplification,
        ..even
    }
}

/// [`ew_split`]'s even split (every preset's but `ew-support`).
fn ew_split_even(policy: &Policy, points: i32, predicted_range: i32) -> EwAllocation {
    let points = points.clamp(0, 255);
    if !shroud_reaches(points, predicted_range) {
        return EwAllocation {
            ecm: points as u8,
            ..EwAllocation::default()
        };
    }
    let need = (predicted_range + policy.shroud_margin + 9)
        .div_euclid(10)
        .max(1);
    let shroud = need.min(points);
    let rest = points - shroud;
    EwAllocation {
        shroud: shroud as u8,
        amplification: (rest - rest / 2) as u8,
        ecm: (rest / 2) as u8,
        reserved: 0,
    }
}

/// Whether a shroud of all `points` (10 hexes each, §4.1) reaches a target at
/// `predicted_range`: a player spends nothing on a shroud that cannot lock the target (before
/// session 23 the split put every point into one, for no lock and no amplification).
pub const fn shroud_reaches(points: i32, predicted_range: i32) -> bool {
    10 * points >= predicted_range
}

#[cfg(test)]
mod tests {
    use super::*;

    /// EW: a target 13 hexes out with margin 2 needs 2 shroud points; 7 points leave 5: 3
    /// amplification, 2 ECM. Too few points for the margin but enough for the range (2 points,
    /// 20 hexes, against 19 + 2): all to the shroud; too few for the range itself: all to ECM
    /// (`no_ew_on_a_shroud_that_cannot_reach`).
    #[test]
    fn ew_split_locks_first() {
        let p = Policy::preset("closing-gunline").unwrap();
        let e = ew_split(&p, 7, 13);
        assert_eq!((e.shroud, e.amplification, e.ecm), (2, 3, 2));
        let e = ew_split(&p, 2, 19);
        assert_eq!((e.shroud, e.amplification, e.ecm), (2, 0, 0));
        let e = ew_split(&p, 1, 13);
        assert_eq!((e.shroud, e.amplification, e.ecm), (0, 0, 1));
    }

    /// No EW on a shroud that cannot reach: 2 points (20 hexes) against a target predicted at
    /// 25 go all to ECM; at 20 the shroud reaches and the split is the usual one.
    #[test]
    fn no_ew_on_a_shroud_that_cannot_reach() {
        let p = Policy::preset("closing-gunline").unwrap();
        assert!(!shroud_reaches(2, 25));
        assert!(shroud_reaches(2, 20));
        let e = ew_split(&p, 2, 25);
        assert_eq!((e.shroud, e.amplification, e.ecm), (0, 0, 2));
        let e = ew_split(&p, 2, 20);
        assert_eq!((e.shroud, e.amplification, e.ecm), (2, 0, 0));
        let e = ew_split(&p, 0, 5);
        assert_eq!(e.total(), 0);
    }

    /// EW support screens: the lock kept, the rest all ECM (7 points at 13 hexes: 2 shroud, 5
    /// ECM where the even split gives 3 amplification and 2 ECM); no shroud that cannot reach.
    #[test]
    fn ew_support_puts_the_rest_into_ecm() {
        let p = Policy::preset("ew-support").unwrap();
        let e = ew_split(&p, 7, 13);
        assert_eq!((e.shroud, e.amplification, e.ecm), (2, 0, 5));
        let e = ew_split(&p, 2, 25);
        assert_eq!((e.shroud, e.amplification, e.ecm), (0, 0, 2));
    }
}
