//! Orders and Commands (Cosmic Conflict ch. 5 "Command Phase", ch. 8 "List of
//! Commands/Orders"): one named test per statement of the text, at the level of the rule.
//! Battle-level behaviour (Evasive Actions' exact odds, Jump to Hyperspace, Contingent Attack,
//! Change Velocity, Mark Target, fire now, event counts) is in `sim/tests/cc_orders.rs`.

use fleetlab_engine::dice::ScriptedDice;
use fleetlab_engine::rules::cosmic_conflict::attack::WeaponProfile;
use fleetlab_engine::rules::cosmic_conflict::condition::{self, ConditionKind};
use fleetlab_engine::rules::cosmic_conflict::damage::{self, DamagePacket};
use fleetlab_engine::rules::cosmic_conflict::design::{
    ComponentKind, ComponentMount, ShipDesign, Slot, Variant, WeaponType,
};
use fleetlab_engine::rules::cosmic_conflict::house_rules::{HouseRules, MghChart, TrackOrder};
use fleetlab_engine::rules::cosmic_conflict::orders::{
    self, Command, EXTRA_NAVIGATE, EXTRA_SCANNING, Holding, MAIN, Order, OrderType,
};
use fleetlab_engine::rules::cosmic_conflict::ship::{Restrictions, ShipState};
use fleetlab_engine::{NoTrace, Side};

/// The default scripts' answers to the Condition choices (which result is worse; hidden Orders
/// kept).
fn player() -> fleetlab_engine::rules::cosmic_conflict::policy::Policy {
    fleetlab_engine::rules::cosmic_conflict::policy::Policy::preset("brawler").unwrap()
}

fn ship(size: u8, components: Vec<ComponentMount>) -> (ShipDesign, ShipState) {
    let design = ShipDesign {
        name: "test".into(),
        size,
        row_length: 10,
        chart: MghChart::default(),
        weapons: vec![],
        components,
        fighter: None,
    };
    let s = ShipState::new(0, &design, Side::A, 0);
    (design, s)
}

fn shield(slot: Slot) -> ComponentMount {
    ComponentMount {
        kind: ComponentKind::Shield,
        slot,
    }
}

fn hit(amount: u32) -> DamagePacket {
    DamagePacket {
        amount,
        order: TrackOrder::ArmorFirst,
        bypass_accuracy: None,
        kinetic: false,
        health_only: false,
    }
}

/// Digest vector 11: "Reinforce Shields on a Size 3 ship with 2 Shield components → remove 5
/// shield damage" ([Size of the Ship] + [Number of Shields equipped]).
#[test]
fn vector_11_reinforce_shields_removes_size_plus_shields() {
    let (_, mut s) = ship(3, vec![shield(Slot::Primary), shield(Slot::Primary)]);
    s.tracks[0].dmg = 4;
    s.tracks[1].dmg = 4;
    assert_eq!(orders::reinforce_shields(&mut s), 5);
    assert_eq!((s.tracks[0].dmg, s.tracks[1].dmg), (0, 3));
    // Never more than the damage there is.
    assert_eq!(orders::reinforce_shields(&mut s), 3);
    assert_eq!(orders::reinforce_shields(&mut s), 0);
}

/// A Shield switched off by Component Damage is not "equipped": neither counted nor repaired.
#[test]
fn reinforce_shields_skips_deactivated_shields() {
    let (_, mut s) = ship(2, vec![shield(Slot::Primary), shield(Slot::Secondary)]);
    s.tracks[0].dmg = 10;
    s.tracks[1].dmg = 5;
    s.components_off = 0b01;
    // Size 2 + 1 working shield = 3, all to the second track.
    assert_eq!(orders::reinforce_shields(&mut s), 3);
    assert_eq!((s.tracks[0].dmg, s.tracks[1].dmg), (10, 2));
}

/// Brace for Impact: "if this Ship receives damage that finishes a Health damage track,
/// disregard damage that would be applied to the next health track."
#[test]
fn brace_for_impact_discards_damage_past_the_finished_row() {
    let (_, mut braced) = ship(3, vec![]);
    let mut open = braced;
    braced.health_dmg = 7;
    open.health_dmg = 7;
    assert!(
        braced
            .command
            .give(MAIN, Order::BraceForImpact, &Restrictions::default())
    );
    let a = damage::apply(&mut braced, hit(8));
    let b = damage::apply(&mut open, hit(8));
    assert_eq!((braced.health_dmg, a.rows_completed), (10, 1));
    assert_eq!((open.health_dmg, b.rows_completed), (15, 1));
    assert_eq!(
        braced.command.slots[MAIN],
        Holding::Revealed(Order::BraceForImpact)
    );
    // Damage that finishes no row is untouched.
    let a = damage::apply(&mut braced, hit(4));
    assert_eq!((braced.health_dmg, a.rows_completed), (14, 0));
}

