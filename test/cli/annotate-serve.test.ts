import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { http } from '../annotate/http-client.js';

const ROOT = resolve(import.meta.dirname, '../..');

describe('slant annotate serve', () => {
  it('serves on 127.0.0.1 with a free port, prints working links with --new-links, stops cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-annotate-serve-'));
    const file = join(dir, 'texts.csv');
    writeFileSync(file, 'text\nGreat kettle.\nAwful lamp.\n');
    const db = join(dir, 'slant.db');
    const created = await runCli(['annotate', 'create', '--kind', 'wildframe', '--input', file, '--names', 'x,y', '--k', '2', '--store', db]);
    expect(created.code).toBe(0);
    const oldLink = /^x\t\S+\/a\/(\S+)$/m.exec(created.stdout)![1]!;
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/bin.ts'), 'annotate', 'serve', '--new-links', '--store', db], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    for (let i = 0; i < 200 && !out.includes('Ctrl-C'); i++) await new Promise((r) => setTimeout(r, 50));
    try {
      const base = /at (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out)![1]!;
      const link = new RegExp(`^x\\t(${base.replace(/[.]/g, '\\.')}/a/\\S+)$`, 'm').exec(out)![1]!;
      const page = await http(link);
      expect(page.status).toBe(200);
      expect(page.body).toMatch(/Great kettle\.|Awful lamp\./);
      // --new-links replaced the tokens printed by create
      expect((await http(`${base}/a/${oldLink}`)).status).toBe(403);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it('on a port in use says which port and how to choose another (exit 2, no stack trace)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-annotate-busy-'));
    const file = join(dir, 'texts.csv');
    writeFileSync(file, 'text\nGreat kettle.\n');
    const db = join(dir, 'slant.db');
    expect((await runCli(['annotate', 'create', '--kind', 'wildframe', '--input', file, '--names', 'x', '--k', '1', '--store', db])).code).toBe(0);
    const busy = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()));
    const port = (busy.address() as AddressInfo).port;
    try {
      const r = await runCli(['annotate', 'serve', '--store', db, '--port', String(port)]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`slant: port ${port} on 127.0.0.1 is already in use`);
      expect(r.stderr).toContain('hint: choose another with --port N, or --port 0 for any free port');
      expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    } finally {
      await new Promise((r) => busy.close(r));
    }
  });
});
