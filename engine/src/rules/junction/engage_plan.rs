//! The distance a ship keeps to the enemy (issue 17, `brawler-v4`): close in to its own
//! distance, or stand off just outside the enemy's longest reach. `brawler-v3` stood off only
//! while enemy salvos were in flight at the ship (`dodge_plan`); the search player still
//! stood off more often against a missile boat — while the enemy's magazines were still
//! loaded (docs/configs.md, "What the search player exploits"). A player facing launchers
//! keeps out of the knife fight until the enemy has spent its missiles (salvos launched at a
//! ship that keeps running are lost once out of delta-v, J9), then closes. A pure function of
//! the position; the battle code (`battle/maneuver.rs`) gathers its inputs.
//!
//! Text: seed 004 Appendix 1 "Kinetic" (Attack Power equal to the relative velocity squared:
//! a ship closing fast on a loaded launcher offers it the speed its kinetics need), "Guided
//! Weapon Maneuver" (a salvo steers within its acceleration and delta-v; J9). The text leaves
//! burns to the player; `stand_off_magazine` is a policy setting, not a house rule.

use super::dodge_plan::{self, Incoming};
use super::policy::Policy;

/// What the keep-distance decision reads of the position (the Maneuver Phase's opening
/// snapshot).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Threat {
    /// Enemy salvos in flight at the ship, by kind.
    pub incoming: Incoming,
    /// Attacking guided weapons still loaded in the magazines of the enemy ships in play
    /// (contact and stand-off payloads; not decoys, drones, racks' frames or Excalibur).
    pub enemy_loaded: u32,
    /// The turn being played (1 = the first).
    pub turn: u32,
    /// The fastest the ship closes on any enemy ship in play if both coast (hexes of
    /// distance lost in one turn; 0 or less: not closing).
    pub closing: i32,
    /// The side would win if the battle ended now (J6: its fraction of fleet value still in
    /// play beats the enemy's by more than the draw margin).
    pub ahead: bool,
    /// The enemy would win if the battle ended now (J6, the other way round).
    pub behind: bool,
    /// Hexes from the ship to the nearest enemy ship in play (`i32::MAX`: none).
    pub distance: i32,
    /// Attacking guided weapons still loaded in the magazines of the ship's own side's ships
    /// in play (read only for the late stand-off).
    pub own_loaded: u32,
    /// Ships in play, the ship's own side and the enemy's (read only for the late stand-off).
    pub ships: [u32; 2],
    /// How whole the side's ships in play are less how whole the enemy's are: each side's
    /// integrity left as a share of its ships in play's starting integrity, in percentage
    /// points (negative: behind; read only for the late stand-off).
    pub integrity_lead: i32,
    /// Some enemy ship in play comes at the ship: its own last move and marker close on the
    /// ship faster than the policy's reading of "holds its range" (`range_watch`; read only
    /// with `stand_off_reads`).
    pub coming: bool,
}

/// The distance a ship keeps to the nearest enemy this turn: `run_to` (the stand-off
/// distance) while its policy's `dodge` names salvos in flight at it
/// ([`dodge_plan::kept_distance`]), or, up to turn `stand_off_turns`, while the enemy still
/// has at least `stand_off_magazine` attacking guided weapons loaded (0: never for that
/// reason) and the ship closes on an enemy faster than `stand_off_closing` hexes a turn
/// (0: at any speed; a kinetic strikes with the closing speed squared, so a player closes on
/// loaded launchers slowly: it brakes by aiming at the stand-off distance for a turn);
/// otherwise its own `keep`. A policy with `hold_lead` also stands off while its side is
/// ahead on the game-end measure (J6): the clock plays for it ("hold when ahead"). The turn limit is the game clock: two ships that both
/// wait for the other's magazines would otherwise wait out the battle (J5, J6: a draw).
/// A ship with no stand-off distance (`None`) keeps `keep`.
#[inline]
pub fn keep_distance(keep: i32, run_to: Option<i32>, p: &Policy, threat: Threat) -> i32 {
    let Some(r) = run_to else {
        return keep;
    };
    if stands_off(r, p, threat) {
        r
    } else {
        dodge_plan::kept_distance(keep, run_to, p.dodge, threat.incoming)
    }
}

