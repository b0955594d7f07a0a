//! §2.3 Weapons Fire Step: fire determination (§7.2) — every ship chooses its shots from the
//! same post-movement snapshot; defensive fire allocated after the reveal (§7.2, §11.1); the
//! Starship Weapons Phase resolved simultaneously (§7.3, house rule `simultaneity`).

use crate::dice::Roller;
use crate::hex::Hex;
use crate::observer::Observer;
use crate::outcome::Side;
use crate::trace;

use super::super::arcs::{FiringArc, can_bear};
use super::super::armor::section_armor;
use super::super::aspect::{Choice, Pose, struck_sections};
use super::super::damage_effects::bridge_effects;
use super::super::defensive_fire::DfTally;
use super::super::design::{Config, ShipDesign, SystemKind};
use super::super::ew::EwAttacker;
use super::super::fire::attack::{Attack, resolve_attack};
use super::super::fire::hit_roll::{HitBand, HitModifiers, roll_to_hit};
use super::super::fire::readings::{Simultaneity, WaveCredit};
use super::super::matchup::Matchup;
use super::super::policy::{
    choose_burst_or_pulse, choose_seam, choose_sighting, pick_tie, slicing_value, system_pick,
    worth_firing,
};
use super::super::preconditions::{AttackFacts, Firer, Target, sight_facts, weapon_bears};
use super::super::weapons::configurations::sliced_systems;
use super::weapon_damage::weapon_now;
use super::{BattleState, Shot, shields, tracking, wave};
use crate::rules::cold_infinity::Event;

/// Whether `hex` is in arc `arc` of ship `d` as it lies now (§7.1.2; the facing, roll and
/// tumble of its motion): the arc test of every mount, rack and defence that acts on the
/// ship's present pose.
#[inline]
pub(super) fn in_arc(m: &Matchup, st: &BattleState, d: usize, arc: FiringArc, hex: Hex) -> bool {
    let me = st.ships[d].motion;
    can_bear(
        &m.rules.movement.arcs,
        m.rules.movement.rotated_arcs,
        arc,
        me.pos,
        me.facing,
        me.roll,
        me.tumble,
        hex,
    )
}

/// The pose of ship `i` now.
pub(super) fn pose(st: &BattleState, i: usize) -> Pose {
    let m = st.ships[i].motion;
    Pose {
        pos: m.pos,
        facing: m.facing,
        roll: m.roll,
        tumble: m.tumble,
    }
}

/// The accuracy penalty of a damaged bridge (§13.1.8.1), 0 or −1.
pub fn bridge_accuracy(d: &ShipDesign, dmg: &super::super::damage_state::ShipDamage) -> i16 {
    bridge_accuracy_from(d, |s| dmg.system_left(d, s))
}

/// [`bridge_accuracy`] given each system's undamaged structure (`left`, by system index).
pub fn bridge_accuracy_from(d: &ShipDesign, left: impl Fn(u16) -> u16) -> i16 {
    let system_left = left;
    let mut worst = 0;
    for (i, s) in d.systems.iter().enumerate() {
        if let SystemKind::Bridge { .. } = s.kind {
            let left = system_left(i as u16);
            if left > 0 {
                worst = worst.min(bridge_effects(s.structure, s.structure - left).accuracy);
            }
        }
    }
    worst
}

/// Total hull left on a ship (the overkill measure of the fire policy).
fn hull_left(d: &ShipDesign, dmg: &super::super::damage_state::ShipDamage) -> f64 {
    (0..d.sections.len())
        .map(|s| f64::from(dmg.hull_left(d, s)))
        .sum()
}

/// §2.3: determination, defensive fire, resolution.
pub fn weapons_fire_step<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) {
    open_fire_determination(m, st);
    for i in 0..st.ships.len() {
        if st.ships[i].alive {
            let before = st.shots.len();
            determine(m, st, i, dice);
            if crate::observer::enabled(&*obs) && st.shots.len() == before {
                let why = holds_fire(m, st, i);
                trace!(obs, "  {} holds fire: {}", m.names[i], why);
            }
        }
    }
    super::defensive_fire::defensive_fire(m, st, dice, obs);
    super::guided::guided_weapons_phase(m, st, dice, obs);
    resolve(m, st, dice, obs);
}

