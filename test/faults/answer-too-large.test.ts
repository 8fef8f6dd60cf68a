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
  // a runaway answer for document 1 (200 KB, over the 64 KiB cap set below), a summary otherwise
  server = await startOpenAIServer({ respond: (p) => ({ text: p.includes('Document 1 ') ? 'word. '.repeat(35_000) : `Summary of ${p.slice(40, 110)}`, inputTokens: 10, outputTokens: 5 }) });
  process.env.OPENAI_API_KEY = 'sk-loopback-large';
  process.env.SLANT_MAX_RESPONSE_BYTES = String(64 * 1024);
});
afterAll(async () => {
  delete process.env.SLANT_MAX_RESPONSE_BYTES;
  await server.close();
});

describe('an answer over the answer-size cap', () => {
  it('is read no further than the cap, recorded as that item\'s invalid output, asked once, and the run goes on', async () => {
    const p = makeProject(server, { n: 3 });
    const res = await runCli(['run', '-c', p.config]);
    expect(res.code).toBe(0);
    const reason = `answer too large: over ${64 * 1024} bytes (SLANT_MAX_RESPONSE_BYTES)`;
    expect(res.stdout.replace(/\n\s+/g, ' ')).toContain(`invalid outputs: 1 (${reason})`);
    // not retried: retrying pays again for the same answer
    expect(chatBodies(server).count('Document 1 ')).toBe(1);
    const runId = /run (\S+): completed/.exec(res.stdout)?.[1] ?? '';
    const results = resultsSchema.parse(JSON.parse(readFileSync(join(p.reports, runId, 'results.json'), 'utf8')));
    expect(results.probes[0]?.groups[0]?.n).toBe(2);
    expect(results.probes[0]?.groups[0]?.invalid).toEqual({ n: 1, reasons: { [reason]: 1 } });
    expect(countRows(p.db, "SELECT count(*) AS n FROM invalid_outputs WHERE record_id = 'd1'")).toBe(1);
    // a resume asks nothing again
    const sent = chatBodies(server).sent;
    const resumed = await runCli(['-q', 'run', '--resume', runId, '--store', p.db]);
    expect(resumed.code).toBe(0);
    expect(chatBodies(server).sent).toBe(sent);
  });
});
