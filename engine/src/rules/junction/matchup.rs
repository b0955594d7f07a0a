//! A validated Junction matchup: the catalogue entries it uses, designs, deployed ships,
//! policies and house rules, plus each ship's preferred distance worked out once and its
//! combat stations at deployment.

use super::design::{Catalogue, ShipDesign};
use super::house_rules::HouseRules;
use super::policy::{Approach, KeepAt, LaserSplit, Policy};
use super::ship::ShipState;

/// Everything a battle of this matchup reads.
#[derive(Clone, Debug)]
pub struct Matchup {
    /// Weapons and guided weapons used.
    pub catalogue: Catalogue,
    /// Designs used (ships refer to them by index).
    pub designs: Vec<ShipDesign>,
    /// Ships as deployed, side A's first.
    pub start: Vec<ShipState>,
    /// Display names, e.g. `A1 destroyer`.
    pub names: Vec<String>,
    /// Policies of side A and side B.
    pub policies: [Policy; 2],
    /// House rules.
    pub rules: HouseRules,
    /// Per ship: the distance its policy keeps to the nearest enemy (`None`: never burns).
    pub keep: Vec<Option<i32>>,
    /// Per ship: the stand-off distance it runs to while salvos its policy dodges fly at it
    /// (`dodge_plan::kept_distance`; `None`: it never runs).
    pub run_to: Vec<Option<i32>>,
    /// The scenario's objective (Stage 0); `None`: last side standing.
    pub objective: Option<super::objectives::Objective>,
    /// Some design carries EM Deflector drones (gates the drone code in battles).
    pub deflectors: bool,
    /// Some design carries decoys (gates the decoy code in battles).
    pub decoys: bool,
    /// Some design carries Missile Racks (gates the rack launches in battles).
    pub racks: bool,
    /// Some design carries Laser Relays (gates the relay code in battles).
    pub relays: bool,
    /// Some design carries missiles a side launches as point defense (Excalibur, J35; Inertial
    /// Mines and heavy bombs, J51).
    pub pd_launches: bool,
    /// Some design carries Inertial Mines and a side may use their area mode (J50).
    pub mine_area: bool,
    /// Some design carries gun-armed guided weapons (Light Gas Gun, Chemical Laser; also as a
    /// heavy Missile Rack's load), which fire point defense (`battle/gun_salvo_pd.rs`).
    pub gun_salvos: bool,
    /// Some design has an electric or thermo-electric rocket, which needs energy to burn
    /// (J70, `battle/burn_energy.rs`).
    pub electric: bool,
}

