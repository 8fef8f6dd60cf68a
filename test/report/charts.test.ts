import { describe, expect, it } from 'vitest';
import { figureSvg } from '../../src/report/charts/svg.js';
import { buildReportModel } from '../../src/report/model.js';
import { EVIL, syntheticResults } from '../helpers/synthetic-results.js';

describe('figures as SVG (vega-lite → vega toSVG)', () => {
  it('renders every figure kind with both axis titles', async () => {
    const model = buildReportModel(syntheticResults());
    const figures = [...model.overview.figures, ...model.probes.flatMap((p) => p.figures)];
    expect(new Set(figures.map((f) => f.kind))).toEqual(new Set(['intervals', 'heatmap', 'lines', 'scatter']));
    for (const f of figures) {
      const svg = await figureSvg(f);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain(`X-axis titled '${f.kind === 'intervals' && f.horizontal ? f.y : f.x}'`);
      expect(svg).toContain(`Y-axis titled '${f.kind === 'intervals' && f.horizontal ? f.x : f.y}'`);
    }
  });

  it('each point carries its value, interval and n as hover text', async () => {
    const model = buildReportModel(syntheticResults());
    const thirds = model.probes.find((p) => p.probe === 'primacy')!.figures.find((f) => f.id === 'thirds')!;
    const svg = await figureSvg(thirds);
    const titles = [...svg.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(titles).toHaveLength(6); // 3 thirds × 2 groups
    for (const t of titles) expect(t).toMatch(/: \d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\], n = 12$/);
  });

  it('hostile labels end up as escaped text', async () => {
    const model = buildReportModel(syntheticResults({ evil: true }));
    const svg = await figureSvg(model.probes[1]!.figures[0]!);
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).not.toMatch(/<script|<img/i);
    expect(EVIL).toContain('<script>');
  });
});
