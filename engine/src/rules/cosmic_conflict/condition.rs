//! The Condition table (2d6), rolled whenever a Health row is completed, with its recursion
//! (Critical Damage rolls twice more; Serious Damage can complete another row) and its
//! lasting effects. Cosmic Conflict ch. 5 "Generating a Condition".

use serde::Deserialize;

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::attack::{AttackSetup, WeaponProfile};
use super::damage::{self, DamagePacket};
use super::design::{ComponentKind, ShipDesign, Slot, Variant};
use super::house_rules::{HouseRules, TrackOrder};
use super::orders::{Command, Order};
use super::ship::{ShipState, Status};

/// A Condition table result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ConditionKind {
    /// 2: a chain reaction destroys the ship.
    Catastrophic,
    /// 3: roll two more times.
    Critical,
    /// 4–5: +1 damage whenever damage reaches Health.
    Structural,
    /// 6–7: the ship immediately takes 2 damage.
    Serious,
    /// 8: no [Offensive] orders/commands; lose 1 Primary or 2 Secondary weapons.
    Weapons,
    /// 9: no [Defensive] orders/commands; lose 1 Primary or 2 Secondary components.
    Component,
    /// 10: only [Hyperspace] orders/commands; no escort or formation.
    Communications,
    /// 11: no [Navigate] orders/commands; plus (a) no [Hyperspace] commands or (b) Velocity fixed.
    Propulsion,
    /// 12: no condition.
    NoCondition,
}

impl ConditionKind {
    /// Name for traces and reports.
    pub const fn name(self) -> &'static str {
        match self {
            ConditionKind::Catastrophic => "Catastrophic Damage",
            ConditionKind::Critical => "Critical Damage",
            ConditionKind::Structural => "Structural Damage",
            ConditionKind::Serious => "Serious Damage",
            ConditionKind::Weapons => "Weapons Damage",
            ConditionKind::Component => "Component Damage",
            ConditionKind::Communications => "Communications Damage",
            ConditionKind::Propulsion => "Propulsion Damage",
            ConditionKind::NoCondition => "No Condition",
        }
    }
}

/// The printed table, indexed by 2d6 − 2 ("Players may agree to edit the table": it is the
/// house rule `condition_table`).
pub const CONDITION_TABLE: [ConditionKind; 11] = [
    ConditionKind::Catastrophic,
    ConditionKind::Critical,
    ConditionKind::Structural,
    ConditionKind::Structural,
    ConditionKind::Serious,
    ConditionKind::Serious,
    ConditionKind::Weapons,
    ConditionKind::Component,
    ConditionKind::Communications,
    ConditionKind::Propulsion,
    ConditionKind::NoCondition,
];

/// Serious Damage: "This Ship immediately takes 2 damage".
pub const SERIOUS_DAMAGE: u32 = 2;

/// Whether a result can have a functional effect on this ship ("Reroll any result that cannot
/// have a functional effect"). An order ban not yet in place counts as an effect.
pub fn has_effect(kind: ConditionKind, ship: &ShipState, design: &ShipDesign) -> bool {
    let r = &ship.restrictions;
    match kind {
        ConditionKind::Weapons => {
            !r.no_offensive || (0..design.weapons.len()).any(|i| !ship.weapon_off(i))
        }
        ConditionKind::Component => {
            !r.no_defensive
                || (0..design.components.len()).any(|i| can_deactivate_component(ship, design, i))
                || (0..design.weapons.len()).any(|w| is_component_weapon(ship, design, w))
        }
        ConditionKind::Communications => !r.communications,
        ConditionKind::Propulsion => !r.no_navigate || !r.no_hyperspace || !r.velocity_locked,
        _ => true,
    }
}

/// "You may not choose to deactivate a Weapon or Component that has already been rendered
/// functionally ineffective (eg. an Armor component whose track is completely filled)."
fn can_deactivate_component(ship: &ShipState, design: &ShipDesign, i: usize) -> bool {
    if ship.component_off(i) {
        return false;
    }
    match design.components[i].kind {
        ComponentKind::Armor | ComponentKind::Shield => ship.tracks[..usize::from(ship.n_tracks)]
            .iter()
            .any(|t| usize::from(t.component) == i && t.undamaged() > 0),
        _ => true,
    }
}

/// A working Structurally Mounted weapon: "This Variant is treated as both a Weapon and a
/// Component, and will always occupy two Primary slots" (seed 003 l. 288), so Component
/// Damage may deactivate it as a Component in a Primary slot (option a).
fn is_component_weapon(ship: &ShipState, design: &ShipDesign, w: usize) -> bool {
    design.weapons[w].variant == Variant::StructurallyMounted && !ship.weapon_off(w)
}

