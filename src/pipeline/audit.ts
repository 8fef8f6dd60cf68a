import { UserError } from '../core/errors.js';
import { parseConfig } from '../config/load.js';
import { resolveRoles, type ResolvedRoles } from '../config/roles.js';
import type { SlantConfig } from '../config/schema.js';
import { functionModel, type ModelFunction } from '../models/function-model.js';
import type { LanguageModel } from '../models/types.js';
import type { ProbeName } from '../probes/names.js';
import { exclusiveFormat } from '../probes/manifests.js';
import type { Results } from '../results/schema.js';
import { RequestCache } from '../runtime/cache.js';
import { canonicalJson, sha256Hex } from '../runtime/canonical-json.js';
import { ModelContext } from '../runtime/model-context.js';
import { Store } from '../runtime/store.js';
import type { ExecutionPlan } from './execute.js';
import { planMeasure, planRun } from './plan.js';
import { runToResults } from './run.js';

/** A probe by name (built in, or one a plugin registered) with its options. */
export type AuditProbe = ProbeName | (string & {}) | { name: ProbeName | (string & {}); options?: Record<string, unknown> };
/**
 * A model of an audit: an id (`openai:gpt-4o-mini`) or a config entry as in slant.yaml; a model
 * object (anything with `generate`, e.g. a wrapped provider model or the product's own); or an
 * async `(messages, params) => text` function (the product's pipeline), named by the function's
 * name. All of them go through the request cache and usage tracking like a configured model.
 */
export type AuditModel = string | SlantConfig['models'][number] | LanguageModel | ModelFunction;

/** audit()'s roles: the generator as `models` takes them; the others as ids, as in slant.yaml. */
export interface AuditRoles {
  generator?: AuditModel | readonly AuditModel[];
  judge?: string;
  moderator?: string;
  embedder?: string;
}

