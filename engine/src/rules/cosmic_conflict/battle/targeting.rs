//! Target choice (ch. 4 step 2 and the policies): which enemies a ship sees, and which one
//! each weapon fires at.

use crate::dice::Roller;
use crate::observer::Observer;

use super::super::attack::Band;
use super::super::design::WeaponType;
use super::super::player::Player;
use super::super::policy::Targeting;
use super::Battle;

/// An enemy as seen from the attacking ship: distance and position in its own frame.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sighting {
    /// The enemy ship.
    pub(super) ship: usize,
    /// Distance squared (band tests need no square root).
    pub(super) distance_squared: f64,
    /// Along the attacker's facing.
    pub(super) ahead: f64,
    /// To the attacker's port (left).
    pub(super) port: f64,
    /// Solid or Concealing terrain lies between: only an indirect weapon (Missiles) with a
    /// [Marked] token spent to ignore terrain may fire (ch. 8 Mark Target effect 2; G33).
    pub(super) blocked: bool,
}

impl<R: Roller, O: Observer, P: Player> Battle<'_, R, O, P> {
    /// Where every enemy in play lies from ship `i`: computed once per activation, since
    /// nothing moves during the attack step.
    /// `PLAIN`: [`super::BattleState::plain`], no terrain to test.
    #[inline(always)]
    pub(super) fn sight<const PLAIN: bool>(&self, i: usize, out: &mut Vec<Sighting>) {
        let me = &self.s.ships[i];
        out.clear();
        let terrain = !PLAIN && !self.s.terrain.is_empty();
        for (j, t) in self.s.ships.iter().enumerate() {
            if t.side == me.side || !t.active() {
                continue;
            }
            let blocked = terrain && self.line_blocked(i, j);
            if blocked && !self.may_mark_through(i, j) {
                continue;
            }
            let d = t.pos - me.pos;
            out.push(Sighting {
                ship: j,
                distance_squared: d.dot(d),
                ahead: me.facing.dot(d),
                port: me.facing.cross(d),
                blocked,
            });
        }
    }

    /// Policy: the target for weapon `w` of ship `i` among the sighted enemies. Only targets
    /// inside the weapon's Range/Extended Range and one of its firing arcs (line between centre
    /// points) qualify — ch. 4 step 2. Used by the Command-phase and fighter look-ahead, which
    /// only read; equally good targets go to the first in setup order here (the attack step
    /// itself, [`Battle::target_for`], rolls among them).
    pub(super) fn choose_target(
        &self,
        i: usize,
        w: usize,
        sighted: &[Sighting],
    ) -> Option<(usize, Band)> {
        let found = if self.s.orders {
            self.choose_target_with_orders(i, w, sighted)
        } else {
            self.pick_target::<false>(i, w, sighted)
        };
        found.map(|(j, band, _)| (j, band))
    }

    /// The attack step's target for weapon `w` of ship `i` ([`Battle::choose_target`]);
    /// equally good targets are chosen among on the battle's dice, never by setup order.
    /// `ORDERS`: [`super::BattleState::orders`].
    #[inline(always)]
    pub(super) fn target_for<const ORDERS: bool>(
        &mut self,
        i: usize,
        w: usize,
        sighted: &[Sighting],
    ) -> Option<(usize, Band)> {
        // Without Orders no sighting is blocked and no [Marked] effect is bought: the plain
        // search (the hot path of games without the Command layer).
        let (j, band, ties) = if ORDERS {
            self.choose_target_with_orders(i, w, sighted)
        } else {
            self.pick_target::<false>(i, w, sighted)
        }?;
        if ties == 0 {
            return Some((j, band));
        }
        self.break_target_tie::<ORDERS>(i, w, sighted, (j, band, ties))
    }

    /// Several targets are equally good: roll among them (the lowest-indexed one is `first`).
    #[cold]
    #[inline(never)]
    fn break_target_tie<const ORDERS: bool>(
        &mut self,
        i: usize,
        w: usize,
        sighted: &[Sighting],
        first: (usize, Band, u64),
    ) -> Option<(usize, Band)> {
        let (j0, band0, ties) = first;
        let all = ties | (1 << j0);
        let j = super::nth_bit(all, self.dice.below(all.count_ones()));
        if j == j0 {
            return Some((j0, band0));
        }
        let profile = self.profile(i, w);
        let marks = self.s.marks;
        let s = sighted.iter().find(|s| s.ship == j)?;
        let band = Self::band_of::<ORDERS>(profile, s, marks)?;
        Some((j, band))
    }

    /// The search with the [Marked] rules, out of line.
    #[inline(never)]
    fn choose_target_with_orders(
        &self,
        i: usize,
        w: usize,
        sighted: &[Sighting],
    ) -> Option<(usize, Band, u64)> {
        self.pick_target::<true>(i, w, sighted)
    }

    /// The band a sighted enemy lies in for a weapon of this profile: a [Marked] token spent
    /// for range adds 4 to the outermost range value (ch. 8).
    #[inline(always)]
    fn band_of<const ORDERS: bool>(
        profile: &super::super::attack::WeaponProfile,
        s: &Sighting,
        marks: super::MarkEffects,
    ) -> Option<Band> {
        match profile.band_at_squared(s.distance_squared) {
            None if ORDERS && marks.range & (1u64 << s.ship) != 0 => profile
                .band_at_squared_reach(s.distance_squared, super::command_phase::MARK_RANGE_BONUS),
            b => b,
        }
    }

    /// [`Battle::choose_target`], with the [Marked] and blocked-sighting rules when `ORDERS`.
    /// Returns the first best target in setup order, its band, and the other targets exactly
    /// as good (bit per ship; 0 when it is the only one).
    #[inline(always)]
    fn pick_target<const ORDERS: bool>(
        &self,
        i: usize,
        w: usize,
        sighted: &[Sighting],
    ) -> Option<(usize, Band, u64)> {
        let me = &self.s.ships[i];
        let targeting = self.players[me.side.index()].targeting();
        let profile = self.profile(i, w);
        let mount = &self.m.designs[usize::from(me.design)].weapons[w];
        let arcs = mount.arcs;
        let indirect = mount.kind == WeaponType::Missiles;
        let expected = self.m.expected_row(usize::from(me.design), w);
        let marks = self.s.marks;
        let mut best: Option<(usize, Band, f32, f32, bool)> = None;
        let mut ties = 0u64;
        for s in sighted {
            let t = &self.s.ships[s.ship];
            if !t.active() || !arcs.covers_local(s.ahead, s.port) {
                continue;
            }
            let bit = 1u64 << s.ship;
            if ORDERS && s.blocked && !(indirect && marks.terrain & bit != 0) {
                continue;
            }
            let Some(band) = Self::band_of::<ORDERS>(profile, s, marks) else {
                continue;
            };
            // Zero also where fighters are involved at Extended Range (ch. 6c; see
            // `Matchup::expected_row`).
            let e = expected[usize::from(t.design) * 3 + usize::from(band.index)];
            if e <= 0.0 {
                continue;
            }
            let key = match targeting {
                Targeting::BestOdds => e,
                Targeting::Weakest => -(t.remaining() as f32),
                Targeting::MostDangerous => self.threat(s.ship),
                Targeting::Nearest => -(s.distance_squared as f32),
                Targeting::KillValue => self.kill_value(i, s.ship, e),
            };
            // Focus fire on an enemy with a [Marked] +2 Accuracy bought for this attack step.
            let marked = ORDERS && marks.accuracy & bit != 0;
            match best {
                Some((_, _, k, be, bm)) if marked == bm && key == k && e == be => ties |= bit,
                _ => {
                    let better = best.is_none_or(|(_, _, k, be, bm)| {
                        if marked != bm {
                            marked
                        } else {
                            key > k || (key == k && e > be)
                        }
                    });
                    if better {
                        best = Some((s.ship, band, key, e, marked));
                        ties = 0;
                    }
                }
            }
        }
        best.map(|(j, band, _, _, _)| (j, band, ties))
    }

    /// A ship's firepower: the summed value of its working weapons.
    pub(super) fn threat(&self, j: usize) -> f32 {
        let s = &self.s.ships[j];
        self.m.firepower[usize::from(s.design)]
            .iter()
            .enumerate()
            .filter(|(w, _)| !s.weapon_off(*w))
            .map(|(_, v)| *v)
            .sum()
    }
}
