//! "Stuff to Do: Point Defense": which weapons may engage a guided weapon, how many targets
//! they split their Attack Power over, and the kill rule (PD Attack Power ≥ Durability); how
//! one weapon is best spread over every salvo arriving in a phase ([`best_engagement`]).

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
#[inline]
pub fn kills(ap: f64, max_targets: u32, durability: f64, incoming: u32) -> u32 {
    let most = max_targets.min(incoming);
    (1..=most)
        .rev()
        .find(|&n| ap / f64::from(n) >= durability)
        .unwrap_or(0)
}

/// One salvo as a point-defense weapon sees it when its side plans the phase's point defense.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Incoming {
    /// Weapons (warheads) left in the salvo.
    pub count: u32,
    /// Their Durability (1 / 8, kinetic 3 / 24).
    pub durability: f64,
    /// Decoys fired with the salvo (J32), engaged before its warheads.
    pub decoys: u32,
    /// The decoys' Durability in this role (4 / 32).
    pub decoy_durability: f64,
    /// What shooting down one of its weapons saves (the policy's estimate, [`worth`]); a
    /// decoy counts as one of its weapons (point defense "will always prioritize the
    /// Decoys": they stand between it and the warheads).
    pub worth: f64,
    /// Within this weapon's reach ([`in_pd_range`]).
    pub in_reach: bool,
}

/// What one weapon takes of one salvo.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Take {
    /// Decoys destroyed.
    pub decoys: u32,
    /// Warheads destroyed.
    pub warheads: u32,
}

/// What shooting down one guided weapon saves (the point-defense plan's estimate, the damage
/// one hit would do): `hit` is the Integrity plus Armor Value one hit would take
/// ([`super::payload_choice::worth`] for the payload, kinetics at the salvo's relative speed);
/// payloads that do no damage of their own (a Neutron Bomb below its kill threshold, a Missile
/// Rack's carrier) count 1, so every warhead is still worth a shot.
pub fn worth(hit: Option<f64>) -> f64 {
    hit.filter(|&w| w > 1.0 && w.is_finite()).unwrap_or(1.0)
}

