//! Named house rules: every place where the Cosmic Conflict text is silent, garbled or refers
//! to a missing table. Each has the digest's proposed default and can be overridden in a
//! config's `[house_rules]` table. Listed for users in `docs/house-rules/cosmic-conflict.md`.

use serde::Deserialize;

use super::condition::{CONDITION_TABLE, ConditionKind};

/// A Miss/Glance/Hit chart (`chart`, G1: the chart of "section 4b" is missing).
/// An Accuracy result ≤ `miss_max` misses, ≤ `glance_max` glances, anything higher hits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MghChart {
    /// Highest Accuracy result that misses (default 0).
    pub miss_max: i8,
    /// Highest Accuracy result that glances (default 2).
    pub glance_max: i8,
}

impl Default for MghChart {
    /// Miss ≤ 0, Glance 1–2, Hit ≥ 3 — the only hint in the text is the defensive suite turning
    /// "1-2" into "1-3".
    fn default() -> Self {
        MghChart {
            miss_max: 0,
            glance_max: 2,
        }
    }
}

/// One row of the Movement Table (`movement_table`, G2: the table is missing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementRow {
    /// Highest Velocity.
    pub vmax: u8,
    /// Maneuver distance.
    pub maneuver: u8,
    /// Heading (30° steps) while Velocity ≤ vmax/2.
    pub heading_slow: u8,
    /// Heading while Velocity > vmax/2.
    pub heading_fast: u8,
}

impl MovementRow {
    /// Heading at velocity `v`.
    pub fn heading_at(&self, v: u8) -> u8 {
        if u16::from(v) * 2 <= u16::from(self.vmax) {
            self.heading_slow
        } else {
            self.heading_fast
        }
    }

    /// Starting velocity: floor(vmax / 2) (G2).
    pub fn start_velocity(&self) -> u8 {
        self.vmax / 2
    }
}

/// Which track kinds absorb damage first (`damage_order`, G3: "Assigning Damage" is missing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TrackOrder {
    /// Armor tracks, then Shield tracks, then Health.
    ArmorFirst,
    /// Shield tracks, then Armor tracks, then Health.
    ShieldFirst,
}

/// Which Accuracy the Shield/Kinetic bypass compares (`bypass_accuracy`, G31).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BypassAccuracy {
    /// The modified Accuracy result A (default).
    Modified,
    /// The raw d6 (makes bypass rare).
    Raw,
}

/// What terrain a missile token's attack checks (`missile_token_terrain`, G20). The text
/// (seed 003 l. 334): "resolve the attack to the same target as though from the position of
/// the missile token" — silent on terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MissileTokenTerrain {
    /// Everything between the token and the target, as for an attack from there (default,
    /// "as though from the position of the missile token"): Solid and Concealing terrain
    /// stop it, Obscuring (X) lowers its Accuracy, Blocking lets the defender reroll unless
    /// the target is within 10 of the token.
    FromToken,
    /// Only Solid terrain between the token and the target stops it; nothing else applies
    /// (the digest's G20 proposal).
    SolidOnly,
}

/// How long Brace for Impact works (`brace_for_impact`). The text (seed 003 l. 475): "For the
/// remainder of this turn, if this Ship receives damage that finishes a Health damage track,
/// disregard damage that would be applied to the next health track. The Ship may roll twice
/// on the Condition table and choose which Condition to suffer."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BraceForImpact {
    /// "For the remainder of this turn" governs both sentences (default): every hit that turn
    /// is capped at the end of the row it finishes, and every Condition roll that turn is
    /// rolled twice (Critical chains included).
    WholeTurn,
    /// The Order is used up by the first hit that finishes a row: that hit is capped, its
    /// Conditions (its Critical chain included) are rolled twice, and later hits that turn
    /// spill on and roll once.
    FirstRow,
}

/// When Formations and Escorts may be formed, joined or re-declared
/// (`[house_rules.formations] changes`). The text (ch. 9g): "A player that wishes to create a
/// Formation must signal to their opponent their intent before the beginning of the turn";
/// Offensive/Defensive "may be changed only before the beginning of a turn".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FormationChanges {
    /// Groups and their stance are fixed at deployment (default; the only one played).
    AtDeployment,
    /// A policy may form, join or re-declare groups before each turn (not supported yet: the
    /// config rejects it).
    BeforeEachTurn,
}

/// How "Primary/Secondary count exceeds Size" adds to the cost (`excess_equipment`, G10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExcessEquipment {
    /// +10% (+5%) per item beyond Size (default).
    PerItem,
    /// +10% (+5%) once if any item is beyond Size.
    Flat,
}

