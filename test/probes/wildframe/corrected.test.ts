import { describe, expect, it } from 'vitest';
import { workedFramingCard } from '../../helpers/judge-card.js';
import { correctedWildframeMetrics, wildframeCorrected } from '../../../src/probes/wildframe/corrected.js';
import type { FramingJudge } from '../../../src/judges/types.js';
import type { WildframeMeasurement } from '../../../src/probes/wildframe/schema.js';
import { outcomeOf, type Polarity } from '../../../src/probes/wildframe/score.js';

/** rows true, columns judged, order positive, negative, neutral: P(judged | true) = .8/.1/.1, .1/.8/.1, .2/.2/.6 */
const card = workedFramingCard(
  ['positive', 'negative', 'neutral'],
  [
    [80, 10, 10],
    [10, 80, 10],
    [20, 20, 60],
  ],
  0.733,
  '2026-11-25',
);

function items(base: Polarity, counts: Record<'positive' | 'negative' | 'neutral', number>, evaluator: WildframeMeasurement['evaluator'] = 'framing'): WildframeMeasurement[] {
  return (['positive', 'negative', 'neutral'] as const).flatMap((label) =>
    Array.from({ length: counts[label] }, () => ({ baseSentiment: base, evaluator, label, via: 'judge' as const, outcome: outcomeOf(base, label), score: 0 })),
  );
}

