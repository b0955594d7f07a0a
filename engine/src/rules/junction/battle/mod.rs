//! One Junction battle: Stage 2's turn loop (Firing → Maneuver → Crew phases, "during each
//! phase, orders are resolved simultaneously where not otherwise noted", seed 004 Stage 2)
//! and Stage 3's end. Damage taken in a phase is applied at once, but a ship reduced to 0
//! Integrity keeps acting until the end of that phase, and the effects of the crits it takes
//! in a firing phase wait for the phase's end (digest §1 invented default: simultaneous
//! resolution); nothing aims at it once it is at 0 Integrity. In the maneuver phase every
//! ship plans its burn from the same snapshot and all move together.

use crate::dice::Roller;
use crate::observer::Observer;
use crate::outcome::{Ending, Outcome, ShipTally, Side, SideTally, Verdict};
use crate::trace;

mod area_denial;
mod blasts;
mod burn_energy;
mod burst_split;
mod catapult;
mod crew;
#[cfg(test)]
mod crew_tests;
mod damage;
mod decoys;
mod deflectors;
#[cfg(test)]
mod disabled_parts_tests;
mod drones;
#[cfg(test)]
mod emitter_tests;
#[cfg(test)]
mod energy_tests;
mod firing;
#[cfg(test)]
mod fleet_event_tests;
mod gun_salvo_pd;
#[cfg(test)]
mod gun_salvo_pd_tests;
mod hazards;
mod jumps;
mod kill_cover;
#[cfg(test)]
mod kill_cover_tests;
mod launch_timing;
mod maneuver;
mod objective_play;
#[cfg(test)]
mod own_flak_tests;
mod payload_choice;
mod payloads;
mod pd_launches;
mod pd_plan;
#[cfg(test)]
mod pd_plan_tests;
mod racks;
mod relay_chains;
mod relays;
mod split_fire;
pub(crate) mod stations;
mod surrendered;
#[cfg(test)]
mod tie_tests;
mod ties;
#[cfg(test)]
mod uplink_tests;

use super::Event;
use super::hex::Hex;
use super::matchup::Matchup;
use super::parts::Propulsion;
use super::ship::{ShipState, Status};
use super::weapon_lines::{LineTally, MAX_LINES, NO_KILLER};

/// Most guided-weapon groups in flight at once; launches beyond it wait (capacity is reserved
/// so battles never allocate).
pub const MAX_GW_GROUPS: usize = 64;

/// A salvo of identical guided weapons from one launch, moving together.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GwGroup {
    /// Launching ship.
    pub owner: u8,
    /// Side.
    pub side: Side,
    /// Index in the matchup's guided-weapon catalogue.
    pub guided: u16,
    /// Weapons left in the salvo.
    pub count: u32,
    /// Hex.
    pub pos: Hex,
    /// Vector.
    pub vel: Hex,
    /// Hex at the start of the last maneuver phase.
    pub prev_pos: Hex,
    /// Delta-v left.
    pub delta_v: i32,
    /// A solid motor that has burned can't burn again.
    pub burned: bool,
    /// Turn of launch (attacks only from a later turn).
    pub launched: u32,
    /// Target ship.
    pub target: u8,
    /// Its trajectory passed through the target's hex in the last maneuver phase.
    pub contact: bool,
    /// Wrecked by Area Denial (a kinetic payload): attacks at 80% if unjammed, then is gone at
    /// the end of the firing phase.
    pub doomed: bool,
    /// Launched in a Mass Driver attack: committed to its target, and this unused catapult
    /// velocity adds to its kinetic damage velocity (G19); 0 otherwise.
    pub mass_driver: i32,
    /// Committed to its target (Mass Driver attack): never retargets.
    pub committed: bool,
    /// Its payload attacks from a distance (stand-off direct fire or Excalibur), not by
    /// contact.
    pub standoff: bool,
    /// A drone that never attacks and screens the ship that launched it: an EM Deflector, or
    /// a decoy screen (`decoys.rs`).
    pub drone: bool,
    /// Decoys fired as part of this salvo (Appendix 1 "Decoy": point defense engages them
    /// first); 0 for most salvos.
    pub decoys: u32,
    /// Catalogue index of the salvo's decoys (meaningless while `decoys` is 0).
    pub decoy_guided: u16,
    /// Turn its reusable guns (Light Gas Gun, Chemical Laser) last fired at a ship (0:
    /// never); "provided they were not fired in any role aside from point defense last turn".
    pub guns_fired: u32,
    /// Its weapons that fired point defense this turn (gun-armed salvos, `gun_salvo_pd.rs`).
    pub pd_shots: u32,
    /// The launching ship's weapon line it belongs to (its magazine entry, a bit as
    /// `weapon_lines.rs` gives it; kept by a Missile Rack's load).
    pub lines: u16,
}

