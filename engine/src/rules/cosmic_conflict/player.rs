//! The side's **player**: the one seam between the rules and play (issue 16 §3). Wherever the
//! text gives a side a choice, the rules ask that side's [`Player`] and do what it answers;
//! they never read a script's fields. The scripted presets ([`Policy`]) are players; a test or
//! a search may bring another.
//!
//! How the seam is passed: the battle holds `&[P; 2]` for one player type `P` (generic, not
//! `dyn`): no allocation and no indirect call per battle, and the scripted battle compiles to
//! the code it had when the rules read the policies directly. [`super::battle::play`] plays
//! the matchup's own policies; [`super::battle::play_with`] any pair of players.
//!
//! Where a choice needs a search over the table (which enemy a weapon fires at, where a move
//! ends, where a fighter flies, which Orders a ship gets), the rules run that search in
//! `battle/` and the player answers how it ranks the options (its targeting, its approach,
//! its fighter tactics, its Order style); where the choice is a yes/no or a pick from a short
//! list (a reroll and which die, a Dodge, Blocking terrain's reroll, passing, redirecting a
//! Hit, which Condition to keep, which items Weapons and Component Damage take, what
//! Propulsion Damage takes), the player answers it outright.

use super::attack::{AttackRoll, AttackSetup, WeaponProfile};
use super::battle::{pass_value, token_value};
use super::command::{self, Die};
use super::condition::ConditionKind;
use super::design::{ComponentKind, ShipDesign, Slot};
use super::policy::{
    Approach, Contribute, FighterTactics, Movement, OrderStyle, Passing, Policy, Targeting,
    TokenUse,
};
use super::ship::ShipState;

/// Bit offset of weapons in a Component Damage [`LossOptions`] mask: components take bits
/// 0..16, Structurally Mounted weapons (a Weapon and a Component, in two Primary slots; seed
/// 003 l. 288) bits 16..32.
pub const WEAPON_BITS: usize = 16;

/// What a Weapons or Component Damage result lets the owner deactivate (ch. 5: "lose 1
/// Primary or 2 Secondary"): bit masks of the items it may choose from, by slot. For Weapons
/// Damage bit `i` is weapon `i`; for Component Damage bit `i` is component `i` and bit
/// [`WEAPON_BITS`]` + w` the Structurally Mounted weapon `w`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LossOptions {
    /// [`ConditionKind::Weapons`] or [`ConditionKind::Component`].
    pub condition: ConditionKind,
    /// Items in Primary slots.
    pub primary: u32,
    /// Items in Secondary slots.
    pub secondary: u32,
}

impl LossOptions {
    /// Whether `lost` is an answer the text allows: one Primary item, or two Secondary items,
    /// or — with no Primary and a single Secondary left — that one; nothing only when there
    /// is nothing to lose.
    pub fn allows(&self, lost: u32) -> bool {
        let n = lost.count_ones();
        if self.primary | self.secondary == 0 {
            return lost == 0;
        }
        (n == 1 && lost & self.primary != 0)
            || (n == 2 && lost & !self.secondary == 0)
            || (n == 1
                && self.primary == 0
                && self.secondary.count_ones() == 1
                && lost == self.secondary)
    }
}

/// A side's player: its answer at every point where the text gives the side a choice. Each
/// method names the choice and the chapter that gives it.
pub trait Player {
    // ---- Command phase (ch. 5 "Command Phase", ch. 8) -----------------------------------

    /// How it gives Orders and takes Command Tokens ([`OrderStyle::None`]: neither, and the
    /// Command layer is skipped for the game).
    fn order_style(&self) -> OrderStyle;

    /// Whether a hidden Order may be discarded to pay for a Command (never Jump to
    /// Hyperspace).
    fn discards_orders(&self) -> bool;

    /// Offensive Focus and the reroll Command ("discard either an Accuracy or Damage d6 roll
    /// and immediately reroll the d6"): which d6 of `roll` it would reroll, and the expected
    /// damage that gains; `None` for none. Not `except`, a die already rerolled (G18).
    fn reroll_die(
        &self,
        setup: &AttackSetup,
        roll: &AttackRoll,
        except: Option<Die>,
    ) -> Option<(Die, f64)>;

