//! The SDS notations of a weapon line (§7.1.3, §7.5.1, §7.5.3, §11.1, §17.1) parsed into the
//! design's types; each parser says what it expected.

use super::super::design::{Accuracy, DamageDice, DfRating, DiceGroup, RangeRating, RateOfFire};

/// `2d6`, `1d10+2`, `2d10+1d6+16` (at most two dice groups; d3, d4, d6, d8, d10, d12, d20).
pub fn dice(s: &str) -> Result<DamageDice, String> {
    let bad = || format!("`{s}` is not a damage Rating like `2d6`, `1d10+2` or `2d10+1d6+16`");
    let mut out = DamageDice::default();
    let mut groups = 0;
    for part in s.split('+').map(str::trim) {
        if let Some((n, sides)) = part.split_once('d') {
            let count: u8 = n.parse().map_err(|_| bad())?;
            let sides: u8 = sides.parse().map_err(|_| bad())?;
            if groups == 2 || count == 0 || ![3, 4, 6, 8, 10, 12, 20].contains(&sides) {
                return Err(bad());
            }
            out.groups[groups] = DiceGroup { count, sides };
            groups += 1;
        } else {
            out.fixed = out
                .fixed
                .checked_add(part.parse().map_err(|_| bad())?)
                .ok_or_else(bad)?;
        }
    }
    if out.max() == 0 {
        return Err(bad());
    }
    Ok(out)
}

/// `-1/2`: −1 per 2 hexes (§7.5.1).
pub fn range(s: &str) -> Result<RangeRating, String> {
    let bad = || format!("`{s}` is not a range Rating like `-1/2`");
    let (per, hexes) = s
        .trim()
        .strip_prefix('-')
        .ok_or_else(bad)?
        .split_once('/')
        .ok_or_else(bad)?;
    let per: u8 = per.parse().map_err(|_| bad())?;
    let hexes: u8 = hexes.parse().map_err(|_| bad())?;
    if per == 0 || hexes == 0 {
        return Err(bad());
    }
    Ok(RangeRating { per, hexes })
}

/// `3+0`, `1+2`, `1+1 C-2` (§7.1.3, §7.1.1.1).
pub fn rate_of_fire(s: &str) -> Result<RateOfFire, String> {
    let bad = || format!("`{s}` is not a rate of fire like `3+0`, `1+2` or `1+1 C-2`");
    let mut it = s.split_whitespace();
    let (x, y) = it.next().ok_or_else(bad)?.split_once('+').ok_or_else(bad)?;
    let shots: u8 = x.parse().map_err(|_| bad())?;
    let arming: u8 = y.parse().map_err(|_| bad())?;
    let cooldown = match it.next() {
        None => 0,
        Some(c) => c
            .strip_prefix("C-")
            .ok_or_else(bad)?
            .parse()
            .map_err(|_| bad())?,
    };
    if shots == 0 || shots > 12 || it.next().is_some() {
        return Err(bad());
    }
    Ok(RateOfFire {
        shots,
        arming,
        cooldown,
    })
}

/// `+3`, `-4++`, `0`, `+3-` (§7.5.3: each trailing `+`/`−` adds/subtracts the section count).
pub fn accuracy(s: &str) -> Result<Accuracy, String> {
    let bad = || format!("`{s}` is not an accuracy Rating like `+3`, `0` or `-4++`");
    let t = s.trim();
    let (sign, rest) = match t.as_bytes().first() {
        Some(b'+') => (1, &t[1..]),
        Some(b'-') => (-1, &t[1..]),
        _ => (1, t),
    };
    let digits = rest.trim_end_matches(['+', '-']);
    let signs = &rest[digits.len()..];
    if signs.contains('+') && signs.contains('-') {
        return Err(bad());
    }
    let value: i8 = digits.parse().map_err(|_| bad())?;
    let n = signs.len() as i8;
    Ok(Accuracy {
        value: sign * value,
        signs: if signs.starts_with('-') { -n } else { n },
    })
}

/// `SDF/AHDF/EDF` magnitudes, e.g. `2/1/0` (§11.1).
pub fn defensive_fire(s: &str, ablative: bool) -> Result<DfRating, String> {
    let bad = || format!("`{s}` is not a DF Rating like `2/1/0` (SDF/AHDF/EDF)");
    let mut parts = s
        .split('/')
        .map(|p| p.trim().trim_start_matches('-').parse::<u8>());
    let mut next = || parts.next().ok_or_else(bad)?.map_err(|_| bad());
    let (sdf, ahdf, edf) = (next()?, next()?, next()?);
    Ok(DfRating {
        sdf,
        ahdf,
        edf,
        ablative,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Reaper railgun line (D1): 1d6, −1/2, 3+0, +3, 0/0/0; §7.5.3's −4++.
    #[test]
    fn sds_notations() {
        assert_eq!(dice("1d6").unwrap(), DamageDice::new(1, 6, 0));
        let d = dice("2d10+1d6+16").unwrap();
        assert_eq!((d.min(), d.max()), (19, 42));
        assert!(dice("0d6").is_err() && dice("2d7").is_err() && dice("x").is_err());
        assert_eq!(range("-1/2").unwrap(), RangeRating { per: 1, hexes: 2 });
        assert!(range("1/2").is_err());
        let r = rate_of_fire("1+1 C-2").unwrap();
        assert_eq!((r.shots, r.arming, r.cooldown), (1, 1, 2));
        assert_eq!(rate_of_fire("3+0").unwrap().shots, 3);
        assert_eq!(accuracy("+3").unwrap(), Accuracy { value: 3, signs: 0 });
        assert_eq!(
            accuracy("-4++").unwrap(),
            Accuracy {
                value: -4,
                signs: 2
            }
        );
        assert_eq!(
            accuracy("3-").unwrap(),
            Accuracy {
                value: 3,
                signs: -1
            }
        );
        assert_eq!(defensive_fire("2/1/0", false).unwrap().ahdf, 1);
        assert!(defensive_fire("2/1", false).is_err());
    }
}
