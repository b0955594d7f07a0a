//! Orders and Command Tokens: the vocabulary of the Command phase and the per-ship, per-turn
//! record of what each ship holds. Cosmic Conflict ch. 5 "Command Phase" and ch. 8 "List of
//! Commands/Orders" (digest §1.1 step 1, §2.10).
//!
//! In the Command phase every ship takes ONE of: an Order (written down, hidden until it
//! matters; while unrevealed it may be discarded for any Command effect) or a Command Token
//! (spent at any appropriate moment for one Command effect). Extra Order slots come from the
//! navigation suite (Primary: +1 [Navigate] Order) and Advanced Sensors (Secondary: +1
//! [Scanning] Order); an extra Order "may only be discarded for a Command of its own type".
//! "Any specific Order or Command cannot be given in the same ship more than once in a turn."

use super::ship::Restrictions;

/// The [Types] orders and commands are grouped in (ch. 8), which Conditions ban (ch. 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderType {
    /// [Offensive].
    Offensive,
    /// [Defensive].
    Defensive,
    /// [Navigate].
    Navigate,
    /// [Scanning].
    Scanning,
    /// [Hyperspace].
    Hyperspace,
}

impl OrderType {
    /// Whether a ship under `r` may give an Order or spend a Command of this type (ch. 5:
    /// Weapons Damage bans [Offensive], Component Damage [Defensive], Propulsion Damage
    /// [Navigate] (and, option a, [Hyperspace] Commands), Communications Damage everything
    /// but [Hyperspace]). Reading: a ban stops new Orders and Command spending; an Order
    /// already given before the Condition stays in effect for the rest of the turn.
    pub const fn allowed(self, r: &Restrictions, command: bool) -> bool {
        match self {
            OrderType::Hyperspace => !(command && r.no_hyperspace),
            _ if r.communications => false,
            OrderType::Offensive => !r.no_offensive,
            OrderType::Defensive => !r.no_defensive,
            OrderType::Navigate => !r.no_navigate,
            OrderType::Scanning => true,
        }
    }
}

/// The Orders of ch. 8. The discriminant is the Order's event index (see [`EVENTS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// [Offensive] "This Ship may fire Weapons at any point during or after its activation."
    ContingentAttack = 0,
    /// [Offensive] For each Attack this turn, discard the Accuracy or the Damage d6 and reroll.
    OffensiveFocus = 1,
    /// [Defensive] Damage that finishes a Health row does not spill into the next; roll twice
    /// on the Condition table and choose.
    BraceForImpact = 2,
    /// [Defensive] At the beginning of Resolution remove (Size + Shields equipped) Shield damage.
    ReinforceShields = 3,
    /// [Navigate] Attacks against this Ship receive −1 Accuracy.
    EvasiveActions = 4,
    /// [Navigate] Increase or decrease Velocity by 1.
    ChangeVelocity = 5,
    /// [Scanning] Reveal this ship, then reveal a ship / fulfil a scenario Order requirement /
    /// look at another ship's Orders.
    EnhanceScanners = 6,
    /// [Scanning] Place a [Marked] token on an enemy within (its Size × 4) during this ship's
    /// attack step.
    MarkTarget = 7,
    /// [Hyperspace] Revealed at the end of Resolution; next turn no Orders or Tokens, and the
    /// ship leaves play when activated (it has fled).
    JumpToHyperspace = 8,
}

impl Order {
    /// Every Order, in event order.
    pub const ALL: [Order; 9] = [
        Order::ContingentAttack,
        Order::OffensiveFocus,
        Order::BraceForImpact,
        Order::ReinforceShields,
        Order::EvasiveActions,
        Order::ChangeVelocity,
        Order::EnhanceScanners,
        Order::MarkTarget,
        Order::JumpToHyperspace,
    ];

    /// Its [Type].
    pub const fn kind(self) -> OrderType {
        match self {
            Order::ContingentAttack | Order::OffensiveFocus => OrderType::Offensive,
            Order::BraceForImpact | Order::ReinforceShields => OrderType::Defensive,
            Order::EvasiveActions | Order::ChangeVelocity => OrderType::Navigate,
            Order::EnhanceScanners | Order::MarkTarget => OrderType::Scanning,
            Order::JumpToHyperspace => OrderType::Hyperspace,
        }
    }

