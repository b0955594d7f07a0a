//! "Important Rule: ECM and Jamming" and the direct-fire range brackets ("Direct Fire
//! Attacks"): which bracket a shot uses, whether it is jammed, its miss chance, and the Sensor
//! Uplink assist; a Shipmind defender's miss bonus ("Command Modules"; G13).

/// The three direct-fire range brackets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Bracket {
    /// Precision Targeting: crit chance ×3, attacker picks the crit table, sync fire.
    Precision,
    /// Guaranteed Hit (G4: no miss roll).
    Guaranteed,
    /// Probable Hit: base 50% miss chance, random location.
    Probable,
}

impl Bracket {
    /// Name for traces.
    pub const fn name(self) -> &'static str {
        match self {
            Bracket::Precision => "precision",
            Bracket::Guaranteed => "guaranteed",
            Bracket::Probable => "probable",
        }
    }
}

/// The bracket a target at `distance` falls in for ranges PT/GH/PH, if any.
pub fn bracket(distance: f64, ranges: [i32; 3]) -> Option<Bracket> {
    if distance <= f64::from(ranges[0]) {
        Some(Bracket::Precision)
    } else if distance <= f64::from(ranges[1]) {
        Some(Bracket::Guaranteed)
    } else if distance <= f64::from(ranges[2]) {
        Some(Bracket::Probable)
    } else {
        None
    }
}

/// ECM against Sensors, compared before every attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Jamming {
    /// ECM not higher than Sensors.
    Clear,
    /// ECM higher than Sensors.
    Jammed,
    /// ECM at least ten higher than Sensors.
    Severe,
}

impl Jamming {
    /// A battle report's note on the jamming (`""` when clear).
    pub fn note(self) -> &'static str {
        match self {
            Jamming::Clear => "",
            Jamming::Jammed => ", jammed",
            Jamming::Severe => ", heavily jammed",
        }
    }
}

/// Compare the attacker's Sensors with the target's ECM.
pub fn jamming(sensors: f64, ecm: f64) -> Jamming {
    if ecm >= sensors + 10.0 {
        Jamming::Severe
    } else if ecm > sensors {
        Jamming::Jammed
    } else {
        Jamming::Clear
    }
}

/// How a direct-fire shot resolves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shot {
    /// Miss chance in percent.
    pub miss_percent: u32,
    /// Precision Targeting perks apply (crit ×3, table choice, sync fire).
    pub precision: bool,
}

/// The shot a weapon gets in `bracket` under `jam` ("Jammed direct fire attacks treat their
/// Precision Targeting and Guaranteed Hit range brackets as their Probable Hit range bracket
/// ...; they cannot use their Probable Hit range bracket ... If ECM is at least ten higher than
/// sensors, direct fire weapons also cannot use their Guaranteed Hit range bracket").
pub fn direct_shot(
    bracket: Bracket,
    jam: Jamming,
    guaranteed_miss: u32,
    probable_miss: u32,
) -> Option<Shot> {
    let probable = Shot {
        miss_percent: probable_miss,
        precision: false,
    };
    match (jam, bracket) {
        (Jamming::Clear, Bracket::Precision) => Some(Shot {
            miss_percent: 0,
            precision: true,
        }),
        (Jamming::Clear, Bracket::Guaranteed) => Some(Shot {
            miss_percent: guaranteed_miss,
            precision: false,
        }),
        (Jamming::Clear, Bracket::Probable) => Some(probable),
        (Jamming::Jammed, Bracket::Precision | Bracket::Guaranteed) => Some(probable),
        (Jamming::Severe, Bracket::Precision) => Some(probable),
        (_, _) => None,
    }
}

/// Sensor Uplink Assist Factor: the assisting ship's Sensors minus the enemy's ECM, never
/// negative (digest 2.1 default clamp).
pub fn uplink_assist(assisting_sensors: f64, enemy_ecm: f64) -> f64 {
    (assisting_sensors - enemy_ecm).max(0.0)
}

/// Miss chance against a defender with a Shipmind: when a hit isn't guaranteed, +10 points,
/// +5 per point of morale above 0 (G13: additive percentage points, clamped to 100).
pub fn with_shipmind(miss_percent: u32, morale: i32, base: u32, per_morale: u32) -> u32 {
    if miss_percent == 0 {
        return 0;
    }
    let bonus = base + per_morale * morale.max(0) as u32;
    (miss_percent + bonus).min(100)
}

