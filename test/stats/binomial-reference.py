#!/usr/bin/env python3
# Reference draws for test/stats/binomial-reference.test.ts, written independently of
# src/stats/binomial.ts from the algorithms' published descriptions:
#
#   - n·min(p, 1 − p) < 10: the second waiting-time method (Devroye 1986, "Non-Uniform Random
#     Variate Generation", X.4): the gaps between successes are geometric,
#     G = ⌈ln U / ln(1 − p)⌉; the draw is the number of successes whose cumulated gaps stay ≤ n.
#   - otherwise: algorithm BTRS of Hörmann (1993), "The generation of binomial random variates",
#     J. Statist. Comput. Simul. 46, 101–110, steps 0–3, with ln k! from math.lgamma (the paper
#     tables it for small k and uses Stirling's series beyond; lgamma is a separate computation
#     of the same numbers, so a slip in slant's series or in its rearranged bound shows here).
#   - p > ½: n minus a draw for 1 − p; n = 0, p = 0 and p = 1 use no uniform.
#   - multinomial counts: conditional binomials, category by category; the last category (or the
#     first whose weight is all the weight left) takes the rest.
#
# The uniforms are slant's seeded generator (mulberry32, test/helpers/mulberry32.py), or a fixed
# list of uniforms built here to land on one branch (a proposal at a chosen k, a height just
# under or just over the acceptance bound). A uniform of exactly 0 is skipped where its logarithm
# is taken (slant's contract: the logarithm stays finite).
#
# Run:  python3 test/stats/binomial-reference.py
# It rewrites test/stats/binomial-reference.json, which the test reads. With --squeeze it writes
# nothing and prints the smallest margin by which the squeeze sits inside the exact acceptance
# region (the reason test/mutation/equivalent-mutants.json gives for the squeeze's mutants).
import json
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'helpers'))
from mulberry32 import mulberry32  # noqa: E402


class Uniforms:
    """A source of uniforms that counts what it hands out: a seeded generator or a fixed list."""

    def __init__(self, seed=None, values=None):
        self.next = mulberry32(seed) if seed is not None else None
        self.values = list(values) if values is not None else None
        self.used = 0

    def __call__(self):
        if self.values is not None:
            if self.used >= len(self.values):
                raise RuntimeError('the fixed list of uniforms ran out')
            x = self.values[self.used]
        else:
            x = self.next()
        self.used += 1
        return x

    def positive(self):
        x = self()
        while x == 0:
            x = self()
        return x


class Tally(dict):
    def add(self, key, by=1):
        self[key] = self.get(key, 0) + by


def log_factorial(k):
    return math.lgamma(k + 1)


def waiting_times(n, p, rng, tally):
    trials = 0
    successes = 0
    while True:
        g = math.ceil(math.log(rng.positive()) / math.log1p(-p))
        trials += max(1, g)
        if trials > n:
            tally.add('waiting-time draws')
            return successes
        if trials == n:
            tally.add('a success on the last trial')
        successes += 1


class Btrs:
    """Hörmann's step 0 (set-up) for n·p ≥ 10, p ≤ ½."""

    def __init__(self, n, p):
        q = 1 - p
        self.n = n
        self.p = p
        self.spq = math.sqrt(n * p * q)
        self.b = 1.15 + 2.53 * self.spq
        self.a = -0.0873 + 0.0248 * self.b + 0.01 * p
        self.c = n * p + 0.5
        self.vr = 0.92 - 4.2 / self.b
        self.alpha = (2.83 + 5.1 / self.b) * self.spq
        self.lpq = math.log(p / q)
        self.m = math.floor((n + 1) * p)
        self.h = log_factorial(self.m) + log_factorial(n - self.m)

    def proposal(self, u):
        """Step 1's k for a first uniform u (before the shift by ½)."""
        u -= 0.5
        us = 0.5 - abs(u)
        return math.floor((2 * self.a / us + self.b) * u + self.c), us

    def log_ratio(self, k):
        """ln f(k)/f(m), f the Binomial(n, p) probabilities (step 3's right-hand side)."""
        return self.h - log_factorial(k) - log_factorial(self.n - k) + (k - self.m) * self.lpq

    def hat_scale(self, us):
        """Step 2's factor: V is multiplied by α / (a/us² + b)."""
        return self.alpha / (self.a / (us * us) + self.b)

    def draw(self, rng, tally):
        while True:
            k, us = self.proposal(rng())
            v = rng.positive()
            # step 1: the squeeze
            if us >= 0.07 and v <= self.vr:
                tally.add('squeeze accepts')
                return k
            # step 2
            if k < 0 or k > self.n:
                tally.add('out-of-range rejects')
                continue
            v = v * self.alpha / (self.a / (us * us) + self.b)
            # step 3
            if math.log(v) <= self.log_ratio(k):
                tally.add('bound accepts' + (' at k < 10 or n − k < 10' if min(k, self.n - k) < 10 else ''))
                return k
            tally.add('bound rejects')


