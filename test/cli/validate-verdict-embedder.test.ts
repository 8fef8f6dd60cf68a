import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

function file(name: string, rows: object[]): string {
  const f = join(mkdtempSync(join(tmpdir(), 'slant-validate-judges-')), name);
  writeFileSync(f, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return f;
}

describe('slant validate verdict', () => {
  it('scores the parser against labelled answers, counts unparseable answers as misses, and prints the card', async () => {
    const f = file('answers.jsonl', [
      { answer: 'True', label: 'true' },
      { answer: 'False [High Confidence]', label: 'false' },
      { answer: 'Let me think. The event happened in 2025. Final answer: True', label: 1 },
      { answer: 'It could be true or it could be false.', label: 'false' },
      { answer: 'False', label: true },
    ]);
    const res = await runCli(['--json', 'validate', 'verdict', '--input', f]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout) as { card: { n: number; accuracy: number; confusion: number[][]; figures: Record<string, number> } };
    // rows: labelled true (3), labelled false (2); columns: parsed true, parsed false
    expect(out.card.confusion).toEqual([
      [2, 1],
      [0, 1],
    ]);
    expect(out.card.figures.unparseable).toBe(1);
    expect(out.card.n).toBe(5);
    expect(out.card.accuracy).toBeCloseTo(3 / 5, 12);
    const text = await runCli(['validate', 'verdict', '--input', f]);
    expect(text.stdout).toMatch(/card: verdict-parser@1: balanced accuracy 0\.58 on answers\.jsonl/);
  });

  it('names the file, line and field of a label that is not true/false', async () => {
    const f = file('bad.jsonl', [{ answer: 'True', label: 'maybe' }]);
    const res = await runCli(['validate', 'verdict', '--input', f]);
    expect(res.code).toBe(3);
    expect(res.stderr).toContain(`${f}, line 1, field "label": expected true or false`);
  });
});

describe('slant validate embedder', () => {
  // every sentence of a third shares its topic words, so a sentence taken out still points to its third
  const third = (topic: string[]): string[] => topic.map((w, i) => `Part ${i} is about the ${w}, with ${topic.filter((x) => x !== w).join(', ')}.`);
  const doc = (a: string[], b: string[], c: string[]): string => [...third(a), ...third(b), ...third(c)].join(' ');

  it('finds the third each summary came from when the thirds differ in vocabulary; short documents are left out', async () => {
    const f = file('docs.jsonl', [
      { text: doc(['cat', 'kitten', 'feline', 'purr'], ['ship', 'harbour', 'sail', 'anchor'], ['bread', 'oven', 'flour', 'yeast']) },
      { text: doc(['violin', 'cello', 'viola', 'bow'], ['glacier', 'snow', 'ice', 'frost'], ['engine', 'piston', 'gear', 'clutch']) },
      { text: 'Too short. Only three sentences. Really.' },
    ]);
    const res = await runCli(['--json', 'validate', 'embedder', '--embedder', 'tfidf', '--input', f]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout) as { card: { task: string; labels: string[]; confusion: number[][]; accuracy: number; figures: Record<string, number> } };
    expect(out.card.task).toBe('embedder');
    expect(out.card.labels).toEqual(['beginning', 'middle', 'end']);
    expect(out.card.confusion).toEqual([
      [2, 0, 0],
      [0, 2, 0],
      [0, 0, 2],
    ]);
    expect(out.card.figures.tooShort).toBe(1);
  });

  it('says so when no document is long enough', async () => {
    const f = file('short.jsonl', [{ text: 'One. Two. Three.' }]);
    const res = await runCli(['validate', 'embedder', '--input', f]);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('no document has the 9 sentences the test needs');
  });
});
