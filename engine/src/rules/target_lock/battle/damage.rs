//! Structure damage: boxes lost from the track and each box code's effect (seed, "Structure
//! Damage" and its sub-tables; digest §2.4, G2, G11, G16, G17, G20).

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::Event;
use super::super::design::{Mount, ShipDesign};
use super::super::house_rules::{DamageOrder, ScannerPick, SubTableRerolls, SurfaceDie};
use super::super::matchup::Matchup;
use super::super::structure::{Code, action_losses, containment_loss, magazine_loss, remass_loss};
use super::super::tables::{
    CORE_HIT, HANGAR, HangarResult, INTERNAL_DAMAGE, SURFACE_FEATURES, System, surface_entry,
};
use super::{BattleState, Scanner, ShipState};

/// Most tries on a sub-table before a result that cannot apply is dropped (G17).
pub const MAX_TRIES: u32 = 10;

/// One attack's damage: `boxes` boxes off `target`'s track, each code's effect, and a Core
/// Hit roll when more than one (A) box went in this attack. `aft`: the attack came from the
/// target's aft arc (UDST +2). The boxes are credited to weapon bank `bank` of `attacker`
/// (damage by weapon), and the ship's last box as its kill.
#[allow(clippy::too_many_arguments)]
pub fn apply<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    attacker: usize,
    bank: usize,
    target: usize,
    boxes: u32,
    aft: bool,
    dice: &mut R,
    obs: &mut O,
) {
    let d = &m.designs[st.ships[target].design as usize];
    let mut a_boxes = 0;
    let mut taken = 0;
    for _ in 0..boxes {
        let t = &mut st.ships[target];
        if t.boxes_left == 0 {
            break;
        }
        let intact = !t.lost & mask(d.track.len());
        let k = match m.rules.damage_order {
            DamageOrder::TrackOrder => intact.trailing_zeros() as usize,
            DamageOrder::RandomBox => nth_set(intact, dice.below(t.boxes_left)),
        };
        t.lost |= 1 << k;
        t.boxes_left -= 1;
        taken += 1;
        let code = d.track[k];
        t.lost_codes[code as usize] += 1;
        trace!(
            obs,
            "    {} loses box {} ({})",
            m.names[target],
            k + 1,
            code.letter()
        );
        if code == Code::Action {
            a_boxes += 1;
        }
        box_effect(m, st, target, d, code, aft, dice, obs);
    }
    let (_, core) = action_losses(a_boxes);
    if core && st.ships[target].boxes_left > 0 {
        trace!(obs, "    two (A) boxes in one attack: Core Hit");
        let side = st.ships[target].side;
        st.event(side, Event::CoreHits);
        roll_core(m, st, target, d, dice, obs);
    }
    st.ships[target].taken += taken;
    st.ships[attacker].dealt += taken;
    // Sized by `begin` (a unit test's bare state has no banks).
    if let Some(line) = st.banks.get_mut(attacker).and_then(|b| b.get_mut(bank)) {
        line.damage_dealt += taken;
        let t = &st.ships[target];
        if taken > 0 && t.boxes_left == 0 && t.side != st.ships[attacker].side {
            line.kills += 1;
        }
    }
}

fn mask(len: usize) -> u64 {
    if len >= 64 {
        u64::MAX
    } else {
        (1u64 << len) - 1
    }
}

/// The index of the `n`-th (0-based) set bit of `bits`.
fn nth_set(mut bits: u64, n: u32) -> usize {
    for _ in 0..n {
        bits &= bits - 1;
    }
    bits.trailing_zeros() as usize
}

