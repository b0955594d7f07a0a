//! J64: a side's own Area Denial and point-defense blasts spare its own guided weapons (issue
//! 15 §1: "A side's own point defense or flak never targets its own guided weapons unless the
//! text says so"). The text's Area Denial (seed line 129, "Any ship or guided weapon that passes
//! through one of those hexes ... takes a guaranteed hit") and its point-defense blasts (lines
//! 314, 316, 317) read literally reach every guided weapon: `own_flak = "indiscriminate"`.

use super::super::area_denial::Mark;
use super::{Battle, BattleState, GwGroup};
use crate::NoTrace;
use crate::dice::Dice;
use crate::outcome::Side;
use crate::rules::junction::design::{Catalogue, ShipDesign};
use crate::rules::junction::hex::Hex;
use crate::rules::junction::house_rules::{HouseRules, OwnFlak};
use crate::rules::junction::matchup::Matchup;
use crate::rules::junction::parts::{Guidance, GuidedDesign, GwSize, Payload, Propulsion};
use crate::rules::junction::policy::{PdLaunches, PdStance, Policy};
use crate::rules::junction::ship::ShipState;

fn guided(size: GwSize, payload: Payload) -> GuidedDesign {
    GuidedDesign {
        name: format!("{size:?} {payload:?}"),
        size,
        guidance: Guidance::CenterOfMass,
        payload,
        propulsion: Propulsion::LiquidFueledRocket,
        load: None,
    }
}

/// A salvo of `count` light nuclear bombs (catalogue 0) of `side` that moved `from → to`.
fn salvo(side: Side, owner: u8, target: u8, count: u32, from: Hex, to: Hex) -> GwGroup {
    GwGroup {
        owner,
        side,
        guided: 0,
        count,
        pos: to,
        vel: to.sub(from),
        prev_pos: from,
        delta_v: 10,
        burned: false,
        launched: 1,
        target,
        contact: false,
        doomed: false,
        mass_driver: 0,
        committed: false,
        standoff: false,
        drone: false,
        decoys: 0,
        decoy_guided: 0,
        guns_fired: 0,
        pd_shots: 0,
        lines: 0,
    }
}

/// Ship 0 (side A) at the origin, ship 1 (side B, `pd_launches = "all"`, a VLS with two heavy
/// nuclear bombs) at (5,0), under `own_flak`.
fn with_battle(own_flak: OwnFlak, f: impl FnOnce(&mut Battle<'_, Dice, NoTrace>)) {
    let d = ShipDesign {
        vls_volume: 1.0,
        magazine: vec![(1, 2)],
        ..ShipDesign::bare("launcher")
    };
    let a = ShipState::new(0, &d, Side::A, 100, 0);
    let mut b = ShipState::new(0, &d, Side::B, 100, 0);
    b.pos = Hex::new(5, 0);
    b.prev_pos = b.pos;
    let m = Matchup::new(
        Catalogue {
            weapons: vec![],
            guided: vec![
                guided(GwSize::Light, Payload::NuclearBomb),
                guided(GwSize::Heavy, Payload::NuclearBomb),
            ],
        },
        vec![d],
        vec![a, b],
        vec!["A1 launcher".into(), "B1 launcher".into()],
        [
            Policy::preset("turret").unwrap(),
            Policy {
                pd: PdStance::WhenThreatened,
                pd_launches: PdLaunches::All,
                ..Policy::preset("passive").unwrap()
            },
        ],
        HouseRules {
            own_flak,
            ..HouseRules::default()
        },
    );
    let mut st = BattleState::for_matchup(&m);
    st.reset(&m);
    st.turn = 2;
    let mut dice = Dice::for_battle(7, 1, 2);
    let mut b = Battle {
        m: &m,
        st: &mut st,
        dice: &mut dice,
        obs: &mut NoTrace,
    };
    f(&mut b);
}

/// A's Macron mark (3 AP ≥ a light bomb's DUR 1) on (3,0): A's own salvo and B's salvo both
/// end their move on it. `(A's weapons left, B's weapons left)` after the hits.
fn through_a_mark(own_flak: OwnFlak) -> (u32, u32) {
    let mut left = (0, 0);
    with_battle(own_flak, |b| {
        b.st.marks.push(Mark {
            hex: Hex::new(3, 0),
            ap: 3.0,
            owner: 0,
            mount: 0,
        });
        b.st.gws
            .push(salvo(Side::A, 0, 1, 2, Hex::new(1, 0), Hex::new(3, 0)));
        b.st.gws
            .push(salvo(Side::B, 1, 0, 3, Hex::new(5, 0), Hex::new(3, 0)));
        b.area_denial_hits();
        let count = |side| {
            b.st.gws
                .iter()
                .filter(|g| g.side == side)
                .map(|g| g.count)
                .sum()
        };
        left = (count(Side::A), count(Side::B));
    });
    left
}

/// Seed line 129 (Macron Area Denial) under J64's default: the mark wrecks B's salvo and
/// spares A's own (before J64 both were destroyed).
#[test]
fn own_area_denial_spares_own_guided_weapons() {
    assert_eq!(through_a_mark(OwnFlak::SparesOwnGuided), (2, 0));
}

/// `own_flak = "indiscriminate"`: the text's "any ship or guided weapon" read literally.
#[test]
fn indiscriminate_area_denial_wrecks_own_guided_weapons_too() {
    assert_eq!(through_a_mark(OwnFlak::Indiscriminate), (0, 0));
}

/// Seed line 316 ("Missiles fitted with Heavy Nuclear Bombs can be fired as point defense"):
/// A's salvo of two light bombs is in B's hex, and so is B's own salvo of one; B's point-defense
/// heavy nuke destroys A's salvo and (J64 default) spares B's own. `(A's, B's)` left.
fn pd_blast(own_flak: OwnFlak) -> (u32, u32) {
    let mut left = (0, 0);
    with_battle(own_flak, |b| {
        let hex = Hex::new(5, 0);
        b.st.gws.push(salvo(Side::A, 0, 1, 2, Hex::new(2, 0), hex));
        b.st.gws.push(salvo(Side::B, 1, 0, 1, Hex::new(6, 0), hex));
        b.blast_defence(0, Side::B);
        assert_eq!(b.st.ships[1].magazine[0], 1, "one heavy nuke launched");
        left = (b.st.gws[0].count, b.st.gws[1].count);
    });
    left
}

#[test]
fn own_point_defense_blast_spares_own_guided_weapons() {
    assert_eq!(pd_blast(OwnFlak::SparesOwnGuided), (0, 1));
}

#[test]
fn indiscriminate_point_defense_blast_destroys_own_guided_weapons_too() {
    assert_eq!(pd_blast(OwnFlak::Indiscriminate), (0, 0));
}
