//! Vectors (§5.4.1, D6.1): a velocity is a hex displacement per turn; thrust of `n` hexes in a
//! direction adds `n` unit steps (the book's Target A / Target B construction); the speed is
//! the sum of the two component speeds of the book-keeping notation `d+n,d'+n'`, which is the
//! vector's hex length.

use super::super::geometry::Facing;
use crate::hex::Hex;

/// A vector in the book's notation: up to two `(facing, speed)` components, the larger first
/// (§5.4.1: "never more complicated than two directions and two speeds").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Notation {
    /// The main component.
    pub a: (Facing, i32),
    /// The second component (speed 0 if the vector lies along one facing).
    pub b: (Facing, i32),
}

/// The book-keeping notation of a velocity.
pub fn notation(v: Hex) -> Notation {
    let (da, na, db, nb) = v.components();
    let facing = |dir: i32| Facing::new(1 - dir);
    Notation {
        a: (facing(da), na),
        b: (facing(db), nb),
    }
}

/// The velocity written `f+n` (one component).
pub fn along(facing: Facing, speed: i32) -> Hex {
    facing.unit().scale(speed)
}

/// Speed: the sum of the notation's component speeds = the hex length (§5.4.1).
#[inline]
pub const fn speed(v: Hex) -> i32 {
    v.length()
}

/// The new velocity after `hexes` of thrust along `facing` (negative: the opposite way)
/// (§5.4.1 Target A → Target B).
#[inline]
pub const fn thrust(v: Hex, facing: Facing, hexes: i32) -> Hex {
    v.add(facing.unit().scale(hexes))
}

/// Where a ship ends its move: its position plus its (new) velocity (§5.4.1).
#[inline]
pub const fn destination(pos: Hex, v: Hex) -> Hex {
    pos.add(v)
}

/// A non-inertial turn (§5.8.1): the vector turns by the same facings as the pivot (positive:
/// clockwise) with no Target A / Target B step.
#[inline]
pub const fn non_inertial_turn(v: Hex, facings_cw: i32) -> Hex {
    v.rotate_ccw(-facings_cw)
}

/// The extra acceleration-thruster thrust a non-inertial turn costs (§5.8.1): half the cost of
/// one hex of acceleration, rounded up (spent without gaining speed).
#[inline]
pub const fn non_inertial_turn_cost(accel_cost: i32) -> i32 {
    (accel_cost + 1) / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §5.4.1 example: speed 5 moves five hexes forward.
    #[test]
    fn example_5_4_1_speed_five_moves_five_hexes() {
        let f = Facing::new(1);
        let v = thrust(Hex::default(), f, 5);
        assert_eq!(speed(v), 5);
        assert_eq!(
            destination(Hex::new(2, 2), v),
            Hex::new(2, 2).add(f.unit().scale(5))
        );
        // Thrust on the forward thrusters from a standstill moves the ship in reverse.
        assert_eq!(thrust(Hex::default(), f, -2), along(f.reversed(), 2));
    }

    /// §5.4.1 example: a ship on vector 2+4 turns two facings counter-clockwise (to facing 6)
    /// and accelerates 3: new vector 1+3,2+1 (or 2+1,1+3), speed 4.
    #[test]
    fn example_5_4_1_vector_2_plus_4_becomes_1_plus_3_2_plus_1() {
        let v = along(Facing::new(2), 4);
        let facing = Facing::new(2).turned(-2);
        assert_eq!(facing, Facing::new(6));
        let w = thrust(v, facing, 3);
        assert_eq!(w, along(Facing::new(1), 3).add(along(Facing::new(2), 1)));
        let n = notation(w);
        assert_eq!(
            n,
            Notation {
                a: (Facing::new(1), 3),
                b: (Facing::new(2), 1)
            }
        );
        assert_eq!(speed(w), 4);
        assert_eq!(n.a.1 + n.b.1, 4);
        // Without the acceleration it just arrives four hexes away along 2.
        assert_eq!(destination(Hex::default(), v).length(), 4);
    }

    /// §5.2.2.5 example (optional mid-step acceleration, vector part): vector 1+3,2+1, facing
    /// 6, accelerates 2 along facing 6 → new vector 1+4,6+1, speed 5.
    #[test]
    fn example_5_2_2_5_mid_step_new_vector() {
        let v = along(Facing::new(1), 3).add(along(Facing::new(2), 1));
        let w = thrust(v, Facing::new(6), 2);
        assert_eq!(
            notation(w),
            Notation {
                a: (Facing::new(1), 4),
                b: (Facing::new(6), 1)
            }
        );
        assert_eq!(speed(w), 5);
    }

    /// §5.8.1 example: vector 1+4 turning one facing to starboard becomes 2+4.
    #[test]
    fn example_5_8_1_non_inertial_turn() {
        let v = along(Facing::new(1), 4);
        assert_eq!(non_inertial_turn(v, 1), along(Facing::new(2), 4));
        assert_eq!(non_inertial_turn_cost(3), 2);
        assert_eq!(non_inertial_turn_cost(2), 1);
    }

    #[test]
    fn notation_round_trips() {
        for q in -5..=5 {
            for r in -5..=5 {
                let v = Hex::new(q, r);
                let n = notation(v);
                assert_eq!(along(n.a.0, n.a.1).add(along(n.b.0, n.b.1)), v);
                assert_eq!(n.a.1 + n.b.1, speed(v));
            }
        }
    }
}
