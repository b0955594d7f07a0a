//! Golden tests of the battle's rules on a hand-built Reaper duel (the seed's own SDS).

use super::super::arcs::{ArcShape, FiringArc};
use super::super::config::matchups::mirrored;
use super::super::design::fixtures::reaper;
use super::super::design::{RangeRating, SystemKind};
use super::super::geometry::{ArcCentre, Facing};
use super::super::matchup::{BattleDesign, HouseRules, Matchup, Mount, Scenario, ShipStart};
use super::super::movement::Motion;
use super::super::policy::{Policy, keep_range, main_weapon};
use super::*;
use crate::dice::Dice;

/// Two Reapers (railguns fore and aft, wide arcs) 24 hexes apart, mirror images.
pub(super) fn reaper_duel() -> Matchup {
    let design = reaper();
    let mounts: Vec<Mount> = design
        .systems
        .iter()
        .enumerate()
        .filter_map(|(i, s)| match s.kind {
            SystemKind::Weapon(weapon) => Some(Mount {
                sys: i as u16,
                weapon,
                arc: FiringArc {
                    centre: ArcCentre::facing(if i < 7 { 1 } else { 4 }),
                    shape: ArcShape::Wide,
                    keel: false,
                },
            }),
            _ => None,
        })
        .collect();
    let keep = keep_range(&mounts);
    let main = main_weapon(&mounts);
    let a = Motion {
        facing: Facing::new(1),
        ..Motion::default()
    };
    let policy = Policy::preset("closing-gunline").unwrap();
    Matchup {
        designs: vec![BattleDesign {
            design,
            mount_names: vec![String::new(); mounts.len()],
            mounts,
            keep,
            main,
            cost: Default::default(),
            racks: Vec::new(),
            rack_missiles: Vec::new(),
            defences: Vec::new(),
            reloads: Vec::new(),
            batteries: Vec::new(),
        }],
        start: vec![
            ShipStart {
                design: 0,
                side: Side::A,
                motion: a,
            },
            ShipStart {
                design: 0,
                side: Side::B,
                motion: mirrored(a, 24),
            },
        ],
        names: vec!["A1 Reaper".into(), "B1 Reaper".into()],
        policies: [policy; 2],
        scenario: Scenario::default(),
        rules: HouseRules::default(),
    }
}

/// A fresh battle of `m`.
pub(super) fn started(m: &Matchup) -> BattleState {
    let mut st = BattleState::for_matchup(m);
    begin(m, &mut st);
    st
}

/// The Reaper's first railgun (system 3, structure 2) and its mount index.
const RAILGUN_SYS: usize = 3;
const RAILGUN_MOUNT: usize = 0;

/// §13.1.9 (seed: "Once a direct fire weapon has lost half its structure (rounded up), either
/// the damage Rating is reduced by 1 row … or the range is reduced by 1 row. The defender
/// chooses"): a railgun (1d6, −1/2) that lost 1 of 2 is lowered once; losing its only die
/// leaves nothing, so the defender gives up range: −1/1. The old battle never lowered it.
#[test]
fn damaged_weapon_is_reduced_13_1_9() {
    let m = reaper_duel();
    let mut st = started(&m);
    let mut dice = Dice::for_battle(1, 2, 3);
    st.damage[0].system_damage[RAILGUN_SYS] = 1;
    weapon_damage::reduce_damaged_weapons(&m, &mut st, 0, &mut dice);
    let w = weapon_damage::weapon_now(&m, &st, 0, RAILGUN_MOUNT);
    assert_eq!(w.range, RangeRating { per: 1, hexes: 1 });
    assert_eq!(w.damage, m.designs[0].mounts[RAILGUN_MOUNT].weapon.damage);
    // Once (default `weapon_reduction`): the same loss owes nothing more.
    weapon_damage::reduce_damaged_weapons(&m, &mut st, 0, &mut dice);
    assert_eq!(
        weapon_damage::weapon_now(&m, &st, 0, RAILGUN_MOUNT).range,
        RangeRating { per: 1, hexes: 1 }
    );
    // The other ship's weapons are untouched.
    assert_eq!(
        weapon_damage::weapon_now(&m, &st, 1, RAILGUN_MOUNT),
        m.designs[0].mounts[RAILGUN_MOUNT].weapon
    );
}

