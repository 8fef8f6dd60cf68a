/**
 * A distributed run's results.json says what a single-process run of the same config says: the
 * `usage` section (requests, tokens and cost per model, summed over every worker's calls) and the
 * same counts.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Results } from '../../../src/results/schema.js';
import { spawnCli, type SpawnedCli } from '../../helpers/spawn-cli.js';
import { startCluster, type PgCluster } from '../../helpers/postgres.js';
import { startOpenAIServer } from '../../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../../helpers/loopback/server.js';
import { makeProject } from '../../faults/project.js';

const ENV = { ...process.env, OPENAI_API_KEY: 'sk-loopback-usage', SLANT_WORKER_HEARTBEAT_MS: '300', SLANT_WORKER_STALE_MS: '2000', NO_COLOR: '1' };

let cluster: PgCluster | undefined;
let server: LoopbackServer;
const children: ChildProcess[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  server = await startOpenAIServer({ respond: (p) => ({ text: p.includes('Document 1 ') ? '' : `Summary of ${p.slice(40, 110)}`, inputTokens: 10, outputTokens: 5 }) });
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  cluster?.stop();
  await server.close();
});

const cli = (args: string[]): SpawnedCli => spawnCli(args, ENV, children);

describe('distributed run results', () => {
  it('carry the usage section and the output counts of a single-process run', { timeout: 180_000 }, async () => {
    const probes = '[{ name: primacy }, { name: framing }]';
    const single = makeProject(server, { n: 6, probes });
    const one = await cli(['run', '-c', single.config]).done;
    expect(one.code, one.stderr).toBe(0);
    const url = (cluster as PgCluster).newDatabase();
    const dist = makeProject(server, { n: 6, probes });
    writeFileSync(dist.config, readFileSync(dist.config, 'utf8').replace(/^store: .*$/m, `store: ${url}`));
    // two workers, one record per unit: units of both probes on the same summary run at once
    const workers = [cli(['worker', '--store', url]), cli(['worker', '--store', url])];
    const res = await cli(['run', '--workers', '--unit-size', '1', '-c', dist.config]).done;
    for (const w of workers) w.child.kill('SIGTERM');
    expect(res.code, res.stderr).toBe(0);
    const summary = (out: string): string => /completed; (.*)$/m.exec(out)?.[1] ?? out;
    // 6 summaries asked for once each (one empty: invalid for both probes, counted once: one answer)
    expect(summary(one.stdout)).toBe('10 item measurement(s) made, 6 output(s) generated (0 from cache), 1 invalid model output(s) recorded');
    expect(summary(res.stdout)).toBe(summary(one.stdout));
    const results = (out: string, reports: string): Results => {
      const id = /run (\S+): completed/.exec(out)?.[1] ?? '';
      return JSON.parse(readFileSync(join(reports, id, 'results.json'), 'utf8')) as Results;
    };
    const a = results(one.stdout, single.reports);
    const b = results(res.stdout, dist.reports);
    expect(a.usage?.rows).toEqual([{ model: 'openai:gpt-4o-mini', requests: 6, cachedRequests: 0, inputTokens: 60, outputTokens: 30, withoutUsage: 0, cost: expect.any(Number) }]);
    expect(b.usage).toEqual(a.usage);
    expect(b.probes.map((p) => p.groups.map((g) => [g.n, g.invalid]))).toEqual(a.probes.map((p) => p.groups.map((g) => [g.n, g.invalid])));
    for (const w of workers) await w.done;
  });
});
