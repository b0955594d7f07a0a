//! §11.5 specialized defences against guided weapons — anti-missile rockets, chaff and flares —
//! as small `Copy` states with their magazines and reach (§16.4.7.2–4: 20 salvos or loads
//! each). The to-hit numbers are in `intercepts.rs` (`amrs_drm`, `chaff_penalty`,
//! `flare_penalty`). Declared in the Fire Determination Phase, used in the Guided Weapons Phase
//! after intercepts (§2.3.2.1, the sequence of play).

use super::super::arcs::FiringArc;
use super::super::intercepts::{chaff_penalty, flare_penalty};
use super::readings::{AmrsSalvos, ChaffStacking, Readings};

/// A specialized defence fitted to a design (§11.5, §16.4.7): its system (SDS index) and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DefenceMount {
    /// The system's index in the design.
    pub sys: u16,
    /// What it is.
    pub kind: DefenceKind,
}

/// The three specialized defences (§11.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefenceKind {
    /// An anti-missile rocket system of RoF `rof`+0 and its arc (§11.5.1).
    Amrs {
        /// Salvos a turn (1, 2 or 4).
        rof: u8,
        /// Its firing arc: the launch hex and the target must both be in it.
        arc: FiringArc,
    },
    /// A chaff deployment system of this Rating (§11.5.2).
    Chaff(u8),
    /// A flare deployment system of this Rating (§11.5.3).
    Flares(u8),
}

/// A specialized defence's state in a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefenceNow {
    /// An AMRS.
    Amrs(Amrs),
    /// A chaff or flare system and the loads it used this turn.
    Dispenser(Dispenser, u8),
}

impl DefenceMount {
    /// Its state at the start of a battle: a full magazine.
    pub const fn fresh(&self) -> DefenceNow {
        match self.kind {
            DefenceKind::Amrs { rof, .. } => DefenceNow::Amrs(Amrs::new(rof)),
            DefenceKind::Chaff(r) | DefenceKind::Flares(r) => {
                DefenceNow::Dispenser(Dispenser::new(r), 0)
            }
        }
    }
}

impl DefenceNow {
    /// A new turn: nothing fired or deployed yet.
    pub fn new_turn(&mut self) {
        match self {
            DefenceNow::Amrs(a) => a.end_turn(),
            DefenceNow::Dispenser(_, used) => *used = 0,
        }
    }
}

/// Salvos or loads in a new AMRS, chaff or flare system (§16.4.7.2–4).
pub const MAGAZINE: u8 = 20;

/// How far an AMRS reaches to protect another unit (§11.5.1: "up to 4 hexes away").
pub const AMRS_REACH: u16 = 4;

/// How far a flare reaches to protect another unit (§11.5.3: "up to 1 hex away").
pub const FLARE_REACH: u16 = 1;

/// An AMRS's state: salvos left and fired this turn (RoF 1+0, 2+0 or 4+0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Amrs {
    /// Salvos per turn (its RoF X).
    pub rof: u8,
    /// Salvos left in the magazine.
    pub salvos: u8,
    /// Salvos fired this turn.
    pub fired: u8,
}

impl Amrs {
    /// A full system of RoF `rof`.
    pub const fn new(rof: u8) -> Amrs {
        Amrs {
            rof,
            salvos: MAGAZINE,
            fired: 0,
        }
    }

    /// Whether it may fire a salvo at a guided weapon (§11.5.1): salvos left this turn and in
    /// the magazine; the protected unit (itself or another) within 4 hexes; both the guided
    /// weapon's launch hex and its target in the AMRS's arc; under `amrs_salvos =
    /// OnePerWeapon`, not already fired at this weapon.
    pub fn may_fire(
        &self,
        distance_to_protected: u16,
        launch_hex_in_arc: bool,
        target_in_arc: bool,
        already_at_this_weapon: bool,
        r: &Readings,
    ) -> bool {
        self.fired < self.rof
            && self.salvos > 0
            && distance_to_protected <= AMRS_REACH
            && launch_hex_in_arc
            && target_in_arc
            && !(already_at_this_weapon && r.amrs_salvos == AmrsSalvos::OnePerWeapon)
    }

    /// Spends one salvo.
    pub fn fire(&mut self) {
        self.fired += 1;
        self.salvos -= 1;
    }

    /// End of turn.
    pub fn end_turn(&mut self) {
        self.fired = 0;
    }
}

/// A chaff or flare deployment system: its Rating and loads left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dispenser {
    /// The Rating (chaff 1..=4, flares 2, 4, 6).
    pub rating: u8,
    /// Loads left.
    pub loads: u8,
}

impl Dispenser {
    /// A full system.
    pub const fn new(rating: u8) -> Dispenser {
        Dispenser {
            rating,
            loads: MAGAZINE,
        }
    }

    /// Deploys chaff for this turn (one load): its penalty on every guided weapon aimed at a
    /// unit in the deploying unit's hex (§11.5.2). `None` when empty.
    pub fn deploy_chaff(&mut self) -> Option<i16> {
        if self.loads == 0 {
            return None;
        }
        self.loads -= 1;
        Some(chaff_penalty(self.rating))
    }

    /// Fires a flare at one guided weapon (one load) aimed at the fielding unit or a unit up to
    /// 1 hex away (§11.5.3). `None` when empty or out of reach.
    pub fn fire_flare(&mut self, distance_to_protected: u16) -> Option<i16> {
        if self.loads == 0 || distance_to_protected > FLARE_REACH {
            return None;
        }
        self.loads -= 1;
        Some(flare_penalty(self.rating))
    }
}

