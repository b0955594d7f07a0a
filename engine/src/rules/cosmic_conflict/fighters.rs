//! Fighters (Cosmic Conflict ch. 6c "Fighters"): the fighter-only components, a fighter's
//! static profile, its points cost and the per-battle fighter bookkeeping.
//!
//! A fighter is a unit in the battle's ship list with Size 0 ("for the purposes of attacking,
//! defending, and turn order, Fighters are considered Size 0"), so the attack, damage, PWS and
//! activation rules apply to it unchanged; what differs lives here and in
//! `battle/fighter_phase.rs`. Readings of the gaps (G14 and the F-rules) are listed in
//! `docs/house-rules/cosmic-conflict.md` ("Fighters").

use super::design::{ComponentKind, ShipDesign, Slot};
use super::ship::MAX_SHIPS;

/// The fighter-only components of ch. 6c ("considered Secondary slots unless otherwise
/// specified"; a fighter may take any number of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FighterExtra {
    /// "Allows this Fighter to be played without a carrier, and may be given [Hyperspace]
    /// Orders."
    FtlDrive,
    /// "Strictly anti-Fighter weapons": one more PWS when exchanging PWS fire with a Fighter.
    Fpws,
    /// "This Fighter group may move up to 10 distance during the movement phase."
    InterceptorBoosters,
    /// "A Weapon on this Fighter may fire one additional time before needing to resupply."
    ExtendedPayload,
}

impl FighterExtra {
    /// Every extra, for error messages.
    pub const ALL: [FighterExtra; 4] = [
        FighterExtra::FtlDrive,
        FighterExtra::Fpws,
        FighterExtra::InterceptorBoosters,
        FighterExtra::ExtendedPayload,
    ];

    /// Config name.
    pub const fn name(self) -> &'static str {
        match self {
            FighterExtra::FtlDrive => "ftl-drive",
            FighterExtra::Fpws => "fpws",
            FighterExtra::InterceptorBoosters => "interceptor-boosters",
            FighterExtra::ExtendedPayload => "extended-payload",
        }
    }

    /// The extra named `name` in a config.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|e| e.name() == name)
    }
}

/// Fighter movement without Interceptor Boosters: "Fighters may move up to 7 Distance in any
/// direction" (ch. 6c).
pub const FIGHTER_MOVE: f64 = 7.0;
/// Fighter movement with Interceptor Boosters (ch. 6c).
pub const BOOSTED_MOVE: f64 = 10.0;
/// "A Fighter may be Launched or Collected when the Ship or the Fighter moves within 2
/// distance of each other" (ch. 6b Fighter Launch Hangar).
pub const LAUNCH_DISTANCE: f64 = 2.0;
/// "By default, all Fighters have six Health in their damage track" (ch. 6c).
pub const DEFAULT_HEALTH: u8 = 6;
/// Launch Hangar units "may be deployed within 8 distance of this Ship" (ch. 6b).
pub const DEPLOY_DISTANCE: f64 = 8.0;

/// What makes a design a fighter: its fixed weapon Size and fighter-only components.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FighterSpec {
    /// "A Weapon on a Fighter must have a Size that is chosen at the creation of the Fighter"
    /// (G14: 1 unless the config says otherwise, at most `fighter_weapon_size_max`).
    pub weapon_size: u8,
    /// FTL Drive: may be played without a carrier.
    pub ftl_drive: bool,
    /// fPWS components: extra PWS against Fighters only.
    pub fpws: u8,
    /// Interceptor Boosters: moves 10 instead of 7.
    pub interceptor_boosters: bool,
    /// Extended Payload components: one more shot each before resupplying (FT4: they stack).
    pub extended_payload: u8,
    /// Secondary slots taken by fighter-only components (for the cost).
    pub extras: u8,
}

impl FighterSpec {
    /// Shots before the fighter must resupply: one, plus one per Extended Payload (ch. 6c).
    pub fn shots(&self) -> u8 {
        1 + self.extended_payload
    }