/// §13.1.9: "If no reduction is possible (i.e., damage is already zero and range is already
/// –3/hex), the weapon system is destroyed."
#[test]
fn weapon_that_cannot_drop_is_destroyed_13_1_9() {
    let m = reaper_duel();
    let mut st = started(&m);
    let mut dice = Dice::for_battle(1, 2, 3);
    st.weapons[0][RAILGUN_MOUNT].damage = Default::default();
    st.weapons[0][RAILGUN_MOUNT].range = RangeRating { per: 3, hexes: 1 };
    st.damage[0].system_damage[RAILGUN_SYS] = 1;
    weapon_damage::reduce_damaged_weapons(&m, &mut st, 0, &mut dice);
    assert!(st.damage[0].system_destroyed(&m.designs[0].design, RAILGUN_SYS as u16));
}

/// §3.4 (seed: "If an activated system is destroyed, it will continue to draw its standard
/// operating power for a number of turns equal to its standard operating power requirement"):
/// the Reaper's reactor (8) powers sensors (4) and four 1-power railguns. With one railgun
/// destroyed the next turn still pays its 1 point (spare 0, not 1); the turn after, it is free.
#[test]
fn destroyed_weapon_keeps_drawing_3_4() {
    let m = reaper_duel();
    let mut st = started(&m);
    preliminary::power_allocation(&m, &mut st, &mut Dice::for_battle(1, 2, 3));
    assert_eq!(st.ships[0].spare_power, 0);
    st.damage[0].system_damage[RAILGUN_SYS] = 2;
    preliminary::end_turn_drain(&mut st, 0);
    preliminary::power_allocation(&m, &mut st, &mut Dice::for_battle(1, 2, 3));
    assert_eq!(
        st.ships[0].spare_power, 0,
        "the destroyed railgun still draws"
    );
    preliminary::end_turn_drain(&mut st, 0);
    preliminary::power_allocation(&m, &mut st, &mut Dice::for_battle(1, 2, 3));
    assert_eq!(
        st.ships[0].spare_power, 1,
        "one turn of drain for a 1-power weapon"
    );
}

/// §16.4.11 (seed: "Engines are zero-power systems (requiring a functional power plant)") and
/// §3.3 ("If there is no power available from any power plants …, zero-power systems are also
/// deactivated"): a Reaper whose reactor is destroyed has no thrust; before, its engine still
/// gave 4.
#[test]
fn no_reactor_no_thrust_16_4_11() {
    let m = reaper_duel();
    let st = started(&m);
    let d = &m.designs[0].design;
    let r = &m.rules.movement;
    let intact = movement::limits(d, &st.damage[0], 0, r);
    assert!(intact.budget > 0);
    let mut dmg = st.damage[0].clone();
    dmg.system_damage[16] = 8; // the reactor
    assert_eq!(movement::limits(d, &dmg, 0, r).budget, 0);
}

/// §3.3 (seed: "If there is no power available from any power plants (as in the case of the
/// complete destruction of a unit's power plants), zero-power systems are also deactivated"):
/// a weapon needing no power is on while the reactor works and off once it is destroyed.
#[test]
fn no_plant_no_zero_power_weapon_3_3() {
    let mut m = reaper_duel();
    m.designs[0].mounts[0].weapon.power = 0;
    let sys = usize::from(m.designs[0].mounts[0].sys);
    let mut st = started(&m);
    preliminary::power_allocation(&m, &mut st, &mut Dice::for_battle(1, 2, 3));
    assert!(st.power[0][sys].active, "on with a working reactor");
    st.damage[0].system_damage[16] = 8; // the reactor
    preliminary::power_allocation(&m, &mut st, &mut Dice::for_battle(1, 2, 3));
    assert!(!st.power[0][sys].active, "off with no plant");
}

