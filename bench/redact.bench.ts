/**
 * npx tsx bench/redact.bench.ts
 *
 * Cost of redaction (src/core/redact.ts) on what the store writes per output: a 4 kB JSON text
 * with every secret-named variable of this environment registered, against the two things every
 * stored output already costs: JSON.stringify of the value and a committed SQLite insert
 * (WAL, synchronous = NORMAL, as the store runs). Prints µs per call and the ratios.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { redact, registerEnvSecrets, registerSecret } from '../src/core/redact.js';
import { Store } from '../src/runtime/store.js';

registerEnvSecrets(process.env);
registerSecret('sk-bench-abcdefghijklmnop');
const value = { text: 'The lamp is bright and warm. It looks great on the desk. '.repeat(70), warnings: [], usage: { inputTokens: 100, outputTokens: 60 } };
const text = JSON.stringify(value);
const n = 20_000;

function time(f: (i: number) => void, runs = n): number {
  for (let i = 0; i < 500; i++) f(i);
  const t = performance.now();
  for (let i = 0; i < runs; i++) f(i);
  return ((performance.now() - t) / runs) * 1000;
}

const dir = mkdtempSync(join(tmpdir(), 'slant-bench-redact-'));
const store = Store.open(join(dir, 'slant.db'));
const run = store.createRun({ configJson: '{}', configHash: 'x' });
store.upsertCell(run.id, { key: 'c', model: 'm', probe: 'p', dataset: 'd' });
const insert = store.statement('INSERT OR REPLACE INTO outputs (run_id, cell_key, record_id, output_json, created_at) VALUES (?, ?, ?, ?, ?)');

const stringify = time(() => JSON.stringify(value));
const redacting = time(() => redact(text));
const sqlite = time((i) => insert.run(run.id, 'c', `r${i}`, text, 'now'), 5000);
store.close();
rmSync(dir, { recursive: true, force: true });
console.log(`redact ${text.length}-char JSON: ${redacting.toFixed(1)} µs; JSON.stringify ${stringify.toFixed(1)} µs (ratio ${(redacting / stringify).toFixed(2)}); committed SQLite insert ${sqlite.toFixed(1)} µs (ratio ${(redacting / sqlite).toFixed(2)})`);
