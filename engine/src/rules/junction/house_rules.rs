//! Named house rules: every place where the Junction Crew's text is silent, truncated or leans
//! on its missing ship-construction rules (digest §5, gaps G1–G27), plus the few choices this
//! implementation had to add (J1–J6). Each has a default and can be overridden in a config's
//! `[house_rules]` table. Listed for users in `docs/house-rules/junction.md`. The readings that
//! are policy choices (J24–J41, J60–J69) are matchup-side settings in [`super::policy`] instead:
//! J60 `excalibur_split` (`super::burst`), J61 `relay_split` (J62 chains: no setting), J63
//! `payload_choice` (`super::payload_choice`).

use serde::Deserialize;

/// How the crit chance rounds (G5, Appendix 2 "Round up").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CritRounding {
    /// Reading A: round the percentage points of Integrity up, then ×10% (default).
    PercentagePoints,
    /// Reading B: round the crit chance itself up to a whole percent.
    Percent,
}

/// When the −6 / −9 resolve thresholds are measured (G11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResolveThreshold {
    /// The morale at the time of the check, before the −3 for failing (default).
    Before,
    /// The morale after the −3.
    After,
}

/// How a Home On Jam hit treats ordinary crits (J4; Appendix 1 "Home On Jam").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HomeOnJamCrits {
    /// The guaranteed "ECM Damaged" comes on top of the hit's ordinary crit rolls (default).
    Extra,
    /// The hit causes "ECM Damaged" and no other crit.
    Only,
}

/// Threat-zone geometry (G14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ThreatZones {
    /// The closest approach of both straight moves over the phase (default).
    ClosestApproach,
    /// Only the positions at the end of the maneuver phase count.
    EndPositions,
}

/// Which targets "enemy point defense will always prioritize the Decoys" leaves a weapon that
/// cannot destroy a decoy of the salvo (J32; Appendix 1 "Decoy").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DecoyPriority {
    /// While the salvo has decoys, a point-defense weapon engages only them; one that cannot
    /// destroy a decoy holds its fire (default: the literal "always").
    Strict,
    /// A weapon (or Excalibur) that cannot destroy any decoy engages the warheads instead.
    Killable,
}

/// Whose guided weapons a side's own Area Denial marks and point-defense blasts reach (J64;
/// "Direct Fire Attacks" Macron Area Denial: "Any ship or guided weapon that passes through one
/// of those hexes ... takes a guaranteed hit"; Appendix 1 "Inertial Mine", "Nuclear Bomb",
/// "Neutron Bomb" used as point defense).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OwnFlak {
    /// They never reach the side's own guided weapons or salvo decoys (default: the marking
    /// player picks the hexes and would not put them where its own seekers strike).
    SparesOwnGuided,
    /// They reach every guided weapon, friend or foe (the text's "any ... guided weapon" read
    /// literally; fleetlab before J64).
    Indiscriminate,
}

/// How a side's point-defense guns choose among the enemy salvos attacking it in one firing
/// phase (J66; "Stuff to Do: Point Defense": "Guided weapon launches and attacks both provoke
/// point defense"; the text leaves the choice of targets to the player).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PdAllocation {
    /// Planned over every salvo attacking in the phase, from one snapshot: weapon by weapon,
    /// where it saves the most (default; `battle/pd_plan.rs`).
    Phase,
    /// Salvo by salvo in launch order: the first salvo to attack takes every gun in reach
    /// (fleetlab before J66).
    Salvo,
}

/// Which hits can find a laser's Redundant Emitters (J68; "Direct Fire Weapons": "If a laser
/// with Redundant Emitters is hit, the laser loses one Redundant Emitter and the hit location
/// is re-rolled ... A particle beam capable of piercing the armor over the laser ignores this
/// particular defense"). Hit locations are otherwise not modelled (G7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EmitterLoss {
    /// Only a hit that gets past the armor (some Attack Power beyond the Protection Rating,
    /// or compromised armor) reaches the laser "under the armor over the laser"; a hit the
    /// armor fully absorbs hits no component (default). A particle beam that pierces ignores
    /// the emitters, so particle beams never take one.
    PiercingHits,
    /// Every hit rolls its location, even one the armor fully absorbs; a piercing particle
    /// beam ignores the emitters (fleetlab before J68).
    EveryHit,
}

