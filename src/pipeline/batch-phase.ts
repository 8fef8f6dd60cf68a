import type { RunStore } from '../runtime/run-store.js';
import type { OpenAIChatModel } from '../models/openai/chat-model.js';
import type { DatasetSource, LoadedRecord } from './datasets.js';
import type { OutputProducer } from './producers.js';
import type { WarningLog } from './warnings.js';
import { unmeasured } from '../models/answer.js';
import { TRUNCATED_REASON, storedUnmeasured, type TruncatedPolicy } from './unmeasured.js';

export const outputKey = (model: string, dataset: string): string => `${model}|${dataset}`;

/**
 * `slant run --batch`: before the normal pass, send every not-yet-stored generation of each
 * OpenAI producer through the Batch API (half price), and store the answers as outputs. The batch
 * id is remembered in `statePath`, so a run killed while the batch is in flight picks the same
 * batch up again (nothing is submitted twice). Items the batch could not answer are left for the
 * normal pass, which sends them live, and are listed as warnings.
 */
export async function runBatchPhase(
  ds: DatasetSource,
  producers: readonly OutputProducer[],
  store: RunStore,
  runId: string,
  opts: { statePath: string; signal?: AbortSignal; warnings: WarningLog; truncated?: TruncatedPolicy; onResult?: (modelId: string, r: { usage?: { inputTokens: number; outputTokens: number }; cached: boolean }) => void; log?: (line: string) => void },
): Promise<{ submitted: number; stored: number }> {
  const batchable = producers.filter((p) => p.batch);
  if (batchable.length === 0) return { submitted: 0, stored: 0 };
  // the Batch API takes all requests at once, so this pass holds the dataset's records
  const records: LoadedRecord[] = [];
  for await (const r of ds.records()) records.push(r);
  const { runOpenAIBatch, FileBatchState } = await import('../models/openai/batch.js');
  let submitted = 0;
  let stored = 0;
  for (const p of batchable) {
    const batch = p.batch!;
    const todo: LoadedRecord[] = [];
    for (const r of records) if ((await store.getOutput(runId, outputKey(p.label(r), ds.name), r.id)) === undefined) todo.push(r);
    if (todo.length === 0) continue;
    submitted += todo.length;
    const byId = new Map(todo.map((r) => [r.id, r]));
    const outcomes = await runOpenAIBatch(
      batch.model as OpenAIChatModel,
      todo.map((r) => ({ customId: r.id, request: batch.request(r) })),
      {
        state: new FileBatchState(opts.statePath),
        // how often to ask the Batch API for progress (default 30 s)
        ...(process.env.SLANT_BATCH_POLL_MS ? { pollIntervalMs: Number(process.env.SLANT_BATCH_POLL_MS) } : {}),
        ...(opts.signal ? { signal: opts.signal } : {}),
        onProgress: (pr) => opts.log?.(`batch ${pr.batchId} (${p.id}, ${ds.name}): ${pr.status}, ${pr.completed}/${pr.total} done, ${pr.failed} failed`),
      },
    );
    for (const [id, o] of outcomes) {
      const record = byId.get(id);
      if (!record) continue;
      if (o.result) {
        const r = o.result;
        // as in the live pass: a filtered, refused, reasoning-only (or, by default, cut-off) answer is stored with its reason, never measured
        const why = r.invalid ?? (r.finishReason === 'length' && opts.truncated !== 'measure' ? TRUNCATED_REASON : undefined);
        const output = why !== undefined
          ? { ...storedUnmeasured(why, unmeasured(r), r.warnings), batch: true }
          : { text: batch.toOutput(r.text), warnings: r.warnings, batch: true, ...(r.reasoning !== undefined ? { reasoning: r.reasoning } : {}), ...(r.finishReason === 'length' ? { finishReason: 'length' } : {}) };
        await store.putOutput(runId, outputKey(p.label(record), ds.name), id, output);
        opts.warnings.addResult(p.label(record), r.warnings);
        opts.onResult?.(p.id, { ...(o.result.usage ? { usage: o.result.usage } : {}), cached: false });
        stored++;
      } else {
        opts.warnings.add(`${p.id} batch`, `record ${id}: ${o.error ?? 'no answer'}; sent live instead`);
      }
    }
  }
  return { submitted, stored };
}
