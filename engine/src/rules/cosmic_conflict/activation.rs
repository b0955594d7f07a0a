//! The Ship Activation order by Size, with passing. Cosmic Conflict ch. 5 "Ship Activation
//! Phase", Steps 1–4 ("Repeat Step 4" is read as "repeat Step 3", G30).
//!
//! Ascending sweep: at each Size below the largest, players alternate activating one ship of
//! that Size or passing; a player who passes (or has none left) activates no more of that Size
//! now. At the largest Size nobody may pass. Descending sweep: from one Size below the largest
//! down, players alternate activating the ships that were passed over.

use crate::outcome::Side;

/// What the activation algorithm needs from a battle.
pub trait ActivationDriver {
    /// Side that starts every alternation (G15).
    fn first_player(&self) -> Side;
    /// Number of units.
    fn unit_count(&self) -> usize;
    /// Side and activation Size of unit `i`, or `None` if it cannot activate (destroyed, fled).
    fn unit(&self, i: usize) -> Option<(Side, u8)>;
    /// Whether `side` passes at `size` now (only asked when it has a ship of that Size left).
    fn wants_to_pass(&mut self, side: Side, size: u8) -> bool;
    /// Which of `side`'s unactivated units of `size` to activate (`candidates` is a bit mask of
    /// unit indices; return one of them).
    fn pick(&mut self, side: Side, size: u8, candidates: u64) -> usize;
    /// Carry out one activation.
    fn activate(&mut self, i: usize);
    /// Whether the battle is already decided (the phase stops early).
    fn decided(&self) -> bool;
}

/// Units by side and Size at the start of the phase (bit masks), so each step looks only at
/// the few candidates instead of every unit.
struct Roster {
    by: [[u64; 8]; 2],
}

impl Roster {
    fn new<D: ActivationDriver>(d: &D) -> Self {
        let mut by = [[0u64; 8]; 2];
        for i in 0..d.unit_count() {
            if let Some((side, size)) = d.unit(i) {
                by[side.index()][usize::from(size.min(7))] |= 1 << i;
            }
        }
        Roster { by }
    }

    /// Units of `side` and `size` not yet activated and still able to (a unit destroyed
    /// earlier in the phase drops out).
    fn waiting<D: ActivationDriver>(&self, d: &D, done: u64, side: Side, size: u8) -> u64 {
        let mut mask = self.by[side.index()][usize::from(size.min(7))] & !done;
        let mut rest = mask;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if d.unit(i).is_none() {
                mask &= !(1 << i);
            }
        }
        mask
    }
}

fn activate_one<D: ActivationDriver>(
    d: &mut D,
    done: &mut u64,
    side: Side,
    size: u8,
    candidates: u64,
) {
    let i = d.pick(side, size, candidates);
    debug_assert!(
        candidates & (1 << i) != 0,
        "picked a unit that was not a candidate"
    );
    *done |= 1 << i;
    d.activate(i);
}

/// Alternate activating every waiting unit of `size`, no passing.
#[inline(always)]
fn alternate_all<D: ActivationDriver>(d: &mut D, roster: &Roster, done: &mut u64, size: u8) {
    let mut p = d.first_player();
    loop {
        if d.decided() {
            return;
        }
        let mine = roster.waiting(d, *done, p, size);
        let theirs = roster.waiting(d, *done, p.other(), size);
        if mine == 0 && theirs == 0 {
            return;
        }
        if mine != 0 {
            activate_one(d, done, p, size, mine);
        }
        p = p.other();
    }
}

/// Run one Ship Activation Phase. Unit count is limited to 64.
pub fn run_phase<D: ActivationDriver>(d: &mut D) {
    debug_assert!(d.unit_count() <= 64);
    let roster = Roster::new(d);
    let mut sizes: u16 = 0;
    for size in 0..8 {
        if roster.by[0][size] | roster.by[1][size] != 0 {
            sizes |= 1 << size;
        }
    }
    if sizes == 0 {
        return;
    }
    let largest = 15 - sizes.leading_zeros() as u8;
    let mut done: u64 = 0;
    // Steps 1–2: ascending, with passing below the largest Size.
    for size in 0..largest {
        if sizes & (1 << size) == 0 {
            continue;
        }
        let mut passed = [false; 2];
        let mut p = d.first_player();
        loop {
            if d.decided() {
                return;
            }
            let left_a = roster.waiting(d, done, Side::A, size);
            let left_b = roster.waiting(d, done, Side::B, size);
            if (left_a | left_b) == 0 || (passed[0] && passed[1]) {
                break;
            }
            if !passed[p.index()] {
                let mine = if p == Side::A { left_a } else { left_b };
                if mine == 0 || d.wants_to_pass(p, size) {
                    passed[p.index()] = true;
                } else {
                    activate_one(d, &mut done, p, size, mine);
                }
            }
            p = p.other();
        }
    }
    // Step 2: the largest Size, nobody may pass.
    alternate_all(d, &roster, &mut done, largest);
    // Steps 3–4: descending, the ships that were passed over.
    for size in (0..largest).rev() {
        if sizes & (1 << size) != 0 {
            alternate_all(d, &roster, &mut done, size);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Script {
        units: Vec<(Side, u8)>,
        passes: Vec<(Side, u8)>,
        order: Vec<usize>,
    }

    impl ActivationDriver for Script {
        fn first_player(&self) -> Side {
            Side::A
        }
        fn unit_count(&self) -> usize {
            self.units.len()
        }
        fn unit(&self, i: usize) -> Option<(Side, u8)> {
            Some(self.units[i])
        }
        fn wants_to_pass(&mut self, side: Side, size: u8) -> bool {
            self.passes.contains(&(side, size))
        }
        fn pick(&mut self, _: Side, _: u8, candidates: u64) -> usize {
            candidates.trailing_zeros() as usize
        }
        fn activate(&mut self, i: usize) {
            self.order.push(i);
        }
        fn decided(&self) -> bool {
            false
        }
    }

    /// Digest §3 test vector 15: A has Sizes {1, 1, 3}, B has {1, 2, 3}; A never passes, B
    /// passes at Size 1. Sequence: A1, A2, B2, A3, B3, B1.
    #[test]
    fn worked_example_activation_order_with_passing() {
        let mut s = Script {
            units: vec![
                (Side::A, 1), // 0: A1
                (Side::A, 1), // 1: A2
                (Side::A, 3), // 2: A3
                (Side::B, 1), // 3: B1
                (Side::B, 2), // 4: B2
                (Side::B, 3), // 5: B3
            ],
            passes: vec![(Side::B, 1)],
            order: vec![],
        };
        run_phase(&mut s);
        assert_eq!(s.order, vec![0, 1, 4, 2, 5, 3]);
    }

    #[test]
    fn without_passing_sizes_ascend_and_alternate() {
        let mut s = Script {
            units: vec![
                (Side::A, 2),
                (Side::A, 2),
                (Side::B, 2),
                (Side::B, 4),
                (Side::A, 4),
            ],
            passes: vec![],
            order: vec![],
        };
        run_phase(&mut s);
        assert_eq!(s.order, vec![0, 2, 1, 4, 3]);
    }

    #[test]
    fn both_pass_then_descending_sweep_alternates() {
        let mut s = Script {
            units: vec![(Side::A, 1), (Side::B, 1), (Side::A, 2), (Side::B, 2)],
            passes: vec![(Side::A, 1), (Side::B, 1)],
            order: vec![],
        };
        run_phase(&mut s);
        assert_eq!(s.order, vec![2, 3, 0, 1]);
    }
}
