import { describe, expect, it } from 'vitest';
import type { Metric } from '../../../src/core/types.js';
import { aggregatePositionGroups, positionOptionsSchema, positionProbe, type PositionItem } from '../../../src/probes/position/index.js';
import type { PositionMeasurement } from '../../../src/probes/position/measure.js';
import { summEvalRecords } from '../../../src/probes/position/summeval.js';

const R = (f: number) => ({ precision: f, recall: f, fmeasure: f });
const rouge = (f1: number, f2 = f1 / 2, fl = f1) => ({ rouge1: R(f1), rouge2: R(f2), rougeL: R(fl) });
const place = (counts: number[], dropped = 0) => {
  const mapped = counts.reduce((a, b) => a + b, 0);
  return { sentences: mapped + dropped, mapped, dropped, counts };
};

/** K = 4. Gold is lead-heavy; 'lead' copies it, 'tail' mirrors it, 'mid' sits in the middle. */
function items(): PositionItem[] {
  const mk = (id: string, gold: number[][], outs: Record<string, { counts: number[]; dropped?: number; f1: number }>): PositionItem => {
    const m: PositionMeasurement = {
      articleSentences: 12,
      excluded: false,
      short: false,
      references: gold.map((g) => place(g)),
      outputs: Object.fromEntries(Object.entries(outs).map(([k, v]) => [k, { ...place(v.counts, v.dropped), rouge: rouge(v.f1) }])),
    };
    return { recordId: id, measurement: m };
  };
  return [
    mk('a', [[2, 1, 0, 0], [1, 1, 0, 0]], { lead: { counts: [2, 1, 0, 0], f1: 0.5 }, tail: { counts: [0, 0, 1, 2], f1: 0.3, dropped: 1 }, mid: { counts: [0, 2, 1, 0], f1: 0.4 } }),
    mk('b', [[1, 0, 1, 0]], { lead: { counts: [1, 0, 1, 0], f1: 0.6 }, tail: { counts: [0, 1, 0, 1], f1: 0.2 }, mid: { counts: [0, 1, 1, 0], f1: 0.45 } }),
  ];
}

const options = positionOptionsSchema.parse({ K: 4, resamples: 500 });
const metric = (g: { metrics: Metric[] }, n: string) => g.metrics.find((m) => m.name === n);

