//! Cosmic Conflict victory conditions and scenario objectives (seed ch. 9), one named test per
//! condition, from the text's own statements.

use fleetlab_engine::dice::ScriptedDice;
use fleetlab_engine::geometry::{Board, Vec2};
use fleetlab_engine::rules::cosmic_conflict::design::ShipDesign;
use fleetlab_engine::rules::cosmic_conflict::house_rules::MghChart;
use fleetlab_engine::rules::cosmic_conflict::ship::{ShipState, Status};
use fleetlab_engine::rules::cosmic_conflict::victory::{
    self, Axis, Measure, Objective, VictoryCondition, VictoryRules,
};
use fleetlab_engine::{NoTrace, Side, Verdict};

const BOARD: Board = Board {
    length: 54.0,
    width: 30.0,
};

fn ship(side: Side, size: u8, points: u32, x: f64, y: f64) -> ShipState {
    let design = ShipDesign {
        name: format!("s{size}"),
        size,
        row_length: 10,
        chart: MghChart::default(),
        weapons: vec![],
        components: vec![],
        fighter: None,
    };
    let mut s = ShipState::new(0, &design, side, points);
    s.pos = Vec2::new(x, y);
    s
}

/// "Dividing the playing area into one to six ... equal areas along the X or Y axis ..., add
/// the total number of Ship Sizes for each player and award this victory condition to the
/// player who has a larger number in more sections."
#[test]
fn area_control_goes_to_the_side_with_the_larger_size_in_more_strips() {
    let ships = [
        ship(Side::A, 3, 90, 5.0, 5.0),   // strip 0 (of 3 along x): A 3
        ship(Side::A, 1, 30, 20.0, 5.0),  // strip 1: A 1 vs B 2
        ship(Side::B, 2, 60, 30.0, 5.0),  // strip 1
        ship(Side::A, 2, 60, 50.0, 25.0), // strip 2: A 2
    ];
    assert_eq!(
        victory::area_control(&ships, BOARD, 3, Axis::X),
        (Some(Side::A), [2, 1])
    );
    // One strip: 6 Sizes to 2.
    assert_eq!(
        victory::area_control(&ships, BOARD, 1, Axis::Y).0,
        Some(Side::A)
    );
    // Two strips across y: y < 15 has A 4 vs B 2; y ≥ 15 A 2: A takes both.
    assert_eq!(
        victory::area_control(&ships, BOARD, 2, Axis::Y),
        (Some(Side::A), [2, 0])
    );
    // Destroyed ships hold no ground: equal strips are a tie.
    let mut even = [
        ship(Side::A, 2, 60, 5.0, 5.0),
        ship(Side::B, 2, 60, 50.0, 5.0),
    ];
    assert_eq!(victory::area_control(&even, BOARD, 2, Axis::X).0, None);
    even[0].status = Status::Destroyed;
    assert_eq!(
        victory::area_control(&even, BOARD, 2, Axis::X).0,
        Some(Side::B)
    );
}

/// "add the total number of each remaining Ship's Size ... If a Ship has received a
/// Condition, reduce its Size/Points contribution to one-half its original value. The player
/// with the highest number wins" (totals doubled).
#[test]
fn ships_remaining_counts_a_ship_with_a_condition_half() {
    let mut ships = [
        ship(Side::A, 4, 120, 0.0, 0.0),
        ship(Side::B, 3, 100, 0.0, 0.0),
        ship(Side::B, 1, 30, 0.0, 0.0),
    ];
    ships[0].conditions = 1; // 4 → 2
    assert_eq!(
        victory::ships_remaining(&ships, Measure::Size),
        (Some(Side::B), [4, 8])
    );
    ships[2].status = Status::Fled; // fled ships are not "remaining"
    assert_eq!(
        victory::ships_remaining(&ships, Measure::Points),
        (Some(Side::B), [120, 200])
    );
    ships[1].conditions = 2; // 100 → 50
    assert_eq!(
        victory::ships_remaining(&ships, Measure::Points).0,
        Some(Side::A)
    );
}

/// "add the total number of each destroyed Ship's Size ... Add to this half the number of each
/// Ship's Size/Points if they successfully fled ... The player with the lowest number wins."
#[test]
fn destroyed_fled_counts_fled_ships_half_and_the_lowest_wins() {
    let mut ships = [
        ship(Side::A, 4, 120, 0.0, 0.0),
        ship(Side::B, 3, 100, 0.0, 0.0),
        ship(Side::B, 2, 60, 0.0, 0.0),
    ];
    ships[0].status = Status::Fled; // A: 4 / 2
    ships[1].status = Status::Destroyed; // B: 3
    assert_eq!(
        victory::destroyed_fled(&ships, Measure::Size),
        (Some(Side::A), [4, 6])
    );
    ships[1].status = Status::Fled; // B: 3 / 2 = 1.5 < 2
    assert_eq!(
        victory::destroyed_fled(&ships, Measure::Size).0,
        Some(Side::B)
    );
    // Points: A 60 vs B 50.
    assert_eq!(
        victory::destroyed_fled(&ships, Measure::Points).0,
        Some(Side::B)
    );
}

/// "Calculate the number of Conditions assigned to each remaining Ship. The player with the
/// lowest number wins."
#[test]
fn conditions_inflicted_counts_remaining_ships_and_the_lowest_wins() {
    let mut ships = [
        ship(Side::A, 4, 120, 0.0, 0.0),
        ship(Side::B, 3, 100, 0.0, 0.0),
        ship(Side::B, 3, 100, 0.0, 0.0),
    ];
    ships[0].conditions = 2;
    ships[1].conditions = 1;
    ships[2].conditions = 3;
    assert_eq!(
        victory::conditions_inflicted(&ships),
        (Some(Side::A), [2, 4])
    );
    ships[2].status = Status::Destroyed; // its Conditions no longer count
    assert_eq!(
        victory::conditions_inflicted(&ships),
        (Some(Side::B), [2, 1])
    );
}

