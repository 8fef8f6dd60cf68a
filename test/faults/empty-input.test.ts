import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'slant-empty-'));
});
const common = () => ['--store', join(dir, 'slant.db'), '--reports', join(dir, 'reports')];

describe('an input without records', () => {
  it.each([
    ['empty JSONL', 'empty.jsonl', ''],
    ['blank-line-only JSONL', 'blank.jsonl', '\n  \n\n'],
    ['header-only CSV', 'header.csv', 'source,output\n'],
  ])('%s: "no records in FILE", exit 3, no stack', async (_what, name, text) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    const res = await runCli(['measure', 'framing', '--input', file, ...common()]);
    expect(res.code).toBe(3);
    expect(res.stderr).toContain(`no records in ${file}`);
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });

  it('--allow-empty accepts it: exit 0 with n = 0', async () => {
    const file = join(dir, 'empty.jsonl');
    writeFileSync(file, '');
    const res = await runCli(['--json', 'measure', 'framing', '--input', file, '--allow-empty', ...common()]);
    expect(res.code).toBe(0);
    expect((JSON.parse(res.stdout) as { results: { datasets: { n: number }[] } }).results.datasets[0]?.n).toBe(0);
  });

  it('slant run names the dataset file too', async () => {
    writeFileSync(join(dir, 'empty.jsonl'), '\n');
    writeFileSync(join(dir, 'slant.yaml'), `store: ${join(dir, 'slant.db')}\nreports: ${join(dir, 'reports')}\nmodels: [{ id: 'builtin:lead-3' }]\ndatasets: [{ name: e, path: empty.jsonl }]\nprobes: [{ name: primacy }]\n`);
    const res = await runCli(['run', '-c', join(dir, 'slant.yaml')]);
    expect(res.code).toBe(3);
    expect(res.stderr).toContain(`no records in ${join(dir, 'empty.jsonl')}`);
    const ok = await runCli(['-q', 'run', '-c', join(dir, 'slant.yaml'), '--allow-empty']);
    expect(ok.code).toBe(0);
  });
});
