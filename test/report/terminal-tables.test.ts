import { describe, expect, it } from 'vitest';
import { buildReportModel } from '../../src/report/model.js';
import { renderPresentedTable, terminalCell } from '../../src/report/terminal-tables.js';
import { syntheticResults } from '../helpers/synthetic-results.js';

describe('terminal tables from the report model', () => {
  it('a statistic shows value, interval and n; undefined is "—" with its n', () => {
    expect(terminalCell({ value: 0.25, n: 8, kind: 'rate', ci: { low: 0.07, high: 0.59, level: 0.95, method: 'wilson' } })).toBe('25.0%\n[7.0%, 59.0%]\nn=8');
    expect(terminalCell({ value: null, n: 0, kind: 'rate' })).toBe('—\nn=0');
    expect(terminalCell(null)).toBe('—');
  });

  it('renders a presented table (here the run-wide effects table) with value, interval and n', () => {
    const effects = buildReportModel(syntheticResults()).overview.tables.find((t) => t.id === 'effects')!;
    const out = renderPresentedTable(effects, { color: false });
    expect(out).toContain('Paired effects of each mitigation against the baseline');
    expect(out).toContain('self-awareness');
    expect(out).toContain('[-0.400, 0.070]');
  });
});
