//! The Condition table (2d6), rolled whenever a Health row is completed, with its recursion
//! (Critical Damage rolls twice more; Serious Damage can complete another row) and its
//! lasting effects. Cosmic Conflict ch. 5 "Generating a Condition".

use serde::Deserialize;

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::damage::{self, DamagePacket};
use super::design::{ComponentKind, ShipDesign, Slot, Variant};
use super::house_rules::{HouseRules, TrackOrder};
use super::orders::{Command, Order};
use super::player::{LossOptions, Player, WEAPON_BITS};
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

/// Weapons Damage: "lose 1 Primary or 2 Secondary weapons" — the working weapons, by slot.
fn weapons_lost(ship: &ShipState, design: &ShipDesign) -> LossOptions {
    let mut options = LossOptions {
        condition: ConditionKind::Weapons,
        primary: 0,
        secondary: 0,
    };
    for (i, w) in design.weapons.iter().enumerate() {
        if !ship.weapon_off(i) {
            match w.slot {
                Slot::Primary => options.primary |= 1 << i,
                Slot::Secondary => options.secondary |= 1 << i,
            }
        }
    }
    options
}

/// Component Damage: "Choose and deactivate one Component in a Primary Slot or two in
/// Secondary" — the components that can still be deactivated, and the working Structurally
/// Mounted weapons (Primary; bits from [`WEAPON_BITS`]).
fn components_lost(ship: &ShipState, design: &ShipDesign) -> LossOptions {
    let mut options = LossOptions {
        condition: ConditionKind::Component,
        primary: 0,
        secondary: 0,
    };
    for (i, c) in design.components.iter().enumerate() {
        if can_deactivate_component(ship, design, i) {
            match c.slot {
                Slot::Primary => options.primary |= 1 << i,
                Slot::Secondary => options.secondary |= 1 << i,
            }
        }
    }
    for w in 0..design.weapons.len() {
        if is_component_weapon(ship, design, w) {
            options.primary |= 1 << (WEAPON_BITS + w);
        }
    }
    options
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

/// Mean `badness` of one roll on `table` (2d6 − 2 indexed), in 36ths.
pub fn mean_36(table: &[ConditionKind; 11], badness: impl Fn(ConditionKind) -> u8) -> u32 {
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
/// Which result is worse is the player's preference, not a rule: `player` answers it
/// ([`Player::condition_badness`], [`Player::discards_orders`]).
pub fn choose<R: Roller, O: Observer, P: Player>(
    ship: &mut ShipState,
    design: &ShipDesign,
    rules: &HouseRules,
    player: &P,
    dice: &mut R,
    obs: &mut O,
) -> ConditionKind {
    let badness = |k| player.condition_badness(k);
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
        player.discards_orders(),
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
/// [`choose`]); `player` answers the choices the text leaves to it (which Condition to keep,
/// which items Weapons and Component Damage take, what Propulsion Damage takes).
pub fn generate_with<R: Roller, O: Observer, P: Player>(
    ship: &mut ShipState,
    design: &ShipDesign,
    rules: &HouseRules,
    rows: u16,
    player: &P,
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
                let options = weapons_lost(ship, design);
                let lost = player.choose_losses(ship, design, options);
                debug_assert!(
                    options.allows(lost),
                    "Weapons Damage: {lost:#b} not allowed"
                );
                let lost = lost as u16;
                ship.weapons_off |= lost;
                trace!(obs, "        weapons lost (mask): {lost:#b}");
            }
            ConditionKind::Component => {
                ship.restrictions.no_defensive = true;
                let options = components_lost(ship, design);
                let lost = player.choose_losses(ship, design, options);
                debug_assert!(
                    options.allows(lost),
                    "Component Damage: {lost:#b} not allowed"
                );
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
                ship.restrictions.no_navigate = true;
                // "(a) no [Hyperspace] commands or (b) Velocity fixed": the owner's choice
                // while both are open, else whichever is left.
                let r = ship.restrictions;
                let hyperspace = !r.no_hyperspace
                    && (r.velocity_locked || player.propulsion_gives_up_hyperspace(ship, design));
                if hyperspace {
                    ship.restrictions.no_hyperspace = true;
                } else {
                    ship.restrictions.velocity_locked = true;
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
        let player = super::super::policy::Policy::preset("brawler").unwrap();
        generate_with(
            &mut ship,
            &design,
            &rules,
            1,
            &player,
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
}
