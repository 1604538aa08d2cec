//! Equilibria of one-shot games in normal form: every equilibrium of a
//! two-player game by support enumeration, and the pure equilibria of a
//! game of any number of players.

/// Payoffs within this of each other are equal.
const EPS: f64 = 1e-9;

/// At most this many support pairs are tried before giving up.
const SUPPORT_PAIR_LIMIT: u64 = 2_000_000;

/// An equilibrium: each player's mixed strategy and expected payoff.
#[derive(Clone, Debug, PartialEq)]
pub struct Equilibrium {
    pub strategies: Vec<Vec<f64>>,
    pub values: Vec<f64>,
}

impl Equilibrium {
    /// How many plans the players use in all.
    pub fn support_size(&self) -> usize {
        self.strategies
            .iter()
            .map(|s| s.iter().filter(|&&p| p > EPS).count())
            .sum()
    }
}

/// Every Nash equilibrium of the bimatrix game (`a` the row player's
/// payoffs, `b` the column player's, both rows × columns) with supports
/// of equal size: all of them when the game is nondegenerate; in a
/// degenerate game the extreme ones the equal supports reach. None when
/// there are too many supports to try.
pub fn support_enumeration(a: &[Vec<f64>], b: &[Vec<f64>]) -> Option<Vec<Equilibrium>> {
    let rows = a.len();
    let cols = a.first().map_or(0, Vec::len);
    let pairs: u64 = (1..=rows.min(cols))
        .map(|k| binomial(rows, k).saturating_mul(binomial(cols, k)))
        .fold(0u64, u64::saturating_add);
    if pairs > SUPPORT_PAIR_LIMIT || rows == 0 || cols == 0 {
        return None;
    }
    let mut found: Vec<Equilibrium> = Vec::new();
    for k in 1..=rows.min(cols) {
        for row_support in subsets(rows, k) {
            for col_support in subsets(cols, k) {
                let Some(eq) = equilibrium_on(a, b, &row_support, &col_support) else {
                    continue;
                };
                let known = found.iter().any(|f| {
                    f.strategies
                        .iter()
                        .flatten()
                        .zip(eq.strategies.iter().flatten())
                        .all(|(x, y)| (x - y).abs() < 1e-7)
                });
                if !known {
                    found.push(eq);
                }
            }
        }
    }
    Some(found)
}

/// The equilibrium with these supports, if there is one: each player's
/// mix makes the other indifferent over its support, and nothing off the
/// support pays more.
fn equilibrium_on(
    a: &[Vec<f64>],
    b: &[Vec<f64>],
    row_support: &[usize],
    col_support: &[usize],
) -> Option<Equilibrium> {
    // The column mix y makes every row of the support pay u.
    let y_on = indifference(row_support.len(), |r, c| a[row_support[r]][col_support[c]])?;
    // The row mix x makes every column of the support pay v.
    let x_on = indifference(col_support.len(), |c, r| b[row_support[r]][col_support[c]])?;
    let cols = a[0].len();
    let mut x = vec![0.0; a.len()];
    let mut y = vec![0.0; cols];
    for (&r, &p) in row_support.iter().zip(&x_on) {
        x[r] = p;
    }
    for (&c, &p) in col_support.iter().zip(&y_on) {
        y[c] = p;
    }
    let row_pay: Vec<f64> = (0..a.len())
        .map(|r| (0..cols).map(|c| a[r][c] * y[c]).sum())
        .collect();
    let col_pay: Vec<f64> = (0..cols)
        .map(|c| (0..a.len()).map(|r| b[r][c] * x[r]).sum())
        .collect();
    let u: f64 = (0..a.len()).map(|r| x[r] * row_pay[r]).sum();
    let v: f64 = (0..cols).map(|c| y[c] * col_pay[c]).sum();
    let stable = row_pay.iter().all(|&p| p <= u + 1e-7) && col_pay.iter().all(|&p| p <= v + 1e-7);
    stable.then_some(Equilibrium {
        strategies: vec![x, y],
        values: vec![u, v],
    })
}

/// A mix over `k` choices, each used, that makes the other player's `k`
/// choices pay alike, where `pay(i, j)` is what the other's choice `i`
/// pays against this mix's choice `j`. None when no such mix exists.
fn indifference(k: usize, pay: impl Fn(usize, usize) -> f64) -> Option<Vec<f64>> {
    // Unknowns: the mix p_0..p_{k-1} and the common payoff u.
    // Rows: sum_j pay(i, j) p_j - u = 0 for each i; sum_j p_j = 1.
    let n = k + 1;
    let mut m = vec![vec![0.0; n + 1]; n];
    for (i, row) in m.iter_mut().enumerate().take(k) {
        for (j, cell) in row.iter_mut().enumerate().take(k) {
            *cell = pay(i, j);
        }
        row[k] = -1.0;
    }
    for cell in m[k].iter_mut().take(k) {
        *cell = 1.0;
    }
    m[k][n] = 1.0;
    let solution = solve_linear(m)?;
    let mix = solution[..k].to_vec();
    mix.iter().all(|&p| p > EPS).then_some(mix)
}

