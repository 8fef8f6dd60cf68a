import type { Metric } from '../core/types.js';
import { countExcluded, mergeExcluded, withExcluded } from '../core/excluded.js';
import { bootstrapMeanOfGroupMeans } from '../stats/bootstrap.js';
import { mean } from '../stats/mean.js';
import { asRunStore, type AnyStore } from '../runtime/sqlite-run-store.js';
import type { ItemsReader, JudgeCardStore, RunsStore } from '../runtime/run-store.js';

/** What aggregating a run reads (its items, the judge cards) and writes (each cell's result). */
type AggregateStore = ItemsReader & Pick<RunsStore, 'putResult' | 'upsertCell'> & Pick<JudgeCardStore, 'listJudgeCards'>;
import { instrumentIds, type CardedInstrument, type GroupResult, type ItemAccumulator, type ProbeJudges } from '../probes/types.js';
import { parseJudgeCard, type JudgeCard } from '../judges/card.js';
import type { ProbeResult, GroupResultJson } from '../results/schema.js';
import { storedSteps, type ItemSource, type ItemSources } from '../results/streamed-items.js';
import { ITEMS_PAGE, storedItems } from '../runtime/stored-items.js';
import { asStoredLists } from '../runtime/stored-lists.js';
import { FloatColumn } from '../stats/float-column.js';
import { BASELINE_KEY } from './conditions.js';
import { addHolm } from './effects.js';
import { compareCells, type ComparedCell } from './paired-cells.js';
import { idOrdered, OutOfIdOrder, wholeSorted } from './id-ordered.js';
import { declaredKind, type ItemValueKind } from '../stats/paired-comparison.js';
import type { CellRef, ExecutionPlan } from './execute.js';
import type { AnyProbe } from '../probes/manifest.js';

type Row = { recordId: string; measurement: unknown };

/**
 * What aggregation keeps of one cell's items, read once in record-id order: with the probe's
 * accumulator (Probe.accumulate) only its tallies and typed columns, else (a probe without one)
 * the items themselves; the per-item values of the run summary in typed columns. (A run comparing
 * conditions reads each condition's cell again beside its baseline's: paired-cells.ts.)
 */
class CellReading {
  n = 0;
  private readonly acc: ItemAccumulator<unknown> | undefined;
  private readonly rows: Row[] = [];
  /** per item value name, the finite values in record-id order (the run summary's bootstrap) */
  readonly summaryValues: Map<string, FloatColumn> | undefined;

  constructor(
    private readonly probe: AnyProbe,
    private readonly options: unknown,
    want: { summary: boolean },
  ) {
    const acc = probe.accumulate?.(options);
    // an accumulator that cannot make the corrected rates or name the instruments too would lose them: the items are kept instead
    this.acc = acc !== undefined && (probe.corrected === undefined || acc.corrected !== undefined) && (probe.instruments === undefined || acc.instruments !== undefined) ? acc : undefined;
    if (probe.itemValues && want.summary) this.summaryValues = new Map();
  }

  add(r: Row): void {
    this.n++;
    if (this.acc) this.acc.add(r.measurement, r.recordId);
    else this.rows.push(r);
    if (this.probe.itemValues === undefined || this.summaryValues === undefined) return;
    const v = this.probe.itemValues(r.measurement, this.options);
    for (const [name, x] of Object.entries(v)) {
      let col = this.summaryValues.get(name);
      if (col === undefined) this.summaryValues.set(name, (col = new FloatColumn()));
      if (typeof x === 'number' && Number.isFinite(x)) col.push(x);
    }
  }

  aggregate(): Omit<GroupResult, 'labels'> {
    return this.acc ? this.acc.aggregate() : this.probe.aggregate(this.rows, this.options);
  }

  corrected(judges: ProbeJudges): ReturnType<NonNullable<AnyProbe['corrected']>> | undefined {
    return this.acc ? this.acc.corrected?.(judges) : this.probe.corrected?.(this.rows, this.options, judges);
  }

  instruments(): ReturnType<NonNullable<AnyProbe['instruments']>> | undefined {
    return this.acc ? this.acc.instruments?.() : this.probe.instruments?.(this.rows.map((r) => r.measurement), this.options);
  }
}

/**
 * Read a cell's items into a fresh reading in record-id order (JavaScript's string order, as
 * `byId`), a page at a time; where the store's order differs from it (id-ordered.ts) the cell is
 * read again whole and sorted here.
 */
async function readCell(store: ItemsReader, runId: string, cellKey: string, fresh: () => CellReading): Promise<CellReading> {
  try {
    const reading = fresh();
    for await (const r of idOrdered((after, limit) => store.itemsByIdPage(runId, cellKey, after, limit), ITEMS_PAGE)) reading.add(r);
    return reading;
  } catch (err) {
    if (!(err instanceof OutOfIdOrder)) throw err;
    const reading = fresh();
    for await (const r of wholeSorted(() => store.getItems(runId, cellKey))) reading.add(r);
    return reading;
  }
}

