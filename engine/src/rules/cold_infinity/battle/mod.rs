//! The battle: §2's turn sequence, turn by turn (digest D2).
//!
//! 1 Preliminary Actions ([`preliminary`]): power allocation (§3), initiative (§2.1.2), EW
//! (§4), the Weapon Launch Phase ([`launch`], §2.1.4, §9).
//! 2 Movement ([`movement`]): ships move one at a time in initiative order, highest first (§5).
//! 3 Weapons Fire ([`fire`]): fire determination from one snapshot (§7.2), defensive fire
//! (§11.1), the Guided Weapons Phase ([`guided`], §9, §11.1.6), the Starship Weapons Phase
//! resolved simultaneously (§7.3).
//! 4 Damage Effects ([`effects`]): fires, reactor detonation, ships out (§13).
//! 5 Final Actions: nothing yet (hangars, cargo, reloads are later rules).

pub mod arrival;
pub mod condition;
pub mod defences;
pub mod defensive_fire;
#[cfg(test)]
mod defensive_fire_tests;
pub mod effects;
pub mod fire;
pub mod guided;
pub mod guided_strike;
#[cfg(test)]
mod guided_tests;
pub mod intercepts;
pub mod launch;
pub mod movement;
#[cfg(test)]
mod plant_tests;
pub mod plants;
#[cfg(test)]
mod point_defense_tests;
pub mod preliminary;
pub mod reload;
#[cfg(test)]
mod reload_tests;
#[cfg(test)]
mod shield_tests;
pub mod shields;
pub mod system_batteries;
#[cfg(test)]
mod system_battery_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod torpedo_tests;
pub mod torpedoes;
pub mod tracking;
#[cfg(test)]
mod tracking_tests;
pub mod wave;
#[cfg(test)]
mod wave_tests;
pub mod weapon_damage;

use crate::dice::Roller;
use crate::hex::Hex;
use crate::observer::Observer;
use crate::outcome::{
    Ending, Outcome, ShareDeciders, ShipTally, Side, SideTally, Verdict, end_by_share,
};
use crate::trace;

use super::arming::Arming;
use super::damage_state::ShipDamage;
use super::defensive_fire::DfTally;
use super::design::Config;
use super::design::SystemKind;
use super::ew::EwAllocation;
use super::initiative::InitiativeEntry;
use super::matchup::{Disarmed, MAX_WEAPONS, Matchup};
use super::movement::Motion;
use super::power::{PowerNeed, SystemPower};
use super::preconditions::{AttackFacts, CannotFire};
use super::weapon_lines::WeaponLines;
use super::{
    DECIDED_ANNIHILATION, DECIDED_DISARMED_MEASURE, DECIDED_DISARMED_SIDE_OUT,
    DECIDED_DRAW_AT_TURN_CAP, DECIDED_DRAW_WHEN_DISARMED, DECIDED_MUTUAL_DESTRUCTION,
    DECIDED_TURN_CAP_MEASURE, Event,
};
use condition::Condition;
use guided::with_room;
use shields::ShieldNow;
use weapon_damage::WeaponNow;

/// One ship in battle (small and `Copy`; its damage lives in [`BattleState::damage`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShipState {
    /// Design index in the matchup.
    pub design: u16,
    /// Side.
    pub side: Side,
    /// Position, vector, facing, rotations.
    pub motion: Motion,
    /// Still in the battle (not destroyed, bridge not lost).
    pub alive: bool,
    /// Moved this turn already.
    pub moved: bool,
    /// Arming state per weapon mount.
    pub arming: [Arming; MAX_WEAPONS],
    /// The EW split this turn.
    pub ew: EwAllocation,
    /// Shroud radius this turn.
    pub shroud: i32,
    /// Power left after the systems are powered (enrichment).
    pub spare_power: i32,
    /// A capacitor's charge (§3.1.2: carried over between turns; 0 without one).
    pub capacitor_charge: i32,
    /// The batteries' charge (§3.1.3; 0 without one).
    pub battery_charge: i32,
    /// EW points this turn (§4: the sensors' points if the reactor, less what destroyed
    /// systems draw, covers the sensors' need), set with the power allocation.
    pub ew_points: i32,
    /// This turn's initiative entry.
    pub initiative: InitiativeEntry,
    /// The reactor was unstable at the end of last turn (§13.1.4).
    pub unstable: bool,
    /// Detonation rolls made so far (§13.1.4: the counter).
    pub unstable_rolls: u8,
    /// Damage dealt.
    pub dealt: u32,
    /// Damage taken.
    pub taken: u32,
}

