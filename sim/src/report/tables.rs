//! The report tables as plain Rust rows, built once from the results and then written to every
//! output format from the same columns (see [`Table::columns`]), so CSV and Parquet cannot
//! disagree about names, order or values.

use fleetlab_engine::{Ending, Side};

use super::ReportOptions;
use crate::histogram::Histogram;
use crate::results::MatchupResult;
use crate::stats::{proportion, z_for_confidence};

/// The values of one column, typed.
#[derive(Clone, Debug, PartialEq)]
pub enum Values {
    /// Text.
    Str(Vec<String>),
    /// Nullable text (`None` is an empty CSV cell / a Parquet null): a key that a row does
    /// not have (the side of a matchup-wide metric, the opponent of an `overall` row).
    OptStr(Vec<Option<String>>),
    /// Unsigned 32-bit integers.
    U32(Vec<u32>),
    /// Nullable unsigned 32-bit integers (`None` is an empty CSV cell / a Parquet null).
    OptU32(Vec<Option<u32>>),
    /// Unsigned 64-bit integers.
    U64(Vec<u64>),
    /// Signed 64-bit integers (counts in tables read by tools without unsigned types).
    I64(Vec<i64>),
    /// 64-bit floats.
    F64(Vec<f64>),
    /// Booleans.
    Bool(Vec<bool>),
}

impl Values {
    /// Number of values.
    pub fn len(&self) -> usize {
        match self {
            Values::Str(v) => v.len(),
            Values::OptStr(v) => v.len(),
            Values::U32(v) => v.len(),
            Values::OptU32(v) => v.len(),
            Values::U64(v) => v.len(),
            Values::I64(v) => v.len(),
            Values::F64(v) => v.len(),
            Values::Bool(v) => v.len(),
        }
    }

    /// Whether there are no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value at `row` as CSV text: integers and booleans in the usual way, floats in
    /// Rust's shortest round-trip form, `None` as an empty cell.
    ///
    /// # Panics
    ///
    /// If `row` is out of range.
    pub fn text(&self, row: usize) -> String {
        match self {
            Values::Str(v) => v[row].clone(),
            Values::OptStr(v) => v[row].clone().unwrap_or_default(),
            Values::U32(v) => v[row].to_string(),
            Values::OptU32(v) => v[row].map(|x| x.to_string()).unwrap_or_default(),
            Values::U64(v) => v[row].to_string(),
            Values::I64(v) => v[row].to_string(),
            Values::F64(v) => v[row].to_string(),
            Values::Bool(v) => v[row].to_string(),
        }
    }
}

/// One named column of a table.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    /// Column name (the row struct's field name).
    pub name: &'static str,
    /// The values, one per row.
    pub values: Values,
}

/// A cell type that can form a [`Values`] column.
pub trait CellType: Sized {
    /// Wrap a column of these values.
    fn into_values(values: Vec<Self>) -> Values;
}

macro_rules! cell_type {
    ($ty:ty, $variant:ident) => {
        impl CellType for $ty {
            fn into_values(values: Vec<Self>) -> Values {
                Values::$variant(values)
            }
        }
    };
}

cell_type!(String, Str);
cell_type!(Option<String>, OptStr);
cell_type!(u32, U32);
cell_type!(Option<u32>, OptU32);
cell_type!(u64, U64);
cell_type!(i64, I64);
cell_type!(f64, F64);
cell_type!(bool, Bool);

/// A row struct whose fields are the columns of a report table.
pub trait Table: Sized {
    /// File stem of the table (`summary` → `summary.csv`, `summary.parquet`).
    const NAME: &'static str;
    /// Column names, in order.
    const COLUMNS: &'static [&'static str];
    /// The rows transposed into named, typed columns (in [`Table::COLUMNS`] order).
    fn columns(rows: &[Self]) -> Vec<Column>;
}