/// Before §7.2's choices: no shots yet, and the overkill guard's measures (nothing is hit while
/// shots are chosen) — each ship's hull left, and the expected damage aimed at it so far.
pub(super) fn open_fire_determination(m: &Matchup, st: &mut BattleState) {
    st.shots.clear();
    for t in 0..st.ships.len() {
        st.hull[t] = hull_left(&m.design_of(t).design, &st.damage[t]);
        st.aimed[t] = 0.0;
    }
}

/// §7.2 for ship `i`: every ready weapon fires all its shots at the enemy where its expected
/// damage is largest (ties by the battle's dice), skipping targets already given shots worth
/// their remaining hull (no overkill by design; `st.aimed` against `st.hull`, set by the
/// caller); a weapon with no such target holds fire, as one whose best shot cannot hit does
/// ([`worth_firing`]: value 0).
pub(super) fn determine<R: Roller>(m: &Matchup, st: &mut BattleState, i: usize, dice: &mut R) {
    let bd = m.design_of(i);
    // `bridge_accuracy`, from what the damage leaves the ship (read once per damage state).
    st.condition[i].refresh(&bd.design, &st.damage[i], &m.rules.movement);
    let other = st.condition[i].bridge_accuracy;
    st.sight.fill(None);
    // The mount whose shots `st.plans` holds: a mount with the same arc and weapon (as it is
    // now, §13.1.9) has the same shots (nothing `plan_shot` reads changes while shots are
    // chosen), so they are planned once — the two fore railguns of a Reaper.
    let mut planned_for: Option<usize> = None;
    for (k, w) in bd.mounts.iter().enumerate() {
        // §8.1.9: a tracking attack in progress fires on, and the mount chooses nothing new.
        if st.tracks[i][k].track.is_some()
            && let Some(shot) = tracking::follow_shot(m, st, i, k)
        {
            st.aimed[usize::from(shot.target)] += shot.value;
            st.shots.push(shot);
            continue;
        }
        if !st.ships[i].arming[k].can_fire(w.weapon.rof) {
            continue;
        }
        // §8.1.8: a wave sweeps its arc; the choice is whether to fire (`wave.rs`).
        if wave::is_wave(&w.weapon) {
            wave::choose(m, st, i, k, dice);
            continue;
        }
        let same = planned_for.is_some_and(|p| {
            let (a, b) = (&st.weapons[i][p], &st.weapons[i][k]);
            // The same arc and design (the same twin), so the same weapon now when its
            // reduced Ratings agree ([`weapon_now`] replaces only those).
            a.twin == b.twin && a.damage == b.damage && a.range == b.range
        });
        if same {
            for plan in st.plans.iter_mut().flatten() {
                plan.mount = k as u8;
            }
        } else {
            // The weapon's shot at every ship, once for both passes (the mount as a firer and
            // its weapon now read once: nothing either reads changes while its shots are
            // planned).
            let mount = (firer(m, st, i, k), weapon_now(m, st, i, k));
            for t in 0..st.ships.len() {
                let plan = plan_shot_from(m, st, i, k, &mount, t, other);
                st.plans[t] = plan;
            }
            planned_for = Some(k);
        }
        let mut best = f64::MIN;
        let mut ties = 0u32;
        // Two passes over the enemies: the best value, then the k-th of the tied best.
        for pass in 0..2 {
            let pick = if pass == 1 { pick_tie(dice, ties) } else { 0 };
            let mut seen = 0u32;
            for t in 0..st.ships.len() {
                let Some(shot) = st.plans[t] else {
                    continue;
                };
                if st.aimed[t] >= st.hull[t] || !worth_firing(shot.value) {
                    continue;
                }
                if pass == 0 {
                    if shot.value > best {
                        best = shot.value;
                        ties = 1;
                    } else if shot.value == best {
                        ties += 1;
                    }
                } else if shot.value == best {
                    if seen == pick {
                        let mut shot = choose_section(m, st, shot, dice);
                        tracking::choose(m, st, i, k, &mut shot);
                        for _ in 0..w.weapon.rof.shots.max(1) {
                            st.shots.push(shot);
                            st.aimed[t] += shot.value;
                        }
                    }
                    seen += 1;
                }
            }
            if ties == 0 {
                break;
            }
        }
    }
}