impl Matchup {
    /// Assemble a matchup and work out each ship's preferred distance.
    pub fn new(
        catalogue: Catalogue,
        designs: Vec<ShipDesign>,
        mut start: Vec<ShipState>,
        names: Vec<String>,
        policies: [Policy; 2],
        rules: HouseRules,
    ) -> Self {
        let ranges = |s: &ShipState, pick: fn([i32; 3]) -> i32, max: bool| {
            let d = &designs[usize::from(s.design)];
            let it = d.weapons.iter().map(|&w| pick(catalogue.weapons[w].ranges));
            if max { it.max() } else { it.min() }
        };
        let longest_enemy_reach = |side| {
            start
                .iter()
                .filter(|s| s.side != side)
                .filter_map(|s| ranges(s, |r| r[2], true))
                .max()
                .unwrap_or(0)
        };
        let keep = start
            .iter()
            .map(|s| {
                let p = &policies[s.side.index()];
                match p.approach {
                    Approach::Hold => None,
                    Approach::Keep(Some(r)) => Some(r),
                    Approach::Keep(None) if p.stand_off => Some(longest_enemy_reach(s.side) + 2),
                    Approach::Keep(None)
                        if p.preset == "pd-screen" || p.keep_at == KeepAt::Guaranteed =>
                    {
                        Some(ranges(s, |r| r[1], false).unwrap_or(6))
                    }
                    Approach::Keep(None) => Some(ranges(s, |r| r[0], false).unwrap_or(3)),
                }
            })
            .collect();
        let run_to = start
            .iter()
            .map(|s| {
                let p = &policies[s.side.index()];
                let moves = matches!(p.approach, Approach::Keep(_));
                (moves
                    && (p.dodge != super::policy::Dodge::None
                        || p.stand_off_magazine > 0
                        || p.hold_lead
                        || p.hold_from > 0))
                    .then(|| longest_enemy_reach(s.side) + 2)
            })
            .collect();
        // Stage 1: crews go to their combat stations before the first turn.
        for s in start.iter_mut() {
            let d = &designs[usize::from(s.design)];
            super::battle::stations::assign(s, d, &policies[s.side.index()]);
            for (k, &w) in d.weapons.iter().enumerate() {
                if let super::design::WeaponKind::Laser { redundant_emitters } =
                    catalogue.weapons[w].kind
                {
                    s.re_left[k] = redundant_emitters;
                }
            }
        }
        let carries = |p: super::parts::Payload| {
            designs.iter().any(|d| {
                d.magazine
                    .iter()
                    .any(|&(g, _)| catalogue.guided[g].payload == p)
            })
        };
        let deflectors = carries(super::parts::Payload::EmDeflector);
        let decoys = carries(super::parts::Payload::Decoy);
        let racks = carries(super::parts::Payload::MissileRack);
        let relays = carries(super::parts::Payload::LaserRelay);
        // J35 / J51: Excalibur point defense unless a side turned it off; mines and heavy
        // bombs only for a side that launches them.
        let launches = |l: super::policy::PdLaunches| policies.iter().any(|p| p.pd_launches == l);
        let pd_launches = (carries(super::parts::Payload::Excalibur)
            && !policies
                .iter()
                .all(|p| p.pd_launches == super::policy::PdLaunches::None))
            || (launches(super::policy::PdLaunches::All)
                && designs.iter().any(|d| {
                    d.magazine.iter().any(|&(g, _)| {
                        let gd = &catalogue.guided[g];
                        super::blasts::pd_launchable(gd.payload, gd.size)
                    })
                }));
        let mine_area = carries(super::parts::Payload::InertialMine)
            && policies
                .iter()
                .any(|p| p.mine_mode != super::policy::MineMode::Contact);
        let gun = |g: usize| {
            let gd = &catalogue.guided[g];
            let armed = |p| {
                matches!(
                    p,
                    super::parts::Payload::LightGasGun | super::parts::Payload::ChemicalLaser
                )
            };
            armed(gd.payload) || gd.load.is_some_and(|l| armed(catalogue.guided[l].payload))
        };
        let gun_salvos = designs
            .iter()
            .any(|d| d.magazine.iter().any(|&(g, _)| gun(g)));
        let electric = designs
            .iter()
            .any(|d| d.drives.iter().any(|x| x.energy_per_hex > 0.0));
        Matchup {
            electric,
            catalogue,
            designs,
            start,
            names,
            policies,
            rules,
            keep,
            run_to,
            objective: None,
            deflectors,
            decoys,
            racks,
            relays,
            pd_launches,
            mine_area,
            gun_salvos,
        }
    }

    /// No firing-phase extras: no EM Deflector drones, decoys, Missile Racks, Laser Relays,
    /// Excalibur point-defense launches, EM catapults or stand-off payloads aboard, and
    /// neither policy splits laser fire or fires on surrendered ships (J40). Battles of such a
    /// matchup run a copy of the firing phase without those hooks (`battle/firing.rs`), as
    /// Cosmic Conflict's plain games do.
    pub fn plain(&self) -> bool {
        let contact_only = self.designs.iter().all(|d| {
            d.catapult.is_none()
                && d.magazine.iter().all(|&(g, _)| {
                    super::payloads::attack(self.catalogue.guided[g].payload)
                        == Some(super::payloads::Attack::Contact)
                })
        });
        let plain_policies = self
            .policies
            .iter()
            .all(|p| p.laser_split == LaserSplit::Never && !p.fire_on_surrendered);
        !(self.deflectors || self.decoys || self.racks || self.relays || self.pd_launches)
            && contact_only
            && plain_policies
    }

    /// The design of ship `i`.
    pub fn design(&self, s: &ShipState) -> &ShipDesign {
        &self.designs[usize::from(s.design)]
    }
}