/// §13.1.4 (seed: "On each turn that the reactor provides power, roll 2d10 and add 1 for each
/// turn that the reactor has been half-destroyed"), house rule `reactor_detonation`: a
/// reactor that lost 5 of 8 in this turn's fire first rolls next turn by default, this turn
/// under `same-turn`.
#[test]
fn reactor_detonation_timing_13_1_4() {
    use super::super::fire::readings::ReactorDetonation;
    for (rule, rolls_now) in [
        (ReactorDetonation::NextTurn, 0),
        (ReactorDetonation::SameTurn, 1),
    ] {
        let mut m = reaper_duel();
        m.rules.fire.reactor_detonation = rule;
        let mut st = started(&m);
        let mut dice = Dice::for_battle(1, 2, 3);
        st.damage[0].system_damage[16] = 5;
        effects::damage_effects_step(&m, &mut st, &mut dice, &mut crate::observer::NoTrace);
        assert_eq!(st.ships[0].unstable_rolls, rolls_now, "{rule:?}");
        assert!(st.ships[0].unstable);
    }
}

/// §11.1 / §7.1.3, house rule `df_arming`: a particle 3+1 weapon with SDF 2 that defends
/// stays armed by default; under `rearms` it starts arming over like a weapon that fired.
#[test]
fn defensive_fire_and_arming_11_1() {
    use super::super::fire::readings::DfArming;
    for (rule, armed_after) in [(DfArming::KeepsArmed, true), (DfArming::Rearms, false)] {
        let mut m = reaper_duel();
        m.rules.fire.df_arming = rule;
        let mount = &mut m.designs[0].mounts[RAILGUN_MOUNT];
        mount.weapon.df.sdf = 2;
        mount.weapon.tech = super::super::design::Tech::Particle;
        mount.weapon.rof.arming = 1;
        let rof = mount.weapon.rof;
        let mut st = started(&m);
        let mut dice = Dice::for_battle(1, 2, 3);
        // Ship 1 (B) shoots ship 0 (A) with its first railgun; A's railgun 0 holds fire.
        st.shots.push(Shot {
            attacker: 1,
            mount: 0,
            target: 0,
            drm: 4,
            df: DfTally::NONE,
            ablative: DfTally::NONE,
            section: 0,
            config: super::super::design::Config::Burst,
            range: 24,
            value: 1.0,
            follow: false,
        });
        defensive_fire::defensive_fire(&m, &mut st, &mut dice, &mut crate::observer::NoTrace);
        assert_eq!(st.shots[0].df.total(), 2, "{rule:?}");
        assert_eq!(
            st.ships[0].arming[RAILGUN_MOUNT].can_fire(rof),
            armed_after,
            "{rule:?}"
        );
    }
}

/// Fairness: two enemies at the same range are picked by the battle's dice, not by ship index
/// (the old `min_by_key` always named the first listed).
#[test]
fn nearest_enemy_ties_go_to_the_dice() {
    let mut m = reaper_duel();
    let third = ShipStart {
        side: Side::B,
        ..m.start[1]
    };
    m.start.push(third);
    m.names.push("B2 Reaper".into());
    let mut st = BattleState::for_matchup(&m);
    begin(&m, &mut st);
    let mut seen = [false; 3];
    for seed in 0..32 {
        let mut dice = Dice::for_battle(seed, 7, 0);
        let (k, r) = preliminary::nearest_enemy(&st, 0, &mut dice).unwrap();
        assert_eq!(r, 24);
        seen[k] = true;
    }
    assert_eq!(seen, [false, true, true]);
}

/// The one-pass `nearest_enemy` answers as the three-pass reference (least range, count the
/// ties, the dice's pick among them) and rolls the same dice, over many random placements of
/// five ships (ties, dead ships, one side empty included).
#[test]
fn nearest_enemy_as_the_reference() {
    fn reference<R: Roller>(st: &BattleState, i: usize, dice: &mut R) -> Option<(usize, i32)> {
        let me = &st.ships[i];
        let enemies = || {
            st.ships
                .iter()
                .enumerate()
                .filter(move |(_, s)| s.alive && s.side != me.side)
                .map(|(k, s)| (k, me.motion.pos.distance(s.motion.pos)))
        };
        let nearest = enemies().map(|(_, r)| r).min()?;
        let ties = enemies().filter(|&(_, r)| r == nearest).count() as u32;
        let pick = super::super::policy::pick_tie(dice, ties) as usize;
        enemies().filter(|&(_, r)| r == nearest).nth(pick)
    }
    let mut m = reaper_duel();
    for side in [Side::A, Side::B, Side::B] {
        m.start.push(ShipStart { side, ..m.start[1] });
        m.names.push("extra".into());
    }
    let mut st = BattleState::for_matchup(&m);
    begin(&m, &mut st);
    let mut place = Dice::for_battle(99, 1, 0);
    for seed in 0..3000 {
        for s in st.ships.iter_mut() {
            s.motion.pos = Hex::new(place.below(7) as i32 - 3, place.below(7) as i32 - 3);
            s.alive = place.below(5) != 0;
            s.side = if place.below(2) == 0 {
                Side::A
            } else {
                Side::B
            };
        }
        for i in 0..st.ships.len() {
            let (mut a, mut b) = (Dice::for_battle(seed, 7, 0), Dice::for_battle(seed, 7, 0));
            assert_eq!(
                preliminary::nearest_enemy(&st, i, &mut a),
                reference(&st, i, &mut b)
            );
            assert_eq!(a.below(1000), b.below(1000));
        }
    }
}

