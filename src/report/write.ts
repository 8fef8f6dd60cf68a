/**
 * The report step (called by the CLI after a run, and by `slant report`): results → report model →
 * one self-contained report.html (figures inline as SVG, items embedded), written atomically.
 */
import { stoppableSync } from '../core/stoppable.js';
import { phase } from '../core/phases.js';
import { RedactedText, writeFileAtomicStream } from '../runtime/write-atomic.js';
import type { RunReader } from '../runtime/run-store.js';
import { asRunStore, type AnyStore } from '../runtime/sqlite-run-store.js';
import type { Results } from '../results/schema.js';
import { itemsScript, pageFigureSections, reportPagePieces, type ItemsScript } from './html.js';
import { itemDetail, itemSummary } from './items/registry.js';
import { StoreItems } from './items/store-items.js';
import { forgetPairViews } from '../probes/item-view-common.js';
import type { ItemDetail, ItemInput, ItemSummary } from '../probes/item-view.js';
import { reportThread } from './report-thread.js';
import { BUILTIN_PROBES } from '../probes/manifests.js';
import { EmbeddedItemList } from './items/embedded-list.js';
import { buildReportModel, type ReportModel } from './model.js';
import { prefetchFigures } from './charts/svg.js';
import { EMBEDDED_DETAILS, forgetMarksUnderWay, marksUnderWay } from './items/item-marks-ahead.js';

export { EMBEDDED_DETAILS };
/** Items listed in the file at all (compact: about 100 bytes each; a run of 30,000 items lists them all). */
export const EMBEDDED_ITEMS = 50000;

/** Item summaries and the first details: from the store when it has the run (texts included), else from results.json. */
export async function reportItems(results: Results, store?: AnyStore<RunReader>): Promise<{ summaries: EmbeddedItemList; details: ItemDetail[]; omitted: number }> {
  const run = store ? await asRunStore(store).getRun(results.run.id) : undefined;
  if (store && run) {
    const src = new StoreItems(store, results.run.id);
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
    phase('report items read');
    return { summaries: list, details: await makeDetails(inputs), omitted: total - list.length };
  }
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

/** The built-in probes: the only ones whose item views the report thread has (a plugin registers in this thread). */
const THREAD_VIEWS = new Set<string>(BUILTIN_PROBES.map((m) => m.name));

/**
 * The items' details, in their order. With the report thread running, the built-in probes' items
 * of every other record are made there while this thread makes the rest (a record's items stay
 * together: they share their texts' thirds, sentences and mapping, item-view-common.ts); if the
 * thread fails, its share is made here.
 */
export async function makeDetails(given: readonly ItemInput[]): Promise<ItemDetail[]> {
  const inputs = await withMarksUnderWay(given);
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
    forgetMarksUnderWay();
  }
}

/**
 * The inputs with the marks the report thread was still making when measuring ended (item-marks-ahead.ts
 * `marksUnderWay`): waited for, not made again (the thread answers them in the order sent, and
 * is usually through them by the time the run has aggregated and read its items).
 */
async function withMarksUnderWay(inputs: readonly ItemInput[]): Promise<readonly ItemInput[]> {
  const waits = inputs.map((i) => (i.marks === undefined ? marksUnderWay(i) : undefined));
  if (waits.every((w) => w === undefined)) return inputs;
  const marks = await Promise.all(waits);
  return inputs.map((input, k) => {
    const m = marks[k];
    return m === undefined ? input : { ...input, marks: m };
  });
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

/** A report begun (`beginReport`): the model of its results, its figures sent to the report thread. */
export interface BegunReport {
  readonly results: Results;
  readonly model: ReportModel;
}

/**
 * Begin a report of `results` (as results.json holds them: writtenResults): its model, and its
 * figures sent to the report thread (when it runs) to be drawn while this thread reads the items
 * and makes their details. A run's end begins its report as soon as its results are complete, so
 * the figures are drawn while results.json is written too.
 */
export function beginReport(results: Results): BegunReport {
  const model = buildReportModel(results);
  prefetchFigures(pageFigureSections(model));
  return { results, model };
}

/** The report's parts: its model, its items, and the page's data script (html.ts itemsScript). */
async function reportParts(results: Results, store: AnyStore<RunReader> | undefined, begun: BegunReport | undefined): Promise<{ model: ReportModel; items: Awaited<ReturnType<typeof reportItems>>; script: ItemsScript }> {
  const { model } = begun !== undefined && begun.results.run.id === results.run.id ? begun : beginReport(results);
  const items = await reportItems(results, store);
  phase('report details made');
  const script = stoppableSync(detailChars(items.details), () => itemsScript(model, { mode: 'embedded', ...items }));
  phase('report data made');
  return { model, items, script };
}

export async function renderReportFile(results: Results, store?: AnyStore<RunReader>): Promise<string> {
  const { model, items, script } = await reportParts(results, store, undefined);
  const { before, rows, after } = await reportPagePieces(model, { items: { mode: 'embedded', ...items } }, script);
  return rows === undefined ? before + after : `${before}${rows.join(',')}${after}`;
}

/** Item rows written to the file at once (each about 100 bytes): pieces of ~100 KB to redact and write. */
const ROWS_PER_WRITE = 1024;

/** `begun`: the report begun from these results (beginReport), its figures already being drawn. */
export async function writeReportFile(path: string, results: Results, store?: AnyStore<RunReader>, opts: { madeAll?: () => void; begun?: BegunReport } = {}): Promise<void> {
  const { model, items, script } = await reportParts(results, store, opts.begun);
  // the embedded details (megabytes of texts) are redacted while the figures are still being drawn
  const tail = stoppableSync(script.tail.length, () => RedactedText.of(script.tail));
  const { before, rows = [], end } = await reportPagePieces(model, { items: { mode: 'embedded', ...items } }, script);
  // everything the page needs is made (the report thread has answered): the rest is writing it
  opts.madeAll?.();
  phase('report page made');
  // the page is written piece by piece (the item list's rows a thousand at a time), never joined
  // into one string; redacting and writing a report of long items takes seconds: a signal ends it
  // (the results are stored first, so a resumed run or `slant report` writes it again; the
  // temporary file it leaves is removed by the next write in the folder). A row holds an item's
  // id, tags and scores, so no secret spans two pieces; nor does one span the end of the details'
  // JSON (a closing brace) and the closing script (`</script>`), which no secret or credential
  // pattern contains.
  await writeFileAtomicStream(
    path,
    async (write) => {
      stoppableSync(before.length, () => write(before));
      for (let i = 0; i < rows.length; i += ROWS_PER_WRITE) write(`${i > 0 ? ',' : ''}${rows.slice(i, i + ROWS_PER_WRITE).join(',')}`);
      write(tail);
      stoppableSync(end.length, () => write(end));
    },
    'HTML report',
  );
  phase('report written');
}

/** Characters of text the item details embed (what rendering the page grows with). */
const detailChars = (details: readonly ItemDetail[]): number => details.reduce((n, d) => n + d.texts.reduce((m, t) => m + t.text.length, 0), 0);
