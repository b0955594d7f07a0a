//! A fighter's turn (ch. 6c "Fighters", ch. 6b hangars, ch. 6 PWS/AWS): launch from the
//! carrier, the one attack before resupplying, the free 7 (10) move, PWS exchanges with
//! fPWS and AWS cover, landing, resupply after a whole turn aboard, and the carrier-destroyed
//! points rule. Everything here runs only when the matchup has fighters
//! (`Matchup::fighters.any`); battles without them never reach it.

use crate::dice::Roller;
use crate::geometry::Vec2;
use crate::observer::Observer;
use crate::outcome::SideTally;
use crate::trace;

use super::super::damage::DamagePacket;
use super::super::design::ComponentKind;
use super::super::fighters::{
    EVENT_ATTACK, EVENT_AWS_HIT, EVENT_COLLECTED, EVENT_LAUNCHED, EVENT_LOST, EVENT_RESUPPLIED,
    LAUNCH_DISTANCE, NO_CARRIER,
};
use super::super::player::Player;
use super::super::policy::{Approach, FighterTactics};
use super::super::ship::Status;
use super::super::terrain;
use super::Battle;

impl<R: Roller, O: Observer, P: Player> Battle<'_, R, O, P> {
    /// The carrier of unit `i`, if it has one.
    pub(super) fn carrier_of(&self, i: usize) -> Option<usize> {
        match self.m.fighters.carrier.get(i) {
            Some(&c) if c != NO_CARRIER => Some(usize::from(c)),
            _ => None,
        }
    }

    /// Working Fighter Launch Hangars of ship `c` ("one unit of Fighters per each Fighter
    /// Launch Hangar per turn"; a Component Damage condition can switch one off).
    fn launch_hangars(&self, c: usize) -> u8 {
        let ship = &self.s.ships[c];
        ship.count_components(
            &self.m.designs[usize::from(ship.design)],
            ComponentKind::FighterLaunchHangar,
            None,
        )
    }

    fn count_event(&mut self, i: usize, event: usize) {
        let side = self.s.ships[i].side.index();
        self.s.events[side][event] += 1;
    }

    /// An aboard fighter whose carrier left play shares its fate (house rule
    /// `fighters_lost_with_carrier`, FT5), or is set loose at the wreck. Returns whether it is
    /// still aboard.
    fn carrier_check(&mut self, i: usize) -> bool {
        if self.s.ships[i].status != Status::Aboard {
            return false;
        }
        let Some(c) = self.carrier_of(i) else {
            return true;
        };
        let carrier = self.s.ships[c];
        match carrier.status {
            Status::Active => true,
            Status::Fled => {
                self.s.ships[i].status = Status::Fled;
                trace!(
                    self.obs,
                    "  {} left aboard {}", self.m.names[i], self.m.names[c]
                );
                false
            }
            _ if self.m.rules.fighters_lost_with_carrier => {
                self.s.ships[i].status = Status::Destroyed;
                self.count_event(i, EVENT_LOST);
                trace!(
                    self.obs,
                    "  {} is lost with its carrier {}", self.m.names[i], self.m.names[c]
                );
                false
            }
            _ => {
                let f = &mut self.s.ships[i];
                f.status = Status::Active;
                f.pos = carrier.pos;
                trace!(
                    self.obs,
                    "  {} escapes the wreck of {}", self.m.names[i], self.m.names[c]
                );
                false
            }
        }
    }

    /// A fighter's activation (ch. 5b: attack, then move). Aboard, it launches when its weapon
    /// is loaded and a Launch Hangar of its carrier is free this turn, then moves (it was aboard
    /// during its attack step). In flight: one attack if it has a shot left (never at Extended
    /// Range, see `choose_target`), the free move, PWS exchanges, landing when empty.
    #[cold]
    #[inline(never)]
    pub(super) fn activate_fighter(&mut self, i: usize) {
        let m = self.m;
        let player = &self.players[self.s.ships[i].side.index()];
        if self.s.ships[i].status == Status::Aboard {
            if !self.carrier_check(i) {
                return;
            }
            let Some(c) = self.carrier_of(i) else { return };
            // A side that holds its ground (turret, passive) keeps its fighters aboard (FT6).
            if player.approach() == Approach::Hold {
                return;
            }
            if self.s.fighters.shots[i] < m.fighters.full_load[i] {
                trace!(self.obs, "  {} stays aboard to resupply", m.names[i]);
                return;
            }
            if self.s.fighters.hangar_uses[c] >= self.launch_hangars(c) {
                trace!(
                    self.obs,
                    "  {} waits aboard: {}'s launch hangars are busy this turn",
                    m.names[i],
                    m.names[c]
                );
                return;
            }
            self.s.fighters.hangar_uses[c] += 1;
            let carrier = self.s.ships[c];
            let f = &mut self.s.ships[i];
            f.status = Status::Active;
            f.pos = carrier.pos;
            f.facing = carrier.facing;
            self.count_event(i, EVENT_LAUNCHED);
            trace!(
                self.obs,
                "  {} launches from {} at ({:.1}, {:.1})",
                m.names[i],
                m.names[c],
                carrier.pos.x,
                carrier.pos.y
            );
        } else {
            trace!(
                self.obs,
                "  {} activates at ({:.1}, {:.1}), {} shot(s) left",
                m.names[i],
                self.s.ships[i].pos.x,
                self.s.ships[i].pos.y,
                self.s.fighters.shots[i]
            );
            if player.fires() {
                self.fighter_attack(i);
            }
        }
        if player.approach() != Approach::Hold && self.s.ships[i].active() {
            self.fighter_move(i);
            if self.s.ships[i].active() && player.calls_pws_exchange() && m.rules.pws_exchange {
                self.pws_exchanges_with_fighters(i);
            }
            if self.s.ships[i].active() {
                self.try_landing(i);
            }
        }
        if self.s.ships[i].active() {
            self.after_move(i);
        }
    }

    /// The fighter's attack: its one weapon, if loaded ("Fighters may only attack one time with
    /// the Weapon before needing to resupply"; Extended Payload: once more).
    fn fighter_attack(&mut self, i: usize) {
        let m = self.m;
        let design = &m.designs[usize::from(self.s.ships[i].design)];
        if design.weapons.is_empty()
            || self.s.fighters.shots[i] == 0
            || self.s.ships[i].weapon_off(0)
        {
            return;
        }
        let mut sighted = std::mem::take(&mut self.s.sightings);
        self.sight::<false>(i, &mut sighted);
        let target = self.choose_target(i, 0, &sighted);
        self.s.sightings = sighted;
        if let Some((j, band)) = target {
            self.s.fighters.shots[i] -= 1;
            self.count_event(i, EVENT_ATTACK);
            self.fire(i, 0, j, band);
            trace!(
                self.obs,
                "    {} has {} shot(s) left", m.names[i], self.s.fighters.shots[i]
            );
        }
    }

    /// Where the fighter flies: loaded, to its weapon's reach of the enemy it hits best; with
    /// only PWS/fPWS, onto the nearest enemy (fighters first when it has fPWS); empty, home to
    /// its carrier (FT6 in the house rules: the AI's choices).
    fn fighter_goal(&self, i: usize) -> Option<(Vec2, f64)> {
        let m = self.m;
        let me = &self.s.ships[i];
        let d = usize::from(me.design);
        let design = &m.designs[d];
        let spec = design.fighter.unwrap_or_default();
        let loaded = self.s.fighters.shots[i] > 0 && !design.weapons.is_empty();
        if loaded {
            let expected = m.expected_row(d, 0);
            let reach = m.profiles[d][0].normal_range();
            let mut best: Option<(usize, f32, f64)> = None;
            for (j, t) in self.s.ships.iter().enumerate() {
                if t.side == me.side || !t.active() {
                    continue;
                }
                let e = expected[usize::from(t.design) * 3];
                let dd = (t.pos - me.pos).length();
                if best.is_none_or(|(_, be, bd)| e > be || (e == be && dd < bd)) {
                    best = Some((j, e, dd));
                }
            }
            return best.map(|(j, _, _)| {
                (
                    self.s.ships[j].pos,
                    (reach * 0.5).clamp(2.5, (reach - 1.0).max(2.5)),
                )
            });
        }
        if me.equipment.pws > 0 || spec.fpws > 0 {
            // Cautious interceptors screen: the enemy fighter nearest their carrier first.
            let cautious =
                self.players[me.side.index()].fighter_tactics() == FighterTactics::Cautious;
            let from = match self.carrier_of(i) {
                Some(c) if cautious && self.s.ships[c].active() => self.s.ships[c].pos,
                _ => me.pos,
            };
            let mut best: Option<(usize, bool, f64)> = None;
            for (j, t) in self.s.ships.iter().enumerate() {
                if t.side == me.side || !t.active() {
                    continue;
                }
                let prey = t.size == 0 && spec.fpws > 0;
                let dd = (t.pos - from).length();
                if best.is_none_or(|(_, bp, bd)| (prey && !bp) || (prey == bp && dd < bd)) {
                    best = Some((j, prey, dd));
                }
            }
            return best.map(|(j, _, _)| (self.s.ships[j].pos, 1.5));
        }
        if self.s.fighters.shots[i] < m.fighters.full_load[i] {
            let c = self.carrier_of(i)?;
            if self.s.ships[c].active() {
                return Some((self.s.ships[c].pos, 0.0));
            }
        }
        None
    }

    /// "During their movement phase, Fighters may move up to 7 Distance in any direction"
    /// (10 with Interceptor Boosters): straight toward (or away from) the goal, ending at the
    /// wanted distance, never off the table and never into Solid terrain.
    fn fighter_move(&mut self, i: usize) {
        let m = self.m;
        let me = self.s.ships[i];
        let design = &m.designs[usize::from(me.design)];
        let reach = design.fighter.unwrap_or_default().move_distance();
        let board = m.scenario.board;
        let cautious = self.players[me.side.index()].fighter_tactics() == FighterTactics::Cautious;
        // A fighter with a weapon picks its point (FT8); PWS-only fighters hunt (FT6).
        let (p, unit) = if cautious && !design.weapons.is_empty() {
            let loaded = self.s.fighters.shots[i] > 0;
            let home = self
                .carrier_of(i)
                .map(|c| self.s.ships[c])
                .filter(|c| c.active())
                .map(|c| c.pos);
            let p = self.cautious_destination(i, loaded, home);
            let to = p - me.pos;
            let dist = to.length();
            if dist < 1e-9 {
                return;
            }
            (p, to * (1.0 / dist))
        } else {
            let Some((goal, want)) = self.fighter_goal(i) else {
                return;
            };
            let to = goal - me.pos;
            let dist = to.length();
            if dist < 1e-9 {
                return;
            }
            let unit = to * (1.0 / dist);
            let step = (dist - want).clamp(-reach, reach);
            let p = me.pos + unit * step;
            (
                Vec2::new(p.x.clamp(0.0, board.length), p.y.clamp(0.0, board.width)),
                unit,
            )
        };
        let step = p.distance(me.pos);
        if !self.s.terrain.is_empty() && terrain::surroundings(&self.s.terrain, p).solid {
            trace!(self.obs, "    {} holds: Solid terrain ahead", m.names[i]);
            return;
        }
        let f = &mut self.s.ships[i];
        f.pos = p;
        f.facing = unit;
        trace!(
            self.obs,
            "    {} flies {:.1} to ({:.1}, {:.1})",
            m.names[i],
            step.abs(),
            p.x,
            p.y
        );
    }

    /// Landing: an empty fighter within 2 of its carrier is Collected, if a Launch Hangar is
    /// free this turn (ch. 6b). It resupplies after a whole turn aboard.
    fn try_landing(&mut self, i: usize) {
        if let Some(c) = self.carrier_of(i)
            && self.may_collect(c, i)
        {
            self.collect(c, i);
            trace!(
                self.obs,
                "    {} lands on {}", self.m.names[i], self.m.names[c]
            );
        }
    }

    /// Whether carrier `c` can Collect its fighter `i` now: the fighter is in flight and not
    /// fully loaded, within 2 of the carrier, and a Launch Hangar is free this turn (ch. 6b).
    fn may_collect(&self, c: usize, i: usize) -> bool {
        let (carrier, f) = (&self.s.ships[c], &self.s.ships[i]);
        carrier.active()
            && f.active()
            && self.s.fighters.shots[i] < self.m.fighters.full_load[i]
            && carrier.pos.distance(f.pos) <= LAUNCH_DISTANCE
            && self.s.fighters.hangar_uses[c] < self.launch_hangars(c)
    }

    /// Carriers Collect their empty fighters within 2 — "A Fighter may be Launched or
    /// Collected when the Ship or the Fighter moves within 2 distance of each other" (ch. 6b).
    /// Checked once per turn, in the Resolution phase before resupply, after the carriers'
    /// moves (FT8: not at the end of each carrier's own move, which would cost a test in every
    /// ship's activation; a fighter the enemy destroys after the carrier moved is not saved).
    fn carriers_collect(&mut self) {
        for c in 0..self.s.ships.len() {
            if self.s.ships[c].size == 0 || self.launch_hangars(c) == 0 {
                continue;
            }
            for f in 0..self.s.ships.len() {
                if self.carrier_of(f) == Some(c) && self.may_collect(c, f) {
                    self.collect(c, f);
                    trace!(
                        self.obs,
                        "  {} collects {}", self.m.names[c], self.m.names[f]
                    );
                }
            }
        }
    }

    /// Carrier `c` takes fighter `i` aboard, using one Launch Hangar for the turn.
    fn collect(&mut self, c: usize, i: usize) {
        let carrier = self.s.ships[c];
        self.s.fighters.hangar_uses[c] += 1;
        self.s.fighters.landed[i] = self.s.turn;
        let f = &mut self.s.ships[i];
        f.status = Status::Aboard;
        f.pos = carrier.pos;
        self.count_event(i, EVENT_COLLECTED);
    }

    /// PWS fire unit `me` brings against unit `them`: its PWS, plus its fPWS against a fighter,
    /// plus (a ship against a fighter) one per friendly AWS ship covering it — the AWS passive
    /// counts "for the purposes of defending against missile attacks and Fighters".
    pub(super) fn pws_against(&self, me: usize, them: usize) -> u8 {
        let a = &self.s.ships[me];
        let mut n = a.equipment.pws;
        if self.s.ships[them].size == 0 {
            if a.size == 0 {
                let spec = self.m.designs[usize::from(a.design)].fighter;
                n += spec.map_or(0, |f| f.fpws);
            } else {
                n += self.aws_cover(me) as u8;
            }
        }
        n
    }

    /// The PWS exchange (ch. 6 PWS; G19) when the matchup has fighters: as for ships, but each
    /// side's fire counts fPWS (fighter against fighter) and AWS cover (ship against fighter),
    /// and fighters take part both ways (FT3).
    #[cold]
    #[inline(never)]
    pub(super) fn pws_exchanges_with_fighters(&mut self, i: usize) {
        let m = self.m;
        let reach = m.rules.pws_exchange_distance;
        for j in 0..self.s.ships.len() {
            let (me, them) = (&self.s.ships[i], &self.s.ships[j]);
            if !me.active()
                || them.side == me.side
                || !them.active()
                || me.pws_partners & (1 << j) != 0
            {
                continue;
            }
            let d = them.pos - me.pos;
            if d.dot(d) > reach * reach {
                continue;
            }
            let (mine, theirs) = (self.pws_against(i, j), self.pws_against(j, i));
            if mine == 0 || mine < theirs {
                continue;
            }
            self.s.ships[i].pws_partners |= 1 << j;
            self.s.ships[j].pws_partners |= 1 << i;
            let to_them: u32 = (0..mine).map(|_| u32::from(self.dice.d6())).sum();
            let to_me: u32 = (0..theirs).map(|_| u32::from(self.dice.d6())).sum();
            trace!(
                self.obs,
                "    PWS exchange {} ({} PWS) <-> {} ({} PWS): {} / {}",
                m.names[i],
                mine,
                m.names[j],
                theirs,
                to_them,
                to_me
            );
            let packet = |amount| DamagePacket {
                amount,
                order: m.rules.damage_order,
                bypass_accuracy: None,
                kinetic: false,
                health_only: false,
            };
            let dealt = self.damage(j, packet(to_them));
            self.s.ships[i].damage_dealt += dealt;
            let taken = self.damage(i, packet(to_me));
            self.s.ships[j].damage_dealt += taken;
        }
    }

    /// Active AWS against fighters: each AWS not spent on a missile token may deal d6 to an
    /// enemy fighter within (Size × 2) — the most damaged one first (AI choice).
    #[cold]
    #[inline(never)]
    pub(super) fn aws_vs_fighters(&mut self, i: usize, mut aws: u8) {
        let reach = f64::from(self.s.ships[i].size) * 2.0;
        while aws > 0 {
            let me = &self.s.ships[i];
            let target = self
                .s
                .ships
                .iter()
                .enumerate()
                .filter(|(_, t)| {
                    t.size == 0
                        && t.side != me.side
                        && t.active()
                        && t.pos.distance(me.pos) <= reach
                })
                .min_by_key(|(_, t)| t.remaining())
                .map(|(j, _)| j);
            let Some(j) = target else { return };
            aws -= 1;
            let roll = u32::from(self.dice.d6());
            trace!(
                self.obs,
                "    {} AWS fires on {}: {}", self.m.names[i], self.m.names[j], roll
            );
            self.count_event(i, EVENT_AWS_HIT);
            let packet = DamagePacket {
                amount: roll,
                order: self.m.rules.damage_order,
                bypass_accuracy: None,
                kinetic: false,
                health_only: false,
            };
            let dealt = self.damage(j, packet);
            self.s.ships[i].damage_dealt += dealt;
        }
    }

    /// A fighter was destroyed (counted once, when it leaves play).
    #[cold]
    #[inline(never)]
    pub(super) fn fighter_lost(&mut self, j: usize) {
        if self.s.ships[j].status == Status::Destroyed {
            self.count_event(j, EVENT_LOST);
        }
    }

    /// End of the Resolution phase: "To resupply a Weapon, a Fighter must spend the entire turn
    /// on its designated carrier Ship" — a fighter aboard since before this turn reloads. Hangar
    /// launches and collections are counted per turn.
    #[cold]
    #[inline(never)]
    pub(super) fn fighter_resolution(&mut self) {
        self.carriers_collect();
        let turn = self.s.turn;
        for i in 0..self.s.ships.len() {
            if self.s.ships[i].size != 0 || !self.carrier_check(i) {
                continue;
            }
            let full = self.m.fighters.full_load[i];
            if self.s.fighters.shots[i] < full && self.s.fighters.landed[i] < turn {
                self.s.fighters.shots[i] = full;
                self.count_event(i, EVENT_RESUPPLIED);
                trace!(self.obs, "  {} is resupplied", self.m.names[i]);
            }
        }
        self.s.fighters.hangar_uses = [0; super::super::ship::MAX_SHIPS];
    }

    /// Game end: fighters still aboard a lost carrier share its fate.
    #[cold]
    #[inline(never)]
    pub(super) fn fighters_at_game_end(&mut self) {
        for i in 0..self.s.ships.len() {
            if self.s.ships[i].size == 0 {
                self.carrier_check(i);
            }
        }
    }

    /// "If their carrier is destroyed, the points value of the Fighters cannot be claimed by
    /// the controlling player and may be claimed by the opposing player even if they were not
    /// destroyed": such fighters count as lost points for their side.
    #[cold]
    #[inline(never)]
    pub(super) fn claim_fighter_points(&self, sides: &mut [SideTally; 2]) {
        for (i, f) in self.s.ships.iter().enumerate() {
            if f.size != 0 || f.status == Status::Destroyed {
                continue;
            }
            if let Some(c) = self.carrier_of(i)
                && self.s.ships[c].status == Status::Destroyed
            {
                sides[f.side.index()].points_lost += f.points;
            }
        }
    }
}
