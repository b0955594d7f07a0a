//! The energy parts at the config edge (issue 15 §4; seed 004): "if any ships are using
//! Photovoltaic Panels for energy generation, agree on the light level. This determines the
//! volume per energy of said Photovoltaic Panels" (line 63; J72: output × `light_level`), Fuel
//! Cells burn J71's delta-v per energy (line 75) and electric rockets need J70's energy per
//! hex × ship volume (line 198), on the shipped `configs/junction/energy.toml`.

use std::path::Path;

use fleetlab_engine::rules::junction::Junction;
use fleetlab_engine::rules::junction::design::ShipDesign;
use fleetlab_sim::load;

/// The first design of matchup `k` of a shipped config (side A's first ship).
fn first_design(config: &str, k: usize) -> ShipDesign {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("configs/junction")
        .join(config);
    let exp = load::load::<Junction>(&path).unwrap_or_else(|e| panic!("{e}"));
    let m = &exp.matchups[k].matchup;
    m.design(&m.start[0]).clone()
}

/// Line 63 (J72): the solar gunship's panels make 50 energy at light level 1 and 25 at 0.5;
/// before J72 the light level did not exist and panels were ordinary plants.
#[test]
fn photovoltaic_output_follows_the_agreed_light_level() {
    let full = first_design("energy.toml", 2);
    assert_eq!(
        (full.name.as_str(), full.generation()),
        ("gunship-solar", 50.0)
    );
    let half = first_design("sensitivity/energy-light-level-half.toml", 2);
    assert_eq!(half.generation(), 25.0);
    // Other plants do not depend on the light.
    assert_eq!(
        first_design("sensitivity/energy-light-level-half.toml", 0).generation(),
        50.0
    );
}

/// Lines 75 and 198 (J71, J70): the fuel cell burns 0.1 delta-v per energy, the electric
/// rocket needs 0.01 × 500 = 5 energy per hex; the sensitivity configs change each.
#[test]
fn fuel_cells_and_electric_rockets_take_the_house_rule_figures() {
    assert_eq!(first_design("energy.toml", 0).drives[0].energy_per_hex, 5.0);
    assert_eq!(first_design("energy.toml", 1).plants[0].fuel, 0.1);
    assert_eq!(first_design("energy.toml", 2).plants[0].fuel, 0.0);
    let x3 = first_design("sensitivity/energy-electric-energy-x3.toml", 0);
    assert_eq!(x3.drives[0].energy_per_hex, 15.0);
    let half = first_design("sensitivity/energy-fuel-cell-half.toml", 1);
    assert_eq!(half.plants[0].fuel, 0.05);
}
