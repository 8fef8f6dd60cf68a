import { afterEach, describe, it, expect } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../src/runtime/store.js';
import { lines, spawnTs, srcUrl } from './child-process.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

// The child writes items one put at a time and prints each record id after putItem returned
// (i.e. after its transaction committed). We SIGKILL it mid-loop: every printed id must survive.
const CHILD = `
import { Store } from ${JSON.stringify(srcUrl('runtime/store.ts'))};
const store = Store.open(process.argv[2]);
const run = store.createRun({ configJson: '{}', configHash: 'h' });
console.log('run ' + run.id);
for (let i = 0; i < 10_000_000; i++) {
  store.putItem(run.id, 'cell', 'r' + i, { i, text: 'x'.repeat(200) });
  console.log('r' + i);
}
`;

describe('Store crash safety', () => {
  it('keeps every committed item when the writer is killed with SIGKILL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-crash-'));
    dirs.push(dir);
    const dbPath = join(dir, 'slant.db');
    const child = spawnTs(dir, 'child.mts', CHILD, [dbPath]);
    const out = lines(child);
    await out.waitFor((all) => all.length >= 500);
    child.kill('SIGKILL');
    const { signal } = await out.exit;
    expect(signal).toBe('SIGKILL');

    const runLine = out.all[0] ?? '';
    expect(runLine).toMatch(/^run /);
    const runId = runLine.slice(4);
    const reported = out.all.slice(1).filter((l) => /^r\d+$/.test(l));
    expect(reported.length).toBeGreaterThanOrEqual(499);

    const store = Store.open(dbPath);
    try {
      expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(store.getRun(runId)?.status).toBe('running');
      const stored = store.completedRecordIds(runId, 'cell');
      const missing = reported.filter((id) => !stored.has(id));
      expect(missing).toEqual([]);
      // ids are contiguous from r0: nothing in the middle was lost either
      expect(stored.size).toBeGreaterThanOrEqual(reported.length);
      for (let i = 0; i < stored.size; i++) expect(stored.has(`r${i}`)).toBe(true);
    } finally {
      store.close();
    }
  });
});
