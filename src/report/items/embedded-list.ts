/**
 * The item list a report file embeds, built one summary at a time: each row is written as its
 * compact JSON text at once (the cell's probe and labels once per cell, then per item its cell,
 * record id, tags and scores), and the filters' values are gathered as it goes. A report lists up
 * to tens of thousands of items: held as summary objects until the page was rendered, they made
 * the end of a large run the largest part of its memory; as text they take about 100 bytes each.
 */
import type { ItemSummary } from '../../probes/item-view.js';

export interface Facets {
  probes: string[];
  models: string[];
  datasets: string[];
  conditions: string[];
  tags: string[];
}

/** JSON inside a <script type="application/json"> block: no "<" can close the element. */
export function jsonForScript(v: unknown): string {
  return JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** A character JSON.stringify or jsonForScript would write otherwise than as it is (any surrogate, paired or not, included). */
// eslint-disable-next-line no-control-regex -- the control characters are what JSON escapes
const NOT_AS_IS = /["\\<\u0000-\u001f\u2028\u2029\ud800-\udfff]/;

/**
 * jsonForScript of one string, the same text: most texts a report embeds (documents, summaries)
 * hold none of the characters either escapes, and for them the text in quotes is the answer.
 * Testing for them is faster than JSON.stringify, which copies a long text character by
 * character (Node 20's V8 has no fast path for it): ~6 ms of the 3.7 MB a 500-document report
 * of 1,500-word documents embeds, at the end of its run.
 */
export function textForScript(s: string): string {
  return NOT_AS_IS.test(s) ? jsonForScript(s) : `"${s}"`;
}

/** Distinct non-empty values, sorted (a filter's options). */
const sortedValues = (xs: Iterable<string>): string[] => [...new Set(xs)].filter((x) => x !== '').sort();

export class EmbeddedItemList {
  readonly cells: { probe: string; labels: Record<string, string> }[] = [];
  private readonly cellIndex = new Map<string, number>();
  private readonly rows: string[] = [];
  private readonly seen = { probes: new Set<string>(), models: new Set<string>(), datasets: new Set<string>(), conditions: new Set<string>(), tags: new Set<string>() };

  static of(summaries: Iterable<ItemSummary>): EmbeddedItemList {
    const list = new EmbeddedItemList();
    for (const s of summaries) list.add(s);
    return list;
  }

  get length(): number {
    return this.rows.length;
  }

  add(s: ItemSummary): void {
    const key = JSON.stringify([s.probe, s.labels]);
    let i = this.cellIndex.get(key);
    if (i === undefined) {
      i = this.cells.push({ probe: s.probe, labels: s.labels }) - 1;
      this.cellIndex.set(key, i);
    }
    this.rows.push(jsonForScript([i, s.recordId, s.tags, s.scores]));
    this.seen.probes.add(s.probe);
    this.seen.models.add(s.labels.model ?? '');
    this.seen.datasets.add(s.labels.dataset ?? '');
    this.seen.conditions.add(s.labels.condition ?? '');
    for (const t of s.tags) if (!t.startsWith('condition:')) this.seen.tags.add(t);
  }

  /** The rows, each as its JSON text (the page's data block joins them with commas, html.ts). */
  rowTexts(): readonly string[] {
    return this.rows;
  }

  /** The filters' values: those of the items listed, with `extra` (e.g. every probe of the run, listed or not). */
  facets(extra: Partial<Facets> = {}): Facets {
    const { seen } = this;
    return {
      probes: sortedValues([...seen.probes, ...(extra.probes ?? [])]),
      models: sortedValues([...seen.models, ...(extra.models ?? [])]),
      datasets: sortedValues([...seen.datasets, ...(extra.datasets ?? [])]),
      // a run with conditions lists its baseline too: an items link of a baseline row selects it
      conditions: ((cs) => (cs.length ? ['baseline', ...cs] : cs))(sortedValues([...seen.conditions, ...(extra.conditions ?? [])]).filter((c) => c !== 'baseline')),
      tags: sortedValues([...seen.tags, ...(extra.tags ?? [])]),
    };
  }
}
