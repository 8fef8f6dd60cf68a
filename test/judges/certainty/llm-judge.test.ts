import { describe, it, expect } from 'vitest';
import { LlmCertaintyJudge } from '../../../src/judges/certainty/llm-judge.js';
import { CERTAINTY_JUDGE_SYSTEM_PROMPT } from '../../../src/judges/certainty/prompt.js';
import { fakeModel, pairOf, tag } from './fake-model.js';

const ORIG = 'These results suggest that X may reduce Y.';
const MOD = 'X reduces Y.';

describe('LlmCertaintyJudge', () => {
  it('asks both orders with Figure 24 at T = 0 and remaps to canonical labels', async () => {
    // A position-unbiased judge: the hedge-free text is clearly more certain.
    const m = fakeModel('judge', (req) => {
      const { a } = pairOf(req);
      return tag('reasoning', a === MOD ? 'Clearly A' : 'Clearly B');
    });
    const j = await new LlmCertaintyJudge(m).compare(ORIG, MOD);
    expect(j.label).toBe(2); // Clearly Modified: inflation
    expect(j.calls.map((c) => [c.presentation, c.score, c.canonical])).toEqual([
      ['original-first', 2, 2],
      ['modified-first', -2, 2],
    ]);
    expect(m.requests).toHaveLength(2);
    expect(m.requests[0]!.messages[0]!.content).toBe(CERTAINTY_JUDGE_SYSTEM_PROMPT);
    expect(pairOf(m.requests[0]!)).toEqual({ a: ORIG, b: MOD });
    expect(pairOf(m.requests[1]!)).toEqual({ a: MOD, b: ORIG });
    expect(m.requests[0]!.params?.temperature).toBe(0);
    expect(m.requests[0]!.params?.jsonSchema).toBeUndefined();
  });

  it('takes the weaker label when the orders agree in direction only', async () => {
    const m = fakeModel('judge', (req) => (pairOf(req).a === ORIG ? tag('r', 'Clearly B') : tag('r', 'Slightly A')));
    expect((await new LlmCertaintyJudge(m).compare(ORIG, MOD)).label).toBe(1);
  });

  it('flags a position-biased judge as inconsistent and never counts it as a tie', async () => {
    const m = fakeModel('judge', () => tag('A looks stronger', 'Slightly A'));
    const j = await new LlmCertaintyJudge(m).compare(ORIG, MOD);
    expect(j.label).toBe('inconsistent');
    expect(j.moderator).toBeUndefined();
  });

  it('sends repeated votes (App. D.2 pass 2) as distinct requests: a seed per vote after the first', async () => {
    const m = fakeModel('judge', () => tag('r', 'Clearly A'));
    const j = new LlmCertaintyJudge(m);
    for (const sample of [0, 1, 2]) await j.judgeOrdered(ORIG, MOD, { temperature: 0.7, sample });
    expect(m.requests.map((r) => r.params?.seed)).toEqual([undefined, 1, 2]);
  });

  it('reports unreadable answers as invalid', async () => {
    const m = fakeModel('judge', () => 'I cannot decide.');
    expect((await new LlmCertaintyJudge(m).compare(ORIG, MOD)).label).toBe('invalid');
  });

  it('uses structured output when the model supports a JSON schema', async () => {
    const m = fakeModel('judge', () => '{"explanation":"same","final_answer":"No clear difference"}', { jsonSchema: true });
    const j = await new LlmCertaintyJudge(m).compare(ORIG, MOD);
    expect(j.label).toBe(0);
    expect(m.requests[0]!.params?.jsonSchema?.name).toBe('certainty_comparison');
  });

  it('sends inconsistent items to the moderator in both orders with relabelled reasoning', async () => {
    const judge = fakeModel('judge', () => tag('Text A hedges less than Text B.', 'Slightly A'));
    const mod = fakeModel('mod', (req) => (pairOf(req).a === ORIG ? tag('m', 'No clear difference') : tag('m', 'No clear difference')));
    const j = await new LlmCertaintyJudge(judge, { moderator: mod }).compare(ORIG, MOD);
    expect(j.judgeLabel).toBe('inconsistent');
    expect(j.moderator?.label).toBe(0);
    expect(j.label).toBe(0);
    expect(mod.requests).toHaveLength(2);
    const user0 = mod.requests[0]!.messages[1]!.content;
    // Presentation 1 (original first): analysis 1 is from the same order, analysis 2 is swapped.
    expect(user0).toContain('Analysis 1:\nText A hedges less than Text B.');
    expect(user0).toContain('Analysis 2:\nText B hedges less than Text A.');
    const user1 = mod.requests[1]!.messages[1]!.content;
    expect(user1).toContain('Analysis 1:\nText B hedges less than Text A.');
    expect(user1).toContain('Analysis 2:\nText A hedges less than Text B.');
    expect(pairOf(mod.requests[1]!)).toEqual({ a: MOD, b: ORIG });
  });

  it('keeps an item inconsistent when the moderator is position-biased too', async () => {
    const judge = fakeModel('judge', () => tag('r', 'Clearly A'));
    const mod = fakeModel('mod', () => tag('m', 'Clearly B'));
    const j = await new LlmCertaintyJudge(judge, { moderator: mod }).compare(ORIG, MOD);
    expect(j.moderator?.label).toBe('inconsistent');
    expect(j.label).toBe('inconsistent');
  });
});
