//! Why a fleet wins (issue 18 §5): each ship's survival by turn and each side's points
//! efficiency, from the losses by turn the runner tallies (`MatchupTally::ship_lost_on_turn`,
//! `ship_first_loss`; kill order is in the ships table), and damage by weapon
//! (`MatchupTally::weapon_damage_dealt`, where the rule system tallies its weapon lines).

use fleetlab_engine::Side;

use super::tables::{CellType, Column, Table, mean_of, na_without, policy_name, table_row};
use crate::results::{MatchupResult, TURN_BINS};

table_row! {
    /// One ship of one matchup at the end of one turn (`survival.csv` / `survival.parquet`,
    /// long format), turns 1 to the longest battle of the matchup.
    pub struct SurvivalRow in "survival" {
        /// Matchup label.
        pub matchup: String,
        /// `A` or `B`.
        pub side: String,
        /// The side's fleet.
        pub fleet: String,
        /// The side's policy.
        pub policy: String,
        /// Ship name.
        pub ship: String,
        /// Position in the setup order (as in the ships table).
        pub ship_index: u32,
        /// The turn (1 = the first).
        pub turn: u32,
        /// Battles in which the ship was destroyed in this turn.
        pub lost: u64,
        /// Battles in which it was destroyed in this turn or before.
        pub lost_by: u64,
        /// `1 − lost_by / battles`: the share of battles in which it was still in play at the
        /// end of this turn (a battle that ended earlier counts with the ship as it ended).
        pub in_play_rate: f64,
    }
}

table_row! {
    /// One side of one matchup (`efficiency.csv` / `efficiency.parquet`): what its points
    /// bought.
    pub struct EfficiencyRow in "efficiency" {
        /// Matchup label.
        pub matchup: String,
        /// `A` or `B`.
        pub side: String,
        /// The side's fleet.
        pub fleet: String,
        /// The side's policy.
        pub policy: String,
        /// The fleet's points (null where the rules define none).
        pub points: Option<u32>,
        /// Battles played.
        pub battles: u64,
        /// Mean score: wins plus half the draws, per battle.
        pub score: f64,
        /// `score` per 100 points fielded (NaN without points).
        pub score_per_100_points: f64,
        /// Mean points of the enemy's units this side destroyed.
        pub mean_points_destroyed: f64,
        /// Mean points of its own units lost.
        pub mean_points_lost: f64,
        /// `mean_points_destroyed` per point fielded (NaN without points).
        pub points_destroyed_per_point: f64,
        /// `mean_points_destroyed / mean_points_lost` (the loss-exchange ratio; NaN when it
        /// lost nothing).
        pub exchange_ratio: f64,
    }
}

table_row! {
    /// One weapon line of one ship of one matchup (`weapons.csv` / `weapons.parquet`), where
    /// the rule system tallies damage by weapon; per ship a last row `other` holds the damage
    /// its attacks dealt outside its weapon lines (point-weapon exchanges, fighters), so the
    /// rows of a ship add up to its damage dealt in the ships table.
    pub struct WeaponRow in "weapons" {
        /// Matchup label.
        pub matchup: String,
        /// `A` or `B`.
        pub side: String,
        /// The side's fleet.
        pub fleet: String,
        /// The side's policy.
        pub policy: String,
        /// Ship name.
        pub ship: String,
        /// Position in the setup order (as in the ships table).
        pub ship_index: u32,
        /// The weapon line as the ship's design gives it (`other`: the rest of its damage).
        pub weapon: String,
        /// Battles played.
        pub battles: u64,
        /// Damage its attacks dealt over all battles.
        pub damage_dealt: u64,
        /// `damage_dealt / battles`.
        pub mean_damage_dealt: f64,
        /// Its share of the side's damage dealt (NaN when the side dealt none).
        pub share_of_side: f64,
        /// Enemy units its attacks destroyed over all battles (the hit that destroyed them;
        /// `other` rows: 0, not counted).
        pub kills: u64,
    }
}

/// The weapons table: every weapon line of every matchup that has them (none when the rule
/// system does not tally damage by weapon).
pub fn weapon_rows(results: &[MatchupResult]) -> Vec<WeaponRow> {
    let mut rows = Vec::new();
    for r in results.iter().filter(|r| !r.weapons.is_empty()) {
        let t = &r.tally;
        let side_total = |side: usize| -> u64 {
            r.ship_sides
                .iter()
                .zip(&t.ship_damage_dealt)
                .filter(|(s, _)| s.index() == side)
                .map(|(_, d)| d)
                .sum()
        };
        let totals = [side_total(0), side_total(1)];
        let line = |i: usize| t.weapon_damage_dealt.get(i).copied().unwrap_or(0);
        for (ship, (name, side)) in r.ship_names.iter().zip(&r.ship_sides).enumerate() {
            let me = side.index();
            let row = |weapon: String, dealt: u64, kills: u64| WeaponRow {
                matchup: r.label.clone(),
                side: side.to_string(),
                fleet: r.fleets[me].clone(),
                policy: policy_name(&r.policies[me]),
                ship: name.clone(),
                ship_index: ship as u32,
                weapon,
                battles: t.battles,
                damage_dealt: dealt,
                mean_damage_dealt: mean_of(dealt, t.battles),
                share_of_side: if totals[me] > 0 {
                    dealt as f64 / totals[me] as f64
                } else {
                    f64::NAN
                },
                kills,
            };
            let mut by_lines = 0;
            for (i, (_, weapon)) in r.weapons.iter().enumerate().filter(|(_, w)| w.0 == ship) {
                let dealt = line(i);
                by_lines += dealt;
                let kills = t.weapon_kills.get(i).copied().unwrap_or(0);
                rows.push(row(weapon.clone(), dealt, kills));
            }
            let ship_dealt = t.ship_damage_dealt.get(ship).copied().unwrap_or(0);
            if ship_dealt > by_lines {
                rows.push(row("other".into(), ship_dealt - by_lines, 0));
            }
        }
    }
    rows
}

