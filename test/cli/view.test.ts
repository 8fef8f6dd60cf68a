import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { useTempDir } from '../data/temp-dir.js';
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
