/**
 * Two runs (or two conditions of one run) side by side: every group metric of A and B and their
 * difference; where the probe has item-level values and record ids match, the paired difference
 * B − A over the matched records by the test and interval of the metric's declared kind
 * (stats/paired-comparison.ts, the comparison a run's effects use).
 */
import { metricHeading } from './findings-wording.js';
import { didYouMeanText } from '../core/did-you-mean.js';
import { UserError } from '../core/errors.js';
import type { Excluded } from '../core/excluded.js';
import { loadProbe } from '../probes/load.js';
import type { RunReader } from '../runtime/run-store.js';
import { asRunStore, type AnyStore } from '../runtime/sqlite-run-store.js';
import { effectStat, pairedJson, type PairedJson } from '../results/paired-effect.js';
import type { Stat } from '../results/presentation.js';
import type { MetricJson } from '../results/schema.js';
import { declaredKind } from '../stats/paired-comparison.js';
import { IdCursor, idOrdered, OutOfIdOrder, wholeSorted } from '../pipeline/id-ordered.js';
import { PairedPasses, PairsChanged } from '../stats/paired-passes.js';

export interface CompareSide {
  runId: string;
  /** a condition (mitigation) of the run; absent = the baseline groups */
  condition?: string;
}

export interface CompareRow {
  probe: string;
  model: string;
  dataset: string;
  metric: string;
  label: string;
  kind?: MetricJson['kind'];
  /** each run's group value, with the answers left out of its n (src/core/excluded.ts) */
  a: { value: number | null; n: number; excluded?: Excluded } | null;
  b: { value: number | null; n: number; excluded?: Excluded } | null;
  /** B − A of the group values */
  difference: number | null;
  /**
   * B − A over the records present in both, when the probe has item values for this metric: the
   * test and interval of the metric's declared kind (the same comparison as a run's effects)
   */
  paired?: PairedJson;
}

interface GroupRef {
  cellKey: string;
  probe: string;
  model: string;
  dataset: string;
  condition?: string;
  options: Record<string, unknown>;
  metrics: MetricJson[];
}

/** The groups of a run as stored (one per cell), with their condition when the cell's labels carry one. */
export async function storedGroups(anyStore: AnyStore<RunReader>, runId: string): Promise<GroupRef[]> {
  const store = asRunStore(anyStore);
  const cells = new Map((await store.listCells(runId)).map((c) => [c.key, c]));
  return (await store.getResults(runId)).flatMap(({ cellKey, result }) => {
    const cell = cells.get(cellKey);
    const g = result as { labels?: Record<string, string>; metrics?: MetricJson[] };
    if (!cell || !Array.isArray(g.metrics)) return [];
    const ref: GroupRef = { cellKey, probe: cell.probe, model: cell.model, dataset: cell.dataset, options: (cell.options ?? {}) as Record<string, unknown>, metrics: g.metrics };
    const c = g.labels?.condition;
    if (c && c !== 'baseline') ref.condition = c;
    return [ref];
  });
}

/**
 * Rows of each cell read at a time for the paired differences. A page's rows outlive the young
 * generation's collections while the two cells are merged; with pages of 512 (two of them, a
 * framing item a few KB parsed) V8 doubled its young generation to 32 MB on a 100,000-document
 * comparison, most of its growth over a 1,000-document one. 128 keeps it at 16 MB, at no cost in CPU.
 */
const COMPARE_PAGE = 128;

/** Rows of a cell read in record-id order a page at a time (undefined page size: read whole and sorted, where the store's order differs). */
function cellRows(store: RunReader, runId: string, cellKey: string, pageSize: number | undefined): IdCursor<{ recordId: string; measurement: unknown }> {
  return new IdCursor(pageSize === undefined ? wholeSorted(() => store.getItems(runId, cellKey)) : idOrdered((after, limit) => store.itemsByIdPage(runId, cellKey, after, limit), pageSize));
}

