//! `fleetlab validate` and `fleetlab points`: what a config contains, without playing it.

use std::path::Path;

use fleetlab_engine::RuleSystem;
use fleetlab_sim::load;
use fleetlab_sim::registry::SystemTask;

use crate::error::CliError;

/// `fleetlab validate CONFIG`.
pub fn validate(config: &Path) -> Result<(), CliError> {
    super::dispatch(
        config,
        Inspect {
            config,
            points: false,
        },
    )
}

/// `fleetlab points CONFIG`.
pub fn points(config: &Path) -> Result<(), CliError> {
    super::dispatch(
        config,
        Inspect {
            config,
            points: true,
        },
    )
}

struct Inspect<'a> {
    config: &'a Path,
    points: bool,
}

impl SystemTask for Inspect<'_> {
    type Output = Result<(), CliError>;

    fn run<R: RuleSystem>(self) -> Self::Output {
        let exp = load::load::<R>(self.config)?;
        if !self.points {
            use std::fmt::Write as _;
            let src = load::read_source(self.config)?;
            let under = fleetlab_sim::under_game::spec_of(&src, R::POLICY_PRESETS, 0.95)?;
            if under.is_some()
                && let Some(why) = fleetlab_sim::under_game::unsupported(&exp.plan)
            {
                return Err(CliError::Usage(format!("{}: {why}", self.config.display())));
            }
            let mut text = String::new();
            let _ = writeln!(
                text,
                "{}: valid {} experiment `{}` — {} file(s), {} matchup(s) (numbered as \
                 `fleetlab trace --matchup N` takes them)",
                self.config.display(),
                R::NAME,
                exp.name,
                exp.files.len(),
                exp.matchups.len()
            );
            let width = exp.matchups.len().saturating_sub(1).to_string().len();
            for (i, m) in exp.matchups.iter().enumerate() {
                let _ = writeln!(text, "  {i:>width$}. {}", m.label);
            }
            if let Some((spec, path)) = fleetlab_sim::sweep::spec_of(&src)? {
                // Every value is loaded and checked, as `run` does before the first battle.
                for value in &spec.values {
                    fleetlab_sim::sweep::load_point::<R>(&src, &spec, &path, value)?;
                }
                let _ = writeln!(
                    text,
                    "a sweep of {} over {} value(s): every value loads and checks",
                    spec.set,
                    spec.values.len()
                );
            }
            if let Some(u) = under {
                let _ = writeln!(
                    text,
                    "also answered under the policy game ([experiment.under_game]): {} battles \
                     per pair of policies and half, offering {}",
                    u.battles,
                    u.presets
                        .map_or_else(|| "every preset".to_owned(), |p| p.join(", "))
                );
            }
            return super::emit(&text);
        }
        let mut seen: Vec<&str> = Vec::new();
        for m in &exp.matchups {
            for side in 0..2 {
                let fleet = m.fleets[side].as_str();
                if seen.contains(&fleet) {
                    continue;
                }
                seen.push(fleet);
                let unit = R::POINTS_UNIT;
                let total =
                    m.points[side].map_or("no points".to_string(), |p| format!("{p} {unit}"));
                println!("{fleet}: {total}");
                let want = if side == 0 {
                    fleetlab_engine::Side::A
                } else {
                    fleetlab_engine::Side::B
                };
                for ((name, s), p) in m.ship_names.iter().zip(&m.ship_sides).zip(&m.ship_points) {
                    if *s == want {
                        let p = p.map_or(String::new(), |p| format!("{p} {}", R::POINTS_UNIT));
                        println!("  {name:<32} {p}");
                    }
                }
            }
        }
        Ok(())
    }
}
