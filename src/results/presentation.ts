/**
 * What a probe shows for one group (and what the run shows across groups): typed tables and
 * figures. The HTML report, the viewer, the terminal and the exports render only these; nothing
 * reads a probe's untyped `extra`. Figures are chart-library-neutral descriptions; src/report/charts
 * turns them into Vega-Lite specs.
 */
import type { Excluded } from '../core/excluded.js';
import type { IntervalJson, MetricJson } from './schema.js';

export type MetricKind = NonNullable<MetricJson['kind']>;

/** A number with its n and interval (the interval may be absent when undefined, e.g. n = 0). */
export interface Stat {
  value: number | null;
  n: number;
  ci?: IntervalJson;
  kind?: MetricKind;
  /** the metric's test (statistic, df, p) */
  test?: MetricJson['test'];
  /** the same rate corrected for the judge's error (its card's confusion matrix) */
  corrected?: Stat;
  /** a difference (mitigated − baseline): printed signed, rates in percentage points */
  difference?: boolean;
  /** p-value of a paired test and its Holm-adjusted value (paired effects) */
  p?: number | null;
  pHolm?: number | null;
  /** items asked but not in n, by reason (printed after n: "n = 172 · 28 unreadable") */
  excluded?: Excluded;
}

export type Cell = string | number | null | Stat;

/** Where the items behind a number are: a probe's items of one group, optionally filtered. */
export interface ItemLink {
  probe: string;
  labels: Record<string, string>;
  /** an item filter understood by the item views (see src/report/items.ts), e.g. 'changed' or 'transition:positive>negative' */
  filter?: string;
  /** the labels name no condition and the run has conditions: the link is to the baseline's items only, not every condition's */
  baseline?: boolean;
}

export interface PresentedTable {
  id: string;
  title: string;
  columns: string[];
  rows: Cell[][];
  /** per row, where its items are (same length as rows when present) */
  links?: (ItemLink | null)[];
  note?: string;
  /** short column names (same length as columns) for narrow renderers, which then print a legend */
  short?: string[];
}

interface FigureBase {
  id: string;
  title: string;
  /** axis titles: `x` the category (or horizontal) axis, `y` the value axis; for horizontal interval figures `x` still names the categories and `y` the values */
  x: string;
  y: string;
  caption?: string;
  /** a second title line (e.g. the group a per-group heatmap belongs to) */
  subtitle?: string;
}

/** Points with error bars: categories along one axis, one colour per series. */
export interface IntervalFigure extends FigureBase {
  kind: 'intervals';
  points: { category: string; series: string; value: number | null; low: number | null; high: number | null; n: number }[];
  /** categories along the vertical axis (forest plots, rankings) */
  horizontal?: boolean;
  /** a reference line (0 for effects) */
  rule?: number;
}

/** A matrix of counts (rows × columns), each cell with its share of n. */
export interface HeatmapFigure extends FigureBase {
  kind: 'heatmap';
  cells: { row: string; col: string; value: number; n: number }[];
  rowOrder: string[];
  colOrder: string[];
}

/** Lines over a numeric or ordered axis, one per series, optional interval band per point. */
export interface LineFigure extends FigureBase {
  kind: 'lines';
  points: { x: number; series: string; value: number | null; low?: number | null; high?: number | null; n: number }[];
}

/** One labelled point per entity, with an optional horizontal interval. */
export interface ScatterFigure extends FigureBase {
  kind: 'scatter';
  points: { label: string; x: number; y: number; n: number; xLow?: number | null; xHigh?: number | null }[];
}

export type Figure = IntervalFigure | HeatmapFigure | LineFigure | ScatterFigure;

export interface Presentation {
  tables: PresentedTable[];
  figures: Figure[];
}

export const EMPTY_PRESENTATION: Presentation = { tables: [], figures: [] };

/** A metric as a Stat cell. */
export function statOf(m: MetricJson | undefined): Stat | null {
  if (!m) return null;
  const s: Stat = { value: m.value, n: m.n };
  if (m.ci) s.ci = m.ci;
  if (m.kind) s.kind = m.kind;
  if (m.test) s.test = m.test;
  if (m.excluded) s.excluded = m.excluded;
  return s;
}

export function isStat(c: Cell): c is Stat {
  return typeof c === 'object' && c !== null;
}

export function groupName(labels: Record<string, string>): string {
  return Object.entries(labels)
    .map(([k, v]) => `${k}: ${v}`)
    .join(' · ');
}

/** A group's metric by name. */
export function metricOf(group: { metrics: MetricJson[] }, name: string): MetricJson | undefined {
  return group.metrics.find((m) => m.name === name);
}

/** An interval point from a metric (value, low, high, n); null values stay null ("—"). */
export function pointOf(m: MetricJson | undefined): { value: number | null; low: number | null; high: number | null; n: number } {
  return { value: m?.value ?? null, low: m?.ci?.low ?? null, high: m?.ci?.high ?? null, n: m?.n ?? 0 };
}

/** A group's mitigation, or undefined for the baseline (labels.condition absent or "baseline"). */
export function conditionOf(labels: Record<string, string>): string | undefined {
  const c = labels.condition;
  return c === undefined || c === '' || c === 'baseline' ? undefined : c;
}

/** The series name of a group in run-wide figures: model · dataset · condition. */
export function seriesName(labels: Record<string, string>): string {
  const parts = [labels.model, labels.dataset, conditionOf(labels)].filter((v): v is string => typeof v === 'string' && v.length > 0);
  return parts.length ? parts.join(' · ') : groupName(labels);
}

/** A group's model (and condition) without the dataset, for figures whose series are datasets. */
export function modelName(labels: Record<string, string>): string {
  return [labels.model, conditionOf(labels)].filter((v): v is string => typeof v === 'string' && v.length > 0).join(' · ') || groupName(labels);
}

/** A group's aggregated tables, by name, as presented tables (in the order of `names`). */
export function groupTables(group: { tables?: { name: string; title: string; columns: string[]; rows: (string | number | null)[][] }[] }, names: readonly string[]): PresentedTable[] {
  return names.flatMap((n) => {
    const t = group.tables?.find((x) => x.name === n);
    return t ? [{ id: t.name, title: t.title, columns: t.columns, rows: t.rows }] : [];
  });
}
