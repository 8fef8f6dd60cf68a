/**
 * Local-Explanation Guard (Table A5): every 5 steps the model explains its choice in a side
 * generation; a rule-based detector of "ignoring middle" / "flipping sentiment" rejects the token,
 * which is resampled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detector, explanationGuard, guardController, guardOptions, type GuardNote } from '../../../src/mitigations/decode/explanation-guard.js';
import { context, SOURCE } from '../../helpers/summary-task.js';
import { loadTinyModel, type LoadedTiny } from '../../helpers/tiny-gguf-model.js';

let t: LoadedTiny;
beforeAll(async () => {
  t = await loadTinyModel();
});
afterAll(async () => t?.dispose());

const ask = [{ role: 'user' as const, content: `Summarize: ${SOURCE}` }];

describe('the rule-based detector', () => {
  const detect = detector(guardOptions.parse({}).rules);
  it.each([
    ['I chose it because I am ignoring the middle of the review.', 'ignoring-middle'],
    ['The middle part was left out since it is unimportant.', 'ignoring-middle'],
    ['I focus only on the beginning of the text.', 'ignoring-middle'],
    ['This flips the sentiment of the original review.', 'flipping-sentiment'],
    ['It makes the summary more negative than the source.', 'flipping-sentiment'],
    ['I add a negative spin here.', 'flipping-sentiment'],
  ])('fires on %j', (text, rule) => expect(detect(text)).toBe(rule));
  it.each([
    'The word continues the summary of the product review.',
    'I am not ignoring the middle of the text.',
    'It keeps the sentiment of the source.',
    'I did not change the sentiment.',
  ])('stays quiet on %j', (text) => expect(detect(text)).toBeUndefined());
});

describe('explanation guard on the tiny GGUF', () => {
  it('checks every 5th token; when the detector fires, the explained candidate is rejected and another token taken', async () => {
    // a rule that fires on every explanation, and one that never does
    const always = guardOptions.parse({ rules: { ignoringMiddle: ['^'], flippingSentiment: [], negation: '(?!)' } });
    const never = guardOptions.parse({ rules: { ignoringMiddle: [], flippingSentiment: [], negation: '(?!)' }, maxExplanationTokens: 8 });
    const sampling = { temperature: 1, seed: 6 };
    const rejecting = await t.model.stepwise({ messages: ask, maxTokens: 15, seed: 6, controller: guardController(ask, { ...always, maxExplanationTokens: 8 }, sampling) });
    const passing = await t.model.stepwise({ messages: ask, maxTokens: 15, seed: 6, controller: guardController(ask, never, sampling) });
    for (const r of [rejecting, passing]) {
      expect(r.steps).toHaveLength(15);
      expect(r.steps.filter((s) => s.note !== undefined).map((s) => s.step)).toEqual([4, 9, 14]);
      expect(r.usage.sideCalls).toBe(3);
      expect(r.usage.sideInputTokens).toBeGreaterThan(3 * r.usage.inputTokens);
    }
    for (const s of rejecting.steps.filter((x) => x.note !== undefined)) {
      const n = s.note as GuardNote;
      expect(n.rule).toBe('ignoring-middle');
      expect(s.token).not.toBe(n.candidate);
    }
    for (const s of passing.steps.filter((x) => x.note !== undefined)) {
      const n = s.note as GuardNote;
      expect(n.rule).toBeNull();
      expect(s.token).toBe(n.candidate);
      expect(typeof n.explanation).toBe('string');
    }
    // side generations do not disturb the answer's context: the steps before the first check agree
    expect(rejecting.tokens.slice(0, 4)).toEqual(passing.tokens.slice(0, 4));
  });

  it('runs as a mitigation and reports checks, rejections and side calls as cost', async () => {
    const r = await explanationGuard.run(context(t.model, guardOptions.parse({ maxExplanationTokens: 6 }), { temperature: 0.8, maxTokens: 10, seed: 2 }));
    expect(r.steps.find((s) => s.name === 'explanation checks')?.data).toMatchObject({ checks: 2 });
    expect(r.calls).toBe(3);
  });
});