export interface AuditOptions {
  /** the records: objects with the probes' fields (`source`; `output` and `model` when measuring recorded outputs) */
  records: readonly Record<string, unknown>[];
  probes: readonly AuditProbe[];
  /**
   * the models that write the outputs from each record's `source`, as `slant run` does: ids
   * (`builtin:lead-3`, `openai:gpt-4o-mini`, ...), model objects or async functions (AuditModel).
   * Without models the records carry their `output` (and optionally `model`), as `slant measure` reads them.
   */
  models?: readonly AuditModel[];
  /** the judges, as in slant.yaml: `framing` (offline or a model id), `embedder` (tfidf or a model id), `llm` */
  judges?: Partial<SlantConfig['judges']>;
  /**
   * the models by the part they play, as `roles:` in slant.yaml: `generator` (the same as `models`,
   * objects and functions included), `judge` (= judges.llm), `moderator` (= a probe's
   * options.moderator), `embedder` (= judges.embedder). A role given both ways must agree.
   */
  roles?: AuditRoles;
  /** canonical field → key in the records, e.g. { source: 'reviewText' } */
  fields?: Record<string, string>;
  /** the dataset's name in the results (default "records") */
  dataset?: string;
  /** per-provider options, as in slant.yaml (baseURL, maxConcurrency, ...) */
  providers?: SlantConfig['providers'];
  /** conditions besides the baseline, as `mitigations:` in slant.yaml: ids, { id, options, label }, or "all" */
  mitigations?: SlantConfig['mitigations'];
  /** USD per 1M tokens per model id, as `prices:` in slant.yaml (a model function's id is `function:<name>`) */
  prices?: SlantConfig['prices'];
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
  const { modelsGiven, judges, roles } = auditRoles(opts, probes);
  const name = opts.dataset ?? 'records';
  const dataset = { name, path: name, ...(opts.fields ? { fields: opts.fields } : {}), ...(opts.skipInvalid ? { skipInvalid: true } : {}) };
  const store = opts.store ?? Store.open(':memory:');
  const models = new ModelContext(new RequestCache(store), { noCache: opts.cache === false });
  const wrap = (m: Parameters<ModelContext['wrap']>[0]) => models.wrap(m);
  try {
    let plan: ExecutionPlan;
    let prices: SlantConfig['prices'];
    const { entries, given } = auditModels(modelsGiven);
    const described = {
      probes,
      models: modelsGiven.map((m, i) => (given.has(entries[i]!.id) ? { id: entries[i]!.id, version: given.get(entries[i]!.id)!.version } : m)),
      judges: judges ?? {},
      ...(roles.moderator !== undefined ? { roles: { moderator: roles.moderator } } : {}),
      dataset: name,
      fields: opts.fields ?? {},
      generation: opts.generation ?? {},
      ...(opts.mitigations ? { mitigations: opts.mitigations } : {}),
    };
    if (entries.length > 0) {
      const config = parseConfig(
        {
          models: entries,
          ...(opts.mitigations ? { mitigations: opts.mitigations } : {}),
          ...(opts.prices ? { prices: opts.prices } : {}),
          datasets: [dataset],
          probes,
          ...(judges ? { judges } : {}),
          ...(roles.moderator !== undefined ? { roles: { moderator: roles.moderator } } : {}),
          ...(opts.providers ? { providers: opts.providers } : {}),
          ...(opts.generation ? { generation: opts.generation } : {}),
          ...(opts.concurrency ? { concurrency: opts.concurrency } : {}),
        },
        'audit()',
      );
      prices = config.prices;
      plan = await planRun(config, { wrap, rows: opts.records, given });
    } else {
      if (opts.mitigations !== undefined) throw new UserError('audit: mitigations change how outputs are written; give the models that write them (models: [...])');
      // a probe whose records only its own format carries (the WildFrame release) reads its files, not records in memory
      for (const p of probes) {
        const own = exclusiveFormat(p.name)?.onlyFor;
        if (own) throw new UserError(`audit: the ${p.name} probe reads its ${own.files}; use \`slant measure ${p.name} --input FILE\``);
      }
      plan = await planMeasure({
        probes,
        dataset,
        judges: { framing: 'offline', embedder: 'tfidf', ...judges },
        ...(roles.moderator !== undefined ? { moderator: roles.moderator } : {}),
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

/**
 * The audit's models and judges with its `roles` resolved as a config's are (config/roles.ts):
 * judge and embedder into the judges, the moderator kept for the probes that take one.
 */
function auditRoles(opts: AuditOptions, probes: readonly { options?: Record<string, unknown> }[]): { modelsGiven: readonly AuditModel[]; judges: Partial<SlantConfig['judges']> | undefined; roles: ResolvedRoles } {
  const generator = opts.roles?.generator;
  if (generator !== undefined && opts.models !== undefined) throw new UserError('audit: give the models under test once, as models or as roles.generator');
  const modelsGiven: readonly AuditModel[] = generator === undefined ? (opts.models ?? []) : Array.isArray(generator) ? (generator as readonly AuditModel[]) : [generator as AuditModel];
  const { judge, moderator, embedder } = opts.roles ?? {};
  const { roles, problems } = resolveRoles({ roles: { judge, moderator, embedder }, judges: opts.judges, probes });
  if (problems.length > 0) throw new UserError(`audit: ${problems.map((p) => `${p.path.join('.')}: ${p.message}`).join('; ')}`);
  const judges = roles.judge !== undefined || roles.embedder !== undefined ? { ...opts.judges, ...(roles.judge !== undefined ? { llm: roles.judge } : {}), ...(roles.embedder !== undefined ? { embedder: roles.embedder } : {}) } : opts.judges;
  // a moderator the probes' own options name is theirs already
  return { modelsGiven, judges, roles: moderator !== undefined ? roles : {} };
}

const isModelObject = (m: unknown): m is LanguageModel => m !== null && typeof m === 'object' && typeof (m as LanguageModel).generate === 'function';

/** The audit's models as config entries, with the objects and functions among them made into models (by id). */
function auditModels(models: readonly AuditModel[]): { entries: SlantConfig['models']; given: Map<string, LanguageModel> } {
  const given = new Map<string, LanguageModel>();
  const entries = models.map((m, i): SlantConfig['models'][number] => {
    if (typeof m === 'string') return { id: m };
    if (typeof m !== 'function' && !isModelObject(m)) return m;
    const model = typeof m === 'function' ? functionModel(m) : m;
    if (typeof model.id !== 'string' || typeof model.provider !== 'string') throw new UserError(`audit: models[${i}]: a model object needs id, version, provider, capabilities and generate()`);
    // a model object's id is its config id when it has the provider:model form, else provider:id
    const id = /^[a-z][a-z0-9-]*:.+$/.test(model.id) ? model.id : `${model.provider}:${model.id}`;
    if (given.has(id)) throw new UserError(`audit: models[${i}]: two models are called "${id}" (name the functions differently)`);
    given.set(id, model);
    return { id };
  });
  return { entries, given };
}
