import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

describe('a reader that closes the output early', () => {
  it('`slant --json demo | head -c 1`: the CLI stops quietly, exit 0, no stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-closed-'));
    const args = ['--json', 'demo', '--limit', '20', '--store', join(dir, 'slant.db'), '--reports', join(dir, 'reports')];
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/bin.ts'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    let got = 0;
    // read the first chunk, then close the pipe as `head` does
    child.stdout.once('data', (c: Buffer) => {
      got = c.length;
      child.stdout.destroy();
    });
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
    expect(got).toBeGreaterThan(0);
    expect(stderr).not.toMatch(/EPIPE|Unhandled|at .*\(/);
    expect(code).toBe(0);
  }, 120_000);
});
