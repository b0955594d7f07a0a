//! What a run produces: per-matchup tallies (mergeable, exact integers) and their labels,
//! and the manifest that says how they were made. The report layer turns these into tables;
//! nothing here knows file formats (the types are serde values, so a shard's partial result
//! can carry them; see [`crate::partial`]).

use fleetlab_engine::rule_system::NamedMatchup;
use fleetlab_engine::{
    Decider, Ending, MAX_DECIDERS, MAX_EVENTS, Outcome, ShipTally, Side, Verdict, WeaponTally,
};
use serde::{Deserialize, Serialize};

use crate::histogram::Histogram;
use crate::kinds::Plan;
use crate::stats::fair_cost::ScoreMoments;
use crate::stats::paired::PairedTally;

/// Damage and turn histograms have this many unit bins before the overflow bin.
pub const DAMAGE_BINS: usize = 256;
/// Turn histograms cover 0..TURN_BINS turns.
pub const TURN_BINS: usize = 64;
/// Survivor histograms cover 0..SURVIVOR_BINS units.
pub const SURVIVOR_BINS: usize = 65;

/// Everything accumulated over the battles of one matchup. Merging two tallies of disjoint
/// battle sets gives exactly the tally of their union, in any order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchupTally {
    /// Battles played.
    pub battles: u64,
    /// Wins of side A and side B.
    pub wins: [u64; 2],
    /// Draws.
    pub draws: u64,
    /// Battles by (verdict: A win, B win, draw) × ending (in [`Ending::ALL`] order).
    pub by_ending: [[u64; 3]; 3],
    /// Battles by "last side standing" verdict (A win, B win, draw): equal to the verdict
    /// counts unless the scenario has victory conditions of its own.
    pub standing: [u64; 3],
    /// Battles by what decided them: index `i` counts the battles whose
    /// [`Outcome::decided_by`] is `i`, an index into the rule system's `DECIDERS` (named in
    /// `MatchupResult::deciders`); unused slots stay 0.
    pub decided_by: [u64; MAX_DECIDERS],
    /// Per side: totals of the rule system's named events (see `MatchupResult::events`).
    pub events: [[u64; MAX_EVENTS]; 2],
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
    /// Per ship: the turn it was destroyed in (one value per battle in which it was
    /// destroyed; survival by turn).
    pub ship_lost_on_turn: Vec<Histogram>,
    /// Per ship: battles in which it was among its side's first losses (destroyed in the
    /// earliest turn in which its side lost a ship; kill order).
    pub ship_first_loss: Vec<u64>,
    /// A search cell only: the turns its search player played each of its candidate policies
    /// (empty elsewhere, and then not written).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub search_choices: Vec<u64>,
    /// Per weapon line ([`MatchupResult::weapons`]): damage its attacks dealt, summed over the
    /// battles; empty when the rule system does not tally damage by weapon.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapon_damage_dealt: Vec<u64>,
    /// Per weapon line: enemy units its attacks destroyed, summed over the battles.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapon_kills: Vec<u64>,
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
            standing: [0; 3],
            decided_by: [0; MAX_DECIDERS],
            events: [[0; MAX_EVENTS]; 2],
            turns: Histogram::new(TURN_BINS),
            damage_dealt: h(DAMAGE_BINS),
            damage_taken: h(DAMAGE_BINS),
            survivors: h(SURVIVOR_BINS),
            points_lost: h(4096),
            ship_damage_taken: vec![Histogram::new(DAMAGE_BINS); ships],
            ship_damage_dealt: vec![0; ships],
            ship_destroyed: vec![0; ships],
            ship_lost_on_turn: vec![Histogram::new(TURN_BINS); ships],
            ship_first_loss: vec![0; ships],
            search_choices: Vec::new(),
            weapon_damage_dealt: Vec::new(),
            weapon_kills: Vec::new(),
        }
    }

    /// Add one battle; `sides[i]` is ship `i`'s side. Never allocates.
    #[inline]
    pub fn record(&mut self, outcome: &Outcome, ships: &[ShipTally], sides: &[Side]) {
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
        self.standing[verdict_index(outcome.standing)] += 1;
        self.decided_by[usize::from(outcome.decided_by)] += 1;
        self.turns.record(outcome.turns);
        for s in [Side::A, Side::B] {
            let t = &outcome.sides[s.index()];
            for (total, n) in self.events[s.index()].iter_mut().zip(t.events) {
                *total += u64::from(n);
            }
            self.damage_dealt[s.index()].record(t.damage_dealt);
            self.damage_taken[s.index()].record(t.damage_taken);
            self.survivors[s.index()].record(t.survivors);
            self.points_lost[s.index()].record(t.points_lost);
        }
        let mut first_loss = [u32::MAX; 2];
        for (ship, side) in ships.iter().zip(sides) {
            if ship.destroyed {
                let first = &mut first_loss[side.index()];
                *first = (*first).min(ship.lost_on_turn);
            }
        }
        for (i, (ship, side)) in ships.iter().zip(sides).enumerate() {
            self.ship_damage_taken[i].record(ship.damage_taken);
            self.ship_damage_dealt[i] += u64::from(ship.damage_dealt);
            self.ship_destroyed[i] += u64::from(ship.destroyed);
            if ship.destroyed {
                self.ship_lost_on_turn[i].record(ship.lost_on_turn);
                self.ship_first_loss[i] += u64::from(ship.lost_on_turn == first_loss[side.index()]);
            }
        }
    }

    /// Add one battle's weapon-line totals (the battle itself is counted by
    /// [`MatchupTally::record`]).
    #[inline]
    pub fn record_weapons(&mut self, weapons: &[WeaponTally]) {
        if self.weapon_damage_dealt.len() < weapons.len() {
            self.weapon_damage_dealt.resize(weapons.len(), 0);
            self.weapon_kills.resize(weapons.len(), 0);
        }
        for ((d, k), w) in self
            .weapon_damage_dealt
            .iter_mut()
            .zip(&mut self.weapon_kills)
            .zip(weapons)
        {
            *d += u64::from(w.damage_dealt);
            *k += u64::from(w.kills);
        }
    }

    /// Add another tally of the same matchup.
    pub fn merge(&mut self, other: &MatchupTally) {
        self.battles += other.battles;
        for (mine, theirs) in [
            (&mut self.weapon_damage_dealt, &other.weapon_damage_dealt),
            (&mut self.weapon_kills, &other.weapon_kills),
        ] {
            if mine.len() < theirs.len() {
                mine.resize(theirs.len(), 0);
            }
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
        if self.search_choices.len() < other.search_choices.len() {
            self.search_choices.resize(other.search_choices.len(), 0);
        }
        for (a, b) in self.search_choices.iter_mut().zip(&other.search_choices) {
            *a += b;
        }
        for i in 0..2 {
            self.wins[i] += other.wins[i];
            self.damage_dealt[i].merge(&other.damage_dealt[i]);
            self.damage_taken[i].merge(&other.damage_taken[i]);
            self.survivors[i].merge(&other.survivors[i]);
            self.points_lost[i].merge(&other.points_lost[i]);
        }
        self.draws += other.draws;
        for (a, b) in self.standing.iter_mut().zip(other.standing) {
            *a += b;
        }
        for (a, b) in self.decided_by.iter_mut().zip(other.decided_by) {
            *a += b;
        }
        for (side, oside) in self.events.iter_mut().zip(&other.events) {
            for (a, b) in side.iter_mut().zip(oside) {
                *a += b;
            }
        }
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
        for (a, b) in self
            .ship_lost_on_turn
            .iter_mut()
            .zip(&other.ship_lost_on_turn)
        {
            a.merge(b);
        }
        for (a, b) in self.ship_first_loss.iter_mut().zip(&other.ship_first_loss) {
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

    /// Check that this tally (e.g. one read from a file) is shaped like
    /// [`MatchupTally::new`]`(ships)` and internally consistent: wins and draws add up to
    /// `battles`, so do the endings of each verdict, and every histogram holds one value per
    /// battle. Tallies that pass can be [merged](MatchupTally::merge) without panicking.
    pub fn check(&self, ships: usize) -> Result<(), String> {
        let shape = MatchupTally::new(ships);
        let hists = |t: &MatchupTally| -> Vec<(String, usize, u64)> {
            let mut v = vec![("turns".to_string(), t.turns.bins(), t.turns.n())];
            let sided: [(&str, &[Histogram; 2]); 4] = [
                ("damage_dealt", &t.damage_dealt),
                ("damage_taken", &t.damage_taken),
                ("survivors", &t.survivors),
                ("points_lost", &t.points_lost),
            ];
            for (name, pair) in sided {
                for (h, side) in pair.iter().zip(["A", "B"]) {
                    v.push((format!("{name}[{side}]"), h.bins(), h.n()));
                }
            }
            for (i, h) in t.ship_damage_taken.iter().enumerate() {
                v.push((format!("ship_damage_taken[{i}]"), h.bins(), h.n()));
            }
            v
        };
        for (name, len) in [
            ("ship_damage_taken", self.ship_damage_taken.len()),
            ("ship_damage_dealt", self.ship_damage_dealt.len()),
            ("ship_destroyed", self.ship_destroyed.len()),
            ("ship_lost_on_turn", self.ship_lost_on_turn.len()),
            ("ship_first_loss", self.ship_first_loss.len()),
        ] {
            if len != ships {
                return Err(format!("{name} has {len} entries for {ships} ships"));
            }
        }
        for ((name, bins, n), (_, want_bins, _)) in hists(self).into_iter().zip(hists(&shape)) {
            if bins != want_bins {
                return Err(format!("{name} has {bins} bins, expected {want_bins}"));
            }
            if n != self.battles {
                return Err(format!(
                    "{name} holds {n} values for {} battles",
                    self.battles
                ));
            }
        }
        let outcomes = [self.wins[0], self.wins[1], self.draws];
        if outcomes.iter().try_fold(0u64, |a, &b| a.checked_add(b)) != Some(self.battles) {
            return Err(format!(
                "wins {:?} and draws {} do not add up to {} battles",
                self.wins, self.draws, self.battles
            ));
        }
        for (row, (&want, verdict)) in self
            .by_ending
            .iter()
            .zip(outcomes.iter().zip(["A wins", "B wins", "draws"]))
        {
            if row.iter().try_fold(0u64, |a, &b| a.checked_add(b)) != Some(want) {
                return Err(format!(
                    "endings {row:?} of {verdict} do not add up to {want}"
                ));
            }
        }
        if self
            .standing
            .iter()
            .try_fold(0u64, |a, &b| a.checked_add(b))
            != Some(self.battles)
        {
            return Err(format!(
                "standing verdicts {:?} do not add up to {} battles",
                self.standing, self.battles
            ));
        }
        if self
            .decided_by
            .iter()
            .try_fold(0u64, |a, &b| a.checked_add(b))
            != Some(self.battles)
        {
            return Err(format!(
                "decided-by counts {:?} do not add up to {} battles",
                self.decided_by, self.battles
            ));
        }
        if let Some(i) = self.ship_destroyed.iter().position(|&d| d > self.battles) {
            return Err(format!(
                "ship {i} destroyed in {} of {} battles",
                self.ship_destroyed[i], self.battles
            ));
        }
        for (i, ((h, &destroyed), &first)) in self
            .ship_lost_on_turn
            .iter()
            .zip(&self.ship_destroyed)
            .zip(&self.ship_first_loss)
            .enumerate()
        {
            if h.bins() != TURN_BINS || h.n() != destroyed || first > destroyed {
                return Err(format!(
                    "ship {i}'s losses by turn ({} values in {} bins) and first losses ({first}) \
                     do not match its {destroyed} destructions",
                    h.n(),
                    h.bins()
                ));
            }
        }
        Ok(())
    }
}

/// 0, 1, 2 for an A win, a B win, a draw (the row order of the verdict tables).
fn verdict_index(v: Verdict) -> usize {
    match v {
        Verdict::Win(side) => side.index(),
        Verdict::Draw => 2,
    }
}

/// One matchup's labels and tally.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    /// Unit sides, setup order (`"A"` / `"B"` when serialized).
    #[serde(with = "sides")]
    pub ship_sides: Vec<Side>,
    /// The matchup's dice key (16 hex digits), as written in manifests.
    pub dice_key: String,
    /// Names of the rule system's events, indexing `tally.events` (`RuleSystem::EVENTS`).
    pub events: Vec<String>,
    /// The rule system's deciders (`RuleSystem::DECIDERS`), indexing `tally.decided_by`.
    pub deciders: Vec<DeciderName>,
    /// The accumulated results.
    pub tally: MatchupTally,
    /// On the variant's matchup of an A/B experiment: per battle index, the subject side's
    /// (base score, variant score), from the base's matchup played on the same dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paired: Option<PairedTally>,
    /// On the base's matchup of an A/B experiment with a ladder: per battle index, the
    /// subject side's score moments of every arm of its group (base, variant, rungs), for the
    /// fair-cost search.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moments: Option<ScoreMoments>,
    /// The named house rules this matchup's results rest on (`RuleSystem::house_rules`): the
    /// gaps in the text every battle depends on and every `[house_rules]` key changed from
    /// its default. A key ending in `_placeholder` is a placeholder table
    /// ([`fleetlab_engine::rule_system::PLACEHOLDER_SUFFIX`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub house_rules: Vec<String>,
    /// The weapon lines the rule system tallies damage for ([`fleetlab_engine::RuleSystem::weapons`]):
    /// the unit carrying each (index into `ship_names`) and its name; empty when it tallies none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapons: Vec<(usize, String)>,
}

impl MatchupResult {
    /// A matchup's labels with its tally; `events` and `deciders` are the rule system's
    /// `EVENTS` and `DECIDERS`.
    pub fn new<M>(
        m: &NamedMatchup<M>,
        key: u64,
        events: &[&str],
        deciders: &[Decider],
        tally: MatchupTally,
    ) -> Self {
        MatchupResult {
            label: m.label.clone(),
            fleets: m.fleets.clone(),
            policies: m.policies.clone(),
            points: m.points,
            ship_names: m.ship_names.clone(),
            ship_sides: m.ship_sides.clone(),
            dice_key: hex_key(key),
            events: events.iter().map(|e| (*e).to_owned()).collect(),
            deciders: deciders.iter().map(DeciderName::of).collect(),
            tally,
            paired: None,
            moments: None,
            house_rules: Vec::new(),
            weapons: Vec::new(),
        }
    }
}

/// One of the rule system's ways to decide a battle, as reports and partials write it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeciderName {
    /// Stable snake_case name (`annihilation`, `game_end_measure`, ...).
    pub name: String,
    /// `text`, `house_rule`, `house_ending` or `draw` ([`fleetlab_engine::DeciderKind::name`]).
    pub kind: String,
}