impl GwGroup {
    /// Maneuver phase, guided weapons ("Guided Weapons Maneuver"): burn toward `goal` (the hex
    /// it aims to reach next turn) as far as its propulsion's acceleration and the delta-v
    /// left allow (a one-turn motor burns only once), then move along the new vector.
    #[inline]
    pub(crate) fn steer_toward(&mut self, goal: Hex, propulsion: Propulsion) {
        let allowed = if self.burned {
            0
        } else {
            propulsion.acceleration().min(self.delta_v)
        };
        let burn = goal.sub(self.pos.add(self.vel)).clamp_len(allowed);
        if !burn.is_zero() && propulsion.one_turn() {
            self.burned = true;
        }
        self.delta_v -= burn.length();
        self.vel = self.vel.add(burn);
        self.prev_pos = self.pos;
        self.pos = self.pos.add(self.vel);
    }
}

/// Reusable per-worker battle state (reset from the matchup's templates each battle; vectors
/// keep their capacity).
#[derive(Debug, Default)]
pub struct BattleState {
    /// Ships, setup order.
    pub ships: Vec<ShipState>,
    /// Guided weapons in flight.
    pub gws: Vec<GwGroup>,
    /// Closest approach of each ship pair during the last maneuver phase (n × n).
    pub approach: Vec<f64>,
    /// Area Denial marks for the coming maneuver phase.
    pub marks: Vec<super::area_denial::Mark>,
    /// Current turn (1-based).
    pub turn: u32,
    /// Blockade run: crew phases in a row the delivery ship has ended on the delivery point.
    pub held: u32,
    /// Blockade run: the delivery has been made.
    pub delivered: bool,
    /// A firing phase is being resolved (paralysis then starts with this turn's maneuver).
    pub firing: bool,
    /// Per side, the rule system's event counters.
    pub events: [[u32; crate::outcome::MAX_EVENTS]; 2],
    /// Per side: it shot a surrendered ship, so nobody surrenders to it (J40).
    pub no_quarter: [bool; 2],
    /// Laser power the relays took in this firing phase (`relays.rs`).
    pub relays: Vec<relays::RelayCharge>,
    /// Crits rolled in this firing phase, (target, crit), whose effects wait for the end of
    /// the phase (simultaneous fire, `damage.rs`).
    pub pending_crits: Vec<(u8, super::crits::Crit)>,
    /// How the battle ended, once [`turn`] has said it did (the turn cap until then).
    pub ending: Ending,
    /// Per ship, its weapon lines' totals (damage by weapon, `weapon_lines.rs`).
    pub lines: Vec<[LineTally; MAX_LINES]>,
    /// Per ship, (attacker, line slot) of the hit that took its Integrity to 0 (credited a
    /// kill when the ship is destroyed; [`NO_KILLER`] when no line's hit did).
    pub killer: Vec<(u8, u8)>,
}