/// Ship 0 (a Reaper) with one point left in every section and system takes one railgun shot
/// (DRM +6, range 2, Burst) from each of `attackers`, resolved at once on battle `seed`'s dice:
/// the state after the phase and the points the phase added to the live marks.
fn railgun_shots_at_a_battered_reaper(
    m: &Matchup,
    seed: u64,
    attackers: [u8; 4],
) -> (BattleState, u32) {
    let d = &m.designs[0].design;
    let mut st = started(m);
    for (k, sec) in d.sections.iter().enumerate() {
        st.damage[0].hull_damage[k] = sec.hull - 1;
    }
    for (k, sys) in d.systems.iter().enumerate() {
        st.damage[0].system_damage[k] = sys.structure - 1;
    }
    let before = st.damage[0].points_marked();
    for attacker in attackers {
        st.shots.push(Shot {
            attacker,
            mount: RAILGUN_MOUNT as u8,
            target: 0,
            drm: 6,
            df: DfTally::NONE,
            ablative: DfTally::NONE,
            section: 0,
            config: super::super::design::Config::Burst,
            range: 2,
            value: 1.0,
            follow: false,
        });
    }
    let mut dice = Dice::for_battle(seed, 11, 0);
    fire::resolve(m, &mut st, &mut dice, &mut crate::observer::NoTrace);
    let live = st.damage[0].points_marked() - before;
    (st, live)
}

/// Statistics under `simultaneity = start-of-phase` (§7.3: every hit located against the
/// start of the phase): damage dealt and taken are what the phase's hits added to the live
/// marks. A Reaper with one point left in every section and system takes four hits at once;
/// the old credit (each hit's own result against the snapshot) counted a point struck twice as
/// two.
#[test]
fn damage_credited_is_the_capped_live_difference() {
    let mut m = reaper_duel();
    m.designs[0].mounts[RAILGUN_MOUNT].weapon.damage =
        super::super::design::DamageDice::new(4, 6, 0);
    let mut over = 0;
    for seed in 0..64 {
        let (st, live) = railgun_shots_at_a_battered_reaper(&m, seed, [1; 4]);
        assert_eq!(st.ships[1].dealt, live, "seed {seed}");
        assert_eq!(st.ships[0].taken, live, "seed {seed}");
        over += live;
    }
    assert!(over > 0, "some hits land");
}

/// The turn-cap measure (house rule `turn_cap`) counts a destroyed section's systems as lost
/// (§7.4.4: they are gone with it), as it already did for a destroyed ship: a Reaper whose
/// fore hull (20) is gone has lost 20 + the fore systems' 34 structure, not 20.
#[test]
fn turn_cap_measure_counts_a_lost_sections_systems() {
    let m = reaper_duel();
    let d = &m.designs[0].design;
    let mut dmg = super::super::damage_state::ShipDamage::new(d);
    dmg.hull_damage[0] = 20;
    assert_eq!(dmg.structure_lost(d), 20 + 34);
    dmg.system_damage[3] = 1; // already inside the lost section: no double count
    assert_eq!(dmg.structure_lost(d), 20 + 34);
    dmg.system_damage[16] = 3; // the reactor, in the core
    assert_eq!(dmg.structure_lost(d), 20 + 34 + 3);
}

