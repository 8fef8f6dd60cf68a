import type { BatchStore, CacheStore, ItemsStore } from '../runtime/run-store.js';
import type { StoreWrite } from '../runtime/store.js';
import { RequestCache } from '../runtime/cache.js';
import { isCacheableAnswer, requestCacheParts } from '../runtime/model-context.js';
import type { GenerateResult } from '../models/types.js';
import type { OpenAIChatModel } from '../models/openai/chat-model.js';
import type { BatchStateStore } from '../models/openai/batch.js';
import type { DatasetSource, LoadedRecord } from './datasets.js';
import type { OutputProducer } from './producers.js';
import type { WarningLog } from './warnings.js';
import { unmeasured } from '../models/answer.js';
import { batchStateKey, outputKey } from './store-keys.js';
import { TRUNCATED_REASON, storedUnmeasured, type TruncatedPolicy } from './unmeasured.js';
import { BudgetReachedError, type Budget } from '../runtime/budget.js';
import { BASELINE_KEY } from './conditions.js';


/** The run store as the Batch API's state store. */
function storeBatchState(store: BatchStore): BatchStateStore {
  return {
    get: (key) => store.batchStateGet(key),
    set: (key, value) => store.batchStateSet(key, value),
    delete: (key) => store.batchStateDelete(key),
    keys: (prefix) => store.batchStateKeys(prefix),
  };
}

/**
 * Whether the run has batches in flight (it was killed or interrupted in batch mode): a resume
 * finishes them in batch mode even without `--batch`, instead of sending their requests live.
 */
export async function hasPendingBatches(store: BatchStore, runId: string): Promise<boolean> {
  return (await store.batchStateKeys(batchStateKey(runId, ''))).length > 0;
}

type Usage = { inputTokens: number; outputTokens: number };

/**
 * `slant run --batch`: before the normal pass, send every not-yet-stored generation of each
 * OpenAI producer through the Batch API (half price), and store the answers as outputs. Nothing
 * is paid twice (src/models/openai/batch.ts says how, whenever the process is killed):
 *
 * - answers already in the request cache (a live run's, an earlier batch's) are stored from there;
 * - the run's batches in flight are remembered in the store (batch_state) under the run and output key, so a
 *   resumed run finishes them (even with fewer records left) instead of submitting again;
 * - answers are stored as they are read, in groups, each also put in the request cache (under the
 *   key a live request would have), so later runs, batch or not, are served from it.
 *
 * Items the batch could not answer are left for the normal pass, which sends them live, and are
 * listed as warnings.
 */
