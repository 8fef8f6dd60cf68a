/**
 * Figures (src/results/presentation.ts) as Vega-Lite specs. Vega-Lite is declarative (no chart
 * geometry is written here) and vega renders it to SVG in Node without a browser or canvas.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { Figure, HeatmapFigure, IntervalFigure, LineFigure, ScatterFigure } from '../../results/presentation.js';

const WIDTH = 420;
const FONT = 'system-ui, -apple-system, Segoe UI, sans-serif';
const base = (f: Figure) => ({
  $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
  title: { text: f.title, ...(f.subtitle ? { subtitle: f.subtitle } : {}), fontSize: 12, anchor: 'start' as const, limit: 0 },
  config: { font: FONT, axis: { labelLimit: 220, titleFontWeight: 'normal' as const }, legend: { labelLimit: 420 } },
  background: 'white',
});
/** The value axis spans every point and interval end (vega-lite would size it by one field per layer). */
function extent(values: readonly { value?: number | null; low?: number | null; high?: number | null }[], rule?: number): [number, number] | undefined {
  const xs = values.flatMap((p) => [p.value, p.low, p.high]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (rule !== undefined) xs.push(rule);
  if (xs.length === 0) return undefined;
  let lo = Math.min(...xs);
  let hi = Math.max(...xs);
  if (lo === hi) [lo, hi] = [lo - 0.5, hi + 0.5];
  const pad = 0.04 * (hi - lo);
  // values that all lie in [0, 1] (rates, shares, similarities) keep an axis inside [0, 1]: the
  // padding would otherwise read as a share above 100% or below 0
  if (lo >= 0 && hi <= 1) return [Math.max(0, lo - pad), Math.min(1, hi + pad)];
  return [lo - pad, hi + pad];
}

const fmt = (v: number | null | undefined): string => (v === null || v === undefined || !Number.isFinite(v) ? '—' : Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(3));

function intervals(f: IntervalFigure): TopLevelSpec {
  const values = f.points.filter((p) => p.value !== null).map((p) => ({ ...p, tip: `${p.series ? `${p.series}: ` : ''}${fmt(p.value)} [${fmt(p.low)}, ${fmt(p.high)}], n = ${p.n}` }));
  const multi = new Set(values.map((p) => p.series)).size > 1;
  // categories along the vertical axis have the width to their left: room for a metric's full label (0: never cut)
  // (the labels' widths are estimated without a font: padding keeps the axis title off a long label)
  const cat = { field: 'category', type: 'nominal' as const, title: f.x, sort: null, axis: { labelAngle: 0, ...(f.horizontal ? { labelLimit: 0, titlePadding: 24 } : {}) } };
  const domain = extent(values, f.rule);
  const val = (field: string, title?: string) => ({ field, type: 'quantitative' as const, ...(title ? { title: f.y, scale: { zero: false, nice: true, ...(domain ? { domain } : {}) } } : {}) });
  const color = multi ? { color: { field: 'series', type: 'nominal' as const, title: null } } : {};
  const offset = multi ? (f.horizontal ? { yOffset: { field: 'series', type: 'nominal' as const } } : { xOffset: { field: 'series', type: 'nominal' as const } }) : {};
  const pos = (v: object) => (f.horizontal ? { y: cat, x: v } : { x: cat, y: v });
  const pos2 = (f.horizontal ? { x2: { field: 'high' } } : { y2: { field: 'high' } });
  const layers: object[] = [
    { mark: { type: 'rule', strokeWidth: 1.5 }, transform: [{ filter: 'datum.low != null && datum.high != null' }], encoding: { ...pos(val('low', 'y')), ...pos2, ...color, ...offset } },
    { mark: { type: 'point', filled: true, size: 60 }, encoding: { ...pos(val('value', 'y')), ...color, ...offset, tooltip: { field: 'tip' } } },
  ];
  if (f.rule !== undefined) layers.push({ data: { values: [{ r: f.rule }] }, mark: { type: 'rule', strokeDash: [4, 3], color: '#888' }, encoding: f.horizontal ? { x: { field: 'r', type: 'quantitative' } } : { y: { field: 'r', type: 'quantitative' } } });
  const n = new Set(values.map((p) => p.category)).size;
  return { ...base(f), data: { values }, width: f.horizontal ? WIDTH : Math.max(220, Math.min(WIDTH, n * (multi ? 160 : 130))), height: f.horizontal ? Math.max(60, n * 26 * (multi ? 1.6 : 1)) : 220, layer: layers } as TopLevelSpec;
}

function heatmap(f: HeatmapFigure): TopLevelSpec {
  const values = f.cells.map((c) => ({ ...c, label: `${c.value}${c.n ? ` (${((100 * c.value) / c.n).toFixed(1)}%)` : ''}` }));
  const enc = {
    x: { field: 'col', type: 'nominal' as const, title: f.x, sort: f.colOrder, axis: { labelAngle: 0, orient: 'top' as const } },
    y: { field: 'row', type: 'nominal' as const, title: f.y, sort: f.rowOrder },
  };
  return {
    ...base(f),
    data: { values },
    width: 80 * f.colOrder.length,
    height: 44 * f.rowOrder.length,
    layer: [
      { mark: 'rect', encoding: { ...enc, color: { field: 'value', type: 'quantitative', title: 'count', scale: { scheme: 'blues' } } } },
      { mark: { type: 'text', fontSize: 11 }, encoding: { ...enc, text: { field: 'label' }, color: { condition: { test: `datum.value > ${Math.max(...f.cells.map((c) => c.value), 0) / 2}`, value: 'white' }, value: 'black' } } },
    ],
  } as TopLevelSpec;
}

function lines(f: LineFigure): TopLevelSpec {
  const values = f.points.filter((p) => p.value !== null);
  const x = { field: 'x', type: 'ordinal' as const, title: f.x, axis: { labelAngle: 0 } };
  const domain = extent(values);
  const layers: object[] = [{ mark: { type: 'line', point: true }, encoding: { x, y: { field: 'value', type: 'quantitative', title: f.y, scale: { nice: true, ...(domain ? { domain: [values.every((p) => (p.low ?? p.value ?? 0) >= 0) ? 0 : domain[0], domain[1]] } : {}) } }, color: { field: 'series', type: 'nominal', title: null }, strokeDash: { condition: { test: "indexof(datum.series, 'gold') === 0", value: [5, 3] }, value: [1, 0] } } }];
  if (values.some((p) => p.low != null && p.high != null)) layers.unshift({ mark: { type: 'rule' }, transform: [{ filter: 'datum.low != null' }], encoding: { x, y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' }, color: { field: 'series', type: 'nominal' } } });
  return { ...base(f), data: { values }, width: WIDTH, height: 220, layer: layers } as TopLevelSpec;
}

function scatter(f: ScatterFigure): TopLevelSpec {
  const values = f.points.map((p) => ({ ...p, tip: `${p.label}: x = ${fmt(p.x)} [${fmt(p.xLow)}, ${fmt(p.xHigh)}], y = ${fmt(p.y)}, n = ${p.n}` }));
  const x = { field: 'x', type: 'quantitative' as const, title: f.x, scale: { zero: false } };
  const y = { field: 'y', type: 'quantitative' as const, title: f.y, scale: { zero: false } };
  return {
    ...base(f),
    data: { values },
    width: WIDTH,
    height: 240,
    layer: [
      { mark: 'rule', transform: [{ filter: 'datum.xLow != null && datum.xHigh != null' }], encoding: { x: { ...x, field: 'xLow' }, x2: { field: 'xHigh' }, y } },
      { mark: { type: 'point', filled: true, size: 70 }, encoding: { x, y, color: { field: 'label', type: 'nominal', title: null }, tooltip: { field: 'tip' } } },
      { mark: { type: 'text', dx: 6, align: 'left', fontSize: 10 }, encoding: { x, y, text: { field: 'label' } } },
    ],
  } as TopLevelSpec;
}

export function figureSpec(f: Figure): TopLevelSpec {
  switch (f.kind) {
    case 'intervals':
      return intervals(f);
    case 'heatmap':
      return heatmap(f);
    case 'lines':
      return lines(f);
    case 'scatter':
      return scatter(f);
  }
}