/// Bit offset of weapons in the candidate masks of Component Damage ([`choose_losses`]):
/// components take bits 0..16, Structurally Mounted weapons 16..32.
const WEAPON_BITS: usize = 16;

/// How much the owner values a weapon: expected damage against a same-Size target at Range.
fn weapon_value(design: &ShipDesign, i: usize) -> f64 {
    let w = &design.weapons[i];
    let (accuracy_mod, damage_mod) = AttackSetup::variant_mods(w.variant);
    let size = design.weapon_size(w);
    AttackSetup {
        weapon_size: size,
        target_size: design.size,
        band: WeaponProfile::new(w.kind, w.variant).bands()[0],
        accuracy_mod,
        damage_mod,
        chart: Default::default(),
        glance_extension: 0,
    }
    .expected_damage()
}

/// How much the owner values a component (a fixed AI preference; tracks by remaining boxes).
fn component_value(ship: &ShipState, design: &ShipDesign, i: usize) -> f64 {
    match design.components[i].kind {
        ComponentKind::Armor | ComponentKind::Shield => ship.tracks[..usize::from(ship.n_tracks)]
            .iter()
            .filter(|t| usize::from(t.component) == i)
            .map(|t| f64::from(t.undamaged()))
            .sum(),
        ComponentKind::DefenseSuite => 6.0,
        ComponentKind::Pws | ComponentKind::Aws => 3.0,
        ComponentKind::ManeuverEnhance | ComponentKind::HeadingEnhance => 2.0,
        _ => 1.0,
    }
}

/// Pick what to deactivate: option (a) one Primary or (b) two Secondary items, whichever costs
/// the owner less. When only one Secondary item is left and no Primary, it is lost alone.
/// Returns the bit mask of items to switch off.
fn choose_losses(candidates: impl Iterator<Item = (usize, Slot, f64)> + Clone) -> u32 {
    let mut best_primary: Option<(usize, f64)> = None;
    let mut secondaries: [(usize, f64); 2] = [(usize::MAX, f64::INFINITY); 2];
    for (i, slot, v) in candidates {
        match slot {
            Slot::Primary => {
                if best_primary.is_none_or(|(_, bv)| v < bv) {
                    best_primary = Some((i, v));
                }
            }
            Slot::Secondary => {
                if v < secondaries[0].1 {
                    secondaries[1] = secondaries[0];
                    secondaries[0] = (i, v);
                } else if v < secondaries[1].1 {
                    secondaries[1] = (i, v);
                }
            }
        }
    }
    let two_secondaries = secondaries[1].0 != usize::MAX;
    let option_b = secondaries[0].1 + secondaries[1].1;
    match best_primary {
        Some((i, v)) if !two_secondaries || v <= option_b => 1 << i,
        _ if two_secondaries => (1 << secondaries[0].0) | (1 << secondaries[1].0),
        _ if secondaries[0].0 != usize::MAX => 1 << secondaries[0].0,
        _ => 0,
    }
}

/// Roll one Condition, rerolling results without a functional effect. When no result of the
/// table can have an effect on the ship any more (possible with an edited `condition_table`,
/// e.g. one of only `communications`), the roll is No Condition instead of rerolling forever.
pub fn roll<R: Roller>(
    ship: &ShipState,
    design: &ShipDesign,
    rules: &HouseRules,
    dice: &mut R,
) -> ConditionKind {
    loop {
        let kind = rules.condition_table[usize::from(dice.two_d6() - 2)];
        if has_effect(kind, ship, design) {
            return kind;
        }
        // Only after a result without effect (rare), so the common path rolls as before.
        if !rules
            .condition_table
            .iter()
            .any(|&k| has_effect(k, ship, design))
        {
            return ConditionKind::NoCondition;
        }
    }
}

/// The most Condition rolls one damage event can cause (engine limit). Each Critical Damage
/// adds two rolls, so an edited `condition_table` whose Critical results outweigh the rest
/// would otherwise roll forever; with the printed table a chain this long never happens
/// (it takes about 30 Critical results in a row, each 1 in 18).
pub const MAX_CONDITION_ROLLS: u32 = 64;

/// What a ship's player answers where Chapter 8 lets it choose about a Condition — a
/// preference, not a rule: the battle passes its side's policy's answers
/// (`command::badness`, `CommandPolicy::discard_orders`).
#[derive(Clone, Copy, Debug)]
pub struct ConditionChoices {
    /// How much the player dislikes each Condition: a braced ship keeps the lower of its two
    /// rolls; a Defensive Command replaces a Condition worse than the table's average.
    pub badness: fn(ConditionKind) -> u8,
    /// Hidden Orders may be discarded to pay for the Defensive Command.
    pub discard_orders: bool,
}

