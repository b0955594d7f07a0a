//! Blasts among guided weapons, as rules without battle state (Appendix 1 "Inertial Mine",
//! "Nuclear Bomb", "Neutron Bomb"): the Inertial Mine's area mode (a tenth of the kinetic
//! Attack Power to everything in its hex, stacking), and which missiles can be fired as point
//! defense "even if not launched before" (J51, J52). The battle side is `battle/blasts.rs`.

use super::parts::{self, DECOY_SALVO_DURABILITY, GwSize, Payload};

/// The Inertial Mine's area mode hits with "Attack Power a tenth of its normal value".
pub const MINE_AREA_FRACTION: f64 = 0.1;

/// Attack Power one Inertial Mine of `size` deals in area mode to a unit whose velocity
/// differs from the mine's by `relative_speed` hexes ("a tenth of its normal value at current
/// velocities": the kinetic formula, light v², heavy 8v²).
pub fn mine_area_ap(size: GwSize, relative_speed: i32) -> f64 {
    MINE_AREA_FRACTION * parts::kinetic_ap(size, relative_speed)
}

/// Whether a missile with `payload` of `size` can be launched and used at once as point
/// defense: Excalibur (either size; J35), Inertial Mine (either size), and the *heavy*
/// Nuclear and Neutron Bombs ("Missiles fitted with Heavy Nuclear Bombs can be fired as point
/// defense").
pub const fn pd_launchable(payload: Payload, size: GwSize) -> bool {
    match payload {
        Payload::Excalibur | Payload::InertialMine => true,
        Payload::NuclearBomb | Payload::NeutronBomb => matches!(size, GwSize::Heavy),
        _ => false,
    }
}

/// Inertial Mines needed for a stacked blast of at least `durability` when each deals
/// `per_mine` ("Multiple Inertial Mines used in the same hex during the same phase stack their
/// Attack Power"); `None` when a mine deals nothing (no relative velocity).
pub fn mines_needed(durability: f64, per_mine: f64) -> Option<u32> {
    if per_mine <= 0.0 {
        return None;
    }
    Some(((durability / per_mine) - 1e-9).ceil().max(1.0) as u32)
}

/// Durability of a salvo's decoys against an indiscriminate blast: their ordinary one ("nor
/// do they treat the Decoy as having increased Durability"), not the salvo role's
/// [`DECOY_SALVO_DURABILITY`].
pub fn blast_decoy_durability(size: GwSize) -> f64 {
    let ordinary = size.pick(Payload::Decoy.durability());
    debug_assert!(ordinary <= size.pick(DECOY_SALVO_DURABILITY));
    ordinary
}

/// Defensive heavy nukes one guided weapon with a Chemical Laser or Light Gas Gun of Attack
/// Power `ap` shoots down (J52: one each, by the point-defense kill rule against the heavy
/// missile's Durability 8): 1 or 0.
pub fn nukes_shot_down(ap: f64) -> u32 {
    u32::from(ap >= GwSize::Heavy.pick(Payload::NuclearBomb.durability()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Appendix 1 "Inertial Mine": a tenth of the kinetic formula. A light mine at relative
    /// velocity 10 deals 10 AP (100 / 10), a heavy one 80 (8 × 100 / 10).
    #[test]
    fn inertial_mine_area_mode_is_a_tenth_of_the_kinetic_formula() {
        assert_eq!(mine_area_ap(GwSize::Light, 10), 10.0);
        assert_eq!(mine_area_ap(GwSize::Heavy, 10), 80.0);
        assert_eq!(mine_area_ap(GwSize::Light, 0), 0.0);
    }

    /// "Multiple Inertial Mines ... stack their Attack Power": light mines at relative
    /// velocity 3 deal 0.9 AP each, so 9 reach a heavy's DUR 8 and 4 a light kinetic's DUR 3;
    /// one at velocity 10 suffices for DUR 8; none helps without relative velocity.
    #[test]
    fn inertial_mines_stack_to_reach_a_durability() {
        let per = mine_area_ap(GwSize::Light, 3);
        assert_eq!(mines_needed(8.0, per), Some(9));
        assert_eq!(mines_needed(3.0, per), Some(4));
        assert_eq!(mines_needed(8.0, mine_area_ap(GwSize::Light, 10)), Some(1));
        assert_eq!(mines_needed(10.0, 10.0), Some(1));
        assert_eq!(mines_needed(8.0, 0.0), None);
    }

    /// Only the listed payloads fire as point defense; the bombs only in their heavy size.
    #[test]
    fn point_defense_launches_excalibur_mines_and_heavy_bombs_only() {
        for size in [GwSize::Light, GwSize::Heavy] {
            assert!(pd_launchable(Payload::Excalibur, size));
            assert!(pd_launchable(Payload::InertialMine, size));
            assert!(!pd_launchable(Payload::Kinetic, size));
            assert!(!pd_launchable(Payload::CasabaHowitzer, size));
        }
        assert!(pd_launchable(Payload::NuclearBomb, GwSize::Heavy));
        assert!(pd_launchable(Payload::NeutronBomb, GwSize::Heavy));
        assert!(!pd_launchable(Payload::NuclearBomb, GwSize::Light));
        assert!(!pd_launchable(Payload::NeutronBomb, GwSize::Light));
    }

    /// Blasts treat salvo decoys at their ordinary DUR 1 / 8; only a heavy Chemical Laser (8)
    /// or heavy Light Gas Gun (16) can shoot down a defensive heavy nuke (DUR 8).
    #[test]
    fn blast_decoys_and_nuke_shoot_downs() {
        assert_eq!(blast_decoy_durability(GwSize::Light), 1.0);
        assert_eq!(blast_decoy_durability(GwSize::Heavy), 8.0);
        assert_eq!(nukes_shot_down(1.0), 0);
        assert_eq!(nukes_shot_down(2.0), 0);
        assert_eq!(nukes_shot_down(8.0), 1);
        assert_eq!(nukes_shot_down(16.0), 1);
    }
}