/// Whether [`keep_distance`] keeps the stand-off distance `run_to` for a reason other than the
/// salvos in flight (`threat.incoming`, which it reads only when this is false): the lead held
/// (`hold_lead`), the late stand-off ([`late_stand_off`]), the stand-off hold
/// ([`holds_stand_off`]) or the speed limit on loaded launchers (`stand_off_magazine`).
#[inline]
pub fn stands_off(run_to: i32, p: &Policy, threat: Threat) -> bool {
    if p.hold_lead && threat.ahead {
        return true;
    }
    if late_stand_off(p, threat) || holds_stand_off(run_to, p, threat) {
        return true;
    }
    p.stand_off_magazine > 0
        && threat.enemy_loaded >= p.stand_off_magazine
        && threat.turn <= p.stand_off_turns
        && threat.closing > p.stand_off_closing as i32
        && (!p.stand_off_reads || threat.coming)
}

/// `brawler-v5`'s stand-off hold (issue 17, fourth pass): from turn `hold_from` (0: never) up
/// to `stand_off_turns`, a ship that sits at the stand-off distance `run_to` (at most one hex
/// inside it) while neither it nor any enemy closes (`closing` ≤ 0: the enemy keeps its own
/// distance too) does not break the stand-off while the enemy still carries at least
/// `stand_off_magazine` (at least one) attacking guided weapons and its side is not behind on
/// the game-end measure (J6). Closing on a missile boat that waits with loaded launchers
/// offers its kinetics the speed they need (Appendix 1 "Kinetic", speed squared) and turns a
/// draw into a loss; waiting leaves the enemy the choice to come, and the clock (J5, J6) ends
/// a standoff between equal fleets as a draw. The search player of
/// `configs/junction/search-player-v4.toml` gained most in exactly these positions (docs/configs.md).
/// A side that is behind has to attack: it closes as `brawler-v4` does.
pub fn holds_stand_off(run_to: i32, p: &Policy, threat: Threat) -> bool {
    p.hold_from > 0
        && threat.turn >= p.hold_from
        && threat.turn <= p.stand_off_turns
        && threat.enemy_loaded >= p.stand_off_magazine.max(1)
        && threat.closing <= 0
        && threat.distance >= run_to - 1
        && !threat.behind
}