def binomial(n, p, rng, tally):
    if n == 0 or p == 0:
        return 0
    if p == 1:
        return n
    if p > 0.5:
        tally.add('p > ½ flips')
        return n - binomial(n, 1 - p, rng, tally)
    if n * p < 10:
        return waiting_times(n, p, rng, tally)
    return Btrs(n, p).draw(rng, tally)


def multinomial(n, weights, rng, tally):
    out = [0] * len(weights)
    mass = sum(weights)
    if not mass > 0:
        if out:
            out[-1] = n
        return out
    rest = n
    for k, w in enumerate(weights):
        if rest <= 0:
            break
        if k == len(weights) - 1 or w >= mass:
            out[k] = rest
            break
        x = binomial(rest, min(1, max(0, w / mass)), rng, tally)
        out[k] = x
        rest -= x
        mass -= w
    return out


# --- seeded sequences: every branch of both methods, both sides of p = ½, the switch at n·p = 10

SEEDED = [
    # waiting times (n·min(p, 1 − p) < 10)
    (1, 0.5, 101, 60),
    (5, 0.1, 102, 200),
    (7, 0.5, 103, 120),
    (12, 0.05, 104, 120),
    (20, 0.3, 105, 120),
    (30, 0.33, 106, 120),
    (5, 0.9, 107, 120),
    (40, 0.999, 108, 60),
    (2000, 0.001, 109, 60),
    # BTRS, at the switch (n·p = 10 exactly) and beyond
    (20, 0.5, 201, 400),
    (40, 0.25, 202, 300),
    (31, 0.33, 203, 300),
    (100, 0.1, 204, 300),
    (21, 0.48, 205, 300),
    (50, 0.7, 206, 200),
    (200, 0.3, 207, 200),
    (1000, 0.5, 208, 200),
    (3000, 0.02, 209, 200),
    (10071, 0.85, 210, 150),
    (1000000, 0.37, 211, 100),
]


def seeded_case(n, p, seed, count):
    rng = Uniforms(seed=seed)
    tally = Tally()
    draws = [binomial(n, p, rng, tally) for _ in range(count)]
    return {'n': n, 'p': p, 'seed': seed, 'draws': draws, 'uniforms': rng.used, 'branches': dict(sorted(tally.items()))}


# one generator shared by calls that use no uniform (n = 0, p = 0, p = 1) and calls that do
INTERLEAVED_SEED = 301
INTERLEAVED_CALLS = [(0, 0.4), (9, 0.3), (12, 0), (12, 1), (25, 0.6), (0, 1), (40, 0.5), (3, 0), (15, 0.2), (0, 0), (60, 0.45)] * 3


def interleaved_case():
    rng = Uniforms(seed=INTERLEAVED_SEED)
    tally = Tally()
    draws = [binomial(n, p, rng, tally) for n, p in INTERLEAVED_CALLS]
    return {'seed': INTERLEAVED_SEED, 'calls': INTERLEAVED_CALLS, 'draws': draws, 'uniforms': rng.used, 'branches': dict(sorted(tally.items()))}


MULTINOMIAL = [
    (1000, [2, 5, 0, 3], 401, 40),
    # 0.1 + 0.2 + 0.3 is 0.6000000000000001: the weight left for the last category is a little more
    # than its own weight, so the last category must take the rest without a draw
    (50, [0.1, 0.2, 0.3], 402, 40),
    (30, [0, 0.5, 0, 0.5, 0], 403, 40),
    (25, [0.3, 0.7, 0, 0], 404, 40),
    (200, [1, 1, 1, 1, 1, 1, 1, 1], 405, 20),
    (12, [0, 0, 1], 406, 10),
    (6, [0, 0, 0], 407, 3),
]


