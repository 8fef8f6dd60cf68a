/**
 * A record longer than a local model's context is that record's invalid output (recorded with its
 * reason, counted, shown), and the run goes on: on a llama.cpp server (which refuses the prompt
 * with HTTP 400) and in process (a tiny GGUF with a 256-token context).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsSchema } from '../../src/results/schema.js';
import { countRows } from '../helpers/db-count.js';
import { startLlamaCppServer } from '../helpers/loopback/llamacpp-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';
import { writeTinyGguf } from '../helpers/tiny-gguf.js';
import { docs, makeProject } from './project.js';

const LONG = { id: 'long', text: Array.from({ length: 120 }, (_, i) => `Sentence ${i} of the long report says the plant was flooded again.`).join(' ') };

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLlamaCppServer({ contextSize: 400, respond: (p) => ({ text: `Summary: ${p.slice(0, 60)}`, finish: 'stop', inputTokens: 50, outputTokens: 8 }) });
});
afterAll(async () => server.close());

function check(p: { reports: string; db: string }, res: { code: number; stdout: string; stderr: string }): void {
  expect(res.stderr).not.toMatch(/error/i);
  expect(res.code).toBe(0);
  expect(res.stdout.replace(/\n\s+/g, ' ')).toMatch(/invalid outputs: 1 \(longer than the model's context\)/);
  const runId = /run (\S+): completed/.exec(res.stdout)?.[1] ?? '';
  const results = resultsSchema.parse(JSON.parse(readFileSync(join(p.reports, runId, 'results.json'), 'utf8')));
  const g = results.probes[0]?.groups[0];
  expect(g?.n).toBe(2);
  expect(g?.invalid).toEqual({ n: 1, reasons: { 'context-overflow': 1 } });
  expect(countRows(p.db, "SELECT count(*) AS n FROM invalid_outputs WHERE record_id = 'long' AND reason = 'context-overflow'")).toBe(1);
}

describe('a record longer than the model context', () => {
  it('llama.cpp server: the 400 is the record’s invalid output, the other records are measured, exit 0', async () => {
    const p = makeProject(server, { rows: [...docs(2), LONG] });
    writeFileSync(p.config, readFileSync(p.config, 'utf8').replace("models: [{ id: 'openai:gpt-4o-mini' }]", `models: [{ id: 'llamacpp:${server.url}' }]`));
    check(p, await runCli(['run', '-c', p.config]));
  });

  it('in-process GGUF: a prompt beyond the context is the record’s invalid output, exit 0', async () => {
    const p = makeProject({ url: 'http://127.0.0.1:9' }, { rows: [...docs(2), LONG] });
    writeTinyGguf(join(p.dir, 'tiny.gguf'));
    writeFileSync(
      p.config,
      readFileSync(p.config, 'utf8').replace("models: [{ id: 'openai:gpt-4o-mini' }]", `models: [{ id: 'gguf:${join(p.dir, 'tiny.gguf')}', options: { contextSize: 256 } }]\ngeneration: { maxTokens: 4 }`),
    );
    check(p, await runCli(['run', '-c', p.config]));
  });
});
