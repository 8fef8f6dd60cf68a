import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../src/runtime/store.js';
import { createStudy, getAssignments, putAnswer } from '../../src/annotate/study-store.js';
import { loadStudyData } from '../../src/annotate/answers.js';
import { majorityLabel, studyStats } from '../../src/annotate/study-stats.js';
import { NO_FILTERS } from '../../src/annotate/quality.js';
import { krippendorffAlpha } from '../../src/stats/agreement.js';
import { kendallTauB } from '../../src/stats/kendall.js';

let store: Store;
beforeEach(() => {
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
  it('majority labels, the accuracy card with its confusion matrix, nominal α', () => {
    createStudy(store, { kind: 'framing', items: T.map(([id, judge]) => ({ id, role: 'task' as const, content: { text: id }, judges: { 'framing:offline': judge } })), annotators: 3, k: 3, attention: 0, source: {}, id: 'f' });
    const who = ['a01', 'a02', 'a03'];
    for (const a of getAssignments(store, 'f')) {
      const row = T.find((t) => t[0] === a.item)!;
      putAnswer(store, 'f', { annotator: a.annotator, item: a.item, value: row[2][who.indexOf(a.annotator)]!, msOnItem: 5000, msHidden: 0, blurs: 0 });
    }
    const s = studyStats(loadStudyData(store, 'f'), { quality: NO_FILTERS, resamples: 100, date: new Date('2026-11-25T12:00:00Z') });
    // majorities: t1 positive, t2 negative, t3 negative, t4 neutral, t5 none (three-way tie), t6 positive
    // judge:       positive,    positive,    negative,    neutral,    —,                     positive → 4 of 5 right
    const card = s.cards[0]!;
    expect(card).toMatchObject({ judge: 'framing:offline', n: 5, accuracy: 0.8, noMajority: 1, date: '2026-11-25T12:00:00.000Z' });
    // rows = truth, columns = judge, in the scale's order positive, negative, neutral
    expect(card.confusion).toMatchObject({ labels: ['positive', 'negative', 'neutral'], counts: [[2, 0, 0], [1, 1, 0], [0, 0, 1]] });
    // recall: positive 2/2, negative 1/2, neutral 1/1
    expect(card.balancedAccuracy).toBeCloseTo((1 + 0.5 + 1) / 3, 12);
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

  it('majorityLabel leaves ties undecided', () => {
    expect(majorityLabel(['a', 'b', 'a'])).toBe('a');
    expect(majorityLabel(['a', 'b'])).toBeUndefined();
    expect(majorityLabel([])).toBeUndefined();
  });
});
