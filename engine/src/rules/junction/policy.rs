//! AI policies: the choices the text leaves to players (digest §4): preferred distance and
//! burns, the Sensors/ECM split, point-defense stance, salvo size and the crit table picked at
//! Precision Targeting range, combat-station assignment and the Engineering effect. Three
//! named presets plus two for test ranges.

use std::fmt;

use super::crits::CritTable;
use super::range_watch::Reading;
use super::stations::Station;

/// Which Engineering effect a policy takes when the level offers a choice (G21: at level k,
/// one of the effects unlocked up to k; level 4 gives all three).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Boost {
    /// +1 acceleration (Lv. 1).
    Acceleration,
    /// +10% energy (Lv. 2).
    Energy,
    /// +10% delta-v (Lv. 3).
    DeltaV,
}

impl Boost {
    /// Engineering level that unlocks this effect.
    pub const fn level(self) -> u8 {
        match self {
            Boost::Acceleration => 1,
            Boost::Energy => 2,
            Boost::DeltaV => 3,
        }
    }
}

/// Combat-station order every preset uses: Nerve Center and Engineering first (they change
/// the fight this turn), then the Medevac route and Medbay, Damage Control last and as the
/// spare station (its Repair Points grow with every crew member).
pub const STATION_ORDER: [Station; 5] = [
    Station::NerveCenter,
    Station::Engineering,
    Station::Medevac,
    Station::Medbay,
    Station::DamageControl,
];

/// Which EWar level gets energy first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EwarPriority {
    /// Sensors up to the best enemy ECM seen + 1, then ECM.
    Sensors,
    /// ECM to the maximum, then Sensors.
    Ecm,
    /// Sensors to beat the enemy's last ECM, then ECM, then the rest to Sensors.
    Balanced,
    /// Both off.
    Off,
}

/// When direct-fire weapons are held back for point defense ("direct fire weapons can also be
/// used for point defense, provided they were not fired in any role aside from point defense
/// last turn": a weapon fired at a ship this turn cannot defend next turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PdStance {
    /// Never: every weapon fires offensively.
    Never,
    /// Multi-target weapons (Macrons, Lasers with RE ≥ 2) hold while enemy guided weapons
    /// are in flight.
    WhenThreatened,
    /// Multi-target weapons always hold for point defense.
    Always,
    /// Multi-target weapons hold only while the ship's point defense does not yet cover the
    /// enemy guided weapons (and salvo decoys) in flight, the weakest guns per target first;
    /// the rest fire (J42).
    Cover,
    /// As `Cover`, but a gun counts against an incoming weapon only when it can destroy it
    /// by the kill rule (its Attack Power over its targets at least the weapon's
    /// Durability): the incoming weapons by Durability, hardest first
    /// (`battle/kill_cover.rs`; issue 17, session 31). No preset plays it.
    CoverKills,
}

/// J70's fire-or-burn decision for a ship with electric or thermo-electric rockets when energy
/// is short, made at the start of the firing phase from the distance to its move reference
/// and the distance its policy keeps: more than one hex off, it has to move to get where the
/// policy wants it, so the burn's energy is set aside first; otherwise Sensors, ECM and
/// weapons go first and the burn takes what is left.
pub fn burn_first(distance: i32, keep: i32) -> bool {
    (distance - keep).abs() > 1
}

/// How a policy scores a burn (J24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Burn {
    /// The distance to the kept range after this move and the next coast (default).
    Coast,
    /// As `coast`, plus the distance after a third turn of relative motion while closing in
    /// from beyond the kept distance: relative-velocity aware. Not the default: it is not at
    /// least as good as `coast` for every preset (the `missile-boat` guided-mix fleet loses
    /// more often; see `configs/junction/burn-models.toml` and docs/status.md).
    Lookahead,
}

/// Whether a laser with Redundant Emitters ≥ 2 splits its shot over several targets (J41).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LaserSplit {
    /// Every laser fires at the one target (default).
    Never,
    /// Split over as many targets in its brackets as leave each share of the Attack Power
    /// above every chosen target's Protection Rating (a share that cannot pierce is wasted
    /// on Armor Value).
    Pierce,
    /// Split over every enemy in its brackets, up to its Redundant Emitters.
    Always,
}

