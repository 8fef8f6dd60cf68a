import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  open,
  parseGoDuration,
  ProviderHttpError,
  ProviderNetworkError,
  readLines,
  requestJson,
  retryAfterFromHeaders,
} from '../../src/models/http.js';
import { checkParams } from '../../src/models/warnings.js';
import { NO_CAPABILITIES } from '../../src/models/types.js';

describe('retry-after parsing', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  it('prefers retry-after-ms, then retry-after seconds or date', () => {
    expect(retryAfterFromHeaders(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': '1.5' }), now)).toBe(1500);
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:30 GMT' }), now)).toBe(30_000);
  });
  it('falls back to the reset of an exhausted bucket', () => {
    const h = new Headers({
      'x-ratelimit-remaining-requests': '10',
      'x-ratelimit-reset-requests': '1s',
      'x-ratelimit-remaining-tokens': '0',
      'x-ratelimit-reset-tokens': '6m0s',
    });
    expect(retryAfterFromHeaders(h, now)).toBe(360_000);
    const a = new Headers({ 'anthropic-ratelimit-requests-remaining': '0', 'anthropic-ratelimit-requests-reset': '2025-01-01T00:00:05Z' });
    expect(retryAfterFromHeaders(a, now)).toBe(5000);
    expect(retryAfterFromHeaders(new Headers(), now)).toBeUndefined();
  });
  it('parses Go-style durations', () => {
    expect(parseGoDuration('20ms')).toBe(20);
    expect(parseGoDuration('1h2m3.5s')).toBe(3_723_500);
    expect(parseGoDuration('soon')).toBeUndefined();
  });
});

describe('checkParams', () => {
  it('warns once per unsupported setting and ignores unset/empty ones', () => {
    const w = checkParams('p', NO_CAPABILITIES, { temperature: 1, stop: [], logitBias: {}, seed: 0, jsonSchema: { name: 'n', schema: {} } });
    expect(w.map((x) => x.setting)).toEqual(['seed', 'jsonSchema']);
  });
});

describe('open / requestJson / readLines over loopback (undici request)', () => {
  let server: Server;
  let other: Server;
  let base = '';
  let elsewhere = '';
  let loopSeen = -1;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = req.url ?? '/';
      if (path === '/gzip') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(gzipSync(JSON.stringify({ ok: 'gzip', echoUa: req.headers['user-agent'] })));
      } else if (path === '/br') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br' });
        res.end(brotliCompressSync(JSON.stringify({ ok: 'br' })));
      } else if (path === '/moved') {
        res.writeHead(302, { location: '/gzip' });
        res.end();
      } else if (path === '/echo') {
        let text = '';
        req.on('data', (c: Buffer) => (text += c.toString('utf8')));
        req.on('end', () => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ method: req.method, body: text, auth: req.headers.authorization ?? null, type: req.headers['content-type'] ?? null }));
        });
      } else if (path === '/307' || path === '/303') {
        res.writeHead(Number(path.slice(1)), { location: '/echo' });
        res.end('see /echo');
      } else if (path === '/away') {
        res.writeHead(302, { location: `${elsewhere}/echo` });
        res.end();
      } else if (path.startsWith('/loop/')) {
        loopSeen = Number(path.slice(6));
        res.writeHead(302, { location: `/loop/${Number(path.slice(6)) + 1}` });
        res.end();
      } else if (path === '/limited') {
        res.writeHead(429, { 'retry-after': '2', 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'slow down, key sk-abcdef123456' } }));
      } else if (path === '/slow-lines') {
        res.writeHead(200, { 'content-type': 'application/x-ndjson' });
        res.write('{"a":1}\n');
        // never finishes: the client must abort or break
      } else {
        res.writeHead(404);
        res.end('nope');
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // another origin (another port) with the same routes
    other = createServer((req, res) => server.emit('request', req, res));
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    elsewhere = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of [server, other]) {
      s.closeAllConnections();
      await new Promise<void>((r) => s.close(() => r()));
    }
  });

  it('decodes gzip and br bodies and follows redirects, sending a user-agent like fetch', async () => {
    expect(await requestJson({ provider: 't', url: `${base}/gzip`, method: 'GET' })).toEqual({ ok: 'gzip', echoUa: 'node' });
    expect(await requestJson({ provider: 't', url: `${base}/br`, method: 'GET' })).toEqual({ ok: 'br' });
    expect(await requestJson({ provider: 't', url: `${base}/moved`, method: 'GET', headers: { 'User-Agent': 'mine' } })).toEqual({ ok: 'gzip', echoUa: 'mine' });
  });

  it("follows redirects as undici's redirect interceptor did: 307 keeps method and body, 303 asks with GET and no body, another origin gets no credentials, and 20 at most", async () => {
    const post = { provider: 't', body: { q: 1 }, headers: { authorization: 'Bearer tok-123456789012' } };
    expect(await requestJson({ ...post, url: `${base}/307` })).toEqual({ method: 'POST', body: '{"q":1}', auth: 'Bearer tok-123456789012', type: 'application/json' });
    expect(await requestJson({ ...post, url: `${base}/303` })).toEqual({ method: 'GET', body: '', auth: 'Bearer tok-123456789012', type: null });
    expect(await requestJson({ ...post, url: `${base}/away` })).toEqual({ method: 'POST', body: '{"q":1}', auth: null, type: 'application/json' });
    const err = await requestJson({ provider: 't', url: `${base}/loop/0`, method: 'GET' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderHttpError);
    expect((err as ProviderHttpError).status).toBe(302);
    // the first request and 20 redirects: the 21st answer (a redirect too) is the error
    expect(loopSeen).toBe(20);
  });

  it('classifies a 429 with Retry-After and redacts keys from the message', async () => {
    const err = await requestJson({ provider: 't', url: `${base}/limited` }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderHttpError);
    expect((err as ProviderHttpError).status).toBe(429);
    expect((err as ProviderHttpError).retryable).toBe(true);
    expect((err as ProviderHttpError).retryAfterMs).toBe(2000);
    expect((err as Error).message).toContain('[redacted]');
    expect((err as Error).message).not.toContain('sk-abcdef123456');
  });

  it('a refused connection is a retryable network error', async () => {
    const s = createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const port = (s.address() as AddressInfo).port;
    await new Promise<void>((r) => s.close(() => r()));
    const err = await requestJson({ provider: 't', url: `http://127.0.0.1:${port}/x` }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderNetworkError);
    expect((err as Error).message).toContain('ECONNREFUSED');
  });

  it('rejects with signal.reason when aborted before the call or in the middle of a stream', async () => {
    const pre = new AbortController();
    pre.abort(new Error('pre-aborted'));
    await expect(requestJson({ provider: 't', url: `${base}/gzip`, signal: pre.signal })).rejects.toThrow('pre-aborted');
    const ac = new AbortController();
    const call = { provider: 't', url: `${base}/slow-lines`, method: 'GET' as const, signal: ac.signal };
    const lines: string[] = [];
    const run = (async () => {
      for await (const line of readLines(await open(call), call)) {
        lines.push(line);
        ac.abort(new Error('timed out'));
      }
    })();
    await expect(run).rejects.toThrow('timed out');
    expect(lines).toEqual(['{"a":1}']);
  });

  it('breaking out of readLines early closes the body instead of hanging', async () => {
    const call = { provider: 't', url: `${base}/slow-lines`, method: 'GET' as const };
    const res = await open(call);
    for await (const line of readLines(res, call)) {
      expect(line).toBe('{"a":1}');
      break;
    }
    expect(res.body.destroyed).toBe(true);
  });
});