/// One planned shot of the fire phase (§7.2: chosen by everyone from the same snapshot).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shot {
    /// Firing ship.
    pub attacker: u8,
    /// Mount index on the firing ship.
    pub mount: u8,
    /// Target ship.
    pub target: u8,
    /// The hit-roll DRM before defensive fire.
    pub drm: i16,
    /// Defensive fire against it (§11.1.1–3: SDF, and the AHDF and EDF groups with their caps;
    /// its `total` is the to-hit penalty).
    pub df: DfTally,
    /// Ablative defensive fire engaged against it (§11.1.5: SDF and the AHDF group, house rule
    /// `ablative_cap`; its `total` is the −DF that cuts a hit's damage, `fire::damage::
    /// ablative_reduction`).
    pub ablative: DfTally,
    /// The section it strikes (the attacker's pick on a seam).
    pub section: u8,
    /// Configuration.
    pub config: Config,
    /// Range in hexes.
    pub range: u16,
    /// Expected damage (the policies' measure).
    pub value: f64,
    /// A later turn of a tracking attack (§8.1.9): no hit roll, struck where the first hit
    /// struck (`tracking.rs`).
    pub follow: bool,
}

/// A worker's battle state, reused battle after battle.
#[derive(Debug, Default)]
pub struct BattleState {
    /// Ships, side A's first.
    pub ships: Vec<ShipState>,
    /// Damage per ship.
    pub damage: Vec<ShipDamage>,
    /// Damage at the start of the fire phase (§7.3).
    pub snapshot: Vec<ShipDamage>,
    /// Scratch damage per ship (one attack located against the snapshot).
    pub scratch: Vec<ShipDamage>,
    /// This phase's shots.
    pub shots: Vec<Shot>,
    /// Resolution order of the shots.
    pub shot_order: Vec<u16>,
    /// Movement order (ship indices).
    pub order: Vec<usize>,
    /// Initiative entries (by ship index).
    pub entries: Vec<InitiativeEntry>,
    /// Other units for line of sight (hex, Mass).
    pub others: Vec<(Hex, i32)>,
    /// The firing ship's sight of each ship this phase (§7.1.5 on: line of sight, range, EW,
    /// silhouette, section), computed on first need (`None`: not yet).
    pub sight: Vec<Option<Result<AttackFacts, CannotFire>>>,
    /// One weapon's possible shot at each ship (§7.1), for the two passes of its choice.
    pub plans: Vec<Option<Shot>>,
    /// Each ship's hull left at the start of the fire phase (the overkill guard of §7.2's
    /// policy).
    pub hull: Vec<f64>,
    /// Expected damage of the shots aimed at each ship so far this phase.
    pub aimed: Vec<f64>,
    /// Points each ship's hits claimed on each target this phase under `start-of-phase`
    /// (`claims[target * ships + attacker]`): the damage credit's split.
    pub claims: Vec<u32>,
    /// Turn number (1-based once begun).
    pub turn: u32,
    /// Per-side tallies.
    pub sides: [SideTally; 2],
    /// Per ship, per weapon mount: its Ratings after §13.1.9 reductions.
    pub weapons: Vec<Vec<WeaponNow>>,
    /// Per ship, per system: its power state (§3.2, §3.4: a destroyed active system keeps
    /// drawing).
    pub power: Vec<Vec<SystemPower>>,
    /// Per ship: what its damage leaves it, read once per damage state.
    pub condition: Vec<Condition>,
    /// Per ship: its shield generators (§11.2; empty for most designs).
    pub shields: Vec<Vec<ShieldNow>>,
    /// Damage by weapon (`weapon_lines.rs`).
    pub lines: WeaponLines,
    /// Per ship, per weapon mount: its tracking power and attack in progress (§8.1.9).
    pub tracks: Vec<Vec<tracking::MountTrack>>,
    /// Missile racks and guided weapons in flight (§9; `guided.rs`).
    pub guided: guided::GuidedState,
    /// A wave's path (§8.1.8; `wave.rs`), one unit per other ship at most.
    pub wave: Vec<super::fire::wave::WaveUnit>,
    /// Per ship: its system batteries (§3.1.4; empty for most designs).
    pub batteries: Vec<Vec<system_batteries::SystemBatteryNow>>,
}

