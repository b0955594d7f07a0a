//! A whole battle with scripted dice, every step checked against the sheet by hand (issue 21:
//! "a scripted-dice whole-battle test"). Two ships of one design duel at range 4 with heavy
//! guns (to-hit 7 out to 5, two boxes a hit), both playing `lock-then-fire` under the default
//! house rules. The sheet's Sequence of Play: 1 Command Points, 2 Initiative, 3 Actions, 4
//! Drift, 5 Gravity, 6 Point Defense Fire, 7 Missile Resolution, 8 Record Keeping.

use super::fixture::{d10, design, duel};
use crate::RuleSystem;
use crate::dice::ScriptedDice;
use crate::observer::Trace;
use crate::outcome::{ShipTally, Side, Verdict};
use crate::rules::target_lock::tables::System;
use crate::rules::target_lock::{DECIDED_ANNIHILATION, TargetLock};

/// The dice in the order the battle rolls them, each with the step of the sheet it serves.
fn script() -> Vec<u8> {
    let mut s = Vec::new();
    // Turn 1. 2 Initiative (G4): A rolls d10 7, B rolls d10 3 (no Flag Bridge: no CP, G3).
    s.extend(d10(7));
    s.extend(d10(3));
    // 3 Actions, A1 (3 actions: three intact (A) boxes, G5). Target Lock at range 4: not
    // automatic ("within 2 + FCS rating hexes", FCS 0); "7 or less on 1d6" with "−1 for
    // every 2 full hexes" → 5 or less. Rolls 6: fails; tries again (the preset's one retry),
    // rolls 4: locked.
    s.extend([6, 4]);
    // Attack: "roll 1d10 per weapon ... equal to or less than the target number" — the heavy
    // gun's line at range 4 is 7, no modifiers (B1 did not thrust): rolls 5, a hit.
    s.extend(d10(5));
    // The hit removes two boxes in track order (G2): boxes 1 and 2, both (A). "If more than
    // one (A) is lost in the same attack, roll on the Core Hit table": 1d6 (inferred) = 3,
    // Power Plant — destroyed (G11: one action less).
    s.push(3);
    // B1 activates with 3 − 2 (A) lost − 1 (Power Plant) = 0 → the minimum 1 action (G5): a
    // lock needs an action and the gun needs the lock (G7), so B1 does nothing. No dice.
    // 4 Drift: nobody moved. 5–7: no gravity, no counters. 8 Record Keeping: locks expire.
    //
    // Turn 2. Initiative: A 2, B 9 → B1 first (does nothing).
    s.extend(d10(2));
    s.extend(d10(9));
    // A1: lock d6 5 (≤ 5, locked); the gun rolls 10: "higher than the target number or a
    // natural 10, you miss".
    s.push(5);
    s.extend(d10(10));
    // Turn 3. Initiative A 5, B 5: a tie, rerolled (G4 `reroll`): A 8, B 1 → A1 first.
    s.extend(d10(5));
    s.extend(d10(5));
    s.extend(d10(8));
    s.extend(d10(1));
    // A1: lock d6 1, gun d10 7 (= 7, a hit): boxes 3 (A) and 4 (plain); one (A): no Core
    // Hit.
    s.push(1);
    s.extend(d10(7));
    // Turn 4. Initiative A 6, B 4. A1: lock d6 2, gun d10 1: a hit; one box is left (box 5),
    // the second box of damage finds none. 8 Record Keeping: B1 has no box left, destroyed;
    // side B has no ships: A wins (G18 `last_side_standing`).
    s.extend(d10(6));
    s.extend(d10(4));
    s.push(2);
    s.extend(d10(1));
    s
}

/// The log the script must produce, line by line.
const LOG: &str = concat!(
    "turn 1\n",
    "  initiative: side A (CP 0/0)\n",
    " A1 activates (3 actions)\n",
    "  target lock on B1 at range 4: failed\n",
    "  target lock on B1 at range 4: locked\n",
    "  fires 1 x heavy-gun at B1 (range 4, TN 7): 1 hits\n",
    "    B1 loses box 1 (A)\n",
    "    B1 loses box 2 (A)\n",
    "    two (A) boxes in one attack: Core Hit\n",
    "    B1 loses power-plant\n",
    " B1 activates (1 actions)\n",
    "turn 2\n",
    "  initiative: side B (CP 0/0)\n",
    " B1 activates (1 actions)\n",
    " A1 activates (3 actions)\n",
    "  target lock on B1 at range 4: locked\n",
    "  fires 1 x heavy-gun at B1 (range 4, TN 7): 0 hits\n",
    "turn 3\n",
    "  initiative: side A (CP 0/0)\n",
    " A1 activates (3 actions)\n",
    "  target lock on B1 at range 4: locked\n",
    "  fires 1 x heavy-gun at B1 (range 4, TN 7): 1 hits\n",
    "    B1 loses box 3 (A)\n",
    "    B1 loses box 4 (o)\n",
    " B1 activates (1 actions)\n",
    "turn 4\n",
    "  initiative: side A (CP 0/0)\n",
    " A1 activates (3 actions)\n",
    "  target lock on B1 at range 4: locked\n",
    "  fires 1 x heavy-gun at B1 (range 4, TN 7): 1 hits\n",
    "    B1 loses box 5 (o)\n",
    " B1 activates (1 actions)\n",
    "  B1 destroyed\n",
    "end after turn 4: side A wins (decided by last_side_standing)\n",
);

#[test]
fn a_scripted_duel_follows_the_sequence_of_play() {
    let d = design("gunboat", "AAAoo", &[(System::PowerPlant, 1)], 0);
    let m = duel(d, 4, "lock-then-fire", 4);
    let mut st = TargetLock::new_state(&m);
    let rolls = script();
    let mut dice = ScriptedDice::new(&rolls);
    let mut log = Trace::default();
    let mut ships = [ShipTally::default(); 2];
    let out = TargetLock::play(&m, &mut st, &mut dice, &mut log, &mut ships);
    assert_eq!(log.log, LOG);
    assert_eq!(
        dice.used(),
        rolls.len(),
        "every scripted die is rolled, no other"
    );
    assert_eq!(out.verdict, Verdict::Win(Side::A));
    assert_eq!(out.decided_by, DECIDED_ANNIHILATION);
    assert_eq!(out.turns, 4);
    assert!(ships[1].destroyed && !ships[0].destroyed);
    assert_eq!((ships[0].damage_dealt, ships[1].damage_taken), (5, 5));
}