/// `brawler-v9`'s late stand-off (issue 17, eighth pass): from turn `late_stand_off_from`
/// (0: never), a ship whose own side has no attacking guided weapon left loaded, with at most
/// `late_stand_off_ships` ships in play on each side, whose side's ships in play are less
/// whole than the enemy's (integrity left as a share of their starting integrity) by at least
/// `late_stand_off_deficit` percentage points while the side
/// is not behind on the game-end measure (J6: the ships still in play, not their integrity),
/// keeps out of the enemy's gun range — the stand-off distance — while it is farther than
/// `late_stand_off_beyond` hexes from the nearest enemy. A player in that position has
/// nothing to win at 3 hexes: its missiles are gone, the enemy's guns are the stronger, and
/// the clock (J5, J6) scores the battle as it stands — a draw, or a win if ahead. Inside the
/// knife-fight range it fights on (turning to run gives the guns a free turn). The search
/// player of `search-player-v8.toml` stood off in exactly these positions against A's
/// `brawler-v4` (docs/configs.md, "`brawler-v8`": 10+ turns played, one ship a side, own
/// magazines spent, behind on integrity by 10–30%, at 8–18 hexes).
///
/// Text: seed 004's burns are the player's; J5 (turn cap) and J6 (the game-end measure) are
/// house rules. `late_stand_off_*` are policy settings.
pub fn late_stand_off(p: &Policy, threat: Threat) -> bool {
    p.late_stand_off_from > 0
        && threat.turn >= p.late_stand_off_from
        && threat.own_loaded == 0
        && threat.ships[0] <= p.late_stand_off_ships
        && threat.ships[1] <= p.late_stand_off_ships
        && threat.integrity_lead <= -(p.late_stand_off_deficit as i32)
        && (p.late_stand_off_behind || !threat.behind)
        && threat.distance > p.late_stand_off_beyond as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::junction::policy::Dodge;

    fn preset(name: &str) -> Policy {
        Policy::preset(name).unwrap()
    }

    /// The missile cruiser's full magazines (8 light nukes, 4 heavy kinetics) and the
    /// destroyer's 8 light kinetics: `search-player-v4.toml`'s strike group on turn 2.
    const LOADED: Threat = Threat {
        incoming: Incoming {
            kinetic: 0,
            other: 0,
        },
        enemy_loaded: 20,
        turn: 2,
        closing: 9,
        ahead: false,
        behind: false,
        distance: 12,
        own_loaded: 0,
        ships: [2, 2],
        integrity_lead: 0,
        coming: false,
    };

    /// The battle line against a loaded strike group: `brawler-v3` closes to 3 hexes while no
    /// salvo flies at it (into the launchers' kinetic reach); `brawler-v4` keeps out at 16.
    #[test]
    fn a_brawler_keeps_out_while_the_enemy_is_loaded() {
        assert_eq!(keep_distance(3, Some(16), &preset("brawler-v3"), LOADED), 3);
        assert_eq!(
            keep_distance(3, Some(16), &preset("brawler-v4"), LOADED),
            16
        );
        // The older presets have no stand-off distance.
        assert_eq!(keep_distance(3, None, &preset("brawler-v2"), LOADED), 3);
    }

    /// Magazines spent below the setting: it closes, unless salvos still fly at it.
    #[test]
    fn it_closes_once_the_enemy_has_spent_its_missiles() {
        let p = Policy {
            stand_off_magazine: 4,
            ..preset("brawler-v4")
        };
        let spent = Threat {
            enemy_loaded: 3,
            ..LOADED
        };
        assert_eq!(keep_distance(3, Some(16), &p, spent), 3);
        assert_eq!(
            keep_distance(
                3,
                Some(16),
                &p,
                Threat {
                    enemy_loaded: 4,
                    ..spent
                }
            ),
            16
        );
        let in_flight = Threat {
            incoming: Incoming {
                kinetic: 1,
                other: 0,
            },
            ..spent
        };
        assert_eq!(keep_distance(3, Some(16), &p, in_flight), 16);
        let no_dodge = Policy {
            dodge: Dodge::None,
            ..p
        };
        assert_eq!(keep_distance(3, Some(16), &no_dodge, in_flight), 3);
    }

    /// The clock: past `stand_off_turns` it closes on a loaded enemy (two `brawler-v4`s would
    /// otherwise wait for each other's magazines until the turn cap), still dodging salvos.
    #[test]
    fn it_closes_when_the_clock_runs_out() {
        let p = preset("brawler-v4");
        let late = Threat {
            turn: p.stand_off_turns + 1,
            ..LOADED
        };
        assert_eq!(keep_distance(3, Some(16), &p, late), 3);
        let last = Threat {
            turn: p.stand_off_turns,
            ..LOADED
        };
        assert_eq!(keep_distance(3, Some(16), &p, last), 16);
        let dodging = Threat {
            incoming: Incoming {
                kinetic: 0,
                other: 2,
            },
            ..late
        };
        assert_eq!(keep_distance(3, Some(16), &p, dodging), 16);
    }

    /// The speed limit: closing on loaded launchers at or below `stand_off_closing` hexes a
    /// turn it keeps closing; faster, it brakes (aims at the stand-off distance this turn).
    #[test]
    fn it_closes_slowly_on_loaded_launchers() {
        let p = Policy {
            stand_off_closing: 4,
            ..preset("brawler-v4")
        };
        let slow = Threat {
            closing: 4,
            ..LOADED
        };
        assert_eq!(keep_distance(3, Some(16), &p, slow), 3);
        let fast = Threat {
            closing: 5,
            ..LOADED
        };
        assert_eq!(keep_distance(3, Some(16), &p, fast), 16);
        // Magazines spent: no speed limit.
        assert_eq!(
            keep_distance(
                3,
                Some(16),
                &p,
                Threat {
                    enemy_loaded: 0,
                    ..fast
                }
            ),
            3
        );
    }

    /// `hold_lead`: ahead on the game-end measure, it stands off even from a spent enemy;
    /// behind or level it closes. Off (every preset), the lead changes nothing.
    #[test]
    fn a_side_ahead_holds_its_lead_when_told_to() {
        let spent = Threat {
            enemy_loaded: 0,
            ahead: true,
            ..LOADED
        };
        assert_eq!(keep_distance(3, Some(16), &preset("brawler-v4"), spent), 3);
        let p = Policy {
            hold_lead: true,
            ..preset("brawler-v4")
        };
        assert_eq!(keep_distance(3, Some(16), &p, spent), 16);
        assert_eq!(
            keep_distance(
                3,
                Some(16),
                &p,
                Threat {
                    ahead: false,
                    ..spent
                }
            ),
            3
        );
    }

    /// A setting of 0 never stands off for loaded magazines (exactly `brawler-v3`).
    #[test]
    fn zero_is_off() {
        let p = Policy {
            stand_off_magazine: 0,
            ..preset("brawler-v4")
        };
        assert_eq!(keep_distance(3, Some(16), &p, LOADED), 3);
    }

    /// The stand-off of `search-player-v4.toml`'s late turns: the battle line sits 16 hexes
    /// from a missile boat that keeps its own distance (neither closes) with launchers still
    /// loaded, both fleets whole. `brawler-v4` breaks it (not closing faster than 4: it
    /// closes to 3, into the kinetics); `brawler-v5` holds it.
    const STAND_OFF: Threat = Threat {
        incoming: Incoming {
            kinetic: 0,
            other: 0,
        },
        enemy_loaded: 4,
        turn: 12,
        closing: 0,
        ahead: false,
        behind: false,
        distance: 16,
        own_loaded: 0,
        ships: [2, 2],
        integrity_lead: 0,
        coming: false,
    };

    #[test]
    fn brawler_v5_holds_a_stand_off_against_loaded_launchers() {
        assert_eq!(
            keep_distance(3, Some(16), &preset("brawler-v4"), STAND_OFF),
            3
        );
        assert_eq!(
            keep_distance(3, Some(16), &preset("brawler-v5"), STAND_OFF),
            16
        );
        // One hex inside the stand-off distance still counts; two do not.
        let p = preset("brawler-v5");
        let at = |distance| Threat {
            distance,
            ..STAND_OFF
        };
        assert_eq!(keep_distance(3, Some(16), &p, at(15)), 16);
        assert_eq!(keep_distance(3, Some(16), &p, at(14)), 3);
        // Drifting apart (closing < 0) is no reason to come back in.
        let opening = Threat {
            closing: -2,
            ..STAND_OFF
        };
        assert_eq!(keep_distance(3, Some(16), &p, opening), 16);
    }

    /// What breaks the hold: the side is behind (it has to attack), the enemy's launchers are
    /// spent, someone is closing (the enemy comes: `brawler-v4`'s speed limit decides), the
    /// first turns (`hold_from`) and the clock (`stand_off_turns`).
    #[test]
    fn brawler_v5_attacks_when_waiting_does_not_pay() {
        let p = preset("brawler-v5");
        let with = |t: Threat| keep_distance(3, Some(16), &p, t);
        assert_eq!(
            with(Threat {
                behind: true,
                ..STAND_OFF
            }),
            3
        );
        assert_eq!(
            with(Threat {
                enemy_loaded: 0,
                ..STAND_OFF
            }),
            3
        );
        assert_eq!(
            with(Threat {
                closing: 2,
                ..STAND_OFF
            }),
            3
        );
        assert_eq!(
            with(Threat {
                closing: 6,
                ..STAND_OFF
            }),
            16
        );
        assert_eq!(
            with(Threat {
                turn: p.hold_from - 1,
                ..STAND_OFF
            }),
            3
        );
        assert_eq!(
            with(Threat {
                turn: p.hold_from,
                ..STAND_OFF
            }),
            16
        );
        assert_eq!(
            with(Threat {
                turn: p.stand_off_turns + 1,
                ..STAND_OFF
            }),
            3
        );
        // Ahead, it holds too (the clock plays for it).
        assert_eq!(
            with(Threat {
                ahead: true,
                ..STAND_OFF
            }),
            16
        );
        // Off (0): exactly `brawler-v4`.
        let off = Policy { hold_from: 0, ..p };
        assert_eq!(keep_distance(3, Some(16), &off, STAND_OFF), 3);
    }

    /// The late position of `search-player-v8.toml` against A's `brawler-v4`: turn 12, one
    /// ship a side, the battle line's kinetics spent, its gunship 20 points behind on
    /// integrity, the strike group's brawler 11 hexes out closing at 8 (both sides' last ships
    /// worth the same share: level on the game-end measure).
    const LATE: Threat = Threat {
        incoming: Incoming {
            kinetic: 0,
            other: 0,
        },
        enemy_loaded: 0,
        turn: 12,
        closing: 8,
        ahead: false,
        behind: false,
        distance: 11,
        own_loaded: 0,
        ships: [1, 1],
        integrity_lead: -20,
        coming: false,
    };

    /// `brawler-v8` closes to 3 and trades with the stronger guns; `brawler-v9` keeps out at
    /// the stand-off distance and lets the clock score the battle.
    #[test]
    fn brawler_v9_stands_off_late_when_it_would_lose_the_trade() {
        assert_eq!(keep_distance(3, Some(16), &preset("brawler-v8"), LATE), 3);
        assert_eq!(keep_distance(3, Some(16), &preset("brawler-v9"), LATE), 16);
        assert!(late_stand_off(&preset("brawler-v9"), LATE));
        // Exactly at the deficit and at the first turn still counts.
        let p = preset("brawler-v9");
        assert!(late_stand_off(
            &p,
            Threat {
                integrity_lead: -(p.late_stand_off_deficit as i32),
                turn: p.late_stand_off_from,
                ..LATE
            }
        ));
    }

    /// What keeps `brawler-v9` fighting: too early, own launchers still loaded, more than one
    /// ship on either side, level or ahead on integrity, behind on the game-end measure (the
    /// clock plays against it), already inside the knife-fight range; and the setting off.
    #[test]
    fn brawler_v9_fights_on_when_standing_off_does_not_pay() {
        let p = preset("brawler-v9");
        let fights = |t: Threat| !late_stand_off(&p, t) && keep_distance(3, Some(16), &p, t) == 3;
        assert!(fights(Threat {
            turn: p.late_stand_off_from - 1,
            ..LATE
        }));
        assert!(fights(Threat {
            own_loaded: 1,
            ..LATE
        }));
        assert!(fights(Threat {
            ships: [2, 1],
            ..LATE
        }));
        assert!(fights(Threat {
            ships: [1, 2],
            ..LATE
        }));
        assert!(fights(Threat {
            integrity_lead: -(p.late_stand_off_deficit as i32) + 1,
            ..LATE
        }));
        assert!(fights(Threat {
            integrity_lead: 15,
            ..LATE
        }));
        assert!(fights(Threat {
            behind: true,
            ..LATE
        }));
        assert!(fights(Threat {
            distance: p.late_stand_off_beyond as i32,
            ..LATE
        }));
        assert!(!fights(Threat {
            distance: p.late_stand_off_beyond as i32 + 1,
            ..LATE
        }));
        let off = Policy {
            late_stand_off_from: 0,
            ..p
        };
        assert!(!late_stand_off(&off, LATE));
        assert_eq!(keep_distance(3, Some(16), &off, LATE), 3);
    }

    /// `stand_off_reads`: closing fast on loaded launchers, the ship brakes (aims at the
    /// stand-off distance) only while an enemy comes at it; against an enemy that brakes or
    /// waits (its own moves close by at most the reading's hexes a turn) it keeps closing.
    /// Off, it brakes either way (`brawler-v4` … `brawler-v9`).
    #[test]
    fn a_read_speed_limit_brakes_only_for_an_enemy_that_comes() {
        let off = preset("brawler-v9");
        let on = Policy {
            stand_off_reads: true,
            ..off
        };
        let coming = Threat {
            coming: true,
            ..LOADED
        };
        assert_eq!(keep_distance(3, Some(16), &off, LOADED), 16);
        assert_eq!(keep_distance(3, Some(16), &off, coming), 16);
        assert_eq!(keep_distance(3, Some(16), &on, LOADED), 3);
        assert_eq!(keep_distance(3, Some(16), &on, coming), 16);
        // Salvos in flight still make it run (the dodge is not the speed limit).
        let in_flight = Threat {
            incoming: Incoming {
                kinetic: 1,
                other: 0,
            },
            ..LOADED
        };
        assert_eq!(keep_distance(3, Some(16), &on, in_flight), 16);
        // Slow enough, it closes on an enemy that comes too.
        let slow = Threat {
            closing: 4,
            ..coming
        };
        assert_eq!(keep_distance(3, Some(16), &on, slow), 3);
    }

    /// `late_stand_off_behind`: the late stand-off holds while the side is behind on the
    /// game-end measure too (the position session 27's traces found: the battle line's last
    /// destroyer against the strike group's last missile cruiser). Off in every preset: it
    /// measured no change on the reference fleets (docs/configs.md, "`brawler-v10`").
    #[test]
    fn the_late_stand_off_can_hold_when_behind() {
        let v9 = preset("brawler-v9");
        let behind = Threat {
            behind: true,
            ..LATE
        };
        assert!(!late_stand_off(&v9, behind));
        assert!(!preset("brawler-v10").late_stand_off_behind);
        let p = Policy {
            late_stand_off_behind: true,
            ..v9
        };
        assert!(late_stand_off(&p, behind));
        assert_eq!(keep_distance(3, Some(16), &p, behind), 16);
        // The other conditions still hold it back.
        assert!(!late_stand_off(
            &p,
            Threat {
                own_loaded: 4,
                ..behind
            }
        ));
    }

    /// `stands_off` is `keep_distance`'s stand-off without the salvos in flight: a ship that
    /// runs only from a salvo does not stand off for another reason (the battle then reads
    /// the salvos), one braking on loaded launchers does whatever flies.
    #[test]
    fn standing_off_is_told_apart_from_running_from_salvos() {
        let v10 = preset("brawler-v10");
        let salvo = Threat {
            incoming: Incoming {
                kinetic: 0,
                other: 1,
            },
            ..LOADED
        };
        assert!(!stands_off(16, &v10, salvo));
        assert_eq!(keep_distance(6, Some(16), &v10, salvo), 16);
        let coming = Threat {
            coming: true,
            ..LOADED
        };
        assert!(stands_off(16, &v10, coming));
        assert_eq!(keep_distance(6, Some(16), &v10, coming), 16);
        assert!(!stands_off(16, &v10, LOADED));
        assert_eq!(keep_distance(6, Some(16), &v10, LOADED), 6);
    }

    /// `brawler-v10` against the strike group on turn 2 with loaded launchers, closing at 9
    /// hexes a turn: it keeps closing (to its Guaranteed Hit range, 6) on an enemy that brakes
    /// or waits — `brawler-v4`'s own speed limit — where `brawler-v9` brakes; it brakes for one
    /// that comes at it, as `brawler-v9` does.
    #[test]
    fn brawler_v10_closes_on_an_enemy_that_brakes() {
        let v10 = preset("brawler-v10");
        assert!(v10.stand_off_reads);
        assert_eq!(keep_distance(6, Some(16), &v10, LOADED), 6);
        assert_eq!(
            keep_distance(6, Some(16), &preset("brawler-v9"), LOADED),
            16
        );
        let coming = Threat {
            coming: true,
            ..LOADED
        };
        assert_eq!(keep_distance(6, Some(16), &v10, coming), 16);
    }
}
