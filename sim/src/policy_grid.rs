//! A grid over one parameter of a preset, as a policy game's side writes it:
//!
//! ```toml
//! a = { fleet = "line-kinetic", policies = [
//!   "brawler",
//!   { policy = "standoff", grid = { key = "range", from = 10, to = 30, step = 4 } },
//!   { policy = "turret", targeting = "weakest", grid = { key = "range", values = [8, 12] } },
//! ] }
//! ```
//!
//! Each grid point is one policy of the side: the policy table without `grid`, with `key` set
//! to the point's value (labelled like any policy table, e.g. `standoff (range = 14)`). The
//! rule system then checks each point as it checks a written policy table, so a parameter the
//! preset does not take is reported at the entry the user wrote.

/// Most points one grid may have.
pub const MAX_GRID_POINTS: usize = 64;

/// A problem with a grid: the field below the policy entry (e.g. `grid.step`) and what is
/// wrong.
pub type GridProblem = (String, String);

/// The policy tables of a policy entry `t` that has a `grid` (one per point, in order).
pub fn expand(t: &toml::Table) -> Result<Vec<toml::Table>, GridProblem> {
    let problem = |field: &str, message: String| Err((field.to_owned(), message));
    let mut base = t.clone();
    let Some(grid) = base.remove("grid") else {
        return Ok(vec![base]);
    };
    if !matches!(base.get("policy"), Some(toml::Value::String(_))) {
        return problem(
            "policy",
            "a grid varies one parameter of a preset: name the preset, e.g. `{ policy = \
             \"standoff\", grid = { key = \"range\", from = 10, to = 30, step = 4 } }`"
                .into(),
        );
    }
    let toml::Value::Table(grid) = grid else {
        return problem(
            "grid",
            format!(
                "expected a table `{{ key = \"range\", from = 10, to = 30, step = 4 }}` or `{{ \
                 key = \"range\", values = [10, 18, 26] }}`, found {}",
                grid.type_str()
            ),
        );
    };
    if let Some(unknown) = grid
        .keys()
        .find(|k| !["key", "from", "to", "step", "values"].contains(&k.as_str()))
    {
        return problem(
            &format!("grid.{unknown}"),
            format!(
                "unknown key `{unknown}`: a grid takes `key` and either `from`, `to`, `step` or \
                 `values`"
            ),
        );
    }
    let key = match grid.get("key") {
        Some(toml::Value::String(k)) => k.clone(),
        _ => {
            return problem(
                "grid.key",
                "name the parameter the grid varies, e.g. `key = \"range\"` (a key of the side \
                 table the preset takes)"
                    .into(),
            );
        }
    };
    if ["policy", "fleet", "policies", "grid"].contains(&key.as_str()) || base.contains_key(&key) {
        return problem(
            "grid.key",
            format!(
                "`{key}` cannot be the grid's parameter: it is the policy, belongs to the side, \
                 or is already set in this entry"
            ),
        );
    }
    let values = match (
        grid.get("values"),
        grid.get("from"),
        grid.get("to"),
        grid.get("step"),
    ) {
        (Some(toml::Value::Array(vs)), None, None, None) if !vs.is_empty() => vs.clone(),
        (Some(_), None, None, None) => {
            return problem(
                "grid.values",
                "expected a non-empty array of values, e.g. `values = [10, 18, 26]`".into(),
            );
        }
        (None, Some(from), Some(to), Some(step)) => steps(from, to, step)?,
        _ => {
            return problem(
                "grid",
                "give either `from`, `to` and `step` (e.g. `from = 10, to = 30, step = 4`) or \
                 `values` (e.g. `values = [10, 18, 26]`), not both and not part of them"
                    .into(),
            );
        }
    };
    if values.len() > MAX_GRID_POINTS {
        return problem(
            "grid",
            format!(
                "{} points: a grid may have at most {MAX_GRID_POINTS} (every point is a policy, \
                 and every pair of policies is played)",
                values.len()
            ),
        );
    }
    Ok(values
        .into_iter()
        .map(|v| {
            let mut point = base.clone();
            point.insert(key.clone(), v);
            point
        })
        .collect())
}

