import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { readAllRecords } from '../../src/data/index.js';
import { runCli } from '../helpers/run-cli.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'slant-size-'));
});
const common = () => ['--store', join(dir, 'slant.db'), '--reports', join(dir, 'reports')];
const row = (source: string): string => JSON.stringify({ source, output: 'A summary.' });

describe('the maximum record size', () => {
  it('a single line over the default 16 MiB is refused naming file and line (exit 3), not parsed', async () => {
    const file = join(dir, 'huge.jsonl');
    writeFileSync(file, `${row('A first fine review. It is short. Really.')}\n${'x'.repeat(17 * 1024 * 1024)}\n`);
    const res = await runCli(['measure', 'framing', '--input', file, ...common()]);
    expect(res.code).toBe(3);
    expect(res.stderr).toContain(`${file}, line 2: line 2 is longer than the maximum record size (16 MiB)`);
    expect(res.stderr).toContain('--max-record-bytes');
  });

  it('--max-record-bytes sets the limit (JSONL and CSV alike)', async () => {
    const long = 'The blender is great and quiet. '.repeat(100); // ~3 KB
    const jsonl = join(dir, 'a.jsonl');
    writeFileSync(jsonl, `${row('Short text. Fine. Ok.')}\n${row(long)}\n`);
    const small = await runCli(['measure', 'framing', '--input', jsonl, '--max-record-bytes', '1024', ...common()]);
    expect(small.code).toBe(3);
    expect(small.stderr).toContain(`${jsonl}, line 2: line 2 is longer than the maximum record size (1 KiB)`);
    const big = await runCli(['-q', 'measure', 'framing', '--input', jsonl, '--max-record-bytes', '8192', ...common()]);
    expect(big.code).toBe(0);

    const csv = join(dir, 'a.csv');
    writeFileSync(csv, `source,output\n"Short. Fine. Ok.",x\n"${long}",y\n`);
    await expect(readAllRecords(csv, { required: ['source'], maxRecordBytes: 1024 })).rejects.toThrow(/line 3 is longer than the maximum record size \(1 KiB\)/);
  });
});
