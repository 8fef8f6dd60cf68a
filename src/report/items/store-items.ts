/**
 * Items of a run read back from the store with the texts behind them (the record's fields as read,
 * the stored generation), for the report's item pages and the viewer. Read-only, through the
 * RunStore interface, so it reads a SQLite file and a PostgreSQL store alike.
 */
import { inputKey, outputKey, outputStoreKey } from '../../pipeline/store-keys.js';
import { BASELINE_KEY } from '../../pipeline/conditions.js';
import { loadProbe } from '../../probes/load.js';
import { asksModel } from '../../probes/output.js';
import type { RunReader } from '../../runtime/run-store.js';
import { asRunStore, type AnyStore } from '../../runtime/sqlite-run-store.js';
import { storedItems } from '../../runtime/stored-items.js';
import { CellIndex } from './cell-index.js';
import { itemDetail, itemPair, itemSummary } from './registry.js';
import { pairMarksKey, type PairMarks, type PairSpec } from '../../probes/item-marks.js';
import type { ItemDetail, ItemInput, ItemSummary } from '../../probes/item-view.js';
import type { Results } from '../../results/schema.js';
import type { ItemSource, ItemSources } from '../../results/streamed-items.js';

interface ItemQuery {
  probe?: string;
  model?: string;
  dataset?: string;
  condition?: string;
  /** every tag must be present (e.g. 'changed', 'transition:positive>negative') */
  tags?: string[];
  /** case-insensitive text: record id, labels, scores, and the stored texts */
  q?: string;
  offset?: number;
  limit?: number;
}

/** The most items one page holds, whatever `limit` asks for (each is a JSON summary with its scores). */
const MAX_PAGE = 500;

interface ItemPage {
  total: number;
  offset: number;
  /** the page size applied: the one asked for, at most MAX_PAGE */
  limit: number;
  items: ItemSummary[];
}

interface CellInfo {
  key: string;
  model: string;
  dataset: string;
  probe: string;
  /** the cell's mitigation, from the labels of its stored group result (absent = baseline) */
  condition?: string;
  /** the cell's condition key in the store ('baseline' or the mitigation's key) */
  conditionKey: string;
  options: Record<string, unknown>;
}

export class StoreItems {
  private readonly indexes = new Map<string, CellIndex>();
  private cellList: CellInfo[] | undefined;
  private readonly store: RunReader;

  constructor(
    store: AnyStore<RunReader>,
    readonly runId: string,
  ) {
    this.store = asRunStore(store);
  }

  async cells(): Promise<CellInfo[]> {
    if (this.cellList) return this.cellList;
    const conditions = new Map<string, string>();
    for (const r of await this.store.getResults(this.runId)) {
      const c = (r.result as { labels?: Record<string, unknown> } | null)?.labels?.condition;
      if (typeof c === 'string' && c !== '' && c !== 'baseline') conditions.set(r.cellKey, c);
    }
    this.cellList = (await this.store.listCells(this.runId)).map((c) => {
      const info: CellInfo = { key: c.key, model: c.model, dataset: c.dataset, probe: c.probe, conditionKey: c.condition ?? BASELINE_KEY, options: (c.options ?? {}) as Record<string, unknown> };
      // a cell without a stored result (not yet run; or, in a store before v9, a condition not
      // applicable on its model) is still its condition's, never the baseline's
      const condition = conditions.get(c.key) ?? (info.conditionKey !== BASELINE_KEY ? info.conditionKey : undefined);
      if (condition !== undefined) info.condition = condition;
      return info;
    });
    return this.cellList;
  }

  private summaryOf(cell: CellInfo, r: { recordId: string; measurement: unknown }): ItemSummary {
    return itemSummary({ probe: cell.probe, labels: labelsOf(cell), recordId: r.recordId, measurement: r.measurement, options: cell.options });
  }

  /** The cell's index (cell-index.ts), brought up to date with the items stored since it was last read. */
  private async cellIndex(cell: CellInfo): Promise<CellIndex> {
    let index = this.indexes.get(cell.key);
    if (index === undefined) this.indexes.set(cell.key, (index = new CellIndex(this.store, this.runId, cell.key, (r) => this.summaryOf(cell, r).tags)));
    await index.update();
    return index;
  }

  /** Every filter tag that occurs in the run (for the filter menu). */
  async tags(): Promise<string[]> {
    const tags = new Set<string>();
    for (const cell of await this.cells()) for (const set of (await this.cellIndex(cell)).tagSets) for (const t of set) if (!t.startsWith('condition:')) tags.add(t);
    return [...tags].sort();
  }

