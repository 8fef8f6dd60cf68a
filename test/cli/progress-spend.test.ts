/**
 * The progress line shows the spend so far while a run pays for answers: a single-process run
 * from its own calls, a distributed run (whose coordinator calls no model) from what the workers'
 * finished units used. Each answer reports 100,000 input and 10,000 output tokens of
 * gpt-4o-mini ($0.15 and $0.60 per million): $0.021 per answer, $0.084 for the four documents.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeProject } from '../faults/project.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';
import { runCli } from '../helpers/run-cli.js';
import { spawnCli } from '../helpers/spawn-cli.js';

const KEY = 'sk-loopback-progress-spend';
let server: LoopbackServer;
let cluster: PgCluster | undefined;
const children: ChildProcess[] = [];
const tty = process.stderr.isTTY;
const keyBefore = process.env.OPENAI_API_KEY;

beforeAll(async () => {
  server = await startOpenAIServer({ respond: (p) => ({ text: `The summary of ${p.slice(40, 90)}.`, inputTokens: 100_000, outputTokens: 10_000 }) });
  process.env.OPENAI_API_KEY = KEY;
});
afterEach(() => {
  process.stderr.isTTY = tty;
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  cluster?.stop();
  await server.close();
  if (keyBefore === undefined) delete process.env.OPENAI_API_KEY;
  else process.env.OPENAI_API_KEY = keyBefore;
});

/** The last state the progress line was drawn in (each redraw starts with a carriage return). */
const lastProgress = (stderr: string): string => stderr.split('\r').filter((s) => s.startsWith('run [')).at(-1) ?? '';

describe('the spend in the progress line', () => {
  it('a single-process run shows what its answers cost', { timeout: 120_000 }, async () => {
    process.stderr.isTTY = true;
    const p = makeProject(server, { n: 4 });
    const res = await runCli(['run', '--yes', '-c', p.config]);
    expect(res.code, res.stderr).toBe(0);
    expect(lastProgress(res.stderr)).toContain('4/4 100%');
    expect(lastProgress(res.stderr)).toContain('$0.0840 spent');
    expect(res.stderr).not.toContain(KEY);
  });

  it('a distributed run shows what the workers\' finished units cost', { timeout: 240_000 }, async () => {
    cluster = await startCluster();
    const url = cluster.newDatabase();
    const p = makeProject(server, { n: 4 });
    writeFileSync(p.config, readFileSync(p.config, 'utf8').replace(/^store: .*$/m, `store: ${url}`));
    const env = { ...process.env, OPENAI_API_KEY: KEY, SLANT_WORKER_HEARTBEAT_MS: '300', SLANT_WORKER_STALE_MS: '20000', NO_COLOR: '1' };
    const worker = spawnCli(['worker', '--store', url], env, children);
    process.stderr.isTTY = true;
    const res = await runCli(['run', '--yes', '--workers', '--unit-size', '2', '-c', p.config]);
    worker.child.kill('SIGTERM');
    await worker.done;
    expect(res.code, res.stderr).toBe(0);
    expect(lastProgress(res.stderr)).toContain('4/4 100%');
    expect(lastProgress(res.stderr)).toContain('$0.0840 spent');
    expect(res.stderr).not.toContain(KEY);
  });
});
