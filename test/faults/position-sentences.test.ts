import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

const ARTICLE = ['The council met on Monday.', 'It approved the new budget.', 'Schools get more money.', 'Roads will be repaired in spring.', 'The mayor thanked the staff.', 'Critics called the plan vague.', 'A vote on parks was postponed.', 'Residents may comment until May.', 'The next meeting is in June.', 'Minutes are online.', 'The budget grows by two percent.', 'Taxes stay the same.'];

describe('slant measure position with pre-split sentences (docs/probes/position.md)', () => {
  it('accepts source, reference and output as arrays of sentences', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-pos-'));
    const file = join(dir, 'pos.jsonl');
    const rows = [
      { id: 'a', source: ARTICLE, reference: ['The council approved the budget.', 'Schools get more money.'], output: ['The council met on Monday.', 'It approved the new budget.'] },
      { id: 'b', source: ARTICLE.slice().reverse(), reference: ['Taxes stay the same.'], output: ['Minutes are online.'] },
    ];
    writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const res = await runCli(['--json', 'measure', 'position', '--input', file, '--store', join(dir, 'slant.db'), '--reports', join(dir, 'reports')]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout) as { results: { probes: { items: { recordId: string }[] }[] } };
    expect(out.results.probes[0]?.items.map((i) => i.recordId).sort()).toEqual(['a', 'b']);
  });

  it('still rejects an array whose sentences are not text, naming the element', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-pos-'));
    const file = join(dir, 'pos.jsonl');
    writeFileSync(file, JSON.stringify({ id: 'a', source: ['One.', 7], reference: 'x y.', output: 'x.' }) + '\n');
    const res = await runCli(['measure', 'position', '--input', file, '--store', join(dir, 'slant.db'), '--reports', join(dir, 'reports')]);
    expect(res.code).toBe(3);
    expect(res.stderr).toContain('field "source[1]" is not text (number)');
  });

  it('a probe that needs plain text keeps rejecting an array (framing with position)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-pos-'));
    const file = join(dir, 'pos.jsonl');
    writeFileSync(file, JSON.stringify({ id: 'a', source: ARTICLE, reference: 'x y.', output: 'The council met.' }) + '\n');
    const res = await runCli(['measure', 'position', 'framing', '--input', file, '--store', join(dir, 'slant.db'), '--reports', join(dir, 'reports')]);
    expect(res.code).toBe(3);
    expect(res.stderr).toContain('field "source" is an array');
  });
});
