//! A ship down to one action (issue 21). The sheet's action menu lists "Target Lock" and
//! "Attack" as two actions, and "Use an attack action for every weapon or weapon bank firing
//! on that target" (seed, "Actions", "Attack Procedures"): locking and firing cannot share one
//! action. Whether firing needs a lock and how long a lock lasts, the sheet does not say (G7):
//! under the default `lock_lasts = "turn"` a one-action ship can never fire (a lock would
//! expire before it has an action to fire); under `lock_lasts = "battle"` it spends its one
//! action on the lock, then fires on the next turns. Two gunboats with a single (A) box duel
//! at range 2 (an automatic lock: "Automatic within 2 + FCS rating hexes", FCS 0) on scripted
//! dice; the whole log of two turns is asserted for each reading.

use super::fixture::{d10, design, duel};
use super::{begin, turn};
use crate::RuleSystem;
use crate::dice::ScriptedDice;
use crate::observer::Trace;
use crate::rules::target_lock::TargetLock;
use crate::rules::target_lock::house_rules::LockLasts;

/// Play two turns of the one-action duel under `lasts` on `rolls`; the log and the dice used.
fn two_turns(lasts: LockLasts, rolls: &[u8]) -> (String, usize) {
    let d = design("gunboat", "Aoooo", &[], 0);
    let mut m = duel(d, 2, "lock-then-fire", 2);
    m.rules.lock_lasts = lasts;
    let mut st = TargetLock::new_state(&m);
    begin(&m, &mut st);
    let mut dice = ScriptedDice::new(rolls);
    let mut log = Trace::default();
    for _ in 0..2 {
        assert!(!turn(&m, &mut st, &mut dice, &mut log));
    }
    (log.log, dice.used())
}

/// Default (`turn`): the lock would expire at Record Keeping before the ship has an action to
/// fire, so a one-action ship neither locks nor fires; only the initiative dice are rolled.
#[test]
fn one_action_never_fires_when_locks_last_the_turn() {
    let rolls: Vec<u8> = [d10(7), d10(3), d10(7), d10(3)].concat();
    let (log, used) = two_turns(LockLasts::Turn, &rolls);
    assert_eq!(
        log,
        concat!(
            "turn 1\n",
            "  initiative: side A (CP 0/0)\n",
            " A1 activates (1 actions)\n",
            " B1 activates (1 actions)\n",
            "turn 2\n",
            "  initiative: side A (CP 0/0)\n",
            " A1 activates (1 actions)\n",
            " B1 activates (1 actions)\n",
        )
    );
    assert_eq!(used, rolls.len());
}

/// `battle`: each ship spends its one action of turn 1 on the (automatic) lock and fires on
/// turn 2 with the lock it kept: A1 rolls d10 5 at to-hit 7 (a hit, two boxes in track order:
/// the (A) box and a plain one; one (A) box: no Core Hit), B1 rolls a natural 10 (a miss).
#[test]
fn one_action_locks_then_fires_when_locks_last() {
    let rolls: Vec<u8> = [d10(7), d10(3), d10(7), d10(3), d10(5), d10(10)].concat();
    let (log, used) = two_turns(LockLasts::Battle, &rolls);
    assert_eq!(
        log,
        concat!(
            "turn 1\n",
            "  initiative: side A (CP 0/0)\n",
            " A1 activates (1 actions)\n",
            "  target lock on B1 at range 2: locked\n",
            " B1 activates (1 actions)\n",
            "  target lock on A1 at range 2: locked\n",
            "turn 2\n",
            "  initiative: side A (CP 0/0)\n",
            " A1 activates (1 actions)\n",
            "  fires 1 x heavy-gun at B1 (range 2, TN 7): 1 hits\n",
            "    B1 loses box 1 (A)\n",
            "    B1 loses box 2 (o)\n",
            " B1 activates (1 actions)\n",
            "  fires 1 x heavy-gun at A1 (range 2, TN 7): 0 hits\n",
        )
    );
    assert_eq!(used, rolls.len());
}
