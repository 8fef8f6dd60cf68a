/**
 * Shared HTTP plumbing for the model providers.
 *
 * Providers talk to their APIs over plain HTTP instead of vendor SDKs: each provider folder owns
 * exactly one wire protocol, the request body is built in plain sight (so every decoding setting
 * can be checked and warned about), there is no extra dependency per vendor, and the tests run
 * against real loopback HTTP servers that speak the same protocol.
 *
 * Provider calls (`open`, `requestJson`, `requestText`, `readLines`) use the `undici` package's
 * `request()` on one shared keep-alive Agent rather than the global `fetch`: fetch wraps every
 * body in WHATWG streams, which cost ~0.8 ms of client CPU per request on a 2-core machine, and
 * at 32 concurrent requests that CPU, not the network, bounded throughput (bench:runner ratio
 * 1.23 vs ~1.05 with `request()`). Redirects are followed and gzip/deflate/br bodies decoded, as
 * fetch does. `send()` keeps returning a WHATWG `Response` (via fetch) for general web pages.
 *
 * Retrying is NOT done here: errors carry `retryable` / `retryAfterMs` and the runtime Scheduler
 * (src/runtime/scheduler.ts) decides. Secrets (API keys) are removed from every error message:
 * the error classes redact their own message (src/core/redact.ts), every key a provider reads is
 * registered there (`pickSetting`), and so is every credential header a call sends.
 */
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Dispatcher } from 'undici';
import { positiveIntegerEnv } from '../core/env-number.js';
import { UserError } from '../core/errors.js';
import { isSecretName, redact, registerSecret, registerSecretHeaders } from '../core/redact.js';
import { adviseStatus } from './http-error-advice.js';

/**
 * undici, imported on the first request: loading it costs about 70 ms of CPU, which commands
 * that ask no model (`slant measure`, `report`, `view`) need not pay. An `import()` (not a
 * require) so that the built CLI's bundle holds it as one chunk (scripts/bundle-cli.mjs): its ~60
 * CommonJS modules loaded one by one took twice the CPU of the bundled chunk. Only the first
 * request awaits it; later ones read the module already loaded.
 */
type Undici = Pick<typeof import('undici'), 'Agent' | 'request'>;
let undiciModule: Undici | undefined;
// `.default`: a CommonJS package's module.exports, which is all that a chunk of the bundle exports for it
const loadUndici = async (): Promise<Undici> => (undiciModule ??= (await import('undici')).default);

/**
 * Begin loading undici now (a provider's model was just made: the command will most likely ask
 * it). Loading it also starts compiling its HTTP parser (WebAssembly, on V8's background threads),
 * which the first connection awaits: begun at the first request, a run sat idle for that compile
 * (~60 ms) before sending anything; begun here, it compiles while the run opens its store and
 * reads its records. A failure here is met again, and reported, by the first request.
 */
export function prepareHttp(): void {
  if (undiciModule === undefined) loadUndici().catch(() => undefined);
}