/// When an Inertial Mine salvo in its target's hex uses its area mode (a tenth of its
/// Attack Power to every ship and guided weapon in the hex, stacking) instead of contact hits
/// on its target (J50).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MineMode {
    /// Always contact hits (default).
    Contact,
    /// Area mode when at least two enemy units (ships in play, guided weapons, a salvo's
    /// decoys) share the hex and no friendly ship is in it.
    Crowded,
    /// Area mode whenever the salvo is in its target's hex.
    Area,
}

/// Which missiles a side launches as point defense, "even if not launched before the firing
/// phase on which it is needed" (J35, J51).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PdLaunches {
    /// None.
    None,
    /// Excalibur only (default; J35).
    Excalibur,
    /// Excalibur, Inertial Mines, heavy Nuclear and heavy Neutron Bombs (J51).
    All,
}

/// How an Excalibur burst divides its Attack Power over targets within its range (J60;
/// Appendix 1: "divided between any number of targets").
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExcaliburSplit {
    /// All of it on the salvo's target (default).
    Single,
    /// Enemy guided weapons in range first (nearest first, while the main target can still
    /// be pierced), then equal shares over the main target and the nearest other ships in
    /// range, as many as every share pierces (`burst::plan`).
    Pierce,
}

/// How many targets a Laser Relay divides its power between (J34, J61; Appendix 1: "divide it
/// between up to four targets"). Chains (J62) are used in both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RelaySplit {
    /// One target a turn, its first source's (default, J34).
    Single,
    /// Up to four: its sources' targets, then the nearest other enemies in its range, as many
    /// as every equal share pierces (J61).
    Pierce,
}

/// Which payload a launch carries (J63).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PayloadChoice {
    /// The first loaded magazine entry that attacks (default).
    First,
    /// The loaded entry worth most against the launch's target (`payload_choice::worth`).
    ByTarget,
}

/// Which enemy salvos in flight at a ship make it stand off instead of closing
/// (`dodge_plan::kept_distance`; issue 17's `-v3` presets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dodge {
    /// Never: it keeps its distance whatever flies at it (default, every older preset).
    None,
    /// Kinetic salvos only (their Attack Power is the closing speed squared).
    Kinetic,
    /// Every enemy salvo aimed at the ship (`brawler-v3`).
    Guided,
    /// Kinetic salvos always; every other salvo only when the ship that launched it holds
    /// its range, read from its moves (`dodge_plan::runs_from`, `range_watch`;
    /// `brawler-v8`).
    Read,
}

/// Which of its own weapons' range bands a ship that closes keeps the nearest enemy at (an
/// `Approach::Keep(None)` policy without `stand_off`; a `range` override replaces it).
///
/// Text: seed 004 "Stuff to Do: Direct Fire Attacks" — inside Precision Targeting range no
/// miss roll, crit chance ×3, the attacker picks the crit table, and sync fire (same-type
/// weapons summing their Attack Power into one hit) works only there; at Guaranteed Hit range
/// every shot still hits. Burns are the player's: `keep_at` is a policy setting, not a house
/// rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KeepAt {
    /// Its shortest Precision Targeting range (default, every brawler up to `brawler-v9`).
    Precision,
    /// Its shortest Guaranteed Hit range: every gun still hits without a roll, and the ship
    /// stays out of the knife fight at Precision Targeting range (the `pd-screen` distance;
    /// `brawler-v10`).
    Guaranteed,
}

/// How a policy moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Approach {
    /// Never burns.
    Hold,
    /// Keeps the nearest enemy at this distance (`None`: derived from its weapons).
    Keep(Option<i32>),
}