  /**
   * The first `limit` item summaries of the run, in cell order and then as stored, each handed to
   * `visit` as read (none held here), and how many items the run has: what a report file embeds,
   * read page by page in memory that does not grow with the run.
   */
  async first(limit: number, visit: (s: ItemSummary) => void): Promise<{ listed: number; total: number }> {
    let listed = 0;
    for (const cell of await this.cells()) {
      if (listed >= limit) break;
      const labels = labelsOf(cell);
      for await (const r of storedItems(this.store, this.runId, cell.key)) {
        visit(itemSummary({ probe: cell.probe, labels, recordId: r.recordId, measurement: r.measurement, options: cell.options }));
        if (++listed >= limit) break;
      }
    }
    return { listed, total: await this.store.countItems(this.runId) };
  }

  /**
   * Record ids of a cell whose stored texts contain `q` (case-insensitive): the record's fields and
   * the output this cell measured (the baseline summary, the probe's own generation, or under a
   * mitigation the mitigated output with its intermediate steps: drafts, partial summaries). The
   * item's own measurement (the judges' stored answers and reasoning, labels, verdicts: what the
   * report's own search reads from the item details) is searched where the list reads it, on its
   * parsed strings, so a key name ("reasoning", "answer") matches no item by itself.
   */
  private async textMatches(cell: CellInfo, q: string): Promise<Set<string>> {
    const keys = [inputKey(cell.dataset), inputKey(cell.dataset, cell.model), await this.outputKeyOf(cell)];
    return new Set(await this.store.searchOutputs(this.runId, keys, q.toLowerCase()));
  }

  /** The store key of the output this cell measured: its task's output under its condition (shared summary or the probe's own generation). */
  private async outputKeyOf(cell: CellInfo): Promise<string> {
    try {
      const probe = await loadProbe(cell.probe);
      // a probe that asks the model stores its answers under its own cell
      return asksModel(probe) ? cell.key : outputStoreKey(cell.model, cell.dataset, probe, cell.options, cell.conditionKey);
    } catch {
      // a probe this slant does not know: the shared summary key
      return outputKey(cell.model, cell.dataset);
    }
  }

  /**
   * Where each probe's items are stored, for results whose items were left in the store (a run's
   * stored results): each group that applies is matched to its cell by probe and labels, in the
   * groups' order, which is the order results.json lists the items in. Undefined when the store
   * does not have the run.
   */
  async sources(results: Results): Promise<ItemSources | undefined> {
    if ((await this.store.getRun(this.runId)) === undefined) return undefined;
    const cells = await this.cells();
    const plain = (c: string | undefined): string | undefined => (c === undefined || c === '' || c === BASELINE_KEY ? undefined : c);
    const out = new Map<string, ItemSource[]>();
    for (const p of results.probes) {
      if (p.items.length > 0) continue;
      const list: ItemSource[] = [];
      for (const g of p.groups) {
        if (g.notApplicable !== undefined) continue;
        const cell = cells.find((c) => c.probe === p.probe && c.model === g.labels.model && c.dataset === g.labels.dataset && plain(c.condition) === plain(g.labels.condition));
        if (!cell) continue;
        list.push({ cellKey: cell.key, labels: g.labels, ...(cell.conditionKey === BASELINE_KEY ? {} : { stepsKey: await this.outputKeyOf(cell) }) });
      }
      out.set(p.probe, list);
    }
    return out;
  }

  /**
   * One page of the items that match `query`, and how many match: cells in order, each cell's items
   * in the order stored. Without a text to search, the cells' indexes count the matches and only
   * the store pages holding the page's items are read; with one, the cells are read a page at a
   * time. Either way no more than a store page and the page asked for are held.
   */
  async list(query: ItemQuery): Promise<ItemPage> {
    const cells = (await this.cells()).filter((c) => (!query.probe || c.probe === query.probe) && (!query.model || c.model === query.model) && (!query.dataset || c.dataset === query.dataset) && (!query.condition || c.condition === (query.condition === 'baseline' ? undefined : query.condition)));
    const tags = query.tags ?? [];
    const q = query.q?.trim().toLowerCase();
    const offset = Math.max(0, query.offset ?? 0);
    const limit = Math.min(MAX_PAGE, Math.max(1, query.limit ?? 50));
    const items: ItemSummary[] = [];
    let total = 0;
    for (const cell of cells) {
      const index = await this.cellIndex(cell);
      const setOk = index.tagSets.map((set) => tags.every((t) => set.includes(t)));
      const tagged = (i: number): boolean => setOk[index.setOf(i)] === true;
      if (!q) {
        const shown: number[] = [];
        for (let i = 0; i < index.n; i++) {
          if (!tagged(i)) continue;
          if (total >= offset && total < offset + limit) shown.push(i);
          total++;
        }
        await index.rowsAt(shown, (r) => items.push(this.summaryOf(cell, r)));
        continue;
      }
      const texts = await this.textMatches(cell, q);
      for await (const [r, i] of index.rows(tagged)) {
        if (!tagged(i)) continue;
        const s = this.summaryOf(cell, r);
        const found = texts.has(s.recordId) || s.recordId.toLowerCase().includes(q) || s.scores.some(([, v]) => v.toLowerCase().includes(q)) || stringsOf(r.measurement).some((t) => t.toLowerCase().includes(q));
        if (!found) continue;
        if (total >= offset && total < offset + limit) items.push(s);
        total++;
      }
    }
    return { total, offset, limit, items };
  }

