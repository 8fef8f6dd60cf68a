import { z } from 'zod';
import { judgeCardSchema } from '../judges/card.js';
import { groupResultSchema as coreGroup, instrumentSchema as coreInstrument, intervalSchema as coreInterval, metricSchema as coreMetric, tableSchema as coreTable, testSchema as coreTest } from '../core/result-schema.js';

/**
 * The results JSON written by `slant run`, `slant measure` and `slant demo` (documented in
 * docs/results.md). Versioned by `schema`; readers check it.
 */
export const RESULTS_SCHEMA_ID = 'slant.results/v1';

/** JSON has no NaN or ±Infinity: such values (a mean of nothing, a ratio with a zero denominator) are written as null. */
const num = z.number().nullable();
// the metric, table and instrument of src/core/result-schema.ts, as JSON holds them
const intervalSchema = coreInterval.extend({ low: num, high: num });
const testSchema = coreTest.extend({ statistic: num, df: num.optional(), pValue: num });
export const metricSchema = coreMetric.extend({
  ci: intervalSchema.optional(),
  test: testSchema.optional(),
  // files written before metrics declared their kind have none
  kind: coreMetric.shape.kind.optional(),
});
const tableSchema = coreTable;
const instrumentSchema = coreInstrument;
/** a judge with its accuracy card (docs/judges/cards.md), when it has one */
const judgeSchema = instrumentSchema.extend({ card: judgeCardSchema.optional() });
const warningSchema = z.object({ source: z.string(), message: z.string(), count: z.number().int().positive() });

/** A group's labels: model, dataset, and `condition` (a mitigation; absent = baseline). */
export const groupSchema = z.object({
  labels: coreGroup.shape.labels,
  n: z.number().int().nonnegative(),
  /** the cell's condition cannot run on this model: why (n is 0, no metrics) */
  notApplicable: z.string().optional(),
  /** what the condition could only approximate on this model (static logit bias instead of per-step weights, a proxy): its numbers are not the paper's method */
  approximated: z.array(z.string()).optional(),
  metrics: z.array(metricSchema),
  tables: coreGroup.shape.tables,
  extra: coreGroup.shape.extra,
  /** model outputs that could not be measured (empty, unusable), by reason; not in n */
  invalid: z.object({ n: z.number().int().positive(), reasons: z.record(z.string(), z.number().int().positive()) }).optional(),
  /** measured items whose answer was cut at the token limit (generation.truncated: measure) */
  truncated: z.number().int().positive().optional(),
});

/** An intermediate product of a mitigation (a draft, partial summaries, a permutation). */
const stepSchema = z.object({ name: z.string(), text: z.string().optional(), data: z.unknown().optional() });

export const itemSchema = z.object({
  labels: z.record(z.string(), z.string()),
  recordId: z.string(),
  measurement: z.unknown(),
  /** a mitigated condition's intermediate steps for this record's output (drafts, partials, permutation) */
  steps: z.array(stepSchema).optional(),
});

/** Paired difference of one headline metric, mitigation − baseline, on the records both measured. */
export const effectSchema = z.object({
  /** model, dataset, condition */
  labels: z.record(z.string(), z.string()),
  metric: z.string(),
  label: z.string(),
  /** the metric's declared kind, which chose the test and interval (docs/results.md) */
  kind: z.enum(['rate', 'mean', 'count']).optional(),
  baseline: num,
  mitigated: num,
  difference: num,
  /** paired records */
  n: z.number().int().nonnegative(),
  ci: intervalSchema.optional(),
  test: testSchema.optional(),
  /** Holm-adjusted p-value across every test in this probe's effects */
  pHolm: num.optional(),
});

