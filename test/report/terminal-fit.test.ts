import { describe, expect, it } from 'vitest';
import type { ModelFindings } from '../../src/report/findings.js';
import { countLines, cutLine, fittedFindings } from '../../src/report/terminal-fit.js';

const f = (text: string, subject: string, status: ModelFindings['findings'][number]['status']): ModelFindings['findings'][number] => ({ probe: 'primacy', subject, status, text, figures: [] });

const findings: ModelFindings[] = [
  { model: 'a', findings: [f('a: cot lowers ψ_pri.', 'effect', 'shown'), f('a: nothing else differs.', 'effect', 'none'), f('a draws on the beginning.', 'primacy', 'shown'), f('a is not shown to change framing.', 'framing', 'none')] },
  { model: 'b', findings: [f('b: no mitigation differs.', 'effect', 'none'), f('b favours no third.', 'primacy', 'none'), f('b judged by an uncarded judge.', 'instrument', 'instrument')] },
];

describe('fittedFindings', () => {
  it('every sentence when they fit', () => {
    const all = fittedFindings(findings, 100, 100);
    expect(all.dropped).toBe(0);
    expect(all.lines).toHaveLength(1 + 7);
  });

  it('short of lines: what nothing was found for gives way first, each model keeps two, and a line says how many are left out', () => {
    const six = fittedFindings(findings, 7, 100);
    expect(six.dropped).toBe(2);
    expect(six.lines.join('\n')).not.toContain('uncarded');
    expect(six.lines.join('\n')).not.toContain('not shown to change framing');
    expect(six.lines.at(-1)).toBe('  + 2 more findings: --verbose, report.html');
    const least = fittedFindings(findings, 1, 100);
    // two per model at least, the answer to the run's question and a bias shown kept first
    expect(least.lines.filter((l) => l.startsWith('  •'))).toEqual(['  • a: cot lowers ψ_pri.', '  • a draws on the beginning.', '  • b: no mitigation differs.', '  • b favours no third.']);
    expect(least.dropped).toBe(3);
  });
});

describe('counting and cutting lines', () => {
  it('counts the lines a text takes once broken at the width', () => {
    expect(countLines(['short', 'a line of five words'], 10)).toBe(3);
    expect(countLines([], 10)).toBe(0);
  });

  it('cuts a line at the width with an ellipsis', () => {
    expect(cutLine('abcdefghij', 6)).toBe('abcde…');
    expect(cutLine('abc', 6)).toBe('abc');
  });
});