/// A Reaper (A, ship 0) facing a five-section target (B, ship 1, F/A `fa`, P/S `ps`) that
/// sees it along its facing 2 — a mixed hex under the default regions — 3 hexes off; the
/// target's sections are fore, aft, port, starboard, core with armor `armor` (fore first).
fn five_section_target(fa: u8, ps: u8, armor: [u8; 4]) -> Matchup {
    use super::super::design::{ArmorKind, SectionDesign, SectionPos, Tech};
    let mut m = reaper_duel();
    for w in &mut m.designs[0].mounts {
        w.weapon.tech = Tech::Particle; // meets armor (Matter would not, §8.2.1)
    }
    let mut d = reaper();
    d.mass_tenths = 250;
    (d.sil_fa, d.sil_ps) = (fa, ps);
    let pos = [
        SectionPos::Fore,
        SectionPos::Aft,
        SectionPos::Port,
        SectionPos::Starboard,
    ];
    d.sections = pos
        .iter()
        .zip(armor)
        .map(|(&pos, armor)| SectionDesign {
            pos,
            armor,
            armor_kind: ArmorKind::Standard,
            hull: 20,
            systems: 0..0,
        })
        .collect();
    d.sections.push(SectionDesign {
        pos: SectionPos::Core,
        armor: 6,
        armor_kind: ArmorKind::Standard,
        hull: 20,
        systems: 0..18,
    });
    m.designs.push(BattleDesign {
        design: d,
        mounts: Vec::new(),
        mount_names: Vec::new(),
        keep: 1,
        main: None,
        cost: Default::default(),
        racks: Vec::new(),
        rack_missiles: Vec::new(),
        defences: Vec::new(),
        reloads: Vec::new(),
        batteries: Vec::new(),
    });
    let target = Facing::new(1);
    m.start[0].motion = Motion {
        pos: Hex::default(),
        facing: Facing::new(5),
        ..Motion::default()
    };
    m.start[1] = ShipStart {
        design: 1,
        side: Side::B,
        motion: Motion {
            pos: Facing::new(5).unit().scale(3),
            facing: target,
            ..Motion::default()
        },
    };
    m
}

/// The shots ship 0 chooses (§7.2) in `m`, by the battle's dice `seed`: (section, DRM).
fn chosen(m: &Matchup, seed: u64) -> Vec<(u8, i16)> {
    let mut st = started(m);
    let mut dice = Dice::for_battle(seed, 5, 0);
    fire::open_fire_determination(m, &mut st);
    fire::determine(m, &mut st, 0, &mut dice);
    st.shots.iter().map(|s| (s.section, s.drm)).collect()
}

/// §7.3.1.1 (seed: "The attacker may select which Rating to use if the fire is coming from a
/// hex that is mixed white and gray") and §7.4.1.2B ("A weapon incoming directly along facing
/// 2 will strike between the fore and starboad sections of a 5-section ship … the attacker may
/// choose which section to hit"): the attacker's policy takes the F/A Rating (4) with the fore
/// section or the P/S Rating (2) with the starboard one, whichever does more expected damage.
/// The old code always took the larger Rating and its section (fore).
#[test]
fn five_section_mixed_hex_is_the_attackers_choice_7_4_1_2b() {
    let (fore, starboard) = (0u8, 3u8);
    // Soft fore: the larger Rating and the fore section.
    let shots = chosen(&five_section_target(4, 2, [0, 4, 4, 4]), 1);
    assert!(!shots.is_empty());
    assert!(shots.iter().all(|&(s, _)| s == fore), "{shots:?}");
    let fore_drm = shots[0].1;
    // Fore armored past the railgun's damage: the P/S Rating (2 less) and starboard.
    let shots = chosen(&five_section_target(4, 2, [10, 4, 4, 0]), 1);
    assert!(!shots.is_empty());
    assert!(
        shots
            .iter()
            .all(|&(s, d)| s == starboard && d == fore_drm - 2),
        "{shots:?}"
    );
    // Equal Ratings and armor: a tie, settled by the battle's dice — both sections occur.
    let m = five_section_target(3, 3, [4, 4, 4, 4]);
    let mut seen = [false; 4];
    for seed in 0..32 {
        for (s, _) in chosen(&m, seed) {
            seen[usize::from(s)] = true;
        }
    }
    assert_eq!(seen, [true, false, false, true]);
}