/// A side's AI.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Policy {
    /// Preset name.
    pub preset: &'static str,
    /// Movement.
    pub approach: Approach,
    /// The range band a closing ship keeps the nearest enemy at (`Approach::Keep(None)`
    /// without `stand_off`; `pd-screen` keeps its Guaranteed Hit range by name).
    pub keep_at: KeepAt,
    /// Distance rule when derived: keep at the fleet's shortest Precision Targeting range
    /// (false) or just outside the enemy's longest Probable Hit range (true).
    pub stand_off: bool,
    /// EWar priority.
    pub ewar: EwarPriority,
    /// Point-defense stance.
    pub pd: PdStance,
    /// Guided weapons launched per ship per turn.
    pub salvo: u32,
    /// Crit table chosen at Precision Targeting (and for Remote Guidance).
    pub crit_table: CritTable,
    /// Fires at all (false for test hulks).
    pub fires: bool,
    /// Combat stations in the order they are manned.
    pub stations: [Station; 5],
    /// Station that takes the crew left over.
    pub spare_station: Station,
    /// Engineering effect wanted.
    pub boost: Boost,
    /// Macrons out of range of their target lay Area Denial on its path instead.
    pub area_denial: bool,
    /// Far from the enemy, (slow-)charge the jump drive and jump to the kept distance from
    /// where the nearest enemy will be.
    pub jump_in: bool,
    /// Spend energy on interdiction while an enemy is charging a jump.
    pub interdict: bool,
    /// How burns are scored.
    pub burn: Burn,
    /// Direct fire may pick a surrendered enemy as its target (J40; a bad idea: the ship
    /// rejoins the battle and nobody surrenders to this side any more). Off in every preset.
    pub fire_on_surrendered: bool,
    /// Laser split fire over Redundant Emitters (J41).
    pub laser_split: LaserSplit,
    /// How an Excalibur burst divides its Attack Power (J60).
    pub excalibur_split: ExcaliburSplit,
    /// How many targets a Laser Relay divides its power between (J61).
    pub relay_split: RelaySplit,
    /// Which payload a launch carries (J63).
    pub payload_choice: PayloadChoice,
    /// Decoys fired with each VLS attack salvo (J31); 0: decoys fly as screens by their
    /// ship instead.
    pub salvo_decoys: u32,
    /// When Inertial Mines use their area mode (J50).
    pub mine_mode: MineMode,
    /// Missiles launched as point defense (J35, J51).
    pub pd_launches: PdLaunches,
    /// Massed salvos: a launch waits until at least this many of its guided weapons would get
    /// past the enemy's point defense, then the whole salvo flies
    /// (`launch_plan::massed_salvo`); 0: every turn's salvo flies (the old presets).
    pub salvo_leak: u32,
    /// Kinetic launches wait until the predicted hit is worth at least this much Attack Power
    /// (the kinetic formula at the impact speed of `launch_plan::kinetic_impact_speed`); 0:
    /// launched whatever the speed (the old presets).
    pub kinetic_min_ap: u32,
    /// While enemy salvos of this kind fly at a ship, it keeps the stand-off distance (just
    /// outside the enemy's longest reach) instead of its own (`dodge_plan::kept_distance`).
    pub dodge: Dodge,
    /// While the enemy ships in play still carry at least this many attacking guided weapons,
    /// a moving ship keeps the stand-off distance instead of its own
    /// (`engage_plan::keep_distance`); 0: off (every preset before `brawler-v4`).
    pub stand_off_magazine: u32,
    /// The last turn on which `stand_off_magazine` keeps a ship out (the game clock: two
    /// ships waiting for each other's magazines would wait out the battle).
    pub stand_off_turns: u32,
    /// `stand_off_magazine` keeps a ship out only while it closes on an enemy faster than
    /// this many hexes a turn (0: at any speed): the closing speed that a loaded kinetic
    /// launcher punishes (speed squared).
    pub stand_off_closing: u32,
    /// `stand_off_magazine` keeps a ship out only while some enemy ship comes at it (does not
    /// hold its range, `range_watch::holds_its_range` with the side's reading); against an
    /// enemy that brakes or waits, it closes at any speed. Off in every preset before
    /// `brawler-v10`.
    pub stand_off_reads: bool,
    /// Area Denial dodged (issue 17, `mark_dodge`): the burn search prices the Macron marks a
    /// candidate move runs into at this many hundredths of a hex of distance error per
    /// Attack Power; 0: off (every preset: it measured no gain, docs/configs.md "Area Denial
    /// dodged").
    pub mark_weight: u32,
    /// While the side is ahead on the game-end measure (J6), a moving ship keeps the
    /// stand-off distance: the clock plays for it. Off in every preset.
    pub hold_lead: bool,
    /// From this turn on, a ship that sits at the stand-off distance while the enemy keeps its
    /// own (neither closes) holds it instead of breaking the stand-off, while the enemy still
    /// carries loaded launchers and its side is not behind on the game-end measure
    /// (`engage_plan::keep_distance`); 0: off (every preset before `brawler-v5`).
    pub hold_from: u32,
    /// While an enemy ship's next launch is a kinetic one, a moving ship burns so that its
    /// position after the move does not invite it: the predicted hit
    /// (`launch_plan::predicted_kinetic_ap`) stays under this much Attack Power — the
    /// player's estimate of what a held kinetic launch waits for — unless no burn avoids it
    /// (`battle/maneuver.rs`, `guarded_burn`); 0: off (every preset before `brawler-v6`).
    pub kinetic_guard_ap: u32,
    /// The `kinetic_guard_ap` guard may also pick a burn that ends farther from the nearest
    /// enemy than the ship is now (back off to deny a launch); off (`brawler-v6`): it only
    /// holds or edges in, and against an enemy that comes at it, closes.
    pub kinetic_guard_retreat: bool,
    /// The `kinetic_guard_ap` guard reads only the enemy ships that hold their range: whose
    /// last move and marker close on the ship's hex by at most this many hexes a turn
    /// (`range_watch::holds_its_range`); an enemy that comes faster is met as `brawler-v5`
    /// meets it. `None`: every loaded kinetic launcher is guarded against (`brawler-v6`);
    /// `brawler-v7` 2.
    pub kinetic_guard_closing: Option<u32>,
    /// With `kinetic_guard_closing`: the first turn an enemy is read at all (before it,
    /// nothing has been seen and the guard is off; `brawler-v7` 2).
    pub kinetic_guard_from: u32,
    /// With `kinetic_guard_closing`: an enemy this many hexes away or nearer is not read as
    /// holding its range (0: at any distance; `brawler-v7` 0).
    pub kinetic_guard_beyond: u32,
    /// The late stand-off (`engage_plan::late_stand_off`): from this turn on, a ship whose
    /// own side's launchers are spent, with at most `late_stand_off_ships` ships left a side,
    /// behind on integrity by at least `late_stand_off_deficit` points and not behind on the
    /// game-end measure (J6), keeps out of the enemy's gun range (the stand-off distance)
    /// while it is farther than `late_stand_off_beyond` hexes; 0: off (every preset before
    /// `brawler-v9`).
    pub late_stand_off_from: u32,
    /// With `late_stand_off_from`: the most ships a side (each side) may have left in play.
    pub late_stand_off_ships: u32,
    /// With `late_stand_off_from`: how far (percentage points of each fleet's integrity still
    /// in play) the side must be behind the enemy's.
    pub late_stand_off_deficit: u32,
    /// With `late_stand_off_from`: at this many hexes from the nearest enemy or nearer it
    /// fights it out instead (inside the knife-fight range running only gives the enemy's
    /// guns a free turn).
    pub late_stand_off_beyond: u32,
    /// With `late_stand_off_from`: the late stand-off also holds while the side is behind on
    /// the game-end measure (J6); off (`brawler-v9`): behind, it attacks.
    pub late_stand_off_behind: bool,
    /// A ship beyond its kept distance does not close in on a nearest enemy that
    /// out-accelerates it: it keeps the distance it has (`outpaced::kept_when_outpaced`);
    /// off in every preset (measured for the missile boat, issue 17, session 31).
    pub hold_when_outpaced: bool,
}

