//! Projectile and seeker counters: placed in the target's destination hex, shot at in the
//! Point Defense phase, resolved or discarded in the Missile Resolution phase (seed,
//! "Projectile/Seeker Attack", "Sequence of Play" 6–7; digest §2.2, §3.5, G9, G13, T3).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::Event;
use super::super::direct_fire::{Delivery, ToHit, hits, modifier};
use super::super::hex::Hex;
use super::super::house_rules::{CounterRoll, PdShots};
use super::super::matchup::Matchup;
use super::super::swarmer;
use super::super::tables::System;
use super::{BattleState, damage};

/// A marking counter: one per salvo ("Note the counter's ID, target ID, range from attacker's
/// destination counter to target's destination counter, and weapon type").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counter {
    /// The firing ship.
    pub owner: u8,
    /// The target ship.
    pub target: u8,
    /// The weapon bank that fired (index in the owner's design).
    pub bank: u8,
    /// Warheads still in the salvo.
    pub warheads: u8,
    /// The hex it sits in: the target's destination hex when fired.
    pub hex: Hex,
    /// The attacker's ship counter when fired (for the aft arc).
    pub from: Hex,
    /// Range from the attacker's destination counter to the target's destination counter.
    pub range: i32,
    /// To-hit bonuses fixed at firing (Aim, G7; lost Fire Control, G11).
    pub bonus: i32,
}

/// Whether `from` lies in the aft arc of a ship at `at` facing `facing` (T4: strictly behind
/// the line across its facing).
pub fn in_aft_arc(at: Hex, facing: Hex, from: Hex) -> bool {
    from.sub(at).dot(facing) < 0
}

/// Step 6: every ship that took Activate Point Defense shoots its point-defense banks at the
/// warheads of enemy counters aimed at its side, nearest first, own ship's first (G13: one
/// shot per weapon, or one per weapon per counter aimed at the ship; a hit destroys one
/// warhead).
pub fn point_defense<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) {
    for i in 0..st.ships.len() {
        let s = st.ships[i];
        if !s.alive || !s.pd_active {
            continue;
        }
        let d = &m.designs[s.design as usize];
        let fc = fire_control(m, d, &s);
        for (b, mounted) in d.weapons.iter().enumerate() {
            let w = &m.weapons[mounted.weapon as usize];
            if !w.point_defense || !s.bank_ready(b) {
                continue;
            }
            let mut shots = i32::from(mounted.count);
            for c in 0..st.counters.len() {
                let own_target = st.counters[c].target as usize == i;
                if shots == 0 && m.rules.pd_shots == PdShots::PerWeapon {
                    break;
                }
                let k = &st.counters[c];
                if k.warheads == 0
                    || st.ships[k.owner as usize].side == s.side
                    || st.ships[k.target as usize].side != s.side
                {
                    continue;
                }
                if m.rules.pd_shots == PdShots::PerCounter {
                    if !own_target {
                        continue;
                    }
                    shots = i32::from(mounted.count);
                }
                let range = s.ship.distance(k.hex);
                let Some(tn) = w.to_hit_at(range) else {
                    continue;
                };
                let t = ToHit {
                    at_warhead: true,
                    dedicated_antimissile: w.dedicated_antimissile,
                    other: -fc,
                    ..ToHit::default()
                };
                let tn = tn + modifier(Delivery::Direct, t, 0);
                while shots > 0 && st.counters[c].warheads > 0 {
                    shots -= 1;
                    let roll = dice.below(10) as u8 + 1;
                    if hits(roll, tn) {
                        st.counters[c].warheads -= 1;
                        st.event(s.side, Event::PdKills);
                        trace!(
                            obs,
                            "  {} point defense kills a warhead ({roll} vs {tn})", m.names[i]
                        );
                    }
                }
            }
        }
    }
}