/// Mean `badness` of one roll on `table` (2d6 − 2 indexed), in 36ths.
pub fn mean_36(table: &[ConditionKind; 11], badness: fn(ConditionKind) -> u8) -> u32 {
    table
        .iter()
        .enumerate()
        .map(|(i, k)| u32::from(badness(*k)) * (6 - (i as i32 - 5).unsigned_abs()))
        .sum()
}

/// One Condition as the ship's Orders and Commands let it come out (ch. 8):
/// * Brace for Impact — "roll twice on the Condition table and choose which Condition to
///   suffer" (every roll this turn, Critical chains included);
/// * the Defensive Command — "After a Condition has been determined, but before applying it
///   to this Ship, randomly generate another Condition and replace the previous Condition":
///   spent (from a Token, or a hidden Order when the player allows discarding them) on a
///   result worse than an average roll.
///
/// Which result is worse is the player's preference, not a rule: `player` answers it.
pub fn choose<R: Roller, O: Observer>(
    ship: &mut ShipState,
    design: &ShipDesign,
    rules: &HouseRules,
    player: ConditionChoices,
    dice: &mut R,
    obs: &mut O,
) -> ConditionKind {
    let badness = player.badness;
    let mut kind = roll(ship, design, rules, dice);
    if ship.command.holds(Order::BraceForImpact) {
        ship.command.reveal(Order::BraceForImpact);
        let other = roll(ship, design, rules, dice);
        let keep = if badness(other) < badness(kind) {
            other
        } else {
            kind
        };
        trace!(
            obs,
            "      {} braces: rolls {} and {}, keeps {}",
            design.name,
            kind.name(),
            other.name(),
            keep.name()
        );
        kind = keep;
    }
    // A source first: without one (every game without Orders) the table mean is not needed.
    if let Some(slot) = ship.command.source(
        Command::ReplaceCondition,
        &ship.restrictions,
        player.discard_orders,
    ) && u32::from(badness(kind)) * 36 > mean_36(&rules.condition_table, badness)
    {
        ship.command.spend(slot, Command::ReplaceCondition);
        let new = roll(ship, design, rules, dice);
        trace!(
            obs,
            "      {} spends a Defensive command: {} replaced by {}",
            design.name,
            kind.name(),
            new.name()
        );
        kind = new;
    }
    kind
}