/// The survival table: every ship of every matchup, turns 1 to the last turn any battle of
/// the matchup reached (at most `TURN_BINS − 1`; later losses are in `lost_by` of no row).
pub fn survival_rows(results: &[MatchupResult]) -> Vec<SurvivalRow> {
    let mut rows = Vec::new();
    for r in results {
        let t = &r.tally;
        let last = last_turn(r);
        for (i, ((name, side), lost)) in r
            .ship_names
            .iter()
            .zip(&r.ship_sides)
            .zip(&t.ship_lost_on_turn)
            .enumerate()
        {
            let mut lost_by = lost.counts().first().copied().unwrap_or(0);
            for turn in 1..=last {
                let here = lost.counts()[turn];
                lost_by += here;
                rows.push(SurvivalRow {
                    matchup: r.label.clone(),
                    side: side.to_string(),
                    fleet: r.fleets[side.index()].clone(),
                    policy: policy_name(&r.policies[side.index()]),
                    ship: name.clone(),
                    ship_index: i as u32,
                    turn: turn as u32,
                    lost: here,
                    lost_by,
                    in_play_rate: 1.0 - mean_of(lost_by, t.battles),
                });
            }
        }
    }
    rows
}

/// The last turn any battle of the matchup reached, within the turn histogram's unit bins.
fn last_turn(r: &MatchupResult) -> usize {
    if r.tally.turns.overflow() > 0 {
        return TURN_BINS - 1;
    }
    r.tally
        .turns
        .counts()
        .iter()
        .rposition(|&c| c > 0)
        .unwrap_or(0)
}

/// The efficiency table: both sides of every matchup.
pub fn efficiency_rows(results: &[MatchupResult]) -> Vec<EfficiencyRow> {
    let mut rows = Vec::new();
    for r in results {
        let t = &r.tally;
        let n = t.battles;
        for side in [Side::A, Side::B] {
            let (me, them) = (side.index(), side.other().index());
            let score = na_without(n, (t.wins[me] as f64 + 0.5 * t.draws as f64) / n as f64);
            let destroyed = na_without(n, t.points_lost[them].mean());
            let lost = na_without(n, t.points_lost[me].mean());
            let per_point = |x: f64| match r.points[me] {
                Some(p) if p > 0 => x / f64::from(p),
                _ => f64::NAN,
            };
            rows.push(EfficiencyRow {
                matchup: r.label.clone(),
                side: side.to_string(),
                fleet: r.fleets[me].clone(),
                policy: policy_name(&r.policies[me]),
                points: r.points[me],
                battles: n,
                score,
                score_per_100_points: per_point(100.0 * score),
                mean_points_destroyed: destroyed,
                mean_points_lost: lost,
                points_destroyed_per_point: per_point(destroyed),
                exchange_ratio: if lost > 0.0 {
                    destroyed / lost
                } else {
                    f64::NAN
                },
            });
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::test_support::sample_results;

    /// The sample: the frigate (B) is lost in turns 3 and 70, the cruiser (A) in 4 and 70, of
    /// four battles; the longest battle (70 turns) is beyond the turn bins.
    #[test]
    fn survival_counts_each_loss_in_its_turn_and_stays_down() {
        let rows = survival_rows(&sample_results());
        let at = |ship: u32, turn: u32| {
            rows.iter()
                .find(|r| r.ship_index == ship && r.turn == turn)
                .unwrap()
        };
        assert_eq!(rows.len(), 2 * (TURN_BINS - 1));
        assert_eq!(
            (at(1, 2).lost_by, at(1, 3).lost, at(1, 3).lost_by),
            (0, 1, 1)
        );
        assert_eq!(
            (at(0, 3).lost_by, at(0, 4).lost, at(0, 4).lost_by),
            (0, 1, 1)
        );
        assert_eq!(at(0, 4).in_play_rate, 0.75);
        // The loss in turn 70 is beyond the last row: no row counts it.
        assert_eq!(at(1, TURN_BINS as u32 - 1).lost_by, 1);
    }

    #[test]
    fn efficiency_relates_points_destroyed_to_points_fielded() {
        let rows = efficiency_rows(&sample_results());
        let a = &rows[0];
        // A: 2 wins and a draw of 4; B lost 30 points in battles 1 and 4 (60 / 4 = 15);
        // A lost 40 in battles 3 and 4 (20); A fields 40 points, B none.
        assert_eq!((a.side.as_str(), a.score), ("A", 0.625));
        assert_eq!(a.mean_points_destroyed, 15.0);
        assert_eq!(a.mean_points_lost, 20.0);
        assert_eq!(a.exchange_ratio, 0.75);
        assert_eq!(a.score_per_100_points, 62.5 / 40.0);
        assert_eq!(a.points_destroyed_per_point, 15.0 / 40.0);
        assert!(rows[1].score_per_100_points.is_nan(), "B has no points");
    }
}