/// `from, from + step, …` up to `to` (integers when all three are, else numbers rounded to
/// 9 decimals so the labels read well).
fn steps(
    from: &toml::Value,
    to: &toml::Value,
    step: &toml::Value,
) -> Result<Vec<toml::Value>, GridProblem> {
    let bad = |field: &str, message: &str| Err((format!("grid.{field}"), message.to_owned()));
    if let (toml::Value::Integer(f), toml::Value::Integer(t), toml::Value::Integer(s)) =
        (from, to, step)
    {
        if *s <= 0 {
            return bad("step", "the step must be positive");
        }
        if f > t {
            return bad("to", "`to` must be at least `from`");
        }
        let n = (t - f) / s + 1;
        if n > MAX_GRID_POINTS as i64 {
            return Err((
                "grid".into(),
                format!("{n} points: a grid may have at most {MAX_GRID_POINTS}"),
            ));
        }
        return Ok((0..n).map(|k| toml::Value::Integer(f + k * s)).collect());
    }
    let num = |v: &toml::Value| match v {
        toml::Value::Integer(i) => Some(*i as f64),
        toml::Value::Float(x) if x.is_finite() => Some(*x),
        _ => None,
    };
    let (Some(f), Some(t), Some(s)) = (num(from), num(to), num(step)) else {
        return bad("from", "`from`, `to` and `step` must be numbers");
    };
    if s <= 0.0 {
        return bad("step", "the step must be positive");
    }
    if f > t {
        return bad("to", "`to` must be at least `from`");
    }
    let n = ((t - f) / s + 1e-9).floor() as usize + 1;
    if n > MAX_GRID_POINTS {
        return Err((
            "grid".into(),
            format!("{n} points: a grid may have at most {MAX_GRID_POINTS}"),
        ));
    }
    Ok((0..n)
        .map(|k| toml::Value::Float(((f + k as f64 * s) * 1e9).round() / 1e9))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> toml::Table {
        toml::from_str(text).unwrap()
    }

    #[test]
    fn from_to_step_and_values() {
        let points = expand(&table(
            "policy = \"standoff\"\ngrid = { key = \"range\", from = 10, to = 30, step = 4 }",
        ))
        .unwrap();
        let ranges: Vec<i64> = points
            .iter()
            .map(|p| p["range"].as_integer().unwrap())
            .collect();
        assert_eq!(ranges, [10, 14, 18, 22, 26, 30]);
        assert!(
            points
                .iter()
                .all(|p| p["policy"].as_str() == Some("standoff"))
        );
        assert!(points.iter().all(|p| !p.contains_key("grid")));

        let floats = expand(&table(
            "policy = \"p\"\ngrid = { key = \"x\", from = 0.1, to = 0.3, step = 0.1 }",
        ))
        .unwrap();
        let xs: Vec<f64> = floats.iter().map(|p| p["x"].as_float().unwrap()).collect();
        assert_eq!(xs, [0.1, 0.2, 0.3]);

        let listed = expand(&table(
            "policy = \"turret\"\ntargeting = \"weakest\"\ngrid = { key = \"range\", values = [8, 12] }",
        ))
        .unwrap();
        assert_eq!(listed.len(), 2);
        assert_eq!(listed[1]["targeting"].as_str(), Some("weakest"));
    }

    #[test]
    fn bad_grids_name_the_field() {
        let cases = [
            ("grid = { key = \"range\", values = [1] }", "policy"),
            ("policy = \"p\"\ngrid = 3", "grid"),
            (
                "policy = \"p\"\ngrid = { key = \"range\", from = 1, to = 3 }",
                "grid",
            ),
            (
                "policy = \"p\"\ngrid = { key = \"range\", from = 1, to = 3, step = 0 }",
                "grid.step",
            ),
            (
                "policy = \"p\"\ngrid = { key = \"range\", from = 5, to = 3, step = 1 }",
                "grid.to",
            ),
            (
                "policy = \"p\"\ngrid = { key = \"range\", from = 0, to = 999, step = 1 }",
                "grid",
            ),
            (
                "policy = \"p\"\ngrid = { key = \"range\", values = [] }",
                "grid.values",
            ),
            (
                "policy = \"p\"\ngrid = { key = \"policy\", values = [1] }",
                "grid.key",
            ),
            (
                "policy = \"p\"\nrange = 3\ngrid = { key = \"range\", values = [1] }",
                "grid.key",
            ),
            ("policy = \"p\"\ngrid = { values = [1] }", "grid.key"),
            (
                "policy = \"p\"\ngrid = { key = \"range\", value = [1] }",
                "grid.value",
            ),
        ];
        for (text, field) in cases {
            let (f, message) = expand(&table(text)).unwrap_err();
            assert_eq!(f, field, "{text}: {message}");
        }
    }
}
