//! When a ship runs from incoming guided weapons instead of closing (issue 17, `brawler-v3`):
//! the search player's exploit on the reference fleets is the kept distance, switched turn by
//! turn between closing in and standing off; standing off while enemy salvos are in flight at
//! the ship captures part of it (docs/configs.md, "What the search player exploits"). A pure function of the
//! position; the battle code (`battle/maneuver.rs`) gathers its inputs.
//!
//! Text: seed 004 Appendix 1 "Kinetic" (Attack Power equal to the relative velocity squared,
//! heavy ×8): a ship burning away from a kinetic salvo cuts the speed it strikes at; "Guided
//! Weapon Maneuver" (a salvo steers within its acceleration and delta-v, and one out of
//! delta-v and not on its target is lost, J9). The text leaves burns to the player; `dodge`
//! is a policy setting, not a house rule.

use super::policy::Dodge;

/// Enemy guided weapons in flight at one ship, by kind (salvos, not missiles).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Incoming {
    /// Salvos with a kinetic payload (their damage is squared on the closing speed).
    pub kinetic: u32,
    /// Every other attacking salvo (blasts, mines, stand-off payloads).
    pub other: u32,
}

/// Whether a salvo in flight at the ship counts for its policy's `dodge` (issue 17,
/// `brawler-v8`): `kinetic` (its payload strikes with the closing speed squared) and
/// `launcher_holds` (the ship that launched it holds its range against this ship, as
/// [`super::range_watch::holds_its_range`] reads its moves). `Dodge::Read` runs from every
/// kinetic salvo but from another salvo only when its launcher holds its range: a missile
/// boat that keeps its distance has its salvos for its whole attack, and a ship that runs
/// makes them chase it out of delta-v (J9); an enemy that comes at the ship anyway only
/// gets its missile range from a ship that runs from its blasts — the battle line is faster
/// and wins by closing to its guns. Measured (docs/configs.md, "`brawler-v8`"; B's score
/// against the strike group's `brawler-v2`): `brawler-v7` with `dodge = "kinetic"` 52.2%, with
/// `guided` 20.9%; against its `missile-boat-v2` 28.7% and 35.3%.
pub fn runs_from(dodge: Dodge, kinetic: bool, launcher_holds: bool) -> bool {
    match dodge {
        Dodge::None => false,
        Dodge::Kinetic => kinetic,
        Dodge::Guided => true,
        Dodge::Read => kinetic || launcher_holds,
    }
}

/// The distance a ship keeps to the nearest enemy this turn: its policy's `keep`, or
/// `run_to` (the stand-off distance, just outside the enemy's longest reach) while its
/// policy's `dodge` names salvos of a kind that are in flight at it. A ship with no
/// stand-off distance (`None`) or `Dodge::None` always keeps `keep` (the older presets).
pub fn kept_distance(keep: i32, run_to: Option<i32>, dodge: Dodge, incoming: Incoming) -> i32 {
    let runs = match dodge {
        Dodge::None => false,
        Dodge::Kinetic => incoming.kinetic > 0,
        // The battle code counts in `other` only the salvos `runs_from` names.
        Dodge::Guided | Dodge::Read => incoming.kinetic + incoming.other > 0,
    };
    match run_to {
        Some(r) if runs => r,
        _ => keep,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KINETIC: Incoming = Incoming {
        kinetic: 1,
        other: 0,
    };
    const NUKE: Incoming = Incoming {
        kinetic: 0,
        other: 1,
    };

    /// The reference battle's turn 3 (`search-player-v2.toml`, battle-line `brawler-v2`
    /// against strike-group `pd-screen-v2`, battle 0): the missile cruiser's light nukes and
    /// heavy kinetics fly at the battle line's destroyer, which the old brawler kept closing
    /// on to 3 hexes (a kinetic struck at 6 hexes/turn: 8 × 36 = 288 AP, the destroyer
    /// gone). `brawler-v3` (`Dodge::Guided`) runs to its stand-off distance, 16.
    #[test]
    fn a_brawler_runs_from_salvos_in_flight() {
        assert_eq!(kept_distance(3, Some(16), Dodge::Guided, KINETIC), 16);
        assert_eq!(kept_distance(3, Some(16), Dodge::Kinetic, KINETIC), 16);
        // The old script closes whatever is in flight.
        assert_eq!(kept_distance(3, Some(16), Dodge::None, KINETIC), 3);
        assert_eq!(kept_distance(3, None, Dodge::None, NUKE), 3);
    }

    /// Nothing in flight, or only blasts for a kinetic dodger: it closes as before.
    #[test]
    fn it_closes_when_nothing_it_dodges_is_in_flight() {
        assert_eq!(
            kept_distance(3, Some(16), Dodge::Kinetic, Incoming::default()),
            3
        );
        assert_eq!(kept_distance(3, Some(16), Dodge::Kinetic, NUKE), 3);
        assert_eq!(kept_distance(3, Some(16), Dodge::Guided, NUKE), 16);
        assert_eq!(
            kept_distance(3, Some(16), Dodge::Guided, Incoming::default()),
            3
        );
    }

    /// `brawler-v8` reads the launcher: a kinetic salvo always makes it run; a salvo of
    /// blasts only when the ship that launched it holds its range (a missile boat), not when
    /// it comes at the ship (a brawler: the battle line closes to its guns).
    #[test]
    fn a_reading_brawler_runs_from_a_missile_boat_s_blasts_only() {
        assert!(runs_from(Dodge::Read, true, false));
        assert!(runs_from(Dodge::Read, true, true));
        assert!(runs_from(Dodge::Read, false, true));
        assert!(!runs_from(Dodge::Read, false, false));
        // The older settings do not read the launcher.
        assert!(runs_from(Dodge::Guided, false, false));
        assert!(!runs_from(Dodge::Kinetic, false, true));
        assert!(!runs_from(Dodge::None, true, true));
        // The counted salvos then decide as `guided` does.
        assert_eq!(kept_distance(3, Some(16), Dodge::Read, NUKE), 16);
        assert_eq!(
            kept_distance(3, Some(16), Dodge::Read, Incoming::default()),
            3
        );
    }

    /// A ship without a stand-off distance keeps its own.
    #[test]
    fn no_stand_off_distance_keeps_its_own() {
        assert_eq!(kept_distance(3, None, Dodge::Guided, KINETIC), 3);
    }
}
