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
//!   blocker becomes the target), is intercepted (§11.1.6) by weapons that hold fire and are
//!   not on defensive fire, then rolls to hit (§9.0, §7.5.3.1) and strikes through
//!   `fire::attack::resolve_attack` (`guided::strike`). "All damage scored by guided weapons is
//!   applied at the end of this phase" (§7.3): each hit is located against the phase's start,
//!   and the launching ship is credited its share as in the Starship Weapons Phase.
//!
//! Not played yet (refused by the config): torpedoes, drones, reload racks, anti-missile
//! rockets, chaff, flares; defensive fire is spent on starship shots only (guided weapons are
//! met by intercepts). A ship destroyed in this phase still fires in the Starship Weapons
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
use super::super::guided::flight::{Arrival, Sight, arrival};
use super::super::guided::flights::{Flights, MAX_FLIGHTS};
use super::super::guided::hit::{
    Fate, GuidedAim, amplification, guided_modifiers, guided_phase, launcher_accuracy,
};
use super::super::guided::launch::{Flight, LaunchFacts, LauncherState, launch_missile};
use super::super::guided::magazine::Magazine;
use super::super::guided::strike::resolve_strike;
use super::super::guided_plan::{intercept_more, launch_value, reaches, survives, worth_launching};
use super::super::intercepts::{intercept_attempts, intercept_drm};
use super::super::matchup::Matchup;
use super::super::policy::{choose_seam, pick_tie, system_pick};
use super::super::preconditions::{AttackFacts, CannotFire, Firer, Target, sight_facts};
use super::BattleState;
use super::fire::pose;
use super::weapon_damage::weapon_now;
use crate::rules::cold_infinity::Event;

/// Most intercept attempts on one guided weapon.
const MAX_ATTEMPTS: usize = 64;

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
    }
}

/// A copy of `v` with room for `cap` (a clone must not allocate when it later fills up).
fn with_room<T: Copy>(v: &[T], cap: usize) -> Vec<T> {
    let mut out = Vec::with_capacity(cap.max(v.len()));
    out.extend_from_slice(v);
    out
}

impl GuidedState {
    /// Sized for `m`.
    pub fn for_matchup(m: &Matchup) -> GuidedState {
        let n = m.start.len();
        GuidedState {
            flights: Flights::default(),
            origin: Vec::with_capacity(MAX_FLIGHTS),
            racks: (0..n).map(|i| fresh_racks(m, i).collect()).collect(),
            df_mask: vec![0; n],
            aimed: vec![0.0; n],
            attempts: Vec::with_capacity(MAX_ATTEMPTS),
        }
    }

