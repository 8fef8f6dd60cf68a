import { describe, expect, it } from 'vitest';
import { dryModel, firstWords } from '../../../src/pipeline/cost-plan/dry-model.js';
import { functionModel } from '../../../src/models/function-model.js';

describe('firstWords (the dry answer of a summary request)', () => {
  it('takes the first n runs of non-space, joined by one space, whatever spaces were between them', () => {
    expect(firstWords('  One\ttwo\n\nthree\u00a0four  five ', 3)).toBe('One two three');
    expect(firstWords('One\u2003two\u3000three', 5)).toBe('One two three');
  });

  it('gives every word of a shorter text, and nothing for an empty or blank one', () => {
    expect(firstWords('a b', 40)).toBe('a b');
    expect(firstWords('', 40)).toBe('');
    expect(firstWords(' \n\t ', 40)).toBe('');
  });

  it('is what splitting the whole text gives, on a long text', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `w${i}${i % 7 === 0 ? '\n' : ' '}`).join('');
    expect(firstWords(text, 40)).toBe(text.split(/\s+/).filter(Boolean).slice(0, 40).join(' '));
    expect(firstWords(text, 12).split(' ')).toHaveLength(12);
  });
});

describe('dryModel with turns (a plan made while a run sends requests)', () => {
  const never = functionModel(() => Promise.reject(new Error('a dry model calls nothing')));
  const req = { messages: [{ role: 'user' as const, content: 'Summarize the text. One two three four.' }], params: { maxTokens: 16 } };

  it('answers after a turn of the event loop, not in the same turn, with the answer it gives at once', async () => {
    const now = await dryModel(never, { reask: false }).generate(req);
    let answer: unknown;
    const later = dryModel(never, { reask: false, turns: true }).generate(req);
    void later.then((a) => (answer = a));
    // every promise callback of this turn has run: the answer has not come
    await new Promise((resolve) => queueMicrotask(() => resolve(undefined)));
    await Promise.resolve();
    expect(answer).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(answer).toEqual(now);
    expect(now.text).toMatch(/^FINAL_SUMMARY: Summarize the text\. One two three four\. \([0-9a-f]{8}\)$/);
  });

  it('answers one request per turn, in the order asked, however many wait', async () => {
    const model = dryModel(never, { reask: false, turns: true });
    const order: number[] = [];
    const all = [0, 1, 2].map((i) => model.generate({ ...req, messages: [{ role: 'user', content: `Summarize the text. Record ${i}.` }] }).then(() => order.push(i)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([0]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([0, 1]);
    await Promise.all(all);
    expect(order).toEqual([0, 1, 2]);
  });
});