/// The effect of losing one box of `code` (seed, "Structure Damage").
#[allow(clippy::too_many_arguments)]
fn box_effect<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    d: &ShipDesign,
    code: Code,
    aft: bool,
    dice: &mut R,
    obs: &mut O,
) {
    match code {
        Code::Containment => {
            let s = &mut st.ships[i];
            s.cargo = (s.cargo - containment_loss(dice)).max(0);
        }
        Code::Remass => {
            let s = &mut st.ships[i];
            let lost = if m.rules.remass_floor {
                remass_loss(dice)
            } else {
                i32::from(dice.d6()) - 3
            };
            s.burns = (s.burns - lost).max(0);
        }
        Code::Magazine => {
            // "Jam, plus 1d6-1 warheads lost to space" (G16: one weapon bank jams).
            jam(m, st, i, d, dice, obs);
            let all = st.ships[i].all_lost(d, Code::Magazine);
            let s = &mut st.ships[i];
            s.warheads = if all {
                0
            } else {
                (s.warheads - magazine_loss(dice)).max(0)
            };
        }
        Code::System => scanner_hit(m, &mut st.ships[i], dice),
        Code::Hangar => {
            // "Roll 1d6 on the Hangar table" (G17 rerolls absent results).
            let tries = if m.rules.sub_table_rerolls == SubTableRerolls::None {
                1
            } else {
                MAX_TRIES
            };
            for _ in 0..tries {
                match HANGAR[usize::from(dice.d6()) - 1] {
                    HangarResult::One(sys) => {
                        if st.ships[i].has(d, sys) {
                            destroy(m, st, i, d, sys, dice, obs);
                            break;
                        }
                    }
                    HangarResult::D6Bays => {
                        if st.ships[i].has(d, System::SmallCraftBay) {
                            for _ in 0..dice.d6() {
                                if st.ships[i].has(d, System::SmallCraftBay) {
                                    destroy(m, st, i, d, System::SmallCraftBay, dice, obs);
                                }
                            }
                            break;
                        }
                    }
                }
            }
            // "When the last (H) is lost, the ship's hangar is unusable."
            if !st.ships[i].hangar_usable(d) {
                trace!(
                    obs,
                    "    {}'s hangar is unusable (last (H) lost)", m.names[i]
                );
            }
        }
        Code::Udst => udst(m, st, i, d, aft, dice, obs),
        Code::Action | Code::Plain => {}
    }
}

/// A Move that burned (seed, Containment (C): "When all (C) are lost, lose 1d10 cargo on every
/// maneuver or acceleration"): one d10 of cargo per Move action, none rolled once the hold is
/// empty (nothing left to lose).
pub fn maneuver<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    dice: &mut R,
    obs: &mut O,
) {
    let d = &m.designs[st.ships[i].design as usize];
    let s = &mut st.ships[i];
    if s.cargo > 0 && s.all_lost(d, Code::Containment) {
        let lost = containment_loss(dice);
        s.cargo = (s.cargo - lost).max(0);
        trace!(
            obs,
            "    {} loses {lost} cargo (every (C) lost), {} left", m.names[i], s.cargo
        );
    }
}

/// A Magazine "Jam": one ready weapon bank, chosen by the dice, jams (G16).
fn jam<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    d: &ShipDesign,
    dice: &mut R,
    obs: &mut O,
) {
    let s = &mut st.ships[i];
    let ready = (0..d.weapons.len()).filter(|&b| s.bank_ready(b)).count() as u32;
    if ready == 0 {
        return;
    }
    let pick = dice.below(ready) as usize;
    if let Some(b) = (0..d.weapons.len()).filter(|&b| s.bank_ready(b)).nth(pick) {
        s.banks_jammed |= 1 << b;
        let side = s.side;
        trace!(obs, "    {} jams bank {}", m.names[i], b + 1);
        st.event(side, Event::Jams);
    }
}

/// A System (S) box: "Disable a long range or short range scanner. If already disabled,
/// destroy it." (G20 picks which.)
fn scanner_hit<R: Roller>(m: &Matchup, s: &mut ShipState, dice: &mut R) {
    let open = |k: usize| matches!(s.scanners[k], Scanner::Working | Scanner::Disabled);
    let k = match (open(0), open(1)) {
        (false, false) => return,
        (true, false) => 0,
        (false, true) => 1,
        (true, true) => match m.rules.scanner_pick {
            ScannerPick::Random => dice.below(2) as usize,
            ScannerPick::LongRangeFirst => 0,
        },
    };
    s.scanners[k] = match s.scanners[k] {
        Scanner::Working => Scanner::Disabled,
        _ => Scanner::Destroyed,
    };
}