/**
 * Aggregate every cell of a run into per-probe results (groups, summary, effects, costs, items).
 * `listsFromStore`: each long list of a group (position's per-article table) is read back from the
 * store when written, as stored with its cell's result (src/runtime/stored-lists.ts), rather than
 * kept in hand: for a caller that writes the results with the store open (results.json's items).
 */
export async function aggregateRun(plan: ExecutionPlan, anyStore: AnyStore<AggregateStore>, runId: string, cells: CellRef[], opts: { includeItems?: boolean; listsFromStore?: boolean } = {}): Promise<ProbeResult[]> {
  const store = asRunStore(anyStore);
  const cards = await store.listJudgeCards();
  const judgesWithCards: ProbeJudges = { ...plan.judges, cardFor: (task, judge, version) => storedCard(cards, task, judge, version) };
  const withConditions = (plan.conditions?.length ?? 0) > 1;
  const out: ProbeResult[] = [];
  for (const { probe, options: configured } of plan.probes) {
    const groups: GroupResultJson[] = [];
    const items: ProbeResult['items'] = [];
    const perGroupValues: Map<string, FloatColumn>[] = [];
    const extraJudges: CardedInstrument[] = [];
    const baselineGroups: GroupResultJson[] = [];
    const compared: (ComparedCell & { cell: CellRef })[] = [];
    const own = new Map<string, { id: string; version: string }>();
    // the summary across groups needs every baseline group's item values; with one group there is
    // none, and its columns (eight bytes an item a value) would be made only to be dropped
    const summarized = cells.filter((c) => c.probe === probe.name && c.condition === BASELINE_KEY && c.notApplicable === undefined).length > 1;
    for (const cell of cells.filter((c) => c.probe === probe.name)) {
      const labels = cellLabels(cell);
      // a measurement variant (seed 003 App. I's top-k mapping) aggregates with its own options
      const options = cell.options ?? configured;
      if (cell.notApplicable !== undefined) {
        const group: GroupResultJson = { labels, n: 0, notApplicable: cell.notApplicable, metrics: [] };
        groups.push(group);
        // stored as its own state with its reason, so a report rebuilt from the store says it was not run, and why
        await store.putResult(runId, cell.key, group);
        await store.upsertCell(runId, { key: cell.key, model: cell.model, probe: cell.probe, dataset: cell.dataset, condition: cell.condition, options: cell.options, status: 'not-applicable' });
        continue;
      }
      // every number is computed over the items in record-id order, not in the order they were
      // measured and stored (which varies with concurrency and resumes): a bootstrap resamples by
      // position, and a sum's last digits depend on its order
      const read = await readCell(store, runId, cell.key, () => new CellReading(probe, options, { summary: summarized && cell.condition === BASELINE_KEY }));
      const agg = read.aggregate();
      for (const j of read.instruments() ?? []) own.set(`${j.id}@${j.version}`, j);
      const corr = read.corrected(judgesWithCards);
      for (const j of corr?.judges ?? []) if (!extraJudges.some((x) => x.id === j.id && x.version === j.version)) extraJudges.push(j);
      const invalid = await store.getInvalidOutputs(runId, cell.key);
      const reasons = countExcluded(invalid, (i) => i.reason);
      // an output that could not be measured is missing from every metric of its group: each says so after its n
      let group: GroupResultJson = { labels, n: read.n, metrics: [...agg.metrics, ...(corr?.metrics ?? [])].map((m) => withExcluded(m, reasons)) };
      if (agg.tables) group.tables = agg.tables;
      if (agg.extra) group.extra = agg.extra;
      if (reasons) group.invalid = { n: invalid.length, reasons };
      if (cell.approximations?.length) group.approximated = cell.approximations;
      const cut = read.n === 0 ? 0 : await store.countCutAnswers(runId, cell.costKey, cell.key);
      if (cut > 0) group.truncated = cut;
      await store.putResult(runId, cell.key, group);
      if (opts.listsFromStore === true) group = asStoredLists(group, runId, cell.key);
      groups.push(group);
      if (read.summaryValues && cell.condition === BASELINE_KEY) {
        perGroupValues.push(read.summaryValues);
        baselineGroups.push(group);
      }
      if (withConditions) compared.push({ cell, key: cell.key, costKey: cell.costKey, labels, options, metrics: agg.metrics });
      if (opts.includeItems !== false) {
        // a mitigated output's intermediate steps travel with its items, for reports and viewers
        const steps = cell.condition === BASELINE_KEY ? undefined : await storedSteps(store, runId, cell.costKey);
        // in the order stored, as results.json lists them (streamed-items.ts)
        for await (const r of storedItems(store, runId, cell.key)) {
          const item: ProbeResult['items'][number] = { labels, recordId: r.recordId, measurement: r.measurement };
          const s = steps?.get(r.recordId);
          if (s) item.steps = s;
          items.push(item);
        }
      }
    }
    const used = [...instrumentIds(plan.judges).filter((j) => judgeUsed(probe.needs(configured), plan, j.id)), ...own.values()];
    // a judge that labelled the items is listed once, with its card when it has one
    const judges = [...used.map((j) => extraJudges.find((x) => x.id === j.id && x.version === j.version) ?? j), ...extraJudges.filter((x) => !used.some((j) => j.id === x.id && j.version === x.version))];
    const result: ProbeResult = { probe: probe.name, options: configured, judges, groups, items };
    // the summary averages the baseline groups (the models as they are), not the mitigated ones
    if (baselineGroups.length > 1 && perGroupValues.length === baselineGroups.length) result.summary = summarizeAcrossGroups(perGroupValues, baselineGroups, probe);
    if (withConditions) {
      const effects = [];
      const costs = [];
      for (const v of compared) {
        const base = compared.find((b) => b.cell.condition === BASELINE_KEY && b.cell.model === v.cell.model && b.cell.dataset === v.cell.dataset);
        // the condition's cell read beside its baseline's, a page of each at a time
        const c = await compareCells(store, runId, probe, v, base);
        costs.push(c.cost);
        effects.push(...c.effects);
      }
      addHolm(effects);
      result.effects = effects;
      result.costs = costs;
    }
    out.push(result);
  }
  return out;
}