/// Why ship `i` fired nothing this phase, for the trace (read after [`determine`], which left
/// `st.sight` holding this firer's sight; rolls no dice, so a traced battle stays the battle
/// `run` plays): the first of §7.1's conditions that every weapon fails, or that every shot
/// it could take cannot hit or is already covered by the overkill guard.
fn holds_fire(m: &Matchup, st: &mut BattleState, i: usize) -> String {
    let bd = m.design_of(i);
    let (mut ready, mut bears, mut seen, mut hopeless, mut covered) = (0, 0, 0, 0, 0);
    let other = st.condition[i].bridge_accuracy;
    let waves = wave::held_words(m, st, i);
    for (k, w) in bd.mounts.iter().enumerate() {
        // Wave weapons are weighed by the wave policy, not as aimed shots (`waves`).
        if !st.ships[i].arming[k].can_fire(w.weapon.rof) || wave::is_wave(&w.weapon) {
            continue;
        }
        ready += 1;
        for t in 0..st.ships.len() {
            let them = st.ships[t];
            if !them.alive || them.side == st.ships[i].side {
                continue;
            }
            match plan_shot(m, st, i, k, t, other) {
                None => {
                    // Arc or sight: tell them apart by the arc alone.
                    let firer = firer(m, st, i, k);
                    if weapon_bears(&m.rules.movement, &firer, them.motion.pos).is_ok() {
                        bears += 1;
                    }
                }
                Some(shot) => {
                    bears += 1;
                    seen += 1;
                    if !worth_firing(shot.value) {
                        hopeless += 1;
                    } else if st.aimed[t] >= st.hull[t] {
                        covered += 1;
                    }
                }
            }
        }
    }
    let n = bd.mounts.len();
    let lost = bd
        .mounts
        .iter()
        .filter(|w| st.condition[i].destroyed[usize::from(w.sys)])
        .count();
    let off = bd
        .mounts
        .iter()
        .enumerate()
        .filter(|&(k, w)| {
            !st.condition[i].destroyed[usize::from(w.sys)] && !st.ships[i].arming[k].active
        })
        .count();
    if let Some(words) = waves {
        if ready == 0 {
            return words;
        }
        let rest = holds_fire_words(ready, bears, seen, hopeless, covered, (n, lost, off));
        return format!("{rest}; {words}");
    }
    holds_fire_words(ready, bears, seen, hopeless, covered, (n, lost, off))
}

/// `holds_fire`'s words for the weapons that are not wave weapons.
fn holds_fire_words(
    ready: u32,
    bears: u32,
    seen: u32,
    hopeless: u32,
    covered: u32,
    (n, lost, off): (usize, usize, usize),
) -> String {
    if ready == 0 {
        format!(
            "none of its {n} weapons is ready ({lost} destroyed, {off} unpowered, the rest arming)"
        )
    } else if bears == 0 {
        format!("no enemy in the arc of its {ready} ready weapon(s)")
    } else if seen == 0 {
        "no line of sight or lock on an enemy in arc".to_string()
    } else if hopeless == seen {
        "no shot in arc and sight can hit".to_string()
    } else if covered + hopeless == seen {
        "its targets already draw fire worth their hull".to_string()
    } else {
        format!(
            "{ready} ready, {bears} bearing, {seen} seen, {hopeless} hopeless, {covered} covered"
        )
    }
}

