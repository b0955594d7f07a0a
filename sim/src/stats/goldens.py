#!/usr/bin/env python3
"""Reference values for the tests in sim/src/stats/{sprt,bradley_terry}.rs.

Independent of the Rust code: written from the formulas only, pure Python (no scipy), and
where the Rust uses one algorithm this uses another (Bradley-Terry: Newton's method on the
anchored parametrisation instead of the MM algorithm; covariance: inverse of the anchored
information, mapped to sum-zero log-strengths, instead of a pseudo-inverse). Run:
    python3 sim/src/stats/goldens.py
"""
import math

# ---- SPRT -------------------------------------------------------------------------------

def logistic(elo):
    return 1 / (1 + 10 ** (-elo / 400))


def pdf(counts):
    """Empirical distribution over the equally spaced scores 0..1, zero counts -> 1e-3
    (fishtest LLRcalc.regularize)."""
    c = [x if x > 0 else 1e-3 for x in counts]
    n = sum(c)
    k = len(c)
    return n, [(i / (k - 1), c[i] / n) for i in range(k)]


def mle_expected(p, s):
    """MLE of a distribution on the same support with expectation s (Van den Bergh,
    support_MLE_multinomial.pdf, Prop. 1.1): p_i = phat_i / (1 + x (a_i - s)) with x the
    root of sum phat_i (a_i - s) / (1 + x (a_i - s)) = 0, found by bisection."""
    a = [v - s for v, _ in p]
    lo, hi = -1 / max(a), -1 / min(a)
    f = lambda x: sum(q * ai / (1 + x * ai) for ai, (_, q) in zip(a, p))
    while True:
        m = (lo + hi) / 2
        if m <= lo or m >= hi:
            break
        if f(m) > 0:
            lo = m
        else:
            hi = m
    x = (lo + hi) / 2
    return [q / (1 + x * ai) for ai, (_, q) in zip(a, p)]


def llr_exact(counts, s0, s1):
    n, p = pdf(counts)
    p0, p1 = mle_expected(p, s0), mle_expected(p, s1)
    return n * sum(q * (math.log(b) - math.log(a)) for (_, q), a, b in zip(p, p0, p1))


def llr_normal(counts, s0, s1):
    """N (s1 - s0) (2 mu - s0 - s1) / (2 var), mu and var of the empirical distribution."""
    n, p = pdf(counts)
    mu = sum(v * q for v, q in p)
    var = sum(q * (v - mu) ** 2 for v, q in p)
    return n * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var)


def sprt():
    print("# SPRT")
    print("bounds(0.05, 0.05):", math.log(0.05 / 0.95), math.log(0.95 / 0.05))
    # fastchess app/tests/sprt_test.cpp, "logistic" model: Stats(wins, losses, draws) and
    # Stats(ll, ld, wl, dd, wd, ww); here as [L, D, W] and [LL, LD, DD+WL, WD, WW].
    cases = [
        ("fastchess logistic trinomial 1 (-1.57)", [21184, 40708, 21404], 0.5, 2.5),
        ("fastchess logistic trinomial 2 (-2.59)", [57030, 106593, 57433], 0.0, 2.0),
        ("fastchess logistic pentanomial 1 (-3.07)", [223, 9863, 20279 + 1000, 10037, 246], 0.5, 2.5),
        ("fastchess logistic pentanomial 2 (-4.98)", [871, 26175, 55003 + 980, 26678, 821], 0.0, 2.0),
        ("OpenBench stats.py __main__ R3", [22569, 44137, 22976], 0.5, 2.5),
        ("OpenBench stats.py __main__ R5", [39, 8843, 26675, 9240, 44], 0.5, 2.5),
        ("all wins (regularised)", [0, 0, 16700], 0.0, 5.0),
    ]
    for name, c, e0, e1 in cases:
        s0, s1 = logistic(e0), logistic(e1)
        print(f"{name}: {c} elo {e0}..{e1}: exact {llr_exact(c, s0, s1)!r} normal {llr_normal(c, s0, s1)!r}")
    # fleetlab-style: win-rate hypotheses in percentage points.
    c = [3, 10, 50, 25, 12]  # paired deltas -1..1 as pair scores (1 + d) / 2
    print("paired [3,10,50,25,12], H0 delta=0, H1 delta=+5pp (s0=0.5, s1=0.525):",
          "exact", repr(llr_exact(c, 0.5, 0.525)), "normal", repr(llr_normal(c, 0.5, 0.525)))
    c = [5400, 300, 4300]  # L, D, W
    print("trinomial [5400,300,4300], baseline 45% vs 47%:",
          "exact", repr(llr_exact(c, 0.45, 0.47)), "normal", repr(llr_normal(c, 0.45, 0.47)))


# ---- Bradley-Terry ----------------------------------------------------------------------

