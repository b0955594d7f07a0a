//! One direct-fire attack from damage roll to catastrophic damage: the call a battle loop makes
//! once the hit roll is known (§7.4, §8, §11, §13.2). It strings the pieces together in the
//! book's order: damage roll → plasma falloff (§8.2.6) → ablative DF (§11.1.5) → the
//! configuration's spread (§8.1), each volley through shields then armor (§7.4.1 *(sic)*) →
//! ablative wear and adaptive learning (§11.4.1–2) → catastrophic damage (§13.2).
//!
//! Shield absorption per section is an input: which shield the defender uses (§11.2.7) and its
//! power are decisions and state of the battle loop (see `shields.rs`). No allocation.

use crate::dice::Roller;

use super::super::armor::{after_hit, section_armor};
use super::super::catastrophic::{self, Catastrophe};
use super::super::damage_state::ShipDamage;
use super::super::design::{Config, ShipDesign, SystemKind, WeaponDesign};
use super::super::weapons::configurations::{
    HitContext, resolve_burst, resolve_enveloping, resolve_flare, resolve_piercing, resolve_pulse,
    resolve_slashing, resolve_slicing, resolve_tracked,
};
use super::super::weapons::technologies::plasma_falloff;
use super::damage::{
    Resolution, ShotRules, ablative_reduction, after_band, roll_damage, section_of,
};
use super::hit_location::{DefenderPick, Struck};
use super::hit_roll::{HitRoll, roll_3d6};
use super::readings::{PointDefenseChoice, Readings};

/// Most sections a unit can have (an 11-section station, §7.4.1.1).
pub const MAX_SECTIONS: usize = 11;

/// The attack's facts beyond the hit roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attack {
    /// The firing weapon.
    pub weapon: WeaponDesign,
    /// The configuration it fires in (Wave is resolved per unit as Slicing; Tracking's first
    /// turn as Burst).
    pub config: Config,
    /// Range in hexes (plasma falloff).
    pub range: u16,
    /// The section facing the attacker (from the geometry; attacker's choice on seams).
    pub facing: usize,
    /// Total ablative DF Rating engaged against it (§11.1.5; 0 if none).
    pub ablative_df: u16,
    /// A called shot on this target (§7.6): it strikes it whatever the location roll.
    pub called: Option<Struck>,
    /// A later turn of a tracking attack (§8.1.9): Burst damage struck here (the initial
    /// hit's location, a system moved right a column a turn: `tracking_location`), with the
    /// initial hit roll's band and natural roll (§13.2 reads it as for the first turn).
    pub tracked: Option<Struck>,
}

/// Most point-defense shields one attack meets (§11.2.5; the config refuses more on a design).
pub const MAX_POINT: usize = 4;

/// Most point-defense events one attack records for the trace.
pub const MAX_POINT_LOG: usize = 8;

/// Where a point-defense shield acts (§11.2.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PointReach {
    /// Not in use.
    #[default]
    Nowhere,
    /// Stationary: the one system it is assigned to (core systems too).
    System(u16),
    /// Roaming: any system of this (outer) section, when the defender's 3d6 is at most its
    /// speed Rating once the shot has rolled for hit location.
    Roaming {
        /// The section it travels across.
        section: u8,
        /// Its speed Rating.
        speed: u8,
    },
}

/// One point-defense shield acting on an attack (§11.2.5: always absorption).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PointShield {
    /// Where it acts.
    pub reach: PointReach,
    /// Its absorption against this weapon at its power (§11.2.2, §11.2.8–9).
    pub absorb: u16,
    /// It has the layering enhancement (§11.2.7).
    pub layering: bool,
}

/// What a point-defense shield did at one location of an attack (for the trace).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PointEvent {
    /// Its index in [`Defences::points`].
    pub shield: u8,
    /// The system struck.
    pub sys: u16,
    /// The defender's 3d6 (roaming; 0 for a stationary shield).
    pub roll: u8,
    /// The speed Rating it was rolled against (roaming; 0 for a stationary shield).
    pub speed: u8,
    /// Whether it reached the system (a stationary shield always does).
    pub reached: bool,
    /// Its absorption there.
    pub absorb: u16,
}

