import { spawn } from 'node:child_process';
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
});
