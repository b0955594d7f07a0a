//! Optional faction rules (seed ch. 9b "Factions"), only the two the text defines concretely:
//!
//! * "a mercenary company ... may begin the game with every ship having the 'Structural
//!   Damage' Condition (See Conditions) but cost 15% less points";
//! * "a group that specializes in Beam Weapons, that adds 2 to the Range (but not Extended
//!   Range) at the expense of being restricted to Beam Weapons only".
//!
//! A fleet takes one with `faction = "..."` in its `[[fleet]]` table.

/// A fleet's faction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Faction {
    /// No faction rule.
    #[default]
    None,
    /// Every ship starts with Structural Damage; ships cost 15% less.
    Mercenary,
    /// Beam weapons get +2 Range (Extended Range unchanged); beams are the only weapons allowed.
    BeamSpecialists,
}

impl Faction {
    /// Config names.
    pub const NAMES: [&'static str; 2] = ["mercenary", "beam-specialists"];

    /// The faction called `name`.
    pub fn from_name(name: &str) -> Option<Faction> {
        match name {
            "mercenary" => Some(Faction::Mercenary),
            "beam-specialists" => Some(Faction::BeamSpecialists),
            _ => None,
        }
    }

    /// Percentage added to every ship's Ship Cost Modifiers.
    pub const fn cost_percent(self) -> i32 {
        match self {
            Faction::Mercenary => -15,
            Faction::None | Faction::BeamSpecialists => 0,
        }
    }

    /// Structural Damage Conditions every ship starts with. They are a trait of the fleet, not
    /// Conditions received in play: they don't count for "Ships Remaining" or "Conditions
    /// Inflicted" (fixed reading).
    pub const fn starting_structural(self) -> u8 {
        match self {
            Faction::Mercenary => 1,
            Faction::None | Faction::BeamSpecialists => 0,
        }
    }

    /// Range added to Beam weapons.
    pub const fn beam_range_bonus(self) -> f64 {
        match self {
            Faction::BeamSpecialists => 2.0,
            Faction::None | Faction::Mercenary => 0.0,
        }
    }
}