/** An HTTP-level failure of a provider call (non-2xx status, or an unusable 2xx body). */
export class ProviderHttpError extends Error {
  /** HTTP status; 200 for a 2xx answer whose body could not be used (malformed, truncated). */
  readonly status: number;
  /** how long the server asked us to wait, from Retry-After / rate-limit headers or body */
  readonly retryAfterMs?: number;
  readonly retryable: boolean;
  readonly provider: string;
  /** what the user should change or do (the CLI prints it), when the answer says more than "failed" */
  readonly hint?: string;
  /** the CLI's exit code when this error ends a command (default: EXIT.provider) */
  readonly exitCode?: number;
  /** the request was longer than the model's context (src/models/context-overflow.ts) */
  readonly contextOverflow?: true;
  constructor(provider: string, status: number, message: string, opts: { retryable: boolean; retryAfterMs?: number; cause?: unknown; hint?: string; exitCode?: number; contextOverflow?: true }) {
    super(redact(message), opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'ProviderHttpError';
    this.provider = provider;
    this.status = status;
    this.retryable = opts.retryable;
    if (opts.retryAfterMs !== undefined) this.retryAfterMs = opts.retryAfterMs;
    if (opts.hint !== undefined) this.hint = redact(opts.hint);
    if (opts.exitCode !== undefined) this.exitCode = opts.exitCode;
    if (opts.contextOverflow === true) this.contextOverflow = true;
  }
}

/** The connection failed (refused, reset, closed mid-body). Always retryable. */
export class ProviderNetworkError extends Error {
  readonly retryable = true;
  readonly provider: string;
  constructor(provider: string, message: string, cause?: unknown) {
    super(redact(message), cause === undefined ? undefined : { cause });
    this.name = 'ProviderNetworkError';
    this.provider = provider;
  }
}

/** Statuses worth retrying: request timeout, conflict, rate limit, and server errors. */
function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Parse a duration like OpenAI's rate-limit reset headers: "1s", "6m0s", "20ms", "1h2m3.5s". */
export function parseGoDuration(s: string): number | undefined {
  const re = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
  let total = 0;
  let consumed = 0;
  for (const m of s.trim().matchAll(re)) {
    const n = Number(m[1]);
    const unit = m[2];
    total += unit === 'ms' ? n : unit === 's' ? n * 1000 : unit === 'm' ? n * 60_000 : n * 3_600_000;
    consumed += m[0].length;
  }
  return consumed > 0 && consumed === s.trim().length ? total : undefined;
}

/**
 * How long to wait before retrying, from the response headers, in ms:
 * `retry-after-ms`, then `retry-after` (seconds or an HTTP date), then the reset time of an
 * exhausted rate-limit bucket (OpenAI `x-ratelimit-reset-*` durations, Anthropic
 * `anthropic-ratelimit-*-reset` timestamps). `now` is injectable for tests.
 */
export function retryAfterFromHeaders(h: Headers, now: number = Date.now()): number | undefined {
  const ms = h.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const ra = h.get('retry-after');
  if (ra !== null && ra.trim() !== '') {
    const secs = Number(ra);
    if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
    const date = Date.parse(ra);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  const resets: number[] = [];
  for (const bucket of ['requests', 'tokens', 'input-tokens', 'output-tokens']) {
    const remaining = h.get(`x-ratelimit-remaining-${bucket}`) ?? h.get(`anthropic-ratelimit-${bucket}-remaining`);
    if (remaining !== null && Number(remaining) > 0) continue;
    const openai = h.get(`x-ratelimit-reset-${bucket}`);
    if (openai !== null) {
      const d = parseGoDuration(openai);
      if (d !== undefined) resets.push(d);
    }
    const anthropic = h.get(`anthropic-ratelimit-${bucket}-reset`);
    if (anthropic !== null) {
      const t = Date.parse(anthropic);
      if (Number.isFinite(t)) resets.push(Math.max(0, t - now));
    }
  }
  return resets.length > 0 ? Math.max(...resets) : undefined;
}

/** Gemini puts the wait in the error body: error.details[].retryDelay = "30s". */
function retryAfterFromBody(body: unknown): number | undefined {
  const details = (body as { error?: { details?: unknown } } | null)?.error?.details;
  if (!Array.isArray(details)) return undefined;
  for (const d of details) {
    const delay = (d as { retryDelay?: unknown } | null)?.retryDelay;
    if (typeof delay === 'string') {
      const ms = parseGoDuration(delay);
      if (ms !== undefined) return ms;
    }
  }
  return undefined;
}

function errorMessageFromBody(text: string): { message: string; json: unknown } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { message: text.slice(0, 300).trim(), json: undefined };
  }
  const e = (json as { error?: unknown; message?: unknown } | null) ?? {};
  if (typeof e.error === 'string') return { message: e.error, json };
  const inner = e.error as { message?: unknown } | undefined;
  if (inner !== undefined && typeof inner.message === 'string') return { message: inner.message, json };
  if (typeof e.message === 'string') return { message: e.message, json };
  return { message: text.slice(0, 300).trim(), json };
}

