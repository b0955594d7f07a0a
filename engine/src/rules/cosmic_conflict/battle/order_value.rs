//! The `weighed` Orders of the third-generation presets (issue 17): the `aggressive` choice
//! (Offensive Focus with an enemy in reach, Contingent Attack with one in reach after moving,
//! else a Command Token), unless **Evasive Actions** is worth more this turn.
//!
//! Evasive Actions (ch. 8 Navigate Orders; digest §2.10): "−1 accuracy against this ship all
//! turn" — and, being a [Navigate] Order, it spares the ship Hazardous damage ("X × Size
//! damage if the ship ends its move inside without a Navigate order/command used this turn",
//! ch. 8 Terrain, digest §2.11). Its worth, in expected damage boxes this turn:
//! * the fire it turns away: for every enemy that can reach the ship after a full move, each
//!   working weapon's expected damage at normal Range less that at −1 Accuracy
//!   ([`Matchup::evaded`](super::super::matchup::Matchup::evaded)), shared over the ships of
//!   this side that enemy can reach (`reaching.rs`, as the `tactician`'s estimate of incoming
//!   fire; fighters count: Evasive Actions turns their attacks away too);
//! * the Hazardous damage no end point of this turn's move avoids (every straight run at the
//!   Velocities the ship may choose, shifted by none, half or the full Maneuver either way,
//!   ends inside a Hazardous zone: the least of them × Size).
//!
//! The alternative's worth: Offensive Focus, one reroll per attack this turn — each working
//! weapon's expected gain from rerolling its worse die against the nearest enemy, in the band
//! of their distance ([`Matchup::focus_gain`](super::super::matchup::Matchup::focus_gain));
//! Contingent Attack
//! and a Command Token, [`TOKEN_WORTH`] (a Token buys one reroll or one Dodge; Contingent
//! Attack only moves a shot in time). Evasive Actions wins when it is worth more; on equal
//! worth the `aggressive` choice stands.

use crate::dice::Roller;
use crate::geometry::Vec2;
use crate::observer::Observer;

use super::super::orders::Order;
use super::super::player::Player;
use super::super::terrain;
use super::Battle;
use super::reaching::Reaching;

/// What the `weighed` Orders count a Command Token (or Contingent Attack) as worth, in
/// expected damage boxes: about one reroll or one Dodge (AI estimate).
pub const TOKEN_WORTH: f32 = 1.0;

/// Sideways shifts tried for the unavoidable Hazardous damage, as shares of the Maneuver.
const SHIFTS: [f64; 5] = [0.0, 1.0, -1.0, 0.5, -0.5];

/// The main Order of the `weighed` style: Evasive Actions when its worth (`evasive`, expected
/// boxes saved this turn) exceeds the worth of the `aggressive` choice (`aggressive`, with
/// `focus` the worth of Offensive Focus; Contingent Attack and a Token count [`TOKEN_WORTH`]).
pub fn weighed_main(aggressive: Option<Order>, evasive: f32, focus: f32) -> Option<Order> {
    let alternative = match aggressive {
        Some(Order::OffensiveFocus) => focus,
        _ => TOKEN_WORTH,
    };
    if evasive > alternative {
        Some(Order::EvasiveActions)
    } else {
        aggressive
    }
}

