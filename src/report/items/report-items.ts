/**
 * What a report file embeds of a run's items: the list's rows (page by page from the store, or from
 * results.json) and the first EMBEDDED_DETAILS items' details with their texts. The report step
 * (write.ts) reads them; at a run's end the report thread reads them from the store instead
 * (store-script.ts), with the same code.
 */
import type { RunReader } from '../../runtime/run-store.js';
import { asRunStore, type AnyStore } from '../../runtime/sqlite-run-store.js';
import type { Results } from '../../results/schema.js';
import { itemDetail, itemSummary } from './registry.js';
import { StoreItems } from './store-items.js';
import { forgetPairViews } from '../../probes/item-view-common.js';
import type { ItemDetail, ItemInput, ItemSummary } from '../../probes/item-view.js';
import { reportThread } from '../report-thread.js';
import { THREAD_VIEWS } from './items-script-ahead.js';
import { EmbeddedItemList } from './embedded-list.js';
import { EMBEDDED_DETAILS } from './item-marks-ahead.js';

/** Items listed in the file at all (compact: about 100 bytes each; a run of 30,000 items lists them all). */
export const EMBEDDED_ITEMS = 50000;

/** The items a report embeds: the list's rows, the details, and how many items are left out of the list. */
interface ReportItems {
  summaries: EmbeddedItemList;
  details: ItemDetail[];
  omitted: number;
}

/** Item summaries and the first details: from the store when it has the run (texts included), else from results.json. */
export async function reportItems(results: Results, store?: AnyStore<RunReader>): Promise<ReportItems> {
  const stored = store ? await storedReportItems(store, results.run.id) : undefined;
  if (stored !== undefined) return stored;
  const inputs = results.probes.flatMap((p) => p.items.map((it) => ({ probe: p.probe, labels: it.labels, recordId: it.recordId, measurement: it.measurement, options: p.options, ...(it.steps ? { output: { steps: it.steps } } : {}) })));
  const summaries = EmbeddedItemList.of(inputs.slice(0, EMBEDDED_ITEMS).map(itemSummary));
  let details: ItemDetail[];
  try {
    details = inputs.slice(0, EMBEDDED_DETAILS).map(itemDetail);
  } finally {
    forgetPairViews();
  }
  return { summaries, details, omitted: inputs.length - summaries.length };
}

/** What a report embeds of a run's items, read from the store; undefined when the store does not have the run. */
export async function storedReportItems(store: AnyStore<RunReader>, runId: string): Promise<ReportItems | undefined> {
  if ((await asRunStore(store).getRun(runId)) === undefined) return undefined;
  const src = new StoreItems(store, runId);
  // the summaries the file lists, read page by page into the page's compact list (a run of any
  // size holds their text, and at most EMBEDDED_DETAILS summaries of each kind for the details)
  const list = new EmbeddedItemList();
  const picked = new DetailPick();
  const { total } = await src.first(EMBEDDED_ITEMS, (s) => {
    list.add(s);
    picked.offer(s);
  });
  const inputs: ItemInput[] = [];
  // a record's items of several probes read its texts and marks once
  src.remember();
  try {
    for (const s of picked.list()) {
      const input = await src.detailInput(s.probe, s.labels.model ?? '', s.labels.dataset ?? '', s.recordId, s.labels.condition);
      if (input) inputs.push(input);
    }
  } finally {
    src.forget();
  }
  return { summaries: list, details: await makeDetails(inputs), omitted: total - list.length };
}

/**
 * The items' details, in their order. With the report thread running, the built-in probes' items
 * of every other record are made there while this thread makes the rest (a record's items stay
 * together: they share their texts' thirds, sentences and mapping, item-view-common.ts); if the
 * thread fails, its share is made here.
 */
export async function makeDetails(inputs: readonly ItemInput[]): Promise<ItemDetail[]> {
  const thread = reportThread();
  // records numbered in order of first appearance: the odd ones go to the thread
  const records = new Map<string, number>();
  const there = (input: ItemInput): boolean => {
    let i = records.get(input.recordId);
    if (i === undefined) {
      i = records.size;
      records.set(input.recordId, i);
    }
    // an item whose marks were made while it was measured is quick to make here
    return thread !== undefined && i % 2 === 1 && input.marks === undefined && THREAD_VIEWS.has(input.probe);
  };
  const sent = inputs.filter(there);
  const asked = sent.length > 0 && thread !== undefined ? thread.call({ kind: 'details', inputs: sent }).catch(() => undefined) : undefined;
  try {
    const here = inputs.filter((i) => !there(i)).map(itemDetail);
    const made = (await asked) ?? sent.map(itemDetail);
    const out: ItemDetail[] = [];
    let h = 0;
    let t = 0;
    for (const input of inputs) out.push((there(input) ? made[t++] : here[h++]) as ItemDetail);
    return out;
  } finally {
    forgetPairViews();
  }
}

/** The items whose details are embedded: changed items first (the ones a reader clicks), then the rest, up to EMBEDDED_DETAILS, chosen as the summaries go by. */
class DetailPick {
  private readonly changed: ItemSummary[] = [];
  private readonly rest: ItemSummary[] = [];

  offer(s: ItemSummary): void {
    const into = s.tags.includes('changed') ? this.changed : this.rest;
    if (into.length < EMBEDDED_DETAILS) into.push(s);
  }

  list(): ItemSummary[] {
    return [...this.changed, ...this.rest].slice(0, EMBEDDED_DETAILS);
  }
}
