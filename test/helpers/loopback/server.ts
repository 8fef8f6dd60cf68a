/**
 * A real HTTP server on 127.0.0.1 for provider tests and benchmarks. It records every request,
 * applies scripted faults (429 with Retry-After, 500, slow answers, malformed JSON, truncated
 * bodies, reset connections) in order, and otherwise hands the request to a protocol handler.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** parsed JSON body, or the raw text when it is not JSON, or undefined when empty */
  body: unknown;
}

export type Fault =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string }
  /** wait, then answer normally */
  | { kind: 'delay'; ms: number }
  /** never answer (until the client gives up or the server closes) */
  | { kind: 'hang' }
  /** 200 with a body that is not JSON */
  | { kind: 'malformed' }
  /** announce a longer body than is sent, then cut the connection */
  | { kind: 'truncate' }
  /** destroy the socket without answering */
  | { kind: 'reset' };

export interface Reply {
  json(status: number, body: unknown, headers?: Record<string, string>): void;
  /** newline-delimited JSON stream; `cut` stops after that many lines and kills the socket */
  ndjson(lines: unknown[], opts?: { cut?: number }): Promise<void>;
  /** server-sent events with `data:` lines; `cut` as for ndjson */
  sse(events: string[], opts?: { cut?: number }): Promise<void>;
  /** the fault for this request, if it is a body-level one the protocol must apply */
  readonly fault: Fault | undefined;
  readonly raw: ServerResponse;
}

export type Handler = (req: Recorded, reply: Reply) => void | Promise<void>;

export interface LoopbackOptions {
  /** fixed latency added to every answer */
  latencyMs?: number;
  /** answer 429 (Retry-After: retryAfterSeconds) while more than this many requests are in flight */
  maxConcurrent?: number;
  retryAfterMs?: number;
  /** only requests whose path passes this test consume faults (default: all but the model lookups of isModelLookup) */
  faultPaths?: (path: string) => boolean;
  /**
   * The model names the server serves (its model lookup answers 404 for others, and its model
   * list names these); default: any model (the list is empty, each lookup answers 200).
   */
  models?: string[];
}

/**
 * The free model lookups slant's preflight check sends before a run (src/models/preflight.ts):
 * they consume no scripted fault unless `faultPaths` says so, since the faults a test scripts are
 * for the requests that follow.
 */
export function isModelLookup(method: string, path: string): boolean {
  const p = path.split('?')[0] ?? '';
  return (method === 'GET' && (/\/models(?:\/[^/:]+)?$/.test(p) || p === '/health')) || (method === 'POST' && p === '/api/show');
}

/** Does the server serve this model (LoopbackOptions.models)? */
export const serves = (opts: LoopbackOptions, model: string): boolean => opts.models === undefined || opts.models.includes(model);

/**
 * The model list and the model lookup (GET /v1/models, GET /v1/models/{model}) answered as OpenAI
 * answers them; true when the request was one. A handler written for chat bodies calls this first,
 * since slant's preflight check sends these lookups before the first chat request.
 */
export function answerOpenAiModelLookup(req: Recorded, reply: Reply, opts: LoopbackOptions = {}): boolean {
  if (req.method !== 'GET') return false;
  if (/\/models$/.test(req.path)) {
    reply.json(200, { object: 'list', data: (opts.models ?? []).map((id) => ({ id, object: 'model', created: 1700000000, owned_by: 'loopback' })) });
    return true;
  }
  const lookup = /\/models\/([^/]+)$/.exec(req.path);
  if (lookup === null) return false;
  const id = decodeURIComponent(lookup[1] ?? '');
  if (serves(opts, id)) reply.json(200, { id, object: 'model', created: 1700000000, owned_by: 'loopback' });
  else reply.json(404, { error: { message: `The model \`${id}\` does not exist or you do not have access to it.`, type: 'invalid_request_error', param: null, code: 'model_not_found' } });
  return true;
}