/// The salvos of `incoming` in the order point defense considers them: most valuable first
/// ([`Incoming::worth`]), equals in their order in `incoming` (launch order). Writes the
/// indices into `order` (at least as long as `incoming`, at most 256 salvos).
pub fn by_worth(incoming: &[Incoming], order: &mut [u8]) {
    for (k, o) in order.iter_mut().enumerate().take(incoming.len()) {
        *o = k as u8;
    }
    // Insertion sort: a handful of salvos, stable.
    for k in 1..incoming.len() {
        let mut j = k;
        while j > 0
            && incoming[usize::from(order[j])].worth > incoming[usize::from(order[j - 1])].worth
        {
            order.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// The best use of one point-defense weapon of Attack Power `ap` engaging up to
/// `max_targets` over every salvo arriving in the phase ("Stuff to Do: Point Defense": a
/// Macron shoots up to its Area Denial, a Laser up to its Redundant Emitters, "both these
/// weapons divide their attack power by the number of targets engaged"): for each number of
/// targets `n`, the share `ap / n` destroys the units it reaches by the kill rule, the most
/// valuable first (`order`, from [`by_worth`]; a salvo's decoys before its warheads, J32 —
/// unless `strict` is off and the weapon cannot destroy a decoy at all,
/// `decoy_priority = "killable"`); the `n` that saves the most wins (ties: fewer targets).
/// Writes what it takes of each salvo into `take` (as long as `incoming`) and returns the
/// worth saved (0: the weapon holds its fire).
pub fn best_engagement(
    ap: f64,
    max_targets: u32,
    incoming: &[Incoming],
    order: &[u8],
    strict: bool,
    take: &mut [Take],
) -> f64 {
    let mut best = (0.0, 0);
    for n in 1..=max_targets.max(1) {
        let (v, idle) = engage(ap, n, incoming, order, strict, None);
        if v > best.0 {
            best = (v, n);
        }
        // A target slot left idle: more targets only thin the shares (nothing more to gain).
        if idle {
            break;
        }
    }
    for t in take.iter_mut() {
        *t = Take::default();
    }
    if best.1 > 0 {
        engage(ap, best.1, incoming, order, strict, Some(take));
    }
    best.0
}

/// [`best_engagement`] with `n` targets: the worth saved and whether a target slot was left
/// idle; what it takes when `take` is given.
fn engage(
    ap: f64,
    n: u32,
    incoming: &[Incoming],
    order: &[u8],
    strict: bool,
    mut take: Option<&mut [Take]>,
) -> (f64, bool) {
    let share = ap / f64::from(n);
    let mut slots = n;
    let mut saved = 0.0;
    for &g in order.iter().take(incoming.len()) {
        let g = usize::from(g);
        let s = incoming[g];
        if slots == 0 {
            break;
        }
        if !s.in_reach || s.count + s.decoys == 0 {
            continue;
        }
        let mut t = Take::default();
        let warheads_open = if s.decoys > 0 && ap >= s.decoy_durability {
            if share >= s.decoy_durability {
                t.decoys = s.decoys.min(slots);
                slots -= t.decoys;
            }
            t.decoys == s.decoys
        } else {
            s.decoys == 0 || !strict
        };
        if warheads_open && share >= s.durability {
            t.warheads = s.count.min(slots);
            slots -= t.warheads;
        }
        saved += f64::from(t.decoys + t.warheads) * s.worth;
        if let Some(take) = take.as_deref_mut() {
            take[g] = t;
        }
    }
    (saved, slots > 0)
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

    /// [`best_engagement`] with the salvos in [`by_worth`] order.
    fn best(
        ap: f64,
        max_targets: u32,
        incoming: &[Incoming],
        strict: bool,
        take: &mut [Take],
    ) -> f64 {
        let mut order = [0u8; 8];
        by_worth(incoming, &mut order);
        best_engagement(ap, max_targets, incoming, &order, strict, take)
    }

    fn salvo(count: u32, durability: f64, worth: f64) -> Incoming {
        Incoming {
            count,
            durability,
            decoys: 0,
            decoy_durability: 4.0,
            worth,
            in_reach: true,
        }
    }

    /// Seed 004 line 93 ("Guided weapon launches and attacks both provoke point defense") and
    /// line 101 (targets up to Area Denial, Attack Power divided): one Macron (12 AP, Area
    /// Denial 4) facing two salvos in a phase spreads its four shares over both, the
    /// deadlier first — salvo by salvo it spent all four on the first salvo it met.
    #[test]
    fn one_weapon_spreads_over_the_phase() {
        let incoming = [salvo(3, 1.0, 10.0), salvo(2, 1.0, 2000.0)];
        let mut take = [Take::default(); 2];
        let saved = best(12.0, 4, &incoming, true, &mut take);
        assert_eq!(
            take,
            [
                Take {
                    decoys: 0,
                    warheads: 2
                },
                Take {
                    decoys: 0,
                    warheads: 2
                }
            ]
        );
        assert_eq!(saved, 2.0 * 2000.0 + 2.0 * 10.0);
        // A heavy kinetic (DUR 24) out of a 12-AP share's reach: the Macron takes four light
        // missiles rather than nothing.
        let incoming = [salvo(1, 24.0, 5000.0), salvo(5, 1.0, 10.0)];
        assert_eq!(best(12.0, 4, &incoming, true, &mut take), 40.0);
        assert_eq!(take[0].warheads + take[1].warheads, 4);
        // 30 AP: one whole shot kills the heavy kinetic, worth more than four light missiles.
        assert_eq!(best(30.0, 4, &incoming, true, &mut take), 5000.0);
        assert_eq!(take[0].warheads, 1);
        // Out of reach: nothing.
        let far = [Incoming {
            in_reach: false,
            ..salvo(4, 1.0, 10.0)
        }];
        assert_eq!(best(12.0, 4, &far, true, &mut take[..1]), 0.0);
    }

    /// Appendix 1 "Decoy" (seed 004 line 322): "enemy point defense will always prioritize the
    /// Decoys" — a salvo's decoys go before its warheads; a weapon that cannot destroy a decoy
    /// holds its fire on that salvo (`strict`) or engages its warheads (`killable`).
    #[test]
    fn decoys_before_warheads() {
        let screened = Incoming {
            decoys: 1,
            ..salvo(2, 1.0, 100.0)
        };
        let mut take = [Take::default(); 1];
        best(12.0, 4, &[screened], true, &mut take);
        assert_eq!(
            take[0],
            Take {
                decoys: 1,
                warheads: 2
            }
        );
        let heavy = Incoming {
            decoy_durability: 32.0,
            ..screened
        };
        assert_eq!(best(12.0, 4, &[heavy], true, &mut take), 0.0);
        assert_eq!(best(12.0, 4, &[heavy], false, &mut take), 200.0);
        assert_eq!(take[0].warheads, 2);
    }
}
