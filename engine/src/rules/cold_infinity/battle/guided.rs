//! Guided weapons in the battle (§9, §11.1.6, §13.1.10; digest D10), at their places in §2's
//! sequence of play:
//!
//! * **Weapon Launch Phase** ([`weapon_launch_phase`], after EW, before movement, §2.1.4):
//!   each rack first checks last turn's damage (§13.1.10: capacity −4 a point, then the 1d6
//!   destruction roll — house rule `rack_roll`; missiles lost by `lost_missiles`); then every
//!   intact rack that may launch (§7.1: armed, the target in arc and line of sight, within the
//!   launch range, §9.0) launches up to its RoF at the target `guided_plan` picks; a marker
//!   stays on the launch hex (`guided::flights::Flights`, fixed capacity).
//! * **Guided Weapons Phase** ([`guided_weapons_phase`], after fire determination and
//!   defensive fire, before the Starship Weapons Phase, §2.3.2.1): each weapon in launch order
//!   arrives or fizzles (§9.1: maximum range and line of sight from the marker; an enemy
//!   blocker becomes the target); the defenders' weapons that hold fire and are not on
//!   defensive fire are then spread over the arrivals as intercepts (§11.1.6,
//!   [`guided_plan::intercept_gain`](super::super::guided_plan::intercept_gain): each to the
//!   weapon where it saves the most expected damage); then each weapon, in launch order, rolls
//!   its intercepts, rolls to hit (§9.0, §7.5.3.1) and strikes through
//!   `fire::attack::resolve_attack` (`guided::strike`). "All damage scored by guided weapons is
//!   applied at the end of this phase" (§7.3): each hit is located against the phase's start,
//!   and the launching ship is credited its share as in the Starship Weapons Phase.
//!
//! Anti-missile rockets, chaff and flares (§11.5) are planned with the intercepts and used
//! after them (`battle/defences.rs`). Not played yet (refused by the config): torpedoes,
//! drones, reload racks; defensive fire is spent on starship shots only (guided weapons are
//! met by intercepts and the specialized defences). A ship destroyed in this phase still fires in the Starship Weapons
//! Phase (ships leave the battle in the Damage Effects Step, as for direct fire).

use crate::dice::Roller;
use crate::hex::Hex;
use crate::observer::Observer;
use crate::trace;

use super::super::arcs::can_bear;
use super::super::armor::section_armor;
use super::super::aspect::{Pose, struck_sections};
use super::super::damage_effects::{rack_capacity, rack_rolls};
use super::super::ew::EwAttacker;
use super::super::fire::attack::Defences;
use super::super::fire::hit_roll::HitBand;
use super::super::guided::defences::{DefenceKind, DefenceNow};
use super::super::guided::flight::{Arrival, Sight, arrival};
use super::super::guided::flights::{Flights, MAX_FLIGHTS};
use super::super::guided::hit::{
    Fate, GuidedAim, amplification, guided_modifiers, guided_phase, launcher_accuracy,
};
use super::super::guided::launch::{Flight, LaunchFacts, LauncherState, launch_missile};
use super::super::guided::magazine::Magazine;
use super::super::guided::strike::resolve_strike;
use super::super::guided::types::Munition;
use super::super::guided_plan::{intercept_gain, launch_value, reaches, survives, worth_launching};
use super::super::intercepts::{amrs_drm, intercept_attempts, intercept_drm};
use super::super::matchup::Matchup;
use super::super::policy::{choose_seam, pick_tie, system_pick};
use super::super::preconditions::{AttackFacts, CannotFire, Firer, Target, sight_facts};
use super::super::weapon_lines::rack_line;
use super::BattleState;
use super::fire::pose;
use super::weapon_damage::weapon_now;
use crate::rules::cold_infinity::Event;

/// Most intercept attempts on one guided weapon.
const MAX_ATTEMPTS: usize = 64;

/// Most intercept attempts one weapon makes (§11.1.6: at ranges 4, 2, 1, 1).
const MOST_TRIES: usize = 4;

/// A guided weapon that arrived this phase (§9.1), as the defenders' plan and the strike see
/// it.
#[derive(Clone, Copy, Debug)]
pub struct Arrived {
    /// Its target (an enemy blocker it locked onto, or the one it was launched at).
    pub(super) target: u8,
    /// Its launch hex (the marker).
    pub(super) launch_hex: Hex,
    /// What it is.
    pub(super) munition: Munition,
    /// The target seen from the marker.
    pub(super) facts: AttackFacts,
    /// Its own amplification (intercepts and AMRS subtract it).
    pub(super) amp: i16,
    /// Its launcher's accuracy bonus (intercepts and AMRS subtract it).
    pub(super) acc: i16,
    /// Its to-hit DRM before chaff and flares.
    pub(super) drm: i16,
    /// The armor its technology meets on the struck section.
    pub(super) armor: u16,
    /// Its expected damage if it survives (the plan's measure).
    pub(super) value: f64,
    /// Its chance to survive the intercepts and salvos assigned so far.
    pub(super) survival: f64,
    /// Intercept attempts assigned to it.
    pub(super) attempts: u8,
    /// Anti-missile salvos assigned to it (§11.5.1).
    pub(super) salvos: u8,
    /// A flare's penalty on it (§11.5.3), 0 if none.
    pub(super) flare: i16,
}

