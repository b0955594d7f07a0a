//! EM Deflector drones (Appendix 1 "EM Deflector"): where a drone flies (on the line between
//! the ship it defends and the nearest enemy particle-beam ship, J29) and what the drones on a
//! beam's line do to a particle-beam attack (deflection chance, G26's lost Precision Targeting
//! perks).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::Event;
use super::super::blasts;
use super::super::design::WeaponKind;
use super::super::ewar;
use super::super::hex::{self, Hex};
use super::super::parts::{GwSize, Payload};
use super::super::policy::PdLaunches;
use super::super::ship::Status;
use super::{Battle, GwGroup, ties};

/// What the deflectors on one particle beam's line do to it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Deflection {
    /// Chance in percent that each shot is deflected (forced to miss).
    pub percent: f64,
    /// An enemy deflector is on the line: no Precision Targeting ×3 crits or table choice
    /// (G26).
    pub no_precision_perks: bool,
}

impl Deflection {
    /// No deflector on the line.
    pub(crate) const NONE: Deflection = Deflection {
        percent: 0.0,
        no_precision_perks: false,
    };
}

/// How far from the ship it defends a deflector drone holds (J29 policy): the deflection
/// chance grows with the distance (a heavy drone is certain at 5 hexes against a beam of
/// TAE 1), while a drone far out falls off the beam line more easily as the ships move.
pub const DRONE_HOLD: i32 = 5;

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// Ship `i` launches one EM Deflector drone (VLS or catapult, no velocity change) when
    /// an enemy particle-beam ship is in play and none of its own drones is flying (J29).
    #[cold]
    #[inline(never)]
    pub(crate) fn drone_launch(&mut self, i: usize) {
        let m = self.m;
        let s = self.st.ships[i];
        let d = m.design(&s);
        let launcher = s.has_launcher(d);
        if s.status != Status::Active
            || !launcher
            || !s.can_use_weapons(d)
            || !self.gw_room(s.side)
            || self
                .st
                .gws
                .iter()
                .any(|g| g.drone && usize::from(g.owner) == i && self.is_deflector(g))
        {
            return;
        }
        let Some(slot) = (0..d.magazine.len()).find(|&k| {
            s.magazine[k] > 0 && m.catalogue.guided[d.magazine[k].0].payload == Payload::EmDeflector
        }) else {
            return;
        };
        let Some(t) = self.beam_threat(i) else {
            return;
        };
        let gi = d.magazine[slot].0;
        let gd = &m.catalogue.guided[gi];
        self.st.ships[i].magazine[slot] -= 1;
        self.count(s.side, Event::Launches);
        trace!(
            self.obs,
            "  {} launches an EM deflector drone ({}) against {}",
            self.m.names[i],
            gd.name,
            self.m.names[t]
        );
        self.launch_drone(i, gi, 1, t);
    }

    /// Whether group `g` is an EM Deflector drone.
    pub(crate) fn is_deflector(&self, g: &GwGroup) -> bool {
        g.drone && self.m.catalogue.guided[usize::from(g.guided)].payload == Payload::EmDeflector
    }

    /// The magazine entry ship `i` launches an attack from: its first loaded entry, skipping
    /// drones (deflectors, decoys, relays) and missiles kept for point-defense blasts (J51)
    /// when the matchup has any.
    #[inline]
    pub(crate) fn launch_slot(&self, i: usize) -> Option<usize> {
        let m = self.m;
        if m.deflectors || m.decoys || m.relays || m.pd_launches {
            self.attack_slot(i)
        } else {
            self.st.ships[i].magazine.iter().position(|n| *n > 0)
        }
    }

    /// The first loaded magazine entry of ship `i` that is not a drone (deflector, decoy,
    /// relay), nor a missile its side keeps for point-defense blasts (J51).
    #[cold]
    #[inline(never)]
    pub(crate) fn attack_slot(&self, i: usize) -> Option<usize> {
        let s = &self.st.ships[i];
        let d = self.m.design(s);
        let reserve = self.m.policies[s.side.index()].pd_launches == PdLaunches::All;
        (0..d.magazine.len()).find(|&k| {
            let gd = &self.m.catalogue.guided[d.magazine[k].0];
            s.magazine[k] > 0
                && !matches!(
                    gd.payload,
                    Payload::EmDeflector | Payload::Decoy | Payload::LaserRelay
                )
                && !(reserve
                    && gd.payload != Payload::Excalibur
                    && blasts::pd_launchable(gd.payload, gd.size))
        })
    }

    /// Deflector drone `g` steers for its station (J29); it is removed when the ship it
    /// defends is out of play or no enemy particle-beam ship is left. Returns whether it stays.
    #[cold]
    #[inline(never)]
    pub(crate) fn drone_maneuver(&mut self, g: usize) -> bool {
        if self.is_decoy(&self.st.gws[g]) {
            return self.decoy_maneuver(g);
        }
        if self.is_relay(&self.st.gws[g]) {
            return self.relay_maneuver(g);
        }
        let mut w = self.st.gws[g];
        if !self.st.ships[usize::from(w.target)].status.in_play() {
            match self.beam_threat(usize::from(w.owner)) {
                Some(t) => w.target = t as u8,
                None => return false,
            }
        }
        let Some(station) = self.drone_station(&w, DRONE_HOLD) else {
            return false;
        };
        let gd = &self.m.catalogue.guided[usize::from(w.guided)];
        w.steer_toward(station, gd.propulsion);
        self.st.gws[g] = w;
        true
    }

    /// The deflection a particle beam of Target Armor Effectiveness `tae` from ship `i` at
    /// ship `t` meets: the defending drone farthest from `t` on the straight line between them
    /// sets the base chance (30% + 5% per hex, heavy 50% + 10%), every other drone on the line
    /// adds (the defender's) or takes away (the attacker's) 10% (heavy 25%), all × TAE
    /// (`ewar::deflect_percent`).
    #[cold]
    #[inline(never)]
    pub(crate) fn deflection(&self, i: usize, t: usize, tae: f64) -> Deflection {
        let (from, to) = (self.st.ships[i].pos, self.st.ships[t].pos);
        let defender = self.st.ships[t].side;
        let base =
            |heavy: bool, hexes: i32| ewar::deflect_percent(heavy, hexes, 1.0, [0; 2], [0; 2]);
        let mut best: Option<(bool, i32)> = None;
        let mut defending = [0u32; 2];
        let mut attacking = [0u32; 2];
        for g in &self.st.gws {
            if !g.drone
                || g.count == 0
                || !self.is_deflector(g)
                || !hex::passes_through(from, to, g.pos)
            {
                continue;
            }
            let heavy = self.m.catalogue.guided[usize::from(g.guided)].size == GwSize::Heavy;
            if g.side == defender {
                defending[usize::from(heavy)] += g.count;
                let hexes = g.pos.distance(to);
                if best.is_none_or(|(h, d)| base(heavy, hexes) > base(h, d)) {
                    best = Some((heavy, hexes));
                }
            } else {
                attacking[usize::from(heavy)] += g.count;
            }
        }
        match best {
            Some((heavy, hexes)) => {
                defending[usize::from(heavy)] -= 1;
                Deflection {
                    percent: ewar::deflect_percent(heavy, hexes, tae, defending, attacking),
                    no_precision_perks: true,
                }
            }
            None => Deflection {
                percent: 0.0,
                no_precision_perks: false,
            },
        }
    }

    /// Where deflector drone `w` steers: the hex `hold` hexes from the ship it defends (its
    /// launcher) toward the enemy it screens against, or halfway when that enemy is closer than
    /// twice `hold` (J29). `None` when the defended ship is out of play.
    pub(crate) fn drone_station(&self, w: &GwGroup, hold: i32) -> Option<Hex> {
        let own = &self.st.ships[usize::from(w.owner)];
        let enemy = &self.st.ships[usize::from(w.target)];
        if !own.status.in_play() {
            return None;
        }
        let d = own.pos.distance(enemy.pos);
        if d == 0 {
            return Some(own.pos);
        }
        let k = hold.min(d / 2);
        let f = f64::from(k) / f64::from(d);
        // Rounded relative to the ship (rounding is odd), so a mirrored fleet's drones take
        // mirrored stations.
        Some(own.pos.add(hex::round_axial(
            f64::from(enemy.pos.q - own.pos.q) * f,
            f64::from(enemy.pos.r - own.pos.r) * f,
        )))
    }

    /// The enemy ship in play a drone of ship `i` screens against: the nearest with a particle
    /// beam (equally near ones: the battle's dice), else `None`.
    pub(crate) fn beam_threat(&mut self, i: usize) -> Option<usize> {
        let (m, st) = (self.m, &*self.st);
        let me = &st.ships[i];
        let beams = (0..st.ships.len()).filter(|&j| {
            let s = &st.ships[j];
            s.side != me.side
                && s.status.in_play()
                && m.design(s).weapons.iter().any(|&w| {
                    matches!(m.catalogue.weapons[w].kind, WeaponKind::ParticleBeam { .. })
                })
        });
        ties::least(&mut *self.dice, beams, |j| me.pos.distance(st.ships[j].pos))
    }
}