/// A clone keeps every buffer's room (a copy that later fills a buffer further must not
/// allocate: the search player's `clone_from` + turn).
impl Clone for BattleState {
    fn clone(&self) -> Self {
        BattleState {
            ships: self.ships.clone(),
            damage: self.damage.clone(),
            snapshot: self.snapshot.clone(),
            scratch: self.scratch.clone(),
            shots: with_room(&self.shots, self.shots.capacity()),
            shot_order: with_room(&self.shot_order, self.shot_order.capacity()),
            order: with_room(&self.order, self.order.capacity()),
            entries: with_room(&self.entries, self.entries.capacity()),
            others: with_room(&self.others, self.others.capacity()),
            sight: with_room(&self.sight, self.sight.capacity()),
            plans: with_room(&self.plans, self.plans.capacity()),
            claims: with_room(&self.claims, self.claims.capacity()),
            hull: with_room(&self.hull, self.hull.capacity()),
            aimed: with_room(&self.aimed, self.aimed.capacity()),
            turn: self.turn,
            sides: self.sides,
            weapons: self.weapons.clone(),
            power: self.power.clone(),
            condition: self.condition.clone(),
            shields: self.shields.clone(),
            lines: self.lines.clone(),
            tracks: self.tracks.clone(),
            guided: self.guided.clone(),
            wave: self.wave.clone(),
            batteries: self.batteries.clone(),
        }
    }

    /// Field by field, reusing every buffer (a search player copies the position before every
    /// rollout without allocating).
    fn clone_from(&mut self, source: &Self) {
        self.ships.clone_from(&source.ships);
        self.damage.clone_from(&source.damage);
        self.snapshot.clone_from(&source.snapshot);
        self.scratch.clone_from(&source.scratch);
        self.shots.clone_from(&source.shots);
        self.shot_order.clone_from(&source.shot_order);
        self.order.clone_from(&source.order);
        self.entries.clone_from(&source.entries);
        self.others.clone_from(&source.others);
        self.sight.clone_from(&source.sight);
        self.plans.clone_from(&source.plans);
        self.claims.clone_from(&source.claims);
        self.hull.clone_from(&source.hull);
        self.aimed.clone_from(&source.aimed);
        self.turn = source.turn;
        self.sides = source.sides;
        self.weapons.clone_from(&source.weapons);
        self.power.clone_from(&source.power);
        self.condition.clone_from(&source.condition);
        self.shields.clone_from(&source.shields);
        self.lines.clone_from(&source.lines);
        self.tracks.clone_from(&source.tracks);
        self.guided.clone_from(&source.guided);
        self.wave.clone_from(&source.wave);
        self.batteries.clone_from(&source.batteries);
    }
}