/// The to-hit penalty of a destroyed Fire Control (G11).
pub fn fire_control(
    m: &Matchup,
    d: &super::super::design::ShipDesign,
    s: &super::ShipState,
) -> i32 {
    if d.has(System::FireControl) && !s.has(d, System::FireControl) {
        m.rules.fire_control_loss
    } else {
        0
    }
}

/// The to-hit penalty against a ship with a working Shield Generator (G12).
pub fn shield(m: &Matchup, t: &super::ShipState) -> i32 {
    let d = &m.designs[t.design as usize];
    if m.rules.shield_to_hit > 0 && t.has(d, System::ShieldGenerator) {
        m.rules.shield_to_hit
    } else {
        0
    }
}

/// Step 7: "discard any projectile counters that are not in the same hex as the target's ship
/// counter"; the rest roll a d10 per warhead against TN(recorded range) + modifiers (T3), a
/// pack's hits from the Swarmer/Rocket Pack table (G9).
pub fn resolve<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    dice: &mut R,
    obs: &mut O,
) {
    for c in 0..st.counters.len() {
        let k = st.counters[c];
        let owner = st.ships[k.owner as usize];
        let t = st.ships[k.target as usize];
        if k.warheads == 0 || !t.alive {
            continue;
        }
        if t.ship != k.hex {
            st.event(owner.side, Event::CountersDiscarded);
            trace!(
                obs,
                "  {}'s counter discarded: {} is not in its hex",
                m.names[k.owner as usize],
                m.names[k.target as usize]
            );
            continue;
        }
        let od = &m.designs[owner.design as usize];
        let mounted = od.weapons[k.bank as usize];
        let w = &m.weapons[mounted.weapon as usize];
        let td = &m.designs[t.design as usize];
        let tohit = ToHit {
            target_displacement: t.displacement,
            target_size: td.size,
            other: k.bonus - shield(m, &t),
            ..ToHit::default()
        };
        let md = modifier(w.delivery, tohit, m.rules.size_sign());
        let tn = w.to_hit_at(k.range).unwrap_or(0) + md;
        let aft =
            m.rules.aft_arc && super::super::battle::missiles::in_aft_arc(t.ship, t.facing, k.from);
        let mut boxes = 0u32;
        for _ in 0..k.warheads {
            let hit = match m.rules.counter_roll {
                CounterRoll::D10 => hits(dice.below(10) as u8 + 1, tn),
                CounterRoll::Hits => true,
            };
            if !hit {
                continue;
            }
            let n = match w.pack {
                Some(col) => {
                    let row = m.rules.swarmer_die.roll(dice) + md;
                    let n = u32::from(swarmer::hits(col, row));
                    st.event(owner.side, Event::SwarmerHits);
                    n
                }
                None => 1,
            };
            st.event(owner.side, Event::CounterHits);
            boxes += n * w.damage;
        }
        trace!(
            obs,
            "  {}'s salvo at {}: {boxes} boxes (TN {tn})",
            m.names[k.owner as usize],
            m.names[k.target as usize]
        );
        if boxes > 0 {
            damage::apply(
                m,
                st,
                k.owner as usize,
                usize::from(k.bank),
                k.target as usize,
                boxes,
                aft,
                dice,
                obs,
            );
        }
    }
    st.counters.clear();
}

#[cfg(test)]
mod tests {
    use super::super::super::design::{Drive, Mount, Mounted, ShipDesign, WeaponProfile};
    use super::super::super::house_rules::HouseRules;
    use super::super::super::matchup::Roles;
    use super::super::super::policy::Policy;
    use super::super::super::structure::parse_track;
    use super::super::super::tables::SYSTEMS;
    use super::super::{BattleState, ShipState};
    use super::*;
    use crate::dice::{Dice, ScriptedDice};
    use crate::observer::NoTrace;
    use crate::outcome::Side;

