// Run by bench/request-cache.bench.ts in a fresh process per build: `requests` requests through
// one build's request cache (a SQLite store in a temp dir) and scheduler (32 slots), each answered
// at once by a stand-in for the provider call, in waves of 32 as a run's slots send them. Prints the
// process's CPU per request (the cache's key, its look-ups, the stored row and its commit; the
// scheduler's slot), as one JSON line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [root, requestsArg, wordsArg] = process.argv.slice(2);
const { RequestCache } = await import(join(root, 'dist/runtime/cache.js'));
const { Store } = await import(join(root, 'dist/runtime/store.js'));
const { Scheduler } = await import(join(root, 'dist/runtime/scheduler.js'));
const requests = Number(requestsArg);
const words = Number(wordsArg);
const dir = mkdtempSync(join(tmpdir(), 'slant-bench-request-cache-'));
const store = Store.open(join(dir, 'slant.db'));
const cache = new RequestCache(store);
const scheduler = new Scheduler({ concurrency: { p: 32 } });
const vocabulary = 'the model summarised a long review of the product and said little about its price'.split(' ');
const text = (i) => Array.from({ length: words }, (_, k) => vocabulary[(i * 7 + k) % vocabulary.length]).join(' ');
const parts = (i) => ({ provider: 'openai-compatible', model: 'bench-model', request: { messages: [{ role: 'system', content: 'Summarise the text.' }, { role: 'user', content: `${i} ${text(i)}` }], params: { temperature: 0, maxTokens: 16, seed: 42 } } });
const answer = async () => ({ text: 'FINAL_SUMMARY: short.', usage: { inputTokens: 40, outputTokens: 5 } });
const c0 = process.cpuUsage();
for (let b = 0; b < requests; b += 32) {
  await Promise.all(Array.from({ length: Math.min(32, requests - b) }, (_, k) => cache.getOrCompute(parts(b + k), () => scheduler.run('p', answer))));
}
const c = process.cpuUsage(c0);
store.close();
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ cpuMsPerRequest: (c.user + c.system) / 1000 / requests }));
