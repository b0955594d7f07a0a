//! The structure track: a ship's coded boxes (seed, "Structure Damage"; digest §2.4, §3.6,
//! §3.7, G2). Config writes a track the way the ship sheet does, one letter per box.

use crate::dice::Roller;

/// One structure box's code (seed, "Structure Damage"); `Plain` is an uncoded box (assumed by
/// the digest's data model: the sheet lists only coded boxes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    /// (C) Containment: "1d10 cargo points lost".
    Containment,
    /// (R) Remass: "1d6-3 burns lost".
    Remass,
    /// (M) Magazine: "Jam, plus 1d6-1 warheads lost to space".
    Magazine,
    /// (S) System: "Disable a long range or short range scanner. If already disabled,
    /// destroy it."
    System,
    /// (H) Hangar: "Roll 1d6 on the Hangar table".
    Hangar,
    /// (U) UDST: "Roll on the Surface Features table ...".
    Udst,
    /// (A) Action: "Lose one action".
    Action,
    /// An uncoded box.
    Plain,
}

/// How many kinds of [`Code`] there are.
pub const CODES: usize = 8;

impl Code {
    /// The code of a sheet letter: the seed's letters `C R M S H U A`, `o` for a plain box;
    /// `None` for anything else.
    pub const fn from_letter(c: char) -> Option<Code> {
        Some(match c {
            'C' => Code::Containment,
            'R' => Code::Remass,
            'M' => Code::Magazine,
            'S' => Code::System,
            'H' => Code::Hangar,
            'U' => Code::Udst,
            'A' => Code::Action,
            'o' => Code::Plain,
            _ => return None,
        })
    }

    /// The sheet letter.
    pub const fn letter(self) -> char {
        match self {
            Code::Containment => 'C',
            Code::Remass => 'R',
            Code::Magazine => 'M',
            Code::System => 'S',
            Code::Hangar => 'H',
            Code::Udst => 'U',
            Code::Action => 'A',
            Code::Plain => 'o',
        }
    }
}

/// What is allowed in a track string (for error messages).
pub const TRACK_ALPHABET: &str = "box codes C R M S H U A (seed, \"Structure Damage\"), `o` for a plain box, and spaces, `-` or `|` between boxes";

/// A bad character in a track string: its byte offset in the string and the character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadBox {
    /// Byte offset of the character in the track string.
    pub offset: usize,
    /// 1-based number of the box it would have been.
    pub box_number: usize,
    /// The character.
    pub found: char,
}

/// Parse a track written as on the sheet (`"AoMo RSoU HooA"`): every bad character.
pub fn parse_track(text: &str) -> Result<Vec<Code>, Vec<BadBox>> {
    let mut codes = Vec::new();
    let mut bad = Vec::new();
    for (offset, c) in text.char_indices() {
        if matches!(c, ' ' | '-' | '|') {
            continue;
        }
        match Code::from_letter(c) {
            Some(code) => codes.push(code),
            None => bad.push(BadBox {
                offset,
                box_number: codes.len() + bad.len() + 1,
                found: c,
            }),
        }
    }
    if bad.is_empty() { Ok(codes) } else { Err(bad) }
}

/// Burns lost to a Remass box: "1d6-3 burns lost", a negative result counting as 0 (digest
/// correction 5: a labelled default, house rule G23 `remass_floor`).
pub fn remass_loss<R: Roller>(dice: &mut R) -> i32 {
    (i32::from(dice.d6()) - 3).max(0)
}

/// Warheads lost to a Magazine box: "1d6-1 warheads lost to space".
pub fn magazine_loss<R: Roller>(dice: &mut R) -> i32 {
    i32::from(dice.d6()) - 1
}

/// Cargo lost to a Containment box: "1d10 cargo points lost".
pub fn containment_loss<R: Roller>(dice: &mut R) -> i32 {
    dice.below(10) as i32 + 1
}

/// Actions lost and whether Core Hit is rolled when `action_boxes` (A) boxes are lost to one
/// attack: "Lose one action. If more than one (A) is lost in the same attack, roll on the Core
/// Hit table." (digest §3.7).
pub const fn action_losses(action_boxes: u32) -> (u32, bool) {
    (action_boxes, action_boxes > 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;

    #[test]
    fn a_track_reads_like_the_sheet() {
        let t = parse_track("AoMo RSoU-HooA|C").unwrap();
        assert_eq!(t.len(), 13);
        assert_eq!(t[0], Code::Action);
        assert_eq!(t[12], Code::Containment);
        let s: String = t.iter().map(|c| c.letter()).collect();
        assert_eq!(s, "AoMoRSoUHooAC");
    }

    #[test]
    fn a_wrong_box_is_named_with_its_offset() {
        let bad = parse_track("AoMX oo").unwrap_err();
        assert_eq!(
            bad,
            [BadBox {
                offset: 3,
                box_number: 4,
                found: 'X'
            }]
        );
    }

    /// Digest §3.6: Remass 1d6−3 floored → {0,0,0,1,2,3}, mean 1.0; Magazine 1d6−1 → 0..5,
    /// mean 2.5 (exact over the six faces).
    #[test]
    fn vector_3_6_remass_and_magazine() {
        let remass: Vec<i32> = (1..=6u8)
            .map(|f| remass_loss(&mut ScriptedDice::new(&[f])))
            .collect();
        assert_eq!(remass, [0, 0, 0, 1, 2, 3]);
        assert_eq!(remass.iter().sum::<i32>(), 6);
        let mag: Vec<i32> = (1..=6u8)
            .map(|f| magazine_loss(&mut ScriptedDice::new(&[f])))
            .collect();
        assert_eq!(mag, [0, 1, 2, 3, 4, 5]);
        assert_eq!(mag.iter().sum::<i32>(), 15);
    }

    /// Digest §3.7: two (A) in one attack → lose 2 actions and roll Core Hit; one → 1, none.
    #[test]
    fn vector_3_7_action_boxes() {
        assert_eq!(action_losses(2), (2, true));
        assert_eq!(action_losses(1), (1, false));
        assert_eq!(action_losses(0), (0, false));
    }
}
