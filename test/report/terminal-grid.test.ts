import { describe, expect, it } from 'vitest';
import { conditionInitials, plainTable, renderConditionsGrid, type ConditionsGrid } from '../../src/report/terminal-grid.js';
import { displayWidth } from '../../src/report/table.js';

// 2 models × 2 datasets × baseline + 3 conditions, cells as the compact view writes them
const grid: ConditionsGrid = {
  label: 'ψ_pri',
  conditions: ['partial-summaries', 'weighted-summaries', 'position-invariant-shuffle'],
  rows: [
    { dataset: 'demo-reviews', model: 'builtin:lead-3', n: 8, cells: ['100% [68, 100]', '0 [-32, 32]', '-75* [-93, -28]', '-63* [-86, -17]'] },
    { dataset: 'demo-reviews', model: 'builtin:textrank', n: 8, cells: ['38% [14, 69]', '0 [-36, 36]', '0 [-36, 36]', '0 [-22, 22]'] },
    { dataset: 'demo-interviews', model: 'builtin:lead-3', n: 8, cells: ['100% [68, 100]', '0 [-32, 32]', '-50* [-78, -7]', '-75* [-93, -28]'] },
    { dataset: 'demo-interviews', model: 'builtin:textrank', n: 7, cells: ['38% [14, 69]', '+13 [-30, 50]', 'n/a', '— (n = 0)'] },
  ],
};

const fits = (lines: readonly string[], width: number): void => {
  for (const l of lines) expect(displayWidth(l), `${width}: ${l}`).toBeLessThanOrEqual(width);
};

describe('conditionInitials', () => {
  it('names a condition by the initials of its words, numbered where two would be the same', () => {
    expect(conditionInitials(['partial-summaries', 'position-invariant-shuffle', 'prompt-summary', 'cot+greedy'])).toEqual(['PS', 'PIS', 'PS2', 'CG']);
  });
});

describe('plainTable', () => {
  it('aligns columns two spaces apart, a cell of several lines taking as many lines', () => {
    expect(plainTable([['model', 'n'], ['a', '10\n(2 left out)'], { section: 'dataset x' }, ['longer', '1']])).toEqual(['model   n', 'a       10', '        (2 left out)', 'dataset x', 'longer  1']);
  });

  it('colours the heading rows only when asked', () => {
    expect(plainTable([['h'], ['b']], { head: [0], color: true })[0]).toBe('\u001b[36mh\u001b[39m');
    expect(plainTable([['h'], ['b']], { head: [0], color: false })[0]).toBe('h');
  });
});

describe('renderConditionsGrid', () => {
  it('with room: one row per model and dataset, every value with its interval', () => {
    const l = renderConditionsGrid(grid, { width: 160, color: false });
    expect(l.name).toBe('rows');
    expect(l.lines.join('\n')).toMatch(/builtin:lead-3\s*│ 8 │ 100% \[68, 100\]\s*│ 0 \[-32, 32\]\s*│ -75\* \[-93, -28\]/);
    fits(l.lines, 160);
  });

  it('short of lines or columns: the models as columns per dataset (its n in the heading when one n serves all), intervals kept', () => {
    const l = renderConditionsGrid(grid, { width: 80, color: false, lines: 12 });
    expect(l.name).toBe('transposed');
    fits(l.lines, 80);
    const text = l.lines.join('\n');
    expect(text).toMatch(/^demo-reviews · n = 8\s+builtin:lead-3\s+builtin:textrank$/m);
    expect(text).toMatch(/^ {2}Δ weighted-summaries\s+-75\* \[-93, -28\]\s+0 \[-36, 36\]$/m);
    // two n in a block: a row of them
    expect(text).toMatch(/^demo-interviews\s+builtin:lead-3/m);
    expect(text).toMatch(/^ {2}n\s+8\s+7$/m);
    expect(text).toMatch(/^ {2}Δ position-invariant-shuffle\s+-75\* \[-93, -28\]\s+— \(n = 0\)$/m);
  });

  it('narrowest: values and marks alone, the conditions by their initials, and a legend saying so', () => {
    const l = renderConditionsGrid(grid, { width: 60, color: false, lines: 8 });
    expect(l.name).toBe('values');
    fits([...l.lines, ...l.legend], 60);
    expect(l.lines).toContain('demo-reviews        n  baseline ψ_pri  Δ PS  Δ WS  Δ PIS');
    expect(l.lines).toContain('  builtin:lead-3    8  100%            0     -75*  -63*');
    expect(l.lines).toContain('  builtin:textrank  7  38%             +13   n/a   —');
    expect(l.legend.join(' ').replace(/\s+/g, ' ').trim()).toBe('PS partial-summaries · WS weighted-summaries · PIS position-invariant-shuffle (intervals: --verbose)');
  });

  it('with lines to spare on a narrow terminal, the models as columns rather than a box whose rows wrap their intervals', () => {
    expect(renderConditionsGrid(grid, { width: 80, color: false }).name).toBe('transposed');
    expect(renderConditionsGrid(grid, { width: 80, color: true }).name).toBe('transposed');
  });

  it('when no layout fits the lines given, the shortest that fits the width', () => {
    expect(renderConditionsGrid(grid, { width: 100, color: false, lines: 1 }).name).toBe('values');
  });
});
