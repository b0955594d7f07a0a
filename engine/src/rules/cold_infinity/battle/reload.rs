//! Reload racks in the battle (§9.2.4, §2.5, §13.1.10, §17.2.3). In the Final Actions Step
//! ([`final_actions`], after the Damage Effects Step, §2.5: "Hangar, cargo hold and reload rack
//! operations occur next"), each reload rack first settles this turn's damage (§13.1.10, as a
//! missile rack: capacity −4 a point, the missiles beyond it lost by `lost_missiles`, the 1d6
//! roll(s) by `rack_roll`, destroyed with no structure left), then performs up to its
//! operations: each moves the missile on the top of its magazine ("a reload rack will always
//! load missiles from the top of its magazine") to the bottom of one of the ship's missile
//! racks (`guided::magazine`'s loaded order) — a rack that holds that type (a reload rack's
//! missile no rack on the ship holds stays where it is), intact and with room under its
//! damaged capacity. Which rack: policy `guided_plan::reload_into` (the one with most room;
//! ties by the battle's dice). Unloading (§9.2.4: "it may also unload missiles") is never
//! chosen: no preset gains by it. A reload rack is zero-power (§17.2.3): it works while a
//! plant gives the ship power (§3.3).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::damage_effects::{rack_capacity, rack_destroyed, rack_rolls};
use super::super::guided::magazine::Magazine;
use super::super::guided_plan::reload_into;
use super::super::matchup::Matchup;
use super::super::policy::pick_tie;
use super::BattleState;

/// One reload rack's state in a battle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReloadNow {
    /// Missiles left, top first.
    pub magazine: Magazine,
    /// Structure lost when last checked.
    pub lost_seen: u16,
    /// Destroyed (by damage, or by the §13.1.10 roll).
    pub destroyed: bool,
}

/// Ship `i`'s reload racks undamaged and full.
pub fn fresh_reloads(m: &Matchup, i: usize) -> impl Iterator<Item = ReloadNow> + '_ {
    m.design_of(i).reloads.iter().map(|r| ReloadNow {
        magazine: r.load,
        lost_seen: 0,
        destroyed: false,
    })
}

/// §2.5 Final Actions Step: every ship's reload racks (nothing, and no dice, without any).
pub fn final_actions<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) {
    if st.guided.reloads.iter().all(|r| r.is_empty()) {
        return;
    }
    for i in 0..st.ships.len() {
        if !st.ships[i].alive || m.design_of(i).reloads.is_empty() {
            continue;
        }
        reload_damage(m, st, i, dice, obs);
        let bd = m.design_of(i);
        st.condition[i].refresh(&bd.design, &st.damage[i], &m.rules.movement);
        let cond = &st.condition[i];
        let powered = cond.reactor > 0 || cond.capacitor.0 > 0 || cond.battery.0 > 0;
        if !powered {
            continue;
        }
        for q in 0..m.design_of(i).reloads.len() {
            operate(m, st, i, q, dice, obs);
        }
    }
}

/// §13.1.10 for ship `i`'s reload racks, as for missile racks (`launch::rack_damage`).
fn reload_damage<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    dice: &mut R,
    obs: &mut O,
) {
    let bd = m.design_of(i);
    for (q, mount) in bd.reloads.iter().enumerate() {
        let structure = bd.design.systems[usize::from(mount.sys)].structure;
        let left = st.damage[i].system_left(&bd.design, mount.sys);
        let lost = structure - left;
        let now = &mut st.guided.reloads[i][q];
        if now.destroyed || lost <= now.lost_seen {
            continue;
        }
        let points = lost - now.lost_seen;
        now.lost_seen = lost;
        if rack_destroyed(left, rack_rolls(points, m.rules.fire.rack_roll), dice) {
            now.destroyed = true;
            now.magazine.clear();
            trace!(
                obs,
                "  {}'s reload rack {} is destroyed (§13.1.10)",
                m.names[i],
                q + 1
            );
        } else {
            let capacity = rack_capacity(mount.magazine, lost);
            now.magazine
                .shrink_to(capacity, m.rules.guided.lost_missiles);
        }
    }
}

/// Up to reload rack `q`'s operations on ship `i`, one missile each.
fn operate<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    q: usize,
    dice: &mut R,
    obs: &mut O,
) {
    let bd = m.design_of(i);
    let mount = bd.reloads[q];
    let mut moved = 0u16;
    let mut into = usize::MAX;
    for _ in 0..mount.operations {
        let now = st.guided.reloads[i][q];
        let Some(ty) = now.magazine.top().filter(|_| !now.destroyed) else {
            break;
        };
        let missile = mount.types[usize::from(ty)];
        // Each rack that can take it: (rack, its type index, room).
        let mut rooms = [(0usize, 0u8, 0u16); super::super::guided::mount::MAX_RACKS];
        let mut n = 0;
        for (r, rack) in bd.racks.iter().enumerate() {
            let state = &st.guided.racks[i][r];
            if rack.torpedo.is_some() || state.destroyed {
                continue;
            }
            let Some(k) = rack.types().iter().position(|t| *t == missile) else {
                continue;
            };
            let capacity = rack_now(m, st, i, r);
            let room = capacity.saturating_sub(state.magazine.total());
            if room > 0 && n < rooms.len() {
                rooms[n] = (r, k as u8, room);
                n += 1;
            }
        }
        let Some(pick) = reload_into(&rooms[..n], |ties| pick_tie(dice, ties)) else {
            break;
        };
        let (r, k, _) = rooms[pick];
        let capacity = rack_now(m, st, i, r);
        let g = &mut st.guided;
        if g.racks[i][r].magazine.load(k, 1, capacity).is_err() {
            break;
        }
        if g.reloads[i][q]
            .magazine
            .take(None, super::super::guided::readings::FiringOrder::Loaded)
            .is_err()
        {
            break;
        }
        if into != r && moved > 0 {
            trace_moved(m, st, i, q, into, moved, obs);
            moved = 0;
        }
        into = r;
        moved += 1;
    }
    if moved > 0 {
        trace_moved(m, st, i, q, into, moved, obs);
    }
}

/// Rack `r`'s capacity now (§13.1.10: −4 a point of its damage so far, this turn's included;
/// 0 with no structure left).
fn rack_now(m: &Matchup, st: &BattleState, i: usize, r: usize) -> u16 {
    let bd = m.design_of(i);
    let sys = bd.racks[r].sys;
    let left = st.damage[i].system_left(&bd.design, sys);
    if left == 0 {
        return 0;
    }
    let lost = bd.design.systems[usize::from(sys)].structure - left;
    rack_capacity(bd.racks[r].rack.magazine, lost)
}

fn trace_moved<O: Observer>(
    m: &Matchup,
    st: &BattleState,
    i: usize,
    q: usize,
    r: usize,
    moved: u16,
    obs: &mut O,
) {
    trace!(
        obs,
        "  {}'s reload rack {} loads {} missile(s) into rack {} (§9.2.4): {} in the rack, {} left",
        m.names[i],
        q + 1,
        moved,
        r + 1,
        st.guided.racks[i][r].magazine.total(),
        st.guided.reloads[i][q].magazine.total()
    );
}
