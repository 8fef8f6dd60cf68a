import { describe, expect, it } from 'vitest';
import { createTable, fitWidths } from '../../src/report/table.js';

describe('createTable', () => {
  it('drops control characters from cells before measuring columns, so rows stay aligned', () => {
    const t = createTable(['model\x1b]0;t\x07', 'n'], { color: false });
    t.push(['evil\x1b]0;pwned title\x07\x1b[2J\x1b[H\rX', '2'], ['plain', '10']);
    const lines = t.toString().split('\n');
    expect(t.toString()).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/); // eslint-disable-line no-control-regex
    expect(new Set(lines.map((l) => [...l].length)).size).toBe(1);
    expect(t.toString()).toContain('evilX');
  });
});

describe('fitWidths', () => {
  it('fits a table to the width wrapping between words, and inside words only when words cannot fit; nothing is cut', () => {
    const rows = [
      ['condition', 'value'],
      ['self-awareness', '0.655 [0.632, 0.678]'],
    ];
    // natural width: 16 + 22 + 3 borders = 41
    expect(fitWidths(rows, 41)).toBeUndefined();
    const words = fitWidths(rows, 35)!;
    expect(words.onWords).toBe(true);
    // the longest word of column 1 ("self-awareness", 14 + 2 padding) is kept
    expect(words.widths[0]).toBe(16);
    expect(words.widths.reduce((a, b) => a + b, 0) + 3).toBeLessThanOrEqual(35);
    const inside = fitWidths(rows, 25)!;
    expect(inside.onWords).toBe(false);
    const t = createTable(rows[0]!, { color: false, colWidths: inside.widths, wrapOnWords: inside.onWords });
    t.push(rows[1]!);
    const out = t.toString();
    for (const l of out.split('\n')) expect([...l].length).toBeLessThanOrEqual(25);
    // wrapped inside words, never shortened with an ellipsis
    expect(out).not.toContain('…');
    expect(out.replace(/[│\s]/g, '')).toContain('0.678]');
  });
});
