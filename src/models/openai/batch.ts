/**
 * OpenAI Batch API as a run mode: submit many chat requests as one JSONL file, poll until the
 * batch finishes (within 24 h, at half the price), collect the answers. The batch id is saved
 * in a state store under a hash of the exact request lines, so a run that is interrupted (Ctrl-C,
 * crash) resumes polling the same batch instead of paying for a new one.
 *
 * Protocol: POST /files (multipart, purpose=batch) → POST /batches → GET /batches/{id} until
 * completed | failed | expired | cancelled → GET /files/{output_file_id}/content (and the error file).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../../runtime/write-atomic.js';
import { UserError } from '../../core/errors.js';
import { defaultSleep, type SleepFn } from '../../runtime/scheduler.js';
import { redact } from '../../core/redact.js';
import { badShape, joinUrl, requestJson, requestText, type HttpCall } from '../http.js';
import type { GenerateRequest, GenerateResult, Warning } from '../types.js';
import { parseChatCompletion, type OpenAIChatModel } from './chat-model.js';

/** A batch's results file holds every answer of the batch: it is read whole, up to the longest string Node can hold (512 MiB). */
const BATCH_FILE_MAX_BYTES = 512 * 1024 * 1024;

/** Where batch ids are remembered between runs. */
export interface BatchStateStore {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
  delete(key: string): void;
}

export class MemoryBatchState implements BatchStateStore {
  private readonly m = new Map<string, string>();
  get(key: string): string | undefined {
    return this.m.get(key);
  }
  set(key: string, value: string): void {
    this.m.set(key, value);
  }
  delete(key: string): void {
    this.m.delete(key);
  }
}

/** A JSON file of key → value, rewritten atomically (temp file + rename) on every change. */
export class FileBatchState implements BatchStateStore {
  constructor(readonly path: string) {}
  private read(): Record<string, string> {
    if (!existsSync(this.path)) return {};
    try {
      return JSON.parse(readFileSync(this.path, 'utf8')) as Record<string, string>;
    } catch (err) {
      throw new UserError(`batch state file ${this.path} is not valid JSON; delete it to start over`, { cause: err });
    }
  }
  private write(o: Record<string, string>): void {
    writeFileAtomic(this.path, `${JSON.stringify(o, null, 2)}\n`, 'batch state');
  }
  get(key: string): string | undefined {
    return this.read()[key];
  }
  set(key: string, value: string): void {
    this.write({ ...this.read(), [key]: value });
  }
  delete(key: string): void {
    const o = this.read();
    delete o[key];
    this.write(o);
  }
}

export interface BatchItem {
  /** unique within the run, e.g. the cell and record id */
  customId: string;
  request: GenerateRequest;
}

export interface BatchOutcome {
  customId: string;
  result?: GenerateResult;
  /** why there is no result (request error, batch expired or cancelled) */
  error?: string;
}

export interface BatchProgress {
  batchId: string;
  status: string;
  completed: number;
  failed: number;
  total: number;
}

export interface BatchRunOptions {
  state?: BatchStateStore;
  /** wait between polls (default 30 s) */
  pollIntervalMs?: number;
  sleep?: SleepFn;
  /** stops polling (the batch keeps running server-side; the next run resumes it) */
  signal?: AbortSignal;
  /** requests per batch (OpenAI allows 50,000) */
  maxPerBatch?: number;
  onProgress?: (p: BatchProgress) => void;
}

const TERMINAL = new Set(['completed', 'failed', 'expired', 'cancelled']);
const ENDPOINT = '/v1/chat/completions';

interface SavedBatch {
  batchId: string;
  inputFileId: string;
  submittedAt: string;
}

interface BatchObject {
  id?: unknown;
  status?: unknown;
  output_file_id?: unknown;
  error_file_id?: unknown;
  request_counts?: { total?: unknown; completed?: unknown; failed?: unknown };
  errors?: { data?: { message?: unknown; line?: unknown }[] } | null;
}

/** Run `items` through the Batch API; returns one outcome per item, keyed by customId. */
export async function runOpenAIBatch(model: OpenAIChatModel, items: readonly BatchItem[], opts: BatchRunOptions = {}): Promise<Map<string, BatchOutcome>> {
  if (model.provider !== 'openai') throw new UserError(`batch mode needs an openai: model, got ${model.id}`);
  const ids = new Set<string>();
  for (const it of items) {
    if (ids.has(it.customId)) throw new UserError(`batch: duplicate customId "${it.customId}"`);
    ids.add(it.customId);
  }
  const max = opts.maxPerBatch ?? 50_000;
  const out = new Map<string, BatchOutcome>();
  const chunks: BatchItem[][] = [];
  for (let i = 0; i < items.length; i += max) chunks.push(items.slice(i, i + max));
  const runs = chunks.map((chunk) => runChunk(model, chunk, opts));
  for (const m of await Promise.all(runs)) for (const [k, v] of m) out.set(k, v);
  return out;
}

