//! Cannon modes (seed 001, "Hit Allocation" / "Cannons"; digest §2.1, §3.6): "A Standard
//! Cannon will have a shot with power equal to the Guns of the firing ship. A Long Range
//! configuration makes the Cannon count range has half (round up) but also its Guns power
//! (round down). A Cannon configured in Multi mode has effective Guns power at only 1 but
//! firing does not add Used markers."

/// A Cannon's configuration (Fusion mode needs a Fusion Node and its numbers are missing, G10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CannonMode {
    /// Power = the ship's Guns.
    #[default]
    Standard,
    /// Power = Guns / 2 rounded down; range counts as range / 2 rounded up.
    Long,
    /// Power 1; no Used marker.
    Multi,
}

impl CannonMode {
    /// Config names.
    pub const NAMES: [&'static str; 3] = ["standard", "long", "multi"];

    /// From a config name.
    pub fn from_name(s: &str) -> Option<CannonMode> {
        match s {
            "standard" => Some(CannonMode::Standard),
            "long" => Some(CannonMode::Long),
            "multi" => Some(CannonMode::Multi),
            _ => None,
        }
    }

    /// The shot's Guns power for a ship with `guns` Guns power.
    pub const fn power(self, guns: u8) -> u8 {
        match self {
            CannonMode::Standard => guns,
            CannonMode::Long => guns / 2,
            CannonMode::Multi => 1,
        }
    }

    /// The range the shot counts (for the to-hit house rule G2).
    pub const fn effective_range(self, range: u32) -> u32 {
        match self {
            CannonMode::Long => range.div_ceil(2),
            _ => range,
        }
    }

    /// Whether firing puts a Used marker on the Cannon (Multi: "does not get a Used marker";
    /// Standard and Long: implied, digest correction 4).
    pub const fn takes_used_marker(self) -> bool {
        !matches!(self, CannonMode::Multi)
    }

    /// Whether a Cannon in this mode can fire at all (G13: a 0-power shot cannot be fired —
    /// Long mode with Guns 1 — and a ship with Guns 0 has no Standard shot).
    pub const fn can_fire(self, guns: u8) -> bool {
        guns > 0 && self.power(guns) > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tv6_mode_powers_with_guns_5() {
        // Digest §3.6: Standard 5, Long 2, Multi 1; range 7 counts as 4 in Long; Guns 1 Long → 0.
        assert_eq!(CannonMode::Standard.power(5), 5);
        assert_eq!(CannonMode::Long.power(5), 2);
        assert_eq!(CannonMode::Multi.power(5), 1);
        assert_eq!(CannonMode::Long.effective_range(7), 4);
        assert_eq!(CannonMode::Standard.effective_range(7), 7);
        assert_eq!(CannonMode::Long.power(1), 0);
        assert!(!CannonMode::Long.can_fire(1));
        assert!(CannonMode::Multi.can_fire(1));
    }

    #[test]
    fn only_multi_skips_the_used_marker() {
        assert!(CannonMode::Standard.takes_used_marker());
        assert!(CannonMode::Long.takes_used_marker());
        assert!(!CannonMode::Multi.takes_used_marker());
    }
}
