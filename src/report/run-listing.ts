/**
 * A run as lists show it (`slant runs`, the viewer's runs page, a bundle's index): its name, what
 * it measured (probes, models, datasets, conditions), its stored measurements and one headline
 * figure. Read from the store's small tables (cells, group results), never from the run's items.
 */
import { conditionOf } from '../results/presentation.js';
import type { MetricJson } from '../results/schema.js';
import type { RunReader } from '../runtime/run-store.js';
import { asRunStore, type AnyStore } from '../runtime/sqlite-run-store.js';
import type { RunRow } from '../runtime/store.js';
import { storedGroups } from './compare.js';
import { formatValue } from './format.js';
import { compactStat, MAIN_METRIC } from './terminal-compact.js';

export interface RunListing {
  id: string;
  /** the run's name: `runs.label` in its config, or `slant run --label` */
  label: string | null;
  /** the command that made it (run, measure, demo, …) */
  command: string | null;
  status: string;
  createdAt: string;
  updatedAt: string;
  probes: string[];
  models: string[];
  datasets: string[];
  /** conditions besides the baseline (mitigations) */
  conditions: string[];
  /** item measurements stored for the run */
  n: number;
  /** one figure that says what the run found: its first probe's main metric (see headlineOf) */
  headline: string | null;
}

const uniq = (xs: string[]): string[] => [...new Set(xs)];

/** The run's name from its stored config (`runs.label`), if it has one. */
export function runLabel(run: Pick<RunRow, 'configJson'>): string | null {
  try {
    const spec = JSON.parse(run.configJson) as { config?: { runs?: { label?: unknown } } };
    const label = spec.config?.runs?.label;
    return typeof label === 'string' && label !== '' ? label : null;
  } catch {
    return null;
  }
}

/**
 * One figure for a run: the main metric of its first probe (framing's φ_frame, primacy's ψ_pri, …)
 * over its baseline groups: with one group its value and interval ("φ_frame 40% [22, 61], n = 20"),
 * with several their range ("ψ_pri 35%–100% over 4 groups"); null when no group has it.
 */
export function headlineOf(groups: readonly { probe: string; condition?: string; metrics: MetricJson[] }[]): string | null {
  for (const [probe, metric] of Object.entries(MAIN_METRIC)) {
    const ms = groups.filter((g) => g.probe === probe && conditionOf({ condition: g.condition ?? '' }) === undefined).flatMap((g) => g.metrics.filter((m) => m.name === metric));
    if (ms.length === 0) continue;
    const label = ms[0]!.label.split(' (')[0] ?? metric;
    if (ms.length === 1) {
      const m = ms[0]!;
      return `${label} ${compactStat({ value: m.value, n: m.n, ...(m.ci ? { ci: m.ci } : {}), ...(m.kind ? { kind: m.kind } : {}) })}${m.value === null ? '' : `, n = ${m.n}`}`;
    }
    const values = ms.map((m) => m.value).filter((v): v is number => v !== null);
    if (values.length === 0) return `${label} — over ${ms.length} groups`;
    const lo = formatValue(Math.min(...values), ms[0]!.kind);
    const hi = formatValue(Math.max(...values), ms[0]!.kind);
    return `${label} ${lo === hi ? lo : `${lo} to ${hi}`} over ${ms.length} groups`;
  }
  return null;
}

/** A run with what it measured: its cells' probes, models, datasets and conditions, its stored measurements and its headline figure. */
export async function describeRun(anyStore: AnyStore<RunReader>, run: RunRow): Promise<RunListing> {
  const store = asRunStore(anyStore);
  const cells = await store.listCells(run.id);
  const groups = await storedGroups(store, run.id);
  return {
    id: run.id,
    label: runLabel(run),
    command: run.label,
    status: run.status,
    createdAt: run.createdAt,
    updatedAt: run.updatedAt,
    probes: uniq(cells.map((c) => c.probe)),
    models: uniq(cells.map((c) => c.model)),
    datasets: uniq(cells.map((c) => c.dataset)),
    conditions: uniq(groups.flatMap((g) => (g.condition === undefined ? [] : [g.condition]))),
    n: await store.countItems(run.id),
    headline: headlineOf(groups),
  };
}

/** Whether a run matches a list's filter: `q` anywhere in its id, name, command, probes, models, datasets or conditions (case ignored), and each named probe, model, dataset. */
export function matchesRunFilter(r: RunListing, f: { q?: string; probe?: string; model?: string; dataset?: string }): boolean {
  if (f.probe && !r.probes.includes(f.probe)) return false;
  if (f.model && !r.models.includes(f.model)) return false;
  if (f.dataset && !r.datasets.includes(f.dataset)) return false;
  const q = (f.q ?? '').trim().toLowerCase();
  if (q === '') return true;
  const hay = [r.id, r.label ?? '', r.command ?? '', r.status, ...r.probes, ...r.models, ...r.datasets, ...r.conditions, r.headline ?? ''].join('\n').toLowerCase();
  return q.split(/\s+/).every((w) => hay.includes(w));
}
