//! What a battle reports back to the simulator: who won, how the game ended, and per-side and
//! per-ship tallies. Plain integers, so accumulating them is exact and order-independent.

use std::fmt;

/// One of the two sides of a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The first fleet of a matchup.
    A,
    /// The second fleet of a matchup.
    B,
}

impl Side {
    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// 0 for A, 1 for B (index into per-side arrays).
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::A => "A",
            Side::B => "B",
        })
    }
}

/// Who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// One side won.
    Win(Side),
    /// Neither side won (equal measure within the draw margin, or mutual destruction).
    Draw,
}

impl Verdict {
    /// The verdict in the traces' words: "side A wins", "side B wins", "a draw".
    pub const fn words(self) -> &'static str {
        match self {
            Verdict::Win(Side::A) => "side A wins",
            Verdict::Win(Side::B) => "side B wins",
            Verdict::Draw => "a draw",
        }
    }
}

/// How the game ended (reported separately from the verdict, so annihilations are visible).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Ending {
    /// One side had no units left.
    Annihilation,
    /// Both sides were wiped out in the same turn.
    MutualDestruction,
    /// The game-length rule ended the game with both sides standing; the verdict comes from
    /// the rule system's measure (e.g. points destroyed). The default: how a battle stands
    /// until something else ends it.
    #[default]
    TurnLimit,
}

impl Ending {
    /// All endings, in report order.
    pub const ALL: [Ending; 3] = [
        Ending::Annihilation,
        Ending::MutualDestruction,
        Ending::TurnLimit,
    ];

    /// This ending's index in [`DEFAULT_DECIDERS`] (for rule systems that keep the default).
    pub const fn default_decider(self) -> u8 {
        match self {
            Ending::Annihilation => 0,
            Ending::MutualDestruction => 1,
            Ending::TurnLimit => 2,
        }
    }

    /// Stable name used in reports.
    pub const fn name(self) -> &'static str {
        match self {
            Ending::Annihilation => "annihilation",
            Ending::MutualDestruction => "mutual_destruction",
            Ending::TurnLimit => "turn_limit",
        }
    }
}

/// What kind of thing decided a battle: the text's own way to win, a rule the project added
/// where the text is silent (a tie-break measure, or an ending play reaches where the text has
/// none), or nothing (a draw). Reports and `audit` show the shares, so a
/// designer sees when "who won" came from a tie-break rather than from play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeciderKind {
    /// A way to win that the rule text gives (annihilation, its victory conditions, retreat).
    Text,
    /// A named house rule's measure where the text is silent (e.g. points destroyed at a
    /// turn cap the text does not have).
    HouseRule,
    /// Nobody won (mutual destruction, a tie on the text's own measure).
    Draw,
    /// Play decided it, but the text states no way to win, so a named house rule says what
    /// ends the battle (the last side with ships wins; a side that can no longer attack is
    /// out). Not a tie-break: reports do not flag it as one, and `audit` lists the house rule.
    HouseEnding,
}

impl DeciderKind {
    /// Stable name used in reports.
    pub const fn name(self) -> &'static str {
        match self {
            DeciderKind::Text => "text",
            DeciderKind::HouseRule => "house_rule",
            DeciderKind::Draw => "draw",
            DeciderKind::HouseEnding => "house_ending",
        }
    }
}

/// One way a rule system's battles are decided (see [`crate::RuleSystem::DECIDERS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decider {
    /// Stable snake_case name used in reports (`annihilation`, `victory_conditions`, ...).
    pub name: &'static str,
    /// Whether the text, a house rule or nothing decided it.
    pub kind: DeciderKind,
}

impl Decider {
    /// A way to win the rule text gives.
    pub const fn text(name: &'static str) -> Decider {
        Decider {
            name,
            kind: DeciderKind::Text,
        }
    }

    /// A named house rule's measure.
    pub const fn house_rule(name: &'static str) -> Decider {
        Decider {
            name,
            kind: DeciderKind::HouseRule,
        }
    }

    /// A way to win by play under a house-rule ending (the text has no victory conditions).
    pub const fn house_ending(name: &'static str) -> Decider {
        Decider {
            name,
            kind: DeciderKind::HouseEnding,
        }
    }

    /// A draw.
    pub const fn draw(name: &'static str) -> Decider {
        Decider {
            name,
            kind: DeciderKind::Draw,
        }
    }
}

/// The deciders every rule system has unless it names its own: one per [`Ending`], in
/// [`Ending::ALL`] order, with the end-of-game measure counted as a house rule.
pub const DEFAULT_DECIDERS: &[Decider] = &[
    Decider::text("annihilation"),
    Decider::draw("mutual_destruction"),
    Decider::house_rule("game_end_measure"),
];

/// Most deciders a rule system may name (reports keep a fixed-size counter per decider).
pub const MAX_DECIDERS: usize = 16;

/// Most rule-system event counters a side can report (see [`crate::RuleSystem::EVENTS`]).
pub const MAX_EVENTS: usize = 32;

/// Per-side totals of one battle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideTally {
    /// Damage this side's attacks dealt (boxes filled on enemy tracks, all kinds).
    pub damage_dealt: u32,
    /// Damage this side's units took.
    pub damage_taken: u32,
    /// Units of this side still in play at the end.
    pub survivors: u32,
    /// Points of this side's units destroyed.
    pub points_lost: u32,
    /// How often this side did each of the rule system's named events (orders given,
    /// commands spent, fighters launched, retreats, ...), indexed like
    /// [`crate::RuleSystem::EVENTS`]; unused slots stay 0.
    pub events: [u32; MAX_EVENTS],
}

