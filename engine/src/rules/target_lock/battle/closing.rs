//! Movement that closes (presets `closing`, `closing-seekers`): the burn a competent player
//! makes on a vector map — brake so as to arrive at the range the weapons want, match the
//! enemy's velocity and keep the enemy in range.
//!
//! The seed has no movement rules (G6); under the house rule's vector model a Move shifts the
//! destination counter up to the ship's thrust in hexes, and Drift carries the ship counter
//! onto it and the vector on. A burn is judged by where it leaves the pair after the next
//! Drift and after braking:
//! * `R` = own new destination − the target's destination (the relative position after this
//!   turn's Drift, the target assumed to burn no more this turn), `W` = own new velocity − the
//!   target's velocity (the relative velocity);
//! * **braking accounted for**: from relative speed `w = |W|` and braking `a` hexes a turn (the
//!   ship's thrust, one Move a turn) the pair drifts on `w − a`, `w − 2a`, … hexes along `W`
//!   in the next turns, until the velocities match;
//! * cost = 2 × the range error summed over the [`HORIZON`] turns of that track and its stop
//!   (|range − wanted|, plus 2 per hex beyond the longest reach) + the burn's hexes (fuel;
//!   each hex priced by [`fuel_price`] when the policy rations fuel, presets `closing-v2`,
//!   `closing-seekers-v2`).
//!
//! The wanted range is the design's kept range (`Matchup::keep`). The candidates are the
//! "arrive" shift (the relative velocity that reaches the wanted range and can still brake
//! there, [`approach_speed`]) and its six neighbours within the thrust; ties go to the
//! battle's dice.

use crate::dice::Roller;

use super::super::hex::Hex;

/// What a ship knows when it plans a burn: own counters, the target's counters, and its
/// drive and weapons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Own ship counter.
    pub ship: Hex,
    /// Own destination counter.
    pub dest: Hex,
    /// The target's ship counter.
    pub target_ship: Hex,
    /// The target's destination counter.
    pub target_dest: Hex,
    /// Hexes this Move may shift the destination (thrust, limited by burns left).
    pub thrust: i32,
    /// Hexes of braking a turn in the prediction (the ship's thrust).
    pub brake: i32,
    /// The range the ship's weapons want.
    pub keep: i32,
    /// The longest reach of its weapons.
    pub reach: i32,
    /// Price of one hex burned, in cost units (1: fuel is cheap; [`fuel_price`] when rationed).
    pub fuel: i32,
}

/// The chosen burn: the destination shift and how much it improves on not burning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Burn {
    /// Shift of the destination counter (length at most the thrust; zero for none).
    pub shift: Hex,
    /// Cost of not burning minus the cost of this burn (0 when not burning is best).
    pub gain: i32,
}

/// `v · num / den` rounded half away from zero per axial coordinate (so a mirrored vector
/// scales to the mirrored result).
fn scale(v: Hex, num: i32, den: i32) -> Hex {
    let f = |x: i32| {
        let n = 2 * x * num;
        let d = 2 * den;
        if n >= 0 {
            (n + den) / d
        } else {
            -((-n + den) / d)
        }
    };
    Hex::new(f(v.q), f(v.r))
}

/// Turns of the predicted track a burn is judged on, besides the stop.
pub const HORIZON: i32 = 3;

/// The cost of leaving the destination counter at `dest` (see the module text).
pub fn cost(p: &Plan, dest: Hex) -> i32 {
    let at = dest.sub(p.target_dest);
    let w = dest.sub(p.ship).sub(p.target_dest.sub(p.target_ship));
    2 * track_error(p, at, w) + p.fuel * dest.sub(p.dest).length()
}

