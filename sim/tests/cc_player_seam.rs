//! The player seam (issue 16 §3): Cosmic Conflict's rules ask each side's [`Player`] wherever
//! the text gives the side a choice. A player that answers as the scripts do reproduces the
//! scripted battles bit for bit; one that answers differently at a single seam point (which
//! items Weapons and Component Damage take, ch. 5) changes battles — so the rules do ask it.

use std::cell::Cell;
use std::path::Path;

use fleetlab_engine::dice::Dice;
use fleetlab_engine::rules::cosmic_conflict::attack::{AttackRoll, AttackSetup};
use fleetlab_engine::rules::cosmic_conflict::command::Die;
use fleetlab_engine::rules::cosmic_conflict::condition::ConditionKind;
use fleetlab_engine::rules::cosmic_conflict::design::ShipDesign;
use fleetlab_engine::rules::cosmic_conflict::player::{
    LossOptions, Player, cheapest_losses, loss_values,
};
use fleetlab_engine::rules::cosmic_conflict::policy::{
    Approach, Contribute, FighterTactics, Movement, OrderStyle, Policy, Targeting,
};
use fleetlab_engine::rules::cosmic_conflict::ship::ShipState;
use fleetlab_engine::rules::cosmic_conflict::{CosmicConflict, battle};
use fleetlab_engine::{NoTrace, Outcome, RuleSystem, ShipTally};
use fleetlab_sim::load::{self, Experiment};
use fleetlab_sim::runner;

/// A test player (not a preset): answers every choice as its script does, counts the
/// Weapons/Component Damage choices it is asked, and — when `contrary` — loses the *most*
/// valuable option there instead of the cheapest.
struct Asked {
    script: Policy,
    contrary: bool,
    losses_asked: Cell<u32>,
}

impl Asked {
    fn new(script: &Policy, contrary: bool) -> Self {
        Asked {
            script: script.clone(),
            contrary,
            losses_asked: Cell::new(0),
        }
    }
}

impl Player for Asked {
    fn order_style(&self) -> OrderStyle {
        self.script.order_style()
    }
    fn discards_orders(&self) -> bool {
        self.script.discards_orders()
    }
    fn reroll_die(
        &self,
        setup: &AttackSetup,
        roll: &AttackRoll,
        except: Option<Die>,
    ) -> Option<(Die, f64)> {
        self.script.reroll_die(setup, roll, except)
    }
    fn rerolls(&self, gain: f64, keep: impl FnOnce() -> f64) -> bool {
        self.script.rerolls(gain, keep)
    }
    fn dodges(&self, saved: u32, keep: impl FnOnce() -> f64) -> bool {
        self.script.dodges(saved, keep)
    }
    fn blocking_die(&self, setup: &AttackSetup, roll: &AttackRoll) -> Option<Die> {
        self.script.blocking_die(setup, roll)
    }
    fn passes(&self, enemy_waiting: impl FnOnce() -> bool, gain: impl FnOnce() -> f32) -> bool {
        self.script.passes(enemy_waiting, gain)
    }
    fn approach(&self) -> Approach {
        self.script.approach()
    }
    fn movement(&self) -> Movement {
        self.script.movement()
    }
    fn avoids_terrain(&self) -> bool {
        self.script.avoids_terrain()
    }
    fn fires(&self) -> bool {
        self.script.fires()
    }
    fn targeting(&self) -> Targeting {
        self.script.targeting()
    }
    fn kill_weight(&self) -> f32 {
        self.script.kill_weight()
    }
    fn calls_pws_exchange(&self) -> bool {
        self.script.calls_pws_exchange()
    }
    fn redirects_hits(&self) -> bool {
        self.script.redirects_hits()
    }
    fn contributes(&self) -> Contribute {
        self.script.contributes()
    }
    fn fighter_tactics(&self) -> FighterTactics {
        self.script.fighter_tactics()
    }
    fn fighter_caution(&self) -> f32 {
        self.script.fighter_caution()
    }
    fn condition_badness(&self, kind: ConditionKind) -> u8 {
        self.script.condition_badness(kind)
    }
    fn propulsion_gives_up_hyperspace(&self, ship: &ShipState, design: &ShipDesign) -> bool {
        self.script.propulsion_gives_up_hyperspace(ship, design)
    }
    fn choose_losses(&self, ship: &ShipState, design: &ShipDesign, options: LossOptions) -> u32 {
        self.losses_asked.set(self.losses_asked.get() + 1);
        if !self.contrary {
            return self.script.choose_losses(ship, design, options);
        }
        // The same valuation, negated: the costliest option is "cheapest".
        let items = loss_values(ship, design, options).map(|(b, slot, v)| (b, slot, -v));
        let lost = cheapest_losses(items);
        assert!(options.allows(lost), "{lost:#b} not allowed by {options:?}");
        lost
    }
}

