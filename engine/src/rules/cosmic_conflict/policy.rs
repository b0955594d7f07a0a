//! Scripted AI policies: named, parameterised decision rules for one side. Every report names
//! the policy (with its parameters) each side used.

use std::fmt;

use super::orders::Order;

/// How a side moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Approach {
    /// Never move (calibration targets, shooting ranges).
    Hold,
    /// Close to `range` of the focus target (default: ¾ of the ship's shortest weapon Range).
    Close {
        /// Preferred distance, if fixed.
        range: Option<f64>,
    },
    /// Keep `range` from the focus target (default: just inside the ship's longest Range).
    Standoff {
        /// Preferred distance, if fixed.
        range: Option<f64>,
    },
}

/// Which enemy a weapon shoots at (and, for movement, which enemy a ship focuses on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Targeting {
    /// The target with the highest expected damage from this weapon.
    BestOdds,
    /// The damaged-most target (fewest boxes left) the weapon can hurt.
    Weakest,
    /// The target with the most firepower the weapon can hurt.
    MostDangerous,
    /// The nearest target the weapon can hurt.
    Nearest,
    /// The target the shot is worth most points against: expected damage up to the boxes
    /// left, plus the policy's `kill_weight` × points × the chance the shot finishes it, with
    /// the side's missiles in flight counted as already dealt (no overkill; `battle/fire_plan.rs`).
    KillValue,
}

impl Targeting {
    /// Config names, in declaration order.
    pub const NAMES: [&'static str; 5] = [
        "best-odds",
        "weakest",
        "most-dangerous",
        "nearest",
        "kill-value",
    ];

    /// Parse a config name.
    pub fn from_name(name: &str) -> Option<Targeting> {
        Some(match name {
            "best-odds" => Targeting::BestOdds,
            "weakest" => Targeting::Weakest,
            "most-dangerous" => Targeting::MostDangerous,
            "nearest" => Targeting::Nearest,
            "kill-value" => Targeting::KillValue,
            _ => return None,
        })
    }

    /// Config name.
    pub const fn name(self) -> &'static str {
        match self {
            Targeting::BestOdds => "best-odds",
            Targeting::Weakest => "weakest",
            Targeting::MostDangerous => "most-dangerous",
            Targeting::Nearest => "nearest",
            Targeting::KillValue => "kill-value",
        }
    }
}

/// How a side chooses where a move ends (ch. 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Movement {
    /// One end point per Velocity choice, shifted straight toward the preferred distance;
    /// a detour only when that point costs terrain damage; the first of equals wins.
    Classic,
    /// Several end points per Velocity choice (planned, none, half or full Maneuver to either
    /// side), terrain damage weighed 4× as heavily, equals chosen on the battle's dice
    /// (`battle/move_lookahead.rs`).
    Lookahead,
}

impl Movement {
    /// Config names.
    pub const NAMES: [&'static str; 2] = ["classic", "lookahead"];

    /// Parse a config name.
    pub fn from_name(name: &str) -> Option<Movement> {
        match name {
            "classic" => Some(Movement::Classic),
            "lookahead" => Some(Movement::Lookahead),
            _ => None,
        }
    }

    /// Config name.
    pub const fn name(self) -> &'static str {
        match self {
            Movement::Classic => "classic",
            Movement::Lookahead => "lookahead",
        }
    }
}

/// Whether a side passes in the Size steps of the activation order (to move later).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Passing {
    /// Always activate when it is this side's turn.
    Never,
    /// Pass while the enemy still has an unactivated ship of the same Size (move after it).
    WhenEnemyWaiting,
    /// Pass when moving after the enemy pays: own fire after the enemy's predicted move and
    /// the fire own ships no longer take before their own move, against activating now
    /// (`battle/pass_value.rs`).
    ByValue,
}