/// Which ships a fleet-wide morale event about one of their own ships reaches (J69; G24;
/// "Crew Phase" table: "Friendly Ship Loses Power −1", "Friendly Ship Immobilized −1",
/// "Friendly Ship Restores Power/Mobility +2").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FleetEventsReach {
    /// Every ship of the side in play, the ship the event is about included (default: the
    /// digest's G24 reading, "fleet-wide").
    WholeSide,
    /// Only the side's other ships ("Friendly Ship": a ship is not its own friend); the ship
    /// itself takes only its ship-specific events (No Power, Power Restored, ...).
    OtherShips,
}

/// The Junction house rules with their defaults.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HouseRules {
    /// G3: energy per point of Sensors or ECM switched on.
    pub ewar_energy_per_point: f64,
    /// G3: energy a tactical jump needs, per volume of ship, divided by the jump rating.
    pub jump_energy_per_volume: f64,
    /// J70: energy per hex of burn an Electric or Thermo-Electric Rocket needs, per volume of
    /// ship (the text: they "need Energy to provide acceleration!", no figure).
    pub electric_energy_per_volume: f64,
    /// J71: delta-v a Fuel Cell burns per Energy it makes (the text: "subtract the Rocket Fuel
    /// needed for energy generation", no figure).
    pub fuel_cell_delta_v_per_energy: f64,
    /// G4: miss chance (percent) in the Guaranteed Hit bracket (the sentence is truncated).
    pub guaranteed_hit_miss_percent: u32,
    /// Probable Hit miss chance in percent ("base 50% miss chance").
    pub probable_hit_miss_percent: u32,
    /// G5: crit rounding.
    pub crit_rounding: CritRounding,
    /// Appendix 2: crit chance multiplier in Precision Targeting range and for Heat Seeking /
    /// Imaging Radar guidance ("tripled odds").
    pub precision_crit_multiplier: u32,
    /// G8: nuclear bombs take this multiple of their Attack Power off the Armor Value.
    pub nuclear_armor_multiplier: f64,
    /// G9: percent of casualties that are wounded (WIA) without a Medevac route.
    pub base_wia_percent: u32,
    /// G10: a side is winning (resolve DC 5) when its remaining Integrity fraction is more
    /// than this times the enemy's.
    pub winning_ratio: f64,
    /// G10: a side is losing (resolve DC 15) below this times the enemy's fraction.
    pub losing_ratio: f64,
    /// G11: when the −6 / −9 resolve thresholds are measured.
    pub resolve_threshold: ResolveThreshold,
    /// G12: lowest morale.
    pub morale_min: i32,
    /// G12: highest morale.
    pub morale_max: i32,
    /// G13: a Shipmind defender's extra miss chance (percentage points, additive).
    pub shipmind_miss_percent: u32,
    /// G13: further percentage points per point of morale above 0.
    pub shipmind_miss_per_morale: u32,
    /// G14: threat-zone geometry.
    pub threat_zones: ThreatZones,
    /// G17: criticality countdown start value ("two turns" at −2 per turn).
    pub criticality_countdown: i32,
    /// G22: a ship's main weapons (or propulsion) are offline for morale when at least this
    /// fraction of weapon volume (of drive thrust) is disabled.
    pub offline_fraction: f64,
    /// J1: synchronised fire is used whenever it is allowed (the text makes it optional; it
    /// only ever helps the attacker's crit odds).
    pub sync_fire: bool,
    /// J2: a direct-fire weapon that fires as point defense does not also fire offensively in
    /// the same firing phase (one shot per weapon per turn).
    pub pd_uses_the_shot: bool,
    /// J3: a Magazine Hit's 25% (35% in a hazardous-leak area) of loaded guided weapons is
    /// rounded up (true) or down (false).
    pub magazine_loss_rounds_up: bool,
    /// J4: Home On Jam and ordinary crits.
    pub home_on_jam_crits: HomeOnJamCrits,
    /// J5: battles stop after this many turns (digest Stage 3 default 40).
    pub turn_cap: u32,
    /// J6: at the turn cap, a difference in the fraction of fleet value still in play no larger
    /// than this (percentage points) is a draw.
    pub draw_margin_percent: u32,
    /// J32: what point defense too weak for a salvo's decoys does.
    pub decoy_priority: DecoyPriority,
    /// J64: whether a side's own Area Denial and point-defense blasts spare its own guided
    /// weapons.
    pub own_flak: OwnFlak,
    /// J66: how point defense is spread over the salvos attacking in a phase.
    pub pd_allocation: PdAllocation,
    /// J68: which hits can take a laser's Redundant Emitters.
    pub emitter_loss: EmitterLoss,
    /// J69: whether a fleet-wide event reaches the ship it is about.
    pub fleet_events_reach: FleetEventsReach,
}

