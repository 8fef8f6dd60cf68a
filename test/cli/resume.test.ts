import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { countRows } from '../helpers/db-count.js';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

const ROOT = resolve(import.meta.dirname, '../..');
const WORDS = 'good bad price battery screen sound quality return support cheap great awful love hate works broke fast slow'.split(' ');

function makeInput(file: string, n: number): void {
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const sentence = () => Array.from({ length: 12 }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(' ') + '.';
    const source = Array.from({ length: 20 }, sentence).join(' ');
    lines.push(JSON.stringify({ id: `r${i}`, source, output: sentence() }));
  }
  writeFileSync(file, lines.join('\n') + '\n');
}


describe('resume after kill -9', () => {
  it('finishes without recomputing any item that was stored before the kill', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-resume-'));
    const input = join(dir, 'big.jsonl');
    const N = 1500;
    makeInput(input, N);
    const db = join(dir, 'slant.db');
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/bin.ts'), '-q', 'measure', 'framing', 'primacy', '--input', input, '--store', db, '--reports', join(dir, 'reports'), '--concurrency', '1'], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
    // wait until some (but not all) items are stored, then kill -9
    let before = 0;
    for (let i = 0; i < 600; i++) {
      await new Promise((r) => setTimeout(r, 50));
      before = countRows(db, 'SELECT count(*) AS n FROM items');
      if (before >= 100) break;
    }
    child.kill('SIGKILL');
    await exited;
    before = countRows(db, 'SELECT count(*) AS n FROM items');
    expect(before).toBeGreaterThanOrEqual(100);
    expect(before).toBeLessThan(2 * N);

    const res = await runCli(['--json', 'run', '--resume', '--store', db]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout) as { measured: number; reused: number; status: string; results: { probes: { groups: { n: number }[] }[] } };
    expect(out.status).toBe('completed');
    // every stored measurement was reused, only the rest was computed
    expect(out.reused).toBe(before);
    expect(out.measured).toBe(2 * N - before);
    expect(out.results.probes.map((p) => p.groups[0]?.n)).toEqual([N, N]);
    expect(countRows(db, 'SELECT count(*) AS n FROM items')).toBe(2 * N);
  });
});
