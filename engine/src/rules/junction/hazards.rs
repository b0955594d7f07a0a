//! "Important Rule: Hazardous Propellants" (Firing Phase) and "Stuff To Do: Damage Control"'s
//! criticality countdowns as data and pure rules: which propellants are hazardous, where a
//! leak goes, how a leak worsens a later crit in its area, the Dissolved Fissiles clean-up
//! cost and countdown. The battle side is `battle/hazards.rs`.

use serde::Deserialize;

use super::crits::Crit;
use super::design::Tank;

/// Most hazardous leaks a ship tracks at once (a further leak is an ordinary one).
pub const MAX_HAZARDS: usize = 4;

/// Countdown at which a countdown "goes away" ("If raised to eight, they go away").
pub const COUNTDOWN_GONE: i8 = 8;

/// A tank's propellant, as far as the rules care.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Propellant {
    /// Any propellant that is not hazardous (the default).
    #[default]
    Other,
    /// Chemical Rocket Fuel: hazardous; "A Chemical Fuel leak increases this cost by 3 Repair
    /// Points".
    ChemicalRocketFuel,
    /// Dissolved Fissiles: hazardous, and the leak's area gets a Criticality Countdown.
    DissolvedFissiles,
}

impl Propellant {
    /// Name for traces.
    pub const fn name(self) -> &'static str {
        match self {
            Propellant::Other => "propellant",
            Propellant::ChemicalRocketFuel => "chemical rocket fuel",
            Propellant::DissolvedFissiles => "dissolved fissiles",
        }
    }
}

/// J18: the hazardous propellant a ship's leaks spill. "If your ship uses either of these
/// propellants and you fall victim to the Propellant Leak critical hit": any hazardous tank
/// makes every leak hazardous, Dissolved Fissiles before Chemical Rocket Fuel.
pub fn leaking_propellant(tanks: &[Tank]) -> Option<Propellant> {
    let has = |p| tanks.iter().any(|t| t.propellant == p);
    if has(Propellant::DissolvedFissiles) {
        Some(Propellant::DissolvedFissiles)
    } else if has(Propellant::ChemicalRocketFuel) {
        Some(Propellant::ChemicalRocketFuel)
    } else {
        None
    }
}

/// Repair Points the clean-up grows by each turn while a Dissolved Fissiles leak is ongoing:
/// "one each turn per two Volume of Dissolved Fissiles tank, rounding up".
pub fn mess_growth(tanks: &[Tank]) -> u32 {
    let v: f64 = tanks
        .iter()
        .filter(|t| t.propellant == Propellant::DissolvedFissiles)
        .map(|t| t.volume)
        .sum();
    (v / 2.0 - 1e-9).ceil().max(0.0) as u32
}

/// One hazardous leak: where the propellant went (the location crit, G27) and, for Dissolved
/// Fissiles, its criticality countdown and the clean-up owed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hazard {
    /// The area the leak reached (the location crit's entry); `None`: a free slot.
    pub area: Option<Crit>,
    /// What leaked.
    pub propellant: Propellant,
    /// The leak itself is not yet fixed (the area's crits are worsened only while it is).
    pub leaking: bool,
    /// Criticality countdown (Dissolved Fissiles); 0: none.
    pub countdown: i8,
    /// Repair Points the clean-up costs now (Dissolved Fissiles).
    pub mess: u32,
}

impl Hazard {
    /// Whether this slot holds a countdown still running.
    pub const fn counting(&self) -> bool {
        self.area.is_some() && self.countdown > 0
    }
}

/// Leaks still ongoing whose propellant reached area `c` (each adds +20 casualty points:
/// "stacking additively").
pub fn leaks_in(hazards: &[Hazard], c: Crit) -> u32 {
    hazards
        .iter()
        .filter(|h| h.leaking && h.area == Some(c))
        .count() as u32
}

/// Whether an ongoing Chemical Rocket Fuel leak reached area `c`.
pub fn chemical_in(hazards: &[Hazard], c: Crit) -> bool {
    hazards
        .iter()
        .any(|h| h.leaking && h.area == Some(c) && h.propellant == Propellant::ChemicalRocketFuel)
}

/// Percent of loaded guided weapons a Magazine Hit destroys: 25, "35% ... instead of 25%" in
/// a hazardous-leak area, all of them when the area goes critical.
pub const fn magazine_loss_percent(hazardous: bool, critical: bool) -> u32 {
    if critical {
        100
    } else if hazardous {
        35
    } else {
        25
    }
}

/// J20: a repair's cost in an area reached by a hazardous leak: "Any and all Repair Point
/// costs are doubled", and a Chemical Fuel leak adds 3 more.
pub const fn repair_cost(base: u32, hazardous: bool, chemical: bool) -> u32 {
    let c = if hazardous { 2 * base } else { base };
    if chemical { c + 3 } else { c }
}