  /** One item with its texts, or undefined when the run has no such item. */
  async detail(probe: string, model: string, dataset: string, recordId: string, condition?: string): Promise<ItemDetail | undefined> {
    const input = await this.detailInput(probe, model, dataset, recordId, condition);
    return input === undefined ? undefined : itemDetail(input);
  }

  /** What one item's detail is made from (its measurement and the stored texts), or undefined when the run has no such item. */
  async detailInput(probe: string, model: string, dataset: string, recordId: string, condition?: string): Promise<ItemInput | undefined> {
    const cell = (await this.cells()).find((c) => c.probe === probe && c.model === model && c.dataset === dataset && c.condition === (condition === 'baseline' ? undefined : condition || undefined));
    if (!cell) return undefined;
    const measurement = await this.store.getItem(this.runId, cell.key, recordId);
    if (measurement === undefined) return undefined;
    return this.input(cell, recordId, measurement);
  }

  private async input(cell: CellInfo, recordId: string, measurement: unknown): Promise<ItemInput> {
    const input: ItemInput = { probe: cell.probe, labels: labelsOf(cell), recordId, measurement, options: cell.options };
    const fields = ((await this.output(inputKey(cell.dataset), recordId)) ?? (await this.output(inputKey(cell.dataset, cell.model), recordId))) as Record<string, unknown> | undefined;
    if (fields) input.fields = fields;
    const out = (await this.output(await this.outputKeyOf(cell), recordId)) as ItemInput['output'] | undefined;
    if (out) input.output = out;
    // the view's marks, when they were made while the item was measured (item-marks-ahead.ts)
    const pair = itemPair(input);
    const marks = pair === undefined ? undefined : await this.output(this.marksKey(pair, recordId), recordId);
    if (marks !== undefined && marks !== null) input.marks = marks as PairMarks;
    return input;
  }

  /**
   * Stored outputs read while `remembering` (a report reading its embedded items): a record's
   * items of several probes share its texts and their marks, read (and hashed) once. The report
   * holds every embedded item's texts until its page is written anyway; shared, they are held once.
   */
  private remembered: Map<string, unknown> | undefined;

  /** Read the stored outputs through a memo until `forget` (see `remembered`). */
  remember(): void {
    this.remembered ??= new Map();
  }

  forget(): void {
    this.remembered = undefined;
  }

  private async output(key: string, recordId: string): Promise<unknown> {
    const memo = this.remembered;
    if (memo === undefined) return this.store.getOutput(this.runId, key, recordId);
    const k = `${key}\u0000${recordId}`;
    if (memo.has(k)) return memo.get(k);
    const v = await this.store.getOutput(this.runId, key, recordId);
    memo.set(k, v);
    return v;
  }

  /** The key of a pair's marks (a hash of its texts), once per record and pair while remembering. */
  private marksKey(pair: PairSpec, recordId: string): string {
    const memo = this.remembered;
    if (memo === undefined) return pairMarksKey(pair);
    const k = `\u0001${pair.unit}\u0000${pair.topK}\u0000${recordId}`;
    const hit = memo.get(k) as { pair: PairSpec; key: string } | undefined;
    // the same texts: the same strings, read once above
    if (hit !== undefined && hit.pair.source === pair.source && hit.pair.output === pair.output) return hit.key;
    const key = pairMarksKey(pair);
    memo.set(k, { pair, key });
    return key;
  }
}

/** Every string inside a stored value (not its keys). */
function stringsOf(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) stringsOf(x, out);
  else if (v !== null && typeof v === 'object') for (const x of Object.values(v)) stringsOf(x, out);
  return out;
}

const labelsOf = (cell: CellInfo): Record<string, string> => ({ model: cell.model, dataset: cell.dataset, ...(cell.condition ? { condition: cell.condition } : {}) });