    /// Whether to spend a Command on a reroll that gains `gain` expected damage boxes;
    /// `keep` is what keeping the Command for later this turn is worth (a Dodge still to buy;
    /// computed only when asked).
    fn rerolls(&self, gain: f64, keep: impl FnOnce() -> f64) -> bool;

    /// Whether to spend a Dodge (the defender's Command) that saves `saved` damage boxes;
    /// `keep` is what keeping the Command for later this turn is worth (a later Dodge, or own
    /// reroll before activating; computed only when asked). Asked first with `keep` = 0
    /// (would any keep-worth allow it?), then with the estimate.
    fn dodges(&self, saved: u32, keep: impl FnOnce() -> f64) -> bool;

    // ---- Terrain (ch. 8) -----------------------------------------------------------------

    /// Blocking terrain, as the defender: which d6 of the attack's `roll` it "may request"
    /// discarded and rolled again; `None` to keep the dice.
    fn blocking_die(&self, setup: &AttackSetup, roll: &AttackRoll) -> Option<Die>;

    // ---- Activation (ch. 5 Steps 1–4) ---------------------------------------------------

    /// Whether to pass in a Size step rather than activate; `enemy_waiting` says whether the
    /// enemy still has an unactivated ship of that Size, `gain` what passing is expected to
    /// gain in damage boxes (`battle/pass_value.rs`); each computed only if the player asks.
    fn passes(&self, enemy_waiting: impl FnOnce() -> bool, gain: impl FnOnce() -> f32) -> bool;

    // ---- Movement (ch. 3) ----------------------------------------------------------------

    /// Where its ships want to be: held, closing to a range, or standing off.
    fn approach(&self) -> Approach;

    /// How it picks where a move ends among the ones the rules allow.
    fn movement(&self) -> Movement;

    /// Whether its moves steer around Dangerous and Hazardous terrain (Solid is impassable).
    fn avoids_terrain(&self) -> bool;

    /// `lookahead` movement: the weight of the Hazardous damage the next move could not avoid
    /// from an end point, as a share of that damage at the end point itself. By default a
    /// hazard the next move could not avoid (its shortest straight run, at one Velocity less
    /// along the facing the ship turns to after this move, shifted by no more than the
    /// Maneuver) weighs as much as one at the end point: Velocity changes by at most 1 a turn
    /// (ch. 3 step 1), so a ship must brake before a field, not at its edge (`brawler-v3`
    /// counts it half).
    fn next_move_share(&self) -> f64 {
        1.0
    }

    /// `lookahead` movement: units of distance per box of expected fire when end points are
    /// scored by arcs (0: not scored).
    fn arc_weight(&self) -> f64 {
        0.0
    }

    /// Arc scoring: the share of the enemy's expected fire at an end point counted against it.
    fn exposure_share(&self) -> f64 {
        1.0
    }

    /// Whether its moves read the game clock (close when behind, hold when ahead).
    fn reads_clock(&self) -> bool {
        false
    }

    /// Arc scoring: whether a move may turn a broadside to the focus enemy (else the design's
    /// best arc).
    fn aims_broadsides(&self) -> bool {
        true
    }

    // ---- Attacks (ch. 4 step 2, ch. 6 PWS) ----------------------------------------------

    /// Whether its ships attack at all.
    fn fires(&self) -> bool;

    /// How it ranks the targets a weapon may attack (and the enemy a ship moves against).
    fn targeting(&self) -> Targeting;

    /// [`Targeting::KillValue`]: a sure kill's worth in the target's points, on top of the
    /// boxes the shot takes.
    fn kill_weight(&self) -> f32;

    /// Whether a ship that moved within reach calls PWS exchanges (when it carries at least
    /// as many PWS as the enemy ship).
    fn calls_pws_exchange(&self) -> bool;

    // ---- Formations and Escorts (ch. 9g) -----------------------------------------------

    /// Whether to move a Hit inside a Defensive Formation / onto an Escort.
    fn redirects_hits(&self) -> bool;

    /// Which weapons of the other members join an Offensive Formation's attack.
    fn contributes(&self) -> Contribute;

    // ---- Fighters (ch. 6c) ---------------------------------------------------------------

    /// Where its fighters fly.
    fn fighter_tactics(&self) -> FighterTactics;

    /// Cautious fighters: how many boxes dealt one box taken is worth.
    fn fighter_caution(&self) -> f32;

