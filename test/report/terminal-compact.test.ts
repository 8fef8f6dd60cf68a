import { describe, expect, it } from 'vitest';
import { buildReportModel } from '../../src/report/model.js';
import { compactProbeLayouts, hasConditionsTable, renderCompactProbe } from '../../src/report/terminal-compact.js';
import { syntheticResults } from '../helpers/synthetic-results.js';

const BUDGETS = [0, 6, 14, 200];

describe('compact probe layouts, made once per line budget', () => {
  const probes = () => {
    const results = syntheticResults();
    const model = buildReportModel(results);
    return model.probes.map((view) => ({ view, result: results.probes.find((p) => p.probe === view.probe)! }));
  };

  it('give each probe the layout renderCompactProbe draws at that budget', () => {
    const opts = { width: 72, color: false };
    const layout = compactProbeLayouts(opts);
    for (const { view, result } of probes()) for (const lines of BUDGETS) expect(layout(view, result, lines), `${view.probe} at ${lines} lines`).toEqual(renderCompactProbe(view, result, { ...opts, lines }));
  });

  it('draw a table without conditions once, whatever the budget, and a conditions table once per budget', () => {
    const layout = compactProbeLayouts({ width: 72, color: false });
    const shown = probes();
    const plain = shown.filter(({ result }) => !hasConditionsTable(result));
    const withConditions = shown.filter(({ result }) => hasConditionsTable(result));
    expect(plain.length).toBeGreaterThan(0);
    expect(withConditions.length).toBeGreaterThan(0);
    for (const { view, result } of plain) expect(new Set(BUDGETS.map((l) => layout(view, result, l))).size, view.probe).toBe(1);
    for (const { view, result } of withConditions) {
      expect(layout(view, result, 6), view.probe).toBe(layout(view, result, 6));
      expect(layout(view, result, 6), view.probe).not.toBe(layout(view, result, 200));
    }
    // the budget decides a conditions table's layout: some probe draws differently at 6 lines than at 200
    expect(withConditions.some(({ view, result }) => layout(view, result, 6).lines.join('\n') !== layout(view, result, 200).lines.join('\n'))).toBe(true);
  });
});