/// When a held Command Token (or a discardable Order) is spent on a reroll or a Dodge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenUse {
    /// On the first reroll gaining `reroll_gain` boxes or Dodge saving `dodge_saves` boxes.
    Threshold,
    /// When this use is worth more than keeping the Token for the rest of the turn: a reroll
    /// when its gain exceeds the Dodge the Token could still buy against the enemies yet to
    /// fire at the ship; a Dodge when it saves more than a later Dodge or the ship's own
    /// reroll would gain (`battle/token_value.rs`).
    ByValue,
}

/// How a side chooses Orders and Command Tokens in the Command phase (ch. 5, ch. 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderStyle {
    /// No Orders, no Tokens (calibration: the dice alone decide).
    None,
    /// Offensive Focus when an enemy is within reach; Contingent Attack when one will be after
    /// moving; otherwise a Command Token.
    Aggressive,
    /// Evasive Actions when an enemy is within its reach; otherwise a Command Token.
    Cautious,
    /// A Command Token every turn (rerolls, Dodge, fire now, replace a Condition).
    Tokens,
    /// `aggressive`, unless Evasive Actions is worth more this turn: the enemy fire it turns
    /// away plus the Hazardous damage it spares, against Offensive Focus's reroll gain or a
    /// Token's worth (`battle/order_value.rs`).
    Weighed,
    /// The command layer played well (the `tactician` preset): see `battle/command_phase.rs`.
    Tactician,
    /// This Order whenever the rules allow it, else a Command Token.
    Always(Order),
}

impl OrderStyle {
    /// Config names of the non-fixed styles; any Order name fixes that Order.
    pub const NAMES: [&'static str; 6] = [
        "none",
        "aggressive",
        "cautious",
        "tokens",
        "tactician",
        "weighed",
    ];

    /// Parse a config name: a style or an Order name.
    pub fn from_name(name: &str) -> Option<OrderStyle> {
        Some(match name {
            "none" => OrderStyle::None,
            "aggressive" => OrderStyle::Aggressive,
            "cautious" => OrderStyle::Cautious,
            "tokens" => OrderStyle::Tokens,
            "tactician" => OrderStyle::Tactician,
            "weighed" => OrderStyle::Weighed,
            other => OrderStyle::Always(Order::from_name(other)?),
        })
    }

    /// Config name.
    pub const fn name(self) -> &'static str {
        match self {
            OrderStyle::None => "none",
            OrderStyle::Aggressive => "aggressive",
            OrderStyle::Cautious => "cautious",
            OrderStyle::Tokens => "tokens",
            OrderStyle::Tactician => "tactician",
            OrderStyle::Weighed => "weighed",
            OrderStyle::Always(o) => o.name(),
        }
    }
}

/// Which weapons join a member's attack in an Offensive Formation (ch. 9g).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contribute {
    /// Only weapons with no enemy in their reach and arcs now (they would not fire anyway).
    Spare,
    /// Every eligible unused weapon of the other members (concentrated fire).
    All,
    /// None.
    Never,
}

impl Contribute {
    /// Config names.
    pub const NAMES: [&'static str; 3] = ["spare", "all", "none"];

    /// Parse a config name.
    pub fn from_name(name: &str) -> Option<Contribute> {
        match name {
            "spare" => Some(Contribute::Spare),
            "all" => Some(Contribute::All),
            "none" => Some(Contribute::Never),
            _ => None,
        }
    }

    /// Config name.
    pub const fn name(self) -> &'static str {
        match self {
            Contribute::Spare => "spare",
            Contribute::All => "all",
            Contribute::Never => "none",
        }
    }
}

/// How a side's fighters choose where to fly (ch. 6c; house rule FT8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FighterTactics {
    /// Straight at the enemy its weapon hits best, to half its Range; home when empty (FT6).
    Direct,
    /// The reachable point with the best expected damage next activation less the damage the
    /// enemy can deal there first (`battle/fighter_ai.rs`).
    Cautious,
}

