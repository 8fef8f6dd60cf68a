import Database from 'better-sqlite3';

/** `SELECT count(*) AS n …` on a store another process may be writing (0 while it does not exist yet). */
export function countRows(db: string, sql: string): number {
  try {
    const conn = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return (conn.prepare(sql).get() as { n: number }).n;
    } finally {
      conn.close();
    }
  } catch {
    return 0;
  }
}