impl Arrived {
    /// Its expected damage if it survives, at `penalty` less to hit (chaff and flares).
    pub(super) fn value_less(&self, penalty: i16) -> f64 {
        if penalty == 0 {
            self.value
        } else {
            launch_value(&self.munition, self.drm - penalty, self.armor)
        }
    }
}

/// One missile rack's state in a battle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RackNow {
    /// Arming and launches this turn.
    pub launcher: LauncherState,
    /// Missiles left, in loaded order.
    pub magazine: Magazine,
    /// Structure lost when last checked (§13.1.10's roll is made for new damage only).
    pub lost_seen: u16,
    /// Destroyed (by damage, or by the §13.1.10 roll).
    pub destroyed: bool,
}

/// The battle's guided weapons: racks, flights and the phase's bookkeeping. Sized once per
/// matchup; nothing allocates in a battle (`clone_from` reuses every buffer).
#[derive(Debug, Default)]
pub struct GuidedState {
    /// Weapons in flight, in launch order.
    pub flights: Flights,
    /// Each flight's rack and missile type (the trace's words), in launch order.
    pub origin: Vec<(u8, u8)>,
    /// Per ship, per rack.
    pub racks: Vec<Vec<RackNow>>,
    /// Per ship: its mounts on defensive fire this turn (bit per mount; set by
    /// `fire::defensive_fire`), which may not intercept (§11.1.6).
    pub df_mask: Vec<u32>,
    /// Expected guided damage launched at each ship this turn (the wreck guard).
    pub aimed: Vec<f64>,
    /// One guided weapon's intercept DRMs.
    attempts: Vec<i16>,
    /// This phase's arrivals, in launch order (`None`: gone, out of range, no sight).
    pub(super) arrived: Vec<Option<Arrived>>,
    /// This phase's intercept attempts, in the order assigned: (flight, DRM).
    assigned: Vec<(u8, i16)>,
    /// Per ship: its mounts intercepting this phase (bit per mount).
    intercepting: Vec<u32>,
    /// Per ship, per specialized defence (§11.5): salvos or loads left, used this turn.
    pub defences: Vec<Vec<DefenceNow>>,
    /// Per ship: the chaff penalty it deployed in its hex this phase (§11.5.2), 0 if none.
    pub(super) chaff: Vec<i16>,
    /// This phase's anti-missile salvos: (ship, defence, flight) (`amrs_salvos`).
    pub(super) salvo_log: Vec<(u8, u8, u8)>,
}

impl Clone for GuidedState {
    fn clone(&self) -> Self {
        GuidedState {
            flights: self.flights,
            origin: with_room(&self.origin, MAX_FLIGHTS),
            racks: self.racks.clone(),
            df_mask: self.df_mask.clone(),
            aimed: self.aimed.clone(),
            attempts: with_room(&self.attempts, MAX_ATTEMPTS),
            arrived: with_room(&self.arrived, MAX_FLIGHTS),
            assigned: with_room(&self.assigned, self.assigned.capacity()),
            intercepting: self.intercepting.clone(),
            defences: self.defences.clone(),
            chaff: self.chaff.clone(),
            salvo_log: with_room(&self.salvo_log, self.salvo_log.capacity()),
        }
    }

    /// Field by field, reusing every buffer (a search player copies positions).
    fn clone_from(&mut self, source: &Self) {
        self.flights = source.flights;
        self.origin.clone_from(&source.origin);
        self.racks.clone_from(&source.racks);
        self.df_mask.clone_from(&source.df_mask);
        self.aimed.clone_from(&source.aimed);
        self.attempts.clone_from(&source.attempts);
        self.arrived.clone_from(&source.arrived);
        self.assigned.clone_from(&source.assigned);
        self.intercepting.clone_from(&source.intercepting);
        self.defences.clone_from(&source.defences);
        self.chaff.clone_from(&source.chaff);
        self.salvo_log.clone_from(&source.salvo_log);
    }
}

/// A copy of `v` with room for `cap` (a clone must not allocate when it later fills up).
pub(super) fn with_room<T: Clone>(v: &[T], cap: usize) -> Vec<T> {
    let mut out = Vec::with_capacity(cap.max(v.len()));
    out.extend_from_slice(v);
    out
}

