import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetWriteFile } from 'hyparquet-writer';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

let dir: string;
const servers: Server[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'slant-paths-'));
});
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});
const common = () => ['--store', join(dir, 'slant.db'), '--reports', join(dir, 'reports')];
const noStack = (stderr: string): void => expect(stderr).not.toMatch(/\n\s+at |internal error/);
const GOOD = JSON.stringify({ source: 'The blender is great. It is loud. Cleaning is easy.', output: 'A great blender.' }) + '\n';

describe('paths a user got wrong', () => {
  it('an input that exists but cannot be opened (a socket): clear error naming it, exit 2', async () => {
    const sock = join(dir, 'data.jsonl');
    const server = createServer();
    servers.push(server);
    await new Promise<void>((r) => server.listen(sock, r));
    const res = await runCli(['measure', 'framing', '--input', sock, ...common()]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`cannot read ${sock}`);
    noStack(res.stderr);
  });

  it('--output pointing at a directory: refused before any work, exit 2', async () => {
    const input = join(dir, 'in.jsonl');
    writeFileSync(input, GOOD);
    const out = join(dir, 'out');
    mkdirSync(out);
    const res = await runCli(['measure', 'framing', '--input', input, '--output', out, ...common()]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`cannot write the results JSON (--output) to ${out}: it is a directory`);
    noStack(res.stderr);
  });

  it('--output under a file: refused, exit 2', async () => {
    const input = join(dir, 'in.jsonl');
    writeFileSync(input, GOOD);
    const out = join(input, 'results.json');
    const res = await runCli(['measure', 'framing', '--input', input, '--output', out, ...common()]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('a parent of it is a file');
    noStack(res.stderr);
  });

  it('a config path that is a directory: exit 2', async () => {
    const res = await runCli(['run', '-c', dir]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`${dir} is a directory`);
    noStack(res.stderr);
  });

  it('a YAML alias bomb: refused fast with a clear error, exit 2', async () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i++) lines.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
    const file = join(dir, 'slant.yaml');
    writeFileSync(file, lines.join('\n') + '\n');
    const res = await runCli(['run', '-c', file]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`${file}: invalid YAML`);
    noStack(res.stderr);
  });

  it('an unknown provider or built-in model names the config key and file', async () => {
    writeFileSync(join(dir, 'in.jsonl'), GOOD);
    const file = join(dir, 'slant.yaml');
    for (const [id, what] of [
      ['nosuch:model', 'unknown model provider "nosuch"'],
      ['builtin:lead-x', 'unknown built-in model "builtin:lead-x"'],
    ] as const) {
      writeFileSync(file, `store: ${join(dir, 'slant.db')}\nreports: ${join(dir, 'reports')}\nmodels: [{ id: 'builtin:lead-3' }, { id: '${id}' }]\ndatasets: [{ name: d, path: in.jsonl }]\nprobes: [{ name: primacy }]\n`);
      const res = await runCli(['run', '-c', file]);
      expect(res.code).toBe(2);
      expect(res.stderr).toContain(`${file}, models[1].id: ${what}`);
      noStack(res.stderr);
    }
  });

  it('a corrupt Parquet file with valid magic bytes: an input error about the file, not a JavaScript message (exit 3)', async () => {
    const file = join(dir, 'in.parquet');
    parquetWriteFile({ filename: file, columnData: [{ name: 'source', data: ['a text'], type: 'STRING' }, { name: 'output', data: ['b'], type: 'STRING' }] });
    const b = readFileSync(file);
    const footer = b.readUInt32LE(b.length - 8);
    b.fill(0x41, b.length - 8 - footer, b.length - 8); // the footer becomes garbage; "PAR1" stays at both ends
    writeFileSync(file, b);
    const res = await runCli(['measure', 'framing', '--input', file, ...common()]);
    expect(res.code).toBe(3);
    expect(res.stderr).toContain(`${file}: not a readable Parquet file: its footer`);
    expect(res.stderr).not.toContain('Cannot read properties');
    noStack(res.stderr);
  });
});
