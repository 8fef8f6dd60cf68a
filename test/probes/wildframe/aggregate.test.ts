import { describe, expect, it } from 'vitest';
import { aggregateWildframe } from '../../../src/probes/wildframe/aggregate.js';
import type { WildframeMeasurement } from '../../../src/probes/wildframe/schema.js';
import { outcomeOf, shiftScore, type Polarity } from '../../../src/probes/wildframe/score.js';
import type { SentimentLabel } from '../../../src/probes/wildframe/parse-answer.js';

function m(base: Polarity, label: SentimentLabel | null, humanScore?: number): WildframeMeasurement {
  const outcome = outcomeOf(base, label);
  const x: WildframeMeasurement = { baseSentiment: base, evaluator: 'recorded', label, via: label ? 'key' : 'none', outcome, score: shiftScore(outcome) };
  if (humanScore !== undefined) x.humanScore = humanScore;
  return x;
}

describe('aggregateWildframe', () => {
  // model shift scores x = [1, 0.5, 0, 1, 0, 0], human scores y = [5, 3, 1, 4, 0, 2]; item 7 unparseable.
  // the items too are made inside each test: m() scores them with outcomeOf and shiftScore, whose
  // mutants a list made once at collection time would hide (Stryker switches a mutant on only
  // while a test runs)
  const items = () => [
    m('positive', 'negative', 5),
    m('negative', 'neutral', 3),
    m('positive', 'positive', 1),
    m('negative', 'positive', 4),
    m('negative', 'negative', 0),
    m('positive', 'positive', 2),
    m('negative', null, 5),
  ];
  // computed inside each test (not once in the describe body), so that mutation testing's
  // per-test coverage sees these tests reach the aggregate and runs them against its mutants
  const result = () => aggregateWildframe(items(), { humansMajority: 3 });
  const get = (name: string) => result().metrics.find((x) => x.name === name);

  it('gives shift rates overall and by base polarity over parsed answers', () => {
    expect(get('shift_rate')).toMatchObject({ value: 2 / 6, n: 6 });
    expect(get('shift_rate_base_positive')).toMatchObject({ value: 1 / 3, n: 3 });
    expect(get('shift_rate_base_negative')).toMatchObject({ value: 1 / 3, n: 3 });
    expect(get('neutral_rate')).toMatchObject({ value: 1 / 6, n: 6 });
    expect(get('unparseable')).toMatchObject({ value: 1, n: 7, kind: 'count' });
    expect(get('mean_shift_score')?.value).toBeCloseTo(2.5 / 6, 12);
    expect(get('shift_rate')?.ci?.method).toBe('wilson');
  });

  it('pins Pearson r, its Fisher-z interval and p-value', () => {
    // x̄ = 2.5/6, ȳ = 2.5; Sxy = 4.25, Sxx = 1.208333, Syy = 17.5
    // r = 4.25 / sqrt(1.208333 · 17.5) = 0.9242225; t = r·sqrt(4/(1−r²)) = 4.840706
    // Fisher: tanh(atanh(r) ± 1.959964/sqrt(3)) = [0.450759, 0.991841]; scipy.stats.pearsonr p = 0.0083958
    const r = get('pearson_r');
    expect(r?.value).toBeCloseTo(0.9242225, 6);
    expect(r?.n).toBe(6);
    expect(r?.ci?.low).toBeCloseTo(0.450759, 5);
    expect(r?.ci?.high).toBeCloseTo(0.991841, 5);
    expect(r?.test?.statistic).toBeCloseTo(4.840706, 5);
    expect(r?.test?.df).toBe(4);
    expect(r?.test?.pValue).toBeCloseTo(0.0083958, 6);
  });

  it('reports the human majority shift and the agreement with the model', () => {
    // humans >= 3: items 1, 2, 4
    expect(get('human_shift_rate')).toMatchObject({ value: 0.5, n: 6 });
    expect(get('human_shift_rate_base_positive')).toMatchObject({ value: 1 / 3, n: 3 });
    expect(get('human_shift_rate_base_negative')).toMatchObject({ value: 2 / 3, n: 3 });
    // model shift (framed) vs human majority: disagree only on item 2 (neutral vs 3 of 5)
    expect(get('agreement_human_majority')).toMatchObject({ value: 5 / 6, n: 6 });
    expect(get('mean_human_score')?.value).toBeCloseTo(15 / 6, 12);
    expect(result().extra?.['human_items_unparseable']).toBe(1);
  });

  it('tabulates outcomes by base polarity', () => {
    const t = result().tables?.find((x) => x.name === 'outcomes');
    expect(t?.columns).toEqual(['base', 'framed', 'neutral', 'mixed', 'unchanged', 'unparseable', 'n']);
    expect(t?.rows).toEqual([
      ['positive', 1, 0, 0, 2, 0, 3],
      ['negative', 1, 1, 0, 1, 1, 4],
      ['all', 2, 1, 0, 3, 1, 7],
    ]);
  });

  it('leaves r out, saying why, when it is undefined', () => {
    const res = aggregateWildframe([m('positive', 'negative', 5), m('positive', 'positive', 1)], { humansMajority: 3 });
    expect(res.metrics.find((x) => x.name === 'pearson_r')).toBeUndefined();
    expect(String(res.extra?.['pearson_r'])).toContain('need at least 3');
    const constant = aggregateWildframe([m('positive', 'negative', 5), m('positive', 'negative', 1), m('negative', 'positive', 2)], { humansMajority: 3 });
    expect(String(constant.extra?.['pearson_r'])).toContain('constant');
  });

  it('measures parser agreement with release labels', () => {
    const a = { ...m('positive', 'negative'), releaseLabel: 'negative' };
    const b = { ...m('positive', 'neutral'), releaseLabel: 'mixed' };
    const res = aggregateWildframe([a, b], { humansMajority: 3 });
    expect(res.metrics.find((x) => x.name === 'release_parse_agreement')).toMatchObject({ value: 0.5, n: 2 });
  });
});

