/**
 * A run aggregates certainty one item at a time (Probe.accumulate), keeping each item's discrete
 * shape as a code and its numbers in typed columns: it must give exactly what aggregate, corrected
 * and instruments give over the same items, in the same order (the strata and the means depend on
 * it), whichever field of an item they read.
 */
import { describe, expect, it } from 'vitest';
import type { PairLabel } from '../../../src/judges/certainty/labels.js';
import { certaintyOptionsSchema, certaintyProbe, createCertaintyProbe, type CertaintyMeasurement, type CertaintyOptions, type SourceRanking } from '../../../src/probes/certainty/index.js';
import { fakeModel } from '../../judges/certainty/fake-model.js';

type Label = CertaintyMeasurement['label'];
const LABELS: Label[] = [-2, -1, 0, 1, 2, 0, 1, -1, 'inconsistent', 'invalid', 'dropped'];

interface Vary {
  certainty?: 'number' | 'stratum';
  ranked?: boolean;
  turns?: boolean;
  moderator?: boolean;
  comparator?: 'llm' | 'offline' | 'mixed';
}

/** Seeded measurements varying every field the numbers read, with judge calls and reasoning they do not read. */
function items(n: number, seed: number, v: Vary = {}): CertaintyMeasurement[] {
  let s = seed;
  const next = (k: number): number => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % k;
  };
  const label = (): Label => LABELS[next(LABELS.length)]!;
  return Array.from({ length: n }, (_, i): CertaintyMeasurement => {
    const l = label();
    const comparator = v.comparator === 'mixed' ? (next(2) === 0 ? 'llm' : 'offline') : (v.comparator ?? 'offline');
    const m: CertaintyMeasurement = {
      label: l,
      comparator,
      judgeLabel: next(3) === 0 ? 'inconsistent' : l,
      calls: [{ presentation: 'original-first', score: 1, canonical: 1, reasoning: `because ${next(10_000)}` }] as CertaintyMeasurement['calls'],
    };
    if (v.moderator && m.judgeLabel === 'inconsistent') m.moderator = { label: ([-1, 0, 1, 'inconsistent', 'invalid'] as const)[next(5)]!, calls: [] };
    if (next(9) > 0) m.wed = next(40);
    else m.wedSkipped = 'over the cap';
    if (next(4) > 0) m.cosine = next(1000) / 997;
    // ties (a tenth of the values) straddle the strata's boundaries
    if (v.certainty === 'number') m.sourceCertainty = next(10) === 0 ? 0.25 : next(100_000) / 1e5;
    if (v.certainty === 'stratum' && next(5) > 0) m.sourceCertainty = (['low', 'medium', 'high'] as const)[next(3)]!;
    if (v.ranked) {
      const r: SourceRanking = { id: `s${i}`, rank: 1 + next(n), lambda: next(1000) / 100, stratum: 'medium', items: n, components: 1, converged: true, judge: 'j@1', judgements: 3 * n, invalid: 2, n: 4 };
      if (next(3) > 0) Object.assign(r, { lambdaLow: r.lambda - 1, lambdaHigh: r.lambda + 1, rankLow: r.rank - 1, rankHigh: r.rank + 2, component: 1 });
      m.sourceRanking = r;
    }
    if (v.turns && next(6) > 0) m.turns = Array.from({ length: 1 + next(4) }, (_, t) => ({ turn: t + 1, label: label() as PairLabel | 'invalid' | 'dropped' }));
    return m;
  });
}

const rows = (ms: CertaintyMeasurement[]) => ms.map((measurement, i) => ({ recordId: `r${String(i).padStart(5, '0')}`, measurement }));

function accumulator(ms: CertaintyMeasurement[], options: CertaintyOptions, probe = certaintyProbe) {
  const acc = probe.accumulate!(options);
  ms.forEach((m, i) => acc.add(m, `r${i}`));
  return acc;
}

function same(ms: CertaintyMeasurement[], options: CertaintyOptions, probe = certaintyProbe): ReturnType<typeof certaintyProbe.aggregate> {
  const whole = probe.aggregate(rows(ms), options);
  const got = accumulator(ms, options, probe).aggregate();
  expect(got).toEqual(whole);
  // the same key order too: results.json is written from it
  expect(JSON.stringify(got)).toBe(JSON.stringify(whole));
  return whole;
}

