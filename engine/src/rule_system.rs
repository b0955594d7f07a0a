//! The seam between rule systems and the simulator.
//!
//! `sim` knows rule systems only through this trait and one registry line. A rule system
//! turns parsed config documents into a validated [`RuleSystem::Matchup`], and plays battles
//! of it with reusable per-worker state, seeded dice and an observer.

use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::{Outcome, ShipTally};

/// A house-rule key ending in this names a table the text lacks that the config filled with
/// placeholder numbers (e.g. `target-lock`'s `weapon_table_placeholder`): results that rest on
/// it are the placeholder's, not the game's, and reports flag them as a warning.
pub const PLACEHOLDER_SUFFIX: &str = "_placeholder";

/// A problem found while validating a config, located well enough to name file and line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigIssue {
    /// Index of the document (file) in the list handed to the rule system.
    pub doc: usize,
    /// Byte range in that document, when known.
    pub span: Option<std::ops::Range<usize>>,
    /// Field path, e.g. `design[2].weapon[0].variant`.
    pub field: String,
    /// What is wrong and what is allowed.
    pub message: String,
}

impl ConfigIssue {
    /// A new issue.
    pub fn new(
        doc: usize,
        span: Option<std::ops::Range<usize>>,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        ConfigIssue {
            doc,
            span,
            field: field.into(),
            message: message.into(),
        }
    }
}