/// The chaff penalty on a guided weapon aimed into a hex where chaff was deployed (reading
/// `chaff_stacking`: the largest, or the sum).
pub fn chaff_in_hex(penalties: &[i16], r: &Readings) -> i16 {
    match r.chaff_stacking {
        ChaffStacking::Largest => penalties.iter().copied().max().unwrap_or(0),
        ChaffStacking::Add => penalties.iter().sum(),
    }
}

/// The §11.1.6 and §11.1.6.1 conditions for one direct-fire weapon to attempt intercepts, as
/// facts from the battle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InterceptCheck {
    /// The guided weapon's launch hex (a drone's current hex, §11.1.6.2) is in the weapon's arc.
    pub marker_in_arc: bool,
    /// The weapon can fire this turn (activated, powered, armed; `arming::Arming::can_fire`).
    pub can_fire: bool,
    /// The weapon is used for normal defensive fire this turn.
    pub on_defensive_fire: bool,
    /// The weapon fires at anything else this turn (an intercept is its only target).
    pub fires_at_other: bool,
    /// The weapon can target small vessels.
    pub targets_small_vessels: bool,
    /// The weapon is Wave-configured.
    pub wave: bool,
    /// The weapon does damage.
    pub does_damage: bool,
}

impl InterceptCheck {
    /// Whether it may attempt intercepts (§11.1.6, §11.1.6.1). Any unit may intercept any
    /// guided weapon, not only the target's.
    pub const fn allowed(self) -> bool {
        self.marker_in_arc
            && self.can_fire
            && !self.on_defensive_fire
            && !self.fires_at_other
            && self.targets_small_vessels
            && !self.wave
            && self.does_damage
    }
}

/// A drone weapon attachment's amplification (§9.2.3.1): +1 against the drone's own target,
/// none against anything else. (Subject to ECM, unlike small-vessel weapons.)
pub const fn attachment_amplification(at_drones_target: bool) -> i16 {
    if at_drones_target { 1 } else { 0 }
}

/// The bonus to hit a drone on the turn after its weapon attachment fired (§9.2.3.1): +1 per
/// shot fired.
pub const fn drone_exposure_bonus(shots_fired_last_turn: u8) -> i16 {
    shots_fired_last_turn as i16
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §11.5.1, §16.4.7.2: RoF salvos a turn, 20 in all, within 4 hexes, both arcs.
    #[test]
    fn amrs_limits() {
        let r = Readings::default();
        let mut a = Amrs::new(2);
        assert!(a.may_fire(4, true, true, false, &r));
        assert!(!a.may_fire(5, true, true, false, &r));
        assert!(!a.may_fire(0, false, true, false, &r));
        assert!(!a.may_fire(0, true, false, false, &r));
        a.fire();
        assert!(a.may_fire(0, true, true, true, &r));
        let one = Readings {
            amrs_salvos: AmrsSalvos::OnePerWeapon,
            ..r
        };
        assert!(!a.may_fire(0, true, true, true, &one));
        a.fire();
        assert!(!a.may_fire(0, true, true, false, &r));
        a.end_turn();
        for _ in 0..18 {
            assert!(a.may_fire(0, true, true, false, &r));
            a.fire();
            a.end_turn();
        }
        assert_eq!(a.salvos, 0);
        assert!(!a.may_fire(0, true, true, false, &r));
    }

    /// §11.5.2–3: chaff −1..−4 for the hex, flares −2..−6 on one weapon within 1 hex; 20 loads.
    #[test]
    fn chaff_and_flares() {
        let mut c = Dispenser::new(3);
        assert_eq!(c.deploy_chaff(), Some(3));
        assert_eq!(c.loads, 19);
        let mut f = Dispenser::new(4);
        assert_eq!(f.fire_flare(2), None);
        assert_eq!(f.fire_flare(1), Some(4));
        f.loads = 0;
        assert_eq!(f.fire_flare(0), None);
        let r = Readings::default();
        assert_eq!(chaff_in_hex(&[1, 3], &r), 3);
        let add = Readings {
            chaff_stacking: ChaffStacking::Add,
            ..r
        };
        assert_eq!(chaff_in_hex(&[1, 3], &add), 4);
        assert_eq!(chaff_in_hex(&[], &r), 0);
    }

    /// §11.1.6, §11.1.6.1: the launch hex in arc, able to fire, not on DF, nothing else to
    /// shoot, able to target small vessels, not Wave, does damage; §9.2.3.1 attachments.
    #[test]
    fn intercept_conditions_and_attachments() {
        let ok = InterceptCheck {
            marker_in_arc: true,
            can_fire: true,
            on_defensive_fire: false,
            fires_at_other: false,
            targets_small_vessels: true,
            wave: false,
            does_damage: true,
        };
        assert!(ok.allowed());
        for bad in [
            InterceptCheck {
                marker_in_arc: false,
                ..ok
            },
            InterceptCheck {
                can_fire: false,
                ..ok
            },
            InterceptCheck {
                on_defensive_fire: true,
                ..ok
            },
            InterceptCheck {
                fires_at_other: true,
                ..ok
            },
            InterceptCheck {
                targets_small_vessels: false,
                ..ok
            },
            InterceptCheck { wave: true, ..ok },
            InterceptCheck {
                does_damage: false,
                ..ok
            },
        ] {
            assert!(!bad.allowed(), "{bad:?}");
        }
        assert_eq!(attachment_amplification(true), 1);
        assert_eq!(attachment_amplification(false), 0);
        assert_eq!(drone_exposure_bonus(2), 2);
    }
}
