/**
 * A mitigation found not applicable only while running (self-debias whose bias prefix is too long
 * for the model's tokenizer: known only once the model tokenizes it) in a distributed run: the
 * worker that finds it tells the coordinator through the unit's stats, and the run reports the cell
 * "not applicable" with its reason, as a single-process run does, instead of an empty cell.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli, type SpawnedCli } from '../../helpers/spawn-cli.js';
import { startCluster, type PgCluster } from '../../helpers/postgres.js';
import { writeTinyGguf } from '../../helpers/tiny-gguf.js';

const ENV = { ...process.env, NODE_LLAMA_CPP_SKIP_DOWNLOAD: 'true', SLANT_WORKER_HEARTBEAT_MS: '300', SLANT_WORKER_STALE_MS: '2000', NO_COLOR: '1' };

let cluster: PgCluster | undefined;
let dir = '';
const children: ChildProcess[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  dir = mkdtempSync(join(tmpdir(), 'slant-dist-na-'));
});
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const cli = (args: string[]): SpawnedCli => spawnCli(args, ENV, children);

describe('distributed run: a mitigation found not applicable while running', () => {
  it('is reported "not applicable" with its reason, not left as an empty cell', { timeout: 180_000 }, async () => {
    const url = (cluster as PgCluster).newDatabase();
    writeTinyGguf(join(dir, 'tiny.gguf'));
    const docs = [
      { id: 'd1', text: 'The battery lasts two days. The screen is bright and sharp. The speaker crackles at high volume.' },
      { id: 'd2', text: 'Setup took five minutes. The app crashed twice on the first day. Support answered within an hour.' },
    ];
    writeFileSync(join(dir, 'docs.jsonl'), docs.map((d) => JSON.stringify(d)).join('\n') + '\n');
    const prefix = 'very '.repeat(30).trim();
    writeFileSync(
      join(dir, 'slant.yaml'),
      [
        `store: ${url}`,
        `reports: ${join(dir, 'r')}`,
        'models:',
        `  - id: gguf:${join(dir, 'tiny.gguf')}`,
        '    label: tiny',
        '    options: { contextSize: 512 }',
        'datasets: [{ name: docs, path: docs.jsonl, fields: { source: text } }]',
        'probes: [{ name: primacy }]',
        'generation: { maxTokens: 8 }',
        `mitigations: [baseline, { id: self-debias, options: { prefix: '${prefix}' } }]`,
        '',
      ].join('\n'),
    );
    const worker = cli(['worker', '--store', url]);
    const res = await cli(['--json', 'run', '--workers', '--unit-size', '1', '-c', join(dir, 'slant.yaml')]).done;
    worker.child.kill('SIGTERM');
    expect(res.code, res.stderr).toBe(0);
    const out = JSON.parse(res.stdout) as { status: string; results: { probes: { groups: { labels: Record<string, string>; n: number; notApplicable?: string }[] }[]; warnings: unknown[] } };
    expect(out.status).toBe('completed');
    const groups = out.results.probes[0]?.groups ?? [];
    const baseline = groups.find((g) => g.labels.condition === undefined || g.labels.condition === 'baseline');
    expect(baseline?.n).toBe(2);
    const debiased = groups.find((g) => g !== baseline);
    expect(debiased?.notApplicable).toMatch(/self-debias: the bias prefix is \d+ tokens of this model/);
    expect(debiased?.n).toBe(0);
    expect(JSON.stringify(out.results.warnings)).toContain('not applicable on this model');
    const stopped = await worker.done;
    expect(stopped.stderr).not.toMatch(/failed/);
  });
});
