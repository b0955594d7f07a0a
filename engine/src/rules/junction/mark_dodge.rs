//! Area Denial dodged (issue 17): the burn search's price on the Macron Area Denial marks a
//! candidate move runs into. The marks are on the map when a ship plans its burn — they are
//! laid in the firing phase and hit in the maneuver phase that follows ("Direct Fire Attacks",
//! Macron Guns: any ship passing through a marked hex takes a guaranteed hit of the gun's
//! Attack Power over the hexes marked, ignoring ECM; immune on its starting hex, skipping marks
//! closer than half its speed, always hit when it ends on one — [`area_denial::hurts`]). A
//! player sees them and steers round them when the price is worth a hex of position; the
//! presets (`mark_weight = 0`) fly straight through: on the reference fleets the setting
//! measured no gain (docs/configs.md, "Area Denial dodged").

use super::area_denial::{self, Mark};
use super::hex::Hex;

/// What the marks on the map cost a burn: the marks and the side's price per Attack Power
/// (hexes of distance error, the burn score's unit). A weight of 0 adds nothing (the old
/// scripts' burns, bit for bit).
#[derive(Clone, Copy, Debug)]
pub struct MarkPrice<'a> {
    /// The Area Denial marks laid this turn (every side's: a mark hits whoever crosses it).
    pub marks: &'a [Mark],
    /// Score per Attack Power of marks run into (`Policy::mark_weight` / 100).
    pub per_ap: f64,
}

impl MarkPrice<'_> {
    /// No price (no marks, or a side that does not dodge them).
    pub const NONE: MarkPrice<'static> = MarkPrice {
        marks: &[],
        per_ap: 0.0,
    };

    /// Whether the price can be anything but 0 (the burn search skips it otherwise).
    #[inline]
    pub fn active(&self) -> bool {
        self.per_ap > 0.0 && !self.marks.is_empty()
    }

    /// The score added to a move `from → to`: [`marked_ap`] × the price per AP.
    #[inline]
    pub fn of(&self, from: Hex, to: Hex) -> f64 {
        if self.active() {
            self.per_ap * marked_ap(from, to, self.marks)
        } else {
            0.0
        }
    }
}

/// The Attack Power of Area Denial a ship moving `from → to` this maneuver phase takes: every
/// mark it crosses or ends on hits once ([`area_denial::hurts`], the battle's own test), a
/// guaranteed hit ignoring ECM, so the expected damage is the sum of their AP.
pub fn marked_ap(from: Hex, to: Hex, marks: &[Mark]) -> f64 {
    marks
        .iter()
        .filter(|m| area_denial::hurts(from, to, m.hex))
        .map(|m| m.ap)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mark(q: i32, r: i32, ap: f64) -> Mark {
        Mark {
            hex: Hex { q, r },
            ap,
            owner: 0,
            mount: 0,
        }
    }

    /// The aim of a Macron (4 hexes, 3 AP each) at a ship coasting 4 hexes along +q: the four
    /// hexes of its path, ending on its future-position marker. Coasting through costs all 12
    /// AP; a one-hex burn sideways ends off the line and passes the marks it would cross
    /// only where the line still rounds onto them.
    #[test]
    fn a_coasting_ship_takes_every_mark_on_its_path() {
        let from = Hex { q: 0, r: 0 };
        let marks = [
            mark(1, 0, 3.0),
            mark(2, 0, 3.0),
            mark(3, 0, 3.0),
            mark(4, 0, 3.0),
        ];
        // Coasting to (4,0): marks closer than half its speed (2) are skipped — (1,0) — and
        // the rest are crossed or ended on.
        assert_eq!(marked_ap(from, Hex { q: 4, r: 0 }, &marks), 9.0);
        // A burn of one hex along (0,+1): the path to (4,1) ends off the marks.
        let side = marked_ap(from, Hex { q: 4, r: 1 }, &marks);
        assert!(side < 9.0, "{side}");
        // Braking two hexes: it stops at (2,0), on a mark (always hit there); (1,0) is
        // closer than half of 2? No: 2·1 = 2 ≥ 2, so it is crossed too.
        assert_eq!(marked_ap(from, Hex { q: 2, r: 0 }, &marks), 6.0);
        // Staying put (a ship at rest) is immune on its own hex.
        assert_eq!(marked_ap(from, from, &marks), 0.0);
    }

    /// The price: nothing for a side that does not dodge (weight 0) or when no mark is laid;
    /// AP × the weight otherwise.
    #[test]
    fn the_price_is_zero_for_the_old_scripts() {
        let marks = [mark(2, 0, 3.0)];
        let (from, to) = (Hex { q: 0, r: 0 }, Hex { q: 2, r: 0 });
        let off = MarkPrice {
            marks: &marks,
            per_ap: 0.0,
        };
        assert!(!off.active());
        assert_eq!(off.of(from, to), 0.0);
        assert_eq!(MarkPrice::NONE.of(from, to), 0.0);
        let on = MarkPrice {
            marks: &marks,
            per_ap: 0.5,
        };
        assert_eq!(on.of(from, to), 1.5);
    }

    /// Every preset flies through the marks (the setting measured no gain).
    #[test]
    fn no_preset_prices_the_marks() {
        use super::super::policy::Policy;
        for name in Policy::PRESETS {
            assert_eq!(Policy::preset(name).unwrap().mark_weight, 0, "{name}");
        }
    }
}
