import { describe, expect, it } from 'vitest';
import { countExcluded, excludedText, excludedTotal, mergeExcluded, nText, withExcluded } from '../../src/core/excluded.js';
import { csvRows, tableMarkdown } from '../../src/report/export.js';
import { buildReportModel } from '../../src/report/model.js';
import { terminalCell } from '../../src/report/terminal-tables.js';
import { renderTerminalReport } from '../../src/report/terminal.js';
import { renderReportPage } from '../../src/report/html.js';
import { resultsSchema } from '../../src/results/schema.js';
import type { PresentedTable } from '../../src/results/presentation.js';
import { syntheticResults } from '../helpers/synthetic-results.js';

describe('answers left out of a number, by reason', () => {
  it('prints n then each reason in words, known reasons first in a fixed order', () => {
    expect(nText(172, { truncated: 5, unreadable: 28 })).toBe('n = 172 · 28 unreadable · 5 cut at the token limit');
    expect(nText(40)).toBe('n = 40');
    // a reason without words of its own (an invalid output's recorded reason) is shown as written, after the known ones
    expect(excludedText({ 'empty answer (output)': 2, refused: 1, filtered: 3 })).toBe('1 refused · 3 filtered · 2 empty answer (output)');
    expect(excludedText({ unreadable: 0 })).toBe('');
  });

  it('counts, merges and attaches breakdowns without inventing empty ones', () => {
    expect(countExcluded(['a', 'b', 'c'], (x) => (x === 'b' ? undefined : 'unreadable'))).toEqual({ unreadable: 2 });
    expect(countExcluded([1, 2], () => undefined)).toBeUndefined();
    expect(mergeExcluded({ unreadable: 2 }, undefined, { unreadable: 1, truncated: 4 })).toEqual({ unreadable: 3, truncated: 4 });
    expect(mergeExcluded(undefined, {})).toBeUndefined();
    expect(excludedTotal({ unreadable: 3, truncated: 4 })).toBe(7);
    const m: { name: string; n: number; excluded?: Record<string, number> } = { name: 'x', n: 3 };
    expect(withExcluded(m, undefined)).toBe(m);
    expect(withExcluded({ ...m, excluded: { unreadable: 1 } }, { unreadable: 2 })).toEqual({ ...m, excluded: { unreadable: 3 } });
  });

  const table: PresentedTable = {
    id: 't',
    title: 'rates',
    columns: ['name', 'n', 'rate'],
    rows: [
      ['a', 8, { value: 0.25, n: 8, kind: 'rate', excluded: { unreadable: 3 } }],
      ['b', 5, { value: 0.4, n: 5, kind: 'rate' }],
    ],
  };

  it('every renderer prints the breakdown after n: terminal, Markdown, CSV', () => {
    // the row's n column does not say which answers were left out, so the cell says it
    expect(terminalCell(table.rows[0]![2]!, { rowN: 8 })).toBe('25.0%\nn = 8 · 3 unreadable');
    expect(terminalCell({ value: null, n: 0, kind: 'rate', excluded: { unreadable: 4 } })).toBe('— (n = 0 · 4 unreadable)');
    expect(tableMarkdown(table)).toContain('| a | 8 | 25.0% (n = 8 · 3 unreadable) |');
    const csv = csvRows(table);
    expect(csv.columns).toEqual(['name', 'n', 'rate', 'rate 95% low', 'rate 95% high', 'rate n', 'rate excluded']);
    expect(csv.rows[0]!['rate excluded']).toBe('3 unreadable');
    expect(csv.rows[1]!['rate excluded']).toBe('');
  });

  it('results.json keeps the breakdown; the report model, terminal and report.html show it', async () => {
    const results = syntheticResults();
    const framing = results.probes.find((p) => p.probe === 'framing')!;
    const g = framing.groups[0]!;
    g.metrics = g.metrics.map((m) => (m.name === 'phi_frame' ? { ...m, excluded: { unreadable: 28, truncated: 5 } } : m));
    const parsed = resultsSchema.parse(JSON.parse(JSON.stringify(results)));
    expect(parsed.probes.find((p) => p.probe === 'framing')!.groups[0]!.metrics.find((m) => m.name === 'phi_frame')!.excluded).toEqual({ unreadable: 28, truncated: 5 });
    const model = buildReportModel(parsed);
    expect(renderTerminalReport(parsed, { color: false, model })).toContain('n = 12 · 28 unreadable · 5 cut at the token limit');
    const html = await renderReportPage(model, { items: { mode: 'embedded', summaries: [], details: [], omitted: 0 } });
    expect(html).toContain('n = 12 · 28 unreadable · 5 cut at the token limit');
  });
});