/// Generate `rows` Conditions for a ship that just completed that many Health rows, following
/// every chain (Critical rolls twice more; Serious Damage may complete another row). Stops when
/// the ship is destroyed: completing the last row destroys it without a Condition (G13); and
/// after [`MAX_CONDITION_ROLLS`] rolls. Orders and Commands the ship holds apply (see
/// [`choose`]); `player` answers the choices the text leaves to it.
pub fn generate_with<R: Roller, O: Observer>(
    ship: &mut ShipState,
    design: &ShipDesign,
    rules: &HouseRules,
    rows: u16,
    player: ConditionChoices,
    dice: &mut R,
    obs: &mut O,
) {
    let mut pending = u32::from(rows);
    let mut rolls = 0;
    while pending > 0 && ship.status == Status::Active && rolls < MAX_CONDITION_ROLLS {
        pending -= 1;
        rolls += 1;
        let kind = choose(ship, design, rules, player, dice, obs);
        trace!(obs, "      condition on {}: {}", design.name, kind.name());
        if kind != ConditionKind::NoCondition && kind != ConditionKind::Critical {
            ship.conditions = ship.conditions.saturating_add(1);
        }
        match kind {
            ConditionKind::Catastrophic => ship.status = Status::Destroyed,
            ConditionKind::Critical => pending += 2,
            ConditionKind::Structural => ship.structural = ship.structural.saturating_add(1),
            ConditionKind::Serious => {
                let structural = ship.structural;
                if !rules.structural_applies_to_serious {
                    ship.structural = 0;
                }
                let applied = damage::apply(
                    ship,
                    DamagePacket {
                        amount: SERIOUS_DAMAGE,
                        order: TrackOrder::ArmorFirst,
                        bypass_accuracy: None,
                        kinetic: false,
                        health_only: true,
                    },
                );
                ship.structural = structural;
                if applied.destroyed {
                    ship.status = Status::Destroyed;
                } else {
                    pending += u32::from(applied.rows_completed);
                }
            }
            ConditionKind::Weapons => {
                ship.restrictions.no_offensive = true;
                let candidates = design
                    .weapons
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !ship.weapon_off(*i))
                    .map(|(i, w)| (i, w.slot, weapon_value(design, i)));
                let lost = choose_losses(candidates) as u16;
                ship.weapons_off |= lost;
                trace!(obs, "        weapons lost (mask): {lost:#b}");
            }
            ConditionKind::Component => {
                ship.restrictions.no_defensive = true;
                let s = *ship;
                let components = design
                    .components
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| can_deactivate_component(&s, design, *i))
                    .map(|(i, c)| (i, c.slot, component_value(&s, design, i)));
                let mounted = (0..design.weapons.len())
                    .filter(|&w| is_component_weapon(&s, design, w))
                    .map(|w| (WEAPON_BITS + w, Slot::Primary, weapon_value(design, w)));
                let lost = choose_losses(components.chain(mounted));
                ship.components_off |= lost as u16;
                ship.weapons_off |= (lost >> WEAPON_BITS) as u16;
                ship.recount(design);
                trace!(obs, "        components lost (mask): {:#b}", lost as u16);
                if lost >> WEAPON_BITS != 0 {
                    trace!(
                        obs,
                        "        structurally mounted weapons lost (mask): {:#b}",
                        lost >> WEAPON_BITS
                    );
                }
            }
            ConditionKind::Communications => ship.restrictions.communications = true,
            ConditionKind::Propulsion => {
                let r = &mut ship.restrictions;
                r.no_navigate = true;
                // The owner gives up Hyperspace commands first: fleetlab's battles use none yet.
                if !r.no_hyperspace {
                    r.no_hyperspace = true;
                } else {
                    r.velocity_locked = true;
                }
            }
            ConditionKind::NoCondition => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_matches_the_text() {
        let t = CONDITION_TABLE;
        assert_eq!(t[0], ConditionKind::Catastrophic); // 2
        assert_eq!(t[1], ConditionKind::Critical); // 3
        assert_eq!(t[2..4], [ConditionKind::Structural; 2]); // 4-5
        assert_eq!(t[4..6], [ConditionKind::Serious; 2]); // 6-7
        assert_eq!(t[6], ConditionKind::Weapons); // 8
        assert_eq!(t[7], ConditionKind::Component); // 9
        assert_eq!(t[8], ConditionKind::Communications); // 10
        assert_eq!(t[9], ConditionKind::Propulsion); // 11
        assert_eq!(t[10], ConditionKind::NoCondition); // 12
    }

    /// Golden (seed 003 l. 288: Structurally Mounted "is treated as both a Weapon and a
    /// Component, and will always occupy two Primary slots"; l. 186 Component Damage "Choose
    /// and deactivate one Component in a Primary Slot"): a ship whose only equipment is a
    /// Structurally Mounted weapon loses it to Component Damage (2d6 = 4 + 5 = 9). The old
    /// reading offered only the `components` list: the weapon stayed and only the
    /// [Defensive] ban applied; and once the ban was in place, Component Damage had "no
    /// functional effect" and was rerolled.
    #[test]
    fn golden_component_damage_can_take_a_structurally_mounted_weapon() {
        use super::super::design::{Arcs, WeaponMount, WeaponType};
        use crate::NoTrace;
        use crate::Side;
        use crate::dice::ScriptedDice;
        let design = ShipDesign {
            name: "spinal".into(),
            size: 3,
            row_length: 10,
            chart: Default::default(),
            weapons: vec![WeaponMount {
                kind: WeaponType::Kinetic,
                slot: Slot::Primary,
                variant: Variant::StructurallyMounted,
                arcs: Arcs::FORE,
            }],
            components: vec![],
            fighter: None,
        };
        let rules = HouseRules::default();
        let mut ship = ShipState::new(0, &design, Side::A, 0);
        let mut dice = ScriptedDice::new(&[4, 5]);
        let player = ConditionChoices {
            badness: super::super::command::badness,
            discard_orders: false,
        };
        generate_with(
            &mut ship,
            &design,
            &rules,
            1,
            player,
            &mut dice,
            &mut NoTrace,
        );
        assert!(ship.restrictions.no_defensive);
        assert!(ship.weapon_off(0));
        // With the ban in place and the weapon still working, Component Damage has an effect.
        let mut fresh = ShipState::new(0, &design, Side::A, 0);
        fresh.restrictions.no_defensive = true;
        assert!(has_effect(ConditionKind::Component, &fresh, &design));
        fresh.weapons_off = 1;
        assert!(!has_effect(ConditionKind::Component, &fresh, &design));
    }

    #[test]
    fn losses_prefer_the_cheaper_option() {
        // one primary worth 3 vs two secondaries worth 1 + 1.5
        let c = [
            (0, Slot::Primary, 3.0),
            (1, Slot::Secondary, 1.0),
            (2, Slot::Secondary, 1.5),
        ];
        assert_eq!(choose_losses(c.iter().copied()), 0b110);
        let c = [
            (0, Slot::Primary, 2.0),
            (1, Slot::Secondary, 1.0),
            (2, Slot::Secondary, 1.5),
        ];
        assert_eq!(choose_losses(c.iter().copied()), 0b001);
        let c = [(3, Slot::Secondary, 1.0)];
        assert_eq!(choose_losses(c.iter().copied()), 0b1000);
    }
}