    /// Cautious fighters: whether the damage they may take counts the PWS exchanges enemy
    /// screening fighters could fly in to call (`battle/fighter_screen.rs`).
    fn weighs_screens(&self) -> bool {
        false
    }

    // ---- Conditions (ch. 5 "Generating a Condition", ch. 8) -----------------------------

    /// How much it dislikes a Condition: a braced ship keeps the lower of its two rolls
    /// (Brace for Impact); a Defensive Command replaces one worse than the table's average.
    fn condition_badness(&self, kind: ConditionKind) -> u8;

    /// Which items a Weapons or Component Damage result takes from `ship`: a mask
    /// [`LossOptions::allows`].
    fn choose_losses(&self, ship: &ShipState, design: &ShipDesign, options: LossOptions) -> u32;

    /// Propulsion Damage, while both are open: give up (a) [Hyperspace] commands (`true`) or
    /// (b) Velocity changes (`false`).
    fn propulsion_gives_up_hyperspace(&self, ship: &ShipState, design: &ShipDesign) -> bool;
}

/// The scripted presets are players: each answer is the policy's parameter for that choice,
/// so a battle played by them gives the same bits as when the rules read the policy.
impl Player for Policy {
    #[inline]
    fn order_style(&self) -> OrderStyle {
        self.command.orders
    }

    #[inline]
    fn discards_orders(&self) -> bool {
        self.command.discard_orders
    }

    /// The d6 whose reroll gains the most expected damage ([`command::best_reroll`]).
    #[inline]
    fn reroll_die(
        &self,
        setup: &AttackSetup,
        roll: &AttackRoll,
        except: Option<Die>,
    ) -> Option<(Die, f64)> {
        command::best_reroll(setup, roll, except)
    }

    #[inline]
    fn rerolls(&self, gain: f64, keep: impl FnOnce() -> f64) -> bool {
        match self.command.tokens {
            TokenUse::Threshold => gain >= f64::from(self.command.reroll_gain),
            TokenUse::ByValue => token_value::spends_on_reroll(gain, keep()),
        }
    }

    #[inline]
    fn dodges(&self, saved: u32, keep: impl FnOnce() -> f64) -> bool {
        match self.command.tokens {
            TokenUse::Threshold => saved >= self.command.dodge_saves.max(1),
            TokenUse::ByValue => token_value::spends_on_dodge(saved, keep()),
        }
    }

    /// The d6 whose reroll lowers the expected damage most ([`command::blocking_reroll`]).
    #[inline]
    fn blocking_die(&self, setup: &AttackSetup, roll: &AttackRoll) -> Option<Die> {
        command::blocking_reroll(setup, roll).map(|(die, _)| die)
    }

    #[inline]
    fn passes(&self, enemy_waiting: impl FnOnce() -> bool, gain: impl FnOnce() -> f32) -> bool {
        match self.passing {
            Passing::Never => false,
            Passing::WhenEnemyWaiting => enemy_waiting(),
            Passing::ByValue => pass_value::passes_by_value(gain()),
        }
    }

    #[inline]
    fn approach(&self) -> Approach {
        self.approach
    }

    #[inline]
    fn movement(&self) -> Movement {
        self.movement
    }

    #[inline]
    fn avoids_terrain(&self) -> bool {
        self.avoid_terrain
    }

    #[inline]
    fn next_move_share(&self) -> f64 {
        self.next_move_share
    }

    #[inline]
    fn arc_weight(&self) -> f64 {
        self.arc_weight
    }

    #[inline]
    fn exposure_share(&self) -> f64 {
        self.exposure_share
    }

    #[inline]
    fn reads_clock(&self) -> bool {
        self.clock
    }

    #[inline]
    fn aims_broadsides(&self) -> bool {
        self.broadsides
    }

    #[inline]
    fn fires(&self) -> bool {
        self.fires
    }

    #[inline]
    fn targeting(&self) -> Targeting {
        self.targeting
    }

    #[inline]
    fn kill_weight(&self) -> f32 {
        self.kill_weight
    }

    #[inline]
    fn calls_pws_exchange(&self) -> bool {
        self.pws_exchange
    }

    #[inline]
    fn redirects_hits(&self) -> bool {
        self.formation.redirect_hits
    }

    #[inline]
    fn contributes(&self) -> Contribute {
        self.formation.contribute
    }

