/**
 * A condition's cell against its baseline on the same model and dataset: the paired effects of its
 * item values and what it cost, from one pass over both cells' items and costs in record-id order
 * (a page of each at a time; id-ordered.ts). What is kept grows with the pairs only as numbers: a
 * rate's four paired counts, a mean's two typed columns of paired values (eight bytes a value), the
 * cost sums, and the wall times of the records both measured afresh (for their medians). The
 * numbers are those of comparing the cells' item values matched by record id (effects.ts,
 * cell-cost.ts): the same pairs in the same order, so the same digits.
 */
import type { Metric } from '../core/types.js';
import type { CostJson, EffectJson } from '../results/schema.js';
import type { ItemsReader } from '../runtime/run-store.js';
import type { ItemCost } from '../runtime/store.js';
import { ITEMS_PAGE } from '../runtime/stored-items.js';
import { FloatColumn } from '../stats/float-column.js';
import { comparePaired, declaredKind, type ItemValueKind, type PairedComparison } from '../stats/paired-comparison.js';
import { RatePairs } from '../stats/paired-passes.js';
import { pairedJson } from '../results/paired-effect.js';
import type { AnyProbe } from '../probes/manifest.js';
import { IdCursor, idOrdered, OutOfIdOrder, wholeSorted } from './id-ordered.js';
import { costRatios, emptyCost, type CostSums } from './cell-cost.js';

/** A cell as the comparison reads it: where its items and costs are, its labels, its options and its group's metrics. */
export interface ComparedCell {
  key: string;
  costKey: string;
  labels: Record<string, string>;
  /** the options its items were measured with (Probe.itemValues reads them) */
  options: unknown;
  metrics: Metric[];
}

type PairedStore = Pick<ItemsReader, 'itemsByIdPage' | 'getItems' | 'costsByIdPage' | 'getCosts'>;

/** One item value's pairs: a rate's counts (each value checked to be 0 or 1), a mean's or count's two columns. */
class PairedValues {
  private readonly rate: RatePairs | undefined;
  private readonly x: FloatColumn | undefined;
  private readonly y: FloatColumn | undefined;

  constructor(readonly spec: ItemValueKind) {
    if (spec.kind === 'rate') {
      this.rate = new RatePairs();
    } else {
      this.x = new FloatColumn();
      this.y = new FloatColumn();
    }
  }

  add(x: number, y: number): void {
    if (this.rate) return this.rate.add(x, y);
    this.x!.push(x);
    this.y!.push(y);
  }

  compare(): PairedComparison {
    return this.rate ? this.rate.compare() : comparePaired(this.spec, this.x!.values(), this.y!.values());
  }
}

/** What a cell's records cost, summed over those with an item, and over those the baseline has a cost for too. */
class CostReading {
  readonly own = emptyCost();
  readonly paired = emptyCost();
  readonly base = emptyCost();
  pairs = 0;
  readonly wall = new FloatColumn();
  readonly baseWall = new FloatColumn();

  add(c: ItemCost, b: ItemCost | undefined): void {
    addTo(this.own, c);
    if (b === undefined) return;
    this.pairs++;
    addTo(this.paired, c);
    addTo(this.base, b);
    if (fresh(c) && fresh(b)) {
      this.wall.push(c.wallMs);
      this.baseWall.push(b.wallMs);
    }
  }
}

function addTo(s: CostSums, v: ItemCost): void {
  s.calls += v.calls;
  s.cachedCalls += v.cachedCalls ?? 0;
  s.inputTokens += v.inputTokens;
  s.outputTokens += v.outputTokens;
  s.wallMs += v.wallMs;
}

const fresh = (c: ItemCost): boolean => c.calls > 0 && (c.cachedCalls ?? 0) === 0;

/**
 * Compare `cell` with `baseline` (undefined: no baseline for its model and dataset; the baseline
 * itself: its own costs, no effects): its cost row, and with `probe.itemValues` its paired effects
 * (mitigated − baseline) for every item value the baseline's items report.
 */
export async function compareCells(store: PairedStore, runId: string, probe: AnyProbe, cell: ComparedCell, baseline: ComparedCell | undefined, pageSize = ITEMS_PAGE): Promise<{ cost: CostJson; effects: EffectJson[] }> {
  try {
    return await compareOnce(store, runId, probe, cell, baseline, pageSize);
  } catch (err) {
    if (!(err instanceof OutOfIdOrder)) throw err;
    return compareOnce(store, runId, probe, cell, baseline, undefined);
  }
}

/** One pass over both cells, `pageSize` rows a page (undefined: each read whole and sorted). */
async function compareOnce(store: PairedStore, runId: string, probe: AnyProbe, cell: ComparedCell, baseline: ComparedCell | undefined, pageSize: number | undefined): Promise<{ cost: CostJson; effects: EffectJson[] }> {
  const items = (key: string) =>
    new IdCursor(pageSize === undefined ? wholeSorted(() => store.getItems(runId, key)) : idOrdered((after, limit) => store.itemsByIdPage(runId, key, after, limit), pageSize));
  const costs = (key: string) =>
    new IdCursor(
      pageSize === undefined
        ? wholeSorted(async () => [...(await store.getCosts(runId, key))].map(([recordId, cost]) => ({ recordId, cost })))
        : idOrdered((after, limit) => store.costsByIdPage(runId, key, after, limit), pageSize),
    );
  const withEffects = baseline !== undefined && baseline !== cell && probe.itemValues !== undefined;
  const mine = items(cell.key);
  const theirs = withEffects ? items(baseline.key) : undefined;
  const myCosts = costs(cell.costKey);
  const baseCosts = baseline ? costs(baseline.costKey) : undefined;
  /** per item value the baseline reports, in the order first seen: its pairs */
  const values = new Map<string, PairedValues>();
  const spent = new CostReading();
  for (;;) {
    const m = await mine.peek();
    const b = await theirs?.peek();
    if (m === undefined && b === undefined) break;
    const id = m === undefined ? b!.recordId : b === undefined || m.recordId < b.recordId ? m.recordId : b.recordId;
    const mRow = m?.recordId === id ? await mine.take() : undefined;
    const bRow = b?.recordId === id ? await theirs!.take() : undefined;
    if (bRow && withEffects) {
      const x = probe.itemValues!(bRow.measurement, baseline.options);
      const y = mRow ? probe.itemValues!(mRow.measurement, cell.options) : undefined;
      for (const [name, xv] of Object.entries(x)) {
        let pv = values.get(name);
        if (pv === undefined) values.set(name, (pv = new PairedValues(declaredKind(probe.itemKinds, name, probe.name))));
        const yv = y?.[name];
        if (Number.isFinite(xv) && Number.isFinite(yv)) pv.add(xv, yv as number);
      }
    }
    if (mRow) {
      const c = await myCosts.seek(id);
      if (c) spent.add(c.cost, (await baseCosts?.seek(id))?.cost);
    }
  }
  const effects = [...values].map(([name, pv]): EffectJson => {
    const label = baseline!.metrics.find((m) => m.name === name)?.label ?? name;
    return { labels: cell.labels, metric: name, label, ...pairedJson(pv.compare()) };
  });
  const relative = baseline && spent.pairs > 0 ? costRatios(spent.paired, spent.base, spent.wall.values(), spent.baseWall.values()) : null;
  return { cost: { labels: cell.labels, ...spent.own, relative }, effects };
}