/** Times the passes over two cells are begun again when the cells change between passes (a run still measuring). */
const PASS_TRIES = 3;

/**
 * B − A of each of `names` over the records both groups measured, by the paired comparison of the
 * value's declared kind (undefined for a name with no finite pair). Passes over both cells in
 * record-id order, a page of each at a time (id-ordered.ts): one for the rates (their paired
 * counts), three where a mean is compared (paired-passes.ts: the sums mean() and variance() make,
 * without holding the pairs), so what is kept does not grow with the runs. The pairs and their
 * order are those of matching the two cells' item values by record id (matchPairs), so the digits
 * are the same. Undefined when the probe has no item values (or is not known to this slant).
 */
async function pairedByName(store: RunReader, a: { runId: string; group: GroupRef }, b: { runId: string; group: GroupRef }, names: readonly string[], pageSize: number | undefined = COMPARE_PAGE): Promise<Map<string, PairedJson> | undefined> {
  let probe;
  try {
    probe = await loadProbe(a.group.probe);
  } catch {
    return undefined;
  }
  const itemValues = probe.itemValues;
  if (!itemValues) return undefined;
  for (let tries = 1; ; tries++) {
    try {
      const pairs = new Map<string, PairedPasses>();
      for (let pass = 0, reading = new Set<PairedPasses>(); pass === 0 || reading.size > 0; pass++) {
        const mine = cellRows(store, a.runId, a.group.cellKey, pageSize);
        const theirs = cellRows(store, b.runId, b.group.cellKey, pageSize);
        for (let x = await mine.peek(); x !== undefined; x = await mine.peek()) {
          const y = await theirs.seek(x.recordId);
          await mine.take();
          if (y === undefined) continue;
          const va = itemValues(x.measurement, a.group.options);
          const vb = itemValues(y.measurement, b.group.options);
          for (const name of names) {
            const u = va[name];
            const v = vb[name];
            if (!Number.isFinite(u) || !Number.isFinite(v)) continue;
            let pv = pairs.get(name);
            if (pv === undefined) {
              if (pass > 0) throw new PairsChanged(`a pair of ${name} that the first pass did not see`);
              pairs.set(name, (pv = new PairedPasses(declaredKind(probe.itemKinds, name, probe.name))));
              reading.add(pv);
            }
            if (reading.has(pv)) pv.add(u as number, v as number);
          }
        }
        reading = new Set([...reading].filter((pv) => pv.another()));
      }
      return new Map([...pairs].map(([name, pv]) => [name, pairedJson(pv.compare())]));
    } catch (err) {
      if (err instanceof OutOfIdOrder && pageSize !== undefined) return pairedByName(store, a, b, names, undefined);
      if (!(err instanceof PairsChanged)) throw err;
      if (tries >= PASS_TRIES) throw new UserError(`${a.group.probe}: the items of ${a.runId === b.runId ? `run ${a.runId}` : `runs ${a.runId} and ${b.runId}`} changed each time they were read for the paired differences (${err.message})`, { hint: 'compare again once the run has finished' });
    }
  }
}

/** The conditions a run has, baseline first (the names `run:condition` and the viewer's lists accept). */
async function runConditions(anyStore: AnyStore<RunReader>, runId: string): Promise<string[]> {
  // as compareRuns names them: the condition label of each stored group
  const groups = await storedGroups(anyStore, runId);
  return ['baseline', ...new Set(groups.flatMap((g) => (g.condition === undefined ? [] : [g.condition])))];
}

/**
 * Refuse a side that names nothing: a run the store does not have, or a condition the run does not
 * have (a misspelling would otherwise compare nothing and print an empty table). The error names
 * the likely run or condition and what exists.
 */
