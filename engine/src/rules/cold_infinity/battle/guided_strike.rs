//! One arrived guided weapon through the rest of the Guided Weapons Phase (§2.3.2.1, §9.0,
//! §11.1.6, §11.5, §7.3): its intercept attempts and anti-missile salvos, chaff and flares,
//! the to-hit roll (§7.5.3.1), then the strike through `fire::attack::resolve_attack`
//! (`guided::strike`), located against the phase's start (§7.3) and credited to the rack's
//! line.

use super::super::aspect::struck_sections;
use super::super::fire::attack::Defences;
use super::super::fire::hit_roll::HitBand;
use super::super::guided::hit::{Fate, guided_phase};
use super::super::guided::launch::Flight;
use super::super::guided::strike::resolve_strike;
use super::super::intercepts::amrs_drm;
use super::super::matchup::Matchup;
use super::super::policy::{choose_seam, pick_tie, system_pick};
use super::super::weapon_lines::rack_line;
use super::BattleState;
use crate::dice::Roller;
use crate::observer::Observer;
use crate::rules::cold_infinity::Event;
use crate::trace;

/// One arrived guided weapon (flight `n`) through the rest of the phase: its intercepts, the
/// to-hit roll, the strike.
#[allow(clippy::too_many_arguments)]
pub(super) fn strike_one<R: Roller, O: Observer>(
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
    // §11.1: the defensive fire on it is a to-hit penalty (§11.1.5: ablative DF too).
    let df = a.df.total().min(i16::MAX as u16) as i16;
    let drm = a.drm - chaff - a.flare - df;
    if df > 0 {
        trace!(
            obs,
            "  {} meets {}'s {} with defensive fire −{} (§11.1)", m.names[t], m.names[o], name, df
        );
    }
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