/// The forward model copies positions: `clone_from` copies field by field into the kept
/// copy's vectors (which keep their capacity), so a search player's rollouts allocate
/// nothing in steady state. Destructured in full, so a new field cannot be forgotten.
impl Clone for BattleState {
    fn clone(&self) -> Self {
        BattleState {
            ships: self.ships.clone(),
            gws: self.gws.clone(),
            approach: self.approach.clone(),
            marks: self.marks.clone(),
            turn: self.turn,
            held: self.held,
            delivered: self.delivered,
            firing: self.firing,
            events: self.events,
            no_quarter: self.no_quarter,
            relays: self.relays.clone(),
            pending_crits: self.pending_crits.clone(),
            ending: self.ending,
            lines: self.lines.clone(),
            killer: self.killer.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let BattleState {
            ships,
            gws,
            approach,
            marks,
            turn,
            held,
            delivered,
            firing,
            events,
            no_quarter,
            relays,
            pending_crits,
            ending,
            lines,
            killer,
        } = source;
        self.ships.clone_from(ships);
        self.gws.clone_from(gws);
        self.approach.clone_from(approach);
        self.marks.clone_from(marks);
        self.turn = *turn;
        self.held = *held;
        self.delivered = *delivered;
        self.firing = *firing;
        self.events = *events;
        self.no_quarter = *no_quarter;
        self.relays.clone_from(relays);
        self.pending_crits.clone_from(pending_crits);
        self.ending = *ending;
        self.lines.clone_from(lines);
        self.killer.clone_from(killer);
    }
}

/// Most crits of one firing phase whose effects wait for the phase's end; beyond it (never
/// seen in the shipped configs) a crit takes effect at once, so battles never allocate.
pub const MAX_PENDING_CRITS: usize = 256;

impl BattleState {
    /// [`Battle::engagement_distance`] of ships `a` and `b`.
    pub(crate) fn engagement_distance(&self, a: usize, b: usize) -> f64 {
        let n = self.ships.len();
        let now = f64::from(self.ships[a].pos.distance(self.ships[b].pos));
        now.min(self.approach[a * n + b])
    }

    /// State sized for a matchup.
    pub fn for_matchup(m: &Matchup) -> Self {
        let n = m.start.len();
        BattleState {
            ships: Vec::with_capacity(n),
            gws: Vec::with_capacity(MAX_GW_GROUPS),
            approach: Vec::with_capacity(n * n),
            marks: Vec::with_capacity(area_denial::MAX_MARKS),
            turn: 0,
            held: 0,
            delivered: false,
            firing: false,
            events: [[0; crate::outcome::MAX_EVENTS]; 2],
            no_quarter: [false; 2],
            relays: Vec::with_capacity(MAX_GW_GROUPS),
            pending_crits: Vec::with_capacity(MAX_PENDING_CRITS),
            ending: Ending::TurnLimit,
            lines: Vec::with_capacity(n),
            killer: Vec::with_capacity(n),
        }
    }

