/**
 * npm run bench:annotate [-- --annotators 50 --seconds 60 --think-ms 0 --items n]
 *
 * Load check of `slant annotate serve`: the real server (a child process with its own event loop,
 * the SQLite store in a temp dir) on loopback, and `annotators` simulated annotators answering at
 * once for `seconds`: each loads its page, reads the item and CSRF token, waits up to `think-ms`
 * and posts an answer, as a browser form would. Prints answers sent, acknowledged and found in
 * the store afterwards (goal: none lost), answers per second, POST latency, and as reference the
 * rate of the same writes straight into a store without HTTP (ratio = HTTP rate / direct rate).
 * Last, the time `slant annotate stats` takes on the collected answers (200 bootstrap resamples).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { Store } from '../src/runtime/store.js';
import { createStudy, getAnswers, getAssignments, putAnswer } from '../src/annotate/study-store.js';
import { loadStudyData } from '../src/annotate/answers.js';
import { studyStats } from '../src/annotate/study-stats.js';
import { NO_FILTERS } from '../src/annotate/quality.js';

const { values } = parseArgs({
  options: {
    annotators: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
    'think-ms': { type: 'string', default: '0' },
    items: { type: 'string' },
  },
});
const A = Number(values.annotators);
const seconds = Number(values.seconds);
const thinkMs = Number(values['think-ms']);
// enough items that nobody runs out in `seconds` (~1,000 answers/s here; 5 annotators per item)
const nItems = values.items ? Number(values.items) : Math.max(1000, seconds * 300);
const K = 5;

const dir = mkdtempSync(join(tmpdir(), 'slant-bench-annotate-'));
const path = join(dir, 'slant.db');
const items = Array.from({ length: nItems }, (_, i) => ({ id: `pair-${i}`, role: 'task' as const, content: { original: `The treatment may help in case ${i}.`, rewrite: `The treatment helps in case ${i}.` } }));
const store = Store.open(path);
const { tokens } = await createStudy(store, { kind: 'certainty', items, annotators: A, k: K, attention: 1, seed: 1, source: { bench: true }, id: 'bench' });
store.close();

const child = fork(new URL('./annotate-server-process.ts', import.meta.url), { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_STORE: path, BENCH_STUDY: 'bench' } });
const url = await new Promise<string>((resolve) => child.once('message', (m) => resolve((m as { url: string }).url)));
const agent = new Agent({ connections: A * 2, keepAliveTimeout: 10_000 });

let sent = 0;
let acknowledged = 0;
const errors = new Map<string, number>();
const latencies: number[] = [];
const err = (k: string) => errors.set(k, (errors.get(k) ?? 0) + 1);
const deadline = performance.now() + seconds * 1000;

async function annotator(token: string, seed: number): Promise<void> {
  let r = seed;
  const rand = () => ((r = (r * 1103515245 + 12345) % 2147483648) / 2147483648);
  while (performance.now() < deadline) {
    let html: string;
    try {
      const res = await request(`${url}/a/${token}`, { dispatcher: agent });
      html = await res.body.text();
      if (res.statusCode !== 200) {
        err(`GET ${res.statusCode}`);
        continue;
      }
    } catch (e) {
      err(`GET ${(e as Error).name}`);
      continue;
    }
    const csrf = /name="csrf" value="([^"]*)"/.exec(html)?.[1];
    const item = /name="item" value="([^"]*)"/.exec(html)?.[1];
    if (!csrf || !item) return; // all done
    if (thinkMs > 0) await new Promise((done) => setTimeout(done, rand() * thinkMs));
    const value = item.startsWith('attention-') ? (html.includes('“Clearly B”') ? '2' : '-2') : String(Math.floor(rand() * 5) - 2);
    const body = new URLSearchParams({ csrf, item, value, msOnItem: String(1000 + Math.floor(rand() * 9000)), msHidden: '0', blurs: '0' }).toString();
    sent++;
    const t0 = performance.now();
    try {
      const res = await request(`${url}/a/${token}/answer`, { method: 'POST', dispatcher: agent, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url, 'sec-fetch-site': 'same-origin' }, body });
      await res.body.text();
      latencies.push(performance.now() - t0);
      if (res.statusCode === 303) acknowledged++;
      else err(`POST ${res.statusCode}`);
    } catch (e) {
      err(`POST ${(e as Error).name}`);
    }
  }
}

const t0 = performance.now();
await Promise.all(tokens.map((t, i) => annotator(t.token, i + 1)));
const elapsed = (performance.now() - t0) / 1000;
await new Promise<void>((resolve) => {
  child.once('message', () => resolve());
  child.send('stop');
});
await agent.close();

const check = Store.open(path);
const stored = (await getAnswers(check, 'bench')).length;
// `slant annotate stats` on what was collected (200 bootstrap resamples over items)
const s0 = performance.now();
const STATS_RESAMPLES = 200;
const st = studyStats(await loadStudyData(check, 'bench'), { quality: NO_FILTERS, resamples: STATS_RESAMPLES });
const statsSeconds = (performance.now() - s0) / 1000;
// reference: the same writes straight into a store (no HTTP), on a copy of the assignments
const refStore = Store.open(join(dir, 'ref.db'));
await createStudy(refStore, { kind: 'certainty', items, annotators: A, k: K, attention: 1, seed: 1, source: { bench: true }, id: 'bench' });
const asg = (await getAssignments(refStore, 'bench')).slice(0, Math.max(stored, 1000));
const r0 = performance.now();
for (const a of asg) await putAnswer(refStore, 'bench', { annotator: a.annotator, item: a.item, value: '0', msOnItem: 1000, msHidden: 0, blurs: 0 });
const directRate = asg.length / ((performance.now() - r0) / 1000);
refStore.close();
check.close();
rmSync(dir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
const q = (p: number) => (latencies.length ? Number(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1)) : null);
const rate = acknowledged / elapsed;
const lost = acknowledged - stored;
console.log(
  JSON.stringify({
    bench: 'annotate-serve',
    annotators: A,
    seconds: Number(elapsed.toFixed(1)),
    think_ms: thinkMs,
    sent,
    acknowledged,
    stored,
    lost: Math.max(0, lost),
    errors: Object.fromEntries(errors),
    answers_per_s: Number(rate.toFixed(1)),
    post_ms_p50: q(0.5),
    post_ms_p95: q(0.95),
    direct_store_writes_per_s: Number(directRate.toFixed(0)),
    ratio_http_vs_direct: Number((rate / directRate).toFixed(3)),
    stats_items: st.items,
    stats_answers: st.answers,
    stats_resamples: STATS_RESAMPLES,
    stats_seconds: Number(statsSeconds.toFixed(2)),
  }),
);
if (lost !== 0 || sent !== stored) {
  console.error(`answers lost or unaccounted: sent ${sent}, acknowledged ${acknowledged}, stored ${stored}`);
  process.exitCode = 1;
}