/// Solves the augmented system `m` (n rows of n + 1) by Gaussian
/// elimination with partial pivoting; None when it is singular.
fn solve_linear(mut m: Vec<Vec<f64>>) -> Option<Vec<f64>> {
    let n = m.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| m[x][col].abs().total_cmp(&m[y][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, pivot);
        let pivot_row = m[col].clone();
        for (r, row) in m.iter_mut().enumerate() {
            let f = row[col] / pivot_row[col];
            if r != col && f != 0.0 {
                for (x, p) in row.iter_mut().zip(&pivot_row).skip(col) {
                    *x -= f * p;
                }
            }
        }
    }
    Some((0..n).map(|r| m[r][n] / m[r][r]).collect())
}

fn binomial(n: usize, k: usize) -> u64 {
    (0..k).fold(1u64, |acc, i| {
        acc.saturating_mul((n - i) as u64) / (i as u64 + 1)
    })
}

/// Every subset of 0..n of size k, in increasing order.
fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current = Vec::with_capacity(k);
    fn go(start: usize, n: usize, k: usize, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if current.len() == k {
            out.push(current.clone());
            return;
        }
        for i in start..n {
            current.push(i);
            go(i + 1, n, k, current, out);
            current.pop();
        }
    }
    go(0, n, k, &mut current, &mut out);
    out
}

/// The pure equilibria of a game of any number of players: `counts` are
/// the players' numbers of choices, and `payoffs[j]` each player's payoff
/// for joint choice `j` (the first player's choice varying slowest).
pub fn pure_equilibria(counts: &[usize], payoffs: &[Vec<f64>]) -> Vec<Equilibrium> {
    let mut found = Vec::new();
    for (joint, values) in payoffs.iter().enumerate() {
        let picks = super::tree::joint_choices(joint, counts.iter().copied());
        let stable = (0..counts.len()).all(|player| {
            (0..counts[player]).all(|alt| {
                let mut other = picks.clone();
                other[player] = alt;
                payoffs[joint_index(&other, counts)][player] <= values[player] + EPS
            })
        });
        if stable {
            let strategies = picks
                .iter()
                .zip(counts)
                .map(|(&pick, &n)| (0..n).map(|i| if i == pick { 1.0 } else { 0.0 }).collect())
                .collect();
            found.push(Equilibrium {
                strategies,
                values: values.clone(),
            });
        }
    }
    found
}

/// The joint index of `picks` (the first varying slowest).
pub fn joint_index(picks: &[usize], counts: &[usize]) -> usize {
    picks
        .iter()
        .zip(counts)
        .fold(0, |acc, (&p, &n)| acc * n + p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(x: &[f64], y: &[f64]) -> bool {
        x.iter().zip(y).all(|(a, b)| (a - b).abs() < 1e-9)
    }

    #[test]
    fn matching_pennies_has_one_mixed_equilibrium() {
        let a = vec![vec![1.0, -1.0], vec![-1.0, 1.0]];
        let b = vec![vec![-1.0, 1.0], vec![1.0, -1.0]];
        let eqs = support_enumeration(&a, &b).unwrap();
        assert_eq!(eqs.len(), 1);
        assert!(close(&eqs[0].strategies[0], &[0.5, 0.5]));
        assert!(close(&eqs[0].values, &[0.0, 0.0]));
    }

    #[test]
    fn battle_of_the_sexes_has_two_pure_and_one_mixed() {
        // Textbook payoffs (3, 2) and (2, 3) for meeting, 0 apart: the mixed
        // equilibrium plays the favourite 3/5 of the time, worth 6/5 each.
        let a = vec![vec![3.0, 0.0], vec![0.0, 2.0]];
        let b = vec![vec![2.0, 0.0], vec![0.0, 3.0]];
        let eqs = support_enumeration(&a, &b).unwrap();
        assert_eq!(eqs.len(), 3, "{eqs:?}");
        let mixed = eqs.iter().find(|e| e.support_size() == 4).unwrap();
        assert!(close(&mixed.strategies[0], &[0.6, 0.4]));
        assert!(close(&mixed.strategies[1], &[0.4, 0.6]));
        assert!(close(&mixed.values, &[1.2, 1.2]));
        let counts = [2, 2];
        let payoffs = vec![
            vec![3.0, 2.0],
            vec![0.0, 0.0],
            vec![0.0, 0.0],
            vec![2.0, 3.0],
        ];
        assert_eq!(pure_equilibria(&counts, &payoffs).len(), 2);
    }

    #[test]
    fn a_dominated_choice_is_never_played() {
        // Prisoner's dilemma in years saved: defect dominates.
        let a = vec![vec![3.0, 0.0], vec![5.0, 1.0]];
        let b = vec![vec![3.0, 5.0], vec![0.0, 1.0]];
        let eqs = support_enumeration(&a, &b).unwrap();
        assert_eq!(eqs.len(), 1);
        assert!(close(&eqs[0].strategies[0], &[0.0, 1.0]));
        assert!(close(&eqs[0].strategies[1], &[0.0, 1.0]));
    }
}
