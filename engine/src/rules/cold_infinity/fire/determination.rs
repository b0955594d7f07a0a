//! §7.2 fire determination and §7.3 fire phases, as ordering data (digest D7.2, D2): what each
//! side knows when it decides. A battle loop walks these in order; the players decide from the
//! same snapshot at each step.

/// The steps of the Fire Determination Phase in the order the book plays them (§7.2.1–§7.2.9;
/// the printed numbering is out of order, the text's order is this).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FireStep {
    /// §7.2.1: secretly choose attacks (weapon → target, configuration, called shot).
    DetermineAttacks,
    /// §7.2.2: secretly set weapons to intercept guided weapons.
    DetermineGuidedIntercepts,
    /// §7.2.3: secretly set unused weapons to SDF or AHDF.
    DetermineDefensiveFire,
    /// §7.2.4: everyone reveals attacks and DF.
    Reveal,
    /// §7.2.5: guided intercepts revealed.
    DeclareGuidedIntercepts,
    /// §7.2.6: SDF-capable offensive weapons may switch to SDF, unfired AHDF-capable ones to EDF.
    ModeSwitching,
    /// §7.2.7: every DF weapon is allocated to one specific incoming attack.
    AllocateDefensiveFire,
    /// §7.2.8: anti-missile rockets, chaff and flares.
    DeclareSpecialDefences,
    /// §7.2.9: EW levels announced.
    AnnounceEw,
    /// §7.2.9.1: EW detectors act.
    ResolveEwDetectors,
}

impl FireStep {
    /// The steps in play order.
    pub const ORDER: [FireStep; 10] = [
        FireStep::DetermineAttacks,
        FireStep::DetermineGuidedIntercepts,
        FireStep::DetermineDefensiveFire,
        FireStep::Reveal,
        FireStep::DeclareGuidedIntercepts,
        FireStep::ModeSwitching,
        FireStep::AllocateDefensiveFire,
        FireStep::DeclareSpecialDefences,
        FireStep::AnnounceEw,
        FireStep::ResolveEwDetectors,
    ];

    /// Position in [`FireStep::ORDER`].
    pub fn position(self) -> usize {
        FireStep::ORDER.iter().position(|&s| s == self).unwrap_or(0)
    }

    /// Whether a player deciding at this step knows the enemy's declared attacks (after the
    /// reveal, §7.2.4).
    pub fn knows_enemy_attacks(self) -> bool {
        self.position() > FireStep::Reveal.position()
    }

    /// Whether a player deciding at this step knows the enemy's EW levels (only after §7.2.9;
    /// DF is placed knowing the attacks but not the EW, digest D7.2).
    pub fn knows_enemy_ew(self) -> bool {
        self.position() > FireStep::AnnounceEw.position()
    }
}

/// The weapons-fire phases of §7.3, in order; damage scored in a phase is applied at its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FirePhase {
    /// Guided weapons (§9), intercepts first (§11.1.6).
    Guided,
    /// Stationary weapons (§10; advanced).
    Stationary,
    /// Starship weapons.
    Starship,
    /// Fighters and shuttles against one another.
    SmallVsSmall,
    /// Fighters and shuttles against other units.
    SmallVsOther,
}

impl FirePhase {
    /// The phases in play order (§7.3).
    pub const ORDER: [FirePhase; 5] = [
        FirePhase::Guided,
        FirePhase::Stationary,
        FirePhase::Starship,
        FirePhase::SmallVsSmall,
        FirePhase::SmallVsOther,
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §7.2: DF is chosen before the reveal and allocated after it, before EW is announced.
    #[test]
    fn knowledge_at_each_step() {
        assert!(!FireStep::DetermineDefensiveFire.knows_enemy_attacks());
        assert!(FireStep::ModeSwitching.knows_enemy_attacks());
        assert!(FireStep::AllocateDefensiveFire.knows_enemy_attacks());
        assert!(!FireStep::AllocateDefensiveFire.knows_enemy_ew());
        assert!(FireStep::ResolveEwDetectors.knows_enemy_ew());
        assert_eq!(FireStep::ORDER.len(), 10);
        assert_eq!(FirePhase::ORDER[0], FirePhase::Guided);
    }
}
