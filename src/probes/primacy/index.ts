import { z } from 'zod';
import type { Metric } from '../../core/types.js';
import { meanMetric, mean } from '../../stats/mean.js';
import { FloatColumn } from '../../stats/float-column.js';
import { proportionMetric } from '../../stats/proportion.js';
import { pairedTTest } from '../../stats/ttest.js';
import { splitIntoThirds } from '../../text/thirds.js';
import { cosineDense } from '../../text/vector.js';
import type { Embedder } from '../../judges/types.js';
import type { Probe } from '../types.js';
import { presentPrimacy } from './present.js';

export const primacyRecordSchema = z.object({
  id: z.string(),
  source: z.string().min(1),
  output: z.string().min(1),
});
export type PrimacyRecord = z.infer<typeof primacyRecordSchema>;

export const primacyOptionsSchema = z
  .object({
    /** ψ_pri threshold α (seed 000 uses 0.05) */
    alpha: z.number().min(0).max(1).default(0.05),
    /** how the source is cut into three equal parts; the seed does not say, we default to words */
    split: z.enum(['words', 'sentences', 'characters']).default('words'),
    /**
     * ρ_pri threshold. Seed 000's Table A6 reports ρ_pri ("share of summaries exhibiting primacy
     * bias") without defining it; its values (56–86% where ψ_pri is 4–23%) fit the share with
     * s_b > s_m + ρα at ρα = 0 (any lean towards the beginning). See docs/probes.md.
     */
    rhoAlpha: z.number().min(0).max(1).default(0),
  })
  .strict();
export type PrimacyOptions = z.infer<typeof primacyOptionsSchema>;

export interface PrimacyMeasurement {
  sB: number;
  sM: number;
  sE: number;
  /** s_b > s_m + α (eq. 2) */
  primacy: boolean;
  /** s_e > s_m + α, the recency counterpart */
  recency: boolean;
}

/** ρ_pri's indicator for one item: s_b > s_m + rhoAlpha (default 0). */
export const rhoPrimacy = (m: Pick<PrimacyMeasurement, 'sB' | 'sM'>, rhoAlpha = 0): boolean => m.sB > m.sM + rhoAlpha;

/** Cosine similarity of the output with each third of the source: [s_b, s_m, s_e]. */
export async function thirdSimilarities(embedder: Embedder, source: string, output: string, split: PrimacyOptions['split'], signal?: AbortSignal): Promise<[number, number, number]> {
  const thirds = splitIntoThirds(source, { unit: split });
  let vecs;
  if (embedder.mode === 'fit-per-call') {
    vecs = await embedder.embed([output, ...thirds], { signal });
  } else {
    // e5-style models distinguish the query (the summary) from the passages (the thirds)
    const [q] = await embedder.embed([output], { kind: 'query', signal });
    const ps = await embedder.embed(thirds, { kind: 'passage', signal });
    vecs = [q, ...ps];
  }
  const [o, b, m, e] = vecs;
  if (!o || !b || !m || !e) throw new Error(`embedder ${embedder.id} returned fewer vectors than texts`);
  return [cosineDense(o, b), cosineDense(o, m), cosineDense(o, e)];
}

export function measurePrimacy(s: [number, number, number], alpha: number): PrimacyMeasurement {
  const [sB, sM, sE] = s;
  return { sB, sM, sE, primacy: sB > sM + alpha, recency: sE > sM + alpha };
}

/**
 * Seed 000, eq. 2: ψ_pri = (1/n) Σ 𝕀(s_b > s_m + α); means of s_b, s_m, s_e (Table 1);
 * coverage (s̄_b + s̄_m + s̄_e)/3 (Table 5); paired two-sided t-test of s_b against s_m (Table A4).
 */
export function aggregatePrimacy(items: readonly PrimacyMeasurement[], rhoAlpha = 0): Metric[] {
  const t = new PrimacyTallier(rhoAlpha);
  for (const i of items) t.add(i);
  return t.metrics();
}

/** A group's primacy numbers made one item at a time: the three similarities in typed columns, the three rates counted. */
export class PrimacyTallier {
  private readonly sb = new FloatColumn();
  private readonly sm = new FloatColumn();
  private readonly se = new FloatColumn();
  private primacy = 0;
  private recency = 0;
  private rho = 0;

  constructor(private readonly rhoAlpha = 0) {}