/// Fairness of the statistics under `simultaneity = start-of-phase`: points two attackers'
/// hits both claimed are shared in proportion to the claims, not given to the one rolled first
/// (the lower index). 5 points taken, claims 3 and 3: 2 each (the odd point counts for the
/// side only); before, the first shooter got 3 and the second 2.
#[test]
fn shared_points_split_by_claim_not_index() {
    assert_eq!(fire::credit_share(5, 3, 6), 2);
    assert_eq!(fire::credit_share(6, 3, 6), 3, "no overlap: the claim");
    assert_eq!(fire::credit_share(4, 1, 4), 1);
    // In a battle: two B Reapers hit an A Reaper with one point left everywhere; whatever the
    // shot order, ship and side credits add up to the points taken.
    let mut m = reaper_duel();
    m.designs[0].mounts[RAILGUN_MOUNT].weapon.damage =
        super::super::design::DamageDice::new(4, 6, 0);
    m.start.push(ShipStart {
        side: Side::B,
        ..m.start[1]
    });
    m.names.push("B2 Reaper".into());
    for seed in 0..64 {
        let (st, live) = railgun_shots_at_a_battered_reaper(&m, seed, [1, 2, 1, 2]);
        let side_extra = st.sides[Side::B.index()].damage_dealt;
        assert_eq!(st.ships[1].dealt + st.ships[2].dealt + side_extra, live);
        assert_eq!(st.ships[0].taken, live);
    }
}

/// §7.4.1.3 (seed: "the defender chooses" among the struck type's systems): the battle asks the
/// defending policy, whose pick among equally intact systems goes to the battle's dice. Each of
/// the Reaper's two fore missile racks (systems 5 and 6, structure 5 each) is the one struck
/// across seeds; with `DefenderPick::MostLeft` (ties to the first listed) system 6 never would be.
#[test]
fn defenders_pick_among_equal_systems_goes_to_the_dice_7_4_1_3() {
    let m = reaper_duel();
    let mut first_hit = [false; 2];
    for seed in 0..64 {
        let mut st = started(&m);
        st.shots.push(Shot {
            attacker: 1,
            mount: RAILGUN_MOUNT as u8,
            target: 0,
            drm: 8,
            df: DfTally::NONE,
            ablative: DfTally::NONE,
            section: 0,
            config: super::super::design::Config::Burst,
            range: 2,
            value: 1.0,
            follow: false,
        });
        let mut dice = Dice::for_battle(seed, 13, 0);
        fire::resolve(&m, &mut st, &mut dice, &mut crate::observer::NoTrace);
        let dmg = &st.damage[0].system_damage;
        match (dmg[5], dmg[6]) {
            (x, 0) if x > 0 => first_hit[0] = true,
            (0, y) if y > 0 => first_hit[1] = true,
            _ => {}
        }
    }
    assert_eq!(first_hit, [true, true]);
}

/// §13.1.9's tie path: a weapon that cannot hit at the range its policy keeps loses the same
/// (nothing) either way, so `reduction_choice` has no preference and the battle's dice pick the
/// row — across seeds both damage and range are lowered.
#[test]
fn reduction_tie_goes_to_the_dice_13_1_9() {
    use super::super::policy::reduction_choice;
    let mut m = reaper_duel();
    m.designs[0].mounts[RAILGUN_MOUNT].weapon.accuracy.value = -40;
    m.designs[0].mounts[RAILGUN_MOUNT].weapon.damage =
        super::super::design::DamageDice::new(2, 6, 0);
    let w = m.designs[0].mounts[RAILGUN_MOUNT].weapon;
    assert_eq!(reduction_choice(&w, m.designs[0].keep), None);
    let mut seen = (false, false);
    for seed in 0..32 {
        let mut st = started(&m);
        let mut dice = Dice::for_battle(seed, 17, 0);
        st.damage[0].system_damage[RAILGUN_SYS] = 1;
        weapon_damage::reduce_damaged_weapons(&m, &mut st, 0, &mut dice);
        let now = weapon_damage::weapon_now(&m, &st, 0, RAILGUN_MOUNT);
        seen.0 |= now.damage != w.damage && now.range == w.range;
        seen.1 |= now.range != w.range && now.damage == w.damage;
    }
    assert_eq!(seen, (true, true));
}