/// Mount `k` of ship `i` as §7.1 sees a firer (pose, arc, arming, EW).
#[inline]
pub(super) fn firer(m: &Matchup, st: &BattleState, i: usize, k: usize) -> Firer {
    let me = &st.ships[i];
    let w = m.design_of(i).mounts[k];
    Firer {
        pose: pose(st, i),
        arc: w.arc,
        arming: me.arming[k],
        rof: w.weapon.rof,
        ew: EwAttacker {
            pos: me.motion.pos,
            shroud_radius: me.shroud,
            amplification: i32::from(me.ew.amplification),
            small_vessel: false,
        },
        ignores_ecm: false,
        ess: Default::default(),
    }
}

/// One shot of mount `k` of ship `i` at ship `t`, if §7.1 allows it (arming and arc per
/// weapon, the rest from [`sight`]), with its DRM and value (against the first section of a
/// seam; the pick is [`choose_section`]'s).
fn plan_shot(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    k: usize,
    t: usize,
    other: i16,
) -> Option<Shot> {
    let mount = (firer(m, st, i, k), weapon_now(m, st, i, k));
    plan_shot_from(m, st, i, k, &mount, t, other)
}

/// [`plan_shot`] given the mount as a firer ([`firer`]) and its weapon now ([`weapon_now`]),
/// read once for all its targets.
fn plan_shot_from(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    k: usize,
    (firer, weapon): &(Firer, super::super::design::WeaponDesign),
    t: usize,
    other: i16,
) -> Option<Shot> {
    if !st.ships[t].alive || st.ships[t].side == st.ships[i].side {
        return None;
    }
    let them = &st.ships[t];
    let td = &m.design_of(t).design;
    weapon_bears(&m.rules.movement, firer, them.motion.pos).ok()?;
    let facts = sight(m, st, i, firer, t)?;
    let mut mods =
        HitModifiers::from_facts(&facts, weapon, td.section_count(), m.rules.fire.range_zero);
    mods.other = other;
    let drm = mods.drm();
    let first = Choice {
        rating: facts.silhouette,
        section: facts.section,
    };
    let (mut drm, mut a, mut value, mut config) =
        taken(m, st, weapon, t, drm, facts.silhouette, first);
    // §7.3.1.1, §7.4.1.2B: on a five-section ship's mixed hex the value is the better choice's
    // ([`choose_section`] makes the choice, ties by dice, once the target is chosen).
    if let Some(alt) = facts.alternative {
        let other = taken(m, st, weapon, t, drm, first.rating, alt);
        if other.2 > value {
            (drm, a, value, config) = other;
        }
    }
    Some(Shot {
        attacker: i as u8,
        mount: k as u8,
        target: t as u8,
        drm,
        df: DfTally::NONE,
        ablative: DfTally::NONE,
        section: a as u8,
        config,
        range: facts.range.clamp(0, i32::from(u16::MAX)) as u16,
        value,
        follow: false,
    })
}

/// A shot taken as `choice` (§7.3.1.1, §7.4.1.1): its DRM (`drm` was summed with the Rating
/// `rating`), the section struck (the first of a seam: the pick is [`choose_section`]'s), its
/// expected damage against that section's armor and the configuration it fires in (Burst or
/// Pulse by that expected damage, [`choose_burst_or_pulse`]).
fn taken(
    m: &Matchup,
    st: &BattleState,
    weapon: &super::super::design::WeaponDesign,
    t: usize,
    drm: i16,
    rating: i32,
    choice: Choice,
) -> (i16, usize, f64, Config) {
    let td = &m.design_of(t).design;
    let drm = drm - rating as i16 + choice.rating as i16;
    let (a, _) = struck_sections(td, choice.section);
    let armor = section_armor(td, &st.damage[t], a, weapon.tech, m.rules.fire.halving);
    let (config, value) = match choose_burst_or_pulse(weapon, drm, armor, m.rules.fire.pulse_bonus)
    {
        // §8.1.3: a Slicing shot's roll is shared over the section's systems, each share
        // meeting armor (`slicing_value`).
        (Config::Slicing, _) => {
            let split = m.rules.fire.slicing_split;
            let systems = sliced_systems(td, &st.damage[t], a, split);
            (Config::Slicing, slicing_value(weapon, drm, armor, systems))
        }
        chosen => chosen,
    };
    (drm, a, value, config)
}

