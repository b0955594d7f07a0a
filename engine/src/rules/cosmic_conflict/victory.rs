//! Scenarios and victory (seed ch. 9 "Standard Game Scenarios"): the four victory conditions
//! picked at random after the game, the two scenario objectives, and the verdict — "The player
//! that wins one more victory condition than the opponent can claim victory ... It is possible
//! to achieve a tie in both determining a victory condition and for the game."
//!
//! Every random choice the text leaves to the players (which conditions, how many strips, which
//! axis, Size or points) is rolled on the battle's own dice after the game, so a scenario is
//! reproducible from the seed; each may instead be fixed in the config.

use crate::dice::Roller;
use crate::geometry::{Board, Vec2};
use crate::observer::Observer;
use crate::outcome::{Side, Verdict};
use crate::trace;

use super::ship::{ShipState, Status};

/// The four optional victory conditions, in the text's numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VictoryCondition {
    /// 1. Area control: more strips where a side has the larger Size total.
    AreaControl,
    /// 2. Ships remaining: highest Size or points total still in play; a ship with a Condition
    ///    counts half.
    ShipsRemaining,
    /// 3. Ships destroyed / fled: lowest Size or points total lost; fled ships count half.
    DestroyedFled,
    /// 4. Conditions inflicted: fewest Conditions on remaining ships.
    ConditionsInflicted,
}

impl VictoryCondition {
    /// All four, in the text's order.
    pub const ALL: [VictoryCondition; 4] = [
        VictoryCondition::AreaControl,
        VictoryCondition::ShipsRemaining,
        VictoryCondition::DestroyedFled,
        VictoryCondition::ConditionsInflicted,
    ];

    /// Config and trace name.
    pub const fn name(self) -> &'static str {
        match self {
            VictoryCondition::AreaControl => "area-control",
            VictoryCondition::ShipsRemaining => "ships-remaining",
            VictoryCondition::DestroyedFled => "destroyed-fled",
            VictoryCondition::ConditionsInflicted => "conditions-inflicted",
        }
    }
}

/// The two scenario objectives of ch. 9 (their names were lost in the text; G6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Ships in the enemy half place one objective token each with a [Scanning] order in the
    /// Resolution phase; most tokens on ships not destroyed wins.
    ScanningRaid,
    /// One objective per 500 points on the midline; most ships within (Size × 2) of an
    /// objective (counted once per objective) wins.
    ObjectiveLine,
}

impl Objective {
    /// Config and trace name.
    pub const fn name(self) -> &'static str {
        match self {
            Objective::ScanningRaid => "scanning-raid",
            Objective::ObjectiveLine => "objective-line",
        }
    }
}

/// Along which table axis area control cuts its strips.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// Strips follow each other along x (from side A's edge to side B's).
    X,
    /// Strips follow each other along y.
    Y,
}

/// What conditions 2 and 3 add up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Ship Sizes (d6 1–3).
    Size,
    /// Ship points (d6 4–6).
    Points,
}

/// A scenario's victory rules.
#[derive(Clone, Debug, PartialEq)]
pub struct VictoryRules {
    /// The conditions to pick from.
    pub pool: Vec<VictoryCondition>,
    /// How many of the pool count: all of them (fixed), or fewer drawn at random after each
    /// game (the text: two, or one when the objective is crucial).
    pub pick: u8,
    /// The scenario objective, counted as one more victory condition.
    pub objective: Option<Objective>,
    /// Area control strips; `None`: a d6 (1–6).
    pub strips: Option<u8>,
    /// Area control axis; `None`: a d6 (1–3 x, 4–6 y; house rule).
    pub axis: Option<Axis>,
    /// Size or points for conditions 2 and 3; `None`: a d6 per condition, as the text says.
    pub measure: Option<Measure>,
    /// Objective line: objectives placed (one per 500 points of the larger force, at least one).
    pub objectives: u8,
}

/// Who won one victory condition: `Some(side)`, or `None` for a tie.
pub type Award = Option<Side>;

/// The higher total wins (ties: nobody).
fn highest(a: u64, b: u64) -> Award {
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => Some(Side::A),
        std::cmp::Ordering::Less => Some(Side::B),
        std::cmp::Ordering::Equal => None,
    }
}

/// The lower total wins (ties: nobody).
fn lowest(a: u64, b: u64) -> Award {
    highest(b, a)
}

fn value(s: &ShipState, measure: Measure) -> u64 {
    match measure {
        Measure::Size => u64::from(s.size),
        Measure::Points => u64::from(s.points),
    }
}

