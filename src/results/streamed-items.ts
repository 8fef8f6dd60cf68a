/**
 * A run's items written into its results JSON straight from the store, page by page, instead of
 * being held in the results object: results.json lists every item of the run, and holding them all
 * (then their JSON text, then its redacted copy) made a run's memory grow with its size. The text
 * written is the same as `resultsJsonText` of the results with their items in (a test compares).
 */
import { isLazyArray } from '../core/lazy-array.js';
import { redact } from '../core/redact.js';
import type { ItemsReader } from '../runtime/run-store.js';
import { storedItems } from '../runtime/stored-items.js';
import { isStoredList, storedListRows, type StoredList } from '../runtime/stored-lists.js';
import type { ProbeResult, Results } from './schema.js';

type Item = ProbeResult['items'][number];

/** Where one group's items are stored: its cell, its labels, and (a mitigated output) the key of the outputs that carry its intermediate steps. */
export interface ItemSource {
  cellKey: string;
  labels: Item['labels'];
  stepsKey?: string;
}

/** Each probe's item sources, by probe name, in the order its groups (and items) are listed. */
export type ItemSources = ReadonlyMap<string, readonly ItemSource[]>;

/** A run's items left in its store: where to read them for results.json. */
export interface StoredItems {
  store: ItemsReader;
  runId: string;
  sources: ItemSources;
}

/**
 * Characters of item text written at a time. Kept well below V8's largest ordinary heap object
 * (a string above ~128 KB, or one UTF-16 string of 64K characters, is made in the old
 * generation's large-object space): the text of a chunk, its joined copy and its redacted copy
 * then die young, where collecting them is cheap, instead of piling up as old garbage until the
 * next full collection (which was most of a 100,000-item run's peak memory).
 */
const CHUNK_CHARS = 16 * 1024;

/**
 * Items whose intermediate steps are read together (one query for a batch): a mitigated cell's
 * outputs are read a batch at a time beside its items, never the whole cell at once (a cell of
 * 100,000 outputs with their steps held as one map was most of a run's peak memory).
 */
const STEPS_BATCH = 256;

/** The probe's items in the order results.json lists them: cell by cell, each cell's in the order first stored. */
async function* sourceItems(store: ItemsReader, runId: string, sources: readonly ItemSource[]): AsyncGenerator<Item> {
  for (const s of sources) {
    const items = storedItems(store, runId, s.cellKey);
    if (s.stepsKey === undefined) {
      for await (const r of items) yield { labels: s.labels, recordId: r.recordId, measurement: r.measurement };
      continue;
    }
    let batch: Item[] = [];
    const withSteps = async (): Promise<Item[]> => {
      const steps = stepsOf(await store.getOutputsAmong(runId, s.stepsKey!, batch.map((i) => i.recordId)));
      for (const item of batch) {
        const st = steps.get(item.recordId);
        if (st) item.steps = st;
      }
      const out = batch;
      batch = [];
      return out;
    };
    for await (const r of items) {
      batch.push({ labels: s.labels, recordId: r.recordId, measurement: r.measurement });
      if (batch.length >= STEPS_BATCH) yield* await withSteps();
    }
    if (batch.length > 0) yield* await withSteps();
  }
}

/** Outputs' intermediate steps (drafts, partial summaries) by record id, for those that have any. */
function stepsOf(outputs: readonly { recordId: string; output: unknown }[]): Map<string, NonNullable<Item['steps']>> {
  const out = new Map<string, NonNullable<Item['steps']>>();
  for (const o of outputs) {
    const steps = (o.output as { steps?: Item['steps'] } | null)?.steps;
    if (Array.isArray(steps) && steps.length > 0) out.set(o.recordId, steps);
  }
  return out;
}

/** A mitigated cell's intermediate steps (drafts, partial summaries) by record id (the whole cell: aggregation's items in hand). */
export async function storedSteps(store: ItemsReader, runId: string, key: string): Promise<Map<string, NonNullable<Item['steps']>>> {
  return stepsOf(await store.getOutputs(runId, key));
}

