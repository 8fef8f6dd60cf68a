import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../src/runtime/store.js';
import { startViewer, type Viewer } from '../../src/viewer/server.js';
import { useTempDir } from '../data/temp-dir.js';
import { HOSTILE, twoRuns } from '../helpers/two-runs.js';

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
});
