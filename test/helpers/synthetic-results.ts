/**
 * Results of every probe, built by the probes' real aggregate functions from synthetic item
 * measurements (no model, no judge), plus mitigation groups, effects and costs in the shape the
 * mitigations step writes. `evil` puts hostile strings into model names, dataset names and labels.
 */
import { getProbe } from '../../src/probes/registry.js';
import { RESULTS_SCHEMA_ID, type ProbeResult, type Results } from '../../src/results/schema.js';

export const EVIL = '<script>alert(1)</script></script><img src=x onerror=alert(2)>javascript:alert(3)';

const framings = ['positive', 'negative', 'neutral'] as const;

function probeResult(name: string, groups: { labels: Record<string, string>; items: { recordId: string; measurement: unknown }[] }[], optionsRaw: unknown = {}): ProbeResult {
  const probe = getProbe(name);
  const options = probe.optionsSchema.parse(optionsRaw) as Record<string, unknown>;
  return {
    probe: name,
    options,
    judges: [],
    groups: groups.map((g) => {
      const agg = probe.aggregate(g.items, options);
      return { labels: g.labels, n: g.items.length, metrics: agg.metrics, ...(agg.tables ? { tables: agg.tables } : {}) };
    }),
    items: groups.flatMap((g) => g.items.map((i) => ({ labels: g.labels, recordId: i.recordId, measurement: i.measurement }))),
  };
}

/** A source-certainty ranking row (as `slant run`'s ranking step gives each record): λ halves per rank, a bootstrap interval around it. */
const ranking = (i: number) => {
  const lambda = 2 ** (2 - i / 2);
  return { id: `c${i}`, rank: i + 1, lambda, lambdaLow: lambda / 2, lambdaHigh: lambda * 2, rankLow: Math.max(1, i), rankHigh: Math.min(10, i + 2), stratum: i < 3 ? 'high' : i < 7 ? 'medium' : 'low', component: 1, n: 12, items: 10, components: 1, converged: true, judge: 'certainty-offline', judgements: 60, invalid: 0 };
};

export function syntheticResults(opts: { evil?: boolean } = {}): Results {
  const model = opts.evil ? `m-${EVIL}` : 'model-a';
  const dataset = opts.evil ? `d-${EVIL}` : 'news';
  const base = { model, dataset };
  const n = 12;
  const framing = (shift: number) => Array.from({ length: n }, (_, i) => ({ recordId: `r${i}`, measurement: { fC: framings[i % 3], fS: framings[(i + (i < shift ? 1 : 0)) % 3], changed: i < shift } }));
  const primacy = (d: number) => Array.from({ length: n }, (_, i) => {
    const sB = 0.6 + 0.01 * i + d;
    const sM = 0.5 + 0.005 * i;
    const sE = 0.45 + 0.002 * i;
    return { recordId: `r${i}`, measurement: { sB, sM, sE, primacy: sB > sM + 0.05, recency: sE > sM + 0.05 } };
  });
  const R = (f: number) => ({ precision: f, recall: f, fmeasure: f });
  const position = Array.from({ length: 6 }, (_, i) => ({
    recordId: `p${i}`,
    measurement: {
      articleSentences: 12,
      excluded: false,
      short: false,
      references: [{ sentences: 3, mapped: 3, dropped: 0, counts: [1, 1, 0, 1] }],
      outputs: { output: { sentences: 3, mapped: 3, dropped: 0, counts: [2 + (i % 2), 1 - (i % 2), 0, 0], rouge: { rouge1: R(0.4 + i / 100), rouge2: R(0.2), rougeL: R(0.35) } } },
    },
  }));
  const wildframe = Array.from({ length: 10 }, (_, i) => ({
    recordId: `w${i}`,
    measurement: { baseSentiment: i % 2 ? 'positive' : 'negative', evaluator: 'recorded', label: i < 6 ? 'negative' : 'positive', via: 'exact', outcome: i < 4 ? 'framed' : i < 8 ? 'unchanged' : 'neutral', score: i < 4 ? 1 : 0, humanScore: i % 6 },
  }));
  const certainty = Array.from({ length: 10 }, (_, i) => ({ recordId: `c${i}`, measurement: { label: [2, 1, 0, -1, 0, 1, 0, 0, 'inconsistent', 0][i], comparator: 'offline', judgeLabel: 0, calls: [{ presentation: 'original-first', score: 1, canonical: 1, reasoning: `because ${EVIL}` }], wed: 3 + i, sourceCertainty: ['low', 'medium', 'high'][i % 3], sourceRanking: ranking(i) } }));
  const hallucination = Array.from({ length: 8 }, (_, i) => ({
    recordId: `h${i}`,
    measurement: { model, strategy: 'plain', date: i < 4 ? '2023-01-01' : '2025-06-01', cutoff: '2024-01-01', cutoffSource: 'config', period: i < 4 ? 'pre' : 'post', evaluator: 'recorded', actual: { verdict: i % 3 !== 0, confidence: i % 2 ? 'high' : 'low', via: 'label', answer: `True. ${EVIL}` }, falsified: { verdict: i % 4 === 0, confidence: 'low', via: 'label', answer: 'False.' } },
  }));
  const cond = { ...base, condition: 'self-awareness' };
  const probes: ProbeResult[] = [
    probeResult('framing', [
      { labels: base, items: framing(4) },
      { labels: cond, items: framing(2) },
    ]),
    probeResult('primacy', [
      { labels: base, items: primacy(0) },
      { labels: cond, items: primacy(-0.05) },
    ]),
    probeResult('position', [{ labels: base, items: position }], { K: 4 }),
    probeResult('wildframe', [{ labels: base, items: wildframe }]),
    probeResult('certainty', [{ labels: base, items: certainty }]),
    probeResult('hallucination', [{ labels: base, items: hallucination }]),
  ];
  const framingProbe = probes[0] as ProbeResult;
  framingProbe.effects = [
    { labels: cond, metric: 'phi_frame', label: 'φ_frame', baseline: 4 / 12, mitigated: 2 / 12, difference: -2 / 12, n: 12, ci: { low: -0.4, high: 0.07, level: 0.95, method: 'paired t' }, test: { name: 'paired t-test', statistic: -1.5, df: 11, pValue: 0.16 }, pHolm: 0.32 },
    { labels: { ...base, condition: 'cot' }, metric: 'phi_frame', label: 'φ_frame', baseline: 4 / 12, mitigated: null, difference: null, n: 0 },
  ];
  framingProbe.costs = [
    { labels: base, calls: 12, inputTokens: 1000, outputTokens: 300, wallMs: 1200, relative: null },
    { labels: cond, calls: 24, inputTokens: 2100, outputTokens: 600, wallMs: 2500, relative: { calls: 2, inputTokens: 2.1, outputTokens: 2, wallMs: 2.08 } },
  ];
  return {
    schema: RESULTS_SCHEMA_ID,
    slant: { version: '0.0.0-test' },
    run: { id: opts.evil ? `run-${EVIL}` : 'run-1', command: 'test', createdAt: '2026-01-01T00:00:00Z', finishedAt: '2026-01-01T00:01:00Z', status: 'completed' },
    models: [{ id: model, version: '1' }],
    datasets: [{ name: dataset, n: 12, skipped: 0 }],
    probes,
    warnings: [],
  };
}