impl Default for HouseRules {
    fn default() -> Self {
        HouseRules {
            ewar_energy_per_point: 1.0,
            jump_energy_per_volume: 10.0,
            electric_energy_per_volume: 0.01,
            fuel_cell_delta_v_per_energy: 0.1,
            guaranteed_hit_miss_percent: 0,
            probable_hit_miss_percent: 50,
            crit_rounding: CritRounding::PercentagePoints,
            precision_crit_multiplier: 3,
            nuclear_armor_multiplier: 10.0,
            base_wia_percent: 50,
            winning_ratio: 1.25,
            losing_ratio: 0.8,
            resolve_threshold: ResolveThreshold::Before,
            morale_min: -12,
            morale_max: 12,
            shipmind_miss_percent: 10,
            shipmind_miss_per_morale: 5,
            threat_zones: ThreatZones::ClosestApproach,
            criticality_countdown: 4,
            offline_fraction: 0.5,
            sync_fire: true,
            pd_uses_the_shot: true,
            magazine_loss_rounds_up: true,
            home_on_jam_crits: HomeOnJamCrits::Extra,
            turn_cap: 40,
            draw_margin_percent: 5,
            decoy_priority: DecoyPriority::Strict,
            own_flak: OwnFlak::SparesOwnGuided,
            pd_allocation: PdAllocation::Phase,
            emitter_loss: EmitterLoss::PiercingHits,
            fleet_events_reach: FleetEventsReach::WholeSide,
        }
    }
}

impl HouseRules {
    /// [`ewar::direct_shot`](super::ewar::direct_shot) with these rules' miss chances
    /// (`guaranteed_hit_miss_percent`, `probable_hit_miss_percent`).
    #[inline]
    pub fn direct_shot(
        &self,
        bracket: super::ewar::Bracket,
        jam: super::ewar::Jamming,
    ) -> Option<super::ewar::Shot> {
        super::ewar::direct_shot(
            bracket,
            jam,
            self.guaranteed_hit_miss_percent,
            self.probable_hit_miss_percent,
        )
    }

    /// Problems with overridden values, as (field, message).
    pub fn problems(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        let mut real = |name: &'static str, v: f64, lo: f64, hi: f64| {
            if !(v.is_finite() && (lo..=hi).contains(&v)) {
                out.push((name, format!("{v} is out of range: allowed {lo}..={hi}")));
            }
        };
        real(
            "ewar_energy_per_point",
            self.ewar_energy_per_point,
            0.0,
            1000.0,
        );
        real(
            "jump_energy_per_volume",
            self.jump_energy_per_volume,
            0.0,
            1e6,
        );
        real(
            "electric_energy_per_volume",
            self.electric_energy_per_volume,
            0.0,
            1000.0,
        );
        real(
            "fuel_cell_delta_v_per_energy",
            self.fuel_cell_delta_v_per_energy,
            0.0,
            1000.0,
        );
        real(
            "nuclear_armor_multiplier",
            self.nuclear_armor_multiplier,
            0.0,
            1000.0,
        );
        real("winning_ratio", self.winning_ratio, 1.0, 100.0);
        real("losing_ratio", self.losing_ratio, 0.0, 1.0);
        real("offline_fraction", self.offline_fraction, 0.0, 1.0);
        let mut int = |name: &'static str, v: i64, lo: i64, hi: i64| {
            if !(lo..=hi).contains(&v) {
                out.push((name, format!("{v} is out of range: allowed {lo}..={hi}")));
            }
        };
        int(
            "guaranteed_hit_miss_percent",
            self.guaranteed_hit_miss_percent.into(),
            0,
            100,
        );
        int(
            "probable_hit_miss_percent",
            self.probable_hit_miss_percent.into(),
            0,
            100,
        );
        int(
            "precision_crit_multiplier",
            self.precision_crit_multiplier.into(),
            1,
            10,
        );
        int("base_wia_percent", self.base_wia_percent.into(), 0, 100);
        int("morale_min", self.morale_min.into(), -100, -9);
        int("morale_max", self.morale_max.into(), 6, 100);
        int(
            "shipmind_miss_percent",
            self.shipmind_miss_percent.into(),
            0,
            100,
        );
        int(
            "shipmind_miss_per_morale",
            self.shipmind_miss_per_morale.into(),
            0,
            100,
        );
        int(
            "criticality_countdown",
            self.criticality_countdown.into(),
            1,
            8,
        );
        int("turn_cap", self.turn_cap.into(), 1, 1000);
        int(
            "draw_margin_percent",
            self.draw_margin_percent.into(),
            0,
            100,
        );
        out
    }
}