/// Who may pick first in every Size step (`first_player`, G15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstPlayer {
    /// A d6 decides once per game (1–3: side A, 4–6: side B) (default).
    Random,
    /// Side A always.
    A,
    /// Side B always.
    B,
}

/// Where Launch Hangar fighter units start (`fighters_deploy`, F1): "These may be start the
/// game on this Ship or deployed within 8 distance of this Ship" (ch. 6b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FighterDeploy {
    /// In play, 8 ahead of the carrier (default).
    Launched,
    /// Aboard the carrier, launched one per Launch Hangar per turn.
    Aboard,
}

/// The Cosmic Conflict house rules with their defaults.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HouseRules {
    /// G1: Miss/Glance/Hit chart for designs that do not give their own.
    pub chart: MghChart,
    /// G2: Movement Table rows for Sizes 1..=6 (index 0 = Size 1).
    pub movement_table: [MovementRow; 6],
    /// G3: track order for Beam weapons ("always damages Shield tracks first").
    pub beam_damage_order: TrackOrder,
    /// G3: track order for every other source of damage.
    pub damage_order: TrackOrder,
    /// G31: Accuracy compared by the Shield and Kinetic bypass.
    pub bypass_accuracy: BypassAccuracy,
    /// A Beam attack whose Accuracy is greater than a Shield's undamaged value ignores that
    /// Shield like any attack (true, default: the Shield's "An accuracy roll that is greater
    /// ... ignores that Component" names no weapon), or a Beam never bypasses Shields
    /// (false: Beam "Always damages Shield health tracks first").
    pub beam_bypasses_shields: bool,
    /// G5: arc cost of a weapon's first arc.
    pub arc_cost_first: u32,
    /// G5: arc cost of each further arc.
    pub arc_cost_additional: u32,
    /// G10: how excess Primary/Secondary equipment raises the cost.
    pub excess_equipment: ExcessEquipment,
    /// G12: points added by a Linked (X) variant per X.
    pub linked_cost_per_x: u32,
    /// G12: largest X of Linked (X).
    pub linked_max: u8,
    /// G13: Serious Damage counts as damage reaching Health, so Structural Damage adds to it.
    pub structural_applies_to_serious: bool,
    /// G15: who starts each Size step.
    pub first_player: FirstPlayer,
    /// G19: PWS exchanges may be called (the mover's controller decides).
    pub pws_exchange: bool,
    /// G19: distance that triggers a PWS exchange offer ("may be made greater or smaller").
    pub pws_exchange_distance: f64,
    /// G32: the AWS passive extra PWS also counts against Rockets.
    pub aws_vs_rockets: bool,
    /// G28: a ship whose move ends off the table has fled (true), or stops at the edge (false).
    pub leaving_board_flees: bool,
    /// The Condition table by 2d6 − 2 ("Players may agree to edit the table").
    pub condition_table: [ConditionKind; 11],
    /// The weapon range table (ch. 6 "Weapon Types"); a rule tweak designers may want to try.
    pub weapon_ranges: WeaponRanges,
    /// Dangerous/Hazardous terrain damage (ch. 8 "X damage per Size") goes straight to Health
    /// (true) or through the tracks in the `damage_order` (false, default). The text is silent.
    pub terrain_damage_to_health: bool,
    /// A Mobile Solid piece that comes to rest on a ship destroys it (ch. 8: "a massive
    /// asteroid's movement can catch an unwary Ship and turn it into debris").
    pub mobile_solid_crushes: bool,
    /// G20: the terrain a missile token's attack checks from the token.
    pub missile_token_terrain: MissileTokenTerrain,
    /// Brace for Impact (l. 475): the whole turn, or the first hit that finishes a row.
    pub brace_for_impact: BraceForImpact,
    /// Formations and Escorts (ch. 9g): see [`FormationRules`].
    pub formations: FormationRules,
    /// G14: largest Size a fighter's weapon may be given (the text: "a Size that is chosen at
    /// the creation of the Fighter").
    pub fighter_weapon_size_max: u8,
    /// FT1: where Launch Hangar fighter units start.
    pub fighters_deploy: FighterDeploy,
    /// FT5: fighters aboard a carrier are destroyed with it (the text is silent).
    pub fighters_lost_with_carrier: bool,
}