describe('aggregatePositionGroups', () => {
  // computed in each test, never in the describe body: mutation testing switches a mutant on only
  // while a test runs, so a fixture computed when the file loads is the unmutated code's
  const agg = () => aggregatePositionGroups(items(), options);
  const by = (n: string) => agg().groups.find((g) => g.labels.model === n)!;

  it('gold counts are the mean over references, summed over articles', () => {
    // article a: mean([2,1,0,0],[1,1,0,0]) = [1.5,1,0,0]; article b: [1,0,1,0]; sum [2.5,1,1,0] / 4.5
    expect(agg().goldDistribution).toEqual([2.5 / 4.5, 1 / 4.5, 1 / 4.5, 0].map((v) => expect.closeTo(v, 12)));
    expect(agg().articles).toBe(2);
  });

  it('Wasserstein (positional) and position shift, by hand', () => {
    // tail: counts [0,1,1,3] /5; cumulative gold 2.5,3.5,4.5 /4.5 = .5556,.7778,1 ; tail 0,.2,.4
    // W = (.5556 + .5778 + .6) / 4 = 0.43333
    const tail = by('tail');
    expect(metric(tail, 'wasserstein')!.value).toBeCloseTo((2.5 / 4.5 + (3.5 / 4.5 - 0.2) + (1 - 0.4)) / 4, 12);
    // mean positions (centres .125,.375,.625,.875): gold (2.5·.125 + .375 + .625)/4.5; tail (.375 + .625 + 3·.875)/5
    const gold = (2.5 * 0.125 + 0.375 + 0.625) / 4.5;
    expect(metric(tail, 'position_shift')!.value).toBeCloseTo((0.375 + 0.625 + 3 * 0.875) / 5 - gold, 12);
    expect(metric(tail, 'position_shift')!.value).toBeGreaterThan(0);
    expect(metric(tail, 'dropped_sentences')!.value).toBe(1);
    expect(metric(tail, 'dropped_sentences')!.n).toBe(6);
    const lead = by('lead');
    // lead: [3,1,1,0]/5 vs gold [2.5,1,1,0]/4.5 -> cumulative .6,.8,1 vs .5556,.7778,1
    expect(metric(lead, 'wasserstein')!.value).toBeCloseTo((0.6 - 2.5 / 4.5 + (0.8 - 3.5 / 4.5)) / 4, 12);
    expect(metric(lead, 'position_shift')!.value).toBeLessThan(0);
  });

  it('reports both distances, a bootstrap interval and per-article distances', () => {
    const tail = by('tail');
    const w = tail.metrics.find((m) => m.name === 'wasserstein')! as { value: number; ci?: { low: number; high: number } };
    expect(w.ci).toBeDefined();
    expect(w.ci!.low).toBeLessThanOrEqual(w.value + 1e-12);
    expect(w.ci!.high).toBeGreaterThanOrEqual(w.value - 1e-12);
    expect(tail.extra!.wassersteinPositional).toBeCloseTo(w.value, 12);
    expect(typeof tail.extra!.wassersteinReleased).toBe('number');
    // per-article: article b, gold [1,0,1,0] vs tail [0,1,0,1]: cumulative .5,.5,1 vs 0,.5,.5 -> (.5+0+.5)/4 = .25
    const per = tail.extra!.perArticle as { id: string; wasserstein: number }[];
    expect(per.find((p) => p.id === 'b')!.wasserstein).toBeCloseTo(0.25, 12);
    const b = (tail.extra!.perArticle as { id: string; distribution: number[]; goldDistribution: number[] }[]).find((p) => p.id === 'b')!;
    expect(b.distribution).toEqual([0, 0.5, 0, 0.5]);
    expect(b.goldDistribution).toEqual([0.5, 0, 0.5, 0]);
    expect(metric(tail, 'wasserstein_per_article')!.n).toBe(2);
  });

  it('released mode ignores segment order', () => {
    const rel = aggregatePositionGroups(items(), { ...options, wassersteinMode: 'released' });
    const perRel = rel.groups.find((g) => g.labels.model === 'tail')!.extra!.perArticle as { id: string; wasserstein: number }[];
    // article b: gold [.5,0,.5,0] and tail [0,.5,0,.5] are the same multiset of proportions
    expect(perRel.find((p) => p.id === 'b')!.wasserstein).toBe(0);
  });

  it('ROUGE means and Spearman across systems', () => {
    expect(metric(by('lead'), 'rouge1_f')!.value).toBeCloseTo(0.55, 12);
    // W order: lead < mid < tail; ROUGE-1 order: lead > mid > tail -> rho = -1
    const s = agg().spearman.find((r) => r.rouge === 'rouge1')!;
    expect(s.rho).toBeCloseTo(-1, 12);
    expect(s.n).toBe(3);
    expect(s.pExact).toBeCloseTo(1 / 3, 12); // 2 of 6 pairings reach |rho| = 1
  });
});

describe('positionProbe.aggregate', () => {
  it('one system: its metrics are the group metrics; several: per-system tables and extra.systems', () => {
    const one = items().map((i) => ({ recordId: i.recordId, measurement: { ...i.measurement, outputs: { output: i.measurement.outputs.lead! } } }));
    const single = positionProbe.aggregate(one, options);
    expect(single.metrics.map((m) => m.name)).toContain('wasserstein');
    expect((single.extra!.distribution as number[]).length).toBe(4);
    const multi = positionProbe.aggregate(items(), options);
    expect(multi.tables!.map((t) => t.name)).toEqual(['position_by_system', 'distributions', 'spearman']);
    expect((multi.extra!.systems as unknown[]).length).toBe(3);
    expect(JSON.parse(JSON.stringify(multi))).toBeTruthy();
  });
  it('needs an embedder only for the embedding mapper', () => {
    expect(positionProbe.needs(options)).toEqual([]);
    expect(positionProbe.needs({ ...options, mapper: 'embedding' })).toEqual(['embedder']);
  });
});

describe('SummEval reader', () => {
  it('turns each article into a record with all references and systems', () => {
    const recs = summEvalRecords(
      { x1: { src: 'A. B.', ref_summs: ['A.', 'B.'], sys_summs: { M1: { sys_summ: 'A.', scores: {} }, M2: { sys_summ: 'B.' } } } },
      'f.json',
    );
    expect(recs).toEqual([{ id: 'x1', source: 'A. B.', references: ['A.', 'B.'], outputs: { M1: 'A.', M2: 'B.' } }]);
  });
  it('names the file and field of a bad entry', () => {
    expect(() => summEvalRecords({ x1: { src: 'A.', ref_summs: [], sys_summs: {} } }, 'f.json')).toThrow(/f\.json, field "x1\.ref_summs"/);
    expect(() => summEvalRecords([], 'f.json')).toThrow(/SummEval/);
  });
});
