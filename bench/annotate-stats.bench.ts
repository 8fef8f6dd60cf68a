/**
 * npx tsx bench/annotate-stats.bench.ts: how long `slant annotate stats` takes on a study of seed
 * 004's size (240 pairs, 129 annotators, 20 items each ≈ k = 11, 1000 bootstrap resamples), on
 * synthetic answers (a seeded latent label per pair plus noise of ±1 or so; a judge that knows the
 * latent label). The statistics' values are printed only to show the run was not empty.
 */
import { Store } from '../src/runtime/store.js';
import { createStudy, getAssignments, putAnswer } from '../src/annotate/study-store.js';
import { loadStudyData } from '../src/annotate/answers.js';
import { studyStats } from '../src/annotate/study-stats.js';
import { NO_FILTERS } from '../src/annotate/quality.js';
import { createRng } from '../src/stats/rng.js';
const store = Store.open(':memory:');
const rng = createRng(1);
const truth = Array.from({ length: 240 }, () => Math.floor(rng() * 5) - 2);
const items = truth.map((t, i) => ({ id: `p${i}`, role: 'task' as const, content: { original: 'a', rewrite: 'b' }, judges: { j: String(t) } }));
await createStudy(store, { kind: 'certainty', items, annotators: 129, k: 11, attention: 1, source: {}, id: 's' });
{
  for (const a of await getAssignments(store, 's')) {
    const i = Number(a.item.slice(1));
    const v = Number.isNaN(i) ? '2' : String(Math.max(-2, Math.min(2, truth[i]! + Math.round((rng() - 0.5) * 3))));
    await putAnswer(store, 's', { annotator: a.annotator, item: a.item, value: a.presentation === 'modified-first' ? String(-Number(v) || 0) : v, msOnItem: 5000, msHidden: 0, blurs: 0 });
  }
}
const data = await loadStudyData(store, 's');
const t0 = performance.now();
const s = studyStats(data, { quality: NO_FILTERS, resamples: 1000 });
console.log(JSON.stringify({ bench: 'annotate-stats', answers: s.answers, items: s.items, annotators: s.annotators.length, resamples: s.resamples, ms: Math.round(performance.now() - t0), alpha: s.alpha, humanMean: s.humanMean.tauB, judge: s.judges[0]?.tauB, humanHumanPairs: s.pairwise?.humanHuman.n }));
