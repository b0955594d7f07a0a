//! The named house rules of Cold Infinity's §2–§5 and §7.1 (turn sequence, initiative, power,
//! electronic warfare, movement, fire preconditions): every place where the seed is silent,
//! contradicts itself or lost a diagram, with the proposed reading as `Default` and at least
//! one alternative. Documented in `docs/house-rules/cold-infinity.md` ("Movement, power and
//! electronic warfare"); digest items are cited as D19 n.

use super::super::arcs::ArcGeometry;
use super::super::aspect::SilhouetteRegions;

/// Which Mass the initiative clamp of §2.1.2 ("may not vary by more than 20 points above or
/// below the ship's Mass") is measured from (the text does not say whether rounded).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InitiativeClamp {
    /// Default: the rounded Mass, the same number the turn-1 base uses: `[M − 20, M + 20]`.
    #[default]
    RoundedMass,
    /// The exact Mass: `[ceil(Mass − 20), floor(Mass + 20)]` in tenths (12.7 → −7..=32).
    ExactMass,
}

/// Which speed the initiative roll subtracts half of (§2.1.2; D19 10: unstated).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InitiativeSpeed {
    /// Default: the speed the ship has when initiative is rolled (its vector before this
    /// turn's thrust).
    #[default]
    StartOfTurn,
    /// The speed it will have after this turn's thrust (the thrust plan is committed before
    /// initiative is rolled): a ship gains initiative on the turn it accelerates.
    AfterThisTurnsThrust,
}

/// Engine thrust after damage (D19 42): §13.1.3 and §5.2 disagree after odd damage.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EngineDamage {
    /// Default (§13.1.3): thrust = floor(undamaged structure / 2) (structure 8, 1 damage → 3).
    #[default]
    HalfUndamagedStructure,
    /// §5.2: design thrust − floor(structure lost / 2) (structure 8, 1 damage → 4).
    OnePerTwoLost,
}

/// Order of rotation and acceleration within one ship's move (D19 11; §5.4.1's example pivots
/// first, then accelerates along the new facing).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ThrustOrder {
    /// Default: new and continuing rotation first, then acceleration along the new facing.
    #[default]
    RotateThenAccelerate,
    /// Accelerate along the facing held at the start of the move, then rotate.
    AccelerateThenRotate,
}

/// When a weapon fired on turn `t` with RoF `X+Y` may fire again (D19 23: §7.1.3's 1+2
/// examples give turn `t + Y + 1`; its 1+3 example says turn 4, i.e. `t + Y`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ArmingCount {
    /// Default (the rule and both 1+2 examples): arms Y full turns, fires on `t + Y + 1`.
    #[default]
    YTurnsAfterFiring,
    /// The 1+3 example: the firing turn counts as the first arming turn, fires on `t + Y`
    /// (a `+0` or `+1` weapon is unchanged or fires every turn).
    FiringTurnCounts,
}

/// The first-turn fire of a weapon switched on this turn (D19 37: §3.2 "may only fire on
/// their activation turn if they have a rate of fire of at least 1+0").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ActivationTurn {
    /// Default: the activation turn is the first arming turn (the 1+2 example: switched on
    /// turn 6, arms 6–7, fires 8); a `+0` weapon fires at once.
    #[default]
    CountsAsArming,
    /// The activation turn does not arm: a `+Y` weapon switched on turn `t` fires on
    /// `t + Y + 1` … one turn later than the default; `+0` still fires at once.
    DoesNotArm,
}

/// How a damaged capacitor loses "power output at a rate of 2 points for every point of
/// damage" (§3.1.2): the text names neither its capacity nor its recharge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CapacitorDamage {
    /// Default: capacity falls 2 per damage point (D4: "Rating = 2 × undamaged structure").
    #[default]
    Capacity,
    /// Both capacity and recharge fall 2 per damage point.
    CapacityAndRecharge,
}

/// A capacitor's charge when the battle begins: §3.1.2 is silent (its example starts a 30/10
/// capacitor at 30).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CapacitorStart {
    /// Default: full (the example's 30 of 30; a ship comes to battle charged).
    #[default]
    Full,
    /// Empty: the first turn has only the recharge.
    Empty,
}

