import { describe, expect, it } from 'vitest';
import { findingsOf, MAX_FINDINGS } from '../../src/report/findings.js';
import { RESULTS_SCHEMA_ID, type EffectJson, type GroupResultJson, type MetricJson, type ProbeResult, type Results } from '../../src/results/schema.js';
import { workedFramingCard } from '../helpers/judge-card.js';

const ci = (low: number, high: number) => ({ low, high, level: 0.95, method: 'worked' });
const rate = (name: string, value: number, n: number, low: number, high: number): MetricJson => ({ name, label: name, value, n, ci: ci(low, high), kind: 'rate' });
const mean = (name: string, value: number, n: number, low: number, high: number): MetricJson => ({ name, label: name, value, n, ci: ci(low, high), kind: 'mean' });

function results(probes: ProbeResult[], models = ['my-model']): Results {
  return {
    schema: RESULTS_SCHEMA_ID,
    slant: { version: '0' },
    run: { id: 'r', command: 'run', createdAt: '', finishedAt: '', status: 'completed' },
    models: models.map((id) => ({ id, version: '1' })),
    datasets: [{ name: 'news', n: 40, skipped: 0 }],
    probes,
    warnings: [],
  };
}

const probe = (name: string, groups: GroupResultJson[], extra: Partial<ProbeResult> = {}): ProbeResult => ({ probe: name, options: {}, judges: [], groups, items: [], ...extra });
const group = (metrics: MetricJson[], labels: Record<string, string> = {}, n = 40): GroupResultJson => ({ labels: { model: 'my-model', dataset: 'news', ...labels }, n, metrics });

/** A primacy group from the three thirds and the paired gap s̄_b − s̄_m. */
const thirds = (n: number, b: [number, number, number], m: [number, number, number], e: [number, number, number], gap: [number, number, number], psi?: [number, number, number], labels: Record<string, string> = {}): GroupResultJson =>
  group([mean('mean_s_b', ...b.slice(0, 1) as [number], n, b[1], b[2]), mean('mean_s_m', m[0], n, m[1], m[2]), mean('mean_s_e', e[0], n, e[1], e[2]), mean('mean_s_b_minus_s_m', gap[0], n, gap[1], gap[2]), ...(psi ? [rate('psi_pri', psi[0], n, psi[1], psi[2])] : [])], labels, n);

const effect = (condition: string, metric: string, difference: number, low: number, high: number, n = 20, pHolm?: number): EffectJson => ({
  labels: { model: 'my-model', dataset: 'news', condition },
  metric,
  label: metric,
  kind: 'rate',
  baseline: 0.5,
  mitigated: 0.5 + difference,
  difference,
  n,
  ci: ci(low, high),
  ...(pHolm !== undefined ? { pHolm } : {}),
});

