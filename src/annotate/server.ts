/**
 * The annotation web app on node:http. Each annotator opens /a/<token>; nothing is served to a
 * request without a valid token except the two static files. Answers are POSTed as a form (or
 * JSON) with the session's CSRF token; a request from another origin is refused (Origin,
 * Sec-Fetch-Site), the item must be assigned to the token's annotator and the value on the scale.
 * Every answer is committed to the store before the reply.
 */
import { readFileSync } from 'node:fs';
import { listenLocal } from '../runtime/listen.js';
import { crossOrigin, foreignHost, isLoopbackHost } from '../runtime/local-request.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { donePage, itemPage, messagePage } from './page.js';
import { isValidAnswer } from './scale.js';
import { assignmentAt, getAnswer, getAssignment, getItem, getStudy, listAnnotators, nextAssignment, putAnswer, type StudyRecords, type StudyRow } from './study-store.js';
import { csrfMatches, csrfToken, matchToken } from './tokens.js';
import { AnswerRateLimit, type AnswerRate } from './rate-limit.js';

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  // same-origin, not no-referrer: with no-referrer Chromium sends "Origin: null" on same-origin form posts
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

const MAX_BODY = 16 * 1024;
const MAX_MS = 24 * 3600 * 1000;

const STATIC: Record<string, { file: string; type: string }> = {
  '/static/annotate.js': { file: 'annotate.js', type: 'text/javascript; charset=utf-8' },
  '/static/annotate.css': { file: 'annotate.css', type: 'text/css; charset=utf-8' },
};

function loadStatic(): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const [path, s] of Object.entries(STATIC)) out.set(path, readFileSync(new URL(`./public/${s.file}`, import.meta.url)));
  return out;
}

export interface ServeOptions {
  host?: string;
  port?: number;
  /** called after each stored answer */
  onAnswer?: (annotator: string, item: string) => void;
  /** answers accepted per annotator (default DEFAULT_ANSWER_RATE: 20 at once, then 60 a minute) */
  answerRate?: AnswerRate;
  /** the clock of the rate limit (tests) */
  now?: () => number;
}

export interface AnnotateServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

/** A path segment decoded, or a 403 for malformed escapes (never a 500). */
function segment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new HttpError(403, 'malformed link');
  }
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': type, ...extra });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_BODY) throw new HttpError(413, 'request body too large');
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(req: IncomingMessage, body: string): Record<string, string> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(body));
  if (type === 'application/json') {
    let v: unknown;
    try {
      v = JSON.parse(body);
    } catch {
      throw new HttpError(400, 'body is not valid JSON');
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new HttpError(400, 'body must be a JSON object');
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'string' || typeof x === 'number' ? String(x) : '']));
  }
  throw new HttpError(415, 'send the answer as a form or as JSON');
}

function count(field: Record<string, string>, name: string): number {
  const raw = field[name] ?? '0';
  if (!/^\d{1,9}$/.test(raw)) throw new HttpError(400, `${name} must be a non-negative integer`);
  return Math.min(Number(raw), MAX_MS);
}

/** Refuse requests from another site (src/runtime/local-request.ts). */
function checkOrigin(req: IncomingMessage): void {
  const refused = crossOrigin(req);
  if (refused !== undefined) throw new HttpError(403, refused);
}