/// Ship `i`'s sight of ship `t` this phase (§7.1.5 on: line of sight past every other ship,
/// range, lock, EW, silhouette, section), once per firer and target: every weapon of the
/// battle reads ECM and no ESS is played, so [`sight_facts`] is the same for all of them.
/// `st.sight` is cleared for each firer.
#[inline(always)]
pub(super) fn sight(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    firer: &Firer,
    t: usize,
) -> Option<AttackFacts> {
    if let Some(known) = st.sight[t] {
        return known.ok();
    }
    let td = &m.design_of(t).design;
    let (them_pose, them_ecm) = (pose(st, t), st.ships[t].ew.ecm);
    st.others.clear();
    for (j, s) in st.ships.iter().enumerate() {
        if s.alive && j != i && j != t {
            st.others
                .push((s.motion.pos, i32::from(m.design_of(j).design.mass_tenths)));
        }
    }
    let target = Target {
        pose: them_pose,
        mass: i32::from(td.mass_tenths),
        fa: i32::from(td.sil_fa),
        ps: i32::from(td.sil_ps),
        layout: td.layout(),
        ecm: i32::from(them_ecm),
    };
    let facts = sight_facts(&m.rules.movement, firer, &target, &st.others);
    st.sight[t] = Some(facts);
    facts.ok()
}

/// The attacker's choices once the target is chosen: on a five-section ship's mixed hex the
/// Rating and its section (§7.3.1.1, §7.4.1.2B; the policy's [`choose_sighting`]: the larger
/// expected damage, ties by the battle's dice), then on a seam the section (§7.4.1.2: the
/// policy's [`choose_seam`], the one with less hull and armor left; ties by the battle's
/// dice). Reads the firer's sight of the target (`st.sight`, this firer's).
fn choose_section<R: Roller>(m: &Matchup, st: &BattleState, mut shot: Shot, dice: &mut R) -> Shot {
    let (i, t) = (usize::from(shot.attacker), usize::from(shot.target));
    let td = &m.design_of(t).design;
    let Some(Ok(facts)) = st.sight[t] else {
        return shot;
    };
    let mut choice = Choice {
        rating: facts.silhouette,
        section: facts.section,
    };
    if let Some(alt) = facts.alternative {
        let weapon = weapon_now(m, st, i, usize::from(shot.mount));
        // The shot's DRM was summed with the Rating of the choice `plan_shot` valued higher.
        let base = i32::from(shot.drm)
            - if usize::from(shot.section) == struck_sections(td, alt.section).0 {
                alt.rating
            } else {
                choice.rating
            };
        let base = base as i16;
        let first = taken(m, st, &weapon, t, base, 0, choice);
        let second = taken(m, st, &weapon, t, base, 0, alt);
        let take_alt = match choose_sighting(first.2, second.2) {
            Some(k) => k == 1,
            None => pick_tie(dice, 2) == 1,
        };
        let (drm, _, value, config) = if take_alt { second } else { first };
        if take_alt {
            choice = alt;
        }
        (shot.drm, shot.value, shot.config) = (drm, value, config);
    }
    let (a, b) = struck_sections(td, choice.section);
    let Some(b) = b else {
        shot.section = a as u8;
        return shot;
    };
    let dmg = &st.damage[t];
    let left = |s: usize| u32::from(dmg.hull_left(td, s)) + u32::from(dmg.armor_now(td, s));
    shot.section = match choose_seam((a, left(a)), (b, left(b))) {
        Some(s) => s,
        None => [a, b][pick_tie(dice, 2) as usize],
    } as u8;
    shot
}