/// End of a crew phase for one hazard: the clean-up grows by `growth` while the leak is
/// ongoing and the countdown falls by 2 ("Criticality Countdowns decrease by 2 per turn").
/// Returns whether it reached zero (criticality; the countdown is then spent).
pub fn tick(h: &mut Hazard, growth: u32) -> bool {
    if !h.counting() {
        return false;
    }
    if h.leaking {
        h.mess += growth;
    }
    h.countdown -= 2;
    if h.countdown <= 0 {
        h.countdown = 0;
        return true;
    }
    false
}

/// Clean up the leaked material: "resets the countdown, even if the propellant leak is
/// ongoing"; with the leak fixed nothing more leaks, so the hazard is gone (J22).
pub fn clean_up(h: &mut Hazard, start: i8) {
    h.mess = 0;
    if h.leaking {
        h.countdown = start;
    } else {
        *h = Hazard::default();
    }
}

/// Raise a countdown by `rp` ("Increasing them costs Repair Points on a 1:1 basis. If raised
/// to eight, they go away"); the leak itself may still be ongoing.
pub fn raise(h: &mut Hazard, rp: u32) {
    let c = i32::from(h.countdown) + rp.min(8) as i32;
    if c >= i32::from(COUNTDOWN_GONE) {
        h.countdown = 0;
        h.mess = 0;
        if !h.leaking {
            *h = Hazard::default();
        }
    } else {
        h.countdown = c as i8;
    }
}

/// J19 (policy): Repair Points to spend on a countdown that would reach zero at this crew
/// phase's tick (countdown ≤ 2), and how: the cheaper of raising it to eight (gone for good)
/// and cleaning up (reset), if affordable; else raise it as far as needed to survive the tick
/// (or as far as the points go). `None`: nothing to do now.
pub fn containment(h: &Hazard, rp: u32) -> Option<Containment> {
    if !h.counting() || h.countdown > 2 {
        return None;
    }
    let to_gone = (COUNTDOWN_GONE - h.countdown) as u32;
    let clean = h.mess;
    let best = if clean < to_gone {
        Containment::CleanUp(clean)
    } else {
        Containment::Raise(to_gone)
    };
    if best.cost() <= rp {
        return Some(best);
    }
    let other = match best {
        Containment::CleanUp(_) => Containment::Raise(to_gone),
        Containment::Raise(_) => Containment::CleanUp(clean),
    };
    if other.cost() <= rp {
        return Some(other);
    }
    let survive = (3 - h.countdown) as u32;
    (rp > 0).then(|| Containment::Raise(survive.min(rp)))
}

/// What Damage Control does about a countdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Containment {
    /// Clean up the leaked material for this many RP.
    CleanUp(u32),
    /// Raise the countdown by this many RP.
    Raise(u32),
}

impl Containment {
    /// Repair Points it costs.
    pub const fn cost(self) -> u32 {
        match self {
            Containment::CleanUp(n) | Containment::Raise(n) => n,
        }
    }
}

/// Fix one Propellant Leak: the first ongoing hazardous leak (Dissolved Fissiles first) stops
/// worsening its area ("Fixing the Propellant Leak via Damage Control removes these risks");
/// a Dissolved Fissiles countdown keeps running until cleaned up or raised to eight (J22).
pub fn fix_leak(hazards: &mut [Hazard]) {
    let pick = hazards
        .iter()
        .position(|h| h.leaking && h.propellant == Propellant::DissolvedFissiles)
        .or_else(|| hazards.iter().position(|h| h.leaking));
    if let Some(k) = pick {
        let h = &mut hazards[k];
        h.leaking = false;
        if !h.counting() {
            *h = Hazard::default();
        }
    }
}

/// Casualty percent of a crew section going critical ("Casualties from a crew section going
/// critical are 90%").
pub const CRITICAL_CASUALTY_PERCENT: u32 = 90;

#[cfg(test)]
mod tests {
    use super::*;

    fn tank(volume: f64, propellant: Propellant) -> Tank {
        Tank {
            volume,
            delta_v: 10.0,
            propellant,
        }
    }

    fn fissile_leak(area: Crit) -> Hazard {
        Hazard {
            area: Some(area),
            propellant: Propellant::DissolvedFissiles,
            leaking: true,
            countdown: 4,
            mess: 3,
        }
    }

    /// "Chemical Rocket Fuel and Dissolved Fissiles are Hazardous Propellants" (J18: Dissolved
    /// Fissiles first when a ship carries both).
    #[test]
    fn chemical_fuel_and_dissolved_fissiles_are_hazardous() {
        assert_eq!(leaking_propellant(&[tank(10.0, Propellant::Other)]), None);
        assert_eq!(
            leaking_propellant(&[
                tank(10.0, Propellant::Other),
                tank(5.0, Propellant::ChemicalRocketFuel)
            ]),
            Some(Propellant::ChemicalRocketFuel)
        );
        assert_eq!(
            leaking_propellant(&[
                tank(5.0, Propellant::ChemicalRocketFuel),
                tank(5.0, Propellant::DissolvedFissiles)
            ]),
            Some(Propellant::DissolvedFissiles)
        );
    }

