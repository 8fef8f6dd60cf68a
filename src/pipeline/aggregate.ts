import type { Metric } from '../core/types.js';
import { countExcluded, mergeExcluded, withExcluded } from '../core/excluded.js';
import { bootstrapMeanOfGroupMeans } from '../stats/bootstrap.js';
import { mean } from '../stats/mean.js';
import { asRunStore, type AnyStore } from '../runtime/sqlite-run-store.js';
import type { ItemsReader, JudgeCardStore, RunsStore } from '../runtime/run-store.js';

/** What aggregating a run reads (its items, the judge cards) and writes (each cell's result). */
type AggregateStore = ItemsReader & Pick<RunsStore, 'putResult' | 'upsertCell'> & Pick<JudgeCardStore, 'listJudgeCards'>;
import { instrumentIds, type CardedInstrument, type ProbeJudges } from '../probes/types.js';
import { parseJudgeCard, type JudgeCard } from '../judges/card.js';
import type { ProbeResult, GroupResultJson } from '../results/schema.js';
import { storedSteps, type ItemSource, type ItemSources } from '../results/streamed-items.js';
import { BASELINE_KEY } from './conditions.js';
import { cellCost } from './cell-cost.js';
import { addHolm, pairedEffects, type CellValues } from './effects.js';
import { byId, declaredKind, type ItemValueKind } from '../stats/paired-comparison.js';
import type { CellRef, ExecutionPlan } from './execute.js';

/** How many of a cell's measured items read an answer cut at the token limit (stored with finishReason length). */
async function measuredCutAnswers(store: ItemsReader, runId: string, cell: CellRef, rows: readonly { recordId: string }[]): Promise<number> {
  if (rows.length === 0) return 0;
  const measured = new Set(rows.map((r) => r.recordId));
  let n = 0;
  for (const o of await store.getOutputs(runId, cell.costKey)) {
    const out = o.output as { finishReason?: unknown; invalid?: unknown } | null;
    if (out?.finishReason === 'length' && out.invalid === undefined && measured.has(o.recordId)) n++;
  }
  return n;
}

/** Aggregate every cell of a run into per-probe results (groups, summary, effects, costs, items). */
export async function aggregateRun(plan: ExecutionPlan, anyStore: AnyStore<AggregateStore>, runId: string, cells: CellRef[], opts: { includeItems?: boolean } = {}): Promise<ProbeResult[]> {
  const store = asRunStore(anyStore);
  const cards = await store.listJudgeCards();
  const judgesWithCards: ProbeJudges = { ...plan.judges, cardFor: (task, judge, version) => storedCard(cards, task, judge, version) };
  const withConditions = (plan.conditions?.length ?? 0) > 1;
  const out: ProbeResult[] = [];
  for (const { probe, options: configured } of plan.probes) {
    const groups: GroupResultJson[] = [];
    const items: ProbeResult['items'] = [];
    const perGroupValues: Record<string, number>[][] = [];
    const extraJudges: CardedInstrument[] = [];
    const baselineGroups: GroupResultJson[] = [];
    const values: (CellValues & { cell: CellRef })[] = [];
    const own = new Map<string, { id: string; version: string }>();
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
      const stored = await store.getItems(runId, cell.key);
      // every number is computed over the items in record-id order, not in the order they were
      // measured and stored (which varies with concurrency and resumes): a bootstrap resamples by
      // position, and a sum's last digits depend on its order
      const rows = [...stored].sort((a, b) => byId(a.recordId, b.recordId));
      const agg = probe.aggregate(rows, options);
      for (const j of probe.instruments?.(rows.map((r) => r.measurement), options) ?? []) own.set(`${j.id}@${j.version}`, j);
      const corr = probe.corrected?.(rows, options, judgesWithCards);
      for (const j of corr?.judges ?? []) if (!extraJudges.some((x) => x.id === j.id && x.version === j.version)) extraJudges.push(j);
      const invalid = await store.getInvalidOutputs(runId, cell.key);
      const reasons = countExcluded(invalid, (i) => i.reason);
      // an output that could not be measured is missing from every metric of its group: each says so after its n
      const group: GroupResultJson = { labels, n: rows.length, metrics: [...agg.metrics, ...(corr?.metrics ?? [])].map((m) => withExcluded(m, reasons)) };
      if (agg.tables) group.tables = agg.tables;
      if (agg.extra) group.extra = agg.extra;
      if (reasons) group.invalid = { n: invalid.length, reasons };
      if (cell.approximations?.length) group.approximated = cell.approximations;
      const cut = await measuredCutAnswers(store, runId, cell, rows);
      if (cut > 0) group.truncated = cut;
      groups.push(group);
      await store.putResult(runId, cell.key, group);
      const itemValues = probe.itemValues ? rows.map((r) => probe.itemValues!(r.measurement, options)) : undefined;
      if (itemValues && cell.condition === BASELINE_KEY) {
        perGroupValues.push(itemValues);
        baselineGroups.push(group);
      }
      if (withConditions) {
        values.push({
          cell,
          labels,
          condition: cell.condition,
          values: new Map(itemValues ? rows.map((r, i) => [r.recordId, itemValues[i]!]) : []),
          metrics: agg.metrics,
          costs: await store.getCosts(runId, cell.costKey),
          recordIds: rows.map((r) => r.recordId),
        });
      }
      if (opts.includeItems !== false) {
        // a mitigated output's intermediate steps travel with its items, for reports and viewers
        const steps = cell.condition === BASELINE_KEY ? undefined : await storedSteps(store, runId, cell.costKey);
        for (const r of stored) {
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
      for (const v of values) {
        const base = values.find((b) => b.condition === BASELINE_KEY && b.cell.model === v.cell.model && b.cell.dataset === v.cell.dataset);
        costs.push(cellCost(v, base));
        if (base && v !== base) effects.push(...pairedEffects(base, v, probe));
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
function summarizeAcrossGroups(perGroup: Record<string, number>[][], groups: GroupResultJson[], probe: { name: string; itemKinds?: Readonly<Record<string, ItemValueKind>> }): Metric[] {
  const names = [...new Set(perGroup.flatMap((g) => g.flatMap((v) => Object.keys(v))))];
  const out: Metric[] = [];
  for (const name of names) {
    const series = perGroup
      .map((g) => Float64Array.from(g.map((v) => v[name]).filter((x): x is number => typeof x === 'number' && Number.isFinite(x))))
      .filter((s) => s.length > 0);
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
