//! "Stuff to Do: Point Defense": which weapons may engage a guided weapon, how many targets
//! they split their Attack Power over, and the kill rule (PD Attack Power ≥ Durability).

use super::parts::GwSize;

/// Whether a point-defense weapon with Guaranteed Hit range `gh` can engage a guided weapon of
/// `size` at `distance`: inside GH range and no further than 15 (light) / 20 (heavy) hexes.
pub fn in_pd_range(distance: i32, gh: i32, size: GwSize) -> bool {
    distance <= gh && distance <= size.pd_max_range()
}

/// How many of `incoming` guided weapons of durability `durability` one point-defense weapon
/// of Attack Power `ap` engaging up to `max_targets` destroys: it engages as many as it may
/// (the AP divided equally among them) while each share still reaches the durability, so it
/// never spreads itself too thin to kill (a policy choice the text allows).
pub fn kills(ap: f64, max_targets: u32, durability: f64, incoming: u32) -> u32 {
    let most = max_targets.min(incoming);
    (1..=most)
        .rev()
        .find(|&n| ap / f64::from(n) >= durability)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Digest §3 vector 10: point defense.
    #[test]
    fn vector_10_point_defense() {
        // Macron AP 12 with Area Denial 4 vs 4 light missiles: 3 AP each ≥ 1: all destroyed.
        assert_eq!(kills(12.0, 4, 1.0, 4), 4);
        // vs light kinetics (DUR 3): 3 ≥ 3: destroyed.
        assert_eq!(kills(12.0, 4, 3.0, 4), 4);
        // vs a heavy (DUR 8): a share of 3 would not kill, so the Macron engages one heavy
        // with its whole 12 AP and kills it; 4 AP can't kill a heavy at all.
        assert_eq!(kills(12.0, 4, 8.0, 4), 1);
        assert_eq!(kills(4.0, 4, 8.0, 1), 0);
        // Laser AP 6, RE 3, engaging 3 targets: 2 each.
        assert_eq!(kills(6.0, 3, 2.0, 3), 3);
        assert_eq!(kills(6.0, 3, 3.0, 3), 2);
        // A light GW 16 hexes away can't be engaged (15-hex cap), even with GH 20.
        assert!(!in_pd_range(16, 20, GwSize::Light));
        assert!(in_pd_range(15, 20, GwSize::Light));
        assert!(in_pd_range(16, 20, GwSize::Heavy));
    }
}
