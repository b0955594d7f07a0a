//! The text's "Terrain Examples" (ch. 8) as a library of named pieces, and the attribute
//! vocabulary configs use to build their own. Sizes are not given by the text (G26): every
//! piece has a default radius (an invented default, overridable per piece in a config);
//! banded pieces are a core disc of that radius and a band out to twice it.

use super::terrain::{Attributes, MAX_ZONES, Zone};

/// A library piece: zones as multiples of the piece's radius, and its Mobile value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Preset {
    /// Name used in configs.
    pub name: &'static str,
    /// Default radius (G26).
    pub radius: f64,
    /// Zones as (inner, outer) in units of the radius, with their attributes.
    pub zones: &'static [(f64, f64, Attributes)],
    /// Mobile (X) ("Movement X" in the examples).
    pub mobile: u8,
}

impl Preset {
    /// The zones for a piece of `radius`.
    pub fn zones_at(&self, radius: f64) -> ([Zone; MAX_ZONES], u8) {
        let mut zones = [Zone::default(); MAX_ZONES];
        for (z, (inner, outer, attrs)) in zones.iter_mut().zip(self.zones) {
            *z = Zone {
                inner: inner * radius,
                outer: outer * radius,
                attrs: *attrs,
            };
        }
        (zones, self.zones.len() as u8)
    }
}

const NONE: Attributes = Attributes {
    solid: false,
    concealing: false,
    obscuring: 0,
    dangerous: 0,
    hazardous: 0,
    blocking: false,
    push: 0,
    push_random: false,
};

const SOLID: Attributes = Attributes {
    solid: true,
    ..NONE
};

const fn obscuring(x: u8) -> Attributes {
    Attributes {
        obscuring: x,
        ..NONE
    }
}

/// The examples of ch. 8, in the text's order. "[unnamed cloud]" lost its name in the text
/// (G6); it is `banded-cloud` here. Planet and Moon share one entry in the text ("Planet/Moon:
/// Solid") and differ here only in default radius.
pub const LIBRARY: [Preset; 16] = [
    Preset {
        name: "planet",
        radius: 5.0,
        zones: &[(0.0, 1.0, SOLID)],
        mobile: 0,
    },
    Preset {
        name: "moon",
        radius: 2.5,
        zones: &[(0.0, 1.0, SOLID)],
        mobile: 0,
    },
    Preset {
        name: "asteroid-field",
        radius: 5.0,
        zones: &[(
            0.0,
            1.0,
            Attributes {
                hazardous: 1,
                blocking: true,
                ..NONE
            },
        )],
        mobile: 0,
    },
    Preset {
        name: "massive-asteroid",
        radius: 2.0,
        zones: &[(0.0, 1.0, SOLID)],
        mobile: 2,
    },
    Preset {
        name: "dust-cloud",
        radius: 5.0,
        zones: &[(0.0, 1.0, obscuring(1))],
        mobile: 0,
    },
    Preset {
        name: "banded-cloud",
        radius: 3.0,
        zones: &[(0.0, 1.0, obscuring(1)), (1.0, 2.0, obscuring(1))],
        mobile: 0,
    },
    Preset {
        name: "dense-gas-nebula",
        radius: 3.0,
        zones: &[
            (
                0.0,
                1.0,
                Attributes {
                    concealing: true,
                    ..NONE
                },
            ),
            (1.0, 2.0, obscuring(1)),
        ],
        mobile: 0,
    },
    Preset {
        name: "plasma-storm",
        radius: 4.0,
        zones: &[(
            0.0,
            1.0,
            Attributes {
                concealing: true,
                dangerous: 1,
                ..NONE
            },
        )],
        mobile: 0,
    },
    Preset {
        name: "meteor-swarm",
        radius: 3.0,
        zones: &[(
            0.0,
            1.0,
            Attributes {
                dangerous: 1,
                hazardous: 1,
                obscuring: 2,
                ..NONE
            },
        )],
        mobile: 3,
    },
    Preset {
        // Inner Mass: Solid, Movement 3; Meteor Tail: Hazardous 1, Obscuring 1. The tail's
        // shape is not given (G26): a band around the mass, moving with it.
        name: "giant-meteor",
        radius: 2.0,
        zones: &[
            (0.0, 1.0, SOLID),
            (
                1.0,
                2.0,
                Attributes {
                    hazardous: 1,
                    obscuring: 1,
                    ..NONE
                },
            ),
        ],
        mobile: 3,
    },
    Preset {
        name: "wreckage",
        radius: 4.0,
        zones: &[(
            0.0,
            1.0,
            Attributes {
                hazardous: 1,
                obscuring: 1,
                ..NONE
            },
        )],
        mobile: 0,
    },
    Preset {
        name: "minefield",
        radius: 4.0,
        zones: &[(
            0.0,
            1.0,
            Attributes {
                dangerous: 2,
                hazardous: 1,
                ..NONE
            },
        )],
        mobile: 0,
    },
    Preset {
        name: "ancient-minefield",
        radius: 4.0,
        zones: &[(
            0.0,
            1.0,
            Attributes {
                hazardous: 2,
                blocking: true,
                ..NONE
            },
        )],
        mobile: 0,
    },
    Preset {
        name: "wormhole-entrance",
        radius: 4.0,
        zones: &[(0.0, 1.0, Attributes { push: -1, ..NONE })],
        mobile: 0,
    },
    Preset {
        name: "wormhole-exit",
        radius: 4.0,
        zones: &[(0.0, 1.0, Attributes { push: 1, ..NONE })],
        mobile: 0,
    },
    Preset {
        name: "gravity-anomaly-field",
        radius: 5.0,
        zones: &[(
            0.0,
            1.0,
            Attributes {
                blocking: true,
                push: 1,
                push_random: true,
                ..NONE
            },
        )],
        mobile: 0,
    },
];

