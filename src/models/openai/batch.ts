/**
 * OpenAI Batch API as a run mode: submit many chat requests as one JSONL file, poll until the
 * batch finishes (within 24 h, at half the price), collect the answers. Nothing is paid twice
 * whenever the process is killed:
 *
 * - before anything is sent, the intent to create a batch is saved in a state store (under the
 *   caller's key, with a random intent id that also goes into the batch's metadata);
 * - killed between creating the batch and saving its id, the next call finds the batch by that
 *   metadata in the list of the account's batches (GET /batches) instead of creating a second;
 *   found nowhere, it was never created, and the intent is dropped;
 * - answers are handed to the caller (`onOutcomes`, awaited: it stores them) as they are read, in
 *   groups, and the batch id is forgotten only after every answer was handed over, so a call killed
 *   while the answers were being stored reads the same batch's files again.
 *
 * Protocol: POST /files (multipart, purpose=batch) → POST /batches → GET /batches/{id} until
 * completed | failed | expired | cancelled → GET /files/{output_file_id}/content (and the error file).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../../runtime/write-atomic.js';
import { UserError } from '../../core/errors.js';
import { crashPoint } from '../../runtime/crash-point.js';
import { defaultSleep, type SleepFn } from '../../runtime/scheduler.js';
import { redact } from '../../core/redact.js';
import { badShape, joinUrl, requestJson, requestText, type HttpCall } from '../http.js';
import type { GenerateRequest, GenerateResult, Warning } from '../types.js';
import type { AnswerOptions } from '../answer.js';
import { parseChatCompletion, type OpenAIChatModel } from './chat-model.js';

/** A batch's results file holds every answer of the batch: it is read whole, up to the longest string Node can hold (512 MiB). */
const BATCH_FILE_MAX_BYTES = 512 * 1024 * 1024;