impl BattleState {
    /// State sized for `m`: every buffer at its largest, so a battle allocates nothing.
    pub fn for_matchup(m: &Matchup) -> Self {
        let n = m.start.len();
        let damage: Vec<ShipDamage> = (0..n)
            .map(|i| ShipDamage::new(&m.design_of(i).design))
            .collect();
        let shots: usize = (0..n)
            .map(|i| {
                m.design_of(i)
                    .mounts
                    .iter()
                    .map(|w| {
                        // A wave's shots each roll against up to every other ship (§8.1.8).
                        let per = if wave::is_wave(&w.weapon) { n } else { 1 };
                        usize::from(w.weapon.rof.shots.max(1)) * per
                    })
                    .sum::<usize>()
            })
            .sum();
        BattleState {
            ships: Vec::with_capacity(n),
            snapshot: damage.clone(),
            scratch: damage.clone(),
            damage,
            shots: Vec::with_capacity(shots),
            shot_order: Vec::with_capacity(shots),
            order: Vec::with_capacity(n),
            entries: vec![InitiativeEntry::default(); n],
            others: Vec::with_capacity(n),
            sight: vec![None; n],
            plans: vec![None; n],
            claims: vec![0; n * n],
            hull: vec![0.0; n],
            aimed: vec![0.0; n],
            turn: 0,
            sides: [SideTally::default(); 2],
            weapons: (0..n).map(|i| fresh_weapons(m, i).collect()).collect(),
            power: (0..n).map(|i| fresh_power(m, i).collect()).collect(),
            condition: (0..n)
                .map(|i| Condition::new(&m.design_of(i).design))
                .collect(),
            shields: (0..n)
                .map(|i| shields::fresh_shields(m, i).collect())
                .collect(),
            lines: WeaponLines::for_matchup(m, shots),
            tracks: (0..n)
                .map(|i| tracking::fresh_tracks(m, i).collect())
                .collect(),
            guided: guided::GuidedState::for_matchup(m),
            wave: Vec::with_capacity(n),
            batteries: (0..n)
                .map(|i| system_batteries::fresh(m, i).collect())
                .collect(),
        }
    }

    /// Count one event for `side`.
    pub fn event(&mut self, side: Side, e: Event) {
        self.sides[side.index()].events[e as usize] += 1;
    }

    /// Ships of `side` still in the battle.
    #[inline]
    pub fn alive(&self, side: Side) -> usize {
        self.ships
            .iter()
            .filter(|s| s.alive && s.side == side)
            .count()
    }
}

/// Ship `i`'s weapons undamaged, each with its twin ([`weapon_damage::mount_twins`]).
fn fresh_weapons(m: &Matchup, i: usize) -> impl Iterator<Item = WeaponNow> + '_ {
    let mounts = &m.design_of(i).mounts;
    mounts
        .iter()
        .zip(weapon_damage::mount_twins(mounts))
        .map(|(w, twin)| WeaponNow {
            twin,
            ..WeaponNow::new(&w.weapon)
        })
}

/// How a system draws power in the battle (§3.3, §16.4.11): weapons, torpedo systems
/// (§17.2.2), sensors and shields (§11.2) their requirement; engines and missile racks are zero-power; the rest is not
/// powered by the battle's books.
pub fn power_need(kind: &SystemKind) -> PowerNeed {
    match *kind {
        SystemKind::Weapon(w) => PowerNeed::Powered(i32::from(w.power)),
        SystemKind::Shield(s) => PowerNeed::Powered(i32::from(s.power)),
        SystemKind::Sensors { power, .. } => PowerNeed::Powered(i32::from(power)),
        SystemKind::Torpedo { power } => PowerNeed::Powered(i32::from(power)),
        SystemKind::Engine { .. } | SystemKind::MissileRack { .. } => PowerNeed::ZeroPower,
        _ => PowerNeed::Unpowered,
    }
}

/// Ship `i`'s systems undamaged and switched on.
fn fresh_power(m: &Matchup, i: usize) -> impl Iterator<Item = SystemPower> + '_ {
    m.design_of(i)
        .design
        .systems
        .iter()
        .map(|s| SystemPower::on(power_need(&s.kind)))
}