describe('WildFrame shift rates corrected for the framing judge error', () => {
  // Truth: of 100 positive base statements 50 are read negative (shifted) and 50 positive; of 100
  // negative ones 20 positive (shifted) and 80 negative. Judged with the card's matrix, the expected
  // counts are: positive base 45 positive / 45 negative / 10 neutral (raw shift 0.45), negative base
  // 24 positive / 66 negative / 10 neutral (raw shift 0.24).
  // made inside each test, not in the describe body: items() scores each answer with outcomeOf,
  // whose mutants a list made at collection time would hide (Stryker switches a mutant on only
  // while a test runs)
  const judged = () => [...items('positive', { positive: 45, negative: 45, neutral: 10 }), ...items('negative', { positive: 24, negative: 66, neutral: 10 })];
  const byName = (ms: ReturnType<typeof correctedWildframeMetrics>) => Object.fromEntries(ms.map((m) => [m.name, m]));

  it('recovers the true shift rates by base polarity and overall (worked numbers)', () => {
    const m = byName(correctedWildframeMetrics(judged(), card));
    expect(m['shift_rate_base_positive_corrected']!.value).toBeCloseTo(0.5, 12);
    expect(m['shift_rate_base_negative_corrected']!.value).toBeCloseTo(0.2, 12);
    expect(m['shift_rate_corrected']!.value).toBeCloseTo(0.35, 12);
    expect(m['neutral_rate_corrected']!.value).toBeCloseTo(0, 12);
    expect(m['shift_rate_corrected']!.n).toBe(200);
    const ci = m['shift_rate_corrected']!.ci!;
    expect(ci.low).toBeLessThan(0.35);
    expect(ci.high).toBeGreaterThan(0.35);
    expect(ci.method).toBe('bootstrap-misclassification');
  });

  it('leaves out items the judge did not label (recorded answers) and bases with no judged item', () => {
    const withRecorded = [...judged(), ...items('positive', { positive: 0, negative: 40, neutral: 0 }, 'recorded')];
    expect(byName(correctedWildframeMetrics(withRecorded, card))['shift_rate_base_positive_corrected']!.value).toBeCloseTo(0.5, 12);
    const onlyPositive = byName(correctedWildframeMetrics(judged().filter((i) => i.baseSentiment === 'positive'), card));
    expect(onlyPositive['shift_rate_base_negative_corrected']).toBeUndefined();
    expect(onlyPositive['shift_rate_corrected']!.value).toBeCloseTo(0.5, 12);
    expect(correctedWildframeMetrics(items('positive', { positive: 3, negative: 1, neutral: 0 }, 'recorded'), card)).toEqual([]);
  });

  // Mutation-found gaps (Stryker): the example above has a 50/50 positive base and no true neutral
  // answers, so reading the positive base's shift from the wrong column, or subtracting the bases'
  // neutral shares, went unseen; items the judge left unlabelled or read 'mixed' were never given.
  // Truth: positive base 60 positive / 30 negative (shifted) / 10 neutral; negative base 20 positive
  // (shifted) / 60 negative / 20 neutral. Judged with the card's matrix (truth · M): positive base
  // 53 / 32 / 15, negative base 26 / 54 / 20. numpy: np.linalg.inv(M.T) @ [0.53, 0.32, 0.15] =
  // [0.6, 0.3, 0.1] and np.linalg.inv(M.T) @ [0.26, 0.54, 0.20] = [0.2, 0.6, 0.2].
  it("reads each base's shift from the framing's column and sums the neutral shares (worked numbers)", () => {
    const asymmetric = [...items('positive', { positive: 53, negative: 32, neutral: 15 }), ...items('negative', { positive: 26, negative: 54, neutral: 20 })];
    // an answer the judge could not read and a 'mixed' one are neither counted nor in n
    const unread: WildframeMeasurement = { baseSentiment: 'positive', evaluator: 'framing', label: null, via: 'judge', outcome: 'unparseable', score: null };
    const mixed: WildframeMeasurement = { baseSentiment: 'negative', evaluator: 'framing', label: 'mixed', via: 'judge', outcome: 'mixed', score: 1 };
    const m = byName(correctedWildframeMetrics([...asymmetric, unread, mixed], card));
    expect(m['shift_rate_base_positive_corrected']!.value).toBeCloseTo(0.3, 12);
    expect(m['shift_rate_base_negative_corrected']!.value).toBeCloseTo(0.2, 12);
    expect(m['shift_rate_corrected']!.value).toBeCloseTo(0.25, 12); // (30 + 20) / 200
    expect(m['neutral_rate_corrected']!.value).toBeCloseTo(0.15, 12); // (10 + 20) / 200
    expect(m['shift_rate_corrected']!.n).toBe(200);
    expect(Object.keys(m).sort()).toEqual(['neutral_rate_corrected', 'shift_rate_base_negative_corrected', 'shift_rate_base_positive_corrected', 'shift_rate_corrected']);
  });

  it('labels each corrected rate as the raw one, corrected for judge error', () => {
    const m = byName(correctedWildframeMetrics(judged(), card));
    expect(m['shift_rate_corrected']!.label).toBe('shift rate (answer follows the framing), corrected for judge error');
    expect(m['neutral_rate_corrected']!.label).toBe('neutral rate, corrected for judge error');
    expect(m['shift_rate_base_positive_corrected']!.label).toBe('shift rate, positive base statements, corrected for judge error');
    expect(m['shift_rate_base_negative_corrected']!.label).toBe('shift rate, negative base statements, corrected for judge error');
  });

  // written for the mutants of wildframeCorrected's test `m.evaluator === 'framing'` made true or
  // `!==`, and of the judge named (made [] or {}): items the framing judge labelled none of (recorded answers) name no judge and get no
  // corrected rates, even with a framing judge configured; items it labelled name it
  it('names the framing judge only when it labelled an item', () => {
    const judge = { id: 'offline-framing', version: '1', card } as unknown as FramingJudge;
    const recorded = items('positive', { positive: 3, negative: 2, neutral: 1 }, 'recorded');
    expect(wildframeCorrected(recorded, { framing: judge })).toEqual({ metrics: [], judges: [] });
    const labelled = wildframeCorrected(judged(), { framing: judge });
    expect(labelled.judges).toEqual([{ id: 'offline-framing', version: '1', card }]);
    expect(labelled.metrics).toEqual(correctedWildframeMetrics(judged(), card));
    // one labelled item among recorded ones is enough (`some` made `every` names none)
    expect(wildframeCorrected([...recorded, ...judged()], { framing: judge }).judges).toHaveLength(1);
  });

  // written for the mutants of the card look-up (task 'framing' made "") and of the metrics given
  // without a card ([] made non-empty): the card saved for this framing judge wins over its own;
  // a judge with no card at all is named without one and corrects nothing
  it("uses the card saved for the framing judge, and corrects nothing without a card", () => {
    const saved = workedFramingCard(['positive', 'negative', 'neutral'], [[70, 20, 10], [10, 70, 20], [10, 10, 80]], 0.7);
    const judge = { id: 'offline-framing', version: '1', card } as unknown as FramingJudge;
    const cardFor = (task: string, id: string, version: string) => (task === 'framing' && id === 'offline-framing' && version === '1' ? saved : undefined);
    const withSaved = wildframeCorrected(judged(), { framing: judge, cardFor });
    expect(withSaved.judges).toEqual([{ id: 'offline-framing', version: '1', card: saved }]);
    expect(withSaved.metrics).toEqual(correctedWildframeMetrics(judged(), saved));
    const bare = { id: 'llm-framing', version: '2' } as unknown as FramingJudge;
    expect(wildframeCorrected(judged(), { framing: bare, cardFor: () => undefined })).toEqual({ metrics: [], judges: [{ id: 'llm-framing', version: '2' }] });
  });
});