/// A battery's charge when the battle begins: §3.1.3 is silent (batteries are filled by
/// diverting plant power "on any given turn").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BatteryStart {
    /// Default: full (charged before the battle, as a store is meant to be).
    #[default]
    Full,
    /// Empty: filled only by the plant's spare power during the battle.
    Empty,
}

/// Collector panel damage (D19 18): §3.1.5 says 2 collector points per damage point, §13.1.4
/// says 1:1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CollectorDamage {
    /// Default (§3.1.5): 2 per damage point.
    #[default]
    TwoPerPoint,
    /// §13.1.4: 1 per damage point.
    OnePerPoint,
}

/// How the flag bridge's free 4-hex shroud (§15.1.1, "points added to the shroud extend it")
/// combines with shroud points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FlagShroud {
    /// Default: 4 + 10 per point.
    #[default]
    Additive,
    /// The larger of 4 and 10 per point.
    Larger,
}

/// Which blockers the two sentences of §7.1.5 mean (D19 25).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LosBlockers {
    /// Default: a unit strictly between firer and target blocks at ≥ ½ the target's Mass; a
    /// unit in the target's own hex blocks at ≥ the target's Mass.
    #[default]
    BetweenHalfMass,
    /// "Closer to the firing ship than the target" read as: nearer the firer than the target
    /// is to the blocker. A ½-Mass unit blocks only in the firer's half of the line; a unit of
    /// ≥ the target's Mass blocks anywhere on it, target hex included.
    FirerHalfOnly,
}

/// A line of sight that runs exactly along a hex edge (D19 25).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EdgeLine {
    /// Default: the firer chooses the side, so the line is blocked only if both sides are.
    #[default]
    FirerChooses,
    /// Blocked if either side is blocked.
    EitherSideBlocks,
}

/// Silhouette of a rolled or tumbled target (D19 32, third reading: the 2-D table lost its
/// column headers; it reads "Tumbled: use P/S | as if not tumbled", "Rolled: as if not rolled |
/// use F/A").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RotatedSilhouette {
    /// Default (the 3-D table's same-layer column): tumbled 90° → P/S, rolled 90° → F/A.
    #[default]
    TumbledPsRolledFa,
    /// The table's other column: determine as if the target were upright.
    AsIfUpright,
}

/// Non-turret arcs of a ship rolled or tumbled 90° in 2-D (§7.1.4.1: "consult the firing arc
/// cubes" — SSB51–58, not in the seed).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RotatedArcs {
    /// Default: as if level (only turrets change, as §7.1.4.1 states for them).
    #[default]
    AsIfLevel,
    /// Arcs pointing off the map plane are blind: rolled 90°, every arc not centred dead fore
    /// or aft; tumbled 90°, every arc not centred dead port or starboard.
    OffPlaneBlind,
}

/// The house rules of §2–§5 and §7.1 (see the module doc). `Default` is the proposed reading.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Readings {
    /// §2.1.2 clamp reference.
    pub initiative_clamp: InitiativeClamp,
    /// §2.1.2 speed term.
    pub initiative_speed: InitiativeSpeed,
    /// §5.2 / §13.1.3 engine thrust after damage.
    pub engine_damage: EngineDamage,
    /// §5.4.1 rotation / acceleration order.
    pub thrust_order: ThrustOrder,
    /// §7.1.3 arming count.
    pub arming_count: ArmingCount,
    /// §3.2 activation-turn arming.
    pub activation_turn: ActivationTurn,
    /// §3.1.2 damaged capacitor.
    pub capacitor_damage: CapacitorDamage,
    /// §3.1.2 capacitor charge at the start.
    pub capacitor_start: CapacitorStart,
    /// §3.1.3 battery charge at the start.
    pub battery_start: BatteryStart,
    /// §3.1.5 / §13.1.4 damaged collectors.
    pub collector_damage: CollectorDamage,
    /// §15.1.1 flag-bridge shroud.
    pub flag_shroud: FlagShroud,
    /// §7.1.5 blockers.
    pub los_blockers: LosBlockers,
    /// §7.1.5 lines along a hex edge.
    pub edge_line: EdgeLine,
    /// §7.3.1.1 rolled/tumbled silhouette.
    pub rotated_silhouette: RotatedSilhouette,
    /// §7.1.4.1 non-turret arcs of a rolled/tumbled ship.
    pub rotated_arcs: RotatedArcs,
    /// §7.1.4 arc shapes (diagrams lost, D19 4): data.
    pub arcs: ArcGeometry,
    /// §7.3.1.1 silhouette regions (diagrams lost, D19 5): data.
    pub silhouettes: SilhouetteRegions,
    /// §5.6 cinematic motion caps (optional rule): `None` = off (default); `Some(frigate cap)`
    /// = on, the frigate row at 4 (the list, D19 22) or 3 (the example).
    pub cinematic_frigate_cap: Option<u8>,
}