impl Policy {
    /// Preset names.
    pub const PRESETS: &'static [&'static str] = &[
        "brawler",
        "missile-boat",
        "pd-screen",
        "jumper",
        "turret",
        "passive",
        "brawler-v2",
        "missile-boat-v2",
        "pd-screen-v2",
        "brawler-v3",
        "brawler-v4",
        "brawler-v5",
        "brawler-v6",
        "brawler-v7",
        "brawler-v8",
        "brawler-v9",
        "brawler-v10",
    ];

    /// A preset by name.
    pub fn preset(name: &str) -> Option<Policy> {
        let base = Policy {
            preset: "brawler",
            approach: Approach::Keep(None),
            keep_at: KeepAt::Precision,
            stand_off: false,
            ewar: EwarPriority::Sensors,
            pd: PdStance::WhenThreatened,
            salvo: 2,
            crit_table: CritTable::Systems,
            fires: true,
            stations: STATION_ORDER,
            spare_station: Station::DamageControl,
            boost: Boost::Acceleration,
            area_denial: true,
            jump_in: false,
            interdict: true,
            burn: Burn::Coast,
            fire_on_surrendered: false,
            laser_split: LaserSplit::Never,
            excalibur_split: ExcaliburSplit::Single,
            relay_split: RelaySplit::Single,
            payload_choice: PayloadChoice::First,
            salvo_decoys: 0,
            mine_mode: MineMode::Contact,
            pd_launches: PdLaunches::Excalibur,
            salvo_leak: 0,
            kinetic_min_ap: 0,
            dodge: Dodge::None,
            stand_off_magazine: 0,
            stand_off_turns: 0,
            stand_off_closing: 0,
            stand_off_reads: false,
            mark_weight: 0,
            hold_lead: false,
            hold_from: 0,
            kinetic_guard_ap: 0,
            kinetic_guard_retreat: false,
            kinetic_guard_closing: None,
            kinetic_guard_from: 0,
            kinetic_guard_beyond: 0,
            late_stand_off_from: 0,
            late_stand_off_ships: 0,
            late_stand_off_deficit: 0,
            late_stand_off_beyond: 0,
            late_stand_off_behind: false,
            hold_when_outpaced: false,
        };
        Some(match name {
            // Closes to Precision Targeting range: sync fire, ×3 crits, table choice.
            "brawler" => base,
            // Keeps out of the enemy's gun range, ECM first, launches big salvos.
            "missile-boat" => Policy {
                preset: "missile-boat",
                stand_off: true,
                ewar: EwarPriority::Ecm,
                salvo: 6,
                crit_table: CritTable::Power,
                boost: Boost::Energy,
                ..base
            },
            // Stays at Guaranteed Hit distance and keeps enough multi-target guns back to
            // cover the enemy's guided weapons in flight (J42).
            "pd-screen" => Policy {
                preset: "pd-screen",
                ewar: EwarPriority::Balanced,
                pd: PdStance::Cover,
                salvo: 1,
                boost: Boost::Energy,
                ..base
            },
            // A brawler that jumps into Precision Targeting range instead of flying there.
            "jumper" => Policy {
                preset: "jumper",
                jump_in: true,
                ..base
            },
            // Never moves; fires everything (shooting ranges).
            "turret" => Policy {
                preset: "turret",
                approach: Approach::Hold,
                pd: PdStance::Never,
                ..base
            },
            // Never moves, never fires, EWar off (a target hulk).
            "passive" => Policy {
                preset: "passive",
                approach: Approach::Hold,
                ewar: EwarPriority::Off,
                pd: PdStance::Never,
                salvo: 0,
                fires: false,
                area_denial: false,
                interdict: false,
                ..base
            },
            // Issue 17's generation: the same movement and fire, with launches a player
            // would time — salvos massed to put at least one weapon past the enemy's point
            // defense, kinetics only when the hit is worth 100 Attack Power (speed squared).
            "brawler-v2" => Policy {
                preset: "brawler-v2",
                salvo: 4,
                ..base.with_timed_launches()
            },
            "missile-boat-v2" => Policy {
                preset: "missile-boat-v2",
                ..Policy::preset("missile-boat")?.with_timed_launches()
            },
            "pd-screen-v2" => Policy {
                preset: "pd-screen-v2",
                salvo: 4,
                ..Policy::preset("pd-screen")?.with_timed_launches()
            },
            // Issue 17's second pass: `brawler-v2` that stands off while enemy salvos are in
            // flight at a ship and closes again once they are spent or down — the switch of
            // kept distance the search player made turn by turn (docs/configs.md). Running
            // from kinetics alone measured worse than not running at all.
            "brawler-v3" => Policy {
                preset: "brawler-v3",
                dodge: Dodge::Guided,
                ..Policy::preset("brawler-v2")?
            },
            // Issue 17's third pass: `brawler-v3` that also keeps out of reach while the enemy
            // still has missiles loaded, and closes once they are spent (or fewer than
            // `V4_STAND_OFF_MAGAZINE` are left) — the rest of the search player's switch.
            "brawler-v4" => Policy {
                preset: "brawler-v4",
                stand_off_magazine: V4_STAND_OFF_MAGAZINE,
                stand_off_turns: V4_STAND_OFF_TURNS,
                stand_off_closing: V4_STAND_OFF_CLOSING,
                ..Policy::preset("brawler-v3")?
            },
            // Issue 17's fourth pass: `brawler-v4` that does not break a stand-off against
            // loaded launchers — once both sides sit out of each other's reach it waits
            // (for the enemy to come, or for the clock) unless its side is behind.
            "brawler-v5" => Policy {
                preset: "brawler-v5",
                hold_from: V5_HOLD_FROM,
                ..Policy::preset("brawler-v4")?
            },
            // Issue 17's fifth pass: `brawler-v5` that reads the enemy's kinetic launch timing
            // one turn ahead — it does not end its move where a loaded kinetic launcher's hit
            // would be worth launching, and closes once the kinetics are spent or flying.
            "brawler-v6" => Policy {
                preset: "brawler-v6",
                kinetic_guard_ap: V6_KINETIC_GUARD_AP,
                ..Policy::preset("brawler-v5")?
            },
            // Issue 17's sixth pass: `brawler-v6`'s guard only against enemy ships that hold
            // their range (the missile boat's style, read from their moves), `brawler-v5`
            // against the ones that come at it.
            "brawler-v7" => Policy {
                preset: "brawler-v7",
                kinetic_guard_closing: Some(V7_READING.max_closing),
                kinetic_guard_from: V7_READING.from_turn,
                kinetic_guard_beyond: V7_READING.beyond,
                ..Policy::preset("brawler-v6")?
            },
            // Issue 17's seventh pass: `brawler-v7` that runs from a salvo of blasts (not
            // kinetics) only when its launcher holds its range — against an enemy that comes
            // at it anyway, running from its missiles only gives it the missile range.
            "brawler-v8" => Policy {
                preset: "brawler-v8",
                dodge: Dodge::Read,
                ..Policy::preset("brawler-v7")?
            },
            // Issue 17's eighth pass: `brawler-v8` that, late in a battle it is losing on
            // integrity but not yet on the game-end measure, with its own launchers spent and
            // one ship a side left, keeps out of the enemy's guns instead of trading at 3
            // hexes (`engage_plan::late_stand_off`): the clock plays for it.
            "brawler-v9" => Policy {
                preset: "brawler-v9",
                late_stand_off_from: V9_LATE_STAND_OFF.from_turn,
                late_stand_off_ships: V9_LATE_STAND_OFF.ships,
                late_stand_off_deficit: V9_LATE_STAND_OFF.deficit,
                late_stand_off_beyond: V9_LATE_STAND_OFF.beyond,
                ..Policy::preset("brawler-v8")?
            },
            // Issue 17's ninth pass: `brawler-v9` that keeps its Guaranteed Hit range instead
            // of closing to Precision Targeting range, holds back only the guns its point
            // defense needs (the `pd-screen`'s distance and stance, J42), and brakes for
            // loaded launchers only while an enemy comes at it (`stand_off_reads`).
            "brawler-v10" => Policy {
                preset: "brawler-v10",
                keep_at: KeepAt::Guaranteed,
                pd: PdStance::Cover,
                stand_off_reads: true,
                ..Policy::preset("brawler-v9")?
            },
            _ => return None,
        })
    }
}