/**
 * How many items a probe's results have: its items when they are in hand, else the sum of its
 * groups' n (each group's n is the number of its cell's stored items, as aggregation lists them).
 */
export const itemCount = (p: ProbeResult): number => (p.items.length > 0 ? p.items.length : p.groups.reduce((a, g) => a + (g.notApplicable === undefined ? g.n : 0), 0));

const marker = (i: number): string => `\u0001slant-items:${i}\u0001`;

/**
 * Write the results JSON (`space` 2: results.json's indented text; 0: one line) to `write` in
 * redacted chunks, each probe whose `items` is empty and that has sources taking its items from the
 * store, each list made when read (src/core/lazy-array.ts: a probe's per-article table) written
 * an element at a time, and each list of results read back from the store (src/runtime/stored-lists.ts)
 * read from `items.store` a few parts at a time. The probes' other fields are written as they are.
 */
export async function writeResultsJson(results: Results, items: StoredItems | undefined, write: (chunk: string) => void, space = 2): Promise<void> {
  // what goes where a marker is, in the order the markers are in the text
  const streams: (() => AsyncIterable<unknown> | Iterable<unknown>)[] = [];
  const fromStore = new Map<object, readonly ItemSource[]>();
  const probes = results.probes.map((p) => {
    const sources = items?.sources.get(p.probe);
    if (p.items.length > 0 || sources === undefined || sources.length === 0) return p;
    const place: unknown[] = [];
    fromStore.set(place, sources);
    return { ...p, items: place };
  });
  const text = JSON.stringify({ ...results, probes }, (_key, value: unknown) => {
    if (typeof value !== 'object' || value === null) return value;
    const sources = fromStore.get(value);
    if (sources !== undefined) streams.push(() => sourceItems(items!.store, items!.runId, sources));
    else if (isLazyArray(value)) streams.push(() => value);
    else if (isStoredList(value)) streams.push(() => storedListRows(listReader(items, value), value));
    else return value;
    return marker(streams.length - 1);
  }, space);
  let from = 0;
  for (const [i, stream] of streams.entries()) {
    const quoted = JSON.stringify(marker(i));
    const at = text.indexOf(quoted, from);
    if (at < 0) throw new Error(`results JSON: the place of streamed list ${i} was not found`);
    write(redact(text.slice(from, at)));
    // the indentation of the line holding the list's key: its elements go one level deeper
    const lineStart = text.lastIndexOf('\n', at) + 1;
    const indent = space > 0 ? /^ */.exec(text.slice(lineStart, at))![0] : '';
    await writeItems(stream(), write, indent, space);
    from = at + quoted.length;
  }
  write(redact(text.slice(from)));
}

/** The store a list of stored results is read from: the one the items are read from. */
function listReader(items: StoredItems | undefined, list: StoredList): ItemsReader {
  if (items === undefined) throw new Error(`results JSON: list ${list.list} of run ${list.runId}'s stored results is in the store, and no store was given to read it from`);
  return items.store;
}

/** An array's text as JSON.stringify writes it at this depth: `[]`, or one element per line indented one level below `indent`. */
async function writeItems(items: AsyncIterable<unknown> | Iterable<unknown>, write: (chunk: string) => void, indent: string, space: number): Promise<void> {
  const inner = indent + ' '.repeat(space);
  const open = space > 0 ? `[\n${inner}` : '[';
  const sep = space > 0 ? `,\n${inner}` : ',';
  let chunk: string[] = [];
  let chars = 0;
  let any = false;
  const flush = (): void => {
    if (chunk.length === 0) return;
    write(redact((any ? sep : open) + chunk.join(sep)));
    any = true;
    chunk = [];
    chars = 0;
  };
  for await (const item of items) {
    const t = JSON.stringify(item, null, space);
    const text = space > 0 ? t.replaceAll('\n', `\n${inner}`) : t;
    chunk.push(text);
    chars += text.length;
    if (chars >= CHUNK_CHARS) flush();
  }
  flush();
  write(any ? (space > 0 ? `\n${indent}]` : ']') : '[]');
}