export async function startAnnotateServer(store: StudyRecords, studyId: string, opts: ServeOptions = {}): Promise<AnnotateServer> {
  const study: StudyRow = await getStudy(store, studyId);
  const statics = loadStatic();
  const host = opts.host ?? '127.0.0.1';
  const loopbackOnly = isLoopbackHost(host);
  const answerRate = new AnswerRateLimit(opts.answerRate, opts.now);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (loopbackOnly) {
      // DNS rebinding: a page of another site resolving to 127.0.0.1 sends its own Host name
      const foreign = foreignHost(req);
      if (foreign !== undefined) throw new HttpError(403, foreign);
    }
    if (url.pathname === '/favicon.ico') return send(res, 204, 'text/plain', '');
    const file = statics.get(url.pathname);
    if (file && req.method === 'GET') return send(res, 200, STATIC[url.pathname]!.type, file, { 'Cache-Control': 'no-cache' });
    const m = /^\/a\/([^/]+)(\/answer|\/item\/([^/]+))?\/?$/.exec(url.pathname);
    if (!m) throw new HttpError(403, 'open the personal link you were given');
    const token = segment(m[1]!);
    const who = matchToken(token, await listAnnotators(store, study.id));
    if (!who) throw new HttpError(403, 'this link is not valid');
    const annotator = who.id;
    const csrf = csrfToken(token, study.id);
    const base = `/a/${encodeURIComponent(token)}`;
    if (m[2] === '/answer') {
      if (req.method !== 'POST') throw new HttpError(405, 'POST answers');
      checkOrigin(req);
      const fields = parseBody(req, await readBody(req));
      if (!csrfMatches(fields.csrf ?? String(req.headers['x-csrf-token'] ?? ''), token, study.id)) throw new HttpError(403, 'missing or wrong CSRF token');
      const wait = answerRate.take(annotator);
      if (wait > 0) throw new HttpError(429, `too many answers at once: wait ${Math.ceil(wait / 1000)} s`, { 'Retry-After': String(Math.ceil(wait / 1000)) });
      const itemId = fields.item ?? '';
      if (!(await getAssignment(store, study.id, annotator, itemId))) throw new HttpError(403, 'this item is not assigned to you');
      const value = fields.value ?? '';
      if (!isValidAnswer(study.kind, value)) throw new HttpError(400, `answer ${JSON.stringify(value.slice(0, 40))} is not on the scale`);
      const msOnItem = count(fields, 'msOnItem');
      const msHidden = Math.min(count(fields, 'msHidden'), msOnItem);
      await putAnswer(store, study.id, { annotator, item: itemId, value, msOnItem, msHidden, blurs: count(fields, 'blurs') });
      opts.onAnswer?.(annotator, itemId);
      const progress = await nextAssignment(store, study.id, annotator);
      if ((req.headers.accept ?? '').includes('application/json') || (req.headers['content-type'] ?? '').startsWith('application/json')) {
        return send(res, 200, 'application/json; charset=utf-8', JSON.stringify({ ok: true, done: progress.done, total: progress.total, next: progress.next?.item ?? null }));
      }
      res.writeHead(303, { ...SECURITY_HEADERS, Location: base });
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'method not allowed');
    const progress = await nextAssignment(store, study.id, annotator);
    let assignment = progress.next;
    if (m[3] !== undefined) {
      assignment = await getAssignment(store, study.id, annotator, segment(m[3]));
      if (!assignment) throw new HttpError(403, 'this item is not assigned to you');
    }
    if (!assignment) return send(res, 200, 'text/html; charset=utf-8', donePage(annotator, progress.total));
    const item = (await getItem(store, study.id, assignment.item))!;
    const previous = (await getAnswer(store, study.id, annotator, item.id))?.value;
    const before = assignment.position > 0 ? await assignmentAt(store, study.id, annotator, assignment.position - 1) : undefined;
    return send(
      res,
      200,
      'text/html; charset=utf-8',
      itemPage({
        kind: study.kind,
        annotator,
        item,
        presentation: assignment.presentation,
        position: assignment.position,
        done: progress.done,
        total: progress.total,
        csrf,
        action: `${base}/answer`,
        ...(previous !== undefined ? { previous } : {}),
        ...(before ? { back: `${base}/item/${encodeURIComponent(before.item)}` } : {}),
      }),
    );
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const status = err instanceof HttpError ? err.status : 500;
      const message = err instanceof HttpError ? err.message : 'internal error';
      if (!(err instanceof HttpError)) process.stderr.write(`slant annotate: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      if (res.headersSent) return void res.end();
      req.resume();
      const wantsJson = (req.headers.accept ?? '').includes('application/json');
      const headers = err instanceof HttpError ? err.headers : {};
      if (wantsJson) send(res, status, 'application/json; charset=utf-8', JSON.stringify({ ok: false, error: message }), headers);
      else send(res, status, 'text/html; charset=utf-8', messagePage(status === 403 ? 'Not allowed' : 'Error', message), headers);
    });
  });
  server.keepAliveTimeout = 5000;
  const { url, close } = await listenLocal(server, { host, port: opts.port ?? 0 });
  return {
    url,
    server,
    close,
  };
}
