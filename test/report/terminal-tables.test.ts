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
    expect(terminalCell({ value: null, n: 0, kind: 'rate' })).toBe('— (n = 0)');
    // a row with an n column does not repeat the same n under each number
    expect(terminalCell({ value: 0.25, n: 8, kind: 'rate', ci: { low: 0.07, high: 0.59, level: 0.95, method: 'wilson' } }, { rowN: 8 })).toBe('25.0%\n[7.0%, 59.0%]');
    // a paired effect: signed, in percentage points, with p and Holm p
    expect(terminalCell({ value: -0.125, n: 16, kind: 'rate', difference: true, ci: { low: -0.3, high: 0.05, level: 0.95, method: 'newcombe' }, p: 0.25, pHolm: 0.5 })).toBe('-12.5 pp\n[-30.0, 5.0]\np 0.2500 · Holm 0.5000\nn=16');
    expect(terminalCell(null)).toBe('—');
  });

  it('renders a presented table (here the run-wide effects table) with value, interval and n', () => {
    const effects = buildReportModel(syntheticResults()).overview.tables.find((t) => t.id === 'effects')!;
    const out = renderPresentedTable(effects, { color: false });
    expect(out).toContain('Paired effects of each mitigation against the baseline');
    expect(out).toContain('self-awareness');
    // φ_frame's paired effect: a rate, in percentage points
    expect(out).toContain('-16.7 pp');
    expect(out).toContain('[-40.0, 7.0]');
  });
});

describe('the terminal report renders the report model', () => {
  const results = syntheticResults();
  const model = buildReportModel(results);
  const out = renderTerminalReport(results, { color: false, width: 120, verbose: true });

  it('prints every paper table and mitigation layout of the model, fitted to 120 columns', () => {
    for (const t of [...model.paperTables, ...model.overview.tables.filter((x) => x.id !== 'effects' && x.id !== 'costs')]) expect(out, t.id).toContain(t.title.slice(0, 60));
    expect(out).toContain('Framing and primacy per mitigation, model-a on news — Alessa et al. 2025, Table A6');
    // the A6 value cell and the paired effect are the model's numbers (φ_frame 2/12 under self-awareness, −2/12 paired)
    expect(out).toMatch(/self-awareness\s*│\s*12\s*│\s*16\.7%/);
    // with its Wilson interval (2/12: [4.7%, 44.8%]), at the terminal too
    expect(out).toMatch(/self-awareness[^\n]*\n│\s*│\s*│ \[4\.7%,\s*│[^\n]*\n│\s*│\s*│ 44\.8%\]/);
    expect(out).toContain('-16.7 pp');
    // display width: combining marks (the bar of s̄) take no column
    for (const l of out.split('\n')) expect([...l.replace(/\p{M}/gu, '')].length, l).toBeLessThanOrEqual(120);
  });

  it('prints the certainty ranking with its intervals (the same table report.html and the exports show)', () => {
    const ranking = model.probes.find((p) => p.probe === 'certainty')!.groups[0]!.presentation.tables.find((t) => t.id === 'ranking')!;
    expect(out).toContain('Bradley–Terry (Rao–Kupper) ranking of source certainty');
    // c0: λ = 4, log λ = 1.386 with interval [log 2, log 8] = [0.693, 2.079], rank interval [1, 2]
    expect(ranking.rows[0]?.slice(0, 2)).toEqual([1, 'c0']);
    expect(out).toMatch(/│ 1\s*│ c0\s*│ 1\.386\s*│ 4\s*│ \[1, 2\]/);
    expect(out).toContain('[0.693, 2.079]');
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
    const out = renderTerminalReport(results, { width: 120 });
    expect(out).toContain('m, docs: main finding dropped in 2 of 5 items (40.0%), counted apart from CD');
    expect(certainty.groups[0]?.tables?.find((t) => t.name === 'labels')?.rows[0]?.slice(-2)).toEqual([2, 5]);
  });

  it('a disconnected comparison graph of the source ranking is said at the terminal, not only in results.json', () => {
    const results = syntheticResults();
    const certainty = results.probes.find((p) => p.probe === 'certainty')!;
    const ranked = [0, 1, 2, 3].map((k) => ({ id: `s${k}`, rank: k + 1, lambda: 1, stratum: 'medium' as const, items: 4, components: 2, converged: true, judge: 'offline', judgements: 4, invalid: 0 }));
    const g = rankingTable({ metrics: [] }, ranked);
    certainty.groups = [{ labels: { model: 'm', dataset: 'claims' }, n: 4, metrics: [], ...(g.extra ? { extra: g.extra } : {}) }];
    expect(renderTerminalReport(results, { width: 120 })).toContain('m, claims: warning: source ranking: the comparison graph has 2 disconnected components');
  });
});