/// Declares a row struct and derives its [`Table`] impl from the field list, so each column
/// is declared exactly once.
macro_rules! table_row {
    (
        $(#[$meta:meta])*
        pub struct $name:ident in $table:literal {
            $( $(#[$fmeta:meta])* pub $field:ident : $ty:ty, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq)]
        pub struct $name {
            $( $(#[$fmeta])* pub $field: $ty, )*
        }

        impl Table for $name {
            const NAME: &'static str = $table;
            const COLUMNS: &'static [&'static str] = &[$(stringify!($field)),*];
            fn columns(rows: &[Self]) -> Vec<Column> {
                vec![$(
                    Column {
                        name: stringify!($field),
                        values: <$ty as CellType>::into_values(
                            rows.iter().map(|r| r.$field.clone()).collect(),
                        ),
                    },
                )*]
            }
        }
    };
}

pub(crate) use table_row;

table_row! {
    /// One matchup's headline numbers (`summary.csv` / `summary.parquet`).
    pub struct SummaryRow in "summary" {
        /// Matchup label.
        pub matchup: String,
        /// Fleet of side A.
        pub fleet_a: String,
        /// Fleet of side B.
        pub fleet_b: String,
        /// Policy of side A, by name.
        pub policy_a: String,
        /// Policy of side B, by name.
        pub policy_b: String,
        /// Policy of side A with every parameter (`brawler(move=close, ...)`).
        pub policy_a_detail: String,
        /// Policy of side B with every parameter.
        pub policy_b_detail: String,
        /// Fleet points of side A, where the rules define points.
        pub points_a: Option<u32>,
        /// Fleet points of side B, where the rules define points.
        pub points_b: Option<u32>,
        /// Battles played.
        pub battles: u64,
        /// Wins of side A.
        pub a_wins: u64,
        /// Wins of side B.
        pub b_wins: u64,
        /// Draws.
        pub draws: u64,
        /// Share of battles A won.
        pub a_win_rate: f64,
        /// Wilson interval of `a_win_rate`, low end.
        pub a_win_ci_low: f64,
        /// Wilson interval of `a_win_rate`, high end.
        pub a_win_ci_high: f64,
        /// Share of battles B won.
        pub b_win_rate: f64,
        /// Wilson interval of `b_win_rate`, low end.
        pub b_win_ci_low: f64,
        /// Wilson interval of `b_win_rate`, high end.
        pub b_win_ci_high: f64,
        /// Share of battles drawn.
        pub draw_rate: f64,
        /// A wins by annihilating B.
        pub a_annihilation_wins: u64,
        /// B wins by annihilating A.
        pub b_annihilation_wins: u64,
        /// Battles in which both sides were wiped out in the same turn.
        pub mutual_destructions: u64,
        /// Battles ended by the game-length rule.
        pub turn_limit_endings: u64,
        /// Mean turns played.
        pub mean_turns: f64,
        /// Mean damage dealt by side A.
        pub mean_damage_dealt_a: f64,
        /// Mean damage dealt by side B.
        pub mean_damage_dealt_b: f64,
        /// Mean points side A lost.
        pub mean_points_lost_a: f64,
        /// Mean points side B lost.
        pub mean_points_lost_b: f64,
        /// Mean units of side A left at the end.
        pub mean_survivors_a: f64,
        /// Mean units of side B left at the end.
        pub mean_survivors_b: f64,
        /// "Last side standing" wins of side A (equal to `a_wins` unless the scenario has
        /// victory conditions of its own).
        pub standing_a_wins: u64,
        /// "Last side standing" wins of side B.
        pub standing_b_wins: u64,
        /// "Last side standing" draws.
        pub standing_draws: u64,
    }
}

table_row! {
    /// One non-empty histogram bin (`distributions.csv` / `distributions.parquet`, long
    /// format).
    pub struct DistributionRow in "distributions" {
        /// Matchup label.
        pub matchup: String,
        /// `turns`, `damage_dealt`, `damage_taken`, `survivors`, `points_lost` or
        /// `ship_damage_taken`.
        pub metric: String,
        /// `A` or `B` for side and ship metrics; null (empty in CSV) for `turns`.
        pub side: Option<String>,
        /// The side's fleet; null for `turns`.
        pub fleet: Option<String>,
        /// The side's policy; null for `turns`.
        pub policy: Option<String>,
        /// Ship name, for `ship_damage_taken`; null otherwise.
        pub ship: Option<String>,
        /// The ship's position in the setup order (as in the ships table), for
        /// `ship_damage_taken`; null otherwise.
        pub ship_index: Option<u32>,
        /// The value; for the overflow bin, the number of unit bins (values ≥ it).
        pub value: u32,
        /// Whether this is the overflow bin (values ≥ `value`).
        pub overflow: bool,
        /// Battles with this value.
        pub count: u64,
        /// `count / battles`.
        pub probability: f64,
    }
}

table_row! {
    /// One ship of one matchup (`ships.csv` / `ships.parquet`).
    pub struct ShipRow in "ships" {
        /// Matchup label.
        pub matchup: String,
        /// `A` or `B`.
        pub side: String,
        /// The side's fleet.
        pub fleet: String,
        /// The side's policy.
        pub policy: String,
        /// Ship name (may repeat; `ship_index` is unique within a matchup).
        pub ship: String,
        /// Position in the setup order.
        pub ship_index: u32,
        /// Battles in which it was destroyed.
        pub destroyed: u64,
        /// Share of battles in which it was destroyed.
        pub destroyed_rate: f64,
        /// Wilson interval of `destroyed_rate`, low end.
        pub destroyed_ci_low: f64,
        /// Wilson interval of `destroyed_rate`, high end.
        pub destroyed_ci_high: f64,
        /// Mean damage taken.
        pub mean_damage_taken: f64,
        /// Sample standard deviation of damage taken.
        pub sd_damage_taken: f64,
        /// Median damage taken (null when it falls in the overflow bin).
        pub p50_damage_taken: Option<u32>,
        /// 90th percentile of damage taken (null when it falls in the overflow bin).
        pub p90_damage_taken: Option<u32>,
        /// Mean damage dealt.
        pub mean_damage_dealt: f64,
        /// Battles in which it was among its side's first losses (destroyed in the earliest
        /// turn in which its side lost a ship).
        pub first_loss: u64,
        /// `first_loss / battles`.
        pub first_loss_rate: f64,
        /// Mean turn in which it was destroyed, over the battles in which it was (NaN when
        /// it never was).
        pub mean_turn_lost: f64,
    }
}

table_row! {
    /// How often each side did each of the rule system's named events (`events.csv` /
    /// `events.parquet`): orders given, commands spent, launches, retreats, ...
    pub struct EventRow in "events" {
        /// Matchup label.
        pub matchup: String,
        /// `A` or `B`.
        pub side: String,
        /// The side's fleet.
        pub fleet: String,
        /// The side's policy.
        pub policy: String,
        /// Event name (the rule system's `EVENTS`).
        pub event: String,
        /// Times it happened over all battles.
        pub total: u64,
        /// `total / battles`.
        pub per_battle: f64,
    }
}

/// The events table: for each matchup, side and named event, its total and mean per battle
/// (zero totals included, so every event of the rule system appears).
pub fn event_rows(results: &[MatchupResult]) -> Vec<EventRow> {
    let mut rows = Vec::new();
    for r in results {
        for side in [Side::A, Side::B] {
            for (name, &total) in r.events.iter().zip(&r.tally.events[side.index()]) {
                rows.push(EventRow {
                    matchup: r.label.clone(),
                    side: side.to_string(),
                    fleet: r.fleets[side.index()].clone(),
                    policy: policy_name(&r.policies[side.index()]),
                    event: name.clone(),
                    total,
                    per_battle: mean_of(total, r.tally.battles),
                });
            }
        }
    }
    rows
}

/// A policy by name: its description up to the parameters in parentheses
/// (`brawler(move=close, ...)` → `brawler`), the key a row about a side carries.
pub fn policy_name(policy: &str) -> String {
    policy.split('(').next().unwrap_or(policy).trim().to_owned()
}

/// `total / n`; NaN (a report's NA) when `n` is 0: a matchup that played no battle has no
/// rate, not a rate of 0.
pub(crate) fn mean_of(total: u64, n: u64) -> f64 {
    if n == 0 {
        f64::NAN
    } else {
        total as f64 / n as f64
    }
}

/// `x`, or NaN (NA) when there were no battles.
pub(crate) fn na_without(n: u64, x: f64) -> f64 {
    if n == 0 { f64::NAN } else { x }
}

/// The summary table: one row per matchup, intervals at `opts.confidence`.
///
/// # Panics
///
/// If `opts.confidence` is not strictly between 0 and 1.
pub fn summary_rows(results: &[MatchupResult], opts: &ReportOptions) -> Vec<SummaryRow> {
    let z = z_for_confidence(opts.confidence);
    results
        .iter()
        .map(|r| {
            let t = &r.tally;
            let n = t.battles;
            let a = proportion(t.wins[Side::A.index()], n, z);
            let b = proportion(t.wins[Side::B.index()], n, z);
            SummaryRow {
                matchup: r.label.clone(),
                fleet_a: r.fleets[0].clone(),
                fleet_b: r.fleets[1].clone(),
                policy_a: policy_name(&r.policies[0]),
                policy_b: policy_name(&r.policies[1]),
                policy_a_detail: r.policies[0].clone(),
                policy_b_detail: r.policies[1].clone(),
                points_a: r.points[0],
                points_b: r.points[1],
                battles: n,
                a_wins: t.wins[Side::A.index()],
                b_wins: t.wins[Side::B.index()],
                draws: t.draws,
                a_win_rate: a.rate,
                a_win_ci_low: a.low,
                a_win_ci_high: a.high,
                b_win_rate: b.rate,
                b_win_ci_low: b.low,
                b_win_ci_high: b.high,
                draw_rate: mean_of(t.draws, n),
                a_annihilation_wins: t.annihilations(Side::A),
                b_annihilation_wins: t.annihilations(Side::B),
                mutual_destructions: t.endings(Ending::MutualDestruction),
                turn_limit_endings: t.endings(Ending::TurnLimit),
                mean_turns: na_without(n, t.turns.mean()),
                mean_damage_dealt_a: na_without(n, t.damage_dealt[0].mean()),
                mean_damage_dealt_b: na_without(n, t.damage_dealt[1].mean()),
                mean_points_lost_a: na_without(n, t.points_lost[0].mean()),
                mean_points_lost_b: na_without(n, t.points_lost[1].mean()),
                mean_survivors_a: na_without(n, t.survivors[0].mean()),
                mean_survivors_b: na_without(n, t.survivors[1].mean()),
                standing_a_wins: t.standing[0],
                standing_b_wins: t.standing[1],
                standing_draws: t.standing[2],
            }
        })
        .collect()
}

/// Who a histogram is about: the whole matchup (`None`), a side, or one ship of a side.
#[derive(Clone, Copy)]
enum Subject<'a> {
    Matchup,
    Side(Side),
    Ship(Side, &'a str, usize),
}

fn push_histogram(
    rows: &mut Vec<DistributionRow>,
    r: &MatchupResult,
    metric: &str,
    subject: Subject<'_>,
    h: &Histogram,
) {
    let n = h.n();
    let side = match subject {
        Subject::Matchup => None,
        Subject::Side(s) | Subject::Ship(s, ..) => Some(s),
    };
    let (ship, ship_index) = match subject {
        Subject::Ship(_, name, i) => (Some(name.to_owned()), Some(i as u32)),
        _ => (None, None),
    };
    let mut push = |value: u32, overflow: bool, count: u64| {
        rows.push(DistributionRow {
            matchup: r.label.clone(),
            metric: metric.to_owned(),
            side: side.map(|s| s.to_string()),
            fleet: side.map(|s| r.fleets[s.index()].clone()),
            policy: side.map(|s| policy_name(&r.policies[s.index()])),
            ship: ship.clone(),
            ship_index,
            value,
            overflow,
            count,
            probability: mean_of(count, n),
        });
    };
    for (value, &count) in h.counts().iter().enumerate() {
        if count > 0 {
            push(value as u32, false, count);
        }
    }
    if h.overflow() > 0 {
        push(h.counts().len() as u32, true, h.overflow());
    }
}

/// The distributions table: every non-empty histogram bin of every matchup, in matchup
/// order, then metric order (`turns`, `damage_dealt`, `damage_taken`, `survivors`,
/// `points_lost`, `ship_damage_taken`), then side (then ship), then value.
pub fn distribution_rows(results: &[MatchupResult]) -> Vec<DistributionRow> {
    let mut rows = Vec::new();
    for r in results {
        let t = &r.tally;
        push_histogram(&mut rows, r, "turns", Subject::Matchup, &t.turns);
        let side_metrics: [(&str, &[Histogram; 2]); 4] = [
            ("damage_dealt", &t.damage_dealt),
            ("damage_taken", &t.damage_taken),
            ("survivors", &t.survivors),
            ("points_lost", &t.points_lost),
        ];
        for (metric, hists) in side_metrics {
            for side in [Side::A, Side::B] {
                push_histogram(
                    &mut rows,
                    r,
                    metric,
                    Subject::Side(side),
                    &hists[side.index()],
                );
            }
        }
        for (i, ((name, side), h)) in r
            .ship_names
            .iter()
            .zip(&r.ship_sides)
            .zip(&t.ship_damage_taken)
            .enumerate()
        {
            let subject = Subject::Ship(*side, name, i);
            push_histogram(&mut rows, r, "ship_damage_taken", subject, h);
        }
    }
    rows
}

/// The ships table: one row per ship per matchup, intervals at `opts.confidence`.
///
/// # Panics
///
/// If `opts.confidence` is not strictly between 0 and 1.
pub fn ship_rows(results: &[MatchupResult], opts: &ReportOptions) -> Vec<ShipRow> {
    let z = z_for_confidence(opts.confidence);
    let mut rows = Vec::new();
    for r in results {
        let t = &r.tally;
        let n = t.battles;
        let ships = r
            .ship_names
            .iter()
            .zip(&r.ship_sides)
            .zip(&t.ship_damage_taken)
            .zip(&t.ship_damage_dealt)
            .zip(&t.ship_destroyed)
            .zip(t.ship_lost_on_turn.iter().zip(&t.ship_first_loss));
        for (i, (((((name, side), taken), &dealt), &destroyed), (lost_on, &first))) in
            ships.enumerate()
        {
            let d = proportion(destroyed, n, z);
            rows.push(ShipRow {
                matchup: r.label.clone(),
                side: side.to_string(),
                fleet: r.fleets[side.index()].clone(),
                policy: policy_name(&r.policies[side.index()]),
                ship: name.clone(),
                ship_index: i as u32,
                destroyed,
                destroyed_rate: d.rate,
                destroyed_ci_low: d.low,
                destroyed_ci_high: d.high,
                mean_damage_taken: na_without(n, taken.mean()),
                sd_damage_taken: na_without(n, taken.sd()),
                p50_damage_taken: taken.quantile(0.5),
                p90_damage_taken: taken.quantile(0.9),
                mean_damage_dealt: mean_of(dealt, n),
                first_loss: first,
                first_loss_rate: mean_of(first, n),
                mean_turn_lost: na_without(lost_on.n(), lost_on.mean()),
            });
        }
    }
    rows
}