impl FighterTactics {
    /// Config names.
    pub const NAMES: [&'static str; 2] = ["cautious", "direct"];

    /// Parse a config name.
    pub fn from_name(name: &str) -> Option<FighterTactics> {
        match name {
            "cautious" => Some(FighterTactics::Cautious),
            "direct" => Some(FighterTactics::Direct),
            _ => None,
        }
    }

    /// Config name.
    pub const fn name(self) -> &'static str {
        match self {
            FighterTactics::Cautious => "cautious",
            FighterTactics::Direct => "direct",
        }
    }
}

/// How a side plays its Formations and Escorts (ch. 9g).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormationPolicy {
    /// Move Hits inside a Defensive Formation / onto an Escort when the other ship loses less
    /// of its value (points × share of its remaining boxes the damage takes).
    pub redirect_hits: bool,
    /// Offensive Formation contributions.
    pub contribute: Contribute,
}

/// When a side spends Commands (from a Token or a discarded hidden Order).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CommandPolicy {
    /// Order choice.
    pub orders: OrderStyle,
    /// Whether unrevealed Orders may be discarded for Commands (never Jump to Hyperspace).
    pub discard_orders: bool,
    /// Least expected gain (damage boxes) for which a Command is spent on a reroll.
    pub reroll_gain: f32,
    /// Least damage boxes a Dodge must save to be spent.
    pub dodge_saves: u32,
    /// How rerolls and Dodges are weighed against keeping the Token.
    pub tokens: TokenUse,
}

/// A side's policy.
#[derive(Clone, Debug, PartialEq)]
pub struct Policy {
    /// Preset name the policy started from.
    pub preset: &'static str,
    /// Movement.
    pub approach: Approach,
    /// Target choice.
    pub targeting: Targeting,
    /// Whether it fires at all (`passive` does not).
    pub fires: bool,
    /// Activation passing.
    pub passing: Passing,
    /// Whether it calls PWS exchanges when it has at least as many PWS as the enemy.
    pub pws_exchange: bool,
    /// Whether movement steers around Dangerous and Hazardous terrain (Solid is always
    /// avoided).
    pub avoid_terrain: bool,
    /// Orders and Commands.
    pub command: CommandPolicy,
    /// Formations and Escorts.
    pub formation: FormationPolicy,
    /// Where fighters fly.
    pub fighter_tactics: FighterTactics,
    /// Cautious fighters: how many boxes dealt one box taken is worth (1 = even trade).
    pub fighter_caution: f32,
    /// Cautious fighters count the PWS exchanges enemy screening fighters (PWS/fPWS) could
    /// fly in to call (`battle/fighter_screen.rs`); off in every preset.
    pub fighter_screens: bool,
    /// Where a move ends.
    pub movement: Movement,
    /// `kill-value` targeting: how many times its points a sure kill is worth on top of the
    /// boxes it takes (0 = count boxes only).
    pub kill_weight: f32,
    /// `lookahead` movement: how much of the Hazardous damage the next move could not avoid
    /// counts against an end point, as a share of the same damage at the end point itself
    /// (1 = as much; the `weighed` Orders spare a ship such damage with Evasive Actions when it
    /// pays, so their preset counts half).
    pub next_move_share: f64,
    /// `lookahead` movement: how many units of distance from the preferred range one box of
    /// expected fire is worth when an end point is scored by the arcs it gives own weapons
    /// (broadsides included) and exposes to the enemy's (0 = arcs not scored, the facing
    /// after the move is the design's best arc; `battle/move_lookahead.rs`).
    pub arc_weight: f64,
    /// Arc scoring: the share of the enemy's expected fire at an end point counted against
    /// it (1 = a box taken weighs as much as a box dealt).
    pub exposure_share: f64,
    /// Arc scoring: whether the facing after a move may put the focus enemy on either
    /// broadside (`AIMS` in `battle/move_lookahead.rs`) instead of the design's best arc.
    pub broadsides: bool,
    /// The game clock (`battle/game_clock.rs`): from the first turn after which the game may
    /// end, close when behind on the text's scoring (the enemy's fire not counted) and hold
    /// when ahead (the enemy's fire counted [`HOLD_EXPOSURE`](super::battle::game_clock::HOLD_EXPOSURE)
    /// times). Needs `arc_weight` > 0.
    pub clock: bool,
}