def multinomial_case(n, weights, seed, rounds):
    rng = Uniforms(seed=seed)
    tally = Tally()
    counts = [multinomial(n, weights, rng, tally) for _ in range(rounds)]
    return {'n': n, 'weights': weights, 'seed': seed, 'counts': counts, 'uniforms': rng.used, 'branches': dict(sorted(tally.items()))}


# --- fixed uniforms: one BTRS step at a chosen k, with the second uniform just under or just over
# the acceptance bound; a rejection is followed by a pair the squeeze accepts at once

MARGIN = 1e-9  # on the log scale: far above both computations' rounding, far below any slip


def first_uniform_for(g, k):
    """A first uniform whose proposal is k: where step 1's (continuous, increasing) map of the
    first uniform reaches k + ½, found by bisection."""
    def position(u):
        us = 0.5 - abs(u - 0.5)
        return (2 * g.a / us + g.b) * (u - 0.5) + g.c
    lo, hi = 1e-12, 1 - 1e-12
    for _ in range(200):
        mid = (lo + hi) / 2
        if position(mid) < k + 0.5:
            lo = mid
        else:
            hi = mid
    u = (lo + hi) / 2
    got, us = g.proposal(u)
    assert got == k, (k, got, u)
    return u, us


SQUEEZED = (0.5, 0.01)  # u = ½ proposes ⌊c⌋ with us = ½; v = 0.01 is under every v_r: accepted at once


def crafted_bound_cases():
    out = []
    for n, p, ks in [
        (20, 0.5, [0, 1, 2, 3, 4, 5, 6, 7, 15, 16, 20]),
        (100, 0.1, [0, 1, 2, 3, 4, 5, 17, 20, 25, 30]),
        (57, 0.3, [3, 6, 8, 9, 10, 11, 25, 30, 35]),
        (400, 0.45, [130, 150, 160, 200, 210, 230, 250]),
        (10071, 0.15, [1350, 1420, 1600, 1680]),
    ]:
        g = Btrs(n, p)
        for k in ks:
            u, us = first_uniform_for(g, k)
            ratio = g.log_ratio(k)
            # the second uniform that lands exactly on the bound
            v_edge = math.exp(ratio) / g.hat_scale(us)
            if not (0 < v_edge * math.exp(MARGIN) < 1):
                continue
            if us >= 0.07 and v_edge * math.exp(-MARGIN) <= g.vr:
                continue  # the squeeze accepts it before the bound is looked at
            for side, v in [('under', v_edge * math.exp(-MARGIN)), ('over', v_edge * math.exp(MARGIN))]:
                values = [u, v, *SQUEEZED]
                rng = Uniforms(values=values)
                tally = Tally()
                draw = g.draw(rng, tally)
                out.append({'n': n, 'p': p, 'k': k, 'side': side, 'uniforms': values, 'draw': draw, 'used': rng.used, 'logBound': ratio})
    return out


def crafted_other_cases():
    out = []

    def case(name, n, p, values):
        rng = Uniforms(values=values)
        tally = Tally()
        draw = binomial(n, p, rng, tally)
        out.append({'name': name, 'n': n, 'p': p, 'uniforms': values, 'draw': draw, 'used': rng.used, 'branches': dict(sorted(tally.items()))})

    g = Btrs(20, 0.5)
    # proposals outside 0..n: rejected whatever the second uniform, then the squeezed pair
    below = next(x / 1e6 for x in range(1, 500000) if g.proposal(x / 1e6)[0] == -1)
    above = next(1 - x / 1e6 for x in range(1, 500000) if g.proposal(1 - x / 1e6)[0] == 21)
    case('k = −1 is rejected even with a tiny second uniform', 20, 0.5, [below, 1e-300, *SQUEEZED])
    case('k = n + 1 is rejected even with a tiny second uniform', 20, 0.5, [above, 1e-300, *SQUEEZED])
    # u = ½ proposes k = 10 = m; 0.95 is over the bound there, so the pair is rejected; had the 0
    # been taken as the second uniform, the squeeze would have accepted k = 10
    case('a second uniform of 0 is skipped (BTRS)', 20, 0.5, [0.5, 0.0, 0.95, 0.3, 0.01])
    # step 3 accepts on equality: at n = 20, p = ½, u = ½ proposes k = m = 10, where ln f(k)/f(m)
    # is exactly 0; the second uniform is the one whose scaled height v·α/(a/us² + b) is exactly 1
    g = Btrs(20, 0.5)
    k, us = g.proposal(0.5)
    assert k == g.m and g.log_ratio(k) == 0
    v = 1 / g.hat_scale(us)
    for _ in range(64):
        height = v * g.alpha / (g.a / (us * us) + g.b)
        if height == 1:
            break
        v = math.nextafter(v, 0 if height > 1 else 1)
    assert v * g.alpha / (g.a / (us * us) + g.b) == 1
    case('a height exactly on the bound is accepted (step 3 is ≤)', 20, 0.5, [0.5, v, 0.3, 0.01])
    case('a height one step over the bound is rejected', 20, 0.5, [0.5, math.nextafter(v, 1), 0.3, 0.01])
    # waiting times: a zero is skipped; a success on exactly the n-th trial counts
    q = 0.9  # 1 − p for n = 5, p = 0.1
    case('a uniform of 0 is skipped (waiting times)', 5, 0.1, [0.0, q ** 4.5, 0.999999])
    case('a success on the last trial counts', 5, 0.1, [q ** 4.5, 0.5])
    case('two successes, the second on the last trial', 5, 0.1, [q ** 1.5, q ** 2.5, 0.5])
    case('p > ½ with waiting times: n minus the draw for 1 − p', 5, 0.9, [q ** 4.5, 0.5])
    return out


