//! Who won. The chapter has no victory rule: a side with no ships left loses (annihilation);
//! both gone at once is a draw. At the round cap (a house rule; the text has no battle
//! length) the measure decides: more ships in play, then less hull damage taken; equal is a
//! draw.

use super::super::matchup::Matchup;
use super::BattleState;
use crate::outcome::{Decider, Outcome, ShareDeciders, ShipTally, SideTally, end_by_measure};

/// How a battle can be decided (`RuleSystem::DECIDERS`).
pub const DECIDERS: [Decider; 4] = [
    Decider::text("annihilation"),
    Decider::draw("mutual_destruction"),
    Decider::house_rule("round_cap_measure"),
    Decider::draw("draw_at_round_cap"),
];

/// [`DECIDERS`] index: one side has no ships left.
pub const DECIDED_ANNIHILATION: u8 = 0;
/// [`DECIDERS`] index: both sides lost their last ships in the same round.
pub const DECIDED_MUTUAL_DESTRUCTION: u8 = 1;
/// [`DECIDERS`] index: the round cap's measure.
pub const DECIDED_ROUND_CAP_MEASURE: u8 = 2;
/// [`DECIDERS`] index: the measure was equal at the round cap.
pub const DECIDED_DRAW_AT_ROUND_CAP: u8 = 3;

/// Where [`DECIDERS`] lists each way [`end_by_measure`] decides.
const DECIDED: ShareDeciders = ShareDeciders {
    annihilation: DECIDED_ANNIHILATION,
    mutual_destruction: DECIDED_MUTUAL_DESTRUCTION,
    measure: DECIDED_ROUND_CAP_MEASURE,
    draw_at_cap: DECIDED_DRAW_AT_ROUND_CAP,
};

/// Score the ended battle and fill the per-ship tallies.
pub fn finish(_m: &Matchup, st: &BattleState, ships: &mut [ShipTally]) -> Outcome {
    let mut sides = [SideTally::default(), SideTally::default()];
    for (k, s) in st.ships.iter().enumerate() {
        let i = s.side.index();
        sides[i].damage_taken += s.hull;
        sides[i].damage_dealt += s.dealt;
        sides[i].survivors += u32::from(s.alive());
        sides[i].events = st.events[i];
        if let Some(t) = ships.get_mut(k) {
            *t = ShipTally {
                damage_dealt: s.dealt,
                damage_taken: s.hull,
                destroyed: !s.alive(),
                ..*t
            };
        }
    }
    let standing = [sides[0].survivors as usize, sides[1].survivors as usize];
    let key = |i: usize| (sides[i].survivors, std::cmp::Reverse(sides[i].damage_taken));
    let (verdict, ending, decided_by) = end_by_measure(standing, || key(0).cmp(&key(1)), DECIDED);
    Outcome {
        verdict,
        standing: verdict,
        ending,
        decided_by,
        turns: st.round,
        sides,
    }
}