/// The Starship Weapons Phase (§7.3): roll every shot; under the literal reading (default) each
/// hit is located against the start-of-phase damage and the sum applied at the end; under
/// `marked-at-once` each hit is marked as it is rolled, sides alternating, the first by dice.
pub(super) fn resolve<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) {
    let literal = m.rules.fire.simultaneity == Simultaneity::StartOfPhase;
    if literal {
        for i in 0..st.ships.len() {
            let (snap, live) = (&mut st.snapshot[i], &st.damage[i]);
            snap.copy_from(live);
        }
    }
    // §7.1.3: every weapon that fires starts arming over; a `C-n` weapon is switched off.
    for n in 0..st.shots.len() {
        if st.shots[n].follow {
            continue;
        }
        let (a, k) = (
            usize::from(st.shots[n].attacker),
            usize::from(st.shots[n].mount),
        );
        let rof = m.design_of(a).mounts[k].weapon.rof;
        let arming = &mut st.ships[a].arming[k];
        arming.fire(rof);
        if rof.cooldown > 0 {
            arming.lose_power();
        }
    }
    shot_order(st, literal, dice);
    st.claims.fill(0);
    st.lines.begin_phase();
    for n in 0..st.shot_order.len() {
        let shot = st.shots[usize::from(st.shot_order[n])];
        // §8.1.8: a wave rolls once per unit along its path, each roll a shot of its own.
        if shot.config == Config::Wave {
            wave::fire(m, st, shot, dice, obs, literal);
            continue;
        }
        resolve_shot(m, st, shot, dice, obs, literal);
    }
    if literal {
        credit_phase(m, st);
    }
    shields::end_phase(st);
}

