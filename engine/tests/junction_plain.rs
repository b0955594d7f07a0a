//! `Matchup::plain`: which matchups run the firing phase without its rarely used hooks.

mod common;

use common::{duel, hulk};
use fleetlab_engine::rules::junction::design::Catalogue;
use fleetlab_engine::rules::junction::house_rules::HouseRules;
use fleetlab_engine::rules::junction::policy::LaserSplit;

/// Two plain hulls are a plain matchup; a carried drone kind, a laser-splitting policy or one
/// that fires on surrendered ships (J40) each make it hooked.
#[test]
fn plain_matchups_have_no_firing_extras() {
    let m = duel(
        Catalogue::default(),
        hulk("attacker"),
        hulk("target"),
        5,
        HouseRules::default(),
    );
    assert!(m.plain());
    let mut split = m.clone();
    split.policies[0].laser_split = LaserSplit::Always;
    assert!(!split.plain());
    let mut no_quarter = m.clone();
    no_quarter.policies[1].fire_on_surrendered = true;
    assert!(!no_quarter.plain());
    let mut decoys = m.clone();
    decoys.decoys = true;
    assert!(!decoys.plain());
    let mut relays = m.clone();
    relays.relays = true;
    assert!(!relays.plain());
}
