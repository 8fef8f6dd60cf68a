/**
 * The read commands against the shared PostgreSQL store (a throwaway cluster): two runs measured
 * into it, then `slant runs`, `slant report` (items with their texts read from the store),
 * `slant compare` and the viewer (`slant view`'s server over the same store) with a run page, an
 * items page and a search; and an annotation study made from a stored run, answered through the
 * annotation app, with its status and export. The same commands on SQLite are tested beside each
 * command.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnnotateServer } from '../../src/annotate/server.js';
import { getAnswers } from '../../src/annotate/study-store.js';
import { openRunStore } from '../../src/runtime/open-store.js';
import { startViewer } from '../../src/viewer/server.js';
import { form, formFields, http } from '../annotate/http-client.js';
import { useTempDir } from '../data/temp-dir.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';
import { runCli } from '../helpers/run-cli.js';
import { twoRuns } from '../helpers/two-runs.js';

let cluster: PgCluster | undefined;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.stop());

describe('read commands on a PostgreSQL store', () => {
  const tmp = useTempDir();

  it('run → runs → report → compare → view, all from PostgreSQL', async () => {
    const url = (cluster as PgCluster).newDatabase();
    const { reports, a, b } = await twoRuns(tmp.dir, { store: url });
    expect(existsSync(join(tmp.dir, 'slant.db'))).toBe(false);

    const runs = await runCli(['--json', 'runs', '--store', url]);
    expect(runs.code).toBe(0);
    const listed = JSON.parse(runs.stdout) as { id: string; probes: string[]; n: number; status: string }[];
    expect(listed.map((r) => r.id).sort()).toEqual([a, b].sort());
    for (const r of listed) expect(r).toMatchObject({ status: 'completed', probes: ['framing', 'primacy'], n: 8 });

    // the report folder is gone: results and items come from the store alone
    rmSync(reports, { recursive: true, force: true });
    const report = await runCli(['-q', 'report', a, '--store', url, '--reports', reports]);
    expect(report.code, report.stderr).toBe(0);
    const html = readFileSync(join(reports, a, 'report.html'), 'utf8');
    // a source sentence the "lead" summary left out: only the stored record fields hold it
    expect(html).toContain('Engineers expect decades of service');
    const latest = await runCli(['-q', 'report', 'latest', '--store', url, '--reports', reports]);
    expect(latest.code, latest.stderr).toBe(0);

    const compare = await runCli(['--json', 'compare', a, b, '--store', url]);
    expect(compare.code, compare.stderr).toBe(0);
    const rows = (JSON.parse(compare.stdout) as { rows: { metric: string; a: { value: number } | null; b: { value: number } | null; paired?: { n: number; difference: number } }[] }).rows;
    const sb = rows.find((r) => r.metric === 'mean_s_b');
    expect(sb?.paired?.n).toBe(4);
    expect(sb?.paired?.difference).toBeCloseTo((sb?.b?.value as number) - (sb?.a?.value as number), 12);
    const missing = await runCli(['compare', a, 'nope', '--store', url]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('no run "nope"');

    const store = await openRunStore(url);
    const viewer = await startViewer({ store, reportsDir: reports });
    try {
      const index = await (await fetch(viewer.url)).text();
      expect(index).toContain(a);
      const page = await fetch(`${viewer.url}runs/${a}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`/api/runs/${a}`);
      const items = (await (await fetch(`${viewer.url}api/runs/${a}/items?probe=framing`)).json()) as { total: number; items: { recordId: string }[] };
      expect(items.total).toBe(4);
      // a word only in the source of rec-0 (its stored record fields), searched case-insensitively
      const found = (await (await fetch(`${viewer.url}api/runs/${a}/items?q=DECADES`)).json()) as { items: { recordId: string; probe: string }[] };
      expect([...new Set(found.items.map((i) => i.recordId))]).toEqual(['rec-0']);
      const detail = await fetch(`${viewer.url}api/runs/${a}/item?probe=framing&model=model-x&dataset=news&id=rec-1`);
      expect(detail.status).toBe(200);
      expect(JSON.stringify(await detail.json())).toContain('Hundreds of workers lost their jobs');
      const cmp = await fetch(`${viewer.url}compare?a=${a}&b=${b}`);
      expect(cmp.status).toBe(200);
    } finally {
      await viewer.close();
      await store.close();
    }
  });

  it('annotate: a study from a stored run, answered through the app, status and export, all in PostgreSQL', async () => {
    const url = (cluster as PgCluster).newDatabase();
    const { a } = await twoRuns(tmp.dir, { store: url });
    const created = await runCli(['--json', 'annotate', 'create', '--kind', 'framing', '--run', a, '--target', 'output', '--names', 'ann1,ann2', '--k', '2', '--attention', '1', '--store', url, '--id', 'pg-study']);
    expect(created.code, created.stderr).toBe(0);
    const made = JSON.parse(created.stdout) as { items: number; annotators: { annotator: string; token: string }[] };
    expect(made.items).toBe(4);
    const again = await runCli(['annotate', 'create', '--kind', 'framing', '--run', a, '--names', 'x', '--k', '1', '--store', url, '--id', 'pg-study']);
    expect(again.code).not.toBe(0);
    // a user error naming the id, not the database's "duplicate key" message
    expect(again.stderr).toMatch(/a study with id "pg-study" already exists/);
    expect(again.stderr).not.toMatch(/duplicate key|constraint|\n\s+at /);

    const store = await openRunStore(url);
    const srv = await startAnnotateServer(store, 'pg-study');
    try {
      for (const { token } of made.annotators) {
        for (;;) {
          const page = await http(`${srv.url}/a/${token}`);
          expect(page.status).toBe(200);
          if (!page.body.includes('name="csrf"')) break;
          const f = formFields(page.body);
          const r = await http(`${srv.url}/a/${token}/answer`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: srv.url, 'Sec-Fetch-Site': 'same-origin' }, body: form({ item: f.item, value: f.item?.startsWith('attention') ? 'neutral' : 'positive', csrf: f.csrf, msOnItem: '4000', msHidden: '0', blurs: '0' }) });
          expect(r.status).toBeLessThan(400);
        }
      }
      // 4 items × 2 annotators, plus the attention item each: every answer stored once
      expect(await getAnswers(store, 'pg-study')).toHaveLength(10);
    } finally {
      await srv.close();
      await store.close();
    }

    const status = await runCli(['--json', 'annotate', 'status', '--store', url]);
    expect(status.code, status.stderr).toBe(0);
    const st = JSON.parse(status.stdout) as { study: string; progress: { annotator: string; done: number; total: number }[] };
    expect(st.study).toBe('pg-study');
    expect(st.progress).toEqual([expect.objectContaining({ annotator: 'ann1', done: 5, total: 5 }), expect.objectContaining({ annotator: 'ann2', done: 5, total: 5 })]);
    const out = join(tmp.dir, 'answers.jsonl');
    const exported = await runCli(['annotate', 'export', '--no-filters', '-o', out, '--store', url]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(10);
  });

  it('a missing SQLite store is still a clear error', async () => {
    const res = await runCli(['runs', '--store', join(tmp.dir, 'none.db')]);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('no store at');
  });
});
