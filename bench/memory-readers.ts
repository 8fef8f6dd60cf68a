/**
 * bench/memory.bench.ts --readers: the commands that read a finished run back, measured on the
 * run the bench just made (same store): `slant compare RUN RUN` (both groups of every probe read
 * side by side for the paired differences) and `slant view` answering what a reader of the run's
 * page asks (the page with its filter menu, the item list's first and last pages, a tag filter's
 * page deep in the list, a text search), then stopped. Each is a child process with the same
 * exit hook as the run (its peak RSS and CPU time).
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface ReaderUsage {
  command: 'compare' | 'view';
  peakRssMib: number;
  cpuMs: number;
  wallMs: number;
}

const usageIn = (file: string): { cpuMs: number; maxRssKb: number } => JSON.parse(readFileSync(file, 'utf8')) as { cpuMs: number; maxRssKb: number };

/** Peak RSS and CPU of `slant compare` and of `slant view` over run `runId` of `items` items, in `cwd` (where the run's SQLite store is) or `storeArgs`. */
export async function readerUsage(opts: { bin: string; hook: string; cwd: string; storeArgs: string[]; runId: string; items: number }): Promise<ReaderUsage[]> {
  const { bin, hook, cwd, storeArgs, runId, items } = opts;
  const out: ReaderUsage[] = [];
  const compareOut = join(cwd, 'compare-usage.json');
  let t0 = Date.now();
  await promisify(execFile)(process.execPath, ['--import', hook, bin, 'compare', runId, runId, ...storeArgs], { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, SLANT_CPU_OUT: compareOut } });
  let usage = usageIn(compareOut);
  out.push({ command: 'compare', peakRssMib: usage.maxRssKb / 1024, cpuMs: usage.cpuMs, wallMs: Date.now() - t0 });

  const viewOut = join(cwd, 'view-usage.json');
  t0 = Date.now();
  const child = spawn(process.execPath, ['--import', hook, bin, 'view', ...storeArgs, '--port', '0'], { cwd, env: { ...process.env, SLANT_CPU_OUT: viewOut }, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = once(child, 'exit');
  try {
    let text = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (b: Buffer) => {
        text += b.toString('utf8');
        const m = /slant view: (http:\/\/\S+?)\/? /.exec(text);
        if (m) resolve(m[1] as string);
      });
      child.once('exit', (code) => reject(new Error(`slant view ended (${code}) before printing its address: ${text}`)));
    });
    const get = async (path: string): Promise<void> => {
      const res = await fetch(`${url}${path}`);
      if (!res.ok) throw new Error(`slant view: GET ${path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    const api = `/api/runs/${encodeURIComponent(runId)}/items`;
    await get(`/runs/${encodeURIComponent(runId)}`);
    await get(`${api}?offset=0&limit=500`);
    await get(`${api}?offset=${Math.max(0, items - 500)}&limit=500`);
    await get(`${api}?tags=changed&offset=${Math.floor(items / 20)}&limit=500`);
    await get(`${api}?q=positive&offset=0&limit=50`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  usage = usageIn(viewOut);
  out.push({ command: 'view', peakRssMib: usage.maxRssKb / 1024, cpuMs: usage.cpuMs, wallMs: Date.now() - t0 });
  return out;
}
