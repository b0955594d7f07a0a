//! Ship explosion (seed 001, "Ship Explosion"; digest §2.9, §3.13): "A ship that explodes deals
//! damage like a Cannon blast at a Guns strength equal to its Size to each object in its hex ...
//! Subtract one from the explosion power for each hex of distance away ... Anything docked to
//! an exploding ship suffers the effect twice."

/// The blast's Guns power at `distance` hexes from a ship of `size` (0 = no blast there).
pub const fn blast_power(size: u8, distance: u32) -> u8 {
    if distance >= size as u32 {
        0
    } else {
        size - distance as u8
    }
}

/// How many separate strikes a ship takes from a blast: two when docked to the exploding ship
/// ("suffers the effect twice"; two strikes, so the second meets Shields lowered by the first,
/// digest correction 16), else one.
pub const fn blast_strikes(docked: bool) -> u8 {
    if docked { 2 } else { 1 }
}

/// The furthest distance a ship of `size` reaches with its blast.
pub const fn blast_reach(size: u8) -> u32 {
    (size as u32).saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::ScriptedDice;
    use crate::rules::ship_to_ship::cannon_hits::roll_damage;

    #[test]
    fn tv13_size_5_blast_by_distance() {
        // Digest §3.13: "A Size 5 explosion puts 5/4/3/2/1/0 dice at distance 0/1/2/3/4/5."
        let got: Vec<u8> = (0..6).map(|d| blast_power(5, d)).collect();
        assert_eq!(got, [5, 4, 3, 2, 1, 0]);
        assert_eq!(blast_reach(5), 4);
        assert_eq!(blast_power(0, 0), 0);
    }

    #[test]
    fn tv13_two_hexes_away_with_shields_1_rolls_4_drops_1() {
        let power = blast_power(5, 2);
        let mut dice = ScriptedDice::new(&[6, 3, 2, 5]);
        let kept = roll_damage(&mut dice, power, 1);
        assert_eq!(dice.used(), 4);
        assert_eq!(kept.high_first().collect::<Vec<_>>(), [5, 3, 2]);
    }

    #[test]
    fn tv13_docked_ship_takes_two_strikes_against_falling_shields() {
        // Shields 2: 7d6 drop 2 (Shields → 1), then 6d6 drop 1 (Shields → 0).
        assert_eq!(blast_strikes(true), 2);
        assert_eq!(blast_strikes(false), 1);
        let mut shields = 2u8;
        let mut dice = ScriptedDice::new(&[1, 2, 3, 4, 5, 6, 6, 1, 2, 3, 4, 5, 6]);
        let first = roll_damage(&mut dice, blast_power(5, 0), shields);
        shields -= 1;
        assert_eq!(dice.used(), 7);
        assert_eq!(first.len(), 5);
        let second = roll_damage(&mut dice, blast_power(5, 0), shields);
        shields -= 1;
        assert_eq!(dice.used(), 13);
        assert_eq!(second.len(), 5);
        assert_eq!(shields, 0);
    }
}