/** Where batches in flight are remembered between runs (`slant run --batch`: the run store's batch_state table). */
export interface BatchStateStore {
  get(key: string): string | undefined | Promise<string | undefined>;
  set(key: string, value: string): void | Promise<void>;
  delete(key: string): void | Promise<void>;
  /** the keys that start with `prefix` */
  keys(prefix: string): string[] | Promise<string[]>;
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
  keys(prefix: string): string[] {
    return [...this.m.keys()].filter((k) => k.startsWith(prefix));
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
    if (!(key in o)) return;
    delete o[key];
    this.write(o);
  }
  keys(prefix: string): string[] {
    return Object.keys(this.read()).filter((k) => k.startsWith(prefix));
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
  /**
   * Where this caller's batches are remembered in `state` (one entry per batch, under this prefix):
   * a caller that resumes with fewer items (those answered were stored) still finds its batches.
   * Default: a hash of the base URL and the request lines.
   */
  stateKey?: string;
  /** wait between polls (default 30 s) */
  pollIntervalMs?: number;
  sleep?: SleepFn;
  /** stops polling (the batch keeps running server-side; the next run resumes it) */
  signal?: AbortSignal;
  /** requests per batch (OpenAI allows 50,000) */
  maxPerBatch?: number;
  onProgress?: (p: BatchProgress) => void;
  /**
   * Answers as they are read from a batch's files, in groups of up to ANSWER_GROUP (awaited: store
   * them here); a batch is forgotten only once all its answers were handed over. Outcomes of a
   * resumed batch may name custom ids that are not among `items` (answered and stored before).
   */
  onOutcomes?: (outcomes: BatchOutcome[]) => Promise<void> | void;
}

/** Answers handed to onOutcomes at a time: a kill while storing re-reads the batch's files, never re-sends. */
export const ANSWER_GROUP = 100;

const TERMINAL = new Set(['completed', 'failed', 'expired', 'cancelled']);
const ENDPOINT = '/v1/chat/completions';

/** One batch in flight, as remembered: the intent first, then its input file, then its id. */
interface SavedBatch {
  intent: string;
  /** unix seconds when the intent was saved: the batch, if created, is not older */
  since: number;
  inputFileId?: string;
  batchId?: string;
}

interface BatchObject {
  id?: unknown;
  status?: unknown;
  created_at?: unknown;
  metadata?: Record<string, unknown> | null;
  output_file_id?: unknown;
  error_file_id?: unknown;
  request_counts?: { total?: unknown; completed?: unknown; failed?: unknown };
  errors?: { data?: { message?: unknown; line?: unknown }[] } | null;
}

/**
 * Run `items` through the Batch API; returns one outcome per item, keyed by customId. Batches of
 * an earlier call under the same state key (killed at any point) are finished first: their answers
 * are handed over, and only items they did not answer are submitted anew.
 */
export async function runOpenAIBatch(model: OpenAIChatModel, items: readonly BatchItem[], opts: BatchRunOptions = {}): Promise<Map<string, BatchOutcome>> {
  if (model.provider !== 'openai') throw new UserError(`batch mode needs an openai: model, got ${model.id}`);
  const ids = new Set<string>();
  for (const it of items) {
    if (ids.has(it.customId)) throw new UserError(`batch: duplicate customId "${it.customId}"`);
    ids.add(it.customId);
  }
  const api = batchApi(model, opts);
  const state = opts.state ?? new MemoryBatchState();
  const warnings = new Map<string, Warning[]>();
  const lines = new Map<string, string>();
  for (const it of items) {
    const { body, warnings: w } = await model.prepare(it.request, { stream: false });
    warnings.set(it.customId, w);
    lines.set(it.customId, JSON.stringify({ custom_id: it.customId, method: 'POST', url: ENDPOINT, body }));
  }
  const prefix = `${opts.stateKey ?? `openai-batch:${createHash('sha256').update(api.baseURL).update('\n').update([...lines.values()].join('\n')).digest('hex')}`}#`;
  const out = new Map<string, BatchOutcome>();
  const collect = async (outcomes: BatchOutcome[]): Promise<void> => {
    const mine = outcomes.map((o) => ({ ...o, ...(o.result ? { result: { ...o.result, warnings: [...(warnings.get(o.customId) ?? []), ...o.result.warnings] } } : {}) }));
    for (const o of mine) if (ids.has(o.customId)) out.set(o.customId, o);
    await opts.onOutcomes?.(mine);
  };

  // batches of an earlier call (killed, interrupted): finish them before submitting anything
  const earlier = await state.keys(prefix);
  await Promise.all(
    earlier.map(async (key) => {
      const saved = await state.get(key);
      if (saved !== undefined) await finishBatch(api, state, key, JSON.parse(saved) as SavedBatch, undefined, collect, opts);
    }),
  );

  const todo = items.filter((it) => !out.has(it.customId));
  const max = opts.maxPerBatch ?? 50_000;
  const chunks: BatchItem[][] = [];
  for (let i = 0; i < todo.length; i += max) chunks.push(todo.slice(i, i + max));
  await Promise.all(
    chunks.map(async (chunk) => {
      const intent = randomBytes(8).toString('hex');
      const key = `${prefix}${intent}`;
      const saved: SavedBatch = { intent, since: Math.floor(Date.now() / 1000) };
      // the intent first: a kill from here on leaves a trace the next call resolves
      await state.set(key, JSON.stringify(saved));
      crashPoint('batch-intent');
      const jsonl = `${chunk.map((it) => lines.get(it.customId)).join('\n')}\n`;
      await finishBatch(api, state, key, saved, { jsonl, customIds: chunk.map((it) => it.customId) }, collect, opts);
    }),
  );
  for (const it of items)
    if (!out.has(it.customId)) out.set(it.customId, { customId: it.customId, error: 'the batch ended before this request was answered' });
  return out;
}

interface BatchApi {
  baseURL: string;
  provider: string;
  /** how the model's answers are read (reasoning, finish), as for its live answers */
  answer: AnswerOptions;
  get(path: string): Promise<unknown>;
  getText(path: string, maxResponseBytes?: number): Promise<string>;
  post(path: string, body: unknown): Promise<unknown>;
  upload(jsonl: string): Promise<unknown>;
}

function batchApi(model: OpenAIChatModel, opts: BatchRunOptions): BatchApi {
  const conn = model.connection();
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
  return {
    baseURL: conn.baseURL,
    provider: conn.provider,
    answer: model.answerOptions(),
    get: (path) => call((signal) => requestJson(base(path, { method: 'GET', signal }))),
    getText: (path, maxResponseBytes) => call((signal) => requestText(base(path, { method: 'GET', signal, ...(maxResponseBytes !== undefined ? { maxResponseBytes } : {}) }))),
    post: (path, body) => call((signal) => requestJson(base(path, { body, signal }))),
    upload: (jsonl) =>
      call((signal) => {
        const form = new FormData();
        form.append('purpose', 'batch');
        form.append('file', new Blob([jsonl], { type: 'application/jsonl' }), 'slant-batch.jsonl');
        return requestJson(base('files', { rawBody: form, signal }));
      }),
  };
}

/**
 * The batch an intent created, looked up in the account's batches by its metadata (newest first,
 * back to the intent's time): the process was killed after creating it and before saving its id.
 */
async function findByIntent(api: BatchApi, saved: SavedBatch): Promise<string | undefined> {
  let after: string | undefined;
  for (;;) {
    const page = (await api.get(`batches?limit=100${after !== undefined ? `&after=${encodeURIComponent(after)}` : ''}`)) as { data?: BatchObject[]; has_more?: unknown; last_id?: unknown };
    const data = Array.isArray(page?.data) ? page.data : [];
    for (const b of data) if (b.metadata?.slant_intent === saved.intent && typeof b.id === 'string') return b.id;
    const last = data[data.length - 1];
    // a minute's slack for clocks: older batches cannot be this intent's
    const older = typeof last?.created_at === 'number' && last.created_at < saved.since - 60;
    if (page?.has_more !== true || older || typeof page.last_id !== 'string') return undefined;
    after = page.last_id;
  }
}

/**
 * Create (when `create` is given and no batch exists yet for the intent), poll and read one batch,
 * handing its answers over; forget it once all were. `create` absent: an earlier call's batch, which
 * is dropped when its intent never became a batch.
 */
async function finishBatch(
  api: BatchApi,
  state: BatchStateStore,
  key: string,
  saved: SavedBatch,
  create: { jsonl: string; customIds: string[] } | undefined,
  collect: (o: BatchOutcome[]) => Promise<void>,
  opts: BatchRunOptions,
): Promise<void> {
  let batchId = saved.batchId ?? (create === undefined ? await findByIntent(api, saved) : undefined);
  if (batchId === undefined) {
    if (create === undefined) {
      // the earlier call was killed before its batch existed: nothing was paid, its items are asked again
      await state.delete(key);
      return;
    }
    const file = (await api.upload(create.jsonl)) as { id?: unknown };
    if (typeof file?.id !== 'string') throw badShape(api.provider, 'file upload returned no id');
    saved.inputFileId = file.id;
    await state.set(key, JSON.stringify(saved));
    const batch = (await api.post('batches', { input_file_id: file.id, endpoint: ENDPOINT, completion_window: '24h', metadata: { source: 'slant', slant_intent: saved.intent } })) as BatchObject;
    if (typeof batch?.id !== 'string') throw badShape(api.provider, 'batch creation returned no id');
    crashPoint('batch-created');
    batchId = batch.id;
  }
  if (saved.batchId !== batchId) {
    saved.batchId = batchId;
    await state.set(key, JSON.stringify(saved));
  }
  const id = batchId;
  const sleep = opts.sleep ?? defaultSleep;
  let b: BatchObject;
  for (;;) {
    b = (await api.get(`batches/${encodeURIComponent(id)}`)) as BatchObject;
    const status = typeof b?.status === 'string' ? b.status : 'unknown';
    const rc = b?.request_counts ?? {};
    opts.onProgress?.({
      batchId: id,
      status,
      completed: typeof rc.completed === 'number' ? rc.completed : 0,
      failed: typeof rc.failed === 'number' ? rc.failed : 0,
      total: typeof rc.total === 'number' ? rc.total : (create?.customIds.length ?? 0),
    });
    if (TERMINAL.has(status)) break;
    await sleep(opts.pollIntervalMs ?? 30_000, opts.signal);
  }

  if (b.status === 'failed') {
    await state.delete(key);
    const first = b.errors?.data?.[0];
    throw new UserError(`openai batch ${id} failed validation${first !== undefined ? `: ${String(first.message ?? '')}${first.line !== undefined ? ` (line ${String(first.line)})` : ''}` : ''}`);
  }
  const seen = new Set<string>();
  let group: BatchOutcome[] = [];
  let handed = 0;
  const hand = async (): Promise<void> => {
    if (group.length === 0) return;
    const g = group;
    group = [];
    await collect(g);
    // a kill from here on, with answers stored and others not yet: the next call reads the files again
    if (handed++ === 0) crashPoint('batch-storing');
  };
  const readFile = async (fileId: unknown): Promise<void> => {
    if (typeof fileId !== 'string' || fileId === '') return;
    const text = await api.getText(`files/${encodeURIComponent(fileId)}/content`, BATCH_FILE_MAX_BYTES);
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      let row: { custom_id?: unknown; response?: { status_code?: unknown; body?: unknown } | null; error?: { message?: unknown } | null };
      try {
        row = JSON.parse(line) as typeof row;
      } catch {
        throw badShape(api.provider, `malformed line in batch file ${fileId}`);
      }
      if (typeof row.custom_id !== 'string' || seen.has(row.custom_id)) continue;
      const cid = row.custom_id;
      seen.add(cid);
      const status = row.response?.status_code;
      if (status === 200 && row.response?.body !== undefined) {
        try {
          const r = parseChatCompletion(row.response.body, api.provider, api.answer);
          group.push({ customId: cid, result: { ...r, cached: false } });
        } catch (err) {
          group.push({ customId: cid, error: (err as Error).message });
        }
      } else {
        const bodyErr = (row.response?.body as { error?: { message?: unknown } } | undefined)?.error?.message;
        const msg = row.error?.message ?? bodyErr ?? `HTTP ${String(status)}`;
        group.push({ customId: cid, error: redact(`openai batch: ${String(msg)}`) });
      }
      if (group.length >= ANSWER_GROUP) await hand();
    }
  };
  await readFile(b.output_file_id);
  await readFile(b.error_file_id);
  for (const cid of create?.customIds ?? []) if (!seen.has(cid)) group.push({ customId: cid, error: `openai batch ${id} ended "${String(b.status)}" before this request was answered` });
  await hand();
  await state.delete(key);
}
