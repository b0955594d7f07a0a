//! Per-side event counters of terrain (ch. 8) and scenarios (ch. 7), after the fighter events
//! in [`super::orders::EVENTS`]. Counted where the effect happens
//! (`battle/terrain_effects.rs`, `battle/objectives.rs`), on the side of the ship it happens to.

/// Index into `SideTally.events` of the first terrain/scenario event.
pub const EVENT_BASE: usize = super::fighters::EVENT_AWS_HIT + 1;
/// Damage boxes filled by Dangerous or Hazardous terrain (ch. 8), on the side that took them.
pub const EVENT_TERRAIN_DAMAGE: usize = EVENT_BASE;
/// Ships destroyed by terrain: ending a move in Solid terrain, struck by moving Solid terrain,
/// or a row-filling Dangerous/Hazardous hit (ch. 8). Fighters are not counted (not Ships).
pub const EVENT_LOST_TO_TERRAIN: usize = EVENT_BASE + 1;
/// Scanning-raid objective tokens placed (ch. 7 objective scenario), for the side scoring.
pub const EVENT_OBJECTIVE_TOKEN: usize = EVENT_BASE + 2;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::MAX_EVENTS;
    use crate::rules::cosmic_conflict::orders::EVENTS;

    /// The indices name the right entries of the event list, and the list fits the tally.
    #[test]
    fn scenario_event_indices_match_the_event_names() {
        assert_eq!(EVENTS[EVENT_TERRAIN_DAMAGE], "terrain_damage_taken");
        assert_eq!(EVENTS[EVENT_LOST_TO_TERRAIN], "ships_lost_to_terrain");
        assert_eq!(EVENTS[EVENT_OBJECTIVE_TOKEN], "objective_tokens_placed");
        assert!(EVENTS.len() <= MAX_EVENTS);
    }
}