    /// Two plain ships 6 hexes apart, the first with one missile bank.
    fn matchup() -> Matchup {
        let track = parse_track("oooo oooo").unwrap();
        let design = ShipDesign {
            name: "boat".into(),
            box_counts: ShipDesign::count_boxes(&track),
            track,
            fcs: 0,
            size: 0,
            stealth: 0,
            drive: Drive::Reaction,
            thrust: 2,
            burns: 10,
            warheads: 10,
            cargo: 0,
            scanners: [false; 2],
            systems: [0; SYSTEMS],
            weapons: vec![Mounted {
                weapon: 0,
                count: 2,
                mount: Mount::Turret,
            }],
            points: 100,
        };
        let missile = WeaponProfile {
            name: "missile".into(),
            delivery: Delivery::Seeker,
            bands: vec![5, 11],
            to_hit: vec![8, 7],
            damage: 1,
            pack: None,
            point_defense: false,
            dedicated_antimissile: false,
            placeholder: true,
        };
        let policy = Policy::preset("lock-then-fire").unwrap();
        let a = ShipState::new(0, &design, Side::A, Hex::new(0, 0), Hex::new(1, 0));
        let b = ShipState::new(0, &design, Side::B, Hex::new(6, 0), Hex::new(-1, 0));
        Matchup {
            roles: Roles::all(
                std::slice::from_ref(&design),
                std::slice::from_ref(&missile),
            ),
            weapons: vec![missile],
            designs: vec![design],
            start: vec![a, b],
            names: vec!["A1".into(), "B1".into()],
            policies: [policy, policy],
            rules: HouseRules::default(),
            keep: vec![6],
            placeholder: true,
        }
    }

    /// A salvo from the first ship in the second's destination hex `at`, the second's ship
    /// counter then (after its Move and the drift) at `now`.
    fn salvo_then_drift(m: &Matchup, at: Hex, now: Hex) -> BattleState {
        let mut st = BattleState::for_matchup(m);
        super::super::begin(m, &mut st);
        st.ships[1].dest = at;
        st.counters.push(Counter {
            owner: 0,
            target: 1,
            bank: 0,
            warheads: 2,
            hex: at,
            from: st.ships[0].ship,
            range: 6,
            bonus: 0,
        });
        st.ships[1].ship = now;
        st
    }

    /// Digest §3 vector 5 (seed, "Projectile/Seeker Attack" and Sequence of Play step 7,
    /// "discard any projectile counters that are not in the same hex as the target's ship
    /// counter"): a salvo placed in the target's destination hex X; the target then Moves its
    /// destination to Y ≠ X and drifts there: the counter is discarded and no die is rolled.
    #[test]
    fn vector_3_5_a_salvo_is_discarded_after_its_target_moves() {
        let m = matchup();
        let (x, y) = (Hex::new(6, 0), Hex::new(5, 1));
        let mut st = salvo_then_drift(&m, x, y);
        let mut no_dice = ScriptedDice::new(&[]);
        resolve(&m, &mut st, &mut no_dice, &mut NoTrace);
        assert_eq!(no_dice.used(), 0, "a discarded counter rolls no die");
        let events = st.sides[Side::A.index()].events;
        assert_eq!(events[Event::CountersDiscarded as usize], 1);
        assert_eq!(events[Event::CounterHits as usize], 0);
        assert_eq!(st.ships[1].boxes_left, 8, "no box lost");
        assert!(st.counters.is_empty());

        // The same salvo against a target still in hex X rolls and is not discarded.
        let mut st = salvo_then_drift(&m, x, x);
        let mut dice = Dice::for_battle(7, 0, 1);
        resolve(&m, &mut st, &mut dice, &mut NoTrace);
        let events = st.sides[Side::A.index()].events;
        assert_eq!(events[Event::CountersDiscarded as usize], 0);
        assert_eq!(
            8 - st.ships[1].boxes_left,
            events[Event::CounterHits as usize],
            "one box a hit"
        );
    }
}
