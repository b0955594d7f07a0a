//! Hazardous propellants in battle ("Important Rule: Hazardous Propellants"): where a leak
//! goes, paralysis, Damage Control against criticality countdowns (J19) and Criticality.

use crate::dice::Roller;
use crate::observer::Observer;
use crate::trace;

use super::super::Event;
use super::super::crits::{self, Crit};
use super::super::hazards::{self, Containment, Hazard, MAX_HAZARDS, Propellant};
use super::Battle;

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// A Propellant Leak of hazardous propellant: "an additional critical hit is rolled on a
    /// random table. This represents where the ship's propellant is leaking *to*" (G27: that
    /// crit has no normal effect; the leak's delta-v loss still applies). Dissolved Fissiles
    /// start a Criticality Countdown there (G17).
    pub(crate) fn hazardous_leak(&mut self, i: usize, p: Propellant) {
        let m = self.m;
        let d = m.design(&self.st.ships[i]);
        let table = crits::roll_table(None, self.dice);
        let area = crits::roll_entry(table, &d.crit_weights, self.dice);
        let side = self.st.ships[i].side;
        let s = &mut self.st.ships[i];
        let Some(slot) = s.hazards.iter().position(|h| h.area.is_none()) else {
            return;
        };
        let fissile = p == Propellant::DissolvedFissiles;
        s.hazards[slot] = Hazard {
            area: Some(area),
            propellant: p,
            leaking: true,
            countdown: if fissile {
                m.rules.criticality_countdown as i8
            } else {
                0
            },
            mess: if fissile {
                hazards::mess_growth(&d.tanks)
            } else {
                0
            },
        };
        self.count(side, Event::HazardousLeaks);
        trace!(
            self.obs,
            "      the leak spills {} into the {} area{}",
            p.name(),
            area.name(),
            if fissile {
                format!(" (criticality countdown {})", m.rules.criticality_countdown)
            } else {
                String::new()
            }
        );
    }

    /// "paralyze the ship's ability to fire and maneuver for a turn": its next firing phase
    /// and its next maneuver phase (J21; a ship hit in a firing phase still fires in it).
    pub(crate) fn paralyse(&mut self, i: usize) {
        let t = self.st.turn;
        let s = &mut self.st.ships[i];
        s.paralysed = if self.st.firing {
            [t + 1, t]
        } else {
            [t + 1, t + 1]
        };
        let side = s.side;
        self.count(side, Event::Paralysed);
        trace!(
            self.obs,
            "      {} is paralysed: no firing or maneuvering for a turn", self.m.names[i]
        );
    }

    /// J19: before ordinary repairs, Damage Control spends Repair Points on countdowns that
    /// would otherwise reach zero at this crew phase.
    pub(crate) fn contain_hazards(&mut self, i: usize) {
        let start = self.m.rules.criticality_countdown as i8;
        for k in 0..MAX_HAZARDS {
            let s = &mut self.st.ships[i];
            let Some(c) = hazards::containment(&s.hazards[k], s.repair_points) else {
                continue;
            };
            s.repair_points -= c.cost();
            let h = &mut s.hazards[k];
            let area = h.area.map_or("", Crit::name);
            match c {
                Containment::CleanUp(_) => hazards::clean_up(h, start),
                Containment::Raise(n) => hazards::raise(h, n),
            }
            let left = h.countdown;
            trace!(
                self.obs,
                "  {} damage control {} the leaked fissiles in the {area} area ({} RP; countdown {left})",
                self.m.names[i],
                match c {
                    Containment::CleanUp(_) => "cleans up",
                    Containment::Raise(_) => "holds back",
                },
                c.cost()
            );
        }
    }

    /// End of Damage Control: "Criticality Countdowns decrease by 2 per turn"; the clean-up
    /// grows while the leak is ongoing; at zero the area goes critical.
    pub(crate) fn criticality(&mut self) {
        let m = self.m;
        for i in 0..self.st.ships.len() {
            let s = &self.st.ships[i];
            if !s.status.in_play() || !s.hazards.iter().any(Hazard::counting) {
                continue;
            }
            let growth = hazards::mess_growth(&m.design(s).tanks);
            for k in 0..MAX_HAZARDS {
                let h = &mut self.st.ships[i].hazards[k];
                let area = h.area;
                if hazards::tick(h, growth)
                    && let Some(area) = area
                {
                    self.go_critical(i, area);
                }
            }
        }
        self.settle_destroyed();
    }

    /// "A leak going critical immediately triggers the associated critical hit effect", made
    /// unrepairable (J23: the whole area's effects), worse for magazines, command modules and
    /// crew, and fatal for a propellant leak.
    fn go_critical(&mut self, i: usize, area: Crit) {
        let side = self.st.ships[i].side;
        self.count(side, Event::Criticalities);
        trace!(
            self.obs,
            "  the leaked fissiles in {}'s {} area go critical",
            self.m.names[i],
            area.name()
        );
        self.st.ships[i].permanent |= 1 << area as u16;
        if area == Crit::PropellantLeak {
            // "the entire ship is immediately destroyed in a nuclear explosion".
            self.st.ships[i].integrity = self.st.ships[i].integrity.min(0.0);
            trace!(
                self.obs,
                "  {} vanishes in a nuclear explosion", self.m.names[i]
            );
            return;
        }
        self.crit_effect(i, area, 0, true);
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Battle, BattleState};
    use crate::NoTrace;
    use crate::dice::Dice;
    use crate::outcome::Side;
    use crate::rules::junction::Event;
    use crate::rules::junction::crits::Crit;
    use crate::rules::junction::design::{Catalogue, CommandKind, PowerPlant, ShipDesign, Tank};
    use crate::rules::junction::hazards::{Hazard, Propellant};
    use crate::rules::junction::hex::Hex;
    use crate::rules::junction::house_rules::HouseRules;
    use crate::rules::junction::matchup::Matchup;
    use crate::rules::junction::policy::Policy;
    use crate::rules::junction::repairs;
    use crate::rules::junction::ship::ShipState;
    use crate::rules::junction::stations::Station;

    fn design(propellant: Propellant) -> ShipDesign {
        ShipDesign {
            plants: vec![PowerPlant {
                volume: 2.0,
                output: 10.0,
                fuel: 0.0,
            }],
            tanks: vec![Tank {
                volume: 5.0,
                delta_v: 20.0,
                propellant,
            }],
            command: vec![CommandKind::WarshipCic, CommandKind::WarshipCic],
            crew: 200,
            crew_mix: [200, 0, 0],
            ..ShipDesign::bare("tanker")
        }
    }

    fn matchup(propellant: Propellant) -> Matchup {
        let d = design(propellant);
        let a = ShipState::new(0, &d, Side::A, 100, 0);
        let mut b = ShipState::new(0, &d, Side::B, 100, 0);
        b.pos = Hex::new(100, 0);
        Matchup::new(
            Catalogue::default(),
            vec![d],
            vec![a, b],
            vec!["A1 tanker".into(), "B1 tanker".into()],
            [
                Policy::preset("passive").unwrap(),
                Policy::preset("passive").unwrap(),
            ],
            HouseRules::default(),
        )
    }

    /// Run `f` on a fresh battle of two tankers burning `propellant` (ship 0 is the target).
    fn with_battle(propellant: Propellant, f: impl FnOnce(&mut Battle<'_, Dice, NoTrace>)) {
        let m = matchup(propellant);
        let mut st = BattleState::for_matchup(&m);
        st.reset(&m);
        st.turn = 3;
        let mut dice = Dice::for_battle(7, 1, 2);
        let mut b = Battle {
            m: &m,
            st: &mut st,
            dice: &mut dice,
            obs: &mut NoTrace,
        };
        f(&mut b);
    }

    fn leak_into(area: Crit, propellant: Propellant) -> Hazard {
        Hazard {
            area: Some(area),
            propellant,
            leaking: true,
            countdown: 0,
            mess: 0,
        }
    }

    /// "an additional critical hit is rolled on a random table. This represents where the
    /// ship's propellant is leaking *to*"; Dissolved Fissiles get a countdown there (G17: 4)
    /// and a clean-up of 1 RP per 2 tank volume (5 → 3).
    #[test]
    fn a_fissile_leak_rolls_its_area_and_starts_a_countdown() {
        with_battle(Propellant::DissolvedFissiles, |b| {
            b.crit(1, 0, Crit::PropellantLeak);
            let s = &b.st.ships[0];
            assert_eq!(s.leaks, 1);
            let h = s.hazards[0];
            assert!(h.area.is_some() && h.leaking);
            assert_eq!((h.countdown, h.mess), (4, 3));
            assert_eq!(h.propellant, Propellant::DissolvedFissiles);
            assert_eq!(b.st.events[0][Event::HazardousLeaks as usize], 1);
            // The location crit is not a crit of its own (G27).
            assert_eq!(b.st.events[1][Event::Crits as usize], 1);
        });
    }

    /// A chemical leak has an area but no countdown; an ordinary propellant has neither.
    #[test]
    fn a_chemical_leak_has_an_area_but_no_countdown() {
        with_battle(Propellant::ChemicalRocketFuel, |b| {
            b.crit(1, 0, Crit::PropellantLeak);
            let h = b.st.ships[0].hazards[0];
            assert!(h.area.is_some() && h.leaking && !h.counting());
        });
        with_battle(Propellant::Other, |b| {
            b.crit(1, 0, Crit::PropellantLeak);
            assert_eq!(b.st.ships[0].leaks, 1);
            assert_eq!(b.st.ships[0].hazards[0], Hazard::default());
        });
    }

    /// "Magazine hits cause 35% of loaded Guided Weapons to be lost instead of 25%".
    #[test]
    fn a_magazine_hit_in_a_leak_area_loses_35_percent() {
        with_battle(Propellant::ChemicalRocketFuel, |b| {
            b.st.ships[0].magazine[0] = 20;
            b.crit(1, 0, Crit::MagazineHit);
            assert_eq!(b.st.ships[0].magazine[0], 15);
            b.st.ships[0].magazine[0] = 20;
            b.st.ships[0].hazards[0] = leak_into(Crit::MagazineHit, Propellant::ChemicalRocketFuel);
            b.crit(1, 0, Crit::MagazineHit);
            assert_eq!(b.st.ships[0].magazine[0], 13);
        });
    }

    /// "Command Hits paralyze the ship's ability to fire and maneuver for a turn" (J21: a hit
    /// in the firing phase of turn 3 takes this turn's maneuver and turn 4's firing).
    #[test]
    fn a_command_hit_in_a_leak_area_paralyses_for_a_turn() {
        with_battle(Propellant::ChemicalRocketFuel, |b| {
            b.st.firing = true;
            b.crit(1, 0, Crit::CommandHit);
            b.settle_crits();
            assert_eq!(b.st.ships[0].paralysed, [0, 0]);
            b.st.ships[0].hazards[0] = leak_into(Crit::CommandHit, Propellant::ChemicalRocketFuel);
            b.crit(1, 0, Crit::CommandHit);
            b.settle_crits();
            let s = &b.st.ships[0];
            assert_eq!(s.paralysed, [4, 3]);
            assert!(s.move_paralysed(3) && !s.fire_paralysed(3) && s.fire_paralysed(4));
            assert_eq!(b.st.events[0][Event::Paralysed as usize], 1);
        });
    }

    /// Digest §3 vector 18 (last sentence): a Personnel crit at the Medbay (50 crew) → 25
    /// casualties; in a hazardous-leak area, 70% → 35 ("increased by 20%, stacking
    /// additively": two leaks there → 90% → 45).
    #[test]
    fn vector_18_breach_in_a_leak_area_adds_20_points_per_leak() {
        for (leaks, hurt) in [(0, 25), (1, 35), (2, 45)] {
            with_battle(Propellant::ChemicalRocketFuel, |b| {
                let s = &mut b.st.ships[0];
                s.stations[Station::Medbay as usize] = [50, 0, 0];
                for k in 0..leaks {
                    s.hazards[k] = leak_into(Crit::BreachMedbay, Propellant::ChemicalRocketFuel);
                }
                b.crit(1, 0, Crit::BreachMedbay);
                assert_eq!(b.st.ships[0].hurt, [hurt, 0, 0], "{leaks} leaks");
            });
        }
    }

    /// A fixed leak no longer worsens its area ("Fixing the Propellant Leak via Damage
    /// Control removes these risks").
    #[test]
    fn a_fixed_leak_no_longer_worsens_its_area() {
        with_battle(Propellant::ChemicalRocketFuel, |b| {
            let s = &mut b.st.ships[0];
            s.leaks = 1;
            s.hazards[0] = leak_into(Crit::MagazineHit, Propellant::ChemicalRocketFuel);
            repairs::apply(repairs::Repair::Leak, s);
            s.magazine[0] = 20;
            b.crit(1, 0, Crit::MagazineHit);
            assert_eq!(b.st.ships[0].magazine[0], 15);
        });
    }

    /// Criticality: "A Magazine or VLS subjected to Criticality loses all its munitions";
    /// "Casualties from a crew section going critical are 90%"; "Command modules going
    /// critical paralyzes the ship"; "No amount of Repair Points will remove a negative
    /// effect inflicted by Criticality".
    #[test]
    fn criticality_effects() {
        with_battle(Propellant::DissolvedFissiles, |b| {
            b.st.ships[0].magazine = [8, 3, 0, 0];
            b.go_critical(0, Crit::MagazineHit);
            assert_eq!(b.st.ships[0].magazine, [0; 4]);
            assert_eq!(b.st.events[0][Event::Criticalities as usize], 1);

            b.st.ships[0].stations[Station::Engineering as usize] = [50, 0, 0];
            b.go_critical(0, Crit::BreachEngineering);
            assert_eq!(b.st.ships[0].hurt, [45, 0, 0]);

            b.go_critical(0, Crit::CommandHit);
            assert_eq!(b.st.ships[0].command[..2], [false, true]);
            assert_eq!(b.st.ships[0].paralysed, [4, 4]);

            b.go_critical(0, Crit::ReactorOffline);
            let s = b.st.ships[0];
            assert!(s.plant_off[0] && s.permanent(Crit::ReactorOffline));
            assert_eq!(repairs::next(&s, &b.m.designs[0], &b.m.catalogue), None);
        });
    }

    /// "If Criticality inflicts a *propellant leak*, the entire ship is immediately destroyed
    /// in a nuclear explosion."
    #[test]
    fn a_propellant_leak_going_critical_destroys_the_ship() {
        with_battle(Propellant::DissolvedFissiles, |b| {
            b.st.ships[0].hazards[0] = Hazard {
                countdown: 2,
                mess: 3,
                ..leak_into(Crit::PropellantLeak, Propellant::DissolvedFissiles)
            };
            b.criticality();
            assert_eq!(
                b.st.ships[0].status,
                crate::rules::junction::ship::Status::Destroyed
            );
            assert_eq!(b.st.events[0][Event::Destroyed as usize], 1);
        });
    }
}