impl GuidedState {
    /// Whether ship `i` has a working rack with a missile left (it can still attack, and a
    /// gunless ship keeps its range).
    pub fn loaded(&self, i: usize) -> bool {
        self.racks[i]
            .iter()
            .any(|r| !r.destroyed && r.magazine.total() > 0)
    }

    /// Sized for `m`.
    pub fn for_matchup(m: &Matchup) -> GuidedState {
        let n = m.start.len();
        let mounts: usize = (0..n).map(|i| m.design_of(i).mounts.len()).sum();
        let salvos: usize = (0..n)
            .flat_map(|i| &m.design_of(i).defences)
            .map(|d| match d.kind {
                DefenceKind::Amrs { rof, .. } => usize::from(rof),
                _ => 0,
            })
            .sum();
        GuidedState {
            flights: Flights::default(),
            origin: Vec::with_capacity(MAX_FLIGHTS),
            racks: (0..n).map(|i| fresh_racks(m, i).collect()).collect(),
            df_mask: vec![0; n],
            aimed: vec![0.0; n],
            attempts: Vec::with_capacity(MAX_ATTEMPTS),
            arrived: Vec::with_capacity(MAX_FLIGHTS),
            assigned: Vec::with_capacity(mounts * MOST_TRIES),
            intercepting: vec![0; n],
            defences: (0..n).map(|i| fresh_defences(m, i).collect()).collect(),
            chaff: vec![0; n],
            salvo_log: Vec::with_capacity(salvos),
        }
    }

    /// The start of a battle: full magazines, active racks armed (§7.1.3), nothing in flight.
    pub fn begin(&mut self, m: &Matchup) {
        for (i, racks) in self.racks.iter_mut().enumerate() {
            for (r, fresh) in racks.iter_mut().zip(fresh_racks(m, i)) {
                *r = fresh;
            }
        }
        for (i, defences) in self.defences.iter_mut().enumerate() {
            for (now, fresh) in defences.iter_mut().zip(fresh_defences(m, i)) {
                *now = fresh;
            }
        }
        self.flights.reset();
        self.origin.clear();
        self.df_mask.fill(0);
    }

    /// Whether any ship carries racks (else both phases do nothing and roll nothing).
    fn any_racks(&self) -> bool {
        self.racks.iter().any(|r| !r.is_empty())
    }
}

fn fresh_racks(m: &Matchup, i: usize) -> impl Iterator<Item = RackNow> + '_ {
    m.design_of(i).racks.iter().map(|r| RackNow {
        launcher: LauncherState::battle_start(r.rack.rof(), true),
        magazine: r.load,
        lost_seen: 0,
        destroyed: false,
    })
}

fn fresh_defences(m: &Matchup, i: usize) -> impl Iterator<Item = DefenceNow> + '_ {
    m.design_of(i).defences.iter().map(|d| d.fresh())
}

/// The target as §7.1 and §7.3.1.1 see it.
fn target_of(m: &Matchup, st: &BattleState, t: usize) -> Target {
    let td = &m.design_of(t).design;
    Target {
        pose: pose(st, t),
        mass: i32::from(td.mass_tenths),
        fa: i32::from(td.sil_fa),
        ps: i32::from(td.sil_ps),
        layout: td.layout(),
        ecm: i32::from(st.ships[t].ew.ecm),
    }
}

/// Sight from `from` (a ship's hex or a marker) to ship `t`, past every other ship in the
/// battle but `t` and those in `from`'s hex (§7.1.5): the facts, or why not.
fn sight_from(
    m: &Matchup,
    st: &mut BattleState,
    from: Pose,
    t: usize,
    except: Option<usize>,
) -> Result<AttackFacts, CannotFire> {
    st.others.clear();
    for (j, s) in st.ships.iter().enumerate() {
        if s.alive && j != t && Some(j) != except && s.motion.pos != from.pos {
            st.others
                .push((s.motion.pos, i32::from(m.design_of(j).design.mass_tenths)));
        }
    }
    let firer = Firer {
        pose: from,
        // Arc and arming are not read by `sight_facts` (the launch checks the rack's arc).
        arc: super::super::arcs::FiringArc {
            centre: super::super::geometry::ArcCentre::facing(1),
            shape: super::super::arcs::ArcShape::Turret,
            keel: false,
        },
        arming: Default::default(),
        rof: Default::default(),
        ew: EwAttacker {
            pos: from.pos,
            shroud_radius: 0,
            amplification: 0,
            small_vessel: false,
        },
        ignores_ecm: false,
        ess: Default::default(),
    };
    let target = target_of(m, st, t);
    sight_facts(&m.rules.movement, &firer, &target, &st.others)
}

