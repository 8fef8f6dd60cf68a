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
 *
 * A passive checkpoint does not sync the database file when the run's connection wrote during it
 * (the run aggregates, storing each cell's result, while it runs), so the close then flushed the
 * copied pages to disk (10–30 ms) and deleted a 14 MB log: once the run's results are stored, a
 * second, truncating checkpoint does both here too.
 */
import Database from 'better-sqlite3';

/**
 * Checkpoint the store at `path`; the connection is closed again (the run's own stays open, so
 * this close does not checkpoint). `passive`: copy what it can without waiting for anyone.
 * `truncate`: copy the rest and empty the log, which also syncs the database file; it needs every
 * other connection to be idle for that moment and does not wait for one that is not (it then
 * does what a passive checkpoint does). Done once the run writes only its last lines (its
 * status), it leaves the run's close nothing to sync but those, and an empty log to delete.
 */
export function checkpointWal(path: string, mode: 'passive' | 'truncate' = 'passive'): void {
  const db = new Database(path, { fileMustExist: true });
  try {
    // the run's connection's durability (store.ts): a checkpoint syncs the file as it would
    db.pragma('synchronous = NORMAL');
    // never wait: a checkpoint here is an optimisation, and the run's connection may be writing
    db.pragma('busy_timeout = 0');
    db.pragma(`wal_checkpoint(${mode === 'truncate' ? 'TRUNCATE' : 'PASSIVE'})`);
  } finally {
    db.close();
  }
}
