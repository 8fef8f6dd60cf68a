// writes the draws correctedStatistics makes (items, then each confusion row) for a numpy replay
import { writeFileSync } from 'node:fs';
import { createRng } from '../src/stats/rng.js';
import { multinomialCounts } from '../src/stats/binomial.js';
import { correctedStatistics } from '../src/stats/misclassification.js';
const cases = {
  joint: { observed: [[20, 9, 6], [7, 18, 8], [5, 9, 25]], confusion: [[40, 6, 4], [5, 38, 7], [3, 5, 42]], resamples: 400, seed: 13, knownRows: false },
  known: { observed: [[30, 10, 8], [8, 40, 12]], confusion: [[40, 6, 4], [5, 38, 7], [3, 5, 42]], resamples: 300, seed: 17, knownRows: true },
};
const out: Record<string, unknown> = {};
for (const [name, c] of Object.entries(cases)) {
  const rng = createRng(c.seed);
  const flat = c.observed.flat();
  const n = flat.reduce((a, b) => a + b, 0);
  const draws = [];
  for (let b = 0; b < c.resamples; b++) {
    const items = multinomialCounts(n, flat.map((v) => v / n), rng);
    const rows = c.confusion.map((r) => { const s = r.reduce((a, x) => a + x, 0); return multinomialCounts(s, r.map((v) => v / s), rng); });
    draws.push({ items, rows });
  }
  const est = correctedStatistics({ ...c, statistics: (x) => { const m = x as number[][]; return { phi: 1 - m.reduce((s, r, i) => s + (r[i] ?? 0), 0), c02: m[0]![2]!, c12: m[1]![2]! }; } });
  out[name] = { ...c, draws, ts: est };
}
writeFileSync('/tmp/endrun/draws.json', JSON.stringify(out));