export interface HttpCall {
  /** provider name for messages, e.g. 'openai' */
  provider: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  /** a body sent as is (e.g. FormData for file uploads); wins over `body` */
  rawBody?: FormData | string;
  signal?: AbortSignal;
  /** values that must never appear in an error or anywhere else (API keys): registered for redaction */
  secrets?: readonly (string | undefined)[];
  /** env var that holds the key, named in 401/403 errors */
  keyEnv?: string;
  /** the most bytes of (decoded) body read; default maxResponseBytes() */
  maxResponseBytes?: number;
}

/** The answer-size cap's default: 16 MiB of decoded body, like the record-size cap. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/**
 * The most bytes of one response body slant reads after undoing its content-encoding:
 * SLANT_MAX_RESPONSE_BYTES, else 16 MiB. A body over it (a runaway answer, a compression bomb) is
 * abandoned as soon as the cap is passed, so neither memory nor the measuring after it grows
 * with what a server sends.
 */
export function maxResponseBytes(env?: Record<string, string | undefined>): number {
  if (env !== undefined) return positiveIntegerEnv('SLANT_MAX_RESPONSE_BYTES', 'bytes', DEFAULT_MAX_RESPONSE_BYTES, env);
  // the process's own environment is read once, at the first answer: every request asks for the
  // cap, and reading process.env goes through the C library each time
  processCap ??= positiveIntegerEnv('SLANT_MAX_RESPONSE_BYTES', 'bytes', DEFAULT_MAX_RESPONSE_BYTES, process.env);
  return processCap;
}
let processCap: number | undefined;

/** A response body longer than the answer-size cap. Not retryable: asking again pays again for the same answer. */
export class ResponseTooLargeError extends ProviderHttpError {
  readonly limit: number;
  constructor(provider: string, url: string, limit: number) {
    super(provider, 200, `${provider}: the answer from ${describeUrl(url)} is larger than ${limit} bytes (decoded); set SLANT_MAX_RESPONSE_BYTES to accept larger answers`, { retryable: false });
    this.name = 'ResponseTooLargeError';
    this.limit = limit;
  }
}