/// A rule system: everything `sim` needs to run experiments with it.
pub trait RuleSystem: Send + Sync + 'static {
    /// Stable name used in configs (`rule_system = "..."`) and reports.
    const NAME: &'static str;

    /// Names of the events a side's [`crate::outcome::SideTally::events`] counts (stable,
    /// snake_case; at most [`crate::outcome::MAX_EVENTS`]). Reports show each event's total
    /// and mean per battle per side.
    const EVENTS: &'static [&'static str] = &[];

    /// The ways a battle of this rule system can be decided (at most
    /// [`crate::outcome::MAX_DECIDERS`]); [`crate::Outcome::decided_by`] indexes this list. Each says
    /// whether the text, a house rule or nothing (a draw) decided it.
    const DECIDERS: &'static [crate::outcome::Decider] = crate::outcome::DEFAULT_DECIDERS;

    /// Names of the policy presets a side may name with `policy = "..."`; the first is the one
    /// a side that names none plays. A generic mirror run (`fleetlab mirror`) plays every fleet
    /// against itself with each of them; `fleetlab audit`'s policy game offers them to both
    /// sides.
    const POLICY_PRESETS: &'static [&'static str] = &[];

    /// The unit `fleetlab points` prints after a points value (e.g. Cold Infinity's
    /// construction points, `"CP"`).
    const POINTS_UNIT: &'static str = "pts";

    /// One config document (a TOML file) as the rule system reads it. Every file of an
    /// experiment (the experiment itself and everything it includes) has this shape.
    type Doc: serde::de::DeserializeOwned;

    /// A validated, immutable description of one matchup: both fleets, their policies, the
    /// scenario and house rules. Shared read-only by all workers.
    type Matchup: Send + Sync;

    /// Reusable battle state owned by one worker; reset (not reallocated) per battle. It is
    /// also the forward model's position: `Clone::clone_from` into a kept copy must not
    /// allocate once the copy has held a battle of the same matchup (a search player copies
    /// the position before every rollout).
    type State: Send + Clone;

    /// Files this document asks to include (paths relative to it), with their byte spans.
    fn includes(doc: &Self::Doc) -> Vec<(String, std::ops::Range<usize>)>;

    /// The document's `[experiment]` table, if it has one.
    fn experiment(doc: &Self::Doc) -> Option<&ExperimentSpec>;

    /// Validate the documents (experiment first, then includes in order) into named
    /// matchups, or say everything that is wrong.
    ///
    /// Convention shared by every rule system (the simulator relies on it): an experiment
    /// lists its matchups as `[[matchup]]` tables with one side table under `a` and one under
    /// `b`, matchups are returned in that order, and problems inside entry `k` are reported
    /// with field paths starting `matchup[k].a` / `matchup[k].b` (or `matchup[k]`). The
    /// simulator expands experiment kinds (`[experiment.ab]`, `[experiment.matrix]`) into such
    /// entries appended to the experiment document.
    fn build(docs: &[Self::Doc]) -> Result<Vec<NamedMatchup<Self::Matchup>>, Vec<ConfigIssue>>;

    /// Names of the fleets the documents define (`[[fleet]]` tables), in the order written:
    /// what a side's `fleet = "..."` may name. Used to generate mirror matchups.
    fn fleets(_docs: &[Self::Doc]) -> Vec<String> {
        Vec::new()
    }

    /// The named house rules (keys of `docs/house-rules/<system>.md`) this matchup's results
    /// rest on: those in effect where the text does not decide (e.g. the end-of-game measure)
    /// and every house rule set to something other than its default. `fleetlab audit` lists
    /// them per matchup; every report's trust flags name them (a key ending in
    /// [`PLACEHOLDER_SUFFIX`] as a warning).
    fn house_rules(_matchup: &Self::Matchup) -> Vec<&'static str> {
        Vec::new()
    }

    /// Fresh worker state sized for this matchup. Called once per worker, not per battle.
    fn new_state(matchup: &Self::Matchup) -> Self::State;

    /// Number of units (ships) in the matchup, side A's first; `ShipTally` slices have this length.
    fn ship_count(matchup: &Self::Matchup) -> usize;

    /// The side unit `ship` (setup order, as in [`RuleSystem::ship_count`]) fights on.
    fn ship_side(matchup: &Self::Matchup, ship: usize) -> crate::outcome::Side;

    /// The weapon lines whose damage the rule system tallies, in a fixed order: (the unit
    /// carrying it, in setup order; the line's name as the unit's design gives it). Empty (the
    /// default) when the rule system does not tally damage by weapon: the report then has no
    /// weapon rows. Called once per matchup, not per battle.
    fn weapons(_matchup: &Self::Matchup) -> Vec<(usize, String)> {
        Vec::new()
    }

    /// After [`RuleSystem::finish`]: each weapon line's totals of the battle in `state`, into
    /// `weapons` (as long as [`RuleSystem::weapons`]'s list, in its order). Default: nothing.
    #[inline]
    fn tally_weapons(
        _matchup: &Self::Matchup,
        _state: &Self::State,
        _weapons: &mut [crate::outcome::WeaponTally],
    ) {
    }

    /// Whether unit `ship` (setup order, as in [`RuleSystem::ship_count`]) is destroyed in
    /// `state`, by the same test [`RuleSystem::finish`] reports as [`ShipTally::destroyed`].
    /// [`RuleSystem::play`] asks it after every turn to learn the turn each unit was lost in.
    fn ship_destroyed(state: &Self::State, ship: usize) -> bool;

    /// After turn `turn` (1 = the first) has been played in `state`: mark every unit of `ships`
    /// destroyed in it and not marked before with [`ShipTally::lost_on_turn`] = `turn`.
    #[inline]
    fn note_losses(state: &Self::State, turn: u32, ships: &mut [ShipTally]) {
        for (i, t) in ships.iter_mut().enumerate() {
            if t.lost_on_turn == 0 && Self::ship_destroyed(state, i) {
                t.lost_on_turn = turn;
            }
        }
    }

    /// The forward model, first step: set up a battle of `matchup` in `state` (deployment,
    /// the first player, everything before the first turn). Must not allocate once `state`
    /// has been used for a battle of the same matchup.
    fn begin<R: Roller, O: Observer>(
        matchup: &Self::Matchup,
        state: &mut Self::State,
        dice: &mut R,
        observer: &mut O,
    );

    /// The forward model, one step: play one turn of the battle in `state`, every choice made
    /// by the policies of `matchup` (so a player may change its policy between turns by
    /// passing another matchup of the same fleets and scenario). Returns `true` when the
    /// battle has ended; then call [`RuleSystem::finish`].
    fn turn<R: Roller, O: Observer>(
        matchup: &Self::Matchup,
        state: &mut Self::State,
        dice: &mut R,
        observer: &mut O,
    ) -> bool;

    /// The forward model, last step: score the ended battle in `state`, filling `ships`
    /// (length [`RuleSystem::ship_count`]) with per-ship tallies; each tally's
    /// [`ShipTally::lost_on_turn`] is left as the caller set it (see [`RuleSystem::note_losses`]).
    fn finish<R: Roller, O: Observer>(
        matchup: &Self::Matchup,
        state: &mut Self::State,
        dice: &mut R,
        observer: &mut O,
        ships: &mut [ShipTally],
    ) -> Outcome;

    /// Play one battle: [`RuleSystem::begin`], [`RuleSystem::turn`] until it ends (noting
    /// after each turn which units were lost in it, [`RuleSystem::note_losses`]),
    /// [`RuleSystem::finish`]. Must not allocate once `state` has been used for a battle of
    /// the same matchup.
    #[inline]
    fn play<R: Roller, O: Observer>(
        matchup: &Self::Matchup,
        state: &mut Self::State,
        dice: &mut R,
        observer: &mut O,
        ships: &mut [ShipTally],
    ) -> Outcome {
        Self::begin(matchup, state, dice, observer);
        ships.iter_mut().for_each(|t| t.lost_on_turn = 0);
        let mut turn = 0;
        loop {
            let over = Self::turn(matchup, state, dice, observer);
            turn += 1;
            Self::note_losses(state, turn, ships);
            if over {
                return Self::finish(matchup, state, dice, observer, ships);
            }
        }
    }
}