    fn reset(&mut self, m: &Matchup) {
        self.ships.clear();
        self.ships.extend_from_slice(&m.start);
        self.gws.clear();
        self.marks.clear();
        self.relays.clear();
        self.pending_crits.clear();
        let n = m.start.len();
        self.approach.clear();
        self.approach.resize(n * n, f64::INFINITY);
        self.turn = 0;
        self.held = 0;
        self.delivered = false;
        self.firing = false;
        self.events = [[0; crate::outcome::MAX_EVENTS]; 2];
        self.no_quarter = [false; 2];
        self.ending = Ending::TurnLimit;
        self.lines.clear();
        self.lines.resize(n, [LineTally::default(); MAX_LINES]);
        self.killer.clear();
        self.killer.resize(n, NO_KILLER);
    }
}

/// One battle in progress.
pub(crate) struct Battle<'a, R: Roller, O: Observer> {
    pub(crate) m: &'a Matchup,
    pub(crate) st: &'a mut BattleState,
    pub(crate) dice: &'a mut R,
    pub(crate) obs: &'a mut O,
}

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Whether `side` may add a guided-weapon group: each side has half of [`MAX_GW_GROUPS`]
    /// (fair seats: before, the groups filled first come first served, side A's launches
    /// first, so only side B lost launches when full). Counted only past the half.
    pub(crate) fn gw_room(&self, side: Side) -> bool {
        const HALF: usize = MAX_GW_GROUPS / 2;
        self.st.gws.len() < HALF || self.st.gws.iter().filter(|g| g.side == side).count() < HALF
    }

    /// Whether `side` may lay `n` more Area Denial marks: each side has half of
    /// [`MAX_MARKS`](area_denial::MAX_MARKS), as for [`gw_room`](Self::gw_room).
    pub(crate) fn mark_room(&self, side: Side, n: usize) -> bool {
        const HALF: usize = area_denial::MAX_MARKS / 2;
        let st = &*self.st;
        st.marks.len() + n <= HALF
            || st
                .marks
                .iter()
                .filter(|k| st.ships[usize::from(k.owner)].side == side)
                .count()
                + n
                <= HALF
    }

    pub(crate) fn count(&mut self, side: Side, e: Event) {
        self.st.events[side.index()][e as usize] += 1;
    }

    /// Distance used for bracket and point-defense eligibility: the closest approach during
    /// the last maneuver phase ("Threat Zones"), never more than the current distance.
    pub(crate) fn engagement_distance(&self, a: usize, b: usize) -> f64 {
        self.st.engagement_distance(a, b)
    }

    fn in_play(&self, side: Side) -> usize {
        self.st
            .ships
            .iter()
            .filter(|s| s.side == side && s.status.in_battle())
            .count()
    }
}

/// The forward model's first step ([`crate::RuleSystem::begin`]): the battle's state from
/// the matchup's templates (deployment is set up with the matchup, as mirror images).
pub fn begin(m: &Matchup, st: &mut BattleState) {
    st.reset(m);
}

/// One turn of Stage 2 (Firing → Maneuver → Crew, "during each turn"), every choice made by
/// `m`'s policies ([`crate::RuleSystem::turn`]). Returns whether the battle has ended: a side
/// has nothing left in play, a blockade delivery was made (J17), or the turn cap was reached;
/// how it ended is kept in `st` for [`finish_battle`].
pub fn turn<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) -> bool {
    let mut b = Battle { m, st, dice, obs };
    b.st.turn += 1;
    let turn = b.st.turn;
    trace!(b.obs, "== Turn {turn} ==");
    if m.plain() {
        b.firing_phase::<true>();
    } else {
        b.firing_phase::<false>();
    }
    b.maneuver_phase();
    b.crew_phase();
    let (a, bb) = (b.in_play(Side::A), b.in_play(Side::B));
    if a == 0 || bb == 0 {
        b.st.ending = if a == 0 && bb == 0 {
            Ending::MutualDestruction
        } else {
            Ending::Annihilation
        };
        return true;
    }
    // J17: a completed blockade delivery ends the battle with both sides standing; the
    // game-length ending carries it and `Outcome.verdict` says who won.
    if b.st.delivered {
        trace!(b.obs, "The delivery is made: the battle ends");
        return true;
    }
    turn >= m.rules.turn_cap
}

/// The forward model's last step ([`crate::RuleSystem::finish`]): score the ended battle.
pub fn finish_battle<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
    tallies: &mut [ShipTally],
) -> Outcome {
    let ending = st.ending;
    let mut b = Battle { m, st, dice, obs };
    finish(&mut b, ending, tallies)
}

