//! What a run produces: per-matchup tallies (mergeable, exact integers) and their labels.
//! The report layer turns these into tables; nothing here knows file formats.

use fleetlab_engine::{Ending, Outcome, ShipTally, Side, Verdict};

use crate::histogram::Histogram;

/// Damage and turn histograms have this many unit bins before the overflow bin.
pub const DAMAGE_BINS: usize = 256;
/// Turn histograms cover 0..TURN_BINS turns.
pub const TURN_BINS: usize = 64;
/// Survivor histograms cover 0..SURVIVOR_BINS units.
pub const SURVIVOR_BINS: usize = 65;

/// Everything accumulated over the battles of one matchup. Merging two tallies of disjoint
/// battle sets gives exactly the tally of their union, in any order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchupTally {
    /// Battles played.
    pub battles: u64,
    /// Wins of side A and side B.
    pub wins: [u64; 2],
    /// Draws.
    pub draws: u64,
    /// Battles by (verdict: A win, B win, draw) × ending (in [`Ending::ALL`] order).
    pub by_ending: [[u64; 3]; 3],
    /// Turns played.
    pub turns: Histogram,
    /// Per side: damage dealt, damage taken, survivors, points lost.
    pub damage_dealt: [Histogram; 2],
    /// Per side: damage taken.
    pub damage_taken: [Histogram; 2],
    /// Per side: units left at the end.
    pub survivors: [Histogram; 2],
    /// Per side: points of its units destroyed.
    pub points_lost: [Histogram; 2],
    /// Per ship (setup order): damage taken.
    pub ship_damage_taken: Vec<Histogram>,
    /// Per ship: total damage dealt.
    pub ship_damage_dealt: Vec<u64>,
    /// Per ship: battles in which it was destroyed.
    pub ship_destroyed: Vec<u64>,
}

impl MatchupTally {
    /// An empty tally for a matchup with `ships` units.
    pub fn new(ships: usize) -> Self {
        let h = |bins| [Histogram::new(bins), Histogram::new(bins)];
        MatchupTally {
            battles: 0,
            wins: [0; 2],
            draws: 0,
            by_ending: [[0; 3]; 3],
            turns: Histogram::new(TURN_BINS),
            damage_dealt: h(DAMAGE_BINS),
            damage_taken: h(DAMAGE_BINS),
            survivors: h(SURVIVOR_BINS),
            points_lost: h(4096),
            ship_damage_taken: vec![Histogram::new(DAMAGE_BINS); ships],
            ship_damage_dealt: vec![0; ships],
            ship_destroyed: vec![0; ships],
        }
    }

    /// Add one battle. Never allocates.
    #[inline]
    pub fn record(&mut self, outcome: &Outcome, ships: &[ShipTally]) {
        self.battles += 1;
        let verdict_row = match outcome.verdict {
            Verdict::Win(side) => {
                self.wins[side.index()] += 1;
                side.index()
            }
            Verdict::Draw => {
                self.draws += 1;
                2
            }
        };
        let ending_col = Ending::ALL
            .iter()
            .position(|e| *e == outcome.ending)
            .unwrap_or(0);
        self.by_ending[verdict_row][ending_col] += 1;
        self.turns.record(outcome.turns);
        for s in [Side::A, Side::B] {
            let t = &outcome.sides[s.index()];
            self.damage_dealt[s.index()].record(t.damage_dealt);
            self.damage_taken[s.index()].record(t.damage_taken);
            self.survivors[s.index()].record(t.survivors);
            self.points_lost[s.index()].record(t.points_lost);
        }
        for (i, ship) in ships.iter().enumerate() {
            self.ship_damage_taken[i].record(ship.damage_taken);
            self.ship_damage_dealt[i] += u64::from(ship.damage_dealt);
            self.ship_destroyed[i] += u64::from(ship.destroyed);
        }
    }

    /// Add another tally of the same matchup.
    pub fn merge(&mut self, other: &MatchupTally) {
        self.battles += other.battles;
        for i in 0..2 {
            self.wins[i] += other.wins[i];
            self.damage_dealt[i].merge(&other.damage_dealt[i]);
            self.damage_taken[i].merge(&other.damage_taken[i]);
            self.survivors[i].merge(&other.survivors[i]);
            self.points_lost[i].merge(&other.points_lost[i]);
        }
        self.draws += other.draws;
        for (row, orow) in self.by_ending.iter_mut().zip(&other.by_ending) {
            for (c, oc) in row.iter_mut().zip(orow) {
                *c += oc;
            }
        }
        self.turns.merge(&other.turns);
        for (a, b) in self
            .ship_damage_taken
            .iter_mut()
            .zip(&other.ship_damage_taken)
        {
            a.merge(b);
        }
        for (a, b) in self
            .ship_damage_dealt
            .iter_mut()
            .zip(&other.ship_damage_dealt)
        {
            *a += b;
        }
        for (a, b) in self.ship_destroyed.iter_mut().zip(&other.ship_destroyed) {
            *a += b;
        }
    }

    /// Battles that ended by `ending`, whatever the verdict.
    pub fn endings(&self, ending: Ending) -> u64 {
        let col = Ending::ALL.iter().position(|e| *e == ending).unwrap_or(0);
        self.by_ending.iter().map(|row| row[col]).sum()
    }

    /// Wins of `side` by annihilating the other side.
    pub fn annihilations(&self, side: Side) -> u64 {
        self.by_ending[side.index()][0]
    }
}

/// One matchup's labels and tally.
#[derive(Clone, Debug)]
pub struct MatchupResult {
    /// Human label, e.g. `line-a (brawler) vs line-b (standoff)`.
    pub label: String,
    /// Fleet names of side A and B.
    pub fleets: [String; 2],
    /// Policy descriptions of side A and B.
    pub policies: [String; 2],
    /// Fleet points of side A and B where the rules define points.
    pub points: [Option<u32>; 2],
    /// Unit names, setup order.
    pub ship_names: Vec<String>,
    /// Unit sides, setup order.
    pub ship_sides: Vec<Side>,
    /// The accumulated results.
    pub tally: MatchupTally,
}

/// How to reproduce a run; written as `manifest.json`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Manifest {
    /// fleetlab version.
    pub fleetlab_version: String,
    /// Rule system name.
    pub rule_system: String,
    /// Experiment name.
    pub experiment: String,
    /// Experiment kind (`run` for plain matchups).
    pub kind: String,
    /// The experiment file as given.
    pub config_path: String,
    /// Hash over the experiment file and every included file (hex).
    pub config_hash: String,
    /// Files that went into the hash, in order.
    pub config_files: Vec<String>,
    /// Master seed.
    pub seed: u64,
    /// Battles per matchup.
    pub battles_per_matchup: u64,
    /// Matchup labels and their policies.
    pub matchups: Vec<ManifestMatchup>,
    /// `complete`, or `partial` when the run was interrupted.
    pub status: String,
    /// When the run finished (RFC 3339, UTC).
    pub finished_at: String,
    /// Wall-clock seconds and battles per second (informative; not part of the result).
    pub elapsed_seconds: f64,
    /// Threads used (informative: results do not depend on it).
    pub threads: usize,
}

/// One matchup in the manifest.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ManifestMatchup {
    /// Label.
    pub label: String,
    /// Dice key derived from the label.
    pub dice_key: String,
    /// Fleets of side A and B.
    pub fleets: [String; 2],
    /// Policies of side A and B.
    pub policies: [String; 2],
    /// Battles played.
    pub battles: u64,
}