impl DeciderName {
    /// The report form of a rule system's decider.
    pub fn of(d: &Decider) -> DeciderName {
        DeciderName {
            name: d.name.to_owned(),
            kind: d.kind.name().to_owned(),
        }
    }

    /// Whether a house rule's measure (a tie-break: not the text, not play under a house-rule
    /// ending, not a draw) decided these battles.
    pub fn is_house_rule(&self) -> bool {
        self.kind == fleetlab_engine::DeciderKind::HouseRule.name()
    }
}

/// A dice key as manifests write it (16 hex digits).
pub fn hex_key(key: u64) -> String {
    format!("{key:016x}")
}

/// `Vec<Side>` as `["A", "B", ...]` (the engine's `Side` has no serde form of its own).
mod sides {
    use fleetlab_engine::Side;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(sides: &[Side], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(sides.iter().map(|side| match side {
            Side::A => "A",
            Side::B => "B",
        }))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Side>, D::Error> {
        Vec::<String>::deserialize(d)?
            .iter()
            .map(|s| match s.as_str() {
                "A" => Ok(Side::A),
                "B" => Ok(Side::B),
                other => Err(serde::de::Error::custom(format!(
                    "ship side must be \"A\" or \"B\", got {other:?}"
                ))),
            })
            .collect()
    }
}

/// Whether a run played every battle it was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RunStatus {
    /// Every matchup played all its battles.
    Complete,
    /// The run was interrupted: some matchups played fewer battles (see their `battles`).
    Partial,
}