async function runChunk(model: OpenAIChatModel, items: BatchItem[], opts: BatchRunOptions): Promise<Map<string, BatchOutcome>> {
  const conn = model.connection();
  const state = opts.state ?? new MemoryBatchState();
  const sleep = opts.sleep ?? defaultSleep;
  const warnings = new Map<string, Warning[]>();
  const lines: string[] = [];
  for (const it of items) {
    const { body, warnings: w } = await model.prepare(it.request, { stream: false });
    warnings.set(it.customId, w);
    lines.push(JSON.stringify({ custom_id: it.customId, method: 'POST', url: ENDPOINT, body }));
  }
  const jsonl = `${lines.join('\n')}\n`;
  const key = `openai-batch:${createHash('sha256').update(conn.baseURL).update('\n').update(jsonl).digest('hex')}`;

  const base = (path: string, extra: Partial<HttpCall> = {}): HttpCall => ({
    provider: conn.provider,
    url: joinUrl(conn.baseURL, path),
    headers: conn.headers,
    secrets: conn.secrets,
    ...(conn.keyEnv !== undefined ? { keyEnv: conn.keyEnv } : {}),
    ...extra,
  });
  const runOpts = opts.signal !== undefined ? { signal: opts.signal } : {};
  const call = <T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> => conn.scheduler.run(conn.provider, fn, runOpts);

  let saved: SavedBatch | undefined;
  const prior = state.get(key);
  if (prior !== undefined) saved = JSON.parse(prior) as SavedBatch;
  if (saved === undefined) {
    const file = (await call((signal) => {
      const form = new FormData();
      form.append('purpose', 'batch');
      form.append('file', new Blob([jsonl], { type: 'application/jsonl' }), 'slant-batch.jsonl');
      return requestJson(base('files', { rawBody: form, signal }));
    })) as { id?: unknown };
    if (typeof file?.id !== 'string') throw badShape(conn.provider, 'file upload returned no id');
    const inputFileId = file.id;
    const batch = (await call((signal) =>
      requestJson(base('batches', { body: { input_file_id: inputFileId, endpoint: ENDPOINT, completion_window: '24h', metadata: { source: 'slant' } }, signal })),
    )) as BatchObject;
    if (typeof batch?.id !== 'string') throw badShape(conn.provider, 'batch creation returned no id');
    saved = { batchId: batch.id, inputFileId, submittedAt: new Date().toISOString() };
    state.set(key, JSON.stringify(saved));
  }

  const batchId = saved.batchId;
  let b: BatchObject;
  for (;;) {
    b = (await call((signal) => requestJson(base(`batches/${encodeURIComponent(batchId)}`, { method: 'GET', signal })))) as BatchObject;
    const status = typeof b?.status === 'string' ? b.status : 'unknown';
    const rc = b?.request_counts ?? {};
    opts.onProgress?.({
      batchId,
      status,
      completed: typeof rc.completed === 'number' ? rc.completed : 0,
      failed: typeof rc.failed === 'number' ? rc.failed : 0,
      total: typeof rc.total === 'number' ? rc.total : items.length,
    });
    if (TERMINAL.has(status)) break;
    await sleep(opts.pollIntervalMs ?? 30_000, opts.signal);
  }

  if (b.status === 'failed') {
    state.delete(key);
    const first = b.errors?.data?.[0];
    throw new UserError(`openai batch ${batchId} failed validation${first !== undefined ? `: ${String(first.message ?? '')}${first.line !== undefined ? ` (line ${String(first.line)})` : ''}` : ''}`);
  }
  const out = new Map<string, BatchOutcome>();
  const readFile = async (fileId: unknown): Promise<void> => {
    if (typeof fileId !== 'string' || fileId === '') return;
    const text = await call((signal) => requestText(base(`files/${encodeURIComponent(fileId)}/content`, { method: 'GET', signal, maxResponseBytes: BATCH_FILE_MAX_BYTES })));
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      let row: { custom_id?: unknown; response?: { status_code?: unknown; body?: unknown } | null; error?: { message?: unknown } | null };
      try {
        row = JSON.parse(line) as typeof row;
      } catch {
        throw badShape(conn.provider, `malformed line in batch file ${fileId}`);
      }
      if (typeof row.custom_id !== 'string' || !warnings.has(row.custom_id)) continue;
      const id = row.custom_id;
      const status = row.response?.status_code;
      if (status === 200 && row.response?.body !== undefined) {
        try {
          const r = parseChatCompletion(row.response.body, conn.provider, model.answerOptions());
          out.set(id, { customId: id, result: { ...r, warnings: [...(warnings.get(id) ?? []), ...r.warnings], cached: false } });
        } catch (err) {
          out.set(id, { customId: id, error: (err as Error).message });
        }
      } else {
        const bodyErr = (row.response?.body as { error?: { message?: unknown } } | undefined)?.error?.message;
        const msg = row.error?.message ?? bodyErr ?? `HTTP ${String(status)}`;
        out.set(id, { customId: id, error: redact(`openai batch: ${String(msg)}`) });
      }
    }
  };
  await readFile(b.output_file_id);
  await readFile(b.error_file_id);
  for (const it of items)
    if (!out.has(it.customId)) out.set(it.customId, { customId: it.customId, error: `openai batch ${batchId} ended "${String(b.status)}" before this request was answered` });
  state.delete(key);
  return out;
}
