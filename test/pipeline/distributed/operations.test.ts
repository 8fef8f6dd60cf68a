import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgStore } from '../../../src/runtime/pg-store.js';
import { modelMatcher } from '../../../src/pipeline/distributed/worker.js';
import { runCli } from '../../helpers/run-cli.js';
import { startCluster, type PgCluster } from '../../helpers/postgres.js';

describe('modelMatcher (slant worker --models)', () => {
  it('matches labels by * wildcards; no pattern serves every model', () => {
    const gguf = modelMatcher(['gguf:*']);
    expect(gguf('gguf:/models/qwen.gguf')).toBe(true);
    expect(gguf('openai:gpt-4o')).toBe(false);
    expect(modelMatcher(['openai:gpt-4o*', 'anthropic:*'])('openai:gpt-4o-mini')).toBe(true);
    expect(modelMatcher(['a.b'])('aXb')).toBe(false);
    expect(modelMatcher([])('anything')).toBe(true);
  });
});

let cluster: PgCluster | undefined;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.stop());

describe('slant workers, slant cancel', () => {
  it('lists live workers with their models; a stopped worker is gone', async () => {
    const url = (cluster as PgCluster).newDatabase();
    const w = await PgStore.open(url);
    await w.register('worker', ['gguf:*'], 8);
    const res = await runCli(['--json', 'workers', '--store', url]);
    expect(res.code).toBe(0);
    const rows = JSON.parse(res.stdout) as { id: string; models: string[]; slots: number; holding: string[]; itemsPerMinute?: number }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: w.ownerId, models: ['gguf:*'], slots: 8, holding: [] });
    // under a minute of work: no rate yet ("—" in the table), never 0
    expect(rows[0]?.itemsPerMinute).toBeUndefined();
    await w.close();
    expect((await runCli(['workers', '--store', url])).stdout).toBe('no live workers\n');
  });

  it('cancels a distributed run from any process, once', async () => {
    const url = (cluster as PgCluster).newDatabase();
    const s = await PgStore.open(url);
    const run = await s.createRun({ configJson: '{}', configHash: 'h' });
    await s.query('INSERT INTO slant_dist_runs (run_id, queues_json, unit_size) VALUES (?, ?, ?)', [run.id, '[]', 25]);
    const res = await runCli(['cancel', run.id, '--store', url]);
    expect(res.code).toBe(0);
    expect(res.stdout).toBe(`run ${run.id} cancelled\n`);
    const row = await s.query<{ cancelled_by: string }>('SELECT cancelled_by FROM slant_dist_runs WHERE run_id = ?', [run.id]);
    expect(row.rows[0]?.cancelled_by).toMatch(/^cancelled from /);
    const again = await runCli(['cancel', run.id, '--store', url]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain(`no running distributed run "${run.id}"`);
    await s.close();
  });

  it('refuses a store that is not PostgreSQL, saying what it needs', async () => {
    const res = await runCli(['workers', '--store', '.slant/slant.db']);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('workers share a PostgreSQL store');
  });
});