/// §3.4 after a §13.1.9 destruction: a railgun (power 1) destroyed because it can drop no
/// further, in the Damage Effects step, still draws its 1 point on the next turn (spare 0) and
/// nothing the turn after (spare 1) — the same timing as a railgun destroyed by fire.
#[test]
fn weapon_destroyed_by_13_1_9_drains_next_turn_3_4() {
    let m = reaper_duel();
    let mut st = started(&m);
    let mut dice = Dice::for_battle(1, 2, 3);
    preliminary::power_allocation(&m, &mut st, &mut Dice::for_battle(1, 2, 3));
    assert_eq!(st.ships[0].spare_power, 0);
    st.weapons[0][RAILGUN_MOUNT].damage = Default::default();
    st.weapons[0][RAILGUN_MOUNT].range = RangeRating { per: 3, hexes: 1 };
    st.damage[0].system_damage[RAILGUN_SYS] = 1;
    effects::damage_effects_step(&m, &mut st, &mut dice, &mut crate::observer::NoTrace);
    assert!(st.damage[0].system_destroyed(&m.designs[0].design, RAILGUN_SYS as u16));
    preliminary::power_allocation(&m, &mut st, &mut Dice::for_battle(1, 2, 3));
    assert_eq!(
        st.ships[0].spare_power, 0,
        "the destroyed railgun still draws"
    );
    preliminary::end_turn_drain(&mut st, 0);
    preliminary::power_allocation(&m, &mut st, &mut Dice::for_battle(1, 2, 3));
    assert_eq!(
        st.ships[0].spare_power, 1,
        "one turn of drain for a 1-power weapon"
    );
}

/// D17 5: a ship steers by the guns it still has. The Reaper's main weapon is a fore railgun;
/// with both fore railguns destroyed it is the first aft railgun, and with every railgun gone
/// there is none (the ship withdraws, `policy::WITHDRAW_RANGE`). Before, the thrust plan kept
/// the destroyed fore guns' arc on the target (seen in `reference-2v2` battle 0: a Reaper flew
/// nose-on beside a Warden from turn 12 to the turn cap, its aft railguns never bearing).
#[test]
fn a_ship_steers_by_the_guns_it_has_left() {
    use super::super::policy::main_weapon_now;
    let m = reaper_duel();
    let mounts = &m.designs[0].mounts;
    let fore: Vec<usize> = (0..mounts.len())
        .filter(|&k| mounts[k].arc.centre == ArcCentre::facing(1))
        .collect();
    assert_eq!(fore.len(), 2);
    let undamaged = main_weapon_now(mounts, |k| Some(mounts[k].weapon));
    assert_eq!(undamaged.map(|(k, _)| k), main_weapon(mounts));
    assert!(fore.contains(&undamaged.unwrap().0));
    let aft = main_weapon_now(mounts, |k| (!fore.contains(&k)).then_some(mounts[k].weapon));
    let (k, _) = aft.expect("the aft railguns survive");
    assert_eq!(mounts[k].arc.centre, ArcCentre::facing(4));
    assert_eq!(main_weapon_now(mounts, |_| None), None);
}

