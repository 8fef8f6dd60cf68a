import { describe, expect, it } from 'vitest';
import { createTable, fitWidths, wrapCell } from '../../src/report/table.js';

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
  it('fits a table to the width keeping intervals whole, then wrapping between words; null when a number would have to be split', () => {
    const rows = [
      ['condition', 'value'],
      ['self-awareness', '0.655 [0.632, 0.678]'],
    ];
    // natural width: 16 + 22 + 3 borders = 41
    expect(fitWidths(rows, 41)).toBeUndefined();
    const whole = fitWidths(rows, 35)!;
    expect(whole.intervals).toBe(true);
    // the longest word of column 1 ("self-awareness", 14 + 2 padding) is kept, and the interval (14 + 2)
    expect(whole.widths).toEqual([16, 16]);
    expect(wrapCell(rows[1]![1]!, 14, true)).toBe('0.655\n[0.632, 0.678]');
    const words = fitWidths(rows, 30)!;
    expect(words.intervals).toBe(false);
    expect(wrapCell(rows[1]![1]!, words.widths[1]! - 2, false).split('\n')).toEqual(['0.655', '[0.632,', '0.678]']);
    // narrower than the longest words: no table can show it without cutting a number
    expect(fitWidths(rows, 22)).toBeNull();
  });

  it('a header may break after a hyphen, never inside a negative number', () => {
    expect(wrapCell('Δ position-invariant-shuffle', 12, true, true)).toBe('Δ position-\ninvariant-\nshuffle');
    expect(wrapCell('-85 [-95, -59]', 6, false, true)).toBe('-85\n[-95,\n-59]');
  });

  it('a compact table drops the rules between one-line rows only', () => {
    const t = createTable(['a', 'b'], { color: false, compact: true });
    t.push(['x', '1'], ['y', '2']);
    expect(t.toString().split('\n')).toHaveLength(6);
    const tall = createTable(['a', 'b'], { color: false, compact: true });
    tall.push(['x', '1\n2'], ['y', '2']);
    expect(tall.toString()).toMatch(/├[\s\S]*├/);
  });
});

describe('wrapCell in prose (stats kept whole)', () => {
  const text = 'builtin:lead-3 changed the framing of 38% [14, 69] of its summaries on demo-reviews (n = 8 each), 43% [22, 66] once corrected, lowering it by 75 pp [−93, −28].';
  it('never leaves a value apart from its interval, nor "n =" apart from its number', () => {
    for (let width = 20; width <= 80; width++) {
      const lines = wrapCell(text, width, 'stats').split('\n');
      for (const unit of ['38% [14, 69]', '(n = 8', '43% [22, 66]', '75 pp [−93, −28]']) expect(lines.some((l) => l.includes(unit)), `${width}: ${unit}`).toBe(true);
    }
  });

  it('a unit wider than the line breaks before its interval, then after the interval\'s comma, never inside a number', () => {
    expect(wrapCell('75 pp [−93, −28]', 12, 'stats')).toBe('75 pp\n[−93, −28]');
    expect(wrapCell('0.655 [0.632, 0.678]', 8, 'stats')).toBe('0.655\n[0.632,\n0.678]');
  });
});
