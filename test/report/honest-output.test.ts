import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { proportionMetric } from '../../src/stats/proportion.js';
import { runCli } from '../helpers/run-cli.js';

describe('honest terminal output', () => {
  it('a rate with n = 0 has value null at the source', () => {
    expect(proportionMetric('x', 'x', 0, 0)).toEqual({ name: 'x', label: 'x', value: null, n: 0, kind: 'rate' });
  });

  it('a hallucination run where every answer is unparseable prints "— (n = 0)", never 0.0%, writes value null, and its table fits 120 columns with a legend', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-honest-'));
    const input = join(dir, 'h.jsonl');
    writeFileSync(
      input,
      [
        { id: 'a', date: '2020-01-05', true_text: 'The sky is blue.', false_text: 'The sky is green.', true_answer: 'banana', false_answer: 'mango', model: 'openai:gpt-4o-mini' },
        { id: 'b', date: '2025-06-05', true_text: 'Water is wet.', false_text: 'Water is dry.', true_answer: 'hmm', false_answer: 'what', model: 'openai:gpt-4o-mini' },
      ]
        .map((r) => JSON.stringify(r))
        .join('\n') + '\n',
    );
    const r = await runCli(['--verbose', 'measure', 'hallucination', '--input', input, '--store', join(dir, 's.db'), '--reports', join(dir, 'reports')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('0.0%');
    // the undefined number says it has no n, and why: every answer was unreadable
    expect(r.stdout).toContain('— (n = 0 ·');
    expect(r.stdout).toContain('1 unreada');
    const lines = r.stdout.split('\n');
    for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(120);
    expect(r.stdout).toContain('strict_acc_pre: strict accuracy s_H, pre-cutoff');
    const file = /results: (\S+)/.exec(r.stdout)?.[1] as string;
    const results = JSON.parse(readFileSync(file, 'utf8')) as { probes: { groups: { metrics: { name: string; value: number | null; n: number }[] }[] }[] };
    const strict = results.probes[0]?.groups[0]?.metrics.find((m) => m.name === 'strict_acc_pre');
    expect(strict).toEqual(expect.objectContaining({ value: null, n: 0 }));
  });
});

describe('the table header names the judges that ran', () => {
  it('certainty measured with the offline comparator names it (not "judges: none")', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-judges-'));
    const input = join(dir, 'c.jsonl');
    writeFileSync(
      input,
      [
        { id: 'a', original: 'The drug may reduce symptoms in some patients.', rewrite: 'The drug cures the disease.' },
        { id: 'b', original: 'The results clearly show a large effect.', rewrite: 'The results might suggest an effect.' },
      ]
        .map((r) => JSON.stringify(r))
        .join('\n') + '\n',
    );
    const r = await runCli(['--verbose', 'measure', 'certainty', '--input', input, '--store', join(dir, 's.db'), '--reports', join(dir, 'reports')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/certainty — judges: certainty-offline@\S+/);
    expect(r.stdout).not.toContain('judges: none');
  });
});
