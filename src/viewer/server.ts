/**
 * `slant view`: a local, read-only HTTP server over the run store (node:http). It binds
 * 127.0.0.1 unless told otherwise, serves only what the store holds (no request leaves the
 * machine), and sends a Content-Security-Policy with every page. Like the annotation server it
 * refuses a foreign Host header when bound to loopback (DNS rebinding would otherwise let any
 * site read every run, text and output) and requests from other sites, except a followed link to
 * a page; a malformed escape in the path is a 400, never a 500.
 */
import { redact } from '../core/redact.js';
import { listenLocal } from '../runtime/listen.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { checkSide, compareRuns, type CompareSide } from '../report/compare.js';
import { describeRun, type RunListing } from '../report/run-listing.js';
import { UserError } from '../core/errors.js';
import { runResults } from '../report/from-store.js';
import { CSP, facetsOf, renderReportPage } from '../report/html.js';
import { StoreItems } from '../report/items/store-items.js';
import { buildReportModel } from '../report/model.js';
import type { RunReader } from '../runtime/run-store.js';
import { asRunStore, type AnyStore } from '../runtime/sqlite-run-store.js';
import { crossOrigin, foreignHost, isLoopbackHost } from '../runtime/local-request.js';
import { comparePage, notFound, runsPage } from './pages.js';

interface ViewerOptions {
  /** a SQLite store, or any RunStore (PostgreSQL): read only */
  store: AnyStore<RunReader>;
  reportsDir?: string;
  host?: string;
  port?: number;
}

export interface Viewer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

const HEADERS = { 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' };

/** A compare side: "run" or "run:condition" (the lists' values), or a run with its condition given apart (`ca`/`cb`). */
function compareSide(value: string, condition: string | null): CompareSide {
  const i = value.indexOf(':');
  const runId = i > 0 ? value.slice(0, i) : value;
  const c = condition || (i > 0 ? value.slice(i + 1) : '');
  return { runId, ...(c ? { condition: c } : {}) };
}

/** A path segment decoded; a malformed escape (`%E0%A4%A`) is the client's error. */
function segment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** A non-negative integer query parameter, or the default (the item list caps `limit` itself). */
function whole(raw: string | null, fallback: number): number {
  return raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : fallback;
}

/** Every answer redacted: a store written before record ids were redacted may still hold a key in one. */
function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { ...HEADERS, 'Content-Type': `${type}; charset=utf-8` });
  res.end(redact(body));
}

export async function startViewer(opts: ViewerOptions): Promise<Viewer> {
  const store = asRunStore(opts.store);
  const host = opts.host ?? '127.0.0.1';
  const loopbackOnly = isLoopbackHost(host);
  const sources = new Map<string, StoreItems>();
  const itemsOf = (runId: string): StoreItems => {
    let s = sources.get(runId);
    if (!s) {
      s = new StoreItems(store, runId);
      sources.set(runId, s);
      if (sources.size > 8) sources.delete(sources.keys().next().value as string);
    }
    return s;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (loopbackOnly) {
      const foreign = foreignHost(req);
      if (foreign !== undefined) return send(res, 403, 'text/plain', `${foreign}\n`);
    }
    const refused = crossOrigin(req, { navigation: true });
    if (refused !== undefined) return send(res, 403, 'text/plain', `${refused}\n`);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'read-only: GET only\n');
    const url = new URL(req.url ?? '/', 'http://localhost');
    const decoded = url.pathname.split('/').map(segment);
    if (decoded.some((p) => p === undefined)) return send(res, 400, 'text/plain', 'malformed %-escape in the path\n');
    const path = decoded as string[];
    const q = url.searchParams;
    if (url.pathname === '/') {
      const listings: RunListing[] = [];
      for (const r of await store.listRuns(500)) listings.push(await describeRun(store, r));
      const filter = { q: q.get('q') ?? '', probe: q.get('probe') ?? '', model: q.get('model') ?? '', dataset: q.get('dataset') ?? '' };
      return send(res, 200, 'text/html', runsPage(listings, filter));
    }
    if (path[1] === 'runs' && path.length === 3) {
      const runId = path[2] as string;
      const results = await runResults(store, runId, opts.reportsDir);
      if (!results) return send(res, 404, 'text/html', notFound(`no run "${runId}" in the store`));
      const src = itemsOf(runId);
      const cells = await src.cells();
      const facets = facetsOf([], { probes: cells.map((c) => c.probe), models: cells.map((c) => c.model), datasets: cells.map((c) => c.dataset), conditions: cells.flatMap((c) => (c.condition ? [c.condition] : [])), tags: await src.tags() });
      const html = await renderReportPage(buildReportModel(results), { items: { mode: 'api', api: `/api/runs/${encodeURIComponent(runId)}`, facets }, back: '/' });
      return send(res, 200, 'text/html', html);
    }
    if (path[1] === 'api' && path[2] === 'runs' && path.length === 5) {
      const runId = path[3] as string;
      if (!(await store.getRun(runId))) return send(res, 404, 'application/json', JSON.stringify({ error: `no run "${runId}"` }));
      const src = itemsOf(runId);
      if (path[4] === 'items') {
        const tags = (q.get('tags') ?? '').split(',').filter(Boolean);
        const page = await src.list({ probe: q.get('probe') ?? undefined, model: q.get('model') ?? undefined, dataset: q.get('dataset') ?? undefined, condition: q.get('condition') ?? undefined, tags, q: q.get('q') ?? undefined, offset: whole(q.get('offset'), 0), limit: whole(q.get('limit'), 50) });
        return send(res, 200, 'application/json', JSON.stringify(page));
      }
      if (path[4] === 'item') {
        const d = await src.detail(q.get('probe') ?? '', q.get('model') ?? '', q.get('dataset') ?? '', q.get('id') ?? '', q.get('condition') ?? undefined);
        return d ? send(res, 200, 'application/json', JSON.stringify(d)) : send(res, 404, 'application/json', JSON.stringify({ error: 'no such item' }));
      }
    }
    if (url.pathname === '/compare') {
      const a = compareSide(q.get('a') ?? '', q.get('ca'));
      const b = compareSide(q.get('b') ?? '', q.get('cb'));
      for (const s of [a, b]) {
        try {
          await checkSide(store, s);
        } catch (err) {
          // a run or condition that is not there: said with the likely one, as `slant compare` says it
          if (err instanceof UserError) return send(res, 404, 'text/html', notFound(err.message));
          throw err;
        }
      }
      return send(res, 200, 'text/html', await comparePage(a, b, await compareRuns(store, a, b)));
    }
    return send(res, 404, 'text/html', notFound(url.pathname));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, 'text/plain', `slant view: ${err instanceof Error ? err.message : String(err)}\n`);
      else res.end();
    });
  });
  const { url, close } = await listenLocal(server, { host, port: opts.port ?? 0 });
  return { server, url: `${url}/`, close };
}