def squeeze_check():
    """The squeeze (us ≥ 0.07, v ≤ v_r) only accepts pairs the exact bound accepts too, and only
    proposes k in 0..n: the smallest margin ln f(k)/f(m) − ln(v_r·α/(a/us² + b)) over every k the
    squeeze box reaches, at the edge of each k's interval of first uniforms (the hat is highest
    there), for a spread of (n, p) with n·p ≥ 10, p ≤ ½. Prints the smallest margin found."""
    def inverse(g, x):
        lo, hi = 1e-12, 1 - 1e-12
        for _ in range(100):
            mid = (lo + hi) / 2
            us = 0.5 - abs(mid - 0.5)
            if (2 * g.a / us + g.b) * (mid - 0.5) + g.c < x:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2

    worst = (math.inf, None)
    for n in [*range(20, 61), 75, 100, 150, 200, 500, 1000, 10071, 10 ** 5, 10 ** 7, 10 ** 9]:
        for p in sorted({10 / n, 0.5, *[10 / n + (0.5 - 10 / n) * i / 7 for i in range(1, 7)]}):
            if n * p < 10 or p > 0.5:
                continue
            g = Btrs(n, p)
            for k in range(g.proposal(0.07)[0], g.proposal(0.93)[0] + 1):
                for u in (max(0.07, inverse(g, k)), min(0.93, inverse(g, k + 1))):
                    kk, us = g.proposal(u)
                    if us < 0.07:
                        continue
                    assert 0 <= kk <= n, (n, p, u, kk)
                    margin = g.log_ratio(kk) - math.log(g.vr * g.hat_scale(us))
                    if margin < worst[0]:
                        worst = (margin, (n, p, us, kk))
    print('smallest squeeze margin (n, p, us, k):', worst)


def main():
    if sys.argv[1:] == ['--squeeze']:
        squeeze_check()
        return
    result = {
        'about': 'Reference draws of Binomial(n, p) and multinomial counts from slant\'s seeded generator or fixed uniforms, written by test/stats/binomial-reference.py (an independent BTRS from Hörmann 1993 and the waiting-time method from Devroye 1986); test/stats/binomial-reference.test.ts checks binomial.ts against them.',
        'command': 'python3 test/stats/binomial-reference.py',
        'python': sys.version.split()[0],
        'seeded': [seeded_case(*c) for c in SEEDED],
        'interleaved': interleaved_case(),
        'multinomial': [multinomial_case(*c) for c in MULTINOMIAL],
        'bound': crafted_bound_cases(),
        'other': crafted_other_cases(),
    }
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'binomial-reference.json')
    with open(path, 'w') as f:
        json.dump(result, f, indent=1, ensure_ascii=False)
        f.write('\n')
    for c in result['seeded']:
        print(c['n'], c['p'], c['uniforms'], c['branches'])
    print('interleaved', result['interleaved']['branches'])
    for c in result['multinomial']:
        print('multinomial', c['weights'], c['branches'])
    print(len(result['bound']), 'bound cases')
    for c in result['other']:
        print(c['name'], c['draw'], c['used'], c['branches'])


if __name__ == '__main__':
    main()