    /// How far the fighter moves in its movement step (ch. 6c).
    pub fn move_distance(&self) -> f64 {
        if self.interceptor_boosters {
            BOOSTED_MOVE
        } else {
            FIGHTER_MOVE
        }
    }
}

/// The points of a fighter (ch. 6c "Determining the points cost"): a Primary Weapon or
/// Component costs 20, a Secondary 10; with no Primary a second Secondary costs 10; every
/// further Secondary costs 10 and adds 10% to the fighter's total, cumulatively (G10: the
/// percentages add up — +10%, +20%, ... — and the total is rounded up).
///
/// `primary` is whether the fighter has a Primary item; `secondaries` counts every Secondary
/// item, fighter-only components included.
pub fn fighter_cost_of(primary: bool, secondaries: u32) -> u32 {
    let base = 20 * u32::from(primary) + 10 * secondaries;
    // Secondaries that come free of the surcharge: one beside a Primary, two without one.
    let allowance = if primary { 1 } else { 2 };
    let extra = secondaries.saturating_sub(allowance);
    (base * (100 + 10 * extra)).div_ceil(100)
}

/// The points of a fighter design.
/// Fighters price slots flat (ch. 6c), not by component kind, and pay no Size × 30.
pub fn fighter_cost(design: &ShipDesign) -> u32 {
    let spec = design.fighter.unwrap_or_default();
    let (primary, secondary) = fighter_slots(design);
    fighter_cost_of(primary > 0, secondary + u32::from(spec.extras))
}

/// Primary and Secondary items of a fighter design (its weapon is Primary; fighter-only
/// components are counted by the spec, not here).
pub fn fighter_slots(design: &ShipDesign) -> (u32, u32) {
    let mut primary = design.weapons.len() as u32;
    let mut secondary = 0;
    for c in &design.components {
        match c.slot {
            Slot::Primary => primary += 1,
            Slot::Secondary => secondary += 1,
        }
    }
    (primary, secondary)
}

/// Components a fighter may not take (ch. 6c).
pub fn forbidden_on_fighters(kind: ComponentKind) -> bool {
    matches!(
        kind,
        ComponentKind::Aws | ComponentKind::FighterLaunchHangar | ComponentKind::FighterHangar
    )
}

/// Index into `SideTally.events` of the first fighter event (after the Orders' and the
/// Formations' events; `orders::EVENTS` lists them all).
pub const EVENT_BASE: usize = 23;
/// A fighter launched from its carrier.
pub const EVENT_LAUNCHED: usize = EVENT_BASE;
/// A fighter attacked with its weapon.
pub const EVENT_ATTACK: usize = EVENT_BASE + 1;
/// A fighter landed on its carrier.
pub const EVENT_COLLECTED: usize = EVENT_BASE + 2;
/// A fighter's weapon was resupplied after a whole turn aboard.
pub const EVENT_RESUPPLIED: usize = EVENT_BASE + 3;
/// A fighter was destroyed (in flight, or aboard its destroyed carrier).
pub const EVENT_LOST: usize = EVENT_BASE + 4;
/// An AWS dealt d6 to a fighter.
pub const EVENT_AWS_HIT: usize = EVENT_BASE + 5;

/// Hangars of a carrier design: (Fighter Launch Hangars, Fighter Hangars).
pub fn hangars(d: &ShipDesign) -> (usize, usize) {
    let n = |k| d.components.iter().filter(|c| c.kind == k).count();
    (
        n(ComponentKind::FighterLaunchHangar),
        n(ComponentKind::FighterHangar),
    )
}

/// No carrier (a ship, or a fighter with an FTL Drive played without one).
pub const NO_CARRIER: u8 = u8::MAX;