export interface LoopbackServer {
  url: string;
  /** every request but the free model lookups (isModelLookup), which are in `lookups` */
  requests: Recorded[];
  /** the model lookups of slant's preflight check (the model list, a model's page, /api/show, /health) */
  lookups: Recorded[];
  /** consumed one per request, in order */
  faults: Fault[];
  count(path?: string): number;
  /** the most requests ever in flight at once */
  peakConcurrency(): number;
  rejectedForConcurrency(): number;
  /** wall-clock (epoch ms) of the first request received and the last one finished, and the
   *  integral of requests in flight over time (ms): busy ÷ (last − first) is the mean in flight */
  timeline(): { firstMs: number; lastMs: number; busyMs: number };
  /** the next request received is the timeline's first again (a bench running the client several times) */
  restartTimeline(): void;
  close(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export async function startLoopback(handler: Handler, opts: LoopbackOptions = {}): Promise<LoopbackServer> {
  const requests: Recorded[] = [];
  const lookups: Recorded[] = [];
  const faults: Fault[] = [];
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let peak = 0;
  let rejected = 0;
  let firstMs = 0;
  let lastMs = 0;
  let busyMs = 0;
  let changedAt = 0;
  // integrates requests in flight over time (the bench's view of how full the slots were)
  const tick = (delta: number): void => {
    const now = performance.timeOrigin + performance.now();
    if (firstMs === 0) firstMs = now;
    if (changedAt !== 0) busyMs += inFlight * (now - changedAt);
    changedAt = now;
    inFlight += delta;
    if (delta < 0) lastMs = now;
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        tick(1);
        peak = Math.max(peak, inFlight);
        try {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown;
          if (text.length > 0) {
            try {
              body = JSON.parse(text);
            } catch {
              body = text;
            }
          }
          const url = new URL(req.url ?? '/', 'http://localhost');
          const rec: Recorded = { method: req.method ?? 'GET', path: url.pathname + url.search, headers: req.headers, body };
          (isModelLookup(rec.method, url.pathname) ? lookups : requests).push(rec);
          if (opts.maxConcurrent !== undefined && inFlight > opts.maxConcurrent) {
            rejected++;
            const ms = opts.retryAfterMs ?? 10;
            res.writeHead(429, { 'content-type': 'application/json', 'retry-after-ms': String(ms) });
            res.end(JSON.stringify({ error: { message: 'too many concurrent requests' } }));
            return;
          }
          const fault = (opts.faultPaths?.(url.pathname) ?? !isModelLookup(rec.method, url.pathname)) ? faults.shift() : undefined;
          if (opts.latencyMs !== undefined) await sleep(opts.latencyMs);
          if (fault?.kind === 'reset') {
            req.socket.destroy();
            return;
          }
          if (fault?.kind === 'hang') return;
          if (fault?.kind === 'status') {
            res.writeHead(fault.status, { 'content-type': 'application/json', ...(fault.headers ?? {}) });
            res.end(fault.body ?? JSON.stringify({ error: { message: `scripted ${fault.status}` } }));
            return;
          }
          if (fault?.kind === 'delay') await sleep(fault.ms);
          await handler(rec, makeReply(res, fault));
        } finally {
          tick(-1);
        }
      })();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    lookups,
    faults,
    count: (path) => (path === undefined ? requests.length : requests.filter((r) => r.path.startsWith(path)).length),
    peakConcurrency: () => peak,
    rejectedForConcurrency: () => rejected,
    timeline: () => ({ firstMs, lastMs, busyMs }),
    restartTimeline: () => {
      firstMs = 0;
      lastMs = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function makeReply(res: ServerResponse, fault: Fault | undefined): Reply {
  const bodyFault = fault?.kind === 'malformed' || fault?.kind === 'truncate' ? fault : undefined;
  return {
    fault: bodyFault,
    raw: res,
    json(status, body, headers = {}) {
      const text = JSON.stringify(body);
      if (bodyFault?.kind === 'malformed') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"this is": not json');
        return;
      }
      if (bodyFault?.kind === 'truncate') {
        res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers });
        res.write(text.slice(0, Math.floor(text.length / 2)));
        setTimeout(() => res.socket?.destroy(), 5);
        return;
      }
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(text);
    },
    async ndjson(lines, opts = {}) {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      const cut = opts.cut ?? (bodyFault?.kind === 'truncate' ? Math.max(1, lines.length - 1) : undefined);
      for (let i = 0; i < lines.length; i++) {
        if (cut !== undefined && i >= cut) {
          await sleep(5);
          res.socket?.destroy();
          return;
        }
        if (bodyFault?.kind === 'malformed' && i === lines.length - 1) res.write('{"done": tru\n');
        else res.write(`${JSON.stringify(lines[i])}\n`);
      }
      res.end();
    },
    async sse(events, opts = {}) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const cut = opts.cut ?? (bodyFault?.kind === 'truncate' ? Math.max(1, events.length - 2) : undefined);
      for (let i = 0; i < events.length; i++) {
        if (cut !== undefined && i >= cut) {
          await sleep(5);
          res.socket?.destroy();
          return;
        }
        res.write(`data: ${events[i]}\n\n`);
      }
      res.end();
    },
  };
}