/// Brace for Impact read as one braced hit (house rule `brace_for_impact = "first-row"`, seed 003
/// l. 475): once the Order is used up, the next hit that finishes a row spills on into the
/// next one and its Condition is rolled once.
#[test]
fn brace_for_impact_used_up_spills_on() {
    let rules = HouseRules::default();
    let (design, mut s) = ship(3, vec![]);
    s.health_dmg = 7;
    assert!(
        s.command
            .give(MAIN, Order::BraceForImpact, &Restrictions::default())
    );
    let a = damage::apply(&mut s, hit(8));
    assert_eq!((s.health_dmg, a.rows_completed), (10, 1));
    s.command.use_up(Order::BraceForImpact);
    assert!(!s.command.holds(Order::BraceForImpact));
    assert_eq!(
        s.command.slots[MAIN],
        Holding::Revealed(Order::BraceForImpact)
    );
    // It cannot be discarded for a Command, nor given again this turn.
    assert_eq!(
        s.command
            .source(Command::ReplaceCondition, &Restrictions::default(), true),
        None
    );
    assert!(
        !s.command
            .give(MAIN, Order::BraceForImpact, &Restrictions::default())
    );
    let a = damage::apply(&mut s, hit(12));
    assert_eq!((s.health_dmg, a.rows_completed), (22, 1));
    // One roll: 2d6 = 2 is Catastrophic.
    let mut dice = ScriptedDice::new(&[1, 1, 6, 6]);
    let kind = condition::choose(&mut s, &design, &rules, &player(), &mut dice, &mut NoTrace);
    assert_eq!((kind, dice.used()), (ConditionKind::Catastrophic, 2));
}

/// Brace for Impact: "The Ship may roll twice on the Condition table and choose which Condition
/// to suffer." 2d6 = 2 (Catastrophic) then 12 (No Condition): the braced ship survives.
#[test]
fn brace_for_impact_rolls_twice_and_chooses() {
    let rules = HouseRules::default();
    let (design, mut s) = ship(3, vec![]);
    s.command
        .give(MAIN, Order::BraceForImpact, &Restrictions::default());
    let mut dice = ScriptedDice::new(&[1, 1, 6, 6]);
    let kind = condition::choose(&mut s, &design, &rules, &player(), &mut dice, &mut NoTrace);
    assert_eq!(kind, ConditionKind::NoCondition);
    assert_eq!(dice.used(), 4);
    // Unbraced, the same dice destroy it.
    let (design, mut s) = ship(3, vec![]);
    let mut dice = ScriptedDice::new(&[1, 1]);
    condition::generate_with(
        &mut s,
        &design,
        &rules,
        1,
        &player(),
        &mut dice,
        &mut NoTrace,
    );
    assert!(!s.active());
}

/// Defensive Command: "After a Condition has been determined, but before applying it to this
/// Ship, randomly generate another Condition and replace the previous Condition." A Token
/// spent on Catastrophic Damage; the replacement (7: Serious) stands.
#[test]
fn defensive_command_replaces_a_condition() {
    let rules = HouseRules::default();
    let (design, mut s) = ship(3, vec![]);
    assert!(s.command.take_token(&Restrictions::default()));
    let mut dice = ScriptedDice::new(&[1, 1, 3, 4]);
    let kind = condition::choose(&mut s, &design, &rules, &player(), &mut dice, &mut NoTrace);
    assert_eq!(kind, ConditionKind::Serious);
    assert_eq!(s.command.slots[MAIN], Holding::Empty);
    assert_ne!(s.command.used & Command::ReplaceCondition.bit(), 0);
    // A harmless result keeps the Token.
    let (design, mut s) = ship(3, vec![]);
    s.command.take_token(&Restrictions::default());
    let mut dice = ScriptedDice::new(&[6, 6]);
    let kind = condition::choose(&mut s, &design, &rules, &player(), &mut dice, &mut NoTrace);
    assert_eq!(kind, ConditionKind::NoCondition);
    assert!(s.command.has_token());
}

/// Component Damage: "May no longer spend a Command Token on [Defensive] Commands".
#[test]
fn component_damage_forbids_the_defensive_command() {
    let rules = HouseRules::default();
    let (design, mut s) = ship(3, vec![]);
    s.command.take_token(&Restrictions::default());
    s.restrictions.no_defensive = true;
    let mut dice = ScriptedDice::new(&[1, 1]);
    let kind = condition::choose(&mut s, &design, &rules, &player(), &mut dice, &mut NoTrace);
    assert_eq!(kind, ConditionKind::Catastrophic);
    assert!(s.command.has_token());
}