/// EM Deflector drone ("EM Deflector" module, Appendix 1): chance in percent that a particle
/// beam of Target Armor Effectiveness `tae` is forced to miss by a `heavy` (or light) deflector
/// `hexes` from the ship it defends, sitting on the beam line: 30% + 5% per hex (heavy 50% +
/// 10%), each further deflector in line ±10% (heavy ±25%), defenders' up and attackers' down
/// (G13: additive points), all × TAE, clamped to 0..=100.
pub fn deflect_percent(
    heavy: bool,
    hexes: i32,
    tae: f64,
    more_defending: [u32; 2],
    more_attacking: [u32; 2],
) -> f64 {
    let base = if heavy {
        50.0 + 10.0 * f64::from(hexes)
    } else {
        30.0 + 5.0 * f64::from(hexes)
    };
    let step = |n: [u32; 2]| 10.0 * f64::from(n[0]) + 25.0 * f64::from(n[1]);
    ((base + step(more_defending) - step(more_attacking)) * tae).clamp(0.0, 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shot(b: Bracket, sensors: f64, ecm: f64) -> Option<Shot> {
        direct_shot(b, jamming(sensors, ecm), 0, 50)
    }

    /// Digest §3 vector 7: jamming.
    #[test]
    fn vector_7_jamming() {
        // Sensors 10 vs ECM 12: PT and GH become 50% miss; PH can't be engaged.
        assert_eq!(jamming(10.0, 12.0), Jamming::Jammed);
        let p = Some(Shot {
            miss_percent: 50,
            precision: false,
        });
        assert_eq!(shot(Bracket::Precision, 10.0, 12.0), p);
        assert_eq!(shot(Bracket::Guaranteed, 10.0, 12.0), p);
        assert_eq!(shot(Bracket::Probable, 10.0, 12.0), None);
        // ECM 20 vs Sensors 10: only PT, at 50%.
        assert_eq!(shot(Bracket::Precision, 10.0, 20.0), p);
        assert_eq!(shot(Bracket::Guaranteed, 10.0, 20.0), None);
        assert_eq!(shot(Bracket::Probable, 10.0, 20.0), None);
        // ECM 10 vs Sensors 10: not jammed.
        assert_eq!(jamming(10.0, 10.0), Jamming::Clear);
        assert_eq!(
            shot(Bracket::Precision, 10.0, 10.0),
            Some(Shot {
                miss_percent: 0,
                precision: true
            })
        );
    }

    /// Digest §3 vector 8: Assisting Sensors 15, enemy ECM 12 → +3; ally Sensors 10 → 13 > 12
    /// → not jammed.
    #[test]
    fn vector_8_uplink() {
        let assist = uplink_assist(15.0, 12.0);
        assert_eq!(assist, 3.0);
        assert_eq!(jamming(10.0 + assist, 12.0), Jamming::Clear);
        assert_eq!(jamming(10.0, 12.0), Jamming::Jammed);
    }

    /// Digest §3 vector 9: Shipmind defender, morale +2, PH shot: miss 50 + 10 + 10 = 70%.
    #[test]
    fn vector_9_shipmind_defender() {
        assert_eq!(with_shipmind(50, 2, 10, 5), 70);
        assert_eq!(with_shipmind(0, 2, 10, 5), 0);
    }

    #[test]
    fn brackets_by_distance() {
        assert_eq!(bracket(3.0, [3, 6, 10]), Some(Bracket::Precision));
        assert_eq!(bracket(3.5, [3, 6, 10]), Some(Bracket::Guaranteed));
        assert_eq!(bracket(10.0, [3, 6, 10]), Some(Bracket::Probable));
        assert_eq!(bracket(10.1, [3, 6, 10]), None);
    }

    /// Digest §3 vector 13: a light deflector 3 hexes out vs a TAE 0.75 beam → 33.75%; with
    /// one attacker-owned light deflector in line → 26.25%; a heavy one 2 hexes out vs TAE 1.0
    /// → 70%.
    #[test]
    fn vector_13_em_deflector() {
        assert!((deflect_percent(false, 3, 0.75, [0, 0], [0, 0]) - 33.75).abs() < 1e-9);
        assert!((deflect_percent(false, 3, 0.75, [0, 0], [1, 0]) - 26.25).abs() < 1e-9);
        assert!((deflect_percent(true, 2, 1.0, [0, 0], [0, 0]) - 70.0).abs() < 1e-9);
        assert_eq!(deflect_percent(true, 6, 1.0, [0, 2], [0, 0]), 100.0);
    }
}
