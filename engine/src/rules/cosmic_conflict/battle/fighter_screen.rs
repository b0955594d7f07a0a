//! Fighters that weigh the enemy's point-weapon screens (issue 17: "Fighters ignore enemy
//! fighters' point-weapon screens"). Ch. 6 Proximity Weapon System: "If a Ship or Fighter
//! moves to within 2 distance of an enemy Ship, the controlling player may elect to exchange
//! PWS fire, where both Ships immediately inflict one d6 of Damage per PWS equipped"; ch. 6c
//! fPWS: a fighter "act[s] as though equipped with an additional PWS for the purposes
//! exchanging PWS fire between itself and another Fighter"; "During their movement phase,
//! Fighters may move up to 7 Distance in any direction" (10 with Interceptor Boosters).
//!
//! So an enemy fighter carrying PWS or fPWS — an interceptor — threatens every point within
//! its move plus the exchange distance: it flies there on its next activation and calls the
//! exchange, one d6 (3.5 expected) per PWS it brings. The cautious fighter
//! (`battle/fighter_ai.rs`) counted ships' PWS where they stand but no enemy fighter's
//! screen; with the side setting `fighter_screens` it counts them too.
//!
//! One screen flies to one place a turn: with several of our fighters in its reach it can
//! strike only those it ends beside, so each expects a share of the exchange, as a player
//! sending a strike wave past a lone interceptor accepts that it will catch one of them.
//! And a screen that calls an exchange ends its move within 2 of its prey: our other loaded
//! fighters within their weapon's Range of that point shoot it at their next activation
//! (ch. 5b: a fighter attacks, then moves). What they would deal it (up to its boxes) is set
//! against the risk — a screen that would fly into a supported wave deters nothing.

/// Expected damage an enemy screening fighter deals our fighter standing `distance` from it:
/// one d6 (3.5) per PWS it brings against us (`theirs`: PWS + fPWS), when the point lies
/// within `reach` (its move plus the exchange distance) and it would call the exchange — the
/// scripts call one only when they bring at least as many PWS as the other side (`mine`),
/// as `fighter_phase::pws_exchanges_with_fighters` does. Zero otherwise. The exchange is
/// shared over `prey` fighters of ours it could choose from (this one and the others within
/// its reach now; at least 1), less `answer`: the expected damage our other fighters would
/// deal the screen where it ends (never below zero).
pub fn screen_risk(theirs: u8, mine: u8, distance: f64, reach: f64, prey: u8, answer: f32) -> f32 {
    if theirs == 0 || theirs < mine || distance > reach {
        return 0.0;
    }
    (3.5 * f32::from(theirs) / f32::from(prey.max(1)) - answer).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An interceptor (PWS + fPWS = 2, boosted move 10, exchange 2) threatens a strike
    /// fighter (no PWS) anywhere within 12: two d6, 7 boxes expected — more than the fighter's
    /// 6 boxes. The old cautious fighter counted 0 for it at any distance.
    #[test]
    fn an_interceptor_threatens_its_move_plus_the_exchange() {
        assert_eq!(screen_risk(2, 0, 11.9, 12.0, 1, 0.0), 7.0);
        assert_eq!(screen_risk(2, 0, 12.0, 12.0, 1, 0.0), 7.0);
        assert_eq!(screen_risk(2, 0, 12.1, 12.0, 1, 0.0), 0.0);
    }

    /// A screen that would bring fewer PWS than our fighter does not call the exchange; an
    /// equal one does; a unit without PWS is no screen.
    #[test]
    fn a_screen_calls_only_when_it_brings_at_least_as_many() {
        assert_eq!(screen_risk(2, 3, 1.0, 12.0, 1, 0.0), 0.0);
        assert_eq!(screen_risk(2, 2, 1.0, 12.0, 1, 0.0), 7.0);
        assert_eq!(screen_risk(0, 0, 1.0, 12.0, 1, 0.0), 0.0);
        assert_eq!(screen_risk(1, 0, 9.0, 9.0, 1, 0.0), 3.5);
    }

    /// Four strike fighters in one interceptor's reach: each expects a quarter of its
    /// exchange; a lone bomber all of it (0 prey counts as 1).
    #[test]
    fn a_screen_is_shared_over_the_fighters_it_could_choose() {
        assert_eq!(screen_risk(2, 0, 5.0, 12.0, 4, 0.0), 1.75);
        assert_eq!(screen_risk(2, 0, 5.0, 12.0, 1, 0.0), 7.0);
        assert_eq!(screen_risk(2, 0, 5.0, 12.0, 0, 0.0), 7.0);
    }

    /// A screen that would end its move in reach of our other loaded fighters' weapons is
    /// answered: their expected damage is set against the risk, which never turns into a
    /// lure (not below zero).
    #[test]
    fn a_supported_fighter_fears_the_screen_less() {
        assert_eq!(screen_risk(2, 0, 5.0, 12.0, 1, 3.0), 4.0);
        assert_eq!(screen_risk(2, 0, 5.0, 12.0, 2, 6.0), 0.0);
        assert_eq!(screen_risk(2, 0, 13.0, 12.0, 1, 0.0), 0.0);
    }
}