    /// The start of a battle: full magazines, active racks armed (§7.1.3), nothing in flight.
    pub fn begin(&mut self, m: &Matchup) {
        for (i, racks) in self.racks.iter_mut().enumerate() {
            for (r, fresh) in racks.iter_mut().zip(fresh_racks(m, i)) {
                *r = fresh;
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
    for n in 0..st.guided.flights.len() {
        let Some(&f) = st.guided.flights.iter().nth(n) else {
            break;
        };
        let (rack, ty) = st.guided.origin[n];
        strike_one(m, st, f, rack, ty, dice, obs);
    }
    // Damage dealt and taken as the Starship Weapons Phase credits it (racks have no weapon line).
    super::fire::credit_claims(st, false);
    st.guided.flights.retain(|f| f.munition.is_drone());
    st.guided.origin.clear();
    st.guided.df_mask.fill(0);
}

/// One guided weapon through the phase.
#[allow(clippy::too_many_arguments)]
fn strike_one<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    mut f: Flight,
    rack: u8,
    ty: u8,
    dice: &mut R,
    obs: &mut O,
) {
    let o = usize::from(f.owner);
    let name = &m.design_of(o).rack_missiles[usize::from(rack)][usize::from(ty)];
    let marker = Pose {
        pos: f.launch_hex,
        ..pose(st, o)
    };
    let mut t = usize::from(f.target);
    if !st.ships[t].alive {
        trace!(obs, "  {}'s {} finds {} gone", m.names[o], name, m.names[t]);
        return;
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
            f.target = u;
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
        return;
    };
    let range = f.launch_hex.distance(st.ships[t].motion.pos).max(0) as u16;
    let td = &m.design_of(t).design;
    // §7.5.3.1: the rack's accuracy while the target is in its arc and line of sight now.
    let launcher_sees = launcher_sees(m, st, o, usize::from(rack), t);
    let acc = launcher_accuracy(&f, launcher_sees, td.section_count(), &m.rules.guided);
    let amp = amplification(&f, 0);
    intercepts(m, st, &f, t, amp, acc);
    let aim = GuidedAim {
        silhouette: facts.silhouette as i16,
        target_ecm: i16::from(st.ships[t].ew.ecm),
        launcher_sees,
        target_sections: td.section_count(),
        ..GuidedAim::default()
    };
    let drm = guided_modifiers(&f, &aim, &m.rules.guided).drm();
    let owner_side = st.ships[o].side;
    st.event(owner_side, Event::Shots);
    let attempts = st.guided.attempts.len();
    let fate = guided_phase(dice, &st.guided.attempts, &[], drm);
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
        Fate::ShotDown(_) => return,
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

/// §11.1.6: the intercept attempts on flight `f` (aimed at ship `t`), into
/// `st.guided.attempts`. Every ship of `t`'s side, in order, offers its weapons that hold
/// fire, are not on defensive fire, can fire and have the launch hex in arc; each takes all
/// its attempts (RoF 2+0 and up: several, at ranges 4, 2, 1, 1) while
/// [`intercept_more`] says so. An intercepting weapon has fired (§7.1.3).
fn intercepts(m: &Matchup, st: &mut BattleState, f: &Flight, t: usize, amp: i16, acc: i16) {
    st.guided.attempts.clear();
    let mut survival = 1.0;
    let side = st.ships[t].side;
    for d in 0..st.ships.len() {
        if !st.ships[d].alive || st.ships[d].side != side {
            continue;
        }
        let bd = m.design_of(d);
        let me = st.ships[d];
        let to_launch = me.motion.pos.distance(f.launch_hex).max(0) as u16;
        for (k, w) in bd.mounts.iter().enumerate() {
            if !intercept_more(survival) || st.guided.attempts.len() + 4 > MAX_ATTEMPTS {
                return;
            }
            let busy = st.guided.df_mask[d] & (1 << k) != 0
                || st
                    .shots
                    .iter()
                    .any(|s| usize::from(s.attacker) == d && usize::from(s.mount) == k);
            // §11.1.6: "Wave-configured weapons may not attempt intercepts."
            if busy || !me.arming[k].can_fire(w.weapon.rof) || super::wave::is_wave(&w.weapon) {
                continue;
            }
            let in_arc = can_bear(
                &m.rules.movement.arcs,
                m.rules.movement.rotated_arcs,
                w.arc,
                me.motion.pos,
                me.motion.facing,
                me.motion.roll,
                me.motion.tumble,
                f.launch_hex,
            );
            if !in_arc {
                continue;
            }
            let weapon = weapon_now(m, st, d, k);
            let shroud = i32::from(to_launch) <= me.shroud;
            for attempt in 1..=intercept_attempts(&weapon) {
                let drm = intercept_drm(
                    weapon.accuracy.value,
                    weapon.range,
                    i16::from(me.ew.amplification),
                    shroud,
                    attempt,
                    to_launch,
                    amp,
                    acc,
                );
                st.guided.attempts.push(drm);
                survival *= survives(drm);
            }
            let arming = &mut st.ships[d].arming[k];
            arming.fire(w.weapon.rof);
            if w.weapon.rof.cooldown > 0 {
                arming.lose_power();
            }
        }
    }
}