/// Victory condition 1, area control: split the table into `strips` equal strips along `axis`; a side takes a
/// strip with the larger sum of its ships' Sizes there; the side with more strips wins.
/// Returns the award and the strips each side took.
pub fn area_control(ships: &[ShipState], board: Board, strips: u8, axis: Axis) -> (Award, [u8; 2]) {
    let n = usize::from(strips.clamp(1, 6));
    let mut sums = [[0u32; 2]; 6];
    for s in ships.iter().filter(|s| s.status == Status::Active) {
        let (x, extent) = match axis {
            Axis::X => (s.pos.x, board.length),
            Axis::Y => (s.pos.y, board.width),
        };
        let k = ((x / extent * n as f64) as usize).min(n - 1);
        sums[k][s.side.index()] += u32::from(s.size);
    }
    let mut taken = [0u8; 2];
    for [a, b] in &sums[..n] {
        if let Some(w) = highest(u64::from(*a), u64::from(*b)) {
            taken[w.index()] += 1;
        }
    }
    (highest(u64::from(taken[0]), u64::from(taken[1])), taken)
}

/// Victory condition 2, ships remaining: Sizes or points of ships still in play; a ship that "has received a
/// Condition" counts half. Totals are doubled to stay integral. Highest wins.
pub fn ships_remaining(ships: &[ShipState], measure: Measure) -> (Award, [u64; 2]) {
    let mut t = [0u64; 2];
    // "Unless the Scenario dictates otherwise, Fighters do not count as a Ship" (ch. 6c).
    for s in ships
        .iter()
        .filter(|s| s.status == Status::Active && s.size > 0)
    {
        let v = value(s, measure);
        t[s.side.index()] += if s.conditions > 0 { v } else { 2 * v };
    }
    (highest(t[0], t[1]), t)
}

/// Victory condition 3, ships destroyed / fled: Sizes or points of a side's own ships destroyed, plus half of
/// those that fled. Doubled to stay integral. Lowest wins.
pub fn destroyed_fled(ships: &[ShipState], measure: Measure) -> (Award, [u64; 2]) {
    let mut t = [0u64; 2];
    for s in ships.iter().filter(|s| s.size > 0) {
        let v = value(s, measure);
        t[s.side.index()] += match s.status {
            Status::Destroyed => 2 * v,
            Status::Fled => v,
            Status::Active | Status::Aboard => 0,
        };
    }
    (lowest(t[0], t[1]), t)
}

/// Victory condition 4, conditions inflicted: Conditions on each side's remaining ships. Lowest wins.
pub fn conditions_inflicted(ships: &[ShipState]) -> (Award, [u64; 2]) {
    let mut t = [0u64; 2];
    for s in ships.iter().filter(|s| s.status == Status::Active) {
        t[s.side.index()] += u64::from(s.conditions);
    }
    (lowest(t[0], t[1]), t)
}

/// Scanning raid: objective tokens (bit per ship) on ships that were not destroyed. Highest
/// wins.
pub fn scanning_raid(ships: &[ShipState], tokens: u64) -> (Award, [u64; 2]) {
    let mut t = [0u64; 2];
    for (i, s) in ships.iter().enumerate() {
        if tokens & (1 << i) != 0 && s.status != Status::Destroyed {
            t[s.side.index()] += 1;
        }
    }
    (highest(t[0], t[1]), t)
}

/// Whether ship `s` stands in the half of the table opposite its own starting edge (the
/// scanning raid's setup: "split the playing area into equal halves along the X axis").
pub fn in_enemy_half(s: &ShipState, board: Board) -> bool {
    let mid = board.length / 2.0;
    match s.side {
        Side::A => s.pos.x > mid,
        Side::B => s.pos.x < mid,
    }
}

/// The objective line's objectives: `n` points spread evenly along the line halfway between
/// the starting edges (house rule; the text lets the players place them).
pub fn objective_position(board: Board, k: u8, n: u8) -> Vec2 {
    Vec2::new(
        board.length / 2.0,
        board.width * (f64::from(k) + 1.0) / (f64::from(n) + 1.0),
    )
}

/// Objective-line objectives for fleets of these points: one per 500 points of the larger
/// force, at least one (the text counts "each 500 points of a player's force size").
pub fn objectives_for(points: [u32; 2]) -> u8 {
    (points[0].max(points[1]) / 500).clamp(1, 20) as u8
}

/// Objective line: per objective, the ships of each side within (Size × 2) of it ("A Ship may
/// be counted more than once if by different objectives"). Highest wins.
pub fn objective_line(ships: &[ShipState], board: Board, n: u8) -> (Award, [u64; 2]) {
    let mut t = [0u64; 2];
    for k in 0..n {
        let o = objective_position(board, k, n);
        for s in ships
            .iter()
            .filter(|s| s.status == Status::Active && s.size > 0)
        {
            let reach = f64::from(s.size) * 2.0;
            let d = s.pos - o;
            if d.dot(d) <= reach * reach {
                t[s.side.index()] += 1;
            }
        }
    }
    (highest(t[0], t[1]), t)
}

