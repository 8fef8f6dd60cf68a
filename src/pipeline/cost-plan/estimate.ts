/**
 * The cost plan of a run (`slant plan`, `slant run --plan`): the run's own executor goes through
 * every record, cell and condition on a private copy of the store (of a PostgreSQL store, a private
 * store that reads the shared one through it: src/runtime/store-overlay.ts), with every model answering
 * dry (dry-model.ts), and each request is counted where it would go (tally.ts). So the plan
 * counts the requests the run will send, exactly for those that do not depend on answers: those
 * the request cache answers and those a resumed run holds are counted apart, and nothing reaches
 * a provider. Prices come from the price table (batch prices with --batch).
 */
import { UserError } from '../../core/errors.js';
import type { SlantConfig } from '../../config/schema.js';
import type { Embedder } from '../../judges/types.js';
import { RequestCache } from '../../runtime/cache.js';
import { costOf, priceTable, pricesAsOf, resolvePrice } from '../../runtime/cost.js';
import { ModelContext } from '../../runtime/model-context.js';
import { openRunStore } from '../../runtime/open-store.js';
import { snapshotStore, type StoreSnapshot } from '../../runtime/store-snapshot.js';
import { overlayStore } from '../../runtime/store-overlay.js';
import type { RunStore } from '../../runtime/run-store.js';
import { isPostgresUrl } from '../../runtime/store-url.js';
import { estimateTokens } from '../../runtime/token-count.js';
import { OUTPUT_LIMITS_AS_OF } from '../../runtime/output-limit.js';
import { executePlan } from '../execute.js';
import { planRun } from '../plan.js';
import { WarningLog } from '../warnings.js';
import { dryModel } from './dry-model.js';
import { PlanTally, emptyTally, type PlanRow, type RequestTally } from './tally.js';
import type { JudgeReserve } from '../../runtime/budget.js';

export interface PricedRow extends PlanRow {
  /** USD: the least (input tokens only) and the most (every output token limit used, answer-dependent calls included); null: no price, or (high) an output without a limit */
  price: { low: number; high: number | null } | null;
}

export interface CostPlan {
  rows: PricedRow[];
  totals: {
    /** fresh: at most this many are sent (freshExact of them counted exactly); answerDependent: at most this many more */
    requests: { cached: number; stored: number; fresh: number; freshExact: number; answerDependent: number };
    inputTokens: number;
    outputTokensMax: number;
    /** requests whose output has no bound (no token limit, and a model whose largest answer slant does not know) */
    unlimited: number;
    /** requests without a token limit of their own, bounded by their model's largest answer */
    modelMax: number;
    /** over the priced models; high null when a priced request has no output limit */
    price: { low: number; high: number | null };
    exactTokens: boolean;
  };
  /** models with fresh requests and no price in the table (never counted as free) */
  unpriced: string[];
  /** models with requests whose output has no bound */
  unbounded: string[];
  pricesAsOf: string;
  /** the date of the models' largest answers (src/runtime/output-limits.json) */
  outputLimitsAsOf: string;
  batch: boolean;
  /** what the plan could not look at, said once each */
  notes: string[];
  /** records per dataset */
  datasets: { name: string; n: number }[];
  /** per cell and judge model, the most tokens the judge calls of one item take (what a budget holds ahead for them) */
  judgeReserve: JudgeReserve;
}

export interface PlanCostOptions {
  baseDir: string;
  /** the run store (a SQLite path or a postgres:// URL) */
  storePath: string;
  resumeRunId?: string;
  batch?: boolean;
  noCache?: boolean;
  signal?: AbortSignal;
}

/** An embedder served by a provider (openai:…, ollama:…) counted instead of called. */
function dryEmbedder(e: Embedder, tally: PlanTally): Embedder {
  return {
    id: e.id,
    version: e.version,
    mode: e.mode,
    embed(texts) {
      const row = tally.row(e.id.replace(/^embedder:/, ''), '(embeddings)');
      row.fresh.requests++;
      row.fresh.inputTokens += texts.reduce((n, t) => n + estimateTokens(t), 0);
      row.exactTokens = false;
      return Promise.resolve(texts.map((t, i) => [t.length, i + 1, 1]));
    },
  };
}

