/**
 * `-o` naming a file the command reads (the dataset, the run store) is refused before any work,
 * exit 2, whether it is the same path or the same file by another path; the file is left as it was.
 */
import { linkSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

const RECORDS = [
  { id: 'a', source: 'The economy grew strongly this year. Jobs rose in every region.', output: 'The economy grew. Jobs rose.' },
  { id: 'b', source: 'Rain fell in the north for a week. Farmers were glad of it.', output: 'Farmers were glad of the rain.' },
];
const JSONL = RECORDS.map((r) => JSON.stringify(r)).join('\n') + '\n';

function project(): { dir: string; input: string; common: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'slant-o-'));
  const input = join(dir, 'data.jsonl');
  writeFileSync(input, JSONL);
  return { dir, input, common: ['--store', join(dir, 's.db'), '--reports', join(dir, 'r')] };
}

describe('-o naming the input', () => {
  it('the same path: exit 2, a message naming both, the dataset untouched', async () => {
    const { input, common } = project();
    const res = await runCli(['measure', 'framing', '--input', input, '-o', input, ...common]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`-o ${input} is the input ${input}; writing there would overwrite it`);
    expect(res.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(input, 'utf8')).toBe(JSONL);
  });

  it.each([
    ['a relative spelling', (dir: string) => join(dir, '.', 'sub', '..', 'data.jsonl'), false],
    ['a hard link', (dir: string) => join(dir, 'hard.jsonl'), true],
    ['a symbolic link', (dir: string) => join(dir, 'soft.jsonl'), true],
  ])('%s of the same file: refused (the same inode)', async (_what, other, linked) => {
    const { dir, input, common } = project();
    const out = other(dir);
    if (linked) (out.endsWith('hard.jsonl') ? linkSync : symlinkSync)(input, out);
    const res = await runCli(['measure', 'framing', '--input', input, '-o', out, ...common]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/writing there would overwrite it/);
    expect(readFileSync(input, 'utf8')).toBe(JSONL);
  });

  it('slant run: a dataset of the config, or the run store', async () => {
    const { dir, input } = project();
    const config = join(dir, 'slant.yaml');
    writeFileSync(config, `store: ${join(dir, 's.db')}\nreports: ${join(dir, 'r')}\nmodels: [{ id: 'builtin:lead-3' }]\ndatasets: [{ name: d, path: data.jsonl }]\nprobes: [{ name: primacy }]\n`);
    const res = await runCli(['run', '-c', config, '-o', input]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('is the input');
    expect(readFileSync(input, 'utf8')).toBe(JSONL);
  });

  it('the run store (a SQLite file named .json)', async () => {
    const { dir, input } = project();
    const store = join(dir, 'store.json');
    const args = ['measure', 'framing', '--input', input, '--store', store, '--reports', join(dir, 'r')];
    const ok = await runCli(['-q', ...args]);
    expect(ok.code, ok.stderr).toBe(0);
    const before = readFileSync(store);
    const res = await runCli([...args, '-o', store]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`is the run store ${store}`);
    expect(readFileSync(store).equals(before)).toBe(true);
  });

  it.each([
    ['certainty rank', (input: string) => ['certainty', 'rank', input, '-o', input]],
    ['certainty synth-docs', (input: string) => ['certainty', 'synth-docs', input, '--model', 'builtin:lead-3', '-o', input]],
    ['datasets import', (input: string) => ['datasets', 'import', input, '-o', input]],
    ['datasets wildframe', (input: string) => ['datasets', 'wildframe', input, '--model', 'builtin:lead-3', '-o', input]],
  ])('%s: refused the same way, before any work', async (_cmd, args) => {
    const { input } = project();
    const res = await runCli(args(input));
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`-o ${input} is the input ${input}; writing there would overwrite it`);
    expect(readFileSync(input, 'utf8')).toBe(JSONL);
  });

  it('another file next to it is fine', async () => {
    const { dir, input, common } = project();
    const res = await runCli(['-q', 'measure', 'framing', '--input', input, '-o', join(dir, 'results.json'), ...common]);
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'))).toHaveProperty('probes');
  });
});
