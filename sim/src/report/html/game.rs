//! The "Policy game" section (from `game_value.csv`, `equilibrium.csv` and `game.csv`, when
//! present): the answer first — the game's value for side A with its selection-honest
//! interval — then each side's optimal mix and each policy's exploitability, then the payoff
//! heatmap (A's policies down, B's across) beside the battle counts. With a search player
//! (`search.csv`), its gain over the best preset comes right after the mixes: it says whether
//! the scripts behind the answer can be trusted.

use super::escape::{esc, int, pct, pct_ci};
use super::input::CsvFile;
use super::page::{Cell, plot_beside_table, table};
use super::plot::{HeatCell, heatmap_of};
use super::{HtmlError, Section};

fn index_of(names: &mut Vec<String>, name: &str) -> usize {
    match names.iter().position(|f| f == name) {
        Some(i) => i,
        None => {
            names.push(name.to_owned());
            names.len() - 1
        }
    }
}

/// The section.
pub(crate) fn section(
    value: &CsvFile,
    equilibrium: &CsvFile,
    game: &CsvFile,
    search: Option<&CsvFile>,
) -> Result<Section, HtmlError> {
    value.require(&[
        "fleet_a",
        "fleet_b",
        "value",
        "ci_low",
        "ci_high",
        "naive_ci_low",
        "naive_ci_high",
        "confidence",
    ])?;
    equilibrium.require(&[
        "side",
        "fleet",
        "policy",
        "mix",
        "exploitability",
        "best_reply",
    ])?;
    game.require(&[
        "policy_a",
        "policy_b",
        "battles",
        "a_wins",
        "draws",
        "b_wins",
        "a_score",
        "a_score_se",
    ])?;
    let mut body = String::new();
    match value.rows().next() {
        Some(v) => {
            let conf = v.f64("confidence")?;
            body.push_str(&format!(
                "<p class=\"verdict\"><strong>{} (A) against {} (B), each side playing its best \
                 mix of the policies offered: A scores {} (win 1, draw ½).</strong> {}% interval \
                 {} – {}, honest about the choice of mixes (chosen on one half of the battles, \
                 checked on the other); the naive interval would be {} – {}.</p>\n",
                esc(v.str("fleet_a")?),
                esc(v.str("fleet_b")?),
                pct(v.f64("value")?),
                conf * 100.0,
                pct(v.f64("ci_low")?),
                pct(v.f64("ci_high")?),
                pct(v.f64("naive_ci_low")?),
                pct(v.f64("naive_ci_high")?),
            ));
        }
        None => body.push_str(
            "<p class=\"note\">The game is not measured: a pair of policies has no battles \
             (the run was interrupted).</p>\n",
        ),
    }
    // A raced game that dropped policies says which, after which stage, beaten by which.
    let raced = equilibrium.has("dropped_by")
        && equilibrium.has("dropped_stage")
        && equilibrium
            .rows()
            .any(|r| r.str("dropped_stage").is_ok_and(|s| !s.trim().is_empty()));
    let mut mix_rows = Vec::new();
    for r in equilibrium.rows() {
        let mut row = vec![
            Cell::Text(format!("{} ({})", r.str("side")?, r.str("fleet")?)),
            Cell::Text(r.str("policy")?.to_owned()),
            Cell::Num(pct(r.f64("mix")?)),
            Cell::Num(format!("{:.1}", r.f64("exploitability")? * 100.0)),
            Cell::Text(r.str("best_reply")?.to_owned()),
        ];
        if raced {
            row.push(Cell::Text(match r.opt_u64("dropped_stage")? {
                Some(stage) => format!("stage {stage}, beaten by {}", r.str("dropped_by")?),
                None => String::new(),
            }));
        }
        mix_rows.push(row);
    }
    let mut head = vec![
        "side",
        "policy",
        "optimal mix",
        "exploitability (points of score)",
        "best reply",
    ];
    if raced {
        head.push("dropped by the race");
    }
    body.push_str(&table(&head, &mix_rows));
    if let Some(search) = search {
        body.push_str(&search_table(search)?);
    }
    let (mut rows, mut cols) = (Vec::new(), Vec::new());
    let mut cells = Vec::new();
    let mut numbers = Vec::new();
    for r in game.rows() {
        let (a, b) = (r.str("policy_a")?, r.str("policy_b")?);
        let (row, col) = (index_of(&mut rows, a), index_of(&mut cols, b));
        let score = r.f64("a_score")?;
        cells.push(HeatCell { row, col, score });
        let se = r.f64("a_score_se")?;
        numbers.push(vec![
            Cell::Text(a.to_owned()),
            Cell::Text(b.to_owned()),
            Cell::Num(int(r.u64("battles")?)),
            Cell::Num(format!(
                "{} / {} / {}",
                int(r.u64("a_wins")?),
                int(r.u64("draws")?),
                int(r.u64("b_wins")?)
            )),
            Cell::Num(pct_ci(score, score - 1.96 * se, score + 1.96 * se)),
        ]);
    }
    let numbers = table(
        &[
            "A's policy",
            "B's policy",
            "battles",
            "A / draw / B",
            "A's score [±1.96 se]",
        ],
        &numbers,
    );
    if cells.is_empty() {
        body.push_str(&numbers);
    } else {
        body.push_str(&plot_beside_table(
            &heatmap_of(&rows, &cols, &cells)?,
            "Side A's score (wins + ½ draws per battle) for each pair of policies: A's policy \
             down, B's across, on the same dice. Blue: good for A; red: good for B.",
            "",
            &numbers,
        ));
    }
    Ok(Section {
        id: "game",
        title: "Policy game".into(),
        body,
    })
}