/// Hull left on ship `t` (the wreck guard's measure).
fn hull_left(m: &Matchup, st: &BattleState, t: usize) -> f64 {
    let d = &m.design_of(t).design;
    (0..d.sections.len())
        .map(|s| f64::from(st.damage[t].hull_left(d, s)))
        .sum()
}

/// §2.1.4 Weapon Launch Phase (before movement).
pub fn weapon_launch_phase<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) {
    if !st.guided.any_racks() {
        return;
    }
    for i in 0..st.ships.len() {
        let bd = m.design_of(i);
        for (r, mount) in bd.racks.iter().enumerate() {
            let now = &mut st.guided.racks[i][r];
            if st.turn > 1 {
                now.launcher.end_turn(mount.rack.rof(), &m.rules.movement);
            }
        }
        if st.ships[i].alive {
            rack_damage(m, st, i, dice, obs);
        }
    }
    st.guided.aimed.fill(0.0);
    for i in 0..st.ships.len() {
        if !st.ships[i].alive {
            continue;
        }
        for r in 0..m.design_of(i).racks.len() {
            while launch_one(m, st, i, r, dice, obs) {}
        }
    }
}

/// §13.1.10 for ship `i`'s racks: new damage lowers the capacity by 4 a point (missiles beyond
/// it lost, `lost_missiles`), then the 1d6 destruction roll(s) (`rack_roll`; rolled at the next
/// Weapon Launch Phase, once per turn in which the rack was damaged); a rack with no structure
/// left is destroyed.
fn rack_damage<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    dice: &mut R,
    obs: &mut O,
) {
    let bd = m.design_of(i);
    for (r, mount) in bd.racks.iter().enumerate() {
        let sys = bd.design.systems[usize::from(mount.sys)];
        let left = st.damage[i].system_left(&bd.design, mount.sys);
        let lost = sys.structure - left;
        let now = &mut st.guided.racks[i][r];
        if now.destroyed || lost <= now.lost_seen {
            continue;
        }
        let points = lost - now.lost_seen;
        now.lost_seen = lost;
        let mut destroyed = left == 0;
        if !destroyed {
            for _ in 0..rack_rolls(points, m.rules.fire.rack_roll) {
                if dice.d6() == 1 {
                    destroyed = true;
                    break;
                }
            }
        }
        if destroyed {
            now.destroyed = true;
            now.magazine.clear();
            trace!(
                obs,
                "  {}'s missile rack {} is destroyed (§13.1.10)",
                m.names[i],
                r + 1
            );
        } else {
            let capacity = rack_capacity(mount.rack.magazine, lost);
            now.magazine
                .shrink_to(capacity, m.rules.guided.lost_missiles);
        }
    }
}