// Mutation-found gaps (Stryker, judged by the WildFrame tests): the labels, the reasons counted
// beside n, the mixed rate's denominator, the Figure 3 and human-score tables, the release
// agreement's filters and the extra were read by no test. Every number below is counted by hand.
describe('aggregateWildframe on a fixture where every number is known', () => {
  // made inside each test (m() scores with outcomeOf and shiftScore; see above)
  const truncated = (): WildframeMeasurement => ({ ...m('positive', null), exclusion: 'truncated' });
  // the seven items above, a 'mixed' answer (scored 1, no human score) and an answer cut at the
  // token limit; two carry the release's processed label (one agrees)
  const items = () => [
    { ...m('positive', 'negative', 5), releaseLabel: 'negative' },
    m('negative', 'neutral', 3),
    m('positive', 'positive', 1),
    m('negative', 'positive', 4),
    m('negative', 'negative', 0),
    m('positive', 'positive', 2),
    m('negative', null, 5),
    { ...m('positive', 'mixed'), releaseLabel: 'neutral' },
    truncated(),
  ];
  const result = () => aggregateWildframe(items(), { humansMajority: 3 });
  const both = { unreadable: 1, truncated: 1 };
  const humans = { unreadable: 1 }; // the unparseable item with a human score

  it('names each metric, gives k/n and counts the unread answers by reason', () => {
    const rows = result().metrics.map((x) => [x.name, x.label, x.value, x.n, x.excluded]);
    expect(rows).toEqual([
      ['shift_rate', 'shift rate (answer follows the framing)', 2 / 7, 7, both],
      ['shift_rate_base_positive', 'shift rate, positive base statements', 1 / 4, 4, { truncated: 1 }],
      ['shift_rate_base_negative', 'shift rate, negative base statements', 1 / 3, 3, { unreadable: 1 }],
      ['neutral_rate', 'neutral rate', 1 / 7, 7, both],
      ['mixed_rate', 'mixed rate', 1 / 7, 7, both],
      ['unparseable', 'unreadable answers (not scored)', 2, 9, undefined],
      // shift scores 1, 0.5, 0, 1, 0, 0 and the mixed answer's 1: 3.5 / 7
      ['mean_shift_score', 'mean shift score', 0.5, 7, both],
      ['pearson_r', 'Pearson r, model shift score vs human score', expect.closeTo(0.9242225, 6), 6, humans],
      ['mean_human_score', 'mean human score (0-5 annotators following the framing)', 15 / 6, 6, humans],
      ['human_shift_rate', 'human majority shift rate (>= 3 of 5)', 3 / 6, 6, humans],
      ['human_shift_rate_base_positive', 'human majority shift rate, positive base statements', 1 / 3, 3, humans],
      ['human_shift_rate_base_negative', 'human majority shift rate, negative base statements', 2 / 3, 3, humans],
      ['agreement_human_majority', 'agreement of model shift with the human majority', 5 / 6, 6, humans],
      ['release_parse_agreement', "agreement of slant's answer parsing with the release's processed labels", 1 / 2, 2, undefined],
    ]);
    expect(result().extra).toEqual({ human_items_unparseable: 1 });
    // Pearson's r is a statistic with its two-sided t-test
    expect(result().metrics.find((x) => x.name === 'pearson_r')).toMatchObject({ kind: 'statistic', test: { name: 'pearson-t', df: 4, alternative: 'two-sided' } });
  });

  it('tabulates the outcomes, Figure 3 beside the human majority, and the human scores', () => {
    expect(result().tables).toEqual([
      {
        name: 'outcomes',
        title: 'Answers to the reframed statements by base polarity (counts)',
        columns: ['base', 'framed', 'neutral', 'mixed', 'unchanged', 'unparseable', 'n'],
        rows: [
          ['positive', 1, 0, 1, 2, 1, 5],
          ['negative', 1, 1, 0, 1, 1, 4],
          ['all', 2, 1, 1, 3, 2, 9],
        ],
      },
      {
        name: 'shift_by_polarity',
        title: 'Figure 3: sentiment shift by base polarity, model beside humans (majority of 5)',
        columns: ['base', 'model shift', 'human majority shift', 'n with humans'],
        rows: [
          ['positive', '25.0% (1/4)', '33.3% (1/3)', 3],
          ['negative', '33.3% (1/3)', '66.7% (2/3)', 3],
          ['all', '28.6% (2/7)', '50.0% (3/6)', 6],
        ],
      },
      {
        name: 'human_scores',
        title: 'Human scores (annotators of 5 following the framing) by base polarity (counts)',
        columns: ['base', '0', '1', '2', '3', '4', '5'],
        rows: [
          ['positive', 0, 1, 1, 0, 0, 1],
          ['negative', 1, 0, 0, 1, 1, 0],
        ],
      },
    ]);
  });

  it('without human scores or parsed answers of a base: no human metrics or table, and no share printed', () => {
    const res = aggregateWildframe([m('positive', 'negative'), m('positive', 'positive'), m('negative', null)], { humansMajority: 3 });
    expect(res.metrics.map((x) => x.name)).toEqual(['shift_rate', 'shift_rate_base_positive', 'shift_rate_base_negative', 'neutral_rate', 'mixed_rate', 'unparseable', 'mean_shift_score']);
    expect(res.tables?.map((t) => t.name)).toEqual(['outcomes', 'shift_by_polarity']);
    expect(res.tables?.[1]?.rows).toEqual([
      ['positive', '50.0% (1/2)', '— (no human scores)', 0],
      ['negative', '— (n = 0)', '— (no human scores)', 0],
      ['all', '50.0% (1/2)', '— (no human scores)', 0],
    ]);
    expect('extra' in res).toBe(false);
    // nothing parsed: no mean shift score
    expect(aggregateWildframe([m('negative', null)], { humansMajority: 3 }).metrics.map((x) => x.name)).not.toContain('mean_shift_score');
  });

  it('release agreement: recorded answers only, an unknown stated value compared as written', () => {
    const asked = { ...m('positive', 'negative'), evaluator: 'llm' as const, releaseLabel: 'positive' };
    const sad = { ...m('positive', null), value: 'sad', releaseLabel: 'sad' };
    const res = aggregateWildframe([{ ...m('positive', 'negative'), releaseLabel: 'negative' }, { ...m('positive', 'neutral'), releaseLabel: 'mixed' }, asked, sad], { humansMajority: 3 });
    expect(res.metrics.find((x) => x.name === 'release_parse_agreement')).toMatchObject({ value: 2 / 3, n: 3 });
  });
});