impl Default for Readings {
    fn default() -> Self {
        Readings {
            initiative_clamp: InitiativeClamp::default(),
            initiative_speed: InitiativeSpeed::default(),
            engine_damage: EngineDamage::default(),
            thrust_order: ThrustOrder::default(),
            arming_count: ArmingCount::default(),
            activation_turn: ActivationTurn::default(),
            capacitor_damage: CapacitorDamage::default(),
            capacitor_start: CapacitorStart::default(),
            battery_start: BatteryStart::default(),
            collector_damage: CollectorDamage::default(),
            flag_shroud: FlagShroud::default(),
            los_blockers: LosBlockers::default(),
            edge_line: EdgeLine::default(),
            rotated_silhouette: RotatedSilhouette::default(),
            rotated_arcs: RotatedArcs::default(),
            arcs: ArcGeometry::DIGEST,
            silhouettes: SilhouetteRegions::DIGEST,
            cinematic_frigate_cap: None,
        }
    }
}

impl Readings {
    /// The house-rule keys that differ from the default (for `fleetlab audit`, once wired).
    pub fn changed_keys(&self) -> impl Iterator<Item = &'static str> + '_ {
        let d = Readings::default();
        [
            (
                "initiative_clamp",
                self.initiative_clamp != d.initiative_clamp,
            ),
            (
                "initiative_speed",
                self.initiative_speed != d.initiative_speed,
            ),
            ("engine_damage", self.engine_damage != d.engine_damage),
            ("thrust_order", self.thrust_order != d.thrust_order),
            ("arming_count", self.arming_count != d.arming_count),
            ("activation_turn", self.activation_turn != d.activation_turn),
            (
                "capacitor_damage",
                self.capacitor_damage != d.capacitor_damage,
            ),
            ("capacitor_start", self.capacitor_start != d.capacitor_start),
            ("battery_start", self.battery_start != d.battery_start),
            (
                "collector_damage",
                self.collector_damage != d.collector_damage,
            ),
            ("flag_shroud", self.flag_shroud != d.flag_shroud),
            ("los_blockers", self.los_blockers != d.los_blockers),
            ("edge_line", self.edge_line != d.edge_line),
            (
                "rotated_silhouette",
                self.rotated_silhouette != d.rotated_silhouette,
            ),
            ("rotated_arcs", self.rotated_arcs != d.rotated_arcs),
            ("arcs", self.arcs != d.arcs),
            ("silhouettes", self.silhouettes != d.silhouettes),
            (
                "cinematic_frigate_cap",
                self.cinematic_frigate_cap != d.cinematic_frigate_cap,
            ),
        ]
        .into_iter()
        .filter(|&(_, changed)| changed)
        .map(|(k, _)| k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_changes_nothing_and_each_alternative_is_listed() {
        assert_eq!(Readings::default().changed_keys().count(), 0);
        let r = Readings {
            engine_damage: EngineDamage::OnePerTwoLost,
            arcs: ArcGeometry::WIDER,
            ..Readings::default()
        };
        let keys: Vec<_> = r.changed_keys().collect();
        assert_eq!(keys, ["engine_damage", "arcs"]);
    }
}