export async function runBatchPhase(
  ds: DatasetSource,
  producers: readonly OutputProducer[],
  store: BatchStore & CacheStore & ItemsStore,
  runId: string,
  opts: {
    signal?: AbortSignal;
    warnings: WarningLog;
    /** `--no-cache`: the request cache is neither read nor written */
    noCache?: boolean;
    /** whether answers cut at the token limit are measured (as in the live pass) */
    truncated?: TruncatedPolicy;
    onResult?: (modelId: string, r: { usage?: Usage; cached: boolean }) => void;
    log?: (line: string) => void;
  },
): Promise<{ submitted: number; stored: number; fromCache: number }> {
  const batchable = producers.filter((p) => p.batch);
  if (batchable.length === 0) return { submitted: 0, stored: 0, fromCache: 0 };
  // the Batch API takes all requests at once, so this pass holds the dataset's records
  const records: LoadedRecord[] = [];
  for await (const r of ds.records()) records.push(r);
  const byId = new Map(records.map((r) => [r.id, r]));
  const { runOpenAIBatch } = await import('../models/openai/batch.js');
  const cache = opts.noCache === true ? undefined : new RequestCache(store);
  let submitted = 0;
  let stored = 0;
  let fromCache = 0;
  for (const p of batchable) {
    const batch = p.batch!;
    const model = batch.model as OpenAIChatModel;
    const cacheKey = (r: LoadedRecord): { key: string; parts: ReturnType<typeof requestCacheParts> } | undefined => {
      if (cache === undefined) return undefined;
      const req = batch.request(r);
      // the key a live request for the record has (withRequestCache)
      const parts = requestCacheParts(model, { messages: req.messages, params: req.params ?? {} });
      return { key: cache.key(parts), parts };
    };
    const storedIds = new Set<string>();
    for (const key of new Set(records.map((r) => outputKey(p.label(r), ds.name)))) for (const id of await store.outputRecordIds(runId, key)) storedIds.add(id);
    const output = (r: LoadedRecord, res: Omit<GenerateResult, 'cached'>): StoreWrite => {
      opts.warnings.addResult(p.label(r), res.warnings);
      // as in the live pass: a filtered, refused or reasoning-only answer (and a cut one, when those are excluded) is stored with its reason, never measured
      const why = res.invalid ?? (res.finishReason === 'length' && opts.truncated === 'exclude' ? TRUNCATED_REASON : undefined);
      const value =
        why !== undefined
          ? { ...storedUnmeasured(why, unmeasured(res), res.warnings), batch: true }
          : { text: batch.toOutput(res.text), warnings: res.warnings, batch: true, ...(res.reasoning !== undefined ? { reasoning: res.reasoning } : {}), ...(res.finishReason === 'length' ? { finishReason: 'length' } : {}) };
      return { kind: 'output', cellKey: outputKey(p.label(r), ds.name), recordId: r.id, value };
    };

    // answers paid for before (a live run, an earlier batch): stored from the request cache
    const todo: LoadedRecord[] = [];
    const cachedWrites: StoreWrite[] = [];
    for (const r of records) {
      if (storedIds.has(r.id)) continue;
      const c = cacheKey(r);
      const hit = c === undefined ? undefined : await cache?.get<Omit<GenerateResult, 'cached'>>(c.key);
      if (hit !== undefined && isCacheableAnswer(hit.response)) {
        cachedWrites.push(output(r, hit.response));
        opts.onResult?.(p.id, { ...(hit.response.usage ? { usage: hit.response.usage } : {}), cached: true });
        storedIds.add(r.id);
        fromCache++;
      } else todo.push(r);
    }
    if (cachedWrites.length > 0) await store.putWrites(runId, cachedWrites);
    const budget = batch.budget?.active === true ? batch.budget : undefined;
    // a budget prices each generation at batch prices, with the judge calls its record will need,
    // before the batch is submitted: only those that fit go in (the records answered from the cache
    // hold their judge calls too); the rest wait for --resume with a higher budget
    const reserved = new Map<string, Awaited<ReturnType<Budget['reserveFor']>>>();
    if (budget !== undefined) {
      const fits: LoadedRecord[] = [];
      try {
        for (const w of cachedWrites) await budget.reserveFor({ model: p.label(byId.get(w.recordId)!), condition: BASELINE_KEY, record: w.recordId });
        for (const r of todo) {
          const req = batch.request(r);
          reserved.set(r.id, await budget.reserveFor({ model: p.label(r), condition: BASELINE_KEY, record: r.id }, { model: model.id, provider: model.provider, messages: req.messages, maxTokens: req.params?.maxTokens }));
          fits.push(r);
        }
      } catch (err) {
        if (!(err instanceof BudgetReachedError)) throw err;
        opts.log?.(`budget: ${fits.length} of ${todo.length} generation(s) of ${p.id} (${ds.name}) go into the batch; the budget is reached (${err.limit})`);
      }
      todo.splice(fits.length);
    }
    if (todo.length === 0) continue;
    submitted += todo.length;

    const outcomes = await runOpenAIBatch(
      model,
      todo.map((r) => ({ customId: r.id, request: batch.request(r) })),
      {
        state: storeBatchState(store),
        // one entry per batch under the run and output key: a resumed run finds its batches whatever is left to do
        stateKey: batchStateKey(runId, outputKey(p.id, ds.name)),
        // how often to ask the Batch API for progress (default 30 s)
        ...(process.env.SLANT_BATCH_POLL_MS ? { pollIntervalMs: Number(process.env.SLANT_BATCH_POLL_MS) } : {}),
        ...(opts.signal ? { signal: opts.signal } : {}),
        onProgress: (pr) => opts.log?.(`batch ${pr.batchId} (${p.id}, ${ds.name}): ${pr.status}, ${pr.completed}/${pr.total} done, ${pr.failed} failed`),
        // each group of answers as read: into the request cache, then the run's outputs (one transaction),
        // before the batch is forgotten; answers stored before a kill are not stored twice
        onOutcomes: async (group) => {
          const writes: StoreWrite[] = [];
          for (const o of group) {
            const record = byId.get(o.customId);
            if (record === undefined || o.result === undefined) continue;
            const { cached: _c, ...answer } = o.result;
            // billed: what it used replaces its reservation
            const r = reserved.get(record.id);
            if (r !== undefined) {
              budget?.settle(model.id, r, answer.usage);
              reserved.delete(record.id);
            }
            const c = cacheKey(record);
            if (c !== undefined && isCacheableAnswer(answer)) await cache?.put(c.key, { ...c.parts, response: answer });
            if (storedIds.has(record.id)) continue;
            writes.push(output(record, answer));
            opts.onResult?.(p.id, { ...(answer.usage ? { usage: answer.usage } : {}), cached: false });
            storedIds.add(record.id);
            stored++;
          }
          if (writes.length > 0) await store.putWrites(runId, writes);
        },
      },
    );
    for (const [id, o] of outcomes) if (o.result === undefined && !storedIds.has(id)) opts.warnings.add(`${p.id} batch`, `record ${id}: ${o.error ?? 'no answer'}; sent live instead`);
    // a request the batch did not answer is not billed
    for (const r of reserved.values()) budget?.release(model.id, r);
  }
  return { submitted, stored, fromCache };
}