/// The defender's per-section mitigators for one attack (state and choices of the battle loop).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Defences {
    /// Shield absorption applied to each volley striking a section (§11.2; the shield the
    /// defender picked, at its power; 0 without shields).
    pub absorb: [u16; MAX_SECTIONS],
    /// Sections whose collector panels can divert a point (§11.3: an intact panel and a battery
    /// with room), as a bit set.
    pub collectors: u16,
    /// Sections a buffering shield covers (§11.2.2.1), as a bit set: every volley striking one
    /// of them, past `absorb`, draws on the one shared `buffer`.
    pub buffer_sections: u16,
    /// The buffering shield's strength this attack may use (§11.2.2.1: its current strength,
    /// half of it against Anti-Shield; the caller's): each volley takes what it absorbs.
    pub buffer: u16,
    /// The section shield(s) acting on the shot all have the layering enhancement (§11.2.7):
    /// a layered point-defense shield then adds to them.
    pub section_layering: bool,
    /// Point-defense shields (§11.2.5), the first `point_count` in use.
    pub points: [PointShield; MAX_POINT],
    /// How many of `points` are in use (0: no die is ever rolled for them).
    pub point_count: u8,
}

impl Defences {
    /// No shields and no collector panels.
    pub const NONE: Defences = Defences {
        absorb: [0; MAX_SECTIONS],
        collectors: 0,
        buffer_sections: 0,
        buffer: 0,
        section_layering: false,
        points: [PointShield {
            reach: PointReach::Nowhere,
            absorb: 0,
            layering: false,
        }; MAX_POINT],
        point_count: 0,
    };
}

/// Point-defense shields met by a volley at system `sys` of section `section` (§11.2.5): a
/// stationary shield assigned to it acts; a roaming shield of its section acts when the
/// defender's 3d6 — rolled once per shield and location of the attack (`memo` keeps the last
/// location and its result), from the battle's dice — is at most its speed Rating. Returns the
/// absorption (the largest one's; their sum when every acting one is layered, §11.2.7) and
/// whether every acting one is layered; `None` when none acts. Each location a shield meets is
/// logged once (`log`, for the trace).
pub fn point_absorb(
    defences: &Defences,
    sys: u16,
    section: usize,
    dice: &mut impl Roller,
    memo: &mut [(u16, bool); MAX_POINT],
    log: &mut ([PointEvent; MAX_POINT_LOG], u8),
) -> Option<(u16, bool)> {
    let (mut most, mut sum, mut layered, mut any) = (0u16, 0u16, true, false);
    for (k, p) in defences.points[..usize::from(defences.point_count)]
        .iter()
        .enumerate()
    {
        let (reached, event) = match p.reach {
            PointReach::System(g) if g == sys => {
                let fresh = memo[k].0 != sys;
                memo[k] = (sys, true);
                (true, fresh.then_some((0, 0)))
            }
            PointReach::Roaming { section: at, speed } if usize::from(at) == section => {
                if memo[k].0 == sys {
                    (memo[k].1, None)
                } else {
                    let r = roll_3d6(dice);
                    memo[k] = (sys, r <= speed);
                    (r <= speed, Some((r, speed)))
                }
            }
            _ => continue,
        };
        if let Some((roll, speed)) = event
            && usize::from(log.1) < MAX_POINT_LOG
        {
            log.0[usize::from(log.1)] = PointEvent {
                shield: k as u8,
                sys,
                roll,
                speed,
                reached,
                absorb: p.absorb,
            };
            log.1 += 1;
        }
        if reached {
            any = true;
            most = most.max(p.absorb);
            sum = sum.saturating_add(p.absorb);
            layered &= p.layering;
        }
    }
    any.then_some((if layered { sum } else { most }, layered))
}

/// What one attack did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AttackOutcome {
    /// Damage rolled (before falloff and ablative DF).
    pub rolled: u16,
    /// Where it went.
    pub resolution: Resolution,
    /// Catastrophic damage rolled, by section (at most one per section).
    pub catastrophes: [Option<Catastrophe>; MAX_SECTIONS],
    /// Sections where a collector panel diverted 1 point into a battery (§11.3), bit set: the
    /// battery half adds the charge.
    pub diverted: u16,
    /// Points the buffering shield absorbed (§11.2.2.1: it loses as much).
    pub buffer_used: u16,
    /// What the point-defense shields did, location by location (§11.2.5; the trace's).
    pub points: [PointEvent; MAX_POINT_LOG],
    /// How many of `points` are filled.
    pub point_events: u8,
}