def solve(a, b):
    """Gaussian elimination with partial pivoting."""
    n = len(a)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def inverse(a):
    n = len(a)
    cols = [solve(a, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[cols[j][i] for j in range(n)] for i in range(n)]


def bt(wins, draws):
    """Newton's method with theta_{k-1} = 0, then shifted to sum zero."""
    k = len(wins)
    n = [[wins[i][j] + wins[j][i] + draws[i][j] for j in range(k)] for i in range(k)]
    w = [sum(wins[i][j] + draws[i][j] / 2 for j in range(k)) for i in range(k)]
    th = [0.0] * k

    def info(th):
        p = [[1 / (1 + math.exp(th[j] - th[i])) for j in range(k)] for i in range(k)]
        g = [w[i] - sum(n[i][j] * p[i][j] for j in range(k) if j != i) for i in range(k)]
        h = [[0.0] * k for _ in range(k)]
        for i in range(k):
            for j in range(k):
                if i != j:
                    v = n[i][j] * p[i][j] * p[j][i]
                    h[i][j] -= v
                    h[i][i] += v
        return g, h

    for _ in range(100):
        g, h = info(th)
        step = solve([row[: k - 1] for row in h[: k - 1]], g[: k - 1])
        for i in range(k - 1):
            th[i] += step[i]
    g, h = info(th)
    mean = sum(th) / k
    th = [t - mean for t in th]
    ca = inverse([row[: k - 1] for row in h[: k - 1]])  # covariance, theta_{k-1} = 0
    ca = [row + [0.0] for row in ca] + [[0.0] * k]
    a = [[(1.0 if i == j else 0.0) - 1 / k for j in range(k)] for i in range(k)]  # centring
    cov = [[sum(a[i][r] * ca[r][s] * a[j][s] for r in range(k) for s in range(k)) for j in range(k)]
           for i in range(k)]
    return th, cov, max(abs(x) for x in g)


def bradley_terry():
    print("# Bradley-Terry")
    wins = [[0, 10, 10], [20, 0, 10], [40, 20, 0]]
    draws = [[0] * 3 for _ in range(3)]
    th, cov, g = bt(wins, draws)
    print("3 teams, strengths 1:2:4 exactly:", th, "se", [math.sqrt(cov[i][i]) for i in range(3)],
          "cov01", cov[0][1], "gradient", g)
    wins = [[0, 12, 15, 20], [8, 0, 11, 14], [5, 9, 0, 13], [2, 6, 9, 0]]
    d = {(0, 1): 2, (0, 2): 1, (0, 3): 0, (1, 2): 3, (1, 3): 1, (2, 3): 2}
    draws = [[d.get((min(i, j), max(i, j)), 0) if i != j else 0 for j in range(4)] for i in range(4)]
    th, cov, g = bt(wins, draws)
    print("4 teams:", [repr(x) for x in th])
    print("  se:", [repr(math.sqrt(cov[i][i])) for i in range(4)], "gradient", g)
    print("  se(theta0 - theta3):", repr(math.sqrt(cov[0][0] + cov[3][3] - 2 * cov[0][3])))


if __name__ == "__main__":
    sprt()
    bradley_terry()


# ---- Fair cost (sim/src/stats/fair_cost.rs) ----------------------------------------------

def fair_cost_case():
    """Least-squares slope over base + rungs, the paired delta divided by it; the Fieller
    interval found by bisection on g(c) = (N - cD)^2 - z^2 Var(N - cD) (not the quadratic
    formula the Rust uses)."""
    means = [0.50, 0.53, 0.42, 0.585]
    points = [500.0, 520.0, 440.0, 560.0]
    sd = [0.004, 0.0042, 0.0041, 0.0039]
    rho = [[1.0, 0.8, 0.6, 0.6], [0.8, 1.0, 0.55, 0.55], [0.6, 0.55, 1.0, 0.5],
           [0.6, 0.55, 0.5, 1.0]]
    cov = [[rho[i][j] * sd[i] * sd[j] for j in range(4)] for i in range(4)]
    z = 1.959963984540054
    ladder = [0, 2, 3]
    xs = [points[i] for i in ladder]
    ys = [means[i] for i in ladder]
    xb = sum(xs) / 3
    yb = sum(ys) / 3
    b = sum((x - xb) * (y - yb) for x, y in zip(xs, ys)) / sum((x - xb) ** 2 for x in xs)
    a = yb - b * xb
    n_val = means[1] - means[0]
    est = n_val / b

    # Linear forms of N and D on the means, by finite differences of the fit (another route
    # to the same coefficients).
    def nd(m):
        ys = [m[i] for i in ladder]
        yb = sum(ys) / 3
        bb = sum((x - xb) * (y - yb) for x, y in zip(xs, ys)) / sum((x - xb) ** 2 for x in xs)
        aa = yb - bb * xb
        return m[1] - m[0], bb

    gn, gd = [], []
    for i in range(4):
        m = list(means)
        m[i] += 1.0
        n1, d1 = nd(m)
        gn.append(n1 - n_val)
        gd.append(d1 - b)
    q = lambda u, v: sum(u[i] * cov[i][j] * v[j] for i in range(4) for j in range(4))

    def g(c):
        w = [gn[i] - c * gd[i] for i in range(4)]
        return (n_val - c * b) ** 2 - z * z * q(w, w)

    def bisect(lo, hi):  # g(lo) > 0 >= g(hi) or the reverse
        for _ in range(200):
            mid = (lo + hi) / 2
            if (g(mid) > 0) == (g(lo) > 0):
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2

    low = bisect(est - 1000, est)
    high = bisect(est + 1000, est)
    print("fair cost: estimate %.15f low %.12f high %.12f" % (est, low, high))


fair_cost_case()
