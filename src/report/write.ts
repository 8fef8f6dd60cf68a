/**
 * The report step (called by the CLI after a run, and by `slant report`): results → report model →
 * one self-contained report.html (figures inline as SVG, items embedded), written atomically.
 */
import { stoppableSync } from '../core/stoppable.js';
import { RedactedText, writeFileAtomicStream } from '../runtime/write-atomic.js';
import type { RunReader } from '../runtime/run-store.js';
import type { AnyStore } from '../runtime/sqlite-run-store.js';
import type { Results } from '../results/schema.js';
import { detailsScript, itemsScript, pageFigureSections, reportPagePieces, type ItemsScript } from './html.js';
import type { ItemDetail } from '../probes/item-view.js';
import { buildReportModel, type ReportModel } from './model.js';
import { prefetchFigures } from './charts/svg.js';
import { EMBEDDED_DETAILS } from './items/item-marks-ahead.js';
import { EMBEDDED_ITEMS, makeDetails, reportItems } from './items/report-items.js';
import { takeItemsScript } from './items/items-script-ahead.js';

export { EMBEDDED_DETAILS, EMBEDDED_ITEMS, makeDetails, reportItems };

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

/** The report's parts: its model, the page's data script (html.ts itemsScript) and how many items the list leaves out. */
async function reportParts(results: Results, store: AnyStore<RunReader> | undefined, begun: BegunReport | undefined): Promise<{ model: ReportModel; script: ItemsScript; omitted: number }> {
  const { model } = begun !== undefined && begun.results.run.id === results.run.id ? begun : beginReport(results);
  // read and made in the report thread while the run aggregated (items/items-script-ahead.ts), when it was asked for
  const ahead = store !== undefined ? await takeItemsScript(results.run.id, model.probes.map((p) => p.probe)) : undefined;
  if (ahead !== undefined) return { model, script: stoppableSync(detailChars(ahead.details), () => ({ head: ahead.head, rows: ahead.rows, tail: detailsScript(ahead.details) })), omitted: ahead.omitted };
  const items = await reportItems(results, store);
  const script = stoppableSync(detailChars(items.details), () => itemsScript(model, { mode: 'embedded', ...items }));
  return { model, script, omitted: items.omitted };
}

/** The page's item options for reportPagePieces, whose script is made already: only the count of items left out is read from them. */
const madeItems = (omitted: number): { mode: 'embedded'; summaries: never[]; details: never[]; omitted: number } => ({ mode: 'embedded', summaries: [], details: [], omitted });

export async function renderReportFile(results: Results, store?: AnyStore<RunReader>): Promise<string> {
  const { model, script, omitted } = await reportParts(results, store, undefined);
  const { before, rows, after } = await reportPagePieces(model, { items: madeItems(omitted) }, script);
  return rows === undefined ? before + after : `${before}${rows.join(',')}${after}`;
}

/** Item rows written to the file at once (each about 100 bytes): pieces of ~100 KB to redact and write. */
const ROWS_PER_WRITE = 1024;

/** `begun`: the report begun from these results (beginReport), its figures already being drawn. */
export async function writeReportFile(path: string, results: Results, store?: AnyStore<RunReader>, opts: { madeAll?: () => void; begun?: BegunReport } = {}): Promise<void> {
  const { model, script, omitted } = await reportParts(results, store, opts.begun);
  // the embedded details (megabytes of texts) are redacted while the figures are still being drawn
  const tail = stoppableSync(script.tail.length, () => RedactedText.of(script.tail));
  const { before, rows = [], end } = await reportPagePieces(model, { items: madeItems(omitted) }, script);
  // everything the page needs is made (the report thread has answered): the rest is writing it
  opts.madeAll?.();
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
}

/** Characters of text the item details embed (what rendering the page grows with). */
const detailChars = (details: readonly ItemDetail[]): number => details.reduce((n, d) => n + d.texts.reduce((m, t) => m + t.text.length, 0), 0);
