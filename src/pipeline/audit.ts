import { UserError } from '../core/errors.js';
import { parseConfig } from '../config/load.js';
import type { SlantConfig } from '../config/schema.js';
import type { ProbeName } from '../probes/registry.js';
import type { Results } from '../results/schema.js';
import { RequestCache } from '../runtime/cache.js';
import { canonicalJson, sha256Hex } from '../runtime/canonical-json.js';
import { ModelContext } from '../runtime/model-context.js';
import { Store } from '../runtime/store.js';
import type { ExecutionPlan } from './execute.js';
import { planMeasure, planRun } from './plan.js';
import { runToResults } from './run.js';

export type AuditProbe = ProbeName | { name: ProbeName; options?: Record<string, unknown> };
export type AuditModel = string | SlantConfig['models'][number];

export interface AuditOptions {
  /** the records: objects with the probes' fields (`source`; `output` and `model` when measuring recorded outputs) */
  records: readonly Record<string, unknown>[];
  probes: readonly AuditProbe[];
  /**
   * model ids that write the outputs from each record's `source`, as `slant run` does
   * (`builtin:lead-3`, `openai:gpt-4o-mini`, ...). Without models the records carry their
   * `output` (and optionally `model`), as `slant measure` reads them.
   */
  models?: readonly AuditModel[];
  /** the judges, as in slant.yaml: `framing` (offline or a model id), `embedder` (tfidf or a model id), `llm` */
  judges?: Partial<SlantConfig['judges']>;
  /** canonical field → key in the records, e.g. { source: 'reviewText' } */
  fields?: Record<string, string>;
  /** the dataset's name in the results (default "records") */
  dataset?: string;
  /** per-provider options, as in slant.yaml (baseURL, maxConcurrency, ...) */
  providers?: SlantConfig['providers'];
  /** generation settings when `models` write the outputs (prompt, temperature, maxTokens, seed) */
  generation?: Partial<SlantConfig['generation']>;
  /** model calls in flight at once (records measured at once when no model generates) */
  concurrency?: number;
  /** group label of recorded outputs without a `model` field (default "recorded") */
  label?: string;
  /** skip invalid records (counted in the results' warnings) instead of throwing at the first */
  skipInvalid?: boolean;
  /** where runs, items and the request cache go; default a fresh in-memory store, closed at the end */
  store?: Store;
  /** false: neither read nor write the request cache */
  cache?: boolean;
  signal?: AbortSignal;
  /** called after each record is done (all models and probes), e.g. for a progress bar */
  onRecord?: () => void;
}

/**
 * The library's one-call audit: plan → measure → aggregate over records held in memory, returning
 * the same results object `slant run` / `slant measure` write as results.json (per-group metrics,
 * cross-group bootstrap comparisons, instruments, warnings, usage). Nothing is written to disk
 * unless `store` names a file store.
 */
export async function audit(opts: AuditOptions): Promise<Results> {
  if (!Array.isArray(opts.records)) throw new UserError('audit: records must be an array of objects');
  if (opts.probes.length === 0) throw new UserError('audit: name at least one probe');
  const probes = opts.probes.map((p) => (typeof p === 'string' ? { name: p } : p));
  const name = opts.dataset ?? 'records';
  const dataset = { name, path: name, ...(opts.fields ? { fields: opts.fields } : {}), ...(opts.skipInvalid ? { skipInvalid: true } : {}) };
  const store = opts.store ?? Store.open(':memory:');
  const models = new ModelContext(new RequestCache(store), { noCache: opts.cache === false });
  const wrap = (m: Parameters<ModelContext['wrap']>[0]) => models.wrap(m);
  try {
    let plan: ExecutionPlan;
    let prices: SlantConfig['prices'];
    const described = { probes, models: opts.models ?? [], judges: opts.judges ?? {}, dataset: name, fields: opts.fields ?? {}, generation: opts.generation ?? {} };
    if (opts.models !== undefined && opts.models.length > 0) {
      const config = parseConfig(
        {
          models: opts.models.map((m) => (typeof m === 'string' ? { id: m } : m)),
          datasets: [dataset],
          probes,
          ...(opts.judges ? { judges: opts.judges } : {}),
          ...(opts.providers ? { providers: opts.providers } : {}),
          ...(opts.generation ? { generation: opts.generation } : {}),
          ...(opts.concurrency ? { concurrency: opts.concurrency } : {}),
        },
        'audit()',
      );
      prices = config.prices;
      plan = await planRun(config, { wrap, rows: opts.records });
    } else {
      if (probes.some((p) => p.name === 'wildframe')) throw new UserError('audit: the wildframe probe reads its release files; use `slant measure wildframe --input FILE`');
      plan = await planMeasure({
        probes,
        dataset,
        judges: { framing: 'offline', embedder: 'tfidf', ...opts.judges },
        concurrency: opts.concurrency ?? 4,
        wrap,
        rows: opts.records,
        ...(opts.label ? { label: opts.label } : {}),
      });
    }
    const configJson = canonicalJson({ audit: described });
    const summary = await runToResults({
      command: 'audit',
      plan,
      store,
      configJson,
      configHash: sha256Hex(configJson),
      usage: () => models.usage.byModel(),
      prices,
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.onRecord ? { onItem: opts.onRecord } : {}),
    });
    return summary.results;
  } finally {
    if (opts.store === undefined) store.close();
  }
}
