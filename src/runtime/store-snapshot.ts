/**
 * A private copy of a SQLite run store for a dry run (`slant plan`): the plan runs the real
 * executor, which reads what the store holds (cached answers, finished items of a run to resume)
 * and writes its cells, request-cache rows and a cell's first measurement (its pretend answers are
 * held in memory: src/pipeline/item-writer.ts); the copy takes those writes, the user's store is only read.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export interface StoreSnapshot {
  /** the copy's path (a fresh file when the store does not exist yet) */
  path: string;
  dispose(): void;
}

export async function snapshotStore(path: string): Promise<StoreSnapshot> {
  const dir = mkdtempSync(join(tmpdir(), 'slant-plan-'));
  const copy = join(dir, 'plan.db');
  if (existsSync(path)) {
    // SQLite's online backup: a consistent copy even while another process writes the store
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      await db.backup(copy);
    } finally {
      db.close();
    }
  }
  return { path: copy, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
