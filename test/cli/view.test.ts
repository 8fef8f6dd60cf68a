import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { useTempDir } from '../data/temp-dir.js';
import { runCli } from '../helpers/run-cli.js';
import { twoRuns } from '../helpers/two-runs.js';

describe('slant view (command)', () => {
  const tmp = useTempDir();

  it('prints its 127.0.0.1 URL, serves the store, and stops on Ctrl-C with exit 0', async () => {
    const { store, reports, a } = await twoRuns(join(tmp.dir, 'v'));
    let out = '';
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => {
      out += String(c);
      return true;
    });
    try {
      const done = main(['node', 'slant', 'view', '--store', store, '--reports', reports]);
      for (let i = 0; i < 200 && !/http:\/\/127\.0\.0\.1:\d+\//.test(out); i++) await new Promise((r) => setTimeout(r, 25));
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(out)?.[0];
      expect(url).toBeDefined();
      const page = await fetch(`${url}runs/${a}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<svg');
      process.emit('SIGINT');
      expect(await done).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('a port in use, a host that is not this machine\'s and one that cannot be resolved: a message and exit 2, no stack trace', async () => {
    const { store } = await twoRuns(join(tmp.dir, 'busy'));
    const busy = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()));
    const port = (busy.address() as AddressInfo).port;
    try {
      const taken = await runCli(['view', '--store', store, '--port', String(port)]);
      expect(taken.code).toBe(2);
      expect(taken.stderr).toContain(`slant: port ${port} on 127.0.0.1 is already in use`);
      expect(taken.stderr).toMatch(/hint: choose another with --port N, or --port 0 for any free port/);
      // an address of another machine (TEST-NET-3, never assigned to a host) and a name that does not resolve (.invalid is reserved)
      const foreign = await runCli(['view', '--store', store, '--host', '203.0.113.7']);
      expect(foreign.code).toBe(2);
      expect(foreign.stderr).toMatch(/--host 203\.0\.113\.7 is not an address of this machine/);
      const unresolvable = await runCli(['view', '--store', store, '--host', 'no-such-host.invalid']);
      expect(unresolvable.code).toBe(2);
      expect(unresolvable.stderr).toMatch(/--host no-such-host\.invalid cannot be resolved/);
      for (const r of [taken, foreign, unresolvable]) expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    } finally {
      await new Promise((r) => busy.close(r));
    }
  });

  it('refuses a store that does not exist, and a bad port', async () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await main(['node', 'slant', 'view', '--store', join(tmp.dir, 'none.db')])).toBe(2);
      expect(await main(['node', 'slant', 'view', '--port', '70000'])).toBe(2);
    } finally {
      err.mockRestore();
    }
  });
});