/// Launches one missile from rack `r` of ship `i` if it may and a target is worth it;
/// `false` when it launches no more this turn.
fn launch_one<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    r: usize,
    dice: &mut R,
    obs: &mut O,
) -> bool {
    let bd = m.design_of(i);
    let mount = bd.racks[r];
    let now = st.guided.racks[i][r];
    if now.destroyed || !now.launcher.can_launch(mount.rack.rof()) {
        return false;
    }
    // The next missile (loaded order; under `missile_order = any` the top one too: the
    // policy does not pick types).
    let Some(ty) = now.magazine.top() else {
        return false;
    };
    let munition = mount.types[usize::from(ty)];
    let launch_range = munition.launch_range_with(mount.rack.range_boost);
    let max_range = munition.max_range_with(mount.rack.range_boost);
    let me = pose(st, i);
    let mut best = f64::MIN;
    let mut ties = 0u32;
    let mut found: Option<(usize, u16)> = None;
    for pass in 0..2 {
        let pick = if pass == 1 { pick_tie(dice, ties) } else { 0 };
        let mut seen = 0u32;
        for t in 0..st.ships.len() {
            if !st.ships[t].alive || st.ships[t].side == st.ships[i].side {
                continue;
            }
            let them = st.ships[t].motion;
            let bears = can_bear(
                &m.rules.movement.arcs,
                m.rules.movement.rotated_arcs,
                mount.arc,
                me.pos,
                me.facing,
                me.roll,
                me.tumble,
                them.pos,
            );
            if !bears {
                continue;
            }
            let range = me.pos.distance(them.pos).max(0) as u16;
            let predicted = me.pos.distance(them.pos.add(them.velocity)).max(0) as u16;
            if range > launch_range || !reaches(max_range, predicted) {
                continue;
            }
            let Ok(facts) = sight_from(m, st, me, t, Some(i)) else {
                continue;
            };
            let td = &m.design_of(t).design;
            let (a, _) = struck_sections(td, facts.section);
            let armor = section_armor(td, &st.damage[t], a, munition.tech, m.rules.fire.halving);
            let flight = probe(&mount, munition, max_range, i, t, me.pos);
            let aim = GuidedAim {
                silhouette: facts.silhouette as i16,
                target_ecm: i16::from(st.ships[t].ew.ecm),
                launcher_sees: true,
                target_sections: td.section_count(),
                ..GuidedAim::default()
            };
            let drm = guided_modifiers(&flight, &aim, &m.rules.guided).drm();
            let value = launch_value(&munition, drm, armor);
            if !worth_launching(value, st.guided.aimed[t], hull_left(m, st, t)) {
                continue;
            }
            if pass == 0 {
                if value > best {
                    best = value;
                    ties = 1;
                } else if value == best {
                    ties += 1;
                }
            } else if value == best {
                if seen == pick {
                    found = Some((t, range));
                }
                seen += 1;
            }
        }
        if ties == 0 {
            return false;
        }
    }
    let Some((t, range)) = found else {
        return false;
    };
    let facts = LaunchFacts {
        ready: true,
        range,
        locked: false,
        hex: me.pos,
        owner: i as u8,
        target: t as u8,
    };
    let g = &mut st.guided;
    let now = &mut g.racks[i][r];
    let Ok(flight) = launch_missile(
        &mount.rack,
        &mut now.launcher,
        &mut now.magazine,
        mount.types(),
        None,
        facts,
        &m.rules.guided,
    ) else {
        return false;
    };
    let left = now.magazine.total();
    if !g.flights.push(flight) {
        return false;
    }
    g.origin.push((r as u8, ty));
    g.aimed[t] += best;
    trace!(
        obs,
        "  {} launches {} from rack {} at {}, range {} (launch {}, max {}): {} left",
        m.names[i],
        bd.rack_missiles[r][usize::from(ty)],
        r + 1,
        m.names[t],
        range,
        launch_range,
        max_range,
        left
    );
    true
}

/// A flight as it would leave rack `mount` (for valuing a launch).
fn probe(
    mount: &super::super::guided::mount::RackMount,
    munition: super::super::guided::types::Munition,
    max_range: u16,
    i: usize,
    t: usize,
    hex: Hex,
) -> Flight {
    Flight {
        munition,
        owner: i as u8,
        target: t as u8,
        launch_hex: hex,
        pos: hex,
        heading_to: hex,
        travelled: 0,
        max_range,
        accuracy: super::super::guided::launch::LauncherAccuracy::Rack(mount.rack.accuracy),
    }
}

/// §2.3.2.1 Guided Weapons Phase: every weapon in flight, in launch order; damage applied at
/// the end (§7.3).
pub fn guided_weapons_phase<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) {
    if st.guided.flights.is_empty() {
        st.guided.df_mask.fill(0);
        return;
    }
    for i in 0..st.ships.len() {
        let (snap, live) = (&mut st.snapshot[i], &st.damage[i]);
        snap.copy_from(live);
    }
    st.claims.fill(0);
    st.lines.begin_phase();
    st.guided.arrived.clear();
    for n in 0..st.guided.flights.len() {
        let Some(&f) = st.guided.flights.iter().nth(n) else {
            break;
        };
        let (rack, ty) = st.guided.origin[n];
        let a = arrive(m, st, f, rack, ty, dice, obs);
        st.guided.arrived.push(a);
    }
    spread_intercepts(m, st, dice);
    super::defences::plan(m, st, dice, obs);
    for n in 0..st.guided.arrived.len() {
        let Some(&f) = st.guided.flights.iter().nth(n) else {
            break;
        };
        let (rack, ty) = st.guided.origin[n];
        strike_one(m, st, n, f, rack, ty, dice, obs);
    }
    // Damage dealt and taken as the Starship Weapons Phase credits it, each rack its line's.
    super::fire::credit_phase(m, st);
    st.guided.flights.retain(|f| f.munition.is_drone());
    st.guided.origin.clear();
    st.guided.df_mask.fill(0);
}