/// A matchup with the labels reports need.
#[derive(Clone, Debug)]
pub struct NamedMatchup<M> {
    /// `"<fleet a> (<policy>) vs <fleet b> (<policy>)"`; also the source of its dice key.
    pub label: String,
    /// Side A's and side B's fleet names.
    pub fleets: [String; 2],
    /// Side A's and side B's policy descriptions (name and parameters).
    pub policies: [String; 2],
    /// Each side's fleet points, where the rules define points.
    pub points: [Option<u32>; 2],
    /// Unit names, side A's first (for per-ship reports).
    pub ship_names: Vec<String>,
    /// Unit points values, where the rules define points.
    pub ship_points: Vec<Option<u32>>,
    /// Which side each unit is on.
    pub ship_sides: Vec<crate::outcome::Side>,
    /// The validated matchup.
    pub matchup: M,
}

/// The rule-independent part of an experiment file: its `[experiment]` table.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExperimentSpec {
    /// Short name used in reports (defaults to the file stem).
    pub name: Option<String>,
    /// Free text for humans.
    pub description: Option<String>,
    /// Master seed (default 1).
    pub seed: Option<u64>,
    /// Battles per matchup (default 10,000).
    pub battles: Option<u64>,
    /// `[experiment.ab]`: an A/B comparison (read and expanded into matchups by the
    /// simulator, `fleetlab_sim::kinds`; accepted here so the document parses).
    #[serde(default)]
    pub ab: Option<serde::de::IgnoredAny>,
    /// `[experiment.matrix]`: a round robin of fleets (expanded by the simulator likewise).
    #[serde(default)]
    pub matrix: Option<serde::de::IgnoredAny>,
    /// `[experiment.game]`: a policy game (expanded by the simulator likewise).
    #[serde(default)]
    pub game: Option<serde::de::IgnoredAny>,
    /// `[experiment.sweep]`: the experiment played once per value of one setting (read and
    /// played by the simulator, `fleetlab_sim::sweep`).
    #[serde(default)]
    pub sweep: Option<serde::de::IgnoredAny>,
    /// `[experiment.under_game]`: also answer the experiment's question under the policy game
    /// (read and played by the simulator, `fleetlab_sim::under_game`).
    #[serde(default)]
    pub under_game: Option<serde::de::IgnoredAny>,
}

/// [`RuleSystem::includes`] for a document whose `include` key is a list of spanned paths.
pub fn spanned_includes(
    include: &[serde_spanned::Spanned<String>],
) -> Vec<(String, std::ops::Range<usize>)> {
    include
        .iter()
        .map(|s| (s.get_ref().clone(), s.span()))
        .collect()
}

/// `" (did you mean `x`?)"` for the known name closest to `given` within edit distance 2,
/// else "" — for config errors about names (designs, fleets, rule systems, fields).
pub fn did_you_mean(given: &str, known: &[&str]) -> String {
    known
        .iter()
        .map(|k| (strsim::levenshtein(given, k), *k))
        .filter(|(d, _)| *d <= 2)
        .min()
        .map(|(_, k)| format!(" (did you mean `{k}`?)"))
        .unwrap_or_default()
}
