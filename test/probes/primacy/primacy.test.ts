import { describe, expect, it } from 'vitest';
import { aggregatePrimacy, measurePrimacy, primacyProbe, thirdSimilarities } from '../../../src/probes/primacy/index.js';
import type { Embedder } from '../../../src/judges/types.js';

describe('primacy probe (seed 000, eq. 2)', () => {
  it('flags s_b > s_m + α strictly, and the recency counterpart', () => {
    expect(measurePrimacy([0.8, 0.7, 0.6], 0.05).primacy).toBe(true);
    // 0.75 > 0.70 + 0.05 is false: equality does not count
    expect(measurePrimacy([0.75, 0.7, 0.6], 0.05).primacy).toBe(false);
    expect(measurePrimacy([0.75, 0.7, 0.6], 0.0).primacy).toBe(true);
    expect(measurePrimacy([0.5, 0.6, 0.7], 0.05)).toMatchObject({ primacy: false, recency: true });
  });

  it('aggregates ψ_pri, the means, coverage and the paired t-test', () => {
    // s_b = [0.9, 0.8, 0.7, 0.6], s_m = [0.7, 0.75, 0.7, 0.5], s_e = [0.6, 0.6, 0.8, 0.5]
    // primacy (α = .05): 0.9>0.75 ✓, 0.8>0.8 ✗, 0.7>0.75 ✗, 0.6>0.55 ✓  → ψ_pri = 2/4
    // recency: 0.6>0.75 ✗, 0.6>0.8 ✗, 0.8>0.75 ✓, 0.5>0.55 ✗ → 1/4
    // d = s_b − s_m = [0.2, 0.05, 0, 0.1]; mean 0.0875; sd = sqrt(Σ(d−d̄)²/3)
    //   = sqrt((0.01265625+0.00140625+0.00765625+0.00015625)/3) = sqrt(0.00729167) = 0.0853913
    // t = 0.0875 / (0.0853913/2) = 2.04939, df 3; two-sided p = 0.1328 (R: t.test(sb, sm, paired=TRUE))
    const sb = [0.9, 0.8, 0.7, 0.6];
    const sm = [0.7, 0.75, 0.7, 0.5];
    const se = [0.6, 0.6, 0.8, 0.5];
    const items = sb.map((b, i) => measurePrimacy([b, sm[i]!, se[i]!], 0.05));
    const metrics = aggregatePrimacy(items);
    const get = (n: string) => metrics.find((x) => x.name === n);
    expect(get('psi_pri')?.value).toBe(0.5);
    expect(get('psi_rec')?.value).toBe(0.25);
    // ρ_pri (α = 0): 0.9>0.7 ✓, 0.8>0.75 ✓, 0.7>0.7 ✗, 0.6>0.5 ✓ → 3/4; with rhoAlpha 0.06: ✓ ✗ ✗ ✓ → 2/4
    expect(get('rho_pri')?.value).toBe(0.75);
    expect(aggregatePrimacy(items, 0.06).find((x) => x.name === 'rho_pri')?.value).toBe(0.5);
    expect(get('mean_s_b')?.value).toBeCloseTo(0.75, 12);
    expect(get('mean_s_m')?.value).toBeCloseTo(0.6625, 12);
    expect(get('mean_s_e')?.value).toBeCloseTo(0.625, 12);
    expect(get('coverage')?.value).toBeCloseTo((0.75 + 0.6625 + 0.625) / 3, 12);
    const d = get('mean_s_b_minus_s_m');
    expect(d?.value).toBeCloseTo(0.0875, 12);
    expect(d?.test?.statistic).toBeCloseTo(2.04939, 4);
    expect(d?.test?.df).toBe(3);
    expect(d?.test?.pValue).toBeCloseTo(0.1328, 3);
  });

  it('embeds the output with the three thirds in one call for fit-per-call embedders', async () => {
    const calls: string[][] = [];
    const embedder: Embedder = {
      id: 'fake',
      version: '1',
      mode: 'fit-per-call',
      // output [1,0,0], thirds: first identical, middle orthogonal, end 45°
      embed: async (texts) => {
        calls.push([...texts]);
        return [[1, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]];
      },
    };
    const s = await thirdSimilarities(embedder, 'one two three four five six', 'summary', 'words');
    expect(calls[0]).toEqual(['summary', 'one two', 'three four', 'five six']);
    expect(s[0]).toBeCloseTo(1);
    expect(s[1]).toBeCloseTo(0);
    expect(s[2]).toBeCloseTo(Math.SQRT1_2);
  });

  it('uses query/passage roles for independent (e5-style) embedders', async () => {
    const kinds: (string | undefined)[] = [];
    const embedder: Embedder = {
      id: 'e5',
      version: '1',
      mode: 'independent',
      embed: async (texts, o) => {
        kinds.push(o?.kind);
        return texts.map(() => [1, 0]);
      },
    };
    await thirdSimilarities(embedder, 'a b c d e f', 'sum', 'words');
    expect(kinds).toEqual(['query', 'passage']);
  });

  it('validates options with defaults α = 0.05 and split by words', () => {
    expect(primacyProbe.optionsSchema.parse({})).toEqual({ alpha: 0.05, split: 'words', rhoAlpha: 0 });
    expect(() => primacyProbe.optionsSchema.parse({ split: 'paragraphs' })).toThrow();
  });
});