/// The library piece called `name`.
pub fn preset(name: &str) -> Option<&'static Preset> {
    LIBRARY.iter().find(|p| p.name == name)
}

/// The library's names, for error messages.
pub fn names() -> Vec<&'static str> {
    LIBRARY.iter().map(|p| p.name).collect()
}

/// What one attribute word in a config means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttributeWord {
    /// Adds to a zone's attributes.
    Zone(Attributes),
    /// Mobile (X) of the piece.
    Mobile(u8),
}

/// The attribute words configs accept, for error messages.
pub const ATTRIBUTE_WORDS: &str = "solid, concealing, blocking, obscuring-X, dangerous-X, \
    hazardous-X, push-X, pull-X, push-X-random, pull-X-random, mobile-X (X = 1..=9)";

/// Parse one attribute word (`obscuring-2`, `pull-1`, `push-1-random`, `mobile-3`, ...).
pub fn parse_attribute(word: &str) -> Result<AttributeWord, String> {
    let bad = || format!("unknown terrain attribute `{word}`; allowed: {ATTRIBUTE_WORDS}");
    match word {
        "solid" => return Ok(AttributeWord::Zone(SOLID)),
        "concealing" => {
            return Ok(AttributeWord::Zone(Attributes {
                concealing: true,
                ..NONE
            }));
        }
        "blocking" => {
            return Ok(AttributeWord::Zone(Attributes {
                blocking: true,
                ..NONE
            }));
        }
        _ => {}
    }
    let (rest, random) = match word.strip_suffix("-random") {
        Some(r) => (r, true),
        None => (word, false),
    };
    let (kind, x) = rest.rsplit_once('-').ok_or_else(bad)?;
    let x: u8 = x.parse().map_err(|_| bad())?;
    if !(1..=9).contains(&x) {
        return Err(bad());
    }
    let a = match (kind, random) {
        ("obscuring", false) => obscuring(x),
        ("dangerous", false) => Attributes {
            dangerous: x,
            ..NONE
        },
        ("hazardous", false) => Attributes {
            hazardous: x,
            ..NONE
        },
        ("push", _) => Attributes {
            push: x as i8,
            push_random: random,
            ..NONE
        },
        ("pull", _) => Attributes {
            push: -(x as i8),
            push_random: random,
            ..NONE
        },
        ("mobile", false) => return Ok(AttributeWord::Mobile(x)),
        _ => return Err(bad()),
    };
    Ok(AttributeWord::Zone(a))
}

