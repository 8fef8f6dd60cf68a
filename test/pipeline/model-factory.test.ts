import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelFactory, splitLimits } from '../../src/pipeline/model-factory.js';
import { defaultConcurrency } from '../../src/models/providers.js';

const DEFAULT_CONCURRENCY = defaultConcurrency();
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';

describe('request limits from the config', () => {
  it('providers.<name>.maxConcurrency sets the provider lane; a model limit wins for that model', () => {
    const f = modelFactory({ 'openai-compatible': { maxConcurrency: 32, baseURL: 'http://127.0.0.1:1/v1' } });
    expect(f.maxConcurrency('openai-compatible:http://127.0.0.1:1/v1#m')).toBe(32);
    expect(f.maxConcurrency('openai-compatible:http://127.0.0.1:1/v1#m', { maxConcurrency: 3 })).toBe(3);
    expect(f.maxConcurrency('openai:gpt-4o-mini')).toBe(DEFAULT_CONCURRENCY.openai);
    // the limit keys are not passed on as provider options
    expect(f.providers['openai-compatible']).toEqual({ baseURL: 'http://127.0.0.1:1/v1' });
  });
  it('a limit that is not a positive integer is a clear error naming where it is', () => {
    expect(() => modelFactory({ openai: { maxConcurrency: 0 } })).toThrow(/providers\.openai\.maxConcurrency: expected a positive integer, got 0/);
    expect(() => splitLimits('model x', { requestsPerMinute: '5' })).toThrow(/model x\.requestsPerMinute/);
  });
});

describe('slant run honours maxConcurrency end to end', () => {
  let server: LoopbackServer;
  beforeAll(async () => {
    // long enough that the tenth request of a wave arrives before the first answers, even on a loaded machine
    server = await startOpenAIServer({
      latencyMs: 400,
      respond: () => ({ text: 'FINAL_SUMMARY: A short summary of the record.', inputTokens: 10, outputTokens: 5 }),
    });
  });
  afterAll(() => server.close());

  it('the server sees as many requests in flight as providers.openai-compatible.maxConcurrency allows (more than the old 4)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-limits-'));
    const rows = Array.from({ length: 40 }, (_, i) => JSON.stringify({ id: `r${i}`, source: `Record ${i} begins. It goes on for a while. It ends.` }));
    writeFileSync(join(dir, 'data.jsonl'), `${rows.join('\n')}\n`);
    writeFileSync(
      join(dir, 'slant.yaml'),
      [
        'providers:',
        '  openai-compatible:',
        '    maxConcurrency: 10',
        'models:',
        `  - id: "openai-compatible:${server.url}/v1#m"`,
        'datasets:',
        '  - { name: d, path: data.jsonl }',
        'probes:',
        '  - name: primacy',
      ].join('\n'),
    );
    const r = await runCli(['-q', 'run', '--no-cache', '-c', join(dir, 'slant.yaml')]);
    expect(r.code, r.stderr).toBe(0);
    expect(server.count()).toBe(40);
    expect(server.peakConcurrency()).toBe(10);
  });
});
