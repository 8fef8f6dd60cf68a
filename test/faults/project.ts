/** A throwaway project (slant.yaml, a JSONL dataset, store and reports in a temp dir) for the fault-injection suite. */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { REPO } from '../runtime/child-process.js';

export interface Project {
  dir: string;
  config: string;
  db: string;
  reports: string;
  data: string;
}

/** `n` documents, each with a distinct text (so request bodies identify documents). */
export function docs(n: number): { id: string; text: string }[] {
  return Array.from({ length: n }, (_, i) => ({ id: `d${i}`, text: `Document ${i} says the product ${i} works well. The battery of item ${i} lasts long. Support for ${i} was slow.` }));
}

export function makeProject(server: LoopbackServer | { url: string }, opts: { n?: number; rows?: { id: string; text: string }[]; probes?: string; concurrency?: number; extra?: string } = {}): Project {
  const dir = mkdtempSync(join(tmpdir(), 'slant-fault-'));
  const data = join(dir, 'docs.jsonl');
  const rows = opts.rows ?? docs(opts.n ?? 3);
  writeFileSync(data, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const db = join(dir, 'slant.db');
  const reports = join(dir, 'reports');
  const config = join(dir, 'slant.yaml');
  writeFileSync(
    config,
    `store: ${db}\nreports: ${reports}\nconcurrency: ${opts.concurrency ?? 4}\nproviders: { openai: { baseURL: ${server.url}/v1 } }\nmodels: [{ id: 'openai:gpt-4o-mini' }]\ndatasets: [{ name: docs, path: docs.jsonl, fields: { source: text } }]\nprobes: ${opts.probes ?? '[{ name: primacy }]'}\n${opts.extra ?? ''}`,
  );
  return { dir, config, db, reports, data };
}

/** Request bodies (messages) of the chat completions the server received (from request number `since` on), and how many were sent more than once. */
export function chatBodies(server: LoopbackServer, since = 0): { sent: number; distinct: number; duplicates: number; count(needle: string): number } {
  const bodies = server.requests.slice(since).filter((r) => r.path.endsWith('/chat/completions')).map((r) => JSON.stringify((r.body as { messages?: unknown } | undefined)?.messages ?? null));
  const distinct = new Set(bodies).size;
  return { sent: bodies.length, distinct, duplicates: bodies.length - distinct, count: (needle) => bodies.filter((b) => b.includes(needle)).length };
}

/** The CLI in a child process (async: the loopback server lives in this process). */
export function cli(args: string[], env: NodeJS.ProcessEnv = {}): { pid: number; done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>; kill(signal?: NodeJS.Signals): void } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'src/cli/bin.ts'), ...args], { cwd: REPO, env: { ...process.env, OPENAI_API_KEY: 'sk-loopback-fault', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((res) => child.on('exit', (code, signal) => res({ code, signal, stderr })));
  return { pid: child.pid ?? 0, done, kill: (signal = 'SIGKILL') => child.kill(signal) };
}