/// The search player's gain against the other side's optimal mix, per side, with a note on
/// what a large gain means; then the gain against each opponent policy.
fn search_table(search: &CsvFile) -> Result<String, HtmlError> {
    search.require(&[
        "side",
        "fleet",
        "opponent_policy",
        "battles",
        "search_score",
        "best_preset",
        "best_preset_score",
        "gain",
        "gain_ci_low",
        "gain_ci_high",
        "rollouts",
    ])?;
    let mut rows = Vec::new();
    let mut rollouts = 0;
    for r in search.rows() {
        rollouts = r.u64("rollouts")?;
        let gain = |x: f64| format!("{:+.1}", x * 100.0);
        rows.push(vec![
            Cell::Text(format!("{} ({})", r.str("side")?, r.str("fleet")?)),
            Cell::Text(r.str("opponent_policy")?.to_owned()),
            Cell::Num(int(r.u64("battles")?)),
            Cell::Num(pct(r.f64("search_score")?)),
            Cell::Text(format!(
                "{} {}",
                r.str("best_preset")?,
                pct(r.f64("best_preset_score")?)
            )),
            Cell::Num(format!(
                "{} [{}, {}]",
                gain(r.f64("gain")?),
                gain(r.f64("gain_ci_low")?),
                gain(r.f64("gain_ci_high")?)
            )),
            // Older reports have no `choices` column.
            Cell::Text(if search.has("choices") {
                r.str("choices")?.replace("; ", ", ")
            } else {
                String::new()
            }),
        ]);
    }
    let mut out = format!(
        "<p class=\"note\">Search player ({rollouts} rollouts per turn, choosing among its \
         side's policies before every turn): its score minus the best preset's against the same \
         opponent. A gain near 0 says the scripts play about as well as switching between them \
         with lookahead; a large gain says the scripts are weak and an answer resting on them \
         is suspect.</p>\n"
    );
    out.push_str(&table(
        &[
            "search player",
            "against",
            "battles",
            "its score",
            "best preset",
            "gain (points) [interval]",
            "its turns by policy",
        ],
        &rows,
    ));
    Ok(out)
}