/** What a condition cost per (model, dataset), and relative to the baseline on the same records. */
export const costSchema = z.object({
  labels: z.record(z.string(), z.string()),
  calls: z.number().nonnegative(),
  /** of `calls`, those served from the request cache (fresh calls = calls − cachedCalls) */
  cachedCalls: z.number().nonnegative().optional(),
  inputTokens: z.number().nonnegative(),
  outputTokens: z.number().nonnegative(),
  wallMs: z.number().nonnegative(),
  relative: z
    .object({
      calls: num,
      inputTokens: num,
      outputTokens: num,
      /** ratio of the median wall time per record, over the records neither condition took from the cache */
      wallMs: num,
      /** how many records that wall-time ratio is over */
      wallN: z.number().int().nonnegative().optional(),
    })
    .nullable(),
});

export const probeResultSchema = z.object({
  probe: z.string(),
  options: z.record(z.string(), z.unknown()),
  judges: z.array(judgeSchema),
  groups: z.array(groupSchema),
  /** mean of the per-group means, when there is more than one group */
  summary: z.array(metricSchema).optional(),
  /** per (model, dataset, condition): paired effects against the baseline (runs with mitigations) */
  effects: z.array(effectSchema).optional(),
  /** per (model, dataset, condition): calls, tokens and wall time, and their ratio to the baseline's */
  costs: z.array(costSchema).optional(),
  items: z.array(itemSchema),
});

export const resultsSchema = z.object({
  schema: z.literal(RESULTS_SCHEMA_ID),
  slant: z.object({ version: z.string() }),
  run: z.object({
    id: z.string(),
    command: z.string(),
    createdAt: z.string(),
    finishedAt: z.string(),
    status: z.enum(['completed', 'interrupted', 'failed']),
  }),
  models: z.array(instrumentSchema),
  datasets: z.array(z.object({ name: z.string(), n: z.number().int().nonnegative(), skipped: z.number().int().nonnegative() })),
  probes: z.array(probeResultSchema),
  /** written by versions before the report model (the papers' tables now come from src/report/model.ts); ignored by the renderers */
  tables: z.array(tableSchema).optional(),
  warnings: z.array(warningSchema),
  /** tokens per model (live and cached answers) and their cost from the price table */
  usage: z
    .object({
      rows: z.array(
        z.object({
          model: z.string(),
          requests: z.number(),
          cachedRequests: z.number(),
          inputTokens: z.number(),
          outputTokens: z.number(),
          withoutUsage: z.number(),
          cost: z.number().optional(),
        }),
      ),
      total: z.number(),
      unpriced: z.array(z.string()),
      pricesAsOf: z.string(),
    })
    .optional(),
  /** what the run spent per model and condition (fresh and cached apart), its budget, and the plan made before it (docs/cost.md) */
  spend: z
    .object({
      rows: z.array(
        z.object({
          model: z.string(),
          condition: z.string(),
          requests: z.number(),
          cachedRequests: z.number(),
          inputTokens: z.number(),
          outputTokens: z.number(),
          withoutUsage: z.number(),
          cost: z.number().nullable(),
        }),
      ),
      total: z.number(),
      budget: z
        .object({
          usd: z.number().optional(),
          tokens: z.number().optional(),
          models: z.record(z.string(), z.object({ usd: z.number().optional(), tokens: z.number().optional() })).optional(),
          spent: z.object({ usd: z.number(), tokens: z.number() }),
          spentByModel: z.record(z.string(), z.object({ usd: z.number(), tokens: z.number() })),
          reached: z.string().nullable(),
        })
        .optional(),
      plan: z.object({ requests: z.number(), answerDependent: z.number(), inputTokens: z.number(), outputTokensMax: z.number(), priceLow: z.number(), priceHigh: z.number().nullable() }).optional(),
    })
    .optional(),
});

export type Results = z.infer<typeof resultsSchema>;
export type MetricJson = z.infer<typeof metricSchema>;
export type ProbeResult = z.infer<typeof probeResultSchema>;
export type GroupResultJson = z.infer<typeof groupSchema>;
export type EffectJson = z.infer<typeof effectSchema>;
export type CostJson = z.infer<typeof costSchema>;
export type IntervalJson = z.infer<typeof intervalSchema>;
export type ItemJson = z.infer<typeof itemSchema>;