/// §9.1 for one guided weapon: it finds its target gone, fails to reach it (maximum range and
/// line of sight from the marker), or arrives (an enemy blocker becoming its target); an
/// arrival's to-hit DRM and expected damage (the intercept plan's measure).
fn arrive<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    f: Flight,
    rack: u8,
    ty: u8,
    dice: &mut R,
    obs: &mut O,
) -> Option<Arrived> {
    let o = usize::from(f.owner);
    let name = &m.design_of(o).rack_missiles[usize::from(rack)][usize::from(ty)];
    let marker = Pose {
        pos: f.launch_hex,
        ..pose(st, o)
    };
    let mut t = usize::from(f.target);
    if !st.ships[t].alive {
        trace!(obs, "  {}'s {} finds {} gone", m.names[o], name, m.names[t]);
        return None;
    }
    // §9.1: arrival — maximum range and line of sight from the marker; an enemy blocker
    // becomes the target.
    let range = f.launch_hex.distance(st.ships[t].motion.pos).max(0) as u16;
    let seen = sight_from(m, st, marker, t, None);
    let sight = match seen {
        Ok(_) => Sight::Clear,
        Err(_) => match blocker(m, st, marker, o, t, dice) {
            Some(u) => Sight::BlockedByEnemy(u as u8),
            None => Sight::Blocked,
        },
    };
    let facts = match arrival(&f, range, sight) {
        Arrival::Strikes => seen.ok(),
        Arrival::Retargets(u) => {
            t = usize::from(u);
            sight_from(m, st, marker, t, None).ok()
        }
        Arrival::OutOfRange | Arrival::NoSight => None,
    };
    let Some(facts) = facts else {
        trace!(
            obs,
            "  {}'s {} fails to reach {} (range {} from its launch hex, max {}; §9.1)",
            m.names[o],
            name,
            m.names[t],
            range,
            f.max_range
        );
        return None;
    };
    let td = &m.design_of(t).design;
    // §7.5.3.1: the rack's accuracy while the target is in its arc and line of sight now.
    let launcher_sees = launcher_sees(m, st, o, usize::from(rack), t);
    let acc = launcher_accuracy(&f, launcher_sees, td.section_count(), &m.rules.guided);
    let aim = GuidedAim {
        silhouette: facts.silhouette as i16,
        target_ecm: i16::from(st.ships[t].ew.ecm),
        launcher_sees,
        target_sections: td.section_count(),
        ..GuidedAim::default()
    };
    let drm = guided_modifiers(&f, &aim, &m.rules.guided).drm();
    let (a, _) = struck_sections(td, facts.section);
    let armor = section_armor(td, &st.damage[t], a, f.munition.tech, m.rules.fire.halving);
    Some(Arrived {
        target: t as u8,
        launch_hex: f.launch_hex,
        munition: f.munition,
        facts,
        amp: amplification(&f, 0),
        acc,
        drm,
        armor,
        value: launch_value(&f.munition, drm, armor),
        survival: 1.0,
        attempts: 0,
        salvos: 0,
        flare: 0,
    })
}

/// §11.1.6: the defenders' free weapons spread over this phase's arrivals. Repeatedly, of every
/// (weapon, arrival) pair — a weapon of the target's side that holds fire, is not on defensive
/// fire or already intercepting, can fire and has the launch hex in arc — the one whose
/// attempts save the most expected damage ([`intercept_gain`]) is assigned, ties by the
/// battle's dice, until none saves anything. An intercepting weapon has fired (§7.1.3).
fn spread_intercepts<R: Roller>(m: &Matchup, st: &mut BattleState, dice: &mut R) {
    st.guided.assigned.clear();
    st.guided.intercepting.fill(0);
    while let Some([n, d, k]) = best_choice(st, dice, |st, offer_to| {
        let mut drms = [0i16; MOST_TRIES];
        for (n, a) in st.guided.arrived.iter().enumerate() {
            let Some(a) = a else {
                continue;
            };
            if usize::from(a.attempts) + MOST_TRIES > MAX_ATTEMPTS {
                continue;
            }
            let side = st.ships[usize::from(a.target)].side;
            for d in 0..st.ships.len() {
                if !st.ships[d].alive || st.ships[d].side != side {
                    continue;
                }
                for k in 0..m.design_of(d).mounts.len() {
                    let Some(c) = offer(m, st, d, k, a, &mut drms) else {
                        continue;
                    };
                    let s: f64 = drms[..c].iter().map(|&x| survives(x)).product();
                    offer_to(intercept_gain(a.value, a.survival, s), [n, d, k]);
                }
            }
        }
    }) {
        let mut drms = [0i16; MOST_TRIES];
        let Some(a) = st.guided.arrived[n] else {
            return;
        };
        let Some(c) = offer(m, st, d, k, &a, &mut drms) else {
            return;
        };
        let g = &mut st.guided;
        let mut s = 1.0;
        for &drm in &drms[..c] {
            g.assigned.push((n as u8, drm));
            s *= survives(drm);
        }
        if let Some(a) = g.arrived[n].as_mut() {
            a.survival *= s;
            a.attempts += c as u8;
        }
        g.intercepting[d] |= 1 << k;
        let rof = m.design_of(d).mounts[k].weapon.rof;
        let arming = &mut st.ships[d].arming[k];
        arming.fire(rof);
        if rof.cooldown > 0 {
            arming.lose_power();
        }
    }
}

