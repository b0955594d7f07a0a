//! Formations and Escorts in battle (ch. 9g; digest §2.12): the group's activation at its
//! largest member's Size, moving together from the Lead with the lowest Heading and Maneuver,
//! the Lead's shared command, Defensive and Escort redirection, Offensive contributions, and
//! leaving a group (Communications Damage, ships lost).
//!
//! Every hook in the hot code is behind `BattleState::grouped` (ships in an intact group): a
//! battle without Formations or Escorts tests one zero mask and runs none of this.

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::attack::AttackRoll;
use super::super::formation::{self, Group, GroupKind};
use super::super::orders::{
    Command, EV_CONTRIBUTION, EV_LEFT_GROUP, EV_REDIRECT_ESCORT, EV_REDIRECT_FORMATION, Holding,
};
use super::super::player::Player;
use super::super::policy::{Approach, Contribute};
use super::super::ship::Status;
use super::Battle;

/// Ship indices in a bit mask, ascending.
fn ships(mut mask: u64) -> impl Iterator<Item = usize> + Clone {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

impl<R: Roller, O: Observer, P: Player> Battle<'_, R, O, P> {
    /// Battle start: the matchup's groups, all intact.
    pub(super) fn reset_groups(&mut self) {
        self.s.groups.clear();
        self.s.groups.extend_from_slice(&self.m.groups);
        self.s.grouped = self.s.groups.iter().fold(0, |m, g| m | g.members);
        self.s.escort_window = (u8::MAX, 0);
    }

    /// The group ship `i` is in (only asked for ships in `grouped`).
    fn group_of(&self, i: usize) -> Option<usize> {
        self.s.groups.iter().position(|g| g.has(i))
    }

    /// The Formation ship `i` is in, if it is a Formation (not an Escort pair).
    fn formation_of(&self, i: usize) -> Option<Group> {
        if self.s.grouped & (1 << i) == 0 {
            return None;
        }
        self.group_of(i)
            .map(|g| self.s.groups[g])
            .filter(|g| g.kind.is_formation())
    }

    /// Whether ship `i` follows a Formation's Lead (gets no Orders of its own).
    #[cold]
    #[inline(never)]
    pub(super) fn formation_follower(&self, i: usize) -> bool {
        self.formation_of(i)
            .is_some_and(|g| usize::from(g.lead) != i)
    }

    /// Activation unit of a grouped ship (ch. 9g: "activated according to the Ship of the
    /// largest Size"): every member not yet activated stands for the group at the largest
    /// member's Size; activating one activates them all.
    #[cold]
    #[inline(never)]
    pub(super) fn group_unit(&self, i: usize) -> Option<(crate::outcome::Side, u8)> {
        let s = &self.s.ships[i];
        if !s.active() || self.s.activated & (1 << i) != 0 {
            return None;
        }
        let size = self.group_of(i).map_or(s.size, |g| {
            ships(self.s.groups[g].members)
                .filter(|&k| self.s.ships[k].active())
                .map(|k| self.s.ships[k].size)
                .max()
                .unwrap_or(s.size)
        });
        Some((s.side, size))
    }

    /// Drop from group `g` the ships that may no longer belong: out of play, or under
    /// Communications Damage ("may not be an Escort or a member of a Formation"). A lost
    /// Formation Lead is replaced by the largest remaining member (house rule F5, `new_lead`);
    /// a lost Escorted ship ends the relationship. Groups of fewer than two dissolve.
    fn prune(&mut self, g: usize) {
        let group = self.s.groups[g];
        let mut members = group.members;
        for k in ships(group.members) {
            let s = &self.s.ships[k];
            if s.active() && !s.restrictions.communications {
                continue;
            }
            members &= !(1 << k);
            if s.active() {
                let side = s.side.index();
                self.s.events[side][EV_LEFT_GROUP] += 1;
                trace!(
                    self.obs,
                    "    {} loses Communications and leaves its {}",
                    self.m.names[k],
                    group.kind.name()
                );
            }
        }
        let mut lead = group.lead;
        if members & (1 << lead) == 0 {
            let heir = ships(members).max_by_key(|&k| (self.s.ships[k].size, usize::MAX - k));
            match heir {
                Some(k) if group.kind.is_formation() && self.m.rules.formations.new_lead => {
                    lead = k as u8;
                    trace!(
                        self.obs,
                        "    {} takes the lead of the {}",
                        self.m.names[k],
                        group.kind.name()
                    );
                }
                _ => members = 0,
            }
        }
        if members.count_ones() < 2 {
            for k in ships(members) {
                let side = self.s.ships[k].side.index();
                self.s.events[side][EV_LEFT_GROUP] += 1;
                trace!(
                    self.obs,
                    "    {} is on its own: its {} has broken up",
                    self.m.names[k],
                    group.kind.name()
                );
            }
            members = 0;
        }
        let left = group.members & !members;
        self.s.groups[g] = Group {
            lead,
            members,
            ..group
        };
        self.s.grouped &= !left;
    }

    /// Command phase: groups drop ships lost since (terrain, fleeing) before Orders are given.
    #[cold]
    #[inline(never)]
    pub(super) fn prune_groups(&mut self) {
        for g in 0..self.s.groups.len() {
            if self.s.groups[g].members != 0 {
                self.prune(g);
            }
        }
    }

    /// Ship `j` was damaged or left play: its group loses it if it must.
    #[cold]
    #[inline(never)]
    pub(super) fn group_check(&mut self, j: usize) {
        let s = &self.s.ships[j];
        if (!s.active() || s.restrictions.communications)
            && let Some(g) = self.group_of(j)
        {
            self.prune(g);
        }
    }

    // ---- Command phase -----------------------------------------------------------------------

    /// "Only the Lead Ship is assigned a Command. That Command is utilised for every Ship in
    /// the Formation": each follower holds the Lead's Orders (each in effect for it, as its own
    /// Condition bans allow) and its Token, which is one Command for the whole Formation
    /// (spending it on any member spends it for all; house rule F7).
    #[cold]
    #[inline(never)]
    pub(super) fn share_command(&mut self) {
        for g in 0..self.s.groups.len() {
            let group = self.s.groups[g];
            if !group.kind.is_formation() || !group.intact() {
                continue;
            }
            let lead = self.s.ships[usize::from(group.lead)].command;
            for k in ships(group.followers()) {
                let ship = &mut self.s.ships[k];
                let r = ship.restrictions;
                for (slot, held) in lead.slots.iter().enumerate() {
                    match *held {
                        Holding::Hidden(o) | Holding::Revealed(o) => {
                            ship.command.give(slot, o, &r);
                        }
                        Holding::Token => {
                            ship.command.take_token(&r);
                        }
                        Holding::Empty => {}
                    }
                }
            }
        }
    }

    /// A member of a Formation paid for `command` from `slot`: the shared Token or Order is
    /// gone for every member.
    #[cold]
    #[inline(never)]
    pub(super) fn shared_spend(&mut self, i: usize, slot: usize, held: Holding, command: Command) {
        let Some(group) = self.formation_of(i) else {
            return;
        };
        for k in ships(group.members & !(1 << i)) {
            let c = &mut self.s.ships[k].command;
            if c.slots[slot] == held {
                c.spend(slot, command);
            }
        }
    }

    /// End of turn: a follower's Orders and Commands are the Lead's, counted once (on the
    /// Lead).
    #[cold]
    #[inline(never)]
    pub(super) fn uncount_follower(&mut self, i: usize) {
        if self.formation_follower(i) {
            let c = &mut self.s.ships[i].command;
            c.used = 0;
            c.discarded = 0;
        }
    }

    // ---- Activation and movement -------------------------------------------------------------

    /// One activation of the group ship `i` is in: every member's attack step (Lead first),
    /// then the group moves as one from the Lead, then each member's after-move fire, PWS
    /// exchanges and terrain.
    #[cold]
    #[inline(never)]
    pub(super) fn activate_group(&mut self, i: usize) {
        let Some(g) = self.group_of(i) else { return };
        self.prune(g);
        let group = self.s.groups[g];
        let members = if group.intact() {
            group.members
        } else {
            1 << i
        };
        let lead = if group.intact() {
            usize::from(group.lead)
        } else {
            i
        };
        let order = std::iter::once(lead).chain(ships(members & !(1 << lead)));
        trace!(
            self.obs,
            "  {} activates with its {} ({} ships)",
            self.m.names[lead],
            group.kind.name(),
            members.count_ones()
        );
        let mut present = 0u64;
        for k in order.clone() {
            self.s.activated |= 1 << k;
            if self.s.ships[k].active() && !self.jump_out(k) {
                present |= 1 << k;
            }
        }
        // Groups are rare: their members take the general path with every Command-layer hook
        // (each hook checks the ship's own Orders, so this is exact, just not the fast path).
        for k in order.clone() {
            if present & (1 << k) != 0 && self.s.ships[k].active() {
                self.attack_step::<true, false>(k);
            }
        }
        // The Lead may have been lost in the attack step (PWS, terrain): the group's Lead now.
        if let Some(g) = self.group_of(lead) {
            self.prune(g);
        }
        let mover = match self.group_of(lead).or_else(|| self.group_of(i)) {
            Some(g) if self.s.groups[g].intact() => usize::from(self.s.groups[g].lead),
            _ => lead,
        };
        let player = &self.players[self.s.ships[mover].side.index()];
        if player.approach() != Approach::Hold && self.s.ships[mover].active() {
            self.movement::<true, true>(mover);
            self.follow(mover, present);
            for k in order.clone() {
                if present & (1 << k) != 0 {
                    self.after_movement_fire::<true, false>(k);
                }
            }
        }
        for k in order {
            if present & (1 << k) != 0 {
                self.after_move(k);
            }
        }
        self.follow(mover, present);
    }

    /// The members (of `present`) still with `lead` take its centre point, facing and
    /// Velocity: "All movement and measurement for every ship ... made to or from the Lead"
    /// (Escort: "immediately place the Escorting Ship within 1 Distance"; on the point itself).
    fn follow(&mut self, lead: usize, present: u64) {
        let Some(g) = self.group_of(lead) else { return };
        let group = self.s.groups[g];
        let l = self.s.ships[lead];
        let mut moved = false;
        for k in ships(group.followers() & present) {
            let s = &mut self.s.ships[k];
            if !s.active() {
                continue;
            }
            moved |= s.pos != l.pos;
            s.pos = l.pos;
            s.facing = l.facing;
            s.velocity = l.velocity;
            if l.status == Status::Fled {
                // The Lead left the table: the group, on its point, leaves with it.
                s.status = Status::Fled;
                self.s.alive[s.side.index()] -= 1;
                trace!(self.obs, "    {} leaves with it", self.m.names[k]);
            }
        }
        if l.status == Status::Fled {
            self.prune(g);
        } else if moved {
            trace!(
                self.obs,
                "    its {} follows to ({:.1}, {:.1})",
                group.kind.name(),
                l.pos.x,
                l.pos.y
            );
        }
    }

    /// Formation movement limits for the Lead `i` (ch. 9g: "use the lowest Heading and
    /// Maneuver value of all Ships in the Formation"; the matching Velocity cannot exceed the
    /// lowest maximum Velocity, house rule F8): (vmax, maneuver) lowered to the members'.
    #[cold]
    #[inline(never)]
    pub(super) fn formation_speed(&self, i: usize, vmax: u8, maneuver: f64) -> (u8, f64) {
        let Some(g) = self.formation_of(i) else {
            return (vmax, maneuver);
        };
        let rules = &self.m.rules;
        ships(g.members).filter(|&k| self.s.ships[k].active()).fold(
            (vmax, maneuver),
            |(v, m), k| {
                let s = &self.s.ships[k];
                let row = rules.movement_row(s.size, s.equipment.maneuver_enhance);
                let v_k = rules.movement_row(s.size, 0).vmax;
                (v.min(v_k), m.min(f64::from(row.maneuver)))
            },
        )
    }

    /// The lowest Heading (30° steps) of the Formation Lead `i`'s members at Velocity `v`.
    #[cold]
    #[inline(never)]
    pub(super) fn formation_heading(&self, i: usize, v: u8, steps: usize) -> usize {
        let Some(g) = self.formation_of(i) else {
            return steps;
        };
        let rules = &self.m.rules;
        ships(g.members)
            .filter(|&k| self.s.ships[k].active())
            .fold(steps, |h, k| {
                let s = &self.s.ships[k];
                let row = rules.movement_row(s.size, s.equipment.heading_enhance);
                h.min(usize::from(row.heading_at(v)))
            })
    }

    // ---- Attacks -----------------------------------------------------------------------------

    /// Offensive Formation (ch. 9g): before ship `i` attacks with weapon `w`, one weapon from
    /// each of any number of other members ("same type and variant", "same Size or smaller")
    /// adds its Size to the Damage. The policy picks which (`contribute`); the weapons count as
    /// fired (house rule F4). Returns the Damage modifier.
    #[cold]
    #[inline(never)]
    pub(super) fn contribution(&mut self, i: usize, w: usize) -> i32 {
        let Some(g) = self.formation_of(i) else {
            return 0;
        };
        if g.kind != GroupKind::Offensive {
            return 0;
        }
        let m = self.m;
        let how = self.players[self.s.ships[i].side.index()].contributes();
        if how == Contribute::Never {
            return 0;
        }
        let adesign = &m.designs[usize::from(self.s.ships[i].design)];
        let mount = adesign.weapons[w];
        let size = adesign.weapon_size(&mount);
        let mut bonus = 0;
        for k in ships(g.members & !(1 << i)) {
            let helper = &self.s.ships[k];
            if !helper.active() {
                continue;
            }
            let design = &m.designs[usize::from(helper.design)];
            let pick = (0..design.weapons.len()).find(|&v| {
                let hm = &design.weapons[v];
                helper.fired & (1 << v) == 0
                    && !helper.weapon_off(v)
                    && formation::may_contribute(&mount, size, hm, design.weapon_size(hm))
                    && (how == Contribute::All || !self.has_target(k, v))
            });
            let Some(v) = pick else { continue };
            let hs = design.weapon_size(&design.weapons[v]);
            if m.rules.formations.contributions_count_as_fired {
                self.s.ships[k].fired |= 1 << v;
            }
            bonus += i32::from(hs);
            let side = self.s.ships[k].side.index();
            self.s.events[side][EV_CONTRIBUTION] += 1;
            trace!(
                self.obs,
                "    {} adds its Size {} {} to the attack of {} (+{hs} damage)",
                m.names[k],
                hs,
                design.weapons[v].kind.name(),
                m.names[i]
            );
        }
        bonus
    }

    /// Whether weapon `v` of ship `k` has an enemy inside its reach and arcs now (the policy
    /// keeps such weapons for their own attacks; terrain is not considered).
    fn has_target(&self, k: usize, v: usize) -> bool {
        let me = &self.s.ships[k];
        let mount = &self.m.designs[usize::from(me.design)].weapons[v];
        let profile = self.profile(k, v);
        self.s.ships.iter().any(|t| {
            if t.side == me.side || !t.active() {
                return false;
            }
            let d = t.pos - me.pos;
            mount
                .arcs
                .covers_local(me.facing.dot(d), me.facing.cross(d))
                && profile.band_at_squared(d.dot(d)).is_some()
        })
    }

    /// Redirection (ch. 9g) of an attack by ship `i` that would deal `roll` to ship `j`:
    /// a Defensive Formation may move a Hit onto another member of the same Size or smaller;
    /// an Escort may take an attack on the ship it escorts, once per attacking ship's
    /// activation (digest reading). Damage is recomputed with the new target's Size (Escort
    /// rule; house rule F3 for Formations). The policy moves it when the new target loses less
    /// of its value. Returns the target and the roll.
    #[cold]
    #[inline(never)]
    pub(super) fn redirect(&mut self, i: usize, j: usize, roll: AttackRoll) -> (usize, AttackRoll) {
        let Some(g) = self.group_of(j) else {
            return (j, roll);
        };
        let group = self.s.groups[g];
        let side = self.s.ships[j].side;
        if !group.intact() || !self.players[side.index()].redirects_hits() {
            return (j, roll);
        }
        let rules = self.m.rules.formations;
        let from = self.s.ships[j].size;
        let (candidates, glances, recompute) = match group.kind {
            GroupKind::Escort => {
                // The window: one redirect per Escorted ship while the same ship attacks.
                if self.s.escort_window.0 != i as u8 {
                    self.s.escort_window = (i as u8, 0);
                }
                if usize::from(group.lead) != j || self.s.escort_window.1 & (1 << j) != 0 {
                    return (j, roll);
                }
                (group.followers(), rules.escort_redirects_glances, true)
            }
            GroupKind::Defensive => (
                group.members & !(1 << j),
                rules.defensive_redirects_glances,
                rules.defensive_recomputes_damage,
            ),
            GroupKind::Offensive => return (j, roll),
        };
        if !formation::redirectable(roll.result, glances) {
            return (j, roll);
        }
        let loss = |k: usize, dealt: u32| {
            let s = &self.s.ships[k];
            f64::from(s.points) * (f64::from(dealt) / f64::from(s.remaining().max(1))).min(1.0)
        };
        let mut best = (j, roll, loss(j, roll.dealt));
        for k in ships(candidates) {
            let s = &self.s.ships[k];
            if !s.active() || s.size > from {
                continue;
            }
            let r = if recompute {
                formation::redirected(&roll, from, s.size)
            } else {
                roll
            };
            let l = loss(k, r.dealt);
            if l < best.2 {
                best = (k, r, l);
            }
        }
        let (k, r, _) = best;
        if k == j {
            return (j, roll);
        }
        let event = if group.kind == GroupKind::Escort {
            self.s.escort_window.1 |= 1 << j;
            EV_REDIRECT_ESCORT
        } else {
            EV_REDIRECT_FORMATION
        };
        self.s.events[side.index()][event] += 1;
        trace!(
            self.obs,
            "    the {} moves the {:?} from {} to {}: damage {} -> {}",
            group.kind.name(),
            roll.result,
            self.m.names[j],
            self.m.names[k],
            roll.dealt,
            r.dealt
        );
        (k, r)
    }
}