/// House rule `disarmed` (the book has no victory conditions): a side with no ship left that
/// can attack — every weapon mount destroyed, no missile in a working rack — is out of the
/// fight, and the battle ends with the other side the winner (`disarmed_side_out`); with
/// neither side armed it ends there and the turn cap's measure decides; under `fights-on`
/// (sessions 19–25) both sides stay in and the battle runs on.
#[test]
fn a_disarmed_side_is_out_of_the_fight() {
    use crate::observer::{NoTrace, Trace};
    let disarm = |st: &mut BattleState, m: &Matchup, i: usize| {
        let d = &m.design_of(i).design;
        for w in &m.design_of(i).mounts {
            st.damage[i].system_damage[usize::from(w.sys)] =
                d.systems[usize::from(w.sys)].structure;
        }
    };
    let mut m = reaper_duel();
    let mut st = BattleState::for_matchup(&m);
    begin(&m, &mut st);
    assert_eq!(armed_sides(&m, &mut st), [true, true]);
    // One railgun left is enough to stay in the fight.
    disarm(&mut st, &m, 1);
    let last = m.design_of(1).mounts[0].sys;
    st.damage[1].system_damage[usize::from(last)] = 0;
    assert!(can_attack(&m, &mut st, 1));
    disarm(&mut st, &m, 1);
    assert!(!can_attack(&m, &mut st, 1));
    assert_eq!(armed_sides(&m, &mut st), [true, false]);
    let mut ships = vec![ShipTally::default(); 2];
    let mut log = Trace::default();
    let o = finish(&m, &mut st, &mut log, &mut ships);
    assert_eq!(o.verdict, Verdict::Win(Side::A));
    assert_eq!(o.decided_by, DECIDED_DISARMED_SIDE_OUT);
    assert!(
        log.log.contains("side B is out of the fight"),
        "{}",
        log.log
    );
    // Neither side armed: the measure decides (B has lost its weapons' structure, A nothing).
    disarm(&mut st, &m, 0);
    assert_eq!(armed_sides(&m, &mut st), [false, false]);
    st.damage[0].system_damage.fill(0);
    st.damage[0].hull_damage[0] = 1;
    disarm(&mut st, &m, 0);
    let o = finish(&m, &mut st, &mut NoTrace, &mut ships);
    assert_eq!(o.decided_by, DECIDED_DISARMED_MEASURE);
    // Under `fights-on` a disarmed side stays in, and only the cap or annihilation ends it.
    m.scenario.disarmed = Disarmed::FightsOn;
    assert_eq!(armed_sides(&m, &mut st), [true, true]);
    let o = finish(&m, &mut st, &mut NoTrace, &mut ships);
    assert_eq!(o.decided_by, DECIDED_TURN_CAP_MEASURE);
}

/// §13.1.9's reductions skip a ship whose condition was not read afresh since they last ran
/// (`reduce_damaged_weapons`): the same Ratings, the same destroyed weapons and the same dice
/// as walking every mount after every damage state ([`weapon_damage::reduce_as_read`]), over
/// random damage sequences (most steps add nothing), under both `weapon_reduction` readings.
#[test]
fn skipped_reductions_answer_as_the_full_walk_13_1_9() {
    use super::super::fire::readings::WeaponReduction;
    let mut steps = Dice::for_battle(19, 9, 0);
    let mut next = |n: usize| crate::dice::Roller::below(&mut steps, n as u32) as usize;
    for how in [WeaponReduction::Once, WeaponReduction::EveryHalf] {
        let mut m = reaper_duel();
        m.rules.fire.weapon_reduction = how;
        let d = m.designs[0].design.clone();
        for seed in 0..60 {
            let (mut skip, mut walk) = (started(&m), started(&m));
            let mut skip_dice = Dice::for_battle(seed, 3, 0);
            let mut walk_dice = Dice::for_battle(seed, 3, 0);
            for _ in 0..30 {
                let ship = next(2);
                match next(6) {
                    0 => {
                        let s = next(d.systems.len());
                        let marks =
                            (skip.damage[ship].system_damage[s] + 1).min(d.systems[s].structure);
                        skip.damage[ship].system_damage[s] = marks;
                        walk.damage[ship].system_damage[s] = marks;
                    }
                    1 => {
                        let k = next(d.sections.len());
                        let marks = (skip.damage[ship].hull_damage[k] + 2).min(d.sections[k].hull);
                        skip.damage[ship].hull_damage[k] = marks;
                        walk.damage[ship].hull_damage[k] = marks;
                    }
                    _ => {}
                }
                for i in 0..2 {
                    weapon_damage::reduce_damaged_weapons(&m, &mut skip, i, &mut skip_dice);
                    walk.condition[i].refresh(&d, &walk.damage[i], &m.rules.movement);
                    weapon_damage::reduce_as_read(&m, &mut walk, i, &mut walk_dice);
                }
                assert_eq!(skip.weapons, walk.weapons, "seed {seed}");
                assert_eq!(skip.damage, walk.damage, "seed {seed}");
            }
            assert_eq!(
                crate::dice::Roller::below(&mut skip_dice, 1000),
                crate::dice::Roller::below(&mut walk_dice, 1000),
                "seed {seed}: the same dice rolled"
            );
        }
    }
}
