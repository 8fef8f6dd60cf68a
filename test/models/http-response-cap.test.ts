import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAX_RESPONSE_BYTES, maxResponseBytes, open, ProviderHttpError, readLines, requestJson, requestText, responseText, ResponseTooLargeError, send } from '../../src/models/http.js';

/** A body that inflates to `bytes` of JSON-ish text, gzip-compressed on the fly (about 1,000:1). */
function gzipBomb(res: import('node:http').ServerResponse, bytes: number, inflated: (n: number) => void): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
  const gz = createGzip();
  gz.pipe(res);
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  let sent = 0;
  const pump = (): void => {
    while (sent < bytes && !gz.destroyed) {
      sent += chunk.length;
      inflated(sent);
      if (!gz.write(chunk)) return void gz.once('drain', pump);
    }
    gz.end();
  };
  gz.write('{"a":"');
  pump();
  res.on('close', () => gz.destroy());
}

describe('the answer-size cap', () => {
  let server: Server;
  let base = '';
  let bombInflated = 0;
  let linesClosed = false;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/bomb') {
        // 2 GiB once inflated; the client must stop after 16 MiB
        gzipBomb(res, 2 * 1024 * 1024 * 1024, (n) => (bombInflated = n));
      } else if (req.url === '/lines') {
        // an endless NDJSON stream, plain or gzip-compressed; counts what it wrote until the client hangs up
        const gz = req.headers['x-gzip'] === '1';
        res.writeHead(200, { 'content-type': 'application/x-ndjson', ...(gz ? { 'content-encoding': 'gzip' } : {}) });
        const out = gz ? createGzip() : res;
        if (gz) out.pipe(res);
        linesClosed = false;
        const line = `${JSON.stringify({ message: { content: 'x'.repeat(1000) } })}\n`;
        const pump = (): void => {
          while (!res.destroyed && out.write(line));
          if (!res.destroyed) out.once('drain', pump);
        };
        res.on('close', () => {
          linesClosed = true;
          if (gz) (out as ReturnType<typeof createGzip>).destroy();
        });
        pump();
      } else if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ text: 'x'.repeat(DEFAULT_MAX_RESPONSE_BYTES) }));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('a gzip bomb is abandoned once 16 MiB have come out of it, as a non-retryable error', async () => {
    const before = process.memoryUsage().rss;
    const err = await requestJson({ provider: 't', url: `${base}/bomb`, method: 'GET' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(err).toBeInstanceOf(ProviderHttpError);
    expect((err as ResponseTooLargeError).retryable).toBe(false);
    expect((err as Error).message).toBe(`t: the answer from ${base}/bomb is larger than 16777216 bytes (decoded); set SLANT_MAX_RESPONSE_BYTES to accept larger answers`);
    // far less than the 2 GiB the body inflates to (the unbounded reader held all of it)
    expect(process.memoryUsage().rss - before).toBeLessThan(512 * 1024 * 1024);
    // the server stopped compressing soon after the client hung up
    await new Promise((r) => setTimeout(r, 100));
    expect(bombInflated).toBeGreaterThan(16 * 1024 * 1024);
    expect(bombInflated).toBeLessThan(1024 * 1024 * 1024);
  }, 60_000);

  it('a plain body over the cap fails the same way; a call may raise its own cap', async () => {
    await expect(requestText({ provider: 't', url: `${base}/big`, method: 'GET' })).rejects.toBeInstanceOf(ResponseTooLargeError);
    const ok = (await requestJson({ provider: 't', url: `${base}/big`, method: 'GET', maxResponseBytes: 2 * DEFAULT_MAX_RESPONSE_BYTES })) as { text: string };
    expect(ok.text).toHaveLength(DEFAULT_MAX_RESPONSE_BYTES);
    await expect(requestJson({ provider: 't', url: `${base}/ok`, method: 'GET', maxResponseBytes: 10 })).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(await requestJson({ provider: 't', url: `${base}/ok`, method: 'GET', maxResponseBytes: 11 })).toEqual({ ok: true });
  });

  it('web pages and feeds (fetch, which inflates by itself) are read up to the cap too', async () => {
    const call = { provider: 'scrape', url: `${base}/bomb`, method: 'GET' as const };
    const err = await responseText(await send(call), call).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    const ok = { provider: 'scrape', url: `${base}/ok`, method: 'GET' as const };
    expect(await responseText(await send(ok), ok)).toBe('{"ok":true}');
  }, 60_000);

  it('a streamed body (lines, server-sent events) stops at the cap too, plain or compressed, and hangs up', async () => {
    for (const gz of ['0', '1']) {
      const call = { provider: 't', url: `${base}/lines`, method: 'GET' as const, headers: { 'x-gzip': gz }, maxResponseBytes: 100_000 };
      let read = 0;
      const err = await (async () => {
        for await (const line of readLines(await open(call), call)) read += line.length + 1;
      })().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ResponseTooLargeError);
      // lines were given to the reader until a chunk took the body past the cap, none past it
      expect(read).toBeGreaterThan(0);
      expect(read).toBeLessThanOrEqual(100_000);
      await vi.waitFor(() => expect(linesClosed).toBe(true));
    }
  });

  it('SLANT_MAX_RESPONSE_BYTES sets the default cap; a bad value is a clear error', () => {
    expect(maxResponseBytes({})).toBe(16 * 1024 * 1024);
    expect(maxResponseBytes({ SLANT_MAX_RESPONSE_BYTES: '1048576' })).toBe(1048576);
    expect(() => maxResponseBytes({ SLANT_MAX_RESPONSE_BYTES: '1e3x' })).toThrow('SLANT_MAX_RESPONSE_BYTES must be a positive whole number of bytes, got "1e3x"');
  });
});
