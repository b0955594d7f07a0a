//! The `-v2` presets' launch decisions in battle (`launch_plan.rs` holds the rules of thumb):
//! the point defense a salvo would meet, and whether a kinetic launch now is worth it.

use crate::dice::Roller;
use crate::observer::Observer;

use super::super::launch_plan;
use super::super::parts;
use super::super::payloads;
use super::super::point_defense;
use super::super::policy::PdStance;
use super::Battle;

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// How many of the `loaded` guided weapons (catalogue entry `gi`) ship `i` launches at
    /// `t` this turn, its preset's salvo being `salvo`, under its policy's `salvo_leak` and
    /// `kinetic_min_ap` ([`launch_plan::massed_salvo`],
    /// [`launch_plan::kinetic_worth_launching`]): 0 holds the launch.
    pub(crate) fn timed_launch(
        &self,
        i: usize,
        t: usize,
        gi: usize,
        loaded: u32,
        salvo: u32,
    ) -> u32 {
        let m = self.m;
        let s = &self.st.ships[i];
        let p = &m.policies[s.side.index()];
        let gd = &m.catalogue.guided[gi];
        if p.kinetic_min_ap > 0 && payloads::kinetic(gd.payload) {
            let o = &self.st.ships[t];
            let speed =
                launch_plan::kinetic_impact_speed(s.pos, s.vel, o.pos, o.vel, gd.propulsion);
            let ap = parts::contact_kinetic_ap(gd.payload, gd.size, speed);
            if !launch_plan::kinetic_worth_launching(ap, p.kinetic_min_ap) {
                return 0;
            }
        }
        if p.salvo_leak == 0 {
            return salvo.min(loaded);
        }
        launch_plan::massed_salvo(loaded, salvo, self.pd_stops(i, t, gi), p.salvo_leak)
    }

    /// How many guided weapons of entry `gi` launched by ship `i` at `t` the enemy's guns
    /// would shoot down: at the launch (guns in reach of `i`'s hex, not fired or used this
    /// turn nor fired offensively last turn) and at the attack (guns in reach of `t`'s hex,
    /// fresh again next turn), each gun killing as many as its Attack Power splits over
    /// ([`point_defense::kills`]). An estimate from the player's seat: Excalibur and blast
    /// point defense, decoys and the enemy's own fire next turn are left out.
    pub(crate) fn pd_stops(&self, i: usize, t: usize, gi: usize) -> u32 {
        let m = self.m;
        let gd = &m.catalogue.guided[gi];
        let dur = gd.durability();
        let (side, launch_at, attack_at) = (
            self.st.ships[i].side,
            self.st.ships[i].pos,
            self.st.ships[t].pos,
        );
        if m.policies[side.other().index()].pd == PdStance::Never {
            return 0;
        }
        let mut stops = 0u32;
        for (j, e) in self.st.ships.iter().enumerate() {
            let d = m.design(e);
            if e.side == side || !e.status.in_play() || !e.can_use_weapons(d) {
                continue;
            }
            let (near_launch, near_attack) = (e.pos.distance(launch_at), e.pos.distance(attack_at));
            for (k, &w) in d.weapons.iter().enumerate() {
                if e.weapon_off[k] {
                    continue;
                }
                let wd = &m.catalogue.weapons[w];
                let fresh_now = !e.used[k] && !e.fired_last[k] && !e.fired_now[k];
                let at_launch =
                    fresh_now && point_defense::in_pd_range(near_launch, wd.ranges[1], gd.size);
                let at_attack = point_defense::in_pd_range(near_attack, wd.ranges[1], gd.size);
                if !at_launch && !at_attack {
                    // Out of reach both times: what it would kill is not read.
                    continue;
                }
                let kills = point_defense::kills(wd.ap, self.pd_targets(j, k), dur, u32::MAX);
                if at_launch {
                    stops = stops.saturating_add(kills);
                }
                if at_attack {
                    stops = stops.saturating_add(kills);
                }
            }
        }
        stops
    }
}