// Mutation-found gaps: the recency flag's tie (s_e = s_m + α is not recency) and the paired t-test
// at the smallest n it runs on (n = 2; at n = 1 there is none).
describe('primacy edges', () => {
  it('recency is strict: s_e equal to s_m + α does not count', () => {
    expect(measurePrimacy([0.6, 0.7, 0.75], 0.05).recency).toBe(false);
    expect(measurePrimacy([0.6, 0.7, 0.7500001], 0.05).recency).toBe(true);
    expect(measurePrimacy([0.6, 0.7, 0.7], 0).recency).toBe(false);
  });
  it('runs the paired t-test at n = 2 (scipy.stats.ttest_rel([0.9, 0.6], [0.7, 0.5])) and not at n = 1', () => {
    const two = aggregatePrimacy([measurePrimacy([0.9, 0.7, 0.1], 0.05), measurePrimacy([0.6, 0.5, 0.2], 0.05)]);
    const d = two.find((m) => m.name === 'mean_s_b_minus_s_m')!;
    expect(d.value).toBeCloseTo(0.15, 12);
    expect(d.test?.statistic).toBeCloseTo(3, 10);
    expect(d.test?.df).toBe(1);
    expect(d.test?.pValue).toBeCloseTo(0.20483276469913364, 10);
    expect(d.ci?.low).toBeCloseTo(-0.4853102368087352, 10);
    expect(d.ci?.high).toBeCloseTo(0.7853102368087352, 10);
    const one = aggregatePrimacy([measurePrimacy([0.9, 0.7, 0.1], 0.05)]).find((m) => m.name === 'mean_s_b_minus_s_m')!;
    expect(one.test).toBeUndefined();
    expect(one.n).toBe(1);
  });
});

