//! Objective-aware targeting and movement (J24, policy): with a Stage 0 objective, every
//! preset but `passive` plays for it. Without an objective each call is the plain nearest
//! enemy, so battles without objectives are unchanged.
//! * VIP / blockade run — the attackers fire at the key ship (the VIP, the delivery ship)
//!   whenever it is within reach (guns: longest Probable Hit range; launches: the salvo's
//!   delta-v) and close in on it; its escorts
//!   keep their distance to the enemy nearest the key ship (they screen it).
//! * Hold the area — a ship outside the area with no enemy within its longest Probable Hit
//!   range steers for the area's centre.

use crate::dice::Roller;
use crate::observer::Observer;

use super::super::hex::Hex;
use super::super::objectives::Objective;
use super::Battle;

impl<R: Roller, O: Observer> Battle<'_, R, O> {
    /// The enemy ship `i` fires at with a weapon reaching `reach` hexes (launches: the
    /// salvo's delta-v; `None`: direct fire, the longest Probable Hit range).
    pub(crate) fn fire_target(&mut self, i: usize, reach: Option<f64>) -> Option<usize> {
        let near = self.nearest_enemy(i);
        if self.m.objective.is_none() {
            return near;
        }
        let reach = reach.unwrap_or_else(|| f64::from(self.reach(i)));
        match self.key_enemy(i) {
            Some(k) if self.engagement_distance(i, k) <= reach => Some(k),
            _ => near,
        }
    }

    /// The enemy ship `i` keeps its policy's distance to (maneuver phase).
    pub(crate) fn move_reference(&mut self, i: usize) -> Option<usize> {
        let near = self.nearest_enemy(i);
        let Some(o) = self.m.objective else {
            return near;
        };
        if let Some(k) = self.key_enemy(i) {
            return Some(k);
        }
        match o.key_ship() {
            // Escorts screen the key ship: they engage the enemy nearest to it.
            Some(k) if k != i && self.escorts(i, k) => self.nearest_enemy(k).or(near),
            _ => near,
        }
    }

    /// Hold the area: the centre, for a ship outside the area with no enemy in its reach.
    pub(crate) fn area_goal(&mut self, i: usize) -> Option<Hex> {
        let Some(Objective::HoldTheArea { hex, radius }) = self.m.objective else {
            return None;
        };
        let s = &self.st.ships[i];
        if !self.m.policies[s.side.index()].fires || s.pos.distance(hex) <= radius {
            return None;
        }
        let reach = f64::from(self.reach(i));
        match self.nearest_enemy(i) {
            Some(t) if self.engagement_distance(i, t) <= reach => None,
            _ => Some(hex),
        }
    }

    /// The objective's key ship when it is an enemy of `i` in play and `i` plays for the
    /// objective.
    fn key_enemy(&self, i: usize) -> Option<usize> {
        let k = self.m.objective?.key_ship()?;
        let (s, t) = (&self.st.ships[i], &self.st.ships[k]);
        (s.side != t.side && t.targetable() && self.m.policies[s.side.index()].fires).then_some(k)
    }

    /// Whether `i` is an escort of the key ship `k` (same side, both in play, fighting).
    fn escorts(&self, i: usize, k: usize) -> bool {
        let (s, t) = (&self.st.ships[i], &self.st.ships[k]);
        s.side == t.side && t.status.in_play() && self.m.policies[s.side.index()].fires
    }

    /// Longest Probable Hit range of `i`'s weapons (0 without guns).
    fn reach(&self, i: usize) -> i32 {
        let d = self.m.design(&self.st.ships[i]);
        d.weapons
            .iter()
            .map(|&w| self.m.catalogue.weapons[w].ranges[2])
            .max()
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Battle, BattleState};
    use crate::NoTrace;
    use crate::dice::Dice;
    use crate::outcome::Side;

    use crate::rules::junction::design::{Catalogue, DirectWeapon, ShipDesign, WeaponKind};
    use crate::rules::junction::hex::Hex;
    use crate::rules::junction::house_rules::HouseRules;
    use crate::rules::junction::matchup::Matchup;
    use crate::rules::junction::objectives::Objective;
    use crate::rules::junction::policy::Policy;
    use crate::rules::junction::ship::ShipState;

    fn matchup(objective: Option<Objective>) -> Matchup {
        let cat = Catalogue {
            weapons: vec![DirectWeapon {
                name: "macron".into(),
                kind: WeaponKind::Macron { area_denial: 1 },
                ap: 10.0,
                ranges: [2, 4, 10],
                volume: 1.0,
                energy: 0.0,
            }],
            guided: vec![],
        };
        let d = ShipDesign {
            weapons: vec![0],
            ..ShipDesign::bare("gunboat")
        };
        // A1 at the origin; B1 (escort) 5 hexes away, B2 (the VIP) 8, B3 far off at 30.
        let ship = |side, q| {
            let mut s = ShipState::new(0, &d, side, 100, 0);
            s.pos = Hex::new(q, 0);
            s.prev_pos = s.pos;
            s
        };
        let start = vec![
            ship(Side::A, 0),
            ship(Side::B, 5),
            ship(Side::B, 8),
            ship(Side::B, 30),
        ];
        Matchup {
            objective,
            ..Matchup::new(
                cat,
                vec![d],
                start,
                vec!["A1".into(), "B1".into(), "B2".into(), "B3".into()],
                [
                    Policy::preset("brawler").unwrap(),
                    Policy::preset("brawler").unwrap(),
                ],
                HouseRules::default(),
            )
        }
    }

    fn with_battle(o: Option<Objective>, f: impl FnOnce(&mut Battle<'_, Dice, NoTrace>)) {
        let m = matchup(o);
        let mut st = BattleState::for_matchup(&m);
        st.reset(&m);
        let mut dice = Dice::for_battle(1, 1, 1);
        let mut b = Battle {
            m: &m,
            st: &mut st,
            dice: &mut dice,
            obs: &mut NoTrace,
        };
        f(&mut b);
    }

    /// J24: the attacker fires at and closes on the VIP within its reach instead of the nearer
    /// escort; the escorts engage the enemy nearest the VIP; without an objective, the nearest.
    #[test]
    fn attackers_go_for_the_vip_and_escorts_screen_it() {
        with_battle(None, |b| {
            assert_eq!(b.fire_target(0, None), Some(1));
            assert_eq!(b.move_reference(0), Some(1));
        });
        let vip = Objective::Vip {
            ship: 2,
            worth_percent: 50,
        };
        with_battle(Some(vip), |b| {
            assert_eq!(b.fire_target(0, None), Some(2));
            assert_eq!(b.move_reference(0), Some(2));
            // Out of a 6-hex reach (a salvo's delta-v), the nearest enemy instead.
            assert_eq!(b.fire_target(0, Some(6.0)), Some(1));
            assert_eq!(b.move_reference(3), Some(0));
        });
        // The VIP out of gun reach (B3 at 30 hexes): fire at the nearest, still close on it.
        let far = Objective::Vip {
            ship: 3,
            worth_percent: 50,
        };
        with_battle(Some(far), |b| {
            assert_eq!(b.fire_target(0, None), Some(1));
            assert_eq!(b.move_reference(0), Some(3));
        });
    }

    /// J24: hold the area — a ship outside the area with no enemy in reach steers for it.
    #[test]
    fn ships_outside_the_area_with_no_enemy_in_reach_steer_for_it() {
        let area = |q| Objective::HoldTheArea {
            hex: Hex::new(q, 0),
            radius: 2,
        };
        with_battle(Some(area(-20)), |b| {
            // B3 (30 hexes off, nearest enemy A1 out of its 10-hex reach) heads for the area;
            // A1 has enemies in reach and fights.
            assert_eq!(b.area_goal(3), Some(Hex::new(-20, 0)));
            assert_eq!(b.area_goal(0), None);
        });
        with_battle(Some(area(30)), |b| assert_eq!(b.area_goal(3), None));
    }
}