/// Conditions forbid Order and Command types (ch. 5): Weapons Damage [Offensive], Component
/// Damage [Defensive], Propulsion Damage [Navigate] (option a: [Hyperspace] Commands),
/// Communications Damage everything except [Hyperspace].
#[test]
fn conditions_forbid_order_types() {
    let weapons = Restrictions {
        no_offensive: true,
        ..Restrictions::default()
    };
    let mut c = orders::CommandState::default();
    assert!(!c.give(MAIN, Order::OffensiveFocus, &weapons));
    assert!(!c.give(MAIN, Order::ContingentAttack, &weapons));
    assert!(c.give(MAIN, Order::EvasiveActions, &weapons));
    let mut c = orders::CommandState::default();
    c.take_token(&weapons);
    assert_eq!(c.source(Command::Reroll, &weapons, false), None);
    assert_eq!(c.source(Command::FireNow, &weapons, false), None);
    assert_eq!(c.source(Command::Dodge, &weapons, false), Some(MAIN));

    let component = Restrictions {
        no_defensive: true,
        ..Restrictions::default()
    };
    assert!(!OrderType::Defensive.allowed(&component, false));
    assert!(OrderType::Offensive.allowed(&component, true));

    let propulsion = Restrictions {
        no_navigate: true,
        no_hyperspace: true,
        ..Restrictions::default()
    };
    assert!(!OrderType::Navigate.allowed(&propulsion, false));
    assert!(!OrderType::Navigate.allowed(&propulsion, true));
    // Option (a) bans [Hyperspace] Commands only; the Jump Order stays.
    assert!(OrderType::Hyperspace.allowed(&propulsion, false));
    assert!(!OrderType::Hyperspace.allowed(&propulsion, true));

    let comms = Restrictions {
        communications: true,
        ..Restrictions::default()
    };
    for kind in [
        OrderType::Offensive,
        OrderType::Defensive,
        OrderType::Navigate,
        OrderType::Scanning,
    ] {
        assert!(!kind.allowed(&comms, false) && !kind.allowed(&comms, true));
    }
    let mut c = orders::CommandState::default();
    assert!(!c.take_token(&comms));
    assert!(c.give(MAIN, Order::JumpToHyperspace, &comms));
}

/// "Any specific Order or Command cannot be given in the same ship more than once in a turn."
#[test]
fn one_specific_order_or_command_per_ship_per_turn() {
    let r = Restrictions::default();
    let mut c = orders::CommandState::default();
    assert!(c.give(MAIN, Order::EvasiveActions, &r));
    assert!(!c.give(EXTRA_NAVIGATE, Order::EvasiveActions, &r));
    assert!(c.give(EXTRA_NAVIGATE, Order::ChangeVelocity, &r));
    // Two hidden Orders may pay for two Commands, but not the same one twice.
    let slot = c.source(Command::Dodge, &r, true).expect("a hidden order");
    c.spend(slot, Command::Dodge);
    assert_eq!(c.source(Command::Dodge, &r, true), None);
    assert!(c.source(Command::Reroll, &r, true).is_some());
    // The next turn starts clean.
    c.new_turn();
    assert!(c.give(MAIN, Order::EvasiveActions, &r));
}

/// Extra Order slots: the navigation suite gives "one additional [Navigation] Order ... This
/// Order may only be discarded for a [Navigation] Command"; Advanced Sensors the same for
/// [Scanning].
#[test]
fn extra_order_slots_take_and_pay_only_their_own_type() {
    let r = Restrictions::default();
    let mut c = orders::CommandState::default();
    assert!(!c.give(EXTRA_NAVIGATE, Order::OffensiveFocus, &r));
    assert!(!c.give(EXTRA_SCANNING, Order::EvasiveActions, &r));
    assert!(c.give(EXTRA_NAVIGATE, Order::EvasiveActions, &r));
    assert!(c.give(EXTRA_SCANNING, Order::MarkTarget, &r));
    // No main-slot Order: the extra slots pay only for their own type.
    assert_eq!(c.source(Command::Reroll, &r, true), None);
    assert_eq!(c.source(Command::ReplaceCondition, &r, true), None);
    assert_eq!(c.source(Command::Dodge, &r, true), Some(EXTRA_NAVIGATE));
    assert_eq!(
        c.source(Command::EnhanceSensors, &r, true),
        Some(EXTRA_SCANNING)
    );
}

/// The ship's design gives the extra slots: a Primary nav suite and Advanced Sensors.
#[test]
fn extra_slots_come_from_components() {
    let nav = ComponentMount {
        kind: ComponentKind::NavSuite,
        slot: Slot::Primary,
    };
    let sensors = ComponentMount {
        kind: ComponentKind::AdvancedSensors,
        slot: Slot::Secondary,
    };
    let (_, s) = ship(3, vec![nav, sensors]);
    assert_eq!(
        (s.equipment.nav_suite, s.equipment.advanced_sensors),
        (1, 1)
    );
    let secondary_nav = ComponentMount {
        kind: ComponentKind::NavSuite,
        slot: Slot::Secondary,
    };
    let (_, s) = ship(3, vec![secondary_nav]);
    assert_eq!(s.equipment.nav_suite, 0);
}

