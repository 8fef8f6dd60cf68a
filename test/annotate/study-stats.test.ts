import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../src/runtime/store.js';
import { createStudy, getAssignments, putAnswer } from '../../src/annotate/study-store.js';
import { loadStudyData } from '../../src/annotate/answers.js';
import { majorityLabel, studyStats } from '../../src/annotate/study-stats.js';
import { parseJudgeCard } from '../../src/judges/card.js';
import { NO_FILTERS } from '../../src/annotate/quality.js';
import { krippendorffAlpha } from '../../src/stats/agreement.js';
import { kendallTauB } from '../../src/stats/kendall.js';

let store: Store;
beforeEach(async () => {
  store = Store.open(':memory:');
});
afterEach(() => store.close());

// six texts, three annotators each (k = 3 of 3); the judge's label and what each annotator says
const T: [string, string, [string, string, string]][] = [
  ['t1', 'positive', ['positive', 'positive', 'neutral']],
  ['t2', 'positive', ['negative', 'negative', 'negative']],
  ['t3', 'negative', ['negative', 'negative', 'positive']],
  ['t4', 'neutral', ['neutral', 'neutral', 'neutral']],
  ['t5', 'neutral', ['positive', 'negative', 'neutral']],
  ['t6', 'positive', ['positive', 'neutral', 'positive']],
];

describe('study statistics for framing', () => {
  it('majority labels, the accuracy card with its confusion matrix, nominal α', async () => {
    await createStudy(store, { kind: 'framing', items: T.map(([id, judge]) => ({ id, role: 'task' as const, content: { text: id }, judges: { 'framing:offline': judge } })), annotators: 3, k: 3, attention: 0, source: {}, id: 'f' });
    const who = ['a01', 'a02', 'a03'];
    for (const a of (await getAssignments(store, 'f'))) {
      const row = T.find((t) => t[0] === a.item)!;
      await putAnswer(store, 'f', { annotator: a.annotator, item: a.item, value: row[2][who.indexOf(a.annotator)]!, msOnItem: 5000, msHidden: 0, blurs: 0 });
    }
    const s = studyStats((await loadStudyData(store, 'f')), { quality: NO_FILTERS, resamples: 100, date: new Date('2026-11-25T12:00:00Z'), identities: { 'framing:offline': { id: 'offline-framing', version: '9.9.9', inTraining: 0 } } });
    // majorities: t1 positive, t2 negative, t3 negative, t4 neutral, t5 none (three-way tie), t6 positive
    // judge:       positive,    positive,    negative,    neutral,    —,                     positive → 4 of 5 right
    // the project's judge card (the format `slant validate --save-card` stores), under the judge's id and version
    const card = parseJudgeCard(s.cards[0], 'study card');
    expect(card).toMatchObject({ task: 'framing', judge: 'offline-framing', version: '9.9.9', heldOut: true, n: 5, accuracy: 0.8, date: '2026-11-25' });
    expect(card.figures).toMatchObject({ noMajority: 1, noAnswer: 0, items: 6, annotators: 3, k: 3, inTraining: 0 });
    // rows = truth, columns = judge, in the project's order positive, negative, neutral
    expect(card.labels).toEqual(['positive', 'negative', 'neutral']);
    expect(card.confusion).toEqual([[2, 0, 0], [1, 1, 0], [0, 0, 1]]);
    // recall: positive 2/2, negative 1/2, neutral 1/1
    expect(card.balancedAccuracy).toBeCloseTo((1 + 0.5 + 1) / 3, 12);
    // τ_b with the consensus, its interval and the gap to the average human travel in figures
    const j = s.judges[0]!;
    expect(card.figures).toMatchObject({ tauB: j.tauB, 'tauB.low': j.low, 'tauB.high': j.high, gapToAverageHuman: j.gap.value, averageHumanTauB: s.humanMean.tauB, randomBaselineTauB: s.randomBaseline.tauB });
    const code = { negative: -1, neutral: 0, positive: 1 } as Record<string, number>;
    const matrix = who.map((_, i) => T.map((t) => code[t[2][i]!]!));
    expect(s.alpha.nominal).toBeCloseTo(krippendorffAlpha(matrix, 'nominal'), 12);
    // App. B.1: mean τ_b over the three human pairs (all share the six items)
    const pairs = [[0, 1], [0, 2], [1, 2]].map(([x, y]) => kendallTauB(matrix[x!]!, matrix[y!]!).tau);
    expect(s.pairwise!.humanHuman.n).toBe(3);
    expect(s.pairwise!.humanHuman.mean).toBeCloseTo((pairs[0]! + pairs[1]! + pairs[2]!) / 3, 12);
    expect(s.pairwise!.humanJudge['framing:offline']!.n).toBe(3);
    expect(s.items).toBe(6);
    expect(s.annotators).toHaveLength(3);
  });

  it('a judge column slant cannot name keeps its name and version "unknown"', async () => {
    await createStudy(store, { kind: 'framing', items: T.map(([id, judge]) => ({ id, role: 'task' as const, content: { text: id }, judges: { mine: judge } })), annotators: 3, k: 3, attention: 0, source: {}, id: 'g' });
    for (const a of (await getAssignments(store, 'g'))) (await putAnswer(store, 'g', { annotator: a.annotator, item: a.item, value: 'positive', msOnItem: 5000, msHidden: 0, blurs: 0 }));
    const s = studyStats((await loadStudyData(store, 'g')), { quality: NO_FILTERS, resamples: 10 });
    expect(s.cards[0]).toMatchObject({ judge: 'mine', version: 'unknown' });
  });

  it('majorityLabel leaves ties undecided', async () => {
    expect(majorityLabel(['a', 'b', 'a'])).toBe('a');
    expect(majorityLabel(['a', 'b'])).toBeUndefined();
    expect(majorityLabel([])).toBeUndefined();
  });
});