impl Policy {
    /// Preset names, for error messages.
    pub const PRESETS: [&'static str; 14] = [
        "brawler",
        "tactician",
        "standoff",
        "focus-weakest",
        "focus-threat",
        "turret",
        "passive",
        "brawler-v2",
        "tactician-v2",
        "standoff-v2",
        "brawler-v3",
        "brawler-v4",
        "brawler-v5",
        "brawler-v6",
    ];

    /// A named preset:
    /// * `brawler` — close in and fire everything at the best odds; never passes; aggressive
    ///   Orders (Offensive Focus / Contingent Attack / Token).
    /// * `tactician` — closes in like `brawler` and plays the command layer: Mark Target with
    ///   its earliest-activating ship (one on the dice among equals) and focus fire on marked enemies, Evasive Actions when
    ///   outgunned, Brace for Impact before a heavy turn, Reinforce Shields, Jump to
    ///   Hyperspace to save a doomed ship's points, Tokens spent on rerolls and Dodges, and
    ///   hidden Orders discarded for Commands when they pay more.
    /// * `standoff` — hold at the longest Range, best odds, moves after the enemy when it can;
    ///   cautious Orders (Evasive Actions under fire, else a Token).
    /// * `focus-weakest` — close in and focus fire on the most damaged enemy; aggressive Orders.
    /// * `focus-threat` — close in and focus fire on the enemy with the most firepower;
    ///   aggressive Orders.
    /// * `turret` — never moves, fires at the best odds, no Orders (the gun of a shooting range).
    /// * `passive` — never moves, never fires, no Orders (a target for calibration scenarios).
    ///
    /// The new generation (issue 17), each the old style with the `kill-value` fire plan
    /// (no overkill, finish what is worn down, points first; `kill_weight` 1) and the
    /// `lookahead` movement (more end points scored, terrain damage avoided, ties on dice):
    /// * `brawler-v2` — `brawler`'s approach and Orders, fire by `kill-value`.
    /// * `tactician-v2` — `tactician`'s command layer, fire by `kill-value`.
    /// * `standoff-v2` — `standoff`'s range, passing and cautious Orders, fire by
    ///   `kill-value`.
    ///
    /// The third generation (issue 17):
    /// * `brawler-v3` — `brawler-v2` with the `weighed` Orders: Evasive Actions when the enemy
    ///   fire it turns away and the Hazardous damage it spares are worth more than Offensive
    ///   Focus (or the Token) this turn (`battle/order_value.rs`); its lookahead counts the
    ///   Hazardous damage the next move could not avoid at half (`next_move_share` 0.5: that
    ///   damage is still avoidable, by Evasive Actions next turn).
    ///
    /// The fourth generation (issue 17):
    /// * `brawler-v5` — `brawler-v4` whose lookahead scores each end point by the expected
    ///   fire its weapons (broadsides included) bring to bear from there, facing as it will
    ///   turn, less a quarter of the enemy's fire its arcs and ranges expose it to
    ///   (`arc_weight` 2, `exposure_share` 0.25). Turning a broadside to the enemy
    ///   (`broadsides`) and the game clock (`clock`) are side settings, off: measured, they
    ///   did not pay for both fleets (docs/cosmic-conflict-presets-v2.md).
    /// * `brawler-v6` — `brawler-v5` whose cautious fighters weigh the enemy's screening
    ///   fighters (`fighter_screens`, `battle/fighter_screen.rs`): the PWS exchange an
    ///   interceptor could fly in to call, shared over the fighters it could choose from and
    ///   less what the other fighters would deal it there. Plays as `brawler-v5` where the
    ///   enemy has no fighter carrying PWS or fPWS.
    /// * `brawler-v4` — `brawler-v3` that passes in a Size step when moving after the enemy
    ///   pays (`battle/pass_value.rs`) and spends its Command Tokens by value: a reroll or a
    ///   Dodge when it is worth more than keeping the Token for the rest of the turn
    ///   (`battle/token_value.rs`).
    pub fn preset(name: &str) -> Option<Policy> {
        let base = Policy {
            preset: "brawler",
            approach: Approach::Close { range: None },
            targeting: Targeting::BestOdds,
            fires: true,
            passing: Passing::Never,
            pws_exchange: true,
            avoid_terrain: true,
            command: CommandPolicy {
                orders: OrderStyle::Aggressive,
                discard_orders: false,
                reroll_gain: 1.0,
                dodge_saves: 2,
                tokens: TokenUse::Threshold,
            },
            formation: FormationPolicy {
                redirect_hits: true,
                contribute: Contribute::Spare,
            },
            fighter_tactics: FighterTactics::Cautious,
            fighter_caution: 1.0,
            fighter_screens: false,
            kill_weight: 1.0,
            movement: Movement::Classic,
            next_move_share: 1.0,
            arc_weight: 0.0,
            exposure_share: 1.0,
            broadsides: true,
            clock: false,
        };
        let none = CommandPolicy {
            orders: OrderStyle::None,
            ..base.command
        };
        Some(match name {
            "brawler" => base,
            "tactician" => Policy {
                preset: "tactician",
                command: CommandPolicy {
                    orders: OrderStyle::Tactician,
                    discard_orders: true,
                    ..base.command
                },
                ..base
            },
            "standoff" => Policy {
                preset: "standoff",
                approach: Approach::Standoff { range: None },
                passing: Passing::WhenEnemyWaiting,
                command: CommandPolicy {
                    orders: OrderStyle::Cautious,
                    ..base.command
                },
                ..base
            },
            "focus-weakest" => Policy {
                preset: "focus-weakest",
                targeting: Targeting::Weakest,
                ..base
            },
            "focus-threat" => Policy {
                preset: "focus-threat",
                targeting: Targeting::MostDangerous,
                ..base
            },
            "turret" => Policy {
                preset: "turret",
                approach: Approach::Hold,
                pws_exchange: false,
                command: none,
                ..base
            },
            "passive" => Policy {
                preset: "passive",
                approach: Approach::Hold,
                fires: false,
                pws_exchange: false,
                command: none,
                ..base
            },
            "brawler-v2" | "tactician-v2" | "standoff-v2" => {
                let old = Policy::preset(name.trim_end_matches("-v2"))?;
                Policy {
                    preset: match name {
                        "brawler-v2" => "brawler-v2",
                        "tactician-v2" => "tactician-v2",
                        _ => "standoff-v2",
                    },
                    targeting: Targeting::KillValue,
                    movement: Movement::Lookahead,
                    ..old
                }
            }
            "brawler-v3" => {
                let v2 = Policy::preset("brawler-v2")?;
                Policy {
                    preset: "brawler-v3",
                    command: CommandPolicy {
                        orders: OrderStyle::Weighed,
                        ..v2.command
                    },
                    next_move_share: 0.5,
                    ..v2
                }
            }
            "brawler-v4" => {
                let v3 = Policy::preset("brawler-v3")?;
                Policy {
                    preset: "brawler-v4",
                    passing: Passing::ByValue,
                    command: CommandPolicy {
                        tokens: TokenUse::ByValue,
                        ..v3.command
                    },
                    ..v3
                }
            }
            "brawler-v5" => {
                let v4 = Policy::preset("brawler-v4")?;
                Policy {
                    preset: "brawler-v5",
                    arc_weight: V5_ARC_WEIGHT,
                    exposure_share: V5_EXPOSURE_SHARE,
                    broadsides: V5_BROADSIDES,
                    clock: V5_CLOCK,
                    ..v4
                }
            }
            "brawler-v6" => Policy {
                preset: "brawler-v6",
                fighter_screens: true,
                ..Policy::preset("brawler-v5")?
            },
            _ => return None,
        })
    }
}

