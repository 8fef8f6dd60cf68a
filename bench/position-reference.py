"""
The scikit-learn reference for `slant measure position` on SummEval (bench:position, docs/benchmarks.md):
the released code's computation in Python, timed as a whole process by the caller.

  python3 bench/position-reference.py PATH/summeval.json [K]

For each article and each summary (16 systems, 11 references): a default TfidfVectorizer fitted on
the summary's sentences plus the article's, each summary sentence mapped to its most similar
article sentence (a row whose best cosine is 0 dropped), counts per segment (sentence i of N in
segment floor(i*K/N)); gold counts averaged over the references; per system the positional
Wasserstein distance (scipy, segment centres weighted by G and P). Sentences are split at . ! ?
followed by a space (the texts are tokenised with spaced punctuation). No ROUGE: scikit-learn has
none, so this is the TF-IDF mapping and the distances only.
"""
import json
import re
import sys

import numpy as np
from scipy.stats import wasserstein_distance
from sklearn.feature_extraction.text import TfidfVectorizer

SPLIT = re.compile(r'(?<=[.!?])\s+')


def sentences(text):
    return [s for s in SPLIT.split(text.strip()) if s]


def counts(summary, article, k):
    ss = sentences(summary)
    if not ss or not article:
        return np.zeros(k)
    m = TfidfVectorizer().fit_transform(ss + article)
    sim = (m[: len(ss)] @ m[len(ss):].T).toarray()
    c = np.zeros(k)
    n = len(article)
    for row in sim:
        if row.max() <= 0:
            continue
        i = int(np.argmax(row))
        c[min(k - 1, (i * k) // n)] += 1
    return c


def main():
    data = json.load(open(sys.argv[1]))
    k = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    gold = {}
    model = {}
    for doc_id, d in data.items():
        art = sentences(d['src'])
        # RealSumm gives one reference (ref_summ), SummEval several (ref_summs), as slant reads them
        refs = d['ref_summs'] if 'ref_summs' in d else [d['ref_summ']]
        g = np.mean([counts(r, art, k) for r in refs], axis=0)
        for sys_id, s in d['sys_summs'].items():
            model.setdefault(sys_id, []).append(counts(s['sys_summ'], art, k))
            gold.setdefault(sys_id, []).append(g)
    centres = (np.arange(k) + 0.5) / k
    for sys_id in sorted(model):
        p = np.sum(model[sys_id], axis=0)
        q = np.sum(gold[sys_id], axis=0)
        print(sys_id, round(float(wasserstein_distance(centres, centres, q / q.sum(), p / p.sum())), 4))


main()