/// House rules for Formations and Escorts (`[house_rules.formations]`; ch. 9g is silent on
/// these points). Listed in `docs/house-rules/cosmic-conflict.md` ("Formations and Escorts").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct FormationRules {
    /// F1: a Defensive Formation also moves Glances ("would Hit" read as the chart's Hit:
    /// default false).
    pub defensive_redirects_glances: bool,
    /// F2: an Escort also takes Glances ("would hit", lowercase: default true).
    pub escort_redirects_glances: bool,
    /// F3: a Hit moved inside a Defensive Formation recomputes Damage with the new target's
    /// Size, as the Escort rule says (default true); false keeps the damage as rolled.
    pub defensive_recomputes_damage: bool,
    /// F4: weapons added to an Offensive Formation attack count as fired this turn (default
    /// true: "use one Weapon").
    pub contributions_count_as_fired: bool,
    /// F5: when a Formation's Lead leaves play or the Formation, its largest remaining member
    /// (lowest index on ties) becomes the Lead (default true); false breaks the Formation up.
    pub new_lead: bool,
    /// F9: when groups may be formed, joined or re-declared (default: at deployment only).
    pub changes: FormationChanges,
}

impl Default for FormationRules {
    fn default() -> Self {
        FormationRules {
            defensive_redirects_glances: false,
            escort_redirects_glances: true,
            defensive_recomputes_damage: true,
            contributions_count_as_fired: true,
            new_lead: true,
            changes: FormationChanges::AtDeployment,
        }
    }
}

/// Range band edges per weapon type (ch. 6): Range, then each Extended Range.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct WeaponRanges {
    /// Kinetic: Range 10, Extended Range 1 to 18.
    pub kinetic: [f64; 2],
    /// Beam: Range 12, Extended Range 1 to 20.
    pub beam: [f64; 2],
    /// Rockets: Range 6, Extended Range 1 to 12, Extended Range 2 to 18.
    pub rockets: [f64; 3],
    /// Missiles: Range 24.
    pub missiles: [f64; 1],
}

impl Default for WeaponRanges {
    fn default() -> Self {
        WeaponRanges {
            kinetic: [10.0, 18.0],
            beam: [12.0, 20.0],
            rockets: [6.0, 12.0, 18.0],
            missiles: [24.0],
        }
    }
}

impl Default for HouseRules {
    fn default() -> Self {
        let row = |vmax, maneuver, heading_slow, heading_fast| MovementRow {
            vmax,
            maneuver,
            heading_slow,
            heading_fast,
        };
        HouseRules {
            chart: MghChart::default(),
            movement_table: [
                row(8, 2, 4, 3),
                row(7, 2, 3, 2),
                row(6, 1, 3, 2),
                row(5, 1, 2, 1),
                row(4, 0, 2, 1),
                row(3, 0, 1, 1),
            ],
            beam_damage_order: TrackOrder::ShieldFirst,
            damage_order: TrackOrder::ArmorFirst,
            bypass_accuracy: BypassAccuracy::Modified,
            beam_bypasses_shields: true,
            arc_cost_first: 0,
            arc_cost_additional: 3,
            excess_equipment: ExcessEquipment::PerItem,
            linked_cost_per_x: 0,
            linked_max: 3,
            structural_applies_to_serious: true,
            first_player: FirstPlayer::Random,
            pws_exchange: true,
            pws_exchange_distance: 2.0,
            aws_vs_rockets: false,
            leaving_board_flees: true,
            condition_table: CONDITION_TABLE,
            weapon_ranges: WeaponRanges::default(),
            terrain_damage_to_health: false,
            mobile_solid_crushes: true,
            missile_token_terrain: MissileTokenTerrain::FromToken,
            brace_for_impact: BraceForImpact::WholeTurn,
            formations: FormationRules::default(),
            fighter_weapon_size_max: 2,
            fighters_deploy: FighterDeploy::Launched,
            fighters_lost_with_carrier: true,
        }
    }
}

impl HouseRules {
    /// The Movement Table row for `size` after `enhancements` Maneuver/Heading Enhance copies
    /// (each uses the row of a ship one Size smaller). "Size 0" is the Size 1 row with
    /// Maneuver and Heading +1 (G2).
    pub fn movement_row(&self, size: u8, smaller_by: u8) -> MovementRow {
        let s = size.saturating_sub(smaller_by);
        if s == 0 {
            let r = self.movement_table[0];
            MovementRow {
                maneuver: r.maneuver + 1,
                heading_slow: r.heading_slow + 1,
                heading_fast: r.heading_fast + 1,
                ..r
            }
        } else {
            self.movement_table[usize::from(s - 1)]
        }
    }
}