/// One shot of the Starship Weapons Phase (§7.3): the hit roll (defensive fire and shields),
/// the damage through `resolve_attack`, the credit, the events and the trace line. Whether it
/// hit.
#[inline]
pub(super) fn resolve_shot<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    shot: Shot,
    dice: &mut R,
    obs: &mut O,
    literal: bool,
) -> bool {
    let (a, t) = (usize::from(shot.attacker), usize::from(shot.target));
    // §8.1.8 "friend or foe": a wave's damage to its own side is credited to its firer
    // only under `wave_credit = firer`.
    let credited =
        st.ships[a].side != st.ships[t].side || m.rules.fire.wave_credit == WaveCredit::Firer;
    let td = &m.design_of(t).design;
    let attacker_side = st.ships[a].side;
    if !shot.follow {
        st.event(attacker_side, Event::Shots);
    }
    let weapon = weapon_now(m, st, a, usize::from(shot.mount));
    // §11.2.7: the defender's shield for this shot (none: no die rolled); its deflection
    // on the hit roll (§11.2.1), its absorption on each volley (§11.2.2).
    let shielded = !st.shields[t].is_empty();
    let guard = if shielded {
        shields::guard(m, st, &shot, &weapon, literal, dice)
    } else {
        shields::Guard::NONE
    };
    let hit = if shot.follow {
        tracking::course_hit(st, &shot)
    } else {
        roll_to_hit(
            dice,
            shot.drm - shot.df.total() as i16 - guard.deflection as i16,
        )
    };
    // §7.4.1.3 "the defender chooses" among intact systems of the struck type: the
    // defending side's policy's pick, ties by this roll of the battle's dice.
    let pick = system_pick(&m.policies[st.ships[t].side.index()], dice.below(60) as u16);
    // §8.1.9: a later tracking turn strikes where the first did; a tracking hit rolls its
    // turns.
    let target_now = if literal {
        &st.snapshot[t]
    } else {
        &st.damage[t]
    };
    let tracked = if shot.follow {
        tracking::location(m, st, &shot, pick, target_now)
    } else {
        if shot.config == Config::Tracking && hit.band.is_hit() {
            tracking::start(m, st, &shot, hit, pick, literal, dice);
        }
        None
    };
    let attack = Attack {
        weapon,
        config: shot.config,
        range: shot.range,
        facing: usize::from(shot.section),
        // Most shots carry no ablative DF (§11.1.5): no tally to add up.
        ablative_df: if shot.ablative == DfTally::NONE {
            0
        } else {
            shot.ablative.total()
        },
        called: None,
        tracked,
    };
    // Damage dealt and taken: what the attack added to the live marks (hull and system
    // points), so two hits on the same 10-hull section credit 10, not 20; under
    // `start-of-phase` credited once the phase is over ([`credit_phase`]).
    let traced = crate::observer::enabled(obs);
    let marked_before = if literal && !traced {
        0
    } else {
        st.damage[t].points_marked()
    };
    let out = if literal {
        if hit.band.is_hit() {
            // A miss changes nothing and rolls nothing (`resolve_attack`): no copy.
            let (scratch, snap) = (&mut st.scratch[t], &st.snapshot[t]);
            scratch.copy_from(snap);
            let o = resolve_attack(
                td,
                scratch,
                dice,
                &m.rules.fire,
                pick,
                &attack,
                hit,
                &guard.defences,
            );
            let (live, scratch, snap) = (&mut st.damage[t], &st.scratch[t], &st.snapshot[t]);
            let claimed = live.add_delta(td, snap, scratch);
            let n = st.ships.len();
            st.claims[t * n + a] += claimed;
            if credited {
                st.lines.claim(a, usize::from(shot.mount), t, claimed);
            }
            o
        } else {
            Default::default()
        }
    } else {
        resolve_attack(
            td,
            &mut st.damage[t],
            dice,
            &m.rules.fire,
            pick,
            &attack,
            hit,
            &guard.defences,
        )
    };
    if shielded {
        shields::spend(st, t, &guard, out.buffer_used, literal);
    }
    let done = if literal && !traced {
        0
    } else {
        st.damage[t].points_marked() - marked_before
    };
    if !literal {
        st.ships[t].taken += done;
        if credited {
            st.ships[a].dealt += done;
            st.lines.mark(a, usize::from(shot.mount), t, done);
        }
    }
    if !shot.follow {
        if hit.band.is_hit() {
            st.event(attacker_side, Event::Hits);
        }
        match hit.band {
            HitBand::System => st.event(attacker_side, Event::SystemHits),
            HitBand::Core => st.event(attacker_side, Event::CoreHits),
            _ => {}
        }
    }
    let cats = out.catastrophes.iter().filter(|c| c.is_some()).count();
    for _ in 0..cats {
        st.event(attacker_side, Event::Catastrophes);
    }
    if shot.follow {
        trace!(
            obs,
            "  {} tracks {} with {}, range {}: turn {} of the attack, {}: {} points",
            m.names[a],
            m.names[t],
            m.design_of(a).mount_names[usize::from(shot.mount)],
            shot.range,
            st.tracks[a][usize::from(shot.mount)]
                .track
                .map_or(0, |(_, c)| c.done + 1),
            band_words(hit.band),
            done
        );
        tracking::advance(st, &shot);
        return hit.band.is_hit();
    }
    trace!(
        obs,
        "  {} fires {} ({:?}) at {}, range {}: 3d6 {} {:+} DRM{}{} = {}, {}: {} points",
        m.names[a],
        m.design_of(a).mount_names[usize::from(shot.mount)],
        shot.config,
        m.names[t],
        shot.range,
        hit.natural,
        shot.drm,
        Less(shot.df.total(), "DF"),
        Less(guard.deflection, "shield"),
        hit.modified,
        band_words(hit.band),
        done
    );
    for &e in &out.points[..usize::from(out.point_events)] {
        trace!(obs, "    {}", shields::PointWords(td, e));
    }
    if attack.ablative_df > 0 && hit.band.is_hit() && shot.config == Config::Pulse {
        trace!(
            obs,
            "    ablative DF −{} cut each pulse's damage by ceil(10%) of its roll per point (§11.1.5)",
            attack.ablative_df
        );
    } else if attack.ablative_df > 0 && hit.band.is_hit() {
        trace!(
            obs,
            "    ablative DF −{} cut {} off the {} rolled (§11.1.5: ceil(10%) per point)",
            attack.ablative_df,
            out.rolled
                .min(super::super::fire::damage::ablative_reduction(
                    attack.ablative_df,
                    out.rolled
                )),
            out.rolled
        );
    }
    hit.band.is_hit()
}