/// "If a controlling player has not revealed the Orders ... they may choose to discard the
/// Orders and enact a Command effect as though they had used a Command Token." A revealed
/// Order is in effect and can no longer be discarded; a Token is spent first.
#[test]
fn only_unrevealed_orders_are_discarded_for_commands() {
    let r = Restrictions::default();
    let mut c = orders::CommandState::default();
    c.give(MAIN, Order::ReinforceShields, &r);
    assert_eq!(c.source(Command::Dodge, &r, false), None, "policy forbids");
    assert_eq!(c.source(Command::Dodge, &r, true), Some(MAIN));
    assert!(c.reveal(Order::ReinforceShields));
    assert!(c.holds(Order::ReinforceShields));
    assert_eq!(c.source(Command::Dodge, &r, true), None);
    // Discarding ends the Order.
    let mut c = orders::CommandState::default();
    c.give(MAIN, Order::ReinforceShields, &r);
    let discarded = c.spend(MAIN, Command::Dodge);
    assert!(discarded);
    assert!(!c.holds(Order::ReinforceShields));
    assert_eq!(c.discarded, 1);
    // The policies never discard a Jump to Hyperspace.
    let mut c = orders::CommandState::default();
    c.give(MAIN, Order::JumpToHyperspace, &r);
    assert_eq!(c.source(Command::Dodge, &r, true), None);
}

/// A Command Token: "This may be spent at any appropriate time to make a selection from the
/// list of available Commands" — once.
#[test]
fn a_command_token_pays_for_one_command() {
    let r = Restrictions::default();
    let mut c = orders::CommandState::default();
    assert!(c.take_token(&r));
    assert!(!c.take_token(&r), "one main slot");
    let slot = c.source(Command::FireNow, &r, false).expect("token");
    assert!(!c.spend(slot, Command::FireNow));
    assert_eq!(c.source(Command::Reroll, &r, false), None);
}

/// Mark Target effect 3: "add 4 Distance to the largest Range/Extended range values" — only
/// the outermost band grows (a Kinetic reaches 22 instead of 18, still at Extended Range).
#[test]
fn mark_target_range_adds_four_to_the_outer_band() {
    let p = WeaponProfile::new(WeaponType::Kinetic, Variant::None);
    assert_eq!(p.band_at_squared(21.0 * 21.0), None);
    let b = p.band_at_squared_reach(21.0 * 21.0, 4.0).expect("in reach");
    assert_eq!((b.index, b.accuracy), (1, -1));
    assert_eq!(p.band_at_squared_reach(22.5 * 22.5, 4.0), None);
    let b = p
        .band_at_squared_reach(9.0 * 9.0, 4.0)
        .expect("normal range");
    assert_eq!(b.index, 0);
}

/// The Order types of ch. 8.
#[test]
fn orders_and_commands_have_the_texts_types() {
    use OrderType::*;
    let want = [
        (Order::ContingentAttack, Offensive),
        (Order::OffensiveFocus, Offensive),
        (Order::BraceForImpact, Defensive),
        (Order::ReinforceShields, Defensive),
        (Order::EvasiveActions, Navigate),
        (Order::ChangeVelocity, Navigate),
        (Order::EnhanceScanners, Scanning),
        (Order::MarkTarget, Scanning),
        (Order::JumpToHyperspace, Hyperspace),
    ];
    for (o, t) in want {
        assert_eq!(o.kind(), t, "{o:?}");
    }
    assert_eq!(Command::Reroll.kind(), Offensive);
    assert_eq!(Command::FireNow.kind(), Offensive);
    assert_eq!(Command::ReplaceCondition.kind(), Defensive);
    assert_eq!(Command::Dodge.kind(), Navigate);
    assert_eq!(Command::ChangeVelocity.kind(), Navigate);
    assert_eq!(Command::EnhanceSensors.kind(), Scanning);
}

/// Enhance Scanners / Enhance Sensors: with full information (G16, stealth off) there is
/// nothing to reveal; the Order is given and held, so a scenario's "[Scanning] Order"
/// requirement can read it.
#[test]
fn enhance_scanners_is_a_scanning_order_held_for_scenarios() {
    let r = Restrictions::default();
    let mut c = orders::CommandState::default();
    assert!(c.give(MAIN, Order::EnhanceScanners, &r));
    assert!(c.holds(Order::EnhanceScanners));
    let mut c = orders::CommandState::default();
    c.take_token(&r);
    assert_eq!(c.source(Command::EnhanceSensors, &r, false), Some(MAIN));
}