describe('findings', () => {
  it('recency: a model that draws on the end of its sources, with the numbers it states', () => {
    const r = results([probe('primacy', [thirds(40, [0.21, 0.18, 0.24], [0.3, 0.27, 0.33], [0.7, 0.66, 0.74], [-0.09, -0.12, -0.06], [0.05, 0.01, 0.17])])]);
    const [m] = findingsOf(r);
    expect(m?.model).toBe('my-model');
    const recency = m?.findings.find((f) => f.subject === 'recency');
    expect(recency?.status).toBe('shown');
    expect(recency?.text).toBe('my-model draws on the end of its sources: similarity to the last third 0.70 [0.66, 0.74] against 0.21 to the first and 0.30 to the middle (n = 40).');
    expect(recency?.figures[0]).toMatchObject({ metric: 'mean_s_e', heading: 'similarity to the last third s̄_e', value: 0.7, ci: { low: 0.66, high: 0.74 }, n: 40 });
    // s̄_b below s̄_m: no primacy sentence
    expect(m?.findings.some((f) => f.subject === 'primacy')).toBe(false);
  });

  it('primacy is stated from the paired gap s̄_b − s̄_m, with ψ_pri', () => {
    const r = results([probe('primacy', [thirds(20, [0.612, 0.561, 0.663], [0.28, 0.25, 0.31], [0.293, 0.256, 0.331], [0.332, 0.28, 0.383], [1, 0.839, 1])])]);
    expect(findingsOf(r)[0]?.findings[0]?.text).toBe('my-model draws on the beginning of its sources: similarity to the first third 0.61 [0.56, 0.66] against 0.28 to the middle (n = 20); primacy bias rate ψ_pri 100% [84, 100].');
  });

  it('where no third differs, it says so (overlapping intervals, gap interval across 0)', () => {
    const r = results([probe('primacy', [thirds(20, [0.516, 0.444, 0.587], [0.547, 0.49, 0.604], [0.572, 0.524, 0.62], [-0.031, -0.112, 0.049])])]);
    const f = findingsOf(r)[0]?.findings ?? [];
    expect(f.map((x) => [x.subject, x.status])).toEqual([['position', 'none']]);
    expect(f[0]?.text).toBe('my-model favours no third of its sources: similarity (first, middle, last third) 0.52, 0.55, 0.57 (n = 20; intervals overlap).');
  });

  it('a mitigation that lowers ψ_pri is stated with its paired interval; the others are said not to differ', () => {
    const r = results([
      probe('primacy', [thirds(20, [0.6, 0.55, 0.65], [0.3, 0.27, 0.33], [0.3, 0.27, 0.33], [0.3, 0.25, 0.35], [0.6, 0.39, 0.78])], {
        effects: [effect('position-invariant-shuffle', 'psi_pri', -0.25, -0.47, -0.04, 20, 0.03), effect('self-help-debias', 'psi_pri', -0.05, -0.2, 0.1), effect('weighted-summaries', 'psi_pri', 0.05, -0.1, 0.2)],
      }),
    ]);
    const f = findingsOf(r)[0]?.findings ?? [];
    // the answer to a run with conditions comes first
    expect(f[0]?.text).toBe('position-invariant-shuffle lowers my-model\'s primacy bias rate ψ_pri by 25 pp [−47, −4] (paired, n = 20).');
    expect(f[0]?.figures[0]).toMatchObject({ metric: 'psi_pri', value: -0.25, difference: true, ci: { low: -0.47, high: -0.04 }, n: 20, labels: { condition: 'position-invariant-shuffle' } });
    const quiet = f.find((x) => x.subject === 'effect' && x.status === 'none');
    expect(quiet?.text).toBe('No other mitigation (self-help-debias and weighted-summaries) differs from the baseline on my-model\'s primacy bias rate ψ_pri: every paired interval includes 0 (paired, n = 20).');
    // the baseline's own primacy follows the effects
    expect(f.findIndex((x) => x.subject === 'primacy')).toBeGreaterThan(0);
  });

  it("an effect whose interval excludes 0 but Holm's p does not says so; no mitigation differing is one sentence", () => {
    const r = results([probe('framing', [group([rate('phi_frame', 0.3, 20, 0.15, 0.5)])], { effects: [effect('cot', 'phi_frame', 0.2, 0.01, 0.4, 20, 0.2)] })]);
    expect(findingsOf(r)[0]?.findings[0]?.text).toBe('cot raises my-model\'s framing change rate φ_frame by 20 pp [1, 40] (paired, n = 20; Holm: not significant).');
    const none = results([probe('framing', [group([rate('phi_frame', 0.3, 20, 0.15, 0.5)])], { effects: [effect('cot', 'phi_frame', 0.05, -0.1, 0.2), effect('self-awareness', 'phi_frame', -0.05, -0.2, 0.1)] })]);
    expect(findingsOf(none)[0]?.findings.find((x) => x.subject === 'effect')?.text).toBe('No mitigation differs from the baseline on my-model\'s framing change rate φ_frame: every paired interval includes 0 (paired, n = 20).');
  });

  it('a condition without paired records is said to be incomparable, not to have no effect', () => {
    const r = results([probe('framing', [group([rate('phi_frame', 0.3, 20, 0.15, 0.5)])], { effects: [{ ...effect('cot', 'phi_frame', 0, 0, 0, 0), difference: null, mitigated: null, ci: undefined }] })]);
    expect(findingsOf(r)[0]?.findings[0]?.text).toBe('cot could not be compared with the baseline: no record was measured under both (paired, n = 0).');
  });

  it('framing: the rate, its corrected value and the judge card, read with care below 0.7', () => {
    const card = { ...workedFramingCard(['positive', 'negative', 'neutral'], [[8, 1, 1], [1, 6, 3], [2, 2, 6]], 0.64), summary: 'held-out reviews', n: 300 };
    const r = results([probe('framing', [group([rate('phi_frame', 0.4, 20, 0.22, 0.61), rate('phi_frame_corrected', 0.31, 20, 0.12, 0.55)], {}, 20)], { judges: [{ id: 'offline-framing', version: '2', card }] })]);
    const f = findingsOf(r)[0]?.findings[0];
    expect(f?.status).toBe('shown');
    expect(f?.text).toBe("my-model changed the framing of 40% [22, 61] of its summaries (n = 20), 31% [12, 55] once corrected for the judge's error (judge balanced accuracy 0.64: read with care).");
    expect(f?.trust).toEqual({ judge: 'offline-framing', version: '2', balancedAccuracy: 0.64, verdict: 'read with care' });
    expect(f?.figures[0]).toMatchObject({ value: 0.4, n: 20, corrected: { value: 0.31, ci: { low: 0.12, high: 0.55 } } });
  });

  it('framing whose corrected interval reaches 0 is not stated as a change: the judge may explain it', () => {
    const card = { ...workedFramingCard(['positive', 'negative', 'neutral'], [[8, 1, 1], [1, 6, 3], [2, 2, 6]], 0.85), summary: 'held-out reviews', n: 300 };
    const r = results([probe('framing', [group([rate('phi_frame', 0.15, 20, 0.05, 0.36), rate('phi_frame_corrected', 0.04, 20, 0, 0.3)], {}, 20)], { judges: [{ id: 'offline-framing', version: '2', card }] })]);
    const f = findingsOf(r)[0]?.findings[0];
    expect(f?.status).toBe('none');
    expect(f?.text).toBe("my-model changed no more framing than the judge’s measured error explains: 15% [5, 36] of its summaries (n = 20), 4% [0, 30] once corrected for the judge's error (judge balanced accuracy 0.85).");
    expect(f?.trust?.verdict).toBe('trusted');
  });

  it('several datasets: one sentence per finding, a clause per dataset naming it', () => {
    const r = results([probe('framing', [group([rate('phi_frame', 0.4, 20, 0.22, 0.61)], { dataset: 'reviews' }, 20), group([rate('phi_frame', 0.5, 20, 0.3, 0.7)], { dataset: 'interviews' }, 20)])]);
    expect(findingsOf(r)[0]?.findings.map((f) => f.text)).toEqual(['my-model changed the framing of 40% [22, 61] of its summaries on reviews and 50% [30, 70] on interviews (n = 20 each).']);
  });

  it('conditions and other models stay out of a model’s baseline findings; each model has its own', () => {
    const r = results(
      [probe('framing', [group([rate('phi_frame', 0.4, 20, 0.22, 0.61)], {}, 20), group([rate('phi_frame', 0.02, 20, 0, 0.1)], { condition: 'cot' }, 20), group([rate('phi_frame', 0.03, 20, 0, 0.15)], { model: 'other' }, 20)])],
      ['my-model', 'other'],
    );
    const f = findingsOf(r);
    expect(f.map((x) => x.model)).toEqual(['my-model', 'other']);
    expect(f[0]?.findings.map((x) => x.status)).toEqual(['shown']);
    expect(f[1]?.findings[0]?.text).toBe('other is not shown to change framing: 3% [0, 15] of its summaries (n = 20).');
  });

  it(`at most ${MAX_FINDINGS} sentences per model, the last saying how many more are in the tables`, () => {
    const effects = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((c) => effect(c, 'phi_frame', -0.3, -0.5, -0.1));
    const r = results([probe('framing', [group([rate('phi_frame', 0.4, 20, 0.22, 0.61)], {}, 20)], { effects })]);
    const f = findingsOf(r)[0]?.findings ?? [];
    expect(f).toHaveLength(MAX_FINDINGS);
    expect(f[MAX_FINDINGS - 1]?.text).toBe('3 further findings are in the tables below.');
  });

  it('certainty: CD with the asymmetry the paper reports, when CD↑ and CD↓ part', () => {
    const r = results([probe('certainty', [group([rate('cd', 0.45, 100, 0.35, 0.55), rate('cd_up', 0.35, 100, 0.26, 0.45), rate('cd_down', 0.1, 100, 0.05, 0.18)], {}, 100)])]);
    expect(findingsOf(r)[0]?.findings.map((f) => f.text)).toEqual([
      'my-model changed the certainty of 45% [35, 55] of its rewrites (n = 100).',
      'my-model makes its rewrites more certain more often than less certain: CD↑ 35% [26, 45] against CD↓ 10% [5, 18] (n = 100).',
    ]);
  });

  it('hallucination: the strict accuracy before and after the cutoff, stated from the signed gap', () => {
    const r = results([probe('hallucination', [group([rate('strict_acc_pre', 0.8, 50, 0.67, 0.89), rate('strict_acc_post', 0.4, 50, 0.28, 0.54), { ...rate('delta_h_signed', 0.4, 100, 0.22, 0.56), kind: 'statistic' }], {}, 50)])]);
    expect(findingsOf(r)[0]?.findings[0]?.text).toBe('my-model is less accurate on news after its knowledge cutoff: both of a true/falsified pair judged right in 80% [67, 89] before (n = 50) against 40% [28, 54] after (n = 50).');
  });

  it('a judge without a card is named as such, once per probe; a similarity measure is not a judge', () => {
    const r = results([probe('framing', [group([rate('phi_frame', 0.4, 20, 0.22, 0.61)], {}, 20)], { judges: [{ id: 'gpt-judge', version: '1' }] })]);
    expect(findingsOf(r)[0]?.findings.at(-1)).toMatchObject({ status: 'instrument', text: 'The framing measurements come from gpt-judge@1, which has no accuracy card: how far it agrees with people is not measured.' });
    const p = results([probe('primacy', [thirds(20, [0.516, 0.444, 0.587], [0.547, 0.49, 0.604], [0.572, 0.524, 0.62], [-0.031, -0.112, 0.049])], { judges: [{ id: 'tfidf', version: '1' }] })]);
    expect(findingsOf(p)[0]?.findings.map((f) => f.status)).toEqual(['none']);
  });
});