/// The trace's words for where a roll lands (§7.3.1, §7.4).
pub(super) fn band_words(band: HitBand) -> &'static str {
    match band {
        HitBand::Miss => "a miss",
        HitBand::HullHalf => "hull structure, damage halved",
        HitBand::Hull => "hull structure",
        HitBand::System => "a system hit (location chart)",
        HitBand::Core => "a core hit",
    }
}

/// A term taken off the trace's hit-roll sum — defensive fire (§11.1), a shield's deflection
/// (§11.2.1) — written only when there is one.
struct Less(u16, &'static str);

impl std::fmt::Display for Less {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0 > 0 {
            write!(f, " − {} {}", self.0, self.1)
        } else {
            Ok(())
        }
    }
}

/// Damage dealt and taken under `start-of-phase` (§7.3: every hit located against the start of
/// the phase, the sum applied at its end): each target takes what the phase added to its live
/// marks; its attackers share that in proportion to what each one's hits claimed against the
/// snapshot (rounded down; the points the rounding leaves count for the attacking side only).
/// No claim overlaps in most phases, and then each attacker is credited exactly its claim.
/// Before, the hits were credited in shot order, so the lower-index shooter got the points two
/// ships' hits both claimed (ties by index).
///
/// Each target takes what the phase added to its live marks and its attackers share it by
/// their claims ([`credit_share`]), each share also going to the attacker's weapon lines. A
/// ship's share of the damage to its own side (a wave's, §8.1.8) is credited to nobody unless
/// `wave_credit = "firer"`.
pub(super) fn credit_phase(m: &Matchup, st: &mut BattleState) {
    let friends = m.rules.fire.wave_credit == WaveCredit::Firer;
    let n = st.ships.len();
    for t in 0..n {
        // A target no hit claimed took nothing this phase: its marks are not read.
        let claims = &st.claims[t * n..(t + 1) * n];
        let claimed: u32 = claims.iter().sum();
        if claimed == 0 {
            continue;
        }
        let live = st.damage[t].points_marked() - st.snapshot[t].points_marked();
        st.ships[t].taken += live;
        let mut credited = 0;
        for a in 0..n {
            let c = credit_share(live, st.claims[t * n + a], claimed);
            if !friends && c > 0 && st.ships[a].side == st.ships[t].side {
                credited += c;
                continue;
            }
            st.ships[a].dealt += c;
            st.lines.credit(t, a, n, c);
            credited += c;
        }
        let side = st.ships[t].side.other().index();
        st.sides[side].damage_dealt += live - credited;
    }
    st.lines.split_phase(&st.claims, n);
}

/// One attacker's share of `live` points a target took in a phase, for its `claim` of the
/// `claimed` all its attackers' hits claimed (`claimed` ≥ `live`): the claim itself when no
/// claims overlap (`claimed == live`), else `live × claim / claimed` rounded down.
pub fn credit_share(live: u32, claim: u32, claimed: u32) -> u32 {
    if claimed == live {
        claim
    } else {
        (u64::from(live) * u64::from(claim) / u64::from(claimed)) as u32
    }
}

/// The order shots are rolled in. Literal simultaneity: as chosen (the outcome does not depend
/// on it). Marked at once: alternating sides, the first side by the battle's dice.
fn shot_order<R: Roller>(st: &mut BattleState, literal: bool, dice: &mut R) {
    st.shot_order.clear();
    let n = st.shots.len();
    if literal {
        st.shot_order.extend((0..n).map(|k| k as u16));
        return;
    }
    let first = if pick_tie(dice, 2) == 0 {
        Side::A
    } else {
        Side::B
    };
    let side_of = |st: &BattleState, k: usize| st.ships[usize::from(st.shots[k].attacker)].side;
    let (mut ia, mut ib) = (0usize, 0usize);
    loop {
        let before = st.shot_order.len();
        for side in [first, first.other()] {
            let from = if side == Side::A { &mut ia } else { &mut ib };
            while *from < n {
                let k = *from;
                *from += 1;
                if side_of(st, k) == side {
                    st.shot_order.push(k as u16);
                    break;
                }
            }
        }
        if st.shot_order.len() == before {
            break;
        }
    }
}
