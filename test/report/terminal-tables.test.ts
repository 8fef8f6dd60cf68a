import { describe, expect, it } from 'vitest';
import { buildReportModel } from '../../src/report/model.js';
import { renderPresentedTable, terminalCell } from '../../src/report/terminal-tables.js';
import { syntheticResults } from '../helpers/synthetic-results.js';
import { renderTerminalReport } from '../../src/report/terminal.js';
import { getProbe } from '../../src/probes/registry.js';
import { rankingTable } from '../../src/probes/certainty/ranking-table.js';

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

describe('document-level certainty at the terminal', () => {
  it('says how many main findings the rewrites dropped (counted apart from CD), never leaves them out', () => {
    const results = syntheticResults();
    const certainty = results.probes.find((p) => p.probe === 'certainty')!;
    const probe = getProbe('certainty');
    const labels = [1, 0, 'dropped', 'dropped', -1] as const;
    const agg = probe.aggregate(labels.map((label, i) => ({ recordId: `d${i}`, measurement: { label, comparator: 'llm' as const, judgeLabel: label, calls: [], wed: 0 } })), probe.optionsSchema.parse({}));
    certainty.groups = [{ labels: { model: 'm', dataset: 'docs' }, n: 5, metrics: agg.metrics, ...(agg.tables ? { tables: agg.tables } : {}) }];
    const out = renderTerminalReport(results);
    expect(out).toContain('m, docs: main finding dropped in 2 of 5 items (40.0%), counted apart from CD');
    expect(certainty.groups[0]?.tables?.find((t) => t.name === 'labels')?.rows[0]?.slice(-2)).toEqual([2, 5]);
  });

  it('a disconnected comparison graph of the source ranking is said at the terminal, not only in results.json', () => {
    const results = syntheticResults();
    const certainty = results.probes.find((p) => p.probe === 'certainty')!;
    const ranked = [0, 1, 2, 3].map((k) => ({ id: `s${k}`, rank: k + 1, lambda: 1, stratum: 'medium' as const, items: 4, components: 2, converged: true, judge: 'offline', judgements: 4, invalid: 0 }));
    const g = rankingTable({ metrics: [] }, ranked);
    certainty.groups = [{ labels: { model: 'm', dataset: 'claims' }, n: 4, metrics: [], ...(g.extra ? { extra: g.extra } : {}) }];
    expect(renderTerminalReport(results)).toContain('m, claims: warning: source ranking: the comparison graph has 2 disconnected components');
  });
});
