import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../src/runtime/store.js';
import { startViewer, type Viewer } from '../../src/viewer/server.js';
import { useTempDir } from '../data/temp-dir.js';
import { HOSTILE, twoRuns } from '../helpers/two-runs.js';
import { http } from '../annotate/http-client.js';

describe('slant view server', () => {
  const tmp = useTempDir();
  let viewer: Viewer;
  let store: Store;
  let runs: { a: string; b: string };

  beforeAll(async () => {
    const r = await twoRuns(tmp.dir, { evil: true });
    runs = r;
    store = Store.open(r.store);
    viewer = await startViewer({ store, reportsDir: r.reports, port: 0 });
  });
  afterAll(async () => {
    await viewer.close();
    store.close();
  });

  it('binds 127.0.0.1 by default on an ephemeral port and sends a CSP with every page', async () => {
    expect(viewer.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    for (const path of ['', `runs/${runs.a}`, `compare?a=${runs.a}&b=${runs.b}`, 'nope']) {
      const res = await fetch(viewer.url + path);
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*script-src 'sha256-/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const html = await res.text();
      expect(html).not.toContain('<script>window.__pwned');
      expect(html).not.toMatch(/<img src=x/);
    }
  });

  it('refuses a foreign Host (DNS rebinding) and requests from other sites, but lets a followed link open a page', async () => {
    const port = new URL(viewer.url).port;
    const api = `${viewer.url}api/runs/${encodeURIComponent(runs.a)}/items`;
    // a rebinding domain resolving to 127.0.0.1: the browser sends its own name as Host
    for (const path of ['', `runs/${runs.a}`, `api/runs/${encodeURIComponent(runs.a)}/items`]) {
      const r = await http(viewer.url + path, { headers: { Host: `rebind.example:${port}` } });
      expect(r.status).toBe(403);
      expect(r.body).not.toContain('rec-0');
    }
    expect((await http(api, { headers: { Host: `localhost:${port}` } })).status).toBe(200);
    // another site's script reading the API (a CORS fetch, or an <img>/<script> load)
    expect((await http(api, { headers: { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'cors' } })).status).toBe(403);
    expect((await http(api, { headers: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors' } })).status).toBe(403);
    expect((await http(api, { headers: { Origin: 'http://evil.example' } })).status).toBe(403);
    // the viewer's own page, and a link followed from elsewhere to a page
    expect((await http(api, { headers: { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors' } })).status).toBe(200);
    expect((await http(`${viewer.url}runs/${runs.a}`, { headers: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' } })).status).toBe(200);
  });

  it('answers a malformed %-escape with 400 (not 500), and caps the page size at 500 items', async () => {
    const bad = await http(`${viewer.url}runs/%E0%A4%A`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/malformed/);
    expect((await http(`${viewer.url}api/runs/%E0%A4%A/items`)).status).toBe(400);
    const page = (await (await fetch(`${viewer.url}api/runs/${encodeURIComponent(runs.a)}/items?limit=1000000000`)).json()) as { limit: number; items: unknown[] };
    expect(page.limit).toBe(500);
    const junk = (await (await fetch(`${viewer.url}api/runs/${encodeURIComponent(runs.a)}/items?limit=1e309&offset=-3`)).json()) as { limit: number; offset: number };
    expect(junk).toMatchObject({ limit: 50, offset: 0 });
  });

  it('is read-only: other methods are refused', async () => {
    const res = await fetch(viewer.url, { method: 'POST', body: 'x' });
    expect(res.status).toBe(405);
  });

  it('pages items server-side, filters by tag and searches the stored texts', async () => {
    const api = `${viewer.url}api/runs/${encodeURIComponent(runs.a)}`;
    const all = (await (await fetch(`${api}/items?limit=3`)).json()) as { total: number; items: { recordId: string; tags: string[]; labels: Record<string, string> }[] };
    expect(all.total).toBe(8); // 4 records × (framing, primacy)
    expect(all.items).toHaveLength(3);
    const page2 = (await (await fetch(`${api}/items?limit=3&offset=3`)).json()) as typeof all;
    expect(all.items.map((i) => i.recordId)).toEqual(['rec-0', 'rec-1', 'rec-2']);
    expect(page2.items.map((i) => i.recordId)).toEqual(['rec-3', 'rec-0', 'rec-1']);
    const changed = (await (await fetch(`${api}/items?tags=changed&probe=framing`)).json()) as typeof all;
    expect(changed.items.every((i) => i.tags.includes('changed'))).toBe(true);
    const found = (await (await fetch(`${api}/items?q=${encodeURIComponent('factory closed')}`)).json()) as typeof all;
    expect(found.items.map((i) => i.recordId)).toEqual(['rec-1', 'rec-1']);
    const one = all.items[0]!;
    const detail = (await (await fetch(`${api}/item?probe=framing&model=${encodeURIComponent(one.labels.model!)}&dataset=news&id=rec-0`)).json()) as { texts: { title: string; text: string }[]; mapping: unknown[] };
    expect(detail.texts.map((t) => t.title)).toEqual(['source', 'output']);
    expect(detail.texts[0]?.text).toContain(HOSTILE);
    expect(detail.mapping.length).toBeGreaterThan(0);
  });

  it('compare page: the chart names each metric by the label the table shows; rate differences in percentage points, means as plain signed numbers, no axis mixing the two', async () => {
    const html = await (await fetch(`${viewer.url}compare?a=${runs.a}&b=${runs.b}`)).text();
    const figure = (id: string): string[] => [...(new RegExp(`<figure class="fig" data-figure="${id}">([\\s\\S]*?)</figure>`).exec(html)?.[1] ?? '').matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1] ?? '');
    const axisLabels = figure('compare-rates');
    // one chart for the rates (in percentage points), one per mean: s̄_b is not on the rates' axis
    expect([...html.matchAll(/data-figure="([^"]+)"/g)].map((m) => m[1])).toEqual(expect.arrayContaining(['compare-rates', 'compare-primacy-mean_s_b']));
    expect(axisLabels).toContain('B − A (percentage points)');
    expect(axisLabels.some((l) => l.includes('s̄_b'))).toBe(false);
    expect(figure('compare-primacy-mean_s_b').some((l) => l.startsWith('primacy: similarity to the first third s̄_b'))).toBe(true);
    const row = (metric: string): string[] => [...(new RegExp(`<tr data-metric="${metric}">(.*?)</tr>`).exec(html)?.[1] ?? '').matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => (m[1] ?? '').replace(/<[^>]+>/g, ''));
    const phi = row('phi_frame');
    // the table's metric column and the chart's category axis: the same human label
    expect(phi[3]).toBe('framing change rate φ_frame');
    expect(axisLabels).toContain(`framing: ${phi[3]}`);
    expect(axisLabels.some((l) => /\bphi_frame\b|\bmean_s_b\b/.test(l))).toBe(false);
    // φ_frame is a rate: its differences in percentage points, its group values as percentages
    expect(phi[4]).toMatch(/^\d+\.\d%/);
    expect(phi[6]).toMatch(/^[+-]\d+\.\d pp$/);
    expect(phi[7]).toMatch(/^[+-]\d+\.\d pp \[-?\d+\.\d, -?\d+\.\d\] n=4/);
    // s̄_b is a mean: a plain signed number
    const sb = row('mean_s_b');
    expect(sb[6]).toMatch(/^[+-]\d\.\d{3}$/);
    expect(sb[7]).toMatch(/^[+-]\d\.\d{3} \[-?\d\.\d{3}, -?\d\.\d{3}\] n=4/);
  });
});
