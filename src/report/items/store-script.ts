/**
 * The report page's item data (html.ts `itemsScript`: the list's rows and the embedded details'
 * JSON, megabytes of texts) made in the report thread from the run's SQLite store, while the run's
 * end aggregates in the main thread (items-script-ahead.ts asks for it). The thread opens the
 * store read-only on a connection of its own (a WAL store is read while another connection
 * writes) and reads the items with the same code as the main thread (report-items.ts).
 *
 * The details' JSON is redacted here too, which is most of what redacting the page costs: with the
 * main thread's registered secrets, handed over with the job. They are the process's own secrets,
 * never written anywhere by this thread: a worker thread of the same process holds nothing the
 * main thread does not, and redacting here is what keeps them out of the page the main thread
 * writes (core/redact.ts).
 */
import { adoptSecrets, redact, type SecretsSnapshot } from '../../core/redact.js';
import { Store } from '../../runtime/store.js';
import { sqliteRunStore } from '../../runtime/sqlite-run-store.js';
import { itemsScript } from '../html.js';
import { storedReportItems } from './report-items.js';

/** What the thread is asked: the run's store and id, the run's probes in the report's order, and the secrets to redact with. */
export interface StoreScriptJob {
  path: string;
  runId: string;
  probes: string[];
  secrets: SecretsSnapshot;
}

/** The page's item data: as `itemsScript` makes it, the details' part (`tail`) redacted; and how many items the list leaves out. */
export interface StoreScript {
  head: string;
  rows: string[];
  tail: string;
  omitted: number;
}

/** The item data of the job's run, or null when the store does not have the run. */
export async function storeItemsScript(job: StoreScriptJob): Promise<StoreScript | null> {
  adoptSecrets(job.secrets);
  const store = sqliteRunStore(Store.open(job.path, { readOnly: true }));
  try {
    const items = await storedReportItems(store, job.runId);
    if (items === undefined) return null;
    const script = itemsScript({ probes: job.probes.map((probe) => ({ probe })) }, { mode: 'embedded', ...items });
    return { head: script.head, rows: [...(script.rows ?? [])], tail: redact(script.tail), omitted: items.omitted };
  } finally {
    await store.close();
  }
}
