/**
 * `--input` that is read once (a pipe into /dev/stdin, a process substitution): every record is
 * measured; the progress count never reads the stream first. The CLI runs in a child process, so
 * its stdin really is a pipe.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/spawn-cli.js';

const ROOT = resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

const RECORDS = [
  { id: 'a', source: 'The economy grew strongly this year. Jobs rose in every region.', output: 'The economy grew. Jobs rose.' },
  { id: 'b', source: 'Rain fell in the north for a week. Farmers were glad of it.', output: 'Farmers were glad of the rain.' },
  { id: 'c', source: 'The bridge opened on time. Traffic eased at once.', output: 'Traffic eased when the bridge opened.' },
];
const JSONL = RECORDS.map((r) => JSON.stringify(r)).join('\n') + '\n';

function project(): string {
  return mkdtempSync(join(tmpdir(), 'slant-stream-'));
}

describe('--input read from a stream', () => {
  it('/dev/stdin as a parent process gives it (a socket): every record is measured (progress on)', async () => {
    const dir = project();
    const { done } = spawnCli(['measure', 'framing', '--input', '/dev/stdin', '--format', 'jsonl', '--store', join(dir, 's.db'), '--reports', join(dir, 'r'), '-o', join(dir, 'out.json')], { ...process.env, FORCE_COLOR: '0' }, children, { stdin: JSONL });
    const res = await done;
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('3 item measurement(s) made');
  });

  it.each([
    ['a shell pipe into /dev/stdin', (file: string) => `cat '${file}' | node --import tsx src/cli/bin.ts`, '/dev/stdin'],
    ['a process substitution', () => 'node --import tsx src/cli/bin.ts', "<(cat 'FILE')"],
  ])('%s: every record', async (_what, head, input) => {
    const dir = project();
    const file = join(dir, 'r.jsonl');
    writeFileSync(file, JSONL);
    const cli = `${head(file)} measure framing --input ${input.replace('FILE', file)} --format jsonl --store '${join(dir, 's.db')}' --reports '${join(dir, 'r')}'`;
    const res = await new Promise<{ code: number; stdout: string; stderr: string }>((res) => {
      const child = execFile('bash', ['-c', cli], { cwd: ROOT }, (err, stdout, stderr) => res({ code: err === null ? 0 : ((err as { code?: number }).code ?? 1), stdout, stderr }));
      children.push(child);
    });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('3 item measurement(s) made');
  });
});
