/**
 * Copy a SQLite store's write-ahead log into its database file from a second connection, without
 * waiting for (or blocking) the connection that writes it: a passive checkpoint (sqlite.org/wal.html).
 *
 * A run's store takes its writes in the WAL and copies them into the file every few thousand pages
 * (store.ts); what is left is copied when the last connection closes, the store's close at the
 * very end of the run: about 30–45 ms for a 500-document run, the whole of whose store is still in
 * the WAL. The report thread runs this while the run aggregates (src/cli/execute-run.ts), so the
 * run's close copies only what was written since. Either way the database ends up the same, and a
 * crash at any point leaves the WAL, which SQLite reads back on the next open.
 */
import Database from 'better-sqlite3';

/** Checkpoint the store at `path` passively; the connection is closed again (the run's own stays open, so this close does not checkpoint). */
export function checkpointWal(path: string): void {
  const db = new Database(path, { fileMustExist: true });
  try {
    // the run's connection's durability (store.ts): a checkpoint syncs the file as it would
    db.pragma('synchronous = NORMAL');
    db.pragma('wal_checkpoint(PASSIVE)');
  } finally {
    db.close();
  }
}