// certainty: five pairs, three annotators (canonical −2..2), the judge's answer
const C: [string, number, [number, number, number]][] = [
  ['p1', 2, [1, 2, 0]], //    mean +1   → +; judge + ✓
  ['p2', -1, [-2, -1, 1]], // mean −2/3 → −; judge − ✓
  ['p3', 1, [0, 0, 0]], //    mean 0    → 0; judge + ✗
  ['p4', 0, [1, -1, 0]], //   mean 0    → 0; judge 0 ✓
  ['p5', -2, [2, 1, 0]], //   mean +1   → +; judge − ✗
];

describe('study statistics for certainty', () => {
  it('the card collapses the 5-point answers to directions against the consensus direction, τ_b in figures', async () => {
    await createStudy(store, { kind: 'certainty', items: C.map(([id, judge]) => ({ id, role: 'task' as const, content: { original: `o ${id}`, rewrite: `r ${id}` }, judges: { offline: String(judge) } })), annotators: 3, k: 3, attention: 0, source: {}, id: 'c' });
    const who = ['a01', 'a02', 'a03'];
    for (const a of (await getAssignments(store, 'c'))) {
      const row = C.find((t) => t[0] === a.item)!;
      const canonical = row[2][who.indexOf(a.annotator)]!;
      // what the annotator clicked, given the A/B order they saw
      const clicked = a.presentation === 'modified-first' ? -canonical : canonical;
      await putAnswer(store, 'c', { annotator: a.annotator, item: a.item, value: String(clicked === 0 ? 0 : clicked), msOnItem: 5000, msHidden: 0, blurs: 0 });
    }
    const s = studyStats((await loadStudyData(store, 'c')), { quality: NO_FILTERS, resamples: 100, identities: { offline: { id: 'certainty-offline', version: 'v tie 0.1 clear 0.5' } } });
    const card = parseJudgeCard(s.cards[0], 'certainty card');
    expect(card).toMatchObject({ task: 'certainty', judge: 'certainty-offline', version: 'v tie 0.1 clear 0.5', labels: ['−', '0', '+'], n: 5 });
    // rows: consensus −, 0, +; columns: judge −, 0, +
    expect(card.confusion).toEqual([
      [1, 0, 0],
      [0, 1, 1],
      [1, 0, 1],
    ]);
    expect(card.accuracy).toBeCloseTo(3 / 5, 12);
    // recall − 1/1, 0 1/2, + 1/2
    expect(card.balancedAccuracy).toBeCloseTo((1 + 0.5 + 0.5) / 3, 12);
    // the judge's τ_b with the mean human answer on the five pairs, as the consensus table reports it
    const tau = kendallTauB(C.map((c) => c[1]), C.map((c) => (c[2][0] + c[2][1] + c[2][2]) / 3)).tau;
    expect(card.figures!.tauB).toBeCloseTo(tau, 12);
    expect(s.judges[0]!.tauB).toBeCloseTo(tau, 12);
    expect(card.figures!['alpha.ordinal']).toBe(s.alpha.ordinal);
  });
});