/// Per-ship totals of one battle (the ship's index is its position in the setup).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShipTally {
    /// Damage this ship dealt.
    pub damage_dealt: u32,
    /// Damage this ship took.
    pub damage_taken: u32,
    /// Whether it was destroyed.
    pub destroyed: bool,
    /// The turn in which it was destroyed (1 = the first turn), 0 when it was not: set by
    /// [`crate::RuleSystem::play`] from [`crate::RuleSystem::ship_destroyed`] after every turn
    /// (survival by turn and kill order in the reports), kept as it is by `finish`.
    pub lost_on_turn: u32,
}

/// One weapon line's totals of one battle (the report's damage by weapon; the lines are
/// [`crate::RuleSystem::weapons`]'s).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WeaponTally {
    /// Damage its attacks dealt (as [`ShipTally::damage_dealt`] counts it).
    pub damage_dealt: u32,
    /// Enemy units its attacks destroyed (the hit that destroyed them).
    pub kills: u32,
}

/// The result of one battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Who won by the game's victory rules as configured: a scenario's own victory
    /// conditions when it has them, else the rule system's default measure. Win rates use it.
    pub verdict: Verdict,
    /// "Last side standing": the rule system's default measure (annihilation, else e.g.
    /// points destroyed), whatever the scenario's victory conditions say. Equal to `verdict`
    /// when the scenario has no victory conditions of its own.
    pub standing: Verdict,
    /// How the game ended.
    pub ending: Ending,
    /// What decided the verdict: an index into the rule system's
    /// [`crate::RuleSystem::DECIDERS`] (with the default list, the index of `ending` in
    /// [`Ending::ALL`], see [`Ending::default_decider`]).
    pub decided_by: u8,
    /// Turns played (the last turn counts even if it ended early).
    pub turns: u32,
    /// Totals for side A and side B.
    pub sides: [SideTally; 2],
}

/// Where a rule system's `DECIDERS` list the four ways [`end_by_share`] (or
/// [`end_by_measure`]) can decide a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShareDeciders {
    /// One side has no ship left.
    pub annihilation: u8,
    /// Neither side has a ship left (a draw).
    pub mutual_destruction: u8,
    /// At the turn cap, the better measure wins (for [`end_by_share`], the larger share of
    /// the enemy's structure destroyed).
    pub measure: u8,
    /// At the turn cap, an equal measure (a draw).
    pub draw_at_cap: u8,
}

/// How a battle ended from the ships each side has left (`standing`) and the structure each
/// side lost of its total (`lost[k]` of `total[k]`): annihilation when one side has none left,
/// mutual destruction when neither has, else (the turn cap reached) the side that destroyed the
/// larger share of the other's structure wins — shares compared exactly, by cross-multiplying —
/// and equal shares draw. Returns the verdict, the ending and the decider (an index of `d`).
pub fn end_by_share(
    standing: [usize; 2],
    lost: [u64; 2],
    total: [u64; 2],
    d: ShareDeciders,
) -> (Verdict, Ending, u8) {
    end_by_measure(
        standing,
        || (lost[1] * total[0]).cmp(&(lost[0] * total[1])),
        d,
    )
}

/// How a battle ended from the ships each side has left (`standing`) and, only when both
/// sides still have ships (the cap reached), a rule system's own cap measure: `a_vs_b` says
/// whether side A's standing under it is better (`Greater`: A wins), worse or equal (a draw).
/// Annihilation and mutual destruction come first, as in [`end_by_share`], which is this
/// with the share of structure destroyed as the measure.
pub fn end_by_measure(
    standing: [usize; 2],
    a_vs_b: impl FnOnce() -> std::cmp::Ordering,
    d: ShareDeciders,
) -> (Verdict, Ending, u8) {
    match (standing[0], standing[1]) {
        (0, 0) => (
            Verdict::Draw,
            Ending::MutualDestruction,
            d.mutual_destruction,
        ),
        (0, _) => (Verdict::Win(Side::B), Ending::Annihilation, d.annihilation),
        (_, 0) => (Verdict::Win(Side::A), Ending::Annihilation, d.annihilation),
        _ => match a_vs_b() {
            std::cmp::Ordering::Greater => (Verdict::Win(Side::A), Ending::TurnLimit, d.measure),
            std::cmp::Ordering::Less => (Verdict::Win(Side::B), Ending::TurnLimit, d.measure),
            std::cmp::Ordering::Equal => (Verdict::Draw, Ending::TurnLimit, d.draw_at_cap),
        },
    }
}

#[cfg(test)]
mod share_tests {
    use super::*;

    const D: ShareDeciders = ShareDeciders {
        annihilation: 0,
        mutual_destruction: 1,
        measure: 2,
        draw_at_cap: 3,
    };

    #[test]
    fn annihilation_first_then_the_larger_share_destroyed() {
        assert_eq!(end_by_share([0, 0], [1, 1], [1, 1], D).2, 1);
        assert_eq!(
            end_by_share([0, 2], [9, 0], [9, 9], D).0,
            Verdict::Win(Side::B)
        );
        assert_eq!(
            end_by_share([1, 0], [0, 9], [9, 9], D).0,
            Verdict::Win(Side::A)
        );
        // A lost 3 of 10 (30%), B lost 5 of 20 (25%): B destroyed the larger share.
        let (v, e, k) = end_by_share([1, 1], [3, 5], [10, 20], D);
        assert_eq!((v, e, k), (Verdict::Win(Side::B), Ending::TurnLimit, 2));
        // 2 of 10 and 4 of 20: equal shares, a draw at the cap.
        assert_eq!(end_by_share([1, 1], [2, 4], [10, 20], D).2, 3);
    }
}
