# Reference for test/probes/certainty/ranking.test.ts: the two-pass source-certainty ranking redone
# from its description (ranking.ts's header and Belem et al. App. D.2), without slant's code:
# slant's seeded generator (mulberry32) and its partial Fisher–Yates draw ported; pass 1 pairs every
# item with k1 random partners, judged once in each order; pass 2 pairs the item at each rank of
# the pass-1 fit with k2 partners from the ranks r − w … r + w, judged `votes` times in each order;
# duplicates are judged once; the judge is the scripted rule the test uses; Rao–Kupper is fitted
# by scipy.optimize (ranking-intervals-reference.py's fit) after checking that the digraph of
# wins is strongly connected, so that the MLE exists.
# Run: python3 ranking-reference.py (numpy, scipy).
import importlib.util
import math
import os

spec = importlib.util.spec_from_file_location('ri', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'ranking-intervals-reference.py'))
ri = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ri)

LATENT = [2, 5, 0, 6, 3, 1, 7, 4]


def judge(ia, ib, v):
    """The test's scripted judge on (Text A = item ia, Text B = item ib), sample v: None = unreadable, < 0 = A more certain."""
    h = (ia * 5 + ib * 3 + v * 7) % 13
    if h == 12:
        return None
    if h % 4 == 0:
        return 0
    d = LATENT[ib] - LATENT[ia]
    s = 1 if d > 0 else -1
    return -s if h % 5 == 1 else s


def sample_without_replacement(arr, k, rng):
    copy = list(arr)
    for i in range(k):
        j = i + math.floor(rng() * (len(copy) - i))
        copy[i], copy[j] = copy[j], copy[i]
    return copy[:k]


def key(i, j):
    return (min(i, j), max(i, j))


def pass1(n, k, rng):
    seen, out = set(), []
    for i in range(n):
        others = [j for j in range(n) if j != i]
        for j in sample_without_replacement(others, min(k, len(others)), rng):
            if key(i, j) not in seen:
                seen.add(key(i, j))
                out.append((i, j))
    return out


def pass2(ranking, k, w, rng):
    seen, out = set(), []
    for r, item in enumerate(ranking):
        window = [ranking[q] for q in range(max(0, r - w), min(len(ranking) - 1, r + w) + 1) if q != r]
        for j in sample_without_replacement(window, min(k, len(window)), rng):
            if key(item, j) not in seen:
                seen.add(key(item, j))
                out.append((item, j))
    return out


def judge_pairs(pairs, votes, counts, rule):
    judgements = invalid = 0
    for i, j in pairs:
        c = counts.setdefault(key(i, j), [0, 0, 0])  # wins of the lower index, of the higher, ties
        for v in range(votes):
            for x, y in ((i, j), (j, i)):
                s = rule(x, y, v)
                judgements += 1
                if s is None:
                    invalid += 1
                    continue
                winner = x if s < 0 else y if s > 0 else None
                if winner is None:
                    c[2] += 1
                elif winner == min(i, j):
                    c[0] += 1
                else:
                    c[1] += 1
    return judgements, invalid


def as_pairs(counts):
    return [(f's{i}', f's{j}', c[0], c[1], c[2]) for (i, j), c in counts.items()]


def order_by_fit(pairs, items, prior):
    assert ri.strongly_connected(pairs, items, lambda t: 0), 'no finite MLE: the wins do not link every source'
    ll = ri.fit(pairs, items, prior)
    return sorted(range(len(items)), key=lambda k: (-round(ll[k], 6), k)), ll


def rank(n, k1, k2, w, votes, seed, prior, rule=judge, show_fit=True):
    rng = ri.mulberry32(seed)
    counts = {}
    p1 = pass1(n, k1, rng)
    j1, i1 = judge_pairs(p1, 1, counts, rule)
    p2, j2, i2 = [], 0, 0
    if k2 > 0:
        if counts:
            pairs = as_pairs(counts)
            items = ri.items_of(pairs)
            order, _ = order_by_fit(pairs, items, prior)
            ranking = [int(items[k][1:]) for k in order]
        else:
            ranking = []
        ranking += [i for i in range(n) if i not in ranking]
        p2 = pass2(ranking, k2, w, rng)
        j2, i2 = judge_pairs(p2, votes, counts, rule)
    pairs = as_pairs(counts)
    print('  pass 1', p1)
    print('  pass 2', p2)
    print('  judgements', j1 + j2, 'invalid', i1 + i2)
    print('  counts', [{'a': a, 'b': b, 'aWins': x, 'bWins': y, 'ties': t} for a, b, x, y, t in pairs])
    if show_fit:
        items = ri.items_of(pairs)
        order, ll = order_by_fit(pairs, items, prior)
        print('  ranking', [items[k] for k in order])
        print('  log λ', {items[k]: float(ll[k]) for k in range(len(items))})


if __name__ == '__main__':
    print('8 sources, k1 2, k2 2 (window 4), votes 3 (default), seed 5, prior 0.5')
    rank(8, 2, 2, 4, 3, 5, 0.5)
    print('8 sources, the defaults: k1 = max(1, ceil(ln 8)) = 3, no pass 2, seed 42')
    rank(8, 3, 0, 0, 3, 42, 0.0, show_fit=False)
    print('5 sources, k1 0, k2 1 (window 2): pass 2 on the listing order, seed 3')
    rank(5, 0, 1, 2, 3, 3, 0.0, show_fit=False)
    print('4 sources, every answer a tie, k1 1, seed 2')
    rank(4, 1, 0, 0, 3, 2, 0.0, rule=lambda a, b, v: 0, show_fit=False)
