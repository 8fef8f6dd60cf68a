/**
 * The chart thread (src/report/charts/svg.ts): a run's figures drawn in a worker thread, where vega
 * was loaded while the run measured. A worker needs its entry as JavaScript, so the thread runs
 * only from the compiled dist/ (which `npm ci` builds; `npm run build` after a change): this test
 * loads dist/ and checks that the thread draws the same SVG, byte for byte, as this thread does.
 */
import { describe, expect, it } from 'vitest';
import type { Figure } from '../../src/results/presentation.js';
import { buildReportModel } from '../../src/report/model.js';
import { syntheticResults } from '../helpers/synthetic-results.js';

type Svg = typeof import('../../src/report/charts/svg.js');
type Render = typeof import('../../src/report/charts/render.js');
const dist = new URL('../../dist/report/charts/', import.meta.url);

describe('the chart thread', () => {
  it('draws every figure kind as this thread draws it, sent ahead or asked for one by one', async () => {
    const svg = (await import(new URL('svg.js', dist).href)) as Svg;
    const model = buildReportModel(syntheticResults());
    const figures: Figure[] = [...model.overview.figures, ...model.probes.flatMap((p) => p.figures)];
    expect(new Set(figures.map((f) => f.kind))).toEqual(new Set(['intervals', 'heatmap', 'lines', 'scatter']));
    expect(svg.startChartThread()).toBe(true);
    let there: string[];
    try {
      svg.prefetchFigures(figures.slice(0, 2));
      there = await Promise.all(figures.map((f) => svg.figureSvg(f)));
      expect(svg.chartThreadDrawn()).toBe(figures.length);
    } finally {
      await svg.stopChartThread();
    }
    const render = (await import(new URL('render.js', dist).href)) as Render;
    const here = await Promise.all(figures.map((f) => render.renderFigureSvg(f)));
    expect(there).toEqual(here);
    expect(there[0]!.startsWith('<svg')).toBe(true);
    // stopped: a figure is drawn in this thread, the same way
    expect(await svg.figureSvg(figures[0]!)).toBe(here[0]);
    expect(svg.chartThreadDrawn()).toBe(figures.length);
  });

  it('from the TypeScript sources no thread starts and figures are drawn here', async () => {
    const svg = await import('../../src/report/charts/svg.js');
    expect(svg.startChartThread()).toBe(false);
    const model = buildReportModel(syntheticResults());
    expect((await svg.figureSvg(model.probes[0]!.figures[0]!)).startsWith('<svg')).toBe(true);
    expect(svg.chartThreadDrawn()).toBe(0);
  });
});
