//! Guided weapons in the battle (§9, §11.1.6, §11.5, §13.1.10; digest D10): the battle's
//! guided state (racks, flights, the phase's bookkeeping) and the Guided Weapons Phase, at their
//! places in §2's sequence of play:
//!
//! * **Weapon Launch Phase** (after EW, before movement, §2.1.4): `battle/launch.rs`.
//! * **Guided Weapons Phase** ([`guided_weapons_phase`], after fire determination and
//!   defensive fire, before the Starship Weapons Phase, §2.3.2.1): each weapon in launch order
//!   arrives or fizzles (§9.1, `battle/arrival.rs`); the defenders' free weapons are spread over
//!   the arrivals as intercepts (§11.1.6, `battle/intercepts.rs`); anti-missile rockets, chaff
//!   and flares are planned (§11.5, `battle/defences.rs`); then each weapon, in launch order,
//!   rolls its intercepts and salvos, rolls to hit and strikes (`battle/guided_strike.rs`).
//!   "All damage scored by guided weapons is applied at the end of this phase" (§7.3): each hit
//!   is located against the phase's start, and the launching ship is credited its share as in
//!   the Starship Weapons Phase.
//!
//! Torpedo systems (§9.2.2) take a launcher slot like a rack: the same phases, no magazine.
//! Reload racks (§9.2.4) work in the Final Actions Step (`battle/reload.rs`).
//! Defensive fire against guided weapons (§11.1, §11.1.6) is spread with the intercepts
//! (`battle/intercepts.rs`, house rule `guided_df`). Not played yet (refused by the config):
//! drones. A ship destroyed in this phase still fires in the Starship Weapons Phase (ships
//! leave the battle in the Damage Effects Step, as for direct fire).

use super::super::defensive_fire::DfTally;
use super::super::guided::defences::{DefenceKind, DefenceNow};
use super::super::guided::flights::{Flights, MAX_FLIGHTS};
use super::super::guided::launch::LauncherState;
use super::super::guided::magazine::Magazine;
use super::super::guided::types::Munition;
use super::super::guided_plan::launch_value;
use super::super::matchup::Matchup;
use super::super::preconditions::AttackFacts;
use super::BattleState;
use super::arrival::arrive;
use super::guided_strike::strike_one;
use super::intercepts::spread_intercepts;
use crate::dice::Roller;
use crate::hex::Hex;
use crate::observer::Observer;

/// Most intercept attempts on one guided weapon.
pub(super) const MAX_ATTEMPTS: usize = 64;

/// Most intercept attempts one weapon makes (§11.1.6: at ranges 4, 2, 1, 1).
pub(super) const MOST_TRIES: usize = 4;

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
    /// Defensive fire on it (§11.1, §11.1.5–6: its to-hit penalty), 0 if none.
    pub(super) df: DfTally,
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

/// One missile rack's or torpedo system's state in a battle.
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
    /// Powered this turn (a torpedo system draws power, §17.2.2; a rack is zero-power).
    pub powered: bool,
    /// A torpedo system: never runs out (§9.2.2).
    pub endless: bool,
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
    /// Per ship: its mounts with a gun shot declared this phase (bit per mount; set from the
    /// shots by `defensive_fire::mark_firing`, cleared as a weapon's shots are withdrawn).
    pub(super) firing: Vec<u32>,
    /// Expected guided damage launched at each ship this turn (the wreck guard).
    pub aimed: Vec<f64>,
    /// One guided weapon's intercept DRMs.
    pub(super) attempts: Vec<i16>,
    /// This phase's arrivals, in launch order (`None`: gone, out of range, no sight).
    pub(super) arrived: Vec<Option<Arrived>>,
    /// This phase's intercept attempts, in the order assigned: (flight, DRM).
    pub(super) assigned: Vec<(u8, i16)>,
    /// Per ship: its mounts intercepting this phase (bit per mount).
    pub(super) intercepting: Vec<u32>,
    /// Per ship, per specialized defence (§11.5): salvos or loads left, used this turn.
    pub defences: Vec<Vec<DefenceNow>>,
    /// Per ship: the chaff penalty it deployed in its hex this phase (§11.5.2), 0 if none.
    pub(super) chaff: Vec<i16>,
    /// This phase's anti-missile salvos: (ship, defence, flight) (`amrs_salvos`).
    pub(super) salvo_log: Vec<(u8, u8, u8)>,
    /// Per ship, per reload rack (§9.2.4; `battle/reload.rs`).
    pub reloads: Vec<Vec<super::reload::ReloadNow>>,
}