    #[inline]
    fn fighter_tactics(&self) -> FighterTactics {
        self.fighter_tactics
    }

    #[inline]
    fn fighter_caution(&self) -> f32 {
        self.fighter_caution
    }

    #[inline]
    fn weighs_screens(&self) -> bool {
        self.fighter_screens
    }

    #[inline]
    fn condition_badness(&self, kind: ConditionKind) -> u8 {
        command::badness(kind)
    }

    /// Every script gives up [Hyperspace] commands first.
    #[inline]
    fn propulsion_gives_up_hyperspace(&self, _ship: &ShipState, _design: &ShipDesign) -> bool {
        true
    }

    /// Every script values items by a fixed cost ([`loss_values`]) and loses the cheaper
    /// option.
    fn choose_losses(&self, ship: &ShipState, design: &ShipDesign, options: LossOptions) -> u32 {
        cheapest_losses(loss_values(ship, design, options))
    }
}

/// How much a script values a weapon: expected damage against a same-Size target at Range.
pub fn weapon_value(design: &ShipDesign, i: usize) -> f64 {
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

/// How much a script values a component (a fixed preference; tracks by remaining boxes).
pub fn component_value(ship: &ShipState, design: &ShipDesign, i: usize) -> f64 {
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

/// Each item `options` offers as (bit, slot, the scripts' fixed value of it: [`weapon_value`]
/// or [`component_value`]), in bit order.
pub fn loss_values<'a>(
    ship: &'a ShipState,
    design: &'a ShipDesign,
    options: LossOptions,
) -> impl Iterator<Item = (usize, Slot, f64)> + Clone + 'a {
    let mut all = options.primary | options.secondary;
    std::iter::from_fn(move || {
        if all == 0 {
            return None;
        }
        let bit = all.trailing_zeros() as usize;
        all &= all - 1;
        let slot = if options.primary & (1 << bit) != 0 {
            Slot::Primary
        } else {
            Slot::Secondary
        };
        let value = match options.condition {
            ConditionKind::Component if bit < WEAPON_BITS => component_value(ship, design, bit),
            ConditionKind::Component => weapon_value(design, bit - WEAPON_BITS),
            _ => weapon_value(design, bit),
        };
        Some((bit, slot, value))
    })
}

/// Option (a) one Primary or (b) two Secondary items, whichever costs less by the values
/// given (`(bit, slot, value)`, in bit order; the first of equals wins). When only one
/// Secondary item is left and no Primary, it is lost alone. Returns the mask to switch off.
pub fn cheapest_losses(candidates: impl Iterator<Item = (usize, Slot, f64)>) -> u32 {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn losses_prefer_the_cheaper_option() {
        // one primary worth 3 vs two secondaries worth 1 + 1.5
        let c = [
            (0, Slot::Primary, 3.0),
            (1, Slot::Secondary, 1.0),
            (2, Slot::Secondary, 1.5),
        ];
        assert_eq!(cheapest_losses(c.iter().copied()), 0b110);
        let c = [
            (0, Slot::Primary, 2.0),
            (1, Slot::Secondary, 1.0),
            (2, Slot::Secondary, 1.5),
        ];
        assert_eq!(cheapest_losses(c.iter().copied()), 0b001);
        let c = [(3, Slot::Secondary, 1.0)];
        assert_eq!(cheapest_losses(c.iter().copied()), 0b1000);
    }

    /// Ch. 5: "lose 1 Primary or 2 Secondary" — what a player may answer.
    #[test]
    fn loss_options_allow_one_primary_or_two_secondaries() {
        let o = LossOptions {
            condition: ConditionKind::Weapons,
            primary: 0b0011,
            secondary: 0b1100,
        };
        assert!(o.allows(0b0001) && o.allows(0b0010) && o.allows(0b1100));
        assert!(!o.allows(0b0011) && !o.allows(0b0100) && !o.allows(0) && !o.allows(0b0101));
        let last = LossOptions {
            condition: ConditionKind::Component,
            primary: 0,
            secondary: 0b0100,
        };
        assert!(last.allows(0b0100) && !last.allows(0));
        let none = LossOptions {
            condition: ConditionKind::Component,
            primary: 0,
            secondary: 0,
        };
        assert!(none.allows(0));
    }
}