/// `brawler-v5`'s `arc_weight`: units of distance from the preferred range per box of
/// expected fire.
pub const V5_ARC_WEIGHT: f64 = 2.0;

/// `brawler-v5`'s `exposure_share`.
pub const V5_EXPOSURE_SHARE: f64 = 0.25;

/// Whether `brawler-v5` may turn a broadside to the focus enemy.
pub const V5_BROADSIDES: bool = false;

/// Whether `brawler-v5` reads the game clock.
pub const V5_CLOCK: bool = false;

impl fmt::Display for Policy {
    /// `preset(approach, targeting, ...)` — the full parameter set, for reports.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let approach = match self.approach {
            Approach::Hold => "hold".to_string(),
            Approach::Close { range: None } => "close".to_string(),
            Approach::Close { range: Some(r) } => format!("close@{r}"),
            Approach::Standoff { range: None } => "standoff".to_string(),
            Approach::Standoff { range: Some(r) } => format!("standoff@{r}"),
        };
        let targeting = self.targeting.name();
        let passing = match self.passing {
            Passing::Never => "no-pass",
            Passing::WhenEnemyWaiting => "pass-when-enemy-waiting",
            Passing::ByValue => "pass-by-value",
        };
        let c = &self.command;
        write!(
            f,
            "{}(move={approach}, target={targeting}, fire={}, {passing}, pws-exchange={}, \
             orders={}, discard-orders={}, reroll-gain={}, dodge-saves={})",
            self.preset,
            self.fires,
            self.pws_exchange,
            c.orders.name(),
            c.discard_orders,
            c.reroll_gain,
            c.dodge_saves
        )?;
        if !self.avoid_terrain {
            f.write_str(" terrain=ignore")?;
        }
        // Formation choices only when they differ from the default (reports stay as they were).
        let fp = &self.formation;
        if !fp.redirect_hits {
            f.write_str(" redirect-hits=false")?;
        }
        if fp.contribute != Contribute::Spare {
            write!(f, " contribute={}", fp.contribute.name())?;
        }
        if self.fighter_tactics != FighterTactics::Cautious {
            write!(f, " fighters={}", self.fighter_tactics.name())?;
        }
        if self.fighter_caution != 1.0 {
            write!(f, " fighter-caution={}", self.fighter_caution)?;
        }
        if self.fighter_screens {
            f.write_str(" fighter-screens")?;
        }
        if self.movement != Movement::Classic {
            write!(f, " movement={}", self.movement.name())?;
        }
        if self.targeting == Targeting::KillValue || self.kill_weight != 1.0 {
            write!(f, " kill-weight={}", self.kill_weight)?;
        }
        if self.next_move_share != 1.0 {
            write!(f, " next-move-share={}", self.next_move_share)?;
        }
        if self.command.tokens == TokenUse::ByValue {
            f.write_str(" tokens=by-value")?;
        }
        if self.arc_weight != 0.0 {
            write!(
                f,
                " arc-weight={} exposure-share={}",
                self.arc_weight, self.exposure_share
            )?;
        }
        if self.arc_weight != 0.0 && !self.broadsides {
            f.write_str(" broadsides=false")?;
        }
        if self.clock {
            f.write_str(" clock")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Weighing enemy screens is a side setting, off in every preset but `brawler-v6` (the
    /// others' bits hold), and reports name it only when it is on.
    #[test]
    fn only_brawler_v6_weighs_screens() {
        for name in Policy::PRESETS.iter().filter(|n| **n != "brawler-v6") {
            let p = Policy::preset(name).unwrap();
            assert!(!p.fighter_screens, "{name}");
            assert!(!p.to_string().contains("fighter-screens"), "{name}");
        }
        let on = Policy {
            fighter_screens: true,
            ..Policy::preset("brawler-v5").unwrap()
        };
        assert!(on.to_string().contains(" fighter-screens"));
        let v6 = Policy::preset("brawler-v6").unwrap();
        assert_eq!(
            Policy {
                preset: "brawler-v6",
                ..on
            },
            v6
        );
    }

    /// `brawler-v5` is `brawler-v4` with arcs scored; no older preset scores them.
    #[test]
    fn brawler_v5_is_brawler_v4_with_arcs_scored() {
        let v4 = Policy::preset("brawler-v4").unwrap();
        let v5 = Policy::preset("brawler-v5").unwrap();
        assert_eq!(v5.arc_weight, V5_ARC_WEIGHT);
        assert!(v5.arc_weight > 0.0);
        assert_eq!(
            Policy {
                preset: "brawler-v4",
                arc_weight: 0.0,
                exposure_share: 1.0,
                broadsides: true,
                clock: false,
                ..v5.clone()
            },
            v4
        );
        for name in Policy::PRESETS
            .iter()
            .filter(|n| !matches!(**n, "brawler-v5" | "brawler-v6"))
        {
            let p = Policy::preset(name).unwrap();
            assert_eq!(p.arc_weight, 0.0, "{name}");
            assert!(!p.clock, "{name}");
            assert!(!p.to_string().contains("arc-weight"), "{name}");
        }
        assert!(
            v5.to_string()
                .contains("arc-weight=2 exposure-share=0.25 broadsides=false")
        );
    }

    /// `brawler-v3` is `brawler-v2` with the `weighed` Orders and half the weight on the next
    /// move's unavoidable hazard; the older presets keep their settings.
    #[test]
    fn brawler_v3_is_brawler_v2_with_weighed_orders() {
        let v2 = Policy::preset("brawler-v2").unwrap();
        let v3 = Policy::preset("brawler-v3").unwrap();
        assert_eq!(v3.command.orders, OrderStyle::Weighed);
        assert_eq!(v3.next_move_share, 0.5);
        assert_eq!(v2.next_move_share, 1.0);
        assert_eq!(
            Policy {
                preset: "brawler-v2",
                command: v2.command,
                next_move_share: 1.0,
                ..v3.clone()
            },
            v2
        );
        assert_eq!(OrderStyle::from_name("weighed"), Some(OrderStyle::Weighed));
        for name in Policy::PRESETS {
            assert!(Policy::preset(name).is_some(), "{name}");
        }
    }

    /// `brawler-v4` is `brawler-v3` passing and spending Tokens by value; no older preset
    /// does either (`brawler-v5` builds on `brawler-v4`).
    #[test]
    fn brawler_v4_is_brawler_v3_with_passing_and_tokens_by_value() {
        let v3 = Policy::preset("brawler-v3").unwrap();
        let v4 = Policy::preset("brawler-v4").unwrap();
        assert_eq!(v4.passing, Passing::ByValue);
        assert_eq!(v4.command.tokens, TokenUse::ByValue);
        assert_eq!(
            Policy {
                preset: "brawler-v3",
                passing: Passing::Never,
                command: v3.command,
                ..v4.clone()
            },
            v3
        );
        for name in Policy::PRESETS
            .iter()
            .filter(|n| !matches!(**n, "brawler-v4" | "brawler-v5" | "brawler-v6"))
        {
            let p = Policy::preset(name).unwrap();
            assert_ne!(p.passing, Passing::ByValue, "{name}");
            assert_eq!(p.command.tokens, TokenUse::Threshold, "{name}");
        }
        assert!(
            v4.to_string().contains("pass-by-value") && v4.to_string().contains("tokens=by-value")
        );
    }
}