/// Of the choices `each` offers (each with the expected damage it saves), the one that saves
/// the most, ties by the battle's dice; `None` when none saves anything. `each` is called
/// twice (the largest, then the pick) and must offer the same choices both times.
pub(super) fn best_choice<R: Roller>(
    st: &BattleState,
    dice: &mut R,
    each: impl Fn(&BattleState, &mut dyn FnMut(f64, [usize; 3])),
) -> Option<[usize; 3]> {
    let mut best = 0.0f64;
    let mut ties = 0u32;
    each(st, &mut |gain, _| {
        if gain > best {
            best = gain;
            ties = 1;
        } else if gain > 0.0 && gain == best {
            ties += 1;
        }
    });
    if ties == 0 {
        return None;
    }
    let pick = pick_tie(dice, ties);
    let mut seen = 0u32;
    let mut found = None;
    each(st, &mut |gain, choice| {
        if gain > 0.0 && gain == best {
            if seen == pick {
                found = Some(choice);
            }
            seen += 1;
        }
    });
    found
}

/// Mount `k` of ship `d` as an interceptor of arrival `a` (§11.1.6): the DRMs of its attempts
/// (RoF 2+0 and up: several, at ranges 4, 2, 1, 1) into `drms`, and how many; `None` when it
/// may not (busy, unable to fire, the launch hex out of arc).
fn offer(
    m: &Matchup,
    st: &BattleState,
    d: usize,
    k: usize,
    a: &Arrived,
    drms: &mut [i16; MOST_TRIES],
) -> Option<usize> {
    let w = &m.design_of(d).mounts[k];
    let me = &st.ships[d];
    let busy = (st.guided.df_mask[d] | st.guided.intercepting[d]) & (1 << k) != 0
        || st
            .shots
            .iter()
            .any(|s| usize::from(s.attacker) == d && usize::from(s.mount) == k);
    // §11.1.6: "Wave-configured weapons may not attempt intercepts."
    if busy || !me.arming[k].can_fire(w.weapon.rof) || super::wave::is_wave(&w.weapon) {
        return None;
    }
    let in_arc = can_bear(
        &m.rules.movement.arcs,
        m.rules.movement.rotated_arcs,
        w.arc,
        me.motion.pos,
        me.motion.facing,
        me.motion.roll,
        me.motion.tumble,
        a.launch_hex,
    );
    if !in_arc {
        return None;
    }
    let weapon = weapon_now(m, st, d, k);
    let to_launch = me.motion.pos.distance(a.launch_hex).max(0) as u16;
    let shroud = i32::from(to_launch) <= me.shroud;
    let tries = usize::from(intercept_attempts(&weapon)).min(MOST_TRIES);
    for (attempt, drm) in (1..).zip(drms.iter_mut().take(tries)) {
        *drm = intercept_drm(
            weapon.accuracy.value,
            weapon.range,
            i16::from(me.ew.amplification),
            shroud,
            attempt,
            to_launch,
            a.amp,
            a.acc,
        );
    }
    Some(tries)
}

