import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunActivity } from '../../src/cli/run-activity.js';
import { createProgress } from '../../src/runtime/progress.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';

const err = new Error('HTTP 429 Too Many Requests');

describe('the progress line shows retries, waits and failures as they happen', () => {
  it('RunActivity counts retries by kind and the wait in progress, counting down', () => {
    let t = 1_000_000;
    const a = new RunActivity(() => t);
    expect(a.text()).toBe('');
    a.retry({ provider: 'openai', attempt: 1, delayMs: 12_000, reason: 'rate-limit', error: err });
    expect(a.text()).toBe('1 retry (1 rate limited) · waiting 12 s: openai rate limited');
    t += 5_000;
    a.retry({ provider: 'anthropic', attempt: 1, delayMs: 1_000, reason: 'timeout', error: err });
    // the longer wait is the one the run is held by
    expect(a.text()).toBe('2 retries (1 rate limited, 1 failed) · waiting 7 s: openai rate limited');
    t += 8_000;
    expect(a.text()).toBe('2 retries (1 rate limited, 1 failed)');
  });

  it('the bar carries the status, is redrawn while a wait counts down, and lines go above it', () => {
    const writes: string[] = [];
    let t = 0;
    let tick: () => void = () => undefined;
    let cleared = false;
    let status = '';
    const p = createProgress({
      total: 10,
      label: 'run',
      stream: { isTTY: true, write: (s: string) => writes.push(s) },
      now: () => t,
      status: () => status,
      every: (fn) => {
        tick = fn;
        return { clear: () => (cleared = true) };
      },
    });
    t = 1000;
    p.tick();
    expect(writes.at(-1)).toMatch(/^\rrun \[##\.+\] 1\/10 10% 1\.0\/s ETA 0:09\x1b\[K$/); // eslint-disable-line no-control-regex
    // no item finishes while the run waits: the timer redraws with the status
    status = '1 retry (1 rate limited) · waiting 12 s: openai rate limited';
    t = 2000;
    tick();
    expect(writes.at(-1)).toContain('1/10 10% 0.5/s ETA 0:18 · 1 retry (1 rate limited) · waiting 12 s: openai rate limited');
    // a line printed during the run clears the bar, ends with a newline, and the bar comes back under it
    const before = writes.length;
    p.log('request openai:gpt-4o-mini: 1.2 s');
    expect(writes.slice(before, before + 2)).toEqual(['\r\x1b[K', 'request openai:gpt-4o-mini: 1.2 s\n']);
    expect(writes.at(-1)).toContain('1/10');
    p.done();
    expect(cleared).toBe(true);
  });

  it('without a terminal, no bar and no timer: a logged line is a plain line', () => {
    const writes: string[] = [];
    let timers = 0;
    const p = createProgress({ total: 3, label: 'run', stream: { isTTY: false, write: (s: string) => writes.push(s) }, status: () => 'x', every: () => ((timers += 1), { clear: () => undefined }) });
    p.tick();
    p.log('a line');
    p.done();
    expect(writes).toEqual(['a line\n']);
    expect(timers).toBe(0);
  });
});

describe('slant --verbose run: the request log and the retries', { timeout: 120_000 }, () => {
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await startOpenAIServer({ respond: () => ({ text: 'FINAL_SUMMARY: The reviewers liked it.', inputTokens: 40, outputTokens: 7 }) });
  });
  afterAll(async () => server.close());

  it('prints one line per request (model, time or cache, tokens) and each retry with its reason', async () => {
    process.env.OPENAI_API_KEY = 'sk-loopback-verbose';
    const dir = mkdtempSync(join(tmpdir(), 'slant-verbose-'));
    const config = join(dir, 'slant.yaml');
    writeFileSync(
      config,
      [
        `store: ${join(dir, 'slant.db')}`,
        `reports: ${join(dir, 'reports')}`,
        `providers: { openai: { baseURL: ${server.url}/v1 } }`,
        `models: [{ id: 'openai:gpt-4o-mini' }]`,
        `datasets: [{ name: reviews, builtin: demo-reviews, limit: 2 }]`,
        `probes: [{ name: primacy }]`,
        '',
      ].join('\n'),
    );
    // the first request is refused once (a server error, retried after a short back-off)
    server.faults.push({ kind: 'status', status: 500 });
    const res = await runCli(['--verbose', 'run', '-c', config]);
    expect(res.code, res.stderr).toBe(0);
    const requests = res.stderr.split('\n').filter((l) => l.startsWith('request openai:gpt-4o-mini: '));
    expect(requests, res.stderr).toHaveLength(2);
    // the time as formatWait writes it: "850 ms", or "1 s" when a loaded machine makes the request slow
    for (const r of requests) expect(r).toMatch(/^request openai:gpt-4o-mini: \d+ (ms|s) · 40 in \/ 7 out tokens$/);
    expect(res.stderr).toMatch(/openai failed \(.*500.*\); retrying in/);
    // the same run again: every answer from the cache, and said so
    const again = await runCli(['--verbose', 'run', '-c', config]);
    expect(again.stderr.split('\n').filter((l) => l === 'request openai:gpt-4o-mini: from cache · 40 in / 7 out tokens')).toHaveLength(2);
    // without --verbose: no request log
    const quiet = await runCli(['run', '-c', config]);
    expect(quiet.stderr).not.toContain('request openai');
  });
});
