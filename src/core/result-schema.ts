/**
 * The one definition of what a probe reports: a metric with its interval and test, a small table,
 * an instrument's identity, a group's metrics. The TypeScript types (src/core/types.ts,
 * src/probes/types.ts) are inferred from these schemas, and the results JSON
 * (src/results/schema.ts) is derived from them, changing only what JSON cannot hold or what
 * files written by older versions lack.
 */
import { z } from 'zod';

/** A 95% (or other level) interval around an estimate. */
export const intervalSchema = z.object({
  low: z.number(),
  high: z.number(),
  /** confidence level, e.g. 0.95 */
  level: z.number(),
  /** how it was computed: 'wilson', 'bootstrap-percentile', 't', 'fisher-z', 'clopper-pearson', ... */
  method: z.string(),
});

/** A statistical test attached to a metric (e.g. the paired t-test of Table A4). */
export const testSchema = z.object({
  name: z.string(),
  statistic: z.number(),
  df: z.number().optional(),
  pValue: z.number(),
  alternative: z.enum(['two-sided', 'less', 'greater']).optional(),
});

/** One number a probe reports. Always carries n; an interval wherever one is defined. */
export const metricSchema = z.object({
  /** machine name, e.g. 'phi_frame', 'psi_pri', 'mean_s_b' */
  name: z.string(),
  /** human label, e.g. 'φ_frame (framing-change fraction)' */
  label: z.string(),
  /** null when undefined (n = 0 or no defined value): printed as "—", never 0 */
  value: z.number().nullable(),
  n: z.number().int().nonnegative(),
  ci: intervalSchema.optional(),
  test: testSchema.optional(),
  /** 'rate' values are fractions in [0,1] shown as percentages */
  kind: z.enum(['rate', 'mean', 'count', 'statistic']),
  /**
   * items asked but not in n, by reason (src/core/excluded.ts): "n = 172 · 28 unreadable".
   * Absent when every item counted.
   */
  excluded: z.record(z.string(), z.number().int().positive()).optional(),
});

/** A small table a probe reports beside its metrics (e.g. the 3x3 framing transition matrix). */
export const tableSchema = z.object({
  name: z.string(),
  title: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
});

/** Identity of an instrument (judge, embedder, model) recorded with every result. */
export const instrumentSchema = z.object({ id: z.string(), version: z.string() });

/** Metrics (and tables) for one group: one model x dataset cell, or one model inside a multi-model file. */
export const groupResultSchema = z.object({
  /** e.g. { model: 'builtin:lead-3', dataset: 'demo-reviews' } */
  labels: z.record(z.string(), z.string()),
  metrics: z.array(metricSchema),
  tables: z.array(tableSchema).optional(),
  /** probe-specific extra data (e.g. positional distributions), JSON-serialisable */
  extra: z.record(z.string(), z.unknown()).optional(),
});
