import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsSchema } from '../../src/results/schema.js';
import { countRows } from '../helpers/db-count.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';
import { chatBodies, makeProject } from './project.js';

let server: LoopbackServer;
beforeAll(async () => {
  // the model answers nothing (content "") for document 1, a summary otherwise
  server = await startOpenAIServer({ respond: (p) => ({ text: p.includes('Document 1 ') ? '' : `Summary of ${p.slice(40, 110)}`, inputTokens: 10, outputTokens: 5 }) });
  process.env.OPENAI_API_KEY = 'sk-loopback-invalid';
});
afterAll(async () => server.close());

describe('an empty model answer', () => {
  it('is recorded as an invalid output of the model (not blamed on the input), never cached, counted in results and report; the run goes on', async () => {
    const p = makeProject(server, { n: 3, probes: '[{ name: primacy }, { name: framing }]' });
    const res = await runCli(['run', '-c', p.config]);
    expect(res.stderr).not.toContain('docs.jsonl');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/invalid outputs: 1 \(empty answer \(output\)\)/);
    const runId = /run (\S+): completed/.exec(res.stdout)?.[1] ?? '';
    const results = resultsSchema.parse(JSON.parse(readFileSync(join(p.reports, runId, 'results.json'), 'utf8')));
    for (const probe of results.probes) {
      expect(probe.groups[0]?.n).toBe(2);
      expect(probe.groups[0]?.invalid).toEqual({ n: 1, reasons: { 'empty answer (output)': 1 } });
      // every metric of the group says the answer is missing from its n
      for (const m of probe.groups[0]?.metrics ?? []) expect(m.excluded).toEqual({ 'empty answer (output)': 1 });
    }
    expect(readFileSync(join(p.reports, runId, 'report.html'), 'utf8')).toContain('invalid outputs: 1');
    // one invalid row per probe cell; the empty answer is not in the request cache
    expect(countRows(p.db, "SELECT count(*) AS n FROM invalid_outputs WHERE record_id = 'd1'")).toBe(2);
    expect(countRows(p.db, 'SELECT count(*) AS n FROM cache')).toBe(2);

    // a fresh run asks again for the empty one only (the good answers come from the cache)
    const before = chatBodies(server).count('Document 1 ');
    const again = await runCli(['-q', 'run', '-c', p.config]);
    expect(again.code).toBe(0);
    expect(chatBodies(server).count('Document 1 ')).toBe(before + 1);
    expect(chatBodies(server).count('Document 0 ')).toBe(1);
  });

  it('a resumed run does not ask again for an answer it recorded as invalid', async () => {
    const p = makeProject(server, { n: 3 });
    const first = await runCli(['-q', 'run', '-c', p.config]);
    expect(first.code).toBe(0);
    const runId = /run (\S+): completed/.exec(first.stdout)?.[1] ?? '';
    const sent = chatBodies(server).sent;
    const resumed = await runCli(['--json', 'run', '--resume', runId, '--store', p.db]);
    expect(resumed.code).toBe(0);
    expect(chatBodies(server).sent).toBe(sent);
    const out = JSON.parse(resumed.stdout) as { results: { probes: { groups: { n: number; invalid?: { n: number } }[] }[] } };
    expect(out.results.probes[0]?.groups[0]).toMatchObject({ n: 2, invalid: { n: 1 } });
  });
});
