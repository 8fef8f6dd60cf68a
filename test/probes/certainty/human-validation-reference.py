# Reference for the tests in test/probes/certainty/human-validation.test.ts that cite it: Fleiss' kappa
# by statsmodels (fleiss_kappa on aggregate_raters), Krippendorff's alpha written out in numpy from
# Krippendorff (2011)'s coincidence matrix (checked on that paper's worked example), Kendall's tau-b
# by scipy. Run: python3 human-validation-reference.py (numpy, scipy, statsmodels).
import numpy as np
from statsmodels.stats.inter_rater import fleiss_kappa, aggregate_raters
from scipy.stats import kendalltau

def kripp(data, metric):
    # data: coders x units, None = missing. Krippendorff (2011): coincidence matrix over pairable values.
    vals = sorted({v for row in data for v in row if v is not None})
    k = {v: i for i, v in enumerate(vals)}
    o = np.zeros((len(vals), len(vals)))
    for u in range(len(data[0])):
        col = [row[u] for row in data if row[u] is not None]
        m = len(col)
        if m < 2: continue
        for a in range(m):
            for b in range(m):
                if a != b: o[k[col[a]], k[col[b]]] += 1 / (m - 1)
    nc = o.sum(1); n = nc.sum()
    def d2(c, kk):
        if metric == 'interval': return (vals[c] - vals[kk]) ** 2
        lo, hi = min(c, kk), max(c, kk)
        return (nc[lo:hi + 1].sum() - (nc[lo] + nc[hi]) / 2) ** 2
    D = np.array([[d2(c, kk) for kk in range(len(vals))] for c in range(len(vals))])
    Do = (o * D).sum(); De = (np.outer(nc, nc) * D).sum() / (n - 1)
    return 1 - Do / De

def fleiss(rows_by_item):
    # rows_by_item: list of label lists (one per item, same number of raters)
    table, cats = aggregate_raters(np.array(rows_by_item))
    return fleiss_kappa(table, method='fleiss'), cats

print('F1 two humans, two categories')
h1 = [1, -1, 1, 1, -1, 1]; h2 = [1, -1, -1, 1, -1, -1]
print(' alpha ordinal', repr(kripp([h1, h2], 'ordinal')), 'interval', repr(kripp([h1, h2], 'interval')))
print(' fleiss', fleiss([[a, b] for a, b in zip(h1, h2)]))
print(' judge tau u1,u2', kendalltau([2, -2], [(h1[0]+h2[0])/2, (h1[1]+h2[1])/2]).statistic)
print(' h1-h2 tau', kendalltau(h1, h2).statistic)
# sanity: the worked example of Krippendorff (2011) used in the existing test: interval 0.849, ordinal 0.815
K = [[1,2,3,3,2,1,4,1,2,None,None,None],[1,2,3,3,2,2,4,1,2,5,None,3],[None,3,3,3,2,3,4,2,2,5,1,None],[1,2,3,3,2,4,4,1,2,5,1,None]]
print(' check 2011 example', kripp(K, 'interval'), kripp(K, 'ordinal'))
print('F2 tie between 2 raters (seen first) and 3 raters: 3 wins; items v1, v2')
print(' fleiss', fleiss([[1, 1, 0], [-1, -1, -1]]))
print('F3 2 raters on 3 items, 3 raters on 1 item later: 2 wins')
print(' fleiss', fleiss([[1, 1], [0, -1], [-1, -1]]))