/**
 * A cost plan begun: the store is copied (what it holds now is what the plan reads: a run
 * started after this, in this process, writes nothing the plan sees), the dry pass not made yet.
 */
export interface BegunCostPlan {
  /**
   * The dry pass, once. `turns`: each pretend answer waits for a turn of the event loop, so a run
   * sending requests in this process meanwhile is not held up by the pass (its answers are read
   * between the pass's steps).
   */
  make(o?: { turns?: boolean; signal?: AbortSignal }): Promise<CostPlan>;
  /** Let the copy go without making the plan (nothing once `make` was called: it lets it go itself). */
  dispose(): Promise<void>;
}

export async function planCost(config: SlantConfig, opts: PlanCostOptions): Promise<CostPlan> {
  return (await beginCostPlan(config, opts)).make(opts.signal ? { signal: opts.signal } : {});
}

export async function beginCostPlan(config: SlantConfig, opts: Omit<PlanCostOptions, 'signal'>): Promise<BegunCostPlan> {
  let snapshot: StoreSnapshot;
  let open: () => Promise<{ store: RunStore; shared?: RunStore }>;
  if (isPostgresUrl(opts.storePath)) {
    // a shared store is not copied: the plan writes to a private store and reads the shared one through it
    snapshot = await snapshotStore('');
    const shared = await openRunStore(opts.storePath);
    let store: RunStore;
    try {
      const own = await openRunStore(snapshot.path);
      let runs: { baseRunId: string; ownRunId: string } | undefined;
      if (opts.resumeRunId !== undefined) {
        if ((await shared.getRun(opts.resumeRunId)) === undefined) throw new UserError(`no run "${opts.resumeRunId}" in ${shared.location}`, { hint: 'list runs with `slant runs`' });
        runs = { baseRunId: opts.resumeRunId, ownRunId: (await own.createRun({ configJson: '{}', configHash: 'plan', label: 'plan' })).id };
      }
      store = overlayStore(own, shared, runs);
    } catch (err) {
      await shared.close();
      snapshot.dispose();
      throw err;
    }
    open = () => Promise.resolve({ store, shared });
  } else {
    snapshot = await snapshotStore(opts.storePath);
    // the copy is the plan's own: opened (and made, for a store that did not exist) when the plan is made
    open = async () => ({ store: await openRunStore(snapshot.path) });
  }
  let used = false;
  const release = async (stores: { store: RunStore; shared?: RunStore } | undefined): Promise<void> => {
    try {
      await stores?.store.close();
      await stores?.shared?.close();
    } finally {
      snapshot.dispose();
    }
  };
  return {
    async make(o = {}) {
      if (used) throw new Error('a cost plan is made once');
      used = true;
      let stores: { store: RunStore; shared?: RunStore } | undefined;
      try {
        stores = await open();
        return await dryPass(config, opts, stores.store, o);
      } finally {
        await release(stores);
      }
    },
    async dispose() {
      if (used) return;
      used = true;
      // a PostgreSQL plan's stores are open already; a SQLite plan's copy was never opened
      await release(isPostgresUrl(opts.storePath) ? await open() : undefined);
    },
  };
}