impl Clone for GuidedState {
    fn clone(&self) -> Self {
        GuidedState {
            flights: self.flights,
            origin: with_room(&self.origin, MAX_FLIGHTS),
            racks: self.racks.clone(),
            df_mask: self.df_mask.clone(),
            firing: self.firing.clone(),
            aimed: self.aimed.clone(),
            attempts: with_room(&self.attempts, MAX_ATTEMPTS),
            arrived: with_room(&self.arrived, MAX_FLIGHTS),
            assigned: with_room(&self.assigned, self.assigned.capacity()),
            intercepting: self.intercepting.clone(),
            defences: self.defences.clone(),
            chaff: self.chaff.clone(),
            salvo_log: with_room(&self.salvo_log, self.salvo_log.capacity()),
            reloads: self.reloads.clone(),
        }
    }

    /// Field by field, reusing every buffer (a search player copies positions).
    fn clone_from(&mut self, source: &Self) {
        self.flights = source.flights;
        self.origin.clone_from(&source.origin);
        self.racks.clone_from(&source.racks);
        self.df_mask.clone_from(&source.df_mask);
        self.firing.clone_from(&source.firing);
        self.aimed.clone_from(&source.aimed);
        self.attempts.clone_from(&source.attempts);
        self.arrived.clone_from(&source.arrived);
        self.assigned.clone_from(&source.assigned);
        self.intercepting.clone_from(&source.intercepting);
        self.defences.clone_from(&source.defences);
        self.chaff.clone_from(&source.chaff);
        self.salvo_log.clone_from(&source.salvo_log);
        self.reloads.clone_from(&source.reloads);
    }
}

/// A copy of `v` with room for `cap` (a clone must not allocate when it later fills up).
pub(super) fn with_room<T: Clone>(v: &[T], cap: usize) -> Vec<T> {
    let mut out = Vec::with_capacity(cap.max(v.len()));
    out.extend_from_slice(v);
    out
}

impl GuidedState {
    /// Whether ship `i` has a working rack with a missile left, or a working torpedo system,
    /// or a working rack and a reload rack with missiles for it (§9.2.4) (it can still attack,
    /// and a gunless ship keeps its range).
    #[inline]
    pub fn loaded(&self, i: usize) -> bool {
        let racks = &self.racks[i];
        racks
            .iter()
            .any(|r| !r.destroyed && (r.endless || r.magazine.total() > 0))
            || (self.reloads[i]
                .iter()
                .any(|q| !q.destroyed && q.magazine.total() > 0)
                && racks.iter().any(|r| !r.destroyed && !r.endless))
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
            firing: vec![0; n],
            aimed: vec![0.0; n],
            attempts: Vec::with_capacity(MAX_ATTEMPTS),
            arrived: Vec::with_capacity(MAX_FLIGHTS),
            assigned: Vec::with_capacity(mounts * MOST_TRIES),
            intercepting: vec![0; n],
            defences: (0..n).map(|i| fresh_defences(m, i).collect()).collect(),
            chaff: vec![0; n],
            salvo_log: Vec::with_capacity(salvos),
            reloads: (0..n)
                .map(|i| super::reload::fresh_reloads(m, i).collect())
                .collect(),
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
        for (i, reloads) in self.reloads.iter_mut().enumerate() {
            for (now, fresh) in reloads.iter_mut().zip(super::reload::fresh_reloads(m, i)) {
                *now = fresh;
            }
        }
        self.flights.reset();
        self.origin.clear();
        self.df_mask.fill(0);
    }

    /// Whether any ship carries racks (else both phases do nothing and roll nothing).
    pub(super) fn any_racks(&self) -> bool {
        self.racks.iter().any(|r| !r.is_empty())
    }
}

fn fresh_racks(m: &Matchup, i: usize) -> impl Iterator<Item = RackNow> + '_ {
    m.design_of(i).racks.iter().map(|r| RackNow {
        launcher: LauncherState::battle_start(r.rack.rof(), true),
        magazine: r.load,
        lost_seen: 0,
        destroyed: false,
        powered: true,
        endless: r.torpedo.is_some(),
    })
}

fn fresh_defences(m: &Matchup, i: usize) -> impl Iterator<Item = DefenceNow> + '_ {
    m.design_of(i).defences.iter().map(|d| d.fresh())
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
    spread_intercepts(m, st, dice, obs);
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