/// Scanning raid: "count the number of tokens each player has on any ships that were not
/// destroyed. The player with the highest number of tokens wins"; tokens are placed in "the
/// half opposite of their starting edge".
#[test]
fn scanning_raid_counts_tokens_on_ships_not_destroyed() {
    let mut ships = [
        ship(Side::A, 2, 60, 40.0, 5.0),
        ship(Side::A, 2, 60, 10.0, 5.0),
        ship(Side::B, 2, 60, 10.0, 5.0),
    ];
    assert!(victory::in_enemy_half(&ships[0], BOARD));
    assert!(!victory::in_enemy_half(&ships[1], BOARD));
    assert!(victory::in_enemy_half(&ships[2], BOARD));
    let tokens = 0b101;
    assert_eq!(victory::scanning_raid(&ships, tokens).0, None);
    ships[2].status = Status::Destroyed;
    assert_eq!(
        victory::scanning_raid(&ships, tokens),
        (Some(Side::A), [1, 0])
    );
    ships[0].status = Status::Fled; // fled is "not destroyed": its token still counts
    assert_eq!(victory::scanning_raid(&ships, tokens).0, Some(Side::A));
}

/// Objective line: "count all Ships within a radius of [Ship Size x 2] distance of each
/// objective ... A Ship may be counted more than once if by different objectives."
#[test]
fn objective_line_counts_ships_within_size_times_two_of_each_objective() {
    // Two objectives: (27, 10) and (27, 20).
    assert_eq!(
        victory::objective_position(BOARD, 0, 2),
        Vec2::new(27.0, 10.0)
    );
    let ships = [
        ship(Side::A, 5, 150, 27.0, 15.0), // reach 10: both objectives → 2
        ship(Side::B, 2, 60, 27.0, 12.0),  // reach 4: (27, 10) only → 1
        ship(Side::B, 1, 30, 27.0, 17.0),  // reach 2: 3 from (27, 20) → 0
    ];
    assert_eq!(
        victory::objective_line(&ships, BOARD, 2),
        (Some(Side::A), [2, 1])
    );
}

fn rules(pool: Vec<VictoryCondition>, pick: u8, objective: Option<Objective>) -> VictoryRules {
    VictoryRules {
        pool,
        pick,
        objective,
        strips: Some(1),
        axis: Some(Axis::X),
        measure: Some(Measure::Size),
        objectives: 1,
    }
}

/// "The player that wins one more victory condition than the opponent can claim victory ...
/// It is possible to achieve a tie in both determining a victory condition and for the game."
#[test]
fn one_more_victory_condition_wins_and_ties_are_draws() {
    // A: one Size 3 ship with a Condition; B: a Size 1 ship, none.
    let mut ships = [
        ship(Side::A, 3, 90, 5.0, 5.0),
        ship(Side::B, 1, 30, 50.0, 5.0),
    ];
    ships[0].conditions = 1;
    let all = VictoryCondition::ALL.to_vec();
    let mut none = ScriptedDice::new(&[]);
    // Area control A, remaining A (3 vs 2 doubled), destroyed-fled tie, conditions B: 2 to 1.
    let v = victory::verdict(
        &rules(all.clone(), 4, None),
        &ships,
        BOARD,
        0,
        &mut none,
        &mut NoTrace,
    );
    assert_eq!(v, Verdict::Win(Side::A));
    // Only conditions-inflicted (B) and destroyed-fled (tie): B.
    let pool = vec![
        VictoryCondition::DestroyedFled,
        VictoryCondition::ConditionsInflicted,
    ];
    let v = victory::verdict(
        &rules(pool, 2, None),
        &ships,
        BOARD,
        0,
        &mut none,
        &mut NoTrace,
    );
    assert_eq!(v, Verdict::Win(Side::B));
    // Area control (A) and conditions (B): one each — a draw.
    let pool = vec![
        VictoryCondition::AreaControl,
        VictoryCondition::ConditionsInflicted,
    ];
    let v = victory::verdict(
        &rules(pool, 2, None),
        &ships,
        BOARD,
        0,
        &mut none,
        &mut NoTrace,
    );
    assert_eq!(v, Verdict::Draw);
    // The objective counts as one more condition: B's raid token breaks the tie.
    let pool = vec![
        VictoryCondition::AreaControl,
        VictoryCondition::ConditionsInflicted,
    ];
    let r = rules(pool, 2, Some(Objective::ScanningRaid));
    let v = victory::verdict(&r, &ships, BOARD, 0b10, &mut none, &mut NoTrace);
    assert_eq!(v, Verdict::Win(Side::B));
}

/// "two ... of the following victory conditions, selected randomly after the game's
/// conclusion ... by numbering them and rolling a dice": rolls above the number left are
/// rolled again. Pool of four, pick 2: a 5 is rerolled, 4 picks conditions-inflicted (B),
/// then 3 among the three left picks destroyed-fled (tie): B wins 1–0.
#[test]
fn random_victory_conditions_are_drawn_with_d6_rolls() {
    let mut ships = [
        ship(Side::A, 3, 90, 5.0, 5.0),
        ship(Side::B, 1, 30, 50.0, 5.0),
    ];
    ships[0].conditions = 1;
    let mut dice = ScriptedDice::new(&[5, 4, 3]);
    let v = victory::verdict(
        &rules(VictoryCondition::ALL.to_vec(), 2, None),
        &ships,
        BOARD,
        0,
        &mut dice,
        &mut NoTrace,
    );
    assert_eq!((v, dice.used()), (Verdict::Win(Side::B), 3));
}
