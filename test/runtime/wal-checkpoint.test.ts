import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/runtime/store.js';
import { checkpointWal } from '../../src/runtime/wal-checkpoint.js';

describe('checkpointWal', () => {
  it("copies the write-ahead log into the store's file from a second connection while the store stays open, and the store's close finishes the rest", () => {
    const path = join(mkdtempSync(join(tmpdir(), 'slant-wal-')), 'slant.db');
    const store = Store.open(path);
    const run = store.createRun({ configJson: '{}', configHash: 'h' });
    // a few hundred pages: less than the store's automatic checkpoint, so all of it waits in the WAL
    for (let i = 0; i < 200; i++) store.putOutput(run.id, 'k', `r${i}`, { text: `record ${i} `.repeat(400) });
    const fileBefore = statSync(path).size;
    expect(statSync(`${path}-wal`).size).toBeGreaterThan(1_000_000);
    checkpointWal(path);
    // the file holds the pages now; the store reads and writes on as before
    expect(statSync(path).size).toBeGreaterThan(fileBefore + 1_000_000);
    expect(store.getOutput(run.id, 'k', 'r199')).toEqual({ text: `record 199 `.repeat(400) });
    store.putOutput(run.id, 'k', 'after', { text: 'written after the checkpoint' });
    store.close();
    // the last connection's close copied what came after and removed the log
    expect(existsSync(`${path}-wal`)).toBe(false);
    const again = Store.open(path, { readOnly: true });
    expect(again.getOutput(run.id, 'k', 'after')).toEqual({ text: 'written after the checkpoint' });
    expect(again.getOutput(run.id, 'k', 'r0')).toEqual({ text: `record 0 `.repeat(400) });
    again.close();
  });

  it('truncating: the log is copied and emptied while the store stays open; with a write under way it does not wait, and copies what it can', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'slant-wal-')), 'slant.db');
    const store = Store.open(path);
    const run = store.createRun({ configJson: '{}', configHash: 'h' });
    for (let i = 0; i < 50; i++) store.putOutput(run.id, 'k', `r${i}`, { text: `record ${i} `.repeat(400) });
    expect(statSync(`${path}-wal`).size).toBeGreaterThan(200_000);
    checkpointWal(path, 'truncate');
    expect(statSync(`${path}-wal`).size).toBe(0);
    expect(store.getOutput(run.id, 'k', 'r49')).toEqual({ text: `record 49 `.repeat(400) });
    store.putOutput(run.id, 'k', 'next', { text: 'after the truncation' });
    // the run's connection holds the write lock: the checkpoint returns at once, the log kept
    const started = Date.now();
    store.transaction(() => {
      store.putOutput(run.id, 'k', 'held', { text: 'written while the checkpoint runs' });
      checkpointWal(path, 'truncate');
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(statSync(`${path}-wal`).size).toBeGreaterThan(0);
    store.close();
    const again = Store.open(path, { readOnly: true });
    expect(again.getOutput(run.id, 'k', 'held')).toEqual({ text: 'written while the checkpoint runs' });
    expect(again.getOutput(run.id, 'k', 'next')).toEqual({ text: 'after the truncation' });
    again.close();
  });
});