impl Policy {
    /// The `-v2` launch timing on top of a preset: massed salvos that put at least one weapon
    /// past the point defense, kinetics held below 100 AP.
    fn with_timed_launches(self) -> Policy {
        Policy {
            salvo_leak: V2_SALVO_LEAK,
            kinetic_min_ap: V2_KINETIC_MIN_AP,
            ..self
        }
    }
}

/// `salvo_leak` of the `-v2` presets.
pub const V2_SALVO_LEAK: u32 = 1;
/// `kinetic_min_ap` of the `-v2` presets.
pub const V2_KINETIC_MIN_AP: u32 = 100;
/// `stand_off_magazine` of `brawler-v4`.
pub const V4_STAND_OFF_MAGAZINE: u32 = 1;
/// `stand_off_turns` of `brawler-v4`.
pub const V4_STAND_OFF_TURNS: u32 = 40;
/// `stand_off_closing` of `brawler-v4`.
pub const V4_STAND_OFF_CLOSING: u32 = 4;
/// `hold_from` of `brawler-v5`.
pub const V5_HOLD_FROM: u32 = 5;
/// `kinetic_guard_ap` of `brawler-v6`: the player's own estimate of a kinetic strike it cannot
/// afford, not the enemy policy's setting (which a player does not see) — just under a heavy
/// kinetic at 3 hexes a turn (8 × 3² = 72 AP; four of them take a gunship from 300 integrity
/// to 57 with crits). docs/configs.md, "`brawler-v6`", has the settings measured.
pub const V6_KINETIC_GUARD_AP: u32 = 70;
/// `brawler-v7`'s reading of the enemy's moves (`kinetic_guard_closing`, `kinetic_guard_from`,
/// `kinetic_guard_beyond`): an enemy ship whose own moves close on the ship by at most 2 hexes
/// a turn holds its range (a missile boat settling on its stand-off distance drifts in by 1–2;
/// a brawler comes at its acceleration, 3–5), read from turn 2 (on the first turn every ship is
/// at rest: nothing has been seen), at any distance. docs/configs.md, "`brawler-v7`".
pub const V7_READING: Reading = Reading {
    max_closing: 2,
    from_turn: 2,
    beyond: 0,
};