  add(i: PrimacyMeasurement): void {
    this.sb.push(i.sB);
    this.sm.push(i.sM);
    this.se.push(i.sE);
    if (i.primacy) this.primacy++;
    if (i.recency) this.recency++;
    if (rhoPrimacy(i, this.rhoAlpha)) this.rho++;
  }

  metrics(): Metric[] {
    const { rhoAlpha } = this;
    const sb = this.sb.values();
    const sm = this.sm.values();
    const se = this.se.values();
    const n = sb.length;
    const metrics: Metric[] = [
      proportionMetric('psi_pri', 'ψ_pri (primacy rate, eq. 2)', this.primacy, n),
      proportionMetric('psi_rec', 'recency rate (s_e > s_m + α)', this.recency, n),
      proportionMetric('rho_pri', `ρ_pri (share with s_b > s_m${rhoAlpha ? ` + ${rhoAlpha}` : ''}; Table A6, definition: docs/probes.md)`, this.rho, n),
    ];
    if (n === 0) return metrics;
    metrics.push(meanMetric('mean_s_b', 's̄_b (similarity to beginning)', sb));
    metrics.push(meanMetric('mean_s_m', 's̄_m (similarity to middle)', sm));
    metrics.push(meanMetric('mean_s_e', 's̄_e (similarity to end)', se));
    metrics.push(meanMetric('coverage', 'coverage (s̄_b+s̄_m+s̄_e)/3', sb.map((b, k) => (b + sm[k]! + se[k]!) / 3)));
    const diff = sb.map((b, k) => b - sm[k]!);
    const d: Metric = { ...meanMetric('mean_s_b_minus_s_m', 's̄_b − s̄_m', diff), kind: 'mean' };
    if (n >= 2) {
      const t = pairedTTest(sb, sm);
      d.value = mean(diff);
      d.ci = t.ci;
      d.test = { name: 'paired t-test (s_b vs s_m, two-sided)', statistic: t.statistic, df: t.df, pValue: t.pValue, alternative: 'two-sided' };
    }
    metrics.push(d);
    return metrics;
  }
}

export const primacyProbe: Probe<PrimacyRecord, PrimacyMeasurement, PrimacyOptions> = {
  name: 'primacy',
  description: 'Primacy (seed 000, eq. 2): is the output closer to the beginning of its source than to the middle?',
  fields: [
    { name: 'id', required: false, description: 'record id (derived from content when absent)' },
    { name: 'source', required: true, description: 'the text the model processed' },
    { name: 'output', required: true, description: 'the model output (e.g. a summary)' },
  ],
  recordSchema: primacyRecordSchema,
  optionsSchema: primacyOptionsSchema,
  needs: () => ['embedder'],
  present: presentPrimacy,
  async measure(record, ctx) {
    const embedder = ctx.judges.embedder;
    if (!embedder) throw new Error('primacy probe needs an embedder');
    const s = await thirdSimilarities(embedder, record.source, record.output, ctx.options.split, ctx.signal);
    return measurePrimacy(s, ctx.options.alpha);
  },
  itemValues: (m, o) => ({
    psi_pri: m.primacy ? 1 : 0,
    psi_rec: m.recency ? 1 : 0,
    rho_pri: rhoPrimacy(m, o.rhoAlpha) ? 1 : 0,
    mean_s_b: m.sB,
    mean_s_m: m.sM,
    mean_s_e: m.sE,
    coverage: (m.sB + m.sM + m.sE) / 3,
    mean_s_b_minus_s_m: m.sB - m.sM,
  }),
  // cosine similarities lie in [−1, 1], so their difference s_b − s_m in [−2, 2]
  itemKinds: {
    psi_pri: { kind: 'rate' },
    psi_rec: { kind: 'rate' },
    rho_pri: { kind: 'rate' },
    mean_s_b: { kind: 'mean', range: [-1, 1] },
    mean_s_m: { kind: 'mean', range: [-1, 1] },
    mean_s_e: { kind: 'mean', range: [-1, 1] },
    coverage: { kind: 'mean', range: [-1, 1] },
    mean_s_b_minus_s_m: { kind: 'mean', range: [-2, 2] },
  },
  aggregate(items, options) {
    return { metrics: aggregatePrimacy(items.map((i) => i.measurement), options.rhoAlpha) };
  },
  accumulate(options) {
    const t = new PrimacyTallier(options.rhoAlpha);
    return { add: (m) => t.add(m), aggregate: () => ({ metrics: t.metrics() }) };
  },
};