/// The range error summed over the predicted track (module text) from relative position `at`
/// and relative velocity `w`. The drift is the same from one point of the track to the next
/// while braking has matched the velocities, so a point's error is found once and counted
/// again; a drift of the whole speed is `w` itself (no scaling).
fn track_error(p: &Plan, at: Hex, w: Hex) -> i32 {
    let speed = w.length();
    let band = |r: i32| (r - p.keep).abs() + 2 * (r - p.reach).max(0);
    let here = band(at.length());
    let mut last = (0, here);
    let mut point = |drift: i32| {
        if drift != last.0 {
            let off = if drift == speed {
                w
            } else {
                scale(w, drift, speed)
            };
            last = (drift, band(at.add(off).length()));
        }
        last.1
    };
    let mut error = here;
    // Each later turn: one more braking step; the pair drifts the speed left along `w`.
    let a = p.brake.max(0);
    let mut drift = 0;
    let mut left = speed;
    for _ in 1..HORIZON {
        left -= a;
        drift += if a == 0 { speed } else { left.max(0) };
        error += point(drift);
    }
    // The stop: where braking matches the velocities (no brakes: four more turns' drift).
    let stop = if a == 0 {
        drift + 4 * speed
    } else {
        drift + braking_tail(left, a)
    };
    error + point(stop)
}

/// The price of a hex burned when fuel is rationed (policy `ration_fuel`): twice the tanks'
/// capacity over the burns left, rounded up — 2 with full tanks, 4 at half, 8 at a quarter,
/// 48 with one burn of 24 left. A burn must then save that many cost units (hex-turns of
/// range error, doubled) per hex, so small corrections wait and the last burns are kept for
/// matching a fleeing enemy's vector.
pub fn fuel_price(capacity: i32, left: i32) -> i32 {
    let left = left.max(1);
    (2 * capacity.max(1) + left - 1) / left
}

/// The drift still to come while braking `a` a turn from `left` hexes a turn:
/// `(left − a) + (left − 2a) + …` over the positive terms.
fn braking_tail(left: i32, a: i32) -> i32 {
    if left <= a {
        return 0;
    }
    let n = (left - 1) / a;
    n * left - a * n * (n + 1) / 2
}

/// The largest relative speed from which braking `a` hexes a turn still stops within `x`
/// hexes: the drift `(v − a) + (v − 2a) + …` is at most `x` (capped at 30).
///
/// The drift grows with `v`, so the answer is found by halving the range `0..=30`.
pub fn approach_speed(x: i32, a: i32) -> i32 {
    if a <= 0 {
        return 0;
    }
    // Invariant: `lo` stops within `x` (or is 0), every speed above `hi` does not.
    let (mut lo, mut hi) = (0, 30);
    while lo < hi {
        let mid = (lo + hi + 1) / 2;
        if braking_tail(mid, a) > x {
            hi = mid - 1;
        } else {
            lo = mid;
        }
    }
    lo
}

/// The "arrive" burn: the shift that turns the relative velocity into the one that reaches
/// the wanted range and can still brake there — toward the target at up to
/// [`approach_speed`] when too far, away when too close, none across — no longer than `t`.
fn arrive(p: &Plan, t: i32) -> Hex {
    let at = p.dest.sub(p.target_dest);
    let w = p.dest.sub(p.ship).sub(p.target_dest.sub(p.target_ship));
    let range = at.length();
    let error = range - p.keep;
    let want = if range == 0 {
        Hex::default()
    } else {
        let v = approach_speed(error.abs(), p.brake);
        scale(at, if error > 0 { -v } else { v }, range)
    };
    let u = want.sub(w);
    let n = u.length();
    if n > t { scale(u, t, n) } else { u }
}