export async function checkSide(anyStore: AnyStore<RunReader>, side: CompareSide): Promise<void> {
  const store = asRunStore(anyStore);
  if (!(await store.getRun(side.runId))) {
    const ids = (await store.listRuns(500)).map((r) => r.id);
    throw new UserError(`no run "${side.runId}" in ${store.location}${didYouMeanText(side.runId, ids)}`, { hint: 'list runs with `slant runs`' });
  }
  if (side.condition === undefined) return;
  const conditions = await runConditions(store, side.runId);
  if (!conditions.includes(side.condition)) {
    throw new UserError(`run ${side.runId} has no condition "${side.condition}"${didYouMeanText(side.condition, conditions)}; its conditions are ${conditions.join(', ')}`, { hint: 'name a side as RUN or RUN:CONDITION' });
  }
}

/** `pageSize`: rows of each cell read at a time for the paired differences (tests read small pages). */
export async function compareRuns(anyStore: AnyStore<RunReader>, a: CompareSide, b: CompareSide, opts: { pageSize?: number } = {}): Promise<CompareRow[]> {
  const store = asRunStore(anyStore);
  const norm = (c?: string): string | undefined => (c === 'baseline' ? undefined : c);
  const ga = (await storedGroups(store, a.runId)).filter((g) => g.condition === norm(a.condition));
  const gb = (await storedGroups(store, b.runId)).filter((g) => g.condition === norm(b.condition));
  const key = (g: GroupRef): string => `${g.probe}\u0000${g.model}\u0000${g.dataset}`;
  const bByKey = new Map(gb.map((g) => [key(g), g]));
  const rows: CompareRow[] = [];
  const seen = new Set<string>();
  for (const x of ga) {
    const y = bByKey.get(key(x));
    seen.add(key(x));
    const names = [...new Set([...x.metrics.map((m) => m.name), ...(y?.metrics.map((m) => m.name) ?? [])])];
    const paired = y ? await pairedByName(store, { runId: a.runId, group: x }, { runId: b.runId, group: y }, names, opts.pageSize) : undefined;
    for (const name of names) {
      const ma = x.metrics.find((m) => m.name === name);
      const mb = y?.metrics.find((m) => m.name === name);
      const row: CompareRow = {
        probe: x.probe,
        model: x.model,
        dataset: x.dataset,
        metric: name,
        // what the metric means before its symbol, as the findings and tables name it
        label: metricHeading(name, (ma ?? mb)?.label ?? name),
        a: ma ? { value: ma.value, n: ma.n, ...(ma.excluded ? { excluded: ma.excluded } : {}) } : null,
        b: mb ? { value: mb.value, n: mb.n, ...(mb.excluded ? { excluded: mb.excluded } : {}) } : null,
        difference: ma?.value != null && mb?.value != null ? mb.value - ma.value : null,
      };
      const kind = (ma ?? mb)?.kind;
      if (kind) row.kind = kind;
      const p = paired?.get(name);
      if (p) row.paired = p;
      rows.push(row);
    }
  }
  for (const y of gb) {
    if (seen.has(key(y))) continue;
    for (const m of y.metrics) rows.push({ probe: y.probe, model: y.model, dataset: y.dataset, metric: m.name, label: metricHeading(m.name, m.label), a: null, b: { value: m.value, n: m.n }, difference: null, ...(m.kind ? { kind: m.kind } : {}) });
  }
  return rows;
}

/**
 * A row's B − A as difference Stats, so every renderer prints them with the one shared formatter
 * (statParts in format.ts): signed, rates in percentage points, means as plain numbers.
 */
export function pairedStat(r: CompareRow): Stat | null {
  return effectStat(r.paired, r.kind);
}

/** B − A of the group values (n = the smaller side's), or null when either side is undefined. */
export function unpairedStat(r: CompareRow): Stat | null {
  if (r.difference === null) return null;
  return { value: r.difference, n: Math.min(r.a?.n ?? 0, r.b?.n ?? 0), difference: true, ...(r.kind ? { kind: r.kind } : {}) };
}