    /// Config and trace name.
    pub const fn name(self) -> &'static str {
        match self {
            Order::ContingentAttack => "contingent-attack",
            Order::OffensiveFocus => "offensive-focus",
            Order::BraceForImpact => "brace-for-impact",
            Order::ReinforceShields => "reinforce-shields",
            Order::EvasiveActions => "evasive-actions",
            Order::ChangeVelocity => "change-velocity",
            Order::EnhanceScanners => "enhance-scanners",
            Order::MarkTarget => "mark-target",
            Order::JumpToHyperspace => "jump-to-hyperspace",
        }
    }

    /// Parse a config name.
    pub fn from_name(name: &str) -> Option<Order> {
        Order::ALL.into_iter().find(|o| o.name() == name)
    }

    /// Its bit in [`CommandState::used`].
    pub const fn bit(self) -> u32 {
        1 << (self as u32)
    }
}

/// The Command effects of ch. 8. The two [Offensive] Command bullets are separate specific
/// Commands (reading), so a ship may reroll once and fire once in a turn from two sources.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// [Offensive] Discard the Accuracy or the Damage d6 of this Attack and reroll it.
    Reroll = 9,
    /// [Offensive] Attack now with one Weapon not yet used this turn, even outside the
    /// ship's Activation.
    FireNow = 10,
    /// [Defensive] After a Condition is determined, generate another one that replaces it.
    ReplaceCondition = 11,
    /// [Navigate] Dodge: after an Attack's result against this ship is known, −1 Accuracy and
    /// recompute.
    Dodge = 12,
    /// [Navigate] Increase or decrease Velocity by 1.
    ChangeVelocity = 13,
    /// [Scanning] Enhance Sensors: reveal this ship, plus reveal a ship within (its Size × 5)
    /// or fulfil a scenario Command requirement.
    EnhanceSensors = 14,
}

impl Command {
    /// Its [Type].
    pub const fn kind(self) -> OrderType {
        match self {
            Command::Reroll | Command::FireNow => OrderType::Offensive,
            Command::ReplaceCondition => OrderType::Defensive,
            Command::Dodge | Command::ChangeVelocity => OrderType::Navigate,
            Command::EnhanceSensors => OrderType::Scanning,
        }
    }

    /// Trace name.
    pub const fn name(self) -> &'static str {
        match self {
            Command::Reroll => "reroll",
            Command::FireNow => "fire now",
            Command::ReplaceCondition => "replace condition",
            Command::Dodge => "dodge",
            Command::ChangeVelocity => "change velocity",
            Command::EnhanceSensors => "enhance sensors",
        }
    }

    /// Its bit in [`CommandState::used`].
    pub const fn bit(self) -> u32 {
        1 << (self as u32)
    }
}

/// Event index: a Command Token taken in the Command phase.
pub const EV_TOKEN: usize = 15;
/// Event index: an unrevealed Order discarded for a Command.
pub const EV_DISCARD: usize = 16;
/// Event index: a [Marked] token spent for one of its three effects.
pub const EV_MARK_SPENT: usize = 17;
/// Event index: a ship left play by Jump to Hyperspace.
pub const EV_FLED: usize = 18;
/// Event index: a Hit on a Defensive Formation member moved onto another member (ch. 9g).
pub const EV_REDIRECT_FORMATION: usize = 19;
/// Event index: an attack on an Escorted ship dealt to its Escort instead (ch. 9g).
pub const EV_REDIRECT_ESCORT: usize = 20;
/// Event index: a weapon added to a member's attack in an Offensive Formation (ch. 9g).
pub const EV_CONTRIBUTION: usize = 21;
/// Event index: a ship in play left its Formation or Escort relationship (Communications
/// Damage, or its Lead/Escorted ship lost; ch. 5, ch. 9g).
pub const EV_LEFT_GROUP: usize = 22;

