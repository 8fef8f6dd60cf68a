/**
 * Writes the results.json of every example config (examples/*.yaml, against the loopback model
 * server the example tests use) and of the offline demo into OUTDIR, with the fields that differ
 * from run to run by nature replaced by fixed values, so two trees can be compared byte for byte:
 *
 *   tsx scripts/example-results.ts OUTDIR [--root DIR] [--compiled]
 *
 * --root runs the CLI of another checkout (default: this one), e.g. one made with
 * `git worktree add` at an older commit: scripts/results-unchanged.sh does exactly that and diffs.
 * --compiled runs the checkout's built CLI (dist/cli/bin.js, the bundle users run) instead of its
 * TypeScript sources.
 *
 * Replaced fields: run.id, run.createdAt, run.finishedAt (the clock) and every `wallMs` (measured
 * wall time, in results' cost rows). Each probe's `items` list is in the order the items finished
 * (concurrent requests), so it is sorted by labels and record id before writing. Everything else
 * is compared as written.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startExamplesServer } from '../test/helpers/examples-server.js';

const run = promisify(execFile);
const args = process.argv.slice(2);
const outDir = args[0];
if (!outDir) {
  process.stderr.write('usage: tsx scripts/example-results.ts OUTDIR [--root DIR] [--compiled]\n');
  process.exit(2);
}
const rootFlag = args.indexOf('--root');
const root = resolve(rootFlag >= 0 && args[rootFlag + 1] ? args[rootFlag + 1]! : fileURLToPath(new URL('..', import.meta.url)));
const cli = args.includes('--compiled') ? [join(root, 'dist/cli/bin.js')] : ['--import', import.meta.resolve('tsx'), join(root, 'src/cli/bin.ts')];

/** the run-to-run fields, replaced in place (see the header) */
function normalise(v: unknown, key = ''): unknown {
  if (Array.isArray(v)) return v.map((x) => normalise(x));
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = normalise(x, k);
    return out;
  }
  if (key === 'wallMs' && typeof v === 'number') return 0;
  return v;
}

async function slant(cwd: string, argv: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { stdout } = await run(process.execPath, [...cli, '--json', ...argv], { cwd, env, maxBuffer: 1 << 28 });
  return stdout;
}

function keep(name: string, stdout: string): void {
  const out = JSON.parse(stdout) as { reportDir: string };
  const results = JSON.parse(readFileSync(join(out.reportDir, 'results.json'), 'utf8')) as { run: Record<string, unknown> };
  results.run.id = 'RUN';
  results.run.createdAt = 'CREATED';
  results.run.finishedAt = 'FINISHED';
  for (const p of (results as unknown as { probes: { items: { labels: unknown; recordId: string }[] }[] }).probes) {
    const key = (i: { labels: unknown; recordId: string }) => `${JSON.stringify(i.labels)}\u0000${i.recordId}`;
    p.items.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  }
  writeFileSync(join(outDir!, `${name}.results.json`), JSON.stringify(normalise(results), null, 2) + '\n');
}

const server = await startExamplesServer();
const work = mkdtempSync(join(tmpdir(), 'slant-example-results-'));
try {
  mkdirSync(outDir, { recursive: true });
  cpSync(join(root, 'examples'), work, { recursive: true });
  const env = { ...process.env, OPENAI_API_KEY: 'sk-loopback', OPENAI_BASE_URL: `${server.url}/v1`, NO_COLOR: '1' };
  for (const file of readdirSync(work).filter((f) => f.endsWith('.yaml')).sort()) {
    keep(file.replace(/\.yaml$/, ''), await slant(work, ['run', '-c', join(work, file)], env));
    process.stderr.write(`${file}: done\n`);
  }
  keep('demo', await slant(work, ['demo', '--store', join(work, 'demo.db'), '--reports', join(work, 'demo-reports')], env));
  process.stderr.write('demo: done\n');
} finally {
  await server.close();
  rmSync(work, { recursive: true, force: true });
}