/// Combine two attribute sets of one zone (a config listing several words).
pub fn merge(a: Attributes, b: Attributes) -> Attributes {
    Attributes {
        solid: a.solid || b.solid,
        concealing: a.concealing || b.concealing,
        obscuring: a.obscuring.saturating_add(b.obscuring),
        dangerous: a.dangerous.saturating_add(b.dangerous),
        hazardous: a.hazardous.saturating_add(b.hazardous),
        blocking: a.blocking || b.blocking,
        push: if b.push != 0 { b.push } else { a.push },
        push_random: a.push_random || b.push_random,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `sight_blocked` (the fast test of a ship's sighting) agrees with the full line of sight
    /// for every library piece and segments from inside, through, past and around it, also
    /// with several pieces on the table.
    #[test]
    fn sight_blocked_agrees_with_the_line_of_sight() {
        use super::super::terrain::{TerrainPiece, line_of_sight, sight_blocked};
        use crate::geometry::Vec2;
        let pieces: Vec<TerrainPiece> = LIBRARY
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let (zones, n_zones) = p.zones_at(p.radius);
                TerrainPiece {
                    centre: Vec2::new(10.0 + 7.0 * (k % 4) as f64, 5.0 + 6.0 * (k / 4) as f64),
                    zones,
                    n_zones,
                    ..TerrainPiece::default()
                }
            })
            .collect();
        let points: Vec<Vec2> = (0..9)
            .flat_map(|x| (0..7).map(move |y| Vec2::new(4.5 * x as f64, 4.7 * y as f64)))
            .collect();
        let mut blocked = 0;
        for one in pieces.chunks(1).chain([&pieces[..]]) {
            for &a in &points {
                for &b in &points {
                    let expected = line_of_sight(one, a, b).blocked();
                    assert_eq!(sight_blocked(one, a, b), expected, "{a:?} -> {b:?}");
                    blocked += usize::from(expected);
                }
            }
        }
        assert!(
            blocked > 1000,
            "the segments meet blocking terrain ({blocked})"
        );
    }

    /// Every example of ch. 8 is in the library with the text's attributes.
    #[test]
    fn library_matches_the_texts_examples() {
        let p = |n| preset(n).expect(n);
        assert!(p("planet").zones[0].2.solid);
        let a = p("asteroid-field").zones[0].2;
        assert_eq!((a.hazardous, a.blocking), (1, true));
        assert_eq!(p("massive-asteroid").mobile, 2);
        assert_eq!(p("dust-cloud").zones[0].2.obscuring, 1);
        let n = p("dense-gas-nebula");
        assert!(n.zones[0].2.concealing);
        assert_eq!(n.zones[1].2.obscuring, 1);
        let s = p("plasma-storm").zones[0].2;
        assert_eq!((s.concealing, s.dangerous), (true, 1));
        let m = p("meteor-swarm");
        let a = m.zones[0].2;
        assert_eq!(
            (a.dangerous, a.hazardous, a.obscuring, m.mobile),
            (1, 1, 2, 3)
        );
        let g = p("giant-meteor");
        assert!(g.zones[0].2.solid);
        assert_eq!(
            (g.zones[1].2.hazardous, g.zones[1].2.obscuring, g.mobile),
            (1, 1, 3)
        );
        let w = p("wreckage").zones[0].2;
        assert_eq!((w.hazardous, w.obscuring), (1, 1));
        let mf = p("minefield").zones[0].2;
        assert_eq!((mf.dangerous, mf.hazardous), (2, 1));
        let am = p("ancient-minefield").zones[0].2;
        assert_eq!((am.hazardous, am.blocking), (2, true));
        assert_eq!(p("wormhole-entrance").zones[0].2.push, -1);
        assert_eq!(p("wormhole-exit").zones[0].2.push, 1);
        let ga = p("gravity-anomaly-field").zones[0].2;
        assert_eq!((ga.blocking, ga.push, ga.push_random), (true, 1, true));
    }

    #[test]
    fn attribute_words() {
        assert_eq!(
            parse_attribute("pull-2-random"),
            Ok(AttributeWord::Zone(Attributes {
                push: -2,
                push_random: true,
                ..NONE
            }))
        );
        assert_eq!(parse_attribute("mobile-3"), Ok(AttributeWord::Mobile(3)));
        assert!(parse_attribute("obscuring").is_err());
        assert!(parse_attribute("obscuring-0").is_err());
        assert!(parse_attribute("sticky-1").is_err());
    }
}
