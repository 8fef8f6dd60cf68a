# Reference for test/probes/certainty/ranking-intervals.test.ts: the ranking bootstrap redone
# independently of slant's code. slant's seeded generator (mulberry32) is ported; each compared
# pair's judgements are redrawn from its own observed shares (u = draw × t: below aWins a win of a,
# below aWins + bWins a win of b, else a tie); Rao–Kupper is refitted by maximising its
# log-likelihood with scipy.optimize (not slant's MM updates), the prior as that many extra ties
# per pair; a resample counts only when its MLE exists: the digraph i → j when i beat j is strongly
# connected (Ford's condition on the wins; the fixtures are chosen so that no resample sits on the
# edge where ties alone link a source, which the script counts and reports as 'doubtful'); then
# numpy's percentiles (linear, R's type 7) of log λ and of the ranks, ranks rounded half up.
# Run: python3 ranking-intervals-reference.py (numpy, scipy).
import os, sys
import numpy as np
from scipy.optimize import minimize
from scipy.sparse.csgraph import connected_components

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'helpers'))
from mulberry32 import mulberry32


def items_of(pairs):
    seen = []
    for a, b, *_ in pairs:
        for x in (a, b):
            if x not in seen:
                seen.append(x)
    return seen


def strongly_connected(pairs, items, extra):
    n = len(items)
    idx = {x: i for i, x in enumerate(items)}
    adj = np.zeros((n, n))
    for a, b, aw, bw, t in pairs:
        i, j = idx[a], idx[b]
        if aw + extra(t) > 0:
            adj[i, j] = 1
        if bw + extra(t) > 0:
            adj[j, i] = 1
    return connected_components(adj, directed=True, connection='strong')[0] == 1


def mle_exists(pairs, items, prior):
    """True / False, or None when only ties (real or the prior's) link the digraph."""
    if strongly_connected(pairs, items, lambda t: 0):
        return True
    return None if strongly_connected(pairs, items, lambda t: t + prior) else False


def fit(pairs, items, prior):
    """log λ per item (λ = π², geometric mean 1) maximising the Rao–Kupper likelihood."""
    n = len(items)
    idx = {x: i for i, x in enumerate(items)}
    rows = [(idx[a], idx[b], aw, bw, t + prior) for a, b, aw, bw, t in pairs]
    T = sum(r[4] for r in rows)

    def negll(x):
        lp = np.append(x[: n - 1], -np.sum(x[: n - 1]))
        theta = 1 + np.exp(x[n - 1]) if T > 0 else 1.0
        ll = 0.0
        for i, j, wi, wj, t in rows:
            pi, pj = np.exp(lp[i]), np.exp(lp[j])
            ll += wi * np.log(pi / (pi + theta * pj)) + wj * np.log(pj / (pj + theta * pi))
            if t > 0:
                ll += t * np.log((theta * theta - 1) * pi * pj / ((pi + theta * pj) * (theta * pi + pj)))
        return -ll

    best = None
    for start in (0.0, -1.0):
        r = minimize(negll, np.full(n, start) if T > 0 else np.zeros(n), method='BFGS', options={'gtol': 1e-11, 'maxiter': 100000})
        if best is None or r.fun < best.fun:
            best = r
    lp = np.append(best.x[: n - 1], -np.sum(best.x[: n - 1]))
    return 2 * lp  # log λ


def bootstrap(pairs, B, seed, prior=0.0):
    items = items_of(pairs)
    rng = mulberry32(seed)
    logs = {x: [] for x in items}
    ranks = {x: [] for x in items}
    used = doubtful = 0
    for _ in range(B):
        sample = []
        for a, b, aw, bw, t in pairs:
            tot = aw + bw + t
            s = [a, b, 0, 0, 0]
            for _ in range(tot):
                u = rng() * tot
                if u < aw:
                    s[2] += 1
                elif u < aw + bw:
                    s[3] += 1
                else:
                    s[4] += 1
            sample.append(tuple(s))
        ok = mle_exists(sample, items, prior)
        if ok is None:
            doubtful += 1
        if not ok:
            continue
        used += 1
        ll = fit(sample, items, prior)
        # ranking: larger strength first; strengths equal to 1e-6 keep first-seen order
        order = sorted(range(len(items)), key=lambda k: (-round(ll[k], 6), k))
        for r, k in enumerate(order):
            logs[items[k]].append(ll[k])
            ranks[items[k]].append(r + 1)
    out = {}
    for x in items:
        row = {'usable': len(logs[x])}
        if len(logs[x]) >= 2:
            row['lambdaLow'] = float(np.exp(np.percentile(logs[x], 2.5)))
            row['lambdaHigh'] = float(np.exp(np.percentile(logs[x], 97.5)))
            row['rankLow'] = int(np.floor(np.percentile(ranks[x], 2.5) + 0.5))
            row['rankHigh'] = int(np.floor(np.percentile(ranks[x], 97.5) + 0.5))
        out[x] = row
    return used, doubtful, out


if __name__ == '__main__':
    THREE = [('A', 'B', 8, 4, 2), ('B', 'C', 7, 5, 2), ('A', 'C', 9, 3, 2)]
    # A loses to B never: the four-cycle A → C → B → D → A of the stronger sides keeps every resample linked by wins
    FOUR = [('A', 'B', 0, 1, 3), ('A', 'C', 6, 2, 0), ('C', 'B', 6, 2, 0), ('D', 'A', 6, 2, 0), ('B', 'D', 6, 2, 0)]
    cases = [
        ('three sources, the defaults (100 resamples, seed 7, no prior)', THREE, 100, 7, 0.0),
        ('three sources, prior 0.5, 50 resamples, seed 11', THREE, 50, 11, 0.5),
        # seed 951241320: its first draw is exactly 0.25, so u = 1.0 lands on a boundary of the shares
        ('A–B 1 win, 2 losses, 1 tie; 2 resamples, seed 951241320', [('A', 'B', 1, 2, 1)], 2, 951241320, 0.0),
        ('four sources, A–B 0 wins, 1 loss, 3 ties first; 2 resamples, seed 951241320', FOUR, 2, 951241320, 0.0),
    ]
    for name, pairs, B, seed, prior in cases:
        items = items_of(pairs)
        print(name)
        print('  point log λ', dict(zip(items, map(float, fit(pairs, items, prior)))))
        used, doubtful, out = bootstrap(pairs, B, seed, prior)
        print('  usable resamples', used, 'doubtful', doubtful)
        for x, row in out.items():
            print('  ', x, row)
