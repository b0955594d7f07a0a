//! How an Excalibur burst divides its Attack Power (Appendix 1 "Bomb-Pumped X-Ray Multiple
//! Laser (Excalibur)": "20 total Attack power, divided between any number of targets within 10
//! hexes", heavy 180 within 16), as a rule without battle state. The battle side is
//! `battle/burst_split.rs`; the policy setting is [`super::policy::ExcaliburSplit`] (J60).

/// Most enemy salvos and most ships one burst considers (nearest first; the rest are ignored).
pub const MAX_BURST_TARGETS: usize = 8;

/// An enemy guided-weapon salvo within the burst's range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SalvoTarget {
    /// Weapons (or decoys, which point defense engages first: J32) left in it.
    pub count: u32,
    /// Attack Power one of them needs to be destroyed ("Point Defense": AP ≥ Durability).
    pub durability: f64,
}

/// What one burst does under J60's `pierce` policy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BurstPlan {
    /// Weapons destroyed in each salvo, in the order given.
    pub kills: [u32; MAX_BURST_TARGETS],
    /// Ships hit: the main target and then the nearest others, in the order given.
    pub ships: usize,
    /// Attack Power of each ship's share (equal shares).
    pub share: f64,
}

/// J60 `pierce`: the burst of `total` Attack Power first destroys enemy guided weapons
/// (`salvos`, nearest first, one weapon at a time at its durability) while what is left stays
/// above the main target's Protection Rating `main_pr`; the rest is divided equally over the
/// main target and the nearest other ships (`others_pr`, their Protection Ratings in order),
/// as many as leave every share above every chosen ship's Protection Rating (a share that
/// cannot pierce would only wear Armor Value). With nothing to spare, everything goes to the
/// main target, as under `single`.
pub fn plan(total: f64, main_pr: f64, salvos: &[SalvoTarget], others_pr: &[f64]) -> BurstPlan {
    let mut left = total;
    let mut kills = [0; MAX_BURST_TARGETS];
    for (k, s) in kills.iter_mut().zip(salvos) {
        while *k < s.count && left - s.durability > main_pr {
            left -= s.durability;
            *k += 1;
        }
    }
    let mut ships = 1 + others_pr.len().min(MAX_BURST_TARGETS - 1);
    while ships >= 2 {
        let share = left / ships as f64;
        let pr = others_pr[..ships - 1]
            .iter()
            .fold(main_pr, |a, &b| a.max(b));
        if share > pr {
            break;
        }
        ships -= 1;
    }
    BurstPlan {
        kills,
        ships,
        share: left / ships as f64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn salvo(count: u32, durability: f64) -> SalvoTarget {
        SalvoTarget { count, durability }
    }

    /// "20 total Attack power, divided between any number of targets": two ships of
    /// Protection 4 and 5 take 10 each; with Protection 10 on the second, a 10-AP share would
    /// not pierce, so all 20 go to the main target.
    #[test]
    fn excalibur_divides_its_20_ap_over_ships_it_can_pierce() {
        let p = plan(20.0, 4.0, &[], &[5.0]);
        assert_eq!((p.ships, p.share), (2, 10.0));
        let p = plan(20.0, 4.0, &[], &[10.0]);
        assert_eq!((p.ships, p.share), (1, 20.0));
        // Three unarmored ships: 20 / 3 each.
        let p = plan(20.0, 0.0, &[], &[0.0, 0.0]);
        assert_eq!(p.ships, 3);
        assert!((p.share - 20.0 / 3.0).abs() < 1e-12);
    }

    /// Guided weapons first: two light kinetics (DUR 3) cost 6 of a light burst, the other 14
    /// go to the main target; a salvo the burst cannot spare AP for is left alone.
    #[test]
    fn excalibur_shoots_down_missiles_before_hitting_ships() {
        let p = plan(20.0, 2.0, &[salvo(2, 3.0)], &[]);
        assert_eq!((p.kills[0], p.ships, p.share), (2, 1, 14.0));
        // Main target Protection 15: only one weapon (3) leaves more than 15.
        let p = plan(20.0, 15.0, &[salvo(2, 3.0)], &[]);
        assert_eq!((p.kills[0], p.share), (1, 17.0));
        // Heavy weapons (DUR 24) are beyond a light burst.
        let p = plan(20.0, 0.0, &[salvo(4, 24.0)], &[]);
        assert_eq!((p.kills[0], p.share), (0, 20.0));
    }

    /// Enumeration: on a grid of bursts, Protection Ratings and salvos, the plan is the best
    /// one by brute force — most kills in salvo order (lexicographic), then most ships — among
    /// the plans whose every share pierces every chosen ship (or one ship), and it spends the
    /// whole burst.
    #[test]
    fn plan_is_the_lexicographic_best_of_every_allocation() {
        let prs = [0.0, 1.0, 4.0, 9.0, 19.0];
        for total in [20.0, 180.0] {
            for &main in &prs {
                for &o1 in &prs {
                    for &o2 in &prs {
                        for c1 in 0..4u32 {
                            for d1 in [1.0, 3.0, 8.0] {
                                for c2 in 0..3u32 {
                                    let salvos = [salvo(c1, d1), salvo(c2, 24.0)];
                                    let others = [o1, o2];
                                    let got = plan(total, main, &salvos, &others);
                                    let best = brute(total, main, &salvos, &others);
                                    assert_eq!(
                                        (got.kills[0], got.kills[1], got.ships),
                                        best,
                                        "{total} {main} {others:?} {salvos:?}"
                                    );
                                    let spent = f64::from(got.kills[0]) * d1
                                        + f64::from(got.kills[1]) * 24.0
                                        + got.share * got.ships as f64;
                                    assert!((spent - total).abs() < 1e-9);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    fn brute(total: f64, main: f64, s: &[SalvoTarget; 2], others: &[f64; 2]) -> (u32, u32, usize) {
        let mut best = None;
        for k1 in 0..=s[0].count {
            for k2 in 0..=s[1].count {
                let left =
                    total - f64::from(k1) * s[0].durability - f64::from(k2) * s[1].durability;
                // The main target must still be pierced after the salvos (or nothing is shot
                // down at all).
                if (k1 + k2 > 0 && left <= main) || left < 0.0 {
                    continue;
                }
                for n in 1..=3usize {
                    let pr = others[..n - 1].iter().fold(main, |a, &b| a.max(b));
                    if n > 1 && left / n as f64 <= pr {
                        continue;
                    }
                    let cand = (k1, k2, n);
                    if best.is_none_or(|b| cand > b) {
                        best = Some(cand);
                    }
                }
            }
        }
        best.unwrap()
    }
}