/// Which fighter flies from which carrier, fixed for the matchup.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FighterTable {
    /// Whether the matchup has any fighter (the one test that keeps fighter code out of
    /// battles without them).
    pub any: bool,
    /// Per unit index: its carrier's index, or [`NO_CARRIER`].
    pub carrier: Vec<u8>,
    /// Per unit index: shots of a full load (0 for ships).
    pub full_load: Vec<u8>,
}

/// Per-battle fighter bookkeeping: fixed arrays in the worker's state, reset (never
/// reallocated) at the start of every battle that has fighters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FighterState {
    /// Per unit: shots left before resupplying.
    pub shots: [u8; MAX_SHIPS],
    /// Per unit: the turn it landed on its carrier (0 = aboard from the start).
    pub landed: [u32; MAX_SHIPS],
    /// Per carrier: launches and collections used this turn (one per Launch Hangar).
    pub hangar_uses: [u8; MAX_SHIPS],
}

impl Default for FighterState {
    fn default() -> Self {
        FighterState {
            shots: [0; MAX_SHIPS],
            landed: [0; MAX_SHIPS],
            hangar_uses: [0; MAX_SHIPS],
        }
    }
}

impl FighterState {
    /// Full loads for every fighter, nothing landed, hangars unused.
    pub fn reset(&mut self, table: &FighterTable) {
        *self = FighterState::default();
        self.shots[..table.full_load.len()].copy_from_slice(&table.full_load);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The event indices name the right entries of the rule system's event list (the list is
    /// shared with the Orders and Formations events, so an insertion must move them).
    #[test]
    fn fighter_event_indices_match_the_event_names() {
        use crate::rules::cosmic_conflict::orders::EVENTS;
        let named = [
            (EVENT_LAUNCHED, "fighters_launched"),
            (EVENT_ATTACK, "fighter_attacks"),
            (EVENT_COLLECTED, "fighters_collected"),
            (EVENT_RESUPPLIED, "fighters_resupplied"),
            (EVENT_LOST, "fighters_lost"),
            (EVENT_AWS_HIT, "aws_hits_on_fighters"),
        ];
        for (index, name) in named {
            assert_eq!(EVENTS[index], name);
        }
    }

    /// Digest §3 vector 16 (fighters), from the text's cost rules.
    #[test]
    fn fighter_points_follow_the_ten_percent_cumulative_rule() {
        // Primary + Secondary: 20 + 10.
        assert_eq!(fighter_cost_of(true, 1), 30);
        // "Each additional Secondary costs 10 points and increases the total cost of the
        // Fighter by an additional 10% cumulatively": (20 + 20) × 1.1.
        assert_eq!(fighter_cost_of(true, 2), 44);
        // (20 + 30) × 1.2.
        assert_eq!(fighter_cost_of(true, 3), 60);
        // "If there is no Primary ..., a second Secondary ... costs 10 points."
        assert_eq!(fighter_cost_of(false, 2), 20);
        // 30 × 1.1.
        assert_eq!(fighter_cost_of(false, 3), 33);
        assert_eq!(fighter_cost_of(true, 0), 20);
    }

    #[test]
    fn extended_payload_adds_a_shot_and_boosters_reach_ten() {
        let mut f = FighterSpec {
            weapon_size: 1,
            ..FighterSpec::default()
        };
        assert_eq!(f.shots(), 1);
        assert_eq!(f.move_distance(), 7.0);
        f.extended_payload = 1;
        f.interceptor_boosters = true;
        assert_eq!(f.shots(), 2);
        assert_eq!(f.move_distance(), 10.0);
    }

    #[test]
    fn aws_and_hangars_are_forbidden_on_fighters() {
        assert!(forbidden_on_fighters(ComponentKind::Aws));
        assert!(forbidden_on_fighters(ComponentKind::FighterLaunchHangar));
        assert!(forbidden_on_fighters(ComponentKind::FighterHangar));
        assert!(!forbidden_on_fighters(ComponentKind::Pws));
    }
}
