/**
 * npx tsx bench/request-cache.bench.ts [--requests 5000 --words 30,2000 --rounds 3] [--build A --build B]
 *
 * CPU per request of the request cache and the scheduler on the path of every model call
 * (src/runtime/cache.ts getOrCompute: the key, the look-ups, the stored row and its group commit;
 * src/runtime/scheduler.ts: the slot), without the network: each request is answered at once.
 * Prompts of `words` words (a short runner record, a 2,000-word document). `--build` names
 * checkouts with a built dist/ (`node scripts/build.mjs --js`; default: this one); each runs in a
 * fresh process per round, A B A B …, so the code runs as cold as in a CLI run. Prints each run's
 * CPU per request and the medians per build.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { promisify } from 'node:util';
import { median } from '../src/stats/quantile.js';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '5000' }, words: { type: 'string', default: '30,2000' }, rounds: { type: 'string', default: '3' }, build: { type: 'string', multiple: true } } });
const builds = (values.build ?? [new URL('..', import.meta.url).pathname]).map((b) => resolve(b));
const child = new URL('./request-cache-child.mjs', import.meta.url).pathname;

for (const words of values.words.split(',').map(Number)) {
  // a long prompt costs more per request: fewer of them
  const requests = words > 500 ? Math.max(1, Math.round(Number(values.requests) / 2.5)) : Number(values.requests);
  const runs = new Map<string, number[]>(builds.map((b) => [b, []]));
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const build of builds) {
      const { stdout } = await promisify(execFile)(process.execPath, [child, build, String(requests), String(words)]);
      const { cpuMsPerRequest } = JSON.parse(stdout) as { cpuMsPerRequest: number };
      runs.get(build)?.push(cpuMsPerRequest);
      console.log(JSON.stringify({ bench: 'request-cache', build, words, requests, cpu_ms_per_request: Number(cpuMsPerRequest.toFixed(3)) }));
    }
  }
  for (const [build, xs] of runs) console.log(`${build}: ${words}-word prompts, ${requests} requests: median ${median(xs).toFixed(3)} ms CPU per request (${xs.map((x) => x.toFixed(3)).join(', ')})`);
}