    /// "goes up by one each turn per two Volume of Dissolved Fissiles tank, rounding up".
    #[test]
    fn clean_up_grows_one_rp_per_two_volume_of_fissiles_rounded_up() {
        assert_eq!(mess_growth(&[tank(5.0, Propellant::DissolvedFissiles)]), 3);
        assert_eq!(mess_growth(&[tank(4.0, Propellant::DissolvedFissiles)]), 2);
        assert_eq!(
            mess_growth(&[
                tank(4.0, Propellant::DissolvedFissiles),
                tank(100.0, Propellant::ChemicalRocketFuel)
            ]),
            2
        );
    }

    /// "Magazine hits cause 35% of loaded Guided Weapons to be lost instead of 25%"; "A
    /// Magazine or VLS subjected to Criticality loses all its munitions".
    #[test]
    fn magazine_hit_loses_35_percent_in_a_leak_area_and_all_when_critical() {
        assert_eq!(magazine_loss_percent(false, false), 25);
        assert_eq!(magazine_loss_percent(true, false), 35);
        assert_eq!(magazine_loss_percent(true, true), 100);
    }

    /// "Any and all Repair Point costs are doubled"; J20: a Chemical Fuel leak adds 3.
    #[test]
    fn repair_costs_double_in_a_leak_area_and_chemical_fuel_adds_three() {
        assert_eq!(repair_cost(4, false, false), 4);
        assert_eq!(repair_cost(4, true, false), 8);
        assert_eq!(repair_cost(4, true, true), 11);
    }

    /// "This gives you two turns to clean up": with the G17 start of 4 and −2 per turn, an
    /// untouched Dissolved Fissiles leak goes critical at the second crew phase.
    #[test]
    fn an_untouched_countdown_goes_critical_after_two_turns() {
        let mut h = fissile_leak(Crit::MagazineHit);
        assert!(!tick(&mut h, 3));
        assert_eq!((h.countdown, h.mess), (2, 6));
        assert!(tick(&mut h, 3));
        assert!(!h.counting());
        // A spent countdown never fires again.
        assert!(!tick(&mut h, 3));
    }

    /// "Cleaning up all of the leaked propellant resets the countdown, even if the propellant
    /// leak is ongoing."
    #[test]
    fn cleaning_up_resets_the_countdown_while_the_leak_goes_on() {
        let mut h = fissile_leak(Crit::CommandHit);
        tick(&mut h, 3);
        clean_up(&mut h, 4);
        assert_eq!((h.countdown, h.mess, h.leaking), (4, 0, true));
        // With the leak fixed, cleaning up ends the hazard.
        h.leaking = false;
        clean_up(&mut h, 4);
        assert_eq!(h, Hazard::default());
    }

    /// "Increasing them costs Repair Points on a 1:1 basis. If raised to eight, they go away."
    #[test]
    fn raising_a_countdown_to_eight_removes_it() {
        let mut h = fissile_leak(Crit::ReactorOffline);
        raise(&mut h, 3);
        assert_eq!(h.countdown, 7);
        raise(&mut h, 1);
        assert!(!h.counting());
        // The leak itself still worsens its area until Damage Control fixes it.
        assert!(h.leaking);
        assert_eq!(leaks_in(&[h], Crit::ReactorOffline), 1);
    }

    /// J19: the cheaper of clean-up and raising to eight, else just enough to survive.
    #[test]
    fn containment_picks_the_cheaper_affordable_option() {
        let mut h = fissile_leak(Crit::MagazineHit);
        h.countdown = 2;
        h.mess = 4;
        assert_eq!(containment(&h, 10), Some(Containment::CleanUp(4)));
        h.mess = 9;
        assert_eq!(containment(&h, 10), Some(Containment::Raise(6)));
        assert_eq!(containment(&h, 2), Some(Containment::Raise(1)));
        assert_eq!(containment(&h, 0), None);
        h.countdown = 4;
        assert_eq!(containment(&h, 10), None);
    }

    /// "Fixing the Propellant Leak via Damage Control removes these risks"; a Dissolved
    /// Fissiles countdown outlives the fix (J22).
    #[test]
    fn fixing_the_leak_ends_the_area_risk_but_not_the_countdown() {
        let chem = Hazard {
            area: Some(Crit::BreachMedbay),
            propellant: Propellant::ChemicalRocketFuel,
            leaking: true,
            countdown: 0,
            mess: 0,
        };
        let mut hs = [chem, fissile_leak(Crit::MagazineHit)];
        fix_leak(&mut hs);
        assert!(!hs[1].leaking && hs[1].counting());
        assert_eq!(leaks_in(&hs, Crit::MagazineHit), 0);
        fix_leak(&mut hs);
        assert_eq!(hs[0], Hazard::default());
    }
}