const names = (r: ReturnType<typeof certaintyProbe.aggregate>) => r.metrics.map((m) => m.name);

describe('certainty accumulate', () => {
  for (const denominator of ['consistent', 'all'] as const) {
    it(`gives aggregate's numbers with numeric source certainty, ties and ranks (denominator ${denominator})`, () => {
      const options = certaintyOptionsSchema.parse({ denominator });
      const whole = same(items(1_300, 3, { certainty: 'number', ranked: true }), options);
      expect(names(whole)).toEqual(expect.arrayContaining(['cd@low', 'cd@high', 'mean_wed', 'mean_cosine', 'dropped_rate']));
      expect(whole.tables!.map((t) => t.name)).toEqual(['labels', 'source_ranking']);
      expect(whole.metrics.find((m) => m.name === 'mean_wed')!.label).toMatch(/over the word-pair cap not counted/);
    });
  }

  it('gives aggregate’s strata from the ranks when every item is ranked, and from the items’ order when not', () => {
    const options = certaintyOptionsSchema.parse({});
    const ranked = items(400, 8, { certainty: 'number', ranked: true });
    same(ranked, options);
    // a few items without a ranking: the ties are ordered by the items' order instead
    same(ranked.map((m, i) => (i % 50 === 7 ? { ...m, sourceRanking: undefined } : m)), options);
    same(items(400, 9, { certainty: 'number' }), options);
    // the first items carry neither certainty nor a ranking: each later item's rank stays its own
    same(ranked.map((m, i) => (i < 3 ? { ...m, sourceRanking: undefined, sourceCertainty: undefined } : m)), options);
    expect(same(items(40, 9, { certainty: 'number' }).map((m) => ({ ...m, sourceCertainty: 0.25 })), options).extra!['strata_warning']).toMatch(/all 40 sources are tied/);
  });

  it('gives aggregate’s numbers with given strata, a moderator, telephone turns', () => {
    const options = certaintyOptionsSchema.parse({});
    const whole = same(items(900, 11, { certainty: 'stratum', moderator: true, turns: true }), options);
    expect(names(whole)).toEqual(expect.arrayContaining(['cd@medium', 'inconsistent_before_moderator', 'moderator_reviewed']));
    expect(whole.tables!.map((t) => t.name)).toEqual(['labels', 'telephone']);
    // moderated by configuration (no item reviewed) or by the probe's own moderator model
    expect(names(same(items(300, 12), certaintyOptionsSchema.parse({ moderator: 'openai:gpt-4o' })))).toContain('moderator_reviewed');
    expect(names(same(items(300, 12), options, createCertaintyProbe({ moderator: fakeModel('mod', () => '') })))).toContain('inconsistent_before_moderator');
    expect(names(same(items(300, 12), options))).not.toContain('moderator_reviewed');
  });

  it('refuses, as aggregate does, source certainty that mixes numbers and strata', () => {
    const options = certaintyOptionsSchema.parse({});
    const mixed = items(20, 4, { certainty: 'number' }).map((m, i) => (i === 3 ? { ...m, sourceCertainty: 'low' as const } : m));
    expect(() => certaintyProbe.aggregate(rows(mixed), options)).toThrow(/mixes numbers and stratum names/);
    expect(() => accumulator(mixed, options).aggregate()).toThrow(/mixes numbers and stratum names/);
  });

  it('gives corrected’s rates with the comparator’s card and the instruments, as the probe does over the items', () => {
    const options = certaintyOptionsSchema.parse({});
    const offline = items(700, 21);
    const acc = accumulator(offline, options);
    const corrected = certaintyProbe.corrected!(rows(offline), options, {});
    expect(corrected.metrics.map((m) => m.name)).toEqual(['cd_corrected', 'cd_up_corrected', 'cd_down_corrected']);
    expect(acc.corrected!({})).toEqual(corrected);
    expect(acc.instruments!()).toEqual(certaintyProbe.instruments!(offline, options));
    expect(acc.instruments!()).toHaveLength(1);
    const banded = certaintyOptionsSchema.parse({ offlineTieBand: 0.9, offlineClearBand: 1.5 });
    expect(accumulator(offline, banded).instruments!()).toEqual(certaintyProbe.instruments!(offline, banded));
    // a card saved for the comparator wins over the shipped one
    const card = corrected.judges[0]!.card!;
    const saved = { ...card, confusion: { ...card.confusion } } as typeof card;
    const judges = { cardFor: () => saved };
    expect(acc.corrected!(judges)).toEqual(certaintyProbe.corrected!(rows(offline), options, judges));
    expect(acc.corrected!(judges).judges[0]!.card).toBe(saved);
    // the LLM judge (no card): named, no corrected rates; no offline comparator among the instruments
    const llm = { llm: fakeModel('judge', () => '') };
    const byLlm = items(50, 22, { comparator: 'llm' });
    const accLlm = accumulator(byLlm, options);
    expect(accLlm.corrected!(llm)).toEqual(certaintyProbe.corrected!(rows(byLlm), options, llm));
    expect(accLlm.corrected!(llm).judges[0]!.id).toMatch(/judge/);
    expect(accLlm.instruments!()).toEqual([]);
    // items from two comparators: no corrected rates, the offline comparator still named
    const mixed = items(60, 23, { comparator: 'mixed' });
    expect(accumulator(mixed, options).corrected!({})).toEqual({ metrics: [], judges: [] });
    expect(accumulator(mixed, options).instruments!()).toEqual(certaintyProbe.instruments!(mixed, options));
  });

  it('gives the known numbers of a hand-counted group', () => {
    const options = certaintyOptionsSchema.parse({});
    const m = (label: Label, wed?: number): CertaintyMeasurement => ({ label, comparator: 'offline', judgeLabel: label, calls: [], ...(wed === undefined ? {} : { wed }) });
    const got = accumulator([m(2, 3), m(-1, 5), m(0, 1), m('inconsistent'), m(1)], options).aggregate();
    const metric = (name: string) => got.metrics.find((x) => x.name === name);
    // 4 consistent items: 3 shifts (2 up, 1 down), 1 tie; one inconsistent of 5
    expect(metric('n_items')).toMatchObject({ value: 5, n: 5 });
    expect(metric('cd')).toMatchObject({ value: 0.75, n: 4, excluded: { inconsistent: 1 } });
    expect(metric('ratio')).toMatchObject({ value: 2, n: 3 });
    expect(metric('inconsistent_rate')).toMatchObject({ value: 0.2, n: 5 });
    expect(metric('mean_wed')).toMatchObject({ value: 3, n: 3 });
    expect(metric('mean_wed')!.label).toMatch(/2 item\(s\) over the word-pair cap/);
    expect(metric('mean_cosine')).toBeUndefined();
    // a moderator reviewed the two items its judge found inconsistent: one resolved, one still inconsistent
    const reviewed = (label: Label, moderator: 1 | 'inconsistent'): CertaintyMeasurement => ({ ...m(label), judgeLabel: 'inconsistent', moderator: { label: moderator, calls: [] } });
    const mod = accumulator([m(2), reviewed(1, 1), reviewed('inconsistent', 'inconsistent'), m(0)], options).aggregate();
    expect(mod.metrics.find((x) => x.name === 'inconsistent_before_moderator')).toMatchObject({ value: 0.5, n: 4 });
    expect(mod.metrics.find((x) => x.name === 'inconsistent_after_moderator')).toMatchObject({ value: 0.25, n: 4 });
    expect(mod.metrics.find((x) => x.name === 'moderator_up')).toMatchObject({ value: 0.5, n: 2 });
  });

  it('gives the empty group’s and a one-item group’s numbers', () => {
    const options = certaintyOptionsSchema.parse({});
    const empty = same([], options);
    expect(empty.metrics.find((x) => x.name === 'cd')).toMatchObject({ value: null, n: 0 });
    expect(accumulator([], options).corrected!({})).toEqual({ metrics: [], judges: [] });
    expect(accumulator([], options).instruments!()).toEqual([]);
    same(items(1, 30, { certainty: 'number', ranked: true, turns: true }), options);
  });
});