function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`; // never the query string (it could carry a key)
  } catch {
    return '(invalid URL)';
  }
}

/**
 * Send the request with the global `fetch`; return the WHATWG Response when 2xx, throw a
 * classified error otherwise. For general web pages (news scraping, feeds); provider calls use
 * the cheaper `open()` / `requestJson()` / `requestText()`.
 */
export async function send(call: HttpCall): Promise<Response> {
  registerCallSecrets(call);
  const headers: Record<string, string> = { ...(call.headers ?? {}) };
  const init: RequestInit = { method: call.method ?? 'POST', headers };
  if (call.rawBody !== undefined) {
    init.body = call.rawBody;
  } else if (call.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(call.body);
  }
  if (call.signal !== undefined) init.signal = call.signal;
  let res: Response;
  try {
    res = await fetch(call.url, init);
  } catch (err) {
    if (call.signal?.aborted === true) throw call.signal.reason;
    throw networkError(call, err);
  }
  if (res.ok) return res;
  let text = '';
  try {
    text = await responseText(res, call);
  } catch {
    if (call.signal?.aborted === true) throw call.signal.reason;
  }
  throw statusError(call, res.status, res.headers, text);
}

/**
 * The text of a `send()` answer (fetch has undone its content-encoding), read only up to the
 * answer-size cap: a page or feed that inflates past it is a ResponseTooLargeError.
 */
export async function responseText(res: Response, call: HttpCall): Promise<string> {
  const limit = call.maxResponseBytes ?? maxResponseBytes();
  if (res.body === null) return '';
  const chunks: Uint8Array[] = [];
  let seen = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += value.byteLength;
    if (seen > limit) {
      await reader.cancel().catch(() => undefined);
      throw new ResponseTooLargeError(call.provider, call.url, limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A 2xx answer from `open()`: status, lower-case headers, and the (decoded) body as a Node stream. */
interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /**
   * the body, decoded; read it through readAll/readLines, which stop at `limit` bytes (the
   * call's answer-size cap). A non-2xx body has already been read for the error.
   */
  body: Readable;
  limit: number;
  call: HttpCall;
}

let sharedDispatcher: Dispatcher | undefined;
/** One keep-alive Agent for the process (redirects are followed by `open`). */
function dispatcher(undici: Undici): Dispatcher {
  sharedDispatcher ??= new undici.Agent();
  return sharedDispatcher;
}

/**
 * The origin and path of a plain http(s) URL (no query string, no credentials), parsed once per
 * URL: a provider sends every request to the same few, and undici's `request(url)` parsed the URL
 * again for each. Anything else (undefined) goes through `request(url)`, whose checks and errors
 * stay as they are.
 */
function target(url: string): { origin: string; path: string } | undefined {
  let t = targets.get(url);
  if (t !== undefined || targets.has(url)) return t;
  try {
    const u = new URL(url);
    t = (u.protocol === 'http:' || u.protocol === 'https:') && u.search === '' && u.username === '' && u.password === '' ? { origin: u.origin, path: u.pathname } : undefined;
  } catch {
    t = undefined;
  }
  // a run sends to a handful of URLs; a long-lived process that met many starts again
  if (targets.size >= 256) targets.clear();
  targets.set(url, t);
  return t;
}
const targets = new Map<string, { origin: string; path: string } | undefined>();

/** The most redirects one call follows, as fetch does. */
const MAX_REDIRECTS = 20;
const REDIRECT_STATUSES = new Set([300, 301, 302, 303, 307, 308]);

/**
 * The next request of a redirect, or undefined when `status` is none (or has no Location): the
 * rules of undici's redirect interceptor, which slant used before following them here (the
 * interceptor wrapped every request's handler, ~0.04 ms of client CPU per request when none
 * redirects). The method and body stay, except after a 303 (GET, without body or Content-*
 * headers); credentials and cookies are not sent to another origin.
 */
function redirected(
  status: number,
  headers: Dispatcher.ResponseData['headers'],
  req: { url: string; method: string; headers: Record<string, string>; body: string | FormData | undefined },
): typeof req | undefined {
  if (!REDIRECT_STATUSES.has(status)) return undefined;
  const raw = headers.location;
  const location = Array.isArray(raw) ? raw[0] : raw;
  if (location === undefined) return undefined;
  const from = new URL(req.url);
  const to = new URL(location, from);
  const see = status === 303 && req.method !== 'HEAD';
  const otherOrigin = to.origin !== from.origin;
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (k === 'host' || (status === 303 && k.startsWith('content-')) || (otherOrigin && (k === 'authorization' || k === 'cookie' || k === 'proxy-authorization'))) continue;
    kept[k] = v;
  }
  return { url: to.href, method: see ? 'GET' : req.method, headers: kept, body: see ? undefined : req.body };
}

/** The call's keys and credential headers become known secrets before anything can echo them. */
function registerCallSecrets(call: HttpCall): void {
  for (const s of call.secrets ?? []) registerSecret(s, { inUse: true });
  registerSecretHeaders(call.headers);
}

function networkError(call: HttpCall, err: unknown): ProviderNetworkError {
  return new ProviderNetworkError(call.provider, `${call.provider}: request to ${describeUrl(call.url)} failed: ${causeText(err)}`);
}

/** The classified error for a non-2xx answer: UserError for 401/403, ProviderHttpError otherwise (both redact their message). */
function statusError(call: HttpCall, status: number, headers: Headers, text: string): Error {
  const { message, json } = errorMessageFromBody(text);
  if (status === 401 || status === 403) {
    const where = call.keyEnv !== undefined ? ` Set ${call.keyEnv} in the environment.` : '';
    return new UserError(`${call.provider}: the API rejected the credentials (HTTP ${status}): ${message}`, {
      hint: `Check the API key.${where}`,
    });
  }
  const retryAfterMs = retryAfterFromHeaders(headers) ?? retryAfterFromBody(json);
  const advice = adviseStatus(call.provider, status, json, message, requestedModel(call));
  return new ProviderHttpError(call.provider, status, `${call.provider}: HTTP ${status} from ${describeUrl(call.url)}: ${message}`, {
    retryable: advice?.retryable ?? isRetryableStatus(status),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    ...(advice !== undefined ? { hint: advice.hint, exitCode: advice.exitCode } : {}),
    ...(advice?.contextOverflow === true ? { contextOverflow: true as const } : {}),
  });
}

/** The model a call asked for: the body's `model` (OpenAI, Anthropic, Ollama), else Gemini's `models/<id>:` in the URL. */
function requestedModel(call: HttpCall): string | undefined {
  const inBody = (call.body as { model?: unknown } | undefined)?.model;
  if (typeof inBody === 'string') return inBody;
  const m = /\/models\/([^/:]+):/.exec(call.url);
  return m?.[1] !== undefined ? decodeURIComponent(m[1]) : undefined;
}

function toHeaders(h: HttpResponse['headers']): Headers {
  const out = new Headers();
  for (const [k, v] of Object.entries(h)) {
    if (typeof v === 'string') out.append(k, v);
    else if (Array.isArray(v)) for (const x of v) out.append(k, x);
  }
  return out;
}

/**
 * Undo a gzip/deflate/br content-encoding (we ask for them, as fetch does). The readers stop at the
 * call's answer-size cap on what comes out (readAll, readLines): they destroy the decoder, which
 * destroys the connection, so a small compressed body that inflates to gigabytes costs at most the
 * cap. An unencoded body is read as it is: no stream in between, whose per-answer pipeline (its
 * AbortController, aborted with a DOMException when it ends) was a tenth of the client's CPU per request.
 */
function decoded(body: Readable, encoding: string | string[] | undefined): Readable {
  const enc = (Array.isArray(encoding) ? encoding.join(',') : (encoding ?? '')).trim().toLowerCase();
  const decoder = enc === 'gzip' || enc === 'x-gzip' ? createGunzip() : enc === 'deflate' ? createInflate() : enc === 'br' ? createBrotliDecompress() : undefined;
  if (decoder === undefined) return body;
  return pipeline(body, decoder, () => undefined);
}

/**
 * Send the request (undici `request()` on the shared Agent); return the answer when 2xx, throw a
 * classified error otherwise. An aborted signal rejects with `signal.reason`; the signal stays
 * attached while the body is read, so an abort mid-body rejects the read too.
 */
export async function open(call: HttpCall): Promise<HttpResponse> {
  registerCallSecrets(call);
  const headers: Record<string, string> = { 'user-agent': 'node', accept: '*/*', 'accept-encoding': 'gzip, deflate, br' };
  for (const [k, v] of Object.entries(call.headers ?? {})) headers[k.toLowerCase()] = v;
  let body: string | FormData | undefined;
  if (call.rawBody !== undefined) {
    body = call.rawBody;
  } else if (call.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.body);
  }
  call.signal?.throwIfAborted(); // rejects with signal.reason, as fetch does
  let req: { url: string; method: string; headers: Record<string, string>; body: string | FormData | undefined } = { url: call.url, method: call.method ?? 'POST', headers, body };
  let res: Dispatcher.ResponseData;
  const undici = undiciModule ?? (await loadUndici());
  for (let redirects = 0; ; redirects++) {
    try {
      const to = target(req.url);
      const options = {
        method: req.method as Dispatcher.HttpMethod,
        headers: req.headers,
        ...(req.body !== undefined ? { body: req.body } : {}),
        ...(call.signal !== undefined ? { signal: call.signal } : {}),
      };
      res = await (to !== undefined ? dispatcher(undici).request({ ...to, ...options }) : undici.request(req.url, { ...options, dispatcher: dispatcher(undici) }));
    } catch (err) {
      if (call.signal?.aborted === true) throw call.signal.reason;
      throw networkError(call, err);
    }
    const next = redirects < MAX_REDIRECTS ? redirected(res.statusCode, res.headers, req) : undefined;
    if (next === undefined) break;
    // a redirect's body is not read (as undici's interceptor did): dropped, so the connection is reused
    await res.body.dump().catch(() => undefined);
    req = next;
  }
  const out: HttpResponse = { status: res.statusCode, headers: res.headers, body: decoded(res.body, res.headers['content-encoding']), limit: call.maxResponseBytes ?? maxResponseBytes(), call };
  if (res.statusCode >= 200 && res.statusCode < 300) return out;
  let text = '';
  try {
    text = await readAll(out);
  } catch {
    if (call.signal?.aborted === true) throw call.signal.reason;
  }
  throw statusError(call, res.statusCode, toHeaders(res.headers), text);
}

/**
 * The whole body as text, from its 'data' events (an async iterator costs promises per chunk);
 * more than the cap is a ResponseTooLargeError and the body is destroyed.
 */
function readAll(res: HttpResponse): Promise<string> {
  return new Promise((resolve, reject) => {
    const { body, limit, call } = res;
    const chunks: Buffer[] = [];
    let seen = 0;
    let settled = false;
    const fail = (err: unknown): void => {
      if (settled) return;
      settled = true;
      reject(err);
    };
    body.on('data', (c: Buffer) => {
      seen += c.length;
      if (seen <= limit) return void chunks.push(c);
      fail(new ResponseTooLargeError(call.provider, call.url, limit));
      body.destroy();
    });
    body.once('end', () => {
      if (settled) return;
      settled = true;
      resolve(chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    });
    body.once('error', fail);
    // 'close' follows 'end' and 'error' too: an Error (its stack) only when the body closed before either
    body.once('close', () => {
      if (!settled) fail(new Error('the body closed before its end'));
    });
  });
}

function causeText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  // fetch wraps the real error in `cause`; undici's request() throws it directly
  const cause = (err.cause ?? err) as { code?: unknown; message?: unknown };
  const code = typeof cause.code === 'string' ? ` (${cause.code})` : '';
  const msg = typeof cause.message === 'string' ? cause.message : err.message;
  return `${msg}${code}`;
}

/** Read a whole body; a connection that dies mid-body becomes a retryable network error. */
async function readText(res: HttpResponse, call: HttpCall): Promise<string> {
  try {
    return await readAll(res);
  } catch (err) {
    if (call.signal?.aborted === true) throw call.signal.reason;
    if (err instanceof ResponseTooLargeError) throw err;
    throw new ProviderNetworkError(call.provider, `${call.provider}: the response body from ${describeUrl(call.url)} was cut off: ${causeText(err)}`);
  }
}

/** Send and return the whole text body (a mid-body disconnect is a retryable network error). */
export async function requestText(call: HttpCall): Promise<string> {
  return readText(await open(call), call);
}

/** POST/GET and parse a JSON answer. A 2xx with an unparsable body is a retryable error. */
export async function requestJson(call: HttpCall): Promise<unknown> {
  const res = await open(call);
  const text = await readText(res, call);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ProviderHttpError(call.provider, res.status, `${call.provider}: malformed JSON from ${describeUrl(call.url)} (${text.length} bytes)`, {
      retryable: true,
      cause: err,
    });
  }
}

/** Error for a 2xx JSON answer that lacks what the protocol promises. Retryable: servers glitch. */
export function badShape(provider: string, what: string): ProviderHttpError {
  return new ProviderHttpError(provider, 200, `${provider}: unexpected response shape: ${what}`, { retryable: true });
}

/**
 * Yield the lines of a streamed body (NDJSON) from `open()`. A mid-stream disconnect is a
 * network error; stopping early (break) closes the connection instead of leaving it half-read.
 */
export async function* readLines(res: HttpResponse, call: HttpCall): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buf = '';
  let seen = 0;
  const chunks = res.body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  try {
    for (;;) {
      let chunk: IteratorResult<Buffer>;
      try {
        chunk = await chunks.next();
      } catch (err) {
        if (call.signal?.aborted === true) throw call.signal.reason;
        if (err instanceof ResponseTooLargeError) throw err;
        throw new ProviderNetworkError(call.provider, `${call.provider}: the stream from ${describeUrl(call.url)} was cut off: ${causeText(err)}`);
      }
      if (chunk.done === true) break;
      seen += chunk.value.length;
      if (seen > res.limit) throw new ResponseTooLargeError(call.provider, call.url, res.limit);
      buf += decoder.decode(chunk.value, { stream: true });
      let nl = buf.indexOf('\n');
      while (nl >= 0) {
        const line = buf.slice(0, nl).replace(/\r$/, '');
        buf = buf.slice(nl + 1);
        yield line;
        nl = buf.indexOf('\n');
      }
    }
    buf += decoder.decode();
    if (buf.length > 0) yield buf;
  } finally {
    if (!res.body.readableEnded) res.body.destroy();
  }
}

/** Yield the `data:` payloads of a server-sent-events body (OpenAI-style streaming). */
export async function* readSse(res: HttpResponse, call: HttpCall): AsyncGenerator<string> {
  let data: string[] = [];
  for await (const line of readLines(res, call)) {
    if (line === '') {
      if (data.length > 0) yield data.join('\n');
      data = [];
    } else if (line.startsWith('data:')) {
      data.push(line.slice(5).replace(/^ /, ''));
    }
  }
  if (data.length > 0) yield data.join('\n');
}

/** Join a base URL and a path without doubling or dropping slashes. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** Options every HTTP provider accepts. Precedence: these options > environment variables > defaults. */
export interface ProviderOptions {
  apiKey?: string;
  baseURL?: string;
  /** per-attempt timeout, ms (otherwise the scheduler's) */
  timeoutMs?: number;
  /** extra request headers (e.g. an organisation or project header) */
  headers?: Record<string, string>;
  /** environment to read (default process.env); tests pass their own */
  env?: Record<string, string | undefined>;
  [k: string]: unknown;
}

/**
 * First non-empty value among explicit option, then the env vars in order, then the default.
 * A value read for a credential (any of `names` is secret-named, e.g. OPENAI_API_KEY) is
 * registered for redaction.
 */
export function pickSetting(explicit: unknown, env: Record<string, string | undefined>, names: readonly string[], fallback?: string): string | undefined {
  const value = firstSetting(explicit, env, names) ?? fallback;
  if (value !== undefined && names.some(isSecretName)) registerSecret(value, { inUse: true });
  return value;
}

function firstSetting(explicit: unknown, env: Record<string, string | undefined>, names: readonly string[]): string | undefined {
  if (typeof explicit === 'string' && explicit.trim() !== '') return explicit.trim();
  for (const n of names) {
    const v = env[n];
    if (v !== undefined && v.trim() !== '') return v.trim();
  }
  return undefined;
}

/** The API key from options or env; a missing one is a UserError naming the env var(s). */
export function requireKey(provider: string, opts: ProviderOptions, names: readonly string[]): string {
  const key = pickSetting(opts.apiKey, opts.env ?? process.env, names);
  if (key === undefined) {
    throw new UserError(`${provider}: no API key. Set ${names.join(' or ')} in the environment.`, {
      hint: `export ${names[0] ?? 'API_KEY'}=...`,
    });
  }
  return key;
}

/** Validate a base URL from options/env; a bad one is a UserError naming where it came from. */
export function checkBaseUrl(provider: string, url: string, source: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new UserError(`${provider}: base URL from ${source} is not a valid URL: "${url}"`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new UserError(`${provider}: base URL from ${source} must be http(s), got "${u.protocol}"`);
  if (u.username !== '' || u.password !== '') throw new UserError(`${provider}: base URL from ${source} must not contain credentials; set the provider's key variable instead`);
  return url.replace(/\/+$/, '');
}
