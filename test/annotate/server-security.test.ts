import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../src/runtime/store.js';
import { createStudy, getAnswers, getAssignments } from '../../src/annotate/study-store.js';
import { startAnnotateServer, type AnnotateServer } from '../../src/annotate/server.js';
import { newToken } from '../../src/annotate/tokens.js';
import { form, formFields, http } from './http-client.js';

const XSS = ['<script>alert(1)</script>', '</script><img src=x onerror=alert(2)>', 'javascript:alert(3)', '"><svg onload=alert(4)>'];

describe('annotate server security (plain HTTP)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slant-annotate-sec-'));
  let store: Store;
  let srv: AnnotateServer;
  let tokA: string;
  let tokB: string;
  let itemsA: string[];
  let itemsB: string[];

  beforeAll(async () => {
    store = Store.open(join(dir, 'slant.db'));
    const items = XSS.map((x, i) => ({ id: `pair-${i}${i === 1 ? '<b>' : ''}`, role: 'task' as const, content: { original: `original ${x}`, rewrite: `rewrite ${x}` }, judges: {} }));
    const { study, tokens } = (await createStudy(store, { kind: 'certainty', items, annotators: ['ann-a', 'ann-b'], k: 1, attention: 0, seed: 3, source: { test: true }, id: 'sec' }));
    tokA = tokens.find((t) => t.annotator === 'ann-a')!.token;
    tokB = tokens.find((t) => t.annotator === 'ann-b')!.token;
    itemsA = (await getAssignments(store, study.id, 'ann-a')).map((a) => a.item);
    itemsB = (await getAssignments(store, study.id, 'ann-b')).map((a) => a.item);
    srv = await startAnnotateServer(store, study.id);
  });
  afterAll(async () => {
    await srv.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = async (token: string) => {
    const r = await http(`${srv.url}/a/${token}`);
    expect(r.status).toBe(200);
    return { ...r, ...formFields(r.body) };
  };
  const post = (token: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    http(`${srv.url}/a/${token}/answer`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: srv.url, 'Sec-Fetch-Site': 'same-origin', ...headers }, body: form(fields) });

  it('binds to 127.0.0.1 and splits the items between the two annotators', async () => {
    expect(srv.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(itemsA).toHaveLength(2);
    expect(itemsB).toHaveLength(2);
    expect(itemsA.filter((i) => itemsB.includes(i))).toEqual([]);
  });

  it('refuses requests without a token or with a forged or malformed one', async () => {
    for (const path of ['/', '/a/', '/a/%E0%A4%A', `/a/${tokA}/item/%E0%A4%A`, `/a/${newToken()}`, '/a/not-a-token', `/a/${tokA.slice(0, -1)}x`, `/a/${newToken()}/answer`]) {
      const r = await http(`${srv.url}${path}`);
      expect(r.status, path).toBe(403);
      expect(r.body).not.toContain('pair-');
    }
    const forged = await post(newToken(), { item: itemsA[0]!, value: '1', csrf: 'x' });
    expect(forged.status).toBe(403);
    expect((await getAnswers(store, 'sec'))).toHaveLength(0);
  });

  it("cannot read or write another annotator's items", async () => {
    const a = await page(tokA);
    expect(itemsA).toContain(a.item);
    const read = await http(`${srv.url}/a/${tokA}/item/${encodeURIComponent(itemsB[0]!)}`);
    expect(read.status).toBe(403);
    expect(read.body).not.toContain('rewrite');
    const write = await post(tokA, { item: itemsB[0]!, value: '2', csrf: a.csrf, msOnItem: '1000', msHidden: '0', blurs: '0' });
    expect(write.status).toBe(403);
    // B's CSRF token with A's link does not work either
    const b = await page(tokB);
    const mixed = await post(tokA, { item: a.item, value: '2', csrf: b.csrf });
    expect(mixed.status).toBe(403);
    expect((await getAnswers(store, 'sec'))).toHaveLength(0);
    // own items are readable
    expect((await http(`${srv.url}/a/${tokA}/item/${encodeURIComponent(itemsA[1]!)}`)).status).toBe(200);
  });

  it('validates answers server-side', async () => {
    const a = await page(tokA);
    const base = { item: a.item, csrf: a.csrf, msOnItem: '1200', msHidden: '0', blurs: '0' };
    for (const value of ['7', '-3', 'positive', '', '1.5', '0x1']) expect((await post(tokA, { ...base, value })).status, value).toBe(400);
    expect((await post(tokA, { ...base, value: '1', msOnItem: '-5' })).status).toBe(400);
    expect((await post(tokA, { ...base, value: '1', csrf: '' })).status).toBe(403);
    expect((await post(tokA, { ...base, value: '1', item: 'no-such-item' })).status).toBe(403);
    expect((await http(`${srv.url}/a/${tokA}/answer`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'value=1' })).status).toBe(415);
    expect((await http(`${srv.url}/a/${tokA}/answer`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'x'.repeat(20_000) })).status).toBe(413);
    expect((await getAnswers(store, 'sec'))).toHaveLength(0);
  });

  it('refuses a state-changing request from another origin', async () => {
    const a = await page(tokA);
    const fields = { item: a.item, csrf: a.csrf, value: '1', msOnItem: '900', msHidden: '0', blurs: '0' };
    expect((await post(tokA, fields, { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await post(tokA, fields, { Origin: 'null' })).status).toBe(403);
    expect((await post(tokA, fields, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await post(tokA, fields, { 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
    // DNS rebinding: another host name pointing at 127.0.0.1
    const port = new URL(srv.url).port;
    expect((await post(tokA, fields, { Host: `evil.example:${port}`, Origin: `http://evil.example:${port}` })).status).toBe(403);
    expect((await getAnswers(store, 'sec'))).toHaveLength(0);
    const ok = await post(tokA, fields);
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe(`/a/${tokA}`);
    expect((await getAnswers(store, 'sec'))).toMatchObject([{ annotator: 'ann-a', item: a.item, value: '1', msOnItem: 900 }]);
  });

  it('offers Back to the previous own item, with the answer given there checked', async () => {
    const next = await page(tokA);
    // alice answered her first item in the test above; her page is now her second item
    const back = /<a class="back" href="([^"]+)">Back<\/a>/.exec(next.body)![1]!;
    expect(back).toBe(`/a/${tokA}/item/${encodeURIComponent(itemsA[0]!)}`);
    const again = await http(`${srv.url}${back}`);
    expect(again.body).toMatch(/value="1" data-key="4" required checked/);
    expect(again.body).toContain('you answered this one already');
    expect(again.body).not.toContain('class="back"');
  });

  it('escapes every text and sends a strict Content-Security-Policy', async () => {
    const seen: string[] = [];
    for (const token of [tokA, tokB]) {
      for (const item of token === tokA ? itemsA : itemsB) {
        const r = await http(`${srv.url}/a/${token}/item/${encodeURIComponent(item)}`);
        expect(r.status).toBe(200);
        seen.push(r.body);
        expect(r.headers['content-security-policy']).toBe("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
        expect(r.headers['x-content-type-options']).toBe('nosniff');
        expect(r.headers['referrer-policy']).toBe('same-origin');
        // the only script element is slant's own file; no handler attributes, no javascript: URLs
        expect(r.body.match(/<script/g)).toHaveLength(1);
        expect(r.body).toContain('<script src="/static/annotate.js" defer></script>');
        expect(r.body).not.toMatch(/<img|<svg|<[^>]* on[a-z]+=|href="javascript:/i);
      }
    }
    const all = seen.join('\n');
    expect(all).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(all).toContain('&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(all).toContain('&quot;&gt;&lt;svg onload=alert(4)&gt;');
    expect(all).toContain('pair-1&lt;b&gt;');
  });

  it('rejects annotator names that could carry markup', async () => {
    await expect(createStudy(store, { kind: 'framing', items: [{ id: 'x', role: 'task', content: { text: 't' } }], annotators: ['<script>'], k: 1, source: {} })).rejects.toThrow(/annotator name/);
  });
});