/// UDST (U): Surface Features (+2 from aft); if that system is gone or absent, Internal
/// Damage; if that is gone or absent, "roll again" (G17).
fn udst<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    d: &ShipDesign,
    aft: bool,
    dice: &mut R,
    obs: &mut O,
) {
    let rule = m.rules.sub_table_rerolls;
    let mut surface_rolls = 0;
    let mut tries = 0;
    'outer: while tries < MAX_TRIES {
        if surface_rolls == 0 || rule == SubTableRerolls::RestartSurface {
            surface_rolls += 1;
            tries += 1;
            let roll = match m.rules.surface_die {
                SurfaceDie::D6 => dice.d6(),
                SurfaceDie::D8 => dice.below(8) as u8 + 1,
            };
            let sys = SURFACE_FEATURES[surface_entry(roll, aft) - 1];
            if st.ships[i].has(d, sys) {
                destroy(m, st, i, d, sys, dice, obs);
                break;
            }
        }
        while tries < MAX_TRIES {
            tries += 1;
            let sys = INTERNAL_DAMAGE[usize::from(dice.d6()) - 1];
            if st.ships[i].has(d, sys) {
                destroy(m, st, i, d, sys, dice, obs);
                break 'outer;
            }
            match rule {
                SubTableRerolls::Reroll => {}
                SubTableRerolls::RestartSurface => continue 'outer,
                SubTableRerolls::None => break 'outer,
            }
        }
    }
}

/// Core Hit (1d6; G17 rerolls absent results).
fn roll_core<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    d: &ShipDesign,
    dice: &mut R,
    obs: &mut O,
) {
    let tries = if m.rules.sub_table_rerolls == SubTableRerolls::None {
        1
    } else {
        MAX_TRIES
    };
    for _ in 0..tries {
        let sys = CORE_HIT[usize::from(dice.d6()) - 1];
        if st.ships[i].has(d, sys) {
            destroy(m, st, i, d, sys, dice, obs);
            return;
        }
    }
}

