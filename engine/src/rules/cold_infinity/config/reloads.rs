//! Reload racks in the config (§9.2.4, §17.2.3): the `[[design]]` system `kind = "reload-rack"`
//! with its `magazine` (structure ⌈magazine/4⌉), `operations` per turn and `load` (missile
//! types from `[[missile]]` lines, in loaded order: it "will always load missiles from the top
//! of its magazine"). Its CP is stated, computed: (18 + 2 × operations) × magazine/20
//! (`construction::guided::reload_rack`); its missiles are paid for separately (§16.4.1), their
//! schedules' CP the `[[missile]]` lines' design data. A `cp` on it is refused.

use serde_spanned::Spanned;

use super::super::construction::sheet::Item;
use super::super::guided::mount::{MAX_RELOADS, ReloadMount};
use super::designs::{SystemSpec, int};
use super::guided::{MissileTable, load_of, magazine_of};
use super::issues::Issues;

/// A `kind = "reload-rack"` system (§9.2.4, §17.2.3): pushes its mount.
pub(super) fn reload(
    d: usize,
    sys: &Spanned<SystemSpec>,
    at: &str,
    missiles: &MissileTable,
    is: &mut Issues,
    index: usize,
    reloads: &mut Vec<ReloadMount>,
) -> Option<()> {
    let y = sys.get_ref();
    let before = is.len();
    if let Some(v) = &y.cp {
        is.push(
            d,
            v.span(),
            format!("{at}.cp"),
            "a reload rack's CP is stated (§17.2.3: (18 + 2 × operations) × magazine/20) and \
             computed: remove `cp`",
        );
    }
    let magazine = magazine_of(d, sys, at, is, ("a reload rack", "§17.2.3"))?;
    let Some(ops) = &y.operations else {
        is.push(
            d,
            sys.span(),
            format!("{at}.operations"),
            "a reload rack gives its operations per turn (§9.2.4, §17.2.3): operations = N",
        );
        return None;
    };
    let operations = int(is, d, ops, format!("{at}.operations"), 1, 20) as u8;
    let (types, names, load) = load_of(d, sys, at, missiles, magazine, is);
    if reloads.len() >= MAX_RELOADS {
        is.push(
            d,
            sys.span(),
            format!("{at}.kind"),
            format!("a design has at most {MAX_RELOADS} reload racks"),
        );
    }
    if is.len() != before {
        return None;
    }
    reloads.push(ReloadMount {
        sys: index as u16,
        magazine,
        operations,
        types,
        type_count: names.len() as u8,
        load,
    });
    Some(())
}

/// A reload rack's construction items (§17.2.3, §16.4.1): the rack (stated CP) and each load's
/// missiles; the design-data CP they rest on (the missiles' schedules).
pub(super) fn reload_items(
    sys: &Spanned<SystemSpec>,
    missiles: &MissileTable,
) -> Option<(Vec<Item>, u32)> {
    let y = sys.get_ref();
    let magazine = u16::try_from(*y.magazine.as_ref()?.get_ref()).ok()?;
    let operations = u8::try_from(*y.operations.as_ref()?.get_ref()).ok()?;
    let mut items = vec![Item::ReloadRack {
        operations,
        magazine,
    }];
    let mut data = 0u32;
    for e in &y.load {
        let e = e.get_ref();
        let k = *missiles.index.get(e.missile.get_ref())?;
        let build = missiles.builds[k];
        data = data.saturating_add(build.schedules_cp);
        items.push(Item::Missiles {
            kind: build,
            count: u16::try_from(*e.count.get_ref()).ok()?,
        });
    }
    Some((items, data))
}
