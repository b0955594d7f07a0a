//! A matchup side's policy: a preset (`Policy::PRESETS`, default `brawler`) and the per-side
//! overrides of its settings (range, burn model, split fire, point defense, ...).

use serde::Deserialize;
use serde_spanned::Spanned;

use crate::rule_system::did_you_mean;

use super::super::policy::{Approach, Policy};
use super::issues::Issues;

/// One side of a matchup.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    /// Fleet name.
    pub fleet: Spanned<String>,
    /// Policy preset (default `brawler`).
    #[serde(default)]
    pub policy: Option<Spanned<String>>,
    /// Override: distance to keep to the nearest enemy.
    #[serde(default)]
    pub range: Option<Spanned<i64>>,
    /// Override: the range band a closing ship keeps, `precision` (default) or `guaranteed`
    /// (`brawler-v10`).
    #[serde(default)]
    pub keep_at: Option<super::super::policy::KeepAt>,
    /// Override: burn model, `coast` (default) or `lookahead`.
    #[serde(default)]
    pub burn: Option<super::super::policy::Burn>,
    /// Override: direct fire may target surrendered enemies (J40, default false).
    #[serde(default)]
    pub fire_on_surrendered: Option<bool>,
    /// Override: laser split fire, `never` (default), `pierce` or `always` (J41).
    #[serde(default)]
    pub laser_split: Option<super::super::policy::LaserSplit>,
    /// Override: how an Excalibur burst divides its Attack Power, `single` (default) or
    /// `pierce` (J60).
    #[serde(default)]
    pub excalibur_split: Option<super::super::policy::ExcaliburSplit>,
    /// Override: Laser Relay targets, `single` (default) or `pierce` (J61).
    #[serde(default)]
    pub relay_split: Option<super::super::policy::RelaySplit>,
    /// Override: payload per launch, `first` (default) or `by-target` (J63).
    #[serde(default)]
    pub payload_choice: Option<super::super::policy::PayloadChoice>,
    /// Override: decoys fired with each attack salvo (J31; default 0: decoys screen ships).
    #[serde(default)]
    pub salvo_decoys: Option<Spanned<i64>>,
    /// Override: when multi-target guns hold for point defense, `never`, `when-threatened`,
    /// `always` or `cover` (J42).
    #[serde(default)]
    pub point_defense: Option<super::super::policy::PdStance>,
    /// Override: Inertial Mine area mode, `contact` (default), `crowded` or `area` (J50).
    #[serde(default)]
    pub mine_mode: Option<super::super::policy::MineMode>,
    /// Override: point-defense launches, `excalibur` (default), `all` or `none` (J35, J51).
    #[serde(default)]
    pub pd_launches: Option<super::super::policy::PdLaunches>,
    /// Override: massed salvos, the guided weapons that must get past the enemy's point
    /// defense before a salvo flies (0: off; `-v2` presets 1).
    #[serde(default)]
    pub salvo_leak: Option<Spanned<i64>>,
    /// Override: the least Attack Power a kinetic launch must promise at its predicted impact
    /// speed (0: off; `-v2` presets 100).
    #[serde(default)]
    pub kinetic_min_ap: Option<Spanned<i64>>,
    /// Override: enemy salvos in flight that make a ship stand off, `none` (default),
    /// `kinetic`, `guided` (`brawler-v3`) or `read` (kinetic salvos, and others only when
    /// their launcher holds its range; `brawler-v8`).
    #[serde(default)]
    pub dodge: Option<super::super::policy::Dodge>,
    /// Override: keep the stand-off distance while the enemy still carries at least this
    /// many attacking guided weapons (0: off; `brawler-v4` 1).
    #[serde(default)]
    pub stand_off_magazine: Option<Spanned<i64>>,
    /// Override: the last turn on which `stand_off_magazine` keeps a ship out (`brawler-v4`
    /// 12).
    #[serde(default)]
    pub stand_off_turns: Option<Spanned<i64>>,
    /// Override: `stand_off_magazine` keeps a ship out only while it closes faster than
    /// this many hexes a turn (0: at any speed; `brawler-v4` 4).
    #[serde(default)]
    pub stand_off_closing: Option<Spanned<i64>>,
    /// Override: `stand_off_magazine` keeps a ship out only while an enemy comes at it
    /// (default false; `brawler-v10` true).
    #[serde(default)]
    pub stand_off_reads: Option<bool>,
    /// Override: price the Area Denial marks a burn runs into, in hundredths of a hex per
    /// Attack Power (0: off, every preset).
    #[serde(default)]
    pub mark_weight: Option<Spanned<i64>>,
    /// Override: keep the stand-off distance while ahead on the game-end measure (J6;
    /// default false).
    #[serde(default)]
    pub hold_lead: Option<bool>,
    /// Override: from this turn on, hold a stand-off against loaded launchers while neither
    /// side closes and the side is not behind (0: off; `brawler-v5` 5).
    #[serde(default)]
    pub hold_from: Option<Spanned<i64>>,
    /// Override: do not end a move where an enemy's next kinetic launch would promise at
    /// least this much Attack Power (0: off; `brawler-v6` 100).
    #[serde(default)]
    pub kinetic_guard_ap: Option<Spanned<i64>>,
    /// Override: the kinetic guard may back off (end a move farther from the nearest enemy
    /// than the ship is now) to deny a launch (default false).
    #[serde(default)]
    pub kinetic_guard_retreat: Option<bool>,
    /// Override: the kinetic guard reads only enemy ships that close on the ship by at most
    /// this many hexes a turn (they hold their range; −1: every launcher, `brawler-v6`;
    /// `brawler-v7` 2).
    #[serde(default)]
    pub kinetic_guard_closing: Option<Spanned<i64>>,
    /// Override: the first turn the kinetic guard reads the enemy's moves (`brawler-v7` 2).
    #[serde(default)]
    pub kinetic_guard_from: Option<Spanned<i64>>,
    /// Override: an enemy this near or nearer is not read as holding its range (0: any
    /// distance; `brawler-v7` 0).
    #[serde(default)]
    pub kinetic_guard_beyond: Option<Spanned<i64>>,
    /// Override: the late stand-off's first turn (0: off; `brawler-v9` 10).
    #[serde(default)]
    pub late_stand_off_from: Option<Spanned<i64>>,
    /// Override: the late stand-off's most ships left a side (`brawler-v9` 1).
    #[serde(default)]
    pub late_stand_off_ships: Option<Spanned<i64>>,
    /// Override: the late stand-off's integrity deficit, percentage points (`brawler-v9` 10).
    #[serde(default)]
    pub late_stand_off_deficit: Option<Spanned<i64>>,
    /// Override: the late stand-off fights it out at this many hexes or nearer
    /// (`brawler-v9` 5).
    #[serde(default)]
    pub late_stand_off_beyond: Option<Spanned<i64>>,
    /// Override: the late stand-off holds while the side is behind on the game-end measure
    /// too (default false in every preset).
    #[serde(default)]
    pub late_stand_off_behind: Option<bool>,
    /// Override: beyond its kept distance, do not close in on a nearest enemy that
    /// out-accelerates the ship (default false in every preset).
    #[serde(default)]
    pub hold_when_outpaced: Option<bool>,
}