/** The run's executor over `store` (the plan's own), every model answering dry, each request counted. */
async function dryPass(config: SlantConfig, opts: Omit<PlanCostOptions, 'signal'>, store: RunStore, o: { turns?: boolean; signal?: AbortSignal }): Promise<CostPlan> {
  const notes: string[] = [];
  const tally = new PlanTally();
  const models = new ModelContext(new RequestCache(store), opts.noCache === true ? { noCache: true } : {});
  const reask = config.judges.reask === true;
  const dry = { reask, ...(o.turns === true ? { turns: true } : {}) };
  // built-in extractive systems and replays are local and free: they run as they are, so the judges read real outputs
  const wrap = (m: Parameters<typeof dryModel>[0]): ReturnType<typeof dryModel> => tally.wrap(models.wrap(m.provider === 'builtin' || m.provider === 'replay' ? m : dryModel(m, dry)));
  const plan = await planRun(config, { baseDir: opts.baseDir, wrap, planOnly: true });
  if (plan.judges.embedder !== undefined && /^[a-z][a-z0-9-]*:/.test(config.judges.embedder)) plan.judges.embedder = dryEmbedder(plan.judges.embedder, tally);
  const warnings = new WarningLog();
  let runId: string;
  if (opts.resumeRunId !== undefined) {
    runId = opts.resumeRunId;
    // what the run already holds: the requests its stored outputs cost, per cell (an output shared by two probes once)
    const shape = await executePlan(plan, store, runId, { warnings: new WarningLog(), planOnly: true });
    const seen = new Set<string>();
    for (const cell of shape.cells) {
      if (seen.has(cell.costKey)) continue;
      seen.add(cell.costKey);
      const costs = await store.getCosts(runId, cell.costKey);
      let calls = 0;
      for (const c of costs.values()) calls += c.calls - (c.cachedCalls ?? 0);
      if (calls > 0) tally.row(config.models.find((m) => (m.label ?? m.id) === cell.model)?.id ?? cell.model, cell.conditionLabel).stored += calls;
    }
  } else {
    runId = (await store.createRun({ configJson: '{}', configHash: 'plan', label: 'plan' })).id;
  }
  const outcome = await executePlan(plan, store, runId, { warnings, countOnly: true, ...(o.signal ? { signal: o.signal } : {}), ...(opts.noCache === true ? { noCache: true } : {}) });
  return { ...price(tally.list(), config, { batch: opts.batch === true, notes, datasets: outcome.datasets.map((d) => ({ name: d.name, n: d.n })) }), judgeReserve: tally.judgeReserve() };
}

function price(rows: PlanRow[], config: SlantConfig, o: { batch: boolean; notes: string[]; datasets: CostPlan['datasets'] }): Omit<CostPlan, 'judgeReserve'> {
  const table = priceTable(config.prices);
  // --batch: the generations of openai: models go through the Batch API (batch prices); judges are asked live
  const batched = new Set(o.batch ? config.models.map((m) => m.id).filter((id) => id.startsWith('openai:')) : []);
  const unpriced = new Set<string>();
  const totals: CostPlan['totals'] = { requests: { cached: 0, stored: 0, fresh: 0, freshExact: 0, answerDependent: 0 }, inputTokens: 0, outputTokensMax: 0, unlimited: 0, modelMax: 0, price: { low: 0, high: 0 }, exactTokens: true };
  const unbounded = new Set<string>();
  const priced: PricedRow[] = rows.map((r) => {
    const both: RequestTally = emptyTally();
    for (const t of [r.fresh, r.answerDependent]) {
      both.requests += t.requests;
      both.inputTokens += t.inputTokens;
      both.outputTokensMax += t.outputTokensMax;
      both.unlimited += t.unlimited;
      both.modelMax += t.modelMax;
    }
    if (both.unlimited > 0) unbounded.add(r.model);
    totals.requests.cached += r.cached;
    totals.requests.stored += r.stored;
    totals.requests.fresh += r.fresh.requests;
    if (r.atMost.length === 0) totals.requests.freshExact += r.fresh.requests;
    totals.requests.answerDependent += r.answerDependent.requests;
    totals.inputTokens += both.inputTokens;
    totals.outputTokensMax += both.outputTokensMax;
    totals.unlimited += both.unlimited;
    totals.modelMax += both.modelMax;
    if (!r.exactTokens && both.requests > 0) totals.exactTokens = false;
    const p = resolvePrice(r.model, table);
    if (p === undefined) {
      if (both.requests > 0) unpriced.add(r.model);
      return { ...r, price: null };
    }
    const batch = { batch: batched.has(r.model) };
    const low = costOf({ inputTokens: r.fresh.inputTokens, outputTokens: 0 }, p, batch);
    const high = both.unlimited > 0 && p.output > 0 ? null : costOf({ inputTokens: both.inputTokens, outputTokens: both.outputTokensMax }, p, batch);
    totals.price.low += low;
    totals.price.high = high === null || totals.price.high === null ? null : totals.price.high + high;
    return { ...r, price: { low, high } };
  });
  return { rows: priced, totals, unpriced: [...unpriced].sort(), unbounded: [...unbounded].sort(), pricesAsOf: pricesAsOf(), outputLimitsAsOf: OUTPUT_LIMITS_AS_OF, batch: o.batch, notes: o.notes, datasets: o.datasets };
}