fn experiment(config: &str) -> Experiment<CosmicConflict> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs/cosmic-conflict");
    load::load::<CosmicConflict>(&path.join(config)).unwrap_or_else(|e| panic!("{e}"))
}

/// Battles `0..n` of the experiment's first matchup, played by the matchup's policies
/// ([`battle::play`], the golden path) and by `players` made from them.
fn both(
    exp: &Experiment<CosmicConflict>,
    n: u64,
    players: impl Fn(&Policy) -> Asked,
) -> (Vec<Outcome>, Vec<Outcome>, u32) {
    let nm = &exp.matchups[0];
    let m = &nm.matchup;
    let key = runner::matchup_key(nm);
    let seed = exp.spec.seed.unwrap_or(1);
    let mut state = CosmicConflict::new_state(m);
    let mut ships = vec![ShipTally::default(); CosmicConflict::ship_count(m)];
    let ps = [players(&m.policies[0]), players(&m.policies[1])];
    let (mut scripted, mut asked) = (Vec::new(), Vec::new());
    for i in 0..n {
        let mut dice = Dice::for_battle(seed, key, i);
        scripted.push(battle::play(
            m,
            &mut state,
            &mut dice,
            &mut NoTrace,
            &mut ships,
        ));
        let mut dice = Dice::for_battle(seed, key, i);
        asked.push(battle::play_with(
            m,
            &ps,
            &mut state,
            &mut dice,
            &mut NoTrace,
            &mut ships,
        ));
    }
    let calls = ps[0].losses_asked.get() + ps[1].losses_asked.get();
    (scripted, asked, calls)
}

/// A player answering as the scripts do gives every battle's outcome bit for bit — on the
/// reference game and on the command layer (Orders, Tokens, rerolls, Dodges, Brace for
/// Impact, the Defensive Command: every Command-phase seam point asked).
#[test]
fn a_player_answering_as_the_script_reproduces_the_scripted_battles() {
    for config in ["reference-3v3.toml", "command-layer.toml"] {
        let exp = experiment(config);
        let (scripted, asked, calls) = both(&exp, 300, |p| Asked::new(p, false));
        assert_eq!(scripted, asked, "{config}");
        assert!(
            calls > 0,
            "{config}: Weapons/Component Damage never asked the player"
        );
    }
}

/// Ch. 5 Weapons and Component Damage: "lose 1 Primary or 2 Secondary" is the owner's
/// choice. A player that loses its most valuable option instead of the cheapest is asked
/// (exact count, fixed seeds) and changes the outcome of some of the first 300 reference
/// battles (exact count) — the rules take the player's answer, not a fixed cost.
#[test]
fn the_rules_ask_the_player_which_items_component_damage_takes() {
    let exp = experiment("reference-3v3.toml");
    let (scripted, contrary, calls) = both(&exp, 300, |p| Asked::new(p, true));
    let changed = scripted
        .iter()
        .zip(&contrary)
        .filter(|(a, b)| a != b)
        .count();
    // Golden (seed 20220515, battles 0..300): asked 316 times; 26 outcomes differ.
    assert_eq!((calls, changed), (316, 26));
}