impl RunStatus {
    /// `Complete` when every result holds exactly `battles` battles, else `Partial`.
    pub fn of(results: &[MatchupResult], battles: u64) -> RunStatus {
        if results.iter().all(|r| r.tally.battles == battles) {
            RunStatus::Complete
        } else {
            RunStatus::Partial
        }
    }
}

/// What a run is, independent of how and where it was executed: the part of the manifest that
/// every shard of a run shares (and that [`crate::partial::merge`] checks).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunInfo {
    /// fleetlab version.
    pub fleetlab_version: String,
    /// Rule system name.
    pub rule_system: String,
    /// Experiment name.
    pub experiment: String,
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
    /// What the matchups are (`kind` says which; see [`crate::kinds::Plan`]).
    pub plan: Plan,
    /// With `run --target-error`: the interval half-width the run played to
    /// (`battles_per_matchup` is then the cap, and matchups list the battles they played).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_error: Option<f64>,
}

/// How a run was executed (informative only: never part of the result).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Timing {
    /// When the run finished (RFC 3339, UTC).
    pub finished_at: String,
    /// Wall-clock seconds.
    pub elapsed_seconds: f64,
    /// Threads used.
    pub threads: usize,
}

impl Timing {
    /// Finished now, after `elapsed_seconds` on `threads` threads.
    pub fn now(elapsed_seconds: f64, threads: usize) -> Timing {
        Timing {
            finished_at: humantime::format_rfc3339_seconds(std::time::SystemTime::now())
                .to_string(),
            elapsed_seconds,
            threads,
        }
    }
}

