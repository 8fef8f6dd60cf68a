# Reference for test/probes/position/aggregate-edges.test.ts: scipy's wasserstein_distance on the
# segment centres, numpy.average for mean positions, scipy.stats.spearmanr, and the article
# bootstrap replayed with slant's seeded generator (mulberry32) and numpy.percentile.
# Run: python3 test/probes/position/aggregate-edges-reference.py (numpy, scipy)
import os, sys, itertools
import numpy as np
from scipy.stats import wasserstein_distance, spearmanr
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'helpers'))
from mulberry32 import mulberry32

K = 4
centres = (np.arange(K) + 0.5) / K
def posW(g, m): return wasserstein_distance(centres, centres, g, m)
def meanpos(p): return np.average(centres, weights=p)

print('--- fixture A: a system without model mass, an article without gold mass ---')
# article a: gold [1,1,0,0]; article z: gold [0,0,0,0]
# lead: a [1,0,1,0], z [0,1,0,1]; once: a [0,2,0,0]
g_a = np.array([1, 1, 0, 0], float)
lead_a, lead_z = np.array([1, 0, 1, 0], float), np.array([0, 1, 0, 1], float)
once_a = np.array([0, 2, 0, 0], float)
G = g_a  # z adds nothing
M = lead_a + lead_z
print('lead W', repr(posW(G, M)), 'shift', repr(meanpos(M) - meanpos(G)))
print('lead per-article a: W', repr(posW(g_a, lead_a)), 'shift', repr(meanpos(lead_a) - meanpos(g_a)))
print('once W', repr(posW(g_a, once_a)), 'shift', repr(meanpos(once_a) - meanpos(g_a)))
# the article bootstrap of lead (2 articles, 200 resamples, seed 7): resamples drawing z twice have no gold mass
rng = mulberry32(7)
skipped = 0
for b in range(200):
    idx = [int(np.floor(rng() * 2)) for _ in range(2)]
    if all(i == 1 for i in idx): skipped += 1
print('lead resamples without gold mass', skipped, 'of 200 (more than 1%: no interval)')

print('--- fixture B: three systems with a distance, one without ---')
gB = np.array([1, 1, 0, 0], float)
sysB = {'s1': [1, 1, 0, 0], 's2': [1, 0, 1, 0], 's3': [0, 0, 1, 1]}
fB = {'s1': 0.6, 's2': 0.5, 's3': 0.2}
w = [posW(gB, np.array(sysB[s], float)) for s in sysB]
r = [fB[s] for s in sysB]
res = spearmanr(w, r)
perms = [spearmanr(w, list(p)).statistic for p in itertools.permutations(r)]
print('W', w, 'rho', repr(res.statistic), 'p', repr(res.pvalue), 'exact', repr(np.mean([abs(x) >= abs(res.statistic) - 1e-12 for x in perms])))

print('--- fixture D: ten systems (more than the exact p-value handles) ---')
gD = np.array([1, 0, 0, 0], float)
wD = [posW(gD, np.array([10 - i, i, 0, 0], float)) for i in range(10)]
fD = [0.9 - 0.05 * i for i in range(10)]
res = spearmanr(wD, fD)
print('W', wD, 'rho', repr(res.statistic), 'p', repr(res.pvalue))

print('--- fixture E: exactly 1% of the resamples without model mass ---')
# five articles, gold [1,0,0,0] each; the model maps one sentence to segment 2, 3 and 4 in articles
# 0-2 and nothing in articles 3 and 4. A resample without model mass draws only articles 3 and 4:
# probability (2/5)^5 ≈ 1%.
gE = [np.array([1, 0, 0, 0], float)] * 5
mE = [np.array([0, 1, 0, 0], float), np.array([0, 0, 1, 0], float), np.array([0, 0, 0, 1], float)] + [np.zeros(4)] * 2
def boot(seed, B):
    rng = mulberry32(seed); ws = []; ss = []; skipped = 0
    for b in range(B):
        idx = [int(np.floor(rng() * 5)) for _ in range(5)]
        m = np.sum([mE[i] for i in idx], axis=0); g = np.sum([gE[i] for i in idx], axis=0)
        if not (m.sum() > 0 and g.sum() > 0): skipped += 1; continue
        ws.append(posW(g, m)); ss.append(meanpos(m) - meanpos(g))
    return skipped, ws, ss
q = lambda xs: (repr(np.percentile(xs, 2.5)), repr(np.percentile(xs, 97.5)))
# the first seed that skips exactly 1 of 100 resamples and whose interval one more resample would move
for seed in range(1, 300):
    skipped, ws, ss = boot(seed, 100)
    _, ws1, ss1 = boot(seed, 101)
    if skipped == 1 and (q(ws) != q(ws1) or q(ss) != q(ss1)):
        print('seed', seed, 'skips exactly 1 of 100; W ci', q(ws), 'shift ci', q(ss), '; with 101 resamples: W ci', q(ws1), 'shift ci', q(ss1))
        break
M = np.sum(mE, axis=0); Gs = np.sum(gE, axis=0)
print('E W', repr(posW(Gs, M)), 'shift', repr(meanpos(M) - meanpos(Gs)))

print('--- fixture G: more draws than the shared draw sets keep (11 articles x 100,000 resamples) ---')
# article i: gold [1,0,0,0]; the model maps one sentence to segment i mod 4 (+1 sentence in segment 3 when i is 0)
gG = np.array([1, 0, 0, 0], float)
mG = []
for i in range(11):
    m = np.zeros(4); m[i % 4] += 1
    if i == 0: m[3] += 1
    mG.append(m)
mG = np.array(mG)
rng = mulberry32(3); B = 100_000; n = 11
idx = np.array([int(np.floor(rng() * n)) for _ in range(B * n)]).reshape(B, n)
ms = mG[idx].sum(axis=1); gs = np.tile(gG, (B, 1)) * n
ws = np.array([posW(gs[b], ms[b]) for b in range(B)])
ss = np.array([meanpos(ms[b]) - meanpos(gs[b]) for b in range(B)])
print('G W', repr(posW(gG * n, mG.sum(axis=0))), 'W ci', repr(np.percentile(ws, 2.5)), repr(np.percentile(ws, 97.5)), 'shift ci', repr(np.percentile(ss, 2.5)), repr(np.percentile(ss, 97.5)))