/// A side's policy preset with its overrides; `None` for an unknown preset (reported).
pub(super) fn policy(d: usize, at: &str, side: &SideSpec, is: &mut Issues) -> Option<Policy> {
    let name = side
        .policy
        .as_ref()
        .map_or("brawler", |p| p.get_ref().as_str());
    let Some(mut p) = Policy::preset(name) else {
        let span = side.policy.as_ref().map(|p| p.span()).unwrap_or(0..0);
        is.push(
            d,
            span,
            format!("{at}.policy"),
            format!(
                "unknown policy `{name}`{}; allowed: {}",
                did_you_mean(name, Policy::PRESETS),
                Policy::PRESETS.join(", ")
            ),
        );
        return None;
    };
    if let Some(r) = &side.range {
        let v = is.int_or_lo(d, r, &format!("{at}.range"), 0, 1000) as i32;
        if p.approach != Approach::Hold {
            p.approach = Approach::Keep(Some(v));
        }
    }
    if let Some(k) = side.keep_at {
        p.keep_at = k;
    }
    if let Some(b) = side.burn {
        p.burn = b;
    }
    if let Some(f) = side.fire_on_surrendered {
        p.fire_on_surrendered = f;
    }
    if let Some(l) = side.laser_split {
        p.laser_split = l;
    }
    if let Some(x) = side.excalibur_split {
        p.excalibur_split = x;
    }
    if let Some(r) = side.relay_split {
        p.relay_split = r;
    }
    if let Some(c) = side.payload_choice {
        p.payload_choice = c;
    }
    if let Some(n) = &side.salvo_decoys {
        p.salvo_decoys = is.int_or_lo(d, n, &format!("{at}.salvo_decoys"), 0, 100) as u32;
    }
    if let Some(pd) = side.point_defense {
        p.pd = pd;
    }
    if let Some(mode) = side.mine_mode {
        p.mine_mode = mode;
    }
    if let Some(l) = side.pd_launches {
        p.pd_launches = l;
    }
    if let Some(n) = &side.salvo_leak {
        p.salvo_leak = is.int_or_lo(d, n, &format!("{at}.salvo_leak"), 0, 100) as u32;
    }
    if let Some(n) = &side.kinetic_min_ap {
        p.kinetic_min_ap = is.int_or_lo(d, n, &format!("{at}.kinetic_min_ap"), 0, 1_000_000) as u32;
    }
    if let Some(x) = side.dodge {
        p.dodge = x;
    }
    if let Some(n) = &side.stand_off_magazine {
        p.stand_off_magazine =
            is.int_or_lo(d, n, &format!("{at}.stand_off_magazine"), 0, 1_000_000) as u32;
    }
    if let Some(n) = &side.stand_off_turns {
        p.stand_off_turns = is.int_or_lo(d, n, &format!("{at}.stand_off_turns"), 0, 1000) as u32;
    }
    if let Some(n) = &side.stand_off_closing {
        p.stand_off_closing =
            is.int_or_lo(d, n, &format!("{at}.stand_off_closing"), 0, 1000) as u32;
    }
    if let Some(b) = side.stand_off_reads {
        p.stand_off_reads = b;
    }
    if let Some(n) = &side.mark_weight {
        p.mark_weight = is.int_or_lo(d, n, &format!("{at}.mark_weight"), 0, 1_000_000) as u32;
    }
    if let Some(h) = side.hold_lead {
        p.hold_lead = h;
    }
    if let Some(n) = &side.hold_from {
        p.hold_from = is.int_or_lo(d, n, &format!("{at}.hold_from"), 0, 1000) as u32;
    }
    if let Some(n) = &side.kinetic_guard_ap {
        p.kinetic_guard_ap =
            is.int_or_lo(d, n, &format!("{at}.kinetic_guard_ap"), 0, 1_000_000) as u32;
    }
    if let Some(r) = side.kinetic_guard_retreat {
        p.kinetic_guard_retreat = r;
    }
    if let Some(n) = &side.kinetic_guard_closing {
        let c = is.int_or_lo(d, n, &format!("{at}.kinetic_guard_closing"), -1, 1000);
        p.kinetic_guard_closing = u32::try_from(c).ok();
    }
    if let Some(n) = &side.kinetic_guard_from {
        p.kinetic_guard_from =
            is.int_or_lo(d, n, &format!("{at}.kinetic_guard_from"), 0, 1000) as u32;
    }
    if let Some(n) = &side.kinetic_guard_beyond {
        p.kinetic_guard_beyond =
            is.int_or_lo(d, n, &format!("{at}.kinetic_guard_beyond"), 0, 1000) as u32;
    }
    if let Some(n) = &side.late_stand_off_from {
        p.late_stand_off_from =
            is.int_or_lo(d, n, &format!("{at}.late_stand_off_from"), 0, 1000) as u32;
    }
    if let Some(n) = &side.late_stand_off_ships {
        p.late_stand_off_ships =
            is.int_or_lo(d, n, &format!("{at}.late_stand_off_ships"), 0, 1000) as u32;
    }
    if let Some(n) = &side.late_stand_off_deficit {
        p.late_stand_off_deficit =
            is.int_or_lo(d, n, &format!("{at}.late_stand_off_deficit"), 0, 100) as u32;
    }
    if let Some(n) = &side.late_stand_off_beyond {
        p.late_stand_off_beyond =
            is.int_or_lo(d, n, &format!("{at}.late_stand_off_beyond"), 0, 1000) as u32;
    }
    if let Some(b) = side.late_stand_off_behind {
        p.late_stand_off_behind = b;
    }
    if let Some(b) = side.hold_when_outpaced {
        p.hold_when_outpaced = b;
    }
    Some(p)
}
