import { describe, expect, it } from 'vitest';
import { createTable } from '../../src/report/table.js';

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