/// Set up a battle: every ship at its start, undamaged, its active weapons armed (§7.1.3).
pub fn begin(m: &Matchup, st: &mut BattleState) {
    st.ships.clear();
    for (i, s) in m.start.iter().enumerate() {
        let d = m.design_of(i);
        let mut arming = [Arming::default(); MAX_WEAPONS];
        for (a, w) in arming.iter_mut().zip(&d.mounts) {
            *a = Arming::battle_start(w.weapon.rof, true);
        }
        // The plants' capacity undamaged: what `Condition::refresh` sums for every turn, read
        // once here at zero damage (the read stays valid until the first hit).
        st.damage[i].reset();
        st.condition[i].invalidate();
        let cond = &mut st.condition[i];
        cond.refresh(&d.design, &st.damage[i], &m.rules.movement);
        let capacity = (cond.capacitor.0, cond.battery.0);
        let (capacitor_charge, battery_charge) =
            plants::starting_charges(capacity, &m.rules.movement);
        st.ships.push(ShipState {
            design: s.design,
            side: s.side,
            motion: s.motion,
            alive: true,
            moved: false,
            arming,
            ew: EwAllocation::default(),
            shroud: 0,
            spare_power: 0,
            capacitor_charge,
            battery_charge,
            ew_points: 0,
            initiative: InitiativeEntry::default(),
            unstable: false,
            unstable_rolls: 0,
            dealt: 0,
            taken: 0,
        });
        // Undamaged; the twins were worked out with the state (`for_matchup`).
        for (w, mount) in st.weapons[i].iter_mut().zip(&d.mounts) {
            *w = WeaponNow {
                twin: w.twin,
                ..WeaponNow::new(&mount.weapon)
            };
        }
        for (p, fresh) in st.power[i].iter_mut().zip(fresh_power(m, i)) {
            *p = fresh;
        }
        for (s, fresh) in st.shields[i].iter_mut().zip(shields::fresh_shields(m, i)) {
            *s = fresh;
        }
        for t in st.tracks[i].iter_mut() {
            *t = tracking::MountTrack::default();
        }
        for (b, fresh) in st.batteries[i]
            .iter_mut()
            .zip(system_batteries::fresh(m, i))
        {
            *b = fresh;
        }
    }
    st.guided.begin(m);
    st.shots.clear();
    st.turn = 0;
    st.sides = [SideTally::default(); 2];
    st.lines.reset();
}

/// One turn (§2); `true` when the battle is over.
pub fn turn<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) -> bool {
    st.turn += 1;
    trace!(obs, "turn {}", st.turn);
    preliminary::power_allocation(m, st, dice);
    system_batteries::trace_turn(m, st, obs);
    preliminary::initiative(m, st, dice, obs);
    preliminary::electronic_warfare(m, st, dice);
    launch::weapon_launch_phase(m, st, dice, obs);
    movement::movement_step(m, st, dice, obs);
    fire::weapons_fire_step(m, st, dice, obs);
    effects::damage_effects_step(m, st, dice, obs);
    reload::final_actions(m, st, dice, obs);
    st.alive(Side::A) == 0
        || st.alive(Side::B) == 0
        || st.turn >= m.scenario.turn_cap
        || armed_sides(m, st) != [true, true]
}

/// Whether ship `i` can still attack (house rule `disarmed`): it is in play and has a weapon
/// mount not destroyed (§13.1.9 lowers a damaged weapon's Ratings but leaves it able to fire)
/// or a working rack with a missile left (§9.2.1, §13.1.10). Missiles strike on the turn they
/// are launched (§9), so none is in flight between turns; drones, which would be, are not
/// played.
pub fn can_attack(m: &Matchup, st: &mut BattleState, i: usize) -> bool {
    if !st.ships[i].alive {
        return false;
    }
    let bd = m.design_of(i);
    st.condition[i].refresh(&bd.design, &st.damage[i], &m.rules.movement);
    let destroyed = &st.condition[i].destroyed;
    bd.mounts.iter().any(|w| !destroyed[usize::from(w.sys)]) || st.guided.loaded(i)
}