/// How to reproduce a run; written as `manifest.json`. The run's identity and its timing
/// are flattened into the top level of the JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// What run this is (version, rule system, experiment, config hash, seed, battles).
    #[serde(flatten)]
    pub run: RunInfo,
    /// Matchup labels and their policies.
    pub matchups: Vec<ManifestMatchup>,
    /// `complete`, or `partial` when the run was interrupted.
    pub status: RunStatus,
    /// When it finished, how long it took, on how many threads (informative only).
    #[serde(flatten)]
    pub timing: Timing,
    /// Every file the run wrote into its directory, `manifest.json` last (filled in by the
    /// report writer; absent in manifests of older versions).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<String>,
}

impl Manifest {
    /// The manifest of a run described by `info` that produced `results`; its status is
    /// `complete` when every matchup played `expected_battles` battles (the whole run's
    /// `battles_per_matchup`, or a shard's slice of it), else `partial`. Each matchup lists
    /// the battles it actually played.
    pub fn new(
        info: &RunInfo,
        results: &[MatchupResult],
        expected_battles: u64,
        timing: Timing,
    ) -> Manifest {
        Manifest {
            run: info.clone(),
            matchups: results
                .iter()
                .map(|r| ManifestMatchup {
                    label: r.label.clone(),
                    dice_key: r.dice_key.clone(),
                    fleets: r.fleets.clone(),
                    policies: r.policies.clone(),
                    battles: r.tally.battles,
                    house_rules: r.house_rules.clone(),
                })
                .collect(),
            status: RunStatus::of(results, expected_battles),
            timing,
            files: Vec::new(),
        }
    }

    /// What run this manifest describes (everything but the matchups, status and timing).
    pub fn info(&self) -> RunInfo {
        self.run.clone()
    }
}

/// One matchup in the manifest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    /// The named house rules its results rest on ([`MatchupResult::house_rules`]; absent in
    /// manifests of older versions).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub house_rules: Vec<String>,
}