// Written because mutants survived: the labels every screen prints, the per-item values the
// comparisons read (and their declared ranges), and ρ_pri's threshold named in its label.
describe('primacy: labels, per-item values and kinds', () => {
  // made inside each test, not in the describe body: Stryker switches a mutant on only while a
  // test runs, so a fixture measured at collection time would hide measurePrimacy's mutants
  const item = () => measurePrimacy([0.9, 0.6, 0.3], 0.05);
  it('labels each metric', () => {
    const m = item();
    const metrics = aggregatePrimacy([m, measurePrimacy([0.2, 0.4, 0.8], 0.05)]);
    expect(metrics.map((x) => [x.name, x.label, x.kind])).toEqual([
      ['psi_pri', 'ψ_pri (primacy rate, eq. 2)', 'rate'],
      ['psi_rec', 'recency rate (s_e > s_m + α)', 'rate'],
      ['rho_pri', 'ρ_pri (share with s_b > s_m; Table A6, definition: docs/probes.md)', 'rate'],
      ['mean_s_b', 's̄_b (similarity to beginning)', 'mean'],
      ['mean_s_m', 's̄_m (similarity to middle)', 'mean'],
      ['mean_s_e', 's̄_e (similarity to end)', 'mean'],
      ['coverage', 'coverage (s̄_b+s̄_m+s̄_e)/3', 'mean'],
      ['mean_s_b_minus_s_m', 's̄_b − s̄_m', 'mean'],
    ]);
    expect(aggregatePrimacy([m], 0.1).find((x) => x.name === 'rho_pri')!.label).toBe('ρ_pri (share with s_b > s_m + 0.1; Table A6, definition: docs/probes.md)');
    const d = metrics.find((x) => x.name === 'mean_s_b_minus_s_m')!;
    expect(d.test).toMatchObject({ name: 'paired t-test (s_b vs s_m, two-sided)', alternative: 'two-sided' });
    // no items: the three rates (with n = 0) and nothing else
    expect(aggregatePrimacy([]).map((x) => [x.name, x.n])).toEqual([['psi_pri', 0], ['psi_rec', 0], ['rho_pri', 0]]);
  });

  it('per-item values and their declared kinds', () => {
    const m = item();
    const options = primacyProbe.optionsSchema.parse({ rhoAlpha: 0.2 });
    expect(primacyProbe.itemValues!(m, options)).toEqual({
      psi_pri: 1,
      psi_rec: 0,
      rho_pri: 1,
      mean_s_b: 0.9,
      mean_s_m: 0.6,
      mean_s_e: 0.3,
      coverage: expect.closeTo(0.6, 12),
      mean_s_b_minus_s_m: expect.closeTo(0.3, 12),
    });
    // s_b − s_m = 0.3 is not above ρα = 0.4
    expect(primacyProbe.itemValues!(m, { ...options, rhoAlpha: 0.4 })).toMatchObject({ rho_pri: 0 });
    expect(primacyProbe.itemValues!(measurePrimacy([0.2, 0.4, 0.8], 0.05), options)).toMatchObject({ psi_pri: 0, psi_rec: 1, rho_pri: 0 });
    expect(primacyProbe.itemKinds).toEqual({
      psi_pri: { kind: 'rate' },
      psi_rec: { kind: 'rate' },
      rho_pri: { kind: 'rate' },
      mean_s_b: { kind: 'mean', range: [-1, 1] },
      mean_s_m: { kind: 'mean', range: [-1, 1] },
      mean_s_e: { kind: 'mean', range: [-1, 1] },
      coverage: { kind: 'mean', range: [-1, 1] },
      mean_s_b_minus_s_m: { kind: 'mean', range: [-2, 2] },
    });
    expect(primacyProbe.needs!(options)).toEqual(['embedder']);
  });

  it('measures through an embedder, and refuses to run without one or with too few vectors', async () => {
    const embedder: Embedder = { id: 'e', version: '1', mode: 'fit-per-call', embed: async () => [[1, 0], [1, 0], [0, 1], [1, 1]] };
    const options = primacyProbe.optionsSchema.parse({ alpha: 0.1 });
    const ctx = { options, judges: { embedder } } as unknown as Parameters<typeof primacyProbe.measure>[1];
    const got = await primacyProbe.measure({ id: 'x', source: 'a b c d e f', output: 'o' }, ctx);
    expect(got).toEqual({ sB: expect.closeTo(1, 12), sM: expect.closeTo(0, 12), sE: expect.closeTo(Math.SQRT1_2, 12), primacy: true, recency: true });
    await expect(primacyProbe.measure({ id: 'x', source: 'a b c', output: 'o' }, { ...ctx, judges: {} } as typeof ctx)).rejects.toThrow('primacy probe needs an embedder');
    const short: Embedder = { ...embedder, embed: async () => [[1, 0], [1, 0]] };
    await expect(thirdSimilarities(short, 'a b c', 'o', 'words')).rejects.toThrow('embedder e returned fewer vectors than texts');
    // Written for the survivors of `!o || !b || !m || !e` (the first three terms made false, `||`
    // made `&&`): each of the four vectors missing on its own, the others present, is refused,
    // whether the answer is short (no end third) or has a hole (null where a third's vector belongs)
    const answering = (vectors: (number[] | null)[]): Embedder => ({ ...embedder, embed: async () => vectors as number[][] });
    for (const vectors of [[null, [1, 0], [0, 1], [1, 1]], [[1, 0], null, [0, 1], [1, 1]], [[1, 0], [1, 0], null, [1, 1]], [[1, 0], [1, 0], [0, 1]]]) {
      await expect(thirdSimilarities(answering(vectors), 'a b c', 'o', 'words')).rejects.toThrow('embedder e returned fewer vectors than texts');
    }
    const agg = primacyProbe.aggregate([{ recordId: 'x', measurement: got }], options);
    expect(agg.metrics.find((x) => x.name === 'psi_pri')!.value).toBe(1);
  });
});

describe('primacy: the split unit and the abort signal reach the embedder', () => {
  it('cuts the source by the unit asked for, and passes the signal on', async () => {
    const seen: { texts: string[]; signal: AbortSignal | undefined }[] = [];
    const embedder: Embedder = {
      id: 'spy',
      version: '1',
      mode: 'fit-per-call',
      embed: async (texts, o) => {
        seen.push({ texts: [...texts], signal: o?.signal });
        return texts.map(() => [1, 0]);
      },
    };
    const signal = new AbortController().signal;
    const text = 'One two. Three four five six seven. Eight.';
    await thirdSimilarities(embedder, text, 'sum', 'sentences', signal);
    await thirdSimilarities(embedder, text, 'sum', 'words');
    expect(seen).toEqual([
      { texts: ['sum', 'One two.', 'Three four five six seven.', 'Eight.'], signal },
      { texts: ['sum', 'One two. Three', 'four five six', 'seven. Eight.'], signal: undefined },
    ]);
  });
});