/// Per side, whether any of its ships can still attack ([`can_attack`]); both `true` under
/// `disarmed = fights-on`, where a disarmed ship stays in the battle.
pub fn armed_sides(m: &Matchup, st: &mut BattleState) -> [bool; 2] {
    if m.scenario.disarmed == Disarmed::FightsOn {
        return [true, true];
    }
    let mut armed = [false, false];
    for i in 0..st.ships.len() {
        let k = st.ships[i].side.index();
        if !armed[k] && can_attack(m, st, i) {
            armed[k] = true;
        }
    }
    armed
}

/// Score the ended battle: the last side with ships wins (house rule: the text has no victory
/// conditions); with both sides in play, a side with no ship left that can attack is out of the
/// fight (house rule `disarmed`), and when neither can, or at the turn cap, the larger share of
/// enemy structure destroyed wins (house rule `turn_cap`).
pub fn finish<O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    obs: &mut O,
    ships: &mut [ShipTally],
) -> Outcome {
    let (a, b) = (st.alive(Side::A), st.alive(Side::B));
    let mut sides = st.sides;
    let mut lost = [0u64; 2];
    let mut total = [0u64; 2];
    for (i, s) in st.ships.iter().enumerate() {
        let k = s.side.index();
        let d = &m.design_of(i).design;
        let dmg = &st.damage[i];
        sides[k].damage_dealt += s.dealt;
        sides[k].damage_taken += s.taken;
        let hull: u64 = d.sections.iter().map(|x| u64::from(x.hull)).sum();
        let sys: u64 = d.systems.iter().map(|x| u64::from(x.structure)).sum();
        total[k] += hull + sys;
        lost[k] += if s.alive {
            dmg.structure_lost(d)
        } else {
            hull + sys
        };
        if s.alive {
            sides[k].survivors += 1;
        } else {
            sides[k].points_lost += d.cp;
        }
        ships[i] = ShipTally {
            damage_dealt: s.dealt,
            damage_taken: s.taken,
            destroyed: !s.alive,
            ..ships[i]
        };
    }
    // House rule `disarmed`: with both sides in play, a side that cannot attack is out of the
    // fight; if neither can, the turn cap's measure decides now.
    let armed = if a > 0 && b > 0 {
        armed_sides(m, st)
    } else {
        [true, true]
    };
    let deciders = ShareDeciders {
        annihilation: DECIDED_ANNIHILATION,
        mutual_destruction: DECIDED_MUTUAL_DESTRUCTION,
        measure: DECIDED_TURN_CAP_MEASURE,
        draw_at_cap: DECIDED_DRAW_AT_TURN_CAP,
    };
    let (verdict, ending, decided_by) = match armed {
        [true, true] => end_by_share([a, b], lost, total, deciders),
        [false, false] => {
            trace!(obs, "neither side has a ship that can attack");
            let deciders = ShareDeciders {
                measure: DECIDED_DISARMED_MEASURE,
                draw_at_cap: DECIDED_DRAW_WHEN_DISARMED,
                ..deciders
            };
            end_by_share([a, b], lost, total, deciders)
        }
        [a_armed, _] => {
            let (winner, out) = if a_armed {
                (Side::A, Side::B)
            } else {
                (Side::B, Side::A)
            };
            trace!(
                obs,
                "side {out} is out of the fight: no ship of it can attack (every weapon destroyed, no missile left)"
            );
            (
                Verdict::Win(winner),
                Ending::Annihilation,
                DECIDED_DISARMED_SIDE_OUT,
            )
        }
    };
    trace!(
        obs,
        "end after turn {}: {} (decided by {})",
        st.turn,
        verdict.words(),
        super::DECIDERS[usize::from(decided_by)].name
    );
    Outcome {
        verdict,
        standing: verdict,
        ending,
        decided_by,
        turns: st.turn,
        sides,
    }
}