/// The best burn for `p`: the "arrive" shift ([`arrive`]) and its six neighbours within the
/// thrust, the lowest [`cost`]; equal costs go to the battle's dice. A shift is taken only
/// when it beats not burning.
///
/// A candidate whose fuel and error now alone (a lower bound of its cost: the track's later
/// errors are never negative) exceed the best cost so far can be neither the best nor tied
/// with it: its track is not predicted.
pub fn best_burn<R: Roller>(p: &Plan, dice: &mut R) -> Burn {
    let none = Burn {
        shift: Hex::default(),
        gain: 0,
    };
    let t = p.thrust.max(0);
    if t == 0 {
        return none;
    }
    // Not burning, and what every shift adds to the relative position and velocity.
    let at = p.dest.sub(p.target_dest);
    let w = p.dest.sub(p.ship).sub(p.target_dest.sub(p.target_ship));
    let stay = 2 * track_error(p, at, w);
    let band = |r: i32| (r - p.keep).abs() + 2 * (r - p.reach).max(0);
    let guess = arrive(p, t);
    let mut shifts = [Hex::default(); 7];
    let mut costs = [0i32; 7];
    let mut n = 0;
    let mut best = stay;
    for k in 0..7 {
        let shift = if k == 0 {
            guess
        } else {
            guess.add(super::super::hex::DIRECTIONS[k - 1])
        };
        let len = shift.length();
        if len == 0 || len > t {
            continue;
        }
        let now = at.add(shift);
        let fuel = p.fuel * len;
        if fuel + 2 * band(now.length()) > best {
            continue;
        }
        let c = 2 * track_error(p, now, w.add(shift)) + fuel;
        shifts[n] = shift;
        costs[n] = c;
        n += 1;
        best = best.min(c);
    }
    if best >= stay {
        return none;
    }
    let ties = costs[..n].iter().filter(|&&c| c == best).count() as u32;
    let pick = if ties > 1 {
        dice.below(ties) as usize
    } else {
        0
    };
    let k = (0..n).filter(|&k| costs[k] == best).nth(pick).unwrap_or(0);
    Burn {
        shift: shifts[k],
        gain: stay - best,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Dice;

    fn plan(ship: Hex, dest: Hex, target: Hex, target_dest: Hex) -> Plan {
        Plan {
            ship,
            dest,
            target_ship: target,
            target_dest,
            thrust: 2,
            brake: 2,
            keep: 2,
            reach: 14,
            fuel: 1,
        }
    }

    /// The first implementation, kept as the specification of [`cost`], [`approach_speed`]
    /// and [`best_burn`]: every candidate's whole track predicted, the approach speed found
    /// by counting up.
    mod walked {
        use super::super::{HORIZON, Plan, braking_tail, scale};
        use super::*;

        pub fn cost(p: &Plan, dest: Hex) -> i32 {
            let at = dest.sub(p.target_dest);
            let w = dest.sub(p.ship).sub(p.target_dest.sub(p.target_ship));
            let speed = w.length();
            let band = |r: i32| (r - p.keep).abs() + 2 * (r - p.reach).max(0);
            let along = |drift: i32| {
                if drift == 0 {
                    at
                } else {
                    at.add(scale(w, drift, speed))
                }
            };
            let mut error = band(at.length());
            let a = p.brake.max(0);
            let mut drift = 0;
            let mut left = speed;
            for _ in 1..HORIZON {
                left -= a;
                drift += if a == 0 { speed } else { left.max(0) };
                error += band(along(drift).length());
            }
            let stop = if a == 0 {
                drift + 4 * speed
            } else {
                drift + braking_tail(left, a)
            };
            error += band(along(stop).length());
            2 * error + p.fuel * dest.sub(p.dest).length()
        }

        pub fn approach_speed(x: i32, a: i32) -> i32 {
            if a <= 0 {
                return 0;
            }
            let mut v = 0;
            while v < 30 {
                let next = v + 1;
                if braking_tail(next, a) > x {
                    break;
                }
                v = next;
            }
            v
        }

        fn arrive(p: &Plan, t: i32) -> Hex {
            let at = p.dest.sub(p.target_dest);
            let w = p.dest.sub(p.ship).sub(p.target_dest.sub(p.target_ship));
            let range = at.length();
            let error = range - p.keep;
            let want = if range == 0 {
                Hex::default()
            } else {
                let v = approach_speed(error.abs(), p.brake);
                scale(at, if error > 0 { -v } else { v }, range)
            };
            let u = want.sub(w);
            let n = u.length();
            if n > t { scale(u, t, n) } else { u }
        }

        pub fn best_burn<R: Roller>(p: &Plan, dice: &mut R) -> Burn {
            let none = Burn {
                shift: Hex::default(),
                gain: 0,
            };
            let t = p.thrust.max(0);
            if t == 0 {
                return none;
            }
            let stay = cost(p, p.dest);
            let guess = arrive(p, t);
            let mut shifts = [Hex::default(); 7];
            let mut costs = [0i32; 7];
            let mut n = 0;
            let mut best = stay;
            for k in 0..7 {
                let shift = if k == 0 {
                    guess
                } else {
                    guess.add(crate::rules::target_lock::hex::DIRECTIONS[k - 1])
                };
                let len = shift.length();
                if len == 0 || len > t {
                    continue;
                }
                let c = cost(p, p.dest.add(shift));
                shifts[n] = shift;
                costs[n] = c;
                n += 1;
                best = best.min(c);
            }
            if best >= stay {
                return none;
            }
            let ties = costs[..n].iter().filter(|&&c| c == best).count() as u32;
            let pick = if ties > 1 {
                dice.below(ties) as usize
            } else {
                0
            };
            let k = (0..n).filter(|&k| costs[k] == best).nth(pick).unwrap_or(0);
            Burn {
                shift: shifts[k],
                gain: stay - best,
            }
        }
    }

    /// A random situation: counters within 30 hexes, vectors up to 12, thrust and braking
    /// 0–4, any kept range and reach, fuel from cheap to the last burn's price; one in four
    /// near the wanted range and matched (where costs tie most).
    fn random_plan(g: &mut Dice) -> Plan {
        let mut int = |lo: i32, hi: i32| lo + g.below((hi - lo + 1) as u32) as i32;
        let close = int(0, 3) == 0;
        let (span, speed) = if close { (4, 2) } else { (30, 12) };
        let ship = Hex::new(int(-span, span), int(-span, span));
        let dest = ship.add(Hex::new(int(-speed, speed), int(-speed, speed)));
        let target_ship = Hex::new(int(-span, span), int(-span, span));
        let target_dest = target_ship.add(Hex::new(int(-speed, speed), int(-speed, speed)));
        let brake = int(0, 4);
        let keep = int(0, 14);
        Plan {
            ship,
            dest,
            target_ship,
            target_dest,
            thrust: int(0, brake.max(1)),
            brake,
            keep,
            reach: keep + int(0, 8),
            fuel: [1, 2, 3, 4, 8, 12, 24, 48][int(0, 7) as usize],
        }
    }

    /// The fast planner against the walked one over 200,000 random situations: the same cost
    /// for every shift within 3 hexes, the same burn, and the same dice drawn (the next draws
    /// of the two streams agree); ties on the dice and burns both occur often.
    #[test]
    fn same_burn_as_the_walked_planner() {
        let mut g = Dice::for_battle(2002, 21, 0);
        let (mut ties, mut burns) = (0u32, 0u32);
        for k in 0..200_000u64 {
            let p = random_plan(&mut g);
            for q in -3..=3 {
                for r in -3..=3 {
                    let dest = p.dest.add(Hex::new(q, r));
                    assert_eq!(cost(&p, dest), walked::cost(&p, dest), "{p:?} {dest:?}");
                }
            }
            let mut fast = Dice::for_battle(7, 8, k);
            let mut slow = fast.clone();
            let b = best_burn(&p, &mut fast);
            assert_eq!(b, walked::best_burn(&p, &mut slow), "{p:?}");
            let (x, y) = (fast.below(1 << 30), slow.below(1 << 30));
            assert_eq!(x, y, "dice drawn differ: {p:?}");
            ties += u32::from(x != Dice::for_battle(7, 8, k).below(1 << 30));
            burns += u32::from(b.gain > 0);
        }
        assert!(ties > 1_000, "ties on the dice: {ties}");
        assert!(burns > 50_000, "burns: {burns}");
    }

    /// The halving search gives the counting one's speed for every distance and braking.
    #[test]
    fn approach_speed_as_counted() {
        for a in -1..=6 {
            for x in 0..=500 {
                assert_eq!(
                    approach_speed(x, a),
                    walked::approach_speed(x, a),
                    "{x} {a}"
                );
            }
        }
    }

    #[test]
    fn approach_speed_can_still_brake() {
        // Braking 2 a turn from 8: 6 + 4 + 2 = 12 hexes; from 9: 7 + 5 + 3 + 1 = 16.
        assert_eq!(approach_speed(12, 2), 8);
        assert_eq!(approach_speed(15, 2), 8);
        assert_eq!(approach_speed(16, 2), 9);
        assert_eq!(approach_speed(0, 2), 2);
        assert_eq!(approach_speed(5, 0), 0);
    }

    #[test]
    fn scaling_is_mirror_symmetric() {
        let v = Hex::new(3, -1);
        assert_eq!(scale(v, 2, 3), Hex::new(2, -1));
        assert_eq!(scale(v.neg(), 2, 3), Hex::new(2, -1).neg());
    }

    /// From rest 16 hexes away, a ship wanting range 2 burns toward the target.
    #[test]
    fn from_rest_it_closes() {
        let mut dice = Dice::for_battle(1, 2, 3);
        let p = plan(
            Hex::new(0, 0),
            Hex::new(0, 0),
            Hex::new(16, 0),
            Hex::new(16, 0),
        );
        let b = best_burn(&p, &mut dice);
        assert!(b.gain > 0);
        assert_eq!(b.shift, Hex::new(2, 0));
    }

    /// Closing at 8 hexes a turn 12 hexes away, wanting range 2: the ship brakes (a burn
    /// against its vector) rather than overshoot through the target.
    #[test]
    fn closing_fast_it_brakes() {
        let mut dice = Dice::for_battle(1, 2, 3);
        let p = plan(
            Hex::new(0, 0),
            Hex::new(8, 0),
            Hex::new(12, 0),
            Hex::new(12, 0),
        );
        // Not burning: ranges 4, 2, 6 over the horizon, 8 at the stop (through the target
        // and out).
        assert_eq!(cost(&p, p.dest), 2 * [2, 0, 4, 6].iter().sum::<i32>());
        let b = best_burn(&p, &mut dice);
        assert!(b.gain > 0);
        assert!(b.shift.q < 0, "{b:?}");
    }

    /// Matched velocities at the wanted range: no burn.
    #[test]
    fn at_range_and_matched_it_coasts() {
        let mut dice = Dice::for_battle(1, 2, 3);
        let p = plan(
            Hex::new(0, 0),
            Hex::new(1, 0),
            Hex::new(2, 0),
            Hex::new(3, 0),
        );
        assert_eq!(best_burn(&p, &mut dice).gain, 0);
    }

    #[test]
    fn fuel_gets_dearer_as_the_tanks_empty() {
        assert_eq!(fuel_price(24, 24), 2);
        assert_eq!(fuel_price(24, 12), 4);
        assert_eq!(fuel_price(24, 6), 8);
        assert_eq!(fuel_price(24, 5), 10);
        assert_eq!(fuel_price(24, 1), 48);
        assert_eq!(fuel_price(24, 0), 48);
    }

    /// A dear burn is not worth a small correction: at range 3 wanting 2, matched, the ship
    /// closes one hex with cheap fuel but coasts with its last burns.
    #[test]
    fn rationed_fuel_skips_small_corrections() {
        let mut dice = Dice::for_battle(1, 2, 3);
        let cheap = plan(
            Hex::new(0, 0),
            Hex::new(0, 0),
            Hex::new(3, 0),
            Hex::new(3, 0),
        );
        assert!(best_burn(&cheap, &mut dice).gain > 0);
        let dear = Plan {
            fuel: fuel_price(24, 2),
            ..cheap
        };
        assert_eq!(best_burn(&dear, &mut dice).gain, 0);
    }

    /// Side B's problem is side A's reflected: the same cost for the reflected burn.
    #[test]
    fn mirror_images_cost_the_same() {
        let p = plan(
            Hex::new(0, 0),
            Hex::new(3, -1),
            Hex::new(12, 2),
            Hex::new(10, 3),
        );
        let n = |h: Hex| h.neg();
        let m = Plan {
            ship: n(p.ship),
            dest: n(p.dest),
            target_ship: n(p.target_ship),
            target_dest: n(p.target_dest),
            ..p
        };
        for q in -2..=2 {
            for r in -2..=2 {
                let s = Hex::new(q, r);
                assert_eq!(cost(&p, p.dest.add(s)), cost(&m, m.dest.add(n(s))));
            }
        }
    }
}