/** A cell's labels in results.json (its group's, and each of its items'). */
const cellLabels = (cell: CellRef): GroupResultJson['labels'] => ({ model: cell.model, dataset: cell.dataset, condition: cell.conditionLabel });

/**
 * Where each probe's items are in the store, in the order aggregateRun lists them (its cells that
 * apply, in order; a mitigated cell's intermediate steps from its outputs): what results.json is
 * written from without holding the items (src/results/streamed-items.ts).
 */
export function itemSources(plan: ExecutionPlan, cells: readonly CellRef[]): ItemSources {
  const out = new Map<string, ItemSource[]>();
  for (const { probe } of plan.probes) {
    const list = cells.filter((c) => c.probe === probe.name && c.notApplicable === undefined).map((c) => ({ cellKey: c.key, labels: cellLabels(c), ...(c.condition === BASELINE_KEY ? {} : { stepsKey: c.costKey }) }));
    out.set(probe.name, list);
  }
  return out;
}

function judgeUsed(needs: string[], plan: ExecutionPlan, id: string): boolean {
  return needs.some((k) => (plan.judges as Record<string, { id: string } | undefined>)[k]?.id === id);
}

/**
 * Seed 000's abstract reports figures "averaged across all tested models": the mean of the
 * per-(model, dataset) means, here with a bootstrap interval that resamples items within groups.
 * An item without a value for a metric (`itemValues` leaves it out: an unparseable answer, a pair
 * inconsistent across orders) is skipped for that metric only; a group with no value left drops
 * out of that metric; n counts the values used. Fewer than two groups with values: no summary.
 */
function summarizeAcrossGroups(perGroup: readonly Map<string, FloatColumn>[], groups: GroupResultJson[], probe: { name: string; itemKinds?: Readonly<Record<string, ItemValueKind>> }): Metric[] {
  const names = [...new Set(perGroup.flatMap((g) => [...g.keys()]))];
  const out: Metric[] = [];
  for (const name of names) {
    const series = perGroup.map((g) => g.get(name)?.values() ?? new Float64Array(0)).filter((s) => s.length > 0);
    if (series.length < 2) continue;
    const groupMeans = series.map((s) => mean(s));
    const first = groups.flatMap((g) => g.metrics).find((m) => m.name === name);
    const metric: Metric = {
      name,
      label: `${first?.label ?? name}, mean of ${series.length} group means`,
      value: mean(groupMeans),
      n: series.reduce((a, s) => a + s.length, 0),
      ci: bootstrapMeanOfGroupMeans(series),
      // a mean of group rates is a rate: the item value's declared kind
      kind: declaredKind(probe.itemKinds, name, probe.name).kind,
    };
    const excluded = mergeExcluded(...groups.map((g) => g.metrics.find((m) => m.name === name)?.excluded));
    if (excluded) metric.excluded = excluded;
    out.push(metric);
  }
  return out;
}

/** A card saved by `slant validate … --save-card` for this judge and version, if any. */
function storedCard(cards: readonly { task: string; judge: string; version: string; cardJson: string }[], task: JudgeCard['task'], judge: string, version: string): JudgeCard | undefined {
  const raw = cards.find((c) => c.task === task && c.judge === judge && c.version === version);
  return raw === undefined ? undefined : parseJudgeCard(JSON.parse(raw.cardJson) as unknown, `stored card of ${judge}@${version}`);
}