/// A uniform pick among `n` (≤ 6) items with d6 rolls, rerolling results above `n` — "numbering
/// them and rolling a dice".
fn pick_index<R: Roller>(dice: &mut R, n: usize) -> usize {
    loop {
        let r = usize::from(dice.d6());
        if r <= n {
            return r - 1;
        }
    }
}

fn measure_of<R: Roller>(fixed: Option<Measure>, dice: &mut R) -> Measure {
    fixed.unwrap_or_else(|| {
        if dice.d6() <= 3 {
            Measure::Size
        } else {
            Measure::Points
        }
    })
}

/// The scenario's verdict: the objective (if any) and the picked victory conditions, each
/// awarded to one side or tied; the side that won more of them wins, else a draw.
pub fn verdict<R: Roller, O: Observer>(
    rules: &VictoryRules,
    ships: &[ShipState],
    board: Board,
    raid_tokens: u64,
    dice: &mut R,
    obs: &mut O,
) -> Verdict {
    let mut wins = [0u32; 2];
    let mut tally = |award: Award| {
        if let Some(s) = award {
            wins[s.index()] += 1;
        }
    };
    if let Some(o) = rules.objective {
        let (award, t) = match o {
            Objective::ScanningRaid => scanning_raid(ships, raid_tokens),
            Objective::ObjectiveLine => objective_line(ships, board, rules.objectives),
        };
        trace!(
            obs,
            "victory: {} A {} / B {} -> {}",
            o.name(),
            t[0],
            t[1],
            show(award)
        );
        tally(award);
    }
    // Draw `pick` conditions from the pool without replacement (bit per pool entry).
    let n = rules.pool.len();
    let mut left: u8 = (1u8 << n) - 1;
    for drawn in 0..usize::from(rules.pick).min(n) {
        let k = if usize::from(rules.pick) >= n {
            drawn
        } else {
            let nth = pick_index(dice, n - drawn);
            (0..n)
                .filter(|b| left & (1 << b) != 0)
                .nth(nth)
                .unwrap_or(0)
        };
        left &= !(1 << k);
        let vc = rules.pool[k];
        let award = match vc {
            VictoryCondition::AreaControl => {
                let strips = rules.strips.unwrap_or_else(|| dice.d6());
                let axis = rules
                    .axis
                    .unwrap_or_else(|| if dice.d6() <= 3 { Axis::X } else { Axis::Y });
                let (award, taken) = area_control(ships, board, strips, axis);
                trace!(
                    obs,
                    "victory: area-control ({strips} strips along {axis:?}) strips A {} / B {} -> {}",
                    taken[0],
                    taken[1],
                    show(award)
                );
                award
            }
            VictoryCondition::ShipsRemaining => {
                let m = measure_of(rules.measure, dice);
                let (award, t) = ships_remaining(ships, m);
                trace!(
                    obs,
                    "victory: ships-remaining ({m:?}, doubled) A {} / B {} -> {}",
                    t[0],
                    t[1],
                    show(award)
                );
                award
            }
            VictoryCondition::DestroyedFled => {
                let m = measure_of(rules.measure, dice);
                let (award, t) = destroyed_fled(ships, m);
                trace!(
                    obs,
                    "victory: destroyed-fled ({m:?}, doubled) A {} / B {} -> {}",
                    t[0],
                    t[1],
                    show(award)
                );
                award
            }
            VictoryCondition::ConditionsInflicted => {
                let (award, t) = conditions_inflicted(ships);
                trace!(
                    obs,
                    "victory: conditions-inflicted A {} / B {} -> {}",
                    t[0],
                    t[1],
                    show(award)
                );
                award
            }
        };
        tally(award);
    }
    let v = match wins[0].cmp(&wins[1]) {
        std::cmp::Ordering::Greater => Verdict::Win(Side::A),
        std::cmp::Ordering::Less => Verdict::Win(Side::B),
        std::cmp::Ordering::Equal => Verdict::Draw,
    };
    trace!(
        obs,
        "victory conditions won: A {} / B {}{}",
        wins[0],
        wins[1],
        if wins[0].abs_diff(wins[1]) >= 2 {
            " (decisive)"
        } else {
            ""
        }
    );
    v
}

fn show(a: Award) -> &'static str {
    match a {
        Some(Side::A) => "A",
        Some(Side::B) => "B",
        None => "tie",
    }
}