/// Destroy one `sys` of ship `i`; a weapon mount takes one of its banks with it (G11).
fn destroy<R: Roller, O: Observer>(
    m: &Matchup,
    st: &mut BattleState,
    i: usize,
    d: &ShipDesign,
    sys: System,
    dice: &mut R,
    obs: &mut O,
) {
    let s = &mut st.ships[i];
    s.destroyed[sys as usize] += 1;
    trace!(obs, "    {} loses {}", m.names[i], sys.name());
    let mount = match sys {
        System::TurretWeapon => Some(Mount::Turret),
        System::FixedWeapon => Some(Mount::Fixed),
        System::SpinalMount => Some(Mount::Spinal),
        _ => None,
    };
    if let Some(mount) = mount {
        let intact = |b: usize| d.weapons[b].mount == mount && s.banks_lost & (1 << b) == 0;
        let n = (0..d.weapons.len()).filter(|&b| intact(b)).count() as u32;
        if n > 0 {
            let pick = dice.below(n) as usize;
            if let Some(b) = (0..d.weapons.len()).filter(|&b| intact(b)).nth(pick) {
                s.banks_lost |= 1 << b;
            }
        }
    }
    let side = s.side;
    st.event(side, Event::SystemsLost);
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{d10, design, duel};
    use super::*;
    use crate::dice::ScriptedDice;
    use crate::observer::NoTrace;

    fn state(m: &Matchup) -> BattleState {
        let mut st = BattleState::for_matchup(m);
        super::super::begin(m, &mut st);
        st
    }

    /// Seed, Containment (C): "1d10 cargo points lost. When all (C) are lost, lose 1d10 cargo
    /// on every maneuver or acceleration." Before the last (C) a Move rolls nothing; after
    /// it, one d10 a Move until the hold is empty, then nothing.
    #[test]
    fn every_maneuver_costs_cargo_once_all_containment_is_lost() {
        let m = duel(design("hauler", "CoCo", &[], 20), 4, "lock-then-fire", 4);
        let mut st = state(&m);
        // Box 1 (C): 1d10 = 4 cargo lost.
        let rolls = d10(4);
        let mut dice = ScriptedDice::new(&rolls);
        apply(&m, &mut st, 0, 0, 1, 1, false, &mut dice, &mut NoTrace);
        assert_eq!(st.ships[1].cargo, 16);
        // One (C) of two left: a maneuver costs nothing and rolls no die.
        let mut none = ScriptedDice::new(&[]);
        maneuver(&m, &mut st, 1, &mut none, &mut NoTrace);
        assert_eq!((st.ships[1].cargo, none.used()), (16, 0));
        // Boxes 2 (plain) and 3 (C): 1d10 = 5; now every (C) is lost.
        let rolls = d10(5);
        let mut dice = ScriptedDice::new(&rolls);
        apply(&m, &mut st, 0, 0, 1, 2, false, &mut dice, &mut NoTrace);
        assert_eq!(st.ships[1].cargo, 11);
        // Every maneuver: 1d10 (= 6, then 9 with 5 left: the hold empties).
        let rolls = [d10(6), d10(9)].concat();
        let mut dice = ScriptedDice::new(&rolls);
        maneuver(&m, &mut st, 1, &mut dice, &mut NoTrace);
        assert_eq!(st.ships[1].cargo, 5);
        maneuver(&m, &mut st, 1, &mut dice, &mut NoTrace);
        assert_eq!(st.ships[1].cargo, 0);
        // An empty hold has nothing to lose: no die.
        let mut none = ScriptedDice::new(&[]);
        maneuver(&m, &mut st, 1, &mut none, &mut NoTrace);
        assert_eq!(none.used(), 0);
    }

    /// Seed, Hangar (H): "Roll 1d6 on the Hangar table. When the last (H) is lost, the ship's
    /// hangar is unusable." The first (H) rolls 1 (Hangar Door): the hangar still works; the
    /// last rolls 2 (Small Craft Bay): that bay is destroyed and the hangar is unusable.
    #[test]
    fn the_last_hangar_box_makes_the_hangar_unusable() {
        let systems = [(System::HangarDoor, 1), (System::SmallCraftBay, 2)];
        let m = duel(
            design("carrier", "HoHo", &systems, 0),
            4,
            "lock-then-fire",
            4,
        );
        let d = &m.designs[0];
        let mut st = state(&m);
        assert!(st.ships[1].hangar_usable(d));
        let mut dice = ScriptedDice::new(&[1]);
        apply(&m, &mut st, 0, 0, 1, 1, false, &mut dice, &mut NoTrace);
        assert!(!st.ships[1].has(d, System::HangarDoor));
        assert!(st.ships[1].hangar_usable(d), "one (H) of two lost");
        let mut dice = ScriptedDice::new(&[2]);
        apply(&m, &mut st, 0, 0, 1, 2, false, &mut dice, &mut NoTrace);
        assert_eq!(st.ships[1].destroyed[System::SmallCraftBay as usize], 1);
        assert!(!st.ships[1].hangar_usable(d), "the last (H) is lost");
        // A ship without hangar systems has no usable hangar to begin with.
        let m = duel(design("plain", "HoHo", &[], 0), 4, "lock-then-fire", 4);
        assert!(!state(&m).ships[1].hangar_usable(&m.designs[0]));
    }

    #[test]
    fn nth_set_bit() {
        assert_eq!(nth_set(0b10110, 0), 1);
        assert_eq!(nth_set(0b10110, 1), 2);
        assert_eq!(nth_set(0b10110, 2), 4);
        assert_eq!(mask(3), 0b111);
        assert_eq!(mask(64), u64::MAX);
    }
}