/// One arrived guided weapon (flight `n`) through the rest of the phase: its intercepts, the
/// to-hit roll, the strike.
#[allow(clippy::too_many_arguments)]
fn strike_one<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    n: usize,
    mut f: Flight,
    rack: u8,
    ty: u8,
    dice: &mut R,
    obs: &mut O,
) {
    let Some(a) = st.guided.arrived[n] else {
        return;
    };
    let o = usize::from(f.owner);
    let name = &m.design_of(o).rack_missiles[usize::from(rack)][usize::from(ty)];
    let t = usize::from(a.target);
    f.target = a.target;
    let facts = a.facts;
    let range = f.launch_hex.distance(st.ships[t].motion.pos).max(0) as u16;
    let td = &m.design_of(t).design;
    let g = &mut st.guided;
    g.attempts.clear();
    for &(k, drm) in &g.assigned {
        if usize::from(k) == n {
            g.attempts.push(drm);
        }
    }
    let chaff = super::defences::chaff_on(m, st, t);
    let drm = a.drm - chaff - a.flare;
    let owner_side = st.ships[o].side;
    st.event(owner_side, Event::Shots);
    let attempts = st.guided.attempts.len();
    let salvos = [amrs_drm(a.amp, a.acc); super::defences::MAX_SALVOS];
    let salvos = &salvos[..usize::from(a.salvos)];
    let fate = guided_phase(dice, &st.guided.attempts, salvos, drm);
    let hit = match fate {
        Fate::Intercepted(k) => {
            trace!(
                obs,
                "  {}'s {} at {} is intercepted (attempt {} of {}; §11.1.6)",
                m.names[o],
                name,
                m.names[t],
                k + 1,
                attempts
            );
            return;
        }
        Fate::ShotDown(k) => {
            trace!(
                obs,
                "  {}'s {} at {} is shot down (anti-missile salvo {} of {}; §11.5.1)",
                m.names[o],
                name,
                m.names[t],
                k + 1,
                salvos.len()
            );
            return;
        }
        Fate::Missed(h) | Fate::Hit(h) => h,
    };
    // The section facing the marker (§7.3.1.1, §7.4.1.2: on a seam the attacker's pick).
    let (a, b) = struck_sections(td, facts.section);
    let section = match b {
        None => a,
        Some(b) => {
            let dmg = &st.damage[t];
            let left = |s: usize| u32::from(dmg.hull_left(td, s)) + u32::from(dmg.armor_now(td, s));
            match choose_seam((a, left(a)), (b, left(b))) {
                Some(s) => s,
                None => [a, b][pick_tie(dice, 2) as usize],
            }
        }
    };
    let mut done = 0;
    if hit.band.is_hit() {
        st.event(owner_side, Event::Hits);
        let pick = system_pick(&m.policies[st.ships[t].side.index()], dice.below(60) as u16);
        let (scratch, snap) = (&mut st.scratch[t], &st.snapshot[t]);
        scratch.copy_from(snap);
        let out = resolve_strike(
            td,
            scratch,
            dice,
            &m.rules.fire,
            pick,
            &f,
            range,
            section,
            hit,
            &Defences::default(),
        );
        let before = st.damage[t].points_marked();
        let (live, scratch, snap) = (&mut st.damage[t], &st.scratch[t], &st.snapshot[t]);
        let claimed = live.add_delta(td, snap, scratch);
        done = st.damage[t].points_marked() - before;
        let n = st.ships.len();
        st.claims[t * n + o] += claimed;
        let line = rack_line(m, o, usize::from(rack));
        st.lines.claim(o, line, t, claimed);
        match hit.band {
            HitBand::System => st.event(owner_side, Event::SystemHits),
            HitBand::Core => st.event(owner_side, Event::CoreHits),
            _ => {}
        }
        for _ in 0..out.catastrophes.iter().flatten().count() {
            st.event(owner_side, Event::Catastrophes);
        }
    }
    trace!(
        obs,
        "  {}'s {} ({:?} {:?}) strikes at {} from its launch hex, range {}: 3d6 {} {:+} DRM = {}, {}: {} points",
        m.names[o],
        name,
        f.munition.tech,
        f.munition.config,
        m.names[t],
        range,
        hit.natural,
        drm,
        hit.modified,
        super::fire::band_words(hit.band),
        done
    );
}

/// The enemy of the launcher (`o`) that blocks the marker's sight of `t` (§9.1: the weapon
/// "locks onto" it): of the enemy units without which the line is clear, the nearest to the
/// marker, ties by the battle's dice.
fn blocker<R: Roller>(
    m: &Matchup,
    st: &mut BattleState,
    marker: Pose,
    o: usize,
    t: usize,
    dice: &mut R,
) -> Option<usize> {
    let side = st.ships[o].side;
    let mut best = i32::MAX;
    let mut ties = 0u32;
    for pass in 0..2 {
        let pick = if pass == 1 { pick_tie(dice, ties) } else { 0 };
        let mut seen = 0u32;
        for u in 0..st.ships.len() {
            if u == t || !st.ships[u].alive || st.ships[u].side == side {
                continue;
            }
            let d = marker.pos.distance(st.ships[u].motion.pos);
            if d > best || (pass == 1 && d != best) {
                continue;
            }
            if sight_from(m, st, marker, t, Some(u)).is_err() {
                continue;
            }
            if pass == 0 {
                if d < best {
                    best = d;
                    ties = 1;
                } else {
                    ties += 1;
                }
            } else {
                if seen == pick {
                    return Some(u);
                }
                seen += 1;
            }
        }
        if ties == 0 {
            return None;
        }
    }
    None
}

/// Whether rack `r` of ship `o` has ship `t` in its arc and line of sight now (§7.5.3.1).
fn launcher_sees(m: &Matchup, st: &mut BattleState, o: usize, r: usize, t: usize) -> bool {
    if !st.ships[o].alive || st.guided.racks[o][r].destroyed {
        return false;
    }
    let me = pose(st, o);
    let mount = m.design_of(o).racks[r];
    can_bear(
        &m.rules.movement.arcs,
        m.rules.movement.rotated_arcs,
        mount.arc,
        me.pos,
        me.facing,
        me.roll,
        me.tumble,
        st.ships[t].motion.pos,
    ) && sight_from(m, st, me, t, Some(o)).is_ok()
}
