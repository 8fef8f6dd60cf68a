/**
 * The report page's item data made in the report thread from the run's SQLite store, while the
 * run's end aggregates in the main thread (items-script-ahead.ts asks for it): the list's rows as
 * the page's data script holds them (html.ts `listScript`) and the embedded items' details. The
 * thread opens the store read-only on a connection of its own (a WAL store is read while another
 * connection writes) and reads the items with the same code as the main thread (report-items.ts).
 * The details' JSON and its redaction are left to the main thread, which is idle by then, waiting
 * for this thread's figures.
 */
import type { ItemDetail } from '../../probes/item-view.js';
import { Store } from '../../runtime/store.js';
import { sqliteRunStore } from '../../runtime/sqlite-run-store.js';
import { listScript } from '../html.js';
import { storedReportItems } from './report-items.js';

/** What the thread is asked: the run's store and id, and the run's probes in the report's order. */
export interface StoreScriptJob {
  path: string;
  runId: string;
  probes: string[];
}

/** The page's item data: the data script's head and rows (html.ts listScript), the details, and how many items the list leaves out. */
export interface StoreScript {
  head: string;
  rows: string[];
  details: ItemDetail[];
  omitted: number;
}

/** The item data of the job's run, or null when the store does not have the run. */
export async function storeItemsScript(job: StoreScriptJob): Promise<StoreScript | null> {
  const store = sqliteRunStore(Store.open(job.path, { readOnly: true }));
  try {
    const items = await storedReportItems(store, job.runId);
    if (items === undefined) return null;
    const { head, rows } = listScript({ probes: job.probes.map((probe) => ({ probe })) }, items.summaries);
    return { head, rows: [...rows], details: items.details, omitted: items.omitted };
  } finally {
    await store.close();
  }
}