/// The per-side events Cosmic Conflict reports (`RuleSystem::EVENTS`): one per Order given,
/// one per Command spent, plus tokens taken, Orders discarded, Marked tokens spent and ships
/// fled to hyperspace, then the fighter events (`fighters::EVENT_BASE..`). Indices 0..=14 are
/// the [`Order`] and [`Command`] discriminants.
pub const EVENTS: &[&str] = &[
    "order_contingent_attack",
    "order_offensive_focus",
    "order_brace_for_impact",
    "order_reinforce_shields",
    "order_evasive_actions",
    "order_change_velocity",
    "order_enhance_scanners",
    "order_mark_target",
    "order_jump_to_hyperspace",
    "command_reroll",
    "command_fire_now",
    "command_replace_condition",
    "command_dodge",
    "command_change_velocity",
    "command_enhance_sensors",
    "command_token_taken",
    "order_discarded_for_command",
    "marked_token_spent",
    "fled_to_hyperspace",
    "hit_redirected_in_formation",
    "hit_redirected_to_escort",
    "formation_weapon_contributed",
    "left_formation_or_escort",
    // Fighters (ch. 6c), from `fighters::EVENT_BASE`.
    "fighters_launched",
    "fighter_attacks",
    "fighters_collected",
    "fighters_resupplied",
    "fighters_lost",
    "aws_hits_on_fighters",
    // Terrain and scenarios (ch. 7, ch. 8), from `scenario_events::EVENT_BASE`.
    "terrain_damage_taken",
    "ships_lost_to_terrain",
    "objective_tokens_placed",
];

/// What one Order slot holds this turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Holding {
    /// Nothing (no slot, the slot was not used, or its Order/Token is gone).
    #[default]
    Empty,
    /// A Command Token (main slot only).
    Token,
    /// An Order, hidden until it matters.
    Hidden(Order),
    /// An Order revealed (in effect; it can no longer be discarded).
    Revealed(Order),
}

/// The main slot (an Order or a Command Token).
pub const MAIN: usize = 0;
/// The navigation suite's extra [Navigate] Order slot.
pub const EXTRA_NAVIGATE: usize = 1;
/// Advanced Sensors' extra [Scanning] Order slot.
pub const EXTRA_SCANNING: usize = 2;

/// Jump to Hyperspace progress (ch. 8 [Hyperspace] Orders).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Jump {
    /// No jump under way.
    #[default]
    None,
    /// Revealed at the end of the last Resolution: no Orders or Tokens this turn, and the
    /// ship leaves play (flees) when it is activated.
    Leaving,
}

/// A ship's Command-phase record for the current turn. `Copy`, reset every Command phase.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CommandState {
    /// Slots: [`MAIN`], [`EXTRA_NAVIGATE`], [`EXTRA_SCANNING`].
    pub slots: [Holding; 3],
    /// Specific Orders given and Commands spent this turn (bit = event index): each at most
    /// once per ship per turn. Flushed into the side's event counts in Resolution.
    pub used: u32,
    /// [Marked] tokens the enemy has placed on this ship (removed at the end of the turn).
    pub marked: u8,
    /// Jump to Hyperspace progress.
    pub jump: Jump,
    /// Unrevealed Orders discarded for Commands this turn.
    pub discarded: u8,
    /// Orders held (hidden or revealed), bit per Order: [`CommandState::holds`] is asked on
    /// every attack, so it is one test.
    held: u16,
}

impl CommandState {
    /// Clear the turn's Orders and Tokens (keeps the jump state).
    pub fn new_turn(&mut self) {
        self.slots = [Holding::Empty; 3];
        self.used = 0;
        self.marked = 0;
        self.discarded = 0;
        self.held = 0;
    }

    /// Whether the ship holds `order` (hidden or revealed): it takes effect when it matters
    /// (G16: the sim plays with full information, so a hidden Order is revealed at the
    /// earliest moment it is useful).
    #[inline]
    pub fn holds(&self, order: Order) -> bool {
        self.held & (1 << (order as u16)) != 0
    }

    /// Reveal `order` if held hidden. Returns true when this call revealed it.
    pub fn reveal(&mut self, order: Order) -> bool {
        for h in &mut self.slots {
            if *h == Holding::Hidden(order) {
                *h = Holding::Revealed(order);
                return true;
            }
        }
        false
    }

    /// Use `order` up: it is revealed and has no further effect this turn (it still counts as
    /// given, so it cannot be given again). For Brace for Impact read as one braced hit
    /// (`brace_for_impact = "first-row"`).
    pub fn use_up(&mut self, order: Order) {
        self.reveal(order);
        self.held &= !(1 << (order as u16));
    }

    /// Give `order` in `slot` if the rules allow it: the slot's type (extra slots), the
    /// Condition bans, and once per specific Order per turn.
    pub fn give(&mut self, slot: usize, order: Order, r: &Restrictions) -> bool {
        let fits = match slot {
            EXTRA_NAVIGATE => order.kind() == OrderType::Navigate,
            EXTRA_SCANNING => order.kind() == OrderType::Scanning,
            _ => true,
        };
        if !fits
            || !order.kind().allowed(r, false)
            || self.used & order.bit() != 0
            || self.slots[slot] != Holding::Empty
            || (self.jump == Jump::Leaving)
        {
            return false;
        }
        self.slots[slot] = Holding::Hidden(order);
        self.used |= order.bit();
        self.held |= 1 << (order as u16);
        true
    }