impl<R: Roller, O: Observer, P: Player> Battle<'_, R, O, P> {
    /// What Evasive Actions is worth to ship `i` this turn (expected boxes): the enemy fire it
    /// turns away plus the Hazardous damage it spares (module docs).
    pub(super) fn evasive_worth(&self, i: usize, table: &Reaching) -> f32 {
        let me = usize::from(self.s.ships[i].design);
        let mut saved = 0.0;
        for (j, targets) in self.enemies_reaching(table, i) {
            let t = &self.s.ships[j];
            let a = usize::from(t.design);
            let weapons = self.m.designs[a].weapons.len();
            let turned: f32 = (0..weapons)
                .filter(|&w| !t.weapon_off(w))
                .map(|w| self.m.evaded(a, w, me, 0))
                .sum();
            saved += turned / f32::from(targets);
        }
        saved + self.unavoidable_hazard(i)
    }

    /// What Offensive Focus is worth to ship `i` this turn (expected boxes): every working
    /// weapon's reroll gain against the enemy `j` (its nearest), in the band of their distance
    /// now; a weapon that does not reach it now counts in its outermost band if a full move
    /// (`moves`) brings it within reach, else not at all.
    pub(super) fn focus_worth(&self, i: usize, j: usize, moves: f64) -> f32 {
        let d = self.s.ships[i].pos.distance(self.s.ships[j].pos);
        self.focus_gains(i, j, d, moves)
            .fold(0.0, |worth, g| worth + g)
    }

    /// Each working weapon of ship `i`'s Offensive Focus reroll gain against enemy `j` at
    /// distance `d`, in the band a move of `moves` brings it within (none for a weapon that
    /// no move brings within reach): summed by [`Self::focus_worth`], its best kept by the
    /// Command Token's keep-worth (`token_value.rs`).
    pub(super) fn focus_gains(
        &self,
        i: usize,
        j: usize,
        d: f64,
        moves: f64,
    ) -> impl Iterator<Item = f32> + '_ {
        let me = &self.s.ships[i];
        let a = usize::from(me.design);
        let t = usize::from(self.s.ships[j].design);
        self.m.profiles[a]
            .iter()
            .enumerate()
            .filter(move |&(w, _)| !me.weapon_off(w))
            .filter_map(move |(w, profile)| {
                let band = profile.band_within_a_move(d, moves)?;
                Some(self.m.focus_gain(a, w, t, band.index))
            })
    }

    /// The Hazardous damage ship `i` cannot avoid this turn without a [Navigate] Order or
    /// Command: the least over the end points of straight runs at every Velocity it may
    /// choose (±1, or its own if locked), shifted sideways by none, half or the full Maneuver;
    /// 0 with no terrain or when any of them is clear.
    pub(super) fn unavoidable_hazard(&self, i: usize) -> f32 {
        if self.s.terrain.is_empty() {
            return 0.0;
        }
        let s = &self.s.ships[i];
        let rules = &self.m.rules;
        let vmax = rules.movement_row(s.size, 0).vmax;
        let maneuver = f64::from(
            rules
                .movement_row(s.size, s.equipment.maneuver_enhance)
                .maneuver,
        );
        let side = s.facing.rotated(0.0, 1.0) * maneuver;
        let (lo, hi) = if s.restrictions.velocity_locked {
            (s.velocity, s.velocity)
        } else {
            (s.velocity.saturating_sub(1), (s.velocity + 1).min(vmax))
        };
        let mut least = u32::MAX;
        for v in lo..=hi {
            let run: Vec2 = s.pos + s.facing * f64::from(v);
            for k in SHIFTS {
                let p = run + side * k;
                let here = terrain::surroundings(&self.s.terrain, p);
                // Solid is never an end point; it does not make a field unavoidable.
                if here.solid {
                    continue;
                }
                least = least.min(here.hazardous);
                if least == 0 {
                    return 0.0;
                }
            }
        }
        if least == u32::MAX {
            return 0.0;
        }
        (least * u32::from(s.size)) as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A brawler with an enemy in reach whose fire Evasive Actions turns away by 2.5 boxes,
    /// while Offensive Focus adds 1.2: it takes Evasive Actions (the `aggressive` script gives
    /// Offensive Focus whatever comes at it).
    #[test]
    fn evades_when_the_fire_turned_away_outweighs_the_focus() {
        assert_eq!(
            weighed_main(Some(Order::OffensiveFocus), 2.5, 1.2),
            Some(Order::EvasiveActions)
        );
        assert_eq!(
            weighed_main(Some(Order::OffensiveFocus), 0.8, 1.2),
            Some(Order::OffensiveFocus)
        );
    }

    /// Equal worth keeps the aggressive choice; a Token or Contingent Attack is given up only
    /// for more than [`TOKEN_WORTH`] (e.g. 2 boxes of Hazardous damage no move avoids).
    #[test]
    fn keeps_the_token_unless_evasion_pays_more() {
        assert_eq!(
            weighed_main(Some(Order::OffensiveFocus), 1.2, 1.2),
            Some(Order::OffensiveFocus)
        );
        assert_eq!(weighed_main(None, TOKEN_WORTH, 0.0), None);
        assert_eq!(weighed_main(None, 2.0, 0.0), Some(Order::EvasiveActions));
        assert_eq!(
            weighed_main(Some(Order::ContingentAttack), 0.5, 9.0),
            Some(Order::ContingentAttack)
        );
    }
}