/// `brawler-v9`'s late stand-off settings (`late_stand_off_from`, `late_stand_off_ships`,
/// `late_stand_off_deficit`, `late_stand_off_beyond`): from turn 10, one ship a side, behind
/// on integrity by 10 points, beyond 5 hexes — where the search player of
/// `search-player-v8.toml` stood off against A's `brawler-v4` (docs/configs.md,
/// "`brawler-v9`").
pub const V9_LATE_STAND_OFF: LateStandOff = LateStandOff {
    from_turn: 10,
    ships: 1,
    deficit: 10,
    beyond: 5,
};

/// The settings of a late stand-off (`engage_plan::late_stand_off`), as one preset's constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LateStandOff {
    /// `late_stand_off_from`.
    pub from_turn: u32,
    /// `late_stand_off_ships`.
    pub ships: u32,
    /// `late_stand_off_deficit`.
    pub deficit: u32,
    /// `late_stand_off_beyond`.
    pub beyond: u32,
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.preset)?;
        let preset = Policy::preset(self.preset);
        if let Approach::Keep(Some(r)) = self.approach {
            write!(f, " range={r}")?;
        }
        if preset.is_some_and(|p| p.keep_at != self.keep_at) {
            match self.keep_at {
                KeepAt::Precision => f.write_str(" keep_at=precision")?,
                KeepAt::Guaranteed => f.write_str(" keep_at=guaranteed")?,
            }
        }
        if self.excalibur_split != ExcaliburSplit::Single {
            f.write_str(" excalibur_split=pierce")?;
        }
        if self.relay_split != RelaySplit::Single {
            f.write_str(" relay_split=pierce")?;
        }
        if self.payload_choice != PayloadChoice::First {
            f.write_str(" payload_choice=by-target")?;
        }
        if self.salvo_decoys > 0 {
            write!(f, " salvo_decoys={}", self.salvo_decoys)?;
        }
        match self.mine_mode {
            MineMode::Contact => {}
            MineMode::Crowded => f.write_str(" mine_mode=crowded")?,
            MineMode::Area => f.write_str(" mine_mode=area")?,
        }
        // The launch timing only where a side overrides its preset's.
        if preset.is_none_or(|p| p.salvo_leak != self.salvo_leak) {
            write!(f, " salvo_leak={}", self.salvo_leak)?;
        }
        if preset.is_none_or(|p| p.kinetic_min_ap != self.kinetic_min_ap) {
            write!(f, " kinetic_min_ap={}", self.kinetic_min_ap)?;
        }
        if preset.is_some_and(|p| p.dodge != self.dodge) {
            match self.dodge {
                Dodge::None => f.write_str(" dodge=none")?,
                Dodge::Kinetic => f.write_str(" dodge=kinetic")?,
                Dodge::Guided => f.write_str(" dodge=guided")?,
                Dodge::Read => f.write_str(" dodge=read")?,
            }
        }
        if preset.is_some_and(|p| p.stand_off_magazine != self.stand_off_magazine) {
            write!(f, " stand_off_magazine={}", self.stand_off_magazine)?;
        }
        if preset.is_some_and(|p| p.stand_off_turns != self.stand_off_turns) {
            write!(f, " stand_off_turns={}", self.stand_off_turns)?;
        }
        if preset.is_some_and(|p| p.stand_off_closing != self.stand_off_closing) {
            write!(f, " stand_off_closing={}", self.stand_off_closing)?;
        }
        if preset.is_some_and(|p| p.stand_off_reads != self.stand_off_reads) {
            write!(f, " stand_off_reads={}", self.stand_off_reads)?;
        }
        if preset.is_some_and(|p| p.mark_weight != self.mark_weight) {
            write!(f, " mark_weight={}", self.mark_weight)?;
        }
        if preset.is_some_and(|p| p.hold_lead != self.hold_lead) {
            write!(f, " hold_lead={}", self.hold_lead)?;
        }
        if preset.is_some_and(|p| p.hold_from != self.hold_from) {
            write!(f, " hold_from={}", self.hold_from)?;
        }
        if preset.is_some_and(|p| p.kinetic_guard_ap != self.kinetic_guard_ap) {
            write!(f, " kinetic_guard_ap={}", self.kinetic_guard_ap)?;
        }
        if preset.is_some_and(|p| p.kinetic_guard_retreat != self.kinetic_guard_retreat) {
            write!(f, " kinetic_guard_retreat={}", self.kinetic_guard_retreat)?;
        }
        if preset.is_some_and(|p| p.kinetic_guard_closing != self.kinetic_guard_closing) {
            match self.kinetic_guard_closing {
                Some(c) => write!(f, " kinetic_guard_closing={c}")?,
                None => f.write_str(" kinetic_guard_closing=-1")?,
            }
        }
        if preset.is_some_and(|p| p.kinetic_guard_from != self.kinetic_guard_from) {
            write!(f, " kinetic_guard_from={}", self.kinetic_guard_from)?;
        }
        if preset.is_some_and(|p| p.kinetic_guard_beyond != self.kinetic_guard_beyond) {
            write!(f, " kinetic_guard_beyond={}", self.kinetic_guard_beyond)?;
        }
        if preset.is_some_and(|p| p.late_stand_off_from != self.late_stand_off_from) {
            write!(f, " late_stand_off_from={}", self.late_stand_off_from)?;
        }
        if preset.is_some_and(|p| p.late_stand_off_ships != self.late_stand_off_ships) {
            write!(f, " late_stand_off_ships={}", self.late_stand_off_ships)?;
        }
        if preset.is_some_and(|p| p.late_stand_off_deficit != self.late_stand_off_deficit) {
            write!(f, " late_stand_off_deficit={}", self.late_stand_off_deficit)?;
        }
        if preset.is_some_and(|p| p.late_stand_off_beyond != self.late_stand_off_beyond) {
            write!(f, " late_stand_off_beyond={}", self.late_stand_off_beyond)?;
        }
        if preset.is_some_and(|p| p.late_stand_off_behind != self.late_stand_off_behind) {
            write!(f, " late_stand_off_behind={}", self.late_stand_off_behind)?;
        }
        if preset.is_some_and(|p| p.hold_when_outpaced != self.hold_when_outpaced) {
            write!(f, " hold_when_outpaced={}", self.hold_when_outpaced)?;
        }
        match self.pd_launches {
            PdLaunches::Excalibur => {}
            PdLaunches::All => f.write_str(" pd_launches=all")?,
            PdLaunches::None => f.write_str(" pd_launches=none")?,
        }
        Ok(())
    }
}