/// What decided the battle, an index into [`super::DECIDERS`]: the objective whenever the
/// scenario has one; else how the battle ended, and for a Stage 3 end whether the losing
/// side's ships were all destroyed (annihilation) or some retreated or surrendered.
fn decided_by<R: Roller, O: Observer>(
    b: &Battle<'_, R, O>,
    ending: Ending,
    standing: Verdict,
) -> u8 {
    use super::{
        DECIDED_ANNIHILATION, DECIDED_DRAW_AT_GAME_END, DECIDED_GAME_END_MEASURE,
        DECIDED_MUTUAL_DESTRUCTION, DECIDED_OBJECTIVE, DECIDED_RETREAT_OR_SURRENDER,
    };
    if b.m.objective.is_some() {
        return DECIDED_OBJECTIVE;
    }
    match (ending, standing) {
        (Ending::MutualDestruction, _) => DECIDED_MUTUAL_DESTRUCTION,
        (Ending::TurnLimit, Verdict::Draw) => DECIDED_DRAW_AT_GAME_END,
        (Ending::TurnLimit, Verdict::Win(_)) => DECIDED_GAME_END_MEASURE,
        (Ending::Annihilation, Verdict::Win(w)) => {
            let loser = w.other();
            let fled = b.st.ships.iter().any(|s| {
                s.side == loser && matches!(s.status, Status::Retreated | Status::Surrendered)
            });
            if fled {
                DECIDED_RETREAT_OR_SURRENDER
            } else {
                DECIDED_ANNIHILATION
            }
        }
        (Ending::Annihilation, Verdict::Draw) => DECIDED_MUTUAL_DESTRUCTION,
    }
}

fn finish<R: Roller, O: Observer>(
    b: &mut Battle<'_, R, O>,
    ending: Ending,
    tallies: &mut [ShipTally],
) -> Outcome {
    let mut sides = [SideTally::default(), SideTally::default()];
    let mut value = [0u64; 2];
    let mut total = [0u64; 2];
    for (s, t) in b.st.ships.iter().zip(tallies.iter_mut()) {
        let k = s.side.index();
        t.damage_dealt = s.dealt.round() as u32;
        t.damage_taken = s.taken.round() as u32;
        t.destroyed = s.status == Status::Destroyed;
        sides[k].damage_dealt += t.damage_dealt;
        sides[k].damage_taken += t.damage_taken;
        total[k] += u64::from(s.points);
        if s.status.in_battle() {
            sides[k].survivors += 1;
            value[k] += u64::from(s.points);
        }
        // Destroyed and surrendered ships are lost to their side; retreated ones are not.
        if matches!(s.status, Status::Destroyed | Status::Surrendered) {
            sides[k].points_lost += s.points;
        }
    }
    for (k, side) in sides.iter_mut().enumerate() {
        side.events = b.st.events[k];
    }
    let standing = match ending {
        Ending::MutualDestruction => Verdict::Draw,
        Ending::Annihilation => {
            if sides[0].survivors == 0 {
                Verdict::Win(Side::B)
            } else {
                Verdict::Win(Side::A)
            }
        }
        Ending::TurnLimit => {
            // J6: compare the fraction of each fleet's value still in play.
            let frac = |k: usize| value[k] as f64 / total[k].max(1) as f64 * 100.0;
            let diff = frac(0) - frac(1);
            let margin = f64::from(b.m.rules.draw_margin_percent);
            if diff > margin {
                Verdict::Win(Side::A)
            } else if diff < -margin {
                Verdict::Win(Side::B)
            } else {
                Verdict::Draw
            }
        }
    };
    let verdict =
        b.m.objective
            .map_or(standing, |o| o.verdict(&b.st.ships, b.st.delivered));
    let decided_by = decided_by(b, ending, standing);
    let say = |v: Verdict| match v {
        Verdict::Win(s) => format!("side {s} wins"),
        Verdict::Draw => "draw".to_string(),
    };
    trace!(
        b.obs,
        "End after turn {}: {} ({}){}",
        b.st.turn,
        say(verdict),
        ending.name(),
        if verdict == standing {
            String::new()
        } else {
            format!("; last side standing: {}", say(standing))
        }
    );
    Outcome {
        verdict,
        standing,
        ending,
        decided_by,
        turns: b.st.turn,
        sides,
    }
}