    /// Take a Command Token in the main slot.
    pub fn take_token(&mut self, r: &Restrictions) -> bool {
        // Communications Damage leaves only [Hyperspace] Commands, and there are none (G25).
        if self.slots[MAIN] != Holding::Empty || self.jump == Jump::Leaving || r.communications {
            return false;
        }
        self.slots[MAIN] = Holding::Token;
        true
    }

    /// The slot that can pay for `command` now, if any: a Command Token first; then, if
    /// `discard` allows, an unrevealed Order — an extra slot only for a Command of its own
    /// type, the main slot for any. Jump to Hyperspace is never discarded by the policies.
    pub fn source(&self, command: Command, r: &Restrictions, discard: bool) -> Option<usize> {
        if self.used & command.bit() != 0 || !command.kind().allowed(r, true) {
            return None;
        }
        if self.slots[MAIN] == Holding::Token {
            return Some(MAIN);
        }
        if !discard {
            return None;
        }
        let discardable = |slot: usize| matches!(self.slots[slot], Holding::Hidden(o) if o != Order::JumpToHyperspace);
        let own = match command.kind() {
            OrderType::Navigate => Some(EXTRA_NAVIGATE),
            OrderType::Scanning => Some(EXTRA_SCANNING),
            _ => None,
        };
        if let Some(s) = own.filter(|&s| discardable(s)) {
            return Some(s);
        }
        discardable(MAIN).then_some(MAIN)
    }

    /// Spend the source found by [`CommandState::source`] on `command`. Returns whether an
    /// Order was discarded (rather than a Token spent).
    pub fn spend(&mut self, slot: usize, command: Command) -> bool {
        let discarded = matches!(self.slots[slot], Holding::Hidden(_));
        if let Holding::Hidden(o) = self.slots[slot] {
            self.held &= !(1 << (o as u16));
        }
        self.slots[slot] = Holding::Empty;
        self.used |= command.bit();
        self.discarded += u8::from(discarded);
        discarded
    }

    /// Whether a Command Token is held.
    pub fn has_token(&self) -> bool {
        self.slots[MAIN] == Holding::Token
    }
}

/// Reinforce Shields (ch. 8): "remove damage from any Shield damage tracks equal to [Size of
/// the Ship] + [Number of Shields equipped]". Reading: Shields switched off by Component
/// Damage are not "equipped" and are neither counted nor repaired; repairs go to the tracks in
/// design order. Returns the boxes repaired.
pub fn reinforce_shields(ship: &mut super::ship::ShipState) -> u32 {
    let n = usize::from(ship.n_tracks);
    let shields = ship.tracks[..n]
        .iter()
        .filter(|t| t.shield && !ship.component_off(usize::from(t.component)))
        .count() as u32;
    let mut budget = u32::from(ship.size) + shields;
    let mut repaired = 0;
    for t in 0..n {
        let track = ship.tracks[t];
        if !track.shield || ship.component_off(usize::from(track.component)) {
            continue;
        }
        let fix = budget.min(u32::from(track.dmg));
        ship.tracks[t].dmg -= fix as u8;
        budget -= fix;
        repaired += fix;
    }
    ship.repaired += repaired;
    repaired
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_match_discriminants() {
        for o in Order::ALL {
            assert_eq!(
                EVENTS[o as usize],
                format!("order_{}", o.name().replace('-', "_"))
            );
        }
        assert_eq!(EVENTS[Command::Reroll as usize], "command_reroll");
        assert_eq!(EVENTS[Command::FireNow as usize], "command_fire_now");
        assert_eq!(EVENTS[Command::Dodge as usize], "command_dodge");
        assert_eq!(
            EVENTS[Command::EnhanceSensors as usize],
            "command_enhance_sensors"
        );
        assert_eq!(EVENTS[EV_TOKEN], "command_token_taken");
        assert_eq!(EVENTS[EV_FLED], "fled_to_hyperspace");
        assert_eq!(EVENTS[EV_REDIRECT_FORMATION], "hit_redirected_in_formation");
        assert_eq!(EVENTS[EV_LEFT_GROUP], "left_formation_or_escort");
        assert!(EVENTS.len() <= crate::outcome::MAX_EVENTS);
    }
}