/// Resolves a hit on `design`/`damage` (nothing happens on a miss). Order of impact per volley
/// (§7.4.1 *(sic)*): shield absorption → collector panel (1 point, once per weapon strike per
/// section, never damage aimed at a panel, §11.3) → armor. A volley at a system a point-defense
/// shield reaches (§11.2.5, [`point_absorb`]: the roaming shield's 3d6 is the only die this adds,
/// and only for a defender with one) meets it as the shot's shield: alone where no section
/// shield acts; added to it when all are layered; otherwise the larger absorption or the
/// section shield, as the house rule `point_defense_choice` says (§11.2.7).
#[allow(clippy::too_many_arguments)]
pub fn resolve_attack<R: Roller>(
    design: &ShipDesign,
    damage: &mut ShipDamage,
    dice: &mut R,
    readings: &Readings,
    pick: DefenderPick,
    attack: &Attack,
    hit: HitRoll,
    defences: &Defences,
) -> AttackOutcome {
    let w = &attack.weapon;
    let mut out = AttackOutcome::default();
    if !hit.band.is_hit() {
        return out;
    }
    let ctx = HitContext {
        design,
        chart: readings.hit_chart.chart(),
        pick,
        rules: ShotRules::for_tech(w.tech, readings),
        readings,
    };
    // Armor is read once, before the hit: wear and learning apply after it (§11.4.1–2).
    let mut armor = [0u16; MAX_SECTIONS];
    for (s, a) in armor.iter_mut().enumerate().take(design.sections.len()) {
        *a = section_armor(design, damage, s, w.tech, readings.halving);
    }
    let mut reached = 0u16;
    let mut diverted = 0u16;
    let mut buffer = defences.buffer;
    let mut memo = [(u16::MAX, false); MAX_POINT];
    let mut log = ([PointEvent::default(); MAX_POINT_LOG], 0u8);
    let mut mitigate_with = |st: Struck, v: u16, dice: &mut R| {
        let s = section_of(design, st);
        let bit = 1u16 << s;
        let mut absorb = defences.absorb[s];
        let mut buffered = defences.buffer_sections & bit != 0;
        if defences.point_count > 0
            && let Struck::System { sys, .. } = st
            && let Some((pd, layered)) = point_absorb(defences, sys, s, dice, &mut memo, &mut log)
        {
            if absorb == 0 && !buffered {
                absorb = pd;
            } else if layered && defences.section_layering {
                absorb += pd;
            } else if readings.point_defense_choice == PointDefenseChoice::Larger
                && pd > absorb + if buffered { buffer } else { 0 }
            {
                absorb = pd;
                buffered = false;
            }
        }
        let mut past_shield = v.saturating_sub(absorb);
        if buffered {
            // §11.2.2.1: a buffering shield absorbs up to its strength and loses as much.
            let taken = past_shield.min(buffer);
            past_shield -= taken;
            buffer -= taken;
        }
        if past_shield > 0 {
            reached |= bit;
        }
        let at_panel = matches!(st, Struck::System { sys, .. }
            if matches!(design.systems[usize::from(sys)].kind, SystemKind::Collector));
        if past_shield > 0 && defences.collectors & bit != 0 && diverted & bit == 0 && !at_panel {
            diverted |= bit;
            past_shield -= 1;
        }
        past_shield.saturating_sub(armor[s])
    };
    // Pulse rolls its own damage per pulse inside the configuration.
    let rolled = if attack.config == Config::Pulse {
        0
    } else {
        roll_damage(dice, w.damage)
    };
    out.rolled = rolled;
    let dmg = plasma_falloff(rolled, w.plasma_falloff, attack.range);
    let dmg = dmg.saturating_sub(ablative_reduction(attack.ablative_df, rolled));
    let res = if let (Some(struck), false) = (attack.called, attack.config == Config::Pulse) {
        let doubles = match struck {
            Struck::Hull { .. } => ctx.rules.double_hull,
            Struck::System { .. } => ctx.rules.double_systems,
        };
        let net = mitigate_with(struck, after_band(dmg, hit.band, doubles), dice);
        super::damage::mark(
            design,
            damage,
            struck,
            net,
            hit.band,
            ctx.rules,
            ctx.rules.overkill,
        )
    } else {
        let mut mitigate = |st: Struck, v: u16| mitigate_with(st, v, dice);
        match attack.config {
            Config::Burst | Config::Tracking => match attack.tracked {
                Some(struck) => resolve_tracked(&ctx, damage, hit, struck, dmg, &mut mitigate),
                None => resolve_burst(&ctx, damage, hit, attack.facing, dmg, &mut mitigate),
            },
            Config::Pulse => resolve_pulse(
                &ctx,
                damage,
                dice,
                hit,
                attack.facing,
                w.damage,
                w.pulse,
                |r| {
                    plasma_falloff(r, w.plasma_falloff, attack.range)
                        .saturating_sub(ablative_reduction(attack.ablative_df, r))
                },
                attack.called,
                &mut mitigate_with,
            ),
            Config::Slicing | Config::Wave => {
                resolve_slicing(&ctx, damage, hit, attack.facing, dmg, &mut mitigate)
            }
            Config::Slashing => resolve_slashing(
                &ctx,
                damage,
                hit,
                attack.facing,
                dmg,
                w.slashing,
                &mut mitigate,
            ),
            Config::Piercing => {
                resolve_piercing(&ctx, damage, hit, attack.facing, dmg, &mut mitigate)
            }
            Config::Flare => resolve_flare(&ctx, damage, hit, attack.facing, dmg, &mut mitigate),
            Config::Enveloping => resolve_enveloping(&ctx, damage, hit, dmg, &mut mitigate),
        }
    };
    out.resolution = res;
    out.diverted = diverted;
    out.buffer_used = defences.buffer - buffer;
    (out.points, out.point_events) = log;
    // Ablative wear and adaptive learning on every section struck (a hit that reached the
    // section's armor; a shield soaking everything earns no adaptive point).
    for s in 0..design.sections.len() {
        let hit_here = reached & (1 << s) != 0;
        if hit_here {
            after_hit(design, damage, s, w.tech, true);
        }
    }
    // §13.2: natural 15+ with direct hull damage, or a called shot on hull.
    let called_hull = matches!(attack.called, Some(Struck::Hull { .. }));
    for s in 0..design.sections.len() {
        let direct = res.hull_hit_directly & (1 << s) != 0;
        let called_here = called_hull && attack.called == Some(Struck::Hull { section: s });
        if catastrophic::triggers(hit.natural, direct, called_here) {
            let c = catastrophic::roll(dice, design, s);
            catastrophic::apply(design, damage, s, c);
            out.catastrophes[s] = Some(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::super::design::fixtures::{railgun, reaper};
    use super::super::super::design::{ArmorKind, DamageDice, Tech};
    use super::super::hit_location::ChartName;
    use super::super::hit_roll::THREE_D6_WAYS;
    use super::*;
    use crate::dice::ScriptedDice;

    fn particle(config: Config) -> Attack {
        let mut w = railgun();
        w.tech = Tech::Particle;
        w.damage = DamageDice::new(2, 6, 0);
        Attack {
            weapon: w,
            config,
            range: 3,
            facing: 0,
            ablative_df: 0,
            called: None,
            tracked: None,
        }
    }

    /// A matter railgun hit on the forward hull ignores armor 4; a natural 15+ on hull triggers
    /// decompression (§13.2.2): armor 4 loses the 1d3.
    #[test]
    fn railgun_hull_hit_with_catastrophe() {
        let d = reaper();
        let mut s = ShipDamage::new(&d);
        let a = Attack {
            weapon: railgun(),
            config: Config::Burst,
            range: 3,
            facing: 0,
            ablative_df: 0,
            called: None,
            tracked: None,
        };
        // Natural 15 with DRM −1 → 14: hull. Damage 1d6 = 5. Decompression 1d3 = 2.
        let mut dice = ScriptedDice::new(&[5, 2]);
        let hit = HitRoll::new(15, -1);
        let o = resolve_attack(
            &d,
            &mut s,
            &mut dice,
            &Readings::default(),
            DefenderPick::MostLeft,
            &a,
            hit,
            &Defences::default(),
        );
        assert_eq!(o.rolled, 5);
        assert_eq!(s.hull_damage[0], 5, "matter ignores armor");
        assert_eq!(
            o.catastrophes[0],
            Some(Catastrophe::Decompression { amount: 2 })
        );
        assert_eq!(s.armor_now(&d, 0), 2);
    }

    /// Order of impact: ablative DF, shield, collector panel, armor (§7.4.1 *(sic)*, §11.3);
    /// ablative armor wears after the hit (§11.4.1).
    #[test]
    fn shields_armor_ablative_order() {
        let mut d = reaper();
        d.sections[0].armor_kind = ArmorKind::Ablative;
        let mut s = ShipDamage::new(&d);
        let mut a = particle(Config::Burst);
        a.ablative_df = 1;
        let mut defences = Defences::default();
        defences.absorb[0] = 2;
        defences.collectors = 1;
        // Natural 10 + 3 = 13: hull. 2d6 = 6 + 6 = 12; ablative −1 × ceil(1.2) = −2 → 10;
        // shield −2 → 8; collector −1 → 7 (§11.3); armor −4 → 3.
        let mut dice = ScriptedDice::new(&[6, 6]);
        let o = resolve_attack(
            &d,
            &mut s,
            &mut dice,
            &Readings::default(),
            DefenderPick::MostLeft,
            &a,
            HitRoll::new(10, 3),
            &defences,
        );
        assert_eq!(s.hull_damage[0], 3);
        assert_eq!(o.diverted, 1);
        assert_eq!(s.armor_now(&d, 0), 3, "ablative armor −1 after the hit");
    }

    /// §7.6 + §7.4: a called shot strikes the called system whatever the roll, still halved on
    /// 11–12; on hull it is always catastrophic (§13.2.3).
    #[test]
    fn called_shots_strike_the_called_place() {
        let d = reaper();
        let mut s = ShipDamage::new(&d);
        let mut a = particle(Config::Burst);
        a.called = Some(Struck::System { sys: 5, column: 0 });
        // Natural 12 − 1 = 11: half of 6 + 5 = 11 → 6; armor 4 → 2 on the rack.
        let mut dice = ScriptedDice::new(&[6, 5]);
        let r = Readings::default();
        let pick = DefenderPick::MostLeft;
        let none = Defences::default();
        resolve_attack(
            &d,
            &mut s,
            &mut dice,
            &r,
            pick,
            &a,
            HitRoll::new(12, -1),
            &none,
        );
        assert_eq!(s.system_damage[5], 2);
        let mut s = ShipDamage::new(&d);
        a.called = Some(Struck::Hull { section: 0 });
        // Natural 8 + 5 = 13; 2d6 = 2 → nothing past armor, yet catastrophic (1d3 = 1).
        let mut dice = ScriptedDice::new(&[1, 1, 1]);
        let o = resolve_attack(
            &d,
            &mut s,
            &mut dice,
            &r,
            pick,
            &a,
            HitRoll::new(8, 5),
            &none,
        );
        assert_eq!(
            o.catastrophes[0],
            Some(Catastrophe::Decompression { amount: 1 })
        );
        assert_eq!(s.armor_now(&d, 0), 3);
    }

    /// A whole duel's fire against one Reaper from the battle's dice: Reaper railguns (front
    /// silhouette 1, Acc +3, range 6 at −1/2 → DRM +1) fire Burst shots until the target's
    /// core is gone. Deterministic (same battle index → same bits), and the pieces compose:
    /// golden shot count and damage totals for seed (7, 0, battle 0).
    #[test]
    fn railgun_duel_is_deterministic() {
        use super::super::hit_roll::{HitModifiers, accuracy_drm, range_penalty, roll_to_hit};
        use super::super::readings::RangeZero;
        use crate::dice::Dice;
        let d = reaper();
        let run = |battle: u64| {
            let mut dice = Dice::for_battle(7, 0, battle);
            let mut s = ShipDamage::new(&d);
            let a = Attack {
                weapon: railgun(),
                config: Config::Burst,
                range: 6,
                facing: 0,
                ablative_df: 0,
                called: None,
                tracked: None,
            };
            let drm = HitModifiers {
                silhouette: i16::from(d.sil_fa),
                accuracy: accuracy_drm(a.weapon.accuracy, d.section_count()),
                range_penalty: range_penalty(a.weapon.range, a.range, true, RangeZero::MinusOne),
                ..HitModifiers::default()
            }
            .drm();
            let r = Readings::default();
            let mut shots = 0u32;
            let mut fires = 0u32;
            while !s.destroyed && shots < 1000 {
                shots += 1;
                let hit = roll_to_hit(&mut dice, drm);
                let o = resolve_attack(
                    &d,
                    &mut s,
                    &mut dice,
                    &r,
                    DefenderPick::MostLeft,
                    &a,
                    hit,
                    &Defences::default(),
                );
                fires += o.catastrophes.iter().flatten().count() as u32;
                // Fires burn at the end of every third shot (one turn of a 3+0 railgun).
                if shots.is_multiple_of(3) {
                    catastrophic::burn(&d, &mut s);
                }
            }
            let hull: u16 = s.hull_damage.iter().sum();
            (shots, fires, hull, s.destroyed)
        };
        assert_eq!(run(0), run(0));
        assert_ne!(run(0), run(1));
        eprintln!("duel: {:?}", run(0));
        assert_eq!(run(0), GOLDEN_DUEL);
    }

    /// Recorded by `railgun_duel_is_deterministic`: (shots, catastrophes, hull lost, destroyed).
    const GOLDEN_DUEL: (u32, u32, u16, bool) = (41, 0, 40, true);

    /// The A/B for one hit, exactly, and how the chart moves it: a 2d6 particle weapon
    /// at DRM +4 hits the Reaper from the front, Burst vs Piercing, under both charts, on a
    /// fresh ship and on one whose forward thrusters are destroyed (where the charts differ:
    /// 19–20 passes to the core, whose walk meets the bridge first under the reconstruction and
    /// the sensors first under example C). Enumerates the 3d6 to-hit roll and the 2d6 damage
    /// (catastrophe dice fixed); each entry is (total damage marked, on the bridge, on the
    /// sensors) × 7776. The house-rules page quotes these.
    #[test]
    fn burst_vs_piercing_one_hit_by_chart() {
        let d = reaper();
        let mut table = [[[0u64; 3]; 4]; 2];
        for (ci, chart) in [ChartName::Reconstruction, ChartName::ExampleC]
            .into_iter()
            .enumerate()
        {
            let readings = Readings {
                hit_chart: chart,
                ..Readings::default()
            };
            for (k, (config, thrusters_gone)) in [
                (Config::Burst, false),
                (Config::Piercing, false),
                (Config::Burst, true),
                (Config::Piercing, true),
            ]
            .into_iter()
            .enumerate()
            {
                let mut total = [0u64; 3];
                for n in 3..=18u8 {
                    let ways = u64::from(THREE_D6_WAYS[usize::from(n)]);
                    for a in 1..=6u8 {
                        for b in 1..=6u8 {
                            let mut s = ShipDamage::new(&d);
                            if thrusters_gone {
                                s.system_damage[..3].copy_from_slice(&[8, 6, 6]);
                            }
                            let script = [a, b, 1, 1, 1, 1];
                            let mut dice = ScriptedDice::new(&script);
                            let o = resolve_attack(
                                &d,
                                &mut s,
                                &mut dice,
                                &readings,
                                DefenderPick::MostLeft,
                                &particle(config),
                                HitRoll::new(n, 4),
                                &Defences::default(),
                            );
                            let marked =
                                o.resolution.applied.taken + o.resolution.applied.overkill_to_hull;
                            total[0] += u64::from(marked) * ways;
                            total[1] += u64::from(s.system_damage[14]) * ways;
                            total[2] += u64::from(s.system_damage[17]) * ways;
                        }
                    }
                }
                table[ci][k] = total;
            }
        }
        eprintln!("burst/piercing × 7776: {table:?}");
        assert_eq!(table, GOLDEN_BURST_PIERCING);
    }

    /// Recorded by `burst_vs_piercing_one_hit_by_chart` ([chart][case][total, bridge, sensors];
    /// cases: Burst, Piercing, Burst with forward thrusters gone, Piercing with them gone).
    const GOLDEN_BURST_PIERCING: [[[u64; 3]; 4]; 2] = [
        [
            [18388, 0, 0],
            [25736, 1152, 6336],
            [17492, 896, 0],
            [25704, 1152, 6336],
        ],
        [
            [18388, 0, 0],
            [25736, 0, 7488],
            [17492, 0, 896],
            [25704, 0, 7488],
        ],
    ];
}
